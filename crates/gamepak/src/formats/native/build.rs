//! Building a game.bin from a content folder in the engine's convention:
//! `Name.sprite.png`, `Name.background.png`, `Name.sound.wav`, `Name.music.wav`,
//! `Name.dialog.wav`, `Configuration.json` (Name, VirtualWidth, VirtualHeight), and a
//! game script in JavaScript. Content in subfolders is named by its path, as the
//! engine's importer names it: `Enemies/Bat.sprite.png` is `Content.Enemies.Bat`.
//!
//! The game is TypeScript when the folder holds `tsconfig.json` or any `.ts` file:
//! its files are joined as `tsc --outFile` joins them ([`super::ts_files`]) and
//! compiled for the tsconfig's target ([`crate::js`]). Otherwise it is the folder's
//! one `.js` file, taken as written. `--script` names either kind. A production
//! build minifies the whole script chunk, keeping every global name.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::atlas::{compose, crop};
use super::model::*;
use super::script::{self, ContentEntry};
use super::{audio, container, tables, ts_files, tsconfig};
use crate::codec::{png as png_codec, png_crush, wav, zlib};
use crate::error::{Error, Result};
use crate::io::SourceDir;
use crate::js::{self, Source, Target};
use crate::limits::Limits;
use crate::PackOutcome;

/// How clips are stored in a production build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProductionAudio {
    /// Vorbis, as the format's description says.
    #[default]
    Vorbis,
    /// Raw PCM, as the real writer did.
    Pcm,
}

/// How `build` makes a game.bin from a content folder, as [`Options`](crate::Options)
/// settings.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// A production build: deflated script and tables, the atlas and backgrounds
    /// losslessly crushed, and audio as `audio` says.
    pub production: bool,
    /// How a production build stores audio.
    pub audio: ProductionAudio,
    /// The game script; by default the folder's only `.js` file.
    pub script: Option<PathBuf>,
    /// Engine JavaScript placed before `Content`.
    pub engine: Option<PathBuf>,
}

impl crate::options::FormatSettings for BuildOptions {}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Configuration {
    name: String,
    virtual_width: u16,
    virtual_height: u16,
}

const KINDS: [&str; 5] = ["sprite", "background", "sound", "music", "dialog"];

/// Why build left out a file of the content folder, when nothing more is known.
const NOT_CONTENT: &str = "not a content file (Name.sprite.png, Name.background.png, \
     Name.sound.wav, Name.music.wav, Name.dialog.wav, Configuration.json, the game script)";

/// The folder's content files by kind, then content path (a segment per folder).
type Content = BTreeMap<&'static str, BTreeMap<Vec<String>, String>>;

/// How deep folders are walked: only a link that loops back reaches it.
const MAX_DEPTH: usize = 64;

/// Every file in the folder and its subfolders, as the engine's importer walks them.
/// A name that resolves outside the folder is kept as a file, so that reading it is
/// refused if it looks like content and `unused` reports it otherwise.
fn files(src: &SourceDir) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let mut pending = vec![(String::new(), 0)];
    while let Some((dir, depth)) = pending.pop() {
        if depth > MAX_DEPTH {
            return Err(Error::at(
                src.shown(&dir),
                format!("folders nest more than {MAX_DEPTH} deep: a link that loops?"),
            ));
        }
        let entries = match src.list(&dir) {
            Ok(entries) => entries,
            Err(e) if dir.is_empty() => return Err(e),
            // A link to nothing or a special file: `unused` reports it.
            Err(_) => continue,
        };
        for name in entries {
            if src.is_file(&name).unwrap_or(true) {
                out.push(name);
            } else {
                pending.push((name, depth + 1));
            }
        }
    }
    Ok(out)
}

