//! Ways out: `exit`, `return` with and without a value, `return` and `exit`
//! inside `with` (which leave the loop first), code after an `exit` that never
//! runs, and `try`/`catch`.

use super::construct;

construct!(
    exit_in_an_if_gms1,
    "
    pushglb.v global.count
    pushi.e 0
    cmp.i.v.eq
    bf L0018
    exit.i
    L0018:
    pushi.e 1
    pop.v.i self.zoom
    ",
    "
    if (global.count == 0) {
        exit;
    }
    zoom = 1;
    "
);

// An entry's code ends in `exit` only where its author wrote one: GameMaker
// adds none, as it does to functions (Natesky9/ZAAP-Multiplayer's scripts).
construct!(
    exit_at_the_end_is_kept_2_3,
    "
    pushi.e 1
    pop.v.i self.zoom
    exit.i
    ",
    "
    zoom = 1;
    exit;
    "
);

construct!(
    exit_inside_with_gms1,
    "
    ; asset OBJT 9 oZoom
    pushi.e 9
    pushenv L00a0
    L0020:
    push.v self.has_previous
    conv.v.b
    bf L0038
    popenv exit
    exit.i
    L0038:
    pushi.e 1
    pop.v.i self.has_previous
    push.v self.zoom
    pop.v.v self.zoom_previous
    L00a0:
    popenv L0020
    ",
    "
    with (oZoom) {
        if (has_previous) {
            exit;
        }
        has_previous = 1;
        zoom_previous = zoom;
    }
    "
);

construct!(
    exit_inside_with_after_a_not_gms1,
    "
    ; asset OBJT 9 oZoom
    pushi.e 9
    pushenv L0080
    L0008:
    push.v self.has_previous
    conv.v.b
    not.b
    bf L0024
    popenv exit
    exit.i
    L0024:
    pushi.e 0
    pop.v.i self.has_previous
    push.v self.zoom_previous
    pop.v.v self.zoom
    L0080:
    popenv L0008
    ",
    "
    with (oZoom) {
        if (!has_previous) {
            exit;
        }
        has_previous = 0;
        zoom = zoom_previous;
    }
    "
);

construct!(
    return_of_a_value_gms1,
    "
    pushloc.v local.str
    ret.v
    ",
    "
    var str;
    return str;
    "
);

construct!(
    return_of_a_comparison_2022,
    "
    push.v arg.argument0
    pushi.e 100
    conv.i.v
    call.i random(argc=1)
    cmp.v.v.gt
    conv.b.v
    ret.v
    ",
    "return argument0 > random(100);"
);

construct!(
    return_after_an_if_gms1,
    "
    pushloc.v local.pos
    pushi.e 0
    cmp.i.v.eq
    bf L00dc
    pushloc.v local.str
    call.i string_length(argc=1)
    pop.v.v local.pos
    L00dc:
    pushloc.v local.pos
    ret.v
    ",
    "
    var pos, str;
    if (pos == 0) {
        pos = string_length(str);
    }
    return pos;
    "
);

// A `return` inside `with` keeps its value in a temporary while `popenv exit`
// leaves the loop; the temporary is GameMaker's, not the code's.
construct!(
    return_inside_with,
    "
    pushi.e -3
    pushenv L0040
    L0008:
    push.v self.hp
    pushi.e 0
    cmp.i.v.le
    bf L0040
    push.v self.id
    pop.v.v local.$$$$temp$$$$
    popenv exit
    push.v local.$$$$temp$$$$
    ret.v
    L0040:
    popenv L0008
    pushi.e -4
    conv.i.v
    ret.v
    ",
    "
    with (all) {
        if (hp <= 0) {
            return id;
        }
    }
    return -4;
    "
);

construct!(
    return_inside_with_in_each_arm_gms2,
    "
    ; asset OBJT 3 obj_dice_ctrl
    pushi.e 3
    pushenv L0060
    L0008:
    push.v self.rolls_turn
    pushi.e 3
    cmp.i.v.lt
    bf L0040
    pushi.e 1
    conv.i.v
    pop.v.v local.$$$$temp$$$$
    popenv exit
    push.v local.$$$$temp$$$$
    ret.v
    b L0060
    L0040:
    pushi.e 0
    conv.i.v
    pop.v.v local.$$$$temp$$$$
    popenv exit
    push.v local.$$$$temp$$$$
    ret.v
    L0060:
    popenv L0008
    ",
    "
    with (obj_dice_ctrl) {
        if (rolls_turn < 3) {
            return 1;
        } else {
            return 0;
        }
    }
    "
);

