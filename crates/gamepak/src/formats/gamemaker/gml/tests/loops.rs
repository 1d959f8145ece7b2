//! Loops: `while`, `do … until`, `for` with and without `continue`, `repeat`,
//! `with`, `break` and `continue` in each, nested loops and loops at the end of
//! an `if`.

use super::construct;

construct!(
    while_loop_gms1,
    "
    L0030:
    pushloc.v local.str
    call.i string_length(argc=1)
    pushloc.v local.length
    cmp.v.v.lt
    bf L0070
    pushloc.v local.padchar
    pushloc.v local.str
    add.v.v
    pop.v.v local.str
    b L0030
    L0070:
    ",
    "
    var length, padchar, str;
    while (string_length(str) < length) {
        str = padchar + str;
    }
    "
);

construct!(
    while_loop_with_a_return_inside_2023,
    "
    L0024:
    push.v self.i
    pushi.e -1
    cmp.i.v.gt
    bf L0088
    pushi.e -15
    push.v self.i
    conv.v.i
    push.v [array]object0.argument0
    push.v arg.argument1
    cmp.v.v.eq
    bf L006c
    push.v self.i
    ret.v
    L006c:
    push.v self.i
    push.e 1
    sub.i.v
    pop.v.v self.i
    b L0024
    L0088:
    pushi.e -1
    conv.i.v
    ret.v
    ",
    "
    while (i > -1) {
        if (argument0[i] == argument1) {
            return i;
        }
        i--;
    }
    return -1;
    "
);

construct!(
    while_left_by_break_gms2,
    "
    L0000:
    push.v self.n
    pushi.e 100
    cmp.i.v.lt
    bf L0040
    push.v self.n
    pushi.e 10
    cmp.i.v.gt
    bf L0028
    b L0040
    L0028:
    push.v self.n
    push.e 1
    add.i.v
    pop.v.v self.n
    b L0000
    L0040:
    ",
    "
    while (n < 100) {
        if (n > 10) {
            break;
        }
        n++;
    }
    "
);

construct!(
    while_with_an_and_condition_2_3,
    "
    L0000:
    push.v self.i
    pushi.e 10
    cmp.i.v.lt
    bf L0028
    push.v self.alive
    conv.v.b
    b L002c
    L0028:
    push.e 0
    L002c:
    bf L0048
    push.v self.i
    push.e 1
    add.i.v
    pop.v.v self.i
    b L0000
    L0048:
    ",
    "
    while (i < 10 && alive) {
        i++;
    }
    "
);

construct!(
    do_until_gms1,
    "
    pushi.e 0
    pop.v.i local.pos
    pushi.e 0
    pop.v.i local.ind
    L0038:
    push.v local.pos
    pushloc.v local.ind
    add.v.v
    pop.v.v local.pos
    pushloc.v local.str
    pushloc.v local.sub
    call.i string_pos(argc=2)
    pop.v.v local.ind
    pushloc.v local.ind
    pushi.e 0
    cmp.i.v.eq
    bf L0038
    pushloc.v local.pos
    ret.v
    ",
    "
    var str, sub;
    var pos = 0;
    var ind = 0;
    do {
        pos += ind;
        ind = string_pos(sub, str);
    } until (ind == 0);
    return pos;
    "
);

construct!(
    do_until_around_an_if_2_3,
    "
    L0020:
    pushi.e 3
    conv.i.v
    call.i irandom(argc=1)
    pop.v.v local.rand
    pushloc.v local.rand
    pushi.e 0
    cmp.i.v.eq
    bf L0050
    push.v self.j
    push.e 1
    add.i.v
    pop.v.v self.j
    L0050:
    push.v self.roomsGenerated
    push.v self.roomsToGenerate
    cmp.v.v.eq
    bf L0020
    pushi.e 0
    pop.v.i self.gen
    ",
    "
    do {
        var rand = irandom(3);
        if (rand == 0) {
            j++;
        }
    } until (roomsGenerated == roomsToGenerate);
    gen = 0;
    "
);

construct!(
    for_loop_gms1,
    "
    pushi.e 1
    pop.v.i local.p
    L0040:
    pushloc.v local.p
    pushloc.v local.l
    cmp.v.v.le
    bf L00d8
    pushloc.v local.p
    pushloc.v local.bin
    call.i string_char_at(argc=2)
    push.s \"1\"
    cmp.s.v.eq
    bf L00bc
    push.v local.dec
    pushi.e 1
    add.i.v
    pop.v.v local.dec
    L00bc:
    push.v local.p
    pushi.e 1
    add.i.v
    pop.v.v local.p
    b L0040
    L00d8:
    ",
    "
    var bin, dec, l;
    for (var p = 1; p <= l; p += 1) {
        if (string_char_at(bin, p) == \"1\") {
            dec += 1;
        }
    }
    "
);

