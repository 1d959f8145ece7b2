//! GameMaker's built-in functions, constants and variables, as tables.
//!
//! The decompiler reads a call's arguments through them: an argument whose
//! parameter takes an asset prints as the asset's name (`draw_sprite(spr_player,
//! ...)` rather than `draw_sprite(3, ...)`), and one whose parameter takes a group
//! of constants prints as the constant (`keyboard_check(vk_left)`). The compiler
//! reads them to know which names are GameMaker's and what its constants are worth.
//!
//! The tables are the text files beside this module, one item a line (each file's
//! header gives its format), derived from GameMaker's language specification and
//! the manual. They are parsed once, on first use.

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

const FUNCTIONS: &str = include_str!("functions.txt");
const CONSTANTS: &str = include_str!("constants.txt");
const VARIABLES: &str = include_str!("variables.txt");
const INTERNAL: &str = include_str!("internal.txt");

/// A kind of asset a parameter, return value or variable holds the index of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AssetKind {
    /// A sprite (SPRT).
    Sprite,
    /// An object (OBJT); the specification's `Asset.GMObject`, alone or beside
    /// instance ids, which never fall in the objects' range.
    Object,
    /// A sound (SOND); beside a playing sound's id where a function takes either.
    Sound,
    /// A room (ROOM).
    Room,
    /// A font (FONT).
    Font,
    /// A path (PATH).
    Path,
    /// A script (SCPT).
    Script,
    /// A timeline (TMLN).
    Timeline,
    /// A shader (SHDR).
    Shader,
    /// A sequence (SEQN).
    Sequence,
    /// An animation curve (ACRV).
    AnimCurve,
    /// A tile set: GameMaker Studio 2's background chunk (BGND).
    TileSet,
    /// A particle system asset (PSYS).
    ParticleSystem,
    /// An audio group (AGRP).
    AudioGroup,
    /// A GameMaker: Studio 1.x background (BGND).
    Background,
}

impl AssetKind {
    const ALL: [AssetKind; 15] = [
        AssetKind::Sprite,
        AssetKind::Object,
        AssetKind::Sound,
        AssetKind::Room,
        AssetKind::Font,
        AssetKind::Path,
        AssetKind::Script,
        AssetKind::Timeline,
        AssetKind::Shader,
        AssetKind::Sequence,
        AssetKind::AnimCurve,
        AssetKind::TileSet,
        AssetKind::ParticleSystem,
        AssetKind::AudioGroup,
        AssetKind::Background,
    ];

    /// Its name in the tables, after `Asset.`.
    pub fn name(self) -> &'static str {
        match self {
            AssetKind::Sprite => "Sprite",
            AssetKind::Object => "Object",
            AssetKind::Sound => "Sound",
            AssetKind::Room => "Room",
            AssetKind::Font => "Font",
            AssetKind::Path => "Path",
            AssetKind::Script => "Script",
            AssetKind::Timeline => "Timeline",
            AssetKind::Shader => "Shader",
            AssetKind::Sequence => "Sequence",
            AssetKind::AnimCurve => "AnimCurve",
            AssetKind::TileSet => "TileSet",
            AssetKind::ParticleSystem => "ParticleSystem",
            AssetKind::AudioGroup => "AudioGroup",
            AssetKind::Background => "Background",
        }
    }

    fn parse(name: &str) -> Option<AssetKind> {
        AssetKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// What a parameter, return value or variable holds, as far as printing a value
/// of it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParamType {
    /// The index of an asset of this kind.
    Asset(AssetKind),
    /// A constant of this group (a [`Constant::group`]). `EventNumber` is the one
    /// group no constant has: its meaning hangs on the event type beside it (see
    /// [`event_number_type`]).
    Constant(&'static str),
    /// `true` or `false`.
    Bool,
    /// Anything else: a number, a string, an instance, a struct...
    Other,
}

/// One parameter of a built-in function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    /// Its name in the specification (`...` for the repeating last one).
    pub name: &'static str,
    /// What it takes.
    pub ty: ParamType,
    /// Whether a call may leave it out.
    pub optional: bool,
}

/// A built-in function's signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    /// The function's name.
    pub name: &'static str,
    /// Its parameters, in order; a variadic function's last is the one that repeats.
    pub params: Vec<Param>,
    /// Whether the last parameter repeats: the function takes any number more.
    pub variadic: bool,
    /// What it returns, where that is an asset or a constant.
    pub returns: ParamType,
}

