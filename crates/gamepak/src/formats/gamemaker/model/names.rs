//! How ids appear in JSON: a string id as its text and a resource id as the
//! resource's name, so a person edits words, not table indices. Serialising and
//! deserialising a record happen inside [`showing`] or [`interning`], which make the
//! game's strings and resource names the ones ids are shown from or interned into on
//! this thread.
//!
//! Interning gives a text the id of its first entry in the table, and appends a text
//! the table lacks. GameMaker writes every text once, so an unchanged record interns
//! back to the ids it had. A resource name must name a resource of its kind; a
//! resource with no name, or one named twice, is shown by its index.

use std::cell::RefCell;
use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use super::kinds::{
    AnimationCurve, AudioGroup, Background, Code, Font, Kind, Object, ParticleEmitter,
    ParticleSystem, Path, Room, Script, Sequence, Shader, Sound, Sprite, Timeline,
};
use super::wire::{Record, StrId, Wire};
use crate::error::Result as GpResult;
use crate::fourcc::FourCC;

/// The strings ids are interned into: the table as it was, then texts added.
#[derive(Debug, Clone, Default)]
pub struct Interner {
    texts: Vec<String>,
    first: HashMap<String, u32>,
}

impl Interner {
    /// The table `texts` as read: each text interns to the first index that holds it.
    pub fn new(texts: Vec<String>) -> Self {
        let mut first = HashMap::with_capacity(texts.len());
        for (i, t) in texts.iter().enumerate() {
            first.entry(t.clone()).or_insert(i as u32);
        }
        Interner { texts, first }
    }

    /// The table `texts`, whose strings were edited in place from `original`: a
    /// text interns to the index it had in `original` (so a record naming a string
    /// whose text was edited follows it), else to its first index in `texts`, else
    /// it is added.
    pub fn edited(original: &[String], texts: Vec<String>) -> Self {
        let mut first = HashMap::with_capacity(texts.len());
        for list in [original, &texts] {
            for (i, t) in list.iter().enumerate() {
                first.entry(t.clone()).or_insert(i as u32);
            }
        }
        Interner { texts, first }
    }

    /// The id of `text`, added to the table when it is not there.
    pub fn intern(&mut self, text: &str) -> StrId {
        if let Some(&i) = self.first.get(text) {
            return StrId(i);
        }
        let i = self.texts.len() as u32;
        self.texts.push(text.to_owned());
        self.first.insert(text.to_owned(), i);
        StrId(i)
    }

    /// The table with every text interned.
    pub fn into_texts(self) -> Vec<String> {
        self.texts
    }
}

/// The names of each kind of resource, by index (`None` for a null slot or a
/// resource with no name).
pub type Names = HashMap<FourCC, Vec<Option<String>>>;

/// What ids are shown from.
#[derive(Debug, Default)]
pub struct Shown {
    texts: Vec<String>,
    /// The strings whose text an earlier string of the table holds too: shown
    /// by index, or they would intern to the earlier one (Nicraftin/PortalSulka
    /// holds a code entry's name twice, and names the entry by the second).
    repeats: std::collections::HashSet<u32>,
    /// Names that name one resource of their kind; others are shown as indices.
    unique: Names,
}

impl Shown {
    /// Ids shown from the strings `texts` and the resource `names`; a name that two
    /// resources of one kind share is shown as an index instead.
    pub fn new(texts: Vec<String>, names: &Names) -> Self {
        let unique = names
            .iter()
            .map(|(kind, list)| {
                let mut count: HashMap<&str, usize> = HashMap::new();
                for n in list.iter().flatten() {
                    *count.entry(n).or_default() += 1;
                }
                let list = list
                    .iter()
                    .map(|n| n.clone().filter(|n| count[n.as_str()] == 1))
                    .collect();
                (*kind, list)
            })
            .collect();
        let mut seen = std::collections::HashSet::with_capacity(texts.len());
        let repeats = (0..texts.len() as u32)
            .filter(|&i| !seen.insert(&texts[i as usize]))
            .collect();
        Shown {
            texts,
            unique,
            repeats,
        }
    }
}

enum Table {
    Show(Arc<Shown>),
    Intern(Interner, Arc<Lookup>),
}

/// Names back to indices, for each kind; a name given twice maps to nothing, so it
/// must be given as an index. With them, how many resources of each kind there
/// are, so that an index given as a number is one of them.
#[derive(Debug, Default)]
pub struct Lookup {
    names: HashMap<FourCC, HashMap<String, Option<i32>>>,
    counts: HashMap<FourCC, usize>,
}