construct!(
    for_loop_with_increment_gms1,
    "
    pushi.e 0
    pop.v.i local.m
    L0060:
    pushloc.v local.m
    push.v self.menu
    call.i array_length_1d(argc=1)
    cmp.v.v.lt
    bf L00fc
    pushi.e -1
    pushloc.v local.m
    conv.v.i
    push.v [array]object0.menu
    call.i string(argc=1)
    push.v self.y
    push.v self.x
    call.i draw_text(argc=3)
    popz.v
    push.v local.m
    pushi.e 1
    add.i.v
    pop.v.v local.m
    b L0060
    L00fc:
    ",
    "
    for (var m = 0; m < array_length_1d(menu); m += 1) {
        draw_text(x, y, string(menu[m]));
    }
    "
);

construct!(
    for_loop_with_continue_gms1,
    "
    pushi.e 0
    pop.v.i local.i
    L002c:
    pushloc.v local.i
    pushloc.v local.n
    cmp.v.v.lt
    bf L0080
    pushloc.v local.i
    pushi.e 0
    cmp.i.v.eq
    bf L0050
    b L0064
    L0050:
    pushloc.v local.i
    call.i show_debug_message(argc=1)
    popz.v
    L0064:
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    b L002c
    L0080:
    ",
    "
    var n;
    for (var i = 0; i < n; i++) {
        if (i == 0) {
            continue;
        }
        show_debug_message(i);
    }
    "
);

construct!(
    for_loop_with_break_gms1,
    "
    pushi.e 0
    pop.v.i local.found
    pushi.e 0
    pop.v.i local.j
    L00e0:
    pushloc.v local.j
    pushloc.v local.validchars
    call.i string_length(argc=1)
    cmp.v.v.lt
    bf L015c
    pushloc.v local.char
    pushloc.v local.j
    pushi.e 1
    add.i.v
    pushloc.v local.validchars
    call.i string_char_at(argc=2)
    cmp.v.v.eq
    bf L0140
    pushi.e 1
    pop.v.i local.found
    b L015c
    L0140:
    push.v local.j
    push.e 1
    add.i.v
    pop.v.v local.j
    b L00e0
    L015c:
    pushloc.v local.found
    ret.v
    ",
    "
    var char, validchars;
    var found = 0;
    for (var j = 0; j < string_length(validchars); j++) {
        if (char == string_char_at(validchars, j + 1)) {
            found = 1;
            break;
        }
    }
    return found;
    "
);

construct!(
    for_loop_counting_down_gms1,
    "
    pushi.e 7
    pop.v.i local.i
    L0010:
    pushloc.v local.i
    pushi.e 0
    cmp.i.v.ge
    bf L0040
    pushloc.v local.i
    call.i show_debug_message(argc=1)
    popz.v
    push.v local.i
    pushi.e 1
    sub.i.v
    pop.v.v local.i
    b L0010
    L0040:
    ",
    "
    for (var i = 7; i >= 0; i -= 1) {
        show_debug_message(i);
    }
    "
);

construct!(
    for_loop_over_an_array_2024,
    "
    pushi.e 0
    pop.v.i local.i
    L0010:
    pushloc.v local.i
    push.v self.buttons
    call.i array_length(argc=1)
    cmp.v.v.lt
    bf L0060
    pushi.e -1
    pushloc.v local.i
    conv.v.i
    push.v [array]object0.buttons
    call.i instance_destroy(argc=1)
    popz.v
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    b L0010
    L0060:
    ",
    "
    for (var i = 0; i < array_length(buttons); i++) {
        instance_destroy(buttons[i]);
    }
    "
);

