//! Accessors: `[| ]`, `[? ]`, `[# ]`, `[$ ]` and `[@ ]`, which GameMaker compiles
//! to calls of the data structure's functions or to array forms.

use super::construct;

construct!(
    list_accessor_read_gms1,
    "
    pushi.e 0
    conv.i.v
    pushbltn.v self.argument0
    call.i ds_list_find_value(argc=2)
    pushglb.v global.nspListStr
    call.i ds_list_copy(argc=2)
    popz.v
    ",
    "ds_list_copy(global.nspListStr, argument0[| 0]);"
);

construct!(
    list_accessor_written_gms1,
    "
    pushloc.v local.list_1
    pushi.e 0
    conv.i.v
    pushloc.v local.list_3
    call.i ds_list_set(argc=3)
    popz.v
    ",
    "
    var list_1, list_3;
    list_3[| 0] = list_1;
    "
);

construct!(
    list_accessor_read_and_written_gms1,
    "
    pushloc.v local.i
    pushloc.v local.list
    call.i ds_list_find_value(argc=2)
    call.i nsp_string_crop(argc=1)
    pushloc.v local.i
    pushloc.v local.list
    call.i ds_list_set(argc=3)
    popz.v
    ",
    "
    var i, list;
    list[| i] = nsp_string_crop(list[| i]);
    "
);

construct!(
    list_accessor_read_gms2,
    "
    pushloc.v local.i
    push.v self.dice
    call.i ds_list_find_value(argc=2)
    pushi.e 6
    cmp.i.v.eq
    bf L0028
    exit.i
    L0028:
    ",
    "
    var i;
    if (dice[| i] == 6) {
        exit;
    }
    "
);

