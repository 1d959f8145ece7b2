//! What `check` finds: a list of located problems, each with a severity.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing, not wrong (a placeholder CRC).
    Note,
    /// Tolerated deviation from the format.
    Warning,
    /// The file breaks its format.
    Error,
}

#[derive(Debug, Clone, Serialize)]
pub struct Problem {
    pub severity: Severity,
    pub path: String,
    pub offset: Option<u64>,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sev = match self.severity {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        write!(f, "{sev}: {}: {}", self.path, self.message)?;
        if let Some(o) = self.offset {
            write!(f, " at {o:#x}")?;
        }
        Ok(())
    }
}

/// The findings of a strict validation pass.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Report {
    pub problems: Vec<Problem>,
}

impl Report {
    pub fn push(
        &mut self,
        severity: Severity,
        path: impl Into<String>,
        offset: Option<u64>,
        message: impl Into<String>,
    ) {
        self.problems.push(Problem {
            severity,
            path: path.into(),
            offset,
            message: message.into(),
        });
    }

    pub fn error(&mut self, path: impl Into<String>, offset: u64, message: impl Into<String>) {
        self.push(Severity::Error, path, Some(offset), message);
    }

    pub fn warn(&mut self, path: impl Into<String>, offset: u64, message: impl Into<String>) {
        self.push(Severity::Warning, path, Some(offset), message);
    }

    pub fn note(&mut self, path: impl Into<String>, offset: u64, message: impl Into<String>) {
        self.push(Severity::Note, path, Some(offset), message);
    }

    /// Records a parse error as a problem.
    pub fn from_error(e: &crate::Error) -> Report {
        let mut r = Report::default();
        r.push(
            Severity::Error,
            e.path.clone(),
            e.offset,
            e.kind.to_string(),
        );
        r
    }

    /// Every problem, a line each.
    pub fn lines(&self) -> String {
        self.problems
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub fn is_clean(&self) -> bool {
        !self.problems.iter().any(|p| p.severity == Severity::Error)
    }

    pub fn count(&self, severity: Severity) -> usize {
        self.problems
            .iter()
            .filter(|p| p.severity == severity)
            .count()
    }
}
