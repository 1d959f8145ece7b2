//! The nesting limit is on the tree, not on the text: a tree of [`MAX_DEPTH`]
//! levels, of any shape, prints as text that parses back to it (printing adds
//! parentheses, and takes some away), and one a level deeper is refused.

use super::{call, field, id, index, int, printed, set, ternary, un};
use crate::formats::gamemaker::gml::language::ast::{
    Accessor, BinaryOp, Block, Case, Expr, Function, Stmt, TemplatePart, UnaryOp,
};
use crate::formats::gamemaker::gml::language::parse::{parse, MAX_DEPTH};

/// How deep a tree is, as the parser counts.
fn block_depth(block: &[Stmt]) -> usize {
    crate::formats::gamemaker::gml::language::tree_bounds::block_depth(block, usize::MAX)
}

fn nest_expr(k: usize, wrap: impl Fn(Expr) -> Expr) -> Block {
    let mut e = id("x");
    for _ in 0..k {
        e = wrap(e);
    }
    vec![Stmt::Expr(e)]
}

fn nest_stmt(k: usize, wrap: impl Fn(Stmt) -> Stmt) -> Block {
    let mut s = set("x", int(1));
    for _ in 0..k {
        s = wrap(s);
    }
    vec![s]
}

fn bin(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
    super::bin(op, lhs, rhs)
}

fn function(body: Block) -> Expr {
    Expr::Function(Box::new(Function {
        name: None,
        params: vec![],
        inherits: None,
        constructor: false,
        body,
    }))
}

/// A shape of tree, by name, and how to nest it `k` times.
type Shape = (&'static str, Box<dyn Fn(usize) -> Block>);

/// Each shape.
fn shapes() -> Vec<Shape> {
    vec![
        (
            "negations",
            Box::new(|k| nest_expr(k, |e| un(UnaryOp::Neg, e))),
        ),
        (
            "nots of negative numbers",
            Box::new(|k| {
                let mut b = nest_expr(k.saturating_sub(1), |e| un(UnaryOp::Not, e));
                if let [Stmt::Expr(e)] = &mut b[..] {
                    *e = replace_leaf(e.clone(), int(-1));
                }
                b
            }),
        ),
        (
            "ternaries in the else",
            Box::new(|k| nest_expr(k, |e| ternary(id("c"), id("a"), e))),
        ),
        (
            "ternaries in the condition",
            Box::new(|k| nest_expr(k, |e| ternary(e, id("a"), id("b")))),
        ),
        (
            "a left chain",
            Box::new(|k| nest_expr(k, |e| bin(BinaryOp::Add, e, id("a")))),
        ),
        (
            "a right chain",
            Box::new(|k| nest_expr(k, |e| bin(BinaryOp::Sub, id("a"), e))),
        ),
        (
            "mixed bitwise operators",
            Box::new(|k| {
                nest_expr(k, |e| match &e {
                    Expr::Binary {
                        op: BinaryOp::BitAnd,
                        ..
                    } => bin(BinaryOp::BitOr, e, id("a")),
                    _ => bin(BinaryOp::BitAnd, e, id("a")),
                })
            }),
        ),
        (
            "negated sums",
            Box::new(|k| {
                nest_expr(k, |e| match &e {
                    Expr::Unary { .. } => bin(BinaryOp::Add, id("a"), e),
                    _ => un(UnaryOp::Neg, e),
                })
            }),
        ),
        (
            "arrays",
            Box::new(|k| nest_expr(k, |e| Expr::Array(vec![e]))),
        ),
        (
            "structs",
            Box::new(|k| nest_expr(k, |e| Expr::Struct(vec![("a".into(), e)]))),
        ),
        ("fields", Box::new(|k| nest_expr(k, |e| field(e, "a")))),
        (
            "fields of sums",
            Box::new(|k| {
                nest_expr(k, |e| match &e {
                    Expr::Field { .. } => bin(BinaryOp::Add, e, id("a")),
                    _ => field(e, "a"),
                })
            }),
        ),
        (
            "calls of calls",
            Box::new(|k| nest_expr(k, |e| call(e, vec![]))),
        ),
        (
            "calls in arguments",
            Box::new(|k| nest_expr(k, |e| call(id("f"), vec![e]))),
        ),
        (
            "indices",
            Box::new(|k| nest_expr(k, |e| index(id("a"), Accessor::Grid, vec![e, int(0)]))),
        ),
        (
            "constructors of constructors",
            Box::new(|k| {
                nest_expr(k, |e| Expr::New {
                    callee: Box::new(e),
                    args: vec![],
                })
            }),
        ),
        (
            "templates",
            Box::new(|k| nest_expr(k, |e| Expr::Template(vec![TemplatePart::Expr(e)]))),
        ),
        (
            "functions",
            Box::new(|k| nest_expr(k, |e| function(vec![Stmt::Return(Some(e))]))),
        ),
        (
            "called functions",
            Box::new(|k| {
                nest_expr(k, |e| match &e {
                    Expr::Function(_) => call(e, vec![]),
                    _ => function(vec![Stmt::Expr(e)]),
                })
            }),
        ),
        (
            "ifs",
            Box::new(|k| {
                nest_stmt(k, |s| Stmt::If {
                    cond: id("c"),
                    then: vec![s],
                    otherwise: None,
                })
            }),
        ),
        (
            "else ifs",
            Box::new(|k| {
                nest_stmt(k, |s| Stmt::If {
                    cond: id("c"),
                    then: vec![],
                    otherwise: Some(vec![s]),
                })
            }),
        ),
        (
            "blocks",
            Box::new(|k| nest_stmt(k, |s| Stmt::Block(vec![s]))),
        ),
        (
            "switches",
            Box::new(|k| {
                nest_stmt(k, |s| Stmt::Switch {
                    value: id("v"),
                    cases: vec![Case {
                        label: Some(int(1)),
                        body: vec![s],
                    }],
                })
            }),
        ),
        (
            "for loops",
            Box::new(|k| {
                nest_stmt(k, |s| Stmt::For {
                    init: None,
                    cond: None,
                    step: None,
                    body: vec![s],
                })
            }),
        ),
    ]
}

/// `e` with its innermost `x` replaced by `leaf`.
fn replace_leaf(e: Expr, leaf: Expr) -> Expr {
    match e {
        Expr::Unary { op, expr } => un(op, replace_leaf(*expr, leaf)),
        _ => leaf,
    }
}

/// The tree `make` builds nested as deep as `depth`, if nesting reaches it.
fn at_depth(make: &dyn Fn(usize) -> Block, depth: usize) -> Option<Block> {
    (0..2 * depth)
        .map(make)
        .find(|b| block_depth(b) >= depth)
        .filter(|b| block_depth(b) == depth)
}

#[test]
fn every_shape_parses_at_the_limit_and_is_refused_past_it() {
    for (name, make) in shapes() {
        let tree = at_depth(&*make, MAX_DEPTH).unwrap_or_else(|| panic!("{name}"));
        let text = printed(&tree);
        let back = parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(back == tree, "{name}: parses to another tree");
        if let Some(deeper) = at_depth(&*make, MAX_DEPTH + 1) {
            let e = parse(&printed(&deeper)).expect_err(name);
            assert!(e.message.contains("nested too deeply"), "{name}: {e}");
        }
    }
}
