//! Calls: built-in functions and the names their typed arguments print as,
//! scripts by each release's naming, methods, and calls of a function held in a
//! variable.

use super::construct;

construct!(
    builtin_call_as_a_statement_gms1,
    "
    call.i instance_destroy(argc=0)
    popz.v
    ",
    "instance_destroy();"
);

construct!(
    builtin_call_as_a_value_gms1,
    "
    pushloc.v local.n
    call.i log2(argc=1)
    call.i floor(argc=1)
    pop.v.v local.E
    ",
    "
    var n;
    var E = floor(log2(n));
    "
);

construct!(
    object_argument_is_named_gms1,
    "
    ; asset OBJT 59 oPlayerBlood
    pushi.e 59
    conv.i.v
    push.v self.y
    push.v self.x
    call.i instance_create(argc=3)
    popz.v
    ",
    "instance_create(x, y, oPlayerBlood);"
);

construct!(
    sound_and_boolean_arguments_are_named_gms1,
    "
    ; asset SOND 4 sndDeath
    pushi.e 0
    conv.i.v
    pushi.e 0
    conv.i.v
    pushi.e 4
    conv.i.v
    call.i audio_play_sound(argc=3)
    popz.v
    ",
    "audio_play_sound(sndDeath, 0, false);"
);

construct!(
    sprite_argument_is_named_gms1,
    "
    ; asset SPRT 6 spr_cursor
    push.v self.y
    push.v self.x
    pushi.e 0
    conv.i.v
    pushi.e 6
    conv.i.v
    call.i draw_sprite(argc=4)
    popz.v
    ",
    "draw_sprite(spr_cursor, 0, x, y);"
);

construct!(
    own_sprite_argument_stays_a_variable_gms1,
    "
    push.v self.y
    push.v self.x
    pushi.e 0
    conv.i.v
    push.v self.sprite_index
    call.i draw_sprite(argc=4)
    popz.v
    ",
    "draw_sprite(sprite_index, 0, x, y);"
);

construct!(
    room_argument_is_named_gms1,
    "
    ; asset ROOM 3 rm_level2
    pushi.e 3
    conv.i.v
    call.i room_goto(argc=1)
    popz.v
    ",
    "room_goto(rm_level2);"
);

construct!(
    key_constant_is_named_gms1,
    "
    pushi.e 37
    conv.i.v
    call.i keyboard_check(argc=1)
    pop.v.v self.left_key
    ",
    "left_key = keyboard_check(vk_left);"
);

// GameMaker folds `ord(\"D\")` to the letter's code; a key is written as the letter.
construct!(
    letter_key_is_written_with_ord_gms1,
    "
    pushi.e 68
    conv.i.v
    call.i keyboard_check(argc=1)
    pop.v.v self.right_key
    ",
    "right_key = keyboard_check(ord(\"D\"));"
);

construct!(
    mouse_button_constant_is_named_gms1,
    "
    pushi.e 1
    conv.i.v
    call.i mouse_check_button_pressed(argc=1)
    pop.v.v self.clicked
    ",
    "clicked = mouse_check_button_pressed(mb_left);"
);

construct!(
    alignment_constants_are_named_gms1,
    "
    pushi.e 1
    conv.i.v
    call.i draw_set_halign(argc=1)
    popz.v
    pushi.e 1
    conv.i.v
    call.i draw_set_valign(argc=1)
    popz.v
    ",
    "
    draw_set_halign(fa_center);
    draw_set_valign(fa_middle);
    "
);

construct!(
    event_number_is_named_by_its_type_gms2,
    "
    pushi.e 10
    conv.i.v
    pushi.e 7
    conv.i.v
    call.i event_perform(argc=2)
    popz.v
    ",
    "event_perform(ev_other, ev_user0);"
);

construct!(
    object_reference_argument_2024,
    "
    ; asset OBJT 35 obj_particle
    break.i -11 35
    call.i instance_exists(argc=1)
    conv.v.b
    bf L0018
    exit.i
    L0018:
    ",
    "
    if (instance_exists(obj_particle)) {
        exit;
    }
    "
);

