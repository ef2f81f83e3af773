//! The service port: what every channel reaches the game service and the
//! store through, and what it reports to the status endpoint.
//!
//! The store is synchronous (SQLite) and used from blocking threads, one
//! call at a time: each inbound message is one transaction, and a channel
//! acknowledges a message to its peer only after the call that journaled
//! it has returned.

use std::sync::{Arc, Mutex};

use jiff::Timestamp;
use tokio::sync::Notify;

use crate::protocol::address::Channel;
use crate::service::{self, Processed};
use crate::status::Metrics;
use crate::store::{self, ReplyId, Store};

/// A cheap handle, cloned into every channel's task.
#[derive(Clone)]
pub struct ServicePort {
    store: Arc<Mutex<Store>>,
    pub metrics: Arc<Metrics>,
    /// Rung when replies were queued, so each channel's sender sends at once.
    pub wake: Wakers,
    /// How failed replies are tried again (`[outbox]`).
    pub retry: store::Retry,
    /// What is done with inbound messages (`[inbound]`).
    pub rules: service::Rules,
}

/// One bell per outgoing channel.
#[derive(Clone, Default)]
pub struct Wakers {
    pub email: Arc<Notify>,
    pub sms: Arc<Notify>,
    pub radio: Arc<Notify>,
}

impl ServicePort {
    pub fn new(
        store: Store,
        metrics: Arc<Metrics>,
        retry: store::Retry,
        rules: service::Rules,
    ) -> ServicePort {
        ServicePort {
            store: Arc::new(Mutex::new(store)),
            metrics,
            wake: Wakers::default(),
            retry,
            rules,
        }
    }

    /// Runs `f` on the store in a blocking thread.
    pub async fn with_store<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Store) -> store::Result<R> + Send + 'static,
    ) -> Result<R, String> {
        let store = self.store.clone();
        let done = tokio::task::spawn_blocking(move || {
            let mut guard = store
                .lock()
                .map_err(|_| "the store lock is poisoned".to_string())?;
            f(&mut guard).map_err(|e| format!("store: {e}"))
        })
        .await
        .map_err(|e| format!("store task: {e}"))
        .and_then(|r| r);
        // Every input, sender and sweep comes here: one place logs a store
        // failure and tells /health, and clears it once the store works.
        match &done {
            Ok(_) => self.metrics.store_works(),
            Err(e) => {
                tracing::error!(error = %e, "store");
                self.metrics.store_failed(e);
            }
        }
        done
    }

    /// Holds a reply durably before it is handed to its transport: if the
    /// send's outcome cannot be recorded afterwards (a full disk), the reply
    /// is not due again at the next poll but only after the hold (the
    /// retry time of a failed attempt), so no sender repeats a send the
    /// store did not take. Every channel's sender comes here first, and
    /// sends only when it gets true: false means another sender (another
    /// site's) claimed the reply since it was found due.
    pub async fn hold_for_send(&self, id: ReplyId) -> Result<bool, String> {
        let retry = self.retry;
        self.with_store(move |s| {
            let tx = s.write()?;
            let claimed = tx.hold_for_send(id, Timestamp::now(), retry)?;
            tx.commit()?;
            Ok(claimed)
        })
        .await
    }

    /// Counts a processed message and wakes the senders if it queued replies.
    pub fn processed(&self, channel: Channel, p: &Processed) {
        self.metrics.received(channel, p);
        tracing::info!(%channel, journal = p.journal_id.0, duplicate = p.duplicate, outcome = %p.outcome, "message processed");
        if !p.replies.is_empty() {
            self.wake_senders();
        }
    }

    /// A reply that could not be sent on `channel`: counted, handed to the
    /// service (tried again later, given up, or queued on the recipient's
    /// other channels), and every sender woken for such a fallback.
    pub async fn delivery_failed(
        &self,
        channel: Channel,
        id: ReplyId,
        error: String,
        permanent: bool,
    ) -> Result<(), String> {
        tracing::warn!(%channel, reply = id.0, permanent, error = %error, "sending failed");
        self.metrics.send_failed(channel, &error);
        let retry = self.retry;
        let recorded = self
            .with_store(move |s| {
                service::delivery_failed(s, id, &error, permanent, retry, Timestamp::now())
            })
            .await;
        self.wake_senders();
        recorded
    }

    /// Wakes every channel's sender (a reply or a fallback was queued).
    pub fn wake_senders(&self) {
        self.wake.email.notify_one();
        self.wake.sms.notify_one();
        self.wake.radio.notify_one();
    }
}
