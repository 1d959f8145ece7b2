//! One error type for every format: where it happened (absolute byte offset and a
//! path into the structure) and what went wrong.

use std::fmt;

/// What went wrong, without the location.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A read wanted more bytes than the container holds.
    #[error("{what} runs past end of {container}: needs {needed} bytes, {available} left")]
    Truncated {
        /// What was being read: a field, record or blob.
        what: String,
        /// The structure it runs past the end of (`input` for the whole file).
        container: String,
        /// Bytes the read needed.
        needed: u64,
        /// Bytes the container had left.
        available: u64,
    },
    /// Magic bytes or a signature did not match.
    #[error("bad magic: expected {expected}, found {found}")]
    BadMagic {
        /// What the format allows there, such as `FORM or MROF`.
        expected: String,
        /// What the file holds there: its text, or hex digits when not printable.
        found: String,
    },
    /// A field holds a value the format does not allow.
    #[error("{0}")]
    Invalid(String),
    /// A length, count or decompressed size went over a configured limit.
    #[error("limit exceeded: {0}")]
    Limit(String),
    /// The feature exists in the format but this build cannot handle it.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The request cannot be carried out as asked: an option, an output path, or a
    /// folder that may not be replaced without being told to.
    #[error("{0}")]
    Usage(String),
    /// An operating-system I/O failure.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// An error with the place it was found.
#[derive(Debug)]
#[non_exhaustive]
pub struct Error {
    /// Absolute byte offset in the input, when the error concerns the input's bytes.
    pub offset: Option<u64>,
    /// Path into the structure, such as `GBIN/IMAG/entry[3]`, or a file path for I/O.
    pub path: String,
    /// What went wrong.
    pub kind: ErrorKind,
}

/// A result whose error is gamepak's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An error of any kind at `path`; `offset` when it concerns a byte of the input.
    pub fn new(path: impl Into<String>, offset: Option<u64>, kind: ErrorKind) -> Self {
        Error {
            offset,
            path: path.into(),
            kind,
        }
    }

    /// An error about a value in the input at `offset`.
    pub fn invalid(path: impl Into<String>, offset: u64, msg: impl Into<String>) -> Self {
        Self::new(path, Some(offset), ErrorKind::Invalid(msg.into()))
    }

    /// An error about something that is not at a byte offset (a script line, a folder).
    pub fn at(path: impl Into<String>, msg: impl Into<String>) -> Self {
        Self::new(path, None, ErrorKind::Invalid(msg.into()))
    }

    /// A request that cannot be carried out as asked (see [`ErrorKind::Usage`]).
    pub fn usage(path: impl Into<String>, msg: impl Into<String>) -> Self {
        Self::new(path, None, ErrorKind::Usage(msg.into()))
    }

    /// One error standing for `errors`, each on its own line: a request fault when
    /// any is one (a file that cannot be read at all stops the rest), else the
    /// problems found. `None` when there are none.
    pub fn all(errors: Vec<Error>) -> Option<Self> {
        if errors.len() <= 1 {
            return errors.into_iter().next();
        }
        let lines: Vec<String> = errors.iter().map(Error::to_string).collect();
        let kind = match errors.iter().find(|e| e.is_request_fault()) {
            Some(_) => ErrorKind::Usage(lines.join("\n")),
            None => ErrorKind::Invalid(lines.join("\n")),
        };
        Some(Self::new("", None, kind))
    }

    /// An I/O error on a named file.
    pub fn io(path: impl AsRef<std::path::Path>, err: std::io::Error) -> Self {
        Self::new(
            path.as_ref().display().to_string(),
            None,
            ErrorKind::Io(err),
        )
    }

    /// Whether the error is an operating-system I/O failure ([`ErrorKind::Io`]).
    pub fn is_io(&self) -> bool {
        matches!(self.kind, ErrorKind::Io(_))
    }

    /// Whether the file could not be handled as asked rather than being found to
    /// break its format: an I/O failure, a usage error, or an item past the
    /// configured allocation limit (which raising the limit may cure). Scripts tell
    /// the two apart by exit code (2 against 1).
    pub fn is_request_fault(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::Io(_) | ErrorKind::Usage(_) | ErrorKind::Limit(_)
        )
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        write!(f, "{}", self.kind)?;
        if let Some(off) = self.offset {
            write!(f, " at {off:#x}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}
