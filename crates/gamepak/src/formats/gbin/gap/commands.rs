//! The commands of the .gap language, each doing what the reference packer does with
//! the same defaults and aliases, plus our `strings`, `string` and `sound` extensions.

use std::path::Path;

use super::confine::Confinement;
use super::image_ops::Pixels;
use super::lexer::{c_float, c_int, same_name, Line};
use super::settings::GapOptions;
use super::state::*;
use super::tilemap::TileMap;
use crate::limits::Limits;
use crate::{Error, ErrorKind, Result};

/// Runs one command against the state, reading only where `confine` allows.
pub fn apply(
    state: &mut State,
    line: &Line,
    file: &str,
    confine: &Confinement,
    opts: &GapOptions,
) -> Result<()> {
    let ctx = Ctx {
        line,
        file,
        confine,
        limits: &opts.limits,
    };
    let c = line.command.as_str();
    let handlers: &[(&str, Command)] = &[
        ("loadimage", load_image),
        ("imagegroup", image_group),
        ("image", image),
        ("imagearray", image_array),
        ("imagesequence", image_sequence),
        ("imageseq", image_sequence),
        ("imageframe", image_frame),
        ("tileset", tileset),
        ("tile", tile),
        ("tilearray", tile_array),
        ("tilemap", tilemap),
        ("loadtilemap", load_tilemap),
        ("export", export),
        ("file", file_cmd),
        ("colourmap", colour_map),
        ("soundsample", sound_sample),
    ];
    let extensions: &[(&str, Command)] =
        &[("strings", strings), ("string", string), ("sound", sound)];
    // In compatibility mode our extensions are unknown commands, as in the reference.
    let known = handlers
        .iter()
        .chain(extensions.iter().filter(|_| !opts.settings.compat));
    match known.into_iter().find(|(name, _)| same_name(c, name)) {
        Some((_, handler)) => handler(state, &ctx),
        None => {
            let hint = if c.ends_with([' ', '\t']) {
                " (a space before the comma is part of the command name)"
            } else {
                ""
            };
            Err(ctx.err(format!("unknown command '{c}'{hint}")))
        }
    }
}

type Command = fn(&mut State, &Ctx) -> Result<()>;

struct Ctx<'a> {
    line: &'a Line,
    file: &'a str,
    confine: &'a Confinement,
    limits: &'a Limits,
}

impl Ctx<'_> {
    fn err(&self, msg: impl Into<String>) -> Error {
        Error::at(format!("{}:{}", self.file, self.line.number), msg)
    }

    fn get(&self, names: &[&str]) -> Option<&str> {
        self.line.get(names)
    }

    fn int(&self, names: &[&str], default: i64) -> i64 {
        self.get(names).map_or(default, c_int)
    }

    fn flag(&self, names: &[&str]) -> bool {
        self.int(names, 0) != 0
    }

    /// Reads a file the line names: a regular file only, so a FIFO cannot hold the
    /// build up. Not being able to read it is an I/O error (exit 2), not a fault of
    /// the script.
    fn load(&self, path: &str) -> Result<Vec<u8>> {
        let at = self.confine.input(path).map_err(|m| self.err(m))?;
        crate::io::read_regular(&at).map_err(|e| {
            let why = std::io::Error::new(e.kind(), format!("failed to load file '{path}': {e}"));
            Error::new(
                format!("{}:{}", self.file, self.line.number),
                None,
                ErrorKind::Io(why),
            )
        })
    }
}

fn load_image(s: &mut State, c: &Ctx) -> Result<()> {
    let src = c
        .get(&["src"])
        .ok_or_else(|| c.err("missing image path (src=)"))?;
    let data = c.load(src)?;
    let channels = crate::codec::png::source_channels(&data)
        .map_err(|e| c.err(format!("failed to load image {src}: {}", e.kind)))?;
    let rgba = crate::codec::png::decode_source(&data, src, c.limits)
        .map_err(|e| c.err(format!("failed to load image {src}: {}", e.kind)))?;
    // The reference keys the default format on the PNG's component count.
    let mut target = match channels {
        1 => 9,
        2 => 7,
        3 => 1,
        _ => 0,
    };
    if let Some(f) = c.get(&["format"]) {
        target = pixel_format_code(f);
        if target == 0 {
            return Err(c.err(format!(
                "unknown pixel format '{f}' (ARGB8888 is the default and cannot be named here)"
            )));
        }
    }
    s.sources.push(Source {
        pixels: Pixels::from_rgba(&rgba),
        target_format: target,
    });
    s.current_source = Some(s.sources.len() - 1);
    Ok(())
}

