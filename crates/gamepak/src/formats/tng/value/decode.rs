//! Reading bodies and assets into JSON by their descriptions.

use std::borrow::Cow;

use serde_json::{json, Map, Value};

use super::asset_ref::{all_ones, AssetRef};
use crate::bytes::{to_hex, Endian, Reader};
use crate::codec::zlib;
use crate::error::{Error, Result};
use crate::formats::tng::budget::Budget;
use crate::formats::tng::header::Header;
use crate::formats::tng::names::sprite_text;
use crate::formats::tng::rle;
use crate::formats::tng::schema::{Asset, F};
use crate::formats::tng::script;
use crate::formats::tng::strings::StringTable;
use crate::io::file_stem;
use crate::limits::Limits;
use crate::location::Location;
use crate::report::Problem;

/// Reads bodies and assets of one file; what it keeps borrows the file (`'f`), not
/// the tables it reads by (`'a`).
pub struct Decoder<'a, 'f> {
    /// The file's header, which the length of some fields follows (map size, layers,
    /// transports).
    pub header: &'a Header,
    /// The string section that names are looked up in.
    pub strings: &'a StringTable,
    /// The whole file, which asset descriptors point into.
    pub file: &'f [u8],
    /// Absolute offset that asset offsets count from: the end of the section block.
    pub assets_base: u64,
    /// Inflate compressed assets and decode them; otherwise only note where they are.
    pub inflate: bool,
    /// The allocation limit, and what the document decoded so far costs under it.
    pub budget: Budget,
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
    /// References that do not resolve, and other things `check` warns of.
    pub issues: Vec<Problem>,
    /// The highest command function the scripts read so far call.
    pub max_command: u8,
    /// When set, compressed assets our deflater would not give back byte for byte
    /// are noted here (file name, bytes) and named by `stored` in their JSON, and
    /// map layers our RLE would split otherwise by `<field>_stored`, so that packing
    /// can use them again.
    pub kept: Option<Vec<(String, Cow<'f, [u8]>)>>,
    /// The file offset of the compressed asset being decoded: what is kept from
    /// inside it is named after it.
    inflated_from: u64,
    pending: Option<usize>,
    /// When salvaging a damaged file: assets that lie outside it, recorded here and
    /// read as absent, so the rest of the document still reads.
    pub lost: Option<Vec<crate::Error>>,
}

impl<'a, 'f> Decoder<'a, 'f> {
    /// A decoder for one file before any section is read: sprite and text references
    /// not yet bounded, nothing kept, and nothing salvaged.
    pub fn new(
        header: &'a Header,
        strings: &'a StringTable,
        file: &'f [u8],
        assets_base: u64,
        inflate: bool,
        limits: &Limits,
    ) -> Self {
        Decoder {
            header,
            strings,
            file,
            assets_base,
            inflate,
            budget: Budget::new(limits.clone()),
            assets: Vec::new(),
            folder: String::new(),
            section: 0,
            sprite_counts: [u64::MAX; 5],
            text_count: None,
            issues: Vec::new(),
            max_command: 0,
            kept: None,
            inflated_from: 0,
            pending: None,
            lost: None,
        }
    }

