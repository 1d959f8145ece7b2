//! Functions (2.3 on): a declaration's body is compiled where it is written, with
//! a branch over it, and becomes a code entry of its own; then `method()` binds
//! it. Struct literals are hidden functions that set each field, their values
//! computed outside passed in as arguments. Calls of a variable holding a
//! function go through `callv`.

use super::emit::Ty;
use super::ins;
use crate::formats::gamemaker::bytecode::opcodes::{instance, op};
use crate::formats::gamemaker::bytecode::symbolic::Variable;
use crate::formats::gamemaker::gml::decompile::tidy::argument_index;
use crate::formats::gamemaker::gml::language::ast::{
    Accessor, AssignOp, BinaryOp, Block, Expr, Function, Number, Param, Stmt,
};
use crate::formats::gamemaker::gml::language::builtins;
use crate::formats::gamemaker::{
    gml::compile::Exits, gml::compile::FunctionEntry, gml::compile::Gen,
};
use indexmap::IndexSet;

/// The hidden function a struct literal's fields are set in.
const STRUCT: &str = "___struct___";

/// The variable a declared function is stored in.
#[derive(Clone, Copy)]
pub(super) enum StoredAs<'n> {
    /// The instance's (or the script's global function's).
    Instance(&'n str),
    /// A global variable.
    Global(&'n str),
}

impl Gen<'_> {
    /// A function declaration or expression: pushes the bound method, and, for a
    /// declaration, stores it in the variable `stored_as` and drops it. A
    /// named function assigned to an instance's variable or a global is stored
    /// so too (Moddimation/Vakhitest6's `dowalk = function dowalk_walkup() { … }`,
    /// PupofHades/GameMakerGame's `global.lerp = function lerp(…) { … }`).
    pub(super) fn function(&mut self, f: &Function, stored_as: Option<StoredAs<'_>>) {
        let entry = self.entry_name(f.name.as_deref(), false);
        // One the game declares already is its own (SekaLudianto/tebak-lagu's
        // `array_push`, OwiliwO/Infinite-Menagerie's `point_in_rectangle`,
        // older than the built-ins).
        if let Some(name) = f
            .name
            .as_deref()
            .filter(|_| !self.env.known_functions.contains(&entry))
        {
            self.refuse_builtin_name(name);
        }
        self.function_body(&entry, f, f.constructor);
        self.bind(&entry, f.constructor);
        let target = self.env.target;
        let Some(store) = stored_as else {
            return;
        };
        if let Some(name) = &f.name {
            self.declared.insert(name.clone());
        }
        let (name, global) = match store {
            StoredAs::Instance(name) => (name, false),
            StoredAs::Global(name) => (name, true),
        };
        let package_name = format!("gml_Script_{name}");
        let name = if self.env.known_variables.contains(&package_name) {
            package_name
        } else {
            name.to_string()
        };
        self.op(ins::dup(Ty::V, 0));
        if target.optimized_declarations() {
            let instance = if global {
                instance::GLOBAL
            } else {
                instance::SELF
            };
            self.op(ins::pop_plain(instance, &name));
        } else {
            let script = self.script_name.as_deref() == Some(name.as_str());
            let scope = if global {
                -5
            } else if target.function_variables_through_self || script {
                -1
            } else {
                -6
            };
            self.op(ins::pushi(scope));
            self.op(ins::pop(Ty::V, Variable::of_stack_top(name)));
        }
        self.op(ins::popz(Ty::V));
    }

    /// Where a named function assigned to `target` is stored as a
    /// declaration is: an instance variable, as `name` or `self.name` (not a
    /// local, a parameter, a static or a built-in), or `global.name`.
    pub(super) fn stored_as<'t>(&self, target: &'t Expr) -> Option<StoredAs<'t>> {
        let name = match target {
            Expr::Ident(n) => n,
            Expr::Field { base, name } => {
                return match &**base {
                    Expr::Ident(s) if s == "self" => Some(StoredAs::Instance(name)),
                    Expr::Ident(g) if g == "global" => Some(StoredAs::Global(name)),
                    _ => None,
                };
            }
            _ => return None,
        };
        let other = self.local_names.contains(name)
            || self.params.contains(name)
            || self.statics.contains(name)
            || self.env.globalvars.contains(name)
            || crate::formats::gamemaker::gml::language::builtins::is_builtin_variable(name);
        (!other).then_some(StoredAs::Instance(name))
    }

    /// `{ a: 1, b: x }`: the hidden function, then `@@NewGMLObject@@` with the
    /// values computed outside it.
    pub(super) fn struct_literal(&mut self, fields: &[(String, Expr)]) -> Ty {
        let target = self.env.target;
        if fields.is_empty() && target.optimized_declarations() {
            self.op(ins::call("@@NewGMLObject@@", 0));
            return Ty::V;
        }
        let mut passed: Vec<Expr> = Vec::new();
        let body: Block = fields
            .iter()
            .map(|(name, value)| Stmt::Assign {
                target: Expr::Ident(name.clone()),
                op: AssignOp::Set,
                value: self.hoist(value, &mut passed),
            })
            .collect();
        // A struct is numbered before the functions among its values, and laid
        // out after them (teammio/rcr_wasm's `{ colorsList: array_map(…,
        // function(c) { return { … }; }) }`): a new one takes its number first,
        // one of the game's its name in layout order.
        let made = self
            .given_names
            .is_empty()
            .then(|| self.entry_name(None, true));
        self.push_args(&passed);
        let entry = made.unwrap_or_else(|| self.entry_name(None, true));
        // A struct's function is a constructor, as far as statics go.
        let hidden = Function {
            name: None,
            params: Vec::new(),
            inherits: None,
            constructor: true,
            body,
        };
        self.function_body(&entry, &hidden, true);
        self.bind(&entry, true);
        // The struct's own name: `___struct___N`, whatever the release joins
        // to it (`@ENTRY`, or `_ENTRY` before 2.3.1).
        // A script's own prefix may lead it (`_effect_x____struct___125@…` in
        // Gatoiq/tiempo-del-este's effect scripts).
        let within = entry.strip_prefix("gml_Script_").unwrap_or(&entry);
        let number: String = within
            .split('@')
            .next()
            .and_then(|own| own.find(STRUCT).map(|k| &own[k + STRUCT.len()..]))
            .unwrap_or("")
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let short = format!("{STRUCT}{number}");
        self.op(ins::dup(Ty::V, 0));
        if target.optimized_declarations() {
            self.op(ins::pop_plain(instance::GLOBAL, &short));
        } else {
            let scope = if target.function_variables_through_self {
                -5
            } else {
                -16
            };
            self.op(ins::pushi(scope));
            self.op(ins::pop(Ty::V, Variable::of_stack_top(short)));
        }
        self.op(ins::call("@@NewGMLObject@@", passed.len() + 1));
        Ty::V
    }

    /// `push.i function NAME; conv.i.v;` and the instance it is bound to, then
    /// `method()`.
    fn bind(&mut self, entry: &str, null_instance: bool) {
        self.op(ins::push_function(entry));
        self.op(ins::conv(Ty::I, Ty::V));
        if null_instance {
            self.op(ins::call("@@NullObject@@", 0));
        } else {
            // A function made while statics are set up belongs to them.
            let instance = if self.in_static { -16 } else { -1 };
            self.op(ins::pushi(instance));
            self.op(ins::conv(Ty::I, Ty::V));
        }
        self.op(ins::call("method", 2));
    }

    /// The body of function `entry`, with a branch over it, as a code entry of
    /// its own.
    fn function_body(&mut self, entry: &str, f: &Function, constructor: bool) {
        let (params, body) = (&f.params, &f.body);
        let (start, after) = (self.code.label(), self.code.label());
        self.code.branch(op::B, after);
        self.code.place(start);
        let names: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
        let outer = self.enter_function(body, &names, entry.contains(STRUCT));
        let index = self.functions.len();
        self.functions.push(FunctionEntry {
            name: entry.to_string(),
            start,
            arguments: params.len() as u16,
            locals: Vec::new(),
            constructor,
        });
        self.inside.push(index);
        // Defaults are set first, before the parent is called and the statics
        // (Gatoiq/tiempo-del-este's `create_weapon(argument0 = sSword, …)
        // constructor` and `SpeakerAction(…, argument2 = undefined) :
        // DialogueAction() constructor`).
        self.default_arguments(params);
        if let Some((parent, args)) = &f.inherits {
            self.parent_constructor(parent, args);
        }
        if constructor && self.env.target.constructor_set_static() {
            self.op(ins::call("@@SetStatic@@", 0));
        }
        self.statics_block(body);
        self.block(body);
        if self.env.target.functions_end_setting_statics {
            self.op(ins::signal(-7));
        }
        self.op(ins::exit());
        self.inside.pop();
        let inner = self.leave_function(outer);
        self.functions[index].locals = inner.into_iter().collect();
        self.code.place(after);
    }

    /// `constructor : Parent(a, b)`: the parent called first, its value left on
    /// the stack, and its statics copied.
    fn parent_constructor(&mut self, parent: &str, args: &[Expr]) {
        let full = self
            .own_functions
            .get(parent)
            .or_else(|| self.env.functions.get(parent))
            .cloned()
            .unwrap_or_else(|| parent.to_string());
        self.push_args(args);
        self.call_named(&full, args.len());
        self.op(ins::push_function(&full));
        self.op(ins::conv(Ty::I, Ty::V));
        self.op(ins::call("@@CopyStatic@@", 1));
    }

    /// `function f(a, b = 1)`: each parameter with a default is set to it when
    /// left out, in order, before anything else, as
    /// `if (b == undefined) { b = 1; }` compiles (the parameter read and set
    /// through `builtin` from 2024.13; the others its value reads are read as
    /// ever, teammio/rcr_wasm's `argument4 = buffer_get_size(argument0)`).
    fn default_arguments(&mut self, params: &[Param]) {
        let through_builtin = self.env.target.default_arguments_through_builtin();
        for p in params {
            let Some(value) = &p.default else {
                continue;
            };
            self.defaulting = through_builtin.then(|| p.name.clone());
            let name = Expr::Ident(p.name.clone());
            self.stmt(&Stmt::If {
                cond: Expr::Binary {
                    op: BinaryOp::Eq,
                    lhs: Box::new(name.clone()),
                    rhs: Box::new(Expr::Ident("undefined".into())),
                },
                then: vec![Stmt::Assign {
                    target: name,
                    op: AssignOp::Set,
                    value: value.clone(),
                }],
                otherwise: None,
            });
        }
        self.defaulting = None;
    }

    /// The `static` variables of a function's body, set up once, before the rest:
    /// skipped once they are (`isstaticok`), marked set (`setstatic`) first, or
    /// after them where a release lets their setting-up run again (before
    /// 2024.11).
    fn statics_block(&mut self, body: &Block) {
        let statics: Vec<&crate::formats::gamemaker::gml::language::ast::Declared> = body
            .iter()
            .filter_map(|s| match s {
                Stmt::Static(list) => Some(list),
                _ => None,
            })
            .flatten()
            .collect();
        if statics.is_empty() {
            return;
        }
        let reentrant = !self.env.target.constructor_set_static();
        let skip = self.code.label();
        self.op(ins::signal(-6));
        self.code.branch(op::BT, skip);
        if !reentrant {
            self.op(ins::signal(-7));
        }
        self.in_static = true;
        for d in &statics {
            if let Some(v) = &d.value {
                let ty = self.expr(v);
                self.op(ins::pop(ty, Variable::plain(instance::STATIC, &d.name)));
            }
        }
        self.in_static = false;
        self.code.place(skip);
        if reentrant {
            self.op(ins::signal(-7));
        }
    }

    /// Saves what belongs to the enclosing function and starts a new one.
    fn enter_function(&mut self, body: &Block, params: &[String], struct_literal: bool) -> Saved {
        let statics = body
            .iter()
            .filter_map(|s| match s {
                Stmt::Static(list) => Some(list.iter().map(|d| d.name.clone())),
                _ => None,
            })
            .flatten()
            .collect();
        Saved {
            statics: std::mem::replace(&mut self.statics, statics),
            params: std::mem::replace(&mut self.params, params.to_vec()),
            locals: std::mem::take(&mut self.locals),
            local_names: std::mem::replace(&mut self.local_names, super::declared_locals(body)),
            exits: std::mem::take(&mut self.exits),
            in_function: std::mem::replace(&mut self.in_function, true),
            in_struct: std::mem::replace(&mut self.in_struct, struct_literal),
            // A static's function binds the functions inside it to itself.
            in_static: std::mem::replace(&mut self.in_static, false),
        }
    }

    /// Restores the enclosing function, and gives the locals of the one left.
    fn leave_function(&mut self, saved: Saved) -> IndexSet<String> {
        self.params = saved.params;
        self.statics = saved.statics;
        self.local_names = saved.local_names;
        self.exits = saved.exits;
        self.in_function = saved.in_function;
        self.in_struct = saved.in_struct;
        self.in_static = saved.in_static;
        std::mem::replace(&mut self.locals, saved.locals)
    }

    /// The code entry name of the next function: the game's own, in order, where
    /// the code is the game's; otherwise made the way GameMaker makes them.
    fn entry_name(&mut self, name: Option<&str>, is_struct: bool) -> String {
        if let Some(n) = self.given_names.pop_front() {
            return n;
        }
        let within = self.entry.clone();
        self.made_names += 1;
        let made = match (name, is_struct) {
            (_, true) => format!("{STRUCT}{}", self.made_names - 1),
            (Some(n), _) => n.to_string(),
            (None, _) => format!("anon@{}", self.made_names - 1),
        };
        // A script's own functions are global, named alone; the rest carry the
        // script's name, as GameMaker's do, so two scripts' never clash.
        let script = within.strip_prefix("gml_GlobalScript_");
        match script {
            None if within.is_empty() => format!("gml_Script_{made}"),
            None => format!("gml_Script_{made}@{within}"),
            Some(_) if name.is_some() && !is_struct && self.inside.is_empty() => {
                format!("gml_Script_{made}")
            }
            Some(script) => format!("gml_Script_{made}@{script}"),
        }
    }

    /// Whether a struct field's value stays in the struct's hidden function: a
    /// constant (a built-in one, `c_white` in JaconAndEggs/Ooo-Kaizo, and a
    /// resource where references are typed), a function, or a struct literal
    /// of such values.
    fn stays_in_struct(&self, e: &Expr) -> bool {
        match e {
            // A negative number is a negation GameMaker works out later: the
            // caller passes it (`{ y: -8 }` in JaconAndEggs/Ooo-Kaizo).
            Expr::Number(Number::Int(i) | Number::Hex(i)) => *i >= 0,
            Expr::Number(Number::Real(r)) => r.is_sign_positive(),
            Expr::String(_) | Expr::Bool(_) | Expr::Function(_) => true,
            Expr::Ident(n) if self.local_names.contains(n) => false,
            Expr::Ident(n) if self.env.asset(n).is_some() => self.env.target.typed_references,
            Expr::Ident(n) => {
                builtins::constant(n).is_some_and(|c| c.value.is_some())
                    && !builtins::is_builtin_variable(n)
                    && !self.env.known_variables.contains(n)
            }
            Expr::Struct(fields) => fields.iter().all(|(_, v)| self.stays_in_struct(v)),
            _ => false,
        }
    }

    /// A struct field's value as its hidden function reads it: in place where
    /// it stays there, else computed by the caller and passed as `argument[N]`
    /// (inside array literals that hold a constant, item by item).
    fn hoist(&self, value: &Expr, passed: &mut Vec<Expr>) -> Expr {
        // A struct literal inside is built in the hidden function, its values
        // passed with the rest (PupofHades's `m_start_pos: { x: a, y: b }`).
        if let Expr::Struct(fields) = value {
            if !self.stays_in_struct(value) {
                let fields = fields
                    .iter()
                    .map(|(k, v)| (k.clone(), self.hoist(v, passed)))
                    .collect();
                return Expr::Struct(fields);
            }
        }
        let mut pass = |e: &Expr| {
            if self.stays_in_struct(e) {
                return e.clone();
            }
            passed.push(e.clone());
            Expr::Index {
                base: Box::new(Expr::Ident("argument".into())),
                accessor: crate::formats::gamemaker::gml::language::ast::Accessor::Array,
                indices: vec![Expr::Number(Number::Int(passed.len() as i64 - 1))],
            }
        };
        match value {
            // An array literal with a constant stays, its other items passed;
            // one with none is passed whole (`inven: []`, `equip: [-99]` in
            // Acednothere/ncx-rng).
            Expr::Array(items) if items.iter().any(|e| self.stays_in_struct(e)) => {
                Expr::Array(items.iter().map(&mut pass).collect())
            }
            e => pass(e),
        }
    }

    /// An error where a new function or macro is named like a built-in
    /// function: calls elsewhere would reach one or the other after an
    /// unrelated edit.
    pub(super) fn refuse_builtin_name(&mut self, name: &str) {
        if builtins::function(name).is_some() {
            self.error_about(
                format!("`{name}` is a built-in function: no function or macro of the game may take its name"),
                Some(name),
                Some("name it otherwise".into()),
            );
        }
    }

    /// A call of `callee` that is not a function GameMaker or the game declares:
    /// a variable holding a method, called on the instance it belongs to.
    pub(super) fn call_variable(&mut self, callee: &Expr, args: &[Expr]) -> Ty {
        // A method of what a call returns (`f(a).m(1)`): the arguments first,
        // then the call, its result the instance the method is read on (2022
        // on: JaconAndEggs/Ooo-Kaizo, teammio/rcr_wasm's chained
        // `CleanPolyline(…).Thickness(0.3).Draw()`; 2.3.0's vendaval reads the
        // instance first).
        if let Expr::Field { base, name } = callee {
            // Whether the result is a method's, and how the game's code calls a
            // method of what the function called returns, where it shows.
            let (result_of, shown) = match &**base {
                Expr::Call { callee, .. } => (
                    Some(matches!(**callee, Expr::Field { .. })),
                    match &**callee {
                        Expr::Ident(f) => self
                            .env
                            .result_methods
                            .get(self.env.functions.get(f).unwrap_or(f))
                            .copied(),
                        _ => None,
                    },
                ),
                _ => (None, None),
            };
            let constant = args
                .iter()
                .all(|a| matches!(a, Expr::Bool(_)) || self.known(a).is_some());
            let target = self.env.target;
            let after_arguments = result_of.is_some_and(|m| {
                shown.unwrap_or_else(|| target.method_of_result_after_arguments(m, constant))
            });
            if after_arguments {
                self.push_args(args);
                let ty = self.expr(base);
                self.to(ty, Ty::V);
                self.op(ins::dup(Ty::V, 0));
                self.op(ins::pushi(-9));
                self.op(ins::push_variable(op::PUSH, Variable::of_stack_top(name)));
                self.op(ins::callv(args.len()));
                return Ty::V;
            }
        }
        // An element of another instance's array (`inst.steps[j]()`): the
        // element is the function and its own instance (2.3.0's
        // MayitaMayoso/vendaval).
        let of_other = |e: &Expr| !matches!(e, Expr::Ident(g) if g == "global");
        if matches!(callee, Expr::Index { base, accessor: Accessor::Array, .. }
            if matches!(&**base, Expr::Field { base, .. } if of_other(base)))
        {
            self.push_args(args);
            self.read(callee);
            self.op(ins::dup(Ty::V, 0));
            self.op(ins::callv(args.len()));
            return Ty::V;
        }
        if let Expr::Field { base, .. } = callee {
            // The instance first, then the arguments, which `dup` then swaps
            // with it.
            let ty = self.instance_value(base);
            self.to(ty, Ty::V);
            if self.env.target.object_methods_through_get_instance && self.is_object(base) {
                self.op(ins::call("@@GetInstance@@", 1));
            }
        }
        self.push_args(args);
        match callee {
            Expr::Field { name, .. } => {
                self.op(ins::dup(Ty::V, 0x8800 | args.len()));
                self.op(ins::dup(Ty::V, 0));
                self.op(ins::push_plain(instance::STACKTOP, name));
            }
            // An argument called is read where arguments are, and so is a
            // static where the game calls its own through `static`.
            Expr::Ident(name)
                if !(self.local_names.contains(name)
                    || self.statics.contains(name) && self.env.target.calls_own_statics)
                    && argument_index(callee).is_none() =>
            {
                // A method of the instance: read through `builtin`, whatever
                // instance the game's other reads name.
                self.op(ins::call("@@This@@", 0));
                self.op(ins::push_plain(instance::BUILTIN, name));
            }
            // A function a call returns: `method(a, f)()`.
            Expr::Call { .. } => {
                self.op(ins::call("@@This@@", 0));
                self.value(callee);
            }
            _ => {
                self.op(ins::call("@@This@@", 0));
                self.read(callee);
            }
        }
        self.op(ins::callv(args.len()));
        Ty::V
    }

    /// Whether `e` names an object, not a variable of the same name.
    fn is_object(&self, e: &Expr) -> bool {
        let Expr::Ident(name) = e else {
            return false;
        };
        !self.local_names.contains(name)
            && self
                .env
                .assets
                .get(name)
                .is_some_and(|a| a.chunk == crate::fourcc::FourCC::OBJT)
    }
}

/// What a function body replaces of the function around it.
pub(super) struct Saved {
    statics: std::collections::HashSet<String>,
    params: Vec<String>,
    locals: IndexSet<String>,
    local_names: std::collections::HashSet<String>,
    exits: Vec<Exits>,
    in_function: bool,
    in_struct: bool,
    in_static: bool,
}
