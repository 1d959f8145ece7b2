//! What a game's own code shows about the compiler that made it, where its
//! release range cannot tell: the releases that changed a choice are not all
//! told apart by the chunks a file holds (a call of a function only a later
//! release has tells), copy-on-write arrays and typed references are options of
//! the game's, and some facts no file records (the owner ids GameMaker gave
//! arrays, the entries whose calls it wrote by name) are only in its code.

use std::collections::{HashMap, HashSet};

use rustc_hash::{FxHashMap, FxHashSet};

use super::target::{is_numbered_argument, Target};
use crate::formats::gamemaker::bytecode::disassemble::Names;
use crate::formats::gamemaker::bytecode::function_spans::{function_at, function_ranges};
use crate::formats::gamemaker::bytecode::instruction::{Callee, Instr, Operand};
use crate::formats::gamemaker::bytecode::opcodes::op;
use crate::formats::gamemaker::bytecode::opcodes::{
    ARRAY_POP_VARIABLE, ARRAY_VARIABLE, INSTANCE_VARIABLE, INT_TYPE, LONG_TYPE, PLAIN_VARIABLE,
    STACKTOP_VARIABLE,
};
use crate::formats::gamemaker::gml::decompile::array_writes::{POPAF, SETOWNER};
use crate::formats::gamemaker::gml::language::builtins;
use crate::formats::gamemaker::model::version::{Range, Version};
use crate::formats::gamemaker::views::file_view::FileView;

/// The `builtin` instance, as an operand names it.
const BUILTIN: i16 = -6;
/// The `self` instance.
const SELF: i16 = -1;
/// The instance a function's arguments are read on.
const ARG: i16 = -15;
/// The statics of the function running.
const STATIC: i16 = -16;
/// The break signal that pushes a typed reference to a resource.
const PUSHREF: i16 = -11;
/// The break signals that test whether a function's statics are set up, and
/// mark them set.
const ISSTATICOK: i16 = -6;
const SETSTATIC: i16 = -7;
/// The break signal that checks an array index.
const CHKINDEX: i16 = -1;

/// The owner ids GameMaker gave array writes through `self`: by the function
/// the write is in and the array's name, and by the name alone for code in
/// other functions. The ids come from GameMaker's own numbering of names,
/// which no file keeps, so code compiled again reuses them.
#[derive(Debug, Default, Clone)]
pub struct OwnerIds {
    /// By function, array, and whether an element is written (where a literal
    /// stored whole names another: SekaLudianto/tebak-lagu's `temp_ar = []`
    /// names a hash of the name, then `temp_ar[0] = …` the function's number).
    by_function: HashMap<(String, String, bool), i64>,
    /// The one id every write of a function names, where they all name one
    /// (`None` where they name several).
    of_function: HashMap<String, Option<i64>>,
    by_name: HashMap<String, i64>,
    /// The id of the owner no variable is, by the function naming it.
    unnamed: HashMap<String, i64>,
}

/// What an owner id adds for an array written through `other` before 2.3.6: a
/// write to `other.a[i]` names `a`'s id plus this.
pub const THROUGH_OTHER: i64 = 0x1_0000;

impl OwnerIds {
    /// The id of writes to `array` through `self`: in `function` where the
    /// game has one there; else the one id all of the function's writes name,
    /// where they name one (GameMaker names the function's owner once, and a
    /// new array of the function is owned by it: SekaLudianto/tebak-lagu's
    /// `_property[0]` after `_t[…]`); else the array's anywhere.
    pub fn get(&self, function: &str, array: &str, element: bool) -> Option<i64> {
        let key = |element| (function.to_string(), array.to_string(), element);
        self.by_function
            .get(&key(element))
            .or_else(|| self.by_function.get(&key(!element)))
            .copied()
            .or_else(|| self.of_function.get(function).copied().flatten())
            .or_else(|| self.by_name.get(array).copied())
    }

