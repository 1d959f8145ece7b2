//! Every chunk the model reads, one file each, and [`Body`], the registry that says
//! which model reads which chunk.

pub mod animation_curves;
pub mod audio;
pub mod audio_groups;
pub mod backgrounds;
pub mod code;
pub mod embedded_images;
pub mod events;
pub mod extensions;
pub mod features;
pub mod filter_effects;
pub mod fonts;
pub mod general;
pub mod global_scripts;
pub mod instructions;
pub mod languages;
pub mod objects;
pub mod options;
pub mod particles;
pub mod paths;
pub mod room;
pub mod scripts;
pub mod sequence;
pub mod shaders;
pub mod sounds;
pub mod split;
pub mod sprites;
pub mod strings;
pub mod symbols;
pub mod tags;
pub mod texture_groups;
pub mod texture_items;
pub mod textures;
pub mod timelines;
pub mod ui_layers;

use std::sync::Arc;

use self::split::{layout, Layout, Place, ResourceFile, SplitJson};
use super::json;
use super::names::{names_of, Interner, Lookup, Shown};
use super::version::Version;
use super::wire::{Record, StrId, Wire};
use crate::error::{Error, Result};
use crate::fourcc::FourCC;

/// Declares everything the model knows per chunk, from one row each: [`Body`], a
/// variant per chunk name and model, read and walked by name; where the chunk goes
/// in an extracted folder ([`Layout`]); for a chunk that lists a kind of resource
/// (see [`kinds`](super::kinds)), the field that lists them (`lists`); and, for a
/// chunk whose presence marks a release, that release ([`MARKERS`]).
macro_rules! bodies {
    ($($name:ident => $variant:ident($ty:ty) in $place:tt $(lists .$list:ident)? $(since $marker:ident)?,)*) => {
        /// What a chunk holds.
        #[derive(Debug, Clone)]
        pub enum Body<'a> {
            $(
                /// The chunk's records, read by the model for its name (the variant's
                /// type).
                $variant($ty),
            )*
            /// A chunk with no bytes.
            Empty,
            /// A chunk no model reads, or one not in GameMaker's layout, as stored.
            Stored {
                /// The body's bytes, exactly as stored.
                bytes: &'a [u8],
                /// Where the body stood in the file it was read from; `None` for one
                /// made in code, which holds no pointers.
                at: Option<u64>,
                /// Why the model did not read it, when one tried.
                why: Option<Unread>,
            },
        }

        /// The chunks whose presence marks a release, each with the first release that
        /// writes it, in the table's order (not sorted).
        pub const MARKERS: &[(FourCC, Version)] = &[$($((FourCC::$name, Version::$marker),)?)*];

        $(layout!($ty, $place);)*

        impl<'a> Body<'a> {
            /// Where the records of the chunk named `name` go in an extracted folder.
            pub(crate) fn place(name: FourCC) -> Place {
                match name {
                    $(FourCC::$name => <$ty as Layout<'a>>::PLACE,)*
                    _ => Place::None,
                }
            }

            /// The names of the resources the chunk lists, by index; `None` for a
            /// chunk that lists no named resources.
            pub fn names(&self) -> Option<Vec<Option<StrId>>> {
                match self {
                    $($(Body::$variant(v) => Some(names_of(&v.$list)),)?)*
                    _ => None,
                }
            }

            /// Which slots of a split chunk hold a resource (the rest are null).
            pub fn slots(&self) -> Option<Vec<bool>> {
                match self {
                    $(Body::$variant(v) => v.slots(),)*
                    Body::Empty | Body::Stored { .. } => None,
                }
            }

            /// A split chunk's rest when `rest`, and the resources `resource` takes
            /// by index (the others as null slots), as JSON, so that one resource
            /// costs one record's JSON; `None` for a chunk that is not split.
            pub fn split_to_json(
                &self,
                shown: &Arc<Shown>,
                rest: bool,
                resource: &dyn Fn(usize) -> bool,
            ) -> Option<SplitJson> {
                match self {
                    $(Body::$variant(v) => v.split_to_json(shown, rest, resource),)*
                    Body::Empty | Body::Stored { .. } => None,
                }
            }

            /// The split chunk `name` from its rest and its resource files (`None`
            /// for a null slot); `None` for a chunk that is not split.
            pub fn split_from_json(
                name: FourCC,
                rest: Option<&ResourceFile>,
                files: &[Option<ResourceFile>],
                interner: Interner,
                lookup: &Arc<Lookup>,
            ) -> (Option<Result<Self>>, Interner) {
                match name {
                    $(FourCC::$name => {
                        let (v, i) = <$ty as Layout<'a>>::split_from_json(rest, files, interner, lookup);
                        (v.map(|v| v.map(Body::$variant)), i)
                    })*
                    _ => (None, interner),
                }
            }

            /// Reads the chunk named `name` through its model, if it has one.
            pub(super) fn read<W: Wire<'a>>(name: FourCC, w: &mut W) -> Option<Result<Self>> {
                match name {
                    $(FourCC::$name => Some(read_as::<$ty, W>(w).map(Body::$variant)),)*
                    _ => None,
                }
            }

            /// The chunk's records as JSON, ids shown through `shown`; `None` for an
            /// empty chunk or one kept as stored.
            pub fn to_json(&self, shown: &Arc<Shown>) -> Option<Vec<u8>> {
                match self {
                    $(Body::$variant(v) => Some(json::to_json(shown, v)),)*
                    Body::Empty | Body::Stored { .. } => None,
                }
            }

            /// The chunk named `name` from the JSON `to_json` gives (in `file`), its
            /// texts interned into `interner` and names looked up in `lookup`.
            pub fn from_json(
                name: FourCC,
                file: &str,
                bytes: &[u8],
                interner: Interner,
                lookup: &Arc<Lookup>,
            ) -> (Option<Result<Self>>, Interner) {
                match name {
                    $(FourCC::$name => {
                        let (v, i) = json::from_json::<$ty>(file, bytes, interner, lookup);
                        (Some(v.map(Body::$variant)), i)
                    })*
                    _ => (None, interner),
                }
            }

            pub(crate) fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
                match self {
                    $(Body::$variant(v) => v.walk(w),)*
                    Body::Empty => Ok(()),
                    Body::Stored { bytes, at, .. } => {
                        // Its pointers are right only where it was.
                        if at.is_some_and(|at| at != w.offset()) {
                            return Err(w.invalid(
                                w.offset(),
                                format!(
                                    "this chunk is kept as stored and would move from {:#x}: \
                                     its pointers would be wrong",
                                    at.unwrap_or_default()
                                ),
                            ));
                        }
                        let mut b = std::borrow::Cow::Borrowed(*bytes);
                        w.blob(&mut b, bytes.len())
                    }
                }
            }
        }

        $(impl<'a> ChunkModel<'a> for $ty {
            const NAME: FourCC = FourCC::$name;
            fn of<'b>(body: &'b Body<'a>) -> Option<&'b Self> {
                match body {
                    Body::$variant(v) => Some(v),
                    _ => None,
                }
            }
            fn of_mut<'b>(body: &'b mut Body<'a>) -> Option<&'b mut Self> {
                match body {
                    Body::$variant(v) => Some(v),
                    _ => None,
                }
            }
        })*
    };
}

