//! Numbers back to the names they were written as, where the code says what they
//! are: an argument of a built-in function whose parameter is an asset, a group of
//! constants or a boolean (`draw_sprite(spr_player, …)`, `keyboard_check(vk_left)`,
//! `audio_play_sound(snd_zap, 1, false)`), a value stored in or compared with a
//! built-in variable that holds one (`sprite_index = spr_walk`), and the target
//! of a `with`, and the labels of a switch on such a variable; through `choose(…)`
//! and `?:`, which pick one of several values. The game's own variables count too,
//! where the same code passes them to such a parameter (`c = c_red; …
//! draw_text_color(x, y, s, c, c, c, c, 1)`). A colour no constant names is
//! written `$BBGGRR`. A value compared with -4 is an instance or none: the -4
//! is `noone`.

use crate::formats::gamemaker::gml::decompile::context::Context;
use crate::formats::gamemaker::gml::decompile::sim::NOONE;
use crate::formats::gamemaker::gml::language::ast::{AssignOp, BinaryOp, Expr, Number, Stmt};
use crate::formats::gamemaker::gml::language::builtins::{self, AssetKind, ParamType};
use crate::formats::gamemaker::gml::language::visit::{walk_block, walk_block_exprs};
use crate::formats::gamemaker::model::kinds;
use std::collections::HashMap;

/// Names the numbers of `body` that its calls, stores and comparisons type.
pub fn name_values(body: &mut Vec<Stmt>, ctx: &Context<'_>) {
    let vars = Vars::used_in(body);
    walk_block_exprs(body, &mut |e| name_in_expr(e, &vars, ctx));
    walk_block(body, &mut |block| {
        for s in block.iter_mut() {
            name_in_stmt(s, &vars, ctx);
        }
    });
}

/// What the game's own variables hold, where `body` says: a variable it passes to
/// a built-in's asset or constant parameter (`draw_set_color(c)`) holds one of
/// those everywhere in it, unless it passes the variable to two kinds.
#[derive(Debug, Default)]
pub(crate) struct Vars(HashMap<String, Option<ParamType>>);

impl Vars {
    pub(crate) fn used_in(body: &mut [Stmt]) -> Vars {
        let mut vars = Vars::default();
        builtin_arguments(body, &mut |a, ty| {
            let Expr::Ident(n) = a else {
                return;
            };
            if matches!(ty, ParamType::Asset(_) | ParamType::Constant(_))
                && ty != ParamType::Constant("EventNumber")
                && !builtins::is_builtin_variable(n)
            {
                let seen = vars.0.entry(n.clone()).or_insert(Some(ty));
                if *seen != Some(ty) {
                    *seen = None;
                }
            }
        });
        vars
    }

    /// What `e` holds: a built-in variable's type, one of the game's variables'
    /// as used, or what a built-in function returns when that is an asset or a
    /// constant (`asset_get_type(n) == asset_script`).
    pub(crate) fn type_of(&self, e: &Expr) -> Option<ParamType> {
        variable_type(e).or_else(|| match e {
            Expr::Ident(n) => self.0.get(n).copied().flatten(),
            Expr::Call { callee, .. } => match &**callee {
                Expr::Ident(f) => builtins::function(f)
                    .map(|s| s.returns)
                    .filter(|t| matches!(t, ParamType::Asset(_) | ParamType::Constant(_))),
                _ => None,
            },
            _ => None,
        })
    }
}

/// Calls `f` on each argument `body` passes to a built-in function, with the
/// type of the parameter it is passed as.
pub(crate) fn builtin_arguments(body: &mut [Stmt], f: &mut dyn FnMut(&Expr, ParamType)) {
    walk_block_exprs(body, &mut |e| {
        let Expr::Call { callee, args } = e else {
            return;
        };
        let Expr::Ident(name) = &**callee else {
            return;
        };
        if builtins::function(name).is_some() {
            for (i, a) in args.iter().enumerate() {
                f(a, builtins::param_type(name, i));
            }
        }
    });
}

fn name_in_stmt(s: &mut Stmt, vars: &Vars, ctx: &Context<'_>) {
    match s {
        Stmt::Assign {
            target,
            op: AssignOp::Set,
            value,
        } => {
            if let Some(ty) = vars.type_of(target) {
                name(value, ty, ctx);
            }
        }
        Stmt::Var(list) => {
            for d in list {
                if let (Some(ty), Some(v)) =
                    (vars.type_of(&Expr::Ident(d.name.clone())), &mut d.value)
                {
                    name(v, ty, ctx);
                }
            }
        }
        Stmt::With { target, .. } => name(target, ParamType::Asset(AssetKind::Object), ctx),
        Stmt::Switch { value, cases } => {
            if let Some(ty) = vars.type_of(value) {
                for label in cases.iter_mut().filter_map(|c| c.label.as_mut()) {
                    name(label, ty, ctx);
                }
            }
        }
        _ => {}
    }
}

fn name_in_expr(e: &mut Expr, vars: &Vars, ctx: &Context<'_>) {
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
            if let Some(ty) = vars.type_of(lhs) {
                name(rhs, ty, ctx);
            } else if let Some(ty) = vars.type_of(rhs) {
                name(lhs, ty, ctx);
            } else {
                // What is compared with -4 is an instance, or none: people
                // write `noone` there, and never the number.
                for side in [lhs, rhs] {
                    if int_of(side) == Some(NOONE) {
                        **side = Expr::Ident("noone".into());
                    }
                }
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
/// value `e` picks from, when it is `choose(…)` or `c ? a : b`, and each object of
/// an array of them.
pub(crate) fn name(e: &mut Expr, ty: ParamType, ctx: &Context<'_>) {
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
        // Functions that take an object take an array of them too.
        Expr::Array(items) if ty == ParamType::Asset(AssetKind::Object) => {
            items.iter_mut().for_each(|i| name(i, ty, ctx));
            return;
        }
        _ => {}
    }
    let Some(n) = int_of(e) else {
        return;
    };
    let named = match ty {
        ParamType::Asset(AssetKind::Object) if n == -3 => Some("all"),
        ParamType::Asset(AssetKind::Object) if n == NOONE => Some("noone"),
        // Where resources are typed references, a number was written as one.
        ParamType::Asset(_) if ctx.typed_references => None,
        ParamType::Asset(kind) => kinds::in_gml(kind.name()).and_then(|r| ctx.asset(r.chunk, n)),
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
            // A colour no constant names is written as one: `$BBGGRR`.
            None if group == "Color" && (0..=0xff_ffff).contains(&n) => {
                *e = Expr::Number(Number::Hex(n));
                return;
            }
            named => named,
        },
        ParamType::Bool if (n == 0 || n == 1) && !ctx.typed_booleans => {
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
