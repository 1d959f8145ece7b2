//! A SWAG file written byte by byte from the description, in both byte orders, read
//! back field by field: the reader is tested against the description, not only
//! against our own writer.

use gamepak::bytes::Endian;
use gamepak::swag::model::*;
use gamepak::swag::{self, OpcodeTable};

/// Bytes built by hand, each integer in the chosen byte order.
struct Hand {
    be: bool,
    out: Vec<u8>,
}

impl Hand {
    fn raw(&mut self, b: &[u8]) -> &mut Self {
        self.out.extend_from_slice(b);
        self
    }
    fn int(&mut self, le: &[u8]) -> &mut Self {
        let mut b = le.to_vec();
        if self.be {
            b.reverse();
        }
        self.raw(&b)
    }
    fn u8(&mut self, v: u8) -> &mut Self {
        self.raw(&[v])
    }
    fn u16(&mut self, v: u16) -> &mut Self {
        self.int(&v.to_le_bytes())
    }
    fn u32(&mut self, v: u32) -> &mut Self {
        self.int(&v.to_le_bytes())
    }
    fn str(&mut self, s: &str) -> &mut Self {
        self.u32(s.len() as u32).raw(s.as_bytes())
    }
}

const HASH: &str = "0123456789abcdef0123456789abcdef01234567";

fn sheet_png() -> Vec<u8> {
    let mut img = gamepak::codec::png::Rgba::new(4, 2);
    img.put(1, 0, [255, 0, 0, 255]);
    img.put(3, 1, [0, 0, 255, 255]);
    gamepak::codec::png::encode(&img).unwrap()
}

fn file(be: bool) -> Vec<u8> {
    let ttf = gamepak::codec::zlib::deflate(b"\0\x01\0\0 not really a font");
    let scene = gamepak::codec::zlib::deflate(b"{\"entities\": []}");
    let png = sheet_png();
    let mut h = Hand {
        be,
        out: Vec::new(),
    };
    h.raw(b"SWAG").raw(if be { &[0, 10] } else { &[10, 0] });
    h.u8(0b0010_0101); // Windows, Linux, HTML5
    h.u8(9); // sections
             // CNFG
    h.raw(b"CNFG").str("Hand Made").u16(640).u16(480);
    h.u8(0).u8(1).u8(1).u8(4).u8(60).str("Title");
    // SDRM, registered
    h.raw(b"SDRM").u8(3).u8(0b0000_0001).str(HASH);
    // TXTR: one texture, two frames
    h.raw(b"TXTR").u32(1).str("hero").u16(2).u16(1).u32(2);
    h.u16(0).u16(0).u16(0).u16(0).u16(2).u16(1);
    h.raw(&if be {
        1.0f32.to_be_bytes()
    } else {
        1.0f32.to_le_bytes()
    });
    h.raw(&if be {
        0.5f32.to_be_bytes()
    } else {
        0.5f32.to_le_bytes()
    });
    h.u8(1);
    for v in [0.0f32, 0.0, 2.0, 1.0] {
        h.raw(&if be { v.to_be_bytes() } else { v.to_le_bytes() });
    }
    h.u8(2).u8(0);
    // SOND: memory, then stream
    h.raw(b"SOND").u32(2).str("jump").u8(1).u32(0);
    h.str("music").u8(0).str("music.ogg");
    // FONT: referenced with outline and drop shadow, then compiled
    h.raw(b"FONT").u32(2).str("ui").u8(0).str("DejaVu Sans");
    h.u8(1).u32(12).u8(0b0110_0001); // bold, outline, drop shadow
    h.raw(&[1, 2, 3, 4]).u16(2);
    h.raw(&[5, 6, 7, 8]).u32(3).u32(-1i32 as u32).u32(2);
    h.str("title").u8(1).u32(ttf.len() as u32).raw(&ttf);
    h.u8(0).u32(32).u8(0b0000_0010); // italic
                                     // CODE: one entity, two fields, one method
    h.raw(b"CODE").u32(1).u8(3).str("Hero");
    h.u16(2);
    h.str("hp").u8(1).int(&(-5i64).to_le_bytes());
    h.str("bag").u8(4).u32(4);
    h.u8(0)
        .u8(2)
        .int(&2.5f64.to_le_bytes())
        .u8(3)
        .str("sword")
        .u8(5);
    h.u16(1).str("update").u8(1).u32(3);
    h.u8(0x05).u8(1).int(&0i64.to_le_bytes()); // load_local 0
    h.u8(0x30).u8(3).str("print").u8(1).int(&1i64.to_le_bytes()); // call "print" 1
    h.u8(0x33); // return_nil
                // SCNE
    h.raw(b"SCNE")
        .u32(1)
        .str("level1")
        .u32(scene.len() as u32)
        .raw(&scene);
    // TXST
    h.raw(b"TXST").u32(1).u32(png.len() as u32).raw(&png);
    // AUDO
    h.raw(b"AUDO").u32(1).u32(8).raw(b"OggS\0\x02\0\0");
    h.out
}