fn scan(src: &SourceDir, all: &[String]) -> Result<Content> {
    let mut content: Content = KINDS.iter().map(|k| (*k, BTreeMap::new())).collect();
    let mut owner: BTreeMap<Vec<String>, String> = BTreeMap::new();
    for file in all.iter().cloned() {
        let (dir, base) = file.rsplit_once('/').unwrap_or(("", &file));
        let parts: Vec<&str> = base.rsplitn(3, '.').collect();
        let [ext, kind, name] = parts[..] else {
            continue;
        };
        let Some(&kind) = KINDS.iter().find(|k| **k == kind) else {
            continue;
        };
        let want = if kind == "sprite" || kind == "background" {
            "png"
        } else {
            "wav"
        };
        if !ext.eq_ignore_ascii_case(want) {
            src.leave_out(&file, format!("a {kind} must be a .{want} file"));
            continue;
        }
        let shown = src.shown(&file);
        let path: Vec<String> = dir
            .split('/')
            .filter(|d| !d.is_empty())
            .chain([name])
            .map(str::to_string)
            .collect();
        if let Some(bad) = path.iter().find(|s| !script::is_identifier(s)) {
            return Err(Error::at(shown, format!("{bad:?} cannot be part of a Content name: use letters, digits, _ or $, not starting with a digit")));
        }
        if let Some(first) = owner.insert(path.clone(), file.clone()) {
            return Err(Error::at(
                shown,
                format!(
                    "duplicate name {:?}: {} has it too",
                    path.join("."),
                    src.shown(&first)
                ),
            ));
        }
        content
            .get_mut(kind)
            .expect("every kind is present")
            .insert(path, file);
    }
    // The engine's Content nests an object per folder, so a name cannot be both.
    for (path, file) in &owner {
        if let Some(clash) = (1..path.len()).find_map(|n| owner.get(&path[..n])) {
            return Err(Error::at(
                src.shown(clash),
                format!(
                    "{:?} is both content and a folder holding {}",
                    path[..path.len() - 1].join("."),
                    src.shown(file)
                ),
            ));
        }
    }
    Ok(content)
}

/// The file that makes the game TypeScript, and says how to build it.
pub(super) const TSCONFIG: &str = "tsconfig.json";

/// The game script as the engine runs it, and the edition it is written for.
struct GameScript {
    text: String,
    target: Target,
    /// Taken as the user wrote it, so not yet known to parse.
    unchecked: Option<String>,
}

/// The game script: `--script`, the folder's TypeScript, or its one `.js` file.
fn game_script(
    src: &SourceDir,
    opts: &BuildOptions,
    all: &[String],
    notes: &mut Vec<String>,
) -> Result<GameScript> {
    let typescript = all.iter().any(|n| n == TSCONFIG || is_typescript(n));
    let config = match src.read_if_file(TSCONFIG)? {
        Some(bytes) => tsconfig::parse(&text(bytes, &src.shown(TSCONFIG))?, &src.shown(TSCONFIG))?,
        None => tsconfig::TsConfig::default(),
    };
    if let Some(s) = &opts.script {
        let shown = s.display().to_string();
        let text = text(src.read_given(s)?, &shown)?;
        return if s.extension().is_some_and(|x| x == "ts") {
            compiled(&[Source { shown, text }], &config)
        } else {
            Ok(as_written(text, shown))
        };
    }
    if typescript {
        let files = ts_files::gather(src, &config, all)?;
        if !files.outside.is_empty() {
            notes.push(format!(
                "{}: left out {}, outside the folder",
                src.shown(TSCONFIG),
                files.outside.join(", ")
            ));
        }
        if files.sources.is_empty() {
            return Err(Error::at(
                src.shown(TSCONFIG),
                "names no TypeScript file inside the folder to build",
            ));
        }
        return compiled(&files.sources, &config);
    }
    let mut js: Vec<String> = src
        .list("")?
        .into_iter()
        .filter(|n| Path::new(n).extension().is_some_and(|x| x == "js"))
        .collect();
    match js.len() {
        1 => {
            let name = js.remove(0);
            let shown = src.shown(&name);
            Ok(as_written(text(src.read(&name)?, &shown)?, shown))
        }
        0 => Err(Error::at(
            src.path().display().to_string(),
            "no game script: put the game's TypeScript (or one .js file) in the folder, or pass --script FILE",
        )),
        _ => Err(Error::at(
            src.path().display().to_string(),
            format!(
                "{} .js files: pass --script FILE to say which is the game",
                js.len()
            ),
        )),
    }
}

