//! The command line's tests, as one binary: each runs `gamepak` as a process, and
//! linking one test binary per file dominated building the suite. The browser tests
//! stay a binary of their own, since they time the page and want the machine to
//! themselves.

#[path = "../../../gamepak/tests/common/mod.rs"]
mod common;
#[path = "../run/mod.rs"]
mod run;
#[path = "../serving/mod.rs"]
mod serving;

mod binary_size;
mod changed_input;
mod cli;
mod companions;
mod compile_gml;
mod conventions;
mod damaged_files;
mod exit_codes;
mod output_races;
mod patches;
mod readme;
#[cfg(target_os = "linux")]
mod reads_tables;
mod safety;
mod salvage;
mod scan;
mod scan_ray;
mod serve_collection;
mod serve_hostile;
mod serve_http;
mod serve_load;
mod special_files;
mod terminal_text;
