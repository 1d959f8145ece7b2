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

/// OPTN's body: the game options, the loading-bar images and the constants.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Options {
    /// The newer layout's fields, or the older one's words.
    pub layout: Layout,
    /// The back, front and loading images of GameMaker 8's loading bar, as texture
    /// items; `None` for none.
    pub images: [Option<TpagId>; 3],
    /// The constants defined in the game's options.
    pub constants: Vec<Constant>,
}

/// The options other than the images and constants, in the newer or the older
/// layout.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// The layout of GameMaker Studio 2 (and late 1.4), after the marker 0x80000000.
    New {
        /// The word after the marker (2).
        version: u32,
        /// Bit flags: 0x1 fullscreen, 0x2 interpolate pixels, 0x4 new audio, 0x8 no border,
        /// 0x10 show the cursor, 0x20 resizable window, 0x40 stay on top, 0x80 change
        /// resolution, 0x100 no buttons, 0x200 screen key, 0x400 help key, 0x800 quit key,
        /// 0x1000 save key, 0x2000 screenshot key, 0x4000 close button, 0x8000 freeze,
        /// 0x10000 show progress, 0x20000 load transparent, 0x40000 scale progress,
        /// 0x80000 display errors, 0x100000 write errors, 0x200000 abort on errors,
        /// 0x400000 variable errors, 0x800000 creation event order, 0x1000000 front touch,
        /// 0x2000000 rear touch, 0x4000000 fast collision, 0x8000000 fast collision
        /// compatibility, 0x10000000 disable sandbox; higher bits switch on behaviours of
        /// newer releases.
        flags: u64,
        /// Scaling: 0 full scale, a negative value keeps the aspect ratio, a positive one is
        /// a fixed percentage.
        window_scale: i32,
        /// The window's colour, a GameMaker 8 setting.
        window_colour: u32,
        /// The colour depth, a GameMaker 8 setting.
        colour_depth: u32,
        /// The screen resolution, a GameMaker 8 setting.
        resolution: u32,
        /// The screen refresh rate, a GameMaker 8 setting.
        frequency: u32,
        /// Whether vertical sync is on.
        vertex_sync: i32,
        /// The game process's priority, a GameMaker 8 setting: the higher, the more.
        priority: i32,
        /// Opacity of the loading image, 0 transparent to 255 opaque.
        load_alpha: u32,
    },
    /// The older layout: the 24 words before the images (fullscreen, interpolation,
    /// new audio, no border, show cursor, scale, sizeable, stay on top, window
    /// colour, change resolution, colour depth, resolution, frequency, no buttons,
    /// vertex sync, the screen, help, quit, save and screenshot keys, close, priority,
    /// freeze, show progress) and the 8 after them (load transparent, load alpha,
    /// scale progress, display, write and abort on errors, variable errors, creation
    /// event order).
    Old {
        /// The 24 words before the images, in the order above.
        before: Vec<u32>,
        /// The 8 words after the images, in the order above.
        after: Vec<u32>,
    },
}

impl Default for Layout {
    fn default() -> Self {
        Layout::Old {
            before: vec![0; 24],
            after: vec![0; 8],
        }
    }
}

/// A constant of the game's options.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Constant {
    /// The constant's name.
    pub name: Option<StrId>,
    /// Its value, as text.
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
