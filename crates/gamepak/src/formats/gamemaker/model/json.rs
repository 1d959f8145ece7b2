//! Records to and from the JSON files of an extracted folder, with ids shown as
//! texts and names (see [`super::names`]). A file that does not read is refused with
//! the file, the place inside it (`instances[3].object`), the line and column, and
//! the reason.

use std::cell::Cell;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::names::{interning, showing, Interner, Lookup, Shown};
use crate::error::{Error, Result};

/// `value` as pretty JSON, ids shown through `shown`.
pub fn to_json<T: Serialize>(shown: &Arc<Shown>, value: &T) -> Vec<u8> {
    let mut out =
        showing(shown, || serde_json::to_vec_pretty(value)).expect("model records serialise");
    out.push(b'\n');
    out
}

/// How many problems one file is searched for: each costs a read of the whole file.
const PER_FILE: usize = 100;

/// The record in `file`'s JSON `bytes`, its texts interned into `interner` and its
/// names looked up in `lookup`. A record that does not fit is refused with every
/// problem found in it (up to `PER_FILE`), each with its place.
pub fn from_json<T: DeserializeOwned>(
    file: &str,
    bytes: &[u8],
    interner: Interner,
    lookup: &Arc<Lookup>,
) -> (Result<T>, Interner) {
    interning(interner, lookup, || {
        // JSON that does not read is a file that cannot be parsed (exit 2); a
        // record that does not fit, a change the format cannot store (exit 1).
        let unreadable = |e: &serde_json::Error| Error::usage(file, e.to_string());
        let mut de = serde_json::Deserializer::from_slice(bytes);
        let (read, unknown) = attempt::<T, _>(&mut de);
        // The first misfit as the stream reader says it, with its line and column.
        let first = match read {
            Ok(value) if unknown.is_empty() => {
                de.end().map_err(|e| unreadable(&e))?;
                return Ok(value);
            }
            Err(e) if !e.inner().is_data() => return Err(unreadable(e.inner())),
            Err(e) => Some((place_of(e.path()), e.into_inner().to_string())),
            Ok(_) => None,
        };
        // Something does not fit: the file is read again as a value, which is
        // mended after each problem so that the next can be found.
        let value = serde_json::from_slice(bytes).map_err(|e| unreadable(&e))?;
        match problems::<T>(file, value, first) {
            (e, Some(mended)) if MENDING.with(Cell::get) => {
                MENDED.with(|m| m.borrow_mut().push(e));
                Ok(mended)
            }
            (e, _) => Err(e),
        }
    })
}

/// A place as the messages show it: empty for the file's top.
fn place_of(path: &serde_path_to_error::Path) -> String {
    match path.to_string() {
        p if p == "." => String::new(),
        p => p,
    }
}

/// Runs `f` with records that do not fit read mended (see [`take_mended`]), as a
/// folder is read to list every problem it has; elsewhere [`from_json`] refuses.
pub fn mending<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            MENDING.with(|m| m.set(self.0));
        }
    }
    let _restore = Restore(MENDING.with(|m| m.replace(true)));
    f()
}

thread_local! {
    /// Whether records that do not fit are read mended (see [`mending`]).
    static MENDING: Cell<bool> = const { Cell::new(false) };
    /// The problems of records read mended (see [`take_mended`]).
    static MENDED: std::cell::RefCell<Vec<Error>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The problems of each record [`from_json`] gave mended on this thread since the
/// last call: keys no field has left out and names that name nothing read as
/// none. The record is read so that the rules between records can run on it too,
/// and every problem of a folder be listed at once; the folder is refused all the
/// same.
pub fn take_mended() -> Vec<Error> {
    MENDED.with(|m| std::mem::take(&mut *m.borrow_mut()))
}

/// A key no field has: the record's place and the key.
type Key = (String, String);

/// What one read gives: the record, or the first error with its place.
type Attempt<T, E> = std::result::Result<T, serde_path_to_error::Error<E>>;

/// One read of `de` as a `T`, and the keys it had no field for.
fn attempt<'de, T: serde::Deserialize<'de>, D: serde::Deserializer<'de>>(
    de: D,
) -> (Attempt<T, D::Error>, Vec<Key>) {
    let mut unknown = Vec::new();
    let mut note = |path: serde_ignored::Path<'_>| unknown.push(place(&path));
    let read = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(de, &mut note));
    (read, unknown)
}

