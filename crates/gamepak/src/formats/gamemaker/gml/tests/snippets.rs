//! Real code: whole small entries, or self-contained parts of larger ones, copied
//! from the disassembly of the games, each with the GML written by hand after
//! reading it (and, where the game's source is public, checked against it). Each
//! test is named after its game and entry. Asset names are the game's own.

use super::construct;

construct!(
    kappa_trooper_scr_get_face,
    "
    push.v self.dir
    pushi.e 90
    conv.i.d
    div.d.v
    call.i round(argc=1)
    pop.v.v self.face
    push.v self.face
    pushi.e 4
    cmp.i.v.eq
    bf L0044
    pushi.e 0
    pop.v.i self.face
    L0044:
    ",
    "
    face = round(dir / 90);
    if (face == 4) {
        face = 0;
    }
    "
);

construct!(
    kappa_trooper_scr_check_for_player,
    "
    ; asset OBJT 1 obj_player
    pushi.e 1
    conv.i.v
    call.i instance_exists(argc=1)
    conv.v.b
    bf L00a0
    push.v object1.y
    push.v object1.x
    push.v self.y
    push.v self.x
    call.i point_distance(argc=4)
    pop.v.v local.dis
    pushloc.v local.dis
    push.v self.sight
    cmp.v.v.lt
    bf L0090
    pushi.e 10
    pop.v.i self.state
    push.v object1.x
    pop.v.v self.targetx
    push.v object1.y
    pop.v.v self.targety
    b L009c
    L0090:
    call.i scr_enemy_choose_next_state(argc=0)
    popz.v
    L009c:
    b L00ac
    L00a0:
    call.i scr_enemy_choose_next_state(argc=0)
    popz.v
    L00ac:
    ",
    "
    if (instance_exists(obj_player)) {
        var dis = point_distance(x, y, obj_player.x, obj_player.y);
        if (dis < sight) {
            state = 10;
            targetx = obj_player.x;
            targety = obj_player.y;
        } else {
            scr_enemy_choose_next_state();
        }
    } else {
        scr_enemy_choose_next_state();
    }
    "
);

construct!(
    kappa_trooper_spr_enemy_stall_state,
    "
    pushi.e -1
    pushi.e 1
    push.v [array]object0.alarm
    pushi.e 0
    cmp.i.v.le
    bf L0028
    pushi.e 7
    pop.v.i self.state
    L0028:
    ",
    "
    if (alarm[1] <= 0) {
        state = 7;
    }
    "
);

construct!(
    kappa_trooper_obj_lifeform_parent_step_0,
    "
    push.v self.y
    neg.v
    pop.v.v self.depth
    push.v self.hp
    pushi.e 0
    cmp.i.v.le
    bf L0034
    call.i instance_destroy(argc=0)
    popz.v
    L0034:
    ",
    "
    depth = -y;
    if (hp <= 0) {
        instance_destroy();
    }
    "
);

construct!(
    kappa_trooper_scr_dash_state_part,
    "
    push.v self.sprite_index
    pushloc.v local.dash
    conv.v.i
    pop.v.v [stacktop]object0.sprite_index
    push.v self.image_index
    pushloc.v local.dash
    conv.v.i
    pop.v.v [stacktop]object0.image_index
    ",
    "
    var dash;
    dash.sprite_index = sprite_index;
    dash.image_index = image_index;
    "
);

construct!(
    space_intruders_spanwer_obj_alarm_0,
    "
    ; asset OBJT 7 enemyB_obj
    pushi.e 7
    conv.i.v
    push.v self.y
    pushi.e 450
    conv.i.v
    pushi.e 50
    conv.i.v
    call.i random_range(argc=2)
    call.i instance_create(argc=3)
    popz.v
    ",
    "instance_create(random_range(50, 450), y, enemyB_obj);"
);

construct!(
    space_intruders_playership_obj_alarm_0,
    "
    push.v self.energy
    pushi.e 30
    cmp.i.v.lt
    bf L002c
    push.v self.energy
    push.e 1
    add.i.v
    pop.v.v self.energy
    L002c:
    ",
    "
    if (energy < 30) {
        energy++;
    }
    "
);

construct!(
    space_intruders_bullet_obj_step_0,
    "
    ; asset OBJT 0 controller_obj
    ; asset OBJT 5 bigboss_obj
    ; asset OBJT 6 boss_obj
    ; asset OBJT 7 enemyB_obj
    push.v self.direction
    pop.v.v self.image_angle
    pushi.e 5
    conv.i.v
    push.v self.y
    push.v self.x
    call.i instance_place(argc=3)
    pushi.e 6
    conv.i.v
    push.v self.y
    push.v self.x
    call.i instance_place(argc=3)
    pushi.e 7
    conv.i.v
    push.v self.y
    push.v self.x
    call.i instance_place(argc=3)
    call.i max(argc=3)
    pop.v.v self.hit
    pushi.e 0
    pop.v.i self.beenhit
    push.v self.hit
    pushi.e -4
    cmp.i.v.ne
    bf L00d8
    push.v self.hit
    conv.v.i
    dup.i 0
    push.v [stacktop]object0.hp
    push.v object0.bulletD
    sub.v.v
    pop.i.v [stacktop]object0.hp
    call.i instance_destroy(argc=0)
    popz.v
    L00d8:
    ",
    "
    image_angle = direction;
    hit = max(instance_place(x, y, enemyB_obj), instance_place(x, y, boss_obj), instance_place(x, y, bigboss_obj));
    beenhit = 0;
    if (hit != noone) {
        hit.hp -= controller_obj.bulletD;
        instance_destroy();
    }
    "
);

construct!(
    space_intruders_pause_obj_keypress_81,
    "
    ; asset ROOM 0 menu_rm
    push.v self.pause
    conv.v.b
    bf L0024
    pushi.e 0
    conv.i.v
    call.i room_goto(argc=1)
    popz.v
    L0024:
    ",
    "
    if (pause) {
        room_goto(menu_rm);
    }
    "
);

construct!(
    space_intruders_eupgrade1_obj_step_0,
    "
    push.v self.image_index
    pushi.e 0
    cmp.i.v.eq
    bf L0020
    pushi.e 40
    pop.v.i self.price
    L0020:
    push.v self.image_index
    pushi.e 1
    cmp.i.v.eq
    bf L0040
    pushi.e 100
    pop.v.i self.price
    L0040:
    push.v self.image_index
    pushi.e 2
    cmp.i.v.eq
    bf L0060
    pushi.e 200
    pop.v.i self.price
    L0060:
    ",
    "
    if (image_index == 0) {
        price = 40;
    }
    if (image_index == 1) {
        price = 100;
    }
    if (image_index == 2) {
        price = 200;
    }
    "
);

construct!(
    space_intruders_scr_menu,
    "
    ; asset ROOM 2 help_rm
    ; asset ROOM 3 scores_rm
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
            room_goto(scores_rm);
            break;
        case 2:
            room_goto(help_rm);
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
    jtool_pad_string_left,
    "
    pushbltn.v self.argument0
    pop.v.v local.str
    pushbltn.v self.argument1
    pop.v.v local.length
    pushbltn.v self.argument2
    pop.v.v local.padchar
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
    pushloc.v local.str
    ret.v
    ",
    "
    var str = argument0;
    var length = argument1;
    var padchar = argument2;
    while (string_length(str) < length) {
        str = padchar + str;
    }
    return str;
    "
);

