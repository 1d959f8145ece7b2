//! Random trees print as text that parses back to them.
//!
//! The trees are those the parser can make: names from a few that are no keyword,
//! no negation of a literal that is not negative (the parser folds it), template
//! texts neither empty nor side by side, accessors with the indices they take, and
//! only names, fields and indices assigned or stepped.

use proptest::prelude::*;

use super::printed;
use crate::formats::gamemaker::gml::language::ast::{
    Accessor, AssignOp, BinaryOp, Block, Case, Declared, Expr, Function, Number, Param, StepOp,
    Stmt, TemplatePart, UnaryOp,
};
use crate::formats::gamemaker::gml::language::parse::parse;

const NAMES: &[&str] = &["a", "b", "foo", "bar_2", "_x", "Vec"];

fn name() -> impl Strategy<Value = String> {
    prop::sample::select(NAMES).prop_map(String::from)
}

/// A struct key: a name, or text that is none and so is written quoted.
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => name(),
        1 => prop::sample::select(&["two words", "if", "1st", "é", ""][..]).prop_map(String::from),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), 0..6).prop_map(String::from_iter)
}

fn number() -> impl Strategy<Value = Number> {
    use prop::num::f64::{NEGATIVE, NORMAL, POSITIVE, SUBNORMAL, ZERO};
    prop_oneof![
        (0i64..1000).prop_map(Number::Int),
        any::<i64>().prop_map(Number::Int),
        (NORMAL | SUBNORMAL | ZERO | POSITIVE | NEGATIVE).prop_map(Number::Real),
        prop::sample::select(&[0.5, 1.25, -3.75, 1e21, 1e-7][..]).prop_map(Number::Real),
    ]
}

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        number().prop_map(Expr::Number),
        text().prop_map(Expr::String),
        any::<bool>().prop_map(Expr::Bool),
        name().prop_map(Expr::Ident),
    ]
}

fn binary_op() -> impl Strategy<Value = BinaryOp> {
    use BinaryOp::*;
    prop::sample::select(
        &[
            Mul, Div, IntDiv, Mod, Add, Sub, Shl, Shr, BitAnd, BitXor, BitOr, Lt, Le, Eq, Ne, Ge,
            Gt, And, Xor, Or, Nullish,
        ][..],
    )
}

fn accessor() -> impl Strategy<Value = Accessor> {
    use Accessor::*;
    prop::sample::select(&[Array, ArrayRef, List, Map, Grid, Struct][..])
}

/// `e` as something that can be assigned: itself if it is, else a field of it.
fn assignable(e: Expr, name: String) -> Expr {
    match e {
        Expr::Ident(_) | Expr::Field { .. } | Expr::Index { .. } => e,
        base => Expr::Field {
            base: Box::new(base),
            name,
        },
    }
}

/// Adjacent texts joined and empty ones dropped, as the lexer makes them.
fn normalised(parts: Vec<TemplatePart>) -> Vec<TemplatePart> {
    let mut out: Vec<TemplatePart> = Vec::new();
    for part in parts {
        match (out.last_mut(), part) {
            (_, TemplatePart::Text(t)) if t.is_empty() => {}
            (Some(TemplatePart::Text(last)), TemplatePart::Text(t)) => last.push_str(&t),
            (_, part) => out.push(part),
        }
    }
    out
}

