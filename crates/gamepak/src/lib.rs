// Fuzzing builds reach undocumented internals through `fuzzing`, which is not API.
#![cfg_attr(not(fuzzing), warn(missing_docs))]
//! gamepak: identify, inspect, validate, extract and rebuild binary game data files.
//!
//! The front door is [`detect()`] (what is this file?) and [`Format::handler`] (what can
//! be done with it), with [`pack()`] and [`build()`] for the verbs that start from a
//! folder or a script; [`Options`] configures any of them. Data flows one way: bytes
//! go to detection, then to the format's reader, which gives a typed document; the
//! document goes either to the writer, which gives bytes, or to the neutral view of
//! [`assets`] for listing and extraction.
//!
//! [`gamemaker`] is GameMaker's typed model, for Rust tools that change a game:
//! every chunk as records of named fields, written back with every pointer
//! computed.

extern crate self as gamepak;

pub mod assets;
pub mod bytes;
mod caret;
pub mod codec;
pub mod detect;
mod document;
pub mod error;
pub(crate) mod folder_json;
mod formats;
pub mod fourcc;
pub mod gamemaker;
pub mod io;
pub mod js;
pub mod limits;
pub mod location;
pub mod manifest;
mod nearest;
pub mod options;
mod pass_stack;
pub mod report;
pub mod toml_text;

/// The inner parsers fuzz targets aim at directly (GameMaker assembly, code
/// listings, the views `list` reads and mask pictures), where reaching them through
/// the public verbs would spend each run on everything around them. Compiled only in
/// fuzzing builds: not part of the API.
#[cfg(fuzzing)]
#[doc(hidden)]
pub mod fuzzing {
    pub use crate::formats::gamemaker::{asm, code, code_edit, game, sprite_masks};
}

/// Test support shared with the integration tests: the one way tests find the
/// real-file fixtures.
#[cfg(test)]
#[path = "../tests/common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub use assets::{Companion, Entry, ExtractOptions, ExtractSummary};
pub use detect::{detect, Certainty, Detection};
pub use document::{open, CompiledSource, Document, OnBytes, SourceOrWhy, SourceText};
pub use error::{Error, ErrorKind, Result};
pub use formats::{gbin, native, swag, tng};
pub use fourcc::FourCC;
pub use io::Source;
pub use location::Location;
pub use options::{FormatSettings, Options, PerFormat};
pub use report::{Partial, Report, Severity};

/// The formats gamepak knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// GameMaker data.win / game.unx / game.ios.
    GameMaker,
    /// GBIN, from the game-asset-packer and its .gap scripts.
    Gbin,
    /// The native engine's game.bin.
    Native,
    /// TirNanoG .tng.
    Tng,
    /// SWAG game data.
    Swag,
}

impl Format {
    /// Every format gamepak knows, in the order detection probes them.
    pub const ALL: [Format; 5] = [
        Format::GameMaker,
        Format::Gbin,
        Format::Native,
        Format::Tng,
        Format::Swag,
    ];

