//! One block's instructions run on a stack of expressions instead of values: each
//! push makes an expression, each operator combines the ones it pops, and each
//! store or discarded call becomes a statement. What is left on the stack when the
//! block ends is handed to the block after it, so an expression may span blocks
//! (a condition's operands, a switch's value, a repeat's counter).
//!
//! The stack counts bytes as GameMaker's does, since `dup` copies and moves bytes,
//! not items: a variable is 16 bytes, an integer 4, a double 8.
//!
//! Bytecode may nest and copy without end, so what the stack holds is bounded: an
//! expression is at most [`MAX_DEPTH`](crate::formats::gamemaker::gml::language::parse::MAX_DEPTH) deep, and the copies `dup` makes take from
//! one budget per blob ([`COPY_BUDGET`]). Past either, the block is refused.

use crate::formats::gamemaker::bytecode::instruction::{Callee, Instr, Operand};
use crate::formats::gamemaker::bytecode::opcodes::op;
use crate::formats::gamemaker::bytecode::opcodes::{
    ARRAY_POP_VARIABLE, ARRAY_PUSH_VARIABLE, ARRAY_VARIABLE, INSTANCE_VARIABLE, PLAIN_VARIABLE,
    STACKTOP_VARIABLE,
};
use crate::formats::gamemaker::gml::decompile::context::Context;
use crate::formats::gamemaker::gml::decompile::function_pushes::pushed_function;
use crate::formats::gamemaker::gml::language::ast::{
    Accessor, AssignOp, BinaryOp, Expr, Number, StepOp, Stmt, UnaryOp,
};
use crate::formats::gamemaker::gml::language::builtins;
use crate::formats::gamemaker::gml::language::tree_bounds;
use std::cell::Cell;
use std::rc::Rc;

/// A value on the stack, and how many bytes it takes there.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// The expression that computes it.
    pub expr: Expr,
    /// Bytes it takes on GameMaker's stack.
    pub size: u8,
    /// What it is for, beyond its value.
    pub role: Role,
}

/// What a stack value is for, beyond its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// An ordinary value.
    Value,
    /// A copy made by `dup` of the item below it: the old value of `x++`, or the
    /// value a `switch` compares.
    Copy,
    /// A value the source never names, kept for the construct around it (a switch's
    /// value, a repeat's counter): discarding it writes nothing.
    Hidden,
    /// An array element that a further index reads or writes (`a[i][j]`).
    ArrayRef,
    /// What `@@throw@@` leaves, which the runner never returns to: some releases
    /// drop it, others leave it where the code after the `throw` joins.
    Thrown,
    /// What a call to `array_set` naming no owner leaves (2.3 before 2.3.6):
    /// dropped, the call was written `a[@ i] = v`.
    ReferenceWrite,
}

/// How a block ends, once its instructions ran.
#[derive(Debug, Clone, PartialEq)]
pub enum End {
    /// It runs on into the block after it (or branches there unconditionally).
    Next,
    /// `b`: to the block at this offset.
    Goto(u32),
    /// `bt` (`when` true) or `bf` (`when` false) on `cond`, to `target`.
    Branch {
        /// The condition popped.
        cond: Expr,
        /// Whether it branches when the condition holds.
        when: bool,
        /// The target's offset.
        target: u32,
    },
    /// `ret`.
    Return(Expr),
    /// `exit`.
    Exit,
    /// `pushenv`: a `with` over `target`, whose `popenv` is at `popenv`.
    PushEnv {
        /// The instance or object.
        target: Expr,
        /// The offset of the loop's `popenv`.
        popenv: u32,
    },
    /// `popenv`: back to `body` while instances remain.
    PopEnv {
        /// The offset of the loop's body.
        body: u32,
    },
    /// `popenv exit`: leaves a `with` early.
    LeaveWith,
    /// `@@try_hook@@`: a `try` starts, whose handler is at `catch` and whose
    /// guarded code ends at `finally`; the block goes on at instruction `resume`.
    Try {
        /// The offset of the `catch` handler.
        catch: u32,
        /// The offset where the guarded code ends.
        finally: u32,
        /// The index, in the block, of the instruction after the hook's call.
        resume: usize,
    },
}

/// How code reads its arguments: as a function's parameters (the `argument`
/// instance, which named parameters compile to) or as the built-in variables
/// `argument0` to `argument15`, which GameMaker: Studio's scripts read and later
/// code may still name. Each is a set of argument numbers, bit K for `argumentK`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ArgumentReads {
    /// Through the `argument` instance.
    pub named: u16,
    /// As built-in variables.
    pub builtin: u16,
    /// As built-in variables by `pushbltn`: on `self`, a plain `push` of a
    /// parameter is 2.3.0's compound assignment to it.
    pub pushed_builtin: u16,
    /// The parameters spelled `_argumentK`: the function reads built-in
    /// `argumentK` as well, which its parameter's name would hide.
    pub renamed: u16,
}

impl ArgumentReads {
    /// Both readings of two pieces of code.
    pub fn merge(&mut self, other: ArgumentReads) {
        self.named |= other.named;
        self.builtin |= other.builtin;
        self.pushed_builtin |= other.pushed_builtin;
    }

    /// Whether the code reads its arguments only as built-in variables: a
    /// function written with no parameters.
    pub fn only_builtin(self) -> bool {
        self.builtin != 0 && self.named == 0
    }

