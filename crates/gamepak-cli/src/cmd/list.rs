use std::path::PathBuf;

use crate::output::{json_line, open, Global, Status};
use gamepak::Error;

/// List every entry: path, kind, offset, stored size, decoded size and encoding.
///
/// Listing reads tables only: it never decompresses or decodes a payload, so it costs
/// the same for a 10 MB file and a 1 GB one with as many entries.
///
/// Example: gamepak list tiles.gbin --json
#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Print one JSON object per entry.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let f = open(&args.file, global)?;
    let entries = f.handler().list(&f.data)?;
    if args.json {
        entries.iter().for_each(json_line);
        return Ok(Status::Ok);
    }
    print_table(&entries);
    Ok(Status::Ok)
}

/// The entries as a table whose columns are as wide as their widest cell, so short
/// names leave no gaps and long ones do not push the rest out of line.
fn print_table(entries: &[gamepak::Entry]) {
    let header = ["path", "kind", "offset", "stored", "size", "encoding"];
    let rows: Vec<[String; 6]> = entries
        .iter()
        .map(|e| {
            [
                e.path.clone(),
                e.kind.to_string(),
                format!("{:#x}", e.offset),
                e.stored_size.to_string(),
                e.size.to_string(),
                e.encoding.clone(),
            ]
        })
        .collect();
    let mut width = header.map(str::len);
    for row in &rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; 6], detail: &str| {
        let [path, kind, offset, stored, size, encoding] = cells;
        let [wp, wk, wo, ws, wz, we] = width;
        let text = format!(
            "{path:<wp$}  {kind:<wk$}  {offset:>wo$}  {stored:>ws$}  {size:>wz$}  {encoding:<we$}  {detail}"
        );
        println!("{}", text.trim_end());
    };
    line(header, "detail");
    for (row, e) in rows.iter().zip(entries) {
        line(row.each_ref().map(String::as_str), &e.detail);
    }
}