    /// Notes `id`, which a write to `array` in `function` names; `by_kind` when
    /// the game numbers owners by instance kind (before 2.3.6).
    pub fn insert(&mut self, function: &str, array: &str, element: bool, id: i64, by_kind: bool) {
        let id = if by_kind { through_self(id) } else { id };
        self.by_function
            .entry((function.to_string(), array.to_string(), element))
            .or_insert(id);
        let one = self
            .of_function
            .entry(function.to_string())
            .or_insert(Some(id));
        if *one != Some(id) {
            *one = None;
        }
        let least = self.by_name.entry(array.to_string()).or_insert(id);
        *least = (*least).min(id);
    }

    /// The id a function names for an array no variable holds (a literal
    /// passed on, what a call makes): its own where the game shows it, else
    /// the one every function that shows one names.
    pub fn unnamed(&self, function: &str) -> Option<i64> {
        if let Some(&id) = self.unnamed.get(function) {
            return Some(id);
        }
        let mut ids = self.unnamed.values();
        let first = *ids.next()?;
        ids.all(|&id| id == first).then_some(first)
    }

    fn is_empty(&self) -> bool {
        self.by_function.is_empty()
    }
}

/// Whether GameMaker numbered owner ids by function (vendaval, 2.3.0): each
/// function's ids lie 0x10000 times its number above the variable's slot, so
/// ids run far past the slots of one instance kind, or two.
fn numbered_by_function(ids: impl Iterator<Item = i64>) -> bool {
    const INSTANCE_SLOTS: i64 = 100_000;
    ids.into_iter()
        .any(|id| id >= INSTANCE_SLOTS + 3 * THROUGH_OTHER)
}

/// `id` as a write through `self` names it, before 2.3.6 (later releases
/// number the kinds otherwise). GameMaker numbers an owner as
/// 0x10000 per instance kind (self, other) over the variable's slot, and the
/// slots of a game's own instance variables start at 100000; a slot past those
/// of the built-ins and below 100000, or past 100000 by more than a kind's
/// span, is a write through `other`.
fn through_self(id: i64) -> i64 {
    const INSTANCE_SLOTS: i64 = 100_000;
    let slot = id - THROUGH_OTHER;
    let other_builtin = (THROUGH_OTHER..INSTANCE_SLOTS).contains(&slot);
    let other_own = slot >= INSTANCE_SLOTS + THROUGH_OTHER;
    if other_builtin || other_own {
        id - THROUGH_OTHER
    } else {
        id
    }
}

/// The target `game` (from `releases`) is compiled for, with the choices its
/// code shows, and the owner ids of its array writes.
pub fn of_game(game: &FileView<'_>, names: &Names, releases: Range) -> (Target, Evidence) {
    let mut target = Target::new(u32::from(game.gen8.bytecode), releases.low);
    target.newest = releases.high;
    target.owner_every_write =
        crate::formats::gamemaker::gml::decompile::array_writes::names_every_owner(releases);
    settle(target, game, names)
}

