//! Random documents, made by walking the layout descriptions themselves, round-trip:
//! write, read, write again gives the same bytes, and extract then pack too.

use gamepak::tng::header::Header;
use gamepak::tng::model::{Document, Section};
use gamepak::tng::read::read;
use gamepak::tng::schema::{self, Asset, F};
use gamepak::tng::script;
use gamepak::tng::strings::StringTable;
use gamepak::tng::write::write;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// A small deterministic generator driven by one seed.
struct Gen {
    state: u64,
    names: Vec<String>,
    header: Header,
    files: usize,
}

impl Gen {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        self.state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn name(&mut self) -> Value {
        match self.below(4) {
            0 => Value::Null,
            1 => json!(format!("new-{}", self.below(50))),
            _ => {
                let i = self.below(self.names.len() as u64) as usize;
                json!(self.names[i])
            }
        }
    }

    fn script(&mut self) -> Value {
        let mut code: Vec<u8> = Vec::new();
        for _ in 0..self.below(6) {
            code.push(self.below(52) as u8);
            for _ in 0..self.below(9) {
                code.push(self.below(256) as u8);
            }
        }
        let table = StringTable::new(vec![(0, String::new())]);
        // A cut or unknown instruction ends the code where it starts.
        let lines = match script::disassemble(&code, &table, "", 0) {
            Ok(l) => l,
            Err(e) => {
                script::disassemble(&code[..e.offset.unwrap() as usize], &table, "", 0).unwrap()
            }
        };
        json!(lines)
    }

    fn fields(&mut self, fields: &[F], obj: &mut Map<String, Value>) {
        for f in fields {
            let (n, v) = match f {
                F::U8(n) => (*n, json!(self.below(256))),
                F::I8(n) => (*n, json!(self.below(256) as i64 - 128)),
                F::U16(n) if n.starts_with("mask_") => (*n, json!(self.below(4))),
                F::U16(n) => (*n, json!(self.below(1 << 16))),
                F::U24(n) => (*n, json!(self.below(1 << 24))),
                F::U32(n) => (*n, json!(self.below(1 << 32))),
                F::Ascii(n, len) => (
                    *n,
                    json!((0..*len)
                        .map(|_| (b'a' + self.below(26) as u8) as char)
                        .collect::<String>()),
                ),
                F::Color(n) => (*n, json!(format!("{:08x}", self.below(1 << 32)))),
                F::Str(n, _) => (*n, self.name()),
                F::Text(n, _) => (
                    *n,
                    if self.below(3) == 0 {
                        Value::Null
                    } else {
                        json!(self.below(100))
                    },
                ),
                F::Sprite(n) => {
                    let idx = if self.below(4) == 0 {
                        "none".to_string()
                    } else {
                        self.below(0xffff).to_string()
                    };
                    let cat = [
                        "ui",
                        "tiles",
                        "characters",
                        "portraits",
                        "backgrounds",
                        "c9",
                    ][self.below(6) as usize];
                    (*n, json!(format!("{cat}/{idx}")))
                }
                F::Font(n) => (
                    *n,
                    json!({"style": self.below(256), "size": self.below(256), "font": self.name()}),
                ),
                F::Bits(_, parts) => {
                    for (n, bits) in *parts {
                        obj.insert((*n).into(), json!(self.below(1 << bits)));
                    }
                    continue;
                }
                F::Count(..) => continue,
                F::Rep(n, rec) | F::Rest(n, rec) => {
                    let k = self.below(5);
                    (*n, self.list(rec, k))
                }
                F::Fixed(n, k, rec) => (*n, self.list(rec, *k as u64)),
                F::PerTransport(n, rec) => (*n, self.list(rec, self.header.transports.into())),
                F::Code(n) | F::CodeRest(n) => (*n, self.script()),
                F::Mask(n, w, h) => {
                    let (w, h) = (obj[*w].as_u64().unwrap(), obj[*h].as_u64().unwrap());
                    let rows: Vec<String> = (0..if w == 0 { 0 } else { h })
                        .map(|_| (0..w).map(|_| format!("{:02x}", self.below(256))).collect())
                        .collect();
                    (*n, json!(rows))
                }
                F::Map(n) => {
                    let side = self.header.map_tiles();
                    let layers: Vec<Vec<String>> = (0..self.header.map_layers)
                        .map(|_| {
                            (0..side)
                                .map(|_| {
                                    (0..side)
                                        .map(|_| (self.below(4) as i64 - 1).to_string())
                                        .collect::<Vec<_>>()
                                        .join(" ")
                                })
                                .collect()
                        })
                        .collect();
                    (*n, json!(layers))
                }
                F::Strings(n) => (
                    *n,
                    json!((0..self.below(4))
                        .map(|i| format!("text {i} ✓"))
                        .collect::<Vec<_>>()),
                ),
                F::Asset(n, kind) => (*n, self.asset(*kind)),
                F::Switch(tag, cases) => {
                    let (vals, fields) = &cases[self.below(cases.len() as u64) as usize];
                    obj.insert(
                        (*tag).into(),
                        json!(vals[self.below(vals.len() as u64) as usize]),
                    );
                    self.fields(fields, obj);
                    continue;
                }
            };
            obj.insert(n.into(), v);
        }
    }

