//! The file names extraction gives entries: an index and the entry's name, reduced
//! to what every file system takes.

/// How much of a name a file's stem keeps.
const STEM: usize = 48;
/// How much of a name is kept where the name is read back from the file's
/// (a code entry's: `…_Alarm_10` must not come back as `…_Alarm_1`), within
/// what file systems allow in one name.
const WHOLE_STEM: usize = 200;

/// An index and a name reduced to letters, digits, `-`, `_` and `.`.
pub fn file_stem(index: usize, name: &str) -> String {
    let mut stem = String::with_capacity(name.len().min(STEM) + 8);
    push_file_stem::<STEM>(&mut stem, index, name);
    stem
}

/// `dir`, then the [`file_stem`] of item `index` named `name`, then `tail`, built in
/// one string: `list` names every entry this way.
pub fn stem_path(dir: &str, index: usize, name: &str, tail: impl std::fmt::Display) -> String {
    stem_path_of::<STEM>(dir, index, name, tail)
}

/// [`stem_path`], with the name kept whole (to 200 characters): for a file whose
/// name says what it is, as a code entry's does.
pub fn whole_stem_path(
    dir: &str,
    index: usize,
    name: &str,
    tail: impl std::fmt::Display,
) -> String {
    stem_path_of::<WHOLE_STEM>(dir, index, name, tail)
}

fn stem_path_of<const N: usize>(
    dir: &str,
    index: usize,
    name: &str,
    tail: impl std::fmt::Display,
) -> String {
    use std::fmt::Write;
    let mut path = String::with_capacity(dir.len() + N.min(name.len()) + 24);
    path.push_str(dir);
    path.push('/');
    push_file_stem::<N>(&mut path, index, name);
    let _ = write!(path, "{tail}");
    path
}

/// Appends `n` as `format!("{n:03}")` would, without the formatting machinery:
/// `list` writes one or two for every entry.
fn push_index(out: &mut String, n: usize) {
    if n < 1000 {
        let digits = [
            b'0' + (n / 100) as u8,
            b'0' + (n / 10 % 10) as u8,
            b'0' + (n % 10) as u8,
        ];
        out.push_str(std::str::from_utf8(&digits).expect("ASCII digits"));
    } else {
        use std::fmt::Write;
        let _ = write!(out, "{n}");
    }
}

/// Appends [`file_stem`], keeping `N` characters of the name, to `out`.
fn push_file_stem<const N: usize>(out: &mut String, index: usize, name: &str) {
    push_index(out, index);
    if !name.is_empty() {
        out.push('-');
    }
    // Every character kept is ASCII, and each one replaced becomes one: the stem is
    // built as bytes and added at once.
    let kept = |c: char| match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '_' | '.' => c as u8,
        _ => b'_',
    };
    let mut stem = [0u8; N];
    let mut n = 0;
    if name.is_ascii() {
        // Most names: a byte is a character.
        for &b in name.as_bytes().iter().take(stem.len()) {
            stem[n] = kept(b.into());
            n += 1;
        }
    } else {
        for c in name.chars().take(stem.len()) {
            stem[n] = kept(c);
            n += 1;
        }
    }
    out.push_str(std::str::from_utf8(&stem[..n]).expect("ASCII"));
}

#[cfg(test)]
mod stem_tests {
    use super::{stem_path, whole_stem_path};

    #[test]
    fn a_code_entrys_file_keeps_its_whole_name_where_others_are_cut() {
        let name = "gml_Object_obj_enemy_with_a_rather_long_name_Alarm_10";
        assert_eq!(
            whole_stem_path("code", 7, name, ".gml"),
            format!("code/007-{name}.gml")
        );
        let cut = stem_path("code", 7, name, ".gml");
        assert!(cut.len() < name.len() + 13, "{cut}");
    }
}
