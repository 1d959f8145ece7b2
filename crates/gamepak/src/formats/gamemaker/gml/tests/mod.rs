//! Construct tests: each pairs assembly, in the disassembly's syntax, with the GML
//! the decompiler must print for it. The assembly is GameMaker's own idiom for the
//! construct in one release family, written by hand after reading the real games'
//! disassembly.

use crate::formats::gamemaker::gml::assembly::decompile_assembly;
use crate::formats::gamemaker::gml::print::{print, Style};

mod accessors;
mod calls;
mod conditionals;
mod control;
mod exits;
mod expressions;
mod functions;
mod literals;
mod loops;
mod operators;
mod snippets;
mod switch;
mod variables;

/// Decompiles `asm` and checks that its first entry prints as `gml`.
#[track_caller]
pub fn check(asm: &str, gml: &str) {
    check_styled(asm, gml, Style::default());
}

/// As [`check`], printing in `style`.
#[track_caller]
pub fn check_styled(asm: &str, gml: &str, style: Style) {
    let entries = decompile_assembly(asm).unwrap_or_else(|e| panic!("{e}"));
    let first = entries.first().expect("an entry");
    let body = first
        .body
        .as_ref()
        .unwrap_or_else(|e| panic!("L{:04x}: {}", e.at, e.why));
    let printed = print(body, style);
    assert_eq!(printed.trim(), unindent(gml).trim(), "\n{printed}");
}

/// `text` without the indent its first line has, so that tests can indent GML
/// inside Rust.
fn unindent(text: &str) -> String {
    let lines: Vec<&str> = text.lines().skip_while(|l| l.trim().is_empty()).collect();
    let indent = lines.first().map_or(0, |l| l.len() - l.trim_start().len());
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or(l.trim_start()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A construct test: `name`, its assembly and the GML expected.
macro_rules! construct {
    ($name:ident, $asm:expr, $gml:expr) => {
        #[test]
        fn $name() {
            super::check($asm, $gml);
        }
    };
}
pub(crate) use construct;
