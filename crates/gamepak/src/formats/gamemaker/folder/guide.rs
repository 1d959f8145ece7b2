//! The `README.md` extract writes into a GameMaker game's folder: what this game's
//! folder holds, file by file, and how to edit, add and rename, in the words of
//! this game's release (layers from 2.0, functions from 2.3, the audio groups it
//! has). pack reads nothing from it.

use std::fmt::Write;

use crate::formats::gamemaker::folder::layout::{self, Place};
use crate::formats::gamemaker::folder::manifest::Manifest;
use crate::formats::gamemaker::inspect::release;
use crate::formats::gamemaker::model::chunks::room::Rooms;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::views::file_view::FileView;
use crate::fourcc::FourCC;

/// The guide's file name in the folder.
pub const GUIDE: &str = "README.md";

/// A file or folder of an extracted game: a chunk's, named where its declaration
/// places it, or another.
#[derive(Clone, Copy)]
enum Named {
    Chunk(FourCC),
    Other(&'static str),
}

impl Named {
    /// Its name in the folder.
    fn file(self) -> &'static str {
        match self {
            Named::Other(name) => name,
            Named::Chunk(chunk) => match layout::place(chunk) {
                Place::File(file) => file,
                Place::Split { folder, .. } => folder,
                Place::None => "",
            },
        }
    }
}

use Named::{Chunk, Other};

/// What each file or folder an extracted game can hold is, and whether it is
/// edited by hand.
const FILES: &[(Named, &str)] = &[
    (Chunk(FourCC::GEN8), "the game's settings (GEN8): name, window size, flags, the room order. `last_object_id` and `last_tile_id` are kept past every instance and tile id by pack."),
    (Chunk(FourCC::OPTN), "the game's options (OPTN): window and graphics flags, constants."),
    (Chunk(FourCC::LANG), "the game's languages (LANG)."),
    (Chunk(FourCC::EXTN), "the extensions the game uses (EXTN), with their functions."),
    (Chunk(FourCC::AGRP), "the audio groups (AGRP): a sound's `group` is its index in this list."),
    (Chunk(FourCC::SOND), "one file per sound (SOND): its volume, pitch, audio group (`group`) and the clip it plays (`clip`, an index into that group's clips)."),
    (Chunk(FourCC::SPRT), "one folder per sprite (SPRT): `sprite.json` (origin, bounding box, mask settings) beside its frames `000.png`, `001.png`… and its collision masks `mask-NNN.png` (white collides)."),
    (Chunk(FourCC::BGND), "one file per background or tile set (BGND), beside its picture."),
    (Chunk(FourCC::PATH), "one file per path (PATH): its points."),
    (Chunk(FourCC::SCPT), "the scripts (SCPT): each names the code entry it runs."),
    (Chunk(FourCC::SHDR), "one folder per shader (SHDR): `shader.json` and its sources, beside its compiled blobs."),
    (Chunk(FourCC::FONT), "one file per font (FONT): its size (`15.0` where the game stores it as a float), glyphs and the picture they are cut from."),
    (Chunk(FourCC::TMLN), "one file per timeline (TMLN): the code each moment runs."),
    (Chunk(FourCC::OBJT), "one file per object (OBJT): its sprite, parent (by name, null for none), depth, flags and events, each event naming the code entry it runs."),
    (Chunk(FourCC::ROOM), "one file per room (ROOM): its size, views, instances (each with an `id` unique in the game, an `object` and a place), tiles and layers. A tile layer's map is a line per row: its tiles left to right, `-1` for none, a repeated tile once with `*` and its count (`-1*40`)."),
    (Chunk(FourCC::SEQN), "one file per sequence (SEQN)."),
    (Chunk(FourCC::ACRV), "one file per animation curve (ACRV)."),
    (Chunk(FourCC::PSYS), "one file per particle system (PSYS)."),
    (Chunk(FourCC::PSEM), "one file per particle emitter (PSEM)."),
    (Chunk(FourCC::CODE), "the code entries (CODE): each entry's name, arguments and locals. Their code is in `code/`."),
    (Other("code"), "each code entry's code: `NNN-name.gml`, its GML, and `NNN-name.asm`, its disassembly. Edit either one, not both."),
    (Chunk(FourCC::VARI), "the variables the code names (VARI). pack adds new ones from the code."),
    (Chunk(FourCC::FUNC), "the functions the code calls (FUNC). pack adds new ones from the code."),
    (Chunk(FourCC::GLOB), "the code GameMaker runs at the start (GLOB)."),
    (Other("strings.json"), "every string of the game (STRG) in table order: the texts it shows and the names of its resources, variables and functions alike. Records name strings by their text, so edit a text here only where it is shown; see \"Texts and names\"."),
    (Other("text.json"), "the texts the game shows or works with as text, apart from the names: each string code pushes, each room caption and the display name, with what uses it and what it also names. Edit a text here: it changes that text alone, and a name that shared its string keeps it."),
    (Other("textures"), "the texture pages the sprites, backgrounds and fonts are cut from, as PNG."),
    (Chunk(FourCC::TXTR), "the texture pages (TXTR): size and format of each."),
    (Chunk(FourCC::TPAG), "where each picture lies on its page (TPAG). pack places new and resized frames itself."),
    (Chunk(FourCC::TGIN), "the texture groups (TGIN)."),
    (Chunk(FourCC::EMBI), "images the runner uses (EMBI)."),
    (Chunk(FourCC::TAGS), "the asset tags (TAGS)."),
    (Chunk(FourCC::FEAT), "the runner features the game uses (FEAT)."),
    (Chunk(FourCC::DAFL), "the included files (DAFL)."),
    (Chunk(FourCC::FEDS), "the filter and effect layers' effects (FEDS)."),
    (Chunk(FourCC::UILR), "the UI layers (UILR)."),
    (Other("audio"), "the game's own sound clips (AUDO), `NNN-name.wav` or `.ogg`, as stored; a sound plays clip NNN."),
    (Other("audiogroups"), "each audio group file found beside the game, extracted into a folder of its own, packed back beside the game."),
    (Other("raw"), "what pack copies while its edited form is unchanged: the string table, the instruction blobs and the pages that are not PNG, as extracted. Do not edit."),
    (Other("chunks"), "chunks whose layout gamepak does not know, kept as stored. Do not edit."),
    (Other("gamepak.toml"), "what pack needs beyond the records: the chunks in order, the files each lists and their checksums as extracted. Do not edit by hand; comments inside say what each part is."),
];

