use std::path::{Path, PathBuf};

use crate::output::{warn_unused, written, Global, Status};
use gamepak::bytes::Endian;
use gamepak::formats::gbin::gap::{self, GapOptions};
use gamepak::formats::native::{self, BuildOptions, ProductionAudio};
use gamepak::formats::swag;
use gamepak::formats::tng;
use gamepak::Error;

/// Build a file from sources: a .gap script makes GBIN packages; a folder holding
/// tng.json makes a TirNanoG game; a folder holding swag.toml makes a SWAG file; any
/// other content folder makes a native engine game.bin.
///
/// A .gap script runs as the reference packer runs it from the script's folder: its
/// paths are taken from there, and its export lines name the outputs (GBIN binary, C
/// array, C header). `--compat gap` writes byte for byte what the reference packer
/// writes (including its `CRC-` placeholder); without it the CRC is real. A script may
/// read only inside its own folder and write only there, or inside -o; it is refused,
/// naming the line, if a path resolves elsewhere (through `..`, an absolute path or a
/// symbolic link). -o: for a .gap script, the folder to write its exports into.
///
/// A content folder follows the native engine's convention: `Name.sprite.png`,
/// `Name.background.png`, `Name.sound.wav`, `Name.music.wav`, `Name.dialog.wav`,
/// `Configuration.json` (Name, VirtualWidth, VirtualHeight) and the game script
/// (the folder's one .js file, or --script). Sprites are cropped and packed into one
/// atlas; audio must be 44100 Hz and is normalised and trimmed.
///
/// A SWAG source folder has the shape `gamepak extract` writes: swag.toml lists the
/// sections in order and names the sheet PNGs, clips, TrueType fonts, scene files and
/// code (.swasm text) beside it. Output defaults to game.swag, in the byte order
/// swag.toml gives unless --byte-order says otherwise.
///
/// A TirNanoG source folder holds tng.json (the header and the section list), one
/// JSON file per section under sections/, and the PNG, OGG, OGV and .sfn files they
/// name: the shape `gamepak extract` writes. Output defaults to game.tng.
///
/// Example: gamepak build images.gap --compat gap
/// Example: gamepak build game/assets.gap -o build/
/// Example: gamepak build mygame/ -o game.bin --production
/// Example: gamepak build examples/swag/src -o demo.swag --byte-order big
/// Example: gamepak build examples/tng/src -o demo.tng
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// A .gap script, or a native content folder.
    source: PathBuf,
    /// Byte-for-byte compatibility with another tool's output (.gap only).
    #[arg(long, value_enum)]
    compat: Option<Compat>,
    /// .gap: the folder to write its exports into (default: the script's folder).
    /// Content folder: the game.bin to write (default game.bin).
    #[arg(short, long)]
    output: Option<String>,
    /// .gap: let the script read and write outside its folder; only for scripts you
    /// trust.
    #[arg(long)]
    allow_outside: bool,
    /// Content folder: a production build (deflated script and tables, Vorbis audio).
    #[arg(long)]
    production: bool,
    /// Content folder: how a production build stores audio.
    #[arg(long, value_enum, default_value = "vorbis")]
    audio: Audio,
    /// Content folder: the game's JavaScript, if not the folder's one .js file.
    #[arg(long)]
    script: Option<PathBuf>,
    /// Content folder: engine JavaScript to place before the generated Content table.
    #[arg(long)]
    engine: Option<PathBuf>,
    /// SWAG folder: the byte order to write, instead of swag.toml's.
    #[arg(long, value_enum)]
    byte_order: Option<ByteOrder>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ByteOrder {
    Little,
    Big,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Compat {
    /// The reference .gap packer, gap 0.0.5.
    Gap,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Audio {
    /// Ogg Vorbis, as the format's description says.
    Vorbis,
    /// Raw PCM, as the engine's real writer did.
    Pcm,
}

pub fn run(args: Args, global: Global) -> Result<Status, Error> {
    if tng::is_source(&args.source) {
        let built = tng::build(&args.source)?;
        warn_unused(&args.source, &built.unused);
        return folder_output(&args, "game.tng", &built.bytes);
    }
    if swag::is_source(&args.source) {
        let opts = swag::BuildOptions {
            opcodes: global.opcodes,
            endian: args.byte_order.map(|b| match b {
                ByteOrder::Little => Endian::Little,
                ByteOrder::Big => Endian::Big,
            }),
        };
        let built = swag::build(&args.source, &opts)?;
        warn_unused(&args.source, &built.unused);
        return folder_output(&args, "game.swag", &built.bytes);
    }
    if args.source.is_dir() {
        let opts = BuildOptions {
            production: args.production,
            audio: match args.audio {
                Audio::Vorbis => ProductionAudio::Vorbis,
                Audio::Pcm => ProductionAudio::Pcm,
            },
            script: args.script.clone(),
            engine: args.engine.clone(),
        };
        let built = native::build(&args.source, &opts)?;
        warn_unused(&args.source, &built.unused);
        return folder_output(&args, "game.bin", &built.bytes);
    }
    let opts = GapOptions {
        compat: args.compat.is_some(),
        output_dir: args.output.map(PathBuf::from),
        allow_outside: args.allow_outside,
    };
    let outputs = gap::run(&args.source, &opts)?;
    for o in &outputs {
        written(&o.path, &o.bytes, "")?;
    }
    Ok(Status::Ok)
}

/// Writes what a source folder built to `-o` (or `default`), never inside that
/// folder, where the next build would read it back as a source.
fn folder_output(args: &Args, default: &str, bytes: &[u8]) -> Result<Status, Error> {
    let out = Path::new(args.output.as_deref().unwrap_or(default));
    gamepak::io::refuse_inside(
        out,
        &args.source,
        "the next build would read it as a source",
    )?;
    written(out, bytes, "")
}
