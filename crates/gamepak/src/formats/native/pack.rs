//! Rebuilding a game.bin from an extracted folder: unchanged parts give back their
//! exact bytes, edited ones are encoded again and every count follows.

use std::borrow::Cow;

use super::atlas::compose;
use super::items::Codec;
use super::manifest::*;
use super::model::*;
use super::{audio, container, tables};
use crate::codec::{crc::crc32, png as png_codec, wav, zlib};
use crate::error::{Error, Result};
use crate::io::SourceDir;
use crate::limits::Limits;
use crate::PackOutcome;

fn read_json<T: serde::de::DeserializeOwned>(dir: &SourceDir, name: &str) -> Result<T> {
    crate::folder_json::from_slice(name, &dir.read(name)?)
}

/// The chunk for a plain form: the original deflated stream when the plain form is
/// unchanged, a new stream when it changed, the plain bytes when it was never deflated.
fn stored(dir: &SourceDir, part: &Stored, plain: Vec<u8>) -> Result<Vec<u8>> {
    if !part.deflated {
        return Ok(plain);
    }
    match &part.original {
        Some(original) if crc32(&plain) == part.crc32 => dir.read(original),
        _ => Ok(zlib::deflate(&plain)),
    }
}

fn part<'m>(p: &'m Option<Stored>, what: &str) -> Result<&'m Stored> {
    p.as_ref()
        .ok_or_else(|| Error::at("gamepak.toml", format!("no {what} entry")))
}

pub fn pack(dir: &SourceDir, limits: &Limits) -> Result<PackOutcome> {
    crate::manifest::require_whole(dir)?;
    let m: Manifest = crate::manifest::read(dir)?;
    let mut resampled = Vec::new();
    let chunks = if m.raw_chunks.is_empty() {
        assemble(dir, &m, limits, &mut resampled)?
    } else {
        m.raw_chunks
            .iter()
            .map(|f| dir.read(f))
            .collect::<Result<_>>()?
    };
    let layout = chunks
        .first()
        .and_then(|c| Layout::from_meta_len(c.len()))
        .unwrap_or(m.layout);
    let meta = Metadata::parse(chunks.first().map_or(&[][..], |c| c), layout);
    let doc = GameBin {
        layout,
        meta,
        chunks: chunks.into_iter().map(Cow::Owned).collect(),
        offsets: Vec::new(),
    };
    let roles = doc.roles();
    let mut reencoded: Vec<String> = doc
        .chunks
        .iter()
        .enumerate()
        .filter(|(i, c)| m.chunk_crc32.get(*i) != Some(&crc32(c)))
        .map(|(i, _)| roles.get(i).map_or(format!("chunk {i}"), |r| r.path()))
        .collect();
    reencoded.extend(resampled);
    Ok(PackOutcome {
        bytes: container::write(&doc),
        reencoded,
        unused: dir.unused(crate::manifest::UNNAMED),
        companions: Vec::new(),
        warnings: Vec::new(),
        code_warnings: Vec::new(),
    })
}

