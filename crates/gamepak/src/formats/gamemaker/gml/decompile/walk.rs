//! Control flow back to statements: a walk of one fragment's blocks that turns
//! branches into `if`, loops, `switch`, `with`, `repeat`, `break` and `continue`,
//! and the branches inside an expression into `&&`, `||`, `??` and `?:`.
//!
//! What belongs where comes from the graph: a loop is the blocks that reach its
//! header's back edges, an arm of an `if` the blocks its first block dominates, and
//! the `if` ends where its arms meet. Addresses are used only to choose between
//! equivalent readings: when one arm of an `if` never comes back, the code after
//! the `if` is what GameMaker laid out after both arms.

use crate::formats::gamemaker::bytecode::instruction::{Instr, Operand};
use crate::formats::gamemaker::bytecode::opcodes::op;
use crate::formats::gamemaker::gml::decompile::blocks::Block;
use crate::formats::gamemaker::gml::decompile::context::Context;
use crate::formats::gamemaker::gml::decompile::graph::Graph;
use crate::formats::gamemaker::gml::decompile::region::Region;
use crate::formats::gamemaker::gml::decompile::sim::{End, Item, Machine, Role, Stuck};
use crate::formats::gamemaker::gml::language::ast::{
    AssignOp, BinaryOp, Case, Declared, Expr, Number, Stmt, UnaryOp,
};
use crate::formats::gamemaker::gml::language::parse::MAX_DEPTH;
use crate::formats::gamemaker::gml::language::tree_bounds;
use std::cell::Cell;
use std::rc::Rc;

/// A construct the walk is inside, and where its `break` and `continue` go.
#[derive(Debug, Clone, Copy)]
struct Frame {
    /// The loop's header, which the walk must not take for a new loop.
    header: Option<usize>,
    /// Where `break` goes.
    brk: Option<usize>,
    /// Where `continue` goes; `None` for a switch, whose `continue` is its loop's.
    cont: Option<usize>,
    /// Whether the loop tests at its end (`do … until`).
    until: bool,
}

/// How a run of statements ended.
#[derive(Debug, Clone, PartialEq)]
enum Flow {
    /// At its stop, or at the end of the code.
    Reached,
    /// By `break`, `continue`, `return` or `exit`.
    Left,
    /// At a `do … until` loop's test: loop again when the condition is `when`.
    Until(Expr, bool),
}

/// Where to go after a construct.
enum After {
    /// On at this block, or the code ended.
    At(Option<usize>),
    /// Nowhere: every way out left.
    Left,
    /// A `do … until` loop's test.
    Until(Expr, bool),
}

/// The walk of one fragment.
pub struct Walker<'d, 'c, 'a> {
    ctx: &'c Context<'a>,
    instrs: &'d [Instr],
    blocks: &'d [Block],
    graph: &'d Graph,
    frames: Vec<Frame>,
    /// The latches of the `repeat`s and `with`s being walked: one whose body
    /// starts with a loop shares that loop's header, and its latch is no back
    /// edge of the inner loop.
    claimed: Vec<usize>,
    /// The body a `repeat` or `with` is about to walk, where a loop may start.
    shared_body: Option<usize>,
    /// The variables read with a plain push for values still on the stack, which
    /// an expression spanning blocks (`a += b && c`) stores back into.
    plain_reads: Vec<Expr>,
    visited: Vec<bool>,
    /// The local variables the fragment uses, in order of first use.
    pub locals: Vec<String>,
    /// The names of the locals anywhere in the blob.
    local_names: std::rc::Rc<std::collections::HashSet<String>>,
    /// Whether the fragment sets up statics: a constructor's or a struct's body.
    pub sets_statics: bool,
    /// The parent constructor it calls first, with the arguments passed.
    pub inherits: Option<(String, Vec<Expr>)>,
    /// How the function reads its arguments.
    pub arguments: crate::formats::gamemaker::gml::decompile::sim::ArgumentReads,
    /// Blocks of the fragment that no branch reaches: code written after an `exit`
    /// or `return`, printed where it was written.
    unreached: Vec<bool>,
    /// A block to run on from an instruction, not from its start: the rest of the
    /// block a `try` starts in.
    resume: Option<(usize, usize)>,
    /// Where the else arm of the last `if` written out starts: an outer `if`
    /// ending in it tells by this whose the jump over an empty `else` is.
    last_else: Option<usize>,
    /// How many walks of a sequence or a condition chain are under way, one inside
    /// the other: at most [`MAX_DEPTH`].
    depth: usize,
    /// The blob's budget for the copies `dup` makes (see [`crate::formats::gamemaker::gml::decompile::sim`]).
    copies_left: Rc<Cell<usize>>,
}

type Res<T> = Result<T, Stuck>;

impl<'d, 'c, 'a> Walker<'d, 'c, 'a> {
    /// A walk over `blocks` of `instrs`, inside the fragment `graph` covers.
    pub fn new(
        ctx: &'c Context<'a>,
        instrs: &'d [Instr],
        blocks: &'d [Block],
        graph: &'d Graph,
        unreached: &[usize],
        local_names: std::rc::Rc<std::collections::HashSet<String>>,
        copies_left: Rc<Cell<usize>>,
    ) -> Self {
        let mut dead = vec![false; blocks.len()];
        for &b in unreached {
            dead[b] = true;
        }
        Walker {
            unreached: dead,
            resume: None,
            last_else: None,
            depth: 0,
            copies_left,
            ctx,
            instrs,
            blocks,
            graph,
            frames: Vec::new(),
            claimed: Vec::new(),
            shared_body: None,
            plain_reads: Vec::new(),
            visited: vec![false; blocks.len()],
            locals: Vec::new(),
            local_names,
            sets_statics: false,
            inherits: None,
            arguments: Default::default(),
        }
    }

    /// The statements of the function entered at block `entry`.
    pub fn function(&mut self, entry: usize) -> Res<Vec<Stmt>> {
        let mut stack = Vec::new();
        let mut out = Vec::new();
        let flow = self.seq(Some(entry), None, false, &mut stack, &mut out)?;
        if let Flow::Until(..) = flow {
            return Err(self.stuck(entry, "a loop test outside any loop"));
        }
        // A block the walk never ran would be code lost from the output.
        let skipped = (0..self.blocks.len()).find(|&b| {
            (self.graph.reached(b) || self.unreached[b])
                && !self.visited[b]
                && self.blocks[b].end > self.blocks[b].start
        });
        if let Some(b) = skipped {
            return Err(self.stuck(b, "a block is left out"));
        }
        if let Some(left) = stack
            .iter()
            .find(|i| !matches!(i.role, Role::Hidden | Role::Thrown))
        {
            return Err(self.stuck(
                entry,
                &format!("a value is left on the stack: {:?}", left.expr),
            ));
        }
        Ok(out)
    }

    fn stuck(&self, b: usize, why: &str) -> Stuck {
        Stuck {
            at: self.blocks.get(b).map_or(0, |b| b.at),
            why: why.to_string(),
        }
    }

