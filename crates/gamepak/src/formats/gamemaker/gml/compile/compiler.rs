//! The compiler's entry point and the state its passes share: what it takes (a
//! code entry's source), what it gives (the assembly and the function entries),
//! and its errors.

use std::collections::HashSet;

use indexmap::IndexSet;

use crate::formats::gamemaker::{gml::compile::evidence, gml::compile::fold, gml::compile::syntax};

use super::emit::{Code, Label, Ty};
use super::env::Env;
use crate::formats::gamemaker::bytecode::assembly::{Assembly, Heading};
use crate::formats::gamemaker::bytecode::symbolic::{Asm, Callee, LabelAt, Reference, Text, Value};
use crate::formats::gamemaker::gml::language::ast::{Expr, Stmt};
use crate::formats::gamemaker::gml::language::lex::Pos;
use crate::formats::gamemaker::gml::language::places::Places;

/// What to compile: a code entry's name and body, and the names of the function
/// entries its blob holds, in order, where the code is the game's own (a
/// function's entry name keeps where it was written, which the text does not).
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The code entry's name (`gml_Object_obj_player_Step_0`).
    pub entry: &'a str,
    /// Its statements.
    pub body: &'a [Stmt],
    /// The entry names of the functions it declares, in the order written.
    pub functions: &'a [String],
    /// Where its statements start, where it was parsed from text.
    pub places: Option<&'a Places>,
}

/// One code entry compiled: its code, its locals, and the functions it declares.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The instructions, the functions' bodies among them.
    pub code: Code,
    /// The local variables of the entry's own code, in order of declaration.
    pub locals: Vec<String>,
    /// Each function declared, in the order its body is laid out.
    pub functions: Vec<FunctionEntry>,
    /// Names read that nothing in the game sets, and that lie a slip of the
    /// keyboard from a name the game or GameMaker has: warnings, unless another
    /// file compiled with this one sets them.
    pub unknown_reads: Vec<CompileError>,
    /// The names the code stores to.
    pub stored: HashSet<String>,
}

impl Compiled {
    /// The code laid out, with a heading for the entry (taking `arguments`) and
    /// one for each function it declares.
    pub fn assembly(&self, entry: &str, arguments: u16) -> Result<Assembly, String> {
        let starts: Vec<Label> = self.functions.iter().map(|f| f.start).collect();
        let offsets = self.code.offsets_of(&starts, 0)?;
        let heading = |name: &str, arguments: u16, locals: usize, at: u32| Heading {
            name: name.to_string(),
            arguments,
            locals: locals as u16,
            label: LabelAt(at).to_string(),
        };
        let headings = std::iter::once(heading(entry, arguments, self.locals.len(), 0))
            .chain(
                self.functions
                    .iter()
                    .zip(offsets)
                    .map(|(f, at)| heading(&f.name, f.arguments, f.locals.len(), at)),
            )
            .collect();
        self.code.assembly(0, headings)
    }
}

/// A function a code entry declares: a code entry of its own inside the blob.
#[derive(Debug, Clone)]
pub struct FunctionEntry {
    /// Its entry name (`gml_Script_jump@gml_Object_obj_player_Create_0`).
    pub name: String,
    /// Where its body starts.
    pub start: Label,
    /// How many parameters it takes.
    pub arguments: u16,
    /// Its local variables.
    pub locals: Vec<String>,
    /// Whether it is a constructor (a struct literal's hidden function is one):
    /// its script's code id has the top bit set.
    pub constructor: bool,
}

/// Why a function did not compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    /// What is wrong.
    pub message: String,
    /// What to do about it, where we know.
    pub hint: Option<String>,
    /// The name the error is about, to find it in the source.
    pub name: Option<String>,
    /// Where the statement it is in starts, where the code was parsed from text.
    pub at: Option<Pos>,
}

