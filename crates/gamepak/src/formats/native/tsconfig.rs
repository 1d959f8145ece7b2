//! A content folder's `tsconfig.json`: which TypeScript files make the game, and
//! the options that change the JavaScript written from them.
//!
//! The file is JSON with comments and trailing commas, as TypeScript reads it.
//! Options that only steer type checking or where `tsc` would write are taken and
//! have no effect: checking types is the editor's job, and the script goes into
//! game.bin. Options that would change the script in a way we do not follow are
//! refused by name, as is any name TypeScript does not know.

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::js::{Target, TARGET_NAMES};

/// What `tsconfig.json` says, as far as building the script goes.
#[derive(Debug, Clone, Default)]
pub(super) struct TsConfig {
    pub target: Target,
    /// TypeScript's `useDefineForClassFields`, or its default for the target.
    pub define_class_fields: bool,
    /// `files`, as written: paths from the folder.
    pub files: Option<Vec<String>>,
    /// `include` and `exclude`, as written: patterns from the folder.
    pub include: Option<Vec<String>>,
    pub exclude: Option<Vec<String>>,
}

/// Top-level keys TypeScript reads that we follow or that change nothing here.
const TOP_LEVEL: [&str; 8] = [
    "compilerOptions",
    "files",
    "include",
    "exclude",
    "compileOnSave",
    "typeAcquisition",
    "watchOptions",
    "$schema",
];

/// Options that steer type checking, editors or where `tsc` writes, not what the
/// script does: taken, with no effect.
const NO_EFFECT: &[&str] = &[
    "allowJs",
    "allowSyntheticDefaultImports",
    "allowUmdGlobalAccess",
    "allowUnreachableCode",
    "allowUnusedLabels",
    "alwaysStrict",
    "baseUrl",
    "charset",
    "checkJs",
    "composite",
    "declaration",
    "declarationDir",
    "declarationMap",
    "diagnostics",
    "disableSizeLimit",
    "downlevelIteration",
    "emitDeclarationOnly",
    "esModuleInterop",
    "exactOptionalPropertyTypes",
    "extendedDiagnostics",
    "forceConsistentCasingInFileNames",
    "importsNotUsedAsValues",
    "incremental",
    "inlineSourceMap",
    "inlineSources",
    "isolatedModules",
    "keyofStringsOnly",
    "lib",
    "listEmittedFiles",
    "listFiles",
    "mapRoot",
    "maxNodeModuleJsDepth",
    "moduleResolution",
    "newLine",
    "noEmit",
    "noEmitOnError",
    "noErrorTruncation",
    "noFallthroughCasesInSwitch",
    "noImplicitAny",
    "noImplicitOverride",
    "noImplicitReturns",
    "noImplicitThis",
    "noImplicitUseStrict",
    "noPropertyAccessFromIndexSignature",
    "noStrictGenericChecks",
    "noUncheckedIndexedAccess",
    "noUnusedLocals",
    "noUnusedParameters",
    "out",
    "outDir",
    "outFile",
    "paths",
    "preserveConstEnums",
    "pretty",
    "removeComments",
    "rootDir",
    "rootDirs",
    "skipLibCheck",
    "sourceMap",
    "sourceRoot",
    "strict",
    "strictBindCallApply",
    "strictFunctionTypes",
    "strictNullChecks",
    "strictPropertyInitialization",
    "stripInternal",
    "suppressExcessPropertyErrors",
    "suppressImplicitAnyIndexErrors",
    "traceResolution",
    "tsBuildInfoFile",
    "typeRoots",
    "types",
    "useUnknownInCatchVariables",
    "verbatimModuleSyntax",
];

/// Options that change the script in ways we do not follow, and why.
const REFUSED: [(&str, &str); 10] = [
    ("experimentalDecorators", "decorators are not supported"),
    ("emitDecoratorMetadata", "decorators are not supported"),
    ("jsx", "JSX is not supported"),
    ("jsxFactory", "JSX is not supported"),
    ("jsxFragmentFactory", "JSX is not supported"),
    ("jsxImportSource", "JSX is not supported"),
    (
        "importHelpers",
        "helpers are written into the script; there is no tslib to import",
    ),
    (
        "noEmitHelpers",
        "helpers are written into the script, which needs them",
    ),
    ("emitBOM", "the engine's script has no byte-order mark"),
    ("plugins", "language-service plugins do not run here"),
];