    /// The short name used in manifests, JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::GameMaker => "gamemaker",
            Format::Gbin => "gbin",
            Format::Native => "native",
            Format::Tng => "tng",
            Format::Swag => "swag",
        }
    }

    /// A human description.
    pub fn title(self) -> &'static str {
        match self {
            Format::GameMaker => "GameMaker data file (FORM chunks)",
            Format::Gbin => "GBIN game asset package",
            Format::Native => "native engine game.bin",
            Format::Tng => "TirNanoG game file",
            Format::Swag => "SWAG game data file",
        }
    }

    /// The format whose [`Format::name`] is `name`; `None` for any other text.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    pub(crate) fn probe(self, data: &[u8]) -> detect::Probe {
        match self {
            Format::GameMaker => formats::gamemaker::probe(data),
            Format::Gbin => formats::gbin::probe(data),
            Format::Native => formats::native::probe(data),
            Format::Tng => formats::tng::probe(data),
            Format::Swag => formats::swag::probe(data),
        }
    }

    /// What gamepak can do with this format beyond identifying it.
    pub fn handler(self) -> Option<&'static dyn Handler> {
        match self {
            Format::GameMaker => Some(&formats::gamemaker::GameMakerHandler),
            Format::Gbin => Some(&formats::gbin::GbinHandler),
            Format::Native => Some(&formats::native::NativeHandler),
            Format::Swag => Some(&formats::swag::SwagHandler),
            Format::Tng => Some(&formats::tng::TngHandler),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The operations every fully supported format offers. Each takes the run's
/// [`Options`]; a format reads only the settings that concern it.
pub trait Handler: Sync {
    /// The file opened as a document that keeps what it parsed, for a format whose
    /// reading is costly; `None` (the default) answers each verb from the bytes.
    /// Callers open files with [`open()`].
    fn document<'a>(&self, _data: &'a [u8], _opts: &Options) -> Option<Box<dyn Document + 'a>> {
        None
    }
    /// Header, metadata, counts and sizes, as a JSON object with keys in display order.
    /// A damaged file gives what could be read and the problems met; an error only
    /// when nothing could be.
    fn info(&self, data: &[u8], opts: &Options) -> Result<Partial<serde_json::Value>>;
    /// Every entry, from headers and tables only: no payload is decoded. A damaged
    /// file gives the entries that could be read and the problems that kept the rest
    /// out; an error only when nothing could be read.
    fn list(&self, data: &[u8], opts: &Options) -> Result<Partial<Vec<Entry>>>;
    /// Strict validation: every problem found, not just the first.
    fn check(&self, data: &[u8], opts: &Options) -> Report;
    /// Writes the manifest and assets into `out`.
    fn extract(
        &self,
        data: &[u8],
        out: &Path,
        extract: &ExtractOptions,
        opts: &Options,
    ) -> Result<ExtractSummary>;
    /// Rebuilds the file from an extracted folder, already opened by [`pack()`].
    fn pack(&self, dir: &io::SourceDir, opts: &Options) -> Result<PackOutcome>;
    /// Whether `source` is something this format's `build` makes a file from.
    /// [`build()`] asks in [`BUILD_ORDER`], so a format may claim broadly (any folder)
    /// when the formats asked before it claim narrowly (a folder holding a file).
    fn is_source(&self, _source: &Path) -> bool {
        false
    }
    /// Makes files from a source; `output` is where `-o` points, if anywhere.
    fn build(&self, source: &Path, _output: Option<&Path>, _opts: &Options) -> Result<Built> {
        Err(Error::at(
            source.display().to_string(),
            "this format has no builder",
        ))
    }
}

/// The bytes `pack` or `build` made, which entries had to be re-encoded, and the
/// files of the folder that were not used.
#[derive(Debug, Default)]
pub struct PackOutcome {
    /// The rebuilt file, not yet written.
    pub bytes: Vec<u8>,
    /// What had changed since extraction and was encoded again rather than copied as
    /// stored, by file or chunk name, some with a note on what was done.
    pub reencoded: Vec<String>,
    /// Files of the folder that nothing read, each with the reason.
    pub unused: Vec<io::Unused>,
    /// Files that belong beside the output, by name (a GameMaker game's audio
    /// groups), rebuilt with it.
    pub companions: Vec<(String, Vec<u8>)>,
    /// What pack changed that the folder said otherwise (a value set by hand that
    /// pack derives), each naming the file and the field.
    pub warnings: Vec<String>,
    /// Warnings on the source code the folder holds, each at its place.
    pub code_warnings: Vec<Diagnostic>,
}

/// A problem at a place in a source file: `file:line:column: what`, with the
/// line it is on, to show with a caret under the column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The place and what is wrong there (`code/x.gml:2:15: ...`).
    pub message: String,
    /// The text of the line, where the place is known.
    pub line: Option<String>,
    /// The column the caret goes under, in characters from 1.
    pub column: usize,
}

