//! Radio link state that must survive a crash: each link's [`LinkState`]
//! (JSON: sequence numbers, unacknowledged texts, the receive window), and
//! the replies handed to a link, so a reply is neither handed twice nor
//! forgotten, and is marked sent when the peer acknowledges it.
//!
//! [`LinkState`]: crate::transport::radio::link::LinkState

use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, params};

use super::outbox::{COLUMNS, Outgoing, row};
use super::{Result, StoreError, secs};
use crate::protocol::address::Channel;

/// The saved state of the link from `me` to `peer`, as JSON.
pub fn load_link(conn: &Connection, me: &str, peer: &str) -> Result<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT state FROM radio_links WHERE me = ?1 AND peer = ?2")?
        .query_row(params![me, peer], |r| r.get(0))
        .optional()?)
}

/// Saves the state of the link from `me` to `peer`.
pub fn save_link(
    conn: &Connection,
    me: &str,
    peer: &str,
    state: &str,
    now: Timestamp,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO radio_links (me, peer, state, updated_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (me, peer) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
    )?
    .execute(params![me, peer, state, secs(now)])?;
    Ok(())
}

/// Radio replies due and not yet handed to a link.
pub fn due(conn: &Connection, now: Timestamp, limit: usize) -> Result<Vec<Outgoing>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM outbox WHERE channel = ?1 AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?2
         AND id NOT IN (SELECT outbox_id FROM radio_queue) ORDER BY id LIMIT ?3"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map(params![Channel::Radio.name(), secs(now), limit as i64], row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Reply `outbox_id` was accepted by the link to `peer` as message `msg_id`.
pub fn handed(
    conn: &Connection,
    outbox_id: i64,
    me: &str,
    peer: &str,
    msg_id: u64,
    now: Timestamp,
) -> Result<()> {
    let msg = i64::try_from(msg_id)
        .map_err(|_| StoreError::Invalid(format!("radio message id {msg_id} out of range")))?;
    conn.prepare_cached(
        "INSERT INTO radio_queue (outbox_id, me, peer, msg_id, handed_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![outbox_id, me, peer, msg, secs(now)])?;
    Ok(())
}

/// The peer acknowledged message `msg_id`: its reply, if one was handed
/// under that id and not yet taken (so a repeated acknowledgement is a no-op).
pub fn take_acked(conn: &Connection, me: &str, peer: &str, msg_id: u64) -> Result<Option<i64>> {
    let Ok(msg) = i64::try_from(msg_id) else {
        return Ok(None);
    };
    Ok(conn
        .prepare_cached(
            "DELETE FROM radio_queue WHERE me = ?1 AND peer = ?2 AND msg_id = ?3 RETURNING outbox_id",
        )?
        .query_row(params![me, peer, msg], |r| r.get(0))
        .optional()?)
}
