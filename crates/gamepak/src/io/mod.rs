//! Getting bytes in and out: memory-mapped input, atomic output, safe extraction paths,
//! and source folders confined to themselves.

mod atomic;
mod enclosed;
mod mapped;
mod output_folder;
mod place;
mod portable;
mod regular;
mod source;
mod source_dir;
mod stems;
mod target;
pub(crate) mod temp;

pub use atomic::write_atomic;
pub use enclosed::{flat_name, EnclosedPath};
pub use mapped::Mapped;
pub use output_folder::{MemoryFolder, OutputFolder};
pub(crate) use portable::Distinct;
pub use regular::read_regular;
pub use source::{read_stream, Source};
pub use source_dir::{SourceDir, Unused};
pub use stems::{file_stem, stem_path, whole_stem_path};
pub use target::{refuse_inside, OutputFile, Replace};
pub use temp::{remove_all as remove_temp_files, sweep_stale};
