//! Passes over a walked function that make it read as a person writes GML: the
//! runner's internal calls back to syntax (`[a, b]`, `{ x: 1 }`, `new`, `self`),
//! function declarations with their bodies, `var` where a local is first set, and
//! GameMaker's compiled idioms back to the statements they came from.

use std::collections::{HashMap, HashSet};

use crate::formats::gamemaker::gml::decompile::context::Context;
use crate::formats::gamemaker::gml::decompile::sim::{Stuck, NOONE};
use crate::formats::gamemaker::gml::language::ast::{
    Accessor, AssignOp, Declared, Expr, Function, Number, Stmt,
};
use crate::formats::gamemaker::gml::language::visit::{walk_block, walk_block_exprs, walk_expr};

/// The passes, with what they need of the blob: its entries by name and the walked
/// body of each fragment, by where it starts.
pub struct Tidy<'t, 'c, 'a> {
    ctx: &'c Context<'a>,
    starts: &'t HashMap<&'t str, u32>,
    bodies: &'t HashMap<u32, Result<Walked, Stuck>>,
    declared_at: &'t HashMap<u32, u32>,
}

/// A fragment as the walk left it: its statements, and the locals it uses.
#[derive(Debug, Clone)]
pub struct Walked {
    /// The statements.
    pub body: Vec<Stmt>,
    /// The local variables, in order of first use.
    pub locals: Vec<String>,
    /// Whether it sets up statics first, as a constructor does.
    pub constructor: bool,
    /// The parent constructor it calls first, and what it passes.
    pub inherits: Option<(String, Vec<Expr>)>,
    /// How it reads its arguments.
    pub arguments: crate::formats::gamemaker::gml::decompile::sim::ArgumentReads,
    /// Whether the `exit` GameMaker ends a function with is laid out after
    /// it where nothing reaches: an `exit` the body ends in is its author's.
    pub own_exit_unreached: bool,
}

const SCRIPT_PREFIX: &str = "gml_Script_";
/// The local GameMaker keeps a returned value in while it leaves a `with` or a
/// `switch`.
const TEMP: &str = "$$$$temp$$$$";
const FUNCTION_REF: &str = "@@function@@";

impl<'t, 'c, 'a> Tidy<'t, 'c, 'a> {
    /// The passes over one blob's fragments; `declared_at` gives, for the start
    /// of each function the blob declares, where its declaration pushes it.
    pub fn new(
        ctx: &'c Context<'a>,
        starts: &'t HashMap<&'t str, u32>,
        bodies: &'t HashMap<u32, Result<Walked, Stuck>>,
        declared_at: &'t HashMap<u32, u32>,
    ) -> Self {
        Tidy {
            ctx,
            starts,
            bodies,
            declared_at,
        }
    }

    /// The body of the code entry `name`, tidied.
    pub fn function_body(&self, name: &str, walked: Walked) -> Result<Vec<Stmt>, Stuck> {
        self.tidy(name, walked, 0)
    }

    fn tidy(&self, name: &str, walked: Walked, depth: usize) -> Result<Vec<Stmt>, Stuck> {
        let Walked {
            mut body,
            mut locals,
            own_exit_unreached,
            ..
        } = walked;
        if depth > 64 {
            return Err(Stuck {
                at: 0,
                why: "functions nest more than 64 deep".into(),
            });
        }
        let mut failed = None;
        walk_block_exprs(&mut body, &mut |e| {
            if failed.is_none() {
                if let Err(s) = self.expr(e, depth) {
                    failed = Some(s);
                }
            }
        });
        if let Some(s) = failed {
            return Err(s);
        }
        walk_block(&mut body, &mut |block| {
            accessor_sets(block);
            declarations(block);
            temp_returns(block);
            for_loops(block);
            throws(block);
        });
        // GameMaker ends every function with an `exit` of its own; an entry's
        // code ends in one only where it was written (Natesky9/ZAAP-Multiplayer),
        // and so does a function whose own one nothing reaches
        // (Gatoiq/tiempo-del-este's `__input_gamepad_set_mapping`).
        let whole_entry = depth == 0 && self.starts.get(name).is_none_or(|&s| s == 0);
        if body.last() == Some(&Stmt::Exit) && !whole_entry && !own_exit_unreached {
            body.pop();
        }
        crate::formats::gamemaker::gml::decompile::typed::name_values(&mut body, self.ctx);
        // The temporary a `return` inside `with` or `switch` went through is gone.
        locals.retain(|l| l != TEMP);
        let used = locals.len();
        // The entry's own list, where the game keeps one, also names locals that no
        // instruction uses (and those of the functions declared inside).
        for l in self.ctx.locals.get(name).into_iter().flatten() {
            if l != TEMP && !locals.contains(l) {
                locals.push(l.clone());
            }
        }
        rename_keywords(&mut body, &mut locals);
        declare_locals(&mut body, &locals, used);
        if depth == 0 {
            crate::formats::gamemaker::gml::decompile::unknown_enum::declare(&mut body);
        }
        Ok(body)
    }

