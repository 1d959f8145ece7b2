//! Each expression form parses to its tree.

use super::*;
use crate::formats::gamemaker::gml::language::ast::{
    Accessor, BinaryOp::*, Expr, Function, Param, StepOp, Stmt, TemplatePart, UnaryOp,
};

fn hex(n: i64) -> Expr {
    Expr::Number(crate::formats::gamemaker::gml::language::ast::Number::Hex(
        n,
    ))
}

#[test]
fn literals() {
    assert_eq!(e("1"), int(1));
    assert_eq!(e("1.5"), real(1.5));
    assert_eq!(e("$10"), hex(16));
    assert_eq!(e("0x10"), hex(16));
    assert_eq!(e("0b11"), hex(3));
    assert_eq!(e("\"hi\""), string("hi"));
    assert_eq!(e("'hi'"), string("hi"));
    assert_eq!(e("true"), Expr::Bool(true));
    assert_eq!(e("false"), Expr::Bool(false));
    for name in [
        "self",
        "other",
        "global",
        "all",
        "noone",
        "undefined",
        "pi",
        "infinity",
        "NaN",
    ] {
        assert_eq!(e(name), id(name));
    }
}

#[test]
fn a_minus_folds_into_a_number() {
    assert_eq!(e("-1"), int(-1));
    assert_eq!(e("-1.5"), real(-1.5));
    assert_eq!(e("-(2)"), int(-2));
    assert_eq!(e("-9223372036854775808"), int(i64::MIN));
    // A negative literal's negation stays one, as the printer writes it.
    assert_eq!(e("-(-1)"), un(UnaryOp::Neg, int(-1)));
    assert_eq!(e("- -1"), un(UnaryOp::Neg, int(-1)));
    assert_eq!(e("-a"), un(UnaryOp::Neg, id("a")));
    // Hex spells 64 bits: all ones is -1. A minus before hex stays an operator,
    // as hex is printed without one.
    assert_eq!(e("$ffffffffffffffff"), hex(-1));
    assert_eq!(e("-$10"), un(UnaryOp::Neg, hex(16)));
    assert_eq!(e("2 - 1"), bin(Sub, int(2), int(1)));
    assert_eq!(e("-1 * a"), bin(Mul, int(-1), id("a")));
}

#[test]
fn precedence_follows_the_tree() {
    let (a, b, c) = (id("a"), id("b"), id("c"));
    assert_eq!(
        e("a + b * c"),
        bin(Add, a.clone(), bin(Mul, b.clone(), c.clone()))
    );
    assert_eq!(
        e("a * b + c"),
        bin(Add, bin(Mul, a.clone(), b.clone()), c.clone())
    );
    assert_eq!(
        e("a - b - c"),
        bin(Sub, bin(Sub, a.clone(), b.clone()), c.clone())
    );
    assert_eq!(
        e("a - (b - c)"),
        bin(Sub, a.clone(), bin(Sub, b.clone(), c.clone()))
    );
    assert_eq!(
        e("a ?? b ?? c"),
        bin(Nullish, bin(Nullish, a.clone(), b.clone()), c.clone())
    );
    assert_eq!(
        e("a || b && c"),
        bin(Or, a.clone(), bin(And, b.clone(), c.clone()))
    );
    // The comparisons share one level, left to right.
    assert_eq!(
        e("a < b == b > c"),
        bin(
            Gt,
            bin(Eq, bin(Lt, a.clone(), b.clone()), b.clone()),
            c.clone()
        )
    );
    assert_eq!(
        e("a | b ^ c & a << 1"),
        bin(
            BitOr,
            a.clone(),
            bin(
                BitXor,
                b.clone(),
                bin(BitAnd, c.clone(), bin(Shl, a.clone(), int(1)))
            )
        )
    );
    assert_eq!(
        e("a div b mod c % 2"),
        bin(
            Mod,
            bin(Mod, bin(IntDiv, a.clone(), b.clone()), c.clone()),
            int(2)
        )
    );
}

#[test]
fn word_and_old_operators() {
    let (a, b) = (id("a"), id("b"));
    assert_eq!(e("a and b"), bin(And, a.clone(), b.clone()));
    assert_eq!(e("a or b"), bin(Or, a.clone(), b.clone()));
    assert_eq!(e("a xor b"), bin(Xor, a.clone(), b.clone()));
    assert_eq!(e("a ^^ b"), bin(Xor, a.clone(), b.clone()));
    assert_eq!(e("not a"), un(UnaryOp::Not, a.clone()));
    assert_eq!(e("a <> b"), bin(Ne, a.clone(), b.clone()));
    // A single `=` in an expression compares.
    assert_eq!(e("a = b"), bin(Eq, a.clone(), b.clone()));
    assert_eq!(e("a >> 2"), bin(Shr, a.clone(), int(2)));
}

#[test]
fn the_ternary_is_below_every_binary_and_right_associative() {
    assert_eq!(
        e("a || b ? c + 1 : d"),
        ternary(
            bin(Or, id("a"), id("b")),
            bin(Add, id("c"), int(1)),
            id("d")
        )
    );
    assert_eq!(
        e("a ? b : c ? d : f"),
        ternary(id("a"), id("b"), ternary(id("c"), id("d"), id("f")))
    );
}

