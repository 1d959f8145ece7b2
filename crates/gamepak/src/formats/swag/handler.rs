//! SWAG's handler: the reading verbs answered from the file's bytes, pack and build.

use std::path::Path;

use super::build::{build, is_source, made, opcode_table, SwagOptions};
use super::{check, extract, info, items, read};
use crate::document::{Document, OnBytes, ReadsBytes};
use crate::io::SourceDir;
use crate::{
    Built, Entry, ExtractOptions, ExtractSummary, Handler, Options, PackOutcome, Partial, Report,
    Result,
};

/// SWAG's implementation of the format operations; bytecode is read by the opcode
/// table the options give.
pub struct SwagHandler;

impl ReadsBytes for SwagHandler {
    fn info(&self, data: &[u8], opts: &Options) -> Result<Partial<serde_json::Value>> {
        let (doc, problems) = read::read_damaged(data, opcode_table(opts))?;
        Ok(Partial {
            value: info::info(&doc),
            problems,
        })
    }

    fn list(&self, data: &[u8], opts: &Options) -> Result<Partial<Vec<Entry>>> {
        let (doc, problems) = read::read_damaged(data, opcode_table(opts))?;
        let entries = items::items(&doc).into_iter().map(|(e, _)| e).collect();
        Ok(Partial {
            value: entries,
            problems,
        })
    }

    fn check(&self, data: &[u8], opts: &Options) -> Report {
        check::check(data, opcode_table(opts), &opts.limits)
    }

    fn extract(
        &self,
        data: &[u8],
        out: &Path,
        extract: &ExtractOptions,
        opts: &Options,
    ) -> Result<ExtractSummary> {
        let table = opcode_table(opts);
        let (doc, damage) = read::read_salvaging(data, table)?;
        extract::extract(&doc, damage, table, out, extract, &opts.limits)
    }
}

impl Handler for SwagHandler {
    fn open<'a>(&self, data: &'a [u8], opts: &Options) -> Box<dyn Document + 'a> {
        OnBytes::open(&SwagHandler, data, opts)
    }

    fn pack(&self, dir: &SourceDir, opts: &Options) -> Result<PackOutcome> {
        crate::manifest::require_whole(dir)?;
        made(
            dir,
            opts.get::<SwagOptions>().opcodes.as_ref(),
            None,
            &opts.limits,
        )
    }

    fn is_source(&self, source: &Path) -> bool {
        is_source(source)
    }

    fn build(&self, source: &Path, output: Option<&Path>, opts: &Options) -> Result<Built> {
        Built::from_folder(source, output, "game.swag", || {
            build(source, &opts.get::<SwagOptions>(), &opts.limits)
        })
    }
}
