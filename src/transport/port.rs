//! The service port: what every channel reaches the game service and the
//! store through, and what it reports to the status endpoint.
//!
//! The store is synchronous (SQLite) and used from blocking threads, one
//! call at a time: the inbound messages ready together are one transaction
//! (each in its own savepoint), and a channel acknowledges a message to its
//! peer only after the call that committed it has returned.

use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

use crate::metrics::Metrics;
use crate::protocol::address::Channel;
use crate::service::ServiceError;
use crate::service::{self, Processed};
use crate::store::{self, ReplyId, Store};

/// Why the port could not do what a channel asked. Cloned to every batch
/// of a failed group commit, so the causes are shared.
#[derive(Debug, Clone, thiserror::Error)]
pub enum PortError {
    /// The store failed (a full disk, a lost database connection):
    /// nothing of the call was committed.
    #[error("store: {0}")]
    Store(Arc<ServiceError>),
    /// The service failed on one message of a batch: the others were
    /// committed, and this one was journaled with its error, to be
    /// delivered again.
    #[error("store: {0}")]
    Service(Arc<ServiceError>),
    /// A thread panicked while it held the store.
    #[error("the store lock is poisoned")]
    StorePoisoned,
    /// A thread panicked while it held the queue of batches.
    #[error("the batch queue is poisoned")]
    QueuePoisoned,
    /// The store's blocking task failed (it panicked, or the runtime is
    /// shutting down).
    #[error("store task: {0}")]
    Task(Arc<tokio::task::JoinError>),
    /// The task running the waiting batches went away before answering.
    #[error("the batch was dropped")]
    Dropped,
}

/// A cheap handle, cloned into every channel's task.
#[derive(Clone)]
pub struct ServicePort {
    store: Arc<Mutex<Store>>,
    /// Inbound batches waiting for the store, combined into one commit.
    waiting: Queue,
    pub metrics: Arc<Metrics>,
    /// Rung when replies were queued, so each channel's sender sends at once.
    pub wake: Wakers,
    /// How failed replies are tried again (`[outbox]`).
    pub retry: store::Retry,
    /// What is done with inbound messages (`[inbound]`).
    pub rules: service::Rules,
}

