//! Conditionals: `if`, `else` and `else if` chains, nested ifs, `&&` and `||`
//! chains (flat and nested), `!`, the ternary and `??`.

use super::construct;

construct!(
    if_on_a_comparison_gms1,
    "
    push.v self.speed
    pushi.e 15
    cmp.i.v.gt
    bf L0018
    pushi.e 15
    pop.v.i self.speed
    L0018:
    ",
    "
    if (speed > 15) {
        speed = 15;
    }
    "
);

construct!(
    consecutive_ifs_gms1,
    "
    pushi.e 39
    conv.i.v
    call.i keyboard_check_released(argc=1)
    conv.v.b
    bf L0024
    pushi.e 0
    pop.v.i self.hspeed
    L0024:
    pushi.e 37
    conv.i.v
    call.i keyboard_check_released(argc=1)
    conv.v.b
    bf L0048
    pushi.e 0
    pop.v.i self.hspeed
    L0048:
    ",
    "
    if (keyboard_check_released(vk_right)) {
        hspeed = 0;
    }
    if (keyboard_check_released(vk_left)) {
        hspeed = 0;
    }
    "
);

construct!(
    if_else_gms1,
    "
    pushloc.v local.E
    pushi.e 0
    cmp.i.v.eq
    bf L0030
    pushi.e 1
    pop.v.i local.n
    b L0038
    L0030:
    pushi.e 2
    pop.v.i local.n
    L0038:
    ",
    "
    var E;
    if (E == 0) {
        var n = 1;
    } else {
        n = 2;
    }
    "
);

construct!(
    else_if_chain_gms2,
    "
    push.v self.state
    pushi.e 0
    cmp.i.v.eq
    bf L0024
    call.i scr_idle(argc=0)
    popz.v
    b L0058
    L0024:
    push.v self.state
    pushi.e 1
    cmp.i.v.eq
    bf L0048
    call.i scr_walk(argc=0)
    popz.v
    b L0058
    L0048:
    call.i scr_fall(argc=0)
    popz.v
    L0058:
    ",
    "
    if (state == 0) {
        scr_idle();
    } else if (state == 1) {
        scr_walk();
    } else {
        scr_fall();
    }
    "
);

construct!(
    else_if_chain_without_a_final_else_2_3,
    "
    push.v self.hp
    pushi.e 0
    cmp.i.v.le
    bf L0024
    call.i instance_destroy(argc=0)
    popz.v
    b L0044
    L0024:
    push.v self.hp
    pushi.e 10
    cmp.i.v.lt
    bf L0044
    pushi.e 1
    pop.v.i self.hurt
    L0044:
    ",
    "
    if (hp <= 0) {
        instance_destroy();
    } else if (hp < 10) {
        hurt = 1;
    }
    "
);

construct!(
    else_holding_more_than_an_if_gms1,
    "
    push.v self.a
    conv.v.b
    bf L0020
    pushi.e 1
    pop.v.i self.b
    b L0050
    L0020:
    pushi.e 2
    pop.v.i self.b
    push.v self.c
    conv.v.b
    bf L0050
    pushi.e 3
    pop.v.i self.b
    L0050:
    ",
    "
    if (a) {
        b = 1;
    } else {
        b = 2;
        if (c) {
            b = 3;
        }
    }
    "
);

construct!(
    nested_ifs_gms1,
    "
    push.v self.jc_earlywaiting
    conv.v.b
    bf L0050
    push.v self.jc_count
    push.v self.jc_cutoff
    cmp.v.v.gt
    bf L0050
    pushi.e 0
    pop.v.i self.jc_earlywaiting
    L0050:
    ",
    "
    if (jc_earlywaiting) {
        if (jc_count > jc_cutoff) {
            jc_earlywaiting = 0;
        }
    }
    "
);

