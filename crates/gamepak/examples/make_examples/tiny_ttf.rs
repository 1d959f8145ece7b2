//! A minimal TrueType font, so that the SWAG demo's compiled font is a real one: a
//! missing-glyph box, a space, and one square glyph shared by every printable ASCII
//! character.

/// Big-endian bytes of the font's tables, appended in order.
#[derive(Default)]
struct Be(Vec<u8>);

impl Be {
    fn u16(&mut self, v: u16) -> &mut Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn i16(&mut self, v: i16) -> &mut Self {
        self.u16(v as u16)
    }
    fn u32(&mut self, v: u32) -> &mut Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
}

fn checksum(b: &[u8]) -> u32 {
    b.chunks(4).fold(0u32, |sum, c| {
        let mut w = [0u8; 4];
        w[..c.len()].copy_from_slice(c);
        sum.wrapping_add(u32::from_be_bytes(w))
    })
}

/// A one-contour rectangle glyph.
fn rectangle(glyf: &mut Be, (x0, y0, x1, y1): (i16, i16, i16, i16)) {
    glyf.i16(1).i16(x0).i16(y0).i16(x1).i16(y1);
    glyf.u16(3).u16(0); // last point of the contour; no instructions
    glyf.0.extend_from_slice(&[1, 1, 1, 1]); // on-curve points, full-width deltas
    for dx in [x0, 0, x1 - x0, 0] {
        glyf.i16(dx);
    }
    for dy in [y0, y1 - y0, 0, y0 - y1] {
        glyf.i16(dy);
    }
}

pub fn font(family: &str) -> Vec<u8> {
    const GLYPHS: u16 = 3;
    let mut glyf = Be::default();
    let mut loca = Be::default();
    loca.u16(0);
    rectangle(&mut glyf, (50, 0, 450, 700));
    loca.u16((glyf.0.len() / 2) as u16);
    loca.u16((glyf.0.len() / 2) as u16); // the space has no outline
    rectangle(&mut glyf, (100, 0, 500, 600));
    loca.u16((glyf.0.len() / 2) as u16);

    let mut head = Be::default();
    head.u32(0x0001_0000)
        .u32(0x0001_0000)
        .u32(0)
        .u32(0x5F0F_3CF5);
    head.u16(0x000B).u16(1000).u32(0).u32(0).u32(0).u32(0);
    head.i16(50).i16(0).i16(500).i16(700);
    head.u16(0).u16(8).i16(2).i16(0).i16(0);

    let mut hhea = Be::default();
    hhea.u32(0x0001_0000).i16(800).i16(-200).i16(0).u16(600);
    hhea.i16(0).i16(50).i16(500).i16(1).i16(0).i16(0);
    hhea.i16(0).i16(0).i16(0).i16(0).i16(0).u16(GLYPHS);

    let mut maxp = Be::default();
    maxp.u32(0x0001_0000)
        .u16(GLYPHS)
        .u16(4)
        .u16(1)
        .u16(0)
        .u16(0)
        .u16(2);
    for _ in 0..8 {
        maxp.u16(0);
    }

    let mut hmtx = Be::default();
    hmtx.u16(500).i16(50).u16(300).i16(0).u16(600).i16(100);

    // Format 4: space to glyph 1, '!'..'~' to glyph 2 through the glyph array.
    let mut cmap = Be::default();
    let glyph_ids = 0x7E - 0x21 + 1;
    let length = 16 + 3 * 8 + glyph_ids * 2;
    cmap.u16(0).u16(1).u16(3).u16(1).u32(12);
    cmap.u16(4).u16(length).u16(0).u16(6).u16(4).u16(1).u16(2);
    cmap.u16(0x20).u16(0x7E).u16(0xFFFF).u16(0);
    cmap.u16(0x20).u16(0x21).u16(0xFFFF);
    cmap.u16(1u16.wrapping_sub(0x20)).u16(0).u16(1);
    cmap.u16(0).u16(4).u16(0);
    for _ in 0..glyph_ids {
        cmap.u16(2);
    }

    let names = [
        (1, family.to_string()),
        (2, "Regular".to_string()),
        (3, format!("{family} Regular")),
        (4, family.to_string()),
        (6, family.replace(' ', "")),
    ];
    let mut name = Be::default();
    name.u16(0)
        .u16(names.len() as u16)
        .u16(6 + 12 * names.len() as u16);
    let mut strings = Be::default();
    for (id, text) in &names {
        let at = strings.0.len() as u16;
        text.encode_utf16().for_each(|c| {
            strings.u16(c);
        });
        let len = strings.0.len() as u16 - at;
        name.u16(3).u16(1).u16(0x409).u16(*id).u16(len).u16(at);
    }
    name.0.extend_from_slice(&strings.0);

    let mut post = Be::default();
    post.u32(0x0003_0000).u32(0).i16(-100).i16(50);
    for _ in 0..5 {
        post.u32(0);
    }

    let mut tables: Vec<(&[u8; 4], Vec<u8>)> = vec![
        (b"cmap", cmap.0),
        (b"glyf", glyf.0),
        (b"head", head.0),
        (b"hhea", hhea.0),
        (b"hmtx", hmtx.0),
        (b"loca", loca.0),
        (b"maxp", maxp.0),
        (b"name", name.0),
        (b"post", post.0),
    ];
    let n = tables.len() as u16;
    let mut out = Be::default();
    out.u32(0x0001_0000)
        .u16(n)
        .u16(128)
        .u16(3)
        .u16(n * 16 - 128);
    let mut offset = 12 + 16 * tables.len();
    let mut body = Vec::new();
    for (tag, data) in &mut tables {
        out.0.extend_from_slice(*tag);
        out.u32(checksum(data))
            .u32(offset as u32)
            .u32(data.len() as u32);
        data.resize(data.len().div_ceil(4) * 4, 0);
        offset += data.len();
        body.extend_from_slice(data);
    }
    out.0.extend_from_slice(&body);
    let head_at = 12 + 16 * tables.len() + tables[..2].iter().map(|(_, d)| d.len()).sum::<usize>();
    let adjust = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out.0));
    out.0[head_at + 8..head_at + 12].copy_from_slice(&adjust.to_be_bytes());
    out.0
}