impl Lookup {
    /// Each kind's `names` mapped back to their indices.
    pub fn new(names: &Names) -> Self {
        let mut out: HashMap<FourCC, HashMap<String, Option<i32>>> = HashMap::new();
        for (kind, list) in names {
            let map = out.entry(*kind).or_default();
            for (i, name) in list.iter().enumerate() {
                if let Some(n) = name {
                    map.entry(n.clone())
                        .and_modify(|v| *v = None)
                        .or_insert(Some(i as i32));
                }
            }
        }
        let counts = names
            .iter()
            .map(|(kind, list)| (*kind, list.len()))
            .collect();
        Lookup { names: out, counts }
    }
}

impl Lookup {
    /// `name` also names resource `index` of `kind`, unless it names another.
    pub fn alias(&mut self, kind: FourCC, name: &str, index: usize) {
        let map = self.names.entry(kind).or_default();
        map.entry(name.to_string()).or_insert(Some(index as i32));
    }
}

thread_local! {
    static TABLE: RefCell<Option<Table>> = const { RefCell::new(None) };
}

/// Puts back the table that was in place, even when `f` panics.
struct Restore(Option<Table>);

impl Drop for Restore {
    fn drop(&mut self) {
        TABLE.with(|t| *t.borrow_mut() = self.0.take());
    }
}

fn install(table: Table) -> Restore {
    Restore(TABLE.with(|t| t.borrow_mut().replace(table)))
}

/// Runs `f` with string ids shown as their texts and resource ids as their names.
pub fn showing<R>(shown: &Arc<Shown>, f: impl FnOnce() -> R) -> R {
    let _restore = install(Table::Show(Arc::clone(shown)));
    f()
}

/// Runs `f` with texts interned into `interner` and resource names looked up in
/// `lookup`, and gives the interner back with what `f` added.
pub fn interning<R>(
    interner: Interner,
    lookup: &Arc<Lookup>,
    f: impl FnOnce() -> R,
) -> (R, Interner) {
    let restore = install(Table::Intern(interner, Arc::clone(lookup)));
    let out = f();
    let table = TABLE.with(|t| t.borrow_mut().take());
    drop(restore);
    match table {
        Some(Table::Intern(i, _)) => (out, i),
        _ => unreachable!("the interner stays in place while f runs"),
    }
}

impl Serialize for StrId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TABLE.with(|t| match &*t.borrow() {
            Some(Table::Show(shown)) => match shown.texts.get(self.0 as usize) {
                Some(_) if shown.repeats.contains(&self.0) => s.serialize_u32(self.0),
                Some(text) => s.serialize_str(text),
                None => Err(serde::ser::Error::custom(format!(
                    "string id {} is past the end of STRG",
                    self.0
                ))),
            },
            _ => s.serialize_u32(self.0),
        })
    }
}

impl<'de> Deserialize<'de> for StrId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// A text, or the index of a string whose text the table repeats.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Given {
            Text(String),
            Index(u32),
        }
        let given = Given::deserialize(d)?;
        TABLE.with(|t| match (&mut *t.borrow_mut(), given) {
            (Some(Table::Intern(interner, _)), Given::Text(text)) => Ok(interner.intern(&text)),
            (Some(Table::Intern(interner, _)), Given::Index(i))
                if (i as usize) < interner.texts.len() =>
            {
                Ok(StrId(i))
            }
            (Some(Table::Intern(interner, _)), Given::Index(i)) => {
                Err(serde::de::Error::custom(format!(
                    "string {i} is past the end of STRG's {} strings",
                    interner.texts.len()
                )))
            }
            _ => Err(serde::de::Error::custom(
                "a string id read with no string table to intern into",
            )),
        })
    }
}

/// A resource of kind `K` by its index in its chunk's list, -1 for none. Shown in
/// JSON as the resource's name (null for none).
pub struct Id<K>(pub i32, PhantomData<K>);

impl<K> Id<K> {
    /// The id that names no resource: -1, null in JSON.
    pub const NONE: Id<K> = Id(-1, PhantomData);
    /// The resource at `index` in its chunk's list (-1 for none).
    pub fn new(index: i32) -> Self {
        Id(index, PhantomData)
    }
    /// The index, unless the id names nothing.
    pub fn index(&self) -> Option<usize> {
        usize::try_from(self.0).ok()
    }
}

impl<K> Clone for Id<K> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K> Copy for Id<K> {}
impl<K> PartialEq for Id<K> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl<K> Eq for Id<K> {}
impl<K> Default for Id<K> {
    fn default() -> Self {
        Id::NONE
    }
}
impl<K: Kind> std::fmt::Debug for Id<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}#{}", K::WHAT, self.0)
    }
}