construct!(
    nested_for_loops_gms1,
    "
    pushi.e 0
    pop.v.i local.i
    L001c:
    pushloc.v local.i
    pushi.e 8
    cmp.i.v.lt
    bf L012c
    pushi.e 0
    pop.v.i local.j
    L0058:
    pushloc.v local.j
    pushi.e 8
    cmp.i.v.lt
    bf L0110
    pushloc.v local.j
    pushloc.v local.i
    call.i plot(argc=2)
    popz.v
    push.v local.j
    pushi.e 1
    add.i.v
    pop.v.v local.j
    b L0058
    L0110:
    push.v local.i
    pushi.e 1
    add.i.v
    pop.v.v local.i
    b L001c
    L012c:
    ",
    "
    for (var i = 0; i < 8; i += 1) {
        for (var j = 0; j < 8; j += 1) {
            plot(i, j);
        }
    }
    "
);

construct!(
    repeat_of_a_constant_gms1,
    "
    pushi.e 200
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L00c8
    L008c:
    pushi.e 59
    conv.i.v
    push.v self.y
    push.v self.x
    call.i instance_create(argc=3)
    popz.v
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L008c
    L00c8:
    popz.i
    ",
    "
    repeat (200) {
        instance_create(x, y, 59);
    }
    "
);

construct!(
    repeat_of_an_expression_gms1,
    "
    pushloc.v local.e
    pushi.e 1
    add.i.v
    pushloc.v local.s
    sub.v.v
    conv.v.i
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L00c4
    L0074:
    pushloc.v local.s
    pushloc.v local.nspListStr
    call.i ds_list_delete(argc=2)
    popz.v
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L0074
    L00c4:
    popz.i
    ",
    "
    var e, nspListStr, s;
    repeat (e + 1 - s) {
        ds_list_delete(nspListStr, s);
    }
    "
);

construct!(
    nested_repeats_2_3,
    "
    pushi.e 0
    pop.v.i local.i
    pushbltn.v self.argument_count
    conv.v.i
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L01ec
    L00e8:
    pushi.e 0
    pop.v.i local.xx
    pushloc.v local.i
    conv.v.i
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L01b8
    L014c:
    pushloc.v local.xx
    pushloc.v local.i
    call.i plot(argc=2)
    popz.v
    push.v local.xx
    push.e 1
    add.i.v
    pop.v.v local.xx
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L014c
    L01b8:
    popz.i
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L00e8
    L01ec:
    popz.i
    ",
    "
    var i = 0;
    repeat (argument_count) {
        var xx = 0;
        repeat (i) {
            plot(i, xx);
            xx++;
        }
        i++;
    }
    "
);

// 2024.11 on: the countdown subtracts a `pushi.e` and tests the count as it is.
construct!(
    repeat_counts_down_without_a_conversion_2024,
    "
    pushglb.v global.gSERVER_RELAYS
    call.i ds_map_size(argc=1)
    conv.v.i
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L0120
    L0040:
    pushloc.v local._key
    call.i gml_Script_log(argc=1)
    popz.v
    pushi.e 1
    sub.i.i
    dup.i 0
    bt L0040
    L0120:
    popz.i
    ",
    "
    var _key;
    repeat (ds_map_size(global.gSERVER_RELAYS)) {
        log(_key);
    }
    "
);

construct!(
    repeat_with_break_gms2,
    "
    pushi.e 5
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L0060
    L0014:
    push.v self.ammo
    pushi.e 0
    cmp.i.v.le
    bf L0030
    b L0060
    L0030:
    call.i scr_fire(argc=0)
    popz.v
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L0014
    L0060:
    popz.i
    ",
    "
    repeat (5) {
        if (ammo <= 0) {
            break;
        }
        scr_fire();
    }
    "
);

construct!(
    repeat_with_continue_gms2,
    "
    pushi.e 5
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L0060
    L0014:
    push.v self.ammo
    pushi.e 0
    cmp.i.v.le
    bf L0030
    b L0040
    L0030:
    call.i scr_fire(argc=0)
    popz.v
    L0040:
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L0014
    L0060:
    popz.i
    ",
    "
    repeat (5) {
        if (ammo <= 0) {
            continue;
        }
        scr_fire();
    }
    "
);

construct!(
    with_an_object_and_a_repeat_inside_gms1,
    "
    ; asset OBJT 0 oPlayer
    ; asset OBJT 59 oPlayerBlood
    pushi.e 0
    pushenv L00d8
    L0074:
    pushi.e 200
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L00c8
    L008c:
    pushi.e 59
    conv.i.v
    push.v self.y
    push.v self.x
    call.i instance_create(argc=3)
    popz.v
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L008c
    L00c8:
    popz.i
    call.i instance_destroy(argc=0)
    popz.v
    L00d8:
    popenv L0074
    ",
    "
    with (oPlayer) {
        repeat (200) {
            instance_create(x, y, oPlayerBlood);
        }
        instance_destroy();
    }
    "
);