construct!(
    not_in_a_condition_gms1,
    "
    pushloc.v local.found
    conv.v.b
    not.b
    bf L0020
    pushi.e 0
    conv.i.v
    ret.v
    L0020:
    ",
    "
    var found;
    if (!found) {
        return 0;
    }
    "
);

construct!(
    and_of_two_calls_gms1,
    "
    ; asset OBJT 0 oPlayer
    pushi.e 0
    conv.i.v
    call.i instance_exists(argc=1)
    conv.v.b
    bf L0028
    pushglb.v global.deathEnabled
    conv.v.b
    b L002c
    L0028:
    push.e 0
    L002c:
    bf L0040
    call.i killPlayer(argc=0)
    popz.v
    L0040:
    ",
    "
    if (instance_exists(oPlayer) && global.deathEnabled) {
        killPlayer();
    }
    "
);

construct!(
    and_of_four_comparisons_returned_gms1,
    "
    pushloc.v local.px
    pushloc.v local.x1
    cmp.v.v.ge
    bf L00c0
    pushloc.v local.px
    pushloc.v local.x2
    cmp.v.v.lt
    bf L00c0
    pushloc.v local.py
    pushloc.v local.y1
    cmp.v.v.ge
    bf L00c0
    pushloc.v local.py
    pushloc.v local.y2
    cmp.v.v.lt
    b L00c4
    L00c0:
    push.e 0
    L00c4:
    conv.b.v
    ret.v
    ",
    "
    var px, py, x1, x2, y1, y2;
    return px >= x1 && px < x2 && py >= y1 && py < y2;
    "
);

construct!(
    and_stored_as_a_value_gms1,
    "
    pushglb.v global.state
    pushi.e 1
    cmp.i.v.eq
    bf L0098
    pushglb.v global.comboboxselected
    conv.v.b
    not.b
    b L009c
    L0098:
    push.e 0
    L009c:
    pop.v.b local.enabled
    ",
    "var enabled = global.state == 1 && !global.comboboxselected;"
);

construct!(
    or_of_two_comparisons_2_3,
    "
    push.v self.x
    pushi.e 0
    cmp.i.v.lt
    bt L0024
    push.v self.x
    pushbltn.v builtin.room_width
    cmp.v.v.gt
    b L0028
    L0024:
    push.e 1
    L0028:
    bf L0038
    call.i instance_destroy(argc=0)
    popz.v
    L0038:
    ",
    "
    if (x < 0 || x > room_width) {
        instance_destroy();
    }
    "
);

construct!(
    or_of_ands_gms1,
    "
    pushloc.v local.leftshiftreleased
    conv.v.b
    bf L0018
    pushloc.v local.rightshiftpressed
    conv.v.b
    b L001c
    L0018:
    push.e 0
    L001c:
    bt L0048
    pushloc.v local.rightshiftreleased
    conv.v.b
    bf L0040
    pushloc.v local.leftshiftpressed
    conv.v.b
    b L0044
    L0040:
    push.e 0
    L0044:
    b L004c
    L0048:
    push.e 1
    L004c:
    bf L0074
    pushi.e 0
    pop.v.i self.jc_earlywaiting
    pushi.e 1
    pop.v.i self.jc_duration
    pushi.e 1
    pop.v.i self.jc_show
    L0074:
    ",
    "
    var leftshiftpressed, leftshiftreleased, rightshiftpressed, rightshiftreleased;
    if ((leftshiftreleased && rightshiftpressed) || (rightshiftreleased && leftshiftpressed)) {
        jc_earlywaiting = 0;
        jc_duration = 1;
        jc_show = 1;
    }
    "
);

construct!(
    and_of_an_or_chain_gms1,
    "
    push.v self.selected
    conv.v.b
    bf L01d4
    pushbltn.v self.mouse_x
    push.v self.x
    cmp.v.v.lt
    bt L01cc
    pushbltn.v self.mouse_y
    push.v self.y
    cmp.v.v.lt
    bt L01cc
    pushglb.v global.state
    pushi.e 1
    cmp.i.v.ne
    b L01d0
    L01cc:
    push.e 1
    L01d0:
    b L01d8
    L01d4:
    push.e 0
    L01d8:
    bf L01f4
    pushi.e 0
    pop.v.i self.selected
    L01f4:
    ",
    "
    if (selected && (mouse_x < x || mouse_y < y || global.state != 1)) {
        selected = 0;
    }
    "
);

