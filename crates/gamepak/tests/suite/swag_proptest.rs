//! Any SWAG document our writer makes, our reader reads back to the same bytes, in
//! both byte orders; and documents whose values TOML can hold survive extract and pack.

use gamepak::bytes::Endian;
use gamepak::swag::model::*;
use gamepak::swag::{self, OpcodeTable};
use gamepak::{ExtractOptions, Format};
use proptest::prelude::*;

fn blob(max: usize) -> impl Strategy<Value = Blob<'static>> {
    prop::collection::vec(any::<u8>(), 0..max).prop_map(Blob::owned)
}

/// A compressed stream: usually a real zlib stream, sometimes bytes that do not inflate.
fn stream() -> impl Strategy<Value = Blob<'static>> {
    prop_oneof![
        3 => prop::collection::vec(any::<u8>(), 0..64)
            .prop_map(|b| Blob::owned(gamepak::codec::zlib::deflate(&b))),
        1 => blob(16),
    ]
}

fn text() -> impl Strategy<Value = String> {
    "\\PC{0,12}"
}

/// A float: any bits, or only finite ones (what TOML carries exactly).
fn f32s<const N: usize>(any_bits: bool) -> BoxedStrategy<[f32; N]> {
    if any_bits {
        any::<[u32; N]>()
            .prop_map(|b| b.map(f32::from_bits))
            .boxed()
    } else {
        any::<[i16; N]>()
            .prop_map(|b| b.map(|v| f32::from(v) / 4.0))
            .boxed()
    }
}

fn variant() -> impl Strategy<Value = Variant> {
    let leaf = prop_oneof![
        Just(Variant::Nil),
        Just(Variant::Object),
        any::<i64>().prop_map(Variant::Integer),
        any::<u64>().prop_map(|b| Variant::Double(f64::from_bits(b))),
        text().prop_map(Variant::String),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Variant::List)
    })
}

fn instruction() -> impl Strategy<Value = Instruction> {
    let table = OpcodeTable::default_table();
    let codes: Vec<u8> = (0..=255u8).filter(|c| table.get(*c).is_some()).collect();
    prop::sample::select(codes).prop_flat_map(move |opcode| {
        let n = table.get(opcode).unwrap().operands as usize;
        prop::collection::vec(variant(), n..=n)
            .prop_map(move |operands| Instruction { opcode, operands })
    })
}

fn object() -> impl Strategy<Value = CodeObject> {
    (
        0..6u8,
        text(),
        prop::collection::vec((text(), variant()), 0..3),
        prop::collection::vec(
            (
                text(),
                any::<u8>(),
                prop::collection::vec(instruction(), 0..6),
            )
                .prop_map(|(name, arguments, code)| Method {
                    name,
                    arguments,
                    code,
                }),
            0..3,
        ),
    )
        .prop_map(|(kind, name, fields, methods)| CodeObject {
            kind,
            name,
            fields,
            methods,
        })
}

fn texture(any_bits: bool, frames: bool) -> impl Strategy<Value = Texture> {
    (
        (text(), any::<u16>(), any::<u16>()),
        prop::collection::vec(any::<[u16; 3]>(), 0..if frames { 3 } else { 1 }),
        (f32s::<2>(any_bits), f32s::<4>(any_bits)),
        any::<[u8; 3]>(),
    )
        .prop_map(
            |((key, width, height), frames, (origin, bbox), b)| Texture {
                key,
                width,
                height,
                frames: frames
                    .into_iter()
                    .map(|[sheet, x, y]| Frame { sheet, x, y })
                    .collect(),
                origin,
                smooth: b[0],
                bbox,
                collision: b[1],
                lazy: b[2],
            },
        )
}

fn font() -> impl Strategy<Value = Font<'static>> {
    (
        text(),
        prop_oneof![
            text().prop_map(FontFace::Referenced),
            stream().prop_map(FontFace::Compiled)
        ],
        any::<(u8, i32, u8)>(),
        prop::option::of(any::<([u8; 4], u16)>()),
        prop::option::of(any::<([u8; 4], i32, [i32; 2])>()),
    )
        .prop_map(|(key, face, (anti_aliasing, size, style), o, d)| Font {
            key,
            face,
            anti_aliasing,
            size,
            style: style & !(STYLE_OUTLINE | STYLE_DROP_SHADOW),
            outline: o.map(|(color, thickness)| Outline { color, thickness }),
            drop_shadow: d.map(|(color, spread, offset)| DropShadow {
                color,
                spread,
                offset,
            }),
        })
}

