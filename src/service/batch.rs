//! Batches: messages processed in one transaction (group commit), each in
//! a savepoint of its own and journaled first, so a message whose work
//! fails is undone alone and kept with its error.

use std::cell::OnceCell;

use jiff::Timestamp;

use super::ctx::{Actor, Ctx, Done};
use super::decision::{Decision, To, Write};
use super::error::{Result, ServiceError};
use super::fallback::undeliverable;
use super::notice::Notice;
use super::route::{self, Message};
use super::steps::{Refusal, Step, journal_text};
use super::{Aside, Inbound, Processed, pin};
use crate::protocol::address::normalize;
use crate::store::{self, Journaled, ReplyId, Store, Tx};

/// Several inbound messages in one transaction (group commit): each in its
/// own savepoint, so a message whose processing fails is undone alone and
/// journaled with its error, and one commit, one fsync, makes them all
/// durable. Nothing of a batch may be acknowledged to a transport before
/// [`batch`] has returned Ok: until then a crash loses the whole batch, and
/// every message of it comes again.
pub struct Batch<'s> {
    pub(super) tx: Tx<'s>,
    /// Why the transaction can no longer be committed (a write outside a
    /// message's own work failed): set once, and the batch is abandoned.
    broken: OnceCell<String>,
}

/// Runs `work` on a batch and commits it; Err when nothing of it was
/// committed (a failed commit, or a broken batch), so that nothing may be
/// acknowledged. A message's own failure is in `work`'s value, journaled.
pub fn batch<T>(store: &mut Store, work: impl FnOnce(&Batch<'_>) -> T) -> Result<T> {
    let batch = Batch {
        tx: store.write()?,
        broken: OnceCell::new(),
    };
    let done = work(&batch);
    if let Some(why) = batch.broken.get() {
        return Err(ServiceError::Abandoned(format!(
            "batch abandoned, nothing committed: {why}"
        )));
    }
    batch.tx.commit()?;
    Ok(done)
}

/// One message (or one step) as a batch of one: committed before it returns.
pub(super) fn alone<T>(store: &mut Store, work: impl FnOnce(&Batch<'_>) -> Result<T>) -> Result<T> {
    batch(store, work).and_then(|done| done)
}

impl<'s> Batch<'s> {
    /// Runs a transport's own writes (an SMS part kept, a status report
    /// matched) in the batch, in a savepoint: a failure undoes them and
    /// abandons the batch, so nothing of it is acknowledged.
    pub fn write<T>(&self, f: impl FnOnce(&Tx<'s>) -> store::Result<T>) -> Result<T> {
        self.within(|tx| Ok(f(tx)?))
    }

    /// Runs `f` in a savepoint of the batch: a failure undoes it and
    /// abandons the batch.
    fn within<T>(&self, f: impl FnOnce(&Tx<'s>) -> Result<T>) -> Result<T> {
        if let Some(why) = self.broken.get() {
            return Err(ServiceError::Abandoned(why.clone()));
        }
        let point = self.tx.savepoint();
        let done = point
            .map_err(ServiceError::from)
            .and_then(|point| f(&self.tx).and_then(|v| Ok(point.release().map(|()| v)?)));
        if let Err(e) = &done {
            let _ = self.broken.set(e.to_string());
        }
        done
    }

    /// Records a failed attempt to send a reply in the batch: see
    /// [`delivery_failed`].
    pub fn delivery_failed(
        &self,
        id: ReplyId,
        error: &str,
        permanent: bool,
        retry: store::Retry,
        now: Timestamp,
    ) -> Result<()> {
        self.within(|tx| {
            let retry = if permanent {
                store::Retry {
                    max_attempts: 0,
                    ..retry
                }
            } else {
                retry
            };
            Ctx::unprompted(tx, Actor::System, now).run(|ctx| {
                let failed = Write::SendFailed {
                    reply: id,
                    error: error.to_string(),
                    retry,
                };
                ctx.apply(Decision::default().write(failed), None)?;
                match ctx.tx.reply(id)?.filter(|e| e.failed_at.is_some()) {
                    Some(entry) => undeliverable(ctx, &entry, error),
                    None => Ok(()),
                }
            })?;
            Ok(())
        })
    }

    /// Processes one inbound message in the batch.
    pub fn submit(&self, msg: &Inbound, now: Timestamp) -> Result<Processed> {
        self.submit_with_pgn(msg, None, now)
    }

    /// Journals and processes one message with the text of a PGN file
    /// attached to it: when the file is one of the sender's games and their
    /// next move, that move is read after the message's lines; otherwise the
    /// reply says why the file was not used.
    pub fn submit_with_pgn(
        &self,
        msg: &Inbound,
        pgn: Option<&str>,
        now: Timestamp,
    ) -> Result<Processed> {
        self.handle(msg, now, |ctx, sender| {
            let message = Message {
                channel: msg.channel,
                sender,
                auth: &msg.auth,
                pgn,
                confirm_within: msg.rules.confirm_within,
            };
            route::process(ctx, &message, &msg.text)
        })
    }

    /// Journals a message that is not to be read, answering it if `why`
    /// says so.
    pub fn set_aside(&self, msg: &Inbound, why: &Aside, now: Timestamp) -> Result<Processed> {
        self.handle(msg, now, |ctx, sender| {
            match why {
                Aside::Ignored(reason) => {
                    let ignored = Decision::default().step(Step::Ignored(reason.clone()));
                    ctx.apply(ignored, None)?;
                }
                Aside::TooLarge { size, limit } => {
                    let player = ctx.tx.player_by_address(msg.channel, sender)?;
                    let d = Decision::default()
                        .tell(To::Sender(player), Notice::TooLarge { limit: *limit })
                        .step(Step::Refused(Refusal::TooLarge {
                            size: *size,
                            limit: *limit,
                        }));
                    ctx.apply(d, None)?;
                }
                Aside::SeveralAuthors {
                    authors,
                    sender_named,
                } => {
                    let mut d =
                        Decision::default().step(Step::Refused(Refusal::SeveralAuthors(*authors)));
                    if *sender_named {
                        let player = ctx.tx.player_by_address(msg.channel, sender)?;
                        d = d.tell(To::Sender(player), Notice::SeveralAuthors);
                    }
                    ctx.apply(d, None)?;
                }
            }
            Ok(())
        })
    }

    /// Journals a report that one of our replies was not delivered (a
    /// bounce), and gives that reply up: see [`delivery_failed`](super::delivery_failed). `reply`
    /// is the outbox id the transport matched, if any.
    pub fn bounced(
        &self,
        msg: &Inbound,
        reply: Option<ReplyId>,
        diagnostic: &str,
        now: Timestamp,
    ) -> Result<Processed> {
        self.handle(msg, now, |ctx, _| {
            let entry = match reply {
                Some(id) => ctx.tx.reply(id)?.filter(|e| e.channel == msg.channel),
                None => None,
            };
            match entry {
                Some(entry) => undeliverable(ctx, &entry, &format!("bounced: {diagnostic}")),
                None => {
                    let ignored = Step::Ignored("delivery report matching no reply".into());
                    ctx.apply(Decision::default().step(ignored), None).map(drop)
                }
            }
        })
    }

    /// Journals a message and runs `work` on it in its own savepoint; a
    /// message already processed changes nothing.
    pub(super) fn handle(
        &self,
        msg: &Inbound,
        now: Timestamp,
        work: impl FnOnce(&mut Ctx<'_, '_>, &str) -> Result<()>,
    ) -> Result<Processed> {
        if let Some(why) = self.broken.get() {
            return Err(ServiceError::Abandoned(why.clone()));
        }
        match self.journaled(msg, now, work) {
            Ok(done) => done,
            // The journal itself failed: this batch cannot be trusted.
            Err(e) => {
                let _ = self.broken.set(e.to_string());
                Err(e)
            }
        }
    }

    /// The outer result is the journal's (a failure there breaks the
    /// batch), the inner one the message's own work (a failure there is
    /// undone and journaled as its outcome).
    fn journaled(
        &self,
        msg: &Inbound,
        now: Timestamp,
        work: impl FnOnce(&mut Ctx<'_, '_>, &str) -> Result<()>,
    ) -> Result<Result<Processed>> {
        let sender =
            normalize(msg.channel, &msg.from).unwrap_or_else(|_| msg.from.trim().to_string());
        let transport_id = msg.transport_id.clone().unwrap_or_else(|| {
            // Unique even for messages submitted at the same (test or replay) instant.
            use argon2::password_hash::rand_core::{OsRng, RngCore};
            format!(
                "local-{}-{}-{:016x}",
                now.as_nanosecond(),
                std::process::id(),
                OsRng.next_u64()
            )
        });
        // The journal is evidence that others read (exports, dossiers): no PIN in it.
        let raw = pin::without_pins(&msg.raw);
        let tx = &self.tx;
        let point = tx.savepoint()?;
        let journal_id = match tx.journal(msg.channel, &transport_id, &sender, &raw, now)? {
            Journaled::New(id) => id,
            // Already processed (in an earlier batch, or earlier in this one).
            Journaled::Seen(entry) if entry.outcome.is_some() => {
                point.release()?;
                return Ok(Ok(Processed {
                    journal_id: entry.id,
                    duplicate: true,
                    replies: Vec::new(),
                    steps: Vec::new(),
                    outcome: entry.outcome.unwrap_or_default(),
                }));
            }
            // Journaled but never processed (by a version that journaled first).
            Journaled::Seen(entry) => entry.id,
        };
        let actor = Actor::Sender {
            channel: msg.channel,
            address: sender.clone(),
        };
        let ctx = Ctx {
            journal_id: Some(journal_id),
            rules: msg.rules,
            thread: msg.thread.clone(),
            ..Ctx::unprompted(tx, actor, now)
        };
        match ctx.run(|ctx| work(ctx, &sender)) {
            // Every reply this context queued answers this message.
            Ok(Done { steps, replies, .. }) => {
                let outcome = journal_text(&steps);
                tx.set_outcome(journal_id, &outcome, now)?;
                point.release()?;
                Ok(Ok(Processed {
                    journal_id,
                    duplicate: false,
                    replies,
                    steps,
                    outcome,
                }))
            }
            Err(e) => {
                // Processing failed (a damaged game record, say): undo its
                // effects but keep the message and why, as evidence.
                point.rollback()?;
                let id = match tx.journal(msg.channel, &transport_id, &sender, &raw, now)? {
                    Journaled::New(id) => id,
                    Journaled::Seen(entry) => entry.id,
                };
                tx.set_outcome(id, &format!("error: {e}"), now)?;
                Ok(Err(e))
            }
        }
    }
}
