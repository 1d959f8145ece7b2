//! OPTN, the game options, in one of two layouts. From GameMaker Studio 2 (and late
//! 1.4) a marker word 0x80000000 and a 2 start it: 64 bits of flags, window scale
//! and colour, colour depth, resolution, frequency, vertex sync, priority, the back,
//! front and loading images (TPAG items), loading alpha, then the constants. Before
//! it, 24 words of flags and settings, the three images, 8 more words, then the
//! constants.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, TpagId, Wire};

/// The word that starts the newer layout.
const NEW: u32 = 0x8000_0000;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Options {
    /// The newer layout's fields, or the older one's words.
    pub layout: Layout,
    pub images: [Option<TpagId>; 3],
    pub constants: Vec<Constant>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    New {
        /// The word after the marker (2).
        version: u32,
        flags: u64,
        window_scale: i32,
        window_colour: u32,
        colour_depth: u32,
        resolution: u32,
        frequency: u32,
        vertex_sync: i32,
        priority: i32,
        load_alpha: u32,
    },
    /// The older layout: the 24 words before the images (fullscreen, interpolation,
    /// new audio, no border, show cursor, scale, sizeable, stay on top, window
    /// colour, change resolution, colour depth, resolution, frequency, no buttons,
    /// vertex sync, the screen, help, quit, save and screenshot keys, close, priority,
    /// freeze, show progress) and the 8 after them (load transparent, load alpha,
    /// scale progress, display, write and abort on errors, variable errors, creation
    /// event order).
    Old { before: Vec<u32>, after: Vec<u32> },
}

impl Default for Layout {
    fn default() -> Self {
        Layout::Old {
            before: vec![0; 24],
            after: vec![0; 8],
        }
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Constant {
    pub name: Option<StrId>,
    pub value: Option<StrId>,
}

/// Checks, when writing, that `v` has the `n` words the layout has room for.
fn check_words<'a, W: Wire<'a>>(w: &mut W, v: &mut Vec<u32>, n: usize) -> Result<()> {
    if w.reading() {
        *v = vec![0; n];
    } else if v.len() != n {
        return Err(w.invalid(
            w.offset(),
            format!("{} words where the layout has {n}", v.len()),
        ));
    }
    Ok(())
}

impl Layout {
    fn new_default() -> Self {
        Layout::New {
            version: 0,
            flags: 0,
            window_scale: 0,
            window_colour: 0,
            colour_depth: 0,
            resolution: 0,
            frequency: 0,
            vertex_sync: 0,
            priority: 0,
            load_alpha: 0,
        }
    }
}

impl<'a> Record<'a> for Options {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        if let Layout::Old { before, after } = &mut self.layout {
            check_words(w, before, 24)?;
            check_words(w, after, 8)?;
        }
        // The marker of the newer layout, or the first of the older one's words.
        let mut first = match &self.layout {
            Layout::New { .. } => NEW,
            Layout::Old { before, .. } => before[0],
        };
        w.u32(&mut first)?;
        if w.reading() && first == NEW {
            self.layout = Layout::new_default();
        }
        match &mut self.layout {
            Layout::New {
                version,
                flags,
                window_scale,
                window_colour,
                colour_depth,
                resolution,
                frequency,
                vertex_sync,
                priority,
                load_alpha,
            } => {
                w.u32(version)?;
                w.u64(flags)?;
                w.i32(window_scale)?;
                w.u32(window_colour)?;
                w.u32(colour_depth)?;
                w.u32(resolution)?;
                w.u32(frequency)?;
                w.i32(vertex_sync)?;
                w.i32(priority)?;
                self.images.iter_mut().try_for_each(|i| w.tpag(i))?;
                w.u32(load_alpha)?;
            }
            Layout::Old { before, after } => {
                before[0] = first;
                before[1..].iter_mut().try_for_each(|x| w.u32(x))?;
                self.images.iter_mut().try_for_each(|i| w.tpag(i))?;
                after.iter_mut().try_for_each(|x| w.u32(x))?;
            }
        }
        w.list("constant", &mut self.constants, 8)
    }
}

impl<'a> Record<'a> for Constant {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.string(&mut self.value)
    }
}