construct!(
    jtool_kill_player,
    "
    ; asset OBJT 0 oPlayer
    ; asset OBJT 52 oDeathDisplay
    ; asset OBJT 59 oPlayerBlood
    ; asset SOND 4 sndDeath
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
    bf L00dc
    pushi.e 0
    conv.i.v
    pushi.e 0
    conv.i.v
    pushi.e 4
    conv.i.v
    call.i audio_play_sound(argc=3)
    popz.v
    push.v object52.death_count
    pushi.e 1
    add.i.v
    pop.v.v object52.death_count
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
    L00dc:
    ",
    "
    if (instance_exists(oPlayer) && global.deathEnabled) {
        audio_play_sound(sndDeath, 0, false);
        oDeathDisplay.death_count += 1;
        with (oPlayer) {
            repeat (200) {
                instance_create(x, y, oPlayerBlood);
            }
            instance_destroy();
        }
    }
    "
);

construct!(
    jtool_save_and_reset_zoom,
    "
    ; asset OBJT 9 oZoom
    pushglb.v global.count
    pushi.e 0
    cmp.i.v.eq
    bf L0018
    exit.i
    L0018:
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
    push.v self.x1_target
    pop.v.v self.x1_previous
    push.v self.y1_target
    pop.v.v self.y1_previous
    push.v self.x2_target
    pop.v.v self.x2_previous
    push.v self.y2_target
    pop.v.v self.y2_previous
    push.v self.zoom
    pop.v.v self.zoom_previous
    pushi.e 1
    pop.v.i self.zoom
    L00a0:
    popenv L0020
    ",
    "
    if (global.count == 0) {
        exit;
    }
    with (oZoom) {
        if (has_previous) {
            exit;
        }
        has_previous = 1;
        x1_previous = x1_target;
        y1_previous = y1_target;
        x2_previous = x2_target;
        y2_previous = y2_target;
        zoom_previous = zoom;
        zoom = 1;
    }
    "
);

construct!(
    jtool_point_in_rect,
    "
    pushbltn.v self.argument0
    pop.v.v local.px
    pushbltn.v self.argument1
    pop.v.v local.py
    pushbltn.v self.argument2
    pop.v.v local.x1
    pushbltn.v self.argument3
    pop.v.v local.y1
    pushbltn.v self.argument4
    pop.v.v local.x2
    pushbltn.v self.argument5
    pop.v.v local.y2
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
    var px = argument0;
    var py = argument1;
    var x1 = argument2;
    var y1 = argument3;
    var x2 = argument4;
    var y2 = argument5;
    return px >= x1 && px < x2 && py >= y1 && py < y2;
    "
);

construct!(
    jtool_nsp_list_remove,
    "
    pushglb.v global.nspListStr
    pop.v.v local.nspListStr
    pushglb.v global.nspListPar
    pop.v.v local.nspListPar
    pushbltn.v self.argument0
    pop.v.v local.s
    pushbltn.v self.argument1
    pop.v.v local.e
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
    pushloc.v local.s
    pushloc.v local.nspListPar
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
    var nspListStr = global.nspListStr;
    var nspListPar = global.nspListPar;
    var s = argument0;
    var e = argument1;
    repeat (e + 1 - s) {
        ds_list_delete(nspListStr, s);
        ds_list_delete(nspListPar, s);
    }
    "
);

construct!(
    jtool_bin_to_dec,
    "
    pushbltn.v self.argument0
    pop.v.v local.bin
    pushi.e 0
    pop.v.i local.dec
    pushloc.v local.bin
    call.i string_length(argc=1)
    pop.v.v local.l
    pushi.e 1
    pop.v.i local.p
    L0040:
    pushloc.v local.p
    pushloc.v local.l
    cmp.v.v.le
    bf L00d8
    pushloc.v local.dec
    conv.v.l
    pushi.e 1
    conv.i.l
    shl.l.l
    pop.v.l local.dec
    pushloc.v local.p
    pushloc.v local.bin
    call.i string_char_at(argc=2)
    push.s \"1\"
    cmp.s.v.eq
    bf L00bc
    pushloc.v local.dec
    conv.v.l
    pushi.e 1
    or.i.l
    pop.v.l local.dec
    L00bc:
    push.v local.p
    pushi.e 1
    add.i.v
    pop.v.v local.p
    b L0040
    L00d8:
    pushloc.v local.dec
    ret.v
    ",
    "
    var bin = argument0;
    var dec = 0;
    var l = string_length(bin);
    for (var p = 1; p <= l; p += 1) {
        dec = dec << 1;
        if (string_char_at(bin, p) == \"1\") {
            dec = dec | 1;
        }
    }
    return dec;
    "
);

construct!(
    jtool_string_rpos,
    "
    pushbltn.v self.argument0
    pop.v.v local.sub
    pushbltn.v self.argument1
    pop.v.v local.str
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
    pushi.e 1
    conv.i.v
    pushloc.v local.str
    call.i string_delete(argc=3)
    pop.v.v local.str
    pushloc.v local.ind
    pushi.e 0
    cmp.i.v.eq
    bf L0038
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
    var sub = argument0;
    var str = argument1;
    var pos = 0;
    var ind = 0;
    do {
        pos += ind;
        ind = string_pos(sub, str);
        str = string_delete(str, 1, ind);
    } until (ind == 0);
    if (pos == 0) {
        pos = string_length(str);
    }
    return pos;
    "
);

construct!(
    jtool_string_is_int,
    "
    pushbltn.v self.argument0
    pop.v.v local.str
    push.s \"0123456789\"
    pop.v.s local.validchars
    pushi.e 0
    pop.v.i local.i
    L002c:
    pushloc.v local.i
    pushloc.v local.str
    call.i string_length(argc=1)
    cmp.v.v.lt
    bf L0198
    pushloc.v local.i
    pushi.e 1
    add.i.v
    pushloc.v local.str
    call.i string_char_at(argc=2)
    pop.v.v local.char
    pushloc.v local.i
    pushi.e 0
    cmp.i.v.eq
    bf L00bc
    pushloc.v local.char
    push.s \"-\"
    cmp.s.v.eq
    bf L00bc
    pushloc.v local.str
    call.i string_length(argc=1)
    pushi.e 2
    cmp.i.v.ge
    b L00c0
    L00bc:
    push.e 0
    L00c0:
    bf L00c8
    b L017c
    L00c8:
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
    conv.v.b
    not.b
    bf L017c
    pushi.e 0
    conv.i.v
    ret.v
    L017c:
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    b L002c
    L0198:
    pushi.e 1
    conv.i.v
    ret.v
    ",
    "
    var str = argument0;
    var validchars = \"0123456789\";
    for (var i = 0; i < string_length(str); i++) {
        var char = string_char_at(str, i + 1);
        if (i == 0 && char == \"-\" && string_length(str) >= 2) {
            continue;
        }
        var found = 0;
        for (var j = 0; j < string_length(validchars); j++) {
            if (char == string_char_at(validchars, j + 1)) {
                found = 1;
                break;
            }
        }
        if (!found) {
            return 0;
        }
    }
    return 1;
    "
);

