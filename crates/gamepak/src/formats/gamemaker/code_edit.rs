//! Edits to a code disassembly, packed back into the instruction blob in place.
//!
//! An edit may change what an instruction says but not its size or what it refers
//! to: a constant (`push.i`, `push.d`, `push.l`, `push.f`, `push.b`, `pushi.e`,
//! `push.e`), the string a `push.s` pushes (one STRG already holds: change the text in
//! `strings.json`), a comparison's kind, or a branch's target (`Lxxxx`, an offset in
//! the blob). Then no instruction moves, CODE keeps its size, and the VARI and FUNC
//! occurrence chains, which run through variable and function operands, stay as they
//! are. Anything else (another mnemonic or type, a variable, a call, added or removed
//! instructions) is refused with its line. Label lines may be added or removed: they
//! are only names for offsets.

use super::code::{self, Line, COMPARISONS};
use super::game::Game;
use crate::bytes::Endian;
use crate::error::{Error, Result};

/// A change to the file: bytes to write at an absolute offset.
pub type Patch = (u64, Vec<u8>);

/// The patches that make blob `k` of `game` say what `edited` says.
pub fn patches(game: &Game<'_>, k: usize, edited: &str, file: &str) -> Result<Vec<Patch>> {
    let blobs = code::blobs(&game.code);
    let entry = blobs
        .get(k)
        .and_then(|b| b.first())
        .ok_or_else(|| Error::at(file, format!("the file has no code blob {k}")))?;
    let names = code::names(&game.form, game.gen8.bytecode);
    let strings: Vec<String> = game
        .strings
        .iter()
        .map(|s| String::from_utf8_lossy(s.bytes).into_owned())
        .collect();
    let (lines, _) = code::instructions(&game.form, entry.blob, entry.length, &names, &strings);
    let wanted: Vec<(usize, &str)> = edited
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with(';') && !l.ends_with(':'))
        .collect();
    if wanted.len() != lines.len() {
        return Err(Error::at(
            file,
            format!(
                "{} instructions, but the blob holds {}: instructions can be changed, not added or removed",
                wanted.len(),
                lines.len()
            ),
        ));
    }
    let ctx = Ctx {
        game,
        blob: entry.blob,
        length: entry.length.into(),
        strings: &strings,
    };
    let mut out = Vec::new();
    for (line, (n, text)) in lines.iter().zip(wanted) {
        if line.text != text {
            let err = |why: &str| {
                Error::at(
                    format!("{file}: line {n}"),
                    format!("`{}` cannot become `{text}`: {why}", line.text),
                )
            };
            out.extend(ctx.patch(line, text).map_err(|why| err(&why))?);
        }
    }
    Ok(out)
}

struct Ctx<'g, 'a> {
    game: &'g Game<'a>,
    blob: u64,
    length: u64,
    strings: &'g [String],
}

impl Ctx<'_, '_> {
    fn endian(&self) -> Endian {
        self.game.form.endian
    }

    fn word(&self, at: u64) -> u32 {
        super::refs::u32_at(&self.game.form, at).unwrap_or(0)
    }

    fn bytes<const N: usize>(&self, le: [u8; N]) -> Vec<u8> {
        let mut b = le.to_vec();
        if self.endian() == Endian::Big {
            b.reverse();
        }
        b
    }

    /// The bytes that make `line` say `text`, or why they cannot.
    fn patch(&self, line: &Line, text: &str) -> std::result::Result<Vec<Patch>, String> {
        let (old_op, old_arg) = split(&line.text);
        let (new_op, new_arg) = split(text);
        if old_op != new_op {
            return Err("only operands can change, not the instruction".into());
        }
        let w = self.word(line.at);
        let at = line.at;
        let number = |what: &str| format!("`{new_arg}` is not {what}");
        let patch = match old_op {
            "push.d" => {
                let v: f64 = new_arg.parse().map_err(|_| number("a number"))?;
                (at + 4, self.bytes(v.to_bits().to_le_bytes()))
            }
            "push.f" => {
                let v: f32 = new_arg.parse().map_err(|_| number("a number"))?;
                (at + 4, self.bytes(v.to_bits().to_le_bytes()))
            }
            "push.l" => {
                let v: i64 = new_arg.parse().map_err(|_| number("a 64-bit integer"))?;
                (at + 4, self.bytes(v.to_le_bytes()))
            }
            "push.i" | "push.b" if !old_arg.starts_with("function ") => {
                let v: i32 = new_arg.parse().map_err(|_| number("a 32-bit integer"))?;
                (at + 4, self.bytes(v.to_le_bytes()))
            }
            "push.e" | "pushi.e" => {
                let v: i16 = new_arg.parse().map_err(|_| number("a 16-bit integer"))?;
                let w = (w & 0xffff_0000) | u32::from(v as u16);
                (at, self.bytes(w.to_le_bytes()))
            }
            "push.s" => {
                let s: String =
                    serde_json::from_str(new_arg).map_err(|_| number("a quoted string"))?;
                let k = self.strings.iter().position(|t| *t == s).ok_or_else(|| {
                    format!("no STRG string reads {new_arg}: change that string's text in strings.json instead")
                })?;
                (at + 4, self.bytes((k as u32).to_le_bytes()))
            }
            "b" | "bt" | "bf" | "pushenv" if line.text != "popenv exit" => {
                let target = new_arg
                    .strip_prefix('L')
                    .and_then(|h| u64::from_str_radix(h, 16).ok())
                    .filter(|&t| t % 4 == 0 && t <= self.length)
                    .ok_or_else(|| number("a label Lxxxx inside the blob, at a multiple of 4"))?;
                let rel = (self.blob + target) as i64 - at as i64;
                let w = (w & 0xff80_0000) | (((rel / 4) as u32) & 0x007f_ffff);
                (at, self.bytes(w.to_le_bytes()))
            }
            op if op.starts_with("cmp.") => {
                let kinds = &COMPARISONS[1..];
                let k = kinds
                    .iter()
                    .position(|c| *c == new_arg)
                    .ok_or_else(|| number("lt, le, eq, ne, ge or gt"))?;
                let w = (w & 0xffff_00ff) | (k as u32 + 1) << 8;
                (at, self.bytes(w.to_le_bytes()))
            }
            _ => return Err("this instruction's operand cannot change in place".into()),
        };
        Ok(vec![patch])
    }
}

/// `push.i 5` as ("push.i", "5"); `cmp.i.v.lt` as ("cmp.i.v", "lt") so that its kind
/// reads as an operand.
fn split(text: &str) -> (&str, &str) {
    if text.starts_with("cmp.") {
        if let Some((op, kind)) = text.rsplit_once('.') {
            return (op, kind);
        }
    }
    text.split_once(' ').unwrap_or((text, ""))
}
