//! The PostgreSQL backend: the session (a client with its prepared
//! statements), its migrations, and the locks that let several sites share
//! one database.

use std::collections::HashMap;
use std::error::Error;
use std::time::{Duration, Instant};

use bytes::BytesMut;
use postgres::fallible_iterator::FallibleIterator;
use postgres::types::{IsNull, ToSql, Type, to_sql_checked};
use postgres::{Client, Statement};

use super::pg_link::Link;
use super::sql::{Arg, Row, Value};
use super::{DatabaseError, Durability, Result, StoreError};

/// Keys of the advisory locks ccgate takes (`ccgate` in ASCII, then a number).
const LOCK_BASE: i64 = 0x6363_6761_7465_0000;
/// Held by every write transaction until it ends: writers take turns, as
/// SQLite's `BEGIN IMMEDIATE` makes them, so a read-then-write step of one
/// site never interleaves with another's.
const WRITE_LOCK: i64 = LOCK_BASE + 1;
/// Held while the schema is checked and migrated.
const MIGRATE_LOCK: i64 = LOCK_BASE + 2;
/// The class of the locks a session holds for its life (two-key advisory
/// locks: this class and a hash of the thing claimed).
const CLAIM_CLASS: i32 = 0x6363_6761;

/// The first wait before connecting again after the connection was lost;
/// each failed attempt doubles it, up to [`RECONNECT_MAX`].
const RECONNECT_FIRST: Duration = Duration::from_millis(250);
const RECONNECT_MAX: Duration = Duration::from_secs(30);

/// A client that may be dropped anywhere. The synchronous client closes
/// its connection on drop by blocking on its own runtime, which panics on a
/// thread of the daemon's runtime (where the last handle of the store may
/// go); there the closing is left to a thread of its own.
struct Detached(Option<Client>);

impl std::ops::Deref for Detached {
    type Target = Client;

    fn deref(&self) -> &Client {
        // Some from construction until drop.
        self.0.as_ref().expect("a client until dropped")
    }
}

impl std::ops::DerefMut for Detached {
    fn deref_mut(&mut self) -> &mut Client {
        self.0.as_mut().expect("a client until dropped")
    }
}

impl Drop for Detached {
    fn drop(&mut self) {
        if let Some(client) = self.0.take()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            std::thread::spawn(move || drop(client));
        }
    }
}

/// An open PostgreSQL session.
pub(crate) struct Session {
    link: Link,
    client: Detached,
    /// After a lost connection: when the next attempt may be made, and the
    /// wait that led to it.
    reconnect: Option<(Instant, Duration)>,
    /// Prepared once per session, by the store's SQL text.
    statements: HashMap<String, Statement>,
    /// A write transaction is open (so a dropped `Tx` rolls back).
    pub(crate) in_tx: bool,
    /// What this session claimed (see [`Session::claim`]), taken again
    /// after a reconnection.
    claims: Vec<String>,
}

fn pg_err(e: postgres::Error) -> StoreError {
    StoreError::Database(DatabaseError(Box::new(e)))
}

/// The store's `?N` parameters as PostgreSQL's `$N` (outside quoted text).
fn dialect(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    for c in sql.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '?' if !quoted => out.push('$'),
            c => out.push(c),
        }
    }
    out
}

impl ToSql for Arg<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> std::result::Result<IsNull, Box<dyn Error + Sync + Send>> {
        match *self {
            Arg::Null => Ok(IsNull::Yes),
            Arg::Int(i) => match *ty {
                Type::INT2 => i16::try_from(i)?.to_sql(ty, out),
                Type::INT4 => i32::try_from(i)?.to_sql(ty, out),
                Type::BOOL => (i != 0).to_sql(ty, out),
                _ => i.to_sql(ty, out),
            },
            Arg::Text(s) => s.to_sql(ty, out),
            Arg::Blob(b) => b.to_sql(ty, out),
        }
    }

    /// Every type: the value converts (or fails) as it is written.
    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

