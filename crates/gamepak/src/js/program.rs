//! A script program as the toolchain takes it: its files, and how deep they may nest.

/// One file of the program: the name it is shown by, and its text.
#[derive(Debug, Clone)]
pub struct Source {
    /// Its name in an error: the path as the user knows it.
    pub shown: String,
    /// Its text.
    pub text: String,
}

/// How deep expressions and statements may nest. Real code stays far below it; a
/// script past it is refused rather than risk the recursive passes' stack.
pub const MAX_NESTING: usize = 1000;