/// `target` with the choices `game`'s code shows, and the owner ids of its
/// array writes. Functions name their own variables through `self` in every
/// release, so the stores through `builtin` must outnumber those through
/// `self`; so must the reads of built-in variables, which a 2.3 release between
/// 2.3.0 and 2.3.6 moved to `builtin`.
pub fn settle(mut target: Target, game: &FileView<'_>, names: &Names) -> (Target, Evidence) {
    let (mut through_builtin, mut through_self) = (0usize, 0usize);
    // Reads of built-in variables, through `builtin` and through `self`.
    let (mut builtin_reads, mut self_reads) = (0usize, 0usize);
    let mut owners = OwnerIds::default();
    // Each owned store: the function it is in, its array and the id named.
    let mut stores: Vec<(String, String, bool, i64)> = Vec::new();
    let mut calls_by_name = HashSet::new();
    let mut result_methods: HashMap<String, Option<bool>> = HashMap::new();
    let (mut pushes_references, mut functions_through_references) = (false, false);
    // Whether a `throw`'s value is dropped after it, and whether it is left.
    let mut throws = (false, false);
    let (mut checks_2d_indices, mut objects_as_instances) = (false, false);
    let mut folds_variable_hashes = false;
    let mut calls_own_statics = false;
    let mut stores_parameters_on_self = false;
    let mut with_continue_jumps = false;
    // The instance a declaration stores a script's other functions on:
    // `self`'s seen, and `builtin`'s seen.
    let mut declared_on = (false, false);
    let (mut tests_statics, mut statics_then_exit) = (false, false);
    let mut repeat_tests_count = false;
    // Whether the global's arrays, and other instances', are named by id.
    let (mut global_arrays_by_id, mut other_arrays_by_id) = (false, false);
    // Whether `argument[i]` is read on `arg`, and on `self`.
    let mut arguments_on = (false, false);
    // How an element's instance and index are copied to read it back in
    // `a[i] += v`: as one 64-bit value, and as two integers.
    let mut element_copies = (false, false);
    for entries in game.blob_entries() {
        let first = &game.code[entries[0]];
        let bytes = game.code_space.bytes(first.blob, first.length.into());
        if bytes.len() != first.length as usize {
            continue;
        }
        let instrs = names.decode(bytes, first.blob, game.code_space.endian);
        // Whether a branch goes to `at`: looked for only after a throw, which
        // few blobs hold.
        let branched_to = |at: u32| instrs.iter().any(|i| i.operand == Operand::Branch(at));
        // Which function each byte is in, to tell which a write is in: code
        // after a nested function is still its declaring function's.
        let starts: Vec<u32> = entries.iter().map(|&e| game.code[e].start).collect();
        let over: FxHashMap<u32, u32> = instrs
            .windows(2)
            .filter_map(|w| match w[0].operand {
                Operand::Branch(to) if w[0].op == op::B => Some((w[1].at, to)),
                _ => None,
            })
            .collect();
        let ranges = function_ranges(&starts, |s| over.get(&s).copied());
        let script = first.name.strip_prefix("gml_GlobalScript_");
        let with_ends: FxHashSet<u32> = instrs
            .iter()
            .filter(|i| i.op == op::POPENV)
            .map(|i| i.at)
            .collect();
        let outermost = entries.iter().min_by_key(|&&e| game.code[e].start);
        let within = |at: u32| {
            function_at(&ranges, at)
                .map(|k| entries[k])
                .or(outermost.copied())
                .map_or("", |e| &*game.code[e].name)
        };
        for (k, i) in instrs.iter().enumerate() {
            if let Operand::Call {
                callee: Callee::Chain(c),
                ..
            } = i.operand
            {
                if let Some(after) = method_of_result(&instrs[k + 1..]) {
                    let seen = result_methods
                        .entry(names.chains[c].name.clone())
                        .or_insert(Some(after));
                    if *seen != Some(after) {
                        *seen = None;
                    }
                }
            }
            let element_next = instrs.get(k + 1).is_some_and(|n| {
                n.op == op::PUSH
                    && matches!(
                        n.operand,
                        Operand::Variable {
                            kind: ARRAY_VARIABLE,
                            ..
                        }
                    )
            });
            if i.op == op::DUP && element_next {
                match (i.types[0], i.low) {
                    (LONG_TYPE, 0) => element_copies.0 = true,
                    (INT_TYPE, 1) => element_copies.1 = true,
                    _ => {}
                }
            }
            if let Some(w) = instrs.get(k..k + 4) {
                // An element named by its instance's id: the global's or
                // another's array not through `@@Global@@`, or `argument[i]`
                // on `arg` or on `self`.
                if let Some((instance, chain)) = element_by_instance(w) {
                    let argument = chain.is_some_and(|c| names.chains[c].name == "argument");
                    match instance {
                        -5 => global_arrays_by_id = true,
                        -2 => other_arrays_by_id = true,
                        ARG if argument => arguments_on.0 = true,
                        SELF if argument => arguments_on.1 = true,
                        _ => {}
                    }
                }
                repeat_tests_count |= w[0].op == op::PUSHI
                    && matches!(w[0].operand, Operand::Short(1))
                    && w[2].op == op::DUP
                    && w[3].op == op::BT;
            }
            // A `continue` to a `with`'s end, then a jump on: the jump over
            // an `else` that nothing reaches.
            with_continue_jumps |= matches!(instrs.get(k..k + 2), Some([c, j])
                if c.op == op::B && j.op == op::B
                    && matches!(c.operand, Operand::Branch(to) if with_ends.contains(&to)));
            if let Some([m, d, p, s]) = instrs.get(k..k + 4) {
                let declares = matches!(&m.operand, Operand::Call { callee: Callee::Chain(c), .. }
                    if names.chains[*c].name == "method")
                    && d.op == op::DUP
                    && p.op == op::PUSHI;
                let stored = match s.operand {
                    Operand::Variable { chain: Some(c), .. } if s.op == op::POP => {
                        Some(&names.chains[c].name)
                    }
                    _ => None,
                };
                if let (true, Some(name)) = (declares, stored) {
                    if script != Some(name.as_str()) {
                        match p.operand {
                            Operand::Short(SELF) => declared_on.0 = true,
                            Operand::Short(BUILTIN) => declared_on.1 = true,
                            _ => {}
                        }
                    }
                }
            }
            stores_parameters_on_self |= i.op == op::POP
                && matches!(i.operand, Operand::Variable { chain: Some(c), instance: SELF, .. }
                    if is_numbered_argument(&names.chains[c].name));
            calls_own_statics |= i.op == op::CALL
                && matches!(&i.operand, Operand::Call { callee: Callee::Chain(c), .. }
                    if names.chains[*c].name == "@@This@@")
                && instrs.get(k + 1).is_some_and(|n| {
                    n.op == op::PUSH
                        && matches!(
                            n.operand,
                            Operand::Variable {
                                instance: STATIC,
                                ..
                            }
                        )
                });
            statics_then_exit |= matches!(
                i.operand,
                Operand::Break {
                    signal: SETSTATIC,
                    ..
                }
            ) && instrs.get(k + 1).is_some_and(|n| n.op == op::EXIT);
            match i.operand {
                Operand::Break {
                    signal: ISSTATICOK, ..
                } => tests_statics = true,
                Operand::Break {
                    signal: CHKINDEX, ..
                } => {
                    checks_2d_indices |= instrs.get(k + 1).is_some_and(|n| {
                        n.op == op::PUSH && matches!(n.operand, Operand::Int(32000))
                    });
                }
                Operand::Call {
                    callee: Callee::String(_),
                    ..
                } => {
                    calls_by_name.insert(within(i.at).to_string());
                }
                Operand::Call {
                    callee: Callee::Chain(c),
                    ..
                } if names.chains[c].name == "@@throw@@" => match instrs.get(k + 1) {
                    // A `popz.v` branched to drops another value: a switch's
                    // whose last case throws (JaconAndEggs/Ooo-Kaizo).
                    Some(n) if n.op == op::POPZ => throws.0 |= !branched_to(n.at),
                    _ => throws.1 = true,
                },
                Operand::Break {
                    signal: PUSHREF, ..
                } => pushes_references = true,
                Operand::Reference { chain } if i.op == op::PUSH && !names.chains[chain].call => {
                    folds_variable_hashes = true;
                }
                Operand::Reference { .. } if i.op == op::BREAK => {
                    pushes_references = true;
                    functions_through_references = true;
                }
                Operand::Variable {
                    instance: 0..,
                    kind: INSTANCE_VARIABLE,
                    ..
                } => objects_as_instances = true,
                Operand::Variable { instance, .. } if i.op == op::PUSHBLTN => match instance {
                    BUILTIN => builtin_reads += 1,
                    SELF => self_reads += 1,
                    _ => {}
                },
                _ => {}
            }
        }
        let (named, unnamed) = owned_stores(&instrs, names);
        for (at, id) in unnamed {
            owners.unnamed.entry(within(at).to_string()).or_insert(id);
        }
        stores.extend(named.into_iter().map(|(at, chain, element, id)| {
            (
                within(at).to_string(),
                names.chains[chain].name.clone(),
                element,
                id,
            )
        }));
        // Only code outside functions shows how an event names its instance's
        // variables; object variables (`PreCreate`) always name `self`.
        if entries.len() > 1 || is_pre_create(&first.name) {
            continue;
        }
        for i in &instrs {
            if let Operand::Variable {
                chain: Some(c),
                instance,
                kind: PLAIN_VARIABLE,
            } = i.operand
            {
                if i.op == op::POP && builtins::variable(&names.chains[c].name).is_none() {
                    match instance {
                        BUILTIN => through_builtin += 1,
                        SELF => through_self += 1,
                        _ => {}
                    }
                }
            }
        }
    }
    // A game of a release with typed references whose code pushes none was
    // built without them (an option of the game's).
    target.typed_references &= pushes_references;
    target.functions_through_references = functions_through_references;
    target.throw_drops_value = !matches!(throws, (false, true));
    target.checks_2d_indices = checks_2d_indices;
    target.folds_variable_hashes |= folds_variable_hashes;
    // Later bytecode names a room's instance by its id with that kind.
    target.objects_as_instances = objects_as_instances && target.bytecode_14();
    target.instances_as_kind = objects_as_instances;
    target.calls_own_statics |= calls_own_statics;
    target.compound_parameters_on_self = stores_parameters_on_self && target.functions();
    target.with_continue_jumps_over_else = with_continue_jumps;
    match declared_on {
        (true, false) => target.function_variables_through_self = true,
        (false, true) => target.function_variables_through_self = false,
        _ => {}
    }
    if builtin_reads + self_reads > 0 {
        target.builtin_instance = builtin_reads > self_reads;
    }
    if through_builtin + through_self > 0 {
        target.self_through_builtin = through_builtin > through_self;
    }
    let by_kind = target.owner_every_write
        && !numbered_by_function(
            stores
                .iter()
                .map(|s| s.3)
                .chain(owners.unnamed.values().copied()),
        );
    for (function, array, element, id) in &stores {
        owners.insert(function, array, *element, *id, by_kind);
    }
    target.array_owners = !owners.is_empty();
    // A `repeat` counting down with `pushi.e 1` and testing the count itself
    // shows in games whose chunks say before 2024.6.
    target.repeat_tests_count |= repeat_tests_count;
    // Some 2.3 releases end every function by marking its statics set, and
    // never test them.
    target.functions_end_setting_statics = statics_then_exit && !tests_statics;
    // Constructors mark their statics set (`@@SetStatic@@`) from 2024.11: a game
    // whose code calls it is from then on, whatever its chunks could not tell.
    let set_static = names
        .chains
        .iter()
        .any(|c| c.call && c.name == "@@SetStatic@@");
    let calls = |f: &str| names.chains.iter().any(|c| c.call && c.name == f);
    target.global_arrays_through_stack &= calls("@@Global@@") || !global_arrays_by_id;
    target.other_arrays_through_stack &= calls("@@Other@@") || !other_arrays_by_id;
    match element_copies {
        (true, false) => target.element_copied_whole = true,
        (false, true) => target.element_copied_whole = false,
        _ => {}
    }
    // Games the chunks put in 2.3 read `argument[i]` on `arg` too.
    match arguments_on {
        (true, false) => target.argument_array_on_arg = true,
        (false, true) => target.argument_array_on_arg = false,
        _ => {}
    }
    target.array_get_in_accessors = names
        .chains
        .iter()
        .any(|c| c.call && c.name == "@@array_get@@");
    target.object_methods_through_get_instance = names
        .chains
        .iter()
        .any(|c| c.call && c.name == "@@GetInstance@@");
    if set_static && target.release < Version::V2024_11 {
        target.release = Version::V2024_11;
    }
    let evidence = Evidence {
        owners,
        calls_by_name,
        result_methods: result_methods
            .into_iter()
            .filter_map(|(f, after)| Some((f, after?)))
            .collect(),
    };
    (target, evidence)
}

