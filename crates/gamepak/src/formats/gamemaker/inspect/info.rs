//! `info` for a GameMaker file: GEN8, the inferred version and its evidence, the chunk
//! table, counts per resource type, and which chunks were kept as stored.

use serde_json::{json, Map, Value};

use crate::bytes::Endian;
use crate::formats::gamemaker::inspect::release;
use crate::formats::gamemaker::model::chunks::Body;
use crate::formats::gamemaker::model::kinds::RESOURCES;
use crate::formats::gamemaker::pictures::page_codecs::page_size;
use crate::formats::gamemaker::views::file_view::FileView;
use crate::fourcc::FourCC;

/// What info counts beside the kinds of resource: chunks of entries that are not
/// resources.
const ENTRIES: [(FourCC, &str); 3] = [
    (FourCC::TPAG, "texture_page_items"),
    (FourCC::STRG, "strings"),
    (FourCC::AUDO, "embedded_audio"),
];

pub fn info(game: &FileView<'_>) -> Value {
    let g = &game.gen8;
    let mut m = Map::new();
    m.insert(
        "byte_order".into(),
        json!(match game.form.endian {
            Endian::Little => "little-endian (FORM)",
            Endian::Big => "big-endian (MROF)",
        }),
    );
    m.insert("bytecode".into(), json!(g.bytecode));
    m.insert("name".into(), json!(g.name));
    m.insert("display_name".into(), json!(g.display_name));
    m.insert("file_name".into(), json!(g.file_name));
    m.insert(
        "window".into(),
        json!(format!("{}x{}", g.window[0], g.window[1])),
    );
    m.insert("timestamp".into(), json!(g.timestamp));
    m.insert(
        "gen8_version".into(),
        json!(format!(
            "{}.{}.{}.{}",
            g.version[0], g.version[1], g.version[2], g.version[3]
        )),
    );
    m.insert("code".into(), json!(code_kind(game)));
    let v = release::infer(game);
    m.insert("gamemaker_version".into(), json!(v.range));
    m.insert("version_evidence".into(), json!(v.evidence));
    m.insert(
        "chunk_alignment".into(),
        json!(format!(
            "{} bytes (every chunk but the first starts on it)",
            game.form.alignment()
        )),
    );
    let chunks: Vec<Value> = game
        .form
        .chunks
        .iter()
        .map(|c| json!({"name": c.name, "offset": c.offset, "size": c.body.len()}))
        .collect();
    m.insert("chunks".into(), Value::Array(chunks));
    let mut counts = Map::new();
    let kinds = RESOURCES.iter().map(|r| (r.chunk, r.listed));
    for (chunk, what) in kinds.chain(ENTRIES) {
        let listed = game.model.chunks.iter().find(|p| p.name == chunk);
        if let Some(n) = listed.and_then(|p| count(&p.body)) {
            counts.insert(what.into(), json!(n));
        }
    }
    counts.insert(
        "sprite_frames".into(),
        json!(game.sprites.iter().map(|s| s.items.len()).sum::<usize>()),
    );
    let pages = game.pages();
    counts.insert("texture_pages".into(), json!(pages.len()));
    for f in ["png", "qoi", "bz2-qoi"] {
        let n = pages.iter().filter(|p| p.format.name() == f).count();
        if n > 0 {
            counts.insert(format!("texture_pages_{}", f.replace('-', "_")), json!(n));
        }
    }
    m.insert("counts".into(), Value::Object(counts));
    let sizes: Vec<String> = pages
        .iter()
        .map(|p| page_size(p).map_or("?".into(), |(w, h)| format!("{w}x{h}")))
        .collect();
    m.insert("texture_page_sizes".into(), json!(sizes.join(", ")));
    model_coverage(game, &mut m);
    if game.form.trailing > 0 {
        m.insert("bytes_after_form".into(), json!(game.form.trailing));
    }
    Value::Object(m)
}

/// How the game's code runs. A YYC build's code is compiled into the runner, so the
/// file holds no CODE, VARI or FUNC chunk, or an empty CODE.
fn code_kind(game: &FileView<'_>) -> &'static str {
    match game.form.chunk(FourCC::CODE) {
        Some(c) if !c.body.is_empty() => "bytecode, run by the runner's interpreter (VM)",
        _ => "compiled into the runner (YYC): the file holds no bytecode",
    }
}

/// How many entries a chunk's list holds, null ones included; `None` for a chunk
/// the model keeps as stored.
fn count(body: &Body<'_>) -> Option<usize> {
    match body {
        Body::TextureItems(t) => Some(t.items.len()),
        Body::Strings(s) => Some(s.list.len()),
        Body::Audio(a) => Some(a.clips.len()),
        Body::Code(c) => Some(c.entries.len()),
        b => b.names().map(|n| n.len()),
    }
}

/// What the typed model makes of the file: the release whose layout its chunks read
/// in, and the chunks it keeps as stored, each with the reason.
fn model_coverage(game: &FileView<'_>, m: &mut Map<String, Value>) {
    let model = &game.model;
    let typed = model
        .chunks
        .iter()
        .filter(|p| !matches!(p.body, Body::Stored { .. } | Body::Empty));
    if let Some(release) = typed.map(|p| p.version).min() {
        m.insert("chunk_layouts_read_as".into(), json!(release.to_string()));
    }
    let stored = model.stored();
    let stored = if stored.is_empty() {
        "none".to_string()
    } else {
        stored.join("; ")
    };
    m.insert("not_modelled_kept_as_stored".into(), json!(stored));
}
