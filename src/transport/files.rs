//! Reading the files other programs drop for us (Maildir `new/`, SMS
//! spools). The directories are writable by others, so a name listed a
//! moment ago may now be a symbolic link to a secret (which would be
//! journaled and exported as evidence) or a FIFO (which would block the
//! input and SIGTERM forever). Files are opened without following links
//! and without blocking, and only regular files are read.

use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Opens `path` for reading if it is a regular file, and refuses anything
/// else (a link, a FIFO, a device, a directory).
pub fn open_regular(path: &Path) -> io::Result<File> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            // What O_NOFOLLOW answers for a link.
            Some(libc::ELOOP) => not_regular("a symbolic link"),
            _ => e,
        })?;
    // The type of the file opened, not of the name: nothing can swap it now.
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(not_regular(if kind.is_dir() {
            "a directory"
        } else {
            "not a regular file"
        }));
    }
    Ok(file)
}

/// The content of the regular file at `path`, at most `limit` bytes.
pub fn read_regular(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open_regular(path)?.take(limit).read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn not_regular(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{what}: skipped (only regular files are read)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_fifos_and_directories_are_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("secret");
        std::fs::write(&secret, "root:x:0:0").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&secret, &link).unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        assert_eq!(read_regular(&secret, 100).unwrap(), b"root:x:0:0");
        assert_eq!(read_regular(&secret, 4).unwrap(), b"root");
        for (path, why) in [
            (&link, "symbolic link"),
            (&fifo, "not a regular file"),
            (&dir.path().to_path_buf(), "directory"),
        ] {
            let e = read_regular(path, 100).unwrap_err().to_string();
            assert!(e.contains(why), "{}: {e}", path.display());
        }
    }
}