construct!(
    and_chain_of_two_ors_2_3,
    "
    ; asset OBJT 39 obj_player
    ; asset OBJT 20 obj_bait
    push.v self.canAttack
    pushi.e 1
    cmp.i.v.eq
    bf L0068
    pushi.e 39
    conv.i.v
    call.i distance_to_object(argc=1)
    pushi.e 750
    cmp.i.v.le
    b L006c
    L0068:
    push.e 0
    L006c:
    bt L00a8
    push.v self.canAttack
    pushi.e 1
    cmp.i.v.eq
    bf L00a0
    pushi.e 20
    conv.i.v
    call.i distance_to_object(argc=1)
    pushi.e 300
    cmp.i.v.le
    b L00a4
    L00a0:
    push.e 0
    L00a4:
    b L00ac
    L00a8:
    push.e 1
    L00ac:
    bf L00c0
    pushi.e 0
    pop.v.i self.canAttack
    L00c0:
    ",
    "
    if ((canAttack == 1 && distance_to_object(obj_player) <= 750) || (canAttack == 1 && distance_to_object(obj_bait) <= 300)) {
        canAttack = 0;
    }
    "
);

construct!(
    and_with_else_2024,
    "
    push.v self.is_alive
    conv.v.b
    bf L0020
    push.v self.hp
    pushi.e 0
    cmp.i.v.gt
    b L0024
    L0020:
    push.e 0
    L0024:
    bf L0040
    call.i gml_Script_act(argc=0)
    popz.v
    b L004c
    L0040:
    call.i gml_Script_wait(argc=0)
    popz.v
    L004c:
    ",
    "
    if (is_alive && hp > 0) {
        act();
    } else {
        wait();
    }
    "
);

construct!(
    or_stored_as_a_value_gms1,
    "
    pushglb.v global.frameaction_jump
    conv.v.b
    bt L0018
    pushglb.v global.frameaction_djump
    conv.v.b
    b L001c
    L0018:
    push.e 1
    L001c:
    pop.v.b local.eitherjump
    ",
    "var eitherjump = global.frameaction_jump || global.frameaction_djump;"
);

construct!(
    ternary_stored_2024,
    "
    pushi.e -1
    pushloc.v local.i
    conv.v.i
    push.v [array]object0.button_hover
    conv.v.b
    bf L0030
    push.v self.hover_scale
    b L0038
    L0030:
    pushi.e 1
    conv.i.v
    L0038:
    pop.v.v local.target_scale
    ",
    "
    var i;
    var target_scale = button_hover[i] ? hover_scale : 1;
    "
);

construct!(
    ternary_inside_a_concatenation_gms2,
    "
    push.s \"direction \"
    pushloc.v local._placement
    conv.v.b
    bf L0020
    push.s \"below\"
    conv.s.v
    b L002c
    L0020:
    push.s \"above\"
    conv.s.v
    L002c:
    add.v.s
    pop.v.v local.msg
    ",
    "
    var _placement;
    var msg = \"direction \" + (_placement ? \"below\" : \"above\");
    "
);

construct!(
    ternary_as_an_argument_gms2,
    "
    push.v self.y
    push.v self.x
    push.v self.flip
    conv.v.b
    bf L0024
    pushi.e -1
    conv.i.v
    b L002c
    L0024:
    pushi.e 1
    conv.i.v
    L002c:
    call.i scr_spawn(argc=3)
    popz.v
    ",
    "scr_spawn(flip ? -1 : 1, x, y);"
);