    /// Parameter `k`'s name.
    pub fn parameter(self, k: usize) -> String {
        let hidden = k < 16 && self.renamed & (1 << k) != 0;
        format!("{}argument{k}", if hidden { "_" } else { "" })
    }
}

/// The number of `argument0` to `argument15`.
fn numbered_argument(name: &str) -> Option<u8> {
    name.strip_prefix("argument")
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| n < 16)
}

/// Why a block could not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stuck {
    /// Offset of the instruction.
    pub at: u32,
    /// What went wrong.
    pub why: String,
}

/// Instance values GameMaker gives a name.
const SELF: i64 = -1;
const OTHER: i64 = -2;
const ALL: i64 = -3;
pub(crate) const NOONE: i64 = -4;
const GLOBAL: i64 = -5;
const BUILTIN: i64 = -6;
pub(crate) const LOCAL: i64 = -7;
/// Pushed after an instance expression that a variable's instance comes from.
const STACKTOP: i64 = -9;
const ARGUMENT: i64 = -15;
const STATIC: i64 = -16;

/// The function whose call of a name GameMaker folds into the name's hash.
pub const VARIABLE_HASH: &str = "variable_get_hash";

/// The operand type of a boolean: from 2.3.7 on, `true` and `false` are pushed as
/// integers and typed as booleans where they are converted, compared or stored.
const BOOL: u8 = 4;

/// The type code of a real (`d`).
const DOUBLE: u8 = 0;

/// A number typed as a boolean, as `true` or `false`.
fn as_bool(e: Expr) -> Expr {
    match e {
        Expr::Number(Number::Int(n @ (0 | 1))) => Expr::Bool(n == 1),
        e => e,
    }
}

/// Bytes each operand type takes on the stack.
fn size_of(t: u8) -> u8 {
    match t {
        0 | 3 => 8,
        5 | 6 => 16,
        _ => 4,
    }
}

/// Runs blocks' instructions on a stack of expressions.
pub struct Machine<'c, 'a> {
    ctx: &'c Context<'a>,
    /// The stack, bottom first.
    pub stack: Vec<Item>,
    /// The statements made so far.
    pub out: Vec<Stmt>,
    /// The local variables read or written, in order of first use.
    pub locals: Vec<String>,
    /// Whether the code sets up statics, as a constructor's does first.
    pub sets_statics: bool,
    /// The parent constructor a constructor calls first, and what it passes:
    /// `constructor : Parent(a, b)`.
    pub inherits: Option<(String, Vec<Expr>)>,
    /// How the code reads `argument0` to `argument15`.
    pub arguments: ArgumentReads,
    /// Locals, globals and built-ins read by a plain `push`, as `op=` reads its
    /// target.
    pub plain_reads: Vec<Expr>,
    /// Whether the last instruction made an integer a real (`conv.i.d`).
    made_real: bool,
    /// Divisions whose integer divisor was made a real first: written `x / n`.
    plain_divisions: Vec<Expr>,
    /// The names the code's locals have: an instance's variable of one of
    /// these names is written `self.name`, or it would read as the local.
    pub local_names: std::rc::Rc<std::collections::HashSet<String>>,
    /// How many more parts of expressions the blob's `dup`s may copy, shared by
    /// every machine that runs a block of it.
    pub copies_left: Rc<Cell<usize>>,
}

/// How many parts of expressions a blob's `dup`s may copy, all told. GameMaker
/// copies an array and its index to write an element, a few parts each time;
/// copies of copies double without end.
pub const COPY_BUDGET: usize = 1 << 20;

impl<'c, 'a> Machine<'c, 'a> {
    /// A machine over `stack`.
    pub fn new(ctx: &'c Context<'a>, stack: Vec<Item>) -> Self {
        Machine {
            ctx,
            stack,
            out: Vec::new(),
            locals: Vec::new(),
            sets_statics: false,
            inherits: None,
            arguments: ArgumentReads::default(),
            plain_reads: Vec::new(),
            made_real: false,
            plain_divisions: Vec::new(),
            local_names: Default::default(),
            copies_left: Rc::new(Cell::new(COPY_BUDGET)),
        }
    }

    /// Runs `instrs`, the instructions of one block, and says how the block ends.
    pub fn run(&mut self, instrs: &[Instr]) -> Result<End, Stuck> {
        let mut end = End::Next;
        for (k, i) in instrs.iter().enumerate() {
            end = self.step(i).map_err(|why| Stuck { at: i.at, why })?;
            if let End::Try { resume, .. } = &mut end {
                *resume = k + 1;
                return Ok(end);
            }
        }
        self.boolean_literal(instrs, &mut end);
        Ok(end)
    }

    /// Where `true` and `false` are typed (2.3.7 on), a 0 or 1 that a branch
    /// tests, or that a short-circuit's last operand leaves, with no conversion
    /// to a boolean was written `false` or `true` (an integer is converted).
    fn boolean_literal(&mut self, instrs: &[Instr], end: &mut End) {
        let before_last = instrs.len().checked_sub(2).map(|k| &instrs[k]);
        let Some(Instr {
            op: op::PUSHI,
            operand: Operand::Short(n @ (0 | 1)),
            ..
        }) = before_last
        else {
            return;
        };
        let literal = Expr::Bool(*n == 1);
        match end {
            End::Branch { cond, .. }
                if self.ctx.tested_booleans
                    && *cond == Expr::Number(Number::Int(i64::from(*n))) =>
            {
                *cond = literal;
            }
            _ if !self.ctx.tested_booleans => {}
            End::Goto(_) => {
                if let Some(top) = self.stack.last_mut() {
                    top.expr = literal;
                }
            }
            _ => {}
        }
    }