fn image_group(s: &mut State, c: &Ctx) -> Result<()> {
    let name = c
        .get(&["name"])
        .ok_or_else(|| c.err("missing parameter 'name' in imagegroup"))?;
    if s.groups.iter().any(|g| g.name == name) {
        return Err(c.err(format!("image group '{name}' already exists")));
    }
    s.groups.push(Group {
        name: name.to_string(),
        base: c.int(&["base"], 0) as u16,
        images: Vec::new(),
    });
    Ok(())
}

fn image(s: &mut State, c: &Ctx) -> Result<()> {
    let (sw, sh) = s.source_size();
    let mut img = ImageDef {
        source: s.current_source,
        x: c.int(&["x"], 0) as i32,
        y: c.int(&["y"], 0) as i32,
        x_origin: c.int(&["xo", "xorigin"], 0) as i32,
        y_origin: c.int(&["yo", "yorigin"], 0) as i32,
        hflip: c.flag(&["hf", "hflip"]),
        vflip: c.flag(&["vf", "vflip"]),
        pixel_format: c.get(&["pf", "format"]).map_or(0, pixel_format_code),
        name: c.get(&["name"]).unwrap_or("").to_string(),
        ..ImageDef::default()
    };
    img.width = c.int(&["w", "width"], 0) as i32;
    img.height = c.int(&["h", "height"], 0) as i32;
    if !c.line.has(&["w", "width"]) && img.width == 0 {
        img.width = sw - img.x;
    }
    if !c.line.has(&["h", "height"]) && img.height == 0 {
        img.height = sh - img.y;
    }
    if img.pixel_format == 0 {
        img.pixel_format = s.source_target_format();
    }
    if img.width <= 0 || img.height <= 0 {
        return Ok(());
    }
    let angle = c.get(&["angle", "rotate"]).map(c_float);
    let from = c.get(&["angle-from", "rotate-from"]).map(c_float);
    let to = c.get(&["angle-to", "rotate-to"]).map(c_float);
    let mut step = c.get(&["angle-step", "rotate-step"]).map_or(0.0, c_float);
    img.angle = angle.or(from).unwrap_or(0.0);
    let count = c.int(&["count"], 1);
    // An image before any group is dropped, as the reference drops it.
    let Some(group) = s.groups.last_mut() else {
        return Ok(());
    };
    if count == 1 {
        group.images.push(img);
        return Ok(());
    }
    if let (Some(f), Some(t)) = (from, to) {
        img.angle = f;
        step = (t - f) / count as f32;
    }
    let name = img.name.clone();
    for i in 0..count.max(0) {
        if !name.is_empty() {
            img.name = format!("{name}-{i:03}");
        }
        group.images.push(img.clone());
        img.angle += step;
    }
    Ok(())
}

fn image_array(s: &mut State, c: &Ctx) -> Result<()> {
    let x = c.int(&["x"], 0) as i32;
    let y = c.int(&["y"], 0) as i32;
    let w = c.int(&["w", "width"], 0) as i32;
    let h = c.int(&["h", "height"], 0) as i32;
    let xc = c.int(&["xc", "xcount"], 0);
    let yc = c.int(&["yc", "ycount"], 0);
    for (v, what) in [
        (xc, "xcount"),
        (yc, "ycount"),
        (w as i64, "width"),
        (h as i64, "height"),
    ] {
        if v <= 0 {
            return Err(c.err(format!("invalid or missing '{what}' parameter")));
        }
    }
    let name = c.get(&["name"]).unwrap_or("");
    let template = ImageDef {
        source: s.current_source,
        width: w,
        height: h,
        x_origin: c.int(&["xo", "xorigin"], 0) as i32,
        y_origin: c.int(&["yo", "yorigin"], 0) as i32,
        hflip: c.flag(&["hf", "hmirror", "hflip"]),
        vflip: c.flag(&["vf", "vmirror", "vflip"]),
        // No format means ARGB8888 here, not the source's format.
        pixel_format: c.get(&["pf", "format"]).map_or(0, pixel_format_code),
        ..ImageDef::default()
    };
    let Some(group) = s.groups.last_mut() else {
        return Ok(());
    };
    for yi in 0..yc {
        for xi in 0..xc {
            group.images.push(ImageDef {
                x: x + xi as i32 * w,
                y: y + yi as i32 * h,
                name: if name.is_empty() {
                    String::new()
                } else {
                    format!("{name}_{xi}_{yi}")
                },
                ..template.clone()
            });
        }
    }
    Ok(())
}

