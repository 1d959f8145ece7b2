//! The decompiler: a game's bytecode back as GML, stage by stage. Instructions are
//! typed ([`crate::formats::gamemaker::bytecode::instruction`]), cut into basic blocks ([`blocks`]) and functions
//! ([`fragments`]), run on a stack of expressions ([`sim`]), and walked back into
//! statements ([`walk`], over [`graph`] and [`region`]); the tidying passes then
//! make it read as a person writes GML ([`tidy`], [`typed`], [`array_writes`],
//! [`script_params`]). [`game_code`] is the front door for a game (and, in tests and
//! fuzzing, `from_assembly` for a blob written as assembly), and [`source`] gives the
//! text `extract` writes.

pub mod array_writes;
pub mod blocks;
pub mod context;
pub mod fragments;
#[cfg(any(test, fuzzing))]
pub mod from_assembly;
pub mod function_pushes;
pub mod game_code;
pub mod graph;
mod region;
mod script_params;
pub mod sim;
pub mod source;
pub(crate) mod tidy;
mod typed;
pub mod unknown_enum;
pub mod walk;
