//! Reading a SWAG file into a [`Swag`] document.
//!
//! Sections carry no length, so each must be read whole to find the next; the first
//! thing not understood (STAT, an unknown tag, an opcode missing from the table) ends
//! the read with an error at its offset.

use crate::FourCC;
use std::borrow::Cow;

use super::model::*;
use super::opcodes::OpcodeTable;
use crate::assets::Damage;
use crate::bytes::{Endian, Reader};
use crate::error::{Error, ErrorKind, Result};
use crate::report::Problem;

/// Lists deeper than this are refused, so hostile nesting cannot exhaust the stack.
pub const MAX_DEPTH: usize = 64;

/// The byte order the version field gives: its non-zero byte comes first in
/// little-endian files.
pub fn byte_order(v: [u8; 2]) -> Option<(Endian, u8)> {
    match v {
        [lo, 0] if lo != 0 => Some((Endian::Little, lo)),
        [0, hi] if hi != 0 => Some((Endian::Big, hi)),
        _ => None,
    }
}

/// The header: byte order, version and platform flags.
pub fn header(data: &[u8]) -> Result<(Endian, u8, u8)> {
    let mut r = Reader::new(data, "SWAG");
    let magic = r.array::<4>("magic")?;
    if &magic != b"SWAG" {
        return Err(Error::new(
            "SWAG",
            Some(0),
            ErrorKind::BadMagic {
                expected: "SWAG".into(),
                found: FourCC(magic).to_string(),
            },
        ));
    }
    let v = r.array::<2>("version")?;
    let (endian, version) = byte_order(v).ok_or_else(|| {
        r.error_at(
            4,
            format!(
                "version bytes {:02x} {:02x} give no byte order (one must be 0, the other not)",
                v[0], v[1]
            ),
        )
    })?;
    if version != VERSION {
        return Err(Error::new(
            "SWAG/version",
            Some(4),
            ErrorKind::Unsupported(format!("version {version}: only version {VERSION} is read")),
        ));
    }
    Ok((endian, version, r.u8("platform flags")?))
}

/// Reads a whole file; `table` gives the operand count of each opcode.
pub fn read<'a>(data: &'a [u8], table: &OpcodeTable) -> Result<Swag<'a>> {
    read_prefix(data, table).map(|(doc, _)| doc)
}

/// Reads a file and says where its last section ended.
pub fn read_prefix<'a>(data: &'a [u8], table: &OpcodeTable) -> Result<(Swag<'a>, usize)> {
    read_sections(data, table, None)
}

/// Reads a damaged or truncated file as far as it goes, for salvage: the sections
/// before the first that does not read whole, which the damage records, with the
/// intact bytes ending where it starts (sections carry no length, so nothing after
/// it can be found). Only a header that cannot be read fails.
pub fn read_salvaging<'a>(data: &'a [u8], table: &OpcodeTable) -> Result<(Swag<'a>, Damage)> {
    let mut damage = Damage::new(data);
    let (doc, _) = read_sections(data, table, Some(&mut damage))?;
    Ok((doc, damage))
}

/// Reads a file as far as its sections go, for `info` and `list`: what
/// [`read_salvaging`] keeps, and why the rest could not be read. An error only when
/// the header does not read.
pub fn read_damaged<'a>(data: &'a [u8], table: &OpcodeTable) -> Result<(Swag<'a>, Vec<Problem>)> {
    let (doc, damage) = read_salvaging(data, table)?;
    Ok((doc, damage.problems()))
}