fn image_sequence(s: &mut State, c: &Ctx) -> Result<()> {
    let name = c
        .get(&["name"])
        .ok_or_else(|| c.err("missing parameter 'name' in image sequence"))?;
    let mode = match c.get(&["mode"]) {
        Some(m) if same_name(m, "bounce") => 2,
        Some(m) if same_name(m, "once") => 0,
        _ => 1,
    };
    if s.sequences.iter().any(|q| q.name == name) {
        return Err(c.err(format!("image sequence '{name}' already exists")));
    }
    s.sequences.push(Sequence {
        name: name.to_string(),
        mode,
        frames: Vec::new(),
    });
    Ok(())
}

fn image_frame(s: &mut State, c: &Ctx) -> Result<()> {
    let count = match c.get(&["count"]) {
        Some(v) if v.eq_ignore_ascii_case("all") => -1,
        Some(v) => c_int(v),
        None => 1,
    };
    if count == 0 {
        return Err(c.err("invalid 'count' in image frame"));
    }
    let time = c.int(&["time"], 1);
    let x = c.int(&["x"], 0);
    let y = c.int(&["y"], 0);
    let fail = |m: String| c.err(format!("failed to add image frame: {m}"));
    if s.sequences.is_empty() {
        return Err(fail("no image sequence exists yet".into()));
    }
    if !(0..=255).contains(&time) {
        return Err(fail(format!("'time' value {time} is out of range (0-255)")));
    }
    if !(-128..=127).contains(&x) {
        return Err(fail(format!("'x' value {x} is out of range (-128-127)")));
    }
    if !(-128..=127).contains(&y) {
        return Err(fail(format!("'y' value {y} is out of range (-128-127)")));
    }
    let group = match c.get(&["group"]) {
        Some(name) => s
            .groups
            .iter()
            .position(|g| g.name == name)
            .ok_or_else(|| {
                fail(format!(
                    "unknown group '{name}' (groups are named, not numbered)"
                ))
            })?,
        None => s
            .groups
            .len()
            .checked_sub(1)
            .ok_or_else(|| fail("no group exists yet".into()))?,
    };
    let g = &s.groups[group];
    if g.images.is_empty() {
        return Err(fail(format!(
            "group '{}' does not contain any images",
            g.name
        )));
    }
    let frame = |image: i32| Frame {
        group,
        image,
        time: time as u8,
        x: x as i8,
        y: y as i8,
    };
    let frames: Vec<Frame> = if count < 0 {
        (0..g.images.len() as i32).map(frame).collect()
    } else {
        let image = match c.get(&["image"]) {
            Some(name) => g
                .images
                .iter()
                .position(|i| i.name == name)
                .ok_or_else(|| fail(format!("image '{name}' not found in group '{}'", g.name)))?
                as i32,
            None => -1,
        };
        vec![frame(image)]
    };
    s.sequences
        .last_mut()
        .expect("checked above")
        .frames
        .extend(frames);
    Ok(())
}

