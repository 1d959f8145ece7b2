//! Opcode tables: how many operands each opcode takes, and its mnemonic.
//!
//! The SWAG description defines no opcodes, yet a method's instructions can only be
//! walked knowing each opcode's operand count. The default table ships as
//! `opcodes.toml` beside this file; another is loaded with [`OpcodeTable::parse`].

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The default table, as shipped.
pub const DEFAULT_TOML: &str = include_str!("opcodes.toml");

/// Operands beyond this are refused: no real instruction has them, and a table asking
/// for thousands would let one byte of input demand thousands of reads.
const MAX_OPERANDS: u8 = 16;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opcode {
    pub code: u8,
    pub name: String,
    pub operands: u8,
    #[serde(default)]
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct TableFile {
    opcode: Vec<Opcode>,
}

/// Each opcode's mnemonic and operand count, by opcode byte: what reading and
/// disassembling a method's instructions needs.
#[derive(Debug, Clone)]
pub struct OpcodeTable {
    ops: Vec<Opcode>,
    by_code: [Option<u16>; 256],
}

impl OpcodeTable {
    /// The shipped table.
    pub fn default_table() -> &'static OpcodeTable {
        static TABLE: OnceLock<OpcodeTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            OpcodeTable::parse(DEFAULT_TOML, "opcodes.toml").expect("the shipped table is valid")
        })
    }

    /// A table from TOML text; `source` names it in errors.
    pub fn parse(text: &str, source: &str) -> Result<OpcodeTable> {
        let file: TableFile = crate::toml_text::parse(text, source)?;
        let mut by_code = [None; 256];
        for (i, op) in file.opcode.iter().enumerate() {
            let bad = |why: String| Error::at(format!("{source}/opcode[{i}]"), why);
            if by_code[op.code as usize].is_some() {
                return Err(bad(format!("opcode {:#04x} is listed twice", op.code)));
            }
            if op.name.is_empty() || !op.name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                return Err(bad(format!(
                    "name {:?} must be letters, digits and underscores",
                    op.name
                )));
            }
            if file.opcode[..i].iter().any(|o| o.name == op.name) {
                return Err(bad(format!("name {:?} is listed twice", op.name)));
            }
            if op.operands > MAX_OPERANDS {
                return Err(bad(format!(
                    "{} operands: at most {MAX_OPERANDS} are allowed",
                    op.operands
                )));
            }
            by_code[op.code as usize] = Some(i as u16);
        }
        Ok(OpcodeTable {
            ops: file.opcode,
            by_code,
        })
    }

    /// Loads a table from a file.
    pub fn load(path: &std::path::Path) -> Result<OpcodeTable> {
        let bytes = crate::io::read_regular(path).map_err(|e| Error::io(path, e))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Error::at(path.display().to_string(), "not UTF-8"))?;
        OpcodeTable::parse(&text, &path.display().to_string())
    }

    /// The opcode whose byte is `code`; `None` when the table lacks it.
    pub fn get(&self, code: u8) -> Option<&Opcode> {
        self.by_code[code as usize].map(|i| &self.ops[i as usize])
    }

    /// The opcode whose mnemonic is `name`; `None` when the table lacks it.
    pub fn by_name(&self, name: &str) -> Option<&Opcode> {
        self.ops.iter().find(|o| o.name == name)
    }

    /// The table as TOML, for an extracted folder to carry the table it was read with.
    pub fn to_toml(&self) -> String {
        toml::to_string(&TableFile {
            opcode: self.ops.clone(),
        })
        .expect("a table serialises")
    }

    /// How many opcodes the table lists.
    pub fn len(&self) -> usize {
        self.ops.len()
    }

    /// Whether the table lists no opcode.
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_table_loads_and_round_trips() {
        let t = OpcodeTable::default_table();
        assert_eq!(t.get(1).unwrap().name, "push");
        assert_eq!(t.by_name("call").unwrap().operands, 2);
        let again = OpcodeTable::parse(&t.to_toml(), "again").unwrap();
        assert_eq!(again.ops, t.ops);
    }

    #[test]
    fn bad_tables_are_refused() {
        let twice = "[[opcode]]\ncode = 1\nname = \"a\"\noperands = 0\n[[opcode]]\ncode = 1\nname = \"b\"\noperands = 0\n";
        assert!(OpcodeTable::parse(twice, "t").is_err());
        let many = "[[opcode]]\ncode = 1\nname = \"a\"\noperands = 200\n";
        assert!(OpcodeTable::parse(many, "t").is_err());
        let spaced = "[[opcode]]\ncode = 1\nname = \"a b\"\noperands = 0\n";
        assert!(OpcodeTable::parse(spaced, "t").is_err());
    }
}
