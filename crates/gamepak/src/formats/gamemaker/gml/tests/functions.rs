//! Functions (2.3 on): declarations in scripts and events with their bodies as
//! child entries of the blob, anonymous functions and methods, constructors and
//! `new`, struct literals, `static`, and `return`.

use super::construct;

construct!(
    function_declared_in_a_script_2022,
    "
    ; gml_GlobalScript_chance (arguments 0, locals 0) starts at L0000
    ; gml_Script_chance (arguments 1, locals 0) starts at L0004
    b L002c
    L0004:
    push.v arg.argument0
    pushi.e 100
    conv.i.v
    call.i random(argc=1)
    cmp.v.v.gt
    conv.b.v
    ret.v
    exit.i
    L002c:
    push.i function gml_Script_chance
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pop.v.v self.chance
    popz.v
    ",
    "
    function chance(argument0) {
        return argument0 > random(100);
    }
    "
);

construct!(
    function_declared_in_a_script_2023,
    "
    ; gml_GlobalScript_array_contains (arguments 0, locals 1) starts at L0000
    ; gml_Script_array_contains (arguments 2, locals 0) starts at L0004
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
    pushi.e 1
    conv.b.v
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
    push.i function gml_Script_array_contains
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.array_contains
    popz.v
    ",
    "
    function array_contains(argument0, argument1) {
        for (i = array_length(argument0) - 1; i > -1; i--) {
            if (argument0[i] == argument1) {
                return true;
            }
        }
        return false;
    }
    "
);

construct!(
    functions_declared_one_after_another_2022,
    "
    ; gml_GlobalScript_stats (arguments 0, locals 0) starts at L0000
    ; gml_Script_stats_armor_base (arguments 1, locals 0) starts at L0184
    ; gml_Script_buff_reset (arguments 0, locals 0) starts at L032c
    b L0198
    L0184:
    push.v arg.argument0
    pop.v.v global.hp_base
    exit.i
    L0198:
    push.i function gml_Script_stats_armor_base
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pop.v.v self.stats_armor_base
    popz.v
    b L034c
    L032c:
    call.i @@NewGMLArray@@(argc=0)
    pop.v.v global.poison
    pushi.e 0
    pop.v.i global.poison_dmg_base
    exit.i
    L034c:
    push.i function gml_Script_buff_reset
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pop.v.v self.buff_reset
    popz.v
    ",
    "
    function stats_armor_base(argument0) {
        global.hp_base = argument0;
    }
    function buff_reset() {
        global.poison = [];
        global.poison_dmg_base = 0;
    }
    "
);

construct!(
    function_with_a_with_inside_2022,
    "
    ; gml_GlobalScript_nodes (arguments 0, locals 0) starts at L0000
    ; gml_Script_node_armor (arguments 0, locals 0) starts at L0004
    ; asset OBJT 8 obj_node
    b L0040
    L0004:
    break.i -11 8
    pushi.e -9
    pushenv L0034
    L0014:
    push.v builtin.type
    push.s \"armor\"
    cmp.s.v.eq
    bf L0034
    pushi.e 0
    pop.v.i builtin.buyed
    L0034:
    popenv L0014
    exit.i
    L0040:
    push.i function gml_Script_node_armor
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pop.v.v self.node_armor
    popz.v
    ",
    "
    function node_armor() {
        with (obj_node) {
            if (type == \"armor\") {
                buyed = 0;
            }
        }
    }
    "
);

construct!(
    function_declared_in_an_object_event_2024,
    "
    ; gml_Object_obj_flesh_relic_Create_0 (arguments 0, locals 1) starts at L0000
    ; gml_Script_use_item@gml_Object_obj_flesh_relic_Create_0 (arguments 1, locals 0) starts at L0014
    pushi.e 290
    pop.v.i self.item_cost
    b L0024
    L0014:
    pushi.e 0
    conv.i.v
    ret.v
    exit.i
    L0024:
    push.i function gml_Script_use_item@gml_Object_obj_flesh_relic_Create_0
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -6
    pop.v.v [stacktop]object0.use_item
    popz.v
    ",
    "
    item_cost = 290;
    function use_item(argument0) {
        return 0;
    }
    "
);

