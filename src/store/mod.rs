//! The store: one SQLite file, the only place with SQL.
//!
//! Opened in WAL mode with `synchronous=FULL`, so a committed transaction
//! survives a crash or power cut. The schema is versioned (`PRAGMA
//! user_version`); migrations run at open, an older file is upgraded, and a
//! file written by a newer ccgate is refused rather than misread.
//!
//! Reads are methods of [`Store`]; writes are methods of [`Tx`], the write
//! transaction, which also reads (it dereferences to the store). The
//! service composes several writes into one atomic step (journal outcome,
//! applied move and queued replies together) and commits once. No type of
//! the SQLite binding appears in this interface, so another backend can
//! offer the same operations.

mod directors;
mod events;
mod games;
mod held;
mod ids;
mod incidents;
mod journal;
mod lock;
mod outbox;
mod players;
mod radio;
mod schema;
mod sms;
mod sweeps;
mod xfcc;

use std::path::Path;

use jiff::Timestamp;
use rusqlite::{Connection, OpenFlags};

pub use directors::*;
pub use events::*;
pub use games::*;
pub use held::Held;
pub use ids::*;
pub use incidents::*;
pub use journal::*;
pub use lock::ServeLock;
pub use outbox::*;
pub use players::*;
/// The schema version this build writes.
pub use schema::VERSION as SCHEMA_VERSION;
pub use sms::{PartKey, SentPart};

/// Errors of the store, phrased for an operator.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database failed (I/O, locking, a constraint).
    #[error("database: {0}")]
    Database(DatabaseError),
    /// A stored row holds a value this build cannot read (a damaged or
    /// hand-edited store): reported, never skipped.
    #[error("unreadable stored row: {0}")]
    Unreadable(String),
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
    /// What a command names (a game, a player, an event, an incident) does
    /// not exist.
    #[error("{0}")]
    NotFound(String),
    #[error(
        "the store {0} does not exist (check --db, CCGATE_DB or data_dir); `ccgate serve`, `player add` and `game new` create one"
    )]
    Missing(String),
    #[error("the store {0} is read-only; ccgate must write it")]
    ReadOnly(String),
}

/// A failure of the database itself, opaque to callers.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct DatabaseError(rusqlite::Error);

/// A rusqlite error as the store reports it. A function, not a `From`
/// impl, so that no rusqlite type shows in the store's public interface:
/// every SQL call in the store says `.map_err(db)`.
pub(crate) fn db(e: rusqlite::Error) -> StoreError {
    match e {
        rusqlite::Error::FromSqlConversionFailure(_, _, why) => {
            StoreError::Unreadable(why.to_string())
        }
        // A stored value of the wrong type or out of range: also a row
        // this build cannot read, not a failure of the database.
        e @ (rusqlite::Error::InvalidColumnType(..)
        | rusqlite::Error::IntegralValueOutOfRange(..)) => StoreError::Unreadable(e.to_string()),
        e => StoreError::Database(DatabaseError(e)),
    }
}

/// Every row a query returns, each read by `row`: the one shape of the
/// store's list reads.
fn all_rows<T>(
    conn: &rusqlite::Connection,
    sql: &str,
    params: impl rusqlite::Params,
    row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> Result<Vec<T>> {
    let mut stmt = conn.prepare_cached(sql).map_err(db)?;
    let rows = stmt.query_map(params, row).map_err(db)?;
    rows.collect::<rusqlite::Result<_>>().map_err(db)
}

/// Statements prepared once per connection and reused from its cache:
/// parsing the SQL again for every call was a third of a submission's CPU.
/// Every statement of the store goes through these or `prepare_cached`.
trait Cached {
    fn run(&self, sql: &str, params: impl rusqlite::Params) -> rusqlite::Result<usize>;
    fn row<T>(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
        row: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T>;
}

impl Cached for Connection {
    fn run(&self, sql: &str, params: impl rusqlite::Params) -> rusqlite::Result<usize> {
        self.prepare_cached(sql)?.execute(params)
    }

    fn row<T>(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
        row: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T> {
        self.prepare_cached(sql)?.query_row(params, row)
    }
}

/// More than the store's distinct statements, so none is ever evicted and
/// prepared again (rusqlite keeps 16 by default).
const STATEMENT_CACHE: usize = 256;

pub type Result<T> = std::result::Result<T, StoreError>;

/// An open store.
pub struct Store {
    conn: Connection,
}

/// How commits reach the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// Every commit is on disk before it returns (`synchronous=FULL`): the
    /// only setting ccgate runs with.
    Full,
    /// Commits are synced only at checkpoints (`synchronous=NORMAL`): for
    /// measuring what the syncs cost.
    Normal,
}

impl Store {
    /// Opens and migrates the existing store at `path`. A missing file is
    /// refused rather than created: a wrong path or a deleted store would
    /// otherwise answer every player "unknown sender" from an empty one.
    pub fn open(path: &Path) -> Result<Store> {
        if !path.exists() {
            return Err(StoreError::Missing(path.display().to_string()));
        }
        Store::open_with(path, OpenFlags::empty())
    }

    /// Opens the store at `path`, creating it if it does not exist: only for
    /// the daemon's first run and the commands that create things.
    pub fn create(path: &Path) -> Result<Store> {
        Store::open_with(path, OpenFlags::SQLITE_OPEN_CREATE)
    }

    fn open_with(path: &Path, create: OpenFlags) -> Result<Store> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX | create;
        let conn = Connection::open_with_flags(path, flags).map_err(db)?;
        // SQLite falls back to reading only when it may not write the file;
        // every use of the store writes (a journal row at least).
        if conn.is_readonly(rusqlite::MAIN_DB).map_err(db)? {
            return Err(StoreError::ReadOnly(path.display().to_string()));
        }
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        conn.busy_timeout(std::time::Duration::from_secs(30))
            .map_err(db)?;
        wal(&conn)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(db)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(db)?;
        // Keep query plans stable so cached statements are not re-prepared
        // whenever their bindings change (a quarter of a submission's CPU).
        conn.set_db_config(
            rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
            true,
        )
        .map_err(db)?;
        // A short-lived `ccgate submit` should not checkpoint and delete the
        // WAL on every exit (four extra fsyncs); checkpoints happen as the WAL grows.
        conn.set_db_config(
            rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE,
            true,
        )
        .map_err(db)?;
        schema::migrate(&conn, &path.display().to_string())?;
        Ok(Store { conn })
    }

    /// Starts a write transaction (taking the write lock at once, so two
    /// processes never interleave their read-then-write steps).
    pub fn write(&mut self) -> Result<Tx<'_>> {
        self.conn.run("BEGIN IMMEDIATE", []).map_err(db)?;
        Ok(Tx { store: self })
    }

    /// The durability of commits on this handle.
    pub fn durability(&self) -> Result<Durability> {
        let level: i64 = self
            .conn
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .map_err(db)?;
        Ok(if level >= 2 {
            Durability::Full
        } else {
            Durability::Normal
        })
    }

    /// Changes the durability of commits on this handle.
    pub fn set_durability(&self, d: Durability) -> Result<()> {
        let level = match d {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        };
        self.conn
            .pragma_update(None, "synchronous", level)
            .map_err(db)?;
        Ok(())
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
            .execute("VACUUM INTO ?1", [dest.display().to_string()])
            .map_err(db)?;
        Ok(())
    }
}