impl Signature {
    /// What the argument at `index` takes: past the parameters, a variadic
    /// function's last parameter's type repeats, and anything else is
    /// [`ParamType::Other`].
    pub fn param_type(&self, index: usize) -> ParamType {
        match self.params.get(index) {
            Some(p) => p.ty,
            None if self.variadic => self.params.last().map_or(ParamType::Other, |p| p.ty),
            None => ParamType::Other,
        }
    }

    /// The fewest arguments a call passes: up to the last parameter that is not
    /// optional (a variadic function's repeating one may be left out).
    pub fn min_args(&self) -> usize {
        let fixed = self.params.len() - usize::from(self.variadic);
        self.params[..fixed]
            .iter()
            .rposition(|p| !p.optional)
            .map_or(0, |i| i + 1)
    }

    /// The most arguments a call passes; `None` for a variadic function.
    pub fn max_args(&self) -> Option<usize> {
        (!self.variadic).then_some(self.params.len())
    }
}

/// A constant's value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// A whole number, as GameMaker's compiler pushes most constants.
    Int(i64),
    /// A real: `pi`, `infinity`, `NaN`.
    Real(f64),
}

/// A built-in constant.
#[derive(Debug, Clone, PartialEq)]
pub struct Constant {
    /// Its name.
    pub name: &'static str,
    /// Its group: the specification's class (`VirtualKey`, `Color`, `EventType`),
    /// the one a parameter's [`ParamType::Constant`] names. Event numbers are
    /// grouped by event type (`EventNumber.Step`, `EventNumber.Mouse`,
    /// `EventNumber.Gesture`, `EventNumber.Other`, `EventNumber.Draw`).
    pub group: &'static str,
    /// Its value; `None` where no public source confirms it, or where it is no
    /// number (`GM_version`, `pointer_null`).
    pub value: Option<Value>,
}

impl Constant {
    /// The value, where it is a whole number.
    pub fn int(&self) -> Option<i64> {
        match self.value {
            Some(Value::Int(v)) => Some(v),
            _ => None,
        }
    }
}

/// A built-in variable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variable {
    /// Its name.
    pub name: &'static str,
    /// Whether each instance has its own (`x`, `sprite_index`) rather than one for
    /// the game (`room`, `score`).
    pub instance: bool,
    /// Whether code may only read it.
    pub readonly: bool,
    /// Whether it is an array that code may name alone for its first element
    /// (`view_wport` for `view_wport[0]`), which GameMaker indexes with a 64-bit
    /// 0.
    pub array: bool,
    /// What it holds, where that is an asset or a constant.
    pub ty: ParamType,
}

