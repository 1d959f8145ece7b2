//! `switch`: the value kept on the stack and compared case by case (`dup.v 0`,
//! `cmp.eq`, `bt`), dropped at the end (`popz.v`); cases, `default`, fallthrough,
//! `break`, `continue` and `return` inside, nested switches and string cases.

use super::construct;

construct!(
    switch_with_breaks_and_an_empty_default_gms1,
    "
    ; asset ROOM 3 rm_help
    ; asset ROOM 2 rm_shop
    push.v self.mpos
    dup.v 0
    pushi.e 0
    cmp.i.v.eq
    bt L0050
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0060
    dup.v 0
    pushi.e 2
    cmp.i.v.eq
    bt L0078
    dup.v 0
    pushi.e 3
    cmp.i.v.eq
    bt L0090
    b L00a0
    b L00a4
    L0050:
    call.i room_goto_next(argc=0)
    popz.v
    b L00a4
    L0060:
    pushi.e 3
    conv.i.v
    call.i room_goto(argc=1)
    popz.v
    b L00a4
    L0078:
    pushi.e 2
    conv.i.v
    call.i room_goto(argc=1)
    popz.v
    b L00a4
    L0090:
    call.i game_end(argc=0)
    popz.v
    b L00a4
    L00a0:
    b L00a4
    L00a4:
    popz.v
    ",
    "
    switch (mpos) {
        case 0:
            room_goto_next();
            break;
        case 1:
            room_goto(rm_help);
            break;
        case 2:
            room_goto(rm_shop);
            break;
        case 3:
            game_end();
            break;
        default:
            break;
    }
    "
);

construct!(
    switch_without_default_gms1,
    "
    push.v self.dir
    dup.v 0
    pushi.e 0
    cmp.i.v.eq
    bt L0030
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0044
    b L0058
    L0030:
    pushi.e 5
    pop.v.i self.hspeed
    b L0058
    L0044:
    pushi.e -5
    pop.v.i self.hspeed
    b L0058
    L0058:
    popz.v
    ",
    "
    switch (dir) {
        case 0:
            hspeed = 5;
            break;
        case 1:
            hspeed = -5;
            break;
    }
    "
);

construct!(
    switch_on_an_expression_gms1,
    "
    pushglb.v global.joketitleindex
    pushi.e 22
    mod.i.v
    dup.v 0
    pushi.e 0
    cmp.i.v.eq
    bt L0030
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0044
    b L0058
    L0030:
    push.s \"jtool\"
    pop.v.s local.title
    b L0058
    L0044:
    push.s \"I wanna record my hops\"
    pop.v.s local.title
    b L0058
    L0058:
    popz.v
    ",
    "
    switch (global.joketitleindex mod 22) {
        case 0:
            var title = \"jtool\";
            break;
        case 1:
            title = \"I wanna record my hops\";
            break;
    }
    "
);

construct!(
    switch_on_strings_2_3,
    "
    push.v self.state
    dup.v 0
    push.s \"idle\"
    cmp.s.v.eq
    bt L078c
    dup.v 0
    push.s \"move\"
    cmp.s.v.eq
    bt L07b0
    b L08d0
    L078c:
    pushloc.v local.moving
    conv.v.b
    bf L07ac
    push.s \"move\"
    pop.v.s self.state
    L07ac:
    b L08d0
    L07b0:
    pushloc.v local.moving
    conv.v.b
    not.b
    bf L07d4
    push.s \"idle\"
    pop.v.s self.state
    L07d4:
    b L08d0
    L08d0:
    popz.v
    ",
    "
    var moving;
    switch (state) {
        case \"idle\":
            if (moving) {
                state = \"move\";
            }
            break;
        case \"move\":
            if (!moving) {
                state = \"idle\";
            }
            break;
    }
    "
);

