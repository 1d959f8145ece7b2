//! [`crate::js`] in a build without the `script` feature: each step of the script
//! toolchain refuses, naming the feature, so that a native build that needs one
//! says how to get it.

use super::{Source, Target};
use crate::error::{Error, ErrorKind, Result};

/// Refuses: compiling TypeScript needs the toolchain.
pub fn compile(sources: &[Source], _target: Target, _define_class_fields: bool) -> Result<String> {
    let shown = sources
        .first()
        .map_or("the game's TypeScript", |s| &s.shown);
    Err(missing(shown, "compiling TypeScript"))
}

/// Refuses: minifying a production script needs the toolchain.
pub fn minify(_script: &str, shown: &str, _target: Target) -> Result<String> {
    Err(missing(shown, "minifying a production script"))
}

/// Refuses: checking a production script needs the toolchain.
pub fn check(_text: &str, shown: &str) -> Result<()> {
    Err(missing(shown, "checking a production script"))
}

fn missing(shown: &str, step: &str) -> Error {
    Error::new(
        shown.to_string(),
        None,
        ErrorKind::Unsupported(format!(
            "{step} needs gamepak built with its `script` feature, which this build left out \
             (it is on by default: build without --no-default-features)"
        )),
    )
}
