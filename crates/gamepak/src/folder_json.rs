//! JSON a person edited in a folder (a pack's or a build's source), read with the
//! exit codes the README defines: JSON that does not parse is a file that cannot be
//! read as asked (exit 2); JSON that parses into something the record cannot hold
//! is a problem of the folder (exit 1), named with its place inside the file and in
//! words rather than Rust types.

use serde::de::DeserializeOwned;

use crate::error::{Error, Result};

/// The record in `file`'s JSON `bytes`.
pub fn from_slice<T: DeserializeOwned>(file: &str, bytes: &[u8]) -> Result<T> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let place = e.path().to_string();
        let inner = e.into_inner();
        if !inner.is_data() {
            return Error::usage(file, inner.to_string());
        }
        match place.as_str() {
            "." => Error::at(file, plain(&inner.to_string())),
            place => Error::at(file, format!("{place}: {}", plain(&inner.to_string()))),
        }
    })?;
    de.end().map_err(|e| Error::usage(file, e.to_string()))?;
    Ok(value)
}

/// serde's message in words a person editing JSON uses: "a whole number from 0 to
/// 255" for `u8`, "text" for a string, "a list" for a sequence, "an object" for a
/// struct.
pub fn plain(why: &str) -> String {
    const WORDS: [(&str, &str); 14] = [
        ("expected i8", "expected a whole number from -128 to 127"),
        ("expected u8", "expected a whole number from 0 to 255"),
        (
            "expected i16",
            "expected a whole number from -32768 to 32767",
        ),
        ("expected u16", "expected a whole number from 0 to 65535"),
        (
            "expected i32",
            "expected a whole number from -2147483648 to 2147483647",
        ),
        (
            "expected u32",
            "expected a whole number from 0 to 4294967295",
        ),
        ("expected i64", "expected a whole number"),
        ("expected u64", "expected a whole number from 0 up"),
        ("expected f32", "expected a number"),
        ("expected f64", "expected a number"),
        ("expected a string", "expected text"),
        ("expected a borrowed string", "expected text"),
        ("expected a sequence", "expected a list"),
        ("expected a map", "expected an object"),
    ];
    let mut out = why.to_string();
    for (rust, words) in WORDS {
        if let Some(at) = out.find(rust) {
            let end = at + rust.len();
            // Only the whole word: `expected u8` is not the start of `expected u80`.
            if !out[end..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
                out.replace_range(at..end, words);
            }
        }
    }
    const STRUCT: &str = "expected struct ";
    if let Some(at) = out.find(STRUCT) {
        let name = &out[at + STRUCT.len()..];
        let end = at
            + STRUCT.len()
            + name
                .find(|c: char| !c.is_alphanumeric())
                .unwrap_or(name.len());
        out.replace_range(at..end, "expected an object");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{from_slice, plain};

    #[test]
    fn messages_name_kinds_of_value_not_rust_types() {
        assert_eq!(
            plain("invalid type: string \"a\", expected u8"),
            "invalid type: string \"a\", expected a whole number from 0 to 255"
        );
        assert_eq!(
            plain("invalid type: integer `3`, expected struct Instance at line 1 column 2"),
            "invalid type: integer `3`, expected an object at line 1 column 2"
        );
        assert_eq!(
            plain("invalid type: null, expected a string"),
            "invalid type: null, expected text"
        );
        assert_eq!(plain("expected u80"), "expected u80");
    }

    #[test]
    fn json_that_does_not_parse_is_a_request_fault_and_a_misfit_is_not() {
        let broken = from_slice::<Vec<u16>>("t.json", b"[1,").unwrap_err();
        assert!(broken.is_request_fault(), "{broken}");
        let misfit = from_slice::<Vec<u16>>("t.json", b"[1, -5]").unwrap_err();
        assert!(!misfit.is_request_fault());
        assert_eq!(
            misfit.to_string(),
            "t.json: [1]: invalid value: integer `-5`, expected a whole number from 0 to \
             65535 at line 1 column 6"
        );
    }
}