/// A write transaction: every write of the store goes through one. Dropped
/// without [`commit`](Tx::commit), it leaves the store as it was.
pub struct Tx<'s> {
    store: &'s mut Store,
}

impl Tx<'_> {
    /// Makes the transaction's writes durable.
    pub fn commit(self) -> Result<()> {
        self.store.conn.run("COMMIT", []).map_err(db)?;
        Ok(())
    }

    fn conn(&self) -> &Connection {
        &self.store.conn
    }

    /// Marks a point inside the transaction that [`Savepoint::rollback`]
    /// (or dropping it) returns to: one message of a batch undone alone,
    /// the others kept for the batch's one commit.
    pub fn savepoint(&self) -> Result<Savepoint<'_>> {
        self.conn().run("SAVEPOINT message", []).map_err(db)?;
        Ok(Savepoint {
            conn: self.conn(),
            open: true,
        })
    }
}

/// A point inside a [`Tx`]: released, its writes join the transaction;
/// rolled back (or dropped), they are undone and the transaction goes on.
pub struct Savepoint<'t> {
    conn: &'t Connection,
    open: bool,
}

impl Savepoint<'_> {
    /// Keeps the writes since the savepoint in the transaction.
    pub fn release(mut self) -> Result<()> {
        self.open = false;
        self.conn.run("RELEASE message", []).map_err(db)?;
        Ok(())
    }

    /// Undoes the writes since the savepoint; the transaction goes on.
    pub fn rollback(mut self) -> Result<()> {
        self.open = false;
        self.undo().map_err(db)
    }

    fn undo(&self) -> rusqlite::Result<()> {
        self.conn.run("ROLLBACK TO message", [])?;
        self.conn.run("RELEASE message", []).map(drop)
    }
}

impl Drop for Savepoint<'_> {
    fn drop(&mut self) {
        // Neither released nor rolled back (an early return): undo. If that
        // fails the transaction is broken, and its own drop rolls it back.
        if self.open {
            let _ = self.undo();
        }
    }
}

impl std::ops::Deref for Tx<'_> {
    type Target = Store;

    fn deref(&self) -> &Store {
        self.store
    }
}

impl Drop for Tx<'_> {
    fn drop(&mut self) {
        // Not committed (or the commit failed): undo. A rollback that fails
        // leaves nothing to undo.
        if !self.store.conn.is_autocommit() {
            let _ = self.store.conn.execute_batch("ROLLBACK");
        }
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
            other => return other.map_err(db),
        }
    }
}

fn secs(t: Timestamp) -> i64 {
    t.as_second()
}

/// A stored time (seconds since the epoch); out of range is unreadable.
fn ts(secs: i64) -> rusqlite::Result<Timestamp> {
    Timestamp::from_second(secs).map_err(|e| unreadable(e.to_string()))
}

fn opt_ts(secs: Option<i64>) -> rusqlite::Result<Option<Timestamp>> {
    secs.map(ts).transpose()
}

/// A stored text read as a typed value; text that does not parse is unreadable.
fn parsed<T>(text: &str, what: &str) -> rusqlite::Result<T>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e| unreadable(format!("{what} {text:?}: {e}")))
}

fn unreadable(why: String) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, why.into())
}
