//! The bytecode's vocabulary, shared by the disassembler (`code`) and the assembler
//! (`asm`): opcode mnemonics, operand types, comparison kinds, instance names and
//! variable kinds, each with its inverse where text is read back.

/// Bytecode 13/14 opcodes as the later ones, with the comparison kind of the six
/// comparison opcodes that `cmp` replaced.
pub fn from_v14(op: u8) -> Option<(u8, Option<u8>)> {
    Some(match op {
        0x03..=0x10 => (op + 4, None),
        0x11..=0x16 => (0x15, Some(op - 0x10)),
        0x41 => (0x45, None),
        0x82 => (0x86, None),
        0x9d..=0x9f => (op - 1, None),
        0xb7..=0xb9 | 0xbb | 0xbc => (op - 1, None),
        0xc0 | 0xff => (op, None),
        0xda => (0xd9, None),
        _ => return None,
    })
}

/// The inverse of [`from_v14`]: a later instruction word with the bytecode 13/14
/// opcode in its top byte, a comparison's kind (byte 1) taken into its opcode and
/// cleared, and a branch back's offset signed in all 24 bits, as those releases
/// store it. `None` for an instruction those releases do not have.
pub fn to_v14(word: u32) -> Option<u32> {
    let op = (word >> 24) as u8;
    let (old, word) = match op {
        op::CMP => {
            let kind = (word >> 8) as u8;
            if !(1..=6).contains(&kind) {
                return None;
            }
            (0x10 + kind, word & 0xffff_00ff)
        }
        0x07..=0x14 => (op - 4, word),
        op::POP => (0x41, word),
        op::DUP => (0x82, word),
        0xb6..=0xb8 | 0xba | 0xbb if word & 0x0040_0000 != 0 => (op + 1, word | 0x0080_0000),
        0x9c..=0x9e | 0xb6..=0xb8 | 0xba | 0xbb => (op + 1, word),
        op::PUSH | op::BREAK => (op, word),
        op::CALL => (0xda, word),
        _ => return None,
    };
    Some((word & 0x00ff_ffff) | u32::from(old) << 24)
}

/// Opcodes by name, in the later numbering (bytecode 15 on; see [`from_v14`]).
#[allow(missing_docs)]
pub mod op {
    pub const CONV: u8 = 0x07;
    pub const MUL: u8 = 0x08;
    pub const DIV: u8 = 0x09;
    pub const REM: u8 = 0x0a;
    pub const MOD: u8 = 0x0b;
    pub const ADD: u8 = 0x0c;
    pub const SUB: u8 = 0x0d;
    pub const AND: u8 = 0x0e;
    pub const OR: u8 = 0x0f;
    pub const XOR: u8 = 0x10;
    pub const NEG: u8 = 0x11;
    pub const NOT: u8 = 0x12;
    pub const SHL: u8 = 0x13;
    pub const SHR: u8 = 0x14;
    pub const CMP: u8 = 0x15;
    pub const POP: u8 = 0x45;
    pub const PUSHI: u8 = 0x84;
    pub const DUP: u8 = 0x86;
    pub const CALLV: u8 = 0x99;
    pub const RET: u8 = 0x9c;
    pub const EXIT: u8 = 0x9d;
    pub const POPZ: u8 = 0x9e;
    pub const B: u8 = 0xb6;
    pub const BT: u8 = 0xb7;
    pub const BF: u8 = 0xb8;
    pub const PUSHENV: u8 = 0xba;
    pub const POPENV: u8 = 0xbb;
    pub const PUSH: u8 = 0xc0;
    pub const PUSHLOC: u8 = 0xc1;
    pub const PUSHGLB: u8 = 0xc2;
    pub const PUSHBLTN: u8 = 0xc3;
    pub const CALL: u8 = 0xd9;
    /// Extended ops; from 2023 one pushes a reference to a function or variable.
    pub const BREAK: u8 = 0xff;
}

pub const TYPES: [&str; 16] = [
    "d", "f", "i", "l", "b", "v", "s", "inst", "?8", "?9", "?a", "?b", "?c", "?d", "?e", "e",
];

/// Each opcode and its mnemonic.
const OPCODES: [(u8, &str); 33] = [
    (0x07, "conv"),
    (0x08, "mul"),
    (0x09, "div"),
    (0x0a, "rem"),
    (0x0b, "mod"),
    (0x0c, "add"),
    (0x0d, "sub"),
    (0x0e, "and"),
    (0x0f, "or"),
    (0x10, "xor"),
    (0x11, "neg"),
    (0x12, "not"),
    (0x13, "shl"),
    (0x14, "shr"),
    (0x15, "cmp"),
    (0x45, "pop"),
    (0x84, "pushi"),
    (0x86, "dup"),
    (0x99, "callv"),
    (0x9c, "ret"),
    (0x9d, "exit"),
    (0x9e, "popz"),
    (0xb6, "b"),
    (0xb7, "bt"),
    (0xb8, "bf"),
    (0xba, "pushenv"),
    (0xbb, "popenv"),
    (0xc0, "push"),
    (0xc1, "pushloc"),
    (0xc2, "pushglb"),
    (0xc3, "pushbltn"),
    (0xd9, "call"),
    (0xff, "break"),
];

