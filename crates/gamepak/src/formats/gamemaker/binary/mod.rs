//! The file's bytes below the model: the FORM container and its chunk directory,
//! the probe that tells a GameMaker file from its first bytes, and words read and
//! patched in the file's byte order.

pub mod container;
pub mod probe;
pub mod words;
