//! Entries rendered lately, so that listing an entry's files and then fetching one
//! renders it once. Bounded in entries and bytes: a game's pages are large.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};

type Files = Arc<BTreeMap<String, Vec<u8>>>;

const MAX_ENTRIES: usize = 32;
const MAX_BYTES: usize = 256 << 20;

#[derive(Default)]
pub struct Renders {
    /// Oldest first.
    kept: Mutex<VecDeque<((usize, String), Files)>>,
}

impl Renders {
    /// The files entry `entry` of file `id` renders to, from `render` when they are
    /// not kept.
    pub fn get_or_render<E>(
        &self,
        id: usize,
        entry: &str,
        render: impl FnOnce() -> Result<BTreeMap<String, Vec<u8>>, E>,
    ) -> Result<Files, E> {
        let key = (id, entry.to_string());
        if let Some(files) = self
            .lock()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, f)| f.clone())
        {
            return Ok(files);
        }
        let files = Arc::new(render()?);
        let mut kept = self.lock();
        kept.push_back((key, files.clone()));
        let size = |kept: &VecDeque<(_, Files)>| -> usize {
            kept.iter()
                .flat_map(|(_, f)| f.values())
                .map(Vec::len)
                .sum()
        };
        while kept.len() > 1 && (kept.len() > MAX_ENTRIES || size(&kept) > MAX_BYTES) {
            kept.pop_front();
        }
        Ok(files)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<((usize, String), Files)>> {
        self.kept.lock().unwrap_or_else(|p| p.into_inner())
    }
}
