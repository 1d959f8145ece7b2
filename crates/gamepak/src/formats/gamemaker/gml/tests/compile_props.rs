//! Random programs compiled, decompiled and compiled again give the same
//! instructions, for each release the compiler's choices change in.
//!
//! The programs are the event code modders write: instance and local
//! variables, arithmetic, comparisons and logic on them and on constants,
//! calls of built-in functions, and every statement that needs no function of
//! the game's.

use proptest::prelude::*;

use crate::formats::gamemaker::gml::compile::identity::listing;
use crate::formats::gamemaker::gml::decompile::from_assembly::decompile_assembly;
use crate::formats::gamemaker::gml::language::ast::{
    Accessor, AssignOp, BinaryOp, Block, Case, Declared, Expr, Number, StepOp, Stmt, UnaryOp,
};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::{
    gml::compile::compile, gml::compile::Env, gml::compile::Source, gml::compile::Target,
};

const INSTANCE: &[&str] = &["hp", "speed_x", "count"];
const LOCALS: &[&str] = &["a", "b"];

fn variable() -> impl Strategy<Value = Expr> {
    prop_oneof![
        4 => prop::sample::select([INSTANCE, LOCALS].concat()).prop_map(|n| Expr::Ident(n.into())),
        1 => Just(Expr::Field {
            base: Box::new(Expr::Ident("global".into())),
            name: "score".into(),
        }),
        1 => Just(Expr::Field {
            base: Box::new(Expr::Ident("other".into())),
            name: "hp".into(),
        }),
        1 => (0i64..3).prop_map(|k| Expr::Index {
            base: Box::new(Expr::Ident("list".into())),
            accessor: Accessor::Array,
            indices: vec![Expr::Number(Number::Int(k))],
        }),
    ]
}

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        1 => (0i64..100).prop_map(|n| Expr::Number(Number::Int(n))),
        1 => prop::sample::select(&[40000i64, 3_000_000_000][..]).prop_map(|n| Expr::Number(Number::Int(n))),
        1 => prop::sample::select(&[0.5, 2.25][..]).prop_map(|r| Expr::Number(Number::Real(r))),
        1 => prop::sample::select(&["a", "bc"][..]).prop_map(|s| Expr::String(s.into())),
        3 => variable(),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    expr_with(true)
}

/// A loop's test: a `? :` there the decompiler reads only in a `while`'s.
fn test() -> impl Strategy<Value = Expr> {
    expr_with(false)
}

fn expr_with(ternaries: bool) -> impl Strategy<Value = Expr> {
    use BinaryOp::*;
    leaf().prop_recursive(3, 12, 2, move |e| {
        prop_oneof![
            (
                prop::sample::select(
                    &[
                        Add, Sub, Mul, Div, Mod, IntDiv, Lt, Le, Eq, Ne, Gt, Ge, And, Or, BitAnd,
                        BitOr
                    ][..]
                ),
                e.clone(),
                e.clone(),
                any::<bool>()
            )
                .prop_map(|(op, l, r, group)| super::binary(op, l, r, group)),
            (
                prop::sample::select(&[UnaryOp::Neg, UnaryOp::Not][..]),
                variable()
            )
                .prop_map(|(op, v)| Expr::Unary {
                    op,
                    expr: Box::new(v)
                }),
            e.clone().prop_map(|x| call("abs", vec![x])),
            (e.clone(), e.clone()).prop_map(|(x, y)| call("max", vec![x, y])),
            e.clone().prop_map(|x| call("string", vec![x])),
            (e.clone(), e.clone(), e).prop_map(move |(c, t, o)| if ternaries {
                Expr::Ternary {
                    cond: Box::new(c),
                    then: Box::new(t),
                    otherwise: Box::new(o),
                }
            } else {
                call("max", vec![c, t, o])
            }),
        ]
    })
}

fn call(name: &str, args: Vec<Expr>) -> Expr {
    Expr::Call {
        callee: Box::new(Expr::Ident(name.into())),
        args,
    }
}

fn assign() -> impl Strategy<Value = Stmt> {
    (
        variable(),
        prop::sample::select(&[AssignOp::Set, AssignOp::Add, AssignOp::Mul][..]),
        expr(),
    )
        .prop_map(|(target, op, value)| Stmt::Assign { target, op, value })
}

fn simple() -> impl Strategy<Value = Stmt> {
    prop_oneof![
        4 => assign(),
        1 => variable().prop_map(|v| Stmt::Expr(Expr::Step {
            op: StepOp::PostInc,
            target: Box::new(v)
        })),
        1 => expr().prop_map(|e| Stmt::Expr(call("show_debug_message", vec![e]))),
    ]
}

