//! Writing JSON back to bytes by the same descriptions.

use serde_json::{Map, Value};

use super::asset_ref::all_ones;
use crate::bytes::from_hex;
use crate::codec::zlib;
use crate::error::{Error, Result};
use crate::formats::tng::header::Header;
use crate::formats::tng::names::parse_sprite;
use crate::formats::tng::rle;
use crate::formats::tng::schema::{Asset, F};
use crate::formats::tng::script;
use crate::formats::tng::strings::StringsBuilder;

/// Writes bodies and assets of one file.
pub struct Encoder<'a> {
    /// The header of the file being written, which the length of some fields follows.
    pub header: &'a Header,
    /// The string section being built: every name written is added to it.
    pub strings: StringsBuilder,
    /// Reads a file an asset names.
    pub load: &'a dyn Fn(&str) -> Result<Vec<u8>>,
    /// The asset area so far.
    pub assets: Vec<u8>,
    /// The highest command function the scripts written so far call.
    pub max_command: u8,
}

impl Encoder<'_> {
    /// A whole body or asset: the fields, then `unused` bytes if given.
    pub fn body(&mut self, fields: &[F], obj: &Value, path: &str) -> Result<Vec<u8>> {
        let obj = object(obj, path)?;
        let mut out = Vec::new();
        self.record(&mut out, fields, obj, path)?;
        if let Some(u) = obj.get("unused") {
            out.extend(hex_field(u, path, "unused")?);
        }
        Ok(out)
    }

    fn record(
        &mut self,
        out: &mut Vec<u8>,
        fields: &[F],
        obj: &Map<String, Value>,
        path: &str,
    ) -> Result<()> {
        for f in fields {
            match f {
                F::U8(n) => put(out, uint(obj, n, path, 0xff)?, 1),
                F::I8(n) => {
                    let v = field(obj, n, path)?
                        .as_i64()
                        .filter(|v| (-128..=127).contains(v));
                    out.push(
                        v.ok_or_else(|| bad(path, n, "a number from -128 to 127"))? as i8 as u8,
                    );
                }
                F::U16(n) => put(out, uint(obj, n, path, 0xffff)?, 2),
                F::U24(n) => put(out, uint(obj, n, path, 0xff_ffff)?, 3),
                F::U32(n) => put(out, uint(obj, n, path, u32::MAX)?, 4),
                F::Ascii(n, len) => {
                    let s = field(obj, n, path)?.as_str().unwrap_or("\u{fffd}");
                    let b: Vec<u8> = s
                        .chars()
                        .filter_map(|c| u8::try_from(u32::from(c)).ok())
                        .collect();
                    if b.len() != *len || s.chars().count() != *len {
                        return Err(bad(path, n, &format!("{len} characters of codes 0-255")));
                    }
                    out.extend(b);
                }
                F::Color(n) => {
                    let s = field(obj, n, path)?.as_str().filter(|s| s.len() == 8);
                    let v = s.and_then(|s| u32::from_str_radix(s, 16).ok());
                    put(out, v.ok_or_else(|| bad(path, n, "8 hex digits"))?, 4);
                }
                F::Str(n, w) => {
                    let v = self.string(field(obj, n, path)?, *w, path, n)?;
                    put(out, v, *w);
                }
                F::Text(n, w) => {
                    let v = match field(obj, n, path)? {
                        Value::Null => all_ones(*w),
                        v => v
                            .as_u64()
                            .filter(|&v| v <= u64::from(all_ones(*w)))
                            .ok_or_else(|| bad(path, n, "a text index or null"))?
                            as u32,
                    };
                    put(out, v, *w);
                }
                F::Sprite(n) => {
                    let s = field(obj, n, path)?.as_str().and_then(parse_sprite);
                    let (c, i) =
                        s.ok_or_else(|| bad(path, n, "a sprite such as tiles/5 or ui/none"))?;
                    out.push(c);
                    put(out, i.into(), 2);
                }
                F::Font(n) => {
                    let font = object(field(obj, n, path)?, &format!("{path}/{n}"))?;
                    let p = format!("{path}/{n}");
                    put(out, uint(font, "style", &p, 0xff)?, 1);
                    put(out, uint(font, "size", &p, 0xff)?, 1);
                    let v = self.string(field(font, "font", &p)?, 3, &p, "font")?;
                    put(out, v, 3);
                }
                F::Bits(w, parts) => {
                    let mut v = 0u32;
                    let mut shift = 0;
                    for (n, bits) in *parts {
                        v |= uint(obj, n, path, (1 << bits) - 1)? << shift;
                        shift += bits;
                    }
                    put(out, v, *w);
                }
                F::Count(n, w) => {
                    let c = self.measure(fields, n, obj, path)?;
                    if c > u64::from(all_ones(*w)) {
                        return Err(bad(
                            path,
                            n,
                            &format!("at most {} items or bytes", all_ones(*w)),
                        ));
                    }
                    put(out, c as u32, *w);
                }
                F::Rep(n, rec) | F::Rest(n, rec) => self.list(out, obj, n, None, rec, path)?,
                F::Fixed(n, len, rec) => self.list(out, obj, n, Some(*len as u64), rec, path)?,
                F::PerTransport(n, rec) => {
                    let len = Some(self.header.transports.into());
                    self.list(out, obj, n, len, rec, path)?
                }
                F::Code(n) | F::CodeRest(n) => {
                    let code = self.code(obj, n, path)?;
                    out.extend(code);
                }
                F::Mask(n, w, h) => {
                    let want =
                        uint(obj, w, path, 0xffff)? as usize * uint(obj, h, path, 0xffff)? as usize;
                    let mut mask = Vec::new();
                    for row in array(obj, n, path)? {
                        mask.extend(hex_field(row, path, n)?);
                    }
                    if mask.len() != want {
                        return Err(bad(
                            path,
                            n,
                            &format!("{want} bytes ({w} x {h}), not {}", mask.len()),
                        ));
                    }
                    out.extend(mask);
                }
                F::Map(n) => out.extend(self.map(obj, n, path)?),
                F::Strings(n) => {
                    for s in array(obj, n, path)? {
                        let s = s.as_str().filter(|s| !s.contains('\0'));
                        out.extend(
                            s.ok_or_else(|| bad(path, n, "a list of strings without NUL"))?
                                .as_bytes(),
                        );
                        out.push(0);
                    }
                }
                F::Asset(n, kind) => {
                    self.asset(out, field(obj, n, path)?, *kind, &format!("{path}/{n}"))?
                }
                F::Switch(tag, cases) => {
                    let t = uint(obj, tag, path, u32::MAX)?;
                    let case = cases.iter().find(|(vals, _)| vals.contains(&t));
                    let (_, fields) = case.ok_or_else(|| bad(path, tag, "a known record type"))?;
                    self.record(out, fields, obj, path)?;
                }
            }
        }
        Ok(())
    }

    /// The records of list `n`, which must hold exactly `len` when given.
    fn list(
        &mut self,
        out: &mut Vec<u8>,
        obj: &Map<String, Value>,
        n: &str,
        len: Option<u64>,
        rec: &[F],
        path: &str,
    ) -> Result<()> {
        let items = array(obj, n, path)?;
        if let Some(len) = len.filter(|&l| items.len() as u64 != l) {
            return Err(bad(path, n, &format!("a list of exactly {len}")));
        }
        for (i, item) in items.iter().enumerate() {
            let p = format!("{path}/{n}[{i}]");
            self.record(out, rec, object(item, &p)?, &p)?;
        }
        Ok(())
    }

    /// What a count field stores: the items of a list, the bytes of code or a map.
    fn measure(
        &mut self,
        fields: &[F],
        name: &str,
        obj: &Map<String, Value>,
        path: &str,
    ) -> Result<u64> {
        let target = fields
            .iter()
            .find(|f| matches!(f, F::Rep(n, _) | F::Code(n) | F::Map(n) if *n == name));
        Ok(match target {
            Some(F::Rep(..)) => array(obj, name, path)?.len() as u64,
            Some(F::Code(_)) => self.code(obj, name, path)?.len() as u64,
            Some(F::Map(_)) => self.map(obj, name, path)?.len() as u64,
            _ => unreachable!("schema: count {name} has no list, code or map"),
        })
    }

    fn code(&mut self, obj: &Map<String, Value>, n: &str, path: &str) -> Result<Vec<u8>> {
        let lines: Vec<String> = array(obj, n, path)?
            .iter()
            .map(|l| {
                l.as_str()
                    .map(String::from)
                    .ok_or_else(|| bad(path, n, "a list of instruction lines"))
            })
            .collect::<Result<_>>()?;
        let code = script::assemble(&lines, &mut self.strings, &format!("{path}/{n}"))?;
        self.max_command = self
            .max_command
            .max(script::max_command(&code).unwrap_or(0));
        Ok(code)
    }

    fn map(&mut self, obj: &Map<String, Value>, n: &str, path: &str) -> Result<Vec<u8>> {
        let side = self.header.map_tiles();
        let mut tiles = Vec::new();
        let layers = array(obj, n, path)?;
        let want = format!(
            "{} layers of {side} rows of {side} tiles",
            self.header.map_layers
        );
        if layers.len() != usize::from(self.header.map_layers) {
            return Err(bad(path, n, &want));
        }
        for layer in layers {
            let rows = layer.as_array().filter(|r| r.len() as u64 == side);
            for row in rows.ok_or_else(|| bad(path, n, &want))? {
                let before = tiles.len();
                for cell in row.as_str().unwrap_or("x").split_whitespace() {
                    let v = cell
                        .parse::<i32>()
                        .ok()
                        .filter(|v| (-1..0xffff).contains(v));
                    tiles.push(v.ok_or_else(|| {
                        bad(
                            path,
                            n,
                            "rows of tiles from -1 to 65534, separated by spaces",
                        )
                    })? as u16);
                }
                if (tiles.len() - before) as u64 != side {
                    return Err(bad(path, n, &want));
                }
            }
        }
        // Another writer's packets are used again while they give these tiles.
        if let Some(name) = obj.get(&format!("{n}_stored")).and_then(Value::as_str) {
            let stored = (self.load)(name)?;
            if rle::decodes_to(&stored, &tiles) {
                return Ok(stored);
            }
        }
        Ok(rle::encode(&tiles))
    }

    fn string(&mut self, v: &Value, w: u8, path: &str, n: &str) -> Result<u32> {
        match v {
            Value::Null => Ok(all_ones(w)),
            Value::String(s) if !s.contains('\0') => Ok(self.strings.offset_of(s)),
            v => v
                .as_u64()
                .filter(|&o| o < u64::from(all_ones(w)))
                .map(|o| o as u32)
                .ok_or_else(|| bad(path, n, "a string, an offset or null")),
        }
    }

    fn asset(&mut self, out: &mut Vec<u8>, v: &Value, kind: Asset, path: &str) -> Result<()> {
        let obj = object(v, path)?;
        let bytes = match (kind, obj.get("file")) {
            (_, Some(Value::Null)) => Vec::new(),
            (Asset::File(_), Some(Value::String(f))) => (self.load)(f)?,
            (Asset::File(_), _) => return Err(bad(path, "file", "a file name or null")),
            (Asset::Packed(fields), _) => {
                let plain = self.body(fields, v, path)?;
                match obj.get("stored").and_then(Value::as_str) {
                    Some(name) => {
                        let stored = (self.load)(name)?;
                        if zlib::inflates_to(&stored, &plain) {
                            stored
                        } else {
                            zlib::deflate(&plain)
                        }
                    }
                    None => zlib::deflate(&plain),
                }
            }
        };
        let length = u32::try_from(bytes.len())
            .map_err(|_| Error::at(path, "an asset holds at most 4 GiB"))?;
        out.extend((self.assets.len() as u64).to_le_bytes());
        out.extend(length.to_le_bytes());
        self.assets.extend(bytes);
        Ok(())
    }
}

