use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use crate::output::{Global, Status};
use gamepak::Error;

/// Browse files in a local web page: entries, previews, check report, bytes.
///
/// Starts a read-only web app on 127.0.0.1 and prints its URL first on standard
/// output, with a random token every request needs. The page shows each file's
/// info, its entries as a tree with a filter by name and kind, previews (pictures,
/// sprites played at their speed, texture pages with their frames, sounds, code,
/// strings, tables), the check report linked to a hex view, and a download of any
/// entry as `extract` would write it. Nothing is written to disk, and only the
/// files named here can be read. With --verbose it prints a line for each entry it
/// renders. Ctrl-C stops it.
///
/// Example: gamepak serve data.win --open
///
/// Example: gamepak serve images.gbin demo.tng --port 8080
#[derive(clap::Args)]
pub struct Args {
    /// Files to show, in any format gamepak reads.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Port to listen on, on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Open the page in the system's browser.
    #[arg(long)]
    open: bool,
    /// How long, in milliseconds, a connection may take to send a request's
    /// header or stay idle between requests (tests shorten it).
    #[arg(long, hide = true, value_name = "MS")]
    header_timeout_ms: Option<u64>,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let config = gamepak_serve::Config {
        files: args.files,
        port: args.port,
        open: args.open,
        options: global.options.clone(),
        header_timeout: args
            .header_timeout_ms
            .map_or(gamepak_serve::HEADER_TIMEOUT, Duration::from_millis),
        log: global.verbose.then(|| {
            // Not eprintln!, which panics when standard error has gone.
            Box::new(|line: &str| {
                let _ = writeln!(std::io::stderr(), "{line}");
            }) as gamepak_serve::Log
        }),
    };
    let quiet = global.quiet;
    gamepak_serve::run(config, |url| {
        // The URL is the first line, flushed at once: scripts read it to connect.
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{url}");
        let _ = out.flush();
        if !quiet {
            crate::terminal::err("serving on 127.0.0.1, read-only; Ctrl-C stops it");
        }
    })?;
    Ok(Status::Ok)
}