struct Tables {
    /// Each function's line, its signature read from it the first time it is
    /// asked for: a game calls a few hundred of the 2,740, and reading them all
    /// would cost a small game's decompiling several times over.
    functions: Vec<(&'static str, OnceLock<Signature>)>,
    function_index: FxHashMap<&'static str, usize>,
    constants: Vec<Constant>,
    constant_index: FxHashMap<&'static str, usize>,
    /// The first name listed for each value of each group: the tables keep the
    /// specification's order, which follows the manual's.
    canonical: FxHashMap<&'static str, FxHashMap<i64, &'static str>>,
    variables: FxHashMap<&'static str, Variable>,
    internal: Vec<&'static str>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::parse)
}

/// The lines of a table that hold items.
fn items(text: &'static str) -> impl Iterator<Item = &'static str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// A type as the tables write it; the tables are the crate's own, so one it cannot
/// read is a mistake in them, which the tests catch.
fn parse_type(text: &'static str) -> ParamType {
    if let Some(kind) = text.strip_prefix("Asset.") {
        let kind = AssetKind::parse(kind);
        debug_assert!(kind.is_some(), "unknown asset kind {text}");
        kind.map_or(ParamType::Other, ParamType::Asset)
    } else if let Some(group) = text.strip_prefix("Constant.") {
        ParamType::Constant(group)
    } else if text == "Bool" {
        ParamType::Bool
    } else {
        debug_assert!(false, "unknown type {text}");
        ParamType::Other
    }
}

fn parse_value(text: &str) -> Option<Value> {
    if let Some(hex) = text.strip_prefix("0x") {
        return i64::from_str_radix(hex, 16).ok().map(Value::Int);
    }
    if let Ok(v) = text.parse::<i64>() {
        return Some(Value::Int(v));
    }
    text.parse::<f64>().ok().map(Value::Real)
}

fn parse_signature(line: &'static str) -> Signature {
    let (head, returns) = match line.split_once(" -> ") {
        Some((head, ty)) => (head, parse_type(ty.trim())),
        None => (line, ParamType::Other),
    };
    let mut words = head.split_whitespace();
    let name = words.next().unwrap_or_default();
    let params: Vec<Param> = words
        .map(|word| {
            let (name, ty) = match word.split_once(':') {
                Some((name, ty)) => (name, parse_type(ty)),
                None => (word, ParamType::Other),
            };
            match name.strip_suffix('?') {
                Some(name) => Param {
                    name,
                    ty,
                    optional: true,
                },
                None => Param {
                    name,
                    ty,
                    optional: false,
                },
            }
        })
        .collect();
    let variadic = params.last().is_some_and(|p| p.name == "...");
    Signature {
        name,
        params,
        variadic,
        returns,
    }
}

impl Tables {
    fn parse() -> Tables {
        let functions: Vec<(&'static str, OnceLock<Signature>)> = items(FUNCTIONS)
            .map(|line| (line, OnceLock::new()))
            .collect();
        let function_index = functions
            .iter()
            .enumerate()
            .map(|(i, (line, _))| (function_name(line), i))
            .collect();

        let constants: Vec<Constant> = items(CONSTANTS)
            .map(|line| {
                let mut words = line.split_whitespace();
                let name = words.next().unwrap_or_default();
                let group = words.next().unwrap_or_default();
                let value = words.next().and_then(parse_value);
                debug_assert!(
                    words.next().is_none() && !group.is_empty(),
                    "bad constant line {line}"
                );
                Constant { name, group, value }
            })
            .collect();
        let constant_index = constants
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name, i))
            .collect();
        let mut canonical: FxHashMap<&'static str, FxHashMap<i64, &'static str>> =
            FxHashMap::default();
        for c in &constants {
            if let Some(v) = c.int() {
                canonical
                    .entry(c.group)
                    .or_default()
                    .entry(v)
                    .or_insert(c.name);
            }
        }

        let variables = items(VARIABLES)
            .map(|line| {
                let mut words = line.split_whitespace();
                let name = words.next().unwrap_or_default();
                let instance = words.next() == Some("instance");
                let (mut readonly, mut array) = (false, false);
                let mut ty = ParamType::Other;
                for word in words {
                    match word {
                        "readonly" => readonly = true,
                        "array" => array = true,
                        _ => ty = parse_type(word),
                    }
                }
                let v = Variable {
                    name,
                    instance,
                    readonly,
                    array,
                    ty,
                };
                (name, v)
            })
            .collect();

        Tables {
            functions,
            function_index,
            constants,
            constant_index,
            canonical,
            variables,
            internal: items(INTERNAL).collect(),
        }
    }
}

/// Every built-in function, in the table's order: the specification's, then
/// GameMaker: Studio 1.x's, then the manual's platform functions.
pub fn functions() -> impl Iterator<Item = &'static Signature> {
    tables().functions.iter().map(signature)
}

/// The built-in function of this name.
pub fn function(name: &str) -> Option<&'static Signature> {
    let t = tables();
    t.function_index
        .get(name)
        .map(|&i| signature(&t.functions[i]))
}

/// A function's signature, read from its line the first time.
fn signature((line, read): &'static (&'static str, OnceLock<Signature>)) -> &'static Signature {
    read.get_or_init(|| parse_signature(line))
}

/// The name a function's line starts with.
fn function_name(line: &'static str) -> &'static str {
    line.split_whitespace().next().unwrap_or_default()
}

/// What argument `index` of a call to `function` takes; [`ParamType::Other`] for
/// a function that is not built in.
pub fn param_type(function: &str, index: usize) -> ParamType {
    crate::formats::gamemaker::gml::language::builtins::function(function)
        .map_or(ParamType::Other, |f| f.param_type(index))
}

/// Every built-in constant, in the specification's order.
pub fn constants() -> impl Iterator<Item = &'static Constant> {
    tables().constants.iter()
}

/// The built-in constant of this name.
pub fn constant(name: &str) -> Option<&'static Constant> {
    let t = tables();
    t.constant_index.get(name).map(|&i| &t.constants[i])
}

/// The name a value of `group` prints as. Where several names share the value
/// (`c_gray` and `c_grey`, `vk_enter` and `vk_return`), the one listed first in
/// GameMaker's specification, whose order follows the manual's. `EventNumber`
/// itself has no constants: see [`event_number_type`].
pub fn constant_named(group: &str, value: i64) -> Option<&'static str> {
    tables().canonical.get(group)?.get(&value).copied()
}

