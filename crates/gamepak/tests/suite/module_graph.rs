//! The library's files as a graph drawn from its imports: every path a file names
//! (in a `use` or in code) that starts at `crate`, `super`, `self` or a child
//! module is followed through re-exports to the file that defines it. The house
//! rules of docs/ARCHITECTURE.md are checked on that graph (no cycle of files, no
//! file importing from a module above it) and on the tree (a GameMaker folder a
//! newcomer can read: few entries at its top, files named for what they hold, no
//! two alike, and one `Game`).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

type ModPath = Vec<String>;

/// Every module of the crate outside its tests: the file it lives in, and the
/// paths it names and the names it re-exports.
#[derive(Default)]
struct Crate {
    /// Module path to the file it is written in (inline modules: their file).
    files: BTreeMap<ModPath, PathBuf>,
    /// Paths each file names, already made absolute where they start at `crate`,
    /// `super` or `self`; relative ones are kept with the module they were written in.
    named: BTreeMap<PathBuf, Vec<(ModPath, ModPath)>>,
    /// `pub use` (or plain `use`) names a module brings in: (module, name) to path.
    aliases: HashMap<(ModPath, String), (ModPath, ModPath)>,
    /// Globs a module brings in: module to the modules globbed.
    globs: HashMap<ModPath, Vec<(ModPath, ModPath)>>,
}

/// An item only tests or fuzzing builds compile: `cfg(test)`, `cfg(all(test, unix))`.
fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        let syn::Meta::List(list) = &a.meta else {
            return false;
        };
        list.path.is_ident("cfg")
            && list.tokens.clone().into_iter().any(|t| match t {
                proc_macro2::TokenTree::Ident(i) => i == "test" || i == "fuzzing",
                proc_macro2::TokenTree::Group(g) => g
                    .stream()
                    .into_iter()
                    .any(|t| matches!(t, proc_macro2::TokenTree::Ident(i) if i == "test")),
                _ => false,
            })
    })
}

/// The file module `name` of the module written in `file` lives in.
fn child_file(file: &Path, name: &str) -> PathBuf {
    let dir = if file.ends_with("mod.rs") || file.ends_with("lib.rs") || file.ends_with("main.rs") {
        file.parent().unwrap().to_path_buf()
    } else {
        file.with_extension("")
    };
    let flat = dir.join(format!("{name}.rs"));
    if flat.exists() {
        flat
    } else {
        dir.join(name).join("mod.rs")
    }
}

fn flatten(tree: &syn::UseTree, prefix: &mut ModPath, out: &mut Vec<(ModPath, Option<String>)>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) if n.ident == "self" => out.push((prefix.clone(), None)),
        syn::UseTree::Name(n) => {
            let mut path = prefix.clone();
            path.push(n.ident.to_string());
            out.push((path, Some(n.ident.to_string())));
        }
        syn::UseTree::Rename(r) => {
            let mut path = prefix.clone();
            path.push(r.ident.to_string());
            out.push((path, Some(r.rename.to_string())));
        }
        syn::UseTree::Glob(_) => out.push((prefix.clone(), Some("*".into()))),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                flatten(t, prefix, out);
            }
        }
    }
}

struct FileVisitor<'c> {
    krate: &'c mut Crate,
    file: PathBuf,
    module: ModPath,
    pending: Vec<(ModPath, PathBuf)>,
}

impl FileVisitor<'_> {
    fn name(&mut self, path: ModPath) {
        self.krate
            .named
            .entry(self.file.clone())
            .or_default()
            .push((self.module.clone(), path));
    }
}

