//! The typed, lossless GBIN document.
//!
//! Every chunk keeps its FourCC and its exact payload: tables are decoded into entries,
//! and any bytes after the last whole entry are kept in `tail`, so that writing a
//! document read from a file gives back the same bytes. Blobs borrow from the input
//! (`Cow`), so reading a 1 GB file copies nothing.

use crate::FourCC;
use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::records::{record, Wire};
use crate::bytes::{Endian, Reader, Writer};
use crate::error::Result;

/// Size of the file header.
pub const HEADER_LEN: usize = 32;
/// Size of a chunk header (FourCC + u32 payload size).
pub const CHUNK_HEADER_LEN: usize = 8;

/// A TMIX index for a block the map never touched.
pub const EMPTY_BLOCK: u16 = 0xFFFE;

/// Flag bit 0: multi-byte values are big-endian.
pub const FLAG_BIG_ENDIAN: u8 = 0x01;
/// Flag bit 1: the package holds a FILE/FDIR entry of type `CODE`.
pub const FLAG_EXECUTABLE: u8 = 0x02;

/// The CRC field of files written by the reference packer, which never computes it.
pub const CRC_PLACEHOLDER: [u8; 4] = *b"CRC-";
/// The reserved field as the reference packer writes it.
pub const RESERVED_REFERENCE: [u8; 8] = *b"xxxxxxxx";

record! {
    /// The header after its `GBIN` magic.
    pub struct Header {
        /// Header size byte at 0x04: 32 in every known file.
        size: u8 = "header size",
        /// Flag byte at 0x05.
        flags: u8 = "flags",
        /// Two ASCII digits at 0x06: "01" (12-byte IMAG entries) or "02" (16-byte).
        version: [u8; 2] = "version",
        /// CRC-32 of everything after the header, or the `CRC-` placeholder.
        crc: [u8; 4] = "CRC",
        /// Package name, NUL padded, not always terminated.
        name: [u8; 12] = "name",
        /// Eight reserved bytes at 0x18: `xxxxxxxx` ([`RESERVED_REFERENCE`]) from the reference
        /// packer, kept as stored.
        reserved: [u8; 8] = "reserved",
    }
}

impl Header {
    /// Byte order of the package's multi-byte values: big-endian when flag bit 0 is set.
    pub fn endian(&self) -> Endian {
        if self.flags & FLAG_BIG_ENDIAN != 0 {
            Endian::Big
        } else {
            Endian::Little
        }
    }

    /// The package name as text, up to its first NUL.
    pub fn name_text(&self) -> String {
        crate::bytes::fixed_str(&self.name)
    }

    /// The two version bytes as text ("01"), or as hex when not printable.
    pub fn version_text(&self) -> String {
        if self.version.iter().all(u8::is_ascii_graphic) {
            String::from_utf8_lossy(&self.version).into_owned()
        } else {
            crate::bytes::to_hex(&self.version)
        }
    }

    /// IMAG entries are 12 bytes in version "01" files and 16 bytes otherwise.
    pub fn imag_version(&self) -> ImagVersion {
        if &self.version == b"01" {
            ImagVersion::V1
        } else {
            ImagVersion::V2
        }
    }
}

/// A whole package: the header, then chunks in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct Gbin<'a> {
    /// The 32-byte header, after its `GBIN` magic.
    pub header: Header,
    /// Every chunk in file order, ENDC included.
    pub chunks: Vec<Chunk<'a>>,
    /// Bytes after the last chunk (none in a well-formed file).
    pub trailing: Cow<'a, [u8]>,
}

/// One chunk: its FourCC and decoded payload.
#[derive(Debug, Clone, PartialEq)]
pub struct Chunk<'a> {
    /// The chunk's FourCC as stored.
    pub id: FourCC,
    /// Absolute offset of the chunk header in the file it was read from (0 when built).
    pub offset: u64,
    /// The payload, decoded when its FourCC is one gamepak knows.
    pub body: Body<'a>,
}

/// Which of the two table layouts a package uses, told apart by the chunks present.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// The spec's layout: a CMAP chunk per colour map and a TMAP chunk per tile map.
    Seed,
    /// The reference packer's: COLR + one CMAP table, TMIX + TMBL + one TMAP table.
    Reference,
    /// Neither: no chunk whose layout differs between the two is present.
    Common,
}

/// How wide IMAG entries' sizes and origins are, from the header's version digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ImagVersion {
    /// 12-byte entries: u8 sizes and origins.
    V1,
    /// 16-byte entries: u16 sizes and origins.
    V2,
}