construct!(
    with_all_and_continue_gms1,
    "
    pushi.e -3
    pushenv L0100
    L0028:
    push.v self.object_index
    call.i objectInPalette(argc=1)
    conv.v.b
    not.b
    bf L0048
    b L0100
    L0048:
    call.i instance_destroy(argc=0)
    popz.v
    L0100:
    popenv L0028
    ",
    "
    with (all) {
        if (!objectInPalette(object_index)) {
            continue;
        }
        instance_destroy();
    }
    "
);

construct!(
    with_a_local_instance_2_3,
    "
    pushloc.v local.nearest
    pushi.e -9
    pushenv L0020
    L000c:
    pushi.e 1
    pop.v.i self.hit
    L0020:
    popenv L000c
    ",
    "
    var nearest;
    with (nearest) {
        hit = 1;
    }
    "
);

construct!(
    with_other_2_3,
    "
    call.i @@Other@@(argc=0)
    pushi.e -9
    pushenv L0020
    L000c:
    call.i instance_destroy(argc=0)
    popz.v
    L0020:
    popenv L000c
    ",
    "
    with (other) {
        instance_destroy();
    }
    "
);

construct!(
    with_an_object_reference_2024,
    "
    ; asset OBJT 8 obj_node
    break.i -11 8
    pushi.e -9
    pushenv L0030
    L0010:
    pushi.e 0
    pop.v.i builtin.selected
    L0030:
    popenv L0010
    ",
    "
    with (obj_node) {
        selected = 0;
    }
    "
);

construct!(
    with_left_by_break_2024,
    "
    ; asset OBJT 29 obj_cell
    pushi.e -4
    pop.v.i local.target
    break.i -11 29
    pushi.e -9
    pushenv L0884
    L0828:
    push.v self.grid_x
    pushbltn.v builtin.argument1
    cmp.v.v.eq
    bf L0884
    push.v self.occupying_object
    pop.v.v local.target
    b L088c
    L0884:
    popenv L0828
    b L0890
    L088c:
    popenv exit
    L0890:
    pushloc.v local.target
    ret.v
    ",
    "
    var target = -4;
    with (obj_cell) {
        if (grid_x == argument1) {
            target = occupying_object;
            break;
        }
    }
    return target;
    "
);

construct!(
    with_inside_a_repeat_2024,
    "
    pushglb.v global.gSERVER_RELAYS
    call.i ds_map_size(argc=1)
    conv.v.i
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L0120
    L0040:
    pushloc.v local._key
    pushglb.v global.gSERVER_RELAYS
    call.i ds_map_find_value(argc=2)
    pushi.e -9
    pushenv L00ec
    L0060:
    pushi.e 0
    conv.i.v
    push.v builtin.input
    call.i array_resize(argc=2)
    popz.v
    L00ec:
    popenv L0060
    pushloc.v local._key
    pushglb.v global.gSERVER_RELAYS
    call.i ds_map_find_next(argc=2)
    pop.v.v local._key
    pushi.e 1
    sub.i.i
    dup.i 0
    bt L0040
    L0120:
    popz.i
    ",
    "
    var _key;
    repeat (ds_map_size(global.gSERVER_RELAYS)) {
        with (global.gSERVER_RELAYS[? _key]) {
            array_resize(input, 0);
        }
        _key = ds_map_find_next(global.gSERVER_RELAYS, _key);
    }
    "
);

construct!(
    loop_at_the_end_of_an_if_gms1,
    "
    push.v self.active
    conv.v.b
    bf L0040
    L0010:
    push.v self.n
    pushi.e 0
    cmp.i.v.gt
    bf L0040
    push.v self.n
    push.e 1
    sub.i.v
    pop.v.v self.n
    b L0010
    L0040:
    ",
    "
    if (active) {
        while (n > 0) {
            n--;
        }
    }
    "
);

construct!(
    loop_at_the_end_of_an_else_2_3,
    "
    push.v self.active
    conv.v.b
    bf L0020
    pushi.e 0
    pop.v.i self.n
    b L0050
    L0020:
    push.v self.n
    pushi.e 10
    cmp.i.v.lt
    bf L0050
    push.v self.n
    push.e 1
    add.i.v
    pop.v.v self.n
    b L0020
    L0050:
    ",
    "
    if (active) {
        n = 0;
    } else {
        while (n < 10) {
            n++;
        }
    }
    "
);