    /// Rewrites one expression whose parts are already rewritten.
    fn expr(&self, e: &mut Expr, depth: usize) -> Result<(), Stuck> {
        let replaced = match e {
            Expr::Ident(name) => {
                if let Some(pushed) = name.strip_prefix(FUNCTION_REF) {
                    let (at, target) = pushed.split_once(':').unwrap_or(("", pushed));
                    Some(self.function_ref(target, at.parse().ok(), depth)?)
                } else if name == crate::formats::gamemaker::gml::decompile::sim::ONE {
                    Some(Expr::Number(Number::Int(1)))
                } else {
                    None
                }
            }
            Expr::Call { callee, args } => match &**callee {
                Expr::Ident(f) => self.call(f, args),
                _ => None,
            },
            _ => None,
        };
        if let Some(r) = replaced {
            *e = r;
        }
        Ok(())
    }

    /// A function pushed by reference at `at`: where the blob declares it, its
    /// body; anywhere else (a use, the function naming itself), its name.
    fn function_ref(&self, target: &str, at: Option<u32>, depth: usize) -> Result<Expr, Stuck> {
        let declared = |start: &u32| self.declared_at.get(start).is_none_or(|d| Some(*d) == at);
        let Some(start) = self.starts.get(target).filter(|s| declared(s)) else {
            return Ok(Expr::Ident(short_name(target).to_string()));
        };
        let (body, constructor, reads, inherits) = match self.bodies.get(start) {
            Some(Ok(w)) => (
                self.tidy(target, w.clone(), depth + 1)?,
                w.constructor,
                w.arguments,
                w.inherits.clone(),
            ),
            Some(Err(s)) => return Err(s.clone()),
            None => (Vec::new(), false, Default::default(), None),
        };
        // A function that reads its arguments only as the built-in `argumentN`
        // was written with no parameters: the two compile apart.
        let arguments = if reads.only_builtin() {
            0
        } else {
            self.ctx.arguments.get(target).copied().unwrap_or(0)
        };
        let mut params: Vec<crate::formats::gamemaker::gml::language::ast::Param> = (0
            ..usize::from(arguments))
            .map(|i| crate::formats::gamemaker::gml::language::ast::Param {
                name: reads.parameter(i),
                default: None,
            })
            .collect();
        let mut body = body;
        default_arguments(&mut body, &mut params);
        Ok(Expr::Function(Box::new(Function {
            name: (!is_anonymous(target.strip_prefix(SCRIPT_PREFIX).unwrap_or(target)))
                .then(|| short_name(target).to_string()),
            params,
            inherits: inherits.map(|(parent, args)| (short_name(&parent).to_string(), args)),
            constructor: constructor && !target.contains("___struct___"),
            body,
        })))
    }

