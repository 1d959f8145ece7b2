//! Verbs that take several files: each in turn, carrying on past one that fails, and
//! the record their JSON Lines output ends with.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::output::{json_line, report_error, Status};
use gamepak::Error;

/// What a run over several files found, printed last in JSON mode as
/// `{"summary":{...}}`. Every verb gives every field, zero where it does not apply.
#[derive(Debug, Default, Serialize)]
pub struct Summary {
    /// Files named on the command line.
    pub files: usize,
    /// Entries listed.
    pub entries: usize,
    /// Errors `check` found, plus files that could not be read or understood.
    pub errors: usize,
    /// Warnings `check` found.
    pub warnings: usize,
    /// Notes `check` found.
    pub notes: usize,
    /// The exit status.
    pub status: u8,
}

impl Summary {
    /// Prints the closing record of a JSON Lines output.
    pub fn print(mut self, status: Status) {
        self.status = status as u8;
        json_line(&serde_json::json!({ "summary": self }));
    }
}

/// Runs `work` on every file in turn. A file whose work ends in an error has it
/// printed and counted, and the rest still run; the worst status of all is returned.
/// `work` is told whether its file is the first, to separate the files' output. With
/// `json`, the summary record ends the output.
pub fn each_file(
    files: &[PathBuf],
    json: bool,
    mut work: impl FnMut(&Path, bool, &mut Summary) -> Result<Status, Error>,
) -> Status {
    let mut summary = Summary {
        files: files.len(),
        ..Summary::default()
    };
    let mut status = Status::Ok;
    for (i, path) in files.iter().enumerate() {
        let done = work(path, i == 0, &mut summary).unwrap_or_else(|e| {
            summary.errors += 1;
            report_error(&e)
        });
        status = status.max(done);
    }
    if json {
        summary.print(status);
    }
    status
}
