//! Strings the parser let through unterminated. swc's TypeScript parser reads ahead
//! to tell a generic call from a comparison (`a<b>`), and a lexer error met while it
//! does so is dropped with the guess: `a<b>` then `"s` at the end of the file parses
//! clean, and the string is printed as it was, unterminated, into a script the engine
//! cannot run.

use swc_common::Span;
use swc_ecma_ast::{Program, Str};
use swc_ecma_visit::{Visit, VisitWith};

/// The place of the first string literal in `program` that never ends, if any.
pub(super) fn unterminated(program: &Program) -> Option<Span> {
    let mut walk = Walk(None);
    program.visit_with(&mut walk);
    walk.0
}

struct Walk(Option<Span>);

impl Visit for Walk {
    fn visit_str(&mut self, s: &Str) {
        if self.0.is_none() && s.raw.as_deref().is_some_and(|raw| !terminated(raw)) {
            self.0 = Some(s.span);
        }
    }
}

/// Whether `raw`, a string literal as written, ends with the quote it starts with,
/// unescaped.
fn terminated(raw: &str) -> bool {
    let Some(quote) = raw.chars().next().filter(|c| matches!(c, '"' | '\'')) else {
        return true;
    };
    let Some(body) = raw[1..].strip_suffix(quote) else {
        return false;
    };
    let escapes = body.chars().rev().take_while(|&c| c == '\\').count();
    escapes % 2 == 0
}

#[cfg(test)]
mod tests {
    use super::terminated;

    #[test]
    fn a_string_ends_with_its_own_unescaped_quote() {
        for raw in [r#""a""#, "'a'", r#""""#, r#""a\\""#, r#""it's""#] {
            assert!(terminated(raw), "{raw}");
        }
        for raw in [r#""s"#, r#"""#, "'a", r#""a\""#, r#""a'"#, r#""a\\\""#] {
            assert!(!terminated(raw), "{raw}");
        }
    }
}
