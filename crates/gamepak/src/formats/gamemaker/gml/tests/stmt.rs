//! Each statement form parses to its tree, with and without the optional parts.

use super::*;
use crate::formats::gamemaker::gml::language::ast::{
    Accessor, AssignOp, BinaryOp::*, Case, Expr, Function, Param, Stmt,
};

#[test]
fn assignments() {
    assert_eq!(p("a = 1;"), vec![set("a", int(1))]);
    assert_eq!(p("a := 1"), vec![set("a", int(1))]);
    let ops = [
        ("+=", AssignOp::Add),
        ("-=", AssignOp::Sub),
        ("*=", AssignOp::Mul),
        ("/=", AssignOp::Div),
        ("%=", AssignOp::Mod),
        ("&=", AssignOp::And),
        ("|=", AssignOp::Or),
        ("^=", AssignOp::Xor),
        ("??=", AssignOp::Nullish),
    ];
    for (text, op) in ops {
        assert_eq!(
            p(&format!("a {text} b")),
            vec![assign(id("a"), op, id("b"))]
        );
    }
    assert_eq!(
        p("a.b[| 0] = c == d"),
        vec![assign(
            index(field(id("a"), "b"), Accessor::List, vec![int(0)]),
            AssignOp::Set,
            bin(Eq, id("c"), id("d"))
        )]
    );
    // In brackets a `=` compares, even in an assignment's value.
    assert_eq!(p("a = (b = c)"), vec![set("a", bin(Eq, id("b"), id("c")))]);
}

#[test]
fn semicolons_are_optional() {
    assert_eq!(
        p("a = 1 b = 2\nf() ;; g()"),
        vec![
            set("a", int(1)),
            set("b", int(2)),
            call_stmt("f"),
            call_stmt("g")
        ]
    );
}

#[test]
fn any_expression_is_a_statement() {
    assert_eq!(p("f();"), vec![call_stmt("f")]);
    assert_eq!(
        p("i++; --j"),
        vec![
            Stmt::Expr(step(StepOp::PostInc, id("i"))),
            Stmt::Expr(step(StepOp::PreDec, id("j")))
        ]
    );
    assert_eq!(p("a + 1;"), vec![Stmt::Expr(bin(Add, id("a"), int(1)))]);
    assert_eq!(
        p("new Foo();"),
        vec![Stmt::Expr(Expr::New {
            callee: Box::new(id("Foo")),
            args: vec![]
        })]
    );
}

use crate::formats::gamemaker::gml::language::ast::StepOp;

#[test]
fn declarations() {
    assert_eq!(
        p("var a = 1, b;"),
        vec![Stmt::Var(vec![
            declared("a", Some(int(1))),
            declared("b", None)
        ])]
    );
    assert_eq!(
        p("static n = 0"),
        vec![Stmt::Static(vec![declared("n", Some(int(0)))])]
    );
    assert_eq!(
        p("globalvar a, b;"),
        vec![Stmt::GlobalVar(vec!["a".into(), "b".into()])]
    );
    assert_eq!(p("var;"), vec![Stmt::Var(vec![])]);
}

