//! Shared output helpers: exit codes, JSON lines, progress bars, opening inputs.

use std::io::IsTerminal;
use std::path::Path;

use crate::style::Stream;
use crate::terminal::{self, out, Piece};
use gamepak::limits::Limits;
use gamepak::report::Problem;
use gamepak::{Error, Format, Handler, Options, Partial, Severity, Source};

/// What every verb shares: how talkative to be, and the library's options.
pub struct Global {
    pub verbose: bool,
    /// Errors and the data a verb exists to print only: no warnings, notes,
    /// summaries or progress.
    pub quiet: bool,
    pub options: Options,
    /// The opcode table --opcodes named, which a worker this run starts must read
    /// too.
    pub opcodes: Option<std::path::PathBuf>,
}

impl Global {
    /// The run's options for the input at `path`, so that a format can find the
    /// files that belong beside it (standard input has none).
    pub fn options_for(&self, path: &Path) -> Options {
        Options {
            input: (path.as_os_str() != "-").then(|| path.to_path_buf()),
            ..self.options.clone()
        }
    }
}

/// What a verb reports back to `main`, ordered so that the worst outcome of several
/// files is their maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok = 0,
    /// A file breaks its format.
    Problems = 1,
    /// A file could not be read or written, or the request was wrong.
    Failed = 2,
}

impl Status {
    /// The status an error ends a file's work with: I/O and usage errors are exit 2;
    /// an input that breaks its format is exit 1.
    pub fn of(e: &Error) -> Status {
        if e.is_request_fault() {
            Status::Failed
        } else {
            Status::Problems
        }
    }
}

/// Prints an error on stderr, in red on a terminal.
pub fn print_error(message: &str) {
    // A message of several lines (a source line and a caret under the place it
    // names) goes on as indented lines, each escaped, so that no line of it can
    // pass for one of ours.
    let mut lines = message.split('\n');
    let first = format!("gamepak: {}", lines.next().unwrap_or(""));
    terminal::line(Stream::Stderr, &[Piece::Painted(Severity::Error, &first)]);
    for more in lines {
        terminal::line(Stream::Stderr, &[Piece::Text(&format!("  {more}"))]);
    }
}

/// Prints an error that ends one file's work among several, and says how it counts.
pub fn report_error(e: &Error) -> Status {
    print_error(&e.to_string());
    Status::of(e)
}

/// Prints on stderr what kept part of a file from being read, each problem with its
/// place in the file: errors as errors, anything milder as a warning.
pub fn print_unread(path: &Path, problems: &[Problem], global: &Global) {
    for p in problems {
        let line = format!("{}: {}", path.display(), p.located());
        match p.severity {
            Severity::Error => print_error(&line),
            _ => warn(global, &line),
        }
    }
}

/// The status of a file read in part: problems when anything could not be read.
pub fn status_of<T>(read: &Partial<T>) -> Status {
    if read.is_whole() {
        Status::Ok
    } else {
        Status::Problems
    }
}

/// Prints `gamepak: warning: ...` on stderr, unless the run is quiet.
pub fn warn(global: &Global, message: &str) {
    if !global.quiet {
        terminal::line(
            Stream::Stderr,
            &[
                Piece::Text("gamepak: "),
                Piece::Painted(Severity::Warning, "warning:"),
                Piece::Text(&format!(" {message}")),
            ],
        );
    }
}

/// A warning at a place in source code: `warn`'s line, then the source line and
/// a caret under the place, each line escaped on its own.
pub fn warn_at(global: &Global, d: &gamepak::Diagnostic) {
    warn(global, &d.message);
    if global.quiet {
        return;
    }
    if let (Some(line), Some(caret)) = (&d.line, d.caret()) {
        terminal::line(Stream::Stderr, &[Piece::Text(&format!("  {line}"))]);
        terminal::line(Stream::Stderr, &[Piece::Text(&format!("  {caret}"))]);
    }
}

/// Writes a verb's output where `-o` points, claimed beforehand, and says so (unless
/// quiet): on standard output, or on standard error when the bytes themselves went to
/// standard output.
pub fn written(
    target: gamepak::io::OutputFile,
    bytes: &[u8],
    detail: &str,
    global: &Global,
) -> Result<Status, Error> {
    let path = target.path().to_path_buf();
    target.write(bytes)?;
    if global.quiet {
        return Ok(Status::Ok);
    }
    let line = format!("{}: {} bytes{detail}", path.display(), bytes.len());
    if path.as_os_str() == "-" {
        terminal::err(line);
    } else {
        out(line);
    }
    Ok(Status::Ok)
}

/// Names on stderr every file of a source folder that pack or build did not use.
pub fn warn_unused(folder: &Path, unused: &[gamepak::io::Unused], global: &Global) {
    for u in unused {
        warn(global, &format!("{}: {u}", folder.display()));
    }
}

pub use terminal::json_line;

/// One JSON record about a file: `"file"` first, then the record's own fields.
#[derive(serde::Serialize)]
pub struct FileRecord<'a, T: serde::Serialize> {
    #[serde(serialize_with = "lossy_path")]
    pub file: &'a Path,
    #[serde(flatten)]
    pub record: T,
}

