//! What to serve, and where: the server's settings.

use std::path::PathBuf;
use std::time::Duration;

use crate::worker::Renderer;

/// Where a line of what the server does goes (`--verbose`).
pub type Log = Box<dyn Fn(&str) + Send + Sync>;

/// What to serve, and where.
pub struct Config {
    /// Files to show, scans' reports and folders to scan.
    pub files: Vec<PathBuf>,
    /// Told of the files and bytes done as folders are scanned.
    pub scanning: Option<Box<dyn Fn(u64, u64) + Sync>>,
    /// 0 for any free port.
    pub port: u16,
    /// Open the system's browser at the URL.
    pub open: bool,
    pub options: gamepak::Options,
    /// How long a connection may take to send a request's header, and stay open
    /// idle between requests: [`HEADER_TIMEOUT`] unless a test shortens it.
    pub header_timeout: Duration,
    /// Told of each entry rendered, when set.
    pub log: Option<Log>,
    /// Where renders run apart from the server; in the server itself when unset.
    pub renderer: Option<Renderer>,
}
