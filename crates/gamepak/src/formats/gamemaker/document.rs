//! A GameMaker file opened once ([`GameMakerHandler`] opens it): a game, whose views and model are
//! read when a verb first asks and kept for the verbs after it, or an audio group
//! file, a document of its own kind. `gamepak serve` asks one document for the
//! list, the check and each entry it shows.

use std::path::Path;
use std::sync::OnceLock;

use crate::assets::Damage;
use crate::formats::gamemaker::audio_group::group_file::{self, AudioGroup};
use crate::formats::gamemaker::views::file_view::{self, FileView};
use crate::formats::gamemaker::{
    extract, inspect::check, inspect::entries, inspect::info, model, pack::rebuild,
};
use crate::io::SourceDir;
use crate::{
    Document, Entry, ExtractOptions, ExtractSummary, Handler, Options, PackOutcome, Partial,
    Report, Result, SourceText,
};

/// GameMaker's implementation of the format operations.
pub struct GameMakerHandler;

impl Handler for GameMakerHandler {
    fn open<'a>(&self, data: &'a [u8], opts: &Options) -> Box<dyn Document + 'a> {
        open(data, opts)
    }

    fn pack(&self, dir: &SourceDir, opts: &Options) -> Result<PackOutcome> {
        rebuild::pack(dir, &opts.limits)
    }
}

/// Opens `data` as the document it holds: an audio group file or a game.
fn open<'a>(data: &'a [u8], opts: &Options) -> Box<dyn Document + 'a> {
    if group_file::is_audio_group(data) {
        Box::new(GroupDocument {
            data,
            opts: opts.clone(),
        })
    } else {
        Box::new(GameDocument {
            of: Of::File(data),
            opts: opts.clone(),
            read: OnceLock::new(),
            salvaged: OnceLock::new(),
        })
    }
}

/// `game`, made or edited in memory, as a document: info, list, check, decompile
/// and compile see it as a file of it would show it, without writing it. extract
/// lays out the file it writes.
pub fn of_model<'a>(game: &'a model::Game<'a>, opts: &Options) -> Box<dyn Document + 'a> {
    Box::new(GameDocument {
        of: Of::Model(game),
        opts: opts.clone(),
        read: OnceLock::new(),
        salvaged: OnceLock::new(),
    })
}

/// What a game document is of.
enum Of<'a> {
    /// A file's bytes.
    File(&'a [u8]),
    /// A game in memory.
    Model(&'a model::Game<'a>),
}

/// A game: what `info`, `list` and `check` read (the views, whole or damaged, and
/// the model), and what `extract` reads (the views as far as a damaged file goes,
/// with what was lost), each read once.
struct GameDocument<'a> {
    of: Of<'a>,
    /// The run's settings: where the game was read from (its audio groups are
    /// beside it), and the limits.
    opts: Options,
    read: OnceLock<FileView<'a>>,
    salvaged: OnceLock<(FileView<'a>, Damage)>,
}

/// What `once` holds, read by `read` the first time it is asked for; a read that
/// fails is not kept, so its error is given to every verb that asks.
fn kept<T>(once: &OnceLock<T>, read: impl FnOnce() -> Result<T>) -> Result<&T> {
    if let Some(v) = once.get() {
        return Ok(v);
    }
    let v = read()?;
    Ok(once.get_or_init(|| v))
}

impl<'a> GameDocument<'a> {
    fn read(&self) -> Result<&FileView<'a>> {
        kept(&self.read, || match self.of {
            Of::File(data) => file_view::read(data),
            Of::Model(game) => Ok(file_view::of_model(game, None)),
        })
    }
}

impl Document for GameDocument<'_> {
    fn info(&self) -> Result<Partial<serde_json::Value>> {
        let game = self.read()?;
        Ok(Partial {
            value: info::info(game),
            problems: game.problems.clone(),
        })
    }

    fn list(&self) -> Result<Partial<Vec<Entry>>> {
        let game = self.read()?;
        let entries = entries::items(&entries::Files::new(game))
            .into_iter()
            .map(|(e, _)| e)
            .collect();
        Ok(Partial {
            value: entries,
            problems: game.problems.clone(),
        })
    }

    fn check(&self) -> Report {
        match self.read() {
            Ok(game) => check::check(game, self.opts.input.as_deref(), &self.opts.limits),
            Err(e) => Report::from_error(&e),
        }
    }

    fn extract(&self, out: &Path, opts: &ExtractOptions) -> Result<ExtractSummary> {
        let data = match self.of {
            Of::File(data) => data,
            Of::Model(game) => {
                // The extraction records where each blob lies in the file. The
                // writer walks the model mutably, and this one is borrowed.
                let bytes = game.clone().write()?;
                let (game, damage) = file_view::read_salvaging(&bytes)?;
                return extract::extract(&game, damage, out, opts, &self.opts);
            }
        };
        let (game, damage) = kept(&self.salvaged, || file_view::read_salvaging(data))?;
        extract::extract(game, damage.clone(), out, opts, &self.opts)
    }

    fn decompile(&self, entries: &[String]) -> Result<Vec<SourceText>> {
        crate::formats::gamemaker::gml::decompile::source::source_texts(self.read()?, entries)
    }

    fn compile(
        &self,
        source: &str,
        file: &str,
        entry: Option<&str>,
    ) -> Result<crate::CompiledSource> {
        crate::formats::gamemaker::pack::code::gml_files::check_size(
            file,
            source.len(),
            &self.opts.limits,
        )?;
        crate::formats::gamemaker::pack::code::gml_files::compile_text(
            self.read()?,
            source,
            file,
            entry,
        )
    }
}

/// An audio group file: a FORM holding AUDO alone, read whole when asked.
struct GroupDocument<'a> {
    data: &'a [u8],
    opts: Options,
}

impl GroupDocument<'_> {
    fn read(&self) -> Result<AudioGroup<'_>> {
        group_file::read(self.data)
    }
}

impl Document for GroupDocument<'_> {
    fn info(&self) -> Result<Partial<serde_json::Value>> {
        Ok(Partial::whole(group_file::info(&self.read()?)))
    }

    fn list(&self) -> Result<Partial<Vec<Entry>>> {
        Ok(Partial::whole(group_file::entries(&self.read()?)))
    }

    fn check(&self) -> Report {
        crate::formats::gamemaker::audio_group::group_check::check(self.data)
    }

    fn extract(&self, out: &Path, opts: &ExtractOptions) -> Result<ExtractSummary> {
        group_file::extract(self.data, out, opts, &self.opts.limits)
    }
}
