//! The daemon's claim on a store: an exclusive `flock` on `<store>.lock`.
//!
//! Two `serve` on one store would both send the queued replies. The lock is
//! the kernel's, so it goes with the process: a daemon killed with SIGKILL
//! never leaves a stale claim behind, and the next start takes it at once.
//! The file holds the holder's pid to name it in the refusal, and once a
//! daemon has opened the store through it, the word `served`: a store
//! missing beside a lock file that says so was deleted or moved, and
//! `serve` refuses it; a lock file without it (a first start that failed
//! before the store was made) is no store, and `serve` creates one. Commands
//! other than `serve` never take it: they work beside a running daemon
//! through SQLite's own locking.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// Held while the daemon runs; dropping it (or dying) releases the store.
#[derive(Debug)]
pub struct ServeLock {
    file: File,
    first: bool,
}

/// The line of a lock file whose daemon opened the store.
const SERVED: &str = "served";

/// Where the lock of the store at `db` lives.
fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Why a daemon cannot have the store.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("lock file {}: {source}", path.display())]
    Open {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the store {} is in use by another ccgate serve (pid {pid}); stop it first", db.display())]
    Held { db: PathBuf, pid: String },
    #[error("locking {}: {source}", path.display())]
    Lock {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl ServeLock {
    /// Claims the store at `db` for this process, or says which process has it.
    pub fn claim(db: &Path) -> Result<ServeLock, LockError> {
        let path = lock_path(db);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|source| LockError::Open {
                path: path.clone(),
                source,
            })?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut text = String::new();
                let _ = Read::by_ref(&mut file).take(32).read_to_string(&mut text);
                let pid = text.trim();
                let pid = if pid.is_empty() { "unknown" } else { pid };
                return Err(LockError::Held {
                    db: db.to_path_buf(),
                    pid: pid.to_string(),
                });
            }
            Err(TryLockError::Error(e)) => {
                return Err(LockError::Lock { path, source: e });
            }
        }
        let mut before = String::new();
        let _ = Read::by_ref(&mut file).take(64).read_to_string(&mut before);
        let first = !before.lines().any(|l| l == SERVED);
        let mut lock = ServeLock { file, first };
        lock.write(&path);
        Ok(lock)
    }

    /// Notes in the lock file that the store was opened through it: from
    /// now on, a store missing beside it is refused, not created again.
    pub fn served(&mut self, db: &Path) {
        self.first = false;
        self.write(&lock_path(db));
    }

    /// The pid, and whether the store was served. Only names the holder
    /// and keeps the mark: the lock holds without it (on a full disk it
    /// cannot be written).
    fn write(&mut self, path: &Path) {
        let mut text = format!("{}\n", std::process::id());
        if !self.first {
            text.push_str(SERVED);
            text.push('\n');
        }
        let file = &mut self.file;
        if let Err(e) = file
            .set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| file.write_all(text.as_bytes()))
        {
            tracing::warn!(error = %e, lock = %path.display(), "writing the lock file");
        }
    }

    /// No daemon opened a store through this lock file before: the one
    /// case where `serve` may create a missing store. A store missing
    /// beside a lock file marked served was deleted or moved, and is
    /// refused.
    pub fn first_run(&self) -> bool {
        self.first
    }
}