/// A result row as the store reads it.
fn row(r: &postgres::Row) -> Result<Row> {
    let mut values = Vec::with_capacity(r.len());
    for (i, column) in r.columns().iter().enumerate() {
        let ty = column.type_();
        let value = match *ty {
            Type::INT8 => r.try_get::<_, Option<i64>>(i).map(|v| v.map(Value::Int)),
            Type::INT4 => r
                .try_get::<_, Option<i32>>(i)
                .map(|v| v.map(|v| Value::Int(v.into()))),
            Type::INT2 => r
                .try_get::<_, Option<i16>>(i)
                .map(|v| v.map(|v| Value::Int(v.into()))),
            Type::BOOL => r
                .try_get::<_, Option<bool>>(i)
                .map(|v| v.map(|v| Value::Int(v.into()))),
            Type::BYTEA => r
                .try_get::<_, Option<Vec<u8>>>(i)
                .map(|v| v.map(Value::Blob)),
            _ => r
                .try_get::<_, Option<String>>(i)
                .map(|v| v.map(Value::Text)),
        }
        .map_err(|e| StoreError::Unreadable(format!("column {}: {e}", column.name())))?;
        values.push(value.unwrap_or(Value::Null));
    }
    Ok(Row::new(values))
}

impl Session {
    /// Connects to the database at `url` (`postgres://user@host:port/db`),
    /// with `password` if given, and migrates its schema.
    pub(crate) fn connect(url: &str, password: Option<&str>) -> Result<Session> {
        let link = Link::parse(url, password)?;
        let client = Detached(Some(link.connect().map_err(pg_err)?));
        let mut session = Session {
            link,
            client,
            reconnect: None,
            statements: HashMap::new(),
            in_tx: false,
            claims: Vec::new(),
        };
        session.migrate(url)?;
        Ok(session)
    }

    /// Connects again if the connection was lost (the server restarted, the
    /// network failed), at most once per wait, the wait doubling while it
    /// fails. Until then every call fails, so the channels acknowledge
    /// nothing to their transports and `/health` reports the store.
    fn live(&mut self) -> Result<()> {
        if !self.client.is_closed() {
            return Ok(());
        }
        let lost = |why: String| StoreError::Database(DatabaseError(why.into()));
        // A transaction's work went with its connection: it fails whole.
        if self.in_tx {
            return Err(lost("the database connection was lost".into()));
        }
        let now = Instant::now();
        if let Some((at, _)) = self.reconnect
            && now < at
        {
            return Err(lost(
                "the database connection was lost; reconnecting".into(),
            ));
        }
        match self.link.connect() {
            Ok(client) => {
                self.client = Detached(Some(client));
                self.statements.clear();
                self.reconnect = None;
                tracing::info!("database connection restored");
                // The claims went with the old connection.
                for name in std::mem::take(&mut self.claims) {
                    if !self.claim(&name)? {
                        tracing::error!(claim = %name, "taken by another site while the database connection was lost");
                    }
                }
                Ok(())
            }
            Err(e) => {
                let wait = self
                    .reconnect
                    .map_or(RECONNECT_FIRST, |(_, w)| (w * 2).min(RECONNECT_MAX));
                self.reconnect = Some((now + wait, wait));
                Err(pg_err(e))
            }
        }
    }

    fn prepared(&mut self, sql: &str) -> Result<Statement> {
        self.live()?;
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(&dialect(sql)).map_err(pg_err)?;
        self.statements.insert(sql.to_string(), s.clone());
        Ok(s)
    }