/// The mnemonic of opcode `op`.
pub fn mnemonic(op: u8) -> Option<&'static str> {
    OPCODES.iter().find(|(o, _)| *o == op).map(|(_, m)| *m)
}

/// The opcode of mnemonic `m`.
pub fn opcode(m: &str) -> Option<u8> {
    OPCODES.iter().find(|(_, name)| *name == m).map(|(o, _)| *o)
}

/// The instance field's special values, by name.
#[allow(missing_docs)]
pub mod instance {
    pub const SELF: i16 = -1;
    pub const OTHER: i16 = -2;
    pub const GLOBAL: i16 = -5;
    pub const BUILTIN: i16 = -6;
    pub const LOCAL: i16 = -7;
    pub const STACKTOP: i16 = -9;
    pub const STATIC: i16 = -16;
}

/// The instance field's special values and the names the disassembly gives them;
/// any other value is an object index, written `objectN`.
const INSTANCES: [(i16, &str); 10] = [
    (-1, "self"),
    (-2, "other"),
    (-3, "all"),
    (-4, "noone"),
    (-5, "global"),
    (-6, "builtin"),
    (-7, "local"),
    (-9, "stacktop"),
    (-15, "arg"),
    (-16, "static"),
];

/// The name the disassembly gives instance field `kind`.
pub fn instance_name(kind: i16) -> String {
    match INSTANCES.iter().find(|(k, _)| *k == kind) {
        Some((_, name)) => name.to_string(),
        None => format!("object{kind}"),
    }
}

/// How a variable operand reads its variable, in the top 5 bits of the operand word
/// (the other 27 link the occurrence chain). Plain reads and writes (0xa0) are
/// written without a prefix.
pub const VARIABLE_KINDS: [(u8, &str); 5] = [
    (0x00, "array"),
    (0x80, "stacktop"),
    (0xe0, "instance"),
    (0x10, "arraypushaf"),
    (0x90, "arraypopaf"),
];

/// The plain variable kind.
pub const PLAIN_VARIABLE: u8 = 0xa0;
/// The kind of a variable of the instance on the stack (`[stacktop]`).
pub const STACKTOP_VARIABLE: u8 = 0x80;
/// The kind of an array's element (`[array]`).
pub const ARRAY_VARIABLE: u8 = 0x00;
/// The kinds of an array read (`[arraypushaf]`) and written (`[arraypopaf]`)
/// as a value, its elements arrays themselves.
pub const ARRAY_PUSH_VARIABLE: u8 = 0x10;
pub const ARRAY_POP_VARIABLE: u8 = 0x90;
/// The kind of a variable of an instance named by its number (`[instance]`),
/// or in bytecode 14 of an object named by its index.
pub const INSTANCE_VARIABLE: u8 = 0xe0;

/// The indices in [`TYPES`] of `i` and `l`.
pub const INT_TYPE: u8 = 2;
pub const LONG_TYPE: u8 = 3;

/// A variable operand of kind `kind` (its top 5 bits) as text:
/// `[kind]instance.name`, no prefix for a plain one.
pub fn variable(kind: u8, instance_field: u16, name: &str) -> String {
    let prefix = match VARIABLE_KINDS.iter().find(|(k, _)| *k == kind) {
        _ if kind == PLAIN_VARIABLE => String::new(),
        Some((_, n)) => format!("[{n}]"),
        None => format!("[{kind:#04x}]"),
    };
    format!("{prefix}{}.{name}", instance_name(instance_field as i16))
}

/// The kind a `[kind]` prefix names, and the rest of the operand.
pub fn variable_kind(operand: &str) -> Option<(u8, &str)> {
    let Some(rest) = operand.strip_prefix('[') else {
        return Some((PLAIN_VARIABLE, operand));
    };
    let (kind, rest) = rest.split_once(']')?;
    let code = match VARIABLE_KINDS.iter().find(|(_, n)| *n == kind) {
        Some((k, _)) => *k,
        None => u8::from_str_radix(kind.strip_prefix("0x")?, 16).ok()?,
    };
    Some((code, rest))
}

/// The inverse of the instance names the disassembly writes.
pub fn instance_code(name: &str) -> Option<i16> {
    match INSTANCES.iter().find(|(_, n)| *n == name) {
        Some((k, _)) => Some(*k),
        None => name.strip_prefix("object")?.parse().ok(),
    }
}

/// Comparison kinds of `cmp`, by their code.
pub const COMPARISONS: [&str; 7] = ["?", "lt", "le", "eq", "ne", "ge", "gt"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bytecode_14_opcode_goes_back_to_its_own_number() {
        for old in (0..=255u8).filter(|&op| from_v14(op).is_some()) {
            let stored = u32::from(old) << 24 | 0x0012_0007;
            let (new, kind) = from_v14(old).unwrap();
            let later = (stored & 0x00ff_ffff) | u32::from(new) << 24;
            let later = kind.map_or(later, |k| (later & 0xffff_00ff) | u32::from(k) << 8);
            assert_eq!(to_v14(later), Some(stored), "opcode {old:#04x}");
        }
        assert_eq!(to_v14(u32::from(op::PUSHLOC) << 24), None);
        // `popenv` back 9 words.
        assert_eq!(to_v14(0xbb7f_fff7), Some(0xbcff_fff7));
    }
}
