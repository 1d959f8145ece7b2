//! A resource's folder or file renamed in an extracted folder. The number before
//! its name (`003-` in `rooms/003-rm_level.json`) is its place in its chunk's list,
//! which other records and code refer to it by; the rest is its name. So a listed
//! file or folder that is gone, where one not listed keeps its number or its
//! `name`, is the same resource moved: pack follows it, and every file the manifest
//! lists below it. Where the name after the number changed and the `name` inside
//! did not, the resource is renamed to it: its name's string takes the new text, so
//! every reference follows, and the records may name it by either name.
//!
//! Any other listed file that is gone leaves a null slot, as a removed resource
//! does; a sprite's or shader's folder cannot go, since its frames and blobs are
//! listed one by one, so that is refused with the way to rename it.

use std::collections::HashSet;

use crate::error::{Error, Result};
use crate::formats::gamemaker::folder::layout::{self, Place};
use crate::formats::gamemaker::folder::manifest::Manifest;
use crate::fourcc::FourCC;
use crate::io::SourceDir;

/// A resource renamed by its file or folder: its chunk and place, and its name
/// before and after.
#[derive(Debug, Clone)]
pub(crate) struct Renamed {
    pub kind: FourCC,
    pub index: usize,
    pub was: String,
    pub now: String,
}

/// Follows every renamed resource in `m`, says which, and gives those whose name
/// changed with their file's name.
pub(crate) fn follow(dir: &SourceDir, m: &mut Manifest) -> Result<(Vec<String>, Vec<Renamed>)> {
    let mut moves = Vec::new();
    let mut renamed = Vec::new();
    for c in &m.chunks {
        let Place::Split { folder, nested, .. } = layout::place(c.name) else {
            continue;
        };
        if c.resources.is_empty() || !dir.is_dir(folder) {
            continue;
        }
        let unit = |r: &str| match nested {
            Some(_) => r.rsplit_once('/').map_or(r, |(d, _)| d).to_string(),
            None => r.to_string(),
        };
        let exists = |u: &str| -> Result<bool> {
            Ok(match nested {
                Some(_) => dir.is_dir(u),
                None => dir.is_file(u)?,
            })
        };
        let listed: Vec<String> = c
            .resources
            .iter()
            .filter(|r| !r.is_empty())
            .map(|r| unit(r))
            .collect();
        let mut gone = Vec::new();
        for u in &listed {
            if !exists(u)? {
                gone.push(u.clone());
            }
        }
        if gone.is_empty() {
            continue;
        }
        let listed: HashSet<&String> = listed.iter().collect();
        let mut new = Vec::new();
        for entry in dir.list(folder)? {
            let is_unit = match nested {
                Some(file) => dir.is_file(&format!("{entry}/{file}"))?,
                None => entry.ends_with(".json") && dir.is_file(&entry)?,
            };
            if is_unit && !listed.contains(&entry) {
                new.push(entry);
            }
        }
        for was in gone {
            let named = |u: &str| -> Result<Option<String>> {
                let file = match nested {
                    Some(f) => format!("{u}/{f}"),
                    None => u.to_string(),
                };
                name_in(dir, &file)
            };
            let mut now = None;
            for candidate in &new {
                if number(candidate) == number(&was)
                    || named(candidate)?.as_deref() == Some(label(&was))
                {
                    now = Some(candidate.clone());
                    break;
                }
            }
            match now {
                Some(now) => {
                    new.retain(|n| *n != now);
                    let (before, after) = (label(&was), label(&now));
                    if before != after && named(&now)?.as_deref() == Some(before) {
                        let index = c.resources.iter().position(|r| unit(r) == was);
                        renamed.extend(index.map(|index| Renamed {
                            kind: c.name,
                            index,
                            was: before.to_string(),
                            now: after.to_string(),
                        }));
                    }
                    moves.push((was, now));
                }
                None if nested.is_some() => {
                    return Err(Error::at(
                        format!("{was}/"),
                        format!(
                            "is gone: a {} cannot be removed, since gamepak.toml lists its \
                             files one by one; to rename its folder, keep its number at the \
                             front ({}-…), and to rename the {0}, change its `name`",
                            what(folder),
                            number(&was).unwrap_or("NNN")
                        ),
                    ));
                }
                None => {}
            }
        }
    }
    let notes = moves
        .iter()
        .map(|(was, now)| {
            match renamed
                .iter()
                .find(|r| label(was) == r.was && label(now) == r.now)
            {
                Some(r) => format!(
                    "{now}: renamed from {was}: {:?} is now {:?}, and every reference follows",
                    r.was, r.now
                ),
                None => format!("{now}: renamed from {was}, the same resource"),
            }
        })
        .collect();
    for (was, now) in moves {
        m.rename(&was, &now);
    }
    Ok((notes, renamed))
}

/// The number a resource's file or folder starts with (`003` of
/// `rooms/003-rm_level.json`), if any.
fn number(unit: &str) -> Option<&str> {
    let last = unit.rsplit('/').next()?;
    let (n, _) = last.split_once('-')?;
    (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some(n)
}

/// The name a resource's file or folder gives after its number.
fn label(unit: &str) -> &str {
    let last = unit.rsplit('/').next().unwrap_or(unit);
    let last = last.strip_suffix(".json").unwrap_or(last);
    match number(unit) {
        Some(n) => &last[n.len() + 1..],
        None => last,
    }
}

/// A resource file's `name` field; `None` when it has none or does not read (pack
/// reports that when it reads the file for its record).
fn name_in(dir: &SourceDir, file: &str) -> Result<Option<String>> {
    #[derive(serde::Deserialize)]
    struct Named {
        name: Option<String>,
    }
    let bytes = dir.read(file)?;
    Ok(serde_json::from_slice::<Named>(&bytes)
        .ok()
        .and_then(|n| n.name))
}

/// What a resource of a nested folder is, for messages.
fn what(folder: &str) -> &str {
    folder.strip_suffix('s').unwrap_or(folder)
}

#[cfg(test)]
mod tests {
    use crate::formats::gamemaker::pack::renames::{label, number};

    #[test]
    fn a_file_or_folder_gives_its_number_and_its_label() {
        assert_eq!(number("rooms/003-rm_level.json"), Some("003"));
        assert_eq!(label("rooms/003-rm_level.json"), "rm_level");
        assert_eq!(number("sprites/spr_new"), None);
        assert_eq!(label("sprites/spr_new"), "spr_new");
        assert_eq!(number("sprites/12-a-b"), Some("12"));
        assert_eq!(label("sprites/12-a-b"), "a-b");
        assert_eq!(number("rooms/x-y.json"), None);
    }
}
