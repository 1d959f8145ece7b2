//! UILR, the UI layers (2024.13 and later): a pointer list of nodes. A node's layout
//! (its type, a pointer to its data, its children, and data of eight kinds with
//! flex-box properties) is not modelled: a file whose UILR holds a node keeps the
//! chunk as stored, and says so.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, Wire};

/// UILR: the UI layers (2024.13 and later).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct UiLayers {
    /// The nodes by index; `None` for a null slot. Only a list with no nodes reads:
    /// one with a node keeps the chunk as stored.
    pub nodes: Vec<Option<UiNode>>,
}

/// A UI node, which the model does not read.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct UiNode;

impl<'a> Record<'a> for UiLayers {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("node", &mut self.nodes)
    }
}

impl<'a> Record<'a> for UiNode {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        Err(w.unlike_gamemaker(w.offset(), "UI layer nodes are not modelled".into()))
    }
}