    /// A call to one of the runner's internal functions, as the syntax it stands
    /// for.
    fn call(&self, f: &str, args: &mut Vec<Expr>) -> Option<Expr> {
        Some(match f {
            "@@This@@" => Expr::Ident("self".into()),
            "@@Other@@" => Expr::Ident("other".into()),
            "@@Global@@" => Expr::Ident("global".into()),
            "@@NewGMLArray@@" => Expr::Array(std::mem::take(args)),
            // An object whose method is called (2.3 and 2022).
            "@@GetInstance@@" => match args.as_slice() {
                [Expr::Number(Number::Int(n))] => Expr::Ident(self.ctx.object(*n)?.to_string()),
                _ => return None,
            },
            "@@string@@" => template(args)?,
            // An element read inside an accessor (2024.14).
            "@@array_get@@" if args.len() == 2 => {
                let index = args.remove(1);
                Expr::Index {
                    base: Box::new(args.remove(0)),
                    accessor: Accessor::Array,
                    indices: vec![index],
                }
            }
            "@@NewGMLObject@@" => {
                let mut args = std::mem::take(args);
                if args.is_empty() {
                    return Some(Expr::Struct(Vec::new()));
                }
                let ctor = args.remove(0);
                match ctor {
                    Expr::Function(f) if is_struct_function(&f) => struct_literal(*f, args),
                    ctor => Expr::New {
                        callee: Box::new(ctor),
                        args,
                    },
                }
            }
            // method(context, function): the context is the instance declaring it.
            "ds_list_find_value" | "ds_map_find_value" | "ds_grid_get" | "variable_struct_get"
                if args.len() == accessor_of(f).1 + 1 =>
            {
                let mut args = std::mem::take(args);
                let base = args.remove(0);
                Expr::Index {
                    base: Box::new(base),
                    accessor: accessor_of(f).0,
                    indices: args,
                }
            }
            // A function bound to no instance is a constructor: before 2024.11 its
            // body does not tell. One bound to anything else (a struct of the
            // values it captures) is `method` as written.
            "method"
                if matches!(args.get(1), Some(Expr::Function(_))) && bound_implicitly(&args[0]) =>
            {
                let bound_to_none = is_null_object(&args[0]);
                let mut f = args.remove(1);
                if let Expr::Function(f) = &mut f {
                    f.constructor |= bound_to_none && !is_struct_function(f);
                }
                f
            }
            _ => {
                f.strip_prefix(SCRIPT_PREFIX)?;
                let name = short_name(f);
                Expr::Call {
                    callee: Box::new(Expr::Ident(name.to_string())),
                    args: std::mem::take(args),
                }
            }
        })
    }
}

/// `throw value;`, which GameMaker calls as `@@throw@@(value)` and drops.
fn throws(block: &mut [Stmt]) {
    for stmt in block.iter_mut() {
        let Stmt::Expr(Expr::Call { callee, args }) = stmt else {
            continue;
        };
        if matches!(&**callee, Expr::Ident(f) if f == "@@throw@@") && args.len() == 1 {
            *stmt = Stmt::Throw(args.remove(0));
        }
    }
}

/// `$"a{x}b"`, which GameMaker calls as `@@string@@("a{0}b", x)`: the format's
/// numbered holes filled with the arguments. `None` unless every hole names one.
fn template(args: &mut Vec<Expr>) -> Option<Expr> {
    let Some(Expr::String(format)) = args.first() else {
        return None;
    };
    let mut parts = Vec::new();
    let mut text = String::new();
    let mut rest = format.as_str();
    while let Some(open) = rest.find('{') {
        text.push_str(&rest[..open]);
        let close = rest[open..].find('}')? + open;
        let k: usize = rest[open + 1..close].parse().ok()?;
        if !text.is_empty() {
            parts.push(
                crate::formats::gamemaker::gml::language::ast::TemplatePart::Text(std::mem::take(
                    &mut text,
                )),
            );
        }
        parts.push(
            crate::formats::gamemaker::gml::language::ast::TemplatePart::Expr(
                args.get(k + 1)?.clone(),
            ),
        );
        rest = &rest[close + 1..];
    }
    text.push_str(rest);
    if !text.is_empty() {
        parts.push(crate::formats::gamemaker::gml::language::ast::TemplatePart::Text(text));
    }
    args.clear();
    Some(Expr::Template(parts))
}

