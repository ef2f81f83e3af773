//! The file outbox: one `<reply id>.eml` per reply, a batch made durable
//! together. Each reply is written to a temporary dot file, synced, renamed
//! into place, and the renames synced, so a crash leaves either no file or
//! the whole one, and a reply written again after a crash replaces its own
//! file. How the syncs are made is [`FileSync`]'s choice.
//!
//! The renames of a batch are synced by the sync that makes the next
//! batch's files durable, or by [`settle`] when no batch follows: on a
//! journaled file system each sync is a journal commit, and two per batch
//! made the second, of a few renames, cost nearly as much as the first.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::config::FileSync;

/// Writes every reply of a batch (its outbox id, its bytes) to its file,
/// synced and renamed into place: each one's result in its order. The
/// renames are not synced yet ([`settle`] does, or the next call). When
/// `after_renames`, the batch written before is still unsettled, and the
/// sync of this batch's files covers its renames too: `.1` is that sync's
/// result for them. A failed sync fails every reply it was to make durable.
pub fn write<B: AsRef<[u8]>>(
    dir: &Path,
    sync: FileSync,
    replies: &[(i64, B)],
    after_renames: bool,
) -> (Vec<io::Result<()>>, io::Result<()>) {
    // Opened before the files are written: `syncfs` reports the write-back
    // errors of its file system since this descriptor was opened.
    let directory = match File::open(dir) {
        Ok(d) => d,
        Err(e) => return (replies.iter().map(|_| Err(copy(&e))).collect(), Err(e)),
    };
    let written: Vec<io::Result<File>> = replies
        .iter()
        .map(|(id, raw)| {
            let mut f = File::create(temporary(dir, *id))?;
            f.write_all(raw.as_ref())?;
            Ok(f)
        })
        .collect();
    let (synced, before): (Vec<io::Result<()>>, io::Result<()>) = match sync {
        FileSync::Filesystem => {
            let all = sync_filesystem(&directory);
            let each = written
                .iter()
                .map(|_| all.as_ref().map_err(copy).copied())
                .collect();
            (each, all)
        }
        FileSync::Files => {
            let before = if after_renames {
                directory.sync_all()
            } else {
                Ok(())
            };
            (sync_each(&written), before)
        }
    };
    let done = written
        .into_iter()
        .zip(synced)
        .zip(replies)
        .map(|((file, synced), (id, _))| {
            file?;
            synced?;
            std::fs::rename(temporary(dir, *id), dir.join(format!("{id}.eml")))
        })
        .collect();
    (done, before)
}

/// Syncs the renames of the batch written last, when no batch follows it.
pub fn settle(dir: &Path, sync: FileSync) -> io::Result<()> {
    let directory = File::open(dir)?;
    match sync {
        FileSync::Filesystem => sync_filesystem(&directory),
        FileSync::Files => directory.sync_all(),
    }
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
            let (results, before) = write(dir.path(), sync, &bodies, false);
            assert!(results.iter().all(Result::is_ok), "{sync:?}: {results:?}");
            assert!(before.is_ok());
            settle(dir.path(), sync).unwrap();
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
            let (results, before) = write(&missing, sync, &[(1, b"x")], true);
            assert!(
                before.is_err(),
                "{sync:?}: the batch before is not made durable either"
            );
            assert!(settle(&missing, sync).is_err());
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
