//! The refusal, before swc's parser sees the text, of code nested deeper than
//! [`MAX_NESTING`]: the parser recurses once a level, so text nested past the
//! stack would end the process. The scan is lexical and errs on the deep side.
//!
//! A level is an open bracket (`(`, `[`, `{`, a template's `${`), and each
//! operator the parser takes by recursion since the last `,` or `;` at that
//! bracket's level: a prefix (`!`, `typeof`, `new`, `...`), an arrow, a `?`, an
//! assignment, a type's `<`, `keyof` and the like. Operators parsed in a loop
//! (`a + b + c`) are not counted here; the tree they make is measured after
//! parsing ([`super::nesting`]). A line break ends a run where it ends a
//! statement: after a name, a literal or a closing bracket, before a name or a
//! literal.

use crate::js::MAX_NESTING;

/// Where, as a byte offset, `text` first nests past [`MAX_NESTING`], if it does.
pub(super) fn too_deep(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut levels: Vec<(Bracket, usize)> = Vec::new();
    let mut run = 0usize;
    let mut last = Last::Operator;
    let mut line_break = false;
    let mut k = 0;
    while k < b.len() {
        let c = b[k];
        let start = k;
        k += 1;
        match c {
            b' ' | b'\t' | b'\r' => continue,
            b'\n' => {
                line_break = true;
                continue;
            }
            b'/' if b.get(k) == Some(&b'/') => {
                k = find(b, k, b"\n").unwrap_or(b.len());
                continue;
            }
            b'/' if b.get(k) == Some(&b'*') => {
                k = find(b, k + 1, b"*/").map_or(b.len(), |e| e + 2);
                continue;
            }
            _ => {}
        }
        let word = c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80;
        let literal = word || matches!(c, b'"' | b'\'' | b'`');
        if std::mem::take(&mut line_break) && last == Last::Value && literal {
            run = 0;
        }
        match c {
            b'"' | b'\'' => {
                k = string_end(b, k, c);
                last = Last::Value;
            }
            b'`' => {
                // A template: its text, up to the end or to `${`, which opens a level.
                k = template_part(b, k);
                last = template_level(b, k, &mut levels, &mut run);
            }
            b'(' | b'[' | b'{' => {
                levels.push((Bracket::Plain, run));
                run = 0;
                last = Last::Operator;
            }
            b'}' if levels.last().is_some_and(|l| l.0 == Bracket::Template) => {
                run = levels.pop().map_or(0, |l| l.1);
                k = template_part(b, k);
                last = template_level(b, k, &mut levels, &mut run);
            }
            b')' | b']' | b'}' => {
                run = levels.pop().map_or(0, |l| l.1);
                last = Last::Value;
            }
            b',' | b';' => {
                run = 0;
                last = Last::Operator;
            }
            b'/' if last == Last::Operator => {
                k = regex_end(b, k);
                last = Last::Value;
            }
            _ if word => {
                while k < b.len()
                    && (b[k].is_ascii_alphanumeric() || matches!(b[k], b'_' | b'$') || b[k] >= 0x80)
                {
                    k += 1;
                }
                if PREFIX_WORDS.contains(&&text[start..k]) {
                    run += 1;
                    last = Last::Operator;
                } else {
                    last = Last::Value;
                }
            }
            b'.' if b.get(k..k + 2) == Some(b"..") => {
                k += 2;
                run += 1;
                last = Last::Operator;
            }
            b'.' => last = Last::Operator,
            _ => {
                // An operator: the longest run of operator characters.
                while k < b.len() && OPERATOR_CHARS.contains(&b[k]) {
                    k += 1;
                }
                run += recursions(&text[start..k], last);
                last = Last::Operator;
            }
        }
        if levels.len() + run > MAX_NESTING {
            return Some(start);
        }
    }
    None
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bracket {
    Plain,
    Template,
}

/// What the last token was, as far as telling a regex from a division and a
/// statement's end go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Value,
    Operator,
}

/// Words that start an operand the parser takes by recursion.
const PREFIX_WORDS: &[&str] = &[
    "typeof", "void", "delete", "await", "new", "yield", "keyof", "readonly", "unique", "infer",
    "asserts", "extends",
];

const OPERATOR_CHARS: &[u8] = b"+-*/%=!<>&|^~?:";

