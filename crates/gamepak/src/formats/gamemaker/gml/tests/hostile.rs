//! Bytecode no compiler writes, as a hostile file may hold it: nesting thousands
//! deep, expressions thousands of operators long, `dup` of a `dup`. Each is refused
//! with its place, on whatever stack the caller has, and real depths still read.

use crate::formats::gamemaker::gml::decompile::from_assembly::decompile_assembly;
use crate::formats::gamemaker::gml::language::parse::MAX_DEPTH;

/// `n` ifs, one inside the other.
fn ifs(n: usize) -> String {
    let mut asm = String::new();
    for k in 0..n {
        asm += &format!("pushi.e 1\nconv.i.b\nbf E{k}\n");
    }
    asm += "call.i event_inherited(argc=0)\npopz.v\n";
    for k in (0..n).rev() {
        asm += &format!("E{k}:\n");
    }
    asm
}

/// `n` while loops, one inside the other.
fn whiles(n: usize) -> String {
    let mut asm = String::new();
    for k in 0..n {
        asm += &format!("H{k}:\npushi.e 1\nconv.i.b\nbf E{k}\n");
    }
    asm += "call.i event_inherited(argc=0)\npopz.v\n";
    for k in (0..n).rev() {
        asm += &format!("b H{k}\nE{k}:\n");
    }
    asm
}

/// `n` with statements, one inside the other.
fn withs(n: usize) -> String {
    let mut asm = String::new();
    for k in 0..n {
        asm += &format!("pushi.e -1\npushenv P{k}\nB{k}:\n");
    }
    asm += "call.i event_inherited(argc=0)\npopz.v\n";
    for k in (0..n).rev() {
        asm += &format!("P{k}:\npopenv B{k}\n");
    }
    asm
}

/// `x = 1 + 1 + …`, `n` additions long.
fn sum(n: usize) -> String {
    "pushi.e 1\n".to_string() + &"pushi.e 1\nadd.i.i\n".repeat(n) + "pop.v.i self.x\n"
}

/// A value added to itself `n` times over, through `dup`: 2^n parts if copied.
fn doubled(n: usize) -> String {
    "pushi.e 1\n".to_string() + &"dup.i 0\nadd.i.i\n".repeat(n) + "pop.v.i self.x\n"
}

/// The first entry of `asm` decompiled on a thread with a small stack: the
/// decompiler's passes must not run on it. The error's reason, if refused.
fn refusal(asm: String) -> Option<String> {
    let small = std::thread::Builder::new().stack_size(256 << 10);
    let body = small
        .spawn(move || {
            let entries = decompile_assembly(&asm).expect("assembles");
            entries.into_iter().next().expect("an entry").body
        })
        .unwrap()
        .join()
        .expect("no overflow");
    body.err().map(|stuck| stuck.why)
}

#[test]
fn nesting_past_the_limit_is_refused_for_every_construct() {
    let too_deep = format!("nested more than {MAX_DEPTH} deep");
    for (shape, asm) in [
        ("ifs", ifs(5000)),
        ("whiles", whiles(3000)),
        ("withs", withs(3000)),
        ("a sum", sum(100_000)),
    ] {
        let why = refusal(asm).unwrap_or_else(|| panic!("{shape}: read"));
        assert!(why.contains(&too_deep), "{shape}: {why}");
    }
}

#[test]
fn nesting_within_the_limit_reads() {
    for (shape, asm) in [
        ("ifs", ifs(100)),
        ("whiles", whiles(100)),
        ("withs", withs(100)),
        ("a sum", sum(200)),
    ] {
        assert_eq!(refusal(asm), None, "{shape}");
    }
}

#[test]
fn copies_of_copies_are_refused_before_they_grow() {
    let why = refusal(doubled(40)).expect("refused");
    assert!(why.contains("copies more than"), "{why}");
    assert_eq!(refusal(doubled(4)), None);
}
