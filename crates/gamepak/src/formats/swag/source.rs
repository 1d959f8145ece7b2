//! `swag.toml`: the document as text, naming the asset files beside it.
//!
//! One shape serves both ways in: `extract` writes it with the assets, and `build`
//! reads a hand-made one from a source folder. `pack` is `build` on an extracted
//! folder. Sections keep their order as `[[section]]` entries tagged by their
//! four-letter tag.

use crate::FourCC;
use std::collections::btree_map::Entry;

use serde::{Deserialize, Serialize};

use super::asm;
use super::items::{self, Item};
use super::model::*;
use super::opcodes::OpcodeTable;
use crate::bytes::Endian;
use crate::codec::{crc::crc32, png as png_codec, zlib};
use crate::error::{Error, ErrorKind, Result};
use crate::io::SourceDir;
use crate::limits::{Held, Limits};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Document {
    pub byte_order: Endian,
    pub version: u8,
    #[serde(with = "platform_names")]
    pub platforms: u8,
    /// The opcode table of the code, beside this file; the default table when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opcodes: Option<String>,
    #[serde(default)]
    pub section: Vec<SectionSource>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "tag")]
pub enum SectionSource {
    #[serde(rename = "CNFG")]
    Config(Config),
    #[serde(rename = "SDRM")]
    Drm(Drm),
    #[serde(rename = "TXTR")]
    Textures { textures: Vec<Texture> },
    #[serde(rename = "SOND")]
    Sounds { sounds: Vec<Sound> },
    #[serde(rename = "FONT")]
    Fonts { fonts: Vec<FontSource> },
    /// Each object's disassembly.
    #[serde(rename = "CODE")]
    Code { objects: Vec<String> },
    #[serde(rename = "SCNE")]
    Scenes { scenes: Vec<SceneSource> },
    /// Each sheet's PNG, stored as it is.
    #[serde(rename = "TXST")]
    Sheets { sheets: Vec<String> },
    /// Each clip, stored as it is.
    #[serde(rename = "AUDO")]
    Audio { clips: Vec<String> },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FontSource {
    pub key: String,
    pub face: FaceSource,
    pub anti_aliasing: u8,
    pub size: i32,
    /// Style names other than outline and drop shadow, which follow their blocks.
    pub style: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outline: Option<Outline>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drop_shadow: Option<DropShadow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FaceSource {
    /// A system font's face name.
    Referenced(String),
    /// A TrueType file, stored compressed.
    Compiled(StreamSource),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SceneSource {
    pub name: String,
    pub data: StreamSource,
}

/// A file stored as a compressed stream. `crc32` is the file's as extracted: a file
/// that no longer matches is deflated again and reported. `original` keeps a stream
/// our deflater does not reproduce, used while the file still matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StreamSource {
    pub file: String,
    /// The file is the stored stream itself (it did not inflate when extracted).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stored: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crc32: Option<u32>,
}

/// Platform flags as the names of their bits.
pub mod platform_names {
    use super::PLATFORMS;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bits: &u8, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(super::platform_names(*bits))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        super::flag_bits(&names, &PLATFORMS, "platform").map_err(D::Error::custom)
    }
}

/// The bits named in `names`, each one of `all`.
fn flag_bits(names: &[String], all: &[&str; 8], what: &str) -> std::result::Result<u8, String> {
    names.iter().try_fold(0u8, |bits, n| {
        let b = all
            .iter()
            .position(|a| a.eq_ignore_ascii_case(n))
            .ok_or_else(|| format!("{n:?} is not a {what} (known: {})", all.join(", ")))?;
        Ok(bits | 1 << b)
    })
}

/// A stream's plain bytes; an error says whether it does not inflate or would pass
/// the allocation limit.
pub fn inflated(b: &Blob<'_>, path: &str, limits: &Limits) -> Result<Vec<u8>> {
    zlib::inflate_any(&b.bytes, limits, path, b.offset)
}

/// Files an extraction writes beside `swag.toml`: path and bytes.
pub type Files = Vec<(String, Vec<u8>)>;

/// The document of `doc`, with the stream files it names (plain forms and the
/// originals our deflater would not reproduce). Sheets, clips, frames and code are
/// rendered by the caller under the names [`items::path`] gives. A stream that does
/// not inflate is kept as stored; one that would pass the allocation limit is refused,
/// since raising the limit gives the plain form.
pub fn to_source(
    doc: &Swag<'_>,
    opcodes: Option<&str>,
    limits: &Limits,
) -> Result<(Document, Files)> {
    let mut files = Files::new();
    let mut refused = None;
    let mut stream = |b: &Blob<'_>, file: String| -> StreamSource {
        let plain = match inflated(b, &file, limits) {
            Ok(plain) => plain,
            Err(e) => {
                if matches!(e.kind, ErrorKind::Limit(_)) {
                    refused.get_or_insert(e);
                }
                files.push((file.clone(), b.bytes.to_vec()));
                return StreamSource {
                    file,
                    stored: true,
                    original: None,
                    crc32: None,
                };
            }
        };
        let original = (zlib::deflate(&plain) != *b.bytes).then(|| {
            let name = format!("raw/{file}.stream");
            files.push((name.clone(), b.bytes.to_vec()));
            name
        });
        let crc = crc32(&plain);
        files.push((file.clone(), plain));
        StreamSource {
            file,
            stored: false,
            original,
            crc32: Some(crc),
        }
    };
    let section = doc
        .sections
        .iter()
        .enumerate()
        .map(|(s, sec)| {
            let paths = |item: &dyn Fn(usize) -> Item, n: usize| -> Vec<String> {
                (0..n).map(|i| items::path(doc, item(i))).collect()
            };
            match sec {
                Section::Config(c) => SectionSource::Config(c.clone()),
                Section::Drm(d) => SectionSource::Drm(d.clone()),
                Section::Textures(t) => SectionSource::Textures {
                    textures: t.clone(),
                },
                Section::Sounds(v) => SectionSource::Sounds { sounds: v.clone() },
                Section::Fonts(v) => SectionSource::Fonts {
                    fonts: v
                        .iter()
                        .enumerate()
                        .map(|(index, f)| FontSource {
                            key: f.key.clone(),
                            face: match &f.face {
                                FontFace::Referenced(n) => FaceSource::Referenced(n.clone()),
                                FontFace::Compiled(b) => FaceSource::Compiled(stream(
                                    b,
                                    items::path(doc, Item::Font { section: s, index }),
                                )),
                            },
                            anti_aliasing: f.anti_aliasing,
                            size: f.size,
                            style: (0..8)
                                .filter(|b| {
                                    f.style & (1 << b) != 0
                                        && 1 << b != STYLE_OUTLINE
                                        && 1 << b != STYLE_DROP_SHADOW
                                })
                                .map(|b| STYLES[b].to_string())
                                .collect(),
                            outline: f.outline,
                            drop_shadow: f.drop_shadow,
                        })
                        .collect(),
                },
                Section::Code(v) => SectionSource::Code {
                    objects: paths(&|index| Item::Code { section: s, index }, v.len()),
                },
                Section::Scenes(v) => SectionSource::Scenes {
                    scenes: v
                        .iter()
                        .enumerate()
                        .map(|(index, sc)| SceneSource {
                            name: sc.name.clone(),
                            data: stream(
                                &sc.data,
                                items::path(doc, Item::Scene { section: s, index }),
                            ),
                        })
                        .collect(),
                },
                Section::Sheets(v) => SectionSource::Sheets {
                    sheets: paths(&|index| Item::Sheet { section: s, index }, v.len()),
                },
                Section::Audio(v) => SectionSource::Audio {
                    clips: paths(&|index| Item::Clip { section: s, index }, v.len()),
                },
            }
        })
        .collect();
    if let Some(e) = refused {
        return Err(e);
    }
    Ok((
        Document {
            byte_order: doc.endian,
            version: doc.version,
            platforms: doc.platforms,
            opcodes: opcodes.map(str::to_string),
            section,
        },
        files,
    ))
}