/// Every problem of `file`'s `value` as a `T`: each key no field has, then each
/// value that does not fit, one after another, the last found set to null (a
/// reference to nothing) before the next read. A problem that null does not mend
/// ends the search; the record, when null mended every problem.
fn problems<T: DeserializeOwned>(
    file: &str,
    mut value: serde_json::Value,
    first: Option<(String, String)>,
) -> (Error, Option<T>) {
    let mut errors = Vec::new();
    let mut unknown: Vec<(String, String)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut mended = std::collections::HashSet::new();
    let record = loop {
        // A read stops at its first error, so each finds the keys before it.
        let (read, keys) = attempt::<T, _>(&value);
        for key in keys {
            if seen.insert(key.clone()) {
                unknown.push(key);
            }
        }
        let e = match read {
            Ok(record) => break Some(record),
            Err(e) => e,
        };
        let place = place_of(e.path());
        let why = match &first {
            // The stream reader's words for the first, which say where it is.
            Some((at, why)) if errors.is_empty() && *at == place => why.clone(),
            _ => e.inner().to_string(),
        };
        let why = crate::folder_json::plain(&why);
        errors.push((place.clone(), why));
        if errors.len() >= PER_FILE || !mended.insert(place) || !set_null(&mut value, e.path()) {
            break None;
        }
    };
    // A key no field has explains a field found missing at its record: it is most
    // often that field, misspelt.
    let missing = |(place, why): &(String, String)| {
        let name = why.strip_prefix("missing field `")?.split('`').next()?;
        Some((place.clone(), name.to_string()))
    };
    let missing: Vec<(String, String)> = errors.iter().filter_map(missing).collect();
    let mut found = Vec::new();
    // A key unknown in any record is no field to suggest.
    let unknown_names: std::collections::HashSet<&str> =
        unknown.iter().map(|(_, k)| k.as_str()).collect();
    // The fields each list's records have: their keys that are no unknown
    // key, and those found missing there; worked out once a list, not once a
    // record (`instances[3]` and `instances[4]` are one list's).
    let mut known_at: std::collections::HashMap<String, Vec<String>> = Default::default();
    for (parent, key) in unknown.iter().take(PER_FILE) {
        let known = known_at.entry(list_of(parent)).or_insert_with(|| {
            let mut known = known_keys(&value, parent, |k| !unknown_names.contains(k));
            known.extend(
                missing
                    .iter()
                    .filter(|(p, _)| list_of(p) == list_of(parent))
                    .map(|(_, n)| n.clone()),
            );
            known
        });
        found.push((join(parent, key), unknown_field(key, known)));
    }
    if unknown.len() > PER_FILE {
        found.push((
            String::new(),
            format!("and {} more unknown fields", unknown.len() - PER_FILE),
        ));
    }
    let unknown_places: std::collections::HashSet<&str> =
        unknown.iter().map(|(p, _)| p.as_str()).collect();
    let explained = |place: &String, why: &String| {
        why.starts_with("missing field `") && unknown_places.contains(place.as_str())
    };
    found.extend(errors.into_iter().filter(|(p, w)| !explained(p, w)));
    let lines: Vec<String> = found
        .into_iter()
        .map(|(place, why)| match place.as_str() {
            "" => format!("{file}: {why}"),
            place => format!("{file}: {place}: {why}"),
        })
        .collect();
    (Error::at("", lines.join("\n")), record)
}

/// The list a record's place is in: its indices dropped (`instances[3]` is
/// `instances[]`).
fn list_of(place: &str) -> String {
    let mut list = String::with_capacity(place.len());
    let mut inside = false;
    for c in place.chars() {
        match c {
            '[' => {
                inside = true;
                list.push('[');
            }
            ']' => {
                inside = false;
                list.push(']');
            }
            _ if inside => {}
            c => list.push(c),
        }
    }
    list
}

/// `key` at the record `parent`, as a place (`instances[3].xx`).
fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

