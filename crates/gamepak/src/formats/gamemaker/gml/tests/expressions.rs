//! Expressions: constants, variables of every scope, operators, calls and
//! accessors.

use super::construct;

construct!(
    assignment_of_a_sum_gms2,
    "
    push.v self.image_angle
    pushi.e 5
    add.i.v
    pop.v.v self.speed
    ",
    "speed = image_angle + 5;"
);

construct!(
    compound_add_is_written_as_such,
    "
    push.v self.lives
    pushi.e 1
    sub.i.v
    pop.v.v self.lives
    ",
    "lives -= 1;"
);

construct!(
    increment_statement_uses_push_e,
    "
    push.v self.count
    push.e 1
    add.i.v
    pop.v.v self.count
    ",
    "count++;"
);

construct!(
    field_of_a_local_instance_2_3,
    "
    push.v self.image_angle
    pushloc.v local.inst
    pushi.e -9
    pop.v.v [stacktop]object0.direction
    ",
    "
    var inst;
    inst.direction = image_angle;
    "
);

construct!(
    call_with_arguments_in_order,
    "
    pushi.e 2
    conv.i.v
    push.s \"Instances\"
    conv.s.v
    push.v self.y
    push.v self.x
    call.i instance_create_layer(argc=4)
    pop.v.v local.inst
    ",
    "var inst = instance_create_layer(x, y, \"Instances\", 2);"
);

construct!(
    array_element_of_self_2_3,
    "
    pushbltn.v self.room_speed
    pushi.e -1
    pushi.e 1
    pop.v.v [array]object0.alarm
    ",
    "alarm[1] = room_speed;"
);

construct!(
    postfix_increment_as_an_index_2_3,
    "
    pushi.e -15
    push.v arg.argument1
    dup.v 0
    push.e 1
    add.i.v
    pop.v.v arg.argument1
    conv.v.i
    push.v [array]object0.argument0
    pop.v.v self.value
    ",
    "value = argument0[argument1++];"
);

construct!(
    postfix_decrement_of_an_element_with_swap_2022,
    "
    pushi.e -1
    pushloc.v local.i
    conv.v.i
    dup.i 1
    push.v [array]object0.frames
    dup.v 0
    dup.i 45060
    push.e 1
    sub.i.v
    pop.i.v [array]object0.frames
    popz.v
    ",
    "
    var i;
    frames[i]--;
    "
);

// From 2024.14 an element's `a[i]++` as a statement adds in place
// (MrLooms/Trust-Nobody's `_counts[_t]++`).
construct!(
    postfix_increment_of_an_element_in_place,
    "
    ; release 2024.14
    pushi.e -7
    pushloc.v local._t
    conv.v.i
    dup.i 1
    push.v [array]object0._counts
    push.e 1
    add.i.v
    pop.i.v [array]object0._counts
    ",
    "
    var _counts, _t;
    _counts[_t]++;
    "
);

construct!(
    compound_assignment_of_another_instance_field_2_3,
    "
    push.v self.leftGauntlet
    pushi.e -9
    dup.i 4
    push.v [stacktop]object0.x
    push.v self.moveSpeed
    add.v.v
    pop.i.v [stacktop]object0.x
    ",
    "leftGauntlet.x += moveSpeed;"
);

construct!(
    array_literal_2_3,
    "
    pushloc.v local._answer
    push.s \"Client.CONNECTING\"
    conv.s.v
    call.i @@NewGMLArray@@(argc=2)
    call.i network_send_server(argc=1)
    popz.v
    ",
    "
    var _answer;
    network_send_server([\"Client.CONNECTING\", _answer]);
    "
);

construct!(
    map_accessor_read_and_write,
    "
    pushloc.v local.key
    push.v self.scores
    call.i ds_map_find_value(argc=2)
    pushloc.v local.key
    push.v self.best
    call.i ds_map_set(argc=3)
    popz.v
    ",
    "
    var key;
    best[? key] = scores[? key];
    "
);

construct!(
    method_call_on_an_instance_2_3,
    "
    pushi.e -1
    push.v arg.argument0
    conv.v.i
    push.v [array]object0.inventory_slots
    dup.v 34816
    dup.v 0
    push.v stacktop.use_item_in_slot
    callv.v 0
    popz.v
    ",
    "inventory_slots[argument0].use_item_in_slot();"
);