/// `pushi.e N`, then within the next three instructions an array element: the
/// instance id `N` the element is named on, and the element's variable.
fn element_by_instance(w: &[Instr]) -> Option<(i16, Option<usize>)> {
    let first = w.first().filter(|i| i.op == op::PUSHI)?;
    let Operand::Short(instance) = first.operand else {
        return None;
    };
    w[1..].iter().find_map(|i| match i.operand {
        Operand::Variable {
            chain,
            kind: ARRAY_VARIABLE,
            ..
        } => Some((instance, chain)),
        _ => None,
    })
}

/// What a game's code shows of how GameMaker compiled each entry.
#[derive(Debug, Default, Clone)]
pub struct Evidence {
    /// The owner ids of its array writes.
    pub owners: OwnerIds,
    /// The code entries whose calls GameMaker named by their string, off the
    /// FUNC chains (some entries of 2024 games, for no reason the file tells).
    pub calls_by_name: HashSet<String>,
    /// How a method of what each function returns is called, where the game's
    /// code shows one way only: with its arguments pushed before the call
    /// (`true`) or after it (teammio/rcr_wasm, 2024.14, calls
    /// `CleanRectangle(…).Rounding(_r)` the one way and
    /// `ds_list_find_value(l, i).SetPitch(a)` the other).
    pub result_methods: HashMap<String, bool>,
}

