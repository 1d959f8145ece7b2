//! The parser on the real projects' GML: every `.gml` file of every fixture project
//! parses, and what it parses to prints as text that parses back to the same tree.

use std::path::Path;

use crate::common;

use gamepak::formats::gamemaker::gml::parse::parse_with;
use gamepak::formats::gamemaker::gml::print::{print, Style};

/// How a file's strings read: without escapes in a GameMaker: Studio 1 project
/// (one holding a `.project.gmx`), with them after.
fn style_for(file: &Path, root: &Path) -> Style {
    let studio1 = file.ancestors().take_while(|d| *d != root).any(|d| {
        std::fs::read_dir(d).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|e| e.file_name().to_string_lossy().ends_with(".project.gmx"))
        })
    });
    Style { escapes: !studio1 }
}

#[test]
fn every_real_gml_file_parses_and_prints_back() {
    let Some(root) = common::fixture_dir("gml sources", "gamemaker-sources") else {
        return;
    };
    let files = common::files_ending(&root, ".gml");
    let mut failures = Vec::new();
    for file in &files {
        let name = file.strip_prefix(&root).unwrap().display().to_string();
        let text = String::from_utf8_lossy(&std::fs::read(file).unwrap()).into_owned();
        let style = style_for(file, &root);
        let tree = match parse_with(&text, style) {
            Ok(tree) => tree,
            Err(e) => {
                failures.push(format!("{name}:{e}"));
                continue;
            }
        };
        let printed = print(&tree, style);
        let again = parse_with(&printed, style)
            .unwrap_or_else(|e| panic!("{name} printed does not parse:{e}\n{printed}"));
        assert!(again == tree, "{name}: printed, it parses to another tree");
        assert_eq!(print(&again, style), printed, "{name}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} files fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
    println!("{} real .gml files parse", files.len());
}
