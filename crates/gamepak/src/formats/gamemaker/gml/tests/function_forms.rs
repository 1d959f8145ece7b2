//! Function forms the corpus of real games showed: parameters with defaults,
//! inheriting constructors, template strings, `throw`, a function that names
//! itself, the statics mark some 2.3 releases end every function with, an
//! object's method called through `@@GetInstance@@`, a constructor told only by
//! the instance it is bound to, and a function named as a typed reference.

use super::construct;

// 2024.13 on: a default is tested and set through `builtin`, before anything
// else in the body.
construct!(
    default_argument_through_builtin_2024,
    "
    ; release 2024.14
    ; gml_GlobalScript_f (arguments 0, locals 0) starts at L0000
    ; gml_Script_f (arguments 2, locals 0) starts at L0004
    b L0044
    L0004:
    pushbltn.v builtin.argument1
    pushbltn.v builtin.undefined
    cmp.v.v.eq
    bf L0028
    pushi.e 5
    pop.v.i builtin.argument1
    L0028:
    push.v arg.argument0
    push.v arg.argument1
    add.v.v
    ret.v
    exit.i
    L0044:
    push.i function gml_Script_f
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pop.v.v self.f
    popz.v
    ",
    "
    function f(argument0, argument1 = 5) {
        return argument0 + argument1;
    }
    "
);

// `constructor : Parent(a)`: the parent called first, its value left on the
// stack, and its statics copied.
construct!(
    inheriting_constructor_2024,
    "
    ; release 2024.14
    ; gml_GlobalScript_Child (arguments 0, locals 0) starts at L0000
    ; gml_Script_Child (arguments 1, locals 0) starts at L0004
    b L0034
    L0004:
    push.v arg.argument0
    call.i gml_Script_Parent(argc=1)
    push.i function gml_Script_Parent
    conv.i.v
    call.i @@CopyStatic@@(argc=1)
    call.i @@SetStatic@@(argc=0)
    exit.i
    L0034:
    push.i function gml_Script_Child
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pop.v.v self.Child
    popz.v
    ",
    "
    function Child(argument0) : Parent(argument0) constructor {
    }
    "
);