    fn pop(&mut self) -> Result<Item, String> {
        self.stack
            .pop()
            .ok_or_else(|| "the stack is empty".to_string())
    }

    fn pop_expr(&mut self) -> Result<Expr, String> {
        Ok(self.pop()?.expr)
    }

    fn push(&mut self, expr: Expr, size: u8) -> Result<(), String> {
        self.push_item(Item {
            expr,
            size,
            role: Role::Value,
        })
    }

    /// Pushes `item`, made of values popped before, unless it is nested past
    /// [`MAX_DEPTH`](crate::formats::gamemaker::gml::language::parse::MAX_DEPTH).
    fn push_item(&mut self, item: Item) -> Result<(), String> {
        tree_bounds::check_expr(&item.expr)?;
        self.stack.push(item);
        Ok(())
    }

    /// Takes the parts of `items`, about to be copied, from the blob's budget
    /// for copies: a `dup` of a `dup` must not grow a tree without end.
    fn copying(&self, items: &[Item]) -> Result<(), String> {
        for item in items {
            let left = self.copies_left.get();
            let size = tree_bounds::expr_size_within(&item.expr, left).ok_or_else(|| {
                format!("copies more than {COPY_BUDGET} parts of expressions in one blob")
            })?;
            self.copies_left.set(left - size);
        }
        Ok(())
    }

    fn step(&mut self, i: &Instr) -> Result<End, String> {
        let [t1, t2] = i.types;
        let made_real = std::mem::take(&mut self.made_real);
        match i.op {
            op::CONV => {
                let mut item = self.pop()?;
                item.size = size_of(t2);
                self.made_real = t2 == DOUBLE && matches!(t1, 2..=4);
                if t1 == BOOL {
                    item.expr = as_bool(item.expr);
                    self.push_item(item)?;
                } else {
                    self.stack.push(item);
                }
            }
            0x08..=0x10 | 0x13 | 0x14 => {
                let rhs = self.pop_expr()?;
                let lhs = self.pop_expr()?;
                let logical = t1 == 4 && t2 == 4;
                let op = match i.op {
                    0x08 => BinaryOp::Mul,
                    0x09 => BinaryOp::Div,
                    0x0a => BinaryOp::IntDiv,
                    0x0b => BinaryOp::Mod,
                    0x0c => BinaryOp::Add,
                    0x0d => BinaryOp::Sub,
                    0x0e if logical => BinaryOp::And,
                    0x0f if logical => BinaryOp::Or,
                    0x10 if logical => BinaryOp::Xor,
                    0x0e => BinaryOp::BitAnd,
                    0x0f => BinaryOp::BitOr,
                    0x10 => BinaryOp::BitXor,
                    0x13 => BinaryOp::Shl,
                    _ => BinaryOp::Shr,
                };
                let size = if t1 == 5 || t2 == 5 {
                    16
                } else {
                    size_of(t1).max(size_of(t2))
                };
                let value = binary(op, lhs, rhs);
                // `x /= 2` divides by the integer; `x = x / 2` makes it a real
                // first, and is no `op=`.
                if op == BinaryOp::Div && made_real {
                    self.plain_divisions.push(value.clone());
                }
                self.push(value, size)?;
            }
            0x11 => {
                let e = self.pop()?;
                self.push(negate(e.expr), e.size)?;
            }
            0x12 => {
                let e = self.pop()?;
                let op = if t1 == 4 {
                    UnaryOp::Not
                } else {
                    UnaryOp::BitNot
                };
                self.push(
                    Expr::Unary {
                        op,
                        expr: Box::new(e.expr),
                    },
                    e.size,
                )?;
            }
            op::CMP => {
                let rhs = self.pop_expr()?;
                let lhs = self.pop_expr()?;
                let op = match i.operand {
                    Operand::Compare(1) => BinaryOp::Lt,
                    Operand::Compare(2) => BinaryOp::Le,
                    Operand::Compare(3) => BinaryOp::Eq,
                    Operand::Compare(4) => BinaryOp::Ne,
                    Operand::Compare(5) => BinaryOp::Ge,
                    Operand::Compare(6) => BinaryOp::Gt,
                    _ => return Err("a comparison of no known kind".into()),
                };
                let rhs = if t1 == BOOL { as_bool(rhs) } else { rhs };
                self.push(binary(op, lhs, rhs), 4)?;
            }
            op::POP if t1 == 15 => return Err("pop.e (a stack swap) is not read yet".into()),
            op::POP => self.store(i)?,
            op::PUSHI => self.push(Expr::Number(Number::Int(i64::from(i.low as i16))), 4)?,
            op::DUP => self.dup(i)?,
            op::CALLV => {
                let function = self.pop_expr()?;
                let _instance = self.instance()?;
                let args = self.arguments(i.low)?;
                self.push(
                    Expr::Call {
                        callee: Box::new(function),
                        args,
                    },
                    16,
                )?;
            }
            op::RET => return Ok(End::Return(self.pop_expr()?)),
            op::EXIT => return Ok(End::Exit),
            op::POPZ => {
                let item = self.pop()?;
                self.discard(item);
            }
            op::B | op::BT | op::BF | op::PUSHENV | op::POPENV => return self.branch(i),
            op::PUSH | op::PUSHLOC | op::PUSHGLB | op::PUSHBLTN => self.push_operand(i, t1)?,
            op::CALL => {
                let name = match i.operand {
                    Operand::Call {
                        callee: Callee::Chain(c),
                        ..
                    } => self.ctx.chain_name(c).unwrap_or("").to_string(),
                    Operand::Call {
                        callee: Callee::String(s),
                        ..
                    } => self.ctx.string(s).unwrap_or("").to_string(),
                    _ => String::new(),
                };
                let args = self.arguments(i.low)?;
                if name == "@@try_hook@@" {
                    let at = |e: Option<&Expr>| match e {
                        Some(Expr::Number(Number::Int(n))) => u32::try_from(*n).ok(),
                        _ => None,
                    };
                    let (Some(catch), Some(finally)) = (at(args.first()), at(args.get(1))) else {
                        return Err("a try whose handler is not a constant offset".into());
                    };
                    // What the hook returns is dropped right after it.
                    self.stack.push(Item {
                        expr: Expr::Ident("undefined".into()),
                        size: 16,
                        role: Role::Hidden,
                    });
                    return Ok(End::Try {
                        catch,
                        finally,
                        resume: 0,
                    });
                }
                if name == "@@throw@@" {
                    self.out.push(Stmt::Expr(Expr::Call {
                        callee: Box::new(Expr::Ident(name)),
                        args,
                    }));
                    self.stack.push(Item {
                        expr: Expr::Ident("undefined".into()),
                        size: 16,
                        role: Role::Thrown,
                    });
                    return Ok(End::Next);
                }
                if name == "@@CopyStatic@@" {
                    self.inherit(&args)?;
                }
                self.sets_statics |= name == "@@SetStatic@@";
                let role = if matches!(name.as_str(), "@@SetStatic@@" | "@@CopyStatic@@") {
                    // Starts a constructor's or struct's body; nothing uses what it
                    // leaves, and some releases do not drop it.
                    Role::Hidden
                } else if i.through_reference {
                    Role::ReferenceWrite
                } else {
                    Role::Value
                };
                self.push_item(Item {
                    expr: Expr::Call {
                        callee: Box::new(Expr::Ident(name)),
                        args,
                    },
                    size: 16,
                    role,
                })?;
            }
            // A typed reference to a function, on its FUNC chain (2024.2 on).
            op::BREAK if matches!(i.operand, Operand::Reference { .. }) => {
                self.push_operand(i, t1)?
            }
            op::BREAK => self.signal(i)?,
            other => return Err(format!("opcode {other:#04x} is not read yet")),
        }
        Ok(End::Next)
    }

