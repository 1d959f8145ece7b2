//! The neutral view every format offers: entries with kinds, places and sizes; and
//! the one extraction driver every format renders its entries through.

mod entry;
mod extract;
mod one_entry;
pub mod salvage;

pub use entry::{line, Companion, Entry, ExtractOptions, ExtractSummary, Kind, Listing, Progress};
pub use extract::{Extraction, Rendered};
pub use one_entry::render_entry;
pub use salvage::{Damage, Lost};
