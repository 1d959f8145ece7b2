//! Source text to a syntax tree, and a place in it to an error a person can find.

use swc_common::{sync::Lrc, FileName, SourceFile, SourceMap, Span, Spanned};
use swc_ecma_ast::{EsVersion, Program};
use swc_ecma_parser::{parse_file_as_program, EsSyntax, Syntax, TsSyntax};

use super::{literals, nesting, prescan};
use crate::error::{Error, Result};

/// `text` added to `cm` under the name it is shown by.
pub(super) fn add(cm: &SourceMap, shown: &str, text: String) -> Lrc<SourceFile> {
    cm.new_source_file(Lrc::new(FileName::Custom(shown.to_string())), text)
}

/// The file as a program, TypeScript or JavaScript. Any syntax error, even one the
/// parser could step over, is refused with its place: the engine would refuse it.
pub(super) fn program(cm: &SourceMap, file: &SourceFile, typescript: bool) -> Result<Program> {
    let syntax = if typescript {
        Syntax::Typescript(TsSyntax::default())
    } else {
        Syntax::Es(EsSyntax::default())
    };
    let too_deep = format!("nested more than {} deep", crate::js::MAX_NESTING);
    if let Some(at) = prescan::too_deep(&file.src) {
        let lo = file.start_pos + swc_common::BytePos(at as u32);
        return Err(located(cm, Span::new(lo, lo), &too_deep));
    }
    let mut recovered = Vec::new();
    let program = parse_file_as_program(file, syntax, EsVersion::EsNext, None, &mut recovered)
        .map_err(|e| located(cm, e.span(), &e.kind().msg()))?;
    if let Some(e) = recovered.first() {
        return Err(located(cm, e.span(), &e.kind().msg()));
    }
    nesting::check(&program).map_err(|span| located(cm, span, &too_deep))?;
    if let Some(span) = literals::unterminated(&program) {
        return Err(located(cm, span, "Unterminated string constant"));
    }
    Ok(program)
}

/// An error at `span`: `file:line:column`, the message, the line and a caret under
/// the column.
pub(super) fn located(cm: &SourceMap, span: Span, message: &str) -> Error {
    let Ok(loc) = cm.try_lookup_char_pos(span.lo) else {
        return Error::at("script", message.to_string());
    };
    let column = loc.col.0 + 1;
    let line = loc
        .file
        .get_line(loc.line - 1)
        .map(|l| l.trim_end_matches('\r').to_string())
        .unwrap_or_default();
    let caret = crate::caret::under(&line, column);
    Error::at(
        format!("{}:{}:{column}", loc.file.name, loc.line),
        format!("{message}\n{line}\n{caret}"),
    )
}
