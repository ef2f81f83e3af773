//! The outbox: replies queued in the same transaction that decided them;
//! transports take them from here and mark them sent, with retries.

use super::sql::{Row, args};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use super::{GameId, JournalId, PlayerId, ReplyId, Result, Store, Tx, opt_ts, parsed, secs};
use crate::protocol::address::Channel;

/// A game as a reply's recipient saw it when the reply was decided: who
/// plays, the board, the record in their notation. Email replies carry it
/// below the notice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    pub white: String,
    pub black: String,
    /// From the reader's side, in their piece letters.
    pub board: String,
    pub record: String,
    /// Which letter is which piece (sheets decided before issue 16 have
    /// none).
    #[serde(default)]
    pub legend: String,
    /// The mail's subject: the game, the last move, whose move.
    #[serde(default)]
    pub subject: Option<String>,
    /// The two players as the reader's language pairs them (`Anna v Bert`,
    /// `Anna gegen Bert`, `Анна — Берт`), for a subject without a move;
    /// sheets stored before it have none and say `v`.
    #[serde(default)]
    pub players: Option<String>,
    /// The position: its FEN ends the text, and it is drawn as the board
    /// picture (sheets stored before pictures have none, and their mail goes
    /// out as text alone, without the FEN).
    #[serde(default)]
    pub position: Option<SheetPosition>,
    /// The game's PGN file goes with the mail (it answers `pgn`): read
    /// when the mail is written, so it is the game's whole record then.
    #[serde(default)]
    pub attach_pgn: bool,
}

/// The position a sheet shows, for the FEN line and the board picture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetPosition {
    pub fen: String,
    /// The last move in UCI, marked on the picture.
    pub last_move: Option<String>,
    /// The id of Black's player: they see the picture from their side.
    pub black: i64,
}

/// A reply to send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outgoing {
    #[serde(skip)]
    pub id: ReplyId,
    pub channel: Channel,
    pub to: String,
    pub body: String,
    #[serde(skip)]
    pub game_id: Option<GameId>,
    /// The game as of the reply's decision (email replies only).
    #[serde(skip)]
    pub sheet: Option<Sheet>,
    #[serde(skip)]
    pub sent_at: Option<Timestamp>,
    /// The player it goes to, if registered.
    #[serde(skip)]
    pub player_id: Option<PlayerId>,
    /// The move it announces (a move notice starts its recipient's clock).
    #[serde(skip)]
    pub ply: Option<u32>,
    /// The inbound message it answers.
    #[serde(skip)]
    pub journal_id: Option<JournalId>,
    /// Given up on: a permanent refusal, too many attempts, or a bounce.
    #[serde(skip)]
    pub failed_at: Option<Timestamp>,
    /// The reply this one copies to another of its recipient's addresses
    /// (the first of the chain: a copy of a copy names the first too).
    #[serde(skip)]
    pub copy_of: Option<ReplyId>,
    /// A mail's subject in its reader's language, for a reply about no
    /// one game; `None`: the game's sheet or the text gives it.
    #[serde(skip)]
    pub subject: Option<String>,
}

/// What to queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReply {
    pub journal_id: Option<JournalId>,
    pub game_id: Option<GameId>,
    pub player_id: Option<PlayerId>,
    /// The move this notice announces to its recipient (their clock starts
    /// when it is sent).
    pub ply: Option<u32>,
    pub channel: Channel,
    pub to: String,
    pub body: String,
    pub sheet: Option<Sheet>,
    /// The reply this one copies (see [`Outgoing::copy_of`]).
    pub copy_of: Option<ReplyId>,
    /// See [`Outgoing::subject`].
    pub subject: Option<String>,
}

impl NewReply {
    /// Whether the reply counts toward the hourly bound of replies to a
    /// sender: it answers a message (it has a journal entry) but no game
    /// line of a player (it has no game, or goes to a non-player).
    /// [`Store::bounded_replies_since`] counts the same rows in SQL.
    pub fn bounded(&self) -> bool {
        // A web page's answers go nowhere but the page that asked.
        self.channel != Channel::Web
            && self.journal_id.is_some()
            && (self.game_id.is_none() || self.player_id.is_none())
    }
}

pub(super) fn row(r: &mut Row) -> Result<Outgoing> {
    let channel: String = r.get(1)?;
    let sheet: Option<String> = r.get(10)?;
    Ok(Outgoing {
        id: r.get(0)?,
        channel: parsed(&channel, "channel")?,
        to: r.get(2)?,
        body: r.get(3)?,
        game_id: r.get(4)?,
        sent_at: opt_ts(r.get(5)?)?,
        player_id: r.get(6)?,
        ply: r.get(7)?,
        journal_id: r.get(8)?,
        failed_at: opt_ts(r.get(9)?)?,
        sheet: sheet
            .map(|s| {
                serde_json::from_str(&s)
                    .map_err(|e| super::StoreError::Unreadable(format!("sheet: {e}")))
            })
            .transpose()?,
        copy_of: r.get(11)?,
        subject: r.get(12)?,
    })
}

