//! Versioned migrations.

use super::db;
use rusqlite::{Connection, TransactionBehavior};

use super::{Result, StoreError};

/// Each entry upgrades the schema by one version, in order.
const MIGRATIONS: &[&str] = &[
    // 1: players, games, moves, journal, outbox, incidents, conditional moves, leave, audit.
    r#"
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        notation TEXT NOT NULL DEFAULT 'san',
        lang TEXT NOT NULL DEFAULT 'en',
        reply_via TEXT,
        tz TEXT NOT NULL DEFAULT 'UTC',
        pin_hash TEXT,
        pin_failures INTEGER NOT NULL DEFAULT 0,
        pin_locked_until INTEGER,
        created_at INTEGER NOT NULL
    );
    CREATE TABLE addresses (
        channel TEXT NOT NULL,
        address TEXT NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        PRIMARY KEY (channel, address)
    );
    CREATE INDEX addresses_player ON addresses(player_id);
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        white INTEGER NOT NULL REFERENCES players(id),
        black INTEGER NOT NULL REFERENCES players(id),
        start_fen TEXT,
        time_control TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active',
        result TEXT,
        reason TEXT,
        draw_offer TEXT,
        created_at INTEGER NOT NULL,
        finished_at INTEGER
    );
    CREATE INDEX games_white ON games(white, status);
    CREATE INDEX games_black ON games(black, status);
    CREATE TABLE journal (
        id INTEGER PRIMARY KEY,
        channel TEXT NOT NULL,
        transport_id TEXT NOT NULL,
        sender TEXT NOT NULL,
        raw BLOB NOT NULL,
        received_at INTEGER NOT NULL,
        outcome TEXT,
        processed_at INTEGER,
        UNIQUE (channel, transport_id)
    );
    CREATE INDEX journal_pending ON journal(id) WHERE outcome IS NULL;
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        uci TEXT NOT NULL,
        raw TEXT NOT NULL,
        notation TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        delivered_at INTEGER,
        journal_id INTEGER REFERENCES journal(id),
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        journal_id INTEGER REFERENCES journal(id),
        game_id INTEGER,
        player_id INTEGER,
        ply INTEGER,
        channel TEXT NOT NULL,
        recipient TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        sent_at INTEGER,
        failed_at INTEGER,
        last_error TEXT
    );
    CREATE INDEX outbox_pending ON outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
    CREATE INDEX outbox_journal ON outbox(journal_id);
    CREATE TABLE incidents (
        id INTEGER PRIMARY KEY,
        game_id INTEGER,
        journal_id INTEGER REFERENCES journal(id),
        player_id INTEGER,
        kind TEXT NOT NULL,
        detail TEXT NOT NULL,
        text TEXT,
        fen TEXT,
        created_at INTEGER NOT NULL
    );
    CREATE INDEX incidents_game ON incidents(game_id);
    CREATE TABLE conditionals (
        game_id INTEGER NOT NULL REFERENCES games(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        seq INTEGER NOT NULL,
        trigger_uci TEXT NOT NULL,
        reply_uci TEXT NOT NULL,
        PRIMARY KEY (game_id, player_id, seq)
    );
    CREATE TABLE leaves (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        from_date TEXT NOT NULL,
        until_date TEXT
    );
    CREATE TABLE reminders (
        game_id INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE TABLE audit (
        id INTEGER PRIMARY KEY,
        game_id INTEGER,
        action TEXT NOT NULL,
        reason TEXT NOT NULL,
        detail TEXT NOT NULL,
        created_at INTEGER NOT NULL
    );
    "#,
    // 2: the per-event illegal-move policy (penalty days, 0 = refuse and ask
    // again) and the penalties charged under it.
    r#"
    ALTER TABLE games ADD COLUMN penalty_days INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE penalties (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        days INTEGER NOT NULL,
        reason TEXT NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE INDEX penalties_game ON penalties(game_id, player_id);
    "#,
    // 3: SMS: parts of concatenated messages waiting for their siblings, and
    // the parts of sent replies with the reference (TP-MR) their status
    // reports will name.
    r#"
    CREATE TABLE sms_parts (
        sender TEXT NOT NULL,
        reference INTEGER NOT NULL,
        total INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        text TEXT NOT NULL,
        pdu TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        PRIMARY KEY (sender, reference, total, seq)
    );
    CREATE TABLE sms_sent (
        id INTEGER PRIMARY KEY,
        outbox_id INTEGER NOT NULL REFERENCES outbox(id),
        part INTEGER NOT NULL,
        parts INTEGER NOT NULL,
        reference INTEGER NOT NULL,
        recipient TEXT NOT NULL,
        sent_at INTEGER NOT NULL,
        status INTEGER,
        reported_at INTEGER
    );
    CREATE INDEX sms_sent_reference ON sms_sent(reference, sent_at);
    "#,
    // 4: radio: each link's state (sequence numbers, unacknowledged texts,
    // the receive window), and which replies were handed to which link under
    // which message id (a reply is sent when the peer acknowledges it).
    r#"
    CREATE TABLE radio_links (
        me TEXT NOT NULL,
        peer TEXT NOT NULL,
        state TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (me, peer)
    );
    CREATE TABLE radio_queue (
        outbox_id INTEGER PRIMARY KEY REFERENCES outbox(id),
        me TEXT NOT NULL,
        peer TEXT NOT NULL,
        msg_id INTEGER NOT NULL,
        handed_at INTEGER NOT NULL,
        UNIQUE (me, peer, msg_id)
    );
    "#,
    // 5: the game sheet (board and record) of an email reply, rendered when
    // the reply was decided, so a retry shows the position its text speaks of.
    r#"
    ALTER TABLE outbox ADD COLUMN sheet TEXT;
    "#,
    // 6: messages held for confirmation: a mail whose sender could not be
    // authenticated waits here until the player sends its code back.
    r#"
    CREATE TABLE held (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        code TEXT NOT NULL,
        text TEXT NOT NULL,
        journal_id INTEGER REFERENCES journal(id),
        held_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        closed TEXT
    );
    CREATE INDEX held_open ON held(player_id) WHERE closed IS NULL;
    "#,
    // 7: events: round-robin sections, their players by seat (the Berger
    // table's numbers) and their games by round and board.
    r#"
    CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        rules TEXT NOT NULL,
        double_round INTEGER NOT NULL,
        time_control TEXT NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE TABLE event_players (
        event_id INTEGER NOT NULL REFERENCES events(id),
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        withdrawn_at INTEGER,
        PRIMARY KEY (event_id, seat),
        UNIQUE (event_id, player_id)
    );
    CREATE TABLE event_games (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        event_id INTEGER NOT NULL REFERENCES events(id),
        round INTEGER NOT NULL,
        board INTEGER NOT NULL
    );
    CREATE INDEX event_games_event ON event_games(event_id, round, board);
    "#,
    // 8: PIN failures counted per player and sender address, so failures
    // from one address (a forger's, or a spoofed number) lock only that
    // address (players.pin_failures and pin_locked_until are no longer
    // read); and the replies to one address found by time, for the hourly
    // bound on replies to a sender.
    r#"
    CREATE TABLE pin_locks (
        player_id INTEGER NOT NULL REFERENCES players(id),
        channel TEXT NOT NULL,
        address TEXT NOT NULL,
        failures INTEGER NOT NULL DEFAULT 0,
        locked_until INTEGER,
        PRIMARY KEY (player_id, channel, address)
    );
    CREATE INDEX outbox_recipient ON outbox(channel, recipient, created_at);
    "#,
    // 9: the clock sweep's last run, and a forward jump of the clock found
    // and not yet confirmed by the director (no forfeits until then).
    r#"
    CREATE TABLE sweep_clock (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        last_run_at INTEGER NOT NULL,
        held_since INTEGER
    );
    "#,
    // 10: the director's desk: an incident's ruling (its text, when, who was
    // told); audit entries about a player (an edit, a removal); a player
    // removed who keeps their finished games; and a game's duplication
    // threshold (ICCF: days beyond it on one move count twice; NULL: none).
    r#"
    ALTER TABLE incidents ADD COLUMN ruling TEXT;
    ALTER TABLE incidents ADD COLUMN ruled_at INTEGER;
    ALTER TABLE incidents ADD COLUMN told TEXT;
    ALTER TABLE audit ADD COLUMN player_id INTEGER;
    ALTER TABLE players ADD COLUMN removed_at INTEGER;
    ALTER TABLE games ADD COLUMN duplication_after INTEGER;
    "#,
    // 11: a player's choice to have their SMS confirmed (a sender number
    // can be spoofed on some networks).
    r#"
    ALTER TABLE players ADD COLUMN confirm_sms INTEGER NOT NULL DEFAULT 0;
    "#,
    // 12: the web pages: who may see an event's pages, and each player's
    // capability keys for their own pages (the links in their notices) are
    // derived from one secret kept here.
    r#"
    ALTER TABLE events ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public';
    CREATE TABLE web_secret (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        secret BLOB NOT NULL
    );
    "#,
    // 13: players' Xfcc passwords (argon2id), for the correspondence
    // programs; failed logins count in pin_locks under channel 'xfcc'.
    r#"
    CREATE TABLE xfcc_passwords (
        player_id INTEGER PRIMARY KEY REFERENCES players(id),
        hash TEXT NOT NULL
    );
    "#,
    // 14: the director's web console: accounts (argon2id hashes), signed-in
    // sessions kept here so a restart keeps them and a logout ends them
    // (the token's SHA-256 only, so a copy of the store opens no session),
    // every login attempt (the rate limit counts the failures), and who
    // did each audited action (NULL: the command line).
    r#"
    CREATE TABLE directors (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE TABLE director_sessions (
        token_hash BLOB PRIMARY KEY,
        director_id INTEGER NOT NULL REFERENCES directors(id) ON DELETE CASCADE,
        csrf TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
    );
    CREATE TABLE director_logins (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        address TEXT NOT NULL,
        ok INTEGER NOT NULL,
        at INTEGER NOT NULL
    );
    CREATE INDEX director_logins_name ON director_logins(name, at) WHERE ok = 0;
    CREATE INDEX director_logins_address ON director_logins(address, at) WHERE ok = 0;
    ALTER TABLE audit ADD COLUMN by_director TEXT;
    "#,
    // 15: the Xfcc bridge's mirror of games on remote servers: which local
    // game each remote one is (by server, account and remote id), the plies
    // the remote has shown, and the player's moves on their way there with
    // the journal entry that brought each (queued, sent, confirmed or
    // refused with the server's reason), so a crash neither sends one twice
    // nor loses one.
    r#"
    CREATE TABLE xfcc_games (
        id INTEGER PRIMARY KEY,
        url TEXT NOT NULL,
        username TEXT NOT NULL,
        remote_id INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        game_id INTEGER NOT NULL UNIQUE REFERENCES games(id),
        diverged_at INTEGER,
        created_at INTEGER NOT NULL,
        UNIQUE (url, username, remote_id)
    );
    CREATE TABLE xfcc_plies (
        xfcc_game INTEGER NOT NULL REFERENCES xfcc_games(id),
        ply INTEGER NOT NULL,
        san TEXT NOT NULL,
        PRIMARY KEY (xfcc_game, ply)
    );
    CREATE TABLE xfcc_outbound (
        xfcc_game INTEGER NOT NULL REFERENCES xfcc_games(id),
        ply INTEGER NOT NULL,
        san TEXT NOT NULL,
        journal_id INTEGER REFERENCES journal(id),
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        reason TEXT,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (xfcc_game, ply)
    );
    "#,
    // 16: the replies due on a channel, found without visiting every reply
    // the channel ever sent: with only `outbox_recipient` and
    // `outbox_pending`, SQLite took the first for `channel = ?` and read
    // every row of the channel (0.38 ms at 2,000 replies, growing for good,
    // on every poll of every sender; 0.005 ms with this).
    r#"
    CREATE INDEX outbox_due ON outbox(channel, next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
    "#,
    // 17: `outbox_pending` dropped. Every query of the unsent replies by
    // time names its channel and takes `outbox_due` (the counts per channel
    // too); the old index only cost a page of write-ahead log, and an
    // insert and a delete, in every commit that queued or sent a reply.
    r#"
    DROP INDEX outbox_pending;
    "#,
    // 18: a fallback copy names the reply it copies (`copy_of`), and the
    // addresses a notice was tried at are read by that link, not by
    // recipient and text; so the recipient index need only hold the
    // replies the hourly bound per sender counts (no game or no player).
    // The full index wrote a page of log for nearly every reply of a move
    // (its keys fall anywhere): a fifth of the rate of 8 concurrent
    // senders (bench/README.md). Copies queued before
    // this version name nothing: such a chain may send one copy more. The
    // link is no foreign key: it names a reply of the same table, only read.
    r#"
    ALTER TABLE outbox ADD COLUMN copy_of INTEGER;
    CREATE INDEX outbox_copies ON outbox(copy_of) WHERE copy_of IS NOT NULL;
    DROP INDEX outbox_recipient;
    CREATE INDEX outbox_bounded ON outbox(channel, recipient, created_at)
        WHERE journal_id IS NOT NULL AND (game_id IS NULL OR player_id IS NULL);
    "#,
    // 19: a player's leaves by player. Every move reads the leaves of both
    // players (their clocks stop on leave), and without this index each
    // read scanned the whole table and sorted what it found: a cost that
    // grew with every leave ever taken, paid three times per move.
    r#"
    CREATE INDEX leaves_player ON leaves(player_id, from_date);
    "#,
    // 20: `journal_pending` and `outbox_journal` dropped: no query reads
    // them. A message journaled and not processed is found again when its
    // transport delivers it again, by its transport id; replies are never
    // looked up by the message they answer, and journal rows are never
    // deleted or renumbered, so the foreign key needs no index of its
    // children either. Each cost index writes and a page of write-ahead
    // log in every commit that journaled a message: two pages of seven for
    // a lone submission.
    r#"
    DROP INDEX journal_pending;
    DROP INDEX outbox_journal;
    "#,
    // 21: a message is the same message only from the same sender: the
    // journal is unique per (channel, transport id, sender), so a stranger
    // who reuses a player's Message-ID cannot make the player's mail a
    // "duplicate" that is dropped unread. SQLite changes a UNIQUE
    // constraint only by copying the table (foreign keys off meanwhile, see
    // `migrate`); rows keep their ids, which other tables name. And an
    // address keeps the spelling its player registered (`spelling`; NULL
    // for addresses registered before, known only in lower case), while
    // `address` stays the form compared (RFC 5321 leaves a local part's
    // case to its host: replies go to the spelling).
    r#"
    CREATE TABLE journal_by_sender (
        id INTEGER PRIMARY KEY,
        channel TEXT NOT NULL,
        transport_id TEXT NOT NULL,
        sender TEXT NOT NULL,
        raw BLOB NOT NULL,
        received_at INTEGER NOT NULL,
        outcome TEXT,
        processed_at INTEGER,
        UNIQUE (channel, transport_id, sender)
    );
    INSERT INTO journal_by_sender (id, channel, transport_id, sender, raw, received_at, outcome, processed_at)
        SELECT id, channel, transport_id, sender, raw, received_at, outcome, processed_at FROM journal;
    DROP TABLE journal;
    ALTER TABLE journal_by_sender RENAME TO journal;
    ALTER TABLE addresses ADD COLUMN spelling TEXT;
    "#,
    // 22: a mail's subject when it is about no one game (a held message,
    // an event's start, the answers to a message of several lines): its
    // own catalogue sentence in the reader's language, decided with the
    // reply. NULL: the subject comes from the game's sheet or the text.
    r#"
    ALTER TABLE outbox ADD COLUMN subject TEXT;
    "#,
    // 23: players signed in on the web. A sign-in code waits per address
    // (one at a time: a new one replaces it), kept as its argon2id hash
    // only, and is deleted when used; wrong codes count in pin_locks under
    // channel 'web', so mail and SMS play are not locked by them. Sessions
    // as the directors' (the token's SHA-256 only).
    r#"
    CREATE TABLE web_codes (
        channel TEXT NOT NULL,
        address TEXT NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        code_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (channel, address)
    );
    CREATE TABLE player_sessions (
        token_hash BLOB PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        csrf TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
    );
    CREATE INDEX player_sessions_player ON player_sessions(player_id);
    "#,
];

/// The schema version this build writes.
pub const VERSION: i64 = MIGRATIONS.len() as i64;

/// Refuses a store written by a newer ccgate before anything of it is
/// changed (the journal mode included): reading the version writes nothing.
pub(super) fn refuse_too_new(conn: &Connection, path: &str) -> Result<()> {
    let found: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(db)?;
    if found > VERSION {
        return Err(StoreError::TooNew {
            path: path.to_string(),
            found,
            supported: VERSION,
        });
    }
    Ok(())
}

pub(super) fn migrate(conn: &Connection, path: &str) -> Result<()> {
    let too_new = |found| StoreError::TooNew {
        path: path.to_string(),
        found,
        supported: VERSION,
    };
    let found = version(conn)?;
    if found > VERSION {
        return Err(too_new(found));
    }
    if found == VERSION {
        return Ok(());
    }
    // A migration that copies a table others refer to drops the old one,
    // which foreign keys would refuse: they are off while migrating (the
    // pragma is ignored inside a transaction, so it is set around it), and
    // checked whole before the commit.
    conn.pragma_update(None, "foreign_keys", "OFF")
        .map_err(db)?;
    let migrated = migrate_locked(conn, too_new);
    conn.pragma_update(None, "foreign_keys", "ON").map_err(db)?;
    migrated
}

fn version(c: &Connection) -> Result<i64> {
    c.query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(db)
}

/// Two processes may open a new or old store at once (the daemon and
/// `ingest-mail`, a test and a station): the write lock is taken first and
/// the version read again under it, so only one of them migrates.
fn migrate_locked(conn: &Connection, too_new: impl Fn(i64) -> StoreError) -> Result<()> {
    let tx =
        rusqlite::Transaction::new_unchecked(conn, TransactionBehavior::Immediate).map_err(db)?;
    let found = version(&tx)?;
    if found > VERSION {
        return Err(too_new(found));
    }
    for sql in MIGRATIONS.iter().skip(usize::try_from(found).unwrap_or(0)) {
        tx.execute_batch(sql).map_err(db)?;
    }
    let broken: i64 = tx
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .map_err(db)?;
    if broken > 0 {
        return Err(StoreError::Unreadable(format!(
            "migration left {broken} rows naming rows that do not exist"
        )));
    }
    tx.pragma_update(None, "user_version", VERSION)
        .map_err(db)?;
    tx.commit().map_err(db)?;
    Ok(())
}
