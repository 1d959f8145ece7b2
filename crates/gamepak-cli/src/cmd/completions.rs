use crate::output::Status;
use gamepak::Error;

/// Print a shell completion script for gamepak.
///
/// Generated from the same definitions as the help, so it always knows every verb
/// and option.
///
/// Example: gamepak completions bash > /etc/bash_completion.d/gamepak
///
/// Example: gamepak completions zsh > "${fpath[1]}/_gamepak"
#[derive(clap::Args)]
pub struct Args {
    /// The shell to complete for.
    shell: clap_complete::Shell,
}

pub fn run(args: Args, mut cli: clap::Command) -> Result<Status, Error> {
    clap_complete::generate(args.shell, &mut cli, "gamepak", &mut std::io::stdout());
    Ok(Status::Ok)
}
