//! Numbers back to the names they were written as, where the code says what they
//! are: an argument of a built-in function whose parameter is an asset, a group of
//! constants or a boolean (`draw_sprite(spr_player, …)`, `keyboard_check(vk_left)`,
//! `audio_play_sound(snd_zap, 1, false)`), a value stored in or compared with a
//! built-in variable that holds one (`sprite_index = spr_walk`), and the target
//! of a `with`; through `choose(…)` and `?:`, which pick one of several values.

use super::ast::{AssignOp, BinaryOp, Expr, Number, Stmt};
use super::builtins::{self, AssetKind, ParamType};
use super::context::Context;
use super::visit::{walk_block, walk_block_exprs};
use crate::fourcc::FourCC;

/// Names the numbers of `body` that its calls, stores and comparisons type.
pub fn name_values(body: &mut Vec<Stmt>, ctx: &Context<'_>) {
    walk_block_exprs(body, &mut |e| name_in_expr(e, ctx));
    walk_block(body, &mut |block| {
        for s in block.iter_mut() {
            name_in_stmt(s, ctx);
        }
    });
}

fn name_in_stmt(s: &mut Stmt, ctx: &Context<'_>) {
    match s {
        Stmt::Assign {
            target,
            op: AssignOp::Set,
            value,
        } => {
            if let Some(ty) = variable_type(target) {
                name(value, ty, ctx);
            }
        }
        Stmt::With { target, .. } => name(target, ParamType::Asset(AssetKind::Object), ctx),
        _ => {}
    }
}

fn name_in_expr(e: &mut Expr, ctx: &Context<'_>) {
    match e {
        Expr::Call { callee, args } => {
            let Expr::Ident(f) = &**callee else {
                return;
            };
            if builtins::function(f).is_none() {
                return;
            }
            let raw: Vec<Option<i64>> = args.iter().map(int_of).collect();
            for (i, a) in args.iter_mut().enumerate() {
                let mut ty = builtins::param_type(f, i);
                if ty == ParamType::Constant("EventNumber") {
                    ty = match i.checked_sub(1).and_then(|p| raw[p]) {
                        Some(event_type) => builtins::event_number_type(event_type),
                        None => ParamType::Other,
                    };
                }
                name(a, ty, ctx);
            }
        }
        Expr::Binary {
            op: BinaryOp::Eq | BinaryOp::Ne,
            lhs,
            rhs,
        } => {
            if let Some(ty) = variable_type(lhs) {
                name(rhs, ty, ctx);
            } else if let Some(ty) = variable_type(rhs) {
                name(lhs, ty, ctx);
            }
        }
        _ => {}
    }
}

/// What a built-in variable holds, when it is an asset or a constant.
fn variable_type(e: &Expr) -> Option<ParamType> {
    let name = match e {
        Expr::Ident(n) | Expr::Field { name: n, .. } => n,
        _ => return None,
    };
    let ty = builtins::variable(name)?.ty;
    (ty != ParamType::Other).then_some(ty)
}

fn int_of(e: &Expr) -> Option<i64> {
    match e {
        Expr::Number(Number::Int(n)) => Some(*n),
        _ => None,
    }
}

/// `e` by its name, when it is a number of type `ty` that has one; so too each
/// value `e` picks from, when it is `choose(…)` or `c ? a : b`.
fn name(e: &mut Expr, ty: ParamType, ctx: &Context<'_>) {
    match e {
        Expr::Call { callee, args } if matches!(&**callee, Expr::Ident(f) if f == "choose") => {
            args.iter_mut().for_each(|a| name(a, ty, ctx));
            return;
        }
        Expr::Ternary {
            then, otherwise, ..
        } => {
            name(then, ty, ctx);
            name(otherwise, ty, ctx);
            return;
        }
        _ => {}
    }
    let Some(n) = int_of(e) else {
        return;
    };
    let named = match ty {
        ParamType::Asset(AssetKind::Object) if n == -3 => Some("all"),
        ParamType::Asset(AssetKind::Object) if n == -4 => Some("noone"),
        ParamType::Asset(kind) => ctx.asset(chunk_of(kind), n),
        ParamType::Constant(group) => match builtins::constant_named(group, n) {
            // A letter or digit key has no constant: people write `ord("A")`,
            // which GameMaker's compiler folds into the same number.
            None if group == "VirtualKey" && is_key_character(n) => {
                *e = Expr::Call {
                    callee: Box::new(Expr::Ident("ord".into())),
                    args: vec![Expr::String(char::from(n as u8).to_string())],
                };
                return;
            }
            named => named,
        },
        ParamType::Bool if n == 0 || n == 1 => {
            *e = Expr::Bool(n == 1);
            return;
        }
        _ => None,
    };
    if let Some(named) = named {
        *e = Expr::Ident(named.to_string());
    }
}

/// Whether key code `n` is the code of a capital letter or a digit.
fn is_key_character(n: i64) -> bool {
    (48..=57).contains(&n) || (65..=90).contains(&n)
}

/// The chunk that lists assets of `kind`.
fn chunk_of(kind: AssetKind) -> FourCC {
    match kind {
        AssetKind::Sprite => FourCC::SPRT,
        AssetKind::Object => FourCC::OBJT,
        AssetKind::Sound => FourCC::SOND,
        AssetKind::Room => FourCC::ROOM,
        AssetKind::Font => FourCC::FONT,
        AssetKind::Path => FourCC::PATH,
        AssetKind::Script => FourCC::SCPT,
        AssetKind::Timeline => FourCC::TMLN,
        AssetKind::Shader => FourCC::SHDR,
        AssetKind::Sequence => FourCC::SEQN,
        AssetKind::AnimCurve => FourCC::ACRV,
        AssetKind::TileSet | AssetKind::Background => FourCC::BGND,
        AssetKind::ParticleSystem => FourCC::PSYS,
        AssetKind::AudioGroup => FourCC::AGRP,
    }
}
