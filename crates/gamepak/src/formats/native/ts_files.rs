//! Which TypeScript files make the game, and in what order they are joined.
//!
//! The order is `tsc --outFile`'s for a project without modules: the roots are
//! `files` in the order written, then what `include` matches (everything, when
//! neither is given) less `exclude`, each pattern's matches in the order `tsc`
//! walks a folder: its files by name, then its subfolders by name. Each file comes
//! after the files its `/// <reference path="..." />` lines name, depth first, and
//! only once. Declaration files (`.d.ts`) hold no code and are not joined.
//!
//! A path that leads outside the folder is left out: the engine's own tsconfig
//! names its API declarations and the generated `Content` types that way, and the
//! build never reads outside the folder.

use std::cmp::Ordering;
use std::collections::HashSet;

use globset::GlobMatcher;

use super::tsconfig::TsConfig;
use crate::error::{Error, Result};
use crate::io::SourceDir;
use crate::js::Source;

/// The program's files in order, and what was left out for lying outside.
#[derive(Debug, Default)]
pub(super) struct TsFiles {
    pub sources: Vec<Source>,
    pub outside: Vec<String>,
}

/// `exclude` when the tsconfig gives none, as TypeScript has it.
const DEFAULT_EXCLUDE: [&str; 3] = ["node_modules", "bower_components", "jspm_packages"];

/// The game's TypeScript, read from `src`, whose files are `all` (folder-relative).
pub(super) fn gather(src: &SourceDir, config: &TsConfig, all: &[String]) -> Result<TsFiles> {
    let shown = src.shown(super::build::TSCONFIG);
    let mut walk = Walk {
        src,
        seen: HashSet::new(),
        out: TsFiles::default(),
    };
    for entry in config.files.iter().flatten() {
        match resolve("", entry) {
            Some(name) if src.is_file(&name)? => walk.visit(&name)?,
            Some(name) => {
                return Err(Error::at(
                    &shown,
                    format!("files: {entry}: no such file ({})", src.shown(&name)),
                ))
            }
            None => walk.out.outside.push(entry.clone()),
        }
    }
    for name in included(config, all, &shown)? {
        walk.visit(&name)?;
    }
    Ok(walk.out)
}

/// The `.ts` files (declarations too) `include` matches and `exclude` does not, in `tsc`'s order.
fn included(config: &TsConfig, all: &[String], shown: &str) -> Result<Vec<String>> {
    let include = match (&config.include, &config.files) {
        (Some(patterns), _) => patterns.clone(),
        (None, Some(_)) => return Ok(Vec::new()),
        (None, None) => vec!["**/*".to_string()],
    };
    let exclude = match &config.exclude {
        Some(patterns) => patterns.clone(),
        None => DEFAULT_EXCLUDE.map(str::to_string).to_vec(),
    };
    let exclude = exclude
        .iter()
        .map(|p| matcher(p, shown))
        .collect::<Result<Vec<_>>>()?;
    let mut code: Vec<&String> = all
        .iter()
        .filter(|n| n.ends_with(".ts"))
        .filter(|n| !excluded(n, &exclude))
        .collect();
    code.sort_by(|a, b| walk_order(a, b));
    let mut out = Vec::new();
    for pattern in &include {
        let m = matcher(pattern, shown)?;
        out.extend(code.iter().filter(|n| m.is_match(n)).map(|n| n.to_string()));
    }
    let mut once = HashSet::new();
    out.retain(|n| once.insert(n.clone()));
    Ok(out)
}

/// A pattern of `include` or `exclude`: `*` and `?` within a name, `**/` across
/// folders; a last part with no wildcard and no extension is a folder, and stands
/// for everything in it.
fn matcher(pattern: &str, shown: &str) -> Result<GlobMatcher> {
    let mut p = pattern
        .trim_start_matches("./")
        .trim_end_matches('/')
        .to_string();
    let last = p.rsplit('/').next().unwrap_or_default();
    if !last.contains(['*', '?', '.']) {
        p.push_str("/**/*");
    }
    let glob = globset::GlobBuilder::new(&p)
        .literal_separator(true)
        .build()
        .map_err(|e| Error::at(shown, format!("pattern {pattern:?}: {e}")))?;
    Ok(glob.compile_matcher())
}