construct!(
    anonymous_function_in_a_local_2024,
    "
    ; gml_Object_obj_tooltip_Draw_0 (arguments 0, locals 2) starts at L0000
    ; gml_Script_anon@596@gml_Object_obj_tooltip_Draw_0 (arguments 1, locals 0) starts at L0004
    b L0014
    L0004:
    push.v arg.argument0
    ret.v
    exit.i
    L0014:
    push.i function gml_Script_anon@596@gml_Object_obj_tooltip_Draw_0
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    pop.v.v local._wrap_text
    push.s \"text\"
    conv.s.v
    call.i @@This@@(argc=0)
    pushloc.v local._wrap_text
    callv.v 1
    pop.v.v local._lines
    ",
    "
    var _wrap_text = function(argument0) {
        return argument0;
    };
    var _lines = _wrap_text(\"text\");
    "
);

construct!(
    anonymous_function_as_an_argument_2024,
    "
    ; gml_Object_object_debugging_Step_2 (arguments 0, locals 0) starts at L0000
    ; gml_Script_anon@148@gml_Object_object_debugging_Step_2 (arguments 2, locals 0) starts at L0004
    b L0040
    L0004:
    push.v arg.argument0
    pushi.e -9
    push.v [stacktop]object0.x
    pop.v.v builtin.x
    push.v arg.argument0
    pushi.e -9
    push.v [stacktop]object0.y
    pop.v.v builtin.y
    exit.i
    L0040:
    push.i function gml_Script_anon@148@gml_Object_object_debugging_Step_2
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    push.v builtin.input
    call.i array_foreach(argc=2)
    popz.v
    ",
    "
    array_foreach(input, function(argument0, argument1) {
        x = argument0.x;
        y = argument0.y;
    });
    "
);

construct!(
    anonymous_function_in_a_struct_entry_2024,
    "
    ; gml_GlobalScript_actions (arguments 0, locals 0) starts at L0000
    ; gml_Script_anon@987@actions (arguments 2, locals 0) starts at L0004
    b L0044
    L0004:
    pushi.e -15
    push.v arg.argument1
    dup.v 0
    push.e 1
    add.i.v
    pop.v.v arg.argument1
    conv.v.i
    push.v [array]object0.argument0
    push.s \"ping: {0}\"
    conv.s.v
    call.i string(argc=2)
    call.i gml_Script_log(argc=1)
    popz.v
    exit.i
    L0044:
    push.i function gml_Script_anon@987@actions
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    push.s \"Server.PING\"
    conv.s.v
    pushglb.v global.gNETWORK_ACTIONS
    call.i variable_struct_set(argc=3)
    popz.v
    ",
    "
    global.gNETWORK_ACTIONS[$ \"Server.PING\"] = function(argument0, argument1) {
        log(string(\"ping: {0}\", argument0[argument1++]));
    };
    "
);

construct!(
    empty_struct_literal_in_a_global_2024,
    "
    ; gml_GlobalScript_script_networking_actions (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___0 (arguments 0, locals 0) starts at L0004
    b L0010
    L0004:
    call.i @@SetStatic@@(argc=0)
    exit.i
    L0010:
    push.i function gml_Script____struct___0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -5
    pop.v.v [stacktop]object0.___struct___0
    call.i @@NewGMLObject@@(argc=1)
    pop.v.v global.gNETWORK_ACTIONS
    ",
    "global.gNETWORK_ACTIONS = {};"
);

// `({})` as a statement: a struct literal where a statement starts would read as a
// block, so it is parenthesised.
construct!(
    empty_struct_literal_statement,
    "
    ; gml_Object_obj_a_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___0@gml_Object_obj_a_Create_0 (arguments 0, locals 0) starts at L0004
    b L0008
    L0004:
    exit.i
    L0008:
    push.i function gml_Script____struct___0@gml_Object_obj_a_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -16
    pop.v.v [stacktop]object0.___struct___0
    call.i @@NewGMLObject@@(argc=1)
    popz.v
    ",
    "({});"
);

construct!(
    empty_struct_literal_field_written_where_a_statement_starts_2024,
    "
    ; gml_Object_obj_a_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___0@gml_Object_obj_a_Create_0 (arguments 0, locals 0) starts at L0004
    b L0008
    L0004:
    exit.i
    L0008:
    pushi.e 5
    push.i function gml_Script____struct___0@gml_Object_obj_a_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -16
    pop.v.v [stacktop]object0.___struct___0
    call.i @@NewGMLObject@@(argc=1)
    pushi.e -9
    pop.v.i [stacktop]object0.x
    ",
    "({}).x = 5;"
);

construct!(
    struct_literal_with_constant_fields_2024,
    "
    ; gml_Object_o_draw_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___0_gml_Object_o_draw_Create_0 (arguments 0, locals 0) starts at L0004
    b L001c
    L0004:
    pushi.e 0
    pop.v.i self.x
    pushi.e 0
    pop.v.i self.y
    exit.i
    L001c:
    push.i function gml_Script____struct___0_gml_Object_o_draw_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -16
    pop.v.v [stacktop]object0.___struct___0
    call.i @@NewGMLObject@@(argc=1)
    pop.v.v self.mouse
    ",
    "mouse = { x: 0, y: 0 };"
);

construct!(
    nested_struct_literals_2024,
    "
    ; gml_Object_o_draw_Create_0 (arguments 0, locals 1) starts at L0000
    ; gml_Script____struct___1____struct___0_gml_Object_o_draw_Create_0 (arguments 0, locals 0) starts at L0198
    ; gml_Script____struct___0_gml_Object_o_draw_Create_0 (arguments 0, locals 0) starts at L017c
    b L01f4
    L017c:
    pushi.e 0
    pop.v.i self.x
    pushi.e 0
    pop.v.i self.y
    b L01b4
    L0198:
    pushi.e 0
    pop.v.b self.left
    pushi.e 0
    pop.v.b self.right
    exit.i
    L01b4:
    push.i function gml_Script____struct___1____struct___0_gml_Object_o_draw_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -16
    pop.v.v [stacktop]object0.___struct___1
    call.i @@NewGMLObject@@(argc=1)
    pop.v.v self.buttons
    exit.i
    L01f4:
    push.i function gml_Script____struct___0_gml_Object_o_draw_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -16
    pop.v.v [stacktop]object0.___struct___0
    call.i @@NewGMLObject@@(argc=1)
    pop.v.v self.mouse
    ",
    "mouse = { x: 0, y: 0, buttons: { left: false, right: false } };"
);

construct!(
    struct_literal_with_computed_fields_as_an_argument_2022,
    "
    ; gml_Object_obj_control_Alarm_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___0@gml_Object_obj_control_Alarm_0 (arguments 0, locals 0) starts at L0058
    ; asset OBJT 5 obj_enemy_spawn
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
    ",
    "instance_create_layer(1120, 352, \"inst\", obj_enemy_spawn, { enemy: global.enemies[irandom(array_length(global.enemies) - 1)], diff: global.diff });"
);

// The caller computes a field's value and the struct's function reads it as
// `argument[N]`, here inside an array literal: the field prints the value.
construct!(
    fields_are_not_argument_indices,
    "
    ; gml_Object_obj_manager_wave_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___0@gml_Object_obj_manager_wave_Create_0 (arguments 0, locals 0) starts at L0018
    ; asset OBJT 82 obj_enemy_slime
    pushi.e 2
    conv.i.v
    pushi.e 2
    conv.i.v
    call.i @@NewGMLArray@@(argc=2)
    call.i @@NewGMLArray@@(argc=1)
    b L0064
    L0018:
    pushi.e 1
    pop.v.i self.total_count
    pushi.e 0
    pop.v.i self.total_reward
    pushi.e -15
    pushi.e 0
    push.v [array]object0.argument
    pushi.e 1
    conv.i.v
    break.i -11 82
    call.i @@NewGMLArray@@(argc=3)
    pop.v.v self.str_1
    exit.i
    L0064:
    push.i function gml_Script____struct___0@gml_Object_obj_manager_wave_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -16
    pop.v.v [stacktop]object0.___struct___0
    call.i @@NewGMLObject@@(argc=2)
    pop.v.v self.struct_enemies_0
    ",
    "struct_enemies_0 = { total_count: 1, total_reward: 0, str_1: [obj_enemy_slime, 1, [[2, 2]]] };"
);

construct!(
    struct_field_from_a_loop_counter_2022,
    "
    ; gml_Object_obj_node_creator_Create_0 (arguments 0, locals 1) starts at L0000
    ; gml_Script____struct___1@gml_Object_obj_node_creator_Create_0 (arguments 0, locals 0) starts at L002c
    ; asset OBJT 8 obj_node
    pushi.e 0
    pop.v.i local.i
    L000c:
    pushloc.v local.i
    pushi.e 4
    cmp.i.v.le
    bf L00ec
    pushloc.v local.i
    b L0060
    L002c:
    call.i @@SetStatic@@(argc=0)
    push.s \"weapon\"
    pop.v.s self.type
    pushi.e -15
    pushi.e 0
    push.v [array]object0.argument
    pop.v.v self.n
    exit.i
    L0060:
    push.i function gml_Script____struct___1@gml_Object_obj_node_creator_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pop.v.v global.___struct___1
    call.i @@NewGMLObject@@(argc=2)
    break.i -11 8
    push.s \"inst\"
    conv.s.v
    pushi.e 112
    conv.i.v
    pushi.e 16
    pushi.e 32
    pushloc.v local.i
    mul.v.i
    add.v.i
    call.i instance_create_layer(argc=5)
    popz.v
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    b L000c
    L00ec:
    ",
    "
    for (var i = 0; i <= 4; i++) {
        instance_create_layer(16 + 32 * i, 112, \"inst\", obj_node, { type: \"weapon\", n: i });
    }
    "
);

// `@@SetStatic@@` starts a struct's or constructor's body; it leaves a value that
// nothing pops, which must not show.
construct!(
    static_leaves_no_value,
    "
    ; gml_Object_obj_node_creator_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___1@gml_Object_obj_node_creator_Create_0 (arguments 0, locals 0) starts at L0004
    b L0024
    L0004:
    call.i @@SetStatic@@(argc=0)
    push.s \"weapon\"
    pop.v.s self.type
    pushi.e 3
    pop.v.i self.n
    exit.i
    L0024:
    push.i function gml_Script____struct___1@gml_Object_obj_node_creator_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pop.v.v global.___struct___1
    call.i @@NewGMLObject@@(argc=1)
    pop.v.v self.node
    ",
    "node = { type: \"weapon\", n: 3 };"
);

construct!(
    constructor_declared_in_a_script_2024,
    "
    ; gml_GlobalScript_vectors (arguments 0, locals 0) starts at L0000
    ; gml_Script_Vec (arguments 2, locals 0) starts at L0004
    b L0028
    L0004:
    call.i @@SetStatic@@(argc=0)
    push.v arg.argument0
    pop.v.v self.x
    push.v arg.argument1
    pop.v.v self.y
    exit.i
    L0028:
    push.i function gml_Script_Vec
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.Vec
    popz.v
    ",
    "
    function Vec(argument0, argument1) constructor {
        x = argument0;
        y = argument1;
    }
    "
);

construct!(
    constructor_with_a_static_method_2024,
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
    new_with_an_argument_2024,
    "
    pushloc.v local._from
    push.i function gml_Script_Relay
    conv.i.v
    call.i @@NewGMLObject@@(argc=2)
    pop.v.v local._relay
    ",
    "
    var _from;
    var _relay = new Relay(_from);
    "
);

construct!(
    new_without_arguments_2024,
    "
    push.i function gml_Script_Vec
    conv.i.v
    call.i @@NewGMLObject@@(argc=1)
    pop.v.v self.origin
    ",
    "origin = new Vec();"
);

construct!(
    new_as_a_statement_2024,
    "
    push.i function gml_Script_Logger
    conv.i.v
    call.i @@NewGMLObject@@(argc=1)
    popz.v
    ",
    "new Logger();"
);

construct!(
    function_returning_nothing_ends_without_exit_2_3,
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
    early_return_without_a_value_2024,
    "
    ; gml_GlobalScript_util (arguments 0, locals 0) starts at L0000
    ; gml_Script_ping (arguments 1, locals 0) starts at L0004
    b L0030
    L0004:
    push.v arg.argument0
    pushbltn.v builtin.undefined
    cmp.v.v.eq
    bf L001c
    exit.i
    L001c:
    push.v arg.argument0
    call.i gml_Script_log(argc=1)
    popz.v
    exit.i
    L0030:
    push.i function gml_Script_ping
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.ping
    popz.v
    ",
    "
    function ping(argument0) {
        if (argument0 == undefined) {
            exit;
        }
        log(argument0);
    }
    "
);

construct!(
    local_named_like_a_keyword,
    "
    pushi.e 0
    pop.v.i local.end
    pushloc.v local.end
    pushi.e 1
    add.i.v
    ret.v
    ",
    "
    var end_ = 0;
    return end_ + 1;
    "
);

construct!(
    local_named_like_a_keyword_of_2_3,
    "
    push.i function gml_Script_Vec
    conv.i.v
    call.i @@NewGMLObject@@(argc=1)
    pop.v.v local.new
    pushloc.v local.new
    ret.v
    ",
    "
    var new_ = new Vec();
    return new_;
    "
);

construct!(
    local_named_like_a_statement_keyword_gms1,
    "
    pushbltn.v self.argument0
    pop.v.v local.repeat
    pushloc.v local.repeat
    pushi.e 2
    mul.i.v
    ret.v
    ",
    "
    var repeat_ = argument0;
    return repeat_ * 2;
    "
);

// A struct's hidden function keeps its constant fields, built-in constants
// among them, while a negative number, a negation GameMaker works out later,
// is passed by the caller; `noone` stays (JaconAndEggs/Ooo-Kaizo,
// soap64real/killstreakbeta).
const STRUCT_CONSTANTS: &str = "
    ; gml_Object_o_draw_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___0@gml_Object_o_draw_Create_0 (arguments 0, locals 0) starts at L000c
    pushi.e -8
    conv.i.v
    b L0044
    L000c:
    push.i 16777215
    pop.v.i self.blend
    pushi.e -4
    pop.v.i self.req
    pushi.e -15
    pushi.e 0
    push.v [array]object0.argument
    pop.v.v self.y
    exit.i
    L0044:
    push.i function gml_Script____struct___0@gml_Object_o_draw_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -5
    pop.v.v [stacktop]object0.___struct___0
    call.i @@NewGMLObject@@(argc=2)
    pop.v.v self.v
    ";

construct!(
    struct_literal_keeps_named_constants_and_passes_negations_2024,
    STRUCT_CONSTANTS,
    "v = { blend: 16777215, req: noone, y: -8 };"
);

/// A built-in constant stays in the struct's function as a number does.
#[test]
fn struct_literal_keeps_a_built_in_constant_2024() {
    let name = "struct_literal_keeps_a_built_in_constant_2024";
    let gml = "v = { blend: c_white, req: noone, y: -8 };";
    assert_eq!(super::compiled_differs(name, STRUCT_CONSTANTS, gml), None);
}

// A method of what a call returns: its arguments, then the call, then the
// method read on the result (2022 on: teammio/rcr_wasm, JaconAndEggs/Ooo-Kaizo).
construct!(
    method_of_a_call_s_result_2024,
    "
    L0000:
    push.s \"x\"
    conv.s.v
    call.i ds_list_create(argc=0)
    dup.v 0
    pushi.e -9
    push.v [stacktop]object0.Play
    callv.v 1
    popz.v
    ",
    "ds_list_create().Play(\"x\");"
);

// From 2024.14 a method of what a call returns reads the instance first where
// an argument is not constant (teammio/rcr_wasm's
// `ds_list_find_value(__currentPlayingSoundsList, _i).SetPitch(argument0)`).
construct!(
    method_of_a_call_s_result_with_a_variable_argument_2024,
    "
    ; release 2024.14
    push.v self.s
    call.i json_parse(argc=1)
    push.v self.a
    dup.v 34817
    dup.v 0
    push.v stacktop.SetPitch
    callv.v 1
    popz.v
    ",
    "json_parse(s).SetPitch(a);"
);

// Before 2024.14 a method of what a method returns reads the instance first
// and swaps the arguments under it (JaconAndEggs/Ooo-Kaizo's
// `cutsceneManager.AddCutscene().SetTime(120)`).
construct!(
    method_of_a_method_s_result_2024,
    "
    push.v self.a
    dup.v 34816
    dup.v 0
    push.v stacktop.b
    callv.v 0
    pushi.e 1
    conv.i.v
    dup.v 34817
    dup.v 0
    push.v stacktop.c
    callv.v 1
    popz.v
    ",
    "a.b().c(1);"
);

// An array literal with no constant item is passed whole (Acednothere/ncx-rng).
construct!(
    struct_field_array_without_constants_is_passed_whole_2024,
    "
    ; gml_Object_o_a_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___0@gml_Object_o_a_Create_0 (arguments 0, locals 0) starts at L001c
    pushi.e -99
    conv.i.v
    call.i @@NewGMLArray@@(argc=1)
    call.i @@NewGMLArray@@(argc=0)
    b L0050
    L001c:
    pushi.e -15
    pushi.e 0
    push.v [array]object0.argument
    pop.v.v self.inven
    pushi.e -15
    pushi.e 1
    push.v [array]object0.argument
    pop.v.v self.equip
    exit.i
    L0050:
    push.i function gml_Script____struct___0@gml_Object_o_a_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -5
    pop.v.v [stacktop]object0.___struct___0
    call.i @@NewGMLObject@@(argc=3)
    pop.v.v self.acc
    ",
    "acc = { inven: [], equip: [-99] };"
);

// A struct literal inside one that is not all constants is built in the outer
// struct's function, its values passed with the outer's in field order
// (PupofHades/GameMakerGame's particles: `m_start_pos: { x: argument1, y:
// argument2 }`).
construct!(
    nested_struct_literal_built_in_the_outer_one_2023,
    "
    ; gml_Object_obj_nested_Create_0 (arguments 0, locals 1) starts at L0000
    ; gml_Script____struct___0@gml_Object_obj_nested_Create_0 (arguments 0, locals 0) starts at L0024
    ; gml_Script____struct___1@gml_Object_obj_nested_Create_0 (arguments 0, locals 0) starts at L0060
        pushbltn.v builtin.argument2
        pushbltn.v builtin.argument1
        pushi.e 4
        conv.i.v
        call.i random(argc=1)
        b L00e0
    L0024:
        pushi.e -15
        pushi.e 0
        push.v [array]object0.argument
        pop.v.v self.m_speed
        pushi.e -15
        pushi.e 2
        push.v [array]object0.argument
        pushi.e -15
        pushi.e 1
        push.v [array]object0.argument
        b L0094
    L0060:
        pushi.e -15
        pushi.e 0
        push.v [array]object0.argument
        pop.v.v self.x
        pushi.e -15
        pushi.e 1
        push.v [array]object0.argument
        pop.v.v self.y
        exit.i
    L0094:
        push.i function gml_Script____struct___1@gml_Object_obj_nested_Create_0
        conv.i.v
        call.i @@NullObject@@(argc=0)
        call.i method(argc=2)
        dup.v 0
        pushi.e -16
        pop.v.v [stacktop]object0.___struct___1
        call.i @@NewGMLObject@@(argc=3)
        pop.v.v self.m_start_pos
        pushi.e 8
        pop.v.i self.m_acceptance
        exit.i
    L00e0:
        push.i function gml_Script____struct___0@gml_Object_obj_nested_Create_0
        conv.i.v
        call.i @@NullObject@@(argc=0)
        call.i method(argc=2)
        dup.v 0
        pushi.e -16
        pop.v.v [stacktop]object0.___struct___0
        call.i @@NewGMLObject@@(argc=4)
        pop.v.v local.p
    ",
    "
    var p = { m_speed: random(4), m_start_pos: { x: argument1, y: argument2 }, m_acceptance: 8 };
    "
);

// A game whose chunks say 2023 but whose code stores its declared functions on
// `self` compiles them so (B-rando1/Hilda-VI: the game's code tells).
construct!(
    declared_function_on_self_where_the_game_shows_it_2023,
    "
    ; gml_GlobalScript_Utils (arguments 0, locals 0) starts at L0000
    ; gml_Script_floatEq (arguments 2, locals 0) starts at L0004
    b L0028
    L0004:
    push.v arg.argument0
    push.v arg.argument1
    sub.v.v
    call.i abs(argc=1)
    pushi.e 1
    cmp.i.v.lt
    conv.b.v
    ret.v
    exit.i
    L0028:
    push.i function gml_Script_floatEq
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.floatEq
    popz.v
    ",
    "
    function floatEq(argument0, argument1) {
        return abs(argument0 - argument1) < 1;
    }
    "
);

// A constant the caller passes to a struct's hidden function was a call
// GameMaker folded, and is written as one so it is passed again
// (JaconAndEggs/Ooo-Kaizo's `code: ord("Q")`).
construct!(
    struct_literal_field_passed_as_a_folded_call_2024,
    "
    ; gml_Object_o_input_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script____struct___0@gml_Object_o_input_Create_0 (arguments 0, locals 0) starts at L000c
    pushi.e 81
    conv.i.v
    b L0040
    L000c:
    push.s \"Q\"
    pop.v.s self.name
    pushi.e -15
    pushi.e 0
    push.v [array]object0.argument
    pop.v.v self.code
    exit.i
    L0040:
    push.i function gml_Script____struct___0@gml_Object_o_input_Create_0
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -5
    pop.v.v [stacktop]object0.___struct___0
    call.i @@NewGMLObject@@(argc=2)
    pop.v.v self.k
    ",
    "k = { name: \"Q\", code: ord(\"Q\") };"
);

// A named function assigned to an instance's variable is stored as a
// declaration is, kept on the stack and dropped (Moddimation/Vakhitest6's
// `dowalk = function dowalk_walkup() { … }`).
construct!(
    named_function_assigned_to_a_variable_2022,
    "
    ; release 2022.9
    ; gml_Object_o_player_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script_dowalk_walkup_gml_Object_o_player_Create_0 (arguments 0, locals 0) starts at L0004
    b L0018
    L0004:
    pushi.e 1
    pop.v.i self.y
    exit.i
    L0018:
    push.i function gml_Script_dowalk_walkup_gml_Object_o_player_Create_0
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -6
    pop.v.v [stacktop]object0.dowalk
    popz.v
    ",
    "
    dowalk = function dowalk_walkup() {
        y = 1;
    };
    "
);

// A named function assigned to a global is stored as a declaration is,
// through the global instance (PupofHades/GameMakerGame's
// `global.lerp = function lerp(…) { … }`).
construct!(
    named_function_assigned_to_a_global_2023,
    "
    ; release 2023.6
    ; gml_GlobalScript_scr_system (arguments 0, locals 0) starts at L0000
    ; gml_Script_lerp (arguments 1, locals 0) starts at L0004
    b L0014
    L0004:
    push.v arg.argument0
    ret.v
    exit.i
    L0014:
    push.i function gml_Script_lerp
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -5
    pop.v.v [stacktop]object0.lerp
    popz.v
    ",
    "
    global.lerp = function lerp(argument0) {
        return argument0;
    };
    "
);
