//! Audio group files (`audiogroupN.dat`): read, written and checked beside the game
//! whose sounds play from them.

pub mod file_names;
pub mod group_check;
pub mod group_file;
