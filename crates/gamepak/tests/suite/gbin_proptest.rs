//! Any document our writer makes, our reader reads back equal, in both byte orders.

use std::borrow::Cow;

use gamepak::gbin::model::*;
use gamepak::gbin::{read, write, CrcMode};
use proptest::prelude::*;

fn bytes(max: usize) -> impl Strategy<Value = Cow<'static, [u8]>> {
    prop::collection::vec(any::<u8>(), 0..max).prop_map(Cow::Owned)
}

fn table<T: std::fmt::Debug + Clone>(
    entry: impl Strategy<Value = T>,
    entry_len: usize,
) -> impl Strategy<Value = Table<'static, T>> {
    (
        prop::collection::vec(entry, 0..6),
        prop::collection::vec(any::<u8>(), 0..entry_len),
    )
        .prop_map(|(entries, tail)| Table {
            entries,
            tail: Cow::Owned(tail),
        })
}

fn image() -> impl Strategy<Value = Image> {
    (any::<[u16; 5]>(), any::<u8>(), any::<u8>(), any::<u32>()).prop_map(|(a, pf, pal, off)| {
        Image {
            width: a[0],
            height: a[1],
            x_origin: a[2],
            y_origin: a[3],
            line_offset: a[4],
            pixel_format: pf,
            palette: pal,
            offset: off,
        }
    })
}

/// Chunks whose FourCC and body agree, for the layout `reference` (whose CMAP and TMAP
/// are tables, told apart by a COLR/TMIX chunk earlier in the file).
fn body(reference: bool) -> impl Strategy<Value = (&'static [u8; 4], Body<'static>)> {
    let common = prop_oneof![
        bytes(64).prop_map(|b| (b"IMGD", Body::ImageData(b))),
        table(image(), 16).prop_map(|t| (b"IMAG", Body::Images(ImagVersion::V2, t))),
        table(
            (any::<u16>(), any::<u16>(), any::<u32>(), any::<[u8; 16]>()).prop_map(
                |(base, count, first, name)| Group {
                    base,
                    count,
                    first,
                    name
                }
            ),
            24
        )
        .prop_map(|t| (b"IGRP", Body::Groups(t))),
        table(
            (any::<u8>(), any::<u8>(), any::<u16>(), any::<u32>()).prop_map(
                |(mode, reserved, frame_count, first_frame)| Sequence {
                    mode,
                    reserved,
                    frame_count,
                    first_frame
                }
            ),
            8
        )
        .prop_map(|t| (b"ISEQ", Body::Sequences(t))),
        table(
            (
                any::<u16>(),
                any::<i16>(),
                any::<u8>(),
                any::<i8>(),
                any::<i8>(),
                any::<u8>()
            )
                .prop_map(|(group, image, time, x, y, reserved)| Frame {
                    group,
                    image,
                    time,
                    x,
                    y,
                    reserved
                }),
            8
        )
        .prop_map(|t| (b"IFRM", Body::Frames(t))),
        table(
            (any::<[u8; 4]>(), any::<u16>(), any::<u16>(), any::<u32>()).prop_map(
                |(a, tile_count, id, offset)| Tileset {
                    tile_width: a[0],
                    tile_height: a[1],
                    pixel_format: a[2],
                    palette: a[3],
                    tile_count,
                    id,
                    offset
                }
            ),
            12
        )
        .prop_map(|t| (b"TSET", Body::Tilesets(t))),
        table(
            (
                any::<[u8; 4]>(),
                any::<u32>(),
                any::<u32>(),
                any::<[u8; 16]>()
            )
                .prop_map(|(file_type, size, offset, name)| FileEntry {
                    file_type,
                    size,
                    offset,
                    name
                }),
            28
        )
        .prop_map(|t| (b"FDIR", Body::FileDirectory(t))),
        bytes(40).prop_map(|b| (b"FDAT", Body::FileData(b))),
        table(
            (
                any::<u16>(),
                any::<u8>(),
                any::<u8>(),
                any::<u32>(),
                any::<u32>()
            )
                .prop_map(|(rate, format, compression, sample_count, offset)| {
                    SoundSample {
                        rate,
                        format,
                        compression,
                        sample_count,
                        offset,
                    }
                }),
            12
        )
        .prop_map(|t| (b"SWAV", Body::Sounds(t))),
        bytes(40).prop_map(|b| (b"WAVD", Body::WaveData(b))),
        (
            any::<[u8; 4]>(),
            any::<u16>(),
            prop::collection::vec(any::<(u16, u16)>(), 0..5),
            bytes(30)
        )
            .prop_map(|(language, reserved, entries, data)| (
                b"STRT",
                Body::Strings(StringTable {
                    language,
                    reserved,
                    entries,
                    data
                })
            )),
        bytes(30).prop_map(|b| (b"XTRA", Body::Opaque(b))),
    ];
    let layout_specific = if reference {
        prop_oneof![
            table(
                (any::<u16>(), any::<u16>())
                    .prop_map(|(count, offset)| ColourMapEntry { count, offset }),
                4
            )
            .prop_map(|t| (b"CMAP", Body::ColourMaps(t))),
            table(
                (
                    any::<u32>(),
                    any::<[u16; 2]>(),
                    any::<[u32; 4]>(),
                    any::<[u8; 2]>(),
                    any::<u16>()
                )
                    .prop_map(|(id, wh, c, bt, reserved)| TilemapEntry {
                        id,
                        width: wh[0],
                        height: wh[1],
                        index_count: c[0],
                        index_offset: c[1],
                        block_count: c[2],
                        block_offset: c[3],
                        block_size: bt[0],
                        tile_size: bt[1],
                        reserved
                    }),
                28
            )
            .prop_map(|t| (b"TMAP", Body::Tilemaps(t))),
        ]
        .boxed()
    } else {
        prop_oneof![
            (any::<[u8; 16]>(), any::<u16>(), any::<u16>(), bytes(20)).prop_map(
                |(name, count, reserved, colours)| (
                    b"CMAP",
                    Body::ColourMapInline(ColourMapInline {
                        head: ColourMapHead {
                            name,
                            count,
                            reserved,
                        },
                        colours
                    })
                )
            ),
            (
                any::<u32>(),
                any::<[u16; 2]>(),
                0u32..6,
                any::<u32>(),
                any::<[u8; 2]>(),
                any::<[u8; 6]>(),
                bytes(20)
            )
                .prop_map(
                    |(id, wh, index_count, block_count, bt, reserved, blocks)| {
                        let indices = vec![7u8; (index_count as usize * 2).next_multiple_of(4)];
                        (
                            b"TMAP",
                            Body::TilemapInline(TilemapInline {
                                head: TilemapHead {
                                    id,
                                    width: wh[0],
                                    height: wh[1],
                                    index_count,
                                    block_count,
                                    block_size: bt[0],
                                    tile_size: bt[1],
                                    reserved,
                                },
                                indices: Cow::Owned(indices),
                                blocks,
                            }),
                        )
                    }
                ),
        ]
        .boxed()
    };
    prop_oneof![3 => common, 1 => layout_specific]
}