fn stmt() -> impl Strategy<Value = Stmt> {
    simple().prop_recursive(2, 12, 3, |s| {
        let block = prop::collection::vec(s, 1..3);
        let case = (prop::option::of(0i64..4), block.clone()).prop_map(|(label, mut body)| {
            body.push(Stmt::Break);
            Case {
                label: label.map(|n| Expr::Number(Number::Int(n))),
                body,
            }
        });
        prop_oneof![
            (variable(), prop::collection::vec(case, 1..4)).prop_map(|(value, mut cases)| {
                // Each label once, the default last.
                let mut seen = Vec::new();
                cases.retain(|c| {
                    let fresh = !seen.contains(&c.label);
                    seen.push(c.label.clone());
                    fresh
                });
                cases.sort_by_key(|c| c.label.is_none());
                // A switch of nothing but `default` is no switch anyone writes.
                if cases[0].label.is_none() {
                    cases.insert(
                        0,
                        Case {
                            label: Some(Expr::Number(Number::Int(9))),
                            body: vec![Stmt::Break],
                        },
                    );
                }
                Stmt::Switch { value, cases }
            }),
            (block.clone(), test()).prop_map(|(body, cond)| Stmt::DoUntil { body, cond }),
            (test(), block.clone()).prop_map(|(cond, body)| Stmt::For {
                init: Some(Box::new(Stmt::Var(vec![Declared {
                    name: "i".into(),
                    value: Some(Expr::Number(Number::Int(0))),
                }]))),
                cond: Some(cond),
                step: Some(Box::new(Stmt::Expr(Expr::Step {
                    op: StepOp::PostInc,
                    target: Box::new(Expr::Ident("i".into())),
                }))),
                body,
            }),
            (block.clone(), prop::option::of(expr())).prop_map(|(mut body, leave)| {
                if let Some(cond) = leave {
                    body.push(Stmt::If {
                        cond,
                        then: vec![Stmt::Break],
                        otherwise: None,
                    });
                }
                Stmt::With {
                    target: Expr::Ident("other".into()),
                    body,
                }
            }),
            (expr(), block.clone()).prop_map(|(cond, mut then)| {
                then.push(Stmt::Exit);
                Stmt::If {
                    cond,
                    then,
                    otherwise: None,
                }
            }),
            (expr(), block.clone(), prop::option::of(block.clone())).prop_map(
                |(cond, then, otherwise)| Stmt::If {
                    cond,
                    then,
                    otherwise
                }
            ),
            (1i64..5, block.clone()).prop_map(|(n, body)| Stmt::Repeat {
                count: Expr::Number(Number::Int(n)),
                body
            }),
            (expr(), block, expr()).prop_map(|(cond, mut body, leave)| {
                body.push(Stmt::If {
                    cond: leave,
                    then: vec![Stmt::Break],
                    otherwise: None,
                });
                Stmt::While { cond, body }
            }),
        ]
    })
}

/// A program: its locals declared first, then statements.
fn program() -> impl Strategy<Value = Block> {
    prop::collection::vec(stmt(), 1..4).prop_map(|body| {
        let locals = LOCALS
            .iter()
            .map(|n| Declared {
                name: n.to_string(),
                value: Some(Expr::Number(Number::Int(0))),
            })
            .collect();
        std::iter::once(Stmt::Var(locals)).chain(body).collect()
    })
}

/// `body` compiled for `release` as an object's event, as disassembly text
/// whose header names the release.
fn compiled(body: &Block, (release, named): (Version, &str)) -> Result<String, String> {
    let mut target = Target::new(if release < Version::GMS2 { 16 } else { 17 }, release);
    // Arrays are copied on write from 2.3, as the games of those releases have
    // them.
    target.array_owners = release >= Version::V2_3;
    target.owner_every_write =
        crate::formats::gamemaker::gml::decompile::array_writes::names_every_owner(
            crate::formats::gamemaker::model::version::Range {
                low: release,
                high: release,
            },
        );
    let env = Env::bare(target);
    let entry = "gml_Object_obj_Step_0";
    let c = compile(
        &env,
        Source {
            entry,
            body,
            functions: &[],
            places: None,
        },
    )
    .map_err(|e| format!("{e:?}"))?;
    let text = c.assembly(entry, 0)?;
    Ok(format!("; release {named}\n{text}"))
}

/// Each release, with how the disassembly's header names it.
const RELEASES: [(Version, &str); 5] = [
    (Version::new(1, 4, 0, 0), "1.4"),
    (Version::GMS2, "2.0"),
    (Version::V2_3, "2.3"),
    (Version::V2022_1, "2022.1"),
    (Version::V2024_4, "2024.4"),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn compiled_decompiled_and_compiled_again_gives_the_same_instructions(
        body in program(),
        release in prop::sample::select(&RELEASES[..]),
    ) {
        let original = crate::formats::gamemaker::gml::language::print::print(&body, Default::default());
        let first = compiled(&body, release).unwrap_or_else(|e| panic!("does not compile: {e}\n{original}"));
        let entries = decompile_assembly(&first).unwrap_or_else(|e| panic!("{e}\n{first}"));
        let back = entries[0]
            .body
            .as_ref()
            .unwrap_or_else(|e| panic!("L{:04x}: {}\n{original}\n{first}", e.at, e.why));
        let again = compiled(back, release).unwrap_or_else(|e| panic!("decompiled, does not compile: {e}"));
        let shown = crate::formats::gamemaker::gml::language::print::print(back, Default::default());
        let (want, got) = (listing(&first), listing(&again));
        let at = want.iter().zip(&got).position(|(a, b)| a != b).unwrap_or(want.len().min(got.len()));
        prop_assert!(
            want == got,
            "differs at {}: {:?} against {:?}\n{}\nread back as\n{}\n{}",
            at,
            &want[at.saturating_sub(3)..(at + 3).min(want.len())],
            &got[at.saturating_sub(3)..(at + 3).min(got.len())],
            original,
            shown,
            first
        );
    }
}