construct!(
    while_with_continue_gms2,
    "
    L0000:
    push.v self.i
    pushi.e 10
    cmp.i.v.lt
    bf L0048
    push.v self.i
    push.e 1
    add.i.v
    pop.v.v self.i
    push.v self.i
    pushi.e 2
    mod.i.v
    pushi.e 0
    cmp.i.v.eq
    bf L0038
    b L0000
    L0038:
    call.i scr_odd(argc=0)
    popz.v
    b L0000
    L0048:
    ",
    "
    while (i < 10) {
        i++;
        if (i mod 2 == 0) {
            continue;
        }
        scr_odd();
    }
    "
);

construct!(
    exit_inside_a_for_loop_gms1,
    "
    pushi.e 0
    pop.v.i local.i
    L0010:
    pushloc.v local.i
    pushi.e 4
    cmp.i.v.lt
    bf L0050
    pushloc.v local.i
    call.i slot_empty(argc=1)
    conv.v.b
    bf L0034
    exit.i
    L0034:
    push.v local.i
    pushi.e 1
    add.i.v
    pop.v.v local.i
    b L0010
    L0050:
    ",
    "
    for (var i = 0; i < 4; i += 1) {
        if (slot_empty(i)) {
            exit;
        }
    }
    "
);

construct!(
    repeat_whose_body_starts_with_a_while_gms2,
    "
    pushi.e 3
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L0064
    L0018:
    push.v self.c
    conv.v.b
    bf L004c
    pushi.e 1
    pop.v.i self.x
    push.v self.d
    conv.v.b
    bf L0048
    b L004c
    L0048:
    b L0018
    L004c:
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L0018
    L0064:
    popz.i
    ",
    "
    repeat (3) {
        while (c) {
            x = 1;
            if (d) {
                break;
            }
        }
    }
    "
);

construct!(
    division_by_an_integer_written_plainly_and_as_op_assign_gms2,
    "
    push.v self.x
    pushi.e 2
    conv.i.d
    div.d.v
    pop.v.v self.x
    push.v self.y
    pushi.e 2
    div.i.v
    pop.v.v self.y
    ",
    "
    x = x / 2;
    y /= 2;
    "
);

construct!(
    do_until_with_an_arm_that_exits_gms2,
    "
    L0000:
    push.v self.c
    conv.v.b
    bf L0020
    pushi.e 0
    pop.v.i self.hp
    exit.i
    L0020:
    push.v self.d
    conv.v.b
    bf L0000
    L0030:
    ",
    "
    do {
        if (c) {
            hp = 0;
            exit;
        }
    } until (d);
    "
);

construct!(
    do_until_starting_with_nested_conditional_values_gms2,
    "
    L0000:
    push.v self.c
    conv.v.b
    bf L0038
    push.v self.d
    conv.v.b
    bf L002c
    pushi.e 1
    conv.i.v
    b L0034
    L002c:
    pushi.e 2
    conv.i.v
    L0034:
    b L0040
    L0038:
    pushi.e 3
    conv.i.v
    L0040:
    pop.v.v self.hp
    L0048:
    push.v self.e
    conv.v.b
    bf L0000
    L0058:
    ",
    "
    do {
        hp = c ? (d ? 1 : 2) : 3;
    } until (e);
    "
);

construct!(
    with_whose_body_starts_with_a_while_gms2,
    "
    push.v other.id
    conv.v.i
    pushenv L0030
    L0010:
    push.v self.c
    conv.v.b
    bf L0030
    pushi.e 1
    pop.v.i self.x
    b L0010
    L0030:
    popenv L0010
    ",
    "
    with (other.id) {
        while (c) {
            x = 1;
        }
    }
    "
);

construct!(
    do_until_whose_body_starts_with_a_while_gms2,
    "
    L0000:
    push.v self.c
    conv.v.b
    bf L0020
    pushi.e 1
    pop.v.i self.x
    b L0000
    L0020:
    push.v self.d
    conv.v.b
    bf L0000
    L0030:
    ",
    "
    do {
        while (c) {
            x = 1;
        }
    } until (d);
    "
);

construct!(
    while_tested_on_a_conditional_value_gms2,
    "
    L0000:
    push.v self.c
    conv.v.b
    bf L001c
    push.v self.d
    b L0024
    L001c:
    push.v self.e
    L0024:
    conv.v.b
    bf L003c
    pushi.e 1
    pop.v.i self.x
    b L0000
    L003c:
    ",
    "
    while (c ? d : e) {
        x = 1;
    }
    "
);

