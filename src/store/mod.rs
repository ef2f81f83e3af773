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

mod bridge;
mod copy;
mod directors;
mod events;
mod games;
mod held;
mod ids;
mod incidents;
mod journal;
mod known_moves;
mod lock;
mod outbox;
mod pg;
mod pg_link;
mod players;
mod radio;
pub mod restore;
mod schema;
mod sms;
pub(crate) mod sql;
mod sweeps;
mod web_signin;
mod xfcc;

use std::path::{Path, PathBuf};

use jiff::Timestamp;
use rusqlite::{Connection, OpenFlags};

use sql::{Conn, sqlite_err as db};

pub use bridge::*;
pub use directors::*;
pub use events::*;
pub use games::*;
pub use held::{Held, HoldRow};
pub use ids::*;
pub use incidents::*;
pub use journal::*;
pub use known_moves::GameSource;
pub use lock::{LockError, ServeLock};
pub use outbox::*;
pub use pg::Wakes;
pub use players::*;
/// The schema version this build writes.
pub use schema::VERSION as SCHEMA_VERSION;
pub use sms::{PartKey, SentPart};
pub use web_signin::*;

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
pub struct DatabaseError(Box<dyn std::error::Error + Send + Sync>);

/// More than the store's distinct statements, so none is ever evicted and
/// prepared again (rusqlite keeps 16 by default): parsing the SQL again
/// for every call was a third of a submission's CPU.
const STATEMENT_CACHE: usize = 256;

pub type Result<T> = std::result::Result<T, StoreError>;

/// An open store.
pub struct Store {
    conn: Conn,
    /// Players and games' moves read by this connection's committed
    /// transactions, kept across transactions while nothing else has
    /// written the file (see [`Known`]).
    known: std::cell::RefCell<Known>,
    /// The WAL is written back into the main file when the store is
    /// dropped ([`Store::checkpoint_when_closed`]).
    checkpoint_on_close: bool,
}

/// What a connection's committed transactions read. Each message reads
/// its sender and their opponent (two queries each, a tenth of a
/// submission's work), and players change rarely. SQLite's `data_version`
/// changes when another connection commits to the file, so a transaction
/// that sees it changed starts from an empty cache; this connection's own
/// writes of a player's rows empty it at once ([`Tx::changing_players`]).
/// Games' moves are kept the same way ([`known_moves`]). A PostgreSQL
/// store keeps none: other sites write it and give no such sign.
#[derive(Default)]
struct Known {
    /// The `data_version` the players were read at; `None`: nothing kept.
    version: Option<i64>,
    players: std::collections::HashMap<PlayerId, Option<players::Player>>,
    moves: known_moves::KnownMoves,
}

/// At most this many players are kept; past it the cache starts again
/// (a few hundred bytes each: a federation's player list fits).
const KNOWN_PLAYERS: usize = 4096;

/// Where a store is: an SQLite file, or a PostgreSQL database several
/// sites share.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    File(PathBuf),
    Postgres {
        /// `postgres://user@host:port/dbname`.
        url: String,
        /// From `db_password_file` or `db_password_env`, if given.
        password: Option<String>,
    },
}

impl Location {
    /// A `--db`, `$CCGATE_DB` or `db` value: a `postgres://` (or
    /// `postgresql://`) URL, or else a file path.
    pub fn parse(text: &str) -> Location {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Location::Postgres {
                url: text.to_string(),
                password: None,
            }
        } else {
            Location::File(PathBuf::from(text))
        }
    }
}

/// The password shows as `***`, so no log of the settings prints it.
impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::File(p) => f.debug_tuple("File").field(p).finish(),
            Location::Postgres { url, password } => f
                .debug_struct("Postgres")
                .field("url", url)
                .field("password", &password.as_ref().map(|_| "***"))
                .finish(),
        }
    }
}