/// Whether `name`, or a folder holding it, matches one of `exclude`.
fn excluded(name: &str, exclude: &[GlobMatcher]) -> bool {
    let mut path = name;
    loop {
        if exclude.iter().any(|m| m.is_match(path)) {
            return true;
        }
        match path.rsplit_once('/') {
            Some((parent, _)) => path = parent,
            None => return false,
        }
    }
}

/// `tsc`'s walk of a folder: its own files by name, then each subfolder by name.
fn walk_order(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a.split('/').peekable(), b.split('/').peekable());
    loop {
        match (x.next(), y.next()) {
            (Some(p), Some(q)) if p == q => continue,
            (Some(p), Some(q)) => {
                // A file (the last part) comes before a folder.
                let p_file = x.peek().is_none();
                let q_file = y.peek().is_none();
                return q_file.cmp(&p_file).then_with(|| p.cmp(q));
            }
            (p, q) => return p.is_some().cmp(&q.is_some()),
        }
    }
}

/// `path` taken from the folder-relative folder `dir`, as a folder-relative name;
/// `None` when it leads outside the folder or is absolute.
fn resolve(dir: &str, path: &str) -> Option<String> {
    let path = path.replace('\\', "/");
    if path.starts_with('/') || path.as_bytes().get(1) == Some(&b':') {
        return None;
    }
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

struct Walk<'a> {
    src: &'a SourceDir,
    seen: HashSet<String>,
    out: TsFiles,
}

/// A file being walked: its text, and which of its references come next.
struct Open {
    name: String,
    shown: String,
    text: String,
    references: std::vec::IntoIter<(usize, String)>,
}

impl Walk<'_> {
    /// `name` after the files it references, unless it came already. The files on
    /// the way down are held on a stack of their own, so a chain of references as
    /// long as the folder has files needs no deeper call stack than one.
    fn visit(&mut self, name: &str) -> Result<()> {
        let mut open: Vec<Open> = self.open(name)?.into_iter().collect();
        while let Some(top) = open.last_mut() {
            let Some((line, path)) = top.references.next() else {
                let done = open.pop().expect("a file is open");
                if !done.name.ends_with(".d.ts") {
                    self.out.sources.push(Source {
                        shown: done.shown,
                        text: done.text,
                    });
                }
                continue;
            };
            let dir = top.name.rsplit_once('/').map_or("", |(d, _)| d);
            match resolve(dir, &path) {
                None => self.out.outside.push(path),
                Some(r) if r.ends_with(".d.ts") => {}
                Some(r) if self.src.is_file(&r)? => open.extend(self.open(&r)?),
                Some(r) => {
                    let missing = format!(
                        "reference path {path:?}: no such file ({})",
                        self.src.shown(&r)
                    );
                    return Err(Error::at(format!("{}:{line}", top.shown), missing));
                }
            }
        }
        Ok(())
    }

    /// `name` read and its references listed, unless it came already.
    fn open(&mut self, name: &str) -> Result<Option<Open>> {
        if !self.seen.insert(name.to_string()) {
            return Ok(None);
        }
        let shown = self.src.shown(name);
        let bytes = self.src.read(name)?;
        let text = String::from_utf8(bytes).map_err(|_| Error::at(&shown, "not UTF-8 text"))?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
        Ok(Some(Open {
            name: name.to_string(),
            shown,
            references: references(&text).into_iter(),
            text,
        }))
    }
}

