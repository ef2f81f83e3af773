//! The gateway's radio channel: the link driver ([`super::driver`]) on the
//! service port: frames delivered become inbound messages, the radio outbox
//! is handed to the links, and each link's state is saved with the change
//! that moved it.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use jiff::Timestamp;
use tokio::sync::{Notify, watch};

use super::config::RadioSettings;
use super::driver::{self, Due, RadioLedger};
use super::frame::Callsign;
use super::link::{LinkState, MsgId};
use super::state::{self, StateError};
use crate::metrics::{self, LinkSlot};
use crate::protocol::address::Channel;
use crate::service;
use crate::store::{IncidentKind, NewIncident, ReplyId};
use crate::transport::port::{PortError, ServicePort, Wakers};
use crate::transport::start::{self, Context, StartError};

/// The first wait before claiming the radio line again after the store
/// failed; each failure doubles it, up to [`CLAIM_RETRY_MAX`].
const CLAIM_RETRY_FIRST: Duration = Duration::from_millis(250);
const CLAIM_RETRY_MAX: Duration = Duration::from_secs(30);

/// The radio line as a channel, from its settings.
impl start::Channel for RadioSettings {
    /// The radio line's key on /health and in the console's words.
    const NAME: &'static str = "radio";
    const LINKED: bool = true;
    type Wake = Arc<Notify>;

    fn wake(bells: &Wakers) -> Arc<Notify> {
        bells.radio.clone()
    }

    fn start(
        self,
        cx: Context<Arc<Notify>>,
    ) -> Result<impl Future<Output = ()> + Send + 'static, StartError> {
        Ok(run(self, cx.port, cx.wake, cx.stop, cx.link))
    }
}

/// Runs the radio channel until `stop` turns true; `wake` is rung when
/// replies were queued.
pub async fn run(
    settings: RadioSettings,
    port: ServicePort,
    wake: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
    link: LinkSlot,
) {
    tracing::info!(line = %settings.port, callsign = %settings.link.me, "radio link");
    // A store that fails now (the database connection lost while the
    // daemon started) is waited for, as every channel waits for it; only
    // another site's claim keeps the line off.
    let mut wait = CLAIM_RETRY_FIRST;
    loop {
        let me = settings.link.me.to_string();
        match port.with_store(move |s| s.claim_callsign(&me)).await {
            Ok(true) => break,
            Ok(false) => {
                tracing::error!(callsign = %settings.link.me, "another site runs the radio line of this callsign on the same database: the radio channel does not start");
                link.set(metrics::LinkState::GivenUp {
                    error: format!("another site runs the radio line of {}", settings.link.me),
                });
                return;
            }
            Err(e) => {
                tracing::warn!(error = %e, "claiming the radio line: waiting for the store");
                link.set(metrics::LinkState::Retrying {
                    error: format!("claiming the radio line: {e}"),
                });
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    changed = stop.changed() => if changed.is_err() || *stop.borrow() {
                        return;
                    },
                }
                wait = (wait * 2).min(CLAIM_RETRY_MAX);
            }
        }
    }
    let ledger = PortLedger {
        shared: port,
        me: settings.link.me,
        budget: Budget::default(),
    };
    driver::run(settings, ledger, wake, stop, link).await;
}

/// Why the radio's ledger on the port failed.
#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    #[error(transparent)]
    Port(#[from] PortError),
    #[error(transparent)]
    State(#[from] StateError),
}

/// The radio line's ledger: the service port.
struct PortLedger {
    shared: ServicePort,
    me: Callsign,
    budget: Budget,
}

/// Radio incidents recorded per hour at most: a noisy frequency or a
/// jammer must not bury the director's other incidents.
pub const INCIDENTS_PER_HOUR: u32 = 10;

/// How many radio incidents were recorded in the current hour, and how
/// many frames were only counted since the last one recorded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Budget {
    hour: Option<Timestamp>,
    recorded: u32,
    unrecorded: u32,
}

impl Budget {
    /// Whether a bad frame at `now` is recorded as an incident; if so, how
    /// many were only counted before it (the incident says so).
    pub fn admit(&mut self, now: Timestamp) -> Option<u32> {
        let fresh = self
            .hour
            .is_none_or(|start| now.duration_since(start) >= jiff::SignedDuration::from_hours(1));
        if fresh {
            self.hour = Some(now);
            self.recorded = 0;
        }
        if self.recorded >= INCIDENTS_PER_HOUR {
            self.unrecorded += 1;
            return None;
        }
        self.recorded += 1;
        Some(std::mem::take(&mut self.unrecorded))
    }
}

impl RadioLedger for PortLedger {
    type Error = LedgerError;

    async fn load(&mut self, peer: Callsign) -> Result<Option<LinkState>, LedgerError> {
        let me = self.me;
        Ok(self
            .shared
            .with_store(move |s| Ok(state::load(s, me, peer)))
            .await??)
    }

    async fn save(&mut self, peer: Callsign, link: LinkState) -> Result<(), LedgerError> {
        let me = self.me;
        let json = state::encode(&link)?;
        self.shared
            .with_store(move |s| {
                let tx = s.write()?;
                state::save(&tx, me, peer, &json, crate::now::now())?;
                tx.commit()?;
                Ok(())
            })
            .await?;
        Ok(())
    }