impl CompileError {
    /// Where in `source` the error is: the line, the column (both from 1) and
    /// the line's text. That is the first place at or after the start of its
    /// statement where its name is written as a whole word; without a name, the
    /// statement's start; without a statement, the first place in the text.
    pub fn locate(&self, source: &str) -> Option<(usize, usize, String)> {
        let from = self.at.map_or(0, |p| p.offset.min(source.len()));
        let offset = match self.name.as_deref() {
            Some(name) => whole_word(source, name, from).or_else(|| whole_word(source, name, 0))?,
            None => self.at?.offset.min(source.len()),
        };
        let start = source[..offset].rfind('\n').map_or(0, |n| n + 1);
        let end = source[offset..]
            .find('\n')
            .map_or(source.len(), |n| offset + n);
        // Lines are counted from the statement's start, whose line is known, so
        // that placing every error of a file stays linear in its length.
        let (base_line, base) = match self.at {
            Some(p) if p.offset <= offset => (p.line as usize, p.offset),
            _ => (1, 0),
        };
        let line = base_line + source[base.min(start)..start].matches('\n').count();
        let column = source[start..offset].chars().count() + 1;
        Some((
            line,
            column,
            source[start..end].trim_end_matches('\r').to_string(),
        ))
    }

    /// The error against the `source` of `file`: where it is, what is wrong
    /// and the hint, with the line to show a caret under.
    pub fn diagnostic(&self, file: &str, source: &str) -> crate::Diagnostic {
        let hint = self
            .hint
            .as_ref()
            .map_or(String::new(), |h| format!("; {h}"));
        match self.locate(source) {
            Some((line, column, text)) => crate::Diagnostic {
                message: format!("{file}:{line}:{column}: {}{hint}", self.message),
                line: Some(text),
                column,
            },
            None => crate::Diagnostic {
                message: format!("{file}: {}{hint}", self.message),
                line: None,
                column: 0,
            },
        }
    }

    /// The error as a person reads it, against the `source` of `file`: where it
    /// is, with the line and a caret under the name, and the hint.
    pub fn show(&self, file: &str, source: &str) -> String {
        self.diagnostic(file, source).to_string()
    }
}

/// The byte offset of the first place at or after `from` in `text` where `name`
/// is written as a whole word (where it starts or ends with a letter, no
/// letter runs on into it there).
pub(super) fn whole_word(text: &str, name: &str, from: usize) -> Option<usize> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let (starts, ends) = (
        name.chars().next().is_some_and(word),
        name.chars().next_back().is_some_and(word),
    );
    let mut at = from;
    while let Some(k) = text.get(at..)?.find(name) {
        let found = at + k;
        let before = text[..found].chars().next_back();
        let after = text[found + name.len()..].chars().next();
        let runs_on = (starts && before.is_some_and(word)) || (ends && after.is_some_and(word));
        if !runs_on {
            return Some(found);
        }
        at = found + name.len();
    }
    None
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        if let Some(h) = &self.hint {
            write!(f, "; {h}")?;
        }
        Ok(())
    }
}

/// Compiles a code entry.
pub fn compile(env: &Env, source: Source<'_>) -> Result<Compiled, Vec<CompileError>> {
    // A file's own macros and enums hold in it, wherever it declares them.
    let own;
    let declares = |s: &Stmt| matches!(s, Stmt::Macro { .. } | Stmt::Enum { .. });
    let env = if source.body.iter().any(declares) {
        let mut with = env.clone();
        with.define(source.body);
        own = with;
        &own
    } else {
        env
    };
    let mut gen = Gen::new(env, source);
    gen.block(source.body);
    if gen.errors.is_empty() {
        let stored = gen.stored;
        let unknown_reads = gen
            .unknown_reads
            .into_iter()
            .filter(|w| w.name.as_ref().is_some_and(|n| !stored.contains(n)))
            .collect();
        Ok(Compiled {
            code: gen.code,
            locals: gen.locals.into_iter().collect(),
            functions: gen.functions,
            unknown_reads,
            stored,
        })
    } else {
        Err(gen.errors)
    }
}