pub(super) const COLUMNS: &str = "id, channel, recipient, body, game_id, sent_at, player_id, ply, journal_id, failed_at, sheet, copy_of, subject";

/// A reply with its delivery record, as the director's outbox lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxEntry {
    pub reply: Outgoing,
    pub created_at: Timestamp,
    /// Attempts made so far.
    pub attempts: i64,
    /// When it is tried next (while neither sent nor given up).
    pub next_attempt_at: Timestamp,
    pub last_error: Option<String>,
}

/// The delivery record's columns, after [`COLUMNS`].
const RECORD: &str = "created_at, attempts, next_attempt_at, last_error";

fn entry_row(r: &mut Row) -> Result<OutboxEntry> {
    Ok(OutboxEntry {
        reply: row(r)?,
        created_at: super::ts(r.get(13)?)?,
        attempts: r.get(14)?,
        next_attempt_at: super::ts(r.get(15)?)?,
        last_error: r.get(16)?,
    })
}

/// How often and how patiently a reply is retried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retry {
    /// Attempts before the reply is given up.
    pub max_attempts: i64,
    /// Delay before the first retry; each later one waits twice as long.
    pub first_delay_secs: i64,
}

impl Default for Retry {
    fn default() -> Self {
        Retry {
            max_attempts: 10,
            first_delay_secs: 120,
        }
    }
}

impl Retry {
    /// Seconds to wait after the `attempt`-th attempt (from 1).
    fn backoff(&self, attempt: i64) -> i64 {
        self.first_delay_secs
            .max(1)
            .saturating_mul(1i64 << (attempt - 1).clamp(0, 12))
    }
}

impl Store {
    /// One reply, whatever its state.
    pub fn reply(&self, id: ReplyId) -> Result<Option<Outgoing>> {
        let sql = format!("SELECT {COLUMNS} FROM outbox WHERE id = ?1");
        self.conn.opt(&sql, args![id], row)
    }

    /// Unsent replies per channel: the outbox depth.
    pub fn depth(&self) -> Result<Vec<(Channel, i64)>> {
        self.conn.rows(
            "SELECT channel, count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL GROUP BY channel ORDER BY channel",
            args![],
            channel_count,
        )
    }

