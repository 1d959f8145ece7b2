//! The text form of a code object: a disassembler and the assembler that reads it back.
//!
//! ```text
//! class "Player"
//! field "speed" 2.5
//! field "inventory" [1, "sword", nil]
//!
//! method "update" 1
//!     load_self
//!     load_field "speed"
//!     return
//! end
//! ```
//!
//! Variants are written `nil`, `object`, integers (`-3`), doubles (always with a
//! point or exponent: `2.0`, `1e300`, `inf`; a NaN as `double(0x7ff8000000000000)` so
//! its bits survive), JSON-quoted strings and bracketed lists. `;` starts a comment.
//! An object type past 4 is written as its number. Jump operands are instruction
//! indices, counted from 0 within the method; the disassembler notes each index.

use std::fmt::Write as _;

use super::model::*;
use super::opcodes::OpcodeTable;
use super::read::MAX_DEPTH;
use crate::error::{Error, Result};

/// A code object as text, in the form the module describes, naming each opcode by
/// `table` (`?` for one the table lacks); [`assemble`] reads it back.
pub fn disassemble(o: &CodeObject, table: &OpcodeTable) -> String {
    let mut out = String::new();
    let kind = OBJECT_TYPES
        .get(o.kind as usize)
        .map_or(o.kind.to_string(), |k| k.to_string());
    let _ = writeln!(out, "{kind} {}", quote(&o.name));
    for (name, value) in &o.fields {
        let _ = writeln!(out, "field {} {}", quote(name), variant_text(value));
    }
    for m in &o.methods {
        let _ = writeln!(out, "\nmethod {} {}", quote(&m.name), m.arguments);
        for (i, ins) in m.code.iter().enumerate() {
            let mut line = format!(
                "    {}",
                table.get(ins.opcode).map_or("?", |op| op.name.as_str())
            );
            for v in &ins.operands {
                line.push(' ');
                line.push_str(&variant_text(v));
            }
            let _ = writeln!(out, "{line:<40} ; {i}");
        }
        out.push_str("end\n");
    }
    out
}

fn quote(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialise")
}

/// A variant as the assembly text writes it: `nil`, `object`, an integer, a double
/// (a NaN by its bits), a JSON-quoted string or a bracketed list.
pub fn variant_text(v: &Variant) -> String {
    match v {
        Variant::Nil => "nil".into(),
        Variant::Object => "object".into(),
        Variant::Integer(i) => i.to_string(),
        Variant::Double(d) if d.is_nan() => format!("double({:#018x})", d.to_bits()),
        Variant::Double(d) => format!("{d:?}"),
        Variant::String(s) => quote(s),
        Variant::List(items) => format!(
            "[{}]",
            items
                .iter()
                .map(variant_text)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Str(String),
    Open,
    Close,
    Comma,
}

fn tokens(line: &str, at: &dyn Fn(String) -> Error) -> Result<Vec<Token>> {
    let mut out = Vec::new();
    let mut chars = line.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        match c {
            ';' => break,
            c if c.is_whitespace() => {
                chars.next();
            }
            '[' | ']' | ',' => {
                chars.next();
                out.push(match c {
                    '[' => Token::Open,
                    ']' => Token::Close,
                    _ => Token::Comma,
                });
            }
            '"' => {
                chars.next();
                let mut escaped = false;
                let end = chars
                    .by_ref()
                    .find(|&(_, c)| {
                        let closes = c == '"' && !escaped;
                        escaped = c == '\\' && !escaped;
                        closes
                    })
                    .map(|(j, _)| j)
                    .ok_or_else(|| at(format!("string from column {} is not closed", i + 1)))?;
                let s = serde_json::from_str(&line[i..=end])
                    .map_err(|e| at(format!("bad string at column {}: {e}", i + 1)))?;
                out.push(Token::Str(s));
            }
            _ => {
                let mut word = String::new();
                while let Some(&(_, c)) = chars.peek() {
                    if c.is_whitespace() || matches!(c, '[' | ']' | ',' | ';' | '"') {
                        break;
                    }
                    word.push(c);
                    chars.next();
                }
                out.push(Token::Word(word));
            }
        }
    }
    Ok(out)
}

/// Reads variants from a token stream.
struct Operands<'t> {
    tokens: &'t [Token],
    pos: usize,
}

