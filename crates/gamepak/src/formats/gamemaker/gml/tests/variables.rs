//! Variables of every scope: the instance's own, `other`, `global`, locals, the
//! built-ins, arguments, another instance's fields, and arrays of one and two
//! dimensions, as each release family reads and writes them.

use super::construct;

construct!(
    own_variable_from_another_gms1,
    "
    push.v self.right_key
    push.v self.left_key
    sub.v.v
    pop.v.v self.xaxis
    ",
    "xaxis = right_key - left_key;"
);

construct!(
    other_read_gms1,
    "
    push.v other.x
    pop.v.v self.x
    ",
    "x = other.x;"
);

construct!(
    other_written_gms2,
    "
    push.v self.damage
    pop.v.v other.hp
    ",
    "other.hp = damage;"
);

construct!(
    other_written_2024,
    "
    pushi.e 0
    pop.v.i other.speed
    ",
    "other.speed = 0;"
);

construct!(
    global_read_and_written_gms1,
    "
    pushglb.v global.nspListStr
    pop.v.v global.lastList
    ",
    "global.lastList = global.nspListStr;"
);

construct!(
    global_compound_reads_with_push_gms1,
    "
    push.v global._nsp_error
    push.s \"#\"
    add.s.v
    pop.v.v global._nsp_error
    ",
    "global._nsp_error += \"#\";"
);

construct!(
    local_declared_where_first_set_gms1,
    "
    pushbltn.v self.argument0
    pop.v.v local.str
    pushloc.v local.str
    call.i string_length(argc=1)
    ret.v
    ",
    "
    var str = argument0;
    return string_length(str);
    "
);

construct!(
    local_read_before_set_is_declared_at_the_top_2_3,
    "
    pushloc.v local.b
    pop.v.v local.a
    pushi.e 1
    pop.v.i local.b
    ",
    "
    var b;
    var a = b;
    b = 1;
    "
);

construct!(
    local_reassigned_has_one_var_gms2,
    "
    pushi.e 0
    pop.v.i local.n
    pushloc.v local.n
    pushi.e 2
    add.i.v
    pop.v.v local.m
    pushi.e 5
    pop.v.i local.n
    ",
    "
    var n = 0;
    var m = n + 2;
    n = 5;
    "
);

construct!(
    local_compound_reads_with_push_gms1,
    "
    push.v local.p
    pushi.e 1
    add.i.v
    pop.v.v local.p
    ",
    "
    var p;
    p += 1;
    "
);

// GameMaker: Studio reads a local with `pushloc` in `dec = dec | 1` and with `push`
// in `dec |= 1`: the two compile apart, so each must print as written.
construct!(
    local_set_from_itself_reads_with_pushloc_gms1,
    "
    pushloc.v local.dec
    conv.v.l
    pushi.e 1
    or.i.l
    pop.v.l local.dec
    ",
    "
    var dec;
    dec = dec | 1;
    "
);

construct!(
    builtin_read_gms1,
    "
    pushbltn.v self.room_speed
    pushi.e 2
    mul.i.v
    pop.v.v self.timer
    ",
    "timer = room_speed * 2;"
);

construct!(
    builtin_read_through_builtin_scope_2024,
    "
    push.v builtin.collision_tilemap
    call.i @@NewGMLArray@@(argc=1)
    push.v builtin.y
    pushi.e 2
    add.i.v
    push.v builtin.x
    pushi.e 0
    add.i.v
    call.i instance_place(argc=3)
    pop.v.v local.hit
    ",
    "var hit = instance_place(x + 0, y + 2, [collision_tilemap]);"
);

construct!(
    builtin_written_through_builtin_scope_2024,
    "
    push.v builtin.jump_speed
    neg.v
    pop.v.v builtin.move_y
    ",
    "move_y = -jump_speed;"
);

construct!(
    numbered_argument_gms1,
    "
    pushbltn.v self.argument1
    pushbltn.v self.argument0
    call.i max(argc=2)
    ret.v
    ",
    "return max(argument0, argument1);"
);

construct!(
    numbered_argument_written_gms1,
    "
    pushbltn.v self.argument0
    call.i string(argc=1)
    pop.v.v self.argument0
    ",
    "argument0 = string(argument0);"
);

construct!(
    argument_array_gms1,
    "
    pushi.e -1
    pushi.e 1
    push.v [array]object0.argument
    pushi.e -1
    pushi.e 2
    push.v [array]object0.argument
    add.v.v
    ret.v
    ",
    "return argument[1] + argument[2];"
);