/// The `/// <reference path="..." />` lines at the top of `text`, before anything
/// but blank lines and line comments, with their line numbers (from 1).
fn references(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if !line.starts_with("//") {
            break;
        }
        let Some(tag) = line.strip_prefix("///").map(str::trim_start) else {
            continue;
        };
        if !tag.starts_with("<reference") {
            continue;
        }
        let Some(at) = tag.find("path=") else {
            continue;
        };
        let rest = &tag[at + 5..];
        let Some(quote) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            continue;
        };
        if let Some(end) = rest[1..].find(quote) {
            out.push((i + 1, rest[1..1 + end].to_string()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsc_walks_a_folders_files_before_its_subfolders() {
        let mut names = vec!["b/a.ts", "z.ts", "a/z.ts", "a.ts", "a/b/c.ts"];
        names.sort_by(|a, b| walk_order(a, b));
        assert_eq!(names, ["a.ts", "z.ts", "a/z.ts", "a/b/c.ts", "b/a.ts"]);
    }

    #[test]
    fn include_and_exclude_pick_files_in_pattern_order() {
        let all: Vec<String> = [
            "a.ts",
            "src/b.ts",
            "src/deep/c.ts",
            "src/x.d.ts",
            "node_modules/m.ts",
            "test/t.ts",
            "notes.txt",
        ]
        .map(str::to_string)
        .to_vec();
        let pick = |include: Option<&[&str]>, exclude: Option<&[&str]>| {
            let list = |l: &[&str]| l.iter().map(|s| s.to_string()).collect();
            let config = TsConfig {
                include: include.map(list),
                exclude: exclude.map(list),
                ..TsConfig::default()
            };
            included(&config, &all, "tsconfig.json").unwrap()
        };
        assert_eq!(
            pick(None, None),
            [
                "a.ts",
                "src/b.ts",
                "src/x.d.ts",
                "src/deep/c.ts",
                "test/t.ts"
            ]
        );
        assert_eq!(
            pick(Some(&["src", "*.ts"]), None),
            ["src/b.ts", "src/x.d.ts", "src/deep/c.ts", "a.ts"]
        );
        // A given exclude replaces the default one, as in TypeScript.
        assert_eq!(
            pick(Some(&["**/*.ts"]), Some(&["src/deep", "test/*"])),
            ["a.ts", "node_modules/m.ts", "src/b.ts", "src/x.d.ts"]
        );
    }

    #[test]
    fn paths_resolve_inside_the_folder_or_not_at_all() {
        assert_eq!(
            resolve("Demos", "../Fonts/Big.ts").as_deref(),
            Some("Fonts/Big.ts")
        );
        assert_eq!(resolve("", "./Entry.ts").as_deref(), Some("Entry.ts"));
        assert_eq!(resolve("", "../Engine/SharedApi.ts"), None);
        assert_eq!(resolve("a", "/etc/passwd"), None);
        assert_eq!(resolve("a", "C:/x.ts"), None);
    }

    #[test]
    fn references_are_read_from_the_top_only() {
        let text = "// game\n/// <reference path=\"Fonts/Big.ts\" />\n\n///<reference path='B.ts'/>\n/// <reference types=\"node\" />\nlet a = 1\n/// <reference path=\"Late.ts\" />\n";
        assert_eq!(
            references(text),
            [(2, "Fonts/Big.ts".to_string()), (4, "B.ts".to_string())]
        );
    }

    #[test]
    fn a_chain_of_references_longer_than_any_stack_is_walked_in_order() {
        let tmp = tempfile::tempdir().unwrap();
        let chain = 20_000;
        for i in 0..chain {
            std::fs::write(
                tmp.path().join(format!("f{i}.ts")),
                format!("/// <reference path=\"f{}.ts\" />\nlet v{i} = {i}\n", i + 1),
            )
            .unwrap();
        }
        std::fs::write(tmp.path().join(format!("f{chain}.ts")), "let end = 0\n").unwrap();
        let src = SourceDir::open(tmp.path()).unwrap();
        let config = TsConfig {
            files: Some(vec!["f0.ts".into()]),
            include: Some(vec![]),
            ..TsConfig::default()
        };
        let got = gather(&src, &config, &[]).unwrap().sources;
        assert_eq!(got.len(), chain + 1);
        assert!(
            got[0].shown.ends_with(&format!("f{chain}.ts")),
            "{}",
            got[0].shown
        );
        assert!(got[chain].shown.ends_with("f0.ts"), "{}", got[chain].shown);
    }
}
