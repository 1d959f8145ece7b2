//! The few threads that do the heavy work (listing, checking, rendering), behind a
//! line of bounded length. A request that finds the line full is turned away at
//! once (503, with Retry-After) instead of waiting: so a burst of requests holds at
//! most `workers` pieces of work in memory, `workers + queue` in line, and never
//! starts more threads than there are workers.

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

pub struct Pool {
    workers: usize,
    /// One permit for each piece of work running or waiting for a worker.
    admitted: Arc<Semaphore>,
    /// One permit for each piece of work running.
    running: Arc<Semaphore>,
}

/// A place in the line, held until the work it was given is done.
pub struct Ticket {
    _place: OwnedSemaphorePermit,
}

/// Why work was not done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unfinished {
    /// The line was full: ask again later.
    Busy,
    /// The work panicked; what it said.
    Failed(String),
}

impl Pool {
    pub fn new(workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        Pool {
            workers,
            admitted: Arc::new(Semaphore::new(workers + queue)),
            running: Arc::new(Semaphore::new(workers)),
        }
    }

    /// How many pieces of work run at once: the runtime keeps that many threads
    /// for them.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// A place in the line, unless it is full.
    pub fn admit(&self) -> Result<Ticket, Unfinished> {
        self.admitted
            .clone()
            .try_acquire_owned()
            .map(|place| Ticket { _place: place })
            .map_err(|_| Unfinished::Busy)
    }

    /// Runs `work` on a worker thread once one is free, keeping `ticket`'s place
    /// until it is done. Dropping the returned future while it waits gives the
    /// place up without running `work`.
    pub async fn run<T: Send + 'static>(
        &self,
        ticket: Ticket,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Unfinished> {
        let Ok(running) = self.running.clone().acquire_owned().await else {
            // Only a closed semaphore fails, and this one is never closed.
            return Err(Unfinished::Busy);
        };
        tokio::task::spawn_blocking(move || {
            let _held = (ticket, running);
            work()
        })
        .await
        .map_err(|e| Unfinished::Failed(e.to_string()))
    }

    /// [`admit`](Self::admit) and [`run`](Self::run) together.
    pub async fn try_run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Unfinished> {
        let ticket = self.admit()?;
        self.run(ticket, work).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .max_blocking_threads(2)
            .build()
            .unwrap()
    }

    #[test]
    fn past_the_line_work_is_turned_away_and_a_freed_place_is_taken_again() {
        runtime().block_on(async {
            let pool = Arc::new(Pool::new(1, 1));
            let (release, held) = mpsc::channel::<()>();
            let (started, running) = mpsc::channel::<()>();
            let first = {
                let pool = pool.clone();
                tokio::spawn(async move {
                    pool.try_run(move || {
                        started.send(()).unwrap();
                        held.recv().unwrap();
                        1
                    })
                    .await
                })
            };
            tokio::task::spawn_blocking(move || running.recv().unwrap())
                .await
                .unwrap();
            // One runs, one waits: the line is full.
            let waiting = pool.admit().unwrap();
            assert_eq!(pool.try_run(|| 3).await, Err(Unfinished::Busy));
            release.send(()).unwrap();
            assert_eq!(first.await.unwrap(), Ok(1));
            assert_eq!(pool.run(waiting, || 2).await, Ok(2));
            assert_eq!(pool.try_run(|| 4).await, Ok(4));
        });
    }

    #[test]
    fn a_panic_is_an_answer_and_frees_its_place() {
        runtime().block_on(async {
            let pool = Pool::new(1, 0);
            let failed = pool.try_run(|| -> u8 { panic!("bad entry") }).await;
            assert!(matches!(failed, Err(Unfinished::Failed(_))), "{failed:?}");
            assert_eq!(pool.try_run(|| 5).await, Ok(5));
        });
    }
}
