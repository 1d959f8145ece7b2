//! GEN8, the general information chunk: bytecode version, names, version fields,
//! window size and build timestamp.

use serde::Serialize;

use super::container::{form_location, Form};
use super::refs::{string_ref, u32_at};
use crate::error::{Error, Result};
use crate::fourcc::FourCC;

#[derive(Debug, Clone, Default, Serialize)]
pub struct Gen8 {
    pub debugger_disabled: u8,
    pub bytecode: u8,
    pub file_name: String,
    pub config: String,
    pub game_id: u32,
    pub name: String,
    /// Major, minor, release, build: 2.0.0.0 for every GameMaker Studio 2 and later file.
    pub version: [u32; 4],
    pub window: [u32; 2],
    pub timestamp: u64,
    pub display_name: String,
}

/// The fields up to the display name, which every version has at the same offsets.
pub fn read(form: &Form<'_>) -> Result<Gen8> {
    let c = form
        .chunk(FourCC::GEN8)
        // Located where GameMaker always puts it: the first chunk, after FORM's header.
        .ok_or_else(|| Error::invalid(form_location(), 8, "no GEN8 chunk"))?;
    if c.body.len() < 104 {
        return Err(Error::invalid(
            c.location(),
            c.offset,
            format!("{} bytes: GEN8 needs at least 104", c.body.len()),
        ));
    }
    let at = |o: u64| c.body_offset() + o;
    let u32f = |o: u64| u32_at(form, at(o)).unwrap_or(0);
    let mut r = form.reader_at(at(92), c.location())?;
    Ok(Gen8 {
        debugger_disabled: c.body[0],
        bytecode: c.body[1],
        file_name: string_ref(form, at(4)).into(),
        config: string_ref(form, at(8)).into(),
        game_id: u32f(20),
        name: string_ref(form, at(40)).into(),
        version: [u32f(44), u32f(48), u32f(52), u32f(56)],
        window: [u32f(60), u32f(64)],
        timestamp: r.u64("timestamp")?,
        display_name: string_ref(form, at(100)).into(),
    })
}
