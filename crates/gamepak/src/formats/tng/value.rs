//! Reads any [`schema`](super::schema) description into JSON, and writes JSON back by
//! the same description.
//!
//! Names: string offsets become the string (see [`StringTable::name`]), an offset with
//! every bit set becomes `null`, any other offset stays a number. Text indices stay
//! numbers (`null` when every bit is set). Sprites read `category/index`, colours 8
//! hex digits, map rows a string of tile numbers with -1 for "none", collision masks one hex string per
//! row, and bytecode a list of instruction lines.

use serde_json::{json, Map, Value};

use super::header::Header;
use super::names::{parse_sprite, sprite_text};
use super::rle;
use super::schema::{Asset, F};
use super::script;
use super::strings::{StringTable, StringsBuilder};
use crate::bytes::{from_hex, to_hex, Endian, Reader};
use crate::codec::zlib;
use crate::error::{Error, Result};
use crate::io::file_stem;
use crate::limits::{self, Limits};

/// An asset descriptor met while reading.
#[derive(Debug, Clone)]
pub struct AssetRef {
    /// Where the descriptor is, as a structure path.
    pub path: String,
    /// Absolute offset of the asset in the file.
    pub offset: u64,
    pub length: u64,
    /// The file it is extracted to, for assets in a standard format.
    pub file: Option<String>,
    /// The extension of a standard format, or "zlib".
    pub encoding: &'static str,
    /// The index of the section whose descriptor names it.
    pub section: usize,
}

/// Reads bodies and assets of one file.
pub struct Decoder<'a> {
    pub header: &'a Header,
    pub strings: &'a StringTable,
    pub file: &'a [u8],
    pub assets_base: u64,
    /// Inflate compressed assets and decode them; otherwise only note where they are.
    pub inflate: bool,
    pub limits: Limits,
    /// Every asset met, in order.
    pub assets: Vec<AssetRef>,
    /// The folder that file assets of the current section go to.
    pub folder: String,
    /// The index of the current section.
    pub section: usize,
    /// Entries of each sprite category, to check sprite references against.
    pub sprite_counts: [u64; 5],
    /// Texts of the first translation, when known, to check text indices against.
    pub text_count: Option<u64>,
    /// References that do not resolve, and other things `check` reports: (path,
    /// offset, message).
    pub issues: Vec<(String, u64, String)>,
    /// The highest command function the scripts read so far call.
    pub max_command: u8,
    /// When set, compressed assets our deflater would not give back byte for byte
    /// are noted here (file name, absolute offset, length) and named by `stored` in
    /// their JSON, so that packing can use them again.
    pub kept: Option<Vec<(String, u64, u64)>>,
    pending: Option<usize>,
    /// What the JSON decoded so far costs at most, charged as fields are read: the
    /// document is one item under the allocation limit, however many assets inflate
    /// into it.
    spent: u64,
}

/// What one decoded field costs in JSON besides its text: a `Value`, its key and its
/// place in a map.
const FIELD_COST: u64 = 64;
/// The most a byte read into a field can cost as JSON text: hex doubles it, and a
/// disassembled instruction takes a line of text.
const BYTE_COST: u64 = 8;
/// The most text one map tile takes, in the JSON rows and in TMX: `65534 `.
const TILE_TEXT: u64 = 6;

impl<'a> Decoder<'a> {
    pub fn new(
        header: &'a Header,
        strings: &'a StringTable,
        file: &'a [u8],
        assets_base: u64,
        inflate: bool,
    ) -> Self {
        Decoder {
            header,
            strings,
            file,
            assets_base,
            inflate,
            limits: Limits::current(),
            assets: Vec::new(),
            folder: String::new(),
            section: 0,
            sprite_counts: [u64::MAX; 5],
            text_count: None,
            issues: Vec::new(),
            max_command: 0,
            kept: None,
            pending: None,
            spent: 0,
        }
    }

    /// Adds `bytes` to what the decoded document costs, refusing it past the limit.
    fn charge(&mut self, bytes: u64, path: &str, at: u64) -> Result<()> {
        self.spent = self.spent.saturating_add(bytes);
        if self.spent > self.limits.max_alloc {
            return Err(limits::exceeded(
                path,
                Some(at),
                "decoded as JSON, the document grows",
                self.limits.max_alloc,
            ));
        }
        Ok(())
    }

    /// The most text a map takes, as JSON rows or TMX, from the header's map size and
    /// layer count alone: a map past the limit is refused before it is inflated.
    fn map_text(&self, path: &str, at: u64) -> Result<u64> {
        let side = self.header.map_tiles();
        let layers = self.header.map_layers;
        let tiles = side.saturating_mul(side).saturating_mul(layers.into());
        let text = tiles.saturating_mul(TILE_TEXT);
        self.limits.check_size(
            path,
            Some(at),
            &format!("{layers} map layers of {side}x{side} tiles take up to"),
            text,
        )?;
        Ok(text)
    }

