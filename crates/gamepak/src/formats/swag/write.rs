//! Writing a [`Swag`] document as bytes, in the document's byte order.

use super::model::*;
use crate::bytes::{Endian, Writer};
use crate::error::{Error, Result};

/// The document as bytes, in its byte order. An error when a count or length does
/// not fit its field (more than 255 sections, for one).
pub fn write(doc: &Swag<'_>) -> Result<Vec<u8>> {
    let mut w = Writer::new(doc.endian);
    w.bytes(b"SWAG");
    w.bytes(&match doc.endian {
        Endian::Little => [doc.version, 0],
        Endian::Big => [0, doc.version],
    });
    w.u8(doc.platforms);
    let count = u8::try_from(doc.sections.len()).map_err(|_| {
        Error::at(
            "SWAG",
            format!(
                "{} sections: the count is one byte, so at most 255",
                doc.sections.len()
            ),
        )
    })?;
    w.u8(count);
    for s in &doc.sections {
        w.bytes(&s.tag().0);
        section(&mut w, s)
            .map_err(|e| Error::at(format!("SWAG/{}/{}", s.tag(), e.path), e.kind.to_string()))?;
    }
    Ok(w.into_vec())
}

fn len32(n: usize, what: &str) -> Result<u32> {
    u32::try_from(n).map_err(|_| Error::at(what, format!("{n} is over the u32 limit")))
}

pub(super) fn string(w: &mut Writer, s: &str) -> Result<()> {
    bytes(w, s.as_bytes())
}

fn bytes(w: &mut Writer, b: &[u8]) -> Result<()> {
    w.u32(len32(b.len(), "length")?);
    w.bytes(b);
    Ok(())
}

fn each<T>(
    w: &mut Writer,
    items: &[T],
    mut one: impl FnMut(&mut Writer, &T) -> Result<()>,
) -> Result<()> {
    w.u32(len32(items.len(), "count")?);
    items.iter().try_for_each(|i| one(w, i))
}

fn section(w: &mut Writer, s: &Section<'_>) -> Result<()> {
    match s {
        Section::Config(c) => {
            string(w, &c.title)?;
            w.u16(c.width);
            w.u16(c.height);
            for b in [
                c.fullscreen,
                c.vertical_sync,
                c.cursor_visible,
                c.anti_aliasing,
                c.target_framerate,
            ] {
                w.u8(b);
            }
            string(w, &c.initial_state)
        }
        Section::Drm(d) => match d {
            Drm::None => {
                w.u8(0);
                Ok(())
            }
            Drm::Alpha { key_sha1 } => {
                w.u8(1);
                string(w, key_sha1)
            }
            Drm::Free { hwid_sha1 } => {
                w.u8(2);
                string(w, hwid_sha1)
            }
            Drm::Registered {
                platforms,
                key_sha1,
            } => {
                w.u8(3);
                w.u8(*platforms);
                string(w, key_sha1)
            }
        },
        Section::Textures(v) => each(w, v, texture),
        Section::Sounds(v) => each(w, v, |w, s| {
            string(w, &s.key)?;
            match &s.source {
                SoundSource::Stream(file) => {
                    w.u8(0);
                    string(w, file)
                }
                SoundSource::Memory(audio) => {
                    w.u8(1);
                    w.u32(*audio);
                    Ok(())
                }
            }
        }),
        Section::Fonts(v) => each(w, v, font),
        Section::Code(v) => each(w, v, object),
        Section::Scenes(v) => each(w, v, |w, s| {
            string(w, &s.name)?;
            bytes(w, &s.data.bytes)
        }),
        Section::Sheets(v) | Section::Audio(v) => each(w, v, |w, b| bytes(w, &b.bytes)),
    }
}

fn texture(w: &mut Writer, t: &Texture) -> Result<()> {
    string(w, &t.key)?;
    w.u16(t.width);
    w.u16(t.height);
    each(w, &t.frames, |w, f| {
        w.u16(f.sheet);
        w.u16(f.x);
        w.u16(f.y);
        Ok(())
    })?;
    t.origin.iter().for_each(|v| w.f32(*v));
    w.u8(t.smooth);
    t.bbox.iter().for_each(|v| w.f32(*v));
    w.u8(t.collision);
    w.u8(t.lazy);
    Ok(())
}

fn font(w: &mut Writer, f: &Font<'_>) -> Result<()> {
    string(w, &f.key)?;
    match &f.face {
        FontFace::Referenced(name) => {
            w.u8(0);
            string(w, name)?;
        }
        FontFace::Compiled(blob) => {
            w.u8(1);
            bytes(w, &blob.bytes)?;
        }
    }
    w.u8(f.anti_aliasing);
    w.i32(f.size);
    w.u8(f.style_byte());
    if let Some(o) = &f.outline {
        w.bytes(&o.color);
        w.u16(o.thickness);
    }
    if let Some(d) = &f.drop_shadow {
        w.bytes(&d.color);
        w.i32(d.spread);
        w.i32(d.offset[0]);
        w.i32(d.offset[1]);
    }
    Ok(())
}

fn count16(n: usize, what: &str) -> Result<u16> {
    u16::try_from(n).map_err(|_| Error::at(what, format!("{n} {what}: the count is a u16")))
}

fn object(w: &mut Writer, o: &CodeObject) -> Result<()> {
    w.u8(o.kind);
    string(w, &o.name)?;
    w.u16(count16(o.fields.len(), "fields")?);
    for (name, value) in &o.fields {
        string(w, name)?;
        variant(w, value)?;
    }
    w.u16(count16(o.methods.len(), "methods")?);
    for m in &o.methods {
        string(w, &m.name)?;
        w.u8(m.arguments);
        each(w, &m.code, |w, i| {
            w.u8(i.opcode);
            i.operands.iter().try_for_each(|v| variant(w, v))
        })?;
    }
    Ok(())
}

pub(super) fn variant(w: &mut Writer, v: &Variant) -> Result<()> {
    match v {
        Variant::Nil => w.u8(0),
        Variant::Integer(i) => {
            w.u8(1);
            w.i64(*i);
        }
        Variant::Double(d) => {
            w.u8(2);
            w.f64(*d);
        }
        Variant::String(s) => {
            w.u8(3);
            string(w, s)?;
        }
        Variant::List(items) => {
            w.u8(4);
            each(w, items, variant)?;
        }
        Variant::Object => w.u8(5),
    }
    Ok(())
}