    fn code(&self, b: usize) -> &'d [Instr] {
        let block = &self.blocks[b];
        &self.instrs[block.start..block.end]
    }

    fn block_at(&self, at: u32) -> Res<usize> {
        self.blocks
            .binary_search_by_key(&at, |b| b.at)
            .map_err(|_| Stuck {
                at,
                why: format!("a branch to L{at:04x}, where no block starts"),
            })
    }

    /// The block after `b` in the blob, where a conditional branch falls through.
    fn fall(&self, b: usize) -> Option<usize> {
        (b + 1 < self.blocks.len()).then_some(b + 1)
    }

    /// Where block `b` jumps, when it is a jump alone (`b L…`) to where a block
    /// starts.
    fn only_jump(&self, b: usize) -> Option<usize> {
        match self.code(b) {
            [Instr {
                op: op::B,
                operand: Operand::Branch(t),
                ..
            }] => self.block_at(*t).ok(),
            _ => None,
        }
    }

    /// Where control goes after block `b` when it does not branch.
    fn next_of(&self, b: usize) -> Option<usize> {
        self.blocks[b].next.first().copied()
    }

    fn run(&mut self, b: usize, stack: &mut Vec<Item>, out: &mut Vec<Stmt>) -> Res<End> {
        let from = match self.resume.take() {
            Some((r, from)) if r == b => from,
            _ => {
                if std::mem::replace(&mut self.visited[b], true) {
                    return Err(self.stuck(b, "a block is reached twice"));
                }
                0
            }
        };
        let carried = if stack.is_empty() {
            Vec::new()
        } else {
            std::mem::take(&mut self.plain_reads)
        };
        let mut m = self.machine(std::mem::take(stack));
        m.plain_reads = carried;
        let end = m.run(&self.code(b)[from..]).map(|end| match end {
            End::Try {
                catch,
                finally,
                resume,
            } => End::Try {
                catch,
                finally,
                resume: from + resume,
            },
            end => end,
        })?;
        out.append(&mut m.out);
        *stack = m.stack;
        self.plain_reads = std::mem::take(&mut m.plain_reads);
        self.sets_statics |= m.sets_statics;
        self.inherits = self.inherits.take().or(m.inherits.take());
        self.arguments.merge(m.arguments);
        for l in m.locals {
            if !self.locals.contains(&l) {
                self.locals.push(l);
            }
        }
        Ok(end)
    }

    /// A block run for its value only: it may make no statement.
    fn run_pure(&mut self, b: usize, stack: &mut Vec<Item>) -> Res<End> {
        let mut out = Vec::new();
        let end = self.run(b, stack, &mut out)?;
        if !out.is_empty() {
            return Err(self.stuck(b, "a statement inside an expression"));
        }
        Ok(end)
    }

    /// The statements from `start` up to `stop`. `entering` is set when `start` is
    /// a loop's own header, which must not be taken for a jump or a new loop.
    fn seq(
        &mut self,
        start: Option<usize>,
        stop: Option<usize>,
        entering: bool,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<Flow> {
        self.nested(start.unwrap_or(0), |w| {
            w.seq_within(start, stop, entering, stack, out)
        })
    }

    /// Runs `walk` one level deeper, unless that is past [`MAX_DEPTH`]: every
    /// recursion of the walk goes through here, so hostile bytecode cannot
    /// nest it without end.
    fn nested<T>(&mut self, b: usize, walk: impl FnOnce(&mut Self) -> Res<T>) -> Res<T> {
        if self.depth == MAX_DEPTH {
            return Err(self.stuck(b, &tree_bounds::code_too_deep()));
        }
        self.depth += 1;
        let walked = walk(self);
        self.depth -= 1;
        walked
    }

    /// A value the walk made of others, refused past [`MAX_DEPTH`].
    fn made(&self, b: usize, item: Item) -> Res<Item> {
        tree_bounds::check_expr(&item.expr).map_err(|why| self.stuck(b, &why))?;
        Ok(item)
    }

    fn seq_within(
        &mut self,
        start: Option<usize>,
        stop: Option<usize>,
        entering: bool,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<Flow> {
        let mut cur = start;
        let mut first = entering;
        loop {
            let Some(n) = cur else {
                return Ok(Flow::Reached);
            };
            let entered = std::mem::take(&mut first);
            if !entered {
                if Some(n) == stop {
                    return Ok(Flow::Reached);
                }
                if let Some(jump) = self.jump(n)? {
                    out.push(jump);
                    return Ok(Flow::Left);
                }
            }
            // A loop starts here: one not walked yet, or the one a `repeat` or
            // `with` body opens with, which shares the body's first block.
            let opens_body =
                entered && self.shared_body.take() == Some(n) && self.latches(n).next().is_some();
            if opens_body || (!entered && self.is_header(n) && !self.active(n)) {
                match self.looped(n, stack, out)? {
                    After::At(next) => {
                        cur = next;
                        continue;
                    }
                    After::Left => return Ok(Flow::Left),
                    After::Until(c, w) => return Ok(Flow::Until(c, w)),
                }
            }
            let after = match self.run(n, stack, out)? {
                End::Next | End::LeaveWith => After::At(self.next_of(n)),
                // A jump with a value on the stack is inside an expression (the
                // arm of a `? :`): no `break` or `continue`. Or it is a switch
                // with only `default`, its value on top.
                End::Goto(t) if stack.iter().any(|i| i.role == Role::Value) => {
                    let t = self.block_at(t)?;
                    let on_top = stack.last().is_some_and(|i| i.role == Role::Value);
                    match self.lone_default(n).filter(|_| on_top) {
                        Some(ty) => self.default_alone(n, t, ty, stack, out)?,
                        None => After::At(Some(t)),
                    }
                }
                End::Goto(t) => {
                    let t = self.block_at(t)?;
                    match (self.explicit_jump(n, t, stop)?, self.after_leaving(n)) {
                        // A `break` or `continue` with code written after it.
                        (Some(jump), After::At(Some(dead))) => {
                            out.push(jump);
                            After::At(Some(dead))
                        }
                        (Some(jump), _) if Some(t) == stop => {
                            out.push(jump);
                            After::Left
                        }
                        _ => After::At(Some(t)),
                    }
                }
                End::Return(e) => {
                    out.push(Stmt::Return(Some(e)));
                    let last = self.dead_loop_break(n, out);
                    self.after_leaving(last)
                }
                End::Exit => {
                    out.push(Stmt::Exit);
                    let last = self.dead_loop_break(n, out);
                    self.after_leaving(last)
                }
                End::Branch { cond, when, target } => {
                    self.conditional(n, cond, when, target, stop, stack, out)?
                }
                End::PushEnv { target, popenv } => self.with(n, target, popenv, stack, out)?,
                End::PopEnv { .. } => return Err(self.stuck(n, "a popenv outside its with")),
                End::Try {
                    catch,
                    finally,
                    resume,
                } => self.try_catch(n, resume, catch, finally, stack, out)?,
            };
            match after {
                After::At(next) => cur = next,
                After::Left => return Ok(Flow::Left),
                After::Until(c, w) => return Ok(Flow::Until(c, w)),
            }
        }
    }

    /// After `exit` or `return` in block `n`, inside a loop: a `break` written after
    /// it, which GameMaker compiles to a jump to the loop's end that nothing
    /// reaches. The block the walk goes on after: that jump's, or `n`.
    fn dead_loop_break(&mut self, n: usize, out: &mut Vec<Stmt>) -> usize {
        let Some(d) = self.fall(n) else {
            return n;
        };
        let breaks = !self.visited[d]
            && !self.graph.reached(d)
            && !self.unreached[d]
            && self.only_jump(d).is_some_and(|t| self.is_loop_break(t));
        if !breaks {
            return n;
        }
        self.visited[d] = true;
        out.push(Stmt::Break);
        d
    }

    /// Whether block `t` is where `break` leaves the innermost construct, and that
    /// construct is a loop (a switch's end may also be where an `if` in its last
    /// case ends).
    fn is_loop_break(&self, t: usize) -> bool {
        self.frames
            .last()
            .is_some_and(|f| f.cont.is_some() && f.brk == Some(t))
    }

    /// Whether a `break` nothing reaches is written just before block `second`,
    /// after an arm from `first` that leaves: a jump to the end of the loop or
    /// switch around, where no `else` follows.
    fn dead_break_before(&self, second: usize, first: usize) -> bool {
        second
            .checked_sub(1)
            .filter(|&j| j > first && !self.graph.reached(j) && !self.visited[j])
            .and_then(|j| self.only_jump(j))
            .is_some_and(|x| self.is_break(x))
    }

    /// `if (c) { … } else {}`: the arm from `t` ends jumping to `f`, the code
    /// right after that jump, over an `else` with nothing in it
    /// (PupofHades/GameMakerGame, BinayaS/Simple-Neural-Network, Nicraftin/PortalSulka).
    fn jumps_over_nothing(&self, t: usize, f: usize) -> bool {
        let Some(j) = f
            .checked_sub(1)
            .filter(|&j| j >= t && self.graph.reached(j))
        else {
            return false;
        };
        matches!(self.code(j).last(), Some(Instr {
            op: op::B,
            operand: Operand::Branch(x),
            ..
        }) if self.block_at(*x).ok() == Some(f))
    }

    /// Whether a jump to `t` is a `break` of the loop or switch around.
    fn is_break(&self, t: usize) -> bool {
        self.is_loop_break(t) || self.is_switch_break(t)
    }

    fn is_switch_break(&self, t: usize) -> bool {
        self.frames
            .last()
            .is_some_and(|f| f.cont.is_none() && f.brk == Some(t))
    }

    /// After `exit` or `return` in block `n`: the code written after it, which no
    /// branch reaches, or nothing.
    fn after_leaving(&self, n: usize) -> After {
        match self.fall(n) {
            Some(d) if self.unreached[d] && !self.visited[d] => After::At(Some(d)),
            _ => After::Left,
        }
    }

    /// `break` or `continue`, for a jump to `t`. A jump to where the walk stops
    /// anyway is one only where the walk would not get there by falling through: a
    /// switch's last case jumping to its end, a `for` body jumping to its step, a
    /// `while` body jumping back to its test from before its last block.
    fn explicit_jump(&self, from: usize, t: usize, stop: Option<usize>) -> Res<Option<Stmt>> {
        if Some(t) != stop {
            return self.jump(t);
        }
        let Some(f) = self.frames.last() else {
            return Ok(None);
        };
        // Jumping there from the end of an arm that did something is how an `if`
        // whose `else` ends the body jumps over it; only a jump alone is surely a
        // `continue`.
        // A jump back to a `while`'s test is its loop only from the body's
        // last block: from an arm before it, it is a `continue` (an `if`'s
        // arm jumps over its `else` to that block, not past it:
        // LR-Solutions/Recreo-Gestion-LR's `ds_list_destroy(_temp_list);
        // continue;`).
        let bare = matches!(self.code(from), [Instr { op: op::B, .. }]);
        let back_edge = || self.latches(t).max() == Some(from);
        Ok(if f.brk == Some(t) {
            Some(Stmt::Break)
        } else if f.cont == Some(t) && f.header == Some(t) {
            (!back_edge()).then_some(Stmt::Continue)
        } else if f.cont == Some(t) && bare {
            Some(Stmt::Continue)
        } else {
            None
        })
    }

    /// `break` or `continue`, when `n` is where the innermost construct's go.
    fn jump(&self, n: usize) -> Res<Option<Stmt>> {
        if let Some(f) = self.frames.last() {
            if f.brk == Some(n) {
                return Ok(Some(Stmt::Break));
            }
        }
        if let Some(f) = self.frames.iter().rev().find(|f| f.cont.is_some()) {
            if f.cont == Some(n) {
                return Ok(Some(Stmt::Continue));
            }
        }
        Ok(None)
    }

    /// `walk`, inside a loop whose `latch` is claimed and whose body starts at
    /// `body`, where the body may open with a loop of its own.
    fn sharing<T>(&mut self, latch: usize, body: usize, walk: impl FnOnce(&mut Self) -> T) -> T {
        self.claimed.push(latch);
        self.shared_body = Some(body);
        let walked = walk(self);
        self.claimed.pop();
        walked
    }

    fn is_header(&self, n: usize) -> bool {
        self.latches(n).next().is_some()
    }

    /// The back edges into `n` (blocks it dominates that branch to it), but for
    /// the latches of the `repeat`s being walked.
    fn latches(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.graph.pred[n]
            .iter()
            .copied()
            .filter(move |&p| self.graph.dominates(n, p) && !self.claimed.contains(&p))
    }

    fn active(&self, n: usize) -> bool {
        self.frames.iter().any(|f| f.header == Some(n))
    }

    /// Blocks a walk must stop at: where the innermost constructs' `break` and
    /// `continue` go, and the current stop.
    fn barrier(&self, x: usize, stop: Option<usize>) -> bool {
        if Some(x) == stop {
            return true;
        }
        if self.frames.last().is_some_and(|f| f.brk == Some(x)) {
            return true;
        }
        self.frames
            .iter()
            .rev()
            .find(|f| f.cont.is_some())
            .is_some_and(|f| f.cont == Some(x))
    }

    // ---- conditionals -------------------------------------------------------

    #[allow(clippy::too_many_arguments)]
    fn conditional(
        &mut self,
        n: usize,
        cond: Expr,
        when: bool,
        target: u32,
        stop: Option<usize>,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<After> {
        let taken = self.block_at(target)?;
        let fall = self
            .fall(n)
            .ok_or_else(|| self.stuck(n, "a conditional branch at the end of the code"))?;
        if self.short_circuit(taken, when) {
            let (value, next) = self.chain(cond, when, taken, fall, stack)?;
            stack.push(value);
            return Ok(After::At(next));
        }
        if let Some(f) = self.frames.last() {
            if f.until && f.header == Some(taken) {
                return Ok(After::Until(cond, when));
            }
        }
        if cond == Expr::Ident(STATICS_SET.into()) && when {
            return self.statics(taken, fall, stack, out);
        }
        if is_call_of(&cond, "@@isnullish@@") && !when {
            return self.nullish(cond, taken, fall, stack, out);
        }
        if self.is_repeat_head(n) && when {
            return self.repeat(n, taken, fall, stack, out);
        }
        if self.is_case_test(n) && when {
            return self.switch(n, cond, taken, fall, stack, out);
        }
        let (t, f) = if when { (taken, fall) } else { (fall, taken) };
        let follow = self.follow(n, t, f, stop);
        let base = stack.len();
        let (mut then_stack, mut else_stack) = (stack.clone(), stack.clone());
        let (mut then, mut otherwise) = (Vec::new(), Vec::new());
        let then_flow = self.arm(t, follow, &mut then_stack, &mut then)?;
        let inner_else = self.last_else.take();
        let else_flow = self.arm(f, follow, &mut else_stack, &mut otherwise)?;
        if then_flow == Flow::Left && self.dead_break_before(f, t) {
            then.push(Stmt::Break);
        }
        let reached = |flow: &Flow| *flow == Flow::Reached;
        if reached(&then_flow)
            && reached(&else_flow)
            && then.is_empty()
            && otherwise.is_empty()
            && then_stack.len() == base + 1
            && else_stack.len() == base + 1
        {
            let e = else_stack.pop().map(|i| i.expr);
            let t = then_stack.pop();
            if let (Some(t), Some(e)) = (t, e) {
                let value = Item {
                    expr: Expr::Ternary {
                        cond: Box::new(cond),
                        then: Box::new(t.expr),
                        otherwise: Box::new(e),
                    },
                    size: t.size,
                    role: Role::Value,
                };
                stack.push(self.made(n, value)?);
                return Ok(After::At(follow));
            }
        }
        match (reached(&then_flow), reached(&else_flow)) {
            (true, true) if then_stack.len() != else_stack.len() => {
                return Err(self.stuck(n, "the arms of an if leave different stacks"));
            }
            (true, _) => *stack = then_stack,
            (false, true) => *stack = else_stack,
            (false, false) => {}
        }
        if let (Flow::Until(..), _) | (_, Flow::Until(..)) = (&then_flow, &else_flow) {
            return Err(self.stuck(n, "a loop test inside an if"));
        }
        // The jump may be an inner `if`'s, over its own empty `else`: it is
        // that one's where the inner `if`'s else arm starts where this one's
        // does (PupofHades/GameMakerGame's `if (a) { if (b) { … } else {} }`
        // has one jump, and so has Ooo-Kaizo's, where `b` ends in an if-else).
        let inner_took_it = matches!(then.last(), Some(Stmt::If { otherwise: Some(o), .. }) if o.is_empty())
            && inner_else == Some(f);
        let empty_else = otherwise.is_empty()
            && Some(f) == follow
            && !inner_took_it
            && self.jumps_over_nothing(t, f);
        let jumped = matches!(then.last(), Some(Stmt::Break | Stmt::Continue));
        self.last_else = Some(f);
        out.push(Stmt::If {
            cond,
            then,
            otherwise: (!otherwise.is_empty() || empty_else && !jumped).then_some(otherwise),
        });
        if !reached(&then_flow) && !reached(&else_flow) {
            return Ok(self.written_after_leaving(follow));
        }
        Ok(After::At(follow))
    }

    /// After an `if` whose arms both leave: code written after it, which only
    /// the first arm's jump over the `else` reaches (Natesky9/ZAAP-Multiplayer's
    /// `if (…) { …; exit; } else { …; exit; } exit;`), or nothing.
    fn written_after_leaving(&self, follow: Option<usize>) -> After {
        match follow {
            Some(f) if self.graph.pred[f].len() == 1 && !self.code(f).is_empty() => {
                After::At(Some(f))
            }
            _ => After::Left,
        }
    }

    /// One arm of an `if`: nothing when it starts where the `if` ends.
    fn arm(
        &mut self,
        head: usize,
        follow: Option<usize>,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<Flow> {
        if Some(head) == follow {
            return Ok(Flow::Reached);
        }
        let flow = self.seq(Some(head), follow, false, stack, out)?;
        // An arm that throws joins the code after the `if` in no way that matters.
        while stack.last().is_some_and(|i| i.role == Role::Thrown) {
            stack.pop();
        }
        Ok(flow)
    }

    /// The blocks of the arm starting at `head` after the branch in `n`: those `head`
    /// dominates, up to the barriers. An arm whose head is also reached from
    /// outside it is empty: its head is where the `if` ends.
    fn arm_blocks(&self, n: usize, head: usize, stop: Option<usize>) -> Region {
        // A loop's header is also entered from its own back edges.
        let shared = self.graph.pred[head]
            .iter()
            .any(|&p| p != n && !self.graph.dominates(head, p));
        if shared || self.barrier(head, stop) {
            return Region::default();
        }
        let mut seen = Region::of(head);
        let mut todo = vec![head];
        while let Some(b) = todo.pop() {
            for &s in &self.graph.succ[b] {
                // The end of the code is where the `if` ends, not a part of the one
                // arm that jumps there.
                let end = self.blocks[s].end == self.blocks[s].start;
                if !seen.contains(&s)
                    && !end
                    && self.graph.dominates(head, s)
                    && !self.barrier(s, stop)
                {
                    seen.insert(s);
                    todo.push(s);
                }
            }
        }
        seen
    }

    /// Where an `if` at `n` with arms starting at `t` and `f` ends.
    fn follow(&self, n: usize, t: usize, f: usize, stop: Option<usize>) -> Option<usize> {
        // `if (c) {}`: both ways lead to the code after it.
        if t == f {
            return Some(t);
        }
        // `if (c) {} else { … }`: the arm laid out first only jumps over the other.
        let at = |b: usize| self.blocks[b].at;
        let (first, second) = if at(t) < at(f) { (t, f) } else { (f, t) };
        if let Some(x) = self.only_jump(first) {
            if at(x) > at(second) && !self.barrier(x, stop) {
                return Some(x);
            }
        }
        // The first arm ends jumping over the second: where it jumps is the code
        // after the `if`, even when the second never gets there (`else break;`).
        let over = second
            .checked_sub(1)
            .filter(|&j| j >= first && self.graph.reached(j))
            .and_then(|j| match self.code(j).last() {
                Some(Instr {
                    op: op::B,
                    operand: Operand::Branch(x),
                    ..
                }) => self.block_at(*x).ok(),
                _ => None,
            });
        if let Some(x) = over {
            if at(x) > at(second) && !self.barrier(x, stop) && !self.graph.dominates(second, x) {
                return Some(x);
            }
        }
        let then_arm = self.arm_blocks(n, t, stop);
        let else_arm = self.arm_blocks(n, f, stop);
        let exits = |head: usize, arm: &Region| -> Vec<usize> {
            if arm.is_empty() {
                return vec![head];
            }
            let mut out: Vec<usize> = arm
                .iter()
                .flat_map(|&b| self.graph.succ[b].iter().copied())
                .filter(|s| !arm.contains(s))
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        let (then_exits, else_exits) = (exits(t, &then_arm), exits(f, &else_arm));
        // An arm that never comes back (it ends in `exit`, `return`, `break`) with
        // the other laid out after it: the other is the code after the `if`, as
        // people write `if (c) { exit; }` and go on. GameMaker still jumps over a
        // real `else` after such an arm, with a jump nothing reaches.
        let at = |b: usize| self.blocks[b].at;
        // A bare jump to where the walk stops is a `break` or `continue` too.
        let bare = |arm: &[usize]| matches!(arm, [b] if matches!(self.code(*b), [Instr { op: op::B, .. }]));
        let leaves = |arm: &[usize], exits: &[usize]| {
            !arm.is_empty()
                && exits
                    .iter()
                    .all(|&e| self.barrier(e, None) && (Some(e) != stop || bare(arm)))
        };
        let after_leaving = |first: usize, second: usize| {
            let over = second
                .checked_sub(1)
                .filter(|&j| j != first && !self.graph.reached(j));
            match over.and_then(|j| Some((j, self.only_jump(j)?))) {
                // A dead jump to the loop's or switch's end is a `break` after
                // the arm's `return` (2024.14 writes one after every `return` in
                // a switch), not the jump over an `else`.
                Some((_, t)) if self.is_break(t) => Some(second),
                Some((j, _)) => Some(self.next_of(j).unwrap_or(second)),
                None => Some(second),
            }
        };
        if leaves(&then_arm, &then_exits) && !else_arm.is_empty() && at(f) > at(t) {
            return after_leaving(t, f);
        }
        if leaves(&else_arm, &else_exits) && !then_arm.is_empty() && at(t) > at(f) {
            return after_leaving(f, t);
        }
        let mut ends: Vec<usize> = then_exits;
        ends.extend(else_exits);
        // Where the enclosing walk stops is where this `if` ends too; only where a
        // `break` or `continue` goes is a way out.
        ends.retain(|&e| Some(e) == stop || !self.barrier(e, stop));
        ends.sort_unstable();
        ends.dedup();
        // Of several, one where `break` or `continue` goes is a way out, even when the
        // enclosing walk stops there too.
        if ends.len() > 1 {
            ends.retain(|&e| !self.barrier(e, None));
        }
        if ends.len() == 1 {
            return Some(ends[0]);
        }
        // An arm that is only a jump: the code after the `if` is the other arm's.
        if self.barrier(t, stop) || then_arm.is_empty() && !ends.is_empty() {
            return Some(f);
        }
        if self.barrier(f, stop) || else_arm.is_empty() && !ends.is_empty() {
            return Some(t);
        }
        if !ends.is_empty() {
            return ends.first().copied();
        }
        // Neither arm comes back: the code after the `if` is what was laid out
        // after the later arm, if the earlier arm goes on past it, or the later arm.
        let at = |b: usize| self.blocks[b].at;
        let (first, second) = if at(t) < at(f) {
            (&then_arm, &else_arm)
        } else {
            (&else_arm, &then_arm)
        };
        let last_of_second = second.iter().map(|&b| at(b)).max().unwrap_or(0);
        first
            .iter()
            .copied()
            .filter(|&b| at(b) > last_of_second)
            .min_by_key(|&b| at(b))
            .or(Some(if at(t) < at(f) { f } else { t }))
    }

    // ---- expressions across blocks ---------------------------------------

    /// Whether block `s` is the constant a short-circuit `&&` (`bf` to a block of
    /// `false`) or `||` (`bt` to a block of `true`) ends with when it decides early.
    fn short_circuit(&self, s: usize, when: bool) -> bool {
        matches!(
            self.code(s),
            [Instr { op: op::PUSH, operand: Operand::Short(v), .. }] if (*v == 1) == when && (*v == 0 || *v == 1)
        )
    }

    /// `a && b && …` or `a || b || …`: operands after the first, each decided in
    /// turn by a branch to the constant block `s`, the last one jumping past it.
    fn chain(
        &mut self,
        first: Expr,
        when: bool,
        s: usize,
        fall: usize,
        stack: &mut Vec<Item>,
    ) -> Res<(Item, Option<usize>)> {
        self.nested(s, |w| w.chain_within(first, when, s, fall, stack))
    }

    fn chain_within(
        &mut self,
        first: Expr,
        when: bool,
        s: usize,
        fall: usize,
        stack: &mut Vec<Item>,
    ) -> Res<(Item, Option<usize>)> {
        let end = self.next_of(s);
        if std::mem::replace(&mut self.visited[s], true) {
            return Err(self.stuck(s, "a block is reached twice"));
        }
        let mut operands = vec![first];
        let mut cur = Some(fall);
        loop {
            let Some(b) = cur else {
                return Err(self.stuck(s, "a condition runs off the end of the code"));
            };
            match self.run_pure(b, stack)? {
                End::Branch {
                    cond,
                    when: w,
                    target,
                } => {
                    let taken = self.block_at(target)?;
                    if taken == s && w == when {
                        operands.push(cond);
                        cur = self.fall(b);
                    } else if self.short_circuit(taken, w) {
                        let next = self
                            .fall(b)
                            .ok_or_else(|| self.stuck(b, "no block after"))?;
                        let (value, after) = self.chain(cond, w, taken, next, stack)?;
                        stack.push(value);
                        cur = after;
                    } else {
                        let mut out = Vec::new();
                        match self.conditional(b, cond, w, target, end, stack, &mut out)? {
                            After::At(next) if out.is_empty() => cur = next,
                            _ => return Err(self.stuck(b, "a statement inside a condition")),
                        }
                    }
                }
                End::Goto(t) if Some(self.block_at(t)?) == end => {
                    let last = stack
                        .pop()
                        .ok_or_else(|| self.stuck(b, "a condition with no value"))?;
                    operands.push(last.expr);
                    break;
                }
                End::Next | End::Goto(_) => cur = self.next_of(b),
                _ => return Err(self.stuck(b, "a condition ends in a jump out")),
            }
            if operands.len() > MAX_DEPTH {
                return Err(self.stuck(b, &format!("a condition of more than {MAX_DEPTH} parts")));
            }
        }
        let op = if when { BinaryOp::Or } else { BinaryOp::And };
        // A first operand of the same operator is a chain of its own.
        if matches!(&operands[0], Expr::Binary { op: o, .. } if *o == op) {
            let first = operands.remove(0);
            operands.insert(0, Expr::Group(Box::new(first)));
        }
        let value = operands
            .into_iter()
            .reduce(|a, b| Expr::Binary {
                op,
                lhs: Box::new(a),
                rhs: Box::new(b),
            })
            .unwrap_or(Expr::Bool(!when));
        let value = self.made(
            s,
            Item {
                expr: value,
                size: 4,
                role: Role::Value,
            },
        )?;
        Ok((value, end))
    }

    /// `a ?? b`: `a` stays on the stack when it is not undefined; otherwise it is
    /// dropped and `b` computed in its place. Or `a ??= b`.
    fn nullish(
        &mut self,
        cond: Expr,
        end: usize,
        fall: usize,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<After> {
        let Expr::Call { args, .. } = cond else {
            return Err(self.stuck(fall, "a nullish test of nothing"));
        };
        let lhs = args
            .into_iter()
            .next()
            .unwrap_or(Expr::Ident("undefined".into()));
        if let Some(top) = stack.last_mut() {
            top.role = Role::Hidden;
        }
        if matches!(self.code(end), [Instr { op: op::POPZ, .. }]) {
            return self.assign_if_nullish(lhs, end, fall, stack, out);
        }
        let base = stack.len();
        let mut out = Vec::new();
        let flow = self.seq(Some(fall), Some(end), false, stack, &mut out)?;
        if flow != Flow::Reached || !out.is_empty() || stack.len() != base {
            return Err(self.stuck(fall, "a ?? whose right side is not a value"));
        }
        // The fall path dropped `a` and pushed `b`; the branch kept `a`.
        let Some(rhs) = stack.pop() else {
            return Err(self.stuck(fall, "a ?? with no value"));
        };
        let value = Item {
            expr: Expr::Binary {
                op: BinaryOp::Nullish,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs.expr),
            },
            size: rhs.size,
            role: Role::Value,
        };
        stack.push(self.made(fall, value)?);
        Ok(After::At(Some(end)))
    }

    /// `a ??= b`: the branch to `keep` (a block that only drops `a`) skips the
    /// store, which the way on from `fall` drops `a` before, then jumps past
    /// `keep`.
    fn assign_if_nullish(
        &mut self,
        lhs: Expr,
        keep: usize,
        fall: usize,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<After> {
        let after = self.next_of(keep);
        let base = stack.len();
        let mut stored = Vec::new();
        let flow = self.seq(Some(fall), after, false, stack, &mut stored)?;
        let value = match (flow, stored.as_slice()) {
            (
                Flow::Reached,
                [Stmt::Assign {
                    target,
                    op: AssignOp::Set,
                    value,
                }],
            ) if *target == lhs && stack.len() + 1 == base => value.clone(),
            _ => return Err(self.stuck(fall, "a ??= whose right side is not a value")),
        };
        self.visited[keep] = true;
        stack.pop();
        out.push(Stmt::Assign {
            target: lhs,
            op: AssignOp::Nullish,
            value,
        });
        Ok(After::At(after))
    }

    // ---- loops ------------------------------------------------------------

    /// The blocks of the loop whose header is `h`: those that reach one of its back
    /// edges without passing through it.
    fn loop_blocks(&self, h: usize) -> Region {
        let mut body = Region::of(h);
        let mut todo: Vec<usize> = self.latches(h).collect();
        while let Some(b) = todo.pop() {
            if body.insert(b) {
                todo.extend(self.graph.pred[b].iter().copied());
            }
        }
        body
    }

    /// Where a loop of `body` goes when it ends: its one exit that is not where an
    /// enclosing construct's `break` or `continue` goes. A `break` alone in an arm
    /// is a block that only jumps to the exit, so exits are compared by where they
    /// lead.
    fn loop_exit(&self, body: &Region) -> Option<usize> {
        let mut exits: Vec<usize> = body
            .iter()
            .flat_map(|&b| self.graph.succ[b].iter().copied())
            .filter(|s| !body.contains(s))
            .filter(|&s| !self.barrier(s, None))
            .collect();
        exits.sort_by_key(|&b| self.blocks[b].at);
        exits.dedup();
        let mut leads: Vec<usize> = exits.iter().map(|&e| self.through_jumps(e)).collect();
        leads.sort_unstable();
        leads.dedup();
        match leads.as_slice() {
            [only] if exits.contains(only) => Some(*only),
            _ => exits.first().copied(),
        }
    }

    /// Where a block that only jumps leads: a `break` is such a block when it is
    /// the only statement of an arm.
    fn through_jumps(&self, mut b: usize) -> usize {
        for _ in 0..self.blocks.len() {
            match self.code(b) {
                [Instr {
                    op: op::B,
                    operand: Operand::Branch(t),
                    ..
                }] => match self.block_at(*t) {
                    Ok(next) if next != b => b = next,
                    _ => break,
                },
                _ => break,
            }
        }
        b
    }

    fn looped(&mut self, h: usize, stack: &mut Vec<Item>, out: &mut Vec<Stmt>) -> Res<After> {
        let body = self.loop_blocks(h);
        let latches: Vec<usize> = self.latches(h).collect();
        if let Some(after) = self.while_loop(h, &body, &latches, stack, out)? {
            return Ok(after);
        }
        let latch = latches.iter().copied().max_by_key(|&b| self.blocks[b].at);
        // A loop tested at its end leaves where its test falls through; one never
        // tested leaves only by `break`.
        let tested = latch.is_some_and(|l| {
            matches!(
                self.code(l).last(),
                Some(Instr {
                    op: op::BT | op::BF,
                    ..
                })
            )
        });
        let exit = match latch {
            Some(l) if tested => self.fall(l),
            _ => self.loop_exit(&body),
        };
        // A `do … until` whose body starts with a loop shares its header: the
        // last latch is the `until`'s, the others the inner loop's.
        let shared = latch.filter(|_| tested && latches.len() > 1);
        let (inner, flow) = match shared {
            Some(l) => self.sharing(l, h, |w| w.tested_at_end(h, exit, latch, stack))?,
            None => self.tested_at_end(h, exit, latch, stack)?,
        };
        match flow {
            Flow::Until(cond, when) => out.push(Stmt::DoUntil {
                body: inner,
                cond: if when { not(cond) } else { cond },
            }),
            _ => out.push(Stmt::While {
                cond: Expr::Bool(true),
                body: strip_trailing_continue(inner),
            }),
        }
        Ok(After::At(exit))
    }

    /// The body of a loop that tests at its end, from its header `h` to the test in
    /// its latch; `cont` is where its `continue` goes, and a body that reaches it
    /// runs on into the test.
    fn tested_at_end(
        &mut self,
        h: usize,
        brk: Option<usize>,
        cont: Option<usize>,
        stack: &mut Vec<Item>,
    ) -> Res<(Vec<Stmt>, Flow)> {
        self.frames.push(Frame {
            header: Some(h),
            brk,
            cont,
            until: true,
        });
        let mut body = Vec::new();
        let mut flow = self.seq(Some(h), cont, true, stack, &mut body);
        if let (Ok(Flow::Reached), Some(c)) = (&flow, cont) {
            if c != h {
                flow = self.seq(Some(c), None, true, stack, &mut body);
            }
        }
        self.frames.pop();
        Ok((body, flow?))
    }

    /// A loop whose header only tests its condition: `while`, or `for` when the
    /// block its `continue` goes to is a single step statement.
    fn while_loop(
        &mut self,
        h: usize,
        body: &Region,
        latches: &[usize],
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<Option<After>> {
        let saved = (self.visited.clone(), stack.clone());
        let mut test_stack = stack.clone();
        let tested = self.test(h, body, &mut test_stack);
        let Ok(Some((cond, inside, exit))) = tested else {
            (self.visited, *stack) = saved;
            return Ok(None);
        };
        let exit = Some(exit);
        *stack = test_stack;
        let step = match latches {
            [l] if *l != inside && self.graph.pred[*l].len() >= 2 => self.step_of(*l, stack),
            _ => None,
        };
        // A `for` with no step keeps a latch that only jumps back, where its
        // `continue` goes; a `while` body ending in an `if` has one too. The
        // body is read as a `while`'s first, and as a step-less `for`'s when a
        // jump to that latch can only be a `continue`.
        let empty_step = match latches {
            [l] if step.is_none() && *l != inside && self.graph.pred[*l].len() >= 2 => {
                (self.only_jump(*l) == Some(h)).then_some(*l)
            }
            _ => None,
        };
        let cont = if step.is_some() { latches[0] } else { h };
        // The walk's state, kept only where a second reading may follow.
        let before = empty_step.map(|latch| {
            let state = (
                self.visited.clone(),
                self.locals.clone(),
                self.plain_reads.clone(),
                self.frames.len(),
                stack.clone(),
            );
            (latch, state)
        });
        let (inner, cont) = match (self.loop_body(h, exit, inside, cont, stack), before) {
            (Err(_), Some((latch, state))) => {
                let frames;
                (self.visited, self.locals, self.plain_reads, frames, *stack) = state;
                self.frames.truncate(frames);
                (self.loop_body(h, exit, inside, latch, stack)?, latch)
            }
            (body, _) => (body?, cont),
        };
        if cont == h {
            out.push(Stmt::While { cond, body: inner });
        } else {
            self.visited[cont] = true;
            out.push(Stmt::For {
                init: None,
                cond: Some(cond),
                step: step.map(Box::new),
                body: inner,
            });
        }
        Ok(Some(After::At(exit)))
    }

    /// The body of a loop tested at `h` and left to `exit`, from `inside` to
    /// where its `continue` goes.
    fn loop_body(
        &mut self,
        h: usize,
        exit: Option<usize>,
        inside: usize,
        cont: usize,
        stack: &mut Vec<Item>,
    ) -> Res<Vec<Stmt>> {
        self.frames.push(Frame {
            header: Some(h),
            brk: exit,
            cont: Some(cont),
            until: false,
        });
        let mut inner = Vec::new();
        let flow = if inside == cont {
            Ok(Flow::Reached)
        } else {
            self.seq(Some(inside), Some(cont), false, stack, &mut inner)
        };
        self.frames.pop();
        flow.map(|_| inner)
    }

    /// A loop header that only computes a condition and leaves the loop on it: the
    /// condition (as the loop goes on), the block inside the loop it goes to, and
    /// the block it leaves to.
    fn test(
        &mut self,
        h: usize,
        body: &Region,
        stack: &mut Vec<Item>,
    ) -> Res<Option<(Expr, usize, usize)>> {
        let mut cur = h;
        loop {
            match self.run_pure(cur, stack)? {
                End::Branch { cond, when, target } => {
                    let taken = self.block_at(target)?;
                    let Some(fall) = self.fall(cur) else {
                        return Ok(None);
                    };
                    if self.short_circuit(taken, when) {
                        let (value, next) = self.chain(cond, when, taken, fall, stack)?;
                        stack.push(value);
                        match next {
                            Some(next) if body.contains(&next) => cur = next,
                            _ => return Ok(None),
                        }
                        continue;
                    }
                    let (inside, outside, leaves_on) =
                        match (body.contains(&taken), body.contains(&fall)) {
                            (false, true) => (fall, taken, when),
                            (true, false) => (taken, fall, !when),
                            // Both ways stay: a `? :` inside the condition.
                            (true, true) => {
                                let mut out = Vec::new();
                                let depth = stack.len();
                                match self
                                    .conditional(cur, cond, when, target, None, stack, &mut out)
                                {
                                    Ok(After::At(Some(next)))
                                        if out.is_empty()
                                            && stack.len() == depth + 1
                                            && body.contains(&next) =>
                                    {
                                        cur = next;
                                        continue;
                                    }
                                    _ => return Ok(None),
                                }
                            }
                            _ => return Ok(None),
                        };
                    // A `while` leaves to the code laid out after it: a branch
                    // out of a `do … until` to code inside it (an arm that
                    // exits) is no `while`'s test.
                    let at = self.blocks[outside].at;
                    if body.iter().any(|&b| self.blocks[b].at > at) {
                        return Ok(None);
                    }
                    let cond = if leaves_on { not(cond) } else { cond };
                    return Ok(Some((cond, inside, outside)));
                }
                End::Next => match self.next_of(cur) {
                    Some(next) if body.contains(&next) && next != h => cur = next,
                    _ => return Ok(None),
                },
                _ => return Ok(None),
            }
        }
    }

    /// A machine to run a block of the fragment on `stack`.
    fn machine(&self, stack: Vec<Item>) -> Machine<'c, 'a> {
        let mut m = Machine::new(self.ctx, stack);
        m.local_names = self.local_names.clone();
        m.copies_left = self.copies_left.clone();
        m.arguments.renamed = self.arguments.renamed;
        m
    }

    /// The step of a `for`: the latch `l` is one statement and a jump back.
    fn step_of(&mut self, l: usize, stack: &[Item]) -> Option<Stmt> {
        let mut m = self.machine(stack.to_vec());
        match m.run(self.code(l)) {
            Ok(End::Goto(_)) if m.out.len() == 1 && m.stack.len() == stack.len() => m.out.pop(),
            _ => None,
        }
    }

    /// `repeat (n)`: the count stays on the stack, counted down and tested at the
    /// end of the body, and dropped after the loop. The body is walked as a
    /// `do … until` whose test is the countdown.
    fn repeat(
        &mut self,
        n: usize,
        end: usize,
        body_start: usize,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<After> {
        let count = stack
            .last_mut()
            .ok_or_else(|| self.stuck(n, "a repeat with no count"))?;
        count.role = Role::Hidden;
        let count = count.expr.clone();
        let saved = stack.clone();
        let latch = self.graph.pred[body_start]
            .iter()
            .copied()
            .filter(|&p| p != n && self.graph.dominates(body_start, p))
            .max_by_key(|&b| self.blocks[b].at)
            .ok_or_else(|| self.stuck(n, "a repeat with no latch"))?;
        // `continue` goes to the countdown, a block of its own only when some
        // `continue` branches there (five instructions, four from 2024.11).
        let cont = (4..=5).contains(&self.code(latch).len()).then_some(latch);
        let (body, flow) = self.sharing(latch, body_start, |w| {
            w.tested_at_end(body_start, Some(end), cont, stack)
        })?;
        match flow {
            Flow::Until(..) => {}
            _ => return Err(self.stuck(latch, "a repeat without its countdown")),
        }
        *stack = saved;
        out.push(Stmt::Repeat { count, body });
        Ok(After::At(Some(end)))
    }

    fn is_repeat_head(&self, n: usize) -> bool {
        matches!(
            self.code(n),
            [
                ..,
                Instr {
                    op: op::DUP,
                    low: 0,
                    types: [2 | 3, _],
                    ..
                },
                Instr {
                    op: op::PUSHI | op::PUSH,
                    ..
                },
                Instr {
                    op: op::CMP,
                    operand: Operand::Compare(2),
                    ..
                },
                Instr { op: op::BT, .. }
            ]
        )
    }

    /// `with (target)`: the body runs between `pushenv` and `popenv`; a `break` goes
    /// to a `popenv exit` laid out after the loop.
    fn with(
        &mut self,
        n: usize,
        target: Expr,
        popenv: u32,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<After> {
        let p = self.block_at(popenv)?;
        let body_start = self
            .fall(n)
            .ok_or_else(|| self.stuck(n, "a with at the end"))?;
        let after = self.fall(p);
        let leave = after.and_then(|a| {
            let jump_over = matches!(self.code(a), [Instr { op: op::B, .. }]);
            let leave = self.fall(a)?;
            let leaves = matches!(
                self.code(leave),
                [Instr {
                    operand: Operand::LeaveWith,
                    ..
                }]
            );
            (jump_over && leaves).then_some((a, leave))
        });
        let (brk, exit) = match leave {
            Some((a, l)) => (Some(l), self.next_of(a)),
            None => (after, after),
        };
        self.frames.push(Frame {
            header: Some(body_start),
            brk,
            cont: Some(p),
            until: false,
        });
        let mut body = Vec::new();
        let flow = if body_start == p {
            Ok(Flow::Reached)
        } else {
            self.sharing(p, body_start, |w| {
                w.seq(Some(body_start), Some(p), true, stack, &mut body)
            })
        };
        self.frames.pop();
        flow?;
        self.visited[p] = true;
        if let Some((a, l)) = leave {
            self.visited[a] = true;
            self.visited[l] = true;
        }
        out.push(Stmt::With { target, body });
        Ok(After::At(exit))
    }

    /// `static` variables: set up once, the first time the function runs, by code
    /// that is skipped once they are.
    fn statics(
        &mut self,
        skip: usize,
        fall: usize,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<After> {
        let mut inits = Vec::new();
        if fall != skip {
            self.seq(Some(fall), Some(skip), false, stack, &mut inits)?;
        }
        for s in inits {
            match s {
                Stmt::Assign {
                    target: Expr::Ident(name),
                    op: AssignOp::Set,
                    value,
                } => out.push(Stmt::Static(vec![Declared {
                    name,
                    value: Some(value),
                }])),
                _ => return Err(self.stuck(fall, "a static that is not a variable's first value")),
            }
        }
        Ok(After::At(Some(skip)))
    }

    // ---- try ----------------------------------------------------------------

    /// `try { … } catch (e) { … }`: the guarded code runs from the hook on, up to
    /// the unhook at `finally`; the handler at `catch` is entered with the exception
    /// on the stack, which its first statement stores in the name it binds.
    #[allow(clippy::too_many_arguments)]
    fn try_catch(
        &mut self,
        n: usize,
        resume: usize,
        catch: u32,
        finally: u32,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<After> {
        let f = self.block_at(finally)?;
        let c = self.block_at(catch)?;
        let after = self.next_of(f);
        let mut body = Vec::new();
        self.resume = Some((n, resume));
        // The hook's value is dropped by the guarded code's first instruction.
        let mut body_stack = stack.clone();
        stack.pop();
        self.seq(Some(n), Some(f), true, &mut body_stack, &mut body)?;
        let mut handler = Vec::new();
        let mut handler_stack = stack.clone();
        handler_stack.push(Item {
            expr: Expr::Ident(EXCEPTION.into()),
            size: 16,
            role: Role::Value,
        });
        self.seq(Some(c), after, false, &mut handler_stack, &mut handler)?;
        let name = match handler.first() {
            Some(Stmt::Assign {
                target: Expr::Ident(name),
                value: Expr::Ident(e),
                ..
            }) if e == EXCEPTION => Some(name.clone()),
            _ => None,
        };
        let Some(name) = name else {
            return Err(self.stuck(c, "a catch that does not name its exception"));
        };
        handler.remove(0);
        self.locals.retain(|l| *l != name);
        let mut finally_body = Vec::new();
        if self.run(f, stack, &mut finally_body)? != End::Next {
            return Err(self.stuck(f, "a try's end that is not GameMaker's"));
        }
        out.push(Stmt::Try {
            body,
            catch: Some((name, handler)),
            finally: (!finally_body.is_empty()).then_some(finally_body),
        });
        Ok(After::At(after))
    }

    // ---- switch -------------------------------------------------------------

    /// The type of the value a switch whose tests start in block `n` compares: a
    /// variable, or an integer where GameMaker folded the value to a constant
    /// (`switch (os_type)`).
    fn switch_type(&self, n: usize) -> Option<u8> {
        self.code(n)
            .iter()
            .find(|i| i.op == op::DUP && i.low == 0 && matches!(i.types[0], 2 | 5))
            .map(|i| i.types[0])
    }

    fn is_case_test(&self, n: usize) -> bool {
        let code = self.code(n);
        self.switch_type(n).is_some()
            && matches!(
                code,
                [
                    ..,
                    Instr {
                        op: op::CMP,
                        operand: Operand::Compare(3),
                        ..
                    },
                    Instr { op: op::BT, .. }
                ]
            )
    }

    fn switch(
        &mut self,
        n: usize,
        cond: Expr,
        taken: usize,
        fall: usize,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<After> {
        let ty = self.switch_type(n).unwrap_or(5);
        let value = stack
            .last_mut()
            .ok_or_else(|| self.stuck(n, "a switch with no value"))?;
        value.role = Role::Hidden;
        let value = value.expr.clone();
        let mut labels = vec![(label_of(cond), taken)];
        let mut cur = fall;
        let default = loop {
            match self.run_pure(cur, stack)? {
                End::Branch {
                    cond,
                    when: true,
                    target,
                } if self.is_case_test(cur) => {
                    labels.push((label_of(cond), self.block_at(target)?));
                    cur = self
                        .fall(cur)
                        .ok_or_else(|| self.stuck(cur, "a switch runs off the end"))?;
                }
                End::Goto(t) => break self.block_at(t)?,
                _ => return Err(self.stuck(cur, "a switch's tests end unlike GameMaker's")),
            }
        };
        self.cases(n, ty, value, labels, default, cur, stack, out)
    }

    /// A switch with no case but `default`: its value (of type `ty`), then a
    /// jump to `default` from block `n`, and the jump to the end that nothing
    /// reaches.
    fn default_alone(
        &mut self,
        n: usize,
        default: usize,
        ty: u8,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<After> {
        let value = stack
            .last_mut()
            .ok_or_else(|| self.stuck(n, "a switch with no value"))?;
        value.role = Role::Hidden;
        let value = value.expr.clone();
        self.cases(n, ty, value, Vec::new(), default, n, stack, out)
    }

    /// The type of the value a switch with only `default` jumps from block `n`
    /// with: what the block its dead jump after leads to drops.
    fn lone_default(&self, n: usize) -> Option<u8> {
        let dead = self.fall(n).filter(|&f| !self.graph.reached(f))?;
        let end = self.only_jump(dead)?;
        match self.code(end).first() {
            Some(Instr {
                op: op::POPZ,
                types: [t @ (2 | 5), _],
                ..
            }) => Some(*t),
            _ => None,
        }
    }

    /// The cases of a switch on `value` of type `ty` tested from `n`, with their
    /// labels and `default`, the tests ending in block `cur`.
    #[allow(clippy::too_many_arguments)]
    fn cases(
        &mut self,
        n: usize,
        ty: u8,
        value: Expr,
        labels: Vec<(Expr, usize)>,
        default: usize,
        cur: usize,
        stack: &mut Vec<Item>,
        out: &mut Vec<Stmt>,
    ) -> Res<After> {
        let mut targets: Vec<usize> = labels.iter().map(|&(_, t)| t).collect();
        // GameMaker follows the jump to `default` with a jump to the end that
        // nothing reaches: where every case falls into `default`, it is the one
        // sign of where the switch ends.
        let told = self
            .fall(cur)
            .filter(|&f| !self.graph.reached(f))
            .and_then(|f| self.only_jump(f))
            .filter(|&e| self.drops_switch_value(e, ty));
        let end = told.or_else(|| self.switch_end(n, ty, &targets, default));
        // The dead jump follows a jump to `default` alone: one to the end is
        // an empty `default` written last (LR-Solutions/Recreo-Gestion-LR).
        let has_default = Some(default) != end || told.is_some();
        if has_default {
            targets.push(default);
        }
        targets.sort_by_key(|&b| self.blocks[b].at);
        targets.dedup();
        let stub = end.and_then(|e| self.continue_stub(e, ty));
        self.frames.push(Frame {
            header: None,
            brk: end,
            cont: stub,
            until: false,
        });
        let mut cases = Vec::new();
        let mut result = Ok(());
        let mut reached_stack = None;
        let mut by_target: std::collections::HashMap<usize, Vec<Expr>> = Default::default();
        for (label, t) in labels {
            by_target.entry(t).or_default().push(label);
        }
        for (k, &t) in targets.iter().enumerate() {
            for label in by_target.remove(&t).unwrap_or_default() {
                cases.push(Case {
                    label: Some(label),
                    body: Vec::new(),
                });
            }
            if t == default && has_default {
                cases.push(Case {
                    label: None,
                    body: Vec::new(),
                });
            }
            let stop = targets.get(k + 1).copied().or(end);
            let mut body_stack = stack.clone();
            let mut body = Vec::new();
            match self.seq(Some(t), stop, false, &mut body_stack, &mut body) {
                // A case that dropped the switch's value left by `exit` or
                // `return`, and got to the end only through code written after it.
                Ok(Flow::Reached) if body_stack.len() < stack.len() => {}
                Ok(Flow::Reached) => reached_stack = Some(body_stack),
                Ok(Flow::Left) if self.dead_break(t, stop, end, ty) => body.push(Stmt::Break),
                Ok(_) => {}
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
            if let Some(last) = cases.last_mut() {
                last.body = body;
            }
        }
        self.frames.pop();
        result?;
        if let Some(stub) = stub {
            self.visited[stub] = true;
        }
        if let Some(s) = reached_stack {
            *stack = s;
        }
        out.push(Stmt::Switch { value, cases });
        Ok(match end {
            Some(end) => After::At(Some(end)),
            None => After::Left,
        })
    }

    /// Where a `continue` inside a switch ending at `end` goes: a block laid out
    /// just before the end that drops the switch's value and jumps where the
    /// loop around continues.
    fn continue_stub(&self, end: usize, ty: u8) -> Option<usize> {
        let stub = end.checked_sub(1)?;
        let [_, Instr {
            op: op::B,
            operand: Operand::Branch(t),
            ..
        }] = self.code(stub)
        else {
            return None;
        };
        let cont = self.frames.iter().rev().find_map(|f| f.cont)?;
        let to = self.through_jumps(self.block_at(*t).ok()?);
        (self.drops_switch_value(stub, ty) && (to == cont || self.through_jumps(cont) == to))
            .then_some(stub)
    }

    /// Whether the case from `head` to `stop`, which ends in `return` or `exit`, has
    /// a `break` written after it: a jump to the switch's end (`end`, or the block
    /// that drops its value when no case comes back) laid out last in the case,
    /// which nothing reaches. GameMaker writes no jump of its own there.
    fn dead_break(&self, head: usize, stop: Option<usize>, end: Option<usize>, ty: u8) -> bool {
        let last = match stop {
            Some(stop) => stop.checked_sub(1).filter(|&b| b > head),
            None => (head + 1..self.blocks.len()).find(|&b| !self.visited[b]),
        };
        let Some(last) = last.filter(|&b| !self.visited[b] && !self.graph.reached(b)) else {
            return false;
        };
        match (end, self.only_jump(last)) {
            (Some(end), Some(t)) => t == end,
            (None, Some(t)) => t > last && self.drops_switch_value(t, ty),
            (_, None) => false,
        }
    }

    /// Whether block `b` starts by dropping a value of type `ty`: a switch's value
    /// at its end.
    fn drops_switch_value(&self, b: usize, ty: u8) -> bool {
        matches!(
            self.code(b).first(),
            Some(Instr {
                op: op::POPZ,
                types: [t, _],
                ..
            }) if *t == ty
        )
    }

    /// Where a switch's `break` goes: the first block after its head that drops the
    /// switch's value and that no single case owns.
    fn switch_end(&self, n: usize, ty: u8, targets: &[usize], default: usize) -> Option<usize> {
        let at = self.blocks[n].at;
        let drops = |b: usize| self.drops_switch_value(b, ty);
        // A case that is only `continue` (or a loop's `break`) drops the switch's
        // value too, then jumps out of the loop's body; only its test leads there.
        let jumps_out = |b: usize| match self.code(b) {
            [_, Instr {
                op: op::B,
                operand: Operand::Branch(t),
                ..
            }] => self
                .block_at(*t)
                .is_ok_and(|t| self.barrier(self.through_jumps(t), None)),
            _ => false,
        };
        let leaves_loop =
            |b: usize| targets.contains(&b) && self.graph.pred[b].len() == 1 && jumps_out(b);
        let mut all = targets.to_vec();
        all.push(default);
        (0..self.blocks.len())
            .filter(|&b| {
                self.blocks[b].at > at && self.graph.reached(b) && drops(b) && !leaves_loop(b)
            })
            // Not inside a case, though a `default: break;` may be the only way
            // there when every other case leaves.
            .filter(|&b| {
                !all.iter().any(|&t| {
                    t != b
                        && self.graph.dominates(t, b)
                        && (self.only_jump(t) != Some(b) || jumps_out(b))
                })
            })
            .min_by_key(|&b| self.blocks[b].at)
            .or_else(|| drops(default).then_some(default))
    }
}

/// What `isstaticok` pushes: whether the statics were set up already.
const STATICS_SET: &str = "@@isstaticok@@";

/// What a `catch` handler finds on the stack: the exception, which it stores.
const EXCEPTION: &str = "@@exception@@";

/// A case's label: the right side of its `==` test.
fn label_of(cond: Expr) -> Expr {
    match cond {
        Expr::Binary {
            op: BinaryOp::Eq,
            rhs,
            ..
        } => *rhs,
        other => other,
    }
}

fn is_call_of(e: &Expr, name: &str) -> bool {
    matches!(e, Expr::Call { callee, .. } if matches!(&**callee, Expr::Ident(n) if n == name))
}

/// `!e`, simplified where it can be without changing what it means.
pub fn not(e: Expr) -> Expr {
    match e {
        Expr::Unary {
            op: UnaryOp::Not,
            expr,
        } => *expr,
        Expr::Bool(b) => Expr::Bool(!b),
        Expr::Number(Number::Int(0)) => Expr::Bool(true),
        e => Expr::Unary {
            op: UnaryOp::Not,
            expr: Box::new(e),
        },
    }
}

/// A loop body without the `continue` that only says it loops again.
fn strip_trailing_continue(mut body: Vec<Stmt>) -> Vec<Stmt> {
    if body.last() == Some(&Stmt::Continue) {
        body.pop();
    }
    body
}

/// The names of the locals `instrs` use.
pub fn local_names(ctx: &Context<'_>, instrs: &[Instr]) -> std::collections::HashSet<String> {
    instrs
        .iter()
        .filter_map(|i| match i.operand {
            Operand::Variable {
                chain: Some(c),
                instance,
                ..
            } if i64::from(instance) == crate::formats::gamemaker::gml::decompile::sim::LOCAL => {
                ctx.chain_name(c)
            }
            _ => None,
        })
        .map(str::to_string)
        .collect()
}