construct!(
    return_inside_with_after_a_loop_gms2,
    "
    ; asset OBJT 3 obj_ctrl
    pushi.e 3
    pushenv L00c0
    L0008:
    pushi.e 0
    pop.v.i local.sc
    pushi.e 0
    pop.v.i local.i
    L0020:
    pushloc.v local.i
    pushi.e 5
    cmp.i.v.lt
    bf L0098
    push.v local.sc
    pushi.e -1
    pushloc.v local.i
    conv.v.i
    push.v [array]object0.dice
    add.v.v
    pop.v.v local.sc
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    b L0020
    L0098:
    pushloc.v local.sc
    pop.v.v local.$$$$temp$$$$
    popenv exit
    push.v local.$$$$temp$$$$
    ret.v
    L00c0:
    popenv L0008
    ",
    "
    with (obj_ctrl) {
        var sc = 0;
        for (var i = 0; i < 5; i++) {
            sc += dice[i];
        }
        return sc;
    }
    "
);

construct!(
    return_inside_with_in_a_function_2_3,
    "
    ; gml_GlobalScript_find (arguments 0, locals 0) starts at L0000
    ; gml_Script_find_hurt (arguments 0, locals 0) starts at L0004
    ; asset OBJT 12 obj_enemy
    b L0048
    L0004:
    pushi.e 12
    pushenv L003c
    L000c:
    push.v self.hp
    pushi.e 10
    cmp.i.v.lt
    bf L003c
    push.v self.id
    pop.v.v local.$$$$temp$$$$
    popenv exit
    push.v local.$$$$temp$$$$
    ret.v
    L003c:
    popenv L000c
    exit.i
    L0048:
    push.i function gml_Script_find_hurt
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pop.v.v self.find_hurt
    popz.v
    ",
    "
    function find_hurt() {
        with (obj_enemy) {
            if (hp < 10) {
                return id;
            }
        }
    }
    "
);

construct!(
    return_of_undefined_after_a_switch_gms1,
    "
    pushloc.v local.c
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0020
    b L0034
    L0020:
    pushbltn.v self.undefined
    pop.v.v local.$$$$temp$$$$
    popz.v
    push.v local.$$$$temp$$$$
    ret.v
    L0034:
    popz.v
    pushi.e 0
    conv.i.v
    ret.v
    ",
    "
    var c;
    switch (c) {
        case 1:
            return undefined;
    }
    return 0;
    "
);

