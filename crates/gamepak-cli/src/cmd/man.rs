use clap::CommandFactory;

use crate::output::Status;
use gamepak::Error;

/// Print gamepak's manual page (roff), made from the same definitions as the help.
///
/// Example: gamepak man > gamepak.1 && man ./gamepak.1
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<Status, Error> {
    let page = clap_mangen::Man::new(crate::Cli::command());
    page.render(&mut std::io::stdout())
        .map_err(|e| Error::io("standard output", e))?;
    Ok(Status::Ok)
}
