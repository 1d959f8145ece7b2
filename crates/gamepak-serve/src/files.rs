//! The files being shown, known to the browser by number. Those named on the
//! command line come first and are opened at start, so one that cannot be is an
//! error before anything listens. The files of a collection (a scan's report, or
//! a folder scanned) follow, opened when first asked for, and only the last few
//! asked for are kept open: a report may name a hundred thousand files. Nothing
//! is read but these files: a GameMaker game's audio groups beside it are shown
//! when they are named too, as files of their own.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use gamepak::{Document, Entry, Format, Options, Report, Result, Source};

/// Where a file's bytes are: a file on disk, or a file inside a zip-family
/// archive on disk (`archive.zip!/assets/game.droid`, as a scan names it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub path: PathBuf,
    /// The file's name inside the archive at `path`.
    pub inner: Option<String>,
}

impl Location {
    pub fn file(path: PathBuf) -> Location {
        Location { path, inner: None }
    }

    /// As a scan names it.
    pub fn shown(&self) -> String {
        match &self.inner {
            Some(inner) => format!("{}!/{inner}", self.path.display()),
            None => self.path.display().to_string(),
        }
    }

    /// The last part of its name.
    pub fn name(&self) -> String {
        let shown = self.shown();
        shown
            .rsplit(['/', std::path::MAIN_SEPARATOR])
            .find(|p| !p.is_empty())
            .unwrap_or(&shown)
            .to_string()
    }
}

type Doc<'a> = Box<dyn Document + 'a>;

self_cell::self_cell!(
    /// A file's bytes and the document reading them, which borrows them.
    struct Read {
        owner: Source,
        #[covariant]
        dependent: Doc,
    }
);

/// A file opened: its bytes, its format and its document.
pub struct Opened {
    pub format: Format,
    read: Read,
    /// Listed once, when first asked for: tables only, no payload.
    entries: OnceLock<std::result::Result<Vec<Entry>, String>>,
    /// Checked once, when first asked for.
    report: OnceLock<Report>,
}

impl Opened {
    pub fn data(&self) -> &Source {
        self.read.borrow_owner()
    }

    pub fn document(&self) -> &dyn Document {
        self.read.borrow_dependent().as_ref()
    }

    pub fn entries(&self) -> std::result::Result<&[Entry], &str> {
        self.entries
            .get_or_init(|| {
                self.document()
                    .list()
                    .map(|listed| listed.value)
                    .map_err(|e| e.to_string())
            })
            .as_deref()
            .map_err(String::as_str)
    }

    pub fn report(&self) -> &Report {
        self.report.get_or_init(|| self.document().check())
    }
}

/// What a collection's file was when it was scanned: its size (of the file
/// itself, not of an archive holding it) and its modification time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scanned {
    pub size: Option<u64>,
    pub mtime: Option<i64>,
}

/// One file being shown.
pub struct ServedFile {
    pub location: Location,
    /// Open for as long as the server runs: a file named on the command line.
    pinned: Option<Arc<Opened>>,
    /// A collection's file, as its scan saw it.
    scanned: Option<Scanned>,
}

impl ServedFile {
    /// Why the file is not what its scan saw, when it is not: the row it opens
    /// from describes another file.
    pub fn changed_since_scan(&self) -> Option<String> {
        let scanned = self.scanned?;
        let meta = std::fs::metadata(&self.location.path).ok()?;
        let grew = self.location.inner.is_none() && scanned.size.is_some_and(|s| s != meta.len());
        let touched = gamepak::scan::modified(&meta) != scanned.mtime;
        let what = if self.location.inner.is_some() {
            "its archive's"
        } else {
            "its"
        };
        (grew || touched).then(|| {
            format!("changed since the scan: {what} size or modification time is not the report's")
        })
    }
}

/// How many of a collection's files stay open at once.
const KEPT_OPEN: usize = 8;

/// Every file being shown.
pub struct Served {
    files: Vec<ServedFile>,
    /// The collection's files opened last, the latest first.
    recent: Mutex<VecDeque<(usize, Arc<Opened>)>>,
    options: Options,
}

impl Served {
    /// Opens and recognises every file of `given`, refusing the first that cannot
    /// be; the files of `collection` follow, to be opened when asked for.
    pub fn new(
        given: &[PathBuf],
        collection: Vec<(Location, Scanned)>,
        options: &Options,
    ) -> Result<Served> {
        let mut files = Vec::with_capacity(given.len() + collection.len());
        for path in given {
            let location = Location::file(path.clone());
            let opened = open(&location, options)?;
            files.push(ServedFile {
                location,
                pinned: Some(Arc::new(opened)),
                scanned: None,
            });
        }
        files.extend(
            collection
                .into_iter()
                .map(|(location, scanned)| ServedFile {
                    location,
                    pinned: None,
                    scanned: Some(scanned),
                }),
        );
        Ok(Served {
            files,
            recent: Mutex::default(),
            options: options.clone(),
        })
    }

    /// Lists every file named on the command line ahead of the page asking
    /// (tables only, so even a 2 GB file lists in microseconds): the tree then
    /// paints as soon as the page loads.
    pub fn list_given(&self) {
        std::thread::scope(|s| {
            for opened in self.files.iter().filter_map(|f| f.pinned.as_ref()) {
                s.spawn(|| opened.entries().map(|_| ()).ok());
            }
        });
    }

    pub fn get(&self, id: usize) -> Option<&ServedFile> {
        self.files.get(id)
    }

    /// The files named on the command line, with their numbers.
    pub fn given(&self) -> impl Iterator<Item = (usize, &ServedFile, &Opened)> {
        self.files
            .iter()
            .enumerate()
            .filter_map(|(id, f)| f.pinned.as_deref().map(|o| (id, f, o)))
    }

    /// File `id`, opened: kept open, or opened now (and kept among the last few).
    pub fn opened(&self, id: usize) -> Option<Result<Arc<Opened>>> {
        let file = self.files.get(id)?;
        if let Some(opened) = &file.pinned {
            return Some(Ok(opened.clone()));
        }
        let mut recent = self.recent.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(at) = recent.iter().position(|(i, _)| *i == id) {
            let kept = recent.remove(at)?;
            recent.push_front(kept.clone());
            return Some(Ok(kept.1));
        }
        // Opened without the lock: mapping and recognising may wait on the disk.
        drop(recent);
        let opened = match open(&file.location, &self.options) {
            Ok(opened) => Arc::new(opened),
            Err(e) => return Some(Err(e)),
        };
        let mut recent = self.recent.lock().unwrap_or_else(|p| p.into_inner());
        recent.retain(|(i, _)| *i != id);
        recent.push_front((id, opened.clone()));
        recent.truncate(KEPT_OPEN);
        Some(Ok(opened))
    }
}

/// Opens the file at `location` and recognises its format.
pub(crate) fn open(location: &Location, options: &Options) -> Result<Opened> {
    let mut data = Source::open(&location.path, &options.limits)?;
    if let Some(inner) = &location.inner {
        let bytes = gamepak::scan::archive_entry(&data, inner, options)
            .map_err(|why| gamepak::Error::at(location.path.display().to_string(), why))?;
        data = Source::Owned(bytes);
    }
    let shown = location.shown();
    let (format, handler) = gamepak::recognise(&data, &shown)?;
    let read = Read::new(data, |data| handler.open(data, options));
    Ok(Opened {
        format,
        read,
        entries: OnceLock::new(),
        report: OnceLock::new(),
    })
}