construct!(
    loop_whose_if_breaks_in_its_else_then_goes_on_2_3,
    "
    L0000:
    pushloc.v local.i
    pushloc.v local.n
    cmp.v.v.lt
    bf L006c
    pushloc.v local.f
    call.i file_text_eoln(argc=1)
    conv.v.b
    not.b
    bf L004c
    pushloc.v local.f
    call.i file_text_readln(argc=1)
    popz.v
    b L0050
    L004c:
    b L006c
    L0050:
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    b L0000
    L006c:
    ",
    "
    var f, i, n;
    while (i < n) {
        if (!file_text_eoln(f)) {
            file_text_readln(f);
        } else {
            break;
        }
        i++;
    }
    "
);

// A `for` with no step still has a latch of its own, a jump back to the test,
// and its `continue` goes there; a `while`'s goes to the test itself (the
// windblown-particles effect of 2024.14 games).
construct!(
    for_loop_without_a_step_continues_to_its_latch_2024,
    "
    pushi.e 0
    pop.v.i local.i
    L000c:
    pushloc.v local.i
    pushloc.v local.n
    cmp.v.v.lt
    bf L00a0
    pushloc.v local.i
    pushi.e 3
    cmp.i.v.eq
    bf L0084
    pushloc.v local.i
    pushloc.v local.n
    cmp.v.v.eq
    bf L006c
    push.v local.n
    push.e 1
    sub.i.v
    pop.v.v local.n
    b L009c
    L006c:
    push.v local.n
    pushi.e 2
    sub.i.v
    pop.v.v local.n
    L0084:
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    L009c:
    b L000c
    L00a0:
    ",
    "
    var n;
    for (var i = 0; i < n;) {
        if (i == 3) {
            if (i == n) {
                n--;
                continue;
            }
            n -= 2;
        }
        i++;
    }
    "
);

// A `while` body ending in an `if` whose arm holds a `continue`: the latch,
// a jump back alone, is where the `if` ends, not a way out of it
// (LR-Solutions' Recreo-Gestion-LR).
construct!(
    while_body_ending_in_an_if_that_continues_2024,
    "
    L0000:
    pushloc.v local.i
    pushi.e 0
    cmp.i.v.gt
    bf L0054
    pushloc.v local.a
    conv.v.b
    bf L0050
    pushloc.v local.b
    conv.v.b
    bf L0044
    pushi.e 1
    pop.v.i local.i
    b L0000
    L0044:
    pushi.e 2
    pop.v.i local.i
    L0050:
    b L0000
    L0054:
    ",
    "
    var a, b, i;
    while (i > 0) {
        if (a) {
            if (b) {
                i = 1;
                continue;
            }
            i = 2;
        }
    }
    "
);

// A `repeat` whose count is already 64-bit (an enum's member) counts it down
// as one (Gatoiq/tiempo-del-este's `repeat (INPUT_POINTER_TYPE.__SIZE)`).
construct!(
    repeat_a_64_bit_count_2024,
    "
    ; release 2024.14
    push.l 3
    dup.l 0
    push.i 0
    cmp.i.l.le
    bt L_end
L_top:
    push.v local.m
    push.e 1
    add.i.v
    pop.v.v local.m
    pushi.e 1
    sub.i.l
    dup.l 0
    conv.l.b
    bt L_top
L_end:
    popz.l
    ",
    "
    enum UnknownEnum {
        Value_3 = 3
    }
    var m;
    repeat (UnknownEnum.Value_3) {
        m++;
    }
    "
);

// A jump back to a `while`'s test from an `if` arm before the body's last
// block is a `continue`: an arm jumps over its `else` to that block, not past
// it (LR-Solutions/Recreo-Gestion-LR's `ds_list_destroy(_temp_list);
// continue;`, 2024.14).
construct!(
    continue_ending_an_arm_with_an_else_in_a_while_2024,
    "
    L_top:
    push.v self.a
    conv.v.b
    bf L_end
    push.v self.b
    conv.v.b
    bf L_else
    call.i f(argc=0)
    popz.v
    b L_top
    L_else:
    call.i g(argc=0)
    popz.v
    b L_top
    L_end:
    ",
    "
    while (a) {
        if (b) {
            f();
            continue;
        } else {
            g();
        }
    }
    "
);
