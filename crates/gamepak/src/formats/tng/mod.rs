//! TirNanoG .tng: a 64-byte header starting `#!/usr/bin/tngp\n`, then a deflated
//! section block. So far gamepak identifies these files and tells whether they are
//! encrypted; reading their sections comes next.

mod detect;

pub use detect::probe;
