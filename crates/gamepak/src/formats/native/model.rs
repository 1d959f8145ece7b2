//! The container, its metadata, and the role each chunk plays.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// The production bit of the metadata flags.
pub const FLAG_PRODUCTION: u16 = 0x8000;
/// Bytes per sprite frame (7 columns of 16 bits) and per background frame (2).
pub const SPRITE_RECORD: usize = 14;
/// Bytes per background frame: an ID and a duration, 16 bits each.
pub const BACKGROUND_RECORD: usize = 4;
/// Bytes per gain (f32).
pub const GAIN_RECORD: usize = 4;
/// A background frame with no picture.
pub const EMPTY_BACKGROUND: u16 = 0xffff;
/// Every clip is interleaved stereo s16 at this rate.
pub const SAMPLE_RATE: u32 = 44100;
/// Bytes per stereo s16 frame.
pub const PCM_FRAME: usize = 4;

/// Which writer's metadata the file carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// 9 metadata values, audio chunks.
    Current,
    /// The first writer: 6 metadata values, no audio.
    First,
}

impl Layout {
    /// How many u16 values the metadata chunk holds in this layout (9 or 6).
    pub fn values(self) -> usize {
        match self {
            Layout::Current => 9,
            Layout::First => 6,
        }
    }

    /// The layout whose metadata chunk is `len` bytes long (18 or 12); `None` for any other
    /// length.
    pub fn from_meta_len(len: usize) -> Option<Layout> {
        [Layout::Current, Layout::First]
            .into_iter()
            .find(|l| l.values() * 2 == len)
    }
}

/// The three kinds of audio, each with its own count, gain table and clip chunks, in this
/// file order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AudioKind {
    /// Sound effects.
    Sound,
    /// Music tracks.
    Music,
    /// Lines of spoken dialog.
    Dialog,
}

impl AudioKind {
    /// The three kinds in file order: sounds, then music, then dialog.
    pub const ALL: [AudioKind; 3] = [AudioKind::Sound, AudioKind::Music, AudioKind::Dialog];

    /// The folder and table name in an extraction, and the content-folder suffix.
    pub fn plural(self) -> &'static str {
        match self {
            AudioKind::Sound => "sounds",
            AudioKind::Music => "music",
            AudioKind::Dialog => "dialog",
        }
    }

    /// The name of one clip of this kind, for messages and the gain table's path
    /// (`sound_table`).
    pub fn singular(self) -> &'static str {
        match self {
            AudioKind::Sound => "sound",
            AudioKind::Music => "music",
            AudioKind::Dialog => "dialog",
        }
    }
}

/// The metadata chunk. Audio counts are 0 in the first layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Metadata {
    /// Flags: bit 15 ([`FLAG_PRODUCTION`]) set means a production build, whose script and
    /// tables are deflated; no other bit is used.
    pub flags: u16,
    /// Width of the virtual screen, in virtual pixels.
    pub width: u16,
    /// Height of the virtual screen, in virtual pixels.
    pub height: u16,
    /// Number of sprite frames: the rows of the sprite table.
    pub sprite_frames: u16,
    /// Number of background frames: the rows of the background table.
    pub background_frames: u16,
    /// Number of background images: one PNG chunk each, after the background table, which
    /// the background frames' IDs index.
    pub background_ids: u16,
    /// Number of sound effects: entries of the sound gain table and clip chunks after it.
    pub sounds: u16,
    /// Number of music tracks: entries of the music gain table and clip chunks after it.
    pub music: u16,
    /// Number of dialog lines: entries of the dialog gain table and clip chunks after it.
    pub dialog: u16,
}

impl Metadata {
    /// Whether the production flag is set: the script and tables are then deflated.
    pub fn production(&self) -> bool {
        self.flags & FLAG_PRODUCTION != 0
    }

    /// How many clips of this kind the file has.
    pub fn audio(&self, kind: AudioKind) -> u16 {
        match kind {
            AudioKind::Sound => self.sounds,
            AudioKind::Music => self.music,
            AudioKind::Dialog => self.dialog,
        }
    }

    /// How many clips of this kind the file has, to change.
    pub fn audio_mut(&mut self, kind: AudioKind) -> &mut u16 {
        match kind {
            AudioKind::Sound => &mut self.sounds,
            AudioKind::Music => &mut self.music,
            AudioKind::Dialog => &mut self.dialog,
        }
    }

    /// Decodes the metadata chunk: the layout's values as little-endian u16; values the
    /// chunk or the layout lacks are 0.
    pub fn parse(bytes: &[u8], layout: Layout) -> Metadata {
        let mut v = [0u16; 9];
        for (slot, b) in v
            .iter_mut()
            .zip(bytes.chunks_exact(2))
            .take(layout.values())
        {
            *slot = u16::from_le_bytes([b[0], b[1]]);
        }
        let [flags, width, height, sprite_frames, background_frames, background_ids, sounds, music, dialog] =
            v;
        Metadata {
            flags,
            width,
            height,
            sprite_frames,
            background_frames,
            background_ids,
            sounds,
            music,
            dialog,
        }
    }