impl<'ast> Visit<'ast> for FileVisitor<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Struct(s) => &s.attrs,
            syn::Item::Enum(e) => &e.attrs,
            syn::Item::Const(c) => &c.attrs,
            syn::Item::Static(s) => &s.attrs,
            syn::Item::Trait(t) => &t.attrs,
            _ => &[],
        };
        if is_test_only(attrs) {
            return;
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        let name = m.ident.to_string();
        let mut module = self.module.clone();
        module.push(name.clone());
        match &m.content {
            Some((_, items)) => {
                self.krate.files.insert(module.clone(), self.file.clone());
                let outer = std::mem::replace(&mut self.module, module);
                for item in items {
                    self.visit_item(item);
                }
                self.module = outer;
            }
            None => {
                let path = child_file(&self.file, &name);
                self.pending.push((module, path));
            }
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut flat = Vec::new();
        flatten(&u.tree, &mut Vec::new(), &mut flat);
        for (path, alias) in flat {
            match alias.as_deref() {
                Some("*") => self
                    .krate
                    .globs
                    .entry(self.module.clone())
                    .or_default()
                    .push((self.module.clone(), path.clone())),
                Some(name) if name != "_" => {
                    self.krate.aliases.insert(
                        (self.module.clone(), name.to_string()),
                        (self.module.clone(), path.clone()),
                    );
                }
                _ => {}
            }
            self.name(path);
        }
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segs: ModPath = p.segments.iter().map(|s| s.ident.to_string()).collect();
        if segs.len() > 1 {
            self.name(segs);
        }
        syn::visit::visit_path(self, p);
    }
}

impl Crate {
    fn read(root: &Path) -> Crate {
        let mut krate = Crate::default();
        let mut queue = vec![(ModPath::new(), root.to_path_buf())];
        while let Some((module, file)) = queue.pop() {
            let text = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            krate.files.insert(module.clone(), file.clone());
            let mut v = FileVisitor {
                krate: &mut krate,
                file: file.clone(),
                module,
                pending: Vec::new(),
            };
            for item in &ast.items {
                v.visit_item(item);
            }
            queue.extend(v.pending);
        }
        krate
    }

    /// `path`, written in `module`, as an absolute path; `None` for another crate's.
    fn absolute(&self, module: &ModPath, path: &ModPath) -> Option<ModPath> {
        let mut base = module.clone();
        let mut rest = path.as_slice();
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                let mut child = base.clone();
                child.push(first.to_string());
                let aliased = self
                    .aliases
                    .contains_key(&(base.clone(), first.to_string()));
                if !self.files.contains_key(&child) && !aliased {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines what `path` (absolute) names, through re-exports;
    /// `None` for a path that names a module itself, which imports nothing yet.
    fn resolve(&self, path: &ModPath, hops: usize) -> Option<PathBuf> {
        let mut module = ModPath::new();
        for (i, seg) in path.iter().enumerate() {
            let mut child = module.clone();
            child.push(seg.clone());
            if self.files.contains_key(&child) {
                module = child;
                if i + 1 == path.len() {
                    return None;
                }
                continue;
            }
            if hops < 16 {
                let next = self
                    .aliases
                    .get(&(module.clone(), seg.clone()))
                    .and_then(|(at, target)| self.absolute(at, target));
                if let Some(mut target) = next {
                    target.extend(path[i + 1..].iter().cloned());
                    return self.resolve(&target, hops + 1);
                }
                for (at, glob) in self.globs.get(&module).into_iter().flatten() {
                    if let Some(mut target) = self.absolute(at, glob) {
                        target.extend(path[i..].iter().cloned());
                        if let Some(f) = self.resolve(&target, hops + 1) {
                            if f != self.files[&module] {
                                return Some(f);
                            }
                        }
                    }
                }
            }
            break;
        }
        self.files.get(&module).cloned()
    }

    /// Each file and the files it imports from.
    fn edges(&self) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
        let mut out: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
        for (file, named) in &self.named {
            for (module, path) in named {
                let Some(abs) = self.absolute(module, path) else {
                    continue;
                };
                if let Some(to) = self.resolve(&abs, 0) {
                    if &to != file {
                        out.entry(file.clone()).or_default().insert(to);
                    }
                }
            }
        }
        out
    }

    fn module_of(&self, file: &Path) -> ModPath {
        self.files
            .iter()
            .filter(|(_, f)| f.as_path() == file)
            .map(|(m, _)| m.clone())
            .min_by_key(|m| m.len())
            .unwrap_or_default()
    }
}

/// Every cycle's files, by Tarjan's strongly connected components.
fn cycles(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct State<'e> {
        edges: &'e BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: HashMap<&'e Path, usize>,
        low: HashMap<&'e Path, usize>,
        stack: Vec<&'e Path>,
        on_stack: BTreeSet<&'e Path>,
        out: Vec<Vec<PathBuf>>,
    }
    fn visit<'e>(s: &mut State<'e>, v: &'e Path) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            if !s.index.contains_key(w.as_path()) {
                visit(s, w);
                let lw = s.low[w.as_path()];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w.as_path()) {
                let iw = s.index[w.as_path()];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut scc = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                scc.push(w.to_path_buf());
                if w == v {
                    break;
                }
            }
            if scc.len() > 1 {
                scc.sort();
                s.out.push(scc);
            }
        }
    }
    let mut s = State {
        edges,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_path()) {
            visit(&mut s, v);
        }
    }
    s.out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Each crate of the workspace: its source folder and its root file.
