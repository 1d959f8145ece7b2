//! Places values are read from and stored to: a variable of a known instance, an
//! array element, or a variable of an instance computed on the stack; and the
//! statements that store (`=`, `op=`, `++`).

use super::emit::Ty;
use super::ins;
use super::target::is_numbered_argument;
use super::Gen;
use crate::formats::gamemaker::bytecode::opcodes::{
    instance, instance_code, op, variable_kind, ARRAY_POP_VARIABLE, ARRAY_PUSH_VARIABLE,
    ARRAY_VARIABLE, STACKTOP_VARIABLE,
};
use crate::formats::gamemaker::bytecode::symbolic::Variable;
use crate::formats::gamemaker::gml::language::ast::{Accessor, AssignOp, Expr, Number, StepOp};
use crate::formats::gamemaker::gml::language::builtins;
use crate::formats::gamemaker::model::version::Version;

/// Where a variable lives.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Place {
    pub name: String,
    pub kind: Kind,
}

/// How an instruction reaches a variable.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Kind {
    /// Of an instance the instruction names: `self`, `local`, `global`,
    /// `builtin`, `other`, `arg`, `static` or `objectN`.
    Plain {
        instance: String,
        /// Read with `pushbltn` (a built-in of the game).
        builtin: bool,
    },
    /// An element of an array, whose owner is pushed first.
    Element { owner: Owner, index: Vec<Expr> },
    /// A variable of the instance an expression computes.
    Of(Expr),
    /// An element of an array held in an array (`a[i][j]`, 2.3 on): the owner,
    /// then one index a level.
    Nested { owner: Owner, levels: Vec<Expr> },
}

/// The instance owning an array, as pushed before its index.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Owner {
    /// An instance code (`-1` self, `-7` local, an object's index).
    Code(i64),
    /// An instance an expression computes.
    Expr(Expr),
}

impl Place {
    /// The variable operand its instruction names: a plain one's instance by
    /// the name the disassembly gives it (`self`, `[instance]object3`).
    fn variable(&self) -> Option<Variable> {
        let (kind, instance) = match &self.kind {
            Kind::Plain { instance, .. } => {
                let (kind, name) = variable_kind(instance)?;
                (kind, instance_code(name)?)
            }
            Kind::Element { .. } => (ARRAY_VARIABLE, 0),
            Kind::Of(_) => (STACKTOP_VARIABLE, 0),
            Kind::Nested { .. } => (ARRAY_PUSH_VARIABLE, 0),
        };
        Some(Variable {
            kind,
            instance,
            name: self.name.clone(),
        })
    }

    /// How many 4-byte words what the place pushes before its instruction takes.
    fn words(&self, target_functions: bool) -> usize {
        match &self.kind {
            Kind::Plain { .. } => 0,
            Kind::Element { owner, .. } => match owner {
                Owner::Code(_) => 2,
                Owner::Expr(_) if target_functions => 6,
                Owner::Expr(_) => 2,
            },
            Kind::Of(_) if target_functions => 5,
            Kind::Of(_) => 1,
            Kind::Nested { .. } => 0,
        }
    }
}

