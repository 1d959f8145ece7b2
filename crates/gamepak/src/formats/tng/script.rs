//! Script bytecode: a disassembler to text and an assembler from the same text.
//!
//! One instruction per line: the mnemonic, then its operands. Jump targets that land
//! on an instruction (or on the end) get a label line `L<address>:` and are written
//! as that label; any other target stays a number. References through the string
//! section (attributes, maps, music, sounds, speech, choosers, cutscenes, dialogs,
//! crafting rules, quests) are written as the JSON-quoted string when one starts
//! there, else as the number; sprites as `category/index`; commands by name.
//! The assembler takes labels or numbers, strings or numbers, and adds a string the
//! section lacks.

use std::collections::{BTreeSet, HashMap};

use super::names::{parse_sprite, sprite_text};
use super::strings::{StringTable, StringsBuilder};
use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq)]
enum Arg {
    /// 1-byte number (local variable, count, constant).
    Byte,
    /// 2-byte number (object sprite index, constant).
    Word,
    /// 3-byte constant.
    Int24,
    /// 4-byte constant, shown signed.
    Int32,
    /// 3-byte address in the bytecode.
    Addr,
    /// 1-byte count, then that many addresses.
    Cases,
    /// 1-byte command function.
    Cmd,
    /// 3-byte string offset.
    Str,
    /// 3-byte translatable text index.
    Text,
    /// 1-byte category, 2-byte index.
    Sprite,
}

use Arg::*;

/// Opcodes 0-51: mnemonic and operands.
const OPCODES: [(&str, &[Arg]); 52] = [
    ("END", &[]),
    ("SWITCH", &[Cases]),
    ("JMP", &[Addr]),
    ("JZ", &[Addr]),
    ("FNC0", &[Cmd]),
    ("FNC1", &[Cmd]),
    ("FNC2", &[Cmd]),
    ("FNC3", &[Cmd]),
    ("CNT0", &[]),
    ("CNT1", &[Word]),
    ("SUM", &[Str]),
    ("CNTO0", &[]),
    ("CNTO1", &[Word]),
    ("SUMO", &[Str]),
    ("RND", &[Int32]),
    ("MIN", &[Byte]),
    ("MAX", &[Byte]),
    ("ADD", &[]),
    ("SUB", &[]),
    ("MUL", &[]),
    ("DIV", &[]),
    ("MOD", &[]),
    ("EQ", &[]),
    ("NE", &[]),
    ("GE", &[]),
    ("GT", &[]),
    ("LE", &[]),
    ("LT", &[]),
    ("NOT", &[]),
    ("OR", &[]),
    ("AND", &[]),
    ("POP", &[Byte]),
    ("POPA", &[Str]),
    ("POPO", &[Str]),
    ("PUSH", &[Byte]),
    ("PUSHA", &[Str]),
    ("PUSHO", &[Str]),
    ("PUSH8", &[Byte]),
    ("PUSH16", &[Word]),
    ("PUSH24", &[Int24]),
    ("PUSH32", &[Int32]),
    ("PUSHMAP", &[Str, Word, Word]),
    ("PUSHSPR", &[Sprite]),
    ("PUSHMUS", &[Str]),
    ("PUSHSND", &[Str]),
    ("PUSHSPC", &[Str]),
    ("PUSHCHR", &[Str]),
    ("PUSHCUT", &[Str]),
    ("PUSHDLG", &[Str]),
    ("PUSHCFT", &[Str]),
    ("PUSHQST", &[Str]),
    ("PUSHTXT", &[Text]),
];

/// Command functions 0-43 (0-4 are reserved).
pub const COMMANDS: [&str; 44] = [
    "reserved0",
    "reserved1",
    "reserved2",
    "reserved3",
    "reserved4",
    "exit",
    "delay",
    "music",
    "sound",
    "speak",
    "chooser",
    "cutscn",
    "dialog",
    "location",
    "quest",
    "canim",
    "oanim",
    "npc",
    "actor",
    "behave",
    "market",
    "south",
    "southwest",
    "west",
    "northwest",
    "north",
    "northeast",
    "east",
    "southeast",
    "remove",
    "drop",
    "delete",
    "add",
    "replace",
    "give",
    "take",
    "event",
    "transport",
    "scene",
    "waitnpc",
    "craft",
    "match",
    "alert",
    "altitude",
];