/// Reads `text`, the folder's `tsconfig.json`, shown as `shown`.
pub(super) fn parse(text: &str, shown: &str) -> Result<TsConfig> {
    // Editors on Windows often start the file with a byte-order mark; tsc takes it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: Value = serde_json::from_str(&plain_json(text)).map_err(|e| {
        Error::at(
            shown,
            format!("line {}, column {}: {e}", e.line(), e.column()),
        )
    })?;
    let Value::Object(top) = value else {
        return Err(Error::at(shown, "not an object of settings"));
    };
    for key in top.keys() {
        refuse_unknown(
            shown,
            key,
            "",
            &TOP_LEVEL,
            &[
                (
                    "extends",
                    "extending another file is not supported: put its settings here",
                ),
                (
                    "references",
                    "project references are not supported: one folder is one game",
                ),
            ],
        )?;
    }
    let mut config = TsConfig {
        files: strings(&top, "files", shown)?,
        include: strings(&top, "include", shown)?,
        exclude: strings(&top, "exclude", shown)?,
        ..TsConfig::default()
    };
    let options = match top.get("compilerOptions") {
        None => Map::new(),
        Some(Value::Object(o)) => o.clone(),
        Some(_) => return Err(Error::at(shown, "compilerOptions: not an object")),
    };
    let known: Vec<&str> = NO_EFFECT
        .iter()
        .chain(&["target", "module", "useDefineForClassFields"])
        .copied()
        .collect();
    for key in options.keys() {
        refuse_unknown(shown, key, "compilerOptions.", &known, &REFUSED)?;
    }
    if let Some(target) = options.get("target") {
        let name = target.as_str().unwrap_or_default();
        config.target = Target::named(name).ok_or_else(|| {
            Error::at(
                shown,
                format!(
                    "compilerOptions.target: {target} is not one of {}",
                    TARGET_NAMES.join(", ")
                ),
            )
        })?;
    }
    if let Some(module) = options.get("module") {
        if !module
            .as_str()
            .is_some_and(|m| m.eq_ignore_ascii_case("none"))
        {
            return Err(Error::at(shown, format!("compilerOptions.module: {module} is not supported: the engine joins the game's files into one script, so leave it out or say \"none\"")));
        }
    }
    if options.get("allowJs") == Some(&Value::Bool(true)) {
        return Err(Error::at(shown, "compilerOptions.allowJs: JavaScript files are not joined with TypeScript ones: give the game in TypeScript, or as one .js file with no tsconfig.json"));
    }
    config.define_class_fields = match options.get("useDefineForClassFields") {
        None => config.target.defines_class_fields(),
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            return Err(Error::at(
                shown,
                format!("compilerOptions.useDefineForClassFields: {other} is not true or false"),
            ))
        }
    };
    Ok(config)
}

/// Refuses `key` when it is in `refused` (saying why) or not in `known` (with the
/// nearest known name).
fn refuse_unknown(
    shown: &str,
    key: &str,
    prefix: &str,
    known: &[&str],
    refused: &[(&str, &str)],
) -> Result<()> {
    if let Some((_, why)) = refused.iter().find(|(name, _)| *name == key) {
        return Err(Error::at(shown, format!("{prefix}{key}: {why}")));
    }
    if known.contains(&key) {
        return Ok(());
    }
    let hint = match crate::nearest::nearest(key, known.iter().copied()) {
        Some(near) => format!("; did you mean {near}?"),
        None => String::new(),
    };
    Err(Error::at(
        shown,
        format!("{prefix}{key}: not a setting TypeScript has{hint}"),
    ))
}

/// `top[key]` as a list of text, when there.
fn strings(top: &Map<String, Value>, key: &str, shown: &str) -> Result<Option<Vec<String>>> {
    let Some(value) = top.get(key) else {
        return Ok(None);
    };
    let list = value.as_array().and_then(|items| {
        items
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
    });
    list.map(Some)
        .ok_or_else(|| Error::at(shown, format!("{key}: not a list of paths")))
}

/// `text` as plain JSON: comments become spaces and a comma before a closing
/// bracket goes, so that lines and columns stay where they were.
fn plain_json(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let mut i = 0;
    // Where the last comma outside a string was, while only blanks followed it.
    let mut comma: Option<usize> = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                comma = None;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
                out[i..end].fill(b' ');
                i = end;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/").map_or(bytes.len(), |n| i + n + 4);
                for b in &mut out[i..end] {
                    if *b != b'\n' {
                        *b = b' ';
                    }
                }
                i = end;
                continue;
            }
            b',' => comma = Some(i),
            b'}' | b']' => {
                if let Some(at) = comma.take() {
                    out[at] = b' ';
                }
            }
            b if b.is_ascii_whitespace() => {}
            _ => comma = None,
        }
        i += 1;
    }
    // Only ASCII bytes were replaced, by ASCII, so the text is still UTF-8.
    String::from_utf8(out).expect("ASCII replaced by ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_own_tsconfig_reads_with_comments_and_trailing_commas() {
        let text = r#"{
    "files": [
        "../Api.ts",
        "Misc.ts", // a comment
        /* another */ "Font.ts",
    ],
    "compilerOptions": { "noImplicitAny": true, "outFile": "a // b.js", "target": "es3", },
}"#;
        let c = parse(&format!("\u{feff}{text}"), "tsconfig.json").unwrap();
        assert_eq!(c.target, Target::Es3);
        assert!(!c.define_class_fields);
        assert_eq!(c.files.unwrap(), ["../Api.ts", "Misc.ts", "Font.ts"]);
    }

    #[test]
    fn what_we_do_not_follow_is_refused_by_name() {
        let refused = |options: &str| {
            parse(
                &format!(r#"{{"compilerOptions": {{{options}}}}}"#),
                "tsconfig.json",
            )
            .unwrap_err()
            .to_string()
        };
        assert!(refused(r#""experimentalDecorators": true"#)
            .contains("compilerOptions.experimentalDecorators: decorators are not supported"));
        assert!(refused(r#""targt": "es5""#)
            .contains("compilerOptions.targt: not a setting TypeScript has; did you mean target?"));
        assert!(refused(r#""target": "es1999""#).contains("is not one of es3, es5"));
        assert!(refused(r#""module": "commonjs""#)
            .contains("compilerOptions.module: \"commonjs\" is not supported"));
        let extends = parse(r#"{"extends": "../base.json"}"#, "t")
            .unwrap_err()
            .to_string();
        assert!(
            extends.contains("extends: extending another file is not supported"),
            "{extends}"
        );
        let broken = parse("{ \"files\": [ }", "tsconfig.json")
            .unwrap_err()
            .to_string();
        assert!(
            broken.starts_with("tsconfig.json: line 1, column"),
            "{broken}"
        );
    }
}
