//! The extracted folder's shape: where each chunk's records go, the manifest
//! (`gamepak.toml`), the texts file (`text.json`) and the guide (`README.md`).

pub mod guide;
pub mod layout;
pub mod manifest;
pub mod texts;