construct!(
    argument_count_gms1,
    "
    pushbltn.v self.argument_count
    pushi.e 1
    cmp.i.v.gt
    bf L0018
    exit.i
    L0018:
    ",
    "
    if (argument_count > 1) {
        exit;
    }
    "
);

construct!(
    argument_array_compound_gms1,
    "
    pushi.e -1
    pushi.e 0
    dup.i 1
    push.v [array]object0.argument
    push.s \" FAULTY CODE\"
    add.s.v
    pop.i.v [array]object0.argument
    ",
    "argument[0] += \" FAULTY CODE\";"
);

construct!(
    function_argument_2_3,
    "
    push.v arg.argument0
    push.v arg.argument1
    add.v.v
    ret.v
    ",
    "return argument0 + argument1;"
);

construct!(
    function_argument_as_builtin_2024,
    "
    pushbltn.v builtin.argument1
    pop.v.v self.statistic_HP
    ",
    "statistic_HP = argument1;"
);

construct!(
    function_argument_written_2024,
    "
    pushi.e 0
    pop.v.i arg.argument2
    ",
    "argument2 = 0;"
);

construct!(
    object_field_gms1,
    "
    ; asset OBJT 52 oDeathDisplay
    push.v object52.death_count
    pushi.e 1
    add.i.v
    pop.v.v object52.death_count
    ",
    "oDeathDisplay.death_count += 1;"
);

construct!(
    object_field_read_gms2,
    "
    ; asset OBJT 3 oPlayer
    push.v object3.x
    push.v self.x
    sub.v.v
    pop.v.v self.dist
    ",
    "dist = oPlayer.x - x;"
);

construct!(
    field_of_a_local_instance_gms1,
    "
    push.v self.sprite_index
    pushloc.v local.dash
    conv.v.i
    pop.v.v [stacktop]object0.sprite_index
    ",
    "
    var dash;
    dash.sprite_index = sprite_index;
    "
);

construct!(
    field_of_a_local_instance_integer_gms1,
    "
    pushi.e 5
    pushloc.v local.hitbox
    conv.v.i
    pop.v.i [stacktop]object0.knockback
    ",
    "
    var hitbox;
    hitbox.knockback = 5;
    "
);

construct!(
    compound_field_of_an_instance_variable_gms1,
    "
    ; asset OBJT 0 controller_obj
    push.v self.hit
    conv.v.i
    dup.i 0
    push.v [stacktop]object0.hp
    push.v object0.bulletD
    sub.v.v
    pop.i.v [stacktop]object0.hp
    ",
    "hit.hp -= controller_obj.bulletD;"
);

construct!(
    field_of_an_instance_id_gms1,
    "
    pushi.e 0
    push.i 100005
    pop.v.i [stacktop]object0.hp
    ",
    "(100005).hp = 0;"
);

construct!(
    field_of_a_new_instance_2_3,
    "
    pushglb.v global.dir
    pushloc.v local.bullet
    pushi.e -9
    pop.v.v [stacktop]object0.direction
    ",
    "
    var bullet;
    bullet.direction = global.dir;
    "
);

construct!(
    array_element_of_other_2_3,
    "
    call.i @@Other@@(argc=0)
    pushi.e -9
    pushi.e 2
    push.v [array]object0.text_part
    call.i string(argc=1)
    pop.v.v local.part
    ",
    "var part = string(other.text_part[2]);"
);

construct!(
    field_of_a_field_2_3,
    "
    push.v self.leftGauntlet
    pushi.e -9
    push.v [stacktop]object0.owner
    pushi.e -9
    push.v [stacktop]object0.healthPoints
    pop.v.v self.hp
    ",
    "hp = leftGauntlet.owner.healthPoints;"
);

construct!(
    field_of_an_object_reference_2024,
    "
    ; asset OBJT 3 obj_camera
    pushi.e 640
    push.v arg.argument0
    add.v.i
    break.i -11 3
    pushi.e -9
    pop.v.v [stacktop]object0.x
    ",
    "obj_camera.x = 640 + argument0;"
);

construct!(
    field_of_an_object_read_2024,
    "
    ; asset OBJT 7 obj_player
    break.i -11 7
    pushi.e -9
    push.v [stacktop]object0.hp
    pushi.e 0
    cmp.i.v.le
    bf L0024
    exit.i
    L0024:
    ",
    "
    if (obj_player.hp <= 0) {
        exit;
    }
    "
);

construct!(
    array_element_of_self_gms1,
    "
    pushi.e -1
    pushi.e 0
    push.v [array]object0.alarm
    pushi.e -1
    cmp.i.v.eq
    bf L0020
    exit.i
    L0020:
    ",
    "
    if (alarm[0] == -1) {
        exit;
    }
    "
);

