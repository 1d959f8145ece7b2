//! A problem at a place in a source file, shown as compilers show theirs.

use serde::Serialize;

use crate::caret;

/// A problem at a place in a source file: `file:line:column: what`, with the
/// line it is on, to show with a caret under the column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The place and what is wrong there (`code/x.gml:2:15: ...`).
    pub message: String,
    /// The text of the line, where the place is known.
    pub line: Option<String>,
    /// The column the caret goes under, in characters from 1.
    pub column: usize,
}

impl Diagnostic {
    /// The caret line: `^` under the column, tabs kept so that it lines up.
    pub fn caret(&self) -> Option<String> {
        let line = self.line.as_ref()?;
        Some(caret::under(line, self.column))
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        if let (Some(line), Some(caret)) = (&self.line, self.caret()) {
            write!(f, "\n{line}\n{caret}")?;
        }
        Ok(())
    }
}
