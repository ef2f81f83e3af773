//! The email channel's way out: the outbox composed into mail and handed
//! to SMTP, sendmail or the outbox directory ([`Mailer`]).

use std::sync::Arc;

use jiff::Timestamp;
use tokio::sync::{Notify, watch};

use super::compose::{self, Identity, compose};
use super::send::Mailer;
use crate::config::OutboxConfig;
use crate::protocol::address::Channel;
use crate::store::{self, ReplyId, Store};
use crate::transport::channel::{StoreBackoff, pause};
use crate::transport::port::ServicePort;

/// One reply ready to go.
struct Ready {
    id: ReplyId,
    envelope: lettre::address::Envelope,
    raw: Vec<u8>,
}

/// The way out and what it needs: the transport, our identity, the retries.
pub struct Sender {
    pub mailer: Mailer,
    pub me: Identity,
    pub outbox: OutboxConfig,
}

/// Sends the email outbox until `stop` turns true: due replies are
/// composed and handed to the mailer, at once when `wake` rings, else every
/// `outbox.poll_every`.
pub async fn run(
    sender: Sender,
    shared: ServicePort,
    wake: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) {
    const BATCH: usize = 50;
    let Sender {
        mailer,
        me,
        outbox: config,
    } = sender;
    let me = Arc::new(me);
    let mut backoff = StoreBackoff::new(config.poll_every);
    loop {
        let who = me.clone();
        let batch = shared
            .with_store(move |s| {
                let now = Timestamp::now();
                let due = s.due(Channel::Email, now, BATCH)?;
                let mut ready = Vec::new();
                for reply in due {
                    let ctx = context(s, &reply)?;
                    match compose(&who, &reply, &ctx) {
                        Ok((envelope, raw)) => ready.push(Ok(Ready {
                            id: reply.id,
                            envelope,
                            raw,
                        })),
                        Err(e) => ready.push(Err((reply.id, e))),
                    }
                }
                Ok((ready, s.depth()?))
            })
            .await;
        let mut full = false;
        let mut store_failed = batch.is_err();
        // A store error is logged and counted by the port.
        if let Ok((ready, depth)) = batch {
            shared.metrics.outbox(&depth);
            full = ready.len() == BATCH;
            for item in ready {
                if *stop.borrow() {
                    return;
                }
                if send_one(&shared, &mailer, item).await.is_err() {
                    store_failed = true;
                    break;
                }
            }
        }
        if *stop.borrow() {
            return;
        }
        // A failing store (a full disk) is not hammered, and a wake-up does
        // not cut its pause short.
        let wait = backoff.after(store_failed);
        if backoff.failing() {
            if !pause(wait, &mut stop).await {
                return;
            }
        } else if !full {
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = wake.notified() => {}
                _ = stop.changed() => {}
            }
        }
    }
}

/// What a reply needs to be composed beyond its row: the mail it answers.
fn context(store: &Store, reply: &store::Outgoing) -> store::Result<compose::Context> {
    let answers = match reply.journal_id {
        Some(j) => store
            .entry(j)?
            .filter(|e| e.channel == Channel::Email && e.transport_id.starts_with('<'))
            .filter(|e| normalized(&e.sender) == normalized(&reply.to))
            .map(|e| e.transport_id),
        None => None,
    };
    Ok(compose::Context { answers })
}

fn normalized(address: &str) -> String {
    address.trim().to_ascii_lowercase()
}

/// Sends one reply and records the outcome; Err when the store failed.
async fn send_one(
    shared: &ServicePort,
    mailer: &Mailer,
    item: Result<Ready, (ReplyId, String)>,
) -> Result<(), ()> {
    let (id, result) = match item {
        Ok(ready) => {
            let id = ready.id;
            shared.hold_for_send(id).await.map_err(drop)?;
            let sent = mailer
                .send(id.0, &ready.envelope, &ready.raw)
                .await
                .map_err(|e| (e.permanent, e.text));
            (id, sent)
        }
        // A reply that cannot even be composed (a bad address) never will be.
        Err((id, e)) => (id, Err((true, e))),
    };
    let recorded = match &result {
        Ok(()) => {
            shared.metrics.sent(Channel::Email);
            shared
                .with_store(move |s| {
                    let tx = s.write()?;
                    tx.mark_sent(id, Timestamp::now())?;
                    tx.commit()?;
                    Ok(())
                })
                .await
        }
        Err((permanent, e)) => {
            shared
                .delivery_failed(Channel::Email, id, e.clone(), *permanent)
                .await
        }
    };
    // Counted by the port; the reply's id is logged here.
    recorded.map_err(|e| {
        tracing::error!(reply = id.0, error = %e, "recording a delivery");
    })
}
