//! One module per verb, and the verbs as the command line names them: a new verb
//! is its module and a line in [`Command`] and its `run`.

pub mod apply;
pub mod build;
mod build_watch;
pub mod check;
pub mod compile;
pub mod completions;
pub mod decompile;
pub mod diff;
pub mod extract;
pub mod identify;
pub mod info;
pub mod list;
pub mod man;
pub mod opcode_table;
pub mod pack;
pub mod patch;
pub mod render_entry;
pub mod scan;
pub mod serve;

use clap::Subcommand;

use crate::output::{Global, Status};

#[derive(Subcommand)]
pub enum Command {
    Identify(identify::Args),
    Info(info::Args),
    List(list::Args),
    Check(check::Args),
    Extract(extract::Args),
    Pack(pack::Args),
    Build(build::Args),
    Decompile(decompile::Args),
    Compile(compile::Args),
    Diff(diff::Args),
    Patch(patch::Args),
    Apply(apply::Args),
    Scan(scan::Args),
    Serve(serve::Args),
    #[command(hide = true)]
    RenderEntry(render_entry::Args),
    Completions(completions::Args),
    Man(man::Args),
}

impl Command {
    /// The opcode table the verb was given, for the verbs that read SWAG bytecode.
    pub fn opcodes(&self) -> Option<&std::path::Path> {
        let table = match self {
            Command::Info(a) => &a.table,
            Command::List(a) => &a.table,
            Command::Check(a) => &a.table,
            Command::Extract(a) => &a.table,
            Command::Build(a) => &a.table,
            Command::Serve(a) => &a.table,
            Command::RenderEntry(a) => &a.table,
            _ => return None,
        };
        table.opcodes.as_deref()
    }

    /// Runs the verb with the run's settings; `cli` is the whole command line's
    /// definition, which completions and manual pages are made from.
    pub fn run(self, global: Global, cli: clap::Command) -> Result<Status, gamepak::Error> {
        match self {
            Command::Identify(a) => identify::run(a, &global),
            Command::Info(a) => info::run(a, &global),
            Command::List(a) => list::run(a, &global),
            Command::Check(a) => check::run(a, &global),
            Command::Extract(a) => extract::run(a, &global),
            Command::Pack(a) => pack::run(a, &global),
            Command::Build(a) => {
                let global = build::configure(&a, global);
                if a.watch {
                    build_watch::run(&a, &global)
                } else {
                    build::run(&a, &global)
                }
            }
            Command::Decompile(a) => decompile::run(a, &global),
            Command::Compile(a) => compile::run(a, &global),
            Command::Diff(a) => diff::run(a, &global),
            Command::Patch(a) => patch::run(a, &global),
            Command::Apply(a) => apply::run(a, &global),
            Command::Scan(a) => scan::run(a, &global),
            Command::Serve(a) => serve::run(a, &global),
            Command::RenderEntry(a) => render_entry::run(a, &global),
            Command::Completions(a) => completions::run(a, cli),
            Command::Man(a) => man::run(a, cli),
        }
    }
}
