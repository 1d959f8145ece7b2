//! GML, GameMaker's language: its tree, its text, the decompiler that reads it
//! back from bytecode, and the compiler ([`compile`]) that writes it as GameMaker's
//! bytecode again.
//!
//! The language: [`ast`](language::ast) is the tree that every stage shares, [`print`](language::print) writes it
//! as text in one stable layout, and [`parse`](language::parse) reads text back into it (through
//! [`lex`](language::lex)'s tokens). [`builtins`](language::builtins) knows GameMaker's own functions, constants and
//! variables: which parameters take assets or constants, and what the constants
//! are worth.
//!
//! The decompiler, stage by stage; each stage reads the one before it, never the
//! raw bytes:
//!
//! 1. [`instruction`](crate::formats::gamemaker::bytecode::instruction): a blob's instructions, typed (opcode, operand types, and an
//!    operand that names its variable, function, string or branch target), from the
//!    same word decoding the disassembler uses.
//! 2. [`blocks`](decompile::blocks): basic blocks and the edges between them. Blocks are found from
//!    branch targets and the instructions that end a block, never from the order
//!    blocks happen to be laid out in.
//! 3. [`fragments`](decompile::fragments): the blocks of each code entry, one function each: a 2.3
//!    script's blob also holds the bodies of the functions it declares.
//! 4. [`graph`](decompile::graph): a fragment's edges both ways and its dominators.
//! 5. [`sim`](decompile::sim): each block's instructions run on a stack of expressions.
//! 6. [`walk`](decompile::walk): the structuring walk, from branches to statements.
//! 7. The passes that make it read as written (struct literals, function
//!    declarations, `var`, names for typed numbers), then [`print`](language::print). Once every
//!    entry is read, the arguments of calls to the game's own scripts are named
//!    by what the scripts' bodies do with their parameters.
//!
//! Our decisions, where GameMaker's bytecode allows more than one reading:
//! - `x op= y` is printed where GameMaker read the target for it (a plain push of
//!   a local, global or built-in, or `dup` for an element), `x++` where it pushed
//!   `push.e 1`; otherwise `x = x op y`.
//! - An `if` whose arm never comes back ends there, with no `else`, unless
//!   GameMaker's dead jump over an `else` says there was one.
//! - A counting `while` (set, test, step last, no `continue`) is printed as `for`.
//! - A local first read before it is set is declared at the top (`var x;`),
//!   otherwise where it is first set; a local named like a keyword gets a `_`.
//! - Numbers are names where the code types them: a built-in's asset, constant or
//!   boolean parameter, a built-in variable that holds one, a `with` target, a
//!   letter key as `ord("A")`, and the game's own variables and script parameters
//!   the code passes on to such a parameter. Typed references (2023 on) are read
//!   by the numbering of the file's release, which changed in 2024.4.
//! - `argumentN` stands for parameters: GameMaker keeps no parameter names.
//! - `a[@ i]` is printed only where every plain write names its array's owner
//!   (2.3 to 2.3.6, see [`array_writes`](decompile::array_writes)); later releases skip repeated owners, so a
//!   write naming none is not surely `[@ ]` there.
//! - A `break` written after a case's `return` is kept: GameMaker compiles it.
//! - A 64-bit integer small enough for 32 bits is an enum's member (GameMaker
//!   pushes no other that way); the enum is gone, so `UnknownEnum.Value_N` names
//!   it, declared at the top of the code (see [`unknown_enum`](decompile::unknown_enum)).
//! - Anything the walk cannot place is an error with its offset: no code is left
//!   out and no internal name (`@@…@@`, `$$$$temp$$$$`) is printed.

pub mod compile;
pub mod decompile;
pub mod language;
pub mod sweep;

#[cfg(test)]
mod tests;
