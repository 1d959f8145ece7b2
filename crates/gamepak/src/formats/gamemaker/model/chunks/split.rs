//! Chunks whose resources are each a JSON file of their own (a room, an object, a
//! sprite), so that a person edits, adds or removes one resource as one file. What
//! else such a chunk holds (a version word, a table) is its "rest", a file of its
//! own when there is any.

use std::cell::Cell;
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::formats::gamemaker::model::json;
use crate::formats::gamemaker::model::names::{interning, showing, Interner, Lookup, Shown};

/// A split chunk as JSON: each resource's file (`None` for a null slot) and the rest.
pub struct SplitJson {
    /// Each resource's JSON, by index; `None` for a null slot, or a resource not
    /// asked for.
    pub resources: Vec<Option<Vec<u8>>>,
    /// The chunk's other fields as JSON; `None` when it has none, or they were not
    /// asked for.
    pub rest: Option<Vec<u8>>,
}

/// A resource file read back: its place in the folder and its bytes.
pub type ResourceFile = (String, Vec<u8>);

/// Where a chunk's JSON goes in an extracted folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// One file.
    File(&'static str),
    /// A folder with a file per resource, and `<folder>.json` for the chunk's other
    /// fields when it has any.
    Split {
        /// The folder, named for the resources (`rooms`).
        folder: &'static str,
        /// A resource is a folder of its own holding this file (a sprite's frames,
        /// a shader's compiled blobs, lie beside it).
        nested: Option<&'static str>,
        /// Whether the chunk has fields besides its list, kept in `<folder>.json`.
        rest: bool,
    },
    /// No JSON: the chunk is only its payloads (AUDO's clips) or its own file
    /// (`strings.json`).
    None,
}

/// How a chunk's records lie in an extracted folder: its [`Place`], and for a split
/// chunk, its list of resources one file each. Declared for every chunk by
/// [`bodies!`](super), from the chunk's row.
pub(crate) trait Layout<'a>: Sized {
    /// Where the chunk's JSON goes.
    const PLACE: Place;

    /// Which slots of a split chunk hold a resource (the rest are null).
    fn slots(&self) -> Option<Vec<bool>> {
        None
    }

    /// The rest when `rest`, and the resources `resource` takes by index (the others
    /// as null slots), as JSON; `None` for a chunk that is not split.
    fn split_to_json(
        &self,
        _shown: &Arc<Shown>,
        _rest: bool,
        _resource: &dyn Fn(usize) -> bool,
    ) -> Option<SplitJson> {
        None
    }

    /// The chunk from its rest and its resource files (`None` for a null slot);
    /// `None` for a chunk that is not split.
    fn split_from_json(
        _rest: Option<&ResourceFile>,
        _files: &[Option<ResourceFile>],
        interner: Interner,
        _lookup: &Arc<Lookup>,
    ) -> (Option<Result<Self>>, Interner) {
        (None, interner)
    }
}

