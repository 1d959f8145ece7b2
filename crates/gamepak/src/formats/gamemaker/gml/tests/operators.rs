//! Operators: arithmetic, bitwise, comparison, logical and unary, the compound
//! assignments and `++`/`--`, and the parentheses that precedence needs.

use super::construct;

construct!(
    subtraction_of_two_variables_gms1,
    "
    push.v self.down_key
    push.v self.up_key
    sub.v.v
    pop.v.v self.yaxis
    ",
    "yaxis = down_key - up_key;"
);

construct!(
    multiplication_binds_tighter_than_addition_gms1,
    "
    push.v self.y
    pushloc.v local.m
    push.v self.space
    mul.v.v
    add.v.v
    pop.v.v self.ty
    ",
    "
    var m;
    ty = y + m * space;
    "
);

construct!(
    sum_times_a_value_needs_parentheses_gms1,
    "
    pushi.e 7
    pushloc.v local.i
    sub.v.i
    pushi.e 8
    mul.i.v
    pushloc.v local.j
    add.v.v
    pop.v.v local.k
    ",
    "
    var i, j;
    var k = (7 - i) * 8 + j;
    "
);

construct!(
    right_operand_of_a_subtraction_needs_parentheses_2_3,
    "
    push.v self.a
    push.v self.b
    push.v self.c
    sub.v.v
    sub.v.v
    pop.v.v self.d
    ",
    "d = a - (b - c);"
);

construct!(
    left_nested_subtraction_needs_none_2_3,
    "
    push.v self.a
    push.v self.b
    sub.v.v
    push.v self.c
    sub.v.v
    pop.v.v self.d
    ",
    "d = a - b - c;"
);

construct!(
    division_of_a_sum_2024,
    "
    push.v self.bbox_left
    push.v self.bbox_right
    add.v.v
    pushi.e 2
    div.i.v
    pop.v.v self.center
    ",
    "center = (bbox_left + bbox_right) / 2;"
);

construct!(
    division_by_a_real_gms1,
    "
    pushbltn.v self.room_width
    pushi.e 2
    conv.i.d
    div.d.v
    pop.v.v self.x
    ",
    "x = room_width / 2;"
);

construct!(
    integer_division_is_div_gms1,
    "
    pushi.e -7
    pushloc.v local.i
    pushi.e 8
    rem.i.v
    conv.v.i
    push.v [array]object0.byte
    pop.v.v local.b
    ",
    "
    var byte, i;
    var b = byte[i div 8];
    "
);

construct!(
    modulo_is_mod_gms1,
    "
    pushloc.v local.i
    pushi.e 8
    mod.i.v
    pop.v.v local.bit
    ",
    "
    var i;
    var bit = i mod 8;
    "
);

construct!(
    modulo_of_a_global_2_3,
    "
    pushglb.v global.frame
    pushi.e 22
    mod.i.v
    pushi.e 0
    cmp.i.v.eq
    bf L0020
    exit.i
    L0020:
    ",
    "
    if (global.frame mod 22 == 0) {
        exit;
    }
    "
);

construct!(
    bitwise_and_of_a_long_gms1,
    "
    pushloc.v local.dec
    conv.v.l
    pushi.e 1
    and.i.l
    pushi.e 1
    add.i.l
    conv.l.v
    pop.v.v local.digit
    ",
    "
    var dec;
    var digit = (dec & 1) + 1;
    "
);

construct!(
    shift_of_a_masked_value_2024,
    "
    pushloc.v local._val
    conv.v.l
    pushi.e 31
    and.i.l
    pushi.e 6
    conv.i.l
    shl.l.l
    pop.v.l local._val
    ",
    "
    var _val;
    _val = (_val & 31) << 6;
    "
);

construct!(
    masked_value_compared_2024,
    "
    pushloc.v local._val
    conv.v.l
    pushi.e 224
    and.i.l
    pushi.e 192
    cmp.i.l.eq
    bf L0020
    exit.i
    L0020:
    ",
    "
    var _val;
    if ((_val & 224) == 192) {
        exit;
    }
    "
);

construct!(
    compound_add_of_a_masked_read_2024,
    "
    push.v local._val
    pushi.e 1
    conv.i.v
    pushloc.v local._buffer
    call.i buffer_read(argc=2)
    conv.v.l
    pushi.e 63
    and.i.l
    add.l.v
    pop.v.v local._val
    ",
    "
    var _buffer, _val;
    _val += buffer_read(_buffer, buffer_u8) & 63;
    "
);

construct!(
    shift_right_of_a_constant_gms1,
    "
    pushi.e 128
    conv.i.l
    pushloc.v local.j
    conv.v.l
    shr.l.l
    pop.v.l local.mask
    ",
    "
    var j;
    var mask = 128 >> j;
    "
);

