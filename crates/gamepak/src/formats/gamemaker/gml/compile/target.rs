//! Which GameMaker the code is compiled for, and the choices of its compiler that
//! depend on it. Each flag is named by what it changes; the release it starts in
//! is the earliest of the real games' that shows it.

use crate::formats::gamemaker::bytecode::{opcodes::op, symbolic::Asm};
use crate::formats::gamemaker::model::version::{Range, Version};

/// The GameMaker a game was made with, as far as code generation cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// The bytecode version (GEN8).
    pub bytecode: u32,
    /// The oldest release the game can be from (1.0 for GameMaker: Studio 1.x).
    pub release: Version,
    /// The newest release it can be from ([`Version::NEWEST`] where nothing
    /// caps it).
    pub newest: Version,
    /// An instance's own variables are named through the `builtin` instance
    /// outside functions (2024.2 on; the game's code tells, see
    /// `evidence`).
    pub self_through_builtin: bool,
    /// Arrays are copied on write, so a write first names the array's owner
    /// (`setowner`): an option of the game's (2.3 on), told by its code.
    pub array_owners: bool,
    /// Every array write names its owner, not only one whose owner changed
    /// (2.3 to before 2.3.6).
    pub owner_every_write: bool,
    /// Built-in variables of the game (`room`) are read through the `builtin`
    /// instance rather than `self` (2022 on, and in some 2.3 releases: the
    /// game's code tells).
    pub builtin_instance: bool,
    /// Resources are pushed as typed references (`pushref`, 2023 on, unless the
    /// game's code pushes none).
    pub typed_references: bool,
    /// Every function ends `break.e -7; exit.i`, marking its statics set
    /// (some 2.3 releases before 2.3.6: the game's code tells).
    pub functions_end_setting_statics: bool,
    /// A `repeat` counts down with `pushi.e 1` and tests the count itself
    /// (2024.11 on, and games the chunks put before 2024.6: the code tells).
    pub repeat_tests_count: bool,
    /// A method of an object is called on `@@GetInstance@@(object)` (2.3 and
    /// 2022 games: the game's code tells).
    pub object_methods_through_get_instance: bool,
    /// Another instance's array is named through the instance on the stack
    /// (`@@Other@@`, `pushi.e -9`) rather than by its instance id (2.3 on, but
    /// for some 2.3 and 2022 games: the game's code tells).
    pub other_arrays_through_stack: bool,
    /// The same for the global's arrays (`@@Global@@`): a game may name one
    /// kind through the stack and the other by id (lordbenedikt/2d_dungeon_gm).
    pub global_arrays_through_stack: bool,
    /// `argument[i]` is read on `arg` (2022.1 on, and 2.3.2 to 2.3.6 games of
    /// the corpus: the game's code tells).
    pub argument_array_on_arg: bool,
    /// A function named as a value is pushed as a typed reference on its FUNC
    /// chain (`break.i -11`), not by `push.i` (some 2024.2 and later games: the
    /// game's code tells).
    pub functions_through_references: bool,
    /// What `@@throw@@` returns is dropped (`popz.v`), though the runner never
    /// returns; some 2024 games leave it (the game's code tells).
    pub throw_drops_value: bool,
    /// Each part of a 2D index is checked (`break.e -1`) before it is folded
    /// (some games before 2.3, Studio 1 ones among them: the game's code tells).
    pub checks_2d_indices: bool,
    /// An array's element read among an accessor's keys, or of an
    /// accessor's value, calls `@@array_get@@` (2024.14 games: the game's code
    /// tells).
    pub array_get_in_accessors: bool,
    /// Whether a function calls the statics it declares through `static`
    /// (2024.14: Gatoiq's tiempo-del-este, teammio's rcr_wasm), not through
    /// `builtin` as 2.3.0 does (evolutionleo's LudSwing): from 2024.11, or
    /// where the game's code shows it.
    pub calls_own_statics: bool,
    /// A variable of an object named by its index is of the `instance` kind
    /// (`push.v [instance]object3.speed`), not a plain one (bytecode 14:
    /// miker525's Bin-Laden-Liquors; the game's code tells).
    pub objects_as_instances: bool,
    /// An instance named by its number (`(3096).x`, a room's instance) is
    /// of the `instance` kind (Miltonbhowmick/FarmerHouseGM, 2.3.2; the
    /// game's code tells).
    pub instances_as_kind: bool,
    /// `a[i] += v` copies the element's instance and index as one 64-bit
    /// value (`dup.l 0`), not as two integers (`dup.i 1`): GameMaker Studio 2
    /// before 2.3, though some of its games copy two integers
    /// (Ps7cho/SpaceSuitRequired, 2.0.6; 18liberg/fel, 2.2.2; the game's code
    /// tells).
    pub element_copied_whole: bool,
    /// `variable_get_hash("name")` is worked out by the compiler: the name's
    /// hash is pushed as a reference to its variable (2024.8 on, and
    /// JaconAndEggs/Ooo-Kaizo, whose chunks say before 2024.6: the game's
    /// code tells).
    pub folds_variable_hashes: bool,
    /// A compound assignment to a parameter (`argument0 -= range`) reads and
    /// stores it on `self`, where every other use is on `arg` (some 2.3 games
    /// before 2.3.6: MayitaMayoso/vendaval; the game's code tells).
    pub compound_parameters_on_self: bool,
    /// An `if` arm ending in `continue` inside `with` is still followed by a
    /// jump over the other arm (some 2.3 games: the game's code tells).
    pub with_continue_jumps_over_else: bool,
    /// A declared function's variable belongs to `self`; before, to
    /// `builtin`, except a script's function named like the script (2024.2
    /// on, and B-rando1/Hilda-VI, whose chunks say 2023.2: the game's code
    /// tells).
    pub function_variables_through_self: bool,
}