fn check_fields(doc: &Swag<'_>, endian: Endian) {
    assert_eq!(doc.endian, endian);
    assert_eq!(doc.version, 10);
    assert_eq!(platform_names(doc.platforms), ["Windows", "Linux", "HTML5"]);
    let tags: Vec<String> = doc.sections.iter().map(|s| s.tag().to_string()).collect();
    assert_eq!(
        tags,
        ["CNFG", "SDRM", "TXTR", "SOND", "FONT", "CODE", "SCNE", "TXST", "AUDO"]
    );
    let Section::Config(c) = &doc.sections[0] else {
        panic!()
    };
    assert_eq!(
        c,
        &Config {
            title: "Hand Made".into(),
            width: 640,
            height: 480,
            fullscreen: 0,
            vertical_sync: 1,
            cursor_visible: 1,
            anti_aliasing: 4,
            target_framerate: 60,
            initial_state: "Title".into(),
        }
    );
    assert_eq!(
        doc.sections[1],
        Section::Drm(Drm::Registered {
            platforms: 1,
            key_sha1: HASH.into()
        })
    );
    let Section::Textures(t) = &doc.sections[2] else {
        panic!()
    };
    assert_eq!(
        t[0],
        Texture {
            key: "hero".into(),
            width: 2,
            height: 1,
            frames: vec![
                Frame {
                    sheet: 0,
                    x: 0,
                    y: 0
                },
                Frame {
                    sheet: 0,
                    x: 2,
                    y: 1
                }
            ],
            origin: [1.0, 0.5],
            smooth: 1,
            bbox: [0.0, 0.0, 2.0, 1.0],
            collision: 2,
            lazy: 0,
        }
    );
    let Section::Sounds(s) = &doc.sections[3] else {
        panic!()
    };
    assert_eq!(s[0].source, SoundSource::Memory(0));
    assert_eq!(s[1].source, SoundSource::Stream("music.ogg".into()));
    let Section::Fonts(f) = &doc.sections[4] else {
        panic!()
    };
    assert_eq!(f[0].face, FontFace::Referenced("DejaVu Sans".into()));
    assert_eq!((f[0].anti_aliasing, f[0].size, f[0].style), (1, 12, 1));
    assert_eq!(
        f[0].outline,
        Some(Outline {
            color: [1, 2, 3, 4],
            thickness: 2
        })
    );
    assert_eq!(
        f[0].drop_shadow,
        Some(DropShadow {
            color: [5, 6, 7, 8],
            spread: 3,
            offset: [-1, 2]
        })
    );
    assert_eq!(f[0].style_byte(), 0b0110_0001);
    assert!(matches!(&f[1].face, FontFace::Compiled(b) if b.bytes.starts_with(&[0x78])));
    assert_eq!((f[1].size, f[1].style, f[1].outline), (32, 2, None));
    let Section::Code(code) = &doc.sections[5] else {
        panic!()
    };
    let o = &code[0];
    assert_eq!((o.kind, o.name.as_str()), (3, "Hero"));
    assert_eq!(o.fields[0], ("hp".into(), Variant::Integer(-5)));
    assert_eq!(
        o.fields[1].1,
        Variant::List(vec![
            Variant::Nil,
            Variant::Double(2.5),
            Variant::String("sword".into()),
            Variant::Object
        ])
    );
    let m = &o.methods[0];
    assert_eq!(
        (m.name.as_str(), m.arguments, m.code.len()),
        ("update", 1, 3)
    );
    assert_eq!(m.code[1].opcode, 0x30);
    assert_eq!(
        m.code[1].operands,
        [Variant::String("print".into()), Variant::Integer(1)]
    );
    assert!(m.code[2].operands.is_empty());
    let Section::Scenes(sc) = &doc.sections[6] else {
        panic!()
    };
    assert_eq!(sc[0].name, "level1");
    assert_eq!(doc.sheets()[0].bytes.as_ref(), sheet_png().as_slice());
    assert_eq!(doc.audio()[0].bytes.as_ref(), b"OggS\0\x02\0\0");
}

#[test]
fn hand_written_file_reads_field_by_field_in_both_byte_orders() {
    let table = OpcodeTable::default_table();
    for (be, endian) in [(false, Endian::Little), (true, Endian::Big)] {
        let bytes = file(be);
        let doc = swag::read(&bytes, table).unwrap();
        check_fields(&doc, endian);
        assert_eq!(swag::write(&doc).unwrap(), bytes, "big-endian: {be}");
        let report = gamepak::Format::Swag
            .handler()
            .unwrap()
            .open(&bytes, &Default::default())
            .check();
        assert!(report.is_clean(), "{}", report.lines());
    }
}