/// What an event number means in an event of `event_type` (an `ev_*` type's
/// value), as for `event_perform`'s second argument: a step, mouse, gesture, other
/// or draw event's number is one of that type's constants, a keyboard event's a
/// virtual key, and a collision event's an object; any other is a plain number.
pub fn event_number_type(event_type: i64) -> ParamType {
    match event_type {
        3 => ParamType::Constant("EventNumber.Step"),
        4 => ParamType::Asset(AssetKind::Object),
        5 | 9 | 10 => ParamType::Constant("VirtualKey"),
        6 => ParamType::Constant("EventNumber.Mouse"),
        7 => ParamType::Constant("EventNumber.Other"),
        8 => ParamType::Constant("EventNumber.Draw"),
        13 => ParamType::Constant("EventNumber.Gesture"),
        _ => ParamType::Other,
    }
}

/// The built-in variable of this name.
pub fn variable(name: &str) -> Option<&'static Variable> {
    tables().variables.get(name)
}

/// Whether a function of this name is GameMaker's own, one code can call.
pub fn is_builtin_function(name: &str) -> bool {
    tables().function_index.contains_key(name)
}

/// Whether a variable of this name is GameMaker's own.
pub fn is_builtin_variable(name: &str) -> bool {
    tables().variables.contains_key(name)
}

/// The name of every built-in function, constant and variable, without reading
/// the functions' signatures.
pub fn names() -> impl Iterator<Item = &'static str> {
    let t = tables();
    t.function_index
        .keys()
        .copied()
        .chain(t.constants.iter().map(|c| c.name))
        .chain(t.variables.keys().copied())
}

/// The name nearest `name` among the built-in functions and `others` (the
/// game's own), where one is near enough to be a slip of the keyboard.
pub fn nearest_function<'a>(name: &str, others: impl Iterator<Item = &'a str>) -> Option<String> {
    let names = functions()
        .map(|f| f.name)
        .chain(others)
        .filter(|n| !n.starts_with("@@") && !n.starts_with("gml_Script_"));
    crate::nearest::nearest(name, names).map(str::to_string)
}

