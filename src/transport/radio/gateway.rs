//! The gateway's radio channel: the link driver ([`super::driver`]) on the
//! service port: frames delivered become inbound messages, the radio outbox
//! is handed to the links, and each link's state is saved with the change
//! that moved it.

use std::sync::Arc;

use jiff::Timestamp;
use tokio::sync::{Notify, watch};

use super::config::RadioSettings;
use super::driver::{self, Due, Handler};
use super::frame::Callsign;
use super::link::{LinkState, MsgId};
use super::state;
use crate::protocol::address::Channel;
use crate::service;
use crate::store::ReplyId;
use crate::transport::port::ServicePort;

/// Runs the radio channel until `stop` turns true; `wake` is rung when
/// replies were queued.
pub async fn run(
    settings: RadioSettings,
    port: ServicePort,
    wake: Arc<Notify>,
    stop: watch::Receiver<bool>,
) {
    tracing::info!(line = %settings.port, callsign = %settings.link.me, "radio link");
    let handler = RadioHandler {
        shared: port,
        me: settings.link.me,
    };
    driver::run(settings, handler, wake, stop).await;
}

/// The radio channel's access to the store.
struct RadioHandler {
    shared: ServicePort,
    me: Callsign,
}

impl Handler for RadioHandler {
    async fn load(&mut self, peer: Callsign) -> Result<Option<LinkState>, String> {
        let me = self.me;
        self.shared
            .with_store(move |s| Ok(state::load(s, me, peer)))
            .await?
    }

    async fn save(&mut self, peer: Callsign, link: LinkState) -> Result<(), String> {
        let me = self.me;
        let json = state::encode(&link)?;
        self.shared
            .with_store(move |s| {
                let tx = s.write()?;
                state::save(&tx, me, peer, &json, Timestamp::now())?;
                tx.commit()?;
                Ok(())
            })
            .await
    }

    async fn delivered(&mut self, peer: Callsign, pos: u32, text: String) -> Result<(), String> {
        let msg = service::Inbound {
            channel: Channel::Radio,
            from: peer.to_string(),
            // The peer's stream position: a repeat after a crash is the same message.
            transport_id: Some(state::message_id(peer, self.me, pos)),
            raw: text.clone().into_bytes(),
            text,
            auth: service::Auth::Unchecked,
            rules: self.shared.rules,
        };
        let p = self
            .shared
            .with_store(move |s| service::submit(s, &msg, Timestamp::now()))
            .await?;
        self.shared.processed(Channel::Radio, &p);
        Ok(())
    }

    async fn due(&mut self) -> Result<Vec<Due>, String> {
        let retry = self.shared.retry;
        self.shared
            .with_store(move |s| {
                let now = Timestamp::now();
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
    }

    async fn handed(
        &mut self,
        peer: Callsign,
        id: i64,
        msg: MsgId,
        link: LinkState,
    ) -> Result<(), String> {
        let me = self.me;
        let json = state::encode(&link)?;
        self.shared
            .with_store(move |s| {
                let now = Timestamp::now();
                let tx = s.write()?;
                tx.handed(ReplyId(id), &me.to_string(), &peer.to_string(), msg, now)?;
                state::save(&tx, me, peer, &json, now)?;
                tx.commit()?;
                Ok(())
            })
            .await
    }

    async fn refused(&mut self, id: i64, error: String) -> Result<(), String> {
        self.shared
            .delivery_failed(Channel::Radio, ReplyId(id), error, true)
            .await
    }

    async fn acked(&mut self, peer: Callsign, msg: MsgId) -> Result<(), String> {
        let me = self.me.to_string();
        let sent = self
            .shared
            .with_store(move |s| {
                let tx = s.write()?;
                let id = tx.take_acked(&me, &peer.to_string(), msg)?;
                if let Some(id) = id {
                    tx.mark_sent(id, Timestamp::now())?;
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
