//! A token: what was read, and where it starts.

use crate::formats::gamemaker::gml::language::ast::{Accessor, AssignOp};

/// Where a token starts: its byte offset, and its line and column, both counted
/// from 1 (the column in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    /// Byte offset in the text.
    pub offset: usize,
    /// Line, from 1.
    pub line: u32,
    /// Column in characters, from 1.
    pub column: u32,
}

/// A token and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// What it is.
    pub kind: Tok,
    /// Where it starts.
    pub at: Pos,
    /// The byte offset just past it.
    pub end: usize,
}

/// A piece of a template string as lexed.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// Text, escapes resolved.
    Text(String),
    /// The tokens between `{` and `}`, ending with [`Tok::End`] at the `}`.
    Code(Vec<Token>),
}

/// The kinds of token.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// A name or a keyword other than the word operators.
    Name(String),
    /// An integer literal, unsigned (a minus is an operator); `decimal` is false for
    /// hex and binary, whose 64 bits may wrap to a negative value.
    Int {
        /// Its value.
        value: u64,
        /// Written in decimal.
        decimal: bool,
    },
    /// A literal with a point.
    Real(f64),
    /// A string literal's value.
    Str(String),
    /// `$"..."`, in pieces.
    Template(Vec<Piece>),
    /// A `#macro` line (with its continuation lines).
    Macro {
        /// `config:` before the name.
        config: Option<String>,
        /// The macro's name.
        name: String,
        /// Its body as written, trimmed.
        body: String,
    },
    /// `#define name`: a GameMaker 8 / Studio 1 script file starting its next
    /// script.
    Define(String),
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `{` or `begin`
    LBrace,
    /// `}` or `end`
    RBrace,
    /// `[`
    LBracket,
    /// `[@`, `[|`, `[?`, `[#`, `[$`.
    Accessor(Accessor),
    /// `]`
    RBracket,
    /// `,`
    Comma,
    /// `;`
    Semi,
    /// `:`
    Colon,
    /// `.`
    Dot,
    /// `?`
    Question,
    /// `??`
    Nullish,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `%` or `mod`
    Percent,
    /// `div`
    IntDiv,
    /// `&`
    Amp,
    /// `|`
    Pipe,
    /// `^`
    Caret,
    /// `~`
    Tilde,
    /// `!` or `not`
    Bang,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    EqEq,
    /// `!=` or `<>`
    Ne,
    /// `=`: an assignment in a statement, a comparison in an expression.
    Assign,
    /// `:=`
    ColonAssign,
    /// `+=`, `-=`, ... `??=`.
    Compound(AssignOp),
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `&&` or `and`
    AndAnd,
    /// `||` or `or`
    OrOr,
    /// `^^` or `xor`
    XorXor,
    /// `++`
    PlusPlus,
    /// `--`
    MinusMinus,
    /// The end of the text (or of a template's `{...}`).
    End,
}
