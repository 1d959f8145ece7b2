//! `gamepak serve`: a local web app showing the files given on the command line,
//! in any of gamepak's formats: each file's `info`, its entries as a tree, previews
//! (pictures, sprites, pages with their frames, sounds, code, strings, tables), the
//! `check` report linked to a hex view, and every entry as `extract` would write it.
//! A scan's report, or a folder (scanned as the server starts), shows as a table
//! of its files, sorted and filtered as asked, each opening the view above.
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
//! It stays bounded under load: heavy work runs on a few threads behind a line of
//! bounded length (past it a request is answered 503 with Retry-After), identical
//! renders at once are rendered once, kept renders are bounded in bytes, and a
//! connection that sends no whole header within [`HEADER_TIMEOUT`] is closed.
//!
//! The page is plain HTML, CSS and JavaScript embedded in the binary.

mod api;
mod cache;
mod collection;
mod config;
mod files;
mod gather;
mod guard;
mod listen;
mod page;
mod pool;
mod refusal;
mod render;
mod state;
mod worker;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

pub use config::{Config, Log};
pub use files::{Location, Served};
pub use listen::HEADER_TIMEOUT;
pub use worker::{render_to, Renderer, RENDER_TIME};

use state::State;

/// The most pieces of heavy work (renders, checks, listings) running at once,
/// whatever the machine: each holds an entry's rendering in memory.
const MAX_WORKERS: usize = 4;
/// The most waiting for one of them; past that a request is answered 503.
const QUEUE: usize = 64;

/// Opens the files (scanning the folders given), listens, tells `ready` the URL
/// to open, and serves until the process is stopped. A file given that cannot be
/// opened or recognised is an error before anything listens; a file of a
/// collection is opened when the page asks for it.
pub fn run(config: Config, ready: impl FnOnce(&str)) -> gamepak::Result<()> {
    let gathered = gather::gather(&config.files, &config.options, config.scanning.as_deref())?;
    let (collection, locations) = gathered
        .collection
        .map_or((None, Vec::new()), |(c, l)| (Some(c), l));
    let files = Served::new(&gathered.given, locations, &config.options)?;
    files.list_given();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let pool = pool::Pool::new(cores.min(MAX_WORKERS), QUEUE);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // The pool runs no more than this at once; nothing else blocks.
        .max_blocking_threads(pool.workers())
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
            collection,
            renders: Arc::default(),
            pool,
            token,
            port: addr.port(),
            log: config.log,
            renderer: config.renderer,
            max_render: config.options.limits.max_alloc,
        });
        listen::serve(listener, api::router(state), config.header_timeout).await;
        Ok(())
    })
}