// `$\"hp {hp}\"` is `@@string@@(\"hp {0}\", hp)`.
construct!(
    template_string_2024,
    "
    ; release 2024.14
    ; gml_Object_obj_a_Create_0 (arguments 0, locals 0) starts at L0000
    push.v self.hp
    push.s \"hp {0}!\"
    conv.s.v
    call.i @@string@@(argc=2)
    call.i show_debug_message(argc=1)
    popz.v
    ",
    "
    show_debug_message($\"hp {hp}!\");
    "
);

construct!(
    throw_2_3,
    "
    ; gml_Object_obj_a_Create_0 (arguments 0, locals 0) starts at L0000
    push.s \"bad\"
    conv.s.v
    call.i @@throw@@(argc=1)
    popz.v
    ",
    "
    throw \"bad\";
    "
);

// A function's body pushing the function itself names it: the body is
// printed once, where it is declared.
construct!(
    function_naming_itself_2_3,
    "
    ; gml_GlobalScript_f (arguments 0, locals 0) starts at L0000
    ; gml_Script_f (arguments 0, locals 0) starts at L0004
    b L0018
    L0004:
    push.i function gml_Script_f
    conv.i.v
    ret.v
    exit.i
    L0018:
    push.i function gml_Script_f
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.f
    popz.v
    ",
    "
    function f() {
        return f;
    }
    "
);

// Some 2.3 releases end every function by marking its statics set, and never
// test them.
construct!(
    functions_end_setting_statics_2_3,
    "
    ; gml_GlobalScript_g (arguments 0, locals 0) starts at L0000
    ; gml_Script_g (arguments 0, locals 0) starts at L0004
    b L0018
    L0004:
    pushi.e 1
    conv.i.v
    ret.v
    break.e -7
    exit.i
    L0018:
    push.i function gml_Script_g
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.g
    popz.v
    ",
    "
    function g() {
        return 1;
    }
    "
);

// A method of an object called on `@@GetInstance@@(object)`.
construct!(
    object_method_through_get_instance_2_3,
    "
    ; gml_Object_obj_a_Step_0 (arguments 0, locals 0) starts at L0000
    ; asset OBJT 10 obj_input
    pushi.e 10
    conv.i.v
    call.i @@GetInstance@@(argc=1)
    push.s \"ViewRight\"
    conv.s.v
    dup.v 34817
    dup.v 0
    push.v stacktop.CheckValue
    callv.v 1
    popz.v
    ",
    "
    obj_input.CheckValue(\"ViewRight\");
    "
);

// Some 2.3 and 2022 games name the global's arrays by the global's id, not
// through `@@Global@@` and the instance on the stack.
construct!(
    global_array_by_instance_id_2_3,
    "
    ; gml_Object_obj_a_Create_0 (arguments 0, locals 0) starts at L0000
    pushi.e -5
    pushi.e 1
    push.v [array]object0.TEXT
    pop.v.v self.t
    pushi.e 7
    conv.i.v
    pushi.e -5
    pushi.e 2
    pop.v.v [array]object0.TEXT
    ",
    "
    t = global.TEXT[1];
    global.TEXT[2] = 7;
    "
);

// `argument[i]` read on `arg`, as later 2.3 games of the corpus do.
construct!(
    argument_array_on_arg_2_3,
    "
    ; gml_GlobalScript_f (arguments 0, locals 0) starts at L0000
    ; gml_Script_f (arguments 0, locals 0) starts at L0004
    b L001c
    L0004:
    pushi.e -15
    pushi.e 0
    push.v [array]object0.argument
    ret.v
    exit.i
    L001c:
    push.i function gml_Script_f
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.f
    popz.v
    ",
    "
    function f() {
        return argument[0];
    }
    "
);

// Before 2024.11 a constructor's body does not say it is one: it is bound to no
// instance (`@@NullObject@@`), and its variables are the struct's, through `self`.
construct!(
    constructor_bound_to_no_instance_2024,
    "
    ; release 2024.4
    ; gml_GlobalScript_Box (arguments 0, locals 0) starts at L0000
    ; gml_Script_Box (arguments 1, locals 0) starts at L0004
    b L0018
    L0004:
    push.v arg.argument0
    pop.v.v self.x
    exit.i
    L0018:
    push.i function gml_Script_Box
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.Box
    popz.v
    ",
    "
    function Box(argument0) constructor {
        x = argument0;
    }
    "
);

// Some games from 2024.2 push a function named as a value as a typed reference
// on its FUNC chain, not by `push.i`.
construct!(
    function_as_a_typed_reference_2024,
    "
    ; release 2024.13
    ; gml_Object_o_Create_0 (arguments 0, locals 0) starts at L0000
    break.i -11 function gml_Script_attack
    pop.v.v builtin.state
    call.i gml_Script_attack(argc=0)
    popz.v
    ",
    "
    state = attack;
    attack();
    "
);

// From 2024.2 an instance's own variables are named through `builtin`, but its
// array whose element is used as an instance (a field read, a method called)
// is named through `self`.
construct!(
    own_array_element_used_as_an_instance_2024,
    "
    ; release 2024.14
    ; gml_Object_o_Draw_0 (arguments 0, locals 0) starts at L0000
    pushi.e -1
    pushi.e 0
    push.v [array]object0.balls
    pushi.e -9
    push.v [stacktop]object0.x
    pop.v.v builtin.bx
    pushi.e -1
    pushi.e 1
    push.v [array]object0.balls
    dup.v 34816
    dup.v 0
    push.v stacktop.Draw
    callv.v 0
    popz.v
    pushi.e -6
    pushi.e 2
    push.v [array]object0.balls
    pop.v.v builtin.by
    ",
    "
    bx = balls[0].x;
    balls[1].Draw();
    by = balls[2];
    "
);

// Some 2024 games leave what `@@throw@@` returns on the stack, where the code
// after the `throw` joins: the arm that throws is an arm all the same.
construct!(
    throw_leaving_its_value_2024,
    "
    ; release 2024.4
    ; gml_Object_o_Create_0 (arguments 0, locals 0) starts at L0000
    push.v builtin.bad
    conv.v.b
    bf L0024
    push.s \"bad\"
    conv.s.v
    call.i @@throw@@(argc=1)
    L0024:
    pushi.e 1
    pop.v.i builtin.done
    ",
    "
    if (bad) {
        throw \"bad\";
    }
    done = 1;
    "
);

// A function bound by `method` to something other than the instance declaring
// it (a struct of the values it captures) keeps its `method`; only the binding
// GameMaker writes for a function value alone is left out (teammio's rcr_wasm).
construct!(
    function_bound_by_method_to_a_value_2024,
    "
    ; release 2024.14
    ; gml_Object_obj_a_Create_0 (arguments 0, locals 2) starts at L0000
    ; gml_Script_anon@12@gml_Object_obj_a_Create_0 (arguments 0, locals 0) starts at L0004
    b L0014
    L0004:
    pushi.e 1
    conv.i.v
    ret.v
    exit.i
    L0014:
    push.i function gml_Script_anon@12@gml_Object_obj_a_Create_0
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    pushloc.v local.p
    call.i method(argc=2)
    pop.v.v local.m
    ",
    "
    var p;
    var m = method(p, function() {
        return 1;
    });
    "
);

// An argument called as a function is read where arguments are, on `arg`
// (JaconAndEggs' Ooo-Kaizo, whose `array_2d_foreach` calls its `argument1`).
construct!(
    argument_called_as_a_function_2024,
    "
    ; release 2024.4
    ; gml_GlobalScript_s (arguments 0, locals 0) starts at L0000
    ; gml_Script_each (arguments 2, locals 0) starts at L0004
    b L0028
    L0004:
    push.v arg.argument0
    call.i @@This@@(argc=0)
    push.v arg.argument1
    callv.v 1
    popz.v
    exit.i
    L0028:
    push.i function gml_Script_each
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -1
    pop.v.v [stacktop]object0.each
    popz.v
    ",
    "
    function each(argument0, argument1) {
        argument1(argument0);
    }
    "
);

// A function calls a static it declares through `static` (2024.14: Gatoiq's
// tiempo-del-este, teammio's rcr_wasm); the function a static holds binds the
// functions inside it to their own instance, not to the statics.
construct!(
    static_called_in_its_own_function_2024,
    "
    ; release 2024.14
    ; gml_GlobalScript_s (arguments 0, locals 0) starts at L0000
    ; gml_Script_f (arguments 0, locals 0) starts at L0004
    ; gml_Script_g@anon@20@f@s (arguments 0, locals 0) starts at L0014
    ; gml_Script_anon@50@g@anon@20@f@s (arguments 0, locals 0) starts at L0018
    b L0084
    L0004:
    break.e -6
    bt L0068
    break.e -7
    b L0044
    L0014:
    b L001c
    L0018:
    exit.i
    L001c:
    push.i function gml_Script_anon@50@g@anon@20@f@s
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    pop.v.v self.h
    exit.i
    L0044:
    push.i function gml_Script_g@anon@20@f@s
    conv.i.v
    pushi.e -16
    conv.i.v
    call.i method(argc=2)
    pop.v.v static.g
    L0068:
    call.i @@This@@(argc=0)
    push.v static.g
    callv.v 0
    popz.v
    exit.i
    L0084:
    push.i function gml_Script_f
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pop.v.v self.f
    popz.v
    ",
    "
    function f() {
        static g = function() {
            h = function() {
            };
        };
        g();
    }
    "
);

// A constructor sets its parameters' defaults before it marks its statics set
// (Gatoiq/tiempo-del-este's `create_weapon`).
construct!(
    constructor_defaults_before_its_statics_2024,
    "
    ; release 2024.14
    ; gml_GlobalScript_w (arguments 0, locals 0) starts at L0000
    ; gml_Script_make (arguments 1, locals 0) starts at L0004
    b L0044
    L0004:
    pushbltn.v builtin.argument0
    pushbltn.v builtin.undefined
    cmp.v.v.eq
    bf L0028
    pushi.e 0
    pop.v.i builtin.argument0
    L0028:
    call.i @@SetStatic@@(argc=0)
    push.v arg.argument0
    pop.v.v builtin.size
    exit.i
    L0044:
    push.i function gml_Script_make
    conv.i.v
    call.i @@NullObject@@(argc=0)
    call.i method(argc=2)
    dup.v 0
    pop.v.v self.make
    popz.v
    ",
    "
    function make(argument0 = 0) constructor {
        size = argument0;
    }
    "
);

// A function that reads built-in `argumentK` beside its parameter K (2.3.0's
// MayitaMayoso/vendaval): the parameter is renamed, as one name cannot stand
// for both.
construct!(
    builtin_argument_beside_its_parameter_2_3,
    "
    ; gml_GlobalScript_joint (arguments 0, locals 0) starts at L0000
    ; gml_Script_Joint (arguments 3, locals 0) starts at L0004
    b L0028
    L0004:
    push.v arg.argument2
    pop.v.v self.parent
    pushbltn.v self.argument2
    pop.v.v self.other_parent
    push.v arg.argument0
    ret.v
    exit.i
    L0028:
    push.i function gml_Script_Joint
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i method(argc=2)
    dup.v 0
    pushi.e -6
    pop.v.v [stacktop]object0.Joint
    popz.v
    ",
    "
    function Joint(argument0, argument1, _argument2) {
        parent = _argument2;
        other_parent = argument2;
        return argument0;
    }
    "
);

// Code GameMaker left off the occurrence chains names each function it calls
// by its name's string, and pushes each function it declares by the string
// of its name (MaybeSamo/Sharpshooters-Roundup's `on_enter = function() {…}`,
// `push.i 421`; Bubblesloth/Creative-Challenge-Isart's `call.i "@@This@@"`).
construct!(
    function_declared_in_code_off_the_chains_2024,
    "
    ; release 2024.13
    ; gml_Object_o_Create_0 (arguments 0, locals 0) starts at L0000
    ; gml_Script_anon@11@gml_Object_o_Create_0 (arguments 0, locals 0) starts at L0004
    b L0020
    L0004:
    push.s \"hi\"
    conv.s.v
    call.i \"show_debug_message\"(argc=1)
    popz.v
    exit.i
    L0020:
    push.i function \"gml_Script_anon@11@gml_Object_o_Create_0\"
    conv.i.v
    pushi.e -1
    conv.i.v
    call.i \"method\"(argc=2)
    pop.v.v builtin.on_enter
    ",
    "
    on_enter = function() {
        show_debug_message(\"hi\");
    };
    "
);
