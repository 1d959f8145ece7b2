//! GML text as the tree, by recursive descent over [`lex`](crate::formats::gamemaker::gml::language::lex)'s tokens.
//!
//! What the parser accepts beyond the printer's layout, and why:
//!
//! - Semicolons may be left out, and bodies may be single statements without
//!   braces; `if` and `while` conditions need no parentheses, and `then` may follow
//!   an `if`'s condition, as GameMaker has always allowed.
//! - In an expression a single `=` compares, as in GameMaker 8 and Studio 1
//!   (`if (a = b)`); only a statement assigns. Directly in an assignment's value
//!   (outside any brackets) a second `=` is refused, since `a = b = c` reads as a
//!   chained assignment that GML does not have.
//! - Any expression may stand as a statement, not only calls, `new` and `++`/`--`:
//!   the decompiler emits what the bytecode holds, and GameMaker itself accepts
//!   (and drops) a bare value. So `a + 1;` parses, as [`Stmt::Expr`](crate::formats::gamemaker::gml::language::ast::Stmt::Expr).
//! - A `#define name` line (a GameMaker 8 / Studio 1 script file holding several
//!   scripts) starts the script `name`, which is read as a function of that name
//!   with no parameters: its code runs to the next `#define`. Studio 2.3 imports such
//!   scripts as functions too.
//! - A minus before a number literal folds into a negative literal, through
//!   parentheses too (`-(1)` is the literal -1), so that the tree never holds a
//!   negation of a literal the printer would write as a negative literal. The
//!   negation of a negative literal stays a negation (`-(-1)`).
//! - `new a.b(x)` constructs `a.b` with `x`; calls after it apply to the new
//!   value, as in JavaScript.
//!
//! No input runs the stack out: the tree may be [`MAX_DEPTH`] levels deep, and
//! the parser's recursion (which parentheses deepen without deepening the tree)
//! is bounded too. No input takes more than linear time: nothing is read twice.

mod error;
mod expr;
mod literal;
mod parser;
mod stmt;

pub(crate) use error::Failed;
pub use error::ParseError;
pub use parser::{parse, parse_expr, parse_placed, parse_with, MAX_DEPTH};
use parser::{Parser, Result};
