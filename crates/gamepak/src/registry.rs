//! Which format does what: each format's probe and handler, and the verbs that
//! start from a path whatever its format (recognise a file, pack a folder, build
//! from a source). The one file that names every format module.

use std::path::Path;

use crate::assets;
use crate::detect::{detect, Probe};
use crate::error::{Error, Result};
use crate::format::Format;
use crate::formats;
use crate::handler::{Built, Handler, PackOutcome};
use crate::io;
use crate::manifest;
use crate::options::Options;

impl Format {
    pub(crate) fn probe(self, data: &[u8]) -> Probe {
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
