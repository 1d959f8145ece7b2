//! One module per verb.

pub mod build;
mod build_watch;
pub mod check;
pub mod compile;
pub mod completions;
pub mod decompile;
pub mod extract;
pub mod identify;
pub mod info;
pub mod list;
pub mod man;
pub mod pack;
pub mod render_entry;
pub mod serve;