impl std::fmt::Display for Location {
    /// The file's path, or the URL (which carries no password: that comes
    /// from a file or the environment).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::File(p) => p.display().fmt(f),
            Location::Postgres { url, .. } => f.write_str(url),
        }
    }
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
        schema::refuse_too_new(&conn, &path.display().to_string())?;
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
        Ok(Store {
            conn: Conn::Sqlite(conn),
            known: Default::default(),
            checkpoint_on_close: false,
        })
    }

    /// Opens the store at `at`: an existing file (see [`open`](Store::open))
    /// or a PostgreSQL database, whose schema is created if it has none.
    pub fn open_at(at: &Location) -> Result<Store> {
        match at {
            Location::File(path) => Store::open(path),
            Location::Postgres { url, password } => Store::connect(url, password.as_deref()),
        }
    }

    /// Opens the store at `at`, creating a missing file.
    pub fn create_at(at: &Location) -> Result<Store> {
        match at {
            Location::File(path) => Store::create(path),
            Location::Postgres { url, password } => Store::connect(url, password.as_deref()),
        }
    }

    /// Waits for replies queued by other sites of a PostgreSQL store; `None`
    /// for a file (one daemon has it, and wakes itself).
    pub fn wakes(at: &Location) -> Result<Option<Wakes>> {
        match at {
            Location::File(_) => Ok(None),
            Location::Postgres { url, password } => {
                Wakes::connect(url, password.as_deref()).map(Some)
            }
        }
    }

    fn connect(url: &str, password: Option<&str>) -> Result<Store> {
        let session = pg::Session::connect(url, password)?;
        Ok(Store {
            conn: Conn::Pg(Box::new(std::cell::RefCell::new(session))),
            known: Default::default(),
            checkpoint_on_close: false,
        })
    }

    /// Starts a write transaction (taking the write lock at once, so two
    /// processes never interleave their read-then-write steps).
    pub fn write(&mut self) -> Result<Tx<'_>> {
        match &self.conn {
            Conn::Sqlite(c) => {
                self.conn.batch("BEGIN IMMEDIATE")?;
                // Read inside the transaction: no other connection can
                // commit until it ends.
                let version = c
                    .prepare_cached("PRAGMA data_version")
                    .and_then(|mut s| s.query_row([], |r| r.get(0)))
                    .map_err(db)?;
                let mut known = self.known.borrow_mut();
                if known.version != Some(version) {
                    known.players.clear();
                    known.moves.clear();
                    known.version = Some(version);
                }
            }
            Conn::Pg(s) => s.borrow_mut().begin()?,
        }
        Ok(Tx {
            store: self,
            players: PlayerCache::default(),
            moves: known_moves::TxMoves::default(),
        })
    }

    /// The durability of commits on this handle.
    pub fn durability(&self) -> Result<Durability> {
        match &self.conn {
            Conn::Sqlite(c) => {
                let level: i64 = c
                    .query_row("PRAGMA synchronous", [], |r| r.get(0))
                    .map_err(db)?;
                Ok(if level >= 2 {
                    Durability::Full
                } else {
                    Durability::Normal
                })
            }
            Conn::Pg(s) => s.borrow_mut().durability(),
        }
    }

    /// Changes the durability of commits on this handle.
    pub fn set_durability(&self, d: Durability) -> Result<()> {
        match &self.conn {
            Conn::Sqlite(c) => {
                let level = match d {
                    Durability::Full => "FULL",
                    Durability::Normal => "NORMAL",
                };
                c.pragma_update(None, "synchronous", level).map_err(db)
            }
            Conn::Pg(s) => s.borrow_mut().set_durability(d),
        }
    }

    /// An online copy of the store into `dest` (a consistent snapshot even
    /// while other processes write).
    /// Writes the WAL back into the store's main file and empties it, so
    /// the file alone is the whole store (a copy of it taken while the
    /// service is stopped misses nothing): the daemon's last act, waiting
    /// (the busy timeout) for any other connection's transaction to end.
    /// Nothing to do for PostgreSQL.
    pub fn checkpoint(&self) -> Result<()> {
        self.checkpoint_with("TRUNCATE")
    }

    /// `mode` is SQLite's: TRUNCATE waits for other connections, PASSIVE
    /// copies what it can without waiting.
    fn checkpoint_with(&self, mode: &str) -> Result<()> {
        match &self.conn {
            Conn::Sqlite(c) => {
                // The pragma answers (busy, frames, checkpointed): busy = 1
                // means another connection kept part of the WAL.
                let busy: i64 = c
                    .query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |r| r.get(0))
                    .map_err(db)?;
                if busy != 0 {
                    return Err(StoreError::Invalid(
                        "the checkpoint was blocked by another reader of the store".into(),
                    ));
                }
                Ok(())
            }
            Conn::Pg(_) => Ok(()),
        }
    }

    /// Checkpoints when the store is dropped: the admin commands leave the
    /// store whole in its main file, while `submit` and `ingest-mail`, run
    /// once a message, leave it in the WAL (a checkpoint at every exit
    /// costs four fsyncs). Passive: a command beside a busy daemon does not
    /// wait for it at its exit; the daemon's own exit checkpoints the rest.
    pub fn checkpoint_when_closed(&mut self) {
        self.checkpoint_on_close = true;
    }

    pub fn backup(&self, dest: &Path) -> Result<()> {
        if dest.exists() {
            return Err(StoreError::Invalid(format!(
                "{} exists; choose a new file",
                dest.display()
            )));
        }
        match &self.conn {
            Conn::Sqlite(c) => {
                c.execute("VACUUM INTO ?1", [dest.display().to_string()])
                    .map_err(db)?;
                Ok(())
            }
            Conn::Pg(_) => Err(StoreError::Invalid(
                "a PostgreSQL store is backed up with pg_dump (ccgate backup runs it when installed)"
                    .into(),
            )),
        }
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        if self.checkpoint_on_close
            && let Err(e) = self.checkpoint_with("PASSIVE")
        {
            // Nothing is lost: the WAL is read at the next open.
            tracing::warn!(error = %e, "checkpoint on close");
        }
    }
}

