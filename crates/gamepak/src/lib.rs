// Fuzzing builds reach undocumented internals through `fuzzing`, which is not API.
#![cfg_attr(not(fuzzing), warn(missing_docs))]
//! gamepak: identify, inspect, validate, extract and rebuild binary game data files.
//!
//! The front door is [`detect()`] (what is this file?) and [`Format::handler`] (what can
//! be done with it: [`Handler::open`] gives the [`Document`] every reading verb runs on), with [`pack()`] and [`build()`] for the verbs that start from a
//! folder or a script; [`Options`] configures any of them. Data flows one way: bytes
//! go to detection, then to the format's reader, which gives a typed document; the
//! document goes either to the writer, which gives bytes, or to the neutral view of
//! [`assets`] for listing and extraction.
//!
//! [`gamemaker`] is GameMaker's typed model, for Rust tools that change a game:
//! every chunk as records of named fields, written back with every pointer
//! computed.
//!
//! [`changes`] compares two files of a format asset by asset and carries the
//! difference as a patch that applies to other versions, merging three ways;
//! [`scan`] takes whole collections of files into one report.

extern crate self as gamepak;

pub mod assets;
pub mod bytes;
mod caret;
pub mod changes;
pub mod codec;
pub mod detect;
mod diagnostic;
mod document;
pub mod error;
pub(crate) mod folder_json;
mod format;
mod formats;
pub mod fourcc;
pub mod gamemaker;
mod handler;
pub mod io;
pub mod js;
pub mod limits;
pub mod location;
pub mod manifest;
mod nearest;
pub mod options;
mod pass_stack;
mod registry;
pub mod report;
pub mod scan;
pub mod toml_text;

/// The inner parsers fuzz targets aim at directly (GameMaker assembly, code
/// listings, the views `list` reads and mask pictures), where reaching them through
/// the public verbs would spend each run on everything around them. Compiled only in
/// fuzzing builds: not part of the API.
#[cfg(fuzzing)]
#[doc(hidden)]
pub mod fuzzing {
    pub use crate::formats::gamemaker::bytecode::{
        assemble, assembly, disassemble, edit, instruction,
    };
    pub use crate::formats::gamemaker::gml::decompile::{
        array_writes, context, from_assembly, game_code,
    };
    pub use crate::formats::gamemaker::pictures::masks;
    pub use crate::formats::gamemaker::views::{code_entries, code_space, file_view};
}

/// Test support shared with the integration tests: the one way tests find the
/// real-file fixtures.
#[cfg(test)]
#[path = "../tests/common/mod.rs"]
mod common;

pub use assets::{Companion, Entry, ExtractOptions, ExtractSummary};
pub use detect::{detect, Certainty, Detection};
pub use diagnostic::Diagnostic;
pub use document::{CompiledSource, Document, SourceOrWhy, SourceText};
pub use error::{Error, ErrorKind, Result};
pub use format::Format;
pub use formats::{gbin, native, swag, tng};
pub use fourcc::FourCC;
pub use handler::{Built, BuiltFile, Handler, PackOutcome};
pub use io::Source;
pub use location::Location;
pub use options::{FormatSettings, Options, PerFormat};
pub use registry::{build, pack, recognise, BUILD_ORDER};
pub use report::{Partial, Report, Severity};
