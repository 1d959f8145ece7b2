//! A production script made small without changing what the engine sees of it.
//!
//! Local names are shortened and dead code dropped, but no global name is touched,
//! and no property: the engine calls `StartGame`, reads `Content` and the screen
//! size, and the game calls the engine's globals, all by name. Everything at the
//! top level is kept as written, whether or not the script itself uses it.

use swc_common::{sync::Lrc, Mark, SourceMap, GLOBALS};
use swc_ecma_ast::Program;
use swc_ecma_codegen::{text_writer::JsWriter, Config, Emitter, Node};
use swc_ecma_minifier::option::{CompressOptions, ExtraOptions, MangleOptions, MinifyOptions};
use swc_ecma_transforms_base::{fixer::fixer, resolver};

use super::parse;
use crate::error::Result;
use crate::js::Target;

/// `script` (JavaScript, shown as `shown` in an error) minified for `target`.
pub fn minify(script: &str, shown: &str, target: Target) -> Result<String> {
    crate::pass_stack::run(|| {
        GLOBALS.set(&Default::default(), || {
            let cm: Lrc<SourceMap> = Default::default();
            let file = parse::add(&cm, shown, script.to_string());
            let unresolved = Mark::new();
            let top_level = Mark::new();
            let program =
                parse::program(&cm, &file, false)?.apply(resolver(unresolved, top_level, false));
            let options = MinifyOptions {
                compress: Some(CompressOptions {
                    ecma: target.es_version(),
                    ..Default::default()
                }),
                mangle: Some(MangleOptions {
                    top_level: Some(false),
                    ..Default::default()
                }),
                ..Default::default()
            };
            let extra = ExtraOptions {
                unresolved_mark: unresolved,
                top_level_mark: top_level,
                mangle_name_cache: None,
            };
            let program =
                swc_ecma_minifier::optimize(program, cm.clone(), None, None, &options, &extra)
                    .apply(fixer(None));
            Ok(emit(&cm, &program, target, true))
        })
    })
}

/// `program` as text for `target`, spaced for reading or as small as it goes.
pub(super) fn emit(cm: &Lrc<SourceMap>, program: &Program, target: Target, small: bool) -> String {
    let mut out = Vec::new();
    let mut emitter = Emitter {
        cfg: Config::default()
            .with_target(target.es_version())
            .with_minify(small),
        cm: cm.clone(),
        comments: None,
        wr: JsWriter::new(cm.clone(), "\n", &mut out, None),
    };
    program
        .emit_with(&mut emitter)
        .expect("writing to memory does not fail");
    String::from_utf8(out).expect("the code generator writes UTF-8")
}
