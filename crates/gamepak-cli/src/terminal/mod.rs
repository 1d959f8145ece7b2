//! The one way text reaches standard output and standard error.
//!
//! Every line is escaped here, piece by piece, so no verb can forget it: a name,
//! string or message taken from a file cannot move the cursor, set the terminal's
//! title, forge a line of output or reorder what is shown (see [`escape`]). Only what
//! this module adds itself goes out raw: the newline that ends a line, and colour.
//! JSON lines keep their exact values (see [`json`]). The binary denies `println!`
//! and `eprintln!` everywhere else (clippy's print_stdout and print_stderr).
//!
//! Bytes a verb writes as data (`extract`'s or `pack`'s `-o -`), the manual and
//! shell completions are not text from a file, and do not pass through here;
//! nor does GML or assembly printed to a file or a pipe (see [`data`]).

mod escape;
mod json;

pub use escape::{escape, width};

use crate::style::{paint, Stream};
use gamepak::Severity;

/// A piece of a line: text as it is, or a word in the colour of a severity.
pub enum Piece<'a> {
    Text(&'a str),
    Painted(Severity, &'a str),
}

/// Prints one line on `stream`: each piece escaped, painted ones coloured when the
/// stream gets colour.
#[allow(clippy::print_stdout, clippy::print_stderr)]
pub fn line(stream: Stream, pieces: &[Piece<'_>]) {
    let mut shown = String::new();
    for piece in pieces {
        match *piece {
            Piece::Text(text) => shown.push_str(&escape(text)),
            Piece::Painted(severity, text) => {
                shown.push_str(&paint(stream, severity, &escape(text)));
            }
        }
    }
    match stream {
        Stream::Stdout => println!("{shown}"),
        Stream::Stderr => eprintln!("{shown}"),
    }
}

/// Prints one line of text on standard output, escaped.
pub fn out(text: impl AsRef<str>) {
    line(Stream::Stdout, &[Piece::Text(text.as_ref())]);
}

/// Prints one line of a file's content as data (GML, assembly): exactly as it
/// is where standard output is a file or a pipe, so that `decompile > x.gml`
/// holds the game's text; escaped on a terminal, as all text is.
#[allow(clippy::print_stdout)]
pub fn data(text: impl AsRef<str>) {
    use std::io::IsTerminal;
    if std::io::stdout().is_terminal() {
        out(text);
    } else {
        println!("{}", text.as_ref());
    }
}

/// Prints one line of text on standard error, escaped.
pub fn err(text: impl AsRef<str>) {
    line(Stream::Stderr, &[Piece::Text(text.as_ref())]);
}

/// Prints `value` as one line of JSON on standard output.
#[allow(clippy::print_stdout)]
pub fn json_line(value: &impl serde::Serialize) {
    println!("{}", json::line(value));
}