    pub(crate) fn run(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<usize> {
        let stmt = self.prepared(sql)?;
        let params: Vec<&(dyn ToSql + Sync)> = args.iter().map(|a| a as _).collect();
        let n = self.client.execute(&stmt, &params).map_err(pg_err)?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    pub(crate) fn query(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<Row>> {
        let stmt = self.prepared(sql)?;
        let params: Vec<&(dyn ToSql + Sync)> = args.iter().map(|a| a as _).collect();
        let rows = self.client.query(&stmt, &params).map_err(pg_err)?;
        rows.iter().map(row).collect()
    }

    pub(crate) fn batch(&mut self, sql: &str) -> Result<()> {
        self.live()?;
        self.client.batch_execute(sql).map_err(pg_err)
    }

    /// Claims `name` for as long as this session lives (a session-level
    /// advisory lock): false if another session holds it. Two names with
    /// the same 32-bit hash share a lock, so a claim may be refused
    /// needlessly, never granted twice.
    pub(crate) fn claim(&mut self, name: &str) -> Result<bool> {
        let rows = self.query(
            &format!("SELECT pg_try_advisory_lock({CLAIM_CLASS}, hashtext(?1))"),
            &[Arg::Text(name)],
        )?;
        let got = match rows.into_iter().next() {
            Some(mut r) => r.get::<Option<bool>>(0)? == Some(true),
            None => false,
        };
        if got {
            self.claims.push(name.to_string());
        }
        Ok(got)
    }

    /// Tells the other sites' [`Wakes`] that a reply was queued: delivered
    /// when the transaction commits, dropped if it rolls back.
    pub(crate) fn notify_queued(&mut self, channel: &str) -> Result<()> {
        self.run(
            &format!("SELECT pg_notify('{WAKE_CHANNEL}', ?1)"),
            &[Arg::Text(channel)],
        )
        .map(drop)
    }

    /// Starts a write transaction holding the write lock.
    pub(crate) fn begin(&mut self) -> Result<()> {
        self.batch("BEGIN")?;
        self.in_tx = true;
        self.batch(&format!("SELECT pg_advisory_xact_lock({WRITE_LOCK})"))
    }

    pub(crate) fn commit(&mut self) -> Result<()> {
        // A failed COMMIT ends the transaction too: nothing is left to undo.
        self.in_tx = false;
        self.batch("COMMIT")
    }

    pub(crate) fn rollback(&mut self) {
        self.in_tx = false;
        let _ = self.batch("ROLLBACK");
    }

    pub(crate) fn durability(&mut self) -> Result<Durability> {
        self.live()?;
        let rows = self
            .client
            .simple_query("SHOW synchronous_commit")
            .map_err(pg_err)?;
        let on = rows.iter().any(|m| match m {
            postgres::SimpleQueryMessage::Row(r) => r.get(0).is_some_and(|v| v != "off"),
            _ => false,
        });
        Ok(if on {
            Durability::Full
        } else {
            Durability::Normal
        })
    }

    pub(crate) fn set_durability(&mut self, d: Durability) -> Result<()> {
        self.batch(match d {
            Durability::Full => "SET synchronous_commit = on",
            Durability::Normal => "SET synchronous_commit = off",
        })
    }

    /// Brings the schema to [`VERSION`](super::SCHEMA_VERSION), under a lock
    /// so that of several sites starting at once only one migrates.
    fn migrate(&mut self, url: &str) -> Result<()> {
        let mut tx = self.client.transaction().map_err(pg_err)?;
        tx.batch_execute(&format!(
            "SELECT pg_advisory_xact_lock({MIGRATE_LOCK});
             CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL);"
        ))
        .map_err(pg_err)?;
        let found: i64 = tx
            .query_opt("SELECT version FROM schema_version", &[])
            .map_err(pg_err)?
            .map(|r| r.try_get(0))
            .transpose()
            .map_err(pg_err)?
            .unwrap_or(0);
        if found > super::SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path: url.to_string(),
                found,
                supported: super::SCHEMA_VERSION,
            });
        }
        for (version, sql) in MIGRATIONS {
            if *version > found {
                tx.batch_execute(sql).map_err(pg_err)?;
            }
        }
        if found < super::SCHEMA_VERSION {
            tx.execute("DELETE FROM schema_version", &[])
                .map_err(pg_err)?;
            tx.execute(
                "INSERT INTO schema_version (version) VALUES ($1)",
                &[&super::SCHEMA_VERSION],
            )
            .map_err(pg_err)?;
        }
        tx.commit().map_err(pg_err)
    }
}

/// The `LISTEN` channel of queued replies.
const WAKE_CHANNEL: &str = "ccgate_outbox";

/// A connection of its own that waits for replies queued by any site, so
/// a site wakes its senders at once for a reply another site decided
/// rather than at its next poll.
pub struct Wakes {
    link: Link,
    client: Option<Detached>,
}