    /// A whole body (or inflated asset): its fields, then any bytes left as `unused`.
    pub fn body(
        &mut self,
        r: &mut Reader<'_>,
        fields: &[F],
        path: &Location,
    ) -> Result<Map<String, Value>> {
        let mut obj = Map::new();
        self.record(r, fields, path, &mut obj)?;
        if !r.at_end() {
            self.budget.field(r.remaining() as u64, path, r.offset())?;
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
        path: &Location,
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
                    self.check_string(off, *w, path, n, at);
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
                            self.issues.push(Problem::warning(path.child(*n), at, msg));
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
                        self.issues.push(Problem::warning(path.child(*n), at, msg));
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
                        let p = path.at(*n, items.len());
                        let mut o = Map::new();
                        let outer = r.set_path(&p);
                        self.record(r, rec, &p, &mut o)?;
                        r.restore_path(outer);
                        self.name_file(&mut o, items.len());
                        items.push(Value::Object(o));
                    }
                    (*n, items.into())
                }
                F::Code(n) => {
                    let len = count(&counts, n) as usize;
                    let at = r.offset();
                    let code = r.bytes(len, n)?;
                    (*n, self.code(code, &path.child(*n), at)?)
                }
                F::CodeRest(n) => {
                    let at = r.offset();
                    let code = r.bytes(r.remaining(), n)?;
                    (*n, self.code(code, &path.child(*n), at)?)
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
                    let (layers, tiles) = self.map(packed, &path.child(*n), at)?;
                    if let Some(kept) = self.kept.as_mut().filter(|_| rle::encode(&tiles) != packed)
                    {
                        let name = format!("raw/{:010x}.rle", self.inflated_from);
                        obj.insert(format!("{n}_stored"), json!(name));
                        kept.push((name, Cow::Owned(packed.to_vec())));
                    }
                    (*n, layers)
                }
                F::Strings(n) => {
                    let at = r.offset();
                    let all = r.bytes(r.remaining(), n)?;
                    let texts = split_strings(all, &path.child(*n).to_string(), at)?;
                    (
                        *n,
                        texts
                            .into_iter()
                            .map(|(_, t)| Value::from(t))
                            .collect::<Vec<_>>()
                            .into(),
                    )
                }
                F::Asset(n, kind) => (*n, self.asset(r, *kind, path.child(*n))?),
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
            self.budget.field(own, path, start)?;
            obj.insert(name.into(), value);
        }
        Ok(())
    }

    fn list(
        &mut self,
        r: &mut Reader<'_>,
        rec: &[F],
        path: &Location,
        name: &'static str,
        n: u64,
    ) -> Result<Value> {
        (0..n)
            .map(|i| {
                let mut o = Map::new();
                let p = path.at(name, i as usize);
                let outer = r.set_path(&p);
                self.record(r, rec, &p, &mut o)?;
                r.restore_path(outer);
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

    fn code(&mut self, code: &[u8], path: &Location, at: u64) -> Result<Value> {
        let lines = script::disassemble(code, self.strings, &path.to_string(), at)?;
        self.max_command = self.max_command.max(script::max_command(code).unwrap_or(0));
        Ok(lines.into())
    }

    /// Notes a string offset (of field `name` under `path`) that names no string.
    fn check_string(&mut self, off: u32, w: u8, path: &Location, name: &'static str, at: u64) {
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
        self.issues
            .push(Problem::warning(path.child(name), at, msg));
    }

    /// The layers as rows of tile numbers, and the tiles they show.
    fn map(&mut self, packed: &[u8], path: &Location, at: u64) -> Result<(Value, Vec<u16>)> {
        let text = self.budget.map_text(self.header, path, at)?;
        self.budget.charge(text, path, at)?;
        let side = self.header.map_tiles();
        let cells = side.saturating_mul(side);
        let tiles = rle::decode(
            packed,
            cells.saturating_mul(self.header.map_layers.into()),
            &path.to_string(),
            at,
            &self.budget.limits,
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
        Ok((layers.into(), tiles))
    }

    fn asset(&mut self, r: &mut Reader<'_>, kind: Asset, path: Location) -> Result<Value> {
        let at = r.offset();
        let offset = r.u64("asset offset")?;
        let length = r.u32("asset length")?;
        let abs = self.assets_base.checked_add(offset).filter(|a| {
            a.checked_add(length.into())
                .is_some_and(|e| e <= self.file.len() as u64)
        });
        let abs = match (abs, self.lost.as_mut()) {
            (Some(abs), _) => abs,
            // Lost where its bytes were to be, not where the descriptor is.
            (None, Some(lost)) => {
                let start = self.assets_base.saturating_add(offset);
                lost.push(Error::invalid(&path, start, format!("its {length} bytes lie outside the file")));
                return Ok(json!({ "file": null }));
            }
            (None, None) => return Err(Error::invalid(&path, at, format!("asset at {offset:#x}+{length:#x} after the section block lies outside the file"))),
        };
        let encoding = match kind {
            Asset::File(ext) => ext,
            Asset::Packed(_) => "zlib",
        };
        self.assets.push(AssetRef {
            path: path.clone(),
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
                    self.budget.map_text(self.header, &path, abs)?;
                }
                let file = self.file;
                let stored = &file[abs as usize..(abs + u64::from(length)) as usize];
                let plain = zlib::inflate_any(stored, &self.budget.limits, &path.to_string(), abs)?;
                let inner_path = path.with_suffix(format!("(inflated from {abs:#x})"));
                let mut inner = Reader::new(&plain, &inner_path).with_endian(Endian::Little);
                self.inflated_from = abs;
                let mut obj = self.body(&mut inner, fields, &inner_path)?;
                if let Some(kept) = self
                    .kept
                    .as_mut()
                    .filter(|_| zlib::deflate(&plain) != stored)
                {
                    let name = format!("raw/{abs:010x}.zlib");
                    obj.insert("stored".into(), json!(name));
                    kept.push((name, Cow::Borrowed(stored)));
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