/// `function f(a, b = 1)`: GameMaker sets a left-out parameter to its default
/// first thing in the body, as `if (argumentN == undefined) { argumentN = value; }`
/// for each in order. The leading run of such tests of parameters, in rising
/// order, is read back as the defaults they were written as.
fn default_arguments(
    body: &mut Vec<Stmt>,
    params: &mut [crate::formats::gamemaker::gml::language::ast::Param],
) {
    let count = params.len();
    let taken = leading_defaults(body)
        .take_while(|&(k, _)| k < count)
        .map(|(k, value)| params[k].default = Some(value.clone()))
        .count();
    body.drain(..taken);
}

/// The parameters whose defaults `body` starts by setting.
pub(crate) fn defaulted(body: &[Stmt]) -> u16 {
    leading_defaults(body)
        .filter(|&(k, _)| k < 16)
        .fold(0, |set, (k, _)| set | 1 << k)
}

/// The leading run of default tests, of parameters in rising order.
fn leading_defaults(body: &[Stmt]) -> impl Iterator<Item = (usize, &Expr)> {
    let mut next = 0;
    body.iter()
        .map_while(default_of)
        .take_while(move |&(k, _)| {
            let rising = k >= next;
            next = k + 1;
            rising
        })
}

/// `if (argumentK == undefined) { argumentK = value; }`: K and the value.
fn default_of(stmt: &Stmt) -> Option<(usize, &Expr)> {
    let Stmt::If {
        cond:
            Expr::Binary {
                op: crate::formats::gamemaker::gml::language::ast::BinaryOp::Eq,
                lhs,
                rhs,
            },
        then,
        otherwise: None,
    } = stmt
    else {
        return None;
    };
    let (Expr::Ident(tested), Expr::Ident(undefined)) = (&**lhs, &**rhs) else {
        return None;
    };
    let [Stmt::Assign {
        target: Expr::Ident(set),
        op: AssignOp::Set,
        value,
    }] = then.as_slice()
    else {
        return None;
    };
    let k = tested.strip_prefix("argument")?.parse().ok()?;
    (undefined == "undefined" && set == tested).then_some((k, value))
}

/// A script or function's name as GML writes it: without the `gml_Script_` of its
/// code entry, nor the `@gml_Object_…` of the event a function is declared in,
/// nor the `_gml_Object_…` some releases join it with instead
/// (ScottVMariotte/Multiplayer_Tanks's `follow_gml_Object_obj_camera_Create_0`).
pub(crate) fn short_name(entry: &str) -> &str {
    let name = entry.strip_prefix(SCRIPT_PREFIX).unwrap_or(entry);
    match name.split_once('@') {
        Some((head, _)) if !head.is_empty() && head != "anon" => head,
        Some(_) => name,
        None => without_joined_entry(name),
    }
}

/// `name` without an entry's name joined to it by `_` (`f_gml_Object_o_Create_0`).
fn without_joined_entry(name: &str) -> &str {
    const ENTRIES: [&str; 4] = [
        "_gml_Object_",
        "_gml_GlobalScript_",
        "_gml_Script_",
        "_gml_RoomCC_",
    ];
    let cut = ENTRIES.iter().filter_map(|e| name.find(e)).min();
    match cut {
        Some(at) if at > 0 && !name.starts_with("anon_") => &name[..at],
        _ => name,
    }
}

/// Whether a function's entry name is one GameMaker makes up for a function
/// written without a name (`anon@117@script`, `Disconnect@anon@120@Relay@script`
/// for one stored in a variable, or `anon_` from earlier releases).
/// Whether a function's name is one GameMaker made up for an anonymous function.
/// A struct literal's function is named for the struct, whichever function it is
/// written in (`___struct___26@anon@236@…`).
fn is_anonymous(name: &str) -> bool {
    // A package's are named with its prefix (`io_gamemaker_gm_effect_glow_1_0_0_anon@…`
    // in soap64real/killstreakbeta).
    let prefixed = name
        .split('@')
        .next()
        .is_some_and(|own| own.ends_with("_anon"));
    !name.starts_with("___struct___")
        && (name.starts_with("anon@")
            || name.starts_with("anon_")
            || name.contains("@anon@")
            || prefixed)
}

/// Whether `context` is what a function written as a value is bound to: the
/// instance declaring it (-1), the statics being set up (-16), or no instance.
fn bound_implicitly(context: &Expr) -> bool {
    matches!(context, Expr::Number(Number::Int(-1 | -16))) || is_null_object(context)
}