impl Gen<'_> {
    /// The variable `place`'s instruction names; an instance the disassembly has
    /// no name for is an error.
    pub(super) fn variable_of(&mut self, place: &Place) -> Variable {
        place.variable().unwrap_or_else(|| {
            self.error(format!(
                "`{}` is on an instance no instruction names",
                place.name
            ));
            Variable::plain(instance::SELF, &place.name)
        })
    }

    /// The place a name alone stands for.
    pub(super) fn place_of_name(&self, name: &str, storing: bool) -> Place {
        let target = self.env.target;
        let plain = |instance: &str, builtin: bool| Place {
            name: name.to_string(),
            kind: Kind::Plain {
                instance: instance.to_string(),
                builtin,
            },
        };
        if self.local_names.contains(name) {
            return plain("local", false);
        }
        if self.statics.contains(name) {
            return plain("static", false);
        }
        if name == "argument" {
            let instance = if target.argument_array_through_arg() {
                "arg"
            } else {
                "self"
            };
            return plain(instance, false);
        }
        if self.env.globalvars.contains(name) {
            return plain("global", false);
        }
        let scope = if target.builtin_instance {
            "builtin"
        } else {
            "self"
        };
        if let Some(k) = self.params.iter().position(|p| p == name) {
            let (instance, builtin) = if self.defaulting.as_deref() == Some(name) {
                ("builtin", true)
            } else {
                ("arg", false)
            };
            return Place {
                name: format!("argument{k}"),
                kind: Kind::Plain {
                    instance: instance.into(),
                    builtin,
                },
            };
        }
        if is_numbered_argument(name) {
            // Not a parameter: the built-in variable, except at the top of code
            // from 2024.2 where the game names its variables through `builtin`,
            // where GameMaker reads it as a parameter (2.3.0's
            // MayitaMayoso/vendaval, which names them so, reads the built-in).
            return if !target.functions() {
                plain("self", true)
            } else if target.self_through_builtin
                && target.release >= Version::V2024_2
                && !self.in_function
            {
                plain("arg", false)
            } else {
                plain(scope, true)
            };
        }
        // An object's variables (`PreCreate`) are set through `self`, even one
        // named like a global built-in (PupofHades/GameMakerGame's `health`).
        let object_variable = self.pre_create && storing;
        match builtins::variable(name) {
            Some(v) if !v.instance && !object_variable => plain(scope, true),
            None if name == "undefined" || builtins::constant(name).is_some() => plain(scope, true),
            // An object's variables are read as anywhere else.
            _ if target.self_through_builtin && !self.in_struct && !object_variable => {
                plain("builtin", false)
            }
            _ => plain("self", false),
        }
    }

    /// The place a name alone names: a built-in array named alone is read and
    /// set as its first element, the index a 64-bit 0 (GameMaker: Studio 1's
    /// views and backgrounds; LR-Solutions/Recreo-Gestion-LR's `view_yport` in
    /// 2024).
    pub(super) fn place_of_bare_name(&self, name: &str, storing: bool) -> Place {
        let place = self.place_of_name(name, storing);
        let array = builtins::variable(name).is_some_and(|v| v.array);
        let owner = match &place.kind {
            Kind::Plain { instance, .. } if array && !self.local_names.contains(name) => {
                instance_number(instance)
            }
            _ => None,
        };
        let Some(owner) = owner else {
            return place;
        };
        let zero = Expr::Call {
            callee: Box::new(Expr::Ident("int64".into())),
            args: vec![Expr::Number(Number::Int(0))],
        };
        Place {
            name: name.to_string(),
            kind: Kind::Element {
                owner: Owner::Code(owner),
                index: vec![zero],
            },
        }
    }

    /// The place `e` names, to store to, if it names one.
    pub(super) fn place(&mut self, e: &Expr) -> Option<Place> {
        self.refuse_argument_past_the_last(e);
        match e {
            Expr::Ident(name) => {
                self.refuse_read_only(name);
                self.stored.insert(name.clone());
            }
            Expr::Field { name, .. } => {
                self.stored.insert(name.clone());
            }
            _ => {}
        }
        match e {
            Expr::Ident(name) => Some(self.place_of_bare_name(name, true)),
            Expr::Field { base, name } => Some(self.field_place(base, name)),
            Expr::Index {
                base,
                accessor: Accessor::Array | Accessor::ArrayRef,
                indices,
            } if self.env.target.functions()
                && matches!(
                    &**base,
                    Expr::Index {
                        accessor: Accessor::Array | Accessor::ArrayRef,
                        ..
                    }
                ) =>
            {
                let inner = self.place(base)?;
                let (owner, mut levels) = match inner.kind {
                    Kind::Element { owner, index } => (owner, index),
                    Kind::Nested { owner, levels } => (owner, levels),
                    _ => return None,
                };
                levels.extend(indices.iter().cloned());
                Some(Place {
                    name: inner.name,
                    kind: Kind::Nested { owner, levels },
                })
            }
            Expr::Index {
                base,
                accessor: Accessor::Array | Accessor::ArrayRef,
                indices,
            } => {
                let inner = match &**base {
                    Expr::Ident(name) => self.place_of_name(name, true),
                    base => self.place(base)?,
                };
                let t = self.env.target;
                let through_stack = t.other_arrays_through_stack;
                // `self.a[i]` written out names `self` on the stack, where
                // `a[i]` names it by its number (MayitaMayoso/vendaval,
                // Moddimation/Vakhitest6).
                let self_written = matches!(&**base, Expr::Field { base, .. }
                    if matches!(&**base, Expr::Ident(s) if s == "self"));
                let owner = match inner.kind {
                    Kind::Plain { .. } if through_stack && self_written => {
                        Owner::Expr(Expr::Ident("self".into()))
                    }
                    // Another instance's or the global array: through the
                    // instance on the stack (2.3 on, as the game's code tells).
                    Kind::Plain { instance, .. }
                        if (through_stack && instance == "other")
                            || (t.global_arrays_through_stack && instance == "global") =>
                    {
                        Owner::Expr(Expr::Ident(instance))
                    }
                    Kind::Plain { instance, .. } => Owner::Code(instance_number(&instance)?),
                    Kind::Of(e) => Owner::Expr(e),
                    Kind::Element { .. } | Kind::Nested { .. } => return None,
                };
                Some(Place {
                    name: inner.name,
                    kind: Kind::Element {
                        owner,
                        index: indices.clone(),
                    },
                })
            }
            _ => None,
        }
    }

    fn field_place(&mut self, base: &Expr, name: &str) -> Place {
        let plain = |instance: String| Place {
            name: name.to_string(),
            kind: Kind::Plain {
                instance,
                builtin: false,
            },
        };
        if let Expr::Ident(b) = base {
            match b.as_str() {
                "global" => return plain("global".into()),
                "self" => return plain("self".into()),
                "other" => return plain("other".into()),
                _ => {}
            }
            if !self.local_names.contains(b) && !self.env.target.typed_references {
                if let Some(a) = self.env.asset(b) {
                    if a.chunk == crate::fourcc::FourCC::OBJT {
                        let kind = match self.env.target.objects_as_instances {
                            true => "[instance]",
                            false => "",
                        };
                        return plain(format!("{kind}object{}", a.index));
                    }
                }
            }
        }
        // An instance named by its number, where instances are a kind of their
        // own (Miltonbhowmick/FarmerHouseGM's `(3096).x`).
        if let Expr::Number(Number::Int(n)) = base {
            if *n >= 0 && self.env.target.instances_as_kind {
                return plain(format!("[instance]object{n}"));
            }
        }
        Place {
            name: name.to_string(),
            kind: Kind::Of(base.clone()),
        }
    }

    /// Pushes what `place` takes before its instruction (an owner, an index), and
    /// says the opcode that reads it.
    pub(super) fn prepare(&mut self, place: &Place) -> u8 {
        match &place.kind {
            Kind::Plain { instance, builtin } => match instance.as_str() {
                "local" => op::PUSHLOC,
                "global" => op::PUSHGLB,
                _ if *builtin => op::PUSHBLTN,
                _ => op::PUSH,
            },
            Kind::Element { owner, index } => {
                match owner {
                    Owner::Code(c) => {
                        self.number(Number::Int(*c));
                    }
                    Owner::Expr(e) => self.instance_on_stack(e),
                }
                self.index(index);
                op::PUSH
            }
            Kind::Of(e) => {
                self.instance_on_stack(e);
                op::PUSH
            }
            Kind::Nested { .. } => {
                self.error("a nested array here is not compiled yet");
                op::PUSH
            }
        }
    }

    /// `a[i][j]…` read (`write` false) or written, its value already pushed:
    /// the first level through the variable, the middle ones as containers, the
    /// last as the element.
    pub(super) fn nested(&mut self, name: &str, owner: &Owner, levels: &[Expr], write: bool) {
        self.innermost_array(name, owner, levels, write);
        if levels.len() > 1 {
            self.op(ins::signal(if write { -3 } else { -2 }));
        }
    }

    /// `a[i][j]…` up to its last level: the array that level indexes, and the
    /// last index.
    fn innermost_array(&mut self, name: &str, owner: &Owner, levels: &[Expr], write: bool) {
        match owner {
            Owner::Code(c) => {
                self.number(Number::Int(*c));
            }
            Owner::Expr(e) => self.instance_on_stack(e),
        }
        let kind = if write {
            ARRAY_POP_VARIABLE
        } else {
            ARRAY_PUSH_VARIABLE
        };
        for (k, level) in levels.iter().enumerate() {
            let ty = self.expr(level);
            self.to(ty, Ty::I);
            if k == 0 {
                let variable = Variable {
                    kind,
                    instance: 0,
                    name: name.to_string(),
                };
                self.op(ins::push_variable(op::PUSH, variable));
            } else if k + 1 < levels.len() {
                self.op(ins::signal(-4));
            }
        }
    }

    /// An instance computed by `e`, pushed for the variable after it.
    fn instance_on_stack(&mut self, e: &Expr) {
        let ty = self.instance_value(e);
        if self.env.target.functions() {
            self.op(ins::pushi(-9));
        } else if ty != Ty::I {
            self.to(ty, Ty::I);
        }
    }

    /// `e`'s value where it is used as an instance (`a[i].x`, `a[i].m()`): an
    /// instance's own array is then named through `self`, where elsewhere it is
    /// named through `builtin`.
    pub(super) fn instance_value(&mut self, e: &Expr) -> Ty {
        let own_element = matches!(e, Expr::Index { base, accessor: Accessor::Array, .. }
            if matches!(&**base, Expr::Ident(_)));
        if let Some(mut place) = own_element.then(|| self.place(e)).flatten() {
            if let Kind::Element {
                owner: Owner::Code(c @ -6),
                ..
            } = &mut place.kind
            {
                *c = -1;
            }
            return self.push_place(&place);
        }
        self.expr(e)
    }

    /// An array index: one integer (two dimensions folded before 2.3).
    fn index(&mut self, index: &[Expr]) {
        match index {
            [i] => {
                let ty = self.expr(i);
                self.to(ty, Ty::I);
            }
            [i, j] if self.env.target.flat_2d_arrays() => {
                let check = self.env.target.checks_2d_indices;
                let ty = self.expr(i);
                self.to(ty, Ty::I);
                if check {
                    self.op(ins::signal(-1));
                }
                self.op(ins::push_int(32000));
                self.op(ins::binary(op::MUL, Ty::I, Ty::I));
                let ty = self.expr(j);
                self.to(ty, Ty::I);
                if check {
                    self.op(ins::signal(-1));
                }
                self.op(ins::binary(op::ADD, Ty::I, Ty::I));
            }
            _ => self.error("an index of more than one dimension is not compiled yet"),
        }
    }

    /// `target op value`, as a statement.
    /// An error where `name`, stored to, is a built-in variable only GameMaker
    /// sets, and nothing of the code's own shadows it. A struct's variables are
    /// its own whatever their names (`{ id: 3 }`), and so may be those a `with`
    /// sets, which may be a struct's.
    fn refuse_read_only(&mut self, name: &str) {
        let in_constructor = self
            .inside
            .last()
            .is_some_and(|&k| self.functions[k].constructor);
        let own = self.local_names.contains(name)
            || self.statics.contains(name)
            || self.params.iter().any(|p| p == name)
            || self.env.globalvars.contains(name)
            || self.in_struct
            || in_constructor
            || self.exits.iter().any(|e| e.kind == super::Leaving::With);
        if !own && builtins::variable(name).is_some_and(|v| v.readonly) {
            self.error_about(
                format!("`{name}` is a built-in variable that only GameMaker sets"),
                Some(name),
                Some("read it, or store the value in a variable of your own".into()),
            );
        }
    }

    pub(super) fn assign(&mut self, target: &Expr, op: AssignOp, value: &Expr) {
        // A named function stored in a variable is stored as it is declared.
        if let (AssignOp::Set, Expr::Function(f)) = (op, value) {
            if let Some(store) = f.name.as_ref().and(self.stored_as(target)) {
                return self.function(f, Some(store));
            }
        }
        if let Some(call) = self.reference_write_call(target, op, value) {
            return self.discard(&call);
        }
        let owned = self.name_owner(target, Some(value));
        self.assign_owned(target, op, value);
        if owned {
            self.can_own = true;
        }
    }

    fn assign_owned(&mut self, target: &Expr, op: AssignOp, value: &Expr) {
        if op == AssignOp::Nullish {
            return self.assign_if_nullish(target, value);
        }
        if let Expr::Index {
            base,
            accessor,
            indices,
        } = target
        {
            if let Some(f) = accessor_write(*accessor) {
                if op != AssignOp::Set {
                    self.error("a compound assignment through an accessor is not compiled yet");
                    return;
                }
                self.value(value);
                let outer = std::mem::replace(&mut self.in_accessor, true);
                for i in indices.iter().rev() {
                    self.value(i);
                }
                self.value(base);
                self.in_accessor = outer;
                self.call_named(f, indices.len() + 2);
                self.op(ins::popz(Ty::V));
                return;
            }
        }
        let Some(place) = self.place(target) else {
            self.error("this cannot be assigned to");
            return;
        };
        if let (Kind::Nested { owner, levels }, AssignOp::Set) = (&place.kind, op) {
            self.value(value);
            self.nested(&place.name, owner, levels, true);
            return;
        }
        if op == AssignOp::Set {
            let mut ty = self.expr(value);
            if matches!(place.kind, Kind::Element { .. })
                && self.env.target.elements_hold_variables()
            {
                self.to(ty, Ty::V);
                ty = Ty::V;
            }
            self.prepare(&place);
            let variable = self.variable_of(&place);
            self.op(ins::pop(ty, variable));
            return;
        }
        let Some(bin) = op.binary() else {
            return self.error("this assignment is not compiled yet");
        };
        self.compound(&place, |g| {
            let tl = Ty::V;
            g.operate(bin, tl, value, true)
        });
    }

    /// `target ??= value`: the old value is tested and dropped either way, and
    /// the new one stored only where the old was nullish.
    fn assign_if_nullish(&mut self, target: &Expr, value: &Expr) {
        let (keep, end) = (self.code.label(), self.code.label());
        self.read(target);
        self.op(ins::signal(-10));
        self.code.branch(op::BF, keep);
        self.op(ins::popz(Ty::V));
        self.assign_owned(target, AssignOp::Set, value);
        self.code.branch(op::B, end);
        self.code.place(keep);
        self.op(ins::popz(Ty::V));
        self.code.place(end);
    }

    /// A read of `place`, `f` (which combines the value on top with what it
    /// pushes, and says the result's type), and a store back.
    fn compound(&mut self, place: &Place, f: impl FnOnce(&mut Self) -> Ty) {
        let words = place.words(self.env.target.functions());
        match &place.kind {
            Kind::Plain { instance, .. } => {
                let on_self = instance == "arg" && self.env.target.compound_parameters_on_self;
                let variable = match on_self {
                    true => Variable::plain(instance::SELF, &place.name),
                    false => self.variable_of(place),
                };
                self.op(ins::push_variable(op::PUSH, variable.clone()));
                let ty = f(self);
                self.op(ins::pop(ty, variable));
            }
            // The innermost array and index copied, the array kept aside while
            // its element is read and combined, then stored back through it.
            Kind::Nested { owner, levels } if levels.len() > 1 => {
                self.innermost_array(&place.name, owner, levels, true);
                self.op(ins::dup(Ty::I, 4));
                self.op(ins::signal(-8));
                self.op(ins::signal(-2));
                f(self);
                self.op(ins::signal(-9));
                self.op(ins::dup(Ty::I, 0xa804));
                self.op(ins::signal(-3));
            }
            _ => {
                self.prepare(place);
                if words == 2 && self.env.target.element_copied_whole {
                    self.op(ins::dup(Ty::L, 0));
                } else {
                    self.op(ins::dup(Ty::I, words - 1));
                }
                let variable = self.variable_of(place);
                self.op(ins::push_variable(op::PUSH, variable.clone()));
                let ty = f(self);
                self.to(ty, Ty::V);
                self.op(ins::pop_under(variable));
            }
        }
    }

    /// `x++` and the others, as a statement.
    pub(super) fn step(&mut self, op: StepOp, target: &Expr) {
        let owned = self.name_owner(target, None);
        self.step_owned(op, target);
        if owned {
            self.can_own = true;
        }
    }

    fn step_owned(&mut self, op: StepOp, target: &Expr) {
        let Some(place) = self.place(target) else {
            self.error("this cannot be incremented");
            return;
        };
        // From 2.3 to 2024.14 an element's `a[i]++` is the value form, dropped.
        let post = matches!(op, StepOp::PostInc | StepOp::PostDec);
        let dropped = self.env.target.functions() && !self.env.target.element_steps_in_place();
        if post && dropped && swaps_under(&place).is_some() {
            self.step_value(op, target);
            self.op(ins::popz(Ty::V));
            return;
        }
        let m = step_op(op);
        self.compound(&place, |g| {
            g.op(ins::push_short(1));
            g.op(ins::binary(m, Ty::I, Ty::V));
            Ty::V
        });
    }

    /// `x++` and the others, as a value.
    pub(super) fn step_value(&mut self, op: StepOp, target: &Expr) -> Ty {
        let Some(place) = self.place(target) else {
            self.error("this cannot be incremented");
            return Ty::V;
        };
        let post = matches!(op, StepOp::PostInc | StepOp::PostDec);
        if let (true, Some(swap)) = (post, swaps_under(&place)) {
            // The old value is kept under the instance and index the store takes.
            self.prepare(&place);
            self.op(ins::dup(Ty::I, place.words(true) - 1));
            let variable = self.variable_of(&place);
            self.op(ins::push_variable(op::PUSH, variable.clone()));
            self.op(ins::dup(Ty::V, 0));
            self.op(ins::dup(Ty::I, usize::from(swap)));
            self.op(ins::push_short(1));
            self.op(ins::binary(step_op(op), Ty::I, Ty::V));
            self.op(ins::pop_under(variable));
            return Ty::V;
        }
        let Kind::Plain { .. } = place.kind else {
            self.error("`++` of an element or field as a value is not compiled yet");
            return Ty::V;
        };
        let variable = self.variable_of(&place);
        self.op(ins::push_variable(op::PUSH, variable.clone()));
        if post {
            self.op(ins::dup(Ty::V, 0));
        }
        self.op(ins::push_short(1));
        self.op(ins::binary(step_op(op), Ty::I, Ty::V));
        if !post {
            self.op(ins::dup(Ty::V, 0));
        }
        self.op(ins::pop(Ty::V, variable));
        Ty::V
    }
}

