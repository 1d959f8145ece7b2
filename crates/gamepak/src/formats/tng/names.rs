//! How references read in JSON and in script text: sprites as `category/index`,
//! strings by their text.

/// Sprite categories, numbered as the sprite sections (section type - 7).
pub const CATEGORIES: [&str; 5] = ["ui", "tiles", "characters", "portraits", "backgrounds"];

/// `tiles/5`; index 0xffff reads `tiles/none`, an unknown category `c9/5`.
pub fn sprite_text(category: u8, index: u16) -> String {
    let cat = CATEGORIES
        .get(category as usize)
        .map_or_else(|| format!("c{category}"), |c| c.to_string());
    if index == 0xffff {
        format!("{cat}/none")
    } else {
        format!("{cat}/{index}")
    }
}

/// The inverse of [`sprite_text`].
pub fn parse_sprite(text: &str) -> Option<(u8, u16)> {
    let (cat, idx) = text.split_once('/')?;
    let category = match CATEGORIES.iter().position(|c| *c == cat) {
        Some(i) => i as u8,
        None => cat.strip_prefix('c')?.parse().ok()?,
    };
    let index = if idx == "none" {
        0xffff
    } else {
        idx.parse().ok().filter(|&i| i != 0xffff)?
    };
    Some((category, index))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprite_texts_round_trip() {
        for (c, i) in [(0, 0), (1, 5), (4, 0xffff), (9, 3), (255, 0xffff)] {
            assert_eq!(parse_sprite(&sprite_text(c, i)), Some((c, i)));
        }
        assert_eq!(parse_sprite("tiles/65535"), None);
        assert_eq!(parse_sprite("nope/1"), None);
    }
}