    fn list(&mut self, rec: &[F], k: u64) -> Value {
        json!((0..k)
            .map(|_| {
                let mut o = Map::new();
                self.fields(rec, &mut o);
                Value::Object(o)
            })
            .collect::<Vec<_>>())
    }

    fn asset(&mut self, kind: Asset) -> Value {
        if self.below(6) == 0 {
            return json!({ "file": null });
        }
        match kind {
            Asset::File(ext) => {
                self.files += 1;
                json!({ "file": format!("f{}.{ext}", self.files) })
            }
            Asset::Packed(fields) => {
                let mut o = Map::new();
                self.fields(fields, &mut o);
                Value::Object(o)
            }
        }
    }
}

fn document(seed: u64) -> Document {
    let mut header = read(
        &std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/tng/demo.tng"
        ))
        .unwrap(),
        false,
        &Default::default(),
    )
    .unwrap()
    .doc
    .header;
    let mut g = Gen {
        state: seed | 1,
        names: Vec::new(),
        header: header.clone(),
        files: 0,
    };
    header.map_size = g.below(3) as u8;
    header.map_layers = 1 + g.below(3) as u8;
    header.transports = g.below(5) as u8;
    g.header = header.clone();
    g.names = std::iter::once(String::new())
        .chain((0..8).map(|i| format!("name{i}")))
        .collect();
    let mut sections = vec![Section {
        kind: 0,
        maps_under_34: false,
        body: json!({ "strings": g.names.clone() }),
    }];
    for _ in 0..2 + g.below(10) {
        let kind = g.below(36) as u8;
        let body = match schema::section(kind, if g.below(2) == 0 { 3 } else { 141 }) {
            Some(layout) => {
                let mut o = Map::new();
                g.fields(layout.fields, &mut o);
                Value::Object(o)
            }
            None => json!({ "raw": "00ff" }),
        };
        sections.push(Section {
            kind,
            maps_under_34: false,
            body,
        });
    }
    Document {
        header,
        sections,
        block: None,
    }
}

fn file_bytes(name: &str) -> gamepak::Result<Vec<u8>> {
    Ok(name.as_bytes().repeat(3))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn random_documents_write_read_write_identically(seed in any::<u64>()) {
        let doc = document(seed);
        let first = write(&doc, &file_bytes).unwrap();
        let r = read(&first, true, &Default::default()).unwrap();
        let kinds: Vec<u8> = r.doc.sections.iter().map(|s| s.kind).collect();
        prop_assert_eq!(kinds, doc.sections.iter().map(|s| s.kind).collect::<Vec<_>>());
        let stored = r.files();
        let again = write(&r.doc, &|name| Ok(stored[name].clone())).unwrap();
        prop_assert!(again == first, "second write differs for seed {}", seed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_documents_extract_and_pack_identically(seed in any::<u64>()) {
        let bytes = write(&document(seed), &file_bytes).unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x");
        gamepak::Format::Tng.handler().unwrap().open(&bytes, &Default::default()).extract(&out, &gamepak::ExtractOptions::default()).unwrap();
        prop_assert!(gamepak::pack(&out, &Default::default()).unwrap().bytes == bytes);
    }
}

#[test]
fn generated_documents_are_not_trivial() {
    let sizes: Vec<usize> = (1..40u64)
        .map(|s| write(&document(s * 7919), &file_bytes).unwrap().len())
        .collect();
    let scripts = (1..40u64)
        .filter(|s| {
            let bytes = write(&document(s * 7919), &file_bytes).unwrap();
            read(&bytes, true, &Default::default()).unwrap().max_command > 0
        })
        .count();
    assert!(sizes.iter().filter(|&&n| n > 500).count() > 10, "{sizes:?}");
    assert!(scripts > 3, "{scripts} documents call commands");
}