fn put(out: &mut Vec<u8>, v: u32, w: u8) {
    out.extend(&v.to_le_bytes()[..w as usize]);
}

fn bad(path: &str, name: &str, want: &str) -> Error {
    Error::at(format!("{path}/{name}"), format!("must be {want}"))
}

fn field<'v>(obj: &'v Map<String, Value>, n: &str, path: &str) -> Result<&'v Value> {
    obj.get(n)
        .ok_or_else(|| Error::at(format!("{path}/{n}"), "is missing"))
}

fn uint(obj: &Map<String, Value>, n: &str, path: &str, max: u32) -> Result<u32> {
    let v = field(obj, n, path)?
        .as_u64()
        .filter(|&v| v <= u64::from(max));
    v.map(|v| v as u32)
        .ok_or_else(|| bad(path, n, &format!("a number from 0 to {max}")))
}

fn array<'v>(obj: &'v Map<String, Value>, n: &str, path: &str) -> Result<&'v Vec<Value>> {
    field(obj, n, path)?
        .as_array()
        .ok_or_else(|| bad(path, n, "a list"))
}

fn object<'v>(v: &'v Value, path: &str) -> Result<&'v Map<String, Value>> {
    v.as_object()
        .ok_or_else(|| Error::at(path, "must be an object"))
}

fn hex_field(v: &Value, path: &str, n: &str) -> Result<Vec<u8>> {
    v.as_str()
        .and_then(from_hex)
        .ok_or_else(|| bad(path, n, "hex digits"))
}