fn tileset(s: &mut State, c: &Ctx) -> Result<()> {
    let mut id = c.int(&["id"], -1);
    if id < 0 {
        id = s.generate_tileset_id(s.current_tileset.filter(|&t| t >= 0).unwrap_or(1));
    }
    let w = c.int(&["w", "width"], 0);
    let h = c.int(&["h", "height"], 0);
    if w > 0 || h > 0 {
        if w <= 0 {
            return Err(c.err("invalid or missing 'width' parameter"));
        }
        if h <= 0 {
            return Err(c.err("invalid or missing 'height' parameter"));
        }
        let mut pf = c.get(&["pf", "format"]).map_or(0, pixel_format_code);
        if pf == 0 {
            pf = s.source_target_format();
        }
        s.tilesets.push(Tileset {
            id,
            name: c.get(&["name"]).unwrap_or("").to_string(),
            tile_width: w,
            tile_height: h,
            pixel_format: pf,
            tiles: Vec::new(),
        });
        s.most_recent_tileset = Some(id);
    }
    s.current_tileset = Some(id);
    Ok(())
}

fn rotation(c: &Ctx) -> Result<u16> {
    match c.get(&["rotate", "rotation"]).map(c_int) {
        None | Some(0) => Ok(0),
        Some(r @ (90 | 180 | 270)) => Ok(r as u16),
        Some(r) => Err(c.err(format!("invalid rotation {r}: must be 0, 90, 180 or 270"))),
    }
}

fn tile_template(s: &State, c: &Ctx) -> Result<(i64, Tile)> {
    let id = s
        .current_tileset
        .ok_or_else(|| c.err("no active tileset: a tileset command must come first"))?;
    Ok((
        id,
        Tile {
            source: s.current_source,
            x: c.int(&["x"], 0) as i32,
            y: c.int(&["y"], 0) as i32,
            rotate: rotation(c)?,
            // Presence alone flips: `hflip=0` flips too.
            hflip: c.line.has(&["hflip"]),
            vflip: c.line.has(&["vflip"]),
        },
    ))
}

fn add_tiles(s: &mut State, id: i64, tiles: impl IntoIterator<Item = Tile>) {
    if let Some(ts) = s.tilesets.iter_mut().find(|t| t.id == id) {
        ts.tiles.extend(tiles);
    }
}

fn tile(s: &mut State, c: &Ctx) -> Result<()> {
    let (id, t) = tile_template(s, c)?;
    add_tiles(s, id, [t]);
    Ok(())
}

fn tile_array(s: &mut State, c: &Ctx) -> Result<()> {
    let (id, t) = tile_template(s, c)?;
    let wide = c.int(&["width", "tw", "tiles-wide"], 0).max(0) as i32;
    let high = c.int(&["height", "th", "tiles-high"], 0).max(0) as i32;
    // The reference steps rows by the tile width as well.
    let step = s.tileset(id).map_or(0, |ts| ts.tile_width) as i32;
    if step == 0 {
        return Err(c.err("tilearray: the active tileset has no tile size"));
    }
    let tiles: Vec<Tile> = (0..high)
        .flat_map(|v| {
            (0..wide).map(move |h| Tile {
                x: t.x + h * step,
                y: t.y + v * step,
                ..t
            })
        })
        .collect();
    add_tiles(s, id, tiles);
    Ok(())
}

fn load_tilemap(s: &mut State, c: &Ctx) -> Result<()> {
    let src = c
        .get(&["src"])
        .ok_or_else(|| c.err("missing tilemap path (src=)"))?;
    let ty = c
        .get(&["type"])
        .ok_or_else(|| c.err("missing tilemap type (type=tiled:tmx)"))?;
    if ty != "tiled:tmx" {
        return Err(c.err(format!(
            "failed to load tilemap {src}: type '{ty}' is not 'tiled:tmx'"
        )));
    }
    let data = c.load(src)?;
    let text = String::from_utf8_lossy(&data);
    let map = super::tmx::parse(&text)
        .map_err(|e| c.err(format!("failed to load tilemap {src}: {e}")))?;
    s.source_map = Some(map);
    Ok(())
}