#[test]
fn if_else_in_every_spelling() {
    let want = vec![Stmt::If {
        cond: id("c"),
        then: vec![call_stmt("x")],
        otherwise: Some(vec![call_stmt("y")]),
    }];
    assert_eq!(p("if (c) { x(); } else { y(); }"), want);
    assert_eq!(p("if (c) x(); else y();"), want);
    assert_eq!(p("if c x() else y()"), want);
    assert_eq!(p("if c then x() else y()"), want);
    assert_eq!(p("if (c) begin x() end else begin y() end"), want);
    assert_eq!(p("if (c) { x(); }; else y();"), want);
    assert_eq!(
        p("if (a) {} else if (b) {} else {}"),
        vec![Stmt::If {
            cond: id("a"),
            then: vec![],
            otherwise: Some(vec![Stmt::If {
                cond: id("b"),
                then: vec![],
                otherwise: Some(vec![]),
            }]),
        }]
    );
    assert_eq!(
        p("if (a) and (b) x()"),
        vec![Stmt::If {
            cond: bin(And, id("a"), id("b")),
            then: vec![call_stmt("x")],
            otherwise: None,
        }]
    );
    // A `-` or `++` after a condition in parentheses starts the body.
    assert_eq!(
        p("if (a) -b; if (a) ++b"),
        vec![
            Stmt::If {
                cond: id("a"),
                then: vec![Stmt::Expr(un(
                    crate::formats::gamemaker::gml::language::ast::UnaryOp::Neg,
                    id("b")
                ))],
                otherwise: None,
            },
            Stmt::If {
                cond: id("a"),
                then: vec![Stmt::Expr(step(StepOp::PreInc, id("b")))],
                otherwise: None,
            }
        ]
    );
    assert_eq!(
        p("if (a = 1) exit;"),
        vec![Stmt::If {
            cond: bin(Eq, id("a"), int(1)),
            then: vec![Stmt::Exit],
            otherwise: None,
        }]
    );
}

#[test]
fn loops() {
    assert_eq!(
        p("while (i < 3) i++;"),
        vec![Stmt::While {
            cond: bin(Lt, id("i"), int(3)),
            body: vec![Stmt::Expr(step(StepOp::PostInc, id("i")))],
        }]
    );
    assert_eq!(
        p("do { f(); } until (done);"),
        vec![Stmt::DoUntil {
            body: vec![call_stmt("f")],
            cond: id("done"),
        }]
    );
    assert_eq!(
        p("do f() until done"),
        vec![Stmt::DoUntil {
            body: vec![call_stmt("f")],
            cond: id("done"),
        }]
    );
    assert_eq!(
        p("repeat (3) { f() }"),
        vec![Stmt::Repeat {
            count: int(3),
            body: vec![call_stmt("f")],
        }]
    );
    assert_eq!(
        p("with (other) instance_destroy();"),
        vec![Stmt::With {
            target: id("other"),
            body: vec![call_stmt("instance_destroy")],
        }]
    );
}

#[test]
fn for_loops_with_any_part_left_out() {
    assert_eq!(
        p("for (var i = 0; i < n; i += 1) { f(i); }"),
        vec![Stmt::For {
            init: Some(Box::new(Stmt::Var(vec![declared("i", Some(int(0)))]))),
            cond: Some(bin(Lt, id("i"), id("n"))),
            step: Some(Box::new(assign(id("i"), AssignOp::Add, int(1)))),
            body: vec![Stmt::Expr(call(id("f"), vec![id("i")]))],
        }]
    );
    assert_eq!(
        p("for (;;) break;"),
        vec![Stmt::For {
            init: None,
            cond: None,
            step: None,
            body: vec![Stmt::Break],
        }]
    );
    assert_eq!(
        p("for (i = 0; ; i++) {}"),
        vec![Stmt::For {
            init: Some(Box::new(set("i", int(0)))),
            cond: None,
            step: Some(Box::new(Stmt::Expr(step(StepOp::PostInc, id("i"))))),
            body: vec![],
        }]
    );
}

#[test]
fn switch_cases_run_to_the_next_case() {
    let text = "switch (x) {\n case 1:\n case 2: f(); break;\n default: g();\n case \"s\": }";
    assert_eq!(
        p(text),
        vec![Stmt::Switch {
            value: id("x"),
            cases: vec![
                Case {
                    label: Some(int(1)),
                    body: vec![]
                },
                Case {
                    label: Some(int(2)),
                    body: vec![call_stmt("f"), Stmt::Break]
                },
                Case {
                    label: None,
                    body: vec![call_stmt("g")]
                },
                Case {
                    label: Some(string("s")),
                    body: vec![]
                },
            ],
        }]
    );
}

