use std::path::PathBuf;

use crate::files::{each_file, Summary};
use crate::output::{open, warn_at, Global, Status};
use crate::terminal::{data, json_line};
use gamepak::Error;

/// Compile GML against a game, and print the assembly it gives.
///
/// Checks an edit before packing: the GML is compiled as pack would compile it,
/// against the game's own variables, functions, scripts and resources, and the
/// assembly printed is what pack would put in the game (in the syntax of the
/// extracted `code/*.asm`). The code entry is `--entry`, or the one the file's
/// name names (`012-gml_Object_obj_player_Step_0.gml`, as extract writes it), or a
/// new script named after the file. Every error is shown with its line, column
/// and a caret under it, and the run exits 1: syntax, an unknown name, a
/// built-in called with the wrong number of arguments, a write to a read-only
/// built-in, `break` outside a loop, syntax the game's release does not have
/// (struct literals before 2.3, `??` before 2.3.7, template strings before
/// 2023.4). A name nothing in the game sets that is a keystroke or two from a
/// known one (`c_whte`) is a warning with a "did you mean".
///
/// Example: gamepak compile data.win game/code/012-gml_Object_obj_player_Step_0.gml
///
/// Example: gamepak compile data.win fix.gml --entry gml_Object_obj_player_Step_0
#[derive(clap::Args)]
pub struct Args {
    /// The game (`-` reads standard input).
    file: PathBuf,
    /// The GML to compile.
    source: PathBuf,
    /// The code entry the GML is the code of (`gml_Object_obj_player_Step_0`).
    #[arg(long, value_name = "NAME")]
    entry: Option<String>,
    /// Print one JSON object: "entry", "assembly" and "warnings".
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let status = each_file(std::slice::from_ref(&args.file), args.json, |_, _, s| {
        compile(&args, global, s)
    });
    Ok(status)
}

/// The compile, printed, and what it adds to the summary.
fn compile(args: &Args, global: &Global, counts: &mut Summary) -> Result<Status, Error> {
    // A regular file only (a device or a FIFO never ends), and no larger than
    // `--max-alloc`.
    let shown = args.source.display().to_string();
    let size = std::fs::metadata(&args.source)
        .map_err(|e| Error::io(&args.source, e))?
        .len();
    global
        .options
        .limits
        .check_size(&shown, None, "a GML file of", size)?;
    let text = gamepak::io::read_regular(&args.source).map_err(|e| Error::io(&args.source, e))?;
    let text = String::from_utf8(text).map_err(|_| Error::at(shown.clone(), "is not UTF-8"))?;
    let f = open(&args.file, &global.options.limits)?;
    let file = args.source.display().to_string();
    let compiled =
        f.handler
            .open(&f.data, &global.options)
            .compile(&text, &file, args.entry.as_deref())?;
    let assembly = &compiled.assembly;
    for w in &compiled.warnings {
        warn_at(global, w);
    }
    counts.entries += 1;
    counts.warnings += compiled.warnings.len();
    if args.json {
        json_line(&serde_json::json!({
            "file": args.file.to_string_lossy(),
            "source": file,
            "entry": assembly
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("; "))
                .and_then(|l| l.split(" (").next()),
            "assembly": assembly,
            "warnings": compiled.warnings,
        }));
    } else {
        for line in assembly.lines() {
            data(line);
        }
    }
    Ok(Status::Ok)
}
