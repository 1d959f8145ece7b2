//! Four-character codes: the names of chunks and sections in several formats. Shown
//! as their text when every byte is printable, as eight hex digits otherwise, and
//! read back from either form, so a manifest stores them as the text people know.

use std::fmt;
use std::str::FromStr;

/// A chunk name or section tag, as its four bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FourCC(pub [u8; 4]);

macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        impl FourCC {
            $($(#[$doc])* pub const $name: FourCC = FourCC(match stringify!($name).as_bytes() {
                &[a, b, c, d] => [a, b, c, d],
                _ => panic!("a four-character code has four characters"),
            });)*
        }
    };
}

// GameMaker's chunks.
codes!(
    /// The container every GameMaker chunk is in.
    FORM,
    /// GameMaker's general information: names, ids, window size, flags and room order.
    GEN8,
    /// GameMaker's game options.
    OPTN,
    /// GameMaker's localised strings.
    LANG,
    /// GameMaker's extensions.
    EXTN,
    /// Sounds: GameMaker's sound records, and SWAG's sounds section.
    SOND,
    /// GameMaker's audio groups.
    AGRP,
    /// GameMaker's sprites.
    SPRT,
    /// GameMaker's backgrounds (tile sets from GameMaker Studio 2).
    BGND,
    /// GameMaker's paths.
    PATH,
    /// GameMaker's scripts.
    SCPT,
    /// GameMaker's code entries run when the game starts.
    GLOB,
    /// GameMaker's shaders.
    SHDR,
    /// Fonts: GameMaker's font records, and SWAG's fonts section.
    FONT,
    /// GameMaker's timelines.
    TMLN,
    /// GameMaker's objects and their events.
    OBJT,
    /// GameMaker's feature flags (2022.8 and later).
    FEAT,
    /// GameMaker's animation curves (2.3 and later).
    ACRV,
    /// GameMaker's sequences.
    SEQN,
    /// GameMaker's asset tags (2.3 and later).
    TAGS,
    /// GameMaker's particle emitters (2023.2 and later).
    PSEM,
    /// GameMaker's particle systems (2023.2 and later).
    PSYS,
    /// GameMaker's filter effects (2.3.6 and later).
    FEDS,
    /// GameMaker's UI layers (2024.13 and later).
    UILR,
    /// GameMaker's rooms.
    ROOM,
    /// GameMaker's data files, a chunk GameMaker writes empty.
    DAFL,
    /// GameMaker's embedded images (GameMaker Studio 2 and later).
    EMBI,
    /// GameMaker's texture page items: where each frame lies on a page.
    TPAG,
    /// GameMaker's texture groups (2.2.1 and later).
    TGIN,
    /// Code: GameMaker's code entries, SWAG's compiled objects, and the type of a GBIN
    /// file entry that holds code.
    CODE,
    /// GameMaker's variables, as the code uses them.
    VARI,
    /// GameMaker's functions, as the code calls them.
    FUNC,
    /// GameMaker's string table.
    STRG,
    /// Textures: GameMaker's texture pages, and SWAG's textures section.
    TXTR,
    /// Embedded audio: GameMaker's clips (an audio group file's only chunk), and SWAG's
    /// audio section.
    AUDO,
);