/// Where `break` and `continue` go inside one construct, and what leaving it
/// takes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Exits {
    pub(super) brk: Option<Label>,
    pub(super) cont: Option<Label>,
    pub(super) kind: Leaving,
    /// Whether a `continue` went to `cont` (a switch lays out its stub then).
    pub(super) cont_used: bool,
    /// A switch whose `default` case is being compiled.
    pub(super) in_default: bool,
}

/// `call.i NAME(argc=N)` or `push.i function NAME` naming the function by its
/// name's string.
pub(super) fn by_name(asm: Asm) -> Asm {
    match asm {
        Asm::Push {
            op,
            ty,
            value: Value::Reference(Reference::Function(name)),
        } => Asm::Push {
            op,
            ty,
            value: Value::FunctionByName(name),
        },
        Asm::Call {
            ty,
            callee: Callee::Function(name),
            arguments,
        } => Asm::Call {
            ty,
            callee: Callee::Text(Text::Quoted(name)),
            arguments,
        },
        other => other,
    }
}

/// What a `return` leaving a construct must undo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Leaving {
    /// A loop: nothing.
    Loop,
    /// A `repeat`: its counter, of this type, is on the stack.
    Repeat(Ty),
    /// A `switch`: its value, of this type, is on the stack.
    Switch(Ty),
    /// A `with`: its instances.
    With,
    /// A `try`'s body: its hook.
    Try,
}

/// The state of one function being compiled.
pub(super) struct Gen<'e> {
    pub(super) env: &'e Env,
    pub(super) code: Code,
    /// Locals declared with `var`, in order: a set, as a function may declare
    /// thousands.
    pub(super) locals: IndexSet<String>,
    /// Names that are locals wherever they appear in this function.
    pub(super) local_names: HashSet<String>,
    /// The constructs around the code being compiled, innermost last.
    pub(super) exits: Vec<Exits>,
    pub(super) errors: Vec<CompileError>,
    /// Whether this is a function's body rather than an event's or a script's.
    pub(super) in_function: bool,
    /// Whether it is a struct literal's hidden function: its fields are named
    /// through `self` in every release (a constructor's own variables, as any
    /// function's, through `builtin` where the game names them so).
    pub(super) in_struct: bool,
    /// The code entry's name.
    pub(super) entry: String,
    /// The script the entry is, for a 2.3 script (`gml_GlobalScript_NAME`).
    pub(super) script_name: Option<String>,
    /// Entry names for the functions still to come, where the game gave them.
    pub(super) given_names: std::collections::VecDeque<String>,
    /// The functions an event (no script) declares at its top, by name: calls
    /// of them anywhere in it call their entries directly.
    pub(super) own_functions: std::collections::HashMap<String, String>,
    /// The functions whose declarations have been compiled.
    pub(super) declared: HashSet<String>,
    /// How many function names were made up.
    pub(super) made_names: usize,
    /// The functions declared so far.
    pub(super) functions: Vec<FunctionEntry>,
    /// The functions whose bodies are being compiled, innermost last (by index
    /// in `functions`).
    pub(super) inside: Vec<usize>,
    /// The array owner named last along the code's path, where known.
    pub(super) last_owner: Option<i64>,
    /// Whether an array write may name its owner (not inside another store).
    pub(super) can_own: bool,
    /// How many of the array literals compiled next are a store's value, whose
    /// owner the store named.
    pub(super) literal_owned: usize,
    /// Whether the entry sets object or room-instance variables (`PreCreate`).
    pub(super) pre_create: bool,
    /// The parameters of the function being compiled.
    pub(super) params: Vec<String>,
    /// Its `static` variables.
    pub(super) statics: HashSet<String>,
    /// Whether its statics are being set up.
    pub(super) in_static: bool,
    /// The parameter whose default is being set, read and set through
    /// `builtin`.
    pub(super) defaulting: Option<String>,
    /// Whether an accessor's keys are being computed (`s[$ a[i]]`), where some
    /// releases read an array's element by calling `@@array_get@@`.
    pub(super) in_accessor: bool,
    /// Where the source's statements start, if it was parsed from text.
    pub(super) places: Option<&'e Places>,
    /// Where the statement being compiled starts, where known.
    pub(super) at: Option<Pos>,
    /// See [`Compiled::unknown_reads`]: those of every name read, before the
    /// code's own stores are known.
    pub(super) unknown_reads: Vec<CompileError>,
    /// See [`Compiled::stored`].
    pub(super) stored: HashSet<String>,
    /// The names the code assigns as they are (see [`assigned_names`]).
    pub(super) assigned: HashSet<String>,
    /// The macros being expanded, outermost first, and how many uses of a
    /// macro the code has expanded so far (see `expand` in expr.rs).
    pub(super) expanding: Vec<String>,
    pub(super) expansions: usize,
    /// Each macro's value, once worked out, and how deep a fold is in
    /// macros (see `known_macro` in fold.rs).
    pub(super) folding: (
        std::cell::RefCell<std::collections::HashMap<String, Option<fold::Const>>>,
        std::cell::Cell<usize>,
    ),
    /// The syntax refused already, to name each piece once.
    pub(super) refused: HashSet<&'static str>,
}