/// A chunk's model: the chunk it reads, and how to find it in a [`Body`].
pub trait ChunkModel<'a>: Record<'a> {
    /// The chunk this model reads (GEN8, SPRT, ...).
    const NAME: FourCC;
    /// The model `body` holds, when it holds this chunk's records.
    fn of<'b>(body: &'b Body<'a>) -> Option<&'b Self>;
    /// The model `body` holds, to edit, when it holds this chunk's records.
    fn of_mut<'b>(body: &'b mut Body<'a>) -> Option<&'b mut Self>;
}

bodies! {
    GEN8 => General(general::General) in {file "general.json"},
    OPTN => Options(options::Options) in {file "options.json"},
    EXTN => Extensions(extensions::Extensions) in {file "extensions.json"},
    TAGS => Tags(tags::Tags) in {file "tags.json"},
    FEAT => Features(features::Features) in {file "features.json"} since V2022_8,
    DAFL => DataFiles(features::DataFiles) in {file "data_files.json"},
    FEDS => FilterEffects(filter_effects::FilterEffects) in {file "filter_effects.json"} since V2_3_6,
    PSEM => Emitters(particles::Emitters) in {split "particle_emitters" .emitters, rest} lists .emitters since V2023_2,
    PSYS => Systems(particles::Systems) in {split "particle_systems" .systems, rest} lists .systems,
    UILR => UiLayers(ui_layers::UiLayers) in {file "ui_layers.json"} since V2024_13,
    LANG => Languages(languages::Languages) in {file "languages.json"},
    SOND => Sounds(sounds::Sounds) in {split "sounds" .sounds} lists .sounds,
    AGRP => AudioGroups(audio_groups::AudioGroups) in {file "audio_groups.json"} lists .groups,
    PATH => Paths(paths::Paths) in {split "paths" .paths} lists .paths,
    SCPT => Scripts(scripts::Scripts) in {file "scripts.json"} lists .scripts,
    SPRT => Sprites(sprites::Sprites<'a>) in {nested "sprites" / "sprite.json" .sprites} lists .sprites,
    BGND => Backgrounds(backgrounds::Backgrounds) in {split "backgrounds" .backgrounds, rest} lists .backgrounds,
    FONT => Fonts(fonts::Fonts) in {split "fonts" .fonts, rest} lists .fonts,
    EMBI => EmbeddedImages(embedded_images::EmbeddedImages) in {file "embedded_images.json"},
    TGIN => TextureGroups(texture_groups::TextureGroups) in {file "texture_groups.json"} since V2_2_1,
    TXTR => Textures(textures::Textures<'a>) in {file "textures.json"},
    AUDO => Audio(audio::Audio<'a>) in {none},
    ROOM => Rooms(room::Rooms) in {split "rooms" .rooms} lists .rooms,
    OBJT => Objects(objects::Objects) in {split "objects" .objects} lists .objects,
    TMLN => Timelines(timelines::Timelines) in {split "timelines" .timelines} lists .timelines,
    SEQN => Sequences(sequence::Sequences) in {split "sequences" .sequences, rest} lists .sequences since V2_3,
    ACRV => AnimationCurves(animation_curves::AnimationCurves) in {split "animation_curves" .curves, rest} lists .curves,
    GLOB => GlobalScripts(global_scripts::GlobalScripts) in {file "global_scripts.json"},
    TPAG => TextureItems(texture_items::TextureItems) in {file "texture_items.json"},
    CODE => Code(code::Code<'a>) in {file "code.json"} lists .entries,
    SHDR => Shaders(shaders::Shaders<'a>) in {nested "shaders" / "shader.json" .shaders} lists .shaders,
    VARI => Variables(symbols::Variables) in {file "variables.json"},
    FUNC => Functions(symbols::Functions) in {file "functions.json"},
    STRG => Strings(strings::Strings<'a>) in {none},
}

/// Why the model did not read a chunk: where it stopped, what it found there, and
/// whether the bytes break the format (damage) or only the layout the model knows
/// (perhaps a release it does not know yet).
#[derive(Debug, Clone)]
pub struct Unread {
    /// The place in the structure where reading stopped.
    pub path: String,
    /// The byte offset it stopped at.
    pub offset: u64,
    /// What was wrong there.
    pub message: String,
    /// Whether the bytes break the format, rather than only GameMaker's layout as
    /// the model knows it.
    pub damage: bool,
}

impl Unread {
    pub(super) fn new(e: &Error, damage: bool) -> Self {
        Unread {
            path: e.path.clone(),
            offset: e.offset.unwrap_or_default(),
            message: e.kind.to_string(),
            damage,
        }
    }
}

impl std::fmt::Display for Unread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} at {:#x}", self.path, self.message, self.offset)
    }
}

impl<'a> Body<'a> {
    pub(super) fn stored(bytes: &'a [u8], at: u64, why: Option<Unread>) -> Self {
        Body::Stored {
            bytes,
            at: Some(at),
            why,
        }
    }
}

fn read_as<'a, T: Record<'a>, W: Wire<'a>>(w: &mut W) -> Result<T> {
    let mut v = T::default();
    v.walk(w)?;
    Ok(v)
}
