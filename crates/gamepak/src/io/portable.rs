//! Paths as a case-insensitive file system sees them: Windows and macOS take
//! `Hero.png` and `hero.png` for one file, so an extracted folder copied there would
//! lose one of the two. Formats that make names from a file number the later of two
//! such names, as they number exact repeats; in the test build the writer checks
//! that no two paths it wrote fold to the same.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use super::EnclosedPath;

/// `path` as a case-insensitive file system compares it. Folding through upper case
/// then lower case also joins letters that differ in case only one way (`ſ` and
/// `s`); joining more names than a file system would costs only a `~N`.
fn folded(path: &std::path::Path) -> String {
    path.to_string_lossy()
        .chars()
        .flat_map(char::to_uppercase)
        .flat_map(char::to_lowercase)
        .collect()
}

/// Files and folders written or planned, by folded path.
#[derive(Debug, Default)]
pub(crate) struct FoldedNames {
    /// Each file's folded path, and the path it was written as.
    files: HashMap<String, PathBuf>,
    folders: HashSet<String>,
}

impl FoldedNames {
    /// What `path` would clash with on a case-insensitive file system: another file
    /// or a folder of the same folded name, or a file where a folder of its path
    /// must be. Writing the same path again is no clash.
    #[cfg(any(test, debug_assertions))]
    fn clash(&self, path: &EnclosedPath) -> Option<String> {
        let key = folded(path.as_path());
        if let Some(other) = self.files.get(&key).filter(|o| *o != path.as_path()) {
            return Some(format!("file {}", other.display()));
        }
        if self.folders.contains(&key) {
            return Some(format!("a folder of the same name as {path}"));
        }
        folders(path)
            .find_map(|f| self.files.get(&folded(f)))
            .map(|file| format!("file {}, which its folder would have to be", file.display()))
    }

    #[cfg(any(test, debug_assertions))]
    fn insert(&mut self, path: &EnclosedPath) {
        self.insert_folded(folded(path.as_path()), path);
    }

    /// [`Self::insert`] with the path's folded form already made.
    fn insert_folded(&mut self, key: String, path: &EnclosedPath) {
        for folder in folders(path) {
            self.folders.insert(folded(folder));
        }
        self.files.insert(key, path.as_path().to_path_buf());
    }

    fn holds(&self, key: &str) -> bool {
        self.files.contains_key(key) || self.folders.contains(key)
    }

    /// Panics when `path` clashes with a path written before: a format named two
    /// things alike, which only the case-folding of another system would show.
    #[cfg(any(test, debug_assertions))]
    pub(crate) fn assert_distinct(&mut self, path: &EnclosedPath) {
        if let Some(other) = self.clash(path) {
            panic!("{path} is the same as {other} on a case-insensitive file system");
        }
        self.insert(path);
    }
}

/// The folders `path` lies in, innermost first.
fn folders(path: &EnclosedPath) -> impl Iterator<Item = &std::path::Path> {
    path.as_path()
        .ancestors()
        .skip(1)
        .filter(|f| !f.as_os_str().is_empty())
}

/// Gives each path of a folder a name no earlier one has on a case-insensitive file
/// system: a path whose file or folder is taken gets `~1`, `~2` ... before its
/// extension. Every name a format makes from a file goes through one, in the same
/// order at extract and at pack, so both find the same names.
#[derive(Debug, Default)]
pub(crate) struct Distinct {
    names: FoldedNames,
    /// The number each path last took, by folded path: a file that repeats one name
    /// thousands of times numbers its copies in one pass, not by trying `~1` again
    /// for each.
    numbered: HashMap<String, usize>,
}

impl Distinct {
    /// `path`, numbered when its name is taken. Only the last part is numbered: the
    /// folders a format makes are its own and never clash with a file's name.
    pub(crate) fn claim(&mut self, path: &str) -> String {
        let mut candidate = Candidate::new(path.to_owned());
        let base = candidate.key.clone();
        let mut n = self.numbered.get(&base).copied().unwrap_or(0);
        if n > 0 {
            candidate = Candidate::numbered(path, n);
        }
        // Each round tries a new name and only finitely many are taken, so it ends.
        while self.names.holds(&candidate.key) {
            n += 1;
            candidate = Candidate::numbered(path, n);
        }
        self.numbered.insert(base, n);
        self.names.insert_folded(candidate.key, &candidate.path);
        candidate.name
    }
}

/// A name tried by [`Distinct::claim`], as given, as a path, and folded: each made
/// once, however often the name is looked up.
struct Candidate {
    name: String,
    path: EnclosedPath,
    key: String,
}

impl Candidate {
    fn new(name: String) -> Candidate {
        let path = EnclosedPath::new(&name);
        let key = folded(path.as_path());
        Candidate { name, path, key }
    }

    /// `path` with `~n` before its extension.
    fn numbered(path: &str, n: usize) -> Candidate {
        Candidate::new(match path.rsplit_once('.') {
            Some((stem, ext)) if !ext.contains('/') => format!("{stem}~{n}.{ext}"),
            _ => format!("{path}~{n}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_alike_but_for_case_are_numbered() {
        let mut d = Distinct::default();
        let got: Vec<String> = [
            "files/Hero.png",
            "files/hero.png",
            "files/HERO.PNG",
            "files/hero~1.png",
            "files/a",
            "files/A",
            "files/a:b",
            "files/a%3Ab",
            "files/straße",
            "files/STRASSE",
        ]
        .iter()
        .map(|p| d.claim(p))
        .collect();
        assert_eq!(
            got,
            [
                "files/Hero.png",
                "files/hero~1.png",
                "files/HERO~2.PNG",
                "files/hero~1~1.png",
                "files/a",
                "files/A~1",
                "files/a:b",
                "files/a%3Ab",
                "files/straße",
                "files/STRASSE~1",
            ]
        );
    }

    #[test]
    fn a_file_named_as_a_folder_is_numbered() {
        let mut d = Distinct::default();
        assert_eq!(d.claim("images/0_hero/000.png"), "images/0_hero/000.png");
        assert_eq!(d.claim("images/0_HERO"), "images/0_HERO~1");
    }

    #[test]
    fn the_writer_check_names_the_clash() {
        let mut names = FoldedNames::default();
        names.assert_distinct(&EnclosedPath::new("sprites/a.png"));
        names.assert_distinct(&EnclosedPath::new("sprites/a.png"));
        let clash = |p: &str| names.clash(&EnclosedPath::new(p));
        assert!(clash("Sprites/A.PNG").unwrap().contains("sprites/a.png"));
        assert!(clash("SPRITES").unwrap().contains("folder"));
        assert!(clash("sprites/a.png/x").unwrap().contains("its folder"));
        assert_eq!(clash("sprites/b.png"), None);
    }
}
