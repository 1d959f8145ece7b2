//! The enum that stands for the ones a game's source declared: GameMaker
//! compiles an enum's member to its value as a 64-bit integer and keeps no names,
//! so a member read back is `UnknownEnum.Value_N` (`Value_m1` for -1), and the
//! code that names one declares the enum first. Every declaration gives member
//! `Value_N` the value N, so the declarations of all entries agree and may be
//! merged.

use crate::formats::gamemaker::gml::language::ast::{Expr, Number, Stmt};
use crate::formats::gamemaker::gml::language::visit::walk_block_exprs;

/// The stand-in enum's name.
pub const NAME: &str = "UnknownEnum";

/// The member of value `n`.
pub fn member(n: i64) -> Expr {
    Expr::Field {
        base: Box::new(Expr::Ident(NAME.into())),
        name: member_name(n),
    }
}

fn member_name(n: i64) -> String {
    if n < 0 {
        format!("Value_m{}", n.unsigned_abs())
    } else {
        format!("Value_{n}")
    }
}

/// The value member `name` stands for.
fn value_of(name: &str) -> Option<i64> {
    let digits = name.strip_prefix("Value_")?;
    match digits.strip_prefix('m') {
        Some(abs) => abs.parse::<i64>().ok().map(|v| -v),
        None => digits.parse().ok(),
    }
}

/// Declares the enum at the top of `body`, with the members it names.
pub fn declare(body: &mut Vec<Stmt>) {
    let mut values: Vec<i64> = Vec::new();
    walk_block_exprs(body, &mut |e| {
        if let Expr::Field { base, name } = e {
            if matches!(&**base, Expr::Ident(b) if b == NAME) {
                if let Some(v) = value_of(name) {
                    values.push(v);
                }
            }
        }
    });
    if values.is_empty() {
        return;
    }
    values.sort_unstable();
    values.dedup();
    let members = values
        .into_iter()
        .map(|v| (member_name(v), Some(Expr::Number(Number::Int(v)))))
        .collect();
    body.insert(
        0,
        Stmt::Enum {
            name: NAME.into(),
            members,
        },
    );
}
