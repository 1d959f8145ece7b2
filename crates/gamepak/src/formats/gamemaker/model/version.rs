//! The GameMaker release whose layout a chunk is read in. Chunks changed layout in
//! many releases, and GEN8 says 2.0.0.0 for all of them since GameMaker Studio 2, so
//! each chunk's layout is found by trying: from the newest release the file can be
//! (by the chunks it holds), every release gate a failed read consulted is stepped
//! below in turn, until the chunk reads in GameMaker's own layout.

use std::fmt;

/// A release, ordered: major, minor, release, build (16 bits each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Version(u64);

impl Version {
    /// The release `major.minor.release.build`.
    pub const fn new(major: u16, minor: u16, release: u16, build: u16) -> Self {
        Version((major as u64) << 48 | (minor as u64) << 32 | (release as u64) << 16 | build as u64)
    }
    /// GameMaker Studio 2 (2.0.0.0, the version GEN8 states for it and every later
    /// release): a sprite gains its -1 header, a background becomes a tile set, and a
    /// room gains layers.
    pub const GMS2: Version = Version::new(2, 0, 0, 0);
    /// GameMaker Studio 2.0.6: a TXTR entry gains its generated-mipmaps word.
    pub const V2_0_6: Version = Version::new(2, 0, 6, 0);
    /// GameMaker Studio 2.2.1: TGIN (texture groups) appears, and a font gains its
    /// ascender offset.
    pub const V2_2_1: Version = Version::new(2, 2, 1, 0);
    /// GameMaker Studio 2.2.2.302: a room instance gains its image speed and image
    /// index.
    pub const V2_2_2_302: Version = Version::new(2, 2, 2, 302);
    /// GameMaker Studio 2.3: SEQN (sequences) appears, a room lists its sequences, an
    /// asset layer gains sequence and nine-slice lists, child functions share their
    /// parent's code blob, and a constructor's script code id has its top bit set.
    pub const V2_3: Version = Version::new(2, 3, 0, 0);
    /// GameMaker Studio 2.3.1: an animation curve point holds four bezier handle
    /// values (x0, y0, x1, y1) where it held one word.
    pub const V2_3_1: Version = Version::new(2, 3, 1, 0);
    /// GameMaker Studio 2.3.2: an asset layer loses its nine-slice list.
    pub const V2_3_2: Version = Version::new(2, 3, 2, 0);
    /// GameMaker Studio 2.3.6: FEDS (filter effects) appears.
    pub const V2_3_6: Version = Version::new(2, 3, 6, 0);
    /// GameMaker 2022.1: every room layer carries an effect; before it only an effect
    /// layer held one, as its data.
    pub const V2022_1: Version = Version::new(2022, 1, 0, 0);
    /// GameMaker 2022.2: a font gains its ascender.
    pub const V2022_2: Version = Version::new(2022, 2, 0, 0);
    /// GameMaker 2022.3: a TXTR entry states the size of its image blob.
    pub const V2022_3: Version = Version::new(2022, 3, 0, 0);
    /// GameMaker 2022.5: an object gains its managed flag.
    pub const V2022_5: Version = Version::new(2022, 5, 0, 0);
    /// GameMaker 2022.6: an extension points at separate lists of its files and its
    /// options.
    pub const V2022_6: Version = Version::new(2022, 6, 0, 0);
    /// GameMaker 2022.8: FEAT (feature flags) appears.
    pub const V2022_8: Version = Version::new(2022, 8, 0, 0);
    /// GameMaker 2022.9: a texture group gains its directory, extension and load type,
    /// and a TXTR entry its page's width, height and index in its group.
    pub const V2022_9: Version = Version::new(2022, 9, 0, 0);
    /// GameMaker 2023.1: a texture group loses its list of Spine sprites.
    pub const V2023_1: Version = Version::new(2023, 1, 0, 0);
    /// GameMaker LTS 2022.0.3, a long-term-support branch off the 2022 releases: a
    /// font gains its line height, which mainline gained in 2023.6, and no SDF spread.
    /// Its files hold FEAT and no PSEM, like mainline 2022.8 to 2023.1, so it is
    /// ordered just below 2023.2: a layout tried before those releases' own.
    pub const LTS_2022_0_3: Version = Version::new(2023, 1, u16::MAX, u16::MAX - 1);
    /// GameMaker 2023.2: PSEM and PSYS (particle emitters and systems) appear, an
    /// asset layer lists particle systems, and a font gains its SDF spread.
    pub const V2023_2: Version = Version::new(2023, 2, 0, 0);
    /// GameMaker 2023.4: an extension gains its version string, and a particle emitter
    /// its animate, stretch and random flags.
    pub const V2023_4: Version = Version::new(2023, 4, 0, 0);
    /// GameMaker 2023.6: a particle emitter gains its enabled flag, and a font its line
    /// height.
    pub const V2023_6: Version = Version::new(2023, 6, 0, 0);
    /// GameMaker 2023.8: a particle emitter gains its timing fields and separate x and
    /// y sizes, and a particle system its global-space flag.
    pub const V2023_8: Version = Version::new(2023, 8, 0, 0);
    /// GameMaker 2023.11, which names code entries in a new way; no chunk layout the
    /// model reads changes in it.
    pub const V2023_11: Version = Version::new(2023, 11, 0, 0);
    /// GameMaker 2024.2: a room's tile map is stored as runs (run-length compressed)
    /// rather than one word per tile.
    pub const V2024_2: Version = Version::new(2024, 2, 0, 0);
    /// GameMaker 2024.4: a compressed tile map ends on a 4-byte boundary.
    pub const V2024_4: Version = Version::new(2024, 4, 0, 0);
    /// GameMaker 2024.6: a sprite's masks cover its bounding box rather than the whole
    /// sprite, a sound states its length, and an asset layer lists text items.
    pub const V2024_6: Version = Version::new(2024, 6, 0, 0);
    /// GameMaker 2024.8: FUNC loses its table of each code entry's local variables.
    pub const V2024_8: Version = Version::new(2024, 8, 0, 0);
    /// GameMaker 2024.11: a font glyph gains a 16-bit word of unknown meaning.
    pub const V2024_11: Version = Version::new(2024, 11, 0, 0);
    /// GameMaker 2024.13: UILR (UI layers) appears, a room lists the order its
    /// instances are created in, and a sequence states its size.
    pub const V2024_13: Version = Version::new(2024, 13, 0, 0);
    /// GameMaker 2024.14: FONT loses its trailing 512-byte table and pads each font to
    /// 4 bytes, an audio group states the path of its file, a particle system placed
    /// in a room gains its instance id, and a text item its paragraph spacing, wrap
    /// mode and origin preset.
    pub const V2024_14: Version = Version::new(2024, 14, 0, 0);
    /// GameMaker 2024.14.1: a tile set states the separation between its tiles.
    pub const V2024_14_1: Version = Version::new(2024, 14, 1, 0);
    /// Later than any release a gate names.
    pub const NEWEST: Version = Version::new(u16::MAX, 0, 0, 0);

