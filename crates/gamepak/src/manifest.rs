//! The `gamepak.toml` manifest that `extract` writes and `pack` reads.
//!
//! Every manifest starts with the same fields (format, tool version, source name and
//! size); what follows belongs to the format.

use serde::{de::DeserializeOwned, Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::io::SourceDir;
use crate::Format;

/// File name of the manifest at the top of an extracted folder.
pub const MANIFEST_NAME: &str = "gamepak.toml";

/// Why pack left out a file of an extracted folder, when nothing more is known.
pub const UNNAMED: &str = "gamepak.toml does not name it";

#[derive(Debug, Serialize, Deserialize)]
struct Common {
    format: Format,
}

/// The format a manifest folder was extracted from.
pub fn read_format(dir: &SourceDir) -> Result<Format> {
    let c: Common = read(dir)?;
    Ok(c.format)
}

/// Reads and parses the manifest of an extracted folder.
pub fn read<T: DeserializeOwned>(dir: &SourceDir) -> Result<T> {
    read_at(dir, MANIFEST_NAME)
}

/// Reads and parses a manifest at `name` inside a folder (one extracted beside
/// another, such as a game's audio groups).
pub fn read_at<T: DeserializeOwned>(dir: &SourceDir, name: &str) -> Result<T> {
    let doc = dir.read_toml(name)?;
    // The parsed table carries no lines, so a refusal is said again from the text,
    // where the parser can point at the line.
    T::deserialize(doc.table.clone())
        .or_else(|_| crate::toml_text::parse(&doc.text, &dir.shown(name)))
}

/// Writes a manifest into an extraction's output folder.
pub fn write_into<T: Serialize>(out: &crate::io::OutputFolder, manifest: &T) -> Result<()> {
    write_commented(out, manifest, &[])
}

/// [`write_into`], with each comment of `comments` written before the first line
/// that starts with its key (`[[chunks]]`, `format = `), as `#` lines.
pub fn write_commented<T: Serialize>(
    out: &crate::io::OutputFolder,
    manifest: &T,
    comments: &[(&str, &str)],
) -> Result<()> {
    let text = toml::to_string(manifest).map_err(|e| Error::at(MANIFEST_NAME, e.to_string()))?;
    let text = commented(&text, comments);
    out.write(
        &crate::io::EnclosedPath::new(MANIFEST_NAME),
        text.as_bytes(),
    )
}

/// The manifest of a format whose document lives beside it (SWAG's `swag.toml`,
/// TirNanoG's `tng.json`): only whether the folder is whole.
#[derive(Debug, Serialize, Deserialize)]
pub struct Folder {
    /// The format the folder was extracted from.
    pub format: Format,
    /// `--only` left entries out: the folder cannot be packed.
    pub partial: bool,
}

/// Refuses a folder that `--only` left incomplete.
pub fn require_whole(dir: &SourceDir) -> Result<()> {
    let m: Folder = read(dir)?;
    if m.partial {
        return Err(Error::at(
            MANIFEST_NAME,
            "this folder was extracted with --only and lacks entries: extract it whole to pack it",
        ));
    }
    Ok(())
}

/// `text` with each comment before the first line starting with its key.
fn commented(text: &str, comments: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut done = vec![false; comments.len()];
    for line in text.lines() {
        for (k, (key, comment)) in comments.iter().enumerate() {
            if !done[k] && line.starts_with(key) {
                done[k] = true;
                for c in comment.lines() {
                    out.push_str("# ");
                    out.push_str(c.trim_start());
                    out.push('\n');
                }
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}
