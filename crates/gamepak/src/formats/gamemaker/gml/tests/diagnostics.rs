//! The compiler's diagnostics: each names the file, the line and the column,
//! shows the line, and puts a caret under the place.

use crate::formats::gamemaker::gml::language::parse::parse_placed;
use crate::formats::gamemaker::gml::language::print::Style;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::{
    gml::compile::compile, gml::compile::Env, gml::compile::Source, gml::compile::Target,
};

const FILE: &str = "code/x.gml";

/// What compiling `text`, as the file [`FILE`] of a game from `release` up to
/// before `before`, reports: its errors, or else its warnings, as shown.
fn reported_between(release: Version, before: Version, text: &str) -> Vec<String> {
    let mut target = Target::new(17, release);
    target.newest = before.below();
    let mut env = Env::bare(target);
    // A variable the game's code has.
    env.known_variables.insert("spd".into());
    let (body, places) = parse_placed(text, Style::default()).unwrap_or_else(|e| panic!("{e}"));
    let source = Source {
        entry: "gml_Object_o_Step_0",
        body: &body,
        functions: &[],
        places: Some(&places),
    };
    match compile(&env, source) {
        Ok(c) => c.unknown_reads.iter().map(|w| w.show(FILE, text)).collect(),
        Err(errors) => errors.iter().map(|e| e.show(FILE, text)).collect(),
    }
}

/// [`reported_between`] for a game of any release from 2024.14.
fn reported(text: &str) -> Vec<String> {
    reported_between(Version::V2024_14, Version::NEWEST.above(), text)
}

#[test]
fn a_built_in_called_with_too_few_or_too_many_arguments_is_an_error() {
    let text = "draw_sprite(s, 0, 1, 2);\nif (a) {\n    draw_sprite(1, 2);\n}\n";
    assert_eq!(
        reported(text),
        [format!(
            "{FILE}:3:5: `draw_sprite` takes 4 arguments, and is given 2; \
             draw_sprite(sprite, subimg, x, y)\n    draw_sprite(1, 2);\n    ^"
        )]
    );
    assert_eq!(
        reported("x = point_distance(1, 2, 3, 4, 5);"),
        [format!(
            "{FILE}:1:5: `point_distance` takes 4 arguments, and is given 5; \
             point_distance(x1, y1, x2, y2)\nx = point_distance(1, 2, 3, 4, 5);\n    ^"
        )]
    );
    // Optional and repeating parameters may be left out.
    assert!(reported("x = choose(a);\ny = string_pos_ext(a, b, 1);").is_empty());
}

#[test]
fn a_write_to_a_read_only_built_in_is_an_error() {
    assert_eq!(
        reported("x = 1;\n  instance_count = 3;"),
        [format!(
            "{FILE}:2:3: `instance_count` is a built-in variable that only GameMaker sets; \
             read it, or store the value in a variable of your own\n  instance_count = 3;\n  ^"
        )]
    );
    // A local of the name is the code's own.
    assert!(reported("var fps = 3;\nfps += 1;").is_empty());
}

#[test]
fn break_and_continue_outside_a_loop_are_errors_at_their_place() {
    assert_eq!(
        reported("while (a) { break; }\nx = 1;\n    break;"),
        [format!(
            "{FILE}:3:5: `break` outside a loop or switch\n    break;\n    ^"
        )]
    );
    assert_eq!(
        reported("switch (a) {\n    case 1:\n        continue;\n}"),
        [format!(
            "{FILE}:3:9: `continue` outside a loop\n        continue;\n        ^"
        )]
    );
}

#[test]
fn every_error_of_a_file_is_reported() {
    let text = "instance_count = 1;\nbreak;\nx = draw_sprite();";
    let said = reported(text);
    assert_eq!(said.len(), 3, "{said:#?}");
    assert!(said[0].starts_with(&format!("{FILE}:1:1: `instance_count`")));
    assert!(said[1].starts_with(&format!("{FILE}:2:1: `break`")));
    assert!(said[2].starts_with(&format!("{FILE}:3:5: `draw_sprite` takes 4")));
}

#[test]
fn a_name_a_slip_away_from_a_known_one_is_a_warning() {
    assert_eq!(
        reported("if (a) {\n    image_blend = c_whte;\n}"),
        [format!(
            "{FILE}:2:19: `c_whte` is read, but nothing in the game sets it; did you mean \
             `c_white`?\n    image_blend = c_whte;\n                  ^"
        )]
    );
    assert_eq!(
        reported("x += spdd;"),
        [format!(
            "{FILE}:1:6: `spdd` is read, but nothing in the game sets it; did you mean \
             `spd`?\nx += spdd;\n     ^"
        )]
    );
    // A name the code sets, or one far from every known name, is no slip.
    assert!(reported("spdd = 1;\nx += spdd;").is_empty());
    assert!(reported("x = wobble_factor;").is_empty());
}