// A variable that holds an asset types both values a `?:` picks from.
construct!(
    ternary_stored_in_a_typed_variable_2_3,
    "
    ; asset SPRT 4 spr_walk
    ; asset SPRT 5 spr_idle
    push.v self.hspeed
    pushi.e 0
    cmp.i.v.ne
    bf L0020
    pushi.e 4
    conv.i.v
    b L0028
    L0020:
    pushi.e 5
    conv.i.v
    L0028:
    pop.v.v self.sprite_index
    ",
    "sprite_index = hspeed != 0 ? spr_walk : spr_idle;"
);

construct!(
    ternary_of_a_comparison_2_3,
    "
    push.v self.hp
    pushi.e 0
    cmp.i.v.gt
    bf L0024
    push.s \"alive\"
    conv.s.v
    b L0030
    L0024:
    push.s \"dead\"
    conv.s.v
    L0030:
    pop.v.v self.label
    ",
    "label = hp > 0 ? \"alive\" : \"dead\";"
);

construct!(
    nested_ternary_keeps_parentheses_2024,
    "
    push.v self.a
    conv.v.b
    bf L0030
    push.v self.b
    conv.v.b
    bf L0028
    pushi.e 1
    conv.i.v
    b L002c
    L0028:
    pushi.e 2
    conv.i.v
    L002c:
    b L0038
    L0030:
    pushi.e 3
    conv.i.v
    L0038:
    pop.v.v self.c
    ",
    "c = a ? (b ? 1 : 2) : 3;"
);

// `??` (2.3.7 on): `isnullish` (`break.e -10`) leaves the left value on the stack
// and tests it; the right side replaces it only when it is undefined.
construct!(
    nullish_coalescing_2023,
    "
    push.v self.b
    break.e -10
    bf L0014
    popz.v
    push.v self.c
    L0014:
    pop.v.v self.a
    ",
    "a = b ?? c;"
);

