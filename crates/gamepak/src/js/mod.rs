//! JavaScript and TypeScript for the native engine's script chunk, over swc:
//! [`compile`] strips TypeScript's types and lowers newer syntax to the target the
//! game's `tsconfig.json` names, and [`minify`] shrinks a production script while
//! keeping every global name, which is how the engine calls into the game.
//!
//! swc rather than oxc: the engine's runtime is ES5 (its tsconfig targets ES3), and
//! oxc's transformer does not lower classes, block scoping, destructuring or the
//! rest of ES2015. See docs/ARCHITECTURE.md.
//!
//! Hostile text cannot crash a build: text nested deeper than [`MAX_NESTING`] is
//! refused with its place before swc's parser (which recurses once a level) sees
//! it, and the tree again before any other pass walks it; the passes run on a
//! pass thread ([`crate::pass_stack`]).

mod compile;
mod literals;
mod minify;
mod nesting;
mod parse;
mod prescan;
mod target;

pub use compile::{compile, Source};
pub use minify::minify;
pub use target::{Target, TARGET_NAMES};

/// How deep expressions and statements may nest. Real code stays far below it; a
/// script past it is refused rather than risk the recursive passes' stack.
pub const MAX_NESTING: usize = 1000;

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
