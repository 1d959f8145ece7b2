//! Whole-file replacement: a temporary file beside the target, then one rename.

use std::io::Write;
use std::path::Path;

use super::temp::Temp;
use crate::error::{Error, Result};

/// Writes a file atomically: a temporary file beside the target, written whole, then
/// renamed over it. A failure or an interruption leaves any existing target untouched
/// and no temporary file behind.
pub fn write_atomic(path: impl AsRef<Path>, bytes: &[u8]) -> Result<()> {
    let path = path.as_ref();
    let tmp = staged(path, bytes)?;
    std::fs::rename(tmp.path(), path).map_err(|e| Error::io(path, e))?;
    tmp.keep();
    Ok(())
}

/// `bytes` written whole into a temporary file beside `path`, to be moved onto it.
pub(crate) fn staged(path: &Path, bytes: &[u8]) -> Result<Temp> {
    if let Some(dir) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    }
    let tmp = Temp::beside(path, "tmp");
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(tmp.path())
        .map_err(|e| Error::io(tmp.path(), e))?;
    // The rename is what makes the write atomic for readers and for our own failures;
    // no fsync, which would cost more than the write itself for many small assets.
    file.write_all(bytes).map_err(|e| Error::io(path, e))?;
    #[cfg(unix)]
    {
        // A replaced file keeps its mode; a new one gets the usual 0644 rather than
        // whatever the temporary file was created with.
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).map_or(0o644, |m| m.permissions().mode());
        file.set_permissions(std::fs::Permissions::from_mode(mode))
            .map_err(|e| Error::io(path, e))?;
    }
    Ok(tmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_whole_file_and_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub/out.bin");
        write_atomic(&p, b"hello").unwrap();
        write_atomic(&p, b"bye").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"bye");
        let leftovers = std::fs::read_dir(p.parent().unwrap()).unwrap().count();
        assert_eq!(leftovers, 1);
    }
}
