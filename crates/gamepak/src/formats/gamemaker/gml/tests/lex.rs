//! Tokens: numbers, strings, comments, directives and operators.

use crate::formats::gamemaker::gml::language::ast::{Accessor, AssignOp};
use crate::formats::gamemaker::gml::language::lex::{lex, Piece, Tok};
use crate::formats::gamemaker::gml::language::print::Style;

fn kinds(text: &str) -> Vec<Tok> {
    let mut toks: Vec<Tok> = lex(text, Style::default())
        .unwrap_or_else(|e| panic!("`{text}`:\n{e}"))
        .into_iter()
        .map(|t| t.kind)
        .collect();
    assert_eq!(toks.pop(), Some(Tok::End));
    toks
}

fn one(text: &str) -> Tok {
    let mut k = kinds(text);
    assert_eq!(k.len(), 1, "`{text}`: {k:?}");
    k.remove(0)
}

fn int(value: u64, decimal: bool) -> Tok {
    Tok::Int { value, decimal }
}

fn name(n: &str) -> Tok {
    Tok::Name(n.to_string())
}

fn str_tok(s: &str) -> Tok {
    Tok::Str(s.to_string())
}

#[test]
fn decimal_integers_and_reals() {
    assert_eq!(one("0"), int(0, true));
    assert_eq!(one("42"), int(42, true));
    assert_eq!(one("1_000"), int(1000, true));
    assert_eq!(one("18446744073709551615"), int(u64::MAX, true));
    assert_eq!(one("1.5"), Tok::Real(1.5));
    assert_eq!(one(".5"), Tok::Real(0.5));
    assert_eq!(one("2."), Tok::Real(2.0));
    assert_eq!(one("1_000.25"), Tok::Real(1000.25));
}

#[test]
fn hex_and_binary_integers() {
    assert_eq!(one("$ff"), int(255, false));
    assert_eq!(one("$FFFF3B00"), int(0xFFFF_3B00, false));
    assert_eq!(one("0xff"), int(255, false));
    assert_eq!(one("0XAb"), int(0xab, false));
    assert_eq!(one("0b101"), int(5, false));
    assert_eq!(one("$ffffffffffffffff"), int(u64::MAX, false));
}

#[test]
fn a_css_colour_is_red_in_the_low_byte() {
    assert_eq!(one("#FF8000"), int(0x0080FF, false));
}

#[test]
fn a_point_before_a_name_is_a_field_access() {
    assert_eq!(kinds("1.x"), vec![int(1, true), Tok::Dot, name("x")]);
    assert_eq!(kinds("a.b"), vec![name("a"), Tok::Dot, name("b")]);
}