/// [`Layout`] for one chunk, from the place its row in [`bodies!`](super) gives:
/// `{file "x.json"}`, `{none}`, `{split "folder" .list}` (with `, rest` when the chunk
/// has other fields) or `{nested "folder" / "file.json" .list}`.
macro_rules! layout {
    ($ty:ty, {file $file:literal}) => {
        impl<'a> Layout<'a> for $ty {
            const PLACE: Place = Place::File($file);
        }
    };
    ($ty:ty, {none}) => {
        impl<'a> Layout<'a> for $ty {
            const PLACE: Place = Place::None;
        }
    };
    ($ty:ty, {split $folder:literal . $list:ident}) => {
        layout!(
            $ty,
            $list,
            Place::Split {
                folder: $folder,
                nested: None,
                rest: false
            }
        );
    };
    ($ty:ty, {split $folder:literal . $list:ident, rest}) => {
        layout!(
            $ty,
            $list,
            Place::Split {
                folder: $folder,
                nested: None,
                rest: true
            }
        );
    };
    ($ty:ty, {nested $folder:literal / $file:literal . $list:ident}) => {
        layout!(
            $ty,
            $list,
            Place::Split {
                folder: $folder,
                nested: Some($file),
                rest: false
            }
        );
    };
    ($ty:ty, $list:ident, $place:expr) => {
        impl<'a> Layout<'a> for $ty {
            const PLACE: Place = $place;

            fn slots(&self) -> Option<Vec<bool>> {
                Some(self.$list.iter().map(Option::is_some).collect())
            }

            fn split_to_json(
                &self,
                shown: &Arc<Shown>,
                rest: bool,
                resource: &dyn Fn(usize) -> bool,
            ) -> Option<SplitJson> {
                let rest = rest
                    .then(|| {
                        $crate::formats::gamemaker::model::chunks::split::rest_json(shown, self)
                    })
                    .flatten();
                let resources = self
                    .$list
                    .iter()
                    .enumerate()
                    .map(|(i, r)| {
                        r.as_ref()
                            .filter(|_| resource(i))
                            .map(|r| json::to_json(shown, r))
                    })
                    .collect();
                Some(SplitJson { resources, rest })
            }

            fn split_from_json(
                rest: Option<&ResourceFile>,
                files: &[Option<ResourceFile>],
                interner: Interner,
                lookup: &Arc<Lookup>,
            ) -> (Option<Result<Self>>, Interner) {
                let (v, mut interner) =
                    $crate::formats::gamemaker::model::chunks::split::rest_from_json::<Self>(
                        rest,
                        stringify!($list),
                        interner,
                        lookup,
                    );
                let mut v = match v {
                    Ok(v) => v,
                    Err(e) => return (Some(Err(e)), interner),
                };
                // Every file is read, so that pack lists the problems of all.
                let mut errors = Vec::new();
                for file in files {
                    let Some((path, bytes)) = file else {
                        v.$list.push(None);
                        continue;
                    };
                    let (r, i) = json::from_json(path, bytes, interner, lookup);
                    interner = i;
                    match r {
                        Ok(r) => v.$list.push(Some(r)),
                        Err(e) => {
                            v.$list.push(None);
                            errors.push(e);
                        }
                    }
                }
                match $crate::error::Error::all(errors) {
                    Some(e) => (Some(Err(e)), interner),
                    None => (Some(Ok(v)), interner),
                }
            }
        }
    };
}
pub(crate) use layout;

thread_local! {
    /// Whether a split chunk is being written without its list (see [`rest_json`]).
    static APART: Cell<bool> = const { Cell::new(false) };
}

/// Whether a split chunk's list is left out as it serialises: each of its resources
/// is a file of its own. Named by the list fields' `skip_serializing_if`.
pub(crate) fn listed_apart<T>(_: &T) -> bool {
    APART.with(Cell::get)
}

/// The chunk's fields but its list, as JSON; `None` when it has no others.
pub(crate) fn rest_json<T: serde::Serialize>(shown: &Arc<Shown>, value: &T) -> Option<Vec<u8>> {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            APART.with(|a| a.set(self.0));
        }
    }
    let _restore = Restore(APART.with(|a| a.replace(true)));
    let value = showing(shown, || serde_json::to_value(value)).expect("model records serialise");
    let serde_json::Value::Object(map) = value else {
        unreachable!("a chunk serialises as an object")
    };
    (!map.is_empty()).then(|| json::to_json(shown, &map))
}

/// The chunk with an empty list, from its rest (defaults where there is none).
pub(crate) fn rest_from_json<T: serde::de::DeserializeOwned>(
    rest: Option<&ResourceFile>,
    field: &str,
    interner: Interner,
    lookup: &Arc<Lookup>,
) -> (Result<T>, Interner) {
    let (path, bytes) = match rest {
        Some((path, bytes)) => (path.as_str(), bytes.as_slice()),
        None => ("", b"{}".as_slice()),
    };
    let mut map: serde_json::Map<String, serde_json::Value> = match serde_json::from_slice(bytes) {
        Ok(map) => map,
        Err(e) => return (Err(Error::usage(path, e.to_string())), interner),
    };
    map.insert(field.into(), serde_json::Value::Array(Vec::new()));
    let (v, interner) = interning(interner, lookup, || {
        serde_json::from_value(serde_json::Value::Object(map))
    });
    (v.map_err(|e| Error::usage(path, e.to_string())), interner)
}
