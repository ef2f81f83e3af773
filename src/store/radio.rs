//! Radio link state that must survive a crash: each link's [`LinkState`]
//! (JSON: sequence numbers, unacknowledged texts, the receive window), and
//! the replies handed to a link, so a reply is neither handed twice nor
//! forgotten, and is marked sent when the peer acknowledges it.
//!
//! [`LinkState`]: crate::transport::radio::link::LinkState

use super::sql::{Conn, args};
use jiff::Timestamp;

use super::outbox::{COLUMNS, Outgoing, row};
use super::{ReplyId, Result, Store, StoreError, Tx, secs};
use crate::protocol::address::Channel;

impl Store {
    /// Claims the radio line of `callsign` for this process: its link state
    /// belongs to one site. False if another site on the same PostgreSQL
    /// database holds it; on SQLite always true (one `serve` per file holds
    /// the whole store, see `ServeLock`). The claim lasts as long as the store.
    pub fn claim_callsign(&self, callsign: &str) -> Result<bool> {
        match &self.conn {
            Conn::Sqlite(_) => Ok(true),
            Conn::Pg(s) => s.borrow_mut().claim(&format!("radio {callsign}")),
        }
    }

    /// The saved state of the link from `me` to `peer`, as JSON.
    pub fn load_link(&self, me: &str, peer: &str) -> Result<Option<String>> {
        self.conn.opt(
            "SELECT state FROM radio_links WHERE me = ?1 AND peer = ?2",
            args![me, peer],
            |r| r.get(0),
        )
    }

    /// Radio replies due and not yet handed to a link.
    pub fn radio_due(&self, now: Timestamp, limit: usize) -> Result<Vec<Outgoing>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM outbox WHERE channel = ?1 AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?2
             AND id NOT IN (SELECT outbox_id FROM radio_queue) ORDER BY id LIMIT ?3"
        );
        self.conn.rows(
            &sql,
            args![Channel::Radio.name(), secs(now), limit as i64],
            row,
        )
    }
}

impl Tx<'_> {
    /// Saves the state of the link from `me` to `peer`.
    pub fn save_link(&self, me: &str, peer: &str, state: &str, now: Timestamp) -> Result<()> {
        self.conn().run(
            "INSERT INTO radio_links (me, peer, state, updated_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (me, peer) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
            args![me, peer, state, secs(now)],
        )?;
        Ok(())
    }

    /// Reply `outbox_id` was accepted by the link to `peer` as message `msg_id`.
    pub fn handed(
        &self,
        outbox_id: ReplyId,
        me: &str,
        peer: &str,
        msg_id: u64,
        now: Timestamp,
    ) -> Result<()> {
        let msg = i64::try_from(msg_id)
            .map_err(|_| StoreError::Invalid(format!("radio message id {msg_id} out of range")))?;
        self.conn().run(
            "INSERT INTO radio_queue (outbox_id, me, peer, msg_id, handed_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            args![outbox_id, me, peer, msg, secs(now)],
        )?;
        Ok(())
    }

    /// The peer acknowledged message `msg_id`: its reply, if one was handed
    /// under that id and not yet taken (so a repeated acknowledgement is a no-op).
    pub fn take_acked(&self, me: &str, peer: &str, msg_id: u64) -> Result<Option<ReplyId>> {
        let Ok(msg) = i64::try_from(msg_id) else {
            return Ok(None);
        };
        self.conn().opt(
            "DELETE FROM radio_queue WHERE me = ?1 AND peer = ?2 AND msg_id = ?3 RETURNING outbox_id",
            args![me, peer, msg],
            |r| r.get(0),
        )
    }
}