construct!(
    array_element_of_a_local_array_gms1,
    "
    pushi.e 0
    pushi.e -7
    pushloc.v local.i
    conv.v.i
    pop.v.i [array]object0.byte
    ",
    "
    var byte, i;
    byte[i] = 0;
    "
);

construct!(
    array_element_of_an_object_gms1,
    "
    ; asset OBJT 5 oJumpRefresher
    pushi.e 1
    pushi.e 5
    pushi.e 0
    pop.v.i [array]object0.alarm
    ",
    "oJumpRefresher.alarm[0] = 1;"
);

construct!(
    array_element_of_global_gms1,
    "
    pushloc.v local.depthstring
    pushi.e -5
    pushloc.v local.i
    conv.v.i
    pop.v.v [array]object0.recordListRewind
    ",
    "
    var depthstring, i;
    global.recordListRewind[i] = depthstring;
    "
);

construct!(
    array_element_compound_gms1,
    "
    pushi.e -7
    pushloc.v local.i
    conv.v.i
    dup.i 1
    push.v [array]object0.byte
    pushloc.v local.bit
    add.v.v
    pop.i.v [array]object0.byte
    ",
    "
    var bit, byte, i;
    byte[i] += bit;
    "
);

// Without `dup` the element is read and written apart: `byte[7] = byte[7] | 128`,
// which compiles apart from `byte[7] |= 128`.
construct!(
    array_element_set_from_itself_gms1,
    "
    pushi.e -7
    pushi.e 7
    push.v [array]object0.byte
    conv.v.l
    pushi.e 128
    or.i.l
    pushi.e -7
    pushi.e 7
    pop.v.l [array]object0.byte
    ",
    "
    var byte;
    byte[7] = byte[7] | 128;
    "
);

// GameMaker: Studio 1 has no arrays of arrays: `a[i, j]` is the element
// `i * 32000 + j` of a flat array, so that product is printed back as the two
// indices it came from.
construct!(
    two_dimensional_array_read_gms1,
    "
    pushi.e -1
    pushloc.v local.i
    conv.v.i
    push.i 32000
    mul.i.i
    pushloc.v local.j
    conv.v.i
    add.i.i
    push.v [array]object0.grid
    pop.v.v self.value
    ",
    "
    var i, j;
    value = grid[i, j];
    "
);

construct!(
    two_dimensional_array_written_gms1,
    "
    pushi.e 0
    pushi.e -1
    pushi.e 2
    push.i 32000
    mul.i.i
    pushi.e 3
    add.i.i
    pop.v.i [array]object0.grid
    ",
    "grid[2, 3] = 0;"
);

// GameMaker Studio 2 before 2.3 checks each index (`break.e -1`, chkindex) before
// folding the two.
construct!(
    two_dimensional_array_read_gms2,
    "
    pushi.e -1
    pushloc.v local.i
    conv.v.i
    break.e -1
    push.i 32000
    mul.i.i
    pushloc.v local.j
    conv.v.i
    break.e -1
    add.i.i
    push.v [array]object0.grid
    pop.v.v self.value
    ",
    "
    var i, j;
    value = grid[i, j];
    "
);

construct!(
    array_element_written_with_its_owner_2_3,
    "
    ; owner arg 165536
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
    ",
    "
    var arg, i;
    arg[i] = argument[i];
    "
);

construct!(
    array_of_arrays_written_2_3,
    "
    ; owner view_graph_pixels 165824
    push.i 165824
    break.e -5
    pushi.e 0
    conv.i.v
    pushi.e -1
    pushi.e 0
    push.v [arraypopaf]object0.view_graph_pixels
    pushi.e 0
    break.e -3
    ",
    "view_graph_pixels[0][0] = 0;"
);

construct!(
    array_of_arrays_read_and_written_2_3,
    "
    ; owner second_level 165846
    push.i 165846
    break.e -5
    pushi.e -1
    pushi.e 0
    push.v [arraypushaf]object0.second_level
    pushloc.v local.i
    conv.v.i
    break.e -2
    pushi.e -1
    pushi.e 1
    push.v [arraypopaf]object0.second_level
    pushloc.v local.i
    conv.v.i
    break.e -3
    ",
    "
    var i;
    second_level[1][i] = second_level[0][i];
    "
);

construct!(
    array_element_of_another_instance_2023,
    "
    pushi.e 100
    pushbltn.v builtin.room_speed
    mul.v.i
    push.v self.corals
    pushi.e -9
    pushi.e 0
    pop.v.v [array]object0.alarm
    ",
    "corals.alarm[0] = 100 * room_speed;"
);

