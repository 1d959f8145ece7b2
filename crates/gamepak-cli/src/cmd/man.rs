use std::path::{Path, PathBuf};

use crate::output::Status;
use gamepak::io::{OutputFile, Replace};
use gamepak::Error;

/// Print gamepak's manual page (roff), or a verb's, made from the same definitions
/// as the help.
///
/// The top page lists the verbs' pages, gamepak-VERB(1); `gamepak man VERB` prints
/// one. `--dir` writes them all, for packagers.
///
/// Example: gamepak man > gamepak.1 && man ./gamepak.1
///
/// Example: gamepak man pack | man -l -
///
/// Example: gamepak man --dir /usr/share/man/man1
#[derive(clap::Args)]
pub struct Args {
    /// The verb whose page to print, such as `pack`; the top page when none is given.
    verb: Option<String>,
    /// Write every page (gamepak.1 and each gamepak-VERB.1) into this folder, each
    /// atomically, replacing earlier ones.
    #[arg(long, value_name = "DIR", conflicts_with = "verb")]
    dir: Option<PathBuf>,
}

pub fn run(args: Args, cli: clap::Command) -> Result<Status, Error> {
    let pages = pages(cli)?;
    if let Some(dir) = &args.dir {
        return write_all(dir, &pages);
    }
    let name = match &args.verb {
        Some(verb) => format!("gamepak-{verb}"),
        None => "gamepak".to_string(),
    };
    let Some((_, page)) = pages.iter().find(|(n, _)| *n == name) else {
        let verbs: Vec<&str> = pages
            .iter()
            .filter_map(|(n, _)| n.strip_prefix("gamepak-"))
            .collect();
        return Err(Error::usage(
            "man",
            format!(
                "gamepak has no verb {:?}; the pages are of {}",
                args.verb.unwrap_or_default(),
                verbs.join(", ")
            ),
        ));
    };
    OutputFile::claim(Path::new("-"), page, Replace::Any)?.write(page)?;
    Ok(Status::Ok)
}

/// Every page by name: the top page, then each verb's, named as the top page's
/// SEE ALSO names them.
fn pages(mut cli: clap::Command) -> Result<Vec<(String, Vec<u8>)>, Error> {
    cli.build();
    let render = |mut cmd: clap::Command| -> Result<Vec<u8>, Error> {
        let synopsis = synopsis(&mut cmd);
        let mut page = Vec::new();
        clap_mangen::Man::new(cmd)
            .render(&mut page)
            .map_err(|e| Error::io("manual page", e))?;
        Ok(with_synopsis(&page, &synopsis))
    };
    let mut pages = vec![("gamepak".to_string(), render(cli.clone())?)];
    let pages_of = |s: &&clap::Command| !s.is_hide_set() && s.get_name() != "help";
    for sub in cli.get_subcommands().filter(pages_of) {
        let name = format!("gamepak-{}", sub.get_name());
        let cmd = sub.clone().name(name.clone()).bin_name(name.clone());
        pages.push((name, render(cmd)?));
    }
    Ok(pages)
}

/// The SYNOPSIS section from clap's usage line. clap_mangen's own names options
/// without their values, so pack's page read `-o FOLDER` where FOLDER is the input
/// and the output's value is FILE; the usage line names both.
fn synopsis(cmd: &mut clap::Command) -> String {
    let usage = cmd.render_usage().to_string();
    let line = usage.trim().trim_start_matches("Usage:").trim();
    let escaped = line.replace('\\', "\\\\").replace('-', "\\-");
    format!(".SH SYNOPSIS\n{escaped}\n")
}

/// `page` with its SYNOPSIS section replaced by `synopsis`.
fn with_synopsis(page: &[u8], synopsis: &str) -> Vec<u8> {
    let text = String::from_utf8_lossy(page);
    let Some(start) = text.find(".SH SYNOPSIS\n") else {
        return page.to_vec();
    };
    let end = text[start + 1..]
        .find("\n.SH ")
        .map_or(text.len(), |i| start + 1 + i + 1);
    format!("{}{synopsis}{}", &text[..start], &text[end..]).into_bytes()
}

/// Writes each page as `NAME.1` into `dir`, claiming them all before writing any.
fn write_all(dir: &Path, pages: &[(String, Vec<u8>)]) -> Result<Status, Error> {
    if !dir.is_dir() {
        return Err(Error::usage(
            dir.display().to_string(),
            "is not a folder: --dir names the folder the pages go into",
        ));
    }
    let claimed = pages
        .iter()
        .map(|(name, page)| {
            let path = dir.join(format!("{name}.1"));
            Ok((OutputFile::claim(&path, page, Replace::Any)?, page))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    for (file, page) in claimed {
        file.write(page)?;
    }
    crate::terminal::out(format!(
        "{}: wrote {} manual pages",
        dir.display(),
        pages.len()
    ));
    Ok(Status::Ok)
}
