//! Where each statement of a parsed text starts, so that the compiler's messages
//! name a line and a column.
//!
//! The tree carries no positions: the decompiler builds the same tree from
//! bytecode, where there are none, and every pass over it would have to carry
//! them. Instead the parser writes down where each statement starts, in the
//! order it reads them, and [`Places::of`] walks the finished tree in that same
//! order to pin each position to its statement. Each start is checked against
//! its statement's kind; if the two walks ever disagree, no statement is placed
//! at all rather than one wrongly, and messages fall back to finding their name
//! in the text.

use std::collections::HashMap;
use std::mem::Discriminant;

use crate::formats::gamemaker::gml::language::ast::{Expr, Function, Stmt, TemplatePart};
use crate::formats::gamemaker::gml::language::lex::Pos;

/// A statement's start as the parser read it: where, and what kind it became.
pub(crate) type Start = (Pos, Option<Discriminant<Stmt>>);

/// The start of every statement of one parsed tree, by the statement's place in
/// memory: the tree must not move while they are looked up.
#[derive(Debug, Clone, Default)]
pub struct Places {
    by_address: HashMap<usize, Pos>,
}

impl Places {
    /// The starts of `block`'s statements, pinned in the parser's order.
    pub(crate) fn of(block: &[Stmt], starts: &[Start]) -> Places {
        let mut pin = Pinning {
            starts: starts.iter(),
            places: Places::default(),
            agreed: true,
        };
        pin.block(block);
        if pin.agreed && pin.starts.next().is_none() {
            pin.places
        } else {
            Places::default()
        }
    }

    /// Where `s` starts, if it is a statement of the parsed tree.
    pub fn of_stmt(&self, s: &Stmt) -> Option<Pos> {
        self.by_address.get(&address(s)).copied()
    }
}

fn address(s: &Stmt) -> usize {
    s as *const Stmt as usize
}

/// One walk over the tree, taking the parser's starts in turn.
struct Pinning<'s> {
    starts: std::slice::Iter<'s, Start>,
    places: Places,
    agreed: bool,
}

impl Pinning<'_> {
    fn block(&mut self, block: &[Stmt]) {
        for s in block {
            if !self.agreed {
                return;
            }
            match self.starts.next() {
                Some((at, Some(kind))) if *kind == std::mem::discriminant(s) => {
                    self.places.by_address.insert(address(s), *at);
                }
                _ => self.agreed = false,
            }
            self.parts(s);
        }
    }

    /// What `s` holds, in the order it is written. A `for` loop's start and step
    /// are read by the loop's head, not as statements of their own: only what
    /// they hold is walked.
    fn parts(&mut self, s: &Stmt) {
        match s {
            Stmt::Expr(e) | Stmt::Throw(e) | Stmt::Delete(e) | Stmt::Return(Some(e)) => {
                self.expr(e)
            }
            Stmt::Assign { target, value, .. } => {
                self.expr(target);
                self.expr(value);
            }
            Stmt::Var(list) | Stmt::Static(list) => {
                for v in list.iter().filter_map(|d| d.value.as_ref()) {
                    self.expr(v);
                }
            }
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond);
                self.block(then);
                if let Some(o) = otherwise {
                    self.block(o);
                }
            }
            Stmt::While { cond: e, body }
            | Stmt::Repeat { count: e, body }
            | Stmt::With { target: e, body } => {
                self.expr(e);
                self.block(body);
            }
            Stmt::DoUntil { body, cond } => {
                self.block(body);
                self.expr(cond);
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.parts(i);
                }
                if let Some(c) = cond {
                    self.expr(c);
                }
                if let Some(st) = step {
                    self.parts(st);
                }
                self.block(body);
            }
            Stmt::Switch { value, cases } => {
                self.expr(value);
                for c in cases {
                    if let Some(l) = &c.label {
                        self.expr(l);
                    }
                    self.block(&c.body);
                }
            }
            Stmt::Try {
                body,
                catch,
                finally,
            } => {
                self.block(body);
                if let Some((_, c)) = catch {
                    self.block(c);
                }
                if let Some(f) = finally {
                    self.block(f);
                }
            }
            Stmt::Function(f) => self.function(f),
            Stmt::Enum { members, .. } => {
                for v in members.iter().filter_map(|(_, v)| v.as_ref()) {
                    self.expr(v);
                }
            }
            Stmt::Block(b) => self.block(b),
            Stmt::Return(None)
            | Stmt::GlobalVar(_)
            | Stmt::Break
            | Stmt::Continue
            | Stmt::Exit
            | Stmt::Macro { .. } => {}
        }
    }

    fn function(&mut self, f: &Function) {
        for d in f.params.iter().filter_map(|p| p.default.as_ref()) {
            self.expr(d);
        }
        if let Some((_, args)) = &f.inherits {
            for a in args {
                self.expr(a);
            }
        }
        self.block(&f.body);
    }

    /// The statements inside `e`: those of its function literals, in order.
    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::Field { base, .. } => self.expr(base),
            Expr::Index { base, indices, .. } => {
                self.expr(base);
                indices.iter().for_each(|i| self.expr(i));
            }
            Expr::Call { callee, args } | Expr::New { callee, args } => {
                self.expr(callee);
                args.iter().for_each(|a| self.expr(a));
            }
            Expr::Unary { expr, .. } | Expr::Group(expr) => self.expr(expr),
            Expr::Step { target, .. } => self.expr(target),
            Expr::Binary { lhs, rhs, .. } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            Expr::Ternary {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond);
                self.expr(then);
                self.expr(otherwise);
            }
            Expr::Array(items) => items.iter().for_each(|i| self.expr(i)),
            Expr::Struct(fields) => fields.iter().for_each(|(_, v)| self.expr(v)),
            Expr::Template(parts) => {
                for p in parts {
                    if let TemplatePart::Expr(x) = p {
                        self.expr(x);
                    }
                }
            }
            Expr::Function(f) => self.function(f),
            Expr::Number(_) | Expr::String(_) | Expr::Bool(_) | Expr::Ident(_) => {}
        }
    }
}
