//! VARI and FUNC as JSON: the variables and functions the bytecode names, each with
//! the count and first address of its occurrence chain as stored (see
//! [`reference_tables`] for the layouts), and FUNC's code locals.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;
use crate::formats::gamemaker::gen8;
use crate::formats::gamemaker::refs::{code_locals, reference_tables};
use crate::fourcc::FourCC;

/// The bytecode version the layouts follow; GEN8 gives it, and a file without a
/// readable GEN8 fails before any view is read.
pub(super) fn bytecode(r: &At) -> u8 {
    gen8::read(r.form).map_or(17, |g| g.bytecode)
}

/// VARI: from bytecode 15, two variable counts and the most locals any code entry
/// has, then per variable its instance type and id besides its chain.
pub(super) fn variables(r: &At) -> Result<Value> {
    let bytecode = bytecode(r);
    let vars = entries(r, FourCC::VARI, bytecode, |e| {
        Ok(if bytecode >= 15 {
            json!({
                "name": e.str(0)?, "instance type": e.i32(4)?, "id": e.i32(8)?,
                "occurrences": e.u32(12)?, "first address": e.i32(16)?,
            })
        } else {
            json!({"name": e.str(0)?, "occurrences": e.u32(4)?, "first address": e.i32(8)?})
        })
    })?;
    if bytecode < 15 {
        return Ok(json!({ "variables": vars }));
    }
    Ok(json!({
        "variable counts": [r.u32(0)?, r.u32(4)?], "most locals": r.u32(8)?,
        "variables": vars,
    }))
}

/// FUNC: the functions, then (bytecode 15 and later) each code entry's locals.
pub(super) fn functions(r: &At) -> Result<Value> {
    let bytecode = bytecode(r);
    let functions = entries(r, FourCC::FUNC, bytecode, |e| {
        Ok(json!({"name": e.str(0)?, "occurrences": e.u32(4)?, "first address": e.i32(8)?}))
    })?;
    let mut out = json!({ "functions": functions });
    if let Some((c, first, size, n)) = reference_tables(r.form, bytecode)
        .into_iter()
        .find(|(c, ..)| c.name == FourCC::FUNC && bytecode >= 15)
    {
        let locals = code_locals(r.form, c, first + size * n)
            .into_iter()
            .map(|(at, n)| {
                let list = r.at(at as u32, "locals");
                let names = (0..u64::from(n))
                    .map(|k| {
                        Ok(json!({"index": list.u32(8 + 8 * k)?, "name": list.str(12 + 8 * k)?}))
                    })
                    .collect::<Result<Vec<_>>>()?;
                Ok(json!({"code": list.str(4)?, "locals": names}))
            })
            .collect::<Result<Vec<_>>>()?;
        out["code locals"] = Value::Array(locals);
    }
    Ok(out)
}

/// Each entry of `chunk`'s table, read by `one`.
fn entries(
    r: &At,
    chunk: FourCC,
    bytecode: u8,
    one: impl Fn(&At) -> Result<Value>,
) -> Result<Vec<Value>> {
    reference_tables(r.form, bytecode)
        .into_iter()
        .filter(|(c, ..)| c.name == chunk)
        .flat_map(|(_, first, size, n)| (0..n).map(move |i| first + size * i))
        .map(|at| one(&r.at(at as u32, "entry")))
        .collect()
}