construct!(
    dead_code_after_exit_gms2,
    "
    exit.i
    push.v self.x
    push.v self.sprite_width
    pushi.e 2
    conv.i.d
    div.d.v
    sub.v.v
    pop.v.v local.xx
    push.s \"ms: \"
    push.v self.movespeed
    call.i string(argc=1)
    add.v.s
    push.v self.y
    pushi.e 16
    add.i.v
    pushloc.v local.xx
    call.i draw_text(argc=3)
    popz.v
    ",
    "
    exit;
    var xx = x - sprite_width / 2;
    draw_text(xx, y + 16, \"ms: \" + string(movespeed));
    "
);

construct!(
    dead_code_after_return_in_a_case_gms1,
    "
    pushloc.v local.w
    dup.v 0
    push.s \"a\"
    cmp.s.v.eq
    bt L0020
    b L0048
    L0020:
    pushi.e 1
    conv.i.v
    pop.v.v local.$$$$temp$$$$
    popz.v
    push.v local.$$$$temp$$$$
    ret.v
    b L0048
    L0048:
    popz.v
    ",
    "
    var w;
    switch (w) {
        case \"a\":
            return 1;
            break;
    }
    "
);

// `try` (2.3 on): `@@try_hook@@` takes the offsets of the code after the guarded
// part (here 0x78) and of the handler (0x40), which is reached by no branch.
construct!(
    try_catch_2024,
    "
    push.i 120
    conv.i.v
    push.i 64
    conv.i.v
    call.i @@try_hook@@(argc=2)
    popz.v
    push.s \"x\"
    conv.s.v
    call.i gml_Script_log(argc=1)
    popz.v
    b L0078
    pop.v.v local._error
    call.i @@try_unhook@@(argc=0)
    popz.v
    pushloc.v local._error
    call.i gml_Script_log(argc=1)
    popz.v
    call.i @@finish_catch@@(argc=0)
    popz.v
    b L0084
    L0078:
    call.i @@try_unhook@@(argc=0)
    popz.v
    L0084:
    ",
    "
    try {
        log(\"x\");
    } catch (_error) {
        log(_error);
    }
    "
);

// A `return` inside a `try` keeps its value in a temporary while it unhooks
// the `try`, and drops nothing the unhook leaves (LR-Solutions/
// Recreo-Gestion-LR's `return true` after writing its lock file, 2024.14).
construct!(
    return_inside_a_try_2024,
    "
    push.i 144
    conv.i.v
    push.i 88
    conv.i.v
    call.i @@try_hook@@(argc=2)
    popz.v
    push.s \"x\"
    conv.s.v
    call.i gml_Script_log(argc=1)
    pop.v.v local.$$$$temp$$$$
    call.i @@try_unhook@@(argc=0)
    push.v local.$$$$temp$$$$
    ret.v
    b L0090
    pop.v.v local._error
    call.i @@try_unhook@@(argc=0)
    popz.v
    pushloc.v local._error
    call.i gml_Script_log(argc=1)
    popz.v
    call.i @@finish_catch@@(argc=0)
    popz.v
    b L009c
    L0090:
    call.i @@try_unhook@@(argc=0)
    popz.v
    L009c:
    pushi.e 0
    conv.i.v
    ret.v
    ",
    "
    try {
        return log(\"x\");
    } catch (_error) {
        log(_error);
    }
    return 0;
    "
);

// A `break` written after a `return` in a loop is compiled as a jump to the
// loop's end that nothing reaches; after an `if`'s first arm it comes before the
// dead jump over the `else`, and it is no such jump itself (jtool's
// nsp_is_script).
construct!(
    dead_breaks_after_returns_in_a_loop_gms1,
    "
    L_top:
    pushloc.v local.i
    pushi.e 10
    cmp.i.v.le
    bf L_end
    pushloc.v local.i
    pushi.e 5
    cmp.i.v.eq
    bf L_next
    pushloc.v local.j
    conv.v.b
    bf L_else
    pushi.e 1
    conv.i.v
    ret.v
    b L_end
    b L_next
    L_else:
    pushi.e 0
    conv.i.v
    ret.v
    b L_end
    L_next:
    push.v local.i
    pushi.e 1
    add.i.v
    pop.v.v local.i
    b L_top
    L_end:
    ",
    "
    var i, j;
    while (i <= 10) {
        if (i == 5) {
            if (j) {
                return 1;
                break;
            } else {
                return 0;
                break;
            }
        }
        i += 1;
    }
    "
);

// An `if` whose first arm jumps to the end of the code and whose `else` ends in
// `exit`: the code after the first arm is not the `else` (jtool's nsp_dsm_set).
construct!(
    else_ending_in_exit_at_the_end_of_the_code_gms1,
    "
    pushglb.v global.a
    conv.v.b
    bf L_else
    pushi.e 1
    pop.v.i global.b
    b L_end
    L_else:
    push.s \"no\"
    conv.s.v
    call.i show_message(argc=1)
    popz.v
    exit.i
    L_end:
    ",
    "
    if (global.a) {
        global.b = 1;
    } else {
        show_message(\"no\");
        exit;
    }
    "
);

// Code written after an `if` whose arms both leave is reached only by the
// first arm's dead jump over the `else`, and is printed where it was written
// (Natesky9/ZAAP-Multiplayer's `packet_kick`).
construct!(
    exit_after_an_if_whose_arms_both_leave_gms1,
    "
    pushloc.v local.a
    conv.v.b
    bf L_else
    call.i f(argc=0)
    popz.v
    exit.i
    b L_after
L_else:
    call.i g(argc=0)
    popz.v
    exit.i
L_after:
    call.i h(argc=0)
    popz.v
    ",
    "
    var a;
    if (a) {
        f();
        exit;
    } else {
        g();
        exit;
    }
    h();
    "
);

// A function whose author ended it with `exit` has two: the author's, and
// GameMaker's own after it, which nothing reaches (Gatoiq/tiempo-del-este's
// `__input_gamepad_set_mapping`).
construct!(
    exit_ending_a_function_is_kept_2_3,
    "
    ; gml_GlobalScript_s (arguments 0, locals 0) starts at L0000
    ; gml_Script_f (arguments 0, locals 0) starts at L0004
    b L0018
    L0004:
    call.i g(argc=0)
    popz.v
    exit.i
    exit.i
    L0018:
    push.i function gml_Script_f
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -6
    pop.v.v [stacktop]object0.f
    popz.v
    ",
    "
    function f() {
        g();
        exit;
    }
    "
);
