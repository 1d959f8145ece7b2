//! What the decompiler knows about the game beyond one blob's instructions: the
//! strings, the names of variables and functions (their VARI and FUNC entries), the
//! names of the resources the code refers to by index, and each code entry's locals
//! and argument count.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::formats::gamemaker::code::Chain;
use crate::fourcc::FourCC;

/// The game, as the decompiler reads it.
#[derive(Debug)]
pub struct Context<'a> {
    /// STRG's texts, by index.
    pub strings: &'a [Cow<'a, str>],
    /// The VARI and FUNC entries whose occurrences the instructions are on.
    pub chains: &'a [Chain],
    /// Resource names by chunk, by index.
    pub assets: HashMap<FourCC, Vec<Option<String>>>,
    /// The local variables of each code entry, by the entry's name.
    pub locals: HashMap<String, Vec<String>>,
    /// How many arguments each code entry takes, by the entry's name.
    pub arguments: HashMap<String, u16>,
}

/// The kinds of resource a typed reference (2023 on) or an asset-typed argument
/// names, by the chunk that lists them.
pub const ASSET_CHUNKS: [(u32, FourCC); 12] = [
    (0, FourCC::OBJT),
    (1, FourCC::SPRT),
    (2, FourCC::SOND),
    (3, FourCC::ROOM),
    (4, FourCC::BGND),
    (5, FourCC::PATH),
    (6, FourCC::SCPT),
    (7, FourCC::FONT),
    (8, FourCC::TMLN),
    (10, FourCC::SHDR),
    (11, FourCC::SEQN),
    (12, FourCC::ACRV),
];

impl Context<'_> {
    /// STRG's text `id`.
    pub fn string(&self, id: u32) -> Option<&str> {
        self.strings.get(id as usize).map(|s| &**s)
    }

    /// The name of VARI or FUNC entry `chain`.
    pub fn chain_name(&self, chain: usize) -> Option<&str> {
        self.chains.get(chain).map(|c| c.name.as_str())
    }

    /// The name of resource `index` of the chunk `kind`.
    pub fn asset(&self, kind: FourCC, index: i64) -> Option<&str> {
        let list = self.assets.get(&kind)?;
        list.get(usize::try_from(index).ok()?)?.as_deref()
    }

    /// The object whose index is `index`.
    pub fn object(&self, index: i64) -> Option<&str> {
        self.asset(FourCC::OBJT, index)
    }
}
