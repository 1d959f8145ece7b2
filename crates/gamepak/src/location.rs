//! Where something is in a file's structure: a list of segments, each a name with an
//! optional index. It is rendered (`FORM/TXTR/entry[3]`) only to be shown, so code
//! that needs part of a place takes segments, never a rendered string apart.

use std::borrow::Cow;
use std::fmt;

/// One step of a [`Location`]: `entry`, `entry[3]`, or `section[3] sprites`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Segment {
    /// The name of the structure (`TXTR`, `entry`).
    pub name: Cow<'static, str>,
    /// Its index among its siblings, shown as `[3]`.
    pub index: Option<usize>,
    /// Text shown right after the name and index, saying more of what is there
    /// (` sprites`, `(inflated from 0x1a2b)`).
    pub suffix: Option<Cow<'static, str>>,
}

/// A path into a file's structure, such as `GBIN/IMAG/entry[3]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Location {
    segments: Vec<Segment>,
}

impl Location {
    /// A location of one segment: the outermost structure (`FORM`, `TNG`).
    pub fn root(name: impl Into<Cow<'static, str>>) -> Location {
        Location::default().child(name)
    }

    /// This location with a named segment added.
    pub fn child(&self, name: impl Into<Cow<'static, str>>) -> Location {
        self.pushed(name.into(), None)
    }

    /// This location with an indexed segment added: `at("entry", 3)` is `entry[3]`.
    pub fn at(&self, name: impl Into<Cow<'static, str>>, index: usize) -> Location {
        self.pushed(name.into(), Some(index))
    }

    /// This location with text right after its last segment: `section[3] sprites`.
    pub fn with_suffix(&self, suffix: impl Into<Cow<'static, str>>) -> Location {
        let mut out = self.clone();
        if let Some(last) = out.segments.last_mut() {
            last.suffix = Some(suffix.into());
        }
        out
    }

    fn pushed(&self, name: Cow<'static, str>, index: Option<usize>) -> Location {
        let mut segments = Vec::with_capacity(self.segments.len() + 1);
        segments.extend(self.segments.iter().cloned());
        segments.push(Segment {
            name,
            index,
            suffix: None,
        });
        Location { segments }
    }

    /// Every segment, outermost first.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The innermost segment; `None` for an empty location.
    pub fn last(&self) -> Option<&Segment> {
        self.segments.last()
    }

    /// Whether this location begins with every segment of `prefix` (whole segments,
    /// not text).
    pub fn starts_with(&self, prefix: &Location) -> bool {
        self.segments.starts_with(&prefix.segments)
    }

    /// The segments after `prefix`, when this location starts with it.
    pub fn strip_prefix(&self, prefix: &Location) -> Option<Location> {
        self.segments
            .strip_prefix(prefix.segments.as_slice())
            .map(|rest| Location {
                segments: rest.to_vec(),
            })
    }
}

impl fmt::Display for Segment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if let Some(i) = self.index {
            write!(f, "[{i}]")?;
        }
        if let Some(suffix) = &self.suffix {
            f.write_str(suffix)?;
        }
        Ok(())
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.segments.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// Errors and problems keep the rendered path: this is where it is rendered.
/// One segment named by the text, as it is: a root such as `GBIN`, or none when
/// the text is empty.
impl From<&str> for Location {
    fn from(name: &str) -> Location {
        if name.is_empty() {
            Location::default()
        } else {
            Location::root(name.to_string())
        }
    }
}

impl From<&Location> for Location {
    fn from(l: &Location) -> Location {
        l.clone()
    }
}

impl From<&Location> for String {
    fn from(l: &Location) -> String {
        l.to_string()
    }
}

impl From<Location> for String {
    fn from(l: Location) -> String {
        l.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_names_indices_and_suffixes() {
        let l = Location::root("FORM").child("TXTR").at("entry", 3);
        assert_eq!(l.to_string(), "FORM/TXTR/entry[3]");
        let s = Location::root("TNG").child("block").at("section", 28);
        assert_eq!(
            s.with_suffix(" npcs")
                .at("npcs", 2)
                .child("asset")
                .to_string(),
            "TNG/block/section[28] npcs/npcs[2]/asset"
        );
        assert_eq!(Location::default().to_string(), "");
    }

    #[test]
    fn prefixes_compare_whole_segments() {
        let section = Location::root("TNG").at("section", 2);
        let asset = section.at("npcs", 1).child("asset");
        assert!(asset.starts_with(&section));
        assert_eq!(
            asset.strip_prefix(&section).unwrap().to_string(),
            "npcs[1]/asset"
        );
        assert!(!asset.starts_with(&Location::root("TNG").at("section", 20)));
        assert!(Location::root("TNG")
            .at("section", 20)
            .strip_prefix(&section)
            .is_none());
    }
}
