//! The GML the fixture games' authors wrote: every file parses and prints back to
//! text that parses to the same tree, and the decompiler's output beside it, the
//! share of entries that are the same once comments and layout are dropped.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::common;

use gamepak::formats::gamemaker::gml::decompile::game_code::{decompile, text};
use gamepak::formats::gamemaker::gml::language::ast::{AssignOp, BinaryOp, Expr, Number, Stmt};
use gamepak::formats::gamemaker::gml::language::parse::parse_with;
use gamepak::formats::gamemaker::gml::language::print::{print, Style};
use gamepak::formats::gamemaker::gml::language::visit::{walk_block, walk_block_exprs};
use gamepak::formats::gamemaker::views::file_view;

/// The fixture game each source folder was built into.
fn game_of(source: &str) -> Option<PathBuf> {
    let root = common::fixtures("gml sources")?;
    ["gamemaker", "gamemaker-more"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).into_iter().flatten())
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.file_stem()
                .and_then(|s| s.to_str())
                .is_some_and(|s| s == source)
        })
}

/// Every `.gml` file under `dir` with the code entry its path names.
fn sources(dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
            continue;
        }
        if p.extension().and_then(|x| x.to_str()) != Some("gml") {
            continue;
        }
        let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let parent = p
            .parent()
            .and_then(|d| d.file_name())
            .and_then(|s| s.to_str())
            .unwrap_or("");
        let kind = p
            .parent()
            .and_then(|d| d.parent())
            .and_then(|d| d.file_name())
            .and_then(|s| s.to_str())
            .unwrap_or("");
        let entry = match (kind, parent) {
            ("objects", obj) => format!("gml_Object_{obj}_{stem}"),
            ("scripts", s) if s == stem => format!("gml_Script_{stem}"),
            (_, "scripts") => format!("gml_Script_{stem}"),
            _ => continue,
        };
        out.push((entry, p));
    }
}

/// A source folder, the bytes of the game it was built into, and its `.gml` files
/// with the code entry each one's path names.
struct Project {
    name: String,
    folder: PathBuf,
    data: Vec<u8>,
    files: Vec<(String, PathBuf)>,
}

/// Every source folder under `root` whose game the fixtures hold, by name.
fn projects(root: &Path) -> Vec<Project> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    folders
        .into_iter()
        .filter_map(|folder| {
            let name = folder.file_name()?.to_string_lossy().to_string();
            let data = std::fs::read(game_of(&name)?).unwrap();
            let mut files = Vec::new();
            sources(&folder, &mut files);
            files.sort();
            Some(Project {
                name,
                folder,
                data,
                files,
            })
        })
        .collect()
}

/// `text` parsed, with what the bytecode cannot tell apart made one: `x op= y` and
/// `x = x op y`, `true` and `1`, a `for` and the `while` it compiles to, `var` and
/// the store it declares, and a script's final `exit`.
fn canonical(text: &str, style: Style) -> Option<Vec<Stmt>> {
    let mut tree = parse_with(text, style).ok()?;
    walk_block(&mut tree, &mut canonical_block);
    Some(tree)
}

/// One block made canonical; [`walk_block`] goes on into the blocks it holds.
fn canonical_block(block: &mut Vec<Stmt>) {
    let mut out = Vec::new();
    // What a `for` or a bare block holds is made canonical in its turn.
    let mut todo: std::collections::VecDeque<Stmt> = std::mem::take(block).into();
    while let Some(mut s) = todo.pop_front() {
        // `true` and 1, `$10` and 16, are one value spelt two ways.
        walk_block_exprs(std::slice::from_mut(&mut s), &mut |e| match e {
            Expr::Bool(b) => *e = Expr::Number(Number::Int(i64::from(*b))),
            Expr::Number(Number::Hex(i)) => *e = Expr::Number(Number::Int(*i)),
            _ => {}
        });
        match s {
            Stmt::Var(list) => out.extend(list.into_iter().filter_map(|d| {
                Some(Stmt::Assign {
                    target: Expr::Ident(d.name),
                    op: AssignOp::Set,
                    value: d.value?,
                })
            })),
            Stmt::Assign { target, op, value }
                if op != AssignOp::Set && op != AssignOp::Nullish =>
            {
                let op = op.binary().unwrap_or(BinaryOp::BitXor);
                out.push(Stmt::Assign {
                    target: target.clone(),
                    op: AssignOp::Set,
                    value: Expr::Binary {
                        op,
                        lhs: Box::new(target),
                        rhs: Box::new(value),
                    },
                });
            }
            Stmt::For {
                init,
                cond,
                step,
                mut body,
            } => {
                body.extend(step.map(|s| *s));
                todo.push_front(Stmt::While {
                    cond: cond.unwrap_or(Expr::Bool(true)),
                    body,
                });
                if let Some(init) = init {
                    todo.push_front(*init);
                }
            }
            Stmt::Block(inner) => {
                for s in inner.into_iter().rev() {
                    todo.push_front(s);
                }
            }
            s => out.push(s),
        }
    }
    if out.last() == Some(&Stmt::Exit) {
        out.pop();
    }
    *block = out;
}

