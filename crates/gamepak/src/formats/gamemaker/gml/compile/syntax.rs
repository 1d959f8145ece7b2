//! The syntax some GameMaker releases lack, with the release that brought each
//! piece: code a game's release cannot run is refused with the piece's name and
//! that release, not compiled to calls its runner does not have.
//!
//! The first releases, and the evidence for them:
//!
//! | syntax | first release | evidence |
//! |---|---|---|
//! | functions, function expressions, struct literals, `new`, `static`, `try`, `throw`, `delete`, the `[$` accessor | 2.3.0 | GameMaker's "2.3: New GML Features" (August 2020); no 2.0-2.2 game of the corpus calls `@@NewGMLObject@@` or `@@try_hook@@` |
//! | `??` and `??=` | 2.3.7 | NOTES-gml.md (the version flags run from 2.3.7's typed booleans and `??`); 2022 is where this project's releases place 2.3.7 |
//! | template strings `$"…{x}…"` | 2023.4 | GameMaker's 2023.4 release notes ("String Templates") |
//!
//! Array literals are older: 2.2 games of the corpus (Cyberebral's
//! Pure-Yahtzee) build them with `@@NewGMLArray@@`.
//!
//! A game's release is a range. A piece is refused only where the range ends
//! before the piece's release: a game that may be late enough keeps it.

use crate::formats::gamemaker::gml::language::ast::{Accessor, AssignOp, BinaryOp, Expr, Stmt};
use crate::formats::gamemaker::model::version::Version;

/// A piece of syntax some releases lack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Syntax {
    /// What it is called, as the plural a message names it by.
    pub name: &'static str,
    /// The first release that has it.
    pub since: Version,
    /// That release as GameMaker names it.
    pub release: &'static str,
    /// The text that writes it, to point at.
    pub written: &'static str,
}

const fn since_2_3(name: &'static str, written: &'static str) -> Syntax {
    Syntax {
        name,
        since: Version::V2_3,
        release: "2.3",
        written,
    }
}

const FUNCTIONS: Syntax = since_2_3("functions", "function");
const FUNCTION_EXPRESSIONS: Syntax = since_2_3("function expressions", "function");
const STRUCT_LITERALS: Syntax = since_2_3("struct literals", "{");
const NEW: Syntax = since_2_3("`new` and constructors", "new");
const STATIC: Syntax = since_2_3("`static` variables", "static");
const TRY: Syntax = since_2_3("`try` and `catch`", "try");
const THROW: Syntax = since_2_3("`throw`", "throw");
const DELETE: Syntax = since_2_3("`delete`", "delete");
const STRUCT_ACCESSOR: Syntax = since_2_3("the struct accessor `[$`", "[$");
const NULLISH: Syntax = Syntax {
    name: "`??` and `??=`",
    since: Version::V2022_1,
    release: "2.3.7",
    written: "??",
};
const TEMPLATE_STRINGS: Syntax = Syntax {
    name: "template strings",
    since: Version::V2023_4,
    release: "2023.4",
    written: "$\"",
};

/// The syntax statement `s` itself is (not what it holds), if some releases
/// lack it.
pub fn of_stmt(s: &Stmt) -> Option<Syntax> {
    match s {
        Stmt::Function(_) => Some(FUNCTIONS),
        Stmt::Static(_) => Some(STATIC),
        Stmt::Try { .. } => Some(TRY),
        Stmt::Throw(_) => Some(THROW),
        Stmt::Delete(_) => Some(DELETE),
        Stmt::Assign {
            op: AssignOp::Nullish,
            ..
        } => Some(NULLISH),
        Stmt::Assign { target, .. } => of_expr(target),
        _ => None,
    }
}

/// The syntax expression `e` itself is (not what it holds), if some releases
/// lack it.
pub fn of_expr(e: &Expr) -> Option<Syntax> {
    match e {
        Expr::Function(_) => Some(FUNCTION_EXPRESSIONS),
        Expr::Struct(_) => Some(STRUCT_LITERALS),
        Expr::New { .. } => Some(NEW),
        Expr::Template(_) => Some(TEMPLATE_STRINGS),
        Expr::Binary {
            op: BinaryOp::Nullish,
            ..
        } => Some(NULLISH),
        Expr::Index {
            accessor: Accessor::Struct,
            ..
        } => Some(STRUCT_ACCESSOR),
        _ => None,
    }
}