/// IMAG sizes and origins: one byte in version "01" files, two otherwise.
impl Wire<u16> for ImagVersion {
    fn len(&self) -> usize {
        match self {
            ImagVersion::V1 => 1,
            ImagVersion::V2 => 2,
        }
    }
    fn read(&self, r: &mut Reader<'_>, what: &str) -> Result<u16> {
        match self {
            ImagVersion::V1 => r.u8(what).map(u16::from),
            ImagVersion::V2 => r.u16(what),
        }
    }
    fn write(&self, w: &mut Writer, v: &u16) {
        match self {
            ImagVersion::V1 => w.u8(*v as u8),
            ImagVersion::V2 => w.u16(*v),
        }
    }
}

/// Every chunk body, listed once, handed to the macro `$then` (after any tokens
/// given with it): the bodies kept as plain bytes, each with the chunk id it is read
/// for; the body any other chunk is kept as; then the decoded bodies, each with its
/// payload type (its lifetime left out), a parameter where the payload needs one to
/// be read and written, and the `kind` that tags it in an extracted folder's
/// manifest. [`declare_body!`] makes [`Body`] from the list, and `manifest.rs` the
/// manifest's entry of every body.
macro_rules! bodies {
    ($then:ident $($pass:tt)*) => {
        $then! {
            $($pass)*
            bytes {
                /// IMGD: pixel data of every image and tileset.
                ImageData = IMGD,
                /// TMIX: u16 block indices of every map.
                TileIndices = TMIX,
                /// TMBL: tile values of every block of every map.
                TileBlocks = TMBL,
                /// COLR: B, G, R, A colours of every map.
                Colours = COLR,
                /// FDAT: file data, concatenated and 4-aligned.
                FileData = FDAT,
                /// WAVD: sample data that SWAV entries point into.
                WaveData = WAVD,
                /// ENDC: end of package. Any payload is kept.
                End = ENDC,
            }
            /// A chunk gamepak does not know, or one whose payload could not be decoded.
            other Opaque,
            decoded {
                /// SIMG: source image layout (spec only).
                SourceImages(Table<SourceImage>) = "source_images",
                /// IMAG: image frames.
                Images[version: ImagVersion](Table<Image>) = "images",
                /// IGRP: image groups.
                Groups(Table<Group>) = "groups",
                /// ISEQ: image sequences.
                Sequences(Table<Sequence>) = "sequences",
                /// IFRM: frames of every sequence.
                Frames(Table<Frame>) = "frames",
                /// TSET: tile sets.
                Tilesets(Table<Tileset>) = "tilesets",
                /// TMAP in the seed layout: one map with its indices and blocks inline.
                TilemapInline(TilemapInline) = "tilemap_inline",
                /// TMAP in the reference layout: a table of maps pointing into TMIX and TMBL.
                Tilemaps(Table<TilemapEntry>) = "tilemaps",
                /// CMAP in the seed layout: one named colour map.
                ColourMapInline(ColourMapInline) = "colour_map_inline",
                /// CMAP in the reference layout: a table of maps pointing into COLR.
                ColourMaps(Table<ColourMapEntry>) = "colour_maps",
                /// FDIR: file directory.
                FileDirectory(Table<FileEntry>) = "files",
                /// FILE in the seed layout: one file with its own header.
                File(FileInline) = "file_inline",
                /// STRT: a string table for one language.
                Strings(StringTable) = "strings",
                /// SWAV: sound sample info.
                Sounds(Table<SoundSample>) = "sounds",
            }
        }
    };
}
pub(crate) use bodies;