construct!(
    room_reference_argument_2024,
    "
    ; asset ROOM 3 rm_boss
    break.i -11 50331651
    call.i room_goto(argc=1)
    popz.v
    ",
    "room_goto(rm_boss);"
);

construct!(
    sound_reference_argument_2024,
    "
    ; asset SOND 1 snd_click
    pushi.e 0
    conv.i.v
    pushi.e 10
    conv.i.v
    break.i -11 33554433
    call.i audio_play_sound(argc=3)
    popz.v
    ",
    "audio_play_sound(snd_click, 10, false);"
);

// Typed references number kinds by release: GameMaker renumbered them in 2024.4,
// so kind 6 is a script before it and a font from it on.
construct!(
    font_reference_argument_2023,
    "
    ; release 2023.8
    ; asset FONT 2 fnt_small
    ; asset SCPT 2 scr_unused
    break.i -11 117440514
    call.i draw_set_font(argc=1)
    popz.v
    ",
    "draw_set_font(fnt_small);"
);

construct!(
    font_reference_argument_2024_4,
    "
    ; release 2024.4
    ; asset FONT 2 fnt_small
    ; asset SCPT 2 scr_unused
    break.i -11 100663298
    call.i draw_set_font(argc=1)
    popz.v
    ",
    "draw_set_font(fnt_small);"
);

construct!(
    background_reference_stored_2024_4,
    "
    ; release 2024.4
    ; asset BGND 1 ts_walls
    ; asset ACRV 1 curve_unused
    break.i -11 218103809
    pop.v.v self.tiles
    ",
    "tiles = ts_walls;"
);

construct!(
    sprite_reference_stored_in_a_builtin_2024,
    "
    ; asset SPRT 4 spr_enemy_walk
    break.i -11 16777220
    pop.v.v builtin.sprite_index
    ",
    "sprite_index = spr_enemy_walk;"
);

construct!(
    sprite_index_compared_with_a_sprite_gms1,
    "
    ; asset SPRT 2 spr_player_jump
    push.v self.sprite_index
    pushi.e 2
    cmp.i.v.eq
    bf L0018
    exit.i
    L0018:
    ",
    "
    if (sprite_index == spr_player_jump) {
        exit;
    }
    "
);

construct!(
    script_called_by_name_gms1,
    "
    call.i scr_menu(argc=0)
    popz.v
    ",
    "scr_menu();"
);

construct!(
    script_with_arguments_gms1,
    "
    pushloc.v local.mouse_hover
    pushloc.v local.h
    pushloc.v local.w
    call.i drawButton(argc=3)
    popz.v
    ",
    "
    var h, mouse_hover, w;
    drawButton(w, h, mouse_hover);
    "
);

construct!(
    script_called_through_its_code_name_2_3,
    "
    push.s \"Server disconnected.\"
    conv.s.v
    call.i gml_Script_log(argc=1)
    popz.v
    ",
    "log(\"Server disconnected.\");"
);

construct!(
    script_result_used_2024,
    "
    pushbltn.v builtin.argument0
    call.i gml_Script_scr_percent(argc=1)
    conv.v.b
    bf L0018
    exit.i
    L0018:
    ",
    "
    if (scr_percent(argument0)) {
        exit;
    }
    "
);

construct!(
    script_execute_names_its_script_gms1,
    "
    ; asset SCPT 12 scr_attack_state
    pushi.e 12
    conv.i.v
    call.i script_execute(argc=1)
    popz.v
    ",
    "script_execute(scr_attack_state);"
);

construct!(
    variadic_builtin_gms2,
    "
    pushi.e 3
    conv.i.v
    pushi.e 2
    conv.i.v
    pushi.e 1
    conv.i.v
    call.i choose(argc=3)
    pop.v.v self.lane
    ",
    "lane = choose(1, 2, 3);"
);

