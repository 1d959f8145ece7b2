//! Tests that look inside the reader: the views `list` and `info` are made of, the
//! code listing and editor, the mask planner and the folder layout. They run on the
//! real fixtures through the same helper as the integration tests.

mod bytecode14;
mod code_edits;
mod edits;
mod fixtures;
mod folder;
mod folder_rules;
mod gml_blocks;
mod gml_compile;
mod gml_decompile;
mod gml_edits;
mod gml_pack_together;
mod gml_sources;
mod malformed;
mod newer_games;
mod null_slots;
mod sprites;
mod typed_code;
