use std::path::PathBuf;

use crate::output::Status;
use gamepak::formats::gbin::gap::{self, GapOptions};
use gamepak::formats::native::{self, BuildOptions, ProductionAudio};
use gamepak::Error;

/// Build a file from sources: a .gap script makes GBIN packages; a content folder
/// makes a native engine game.bin.
///
/// A .gap script runs as the reference packer runs it: paths are relative to the
/// current folder, and its export lines name the outputs (GBIN binary, C array, C
/// header). `--compat gap` writes byte for byte what the reference packer writes
/// (including its `CRC-` placeholder); without it the CRC is real.
///
/// A content folder follows the native engine's convention: `Name.sprite.png`,
/// `Name.background.png`, `Name.sound.wav`, `Name.music.wav`, `Name.dialog.wav`,
/// `Configuration.json` (Name, VirtualWidth, VirtualHeight) and the game script
/// (the folder's one .js file, or --script). Sprites are cropped and packed into one
/// atlas; audio must be 44100 Hz and is normalised and trimmed.
///
/// Example: gamepak build images.gap --compat gap
/// Example: gamepak build mygame/ -o game.bin --production
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// A .gap script, or a native content folder.
    source: PathBuf,
    /// Byte-for-byte compatibility with another tool's output (.gap only).
    #[arg(long, value_enum)]
    compat: Option<Compat>,
    /// .gap: a prefix for every output name, as the reference packer's -o.
    /// Content folder: the game.bin to write (default game.bin).
    #[arg(short, long)]
    output: Option<String>,
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

pub fn run(args: Args) -> Result<Status, Error> {
    if args.source.is_dir() {
        let opts = BuildOptions {
            production: args.production,
            audio: match args.audio {
                Audio::Vorbis => ProductionAudio::Vorbis,
                Audio::Pcm => ProductionAudio::Pcm,
            },
            script: args.script,
            engine: args.engine,
        };
        let bytes = native::build(&args.source, &opts)?;
        let out = PathBuf::from(args.output.unwrap_or_else(|| "game.bin".into()));
        gamepak::io::write_atomic(&out, &bytes)?;
        println!("{}: {} bytes", out.display(), bytes.len());
        return Ok(Status::Ok);
    }
    let opts = GapOptions {
        compat: args.compat.is_some(),
        output_prefix: args.output,
    };
    let outputs = gap::run(&args.source, &opts)?;
    for o in &outputs {
        gamepak::io::write_atomic(&o.path, &o.bytes)?;
        println!("{}: {} bytes", o.path.display(), o.bytes.len());
    }
    Ok(Status::Ok)
}
