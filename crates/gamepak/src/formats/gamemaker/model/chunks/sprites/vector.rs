//! A vector sprite's data: what a sprite of type 3 (GameMaker 2024) holds after
//! its header, drawn at run time from triangles rather than from pictures.
//!
//! - Its version (3 or 4), then its textures: a count and TPAG items, which the
//!   sprite keeps as its frames.
//! - Version 3: one shape. Version 4: the shape each frame shows (a count and
//!   indices), then the shapes (a count and each shape).
//! - A shape, on a 4-byte boundary: its version, its bounds (min x, max x, min y,
//!   max y) and its style groups (a count and each group).
//! - A style group: three counts (fills, line styles, subshapes), then the fills,
//!   the line styles and the subshapes. A fill is its type and then a colour
//!   (solid, 1), a gradient (2: its type, from 2022.1 a texture item index, a
//!   3x3 matrix and its stops) or a bitmap (3: its type, a character id and a
//!   matrix). A line style is a colour. Colours are four bytes: red, green, blue,
//!   alpha.
//! - A subshape: its two fill styles and its line style, ten counts, then the
//!   lists they count: points (x, y), point colours, triangles (three point
//!   indices), antialiasing lines (two point indices) and antialiasing vectors
//!   (x, y). The other five counts are of lists GameMaker lays out for SWF
//!   sprites but not for vector ones; they are 0, and a file where one is not is
//!   in a layout the model does not know.
//! - The collision masks: version 4 a count, version 3 a boolean (one mask or
//!   none); the masks' width and height; then each mask: its length, its
//!   run-length encoded bytes and padding to 4 bytes.
//!
//! Every count read is checked against the bytes left in the chunk before
//! anything is made for it.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, Wire};

/// A colour as four bytes: red, green, blue, alpha.
pub type Colour = [u8; 4];

/// The smallest shape: version, bounds and a group count.
const SHAPE_MIN: u64 = 24;
/// The smallest style group: its three counts.
const GROUP_MIN: u64 = 12;
/// The smallest fill: a solid one, its type and colour.
const FILL_MIN: u64 = 8;
/// The smallest subshape: its styles and counts.
const SUBSHAPE_MIN: u64 = 52;
/// The smallest mask: its length.
const MASK_MIN: u64 = 4;

/// A vector sprite's shapes and collision masks (its textures are the sprite's
/// frames).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Vector {
    /// 3 (one shape, one mask or none) or 4 (shapes that frames choose among).
    pub version: i32,
    /// Version 4: for each frame, the index in `shapes` of the shape it shows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub frame_shapes: Vec<i32>,
    /// The shapes; version 3 has exactly one.
    pub shapes: Vec<Shape>,
    /// The width and height of the collision masks, in pixels.
    pub mask_size: [i32; 2],
    /// The collision masks, run-length encoded; version 3 has one or none.
    pub masks: Vec<RleMask>,
}

/// One drawing: the triangles of its subshapes, grouped by the styles they share.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Shape {
    /// The shape's own version, 3 or 4 as GameMaker writes it.
    pub version: i32,
    /// Min x, max x, min y, max y.
    pub bounds: [f32; 4],
    /// The style groups.
    pub groups: Vec<StyleGroup>,
}

/// Fills and line styles, and the subshapes drawn with them.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct StyleGroup {
    /// The fill styles the subshapes name by index.
    pub fills: Vec<Fill>,
    /// The line styles the subshapes name by index: a colour each.
    pub lines: Vec<Colour>,
    /// The subshapes.
    pub subshapes: Vec<SubShape>,
}

/// How an area is filled, by its type.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fill {
    /// Type 1: one colour.
    Solid(Colour),
    /// Type 2: a gradient.
    Gradient(Gradient),
    /// Type 3: a bitmap.
    Bitmap(BitmapFill),
}

impl Default for Fill {
    fn default() -> Self {
        Fill::Solid([0; 4])
    }
}

/// A gradient fill.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Gradient {
    /// 0 linear, 1 radial.
    pub kind: i32,
    /// From 2022.1, the index of a texture page item; -1 for none.
    pub texture_item: i32,
    /// The gradient's 3x3 transformation matrix, row by row.
    pub matrix: [f32; 9],
    /// The colour stops.
    pub stops: Vec<GradientStop>,
}