construct!(
    map_accessor_read_gms1,
    "
    push.s \"name\"
    conv.s.v
    pushloc.v local.skin
    call.i ds_map_find_value(argc=2)
    pop.v.v local.name
    ",
    "
    var skin;
    var name = skin[? \"name\"];
    "
);

construct!(
    map_accessor_of_a_builtin_2024,
    "
    push.s \"type\"
    conv.s.v
    pushbltn.v builtin.async_load
    call.i ds_map_find_value(argc=2)
    pop.v.v local._type
    ",
    "var _type = async_load[? \"type\"];"
);

construct!(
    map_accessor_written_with_a_new_struct_2024,
    "
    pushloc.v local._from
    push.i function gml_Script_Relay
    conv.i.v
    call.i @@NewGMLObject@@(argc=2)
    pushloc.v local._from
    pushglb.v global.gSERVER_RELAYS
    call.i ds_map_set(argc=3)
    popz.v
    ",
    "
    var _from;
    global.gSERVER_RELAYS[? _from] = new Relay(_from);
    "
);

construct!(
    grid_accessor_read_gms2,
    "
    pushloc.v local._y
    pushloc.v local._x
    push.v self.grid_
    call.i ds_grid_get(argc=3)
    pushi.e -5
    cmp.i.v.eq
    bf L0028
    exit.i
    L0028:
    ",
    "
    var _x, _y;
    if (grid_[# _x, _y] == -5) {
        exit;
    }
    "
);

construct!(
    grid_accessor_written_gms2,
    "
    pushi.e -5
    conv.i.v
    pushloc.v local._controller_y
    pushloc.v local._controller_x
    push.v self.grid_
    call.i ds_grid_set(argc=4)
    popz.v
    ",
    "
    var _controller_x, _controller_y;
    grid_[# _controller_x, _controller_y] = -5;
    "
);

construct!(
    grid_accessor_written_from_an_array_2_3,
    "
    pushi.e -7
    pushloc.v local.xx
    conv.v.i
    push.v [array]object0.array
    pushloc.v local.i
    pushloc.v local.xx
    pushloc.v local.ds_grid_id
    call.i ds_grid_set(argc=4)
    popz.v
    ",
    "
    var array, ds_grid_id, i, xx;
    ds_grid_id[# xx, i] = array[xx];
    "
);

construct!(
    struct_accessor_read_2024,
    "
    pushloc.v local.i
    pushloc.v local.keys
    call.i array_get(argc=2)
    push.v self.chosen_struct
    call.i variable_struct_get(argc=2)
    pop.v.v local.enemy_data
    ",
    "
    var i, keys;
    var enemy_data = chosen_struct[$ array_get(keys, i)];
    "
);

construct!(
    struct_accessor_written_with_a_function_2024,
    "
    ; gml_Object_obj_net_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script_anon@251@gml_Object_obj_net_Create_0 (arguments 2, locals 0) starts at L0004
    b L001c
    L0004:
    push.s \"Server disconnected.\"
    conv.s.v
    call.i gml_Script_log(argc=1)
    popz.v
    exit.i
    L001c:
    push.i function gml_Script_anon@251@gml_Object_obj_net_Create_0
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    push.s \"Server.DISCONNECT\"
    conv.s.v
    pushglb.v global.gNETWORK_ACTIONS
    call.i variable_struct_set(argc=3)
    popz.v
    ",
    "
    global.gNETWORK_ACTIONS[$ \"Server.DISCONNECT\"] = function(argument0, argument1) {
        log(\"Server disconnected.\");
    };
    "
);

construct!(
    struct_accessor_written_2024,
    "
    pushloc.v local._value
    pushloc.v local._key
    push.v self.settings
    call.i variable_struct_set(argc=3)
    popz.v
    ",
    "
    var _key, _value;
    settings[$ _key] = _value;
    "
);

// With copy-on-write, a write to an array names the instance that owns it
// (`break.e -5`, setowner); a write through `[@ ]` goes to the array itself and
// names no owner. Before 2.3.6, to an array a variable holds, it is a call to
// `array_set` (evolutionleo/LudSwing's `_array[@ _i] = read_value()`), which
// written as a call names the owner first; a built-in array's is a plain write
// (Miltonbhowmick/FarmerHouseGM's `alarm[@ 0]`).
construct!(
    array_reference_accessor_written_2_3,
    "
    ; release 2.3
    push.i 65536
    break.e -5
    pushi.e 3
    conv.i.v
    call.i array_create(argc=1)
    pop.v.v local.a
    pushi.e 1
    conv.i.v
    pushi.e 0
    conv.i.v
    pushloc.v local.a
    call.i array_set(argc=3)
    popz.v
    push.i 65536
    break.e -5
    pushi.e 2
    conv.i.v
    pushi.e 1
    conv.i.v
    pushloc.v local.a
    call.i array_set(argc=3)
    popz.v
    pushi.e 30
    pushi.e -1
    pushi.e 0
    pop.v.i [array]self.alarm
    ",
    "
    var a = array_create(3);
    a[@ 0] = 1;
    array_set(a, 1, 2);
    alarm[@ 0] = 30;
    "
);

// Later releases (2022.9 here) name an owner only when it changes: a write naming
// none reads as a plain write.
construct!(
    array_write_naming_no_owner_after_2_3_6,
    "
    ; release 2022.9
    ; owner argument0 165536
    push.i 165536
    break.e -5
    pushi.e 1
    conv.i.v
    pushi.e -15
    pushloc.v local.i
    conv.v.i
    pop.v.v [array]object0.argument0
    pushi.e 0
    conv.i.v
    pushi.e -15
    pushloc.v local.i
    conv.v.i
    pop.v.v [array]object0.argument0
    ",
    "
    var i;
    argument0[i] = 1;
    argument0[i] = 0;
    "
);

construct!(
    list_function_with_another_arity_stays_a_call_gms1,
    "
    pushloc.v local.s
    pushloc.v local.nspListStr
    call.i ds_list_delete(argc=2)
    popz.v
    ",
    "
    var nspListStr, s;
    ds_list_delete(nspListStr, s);
    "
);

construct!(
    map_find_value_in_a_condition_gms1,
    "
    push.s \"enabled\"
    conv.s.v
    pushglb.v global.config
    call.i ds_map_find_value(argc=2)
    conv.v.b
    not.b
    bf L0024
    exit.i
    L0024:
    ",
    "
    if (!global.config[? \"enabled\"]) {
        exit;
    }
    "
);

construct!(
    accessor_of_an_array_element_2_3,
    "
    pushloc.v local.key
    pushi.e -1
    pushi.e 0
    push.v [array]object0.maps
    call.i ds_map_find_value(argc=2)
    pop.v.v local.value
    ",
    "
    var key;
    var value = maps[0][? key];
    "
);

// 2024.14 reads an array's element inside an accessor's operands, or of an
// accessor's value, by calling `@@array_get@@`.
construct!(
    element_read_inside_an_accessor_2024,
    "
    ; release 2024.14
    ; gml_Object_o_Create_0 (arguments 0, locals 0) starts at L0000
    pushi.e 1
    conv.i.v
    push.v builtin.keys
    call.i @@array_get@@(argc=2)
    push.v builtin.table
    call.i variable_struct_get(argc=2)
    pop.v.v builtin.a
    pushi.e 2
    conv.i.v
    push.s \"k\"
    conv.s.v
    push.v builtin.table
    call.i variable_struct_get(argc=2)
    call.i @@array_get@@(argc=2)
    pop.v.v builtin.b
    ",
    "
    a = table[$ keys[1]];
    b = table[$ \"k\"][2];
    "
);

// An element of what a call returns is read through `@@array_get@@`
// (LR-Solutions' Recreo-Gestion-LR).
construct!(
    element_of_a_call_result_2024,
    "
    pushi.e 0
    conv.i.v
    pushloc.v local.d
    pushloc.v local.l
    call.i string_split(argc=2)
    call.i @@array_get@@(argc=2)
    pop.v.v local.s
    ",
    "
    var d, l;
    var s = string_split(l, d)[0];
    "
);

// `a[i][j] += v`: the innermost array and index copied, the array kept aside
// (`savearef`) while the element is read and combined, then restored
// (`restorearef`) and stored through (JaconAndEggs' Ooo-Kaizo).
construct!(
    compound_assignment_to_a_nested_element_2024,
    "
    pushi.e -1
    pushloc.v local.i
    conv.v.i
    push.v [arraypopaf]object0.t
    pushloc.v local.j
    conv.v.i
    dup.i 4
    break.e -8
    break.e -2
    pushloc.v local.k
    add.v.v
    break.e -9
    dup.i 43012
    break.e -3
    ",
    "
    var i, j, k;
    t[i][j] += k;
    "
);

// A switch's case is reached from the dispatch: the owner a case before it
// named, and left by `break`, is not the last named there
// (Nicraftin/PortalSulka's `alarm[1] = room_speed`, 2.3.6).
construct!(
    owner_named_again_in_each_case_2022,
    "
    ; release 2022.1
    ; owner alarm 68102
    push.v self.phase
    dup.v 0
    pushi.e 0
    cmp.i.v.eq
    bt L_zero
    dup.v 0
    pushi.e 1
    cmp.i.v.eq
    bt L_one
    b L_end
    L_zero:
    push.i 68102
    break.e -5
    pushi.e 30
    conv.i.v
    pushi.e -1
    pushi.e 0
    pop.v.v [array]object0.alarm
    b L_end
    L_one:
    push.i 68102
    break.e -5
    pushi.e 60
    conv.i.v
    pushi.e -1
    pushi.e 1
    pop.v.v [array]object0.alarm
    b L_end
    L_end:
    popz.v
    ",
    "
    switch (phase) {
        case 0:
            alarm[0] = 30;
            break;
        case 1:
            alarm[1] = 60;
            break;
    }
    "
);

// After an `if` with no `else`, the owner its arm named is still the last
// named, whether the arm ran or not (AyGeeEm/CAP4053_EC's `area[2] = px`,
// then `area[1] = py` naming none; Nicraftin/PortalSulka's alarms).
construct!(
    owner_named_in_an_if_without_else_stays_named_2022,
    "
    ; release 2022.1
    ; owner alarm 68102
    push.v self.a
    conv.v.b
    bf L_after
    push.i 68102
    break.e -5
    pushi.e 30
    conv.i.v
    pushi.e -1
    pushi.e 0
    pop.v.v [array]object0.alarm
    L_after:
    pushi.e 60
    conv.i.v
    pushi.e -1
    pushi.e 1
    pop.v.v [array]object0.alarm
    ",
    "
    if (a) {
        alarm[0] = 30;
    }
    alarm[1] = 60;
    "
);

// A statement passing an array literal to a call names the owner no variable
// is first (AyGeeEm/CAP4053_EC's `shader_set_uniform_f_array(u, [1 / w,
// 1 / h])`, 2024.2).
construct!(
    array_literal_passed_to_a_call_names_its_owner_2024,
    "
    ; release 2024.2
    push.i 65536
    break.e -5
    push.v self.b
    push.v self.a
    call.i @@NewGMLArray@@(argc=2)
    push.v self.u
    call.i shader_set_uniform_f_array(argc=2)
    popz.v
    ",
    "shader_set_uniform_f_array(u, [a, b]);"
);

// Some GameMaker Studio 2 games before 2.3 copy an element's instance and
// index as two integers, as 2.3 does (Ps7cho/SpaceSuitRequired's
// `view_wview[view] *= amount`, 2.0.6; the game's code tells).
construct!(
    element_copied_as_two_integers_gms2,
    "
    pushi.e -1
    pushloc.v local.view
    conv.v.i
    dup.i 1
    push.v [array]object0.view_wview
    pushloc.v local.amount
    mul.v.v
    pop.i.v [array]object0.view_wview
    ",
    "
    var amount, view;
    view_wview[view] *= amount;
    "
);
