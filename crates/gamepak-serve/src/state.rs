//! What every request handler sees.

use std::sync::Arc;

use crate::cache;
use crate::collection::Collection;
use crate::config::Log;
use crate::files::Served;
use crate::pool;
use crate::refusal::Refusal;
use crate::worker::Renderer;

/// The server's state, shared by every request.
pub(crate) struct State {
    pub files: Served,
    /// The table of a scan's report or a folder's files, when one was given.
    pub collection: Option<Collection>,
    pub renders: Arc<cache::Renders<Refusal>>,
    pub pool: pool::Pool,
    pub token: String,
    pub port: u16,
    pub log: Option<Log>,
    pub renderer: Option<Renderer>,
    /// The most bytes one render may give.
    pub max_render: u64,
}
