//! JavaScript and TypeScript for the native engine's script chunk, over swc:
//! [`compile`] strips TypeScript's types and lowers newer syntax to the target the
//! game's `tsconfig.json` names, and [`minify`] shrinks a production script while
//! keeping every global name, which is how the engine calls into the game.
//!
//! The swc side is in `toolchain`, built with the `script` feature (the default);
//! without it, [`compile`], [`minify`] and [`check`] refuse, naming the feature.
//!
//! swc rather than oxc: the engine's runtime is ES5 (its tsconfig targets ES3), and
//! oxc's transformer does not lower classes, block scoping, destructuring or the
//! rest of ES2015. See docs/ARCHITECTURE.md.
//!
//! Hostile text cannot crash a build: text nested deeper than [`MAX_NESTING`] is
//! refused with its place before swc's parser (which recurses once a level) sees
//! it, and the tree again before any other pass walks it; the passes run on a
//! pass thread (`pass_stack`).

#[cfg(not(feature = "script"))]
mod absent;
mod program;
mod target;
#[cfg(feature = "script")]
mod toolchain;

#[cfg(not(feature = "script"))]
pub use absent::{check, compile, minify};
pub use program::{Source, MAX_NESTING};
pub use target::{Target, TARGET_NAMES};
#[cfg(feature = "script")]
pub use toolchain::{check, compile, minify};