#[test]
fn syntax_the_game_s_release_lacks_is_refused_naming_the_release_it_needs() {
    let (gms2, v2_3) = (Version::V2_0_6, Version::V2_3);
    assert_eq!(
        reported_between(gms2, v2_3, "x = 1;\nhp = { a: 1 };"),
        [format!(
            "{FILE}:2:6: struct literals need GameMaker 2.3 or later; this game is 2.0.6 to \
             before 2.3\nhp = {{ a: 1 }};\n     ^"
        )]
    );
    let said = reported_between(gms2, v2_3, "function f() {}\nx = new V();\nstatic s = 1;");
    assert_eq!(said.len(), 3, "{said:#?}");
    assert!(said[0].starts_with(&format!("{FILE}:1:1: functions need GameMaker 2.3")));
    assert!(said[1].starts_with(&format!("{FILE}:2:5: `new` and constructors need")));
    assert!(said[2].starts_with(&format!("{FILE}:3:1: `static` variables need")));
    assert_eq!(
        reported_between(v2_3, Version::V2022_1, "x = a ?? b;")[0],
        format!(
            "{FILE}:1:7: `??` and `??=` need GameMaker 2.3.7 or later; this game is 2.3 to \
             before 2022.1\nx = a ?? b;\n      ^"
        )
    );
    assert!(
        reported_between(Version::V2022_1, Version::V2023_2, "x = $\"{a}\";")[0].starts_with(
            &format!("{FILE}:1:5: template strings need GameMaker 2023.4")
        )
    );
    // A game that may be late enough keeps the syntax.
    assert!(reported_between(v2_3, Version::NEWEST.above(), "x = a ?? b;").is_empty());
    // Array literals are older than 2.3.
    assert!(reported_between(gms2, v2_3, "x = [];").is_empty());
}

#[test]
fn a_macro_naming_itself_is_an_error_naming_the_cycle() {
    let shown = reported("#macro A B + 1\n#macro B A * 2\nx = A;\n");
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(
        shown[0].starts_with(&format!("{FILE}:3:5: macro `A` names itself: A → B → A")),
        "{shown:?}"
    );
    let shown = reported("#macro SELF SELF\nx = SELF;\n");
    assert!(
        shown[0].contains("macro `SELF` names itself: SELF → SELF"),
        "{shown:?}"
    );
}

#[test]
fn macros_doubling_each_other_fold_once_or_are_refused() {
    // Forty macros, each twice the one before: worked out once each, to 2^40.
    let mut text = String::from("#macro M0 1\n");
    for k in 1..=40 {
        text += &format!("#macro M{k} (M{j} + M{j})\n", j = k - 1);
    }
    text += "x = M40;\n";
    let started = std::time::Instant::now();
    assert!(reported(&text).is_empty());
    // Around a call nothing folds: expanding stops at the cap, by name.
    let mut text = String::from("#macro N0 random(1)\n");
    for k in 1..=40 {
        text += &format!("#macro N{k} (N{j} + N{j})\n", j = k - 1);
    }
    text += "x = N40;\n";
    let shown = reported(&text);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(
        shown[0].contains("expands past 100000 uses in one file"),
        "{shown:?}"
    );
    assert!(started.elapsed().as_secs() < 10);
}

#[test]
fn a_new_function_or_macro_named_like_a_built_in_is_an_error() {
    let shown = reported("function draw_sprite(a) {\n    return a;\n}\n");
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(
        shown[0].starts_with(&format!(
            "{FILE}:1:10: `draw_sprite` is a built-in function: no function or macro of the game may take its name"
        )),
        "{shown:?}"
    );
    let shown = reported("#macro instance_exists 3\nx = 1;\n");
    assert!(
        shown[0].contains("`instance_exists` is a built-in function"),
        "{shown:?}"
    );
}

#[test]
fn an_argument_past_the_last_a_call_can_pass_is_an_error() {
    let [error] = &reported("x = argument[2000000000];")[..] else {
        panic!("one error");
    };
    assert!(
        error.contains("argument[2000000000] is past the last argument a call can pass")
            && error.contains("(65535 arguments, argument[65534] the last)"),
        "{error}"
    );
    assert!(reported("x = argument[65534];").is_empty());
    // Before 2.3 a script takes 16.
    let early = reported_between(Version::V2_2_1, Version::V2_3, "argument[16] = 1;");
    assert!(
        early[0].contains("(16 arguments, argument[15] the last)"),
        "{early:?}"
    );
    assert!(reported_between(Version::V2_2_1, Version::V2_3, "x = argument[15];").is_empty());
}

#[test]
fn a_local_past_what_a_code_entry_counts_is_an_error() {
    let vars = |n: usize| (0..n).map(|i| format!("var v{i};\n")).collect::<String>();
    assert!(reported(&vars(65_535)).is_empty());
    let [error] = &reported(&vars(65_536))[..] else {
        panic!("one error");
    };
    assert!(
        error.contains("`var v65535` is one local too many")
            && error.contains("(65535 at most)")
            && error.contains("code/x.gml:65536:"),
        "{error}"
    );
}
