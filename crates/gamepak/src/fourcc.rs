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
    FORM, GEN8, OPTN, LANG, EXTN, SOND, AGRP, SPRT, BGND, PATH, SCPT, GLOB, SHDR, FONT, TMLN,
    OBJT, FEAT, ACRV, SEQN, TAGS, PSEM, PSYS, FEDS, UILR, ROOM, DAFL, EMBI, TPAG, TGIN, CODE,
    VARI, FUNC, STRG, TXTR, AUDO,
);

// GBIN's chunks, besides those GameMaker has too (FONT, CODE, SOND, TXTR, AUDO).
codes!(
    GBIN, CNFG, STRT, FDIR, FDAT, FILE, COLR, CMAP, IMAG, IMGD, IGRP, IFRM, ISEQ, SIMG, TSET, TMAP,
    TMBL, TMIX, SWAV, WAVD, SCNE, SDRM, STAT, TXST, ENDC,
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
            self.0.iter().try_for_each(|&c| write!(f, "{}", c as char))
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