/// Sets the value at `path` to null; false when the path leads nowhere.
fn set_null(value: &mut serde_json::Value, path: &serde_path_to_error::Path) -> bool {
    use serde_path_to_error::Segment;
    let mut at = value;
    for segment in path.iter() {
        let next = match segment {
            Segment::Seq { index } => at.get_mut(*index),
            Segment::Map { key } => at.get_mut(key.as_str()),
            Segment::Enum { .. } | Segment::Unknown => None,
        };
        match next {
            Some(v) => at = v,
            None => return false,
        }
    }
    if at.is_null() {
        return false;
    }
    *at = serde_json::Value::Null;
    true
}

/// Where serde found a key it has no field for: the record's place, as
/// `instances[3]`, and the key.
fn place(path: &serde_ignored::Path<'_>) -> (String, String) {
    use serde_ignored::Path;
    fn record(path: &Path<'_>) -> String {
        match path {
            Path::Root => String::new(),
            Path::Seq { parent, index } => format!("{}[{index}]", record(parent)),
            Path::Map { parent, key } => match record(parent) {
                p if p.is_empty() => key.clone(),
                p => format!("{p}.{key}"),
            },
            Path::Some { parent }
            | Path::NewtypeStruct { parent }
            | Path::NewtypeVariant { parent } => record(parent),
        }
    }
    match path {
        Path::Map { parent, key } => (record(parent), key.clone()),
        other => (record(other), String::new()),
    }
}

/// The keys the file's records at `parent`'s place hold that `field` takes:
/// those of every record of the same list, which a typo in one of them leaves
/// intact.
fn known_keys(root: &serde_json::Value, parent: &str, field: impl Fn(&str) -> bool) -> Vec<String> {
    let mut records = vec![root];
    for step in parent.split('.').filter(|s| !s.is_empty()) {
        let (name, indexed) = match step.split_once('[') {
            Some((name, _)) => (name, true),
            None => (step, false),
        };
        records = records
            .into_iter()
            .filter_map(|r| {
                if name.is_empty() {
                    Some(r)
                } else {
                    r.get(name)
                }
            })
            .flat_map(|r| match (indexed, r.as_array()) {
                (true, Some(items)) => items.iter().collect(),
                _ => vec![r],
            })
            .collect();
    }
    let mut keys: Vec<String> = records
        .iter()
        .filter_map(|r| r.as_object())
        .flat_map(|o| o.keys())
        .filter(|k| field(k))
        .cloned()
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

/// The error for a key no field has: the nearest known one, or the known ones.
fn unknown_field(key: &str, known: &[String]) -> String {
    match crate::nearest::nearest(key, known.iter().map(String::as_str)) {
        Some(k) => format!("unknown field `{key}`; did you mean `{k}`?"),
        None if known.is_empty() => format!("unknown field `{key}`"),
        None => format!(
            "unknown field `{key}`; the fields here are {}",
            known.join(", ")
        ),
    }
}

/// Bytes that are data rather than fields (a collision mask, a lookup table) as one
/// hex string: a mask as numbers, one per line, would be most of a folder.
pub mod hex {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `bytes` as one string of lowercase hex digits, two per byte.
    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{}", Hex(bytes)))
    }

    /// Reads bytes back from a hex string, refusing an odd number of digits or a
    /// character that is not a hex digit.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        decode(&String::deserialize(d)?).map_err(serde::de::Error::custom)
    }

    pub(super) struct Hex<'b>(pub &'b [u8]);

    impl std::fmt::Display for Hex<'_> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
        }
    }

    pub(super) fn decode(text: &str) -> Result<Vec<u8>, String> {
        let digits = text.as_bytes();
        if !digits.len().is_multiple_of(2) {
            return Err(format!("{} hex digits: bytes take two each", digits.len()));
        }
        let mut out = Vec::with_capacity(digits.len() / 2);
        for (k, pair) in digits.chunks_exact(2).enumerate() {
            match (nibble(pair[0]), nibble(pair[1])) {
                (Some(high), Some(low)) => out.push(high << 4 | low),
                _ => {
                    return Err(format!(
                        "byte {k} (at character {}) is not two hex digits",
                        2 * k
                    ))
                }
            }
        }
        Ok(out)
    }

    fn nibble(digit: u8) -> Option<u8> {
        match digit {
            b'0'..=b'9' => Some(digit - b'0'),
            b'a'..=b'f' => Some(digit - b'a' + 10),
            b'A'..=b'F' => Some(digit - b'A' + 10),
            _ => None,
        }
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn hex_reads_back_and_refuses_what_is_not_hex() {
            assert_eq!(super::decode("00ff7a"), Ok(vec![0, 0xff, 0x7a]));
            assert!(super::decode("0").is_err());
            assert!(super::decode("zz").is_err());
            // A character of two bytes is not split, and not a panic.
            assert!(super::decode("aé0").unwrap_err().contains("byte 0"));
        }
    }
}