/// Reads the sections: strictly without `damage`, as far as they go with it.
fn read_sections<'a>(
    data: &'a [u8],
    table: &OpcodeTable,
    mut damage: Option<&mut Damage>,
) -> Result<(Swag<'a>, usize)> {
    let (endian, version, platforms) = header(data)?;
    let mut r = Reader::new(data, "SWAG").with_endian(endian);
    r.seek(7, "section count")?;
    let count = r.u8("section count")?;
    let mut sections = Vec::with_capacity(count as usize);
    let mut spans = Vec::with_capacity(count as usize);
    for i in 0..count {
        let at = r.offset();
        let read = r.array::<4>("section tag").and_then(|tag| {
            let tag = FourCC(tag);
            within(&mut r, &tag.to_string(), |r| section(r, tag, at, table))
        });
        match (read, damage.as_deref_mut()) {
            (Ok(section), _) => {
                sections.push(section);
                spans.push(at..r.offset());
            }
            (Err(e), Some(d)) => {
                d.lose(&e);
                d.intact_to = at;
                let after = count - i - 1;
                if after > 0 {
                    d.lose(&Error::invalid(
                        "SWAG",
                        at,
                        format!("{after} sections after this one could not be found"),
                    ));
                }
                break;
            }
            (Err(e), None) => return Err(e),
        }
    }
    Ok((
        Swag {
            endian,
            version,
            platforms,
            sections,
            spans,
        },
        r.pos(),
    ))
}

/// Runs `f` on a reader whose path names one more level, then moves past what it read.
fn within<'a, T>(
    r: &mut Reader<'a>,
    name: &str,
    f: impl FnOnce(&mut Reader<'a>) -> Result<T>,
) -> Result<T> {
    let mut inner = r.named(name);
    let v = f(&mut inner)?;
    r.seek(inner.pos(), name)?;
    Ok(v)
}

fn section<'a>(
    r: &mut Reader<'a>,
    tag: FourCC,
    at: u64,
    table: &OpcodeTable,
) -> Result<Section<'a>> {
    Ok(match tag {
        FourCC::CNFG => Section::Config(config(r)?),
        FourCC::SDRM => Section::Drm(drm(r)?),
        FourCC::TXTR => Section::Textures(records(r, "texture", 29, texture)?),
        FourCC::SOND => Section::Sounds(records(r, "sound", 9, sound)?),
        FourCC::FONT => Section::Fonts(records(r, "font", 15, font)?),
        FourCC::CODE => Section::Code(records(r, "object", 9, |r| object(r, table))?),
        FourCC::SCNE => Section::Scenes(records(r, "scene", 8, |r| {
            Ok(Scene {
                name: string(r, "name")?,
                data: blob(r, "compressed stream")?,
            })
        })?),
        FourCC::TXST => Section::Sheets(records(r, "sheet", 4, |r| blob(r, "PNG"))?),
        FourCC::AUDO => Section::Audio(records(r, "clip", 4, |r| blob(r, "audio"))?),
        FourCC::STAT => {
            return Err(Error::new(
                r.path(),
                Some(at),
                ErrorKind::Unsupported(
                    "STAT section: version 10 leaves its layout undefined, and sections carry \
                     no length, so nothing after it can be read"
                        .into(),
                ),
            ))
        }
        _ => {
            return Err(Error::invalid(
                r.path(),
                at,
                format!(
                    "unknown section tag {:?}: sections carry no length, so nothing after it \
                     can be read",
                    tag.to_string()
                ),
            ))
        }
    })
}

/// A u32 count, then that many records of at least `min_size` bytes each.
fn records<'a, T>(
    r: &mut Reader<'a>,
    what: &str,
    min_size: usize,
    mut one: impl FnMut(&mut Reader<'a>) -> Result<T>,
) -> Result<Vec<T>> {
    let count = count(r, what, min_size)?;
    (0..count)
        .map(|i| within(r, &format!("{what}[{i}]"), &mut one))
        .collect()
}

/// A u32 count of items at least `min_size` bytes each, refused when the rest of the
/// file cannot hold that many.
fn count(r: &mut Reader<'_>, what: &str, min_size: usize) -> Result<usize> {
    let at = r.pos();
    let n = r.u32(&format!("{what} count"))? as usize;
    if n.saturating_mul(min_size) > r.remaining() {
        return Err(r.error_at(
            at,
            format!(
                "{n} {what} entries cannot fit in the {} bytes left",
                r.remaining()
            ),
        ));
    }
    Ok(n)
}

