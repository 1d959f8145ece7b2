//! Relative paths that cannot leave the folder they are joined to, and that every
//! common file system can hold.
//!
//! A name read from a file (an entry, a sprite, a script) decides where extraction
//! writes and where pack reads. The only way to make an [`EnclosedPath`] is
//! [`EnclosedPath::new`], which sanitises the name, so a write that takes one cannot
//! be handed `../../etc/passwd` by mistake.
//!
//! Extracted folders travel: modders copy them to Windows and macOS. So each part of
//! the path is also made portable, by escaping what Windows refuses or alters as
//! `%` and two hex digits per UTF-8 byte: the characters `<>:"|?*`, control
//! characters, a trailing dot or space (which Windows strips), and the first letter
//! of a reserved device name (`CON`, `aux.png`, `LPT1.txt`). A `%` is itself escaped
//! only where it would read as an escape, before two hex digits, so the names of
//! nearly every file stay as they were. The escaping is reversible: two different
//! parts never give the same escaped part, so a name found in a file maps to exactly
//! one name on disk and back. Pack looks a file up by the name its manifest or
//! document holds, escaped by this same function, so it needs no table of names.
//!
//! A folder made by hand, not by extract (a build's sources), may hold names only
//! Linux allows (`aux.wav`): [`super::SourceDir`] finds a name there as given when
//! nothing is at its escaped name.
//!
//! Escaping keeps case. Names that differ only in case are told apart where they are
//! made: every format but GBIN puts the entry's index before a name from the file,
//! and GBIN numbers the later of two names alike but for case (`~1`), with
//! [`super::portable::Distinct`].

use std::path::{Component, Path, PathBuf};

/// A relative path of normal components only: no root, no drive, no `..`, and no
/// part that Windows or a case-keeping file system would refuse or change.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EnclosedPath {
    path: PathBuf,
    /// The parts kept, `/`-separated, before escaping.
    name: String,
}

/// Characters Windows refuses in a file name.
const FORBIDDEN: [char; 7] = ['<', '>', ':', '"', '|', '?', '*'];

impl EnclosedPath {
    /// Turns a name found inside a file into a path that stays inside the folder:
    /// separators split components; `..`, `.`, roots, drive prefixes and empty parts
    /// are dropped; each part left is escaped as the module describes.
    pub fn new(name: &str) -> EnclosedPath {
        let kept = parts(name).collect::<Vec<_>>();
        let name = if kept.is_empty() {
            "_".to_owned()
        } else {
            kept.join("/")
        };
        let path: PathBuf = name.split('/').map(escape).collect();
        debug_assert!(path.components().all(|c| matches!(c, Component::Normal(_))));
        EnclosedPath { path, name }
    }

    /// The path on disk.
    pub fn as_path(&self) -> &Path {
        &self.path
    }

    /// The path as the name gave it, `/`-separated and not escaped: what a folder
    /// kept in memory files it under, where no file system needs escaping.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The folder this path lies in, if it is not at the top.
    pub fn parent(&self) -> Option<&Path> {
        self.path.parent().filter(|p| !p.as_os_str().is_empty())
    }
}

impl std::fmt::Display for EnclosedPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.path.display().fmt(f)
    }
}

/// A name found inside a file as one part of a path, before escaping: separators
/// become `_` and parts that name no file (empty, `.`, `..`) are dropped, so a name
/// makes one file, never a folder that another file's name could clash with.
/// [`EnclosedPath::new`] escapes the rest when the path is written or read.
pub fn flat_name(name: &str) -> String {
    let flat = parts(name).collect::<Vec<_>>().join("_");
    if flat.is_empty() {
        "_".into()
    } else {
        flat
    }
}

/// The parts of a name that stay: split at either separator, without empty parts,
/// `.` or `..`.
fn parts(name: &str) -> impl Iterator<Item = &str> {
    name.split(['/', '\\'])
        .filter(|p| !p.is_empty() && *p != "." && *p != "..")
}