    /// What the metrics read from the store rather than count since the
    /// start: counters that survive a restart, and the open incidents.
    pub fn figures(&self) -> Result<Figures> {
        Ok(Figures {
            moves: self
                .conn
                .one("SELECT count(*) FROM moves", args![], |r| r.get(0))?,
            sent: self.conn.rows(
                "SELECT channel, count(*) FROM outbox WHERE sent_at IS NOT NULL GROUP BY channel ORDER BY channel",
                args![],
                channel_count,
            )?,
            open_incidents: self.conn.rows(
                "SELECT kind, count(*) FROM incidents WHERE ruling IS NULL GROUP BY kind ORDER BY kind",
                args![],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?,
        })
    }

    /// The addresses reply `first` and its copies were queued to: a
    /// fallback is tried once per address, so two failing channels cannot
    /// bounce a notice forever. `first` is the first of the chain (a
    /// reply's [`Outgoing::copy_of`], or the reply itself).
    pub fn copied_to(&self, first: ReplyId) -> Result<Vec<(Channel, String)>> {
        self.conn.rows(
            "SELECT channel, recipient FROM outbox WHERE id = ?1
             UNION SELECT channel, recipient FROM outbox WHERE copy_of = ?1",
            args![first],
            |r| {
                let channel: String = r.get(0)?;
                Ok((parsed(&channel, "channel")?, r.get(1)?))
            },
        )
    }

    /// How many replies to `to` since `since` answered a message but no
    /// game line of a player: those with no game, or to a non-player (the
    /// replies the hourly bound per sender counts).
    pub fn bounded_replies_since(
        &self,
        channel: Channel,
        to: &str,
        since: Timestamp,
    ) -> Result<u32> {
        self.conn.one(
            "SELECT COUNT(*) FROM outbox WHERE channel = ?1 AND recipient = ?2 AND created_at > ?3
             AND journal_id IS NOT NULL AND (game_id IS NULL OR player_id IS NULL)",
            args![channel.name(), to, secs(since)],
            |r| r.get(0),
        )
    }

    /// The outbox, oldest first: unsent replies, or all with `all`.
    pub fn outbox(&self, all: bool) -> Result<Vec<Outgoing>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM outbox {} ORDER BY id",
            if all {
                ""
            } else {
                "WHERE sent_at IS NULL AND failed_at IS NULL"
            }
        );
        self.conn.rows(&sql, args![], row)
    }

    /// The outbox with each reply's delivery record, oldest first: unsent
    /// replies, or all with `all`.
    pub fn outbox_entries(&self, all: bool) -> Result<Vec<OutboxEntry>> {
        let sql = format!(
            "SELECT {COLUMNS}, {RECORD} FROM outbox {} ORDER BY id",
            if all {
                ""
            } else {
                "WHERE sent_at IS NULL AND failed_at IS NULL"
            }
        );
        self.conn.rows(&sql, args![], entry_row)
    }

    /// One reply with its delivery record.
    pub fn outbox_entry(&self, id: ReplyId) -> Result<Option<OutboxEntry>> {
        let sql = format!("SELECT {COLUMNS}, {RECORD} FROM outbox WHERE id = ?1");
        self.conn.opt(&sql, args![id], entry_row)
    }

    /// Replies due for sending on a channel.
    pub fn due(&self, channel: Channel, now: Timestamp, limit: usize) -> Result<Vec<Outgoing>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM outbox WHERE channel = ?1 AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?2 ORDER BY id LIMIT ?3"
        );
        self.conn
            .rows(&sql, args![channel.name(), secs(now), limit as i64], row)
    }

    /// The replies due for sending on a channel (at most `limit`), claimed
    /// for this sender in one transaction ([`Tx::hold_all_for_send`]); those
    /// another sender (another site's) claimed since they were read are
    /// left out. True with them when `limit` were due: more may be.
    pub fn claim_due(
        &mut self,
        channel: Channel,
        now: Timestamp,
        limit: usize,
        retry: Retry,
    ) -> Result<(Vec<Outgoing>, bool)> {
        let mut due = self.due(channel, now, limit)?;
        let full = due.len() == limit;
        if due.is_empty() {
            return Ok((due, full));
        }
        let tx = self.write()?;
        let claimed = tx.hold_all_for_send(due.iter().map(|r| r.id), now, retry)?;
        tx.commit()?;
        due.retain(|r| claimed.contains(&r.id));
        Ok((due, full))
    }
}

