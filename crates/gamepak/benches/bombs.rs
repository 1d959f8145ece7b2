//! Every library verb on a small file whose one item claims or inflates to 2 GiB, one
//! file per format and decoder: each verb must refuse or finish within 10 s, with
//! peak resident memory under 700 MB (the 512 MiB default limit plus the program).
//! The peak is measured once per verb before it is timed: on Linux, writing 5 to
//! /proc/self/clear_refs resets VmHWM in /proc/self/status.

#[path = "shared/bombs.rs"]
mod bombs;

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use gamepak::{ExtractOptions, Format};

const CLAIM: u64 = 2 << 30;
const MAX_SECONDS: f64 = 10.0;
const MAX_PEAK_MB: u64 = 700;

const VERBS: [&str; 4] = ["info", "list", "check", "extract"];

fn run(verb: &str, format: Format, bytes: &[u8]) {
    let h = format.handler().unwrap();
    // Refusing is as good an outcome as finishing: only time and memory are judged.
    match verb {
        "info" => drop(h.open(bytes, &Default::default()).info()),
        "list" => drop(h.open(bytes, &Default::default()).list()),
        "check" => drop(h.open(bytes, &Default::default()).check()),
        _ => {
            let tmp = tempfile::tempdir().unwrap();
            drop(
                h.open(bytes, &Default::default())
                    .extract(&tmp.path().join("out"), &ExtractOptions::default()),
            );
        }
    }
}

/// Peak resident memory since the last [`reset_peak`], in MB; `None` off Linux.
fn peak_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1000)
}

fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn bombs(c: &mut Criterion) {
    // `cargo test --all-targets` runs benches once, unoptimised, as a smoke test: the
    // time and memory bounds speak of the optimised build, and making 2 GiB bombs
    // unoptimised takes longer than the rest of the suite, so only `cargo bench`
    // (which passes --bench) runs them.
    if !std::env::args().any(|a| a == "--bench") {
        println!("bombs: skipped outside `cargo bench -p gamepak --bench bombs`");
        return;
    }
    let mut group = c.benchmark_group("bombs");
    // Flat sampling runs a slow verb ten times, not the 55 linear sampling needs.
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(500));
    let made = Instant::now();
    let all = bombs::all(CLAIM);
    println!("bombs made in {:.1} s", made.elapsed().as_secs_f64());
    for b in all {
        for verb in VERBS {
            reset_peak();
            let start = Instant::now();
            run(verb, b.format, &b.bytes);
            let seconds = start.elapsed().as_secs_f64();
            let peak = peak_mb();
            let what = if b.meets_limit {
                "meets the limit"
            } else {
                "streams or is refused as damaged"
            };
            println!(
                "{}/{verb}: {seconds:.3} s, peak {} MB ({} KB file, {what})",
                b.name,
                peak.map_or("?".into(), |p| p.to_string()),
                b.bytes.len() / 1000
            );
            assert!(
                seconds < MAX_SECONDS,
                "{}/{verb} took {seconds:.1} s",
                b.name
            );
            if let Some(p) = peak {
                assert!(p < MAX_PEAK_MB, "{}/{verb} peaked at {p} MB", b.name);
            }
            group.bench_function(format!("{}/{verb}", b.name), |bench| {
                bench.iter(|| run(verb, b.format, &b.bytes))
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // Plots would take longer than the verbs they show.
    config = Criterion::default().without_plots();
    targets = bombs
}
criterion_main!(benches);
