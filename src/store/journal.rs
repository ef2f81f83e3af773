//! The journal of inbound messages: written before a message is acknowledged
//! to its transport, unique per (channel, transport id, sender), so a
//! message delivered twice is recognised and changes nothing, and another
//! sender's message under the same id is a message of its own.

use super::sql::{Row, args};
use jiff::Timestamp;

use super::{GameId, JournalId, Result, Store, Tx, parsed, secs, ts};
use crate::protocol::address::Channel;

/// An inbound message as journaled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalEntry {
    pub id: JournalId,
    pub channel: Channel,
    pub transport_id: String,
    pub sender: String,
    pub raw: Vec<u8>,
    pub received_at: Timestamp,
    /// `None` while not yet processed (a crash between journaling and
    /// processing leaves it so; it is processed when seen again).
    pub outcome: Option<String>,
}

/// The result of journaling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Journaled {
    /// First delivery.
    New(JournalId),
    /// Delivered before; here is the entry.
    Seen(JournalEntry),
}

const COLUMNS: &str = "id, channel, transport_id, sender, raw, received_at, outcome";

fn entry_row(r: &mut Row) -> Result<JournalEntry> {
    let channel: String = r.get(1)?;
    Ok(JournalEntry {
        id: r.get(0)?,
        channel: parsed(&channel, "channel")?,
        transport_id: r.get(2)?,
        sender: r.get(3)?,
        raw: r.get(4)?,
        received_at: ts(r.get(5)?)?,
        outcome: r.get(6)?,
    })
}

impl Tx<'_> {
    pub fn journal(
        &self,
        channel: Channel,
        transport_id: &str,
        sender: &str,
        raw: &[u8],
        now: Timestamp,
    ) -> Result<Journaled> {
        // The uniqueness of (channel, transport id, sender) decides: a second
        // site that fetched the same message inserts nothing and reads it
        // back. The sender is part of it because transport ids are chosen by
        // senders (a Message-ID): another sender's id is no duplicate.
        let inserted = self.conn().inserted(
            "INSERT INTO journal (channel, transport_id, sender, raw, received_at) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT DO NOTHING",
            args![channel.name(), transport_id, sender, raw, secs(now)],
        )?;
        if let Some(id) = inserted {
            return Ok(Journaled::New(id));
        }
        let sql = format!(
            "SELECT {COLUMNS} FROM journal WHERE channel = ?1 AND transport_id = ?2 AND sender = ?3"
        );
        let entry =
            self.conn()
                .one(&sql, args![channel.name(), transport_id, sender], entry_row)?;
        Ok(Journaled::Seen(entry))
    }

    pub fn set_outcome(&self, id: JournalId, outcome: &str, now: Timestamp) -> Result<()> {
        self.conn().run(
            "UPDATE journal SET outcome = ?2, processed_at = ?3 WHERE id = ?1",
            args![id, outcome, secs(now)],
        )?;
        Ok(())
    }
}

impl Store {
    pub fn entry(&self, id: JournalId) -> Result<Option<JournalEntry>> {
        let sql = format!("SELECT {COLUMNS} FROM journal WHERE id = ?1");
        self.conn.opt(&sql, args![id], entry_row)
    }

    /// Every message of game `game`, in the order received: those whose
    /// move it holds, whose incident names it, or that were answered about
    /// it (a refusal, a help reply).
    pub fn game_journal(&self, game: GameId) -> Result<Vec<JournalEntry>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM journal WHERE id IN (
                SELECT journal_id FROM moves WHERE game_id = ?1
                UNION SELECT journal_id FROM incidents WHERE game_id = ?1
                UNION SELECT journal_id FROM outbox WHERE game_id = ?1)
             ORDER BY id"
        );
        self.conn.rows(&sql, args![game], entry_row)
    }

    /// Entries journaled but not processed (after a crash). Reads the whole
    /// journal: nothing in the daemon asks this (see migration 20).
    pub fn pending(&self) -> Result<Vec<JournalEntry>> {
        let sql = format!("SELECT {COLUMNS} FROM journal WHERE outcome IS NULL ORDER BY id");
        self.conn.rows(&sql, args![], entry_row)
    }
}
