//! How deep and how large a tree is, measured without recursion and without
//! looking past the bound asked about: the decompiler asks this of what it builds
//! from bytecode, which may nest or copy without end.
//!
//! Depth is counted as [`crate::formats::gamemaker::gml::language::parse`] counts it: every statement, expression and
//! `case` is a level, a block is none. A tree no deeper than
//! [`crate::formats::gamemaker::gml::language::parse::MAX_DEPTH`] prints as text that parses back.

use crate::formats::gamemaker::gml::language::ast::{Case, Expr, Function, Stmt, TemplatePart};
use crate::formats::gamemaker::gml::language::parse::MAX_DEPTH;

/// A place in the tree.
#[derive(Clone, Copy)]
enum Node<'t> {
    Stmt(&'t Stmt),
    Expr(&'t Expr),
    Case(&'t Case),
}

/// How deep `block` is, or `limit + 1` if it is deeper than `limit`.
pub fn block_depth(block: &[Stmt], limit: usize) -> usize {
    deepest(block.iter().map(|s| (Node::Stmt(s), 1)).collect(), limit)
}

/// Whether `e` is more than `limit` levels deep, itself counted.
pub fn expr_deeper_than(e: &Expr, limit: usize) -> bool {
    deepest(vec![(Node::Expr(e), 1)], limit) > limit
}

/// Refuses `e`, made of parts no deeper than [`MAX_DEPTH`], if it is deeper: so
/// measuring it looks at most one level further. Why, in words.
pub fn check_expr(e: &Expr) -> Result<(), String> {
    if expr_deeper_than(e, MAX_DEPTH) {
        return Err(format!("an expression nested more than {MAX_DEPTH} deep"));
    }
    Ok(())
}

/// Why code nested past [`MAX_DEPTH`] is refused, in words.
pub fn code_too_deep() -> String {
    format!("code nested more than {MAX_DEPTH} deep")
}

/// How many expressions `e` is made of, if no more than `budget`.
pub fn expr_size_within(e: &Expr, budget: usize) -> Option<usize> {
    let mut todo = vec![Node::Expr(e)];
    let mut count = 0;
    while let Some(node) = todo.pop() {
        count += 1;
        if count > budget {
            return None;
        }
        parts(node, &mut |part| todo.push(part));
    }
    Some(count)
}

fn deepest(mut todo: Vec<(Node<'_>, usize)>, limit: usize) -> usize {
    let mut max = 0;
    while let Some((node, depth)) = todo.pop() {
        if depth > limit {
            return limit + 1;
        }
        max = max.max(depth);
        parts(node, &mut |part| todo.push((part, depth + 1)));
    }
    max
}

/// Calls `f` on each part of `node` that is a level below it.
fn parts<'t>(node: Node<'t>, f: &mut dyn FnMut(Node<'t>)) {
    match node {
        Node::Stmt(s) => stmt_parts(s, f),
        Node::Expr(e) => expr_parts(e, f),
        Node::Case(c) => {
            c.label.iter().for_each(|l| f(Node::Expr(l)));
            c.body.iter().for_each(|s| f(Node::Stmt(s)));
        }
    }
}

fn stmt_parts<'t>(s: &'t Stmt, f: &mut dyn FnMut(Node<'t>)) {
    let block = |b: &'t [Stmt], f: &mut dyn FnMut(Node<'t>)| {
        b.iter().for_each(|s| f(Node::Stmt(s)));
    };
    match s {
        Stmt::Expr(x) | Stmt::Throw(x) | Stmt::Delete(x) | Stmt::Return(Some(x)) => {
            f(Node::Expr(x))
        }
        Stmt::Assign { target, value, .. } => {
            f(Node::Expr(target));
            f(Node::Expr(value));
        }
        Stmt::Var(list) | Stmt::Static(list) => {
            list.iter()
                .filter_map(|d| d.value.as_ref())
                .for_each(|v| f(Node::Expr(v)));
        }
        Stmt::If {
            cond,
            then,
            otherwise,
        } => {
            f(Node::Expr(cond));
            block(then, f);
            otherwise.iter().for_each(|o| block(o, f));
        }
        Stmt::While { cond: x, body }
        | Stmt::Repeat { count: x, body }
        | Stmt::With { target: x, body }
        | Stmt::DoUntil { body, cond: x } => {
            f(Node::Expr(x));
            block(body, f);
        }
        Stmt::For {
            init,
            cond,
            step,
            body,
        } => {
            init.iter().for_each(|i| f(Node::Stmt(i)));
            cond.iter().for_each(|c| f(Node::Expr(c)));
            step.iter().for_each(|s| f(Node::Stmt(s)));
            block(body, f);
        }
        Stmt::Switch { value, cases } => {
            f(Node::Expr(value));
            cases.iter().for_each(|c| f(Node::Case(c)));
        }
        Stmt::Try {
            body,
            catch,
            finally,
        } => {
            block(body, f);
            catch.iter().for_each(|(_, c)| block(c, f));
            finally.iter().for_each(|b| block(b, f));
        }
        Stmt::Function(func) => function_parts(func, f),
        Stmt::Enum { members, .. } => {
            members
                .iter()
                .filter_map(|(_, v)| v.as_ref())
                .for_each(|v| f(Node::Expr(v)));
        }
        Stmt::Block(b) => block(b, f),
        Stmt::Return(None)
        | Stmt::GlobalVar(_)
        | Stmt::Break
        | Stmt::Continue
        | Stmt::Exit
        | Stmt::Macro { .. } => {}
    }
}

fn function_parts<'t>(func: &'t Function, f: &mut dyn FnMut(Node<'t>)) {
    func.params
        .iter()
        .filter_map(|p| p.default.as_ref())
        .for_each(|d| f(Node::Expr(d)));
    func.inherits
        .iter()
        .flat_map(|(_, args)| args)
        .for_each(|a| f(Node::Expr(a)));
    func.body.iter().for_each(|s| f(Node::Stmt(s)));
}

fn expr_parts<'t>(e: &'t Expr, f: &mut dyn FnMut(Node<'t>)) {
    let all = |items: &'t [Expr], f: &mut dyn FnMut(Node<'t>)| {
        items.iter().for_each(|x| f(Node::Expr(x)));
    };
    match e {
        Expr::Number(_) | Expr::String(_) | Expr::Bool(_) | Expr::Ident(_) => {}
        Expr::Template(template) => template.iter().for_each(|p| {
            if let TemplatePart::Expr(x) = p {
                f(Node::Expr(x));
            }
        }),
        Expr::Field { base, .. } => f(Node::Expr(base)),
        Expr::Index { base, indices, .. } => {
            f(Node::Expr(base));
            all(indices, f);
        }
        Expr::Call { callee, args } | Expr::New { callee, args } => {
            f(Node::Expr(callee));
            all(args, f);
        }
        Expr::Unary { expr, .. } | Expr::Group(expr) => f(Node::Expr(expr)),
        Expr::Step { target, .. } => f(Node::Expr(target)),
        Expr::Binary { lhs, rhs, .. } => {
            f(Node::Expr(lhs));
            f(Node::Expr(rhs));
        }
        Expr::Ternary {
            cond,
            then,
            otherwise,
        } => {
            f(Node::Expr(cond));
            f(Node::Expr(then));
            f(Node::Expr(otherwise));
        }
        Expr::Array(items) => all(items, f),
        Expr::Struct(fields) => fields.iter().for_each(|(_, v)| f(Node::Expr(v))),
        Expr::Function(func) => function_parts(func, f),
    }
}
