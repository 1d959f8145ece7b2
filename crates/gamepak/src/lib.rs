//! gamepak: identify, inspect, validate, extract and rebuild binary game data files.
//!
//! The front door is [`detect()`] (what is this file?) and [`Format::handler`] (what can
//! be done with it). Data flows one way: bytes go to detection, then to the format's
//! reader, which gives a typed document; the document goes either to the writer, which
//! gives bytes, or to the neutral view of [`assets`] for listing and extraction.

pub mod assets;
pub mod bytes;
pub mod codec;
pub mod detect;
pub mod error;
pub mod formats;
pub mod io;
pub mod limits;
pub mod manifest;
pub mod report;

use std::path::Path;

use serde::{Deserialize, Serialize};

pub use assets::{Entry, ExtractOptions, ExtractSummary};
pub use detect::{detect, Certainty, Detection};
pub use error::{Error, ErrorKind, Result};
pub use io::Source;
pub use report::{Report, Severity};

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
            Format::Swag => "SWAG game data",
        }
    }

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
            Format::Swag => Some(&formats::swag::SWAG_HANDLER),
            Format::Tng => Some(&formats::tng::TngHandler),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The operations every fully supported format offers.
pub trait Handler: Sync {
    /// Header, metadata, counts and sizes, as a JSON object with keys in display order.
    fn info(&self, data: &[u8]) -> Result<serde_json::Value>;
    /// Every entry, from headers and tables only: no payload is decoded.
    fn list(&self, data: &[u8]) -> Result<Vec<Entry>>;
    /// Strict validation: every problem found, not just the first.
    fn check(&self, data: &[u8]) -> Report;
    /// Writes the manifest and assets into `out`.
    fn extract(&self, data: &[u8], out: &Path, opts: &ExtractOptions) -> Result<ExtractSummary>;
    /// Rebuilds the file from an extracted folder.
    fn pack(&self, dir: &Path) -> Result<PackOutcome>;
}

/// The bytes `pack` or `build` made, which entries had to be re-encoded, and the
/// files of the folder that were not used.
#[derive(Debug, Default)]
pub struct PackOutcome {
    pub bytes: Vec<u8>,
    pub reencoded: Vec<String>,
    pub unused: Vec<io::Unused>,
}

/// Rebuilds a file from a folder written by `extract`, whatever its format.
pub fn pack(dir: &Path) -> Result<PackOutcome> {
    let format = manifest::read_format(&io::SourceDir::open(dir)?)?;
    let handler = format.handler().ok_or_else(|| {
        Error::at(
            dir.display().to_string(),
            format!("packing {} is not supported yet", format.title()),
        )
    })?;
    handler.pack(dir)
}
