//! The `gamepak` command line: parses arguments, calls the library, prints.

// Text reaches the terminal only through `terminal`, which escapes it.
#![warn(clippy::print_stdout, clippy::print_stderr)]

mod cmd;
mod files;
mod output;
mod reading;
mod style;
mod terminal;

use std::process::ExitCode;

use clap::{CommandFactory, Parser};

/// What `--help` says after the list of verbs: the conventions every verb keeps.
const CONVENTIONS: &str = "\
Exit codes, on every verb and for any number of files: 0 only when everything succeeded; \
1 when a file breaks its format (check found errors, an extraction could not decode some \
assets, a folder holds a change its format cannot store); 2 when any file could not be \
read or written, needs more memory than --max-alloc allows, or the command line is \
wrong. 2 wins over 1.\n\nInput: `-` as a file reads standard input (identify, info, \
list, check, extract).\n\nOutput: --quiet prints only errors and what a verb exists to \
print (identify's answers, info, list's entries, check's failed files and their errors, \
JSON records): no warnings, notes, summaries or progress bars. --color colours errors \
red and warnings yellow; `auto` does so on a terminal unless NO_COLOR is set.\n\nJSON: \
with --json, every verb that has it (identify, info, list, check, extract, pack, \
decompile, compile) prints JSON Lines: one object per record, each naming its \"file\" \
first (the file read; for pack, the file written), then one summary record of the same \
shape for every \
verb:\n{\"summary\":{\"files\":F,\"entries\":E,\"errors\":X,\"warnings\":W,\"notes\":N,\"status\":S}}\n\nentries \
counts what list listed, extract wrote, decompile and compile made; errors counts \
check's errors, the entries that could not be decoded or decompiled, and the files that \
could not be read or understood; warnings and notes are check's (and compile's \
warnings); status is the exit code. Numbers are numbers: offsets and sizes in bytes, as \
JSON integers (text output shows offsets in hex).\n\nMemory: no single item is inflated \
or decoded past --max-alloc (512M by default), nor do the items decoded at once take \
more between them; hitting the limit names it. Interrupting a run (Ctrl-C, SIGTERM) \
removes its temporary files; a killed run's leftovers are removed by the next run that \
writes the same output.";

/// Identify, inspect, validate, extract and rebuild binary game data files.
///
/// Formats: GameMaker data.win/game.unx/game.ios, GBIN (.gap packer), native engine
/// game.bin, TirNanoG .tng and SWAG game data.
#[derive(Parser)]
#[command(
    name = "gamepak",
    version,
    after_long_help = CONVENTIONS,
    propagate_version = true,
    max_term_width = 100
)]
pub(crate) struct Cli {
    /// Print more detail.
    #[arg(short, long, global = true)]
    verbose: bool,
    /// Print only errors and the data the verb exists to print: no warnings, notes,
    /// summaries or progress.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    quiet: bool,
    /// When to colour errors (red) and warnings (yellow).
    #[arg(
        long,
        global = true,
        value_enum,
        value_name = "WHEN",
        default_value = "auto"
    )]
    color: style::ColorChoice,
    /// The largest single item any decoder may inflate or decode (a stream, an
    /// image, a map), and the most the items decoded at once may take between them,
    /// such as 512M or 2G. Raise it for a file that legitimately holds bigger items.
    #[arg(long, global = true, value_name = "SIZE", env = gamepak::limits::MAX_ALLOC_ENV,
          value_parser = gamepak::limits::parse_size)]
    max_alloc: Option<u64>,
    #[command(subcommand)]
    command: cmd::Command,
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if e.use_stderr() => {
            usage_error(e);
            return ExitCode::from(2);
        }
        Err(e) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    style::init(cli.color);
    let result = global(&cli).and_then(|global| {
        remove_temp_files_when_interrupted(&global);
        cli.command.run(global, Cli::command())
    });
    match result {
        Ok(status) => ExitCode::from(status as u8),
        Err(e) => ExitCode::from(output::report_error(&e) as u8),
    }
}

/// Prints a usage error. It may quote an argument, which can be a file's hostile
/// name, so it is made again from the arguments escaped: the same error, with the
/// quote harmless and clap's own lines and colours kept. Should the escaped
/// arguments parse, the first error is shown escaped whole.
fn usage_error(e: clap::Error) {
    let escaped = std::env::args_os().map(|a| terminal::escape(&a.to_string_lossy()).into_owned());
    match Cli::try_parse_from(escaped) {
        Err(safe) if safe.use_stderr() => {
            let _ = safe.print();
        }
        _ => terminal::err(e.render().to_string()),
    }
}

/// The run's settings, the allocation limit among them.
fn global(cli: &Cli) -> Result<output::Global, gamepak::Error> {
    let mut options = gamepak::Options::default();
    if let Some(bytes) = cli.max_alloc {
        options.limits = gamepak::limits::Limits::for_max_alloc(bytes);
    }
    let opcodes = cli.command.opcodes();
    if let Some(table) = opcodes {
        options.set(gamepak::swag::SwagOptions {
            opcodes: Some(gamepak::swag::OpcodeTable::load(table)?),
            endian: None,
        });
    }
    Ok(output::Global {
        verbose: cli.verbose,
        quiet: cli.quiet,
        options,
        opcodes: opcodes.map(std::path::Path::to_path_buf),
    })
}

/// An interrupted run leaves nothing half-written behind: SIGINT, SIGTERM and SIGHUP
/// remove this run's temporary files and staging folders, then end it with status 130,
/// the shell's status for Ctrl-C (the handler is not told which signal came).
fn remove_temp_files_when_interrupted(global: &output::Global) {
    let installed = ctrlc::set_handler(|| {
        gamepak::io::remove_temp_files();
        std::process::exit(130);
    });
    if let Err(e) = installed {
        let why = format!("temporary files will not be removed on Ctrl-C: {e}");
        output::warn(global, &why);
    }
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