/// How many times the parser recurses for the run of operator characters `op`
/// (after a token that was `last`): once for each prefix in it, once for an
/// assignment, an arrow, a `?` or a type's `<`.
fn recursions(op: &str, last: Last) -> usize {
    let prefixes = op.chars().filter(|c| "!~".contains(*c)).count();
    if last == Last::Operator && op.chars().all(|c| "+-!~".contains(c)) {
        return op.len();
    }
    let assignment = op.ends_with('=') && !matches!(op, "==" | "===" | "!=" | "!==" | "<=" | ">=");
    let other = assignment || op.contains("=>") || op.contains('?') || op.contains('<');
    prefixes + usize::from(other)
}

/// After a template's text that ends at `k`: a level opened where it ended in
/// `${`, else the template is a value.
fn template_level(b: &[u8], k: usize, levels: &mut Vec<(Bracket, usize)>, run: &mut usize) -> Last {
    if b.get(k.wrapping_sub(1)) != Some(&b'{') {
        return Last::Value;
    }
    levels.push((Bracket::Template, std::mem::take(run)));
    Last::Operator
}

fn find(b: &[u8], from: usize, what: &[u8]) -> Option<usize> {
    b.get(from..)?
        .windows(what.len())
        .position(|w| w == what)
        .map(|p| from + p)
}

/// Past the end of a string opened by `quote`, whose text starts at `k`.
fn string_end(b: &[u8], mut k: usize, quote: u8) -> usize {
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            c if c == quote || c == b'\n' => return k + 1,
            _ => k += 1,
        }
    }
    b.len()
}

/// Past a template's text from `k`: past its closing backtick, or past a `${`.
fn template_part(b: &[u8], mut k: usize) -> usize {
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b'`' => return k + 1,
            b'$' if b.get(k + 1) == Some(&b'{') => return k + 2,
            _ => k += 1,
        }
    }
    b.len()
}

/// Past a regex literal whose body starts at `k`.
fn regex_end(b: &[u8], mut k: usize) -> usize {
    let mut class = false;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b'[' => {
                class = true;
                k += 1;
            }
            b']' => {
                class = false;
                k += 1;
            }
            b'/' if !class => return k + 1,
            b'\n' => return k,
            _ => k += 1,
        }
    }
    b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_construct_nested_past_the_limit_is_refused() {
        let n = 100_000;
        for (shape, text) in [
            (
                "parentheses",
                format!("var a = {}1{};", "(".repeat(n), ")".repeat(n)),
            ),
            ("arrows", format!("var a = {}1;", "() => ".repeat(n))),
            (
                "type literals",
                format!("var a: {}number{} = null;", "{a: ".repeat(n), "}".repeat(n)),
            ),
            (
                "templates",
                format!("var a = {}1{};", "`${".repeat(n), "}`".repeat(n)),
            ),
            (
                "patterns",
                format!("var {}a{} = [];", "[".repeat(n), "]".repeat(n)),
            ),
            (
                "generics",
                format!(
                    "var a: {}number{} = null;",
                    "Array<".repeat(n),
                    ">".repeat(n)
                ),
            ),
            ("negations", format!("var a = {}1;", "!".repeat(n))),
            ("unary minus", format!("var a = {}1;", "- ".repeat(n))),
            ("news", format!("var a = {}A;", "new ".repeat(n))),
            ("ternaries", format!("var a = {}1;", "b ? c : ".repeat(n))),
            (
                "ternaries across lines",
                format!("var a = {}1;", "b\n? c\n: ".repeat(n)),
            ),
            ("assignments", format!("{}1;", "a = ".repeat(n))),
            ("spreads", format!("f({}a);", "...".repeat(n))),
        ] {
            assert!(too_deep(&text).is_some(), "{shape}");
        }
    }

    #[test]
    fn real_code_is_not_refused() {
        let statements = "let a = 1\nlet b = a ? 2 : 3\nb += a\n".repeat(5000);
        assert_eq!(too_deep(&statements), None);
        let strings = format!("var s = '{}' + \"((\" + `a${{b}}c`;\n", "(".repeat(5000));
        assert_eq!(too_deep(&strings.repeat(100)), None);
        let regex = format!("var r = /{}/;\n", "\\(".repeat(2000));
        assert_eq!(too_deep(&regex), None);
        let data = format!("var d = [{}];", vec!["-1"; 100_000].join(", "));
        assert_eq!(too_deep(&data), None);
        let nested = format!(
            "var a = {}1{};",
            "(".repeat(MAX_NESTING / 2),
            ")".repeat(MAX_NESTING / 2)
        );
        assert_eq!(too_deep(&nested), None);
    }
}