impl Diagnostic {
    /// The caret line: `^` under the column, tabs kept so that it lines up.
    pub fn caret(&self) -> Option<String> {
        let line = self.line.as_ref()?;
        Some(caret::under(line, self.column))
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        if let (Some(line), Some(caret)) = (&self.line, self.caret()) {
            write!(f, "\n{line}\n{caret}")?;
        }
        Ok(())
    }
}

/// What `build` made: every file with where it goes (a script may export several),
/// and the files of the source folder nothing used.
#[derive(Debug, Default)]
pub struct Built {
    /// Every file made, with where it goes.
    pub outputs: Vec<BuiltFile>,
    /// Files of the source folder that nothing read, each with the reason.
    pub unused: Vec<io::Unused>,
    /// What the build did to a source that the output does not show (a clip
    /// resampled to the engine's rate), by file.
    pub notes: Vec<String>,
}

/// One file `build` made, not yet written.
#[derive(Debug, Clone)]
pub struct BuiltFile {
    /// Where it goes (`-` for standard output).
    pub path: PathBuf,
    /// Its contents.
    pub bytes: Vec<u8>,
}

impl Built {
    /// The one file a source folder builds, going to `output` or to `default` (a
    /// name in the current folder), never inside the folder, where the next build
    /// would read it back as a source.
    pub fn from_folder(
        source: &Path,
        output: Option<&Path>,
        default: &str,
        make: impl FnOnce() -> Result<PackOutcome>,
    ) -> Result<Built> {
        let path = output.unwrap_or(Path::new(default));
        io::refuse_inside(path, source, "the next build would read it as a source")?;
        let made = make()?;
        Ok(Built {
            outputs: vec![BuiltFile {
                path: path.to_path_buf(),
                bytes: made.bytes,
            }],
            unused: made.unused,
            notes: made.reencoded,
        })
    }
}

/// The order [`build()`] asks formats whether a source is theirs: a folder holding
/// `tng.json` or `swag.toml` before any other folder (native content), and a script
/// (any path that is not a folder) last.
pub const BUILD_ORDER: [Format; 4] = [Format::Tng, Format::Swag, Format::Native, Format::Gbin];

/// Builds from a source, whatever its kind: a `.gap` script, a native content folder,
/// a TirNanoG project folder or a SWAG source folder. `output` is where `-o` points:
/// the file to make, or for a script the folder its exports go into.
pub fn build(source: &Path, output: Option<&Path>, opts: &Options) -> Result<Built> {
    BUILD_ORDER
        .iter()
        .filter_map(|f| f.handler())
        .find(|h| h.is_source(source))
        .ok_or_else(|| {
            Error::at(
                source.display().to_string(),
                "not a source gamepak builds from",
            )
        })?
        .build(source, output, opts)
}

/// The format of `data` (from the file shown as `name`) and the handler that reads
/// it; or why gamepak cannot: nothing recognised (with the closest guess and why it
/// failed), or a format gamepak only identifies so far.
pub fn recognise(data: &[u8], name: &str) -> Result<(Format, &'static dyn Handler)> {
    let d = detect(data);
    let Some(format) = d.format else {
        let why = d
            .closest
            .map(|c| format!(" (closest: {}, {})", c.format.title(), c.failed))
            .unwrap_or_default();
        return Err(Error::at(
            name,
            format!("not a file gamepak recognises{why}"),
        ));
    };
    let handler = format.handler().ok_or_else(|| {
        Error::at(
            name,
            format!(
                "identified as {}, but only `identify` supports it so far",
                format.title()
            ),
        )
    })?;
    Ok((format, handler))
}

/// Rebuilds a file from a folder written by `extract`, whatever its format. A folder
/// salvaged from a damaged file is refused, pointing at its `problems.json`.
pub fn pack(folder: &Path, opts: &Options) -> Result<PackOutcome> {
    let dir = io::SourceDir::open(folder)?;
    assets::salvage::refuse_salvaged(&dir)?;
    let format = manifest::read_format(&dir)?;
    let handler = format.handler().ok_or_else(|| {
        Error::at(
            folder.display().to_string(),
            format!("packing {} is not supported yet", format.title()),
        )
    })?;
    handler.pack(&dir, opts)
}
