//! Expressions: each leaves one value on the stack, and says its type, so that
//! the instruction using it names the type and GameMaker's `conv`s go where its
//! compiler puts them.

use crate::formats::gamemaker::bytecode::opcodes::{instance, op};
use crate::formats::gamemaker::gml::compile::emit::Ty;
use crate::formats::gamemaker::gml::compile::ins;
use crate::formats::gamemaker::gml::compile::store::Place;
use crate::formats::gamemaker::gml::compile::Gen;
use crate::formats::gamemaker::gml::language::ast::{
    Accessor, BinaryOp, Expr, Number, TemplatePart, UnaryOp,
};
use crate::formats::gamemaker::gml::language::builtins;

/// How many uses of macros one file's code expands, at most: far past any
/// game's, and short of what doubling macros would make.
const MAX_EXPANSIONS: usize = 100_000;

impl Gen<'_> {
    /// Pushes `e` and says its type.
    pub(crate) fn expr(&mut self, e: &Expr) -> Ty {
        self.needs(crate::formats::gamemaker::gml::compile::syntax::of_expr(e));
        match e {
            Expr::Number(n) => self.number(*n),
            Expr::String(s) => {
                self.op(ins::push_string(s));
                Ty::S
            }
            Expr::Bool(b) => {
                self.op(ins::pushi(i16::from(*b)));
                if self.env.target.typed_booleans() {
                    Ty::B
                } else {
                    Ty::I
                }
            }
            Expr::Ident(name) => self.ident(name),
            Expr::Field { .. } | Expr::Index { .. } => self.read(e),
            Expr::Call { callee, args } => self.call(callee, args),
            Expr::New { callee, args } => {
                self.push_args(args);
                // A constructor named is pushed by `push.i`, even where functions
                // named as values are typed references.
                // One the code declares itself first, from 2022 (R1basx/Le-Monke-Game's
                // `new create_item(…)` in the event declaring it; 2.3.0's
                // MayitaMayoso/vendaval reads its own through `builtin`).
                let own = self.env.target.calls_own_functions_directly();
                let named = match &**callee {
                    Expr::Ident(n) if !self.local_names.contains(n) => self
                        .own_functions
                        .get(n)
                        .filter(|_| own)
                        .or_else(|| self.env.functions.get(n))
                        .cloned(),
                    _ => None,
                };
                let ty = match (named, &**callee) {
                    (Some(full), _) => {
                        self.op(ins::push_function(&full));
                        Ty::I
                    }
                    // A constructor an instance variable holds is read through
                    // `builtin`, as a method called is (MayitaMayoso/vendaval's
                    // `new Configuration(…)`).
                    (None, Expr::Ident(n))
                        if !self.local_names.contains(n)
                            && !self.statics.contains(n)
                            && !self.params.contains(n)
                            && self.is_instance_variable(n) =>
                    {
                        self.op(ins::push_plain(instance::BUILTIN, n));
                        Ty::V
                    }
                    (None, _) => self.expr(callee),
                };
                self.to(ty, Ty::V);
                self.op(ins::call("@@NewGMLObject@@", args.len() + 1));
                Ty::V
            }
            Expr::Unary { op, expr } => self.unary(*op, expr),
            Expr::Step { op, target } => self.step_value(*op, target),
            Expr::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs),
            Expr::Ternary {
                cond,
                then,
                otherwise,
            } => {
                let (other, end) = (self.code.label(), self.code.label());
                self.cond(cond);
                self.code.branch(op::BF, other);
                self.value(then);
                self.code.branch(op::B, end);
                self.code.place(other);
                self.value(otherwise);
                self.code.place(end);
                Ty::V
            }
            Expr::Array(items) => {
                self.name_literal_owner();
                self.push_args(items);
                self.op(ins::call("@@NewGMLArray@@", items.len()));
                Ty::V
            }
            Expr::Group(inner) => self.expr(inner),
            Expr::Function(f) => {
                self.function(f, None);
                Ty::V
            }
            Expr::Struct(fields) => self.struct_literal(fields),
            Expr::Template(parts) => {
                // `$"a{x}b"` is `@@string@@("a{0}b", x)`.
                let mut format = String::new();
                let mut args = Vec::new();
                for part in parts {
                    match part {
                        TemplatePart::Text(t) => format.push_str(t),
                        TemplatePart::Expr(x) => {
                            format.push_str(&format!("{{{}}}", args.len()));
                            args.push(x.clone());
                        }
                    }
                }
                args.insert(0, Expr::String(format));
                self.push_args(&args);
                self.op(ins::call("@@string@@", args.len()));
                Ty::V
            }
        }
    }

    /// Pushes `e` as a variable: the form calls, returns and stores of values
    /// take.
    pub(crate) fn value(&mut self, e: &Expr) {
        let ty = self.expr(e);
        self.to(ty, Ty::V);
    }

    /// Pushes `e` as a boolean, for a branch.
    pub(crate) fn cond(&mut self, e: &Expr) {
        let ty = self.expr(e);
        // From 2.3 a boolean constant is tested as it is, typed or not
        // (evolutionleo/LudSwing's `!is_method(_value) || false`).
        if matches!(e, Expr::Bool(_)) && self.env.target.functions() {
            return;
        }
        self.to(ty, Ty::B);
    }

    /// Converts the value on top from `from` to `to`.
    pub(crate) fn to(&mut self, from: Ty, to: Ty) {
        if from != to {
            self.op(ins::conv(from, to));
        }
    }

    /// Pushes arguments, the last first, each as a variable.
    pub(crate) fn push_args(&mut self, args: &[Expr]) {
        for a in args.iter().rev() {
            self.value(a);
        }
    }

    pub(crate) fn number(&mut self, n: Number) -> Ty {
        match n {
            Number::Int(i) | Number::Hex(i) if i16::try_from(i).is_ok() => {
                self.op(ins::pushi(i as i16));
                Ty::I
            }
            Number::Int(i) | Number::Hex(i) if i32::try_from(i).is_ok() => {
                self.op(ins::push_int(i as i32));
                Ty::I
            }
            Number::Int(i) | Number::Hex(i) => {
                self.op(ins::push_long(i));
                Ty::L
            }
            // GameMaker reads a whole number as an integer, even written `2.0`.
            Number::Real(r) if r.fract() == 0.0 && r.abs() < 9.2e18 && !r.is_sign_negative() => {
                self.number(Number::Int(r as i64))
            }
            Number::Real(r) => {
                self.op(ins::push_double(r));
                Ty::D
            }
        }
    }

    /// A name alone.
    fn ident(&mut self, name: &str) -> Ty {
        match name {
            "self" if self.env.target.functions() => {
                self.op(ins::call("@@This@@", 0));
                return Ty::V;
            }
            "other" if self.env.target.functions() => {
                self.op(ins::call("@@Other@@", 0));
                return Ty::V;
            }
            "global" if self.env.target.functions() => {
                self.op(ins::call("@@Global@@", 0));
                return Ty::V;
            }
            // Bytecode 14 pushes an instance as a value as its number.
            "self" if self.env.target.bytecode_14() => return self.number(Number::Int(-1)),
            "other" if self.env.target.bytecode_14() => return self.number(Number::Int(-2)),
            // Before 2.3 an instance as a value is its id (`with (other)`,
            // `return self`).
            "self" | "other" => {
                let instance = if name == "self" {
                    instance::SELF
                } else {
                    instance::OTHER
                };
                self.op(ins::push_plain(instance, "id"));
                return Ty::V;
            }
            "all" => return self.number(Number::Int(-3)),
            "noone" => return self.number(Number::Int(-4)),
            "global" => return self.number(Number::Int(-5)),
            _ => {}
        }
        if !self.local_names.contains(name) {
            if let Some(ty) = self.constant(name) {
                return ty;
            }
        }
        self.note_read(name);
        let place = self.place_of_bare_name(name, false);
        self.push_place(&place)
    }

    /// Notes a read of variable `name` for a warning, where nothing of the
    /// game's or GameMaker's has the name and one lies one or two edits from it
    /// (`c_whte`, `s_shipp`): see [`crate::formats::gamemaker::gml::compile::Compiled::unknown_reads`].
    fn note_read(&mut self, name: &str) {
        let env = self.env;
        let known = self.local_names.contains(name)
            || self.params.iter().any(|p| p == name)
            || self.statics.contains(name)
            || env.globalvars.contains(name)
            || env.known_variables.contains(name)
            || builtins::variable(name).is_some();
        // A short name has too many neighbours for a slip to mean anything.
        let short = name.chars().count() < 4;
        if short
            || known
            || self
                .unknown_reads
                .iter()
                .any(|w| w.name.as_deref() == Some(name))
        {
            return;
        }
        let names = (env.assets.keys().map(String::as_str))
            .chain(builtins::names().map(|n| -> &str { n }))
            .chain(env.macros.keys().map(String::as_str))
            .chain(env.functions.keys().map(String::as_str))
            .chain(env.known_functions.iter().map(String::as_str))
            .chain(env.known_variables.iter().map(String::as_str))
            .filter(|n| !n.starts_with("@@") && !n.starts_with("gml_"));
        let Some(near) =
            crate::nearest::nearest(name, names).filter(|n| strsim::levenshtein(n, name) <= 2)
        else {
            return;
        };
        self.unknown_reads
            .push(crate::formats::gamemaker::gml::compile::CompileError {
                message: format!("`{name}` is read, but nothing in the game sets it"),
                hint: Some(format!("did you mean `{near}`?")),
                name: Some(name.to_string()),
                at: self.at,
            });
    }

    /// A name that stands for a value known now: a resource, a built-in
    /// constant, a macro, or a function of the game's or GameMaker's.
    fn constant(&mut self, name: &str) -> Option<Ty> {
        // From 2.3 a script whose code is its global script (one made before
        // 2.3) is called by its own name, which FUNC lists: as a value it is
        // that function, not the script's index.
        let target = self.env.target;
        let legacy_script = |a: &crate::formats::gamemaker::gml::compile::env::Asset| {
            a.chunk == crate::fourcc::FourCC::SCPT && !target.typed_references
        };
        if target.functions()
            && self.env.known_functions.contains(name)
            && self.env.asset(name).is_some_and(|a| legacy_script(&a))
        {
            return Some(self.push_function(name));
        }
        // One of the game's functions, which SCPT lists too: the function, not
        // the script's index.
        if target.functions() {
            if let Some(full) = self.env.functions.get(name) {
                let full = full.clone();
                return Some(self.push_function(&full));
            }
        }
        // A script that declares no function of its name, as a value: FUNC's
        // entry of its bare name (Gatoiq/tiempo-del-este's `exit_game`, a
        // script of code alone), pushed by `push.i` whatever the game's
        // functions are pushed as.
        if target.functions()
            && self.env.known_functions.contains(name)
            && self
                .env
                .asset(name)
                .is_some_and(|a| a.chunk == crate::fourcc::FourCC::SCPT)
            && !self.statics.contains(name)
        {
            self.op(ins::push_function(name));
            return Some(Ty::I);
        }
        // A built-in function as a value (`if (os_is_network_connected)`), where
        // the game has no variable of the name (OwiliwO's Infinite-Menagerie
        // keeps its own `sound_volume`): by its index, even where the game's
        // own functions are typed references (SekaLudianto/tebak-lagu).
        if target.functions()
            && builtins::function(name).is_some()
            && !builtins::is_builtin_variable(name)
            && !self.env.known_variables.contains(name)
            && self.env.asset(name).is_none()
            && !self.statics.contains(name)
        {
            self.op(ins::push_function(name));
            return Some(Ty::I);
        }
        if let Some(asset) = self
            .env
            .asset(name)
            .filter(|_| !self.assigned.contains(name))
        {
            if self.env.target.typed_references {
                if let Some(kind) = self.env.refs.kind(asset.chunk) {
                    self.op(ins::asset_reference(((kind << 24) | asset.index) as i32));
                    return Some(Ty::V);
                }
            }
            return Some(self.number(Number::Int(i64::from(asset.index))));
        }
        if let Some(m) = self.env.macros.get(name) {
            return Some(self.expand(name, m));
        }
        if let Some(c) = builtins::constant(name) {
            // Some releases read a few constants (`infinity`, `NaN`,
            // `pointer_null`) as built-in variables: the game's own variables
            // list them then.
            if !builtins::is_builtin_variable(name) && !self.env.known_variables.contains(name) {
                return match c.value {
                    Some(builtins::Value::Int(i)) => Some(self.number(Number::Int(i))),
                    Some(builtins::Value::Real(r)) => Some(self.number(Number::Real(r))),
                    None => None,
                };
            }
        }
        None
    }

    /// Macro `name`'s value, `m`, written where the macro is used, as
    /// GameMaker expands it: once per use, never into itself. A macro that
    /// names itself, or one that expands past [`MAX_EXPANSIONS`] uses in one
    /// file (macros that double each other), is refused by name.
    fn expand(&mut self, name: &str, m: &Expr) -> Ty {
        if let Some(k) = self.expanding.iter().position(|n| n == name) {
            let cycle: Vec<&str> = self.expanding[k..]
                .iter()
                .map(String::as_str)
                .chain([name])
                .collect();
            self.error_about(
                format!("macro `{name}` names itself: {}", cycle.join(" → ")),
                Some(name),
                None,
            );
            return Ty::V;
        }
        self.expansions += 1;
        if self.expansions > MAX_EXPANSIONS {
            if self.expansions == MAX_EXPANSIONS + 1 {
                self.error_about(
                    format!("macro `{name}` expands past {MAX_EXPANSIONS} uses in one file"),
                    Some(name),
                    Some(
                        "macros that use each other more than once grow twice as large each time"
                            .into(),
                    ),
                );
            }
            return Ty::V;
        }
        self.expanding.push(name.to_string());
        let ty = self.expr(&m.clone());
        self.expanding.pop();
        ty
    }

    /// Function `full` as a value: by `push.i`, or as a typed reference where the
    /// game's code names functions so, except inside a function nested in it
    /// (teammio/rcr_wasm's `static_get(CommandlineArgs)` in its methods; in its
    /// own body, SekaLudianto/tebak-lagu's `TweenDestroy` is a reference).
    fn push_function(&mut self, full: &str) -> Ty {
        let enclosing = &self.inside[..self.inside.len().saturating_sub(1)];
        let within_itself = enclosing.iter().any(|&k| self.functions[k].name == full);
        if self.env.target.functions_through_references && !within_itself {
            self.op(ins::function_reference(full));
            Ty::V
        } else {
            self.op(ins::push_function(full));
            Ty::I
        }
    }

    /// A call.
    /// A call: its arguments are no accessor's keys, even inside one's
    /// (LR-Solutions/Recreo-Gestion-LR's `m[? string_trim(row[0])]` reads
    /// `row[0]` as ever).
    fn call(&mut self, callee: &Expr, args: &[Expr]) -> Ty {
        let outer = std::mem::replace(&mut self.in_accessor, false);
        let ty = self.call_outside_accessors(callee, args);
        self.in_accessor = outer;
        ty
    }

    fn call_outside_accessors(&mut self, callee: &Expr, args: &[Expr]) -> Ty {
        if let Some(c) = self.known_call(callee, args) {
            return self.push_known(&c);
        }
        if let (Expr::Ident(f), [Expr::String(name)]) = (callee, args) {
            if f == crate::formats::gamemaker::gml::decompile::sim::VARIABLE_HASH
                && self.env.target.folds_variable_hashes
            {
                self.op(ins::push_variable_reference(name));
                return Ty::I;
            }
        }
        let Expr::Ident(name) = callee else {
            return self.call_variable(callee, args);
        };
        // Only the event's own code, on its own instance, calls them directly
        // (from 2022): inside a function or a `with`, or before the declaration
        // where the release calls only declared ones so, they are methods of
        // some instance.
        let direct = self.env.target.calls_own_functions_directly()
            && self.inside.is_empty()
            && (self.declared.contains(name)
                || self.env.target.calls_own_functions_before_declared())
            && !self.local_names.contains(name)
            && !self
                .exits
                .iter()
                .any(|e| e.kind == crate::formats::gamemaker::gml::compile::Leaving::With);
        let own = self.own_functions.get(name).filter(|_| direct);
        let full = match own.or_else(|| self.env.functions.get(name)) {
            Some(full) => full.clone(),
            None if self.is_variable(name) => return self.call_variable(callee, args),
            // Called by its own name where it is no variable: a function
            // expression the entry declares inside a function.
            None if self.own_functions.contains_key(name) => self.own_functions[name].clone(),
            None if self.is_function(name) => {
                self.check_arguments(name, args.len());
                name.clone()
            }
            None => {
                self.unknown_function(name);
                return Ty::V;
            }
        };
        self.push_args(args);
        self.call_named(&full, args.len());
        Ty::V
    }

    /// `call.i` of function `name`.
    pub(crate) fn call_named(&mut self, name: &str, argc: usize) {
        self.op(ins::call(name, argc));
    }

    /// Whether a called name is a variable (holding a method) rather than a
    /// function: a local, a parameter, a static, or (from 2.3) a variable the
    /// game has that no function shares the name of.
    fn is_variable(&self, name: &str) -> bool {
        self.local_names.contains(name)
            || self.params.iter().any(|p| p == name)
            || self.statics.contains(name)
            || self.is_instance_variable(name)
    }

    /// Whether a name is a variable the game has (from 2.3) that no function
    /// shares the name of.
    fn is_instance_variable(&self, name: &str) -> bool {
        self.env.target.functions()
            && !self.is_function(name)
            && self.env.known_variables.contains(name)
    }

    /// Whether GameMaker or the game has a function named `name`.
    fn is_function(&self, name: &str) -> bool {
        builtins::function(name).is_some()
            || builtins::is_internal_function(name)
            || self.env.known_functions.contains(name)
            || self.env.functions.contains_key(name)
    }

    /// An error where built-in `name` is called with `given` arguments, which it
    /// does not take.
    fn check_arguments(&mut self, name: &str, given: usize) {
        let Some(sig) = builtins::function(name) else {
            return;
        };
        let (fewest, most) = (sig.min_args(), sig.max_args());
        if given >= fewest && most.is_none_or(|m| given <= m) {
            return;
        }
        let takes = match most {
            Some(m) if m == fewest => format!("{m}"),
            Some(m) => format!("{fewest} to {m}"),
            None => format!("{fewest} or more"),
        };
        let params: Vec<String> = sig
            .params
            .iter()
            .map(|p| match p.optional {
                true => format!("[{}]", p.name),
                false => p.name.to_string(),
            })
            .collect();
        let plural = if takes == "1" { "" } else { "s" };
        self.error_about(
            format!("`{name}` takes {takes} argument{plural}, and is given {given}"),
            Some(name),
            Some(format!("{name}({})", params.join(", "))),
        );
    }

    /// A call of a name nothing declares: an error, with the nearest names.
    fn unknown_function(&mut self, name: &str) {
        let near = builtins::nearest_function(
            name,
            self.env
                .functions
                .keys()
                .chain(&self.env.known_functions)
                .map(String::as_str),
        );
        self.error_about(
            format!("unknown function `{name}`"),
            Some(name),
            Some(match near {
                Some(n) => format!("did you mean `{n}`?"),
                None => "no built-in function, script or function of the game has this name".into(),
            }),
        );
    }

    fn unary(&mut self, op: UnaryOp, e: &Expr) -> Ty {
        match op {
            UnaryOp::Not => {
                self.cond(e);
                self.op(ins::unary(op::NOT, Ty::B));
                Ty::B
            }
            // A Boolean is made an integer first (MartinNang/PlatformShooter's
            // `-(keyboard_check(vk_left) || keyboard_check(ord("A")))`).
            UnaryOp::Neg => {
                let mut ty = self.expr(e);
                if ty == Ty::B {
                    self.to(ty, Ty::I);
                    ty = Ty::I;
                }
                self.op(ins::unary(op::NEG, ty));
                ty
            }
            UnaryOp::BitNot => {
                let ty = self.expr(e);
                self.op(ins::unary(op::NOT, ty));
                ty
            }
        }
    }

    fn binary(&mut self, op: BinaryOp, lhs: &Expr, rhs: &Expr) -> Ty {
        use BinaryOp::*;
        if let Some(c) = self.known_binary(op, lhs, rhs) {
            return self.push_known(&c);
        }
        match op {
            And | Or => return self.short_circuit(op, lhs, rhs),
            Xor => {
                self.cond(lhs);
                self.cond(rhs);
                self.op(ins::binary(op::XOR, Ty::B, Ty::B));
                return Ty::B;
            }
            Nullish => {
                // The left value stays unless it is nullish (`isnullish`).
                let end = self.code.label();
                self.value(lhs);
                self.op(ins::signal(-10));
                self.code.branch(op::BF, end);
                self.op(ins::popz(Ty::V));
                self.value(rhs);
                self.code.place(end);
                return Ty::V;
            }
            _ => {}
        }
        let tl = self.expr(lhs);
        self.operate(op, tl, rhs, false)
    }

    /// Applies `op` to the value on top (of type `tl`) and `rhs`: `a op b`, or
    /// `a op= b` when `compound`, which divides by an integer as it is.
    pub(crate) fn operate(&mut self, op: BinaryOp, tl: Ty, rhs: &Expr, compound: bool) -> Ty {
        use BinaryOp::*;
        let bitwise = matches!(op, BitAnd | BitOr | BitXor | Shl | Shr);
        let mut tl = tl;
        if op == Div && tl != Ty::V && tl != Ty::D {
            // `/` divides reals: an integer on either side becomes one first.
            self.to(tl, Ty::D);
            tl = Ty::D;
        } else if bitwise && tl == Ty::B {
            // A comparison's result takes `&` as an integer, not a long.
            self.to(tl, Ty::I);
            tl = Ty::I;
        } else if bitwise
            && tl != Ty::L
            && !(compound && tl == Ty::V && self.is_long(rhs))
            && (tl != Ty::I || matches!(op, Shl | Shr))
        {
            // `a |= b` with a 64-bit `b` combines the variable's value as it
            // is; an integer is combined by `&`, `|` and `^` as it is too
            // (`128 | n` is `or.l.i`: evolutionleo/LudSwing, StreamClient,
            // LR-Solutions/Recreo-Gestion-LR), and made a long to be shifted.
            self.to(tl, Ty::L);
            tl = Ty::L;
        } else if tl == Ty::B && !is_comparison(op) {
            self.to(tl, Ty::I);
            tl = Ty::I;
        }
        let mut tr = self.expr(rhs);
        let long_right = matches!(op, Shl | Shr) || (bitwise && tr == Ty::V);
        if long_right && tr != Ty::L {
            self.to(tr, Ty::L);
            tr = Ty::L;
        } else if tr == Ty::B && !is_comparison(op) {
            self.to(tr, Ty::I);
            tr = Ty::I;
        } else if op == Div && !compound && tr != Ty::V && tr != Ty::D {
            self.to(tr, Ty::D);
            tr = Ty::D;
        }
        if let Some(kind) = comparison(op) {
            self.op(ins::cmp(tr, tl, kind));
            return Ty::B;
        }
        self.op(ins::binary(opcode(op), tr, tl));
        wider(tl, tr)
    }

    /// Whether `e` comes out a 64-bit integer: a known one (an enum's member),
    /// or a bitwise operator's result.
    fn is_long(&self, e: &Expr) -> bool {
        use BinaryOp::*;
        match e {
            Expr::Binary { op, .. } if self.known(e).is_none() => {
                matches!(op, BitAnd | BitOr | BitXor | Shl | Shr)
            }
            e => matches!(
                self.known(e),
                Some(crate::formats::gamemaker::gml::compile::fold::Const::Wide(
                    _
                ))
            ),
        }
    }

    /// `a && b`, `a || b`: chains of the same operator share one exit.
    fn short_circuit(&mut self, op: BinaryOp, lhs: &Expr, rhs: &Expr) -> Ty {
        let mut operands = Vec::new();
        flatten(op, lhs, &mut operands);
        operands.push(rhs);
        let (short, end) = (self.code.label(), self.code.label());
        let (jump, value) = if op == BinaryOp::And {
            (op::BF, 0)
        } else {
            (op::BT, 1)
        };
        let last = operands.len() - 1;
        for (k, e) in operands.iter().enumerate() {
            self.cond(e);
            if k < last {
                self.code.branch(jump, short);
            }
        }
        self.code.branch(op::B, end);
        self.code.place(short);
        self.op(ins::push_short(value));
        self.code.place(end);
        Ty::B
    }

    /// Reads a variable, a field or an element.
    pub(crate) fn read(&mut self, e: &Expr) -> Ty {
        if let Some(c) = self.known(e) {
            // An enum's member: a 64-bit integer from GameMaker Studio 2.
            return self.push_known(&c);
        }
        if let Expr::Index {
            base,
            accessor,
            indices,
        } = e
        {
            if let Some(f) = accessor_read(*accessor) {
                let outer = std::mem::replace(&mut self.in_accessor, true);
                self.push_args(indices);
                self.value(base);
                self.in_accessor = outer;
                self.call_named(f, indices.len() + 1);
                return Ty::V;
            }
            if let Some(index) = self.element_through_function(base, *accessor, indices) {
                self.push_args(std::slice::from_ref(index));
                self.value(base);
                self.call_named("@@array_get@@", 2);
                return Ty::V;
            }
        }
        match self.place(e) {
            Some(place) => self.push_place(&place),
            None => {
                self.error(format!("{} cannot be read", what(e)));
                Ty::V
            }
        }
    }

    /// The index of an array element read by calling `@@array_get@@`: inside an
    /// accessor's keys or base (`a[i][$ k]`, Gatoiq/tiempo-del-este), or of an
    /// accessor's value (`s[$ k][i]`), from 2024.14 where the game's code calls
    /// it, unless the array is an instance's field (`o.a[i]`, read as ever);
    /// and of what a call returns, from 2.3.
    fn element_through_function<'x>(
        &self,
        base: &Expr,
        accessor: Accessor,
        indices: &'x [Expr],
    ) -> Option<&'x Expr> {
        let of_accessor =
            matches!(base, Expr::Index { accessor: a, .. } if accessor_read(*a).is_some());
        // An element of what a call returns (`string_split(s, ",")[0]`) has no
        // variable to read through.
        let of_call = matches!(base, Expr::Call { .. }) && self.env.target.functions();
        match indices {
            [index]
                if accessor == Accessor::Array
                    && (of_call
                        || self.env.target.array_get_in_accessors
                            && (self.in_accessor || of_accessor)
                            && !matches!(base, Expr::Field { .. })) =>
            {
                Some(index)
            }
            _ => None,
        }
    }

    /// Pushes the value stored at `place`.
    pub(crate) fn push_place(&mut self, place: &Place) -> Ty {
        if let crate::formats::gamemaker::gml::compile::store::Kind::Nested { owner, levels } =
            &place.kind
        {
            self.nested(&place.name, owner, levels, false);
            return Ty::V;
        }
        let op = self.prepare(place);
        let variable = self.variable_of(place);
        self.op(ins::push_variable(op, variable));
        Ty::V
    }
}

