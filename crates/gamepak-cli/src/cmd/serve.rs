use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use crate::output::{Global, Status};
use gamepak::Error;

/// Browse files in a local web page: entries, previews, check, bytes, collections.
///
/// Starts a read-only web app on 127.0.0.1 and prints its URL first on standard
/// output, with a random token every request needs. The page shows each file's
/// info, its entries as a tree with a filter by name and kind, previews (pictures,
/// sprites played at their speed, texture pages with their frames, sounds, code,
/// strings, tables), the check report linked to a hex view, and a download of any
/// entry as `extract` would write it.
///
/// A scan's report (`gamepak scan -o REPORT.jsonl`), or a folder, which is scanned
/// first as `gamepak scan` would, shows as a table of its files: sorted by any
/// column, filtered by path, format, status and GameMaker family, each file of
/// ours opening the view above (files inside archives too). A report's relative
/// paths are read from here, or else beside the report.
///
/// Nothing is written to disk, and only the files named here, or by the reports
/// and folders named here, can be read. With --verbose it prints a line for each
/// entry it renders. Ctrl-C stops it.
///
/// Example: gamepak serve data.win --open
///
/// Example: gamepak serve images.gbin demo.tng --port 8080
///
/// Example: gamepak scan ~/archive -o report.jsonl && gamepak serve report.jsonl
#[derive(clap::Args)]
pub struct Args {
    /// Files in any format gamepak reads, scans' reports, or folders to scan.
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
    /// How long, in milliseconds, one entry's render may take before it is
    /// stopped and answered with an error (tests shorten it).
    #[arg(long, hide = true, value_name = "MS")]
    render_timeout_ms: Option<u64>,
    /// The address space one render may take beyond its file, in MiB (tests
    /// shrink it).
    #[arg(long, hide = true, value_name = "MIB")]
    render_memory_mib: Option<u64>,
    #[command(flatten)]
    pub table: super::opcode_table::OpcodeTable,
}

/// A render's address space beyond its file and twice --max-alloc: room for the
/// program, its threads' stacks and its working set.
const RENDER_MEMORY: u64 = 3 << 30;

/// Each render runs in a `render-entry` worker of this very program, with the
/// run's limits: an entry that crashes, hangs or exhausts its worker costs that
/// entry, never the server.
fn renderer(args: &Args, global: &Global) -> Result<gamepak_serve::Renderer, Error> {
    let program = std::env::current_exe().map_err(|e| Error::io("this program", e))?;
    let max_alloc = global.options.limits.max_alloc;
    let mut worker: Vec<std::ffi::OsString> =
        vec!["--max-alloc".into(), max_alloc.to_string().into()];
    worker.push("render-entry".into());
    if let Some(table) = &global.opcodes {
        worker.extend(["--opcodes".into(), table.clone().into_os_string()]);
    }
    Ok(gamepak_serve::Renderer {
        program,
        args: worker,
        time: args
            .render_timeout_ms
            .map_or(gamepak_serve::RENDER_TIME, Duration::from_millis),
        memory: args.render_memory_mib.map_or_else(
            || RENDER_MEMORY.saturating_add(max_alloc.saturating_mul(2)),
            |mib| mib << 20,
        ),
    })
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let renderer = renderer(&args, global)?;
    let scans = args.files.iter().any(|p| p.is_dir());
    // A spinner is a handle to one bar: the clone ticks it, this one clears it.
    let bar = crate::output::scan_spinner(global).filter(|_| scans);
    let ticking = bar.clone();
    let config = gamepak_serve::Config {
        renderer: Some(renderer),
        files: args.files,
        scanning: Some(Box::new(move |files, bytes| {
            crate::output::scan_tick(ticking.as_ref(), files, bytes)
        })),
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
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
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