/// The chunks of a folder whose parts were extracted as assets.
/// Every chunk from the folder's files, noting each clip resampled.
fn assemble(
    dir: &SourceDir,
    m: &Manifest,
    limits: &Limits,
    notes: &mut Vec<String>,
) -> Result<Vec<Vec<u8>>> {
    let script = part(&m.script, "script")?;
    let script = stored(dir, script, dir.read(&script.file)?)?;
    let sprite_part = part(&m.sprite_table, "sprite table")?;
    let mut frames: Vec<SpriteFrame> = read_json(dir, &sprite_part.file)?;
    if frames.len() != m.frames.len() {
        return Err(Error::at(
            &sprite_part.file,
            format!(
                "{} frames listed, but the manifest names {} frame images",
                frames.len(),
                m.frames.len()
            ),
        ));
    }
    let atlas_name = m.atlas.as_deref().unwrap_or("atlas.png");
    let frame_files = m
        .frames
        .iter()
        .map(|f| {
            f.file
                .as_ref()
                .map(|file| Ok((file, dir.read(file)?)))
                .transpose()
        })
        .collect::<Result<Vec<_>>>()?;
    let changed =
        m.frames.iter().zip(&frame_files).any(
            |(f, bytes)| matches!((f.crc32, bytes), (Some(crc), Some((_, b))) if crc32(b) != crc),
        );
    let atlas = if changed {
        dir.leave_out(atlas_name, "laid out again from the edited frame images");
        relayout(&frame_files, &mut frames, limits)?
    } else {
        dir.read(atlas_name)?
    };
    let bg_part = part(&m.background_table, "background table")?;
    let backgrounds: Vec<BackgroundFrame> = read_json(dir, &bg_part.file)?;
    let mut meta = Metadata {
        flags: m.flags,
        width: m.width,
        height: m.height,
        sprite_frames: count(frames.len(), &sprite_part.file)?,
        background_frames: count(backgrounds.len(), &bg_part.file)?,
        background_ids: count(m.backgrounds.len(), "backgrounds")?,
        ..Metadata::default()
    };
    let mut chunks = vec![
        Vec::new(),
        m.title.as_bytes().to_vec(),
        script,
        stored(dir, sprite_part, tables::sprites_bytes(&frames))?,
        atlas,
        stored(dir, bg_part, tables::backgrounds_bytes(&backgrounds))?,
    ];
    for b in &m.backgrounds {
        chunks.push(dir.read(b)?);
    }
    if m.layout == Layout::Current {
        for kind in AudioKind::ALL {
            let Some(set) = m.audio.iter().find(|s| s.kind == kind) else {
                chunks.push(stored_empty(m));
                continue;
            };
            let gains: Vec<f32> = read_json(dir, &set.table.file)?;
            if gains.len() != set.clips.len() {
                return Err(Error::at(
                    &set.table.file,
                    format!("{} gains for {} clips", gains.len(), set.clips.len()),
                ));
            }
            *meta.audio_mut(kind) = count(set.clips.len(), &set.table.file)?;
            chunks.push(stored(dir, &set.table, tables::gains_bytes(&gains))?);
            for (n, clip) in set.clips.iter().enumerate() {
                chunks.push(clip_chunk(dir, clip, n, limits, notes)?);
            }
        }
    }
    chunks[0] = meta.to_bytes(m.layout);
    Ok(chunks)
}

/// An empty gain table for a set the manifest leaves out.
fn stored_empty(m: &Manifest) -> Vec<u8> {
    if m.flags & FLAG_PRODUCTION != 0 {
        zlib::deflate(&[])
    } else {
        Vec::new()
    }
}

/// A clip's chunk from its file: as stored, encoded to Vorbis from a WAV, or a
/// WAV's samples as PCM, exact when the WAV is 16-bit at the engine's rate and
/// otherwise resampled and rounded.
fn clip_chunk(
    dir: &SourceDir,
    clip: &ClipFile,
    n: usize,
    limits: &Limits,
    notes: &mut Vec<String>,
) -> Result<Vec<u8>> {
    let bytes = dir.read(&clip.file)?;
    if !clip.file.to_ascii_lowercase().ends_with(".wav") {
        return Ok(bytes);
    }
    if clip.codec != Codec::Vorbis {
        if let Ok((SAMPLE_RATE, pcm)) = wav::read_s16_stereo(&bytes, &clip.file) {
            return Ok(pcm);
        }
    }
    let c = wav::read_clip(&bytes, &clip.file)?;
    let stereo = audio::stereo(
        audio::at_engine_rate(c, &clip.file, limits, notes)?,
        &clip.file,
    )?;
    if clip.codec == Codec::Vorbis {
        return audio::vorbis(&stereo, n as i32);
    }
    Ok(audio::to_s16(&stereo))
}

/// Lays the atlas out again from every frame image (name and PNG bytes; `None` for an
/// empty frame), updating the frames' rectangles.
fn relayout(
    files: &[Option<(&String, Vec<u8>)>],
    frames: &mut [SpriteFrame],
    limits: &Limits,
) -> Result<Vec<u8>> {
    let mut images = Vec::with_capacity(files.len());
    // Each frame's part of the run's budget, given back with `images`.
    let mut reserved = Vec::with_capacity(files.len());
    for f in files {
        images.push(match f {
            Some((name, png)) => {
                let (img, reservation) = png_codec::decode_source(png, name, limits)?.into_parts();
                reserved.push(reservation);
                Some(img)
            }
            None => None,
        });
    }
    let composed = compose(&images, limits)?;
    for (f, rect) in frames.iter_mut().zip(&composed.rects) {
        let [x, y, w, h] = rect.unwrap_or_default();
        (f.x, f.y, f.width, f.height) = (x, y, w, h);
    }
    png_codec::encode_compact(&composed.atlas)
}