construct!(
    format_string_call_2024,
    "
    pushloc.v local._answer
    pushloc.v local._question
    push.s \"Question {0}, answer {1}\"
    conv.s.v
    call.i string(argc=3)
    call.i gml_Script_log(argc=1)
    popz.v
    ",
    "
    var _answer, _question;
    log(string(\"Question {0}, answer {1}\", _question, _answer));
    "
);

construct!(
    self_as_an_argument_2023,
    "
    call.i @@This@@(argc=0)
    call.i instance_destroy(argc=1)
    popz.v
    ",
    "instance_destroy(self);"
);

construct!(
    other_as_an_argument_2023,
    "
    call.i @@Other@@(argc=0)
    call.i instance_destroy(argc=1)
    popz.v
    ",
    "instance_destroy(other);"
);

construct!(
    method_of_self_called_2_3,
    "
    call.i @@This@@(argc=0)
    push.v builtin.eff
    callv.v 0
    popz.v
    ",
    "eff();"
);

construct!(
    method_of_self_with_arguments_2024,
    "
    push.v self.id
    call.i @@This@@(argc=0)
    push.v builtin.move_to_random
    callv.v 1
    popz.v
    ",
    "move_to_random(id);"
);

construct!(
    function_in_a_local_called_2024,
    "
    pushloc.v local._max_width
    pushloc.v local._font
    pushloc.v local._text
    call.i @@This@@(argc=0)
    pushloc.v local._wrap_text
    callv.v 3
    pop.v.v local._lines
    ",
    "
    var _font, _max_width, _text, _wrap_text;
    var _lines = _wrap_text(_text, _font, _max_width);
    "
);

construct!(
    method_result_tested_2024,
    "
    pushi.e -7
    pushi.e 1
    push.v [array]object0.best_cell
    pushi.e -7
    pushi.e 0
    push.v [array]object0.best_cell
    call.i @@This@@(argc=0)
    push.v builtin.move_to_cell
    callv.v 2
    conv.v.b
    bf L0040
    exit.i
    L0040:
    ",
    "
    var best_cell;
    if (move_to_cell(best_cell[0], best_cell[1])) {
        exit;
    }
    "
);

construct!(
    method_called_on_self_explicitly_2024,
    "
    call.i @@This@@(argc=0)
    dup.v 34816
    dup.v 0
    push.v stacktop.Disconnect
    callv.v 0
    popz.v
    ",
    "self.Disconnect();"
);

construct!(
    method_of_a_global_struct_called_2024,
    "
    pushloc.v local._index
    pushloc.v local._input
    call.i @@This@@(argc=0)
    pushloc.v local._start
    pushglb.v global.gNETWORK_ACTIONS
    call.i variable_struct_get(argc=2)
    callv.v 2
    popz.v
    ",
    "
    var _index, _input, _start;
    global.gNETWORK_ACTIONS[$ _start](_input, _index);
    "
);

construct!(
    method_of_an_instance_field_2024,
    "
    push.v self.enemy
    pushi.e -9
    push.v [stacktop]object0.brain
    dup.v 34816
    dup.v 0
    push.v stacktop.think
    callv.v 0
    popz.v
    ",
    "enemy.brain.think();"
);

construct!(
    method_of_an_instance_with_an_argument_2024,
    "
    ; asset OBJT 105 obj_hero
    push.v self.item_in_slot
    break.i -11 105
    dup.v 34817
    dup.v 0
    push.v stacktop.use_item
    callv.v 1
    conv.v.b
    bf L0030
    exit.i
    L0030:
    ",
    "
    if (item_in_slot.use_item(obj_hero)) {
        exit;
    }
    "
);

construct!(
    method_of_a_struct_entry_with_arguments_2024,
    "
    push.v self.brush
    push.v self.brushes
    call.i variable_struct_get(argc=2)
    push.v arg.argument2
    push.v self.brush_settings
    pushloc.v local.new_my
    pushloc.v local.new_mx
    pushloc.v local.old_my
    pushloc.v local.old_mx
    dup.v 34822
    dup.v 0
    push.v stacktop.draw
    callv.v 6
    pop.v.v local.done
    ",
    "
    var new_mx, new_my, old_mx, old_my;
    var done = brushes[$ brush].draw(old_mx, old_my, new_mx, new_my, brush_settings, argument2);
    "
);

construct!(
    script_referenced_as_a_value_2_3,
    "
    push.i 65536
    break.e -5
    push.i function exit_game
    conv.i.v
    push.l 0
    conv.l.v
    push.s \"EXIT\"
    conv.s.v
    call.i @@NewGMLArray@@(argc=3)
    pop.v.v local.entry
    ",
    "
    enum UnknownEnum {
        Value_0 = 0
    }
    var entry = [\"EXIT\", UnknownEnum.Value_0, exit_game];
    "
);

// The game's own variable passed to a colour parameter holds colours wherever
// the same code stores one in it.
construct!(
    colour_stored_in_a_variable_drawn_with_gms2,
    "
    pushi.e 255
    pop.v.i self.c
    push.v self.c
    call.i draw_set_color(argc=1)
    popz.v
    ",
    "
    c = c_red;
    draw_set_color(c);
    "
);

// A colour no constant names is written as authors write one, `$BBGGRR`
// (blue, green, red), and an instance compared with -4 with `noone`.
construct!(
    colour_without_a_name_is_hex_and_minus_four_compared_is_noone_gms2,
    "
    push.i 2236962
    pop.v.i self.image_blend
    push.i 16726784
    conv.i.v
    call.i draw_set_colour(argc=1)
    popz.v
    push.v self.target
    pushi.e -4
    cmp.i.v.ne
    bf L0034
    push.v self.target
    call.i instance_destroy(argc=1)
    popz.v
    L0034:
    ",
    "
    image_blend = $222222;
    draw_set_colour($FF3B00);
    if (target != noone) {
        instance_destroy(target);
    }
    "
);

// A switch on a variable that holds a room names its cases.
construct!(
    switch_on_the_room_names_its_cases_2_3,
    "
    ; asset ROOM 0 rm_start
    ; asset ROOM 2 rm_win
    pushbltn.v self.room
    dup.v 0
    pushi.e 0
    cmp.i.v.eq
    bt L0020
    dup.v 0
    pushi.e 2
    cmp.i.v.eq
    bt L0020
    b L0030
    L0020:
    call.i game_restart(argc=0)
    popz.v
    b L0030
    L0030:
    popz.v
    ",
    "
    switch (room) {
        case rm_start:
        case rm_win:
            game_restart();
            break;
    }
    "
);

// Functions that take an object take an array of objects.
construct!(
    array_of_objects_argument_2024,
    "
    ; asset OBJT 4 obj_wall
    pushi.e -4
    conv.i.v
    pushi.e 4
    conv.i.v
    call.i @@NewGMLArray@@(argc=2)
    push.v self.y
    push.v self.x
    call.i instance_place(argc=3)
    pop.v.v self.hit
    ",
    "hit = instance_place(x, y, [obj_wall, noone]);"
);

// A script's parameter that its body passes to a typed built-in, straight or
// through a local, names the arguments of calls to the script (the first entry
// named is the one checked).
construct!(
    script_parameters_typed_by_the_script_body_gms1,
    "
    ; gml_Object_obj_menu_Draw_0 (arguments 0, locals 0) starts at L0038
    ; gml_Script_fontSetup (arguments 2, locals 1) starts at L0000
    ; asset FONT 1 font_big
    L0000:
    pushbltn.v self.argument0
    pop.v.v local.font
    pushloc.v local.font
    call.i draw_set_font(argc=1)
    popz.v
    pushbltn.v self.argument1
    call.i draw_set_halign(argc=1)
    popz.v
    exit.i
    L0038:
    pushi.e 1
    conv.i.v
    pushi.e 1
    conv.i.v
    call.i fontSetup(argc=2)
    popz.v
    ",
    "fontSetup(font_big, fa_center);"
);

// A built-in that returns a constant or an asset names what its result is
// compared with.
construct!(
    result_of_a_builtin_compared_with_its_constant_gms1,
    "
    pushbltn.v self.argument0
    call.i asset_get_type(argc=1)
    pushi.e 6
    cmp.i.v.ne
    bf L_end
    exit.i
    L_end:
    ",
    "
    if (asset_get_type(argument0) != asset_script) {
        exit;
    }
    "
);

/// An instance as a value, before 2.3: its id.
const INSTANCE_AS_ITS_ID: &str = "
    push.v self.id
    call.i createStringFromInstance(argc=1)
    pop.v.v local.s
    push.v other.id
    conv.v.i
    pushenv L0024
    L001c:
    call.i instance_destroy(argc=0)
    popz.v
    L0024:
    popenv L001c
    push.v other.id
    ret.v
    ";

construct!(
    instance_as_a_value_is_its_id_gms1,
    INSTANCE_AS_ITS_ID,
    "
    var s = createStringFromInstance(id);
    with (other.id) {
        instance_destroy();
    }
    return other.id;
    "
);

/// As authors write it: an instance alone, before 2.3, compiles to its id.
#[test]
fn instance_as_a_value_written_alone_gms1() {
    let gml = "
    var s = createStringFromInstance(self);
    with (other) {
        instance_destroy();
    }
    return other;
    ";
    let name = "instance_as_a_value_written_alone_gms1";
    assert_eq!(super::compiled_differs(name, INSTANCE_AS_ITS_ID, gml), None);
}

construct!(
    variable_hash_worked_out_by_the_compiler_2024,
    "
    ; release 2024.8
    push.i variable buffer
    conv.i.v
    pushbltn.v builtin.async_load
    call.i struct_get_from_hash(argc=2)
    pop.v.v local._buff
    ",
    "var _buff = struct_get_from_hash(async_load, variable_get_hash(\"buffer\"));"
);

// A game whose chunks say before 2024.6 worked hashes out too
// (JaconAndEggs/Ooo-Kaizo): its code tells.
construct!(
    variable_hash_worked_out_where_the_game_shows_it_2024,
    "
    push.i variable sprite_index
    conv.i.v
    push.v self.data
    call.i struct_get_from_hash(argc=2)
    pop.v.v self.s
    ",
    "s = struct_get_from_hash(data, variable_get_hash(\"sprite_index\"));"
);

// Where resources are typed references, a plain number passed for one was written
// as a number.
construct!(
    number_where_a_resource_is_taken_2024,
    "
    ; release 2024.14
    ; asset FONT 0 fnt_main
    pushi.e 0
    conv.i.v
    call.i draw_set_font(argc=1)
    popz.v
    break.i -11 100663296
    call.i draw_set_font(argc=1)
    popz.v
    ",
    "
    draw_set_font(0);
    draw_set_font(fnt_main);
    "
);

// A call of the function another call returns (JaconAndEggs' Ooo-Kaizo).
construct!(
    call_of_what_a_call_returns_2024,
    "
    call.i @@This@@(argc=0)
    pushloc.v local.f
    pushloc.v local.a
    call.i method(argc=2)
    callv.v 0
    popz.v
    ",
    "
    var a, f;
    method(a, f)();
    "
);

// A built-in function named as a value is the function, `push.i function`
// (SekaLudianto's tebak-lagu tests `if (os_is_network_connected)`).
construct!(
    built_in_function_as_a_value_2024,
    "
    push.i function os_is_network_connected
    conv.i.b
    bf L001c
    pushi.e 1
    pop.v.i global.g
    L001c:
    ",
    "
    if (os_is_network_connected) {
        global.g = 1;
    }
    "
);

// GameMaker: Studio 1.x calls `string` of a constant, where GameMaker Studio 2
// before 2023 folds it (Natesky9/ZAAP-Multiplayer's `show(string(21))`).
construct!(
    string_of_a_constant_is_called_gms1,
    "
    pushi.e 21
    conv.i.v
    call.i string(argc=1)
    call.i show(argc=1)
    popz.v
    ",
    "show(string(21));"
);
