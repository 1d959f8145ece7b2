//! Audio group files (`audiogroupN.dat`): a FORM holding one AUDO chunk and no GEN8,
//! with the clips of the sounds a game assigns to group N. A sound's SOND entry names
//! its group (the word at +28) and its clip's index inside that group (+32); group 0
//! is the game's own AUDO.
//!
//! From 2024.14 AGRP names each group's file (`sfx.dat`); before, group N's file is
//! `audiogroupN.dat`. A name AGRP gives is honoured only when it is a plain file
//! name: a path that leaves the game's folder is never read or written.
//!
//! A group file is read, listed, checked, extracted and packed on its own, and beside
//! a game: `extract data.win` takes every group file next to it into
//! `audiogroups/audiogroupN/` (a folder that packs on its own too), naming clips by
//! the sounds that play them, and `pack` writes the group files back beside the game.

use std::borrow::Cow;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::file_names::{is_file_name, FileNames};
use crate::assets::{Companion, Entry, Kind, Rendered};
use crate::bytes::Endian;
use crate::codec::crc::crc32;
use crate::error::{Error, Result};
use crate::formats::gamemaker::binary::container::{self, Form};
use crate::formats::gamemaker::inspect::entries::audio_extension;
use crate::formats::gamemaker::model::chunks::audio::Audio;
use crate::formats::gamemaker::model::chunks::Body;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::pack::rules::ClipChanges;
use crate::formats::gamemaker::views::clips::Clip;
use crate::formats::gamemaker::views::sound_clips::Sound;
use crate::formats::gamemaker::{model, views::file_view};
use crate::fourcc::FourCC;
use crate::io::SourceDir;
use crate::Format;

/// Whether `data` is a FORM whose first chunk is AUDO: an audio group, not a game.
pub fn is_audio_group(data: &[u8]) -> bool {
    matches!(
        (data.get(0..4), data.get(8..12)),
        (Some(b"FORM"), Some(b"AUDO")) | (Some(b"MROF"), Some(b"ODUA"))
    )
}

/// A group file read: its chunks and its clips.
pub struct AudioGroup<'a> {
    /// The FORM container, its chunks as stored.
    pub form: Form<'a>,
    /// The AUDO chunk's clips in order: a sound names its clip by index in this list.
    pub clips: Vec<Clip<'a>>,
}

/// Reads a group file: its FORM and the clips of its AUDO chunk. An error when it
/// is no FORM, has no AUDO chunk, or its AUDO chunk cannot be read.
pub fn read(data: &[u8]) -> Result<AudioGroup<'_>> {
    let form = container::read(data)?;
    let Some(i) = form.chunks.iter().position(|c| c.name == FourCC::AUDO) else {
        return Err(Error::invalid(
            container::form_location(),
            8,
            "an audio group holds an AUDO chunk",
        ));
    };
    let game = model::read_form(&form);
    let clips = match &game.chunks[i].body {
        Body::Audio(a) => a.clips.iter().map(|c| file_view::clip(data, c)).collect(),
        Body::Stored { why: Some(why), .. } => {
            return Err(Error::invalid(
                why.path.clone(),
                why.offset,
                why.message.clone(),
            ))
        }
        _ => Vec::new(),
    };
    Ok(AudioGroup { form, clips })
}

/// The audio groups a game's sounds play from, besides its own AUDO.
fn groups(sounds: &[Sound]) -> Vec<u32> {
    let mut groups: Vec<u32> = sounds.iter().map(|s| s.group).filter(|&g| g != 0).collect();
    groups.sort_unstable();
    groups.dedup();
    groups
}

/// Where clip `k` is written in an extracted group folder: numbered, and named by the
/// sound that plays it when the game is known.
pub fn clip_path(prefix: &str, k: usize, clip: &[u8], name: Option<&str>) -> String {
    let stem = crate::io::file_stem(k, name.unwrap_or(""));
    format!("{prefix}audio/{stem}.{}", audio_extension(clip))
}

/// Each clip as `list` shows it.
pub fn entries(g: &AudioGroup<'_>) -> Vec<Entry> {
    g.clips
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let n = c.bytes.len() as u64;
            let ext = audio_extension(c.bytes);
            Entry::new(
                clip_path("", k, c.bytes, None),
                Kind::Sound,
                (c.offset, n),
                n,
                ext,
                String::new(),
            )
        })
        .collect()
}

