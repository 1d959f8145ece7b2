//! Hand-written programs covering every construct: printed, each parses back to
//! the tree it was printed from, and prints the same text again.

use super::{p, printed};
use crate::formats::gamemaker::gml::language::parse::parse_with;
use crate::formats::gamemaker::gml::language::print::{print, Style};

/// `text` parses; printed and parsed again it is the same tree; printed again, the
/// same text. Gives the printed text.
fn round_trip(text: &str) -> String {
    let tree = p(text);
    let once = printed(&tree);
    let again = p(&once);
    assert_eq!(again, tree, "printed:\n{once}");
    assert_eq!(printed(&again), once);
    once
}

/// Programs written in the printer's layout, which print back as written.
const IN_LAYOUT: &[&str] = &[
    "x = 1;\ny = -2.5;\nz = $\"a {x + 1} \\{b\\}\";\n",
    "var a = 1, b;\nstatic c = [1, 2, [3]];\nglobalvar g, h;\n",
    "if (a && b) {\n    f();\n} else if (c) {\n    g();\n} else {\n    h();\n}\n",
    "while (i < 10) {\n    i++;\n}\ndo {\n    --j;\n} until (j <= 0);\n",
    "for (var i = 0; i < n; i += 1) {\n    continue;\n}\nfor (;;) {\n    break;\n}\n",
    "repeat (3) {\n    instance_create(x, y, obj);\n}\nwith (other) {\n    hp -= 1;\n}\n",
    "switch (state) {\n    case 0:\n    case 1:\n        f();\n        break;\n    default:\n        exit;\n}\n",
    "try {\n    risky();\n} catch (e) {\n    show_debug_message(e.message);\n} finally {\n    tidy();\n}\n",
    "throw \"bad\";\ndelete s.field;\nreturn;\n",
    "function Vec(x, y = 0) : Base(x) constructor {\n    static len = function() {\n        return sqrt(x * x + y * y);\n    };\n}\n",
    "enum Dir {\n    Left,\n    Right = 2,\n    Up\n}\n#macro SPEED 4 * 2\n#macro Debug:LOG show_debug_message\n",
    "s = { a: 1, b: [2, 3], \"not a name\": 4 };\nv = s.a + s[$ \"b\"][0];\n",
    "m[? \"k\"] = l[| 0] + g[# 1, 2] + a[@ 3] + a[1, 2];\n",
    "p = new Vec(1, 2);\nq = (new Vec(1)).x;\nr = new (make())();\n",
    "x = a ?? b;\na ??= c;\ny = a ? b : (c ? d : e);\n",
    "x = (a | b) & c;\ny = a - (b - c);\nz = -(-1);\nw = -(a + b);\n",
    "({ a: 1 }).a = 2;\n(function() {\n})();\n(function g() {\n});\n({ a: 1 }).a + 1;\n",
    "x = (1).y + (-1).y;\ny = a[0]++ + ++b.c;\nz = !a && ~b;\n",
    "{\n    a = 1;\n    {\n    }\n}\n",
    "x = a div b mod c;\ny = a << 1 >> 2;\nz = a ^^ b || c;\n",
    "x = [ $\"{a}\", 1];\ny = a[ $\"k\"] + a[$ \"k\"];\n",
];

#[test]
fn programs_in_layout_print_as_written() {
    for text in IN_LAYOUT {
        assert_eq!(round_trip(text), *text);
    }
}

/// Programs in other layouts and spellings, which print in the printer's.
const OTHER_SPELLINGS: &[&str] = &[
    "if a = b then x = 1 else begin y = 2; z = 3 end",
    "while not done do_step()\nrepeat 3 f()",
    "with obj_enemy if hp <= 0 instance_destroy()",
    "var a=1,b=2 a+=b; b-=a\nc:=a<>b",
    "x = a and b or c xor not d",
    "// comment\n/* block */ x = 1 /// doc\n#region r\ny = 2\n#endregion",
    "switch x { case 1: f() case 2: { g() } break default: }",
    "do x++ until x > 10",
    "for (i=0;i<10;i++) if i mod 2 == 0 continue",
    "s = {a, b: 2,}; t = [1,2,];",
    "f = function(a, b = 2,) { return a + b }",
    "x = 'single' + @\"verbatim\\path\" + @'also\nverbatim'",
    "x = $ff + 0xff + 0b11 + 1_000 + .5",
    "#macro LONG 1 + \\\n  2\nx = LONG",
    "x = a[? b][| c][# d, e][@ f][$ g]",
    "if (a) {} ; else {}",
    "#define first\nreturn 1\n#define second\nreturn argument0 * 2",
    "x = -(5) + - -5 + -(-5)",
    "x = new a.B(1).c",
    "x = \"tab\\tnew\\nline\\u0001\"",
];

#[test]
fn other_spellings_print_in_layout_and_read_back() {
    for text in OTHER_SPELLINGS {
        round_trip(text);
    }
}

#[test]
fn studio_1_strings_print_back_without_escapes() {
    let old = Style { escapes: false };
    let text = "a = 'C:\\dir\\';\nb = \"say 'hi'\";\nc = 'say \"hi\"';\n";
    let tree = parse_with(text, old).unwrap();
    let once = print(&tree, old);
    assert_eq!(
        once,
        "a = \"C:\\dir\\\";\nb = \"say 'hi'\";\nc = 'say \"hi\"';\n"
    );
    assert_eq!(parse_with(&once, old).unwrap(), tree);
}
