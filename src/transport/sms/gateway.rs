//! The gateway's SMS modem channel: the modem driver ([`super::driver`]) on
//! the service port: PDUs become inbound messages (parts kept until
//! complete), the SMS outbox is sent, and status reports are matched.

use std::future::Future;
use std::sync::Arc;

use tokio::sync::Notify;

use super::config::SmsSettings;
use super::driver::{self, Due, ModemLedger};
use super::receive::{Numbering, Received, receive, sweep_parts};
use crate::protocol::address::Channel;
use crate::service;
use crate::store::ReplyId;
use crate::transport::port::{PortError, ServicePort, Wakers};
use crate::transport::start::{self, Context, StartError};

/// The modem as a channel, from its settings.
impl start::Channel for SmsSettings {
    /// The modem's key on /health and in the console's words.
    const NAME: &'static str = "modem";
    const LINKED: bool = true;
    type Wake = Arc<Notify>;

    fn wake(bells: &Wakers) -> Arc<Notify> {
        bells.sms.clone()
    }

    fn start(
        self,
        cx: Context<Arc<Notify>>,
    ) -> Result<impl Future<Output = ()> + Send + 'static, StartError> {
        Ok(async move {
            tracing::info!(device = %self.config.device.display(), "SMS modem");
            let ledger = PortLedger {
                shared: cx.port,
                reassembly: self.config.reassembly_timeout,
                numbering: Arc::new(self.config.numbering()),
            };
            driver::run(self, ledger, cx.wake, cx.stop, cx.link).await;
        })
    }
}

/// The modem's ledger: the service port.
struct PortLedger {
    shared: ServicePort,
    reassembly: std::time::Duration,
    numbering: Arc<Numbering>,
}

impl ModemLedger for PortLedger {
    async fn incoming(
        &mut self,
        pdus: Vec<String>,
    ) -> Result<Vec<Result<(), PortError>>, PortError> {
        let numbering = self.numbering.clone();
        let rules = self.shared.rules;
        let received = self
            .shared
            .with_service(move |s| {
                service::batch(s, |b| {
                    pdus.iter()
                        .map(|pdu| receive(b, pdu, (&numbering, rules), crate::now::now()))
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
                    let e = PortError::Service(Arc::new(e));
                    self.shared.metrics.error(&e.to_string());
                    Err(e)
                }
            })
            .collect())
    }

    async fn due(&mut self) -> Result<Vec<Due>, PortError> {
        self.shared
            .with_store(|s| {
                let due = s.due(Channel::Sms, crate::now::now(), 20)?;
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

    async fn hold(&mut self, id: i64) -> Result<bool, PortError> {
        self.shared.hold_for_send(ReplyId(id)).await
    }

    async fn sent(&mut self, id: i64, to: String, references: Vec<u8>) -> Result<(), PortError> {
        self.shared.metrics.sent(Channel::Sms);
        self.shared
            .with_store(move |s| {
                let now = crate::now::now();
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

    async fn failed(&mut self, id: i64, error: String, permanent: bool) -> Result<(), PortError> {
        self.shared
            .delivery_failed(Channel::Sms, ReplyId(id), error, permanent)
            .await
    }

    async fn housekeeping(&mut self) -> Result<(), PortError> {
        let wait = jiff::SignedDuration::try_from(self.reassembly)
            .unwrap_or(jiff::SignedDuration::from_hours(24));
        let rules = self.shared.rules;
        let done = self
            .shared
            .with_service(move |s| {
                let now = crate::now::now();
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