pub fn info(g: &AudioGroup<'_>) -> serde_json::Value {
    let bytes: usize = g.clips.iter().map(|c| c.bytes.len()).sum();
    serde_json::json!({
        "kind": "GameMaker audio group (a FORM holding AUDO, beside a game's data.win)",
        "byte_order": format!("{:?}", g.form.endian).to_lowercase(),
        "clips": g.clips.len(),
        "audio_bytes": bytes,
    })
}

/// The file our writer makes from these clips, in this byte order.
pub fn write(endian: Endian, clips: &[&[u8]]) -> Result<Vec<u8>> {
    let audio = Audio {
        clips: clips.iter().map(|&c| Some(Cow::Borrowed(c))).collect(),
    };
    let part = model::Part::new(FourCC::AUDO, endian, Body::Audio(audio), Version::NEWEST);
    model::Game::new(endian, 1, 0, vec![part], &[]).write()
}

/// What an extracted group folder's `gamepak.toml` says.
#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: Format,
    /// `--only` left clips out: the folder cannot be packed.
    pub partial: bool,
    pub audio_group: GroupFiles,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct GroupFiles {
    pub endian: Endian,
    /// Each clip's file and its CRC-32 as extracted.
    pub clips: Vec<crate::formats::gamemaker::folder::manifest::ClipFile>,
    /// The group file as stored, when our writer does not give its bytes back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stored: Option<String>,
}

/// Files to write, by path.
type Files = Vec<(String, Vec<u8>)>;

/// The files of an extracted group (its clips, and the file as stored when our
/// writer does not give its bytes back) and the manifest that describes them.
pub fn extraction(
    data: &[u8],
    g: &AudioGroup<'_>,
    names: &HashMap<u32, String>,
) -> Result<(Files, Manifest)> {
    let mut files = Vec::new();
    let mut clips = Vec::new();
    for (k, c) in g.clips.iter().enumerate() {
        let file = clip_path("", k, c.bytes, names.get(&(k as u32)).map(String::as_str));
        clips.push(crate::formats::gamemaker::folder::manifest::ClipFile {
            file: file.clone(),
            crc32: crc32(c.bytes),
        });
        files.push((file, c.bytes.to_vec()));
    }
    let bytes: Vec<&[u8]> = g.clips.iter().map(|c| c.bytes).collect();
    let stored = (write(g.form.endian, &bytes)? != data).then(|| STORED.to_string());
    if let Some(name) = &stored {
        files.push((name.clone(), data.to_vec()));
    }
    let manifest = Manifest {
        format: Format::GameMaker,
        partial: false,
        audio_group: GroupFiles {
            endian: g.form.endian,
            clips,
            stored,
        },
    };
    Ok((files, manifest))
}

/// Where a group file our writer does not reproduce is kept.
const STORED: &str = "raw/audiogroup.dat";

/// Extracts a group file given on its own.
pub fn extract(
    data: &[u8],
    out: &std::path::Path,
    opts: &crate::ExtractOptions,
    limits: &crate::limits::Limits,
) -> Result<crate::ExtractSummary> {
    let (files, mut manifest) = extraction(data, &read(data)?, &HashMap::new())?;
    let (ex, selected) = crate::assets::Extraction::begin(out, opts, limits, &files)?;
    ex.render(&selected, |f| Ok(Rendered::Stored(&f.1)), |_| false)?;
    manifest.partial = ex.partial();
    ex.finish(&manifest)
}

