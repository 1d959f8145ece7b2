//! NATIVE's handler: the reading verbs answered from the file's bytes, pack and build.

use std::path::Path;

use super::build::{build, BuildOptions};
use super::{check, container, extract, info, items, pack};
use crate::document::{Document, OnBytes, ReadsBytes};
use crate::io::SourceDir;
use crate::{
    Built, Entry, ExtractOptions, ExtractSummary, Handler, Options, PackOutcome, Partial, Report,
    Result,
};

/// The native game.bin's implementation of the format operations.
pub struct NativeHandler;

impl ReadsBytes for NativeHandler {
    fn info(&self, data: &[u8], opts: &Options) -> Result<Partial<serde_json::Value>> {
        let (doc, problems) = container::read_damaged(data, &opts.limits)?;
        Ok(Partial {
            value: info::info(&doc, &opts.limits),
            problems,
        })
    }

    fn list(&self, data: &[u8], opts: &Options) -> Result<Partial<Vec<Entry>>> {
        let (doc, problems) = container::read_damaged(data, &opts.limits)?;
        let entries = items::items(&items::View::new(&doc, &opts.limits))
            .into_iter()
            .map(|(e, _)| e)
            .collect();
        Ok(Partial {
            value: entries,
            problems,
        })
    }

    fn check(&self, data: &[u8], opts: &Options) -> Report {
        check::check(data, &opts.limits)
    }

    fn extract(
        &self,
        data: &[u8],
        out: &Path,
        extract: &ExtractOptions,
        opts: &Options,
    ) -> Result<ExtractSummary> {
        let (doc, damage) = container::read_salvaging(data, &opts.limits)?;
        extract::extract(&doc, damage, out, extract, &opts.limits)
    }
}

impl Handler for NativeHandler {
    fn open<'a>(&self, data: &'a [u8], opts: &Options) -> Box<dyn Document + 'a> {
        OnBytes::open(&NativeHandler, data, opts)
    }

    fn pack(&self, dir: &SourceDir, opts: &Options) -> Result<PackOutcome> {
        pack::pack(dir, &opts.limits)
    }

    /// A content folder: any folder the formats with a marker file did not claim.
    fn is_source(&self, source: &Path) -> bool {
        source.is_dir()
    }

    fn build(&self, source: &Path, output: Option<&Path>, opts: &Options) -> Result<Built> {
        Built::from_folder(source, output, "game.bin", || {
            build(source, &opts.get::<BuildOptions>(), &opts.limits)
        })
    }
}