construct!(
    nullish_coalescing_as_an_argument_2024,
    "
    pushloc.v local.name
    break.e -10
    bf L0018
    popz.v
    push.s \"none\"
    conv.s.v
    L0018:
    call.i show_debug_message(argc=1)
    popz.v
    ",
    "
    var name;
    show_debug_message(name ?? \"none\");
    "
);

construct!(
    if_with_a_return_in_each_arm_2023,
    "
    push.v arg.argument0
    pushi.e 0
    cmp.i.v.lt
    bf L0024
    pushi.e -1
    conv.i.v
    ret.v
    L0024:
    pushi.e 1
    conv.i.v
    ret.v
    ",
    "
    if (argument0 < 0) {
        return -1;
    }
    return 1;
    "
);

construct!(
    if_at_the_end_of_a_with_2024,
    "
    ; asset OBJT 8 obj_node
    break.i -11 8
    pushi.e -9
    pushenv L0034
    L0010:
    push.v builtin.selected
    conv.v.b
    bf L0034
    pushi.e 0
    pop.v.i builtin.selected
    L0034:
    popenv L0010
    ",
    "
    with (obj_node) {
        if (selected) {
            selected = 0;
        }
    }
    "
);

// `if (c) {} else { … }`: the empty first arm is a jump over the `else`, and the
// code it jumps to is after the `if`, even where the `else` never comes back
// (jtool's nsp_gm_nom).
construct!(
    empty_arm_jumping_over_an_else_that_returns_gms1,
    "
    L_top:
    pushloc.v local.t
    pushi.e 10
    cmp.i.v.le
    bf L_end
    pushloc.v local.t
    pushi.e 5
    cmp.i.v.eq
    bf L_else
    b L_step
    L_else:
    pushi.e 0
    conv.i.v
    ret.v
    L_step:
    push.v local.t
    pushi.e 1
    add.i.v
    pop.v.v local.t
    b L_top
    L_end:
    ",
    "
    var t;
    while (t <= 10) {
        if (t == 5) {
        } else {
            return 0;
        }
        t += 1;
    }
    "
);

// Where `true` and `false` are typed, a 0 or 1 tested with no conversion to a
// boolean was written `true` or `false`; an integer is converted (`conv.i.b`).
construct!(
    boolean_literal_operand_of_and_2024,
    "
    ; release 2024.14
    ; gml_Object_o_Step_0 (arguments 0, locals 0) starts at L0000
    push.v builtin.ready
    conv.v.b
    bf L0018
    pushi.e 1
    b L001c
    L0018:
    push.e 0
    L001c:
    bf L002c
    pushi.e 1
    pop.v.i builtin.go
    L002c:
    pushi.e 0
    bf L0044
    push.v builtin.ready
    conv.v.b
    b L0048
    L0044:
    push.e 0
    L0048:
    bf L0058
    pushi.e 2
    pop.v.i builtin.go
    L0058:
    ",
    "
    if (ready && true) {
        go = 1;
    }
    if (false && ready) {
        go = 2;
    }
    "
);

// An `else` with nothing in it keeps its jump over it (PupofHades/GameMakerGame).
construct!(
    if_with_an_empty_else_2023,
    "
    L0000:
    push.v self.a
    conv.v.b
    bf L0020
    pushi.e 1
    pop.v.i self.b
    b L0020
    L0020:
    pushi.e 2
    pop.v.i self.c
    ",
    "
    if (a) {
        b = 1;
    } else {
    }
    c = 2;
    "
);

// One jump over an empty `else` ends both arms: the inner `if`'s, and the
// outer `if` has no `else` (PupofHades/GameMakerGame).
construct!(
    empty_else_of_an_inner_if_only_2023,
    "
    pushloc.v local.a
    conv.v.b
    bf L0030
    pushloc.v local.b
    conv.v.b
    bf L0030
    pushi.e 1
    pop.v.i local.x
    b L0030
L0030:
    ",
    "
    var a, b;
    if (a) {
        if (b) {
            var x = 1;
        } else {
        }
    }
    "
);

// The inner `if`'s arm may end in an if-else of its own, so the jump over the
// empty `else` stands alone; its `bf` going where the outer `if`'s does tells
// it is the inner one's (JaconAndEggs/Ooo-Kaizo's `oMapMenu` Step).
construct!(
    empty_else_of_an_inner_if_ending_in_an_if_else_2023,
    "
    pushloc.v local.a
    conv.v.b
    bf L_end
    pushloc.v local.b
    conv.v.b
    bf L_end
    pushloc.v local.c
    conv.v.b
    bf L_other
    pushi.e 1
    pop.v.i local.x
    b L_joined
L_other:
    pushi.e 2
    pop.v.i local.x
L_joined:
    b L_end
L_end:
    ",
    "
    var a, b, c;
    if (a) {
        if (b) {
            if (c) {
                var x = 1;
            } else {
                x = 2;
            }
        } else {
        }
    }
    "
);

// From 2024.14 an arm ending in `break` has no jump over the `else` after it
// (Gatoiq/tiempo-del-este's Input library; 2024.13's pedroosena/jogo-pweb
// keeps it).
construct!(
    break_ends_an_arm_with_no_jump_over_the_else_2024,
    "
    ; release 2024.14
    pushloc.v local.k
    dup.v 0
    pushi.e 6
    cmp.i.v.eq
    bt L_six
    b L_end
L_six:
    pushloc.v local.a
    conv.v.b
    bf L_else
    pushi.e 1
    pop.v.i local.b
    b L_end
L_else:
    pushloc.v local.c
    conv.v.b
    bf L_after
    pushi.e 2
    pop.v.i local.b
L_after:
    b L_end
L_end:
    popz.v
    ",
    "
    var a, c, k;
    switch (k) {
        case 6:
            if (a) {
                var b = 1;
                break;
            } else {
                if (c) {
                    b = 2;
                }
                break;
            }
    }
    "
);