construct!(
    jtool_find_instance_to_drag,
    "
    ; asset OBJT 29 oWater
    ; asset OBJT 30 oWater2
    ; asset OBJT 31 oWater3
    pushbltn.v self.argument0
    pop.v.v local.instanceX
    pushbltn.v self.argument1
    pop.v.v local.instanceY
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
    pushglb.v global.waterlocked
    conv.v.b
    bf L009c
    push.v self.object_index
    pushi.e 29
    cmp.i.v.eq
    bt L0094
    push.v self.object_index
    pushi.e 30
    cmp.i.v.eq
    bt L0094
    push.v self.object_index
    pushi.e 31
    cmp.i.v.eq
    b L0098
    L0094:
    push.e 1
    L0098:
    b L00a0
    L009c:
    push.e 0
    L00a0:
    bf L00a8
    b L0100
    L00a8:
    pushi.e 0
    conv.i.v
    pushi.e 1
    conv.i.v
    push.v self.id
    pushloc.v local.instanceY
    pushloc.v local.instanceX
    call.i collision_point(argc=5)
    conv.v.b
    bf L0100
    push.v self.id
    pop.v.v local.$$$$temp$$$$
    popenv exit
    push.v local.$$$$temp$$$$
    ret.v
    L0100:
    popenv L0028
    pushi.e -4
    conv.i.v
    ret.v
    ",
    "
    var instanceX = argument0;
    var instanceY = argument1;
    with (all) {
        if (!objectInPalette(object_index)) {
            continue;
        }
        if (global.waterlocked && (object_index == oWater || object_index == oWater2 || object_index == oWater3)) {
            continue;
        }
        if (collision_point(instanceX, instanceY, id, true, false)) {
            return id;
        }
    }
    return -4;
    "
);

construct!(
    jtool_nsp_notify,
    "
    pushbltn.v self.argument_count
    pushi.e 1
    cmp.i.v.gt
    bf L0084
    pushi.e -1
    pushi.e 0
    dup.i 1
    push.v [array]object0.argument
    push.s \" FAULTY CODE: \"
    push.s \"^\"
    conv.s.v
    pushi.e -1
    pushi.e 3
    push.v [array]object0.argument
    pushi.e -1
    pushi.e 2
    push.v [array]object0.argument
    pushi.e -1
    pushi.e 1
    push.v [array]object0.argument
    call.i nsp_list_to_string(argc=4)
    add.v.s
    add.v.v
    pop.i.v [array]object0.argument
    L0084:
    push.v global._nsp_error
    pushi.e -1
    pushi.e 0
    push.v [array]object0.argument
    push.s \"#\"
    add.s.v
    add.v.v
    pop.v.v global._nsp_error
    ",
    "
    if (argument_count > 1) {
        argument[0] += \" FAULTY CODE: \" + nsp_list_to_string(argument[1], argument[2], argument[3], \"^\");
    }
    global._nsp_error += argument[0] + \"#\";
    "
);

construct!(
    space_nugs_obj_nug_create_0,
    "
    ; asset SPRT 1 spr_nug_small
    ; asset SPRT 2 spr_nug_med
    ; asset SPRT 3 spr_nug_huge
    pushi.e 1
    conv.i.v
    pushi.e 2
    conv.i.v
    pushi.e 3
    conv.i.v
    call.i choose(argc=3)
    pop.v.v self.sprite_index
    pushi.e 359
    conv.i.v
    pushi.e 0
    conv.i.v
    call.i irandom_range(argc=2)
    pop.v.v self.direction
    pushi.e 359
    conv.i.v
    pushi.e 0
    conv.i.v
    call.i irandom_range(argc=2)
    pop.v.v self.image_angle
    pushi.e 1
    pop.v.i self.speed
    ",
    "
    sprite_index = choose(spr_nug_huge, spr_nug_med, spr_nug_small);
    direction = irandom_range(0, 359);
    image_angle = irandom_range(0, 359);
    speed = 1;
    "
);

construct!(
    space_nugs_obj_nug_step_0,
    "
    push.v self.sprite_width
    pushi.e 2
    conv.i.d
    div.d.v
    pushi.e 1
    conv.i.v
    pushi.e 1
    conv.i.v
    call.i move_wrap(argc=3)
    popz.v
    push.v self.image_angle
    pushi.e 1
    add.i.v
    pop.v.v self.image_angle
    ",
    "
    move_wrap(true, true, sprite_width / 2);
    image_angle += 1;
    "
);

