//! The journal of inbound messages: written before a message is acknowledged
//! to its transport, unique per (channel, transport id), so a message
//! delivered twice is recognised and changes nothing.

use super::Cached;
use super::{all_rows, db};
use jiff::Timestamp;
use rusqlite::{OptionalExtension, params};

use super::{JournalId, Result, Store, Tx, parsed, secs, ts};
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

fn entry_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<JournalEntry> {
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
        let inserted = self
            .conn()
            .prepare_cached(
                "INSERT OR IGNORE INTO journal (channel, transport_id, sender, raw, received_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            ).map_err(db)?
            .execute(params![channel.name(), transport_id, sender, raw, secs(now)]).map_err(db)?;
        if inserted == 1 {
            return Ok(Journaled::New(JournalId(self.conn().last_insert_rowid())));
        }
        let sql = format!("SELECT {COLUMNS} FROM journal WHERE channel = ?1 AND transport_id = ?2");
        let entry = self
            .conn()
            .prepare_cached(&sql)
            .map_err(db)?
            .query_row(params![channel.name(), transport_id], entry_row)
            .map_err(db)?;
        Ok(Journaled::Seen(entry))
    }

    pub fn set_outcome(&self, id: JournalId, outcome: &str, now: Timestamp) -> Result<()> {
        self.conn()
            .prepare_cached("UPDATE journal SET outcome = ?2, processed_at = ?3 WHERE id = ?1")
            .map_err(db)?
            .execute(params![id, outcome, secs(now)])
            .map_err(db)?;
        Ok(())
    }
}

impl Store {
    pub fn entry(&self, id: JournalId) -> Result<Option<JournalEntry>> {
        let sql = format!("SELECT {COLUMNS} FROM journal WHERE id = ?1");
        self.conn.row(&sql, [id], entry_row).optional().map_err(db)
    }

    /// Entries journaled but not processed (after a crash).
    pub fn pending(&self) -> Result<Vec<JournalEntry>> {
        let sql = format!("SELECT {COLUMNS} FROM journal WHERE outcome IS NULL ORDER BY id");
        all_rows(&self.conn, &sql, [], entry_row)
    }
}