/// The instruction of an arithmetic or bitwise operator.
pub(crate) fn opcode(operator: BinaryOp) -> u8 {
    use BinaryOp::*;
    match operator {
        Mul => op::MUL,
        Div => op::DIV,
        IntDiv => op::REM,
        Mod => op::MOD,
        Add => op::ADD,
        Sub => op::SUB,
        BitAnd => op::AND,
        BitOr => op::OR,
        BitXor => op::XOR,
        Shl => op::SHL,
        _ => op::SHR,
    }
}

/// The type of a binary operation's result on operands of `a` and `b`.
pub(crate) fn wider(a: Ty, b: Ty) -> Ty {
    for t in [Ty::V, Ty::S, Ty::D, Ty::L] {
        if a == t || b == t {
            return t;
        }
    }
    Ty::I
}

fn is_comparison(op: BinaryOp) -> bool {
    comparison(op).is_some()
}

/// A comparison's kind, from 1 (`lt`) to 6 (`gt`).
fn comparison(op: BinaryOp) -> Option<u8> {
    Some(match op {
        BinaryOp::Lt => 1,
        BinaryOp::Le => 2,
        BinaryOp::Eq => 3,
        BinaryOp::Ne => 4,
        BinaryOp::Ge => 5,
        BinaryOp::Gt => 6,
        _ => return None,
    })
}

