use std::path::PathBuf;
use std::time::Instant;

use crate::output::{warn_unused, written, Global, Status};
use gamepak::bytes::Endian;
use gamepak::gbin::GapSettings;
use gamepak::io::{OutputFile, Replace};
use gamepak::native::{self, ProductionAudio};
use gamepak::swag::SwagOptions;
use gamepak::Error;

/// Build a file from sources: a .gap script, or a native, SWAG or TirNanoG folder.
///
/// Four kinds of source, recognised in this order:
///   a TirNanoG project folder  holds tng.json; makes a TirNanoG game (game.tng)
///   a SWAG source folder       holds swag.toml; makes a SWAG file (game.swag)
///   a native content folder    any other folder; makes a native game.bin (game.bin)
///   a .gap script              anything else; makes GBIN packages and C exports
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
/// `Configuration.json` (Name, VirtualWidth, VirtualHeight) and the game. The game is
/// TypeScript when the folder holds tsconfig.json or .ts files: they are joined as
/// `tsc --outFile` joins them (files, then include, each after the files its
/// `/// <reference path>` lines name), types stripped, and lowered to the tsconfig's
/// target (ES3 by default), with no Node needed. Otherwise it is the folder's one .js
/// file; --script names either kind. --production minifies the script, keeping every
/// global and property name. Sprites are cropped and packed into one atlas; audio at
/// any rate is resampled to 44100 Hz, normalised and trimmed. Output defaults to
/// game.bin. --watch rebuilds whenever a file of the folder changes, a line per build,
/// until Ctrl-C.
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
/// A file already at the output is replaced only if it is empty or of the format
/// being built (an earlier build); anything else may be yours and is refused unless
/// --force is given. A .gap script's exports are the exception: the script's export
/// lines name them, so each run replaces them, as the reference packer does.
///
/// Example: gamepak build examples/tng/src -o demo.tng          (TirNanoG project folder)
/// Example: gamepak build examples/swag/src -o demo.swag        (SWAG source folder)
/// Example: gamepak build mygame/ -o game.bin --production      (native content folder)
/// Example: gamepak build game/assets.gap -o build/             (.gap script)
/// Example: gamepak build images.gap --compat gap
/// Example: gamepak build examples/swag/src -o demo-be.swag --byte-order big
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// A .gap script, or a native content, SWAG source or TirNanoG project folder.
    source: PathBuf,
    /// .gap: the folder to write its exports into (default: the script's folder).
    /// A folder: the file to write (default game.bin, game.swag or game.tng).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Replace a file at the output that is neither empty nor of the format being
    /// built (an earlier build is replaced without --force).
    #[arg(long)]
    force: bool,
    /// Byte-for-byte compatibility with another tool's output.
    #[arg(long, value_enum, help_heading = GAP)]
    compat: Option<Compat>,
    /// Let the script read and write outside its folder; only for scripts you trust.
    #[arg(long, help_heading = GAP)]
    allow_outside: bool,
    /// A production build (deflated script and tables, crushed PNGs, Vorbis audio).
    #[arg(long, help_heading = NATIVE)]
    production: bool,
    /// How a production build stores audio.
    #[arg(long, value_enum, default_value = "vorbis", help_heading = NATIVE)]
    audio: Audio,
    /// The game's file (.ts or .js), if not the folder's TypeScript or one .js file.
    #[arg(long, help_heading = NATIVE)]
    script: Option<PathBuf>,
    /// Engine JavaScript to place before the generated Content table.
    #[arg(long, help_heading = NATIVE)]
    engine: Option<PathBuf>,
    /// The byte order to write, instead of swag.toml's.
    #[arg(long, value_enum, help_heading = SWAG)]
    byte_order: Option<ByteOrder>,
    /// Build, then build again whenever a file of the source's folder changes, a
    /// line per build, until Ctrl-C. A failed build says why and waits for the next
    /// change.
    #[arg(long)]
    pub(super) watch: bool,
    #[command(flatten)]
    pub table: super::opcode_table::OpcodeTable,
}

const GAP: &str = ".gap script (GBIN)";
const NATIVE: &str = "Native content folder";
const SWAG: &str = "SWAG";

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

/// The run's settings with what this build's flags set: the script runner's, the
/// native builder's and SWAG's.
pub fn configure(args: &Args, mut global: Global) -> Global {
    let opts = &mut global.options;
    let (script, engine) = (args.script.clone(), args.engine.clone());
    opts.set(GapSettings {
        compat: args.compat.is_some(),
        allow_outside: args.allow_outside,
    });
    opts.set(native::BuildOptions {
        production: args.production,
        audio: match args.audio {
            Audio::Vorbis => ProductionAudio::Vorbis,
            Audio::Pcm => ProductionAudio::Pcm,
        },
        script,
        engine,
    });
    // The opcode table, if --opcodes gave one, stays in force for the build.
    let mut swag = opts.get::<SwagOptions>().into_owned();
    swag.endian = args.byte_order.map(|b| match b {
        ByteOrder::Little => Endian::Little,
        ByteOrder::Big => Endian::Big,
    });
    opts.set(swag);
    global
}

/// One build (without `--watch`).
pub fn run(args: &Args, global: &Global) -> Result<Status, Error> {
    build_once(args, global, None, true).map(|_| Status::Ok)
}

/// One build, written out; the files it wrote. With `started`, the line says how long
/// the build took from then. Unused files are named only when `name_unused`.
pub(super) fn build_once(
    args: &Args,
    global: &Global,
    started: Option<Instant>,
    name_unused: bool,
) -> Result<Vec<PathBuf>, Error> {
    let built = gamepak::build(&args.source, args.output.as_deref(), &global.options)?;
    if name_unused {
        warn_unused(&args.source, &built.unused, global);
    }
    // A script's exports are named by its own export lines (a source that is not a
    // folder is a script), so rebuilding replaces them whatever they hold. Every
    // output is claimed before any is written.
    let replace = if args.force || !args.source.is_dir() {
        Replace::Any
    } else {
        Replace::SameFormat
    };
    let outputs = built
        .outputs
        .iter()
        .map(|o| Ok((OutputFile::claim(&o.path, &o.bytes, replace)?, &o.bytes)))
        .collect::<Result<Vec<_>, Error>>()?;
    // What the build did to its sources goes on the first output's line.
    let mut notes: String = built.notes.iter().map(|n| format!(", {n}")).collect();
    if let Some(t) = started {
        notes.push_str(&format!(", built in {} ms", t.elapsed().as_millis()));
    }
    for (k, (out, bytes)) in outputs.into_iter().enumerate() {
        written(out, bytes, if k == 0 { &notes } else { "" }, global)?;
    }
    Ok(built.outputs.into_iter().map(|o| o.path).collect())
}

impl Args {
    /// The source, as given.
    pub(super) fn source(&self) -> &std::path::Path {
        &self.source
    }
}