/// A write transaction: every write of the store goes through one. Dropped
/// without [`commit`](Tx::commit), it leaves the store as it was.
pub struct Tx<'s> {
    store: &'s mut Store,
    /// Players read in this transaction, by id: handling one message reads
    /// its sender and their opponent several times (routing, the move, each
    /// reply), each read two queries. Emptied by every write of a player's
    /// rows ([`Tx::changing_players`]) and by a savepoint's rollback.
    players: PlayerCache,
    /// Games' moves read or written in this transaction ([`known_moves`]).
    moves: known_moves::TxMoves,
}

/// The players a transaction has read (`None`: no such player).
type PlayerCache = std::cell::RefCell<std::collections::HashMap<PlayerId, Option<players::Player>>>;

impl Tx<'_> {
    /// Makes the transaction's writes durable.
    pub fn commit(self) -> Result<()> {
        match &self.store.conn {
            Conn::Sqlite(_) => {
                self.conn().batch("COMMIT")?;
                // What this transaction read is now the file's state: every
                // read before a write of a player's rows was forgotten.
                let mut known = self.store.known.borrow_mut();
                if known.players.len() + self.players.borrow().len() > KNOWN_PLAYERS {
                    known.players.clear();
                }
                known.players.extend(self.players.take());
                known.moves.keep(&self.moves);
                Ok(())
            }
            Conn::Pg(s) => s.borrow_mut().commit(),
        }
    }

    fn conn(&self) -> &Conn {
        &self.store.conn
    }

    /// Marks a point inside the transaction that [`Savepoint::rollback`]
    /// (or dropping it) returns to: one message of a batch undone alone,
    /// the others kept for the batch's one commit.
    pub fn savepoint(&self) -> Result<Savepoint<'_>> {
        self.conn().batch("SAVEPOINT message")?;
        Ok(Savepoint {
            conn: self.conn(),
            players: &self.players,
            moves: &self.moves,
            open: true,
        })
    }

    /// The connection for a write of a player's rows (the player, their
    /// addresses, PIN locks, leaves): forgets the players read so far, so
    /// that no read in this transaction returns one as it was before.
    fn changing_players(&self) -> &Conn {
        self.players.borrow_mut().clear();
        self.store.known.borrow_mut().players.clear();
        self.conn()
    }
}

/// A point inside a [`Tx`]: released, its writes join the transaction;
/// rolled back (or dropped), they are undone and the transaction goes on.
pub struct Savepoint<'t> {
    conn: &'t Conn,
    /// The transaction's players read, forgotten on a rollback: one may
    /// have been read as a write since the savepoint left it.
    players: &'t PlayerCache,
    /// The transaction's games' moves, forgotten on a rollback likewise.
    moves: &'t known_moves::TxMoves,
    open: bool,
}

impl Savepoint<'_> {
    /// Keeps the writes since the savepoint in the transaction.
    pub fn release(mut self) -> Result<()> {
        self.open = false;
        self.conn.batch("RELEASE message")
    }

    /// Undoes the writes since the savepoint; the transaction goes on.
    pub fn rollback(mut self) -> Result<()> {
        self.open = false;
        self.undo()
    }

    fn undo(&self) -> Result<()> {
        self.players.borrow_mut().clear();
        self.moves.forget_all();
        self.conn.batch("ROLLBACK TO message")?;
        self.conn.batch("RELEASE message")
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
        match &self.store.conn {
            Conn::Sqlite(c) => {
                if !c.is_autocommit() {
                    let _ = self.store.conn.batch("ROLLBACK");
                }
            }
            Conn::Pg(s) => {
                let mut s = s.borrow_mut();
                if s.in_tx {
                    s.rollback();
                }
            }
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
fn ts(secs: i64) -> Result<Timestamp> {
    Timestamp::from_second(secs).map_err(|e| StoreError::Unreadable(e.to_string()))
}

fn opt_ts(secs: Option<i64>) -> Result<Option<Timestamp>> {
    secs.map(ts).transpose()
}

/// A stored text read as a typed value; text that does not parse is unreadable.
fn parsed<T>(text: &str, what: &str) -> Result<T>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e| StoreError::Unreadable(format!("{what} {text:?}: {e}")))
}
