//! Renders in a process of their own, so that nothing an entry holds can take the
//! server down. A thread cannot be stopped, bounded in memory or saved from an
//! abort: a process can. The server starts one for each render (the program it
//! was told of, given the file's path and the entry's), with an address-space
//! limit and a deadline. What the worker writes on standard output is the entry's
//! files, framed; anything else (an error, a crash, a kill at the deadline, a
//! frame past the limit) is an error for that entry alone.
//!
//! A frame is the name's length (u32, little-endian), the name in UTF-8, the
//! data's length (u64) and the data.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gamepak::{Error, Options, Result};

use crate::files::Location;

/// How renders are run apart: the program and the arguments that make it render
/// one entry (`--inner NAME` for a file inside an archive, then `--`, the file's
/// path and the entry's are added), and each render's limits.
#[derive(Debug, Clone)]
pub struct Renderer {
    pub program: PathBuf,
    pub args: Vec<OsString>,
    /// How long a render may take before it is stopped.
    pub time: Duration,
    /// The worker's address space, in bytes, on top of the file's size: past it
    /// an allocation fails and the worker ends.
    pub memory: u64,
}

/// How long a render may take by default.
pub const RENDER_TIME: Duration = Duration::from_secs(30);

/// Opens `path` and writes the files its entry `entry` renders to `out`, framed:
/// the worker's side.
pub fn render_to(
    location: &Location,
    entry: &str,
    options: &Options,
    out: &mut impl Write,
) -> Result<()> {
    let file = crate::files::open(location, options)?;
    let files = file.document().render(entry)?;
    let shown = || "standard output";
    for (name, data) in files {
        out.write_all(&(name.len() as u32).to_le_bytes())
            .and_then(|()| out.write_all(name.as_bytes()))
            .and_then(|()| out.write_all(&(data.len() as u64).to_le_bytes()))
            .and_then(|()| out.write_all(&data))
            .map_err(|e| Error::io(shown(), e))?;
    }
    out.flush().map_err(|e| Error::io(shown(), e))
}

/// The files entry `entry` of the file at `path` (of `size` bytes) renders to, from
/// a worker run by `renderer`, reading at most `max_bytes` of them.
pub fn render_apart(
    renderer: &Renderer,
    location: &Location,
    size: u64,
    entry: &str,
    max_bytes: u64,
) -> Result<BTreeMap<String, Vec<u8>>> {
    let mut command = Command::new(&renderer.program);
    command.args(&renderer.args);
    if let Some(inner) = &location.inner {
        command.arg("--inner").arg(inner);
    }
    // After `--`, an entry or a file whose name begins with `-` is no option.
    command
        .arg("--")
        .arg(&location.path)
        .arg(entry)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    limit_address_space(&mut command, size.saturating_add(renderer.memory));
    let shown = || format!("{entry}: the render");
    let mut child = command.spawn().map_err(|e| Error::io(shown(), e))?;
    let (Some(stdout), Some(mut stderr)) = (child.stdout.take(), child.stderr.take()) else {
        return Err(Error::at(shown(), "the worker has no output".to_string()));
    };
    // Read as the worker writes, so that a full pipe never stalls it; what runs
    // past the limit is cut, and makes the render fail.
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout
            .take(max_bytes + 1)
            .read_to_end(&mut bytes)
            .map(|_| bytes)
    });
    let said = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = (&mut stderr).take(64 << 10).read_to_string(&mut text);
        text
    });
    let deadline = Instant::now() + renderer.time;
    let status = loop {
        match child.try_wait().map_err(|e| Error::io(shown(), e))? {
            Some(status) => break Some(status),
            None if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            None => std::thread::sleep(Duration::from_millis(5)),
        }
    };
    let bytes = reader.join().ok().and_then(|r| r.ok()).unwrap_or_default();
    let said = said.join().unwrap_or_default();
    let Some(status) = status else {
        return Err(Error::at(
            shown(),
            format!(
                "took longer than {} s and was stopped",
                renderer.time.as_secs_f64()
            ),
        ));
    };
    if !status.success() {
        return Err(Error::at(shown(), failure(&status, said.trim())));
    }
    if bytes.len() as u64 > max_bytes {
        return Err(Error::at(
            shown(),
            format!("wrote more than {max_bytes} bytes"),
        ));
    }
    unframe(&bytes).ok_or_else(|| Error::at(shown(), "wrote frames that do not parse".to_string()))
}

/// Why a worker that ended with `status` failed: its own message, or how it died.
fn failure(status: &std::process::ExitStatus, said: &str) -> String {
    // The worker's message is `gamepak: FILE: why`; the file is the page's already.
    let message = said
        .lines()
        .last()
        .unwrap_or("")
        .trim_start_matches("gamepak: ");
    if status.code().is_some() && !message.is_empty() {
        return message.to_string();
    }
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(status) {
        return format!(
            "the worker was ended by signal {signal}: it crashed or ran out of its memory budget"
        );
    }
    format!("the worker failed ({status})")
}

fn unframe(mut bytes: &[u8]) -> Option<BTreeMap<String, Vec<u8>>> {
    let mut files = BTreeMap::new();
    while !bytes.is_empty() {
        let (len, rest) = bytes.split_first_chunk::<4>()?;
        let (name, rest) = rest.split_at_checked(u32::from_le_bytes(*len) as usize)?;
        let (len, rest) = rest.split_first_chunk::<8>()?;
        let (data, rest) =
            rest.split_at_checked(usize::try_from(u64::from_le_bytes(*len)).ok()?)?;
        files.insert(String::from_utf8(name.to_vec()).ok()?, data.to_vec());
        bytes = rest;
    }
    Some(files)
}

#[cfg(unix)]
fn limit_address_space(command: &mut Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    let limit = libc::rlimit {
        rlim_cur: bytes as libc::rlim_t,
        rlim_max: bytes as libc::rlim_t,
    };
    // SAFETY: setrlimit is async-signal-safe, and the closure touches nothing
    // else of the parent's.
    unsafe {
        command.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
}

#[cfg(not(unix))]
fn limit_address_space(_: &mut Command, _: u64) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_read_back_and_cut_ones_do_not() {
        let mut framed = Vec::new();
        for (name, data) in [("a.gml", &b"x = 1;"[..]), ("b", &[][..])] {
            framed.extend((name.len() as u32).to_le_bytes());
            framed.extend(name.as_bytes());
            framed.extend((data.len() as u64).to_le_bytes());
            framed.extend(data);
        }
        let files = unframe(&framed).unwrap();
        assert_eq!(files["a.gml"], b"x = 1;");
        assert_eq!(files["b"], b"");
        for cut in 1..framed.len() {
            if cut != 4 + 5 + 8 + 6 {
                assert!(unframe(&framed[..cut]).is_none(), "{cut}");
            }
        }
    }
}