    async fn delivered(
        &mut self,
        peer: Callsign,
        messages: Vec<(u32, String)>,
    ) -> Result<(), LedgerError> {
        let inbound: Vec<service::Inbound> = messages
            .into_iter()
            .map(|(pos, text)| service::Inbound {
                thread: Vec::new(),
                channel: Channel::Radio,
                from: peer.to_string(),
                // The peer's stream position: a repeat after a crash is the same message.
                transport_id: Some(state::message_id(peer, self.me, pos)),
                raw: text.clone().into_bytes(),
                text,
                auth: service::Auth::Unchecked,
                rules: self.shared.rules,
            })
            .collect();
        let done = self
            .shared
            .batch(Channel::Radio, move |b| {
                inbound
                    .iter()
                    .map(|m| b.submit(m, crate::now::now()))
                    .collect()
            })
            .await?;
        // One that failed (journaled with its error, logged by the port)
        // keeps the link's state unsaved: the peer sends it again, and the
        // journal answers the others as duplicates.
        Ok(done.into_iter().try_for_each(|r| r.map(drop))?)
    }

    async fn due(&mut self) -> Result<Vec<Due>, LedgerError> {
        let retry = self.shared.retry;
        self.shared
            .with_service(move |s| {
                let now = crate::now::now();
                let mut due = Vec::new();
                for o in s.radio_due(now, 20)? {
                    match Callsign::new(&o.to) {
                        Ok(to) => due.push(Due {
                            id: o.id.0,
                            to,
                            text: o.body,
                        }),
                        Err(e) => {
                            service::delivery_failed(s, o.id, &e.to_string(), true, retry, now)?
                        }
                    }
                }
                Ok(due)
            })
            .await
            .map_err(LedgerError::from)
    }

    async fn handed(
        &mut self,
        peer: Callsign,
        id: i64,
        msg: MsgId,
        link: LinkState,
    ) -> Result<(), LedgerError> {
        let me = self.me;
        let json = state::encode(&link)?;
        self.shared
            .with_store(move |s| {
                let now = crate::now::now();
                let tx = s.write()?;
                tx.handed(ReplyId(id), &me.to_string(), &peer.to_string(), msg, now)?;
                state::save(&tx, me, peer, &json, now)?;
                tx.commit()?;
                Ok(())
            })
            .await?;
        Ok(())
    }

    async fn refused(&mut self, id: i64, error: String) -> Result<(), LedgerError> {
        self.shared
            .delivery_failed(Channel::Radio, ReplyId(id), error, true)
            .await?;
        Ok(())
    }

    async fn acked(&mut self, peer: Callsign, msg: MsgId) -> Result<(), LedgerError> {
        let me = self.me.to_string();
        let sent = self
            .shared
            .with_store(move |s| {
                let tx = s.write()?;
                let id = tx.take_acked(&me, &peer.to_string(), msg)?;
                if let Some(id) = id {
                    tx.mark_sent(id, crate::now::now())?;
                }
                tx.commit()?;
                Ok(id)
            })
            .await?;
        if sent.is_some() {
            self.shared.metrics.sent(Channel::Radio);
        }
        Ok(())
    }

    async fn forged(&mut self, what: String, raw: Vec<u8>) -> Result<(), LedgerError> {
        self.shared
            .metrics
            .error(&format!("radio incident: {what}"));
        let now = crate::now::now();
        let Some(unrecorded) = self.budget.admit(now) else {
            return Ok(());
        };
        let mut detail = format!("{what}; frame ");
        super::frame::hex(&mut detail, &raw);
        if unrecorded > 0 {
            detail += &format!(
                "; {unrecorded} more bad frames before this one were counted, not recorded"
            );
        }
        self.shared
            .with_store(move |s| {
                let tx = s.write()?;
                tx.record(
                    &NewIncident {
                        game_id: None,
                        journal_id: None,
                        player_id: None,
                        kind: IncidentKind::RadioFrame,
                        detail,
                        text: None,
                        fen: None,
                    },
                    now,
                )?;
                tx.commit()?;
                Ok(())
            })
            .await?;
        Ok(())
    }

    fn reachable(&mut self, peer: Callsign, up: bool) {
        if !up {
            self.shared
                .metrics
                .error(&format!("radio: {peer} does not answer; its messages wait"));
        }
    }

    fn trouble(&mut self, error: &str) {
        self.shared.metrics.error(error);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_frames_are_recorded_at_most_so_often_an_hour_and_the_rest_counted() {
        let start: Timestamp = "2026-01-01T00:00:00Z".parse().unwrap();
        let mut b = Budget::default();
        for k in 0..INCIDENTS_PER_HOUR {
            let at = start + jiff::SignedDuration::from_secs(i64::from(k));
            assert_eq!(b.admit(at), Some(0));
        }
        for _ in 0..500 {
            assert_eq!(b.admit(start + jiff::SignedDuration::from_mins(30)), None);
        }
        // The next hour records again, and says how many went unrecorded.
        let later = start + jiff::SignedDuration::from_mins(61);
        assert_eq!(b.admit(later), Some(500));
        assert_eq!(b.admit(later), Some(0));
    }
}