    /// `@@CopyStatic@@(Parent)` after the call of `Parent(args)` whose value
    /// stays on the stack: an inheriting constructor's start.
    fn inherit(&mut self, args: &[Expr]) -> Result<(), String> {
        let parent = match args {
            [Expr::Ident(r)] => r.rsplit_once(':').map_or(r.as_str(), |(_, n)| n),
            _ => return Err("@@CopyStatic@@ names no function".into()),
        };
        match self.stack.pop() {
            Some(Item {
                expr: Expr::Call { callee, args },
                ..
            }) if matches!(&*callee, Expr::Ident(c) if c == parent) => {
                self.inherits = Some((parent.to_string(), args));
                Ok(())
            }
            _ => Err(format!("@@CopyStatic@@({parent}) follows no call of it")),
        }
    }

    fn branch(&mut self, i: &Instr) -> Result<End, String> {
        if matches!(i.operand, Operand::LeaveWith) {
            return Ok(End::LeaveWith);
        }
        let Operand::Branch(target) = i.operand else {
            return Err("a branch with no target".into());
        };
        Ok(match i.op {
            op::B => End::Goto(target),
            op::BT | op::BF => End::Branch {
                cond: self.pop_expr()?,
                when: i.op == op::BT,
                target,
            },
            op::PUSHENV => End::PushEnv {
                target: self.instance()?,
                popenv: target,
            },
            _ => End::PopEnv { body: target },
        })
    }

    /// `argc` call arguments, the first on top.
    fn arguments(&mut self, argc: u16) -> Result<Vec<Expr>, String> {
        (0..argc).map(|_| self.pop_expr()).collect()
    }

    /// An instance popped for a variable or a `with`: after `-9` the instance is the
    /// value under it.
    fn instance(&mut self) -> Result<Expr, String> {
        let e = self.pop_expr()?;
        if e == Expr::Number(Number::Int(STACKTOP)) {
            let under = self.pop_expr()?;
            return Ok(self.instance_expr(under));
        }
        Ok(self.instance_expr(e))
    }

    /// An instance value as GML names it: `self`, `other`, an object's name.
    fn instance_expr(&self, e: Expr) -> Expr {
        let Expr::Number(Number::Int(n)) = e else {
            return e;
        };
        let name = match n {
            SELF => "self",
            OTHER => "other",
            ALL => "all",
            NOONE => "noone",
            GLOBAL => "global",
            _ => match self.ctx.object(n) {
                Some(object) => object,
                None => return e,
            },
        };
        Expr::Ident(name.to_string())
    }