    /// The metadata chunk as stored: the layout's values as little-endian u16 (no audio
    /// counts in the first layout).
    pub fn to_bytes(&self, layout: Layout) -> Vec<u8> {
        [
            self.flags,
            self.width,
            self.height,
            self.sprite_frames,
            self.background_frames,
            self.background_ids,
            self.sounds,
            self.music,
            self.dialog,
        ][..layout.values()]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect()
    }

    /// The chunk roles these counts imply, in file order.
    pub fn roles(&self, layout: Layout) -> Vec<Role> {
        let mut roles = vec![
            Role::Metadata,
            Role::Title,
            Role::Script,
            Role::SpriteTable,
            Role::Atlas,
            Role::BackgroundTable,
        ];
        roles.extend((0..self.background_ids).map(Role::Background));
        if layout == Layout::Current {
            for kind in AudioKind::ALL {
                roles.push(Role::GainTable(kind));
                roles.extend((0..self.audio(kind)).map(|i| Role::Audio(kind, i)));
            }
        }
        roles
    }

    /// Where a role's chunk sits, by arithmetic on the counts (no list of roles is
    /// built); `None` for a role these counts do not have.
    pub fn index_of(&self, role: Role, layout: Layout) -> Option<usize> {
        let ids = self.background_ids as usize;
        let audio = layout == Layout::Current;
        let gain_table = |kind: AudioKind| {
            let before: usize = AudioKind::ALL
                .iter()
                .take_while(|k| **k != kind)
                .map(|k| 1 + self.audio(*k) as usize)
                .sum();
            6 + ids + before
        };
        match role {
            Role::Metadata => Some(0),
            Role::Title => Some(1),
            Role::Script => Some(2),
            Role::SpriteTable => Some(3),
            Role::Atlas => Some(4),
            Role::BackgroundTable => Some(5),
            Role::Background(i) => (i < self.background_ids).then(|| 6 + i as usize),
            Role::GainTable(k) => audio.then(|| gain_table(k)),
            Role::Audio(k, n) => {
                (audio && n < self.audio(k)).then(|| gain_table(k) + 1 + n as usize)
            }
        }
    }

    /// The number of chunks these counts imply.
    pub fn chunk_count(&self, layout: Layout) -> usize {
        let audio: usize = match layout {
            Layout::Current => AudioKind::ALL
                .iter()
                .map(|k| 1 + self.audio(*k) as usize)
                .sum(),
            Layout::First => 0,
        };
        6 + self.background_ids as usize + audio
    }

    /// How the implied chunk count is made up, for messages.
    pub fn count_formula(&self, layout: Layout) -> String {
        match layout {
            Layout::Current => format!(
                "9 + {} background IDs + {} sounds + {} music + {} dialog",
                self.background_ids, self.sounds, self.music, self.dialog
            ),
            Layout::First => format!("6 + {} background IDs", self.background_ids),
        }
    }
}

/// A count as the metadata stores it: more than 65535 entries cannot be written.
pub fn count(n: usize, what: &str) -> crate::Result<u16> {
    u16::try_from(n).map_err(|_| {
        crate::Error::at(
            what,
            format!("{n} entries; the metadata holds at most 65535"),
        )
    })
}

/// What a chunk is for, by its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Chunk 0: the metadata, little-endian u16 values.
    Metadata,
    /// Chunk 1: the game's title, UTF-8 with no terminator.
    Title,
    /// Chunk 2: the game's JavaScript source, deflated in production builds.
    Script,
    /// Chunk 3: the sprite frame table, column-major, deflated in production builds.
    SpriteTable,
    /// Chunk 4: the sprite atlas, a PNG.
    Atlas,
    /// Chunk 5: the background frame table, column-major, deflated in production builds.
    BackgroundTable,
    /// A background image (PNG) by background ID, from chunk 6 on.
    Background(u16),
    /// The gain table of one kind of audio: a little-endian f32 per clip, deflated in
    /// production builds.
    GainTable(AudioKind),
    /// A clip of one kind of audio, by its index: Vorbis (starting `OggS`) or raw
    /// interleaved stereo s16 little-endian at 44100 Hz.
    Audio(AudioKind, u16),
}

impl Role {
    /// Whether production builds deflate this chunk.
    pub fn deflated_in_production(self) -> bool {
        matches!(
            self,
            Role::Script | Role::SpriteTable | Role::BackgroundTable | Role::GainTable(_)
        )
    }

