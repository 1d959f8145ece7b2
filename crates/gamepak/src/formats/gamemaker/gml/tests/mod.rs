//! The language's tests: the lexer, the parser and the printer together (trees
//! built by hand stand for what each construct must parse to), and the
//! decompiler's construct tests, each pairing assembly, in the disassembly's
//! syntax, with the GML the decompiler must print for it: GameMaker's own idiom
//! for the construct in one release family, written by hand after reading the
//! real games' disassembly.

mod accessors;
mod calls;
mod conditionals;
mod control;
mod depth;
mod errors;
mod exits;
mod expr;
mod expressions;
mod functions;
mod lex;
mod literals;
mod loops;
mod operators;
mod props;
mod round_trip;
mod snippets;
mod stmt;
mod switch;
mod variables;

use super::ast::{
    Accessor, AssignOp, BinaryOp, Block, Declared, Expr, Number, StepOp, Stmt, UnaryOp,
};
use super::parse::{parse, parse_expr};
use super::print::{print, Style};

/// `text` parsed, or a failure showing the error.
fn p(text: &str) -> Block {
    parse(text).unwrap_or_else(|e| panic!("`{text}` does not parse:\n{e}"))
}

/// `text` parsed as one expression.
fn e(text: &str) -> Expr {
    parse_expr(text).unwrap_or_else(|e| panic!("`{text}` does not parse:\n{e}"))
}

/// The error `text` gives, as displayed.
fn err(text: &str) -> String {
    match parse(text) {
        Ok(tree) => panic!("`{text}` parses, to {tree:?}"),
        Err(e) => e.to_string(),
    }
}

/// Printed in the default style.
fn printed(block: &[Stmt]) -> String {
    print(block, Style::default())
}

fn id(name: &str) -> Expr {
    Expr::Ident(name.to_string())
}

fn int(n: i64) -> Expr {
    Expr::Number(Number::Int(n))
}

fn real(r: f64) -> Expr {
    Expr::Number(Number::Real(r))
}

fn string(s: &str) -> Expr {
    Expr::String(s.to_string())
}

fn bin(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
    Expr::Binary {
        op,
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
    }
}

fn un(op: UnaryOp, expr: Expr) -> Expr {
    Expr::Unary {
        op,
        expr: Box::new(expr),
    }
}

fn step(op: StepOp, target: Expr) -> Expr {
    Expr::Step {
        op,
        target: Box::new(target),
    }
}

fn call(callee: Expr, args: Vec<Expr>) -> Expr {
    Expr::Call {
        callee: Box::new(callee),
        args,
    }
}

fn field(base: Expr, name: &str) -> Expr {
    Expr::Field {
        base: Box::new(base),
        name: name.to_string(),
    }
}

fn index(base: Expr, accessor: Accessor, indices: Vec<Expr>) -> Expr {
    Expr::Index {
        base: Box::new(base),
        accessor,
        indices,
    }
}

fn ternary(cond: Expr, then: Expr, otherwise: Expr) -> Expr {
    Expr::Ternary {
        cond: Box::new(cond),
        then: Box::new(then),
        otherwise: Box::new(otherwise),
    }
}

fn assign(target: Expr, op: AssignOp, value: Expr) -> Stmt {
    Stmt::Assign { target, op, value }
}

fn set(name: &str, value: Expr) -> Stmt {
    assign(id(name), AssignOp::Set, value)
}

fn declared(name: &str, value: Option<Expr>) -> Declared {
    Declared {
        name: name.to_string(),
        value,
    }
}

/// `f()` as a statement.
fn call_stmt(f: &str) -> Stmt {
    Stmt::Expr(call(id(f), vec![]))
}

use crate::formats::gamemaker::gml::assembly::decompile_assembly;

/// Decompiles `asm` and checks that its first entry prints as `gml`.
#[track_caller]
pub fn check(asm: &str, gml: &str) {
    check_styled(asm, gml, Style::default());
}

/// As [`check`], printing in `style`.
#[track_caller]
pub fn check_styled(asm: &str, gml: &str, style: Style) {
    let entries = decompile_assembly(asm).unwrap_or_else(|e| panic!("{e}"));
    let first = entries.first().expect("an entry");
    let body = first
        .body
        .as_ref()
        .unwrap_or_else(|e| panic!("L{:04x}: {}", e.at, e.why));
    let printed = print(body, style);
    assert_eq!(printed.trim(), unindent(gml).trim(), "\n{printed}");
}

/// `text` without the indent its first line has, so that tests can indent GML
/// inside Rust.
fn unindent(text: &str) -> String {
    let lines: Vec<&str> = text.lines().skip_while(|l| l.trim().is_empty()).collect();
    let indent = lines.first().map_or(0, |l| l.len() - l.trim_start().len());
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or(l.trim_start()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A construct test: `name`, its assembly and the GML expected.
macro_rules! construct {
    ($(#[$attr:meta])* $name:ident, $asm:expr, $gml:expr) => {
        #[test]
        $(#[$attr])*
        fn $name() {
            super::check($asm, $gml);
        }
    };
}
pub(crate) use construct;
