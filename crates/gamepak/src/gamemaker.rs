//! GameMaker data files (data.win, game.unx, game.ios) as a typed model, for Rust
//! tools that read and change them.
//!
//! [`Game::read`] reads every chunk into records of named fields: the game's
//! [`General`](chunks::general::General) information, [`Rooms`](chunks::room::Rooms)
//! with their instances and layers, [`Objects`](chunks::objects::Objects) with their
//! events, [`Sprites`](chunks::sprites::Sprites), sounds, fonts, paths, sequences,
//! [`Code`](chunks::code::Code) and the rest, and [`Strings`](chunks::strings::Strings).
//! References are ids: a string is its index in STRG ([`StrId`]), a resource its
//! index typed by kind ([`Id`]), a frame's texture its TPAG item ([`TpagId`]).
//! [`Game::write`] lays the file out again, computing every pointer, count, size and
//! padding as GameMaker does: an unchanged game gives back the bytes it was read from,
//! and an edited one reads in GameMaker and passes `gamepak check`.
//!
//! A game in memory is a [`Document`](crate::Document) too ([`open`]): check,
//! decompile and compile an edited model without writing it first.
//!
//! Each chunk is read in the layout of the release that wrote it, found from the
//! file itself. A chunk whose layout the model does not know is kept as stored
//! ([`chunks::Body::Stored`], with the reason); a write that would move it, or what it
//! points at, is refused rather than leaving its pointers wrong.
//!
//! ```no_run
//! use gamepak::gamemaker::chunks::{general::General, room::Rooms, strings::Strings};
//! use gamepak::gamemaker::Game;
//!
//! let data = std::fs::read("data.win")?;
//! let mut game = Game::read(&data)?;
//!
//! // Move the first instance of the first room that has one 32 pixels right.
//! let rooms = game.get_mut::<Rooms>().expect("every game has rooms");
//! if let Some(instance) = rooms
//!     .rooms
//!     .iter_mut()
//!     .flatten()
//!     .flat_map(|room| room.instances.iter_mut().flatten())
//!     .next()
//! {
//!     instance.x += 32;
//! }
//!
//! // Add a string, and show it as the game's display name.
//! let title = game.get_mut::<Strings>().expect("every game has strings").add("My mod");
//! game.get_mut::<General>().expect("every game has GEN8").display_name = Some(title);
//!
//! // Check the edited game, and read its code as GML, before writing it.
//! let edited = gamepak::gamemaker::open(&game, &Default::default());
//! assert!(edited.check().problems.is_empty());
//! println!("{} code entries", edited.decompile(&[])?.len());
//! drop(edited);
//!
//! std::fs::write("data.win", game.write()?)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::formats::gamemaker::model::names::{self, Id};
pub use crate::formats::gamemaker::model::version::Version;
pub use crate::formats::gamemaker::model::wire::{CodeAddress, StrId, TpagId};
/// A game in memory, made or edited in code, as a [`Document`](crate::Document):
/// `info`, `list`, `check`, `decompile` and `compile` see it as a file of it would
/// show them, without writing it. The releases it may be from are those its
/// records show, and, while its chunks are still those of the file it was read
/// from, that file's layouts.
pub use crate::formats::gamemaker::of_model as open;
pub use crate::formats::gamemaker::{
    model::chunks, model::json, model::read, model::write, model::Game, model::Part,
};

/// The releases that may have written the GameMaker file `data`, in words, and
/// the family of the oldest (`GMS 1.x`, `2.0-2.2`, `2.3`, `2024`); `None` for a
/// file the model cannot read.
pub fn releases(data: &[u8]) -> Option<(String, String)> {
    let view = crate::formats::gamemaker::views::file_view::read(data).ok()?;
    let inferred = crate::formats::gamemaker::inspect::release::infer(&view);
    Some((inferred.range, inferred.releases.low.family()))
}

/// Code as typed instructions. [`type_code`](instructions::type_code) turns a
/// game's instruction blobs into [`Instr`](instructions::Instr)s whose variable
/// and function uses name their VARI or FUNC entry
/// ([`Symbol`](instructions::Symbol)); change them and write, and every
/// occurrence chain, count and first address follows.
pub mod instructions {
    pub use crate::formats::gamemaker::bytecode::instruction::{Callee, Instr, Operand};
    pub use crate::formats::gamemaker::bytecode::relink::type_code;
    pub use crate::formats::gamemaker::model::chunks::instructions::{Instructions, Symbol};
}

/// The FORM container under the model: each chunk's name, offset and bytes, for tools
/// that look at a file's layout rather than its records.
pub mod form {
    pub use crate::formats::gamemaker::binary::container::{
        chunk_location, form_location, read, write, Chunk, Form,
    };
}

/// Audio-group files (`audiogroup1.dat` and the others named by AGRP): a FORM
/// holding only an AUDO chunk of clips, which the game's sounds index by group.
pub mod audio_group {
    pub use crate::formats::gamemaker::audio_group::file_names::FileNames;
    pub use crate::formats::gamemaker::audio_group::group_file::{
        is_audio_group, read, write, AudioGroup,
    };
}

/// GameMaker's language and a game's code: the tree ([`ast`](gml::ast)), printed in
/// one layout ([`print`](gml::print)) and parsed back ([`parse`](gml::parse), through
/// [`lex`](gml::lex)); the built-in functions, constants and variables with their
/// types ([`builtins`](gml::builtins)); the compiler that writes GML as GameMaker's
/// bytecode ([`compile`](gml::compile)); and a whole game's code taken through
/// decompiling and compiling back, counted ([`sweep`](gml::sweep)). A game's code as
/// GML is [`Document::decompile`](crate::Document::decompile), and GML compiled
/// against a game [`Document::compile`](crate::Document::compile).
pub mod gml {
    pub use crate::formats::gamemaker::gml::language::{ast, builtins, lex, parse, print};
    pub use crate::formats::gamemaker::gml::sweep;

    /// The compiler's entry points: GML compiled against a game's names
    /// ([`compile()`](compile::compile)), and a game's own code compiled back
    /// ([`Recompile`](compile::Recompile)).
    pub mod compile {
        pub use crate::formats::gamemaker::gml::compile::identity::Recompile;
        pub use crate::formats::gamemaker::gml::compile::{
            compile, CompileError, Compiled, Env, FunctionEntry, Source, Target,
        };
    }
}

/// Small games made in code, for examples, benchmarks and tests: a model in any
/// release's layout ([`sample()`](sample::sample)), or the bytes of a game of
/// texture pages and sounds of a chosen size ([`game`](sample::game)).
pub mod sample {
    pub use crate::formats::gamemaker::model::sample::sample;
    pub use crate::formats::gamemaker::model::synthetic::{game, game_in, game_with_pages};
}
