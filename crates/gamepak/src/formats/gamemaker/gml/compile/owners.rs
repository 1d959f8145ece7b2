//! Copy-on-write arrays (an option from 2.3): before a write to an array, or a
//! store of an array literal, GameMaker names the instance that owns the array
//! (`setowner`: an id, then `break.e -5`). From 2.3.6 it names one only where the
//! owner changed along the code's paths, forgetting the last one where paths
//! join with another.

use super::evidence::THROUGH_OTHER;
use super::ins;
use super::Gen;
use crate::formats::gamemaker::gml::language::ast::{Accessor, AssignOp, Expr};
use crate::formats::gamemaker::gml::language::builtins;

/// The owner GameMaker names for an array no variable holds (a literal passed
/// on, or what a call returns) in event code, where the game shows none.
const UNNAMED: i64 = 0x1_0000;

impl Gen<'_> {
    /// Names the owner of the array `target` writes to, or that `value` stores,
    /// where GameMaker would; says whether the owners inside the store are left
    /// unnamed.
    pub(super) fn name_owner(&mut self, target: &Expr, value: Option<&Expr>) -> bool {
        let t = self.env.target;
        if !t.array_owners || !self.can_own {
            return false;
        }
        let every = t.owner_every_write;
        let writes_element = has_element(target);
        let makes_array = value.is_some_and(|v| has_array_literal(v, every) || is_array_maker(v));
        if !writes_element && !makes_array {
            return false;
        }
        let name = array_name(target).unwrap_or_default();
        let id = match value {
            // Only a literal stored as it is belongs to the variable; what else
            // makes an array is nobody's yet (AyGeeEm/CAP4053_EC's
            // `global.tmp_ColorArray = array_create(4)`, 2024.2).
            Some(v) if !writes_element && stored_literals(v) == 0 => self.unnamed_owner(),
            Some(v) if every && !writes_element => {
                self.literal_owned = stored_literals(v);
                self.owner_id(&name, false, false)
            }
            // An element's literal belongs to the array written
            // (lordbenedikt/2d_dungeon_gm's `set[0] = [bbox_left, bbox_top]`).
            _ => {
                self.literal_owned = value.map_or(0, stored_literals);
                self.owner_id(&name, through_other(target), writes_element)
            }
        };
        self.set_owner(id);
        self.can_own = false;
        true
    }

    /// `a[@ i] = v` where every plain write names its owner (2.3 before
    /// 2.3.6), for an array a variable holds: a call to `array_set` naming none
    /// (evolutionleo/LudSwing's `_array[@ _i] = read_value()`). A built-in
    /// array's (`alarm[@ 0]`) is a write naming none.
    pub(super) fn reference_write_call(
        &self,
        target: &Expr,
        op: AssignOp,
        value: &Expr,
    ) -> Option<Expr> {
        let t = self.env.target;
        let Expr::Index {
            base,
            accessor: Accessor::ArrayRef,
            indices,
        } = target
        else {
            return None;
        };
        let builtin = matches!(&**base, Expr::Ident(n) if builtins::variable(n).is_some());
        let [index] = indices.as_slice() else {
            return None;
        };
        (t.array_owners && t.owner_every_write && op == AssignOp::Set && !builtin).then(|| {
            Expr::Call {
                callee: Box::new(Expr::Ident("array_set".into())),
                args: vec![(**base).clone(), index.clone(), value.clone()],
            }
        })
    }

    /// Names the unnamed owner before a statement (or an `if`'s condition)
    /// that calls `array_set` or its kin, as GameMaker does where arrays are
    /// copied on write (SekaLudianto/tebak-lagu's `array_set(_t, 0, -4)` after
    /// `push.i 11272192; break.e -5`, and before 2.3.6 before each one:
    /// lordbenedikt/2d_dungeon_gm, MayitaMayoso/vendaval). One that passes an array literal to a call names it too
    /// (AyGeeEm/CAP4053_EC's `shader_set_uniform_f_array(u, [1 / w, 1 / h])`,
    /// 2024.2), and before 2.3.6 the literal names it again (vendaval's
    /// `array_push(timeTrans, [fTime[j], dq])` and `if (IsIn(…, ["Vector2", …]))`).
    pub(super) fn name_call_owner(&mut self, statement: &Expr) {
        let t = self.env.target;
        let passes_literal = has_array_literal(statement, true);
        if t.array_owners && self.can_own && (is_array_maker(statement) || passes_literal) {
            self.set_owner(self.unnamed_owner());
        }
    }

    /// Names the owner of an array literal before its items, where GameMaker
    /// does: before 2.3.6, each literal that is not stored as it is names the
    /// unnamed owner.
    pub(super) fn name_literal_owner(&mut self) {
        let t = self.env.target;
        if self.literal_owned > 0 {
            self.literal_owned -= 1;
            return;
        }
        if !t.array_owners || !t.owner_every_write {
            return;
        }
        self.set_owner(self.unnamed_owner());
    }

    /// The owner named for an array no variable holds: the one the function
    /// names in the game, or the one every function there names.
    fn unnamed_owner(&self) -> i64 {
        self.env
            .owner_ids
            .unnamed(self.current_entry())
            .unwrap_or(UNNAMED)
    }

    fn set_owner(&mut self, id: i64) {
        if self.env.target.owner_every_write || self.last_owner != Some(id) {
            self.number(crate::formats::gamemaker::gml::language::ast::Number::Int(
                id,
            ));
            self.op(ins::signal(-5));
            self.last_owner = Some(id);
        }
    }

    /// The id GameMaker gave writes to `array` (through `other` when `other`;
    /// of an element when `element`), or one made up for a name it never wrote.
    fn owner_id(&self, array: &str, other: bool, element: bool) -> i64 {
        // A built-in array's id is its own, through any instance
        // (lordbenedikt/2d_dungeon_gm's `other.alarm[1] = 30` names 2552).
        let builtin = crate::formats::gamemaker::gml::language::builtins::variable(array).is_some();
        let by_kind = other && self.env.target.owner_every_write && !builtin;
        let shift = if by_kind { THROUGH_OTHER } else { 0 };
        if let Some(id) = self.env.owner_ids.get(self.current_entry(), array, element) {
            return id + shift;
        }
        let hash = array.bytes().fold(0x811c_9dc5u32, |h, b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        });
        (((self.functions.len() as i64) + 1) << 16) + i64::from(hash & 0x7fff) + shift
    }

    /// Forgets the last owner named where `before` is not what it is now: code
    /// that may or may not have run named another.
    pub(super) fn join_owners(&mut self, before: Option<i64>) {
        if self.last_owner != before {
            self.last_owner = None;
        }
    }
}

