//! The `gamepak` command line: parses arguments, calls the library, prints.

mod cmd;
mod output;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Identify, inspect, validate, extract and rebuild binary game data files.
///
/// Formats: GameMaker data.win/game.unx/game.ios, GBIN (.gap packer), native engine
/// game.bin, TirNanoG .tng and SWAG game data.
///
/// Exit codes: 0 success; 1 a file breaks its format (check found problems, or a
/// file could not be read as its format); 2 usage or I/O error.
#[derive(Parser)]
#[command(
    name = "gamepak",
    version,
    propagate_version = true,
    max_term_width = 100
)]
struct Cli {
    /// Print more detail.
    #[arg(short, long, global = true)]
    verbose: bool,
    /// SWAG: read bytecode with this opcode table instead of the default (a TOML file
    /// of [[opcode]] entries: code, name, operands).
    #[arg(long, global = true, value_name = "FILE")]
    opcodes: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Identify(cmd::identify::Args),
    Info(cmd::info::Args),
    List(cmd::list::Args),
    Check(cmd::check::Args),
    Extract(cmd::extract::Args),
    Pack(cmd::pack::Args),
    Build(cmd::build::Args),
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = global(&cli).and_then(|global| match cli.command {
        Command::Identify(a) => cmd::identify::run(a, &global),
        Command::Info(a) => cmd::info::run(a, &global),
        Command::List(a) => cmd::list::run(a, &global),
        Command::Check(a) => cmd::check::run(a, &global),
        Command::Extract(a) => cmd::extract::run(a, &global),
        Command::Pack(a) => cmd::pack::run(a),
        Command::Build(a) => cmd::build::run(a, global),
    });
    match result {
        Ok(status) => ExitCode::from(status as u8),
        Err(e) => {
            eprintln!("gamepak: {e}");
            ExitCode::from(output::exit_code_for(&e) as u8)
        }
    }
}

fn global(cli: &Cli) -> Result<output::Global, gamepak::Error> {
    Ok(output::Global {
        verbose: cli.verbose,
        opcodes: cli
            .opcodes
            .as_deref()
            .map(gamepak::formats::swag::OpcodeTable::load)
            .transpose()?,
    })
}

/// Lets `gamepak list big.gbin | head` end quietly, as other command-line tools do,
/// instead of failing on a closed pipe.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first in main, before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
