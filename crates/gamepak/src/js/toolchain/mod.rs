//! The part of [`crate::js`] built on swc, compiled with the `script` feature:
//! parsing with errors placed, the nesting bounds, compiling and minifying.

mod compile;
mod literals;
mod minify;
mod nesting;
mod parse;
mod prescan;

pub use compile::compile;
pub use minify::minify;

/// Refuses `text` (JavaScript, shown as `shown`) unless it parses, with the place
/// of its first error.
pub fn check(text: &str, shown: &str) -> crate::error::Result<()> {
    crate::pass_stack::run(|| {
        swc_common::GLOBALS.set(&Default::default(), || {
            let cm: swc_common::sync::Lrc<swc_common::SourceMap> = Default::default();
            let file = parse::add(&cm, shown, text.to_string());
            parse::program(&cm, &file, false).map(drop)
        })
    })
}
