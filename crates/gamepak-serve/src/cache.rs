//! Entries rendered lately, and entries being rendered. Listing an entry's files and
//! then fetching one renders it once, and so do any number of identical requests
//! at once: the first starts a flight, the others wait for where it lands.
//! Bounded in entries and bytes, since a game's pages are large; a render that
//! fails is not kept, so asking again tries again.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;
use tokio::sync::watch;

/// An entry's rendered files by name, as `Bytes` so that every answer shares
/// them instead of copying.
pub type Files = Arc<BTreeMap<String, Bytes>>;

/// A file's place on the command line, and an entry's path inside it.
pub type Key = (usize, String);

const MAX_ENTRIES: usize = 32;
const MAX_BYTES: usize = 64 << 20;

/// A flight's outcome: `None` until it lands.
type Outcome<E> = Option<Result<Files, E>>;

pub struct Renders<E> {
    inner: Mutex<Inner<E>>,
}

struct Inner<E> {
    /// Least recently asked for first.
    kept: VecDeque<(Key, Files)>,
    /// The bytes of every file in `kept`.
    bytes: usize,
    flying: HashMap<Key, watch::Receiver<Outcome<E>>>,
}

/// What [`Renders::find`] finds for a key.
pub enum Found<E> {
    Kept(Files),
    /// Being rendered.
    Flying(Landing<E>),
    /// Neither: the caller renders it, and lands the outcome with this.
    Vacant(Flight<E>),
}

/// The render of one key under way: every request for that key meanwhile waits
/// for it. Dropped without landing, the waiters learn it was given up.
pub struct Flight<E> {
    renders: Arc<Renders<E>>,
    key: Key,
    outcome: watch::Sender<Outcome<E>>,
    landed: bool,
}

/// Waits for a flight to land.
pub struct Landing<E>(watch::Receiver<Outcome<E>>);

fn size(files: &Files) -> usize {
    files.values().map(Bytes::len).sum()
}

impl<E> Default for Renders<E> {
    fn default() -> Self {
        Renders {
            inner: Mutex::new(Inner {
                kept: VecDeque::new(),
                bytes: 0,
                flying: HashMap::new(),
            }),
        }
    }
}

impl<E: Clone> Renders<E> {
    /// The files `key` renders to if they are kept, else the render under way, else
    /// a new flight for the caller to fly.
    pub fn find(self: &Arc<Self>, key: &Key) -> Found<E> {
        let mut inner = self.lock();
        let hit = inner
            .kept
            .iter()
            .position(|(k, _)| k == key)
            .and_then(|at| inner.kept.remove(at));
        if let Some((key, files)) = hit {
            // Asked for again: the last to go.
            inner.kept.push_back((key, files.clone()));
            return Found::Kept(files);
        }
        if let Some(flying) = inner.flying.get(key) {
            return Found::Flying(Landing(flying.clone()));
        }
        let (outcome, landing) = watch::channel(None);
        inner.flying.insert(key.clone(), landing);
        Found::Vacant(Flight {
            renders: self.clone(),
            key: key.clone(),
            outcome,
            landed: false,
        })
    }
}

impl<E> Renders<E> {
    fn lock(&self) -> MutexGuard<'_, Inner<E>> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl<E> Inner<E> {
    fn keep(&mut self, key: Key, files: Files) {
        self.bytes += size(&files);
        self.kept.push_back((key, files));
        while self.kept.len() > 1 && (self.kept.len() > MAX_ENTRIES || self.bytes > MAX_BYTES) {
            if let Some((_, old)) = self.kept.pop_front() {
                self.bytes -= size(&old);
            }
        }
    }
}

impl<E: Clone> Flight<E> {
    /// Waits for this flight, as the requests that joined it do.
    pub fn landing(&self) -> Landing<E> {
        Landing(self.outcome.subscribe())
    }

    /// Ends the flight: keeps the files it rendered, and hands its outcome to
    /// every request waiting for it. From then on the key is found kept (or, when
    /// the render failed, vacant again).
    pub fn land(mut self, outcome: Result<Files, E>) {
        {
            let mut inner = self.renders.lock();
            inner.flying.remove(&self.key);
            if let Ok(files) = &outcome {
                inner.keep(self.key.clone(), files.clone());
            }
        }
        self.landed = true;
        self.outcome.send_replace(Some(outcome));
    }
}

impl<E> Drop for Flight<E> {
    fn drop(&mut self) {
        if !self.landed {
            self.renders.lock().flying.remove(&self.key);
        }
    }
}

impl<E: Clone> Landing<E> {
    /// The flight's outcome, or `None` when it was given up.
    pub async fn outcome(mut self) -> Option<Result<Files, E>> {
        let landed = self.0.wait_for(Option::is_some).await.ok()?;
        landed.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Tried = Result<Files, String>;

    fn key(entry: &str) -> Key {
        (0, entry.to_string())
    }

    fn files(bytes: usize) -> Files {
        Arc::new(BTreeMap::from([(
            "f".to_string(),
            Bytes::from(vec![0u8; bytes]),
        )]))
    }

    fn wait(landing: Landing<String>) -> Option<Tried> {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(landing.outcome())
    }

    fn vacant(renders: &Arc<Renders<String>>, k: &Key) -> Flight<String> {
        match renders.find(k) {
            Found::Vacant(flight) => flight,
            _ => panic!("{k:?} should be vacant"),
        }
    }

    fn flying(renders: &Arc<Renders<String>>, k: &Key) -> Landing<String> {
        match renders.find(k) {
            Found::Flying(landing) => landing,
            _ => panic!("{k:?} should be flying"),
        }
    }

    #[test]
    fn requests_during_a_render_share_it_and_later_ones_find_it_kept() {
        let renders = Arc::new(Renders::default());
        let k = key("a");
        let flight = vacant(&renders, &k);
        let (first, second) = (flight.landing(), flying(&renders, &k));
        let rendered = files(10);
        flight.land(Ok(rendered.clone()));
        for landing in [first, second] {
            let got = wait(landing).unwrap().unwrap();
            assert!(Arc::ptr_eq(&got, &rendered));
        }
        assert!(matches!(renders.find(&k), Found::Kept(f) if Arc::ptr_eq(&f, &rendered)));
    }

    #[test]
    fn a_failed_render_is_shared_but_not_kept() {
        let renders = Arc::new(Renders::default());
        let k = key("a");
        let flight = vacant(&renders, &k);
        let waiting = flying(&renders, &k);
        flight.land(Err("bad".to_string()));
        assert_eq!(wait(waiting), Some(Err("bad".to_string())));
        // The next request tries again, and dropping its flight unblocks its waiters.
        let again = vacant(&renders, &k);
        let waiting = flying(&renders, &k);
        drop(again);
        assert_eq!(wait(waiting), None);
        vacant(&renders, &k);
    }

    #[test]
    fn the_oldest_go_first_past_the_bytes_bound() {
        let renders = Arc::new(Renders::default());
        let half = MAX_BYTES / 2;
        for name in ["a", "b", "c"] {
            vacant(&renders, &key(name)).land(Ok(files(half)));
        }
        assert!(matches!(renders.find(&key("a")), Found::Vacant(_)));
        assert!(matches!(renders.find(&key("b")), Found::Kept(_)));
        assert!(matches!(renders.find(&key("c")), Found::Kept(_)));
        assert_eq!(renders.lock().bytes, MAX_BYTES);
    }
}
