//! One shape for the list benchmarks: the same entries in a 10 MB and a 1 GB file,
//! each written to disk and memory-mapped, listed by the format's handler.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};
use gamepak::{Document, Format, Source};

/// Benchmarks `list` on the files `make(total_bytes)` writes.
pub fn bench(
    c: &mut Criterion,
    format: Format,
    group: &str,
    make: impl Fn(usize) -> (tempfile::TempDir, PathBuf),
) {
    let mut group = c.benchmark_group(group);
    group.sample_size(20);
    for (label, size) in [("10MB", 10 << 20), ("1GB", 1 << 30)] {
        let (_dir, path) = make(size);
        list_mapped(&mut group, label, format, &path);
    }
    group.finish();
}

/// One benchmark of `group`: `list` on the file at `path`, memory-mapped.
pub fn list_mapped(group: &mut BenchmarkGroup<WallTime>, label: &str, format: Format, path: &Path) {
    verb_mapped(group, label, format, path, |d| {
        d.list().unwrap().value.len()
    });
}

/// One benchmark of `group`: `info` on the file at `path`, memory-mapped.
pub fn info_mapped(group: &mut BenchmarkGroup<WallTime>, label: &str, format: Format, path: &Path) {
    verb_mapped(group, label, format, path, |d| {
        d.info().unwrap().problems.len()
    });
}

/// One benchmark of `group`: `verb` run on the file at `path`, memory-mapped and
/// opened anew each time.
fn verb_mapped(
    group: &mut BenchmarkGroup<WallTime>,
    label: &str,
    format: Format,
    path: &Path,
    verb: impl Fn(&dyn Document) -> usize,
) {
    let handler = format.handler().unwrap();
    let data = Source::open(path, &Default::default()).unwrap();
    group.bench_function(label, |b| {
        b.iter(|| verb(&*handler.open(&data, &Default::default())))
    });
}
