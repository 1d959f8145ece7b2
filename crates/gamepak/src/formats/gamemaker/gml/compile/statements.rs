//! Statements, and the branch layout GameMaker gives each construct.

use crate::formats::gamemaker::bytecode::opcodes::{instance, op};
use crate::formats::gamemaker::gml::compile::emit::Ty;
use crate::formats::gamemaker::gml::compile::ins::{self, EQ, LE};
use crate::formats::gamemaker::gml::compile::target::MOST_LOCALS;
use crate::formats::gamemaker::gml::language::ast::{AssignOp, Block, Case, Expr, Stmt};
use crate::formats::gamemaker::{gml::compile::Exits, gml::compile::Gen, gml::compile::Leaving};

/// The local GameMaker keeps a returned value in while it leaves a `with` or a
/// `switch`.
const TEMP: &str = "$$$$temp$$$$";

impl Gen<'_> {
    pub(crate) fn block(&mut self, block: &[Stmt]) {
        for s in block {
            self.stmt(s);
        }
    }

    pub(crate) fn stmt(&mut self, s: &Stmt) {
        let outer = self.at;
        if let Some(at) = self.places.and_then(|p| p.of_stmt(s)) {
            self.at = Some(at);
        }
        self.statement(s);
        self.at = outer;
    }

    fn statement(&mut self, s: &Stmt) {
        self.needs(crate::formats::gamemaker::gml::compile::syntax::of_stmt(s));
        match s {
            Stmt::Expr(e) => {
                self.name_call_owner(e);
                self.discard(e)
            }
            Stmt::Assign { target, op, value } => self.assign(target, *op, value),
            Stmt::Var(list) => {
                for d in list {
                    self.declare_local(&d.name);
                    if let Some(v) = &d.value {
                        self.assign(&Expr::Ident(d.name.clone()), AssignOp::Set, v);
                    }
                }
            }
            Stmt::GlobalVar(_) => {}
            Stmt::If {
                cond,
                then,
                otherwise,
            } => self.if_stmt(cond, then, otherwise.as_ref()),
            Stmt::While { cond, body } => {
                let (top, end) = (self.code.label(), self.code.label());
                self.code.place(top);
                self.cond(cond);
                self.code.branch(op::BF, end);
                self.looped(Leaving::Loop, end, top, body);
                self.code.branch(op::B, top);
                self.code.place(end);
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(init) = init {
                    self.stmt(init);
                }
                let (top, next, end) = (self.code.label(), self.code.label(), self.code.label());
                self.code.place(top);
                if let Some(cond) = cond {
                    self.cond(cond);
                    self.code.branch(op::BF, end);
                }
                self.looped(Leaving::Loop, end, next, body);
                self.code.place(next);
                if let Some(step) = step {
                    self.stmt(step);
                }
                self.code.branch(op::B, top);
                self.code.place(end);
            }
            Stmt::DoUntil { body, cond } => {
                let (top, test, end) = (self.code.label(), self.code.label(), self.code.label());
                self.code.place(top);
                self.looped(Leaving::Loop, end, test, body);
                self.code.place(test);
                self.cond(cond);
                self.code.branch(op::BF, top);
                self.code.place(end);
            }
            Stmt::Repeat { count, body } => self.repeat(count, body),
            Stmt::With { target, body } => self.with(target, body),
            Stmt::Switch { value, cases } => self.switch(value, cases),
            Stmt::Break => match self.exits.last().and_then(|e| e.brk) {
                Some(l) => self.code.branch(op::B, l),
                None => self.error("`break` outside a loop or switch"),
            },
            Stmt::Continue => self.continue_stmt(),
            Stmt::Exit => {
                self.leave_all();
                self.op(ins::exit());
            }
            Stmt::Return(value) => self.return_stmt(value.as_ref()),
            Stmt::Block(b) => self.block(b),
            Stmt::Macro { name, .. } => self.refuse_builtin_name(name),
            Stmt::Enum { .. } => {}
            Stmt::Function(f) => self.function(
                f,
                f.name
                    .as_deref()
                    .map(crate::formats::gamemaker::gml::compile::functions::StoredAs::Instance),
            ),
            Stmt::Try {
                body,
                catch: Some((name, handler)),
                finally: None,
            } => self.try_catch(body, name, handler),
            Stmt::Throw(e) => {
                self.value(e);
                self.op(ins::call("@@throw@@", 1));
                if self.env.target.throw_drops_value {
                    self.op(ins::popz(Ty::V));
                }
            }
            // Gathered at the top of their function (see `functions`).
            Stmt::Static(_) => {}
            Stmt::Try { .. } | Stmt::Delete(_) => {
                self.error("this statement is not compiled yet");
            }
        }
    }

    /// `try { … } catch (e) { … }`: `@@try_hook@@` takes where the handler and
    /// the code after it are; an exception lands in the handler with its value
    /// on the stack.
    fn try_catch(&mut self, body: &Block, name: &str, handler: &Block) {
        let (catch, after, end) = (self.code.label(), self.code.label(), self.code.label());
        self.code.push_offset(after);
        self.op(ins::conv(Ty::I, Ty::V));
        self.code.push_offset(catch);
        self.op(ins::conv(Ty::I, Ty::V));
        self.op(ins::call("@@try_hook@@", 2));
        self.op(ins::popz(Ty::V));
        // `break` and `continue` go where they would outside it.
        let around = self.exits.last();
        self.exits.push(Exits {
            brk: around.and_then(|e| e.brk),
            cont: around.and_then(|e| e.cont),
            kind: Leaving::Try,
            cont_used: false,
            in_default: false,
        });
        self.block(body);
        let inside = self.exits.pop();
        if let (Some(e), Some(true)) = (self.exits.last_mut(), inside.map(|e| e.cont_used)) {
            e.cont_used = true;
        }
        self.code.branch(op::B, after);
        self.code.place(catch);
        self.declare_local(name);
        self.op(ins::pop_plain(instance::LOCAL, name));
        self.op(ins::call("@@try_unhook@@", 0));
        self.op(ins::popz(Ty::V));
        self.block(handler);
        self.op(ins::call("@@finish_catch@@", 0));
        self.op(ins::popz(Ty::V));
        self.code.branch(op::B, end);
        self.code.place(after);
        self.op(ins::call("@@try_unhook@@", 0));
        self.op(ins::popz(Ty::V));
        self.code.place(end);
    }

    /// An expression as a statement: its value dropped.
    pub(crate) fn discard(&mut self, e: &Expr) {
        if let Expr::Step { op, target } = e {
            self.step(*op, target);
            return;
        }
        let ty = self.expr(e);
        self.op(ins::popz(ty));
    }

    fn if_stmt(&mut self, cond: &Expr, then: &Block, otherwise: Option<&Block>) {
        let other = self.code.label();
        self.name_call_owner(cond);
        self.cond(cond);
        let before = self.last_owner;
        self.code.branch(op::BF, other);
        self.block(then);
        let after_then = self.last_owner;
        match otherwise {
            Some(o) => {
                self.last_owner = before;
                let end = self.code.label();
                // An arm that ends in `continue` has jumped already: GameMaker
                // adds no jump over the other arm (nor, from 2024.14, after a
                // `break`).
                // Some games jump over an `else if` all the same inside
                // `with` (lordbenedikt/2d_dungeon_gm, though not over an
                // `else { with … }`; not Andreasholmbrg/Chonko, of the same
                // releases: the game's code tells).
                let jumps = self.env.target.with_continue_jumps_over_else
                    && self.exits.last().is_some_and(|e| e.kind == Leaving::With)
                    && matches!(o.as_slice(), [Stmt::If { .. }]);
                let jumped = match then.last() {
                    Some(Stmt::Continue) => true,
                    Some(Stmt::Break) => self.env.target.break_skips_jump_over_else(),
                    _ => false,
                };
                if !jumped || jumps {
                    self.code.branch(op::B, end);
                }
                self.code.place(other);
                self.block(o);
                self.code.place(end);
                if !leaves(then) {
                    self.join_owners(after_then);
                }
            }
            // With no `else`, the owner the arm named is still the last named,
            // whether the arm ran or not (SekaLudianto/tebak-lagu's `if (…) {
            // array_set(…); return …; }` then another `array_set` naming none;
            // AyGeeEm/CAP4053_EC's `area[2] = px` in an `if` inside an `else`,
            // then `area[1] = py` naming none; Nicraftin/PortalSulka's alarms).
            None => self.code.place(other),
        }
    }

    /// The body of a loop, whose `break` goes to `brk` and `continue` to `cont`.
    fn looped(
        &mut self,
        kind: Leaving,
        brk: crate::formats::gamemaker::gml::compile::emit::Label,
        cont: crate::formats::gamemaker::gml::compile::emit::Label,
        body: &Block,
    ) {
        let before = self.last_owner;
        self.exits.push(Exits {
            brk: Some(brk),
            cont: Some(cont),
            kind,
            cont_used: false,
            in_default: false,
        });
        self.block(body);
        self.exits.pop();
        self.join_owners(before);
    }

    /// `repeat (n)`: the count is an integer, or a 64-bit one where it is
    /// already one (an enum's member, `repeat (E.SIZE)` in
    /// Gatoiq/tiempo-del-este's Input library).
    fn repeat(&mut self, count: &Expr, body: &Block) {
        let (top, next, end) = (self.code.label(), self.code.label(), self.code.label());
        let mut ty = self.expr(count);
        if ty != Ty::L {
            self.to(ty, Ty::I);
            ty = Ty::I;
        }
        self.op(ins::dup(ty, 0));
        self.op(ins::push_int(0));
        self.op(ins::cmp(Ty::I, ty, LE));
        self.code.branch(op::BT, end);
        self.code.place(top);
        self.looped(Leaving::Repeat(ty), end, next, body);
        self.code.place(next);
        self.op(if self.env.target.repeat_tests_the_count() {
            ins::pushi(1)
        } else {
            ins::push_int(1)
        });
        self.op(ins::binary(op::SUB, Ty::I, ty));
        self.op(ins::dup(ty, 0));
        if !self.env.target.repeat_tests_the_count() || ty == Ty::L {
            self.op(ins::conv(ty, Ty::B));
        }
        self.code.branch(op::BT, top);
        self.code.place(end);
        self.op(ins::popz(ty));
    }

    fn with(&mut self, target: &Expr, body: &Block) {
        let (top, end) = (self.code.label(), self.code.label());
        let ty = self.expr(target);
        if ty == Ty::V && self.env.target.functions() {
            self.op(ins::pushi(-9));
        } else {
            self.to(ty, Ty::I);
        }
        self.code.branch(op::PUSHENV, end);
        self.code.place(top);
        // A `break` leaves every instance: through a `popenv exit` of its own,
        // after the loop and jumped over.
        let leave = breaks_out(body).then(|| self.code.label());
        self.looped(Leaving::With, leave.unwrap_or(end), end, body);
        self.code.place(end);
        self.code.branch(op::POPENV, top);
        if let Some(leave) = leave {
            let over = self.code.label();
            self.code.branch(op::B, over);
            self.code.place(leave);
            self.op(ins::leave_with());
            self.code.place(over);
        }
    }

    fn switch(&mut self, value: &Expr, cases: &[Case]) {
        let ty = self.expr(value);
        let end = self.code.label();
        let labels: Vec<_> = cases.iter().map(|_| self.code.label()).collect();
        for (case, &label) in cases.iter().zip(&labels) {
            let Some(l) = &case.label else { continue };
            self.op(ins::dup(ty, 0));
            let lt = self.expr(l);
            self.op(ins::cmp(lt, ty, EQ));
            self.code.branch(op::BT, label);
        }
        if let Some(k) = cases.iter().position(|c| c.label.is_none()) {
            self.code.branch(op::B, labels[k]);
        }
        self.code.branch(op::B, end);
        // A `continue` inside goes to a stub after the cases that drops the
        // value, then continues the loop around.
        let stub = self
            .exits
            .last()
            .and_then(|e| e.cont)
            .map(|_| self.code.label());
        self.exits.push(Exits {
            brk: Some(end),
            cont: stub,
            kind: Leaving::Switch(ty),
            cont_used: false,
            in_default: false,
        });
        // A case is reached from the dispatch, and from the case before it
        // where that one runs on: the owner named last is one both named
        // (Nicraftin/PortalSulka's `alarm[1] = room_speed` names its owner after
        // a case that named the same one and ended in `break`).
        let before = self.last_owner;
        let mut runs_on = false;
        for (case, &label) in cases.iter().zip(&labels) {
            self.code.place(label);
            if runs_on {
                self.join_owners(before);
            } else {
                self.last_owner = before;
            }
            if let Some(e) = self.exits.last_mut() {
                e.in_default = case.label.is_none();
            }
            self.block(&case.body);
            runs_on = !leaves(&case.body);
        }
        self.join_owners(before);
        let inside = self.exits.pop();
        if let (Some(stub), Some(true)) = (stub, inside.map(|e| e.cont_used)) {
            self.code.branch(op::B, end);
            self.code.place(stub);
            self.op(ins::popz(ty));
            self.continue_stmt();
        }
        self.code.place(end);
        self.op(ins::popz(ty));
    }

    /// `continue`: to the loop's next round, or to the stub of the switch it is
    /// in.
    fn continue_stmt(&mut self) {
        match self.exits.last_mut() {
            Some(Exits {
                cont: Some(l),
                cont_used,
                ..
            }) => {
                *cont_used = true;
                let l = *l;
                self.code.branch(op::B, l);
            }
            _ => self.error("`continue` outside a loop"),
        }
    }

    /// Undoes what the constructs around leave on the stack, innermost first,
    /// before a `return` or `exit`. The switches'
    /// values are dropped typed outermost first: an `exit` in a string switch
    /// inside a switch on a folded constant is `popz.i; popz.v`
    /// (Gatoiq/tiempo-del-este's Input library).
    fn leave_all(&mut self) {
        let keeps = self.env.target.default_return_keeps_switch_value();
        let kinds: Vec<(Leaving, bool)> = self
            .exits
            .iter()
            .rev()
            .map(|e| (e.kind, keeps && e.in_default))
            .collect();
        let outermost_first: Vec<_> = self
            .exits
            .iter()
            .filter_map(|e| match e.kind {
                Leaving::Switch(ty) => Some(ty),
                _ => None,
            })
            .collect();
        let mut switch_types = outermost_first.into_iter();
        for (k, kept) in kinds {
            match k {
                Leaving::Loop => {}
                Leaving::Repeat(ty) => self.op(ins::popz(ty)),
                Leaving::Switch(_) => {
                    let ty = switch_types.next();
                    if let (Some(ty), false) = (ty, kept) {
                        self.op(ins::popz(ty));
                    }
                }
                Leaving::With => self.op(ins::leave_with()),
                // Its value is left (LR-Solutions/Recreo-Gestion-LR's `return
                // true` inside a `try`, 2024.14).
                Leaving::Try => self.op(ins::call("@@try_unhook@@", 0)),
            }
        }
    }

    /// Adds a local to the function's, refusing the one past what a code entry's
    /// 16-bit count of locals holds.
    fn declare_local(&mut self, name: &str) {
        if self.locals.contains(name) {
            return;
        }
        if self.locals.len() == MOST_LOCALS {
            self.error(format!(
                "`var {name}` is one local too many: a function's code entry counts its locals in 16 bits ({MOST_LOCALS} at most)"
            ));
            return;
        }
        self.locals.insert(name.to_string());
    }

    fn return_stmt(&mut self, value: Option<&Expr>) {
        let Some(value) = value else {
            self.leave_all();
            self.op(ins::exit());
            return;
        };
        self.value(value);
        let leaves = self.exits.iter().any(|e| e.kind != Leaving::Loop);
        if leaves {
            self.declare_local(TEMP);
            self.op(ins::pop_plain(instance::LOCAL, TEMP));
            self.leave_all();
            self.op(ins::push_plain(instance::LOCAL, TEMP));
        }
        self.op(ins::ret());
    }
}

/// Whether `block` ends by leaving: a `return`, `exit`, `break` or `continue`.
fn leaves(block: &Block) -> bool {
    matches!(
        block.last(),
        Some(Stmt::Return(_) | Stmt::Exit | Stmt::Break | Stmt::Continue)
    )
}

/// Whether `body` holds a `break` of its own: outside the loops and switches
/// inside it, which take theirs.
fn breaks_out(body: &[Stmt]) -> bool {
    body.iter().any(|s| match s {
        Stmt::Break => true,
        Stmt::If {
            then, otherwise, ..
        } => breaks_out(then) || otherwise.as_deref().is_some_and(breaks_out),
        Stmt::Block(b) => breaks_out(b),
        Stmt::Try {
            body,
            catch,
            finally,
        } => {
            breaks_out(body)
                || catch.as_ref().is_some_and(|(_, c)| breaks_out(c))
                || finally.as_deref().is_some_and(breaks_out)
        }
        _ => false,
    })
}