#[test]
fn jumps() {
    assert_eq!(
        p("break; continue; exit; return; return 1 + 2; return\n"),
        vec![
            Stmt::Break,
            Stmt::Continue,
            Stmt::Exit,
            Stmt::Return(None),
            Stmt::Return(Some(bin(Add, int(1), int(2)))),
            Stmt::Return(None),
        ]
    );
    assert_eq!(p("{ return }"), vec![Stmt::Block(vec![Stmt::Return(None)])]);
    assert_eq!(
        p("return { a: 1 };"),
        vec![Stmt::Return(Some(Expr::Struct(vec![("a".into(), int(1))])))]
    );
}

#[test]
fn try_throw_delete() {
    assert_eq!(
        p("try { f(); } catch (e) { show(e); } finally { g(); }"),
        vec![Stmt::Try {
            body: vec![call_stmt("f")],
            catch: Some((
                "e".into(),
                vec![Stmt::Expr(call(id("show"), vec![id("e")]))]
            )),
            finally: Some(vec![call_stmt("g")]),
        }]
    );
    assert_eq!(
        p("try {} catch (e) {}"),
        vec![Stmt::Try {
            body: vec![],
            catch: Some(("e".into(), vec![])),
            finally: None,
        }]
    );
    assert_eq!(p("throw \"x\";"), vec![Stmt::Throw(string("x"))]);
    assert_eq!(p("delete a.b"), vec![Stmt::Delete(field(id("a"), "b"))]);
}

#[test]
fn function_declarations() {
    assert_eq!(
        p("function Child(a, b = 1) : Parent(a) constructor { static c = 2; }"),
        vec![Stmt::Function(Function {
            name: Some("Child".into()),
            params: vec![
                Param {
                    name: "a".into(),
                    default: None
                },
                Param {
                    name: "b".into(),
                    default: Some(int(1))
                },
            ],
            inherits: Some(("Parent".into(), vec![id("a")])),
            constructor: true,
            body: vec![Stmt::Static(vec![declared("c", Some(int(2)))])],
        })]
    );
    // A named function used as a value stays an expression.
    let g = Expr::Function(Box::new(Function {
        name: Some("g".into()),
        params: vec![],
        inherits: None,
        constructor: false,
        body: vec![],
    }));
    assert_eq!(p("f = function g() {};"), vec![set("f", g)]);
}

#[test]
fn enums_and_macros() {
    assert_eq!(
        p("enum Color { Red, Green = 5, Blue, }"),
        vec![Stmt::Enum {
            name: "Color".into(),
            members: vec![
                ("Red".into(), None),
                ("Green".into(), Some(int(5))),
                ("Blue".into(), None),
            ],
        }]
    );
    assert_eq!(
        p("#macro Android:VERSION \"a\"\nx = VERSION"),
        vec![
            Stmt::Macro {
                config: Some("Android".into()),
                name: "VERSION".into(),
                body: "\"a\"".into(),
            },
            set("x", id("VERSION")),
        ]
    );
}

#[test]
fn blocks_and_defines() {
    assert_eq!(
        p("{ a = 1; { } }"),
        vec![Stmt::Block(vec![set("a", int(1)), Stmt::Block(vec![])])]
    );
    // Each `#define` section is a script, read as a function of its name.
    let script = |name: &str, body| {
        Stmt::Function(Function {
            name: Some(name.into()),
            params: vec![],
            inherits: None,
            constructor: false,
            body,
        })
    };
    assert_eq!(
        p("init();\n#define one\nreturn argument0\n#define two\n"),
        vec![
            call_stmt("init"),
            script("one", vec![Stmt::Return(Some(id("argument0")))]),
            script("two", vec![]),
        ]
    );
}

#[test]
fn struct_and_function_statements_in_parentheses() {
    assert_eq!(
        p("({ a: 1 }).a = 2;"),
        vec![assign(
            field(Expr::Struct(vec![("a".into(), int(1))]), "a"),
            AssignOp::Set,
            int(2)
        )]
    );
    assert_eq!(
        p("function() {}();"),
        vec![Stmt::Expr(call(
            Expr::Function(Box::new(Function {
                name: None,
                params: vec![],
                inherits: None,
                constructor: false,
                body: vec![],
            })),
            vec![]
        ))]
    );
}