fn crates() -> Vec<(PathBuf, PathBuf)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    [
        ("gamepak", "lib.rs"),
        ("gamepak-cli", "main.rs"),
        ("gamepak-serve", "lib.rs"),
    ]
    .iter()
    .map(|(name, root)| {
        let src = crates.join(name).join("src");
        let root = src.join(root);
        (src, root)
    })
    .collect()
}

fn shown(src: &Path, f: &Path) -> String {
    let crate_dir = src.parent().unwrap();
    let base = crate_dir.parent().unwrap_or(crate_dir);
    f.strip_prefix(base).unwrap_or(f).display().to_string()
}

#[test]
fn no_cycle_of_files() {
    let mut found = Vec::new();
    for (src, root) in crates() {
        let krate = Crate::read(&root);
        found.extend(cycles(&krate.edges()).iter().map(|c| {
            c.iter()
                .map(|f| shown(&src, f))
                .collect::<Vec<_>>()
                .join(" <-> ")
        }));
    }
    assert!(found.is_empty(), "cycles of files:\n{}", found.join("\n"));
}

#[test]
fn no_file_imports_from_a_module_above_it() {
    let mut upward = Vec::new();
    for (src, root) in crates() {
        let krate = Crate::read(&root);
        for (from, tos) in krate.edges() {
            let below = krate.module_of(&from);
            for to in tos {
                let above = krate.module_of(&to);
                if above.len() < below.len() && below.starts_with(&above) {
                    upward.push(format!("{} -> {}", shown(&src, &from), shown(&src, &to)));
                }
            }
        }
    }
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
}

/// Every `.rs` file under `dir`, tests' own folders left out.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let path = e.path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "tests") {
                    dirs.push(path);
                }
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_gamemaker_folder_reads_at_a_glance() {
    let gamemaker = src().join("formats/gamemaker");
    let top: Vec<_> = std::fs::read_dir(&gamemaker).unwrap().flatten().collect();
    assert!(
        top.len() <= 15,
        "{} entries at the top of formats/gamemaker",
        top.len()
    );

    // Chunk codes that are not words: a file named so says where, not what.
    const CODES: &[&str] = &[
        "acrv", "agrp", "audo", "bgnd", "dafl", "dbgi", "embi", "extn", "feat", "feds", "func",
        "gen8", "glob", "inst", "lang", "locl", "objt", "optn", "psem", "scpt", "seqn", "shdr",
        "sond", "sprt", "strg", "tgin", "tmln", "tpag", "txtr", "uilr", "vari",
    ];
    let mut seen: BTreeMap<String, PathBuf> = BTreeMap::new();
    for file in sources(&gamemaker) {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(
            !CODES.contains(&stem.as_str()),
            "{} is named by a chunk code",
            file.display()
        );
        if stem == "mod" {
            continue;
        }
        if let Some(other) = seen.insert(stem.clone(), file.clone()) {
            panic!(
                "two files named {stem}.rs: {} and {}",
                other.display(),
                file.display()
            );
        }
    }
}

#[test]
fn one_type_is_named_game() {
    let declared: Vec<_> = sources(&src())
        .into_iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            syn::parse_file(&text)
                .unwrap()
                .items
                .iter()
                .any(|i| match i {
                    syn::Item::Struct(s) => s.ident == "Game",
                    syn::Item::Enum(e) => e.ident == "Game",
                    syn::Item::Type(t) => t.ident == "Game",
                    _ => false,
                })
        })
        .collect();
    assert_eq!(declared.len(), 1, "types named Game: {declared:?}");
}