/// A u32 length and that many bytes, refused when the length runs past the end.
fn sized<'a>(r: &mut Reader<'a>, what: &str) -> Result<&'a [u8]> {
    let at = r.pos();
    let len = r.u32(&format!("{what} length"))? as usize;
    if len > r.remaining() {
        return Err(r.error_at(
            at,
            format!(
                "{what}: length {len} runs past the end ({} bytes left)",
                r.remaining()
            ),
        ));
    }
    r.bytes(len, what)
}

/// A u32 length and that many UTF-8 bytes.
pub(super) fn string(r: &mut Reader<'_>, what: &str) -> Result<String> {
    let start = r.pos() + 4;
    let bytes = sized(r, what)?;
    String::from_utf8(bytes.to_vec()).map_err(|e| {
        r.error_at(
            start + e.utf8_error().valid_up_to(),
            format!("{what}: string is not UTF-8"),
        )
    })
}

fn blob<'a>(r: &mut Reader<'a>, what: &str) -> Result<Blob<'a>> {
    let offset = r.offset() + 4;
    Ok(Blob {
        bytes: Cow::Borrowed(sized(r, what)?),
        offset,
    })
}

fn config(r: &mut Reader<'_>) -> Result<Config> {
    Ok(Config {
        title: string(r, "game title")?,
        width: r.u16("width")?,
        height: r.u16("height")?,
        fullscreen: r.u8("fullscreen")?,
        vertical_sync: r.u8("vertical sync")?,
        cursor_visible: r.u8("cursor visible")?,
        anti_aliasing: r.u8("anti-aliasing level")?,
        target_framerate: r.u8("target framerate")?,
        initial_state: string(r, "initial state")?,
    })
}

fn drm(r: &mut Reader<'_>) -> Result<Drm> {
    let at = r.pos();
    Ok(match r.u8("type")? {
        0 => Drm::None,
        1 => Drm::Alpha {
            key_sha1: string(r, "key hash")?,
        },
        2 => Drm::Free {
            hwid_sha1: string(r, "HWID hash")?,
        },
        3 => Drm::Registered {
            platforms: r.u8("registered platforms")?,
            key_sha1: string(r, "key hash")?,
        },
        t => {
            return Err(r.error_at(
                at,
                format!("DRM type {t} is not 0-3, so its layout is unknown"),
            ))
        }
    })
}

fn texture(r: &mut Reader<'_>) -> Result<Texture> {
    let key = string(r, "key")?;
    let width = r.u16("width")?;
    let height = r.u16("height")?;
    let n = count(r, "frame", 6)?;
    let frames = (0..n)
        .map(|_| {
            Ok(Frame {
                sheet: r.u16("frame sheet")?,
                x: r.u16("frame x")?,
                y: r.u16("frame y")?,
            })
        })
        .collect::<Result<_>>()?;
    Ok(Texture {
        key,
        width,
        height,
        frames,
        origin: [r.f32("origin x")?, r.f32("origin y")?],
        smooth: r.u8("smooth")?,
        bbox: [
            r.f32("bbox left")?,
            r.f32("bbox top")?,
            r.f32("bbox right")?,
            r.f32("bbox bottom")?,
        ],
        collision: r.u8("collision mode")?,
        lazy: r.u8("lazy")?,
    })
}

fn sound(r: &mut Reader<'_>) -> Result<Sound> {
    let key = string(r, "key")?;
    let at = r.pos();
    let source = match r.u8("mode")? {
        0 => SoundSource::Stream(string(r, "file name")?),
        1 => SoundSource::Memory(r.u32("audio id")?),
        m => {
            return Err(r.error_at(
                at,
                format!("sound mode {m} is not 0 (stream) or 1 (memory)"),
            ))
        }
    };
    Ok(Sound { key, source })
}