construct!(
    switch_with_a_default_that_does_something_2024,
    "
    push.s \"type\"
    conv.s.v
    pushbltn.v builtin.async_load
    call.i ds_map_find_value(argc=2)
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L017c
    dup.v 0
    pushi.e 2
    cmp.i.v.eq
    bt L01f8
    b L0220
    b L0260
    L017c:
    push.s \"Connected to the server!\"
    conv.s.v
    call.i gml_Script_log(argc=1)
    popz.v
    b L0260
    L01f8:
    push.s \"Disconnected from the server.\"
    conv.s.v
    call.i gml_Script_log(argc=1)
    popz.v
    b L0260
    L0220:
    push.s \"Unknown network_type_* action\"
    conv.s.v
    call.i gml_Script_log(argc=1)
    popz.v
    b L0260
    L0260:
    popz.v
    ",
    "
    switch (async_load[? \"type\"]) {
        case 1:
            log(\"Connected to the server!\");
            break;
        case 2:
            log(\"Disconnected from the server.\");
            break;
        default:
            log(\"Unknown network_type_* action\");
            break;
    }
    "
);

construct!(
    cases_sharing_a_body_gms2,
    "
    push.v self.key
    dup.v 0
    pushi.e 37
    cmp.i.v.eq
    bt L0040
    dup.v 0
    pushi.e 65
    cmp.i.v.eq
    bt L0040
    b L0058
    L0040:
    push.v self.x
    pushi.e 4
    sub.i.v
    pop.v.v self.x
    b L0058
    L0058:
    popz.v
    ",
    "
    switch (key) {
        case 37:
        case 65:
            x -= 4;
            break;
    }
    "
);

construct!(
    case_falls_through_into_the_next_gms2,
    "
    push.v self.level
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0030
    dup.v 0
    pushi.e 2
    cmp.i.v.eq
    bt L0040
    b L0050
    L0030:
    call.i scr_bonus(argc=0)
    popz.v
    L0040:
    call.i scr_reward(argc=0)
    popz.v
    b L0050
    L0050:
    popz.v
    ",
    "
    switch (level) {
        case 1:
            scr_bonus();
        case 2:
            scr_reward();
            break;
    }
    "
);

construct!(
    last_case_without_a_break_2_3,
    "
    push.v self.level
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0030
    dup.v 0
    pushi.e 2
    cmp.i.v.eq
    bt L0040
    b L0050
    L0030:
    call.i scr_bonus(argc=0)
    popz.v
    b L0050
    L0040:
    call.i scr_reward(argc=0)
    popz.v
    L0050:
    popz.v
    ",
    "
    switch (level) {
        case 1:
            scr_bonus();
            break;
        case 2:
            scr_reward();
    }
    "
);

construct!(
    default_before_a_case_gms2,
    "
    push.v self.mode
    dup.v 0
    pushi.e 0
    cmp.i.v.eq
    bt L0030
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0050
    b L0040
    b L0060
    L0030:
    pushi.e 1
    pop.v.i self.speed
    b L0060
    L0040:
    pushi.e 2
    pop.v.i self.speed
    b L0060
    L0050:
    pushi.e 3
    pop.v.i self.speed
    b L0060
    L0060:
    popz.v
    ",
    "
    switch (mode) {
        case 0:
            speed = 1;
            break;
        default:
            speed = 2;
            break;
        case 1:
            speed = 3;
            break;
    }
    "
);

construct!(
    case_with_an_empty_body_2_3,
    "
    push.v self.mode
    dup.v 0
    pushi.e 0
    cmp.i.v.eq
    bt L0030
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0040
    b L0050
    L0030:
    b L0050
    L0040:
    pushi.e 3
    pop.v.i self.speed
    b L0050
    L0050:
    popz.v
    ",
    "
    switch (mode) {
        case 0:
            break;
        case 1:
            speed = 3;
            break;
    }
    "
);

construct!(
    return_inside_switch_gms1,
    "
    ; asset OBJT 13 oEditBlock
    ; asset OBJT 18 oSpikeUp
    pushbltn.v self.argument0
    pop.v.v local.rmjobject
    pushloc.v local.rmjobject
    dup.v 0
    pushi.e 2
    cmp.i.v.eq
    bt L013c
    dup.v 0
    pushi.e 12
    cmp.i.v.eq
    bt L015c
    b L037c
    L013c:
    pushi.e 13
    conv.i.v
    pop.v.v local.$$$$temp$$$$
    popz.v
    push.v local.$$$$temp$$$$
    ret.v
    L015c:
    pushi.e 18
    conv.i.v
    pop.v.v local.$$$$temp$$$$
    popz.v
    push.v local.$$$$temp$$$$
    ret.v
    L037c:
    popz.v
    ",
    "
    var rmjobject = argument0;
    switch (rmjobject) {
        case 2:
            return 13;
        case 12:
            return 18;
    }
    "
);

construct!(
    return_in_a_default_then_a_dead_break_gms1,
    "
    pushbltn.v self.argument0
    pop.v.v local.work_str
    pushloc.v local.work_str
    dup.v 0
    push.s \"mb_left\"
    cmp.s.v.eq
    bt L00c0
    b L01c0
    b L01e4
    L00c0:
    pushi.e 1
    conv.i.v
    pop.v.v local.$$$$temp$$$$
    popz.v
    push.v local.$$$$temp$$$$
    ret.v
    L01c0:
    pushi.e -9999
    conv.i.v
    pop.v.v local.$$$$temp$$$$
    popz.v
    push.v local.$$$$temp$$$$
    ret.v
    b L01e4
    L01e4:
    popz.v
    ",
    "
    var work_str = argument0;
    switch (work_str) {
        case \"mb_left\":
            return 1;
        default:
            return -9999;
            break;
    }
    "
);

construct!(
    return_of_a_local_inside_switch_gms2,
    "
    push.v self.kind
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0020
    b L0048
    L0020:
    pushloc.v local.sc
    pop.v.v local.$$$$temp$$$$
    popz.v
    push.v local.$$$$temp$$$$
    ret.v
    L0048:
    popz.v
    pushi.e 0
    conv.i.v
    ret.v
    ",
    "
    var sc;
    switch (kind) {
        case 1:
            return sc;
    }
    return 0;
    "
);

// `continue` in a switch inside a loop drops the switch's value before it jumps.
construct!(
    continue_inside_switch_in_a_loop_gms1,
    "
    pushi.e 0
    pop.v.i local.i
    L0010:
    pushloc.v local.i
    pushi.e 10
    cmp.i.v.lt
    bf L0080
    pushloc.v local.i
    dup.v 0
    pushi.e 3
    cmp.i.v.eq
    bt L0038
    b L0044
    L0038:
    popz.v
    b L0064
    L0044:
    popz.v
    pushloc.v local.i
    call.i show_debug_message(argc=1)
    popz.v
    L0064:
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    b L0010
    L0080:
    ",
    "
    for (var i = 0; i < 10; i++) {
        switch (i) {
            case 3:
                continue;
        }
        show_debug_message(i);
    }
    "
);

construct!(
    break_inside_switch_in_a_loop_leaves_the_switch_gms1,
    "
    L0010:
    push.v self.n
    pushi.e 10
    cmp.i.v.lt
    bf L0080
    push.v self.n
    dup.v 0
    pushi.e 3
    cmp.i.v.eq
    bt L0038
    b L0040
    L0038:
    b L0040
    L0040:
    popz.v
    push.v self.n
    push.e 1
    add.i.v
    pop.v.v self.n
    b L0010
    L0080:
    ",
    "
    while (n < 10) {
        switch (n) {
            case 3:
                break;
        }
        n++;
    }
    "
);

construct!(
    nested_switch_gms2,
    "
    push.v self.a
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0020
    b L0070
    L0020:
    push.v self.b
    dup.v 0
    pushi.e 2
    cmp.i.v.eq
    bt L0040
    b L0060
    L0040:
    call.i scr_both(argc=0)
    popz.v
    b L0060
    L0060:
    popz.v
    b L0070
    L0070:
    popz.v
    ",
    "
    switch (a) {
        case 1:
            switch (b) {
                case 2:
                    scr_both();
                    break;
            }
            break;
    }
    "
);

construct!(
    switch_inside_a_with_2_3,
    "
    ; asset OBJT 12 obj_enemy
    pushi.e 12
    pushenv L0050
    L0008:
    push.v self.state
    dup.v 0
    pushi.e 0
    cmp.i.v.eq
    bt L0028
    b L0040
    L0028:
    call.i instance_destroy(argc=0)
    popz.v
    b L0040
    L0040:
    popz.v
    L0050:
    popenv L0008
    ",
    "
    with (obj_enemy) {
        switch (state) {
            case 0:
                instance_destroy();
                break;
        }
    }
    "
);

construct!(
    switch_at_the_end_of_an_if_2024,
    "
    push.v self.active
    conv.v.b
    bf L0050
    push.v self.mode
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0030
    b L0048
    L0030:
    call.i gml_Script_go(argc=0)
    popz.v
    b L0048
    L0048:
    popz.v
    L0050:
    ",
    "
    if (active) {
        switch (mode) {
            case 1:
                go();
                break;
        }
    }
    "
);

construct!(
    switch_on_negative_and_string_labels_gms1,
    "
    pushloc.v local.v
    dup.v 0
    pushi.e -1
    cmp.i.v.eq
    bt L0030
    dup.v 0
    push.s \"-\"
    cmp.s.v.eq
    bt L0030
    b L0040
    L0030:
    pushi.e 0
    pop.v.i local.v
    b L0040
    L0040:
    popz.v
    ",
    "
    var v;
    switch (v) {
        case -1:
        case \"-\":
            v = 0;
            break;
    }
    "
);

construct!(
    switch_whose_cases_change_its_value_gms2,
    "
    push.v self.state
    dup.v 0
    pushi.e 0
    cmp.i.v.eq
    bt L0020
    b L003c
    b L0064
    L0020:
    push.v self.state
    pushi.e 1
    add.i.v
    pop.v.v self.state
    b L0064
    L003c:
    pushi.e -1
    pushi.e 0
    dup.l 0
    push.v [array]object0.list
    push.e 1
    add.i.v
    pop.i.v [array]object0.list
    b L0064
    L0064:
    popz.v
    ",
    "
    switch (state) {
        case 0:
            state += 1;
            break;
        default:
            list[0]++;
            break;
    }
    "
);

construct!(
    switch_whose_cases_all_fall_into_a_default_that_breaks_2_3,
    "
    pushloc.v local.v
    dup.v 0
    pushi.e 38
    cmp.i.v.eq
    bt L0020
    b L0030
    b L004c
    L0020:
    push.s \"W\"
    pop.v.s local.s
    L0030:
    pushloc.v local.v
    call.i chr(argc=1)
    pop.v.v local.s
    b L004c
    L004c:
    popz.v
    push.i 16777215
    pop.v.i local.c
    ",
    "
    var v;
    switch (v) {
        case 38:
            var s = \"W\";
        default:
            s = chr(v);
            break;
    }
    var c = 16777215;
    "
);

// GameMaker folds a switch on a constant (`switch (os_type)`) to an integer: the
// value is an `i`, copied and dropped as one.
construct!(
    switch_on_a_folded_constant_2024,
    "
    ; release 2024.14
    ; gml_Object_o_Create_0 (arguments 0, locals 0) starts at L0000
    pushi.e 0
    dup.i 0
    pushi.e 1
    cmp.i.i.eq
    bt L001c
    b L002c
    b L0038
    L001c:
    pushi.e 1
    pop.v.i builtin.a
    b L0038
    L002c:
    pushi.e 1
    pop.v.i builtin.c
    L0038:
    popz.i
    ",
    "
    switch (0) {
        case 1:
            a = 1;
            break;
        default:
            c = 1;
    }
    "
);

// A `break` after a `return` in an `if` of a case: a jump to the switch's end
// that nothing reaches, which is no jump over an `else`.
construct!(
    break_after_a_return_in_an_if_of_a_case_2024,
    "
    ; release 2024.14
    ; gml_Object_o_Create_0 (arguments 0, locals 0) starts at L0000
    push.v builtin.k
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L001c
    b L0070
    L001c:
    push.v builtin.a
    conv.v.b
    bf L006c
    push.v builtin.b
    conv.v.b
    bf L0060
    pushi.e 1
    conv.i.v
    pop.v.v local.$$$$temp$$$$
    popz.v
    push.v local.$$$$temp$$$$
    ret.v
    b L0070
    L0060:
    pushi.e 1
    pop.v.i builtin.c
    L006c:
    b L0070
    L0070:
    popz.v
    pushi.e 2
    conv.i.v
    ret.v
    ",
    "
    switch (k) {
        case 1:
            if (a) {
                if (b) {
                    return 1;
                    break;
                }
                c = 1;
            }
            break;
    }
    return 2;
    "
);

// Every case leaves by `exit` (GameMaker: Studio drops the switch's value
// before each): the end, which drops it too, is reached only by the jump after
// `default`'s, and the code there is still the code after the switch (Natesky9's
// ZAAP-Multiplayer).
construct!(
    switch_whose_every_case_exits_gms1,
    "
    pushloc.v local.k
    dup.v 0
    push.s \"a\"
    cmp.s.v.eq
    bt L0024
    b L0038
    b L004c
    L0024:
    call.i instance_destroy(argc=0)
    popz.v
    popz.v
    exit.i
    L0038:
    call.i game_end(argc=0)
    popz.v
    popz.v
    exit.i
    L004c:
    popz.v
    call.i room_restart(argc=0)
    popz.v
    ",
    "
    var k;
    switch (k) {
        case \"a\":
            instance_destroy();
            exit;
        default:
            game_end();
            exit;
    }
    room_restart();
    "
);

// A `continue` inside a switch jumps to a stub laid out before the switch's
// end, which drops the switch's value and continues the loop around; every
// such `continue` shares it, and the cases jump over it to the end
// (RedBatNick's j2l-expansion).
construct!(
    continue_inside_a_switch_goes_through_its_stub_gms1,
    "
    L0000:
    pushloc.v local.i
    pushi.e 0
    cmp.i.v.gt
    bf L0098
    pushloc.v local.k
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0040
    dup.v 0
    pushi.e 2
    cmp.i.v.eq
    bt L005c
    b L0078
    L0040:
    push.v local.i
    pushi.e 1
    sub.i.v
    pop.v.v local.i
    b L0070
    L005c:
    pushi.e 0
    pop.v.i local.i
    b L0078
    b L0078
    L0070:
    popz.v
    b L0000
    L0078:
    popz.v
    push.v local.k
    pushi.e 1
    add.i.v
    pop.v.v local.k
    b L0000
    L0098:
    ",
    "
    var i, k;
    while (i > 0) {
        switch (k) {
            case 1:
                i -= 1;
                continue;
            case 2:
                i = 0;
                break;
        }
        k += 1;
    }
    "
);

// A switch with only `default`: no test, a jump to `default` and the jump to
// the end that nothing reaches (Nicraftin's PortalSulka).
construct!(
    switch_with_only_a_default_2_3,
    "
    pushbltn.v builtin.room
    b L0010
    b L0038
    L0010:
    push.s \"rooftop\"
    conv.s.v
    pop.v.v local.$$$$temp$$$$
    popz.v
    push.v local.$$$$temp$$$$
    ret.v
    b L0038
    L0038:
    popz.v
    ",
    "
    switch (room) {
        default:
            return \"rooftop\";
            break;
    }
    "
);

// From 2024.14 a `return` in `default` leaves the switch's value on the stack
// (Gatoiq/tiempo-del-este).
construct!(
    return_in_default_keeps_the_switch_value_2024,
    "
    ; release 2024.14
    push.v self.a
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0020
    b L0048
    b L006c
    L0020:
    push.s \"x\"
    conv.s.v
    pop.v.v local.$$$$temp$$$$
    popz.v
    push.v local.$$$$temp$$$$
    ret.v
    b L006c
    L0048:
    push.s \"y\"
    conv.s.v
    pop.v.v local.$$$$temp$$$$
    push.v local.$$$$temp$$$$
    ret.v
    b L006c
    L006c:
    popz.v
    ",
    "
    switch (a) {
        case 1:
            return \"x\";
            break;
        default:
            return \"y\";
            break;
    }
    "
);

// A switch on a folded constant right after another switch, starting in the
// block that drops the first one's value (Gatoiq/tiempo-del-este's Input
// library, `switch (INPUT_PLATFORM)`), with an `exit` in a case.
construct!(
    switch_on_a_constant_after_a_switch_2024,
    "
    ; release 2024.14
    ; gml_Object_o_Create_0 (arguments 0, locals 1) starts at L0000
    pushi.e 3
    pop.v.i local.a
    pushloc.v local.a
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0028
    b L0044
    L0028:
    push.s \"w\"
    conv.s.v
    call.i show_debug_message(argc=1)
    popz.v
    b L0044
    L0044:
    popz.v
    pushi.e 0
    dup.i 0
    pushi.e 0
    cmp.i.i.eq
    bt L0070
    dup.i 0
    pushi.e 1
    cmp.i.i.eq
    bt L00a4
    b L00c0
    L0070:
    pushloc.v local.a
    conv.v.b
    bf L00a0
    push.s \"x\"
    conv.s.v
    call.i show_debug_message(argc=1)
    popz.v
    popz.i
    exit.i
    L00a0:
    b L00c0
    L00a4:
    push.s \"y\"
    conv.s.v
    call.i show_debug_message(argc=1)
    popz.v
    b L00c0
    L00c0:
    popz.i
    push.s \"z\"
    conv.s.v
    call.i show_debug_message(argc=1)
    popz.v
    ",
    "
    var a = 3;
    switch (a) {
        case 1:
            show_debug_message(\"w\");
            break;
    }
    switch (0) {
        case 0:
            if (a) {
                show_debug_message(\"x\");
                exit;
            }
            break;
        case 1:
            show_debug_message(\"y\");
            break;
    }
    show_debug_message(\"z\");
    "
);

// An `exit` in a string switch inside a switch on a folded constant drops
// the values typed outermost first (Gatoiq/tiempo-del-este's Input library).
construct!(
    exit_in_a_switch_inside_a_switch_on_a_constant_2024,
    "
    ; release 2024.14
    pushi.e 0
    dup.i 0
    pushi.e 4
    cmp.i.i.eq
    bt L_four
    b L_end
L_four:
    pushloc.v local.g
    dup.v 0
    push.s \"x\"
    cmp.s.v.eq
    bt L_x
    b L_inner_end
L_x:
    popz.i
    popz.v
    exit.i
L_inner_end:
    popz.v
    b L_end
L_end:
    popz.i
    ",
    "
    var g;
    switch (0) {
        case 4:
            switch (g) {
                case \"x\":
                    exit;
            }
            break;
    }
    "
);

// From 2024.14 an `exit` in `default` leaves the switch's value, as a
// `return` there does (LR-Solutions/Recreo-Gestion-LR).
construct!(
    exit_in_default_keeps_the_value_2024,
    "
    ; release 2024.14
    pushloc.v local.r
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L_one
    b L_default
    b L_end
L_one:
    pushi.e 1
    pop.v.i local.p
    b L_end
L_default:
    exit.i
L_end:
    popz.v
    ",
    "
    var r;
    switch (r) {
        case 1:
            var p = 1;
            break;
        default:
            exit;
    }
    "
);

// An empty `default` written last: the jump to it goes where the dead jump
// after it does (LR-Solutions/Recreo-Gestion-LR).
construct!(
    empty_default_written_last_2024,
    "
    ; release 2024.14
    pushloc.v local.k
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L_one
    b L_end
    b L_end
L_one:
    pushi.e 1
    pop.v.i local.n
    b L_end
L_end:
    popz.v
    ",
    "
    var k;
    switch (k) {
        case 1:
            var n = 1;
            break;
        default:
    }
    "
);
