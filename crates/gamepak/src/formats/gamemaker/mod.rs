//! GameMaker data.win / game.unx / game.ios: a `FORM` container of chunks, `MROF` when
//! big-endian. So far gamepak identifies these files; reading their chunks comes next.

mod detect;

pub use detect::probe;
