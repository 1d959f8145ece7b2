//! What is not GML is refused with its place and a caret under it, and no input,
//! however deep, runs the stack out.

use super::err;
use crate::formats::gamemaker::gml::language::parse::{parse, MAX_DEPTH};

#[test]
fn an_unterminated_string_points_at_its_quote() {
    assert_eq!(
        err("a = 1;\nb = \"open"),
        "2:5: this string is never closed\nb = \"open\n    ^"
    );
    assert_eq!(
        err("x = $\"a {b"),
        "1:9: this template string's `{` is never closed\nx = $\"a {b\n        ^"
    );
    assert!(err("x = $\"a {b\"").starts_with("1:11: this string is never closed"));
    assert!(err("x = $\"a {b}").starts_with("1:5: this template string is never closed"));
    assert!(err("/* never").starts_with("1:1: this `/*` comment is never closed"));
}

#[test]
fn a_bad_character_is_named() {
    assert_eq!(
        err("a = 1 ` 2"),
        "1:7: unexpected character ```\na = 1 ` 2\n      ^"
    );
    assert!(err("a = 1abc").starts_with("1:5: a number runs into a name here"));
    assert!(err("a = $").starts_with("1:5: unexpected character `$`"));
    assert!(err("#pragma x").starts_with("1:1: unknown directive `#pragma`"));
}

#[test]
fn a_missing_parenthesis_is_found_where_it_should_be() {
    assert_eq!(
        err("f(a, b;"),
        "1:7: expected `,` or `)`, found `;`\nf(a, b;\n      ^"
    );
    assert_eq!(
        err("x = (a + b;"),
        "1:11: expected `)`, found `;`\nx = (a + b;\n          ^"
    );
    assert_eq!(
        err("if (a {\n}"),
        "1:7: expected `)`, found `{`\nif (a {\n      ^"
    );
}

#[test]
fn an_unclosed_bracket_is_reported_where_it_opens() {
    assert_eq!(
        err("if (a) {\n    x = 1;\n\ny = 2;\n"),
        "1:8: expected `}`, found the end of the text: this `{` is never closed\n\
         if (a) {\n       ^"
    );
    // A bracket closed by the wrong token is reported at that token.
    assert!(err("a = [1, 2;").starts_with("1:10: expected `,` or `]`, found `;`"));
    assert!(err("x = [1,\n (2")
        .starts_with("2:2: expected `)`, found the end of the text: this `(` is never closed"));
}

#[test]
fn a_keyword_cannot_be_a_name() {
    assert_eq!(
        err("var if = 1;"),
        "1:5: `if` is a keyword, and cannot be used as a variable name\nvar if = 1;\n    ^"
    );
    assert!(err("function begin() {}").contains("`begin` is a keyword"));
    // Games before 2.3 name variables with the words 2.3 made keywords, and
    // later ones name struct fields with any keyword: after a `.` a word is a
    // field's name.
    assert!(parse("global.static = 0.01;").is_ok());
    assert!(parse("_dict.switch = 1; x = a.case;").is_ok());
    assert!(err("x = { and: 1 }").contains("`and` is a keyword"));
    assert!(err("x = until + 1").contains("`until` is a keyword"));
}

#[test]
fn tabs_keep_the_caret_in_line() {
    assert_eq!(
        err("\tx = (1;"),
        "1:8: expected `)`, found `;`\n\tx = (1;\n\t      ^"
    );
}

#[test]
fn assignments_do_not_chain() {
    let e = err("a = b = c;");
    assert!(
        e.starts_with("1:7: an assignment cannot hold another"),
        "{e}"
    );
    assert!(err("var a = b = c;").contains("an assignment cannot hold another"));
    assert!(err("f() = 1").contains("only a name, a field or an index can be assigned"));
}

#[test]
fn other_mistakes() {
    assert!(err("}").contains("expected the end of the text, found `}`"));
    assert!(err("{").contains("expected `}`, found the end of the text"));
    assert!(err("else x()").contains("expected a statement, found the keyword `else`"));
    assert!(err("x = ;").contains("expected an expression, found `;`"));
    assert!(err("x = a[| 1, 2];").contains("this accessor takes one index"));
    assert!(err("x = a[# 1];").contains("this accessor takes two indices"));
    assert!(err("switch (a) { f(); }").contains("expected `case`, `default` or `}`"));
    assert!(err("x = $\"{}\"").contains("holds no expression"));
    assert!(err("x = \"\\u{110000}\"").contains("is not a character"));
    assert!(err("x = 99999999999999999999").contains("does not fit in 64 bits"));
    assert!(err("x = 9223372036854775808").contains("does not fit in 64 bits"));
    assert!(err("{ #define a\n}").contains("`#define` starts a script only outside"));
    assert!(err("#macro").contains("`#macro` needs the macro's name"));
}

/// Parses `text`, expecting the nesting limit's error.
fn too_deep(text: &str) {
    match parse(text) {
        Ok(_) => panic!("{} bytes of nesting parse", text.len()),
        Err(e) => assert!(e.message.contains("nested too deeply"), "{e}"),
    }
}

#[test]
fn nesting_past_the_limit_is_an_error_not_a_crash() {
    let n = 100_000;
    too_deep(&format!("x = {}1{};", "(".repeat(n), ")".repeat(n)));
    too_deep(&format!("x = {}1;", "-".repeat(2 * n).replace("--", "- ")));
    too_deep(&format!("x = {}1;", "!".repeat(n)));
    too_deep(&format!("x = {}1{};", "[".repeat(n), "]".repeat(n)));
    too_deep(&format!("x = {}1{};", "{a:".repeat(n), "}".repeat(n)));
    too_deep(&format!("{}{}", "{".repeat(n), "}".repeat(n)));
    too_deep(&"if (a) ".repeat(n));
    too_deep(&format!("x = 1{};", " + 1".repeat(n)));
    too_deep(&format!("x = a{};", ".b".repeat(n)));
    too_deep(&format!("x = f{};", "()".repeat(n)));
    too_deep(&format!("x = 1{};", " ? 1 : 1".repeat(n)));
    too_deep(&format!("x = {}1;", "new ".repeat(n)));
    too_deep(&format!(
        "x = {}{};",
        "function() {".repeat(n),
        "}".repeat(n)
    ));
    let template = format!("x = {}1{};", "$\"{".repeat(n), "}\"".repeat(n));
    assert!(parse(&template).is_err());
}

#[test]
fn nesting_up_to_the_limit_parses() {
    // Levels the limit leaves for what holds the parentheses: the statement and
    // the assignment's value.
    let n = MAX_DEPTH - 3;
    let text = format!("x = {}1{};", "(".repeat(n), ")".repeat(n));
    parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let text = format!("{}x = 1;{}", "if (a) {".repeat(n / 2), "}".repeat(n / 2));
    let tree = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    // What parses prints, and the tree drops, without running the stack out.
    let printed = super::printed(&tree);
    assert_eq!(parse(&printed).unwrap(), tree);
}

#[test]
fn odd_bytes_are_refused_without_a_panic() {
    for text in [
        "\u{0}",
        "x = \"\\",
        "x = '\\u{",
        "x = @\"",
        "x = $\"{",
        "x = $\"\\",
        "#",
        "#macro a:",
        "x = 0x",
        "x = 0b2",
        "x = .",
        "x = 1.e5",
        "a[",
        "a.",
        "new",
        "function",
        "enum",
        "enum E {",
        "switch",
        "for (",
        "for (;",
        "try catch",
        "x = $\"{a b}\"",
        "\u{feff}x = 1;é",
    ] {
        let _ = parse(text);
    }
}
