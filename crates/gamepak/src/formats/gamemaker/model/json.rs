//! Records to and from the JSON files of an extracted folder, with ids shown as
//! texts and names (see [`super::names`]). A file that does not read is refused with
//! the file, the place inside it (`instances[3].object`), the line and column, and
//! the reason.

use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::names::{interning, showing, Interner, Lookup, Shown};
use crate::error::{Error, Result};

/// `value` as pretty JSON, ids shown through `shown`.
pub fn to_json<T: Serialize>(shown: &Arc<Shown>, value: &T) -> Vec<u8> {
    let mut out =
        showing(shown, || serde_json::to_vec_pretty(value)).expect("model records serialise");
    out.push(b'\n');
    out
}

/// The record in `file`'s JSON `bytes`, its texts interned into `interner` and its
/// names looked up in `lookup`.
pub fn from_json<T: DeserializeOwned>(
    file: &str,
    bytes: &[u8],
    interner: Interner,
    lookup: &Arc<Lookup>,
) -> (Result<T>, Interner) {
    interning(interner, lookup, || {
        let failed = |place: String, why: String| {
            let at = if place == "." {
                String::new()
            } else {
                format!("{place}: ")
            };
            Error::usage(file, format!("{at}{why}"))
        };
        let mut de = serde_json::Deserializer::from_slice(bytes);
        let value = serde_path_to_error::deserialize(&mut de)
            .map_err(|e| failed(e.path().to_string(), e.into_inner().to_string()))?;
        de.end().map_err(|e| failed(".".into(), e.to_string()))?;
        Ok(value)
    })
}
