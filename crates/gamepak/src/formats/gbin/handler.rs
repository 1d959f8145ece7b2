//! GBIN's handler: the reading verbs answered from the file's bytes, pack and build.

use std::path::Path;

use super::gap::{self, GapSettings};
use super::{check, extract, info, items, pack, read};
use crate::document::{Document, OnBytes, ReadsBytes};
use crate::io::SourceDir;
use crate::{
    Built, BuiltFile, Entry, ExtractOptions, ExtractSummary, Handler, Options, PackOutcome,
    Partial, Report, Result,
};

/// GBIN's implementation of the format operations.
pub struct GbinHandler;

impl ReadsBytes for GbinHandler {
    fn info(&self, data: &[u8], _opts: &Options) -> Result<Partial<serde_json::Value>> {
        let (doc, problems) = read::read_damaged(data)?;
        Ok(Partial {
            value: info::info(&doc, data)?,
            problems,
        })
    }

    fn list(&self, data: &[u8], _opts: &Options) -> Result<Partial<Vec<Entry>>> {
        let (doc, problems) = read::read_damaged(data)?;
        Ok(Partial {
            value: items::entries(&doc),
            problems,
        })
    }

    fn check(&self, data: &[u8], _opts: &Options) -> Report {
        check::check(data)
    }

    fn extract(
        &self,
        data: &[u8],
        out: &Path,
        extract: &ExtractOptions,
        opts: &Options,
    ) -> Result<ExtractSummary> {
        let (doc, damage) = read::read_salvaging(data)?;
        extract::extract(&doc, damage, out, extract, &opts.limits)
    }
}

impl Handler for GbinHandler {
    fn open<'a>(&self, data: &'a [u8], opts: &Options) -> Box<dyn Document + 'a> {
        OnBytes::open(&GbinHandler, data, opts)
    }

    fn pack(&self, dir: &SourceDir, opts: &Options) -> Result<PackOutcome> {
        pack::pack(dir, &opts.limits)
    }

    /// A `.gap` script: anything that is not a folder, asked for after every
    /// folder format, so a missing script is reported as one that cannot be read.
    fn is_source(&self, source: &Path) -> bool {
        !source.is_dir()
    }

    fn build(&self, source: &Path, output: Option<&Path>, opts: &Options) -> Result<Built> {
        let gap = gap::GapOptions {
            settings: opts.get::<GapSettings>().into_owned(),
            output_dir: output.map(Path::to_path_buf),
            limits: opts.limits.clone(),
        };
        let outputs = gap::run(source, &gap)?
            .into_iter()
            .map(|o| BuiltFile {
                path: o.path,
                bytes: o.bytes,
            })
            .collect();
        Ok(Built {
            outputs,
            unused: Vec::new(),
            notes: Vec::new(),
        })
    }
}