fn tilemap(s: &mut State, c: &Ctx) -> Result<()> {
    let u = |names: &[&str], d: i64| c.int(names, d) as u32;
    let id = u(&["id"], 0);
    let x = u(&["x"], 0);
    let y = u(&["y"], 0);
    let mut width = u(&["width"], 0);
    let mut height = u(&["height"], 0);
    let block_size = u(&["blksize", "blocksize"], 8);
    let mut tile_size = u(&["tilesize"], 0);
    let layer_id = u(&["layer"], 0);
    let map = s
        .source_map
        .as_ref()
        .ok_or_else(|| c.err("no tilemap has been loaded"))?;
    let layer = map.layer(layer_id).ok_or_else(|| {
        c.err(format!(
            "layer {layer_id} not found in tilemap (TMX layer ids start at 1)"
        ))
    })?;
    if block_size == 0 || !block_size.is_power_of_two() {
        return Err(c.err(format!(
            "invalid block size {block_size}: must be a power of two"
        )));
    }
    if layer.tiles.is_empty() {
        return Err(c.err(format!("layer {layer_id} is empty")));
    }
    if x >= layer.width || y > layer.height {
        return Err(c.err(format!(
            "coordinates ({x},{y}) are outside of the tilemap area"
        )));
    }
    if width == 0 {
        width = layer.width - x;
    }
    if height == 0 {
        height = layer.height - y;
    }
    if width == 0 || height == 0 {
        return Err(c.err(format!("dimensions ({width},{height}) are too small")));
    }
    if tile_size == 0 {
        let largest = layer.tiles.iter().copied().max().unwrap_or(0);
        let bits = 64 - largest.leading_zeros();
        tile_size = bits.min(32).div_ceil(8);
    }
    let mut tm = TileMap::new(id, width, height, block_size, tile_size);
    for iy in y..y + height {
        for ix in x..x + width {
            tm.set(ix, iy, layer.get(ix, iy));
        }
    }
    s.tilemaps.push(tm);
    Ok(())
}

fn export(s: &mut State, c: &Ctx) -> Result<()> {
    let export_type = match c.get(&["type"]) {
        None => None,
        Some(v) if same_name(v, "gbin") => Some(ExportType::Gbin),
        Some(v) if same_name(v, "definitions") => Some(ExportType::Definitions),
        Some(v) => return Err(c.err(format!("unknown export type '{v}' (gbin or definitions)"))),
    };
    let formats = [
        ("binary", ExportFormat::Binary),
        ("cheader", ExportFormat::CHeader),
        ("c_array", ExportFormat::CArray),
        ("cpp_vector", ExportFormat::CppVector),
        ("cpp_stdarray", ExportFormat::CppStdArray),
    ];
    let format = match c.get(&["format"]) {
        None => None,
        Some(v) => Some(
            formats
                .iter()
                .find(|(n, _)| same_name(v, n))
                .map(|(_, f)| *f)
                .ok_or_else(|| c.err(format!("unknown export format '{v}'")))?,
        ),
    };
    s.exports.push(Export {
        line: c.line.number,
        filename: c.get(&["filename", "path"]).unwrap_or("").to_string(),
        name: c.get(&["name"]).unwrap_or("").to_string(),
        section: c.get(&["section"]).unwrap_or("").to_string(),
        export_type,
        format,
    });
    Ok(())
}

/// The reference's FourCC: up to four bytes, stopping at a NUL.
fn fourcc(s: &str) -> [u8; 4] {
    let mut out = [0u8; 4];
    for (o, b) in out.iter_mut().zip(s.bytes().take_while(|&b| b != 0)) {
        *o = b;
    }
    out
}

fn file_cmd(s: &mut State, c: &Ctx) -> Result<()> {
    let src = c
        .get(&["src"])
        .ok_or_else(|| c.err("missing file path (src=)"))?;
    let data = c.load(src)?;
    if data.is_empty() {
        return Err(c.err(format!("failed to load file '{src}': it is empty")));
    }
    let mut file_type = c.get(&["type"]).map_or([0; 4], fourcc);
    if file_type == [0; 4] {
        if let Some((_, ext)) = src.rsplit_once('.') {
            if (1..=4).contains(&ext.len()) {
                file_type = fourcc(&ext.to_ascii_uppercase());
            }
        }
    }
    s.files.push(FileAsset {
        name: c.get(&["name"]).unwrap_or(src).to_string(),
        file_type,
        data,
    });
    Ok(())
}