/// The operands of a chain of `op`, left to right.
fn flatten<'x>(op: BinaryOp, e: &'x Expr, out: &mut Vec<&'x Expr>) {
    match e {
        // `a && b && c` is `(a && b) && c`: one chain. A chain on the right,
        // `a && (b && c)`, is an operand of its own, as GameMaker compiles it.
        Expr::Binary { op: o, lhs, rhs } if *o == op => {
            flatten(op, lhs, out);
            out.push(rhs);
        }
        e => out.push(e),
    }
}

/// The function an accessor reads through.
fn accessor_read(a: Accessor) -> Option<&'static str> {
    Some(match a {
        Accessor::List => "ds_list_find_value",
        Accessor::Map => "ds_map_find_value",
        Accessor::Grid => "ds_grid_get",
        Accessor::Struct => "variable_struct_get",
        Accessor::Array | Accessor::ArrayRef => return None,
    })
}

/// A few words naming what `e` is, for errors.
pub(crate) fn what(e: &Expr) -> &'static str {
    match e {
        Expr::Template(_) => "a template string",
        Expr::Struct(_) => "a struct literal",
        Expr::Function(_) => "a function expression",
        Expr::Call { .. } => "a call",
        Expr::Number(_) | Expr::String(_) | Expr::Bool(_) => "a constant",
        _ => "this expression",
    }
}
