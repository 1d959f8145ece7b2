//! The document as a folder: `tng.json` (the header and the section list) and one
//! JSON file per section under `sections/`, beside the asset files they name. Extract
//! writes this shape; pack and build read it.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::header::Header;
use super::model::{Document, KeptStream, Section};
use super::write::write;
use crate::error::{Error, Result};
use crate::io::SourceDir;
use crate::limits::Limits;
use crate::PackOutcome;

/// The file that describes the document.
pub const DOCUMENT: &str = "tng.json";

#[derive(Serialize, Deserialize)]
struct Index {
    header: Header,
    sections: Vec<SectionFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    block: Option<KeptStream>,
}

#[derive(Serialize, Deserialize)]
struct SectionFile {
    #[serde(flatten)]
    section: Section,
    file: String,
}

/// Where section `i` is written.
pub fn section_file(i: usize, s: &Section) -> String {
    format!("sections/{i:02}-{}.json", s.kind_name())
}

/// `tng.json` and the section files, as (path, bytes).
pub fn to_files(doc: &Document) -> Result<Vec<(String, Vec<u8>)>> {
    let index = Index {
        header: doc.header.clone(),
        sections: doc
            .sections
            .iter()
            .enumerate()
            .map(|(i, s)| SectionFile {
                section: s.clone(),
                file: section_file(i, s),
            })
            .collect(),
        block: doc.block.clone(),
    };
    let mut files = vec![(DOCUMENT.to_string(), pretty(&index)?)];
    for (i, s) in doc.sections.iter().enumerate() {
        files.push((section_file(i, s), pretty(&s.body)?));
    }
    Ok(files)
}

fn pretty<T: Serialize>(v: &T) -> Result<Vec<u8>> {
    let mut b = serde_json::to_vec_pretty(v).map_err(|e| Error::at(DOCUMENT, e.to_string()))?;
    b.push(b'\n');
    Ok(b)
}

/// Reads a folder's document.
fn load(dir: &SourceDir) -> Result<Document> {
    let index: Index = crate::folder_json::from_slice(&dir.shown(DOCUMENT), &dir.read(DOCUMENT)?)?;
    let sections = index
        .sections
        .into_iter()
        .map(|f| {
            let body = crate::folder_json::from_slice(&dir.shown(&f.file), &dir.read(&f.file)?)?;
            Ok(Section { body, ..f.section })
        })
        .collect::<Result<_>>()?;
    Ok(Document {
        header: index.header,
        sections,
        block: index.block,
    })
}

/// Builds a .tng from a folder of this shape.
pub fn build(dir: &Path, limits: &Limits) -> Result<PackOutcome> {
    made(&SourceDir::open(dir)?, limits)
}

/// Rebuilds a .tng from a folder extract wrote.
pub fn pack(dir: &SourceDir, limits: &Limits) -> Result<PackOutcome> {
    crate::manifest::require_whole(dir)?;
    made(dir, limits)
}

fn made(dir: &SourceDir, limits: &Limits) -> Result<PackOutcome> {
    let bytes = write(&load(dir)?, &|name| dir.read(name))?;
    super::views::compare(dir, &bytes, limits)?;
    Ok(PackOutcome {
        bytes,
        reencoded: Vec::new(),
        unused: dir.unused("neither tng.json nor its sections name it"),
        companions: Vec::new(),
        warnings: Vec::new(),
        code_warnings: Vec::new(),
    })
}

/// Whether a folder holds a TirNanoG document: anything by its name but a folder, so
/// that one that is not a regular file is refused by reading it, not taken for
/// another kind of source.
pub fn is_source(dir: &Path) -> bool {
    std::fs::metadata(dir.join(DOCUMENT)).is_ok_and(|m| !m.is_dir())
}
