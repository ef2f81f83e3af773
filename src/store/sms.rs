//! SMS state that must survive a crash: parts of concatenated messages
//! waiting for their siblings (each committed before the modem deletes it),
//! and the references (TP-MR) of sent parts, which status reports name.

use super::sql::args;
use jiff::Timestamp;

use super::{ReplyId, Result, Store, Tx, secs, ts};

/// One concatenated message, by its sender and UDH reference.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PartKey {
    pub sender: String,
    pub reference: u16,
    pub total: u8,
}

/// A sent part a status report names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SentPart {
    pub id: i64,
    pub reply: ReplyId,
}

impl Store {
    /// The parts kept of a message, by sequence number: (seq, text, pdu).
    pub fn sms_parts(&self, key: &PartKey) -> Result<Vec<(u8, String, String)>> {
        self.conn.rows(
            "SELECT seq, text, pdu FROM sms_parts WHERE sender = ?1 AND reference = ?2 AND total = ?3 ORDER BY seq",
            args![key.sender, key.reference, key.total],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
    }

    /// Messages with every part kept, and messages whose first part is older
    /// than `stale_before` (given up waiting).
    pub fn sms_part_sets(&self, stale_before: Timestamp) -> Result<(Vec<PartKey>, Vec<PartKey>)> {
        let rows = self.conn.rows(
            "SELECT sender, reference, total, count(*), min(received_at) FROM sms_parts GROUP BY sender, reference, total",
            args![],
            |r| {
                Ok((
                    PartKey {
                        sender: r.get(0)?,
                        reference: r.get(1)?,
                        total: r.get(2)?,
                    },
                    r.get::<i64>(3)?,
                    ts(r.get(4)?)?,
                ))
            },
        )?;
        let (mut complete, mut stale) = (Vec::new(), Vec::new());
        for (key, have, first) in rows {
            if have >= i64::from(key.total) {
                complete.push(key);
            } else if first < stale_before {
                stale.push(key);
            }
        }
        Ok((complete, stale))
    }

    /// The sent part a status report is about: the latest with this reference
    /// to this recipient since `since` (references wrap at 256).
    pub fn sms_sent_part(
        &self,
        reference: u8,
        recipient: &str,
        since: Timestamp,
    ) -> Result<Option<SentPart>> {
        self.conn.opt(
            "SELECT id, outbox_id FROM sms_sent WHERE reference = ?1 AND recipient = ?2 AND sent_at >= ?3
             ORDER BY sent_at DESC, id DESC LIMIT 1",
            args![reference, recipient, secs(since)],
            |r| {
                Ok(SentPart {
                    id: r.get(0)?,
                    reply: r.get(1)?,
                })
            },
        )
    }
}

impl Tx<'_> {
    /// Keeps one part; false if that part was already kept (a part seen twice
    /// counts once).
    pub fn add_sms_part(
        &self,
        key: &PartKey,
        seq: u8,
        text: &str,
        pdu: &str,
        now: Timestamp,
    ) -> Result<bool> {
        let n = self.conn().run(
            "INSERT INTO sms_parts (sender, reference, total, seq, text, pdu, received_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING",
            args![
                key.sender,
                key.reference,
                key.total,
                seq,
                text,
                pdu,
                secs(now)
            ],
        )?;
        Ok(n == 1)
    }

    pub fn drop_sms_parts(&self, key: &PartKey) -> Result<()> {
        self.conn().run(
            "DELETE FROM sms_parts WHERE sender = ?1 AND reference = ?2 AND total = ?3",
            args![key.sender, key.reference, key.total],
        )?;
        Ok(())
    }

    /// Records one part of a reply handed to the network with its reference.
    pub fn record_sms_sent(
        &self,
        outbox_id: ReplyId,
        part: usize,
        parts: usize,
        reference: u8,
        recipient: &str,
        now: Timestamp,
    ) -> Result<()> {
        self.conn().run(
            "INSERT INTO sms_sent (outbox_id, part, parts, reference, recipient, sent_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            args![
                outbox_id,
                part as i64,
                parts as i64,
                reference,
                recipient,
                secs(now)
            ],
        )?;
        Ok(())
    }

    pub fn set_sms_report(&self, id: i64, status: u8, now: Timestamp) -> Result<()> {
        self.conn().run(
            "UPDATE sms_sent SET status = ?2, reported_at = ?3 WHERE id = ?1",
            args![id, status, secs(now)],
        )?;
        Ok(())
    }
}
