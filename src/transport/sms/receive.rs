//! One SMS from the modem into the game service: the path shared by the
//! modem driver and the spool directories.
//!
//! Every PDU of a sweep goes into one batch of the service (one commit for
//! the modem's whole store of messages); a single message is submitted in it
//! at once; its transport id is
//! the SHA-256 of its PDU, so the same stored SMS read again after a crash
//! (before `AT+CMGD`) is recognised. A part of a concatenated message is
//! kept in the store first (a part seen twice counts once); when the last
//! part arrives the whole text is submitted under an id made of the sender,
//! the reference and the text, and the parts are dropped in the same
//! transaction. The batch commits before the modem may delete what it read. A PDU that cannot be decoded is
//! journaled as evidence and ignored.

use jiff::Timestamp;
use sha2::{Digest, Sha256};

use super::pdu::{self, Incoming};
use crate::protocol::address::Channel;
use crate::service::{self, Aside, Batch, Inbound, Processed, Rules};
use crate::store::{self, PartKey, SentPart};

/// What became of one PDU.
#[derive(Debug)]
pub enum Received {
    /// A whole message, processed.
    Message(Processed),
    /// A part kept until its siblings arrive.
    Part { have: usize, total: u8 },
    /// A status report, matched (or not) to a sent reply.
    Report,
    /// Not a PDU we can read: journaled as evidence.
    Unreadable(Processed),
}

fn hash(parts: &[&str]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update([0]);
    }
    format!("{:x}", h.finalize())
}

fn inbound(from: &str, transport_id: String, raw: &str, text: String, rules: Rules) -> Inbound {
    Inbound {
        thread: Vec::new(),
        channel: Channel::Sms,
        from: from.to_string(),
        transport_id: Some(transport_id),
        raw: raw.as_bytes().to_vec(),
        text,
        auth: crate::service::Auth::Unchecked,
        rules,
    }
}

/// How national numbers from the network become E.164, to match players.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Numbering {
    /// The modem's country code (`49`, `7`); national numbers get it.
    pub country_code: Option<String>,
    /// The national trunk prefix replaced by the country code (`0`; `8` in Russia).
    pub trunk_prefix: String,
}

impl Numbering {
    /// `+491701234567` from `01701234567` (country 49, trunk 0); numbers
    /// already international, and alphanumeric senders, are left alone.
    pub fn international(&self, number: &str) -> String {
        let n = number.trim();
        match &self.country_code {
            Some(cc)
                if !n.starts_with('+')
                    && !n.starts_with("00")
                    && !n.is_empty()
                    && n.bytes().all(|b| b.is_ascii_digit()) =>
            {
                let national = n.strip_prefix(self.trunk_prefix.as_str()).unwrap_or(n);
                format!("+{}{national}", cc.trim_start_matches('+'))
            }
            _ => n.to_string(),
        }
    }
}

/// Journals and processes one PDU as the modem showed it.
pub fn receive(
    batch: &Batch<'_>,
    hex: &str,
    (numbering, rules): (&Numbering, Rules),
    now: Timestamp,
) -> service::Result<Received> {
    let hex = hex.trim().to_ascii_uppercase();
    let id = format!("sms:{}", hash(&[&hex]));
    match pdu::decode(&hex) {
        Err(e) => {
            let msg = inbound("", id, &hex, String::new(), rules);
            let why = Aside::Ignored(format!("unreadable SMS PDU: {e}"));
            batch.set_aside(&msg, &why, now).map(Received::Unreadable)
        }
        Ok(Incoming::StatusReport(report)) => {
            status_report(batch, &report, now)?;
            Ok(Received::Report)
        }
        Ok(Incoming::Deliver(mut d)) => {
            d.sender = numbering.international(&d.sender);
            deliver(batch, d, (id, &hex), rules, now)
        }
    }
}

fn deliver(
    batch: &Batch<'_>,
    d: pdu::Deliver,
    (id, hex): (String, &str),
    rules: Rules,
    now: Timestamp,
) -> service::Result<Received> {
    match &d.concat {
        None => {
            let msg = inbound(&d.sender, id, hex, d.text.clone(), rules);
            batch.submit(&msg, now).map(Received::Message)
        }
        Some(c) => {
            let key = PartKey {
                sender: d.sender.clone(),
                reference: c.reference,
                total: c.total,
            };
            let have = batch.write(|tx| {
                tx.add_sms_part(&key, c.seq, &d.text, hex, now)?;
                Ok(tx.sms_parts(&key)?.len())
            })?;
            if have < usize::from(c.total) {
                return Ok(Received::Part {
                    have,
                    total: c.total,
                });
            }
            assemble(batch, &key, rules, now).map(Received::Message)
        }
    }
}

