//! The compiler: GML trees ([`super::ast`]) to GameMaker's bytecode, written as
//! the disassembly's text so that the assembler and pack's code edits (which
//! keep VARI, FUNC and STRG in step) take it from there.
//!
//! It is the decompiler read backwards. Every choice GameMaker's own compiler
//! makes where GML allows more than one encoding is made the same way, by the
//! release the game is from ([`Target`]); docs/gml-bytecode.md lists them.
//!
//! - [`env`]: what the game holds (resources, its own scripts and functions,
//!   macros, enums), to resolve names.
//! - [`emit`]: instructions and labels.
//! - `expr`, `store`, `stmt`: expressions, the places values are stored, and
//!   statements with their control flow.

pub mod emit;
pub mod env;
mod evidence;
pub mod identity;
mod expr;
mod stmt;
mod store;
pub mod target;

use std::collections::HashSet;

pub use env::Env;
pub use target::Target;

use self::emit::{Code, Label, Ty};
use super::ast::{Block, Expr, Stmt};

/// One function compiled: its code and the locals it uses.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The instructions.
    pub code: Code,
    /// The local variables, in order of declaration.
    pub locals: Vec<String>,
}

/// Why a function did not compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    /// What is wrong.
    pub message: String,
    /// What to do about it, where we know.
    pub hint: Option<String>,
}

impl CompileError {
    fn new(message: impl Into<String>) -> Self {
        CompileError {
            message: message.into(),
            hint: None,
        }
    }
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        if let Some(h) = &self.hint {
            write!(f, "; {h}")?;
        }
        Ok(())
    }
}

/// Compiles the body of a code entry.
pub fn compile(env: &Env, body: &Block) -> Result<Compiled, Vec<CompileError>> {
    let mut gen = Gen::new(env, body);
    gen.block(body);
    if gen.errors.is_empty() {
        Ok(Compiled {
            code: gen.code,
            locals: gen.locals,
        })
    } else {
        Err(gen.errors)
    }
}

/// Where `break` and `continue` go inside one construct, and what leaving it
/// takes.
#[derive(Debug, Clone, Copy)]
struct Exits {
    brk: Option<Label>,
    cont: Option<Label>,
    kind: Leaving,
}

/// What a `return` leaving a construct must undo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leaving {
    /// A loop: nothing.
    Loop,
    /// A `repeat`: its counter is on the stack.
    Repeat,
    /// A `switch`: its value, of this type, is on the stack.
    Switch(Ty),
    /// A `with`: its instances.
    With,
}

/// The state of one function being compiled.
struct Gen<'e> {
    env: &'e Env,
    code: Code,
    /// Locals declared with `var`, in order.
    locals: Vec<String>,
    /// Names that are locals wherever they appear in this function.
    local_names: HashSet<String>,
    /// The constructs around the code being compiled, innermost last.
    exits: Vec<Exits>,
    errors: Vec<CompileError>,
    /// Whether this is a function's body rather than an event's or a script's.
    in_function: bool,
}

impl<'e> Gen<'e> {
    fn new(env: &'e Env, body: &Block) -> Self {
        Gen {
            env,
            code: Code::default(),
            locals: Vec::new(),
            local_names: declared_locals(body),
            exits: Vec::new(),
            errors: Vec::new(),
            in_function: false,
        }
    }

    fn error(&mut self, message: impl Into<String>) {
        self.errors.push(CompileError::new(message));
    }

    fn op(&mut self, text: impl Into<String>) {
        self.code.op(text);
    }
}

/// The names `body` declares with `var`, outside the functions it declares:
/// GameMaker makes a name local for the whole function wherever `var` names it.
fn declared_locals(body: &Block) -> HashSet<String> {
    fn walk(block: &[Stmt], names: &mut HashSet<String>) {
        for s in block {
            match s {
                Stmt::Var(list) => names.extend(list.iter().map(|d| d.name.clone())),
                Stmt::For { init, body, .. } => {
                    if let Some(init) = init {
                        walk(std::slice::from_ref(&**init), names);
                    }
                    walk(body, names);
                }
                Stmt::If {
                    then, otherwise, ..
                } => {
                    walk(then, names);
                    if let Some(o) = otherwise {
                        walk(o, names);
                    }
                }
                Stmt::While { body, .. }
                | Stmt::DoUntil { body, .. }
                | Stmt::Repeat { body, .. }
                | Stmt::With { body, .. }
                | Stmt::Block(body) => walk(body, names),
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        walk(&c.body, names);
                    }
                }
                Stmt::Try {
                    body,
                    catch,
                    finally,
                } => {
                    walk(body, names);
                    if let Some((name, c)) = catch {
                        names.insert(name.clone());
                        walk(c, names);
                    }
                    if let Some(f) = finally {
                        walk(f, names);
                    }
                }
                _ => {}
            }
        }
    }
    let mut names = HashSet::new();
    walk(body, &mut names);
    names
}