fn is_null_object(e: &Expr) -> bool {
    matches!(e, Expr::Call { callee, args }
        if args.is_empty() && matches!(&**callee, Expr::Ident(n) if n == "@@NullObject@@"))
}

fn is_struct_function(f: &Function) -> bool {
    f.name
        .as_deref()
        .is_some_and(|n| n.contains("___struct___"))
}

/// `{ a: x, b: 2 }`: the hidden function's body sets each field, from an argument
/// where the value is computed by the caller.
fn struct_literal(f: Function, args: Vec<Expr>) -> Expr {
    let mut fields = Vec::new();
    for s in f.body {
        if let Stmt::Assign {
            target,
            op: AssignOp::Set,
            mut value,
        } = s
        {
            let Some(name) = own_variable(&target).cloned() else {
                continue;
            };
            // A negative number in the body was a named constant, as one
            // written as a number is negated by the caller, which passes it
            // (`{ y: -8 }` in JaconAndEggs/Ooo-Kaizo): -4 is `noone`
            // (`{ req: noone }` in soap64real/killstreakbeta).
            if matches!(value, Expr::Number(Number::Int(NOONE))) {
                value = Expr::Ident("noone".into());
            }
            walk_expr(&mut value, &mut |e| {
                if let Some(arg) = argument_index(e).and_then(|i| args.get(i)) {
                    *e = passed_as_written(arg.clone());
                }
            });
            fields.push((name, value));
        }
    }
    Expr::Struct(fields)
}

/// A value a struct literal's caller passes, written so that it is passed
/// again: a constant written as one stays in the struct's function, so one
/// passed was a call GameMaker folded (`code: ord("Q")` in
/// JaconAndEggs/Ooo-Kaizo, passed as 81).
fn passed_as_written(arg: Expr) -> Expr {
    let call = |f: &str, arg: Expr| Expr::Call {
        callee: Box::new(Expr::Ident(f.into())),
        args: vec![arg],
    };
    match arg {
        Expr::Number(Number::Int(n)) if n >= 0 => match u8::try_from(n) {
            Ok(c) if c.is_ascii_alphanumeric() => call("ord", Expr::String(char::from(c).into())),
            _ => call("real", arg),
        },
        Expr::Number(Number::Real(r)) if r.is_sign_positive() => call("real", arg),
        Expr::String(_) => call("string", arg),
        arg => arg,
    }
}

/// Which argument `e` reads: `argument3` or `argument[3]`.
pub(crate) fn argument_index(e: &Expr) -> Option<usize> {
    match e {
        Expr::Ident(a) => a.strip_prefix("argument")?.parse().ok(),
        Expr::Index { base, indices, .. } => match (&**base, indices.as_slice()) {
            (Expr::Ident(a), [Expr::Number(Number::Int(i))]) if a == "argument" => {
                usize::try_from(*i).ok()
            }
            _ => None,
        },
        _ => None,
    }
}

/// The accessor a data structure's get or set function stands for, and how many
/// indices it takes.
fn accessor_of(function: &str) -> (Accessor, usize) {
    match function {
        "ds_list_find_value" | "ds_list_set" => (Accessor::List, 1),
        "ds_map_find_value" | "ds_map_set" => (Accessor::Map, 1),
        "ds_grid_get" | "ds_grid_set" => (Accessor::Grid, 2),
        _ => (Accessor::Struct, 1),
    }
}

/// `ds_list_set(l, i, v)` and the others as `l[| i] = v`.
fn accessor_sets(block: &mut [Stmt]) {
    for s in block.iter_mut() {
        let Stmt::Expr(Expr::Call { callee, args }) = s else {
            continue;
        };
        let Expr::Ident(f) = &**callee else {
            continue;
        };
        if !matches!(
            f.as_str(),
            "ds_list_set" | "ds_map_set" | "ds_grid_set" | "variable_struct_set"
        ) {
            continue;
        }
        let (accessor, count) = accessor_of(f);
        if args.len() != count + 2 {
            continue;
        }
        let mut args = std::mem::take(args);
        let value = args.pop().unwrap_or(Expr::Ident("undefined".into()));
        let base = args.remove(0);
        *s = Stmt::Assign {
            target: Expr::Index {
                base: Box::new(base),
                accessor,
                indices: args,
            },
            op: AssignOp::Set,
            value,
        };
    }
}