/// A colour at a point of a gradient.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct GradientStop {
    /// Where along the gradient the stop is.
    pub ratio: i32,
    /// Its colour.
    pub colour: Colour,
}

/// A bitmap fill.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct BitmapFill {
    /// 0 repeat, 1 clamp, 2 repeat point, 3 clamp point.
    pub kind: i32,
    /// The id of the bitmap's character.
    pub character: i32,
    /// The bitmap's 3x3 transformation matrix, row by row.
    pub matrix: [f32; 9],
}

/// A part of a shape drawn in one fill and line style: triangles over its points,
/// and the lines and vectors that antialias its edges.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SubShape {
    /// The two fill styles, indices in the group's fills; -1 for none.
    pub fill_styles: [i32; 2],
    /// The line style, an index in the group's line styles; -1 for none.
    pub line_style: i32,
    /// The points, x and y.
    pub points: Vec<[f32; 2]>,
    /// A colour for each point, when the fill gives them per point; else empty.
    pub point_colours: Vec<Colour>,
    /// Triangles, each three indices in `points`.
    pub triangles: Vec<[i32; 3]>,
    /// The antialiased edges, each two indices in `points`.
    pub aa_lines: Vec<[i32; 2]>,
    /// The direction in which each point's edge is antialiased, x and y.
    pub aa_vectors: Vec<[f32; 2]>,
}

/// A collision mask as GameMaker run-length encodes it; in JSON, one hex string.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RleMask(#[serde(with = "crate::formats::gamemaker::model::json::hex")] pub Vec<u8>);

impl Vector {
    /// The version, which comes before the textures the sprite walks.
    pub(in crate::formats::gamemaker::model) fn walk_version<'a, W: Wire<'a>>(
        &mut self,
        w: &mut W,
    ) -> Result<()> {
        let at = w.offset();
        w.i32(&mut self.version)?;
        match self.version {
            3 | 4 => Ok(()),
            v => Err(w.unlike_gamemaker(
                at,
                format!("a vector sprite of version {v}: versions 3 and 4 are known"),
            )),
        }
    }

    /// What follows the textures: shapes and collision masks.
    pub(in crate::formats::gamemaker::model) fn walk_shapes<'a, W: Wire<'a>>(
        &mut self,
        w: &mut W,
    ) -> Result<()> {
        let v4 = self.version >= 4;
        if v4 {
            let mut n = self.frame_shapes.len();
            w.count(&mut n, 4)?;
            if w.reading() {
                self.frame_shapes = vec![0; n];
            }
            for s in &mut self.frame_shapes {
                w.i32(s)?;
            }
            w.list("shape", &mut self.shapes, SHAPE_MIN)?;
        } else {
            if w.reading() {
                self.shapes = vec![Shape::default()];
            } else if self.shapes.len() != 1 || !self.frame_shapes.is_empty() {
                return Err(w.invalid(
                    w.offset(),
                    format!(
                        "a version 3 vector sprite has one shape and no frame_shapes, not {} \
                         and {}",
                        self.shapes.len(),
                        self.frame_shapes.len()
                    ),
                ));
            }
            w.enter("shape", Some(0));
            self.shapes[0].walk(w)?;
            w.leave();
        }
        let mut n = self.masks.len();
        if v4 {
            w.count(&mut n, MASK_MIN)?;
        } else {
            if n > 1 {
                return Err(w.invalid(
                    w.offset(),
                    format!("a version 3 vector sprite has one mask or none, not {n}"),
                ));
            }
            let mut one = n == 1;
            w.bool(&mut one)?;
            n = usize::from(one);
        }
        for v in &mut self.mask_size {
            w.i32(v)?;
        }
        if w.reading() {
            self.masks.resize_with(n, RleMask::default);
        }
        for (i, m) in self.masks.iter_mut().enumerate() {
            w.enter("mask", Some(i));
            m.walk(w)?;
            w.leave();
        }
        Ok(())
    }
}

impl<'a> Record<'a> for Shape {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pad(4)?;
        w.i32(&mut self.version)?;
        for v in &mut self.bounds {
            w.f32(v)?;
        }
        w.list("group", &mut self.groups, GROUP_MIN)
    }
}