/// A path as JSON text. A name that is not UTF-8 (Linux allows any bytes but `/`)
/// shows its invalid bytes as U+FFFD: JSON strings cannot hold them, and refusing
/// to describe such a file would help nobody.
fn lossy_path<S: serde::Serializer>(path: &&Path, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&path.to_string_lossy())
}

/// The bytes of an input: the file, or standard input for `-`, read under `limits`.
pub fn read_input(path: &Path, limits: &Limits) -> Result<Source, Error> {
    if path.as_os_str() == "-" {
        let stdin = std::io::stdin().lock();
        return gamepak::io::read_stream(stdin, path, limits).map(Source::Owned);
    }
    Source::open(path, limits)
}

/// An input file, read, with its detected format and handler.
pub struct Opened {
    pub data: Source,
    pub format: Format,
    pub handler: &'static dyn Handler,
}

/// Opens a file and finds what can read it, or explains why nothing can.
pub fn open(path: &Path, limits: &Limits) -> Result<Opened, Error> {
    recognised(read_input(path, limits)?, path)
}

/// [`open`] for a verb that reads headers and tables only (`identify`, `info`,
/// `list`): the map is told so before detection touches it, since each page a probe
/// faults in would otherwise bring a read-ahead window of the file with it.
pub fn open_for_tables(path: &Path, limits: &Limits) -> Result<Opened, Error> {
    recognised(read_for_tables(path, limits)?, path)
}

/// [`read_input`] for a verb that reads headers and tables only.
pub fn read_for_tables(path: &Path, limits: &Limits) -> Result<Source, Error> {
    let data = read_input(path, limits)?;
    data.read_sparsely();
    Ok(data)
}

/// The format of `data` (read from `path`) and the handler that reads it.
fn recognised(data: Source, path: &Path) -> Result<Opened, Error> {
    let (format, handler) = gamepak::recognise(&data, &path.display().to_string())?;
    Ok(Opened {
        data,
        format,
        handler,
    })
}

/// A progress bar on stderr, only when stderr is a terminal and the run is not
/// quiet. Its length is set as the work reports it.
pub fn progress_bar(what: &str, global: &Global) -> Option<indicatif::ProgressBar> {
    if global.quiet || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta})")
            .expect("static template")
            .progress_chars("=> "),
    );
    bar.set_message(terminal::escape(what).into_owned());
    Some(bar)
}

/// A spinner on a terminal: files done, bytes and the rate.
pub fn scan_spinner(global: &Global) -> Option<indicatif::ProgressBar> {
    if global.quiet || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} scanning: {pos} files, {msg} ({per_sec}, {elapsed})",
        )
        .expect("static template"),
    );
    Some(bar)
}

/// `n` bytes in words: `12.3 MB`.
fn human_bytes(n: u64) -> String {
    match n {
        n if n >= 1 << 30 => format!("{:.1} GB", n as f64 / f64::from(1u32 << 30)),
        n if n >= 1 << 20 => format!("{:.1} MB", n as f64 / f64::from(1u32 << 20)),
        n if n >= 1 << 10 => format!("{:.1} KB", n as f64 / 1024.0),
        n => format!("{n} bytes"),
    }
}

/// Shows `files` and `bytes` done on a scan's spinner.
pub fn scan_tick(bar: Option<&indicatif::ProgressBar>, files: u64, bytes: u64) {
    if let Some(b) = bar {
        b.set_position(files);
        b.set_message(human_bytes(bytes));
    }
}

/// Human rendering of a JSON object: `key: value`, nested objects indented.
pub fn print_tree(v: &serde_json::Value, indent: usize) {
    let pad = " ".repeat(indent);
    match v {
        serde_json::Value::Object(map) => {
            for (k, val) in map {
                match val {
                    serde_json::Value::Object(_) => {
                        out(format!("{pad}{k}:"));
                        print_tree(val, indent + 2);
                    }
                    serde_json::Value::Array(items)
                        if items.iter().all(|i| i.is_string()) && one_line(val).len() > 80 =>
                    {
                        out(format!("{pad}{k}:"));
                        for item in items {
                            out(format!("{pad}  - {}", one_line(item)));
                        }
                    }
                    serde_json::Value::Array(items) if items.iter().any(|i| i.is_object()) => {
                        out(format!("{pad}{k}: ({} items)", items.len()));
                        for item in items {
                            out(format!("{pad}  - {}", one_line(item)));
                        }
                    }
                    _ => out(format!("{pad}{k}: {}", field(k, val))),
                }
            }
        }
        other => out(format!("{pad}{}", one_line(other))),
    }
}

/// A field as text: an offset in hex, as a hex view shows it (JSON gives every
/// number as a number), anything else as [`one_line`] does.
fn field(key: &str, v: &serde_json::Value) -> String {
    match v.as_u64() {
        Some(n) if key == "offset" || key.ends_with("_offset") => format!("{n:#x}"),
        _ => one_line(v),
    }
}

fn one_line(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Object(map) => map
            .iter()
            .map(|(k, v)| format!("{k}={}", field(k, v)))
            .collect::<Vec<_>>()
            .join(" "),
        serde_json::Value::Array(items) => {
            items.iter().map(one_line).collect::<Vec<_>>().join(", ")
        }
        other => other.to_string(),
    }
}
