//! Where the passes that recurse over what a file holds run: the GML decompiler and
//! compiler, and the TypeScript front end. Each of them bounds how deep it goes
//! (and refuses input past that bound with its place); these threads give that
//! bound a stack sized for it with a wide margin, whatever thread the caller is on
//! and however small its stack. Only touched pages of a stack are committed, so a
//! large one costs address space, not memory.
//!
//! The passes run on one pool of threads, so parallel work inside a pass (the
//! decompiler reads blobs across cores) stays on stacks of this size.

use std::sync::OnceLock;

/// The stack of every pass thread.
pub const STACK: usize = 128 << 20;

/// The most pass threads, whatever the machine: each reserves [`STACK`] of address
/// space, and a process under an address-space cap must still have room to work.
const MAX_THREADS: usize = 8;

/// Runs `work` on a pass thread and gives back its result (a panic in it is
/// raised again here). Parallel iterators inside `work` run on the pass threads;
/// on one already, `work` runs where it is.
///
/// A worker of another rayon pool that waited for the pass threads itself would
/// run its own pool's other jobs meanwhile, each of which may wait here in turn,
/// until its small stack runs out; it waits instead on a plain thread, which
/// only blocks.
pub fn run<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    let pool = pool();
    if pool.current_thread_index().is_some() || rayon::current_thread_index().is_none() {
        return pool.install(work);
    }
    std::thread::scope(|scope| {
        scope
            .spawn(|| pool.install(work))
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        rayon::ThreadPoolBuilder::new()
            .num_threads(cores.min(MAX_THREADS))
            .stack_size(STACK)
            .thread_name(|k| format!("pass-{k}"))
            .build()
            .expect("the pass threads can be started")
    })
}
