//! Literals: integers of each width, reals, strings, booleans and the named
//! values, as each release family pushes them.

use super::construct;
use crate::formats::gamemaker::gml::language::print::Style;

construct!(
    small_integer_stored_as_an_integer_gms1,
    "
    pushi.e 10
    pop.v.i self.hspeed
    ",
    "hspeed = 10;"
);

construct!(
    negative_integer_pushed_whole_gms1,
    "
    pushi.e -10
    pop.v.i self.hspeed
    ",
    "hspeed = -10;"
);

construct!(
    integer_too_wide_for_a_short_gms2,
    "
    push.i 100000
    pop.v.i global.best
    ",
    "global.best = 100000;"
);

construct!(
    real_pushed_as_a_double_2_3,
    "
    push.d 0.03
    pop.v.d global.hp_reg_per
    ",
    "global.hp_reg_per = 0.03;"
);

construct!(
    real_in_an_expression_gms1,
    "
    pushbltn.v self.room_height
    push.d 1.5
    div.d.v
    pop.v.v self.y
    ",
    "y = room_height / 1.5;"
);

// GameMaker pushes a 64-bit integer that fits in 32 bits only for an enum's
// member, whose enum the bytecode does not keep.
construct!(
    sixty_four_bit_integer_2_3,
    "
    push.l 4
    conv.l.v
    pop.v.v self.kind
    ",
    "
    enum UnknownEnum {
        Value_4 = 4
    }
    kind = UnknownEnum.Value_4;
    "
);

construct!(
    string_stored_gms1,
    "
    push.s \"0123456789\"
    pop.v.s local.validchars
    ",
    "var validchars = \"0123456789\";"
);

construct!(
    empty_string_gms2,
    "
    push.s \"\"
    pop.v.s self.text
    ",
    "text = \"\";"
);

construct!(
    string_with_newlines_is_escaped_2_3,
    "
    push.v self.cell_mapped_index
    call.i string(argc=1)
    push.s \"\\r\\n\"
    add.s.v
    pop.v.v self.line
    ",
    "line = string(cell_mapped_index) + \"\\r\\n\";"
);

construct!(
    string_with_a_quote_is_escaped_2_3,
    "
    push.s \"say \\\"hi\\\"\"
    conv.s.v
    call.i show_debug_message(argc=1)
    popz.v
    ",
    "show_debug_message(\"say \\\"hi\\\"\");"
);

construct!(
    string_with_a_control_character_2_3,
    "
    pushi.e 8
    conv.i.v
    push.s \"\\u0000\"
    conv.s.v
    call.i string_repeat(argc=2)
    ret.v
    ",
    "return string_repeat(\"\\u0000\", 8);"
);

/// GameMaker: Studio 1 reads strings verbatim: one holding `"` is written in `'`.
#[test]
fn string_with_a_quote_in_single_quotes_gms1() {
    super::check_styled(
        "
        push.s \"say \\\"hi\\\"\"
        pop.v.s self.text
        ",
        "text = 'say \"hi\"';",
        Style { escapes: false },
    );
}

construct!(
    typed_false_stored_2023,
    "
    pushi.e 0
    pop.v.b self.growthFlag
    ",
    "growthFlag = false;"
);

construct!(
    typed_true_stored_2023,
    "
    pushi.e 1
    pop.v.b self.growthFlag
    ",
    "growthFlag = true;"
);

construct!(
    typed_true_returned_2023,
    "
    pushi.e 1
    conv.b.v
    ret.v
    ",
    "return true;"
);

construct!(
    typed_false_returned_2023,
    "
    pushi.e 0
    conv.b.v
    ret.v
    ",
    "return false;"
);

construct!(
    typed_false_compared_2024,
    "
    pushglb.v global.gGAME_OPEN
    pushi.e 0
    cmp.b.v.eq
    bf L0020
    exit.i
    L0020:
    ",
    "
    if (global.gGAME_OPEN == false) {
        exit;
    }
    "
);

construct!(
    untyped_one_stays_a_number_gms1,
    "
    pushi.e 1
    pop.v.i self.attacked
    ",
    "attacked = 1;"
);

construct!(
    undefined_is_a_builtin_gms1,
    "
    pushloc.v local.rv
    pushbltn.v self.undefined
    cmp.v.v.eq
    bf L0020
    exit.i
    L0020:
    ",
    "
    var rv;
    if (rv == undefined) {
        exit;
    }
    "
);

construct!(
    undefined_returned_2024,
    "
    pushbltn.v builtin.undefined
    ret.v
    ",
    "return undefined;"
);

construct!(
    colour_argument_is_named_gms1,
    "
    push.i 16777215
    conv.i.v
    call.i draw_set_colour(argc=1)
    popz.v
    ",
    "draw_set_colour(c_white);"
);

// In GameMaker Studio 2 before 2.0.6 `true` is a typed Boolean
// (AlexanderKamensky/DangAliensReop's `draw_healthbar(…, true, true)`).
construct!(
    boolean_typed_before_2_0_6_gms2,
    "
    ; release 2.0
    pushi.e 1
    conv.b.v
    call.i window_set_fullscreen(argc=1)
    popz.v
    ",
    "window_set_fullscreen(true);"
);

// An audio group passed where a built-in takes one is named
// (CG573/Platformer-Project's `audio_group_load(audiogroup_music)`, 2.2).
construct!(
    audio_group_named_gms2,
    "
    ; asset AGRP 1 audiogroup_music
    pushi.e 1
    conv.i.v
    call.i audio_group_load(argc=1)
    popz.v
    ",
    "audio_group_load(audiogroup_music);"
);