/// Submits a message whose parts are all kept, then drops the parts. A
/// crash between the two submits again later: a duplicate, changing nothing.
fn assemble(
    batch: &Batch<'_>,
    key: &PartKey,
    rules: Rules,
    now: Timestamp,
) -> service::Result<Processed> {
    let kept = batch.write(|tx| tx.sms_parts(key))?;
    let text: String = kept.iter().map(|(_, t, _)| t.as_str()).collect();
    let raw: Vec<&str> = kept.iter().map(|(_, _, p)| p.as_str()).collect();
    let id = format!(
        "sms-concat:{}",
        hash(&[&key.sender, &key.reference.to_string(), &text])
    );
    let msg = inbound(&key.sender, id, &raw.join("\n"), text, rules);
    let processed = batch.submit(&msg, now)?;
    batch.write(|tx| tx.drop_sms_parts(key))?;
    Ok(processed)
}

/// Finishes what a crash interrupted and gives up on messages whose parts
/// never all came: those are journaled with what did arrive, as evidence.
pub fn sweep_parts(
    batch: &Batch<'_>,
    stale_before: Timestamp,
    rules: Rules,
    now: Timestamp,
) -> service::Result<Vec<Processed>> {
    let (complete, stale) = batch.write(|tx| tx.sms_part_sets(stale_before))?;
    let mut done = Vec::new();
    for key in complete {
        done.push(assemble(batch, &key, rules, now)?);
    }
    for key in stale {
        let kept = batch.write(|tx| tx.sms_parts(&key))?;
        let raw: Vec<&str> = kept.iter().map(|(_, _, p)| p.as_str()).collect();
        let seqs: Vec<String> = kept.iter().map(|(s, _, _)| s.to_string()).collect();
        let id = format!(
            "sms-incomplete:{}",
            hash(&[&key.sender, &key.reference.to_string(), &raw.join("")])
        );
        let msg = inbound(&key.sender, id, &raw.join("\n"), String::new(), rules);
        let why = Aside::Ignored(format!(
            "incomplete SMS: parts {} of {} arrived",
            seqs.join(","),
            key.total
        ));
        done.push(batch.set_aside(&msg, &why, now)?);
        batch.write(|tx| tx.drop_sms_parts(&key))?;
    }
    Ok(done)
}

/// How long a status report may take to come back for its message.
const REPORT_WINDOW_DAYS: i64 = 7;

/// Matches a status report to the sent part it names; a final failure gives
/// the reply up (its other addresses are tried, as for a bounce).
pub fn status_report(
    batch: &Batch<'_>,
    report: &pdu::StatusReport,
    now: Timestamp,
) -> service::Result<()> {
    let since = now - jiff::SignedDuration::from_hours(24 * REPORT_WINDOW_DAYS);
    let recipient = crate::protocol::address::normalize(Channel::Sms, &report.recipient)
        .unwrap_or_else(|_| report.recipient.clone());
    let Some(SentPart { id: sent, reply }) =
        batch.write(|tx| tx.sms_sent_part(report.reference, &recipient, since))?
    else {
        tracing::info!(reference = report.reference, %recipient, "status report matching no sent SMS");
        return Ok(());
    };
    batch.write(|tx| tx.set_sms_report(sent, report.status, now))?;
    if report.final_() && !report.delivered() {
        let why = format!(
            "SMS status report: not delivered (TP-ST 0x{:02X})",
            report.status
        );
        batch.delivery_failed(reply, &why, true, store::Retry::default(), now)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Numbering;

    #[test]
    fn national_numbers_become_international() {
        let de = Numbering {
            country_code: Some("49".into()),
            trunk_prefix: "0".into(),
        };
        assert_eq!(de.international("01701234567"), "+491701234567");
        assert_eq!(de.international("+491701234567"), "+491701234567");
        assert_eq!(de.international("00491701234567"), "00491701234567");
        assert_eq!(de.international("ChessClub"), "ChessClub");
        let ru = Numbering {
            country_code: Some("+7".into()),
            trunk_prefix: "8".into(),
        };
        assert_eq!(ru.international("89161234567"), "+79161234567");
        assert_eq!(
            Numbering::default().international("01701234567"),
            "01701234567"
        );
    }
}