fn expr() -> BoxedStrategy<Expr> {
    leaf()
        .prop_recursive(4, 48, 4, |inner| {
            let list = prop::collection::vec(inner.clone(), 0..3);
            prop_oneof![
                (inner.clone(), name()).prop_map(|(base, name)| Expr::Field {
                    base: Box::new(base),
                    name
                }),
                (inner.clone(), accessor(), inner.clone(), inner.clone()).prop_map(
                    |(base, accessor, i, j)| {
                        let indices = match accessor {
                            Accessor::Grid => vec![i, j],
                            _ => vec![i],
                        };
                        Expr::Index {
                            base: Box::new(base),
                            accessor,
                            indices,
                        }
                    }
                ),
                (inner.clone(), list.clone()).prop_map(|(callee, args)| Expr::Call {
                    callee: Box::new(callee),
                    args
                }),
                (inner.clone(), list.clone()).prop_map(|(callee, args)| Expr::New {
                    callee: Box::new(callee),
                    args
                }),
                (
                    prop::sample::select(&[UnaryOp::Neg, UnaryOp::Not, UnaryOp::BitNot][..]),
                    inner.clone()
                )
                    .prop_map(|(op, e)| match (op, e) {
                        // The parser folds this into the literal.
                        (UnaryOp::Neg, Expr::Number(Number::Int(n))) if n >= 0 => {
                            Expr::Number(Number::Int(-n))
                        }
                        (UnaryOp::Neg, Expr::Number(Number::Real(r))) if !r.is_sign_negative() => {
                            Expr::Number(Number::Real(-r))
                        }
                        (op, e) => Expr::Unary {
                            op,
                            expr: Box::new(e)
                        },
                    }),
                (
                    prop::sample::select(
                        &[
                            StepOp::PreInc,
                            StepOp::PreDec,
                            StepOp::PostInc,
                            StepOp::PostDec
                        ][..]
                    ),
                    inner.clone(),
                    name()
                )
                    .prop_map(|(op, e, n)| Expr::Step {
                        op,
                        target: Box::new(assignable(e, n))
                    }),
                (binary_op(), inner.clone(), inner.clone(), any::<bool>())
                    .prop_map(|(op, l, r, group)| super::binary(op, l, r, group)),
                (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, t, o)| {
                    Expr::Ternary {
                        cond: Box::new(c),
                        then: Box::new(t),
                        otherwise: Box::new(o),
                    }
                }),
                list.clone().prop_map(Expr::Array),
                prop::collection::vec((key(), inner.clone()), 0..3).prop_map(Expr::Struct),
                prop::collection::vec(
                    prop_oneof![
                        text().prop_map(TemplatePart::Text),
                        inner.clone().prop_map(TemplatePart::Expr)
                    ],
                    0..4
                )
                .prop_map(|parts| Expr::Template(normalised(parts))),
                (
                    prop::option::of(name()),
                    params(inner.clone()),
                    prop::collection::vec(simple_stmt(inner.clone()), 0..2)
                )
                    .prop_map(|(name, params, body)| {
                        Expr::Function(Box::new(Function {
                            name,
                            params,
                            inherits: None,
                            constructor: false,
                            body,
                        }))
                    }),
            ]
        })
        .boxed()
}

fn params(e: impl Strategy<Value = Expr> + Clone) -> impl Strategy<Value = Vec<Param>> {
    prop::collection::vec(
        (name(), prop::option::of(e)).prop_map(|(name, default)| Param { name, default }),
        0..3,
    )
}

fn assign_op() -> impl Strategy<Value = AssignOp> {
    use AssignOp::*;
    prop::sample::select(&[Set, Add, Sub, Mul, Div, Mod, And, Or, Xor, Nullish][..])
}

/// An expression statement or an assignment: what a `for` holds.
fn simple_stmt(e: impl Strategy<Value = Expr> + Clone) -> impl Strategy<Value = Stmt> {
    prop_oneof![
        e.clone().prop_map(Stmt::Expr),
        (e.clone(), name(), assign_op(), e).prop_map(|(target, n, op, value)| Stmt::Assign {
            target: assignable(target, n),
            op,
            value
        }),
    ]
}

fn declared() -> impl Strategy<Value = Vec<Declared>> {
    prop::collection::vec(
        (name(), prop::option::of(expr())).prop_map(|(name, value)| Declared { name, value }),
        0..3,
    )
}