fn document() -> impl Strategy<Value = Gbin<'static>> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<[u8; 12]>(),
        any::<[u8; 4]>(),
    )
        .prop_flat_map(|(big, reference, name, crc)| {
            prop::collection::vec(body(reference), 0..8).prop_map(move |bodies| {
                let mut chunks: Vec<Chunk<'static>> = Vec::new();
                if reference {
                    chunks.push(Chunk {
                        id: gamepak::FourCC::COLR,
                        offset: 0,
                        body: Body::Colours(Cow::Owned(vec![1, 2, 3, 4])),
                    });
                    chunks.push(Chunk {
                        id: gamepak::FourCC::TMIX,
                        offset: 0,
                        body: Body::TileIndices(Cow::Owned(vec![0, 0])),
                    });
                }
                chunks.extend(bodies.into_iter().map(|(id, body)| Chunk {
                    id: gamepak::FourCC(*id),
                    offset: 0,
                    body,
                }));
                chunks.push(Chunk {
                    id: gamepak::FourCC::ENDC,
                    offset: 0,
                    body: Body::End(Cow::Borrowed(&[])),
                });
                Gbin {
                    header: Header {
                        size: 32,
                        flags: if big { FLAG_BIG_ENDIAN } else { 0 },
                        version: *b"02",
                        crc,
                        name,
                        reserved: RESERVED_REFERENCE,
                    },
                    chunks,
                    trailing: Cow::Borrowed(&[]),
                }
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn written_documents_read_back_equal(doc in document()) {
        let bytes = write(&doc, CrcMode::Keep);
        let mut back = read(&bytes).unwrap().into_owned();
        for c in &mut back.chunks {
            c.offset = 0;
        }
        prop_assert_eq!(&back, &doc);
        prop_assert_eq!(write(&back, CrcMode::Keep), bytes);
    }
}
