//! What the reading verbs answer: `info` (with the release inferred and its
//! evidence), the entries `list` shows and `extract` writes, and `check` with its
//! rules between resources.

pub mod check;
pub mod check_references;
pub mod entries;
pub mod info;
pub mod release;
