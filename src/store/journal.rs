//! The journal of inbound messages: written before a message is acknowledged
//! to its transport, unique per (channel, transport id), so a message
//! delivered twice is recognised and changes nothing.

use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, params};

use super::{Result, secs, ts};
use crate::protocol::address::Channel;

/// An inbound message as journaled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalEntry {
    pub id: i64,
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
    New(i64),
    /// Delivered before; here is the entry.
    Seen(JournalEntry),
}

pub fn journal(
    conn: &Connection,
    channel: Channel,
    transport_id: &str,
    sender: &str,
    raw: &[u8],
    now: Timestamp,
) -> Result<Journaled> {
    let inserted = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO journal (channel, transport_id, sender, raw, received_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![channel.name(), transport_id, sender, raw, secs(now)])?;
    if inserted == 1 {
        return Ok(Journaled::New(conn.last_insert_rowid()));
    }
    let entry = conn
        .prepare_cached(
            "SELECT id, channel, transport_id, sender, raw, received_at, outcome FROM journal WHERE channel = ?1 AND transport_id = ?2",
        )?
        .query_row(params![channel.name(), transport_id], entry_row)?;
    Ok(Journaled::Seen(entry))
}

fn entry_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<JournalEntry> {
    let channel: String = r.get(1)?;
    Ok(JournalEntry {
        id: r.get(0)?,
        channel: channel.parse().unwrap_or(Channel::Email),
        transport_id: r.get(2)?,
        sender: r.get(3)?,
        raw: r.get(4)?,
        received_at: ts(r.get(5)?),
        outcome: r.get(6)?,
    })
}

pub fn entry(conn: &Connection, id: i64) -> Result<Option<JournalEntry>> {
    Ok(conn
        .query_row(
            "SELECT id, channel, transport_id, sender, raw, received_at, outcome FROM journal WHERE id = ?1",
            [id],
            entry_row,
        )
        .optional()?)
}

pub fn set_outcome(conn: &Connection, id: i64, outcome: &str, now: Timestamp) -> Result<()> {
    conn.prepare_cached("UPDATE journal SET outcome = ?2, processed_at = ?3 WHERE id = ?1")?
        .execute(params![id, outcome, secs(now)])?;
    Ok(())
}

/// Entries journaled but not processed (after a crash).
pub fn pending(conn: &Connection) -> Result<Vec<JournalEntry>> {
    let mut stmt = conn.prepare(
        "SELECT id, channel, transport_id, sender, raw, received_at, outcome FROM journal WHERE outcome IS NULL ORDER BY id",
    )?;
    let rows = stmt.query_map([], entry_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Counts of journal entries: (all, unprocessed).
pub fn counts(conn: &Connection) -> Result<(i64, i64)> {
    Ok(conn.query_row(
        "SELECT count(*), count(*) FILTER (WHERE outcome IS NULL) FROM journal",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?)
}
