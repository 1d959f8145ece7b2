use std::path::PathBuf;

use crate::output::{Global, Status};
use crate::reading::Reading;
use crate::terminal::{data, err, json_line, out};
use gamepak::changes::{self, AssetChange, Change, Detail};
use gamepak::Error;

/// Compare two files of one format, asset by asset.
///
/// Assets are matched by kind and name, never by index: each is its file in the
/// folder `extract` writes, its place in its list (`003-`) left out. Code shows as a
/// unified diff of its GML (of its assembly where it has none), JSON records field by
/// field as JSON Pointer paths, images by size, pixels changed and where, sounds by
/// codec, rate, length and hash. Renamed assets are found by their content; added
/// and removed ones are listed. The text output reads like `git diff --stat`, then
/// the details.
///
/// Exit 0 when the two are the same, 1 when they differ, 2 on error.
///
/// Example: gamepak diff old/data.win new/data.win
///
/// Example: gamepak diff --json a.gbin b.gbin | jq -c 'select(.change == "modified")'
#[derive(clap::Args)]
pub struct Args {
    /// The first file.
    a: PathBuf,
    /// The second file, of the same format.
    b: PathBuf,
    /// Print one JSON line per changed asset (`path`, `change`: added, removed,
    /// modified or renamed, and its `detail`), then a summary line.
    #[arg(long)]
    json: bool,
    /// Only the summary: one line per asset, no details.
    #[arg(long)]
    stat: bool,
    /// Write, for each changed image, its before, after and a highlighted
    /// difference as PNGs into DIR.
    #[arg(long, value_name = "DIR")]
    visual: Option<PathBuf>,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let (a, b) = (
        Reading::open(&args.a, global)?,
        Reading::open(&args.b, global)?,
    );
    let (ia, ib) = (a.input(), b.input());
    let compared = changes::compared(ia, ib, &global.options)?;
    a.done();
    b.done();
    let d = compared.diff(&global.options);
    if let Some(dir) = &args.visual {
        let written = compared.visual(dir, &global.options)?;
        if !global.quiet && !args.json {
            err(format!(
                "{} images written into {}",
                written.len(),
                dir.display()
            ));
        }
    }
    let counts = Counts::of(&d.assets);
    if args.json {
        for asset in &d.assets {
            json_line(asset);
        }
        json_line(&serde_json::json!({
            "summary": {
                "format": d.format.name(),
                "same": d.same(),
                "added": counts.added,
                "removed": counts.removed,
                "modified": counts.modified,
                "renamed": counts.renamed,
                "layout_differs": d.layout_differs,
            }
        }));
    } else {
        print_stat(&d.assets);
        if d.layout_differs {
            out("the assets are the same; the files differ in their layout alone");
        }
        out(counts.line());
        if !args.stat {
            for asset in &d.assets {
                print_detail(asset, global.verbose);
            }
        }
    }
    Ok(if d.same() {
        Status::Ok
    } else {
        Status::Problems
    })
}

/// How many assets changed each way.
#[derive(Default)]
struct Counts {
    added: usize,
    removed: usize,
    modified: usize,
    renamed: usize,
}

impl Counts {
    fn of(assets: &[AssetChange]) -> Counts {
        let mut c = Counts::default();
        for a in assets {
            match a.change {
                Change::Added => c.added += 1,
                Change::Removed => c.removed += 1,
                Change::Modified => c.modified += 1,
                Change::Renamed => c.renamed += 1,
            }
        }
        c
    }

    fn line(&self) -> String {
        let n = self.added + self.removed + self.modified + self.renamed;
        format!(
            " {n} asset{} changed: {} modified, {} added, {} removed, {} renamed",
            if n == 1 { "" } else { "s" },
            self.modified,
            self.added,
            self.removed,
            self.renamed
        )
    }
}

/// One line per asset: its key and what changed, in a column.
fn print_stat(assets: &[AssetChange]) {
    let width = assets
        .iter()
        .map(|a| a.path.chars().count())
        .max()
        .unwrap_or(0)
        .min(60);
    for a in assets {
        let what = match (&a.change, &a.detail) {
            (Change::Added, _) => "added".to_string(),
            (Change::Removed, _) => "removed".to_string(),
            (Change::Renamed, _) => format!("renamed from {}", a.was.as_deref().unwrap_or("?")),
            (_, Detail::Text { added, removed, .. }) => format!(
                "{} {}{}",
                added + removed,
                "+".repeat((*added).min(20)),
                "-".repeat((*removed).min(20))
            ),
            (_, Detail::Json { fields }) => format!(
                "{} field{}",
                fields.len(),
                if fields.len() == 1 { "" } else { "s" }
            ),
            (_, Detail::Image(i)) => format!("{} pixels", i.changed_pixels),
            (_, Detail::Audio { .. }) => "sound".to_string(),
            (_, Detail::Binary { .. }) => "bytes".to_string(),
        };
        out(format!(" {:width$} | {what}", a.path));
    }
}

/// The fields of one record shown before the rest are counted (all with
/// --verbose): a map's tile grid changes hundreds at once.
const FIELDS_SHOWN: usize = 20;

/// An asset's details, after the summary.
fn print_detail(a: &AssetChange, verbose: bool) {
    match &a.detail {
        Detail::Text { diff, .. } => {
            out("");
            for line in diff.lines() {
                data(line);
            }
        }
        Detail::Json { fields } => {
            out("");
            let stem = a.path.strip_suffix(".json").unwrap_or(&a.path);
            let shown = if verbose { fields.len() } else { FIELDS_SHOWN };
            for f in fields.iter().take(shown) {
                let show = |v: &Option<serde_json::Value>| {
                    v.as_ref().map_or("(none)".to_string(), |v| v.to_string())
                };
                out(format!(
                    "{stem}{}: {} -> {}",
                    f.pointer,
                    show(&f.before),
                    show(&f.after)
                ));
            }
            if fields.len() > shown {
                out(format!(
                    "{stem}: … and {} more fields (--verbose shows every one)",
                    fields.len() - shown
                ));
            }
        }
        Detail::Image(i) => {
            out("");
            let bounds = i.bounds.map_or(String::new(), |[x, y, w, h]| {
                format!(" in {w}x{h} at {x},{y}")
            });
            out(format!(
                "{}: {}x{} -> {}x{}, {} pixels changed{bounds}",
                a.path, i.before[0], i.before[1], i.after[0], i.after[1], i.changed_pixels
            ));
        }
        Detail::Audio { before, after } => {
            out("");
            let show = |f: &changes::AudioFacts| {
                let rate = f.sample_rate.map_or(String::new(), |r| format!(" {r} Hz"));
                let length = f.duration.map_or(String::new(), |d| format!(" {d:.2} s"));
                format!("{}{rate}{length} {}", f.codec, &f.hash[..12])
            };
            out(format!("{}: {} -> {}", a.path, show(before), show(after)));
        }
        Detail::Binary { before, after } if a.change == Change::Modified => {
            out("");
            let show = |s: &Option<gamepak::changes::Sized>| {
                s.as_ref().map_or("(none)".to_string(), |s| {
                    format!("{} bytes {}", s.bytes, &s.hash[..12])
                })
            };
            out(format!("{}: {} -> {}", a.path, show(before), show(after)));
        }
        Detail::Binary { .. } => {}
    }
}
