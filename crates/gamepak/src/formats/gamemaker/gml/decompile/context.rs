//! What the decompiler knows about the game beyond one blob's instructions: the
//! strings, the names of variables and functions (their VARI and FUNC entries), the
//! names of the resources the code refers to by index, and each code entry's locals
//! and argument count.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::formats::gamemaker::bytecode::disassemble::Chain;
use crate::formats::gamemaker::model::kinds;
use crate::formats::gamemaker::model::version::Version;
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
    /// How typed references number the kinds of resource.
    pub refs: RefKinds,
    /// Whether `true` and `false` are typed booleans in the bytecode (2.3.7 on),
    /// so that an integer passed where a boolean is taken was written as one.
    pub typed_booleans: bool,
    /// Whether a 0 or 1 that a branch tests with no conversion to a boolean
    /// was written `false` or `true` (2.3 on: GameMaker converts a number it
    /// tests, not a boolean constant, typed or not).
    pub tested_booleans: bool,
    /// Whether the game names an instance's own variables through `builtin`
    /// (2024.2 on, as its code tells), so that one named through `self` was
    /// written `self.name`.
    pub explicit_self: bool,
    /// Whether the game pushes resources as typed references, so that a plain
    /// integer was written as a number, never as a resource's name.
    pub typed_references: bool,
    /// Whether a variable of the `instance` kind names an instance by its
    /// number (`(15).x`), even where an object has that index: every bytecode
    /// but 14, where the kind names an object by its index.
    pub instances_by_number: bool,
}

/// How a typed reference (`pushref`, 2023 on) numbers the kinds of resource it
/// names. GameMaker renumbered them in 2024.4: backgrounds moved after particle
/// systems, and everything between moved down one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RefKinds {
    /// 2023 to before 2024.4: [`Resource::reference`](kinds::Resource::reference)'s
    /// first.
    #[default]
    Before2024_4 = 0,
    /// 2024.4 on: its second.
    Since2024_4 = 1,
}

impl RefKinds {
    /// The numbering of a file from `releases` on.
    pub fn of(releases: Version) -> RefKinds {
        if releases >= Version::V2024_4 {
            RefKinds::Since2024_4
        } else {
            RefKinds::Before2024_4
        }
    }

    /// The chunk listing the resources of kind `kind`.
    pub fn chunk(self, kind: u32) -> Option<FourCC> {
        self.kinds().find(|(k, _)| *k == kind).map(|(_, c)| c)
    }

    /// The kind a reference to a resource of `chunk` names.
    pub fn kind(self, chunk: FourCC) -> Option<u32> {
        self.kinds().find(|(_, c)| *c == chunk).map(|(k, _)| k)
    }

    /// Each kind's number in this numbering, with the chunk listing it.
    fn kinds(self) -> impl Iterator<Item = (u32, FourCC)> {
        let era = self as usize;
        kinds::RESOURCES
            .iter()
            .filter_map(move |r| Some((r.reference[era]?, r.chunk)))
    }
}

impl Context<'_> {
    /// STRG's text `id`.
    pub fn string(&self, id: u32) -> Option<&str> {
        self.strings.get(id as usize).map(|s| &**s)
    }

    /// The name of VARI or FUNC entry `chain`.
    pub fn chain_name(&self, chain: usize) -> Option<&str> {
        self.chains.get(chain).map(|c| c.name.as_str())
    }

    /// Whether `chain` is a VARI entry's (a variable's, not a function's).
    pub fn is_variable_chain(&self, chain: usize) -> bool {
        self.chains.get(chain).is_some_and(|c| !c.call)
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
