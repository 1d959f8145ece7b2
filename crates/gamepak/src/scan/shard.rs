//! `--shard I/N`: the files whose path hashes to I of N. The hash is BLAKE3 of
//! the path's bytes, so every machine given the same paths draws the same lines
//! between shards; the N shards are disjoint and together make the whole.

use std::str::FromStr;

/// One of N shards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 0.
    pub index: u64,
    /// How many there are.
    pub count: u64,
}

impl Shard {
    /// Whether the file at `path` is this shard's.
    pub fn takes(&self, path: &str) -> bool {
        let hash = blake3::hash(path.as_bytes());
        let head = u64::from_le_bytes(hash.as_bytes()[..8].try_into().expect("8 bytes"));
        head % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N`, with I below N.
    fn from_str(s: &str) -> Result<Shard, String> {
        let (i, n) = s.split_once('/').ok_or("a shard is I/N, such as 0/3")?;
        let index: u64 = i
            .trim()
            .parse()
            .map_err(|_| format!("{i:?} is no shard number"))?;
        let count: u64 = n
            .trim()
            .parse()
            .map_err(|_| format!("{n:?} is no count of shards"))?;
        if count == 0 || index >= count {
            return Err(format!("shard {index} of {count}: I runs from 0 to N-1"));
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_disjoint_and_cover_every_path() {
        let shards: Vec<Shard> = (0..3).map(|i| format!("{i}/3").parse().unwrap()).collect();
        for n in 0..300 {
            let path = format!("games/{n}.win");
            assert_eq!(
                shards.iter().filter(|s| s.takes(&path)).count(),
                1,
                "{path}"
            );
        }
        assert!("3/3".parse::<Shard>().is_err() && "1/0".parse::<Shard>().is_err());
    }
}