/// A font's size as stored: an integer, or from 2.3 a negated float with its top
/// bit set. The float shows as its positive value (`15.0`), the integer as itself
/// (`15`), and each reads back as it was stored; any other word shows as its
/// integer.
pub mod font_size {
    use serde::{Deserialize, Deserializer, Serializer};

    const FLOAT: u32 = 0x8000_0000;

    /// Writes a font size: a stored float (top bit set) as its positive value, any
    /// other word as its integer.
    pub fn serialize<S: Serializer>(v: &u32, s: S) -> Result<S::Ok, S::Error> {
        let size = -f32::from_bits(*v);
        if v & FLOAT != 0 && size.is_finite() {
            s.serialize_f64(f64::from(size))
        } else {
            s.serialize_u32(*v)
        }
    }

    /// Reads a font size back: a whole number as that word, a non-negative number
    /// with a point as the negated float GameMaker stores.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        let n = serde_json::Number::deserialize(d)?;
        if let Some(v) = n.as_u64() {
            return u32::try_from(v).map_err(|_| serde::de::Error::custom("over 32 bits"));
        }
        match n.as_f64() {
            Some(f) if f >= 0.0 && f <= f64::from(f32::MAX) => Ok((-(f as f32)).to_bits()),
            _ => Err(serde::de::Error::custom(
                "a font size is a whole number, or a positive one with a point (15.0)",
            )),
        }
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn sizes_show_as_numbers_and_read_back_as_stored() {
            #[derive(serde::Serialize, serde::Deserialize)]
            struct Font {
                #[serde(with = "super")]
                size: u32,
            }
            for (stored, shown) in [
                ((-15.0f32).to_bits(), "15.0"),
                ((-12.5f32).to_bits(), "12.5"),
                (12, "12"),
                (0x8000_0000, "0.0"),
                (f32::NAN.to_bits() | 0x8000_0000, "4290772992"),
            ] {
                let json = serde_json::to_string(&Font { size: stored }).unwrap();
                assert_eq!(json, format!("{{\"size\":{shown}}}"));
                let back: Font = serde_json::from_str(&json).unwrap();
                assert_eq!(back.size, stored, "{shown}");
            }
            assert!(serde_json::from_str::<Font>(r#"{"size": -3.0}"#).is_err());
        }
    }
}

#[cfg(test)]
mod unknown_keys {
    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Item {
        x: i32,
        y: i32,
    }
    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct File {
        items: Vec<Item>,
    }

    #[test]
    fn a_hint_names_only_real_fields_worked_out_once_a_list() {
        let mut items: Vec<serde_json::Value> = (0..3000)
            .map(|k| serde_json::json!({"x": 1, "y": 2, format!("bogus_{k}"): 1}))
            .collect();
        items.push(serde_json::json!({"x": 1, "yy": 2}));
        let value = serde_json::json!({ "items": items });
        let started = std::time::Instant::now();
        let (error, record) = super::problems::<File>("f.json", value, None);
        let said = error.to_string();
        assert!(record.is_none());
        assert!(
            said.contains(
                "f.json: items[0].bogus_0: unknown field `bogus_0`; the fields here are x, y"
            ),
            "{said}"
        );
        assert!(!said.contains("did you mean `bogus"), "{said}");
        assert!(started.elapsed().as_secs() < 5);
    }
}