/// The `dup` that moves a copied value under `place`'s instance and index,
/// where GameMaker's form is known: an element of an array of a named instance
/// (`dup.i 4`, swap mode 0xb0).
fn swaps_under(place: &Place) -> Option<u16> {
    matches!(
        place.kind,
        Kind::Element {
            owner: Owner::Code(_),
            ..
        }
    )
    .then_some(0xb004)
}

fn step_op(step: StepOp) -> u8 {
    match step {
        StepOp::PreInc | StepOp::PostInc => op::ADD,
        StepOp::PreDec | StepOp::PostDec => op::SUB,
    }
}

/// The function an accessor writes through.
fn accessor_write(a: Accessor) -> Option<&'static str> {
    Some(match a {
        Accessor::List => "ds_list_set",
        Accessor::Map => "ds_map_set",
        Accessor::Grid => "ds_grid_set",
        Accessor::Struct => "variable_struct_set",
        Accessor::Array | Accessor::ArrayRef => return None,
    })
}

impl Gen<'_> {
    /// Refuses `argument[N]` with N past what the release's calls can pass.
    fn refuse_argument_past_the_last(&mut self, e: &Expr) {
        let Expr::Index { base, .. } = e else {
            return;
        };
        if !matches!(&**base, Expr::Ident(a) if a == "argument") {
            return;
        }
        let most = self.env.target.most_arguments();
        if let Some(n) = crate::formats::gamemaker::gml::decompile::tidy::argument_index(e)
            .filter(|&n| n >= most)
        {
            self.error(format!(
                "argument[{n}] is past the last argument a call can pass in this game's release ({most} arguments, argument[{}] the last)",
                most - 1
            ));
        }
    }
}

/// The instance code an instance name in an operand stands for.
fn instance_number(instance: &str) -> Option<i64> {
    instance_code(instance).map(i64::from)
}
