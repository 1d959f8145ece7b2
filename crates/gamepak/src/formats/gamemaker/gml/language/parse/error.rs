//! Why some text is not GML, and where; and the marker a failed step returns.

use std::fmt;

use crate::formats::gamemaker::gml::language::lex::Pos;

/// Why some text is not GML, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The line, from 1.
    pub line: u32,
    /// The column in characters, from 1.
    pub column: u32,
    /// The byte offset in the text.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
    /// The text of the line it is on, to show it.
    pub source_line: String,
}

impl ParseError {
    /// An error at `at` in `src`.
    pub fn new(src: &str, at: Pos, message: impl Into<String>) -> ParseError {
        let offset = at.offset.min(src.len());
        let start = src[..offset].rfind('\n').map_or(0, |n| n + 1);
        let end = src[offset..].find('\n').map_or(src.len(), |n| offset + n);
        ParseError {
            line: at.line,
            column: at.column,
            offset,
            message: message.into(),
            source_line: src[start..end].trim_end_matches('\r').to_string(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}:{}: {}", self.line, self.column, self.message)?;
        writeln!(f, "{}", self.source_line)?;
        let caret = crate::caret::under(&self.source_line, self.column as usize);
        write!(f, "{caret}")
    }
}

impl std::error::Error for ParseError {}

/// A parse that failed, its error kept in the parser (or the lexer). A marker rather than
/// the error itself: carried by every `?` of a recursive descent, a large error
/// would swell each level's stack frame in an unoptimised build.
pub(crate) struct Failed;