impl<'e> Gen<'e> {
    pub(super) fn new(env: &'e Env, source: Source<'e>) -> Self {
        Gen {
            env,
            code: Code::default(),
            locals: IndexSet::new(),
            local_names: declared_locals(source.body),
            exits: Vec::new(),
            errors: Vec::new(),
            in_function: false,
            in_struct: false,
            entry: source.entry.to_string(),
            script_name: source
                .entry
                .strip_prefix("gml_GlobalScript_")
                .map(str::to_string),
            given_names: source.functions.iter().cloned().collect(),
            own_functions: own_functions(source),
            declared: HashSet::new(),
            made_names: 0,
            functions: Vec::new(),
            inside: Vec::new(),
            last_owner: None,
            can_own: true,
            literal_owned: 0,
            pre_create: evidence::is_pre_create(source.entry),
            params: Vec::new(),
            statics: HashSet::new(),
            in_static: false,
            defaulting: None,
            in_accessor: false,
            places: source.places,
            at: None,
            unknown_reads: Vec::new(),
            stored: HashSet::new(),
            assigned: assigned_names(source.body),
            expanding: Vec::new(),
            expansions: 0,
            folding: Default::default(),
            refused: HashSet::new(),
        }
    }

    pub(super) fn error(&mut self, message: impl Into<String>) {
        self.error_about(message, None, None);
    }

    /// An error where the game's release ends before `syntax` came.
    pub(super) fn needs(&mut self, syntax: Option<syntax::Syntax>) {
        let Some(syntax) = syntax else {
            return;
        };
        let target = self.env.target;
        if target.newest >= syntax.since || !self.refused.insert(syntax.name) {
            return;
        }
        let message = format!(
            "{} need GameMaker {} or later; this game is {}",
            syntax.name,
            syntax.release,
            target.releases()
        );
        self.error_about(message, Some(syntax.written), None);
    }

    /// An error about `name` (to point at it), with a `hint`.
    pub(super) fn error_about(
        &mut self,
        message: impl Into<String>,
        name: Option<&str>,
        hint: Option<String>,
    ) {
        self.errors.push(CompileError {
            message: message.into(),
            hint,
            name: name.map(str::to_string),
            at: self.at,
        });
    }

    pub(super) fn op(&mut self, mut asm: Asm) {
        // Code GameMaker left off the FUNC chains names every function by
        // its name's string (Bubblesloth/Creative-Challenge-Isart's
        // `call.i "@@This@@"`, MaybeSamo/Sharpshooters-Roundup's `push.i 421`
        // for `gml_Script_anon@11@…`).
        if self.env.calls_by_name.contains(self.current_entry()) {
            asm = by_name(asm);
        }
        self.code.op(self.env.target.spelled(asm));
    }

    /// The entry name of the function being compiled.
    pub(super) fn current_entry(&self) -> &str {
        match self.inside.last() {
            Some(&k) => &self.functions[k].name,
            None => &self.entry,
        }
    }
}