    /// What the chunk is, in words for messages (`the sprite table`).
    pub fn describe(self) -> String {
        match self {
            Role::Metadata => "the metadata".into(),
            Role::Title => "the title".into(),
            Role::Script => "the JavaScript source".into(),
            Role::SpriteTable => "the sprite table".into(),
            Role::Atlas => "the sprite atlas PNG".into(),
            Role::BackgroundTable => "the background table".into(),
            Role::Background(i) => format!("background image {i}"),
            Role::GainTable(k) => format!("the {} gain table", k.singular()),
            Role::Audio(k, i) => format!("{} clip {i}", k.singular()),
        }
    }

    /// The structure path used in messages.
    pub fn path(self) -> String {
        match self {
            Role::Metadata => "metadata".into(),
            Role::Title => "title".into(),
            Role::Script => "script".into(),
            Role::SpriteTable => "sprite_table".into(),
            Role::Atlas => "atlas".into(),
            Role::BackgroundTable => "background_table".into(),
            Role::Background(i) => format!("background[{i}]"),
            Role::GainTable(k) => format!("{}_table", k.singular()),
            Role::Audio(k, i) => format!("{}[{i}]", k.plural()),
        }
    }
}

/// A whole file: the chunks as stored, with where each starts.
#[derive(Debug, Clone, PartialEq)]
pub struct GameBin<'a> {
    /// Which writer's metadata layout the file has.
    pub layout: Layout,
    /// The metadata, decoded from chunk 0. The writer writes `chunks` as they are, so a
    /// change here reaches the file only when chunk 0 is made again from it.
    pub meta: Metadata,
    /// Every chunk's bytes as stored, metadata first, in file order: still deflated where
    /// the build deflated them.
    pub chunks: Vec<Cow<'a, [u8]>>,
    /// Absolute offset of each chunk (empty for documents not read from a file).
    pub offsets: Vec<u64>,
}

impl GameBin<'_> {
    /// The role of each chunk in file order, as the metadata implies.
    pub fn roles(&self) -> Vec<Role> {
        self.meta.roles(self.layout)
    }

    /// The chunk that plays `role` if the file has the shape its metadata implies.
    pub fn chunk(&self, role: Role) -> Option<(usize, &[u8])> {
        let i = self.meta.index_of(role, self.layout)?;
        self.chunks.get(i).map(|c| (i, c.as_ref()))
    }

    /// Absolute offset of chunk `index` in the file; 0 when not known (no such chunk, or a
    /// document not read from a file).
    pub fn offset(&self, index: usize) -> u64 {
        self.offsets.get(index).copied().unwrap_or(0)
    }

    /// Whether the chunk count matches what the metadata implies.
    pub fn well_shaped(&self) -> bool {
        self.meta.chunk_count(self.layout) == self.chunks.len()
    }
}

/// One sprite frame: its inner rectangle in the atlas, its offset from the origin and
/// its duration. An empty frame has a zero rectangle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpriteFrame {
    /// Left edge of the frame's inner area in the atlas, in pixels.
    pub x: u16,
    /// Top edge of the frame's inner area in the atlas, in pixels.
    pub y: u16,
    /// Width of the frame in pixels; 0 for an empty frame.
    pub width: u16,
    /// Height of the frame in pixels; 0 for an empty frame.
    pub height: u16,
    /// Where the frame's left edge lies right of the sprite's origin, in pixels (negative:
    /// left of it).
    pub offset_x: i16,
    /// Where the frame's top edge lies below the sprite's origin, in pixels (negative:
    /// above it).
    pub offset_y: i16,
    /// How long the frame shows in an animation, in milliseconds.
    pub duration_ms: u16,
}

impl SpriteFrame {
    /// Whether the frame has no pixels (zero width or height).
    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0
    }
}

/// One background frame: which image it shows and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackgroundFrame {
    /// Index of the background image, or 65535 for an empty frame.
    pub id: u16,
    /// How long the frame shows in an animation, in milliseconds.
    pub duration_ms: u16,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_arithmetic_agrees_with_the_role_list() {
        let meta = Metadata {
            background_ids: 2,
            sounds: 1,
            music: 0,
            dialog: 3,
            ..Metadata::default()
        };
        for layout in [Layout::Current, Layout::First] {
            let roles = meta.roles(layout);
            assert_eq!(meta.chunk_count(layout), roles.len());
            for (i, r) in roles.iter().enumerate() {
                assert_eq!(meta.index_of(*r, layout), Some(i), "{r:?}");
            }
            assert_eq!(meta.index_of(Role::Background(2), layout), None);
            assert_eq!(
                meta.index_of(Role::Audio(AudioKind::Music, 0), layout),
                None
            );
        }
    }
}