#[test]
fn strings_with_escapes() {
    assert_eq!(one(r#""a\nb""#), str_tok("a\nb"));
    assert_eq!(one(r#"'it\'s'"#), str_tok("it's"));
    assert_eq!(
        one(r#""\r\t\b\f\v\a\\\"""#),
        str_tok("\r\t\u{8}\u{c}\u{b}\u{7}\\\"")
    );
    assert_eq!(one(r#""\x41\u00e9\u{1F600}""#), str_tok("Aé😀"));
    // An escape GML has not is kept as written.
    assert_eq!(one(r#""\q""#), str_tok("\\q"));
    assert_eq!(one("\"two\nlines\""), str_tok("two\nlines"));
}

#[test]
fn strings_without_escapes_before_studio_2() {
    let old = Style { escapes: false };
    let toks = lex(r#"'C:\dir\' + "\n""#, old).unwrap();
    assert_eq!(toks[0].kind, str_tok("C:\\dir\\"));
    assert_eq!(toks[2].kind, str_tok("\\n"));
}

#[test]
fn verbatim_strings_keep_backslashes_and_lines() {
    assert_eq!(one(r#"@"a\nb""#), str_tok("a\\nb"));
    assert_eq!(one("@'x\ny'"), str_tok("x\ny"));
}

#[test]
fn template_strings_lex_their_pieces() {
    let Tok::Template(pieces) = one(r#"$"a {b + 1} \{c\} {f("}")}""#) else {
        panic!("not a template");
    };
    assert_eq!(pieces.len(), 4);
    assert_eq!(pieces[0], Piece::Text("a ".to_string()));
    let Piece::Code(code) = &pieces[1] else {
        panic!()
    };
    let code: Vec<&Tok> = code.iter().map(|t| &t.kind).collect();
    assert_eq!(code, [&name("b"), &Tok::Plus, &int(1, true), &Tok::End]);
    assert_eq!(pieces[2], Piece::Text(" {c} ".to_string()));
    let Piece::Code(code) = &pieces[3] else {
        panic!()
    };
    assert_eq!(code[2].kind, str_tok("}"));
    assert_eq!(one(r#"$"""#), Tok::Template(vec![]));
}

#[test]
fn comments_and_regions_are_dropped() {
    let text = "/// doc\na // line\n/* block\n */ b\n#region stuff\nc\n#endregion\n";
    assert_eq!(kinds(text), vec![name("a"), name("b"), name("c")]);
}

#[test]
fn macros_take_the_rest_of_the_line_and_continuations() {
    let text = "#macro A 1 + 2 \n#macro cfg:B foo(\\\n  1)\n#macro C\nx";
    assert_eq!(
        kinds(text),
        vec![
            Tok::Macro {
                config: None,
                name: "A".into(),
                body: "1 + 2".into()
            },
            Tok::Macro {
                config: Some("cfg".into()),
                name: "B".into(),
                body: "foo(\\\n  1)".into()
            },
            Tok::Macro {
                config: None,
                name: "C".into(),
                body: String::new()
            },
            name("x"),
        ]
    );
    // A continuation onto nothing is dropped, so printing cannot join lines.
    assert_eq!(
        one("#macro D 5 \\"),
        Tok::Macro {
            config: None,
            name: "D".into(),
            body: "5".into()
        }
    );
}

#[test]
fn define_names_a_script() {
    assert_eq!(
        kinds("#define scr_a\nx"),
        vec![Tok::Define("scr_a".into()), name("x")]
    );
}

#[test]
fn word_operators_are_their_symbols() {
    assert_eq!(
        kinds("and or xor not div mod begin end"),
        vec![
            Tok::AndAnd,
            Tok::OrOr,
            Tok::XorXor,
            Tok::Bang,
            Tok::IntDiv,
            Tok::Percent,
            Tok::LBrace,
            Tok::RBrace
        ]
    );
    // Only whole words: `android` is a name.
    assert_eq!(one("android"), name("android"));
}

#[test]
fn operators_take_the_longest_match() {
    assert_eq!(
        kinds("?? ??= ? [| [? [# [@ [$ [ << <= <> < >> >= > == = != ! := :"),
        vec![
            Tok::Nullish,
            Tok::Compound(AssignOp::Nullish),
            Tok::Question,
            Tok::Accessor(Accessor::List),
            Tok::Accessor(Accessor::Map),
            Tok::Accessor(Accessor::Grid),
            Tok::Accessor(Accessor::ArrayRef),
            Tok::Accessor(Accessor::Struct),
            Tok::LBracket,
            Tok::Shl,
            Tok::Le,
            Tok::Ne,
            Tok::Lt,
            Tok::Shr,
            Tok::Ge,
            Tok::Gt,
            Tok::EqEq,
            Tok::Assign,
            Tok::Ne,
            Tok::Bang,
            Tok::ColonAssign,
            Tok::Colon,
        ]
    );
    assert_eq!(
        kinds("++ += + -- -= - *= /= %= &= |= ^= && || ^^ & | ^ ~ %"),
        vec![
            Tok::PlusPlus,
            Tok::Compound(AssignOp::Add),
            Tok::Plus,
            Tok::MinusMinus,
            Tok::Compound(AssignOp::Sub),
            Tok::Minus,
            Tok::Compound(AssignOp::Mul),
            Tok::Compound(AssignOp::Div),
            Tok::Compound(AssignOp::Mod),
            Tok::Compound(AssignOp::And),
            Tok::Compound(AssignOp::Or),
            Tok::Compound(AssignOp::Xor),
            Tok::AndAnd,
            Tok::OrOr,
            Tok::XorXor,
            Tok::Amp,
            Tok::Pipe,
            Tok::Caret,
            Tok::Tilde,
            Tok::Percent,
        ]
    );
}

#[test]
fn tokens_know_their_line_and_column() {
    let toks = lex("a\n  \"é\" c\n\t\"x\"", Style::default()).unwrap();
    let at: Vec<(u32, u32, usize)> = toks
        .iter()
        .map(|t| (t.at.line, t.at.column, t.at.offset))
        .collect();
    // Columns count characters: `c` follows a two-byte `é`.
    assert_eq!(
        at,
        [(1, 1, 0), (2, 3, 4), (2, 7, 9), (3, 2, 12), (3, 5, 15)]
    );
}
