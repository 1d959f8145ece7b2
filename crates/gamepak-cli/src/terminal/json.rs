//! JSON lines that read back exactly and do nothing to a terminal they are shown on.
//!
//! serde_json escapes what JSON requires (`"`, `\` and the C0 controls) and writes
//! every other character as it is: DEL, the C1 controls (U+009B starts an escape
//! sequence on some terminals) and the bidirectional formatting characters
//! included. Here every character that [`is_unsafe`] names is written as a JSON
//! `\uXXXX` escape instead: any JSON reader gets the same string back, exact, and
//! a terminal shows the escape.

use std::io::{self, Write};

use super::escape::is_unsafe;

/// serde_json's compact layout, with the escapes above.
struct TerminalSafe;

impl serde_json::ser::Formatter for TerminalSafe {
    fn write_string_fragment<W>(&mut self, writer: &mut W, fragment: &str) -> io::Result<()>
    where
        W: ?Sized + Write,
    {
        let mut plain = 0;
        for (at, c) in fragment.char_indices().filter(|&(_, c)| is_unsafe(c)) {
            writer.write_all(&fragment.as_bytes()[plain..at])?;
            // Every unsafe character lies in the Basic Multilingual Plane.
            write!(writer, "\\u{:04x}", u32::from(c))?;
            plain = at + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[plain..])
    }
}

/// `value` as one line of JSON, without its newline.
pub fn line(value: &impl serde::Serialize) -> String {
    let mut bytes = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut bytes, TerminalSafe);
    value
        .serialize(&mut serializer)
        .expect("serialising to memory cannot fail");
    String::from_utf8(bytes).expect("serde_json writes UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsafe_characters_are_json_escapes_and_read_back_exactly() {
        let title = "a\u{1b}[2K\u{7}\r\n\t\u{7f}\u{9b}\u{202e}\u{2069}\\ z";
        let value = serde_json::json!({ "title": title, title: 1 });
        let text = line(&value);
        assert!(!text.chars().any(is_unsafe), "{text}");
        assert!(text.contains(r"\u001b[2K\u0007\r\n\t\u007f\u009b\u202e\u2069\\ z"));
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }

    #[test]
    fn safe_text_is_what_serde_json_writes() {
        let value = serde_json::json!({ "file": "C:\\games\\café.win", "n": [1, 2.5, null] });
        assert_eq!(line(&value), serde_json::to_string(&value).unwrap());
    }
}