construct!(
    array_element_of_a_local_array_2024,
    "
    pushi.e -7
    pushi.e 1
    push.v [array]object0.best_cell
    pushi.e -7
    pushi.e 0
    push.v [array]object0.best_cell
    call.i point_distance_cells(argc=2)
    pop.v.v self.d
    ",
    "
    var best_cell;
    d = point_distance_cells(best_cell[0], best_cell[1]);
    "
);

construct!(
    argument_array_in_a_function_2024,
    "
    pushi.e -15
    pushi.e 0
    push.v [array]object0.argument0
    pop.v.v local._from
    ",
    "var _from = argument0[0];"
);

construct!(
    array_of_another_instance_written_with_its_owner_2_3,
    "
    ; owner view_text 165815
    push.i 231351
    break.e -5
    call.i @@Other@@(argc=0)
    pushi.e -9
    pushi.e 2
    push.v [array]object0.text_part
    call.i @@Other@@(argc=0)
    pushi.e -9
    push.v other.view_active_count
    conv.v.i
    pop.v.v [array]object0.view_text
    ",
    "other.view_text[other.view_active_count] = other.text_part[2];"
);

construct!(
    array_made_by_a_call_owned_by_nobody_2_3,
    "
    ; owner commands_visible 165838
    push.i 65536
    break.e -5
    pushi.e 0
    conv.i.v
    pushi.e 7
    conv.i.v
    call.i array_create(argc=2)
    pop.v.v self.commands_visible
    push.i 165838
    break.e -5
    pushi.e 1
    conv.i.v
    pushi.e -1
    pushi.e 0
    pop.v.v [array]object0.commands_visible
    ",
    "
    commands_visible = array_create(7, 0);
    commands_visible[0] = 1;
    "
);

