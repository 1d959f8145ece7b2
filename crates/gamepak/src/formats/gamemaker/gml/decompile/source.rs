//! A game's code entries as the GML text `decompile` prints and `extract` writes:
//! which entries stand on their own, and each one's text or why it has none.

use crate::formats::gamemaker::gml::decompile::game_code::{decompile, text};
use crate::formats::gamemaker::views::file_view::FileView;
use crate::{Error, Result, SourceOrWhy, SourceText};

/// The entries named in `wanted`, or every entry that stands on its own when it is
/// empty, decompiled. A function declared inside another entry's code (2.3 on: its
/// entry starts inside that entry's blob) is shown inside it, not on its own.
pub fn source_texts(game: &FileView<'_>, wanted: &[String]) -> Result<Vec<SourceText>> {
    for name in wanted {
        if !game.code.iter().any(|e| *e.name == **name) {
            let near = nearest(game, name);
            return Err(Error::usage(
                name.clone(),
                match near {
                    Some(n) => {
                        format!("the game has no code entry of this name; did you mean {n}?")
                    }
                    None => "the game has no code entry of this name".into(),
                },
            ));
        }
    }
    crate::pass_stack::run(|| texts(game, wanted))
}

fn texts(game: &FileView<'_>, wanted: &[String]) -> Result<Vec<SourceText>> {
    let inside: Vec<bool> = game.code.iter().map(|e| e.start != 0).collect();
    let all = decompile(game);
    let shown = all
        .into_iter()
        .zip(&game.code)
        .zip(inside)
        .filter(|((d, _), inner)| {
            if wanted.is_empty() {
                !inner
            } else {
                wanted.contains(&d.name)
            }
        });
    Ok(shown
        .map(|((d, _), _)| SourceText {
            entry: d.name,
            text: match d.body {
                Ok(body) => SourceOrWhy::Source(text(game, &body)),
                Err(stuck) => SourceOrWhy::Error(format!("L{:04x}: {}", stuck.at, stuck.why)),
            },
        })
        .collect())
}

/// The code entry whose name is nearest `name`, for a hint.
fn nearest<'g>(game: &'g FileView<'_>, name: &str) -> Option<&'g str> {
    let names = game.code.iter().map(|e| &*e.name).filter(|n| !n.is_empty());
    crate::nearest::nearest(name, names)
}
