//! Which files of an extracted folder are assets, by format. Some record the
//! folder's layout (the manifest, its guide, GameMaker's stored code bytes): a
//! patch carries them only to rebuild its target exactly. Some GameMaker files
//! follow from others: the strings, variables, functions and scripts the code
//! uses and each entry's assembly beside its GML follow the code (so the struct
//! and anonymous functions two mods add are numbered afresh when the merged code
//! compiles, and never collide), and the texture pages
//! and their items follow the frames painted on them. pack makes them again when
//! what they follow changes, so a patch applied to another version leaves them as
//! that version has them (a page edited by hand, not through its frames, does not
//! carry to another version).

use super::keys::asset_key;
use crate::Format;

/// Whether the file at `path` records the folder's layout rather than an asset.
pub fn is_layout(format: Format, path: &str) -> bool {
    path == crate::manifest::MANIFEST_NAME
        || path == "README.md"
        || (format == Format::GameMaker && path.starts_with("raw/"))
}

/// Whether the file at `path` follows from other files of its folder (`has` says
/// which files the folder holds): a GameMaker entry's assembly where its GML is
/// beside it, the tables of strings, texts, variables, functions, scripts and
/// code entries that compiling fills, and the texture pages and items frames are painted on.
pub fn follows(format: Format, path: &str, has: impl Fn(&str) -> bool) -> bool {
    if format != Format::GameMaker {
        return false;
    }
    if let Some(stem) = path.strip_suffix(".asm") {
        return has(&format!("{stem}.gml"));
    }
    let key = asset_key(path);
    key.starts_with("textures/")
        || matches!(
            key.as_str(),
            "strings.json"
                | "text.json"
                | "scripts.json"
                | "global_scripts.json"
                | "variables.json"
                | "functions.json"
                | "code.json"
                | "texture_items.json"
        )
}