/// A channel's batch: its messages processed in a [`service::Batch`].
type Work = Box<dyn FnOnce(&service::Batch<'_>) -> Vec<service::Result<Processed>> + Send>;

/// A batch waiting for the store, and where its results go.
struct Waiting {
    work: Work,
    done: tokio::sync::oneshot::Sender<Result<Vec<service::Result<Processed>>, PortError>>,
}

/// The batches waiting for the store, and whether a task is running them.
#[derive(Default)]
struct Pending {
    jobs: Vec<Waiting>,
    /// A task ([`ServicePort::lead`]) is running the waiting batches: what
    /// comes meanwhile is its next transaction, not a task of its own.
    leading: bool,
}

type Queue = Arc<Mutex<Pending>>;

/// One bell per outgoing channel.
#[derive(Clone, Default)]
pub struct Wakers {
    pub email: Arc<Notify>,
    pub sms: Arc<Notify>,
    pub radio: Arc<Notify>,
    /// The Xfcc bridge's accounts, each watching for a count that grows
    /// (a move of a player's may be waiting to go to a remote server): a
    /// watch, not a bell, since several bridges listen.
    pub xfcc: Arc<tokio::sync::watch::Sender<u64>>,
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
            waiting: Queue::default(),
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
    ) -> Result<R, PortError> {
        self.with_service(move |s| Ok(f(s)?)).await
    }

    /// Runs `f`, a call of the service, on the store in a blocking thread.
    pub async fn with_service<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Store) -> service::Result<R> + Send + 'static,
    ) -> Result<R, PortError> {
        let store = self.store.clone();
        let done = tokio::task::spawn_blocking(move || {
            let mut guard = store.lock().map_err(|_| PortError::StorePoisoned)?;
            f(&mut guard).map_err(|e| PortError::Store(Arc::new(e)))
        })
        .await
        .map_err(|e| PortError::Task(Arc::new(e)))
        .and_then(|r| r);
        // Every input, sender and sweep comes here: one place logs a store
        // failure and tells /health, and clears it once the store works.
        match &done {
            Ok(_) => self.metrics.store_works(),
            Err(e) => {
                tracing::error!(error = %e, "store");
                self.metrics.store_failed(&e.to_string());
            }
        }
        done
    }

    /// Processes several inbound messages of `channel` in one transaction
    /// (group commit, [`service::batch`]) in a blocking thread. Err: nothing
    /// was committed, and nothing may be acknowledged. Ok: committed; each
    /// message whose own result is Ok may be acknowledged now, and one
    /// whose processing failed (journaled with its error, logged and
    /// counted here) is left for the transport to deliver again, when the
    /// journal answers it as a duplicate.
    ///
    /// Batches of channels arriving together are combined (group commit):
    /// the batches that come while one transaction runs are the next
    /// transaction, so concurrent senders share one commit; a call alone
    /// commits at once.
    pub async fn batch(
        &self,
        channel: Channel,
        work: impl FnOnce(&service::Batch<'_>) -> Vec<service::Result<Processed>> + Send + 'static,
    ) -> Result<Vec<Result<Processed, PortError>>, PortError> {
        let done = self.queued(Box::new(work)).await?;
        Ok(done
            .into_iter()
            .map(|r| match r {
                Ok(p) => {
                    self.processed(channel, &p);
                    Ok(p)
                }
                Err(e) => {
                    let e = PortError::Service(Arc::new(e));
                    tracing::error!(%channel, error = %e, "message not processed");
                    self.metrics.error(&e.to_string());
                    Err(e)
                }
            })
            .collect())
    }

    /// An empty transaction through the queue every inbound message goes
    /// through, committed: Ok says the queue moves and the store takes
    /// writes now (systemd's watchdog, [`crate::systemd::watchdog`]).
    pub async fn heartbeat(&self) -> Result<(), PortError> {
        self.queued(Box::new(|_| Vec::new())).await.map(drop)
    }

    /// Queues `work` for the next transaction and waits for its results.
    async fn queued(&self, work: Work) -> Result<Vec<service::Result<Processed>>, PortError> {
        let (done_tx, done_rx) = tokio::sync::oneshot::channel();
        let lead = {
            let mut pending = self.waiting.lock().map_err(|_| PortError::QueuePoisoned)?;
            pending.jobs.push(Waiting {
                work,
                done: done_tx,
            });
            !std::mem::replace(&mut pending.leading, true)
        };
        if lead {
            // A task of its own, so that a caller that goes away meanwhile
            // leaves no batch waiting unrun.
            tokio::spawn(self.clone().lead());
        }
        done_rx.await.map_err(|_| PortError::Dropped)?
    }

    /// Runs the waiting batches until none waits, all that are waiting
    /// each time in one transaction, and answers each; a failed commit is
    /// every batch of it told (and logged by [`ServicePort::with_store`]).
    async fn lead(self) {
        loop {
            // The callers just answered queue their next messages first.
            tokio::task::yield_now().await;
            let jobs = match self.waiting.lock() {
                Ok(mut pending) if pending.jobs.is_empty() => {
                    pending.leading = false;
                    return;
                }
                Ok(mut pending) => std::mem::take(&mut pending.jobs),
                // Every caller is refused at the poisoned queue too.
                Err(_) => return,
            };
            let (works, answers): (Vec<_>, Vec<_>) =
                jobs.into_iter().map(|j| (j.work, j.done)).unzip();
            let done = self
                .with_service(move |s| {
                    service::batch(s, |b| {
                        works.into_iter().map(|work| work(b)).collect::<Vec<_>>()
                    })
                })
                .await;
            match done {
                Ok(results) => {
                    // A transaction of heartbeats alone carried no message.
                    let messages = results.iter().map(Vec::len).sum();
                    if messages > 0 {
                        self.metrics.batch(messages);
                    }
                    for (answer, result) in answers.into_iter().zip(results) {
                        // A caller that went away no longer needs its answer.
                        let _ = answer.send(Ok(result));
                    }
                }
                Err(e) => {
                    for answer in answers {
                        let _ = answer.send(Err(e.clone()));
                    }
                }
            }
        }
    }

    /// Holds a reply durably before it is handed to its transport: if the
    /// send's outcome cannot be recorded afterwards (a full disk), the reply
    /// is not due again at the next poll but only after the hold (the
    /// retry time of a failed attempt), so no sender repeats a send the
    /// store did not take. A sender that sends one reply at a time comes
    /// here first, and sends only when it gets true: false means another
    /// sender (another site's) claimed the reply since it was found due.
    /// The email outbox and the SMS spool claim theirs a batch at a time
    /// ([`Store::claim_due`](crate::store::Store::claim_due)).
    pub async fn hold_for_send(&self, id: ReplyId) -> Result<bool, PortError> {
        let retry = self.retry;
        self.with_store(move |s| {
            let tx = s.write()?;
            let claimed = tx.hold_for_send(id, crate::now::now(), retry)?;
            tx.commit()?;
            Ok(claimed)
        })
        .await
    }

    /// Records replies handed to `channel`'s transport as sent, the batch
    /// in one transaction.
    pub async fn sent(&self, channel: Channel, ids: Vec<ReplyId>) -> Result<(), PortError> {
        for _ in &ids {
            self.metrics.sent(channel);
        }
        self.with_store(move |s| {
            let tx = s.write()?;
            let now = crate::now::now();
            for id in ids {
                tx.mark_sent(id, now)?;
            }
            tx.commit()
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
    ) -> Result<(), PortError> {
        tracing::warn!(%channel, reply = id.0, permanent, error = %error, "sending failed");
        self.metrics.send_failed(channel, &error);
        let retry = self.retry;
        let recorded = self
            .with_service(move |s| {
                service::delivery_failed(s, id, &error, permanent, retry, crate::now::now())
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
        self.wake.xfcc.send_modify(|n| *n = n.wrapping_add(1));
    }
}