/// The guide for `game`, extracted as `m` lists it.
pub fn guide(game: &FileView<'_>, m: &Manifest) -> String {
    let model = &game.model;
    let v = release::infer(game);
    let since = |v: Version| m.chunks.iter().any(|c| c.version >= v);
    let has = |what: Named| holds(m, what);
    let mut out = String::new();
    let name = &game.gen8.name;
    let shown = match game.gen8.display_name.as_str() {
        "" => String::new(),
        d if d == name => String::new(),
        d => format!(" (shown as \"{d}\")"),
    };
    let _ = write!(
        out,
        "# {name}: an extracted GameMaker game\n\n\
         This folder is the game `{name}`{shown}, as `gamepak extract` wrote it \
         (release: {}; bytecode {}). It is a project: `gamepak pack FOLDER -o \
         FILE` builds the game from this folder alone, byte for byte the same while \
         nothing is edited. Edit what is below, pack, and run `gamepak check FILE` on \
         the result.\n\n",
        v.range, game.gen8.bytecode
    );
    out.push_str("## What is here\n\n| file | what it is |\n|---|---|\n");
    for &(named, what) in FILES {
        let file = named.file();
        if has(named) {
            let shown = if file.contains('.') {
                file.to_string()
            } else {
                format!("{file}/")
            };
            let _ = writeln!(out, "| `{shown}` | {what} |");
        }
    }
    out.push_str(&format!(
        "| `{GUIDE}` | this guide; pack reads nothing from it. |\n\n"
    ));
    out.push_str(EDITING);
    let layers = model.get::<Rooms>().is_some_and(|r| {
        r.rooms
            .iter()
            .flatten()
            .any(|r| r.layers.iter().flatten().next().is_some())
    });
    out.push_str("## Adding\n\n### An instance\n\n");
    out.push_str(
        "Copy an entry of the room's `instances` in `rooms/NNN-name.json`, set its `x`, \
         `y` and `object` (by name), and give it an `id` no instance of the game has: \
         one past the highest is safe. pack keeps `last_object_id` in `general.json` \
         past it.",
    );
    if layers {
        out.push_str(
            " A room with layers creates only the instances its instance layers list: \
             add the id to the `instances` of one of the room's layers (`\"data\": \
             {\"instances\": [...]}`), which sets its depth. When the room has exactly \
             one instance layer, pack puts it there for you.",
        );
    }
    out.push_str("\n\n### A sprite\n\n");
    out.push_str(
        "Make a folder under `sprites/` holding its pictures, `000.png`, `001.png`… \
         (all one size), and a `sprite.json` with at least `{\"name\": \"spr_new\", \
         \"origin\": [16, 16]}`. pack puts its frames on a texture page and makes its \
         size, bounding box and collision mask from the pictures. Name it in an \
         object's `sprite` or in code.\n\n",
    );
    if has(Chunk(FourCC::SOND)) || has(Other("audio")) {
        out.push_str("### A sound\n\n");
        out.push_str(
            "Put the `.wav` or `.ogg` in `audio/` (or in an audio group's \
             `audiogroups/NAME/audio/`): it is the clip after the last, in name order, \
             and pack says which number it took. Then copy a file of `sounds/` to \
             `sounds/snd_new.json`, set its `name`, its `clip` to that number and its \
             `group` to the audio group (0 for `audio/`).",
        );
        if since(Version::V2024_6) {
            out.push_str(" pack sets its `length` from the clip.");
        }
        out.push_str("\n\n");
    }
    out.push_str("### An object\n\n");
    out.push_str(
        "Copy a file of `objects/` to `objects/obj_new.json`, set its `name`, and empty \
         its `events` of what it should not share with the object copied (an event \
         names the code it runs). Give it events in GML: \
         `code/gml_Object_obj_new_Create_0.gml` is its Create event, `_Step_0` its \
         Step, `_Draw_0` its Draw, `_Alarm_3` an alarm, `_Collision_obj_wall` a \
         collision. Place it in a room as above.\n\n",
    );
    out.push_str("### A script\n\n");
    if since(Version::V2_3) {
        out.push_str(
            "Write `scripts/NAME.gml`, holding functions: `function hurt(amount) { hp -= \
             amount; }`. Any code may call each function it declares.\n\n",
        );
    } else {
        out.push_str(
            "Write `scripts/NAME.gml`, holding the script's body: its arguments are \
             `argument0`, `argument1`… Any code may call it as `NAME(…)`.\n\n",
        );
    }
    out.push_str(RENAMING);
    out.push_str(COMPUTED);
    out.push_str(REFUSED);
    out.push_str(TEXTS);
    out
}

