//! Messages held for confirmation: one open hold per player at most, with
//! the code that releases it.

use super::sql::args;
use jiff::Timestamp;

use super::{JournalId, PlayerId, Result, Store, Tx, secs, ts};

/// An open hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    pub id: i64,
    /// The message text to read once confirmed.
    pub text: String,
    pub expires_at: Timestamp,
}

/// A hold as the director's game page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoldRow {
    pub id: i64,
    pub player: PlayerId,
    pub text: String,
    pub held_at: Timestamp,
    pub expires_at: Timestamp,
    /// How it closed (`confirmed`, `replaced`, …), `None` while open.
    pub closed: Option<String>,
}

impl Store {
    /// The player's open hold whose code is `code` (compared as stored:
    /// the caller normalises), expired or not.
    pub fn open_hold(&self, player: PlayerId, code: &str) -> Result<Option<Held>> {
        self.conn.opt(
                "SELECT id, text, expires_at FROM held WHERE player_id = ?1 AND code = ?2 AND closed IS NULL",
                args![player, code],
                |r| {
                    Ok(Held {
                        id: r.get(0)?,
                        text: r.get(1)?,
                        expires_at: ts(r.get(2)?)?,
                    })
                },
            )
    }

    /// Every hold of the players `players` (open or closed), newest
    /// first: a hold names no game, so a game's page shows its players'.
    pub fn holds_of(&self, players: [PlayerId; 2]) -> Result<Vec<HoldRow>> {
        self.conn.rows(
            "SELECT id, player_id, text, held_at, expires_at, closed FROM held
             WHERE player_id = ?1 OR player_id = ?2 ORDER BY id DESC",
            args![players[0], players[1]],
            |r| {
                Ok(HoldRow {
                    id: r.get(0)?,
                    player: r.get(1)?,
                    text: r.get(2)?,
                    held_at: ts(r.get(3)?)?,
                    expires_at: ts(r.get(4)?)?,
                    closed: r.get(5)?,
                })
            },
        )
    }

    /// The journal entries of the messages still held and not expired at
    /// `now`: their incidents wait for the player, not the director.
    pub fn pending_holds(&self, now: Timestamp) -> Result<Vec<JournalId>> {
        self.conn.rows(
            "SELECT journal_id FROM held WHERE closed IS NULL AND expires_at > ?1 AND journal_id IS NOT NULL",
            args![secs(now)],
            |r| r.get(0),
        )
    }

    /// The journal entry of a hold's message.
    pub fn hold_journal(&self, hold: i64) -> Result<Option<JournalId>> {
        self.conn
            .opt(
                "SELECT journal_id FROM held WHERE id = ?1",
                args![hold],
                |r| r.get(0),
            )
            .map(Option::flatten)
    }
}

impl Tx<'_> {
    /// Holds `text` for `player` until `expires_at`; an older open hold of
    /// the player is closed as replaced. Returns the hold's id.
    pub fn hold(
        &self,
        player: PlayerId,
        code: &str,
        text: &str,
        journal_id: Option<JournalId>,
        (now, expires_at): (Timestamp, Timestamp),
    ) -> Result<i64> {
        self.conn().run(
            "UPDATE held SET closed = 'replaced' WHERE player_id = ?1 AND closed IS NULL",
            args![player],
        )?;
        self.conn().insert(
            "INSERT INTO held (player_id, code, text, journal_id, held_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            args![player, code, text, journal_id, secs(now), secs(expires_at)],
        )
    }

    /// Closes a hold (`confirmed`, `expired`): its code is used up.
    pub fn close_hold(&self, id: i64, how: &str) -> Result<()> {
        self.conn()
            .run("UPDATE held SET closed = ?2 WHERE id = ?1", args![id, how])?;
        Ok(())
    }
}
