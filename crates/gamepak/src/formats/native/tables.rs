//! The column-major tables: sprite frames, background frames and gains.

use super::model::*;

fn column(bytes: &[u8], n: usize, col: usize) -> impl Iterator<Item = u16> + '_ {
    bytes[col * n * 2..(col + 1) * n * 2]
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
}

/// Decodes a sprite table whose length is a whole number of records; trailing bytes
/// are ignored (check reports them).
pub fn sprites(bytes: &[u8]) -> Vec<SpriteFrame> {
    let n = bytes.len() / SPRITE_RECORD;
    let cols: Vec<Vec<u16>> = (0..7).map(|c| column(bytes, n, c).collect()).collect();
    (0..n)
        .map(|i| SpriteFrame {
            x: cols[0][i],
            y: cols[1][i],
            width: cols[2][i],
            height: cols[3][i],
            offset_x: cols[4][i] as i16,
            offset_y: cols[5][i] as i16,
            duration_ms: cols[6][i],
        })
        .collect()
}

/// Encodes sprite frames as the uncompressed sprite table: 7 columns of little-endian
/// 16-bit values, column after column, 14 bytes per frame.
pub fn sprites_bytes(frames: &[SpriteFrame]) -> Vec<u8> {
    let cols: [fn(&SpriteFrame) -> u16; 7] = [
        |f| f.x,
        |f| f.y,
        |f| f.width,
        |f| f.height,
        |f| f.offset_x as u16,
        |f| f.offset_y as u16,
        |f| f.duration_ms,
    ];
    cols.iter()
        .flat_map(|get| frames.iter().flat_map(move |f| get(f).to_le_bytes()))
        .collect()
}

/// Decodes an uncompressed background table (every ID, then every duration, u16
/// little-endian); trailing bytes past whole records are ignored.
pub fn backgrounds(bytes: &[u8]) -> Vec<BackgroundFrame> {
    let n = bytes.len() / BACKGROUND_RECORD;
    column(bytes, n, 0)
        .zip(column(bytes, n, 1))
        .map(|(id, duration_ms)| BackgroundFrame { id, duration_ms })
        .collect()
}

/// Encodes background frames as the uncompressed background table: every ID, then
/// every duration, u16 little-endian.
pub fn backgrounds_bytes(frames: &[BackgroundFrame]) -> Vec<u8> {
    let ids = frames.iter().flat_map(|f| f.id.to_le_bytes());
    let durations = frames.iter().flat_map(|f| f.duration_ms.to_le_bytes());
    ids.chain(durations).collect()
}

/// Decodes an uncompressed gain table: one little-endian f32 per clip, the factor its
/// volume is played at (0.4 plays it 60% quieter); trailing bytes are ignored.
pub fn gains(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(GAIN_RECORD)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

/// Encodes gains as the uncompressed gain table: one little-endian f32 per clip.
pub fn gains_bytes(gains: &[f32]) -> Vec<u8> {
    gains.iter().flat_map(|g| g.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_round_trip() {
        let f = SpriteFrame {
            x: 1,
            y: 7,
            width: 4,
            height: 4,
            offset_x: -2,
            offset_y: -2,
            duration_ms: 250,
        };
        let b = sprites_bytes(&[f, f]);
        assert_eq!(b.len(), 28);
        assert_eq!(&b[..4], &[1, 0, 1, 0]);
        assert_eq!(sprites(&b), vec![f, f]);
        let bg = [BackgroundFrame {
            id: 0,
            duration_ms: 250,
        }];
        assert_eq!(backgrounds(&backgrounds_bytes(&bg)), bg);
        assert_eq!(gains(&gains_bytes(&[0.5, 1.0])), vec![0.5, 1.0]);
    }
}