    /// A whole body (or inflated asset): its fields, then any bytes left as `unused`.
    pub fn body(
        &mut self,
        r: &mut Reader<'_>,
        fields: &[F],
        path: &str,
    ) -> Result<Map<String, Value>> {
        let mut obj = Map::new();
        self.record(r, fields, path, &mut obj)?;
        if !r.at_end() {
            let left = r.remaining() as u64;
            self.charge(FIELD_COST + left * BYTE_COST, path, r.offset())?;
            obj.insert(
                "unused".into(),
                to_hex(r.bytes(r.remaining(), "unused")?).into(),
            );
        }
        Ok(obj)
    }

    fn record(
        &mut self,
        r: &mut Reader<'_>,
        fields: &[F],
        path: &str,
        obj: &mut Map<String, Value>,
    ) -> Result<()> {
        let mut counts: Vec<(&str, u64)> = Vec::new();
        let count = |counts: &Vec<(&str, u64)>, name: &str| {
            counts.iter().find(|(n, _)| *n == name).map_or(0, |c| c.1)
        };
        for f in fields {
            let start = r.offset();
            let (name, value) = match f {
                F::U8(n) => (*n, r.u8(n)?.into()),
                F::I8(n) => (*n, r.i8(n)?.into()),
                F::U16(n) => (*n, r.u16(n)?.into()),
                F::U24(n) => (*n, r.u24(n)?.into()),
                F::U32(n) => (*n, r.u32(n)?.into()),
                F::Ascii(n, len) => (
                    *n,
                    r.bytes(*len, n)?
                        .iter()
                        .map(|&b| b as char)
                        .collect::<String>()
                        .into(),
                ),
                F::Color(n) => (*n, format!("{:08x}", r.u32(n)?).into()),
                F::Str(n, w) => {
                    let at = r.offset();
                    let off = int(r, *w, n)?;
                    self.check_string(off, *w, &format!("{path}/{n}"), at);
                    (*n, self.string(off, *w))
                }
                F::Text(n, w) => {
                    let at = r.offset();
                    let v = int(r, *w, n)?;
                    if v == all_ones(*w) {
                        (*n, Value::Null)
                    } else {
                        if self.text_count.is_some_and(|c| u64::from(v) >= c) {
                            let msg = format!(
                                "text index {v} is past the {} texts of the first translation",
                                self.text_count.unwrap_or(0)
                            );
                            self.issues.push((format!("{path}/{n}"), at, msg));
                        }
                        (*n, v.into())
                    }
                }
                F::Sprite(n) => {
                    let at = r.offset();
                    let c = r.u8(n)?;
                    let i = r.u16(n)?;
                    let count = self.sprite_counts.get(c as usize).copied();
                    // 0xfff0-0xfffe name the player's portraits in dialogs.
                    if i < 0xfff0 && count.is_some_and(|count| u64::from(i) >= count) {
                        let msg = format!(
                            "sprite {} is past the {} entries of its section",
                            sprite_text(c, i),
                            count.unwrap_or(0)
                        );
                        self.issues.push((format!("{path}/{n}"), at, msg));
                    }
                    (*n, sprite_text(c, i).into())
                }
                F::Font(n) => {
                    let style = r.u8("font style")?;
                    let size = r.u8("font size")?;
                    let font = self.string(r.u24("font")?, 3);
                    (*n, json!({"style": style, "size": size, "font": font}))
                }
                F::Bits(w, parts) => {
                    let mut v = int(r, *w, "bits")?;
                    for (n, bits) in *parts {
                        obj.insert((*n).into(), (v & ((1 << bits) - 1)).into());
                        v >>= bits;
                    }
                    continue;
                }
                F::Count(n, w) => {
                    counts.push((n, int(r, *w, n)?.into()));
                    continue;
                }
                F::Rep(n, rec) => {
                    let c = count(&counts, n);
                    // Every record takes at least a byte: a count beyond that is cut.
                    if c > r.remaining() as u64 && !rec.is_empty() {
                        return Err(r.error(format!(
                            "{n}: {c} records cannot fit in the {} bytes left",
                            r.remaining()
                        )));
                    }
                    (*n, self.list(r, rec, path, n, c)?)
                }
                F::Fixed(n, c, rec) => (*n, self.list(r, rec, path, n, *c as u64)?),
                F::PerTransport(n, rec) => (
                    *n,
                    self.list(r, rec, path, n, self.header.transports.into())?,
                ),
                F::Rest(n, rec) => {
                    let mut items = Vec::new();
                    while !r.at_end() {
                        let p = format!("{path}/{n}[{}]", items.len());
                        let mut o = Map::new();
                        let outer = r.set_path(p.clone());
                        self.record(r, rec, &p, &mut o)?;
                        r.set_path(outer);
                        self.name_file(&mut o, items.len());
                        items.push(Value::Object(o));
                    }
                    (*n, items.into())
                }
                F::Code(n) => {
                    let len = count(&counts, n) as usize;
                    let at = r.offset();
                    let code = r.bytes(len, n)?;
                    (*n, self.code(code, &format!("{path}/{n}"), at)?)
                }
                F::CodeRest(n) => {
                    let at = r.offset();
                    let code = r.bytes(r.remaining(), n)?;
                    (*n, self.code(code, &format!("{path}/{n}"), at)?)
                }
                F::Mask(n, w, h) => {
                    let w = obj.get(*w).and_then(Value::as_u64).unwrap_or(0) as usize;
                    let h = obj.get(*h).and_then(Value::as_u64).unwrap_or(0) as usize;
                    let mask = r.bytes(w * h, n)?;
                    let rows: Vec<Value> = mask
                        .chunks(w.max(1))
                        .map(|row| to_hex(row).into())
                        .collect();
                    (*n, rows.into())
                }
                F::Map(n) => {
                    let len = count(&counts, n) as usize;
                    let at = r.offset();
                    let packed = r.bytes(len, n)?;
                    (*n, self.map(packed, &format!("{path}/{n}"), at)?)
                }
                F::Strings(n) => {
                    let at = r.offset();
                    let all = r.bytes(r.remaining(), n)?;
                    let texts = split_strings(all, &format!("{path}/{n}"), at)?;
                    (
                        *n,
                        texts
                            .into_iter()
                            .map(|(_, t)| Value::from(t))
                            .collect::<Vec<_>>()
                            .into(),
                    )
                }
                F::Asset(n, kind) => (*n, self.asset(r, *kind, &format!("{path}/{n}"))?),
                F::Switch(tag, cases) => {
                    let t = obj.get(*tag).and_then(Value::as_u64).unwrap_or(u64::MAX);
                    let case = cases
                        .iter()
                        .find(|(vals, _)| vals.iter().any(|&v| u64::from(v) == t));
                    let (_, fields) = case
                        .ok_or_else(|| r.error(format!("{tag} {t} is not a known record type")))?;
                    self.record(r, fields, path, obj)?;
                    continue;
                }
            };
            // Lists, maps and assets are charged by what they hold.
            let own = match f {
                F::Rep(..) | F::Fixed(..) | F::PerTransport(..) | F::Rest(..) => 0,
                F::Map(..) | F::Asset(..) => 0,
                _ => r.offset() - start,
            };
            self.charge(FIELD_COST + own * BYTE_COST, path, start)?;
            obj.insert(name.into(), value);
        }
        Ok(())
    }