impl Wakes {
    pub(crate) fn connect(url: &str, password: Option<&str>) -> Result<Wakes> {
        let link = Link::parse(url, password)?;
        let mut wakes = Wakes { link, client: None };
        wakes.listening()?;
        Ok(wakes)
    }

    /// The listening connection, made again if it was lost.
    fn listening(&mut self) -> Result<&mut Client> {
        if self.client.as_ref().is_none_or(|c| c.is_closed()) {
            let mut client = self.link.connect().map_err(pg_err)?;
            client
                .batch_execute(&format!("LISTEN {WAKE_CHANNEL}"))
                .map_err(pg_err)?;
            self.client = Some(Detached(Some(client)));
        }
        self.client
            .as_deref_mut()
            .ok_or_else(|| StoreError::Invalid("no listening connection".into()))
    }

    /// Waits up to `timeout` for replies queued anywhere: true if some were
    /// (the channels named are not told apart: every sender looks).
    pub fn wait(&mut self, timeout: Duration) -> Result<bool> {
        let client = self.listening()?;
        let mut notes = client.notifications();
        let (mut got, mut wait) = (false, timeout);
        while notes.timeout_iter(wait).next().map_err(pg_err)?.is_some() {
            got = true;
            // Take what else is waiting without waiting again.
            wait = Duration::ZERO;
        }
        Ok(got)
    }
}