/// How the code after a call uses its result, where it calls a method of it:
/// read on the instance on top after the method's arguments (`dup.v 0;
/// pushi.e -9; push.v [stacktop]…`), or with as many values pushed after it as
/// the method takes, swapped under them (`dup.v 0x88NN; dup.v 0; push.v
/// stacktop.…`).
fn method_of_result(after: &[Instr]) -> Option<bool> {
    let method_read = |i: &Instr| i.op == op::PUSH && matches!(i.operand, Operand::Variable { .. });
    let called = |i: Option<&Instr>| i.is_some_and(|c| c.op == op::CALLV);
    if let [d, p, m, rest @ ..] = after {
        if d.op == op::DUP
            && d.low == 0
            && p.op == op::PUSHI
            && method_read(m)
            && called(rest.first())
        {
            return Some(true);
        }
    }
    // A value pushed alone: a constant, or a variable that takes nothing from
    // the stack.
    let alone = |i: &Instr| match i.operand {
        Operand::Variable { kind, .. } => kind != ARRAY_VARIABLE && kind != STACKTOP_VARIABLE,
        _ => matches!(i.op, op::PUSH | op::PUSHI | op::CONV),
    };
    let swap = after.iter().position(|i| !alone(i))?;
    let pushed = after[..swap].iter().filter(|i| i.op != op::CONV).count();
    match &after[swap..] {
        [d, z, m, rest @ ..]
            if d.op == op::DUP
                && d.low & 0x8800 == 0x8800
                && usize::from(d.low & 0xff) == pushed
                && z.op == op::DUP
                && z.low == 0
                && method_read(m)
                && called(rest.first()) =>
        {
            Some(false)
        }
        _ => None,
    }
}

