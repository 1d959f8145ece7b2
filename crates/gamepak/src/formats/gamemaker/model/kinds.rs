//! Every kind of resource a game lists by name, declared once: the chunk that
//! lists them, what one is called, the name `info` counts them under, the names
//! GML's function tables give the kind (`Asset.Sprite`), and the number a typed
//! reference (`pushref`, 2023 on) gives it. A resource id ([`Id`](super::names::Id))
//! is typed by its kind; info, the GML tables and the compiler's name lookup read
//! the table. Where the kind's resources go in an extracted folder, and which field
//! of the chunk lists them, are the chunk's own declaration (`bodies!` in
//! [`chunks`](super::chunks)).

use crate::fourcc::FourCC;

/// A kind of resource: the chunk that lists them, and what one is called.
pub trait Kind {
    /// The chunk that lists resources of this kind (SPRT for sprites).
    const CHUNK: FourCC;
    /// What one resource of this kind is called in messages ("sprite").
    const WHAT: &'static str;
}

/// A kind of resource, as the table declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resource {
    /// The chunk that lists them.
    pub chunk: FourCC,
    /// What one is called in messages ("sprite").
    pub what: &'static str,
    /// What `info` counts them as ("sprites").
    pub listed: &'static str,
    /// The names GML's function tables give the kind, after `Asset.`; none for a
    /// kind code never names.
    pub in_gml: &'static [&'static str],
    /// The number a typed reference gives the kind: before 2024.4, and from it on.
    pub reference: [Option<u32>; 2],
}

macro_rules! kinds {
    ($($kind:ident => $chunk:ident, $what:literal, $listed:literal,
       gml [$($gml:literal),*], refs $before:tt $since:tt;)*) => {
        $(
            #[doc = concat!("The ", $what, " kind of resource, listed in ", stringify!($chunk), ".")]
            #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
            pub struct $kind;
            impl Kind for $kind {
                const CHUNK: FourCC = FourCC::$chunk;
                const WHAT: &'static str = $what;
            }
        )*

        /// Every kind, in the order typed references first numbered them.
        pub const RESOURCES: &[Resource] = &[$(Resource {
            chunk: FourCC::$chunk,
            what: $what,
            listed: $listed,
            in_gml: &[$($gml),*],
            reference: [kinds!(@ref $before), kinds!(@ref $since)],
        },)*];
    };
    (@ref -) => { None };
    (@ref $n:literal) => { Some($n) };
}

kinds! {
    Object => OBJT, "object", "objects", gml ["Object"], refs 0 0;
    Sprite => SPRT, "sprite", "sprites", gml ["Sprite"], refs 1 1;
    Sound => SOND, "sound", "sounds", gml ["Sound"], refs 2 2;
    Room => ROOM, "room", "rooms", gml ["Room"], refs 3 3;
    // GameMaker Studio 2 calls a background a tile set; 2024.4 renumbered it last.
    Background => BGND, "background", "backgrounds", gml ["Background", "TileSet"], refs 4 13;
    Path => PATH, "path", "paths", gml ["Path"], refs 5 4;
    Script => SCPT, "script", "scripts", gml ["Script"], refs 6 5;
    Font => FONT, "font", "fonts", gml ["Font"], refs 7 6;
    Timeline => TMLN, "timeline", "timelines", gml ["Timeline"], refs 8 7;
    Shader => SHDR, "shader", "shaders", gml ["Shader"], refs 10 8;
    Sequence => SEQN, "sequence", "sequences", gml ["Sequence"], refs 11 9;
    AnimationCurve => ACRV, "animation curve", "animation_curves", gml ["AnimCurve"], refs 12 10;
    ParticleSystem => PSYS, "particle system", "particle_systems", gml ["ParticleSystem"], refs 13 11;
    // Named where a built-in takes one (`audio_group_load(audiogroup_music)`).
    AudioGroup => AGRP, "audio group", "audio_groups", gml ["AudioGroup"], refs - -;
    ParticleEmitter => PSEM, "particle emitter", "particle_emitters", gml [], refs - -;
    Code => CODE, "code entry", "code_entries", gml [], refs - -;
}

/// The kind the chunk `chunk` lists, if it lists one.
pub fn of_chunk(chunk: FourCC) -> Option<&'static Resource> {
    RESOURCES.iter().find(|r| r.chunk == chunk)
}

/// The kind GML's tables call `name` (after `Asset.`).
pub fn in_gml(name: &str) -> Option<&'static Resource> {
    RESOURCES.iter().find(|r| r.in_gml.contains(&name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_chunk_lists_one_kind_and_each_reference_number_names_one() {
        for (i, r) in RESOURCES.iter().enumerate() {
            assert!(
                RESOURCES[..i].iter().all(|o| o.chunk != r.chunk),
                "{}",
                r.chunk
            );
            for era in 0..2 {
                let same = RESOURCES[..i]
                    .iter()
                    .any(|o| o.reference[era].is_some() && o.reference[era] == r.reference[era]);
                assert!(!same, "{} {era}", r.chunk);
            }
        }
    }
}
