//! SWAG game data: `SWAG`, a u16 version whose byte order gives the file's, platform
//! flags, then tagged sections. So far gamepak identifies these files; reading their
//! sections comes next.

mod detect;

pub use detect::probe;