/// One decoded operand.
enum Val {
    Num(i64),
    Addrs(Vec<u32>),
}

/// One decoded instruction: its address, opcode and operands.
type Instr = (u32, u8, Vec<Val>);

/// Decodes every instruction of `code`, and the addresses its jumps name.
fn decode(code: &[u8], path: &str, base: u64) -> Result<(Vec<Instr>, BTreeSet<u32>)> {
    let mut pos = 0usize;
    let mut decoded = Vec::new();
    let mut targets = BTreeSet::new();
    while pos < code.len() {
        let at = pos;
        let op = code[pos];
        let (name, args) = OPCODES.get(op as usize).ok_or_else(|| {
            Error::invalid(
                path,
                base + at as u64,
                format!("unknown opcode {op} at bytecode offset {at}"),
            )
        })?;
        pos += 1;
        let mut vals = Vec::new();
        for arg in *args {
            let mut take = |n: usize| -> Result<u32> {
                let b = code.get(pos..pos + n).ok_or_else(|| {
                    Error::invalid(
                        path,
                        base + at as u64,
                        format!("{name} at bytecode offset {at} is cut short"),
                    )
                })?;
                pos += n;
                Ok(b.iter().rev().fold(0u32, |v, &x| v << 8 | u32::from(x)))
            };
            vals.push(match arg {
                Byte | Cmd => Val::Num(take(1)?.into()),
                Word => Val::Num(take(2)?.into()),
                Int24 | Str | Text => Val::Num(take(3)?.into()),
                Int32 => Val::Num(i64::from(take(4)? as i32)),
                Sprite => {
                    let c = take(1)?;
                    Val::Num(i64::from(c) << 16 | i64::from(take(2)?))
                }
                Addr => Val::Addrs(vec![take(3)?]),
                Cases => {
                    let n = take(1)?;
                    Val::Addrs((0..n).map(|_| take(3)).collect::<Result<_>>()?)
                }
            });
        }
        for v in &vals {
            if let Val::Addrs(a) = v {
                targets.extend(a);
            }
        }
        decoded.push((at as u32, op, vals));
    }
    Ok((decoded, targets))
}

/// Decodes `code` to text; `path` and `base` (the absolute offset of its first byte)
/// place errors. Unknown opcodes and cut instructions are errors.
pub fn disassemble(
    code: &[u8],
    strings: &StringTable,
    path: &str,
    base: u64,
) -> Result<Vec<String>> {
    let (decoded, targets) = decode(code, path, base)?;
    let starts: BTreeSet<u32> = decoded
        .iter()
        .map(|(a, _, _)| *a)
        .chain([code.len() as u32])
        .collect();
    let label = |a: u32| {
        if starts.contains(&a) {
            format!("L{a}")
        } else {
            a.to_string()
        }
    };
    let mut lines = Vec::new();
    for (at, op, vals) in &decoded {
        if targets.contains(at) {
            lines.push(format!("L{at}:"));
        }
        let (name, args) = OPCODES[*op as usize];
        let mut line = name.to_string();
        for (arg, val) in args.iter().zip(vals) {
            let text = match (arg, val) {
                (_, Val::Addrs(a)) => a.iter().map(|&a| label(a)).collect::<Vec<_>>().join(" "),
                (Cmd, Val::Num(n)) => COMMANDS
                    .get(*n as usize)
                    .map_or_else(|| n.to_string(), |c| c.to_string()),
                (Str, Val::Num(n)) => string_text(strings, *n as u32),
                (Sprite, Val::Num(n)) => sprite_text((n >> 16) as u8, *n as u16),
                (_, Val::Num(n)) => n.to_string(),
            };
            if !text.is_empty() {
                line.push(' ');
                line.push_str(&text);
            }
        }
        lines.push(line);
    }
    if targets.contains(&(code.len() as u32)) {
        lines.push(format!("L{}:", code.len()));
    }
    Ok(lines)
}

