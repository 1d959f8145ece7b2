//! TNG's handler: the reading verbs answered from the file's bytes, pack and build.

use std::path::Path;

use super::source::{build, is_source};
use super::{check, extract, header, info, items, read, source};
use crate::document::{Document, OnBytes, ReadsBytes};
use crate::io::SourceDir;
use crate::report::Problem;
use crate::{
    Built, Entry, ErrorKind, ExtractOptions, ExtractSummary, Handler, Options, PackOutcome,
    Partial, Report, Result,
};

/// TirNanoG's implementation of the format operations.
pub struct TngHandler;

impl ReadsBytes for TngHandler {
    /// An encrypted file, or one whose sections do not read, shows its header.
    fn info(&self, data: &[u8], opts: &Options) -> Result<Partial<serde_json::Value>> {
        match read::read(data, false, &opts.limits) {
            Ok(r) => Ok(Partial::whole(info::info(&r))),
            Err(e) if e.is_request_fault() => Err(e),
            Err(e) => {
                let h = header::Header::read(data)?;
                let header = serde_json::Value::Object(info::header_info(&h, data, None));
                Ok(match e.kind {
                    ErrorKind::Unsupported(_) => Partial::whole(header),
                    _ => Partial {
                        value: header,
                        problems: vec![Problem::of(&e)],
                    },
                })
            }
        }
    }

    /// A file whose sections do not read lists nothing, and says why, once its
    /// header reads; an encrypted one cannot be listed.
    fn list(&self, data: &[u8], opts: &Options) -> Result<Partial<Vec<Entry>>> {
        match read::read(data, false, &opts.limits) {
            Ok(r) => Ok(Partial::whole(items::entries(&r))),
            Err(e) if e.is_request_fault() || matches!(e.kind, ErrorKind::Unsupported(_)) => Err(e),
            Err(e) => {
                header::Header::read(data)?;
                Ok(Partial {
                    value: Vec::new(),
                    problems: vec![Problem::of(&e)],
                })
            }
        }
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
        let (read, damage) = read::read_salvaging(data, &opts.limits)?;
        extract::extract(&read, damage, out, extract, &opts.limits)
    }
}

impl Handler for TngHandler {
    fn open<'a>(&self, data: &'a [u8], opts: &Options) -> Box<dyn Document + 'a> {
        OnBytes::open(&TngHandler, data, opts)
    }

    fn pack(&self, dir: &SourceDir, opts: &Options) -> Result<PackOutcome> {
        source::pack(dir, &opts.limits)
    }

    fn is_source(&self, source: &Path) -> bool {
        is_source(source)
    }

    fn build(&self, source: &Path, output: Option<&Path>, opts: &Options) -> Result<Built> {
        Built::from_folder(source, output, "game.tng", || build(source, &opts.limits))
    }
}