impl Operands<'_> {
    fn next(&mut self, depth: usize, at: &dyn Fn(String) -> Error) -> Result<Variant> {
        let t = self
            .tokens
            .get(self.pos)
            .ok_or_else(|| at("a value is missing".into()))?;
        self.pos += 1;
        Ok(match t {
            Token::Str(s) => Variant::String(s.clone()),
            Token::Word(w) => word_variant(w).ok_or_else(|| at(format!("{w:?} is not a value")))?,
            Token::Open => {
                if depth >= MAX_DEPTH {
                    return Err(at(format!("lists nested deeper than {MAX_DEPTH}")));
                }
                let mut items = Vec::new();
                loop {
                    match self.tokens.get(self.pos) {
                        Some(Token::Close) => {
                            self.pos += 1;
                            break;
                        }
                        Some(Token::Comma) => self.pos += 1,
                        None => return Err(at("a list is not closed".into())),
                        _ => items.push(self.next(depth + 1, at)?),
                    }
                }
                Variant::List(items)
            }
            Token::Close | Token::Comma => return Err(at("unexpected ] or ,".into())),
        })
    }

    fn done(&self) -> bool {
        self.pos >= self.tokens.len()
    }
}

fn word_variant(w: &str) -> Option<Variant> {
    match w {
        "nil" => return Some(Variant::Nil),
        "object" => return Some(Variant::Object),
        _ => {}
    }
    if let Some(hex) = w
        .strip_prefix("double(0x")
        .and_then(|r| r.strip_suffix(')'))
    {
        return u64::from_str_radix(hex, 16)
            .ok()
            .map(|b| Variant::Double(f64::from_bits(b)));
    }
    if let Ok(i) = w.parse::<i64>() {
        return Some(Variant::Integer(i));
    }
    let float_like = w.contains(['.', 'e', 'E']) || w.trim_start_matches(['-', '+']) == "inf";
    float_like
        .then(|| w.parse::<f64>().ok().map(Variant::Double))
        .flatten()
}

/// Reads a code object from its text form; `source` names the text in errors.
pub fn assemble(text: &str, table: &OpcodeTable, source: &str) -> Result<CodeObject> {
    let mut object: Option<CodeObject> = None;
    // Between a `method` line and its `end`, lines are instructions of the last method.
    let mut in_method = false;
    for (n, line) in text.lines().enumerate() {
        let at = |msg: String| Error::at(format!("{source}:{}", n + 1), msg);
        let toks = tokens(line, &at)?;
        let Some(Token::Word(head)) = toks.first() else {
            if toks.is_empty() {
                continue;
            }
            return Err(at("a line starts with a word".into()));
        };
        let mut ops = Operands {
            tokens: &toks[1..],
            pos: 0,
        };
        let name = |ops: &mut Operands| match ops.next(0, &at)? {
            Variant::String(s) => Ok(s),
            _ => Err(at("expected a quoted name".into())),
        };
        match (object.as_mut(), head.as_str()) {
            (None, _) => object = Some(header(head, name(&mut ops)?, &at)?),
            (Some(_), "end") if in_method => in_method = false,
            (Some(o), _) if in_method => {
                let op = table
                    .by_name(head)
                    .ok_or_else(|| at(format!("{head:?} is not in the opcode table")))?;
                let operands = (0..op.operands)
                    .map(|_| ops.next(0, &at))
                    .collect::<Result<_>>()?;
                let method = o.methods.last_mut().expect("a method line came first");
                method.code.push(Instruction {
                    opcode: op.code,
                    operands,
                });
            }
            (Some(o), "field") => {
                let field = name(&mut ops)?;
                o.fields.push((field, ops.next(0, &at)?));
            }
            (Some(o), "method") => {
                let name = name(&mut ops)?;
                let arguments = match ops.next(0, &at)? {
                    Variant::Integer(a) => {
                        u8::try_from(a).map_err(|_| at(format!("{a} arguments: at most 255")))?
                    }
                    _ => return Err(at("expected the argument count".into())),
                };
                o.methods.push(Method {
                    name,
                    arguments,
                    code: Vec::new(),
                });
                in_method = true;
            }
            (Some(_), _) => return Err(at(format!("expected field or method, found {head:?}"))),
        }
        if !ops.done() {
            return Err(at("more operands than the line takes".into()));
        }
    }
    if in_method {
        return Err(Error::at(source, "the last method has no `end`"));
    }
    object.ok_or_else(|| Error::at(source, "no object header (such as `class \"Name\"`)"))
}