/// Whether `e` writes through `other` (`other.a[i] = v`).
fn through_other(e: &Expr) -> bool {
    match e {
        Expr::Index { base, .. } => through_other(base),
        Expr::Field { base, .. } => matches!(&**base, Expr::Ident(n) if n == "other"),
        _ => false,
    }
}

/// Whether `e` writes an element of an array, or a field of one (GameMaker
/// names the array's owner for `a[i].x = v` too).
fn has_element(e: &Expr) -> bool {
    match e {
        Expr::Index {
            accessor: Accessor::Array,
            ..
        } => true,
        Expr::Index { base, .. } | Expr::Field { base, .. } => has_element(base),
        _ => false,
    }
}

/// Whether `e` holds an array literal outside functions, and outside calls
/// unless `in_calls`.
fn has_array_literal(e: &Expr, in_calls: bool) -> bool {
    let has = |e: &Expr| has_array_literal(e, in_calls);
    match e {
        Expr::Array(_) => true,
        Expr::Call { args, .. } | Expr::New { args, .. } => in_calls && args.iter().any(has),
        Expr::Binary { lhs, rhs, .. } => has(lhs) || has(rhs),
        Expr::Unary { expr, .. } => has(expr),
        Expr::Ternary {
            cond,
            then,
            otherwise,
        } => has(cond) || has(then) || has(otherwise),
        _ => false,
    }
}

/// How many array literals `e` stores as they are: itself, or a ternary's
/// arms (MayitaMayoso/vendaval's `buffer = is_array(a) ? a : [a]` names
/// `buffer`'s owner alone).
fn stored_literals(e: &Expr) -> usize {
    match e {
        Expr::Array(_) => 1,
        Expr::Ternary {
            then, otherwise, ..
        } => stored_literals(then) + stored_literals(otherwise),
        _ => 0,
    }
}

/// Whether `e` calls one of the functions that make or set arrays.
fn is_array_maker(e: &Expr) -> bool {
    matches!(e, Expr::Call { callee, .. } if matches!(&**callee, Expr::Ident(f) if matches!(
        f.as_str(),
        "array_set" | "array_set_pre" | "array_set_post" | "array_set_2D" | "array_set_2D_pre"
            | "array_set_2D_post" | "array_create"
    )))
}

/// The array variable a write names: through its indices and to the field.
fn array_name(e: &Expr) -> Option<String> {
    match e {
        Expr::Ident(n) => Some(n.clone()),
        Expr::Field { name, .. } => Some(name.clone()),
        Expr::Index { base, .. } => array_name(base),
        _ => None,
    }
}