impl<'a, K: Kind> Record<'a> for Id<K> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> GpResult<()> {
        w.i32(&mut self.0)
    }
}

impl<K: Kind> Serialize for Id<K> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 == -1 {
            return s.serialize_none();
        }
        // Other negative ids carry flags (a constructor's code), shown as they are.
        let Some(i) = self.index() else {
            return s.serialize_i32(self.0);
        };
        TABLE.with(|t| {
            let name = match &*t.borrow() {
                Some(Table::Show(shown)) => shown
                    .unique
                    .get(&K::CHUNK)
                    .and_then(|list| list.get(i).cloned().flatten()),
                _ => None,
            };
            match name {
                Some(n) => s.serialize_str(&n),
                None => s.serialize_i32(self.0),
            }
        })
    }
}

impl<'de, K: Kind> Deserialize<'de> for Id<K> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Given {
            Index(i32),
            Name(String),
        }
        let name = match Option::<Given>::deserialize(d)? {
            None => return Ok(Id::NONE),
            Some(Given::Index(i)) => return TABLE.with(|t| index::<K, D::Error>(&t.borrow(), i)),
            Some(Given::Name(n)) => n,
        };
        TABLE.with(|t| match &*t.borrow() {
            Some(Table::Intern(_, lookup)) => {
                match lookup.names.get(&K::CHUNK).and_then(|m| m.get(&name)) {
                    Some(Some(i)) => Ok(Id::new(*i)),
                    Some(None) => Err(serde::de::Error::custom(format!(
                        "more than one {} is named {name:?}: give its index",
                        K::WHAT
                    ))),
                    None => {
                        let known = lookup.names.get(&K::CHUNK);
                        let names = known.into_iter().flat_map(|m| m.keys().map(String::as_str));
                        let hint = match crate::nearest::nearest(&name, names) {
                            Some(n) => format!("; did you mean {n:?}?"),
                            None => String::new(),
                        };
                        Err(serde::de::Error::custom(format!(
                            "no {} is named {name:?}{hint}",
                            K::WHAT
                        )))
                    }
                }
            }
            _ => Err(serde::de::Error::custom(
                "a resource name read with no names to look it up in",
            )),
        })
    }
}

/// A resource of kind `K` given by its index: one of the folder's resources of
/// that kind, when they are known. A negative index other than -1 carries flags
/// (a constructor's code) and is taken as it is.
fn index<K: Kind, E: serde::de::Error>(table: &Option<Table>, i: i32) -> Result<Id<K>, E> {
    let count = match table {
        Some(Table::Intern(_, lookup)) => lookup.counts.get(&K::CHUNK).copied(),
        _ => None,
    };
    match (usize::try_from(i), count) {
        (Ok(at), Some(n)) if at >= n => Err(E::custom(format!(
            "{what} {i} does not exist: there are {n}, numbered from 0; give the {what}'s name",
            what = K::WHAT
        ))),
        _ => Ok(Id::new(i)),
    }
}

/// A resource record that has a name.
pub trait Named {
    /// The record's name as a STRG string; `None` when it has none.
    fn name(&self) -> Option<StrId>;
}

/// The names of a chunk's records, by index.
pub fn names_of<T: Named>(list: &[Option<T>]) -> Vec<Option<StrId>> {
    list.iter()
        .map(|r| r.as_ref().and_then(Named::name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_text_is_shown_by_index_and_read_back_to_its_own_string() {
        let texts: Vec<String> = ["a", "b", "a"].map(String::from).to_vec();
        let shown = Arc::new(Shown::new(texts.clone(), &Names::new()));
        let json = showing(&shown, || {
            serde_json::to_string(&[StrId(0), StrId(1), StrId(2)])
        });
        assert_eq!(json.unwrap(), r#"["a","b",2]"#);

        let lookup = Arc::new(Lookup::default());
        let (ids, _) = interning(Interner::new(texts.clone()), &lookup, || {
            serde_json::from_str::<Vec<StrId>>(r#"["a","b",2]"#).unwrap()
        });
        assert_eq!(ids, [StrId(0), StrId(1), StrId(2)]);

        let (past, _) = interning(Interner::new(texts), &lookup, || {
            serde_json::from_str::<StrId>("9").unwrap_err().to_string()
        });
        assert!(
            past.contains("string 9 is past the end of STRG's 3 strings"),
            "{past}"
        );
    }
}
