//! JSON records compared and merged field by field, each field named by its JSON
//! Pointer (`/instances/3/x`). Objects are matched by key and arrays by index; an
//! array that one side only grew keeps the other side's changes and the new
//! items.

use serde::Serialize;
use serde_json::{Map, Value};

/// One field that differs: its pointer, and its value before and after (`None`
/// where it is absent).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldChange {
    /// Where: a JSON Pointer into the record.
    pub pointer: String,
    /// Its value before.
    pub before: Option<Value>,
    /// Its value after.
    pub after: Option<Value>,
}

/// A field both sides changed, each its own way.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldConflict {
    pub pointer: String,
    pub base: Option<Value>,
    pub ours: Option<Value>,
    pub theirs: Option<Value>,
}

/// Every field that differs from `a` to `b`, in document order.
pub fn fields(a: &Value, b: &Value) -> Vec<FieldChange> {
    let mut out = Vec::new();
    walk(Some(a), Some(b), &mut String::new(), &mut out);
    out
}

fn walk(a: Option<&Value>, b: Option<&Value>, at: &mut String, out: &mut Vec<FieldChange>) {
    match (a, b) {
        (Some(Value::Object(x)), Some(Value::Object(y))) => {
            for (k, v) in x {
                nested(at, k, |at| walk(Some(v), y.get(k), at, out));
            }
            for (k, v) in y.iter().filter(|(k, _)| !x.contains_key(*k)) {
                nested(at, k, |at| walk(None, Some(v), at, out));
            }
        }
        (Some(Value::Array(x)), Some(Value::Array(y))) => {
            for i in 0..x.len().max(y.len()) {
                nested(at, &i.to_string(), |at| walk(x.get(i), y.get(i), at, out));
            }
        }
        (a, b) if a != b => out.push(FieldChange {
            pointer: at.clone(),
            before: a.cloned(),
            after: b.cloned(),
        }),
        _ => {}
    }
}

/// Runs `f` with `key` added to the pointer `at`, escaped as RFC 6901 says.
fn nested(at: &mut String, key: &str, f: impl FnOnce(&mut String)) {
    let len = at.len();
    at.push('/');
    at.push_str(&key.replace('~', "~0").replace('/', "~1"));
    f(at);
    at.truncate(len);
}

/// `ours` and `theirs`, two changes of `base`, merged field by field: each field
/// takes the side that changed it; a field both changed alike takes that, and one
/// they changed differently is a conflict (the merge keeps ours there).
pub fn merge(base: &Value, ours: &Value, theirs: &Value) -> (Value, Vec<FieldConflict>) {
    let mut conflicts = Vec::new();
    let merged = merge_at(
        Some(base),
        Some(ours),
        Some(theirs),
        &mut String::new(),
        &mut conflicts,
    );
    (merged.unwrap_or(Value::Null), conflicts)
}

fn merge_at(
    base: Option<&Value>,
    ours: Option<&Value>,
    theirs: Option<&Value>,
    at: &mut String,
    conflicts: &mut Vec<FieldConflict>,
) -> Option<Value> {
    if ours == theirs || base == theirs {
        return ours.cloned();
    }
    if base == ours {
        return theirs.cloned();
    }
    match (base, ours, theirs) {
        (Some(Value::Object(b)), Some(Value::Object(o)), Some(Value::Object(t))) => {
            let mut out = Map::new();
            let keys = o.keys().chain(t.keys().filter(|k| !o.contains_key(*k)));
            for k in keys {
                let v = {
                    let mut v = None;
                    nested(at, k, |at| {
                        v = merge_at(b.get(k), o.get(k), t.get(k), at, conflicts)
                    });
                    v
                };
                if let Some(v) = v {
                    out.insert(k.clone(), v);
                }
            }
            Some(Value::Object(out))
        }
        (Some(Value::Array(b)), Some(Value::Array(o)), Some(Value::Array(t)))
            if o.len() == b.len() && t.len() == b.len() =>
        {
            let mut out = Vec::with_capacity(b.len());
            for i in 0..b.len() {
                nested(at, &i.to_string(), |at| {
                    out.extend(merge_at(b.get(i), o.get(i), t.get(i), at, conflicts))
                });
            }
            Some(Value::Array(out))
        }
        // One side only grew the list: the other side's list and the new items.
        (Some(Value::Array(b)), Some(Value::Array(o)), Some(Value::Array(t)))
            if t.starts_with(b) && o.len() >= b.len() =>
        {
            let mut out = o.clone();
            out.extend(
                t[b.len()..]
                    .iter()
                    .filter(|v| !o[b.len()..].contains(v))
                    .cloned(),
            );
            Some(Value::Array(out))
        }
        _ => {
            conflicts.push(FieldConflict {
                pointer: at.clone(),
                base: base.cloned(),
                ours: ours.cloned(),
                theirs: theirs.cloned(),
            });
            ours.cloned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fields_are_named_by_their_pointers() {
        let a = json!({"name": "r", "instances": [{"x": 64}, {"x": 1}], "a/b": 1});
        let b = json!({"name": "r", "instances": [{"x": 96}], "a/b": 2, "new": true});
        let f = fields(&a, &b);
        let pointers: Vec<&str> = f.iter().map(|c| c.pointer.as_str()).collect();
        assert_eq!(
            pointers,
            ["/instances/0/x", "/instances/1", "/a~1b", "/new"]
        );
        assert_eq!(f[0].before, Some(json!(64)));
        assert_eq!(f[0].after, Some(json!(96)));
    }

    #[test]
    fn changes_to_different_fields_merge_and_the_same_field_conflicts() {
        let base = json!({"x": 1, "y": 2, "list": [1, 2]});
        let ours = json!({"x": 5, "y": 2, "list": [1, 2, 3]});
        let theirs = json!({"x": 1, "y": 7, "list": [1, 2, 4]});
        let (merged, conflicts) = merge(&base, &ours, &theirs);
        assert_eq!(merged, json!({"x": 5, "y": 7, "list": [1, 2, 3, 4]}));
        assert!(conflicts.is_empty());
        let (_, conflicts) = merge(&base, &json!({"x": 2}), &json!({"x": 3}));
        assert_eq!(conflicts.len(), 1, "{conflicts:?}");
        assert_eq!(conflicts[0].pointer, "/x");
    }
}
