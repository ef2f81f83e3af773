//! The file outbox: one `<reply id>.eml` per reply, a batch made durable
//! together. Each reply is written to a temporary dot file, synced, renamed
//! into place, and the renames synced, so a crash leaves either no file or
//! the whole one, and a reply written again after a crash replaces its own
//! file. How the syncs are made is [`FileSync`]'s choice.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::config::FileSync;

/// Writes every reply of a batch (its outbox id, its bytes) durably; each
/// one's result in its order. A failed sync fails every reply it was to
/// make durable: none of them counts as sent.
pub fn write<B: AsRef<[u8]>>(
    dir: &Path,
    sync: FileSync,
    replies: &[(i64, B)],
) -> Vec<io::Result<()>> {
    // Opened before the files are written: `syncfs` reports the write-back
    // errors of its file system since this descriptor was opened.
    let directory = match File::open(dir) {
        Ok(d) => d,
        Err(e) => return replies.iter().map(|_| Err(copy(&e))).collect(),
    };
    let written: Vec<io::Result<File>> = replies
        .iter()
        .map(|(id, raw)| {
            let mut f = File::create(temporary(dir, *id))?;
            f.write_all(raw.as_ref())?;
            Ok(f)
        })
        .collect();
    let synced: Vec<io::Result<()>> = match sync {
        FileSync::Filesystem => {
            let all = sync_filesystem(&directory);
            written
                .iter()
                .map(|_| all.as_ref().map_err(copy).copied())
                .collect()
        }
        FileSync::Files => sync_each(&written),
    };
    let mut done: Vec<io::Result<()>> = written
        .into_iter()
        .zip(synced)
        .zip(replies)
        .map(|((file, synced), (id, _))| {
            file?;
            synced?;
            std::fs::rename(temporary(dir, *id), dir.join(format!("{id}.eml")))
        })
        .collect();
    let renames = match sync {
        FileSync::Filesystem => sync_filesystem(&directory),
        FileSync::Files => directory.sync_all(),
    };
    if let Err(e) = renames {
        // The renames may not survive a crash: none counts as sent.
        for result in done.iter_mut().filter(|r| r.is_ok()) {
            *result = Err(copy(&e));
        }
    }
    done
}

fn temporary(dir: &Path, id: i64) -> PathBuf {
    dir.join(format!(".{id}.eml.tmp"))
}

fn copy(e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), e.to_string())
}

/// Every dirty page and inode of the file system `fd` is on, written and
/// flushed: the batch's files in one pass instead of one sync each.
fn sync_filesystem(fd: &File) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    // SAFETY: `fd` is an open descriptor for the whole call; syncfs reads nothing else.
    if unsafe { libc::syncfs(fd.as_raw_fd()) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// Threads syncing a batch's files one by one.
const SYNC_THREADS: usize = 8;

/// Each written file synced on its own, from a few threads at once (a file
/// system with a journal joins concurrent syncs into one commit).
fn sync_each(written: &[io::Result<File>]) -> Vec<io::Result<()>> {
    let mut synced: Vec<io::Result<()>> = written.iter().map(|_| Ok(())).collect();
    let per_thread = written.len().div_ceil(SYNC_THREADS).max(1);
    std::thread::scope(|scope| {
        for (files, results) in written
            .chunks(per_thread)
            .zip(synced.chunks_mut(per_thread))
        {
            scope.spawn(move || {
                for (file, result) in files.iter().zip(results) {
                    if let Ok(f) = file {
                        *result = f.sync_all();
                    }
                }
            });
        }
    });
    synced
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_ways_leave_each_reply_whole_under_its_id_and_nothing_else() {
        for sync in [FileSync::Filesystem, FileSync::Files] {
            let dir = tempfile::tempdir().unwrap();
            // An older version of reply 7 is replaced, as after a crash between write and mark.
            std::fs::write(dir.path().join("7.eml"), b"stale").unwrap();
            let bodies: [(i64, &[u8]); 2] =
                [(7, b"Subject: a\r\n\r\none"), (8, b"Subject: b\r\n\r\ntwo")];
            let results = write(dir.path(), sync, &bodies);
            assert!(results.iter().all(Result::is_ok), "{sync:?}: {results:?}");
            let mut names: Vec<String> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            assert_eq!(names, ["7.eml", "8.eml"], "{sync:?}");
            assert_eq!(
                std::fs::read(dir.path().join("7.eml")).unwrap(),
                bodies[0].1
            );
            assert_eq!(
                std::fs::read(dir.path().join("8.eml")).unwrap(),
                bodies[1].1
            );
        }
    }

    #[test]
    fn an_outbox_that_cannot_be_written_fails_every_reply_and_leaves_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("gone");
        for sync in [FileSync::Filesystem, FileSync::Files] {
            let results = write(&missing, sync, &[(1, b"x")]);
            assert!(
                results.iter().all(|r| r
                    .as_ref()
                    .is_err_and(|e| e.kind() == io::ErrorKind::NotFound)),
                "{sync:?}: {results:?}"
            );
            assert!(!missing.exists());
        }
    }
}