/// The audio group files beside a game's `input` that its sounds play from, each
/// extracted into `audiogroups/audiogroupN/` of the game's folder.
pub fn extract_beside(
    sounds: &[Sound],
    names: &FileNames,
    input: &std::path::Path,
    ex: &crate::assets::Extraction,
    limits: &crate::limits::Limits,
) -> Result<Vec<Companion>> {
    let mut out = Vec::new();
    for n in groups(sounds) {
        let file = names.get(n);
        let path = input.with_file_name(&file);
        if !path.is_file() {
            ex.note(format!(
                "{file}: not found beside the game, so its sounds are not extracted"
            ));
            continue;
        }
        let data = crate::io::Source::open(&path, limits)?;
        // A damaged group file does not stop the game's extraction: check says why.
        let g = match read(&data) {
            Ok(g) => g,
            Err(e) => {
                ex.note(format!("{file}: {e}: its sounds are not extracted"));
                continue;
            }
        };
        let (files, mut manifest) = extraction(
            &data,
            &g,
            &crate::formats::gamemaker::views::sound_clips::clip_names(sounds, n),
        )?;
        let folder = format!("audiogroups/audiogroup{n}");
        let files: Vec<(String, Vec<u8>)> = files
            .into_iter()
            .map(|(name, bytes)| (format!("{folder}/{name}"), bytes))
            .collect();
        let chosen = ex.select(&files);
        if chosen.is_empty() {
            continue;
        }
        manifest.partial = chosen.len() < files.len();
        ex.render(&chosen, |f| Ok(Rendered::Stored(&f.1)), |_| false)?;
        data.unchanged()?;
        let text = toml::to_string(&manifest).map_err(|e| Error::at(&file, e.to_string()))?;
        let name = crate::manifest::MANIFEST_NAME;
        ex.write(&format!("{folder}/{name}"), text.as_bytes())?;
        out.push(Companion { file, folder });
    }
    Ok(out)
}

/// Whether an extracted folder's manifest is an audio group's.
pub fn is_group_folder(dir: &SourceDir) -> Result<bool> {
    #[derive(Deserialize)]
    struct Probe {
        audio_group: Option<toml::Value>,
    }
    let m: Probe = crate::manifest::read(dir)?;
    Ok(m.audio_group.is_some())
}

/// Rebuilds a group file from the folder `prefix` names inside `dir` (nothing for the
/// folder itself): as stored while no clip changed, otherwise laid out again.
/// With the bytes, the clips the folder holds, for the game's sounds to be checked
/// against.
pub fn pack(
    dir: &SourceDir,
    prefix: &str,
    reencoded: &mut Vec<String>,
) -> Result<(Vec<u8>, ClipChanges)> {
    let m: Manifest =
        crate::manifest::read_at(dir, &format!("{prefix}{}", crate::manifest::MANIFEST_NAME))?;
    let g = m.audio_group;
    let before = reencoded.len();
    let (clips, changes) =
        crate::formats::gamemaker::pack::clip_files::read_clips(dir, prefix, &g.clips, reencoded)?;
    let changed = reencoded.len() > before;
    let bytes = match &g.stored {
        Some(stored) if !changed => dir.read(&format!("{prefix}{stored}"))?,
        _ => {
            let refs: Vec<&[u8]> = clips.iter().map(Vec::as_slice).collect();
            write(g.endian, &refs)?
        }
    };
    Ok((bytes, changes))
}

/// A file packed to go beside the game: its name and bytes.
pub type PackedBeside = (String, Vec<u8>);

/// Rebuilds each group file a game's folder holds, by its name beside the game,
/// with the clips each holds by the same name.
pub fn pack_beside(
    dir: &SourceDir,
    groups: &[Companion],
    reencoded: &mut Vec<String>,
) -> Result<(Vec<PackedBeside>, HashMap<String, ClipChanges>)> {
    let mut files = Vec::with_capacity(groups.len());
    let mut clips = HashMap::with_capacity(groups.len());
    for g in groups {
        if !is_file_name(&g.file) {
            return Err(Error::at(
                dir.shown(crate::manifest::MANIFEST_NAME),
                format!("audio group file {:?} is not a plain file name", g.file),
            ));
        }
        let (bytes, changes) = pack(dir, &format!("{}/", g.folder), reencoded)?;
        files.push((g.file.clone(), bytes));
        clips.insert(g.file.clone(), changes);
    }
    Ok((files, clips))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name AGRP or a manifest gives is used only when it names a file beside the
    /// game: never a path, a parent, a drive or an empty name.
    #[test]
    fn only_plain_file_names_name_a_group_file() {
        for good in ["sfx.dat", "music.dat", "audiogroup1.dat", "Group Two.dat"] {
            assert!(is_file_name(good), "{good}");
        }
        for bad in [
            "", ".", "..", "../x.dat", "a/b.dat", "a\\b.dat", "C:x.dat", "x\0.dat",
        ] {
            assert!(!is_file_name(bad), "{bad:?}");
        }
        let names = FileNames(vec![None, Some("sfx.dat".into())]);
        assert_eq!(names.get(1), "sfx.dat");
        assert_eq!(names.get(0), "audiogroup0.dat");
        assert_eq!(names.get(7), "audiogroup7.dat");
    }
}
