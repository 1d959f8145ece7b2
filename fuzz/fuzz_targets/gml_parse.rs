//! GML text: any text either fails to parse with an error or parses to a tree that
//! prints as text parsing back to the same tree, and printing that again gives the
//! same text. The first byte picks the strings' style (with escapes or without).
#![no_main]

use gamepak::gamemaker::gml::parse::parse_with;
use gamepak::gamemaker::gml::print::{print, Style};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let style = Style {
        escapes: pick % 2 == 0,
    };
    let Ok(tree) = parse_with(text, style) else {
        return;
    };
    let printed = print(&tree, style);
    let again = parse_with(&printed, style)
        .unwrap_or_else(|e| panic!("the printed tree does not parse:\n{e}\n{printed}"));
    assert!(
        again == tree,
        "printed, the tree parses to another:\n{printed}"
    );
    assert_eq!(print(&again, style), printed);
});
