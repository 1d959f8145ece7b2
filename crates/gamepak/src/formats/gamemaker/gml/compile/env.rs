//! What the compiler knows about the game a function is compiled for: its
//! resources, its own scripts and functions, its `globalvar`s, and the macros and
//! enums of its project.

use std::collections::{HashMap, HashSet};

use super::target::Target;
use crate::formats::gamemaker::gml::decompile::context::RefKinds;
use crate::formats::gamemaker::gml::language::ast::{Expr, Number, Stmt};
use crate::formats::gamemaker::gml::language::builtins;
use crate::formats::gamemaker::inspect::release;
use crate::formats::gamemaker::model::kinds;
use crate::formats::gamemaker::views::file_view::FileView;
use crate::fourcc::FourCC;

/// A resource: its chunk and index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asset {
    /// The chunk listing it.
    pub chunk: FourCC,
    /// Its index there.
    pub index: u32,
}

/// The game, as the compiler sees it.
#[derive(Debug, Clone)]
pub struct Env {
    /// The GameMaker it is compiled for.
    pub target: Target,
    /// Resources by name.
    pub assets: HashMap<String, Asset>,
    /// The game's own scripts and functions: the name GML calls them by, and the
    /// name a call names (`gml_Script_…` from 2.3).
    pub functions: HashMap<String, String>,
    /// Every function FUNC lists: built-ins, extension functions and the game's.
    pub known_functions: HashSet<String>,
    /// Every variable VARI lists: a call of one calls the method it holds.
    pub known_variables: HashSet<String>,
    /// Variables declared with `globalvar`.
    pub globalvars: HashSet<String>,
    /// Macros of the project, by name.
    pub macros: HashMap<String, Expr>,
    /// Enums of the project: each member's value.
    pub enums: HashMap<String, HashMap<String, i64>>,
    /// How typed references number the kinds of resource.
    pub refs: RefKinds,
    /// The owner ids the game's array writes name, by function and array.
    pub owner_ids: super::evidence::OwnerIds,
    /// The code entries whose calls name functions by string.
    pub calls_by_name: HashSet<String>,
    /// How a method of what each function returns is called (see
    /// `Evidence::result_methods`).
    pub result_methods: HashMap<String, bool>,
}

impl Env {
    /// A game that holds nothing, made by `target`.
    pub fn bare(target: Target) -> Env {
        Env {
            target,
            assets: HashMap::new(),
            functions: HashMap::new(),
            known_functions: HashSet::new(),
            known_variables: HashSet::new(),
            globalvars: HashSet::new(),
            macros: HashMap::new(),
            enums: HashMap::new(),
            refs: RefKinds::of(target.release),
            owner_ids: Default::default(),
            calls_by_name: HashSet::new(),
            result_methods: HashMap::new(),
        }
    }

    /// What `game` holds.
    pub fn of(game: &FileView<'_>) -> Env {
        Env::of_with(
            game,
            &crate::formats::gamemaker::bytecode::disassemble::names(game),
        )
    }

    /// What `game` holds, its code's chains `names` read already.
    pub fn of_with(
        game: &FileView<'_>,
        names: &crate::formats::gamemaker::bytecode::disassemble::Names,
    ) -> Env {
        let releases = release::infer(game).releases;
        let (target, evidence) = super::evidence::of_game(game, names, releases);
        let mut env = Env::bare(target);
        env.owner_ids = evidence.owners;
        env.calls_by_name = evidence.calls_by_name;
        env.result_methods = evidence.result_methods;
        for (part, list) in game.model.chunks.iter().zip(game.model.chunk_names()) {
            let named_in_code = kinds::of_chunk(part.name).is_some_and(|r| !r.in_gml.is_empty());
            let (Some(list), true) = (list, named_in_code) else {
                continue;
            };
            for (index, name) in list.into_iter().enumerate() {
                if let Some(name) = name {
                    env.assets.entry(name.to_string()).or_insert(Asset {
                        chunk: part.name,
                        index: index as u32,
                    });
                }
            }
        }
        for chain in &names.chains {
            let known = if chain.call {
                &mut env.known_functions
            } else {
                &mut env.known_variables
            };
            known.insert(chain.name.clone());
        }
        if target.functions() {
            for e in &game.code {
                if let Some(short) = e.name.strip_prefix("gml_Script_") {
                    // A function named like a built-in the game's code calls
                    // is not what that name calls (PupofHades' GameMakerGame
                    // declares `lerp`, and calls GameMaker's).
                    let shadowed =
                        env.known_functions.contains(short) && builtins::function(short).is_some();
                    if !short.contains('@') && !shadowed {
                        env.functions.insert(short.to_string(), e.name.to_string());
                    }
                }
            }
        } else {
            for name in env.assets_of(FourCC::SCPT) {
                env.functions.insert(name.clone(), name);
            }
        }
        env
    }

    /// Takes the `#macro`s and `enum`s `body` declares, which GameMaker makes
    /// visible to the whole project. A macro whose text is no expression is
    /// skipped: it is expanded where it is used, which we do not model.
    pub fn define(&mut self, body: &[Stmt]) {
        for s in body {
            match s {
                Stmt::Macro {
                    name, body: text, ..
                } => {
                    if let Ok(e) = crate::formats::gamemaker::gml::language::parse::parse_expr(text)
                    {
                        self.macros.insert(name.clone(), e);
                    }
                }
                Stmt::Enum { name, members } => {
                    let table = self.enums.entry(name.clone()).or_default();
                    let mut next = 0i64;
                    for (member, value) in members {
                        let v = match value {
                            Some(Expr::Number(Number::Int(v) | Number::Hex(v))) => *v,
                            _ => next,
                        };
                        table.insert(member.clone(), v);
                        next = v.wrapping_add(1);
                    }
                }
                _ => {}
            }
        }
    }

    /// Makes a script the game does not hold yet callable: `name`, to be script
    /// `index`, and (from 2.3) the functions its code declares at its top, each
    /// by its name.
    pub fn add_script(&mut self, name: &str, index: u32, functions: &[String]) {
        self.assets.entry(name.to_string()).or_insert(Asset {
            chunk: FourCC::SCPT,
            index,
        });
        if self.target.functions() {
            for f in functions {
                self.functions.insert(f.clone(), format!("gml_Script_{f}"));
                self.known_functions.insert(format!("gml_Script_{f}"));
            }
        } else {
            self.functions.insert(name.to_string(), name.to_string());
            self.known_functions.insert(name.to_string());
        }
    }

    /// The names of the resources of `chunk`.
    fn assets_of(&self, chunk: FourCC) -> Vec<String> {
        self.assets
            .iter()
            .filter(|(_, a)| a.chunk == chunk)
            .map(|(n, _)| n.clone())
            .collect()
    }

    /// The resource named `name`.
    pub fn asset(&self, name: &str) -> Option<Asset> {
        self.assets.get(name).copied()
    }
}
