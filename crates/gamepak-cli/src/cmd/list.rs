use std::path::PathBuf;

use crate::files::each_file;
use crate::output::{
    json_line, open_for_tables, print_unread, status_of, FileRecord, Global, Status,
};
use crate::terminal::{self, out};
use gamepak::{Error, Severity};

/// List every entry: path, kind, offset, stored size, decoded size and encoding.
///
/// Listing reads tables only: it never decompresses or decodes a payload, so it costs
/// the same for a 10 MB file and a 1 GB one with as many entries. With several files,
/// each table follows a `FILE:` line; in JSON each entry names its "file". A damaged
/// file lists the entries that could be read, names on stderr each place that could
/// not (in JSON, a record of its "problems" after its entries), and exits 1.
///
/// Example: gamepak list tiles.gbin --json
///
/// Example: gamepak list - < game.bin
#[derive(clap::Args)]
pub struct Args {
    /// Files to list (`-` reads standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per entry, then a summary record.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub table: super::opcode_table::OpcodeTable,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let several = args.files.len() > 1;
    let status = each_file(&args.files, args.json, |path, first, summary| {
        let f = open_for_tables(path, &global.options.limits)?;
        let read = f.handler.open(&f.data, &global.options).list()?;
        summary.entries += read.value.len();
        summary.errors += read
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
        if args.json {
            for record in &read.value {
                json_line(&FileRecord { file: path, record });
            }
            if !read.problems.is_empty() {
                let record = serde_json::json!({ "problems": read.problems });
                json_line(&FileRecord { file: path, record });
            }
            return Ok(status_of(&read));
        }
        if several {
            if !first {
                out("");
            }
            out(format!("{}:", path.display()));
        }
        print_table(&read.value);
        print_unread(path, &read.problems, global);
        Ok(status_of(&read))
    });
    Ok(status)
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
                e.encoding.to_string(),
            ]
        })
        .collect();
    let mut width = header.map(str::len);
    for row in &rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(terminal::width(cell));
        }
    }
    // Text cells are padded by hand: a cell takes the width of its escaped text,
    // which `{:<w$}` does not count.
    let left = |cell: &str, w: usize| format!("{cell}{}", " ".repeat(w - terminal::width(cell)));
    let line = |cells: [&str; 6], detail: &str| {
        let [path, kind, offset, stored, size, encoding] = cells;
        let [wp, wk, wo, ws, wz, we] = width;
        let text = format!(
            "{}  {}  {offset:>wo$}  {stored:>ws$}  {size:>wz$}  {}  {detail}",
            left(path, wp),
            left(kind, wk),
            left(encoding, we)
        );
        // Only spaces are trimmed: a trailing control character of a name is shown.
        out(text.trim_end_matches(' '));
    };
    line(header, "detail");
    for (row, e) in rows.iter().zip(entries) {
        line(row.each_ref().map(String::as_str), &e.detail);
    }
}
