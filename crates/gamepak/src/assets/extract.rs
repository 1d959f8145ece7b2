//! The extraction driver: every format's `extract` creates its folder, selects what
//! `--only` asks for, renders entries in parallel with progress, counts what failed,
//! and finishes with its manifest through this one type. A format only says how to
//! render an entry and what its manifest holds.
//!
//! A damaged file is salvaged through the same driver: given the [`Damage`] a
//! format's tolerant read found, an entry whose bytes run past the end of the input
//! is lost without being rendered, any entry that fails to render is lost rather
//! than ending the extraction, and `finish` lists every loss in `problems.json`.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;
use serde::Serialize;

use super::salvage::{still_decodes, Damage, Lost, Problems, PROBLEMS_NAME};
use super::{Entry, ExtractOptions, ExtractSummary};
use crate::codec::crc::crc32;
use crate::error::Result;
use crate::io::{EnclosedPath, OutputFolder};
use crate::limits::Limits;
use crate::manifest::MANIFEST_NAME;
use crate::Format;

/// What rendering one entry gave.
pub enum Rendered<'a> {
    /// The entry's file.
    File(Vec<u8>),
    /// The entry's file, as the input (or the entry) already holds it.
    Stored(&'a [u8]),
    /// Files named by a suffix added to the entry's path.
    Files(Vec<(&'static str, Vec<u8>)>),
    /// Nothing of its own to write (an empty frame, a part the document holds).
    Nothing,
    /// Left out, and why: a note in the summary.
    Skipped(String),
}

/// Anything extraction writes under a path: a listed entry with the item it stands
/// for, or a named file a format makes itself.
pub trait Named {
    fn path(&self) -> &str;
    /// Where its stored bytes are in the input: (offset, size), when it has any.
    fn place(&self) -> Option<(u64, u64)> {
        None
    }
}

impl<I> Named for (Entry, I) {
    fn path(&self) -> &str {
        &self.0.path
    }

    fn place(&self) -> Option<(u64, u64)> {
        Some((self.0.offset, self.0.stored_size))
    }
}

impl<I> Named for (String, I) {
    fn path(&self) -> &str {
        &self.0
    }
}

/// One extraction in progress.
pub struct Extraction<'o, 'p> {
    out: OutputFolder,
    opts: &'o ExtractOptions<'p>,
    /// What a salvage decodes a picture under, to tell it is whole.
    limits: Limits,
    partial: bool,
    total: AtomicU64,
    done: AtomicU64,
    /// The CRC-32 of each file written, by path, for manifests that record them.
    crcs: Mutex<HashMap<String, u32>>,
    failed: Mutex<Vec<String>>,
    notes: Mutex<Vec<String>>,
    /// When salvaging a damaged file: the input's length, and where its intact
    /// bytes end.
    salvaging: Option<(u64, u64)>,
    /// What a salvage could not take out.
    lost: Mutex<Vec<Lost>>,
}

impl<'o, 'p> Extraction<'o, 'p> {
    /// Prepares the folder and selects what `--only` asks for among `packable`, the
    /// entries `pack` needs: leaving any out makes the folder partial.
    pub fn begin<'e, T: Named>(
        out_path: &Path,
        opts: &'o ExtractOptions<'p>,
        limits: &Limits,
        packable: &'e [T],
    ) -> Result<(Self, Vec<&'e T>)> {
        let ex = Extraction {
            out: match &opts.memory {
                Some(memory) => OutputFolder::in_memory(memory.clone()),
                None => OutputFolder::create(out_path, opts.replace)?,
            },
            opts,
            limits: limits.clone(),
            partial: false,
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            crcs: Mutex::default(),
            failed: Mutex::default(),
            notes: Mutex::default(),
            salvaging: None,
            lost: Mutex::default(),
        };
        let selected = ex.select(packable);
        let partial = selected.len() < packable.len();
        Ok((Extraction { partial, ..ex }, selected))
    }

    /// Selects among entries that are views only (frames cut from a sheet, maps
    /// drawn): leaving them out does not stop the folder being packed.
    pub fn select<'e, T: Named>(&self, entries: &'e [T]) -> Vec<&'e T> {
        let chosen: Vec<&T> = entries
            .iter()
            .filter(|e| self.opts.selects(e.path()))
            .collect();
        self.total.fetch_add(chosen.len() as u64, Ordering::Relaxed);
        chosen
    }

    /// Salvages a damaged file: records what its read could not take, and from now
    /// on loses, rather than fails on, an entry that cannot be rendered. Damage that
    /// is none changes nothing.
    pub fn salvage(&mut self, damage: Damage) {
        if damage.is_none() {
            return;
        }
        self.salvaging = Some((damage.input_size, damage.intact_to));
        lock(&self.lost).extend(damage.lost);
    }

    /// Whether this extraction salvages a damaged file.
    pub fn salvaging(&self) -> bool {
        self.salvaging.is_some()
    }

    /// Records an entry a salvage could not take out.
    pub fn lose(&self, entry: &str, offset: Option<u64>, message: String) {
        lock(&self.lost).push(Lost {
            entry: entry.to_string(),
            offset,
            message,
        });
    }

    /// When salvaging, whether an entry stored at `place` reaches past the input's
    /// intact bytes, and so is lost: recorded, and counted as done, without
    /// rendering what would be a piece of it.
    pub fn lost_past_end(&self, path: &str, place: Option<(u64, u64)>) -> bool {
        let (Some((size, end)), Some((offset, len))) = (self.salvaging, place) else {
            return false;
        };
        let past = offset.saturating_add(len) > end || offset >= end;
        if past {
            let why = match end < size {
                true => format!("the bytes from {end:#x} on could not be read"),
                false => format!("the file ends at {end:#x}"),
            };
            self.lose(
                path,
                Some(offset),
                format!("its {len} bytes at {offset:#x} are not all there: {why}"),
            );
            self.count_done();
        }
        past
    }

    /// Whether `--only` left out something `pack` needs.
    pub fn partial(&self) -> bool {
        self.partial
    }

    /// Renders and writes `entries` in parallel. An entry for which `tolerated` holds
    /// that cannot be rendered is counted as failed and the rest go on; any other
    /// error ends the extraction.
    pub fn render<'e, T: Named + Sync>(
        &self,
        entries: &[&'e T],
        render: impl Fn(&'e T) -> Result<Rendered<'e>> + Sync,
        tolerated: impl Fn(&'e T) -> bool + Sync,
    ) -> Result<()> {
        entries.par_iter().try_for_each(|e| {
            if self.lost_past_end(e.path(), e.place()) {
                return Ok(());
            }
            self.emit_at(e.path(), e.place(), render(e), tolerated(e))
        })
    }

    /// Writes what rendering the entry at `path` gave, counting it as done.
    pub fn emit(&self, path: &str, rendered: Result<Rendered<'_>>, tolerated: bool) -> Result<()> {
        self.emit_at(path, None, rendered, tolerated)
    }

    /// [`Self::emit`] for an entry stored at `place`, which a loss names when the
    /// error does not locate itself.
    pub fn emit_at(
        &self,
        path: &str,
        place: Option<(u64, u64)>,
        rendered: Result<Rendered<'_>>,
        tolerated: bool,
    ) -> Result<()> {
        let rendered = match rendered {
            Ok(r) if self.salvaging() => self.whole(path, r),
            other => other,
        };
        match rendered {
            Ok(Rendered::File(bytes)) => self.write(path, &bytes)?,
            Ok(Rendered::Stored(bytes)) => self.write(path, bytes)?,
            Ok(Rendered::Files(files)) => {
                for (suffix, bytes) in files {
                    self.write(&format!("{path}{suffix}"), &bytes)?;
                }
            }
            Ok(Rendered::Nothing) => {}
            Ok(Rendered::Skipped(why)) => self.note(format!("{path}: {why}")),
            Err(e) if self.salvaging() && !e.is_request_fault() => {
                let offset = e.offset.or(place.map(|(offset, _)| offset));
                let message = match e.path.as_str() {
                    "" => e.kind.to_string(),
                    at if at == path => e.kind.to_string(),
                    at => format!("{at}: {}", e.kind),
                };
                self.lose(path, offset, message);
            }
            Err(e) if tolerated => lock(&self.failed).push(format!("{path}: {e}")),
            Err(e) => return Err(e),
        }
        self.count_done();
        Ok(())
    }

    /// What an entry rendered when every picture and sound in it decodes; an error
    /// naming the first that does not otherwise.
    fn whole<'r>(&self, path: &str, rendered: Rendered<'r>) -> Result<Rendered<'r>> {
        match &rendered {
            Rendered::File(bytes) => still_decodes(path, bytes, &self.limits)?,
            Rendered::Stored(bytes) => still_decodes(path, bytes, &self.limits)?,
            Rendered::Files(files) => files.iter().try_for_each(|(suffix, bytes)| {
                still_decodes(&format!("{path}{suffix}"), bytes, &self.limits)
            })?,
            Rendered::Nothing | Rendered::Skipped(_) => {}
        }
        Ok(rendered)
    }

    fn count_done(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        self.opts.report(done, self.total.load(Ordering::Relaxed));
    }

    /// Writes a file of the folder that no entry stands for (a document, a stored
    /// original), recording its CRC-32.
    pub fn write(&self, path: &str, bytes: &[u8]) -> Result<()> {
        self.out.write(&EnclosedPath::new(path), bytes)?;
        lock(&self.crcs).insert(path.to_string(), crc32(bytes));
        Ok(())
    }

    /// The CRC-32 of the file written at `path`, if one was.
    pub fn crc(&self, path: &str) -> Option<u32> {
        lock(&self.crcs).get(path).copied()
    }

    /// Something worth knowing about the folder written.
    pub fn note(&self, note: String) {
        lock(&self.notes).push(note);
    }

    /// [`Self::finish`] with the manifest a format made. When salvaging, a manifest
    /// that could not be made from what was read is lost, and the folder's manifest
    /// names only its format: pack refuses the folder anyway.
    pub fn finish_made<M: Serialize>(
        self,
        made: Result<M>,
        format: Format,
    ) -> Result<ExtractSummary> {
        self.finish_commented(made, format, &[])
    }

    /// [`Self::finish_made`], the manifest carrying `comments` (see
    /// [`crate::manifest::write_commented`]).
    pub fn finish_commented<M: Serialize>(
        self,
        made: Result<M>,
        format: Format,
        comments: &[(&str, &str)],
    ) -> Result<ExtractSummary> {
        match made {
            Ok(manifest) => self.finish_with(&manifest, comments),
            Err(e) if self.salvaging() && !e.is_request_fault() => {
                self.lose(MANIFEST_NAME, e.offset, e.to_string());
                let partial = true;
                self.finish(&crate::manifest::Folder { format, partial })
            }
            Err(e) => Err(e),
        }
    }

    /// Writes the manifest, moves the folder into place, and says what it holds.
    /// A salvage writes `problems.json` too, listing what it lost by offset.
    pub fn finish<M: Serialize>(self, manifest: &M) -> Result<ExtractSummary> {
        self.finish_with(manifest, &[])
    }

    fn finish_with<M: Serialize>(
        self,
        manifest: &M,
        comments: &[(&str, &str)],
    ) -> Result<ExtractSummary> {
        let mut lost = self.lost.into_inner().unwrap_or_else(|p| p.into_inner());
        lost.sort_by_key(|l| (l.offset.is_none(), l.offset, l.entry.clone()));
        if let Some((input_size, _)) = self.salvaging {
            let problems = Problems {
                input_size,
                lost: lost.clone(),
            };
            let text = serde_json::to_vec_pretty(&problems).expect("problems serialise");
            self.out.write(&EnclosedPath::new(PROBLEMS_NAME), &text)?;
        }
        crate::manifest::write_commented(&self.out, manifest, comments)?;
        // As late as can be: a change found now leaves nothing behind (the
        // staging folder goes with `self.out`).
        if let Some(input) = self.opts.input {
            input.unchanged()?;
        }
        let (files, bytes) = self.out.finish()?;
        let mut notes = self.notes.into_inner().unwrap_or_else(|p| p.into_inner());
        if self.partial {
            notes.push("--only left entries out: this folder cannot be packed".into());
        }
        Ok(ExtractSummary {
            files,
            bytes,
            notes,
            failed: self.failed.into_inner().unwrap_or_else(|p| p.into_inner()),
            lost,
            companions: Vec::new(),
        })
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