impl Tx<'_> {
    /// Queues a reply; returns it as stored, so the caller need not read
    /// it back (and parse its sheet again).
    pub fn queue(&self, r: NewReply, now: Timestamp) -> Result<Outgoing> {
        let sheet = r
            .sheet
            .as_ref()
            .map(serde_json::to_string)
            .transpose()
            .map_err(|e| super::StoreError::Invalid(format!("sheet: {e}")))?;
        let id = self.conn().insert(
            "INSERT INTO outbox (journal_id, game_id, player_id, ply, channel, recipient, body, sheet, created_at, next_attempt_at, copy_of, subject)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11)",
            args![r.journal_id, r.game_id, r.player_id, r.ply, r.channel.name(), r.to, r.body, sheet, secs(now), r.copy_of, r.subject],
        )?;
        if let super::sql::Conn::Pg(s) = self.conn() {
            s.borrow_mut().notify_queued(r.channel.name())?;
        }
        Ok(Outgoing {
            id,
            channel: r.channel,
            to: r.to,
            body: r.body,
            game_id: r.game_id,
            sheet: r.sheet,
            sent_at: None,
            player_id: r.player_id,
            ply: r.ply,
            journal_id: r.journal_id,
            failed_at: None,
            copy_of: r.copy_of,
            subject: r.subject,
        })
    }

    /// Gives a reply up for good (a bounce may come after it was sent): it is
    /// no longer due, and if it announced a move that no other notice to the
    /// same player delivered, that move counts as undelivered again, so the
    /// recipient's clock does not run on a notice they never had.
    pub fn give_up(&self, id: ReplyId, why: &str, now: Timestamp) -> Result<()> {
        self.conn().run(
            "UPDATE outbox SET failed_at = ?3, last_error = ?2 WHERE id = ?1 AND failed_at IS NULL",
            args![id, why, secs(now)],
        )?;
        let undelivered = self.conn().rows(
            "UPDATE moves SET delivered_at = NULL
             WHERE (game_id, ply) IN (SELECT game_id, ply FROM outbox WHERE id = ?1 AND ply IS NOT NULL)
               AND NOT EXISTS (SELECT 1 FROM outbox o, outbox b WHERE b.id = ?1 AND o.id != b.id
                     AND o.game_id = b.game_id AND o.ply = b.ply AND o.player_id IS NOT DISTINCT FROM b.player_id
                     AND o.sent_at IS NOT NULL AND o.failed_at IS NULL)
             RETURNING game_id, ply",
            args![id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        self.moves_delivered(&undelivered, None);
        Ok(())
    }

    /// Claims a due reply before it is handed to its transport: it is held
    /// back (not due) for the time of a failed attempt's retry, committed
    /// first, so if recording the send fails afterwards (a full disk) the
    /// reply is not due again at once. The hold is a lease: of several
    /// sites (or senders) that found the reply due, the first to claim it
    /// sends it and the others get false; a site that dies holding it
    /// leaves it due again when the hold ends. A reply sent then may be a
    /// duplicate; mail carries the same Message-ID (derived from the outbox
    /// id), so it is a recognisable one.
    pub fn hold_for_send(&self, id: ReplyId, now: Timestamp, retry: Retry) -> Result<bool> {
        let attempts = self.attempts(id)?;
        let claimed = self.conn().run(
            "UPDATE outbox SET next_attempt_at = ?2 WHERE id = ?1
             AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?3",
            args![id, secs(now) + retry.backoff(attempts + 1), secs(now)],
        )?;
        Ok(claimed == 1)
    }

    /// Claims several replies at once ([`hold_for_send`](Self::hold_for_send)
    /// each); returns those claimed, in their order.
    pub fn hold_all_for_send(
        &self,
        ids: impl IntoIterator<Item = ReplyId>,
        now: Timestamp,
        retry: Retry,
    ) -> Result<Vec<ReplyId>> {
        let mut claimed = Vec::new();
        for id in ids {
            if self.hold_for_send(id, now, retry)? {
                claimed.push(id);
            }
        }
        Ok(claimed)
    }

    fn attempts(&self, id: ReplyId) -> Result<i64> {
        self.conn().one(
            "SELECT attempts FROM outbox WHERE id = ?1",
            args![id],
            |r| r.get(0),
        )
    }

    /// Queues a reply given up on again, due now with a fresh count of
    /// attempts (the director's retry); false if it was not given up.
    pub fn retry(&self, id: ReplyId, now: Timestamp) -> Result<bool> {
        let changed = self.conn().run(
            "UPDATE outbox SET failed_at = NULL, attempts = 0, next_attempt_at = ?2 WHERE id = ?1 AND failed_at IS NOT NULL AND sent_at IS NULL",
            args![id, secs(now)],
        )?;
        Ok(changed == 1)
    }

    /// Marks a reply sent; a move notice starts its recipient's clock then.
    pub fn mark_sent(&self, id: ReplyId, now: Timestamp) -> Result<()> {
        self.conn().run(
            "UPDATE outbox SET sent_at = ?2, attempts = attempts + 1 WHERE id = ?1 AND sent_at IS NULL",
            args![id, secs(now)],
        )?;
        let delivered = self.conn().rows(
            "UPDATE moves SET delivered_at = ?2
             WHERE delivered_at IS NULL AND (game_id, ply) IN (SELECT game_id, ply FROM outbox WHERE id = ?1 AND ply IS NOT NULL)
             RETURNING game_id, ply",
            args![id, secs(now)],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        self.moves_delivered(&delivered, Some(now));
        Ok(())
    }

    /// Records a failed attempt: retried later with exponential backoff, given
    /// up after `retry.max_attempts`.
    pub fn mark_failed(
        &self,
        id: ReplyId,
        error: &str,
        now: Timestamp,
        retry: Retry,
    ) -> Result<()> {
        let attempts = self.attempts(id)? + 1;
        let backoff = retry.backoff(attempts);
        if attempts >= retry.max_attempts {
            self.conn().run(
                "UPDATE outbox SET attempts = ?2, last_error = ?3, failed_at = ?4 WHERE id = ?1",
                args![id, attempts, error, secs(now)],
            )?;
        } else {
            self.conn().run(
                "UPDATE outbox SET attempts = ?2, last_error = ?3, next_attempt_at = ?4 WHERE id = ?1",
                args![id, attempts, error, secs(now) + backoff],
            )?;
        }
        Ok(())
    }
}

/// A row of a channel and a count.
fn channel_count(r: &mut Row) -> Result<(Channel, i64)> {
    let channel: String = r.get(0)?;
    Ok((parsed(&channel, "channel")?, r.get(1)?))
}

/// The store's own counts behind the metrics ([`Store::figures`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    /// Moves ever applied.
    pub moves: i64,
    /// Replies ever sent, per channel.
    pub sent: Vec<(Channel, i64)>,
    /// Incidents not ruled on yet, per kind.
    pub open_incidents: Vec<(String, i64)>,
}