    fn list(
        &mut self,
        r: &mut Reader<'_>,
        rec: &[F],
        path: &str,
        name: &str,
        n: u64,
    ) -> Result<Value> {
        (0..n)
            .map(|i| {
                let mut o = Map::new();
                let p = format!("{path}/{name}[{i}]");
                let outer = r.set_path(p.clone());
                self.record(r, rec, &p, &mut o)?;
                r.set_path(outer);
                Ok(Value::Object(o))
            })
            .collect::<Result<Vec<_>>>()
            .map(Value::from)
    }

    fn string(&self, off: u32, w: u8) -> Value {
        if off == all_ones(w) {
            return Value::Null;
        }
        match self.strings.name(off) {
            Some(s) => s.into(),
            None => off.into(),
        }
    }

    fn code(&mut self, code: &[u8], path: &str, at: u64) -> Result<Value> {
        let lines = script::disassemble(code, self.strings, path, at)?;
        self.max_command = self.max_command.max(script::max_command(code).unwrap_or(0));
        Ok(lines.into())
    }

    /// Notes a string offset that names no string.
    fn check_string(&mut self, off: u32, w: u8, path: &str, at: u64) {
        if off == all_ones(w) || self.strings.starts_at(off) {
            return;
        }
        let msg = if off >= self.strings.size() {
            format!(
                "string offset {off} is past the string section's {} bytes",
                self.strings.size()
            )
        } else {
            format!("string offset {off} is not the start of a string")
        };
        self.issues.push((path.to_string(), at, msg));
    }