/// The PostgreSQL migrations, each with the schema version it brings the
/// store to: the same numbers as SQLite's. PostgreSQL stores began at
/// version 12, so the first entry creates that schema whole; each later
/// version is one entry here and one in `schema.rs`.
const MIGRATIONS: &[(i64, &str)] = &[
    (
        12,
        r#"
    CREATE TABLE players (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL UNIQUE,
        notation TEXT COLLATE "C" NOT NULL DEFAULT 'san',
        lang TEXT COLLATE "C" NOT NULL DEFAULT 'en',
        reply_via TEXT COLLATE "C",
        tz TEXT COLLATE "C" NOT NULL DEFAULT 'UTC',
        pin_hash TEXT COLLATE "C",
        pin_failures BIGINT NOT NULL DEFAULT 0,
        pin_locked_until BIGINT,
        created_at BIGINT NOT NULL,
        removed_at BIGINT,
        confirm_sms BIGINT NOT NULL DEFAULT 0
    );
    CREATE TABLE addresses (
        -- SQLite's rowid under its name: a player's addresses list in the
        -- order they were added on both backends.
        rowid BIGINT GENERATED BY DEFAULT AS IDENTITY UNIQUE,
        channel TEXT COLLATE "C" NOT NULL,
        address TEXT COLLATE "C" NOT NULL,
        player_id BIGINT NOT NULL REFERENCES players(id),
        PRIMARY KEY (channel, address)
    );
    CREATE INDEX addresses_player ON addresses(player_id);
    CREATE TABLE games (
        id BIGINT PRIMARY KEY,
        white BIGINT NOT NULL REFERENCES players(id),
        black BIGINT NOT NULL REFERENCES players(id),
        start_fen TEXT COLLATE "C",
        time_control TEXT COLLATE "C" NOT NULL,
        status TEXT COLLATE "C" NOT NULL DEFAULT 'active',
        result TEXT COLLATE "C",
        reason TEXT COLLATE "C",
        draw_offer TEXT COLLATE "C",
        created_at BIGINT NOT NULL,
        finished_at BIGINT,
        penalty_days BIGINT NOT NULL DEFAULT 0,
        duplication_after BIGINT
    );
    CREATE INDEX games_white ON games(white, status);
    CREATE INDEX games_black ON games(black, status);
    CREATE TABLE journal (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        channel TEXT COLLATE "C" NOT NULL,
        transport_id TEXT COLLATE "C" NOT NULL,
        sender TEXT COLLATE "C" NOT NULL,
        raw BYTEA NOT NULL,
        received_at BIGINT NOT NULL,
        outcome TEXT COLLATE "C",
        processed_at BIGINT,
        UNIQUE (channel, transport_id)
    );
    CREATE INDEX journal_pending ON journal(id) WHERE outcome IS NULL;
    CREATE TABLE moves (
        game_id BIGINT NOT NULL REFERENCES games(id),
        ply BIGINT NOT NULL,
        uci TEXT COLLATE "C" NOT NULL,
        raw TEXT COLLATE "C" NOT NULL,
        notation TEXT COLLATE "C" NOT NULL,
        received_at BIGINT NOT NULL,
        delivered_at BIGINT,
        journal_id BIGINT REFERENCES journal(id),
        PRIMARY KEY (game_id, ply)
    );
    CREATE TABLE outbox (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        journal_id BIGINT REFERENCES journal(id),
        game_id BIGINT,
        player_id BIGINT,
        ply BIGINT,
        channel TEXT COLLATE "C" NOT NULL,
        recipient TEXT COLLATE "C" NOT NULL,
        body TEXT COLLATE "C" NOT NULL,
        created_at BIGINT NOT NULL,
        attempts BIGINT NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        sent_at BIGINT,
        failed_at BIGINT,
        last_error TEXT COLLATE "C",
        sheet TEXT COLLATE "C"
    );
    CREATE INDEX outbox_pending ON outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
    CREATE INDEX outbox_journal ON outbox(journal_id);
    CREATE INDEX outbox_recipient ON outbox(channel, recipient, created_at);
    CREATE TABLE incidents (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id BIGINT,
        journal_id BIGINT REFERENCES journal(id),
        player_id BIGINT,
        kind TEXT COLLATE "C" NOT NULL,
        detail TEXT COLLATE "C" NOT NULL,
        text TEXT COLLATE "C",
        fen TEXT COLLATE "C",
        created_at BIGINT NOT NULL,
        ruling TEXT COLLATE "C",
        ruled_at BIGINT,
        told TEXT COLLATE "C"
    );
    CREATE INDEX incidents_game ON incidents(game_id);
    CREATE TABLE conditionals (
        game_id BIGINT NOT NULL REFERENCES games(id),
        player_id BIGINT NOT NULL REFERENCES players(id),
        seq BIGINT NOT NULL,
        trigger_uci TEXT COLLATE "C" NOT NULL,
        reply_uci TEXT COLLATE "C" NOT NULL,
        PRIMARY KEY (game_id, player_id, seq)
    );
    CREATE TABLE leaves (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        player_id BIGINT NOT NULL REFERENCES players(id),
        from_date TEXT COLLATE "C" NOT NULL,
        until_date TEXT COLLATE "C"
    );
    CREATE TABLE reminders (
        game_id BIGINT NOT NULL,
        ply BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE TABLE audit (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id BIGINT,
        action TEXT COLLATE "C" NOT NULL,
        reason TEXT COLLATE "C" NOT NULL,
        detail TEXT COLLATE "C" NOT NULL,
        created_at BIGINT NOT NULL,
        player_id BIGINT
    );
    CREATE TABLE penalties (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id BIGINT NOT NULL REFERENCES games(id),
        player_id BIGINT NOT NULL REFERENCES players(id),
        days BIGINT NOT NULL,
        reason TEXT COLLATE "C" NOT NULL,
        created_at BIGINT NOT NULL
    );
    CREATE INDEX penalties_game ON penalties(game_id, player_id);
    CREATE TABLE sms_parts (
        sender TEXT COLLATE "C" NOT NULL,
        reference BIGINT NOT NULL,
        total BIGINT NOT NULL,
        seq BIGINT NOT NULL,
        text TEXT COLLATE "C" NOT NULL,
        pdu TEXT COLLATE "C" NOT NULL,
        received_at BIGINT NOT NULL,
        PRIMARY KEY (sender, reference, total, seq)
    );
    CREATE TABLE sms_sent (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        outbox_id BIGINT NOT NULL REFERENCES outbox(id),
        part BIGINT NOT NULL,
        parts BIGINT NOT NULL,
        reference BIGINT NOT NULL,
        recipient TEXT COLLATE "C" NOT NULL,
        sent_at BIGINT NOT NULL,
        status BIGINT,
        reported_at BIGINT
    );
    CREATE INDEX sms_sent_reference ON sms_sent(reference, sent_at);
    CREATE TABLE radio_links (
        me TEXT COLLATE "C" NOT NULL,
        peer TEXT COLLATE "C" NOT NULL,
        state TEXT COLLATE "C" NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (me, peer)
    );
    CREATE TABLE radio_queue (
        outbox_id BIGINT PRIMARY KEY REFERENCES outbox(id),
        me TEXT COLLATE "C" NOT NULL,
        peer TEXT COLLATE "C" NOT NULL,
        msg_id BIGINT NOT NULL,
        handed_at BIGINT NOT NULL,
        UNIQUE (me, peer, msg_id)
    );
    CREATE TABLE held (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        player_id BIGINT NOT NULL REFERENCES players(id),
        code TEXT COLLATE "C" NOT NULL,
        text TEXT COLLATE "C" NOT NULL,
        journal_id BIGINT REFERENCES journal(id),
        held_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        closed TEXT COLLATE "C"
    );
    CREATE INDEX held_open ON held(player_id) WHERE closed IS NULL;
    CREATE TABLE events (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL UNIQUE,
        rules TEXT COLLATE "C" NOT NULL,
        double_round BIGINT NOT NULL,
        time_control TEXT COLLATE "C" NOT NULL,
        created_at BIGINT NOT NULL,
        visibility TEXT COLLATE "C" NOT NULL DEFAULT 'public'
    );
    CREATE TABLE event_players (
        event_id BIGINT NOT NULL REFERENCES events(id),
        seat BIGINT NOT NULL,
        player_id BIGINT NOT NULL REFERENCES players(id),
        withdrawn_at BIGINT,
        PRIMARY KEY (event_id, seat),
        UNIQUE (event_id, player_id)
    );
    CREATE TABLE event_games (
        game_id BIGINT PRIMARY KEY REFERENCES games(id),
        event_id BIGINT NOT NULL REFERENCES events(id),
        round BIGINT NOT NULL,
        board BIGINT NOT NULL
    );
    CREATE INDEX event_games_event ON event_games(event_id, round, board);
    CREATE TABLE pin_locks (
        player_id BIGINT NOT NULL REFERENCES players(id),
        channel TEXT COLLATE "C" NOT NULL,
        address TEXT COLLATE "C" NOT NULL,
        failures BIGINT NOT NULL DEFAULT 0,
        locked_until BIGINT,
        PRIMARY KEY (player_id, channel, address)
    );
    CREATE TABLE sweep_clock (
        id BIGINT PRIMARY KEY CHECK (id = 1),
        last_run_at BIGINT NOT NULL,
        held_since BIGINT
    );
    CREATE TABLE web_secret (
        id BIGINT PRIMARY KEY CHECK (id = 1),
        secret BYTEA NOT NULL
    );
    "#,
    ),
    // 13: players' Xfcc passwords (argon2id), for the correspondence
    // programs; failed logins count in pin_locks under channel 'xfcc'.
    (
        13,
        r#"
    CREATE TABLE xfcc_passwords (
        player_id BIGINT PRIMARY KEY REFERENCES players(id),
        hash TEXT COLLATE "C" NOT NULL
    );
    "#,
    ),
    // 14: the director's web console (schema.rs says why each table).
    (
        14,
        r#"
    CREATE TABLE directors (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL UNIQUE,
        password_hash TEXT COLLATE "C" NOT NULL,
        created_at BIGINT NOT NULL
    );
    CREATE TABLE director_sessions (
        token_hash BYTEA PRIMARY KEY,
        director_id BIGINT NOT NULL REFERENCES directors(id) ON DELETE CASCADE,
        csrf TEXT COLLATE "C" NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
    );
    CREATE TABLE director_logins (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL,
        address TEXT COLLATE "C" NOT NULL,
        ok BIGINT NOT NULL,
        at BIGINT NOT NULL
    );
    CREATE INDEX director_logins_name ON director_logins(name, at) WHERE ok = 0;
    CREATE INDEX director_logins_address ON director_logins(address, at) WHERE ok = 0;
    ALTER TABLE audit ADD COLUMN by_director TEXT COLLATE "C";
    "#,
    ),
    // 15: the Xfcc bridge's mirror (schema.rs says why).
    (
        15,
        r#"
    CREATE TABLE xfcc_games (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        url TEXT COLLATE "C" NOT NULL,
        username TEXT COLLATE "C" NOT NULL,
        remote_id BIGINT NOT NULL,
        player_id BIGINT NOT NULL REFERENCES players(id),
        game_id BIGINT NOT NULL UNIQUE REFERENCES games(id),
        diverged_at BIGINT,
        created_at BIGINT NOT NULL,
        UNIQUE (url, username, remote_id)
    );
    CREATE TABLE xfcc_plies (
        xfcc_game BIGINT NOT NULL REFERENCES xfcc_games(id),
        ply BIGINT NOT NULL,
        san TEXT COLLATE "C" NOT NULL,
        PRIMARY KEY (xfcc_game, ply)
    );
    CREATE TABLE xfcc_outbound (
        xfcc_game BIGINT NOT NULL REFERENCES xfcc_games(id),
        ply BIGINT NOT NULL,
        san TEXT COLLATE "C" NOT NULL,
        journal_id BIGINT REFERENCES journal(id),
        state TEXT COLLATE "C" NOT NULL,
        attempts BIGINT NOT NULL DEFAULT 0,
        reason TEXT COLLATE "C",
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (xfcc_game, ply)
    );
    "#,
    ),
    // 16: the replies due on a channel by index (schema.rs says why).
    (
        16,
        r#"
    CREATE INDEX outbox_due ON outbox(channel, next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
    "#,
    ),
    // 17: the unused `outbox_pending` dropped (schema.rs says why).
    (
        17,
        r#"
    DROP INDEX outbox_pending;
    "#,
    ),
    // 18: fallback copies linked to the reply they copy; the recipient
    // index only of the replies the hourly bound counts (schema.rs says why).
    (
        18,
        r#"
    ALTER TABLE outbox ADD COLUMN copy_of BIGINT;
    CREATE INDEX outbox_copies ON outbox(copy_of) WHERE copy_of IS NOT NULL;
    DROP INDEX outbox_recipient;
    CREATE INDEX outbox_bounded ON outbox(channel, recipient, created_at)
        WHERE journal_id IS NOT NULL AND (game_id IS NULL OR player_id IS NULL);
    "#,
    ),
    // 19: a player's leaves by player (schema.rs says why).
    (
        19,
        r#"
    CREATE INDEX leaves_player ON leaves(player_id, from_date);
    "#,
    ),
    // 20: the unread `journal_pending` and `outbox_journal` dropped
    // (schema.rs says why).
    (
        20,
        r#"
    DROP INDEX journal_pending;
    DROP INDEX outbox_journal;
    "#,
    ),
    // 21: the journal unique per sender too; an address's registered
    // spelling kept beside the form compared (schema.rs says why).
    (
        21,
        r#"
    ALTER TABLE journal DROP CONSTRAINT journal_channel_transport_id_key;
    ALTER TABLE journal ADD CONSTRAINT journal_channel_transport_id_sender_key
        UNIQUE (channel, transport_id, sender);
    ALTER TABLE addresses ADD COLUMN spelling TEXT COLLATE "C";
    "#,
    ),
    // 22: a mail's own subject (schema.rs says why).
    (
        22,
        r#"
    ALTER TABLE outbox ADD COLUMN subject TEXT;
    "#,
    ),
    // 23: players' sign-in codes and web sessions (schema.rs says why).
    (
        23,
        r#"
    CREATE TABLE web_codes (
        channel TEXT COLLATE "C" NOT NULL,
        address TEXT COLLATE "C" NOT NULL,
        player_id BIGINT NOT NULL REFERENCES players(id),
        code_hash TEXT COLLATE "C" NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (channel, address)
    );
    CREATE TABLE player_sessions (
        token_hash BYTEA PRIMARY KEY,
        player_id BIGINT NOT NULL REFERENCES players(id),
        csrf TEXT COLLATE "C" NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
    );
    CREATE INDEX player_sessions_player ON player_sessions(player_id);
    "#,
    ),
];

// Both backends end at the version this build writes.
const _: () = assert!(MIGRATIONS[MIGRATIONS.len() - 1].0 == super::SCHEMA_VERSION);