fn colour_map(s: &mut State, c: &Ctx) -> Result<()> {
    let name = c
        .get(&["name"])
        .ok_or_else(|| c.err("name not specified for colour map"))?;
    let src = c.get(&["src"]);
    if s.colour_maps.iter().any(|m| m.name == name) {
        return match src {
            // Selecting a map has no effect on the output.
            None => Ok(()),
            Some(src) => Err(c.err(format!(
                "colour map '{name}' already exists: unable to load from file '{src}'"
            ))),
        };
    }
    let src = src.unwrap_or("");
    let is_gpl = Path::new(src)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gpl"));
    let colours = if is_gpl {
        super::palette::parse_gpl(&c.load(src)?)
    } else {
        Vec::new()
    };
    if colours.is_empty() {
        let why = if is_gpl {
            "it holds no colours"
        } else {
            "only GIMP .gpl palettes are supported"
        };
        return Err(c.err(format!("failed to load colour map file '{src}': {why}")));
    }
    s.colour_maps.push(ColourMap {
        name: name.to_string(),
        colours,
    });
    Ok(())
}

/// Parsed and checked as the reference does, and stored nothing: the reference never
/// implemented sample storage. Our `sound` command stores samples.
fn sound_sample(_s: &mut State, _c: &Ctx) -> Result<()> {
    Ok(())
}

fn sample_format(v: Option<&str>) -> u8 {
    match v.map(str::to_ascii_uppercase).as_deref() {
        Some("U8") => 1,
        Some("S16") => 2,
        Some("U16") => 3,
        _ => 0,
    }
}

/// `sound,src=FILE,srcformat=S16,srcrate=22050[,format=S8][,rate=11025]`: stores a raw
/// little-endian sample, converted to `format` and resampled to `rate`.
fn sound(s: &mut State, c: &Ctx) -> Result<()> {
    let src = c
        .get(&["src"])
        .ok_or_else(|| c.err("missing sample path (src=)"))?;
    let data = c.load(src)?;
    let src_format = sample_format(c.get(&["srcformat"]));
    let format = c
        .get(&["format"])
        .map_or(src_format, |f| sample_format(Some(f)));
    let src_rate = c.int(&["srcrate"], 22050);
    let rate = c.int(&["rate"], src_rate);
    // The format stores a rate in 16 bits; resampling from under 1 kHz would
    // make a sample hundreds of times its source.
    if !(1000..=65535).contains(&src_rate) || !(1000..=65535).contains(&rate) {
        return Err(c.err("sample rates must be 1000-65535 Hz"));
    }
    let normalised = super::sound::to_i16(&data, src_format);
    // From 8-bit samples at 1 kHz to 16-bit at 65.5 kHz a sample grows 131-fold.
    let out_bytes = (normalised.len() as u64 * rate as u64 / src_rate as u64).saturating_mul(2);
    c.limits
        .check_size(
            src,
            None,
            &format!("resampling from {src_rate} Hz to {rate} Hz makes"),
            out_bytes,
        )
        .map_err(|e| c.err(format!("sample {src}: {}", e.kind)))?;
    let resampled = super::sound::resample(&normalised, src_rate as u32, rate as u32);
    let samples = super::sound::from_i16(&resampled, format);
    s.sounds.push(Sound {
        rate: rate as u16,
        format,
        sample_count: resampled.len() as u32,
        samples,
    });
    Ok(())
}

/// `strings,lang=ENGB[,src=FILE]`: starts a string table; with `src`, every line of
/// the UTF-8 file is one string.
fn strings(s: &mut State, c: &Ctx) -> Result<()> {
    let lang = c
        .get(&["lang", "language"])
        .ok_or_else(|| c.err("missing language (lang=)"))?;
    let mut strings = Vec::new();
    if let Some(src) = c.get(&["src"]) {
        let text = String::from_utf8(c.load(src)?)
            .map_err(|_| c.err(format!("string file '{src}' is not UTF-8")))?;
        strings.extend(text.lines().map(str::to_string));
    }
    s.string_tables.push(StringTable {
        language: fourcc(lang),
        strings,
    });
    Ok(())
}

/// `string,text="..."`: adds a string to the current table.
fn string(s: &mut State, c: &Ctx) -> Result<()> {
    let text = c
        .get(&["text"])
        .ok_or_else(|| c.err("missing text (text=)"))?;
    let table = s
        .string_tables
        .last_mut()
        .ok_or_else(|| c.err("no string table: a strings command must come first"))?;
    table.strings.push(text.to_string());
    Ok(())
}
