//! Control flow: if and else, loops, switch, with, repeat, break and continue, and
//! the short-circuit operators.

use super::construct;

construct!(
    if_without_else,
    "
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
    ",
    "
    if (keyboard_check(vk_left)) {
        image_angle += 5;
    }
    "
);

construct!(
    with_over_an_object_2_3,
    "
    pushi.e 4
    pushenv L0020
    L000c:
    pushbltn.v self.room_speed
    pushi.e -1
    pushi.e 1
    pop.v.v [array]object0.alarm
    L0020:
    popenv L000c
    ",
    "
    with (4) {
        alarm[1] = room_speed;
    }
    "
);

construct!(
    repeat_counts_down_on_the_stack,
    "
    pushi.e 10
    dup.i 0
    push.i 0
    cmp.i.i.le
    bt L0038
    L0014:
    call.i instance_destroy(argc=0)
    popz.v
    push.i 1
    sub.i.i
    dup.i 0
    conv.i.b
    bt L0014
    L0038:
    popz.i
    ",
    "
    repeat (10) {
        instance_destroy();
    }
    "
);

construct!(
    and_of_two_conditions_2_3,
    "
    push.v self.a
    conv.v.b
    bf L0018
    push.v self.b
    conv.v.b
    b L001c
    L0018:
    push.e 0
    L001c:
    bf L0028
    call.i instance_destroy(argc=0)
    popz.v
    L0028:
    ",
    "
    if (a && b) {
        instance_destroy();
    }
    "
);