#[test]
fn prefix_and_postfix() {
    assert_eq!(e("!a"), un(UnaryOp::Not, id("a")));
    assert_eq!(e("~a"), un(UnaryOp::BitNot, id("a")));
    assert_eq!(e("!!a"), un(UnaryOp::Not, un(UnaryOp::Not, id("a"))));
    assert_eq!(e("++a"), step(StepOp::PreInc, id("a")));
    assert_eq!(e("--a"), step(StepOp::PreDec, id("a")));
    assert_eq!(e("a++"), step(StepOp::PostInc, id("a")));
    assert_eq!(e("a--"), step(StepOp::PostDec, id("a")));
    assert_eq!(e("++a.b"), step(StepOp::PreInc, field(id("a"), "b")));
    assert_eq!(e("a.b++"), step(StepOp::PostInc, field(id("a"), "b")));
    assert_eq!(
        e("a[0]--"),
        step(
            StepOp::PostDec,
            index(id("a"), Accessor::Array, vec![int(0)])
        )
    );
    assert_eq!(e("-a.b"), un(UnaryOp::Neg, field(id("a"), "b")));
    assert_eq!(e("-a * b"), bin(Mul, un(UnaryOp::Neg, id("a")), id("b")));
}

#[test]
fn accessors() {
    let a = || id("a");
    assert_eq!(e("a[i]"), index(a(), Accessor::Array, vec![id("i")]));
    assert_eq!(
        e("a[i, j]"),
        index(a(), Accessor::Array, vec![id("i"), id("j")])
    );
    assert_eq!(e("a[| i]"), index(a(), Accessor::List, vec![id("i")]));
    assert_eq!(
        e("a[? \"k\"]"),
        index(a(), Accessor::Map, vec![string("k")])
    );
    assert_eq!(
        e("a[# x, y]"),
        index(a(), Accessor::Grid, vec![id("x"), id("y")])
    );
    assert_eq!(e("a[@ i]"), index(a(), Accessor::ArrayRef, vec![id("i")]));
    assert_eq!(e("a[$ k]"), index(a(), Accessor::Struct, vec![id("k")]));
    assert_eq!(e("a.b"), field(a(), "b"));
    assert_eq!(e("global.b"), field(id("global"), "b"));
    assert_eq!(e("(a + 1).b"), field(bin(Add, a(), int(1)), "b"));
    assert_eq!(e("(100005).x"), field(int(100005), "x"));
    assert_eq!(
        e("a.b[0].c(1)"),
        call(
            field(index(field(a(), "b"), Accessor::Array, vec![int(0)]), "c"),
            vec![int(1)]
        )
    );
    assert_eq!(e("f()()"), call(call(id("f"), vec![]), vec![]));
    assert_eq!(e("f(a, b,)"), call(id("f"), vec![a(), id("b")]));
}

#[test]
fn new_constructs_its_callee_and_later_calls_apply_to_the_result() {
    let new = |callee: Expr, args: Vec<Expr>| Expr::New {
        callee: Box::new(callee),
        args,
    };
    assert_eq!(e("new Foo(1)"), new(id("Foo"), vec![int(1)]));
    assert_eq!(e("new Foo"), new(id("Foo"), vec![]));
    assert_eq!(e("new a.B()"), new(field(id("a"), "B"), vec![]));
    assert_eq!(e("new Foo().x"), field(new(id("Foo"), vec![]), "x"));
    assert_eq!(e("new (f())()"), new(call(id("f"), vec![]), vec![]));
}

#[test]
fn arrays_and_structs() {
    assert_eq!(e("[]"), Expr::Array(vec![]));
    assert_eq!(
        e("[1, [2], 3,]"),
        Expr::Array(vec![int(1), Expr::Array(vec![int(2)]), int(3)])
    );
    assert_eq!(e("{}"), Expr::Struct(vec![]));
    assert_eq!(
        e("{ a: 1, \"b\": 2, c }"),
        Expr::Struct(vec![
            ("a".into(), int(1)),
            ("b".into(), int(2)),
            ("c".into(), id("c")),
        ])
    );
    assert_eq!(
        e("{ a: { b: [] }, }"),
        Expr::Struct(vec![(
            "a".into(),
            Expr::Struct(vec![("b".into(), Expr::Array(vec![]))])
        )])
    );
}

#[test]
fn templates() {
    assert_eq!(
        e(r#"$"x = {x + 1}, {"s"}\{""#),
        Expr::Template(vec![
            TemplatePart::Text("x = ".into()),
            TemplatePart::Expr(bin(Add, id("x"), int(1))),
            TemplatePart::Text(", ".into()),
            TemplatePart::Expr(string("s")),
            TemplatePart::Text("{".into()),
        ])
    );
    assert_eq!(
        e(r#"$"{$"{a}"}""#),
        Expr::Template(vec![TemplatePart::Expr(Expr::Template(vec![
            TemplatePart::Expr(id("a"))
        ]))])
    );
    assert_eq!(
        e(r#"$"{ {a: 1}.a }""#),
        Expr::Template(vec![TemplatePart::Expr(field(
            Expr::Struct(vec![("a".into(), int(1))]),
            "a"
        ))])
    );
}

#[test]
fn function_expressions() {
    let f = |name: Option<&str>, params: Vec<Param>, body: Vec<Stmt>| {
        Expr::Function(Box::new(Function {
            name: name.map(String::from),
            params,
            inherits: None,
            constructor: false,
            body,
        }))
    };
    assert_eq!(e("function() {}"), f(None, vec![], vec![]));
    assert_eq!(
        e("function g(a, b = 2) { return a; }"),
        f(
            Some("g"),
            vec![
                Param {
                    name: "a".into(),
                    default: None
                },
                Param {
                    name: "b".into(),
                    default: Some(int(2))
                }
            ],
            vec![Stmt::Return(Some(id("a")))]
        )
    );
    assert_eq!(
        e("(function() {})()"),
        call(f(None, vec![], vec![]), vec![])
    );
}