/// What [`owned_stores`] finds: the named stores, as (offset, VARI chain,
/// whether an element is written, owner id), and the owners named for no
/// variable, as (offset, owner id).
type Owned = (Vec<(u32, usize, bool, i64)>, Vec<(u32, i64)>);

/// The stores a `setowner` was named for, as (offset, VARI chain, whether an
/// element is written, owner id), and
/// the owners named for no variable's store, as (offset, owner id): the
/// next write of an element (a `pop` of an element, or an `arraypopaf` push and its
/// `popaf`), or a plain `pop` of an array literal. A plain `pop` of another
/// call's result names no variable's owner (`a = array_create(n)`), and one of
/// anything else is a store inside the value (`a[i++] = v` stores `i` first).
fn owned_stores(instrs: &[Instr], names: &Names) -> Owned {
    let mut found = Vec::new();
    let mut unnamed = Vec::new();
    // The last owner named, and where, not yet taken by a store.
    let mut pending: Option<(u32, i64)> = None;
    let mut pop_after: Option<usize> = None;
    // Whether a literal was made since the last owner was named.
    let mut made_since = false;
    let is_new_array = |callee: Callee| matches!(callee, Callee::Chain(f) if names.chains[f].name == "@@NewGMLArray@@");
    for (k, i) in instrs.iter().enumerate() {
        let before = k.checked_sub(1).map(|p| &instrs[p]);
        match i.operand {
            Operand::Break {
                signal: SETOWNER, ..
            } => {
                // One named before, for no variable's store.
                unnamed.extend(pending);
                made_since = false;
                pending = before.and_then(|p| match p.operand {
                    Operand::Int(n) => Some((i.at, i64::from(n))),
                    Operand::Short(n) => Some((i.at, i64::from(n))),
                    _ => None,
                });
                pop_after = None;
            }
            Operand::Variable {
                chain: Some(c),
                kind: ARRAY_POP_VARIABLE,
                ..
            } if pending.is_some() => pop_after = Some(c),
            Operand::Call { callee, .. } if is_new_array(callee) => made_since = pending.is_some(),
            // A function's end: what its last call set was nobody's, and no
            // store after it is (the declaration a script stores the function
            // by, in SekaLudianto/tebak-lagu's `ext_Array1D__`).
            _ if matches!(i.op, op::EXIT | op::RET) => {
                unnamed.extend(pending.take());
                pop_after = None;
            }
            Operand::Break { signal: POPAF, .. } => {
                if let (Some((_, id)), Some(c)) = (pending, pop_after.take()) {
                    found.push((i.at, c, true, id));
                    pending = None;
                }
            }
            Operand::Variable {
                chain: Some(c),
                kind,
                ..
            } if i.op == op::POP => {
                // A ternary's arms end in their own values, one of them
                // a literal made since the owner was named.
                let made = before
                    .and_then(|p| match p.operand {
                        Operand::Call { callee, .. } => Some(is_new_array(callee)),
                        _ => None,
                    })
                    .or(made_since.then_some(true));
                if kind != PLAIN_VARIABLE || made.is_some() {
                    if let Some((named_at, id)) = pending.take() {
                        if kind != PLAIN_VARIABLE || made == Some(true) {
                            found.push((i.at, c, kind != PLAIN_VARIABLE, id));
                        } else {
                            // Where it was named: the store may be the
                            // declaring function's, after a nested one.
                            unnamed.push((named_at, id));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    // The last one named for no store: before a call that sets an array.
    unnamed.extend(pending);
    (found, unnamed)
}

/// Whether code entry `name` sets an object's or a room instance's variables,
/// which GameMaker compiles as a function of the instance.
pub fn is_pre_create(name: &str) -> bool {
    name.ends_with("_PreCreate_0") || name.ends_with("_PreCreate")
}

#[cfg(test)]
mod tests {
    use super::OwnerIds;

    #[test]
    fn a_new_array_of_a_function_naming_one_owner_is_owned_by_it() {
        let mut ids = OwnerIds::default();
        ids.insert("gml_Script_tween", "_t", true, 9_306_106, false);
        ids.insert("gml_Script_two", "a", true, 65_536, false);
        ids.insert("gml_Script_two", "b", true, 131_072, false);
        // tebak-lagu's `_property[0] = …` after its `_t[…] = …` names no owner.
        assert_eq!(
            ids.get("gml_Script_tween", "_property", true),
            Some(9_306_106)
        );
        // A function naming two owners says nothing of a third array.
        assert_eq!(ids.get("gml_Script_two", "c", true), None);
        assert_eq!(ids.get("gml_Script_two", "b", true), Some(131_072));
        assert_eq!(ids.get("gml_Script_other", "_t", true), Some(9_306_106));
    }

    #[test]
    fn a_literal_stored_whole_and_an_element_written_keep_their_own_ids() {
        let mut ids = OwnerIds::default();
        // tebak-lagu's `temp_ar = []`, then `temp_ar[0] = argument[1]`.
        ids.insert("gml_Script_array_push", "temp_ar", false, 1_607_345, false);
        ids.insert("gml_Script_array_push", "temp_ar", true, 1_507_322, false);
        assert_eq!(
            ids.get("gml_Script_array_push", "temp_ar", false),
            Some(1_607_345)
        );
        assert_eq!(
            ids.get("gml_Script_array_push", "temp_ar", true),
            Some(1_507_322)
        );
    }
}