/// The instance's own variable `e` names: `name`, or `self.name`, as a game that
/// names its own variables through `builtin` shows one set through `self` (a
/// struct literal's field, a function declared from 2024.14).
fn own_variable(e: &Expr) -> Option<&String> {
    match e {
        Expr::Ident(name) => Some(name),
        Expr::Field { base, name } if matches!(&**base, Expr::Ident(s) if s == "self") => {
            Some(name)
        }
        _ => None,
    }
}

/// `name = function …` as the declaration `function name(…) { … }` (stored
/// through `self` from 2024.14, which shows as `self.name`). A package's
/// prefixed function is stored as `gml_Script_name` (the effect scripts of
/// Gatoiq/tiempo-del-este and Acednothere/ncx-rng): the compiler stores it so
/// where the game has that variable.
fn declarations(block: &mut [Stmt]) {
    for s in block.iter_mut() {
        let Stmt::Assign {
            target,
            op: AssignOp::Set,
            value: Expr::Function(f),
        } = s
        else {
            continue;
        };
        let Some(name) = own_variable(target) else {
            continue;
        };
        let Some(own) = f.name.as_deref().map(short_name) else {
            continue;
        };
        if own == name || name.strip_prefix(SCRIPT_PREFIX) == Some(own) {
            let mut f = (**f).clone();
            f.name = Some(own.to_string());
            *s = Stmt::Function(f);
        }
    }
}

/// `i = 0; while (i < n) { …; i++; }` as `for (i = 0; i < n; i++) { … }`: the
/// same bytecode, written as people write counting loops. Only where the body has
/// no `continue` of its own, which would run the step in a `for`.
fn for_loops(block: &mut Vec<Stmt>) {
    let mut k = 1;
    while k < block.len() {
        let counter = match &block[k - 1] {
            Stmt::Assign {
                target: Expr::Ident(v),
                op: AssignOp::Set,
                ..
            } => Some(v.clone()),
            Stmt::Var(list) if list.len() == 1 && list[0].value.is_some() => {
                Some(list[0].name.clone())
            }
            _ => None,
        };
        let fits = match (&counter, &block[k]) {
            (Some(v), Stmt::While { cond, body }) => {
                reads(cond, v) && body.last().is_some_and(|s| sets(s, v)) && !continues(body)
            }
            (
                Some(v),
                Stmt::For {
                    init: None,
                    cond: Some(cond),
                    step: Some(step),
                    ..
                },
            ) => reads(cond, v) && sets(step, v),
            (
                Some(v),
                Stmt::For {
                    init: None,
                    cond: Some(cond),
                    step: None,
                    ..
                },
            ) => reads(cond, v),
            _ => false,
        };
        if fits {
            let init = block.remove(k - 1);
            k -= 1;
            let looped = std::mem::replace(&mut block[k], Stmt::Break);
            block[k] = match looped {
                Stmt::While { cond, mut body } => {
                    let step = body.pop().map(Box::new);
                    Stmt::For {
                        init: Some(Box::new(init)),
                        cond: Some(cond),
                        step,
                        body,
                    }
                }
                Stmt::For {
                    cond, step, body, ..
                } => Stmt::For {
                    init: Some(Box::new(init)),
                    cond,
                    step,
                    body,
                },
                other => other,
            };
        }
        k += 1;
    }
}

/// Whether `s` sets the variable `v`: `v = …`, `v += …`, `v++`.
fn sets(s: &Stmt, v: &str) -> bool {
    match s {
        Stmt::Assign {
            target: Expr::Ident(t),
            ..
        } => t == v,
        Stmt::Expr(Expr::Step { target, .. }) => matches!(&**target, Expr::Ident(t) if t == v),
        _ => false,
    }
}

