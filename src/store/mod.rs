//! The store: one SQLite file, the only place with SQL.
//!
//! Opened in WAL mode with `synchronous=FULL`, so a committed transaction
//! survives a crash or power cut. The schema is versioned (`PRAGMA
//! user_version`); migrations run at open, an older file is upgraded, and a
//! file written by a newer ccgate is refused rather than misread.
//!
//! Every function here takes a `&Connection`: a [`rusqlite::Transaction`]
//! dereferences to one, so the service composes several calls into one
//! atomic step (journal outcome, applied move and queued replies together).

mod games;
mod incidents;
mod journal;
mod outbox;
mod players;
pub mod radio;
mod schema;
pub mod sms;

use std::path::Path;

use jiff::Timestamp;
use rusqlite::{Connection, OpenFlags, TransactionBehavior};

pub use games::*;
pub use incidents::*;
pub use journal::*;
pub use outbox::*;
pub use players::*;

/// Errors of the store, phrased for an operator.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error(
        "the database {path} has schema version {found}, newer than this ccgate understands ({supported}); upgrade ccgate"
    )]
    TooNew {
        path: String,
        found: i64,
        supported: i64,
    },
    #[error("{0}")]
    Invalid(String),
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// An open store.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating if needed) and migrates the store at `path`.
    pub fn open(path: &Path) -> Result<Store> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags)?;
        conn.busy_timeout(std::time::Duration::from_secs(30))?;
        wal(&conn)?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Keep query plans stable so cached statements are not re-prepared
        // whenever their bindings change (a quarter of a submission's CPU).
        conn.set_db_config(
            rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
            true,
        )?;
        // A short-lived `ccgate submit` should not checkpoint and delete the
        // WAL on every exit (four extra fsyncs); checkpoints happen as the WAL grows.
        conn.set_db_config(
            rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE,
            true,
        )?;
        schema::migrate(&conn, &path.display().to_string())?;
        Ok(Store { conn })
    }

    /// Starts a write transaction (taking the write lock at once, so two
    /// processes never interleave their read-then-write steps).
    pub fn write(&mut self) -> Result<rusqlite::Transaction<'_>> {
        Ok(self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?)
    }

    /// The connection, for reads.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// An online copy of the store into `dest` (a consistent snapshot even
    /// while other processes write).
    pub fn backup(&self, dest: &Path) -> Result<()> {
        if dest.exists() {
            return Err(StoreError::Invalid(format!(
                "{} exists; choose a new file",
                dest.display()
            )));
        }
        self.conn
            .execute("VACUUM INTO ?1", [dest.display().to_string()])?;
        Ok(())
    }
}

/// Switches to WAL. Changing the journal mode needs the file to itself, and
/// SQLite reports "locked" at once instead of waiting while another process
/// is opening the same new file, so this waits as the busy timeout would.
fn wal(conn: &Connection) -> Result<()> {
    let start = std::time::Instant::now();
    loop {
        match conn.pragma_update(None, "journal_mode", "WAL") {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if matches!(
                    e.code,
                    rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
                ) && start.elapsed() < std::time::Duration::from_secs(30) =>
            {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => return Ok(other?),
        }
    }
}

pub(crate) fn secs(t: Timestamp) -> i64 {
    t.as_second()
}

pub(crate) fn ts(secs: i64) -> Timestamp {
    Timestamp::from_second(secs).unwrap_or(Timestamp::UNIX_EPOCH)
}
