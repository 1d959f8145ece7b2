//! One module per format. No format module imports another.

pub mod gamemaker;
pub mod gbin;
pub mod native;
pub mod swag;
pub mod tng;
