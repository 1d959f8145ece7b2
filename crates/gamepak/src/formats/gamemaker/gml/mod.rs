//! GML, GameMaker's language: its tree, its text, and the decompiler that reads it
//! back from bytecode.
//!
//! The language: [`ast`] is the tree that every stage shares, [`print`] writes it
//! as text in one stable layout, and [`parse`] reads text back into it (through
//! [`lex`]'s tokens). [`builtins`] knows GameMaker's own functions, constants and
//! variables: which parameters take assets or constants, and what the constants
//! are worth.
//!
//! The decompiler, stage by stage; each stage reads the one before it, never the
//! raw bytes:
//!
//! 1. [`instr`]: a blob's instructions, typed (opcode, operand types, and an
//!    operand that names its variable, function, string or branch target), from the
//!    same word decoding the disassembler uses.
//! 2. [`blocks`]: basic blocks and the edges between them. Blocks are found from
//!    branch targets and the instructions that end a block, never from the order
//!    blocks happen to be laid out in.
//! 3. [`fragments`]: the blocks of each code entry, one function each: a 2.3
//!    script's blob also holds the bodies of the functions it declares.

pub mod assembly;
pub mod ast;
pub mod blocks;
pub mod builtins;
pub mod context;
pub mod decompile;
pub mod fragments;
pub mod graph;
pub mod instr;
pub mod lex;
pub mod parse;
pub mod print;
pub mod sim;
pub mod source;
mod tidy;
mod typed;
pub(crate) mod visit;
pub mod walk;

#[cfg(test)]
mod tests;
