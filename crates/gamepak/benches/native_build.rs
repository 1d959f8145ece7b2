//! `build` of the example native content folder, in development and in production:
//! the gap between them is what production's Vorbis encoding, deflating and PNG
//! crushing cost, and development must stay the quick one.

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::native::{self, BuildOptions};

fn build(c: &mut Criterion) {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/native/content");
    let mut group = c.benchmark_group("native_build_example_content");
    for (name, production) in [("development", false), ("production", true)] {
        let opts = BuildOptions {
            production,
            ..Default::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| native::build(&content, &opts, &Default::default()).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, build);
criterion_main!(benches);