#[test]
fn decompiled_entries_match_their_authors_source() {
    let Some(root) = common::fixture_dir("gml sources", "gamemaker-sources") else {
        return;
    };
    let out_dir = std::env::var_os("GML_OUT");
    let (mut all_same, mut all_total) = (0, 0);
    for Project {
        name, data, files, ..
    } in projects(&root)
    {
        let g = file_view::read(&data).unwrap();
        let decompiled: HashMap<String, String> = decompile(&g)
            .into_iter()
            .filter_map(|d| Some((d.name, text(&g, &d.body.ok()?))))
            .collect();
        let (mut same, mut total) = (0, 0);
        for (entry, path) in files {
            let ours = decompiled
                .get(&entry)
                .or_else(|| decompiled.get(&entry.replace("gml_Script_", "gml_GlobalScript_")));
            let Some(ours) = ours else {
                continue;
            };
            let theirs = std::fs::read_to_string(&path).unwrap_or_default();
            total += 1;
            let style = Style {
                escapes: g.gen8.version[0] >= 2,
            };
            if canonical(ours, style).is_some()
                && canonical(ours, style) == canonical(&theirs, style)
            {
                same += 1;
            } else if let Some(dir) = &out_dir {
                // Both as their canonical trees print, to read the differences.
                let shown = |text: &str| {
                    canonical(text, style).map_or_else(|| text.to_string(), |t| print(&t, style))
                };
                let dir = Path::new(dir).join("diff").join(&name);
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(dir.join(format!("{entry}.ours.gml")), shown(ours)).unwrap();
                std::fs::write(dir.join(format!("{entry}.theirs.gml")), shown(&theirs)).unwrap();
            }
        }
        eprintln!("{name}: {same} of {total} entries the same as written");
        all_same += same;
        all_total += total;
    }
    eprintln!("{all_same} of {all_total} entries the same as written");
}

/// How a file's strings read: without escapes in a GameMaker: Studio 1 project
/// (one holding a `.project.gmx`), with them after.
fn style_for(file: &Path, root: &Path) -> Style {
    let studio1 = file.ancestors().take_while(|d| *d != root).any(|d| {
        std::fs::read_dir(d).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|e| e.file_name().to_string_lossy().ends_with(".project.gmx"))
        })
    });
    Style { escapes: !studio1 }
}

#[test]
fn every_real_gml_file_parses_and_prints_back() {
    let Some(root) = common::fixture_dir("gml sources", "gamemaker-sources") else {
        return;
    };
    let files = common::files_ending(&root, ".gml");
    let mut failures = Vec::new();
    for file in &files {
        let name = file.strip_prefix(&root).unwrap().display().to_string();
        let text = String::from_utf8_lossy(&std::fs::read(file).unwrap()).into_owned();
        let style = style_for(file, &root);
        let tree = match parse_with(&text, style) {
            Ok(tree) => tree,
            Err(e) => {
                failures.push(format!("{name}:{e}"));
                continue;
            }
        };
        let printed = print(&tree, style);
        let again = parse_with(&printed, style)
            .unwrap_or_else(|e| panic!("{name} printed does not parse:{e}\n{printed}"));
        assert!(again == tree, "{name}: printed, it parses to another tree");
        assert_eq!(print(&again, style), printed, "{name}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} files fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
    println!("{} real .gml files parse", files.len());
}

/// The macros and enums every `.gml` of a project declares, visible to all its
/// code as in GameMaker, and a GameMaker: Studio 1 project's constants (its
/// `.project.gmx` lists them).
fn definitions(folder: &Path, env: &mut gamepak::formats::gamemaker::gml::compile::Env) {
    for project in common::files_ending(folder, ".project.gmx") {
        let xml = String::from_utf8_lossy(&std::fs::read(&project).unwrap()).into_owned();
        for part in xml.split("<constant name=\"").skip(1) {
            let Some((name, rest)) = part.split_once("\">") else {
                continue;
            };
            let Some((value, _)) = rest.split_once("</constant>") else {
                continue;
            };
            if let Ok(e) = gamepak::formats::gamemaker::gml::language::parse::parse_expr(value) {
                env.macros.insert(name.to_string(), e);
            }
        }
    }
    for file in common::files_ending(folder, ".gml") {
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        if let Ok(tree) = parse_with(&text, style_for(&file, folder)) {
            env.define(&tree);
        }
    }
}

#[test]
fn authors_sources_compile_to_what_gamemaker_made() {
    use gamepak::formats::gamemaker::bytecode::disassemble;
    use gamepak::formats::gamemaker::gml::compile::identity::{against, Outcome};
    use gamepak::formats::gamemaker::gml::compile::Env;
    let Some(root) = common::fixture_dir("gml sources compile", "gamemaker-sources") else {
        return;
    };
    let out_dir = std::env::var_os("GML_OUT");
    let (mut all_same, mut all_total) = (0, 0);
    for Project {
        name,
        folder,
        data,
        files,
    } in projects(&root)
    {
        let g = file_view::read(&data).unwrap();
        let names = disassemble::names(&g);
        let mut env = Env::of(&g);
        definitions(&folder, &mut env);
        let (mut same, mut total) = (0, 0);
        for (entry, path) in files {
            let index = g.code.iter().position(|e| {
                *e.name == *entry || *e.name == *entry.replace("gml_Script_", "gml_GlobalScript_")
            });
            let Some(index) = index else { continue };
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            let Ok(body) = parse_with(&text, style_for(&path, &root)) else {
                continue;
            };
            let blob = g.code[index].blob;
            let mut functions: Vec<_> = g
                .code
                .iter()
                .filter(|c| c.blob == blob && c.start != 0 && c.length > 0)
                .collect();
            functions.sort_by_key(|c| c.start);
            let functions: Vec<String> = functions.iter().map(|c| c.name.to_string()).collect();
            total += 1;
            let outcome = against(&g, &env, &names, index, &body, &functions);
            if outcome == Outcome::Same {
                same += 1;
            } else if let Some(dir) = &out_dir {
                let dir = Path::new(dir).join("sources").join(&name);
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(dir.join(format!("{entry}.txt")), format!("{outcome:#?}")).unwrap();
            }
        }
        eprintln!("{name}: {same} of {total} entries compile to what GameMaker made");
        all_same += same;
        all_total += total;
    }
    eprintln!("{all_same} of {all_total} authors' entries compile to what GameMaker made");
}
