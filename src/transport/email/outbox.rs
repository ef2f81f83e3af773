//! The email channel's way out: the outbox composed into mail and handed
//! to SMTP, sendmail or the outbox directory ([`Mailer`]).

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::{Notify, watch};

use super::compose::{self, ComposeError, Identity, compose};
use super::config::SendSettings;
use super::send::{Handover, Mailer, Outgoing, SendError};
use crate::board::{Diagram, Renderer};
use crate::protocol::address::Channel;
use crate::store::{self, ReplyId, Store};
use crate::transport::channel::{StoreBackoff, pause};
use crate::transport::outbox::OutboxConfig;
use crate::transport::port::{ServicePort, Wakers};
use crate::transport::start::{self, Context, StartError};

/// One reply ready to go.
struct Ready {
    id: ReplyId,
    envelope: lettre::address::Envelope,
    raw: Vec<u8>,
}

/// The email outbox as a channel: the way out, our identity, the
/// retries, and what a reply carries besides its text.
pub struct Sender {
    /// SMTP, sendmail or the outbox directory ([`Mailer`]).
    pub send: SendSettings,
    /// What a relative outbox directory is in.
    pub data_dir: PathBuf,
    pub me: Identity,
    pub outbox: OutboxConfig,
    pub extras: Extras,
}

/// What a reply carries besides its text.
#[derive(Clone)]
pub struct Extras {
    /// Draws the board picture each reply with a sheet carries.
    pub pictures: Arc<Renderer>,
    /// With `[web] public_url`: each player's link to their game's page.
    pub links: Option<Links>,
}

impl start::Channel for Sender {
    const NAME: &'static str = "email outbox";
    type Wake = Arc<Notify>;

    fn wake(bells: &Wakers) -> Arc<Notify> {
        bells.email.clone()
    }

    fn start(
        self,
        cx: Context<Arc<Notify>>,
    ) -> Result<impl Future<Output = ()> + Send + 'static, StartError> {
        let mailer = Mailer::new(&self.send, &self.data_dir)?;
        Ok(run(self, mailer, cx.port, cx.wake, cx.stop))
    }
}

/// How the players' links are made: the pages' public address and the
/// secret their capability keys come from.
#[derive(Clone)]
pub struct Links {
    pub base: String,
    pub secret: Arc<[u8]>,
}

/// A batch composed, each reply ready or failed to compose.
type Composed = Vec<Result<Ready, (ReplyId, ComposeError)>>;

/// Sends the email outbox until `stop` turns true: due replies are
/// composed and handed to the mailer, at once when `wake` rings, else every
/// `outbox.poll_every`.
///
/// Two stages overlap: while one batch is being handed over (its files
/// synced, or its SMTP sessions answered), the next one is claimed and
/// composed. A batch is claimed only when the sending stage has room for
/// it, so at most two batches are held at a time and nothing is claimed
/// long before it is sent.
pub async fn run(
    sender: Sender,
    mailer: Mailer,
    shared: ServicePort,
    wake: Arc<Notify>,
    stop: watch::Receiver<bool>,
) {
    let (to_send, mut ready) = tokio::sync::mpsc::channel::<Composed>(1);
    let failing = AtomicBool::new(false);
    let sending = async {
        loop {
            let batch = match ready.try_recv() {
                Ok(batch) => batch,
                Err(tokio::sync::mpsc::error::TryRecvError::Empty) => {
                    // No batch follows at once to carry the last one's
                    // completion (the file outbox's renames): complete it now.
                    settle(&shared, &mailer, &failing).await;
                    match ready.recv().await {
                        Some(batch) => batch,
                        None => break,
                    }
                }
                Err(tokio::sync::mpsc::error::TryRecvError::Disconnected) => break,
            };
            if send_batch(&shared, &mailer, batch).await.is_err() {
                failing.store(true, Ordering::Relaxed);
            }
        }
        settle(&shared, &mailer, &failing).await;
    };
    // Ends on `stop`, dropping `to_send`: the sending stage then finishes
    // the batch it was given and ends too.
    let preparing = prepare(&sender, &shared, &wake, stop, to_send, &failing);
    tokio::join!(preparing, sending);
}