/// Whether a function of this name is one GameMaker's compiler calls on its own,
/// and no code names: `@@This@@` for `self` as a value, `@@NewGMLArray@@` for an
/// array literal, `@@try_hook@@` for `try`. Any name of the form `@@...@@` is one.
pub fn is_internal_function(name: &str) -> bool {
    (name.len() > 4 && name.starts_with("@@") && name.ends_with("@@"))
        || tables().internal.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sig(name: &str) -> &'static Signature {
        function(name).unwrap_or_else(|| panic!("{name} is built in"))
    }

    #[test]
    fn the_tables_hold_the_specification_and_more() {
        assert!(functions().count() >= 2353, "{}", functions().count());
        assert!(constants().count() >= 886, "{}", constants().count());
        assert!(tables().variables.len() >= 210);
        let named: std::collections::HashSet<_> = functions().map(|f| f.name).collect();
        assert_eq!(named.len(), functions().count(), "a function listed twice");
        let named: std::collections::HashSet<_> = constants().map(|c| c.name).collect();
        assert_eq!(named.len(), constants().count(), "a constant listed twice");
    }

    #[test]
    fn every_type_the_tables_name_is_known() {
        let groups: std::collections::HashSet<_> = constants().map(|c| c.group).collect();
        let known = |ty: ParamType| match ty {
            ParamType::Constant(g) => g == "EventNumber" || groups.contains(g),
            _ => true,
        };
        for f in functions() {
            for p in &f.params {
                assert!(known(p.ty), "{} {}: {:?}", f.name, p.name, p.ty);
                assert!(!p.name.is_empty() && !p.name.contains(':'), "{}", f.name);
            }
            assert!(known(f.returns), "{}", f.name);
            if f.params.iter().any(|p| p.name == "...") {
                assert!(f.variadic, "{}: `...` is last", f.name);
            }
        }
        for v in tables().variables.values() {
            assert!(known(v.ty), "{}", v.name);
        }
        for line in items(FUNCTIONS).chain(items(VARIABLES)) {
            for word in line.split_whitespace() {
                let ty = word.split_once(':').map_or(word, |(_, t)| t);
                if let Some(kind) = ty.strip_prefix("Asset.") {
                    assert!(AssetKind::parse(kind).is_some(), "{line}");
                }
            }
        }
        for line in items(CONSTANTS) {
            let words: Vec<_> = line.split_whitespace().collect();
            assert!((2..=3).contains(&words.len()), "{line}");
            if let Some(v) = words.get(2) {
                assert!(parse_value(v).is_some(), "{line}");
            }
        }
    }

    #[test]
    fn asset_parameters() {
        assert_eq!(
            sig("draw_sprite").params[0].ty,
            ParamType::Asset(AssetKind::Sprite)
        );
        assert_eq!(
            param_type("draw_sprite_ext", 0),
            ParamType::Asset(AssetKind::Sprite)
        );
        assert_eq!(param_type("draw_sprite", 1), ParamType::Other);
        // x, y, layer, object: the object is the fourth.
        assert_eq!(
            param_type("instance_create_layer", 3),
            ParamType::Asset(AssetKind::Object)
        );
        assert_eq!(
            param_type("instance_create_depth", 3),
            ParamType::Asset(AssetKind::Object)
        );
        assert_eq!(
            param_type("audio_play_sound", 0),
            ParamType::Asset(AssetKind::Sound)
        );
        // An object beside instances, tile maps and `all` still reads as an object.
        assert_eq!(
            param_type("place_meeting", 2),
            ParamType::Asset(AssetKind::Object)
        );
        assert_eq!(
            param_type("collision_line", 4),
            ParamType::Asset(AssetKind::Object)
        );
        assert_eq!(
            param_type("room_goto", 0),
            ParamType::Asset(AssetKind::Room)
        );
        assert_eq!(
            param_type("script_execute", 0),
            ParamType::Asset(AssetKind::Script)
        );
        assert_eq!(
            sig("sprite_add").returns,
            ParamType::Asset(AssetKind::Sprite)
        );
        // GameMaker: Studio 1.x's, which its games call.
        assert_eq!(
            param_type("instance_create", 2),
            ParamType::Asset(AssetKind::Object)
        );
        assert_eq!(
            param_type("draw_background_ext", 0),
            ParamType::Asset(AssetKind::Background)
        );
        assert_eq!(
            param_type("sound_play", 0),
            ParamType::Asset(AssetKind::Sound)
        );
    }

    #[test]
    fn constant_parameters() {
        assert_eq!(
            param_type("keyboard_check", 0),
            ParamType::Constant("VirtualKey")
        );
        assert_eq!(
            param_type("keyboard_check_pressed", 0),
            ParamType::Constant("VirtualKey")
        );
        for f in ["draw_set_colour", "draw_set_color"] {
            assert_eq!(param_type(f, 0), ParamType::Constant("Color"), "{f}");
        }
        assert_eq!(
            param_type("draw_set_halign", 0),
            ParamType::Constant("HAlign")
        );
        assert_eq!(
            param_type("draw_set_valign", 0),
            ParamType::Constant("VAlign")
        );
        assert_eq!(
            param_type("event_perform", 0),
            ParamType::Constant("EventType")
        );
        assert_eq!(
            param_type("event_perform", 1),
            ParamType::Constant("EventNumber")
        );
        assert_eq!(
            param_type("gpu_set_blendmode", 0),
            ParamType::Constant("BlendMode")
        );
        assert_eq!(
            param_type("mouse_check_button", 0),
            ParamType::Constant("MouseButton")
        );
        assert_eq!(
            sig("draw_get_halign").returns,
            ParamType::Constant("HAlign")
        );
        // Colours past draw_sprite_ext's seven other parameters.
        assert_eq!(
            param_type("draw_sprite_ext", 7),
            ParamType::Constant("Color")
        );
    }

    #[test]
    fn variadic_functions_repeat_their_last_type() {
        let f = sig("external_define");
        assert!(f.variadic);
        assert_eq!(f.max_args(), None);
        let last = f.params.len() - 1;
        for i in [last, last + 1, last + 7] {
            assert_eq!(f.param_type(i), ParamType::Constant("ExternalArgumentType"));
        }
        assert!(sig("script_execute").variadic);
        assert_eq!(sig("script_execute").min_args(), 1);
        let d = sig("draw_sprite");
        assert!(!d.variadic);
        assert_eq!((d.min_args(), d.max_args()), (4, Some(4)));
        assert_eq!(d.param_type(4), ParamType::Other);
        let a = sig("audio_play_sound");
        assert_eq!(a.min_args(), 3);
        assert!(a.max_args().unwrap() > 3);
    }

    #[test]
    fn known_values() {
        let value = |n: &str| constant(n).and_then(Constant::int);
        assert_eq!(value("vk_left"), Some(37));
        assert_eq!(value("vk_enter"), Some(13));
        assert_eq!(value("c_white"), Some(16_777_215));
        assert_eq!(value("c_red"), Some(0x0000FF));
        assert_eq!(value("fa_center"), Some(1));
        assert_eq!(value("fa_middle"), Some(1));
        assert_eq!(value("ev_step"), Some(3));
        assert_eq!(value("ev_step_normal"), Some(0));
        assert_eq!(value("ev_cleanup"), Some(12));
        assert_eq!(value("ev_user0"), Some(10));
        assert_eq!(value("ev_gui"), Some(64));
        assert_eq!(value("bm_add"), Some(1));
        assert_eq!(value("mb_left"), Some(1));
        assert_eq!(value("gp_face1"), Some(32769));
        assert_eq!(value("pr_trianglelist"), Some(4));
        assert_eq!(value("buffer_u8"), Some(1));
        assert_eq!(value("ds_type_map"), Some(1));
        assert_eq!(value("os_windows"), Some(0));
        assert_eq!(value("noone"), Some(-4));
        assert_eq!(value("true"), Some(1));
        assert_eq!(
            constant("pi").and_then(|c| c.value),
            Some(Value::Real(std::f64::consts::PI))
        );
        assert!(constant("GM_build_date").is_some_and(|c| c.value.is_none()));
        assert_eq!(constant("vk_left").map(|c| c.group), Some("VirtualKey"));
        assert_eq!(
            constant("ev_step_begin").map(|c| c.group),
            Some("EventNumber.Step")
        );
    }

    #[test]
    fn a_value_prints_as_its_first_listed_name() {
        assert_eq!(constant_named("VirtualKey", 37), Some("vk_left"));
        assert_eq!(constant_named("VirtualKey", 13), Some("vk_enter"));
        assert_eq!(constant_named("Color", 0xFFFFFF), Some("c_white"));
        assert_eq!(constant_named("Color", 0x808080), Some("c_gray"));
        assert_eq!(constant_named("HAlign", 1), Some("fa_center"));
        assert_eq!(constant_named("VAlign", 1), Some("fa_middle"));
        assert_eq!(constant_named("EventType", 3), Some("ev_step"));
        assert_eq!(constant_named("OperatingSystem", 0), Some("os_windows"));
        assert_eq!(constant_named("VirtualKey", 123_456), None);
        assert_eq!(constant_named("NoSuchGroup", 0), None);
        // Step 0 and mouse 0 differ: the event type picks the group.
        assert_eq!(constant_named("EventNumber", 0), None);
        let ParamType::Constant(step) = event_number_type(3) else {
            panic!("a step event's number is a constant");
        };
        assert_eq!(constant_named(step, 0), Some("ev_step_normal"));
        let ParamType::Constant(mouse) = event_number_type(6) else {
            panic!("a mouse event's number is a constant");
        };
        assert_eq!(constant_named(mouse, 0), Some("ev_left_button"));
        let ParamType::Constant(other) = event_number_type(7) else {
            panic!("an other event's number is a constant");
        };
        assert_eq!(constant_named(other, 10), Some("ev_user0"));
        assert_eq!(event_number_type(4), ParamType::Asset(AssetKind::Object));
        assert_eq!(event_number_type(5), ParamType::Constant("VirtualKey"));
        assert_eq!(event_number_type(2), ParamType::Other);
    }

    #[test]
    fn names_by_what_they_are() {
        assert!(is_builtin_function("draw_sprite"));
        assert!(is_builtin_function("array_foreach"));
        assert!(is_builtin_function("instance_create"));
        assert!(!is_builtin_function("scr_player_move"));
        assert!(!is_builtin_function("@@NewGMLArray@@"));
        assert!(is_internal_function("@@NewGMLArray@@"));
        assert!(is_internal_function("@@This@@"));
        assert!(!is_internal_function("@@"));
        assert!(!is_internal_function("draw_sprite"));
        assert!(is_builtin_variable("x"));
        assert!(is_builtin_variable("view_xview"));
        assert!(!is_builtin_variable("hp"));
        let x = variable("x").unwrap();
        assert!(x.instance && !x.readonly);
        let room = variable("room").unwrap();
        assert!(!room.instance);
        assert_eq!(room.ty, ParamType::Asset(AssetKind::Room));
        assert_eq!(
            variable("sprite_index").map(|v| v.ty),
            Some(ParamType::Asset(AssetKind::Sprite))
        );
        assert!(variable("instance_count").unwrap().readonly);
    }
}