impl Target {
    /// What `release` (with bytecode `bytecode`) does by default.
    pub fn new(bytecode: u32, release: Version) -> Target {
        Target {
            bytecode,
            release,
            newest: Version::NEWEST,
            self_through_builtin: release >= Version::V2024_2,
            array_owners: false,
            owner_every_write: false,
            builtin_instance: release >= Version::V2022_1,
            typed_references: release >= Version::V2023_1,
            functions_end_setting_statics: false,
            repeat_tests_count: release >= Version::V2024_11,
            object_methods_through_get_instance: false,
            other_arrays_through_stack: release >= Version::V2_3,
            global_arrays_through_stack: release >= Version::V2_3,
            argument_array_on_arg: release >= Version::V2022_1,
            functions_through_references: false,
            throw_drops_value: true,
            checks_2d_indices: false,
            array_get_in_accessors: false,
            calls_own_statics: release >= Version::V2024_11,
            objects_as_instances: false,
            instances_as_kind: false,
            element_copied_whole: release >= Version::GMS2 && release < Version::V2_3,
            folds_variable_hashes: release >= Version::V2024_8,
            compound_parameters_on_self: false,
            with_continue_jumps_over_else: false,
            function_variables_through_self: release >= Version::V2024_2,
        }
    }

    /// `op` as bytecode 13 and 14 have it, where they have no such instruction:
    /// they push every short integer with `push.e` and every variable with
    /// `push.v`, whatever holds it.
    pub fn spelled(self, asm: Asm) -> Asm {
        match asm {
            Asm::Push {
                op: op::PUSHI | op::PUSHLOC | op::PUSHGLB | op::PUSHBLTN,
                ty,
                value,
            } if self.bytecode_14() => Asm::Push {
                op: op::PUSH,
                ty,
                value,
            },
            other => other,
        }
    }

    /// The releases the game can be from, in words.
    pub fn releases(self) -> String {
        if self.studio1() {
            return "GameMaker: Studio 1".to_string();
        }
        crate::formats::gamemaker::inspect::release::named(Range {
            low: self.release,
            high: self.newest,
        })
    }

    /// Bytecode 13 or 14: older opcodes, and fewer instructions.
    pub fn bytecode_14(self) -> bool {
        self.bytecode < 15
    }

    /// GameMaker: Studio 1.x.
    pub fn studio1(self) -> bool {
        self.release < Version::GMS2
    }

    /// 2.3 on: functions, structs, method calls, `pushi.e -9` before a variable
    /// whose instance is on the stack.
    pub fn functions(self) -> bool {
        self.release >= Version::V2_3
    }

    /// How many arguments code may read: a call's count is 16 bits wide from 2.3,
    /// and before it a script takes `argument0` to `argument15`. GameMaker's runner
    /// reads no argument past these, so an index past them is a slip or an attack.
    pub fn most_arguments(self) -> usize {
        if self.functions() {
            MOST_ARGUMENTS
        } else {
            16
        }
    }

    /// A method of what a call returns is called with its arguments pushed
    /// before the call (2022 on; 2.3.0 pushes the instance first), and of what
    /// a method returns too from 2024.14 (2024.4's JaconAndEggs/Ooo-Kaizo
    /// pushes that instance first). From 2024.14 only constant arguments are
    /// pushed first (teammio/rcr_wasm's `CleanCircle(x, y, r).Blend(0, 0.5)`),
    /// and others after the instance (its `ds_list_find_value(l, i).SetPitch(a)`;
    /// Ooo-Kaizo, 2024.4, pushes `Initialize(endingNum)`'s first).
    pub fn method_of_result_after_arguments(self, of_method: bool, constant: bool) -> bool {
        if self.release >= Version::V2024_14 {
            constant
        } else {
            !of_method && self.release >= Version::V2022_1
        }
    }