// GBIN's chunks and SWAG's section tags, besides those GameMaker has too (FONT, CODE,
// SOND, TXTR, AUDO).
codes!(
    /// The magic that starts a GBIN package.
    GBIN,
    /// SWAG's configuration: game title, window settings and the initial state.
    CNFG,
    /// GBIN's string table for one language.
    STRT,
    /// GBIN's file directory, pointing into FDAT.
    FDIR,
    /// GBIN's file data, concatenated and 4-aligned.
    FDAT,
    /// GBIN's seed-layout file: one file with its own header.
    FILE,
    /// GBIN's colours (B, G, R, A) of every colour map, in the reference layout.
    COLR,
    /// GBIN's colour maps: one inline (seed layout) or a table pointing into COLR.
    CMAP,
    /// GBIN's image frames.
    IMAG,
    /// GBIN's pixel data of every image and tile set.
    IMGD,
    /// GBIN's image groups.
    IGRP,
    /// GBIN's frames of every image sequence.
    IFRM,
    /// GBIN's image sequences.
    ISEQ,
    /// GBIN's source image layout (seed layout only).
    SIMG,
    /// GBIN's tile sets.
    TSET,
    /// GBIN's tile maps: one inline (seed layout) or a table pointing into TMIX and TMBL.
    TMAP,
    /// GBIN's tile values of every block of every map, in the reference layout.
    TMBL,
    /// GBIN's u16 block indices of every map, in the reference layout.
    TMIX,
    /// GBIN's sound samples, their data in WAVD.
    SWAV,
    /// GBIN's sample data, which SWAV entries point into.
    WAVD,
    /// SWAG's scenes, each a name and compressed data.
    SCNE,
    /// SWAG's copy protection type and its hash.
    SDRM,
    /// SWAG's STAT section, whose layout version 10 leaves undefined: reading stops there.
    STAT,
    /// SWAG's texture sheets, each a PNG file.
    TXST,
    /// GBIN's end-of-package chunk.
    ENDC,
);

impl FourCC {
    /// Whether every byte is printable ASCII (or a space), so that the code is shown
    /// as its text.
    pub fn is_printable(self) -> bool {
        self.0.iter().all(|c| c.is_ascii_graphic() || *c == b' ')
    }
}

impl From<[u8; 4]> for FourCC {
    fn from(b: [u8; 4]) -> FourCC {
        FourCC(b)
    }
}

/// Errors name a chunk by its text.
impl From<FourCC> for String {
    fn from(c: FourCC) -> String {
        c.to_string()
    }
}

impl fmt::Display for FourCC {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_printable() {
            f.write_str(std::str::from_utf8(&self.0).expect("printable ASCII is UTF-8"))
        } else {
            self.0.iter().try_for_each(|c| write!(f, "{c:02x}"))
        }
    }
}

impl fmt::Debug for FourCC {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FourCC({self})")
    }
}

/// A text that is neither four printable characters nor eight hex digits.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not a four-character code (four printable characters or eight hex digits)")]
pub struct NotFourCC(String);

impl FromStr for FourCC {
    type Err = NotFourCC;

    fn from_str(s: &str) -> Result<FourCC, NotFourCC> {
        let code = match <[u8; 4]>::try_from(s.as_bytes()) {
            Ok(b) => Some(FourCC(b)).filter(|c| c.is_printable()),
            Err(_) => crate::bytes::from_hex(s)
                .and_then(|b| <[u8; 4]>::try_from(b).ok())
                .map(FourCC)
                .filter(|c| !c.is_printable()),
        };
        code.ok_or_else(|| NotFourCC(s.to_string()))
    }
}

impl serde::Serialize for FourCC {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for FourCC {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FourCC, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_as_text_or_hex_and_read_back() {
        assert_eq!(FourCC::TXTR.to_string(), "TXTR");
        assert_eq!(FourCC(*b"TXTR"), FourCC::TXTR);
        let odd = FourCC([0, 1, b'A', 0xff]);
        assert_eq!(odd.to_string(), "000141ff");
        assert_eq!(format!("{odd:?}"), "FourCC(000141ff)");
        for c in [FourCC::GEN8, FourCC(*b"A B "), odd] {
            assert_eq!(c.to_string().parse::<FourCC>().unwrap(), c);
        }
        assert!("TXT".parse::<FourCC>().is_err());
        assert!(
            "54585452".parse::<FourCC>().is_err(),
            "printable codes are text"
        );
    }

    #[test]
    fn manifests_store_the_text() {
        #[derive(serde::Serialize, serde::Deserialize)]
        struct Entry {
            name: FourCC,
        }
        let text = toml::to_string(&Entry { name: FourCC::GEN8 }).unwrap();
        assert_eq!(text.trim(), r#"name = "GEN8""#);
        assert_eq!(toml::from_str::<Entry>(&text).unwrap().name, FourCC::GEN8);
    }
}
