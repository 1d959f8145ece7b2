//! Constants GameMaker's compiler works out itself: arithmetic and bitwise
//! operators on numbers, `+` on strings, and the conversions `ord`, `chr`,
//! `int64`, `real` and `string`, whose operands are all known (a literal, a
//! built-in constant, a macro, an enum's member). A whole number
//! written that a 32-bit integer holds counts as a real, as GameMaker reads it;
//! a bigger one, and an enum's member from GameMaker Studio 2, are 64-bit
//! integers, and an operation with one keeps to 64-bit integers.

use super::emit::Ty;
use super::Gen;
use crate::formats::gamemaker::gml::language::ast::{BinaryOp, Expr, Number, UnaryOp};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::{gml::decompile::unknown_enum, gml::language::builtins};

/// How deep macros are folded into macros, at most.
const FOLD_DEPTH: usize = 64;

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
            Expr::Number(n @ (Number::Int(_) | Number::Hex(_))) => {
                let i = n.int()?;
                match i32::try_from(i) {
                    Ok(_) => Const::Real(i as f64),
                    Err(_) => Const::Wide(i),
                }
            }
            Expr::Number(Number::Real(r)) => Const::Real(*r),
            Expr::String(s) => Const::Text(s.clone()),
            Expr::Ident(n) if !self.local_names.contains(n) => {
                if let Some(m) = self.env.macros.get(n) {
                    return self.known_macro(n, m);
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
                let v = *self.env.enums.get(en)?.get(name)?;
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
            Expr::Call { callee, args } => self.known_call(callee, args)?,
            _ => return None,
        })
    }

    /// The value of macro `name`, whose expression is `m`: worked out once
    /// per file, so that macros built of each other fold in time linear in
    /// their number. One that names itself folds to nothing (`expand` refuses
    /// it, by name), as does one past [`FOLD_DEPTH`] macros deep.
    fn known_macro(&self, name: &str, m: &Expr) -> Option<Const> {
        let (folded, depth) = &self.folding;
        if let Some(v) = folded.borrow().get(name) {
            return v.clone();
        }
        if depth.get() >= FOLD_DEPTH {
            return None;
        }
        folded.borrow_mut().insert(name.to_string(), None);
        depth.set(depth.get() + 1);
        let value = self.known(m);
        depth.set(depth.get() - 1);
        folded.borrow_mut().insert(name.to_string(), value.clone());
        value
    }

    /// The value of `callee(args)`, where the compiler works it out.
    pub(super) fn known_call(&self, callee: &Expr, args: &[Expr]) -> Option<Const> {
        let (Expr::Ident(f), [arg]) = (callee, args) else {
            return None;
        };
        // `string` formats its arguments from 2023, and is left to run; so
        // it is by GameMaker: Studio 1.x (Natesky9/ZAAP-Multiplayer's
        // `show(string(21))`).
        let target = self.env.target;
        if f == "string" && (target.release >= Version::V2023_1 || target.studio1()) {
            return None;
        }
        converted(f, self.known(arg)?)
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
                self.op(super::ins::push_long(*i));
                Ty::L
            }
            Const::Text(s) => self.expr(&Expr::String(s.clone())),
        }
    }
}

/// `f(c)`, for the conversions GameMaker works out: `ord` of a string (its first
/// character's code, 0 for none), `chr` of a number, `int64` and `real` of a
/// number or a number's text, and `string` of a string or a whole number.
fn converted(f: &str, c: Const) -> Option<Const> {
    use Const::*;
    Some(match (f, c) {
        ("ord", Text(s)) => Real(s.chars().next().map_or(0.0, |c| f64::from(u32::from(c)))),
        ("chr", Real(r)) => Text(char::from_u32(r.max(0.0) as u32).unwrap_or('X').to_string()),
        ("chr", Wide(i)) => Text(char::from_u32(i.max(0) as u32).unwrap_or('X').to_string()),
        ("int64", Real(r)) => Wide(r as i64),
        ("int64", Wide(i)) => Wide(i),
        ("real", Real(r)) => Real(r),
        ("real", Wide(i)) => Real(i as f64),
        ("real", Text(s)) => Real(s.trim().parse().ok()?),
        ("string", Text(s)) => Text(s),
        // A whole number's text; how GameMaker writes a fraction is not known.
        ("string", Real(r)) if r.fract() == 0.0 && r.abs() < 1e15 => Text((r as i64).to_string()),
        _ => return None,
    })
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