/// An object's first line: its type (a name or a number) and its name.
fn header(kind: &str, name: String, at: &dyn Fn(String) -> Error) -> Result<CodeObject> {
    let kind = OBJECT_TYPES
        .iter()
        .position(|k| *k == kind)
        .map(|k| k as u8)
        .or_else(|| kind.parse().ok())
        .ok_or_else(|| {
            at(format!(
                "expected the object type ({}) or its number, found {kind:?}",
                OBJECT_TYPES.join(", ")
            ))
        })?;
    Ok(CodeObject {
        kind,
        name,
        fields: Vec::new(),
        methods: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> CodeObject {
        CodeObject {
            kind: 1,
            name: "Player \"one\"".into(),
            fields: vec![
                ("speed".into(), Variant::Double(2.5)),
                ("whole".into(), Variant::Double(3.0)),
                (
                    "nan".into(),
                    Variant::Double(f64::from_bits(0x7ff8_0000_0000_0001)),
                ),
                ("hp".into(), Variant::Integer(-3)),
                (
                    "bag".into(),
                    Variant::List(vec![
                        Variant::Nil,
                        Variant::Object,
                        Variant::String("a; b".into()),
                        Variant::List(vec![]),
                        Variant::Double(f64::NEG_INFINITY),
                    ]),
                ),
            ],
            methods: vec![Method {
                name: "update".into(),
                arguments: 2,
                code: vec![
                    Instruction {
                        opcode: 0x01,
                        operands: vec![Variant::Double(-0.0)],
                    },
                    Instruction {
                        opcode: 0x30,
                        operands: vec![Variant::String("draw".into()), Variant::Integer(1)],
                    },
                    Instruction {
                        opcode: 0x32,
                        operands: vec![],
                    },
                ],
            }],
        }
    }

    #[test]
    fn disassembly_assembles_back_to_the_same_bits() {
        let t = OpcodeTable::default_table();
        let o = sample();
        let text = disassemble(&o, t);
        let back = assemble(&text, t, "t").unwrap();
        let bytes = |o: &CodeObject| {
            let mut w = crate::bytes::Writer::new(crate::bytes::Endian::Little);
            o.fields
                .iter()
                .for_each(|(_, v)| super::super::write::variant(&mut w, v).unwrap());
            w.into_vec()
        };
        assert_eq!(bytes(&back), bytes(&o));
        assert_eq!(back.methods, o.methods);
        assert_eq!(back.name, o.name);
    }

    #[test]
    fn errors_name_the_line() {
        let t = OpcodeTable::default_table();
        let e = assemble(
            "class \"A\"\nmethod \"m\" 0\n    fly 3\nend\n",
            t,
            "a.swasm",
        )
        .unwrap_err();
        assert!(e.to_string().contains("a.swasm:3"), "{e}");
        let e = assemble("class \"A\"\nmethod \"m\" 0\n    push\nend\n", t, "a.swasm").unwrap_err();
        assert!(e.to_string().contains("missing"), "{e}");
        assert!(assemble("class \"A\"\nmethod \"m\" 0\n", t, "a").is_err());
        assert!(assemble("class \"A\"\nfield \"x\" [1, 2\n", t, "a").is_err());
        assert!(assemble("class \"A\"\nfield \"x\" 1 2\n", t, "a").is_err());
    }
}
