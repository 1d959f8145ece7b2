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
    pub const fn new(major: u16, minor: u16, release: u16, build: u16) -> Self {
        Version((major as u64) << 48 | (minor as u64) << 32 | (release as u64) << 16 | build as u64)
    }
    pub const GMS2: Version = Version::new(2, 0, 0, 0);
    pub const V2_0_6: Version = Version::new(2, 0, 6, 0);
    pub const V2_2_1: Version = Version::new(2, 2, 1, 0);
    pub const V2_2_2_302: Version = Version::new(2, 2, 2, 302);
    pub const V2_3: Version = Version::new(2, 3, 0, 0);
    pub const V2_3_1: Version = Version::new(2, 3, 1, 0);
    pub const V2_3_2: Version = Version::new(2, 3, 2, 0);
    pub const V2_3_6: Version = Version::new(2, 3, 6, 0);
    pub const V2022_1: Version = Version::new(2022, 1, 0, 0);
    pub const V2022_2: Version = Version::new(2022, 2, 0, 0);
    pub const V2022_3: Version = Version::new(2022, 3, 0, 0);
    pub const V2022_5: Version = Version::new(2022, 5, 0, 0);
    pub const V2022_6: Version = Version::new(2022, 6, 0, 0);
    pub const V2022_8: Version = Version::new(2022, 8, 0, 0);
    pub const V2022_9: Version = Version::new(2022, 9, 0, 0);
    pub const V2023_1: Version = Version::new(2023, 1, 0, 0);
    pub const V2023_2: Version = Version::new(2023, 2, 0, 0);
    pub const V2023_4: Version = Version::new(2023, 4, 0, 0);
    pub const V2023_6: Version = Version::new(2023, 6, 0, 0);
    pub const V2023_8: Version = Version::new(2023, 8, 0, 0);
    pub const V2023_11: Version = Version::new(2023, 11, 0, 0);
    pub const V2024_2: Version = Version::new(2024, 2, 0, 0);
    pub const V2024_4: Version = Version::new(2024, 4, 0, 0);
    pub const V2024_6: Version = Version::new(2024, 6, 0, 0);
    pub const V2024_8: Version = Version::new(2024, 8, 0, 0);
    pub const V2024_11: Version = Version::new(2024, 11, 0, 0);
    pub const V2024_13: Version = Version::new(2024, 13, 0, 0);
    pub const V2024_14: Version = Version::new(2024, 14, 0, 0);
    pub const V2024_14_1: Version = Version::new(2024, 14, 1, 0);
    /// Later than any release a gate names.
    pub const NEWEST: Version = Version::new(u16::MAX, 0, 0, 0);

    /// The newest release before this one.
    pub fn below(self) -> Version {
        Version(self.0.saturating_sub(1))
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
        // Just below a release: the layout of the releases before it.
        if build == u16::MAX {
            return write!(f, "before {}", Version(self.0 + 1));
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
#[derive(Debug, Clone, Copy)]
pub struct Range {
    pub low: Version,
    pub high: Version,
}
