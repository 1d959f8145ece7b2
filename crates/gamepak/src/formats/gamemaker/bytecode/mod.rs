//! Bytecode (14 to 17) as instructions: the opcodes, the typed instructions and
//! their one decoder, the disassembler, the assembler that reads the disassembly
//! back, edits of whole blobs, the occurrence chains linked again, which function
//! a byte belongs to, and the built-in variables VARI counts.

pub mod assemble;
pub mod builtin_variables;
pub mod disassemble;
pub mod edit;
pub mod function_spans;
pub mod instruction;
pub mod opcodes;
pub mod relink;
