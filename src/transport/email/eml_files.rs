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
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::config::FileSync;
use super::send::{Handed, Handover, Outgoing, SendError};

/// The file outbox as the mailer runs it: each batch written off the
/// runtime's threads, and the replies whose renames wait for the next sync.
pub struct FileOutbox {
    dir: PathBuf,
    sync: FileSync,
    /// The last batch's replies, renamed into place but not yet synced
    /// ([`FileOutbox::settle`], or the next batch's sync).
    unsettled: Mutex<Vec<i64>>,
}

impl FileOutbox {
    pub fn new(dir: PathBuf, sync: FileSync) -> FileOutbox {
        FileOutbox {
            dir,
            sync,
            unsettled: Mutex::default(),
        }
    }

    /// Writes a batch ([`write`]): each reply is [`Handover::Unsettled`]
    /// until a later sync, and the batch before, whose renames this batch's
    /// sync covered, comes back in [`Handed::earlier`].
    pub async fn send(&self, replies: &[Outgoing<'_>]) -> Handed {
        let before = self.take();
        // The bytes are copied for the blocking thread (a batch's copy costs
        // far less than its composing).
        let owned: Vec<(i64, Vec<u8>)> = replies.iter().map(|r| (r.id, r.raw.to_vec())).collect();
        let after = !before.is_empty();
        let written = self
            .off_runtime("writing", move |dir, sync| write(dir, sync, &owned, after))
            .await;
        let (results, synced) = match written {
            Ok((results, synced)) => (
                results
                    .into_iter()
                    .map(|r| r.map_err(|e| self.failed("writing", &e)))
                    .collect::<Vec<_>>(),
                synced.map_err(|e| self.failed("writing", &e)),
            ),
            Err(failed) => (
                replies.iter().map(|_| Err(failed.clone())).collect(),
                Err(failed),
            ),
        };
        *self.lock() = replies
            .iter()
            .zip(&results)
            .filter(|(_, result)| result.is_ok())
            .map(|(r, _)| r.id)
            .collect();
        Handed {
            results: results
                .into_iter()
                .map(|r| r.map(|()| Handover::Unsettled))
                .collect(),
            earlier: outcome(before, synced),
        }
    }

    /// Syncs the last batch's renames ([`settle`]) when no batch follows:
    /// each of its replies with the sync's result.
    pub async fn settle(&self) -> Vec<(i64, Result<(), SendError>)> {
        let before = self.take();
        if before.is_empty() {
            return Vec::new();
        }
        let synced = self
            .off_runtime("syncing", settle)
            .await
            .and_then(|r| r.map_err(|e| self.failed("syncing", &e)));
        outcome(before, synced)
    }

    /// Runs `job` on the outbox's directory in a blocking thread, so the
    /// outbox prepares its next batch meanwhile.
    async fn off_runtime<T: Send + 'static>(
        &self,
        doing: &str,
        job: impl FnOnce(&Path, FileSync) -> T + Send + 'static,
    ) -> Result<T, SendError> {
        let (dir, sync) = (self.dir.clone(), self.sync);
        tokio::task::spawn_blocking(move || job(&dir, sync))
            .await
            .map_err(|e| SendError {
                permanent: false,
                text: format!("{doing} the outbox: {e}"),
            })
    }

    fn failed(&self, doing: &str, e: &io::Error) -> SendError {
        SendError {
            permanent: false,
            text: format!("{doing} {}: {e}", self.dir.display()),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Vec<i64>> {
        // Only ever replaced whole: a panic elsewhere leaves a list to use.
        self.unsettled
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn take(&self) -> Vec<i64> {
        std::mem::take(&mut *self.lock())
    }
}

/// Each of `ids` with the result of the sync that was to complete them.
fn outcome(ids: Vec<i64>, synced: Result<(), SendError>) -> Vec<(i64, Result<(), SendError>)> {
    ids.into_iter().map(|id| (id, synced.clone())).collect()
}

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

    /// When the outbox goes away between two batches, the second batch's
    /// replies fail, and so do the first batch's, whose renames that batch's
    /// sync was to make durable: none of them is recorded as sent.
    #[tokio::test]
    async fn a_failed_batch_fails_the_unsettled_batch_before_it_too() {
        let anna: lettre::Address = "anna@example.org".parse().expect("address");
        let to = lettre::address::Envelope::new(None, vec![anna]).expect("envelope");
        let outgoing = |id| Outgoing {
            id,
            envelope: &to,
            raw: b"reply",
        };
        for sync in [FileSync::Filesystem, FileSync::Files] {
            let root = tempfile::tempdir().expect("tempdir");
            let dir = root.path().join("outbox");
            std::fs::create_dir(&dir).expect("outbox");
            let outbox = FileOutbox::new(dir.clone(), sync);
            let first = outbox.send(&[outgoing(1), outgoing(2)]).await;
            assert_eq!(
                first.results,
                [Ok(Handover::Unsettled), Ok(Handover::Unsettled)]
            );
            std::fs::remove_dir_all(&dir).expect("remove");
            let second = outbox.send(&[outgoing(3)]).await;
            let failed = |e: &SendError| {
                !e.permanent && e.text.starts_with("writing ") && e.text.contains("outbox")
            };
            assert!(
                second.results.iter().all(|r| r.as_ref().is_err_and(failed)),
                "{sync:?}: {:?}",
                second.results
            );
            let earlier: Vec<i64> = second.earlier.iter().map(|(id, _)| *id).collect();
            assert_eq!(earlier, [1, 2], "{sync:?}");
            assert!(
                second
                    .earlier
                    .iter()
                    .all(|(_, r)| r.as_ref().is_err_and(failed)),
                "{sync:?}: {:?}",
                second.earlier
            );
            assert!(
                outbox.settle().await.is_empty(),
                "{sync:?}: nothing left to settle"
            );
        }
    }
}