    /// A variable named `name` of `instance` (already an expression).
    fn field(instance: Expr, name: String) -> Expr {
        match instance {
            Expr::Ident(ref who) if who == "self" => Expr::Ident(name),
            _ => Expr::Field {
                base: Box::new(instance),
                name,
            },
        }
    }

    /// Variable `name` of `owner`: a name alone for a local, a built-in, an
    /// argument, a static or the instance's own, a field otherwise.
    fn scoped(&mut self, owner: Expr, name: String) -> Expr {
        let mut name = name;
        if let Some(k) = numbered_argument(&name) {
            match owner {
                Expr::Number(Number::Int(ARGUMENT)) => {
                    self.arguments.named |= 1 << k;
                    name = self.arguments.parameter(k.into());
                }
                _ => self.arguments.builtin |= 1 << k,
            }
        }
        match owner {
            Expr::Number(Number::Int(LOCAL)) => {
                if !self.locals.contains(&name) {
                    self.locals.push(name.clone());
                }
                Expr::Ident(name)
            }
            Expr::Number(Number::Int(BUILTIN | ARGUMENT | STATIC)) => Expr::Ident(name),
            owner => Self::field(owner, name),
        }
    }

    /// The variable an operand names, popping what its kind takes from the stack:
    /// an instance, and an index for an array.
    fn variable(&mut self, i: &Instr) -> Result<(Expr, u8), String> {
        let Operand::Variable {
            chain,
            instance,
            kind,
        } = i.operand
        else {
            return Err("a variable instruction with no variable".into());
        };
        let name = chain
            .and_then(|c| self.ctx.chain_name(c))
            .unwrap_or("")
            .to_string();
        if let Some(k) = numbered_argument(&name).filter(|_| i.op == op::PUSHBLTN) {
            self.arguments.pushed_builtin |= 1 << k;
        }
        let instance = i64::from(instance);
        Ok(match kind {
            ARRAY_VARIABLE | ARRAY_PUSH_VARIABLE | ARRAY_POP_VARIABLE => {
                let index = self.pop_expr()?;
                let owner = self.instance()?;
                let alone = builtins::variable(&name).is_some_and(|v| v.array);
                let base = self.scoped(owner, name);
                // A built-in array named alone is its first element, indexed
                // with a 64-bit 0 (`view_wport`).
                if alone
                    && index == crate::formats::gamemaker::gml::decompile::unknown_enum::member(0)
                    && matches!(base, Expr::Ident(_))
                {
                    return Ok((base, kind));
                }
                let indexed = Expr::Index {
                    base: Box::new(base),
                    accessor: array_accessor(i),
                    indices: two_dimensional(index),
                };
                (indexed, kind)
            }
            STACKTOP_VARIABLE => {
                let owner = self.instance()?;
                (self.scoped(owner, name), kind)
            }
            // Where an instance's own variables are named through `builtin`, one
            // named through `self` was written `self.name`; so was one a local's
            // name hides (vendaval's `self.name = name`).
            _ if instance == SELF
                && ((self.ctx.explicit_self && i.op != op::PUSHBLTN)
                    || self.local_names.contains(&name)) =>
            {
                let field = Expr::Field {
                    base: Box::new(Expr::Ident("self".into())),
                    name,
                };
                (field, kind)
            }
            _ => {
                let owner = match instance {
                    STACKTOP => self.instance()?,
                    // Never an object's name, though an object has that index
                    // (Miltonbhowmick/FarmerHouseGM's `(15).x`, object15 beside it).
                    n if kind == INSTANCE_VARIABLE && self.ctx.instances_by_number => {
                        Expr::Number(Number::Int(n))
                    }
                    _ => self.instance_expr(Expr::Number(Number::Int(instance))),
                };
                (self.scoped(owner, name), kind)
            }
        })
    }

