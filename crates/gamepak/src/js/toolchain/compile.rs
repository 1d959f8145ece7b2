//! TypeScript to the JavaScript the engine runs: the files joined into one script,
//! as `tsc --outFile` joins a project without modules, their types stripped and
//! their syntax lowered to the target edition.

use swc_common::{sync::Lrc, Mark, SourceMap, Spanned, DUMMY_SP, GLOBALS};
use swc_ecma_ast::{Module, ModuleDecl, ModuleItem, Pass, Program, Script};
use swc_ecma_transforms_base::fixer::fixer;
use swc_ecma_transforms_base::helpers::{inject_helpers, Helpers, HELPERS};
use swc_ecma_transforms_base::hygiene::hygiene;
use swc_ecma_transforms_base::resolver;
use swc_ecma_transforms_compat as compat;
use swc_ecma_transforms_typescript as ts;

use super::parse::{self, located};
use crate::error::Result;
use crate::js::{Source, Target};

/// `sources`, in the order given, as one script for `target`. Class fields are
/// defined (`Object.defineProperty`) when `define_class_fields`, else assigned in
/// the constructor, as TypeScript's `useDefineForClassFields` says. Helpers that
/// lowered syntax needs are written once, at the top.
///
/// A syntax error, or an import or export of a value (the engine joins its files
/// into one script, with no modules), is refused with its file, line and column.
pub fn compile(sources: &[Source], target: Target, define_class_fields: bool) -> Result<String> {
    crate::pass_stack::run(|| {
        GLOBALS.set(&Default::default(), || {
            HELPERS.set(&Helpers::new(false), || {
                let cm: Lrc<SourceMap> = Default::default();
                let program = joined(&cm, sources)?;
                let unresolved = Mark::new();
                let top_level = Mark::new();
                let config = ts::Config {
                    native_class_properties: define_class_fields,
                    no_empty_export: true,
                    ..Default::default()
                };
                let program = program
                    .apply(resolver(unresolved, top_level, true))
                    .apply(ts::typescript(config, unresolved, top_level));
                let program = lower(script(&cm, program)?, target, unresolved)
                    .apply(inject_helpers(unresolved))
                    .apply(hygiene())
                    .apply(fixer(None));
                Ok(super::minify::emit(&cm, &program, target, false))
            })
        })
    })
}

/// Every file's statements, in order, as one module: what a file imports or
/// exports is known only once types are stripped.
fn joined(cm: &SourceMap, sources: &[Source]) -> Result<Program> {
    let mut body = Vec::new();
    for source in sources {
        let file = parse::add(cm, &source.shown, source.text.clone());
        match parse::program(cm, &file, true)? {
            Program::Module(m) => body.extend(m.body),
            Program::Script(s) => body.extend(s.body.into_iter().map(ModuleItem::Stmt)),
        }
    }
    Ok(Program::Module(Module {
        span: DUMMY_SP,
        body,
        shebang: None,
    }))
}

/// The stripped module as a script, refusing what it still imports or exports.
fn script(cm: &SourceMap, program: Program) -> Result<Program> {
    let Program::Module(module) = program else {
        return Ok(program);
    };
    let mut body = Vec::with_capacity(module.body.len());
    for item in module.body {
        match item {
            ModuleItem::Stmt(stmt) => body.push(stmt),
            ModuleItem::ModuleDecl(decl) => return Err(located(cm, decl.span(), why(&decl))),
        }
    }
    Ok(Program::Script(Script {
        span: module.span,
        body,
        shebang: None,
    }))
}

fn why(decl: &ModuleDecl) -> &'static str {
    if matches!(decl, ModuleDecl::Import(_)) {
        "imports a value: the engine joins the game's files into one script, with no \
         modules; use the other file's globals or a namespace (`import type` is fine)"
    } else {
        "exports a value: the engine joins the game's files into one script, with no \
         modules; a top-level declaration is already global (`export` is for namespaces)"
    }
}

/// Each edition's syntax newer than `target` rewritten in older terms, newest
/// first, since a newer feature may lower to an older one.
fn lower(program: Program, target: Target, unresolved: Mark) -> Program {
    let below = |edition: Target| target < edition;
    let fields = compat::es2022::class_properties::Config {
        set_public_fields: true,
        ..Default::default()
    };
    let es2022 = compat::es2022::Config {
        class_properties: fields,
    };
    let no_comments = None::<swc_common::comments::NoopComments>;
    let mut p = program;
    p = apply_if(p, below(Target::Es2022), compat::es2022(es2022, unresolved));
    p = apply_if(p, below(Target::Es2021), compat::es2021());
    p = apply_if(
        p,
        below(Target::Es2020),
        compat::es2020(Default::default(), unresolved),
    );
    p = apply_if(p, below(Target::Es2019), compat::es2019());
    p = apply_if(p, below(Target::Es2018), compat::es2018(Default::default()));
    p = apply_if(
        p,
        below(Target::Es2017),
        compat::es2017(Default::default(), unresolved),
    );
    p = apply_if(p, below(Target::Es2016), compat::es2016());
    let es2015 = compat::es2015(unresolved, no_comments, Default::default());
    p = apply_if(p, below(Target::Es2015), es2015);
    apply_if(p, below(Target::Es5), compat::es3(true))
}

fn apply_if(program: Program, wanted: bool, pass: impl Pass) -> Program {
    if wanted {
        program.apply(pass)
    } else {
        program
    }
}
