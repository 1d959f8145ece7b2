//! What a format offers beyond identifying a file: opening it as a [`Document`]
//! that every reading verb runs on, packing a folder, building from a source.

use std::path::{Path, PathBuf};

use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::error::{Error, Result};
use crate::io;
use crate::options::Options;

/// The operations every fully supported format offers. Each takes the run's
/// [`Options`]; a format reads only the settings that concern it.
pub trait Handler: Sync {
    /// The file opened as a document: every verb that reads a file (info, list,
    /// check, extract, and code where the format holds some) runs on it. A format
    /// whose reading is costly keeps what it parsed inside the document, so a caller
    /// running several verbs parses the file once.
    fn open<'a>(&self, data: &'a [u8], opts: &Options) -> Box<dyn Document + 'a>;
    /// Rebuilds the file from an extracted folder, already opened by
    /// [`pack()`](crate::pack()).
    fn pack(&self, dir: &io::SourceDir, opts: &Options) -> Result<PackOutcome>;
    /// Whether `source` is something this format's `build` makes a file from.
    /// [`build()`](crate::build()) asks in [`BUILD_ORDER`](crate::BUILD_ORDER), so a
    /// format may claim broadly (any folder) when the formats asked before it claim
    /// narrowly (a folder holding a file).
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
