//! What the rules are given (where each resource was read from) and what they
//! find.

use std::collections::HashMap;

use crate::fourcc::FourCC;

/// Where each resource was read from.
pub(crate) struct Files {
    /// Each split chunk's resource files, by slot (`None` for a null slot).
    pub split: HashMap<FourCC, Vec<Option<String>>>,
    /// Each other chunk's JSON file.
    pub whole: HashMap<FourCC, String>,
}

impl Files {
    /// The file resource `i` of chunk `kind` was read from.
    pub(crate) fn of(&self, kind: FourCC, i: usize) -> &str {
        let file = self.split.get(&kind).and_then(|f| f.get(i)?.as_deref());
        file.unwrap_or("?")
    }

    /// The JSON file of a chunk that is not split.
    pub(crate) fn whole(&self, kind: FourCC) -> &str {
        self.whole.get(&kind).map_or("?", String::as_str)
    }
}

/// What the rules found: problems stop the pack; notes say what was derived;
/// warnings, what was derived over a value set by hand.
#[derive(Debug, Default)]
pub(crate) struct Findings {
    pub problems: Vec<String>,
    /// Problems past the first [`KEPT`], counted: a folder with a million of them
    /// costs no more than one with ten thousand.
    pub more: usize,
    pub notes: Vec<String>,
    pub warnings: Vec<String>,
}

/// How many problems are kept in words; no one reads further, and `--max-problems`
/// prints fewer.
pub(crate) const KEPT: usize = 10_000;

impl Findings {
    /// A problem, worded by `say` unless [`KEPT`] are worded already.
    pub fn problem(&mut self, say: impl FnOnce() -> String) {
        if self.problems.len() < KEPT {
            self.problems.push(say());
        } else {
            self.more += 1;
        }
    }
}