    /// The newest release before this one.
    pub fn below(self) -> Version {
        Version(self.0.saturating_sub(1))
    }

    /// The oldest release after this one.
    pub fn above(self) -> Version {
        Version(self.0.saturating_add(1))
    }

    /// The family of releases this one belongs to, as reports group them:
    /// "GMS 1.x", "2.0-2.2", "2.3", or the year of a 2022-and-later release
    /// (LTS 2022.0.3 counts as 2022).
    pub fn family(self) -> String {
        match self.parts() {
            [0..2, ..] => "GMS 1.x".to_string(),
            [2, 0..3, ..] => "2.0-2.2".to_string(),
            [2, ..] => "2.3".to_string(),
            _ if self == Version::LTS_2022_0_3 => "2022".to_string(),
            [year, ..] => year.to_string(),
        }
    }

    fn parts(self) -> [u16; 4] {
        [48, 32, 16, 0].map(|s| (self.0 >> s) as u16)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [major, minor, release, build] = self.parts();
        if *self == Version::NEWEST {
            return f.write_str("the newest known");
        }
        if major < 2 {
            return f.write_str("GameMaker: Studio 1");
        }
        if *self == Version::LTS_2022_0_3 {
            return f.write_str("LTS 2022.0.3");
        }
        // Just below a release: the layout of the releases before it.
        if build == u16::MAX {
            return write!(f, "before {}", self.above());
        }
        write!(f, "{major}.{minor}")?;
        match (release, build) {
            (0, 0) => Ok(()),
            (r, 0) => write!(f, ".{r}"),
            (r, b) => write!(f, ".{r}.{b}"),
        }
    }
}

/// As `major.minor.release.build`, the way an extracted folder records the layout
/// each chunk was read in.
impl serde::Serialize for Version {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [a, b, c, d] = self.parts();
        s.collect_str(&format_args!("{a}.{b}.{c}.{d}"))
    }
}

impl<'de> serde::Deserialize<'de> for Version {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let parts: Vec<u16> = text
            .split('.')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(serde::de::Error::custom)?;
        match parts[..] {
            [a, b, c, d] => Ok(Version::new(a, b, c, d)),
            _ => Err(serde::de::Error::custom(format!(
                "{text:?} is not a release (major.minor.release.build)"
            ))),
        }
    }
}

/// The releases a file can be from: at least `low` and at most `high`.
#[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize)]
pub struct Range {
    /// The oldest release the file can be from.
    pub low: Version,
    /// The newest release the file can be from ([`Version::NEWEST`] when no chunk
    /// the file lacks caps it).
    pub high: Version,
}
