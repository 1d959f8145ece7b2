//! A file opened once: what every verb that reads asks, so that a caller running
//! several verbs on one file (`gamepak serve`: list, then check, then one entry at a
//! time) parses it once. [`Handler::open`](crate::Handler::open) gives one: a format
//! whose reading is costly keeps what it parsed inside its document, and any other
//! is answered from its bytes ([`OnBytes`]).

use std::collections::BTreeMap;
use std::path::Path;

use crate::assets::{Entry, ExtractOptions, ExtractSummary};
use crate::error::Result;
use crate::options::Options;
use crate::report::{Partial, Report};

/// An opened file: its information, entries, problems and assets.
pub trait Document: Send + Sync {
    /// Header, metadata, counts and sizes, as a JSON object with keys in display
    /// order. A damaged file gives what could be read and the problems met; an
    /// error only when nothing could be.
    fn info(&self) -> Result<Partial<serde_json::Value>>;
    /// Every entry, from headers and tables only: no payload is decoded. A damaged
    /// file gives the entries that could be read and the problems that kept the
    /// rest out; an error only when nothing could be read.
    fn list(&self) -> Result<Partial<Vec<Entry>>>;
    /// Strict validation: every problem found, not just the first.
    fn check(&self) -> Report;
    /// Writes the manifest and assets into `out`.
    fn extract(&self, out: &Path, extract: &ExtractOptions) -> Result<ExtractSummary>;
    /// The files extract writes for the entry at `path`, in memory: its own file and
    /// those beside it that carry its path with a suffix or another extension.
    fn render(&self, path: &str) -> Result<BTreeMap<String, Vec<u8>>> {
        crate::assets::render_entry(|out, options| self.extract(out, options), path)
    }
    /// The file's code as source text, one item per code entry: those named in
    /// `entries`, or every entry that stands on its own when it is empty (a function
    /// declared inside another entry's code is shown inside it). An error names an
    /// entry the file does not hold; an entry that does not decompile carries why.
    fn decompile(&self, _entries: &[String]) -> Result<Vec<SourceText>> {
        Err(crate::Error::usage(
            "",
            "this format holds no code to decompile",
        ))
    }
    /// Source text (`source`, read from `file`) compiled against the file, as the
    /// code of `entry` (or the entry the file's name names, or a new one): the
    /// assembly it gives, in the disassembly's syntax, with warnings on the
    /// source. An error shows where the source is wrong.
    fn compile(&self, _source: &str, _file: &str, _entry: Option<&str>) -> Result<CompiledSource> {
        Err(crate::Error::usage(
            "",
            "this format holds no code to compile",
        ))
    }
}

/// Source text compiled: the assembly it gives, and what looks like a slip in
/// it (a name nothing sets, a keystroke from a known one), each with its place,
/// its line and a caret.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CompiledSource {
    /// The assembly, in the disassembly's syntax.
    pub assembly: String,
    /// The warnings, each at its place.
    pub warnings: Vec<crate::diagnostic::Diagnostic>,
}

/// A code entry as source text.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SourceText {
    /// The code entry's name.
    pub entry: String,
    /// Its source, or why it could not be made.
    #[serde(flatten)]
    pub text: SourceOrWhy,
}

/// A code entry's source, or why it could not be made.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceOrWhy {
    /// The source text.
    Source(String),
    /// Where the code stopped making sense, and why.
    Error(String),
}

/// The reading verbs of a format that answers each from the file's bytes, reading
/// what it needs again each time; [`OnBytes`] makes them a document.
pub(crate) trait ReadsBytes: Sync + 'static {
    fn info(&self, data: &[u8], opts: &Options) -> Result<Partial<serde_json::Value>>;
    fn list(&self, data: &[u8], opts: &Options) -> Result<Partial<Vec<Entry>>>;
    fn check(&self, data: &[u8], opts: &Options) -> Report;
    fn extract(
        &self,
        data: &[u8],
        out: &Path,
        extract: &ExtractOptions,
        opts: &Options,
    ) -> Result<ExtractSummary>;
}

/// A document answered from its bytes by its format's [`ReadsBytes`].
pub(crate) struct OnBytes<'a, R: 'static> {
    reads: &'static R,
    data: &'a [u8],
    opts: Options,
}

impl<'a, R: ReadsBytes> OnBytes<'a, R> {
    /// `data` opened for `reads`, as a [`crate::Handler::open`] gives it.
    pub(crate) fn open(
        reads: &'static R,
        data: &'a [u8],
        opts: &Options,
    ) -> Box<dyn Document + 'a> {
        Box::new(OnBytes {
            reads,
            data,
            opts: opts.clone(),
        })
    }
}

impl<R: ReadsBytes> Document for OnBytes<'_, R> {
    fn info(&self) -> Result<Partial<serde_json::Value>> {
        self.reads.info(self.data, &self.opts)
    }
    fn list(&self) -> Result<Partial<Vec<Entry>>> {
        self.reads.list(self.data, &self.opts)
    }
    fn check(&self) -> Report {
        self.reads.check(self.data, &self.opts)
    }
    fn extract(&self, out: &Path, extract: &ExtractOptions) -> Result<ExtractSummary> {
        self.reads.extract(self.data, out, extract, &self.opts)
    }
}
