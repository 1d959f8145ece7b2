//! Bytecode (14 to 17) as instructions: the opcodes, the typed instructions and
//! their one decoder, the disassembler, instructions by name (what the compiler
//! emits and a disassembly file reads as) and the assembler that gives them
//! bytes, edits of whole blobs, the occurrence chains linked again, which
//! function a byte belongs to, and the built-in variables VARI counts.

pub mod assemble;
pub mod assembly;
pub mod builtin_variables;
pub mod disassemble;
pub mod edit;
pub mod function_spans;
pub mod instruction;
pub mod opcodes;
pub mod relink;
pub mod symbolic;