/// The functions `source` declares at its top, each with its entry name (the
/// game's, or made as GameMaker makes them), unless it is a script's: those
/// are global.
pub(super) fn own_functions(source: Source<'_>) -> std::collections::HashMap<String, String> {
    if source.entry.starts_with("gml_GlobalScript_") {
        return Default::default();
    }
    let mut names = Vec::new();
    named_functions(source.body, &mut names);
    names
        .into_iter()
        .map(|name| {
            // `@` joins the event's name to the function's, or `_` in some
            // releases (`gml_Script_f_gml_Object_o_Create_0`).
            let joined = [
                format!("gml_Script_{name}@"),
                format!("gml_Script_{name}_gml_"),
            ];
            let entry = source
                .functions
                .iter()
                .find(|f| joined.iter().any(|j| f.starts_with(j.as_str())))
                .cloned()
                .unwrap_or_else(|| format!("{}{}", joined[0], source.entry));
            (name, entry)
        })
        .collect()
}

/// The names of the functions `block` declares, and of the function expressions
/// it stores (`walk = function walk_up() {}`, which Moddimation/Vakhitest6
/// calls as `walk_up()`), there and in the bodies of those functions.
pub(super) fn named_functions(block: &[Stmt], out: &mut Vec<String>) {
    for s in block {
        let f = match s {
            Stmt::Function(f) => f,
            Stmt::Assign {
                value: Expr::Function(f),
                ..
            } => f,
            _ => continue,
        };
        out.extend(f.name.clone());
        named_functions(&f.body, out);
    }
}

/// The names `body` assigns as they are (`name = …`), in the functions it
/// declares too: variables, which GameMaker reads as such even where an asset
/// has the name (Gatoiq/tiempo-del-este's windblown-particles effect reads its
/// own `particles` beside the sprite of that name).
pub(super) fn assigned_names(body: &[Stmt]) -> HashSet<String> {
    use crate::formats::gamemaker::gml::language::visit::{walk_block, walk_block_exprs};
    let mut names = HashSet::new();
    let mut note = |block: &mut Vec<Stmt>| {
        for s in block.iter() {
            if let Stmt::Assign {
                target: Expr::Ident(n),
                ..
            } = s
            {
                names.insert(n.clone());
            }
        }
    };
    let mut copy = body.to_vec();
    walk_block(&mut copy, &mut note);
    walk_block_exprs(&mut copy, &mut |e| {
        if let Expr::Function(f) = e {
            walk_block(&mut f.body, &mut note);
        }
    });
    names
}

/// The names `body` declares with `var`, outside the functions it declares:
/// GameMaker makes a name local for the whole function wherever `var` names it.
pub(super) fn declared_locals(body: &[Stmt]) -> HashSet<String> {
    fn walk(block: &[Stmt], names: &mut HashSet<String>) {
        for s in block {
            match s {
                Stmt::Var(list) => names.extend(list.iter().map(|d| d.name.clone())),
                Stmt::For { init, body, .. } => {
                    if let Some(init) = init {
                        walk(std::slice::from_ref(&**init), names);
                    }
                    walk(body, names);
                }
                Stmt::If {
                    then, otherwise, ..
                } => {
                    walk(then, names);
                    if let Some(o) = otherwise {
                        walk(o, names);
                    }
                }
                Stmt::While { body, .. }
                | Stmt::DoUntil { body, .. }
                | Stmt::Repeat { body, .. }
                | Stmt::With { body, .. }
                | Stmt::Block(body) => walk(body, names),
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        walk(&c.body, names);
                    }
                }
                Stmt::Try {
                    body,
                    catch,
                    finally,
                } => {
                    walk(body, names);
                    if let Some((name, c)) = catch {
                        names.insert(name.clone());
                        walk(c, names);
                    }
                    if let Some(f) = finally {
                        walk(f, names);
                    }
                }
                _ => {}
            }
        }
    }
    let mut names = HashSet::new();
    walk(body, &mut names);
    names
}
