//! Strings edited in `strings.json`. STRG holds each text once, so a string can be
//! at once a text the game shows and a name: of GameMaker's own built-in variables
//! and functions, or of the game's resources, variables and functions. Editing a
//! built-in's name would cut the game off from it, so that is refused, saying
//! where a shown text is edited instead. Editing one of the game's own names
//! renames it: every reference to it is by its place in STRG, so every one follows,
//! and pack says so.

use super::findings::Findings;
use crate::formats::gamemaker::gml::language::builtins::{
    is_builtin_function, is_builtin_variable,
};
use crate::formats::gamemaker::model::chunks::symbols::{Functions, Variables};
use crate::formats::gamemaker::model::wire::StrId;
use crate::formats::gamemaker::model::Game;

/// A string edited in `strings.json`: its index and its text as extracted.
pub(crate) struct Edited {
    pub index: usize,
    pub was: String,
}

pub(crate) fn check(game: &Game<'_>, file: &str, edited: &[Edited], found: &mut Findings) {
    let is = |id: Option<StrId>, i: usize| id.is_some_and(|s| s.0 as usize == i);
    let variables = game.get::<Variables>().map_or(&[][..], |v| &v.variables);
    let functions = game.get::<Functions>().map_or(&[][..], |f| &f.functions);
    for Edited { index, was } in edited {
        let i = *index;
        let now = game.texts().get(i).map_or("", |t| &**t);
        let variable = variables.iter().any(|v| is(v.name, i));
        let function = functions.iter().any(|f| is(f.name, i));
        let builtin = match (
            variable && is_builtin_variable(was),
            function && is_builtin_function(was),
        ) {
            (true, _) => Some("variable"),
            (_, true) => Some("function"),
            _ => None,
        };
        if let Some(what) = builtin {
            found.problem(|| {
                format!(
                "{file}[{i}]: {was:?} is the name of GameMaker's built-in {what} `{was}`, which \
                 the game's code uses: as {now:?} the game would lose it. Put it back; to \
                 change a text the game shows, edit it where it is shown (a string in a \
                 .gml file, a room's caption)"
            )
            });
            continue;
        }
        let resource = game.chunks.iter().find_map(|p| {
            let names = p.body.names()?;
            names.iter().any(|n| is(*n, i)).then_some(p.name)
        });
        let named = match (variable, function, resource) {
            (true, _, _) => Some("variable".to_string()),
            (_, true, _) => Some("function".to_string()),
            (_, _, Some(chunk)) => Some(format!("{chunk} resource")),
            _ => None,
        };
        if let Some(what) = named {
            found.notes.push(format!(
                "{file}[{i}]: the {what} {was:?} is renamed {now:?}, and every reference \
                 follows"
            ));
        }
    }
}
