//! Opening the files pack and build read: regular files only.
//!
//! A FIFO in a source would make the read wait for a writer that never comes, a
//! device can go on for ever or act on being opened, and a socket cannot be read at
//! all. So a source file is opened without waiting (`O_NONBLOCK`, which a FIFO with
//! no writer honours; `O_NOCTTY`, so a terminal never becomes ours), and what was
//! opened is asked what it is (fstat on the descriptor, never a stat of the name
//! before opening, which a swap between the two would fool). Anything but a regular
//! file or a folder is refused, saying what it is.

use std::fs::{File, FileType, Metadata};
use std::io;
use std::path::Path;

/// Whether the last step of a path may be a link, followed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum LastStep {
    Follow,
    /// Refused with `ELOOP` when it is a link (see [`is_link_refusal`]).
    NoFollow,
}

/// A source file, opened: a regular file and its metadata, or a folder.
pub enum Opened {
    File(File, Metadata),
    Folder,
}

/// Opens `path` to be read as a source. An error names what it is when it is neither
/// a regular file nor a folder: "is a FIFO (named pipe), not a regular file".
pub fn open_source(path: &Path, last: LastStep) -> io::Result<Opened> {
    let file = match open_without_waiting(path, last) {
        Ok(f) => f,
        Err(e) => return Err(socket_named(path, e)),
    };
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Ok(Opened::Folder);
    }
    refuse_special(meta.file_type())?;
    Ok(Opened::File(file, meta))
}

/// Reads the regular file at `path` whole, links followed; anything else is refused,
/// saying what it is.
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    match open_source(path, LastStep::Follow)? {
        Opened::File(file, meta) => read_whole(file, &meta),
        Opened::Folder => Err(io::Error::other("is a folder, not a file")),
    }
}

/// Reads an opened regular file whole.
pub fn read_whole(mut file: File, meta: &Metadata) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // Through `take`, which skips the size probe (a status and a seek) a plain
    // file's read_to_end makes: the size is known.
    io::Read::read_to_end(&mut io::Read::take(&mut file, u64::MAX), &mut bytes)?;
    Ok(bytes)
}

/// Ok for a regular file or a folder; otherwise an error saying what it is.
pub fn refuse_special(kind: FileType) -> io::Result<()> {
    match special_kind(kind) {
        None => Ok(()),
        Some(what) => Err(io::Error::other(format!("{what}, not a regular file"))),
    }
}

/// What a file that is neither a regular file nor a folder is, in words.
pub fn special_kind(kind: FileType) -> Option<&'static str> {
    if kind.is_file() || kind.is_dir() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let named = [
            (kind.is_fifo(), "is a FIFO (named pipe)"),
            (kind.is_socket(), "is a socket"),
            (kind.is_char_device(), "is a character device"),
            (kind.is_block_device(), "is a block device"),
        ];
        if let Some((_, what)) = named.iter().find(|(is, _)| *is) {
            return Some(what);
        }
    }
    if kind.is_symlink() {
        return Some("is a symbolic link");
    }
    Some("is not a regular file")
}

#[cfg(unix)]
fn open_without_waiting(path: &Path, last: LastStep) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let nofollow = match last {
        LastStep::Follow => 0,
        LastStep::NoFollow => libc::O_NOFOLLOW,
    };
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | nofollow)
        .open(path)
}

/// Opening a socket fails (`ENXIO`) before anything can be asked of a descriptor:
/// only then is the name looked at, to say what it is.
#[cfg(unix)]
fn socket_named(path: &Path, e: io::Error) -> io::Error {
    if e.raw_os_error() != Some(libc::ENXIO) {
        return e;
    }
    match std::fs::symlink_metadata(path).map(|m| special_kind(m.file_type())) {
        Ok(Some(what)) => io::Error::other(format!("{what}, not a regular file")),
        _ => e,
    }
}

/// Whether opening failed because the last step is a link.
#[cfg(unix)]
pub fn is_link_refusal(e: &io::Error) -> bool {
    e.raw_os_error() == Some(libc::ELOOP)
}

/// Elsewhere, a link is told apart before opening, and nothing blocks on opening.
#[cfg(not(unix))]
fn open_without_waiting(path: &Path, last: LastStep) -> io::Result<File> {
    if last == LastStep::NoFollow && std::fs::symlink_metadata(path)?.file_type().is_symlink() {
        return Err(io::Error::other("a link"));
    }
    File::open(path)
}

#[cfg(not(unix))]
fn socket_named(_path: &Path, e: io::Error) -> io::Error {
    e
}

#[cfg(not(unix))]
pub fn is_link_refusal(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::Other && e.to_string() == "a link"
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn refusal(path: &Path) -> String {
        match read_regular(path) {
            Ok(_) => panic!("{} was read", path.display()),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn a_fifo_a_socket_and_a_device_are_refused_without_waiting() {
        let tmp = tempfile::tempdir().unwrap();
        let fifo = tmp.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        assert_eq!(refusal(&fifo), "is a FIFO (named pipe), not a regular file");
        let socket = tmp.path().join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        assert_eq!(refusal(&socket), "is a socket, not a regular file");
        assert_eq!(
            refusal(Path::new("/dev/null")),
            "is a character device, not a regular file"
        );
        assert_eq!(refusal(tmp.path()), "is a folder, not a file");
    }

    #[test]
    fn a_regular_file_is_read_whole() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("f");
        std::fs::write(&file, b"bytes").unwrap();
        assert_eq!(read_regular(&file).unwrap(), b"bytes");
    }
}