/// A document loaded from a folder, and what had to be encoded again.
pub struct Loaded {
    pub doc: Swag<'static>,
    pub reencoded: Vec<String>,
}

/// Reads `swag.toml` and the files it names. `table` overrides the folder's opcode
/// table; `endian` its byte order.
pub fn load(
    dir: &SourceDir,
    table: Option<&OpcodeTable>,
    endian: Option<Endian>,
    limits: &Limits,
) -> Result<Loaded> {
    let text = String::from_utf8(dir.read(items::DOCUMENT)?)
        .map_err(|_| Error::at(items::DOCUMENT, "not UTF-8"))?;
    let src: Document = crate::toml_text::parse(&text, items::DOCUMENT)?;
    let own_table;
    let table = match (table, &src.opcodes) {
        (Some(t), _) => t,
        (None, Some(file)) => {
            own_table = OpcodeTable::parse(&String::from_utf8_lossy(&dir.read(file)?), file)?;
            &own_table
        }
        (None, None) => OpcodeTable::default_table(),
    };
    let mut reencoded = Vec::new();
    let mut stream = |s: &StreamSource| -> Result<Blob<'static>> {
        let file = dir.read(&s.file)?;
        if s.stored {
            return Ok(Blob::owned(file));
        }
        let unchanged = s.crc32.map(|crc| crc == crc32(&file));
        match (&s.original, unchanged) {
            (Some(original), Some(true)) => Ok(Blob::owned(dir.read(original)?)),
            _ => {
                if unchanged == Some(false) {
                    reencoded.push(s.file.clone());
                }
                Ok(Blob::owned(zlib::deflate(&file)))
            }
        }
    };
    let blobs = |files: &[String]| -> Result<Vec<Blob<'static>>> {
        files
            .iter()
            .map(|f| Ok(Blob::owned(dir.read(f)?)))
            .collect()
    };
    let mut sections = Vec::with_capacity(src.section.len());
    for s in &src.section {
        sections.push(match s {
            SectionSource::Config(c) => Section::Config(c.clone()),
            SectionSource::Drm(d) => Section::Drm(d.clone()),
            SectionSource::Textures { textures } => Section::Textures(textures.clone()),
            SectionSource::Sounds { sounds } => Section::Sounds(sounds.clone()),
            SectionSource::Fonts { fonts } => Section::Fonts(
                fonts
                    .iter()
                    .map(|f| {
                        let style_bits = flag_bits(&f.style, &STYLES, "style").map_err(|e| {
                            Error::at(items::DOCUMENT, format!("font {:?}: {e}", f.key))
                        })?;
                        Ok(Font {
                            key: f.key.clone(),
                            face: match &f.face {
                                FaceSource::Referenced(n) => FontFace::Referenced(n.clone()),
                                FaceSource::Compiled(s) => FontFace::Compiled(stream(s)?),
                            },
                            anti_aliasing: f.anti_aliasing,
                            size: f.size,
                            style: style_bits & !(STYLE_OUTLINE | STYLE_DROP_SHADOW),
                            outline: f.outline,
                            drop_shadow: f.drop_shadow,
                        })
                    })
                    .collect::<Result<_>>()?,
            ),
            SectionSource::Code { objects } => Section::Code(
                objects
                    .iter()
                    .map(|f| {
                        let text = String::from_utf8(dir.read(f)?)
                            .map_err(|_| Error::at(f.as_str(), "not UTF-8"))?;
                        asm::assemble(&text, table, f)
                    })
                    .collect::<Result<_>>()?,
            ),
            SectionSource::Scenes { scenes } => Section::Scenes(
                scenes
                    .iter()
                    .map(|sc| {
                        Ok(Scene {
                            name: sc.name.clone(),
                            data: stream(&sc.data)?,
                        })
                    })
                    .collect::<Result<_>>()?,
            ),
            SectionSource::Sheets { sheets } => Section::Sheets(blobs(sheets)?),
            SectionSource::Audio { clips } => Section::Audio(blobs(clips)?),
        });
    }
    let mut doc = Swag {
        endian: endian.unwrap_or(src.byte_order),
        version: src.version,
        platforms: src.platforms,
        sections,
        spans: Vec::new(),
    };
    reencoded.extend(apply_frames(dir, &mut doc, limits)?);
    Ok(Loaded { doc, reencoded })
}