construct!(
    bitwise_or_of_shifted_values_gms1,
    "
    pushi.e -7
    pushi.e 6
    push.v [array]object0.byte
    conv.v.l
    pushloc.v local.E
    conv.v.l
    pushi.e 1
    conv.i.l
    pushloc.v local.i
    conv.v.l
    shl.l.l
    and.l.l
    pushi.e 4
    conv.i.l
    shl.l.l
    or.l.l
    pushi.e -7
    pushi.e 6
    pop.v.l [array]object0.byte
    ",
    "
    var E, byte, i;
    byte[6] = byte[6] | ((E & (1 << i)) << 4);
    "
);

construct!(
    bitwise_xor_2_3,
    "
    push.v self.flags
    conv.v.l
    pushi.e 4
    xor.i.l
    pop.v.l self.flags
    ",
    "flags ^= 4;"
);

construct!(
    mixed_bitwise_operators_keep_parentheses_2_3,
    "
    push.v self.a
    conv.v.l
    push.v self.b
    conv.v.l
    and.l.l
    push.v self.c
    conv.v.l
    or.l.l
    pop.v.l self.d
    ",
    "d = (a & b) | c;"
);

construct!(
    less_than_gms1,
    "
    pushloc.v local.px
    pushloc.v local.x2
    cmp.v.v.lt
    conv.b.v
    ret.v
    ",
    "
    var px, x2;
    return px < x2;
    "
);

construct!(
    every_comparison_gms2,
    "
    push.v self.a
    pushi.e 1
    cmp.i.v.le
    pop.v.b self.r1
    push.v self.a
    pushi.e 2
    cmp.i.v.ge
    pop.v.b self.r2
    push.v self.a
    pushi.e 3
    cmp.i.v.gt
    pop.v.b self.r3
    push.v self.a
    pushi.e 4
    cmp.i.v.ne
    pop.v.b self.r4
    push.v self.a
    pushi.e 5
    cmp.i.v.eq
    pop.v.b self.r5
    ",
    "
    r1 = a <= 1;
    r2 = a >= 2;
    r3 = a > 3;
    r4 = a != 4;
    r5 = a == 5;
    "
);

construct!(
    comparison_with_a_string_gms1,
    "
    pushloc.v local.char
    push.s \"-\"
    cmp.s.v.eq
    pop.v.b local.minus
    ",
    "
    var char;
    var minus = char == \"-\";
    "
);

construct!(
    comparison_result_as_a_number_gms1,
    "
    pushi.e 1
    pushi.e 2
    pushi.e -7
    pushi.e 7
    push.v [array]object0.byte
    conv.v.l
    pushi.e 128
    and.i.l
    pushi.e 0
    cmp.i.l.gt
    conv.b.i
    mul.i.i
    sub.i.i
    pop.v.i local.S
    ",
    "
    var byte;
    var S = 1 - 2 * ((byte[7] & 128) > 0);
    "
);

construct!(
    string_concatenation_gms1,
    "
    push.v global._nsp_error
    pushi.e -1
    pushi.e 0
    push.v [array]object0.argument
    push.s \"#\"
    add.s.v
    add.v.v
    pop.v.v global._nsp_error
    ",
    "global._nsp_error += argument[0] + \"#\";"
);

construct!(
    string_concatenation_of_a_call_2024,
    "
    push.v self.cell_tile_index
    call.i string(argc=1)
    push.s \"\\r\\n\"
    add.s.v
    push.v self.cell_mapped_index
    call.i string(argc=1)
    add.v.v
    pop.v.v local._line
    ",
    "var _line = string(cell_tile_index) + \"\\r\\n\" + string(cell_mapped_index);"
);

construct!(
    negation_of_a_variable_2024,
    "
    push.v builtin.jump_speed
    neg.v
    pop.v.v builtin.move_y
    ",
    "move_y = -jump_speed;"
);

construct!(
    negation_of_a_sum_gms2,
    "
    push.v self.a
    push.v self.b
    add.v.v
    neg.v
    pop.v.v self.c
    ",
    "c = -(a + b);"
);

construct!(
    negation_of_a_negation_gms2,
    "
    push.v self.a
    neg.v
    neg.v
    pop.v.v self.c
    ",
    "c = -(-a);"
);

construct!(
    logical_not_of_a_call_gms1,
    "
    push.v self.object_index
    call.i objectInPalette(argc=1)
    conv.v.b
    not.b
    pop.v.b local.outside
    ",
    "var outside = !objectInPalette(object_index);"
);

construct!(
    logical_not_of_a_comparison_2024,
    "
    pushloc.v local.hit
    pushi.e 0
    cmp.i.v.gt
    not.b
    pop.v.b local.missed
    ",
    "
    var hit;
    var missed = !(hit > 0);
    "
);

construct!(
    logical_not_toggles_a_variable_gms1,
    "
    push.v self.selected
    conv.v.b
    not.b
    pop.v.b self.selected
    ",
    "selected = !selected;"
);

