//! Constants GameMaker's compiler works out itself: arithmetic and bitwise
//! operators on numbers, and `+` on strings, whose operands are all known (a
//! literal, a built-in constant, a macro, an enum's member). A whole number
//! written that a 32-bit integer holds counts as a real, as GameMaker reads it;
//! a bigger one, and an enum's member from GameMaker Studio 2, are 64-bit
//! integers, and an operation with one keeps to 64-bit integers.

use super::emit::Ty;
use super::Gen;
use crate::formats::gamemaker::gml::ast::{BinaryOp, Expr, Number, UnaryOp};
use crate::formats::gamemaker::gml::{builtins, unknown_enum};

/// A value known when compiling.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Const {
    /// A real (whole numbers included).
    Real(f64),
    /// A 64-bit integer.
    Wide(i64),
    /// A string.
    Text(String),
}

impl Gen<'_> {
    /// The value of `e`, where the compiler knows it.
    pub(super) fn known(&self, e: &Expr) -> Option<Const> {
        Some(match e {
            Expr::Number(Number::Int(i)) if i32::try_from(*i).is_ok() => Const::Real(*i as f64),
            Expr::Number(Number::Int(i)) => Const::Wide(*i),
            Expr::Number(Number::Real(r)) => Const::Real(*r),
            Expr::String(s) => Const::Text(s.clone()),
            Expr::Ident(n) if !self.local_names.contains(n) => {
                if let Some(m) = self.env.macros.get(n) {
                    return self.known(m);
                }
                if self.env.asset(n).is_some() || builtins::is_builtin_variable(n) {
                    return None;
                }
                match builtins::constant(n)?.value? {
                    builtins::Value::Int(i) => Const::Real(i as f64),
                    builtins::Value::Real(r) => Const::Real(r),
                }
            }
            Expr::Field { base, name } => {
                let Expr::Ident(en) = &**base else {
                    return None;
                };
                let v = *self.enums.get(en)?.get(name)?;
                // GameMaker: Studio 1 pushes an enum's member as an integer;
                // the stand-in enum is the decompiler's name for a 64-bit one.
                if self.env.target.studio1() && en != unknown_enum::NAME {
                    Const::Real(v as f64)
                } else {
                    Const::Wide(v)
                }
            }
            Expr::Unary {
                op: UnaryOp::Neg,
                expr,
            } => match self.known(expr)? {
                Const::Real(r) => Const::Real(-r),
                Const::Wide(i) => Const::Wide(i.wrapping_neg()),
                Const::Text(_) => return None,
            },
            Expr::Binary { op, lhs, rhs } => self.known_binary(*op, lhs, rhs)?,
            _ => return None,
        })
    }

    /// The value of `lhs op rhs`, where the compiler knows it.
    pub(super) fn known_binary(&self, op: BinaryOp, lhs: &Expr, rhs: &Expr) -> Option<Const> {
        fold(op, self.known(lhs)?, self.known(rhs)?)
    }

    /// Pushes a known value as GameMaker's compiler pushes it.
    pub(super) fn push_known(&mut self, c: &Const) -> Ty {
        match c {
            Const::Real(r)
                if r.fract() == 0.0 && r.abs() < 9.2e18 && !(*r == 0.0 && r.is_sign_negative()) =>
            {
                self.number(Number::Int(*r as i64))
            }
            Const::Real(r) => self.number(Number::Real(*r)),
            Const::Wide(i) => {
                self.op(format!("push.l {i}"));
                Ty::L
            }
            Const::Text(s) => self.expr(&Expr::String(s.clone())),
        }
    }
}

/// `l op r`, where GameMaker works it out.
fn fold(op: BinaryOp, l: Const, r: Const) -> Option<Const> {
    use BinaryOp::*;
    use Const::*;
    Some(match (op, l, r) {
        (Add, Text(a), Text(b)) => Text(a + &b),
        (_, Text(_), _) | (_, _, Text(_)) => return None,
        (op, Real(a), Real(b)) => Real(match op {
            Add => a + b,
            Sub => a - b,
            Mul => a * b,
            Div if b != 0.0 => a / b,
            IntDiv if b != 0.0 => (a / b).trunc(),
            Mod if b != 0.0 => a % b,
            BitAnd => ((a as i64) & (b as i64)) as f64,
            BitOr => ((a as i64) | (b as i64)) as f64,
            BitXor => ((a as i64) ^ (b as i64)) as f64,
            Shl => ((a as i64).wrapping_shl(b as u32)) as f64,
            Shr => ((a as i64).wrapping_shr(b as u32)) as f64,
            _ => return None,
        }),
        (op, a, b) => {
            let whole = |c: Const| match c {
                Real(r) => r as i64,
                Wide(i) => i,
                Text(_) => 0,
            };
            let (a, b) = (whole(a), whole(b));
            Wide(match op {
                Add => a.wrapping_add(b),
                Sub => a.wrapping_sub(b),
                Mul => a.wrapping_mul(b),
                Div | IntDiv if b != 0 => a.wrapping_div(b),
                Mod if b != 0 => a.wrapping_rem(b),
                BitAnd => a & b,
                BitOr => a | b,
                BitXor => a ^ b,
                Shl => a.wrapping_shl(b as u32),
                Shr => a.wrapping_shr(b as u32),
                _ => return None,
            })
        }
    })
}