/// Pastes every frame image whose pixels differ from its place in its sheet, and
/// encodes the sheets that changed again. Gives the names of those sheets.
fn apply_frames(dir: &SourceDir, doc: &mut Swag<'static>, limits: &Limits) -> Result<Vec<String>> {
    let mut decoded: std::collections::BTreeMap<usize, (Held<png_codec::Rgba>, bool)> =
        Default::default();
    let sheet_section = doc.sections.iter().position(|s| s.tag() == FourCC::TXST);
    let sheets = doc.sheets();
    for (section, s) in doc.sections.iter().enumerate() {
        let Section::Textures(textures) = s else {
            continue;
        };
        for (texture, t) in textures.iter().enumerate() {
            for (frame, f) in t.frames.iter().enumerate() {
                let name = items::path(
                    doc,
                    Item::Frame {
                        section,
                        texture,
                        frame,
                    },
                );
                if !dir.is_file(&name)? {
                    continue;
                }
                let img = png_codec::decode_source(&dir.read(&name)?, &name, limits)?;
                if (img.width, img.height) != (t.width.into(), t.height.into()) {
                    return Err(Error::at(
                        &name,
                        format!(
                            "{}x{} pixels, but the texture's frames are {}x{}",
                            img.width, img.height, t.width, t.height
                        ),
                    ));
                }
                let k = f.sheet as usize;
                let sheet = sheets
                    .get(k)
                    .ok_or_else(|| Error::at(&name, format!("sheet {k} does not exist")))?;
                let (page, dirty) = match decoded.entry(k) {
                    Entry::Occupied(e) => e.into_mut(),
                    Entry::Vacant(e) => {
                        let what = format!("sheet {k}");
                        e.insert((png_codec::decode(&sheet.bytes, &what, limits)?, false))
                    }
                };
                if u32::from(f.x) + img.width > page.width
                    || u32::from(f.y) + img.height > page.height
                {
                    return Err(Error::at(
                        &name,
                        format!("the frame at ({}, {}) runs outside sheet {k}", f.x, f.y),
                    ));
                }
                if page.crop(f.x.into(), f.y.into(), img.width, img.height) != *img {
                    page.paste(&img, f.x.into(), f.y.into());
                    *dirty = true;
                }
            }
        }
    }
    let mut changed = Vec::new();
    if let Some(Section::Sheets(blobs)) = sheet_section.map(|i| &mut doc.sections[i]) {
        for (k, (page, dirty)) in decoded {
            if dirty {
                blobs[k] = Blob::owned(png_codec::encode_compact(&page)?);
                changed.push(format!("sheet {k}"));
            }
        }
    }
    Ok(changed)
}

/// The compressed streams a section names.
pub fn streams(s: &SectionSource) -> Vec<&StreamSource> {
    match s {
        SectionSource::Fonts { fonts } => fonts
            .iter()
            .filter_map(|f| match &f.face {
                FaceSource::Compiled(s) => Some(s),
                FaceSource::Referenced(_) => None,
            })
            .collect(),
        SectionSource::Scenes { scenes } => scenes.iter().map(|s| &s.data).collect(),
        _ => Vec::new(),
    }
}
