//! A game file read for diff, patch or apply: its bytes, its name, and the bar
//! its extraction into assets moves on a terminal.

use std::path::{Path, PathBuf};

use crate::output::{progress_bar, read_input, Global};
use gamepak::changes::Input;
use gamepak::io::Source;
use gamepak::Error;

/// A file read, and its progress.
pub struct Reading {
    path: PathBuf,
    name: String,
    data: Source,
    bar: Option<indicatif::ProgressBar>,
    tick: Box<dyn Fn(u64, u64) + Sync>,
}

impl Reading {
    /// Reads `path` (`-` for standard input).
    pub fn open(path: &Path, global: &Global) -> Result<Reading, Error> {
        let data = read_input(path, &global.options.limits)?;
        let name = path.display().to_string();
        let bar = progress_bar(&format!("reading {name}"), global);
        let moved = bar.clone();
        let tick = Box::new(move |done: u64, total: u64| {
            if let Some(b) = moved.as_ref().filter(|_| total > 1) {
                b.set_length(total);
                b.set_position(done);
            }
        });
        Ok(Reading {
            path: path.to_path_buf(),
            name,
            data,
            bar,
            tick,
        })
    }

    /// The file as the library takes it.
    pub fn input(&self) -> Input<'_> {
        Input {
            name: &self.name,
            bytes: &self.data,
            path: (self.path.as_os_str() != "-").then_some(self.path.as_path()),
            progress: Some(&*self.tick),
        }
    }

    /// Clears the bar once the work is done.
    pub fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
