//! What a sprite's folder holds, read ahead of placing its frames: every folder is
//! read at once, across cores, since reading, checking and decoding its files is
//! most of what packing an unchanged folder costs. Placing frames then goes one
//! sprite after another, as texture space is handed out in order.
//!
//! A picture unchanged since extraction is known by its CRC-32 and not kept; only
//! the bytes of pictures drawn since are held for placing.

use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;

use crate::codec::crc::crc32;
use crate::error::{Error, Result};
use crate::formats::gamemaker::folder::manifest::{FrameFile, Manifest};
use crate::formats::gamemaker::pictures::masks;
use crate::io::SourceDir;
use crate::limits::Limits;

/// What extraction wrote: each frame's picture, and each mask's CRC-32.
pub struct Given<'m> {
    frames: HashMap<&'m str, &'m FrameFile>,
    masks: HashMap<&'m str, u32>,
}

impl<'m> Given<'m> {
    pub fn new(m: &'m Manifest) -> Self {
        Given {
            frames: m.frames.iter().map(|f| (f.file.as_str(), f)).collect(),
            masks: m.masks.iter().map(|f| (f.file.as_str(), f.crc32)).collect(),
        }
    }

    /// The frame extraction wrote as `file`.
    pub fn frame(&self, file: &str) -> Option<&'m FrameFile> {
        self.frames.get(file).copied()
    }
}

/// A sprite folder's files.
pub struct SpriteFiles {
    pub masks: Vec<MaskFile>,
    /// By frame number.
    pub pictures: BTreeMap<u32, Picture>,
}

/// A frame's picture.
pub struct Picture {
    pub file: String,
    /// Its bytes, when they are not the picture extraction wrote for its number.
    pub changed: Option<Vec<u8>>,
}

/// A mask as its file gives it.
pub struct MaskFile {
    pub file: String,
    pub mask: Vec<u8>,
    pub size: (u32, u32),
    /// Drawn since extraction (or added).
    pub edited: bool,
}

/// Every sprite's folder, read.
pub struct SpriteFolders<'m> {
    pub given: Given<'m>,
    /// Each sprite's JSON file, by index; `None` for a null slot.
    pub sprites: Vec<Option<String>>,
    /// How many sprites extraction listed: those after were added.
    pub listed: usize,
    /// The files of each sprite's folder.
    pub files: Vec<Option<SpriteFiles>>,
}

impl<'m> SpriteFolders<'m> {
    /// Reads the folder of each sprite JSON file `sprites` names.
    pub fn read(
        dir: &SourceDir,
        m: &'m Manifest,
        sprites: Vec<Option<String>>,
        listed: usize,
        limits: &Limits,
    ) -> Result<Self> {
        let given = Given::new(m);
        let files = read_all(dir, &sprites, &given, limits)?;
        Ok(SpriteFolders {
            given,
            sprites,
            listed,
            files,
        })
    }
}

fn read_all(
    dir: &SourceDir,
    sprites: &[Option<String>],
    given: &Given<'_>,
    limits: &Limits,
) -> Result<Vec<Option<SpriteFiles>>> {
    sprites
        .par_iter()
        .map(|file| {
            let Some(file) = file else { return Ok(None) };
            let folder = file.rsplit_once('/').map_or("", |(f, _)| f);
            Ok(Some(SpriteFiles {
                masks: masks_in(dir, folder, given, limits)?,
                pictures: pictures(dir, folder, given)?,
            }))
        })
        .collect()
}

/// The masks in a sprite's folder, `mask-000.png` on while they follow one another:
/// each file, its mask and its size.
fn masks_in(
    dir: &SourceDir,
    folder: &str,
    given: &Given<'_>,
    limits: &Limits,
) -> Result<Vec<MaskFile>> {
    let mut out = Vec::new();
    loop {
        let file = format!("{folder}/{}", masks::file_name(out.len()));
        let Some(bytes) = dir.read_if_file(&file)? else {
            return Ok(out);
        };
        let edited = given.masks.get(file.as_str()) != Some(&crc32(&bytes));
        let (mask, size) = masks::from_png(&bytes, &file, limits, edited)?;
        out.push(MaskFile {
            file,
            mask,
            size,
            edited,
        });
    }
}

/// The pictures in a sprite's folder, by number: `000.png`, `1.png` and the like.
fn pictures(dir: &SourceDir, folder: &str, given: &Given<'_>) -> Result<BTreeMap<u32, Picture>> {
    let mut out = BTreeMap::<u32, Picture>::new();
    if folder.is_empty() || !dir.is_dir(folder) {
        return Ok(out);
    }
    for file in dir.list(folder)? {
        let name = file.rsplit('/').next().unwrap_or_default();
        let Some(stem) = name.strip_suffix(".png") else {
            continue;
        };
        if stem.is_empty() || !stem.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(n) = stem.parse::<u32>() else { continue };
        let Some(bytes) = dir.read_if_file(&file)? else {
            continue;
        };
        if let Some(other) = out.get(&n) {
            return Err(Error::at(
                &file,
                format!("is frame {n}, as {} is: number each frame once", other.file),
            ));
        }
        let as_extracted = given
            .frame(&format!("{folder}/{n:03}.png"))
            .is_some_and(|f| f.crc32 == crc32(&bytes));
        let changed = (!as_extracted).then_some(bytes);
        out.insert(n, Picture { file, changed });
    }
    Ok(out)
}