// `~` on an integer: `not` whose type is not a boolean.
construct!(
    bitwise_not_2_3,
    "
    push.v self.flags
    conv.v.l
    not.l
    pop.v.l self.mask
    ",
    "mask = ~flags;"
);

construct!(
    logical_xor_gms1,
    "
    pushbltn.v self.argument0
    conv.v.b
    pushbltn.v self.argument1
    conv.v.b
    xor.b.b
    conv.b.i
    pushi.e 1
    mul.i.i
    conv.i.v
    call.i string(argc=1)
    ret.v
    ",
    "return string((argument0 ^^ argument1) * 1);"
);

construct!(
    compound_subtract_gms1,
    "
    push.v self.lives
    pushi.e 1
    sub.i.v
    pop.v.v self.lives
    ",
    "lives -= 1;"
);

construct!(
    compound_multiply_by_a_negative_gms1,
    "
    push.v local.n
    pushi.e -1
    mul.i.v
    pop.v.v local.n
    ",
    "
    var n;
    n *= -1;
    "
);

construct!(
    compound_divide_gms1,
    "
    push.v local.M
    pushi.e 2
    div.i.v
    pop.v.v local.M
    ",
    "
    var M;
    M /= 2;
    "
);

construct!(
    compound_or_of_a_local_2_3,
    "
    push.v local.mask
    conv.v.l
    pushi.e 2
    or.i.l
    pop.v.l local.mask
    ",
    "
    var mask;
    mask |= 2;
    "
);

construct!(
    compound_and_of_self_2_3,
    "
    push.v self.mask
    conv.v.l
    pushi.e 3
    and.i.l
    pop.v.l self.mask
    ",
    "mask &= 3;"
);

construct!(
    increment_of_a_local_gms1,
    "
    push.v local.i
    push.e 1
    add.i.v
    pop.v.v local.i
    ",
    "
    var i;
    i++;
    "
);

construct!(
    decrement_of_self_2023,
    "
    push.v self.i
    push.e 1
    sub.i.v
    pop.v.v self.i
    ",
    "i--;"
);

construct!(
    increment_of_a_global_2_3,
    "
    push.v global.count
    push.e 1
    add.i.v
    pop.v.v global.count
    ",
    "global.count++;"
);

construct!(
    postfix_increment_as_a_value_2024,
    "
    push.v local._text_row
    dup.v 0
    push.e 1
    add.i.v
    pop.v.v local._text_row
    push.v self.str_height
    mul.v.v
    pop.v.v local._y
    ",
    "
    var _text_row;
    var _y = _text_row++ * str_height;
    "
);

construct!(
    prefix_increment_as_a_value_2_3,
    "
    push.v self.count
    push.e 1
    add.i.v
    dup.v 0
    pop.v.v self.count
    pop.v.v self.id_next
    ",
    "id_next = ++count;"
);

construct!(
    increment_of_a_field_2_3,
    "
    push.v self.target
    pushi.e -9
    dup.i 4
    push.v [stacktop]object0.hits
    push.e 1
    add.i.v
    pop.i.v [stacktop]object0.hits
    ",
    "target.hits++;"
);

construct!(
    add_one_written_out_is_not_an_increment_gms1,
    "
    push.v self.energy
    pushi.e 1
    add.i.v
    pop.v.v self.energy
    ",
    "energy += 1;"
);

// `a ??= b`: the old value tested, dropped either way, and the store skipped
// where it was not nullish (Acednothere's ncx-rng).
construct!(
    nullish_assignment_2024,
    "
    pushloc.v local.a
    break.e -10
    bf L0028
    popz.v
    pushloc.v local.b
    pop.v.v local.a
    b L002c
    L0028:
    popz.v
    L002c:
    ",
    "
    var a, b;
    a ??= b;
    "
);

// `a |= b` where `b` is a 64-bit integer (a shift's result, an enum's member)
// combines the variable's value as it is, unconverted (lordbenedikt's
// 2d_dungeon_gm); with a 32-bit `b` it converts it first (above).
construct!(
    compound_or_with_a_long_2_3,
    "
    push.v local.n
    pushloc.v local.n
    conv.v.l
    pushi.e 1
    conv.i.l
    shr.l.l
    or.l.v
    pop.v.v local.n
    ",
    "
    var n;
    n |= n >> 1;
    "
);

// A Boolean negated is made an integer first (MartinNang/PlatformShooter's
// `key_left = -(keyboard_check(vk_left) || keyboard_check(ord("A")))`).
construct!(
    negated_boolean_is_made_an_integer_2_3,
    "
    ; release 2.3
    push.v self.a
    push.v self.b
    cmp.v.v.eq
    conv.b.i
    neg.i
    pop.v.i self.x
    ",
    "x = -(a == b);"
);