impl<'a> Record<'a> for StyleGroup {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let mut fills = self.fills.len();
        let mut lines = self.lines.len();
        let mut subshapes = self.subshapes.len();
        w.count(&mut fills, FILL_MIN)?;
        w.count(&mut lines, 4)?;
        w.count(&mut subshapes, SUBSHAPE_MIN)?;
        if w.reading() {
            self.fills.resize_with(fills, Fill::default);
            self.lines = vec![[0; 4]; lines];
            self.subshapes.resize_with(subshapes, SubShape::default);
        }
        for (i, f) in self.fills.iter_mut().enumerate() {
            w.enter("fill", Some(i));
            f.walk(w)?;
            w.leave();
        }
        for l in &mut self.lines {
            w.array(l)?;
        }
        for (i, s) in self.subshapes.iter_mut().enumerate() {
            w.enter("subshape", Some(i));
            s.walk(w)?;
            w.leave();
        }
        Ok(())
    }
}

impl<'a> Record<'a> for Fill {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let at = w.offset();
        let mut kind: i32 = match self {
            Fill::Solid(_) => 1,
            Fill::Gradient(_) => 2,
            Fill::Bitmap(_) => 3,
        };
        w.i32(&mut kind)?;
        if w.reading() {
            *self = match kind {
                1 => Fill::Solid([0; 4]),
                2 => Fill::Gradient(Gradient::default()),
                3 => Fill::Bitmap(BitmapFill::default()),
                _ => {
                    return Err(w.unlike_gamemaker(
                        at,
                        format!(
                            "a fill of type {kind}: types 1 (solid), 2 (gradient) and 3 \
                             (bitmap) are known"
                        ),
                    ))
                }
            };
        }
        match self {
            Fill::Solid(c) => w.array(c),
            Fill::Gradient(g) => g.walk(w),
            Fill::Bitmap(b) => b.walk(w),
        }
    }
}

impl<'a> Record<'a> for Gradient {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.kind)?;
        if w.since(Version::V2022_1) {
            w.i32(&mut self.texture_item)?;
        }
        for v in &mut self.matrix {
            w.f32(v)?;
        }
        w.list("stop", &mut self.stops, 8)
    }
}

impl<'a> Record<'a> for GradientStop {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.ratio)?;
        w.array(&mut self.colour)
    }
}

impl<'a> Record<'a> for BitmapFill {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.kind)?;
        w.i32(&mut self.character)?;
        for v in &mut self.matrix {
            w.f32(v)?;
        }
        Ok(())
    }
}

/// A subshape's count words in file order: how many bytes an entry of the list
/// each counts takes, or `None` for the words that are 0 in a vector sprite.
const COUNTS: [Option<u64>; 10] = [
    Some(8),  // points
    Some(4),  // point colours
    None,     // lines
    Some(12), // triangles
    None,     // line points
    None,     // line triangles
    Some(8),  // antialiasing lines
    Some(8),  // antialiasing vectors
    None,     // line antialiasing lines
    None,     // line antialiasing vectors
];

impl<'a> Record<'a> for SubShape {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        for v in &mut self.fill_styles {
            w.i32(v)?;
        }
        w.i32(&mut self.line_style)?;
        let mut lens = [
            self.points.len(),
            self.point_colours.len(),
            self.triangles.len(),
            self.aa_lines.len(),
            self.aa_vectors.len(),
        ];
        let mut counted = lens.iter_mut();
        for each in COUNTS {
            match each {
                Some(each) => {
                    let n = counted.next().expect("one length a counted list");
                    w.count(n, each)?;
                }
                None => {
                    let at = w.offset();
                    let mut zero = 0;
                    w.u32(&mut zero)?;
                    if zero != 0 {
                        return Err(w.unlike_gamemaker(
                            at,
                            format!(
                                "{zero} where a vector sprite's subshape has 0 (a count of a \
                                 list only SWF sprites have)"
                            ),
                        ));
                    }
                }
            }
        }
        let [points, colours, triangles, aa_lines, aa_vectors] = lens;
        if w.reading() {
            self.points = vec![[0.0; 2]; points];
            self.point_colours = vec![[0; 4]; colours];
            self.triangles = vec![[0; 3]; triangles];
            self.aa_lines = vec![[0; 2]; aa_lines];
            self.aa_vectors = vec![[0.0; 2]; aa_vectors];
        }
        for v in self.points.iter_mut().flatten() {
            w.f32(v)?;
        }
        for c in &mut self.point_colours {
            w.array(c)?;
        }
        for t in self.triangles.iter_mut().flatten() {
            w.i32(t)?;
        }
        for l in self.aa_lines.iter_mut().flatten() {
            w.i32(l)?;
        }
        for v in self.aa_vectors.iter_mut().flatten() {
            w.f32(v)?;
        }
        Ok(())
    }
}