construct!(
    space_nugs_obj_ship_step_0,
    "
    ; asset OBJT 2 obj_bullet
    ; asset SOND 5 zap
    pushi.e 37
    conv.i.v
    call.i keyboard_check(argc=1)
    conv.v.b
    bf L0030
    push.v self.image_angle
    pushi.e 5
    add.i.v
    pop.v.v self.image_angle
    L0030:
    pushi.e 39
    conv.i.v
    call.i keyboard_check(argc=1)
    conv.v.b
    bf L0060
    push.v self.image_angle
    pushi.e 5
    sub.i.v
    pop.v.v self.image_angle
    L0060:
    pushi.e 38
    conv.i.v
    call.i keyboard_check(argc=1)
    conv.v.b
    bf L009c
    push.d 0.03
    conv.d.v
    push.v self.image_angle
    call.i motion_add(argc=2)
    popz.v
    L009c:
    pushi.e 32
    conv.i.v
    call.i keyboard_check_pressed(argc=1)
    conv.v.b
    bf L0128
    pushi.e 0
    conv.i.v
    pushi.e 1
    conv.i.v
    pushi.e 5
    conv.i.v
    call.i audio_play_sound(argc=3)
    popz.v
    pushi.e 2
    conv.i.v
    push.s \"Instances\"
    conv.s.v
    push.v self.y
    push.v self.x
    call.i instance_create_layer(argc=4)
    pop.v.v local.inst
    push.v self.image_angle
    pushloc.v local.inst
    pushi.e -9
    pop.v.v [stacktop]object0.direction
    L0128:
    push.v self.sprite_width
    pushi.e 2
    conv.i.d
    div.d.v
    pushi.e 1
    conv.i.v
    pushi.e 1
    conv.i.v
    call.i move_wrap(argc=3)
    popz.v
    ",
    "
    if (keyboard_check(vk_left)) {
        image_angle += 5;
    }
    if (keyboard_check(vk_right)) {
        image_angle -= 5;
    }
    if (keyboard_check(vk_up)) {
        motion_add(image_angle, 0.03);
    }
    if (keyboard_check_pressed(vk_space)) {
        audio_play_sound(zap, 1, false);
        var inst = instance_create_layer(x, y, \"Instances\", obj_bullet);
        inst.direction = image_angle;
    }
    move_wrap(true, true, sprite_width / 2);
    "
);

construct!(
    space_nugs_obj_ship_collision_obj_nug,
    "
    ; asset OBJT 3 obj_debree
    ; asset OBJT 4 obj_game
    ; asset SOND 3 loose
    pushglb.v global.invincibility
    conv.v.b
    not.b
    pushi.e 1
    cmp.i.b.eq
    bf L00f4
    push.v self.lives
    pushi.e 1
    sub.i.v
    pop.v.v self.lives
    pushi.e 4
    pushenv L005c
    L003c:
    pushi.e 2503
    break.e -5
    pushbltn.v self.room_speed
    pushi.e -1
    pushi.e 1
    pop.v.v [array]object0.alarm
    L005c:
    popenv L003c
    pushi.e 0
    conv.i.v
    pushi.e 1
    conv.i.v
    pushi.e 3
    conv.i.v
    call.i audio_play_sound(argc=3)
    popz.v
    call.i instance_destroy(argc=0)
    popz.v
    pushi.e 10
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L00f0
    L00a8:
    pushi.e 3
    conv.i.v
    push.s \"Instances\"
    conv.s.v
    push.v self.y
    push.v self.x
    call.i instance_create_layer(argc=4)
    popz.v
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L00a8
    L00f0:
    popz.i
    L00f4:
    ",
    "
    if (!global.invincibility == 1) {
        lives -= 1;
        with (obj_game) {
            alarm[1] = room_speed;
        }
        audio_play_sound(loose, 1, false);
        instance_destroy();
        repeat (10) {
            instance_create_layer(x, y, \"Instances\", obj_debree);
        }
    }
    "
);

construct!(
    space_nugs_obj_bullet_collision_obj_nug,
    "
    ; asset OBJT 0 obj_nug
    ; asset OBJT 3 obj_debree
    ; asset SOND 2 hurt
    ; asset SPRT 1 spr_nug_small
    ; asset SPRT 2 spr_nug_med
    ; asset SPRT 3 spr_nug_huge
    push.v self.score
    pushi.e 10
    add.i.v
    pop.v.v self.score
    pushi.e 0
    conv.i.v
    pushi.e 1
    conv.i.v
    pushi.e 2
    conv.i.v
    call.i audio_play_sound(argc=3)
    popz.v
    call.i instance_destroy(argc=0)
    popz.v
    call.i @@Other@@(argc=0)
    pushi.e -9
    pushenv L01f4
    L0058:
    call.i instance_destroy(argc=0)
    popz.v
    push.v self.sprite_index
    pushi.e 3
    cmp.i.v.eq
    bf L00fc
    pushi.e 2
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L00f4
    L0090:
    pushi.e 0
    conv.i.v
    push.s \"Instances\"
    conv.s.v
    push.v self.y
    push.v self.x
    call.i instance_create_layer(argc=4)
    pop.v.v local.new_nug
    pushi.e 2
    pushloc.v local.new_nug
    pushi.e -9
    pop.v.i [stacktop]object0.sprite_index
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L0090
    L00f4:
    popz.i
    b L0190
    L00fc:
    push.v self.sprite_index
    pushi.e 2
    cmp.i.v.eq
    bf L0190
    pushi.e 2
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L018c
    L0128:
    pushi.e 0
    conv.i.v
    push.s \"Instances\"
    conv.s.v
    push.v self.y
    push.v self.x
    call.i instance_create_layer(argc=4)
    pop.v.v local.new_nug
    pushi.e 1
    pushloc.v local.new_nug
    pushi.e -9
    pop.v.i [stacktop]object0.sprite_index
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L0128
    L018c:
    popz.i
    L0190:
    pushi.e 10
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L01f0
    L01a8:
    pushi.e 3
    conv.i.v
    push.s \"Instances\"
    conv.s.v
    push.v self.y
    push.v self.x
    call.i instance_create_layer(argc=4)
    popz.v
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L01a8
    L01f0:
    popz.i
    L01f4:
    popenv L0058
    ",
    "
    score += 10;
    audio_play_sound(hurt, 1, false);
    instance_destroy();
    with (other) {
        instance_destroy();
        if (sprite_index == spr_nug_huge) {
            repeat (2) {
                var new_nug = instance_create_layer(x, y, \"Instances\", obj_nug);
                new_nug.sprite_index = spr_nug_med;
            }
        } else if (sprite_index == spr_nug_med) {
            repeat (2) {
                new_nug = instance_create_layer(x, y, \"Instances\", obj_nug);
                new_nug.sprite_index = spr_nug_small;
            }
        }
        repeat (10) {
            instance_create_layer(x, y, \"Instances\", obj_debree);
        }
    }
    "
);

construct!(
    temple_of_elements_obullet_step_0,
    "
    ; asset OBJT 2 oWall
    ; asset OBJT 34 oHitSpark
    pushglb.v global.pause
    conv.v.b
    bf L0014
    exit.i
    L0014:
    push.v self.x
    push.v self.direction
    push.v self.spd
    call.i lengthdir_x(argc=2)
    add.v.v
    pop.v.v self.x
    push.v self.y
    push.v self.direction
    push.v self.spd
    call.i lengthdir_y(argc=2)
    add.v.v
    pop.v.v self.y
    pushi.e 2
    conv.i.v
    push.v self.y
    push.v self.x
    call.i place_meeting(argc=3)
    conv.v.b
    bf L00a8
    push.v self.image_index
    pushi.e 0
    cmp.i.v.ne
    b L00ac
    L00a8:
    push.e 0
    L00ac:
    bf L015c
    L00b0:
    pushi.e 2
    conv.i.v
    push.v self.y
    push.v self.x
    call.i place_meeting(argc=3)
    conv.v.b
    bf L0134
    push.v self.x
    push.v self.direction
    pushi.e 1
    conv.i.v
    call.i lengthdir_x(argc=2)
    sub.v.v
    pop.v.v self.x
    push.v self.y
    push.v self.direction
    pushi.e 1
    conv.i.v
    call.i lengthdir_y(argc=2)
    sub.v.v
    pop.v.v self.y
    b L00b0
    L0134:
    pushi.e 0
    pop.v.i self.spd
    pushi.e 1
    conv.i.v
    pushi.e 34
    conv.i.v
    call.i instance_change(argc=2)
    popz.v
    L015c:
    ",
    "
    if (global.pause) {
        exit;
    }
    x += lengthdir_x(spd, direction);
    y += lengthdir_y(spd, direction);
    if (place_meeting(x, y, oWall) && image_index != 0) {
        while (place_meeting(x, y, oWall)) {
            x -= lengthdir_x(1, direction);
            y -= lengthdir_y(1, direction);
        }
        spd = 0;
        instance_change(oHitSpark, true);
    }
    "
);

construct!(
    remaking_mario1_init,
    "
    ; asset OBJT 1 obj_gui
    pushi.e 0
    conv.i.v
    pushi.e 60
    conv.i.v
    call.i game_set_speed(argc=2)
    popz.v
    pushi.e 1
    conv.i.v
    pushi.e -4096
    conv.i.v
    pushi.e 0
    conv.i.v
    pushi.e 0
    conv.i.v
    call.i instance_create_depth(argc=4)
    popz.v
    call.i room_goto_next(argc=0)
    popz.v
    ",
    "
    game_set_speed(60, gamespeed_fps);
    instance_create_depth(0, 0, -4096, obj_gui);
    room_goto_next();
    "
);

construct!(
    remaking_mario1_obj_player_create_0,
    "
    pushi.e 0
    pop.v.i self.speed
    pushi.e 0
    pop.v.i self.image_speed
    pushi.e 1
    pop.v.i self.max_walk_speed
    pushi.e 0
    pop.v.i self.walk_speed
    pushi.e 0
    pop.v.i self.on_ground
    push.d 2.5
    pop.v.d self.jump_speed
    push.d 0.125
    pop.v.d self.gravity_speed
    ",
    "
    speed = 0;
    image_speed = 0;
    max_walk_speed = 1;
    walk_speed = 0;
    on_ground = 0;
    jump_speed = 2.5;
    gravity_speed = 0.125;
    "
);

construct!(
    remaking_mario1_check_box_collision_part,
    "
    pushbltn.v self.argument0
    pop.v.v local.t_set
    pushbltn.v self.argument1
    pop.v.v local.j_set
    pushbltn.v self.argument2
    pop.v.v local.x_off
    pushbltn.v self.argument3
    pop.v.v local.y_off
    pushi.e -1
    pop.v.i local.tile_data
    pushi.e 0
    pop.v.i local.tile_index
    pushi.e 0
    pop.v.i local.collided
    push.v self.bbox_top
    pushloc.v local.y_off
    add.v.v
    push.v self.bbox_left
    pushloc.v local.x_off
    add.v.v
    pushloc.v local.t_set
    call.i tilemap_get_at_pixel(argc=3)
    pop.v.v local.tile_data
    pushloc.v local.tile_data
    call.i tile_get_index(argc=1)
    pop.v.v local.tile_index
    pushloc.v local.collided
    conv.v.b
    bt L00e0
    pushloc.v local.tile_index
    pushi.e 0
    cmp.i.v.gt
    b L00e4
    L00e0:
    push.e 1
    L00e4:
    pop.v.b local.collided
    ",
    "
    var t_set = argument0;
    var j_set = argument1;
    var x_off = argument2;
    var y_off = argument3;
    var tile_data = -1;
    var tile_index = 0;
    var collided = 0;
    tile_data = tilemap_get_at_pixel(t_set, bbox_left + x_off, bbox_top + y_off);
    tile_index = tile_get_index(tile_data);
    collided = collided || tile_index > 0;
    "
);

construct!(
    pure_yahtzee_check_can_roll,
    "
    ; asset OBJT 3 obj_control
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
    with (obj_control) {
        if (rolls_turn < 3) {
            return 1;
        } else {
            return 0;
        }
    }
    "
);

construct!(
    innovate_it_obj_coal_alarm_1,
    "
    push.v global.cleanair
    push.d 0.1
    sub.d.v
    pop.v.v global.cleanair
    pushi.e 2
    pushbltn.v self.room_speed
    mul.v.i
    pushi.e -1
    pushi.e 1
    pop.v.v [array]object0.alarm
    ",
    "
    global.cleanair -= 0.1;
    alarm[1] = 2 * room_speed;
    "
);

construct!(
    shape_thing_obj_exit_step_0,
    "
    ; asset OBJT 4 obj_circle
    pushi.e 4
    conv.i.v
    push.v self.y
    pushi.e 0
    add.i.v
    push.v self.x
    pushi.e 0
    add.i.v
    call.i instance_place(argc=3)
    pop.v.v local.l3042E656_0
    pushloc.v local.l3042E656_0
    pushi.e 0
    cmp.i.v.gt
    bf L0058
    call.i room_goto_next(argc=0)
    popz.v
    L0058:
    ",
    "
    var l3042E656_0 = instance_place(x + 0, y + 0, obj_circle);
    if (l3042E656_0 > 0) {
        room_goto_next();
    }
    "
);

construct!(
    shape_thing_obj_square_wall_mouse_4,
    "
    ; asset OBJT 5 obj_square
    ; asset OBJT 11 abstract_character
    pushi.e 1
    conv.i.v
    pushi.e 5
    conv.i.v
    call.i instance_change(argc=2)
    popz.v
    pushi.e 11
    pushenv L0030
    L0024:
    pushi.e 0
    pop.v.i self.selected
    L0030:
    popenv L0024
    pushi.e 1
    pop.v.i self.selected
    ",
    "
    instance_change(obj_square, true);
    with (abstract_character) {
        selected = 0;
    }
    selected = 1;
    "
);

construct!(
    chonko_change_window_mode,
    "
    pushbltn.v self.argument0
    dup.v 0
    pushi.e 0
    cmp.i.v.eq
    bt L002c
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L0044
    b L005c
    L002c:
    pushi.e 1
    conv.i.v
    call.i window_set_fullscreen(argc=1)
    popz.v
    b L005c
    L0044:
    pushi.e 0
    conv.i.v
    call.i window_set_fullscreen(argc=1)
    popz.v
    b L005c
    L005c:
    popz.v
    ",
    "
    switch (argument0) {
        case 0:
            window_set_fullscreen(true);
            break;
        case 1:
            window_set_fullscreen(false);
            break;
    }
    "
);

construct!(
    chonko_obj_triple_shot_step_0,
    "
    ; asset OBJT 37 obj_dmg_boost_range
    ; asset OBJT 39 obj_player
    push.v object39.tripleShot
    conv.v.b
    bf L0054
    pushi.e 37
    conv.i.v
    push.s \"Pickups\"
    conv.s.v
    push.v self.y
    push.v self.x
    call.i instance_create_layer(argc=4)
    popz.v
    call.i @@This@@(argc=0)
    call.i instance_destroy(argc=1)
    popz.v
    L0054:
    ",
    "
    if (obj_player.tripleShot) {
        instance_create_layer(x, y, \"Pickups\", obj_dmg_boost_range);
        instance_destroy(self);
    }
    "
);

construct!(
    chonko_obj_gameover_step_0,
    "
    pushglb.v global.gameOver
    conv.v.b
    not.b
    bf L0018
    exit.i
    L0018:
    pushglb.v global.key_space
    call.i keyboard_check_pressed(argc=1)
    conv.v.b
    bf L003c
    call.i exit_game(argc=0)
    popz.v
    L003c:
    ",
    "
    if (!global.gameOver) {
        exit;
    }
    if (keyboard_check_pressed(global.key_space)) {
        exit_game();
    }
    "
);

construct!(
    chonko_create_menu_page,
    "
    pushi.e 0
    pop.v.i local.i
    pushbltn.v self.argument_count
    conv.v.i
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L0098
    L002c:
    push.i 165536
    break.e -5
    pushi.e -1
    pushloc.v local.i
    conv.v.i
    push.v [array]object0.argument
    pushi.e -7
    pushloc.v local.i
    conv.v.i
    pop.v.v [array]object0.arg
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L002c
    L0098:
    popz.i
    pushbltn.v self.argument_count
    pushi.e 5
    conv.i.v
    call.i ds_grid_create(argc=2)
    pop.v.v local.ds_grid_id
    pushi.e 0
    pop.v.i local.i
    pushbltn.v self.argument_count
    conv.v.i
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L01ec
    L00e8:
    pushi.e -7
    pushloc.v local.i
    conv.v.i
    push.v [array]object0.arg
    pop.v.v local.array
    pushloc.v local.array
    call.i array_length_1d(argc=1)
    pop.v.v local.array_len
    pushi.e 0
    pop.v.i local.xx
    pushloc.v local.array_len
    conv.v.i
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L01b8
    L014c:
    pushi.e -7
    pushloc.v local.xx
    conv.v.i
    push.v [array]object0.array
    pushloc.v local.i
    pushloc.v local.xx
    pushloc.v local.ds_grid_id
    call.i ds_grid_set(argc=4)
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
    pushloc.v local.ds_grid_id
    ret.v
    ",
    "
    var arg;
    var i = 0;
    repeat (argument_count) {
        arg[i] = argument[i];
        i++;
    }
    var ds_grid_id = ds_grid_create(5, argument_count);
    i = 0;
    repeat (argument_count) {
        var array = arg[i];
        var array_len = array_length_1d(array);
        var xx = 0;
        repeat (array_len) {
            ds_grid_id[# xx, i] = array[xx];
            xx++;
        }
        i++;
    }
    return ds_grid_id;
    "
);

construct!(
    dieback_export_create_0,
    "
    pushbltn.v builtin.program_directory
    pop.v.v self.dir
    push.v self.dir
    push.s \"img\\\\img.json\"
    add.s.v
    call.i buffer_load(argc=1)
    pop.v.v local.file_buffer
    pushi.e 11
    conv.i.v
    pushloc.v local.file_buffer
    call.i buffer_read(argc=2)
    pop.v.v local.s
    pushloc.v local.file_buffer
    call.i buffer_delete(argc=1)
    popz.v
    pushloc.v local.s
    call.i json_parse(argc=1)
    pop.v.v self.JDATA
    push.v self.JDATA
    pushi.e -9
    pushi.e 1
    push.v [array]object0.dim
    push.v self.JDATA
    pushi.e -9
    pushi.e 0
    push.v [array]object0.dim
    call.i surface_create(argc=2)
    pop.v.v self.gif_recorder
    pushi.e 0
    pop.v.i self.fEND
    pushi.e 1
    pop.v.i self.count
    ",
    "
    dir = program_directory;
    var file_buffer = buffer_load(dir + \"img\\\\img.json\");
    var s = buffer_read(file_buffer, buffer_string);
    buffer_delete(file_buffer);
    JDATA = json_parse(s);
    gif_recorder = surface_create(JDATA.dim[0], JDATA.dim[1]);
    fEND = 0;
    count = 1;
    "
);

construct!(
    before_the_after_inn_man_firstroom_mouse_50,
    "
    pushi.e 1
    conv.b.v
    call.i window_set_fullscreen(argc=1)
    popz.v
    push.d 0.01
    pop.v.d builtin.fade
    pushi.e 30
    conv.i.v
    pushi.e -6
    pushi.e 0
    pop.v.v [array]object0.alarm
    ",
    "
    window_set_fullscreen(true);
    fade = 0.01;
    alarm[0] = 30;
    "
);

construct!(
    before_the_after_inn_man_firstroom_draw_0,
    "
    pushi.e -1000
    pop.v.i builtin.depth
    pushi.e 0
    conv.i.v
    call.i draw_set_colour(argc=1)
    popz.v
    push.v builtin.fade
    call.i draw_set_alpha(argc=1)
    popz.v
    pushi.e 0
    conv.b.v
    pushi.e 1080
    conv.i.v
    pushi.e 1920
    conv.i.v
    pushi.e 0
    conv.i.v
    pushi.e 0
    conv.i.v
    call.i draw_rectangle(argc=5)
    popz.v
    push.v builtin.fade
    pushi.e 0
    cmp.i.v.ne
    bf L0090
    push.v builtin.fade
    pushi.e 1
    cmp.i.v.lt
    b L0094
    L0090:
    push.e 0
    L0094:
    bf L00b8
    push.v builtin.fade
    push.d 0.1
    add.d.v
    pop.v.v builtin.fade
    L00b8:
    push.i 16777215
    conv.i.v
    call.i draw_set_colour(argc=1)
    popz.v
    pushi.e 1
    conv.i.v
    call.i draw_set_alpha(argc=1)
    popz.v
    ",
    "
    depth = -1000;
    draw_set_colour(c_black);
    draw_set_alpha(fade);
    draw_rectangle(0, 0, 1920, 1080, false);
    if (fade != 0 && fade < 1) {
        fade += 0.1;
    }
    draw_set_colour(c_white);
    draw_set_alpha(1);
    "
);

construct!(
    before_the_after_inn_man_firstroom_alarm_0,
    "
    ; asset ROOM 1 rm_SplashScreen
    pushi.e 1
    conv.i.v
    call.i room_goto(argc=1)
    popz.v
    ",
    "room_goto(rm_SplashScreen);"
);

construct!(
    asteroid_destroyer_obj_bullets_create_0,
    "
    ; asset OBJT 2 obj_player
    pushi.e 10
    pop.v.i builtin.speed
    break.i -11 2
    pushi.e -9
    push.v [stacktop]object0.image_angle
    pop.v.v builtin.direction
    ",
    "
    speed = 10;
    direction = obj_player.image_angle;
    "
);

construct!(
    mini_jam_obj_cola_step_0,
    "
    pushi.e 68
    conv.i.v
    call.i keyboard_check(argc=1)
    pushi.e 65
    conv.i.v
    call.i keyboard_check(argc=1)
    sub.v.v
    pop.v.v local.hor_mov
    push.v builtin.x
    pushloc.v local.hor_mov
    push.v builtin.spd
    mul.v.v
    add.v.v
    pop.v.v builtin.new_x
    push.v builtin.new_x
    pushi.e 0
    cmp.i.v.gt
    bf L0080
    push.v builtin.new_x
    pushbltn.v builtin.room_width
    cmp.v.v.lt
    b L0084
    L0080:
    push.e 0
    L0084:
    bf L0098
    push.v builtin.new_x
    pop.v.v builtin.x
    L0098:
    ",
    "
    var hor_mov = keyboard_check(ord(\"D\")) - keyboard_check(ord(\"A\"));
    new_x = x + hor_mov * spd;
    if (new_x > 0 && new_x < room_width) {
        x = new_x;
    }
    "
);

construct!(
    mini_jam_obj_game_manager_create_0,
    "
    ; asset SOND 1 snd_dont_forget
    pushi.e 5
    pop.v.i builtin.initial_delay
    pushi.e 1
    pop.v.i builtin.spawn_rate
    pushi.e 1
    pop.v.b builtin.game
    pushi.e 0
    pop.v.i builtin.ices
    pushi.e 5
    pop.v.i builtin.live
    pushi.e 0
    conv.b.v
    pushi.e 0
    conv.i.v
    break.i -11 33554433
    call.i audio_play_sound(argc=3)
    popz.v
    push.v builtin.initial_delay
    pushi.e 60
    mul.i.v
    pushi.e -6
    pushi.e 0
    pop.v.v [array]object0.alarm
    ",
    "
    initial_delay = 5;
    spawn_rate = 1;
    game = true;
    ices = 0;
    live = 5;
    audio_play_sound(snd_dont_forget, 0, false);
    alarm[0] = initial_delay * 60;
    "
);

construct!(
    mini_jam_obj_game_manager_alarm_0,
    "
    ; asset OBJT 2 obj_ice
    break.i -11 2
    push.s \"Instances\"
    conv.s.v
    pushi.e 0
    conv.i.v
    pushbltn.v builtin.room_width
    pushi.e 0
    conv.i.v
    call.i irandom_range(argc=2)
    call.i instance_create_layer(argc=4)
    popz.v
    push.v builtin.spawn_rate
    pushi.e 60
    mul.i.v
    pushi.e -6
    pushi.e 0
    pop.v.v [array]object0.alarm
    ",
    "
    instance_create_layer(irandom_range(0, room_width), 0, \"Instances\", obj_ice);
    alarm[0] = spawn_rate * 60;
    "
);

construct!(
    mini_jam_obj_game_manager_step_0,
    "
    ; asset ROOM 1 rm_lose
    push.v builtin.live
    pushi.e 0
    cmp.i.v.le
    bf L0040
    break.i -11 50331649
    call.i room_goto(argc=1)
    popz.v
    pushi.e 0
    pop.v.b builtin.game
    pushi.e 1
    pop.v.i builtin.live
    L0040:
    push.v builtin.game
    conv.v.b
    not.b
    bf L006c
    pushi.e -1
    conv.i.v
    pushi.e -6
    pushi.e 0
    pop.v.v [array]object0.alarm
    L006c:
    ",
    "
    if (live <= 0) {
        room_goto(rm_lose);
        game = false;
        live = 1;
    }
    if (!game) {
        alarm[0] = -1;
    }
    "
);

// From 2024.4 on, a typed reference's kind numbers fonts 6, not 7 as before: this
// game (2024.8 to before 2024.11) passes `draw_set_font` kind 6.
construct!(
    mini_jam_obj_game_manager_draw_64,
    "
    ; release 2024.8
    ; asset FONT 0 fnt_real
    break.i -11 100663296
    call.i draw_set_font(argc=1)
    popz.v
    push.v builtin.game
    conv.v.b
    bf L0084
    push.s \"Ices not forgotten: \"
    push.v builtin.ices
    call.i string(argc=1)
    add.v.s
    push.s \"\\nLives: \"
    add.s.v
    push.v builtin.live
    call.i string(argc=1)
    add.v.v
    pushi.e 20
    conv.i.v
    pushbltn.v builtin.room_width
    pushi.e 300
    sub.i.v
    call.i draw_text(argc=3)
    popz.v
    L0084:
    ",
    "
    draw_set_font(fnt_real);
    if (game) {
        draw_text(room_width - 300, 20, \"Ices not forgotten: \" + string(ices) + \"\\nLives: \" + string(live));
    }
    "
);

construct!(
    cs179j_note_spawner_create_0,
    "
    pushi.e 270
    conv.i.v
    pushi.e 220
    conv.i.v
    pushi.e 170
    conv.i.v
    pushi.e 120
    conv.i.v
    pushi.e 70
    conv.i.v
    pushi.e 20
    conv.i.v
    call.i @@NewGMLArray@@(argc=6)
    pop.v.v builtin.columns
    pushi.e 10
    pop.v.i builtin.note_timer
    pushi.e 50
    pop.v.i builtin.note_interval
    ",
    "
    columns = [20, 70, 120, 170, 220, 270];
    note_timer = 10;
    note_interval = 50;
    "
);

construct!(
    cs179j_note_spawner_step_0,
    "
    ; asset OBJT 6 obj_note
    push.v builtin.note_timer
    pushi.e 1
    add.i.v
    pop.v.v builtin.note_timer
    push.v builtin.note_timer
    push.v builtin.note_interval
    cmp.v.v.ge
    bf L00b4
    pushi.e 0
    pop.v.i builtin.note_timer
    push.v builtin.columns
    call.i array_length(argc=1)
    pushi.e 1
    sub.i.v
    call.i irandom(argc=1)
    pop.v.v local.col_index
    pushi.e -6
    pushloc.v local.col_index
    conv.v.i
    push.v [array]object0.columns
    pop.v.v local.col_x
    break.i -11 6
    push.s \"Instances\"
    conv.s.v
    pushi.e 0
    conv.i.v
    pushloc.v local.col_x
    call.i instance_create_layer(argc=4)
    popz.v
    L00b4:
    ",
    "
    note_timer += 1;
    if (note_timer >= note_interval) {
        note_timer = 0;
        var col_index = irandom(array_length(columns) - 1);
        var col_x = columns[col_index];
        instance_create_layer(col_x, 0, \"Instances\", obj_note);
    }
    "
);

construct!(
    cs179j_global_score_draw_0,
    "
    call.i draw_self(argc=0)
    popz.v
    pushi.e 0
    conv.i.v
    call.i draw_set_halign(argc=1)
    popz.v
    pushi.e 0
    conv.i.v
    call.i draw_set_valign(argc=1)
    popz.v
    push.s \"Score: \"
    pushglb.v global.score
    call.i string(argc=1)
    add.v.s
    pushi.e 10
    conv.i.v
    pushi.e 10
    conv.i.v
    call.i draw_text(argc=3)
    popz.v
    ",
    "
    draw_self();
    draw_set_halign(fa_left);
    draw_set_valign(fa_top);
    draw_text(10, 10, \"Score: \" + string(global.score));
    "
);

construct!(
    paramecium_predator_collision_toxic,
    "
    pushi.e 100
    conv.i.v
    pushi.e 0
    conv.i.v
    push.v self.hp
    pushi.e 10
    sub.i.v
    call.i clamp(argc=3)
    pop.v.v self.hp
    call.i @@Other@@(argc=0)
    call.i instance_destroy(argc=1)
    popz.v
    ",
    "
    hp = clamp(hp - 10, 0, 100);
    instance_destroy(other);
    "
);

construct!(
    paramecium_array_index_of,
    "
    ; gml_GlobalScript_array_index_of (arguments 0, locals 1) starts at L0000
    ; gml_Script_array_index_of (arguments 2, locals 0) starts at L0004
    b L0098
    L0004:
    push.v arg.argument0
    call.i array_length(argc=1)
    pushi.e 1
    sub.i.v
    pop.v.v self.i
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
    pushi.e 0
    conv.b.v
    ret.v
    exit.i
    L0098:
    push.i function gml_Script_array_index_of
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.array_index_of
    popz.v
    ",
    "
    function array_index_of(argument0, argument1) {
        for (i = array_length(argument0) - 1; i > -1; i--) {
            if (argument0[i] == argument1) {
                return i;
            }
        }
        return false;
    }
    "
);

construct!(
    temple_of_rebirth_obj_player_collision_obj_enemy4,
    "
    ; asset OBJT 17 obj_player
    break.i -11 17
    pushi.e -9
    pushenv L001c
    L0010:
    call.i instance_destroy(argc=0)
    popz.v
    L001c:
    popenv L0010
    push.l 1150207
    conv.l.v
    pushi.e 0
    conv.i.v
    pushi.e 0
    conv.i.v
    pushi.e 0
    conv.i.v
    pushi.e 0
    conv.i.v
    call.i effect_create_below(argc=5)
    popz.v
    call.i room_restart(argc=0)
    popz.v
    ",
    "
    enum UnknownEnum {
        Value_1150207 = 1150207
    }
    with (obj_player) {
        instance_destroy();
    }
    effect_create_below(ef_explosion, 0, 0, 0, UnknownEnum.Value_1150207);
    room_restart();
    "
);

construct!(
    temple_of_rebirth_obj_enemy_parent_step_0_part,
    "
    push.v builtin.collision_tilemap
    call.i @@NewGMLArray@@(argc=1)
    push.v builtin.y
    pushi.e 0
    add.i.v
    push.v builtin.x
    pushi.e 25
    push.v builtin.move_x
    call.i sign(argc=1)
    mul.v.i
    add.v.v
    call.i instance_place(argc=3)
    pop.v.v local.l63BDE777_0
    pushloc.v local.l63BDE777_0
    pushi.e 0
    cmp.i.v.gt
    bf L011c
    push.v builtin.jump_speed
    neg.v
    pop.v.v builtin.move_y
    L011c:
    ",
    "
    var l63BDE777_0 = instance_place(x + 25 * sign(move_x), y + 0, [collision_tilemap]);
    if (l63BDE777_0 > 0) {
        move_y = -jump_speed;
    }
    "
);

construct!(
    simple_auto_battler_obj_control_alarm_0,
    "
    ; gml_Object_obj_control_Alarm_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___0@gml_Object_obj_control_Alarm_0 (arguments 0, locals 0) starts at L0058
    ; asset OBJT 5 obj_enemy
    pushglb.v global.rest
    pushi.e 0
    cmp.i.v.eq
    bf L0110
    pushglb.v global.diff
    call.i @@Global@@(argc=0)
    pushi.e -9
    pushglb.v global.enemies
    call.i array_length(argc=1)
    pushi.e 1
    sub.i.v
    call.i irandom(argc=1)
    conv.v.i
    push.v [array]object0.enemies
    b L0094
    L0058:
    call.i @@SetStatic@@(argc=0)
    pushi.e -15
    pushi.e 0
    push.v [array]object0.argument
    pop.v.v self.enemy
    pushi.e -15
    pushi.e 1
    push.v [array]object0.argument
    pop.v.v self.diff
    exit.i
    L0094:
    push.i function gml_Script____struct___0@gml_Object_obj_control_Alarm_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pop.v.v global.___struct___0
    call.i @@NewGMLObject@@(argc=3)
    break.i -11 5
    push.s \"inst\"
    conv.s.v
    pushi.e 352
    conv.i.v
    pushi.e 1120
    conv.i.v
    call.i instance_create_layer(argc=5)
    popz.v
    pushi.e 0
    pop.v.i builtin.spawning
    pushi.e 0
    pop.v.i global.battle_time
    b L0128
    L0110:
    pushi.e 10
    conv.i.v
    pushi.e -6
    pushi.e 0
    pop.v.v [array]object0.alarm
    L0128:
    ",
    "
    if (global.rest == 0) {
        instance_create_layer(1120, 352, \"inst\", obj_enemy, { enemy: global.enemies[irandom(array_length(global.enemies) - 1)], diff: global.diff });
        spawning = 0;
        global.battle_time = 0;
    } else {
        alarm[0] = 10;
    }
    "
);

construct!(
    simple_auto_battler_camera,
    "
    ; gml_GlobalScript_camera (arguments 0, locals 0) starts at L0000
    ; gml_Script_camera_move (arguments 2, locals 0) starts at L0004
    ; asset OBJT 3 obj_camera
    b L0050
    L0004:
    pushi.e 640
    push.v arg.argument0
    add.v.i
    break.i -11 3
    pushi.e -9
    pop.v.v [stacktop]object0.x
    pushi.e 360
    push.v arg.argument1
    add.v.i
    break.i -11 3
    pushi.e -9
    pop.v.v [stacktop]object0.y
    exit.i
    L0050:
    push.i function gml_Script_camera_move
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pop.v.v self.camera_move
    popz.v
    ",
    "
    function camera_move(argument0, argument1) {
        obj_camera.x = 640 + argument0;
        obj_camera.y = 360 + argument1;
    }
    "
);

construct!(
    github_io_script_networking_relay,
    "
    ; gml_GlobalScript_script_networking_relay (arguments 0, locals 0) starts at L0000
    ; gml_Script_Disconnect@anon@120@Relay@script_networking_relay (arguments 0, locals 0) starts at L001c
    ; gml_Script_Relay (arguments 1, locals 0) starts at L0004
    b L0068
    L0004:
    call.i @@SetStatic@@(argc=0)
    break.e -6
    bt L0044
    break.e -7
    b L0020
    L001c:
    exit.i
    L0020:
    push.i function gml_Script_Disconnect@anon@120@Relay@script_networking_relay
    conv.i.v
    pushi.e -16
    conv.i.v
    call.i method(argc=2)
    pop.v.v static.Disconnect
    L0044:
    push.v arg.argument0
    pop.v.v self.handle
    call.i @@NewGMLArray@@(argc=0)
    pop.v.v self.input
    exit.i
    L0068:
    push.i function gml_Script_Relay
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.Relay
    popz.v
    ",
    "
    function Relay(argument0) constructor {
        static Disconnect = function() {
        };
        handle = argument0;
        input = [];
    }
    "
);

construct!(
    github_io_object_debugging_step_2,
    "
    ; gml_Object_object_debugging_Step_2 (arguments 0, locals 1) starts at L0000
    ; gml_Script_anon@148@gml_Object_object_debugging_Step_2 (arguments 2, locals 0) starts at L0064
    pushglb.v global.gSERVER_RELAYS
    call.i ds_map_find_first(argc=1)
    pop.v.v local._key
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
    b L00a0
    L0064:
    push.v arg.argument0
    pushi.e -9
    push.v [stacktop]object0.x
    pop.v.v builtin.x
    push.v arg.argument0
    pushi.e -9
    push.v [stacktop]object0.y
    pop.v.v builtin.y
    exit.i
    L00a0:
    push.i function gml_Script_anon@148@gml_Object_object_debugging_Step_2
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    push.v builtin.input
    call.i array_foreach(argc=2)
    popz.v
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
    var _key = ds_map_find_first(global.gSERVER_RELAYS);
    repeat (ds_map_size(global.gSERVER_RELAYS)) {
        with (global.gSERVER_RELAYS[? _key]) {
            array_foreach(input, function(argument0, argument1) {
                x = argument0.x;
                y = argument0.y;
            });
            array_resize(input, 0);
        }
        _key = ds_map_find_next(global.gSERVER_RELAYS, _key);
    }
    "
);

construct!(
    rpg_obj_coin_step_0,
    "
    ; asset OBJT 105 obj_character_main
    call.i event_inherited(argc=0)
    popz.v
    break.i -11 105
    pushi.e -9
    push.v [stacktop]object0.is_active_turn
    conv.v.b
    bf L0038
    pushi.e 1
    pop.v.b self.visible
    b L0044
    L0038:
    pushi.e 0
    pop.v.b self.visible
    L0044:
    push.s \"desc_coin_of_greed\"
    conv.s.v
    pushglb.v global.translate_grid
    call.i gml_Script_get_translate(argc=2)
    pushglb.v global.PlayerGoldCount
    call.i string(argc=1)
    add.v.v
    pop.v.v self.text_description
    ",
    "
    event_inherited();
    if (obj_character_main.is_active_turn) {
        visible = true;
    } else {
        visible = false;
    }
    text_description = get_translate(global.translate_grid, \"desc_coin_of_greed\") + string(global.PlayerGoldCount);
    "
);

construct!(
    rpg_obj_manager_dead_screen_step_0,
    "
    push.v self.blend_alpha_dead
    pushi.e 1
    cmp.i.v.gt
    bf L0024
    pushi.e 1
    pop.v.i self.blend_alpha_dead
    b L0044
    L0024:
    push.v self.blend_alpha_dead
    push.d 0.01
    add.d.v
    pop.v.v self.blend_alpha_dead
    L0044:
    ",
    "
    if (blend_alpha_dead > 1) {
        blend_alpha_dead = 1;
    } else {
        blend_alpha_dead += 0.01;
    }
    "
);

// An older 2024 runtime: fonts are kind 7 of a typed reference.
construct!(
    rpg_obj_tooltip_create_0,
    "
    ; asset FONT 0 fnt_description
    ; asset FONT 1 fnt_naming
    pushi.e -4
    pop.v.i self.tooltip_id
    push.s \"\"
    pop.v.s self.tooltip_text_naming
    push.s \"\"
    pop.v.s self.tooltip_text_description
    pushi.e 0
    pop.v.b self.tooltip_visible
    break.i -11 117440513
    pop.v.v self.tooltip_font_naming
    break.i -11 117440512
    pop.v.v self.tooltip_font_description
    pushi.e 12
    pop.v.i self.tooltip_size_description
    ",
    "
    tooltip_id = -4;
    tooltip_text_naming = \"\";
    tooltip_text_description = \"\";
    tooltip_visible = false;
    tooltip_font_naming = fnt_naming;
    tooltip_font_description = fnt_description;
    tooltip_size_description = 12;
    "
);
