//! Sprites and backgrounds as the verbs see them (the model reads SPRT and BGND):
//! a name and the TPAG items of its frames. Only bitmap sprites have frames.

#[derive(Debug, Clone, Default)]
pub struct Frames {
    /// Empty, with no items, for a null slot, which keeps the index of the rest.
    pub name: String,
    /// Absolute offsets of TPAG items; 0 for none.
    pub items: Vec<u32>,
    /// The frame size a sprite states; `None` for a background.
    pub size: Option<(u32, u32)>,
}