fn is_typescript(name: &str) -> bool {
    name.ends_with(".ts") && !name.ends_with(".d.ts")
}

fn compiled(sources: &[Source], config: &tsconfig::TsConfig) -> Result<GameScript> {
    Ok(GameScript {
        text: js::compile(sources, config.target, config.define_class_fields)?,
        target: config.target,
        unchecked: None,
    })
}

fn as_written(text: String, shown: String) -> GameScript {
    GameScript {
        text,
        target: Target::default(),
        unchecked: Some(shown),
    }
}

/// The whole script chunk, minified in a production build. What was taken as
/// written is parsed on its own first, so that an error names its own file.
fn script_chunk(
    layout: String,
    game: &GameScript,
    engine: Option<(&str, String)>,
    production: bool,
) -> Result<String> {
    if !production {
        return Ok(layout);
    }
    if let Some(shown) = &game.unchecked {
        js::check(&game.text, shown)?;
    }
    if let Some((text, shown)) = engine {
        js::check(text, &shown)?;
    }
    js::minify(&layout, "the script chunk", game.target)
}

fn text(bytes: Vec<u8>, shown: &str) -> Result<String> {
    String::from_utf8(bytes).map_err(|_| Error::at(shown, "not UTF-8 text"))
}

/// Builds a game.bin from a content folder laid out as the module describes: sprites
/// packed into one atlas, sounds made stereo, and, for a production build, tables
/// deflated and PNGs crushed. The folder's other files are reported as unused.
pub fn build(dir: &Path, opts: &BuildOptions, limits: &Limits) -> Result<PackOutcome> {
    let src = SourceDir::open(dir)?;
    let all = files(&src)?;
    if all.is_empty() {
        return Err(Error::at(
            src.path().display().to_string(),
            "an empty folder: a content folder holds Configuration.json, the game's \
             TypeScript or JavaScript, and its Name.sprite.png, Name.background.png and \
             Name.sound.wav files",
        ));
    }
    const CONFIG: &str = "Configuration.json";
    let config: Configuration =
        crate::folder_json::from_slice(&src.shown(CONFIG), &src.read(CONFIG)?)?;
    let content = scan(&src, &all)?;
    let mut notes = Vec::new();
    let game = game_script(&src, opts, &all, &mut notes)?;
    let engine = match &opts.engine {
        Some(p) => text(src.read_given(p)?, &p.display().to_string())?,
        None => String::new(),
    };

    let mut names: Vec<ContentEntry> = Vec::new();
    let mut sprite_images = Vec::new();
    // Each picture's part of the run's budget, given back with its cropped image.
    let mut reserved = Vec::new();
    let mut offsets = Vec::new();
    for (i, (name, file)) in content["sprite"].iter().enumerate() {
        // A content folder's picture that does not decode is the folder's problem
        // (exit 1), as its clips, scripts and tsconfig.json are.
        let img = png_codec::decode(&src.read(file)?, &src.shown(file), limits)?;
        let c = crop(&img);
        reserved.push(img.into_parts().1);
        sprite_images.push(c.image);
        offsets.push(c.offset);
        names.push((name.clone(), i));
    }
    let composed = compose(&sprite_images, limits)?;
    let frames: Vec<SpriteFrame> = composed
        .rects
        .iter()
        .zip(&offsets)
        .map(|(rect, &(offset_x, offset_y))| {
            // An empty frame has no rectangle, and `crop` gave it a zero offset.
            let [x, y, width, height] = rect.unwrap_or_default();
            SpriteFrame {
                x,
                y,
                width,
                height,
                offset_x,
                offset_y,
                duration_ms: 0,
            }
        })
        .collect();

    // The atlas first, then each background: a production build crushes them at once.
    let mut pngs = vec![(
        "atlas.png".to_string(),
        png_codec::encode_compact(&composed.atlas)?,
    )];
    for (i, (name, file)) in content["background"].iter().enumerate() {
        let (bytes, shown) = (src.read(file)?, src.shown(file));
        png_codec::decode(&bytes, &shown, limits)?;
        pngs.push((shown, bytes));
        names.push((name.clone(), i));
    }
    if opts.production {
        notes.extend(png_crush::crush_all(&mut pngs, limits)?);
    }
    let mut pngs = pngs.into_iter().map(|(_, png)| png);
    let atlas = pngs.next().expect("the atlas is first");
    let backgrounds: Vec<Vec<u8>> = pngs.collect();
    let background_frames: Vec<BackgroundFrame> = (0..backgrounds.len())
        .map(|i| BackgroundFrame {
            id: i as u16,
            duration_ms: 0,
        })
        .collect();

    let mut meta = Metadata {
        flags: if opts.production { FLAG_PRODUCTION } else { 0 },
        width: config.virtual_width,
        height: config.virtual_height,
        sprite_frames: count(frames.len(), "sprites")?,
        background_frames: count(background_frames.len(), "backgrounds")?,
        background_ids: count(backgrounds.len(), "backgrounds")?,
        ..Metadata::default()
    };
    let pack_table = |b: Vec<u8>| {
        if opts.production {
            zlib::deflate(&b)
        } else {
            b
        }
    };
    let vorbis = opts.production && opts.audio == ProductionAudio::Vorbis;
    let mut audio_chunks = Vec::new();
    for (k, kind) in AudioKind::ALL.into_iter().enumerate() {
        let mut gains = Vec::new();
        let mut clips = Vec::new();
        for (i, (name, file)) in content[kind.singular()].iter().enumerate() {
            let shown = src.shown(file);
            let clip = wav::read_clip(&src.read(file)?, &shown)?;
            let channels = audio::at_engine_rate(clip, &shown, limits, &mut notes)?;
            let p = audio::prepare(&audio::stereo(channels, &shown)?);
            gains.push(p.gain);
            clips.push(if vorbis {
                audio::vorbis(&p.planar, (k * 65536 + i) as i32)?
            } else {
                p.pcm
            });
            names.push((name.clone(), i));
        }
        *meta.audio_mut(kind) = count(clips.len(), kind.plural())?;
        audio_chunks.push(pack_table(tables::gains_bytes(&gains)));
        audio_chunks.extend(clips);
    }
    let layout = script::layout(
        meta.width,
        meta.height,
        &engine,
        &script::content_table(&names),
        &game.text,
    );
    let engine_shown = opts
        .engine
        .as_ref()
        .map(|p| (engine.as_str(), p.display().to_string()));
    let js = script_chunk(layout, &game, engine_shown, opts.production)?;
    let mut chunks = vec![
        meta.to_bytes(Layout::Current),
        config.name.into_bytes(),
        pack_table(js.into_bytes()),
        pack_table(tables::sprites_bytes(&frames)),
        atlas,
        pack_table(tables::backgrounds_bytes(&background_frames)),
    ];
    chunks.extend(backgrounds);
    chunks.extend(audio_chunks);
    Ok(PackOutcome {
        bytes: container::write(&GameBin {
            layout: Layout::Current,
            meta,
            chunks: chunks.into_iter().map(Cow::Owned).collect(),
            offsets: Vec::new(),
        }),
        reencoded: notes,
        unused: src.unused(NOT_CONTENT),
        companions: Vec::new(),
        warnings: Vec::new(),
        code_warnings: Vec::new(),
    })
}
