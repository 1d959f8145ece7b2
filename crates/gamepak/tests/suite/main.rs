//! The library's integration tests, as one binary: linking one test binary per
//! file dominated building the suite. Each call carries its allocation limit in its
//! options, so tests under different limits run side by side.

#[path = "../common/mod.rs"]
mod common;

mod bombs;
mod changed_input;
mod changes_merging;
mod changes_porting;
mod changes_support;
mod changes_versions;
mod damaged_offsets;
mod documents;
mod extract_summary;
mod field_sweep;
mod gamemaker_audiogroups;
mod gamemaker_builtins;
mod gamemaker_model;
mod gamemaker_model_code;
mod gamemaker_model_document;
mod gamemaker_model_edits;
mod gamemaker_model_graphics;
mod gamemaker_model_misc;
mod gamemaker_model_objects;
mod gamemaker_model_rooms;
mod gamemaker_model_sequences;
mod gamemaker_model_sprites;
mod gamemaker_vector_sprites;
mod gap_fixtures;
mod gap_sandbox;
mod gbin_extract;
mod gbin_info_snapshots;
mod gbin_proptest;
mod gbin_roundtrip;
mod gm_qoi_fixtures;
mod large_pages;
mod list_reads_tables;
mod malformed_gbin;
mod malformed_swag;
mod malformed_tng;
mod module_graph;
mod native_fixtures;
mod native_synthetic;
#[cfg(feature = "script")]
mod native_typescript;
mod pack_source_safety;
mod portable_names;
mod salvage;
mod swag_demo;
mod swag_handwritten;
mod swag_proptest;
mod tng_demo;
mod tng_handwritten;
mod tng_proptest;
