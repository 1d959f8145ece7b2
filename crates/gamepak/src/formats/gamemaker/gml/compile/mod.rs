//! The compiler: GML trees ([`crate::formats::gamemaker::gml::language::ast`]) to GameMaker's bytecode, written as
//! the disassembly's text so that the assembler and pack's code edits (which
//! keep VARI, FUNC and STRG in step) take it from there.
//!
//! It is the decompiler read backwards. Every choice GameMaker's own compiler
//! makes where GML allows more than one encoding is made the same way, by the
//! release the game is from ([`Target`]); docs/gml-bytecode.md lists them.
//!
//! - [`env`]: what the game holds (resources, its own scripts and functions,
//!   FUNC's and VARI's names, macros, enums), to resolve names; `evidence`: the
//!   choices the game's own code settles where its release range cannot, and the
//!   owner ids of its array writes.
//! - [`emit`]: instructions and labels.
//! - `expr`, `store`, `stmt`: expressions, the places values are stored, and
//!   statements with their control flow; `functions`: declarations, struct
//!   literals, statics and method calls; `owners`: copy-on-write array owners;
//!   `fold`: the constants GameMaker works out itself.
//! - [`identity`]: a game's code decompiled and compiled again, against
//!   GameMaker's own instructions.
//!
//! Our decisions, where GameMaker leaves a choice to us:
//! - A function declared in an entry the game has keeps the entry name the game
//!   gave it, in order; a new one gets a name made as GameMaker makes them
//!   (`gml_Script_NAME@ENTRY`), with a counter where GameMaker uses the source
//!   offset.
//! - An array write GameMaker never compiled names an owner id made from the
//!   function and the array's name: the runner only compares ids.
//! - A call of a name that is no function, no variable and no local is an error
//!   naming the nearest function, not a new FUNC entry.
//! - Every error names where its statement starts (the parser's
//!   [`Places`](crate::formats::gamemaker::gml::language::places::Places)) and points at its name there: a
//!   built-in called with a number of arguments its table refuses, a store to
//!   a read-only built-in (not a struct's, a constructor's or inside `with`,
//!   where the name may be a struct's own), `break` outside a loop, syntax the
//!   release lacks (`syntax`). A name read that nothing in the game or the
//!   pack sets, a keystroke or two from a known one, is a warning
//!   ([`Compiled::unknown_reads`]); names under four letters never are, having
//!   too many neighbours.

mod compiler;
pub mod emit;
pub mod env;

pub(super) mod evidence;
mod expressions;
mod fold;
mod functions;
pub mod identity;
mod ins;
mod owners;
mod statements;
mod store;
mod syntax;
pub mod target;

pub use compiler::{compile, CompileError, Compiled, FunctionEntry, Source};
pub use env::Env;
pub use target::Target;

use compiler::{declared_locals, Exits, Gen, Leaving};