/// Whether a loop body holds a `continue` of its own loop.
fn continues(body: &[Stmt]) -> bool {
    body.iter().any(|s| match s {
        Stmt::Continue => true,
        Stmt::If {
            then, otherwise, ..
        } => continues(then) || otherwise.as_deref().is_some_and(continues),
        Stmt::Switch { cases, .. } => cases.iter().any(|c| continues(&c.body)),
        Stmt::Block(b) => continues(b),
        _ => false,
    })
}

/// A `return` inside `with`: GameMaker keeps the value in a temporary while it
/// leaves the loop.
fn temp_returns(block: &mut Vec<Stmt>) {
    let mut k = 0;
    while k + 1 < block.len() {
        let folded = match (&block[k], &block[k + 1]) {
            (
                Stmt::Assign {
                    target: Expr::Ident(t),
                    op: AssignOp::Set,
                    value,
                },
                Stmt::Return(Some(Expr::Ident(r))),
            ) if t == TEMP && r == TEMP => Some(value.clone()),
            _ => None,
        };
        if let Some(value) = folded {
            block[k] = Stmt::Return(Some(value));
            block.remove(k + 1);
        }
        k += 1;
    }
}

/// A local named like a word GML reserves (GameMaker's compiler lets some
/// through) is renamed with a `_` after it, or more until the name is free, so the
/// text parses.
fn rename_keywords(body: &mut [Stmt], locals: &mut [String]) {
    for k in 0..locals.len() {
        if !crate::formats::gamemaker::gml::language::ast::is_keyword(&locals[k]) {
            continue;
        }
        let mut renamed = format!("{}_", locals[k]);
        while locals.contains(&renamed) {
            renamed.push('_');
        }
        let old = std::mem::replace(&mut locals[k], renamed.clone());
        walk_block_exprs(body, &mut |e| {
            if matches!(e, Expr::Ident(n) if *n == old) {
                *e = Expr::Ident(renamed.clone());
            }
        });
    }
}

/// `var` on the first statement that sets each local, or at the top for one that
/// is read before it is set (in the text's order, as GameMaker's compiler reads
/// it), or never used. The first `used` locals are those the code's instructions
/// name; a name only the game's list gives that the code uses is a variable of
/// the instance's (and a local of a function declared inside).
fn declare_locals(body: &mut Vec<Stmt>, locals: &[String], used: usize) {
    let mut first = FirstUses::default();
    first.block(body);
    let mut pending: HashSet<&str> = HashSet::new();
    let mut top: Vec<&str> = Vec::new();
    for (k, l) in locals
        .iter()
        .map(String::as_str)
        .enumerate()
        .filter(|(_, l)| *l != "arguments")
    {
        match first.set_first.get(l) {
            Some(_) if k >= used => {}
            Some(true) => {
                pending.insert(l);
            }
            Some(false) => top.push(l),
            // Named only by the functions declared inside (their own locals, which
            // the game lists with this entry's), or by nothing at all.
            None if first.nested.contains(l) => {}
            None => top.push(l),
        }
    }
    declare_in(body, &mut pending);
    top.sort_unstable();
    if !top.is_empty() {
        let list = top
            .into_iter()
            .map(|n| Declared {
                name: n.to_string(),
                value: None,
            })
            .collect();
        body.insert(0, Stmt::Var(list));
    }
}

/// How each name is first used, in the text's order: set (true) or read (false);
/// and the names used inside the functions declared within.
#[derive(Default)]
struct FirstUses {
    set_first: HashMap<String, bool>,
    nested: HashSet<String>,
}

