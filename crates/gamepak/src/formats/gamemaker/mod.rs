//! GameMaker data.win / game.unx / game.ios: a `FORM` container of chunks, `MROF` when
//! big-endian.

pub mod audo;
mod check;
pub mod container;
mod detect;
mod extract;
pub mod game;
pub mod gen8;
mod info;
pub mod items;
mod manifest;
mod pack;
pub mod pages;
pub mod refs;
pub mod sond;
pub mod sprites;
pub mod strg;
pub mod synth;
pub mod tpag;
pub mod txtr;
pub mod version;

pub use detect::probe;

use std::path::Path;

use crate::{Entry, ExtractOptions, ExtractSummary, Handler, PackOutcome, Report, Result};

/// GameMaker's implementation of the format operations.
pub struct GameMakerHandler;

impl Handler for GameMakerHandler {
    fn info(&self, data: &[u8]) -> Result<serde_json::Value> {
        Ok(info::info(&game::read(data)?))
    }

    fn list(&self, data: &[u8]) -> Result<Vec<Entry>> {
        Ok(items::items(&game::read(data)?)
            .into_iter()
            .map(|(e, _)| e)
            .collect())
    }

    fn check(&self, data: &[u8]) -> Report {
        check::check(data)
    }

    fn extract(&self, data: &[u8], out: &Path, opts: &ExtractOptions) -> Result<ExtractSummary> {
        extract::extract(&game::read(data)?, out, opts)
    }

    fn pack(&self, dir: &Path) -> Result<PackOutcome> {
        pack::pack(dir)
    }
}
