//! `gamepak serve`: a local web app showing the files given on the command line,
//! in any of gamepak's formats: each file's `info`, its entries as a tree, previews
//! (pictures, sprites, pages with their frames, sounds, code, strings, tables), the
//! `check` report linked to a hex view, and every entry as `extract` would write it.
//!
//! It is read-only and local:
//! - it listens on 127.0.0.1 alone, on the port asked for or any free one;
//! - every request but the page itself carries the random token printed in the URL;
//! - a request whose Host header is not that address and port is refused, which
//!   stops a page elsewhere from reaching it through DNS rebinding;
//! - the browser names files by their place on the command line and entries by
//!   their path inside a file, never a path on disk, and nothing is written: an
//!   entry is rendered into memory (see [`gamepak::io::MemoryFolder`]).
//!
//! The page is plain HTML, CSS and JavaScript embedded in the binary.

mod api;
mod cache;
mod files;
mod guard;
mod page;
mod render;

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

pub use files::Served;

/// What to serve, and where.
pub struct Config {
    pub files: Vec<PathBuf>,
    /// 0 for any free port.
    pub port: u16,
    /// Open the system's browser at the URL.
    pub open: bool,
    pub options: gamepak::Options,
}

/// What every request handler sees.
pub(crate) struct State {
    pub files: Served,
    pub renders: cache::Renders,
    pub token: String,
    pub port: u16,
}

/// Opens the files, listens, tells `ready` the URL to open, and serves until the
/// process is stopped. A file that cannot be opened or recognised is an error
/// before anything listens.
pub fn run(config: Config, ready: impl FnOnce(&str)) -> gamepak::Result<()> {
    let files = Served::open(&config.files, config.options)?;
    files.list_all();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| gamepak::Error::io("the server's runtime", e))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, config.port))
            .await
            .map_err(|e| gamepak::Error::io(format!("127.0.0.1:{}", config.port), e))?;
        let addr: SocketAddr = listener
            .local_addr()
            .map_err(|e| gamepak::Error::io("the listening socket", e))?;
        let token = guard::new_token()?;
        let url = format!("http://{addr}/?token={token}");
        ready(&url);
        if config.open {
            // A browser that cannot be started is no reason to stop serving.
            let _ = webbrowser::open(&url);
        }
        let state = Arc::new(State {
            files,
            renders: cache::Renders::default(),
            token,
            port: addr.port(),
        });
        axum::serve(listener, api::router(state))
            .await
            .map_err(|e| gamepak::Error::io(addr.to_string(), e))
    })
}