fn stmt() -> impl Strategy<Value = Stmt> {
    let leaf = prop_oneof![
        4 => simple_stmt(expr()),
        1 => declared().prop_map(Stmt::Var),
        1 => declared().prop_map(Stmt::Static),
        1 => prop::collection::vec(name(), 1..3).prop_map(Stmt::GlobalVar),
        1 => Just(Stmt::Break),
        1 => Just(Stmt::Continue),
        1 => Just(Stmt::Exit),
        1 => prop::option::of(expr()).prop_map(Stmt::Return),
        1 => expr().prop_map(Stmt::Throw),
        1 => expr().prop_map(Stmt::Delete),
        1 => (
            name(),
            prop::collection::vec((name(), prop::option::of(expr())), 0..3)
        )
            .prop_map(|(name, members)| Stmt::Enum { name, members }),
        1 => (
            prop::option::of(name()),
            name(),
            prop::sample::select(&["", "1 + 2", "\"s\" // c", "f(a,\\\n    b)"][..])
        )
            .prop_map(|(config, name, body)| Stmt::Macro {
                config,
                name,
                body: body.to_string()
            }),
    ];
    leaf.prop_recursive(3, 24, 3, |inner| {
        let block = prop::collection::vec(inner.clone(), 0..3);
        let init = prop_oneof![simple_stmt(expr()), declared().prop_map(Stmt::Var)];
        prop_oneof![
            (expr(), block.clone(), prop::option::of(block.clone())).prop_map(
                |(cond, then, otherwise)| Stmt::If {
                    cond,
                    then,
                    otherwise
                }
            ),
            (expr(), block.clone()).prop_map(|(cond, body)| Stmt::While { cond, body }),
            (block.clone(), expr()).prop_map(|(body, cond)| Stmt::DoUntil { body, cond }),
            (
                prop::option::of(init),
                prop::option::of(expr()),
                prop::option::of(simple_stmt(expr())),
                block.clone()
            )
                .prop_map(|(init, cond, step, body)| Stmt::For {
                    init: init.map(Box::new),
                    cond,
                    step: step.map(Box::new),
                    body
                }),
            (expr(), block.clone()).prop_map(|(count, body)| Stmt::Repeat { count, body }),
            (expr(), block.clone()).prop_map(|(target, body)| Stmt::With { target, body }),
            (
                expr(),
                prop::collection::vec(
                    (prop::option::of(expr()), block.clone())
                        .prop_map(|(label, body)| Case { label, body }),
                    0..3
                )
            )
                .prop_map(|(value, cases)| Stmt::Switch { value, cases }),
            (
                block.clone(),
                prop::option::of((name(), block.clone())),
                prop::option::of(block.clone())
            )
                .prop_map(|(body, catch, finally)| Stmt::Try {
                    body,
                    catch,
                    finally
                }),
            (
                name(),
                params(expr()),
                prop::option::of((name(), prop::collection::vec(expr(), 0..2))),
                any::<bool>(),
                block.clone()
            )
                .prop_map(|(name, params, inherits, constructor, body)| {
                    Stmt::Function(Function {
                        name: Some(name),
                        params,
                        inherits,
                        constructor,
                        body,
                    })
                }),
            block.prop_map(Stmt::Block),
        ]
    })
}

fn program() -> impl Strategy<Value = Block> {
    prop::collection::vec(stmt(), 0..4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn printed_expressions_parse_back(e in expr()) {
        let tree = vec![Stmt::Expr(e)];
        let text = printed(&tree);
        let back = parse(&text).map_err(|err| TestCaseError::fail(format!("{text}\n{err}")))?;
        prop_assert_eq!(back, tree, "{}", text);
    }

    #[test]
    fn printed_programs_parse_back(tree in program()) {
        let text = printed(&tree);
        let back = parse(&text).map_err(|err| TestCaseError::fail(format!("{text}\n{err}")))?;
        prop_assert_eq!(&back, &tree, "{}", text);
        prop_assert_eq!(printed(&back), text);
    }
}
