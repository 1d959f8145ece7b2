//! Programs the tests run that a fresh machine may lack: Debian's package is
//! installed with apt the first time one is missing (the tests' own setup, so a
//! fresh machine needs nothing by hand), unless an environment variable names one.

use std::path::PathBuf;
use std::process::Command;

/// The program: the one `env` names, else the first of `candidates` that exists,
/// else `package`'s, installed now.
pub fn program(env: &str, candidates: &[&str], package: &str) -> PathBuf {
    if let Some(p) = std::env::var_os(env) {
        return PathBuf::from(p);
    }
    let found = || candidates.iter().map(PathBuf::from).find(|p| p.exists());
    if let Some(p) = found() {
        return p;
    }
    eprintln!("{package} is missing: installing Debian's package for the tests");
    let root = is_root();
    for args in [
        &["update", "-qq"][..],
        &["install", "-y", "-qq", package][..],
    ] {
        let mut cmd = if root {
            Command::new("apt-get")
        } else {
            let mut c = Command::new("sudo");
            c.args(["-n", "apt-get"]);
            c
        };
        let status = cmd
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status();
        assert!(
            status.is_ok_and(|s| s.success()),
            "apt-get {} failed: install Debian's {package}, or name the program in {env}",
            args.join(" ")
        );
    }
    found().unwrap_or_else(|| panic!("{package} is installed"))
}

/// Whether this process runs as root, read from `id -u` rather than through FFI.
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}