impl<'a> Record<'a> for RleMask {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let mut n = self.0.len();
        w.count(&mut n, 1)?;
        w.bytes(&mut self.0, n)?;
        w.pad(4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::gamemaker::model::chunks::sprites::{Special, Sprite, Sprites, VECTOR};
    use crate::formats::gamemaker::model::chunks::Body;
    use crate::formats::gamemaker::model::sample::sample;
    use crate::formats::gamemaker::model::wire::StrId;
    use crate::formats::gamemaker::{model, model::Game};
    use crate::fourcc::FourCC;

    /// A square of two triangles in a group with one fill of each type.
    fn shape(version: i32, x: f32) -> Shape {
        Shape {
            version,
            bounds: [0.0, x, 0.0, 8.5],
            groups: vec![StyleGroup {
                fills: vec![
                    Fill::Solid([255, 216, 89, 255]),
                    Fill::Gradient(Gradient {
                        kind: 1,
                        texture_item: -1,
                        matrix: [1.0, 0.0, 0.5, 0.0, 1.0, -0.5, 0.0, 0.0, 1.0],
                        stops: vec![
                            GradientStop {
                                ratio: 0,
                                colour: [0, 0, 0, 255],
                            },
                            GradientStop {
                                ratio: 255,
                                colour: [255, 255, 255, 128],
                            },
                        ],
                    }),
                    Fill::Bitmap(BitmapFill {
                        kind: 2,
                        character: 7,
                        matrix: [2.0; 9],
                    }),
                ],
                lines: vec![[1, 2, 3, 4]],
                subshapes: vec![SubShape {
                    fill_styles: [-1, 0],
                    line_style: 0,
                    points: vec![[0.0, 0.0], [x, 0.0], [x, 8.5], [0.0, 8.5]],
                    point_colours: vec![[9, 8, 7, 255]; 4],
                    triangles: vec![[0, 1, 2], [0, 2, 3]],
                    aa_lines: vec![[0, 1], [1, 2], [2, 3], [3, 0]],
                    aa_vectors: vec![[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]],
                }],
            }],
        }
    }

    fn vector_sprite(version: i32) -> Sprite<'static> {
        let v4 = version >= 4;
        Sprite {
            name: Some(StrId(1)),
            width: 12,
            height: 9,
            margins: [0, 11, 8, 0],
            special: Some(Special {
                version: 3,
                kind: VECTOR,
                playback_speed: 30.0,
                ..Default::default()
            }),
            vector: Some(Vector {
                version,
                frame_shapes: if v4 { vec![0, 1, 1] } else { Vec::new() },
                shapes: if v4 {
                    vec![shape(4, 12.0), shape(4, 11.25)]
                } else {
                    vec![shape(3, 12.0)]
                },
                mask_size: [12, 9],
                // Lengths that need padding, and none.
                masks: if v4 {
                    vec![RleMask(vec![1, 2, 3, 4, 5]), RleMask(Vec::new())]
                } else {
                    vec![RleMask(vec![0xfe; 3])]
                },
            }),
            ..Default::default()
        }
    }