    fn push_operand(&mut self, i: &Instr, t1: u8) -> Result<(), String> {
        // A function, on its FUNC chain or (in a blob off the chains) by its
        // name's string: where it is pushed tells a declaration from a use
        // (see tidy).
        if let Some(name) = pushed_function(self.ctx, i) {
            let size = if i.op == op::BREAK { 16 } else { 4 };
            self.push(Expr::Ident(format!("@@function@@{}:{name}", i.at)), size)?;
            return Ok(());
        }
        let (expr, size) = match &i.operand {
            Operand::Double(d) => (Expr::Number(Number::Real(*d)), 8),
            Operand::Float(f) => (Expr::Number(Number::Real(f64::from(*f))), 4),
            Operand::Int(n) => (Expr::Number(Number::Int(i64::from(*n))), 4),
            // GameMaker pushes a 64-bit integer that a 32-bit one could hold only
            // for an enum's member: the enum is gone, so one stands in for it.
            Operand::Long(n) if i32::try_from(*n).is_ok() => (
                crate::formats::gamemaker::gml::decompile::unknown_enum::member(*n),
                8,
            ),
            Operand::Long(n) => (Expr::Number(Number::Int(*n)), 8),
            Operand::Short(n) if t1 == 4 => (Expr::Bool(*n != 0), 4),
            Operand::Short(1) if i.op == op::PUSH => (Expr::Ident(ONE.into()), 4),
            Operand::Short(n) => (Expr::Number(Number::Int(i64::from(*n))), 4),
            Operand::String(id) => (
                Expr::String(self.ctx.string(*id).unwrap_or("").to_string()),
                16,
            ),
            // A variable's hash, which GameMaker works out for
            // `variable_get_hash("name")` (2024.8 on).
            Operand::Reference { chain } if self.ctx.is_variable_chain(*chain) => {
                let name = self.ctx.chain_name(*chain).unwrap_or("");
                let call = Expr::Call {
                    callee: Box::new(Expr::Ident(VARIABLE_HASH.into())),
                    args: vec![Expr::String(name.into())],
                };
                (call, 4)
            }
            Operand::Variable { instance, .. } => {
                let (expr, kind) = self.variable(i)?;
                if i.op == op::PUSH
                    && kind == PLAIN_VARIABLE
                    && matches!(i64::from(*instance), LOCAL | GLOBAL | BUILTIN)
                {
                    self.plain_reads.push(expr.clone());
                }
                let role = if kind == ARRAY_PUSH_VARIABLE || kind == ARRAY_POP_VARIABLE {
                    Role::ArrayRef
                } else {
                    Role::Value
                };
                self.push_item(Item {
                    expr,
                    size: 16,
                    role,
                })?;
                return Ok(());
            }
            other => return Err(format!("a push of {other:?}")),
        };
        self.push(expr, size)?;
        Ok(())
    }

    /// `pop`: a store. Its first type says the order: an `i` store (after `dup`) has
    /// the value on top of the variable's instance and index; the others under them.
    fn store(&mut self, i: &Instr) -> Result<(), String> {
        if i.types[0] != 2 {
            let (target, _) = self.variable(i)?;
            let mut value = self.pop()?;
            if i.types[1] == BOOL {
                value.expr = as_bool(value.expr);
            }
            // `x++` as a value: the old value, copied by `dup`, stays under the store.
            if let Some((step, read)) = step_of(&value.expr) {
                if *read == target && self.top_is(&target) {
                    let top = self.stack.len() - 1;
                    self.stack[top].expr = Expr::Step {
                        op: step.post(),
                        target: Box::new(target),
                    };
                    return Ok(());
                }
            }
            // `++x` as a value: the new value, copied by `dup`, is what is stored.
            if value.role == Role::Copy && self.top_is(&value.expr) {
                if let Some((step, read)) = step_of(&value.expr) {
                    if *read == target {
                        let top = self.stack.len() - 1;
                        self.stack[top].expr = Expr::Step {
                            op: step.pre(),
                            target: Box::new(target),
                        };
                        return Ok(());
                    }
                }
            }
            let compound = self.may_compound(i, &target, &value.expr);
            self.assign(target, value.expr, compound);
            return Ok(());
        }
        let value = self.pop()?;
        let step = step_of(&value.expr);
        // `x++` as a value, first form: the old value, copied by `dup`, is between
        // the new value and the variable's instance and index.
        if let Some((step, read)) = &step {
            if self.top_is(read) {
                let old = self.pop()?;
                let (target, _) = self.variable(i)?;
                if target != old.expr {
                    return Err("a dup'd store of another variable".into());
                }
                self.push_step(step.post(), target, old.size)?;
                return Ok(());
            }
        }
        let (target, _) = self.variable(i)?;
        // Second form: the old value was moved under the instance and index.
        if let Some((step, read)) = &step {
            if **read == target && self.top_is(&target) {
                let old = self.pop()?;
                self.push_step(step.post(), target, old.size)?;
                return Ok(());
            }
        }
        // Stored through `dup`: `a[i] += v`, as GameMaker compiles it.
        self.assign(target, value.expr, true);
        Ok(())
    }

    /// Whether a store of `value` to `target` by `i` was written `target op= …`.
    /// GameMaker reads the target for `op=` with a plain `push`, where reading a
    /// local, a global or a built-in for an expression takes its own push; an
    /// array element it reads again for `a[i] = a[i] + 1`, but through `dup` for
    /// `a[i] += 1`, and so does a variable of an instance an expression gives
    /// (`inst.x += 1`). A variable of a named instance reads the same both ways.
    fn may_compound(&mut self, i: &Instr, target: &Expr, value: &Expr) -> bool {
        if matches!(target, Expr::Index { .. })
            || matches!(i.operand, Operand::Variable { kind, .. } if kind == STACKTOP_VARIABLE)
        {
            return false;
        }
        let Expr::Binary { lhs, .. } = value else {
            return false;
        };
        if self.plain_divisions.contains(value) {
            return false;
        }
        if !matches!(i.operand, Operand::Variable { instance, kind, .. }
            if kind == PLAIN_VARIABLE && matches!(i64::from(instance), LOCAL | GLOBAL | BUILTIN))
        {
            return true;
        }
        match self.plain_reads.iter().rposition(|r| r == &**lhs) {
            Some(k) => {
                self.plain_reads.remove(k);
                true
            }
            None => false,
        }
    }