/// The first stage: claims due replies, composes them and passes them on.
async fn prepare(
    sender: &Sender,
    shared: &ServicePort,
    wake: &Notify,
    mut stop: watch::Receiver<bool>,
    to_send: tokio::sync::mpsc::Sender<Composed>,
    failing: &AtomicBool,
) {
    const BATCH: usize = 50;
    let config = &sender.outbox;
    let me = Arc::new(sender.me.clone());
    let extras = Arc::new(sender.extras.clone());
    let mut backoff = StoreBackoff::new(config.poll_every);
    loop {
        let Ok(slot) = to_send.reserve().await else {
            return;
        };
        if *stop.borrow() {
            return;
        }
        // Claimed under the store's lock, with what composing reads from
        // it; the pictures and the MIME are made after it, so that the
        // inputs' batches need not wait for them.
        let retry = shared.retry;
        let claimed = shared
            .with_store(move |s| {
                // Only what this sender claimed: another site may have the rest.
                let (mine, full) = s.claim_due(Channel::Email, crate::now::now(), BATCH, retry)?;
                let answers = mine
                    .iter()
                    .map(|reply| Ok((answers(s, reply)?, attached_pgn(s, reply)?)))
                    .collect::<store::Result<Vec<_>>>()?;
                Ok((mine, answers, s.depth()?, full))
            })
            .await;
        let who = me.clone();
        let extras = extras.clone();
        let batch = match claimed {
            Ok((mine, answers, depth, full)) => tokio::task::spawn_blocking(move || {
                let composed: Composed = mine
                    .into_iter()
                    .zip(answers)
                    .map(|(reply, (answers, pgn))| {
                        let ctx = compose::Context {
                            answers,
                            picture: picture(&reply, &extras.pictures),
                            link: link(&reply, extras.links.as_ref()),
                            pgn,
                        };
                        match compose(&who, &reply, &ctx) {
                            Ok((envelope, raw)) => Ok(Ready {
                                id: reply.id,
                                envelope,
                                raw,
                            }),
                            Err(e) => Err((reply.id, e)),
                        }
                    })
                    .collect();
                (composed, depth, full)
            })
            .await
            .map_err(|e| tracing::error!(error = %e, "composing replies")),
            Err(_) => Err(()),
        };
        let mut full = false;
        // A store error is logged and counted by the port.
        let mut store_failed = batch.is_err();
        if let Ok((composed, depth, was_full)) = batch {
            shared.metrics.outbox(&depth);
            full = was_full;
            if !composed.is_empty() {
                slot.send(composed);
            }
        }
        // The sending stage's last batch counts for the backoff as well.
        store_failed |= failing.swap(false, Ordering::Relaxed);
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

/// The mail a reply answers (its Message-ID), when it answers one from
/// the same address.
fn answers(store: &Store, reply: &store::Outgoing) -> store::Result<Option<String>> {
    Ok(match reply.journal_id {
        Some(j) => store
            .entry(j)?
            .filter(|e| e.channel == Channel::Email && e.transport_id.starts_with('<'))
            .filter(|e| normalized(&e.sender) == normalized(&reply.to))
            .map(|e| e.transport_id),
        None => None,
    })
}

/// The game's PGN file a reply carries (one answering `pgn`): its name
/// and text, as the game stands when the mail is written.
fn attached_pgn(store: &Store, reply: &store::Outgoing) -> store::Result<Option<(String, String)>> {
    match (reply.game_id, &reply.sheet) {
        (Some(game), Some(sheet)) if sheet.attach_pgn => Ok(Some((
            crate::service::pgn_file(game),
            crate::read::pgn::game_pgn(store, game)?,
        ))),
        _ => Ok(None),
    }
}

/// The picture of a reply's sheet, from its reader's side. A sheet that
/// cannot be drawn (stored before pictures, or a bug) sends the text alone.
fn picture(reply: &store::Outgoing, pictures: &Renderer) -> Option<Arc<[u8]>> {
    let at = reply.sheet.as_ref()?.position.as_ref()?;
    let flip = reply.player_id.is_some_and(|p| p.0 == at.black);
    let drawn = Diagram::from_fen(&at.fen, flip, at.last_move.as_deref())
        .map_err(|e| e.to_string())
        .and_then(|d| pictures.png(&d).map_err(|e| e.to_string()));
    match drawn {
        Ok(png) => Some(png),
        Err(e) => {
            tracing::warn!(reply = %reply.id, error = %e, "no board picture");
            None
        }
    }
}

/// The recipient's link to the game's page, when they are a player.
fn link(reply: &store::Outgoing, links: Option<&Links>) -> Option<String> {
    let (links, game, player) = (links?, reply.game_id?, reply.player_id?);
    let key = crate::service::player_key::player_key(&links.secret, player);
    Some(format!("{}/games/{game}?key={key}", links.base))
}

fn normalized(address: &str) -> String {
    address.trim().to_ascii_lowercase()
}

/// Sends a batch of claimed replies and records the outcomes: sent
/// together (see [`Mailer::send`]), those sent marked in one transaction
/// with the replies of the batch before that this one completed (the file
/// outbox's renames, synced with this batch's files). Err when the store
/// failed.
async fn send_batch(shared: &ServicePort, mailer: &Mailer, batch: Composed) -> Result<(), ()> {
    let mut ready = Vec::with_capacity(batch.len());
    let mut failed = Vec::new();
    for item in batch {
        match item {
            Ok(r) => ready.push(r),
            // A reply that cannot even be composed (a bad address) never will be.
            Err((id, e)) => failed.push((id, true, e.to_string())),
        }
    }
    let mut sent = Vec::with_capacity(ready.len());
    if !ready.is_empty() {
        let outgoing: Vec<Outgoing<'_>> = ready
            .iter()
            .map(|r| Outgoing {
                id: r.id.0,
                envelope: &r.envelope,
                raw: &r.raw,
            })
            .collect();
        let handed = mailer.send(&outgoing).await;
        for (r, result) in ready.iter().zip(handed.results) {
            match result {
                Ok(Handover::Done) => sent.push(r.id),
                // Recorded when a later sync completes it.
                Ok(Handover::Unsettled) => {}
                Err(e) => failed.push((r.id, e.permanent, e.text)),
            }
        }
        completed(handed.earlier, &mut sent, &mut failed);
    }
    record(shared, sent, failed).await
}

/// Completes the last batch's handing over ([`Mailer::settle`]) and records
/// it; a store that failed to record it is counted as failing.
async fn settle(shared: &ServicePort, mailer: &Mailer, failing: &AtomicBool) {
    let (mut sent, mut failed) = (Vec::new(), Vec::new());
    completed(mailer.settle().await, &mut sent, &mut failed);
    if record(shared, sent, failed).await.is_err() {
        failing.store(true, Ordering::Relaxed);
    }
}

/// Sorts the replies of an earlier batch whose handing over completed.
fn completed(
    earlier: Vec<(i64, Result<(), SendError>)>,
    sent: &mut Vec<ReplyId>,
    failed: &mut Vec<(ReplyId, bool, String)>,
) {
    for (id, result) in earlier {
        match result {
            Ok(()) => sent.push(ReplyId(id)),
            Err(e) => failed.push((ReplyId(id), e.permanent, e.text)),
        }
    }
}

/// Records replies sent (in one transaction) and failed. Err when the
/// store failed.
async fn record(
    shared: &ServicePort,
    sent: Vec<ReplyId>,
    failed: Vec<(ReplyId, bool, String)>,
) -> Result<(), ()> {
    let mut store_failed = false;
    if !sent.is_empty()
        && let Err(e) = shared.sent(Channel::Email, sent).await
    {
        // Counted by the port; held, so not sent again before the hold ends.
        tracing::error!(error = %e, "recording replies sent");
        store_failed = true;
    }
    for (id, permanent, e) in failed {
        if let Err(e) = shared
            .delivery_failed(Channel::Email, id, e, permanent)
            .await
        {
            tracing::error!(reply = id.0, error = %e, "recording a delivery");
            store_failed = true;
        }
    }
    if store_failed { Err(()) } else { Ok(()) }
}