construct!(
    array_literals_passed_on_owned_by_nobody_2_3,
    "
    ; owner menu_pages 165576
    push.i 65536
    break.e -5
    push.i 65536
    break.e -5
    push.i 65536
    break.e -5
    pushi.e 1
    conv.i.v
    pushi.e 0
    conv.i.v
    call.i @@NewGMLArray@@(argc=2)
    push.s \"EXIT\"
    conv.s.v
    call.i @@NewGMLArray@@(argc=2)
    push.i 65536
    break.e -5
    push.s \"BACK\"
    conv.s.v
    call.i @@NewGMLArray@@(argc=1)
    call.i create_menu_page(argc=2)
    pop.v.v self.ds_menu_main
    push.i 165576
    break.e -5
    push.v self.ds_menu_main
    call.i @@NewGMLArray@@(argc=1)
    pop.v.v self.menu_pages
    ",
    "
    ds_menu_main = create_menu_page([\"BACK\"], [\"EXIT\", [0, 1]]);
    menu_pages = [ds_menu_main];
    "
);

construct!(
    field_of_an_instance_added_to_again_2_3,
    "
    pushloc.v local.bullet
    pushi.e -9
    push.v [stacktop]object0.direction
    pushloc.v local.spread
    add.v.v
    pushloc.v local.bullet
    pushi.e -9
    pop.v.v [stacktop]object0.direction
    pushloc.v local.bullet
    pushi.e -9
    dup.i 4
    push.v [stacktop]object0.direction
    pushloc.v local.spread
    add.v.v
    pop.i.v [stacktop]object0.direction
    ",
    "
    var bullet, spread;
    bullet.direction = bullet.direction + spread;
    bullet.direction += spread;
    "
);

construct!(
    postfix_increment_of_an_element_as_a_statement_2_3,
    "
    ; owner view_next_insert 165826
    push.i 165826
    break.e -5
    pushi.e -1
    pushloc.v local.i
    conv.v.i
    dup.i 1
    push.v [array]object0.view_next_insert
    dup.v 0
    dup.i 45060
    push.e 1
    add.i.v
    pop.i.v [array]object0.view_next_insert
    popz.v
    ",
    "
    var i;
    view_next_insert[i]++;
    "
);

/// As authors write it: a built-in array named alone, in GameMaker: Studio 1,
/// is its first element.
#[test]
fn builtin_array_named_alone_is_its_first_element_gms1() {
    let asm = "
    pushbltn.v self.room_width
    pushi.e -1
    push.l 0
    conv.l.i
    push.v [array]object0.background_width
    div.v.v
    pushi.e -1
    push.l 0
    conv.l.i
    pop.v.v [array]object0.background_xscale
    ";
    let gml = "background_xscale = room_width / background_width;";
    let name = "builtin_array_named_alone_is_its_first_element_gms1";
    assert_eq!(super::compiled_differs(name, asm, gml), None);
}

// Some GameMaker: Studio 1 games check each part of a 2D index before folding it.
construct!(
    two_dimensional_index_checked_gms1,
    "
    pushi.e -1
    pushi.e 2
    break.e -1
    push.i 32000
    mul.i.i
    pushi.e 3
    break.e -1
    add.i.i
    push.v [array]object0.grid
    pop.v.v self.cell
    ",
    "
    cell = grid[2, 3];
    "
);

// A constant the game reads as a built-in variable (its variables list it) is
// read so, not folded.
construct!(
    constant_read_as_a_builtin_variable_2024,
    "
    ; release 2024.14
    ; gml_Object_o_Create_0 (arguments 0, locals 0) starts at L0000
    pushbltn.v builtin.infinity
    pop.v.v builtin.limit
    ",
    "
    limit = infinity;
    "
);

// Bytecode 14 (joaomantovani's Tricking-The-Vikings, miker525's
// Bin-Laden-Liquors): an instance as a value is its number, short integers are
// pushed with `push.e` and every variable with `push.v`; some games name an
// object's variables with the `instance` kind.
construct!(
    instances_and_short_integers_bc14,
    "
    ; asset OBJT 3 obj_game
    L0000:
        push.e -2
        pushenv L0028
    L0008:
        push.v [instance]object3.speed
        push.v global.level
        add.v.v
        push.e 2
        add.i.v
        pop.v.v self.x
    L0028:
        popenv L0008
    ",
    "
    with (other) {
        x = obj_game.speed + global.level + 2;
    }
    "
);

// Where arrays are copied on write, a statement calling `array_set` names its
// owner first, as a write does: the unnamed one (SekaLudianto/tebak-lagu).
construct!(
    array_set_statement_names_its_owner_2024,
    "
    push.i 65536
    break.e -5
    pushi.e 3
    conv.i.v
    pushi.e 0
    conv.i.v
    push.v self.t
    call.i array_set(argc=3)
    popz.v
    ",
    "array_set(t, 0, 3);"
);

// A built-in array named alone is its first element, which GameMaker indexes
// with a 64-bit 0: GameMaker: Studio 1 (RedBatNick/j2l-expansion's
// `display_set_gui_size(view_wport, view_hport)`) and 2024
// (LR-Solutions/Recreo-Gestion-LR's `view_yport + 32`).
construct!(
    builtin_array_named_alone_gms1,
    "
    pushi.e -1
    push.l 0
    conv.l.i
    push.v [array]object0.view_hport
    pushi.e -1
    push.l 0
    conv.l.i
    push.v [array]object0.view_wport
    call.i display_set_gui_size(argc=2)
    popz.v
    ",
    "
    display_set_gui_size(view_wport, view_hport);
    "
);

construct!(
    builtin_array_named_alone_2024,
    "
    pushi.e -6
    push.l 0
    conv.l.i
    push.v [array]object0.view_yport
    pushi.e 32
    add.i.v
    pop.v.v builtin.y
    pushi.e -6
    pushi.e 0
    push.v [array]object0.view_xport
    pop.v.v builtin.x
    ",
    "
    y = view_yport + 32;
    x = view_xport[0];
    "
);

// A room's instance named by its number is of the instance kind where the
// game's code shows it (Miltonbhowmick/FarmerHouseGM's `(3096).x`, 2.3.2).
construct!(
    instance_named_by_its_number_2_3,
    "
    ; release 2.3
    push.v [instance]object3096.x
    pop.v.v self.tx
    ",
    "tx = (3096).x;"
);

// The number stays a number where an object has that index: the kind says an
// instance, not the object (Miltonbhowmick/FarmerHouseGM's `(15).x` beside its
// object15).
construct!(
    instance_named_by_the_number_of_an_object_2_3,
    "
    ; release 2.3
    ; asset OBJT 15 object15
    push.v [instance]object15.x
    pushi.e 16
    add.i.v
    pop.v.v self.cave_call_x
    ",
    "cave_call_x = (15).x + 16;"
);

// A name the code assigns is read as that variable, even where an asset has
// the name (Gatoiq/tiempo-del-este's windblown-particles effect reads its own
// `particles` beside the sprite `particles`).
construct!(
    variable_named_like_an_asset_2024,
    "
    ; release 2024.14
    ; asset SPRT 1 particles
    pushi.e 0
    pop.v.i builtin.particles
    push.v builtin.particles
    pop.v.v builtin.shown
    ",
    "
    particles = 0;
    shown = particles;
    "
);