    /// Whether the value on top of the stack is `e`, one the code computed: a
    /// `switch` on `e` keeps a hidden copy there too, which is not one.
    fn top_is(&self, e: &Expr) -> bool {
        self.stack
            .last()
            .is_some_and(|v| v.role != Role::Hidden && v.expr == *e)
    }

    fn push_step(&mut self, op: StepOp, target: Expr, size: u8) -> Result<(), String> {
        self.push(
            Expr::Step {
                op,
                target: Box::new(target),
            },
            size,
        )
    }

    fn assign(&mut self, target: Expr, value: Expr, compound_ok: bool) {
        if let Expr::Ident(name) | Expr::Field { name, .. } = &target {
            // The hidden global that holds a struct literal's constructor.
            if name.starts_with("___struct___") {
                return;
            }
        }
        // `x++` as a statement adds a `push.e 1`; `x += n` a pushed number.
        if let Some((step, read)) = step_of(&value) {
            if *read == target && is_one(&value) {
                self.out.push(Stmt::Expr(Expr::Step {
                    op: step.post(),
                    target: Box::new(target),
                }));
                return;
            }
        }
        if compound_ok {
            self.out.push(compound(target, value));
        } else {
            self.out.push(Stmt::Assign {
                target,
                op: AssignOp::Set,
                value,
            });
        }
    }

    /// `popz`: a value nobody uses. A call's is its statement; a copy's or a hidden
    /// value's is nothing.
    fn discard(&mut self, item: Item) {
        /// Calls whose value is a copy kept elsewhere (`method`), or that only mark
        /// where a `try`'s parts end: the structure says that.
        const SILENT: [&str; 4] = [
            "method",
            "@@try_unhook@@",
            "@@finish_catch@@",
            "@@finish_finally@@",
        ];
        if matches!(item.role, Role::Hidden | Role::Thrown) {
            return;
        }
        match item.expr {
            Expr::Call { ref callee, .. } if matches!(&**callee, Expr::Ident(n) if SILENT.contains(&n.as_str())) =>
                {}
            Expr::Call { callee, args } if item.role == Role::ReferenceWrite => {
                self.out.push(match <[Expr; 3]>::try_from(args) {
                    Ok([array, index, value]) => Stmt::Assign {
                        target: Expr::Index {
                            base: Box::new(array),
                            accessor: Accessor::ArrayRef,
                            indices: vec![index],
                        },
                        op: AssignOp::Set,
                        value,
                    },
                    Err(args) => Stmt::Expr(Expr::Call { callee, args }),
                })
            }
            Expr::Function(_) => {}
            e => self.out.push(Stmt::Expr(e)),
        }
    }

    /// `dup`: copies the top bytes, or (with the top bit) moves a run of bytes from
    /// under the top ones to the top.
    fn dup(&mut self, i: &Instr) -> Result<(), String> {
        let unit = usize::from(size_of(i.types[0]));
        let low = usize::from(i.low);
        if low & 0x8000 == 0 {
            let bytes = (low & 0xff) * unit + unit;
            let from = self.split(bytes)?;
            self.copying(&self.stack[from..])?;
            let copies: Vec<Item> = self.stack[from..]
                .iter()
                .map(|item| Item {
                    role: match item.role {
                        Role::Hidden | Role::Value | Role::ReferenceWrite => Role::Copy,
                        r => r,
                    },
                    ..item.clone()
                })
                .collect();
            self.stack.extend(copies);
            return Ok(());
        }
        let over = (low & 0x7ff) * unit;
        let moved = ((low >> 11) & 0xf) * unit;
        let top = self.split(over)?;
        let start = self.split_below(top, moved)?;
        let run: Vec<Item> = self.stack.drain(start..top).collect();
        self.stack.extend(run);
        Ok(())
    }

    /// The index where the top `bytes` of the stack start.
    fn split(&self, bytes: usize) -> Result<usize, String> {
        self.split_below(self.stack.len(), bytes)
    }

    /// The index where the `bytes` under index `top` start.
    fn split_below(&self, top: usize, bytes: usize) -> Result<usize, String> {
        let mut left = bytes;
        let mut at = top;
        while left > 0 {
            at = at
                .checked_sub(1)
                .ok_or_else(|| format!("dup of {bytes} bytes past the stack's bottom"))?;
            let size = usize::from(self.stack[at].size);
            left = left
                .checked_sub(size)
                .ok_or_else(|| format!("dup of {bytes} bytes splits a value"))?;
        }
        Ok(at)
    }