impl FirstUses {
    fn block(&mut self, block: &[Stmt]) {
        for s in block {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Assign {
                target: Expr::Ident(name),
                op: AssignOp::Set,
                value,
            } => {
                self.reads(value);
                self.set_first.entry(name.clone()).or_insert(true);
            }
            Stmt::Assign { target, value, .. } => {
                self.reads(target);
                self.reads(value);
            }
            Stmt::Var(list) | Stmt::Static(list) => {
                for d in list {
                    if let Some(v) = &d.value {
                        self.reads(v);
                    }
                    self.set_first.entry(d.name.clone()).or_insert(true);
                }
            }
            Stmt::Expr(e) | Stmt::Throw(e) | Stmt::Delete(e) | Stmt::Return(Some(e)) => {
                self.reads(e)
            }
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                self.reads(cond);
                self.block(then);
                if let Some(o) = otherwise {
                    self.block(o);
                }
            }
            Stmt::While { cond, body } => {
                self.reads(cond);
                self.block(body);
            }
            Stmt::DoUntil { body, cond } => {
                self.block(body);
                self.reads(cond);
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                if let Some(c) = cond {
                    self.reads(c);
                }
                self.block(body);
                if let Some(st) = step {
                    self.stmt(st);
                }
            }
            Stmt::Repeat { count: e, body } | Stmt::With { target: e, body } => {
                self.reads(e);
                self.block(body);
            }
            Stmt::Switch { value, cases } => {
                self.reads(value);
                for c in cases {
                    if let Some(l) = &c.label {
                        self.reads(l);
                    }
                    self.block(&c.body);
                }
            }
            Stmt::Try {
                body,
                catch,
                finally,
            } => {
                self.block(body);
                if let Some((_, c)) = catch {
                    self.block(c);
                }
                if let Some(f) = finally {
                    self.block(f);
                }
            }
            Stmt::Function(f) => self.nested(&f.body),
            Stmt::Block(b) => self.block(b),
            _ => {}
        }
    }

    /// The names `e` reads, in order; a function inside it is a scope of its own.
    fn reads(&mut self, e: &Expr) {
        let mut e = e.clone();
        let mut functions = Vec::new();
        // The functions' bodies out first: the walk goes into a node's parts before
        // the node.
        walk_expr(&mut e, &mut |x| {
            if let Expr::Function(f) = x {
                functions.push(std::mem::take(&mut f.body));
            }
        });
        walk_expr(&mut e, &mut |x| {
            if let Expr::Ident(n) = x {
                self.set_first.entry(n.clone()).or_insert(false);
            }
        });
        for body in functions {
            self.nested(&body);
        }
    }

    fn nested(&mut self, body: &[Stmt]) {
        let mut inner = FirstUses::default();
        inner.block(body);
        self.nested
            .extend(inner.set_first.into_keys().chain(inner.nested));
    }
}

fn declare_in(block: &mut [Stmt], pending: &mut HashSet<&str>) {
    for s in block.iter_mut() {
        declare_at(s, pending);
        match s {
            Stmt::If {
                then, otherwise, ..
            } => {
                declare_in(then, pending);
                if let Some(o) = otherwise {
                    declare_in(o, pending);
                }
            }
            Stmt::For { init, body, .. } => {
                if let Some(init) = init {
                    declare_at(init, pending);
                }
                declare_in(body, pending);
            }
            Stmt::While { body, .. }
            | Stmt::DoUntil { body, .. }
            | Stmt::Repeat { body, .. }
            | Stmt::With { body, .. } => declare_in(body, pending),
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    declare_in(&mut c.body, pending);
                }
            }
            Stmt::Try {
                body,
                catch,
                finally,
            } => {
                declare_in(body, pending);
                if let Some((_, handler)) = catch {
                    declare_in(handler, pending);
                }
                if let Some(f) = finally {
                    declare_in(f, pending);
                }
            }
            Stmt::Block(body) => declare_in(body, pending),
            _ => {}
        }
    }
}

/// `local = value` as `var local = value`, for a local not declared yet.
fn declare_at(s: &mut Stmt, pending: &mut HashSet<&str>) {
    if let Stmt::Assign {
        target: Expr::Ident(name),
        op: AssignOp::Set,
        value,
    } = s
    {
        if pending.contains(name.as_str()) && !reads(value, name) {
            pending.remove(name.as_str());
            *s = Stmt::Var(vec![Declared {
                name: name.clone(),
                value: Some(value.clone()),
            }]);
        }
    }
}

/// Whether `e` reads the variable `name`.
fn reads(e: &Expr, name: &str) -> bool {
    let mut found = false;
    let mut e = e.clone();
    walk_expr(&mut e, &mut |x| {
        if matches!(x, Expr::Ident(n) if n == name) {
            found = true;
        }
    });
    found
}