    /// 2.3.7 (2022 here) on: `true` and `false` are typed booleans; and in
    /// GameMaker Studio 2 before 2.0.6 (AlexanderKamensky/DangAliensReop's
    /// `draw_healthbar(…, 1, true, true)` pushes `pushi.e 1; conv.b.v`).
    pub fn typed_booleans(self) -> bool {
        self.release >= Version::V2022_1
            || (self.release >= Version::GMS2 && self.release < Version::V2_0_6)
    }

    /// A 2D index `a[i, j]` is stored as `i * 32000 + j` (before 2.3).
    pub fn flat_2d_arrays(self) -> bool {
        self.release < Version::V2_3
    }

    /// A value stored to an array element is converted to a variable first
    /// (2.3 on).
    pub fn elements_hold_variables(self) -> bool {
        self.release >= Version::V2_3
    }

    /// A function declaration stores its method straight into the variable
    /// (2024.14 on), rather than through the instance on the stack.
    pub fn optimized_declarations(self) -> bool {
        self.release >= Version::V2024_14
    }

    /// A `return` or `exit` in a switch's `default` case leaves that
    /// switch's value on the stack (2024.14 on: every such `return` of
    /// Gatoiq's tiempo-del-este, and MrLooms/Trust-Nobody, and
    /// LR-Solutions/Recreo-Gestion-LR's `exit`; 2024.13's
    /// SekaLudianto/tebak-lagu drops it).
    pub fn default_return_keeps_switch_value(self) -> bool {
        self.release >= Version::V2024_14
    }

    /// An element's `a[i]++` as a statement adds in place, as `a[i] += 1`
    /// does (2024.14 on: MrLooms/Trust-Nobody's `_counts[_t]++`), where 2.3
    /// drops the value form's result.
    pub fn element_steps_in_place(self) -> bool {
        self.release >= Version::V2024_14
    }

    /// An event's code calls a function the event declares directly, by its
    /// entry (2022 on: Moddimation/Vakhitest6's `dowalk_walkup()`); 2.3 calls
    /// it as a method of the instance (MartinNang/PlatformShooter's
    /// `startLightHit(…)`: `push.v builtin.startLightHit`, `callv`).
    pub fn calls_own_functions_directly(self) -> bool {
        self.release >= Version::V2022_1
    }

    /// An event's code calls a function it declares directly before the
    /// declaration too (2024.13's Maycon-douglas-Medeiros/QuatikyVillage,
    /// 2024.14's soap64real/killstreakbeta); 2022.9's Moddimation/Vakhitest6
    /// calls it as a method there (`createtext()`). Where between the two it
    /// changed is not known: 2023 is taken as the first that calls directly.
    pub fn calls_own_functions_before_declared(self) -> bool {
        self.release >= Version::V2023_1
    }

    /// A constructor calls `@@SetStatic@@` first (2024.11 on).
    pub fn constructor_set_static(self) -> bool {
        self.release >= Version::V2024_11
    }

    /// `argument[i]` is read on the `arg` instance, where early 2.3 reads it
    /// on `self`.
    pub fn argument_array_through_arg(self) -> bool {
        self.argument_array_on_arg
    }

    /// A parameter's default is tested and set through `builtin`
    /// (`pushbltn.v builtin.argument1`), and before the statics are set up
    /// (2024.13 on: 2024.4 games test it through `arg`).
    pub fn default_arguments_through_builtin(self) -> bool {
        self.release >= Version::V2024_13
    }

    /// An `if` arm ending in `break` adds no jump over the `else`, as one
    /// ending in `continue` never does (Gatoiq/tiempo-del-este, 2024.14;
    /// pedroosena/jogo-pweb, 2024.13, Andreasholmbrg/Chonko, 2.3, and
    /// GameMaker: Studio 1.x add one).
    pub fn break_skips_jump_over_else(self) -> bool {
        self.release >= Version::V2024_14
    }

    /// A `repeat` counts down with `pushi.e 1` and branches on the count
    /// itself, with no `conv.i.b`.
    pub fn repeat_tests_the_count(self) -> bool {
        self.repeat_tests_count
    }
}

/// The most arguments a call passes in any release: its count is 16 bits wide.
pub const MOST_ARGUMENTS: usize = u16::MAX as usize;

/// The most locals one function may declare: a code entry counts them in 16 bits.
pub const MOST_LOCALS: usize = u16::MAX as usize;

/// `argument0` to `argument15`.
pub(super) fn is_numbered_argument(name: &str) -> bool {
    name.strip_prefix("argument")
        .and_then(|n| n.parse::<u8>().ok())
        .is_some_and(|n| n < 16)
}
