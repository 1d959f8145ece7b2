//! Text from a file made harmless on a terminal, and still readable.
//!
//! A name, string or message taken from a file could otherwise set the terminal's
//! title, erase lines, forge output lines or reorder what is shown. Every character
//! that can do so is written as `\u{HEX}`, the notation Rust and JavaScript use
//! (ESC is `\u{1b}`, a line feed `\u{a}`, a right-to-left override `\u{202e}`). One
//! notation for all of them, rather than `\n` or `\t` beside it, keeps the text
//! unambiguous while doubling almost no backslash (see [`escape`]).

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` may not reach a terminal as it is:
/// - the controls (C0 with TAB, CR and LF, DEL, and C1 from U+0080 to U+009F): they
///   start escape sequences, move the cursor, ring the bell, break or split lines
///   (a TAB shifts the columns of a table as a space would not);
/// - the bidirectional formatting characters (Unicode's Bidi_Control: U+061C,
///   U+200E, U+200F, the embeddings and overrides U+202A to U+202E, the isolates
///   U+2066 to U+2069), which make text show in another order than it is stored;
/// - the line and paragraph separators U+2028 and U+2029, which some viewers break
///   lines at.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// `text` with every [`is_unsafe`] character written as `\u{HEX}` (lowercase hex).
///
/// A backslash is doubled only in a run of backslashes that stands right before
/// `u{` or before an escape, the one place it could be misread; everywhere else,
/// as in `C:\Games\data.win`, it is shown as it is. (Windows doubles backslashes
/// before a quote by the same rule.) To read such text back: a run of n backslashes
/// followed by `u{` stands for n/2 backslashes, followed by an escape when n is
/// odd and by the letters `u{` when n is even; any other backslash is itself.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) && !text.contains("\\u{") {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 16);
    let mut backslashes = 0;
    for (at, c) in text.char_indices() {
        if c == '\\' {
            backslashes += 1;
            continue;
        }
        let unsafe_char = is_unsafe(c);
        let read_as_escape = unsafe_char || text[at..].starts_with("u{");
        let run = if read_as_escape {
            2 * backslashes
        } else {
            backslashes
        };
        shown.extend(std::iter::repeat_n('\\', run));
        backslashes = 0;
        if unsafe_char {
            let _ = write!(shown, "\\u{{{:x}}}", u32::from(c));
        } else {
            shown.push(c);
        }
    }
    shown.extend(std::iter::repeat_n('\\', backslashes));
    Cow::Owned(shown)
}

/// How many characters `text` takes on the terminal once escaped, for lining up
/// columns.
pub fn width(text: &str) -> usize {
    escape(text).chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads escaped text back by the rule [`escape`] states.
    fn unescape(shown: &str) -> String {
        let mut text = String::new();
        let mut rest = shown;
        while let Some(c) = rest.chars().next() {
            if c != '\\' {
                text.push(c);
                rest = &rest[c.len_utf8()..];
                continue;
            }
            let run = rest.len() - rest.trim_start_matches('\\').len();
            let after = &rest[run..];
            if !after.starts_with("u{") {
                text.extend(std::iter::repeat_n('\\', run));
                rest = after;
                continue;
            }
            text.extend(std::iter::repeat_n('\\', run / 2));
            rest = after;
            if run % 2 == 1 {
                let end = rest.find('}').expect("an escape ends with }");
                let code = u32::from_str_radix(&rest[2..end], 16).expect("hex");
                text.push(char::from_u32(code).expect("a character"));
                rest = &rest[end + 1..];
            }
        }
        text
    }

    #[test]
    fn controls_and_bidi_characters_are_escaped() {
        assert_eq!(
            escape("a\u{1b}]0;owned\u{7}b\r\n\tc\u{7f}\u{9b}d\u{202e}e\u{2067}"),
            "a\\u{1b}]0;owned\\u{7}b\\u{d}\\u{a}\\u{9}c\\u{7f}\\u{9b}d\\u{202e}e\\u{2067}"
        );
        for c in [
            '\u{0}', '\u{1f}', '\u{80}', '\u{9f}', '\u{202a}', '\u{2069}', '\u{2028}',
        ] {
            assert!(is_unsafe(c), "{:x}", u32::from(c));
        }
        for c in [' ', '~', '\u{a0}', '\u{e9}', '\u{200b}', '\u{2070}'] {
            assert!(!is_unsafe(c), "{:x}", u32::from(c));
        }
    }

    #[test]
    fn ordinary_text_and_lone_backslashes_are_shown_as_they_are() {
        for text in [
            "",
            "sprites/hero.png",
            "C:\\Games\\new\\data.win",
            "trail\\",
            "café ✓",
        ] {
            assert!(matches!(escape(text), Cow::Borrowed(_)), "{text}");
        }
    }

    #[test]
    fn backslashes_are_doubled_only_where_they_could_be_misread() {
        assert_eq!(escape("\\u{1b}"), "\\\\u{1b}");
        assert_eq!(escape("\\\u{1b}"), "\\\\\\u{1b}");
        assert_eq!(escape("a\\b\u{7}"), "a\\b\\u{7}");
        for text in [
            "\\u{1b}",
            "\\\\u{1b}",
            "\\\u{1b}",
            "\\\\\u{1b}",
            "u{\\",
            "\\u{zz}\\",
            "x\\\\y\\u{",
            "\u{1b}\\\u{202e}\\u{a}\\",
        ] {
            assert_eq!(unescape(&escape(text)), text, "{text:?}");
            assert!(!escape(text).chars().any(is_unsafe), "{text:?}");
        }
    }

    #[test]
    fn width_counts_the_escaped_text() {
        assert_eq!(width("ab"), 2);
        assert_eq!(width("a\u{1b}"), 1 + "\\u{1b}".len());
    }
}
