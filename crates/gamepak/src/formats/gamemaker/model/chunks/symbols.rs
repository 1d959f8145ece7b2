//! VARI and FUNC, the variables and functions the code uses. From bytecode 15 VARI
//! starts with two counts and the most locals any entry has, then 20-byte entries:
//! name, instance type, id, occurrence count and the address of the first
//! occurrence in the code. FUNC starts with a count, then 12-byte entries (name,
//! occurrence count, first address), then until 2024.8 the code locals: a count of
//! lists, each its locals' count, the code entry's name, and (index, name) per local.
//! Before bytecode 15 both are 12-byte entries with no header, running to the end
//! of the chunk.
//!
//! An entry that occurs in the code addresses the code ([`CodeAddress::In`]), so the
//! address follows the code when it moves; one that never occurs keeps the word it
//! has.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{CodeAddress, Record, StrId, Wire};

/// VARI's body: the variables the code uses.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Variables {
    /// Bytecode 15 and later: two counts and the most locals of any code entry.
    pub header: [u32; 3],
    /// The variables, in the order GameMaker lists them.
    pub variables: Vec<Variable>,
}

/// A variable the code uses.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Variable {
    /// The variable's name.
    pub name: Option<StrId>,
    /// Where the variable lives, as a GameMaker instance type: -1 self (an instance's
    /// variable), -5 global, -7 local, among others.
    /// Bytecode 15 and later.
    pub instance_type: i32,
    /// The variable's number: -6 for a built-in variable, a local's number in its code
    /// entry, otherwise one GameMaker assigns.
    /// Bytecode 15 and later.
    pub id: i32,
    /// How often the code refers to it, and where first.
    pub uses: Uses,
}

/// How often an entry occurs in the code, and where first.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Uses {
    /// How many instructions refer to the entry.
    pub count: u32,
    /// The first of them; from it each refers on to the next, through the bytecode.
    pub first: CodeAddress,
}

/// FUNC's body: the functions the code calls and, until 2024.8, each code entry's
/// local variables.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Functions {
    /// The functions, built-in or the game's own, the code calls.
    pub functions: Vec<Function>,
    /// Bytecode 15 and later, until 2024.8.
    pub code_locals: Vec<CodeLocals>,
}

/// A function the code calls.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Function {
    /// The function's name.
    pub name: Option<StrId>,
    /// How often the code calls it, and where first.
    pub uses: Uses,
}

/// The local variables of one code entry.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct CodeLocals {
    /// The name of the code entry.
    pub code: Option<StrId>,
    /// Its local variables.
    pub locals: Vec<Local>,
}

/// A local variable of a code entry.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Local {
    /// The local's number in its code entry.
    pub index: u32,
    /// The local's name.
    pub name: Option<StrId>,
}

impl<'a> Record<'a> for Uses {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.count)?;
        let at = w.offset();
        w.code_address(&mut self.first)?;
        if self.count > 0 && matches!(self.first, CodeAddress::Raw(_)) {
            return Err(w.invalid(at, "the first occurrence is in no code blob".into()));
        }
        Ok(())
    }
}

/// Entries of `size` bytes to the end of the chunk (reading) or as many as there are.
fn to_the_end<'a, T: Record<'a>, W: Wire<'a>>(w: &mut W, v: &mut Vec<T>, size: u64) -> Result<()> {
    if w.reading() {
        while w.more(size) {
            let mut item = T::default();
            w.enter("entry", Some(v.len()));
            w.starts(v.len());
            item.walk(w)?;
            w.leave();
            v.push(item);
        }
        return Ok(());
    }
    v.iter_mut().try_for_each(|item| item.walk(w))
}

impl<'a> Record<'a> for Variables {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let modern = w.bytecode() >= 15;
        if modern {
            self.header.iter_mut().try_for_each(|v| w.u32(v))?;
        }
        to_the_end(w, &mut self.variables, if modern { 20 } else { 12 })
    }
}

impl<'a> Record<'a> for Variable {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        if w.bytecode() >= 15 {
            w.i32(&mut self.instance_type)?;
            w.i32(&mut self.id)?;
        }
        w.record(&mut self.uses)
    }
}

impl<'a> Record<'a> for Functions {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        if w.bytecode() < 15 {
            return to_the_end(w, &mut self.functions, 12);
        }
        w.list("entry", &mut self.functions, 12)?;
        if !w.since(Version::V2024_8) {
            w.list("locals", &mut self.code_locals, 8)?;
        }
        Ok(())
    }
}

impl<'a> Record<'a> for Function {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.record(&mut self.uses)
    }
}

impl<'a> Record<'a> for CodeLocals {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let mut n = self.locals.len();
        w.count(&mut n, 8)?;
        w.string(&mut self.code)?;
        if w.reading() {
            self.locals.resize_with(n, Local::default);
        }
        self.locals.iter_mut().try_for_each(|l| {
            w.u32(&mut l.index)?;
            w.string(&mut l.name)
        })
    }
}
