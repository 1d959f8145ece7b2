//! What `check` finds: a list of located problems, each with a severity.

use serde::Serialize;

/// How serious a [`Problem`] is; severities order from least to most serious.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing, not wrong (a placeholder CRC).
    Note,
    /// Tolerated deviation from the format.
    Warning,
    /// The file breaks its format.
    Error,
}

/// One thing `check` found, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Problem {
    /// How serious it is.
    pub severity: Severity,
    /// Where in the structure, such as `GBIN/IMAG/entry[3]`.
    pub path: String,
    /// Absolute byte offset in the file, when the problem lies at one.
    pub offset: Option<u64>,
    /// What is wrong, in words.
    pub message: String,
}

impl Severity {
    /// The word a problem line starts with.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl Problem {
    /// A problem of any severity; `offset` when it lies at a byte of the file.
    pub fn new(
        severity: Severity,
        path: impl Into<String>,
        offset: Option<u64>,
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            severity,
            path: path.into(),
            offset,
            message: message.into(),
        }
    }

    /// The file breaks its format at `offset`.
    pub fn error(path: impl Into<String>, offset: u64, message: impl Into<String>) -> Problem {
        Problem::new(Severity::Error, path, Some(offset), message)
    }

    /// A tolerated deviation at `offset`.
    pub fn warning(path: impl Into<String>, offset: u64, message: impl Into<String>) -> Problem {
        Problem::new(Severity::Warning, path, Some(offset), message)
    }

    /// Something worth knowing at `offset`.
    pub fn note(path: impl Into<String>, offset: u64, message: impl Into<String>) -> Problem {
        Problem::new(Severity::Note, path, Some(offset), message)
    }

    /// A read error as a problem of the file: where it was found and why.
    pub fn of(e: &crate::Error) -> Problem {
        Problem::new(
            Severity::Error,
            e.path.clone(),
            e.offset,
            e.kind.to_string(),
        )
    }

    /// The problem without its severity: `path: message at 0x...`.
    pub fn located(&self) -> String {
        match self.offset {
            Some(o) => format!("{}: {} at {o:#x}", self.path, self.message),
            None => format!("{}: {}", self.path, self.message),
        }
    }

    /// What problems that differ only in numbers share: the path with every index
    /// and the message with every number written `…`, so a problem repeated over
    /// thousands of entries can be counted as one kind.
    pub fn shape(&self) -> String {
        format!(
            "{}: {}",
            numbers_elided(&self.path),
            numbers_elided(&self.message)
        )
    }
}

/// `text` with every run of digits (and a `0x` before one) replaced by `…`.
fn numbers_elided(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let number = rest
            .strip_prefix("0x")
            .filter(|r| r.starts_with(|c: char| c.is_ascii_hexdigit()))
            .map(|r| r.trim_start_matches(|c: char| c.is_ascii_hexdigit()))
            .or_else(|| {
                c.is_ascii_digit()
                    .then(|| rest.trim_start_matches(|c: char| c.is_ascii_digit()))
            });
        match number {
            Some(after) => {
                out.push('…');
                rest = after;
            }
            None => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.severity.name(), self.located())
    }
}

/// The findings of a strict validation pass.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Report {
    /// Every problem found, in the order found.
    pub problems: Vec<Problem>,
}

impl Report {
    /// Adds a problem of any severity.
    pub fn push(
        &mut self,
        severity: Severity,
        path: impl Into<String>,
        offset: Option<u64>,
        message: impl Into<String>,
    ) {
        self.problems
            .push(Problem::new(severity, path, offset, message));
    }

    /// Adds an error: the file breaks its format at `offset`.
    pub fn error(&mut self, path: impl Into<String>, offset: u64, message: impl Into<String>) {
        self.problems.push(Problem::error(path, offset, message));
    }

    /// Adds a warning: a tolerated deviation at `offset`.
    pub fn warn(&mut self, path: impl Into<String>, offset: u64, message: impl Into<String>) {
        self.problems.push(Problem::warning(path, offset, message));
    }

    /// Adds a note: something worth knowing at `offset`.
    pub fn note(&mut self, path: impl Into<String>, offset: u64, message: impl Into<String>) {
        self.problems.push(Problem::note(path, offset, message));
    }

    /// Records a parse error as a problem.
    pub fn from_error(e: &crate::Error) -> Report {
        Report {
            problems: vec![Problem::of(e)],
        }
    }

    /// Every problem, a line each.
    pub fn lines(&self) -> String {
        self.problems
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Whether no problem is an error (warnings and notes may remain).
    pub fn is_clean(&self) -> bool {
        !self.problems.iter().any(|p| p.severity == Severity::Error)
    }

    /// How many problems are of `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.problems
            .iter()
            .filter(|p| p.severity == severity)
            .count()
    }
}

/// What could be read of a damaged file, and the problems that kept the rest from
/// being read: what `info` and `list` give, so that one bad entry does not hide the
/// others.
#[derive(Debug, Clone, Default)]
pub struct Partial<T> {
    /// What could be read.
    pub value: T,
    /// The problems met reading it: an error among them means something was left out.
    pub problems: Vec<Problem>,
}

impl<T> Partial<T> {
    /// A value read whole.
    pub fn whole(value: T) -> Partial<T> {
        Partial {
            value,
            problems: Vec::new(),
        }
    }

    /// The value made from what was read, with the same problems.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Partial<U> {
        Partial {
            value: f(self.value),
            problems: self.problems,
        }
    }

    /// Whether everything could be read: no problem is an error.
    pub fn is_whole(&self) -> bool {
        !self.problems.iter().any(|p| p.severity == Severity::Error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_differing_in_numbers_share_a_shape() {
        let mut r = Report::default();
        r.error("FORM/STRG/string[12]", 0x40, "not in order after 11");
        r.error("FORM/STRG/string[3]", 0x1a2b, "not in order after 2");
        let [a, b] = [&r.problems[0], &r.problems[1]];
        assert_eq!(a.shape(), "FORM/STRG/string[…]: not in order after …");
        assert_eq!(a.shape(), b.shape());
        assert_eq!(
            a.to_string(),
            "error: FORM/STRG/string[12]: not in order after 11 at 0x40"
        );
        assert_eq!(numbers_elided("chunk 0x1F at a0"), "chunk … at a…");
    }
}
