//! AUDO, the embedded audio: a pointer list of clips, each a u32 length and the
//! bytes as stored (WAV, Ogg), each after the first on a 4-byte boundary.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Blob, Record, Wire};

/// AUDO: the audio clips stored in the data file, which sounds name by index.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Audio<'a> {
    /// The clips by index, each the bytes of a WAV or Ogg file as stored; `None` for a
    /// null slot.
    #[serde(skip)]
    pub clips: Vec<Option<Blob<'a>>>,
}

impl<'a> Record<'a> for Audio<'a> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let slots = w.pointers(&mut self.clips)?;
        for (i, (slot_clip, slot)) in self.clips.iter_mut().zip(slots).enumerate() {
            let Some(clip) = slot_clip else { continue };
            let read = w.entry(|w| {
                w.enter("entry", Some(i));
                if i > 0 {
                    w.pad(4)?;
                }
                w.here(slot)?;
                let mut len = clip.len();
                w.count(&mut len, 1)?;
                w.blob(clip, len)?;
                w.leave();
                Ok(())
            })?;
            if !read {
                *slot_clip = None;
            }
        }
        Ok(())
    }
}
