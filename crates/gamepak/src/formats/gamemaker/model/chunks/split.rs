//! Chunks whose resources are each a JSON file of their own (a room, an object, a
//! sprite), so that a person edits, adds or removes one resource as one file. What
//! else such a chunk holds (a version word, a table) is its "rest", a file of its
//! own when there is any.

use std::cell::Cell;
use std::sync::Arc;

use super::Body;
use crate::error::{Error, Result};
use crate::formats::gamemaker::model::json;
use crate::formats::gamemaker::model::names::{interning, showing, Interner, Lookup, Shown};
use crate::fourcc::FourCC;

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

macro_rules! split {
    ($($name:ident => $variant:ident($ty:ty) . $field:ident,)*) => {
        impl Body<'_> {
            /// Which slots of a split chunk hold a resource (the rest are null).
            pub fn slots(&self) -> Option<Vec<bool>> {
                match self {
                    $(Body::$variant(v) => Some(v.$field.iter().map(Option::is_some).collect()),)*
                    _ => None,
                }
            }

            /// Each resource as JSON, and the rest of the chunk; `None` for a chunk
            /// that is not split.
            pub fn split_to_json(&self, shown: &Arc<Shown>) -> Option<SplitJson> {
                self.split_to_json_only(shown, true, &|_| true)
            }

            /// [`Self::split_to_json`] of only the parts asked for: the rest when
            /// `rest`, and the resources `resource` takes by index (the others as
            /// null slots), so that one resource costs one record's JSON.
            pub fn split_to_json_only(
                &self,
                shown: &Arc<Shown>,
                rest: bool,
                resource: &dyn Fn(usize) -> bool,
            ) -> Option<SplitJson> {
                match self {
                    $(Body::$variant(v) => {
                        let rest = rest.then(|| rest_json(shown, v)).flatten();
                        let resources = v
                            .$field
                            .iter()
                            .enumerate()
                            .map(|(i, r)| {
                                r.as_ref()
                                    .filter(|_| resource(i))
                                    .map(|r| json::to_json(shown, r))
                            })
                            .collect();
                        Some(SplitJson { resources, rest })
                    })*
                    _ => None,
                }
            }

            /// The chunk `name` from its rest and its resource files (`None` for a
            /// null slot); `None` for a chunk that is not split.
            pub fn split_from_json(
                name: FourCC,
                rest: Option<&ResourceFile>,
                files: &[Option<ResourceFile>],
                mut interner: Interner,
                lookup: &Arc<Lookup>,
            ) -> (Option<Result<Self>>, Interner) {
                match name {
                    $(FourCC::$name => {
                        let (v, i) = rest_from_json::<$ty>(rest, stringify!($field), interner, lookup);
                        interner = i;
                        let mut v = match v {
                            Ok(v) => v,
                            Err(e) => return (Some(Err(e)), interner),
                        };
                        for file in files {
                            let Some((path, bytes)) = file else {
                                v.$field.push(None);
                                continue;
                            };
                            let (r, i) = json::from_json(path, bytes, interner, lookup);
                            interner = i;
                            match r {
                                Ok(r) => v.$field.push(Some(r)),
                                Err(e) => return (Some(Err(e)), interner),
                            }
                        }
                        (Some(Ok(Body::$variant(v))), interner)
                    })*
                    _ => (None, interner),
                }
            }
        }
    };
}

split! {
    SOND => Sounds(super::sounds::Sounds).sounds,
    PATH => Paths(super::paths::Paths).paths,
    SPRT => Sprites(super::sprites::Sprites).sprites,
    BGND => Backgrounds(super::backgrounds::Backgrounds).backgrounds,
    FONT => Fonts(super::fonts::Fonts).fonts,
    SHDR => Shaders(super::shaders::Shaders).shaders,
    PSEM => Emitters(super::particles::Emitters).emitters,
    PSYS => Systems(super::particles::Systems).systems,
    OBJT => Objects(super::objects::Objects).objects,
    TMLN => Timelines(super::timelines::Timelines).timelines,
    SEQN => Sequences(super::sequence::Sequences).sequences,
    ACRV => AnimationCurves(super::animation_curves::AnimationCurves).curves,
    ROOM => Rooms(super::room::Rooms).rooms,
}

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
fn rest_json<T: serde::Serialize>(shown: &Arc<Shown>, value: &T) -> Option<Vec<u8>> {
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
fn rest_from_json<T: serde::de::DeserializeOwned>(
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
