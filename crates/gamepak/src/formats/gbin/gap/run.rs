//! A script run line by line, and the files its exports make.

use std::path::{Path, PathBuf};

use super::settings::GapOptions;
use super::{commands, confine, export, lexer, state};
use crate::formats::gbin::write::CrcMode;
use crate::{Error, Result};

/// One file a script's export lines produce.
#[derive(Debug, Clone)]
pub struct Output {
    /// Where the file goes: the export's `filename=` in the output folder, which it
    /// cannot leave unless `allow_outside` is set.
    pub path: PathBuf,
    /// The file's contents, not yet written.
    pub bytes: Vec<u8>,
}

/// Runs a script: its paths are taken from its own folder, and its exports go there
/// or into `output_dir`.
pub fn run(script: &Path, opts: &GapOptions) -> Result<Vec<Output>> {
    let source = crate::io::read_regular(script).map_err(|e| Error::io(script, e))?;
    let file = script
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| script.display().to_string());
    let confine = confine::Confinement::new(script, opts)?;
    let mut state = state::State::default();
    for line in lexer::lex(&file, &source)? {
        commands::apply(&mut state, &line, &file, &confine, opts)?;
    }
    let crc = if opts.settings.compat {
        CrcMode::Keep
    } else {
        CrcMode::Compute
    };
    state
        .exports
        .iter()
        .map(|e| {
            let at = |m: String| Error::at(format!("{file}:{}", e.line), m);
            let path = confine.output(&e.filename).map_err(at)?;
            let bytes = export::render(&state, e, crc).map_err(at)?;
            Ok(Output { path, bytes })
        })
        .collect()
}
