//! 2.3 games before 2.3.6, whose arrays name an owner before every write:
//! the constructs the corpus showed beyond a plain store.

use super::construct;

// A call passed an array literal names the owner for the statement, and the
// literal names it again (MayitaMayoso/vendaval's `array_push(timeTrans, [..])`).
construct!(
    literal_passed_to_a_call_names_its_owner_twice_2_3,
    "
    push.i 65536
    break.e -5
    push.i 65536
    break.e -5
    pushi.e 1
    conv.i.v
    pushloc.v local.a
    call.i @@NewGMLArray@@(argc=2)
    pushloc.v local.t
    call.i array_push(argc=2)
    popz.v
    ",
    "
    var a, t;
    array_push(t, [a, 1]);
    "
);

// So does an `if` whose condition passes one.
construct!(
    literal_passed_in_a_condition_names_its_owner_twice_2_3,
    "
    push.i 65536
    break.e -5
    push.i 65536
    break.e -5
    pushi.e 1
    conv.i.v
    call.i @@NewGMLArray@@(argc=1)
    pushloc.v local.a
    call.i array_equals(argc=2)
    conv.v.b
    bf L0040
    pushi.e 0
    pop.v.i local.a
L0040:
    ",
    "
    var a;
    if (array_equals(a, [1])) {
        a = 0;
    }
    "
);

// A literal a ternary stores as it is belongs to the variable stored to: one
// owner, the variable's, and none for the literal.
construct!(
    literal_stored_through_a_ternary_names_the_variables_owner_2_3,
    "
    ; owner buffer 165536
    push.i 165536
    break.e -5
    pushloc.v local.a
    call.i is_array(argc=1)
    conv.v.b
    bf L0028
    pushloc.v local.a
    b L0034
L0028:
    pushloc.v local.a
    call.i @@NewGMLArray@@(argc=1)
L0034:
    pop.v.v self.buffer
    ",
    "
    var a;
    buffer = is_array(a) ? a : [a];
    "
);

// `self.a[i]` written out names `self` on the stack (`@@This@@`), where `a[i]`
// names it by its number.
construct!(
    own_array_read_through_self_written_out_2_3,
    "
    call.i @@This@@(argc=0)
    pushi.e -9
    pushi.e 3
    push.v [array]object0.arrayForm
    pop.v.v local.k
    ",
    "var k = self.arrayForm[3];"
);

// Some 2.3 games before 2.3.6 read and store a parameter on `self` in a
// compound assignment (MayitaMayoso/vendaval), and on `arg` everywhere else.
construct!(
    compound_assignment_to_a_parameter_on_self_2_3,
    "
    ; gml_GlobalScript_wrap (arguments 0, locals 0) starts at L0000
    ; gml_Script_wrap_down (arguments 2, locals 0) starts at L0004
    b L0030
    L0004:
    push.v self.argument0
    push.v arg.argument1
    sub.v.v
    pop.v.v self.argument0
    push.v arg.argument0
    ret.v
    exit.i
    L0030:
    push.i function gml_Script_wrap_down
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -6
    pop.v.v [stacktop]object0.wrap_down
    popz.v
    ",
    "
    function wrap_down(argument0, argument1) {
        argument0 -= argument1;
        return argument0;
    }
    "
);

// An element of another instance's array called: the element is both the
// function and the instance it runs on.
construct!(
    element_of_another_instances_array_called_2_3,
    "
    push.v self.inst
    pushi.e -9
    pushloc.v local.j
    conv.v.i
    push.v [array]object0.steps
    dup.v 0
    callv.v 0
    popz.v
    ",
    "
    var j;
    inst.steps[j]();
    "
);

// A constructor an instance variable holds is read through `builtin`, as a
// method called is.
construct!(
    constructor_held_by_an_instance_variable_2_3,
    "
    pushi.e 1
    conv.i.v
    push.v builtin.Configuration
    call.i @@NewGMLObject@@(argc=2)
    pop.v.v local.c
    ",
    "
    var c = new Configuration(1);
    "
);

// An instance's variable that a local's name hides is written `self.name`.
construct!(
    instance_variable_hidden_by_a_local_2_3,
    "
    push.s \"a\"
    pop.v.s local.name
    pushloc.v local.name
    pop.v.v self.name
    ",
    "
    var name = \"a\";
    self.name = name;
    "
);

// An element's literal belongs to the array written: one owner, the array's.
construct!(
    literal_stored_in_an_element_names_the_arrays_owner_2_3,
    "
    ; owner set 165536
    push.i 165536
    break.e -5
    push.v self.bbox_top
    push.v self.bbox_left
    call.i @@NewGMLArray@@(argc=2)
    pushi.e -7
    pushi.e 0
    pop.v.v [array]object0.set
    ",
    "
    var set;
    set[0] = [bbox_left, bbox_top];
    "
);

// A game that calls no `@@Global@@` names the global's arrays by instance id,
// whatever it does with other instances' arrays (lordbenedikt/2d_dungeon_gm).
construct!(
    global_array_by_id_where_others_go_through_the_stack_2_3,
    "
    ; owner cam 165536
    push.i 165536
    break.e -5
    pushi.e 1
    conv.i.v
    pushi.e -5
    pushi.e 0
    pop.v.v [array]object0.cam
    push.i 231072
    break.e -5
    pushi.e 2
    conv.i.v
    call.i @@Other@@(argc=0)
    pushi.e -9
    pushi.e 0
    pop.v.v [array]object0.cam
    ",
    "
    global.cam[0] = 1;
    other.cam[0] = 2;
    "
);

// `&`, `|` and `^` combine an integer on the left as it is; only a variable
// is made a long (evolutionleo/LudSwing's `128 | _write_count`).
construct!(
    bitwise_or_of_an_integer_and_a_variable_2_3,
    "
    pushi.e 128
    pushloc.v local.n
    conv.v.l
    or.l.i
    pop.v.l local.b
    ",
    "
    var n;
    var b = 128 | n;
    "
);

// A boolean constant is tested as it is, with no conversion, before typed
// booleans too.
construct!(
    boolean_constant_tested_in_a_condition_2_3,
    "
    ; release 2.3
    pushloc.v local.v
    call.i is_method(argc=1)
    conv.v.b
    not.b
    bt L0028
    pushi.e 0
    b L002c
L0028:
    push.e 1
L002c:
    bf L003c
    pushi.e 1
    pop.v.i local.v
L003c:
    ",
    "
    var v;
    if (!is_method(v) || false) {
        v = 1;
    }
    "
);
