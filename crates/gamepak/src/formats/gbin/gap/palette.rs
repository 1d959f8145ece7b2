//! GIMP .gpl palettes as the reference packer reads them: any line with at least three
//! blank-separated tokens is a colour (so `Name: Small Pal` adds black), `#` starts a
//! comment, and the `GIMP Palette` line is skipped. Alpha is always 0xFF.

/// 0xAARRGGBB colours of a palette file.
pub fn parse_gpl(data: &[u8]) -> Vec<u32> {
    let mut colours = Vec::new();
    for line in data.split(|&b| b == b'\n' || b == b'\r') {
        let line = match line.iter().position(|&b| b == b'#') {
            Some(p) => &line[..p],
            None => line,
        };
        if line.is_empty() || line.starts_with(b"GIMP Palette") {
            continue;
        }
        let text = String::from_utf8_lossy(line);
        let tokens: Vec<&str> = text.split([' ', '\t']).filter(|t| !t.is_empty()).collect();
        if tokens.len() >= 3 {
            let c: Vec<u32> = tokens[..3]
                .iter()
                .map(|t| (super::lexer::c_int(t) as u32) & 0xff)
                .collect();
            colours.push(0xff00_0000 | c[0] << 16 | c[1] << 8 | c[2]);
        }
    }
    colours
}

#[cfg(test)]
mod tests {
    #[test]
    fn name_line_becomes_black() {
        let c = super::parse_gpl(b"GIMP Palette\nName: Small Pal\nColumns: 4\n#\n255 0 0 red\n");
        assert_eq!(c, vec![0xff00_0000, 0xffff_0000]);
    }
}
