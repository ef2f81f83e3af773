//! The gateway's SMS modem channel: the modem driver ([`super::driver`]) on
//! the service port: PDUs become inbound messages (parts kept until
//! complete), the SMS outbox is sent, and status reports are matched.

use std::sync::Arc;

use jiff::Timestamp;
use tokio::sync::{Notify, watch};

use super::config::SmsSettings;
use super::driver::{self, Due, Handler};
use super::receive::{Numbering, Received, receive, sweep_parts};
use crate::protocol::address::Channel;
use crate::service;
use crate::store::ReplyId;
use crate::transport::port::ServicePort;

/// Runs the modem until `stop` turns true; `wake` is rung when replies
/// were queued.
pub async fn run(
    settings: SmsSettings,
    port: ServicePort,
    wake: Arc<Notify>,
    stop: watch::Receiver<bool>,
) {
    tracing::info!(device = %settings.config.device.display(), "SMS modem");
    let handler = SmsHandler {
        shared: port,
        reassembly: settings.config.reassembly_timeout,
        numbering: Arc::new(settings.config.numbering()),
    };
    let link = handler.shared.metrics.link_slot(driver::LINK);
    driver::run(settings, handler, wake, stop, link).await;
}

/// The SMS channel's access to the store.
struct SmsHandler {
    shared: ServicePort,
    reassembly: std::time::Duration,
    numbering: Arc<Numbering>,
}

impl Handler for SmsHandler {
    async fn incoming(&mut self, pdus: Vec<String>) -> Result<Vec<Result<(), String>>, String> {
        let numbering = self.numbering.clone();
        let rules = self.shared.rules;
        let received = self
            .shared
            .with_service(move |s| {
                service::batch(s, |b| {
                    pdus.iter()
                        .map(|pdu| receive(b, pdu, (&numbering, rules), Timestamp::now()))
                        .collect::<Vec<_>>()
                })
            })
            .await?;
        Ok(received
            .into_iter()
            .map(|r| match r {
                Ok(Received::Message(p) | Received::Unreadable(p)) => {
                    self.shared.processed(Channel::Sms, &p);
                    Ok(())
                }
                Ok(Received::Part { have, total }) => {
                    tracing::debug!(have, total, "SMS part kept");
                    Ok(())
                }
                Ok(Received::Report) => {
                    tracing::debug!("SMS status report");
                    Ok(())
                }
                Err(e) => {
                    let e = format!("store: {e}");
                    self.shared.metrics.error(&e);
                    Err(e)
                }
            })
            .collect())
    }

    async fn due(&mut self) -> Result<Vec<Due>, String> {
        self.shared
            .with_store(|s| {
                let due = s.due(Channel::Sms, Timestamp::now(), 20)?;
                Ok(due
                    .into_iter()
                    .map(|o| Due {
                        id: o.id.0,
                        to: o.to,
                        body: o.body,
                    })
                    .collect())
            })
            .await
    }

    async fn hold(&mut self, id: i64) -> Result<bool, String> {
        self.shared.hold_for_send(ReplyId(id)).await
    }

    async fn sent(&mut self, id: i64, to: String, references: Vec<u8>) -> Result<(), String> {
        self.shared.metrics.sent(Channel::Sms);
        self.shared
            .with_store(move |s| {
                let now = Timestamp::now();
                let tx = s.write()?;
                for (i, r) in references.iter().enumerate() {
                    tx.record_sms_sent(ReplyId(id), i + 1, references.len(), *r, &to, now)?;
                }
                tx.mark_sent(ReplyId(id), now)?;
                tx.commit()?;
                Ok(())
            })
            .await
    }

    async fn failed(&mut self, id: i64, error: String, permanent: bool) -> Result<(), String> {
        self.shared
            .delivery_failed(Channel::Sms, ReplyId(id), error, permanent)
            .await
    }

    async fn housekeeping(&mut self) -> Result<(), String> {
        let wait = jiff::SignedDuration::try_from(self.reassembly)
            .unwrap_or(jiff::SignedDuration::from_hours(24));
        let rules = self.shared.rules;
        let done = self
            .shared
            .with_service(move |s| {
                let now = Timestamp::now();
                service::batch(s, |b| sweep_parts(b, now - wait, rules, now)).and_then(|r| r)
            })
            .await?;
        for p in &done {
            self.shared.processed(Channel::Sms, p);
        }
        Ok(())
    }

    fn trouble(&mut self, error: &str) {
        self.shared.metrics.error(error);
    }
}