/// One part of a path with everything Windows refuses or alters escaped.
fn escape(part: &str) -> String {
    let reserved = is_reserved(part);
    let mut out = String::with_capacity(part.len());
    let mut chars = part.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let last = chars.peek().is_none();
        let escaped = c.is_control()
            || FORBIDDEN.contains(&c)
            || (c == '%' && reads_as_escape(&part[at..]))
            || (last && matches!(c, '.' | ' '))
            || (at == 0 && reserved);
        if escaped {
            let mut utf8 = [0; 4];
            for b in c.encode_utf8(&mut utf8).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `text`, which starts with `%`, goes on with two hex digits.
fn reads_as_escape(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 3 && b[1].is_ascii_hexdigit() && b[2].is_ascii_hexdigit()
}

/// Whether Windows takes a file of this name for a device: a reserved name, in any
/// case, alone or before an extension (`nul.tar.gz`), and before trailing spaces.
fn is_reserved(part: &str) -> bool {
    let base = part.split('.').next().unwrap_or("").trim_end_matches(' ');
    let upper = base.to_ascii_uppercase();
    match upper.as_str() {
        "CON" | "PRN" | "AUX" | "NUL" | "CONIN$" | "CONOUT$" => true,
        _ => upper
            .strip_prefix("COM")
            .or_else(|| upper.strip_prefix("LPT"))
            .is_some_and(|n| {
                matches!(n, "¹" | "²" | "³") || (n.len() == 1 && n.as_bytes()[0].is_ascii_digit())
            }),
    }
}

/// The part of a name that [`EnclosedPath::new`] escapes to `part`, if `part` is an
/// escape at all: how a name read from a folder's listing maps back to the name the
/// file gave. A name that no name escapes to, such as `aux.wav` made by hand in a
/// source folder, gives `None`.
pub(super) fn unescaped(part: &str) -> Option<String> {
    let b = part.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        // Only at a `%`, which is never inside a character, is `part` sliced.
        let byte = (b[i] == b'%' && reads_as_escape(&part[i..]))
            .then(|| u8::from_str_radix(&part[i + 1..i + 3], 16).ok())
            .flatten();
        match byte {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out)
        .ok()
        .filter(|name| escape(name) == part)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_names_stay_inside() {
        for (name, want) in [
            ("../../etc/passwd", "etc/passwd"),
            ("/abs/path", "abs/path"),
            ("C:\\windows\\x", "C%3A/windows/x"),
            ("..", "_"),
            ("", "_"),
            ("a/./b", "a/b"),
            ("nul\0byte", "nul%00byte"),
        ] {
            assert_eq!(
                EnclosedPath::new(name).as_path(),
                Path::new(want),
                "{name:?}"
            );
        }
    }

    #[test]
    fn what_windows_refuses_or_alters_is_escaped() {
        for (name, want) in [
            ("con", "%63on"),
            ("Aux.png", "%41ux.png"),
            ("lpt1", "%6Cpt1"),
            ("COM¹.txt", "%43OM¹.txt"),
            ("nul .tar.gz", "%6Eul .tar.gz"),
            ("console", "console"),
            ("com10", "com10"),
            ("a<b>c:d\"e|f?g*h", "a%3Cb%3Ec%3Ad%22e%7Cf%3Fg%2Ah"),
            ("tab\there", "tab%09here"),
            ("dot.", "dot%2E"),
            ("space ", "space%20"),
            ("dots..", "dots.%2E"),
            ("100%", "100%"),
            ("50% off", "50% off"),
            ("%41", "%2541"),
            ("plain name.png", "plain name.png"),
        ] {
            assert_eq!(escape(name), want, "{name:?}");
            assert_eq!(
                unescaped(want).as_deref(),
                Some(name),
                "{want:?} reads back"
            );
        }
    }

    #[test]
    fn different_parts_never_escape_alike() {
        let names = [
            "a:b", "a%3Ab", "a%3ab", "a%253Ab", "a_b", "con", "%63on", "con.", "con%2E", "x.", "x",
            "x%2E", "x ", "%", "%%", "%%41", "%4", "%4:", "%A%", "é", "\u{85}",
        ];
        let mut seen = std::collections::HashMap::new();
        for name in names {
            let escaped = escape(name);
            assert_eq!(
                unescaped(&escaped).as_deref(),
                Some(name),
                "{name:?} reads back"
            );
            if let Some(other) = seen.insert(escaped.clone(), name) {
                panic!("{name:?} and {other:?} both escape to {escaped:?}");
            }
        }
    }

    #[test]
    fn a_name_that_is_no_escape_reads_back_as_none() {
        for name in ["con", "a:b", "x.", "a%41", "%2e"] {
            assert_eq!(unescaped(name), None, "{name:?}");
        }
    }

    #[test]
    fn a_flat_name_is_one_part() {
        assert_eq!(flat_name("../../evil"), "evil");
        assert_eq!(flat_name("data/level.json"), "data_level.json");
        assert_eq!(flat_name("a\\b"), "a_b");
        assert_eq!(flat_name(".."), "_");
        assert_eq!(flat_name("con"), "con");
    }
}