    fn signal(&mut self, i: &Instr) -> Result<(), String> {
        let Operand::Break { signal, extra } = i.operand else {
            return Err("a break with no signal".into());
        };
        match signal {
            // chkindex: checks the index on top.
            -1 => {}
            // pushaf and pushac: a further index into the array element under it.
            -2 | -4 => {
                let index = self.pop_expr()?;
                let array = self.pop()?;
                let expr = Expr::Index {
                    base: Box::new(array.expr),
                    accessor: Accessor::Array,
                    indices: vec![index],
                };
                let role = if signal == -4 {
                    Role::ArrayRef
                } else {
                    Role::Value
                };
                self.push_item(Item {
                    expr,
                    size: 16,
                    role,
                })?;
            }
            // popaf: stores the value under the array element at a further index.
            -3 => {
                let index = self.pop_expr()?;
                let array = self.pop_expr()?;
                let value = self.pop_expr()?;
                let target = Expr::Index {
                    base: Box::new(array),
                    accessor: array_accessor(i),
                    indices: vec![index],
                };
                self.assign(target, value, true);
            }
            // setowner: which instance owns the array written next.
            -5 => {
                self.pop()?;
            }
            // isstaticok: whether the statics were set up already.
            -6 => self.push(Expr::Ident("@@isstaticok@@".into()), 4)?,
            // setstatic; savearef and restorearef keep an array reference aside.
            -9..=-7 => {}
            // chknullish: whether the value on top is undefined, leaving it there.
            -10 => {
                let top = self
                    .stack
                    .last()
                    .cloned()
                    .ok_or_else(|| "chknullish on an empty stack".to_string())?;
                self.copying(std::slice::from_ref(&top))?;
                self.push(
                    Expr::Call {
                        callee: Box::new(Expr::Ident("@@isnullish@@".into())),
                        args: vec![top.expr],
                    },
                    4,
                )?;
            }
            // pushref: a typed reference to a resource.
            -11 => {
                let value = i64::from(extra.unwrap_or(0));
                let (kind, index) = ((value >> 24) as u32, value & 0xff_ffff);
                let name =
                    (self.ctx.refs.chunk(kind)).and_then(|chunk| self.ctx.asset(chunk, index));
                let expr = match name {
                    Some(n) => Expr::Ident(n.to_string()),
                    None => Expr::Number(Number::Int(value)),
                };
                self.push(expr, 16)?;
            }
            other => return Err(format!("break signal {other} is not read yet")),
        }
        Ok(())
    }
}

/// What `push.e 1` pushes: the one that `++` and `--` add, apart from a written 1.
pub const ONE: &str = "@@one@@";

#[derive(Clone, Copy)]
enum Step {
    Inc,
    Dec,
}

impl Step {
    fn pre(self) -> StepOp {
        match self {
            Step::Inc => StepOp::PreInc,
            Step::Dec => StepOp::PreDec,
        }
    }

    fn post(self) -> StepOp {
        match self {
            Step::Inc => StepOp::PostInc,
            Step::Dec => StepOp::PostDec,
        }
    }
}

/// Whether `value` is `x + 1` or `x - 1`, as `++` and `--` compile, and `x`.
fn step_of(value: &Expr) -> Option<(Step, &Expr)> {
    let Expr::Binary { op, lhs, rhs } = value else {
        return None;
    };
    let one = matches!(&**rhs, Expr::Number(Number::Int(1)) | Expr::Bool(true))
        || matches!(&**rhs, Expr::Ident(n) if n == ONE);
    match op {
        BinaryOp::Add if one => Some((Step::Inc, lhs)),
        BinaryOp::Sub if one => Some((Step::Dec, lhs)),
        _ => None,
    }
}

/// Whether the step of `value` adds the `push.e 1` of `++`/`--`.
fn is_one(value: &Expr) -> bool {
    matches!(value, Expr::Binary { rhs, .. } if matches!(&**rhs, Expr::Ident(n) if n == ONE))
}

/// `x = x op y` as `x op= y`: GameMaker compiles both alike.
fn compound(target: Expr, value: Expr) -> Stmt {
    if let Expr::Binary { op, lhs, rhs } = &value {
        let assign = match op {
            BinaryOp::Add => Some(AssignOp::Add),
            BinaryOp::Sub => Some(AssignOp::Sub),
            BinaryOp::Mul => Some(AssignOp::Mul),
            BinaryOp::Div => Some(AssignOp::Div),
            BinaryOp::BitAnd => Some(AssignOp::And),
            BinaryOp::BitOr => Some(AssignOp::Or),
            BinaryOp::BitXor => Some(AssignOp::Xor),
            _ => None,
        };
        if let (Some(op), true) = (assign, **lhs == target) {
            return Stmt::Assign {
                target,
                op,
                value: (**rhs).clone(),
            };
        }
    }
    Stmt::Assign {
        target,
        op: AssignOp::Set,
        value,
    }
}

/// An array index as written: before 2.3 `a[i, j]` compiles to the one index
/// `i * 32000 + j`.
fn two_dimensional(index: Expr) -> Vec<Expr> {
    if let Expr::Binary {
        op: BinaryOp::Add,
        lhs,
        rhs,
    } = &index
    {
        if let Expr::Binary {
            op: BinaryOp::Mul,
            lhs: row,
            rhs: width,
        } = &**lhs
        {
            if **width == Expr::Number(Number::Int(32000)) {
                return vec![(**row).clone(), (**rhs).clone()];
            }
        }
    }
    vec![index]
}

fn binary(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
    Expr::Binary {
        op,
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
    }
}

/// `-e`, folded into a number literal as GameMaker's compiler folds it.
fn negate(e: Expr) -> Expr {
    match e {
        Expr::Number(Number::Int(n)) => Expr::Number(Number::Int(-n)),
        Expr::Number(Number::Real(r)) => Expr::Number(Number::Real(-r)),
        e => Expr::Unary {
            op: UnaryOp::Neg,
            expr: Box::new(e),
        },
    }
}

/// `[@ ]` for a write through the array itself, `[ ]` otherwise.
fn array_accessor(i: &Instr) -> Accessor {
    if i.through_reference {
        Accessor::ArrayRef
    } else {
        Accessor::Array
    }
}
