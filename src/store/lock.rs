//! The daemon's claim on a store: an exclusive `flock` on `<store>.lock`.
//!
//! Two `serve` on one store would both send the queued replies. The lock is
//! the kernel's, so it goes with the process: a daemon killed with SIGKILL
//! never leaves a stale claim behind, and the next start takes it at once.
//! The file holds the holder's pid only to name it in the refusal. Commands
//! other than `serve` never take it: they work beside a running daemon
//! through SQLite's own locking.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// Held while the daemon runs; dropping it (or dying) releases the store.
#[derive(Debug)]
pub struct ServeLock {
    _file: File,
    first: bool,
}

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
        let first = !path.exists();
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
        // The pid only names the holder in a refusal: the lock holds
        // without it (on a full disk it cannot be written).
        let pid = format!("{}\n", std::process::id());
        if let Err(e) = file
            .set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| file.write_all(pid.as_bytes()))
        {
            tracing::warn!(error = %e, lock = %path.display(), "writing the pid");
        }
        Ok(ServeLock { _file: file, first })
    }

    /// No daemon ran on this store before (its lock file is new): the one
    /// case where `serve` may create a missing store. A store missing
    /// beside an old lock file was deleted or moved, and is refused.
    pub fn first_run(&self) -> bool {
        self.first
    }
}