/// A string reference as script text: the quoted name, or the number.
fn string_text(strings: &StringTable, offset: u32) -> String {
    match strings.name(offset) {
        Some(s) => serde_json::Value::from(s).to_string(),
        None => offset.to_string(),
    }
}

/// The highest command function `code` calls, if it decodes and calls any.
pub fn max_command(code: &[u8]) -> Option<u8> {
    let (decoded, _) = decode(code, "", 0).ok()?;
    decoded
        .iter()
        .filter(|(_, op, _)| (4..=7).contains(op))
        .filter_map(|(_, _, vals)| match vals.first() {
            Some(Val::Num(n)) => Some(*n as u8),
            _ => None,
        })
        .max()
}

/// Assembles script text. `path` names the script in errors, with the line number.
pub fn assemble(lines: &[String], strings: &mut StringsBuilder, path: &str) -> Result<Vec<u8>> {
    let mut labels: HashMap<&str, u32> = HashMap::new();
    let mut parsed = Vec::new();
    let mut size = 0u32;
    for (n, line) in lines.iter().enumerate() {
        let err = |msg: String| Error::at(format!("{path}: line {}", n + 1), msg);
        let line = line.trim();
        if line.is_empty() || line.starts_with(';') {
            continue;
        }
        if let Some(l) = line.strip_suffix(':') {
            if labels.insert(l, size).is_some() {
                return Err(err(format!("label {l} is defined twice")));
            }
            continue;
        }
        let tokens = tokenize(line).map_err(err)?;
        let (mnemonic, ops) = tokens
            .split_first()
            .ok_or_else(|| err("empty line".into()))?;
        let op = OPCODES
            .iter()
            .position(|(m, _)| m.eq_ignore_ascii_case(mnemonic))
            .ok_or_else(|| err(format!("unknown mnemonic {mnemonic}")))?;
        let args = OPCODES[op].1;
        let fixed = args.iter().filter(|a| **a != Cases).count();
        let ok = if args == [Cases] {
            ops.len() <= 255
        } else {
            ops.len() == fixed
        };
        if !ok {
            return Err(err(format!(
                "{mnemonic} takes {} operands, not {}",
                fixed,
                ops.len()
            )));
        }
        size += 1 + args
            .iter()
            .map(|a| match a {
                Byte | Cmd => 1,
                Word => 2,
                Int24 | Str | Text | Addr | Sprite => 3,
                Int32 => 4,
                Cases => 1 + 3 * ops.len() as u32,
            })
            .sum::<u32>();
        parsed.push((n, op, ops.to_vec()));
    }
    let mut out = Vec::with_capacity(size as usize);
    for (n, op, ops) in parsed {
        let err = |msg: String| Error::at(format!("{path}: line {}", n + 1), msg);
        out.push(op as u8);
        let args = OPCODES[op].1;
        let addr = |t: &str| -> Result<u32> {
            match labels.get(t) {
                Some(&a) => Ok(a),
                None => number(t, 0, 0xff_ffff).map(|v| v as u32).map_err(err),
            }
        };
        if args == [Cases] {
            out.push(ops.len() as u8);
            for t in &ops {
                put(&mut out, addr(t)?, 3);
            }
            continue;
        }
        for (arg, t) in args.iter().zip(&ops) {
            match arg {
                Byte => put(&mut out, number(t, 0, 0xff).map_err(err)? as u32, 1),
                Word => put(&mut out, number(t, 0, 0xffff).map_err(err)? as u32, 2),
                Int24 | Text => put(&mut out, number(t, 0, 0xff_ffff).map_err(err)? as u32, 3),
                Int32 => put(
                    &mut out,
                    number(t, i32::MIN.into(), u32::MAX.into()).map_err(err)? as u32,
                    4,
                ),
                Addr => put(&mut out, addr(t)?, 3),
                Cmd => {
                    let c = match COMMANDS.iter().position(|c| c == t) {
                        Some(i) => i as u32,
                        None => number(t, 0, 0xff).map_err(err)? as u32,
                    };
                    put(&mut out, c, 1);
                }
                Str => {
                    let off = if t.starts_with('"') {
                        let s: String = serde_json::from_str(t)
                            .map_err(|e| err(format!("bad string {t}: {e}")))?;
                        if s.contains('\0') {
                            return Err(err("a string cannot hold NUL".into()));
                        }
                        strings.offset_of(&s)
                    } else {
                        number(t, 0, 0xff_ffff).map_err(err)? as u32
                    };
                    put(&mut out, off, 3);
                }
                Sprite => {
                    let (c, i) = parse_sprite(t)
                        .ok_or_else(|| err(format!("{t} is not a sprite such as tiles/5")))?;
                    out.push(c);
                    put(&mut out, i.into(), 2);
                }
                Cases => unreachable!("handled above"),
            }
        }
    }
    Ok(out)
}

