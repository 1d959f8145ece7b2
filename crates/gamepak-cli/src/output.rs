//! Shared output helpers: exit codes, JSON lines, progress bars, opening inputs.

use std::io::IsTerminal;
use std::path::Path;

use gamepak::formats::swag::{OpcodeTable, SwagHandler};
use gamepak::{Error, Format, Handler, Source};

/// Options every verb shares.
#[derive(Default)]
pub struct Global {
    pub verbose: bool,
    /// A SWAG opcode table other than the default.
    pub opcodes: Option<OpcodeTable>,
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
    /// The status an error ends a file's work with.
    pub fn of(e: &Error) -> Status {
        if e.is_request_fault() {
            Status::Failed
        } else {
            Status::Problems
        }
    }
}

/// I/O and usage errors are exit 2; an input that breaks its format is exit 1.
pub fn exit_code_for(e: &Error) -> i32 {
    Status::of(e) as i32
}

/// Prints an error that ends one file's work among several, and says how it counts.
pub fn report_error(e: &Error) -> Status {
    eprintln!("gamepak: {e}");
    Status::of(e)
}

/// Writes a verb's output where `-o` points and says so: on standard output, or on
/// standard error when the bytes themselves went to standard output.
pub fn written(path: &Path, bytes: &[u8], detail: &str) -> Result<Status, Error> {
    gamepak::io::write_output(path, bytes)?;
    let line = format!("{}: {} bytes{detail}", path.display(), bytes.len());
    if path.as_os_str() == "-" {
        eprintln!("{line}");
    } else {
        println!("{line}");
    }
    Ok(Status::Ok)
}

/// Names on stderr every file of a source folder that pack or build did not use.
pub fn warn_unused(folder: &Path, unused: &[gamepak::io::Unused]) {
    for u in unused {
        eprintln!("gamepak: warning: {}: {u}", folder.display());
    }
}

/// Prints one value as a line of JSON.
pub fn json_line(v: &impl serde::Serialize) {
    println!(
        "{}",
        serde_json::to_string(v).expect("serialising to a string cannot fail")
    );
}

/// An input file, mapped, with its detected format and handler.
pub struct Opened {
    pub data: Source,
    pub format: Format,
    fixed: &'static dyn Handler,
    /// A handler made for this run's options, used instead of `fixed`.
    own: Option<Box<dyn Handler>>,
}

impl Opened {
    pub fn handler(&self) -> &dyn Handler {
        self.own.as_deref().unwrap_or(self.fixed)
    }
}

/// Opens a file and finds what can read it, or explains why nothing can.
pub fn open(path: &Path, global: &Global) -> Result<Opened, Error> {
    let data = Source::open(path)?;
    let d = gamepak::detect(&data);
    let name = path.display().to_string();
    let Some(format) = d.format else {
        let why = d
            .closest
            .map(|c| format!(" (closest: {}, {})", c.format.title(), c.failed))
            .unwrap_or_default();
        return Err(Error::at(
            name,
            format!("not a file gamepak recognises{why}"),
        ));
    };
    let fixed = format.handler().ok_or_else(|| {
        Error::at(
            name,
            format!(
                "identified as {}, but only `identify` supports it so far",
                format.title()
            ),
        )
    })?;
    let own = match (format, &global.opcodes) {
        (Format::Swag, Some(t)) => {
            Some(Box::new(SwagHandler::with_table(t.clone())) as Box<dyn Handler>)
        }
        _ => None,
    };
    Ok(Opened {
        data,
        format,
        fixed,
        own,
    })
}

/// A progress bar on stderr, only when stderr is a terminal.
pub fn progress_bar(total: u64, what: &str) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() || total < 2 {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta})")
            .expect("static template")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    Some(bar)
}

/// Human rendering of a JSON object: `key: value`, nested objects indented.
pub fn print_tree(v: &serde_json::Value, indent: usize) {
    let pad = " ".repeat(indent);
    match v {
        serde_json::Value::Object(map) => {
            for (k, val) in map {
                match val {
                    serde_json::Value::Object(_) => {
                        println!("{pad}{k}:");
                        print_tree(val, indent + 2);
                    }
                    serde_json::Value::Array(items)
                        if items.iter().all(|i| i.is_string()) && one_line(val).len() > 80 =>
                    {
                        println!("{pad}{k}:");
                        for item in items {
                            println!("{pad}  - {}", one_line(item));
                        }
                    }
                    serde_json::Value::Array(items) if items.iter().any(|i| i.is_object()) => {
                        println!("{pad}{k}: ({} items)", items.len());
                        for item in items {
                            println!("{pad}  - {}", one_line(item));
                        }
                    }
                    _ => println!("{pad}{k}: {}", one_line(val)),
                }
            }
        }
        other => println!("{pad}{}", one_line(other)),
    }
}

fn one_line(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Object(map) => map
            .iter()
            .map(|(k, v)| format!("{k}={}", one_line(v)))
            .collect::<Vec<_>>()
            .join(" "),
        serde_json::Value::Array(items) => {
            items.iter().map(one_line).collect::<Vec<_>>().join(", ")
        }
        other => other.to_string(),
    }
}