fn section(any_bits: bool) -> impl Strategy<Value = Section<'static>> {
    prop_oneof![
        (text(), any::<[u16; 2]>(), any::<[u8; 5]>(), text()).prop_map(|(title, wh, b, st)| {
            Section::Config(Config {
                title,
                width: wh[0],
                height: wh[1],
                fullscreen: b[0],
                vertical_sync: b[1],
                cursor_visible: b[2],
                anti_aliasing: b[3],
                target_framerate: b[4],
                initial_state: st,
            })
        }),
        prop_oneof![
            Just(Drm::None),
            text().prop_map(|key_sha1| Drm::Alpha { key_sha1 }),
            text().prop_map(|hwid_sha1| Drm::Free { hwid_sha1 }),
            (any::<u8>(), text()).prop_map(|(platforms, key_sha1)| Drm::Registered {
                platforms,
                key_sha1
            }),
        ]
        .prop_map(Section::Drm),
        prop::collection::vec(texture(any_bits, any_bits), 0..3).prop_map(Section::Textures),
        prop::collection::vec(
            (
                text(),
                prop_oneof![
                    text().prop_map(SoundSource::Stream),
                    any::<u32>().prop_map(SoundSource::Memory)
                ]
            )
                .prop_map(|(key, source)| Sound { key, source }),
            0..3
        )
        .prop_map(Section::Sounds),
        prop::collection::vec(font(), 0..3).prop_map(Section::Fonts),
        prop::collection::vec(object(), 0..3).prop_map(Section::Code),
        prop::collection::vec(
            (text(), stream()).prop_map(|(name, data)| Scene { name, data }),
            0..3
        )
        .prop_map(Section::Scenes),
        prop::collection::vec(blob(32), 0..3).prop_map(Section::Sheets),
        prop::collection::vec(blob(32), 0..3).prop_map(Section::Audio),
    ]
}

fn document(any_bits: bool) -> impl Strategy<Value = Swag<'static>> {
    (
        any::<bool>(),
        any::<u8>(),
        prop::collection::vec(section(any_bits), 0..8),
    )
        .prop_map(|(big, platforms, sections)| Swag {
            endian: if big { Endian::Big } else { Endian::Little },
            version: 10,
            platforms,
            sections,
            spans: Vec::new(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn write_then_read_gives_the_same_bytes(doc in document(true)) {
        let bytes = swag::write(&doc).unwrap();
        let back = swag::read(&bytes, OpcodeTable::default_table()).unwrap();
        prop_assert_eq!(back.endian, doc.endian);
        prop_assert_eq!(back.sections.len(), doc.sections.len());
        prop_assert_eq!(swag::write(&back).unwrap(), bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn extract_then_pack_gives_the_same_bytes(doc in document(false)) {
        let bytes = swag::write(&doc).unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x");
        Format::Swag.handler().unwrap()
            .open(&bytes, &Default::default()).extract(&out, &ExtractOptions::default())
            .unwrap();
        let packed = gamepak::pack(&out, &Default::default()).unwrap();
        prop_assert!(packed.bytes == bytes, "{:?}", packed.reencoded);
        prop_assert!(packed.reencoded.is_empty());
    }
}

/// A stream that another deflater wrote (gzip here) is kept as stored while its
/// inflated form is unchanged.
#[test]
fn foreign_streams_survive_unchanged() {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(b"scene data, compressed elsewhere").unwrap();
    let doc = Swag {
        endian: Endian::Little,
        version: 10,
        platforms: 1,
        sections: vec![Section::Scenes(vec![Scene {
            name: "s".into(),
            data: Blob::owned(gz.finish().unwrap()),
        }])],
        spans: Vec::new(),
    };
    let bytes = swag::write(&doc).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let h = Format::Swag.handler().unwrap();
    h.open(&bytes, &Default::default())
        .extract(tmp.path(), &ExtractOptions::default())
        .unwrap();
    assert_eq!(
        std::fs::read(tmp.path().join("scenes/000-s.bin")).unwrap(),
        b"scene data, compressed elsewhere"
    );
    assert_eq!(
        gamepak::pack(tmp.path(), &Default::default())
            .unwrap()
            .bytes,
        bytes
    );
    assert!(h.open(&bytes, &Default::default()).check().is_clean());
}
