//! Walks over the tree that the tidying passes share: every block of statements,
//! and every expression, innermost first.

use crate::formats::gamemaker::gml::language::ast::{Expr, Function, Stmt, TemplatePart};

/// Calls `f` on `block` and on every block nested in it, outermost first.
pub fn walk_block(block: &mut Vec<Stmt>, f: &mut dyn FnMut(&mut Vec<Stmt>)) {
    f(block);
    for s in block.iter_mut() {
        for inner in blocks_of(s) {
            walk_block(inner, f);
        }
    }
}

/// The blocks a statement holds directly.
fn blocks_of(s: &mut Stmt) -> Vec<&mut Vec<Stmt>> {
    match s {
        Stmt::If {
            then, otherwise, ..
        } => {
            let mut out = vec![then];
            out.extend(otherwise.as_mut());
            out
        }
        Stmt::While { body, .. }
        | Stmt::DoUntil { body, .. }
        | Stmt::Repeat { body, .. }
        | Stmt::With { body, .. }
        | Stmt::For { body, .. }
        | Stmt::Block(body) => vec![body],
        Stmt::Function(Function { body, .. }) => vec![body],
        Stmt::Switch { cases, .. } => cases.iter_mut().map(|c| &mut c.body).collect(),
        Stmt::Try {
            body,
            catch,
            finally,
        } => {
            let mut out = vec![body];
            out.extend(catch.as_mut().map(|(_, b)| b));
            out.extend(finally.as_mut());
            out
        }
        _ => Vec::new(),
    }
}

/// Calls `f` on every expression in `block`, each after its parts.
pub fn walk_block_exprs(block: &mut [Stmt], f: &mut dyn FnMut(&mut Expr)) {
    for s in block {
        walk_stmt_exprs(s, f);
    }
}

fn walk_stmt_exprs(s: &mut Stmt, f: &mut dyn FnMut(&mut Expr)) {
    match s {
        Stmt::Expr(e) | Stmt::Throw(e) | Stmt::Delete(e) | Stmt::Return(Some(e)) => walk_expr(e, f),
        Stmt::Assign { target, value, .. } => {
            walk_expr(target, f);
            walk_expr(value, f);
        }
        Stmt::Var(list) | Stmt::Static(list) => {
            for d in list {
                if let Some(v) = &mut d.value {
                    walk_expr(v, f);
                }
            }
        }
        Stmt::If {
            cond,
            then,
            otherwise,
        } => {
            walk_expr(cond, f);
            walk_block_exprs(then, f);
            if let Some(o) = otherwise {
                walk_block_exprs(o, f);
            }
        }
        Stmt::While { cond, body } | Stmt::DoUntil { body, cond } => {
            walk_expr(cond, f);
            walk_block_exprs(body, f);
        }
        Stmt::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                walk_stmt_exprs(i, f);
            }
            if let Some(c) = cond {
                walk_expr(c, f);
            }
            if let Some(st) = step {
                walk_stmt_exprs(st, f);
            }
            walk_block_exprs(body, f);
        }
        Stmt::Repeat { count: e, body } | Stmt::With { target: e, body } => {
            walk_expr(e, f);
            walk_block_exprs(body, f);
        }
        Stmt::Switch { value, cases } => {
            walk_expr(value, f);
            for c in cases {
                if let Some(l) = &mut c.label {
                    walk_expr(l, f);
                }
                walk_block_exprs(&mut c.body, f);
            }
        }
        Stmt::Try {
            body,
            catch,
            finally,
        } => {
            walk_block_exprs(body, f);
            if let Some((_, c)) = catch {
                walk_block_exprs(c, f);
            }
            if let Some(fin) = finally {
                walk_block_exprs(fin, f);
            }
        }
        Stmt::Function(func) => walk_function(func, f),
        Stmt::Enum { members, .. } => {
            for (_, v) in members {
                if let Some(v) = v {
                    walk_expr(v, f);
                }
            }
        }
        Stmt::Block(b) => walk_block_exprs(b, f),
        Stmt::Return(None)
        | Stmt::GlobalVar(_)
        | Stmt::Break
        | Stmt::Continue
        | Stmt::Exit
        | Stmt::Macro { .. } => {}
    }
}

fn walk_function(func: &mut Function, f: &mut dyn FnMut(&mut Expr)) {
    for p in &mut func.params {
        if let Some(d) = &mut p.default {
            walk_expr(d, f);
        }
    }
    if let Some((_, args)) = &mut func.inherits {
        for a in args {
            walk_expr(a, f);
        }
    }
    walk_block_exprs(&mut func.body, f);
}

/// Calls `f` on `e` and every expression inside it, innermost first.
pub fn walk_expr(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    match e {
        Expr::Field { base, .. } => walk_expr(base, f),
        Expr::Index { base, indices, .. } => {
            walk_expr(base, f);
            for i in indices {
                walk_expr(i, f);
            }
        }
        Expr::Call { callee, args } | Expr::New { callee, args } => {
            walk_expr(callee, f);
            for a in args {
                walk_expr(a, f);
            }
        }
        Expr::Unary { expr, .. } | Expr::Group(expr) => walk_expr(expr, f),
        Expr::Step { target, .. } => walk_expr(target, f),
        Expr::Binary { lhs, rhs, .. } => {
            walk_expr(lhs, f);
            walk_expr(rhs, f);
        }
        Expr::Ternary {
            cond,
            then,
            otherwise,
        } => {
            walk_expr(cond, f);
            walk_expr(then, f);
            walk_expr(otherwise, f);
        }
        Expr::Array(items) => {
            for i in items {
                walk_expr(i, f);
            }
        }
        Expr::Struct(fields) => {
            for (_, v) in fields {
                walk_expr(v, f);
            }
        }
        Expr::Template(parts) => {
            for p in parts {
                if let TemplatePart::Expr(x) = p {
                    walk_expr(x, f);
                }
            }
        }
        Expr::Function(func) => walk_function(func, f),
        Expr::Number(_) | Expr::String(_) | Expr::Bool(_) | Expr::Ident(_) => {}
    }
    f(e);
}
