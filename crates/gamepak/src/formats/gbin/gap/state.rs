//! What a script builds up as it runs: sources, groups, sequences, tilesets, maps,
//! colour maps, files, exports, and our string-table and sound extensions.

use super::image_ops::Pixels;
use super::tilemap::TileMap;
use crate::formats::gbin::pixel::PixelFormat;

/// A loaded PNG and the pixel format later images take from it by default.
pub struct Source {
    pub pixels: Pixels,
    /// The reference's code: 0 (ARGB8888) also means "unset".
    pub target_format: u8,
}

/// One `image` or `imagearray` cut.
#[derive(Debug, Clone, Default)]
pub struct ImageDef {
    pub source: Option<usize>,
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
    pub x_origin: i32,
    pub y_origin: i32,
    pub hflip: bool,
    pub vflip: bool,
    pub angle: f32,
    pub pixel_format: u8,
    pub name: String,
}

pub struct Group {
    pub name: String,
    pub base: u16,
    pub images: Vec<ImageDef>,
}

pub struct Frame {
    pub group: usize,
    pub image: i32,
    pub time: u8,
    pub x: i8,
    pub y: i8,
}

pub struct Sequence {
    pub name: String,
    pub mode: u8,
    pub frames: Vec<Frame>,
}

#[derive(Debug, Clone, Copy)]
pub struct Tile {
    pub source: Option<usize>,
    pub x: i32,
    pub y: i32,
    /// 0, 90, 180 or 270.
    pub rotate: u16,
    pub hflip: bool,
    pub vflip: bool,
}

pub struct Tileset {
    pub id: i64,
    pub name: String,
    pub tile_width: i64,
    pub tile_height: i64,
    pub pixel_format: u8,
    pub tiles: Vec<Tile>,
}

pub struct ColourMap {
    pub name: String,
    /// 0xAARRGGBB colours.
    pub colours: Vec<u32>,
}

pub struct FileAsset {
    pub name: String,
    pub file_type: [u8; 4],
    pub data: Vec<u8>,
}

/// Output kinds of `export,type=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportType {
    Gbin,
    Definitions,
}

/// Output encodings of `export,format=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Binary,
    CArray,
    CHeader,
    CppVector,
    CppStdArray,
}

pub struct Export {
    pub line: usize,
    pub filename: String,
    pub name: String,
    pub section: String,
    pub export_type: Option<ExportType>,
    pub format: Option<ExportFormat>,
}

/// A string table for one language (our extension).
pub struct StringTable {
    pub language: [u8; 4],
    pub strings: Vec<String>,
}

/// A stored sound sample (our extension).
pub struct Sound {
    pub rate: u16,
    pub format: u8,
    pub samples: Vec<u8>,
    pub sample_count: u32,
}

#[derive(Default)]
pub struct State {
    pub sources: Vec<Source>,
    pub current_source: Option<usize>,
    pub groups: Vec<Group>,
    pub sequences: Vec<Sequence>,
    pub tilesets: Vec<Tileset>,
    pub current_tileset: Option<i64>,
    pub most_recent_tileset: Option<i64>,
    pub source_map: Option<super::tmx::SourceMap>,
    pub tilemaps: Vec<TileMap>,
    pub colour_maps: Vec<ColourMap>,
    pub files: Vec<FileAsset>,
    pub exports: Vec<Export>,
    pub string_tables: Vec<StringTable>,
    pub sounds: Vec<Sound>,
}

impl State {
    pub fn source_size(&self) -> (i32, i32) {
        self.current_source
            .map(|i| (self.sources[i].pixels.width, self.sources[i].pixels.height))
            .unwrap_or((0, 0))
    }

    pub fn source_target_format(&self) -> u8 {
        self.current_source
            .map(|i| self.sources[i].target_format)
            .unwrap_or(0)
    }

    pub fn tileset(&self, id: i64) -> Option<&Tileset> {
        self.tilesets.iter().find(|t| t.id == id)
    }

    /// First free id at or above the larger of the last added id and `minimum`.
    pub fn generate_tileset_id(&self, minimum: i64) -> i64 {
        let mut id = self.most_recent_tileset.unwrap_or(-1).max(minimum);
        while self.tileset(id).is_some() {
            id += 1;
        }
        id
    }
}

/// The reference's pixel format codes by name; 0 doubles as "unknown".
pub fn pixel_format_code(name: &str) -> u8 {
    PixelFormat::from_name(name).map_or(0, PixelFormat::code)
}