/// Whether the extracted folder holds `what`, a file or folder of [`FILES`].
fn holds(m: &Manifest, what: Named) -> bool {
    match what {
        Chunk(chunk) => m.chunks.iter().any(|c| {
            c.name == chunk
                && !c.empty
                && match layout::place(chunk) {
                    Place::File(file) => c.file.as_deref() == Some(file),
                    Place::Split { .. } => !c.resources.is_empty(),
                    Place::None => false,
                }
        }),
        Other("chunks") => m.chunks.iter().any(|c| !c.empty && c.stored),
        Other("code") => !m.code.is_empty(),
        Other("text.json") => m.text.is_some(),
        Other("strings.json") => m.strings.is_some(),
        Other("textures") => m.textures.is_some(),
        Other("audio") => m.audio.as_ref().is_some_and(|a| !a.is_empty()),
        Other("audiogroups") => !m.audio_groups.is_empty(),
        Other("raw") => m.code_blobs.is_some() || m.strings.is_some(),
        Other("gamepak.toml") => true,
        Other(_) => false,
    }
}

const EDITING: &str = r#"## Editing

- **JSON files**: change any value. A resource, a text or a code entry is named by its
  name, not its number. A field the record does not have is refused with the one
  meant (`visibel` gets "did you mean `visible`?"), and so is a name that names
  nothing.
- **Pictures**: repaint a sprite's frame, a background or a whole texture page. A frame
  drawn larger, or added, is placed on a page with room; a frame removed is taken out.
- **Sounds**: replace a clip's file with another `.wav` or `.ogg`.
- **Code**: edit `code/NNN-name.gml` (GML, compiled by pack as GameMaker compiles it)
  or `code/NNN-name.asm` (assembled line by line). `gamepak compile FILE GML` shows
  what a `.gml` compiles to before you pack.
- **Remove** a resource by deleting its JSON file: its place in the list stays, empty,
  so no other resource's number changes. Do not remove a sprite's or shader's folder.

"#;

const RENAMING: &str = r#"## Renaming