fn put(out: &mut Vec<u8>, v: u32, n: usize) {
    out.extend_from_slice(&v.to_le_bytes()[..n]);
}

fn number(t: &str, min: i64, max: i64) -> std::result::Result<i64, String> {
    t.parse::<i64>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| format!("{t} is not a number from {min} to {max}"))
}

/// Splits a line into words, a JSON string literal being one word.
fn tokenize(line: &str) -> std::result::Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut rest = line.trim_start();
    while !rest.is_empty() {
        let end = if let Some(quoted) = rest.strip_prefix('"') {
            let mut escaped = false;
            let close = quoted.char_indices().find(|&(_, c)| {
                let end = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                end
            });
            match close {
                Some((i, _)) => i + 2,
                None => return Err(format!("unterminated string in {line}")),
            }
        } else {
            rest.find(char::is_whitespace).unwrap_or(rest.len())
        };
        out.push(rest[..end].to_string());
        rest = rest[end..].trim_start();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> StringTable {
        StringTable::new(vec![
            (0, String::new()),
            (1, "hp".into()),
            (4, "town square".into()),
        ])
    }

    #[test]
    fn every_opcode_round_trips() {
        let mut code = Vec::new();
        for (op, (_, args)) in OPCODES.iter().enumerate() {
            code.push(op as u8);
            for a in *args {
                match a {
                    Byte | Cmd => code.push(7),
                    Word => code.extend([1, 2]),
                    Int24 | Text => code.extend([1, 2, 3]),
                    Str => code.extend([4, 0, 0]),
                    Int32 => code.extend([0xff, 0xff, 0xff, 0xff]),
                    Sprite => code.extend([1, 5, 0]),
                    Addr => code.extend([0, 0, 0]),
                    Cases => code.extend([2, 0, 0, 0, 3, 0, 0]),
                }
            }
        }
        let lines = disassemble(&code, &table(), "t", 0).unwrap();
        assert!(
            lines.contains(&"PUSHMAP \"town square\" 513 513".to_string()),
            "{lines:?}"
        );
        assert!(lines.contains(&"FNC1 music".to_string()));
        assert!(lines.contains(&"PUSH32 -1".to_string()));
        assert!(lines.contains(&"SWITCH L0 3".to_string()), "{lines:?}");
        let mut b = StringsBuilder::new(table().texts());
        assert_eq!(assemble(&lines, &mut b, "t").unwrap(), code);
    }

    #[test]
    fn errors_are_placed() {
        let e = disassemble(&[17, 99], &table(), "s", 100).unwrap_err();
        assert_eq!(e.offset, Some(101));
        let e = disassemble(&[37], &table(), "s", 0).unwrap_err();
        assert!(e.to_string().contains("cut short"), "{e}");
        let mut b = StringsBuilder::default();
        let e = assemble(&["PUSH8 300".into()], &mut b, "s").unwrap_err();
        assert!(e.to_string().contains("line 1"), "{e}");
        assert!(assemble(&["JMP nowhere".into()], &mut b, "s").is_err());
    }

    #[test]
    fn labels_and_new_strings() {
        let mut b = StringsBuilder::new(["", "hp"]);
        let lines: Vec<String> = ["L0:", "PUSHA \"mana\"", "JZ L0", "FNC0 exit", "END"]
            .map(String::from)
            .into();
        let code = assemble(&lines, &mut b, "s").unwrap();
        assert_eq!(code, [35, 4, 0, 0, 3, 0, 0, 0, 4, 5, 0]);
        assert_eq!(b.bytes(), b"\0hp\0mana\0");
        assert_eq!(max_command(&code), Some(5));
    }
}