/// Makes [`Body`] from the list [`bodies!`] gives, with what every body does alike:
/// `plain_bytes!`, the body a chunk id's plain bytes are, and copying borrowed bytes.
/// `$d` is a `$`, handed in so that the pattern macro can be declared here.
macro_rules! declare_body {
    (
        $d:tt
        bytes { $($(#[$bytes_doc:meta])* $bytes:ident = $id:ident,)* }
        $(#[$other_doc:meta])* other $other:ident,
        decoded {$(
            $(#[$doc:meta])*
            $name:ident $([$param:ident: $param_ty:ty])? ($payload:ident $(<$arg:ty>)?) = $kind:literal,
        )*}
    ) => {
        /// A chunk payload. Tables keep bytes after their last whole entry in `tail`.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Body<'a> {
            $($(#[$bytes_doc])* $bytes(Cow<'a, [u8]>),)*
            $(#[$other_doc])* $other(Cow<'a, [u8]>),
            $($(#[$doc])* $name($($param_ty,)? $payload<'a $(, $arg)?>),)*
        }

        /// The bodies stored as plain bytes, as one pattern binding the bytes: every
        /// match that treats them alike uses it, so those matches stay exhaustive.
        macro_rules! plain_bytes {
            ($d b:pat) => {
                $(Body::$bytes($d b))|* | Body::$other($d b)
            };
        }
        pub(crate) use plain_bytes;

        impl<'a> Body<'a> {
            /// A chunk's payload kept as plain bytes: the body its id is read as, or
            /// opaque when the id is not one of those.
            pub fn plain(id: FourCC, bytes: Cow<'a, [u8]>) -> Self {
                match id {
                    $(FourCC::$id => Body::$bytes(bytes),)*
                    _ => Body::$other(bytes),
                }
            }

            /// Copies every borrowed blob.
            pub fn into_owned(self) -> Body<'static> {
                match self {
                    $(Body::$bytes(b) => Body::$bytes(own(b)),)*
                    Body::$other(b) => Body::$other(own(b)),
                    $(Body::$name($($param,)? payload) => {
                        Body::$name($($param,)? payload.into_owned())
                    })*
                }
            }
        }
    };
}
bodies!(declare_body $);

/// Decoded table entries plus the bytes after the last whole entry.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table<'a, T> {
    /// The whole entries, in file order.
    pub entries: Vec<T>,
    /// Bytes after the last whole entry (none in a well-formed file), kept so that the chunk
    /// writes back unchanged.
    pub tail: Cow<'a, [u8]>,
}

impl<T> Table<'_, T> {
    /// A table of these entries with no tail.
    pub fn new(entries: Vec<T>) -> Self {
        Table {
            entries,
            tail: Cow::Borrowed(&[]),
        }
    }
}

record! {
    /// A SIMG entry (seed layout only; no known packer writes one): a source image's size,
    /// data and pixel format.
    pub struct SourceImage {
        /// Width in pixels.
        width: u16 = "width",
        /// Height in pixels.
        height: u16 = "height",
        /// The spec's image data offset. No packer writes SIMG, so its base is unknown (IMAG's
        /// offsets count from the start of the IMGD payload).
        offset: u32 = "offset",
        /// Pixel format code, 0-11 ([`PixelFormat`](super::pixel::PixelFormat)).
        pixel_format: u8 = "pixel format",
        /// Three reserved bytes.
        reserved: [u8; 3] = "reserved",
    }
}

record! {
    /// An IMAG entry, whose sizes and origins are as wide as the version says.
    pub struct Image(version: ImagVersion) {
        /// Width in pixels.
        width: u16 = "width" as version,
        /// Height in pixels.
        height: u16 = "height" as version,
        /// X of the origin, in pixels from the image's left edge: the point placed at the
        /// drawing position, and the centre of rotation when the packer rotates the image.
        x_origin: u16 = "x origin" as version,
        /// Y of the origin, in pixels from the image's top edge.
        y_origin: u16 = "y origin" as version,
        /// Line offset: the reference packer computes it as the source line stride less the
        /// width, and it is 0 in every known file (rows are contiguous).
        line_offset: u16 = "line offset",
        /// Pixel format code, 0-11 ([`PixelFormat`](super::pixel::PixelFormat)).
        pixel_format: u8 = "pixel format",
        /// Palette (the spec gives only the name): 0 in every file, as the reference packer
        /// never fills it in.
        palette: u8 = "palette",
        /// Byte offset into the IMGD payload.
        offset: u32 = "offset",
    }
}

record! {
    /// An IGRP entry: a named run of consecutive IMAG images.
    pub struct Group {
        /// Base index for the group's images (the .gap `imagegroup` `base`, 0 by default); the
        /// spec says no more.
        base: u16 = "base",
        /// Number of images in the group, consecutive in IMAG from `first`.
        count: u16 = "count",
        /// Index of the group's first image in IMAG.
        first: u32 = "first image",
        /// Group name: up to 15 bytes, then NUL padding. Empty in the all-zero entries the
        /// reference packer writes for empty groups.
        name: [u8; 16] = "name",
    }
}

record! {
    /// An ISEQ entry: an animation, a run of consecutive IFRM frames.
    pub struct Sequence {
        /// 0 once, 1 loop, 2 bounce.
        mode: u8 = "mode",
        /// Reserved byte: 0 from the reference packer.
        reserved: u8 = "reserved",
        /// Number of frames, consecutive in IFRM from `first_frame`.
        frame_count: u16 = "frame count",
        /// Index of the first frame in IFRM.
        first_frame: u32 = "first frame",
    }
}

record! {
    /// An IFRM entry: one frame of a sequence, an image shown for a time at an offset.
    pub struct Frame {
        /// Index of the image group in IGRP.
        group: u16 = "group",
        /// Image in the group, or -1 for the whole group.
        image: i16 = "image",
        /// How long the frame shows, in video frames (1 to 255).
        time: u8 = "time",
        /// X offset applied to the sprite's position for this frame (-128 to 127).
        x: i8 = "x",
        /// Y offset applied to the sprite's position for this frame (-128 to 127).
        y: i8 = "y",
        /// Reserved byte: 0 from the reference packer.
        reserved: u8 = "reserved",
    }
}

record! {
    /// A TSET entry: tiles of one size and pixel format, stored one after another in IMGD.
    pub struct Tileset {
        /// Tile width in pixels.
        tile_width: u8 = "tile width",
        /// Tile height in pixels.
        tile_height: u8 = "tile height",
        /// Pixel format code, 0-11 ([`PixelFormat`](super::pixel::PixelFormat)).
        pixel_format: u8 = "pixel format",
        /// Palette (the spec gives only the name): 0 in every file, as the reference packer
        /// never fills it in.
        palette: u8 = "palette",
        /// Number of tiles in the set.
        tile_count: u16 = "tile count",
        /// Tile set ID, as the .gap `tileset` command gives it.
        id: u16 = "id",
        /// Byte offset of the first tile into the IMGD payload.
        offset: u32 = "offset",
    }
}

record! {
    /// A TMAP entry of the reference layout: one tile map, cut into square blocks of
    /// `block_size` tiles a side. Its u16 block indices (one per block of the map, row by
    /// row) are in TMIX and its blocks in TMBL.
    pub struct TilemapEntry {
        /// Tile map ID, as the .gap `tilemap` command gives it.
        id: u32 = "id",
        /// Map width in tiles.
        width: u16 = "width",
        /// Map height in tiles.
        height: u16 = "height",
        /// Number of u16 block indices: one per block of the map, row by row.
        index_count: u32 = "index count",
        /// Byte offset into the TMIX payload.
        index_offset: u32 = "index offset",
        /// Number of blocks in TMBL, each `block_size`² tile values of `tile_size` bytes.
        block_count: u32 = "block count",
        /// Byte offset into the TMBL payload.
        block_offset: u32 = "block offset",
        /// Block edge in tiles.
        block_size: u8 = "block size",
        /// Bytes per tile value.
        tile_size: u8 = "tile size",
        /// Two reserved bytes: 0 from the reference packer.
        reserved: u16 = "reserved",
    }
}

record! {
    /// The fields that open a seed-layout TMAP chunk, before its indices and blocks.
    pub struct TilemapHead {
        /// Tile map ID.
        id: u32 = "id",
        /// Map width in tiles.
        width: u16 = "width",
        /// Map height in tiles.
        height: u16 = "height",
        /// Number of u16 block indices that follow: one per block of the map, row by row.
        index_count: u32 = "index count",
        /// Number of blocks after the indices, each `block_size`² tile values.
        block_count: u32 = "block count",
        /// Block edge in tiles.
        block_size: u8 = "block size",
        /// Bytes per tile value.
        tile_size: u8 = "tile size",
        /// Six reserved bytes.
        reserved: [u8; 6] = "reserved",
    }
}

/// A seed-layout TMAP chunk: one tile map with its indices and blocks inline.
#[derive(Debug, Clone, PartialEq)]
pub struct TilemapInline<'a> {
    /// The map's ID, size, counts and block geometry.
    pub head: TilemapHead,
    /// `index_count` u16 indices, padded to 4 bytes.
    pub indices: Cow<'a, [u8]>,
    /// Block data, padded to 4 bytes, and anything after it.
    pub blocks: Cow<'a, [u8]>,
}

record! {
    /// A CMAP entry of the reference layout: one colour map, its colours in COLR.
    pub struct ColourMapEntry {
        /// Number of colours, 4 bytes (B, G, R, A) each.
        count: u16 = "count",
        /// Byte offset into the COLR payload (truncated to 16 bits by the reference packer).
        offset: u16 = "offset",
    }
}

record! {
    /// The fields that open a seed-layout CMAP chunk, before its colours.
    pub struct ColourMapHead {
        /// Colour map name: up to 15 bytes, then NUL padding.
        name: [u8; 16] = "name",
        /// Number of colours, 4 bytes (B, G, R, A) each.
        count: u16 = "count",
        /// Reserved u16.
        reserved: u16 = "reserved",
    }
}

/// A seed-layout CMAP chunk: one named colour map with its colours inline.
#[derive(Debug, Clone, PartialEq)]
pub struct ColourMapInline<'a> {
    /// The map's name and colour count.
    pub head: ColourMapHead,
    /// B, G, R, A colours, and anything after the last one.
    pub colours: Cow<'a, [u8]>,
}

record! {
    /// An FDIR entry: one file, its bytes in FDAT.
    pub struct FileEntry {
        /// File type FourCC, as the .gap `file` command gives it; a type of exactly `CODE`
        /// sets the header's executable flag.
        file_type: [u8; 4] = "type",
        /// Always little-endian, whatever the package's byte order.
        size: u32 = "size" as LittleEndian,
        /// Byte offset into the FDAT payload.
        offset: u32 = "offset",
        /// File name: up to 15 bytes, then NUL padding.
        name: [u8; 16] = "name",
    }
}

record! {
    /// The fields that open the packer's earlier FILE chunk.
    pub struct FileHead {
        /// File type FourCC.
        file_type: [u8; 4] = "type",
        /// Compression: 0 (none) in every file the packer wrote.
        compression: u8 = "compression",
        /// Count of padding bytes after the data.
        padding: u8 = "padding",
        /// Reserved byte: 0 from the packer.
        filler: u8 = "filler",
    }
}

/// The packer's earlier FILE chunk: its head, u8 name length, the name padded to 4,
/// then the data padded to 4.
#[derive(Debug, Clone, PartialEq)]
pub struct FileInline<'a> {
    /// The file's type, compression and padding count.
    pub head: FileHead,
    /// The name's bytes and the padding after them.
    pub name: Cow<'a, [u8]>,
    /// Length of the file name in bytes, before its padding.
    pub name_len: u8,
    /// The file's bytes and the padding after them.
    pub data: Cow<'a, [u8]>,
}

/// A string table: language, u16 count, u16 reserved, (offset, length) per string,
/// then the string data. The count is the length of `entries`, so it is not a field.
#[derive(Debug, Clone, PartialEq)]
pub struct StringTable<'a> {
    /// Language FourCC: there is one string table per language.
    pub language: [u8; 4],
    /// Reserved u16 after the string count.
    pub reserved: u16,
    /// (offset into `data`, length) per string.
    pub entries: Vec<(u16, u16)>,
    /// The string data, including any padding.
    pub data: Cow<'a, [u8]>,
}

record! {
    /// An SWAV entry: one sound sample, its data in WAVD.
    pub struct SoundSample {
        /// Sample rate in Hz.
        rate: u16 = "rate",
        /// 0 S8, 1 U8, 2 S16, 3 U16.
        format: u8 = "format",
        /// 0 uncompressed.
        compression: u8 = "compression",
        /// Number of samples: as many bytes of data for the 8-bit formats, twice as many for
        /// the 16-bit ones.
        sample_count: u32 = "sample count",
        /// Byte offset into the WAVD payload.
        offset: u32 = "offset",
    }
}

impl Body<'_> {
    /// The payload of a chunk stored as plain bytes.
    pub fn raw(&self) -> Option<&[u8]> {
        match self {
            plain_bytes!(b) => Some(b),
            _ => None,
        }
    }

    /// The same payload, owned and writable.
    pub fn raw_mut(&mut self) -> Option<&mut Vec<u8>> {
        match self {
            plain_bytes!(b) => Some(b.to_mut()),
            _ => None,
        }
    }
}

impl<'a> Gbin<'a> {
    /// The layout, told apart by the chunks present: COLR, TMIX or TMBL mean the
    /// reference packer's; CMAP or TMAP without them, or FILE or SIMG, the seed's.
    pub fn layout(&self) -> Layout {
        let has = |ids: &[FourCC]| self.chunks.iter().any(|c| ids.contains(&c.id));
        if has(&[FourCC::COLR, FourCC::TMIX, FourCC::TMBL]) {
            Layout::Reference
        } else if has(&[FourCC::CMAP, FourCC::TMAP, FourCC::FILE, FourCC::SIMG]) {
            Layout::Seed
        } else {
            Layout::Common
        }
    }

    /// The first chunk with this FourCC.
    pub fn chunk(&self, id: FourCC) -> Option<&Chunk<'a>> {
        self.chunks.iter().find(|c| c.id == id)
    }

    /// Copies every borrowed blob, detaching the document from its input.
    pub fn into_owned(self) -> Gbin<'static> {
        Gbin {
            header: self.header,
            chunks: self.chunks.into_iter().map(Chunk::into_owned).collect(),
            trailing: Cow::Owned(self.trailing.into_owned()),
        }
    }
}

