//! The native builder's TypeScript: each language feature the engine's games use,
//! compiled for the engine's ES3 target and run; the examples' folder built from
//! TypeScript in development and production, and both runs compared; the engine's
//! own content folders built from their TypeScript; and what is refused.

use std::path::{Path, PathBuf};
use std::process::Command;

use gamepak::js::{self, Source, Target};
use gamepak::native::{self, BuildOptions};

use crate::common::{debian, fixture_dir};

fn node() -> PathBuf {
    debian::program(
        "GAMEPAK_NODE",
        &["/usr/bin/node", "/usr/bin/nodejs"],
        "nodejs",
    )
}

/// What `script` prints when run, as lines.
fn run(script: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.js");
    std::fs::write(&file, script).unwrap();
    let out = Command::new(node()).arg(&file).output().unwrap();
    assert!(
        out.status.success(),
        "{}\n{script}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn es3(ts: &str) -> String {
    let source = Source {
        shown: "Game.ts".into(),
        text: ts.into(),
    };
    js::compile(&[source], Target::Es3, false).unwrap()
}

/// Syntax newer than ES5, which the engine's runtime would refuse.
fn assert_es5(js: &str) {
    for line in js.lines().map(str::trim) {
        let declares = ["class ", "let ", "const "]
            .iter()
            .any(|k| line.starts_with(k));
        let newer = ["=>", "`", "?.", "??", "..."]
            .iter()
            .any(|s| line.contains(s));
        assert!(!declares && !newer, "{line:?} is newer than ES5, in:\n{js}");
    }
}

#[test]
fn typescript_features_the_engines_games_use_compile_to_es3_and_run() {
    let cases: [(&str, &str, &[&str]); 8] = [
        (
            "classes",
            "abstract class Shape { static made = 0; constructor(public name: string) { Shape.made++ }
             abstract area(): number
             describe() { return this.name + \" \" + this.area() } }
             class Square extends Shape { constructor(private side: number) { super(\"square\") }
             area() { return this.side * this.side }
             describe() { return super.describe() + \"!\" } }
             console.log(new Square(3).describe(), Shape.made)",
            &["square 9! 1"],
        ),
        (
            "enums",
            "enum Facing { Left, Right = 5, Up }
             const enum Speed { Slow = \"slow\", Fast = \"fast\" }
             console.log(Facing.Up, Facing[5], Speed.Fast)",
            &["6 Right fast"],
        ),
        (
            "namespaces",
            "namespace Tuning { export const Ground = 40; export function twice(n: number) { return n * 2 } }
             namespace Tuning { export const Sky = Tuning.twice(Tuning.Ground) }
             console.log(Tuning.Ground, Tuning.Sky)",
            &["40 80"],
        ),
        (
            "arrow functions",
            "class Counter { n = 0; bump = () => { this.n++; return this } }
             const c = new Counter(); [1, 2, 3].forEach(() => c.bump())
             const fns: (() => number)[] = []; for (let i = 0; i < 3; i++) fns.push(() => i)
             console.log(c.n, fns.map(f => f()).join(\",\"))",
            &["3 0,1,2"],
        ),
        (
            "optional chaining",
            "interface Hero { pet?: { name?: string } }
             const a: Hero = {}; const b: Hero = { pet: { name: \"Rex\" } }
             console.log(a.pet?.name ?? \"none\", b.pet?.name, a.pet?.name?.length)",
            &["none Rex undefined"],
        ),
        (
            "generics",
            "class Pool<T> { private items: T[] = []
             put(item: T): this { this.items.push(item); return this }
             take(): T | undefined { return this.items.pop() } }
             function first<T, K extends keyof T>(xs: T[], key: K): T[K] { return xs[0][key] }
             console.log(new Pool<number>().put(1).put(2).take(), first([{ x: 7 }], \"x\"))",
            &["2 7"],
        ),
        (
            "type-only imports",
            "import type { Thing } from \"./Thing\"
             export type Alias = Thing
             const made: Alias | null = null
             console.log(made === null)",
            &["true"],
        ),
        (
            "destructuring, spread, templates and for-of",
            "const [head, ...rest] = [1, 2, 3]; const { x, y = 9 } = { x: 4 } as { x: number, y?: number }
             function sum(...n: number[]) { let t = 0; for (const v of n) t += v; return t }
             console.log(`${head}|${rest}|${x + y}|${sum(...rest, 10)}`)",
            &["1|2,3|13|15"],
        ),
    ];
    for (feature, ts, expected) in cases {
        let js = es3(ts);
        assert_es5(&js);
        assert_eq!(run(&js), expected, "{feature}:\n{js}");
    }
}

/// The script chunk of `game_bin`, inflated in a production build.
fn script_of(game_bin: &[u8]) -> String {
    let limits = Default::default();
    let doc = native::read(game_bin, &limits).unwrap();
    let chunk = doc.chunks[2].to_vec();
    let script = if doc.meta.flags == native::model::FLAG_PRODUCTION {
        gamepak::codec::zlib::inflate(&chunk, &limits, "script", 0).unwrap()
    } else {
        chunk
    };
    String::from_utf8(script).unwrap()
}

const STUB: &str = include_str!("native_scripts/stub_engine.js");

/// What the game's start-up does, as the stand-in engine records it: the script
/// chunk of `game_bin` run, then `StartGame`.
fn start_up(game_bin: &[u8]) -> Vec<String> {
    let script = script_of(game_bin);
    run(&format!(
        "{STUB}\n{script}\nStartGame();\nconsole.log(calls.join(\"\\n\"));"
    ))
}

fn build(dir: &Path, production: bool) -> gamepak::PackOutcome {
    let opts = BuildOptions {
        production,
        ..BuildOptions::default()
    };
    native::build(dir, &opts, &Default::default()).unwrap()
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/native/content")
}

#[test]
fn minified_production_script_starts_the_game_as_the_development_one_does() {
    let dev = build(&examples(), false);
    let prod = build(&examples(), true);
    let calls = start_up(&dev.bytes);
    assert!(calls.len() > 8, "{calls:?}");
    assert_eq!(start_up(&prod.bytes), calls);
    let script = script_of(&prod.bytes);
    for kept in [
        "function StartGame(",
        "Content={Beep:0,",
        "WidthVirtualPixels=160",
        "SetLoadingMessage(",
        "Music.Set",
        ".Theme",
    ] {
        assert!(script.contains(kept), "{kept} not kept:\n{script}");
    }
    let dev_script = script_of(&dev.bytes);
    assert!(
        script.len() * 2 < dev_script.len(),
        "{} of {}",
        script.len(),
        dev_script.len()
    );
}

/// The engine's own content folders build straight from their TypeScript, and the
/// game starts as the engine's own build of the same folder does.
#[test]
fn the_engines_content_folders_build_from_typescript_as_the_engine_built_them() {
    let Some(inputs) = fixture_dir("native_typescript", "native/inputs") else {
        return;
    };
    for game in ["basic", "noaudio", "multiaudio"] {
        let ours = build(&inputs.join(game), false);
        assert!(
            ours.reencoded
                .iter()
                .any(|n| n.contains("left out ../Engine/SharedApi.ts, ../Temp/Content/Types.ts")),
            "{game}: {:?}",
            ours.reencoded
        );
        let theirs = inputs.join(format!("../{game}.development.game.bin"));
        let Ok(theirs) = std::fs::read(&theirs) else {
            // multiaudio's real build has its audio out of order; its script is the
            // same as ours, but which clip is which is not.
            let file = inputs.join(format!("../{game}.development.RACE-audio-order.game.bin"));
            let theirs = std::fs::read(file).unwrap();
            assert_eq!(game_calls(&ours.bytes).len(), game_calls(&theirs).len());
            continue;
        };
        assert_eq!(game_calls(&ours.bytes), game_calls(&theirs), "{game}");
    }
}

/// The game's own calls at start-up: the real builds hold the engine's script too,
/// which the stand-in replaces, so only `StartGame`'s body is run.
fn game_calls(game_bin: &[u8]) -> Vec<String> {
    let script = script_of(game_bin);
    let body = script
        .split_once("function StartGame() {\n")
        .and_then(|(_, rest)| rest.rsplit_once("\n}\nSetLoadingMessage"))
        .map(|(body, _)| body)
        .expect("a StartGame function");
    let content = script
        .split_once("var Content = ")
        .and_then(|(_, rest)| rest.split_once("\nfunction StartGame"))
        .map(|(table, _)| table)
        .expect("a Content table");
    run(&format!(
        "{STUB}\nvar Content = {content}\n{body}\nconsole.log(calls.join(\"\\n\"));"
    ))
}

fn refused(files: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("Configuration.json"),
        r#"{"Name": "T", "VirtualWidth": 64, "VirtualHeight": 48}"#,
    )
    .unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let opts = BuildOptions::default();
    let e = native::build(dir.path(), &opts, &Default::default()).unwrap_err();
    let shown = e.to_string();
    shown.replace(&dir.path().display().to_string(), "DIR")
}

#[test]
fn bad_typescript_and_tsconfigs_are_refused_with_their_place() {
    let syntax = refused(&[("Entry.ts", "const a = 1\nconst b = (a +\n")]);
    assert!(
        syntax.starts_with("DIR/Entry.ts:2:16: Expression expected\n"),
        "{syntax}"
    );
    let caret = refused(&[("Game/Bad.ts", "let x: number = 1\nlet y = x x\n")]);
    assert!(caret.starts_with("DIR/Game/Bad.ts:2:11: "), "{caret}");
    assert!(caret.ends_with("\nlet y = x x\n          ^"), "{caret}");
    let import = refused(&[("A.ts", "import { B } from \"./B\"\nB()\n")]);
    assert!(
        import.starts_with("DIR/A.ts:1:1: imports a value"),
        "{import}"
    );
    let export = refused(&[("B.ts", "let a = 1\nexport function B() {}\n")]);
    assert!(
        export.starts_with("DIR/B.ts:2:1: exports a value"),
        "{export}"
    );
    let json = refused(&[("tsconfig.json", "{ \"files\": [ }"), ("Entry.ts", "")]);
    assert!(
        json.starts_with("DIR/tsconfig.json: line 1, column"),
        "{json}"
    );
    let option = refused(&[
        ("tsconfig.json", r#"{"compilerOptions": {"jsx": "react"}}"#),
        ("Entry.ts", ""),
    ]);
    assert!(
        option.contains("compilerOptions.jsx: JSX is not supported"),
        "{option}"
    );
    let missing = refused(&[
        ("tsconfig.json", r#"{"files": ["Entry.ts", "Gone.ts"]}"#),
        ("Entry.ts", ""),
    ]);
    assert!(
        missing.contains("files: Gone.ts: no such file"),
        "{missing}"
    );
    let reference = refused(&[("Entry.ts", "/// <reference path=\"Gone.ts\" />\n")]);
    assert!(
        reference.starts_with("DIR/Entry.ts:1: reference path \"Gone.ts\": no such file"),
        "{reference}"
    );
    let deep = refused(&[(
        "Entry.ts",
        &format!("var a = {}1{}", "[".repeat(3000), "]".repeat(3000)),
    )]);
    assert!(deep.contains("nested more than 1000 deep"), "{deep}");
    // The parser drops the lexer's error while it guesses at `a<b>`.
    let string = refused(&[("Entry.ts", "let a = 1, b = 2\na<b>\n\"s")]);
    assert!(
        string.starts_with("DIR/Entry.ts:3:1: Unterminated string constant"),
        "{string}"
    );
}

#[test]
fn files_join_in_tscs_order_references_first() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("Game/Deep")).unwrap();
    for (name, text) in [
        (
            "Entry.ts",
            "/// <reference path=\"Game/Later.ts\" />\nconsole.log(\"Entry\")",
        ),
        ("Alpha.ts", "console.log(\"Alpha\")"),
        (
            "Game/Later.ts",
            "/// <reference path=\"Deep/First.ts\" />\nconsole.log(\"Later\")",
        ),
        (
            "Game/Deep/First.ts",
            "/// <reference path=\"../Later.ts\" />\nconsole.log(\"First\")",
        ),
        ("Game/Beta.ts", "console.log(\"Beta\")"),
        ("Types.d.ts", "declare const Never: number"),
    ] {
        std::fs::write(d.join(name), text).unwrap();
    }
    std::fs::write(
        d.join("Configuration.json"),
        r#"{"Name": "T", "VirtualWidth": 8, "VirtualHeight": 8}"#,
    )
    .unwrap();
    let all = build(d, false);
    let lines = printed(&all.bytes);
    assert_eq!(lines, ["Alpha", "First", "Later", "Entry", "Beta"]);
    assert!(all.unused.is_empty(), "{:?}", all.unused);
    std::fs::write(
        d.join("tsconfig.json"),
        r#"{"files": ["Game/Beta.ts", "Entry.ts"]}"#,
    )
    .unwrap();
    let listed = build(d, false);
    assert_eq!(printed(&listed.bytes), ["Beta", "First", "Later", "Entry"]);
    let unused: Vec<&str> = listed.unused.iter().map(|u| u.file.as_str()).collect();
    assert_eq!(unused, ["Alpha.ts", "Types.d.ts"]);
}

/// What the game prints at start-up.
fn printed(game_bin: &[u8]) -> Vec<String> {
    let script = script_of(game_bin);
    run(&format!("{STUB}\n{script}\nStartGame();"))
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect()
}
