//! The types of the game's own scripts' parameters, read from their bodies: a
//! script that passes `argument0` straight to `draw_set_font`, or stores it in
//! `sprite_index`, takes a font or a sprite there. Each call of the script then
//! names that argument as [`crate::formats::gamemaker::gml::decompile::typed`] names a built-in's (`fontSetup(0, 0)`
//! reads `fontSetup(font_small, c_black)`). A parameter used as two different
//! types is left alone.
//!
//! It runs over every entry once all are decompiled, since a script and its
//! callers are in different entries.

use std::collections::HashMap;

use crate::formats::gamemaker::gml::compile::target::MOST_ARGUMENTS;
use crate::formats::gamemaker::gml::decompile::context::Context;
use crate::formats::gamemaker::gml::decompile::tidy::{argument_index, short_name};
use crate::formats::gamemaker::gml::decompile::typed::{builtin_arguments, name, Vars};
use crate::formats::gamemaker::gml::language::ast::{AssignOp, Expr, Function, Stmt};
use crate::formats::gamemaker::gml::language::builtins::{self, ParamType};
use crate::formats::gamemaker::gml::language::visit::{walk_block, walk_block_exprs};

/// What each parameter of each script takes, by the name calls use: `None` where
/// the body does not say, or says two things.
#[derive(Debug, Default)]
pub struct ScriptParams(HashMap<String, Vec<Option<ParamType>>>);

impl ScriptParams {
    /// The parameters of the scripts among `entries` (each a code entry's name
    /// and body), and of the functions their bodies declare.
    pub fn read(entries: &mut [(&str, &mut Vec<Stmt>)]) -> Self {
        let mut uses: HashMap<String, Vec<Use>> = HashMap::new();
        for (entry, body) in entries.iter_mut() {
            if entry.starts_with("gml_Script_") {
                let all = uses.entry(short_name(entry).to_string()).or_default();
                collect(body, all);
            }
            walk_block_exprs(body, &mut |e| {
                if let Expr::Function(f) = e {
                    declared(f, &mut uses);
                }
            });
            walk_block(body, &mut |block| {
                for s in block.iter_mut() {
                    if let Stmt::Function(f) = s {
                        declared(f, &mut uses);
                    }
                }
            });
        }
        let typed = uses
            .into_iter()
            .filter_map(|(script, uses)| {
                let mut params: Vec<Option<ParamType>> = Vec::new();
                let mut mixed: Vec<bool> = Vec::new();
                // No call passes an argument past the last a count holds: no
                // table is sized from a larger index a file may hold.
                for Use { param, ty } in uses.into_iter().filter(|u| u.param < MOST_ARGUMENTS) {
                    if params.len() <= param {
                        params.resize(param + 1, None);
                        mixed.resize(param + 1, false);
                    }
                    match params[param] {
                        None if !mixed[param] => params[param] = Some(ty),
                        Some(seen) if seen != ty => {
                            params[param] = None;
                            mixed[param] = true;
                        }
                        _ => {}
                    }
                }
                params
                    .iter()
                    .any(Option::is_some)
                    .then_some((script, params))
            })
            .collect();
        ScriptParams(typed)
    }

    /// Names the arguments of the calls in `body` to the scripts read.
    pub fn name_arguments(&self, body: &mut [Stmt], ctx: &Context<'_>) {
        if self.0.is_empty() {
            return;
        }
        walk_block_exprs(body, &mut |e| {
            let Expr::Call { callee, args } = e else {
                return;
            };
            let Expr::Ident(f) = &**callee else {
                return;
            };
            if builtins::function(f).is_some() {
                return;
            }
            if let Some(params) = self.0.get(f.as_str()) {
                for (a, ty) in args.iter_mut().zip(params) {
                    if let Some(ty) = ty {
                        name(a, *ty, ctx);
                    }
                }
            }
        });
    }
}

/// A parameter's value, used where a type is known.
struct Use {
    param: usize,
    ty: ParamType,
}

fn declared(f: &mut Function, uses: &mut HashMap<String, Vec<Use>>) {
    if let Some(n) = &f.name {
        let all = uses.entry(n.clone()).or_default();
        collect(&mut f.body, all);
    }
}

/// Where `body` passes a parameter to a typed built-in parameter, or stores it in
/// a variable that holds a type (a built-in one, or one the body passes on to a
/// typed parameter: `var font = argument0; draw_set_font(font);`).
fn collect(body: &mut Vec<Stmt>, out: &mut Vec<Use>) {
    let vars = Vars::used_in(body);
    builtin_arguments(body, &mut |a, ty| {
        if let (Some(param), true) = (argument_index(a), is_nameable(ty)) {
            out.push(Use { param, ty });
        }
    });
    let mut stored = |target: &Expr, value: &Expr| {
        if let (Some(ty), Some(param)) = (vars.type_of(target), argument_index(value)) {
            if is_nameable(ty) {
                out.push(Use { param, ty });
            }
        }
    };
    walk_block(body, &mut |block| {
        for s in block.iter() {
            match s {
                Stmt::Assign {
                    target,
                    op: AssignOp::Set,
                    value,
                } => stored(target, value),
                Stmt::Var(list) => {
                    for d in list {
                        if let Some(v) = &d.value {
                            stored(&Expr::Ident(d.name.clone()), v);
                        }
                    }
                }
                _ => {}
            }
        }
    });
}

/// Whether a script's parameter of type `ty` is worth naming at its calls: an
/// event number's type depends on the event type beside it, and people pass a
/// script's flags as 1 and 0 as often as `true` and `false`.
fn is_nameable(ty: ParamType) -> bool {
    !matches!(
        ty,
        ParamType::Other | ParamType::Bool | ParamType::Constant("EventNumber")
    )
}