    fn game(sprites: Vec<Option<Sprite<'static>>>) -> Game<'static> {
        sample(
            Version::V2024_14,
            vec!["game".into(), "spr_vector".into()],
            vec![(FourCC::SPRT, Body::Sprites(Sprites { sprites }))],
        )
    }

    fn sprt<'g, 'a>(m: &'g Game<'a>) -> &'g Body<'a> {
        &m.chunks
            .iter()
            .find(|p| p.name == FourCC::SPRT)
            .expect("SPRT")
            .body
    }

    #[test]
    fn vector_sprites_of_both_versions_round_trip() {
        let mut m = game(vec![
            Some(vector_sprite(3)),
            None,
            Some(vector_sprite(4)),
            Some(Sprite::default()),
        ]);
        let bytes = model::write(&mut m).unwrap();
        let mut back = model::read(&bytes).unwrap();
        let Body::Sprites(s) = sprt(&back) else {
            panic!("SPRT was not read: {:?}", sprt(&back));
        };
        assert_eq!(
            format!("{:?}", s.sprites),
            format!("{:?}", vector_sprite_list(&m))
        );
        assert_eq!(model::write(&mut back).unwrap(), bytes);
        // As JSON the data reads back the same.
        let json = serde_json::to_string(&vector_sprite(4).vector).unwrap();
        let again: Option<Vector> = serde_json::from_str(&json).unwrap();
        assert_eq!(
            format!("{again:?}"),
            format!("{:?}", vector_sprite(4).vector)
        );
        assert!(json.contains("\"masks\":[\"0102030405\",\"\"]"), "{json}");
    }

    fn vector_sprite_list<'g, 'a>(m: &'g Game<'a>) -> &'g [Option<Sprite<'a>>] {
        match sprt(m) {
            Body::Sprites(s) => &s.sprites,
            _ => unreachable!(),
        }
    }

    #[test]
    fn vector_data_that_does_not_fit_its_layout_is_refused() {
        for (what, v) in [
            ("shapes", {
                let mut v = vector_sprite(3);
                v.vector.as_mut().unwrap().shapes.push(shape(3, 1.0));
                v
            }),
            ("masks", {
                let mut v = vector_sprite(3);
                v.vector.as_mut().unwrap().masks.push(RleMask(vec![1]));
                v
            }),
            ("kind", {
                let mut v = vector_sprite(4);
                v.special.as_mut().unwrap().kind = 0;
                v
            }),
            ("missing", {
                let mut v = vector_sprite(4);
                v.vector = None;
                v
            }),
        ] {
            let e = model::write(&mut game(vec![Some(v)]))
                .unwrap_err()
                .to_string();
            assert!(e.contains("vector"), "{what}: {e}");
        }
    }

    /// Every word of SPRT made a huge count, a negative one or a 2: the chunk is
    /// read, or kept as stored with where and why, and nothing panics or allocates
    /// from a count that cannot fit.
    #[test]
    fn damaged_vector_data_is_refused_with_its_offset() {
        let bytes = model::write(&mut game(vec![Some(vector_sprite(4))])).unwrap();
        let at = bytes.windows(4).position(|w| w == b"SPRT").unwrap();
        let size = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap()) as usize;
        let body = at + 8..at + 8 + size;
        let mut refused = 0;
        for word in body.clone().step_by(4) {
            for value in [u32::MAX, 0x7fff_ffff, 0x8000_0000, 2] {
                let mut damaged = bytes.clone();
                damaged[word..word + 4].copy_from_slice(&value.to_le_bytes());
                let Ok(m) = model::read(&damaged) else {
                    continue;
                };
                if let Body::Stored { why: Some(why), .. } = sprt(&m) {
                    refused += 1;
                    assert!(why.offset >= body.start as u64, "{why}");
                    assert!(why.offset <= body.end as u64, "{why}");
                }
            }
        }
        assert!(refused > 100, "{refused}");
        // A huge point count is refused where it stands, before any point is read.
        let sub = bytes
            .windows(12)
            .position(|w| w == [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0])
            .unwrap();
        let count = sub + 12;
        assert_eq!(bytes[count..count + 4], 4u32.to_le_bytes());
        let mut damaged = bytes.clone();
        damaged[count..count + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        let m = model::read(&damaged).unwrap();
        let Body::Stored { why: Some(why), .. } = sprt(&m) else {
            panic!("SPRT read with a point count of {}", u32::MAX);
        };
        assert_eq!(why.offset, count as u64, "{why}");
        assert!(why.message.contains("do not fit"), "{why}");
        assert!(why.path.contains("subshape[0]"), "{why}");
        // A word of a list vector sprites do not have, not 0.
        let mut damaged = bytes.clone();
        damaged[count + 8..count + 12].copy_from_slice(&1u32.to_le_bytes());
        let m = model::read(&damaged).unwrap();
        let Body::Stored { why: Some(why), .. } = sprt(&m) else {
            panic!("SPRT read with a line count");
        };
        assert_eq!(why.offset, count as u64 + 8, "{why}");
        assert!(!why.damage && why.message.contains("only SWF"), "{why}");
    }
}