    fn map(&mut self, packed: &[u8], path: &str, at: u64) -> Result<Value> {
        let text = self.map_text(path, at)?;
        self.charge(text, path, at)?;
        let side = self.header.map_tiles();
        let cells = side.saturating_mul(side);
        let tiles = rle::decode(
            packed,
            cells.saturating_mul(self.header.map_layers.into()),
            path,
            at,
            &self.limits,
        )?;
        let layers: Vec<Value> = tiles
            .chunks(cells.max(1) as usize)
            .map(|layer| {
                layer
                    .chunks(side.max(1) as usize)
                    .map(|row| {
                        let cells: Vec<String> = row
                            .iter()
                            .map(|&t| {
                                if t == 0xffff {
                                    "-1".into()
                                } else {
                                    t.to_string()
                                }
                            })
                            .collect();
                        Value::from(cells.join(" "))
                    })
                    .collect::<Vec<Value>>()
                    .into()
            })
            .collect();
        Ok(layers.into())
    }

    fn asset(&mut self, r: &mut Reader<'_>, kind: Asset, path: &str) -> Result<Value> {
        let at = r.offset();
        let offset = r.u64("asset offset")?;
        let length = r.u32("asset length")?;
        let abs = self.assets_base.checked_add(offset).filter(|a| {
            a.checked_add(length.into())
                .is_some_and(|e| e <= self.file.len() as u64)
        });
        let abs = abs.ok_or_else(|| {
            Error::invalid(path, at, format!("asset at {offset:#x}+{length:#x} after the section block lies outside the file"))
        })?;
        let encoding = match kind {
            Asset::File(ext) => ext,
            Asset::Packed(_) => "zlib",
        };
        self.assets.push(AssetRef {
            path: path.into(),
            offset: abs,
            length: length.into(),
            file: None,
            encoding,
            section: self.section,
        });
        if length == 0 {
            return Ok(json!({ "file": null }));
        }
        match kind {
            Asset::File(_) => {
                self.pending = Some(self.assets.len() - 1);
                Ok(json!({ "file": "" }))
            }
            Asset::Packed(_) if !self.inflate => Ok(json!({"offset": offset, "length": length})),
            Asset::Packed(fields) => {
                if fields.iter().any(|f| matches!(f, F::Map(_))) {
                    self.map_text(path, abs)?;
                }
                let stored = &self.file[abs as usize..(abs + u64::from(length)) as usize];
                let plain = zlib::inflate_any(stored, &self.limits, path, abs)?;
                let inner_path = format!("{path}(inflated from {abs:#x})");
                let mut inner = Reader::new(&plain, inner_path.clone()).with_endian(Endian::Little);
                let mut obj = self.body(&mut inner, fields, &inner_path)?;
                if let Some(kept) = self
                    .kept
                    .as_mut()
                    .filter(|_| zlib::deflate(&plain) != stored)
                {
                    let name = format!("raw/{abs:010x}.zlib");
                    obj.insert("stored".into(), json!(name));
                    kept.push((name, abs, length.into()));
                }
                Ok(Value::Object(obj))
            }
        }
    }

    /// Names the file of the standard-format asset just read, after its record's name.
    fn name_file(&mut self, rec: &mut Map<String, Value>, index: usize) {
        let Some(k) = self.pending.take() else { return };
        let name = rec.get("name").and_then(Value::as_str).unwrap_or("");
        let file = format!(
            "{}/{}.{}",
            self.folder,
            file_stem(index, name),
            self.assets[k].encoding
        );
        self.assets[k].file = Some(file.clone());
        rec.insert("asset".into(), json!({ "file": file }));
    }
}

fn all_ones(w: u8) -> u32 {
    (((1u64) << (8 * w)) - 1) as u32
}

fn int(r: &mut Reader<'_>, w: u8, what: &str) -> Result<u32> {
    Ok(match w {
        1 => r.u8(what)?.into(),
        2 => r.u16(what)?.into(),
        3 => r.u24(what)?,
        _ => r.u32(what)?,
    })
}

/// Zero-terminated UTF-8 strings filling `data`, with their offsets.
pub fn split_strings(data: &[u8], path: &str, at: u64) -> Result<Vec<(u32, String)>> {
    let mut out = Vec::new();
    let mut pos = 0usize;
    while pos < data.len() {
        let end = data[pos..].iter().position(|&b| b == 0).ok_or_else(|| {
            Error::invalid(
                path,
                at + pos as u64,
                "string runs to the end without its zero terminator",
            )
        })?;
        let text = std::str::from_utf8(&data[pos..pos + end]).map_err(|e| {
            Error::invalid(path, at + pos as u64, format!("string is not UTF-8: {e}"))
        })?;
        out.push((pos as u32, text.to_string()));
        pos += end + 1;
    }
    Ok(out)
}

/// Writes bodies and assets of one file.
pub struct Encoder<'a> {
    pub header: &'a Header,
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
