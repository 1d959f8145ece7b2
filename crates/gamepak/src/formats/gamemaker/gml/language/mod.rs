//! GML the language, apart from any game: its tree, the lexer and parser that read
//! text into it, the printer that writes it in one layout, where each statement of
//! a text starts, walks over the tree, its size measured without recursion, and
//! the built-in functions, constants and variables with their types.

pub mod ast;
pub mod builtins;
pub mod lex;
pub mod parse;
pub mod places;
pub mod print;
pub(crate) mod tree_bounds;
pub(crate) mod visit;
