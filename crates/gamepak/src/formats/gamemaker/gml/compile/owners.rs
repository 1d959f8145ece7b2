//! Copy-on-write arrays (an option from 2.3): before a write to an array, or a
//! store of an array literal, GameMaker names the instance that owns the array
//! (`setowner`: an id, then `break.e -5`). From 2.3.6 it names one only where the
//! owner changed along the code's paths, forgetting the last one where paths
//! join with another.

use super::Gen;
use crate::formats::gamemaker::gml::ast::{Accessor, Expr};

impl Gen<'_> {
    /// Names the owner of the array `target` writes to, or that `value` stores,
    /// where GameMaker would; says whether the owners inside the store are left
    /// unnamed.
    pub(super) fn name_owner(&mut self, target: &Expr, value: Option<&Expr>) -> bool {
        let t = self.env.target;
        if !t.array_owners || !self.can_own {
            return false;
        }
        let writes_element = has_element(target);
        let makes_array = value.is_some_and(|v| has_array_literal(v) || is_array_maker(v));
        if !writes_element && !makes_array {
            return false;
        }
        let name = array_name(target).unwrap_or_default();
        let id = self.owner_id(&name);
        if t.owner_every_write || self.last_owner != Some(id) {
            self.number(crate::formats::gamemaker::gml::ast::Number::Int(id));
            self.op("break.e -5");
            self.last_owner = Some(id);
        }
        self.can_own = false;
        true
    }

    /// The id GameMaker gave writes to `array` in this function, or one made up
    /// for code it never compiled.
    fn owner_id(&self, array: &str) -> i64 {
        let key = (self.current_entry().to_string(), array.to_string());
        if let Some(&id) = self.env.owner_ids.get(&key) {
            return id;
        }
        let hash = array.bytes().fold(0x811c_9dc5u32, |h, b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        });
        (((self.functions.len() as i64) + 1) << 16) + i64::from(hash & 0x7fff)
    }

    /// Forgets the last owner named where `before` is not what it is now: code
    /// that may or may not have run named another.
    pub(super) fn join_owners(&mut self, before: Option<i64>) {
        if self.last_owner != before {
            self.last_owner = None;
        }
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

/// Whether `e` holds an array literal, outside calls and functions.
fn has_array_literal(e: &Expr) -> bool {
    match e {
        Expr::Array(_) => true,
        Expr::Call { .. } | Expr::New { .. } | Expr::Function(_) => false,
        Expr::Binary { lhs, rhs, .. } => has_array_literal(lhs) || has_array_literal(rhs),
        Expr::Unary { expr, .. } => has_array_literal(expr),
        Expr::Ternary {
            cond,
            then,
            otherwise,
        } => has_array_literal(cond) || has_array_literal(then) || has_array_literal(otherwise),
        _ => false,
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
