//! Every section body and every compressed asset, described once as a list of
//! fields. [`super::value`] reads and writes any description, so a layout is stated in
//! one place and its reader and writer cannot disagree.
//!
//! Bytes left after the last field of a body or an asset are kept, as hex under
//! `unused`, and reported by `check`.
//!
//! Counts are not shown in the JSON: a [`F::Count`] names the list, bytecode or map
//! whose size it stores, and the writer measures that field to fill it in.

/// One field of a record.
#[derive(Debug)]
pub enum F {
    /// An unsigned byte. As in every variant, the string is the field's name in the JSON.
    U8(&'static str),
    /// Signed byte (parallax speeds).
    I8(&'static str),
    /// A little-endian u16.
    U16(&'static str),
    /// A little-endian 3-byte unsigned integer, shown as its number.
    U24(&'static str),
    /// A little-endian u32.
    U32(&'static str),
    /// Bytes shown as text, one character per byte (language codes).
    Ascii(&'static str, usize),
    /// A u32 ABGR colour, shown as 8 hex digits of its value.
    Color(&'static str),
    /// An offset into the string section, of 3 or 4 bytes, shown as the string.
    Str(&'static str, u8),
    /// An index of a translatable text, of 3 or 4 bytes.
    Text(&'static str, u8),
    /// 1 byte sprite category and 2 bytes sprite index, shown as `tiles/5`.
    Sprite(&'static str),
    /// 1 byte style, 1 byte size, 3 bytes font string.
    Font(&'static str),
    /// An integer of the given width split into named bit fields, low bits first.
    Bits(u8, &'static [(&'static str, u8)]),
    /// How many items (for a list) or bytes (for bytecode and maps) the named field
    /// holds, in a field of the given width.
    Count(&'static str, u8),
    /// A list whose length a [`F::Count`] of the same name gives.
    Rep(&'static str, &'static [F]),
    /// A list of a fixed length.
    Fixed(&'static str, usize, &'static [F]),
    /// A list of the header's number of transportation methods.
    PerTransport(&'static str, &'static [F]),
    /// Records up to the end of the body.
    Rest(&'static str, &'static [F]),
    /// Script bytecode, its byte length from a [`F::Count`].
    Code(&'static str),
    /// Script bytecode filling the rest of the body.
    CodeRest(&'static str),
    /// width x height bytes, the two sizes being earlier fields.
    Mask(&'static str, &'static str, &'static str),
    /// RLE-compressed map layers, the compressed size from a [`F::Count`].
    Map(&'static str),
    /// Zero-terminated strings up to the end of the body.
    Strings(&'static str),
    /// An asset descriptor's u64 offset and u32 length, and what the asset holds.
    Asset(&'static str, Asset),
    /// The rest of the record chosen by the value of an earlier field.
    Switch(&'static str, &'static [(&'static [u32], &'static [F])]),
}

/// What an asset holds.
#[derive(Debug, Clone, Copy)]
pub enum Asset {
    /// A file in a standard format, stored as it is: the extension to extract it as.
    File(&'static str),
    /// zlib-compressed data laid out as the record.
    Packed(&'static [F]),
}

use F::*;

/// How a section body is laid out.
pub struct Body {
    /// The name used in JSON and folder names.
    pub kind: &'static str,
    /// Size of every record, when the body is a list of equal records.
    pub record: Record,
    /// The body's fields, in file order.
    pub fields: &'static [F],
}

/// What the spec calls a section's records: `info` counts them, and a section of
/// fixed-size records must be a whole number of them.
pub enum Record {
    /// The body is one record (the main menu, the HUD).
    Whole,
    /// Records of varying size: the items of the named list.
    Varying(&'static str),
    /// Records of this many bytes each: the body must be a whole number of them.
    Fixed(u64),
    /// 2 bytes, then 5 per transportation method.
    TileMeta,
}

const SCRIPT: Asset = Asset::Packed(&[CodeRest("script")]);

const fn files(ext: &'static str, name: F) -> [F; 2] {
    [Asset("asset", Asset::File(ext)), name]
}

const NAMED_OGG: [F; 2] = files("ogg", Str("name", 4));
const NAMED_SFN: [F; 2] = files("sfn", Str("name", 4));
const NAMED_OGV: [F; 2] = files("ogv", Str("name", 4));
const NAMED_PNG: [F; 2] = files("png", Str("name", 4));
const ATLAS_PNG: [F; 2] = files("png", U32("zero"));
const ATTR_REQ: [F; 3] = [U8("relation"), Str("attribute", 3), U32("value")];
const EVENT: [F; 4] = [
    U8("event"),
    U24("parameter"),
    Count("script", 3),
    Code("script"),
];
const SPRITE_MAP: [F; 5] = [
    U16("width"),
    U16("height"),
    Bits(1, &[("direction", 6), ("loop", 2)]),
    Count("frames", 1),
    Rep(
        "frames",
        &[
            Bits(2, &[("atlas", 12), ("operation", 4)]),
            U16("x"),
            U16("y"),
            U16("width"),
            U16("height"),
            U16("left"),
            U16("top"),
        ],
    ),
];
const SPRITES: [F; 3] = [
    Asset("asset", Asset::Packed(&[Rest("animations", &SPRITE_MAP)])),
    U24("zero"),
    U8("directions"),
];
const FONT_SPEC: [F; 2] = [Font("font"), U16("padding")];

const CHOOSER: [F; 6] = [
    U16("left"),
    U16("top"),
    U16("horizontal_padding"),
    U16("vertical_padding"),
    Count("options", 2),
    Rep(
        "options",
        &[
            U8("position"),
            Fixed("sprites", 3, &[U16("sprite")]),
            U8("required_type"),
            Str("required", 3),
            U32("required_value"),
            U8("required2_type"),
            Str("required2", 3),
            U32("required2_value"),
            U8("provided_type"),
            Str("provided", 3),
            U32("provided_value"),
        ],
    ),
];

const CUTSCENE: [F; 12] = [
    Str("movie", 3),
    Str("music", 3),
    Str("loop_movie", 3),
    Str("loop_music", 3),
    Count("slides", 2),
    Count("speeches", 2),
    Count("subtitles", 2),
    Count("script", 3),
    Rep(
        "slides",
        &[
            U24("start"),
            U24("fade_in"),
            U24("fade_out"),
            U24("end"),
            Color("color"),
            Sprite("image"),
        ],
    ),
    Rep("speeches", &[U24("start"), Str("speech", 3)]),
    Rep(
        "subtitles",
        &[
            U24("start"),
            U24("fade_in"),
            U24("fade_out"),
            U24("end"),
            Color("color"),
            U8("x"),
            U8("y"),
            U8("align"),
            Font("font"),
            Text("text", 3),
        ],
    ),
    Code("script"),
];

const CHAR_OPTION: [F; 4] = [
    Text("name", 3),
    Sprite("palettes"),
    Count("options", 1),
    Rep(
        "options",
        &[
            Text("name", 3),
            Text("description", 3),
            Count("attributes", 1),
            Count("inventory", 1),
            Count("sprites", 1),
            Rep("attributes", &ATTR_REQ),
            Rep(
                "inventory",
                &[U8("quantity"), U8("category"), U16("object")],
            ),
            Rep("sprites", &[Sprite("sprite")]),
        ],
    ),
];

const NPC: [F; 13] = [
    Text("name", 3),
    U8("behaviour"),
    U16("speed"),
    U16("direction_change"),
    U8("patrol_path"),
    Count("attributes", 1),
    Count("inventory", 1),
    Count("sprites", 1),
    Count("events", 1),
    Rep("attributes", &ATTR_REQ),
    Rep(
        "inventory",
        &[
            U8("chance"),
            U24("quantity"),
            U24("resupply_minutes"),
            U8("category"),
            U16("object"),
        ],
    ),
    Rep("sprites", &[Sprite("sprite")]),
    Rep("events", &EVENT),
];

const SPAWNER: [F; 4] = [
    U8("max_npcs"),
    U24("respawn"),
    Count("kinds", 2),
    Rep(
        "kinds",
        &[
            Str("required", 3),
            U8("relation"),
            U32("required_value"),
            Str("provided", 3),
            U32("provided_value"),
            Sprite("spawn_animation"),
            Sprite("npc"),
        ],
    ),
];

const DIALOG: [F; 7] = [
    Text("title", 3),
    Text("description", 3),
    Str("speech", 3),
    Sprite("portrait"),
    U8("portrait_left"),
    Count("answers", 1),
    Rep(
        "answers",
        &[
            Str("required", 3),
            U8("relation"),
            U32("required_value"),
            Str("provided", 3),
            U32("provided_value"),
            Str("speech", 3),
            Text("text", 3),
        ],
    ),
];

const OBJECT: [F; 27] = [
    Text("name", 3),
    U16("mask_width"),
    U16("mask_height"),
    U8("action_group"),
    Sprite("inventory_sprite"),
    Str("placement_sound", 3),
    U24("price"),
    U16("price_unit"),
    U8("category"),
    Sprite("projectile"),
    U24("projectile_duration"),
    Sprite("ammo"),
    U8("layering"),
    U32("equipment_mask"),
    Count("sounds", 1),
    Count("required", 1),
    Count("modifiers", 1),
    Count("sprite_modifiers", 1),
    Count("events", 1),
    Mask("collision", "mask_width", "mask_height"),
    Fixed("equipped_sprites", 32, &[Sprite("sprite")]),
    Rep("sounds", &[Str("sound", 3)]),
    Fixed("slot_sprites", 32, &[Sprite("sprite")]),
    Rep("required", &ATTR_REQ),
    Rep(
        "modifiers",
        &[U8("type"), Str("attribute", 3), U32("value")],
    ),
    Rep(
        "sprite_modifiers",
        &[Text("option", 3), Fixed("sprites", 40, &[Sprite("sprite")])],
    ),
    Rep("events", &EVENT),
];

const CRAFT: [F; 7] = [
    Text("title", 3),
    Text("description", 3),
    Str("sound", 3),
    Sprite("portrait"),
    U8("order_irrelevant"),
    Count("recipes", 1),
    Rep(
        "recipes",
        &[
            U16("quantity"),
            U16("product"),
            Fixed("ingredients", 16, &[U16("quantity"), U16("object")]),
        ],
    ),
];

const QUEST: [F; 5] = [
    U8("global"),
    Text("title", 3),
    Text("description", 3),
    Count("script", 3),
    Code("script"),
];

const MAP: [F; 11] = [
    Text("title", 3),
    Fixed("neighbours", 6, &[Str("map", 3)]),
    U16("daylight_minutes"),
    Sprite("daylight"),
    Str("music", 3),
    Count("parallaxes", 1),
    Count("paths", 1),
    Count("layers", 3),
    Rep(
        "parallaxes",
        &[
            U8("background"),
            I8("speed_x"),
            U8("delta_x"),
            I8("speed_y"),
            U8("delta_y"),
            U16("interval"),
            Sprite("sprite"),
        ],
    ),
    Rep(
        "paths",
        &[
            U8("id"),
            Count("points", 2),
            Rep("points", &[U16("x"), U16("y")]),
        ],
    ),
    Map("layers"),
];

const ATTRIBUTE_KINDS: [(&[u32], &[F]); 3] = [
    (&[0], &[Str("name", 3), Text("title", 3)]),
    (
        &[1, 3],
        &[
            Str("name", 3),
            Text("title", 3),
            U32("default"),
            Count("script", 3),
            Code("script"),
        ],
    ),
    (
        &[2, 4],
        &[
            Str("name", 3),
            Text("title", 3),
            Count("script", 2),
            Code("script"),
        ],
    ),
];

const fn body(kind: &'static str, record: Record, fields: &'static [F]) -> Body {
    Body {
        kind,
        record,
        fields,
    }
}

const ENTRY16: Record = Record::Fixed(16);

/// A list of descriptors of compressed assets, each named by a string.
macro_rules! packed {
    ($kind:literal, $list:literal, $layout:expr) => {
        body(
            $kind,
            ENTRY16,
            &[Rest(
                $list,
                &[Asset("asset", Asset::Packed(&$layout)), Str("name", 4)],
            )],
        )
    };
}

/// The layout of section `kind`, or `None` for the reserved and unknown types.
pub fn section(kind: u8, main_menu_len: u64) -> Option<Body> {
    Some(match kind {
        0 => body("strings", Record::Varying("strings"), &[Strings("strings")]),
        1 => body(
            "translations",
            Record::Varying("speech"),
            &[
                Ascii("language", 2),
                Asset("texts", Asset::Packed(&[Strings("texts")])),
                Text("name", 4),
                Rest("speech", &NAMED_OGG),
            ],
        ),
        2 => body("fonts", ENTRY16, &[Rest("fonts", &NAMED_SFN)]),
        3 => body("music", ENTRY16, &[Rest("music", &NAMED_OGG)]),
        4 => body("sounds", ENTRY16, &[Rest("sounds", &NAMED_OGG)]),
        5 => body("movies", ENTRY16, &[Rest("movies", &NAMED_OGV)]),
        6 => body("atlases", ENTRY16, &[Rest("atlases", &ATLAS_PNG)]),
        7 => body("ui-sprites", ENTRY16, &[Rest("sprites", &SPRITES)]),
        8 => body("tile-sprites", ENTRY16, &[Rest("sprites", &SPRITES)]),
        9 => body("character-sprites", ENTRY16, &[Rest("sprites", &SPRITES)]),
        10 => body("portrait-sprites", ENTRY16, &[Rest("sprites", &SPRITES)]),
        11 => body("backgrounds", ENTRY16, &[Rest("backgrounds", &NAMED_PNG)]),
        16 => body(
            "ui-elements",
            Record::Varying("sprites"),
            &[
                Count("colors", 1),
                Rep("colors", &[Color("color")]),
                Count("fonts", 1),
                Rep("fonts", &FONT_SPEC),
                Count("sounds", 1),
                Rep("sounds", &[Str("sound", 3)]),
                Rest("sprites", &[Sprite("sprite")]),
            ],
        ),
        17 if main_menu_len == 3 => body("main-menu", Record::Whole, &[Str("intro", 3)]),
        17 => body(
            "main-menu",
            Record::Whole,
            &[
                Str("intro", 3),
                Str("music", 3),
                Str("movie", 3),
                Sprite("background"),
                Count("parallaxes", 1),
                Rep(
                    "parallaxes",
                    &[U16("dx"), U16("dy"), U16("time"), Sprite("sprite")],
                ),
                Sprite("title_image"),
                U8("flags"),
                Color("title_color"),
                Color("title_shadow"),
                Font("title_font"),
                Str("website", 3),
                U16("button_padding"),
                Font("button_font"),
                Count("buttons", 1),
                Rep(
                    "buttons",
                    &[
                        Color("color"),
                        Sprite("left"),
                        Sprite("background"),
                        Sprite("right"),
                    ],
                ),
                Color("chart_color"),
                Color("chart_background"),
            ],
        ),
        18 => body(
            "hud",
            Record::Whole,
            &[
                Sprite("navigator"),
                Sprite("action_buttons"),
                Sprite("itembar_background"),
                Sprite("itembar_foreground"),
                Fixed("itembar", 7, &[U8("value")]),
                U8("statusbar_separate"),
                Sprite("statusbar_background"),
                Sprite("statusbar_foreground"),
                Sprite("inventory_icon"),
                Sprite("inventory_pressed"),
                Fixed("inventory_slot", 4, &[U8("value")]),
                Font("items_font"),
                Sprite("slot_background"),
                Sprite("slot_selected"),
                Sprite("equipment_background"),
                Count("progress_bars", 1),
                Rep(
                    "progress_bars",
                    &[
                        U8("type"),
                        U16("left"),
                        U16("top"),
                        Str("value", 3),
                        Str("max", 3),
                        Sprite("sprite"),
                        Sprite("background"),
                    ],
                ),
            ],
        ),
        19 => body(
            "equipment-slots",
            Record::Fixed(4),
            &[Rest("slots", &[U16("left"), U16("top")])],
        ),
        20 => body(
            "alerts",
            Record::Varying("alerts"),
            &[
                Font("font"),
                U16("display_time"),
                U16("fade_in_end"),
                U16("fade_out_start"),
                Count("alerts", 1),
                Rep(
                    "alerts",
                    &[Color("color"), Str("sound", 3), Text("text", 3)],
                ),
            ],
        ),
        21 => body(
            "credits",
            Record::Varying("categories"),
            &[
                Str("music", 3),
                Sprite("background"),
                Color("header_color"),
                Font("header_font"),
                Color("names_color"),
                Font("names_font"),
                Rest(
                    "categories",
                    &[
                        Ascii("category", 1),
                        Count("authors", 2),
                        Rep("authors", &[Str("author", 3)]),
                    ],
                ),
            ],
        ),
        22 => packed!("choosers", "choosers", CHOOSER),
        23 => packed!("cutscenes", "cutscenes", CUTSCENE),
        24 => body(
            "startup-scripts",
            ENTRY16,
            &[Rest("scripts", &[Asset("asset", SCRIPT), U32("interval")])],
        ),
        25 => body(
            "attributes",
            Record::Varying("attributes"),
            &[
                U16("free_total"),
                U16("free_max"),
                Count("engine", 1),
                Rep("engine", &[Str("attribute", 3)]),
                Count("attributes", 2),
                Rep(
                    "attributes",
                    &[U8("type"), Switch("type", &ATTRIBUTE_KINDS)],
                ),
            ],
        ),
        26 => body(
            "actions",
            ENTRY16,
            &[Rest("actions", &[Asset("asset", SCRIPT), Str("range", 4)])],
        ),
        27 => packed!("character-options", "groups", CHAR_OPTION),
        28 => packed!("npcs", "npcs", NPC),
        29 => packed!("spawners", "spawners", SPAWNER),
        30 => packed!("dialogs", "dialogs", DIALOG),
        31 => body(
            "objects",
            ENTRY16,
            &[Rest(
                "objects",
                &[
                    Asset("asset", Asset::Packed(&OBJECT)),
                    U16("sprite"),
                    U16("zero"),
                ],
            )],
        ),
        32 => packed!("crafting", "crafting", CRAFT),
        33 => body(
            "tile-meta",
            Record::TileMeta,
            &[Rest(
                "tiles",
                &[
                    U16("sprite"),
                    PerTransport("transports", &[U16("speed"), Str("sound", 3)]),
                ],
            )],
        ),
        34 => packed!("quests", "quests", QUEST),
        35 => packed!("maps", "maps", MAP),
        _ => return None,
    })
}
