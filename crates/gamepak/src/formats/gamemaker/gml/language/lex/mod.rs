//! GML text as tokens, each with where it starts.
//!
//! Comments, `#region` and `#endregion` lines are dropped here; `#macro` and
//! `#define` lines become one token each, because their bodies are not tokens. The
//! word forms of operators (`and`, `or`, `xor`, `not`, `div`, `mod`) and of braces
//! (`begin`, `end`) come out as the operator or brace they stand for, so the parser
//! sees one spelling; a token's offsets still reach its text for error messages.
//!
//! A template string's `{expr}` pieces are lexed in place, as tokens of their own
//! that the parser reads like any expression.

mod directive;
mod lexer;
mod number;
mod text;
mod token;

pub use lexer::lex;
use lexer::{is_name_char, is_name_start, Lexer};
pub use token::{Piece, Pos, Tok, Token};