fn own(c: Cow<'_, [u8]>) -> Cow<'static, [u8]> {
    Cow::Owned(c.into_owned())
}

impl<T> Table<'_, T> {
    fn into_owned(self) -> Table<'static, T> {
        Table {
            entries: self.entries,
            tail: own(self.tail),
        }
    }
}

impl TilemapInline<'_> {
    fn into_owned(self) -> TilemapInline<'static> {
        TilemapInline {
            indices: own(self.indices),
            blocks: own(self.blocks),
            ..self
        }
    }
}

impl ColourMapInline<'_> {
    fn into_owned(self) -> ColourMapInline<'static> {
        ColourMapInline {
            colours: own(self.colours),
            ..self
        }
    }
}

impl FileInline<'_> {
    fn into_owned(self) -> FileInline<'static> {
        FileInline {
            name: own(self.name),
            data: own(self.data),
            ..self
        }
    }
}

impl StringTable<'_> {
    fn into_owned(self) -> StringTable<'static> {
        StringTable {
            data: own(self.data),
            ..self
        }
    }
}

impl Chunk<'_> {
    /// Copies every borrowed blob, detaching the chunk from its input.
    pub fn into_owned(self) -> Chunk<'static> {
        Chunk {
            id: self.id,
            offset: self.offset,
            body: self.body.into_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{FileEntry, ImagVersion, Image, TilemapHead};
    use crate::bytes::{Endian, Reader, Writer};

    fn image() -> Image {
        Image {
            width: 0x12,
            height: 0x34,
            x_origin: 1,
            y_origin: 2,
            line_offset: 0x0102,
            pixel_format: 5,
            palette: 6,
            offset: 0x0a0b0c0d,
        }
    }

    #[test]
    fn image_width_follows_version_and_byte_order() {
        for (v, endian, want) in [
            (
                ImagVersion::V1,
                Endian::Little,
                &[0x12, 0x34, 1, 2, 2, 1, 5, 6, 0x0d, 0x0c, 0x0b, 0x0a][..],
            ),
            (
                ImagVersion::V2,
                Endian::Big,
                &[
                    0, 0x12, 0, 0x34, 0, 1, 0, 2, 1, 2, 5, 6, 0x0a, 0x0b, 0x0c, 0x0d,
                ][..],
            ),
        ] {
            let mut w = Writer::new(endian);
            image().write(&mut w, v);
            assert_eq!(w.as_slice(), want);
            assert_eq!(Image::wire_len(v), want.len());
            let mut r = Reader::new(want, "").with_endian(endian);
            assert_eq!(Image::read(&mut r, v).unwrap(), image());
        }
    }

    #[test]
    fn file_sizes_stay_little_endian_in_big_endian_packages() {
        let entry = FileEntry {
            file_type: *b"TEXT",
            size: 0x01020304,
            offset: 0x05060708,
            name: [0; 16],
        };
        let mut w = Writer::new(Endian::Big);
        entry.write(&mut w);
        assert_eq!(&w.as_slice()[4..12], &[4, 3, 2, 1, 5, 6, 7, 8]);
        let mut r = Reader::new(w.as_slice(), "").with_endian(Endian::Big);
        assert_eq!(FileEntry::read(&mut r).unwrap(), entry);
    }

    #[test]
    fn a_short_record_names_its_field_path_and_offset() {
        let data = [0u8; 30];
        let mut r = Reader::new(&data, "GBIN");
        r.skip(10, "before").unwrap();
        let mut body = r.sub(13, "TMAP").unwrap();
        let e = TilemapHead::read(&mut body).unwrap_err();
        assert_eq!(e.path, "GBIN/TMAP");
        assert_eq!(e.offset, Some(22));
        assert!(e.to_string().contains("block count"), "{e}");
    }
}
