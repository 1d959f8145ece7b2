//! The folder's code put into the model: edited disassemblies assembled, edited
//! GML compiled, and code the game lacks added as new scripts and events.

pub mod asm_files;
pub mod found;
pub mod gml_files;
pub mod new_code;
