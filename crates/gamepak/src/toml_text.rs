//! TOML documents a user edits, parsed with errors on one line.
//!
//! The parser's own message draws the offending line and a caret beneath it over
//! several lines, which a terminal-safe error shows as one line full of `\u{a}`.
//! Here the same facts are said once: the line and column, then the message.

use serde::de::DeserializeOwned;

use crate::error::{Error, Result};

/// `text` as a `T`; a refusal names `shown`, the line and the column, in words
/// rather than Rust types.
pub fn parse<T: DeserializeOwned>(text: &str, shown: &str) -> Result<T> {
    toml::from_str(text).map_err(|e| Error::at(shown, one_line(&e, text)))
}

/// `text` as a TOML document, whatever it holds: what does not parse is a file
/// that cannot be read as asked (exit 2), where a document holding something its
/// reader cannot take is a problem of the folder (exit 1, [`parse`]).
pub fn parse_document(text: &str, shown: &str) -> Result<toml::Table> {
    toml::from_str(text).map_err(|e| Error::usage(shown, one_line(&e, text)))
}

fn one_line(e: &toml::de::Error, text: &str) -> String {
    let message = e
        .message()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    let message = crate::folder_json::plain(&message);
    match e.span() {
        Some(span) => {
            let start = (0..=span.start.min(text.len()))
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            let before = &text[..start];
            let line = before.matches('\n').count() + 1;
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let column = before[line_start..].chars().count() + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_syntax_error_is_one_line_naming_line_and_column() {
        let e = parse::<toml::Table>("a = 1\nb = [1,\nc = 2\n", "doc.toml").unwrap_err();
        let shown = e.to_string();
        assert!(shown.starts_with("doc.toml: line 3, column"), "{shown}");
        assert!(!shown.contains('\n'), "{shown}");
    }

    #[test]
    fn a_type_error_names_its_place() {
        #[derive(serde::Deserialize, Debug)]
        struct Doc {
            #[allow(dead_code)]
            n: u8,
        }
        let e = parse::<Doc>("n = \"x\"\n", "doc.toml").unwrap_err();
        let shown = e.to_string();
        assert!(shown.starts_with("doc.toml: line 1, column 5: "), "{shown}");
        assert!(!shown.contains('\n'), "{shown}");
    }
}
