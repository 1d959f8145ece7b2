//! The formats gamepak knows, by name. What each can do is its [`Handler`]
//! (see [`Format::handler`]), declared where the formats are registered.
//!
//! [`Handler`]: crate::handler::Handler

use serde::{Deserialize, Serialize};

/// The formats gamepak knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// GameMaker data.win / game.unx / game.ios.
    GameMaker,
    /// GBIN, from the game-asset-packer and its .gap scripts.
    Gbin,
    /// The native engine's game.bin.
    Native,
    /// TirNanoG .tng.
    Tng,
    /// SWAG game data.
    Swag,
}

impl Format {
    /// Every format gamepak knows, in the order detection probes them.
    pub const ALL: [Format; 5] = [
        Format::GameMaker,
        Format::Gbin,
        Format::Native,
        Format::Tng,
        Format::Swag,
    ];

    /// The short name used in manifests, JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::GameMaker => "gamemaker",
            Format::Gbin => "gbin",
            Format::Native => "native",
            Format::Tng => "tng",
            Format::Swag => "swag",
        }
    }

    /// A human description.
    pub fn title(self) -> &'static str {
        match self {
            Format::GameMaker => "GameMaker data file (FORM chunks)",
            Format::Gbin => "GBIN game asset package",
            Format::Native => "native engine game.bin",
            Format::Tng => "TirNanoG game file",
            Format::Swag => "SWAG game data file",
        }
    }

    /// The format whose [`Format::name`] is `name`; `None` for any other text.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