The number before a resource's file or folder name (`003-` in
`rooms/003-rm_level.json`) is its place in its list, which records and code refer to
it by; the rest is its name. Rename the file or folder, keeping its number, and pack
renames the resource: its name's string takes the new name, so every reference
follows, and records may name it by either name. A file or folder that loses its
number but keeps the `name` inside is followed too. Changing the `name` inside the
file instead needs every record that names it changed with it: pack lists each one
that names nothing.

"#;

const COMPUTED: &str = r#"## What pack works out for you

- every offset, size, count, pointer, padding and alignment of the file;
- `last_object_id` and `last_tile_id` in `general.json`, kept past every instance and
  tile id (a higher value is kept; a lower one set by hand is raised, with a warning);
- an instance's place on its room's only instance layer, when it is on none, and in
  the room's creation order when the room keeps one;
- a sound's `length` from its clip, when the clip changed (GameMaker 2024.6 and later
  store it);
- a new or changed sprite's size, bounding box and masks, from its pictures, and its
  place on a texture page;
- new strings, variables, functions and code entries the GML needs.

"#;

const REFUSED: &str = r#"## What pack refuses

pack checks the whole folder before it writes anything, and lists every problem with
its file and the place in it (`rooms/000-rm_test.json: instances[4].id: ...`), up to
`--max-problems`. It exits 1 and writes nothing when there is one:

- a field no record has, or a value of another kind than the field's;
- a name that names nothing (a sprite, object, sound, room, code entry…), or a number
  past the end of its list;
- two instances with one id, a layer listing an instance its room does not have, and
  an instance on no layer when its room has several instance layers;
- a sound playing a clip its audio group does not hold;
- GML that does not compile, and disassembly that does not assemble;
- strings removed from `strings.json` (edit them, or add new ones at the end), a
  built-in's name changed there, and a string edited in both `strings.json` and
  `text.json`.

A JSON file that is not JSON at all exits 2.

"#;

const TEXTS: &str = r#"## Texts and names

`strings.json` holds the texts the game shows and the names of its resources,
variables and functions in one list. Edit texts in `text.json` instead: it lists the
strings code pushes, the rooms' captions and the display name, each with what uses
it, and changes only the text you edit. Where a text is also a name (`also_names`),
the text gets a string of its own and the name keeps the old one.

In `strings.json`, a string that is the name of a GameMaker built-in variable or
function the game uses (such as `score`) cannot be changed, and changing a name of
the game's own renames it: every reference follows.
"#;

/// The comments `gamepak.toml` carries, before the first line of each part.
pub const MANIFEST_COMMENTS: &[(&str, &str)] = &[
    (
        "format = ",
        "What pack needs to build this game beyond its records and assets. pack\n\
     keeps it: do not edit it by hand. README.md says what each file of the folder is.",
    ),
    (
        "[[chunks]]",
        "The game's chunks in file order: each one's JSON file (or, for a chunk\n\
     of named resources, its files in list order, \"\" for an empty place), and the\n\
     release whose layout it is written in. Add resources by adding files to their\n\
     folder, never here.",
    ),
    (
        "[[textures.pages]]",
        "Each texture page's PNG and its checksum as extracted: a page whose PNG\n\
     changed is encoded again.",
    ),
    (
        "[[audio]]",
        "Each clip of the game's own audio/, in order, with its checksum as\n\
     extracted.",
    ),
    (
        "[strings]",
        "strings.json, and the table as extracted (raw/), so that an edited\n\
     string keeps its place.",
    ),
    (
        "[[frames]]",
        "Each sprite frame and background picture: where it was cut from on its\n\
     page, and its checksum as extracted, so that a repaint goes back in place.",
    ),
    (
        "[[masks]]",
        "Each collision mask PNG's checksum as extracted: one edited since is\n\
     kept as drawn.",
    ),
    (
        "[[code]]",
        "Each code blob's disassembly and GML with their checksums as extracted,\n\
     and its size in raw/: an edited file is compiled or assembled again.",
    ),
    (
        "[[audio_groups]]",
        "The audio group files found beside the game, each extracted into\n\
     a folder of its own, packed back beside the game.",
    ),
    (
        "[derived]",
        "GEN8's ids as extracted, which pack keeps past every instance and tile\n\
     id: a value in general.json other than these was set by hand.",
    ),
    (
        "[releases]",
        "The releases that may have written the game, as its chunks' layouts\n\
     showed them: pack compiles and links edited code for them.",
    ),
];