fn font<'a>(r: &mut Reader<'a>) -> Result<Font<'a>> {
    let key = string(r, "key")?;
    let at = r.pos();
    let face = match r.u8("type")? {
        0 => FontFace::Referenced(string(r, "face name")?),
        1 => FontFace::Compiled(blob(r, "TTF stream")?),
        t => {
            return Err(r.error_at(
                at,
                format!("font type {t} is not 0 (referenced) or 1 (compiled)"),
            ))
        }
    };
    let anti_aliasing = r.u8("anti-aliasing")?;
    let size = r.i32("size")?;
    let style = r.u8("style flags")?;
    let outline = if style & STYLE_OUTLINE != 0 {
        Some(Outline {
            color: r.array("outline colour")?,
            thickness: r.u16("outline thickness")?,
        })
    } else {
        None
    };
    let drop_shadow = if style & STYLE_DROP_SHADOW != 0 {
        Some(DropShadow {
            color: r.array("shadow colour")?,
            spread: r.i32("shadow spread")?,
            offset: [r.i32("shadow offset x")?, r.i32("shadow offset y")?],
        })
    } else {
        None
    };
    Ok(Font {
        key,
        face,
        anti_aliasing,
        size,
        style: style & !(STYLE_OUTLINE | STYLE_DROP_SHADOW),
        outline,
        drop_shadow,
    })
}

fn object(r: &mut Reader<'_>, table: &OpcodeTable) -> Result<CodeObject> {
    let kind = r.u8("type")?;
    let name = string(r, "name")?;
    let n = r.u16("field count")? as usize;
    let fields = (0..n)
        .map(|i| {
            within(r, &format!("field[{i}]"), |r| {
                Ok((string(r, "name")?, variant(r, 0)?))
            })
        })
        .collect::<Result<_>>()?;
    let n = r.u16("method count")? as usize;
    let methods = (0..n)
        .map(|i| within(r, &format!("method[{i}]"), |r| method(r, table)))
        .collect::<Result<_>>()?;
    Ok(CodeObject {
        kind,
        name,
        fields,
        methods,
    })
}

fn method(r: &mut Reader<'_>, table: &OpcodeTable) -> Result<Method> {
    let name = string(r, "name")?;
    let arguments = r.u8("argument count")?;
    let n = count(r, "instruction", 1)?;
    let code = (0..n)
        .map(|i| {
            let at = r.pos();
            let opcode = r.u8("opcode")?;
            let op = table.get(opcode).ok_or_else(|| {
                r.error_at(
                    at,
                    format!(
                        "instruction {i}: opcode {opcode:#04x} is not in the opcode table, so \
                         its operands cannot be read (give the right table with --opcodes)"
                    ),
                )
            })?;
            let operands = (0..op.operands)
                .map(|_| variant(r, 0))
                .collect::<Result<_>>()?;
            Ok(Instruction { opcode, operands })
        })
        .collect::<Result<_>>()?;
    Ok(Method {
        name,
        arguments,
        code,
    })
}

pub(super) fn variant(r: &mut Reader<'_>, depth: usize) -> Result<Variant> {
    let at = r.pos();
    Ok(match r.u8("variant type")? {
        0 => Variant::Nil,
        1 => Variant::Integer(r.i64("integer")?),
        2 => Variant::Double(r.f64("double")?),
        3 => Variant::String(string(r, "string")?),
        4 => {
            if depth >= MAX_DEPTH {
                return Err(r.error_at(at, format!("lists nested deeper than {MAX_DEPTH}")));
            }
            let n = count(r, "list element", 1)?;
            Variant::List(
                (0..n)
                    .map(|_| variant(r, depth + 1))
                    .collect::<Result<_>>()?,
            )
        }
        5 => Variant::Object,
        t => {
            return Err(r.error_at(at, format!("variant type {t} is not 0-5")));
        }
    })
}
