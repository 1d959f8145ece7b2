//! Colour on the terminal: errors red, warnings yellow, decided once per stream.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

use gamepak::Severity;

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Only on a terminal, and only when NO_COLOR is unset or empty.
    Auto,
    Always,
    Never,
}

/// The two streams gamepak writes to.
#[derive(Debug, Clone, Copy)]
pub enum Stream {
    Stdout,
    Stderr,
}

static STDOUT: AtomicBool = AtomicBool::new(false);
static STDERR: AtomicBool = AtomicBool::new(false);

/// Decides, once for the run, whether each stream gets colour.
pub fn init(choice: ColorChoice) {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let wanted = |terminal: bool| match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && !no_color,
    };
    STDOUT.store(wanted(std::io::stdout().is_terminal()), Ordering::Relaxed);
    STDERR.store(wanted(std::io::stderr().is_terminal()), Ordering::Relaxed);
}

/// `text` in the colour of `severity` (notes stay plain), when `stream` gets colour.
pub fn paint(stream: Stream, severity: Severity, text: &str) -> String {
    let on = match stream {
        Stream::Stdout => &STDOUT,
        Stream::Stderr => &STDERR,
    };
    let code = match severity {
        Severity::Error => "31",
        Severity::Warning => "33",
        Severity::Note => return text.to_string(),
    };
    if on.load(Ordering::Relaxed) {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}
