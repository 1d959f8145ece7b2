//! The files given on the command line, opened once (memory-mapped) and known to
//! the browser by their place in that list. Only they are read: a GameMaker game's
//! audio groups beside it are shown when they are given too, as files of their
//! own, so that nothing the command line did not name is opened.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use gamepak::{Document, Entry, Format, Options, Report, Result, Source};

/// One file being shown.
pub struct ServedFile {
    pub path: PathBuf,
    /// Mapped for as long as the server runs, which its document borrows.
    pub data: &'static Source,
    pub format: Format,
    /// The file opened once: every list, check and render asks it.
    pub document: Box<dyn Document>,
    /// Listed once, when first asked for: tables only, no payload.
    entries: OnceLock<std::result::Result<Vec<Entry>, String>>,
    /// Checked once, when first asked for.
    report: OnceLock<Report>,
}

/// Every file being shown.
pub struct Served {
    pub files: Vec<ServedFile>,
}

impl Served {
    /// Opens and recognises every file, refusing the first that cannot be.
    pub fn open(paths: &[PathBuf], options: &Options) -> Result<Served> {
        let files = paths
            .iter()
            .map(|p| open(p, options))
            .collect::<Result<Vec<_>>>()?;
        Ok(Served { files })
    }

    /// Lists every file ahead of the page asking (tables only, so even a 2 GB
    /// file lists in microseconds): the tree then paints as soon as the page loads.
    pub fn list_all(&self) {
        std::thread::scope(|s| {
            for f in &self.files {
                s.spawn(|| f.entries().map(|_| ()).ok());
            }
        });
    }

    pub fn get(&self, id: usize) -> Option<&ServedFile> {
        self.files.get(id)
    }
}

impl ServedFile {
    pub fn name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    pub fn entries(&self) -> std::result::Result<&[Entry], &str> {
        self.entries
            .get_or_init(|| {
                self.document
                    .list()
                    .map(|listed| listed.value)
                    .map_err(|e| e.to_string())
            })
            .as_deref()
            .map_err(String::as_str)
    }

    pub fn report(&self) -> &Report {
        self.report.get_or_init(|| self.document.check())
    }
}

pub(crate) fn open(path: &Path, options: &Options) -> Result<ServedFile> {
    // The server shows its files until it stops: leaving them mapped for the life
    // of the process lets each document borrow its file.
    let data: &'static Source = Box::leak(Box::new(Source::open(path, &options.limits)?));
    let (format, handler) = gamepak::recognise(data, &path.display().to_string())?;
    Ok(ServedFile {
        path: path.to_path_buf(),
        data,
        format,
        document: handler.open(data, options),
        entries: OnceLock::new(),
        report: OnceLock::new(),
    })
}
