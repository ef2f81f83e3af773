//! The game service: one inbound message in, checked against the stored
//! game, applied or refused, replies queued — all in one transaction.
//!
//! Order of work, for durability: one transaction journals the message,
//! applies what it asks, records incidents, queues every reply and writes
//! the journal outcome; only after its commit may the transport acknowledge
//! the message. A crash before the commit leaves nothing, and the transport
//! delivers the message again; a crash after it leaves nothing to redo, and
//! the repeated delivery (same transport id) changes nothing. A message whose
//! processing fails is still journaled, with the error as its outcome.

mod attached;
mod bridge;
mod clock;
mod commands;
mod conditional;
mod ctx;
mod decision;
mod desk;
mod director;
mod error;
mod event;
mod hold;
mod login;
mod moves;
mod notice;
mod pin;
pub mod player_key;
mod positions;
mod record_text;
mod reply;
mod route;
mod steps;
mod xfcc;

use jiff::Timestamp;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use crate::game::outcome::{GameResult, MoveNumber, Termination};
use crate::game::rules::{Claim, Record};
use crate::notation::auto::read_auto;
use crate::notation::{
    Lang, Notation, ReadError, ReadOptions, UedemannTable, WriteOptions, read_move, write_move,
};
use crate::protocol::address::{Channel, normalize};
use crate::protocol::grammar::{self, Body, Branch, ClaimKind, Command, Item, ParsedLine, Profile};
use crate::protocol::l10n::{self, Reader};
use crate::protocol::sms::fit;
use crate::store::{
    self, GameId, GameRow, GameSource, IncidentKind, JournalId, Journaled, LeaveRow, MoveRow,
    NewIncident, NewReply, Outgoing, Player, PlayerId, ReplyId, Sheet, SheetPosition, Store, Tx,
};

// The files of the service share the imports above (`use super::*`).
pub use bridge::{Account, BridgeSend, Polled, bridge_poll, bridge_refused};
pub use clock::{SweepReport, clock_of_color, days, effective_leaves, sweep_clocks, with_penalty};
pub use commands::announce_language;
pub use ctx::Actor;
use ctx::Ctx;
pub use desk::{
    PlayerEdit, Removed, Ruled, Tell, dismiss_incident, edit_player, find_player, playing,
    remove_player, retry_reply, rule_incident,
};
pub use director::{adjudicate, penalize, takeback};
pub use error::{Result, SecretError, ServiceError};
pub use event::{EventSpec, start_event, withdraw};
pub use login::{
    Login, SignedIn, add_director, end_session, login, random_hex, remove_director, session,
};
pub use moves::read_players_move;
pub use notice::{ConditionalRefusal, GameChoice, HelpExamples, MoveNotice, MoveRefusal, Notice};
pub use pin::{hash_pin, hash_xfcc_password, pin_of_line};
pub use reply::{board, legend};
pub use route::MAX_LINES;
pub use steps::{GameStep, Refusal, Step};
pub use xfcc::{XfccAnswer, XfccCredentials, xfcc_credentials, xfcc_games, xfcc_login, xfcc_move};

/// An inbound message as a transport hands it over.
#[derive(Debug, Clone)]
pub struct Inbound {
    pub channel: Channel,
    /// The sender's address as the transport gives it.
    pub from: String,
    /// The transport's id of the message (Message-ID, PDU hash, frame id);
    /// `None` makes every submission a new message.
    pub transport_id: Option<String>,
    /// The message as received, kept as evidence.
    pub raw: Vec<u8>,
    /// The text to read (for email, the body the transport extracted).
    pub text: String,
    /// What the transport could tell about the sender.
    pub auth: Auth,
    /// What the operator decided about inbound messages.
    pub rules: Rules,
}

/// What the operator decided about inbound messages, on every channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// How long a held message waits for its code. `None` turns the
    /// confirmation loop off: a message that could not be authenticated,
    /// from a player without a PIN, is refused instead of held.
    pub confirm_within: Option<jiff::SignedDuration>,
    /// Replies per sender address and hour that answer no game line of a
    /// player (help, "which game?", PIN refusals, confirmation codes,
    /// anything to a non-player): past it they are withheld, so no robot
    /// and no forger can make a flood of mail. A player's notices and the
    /// answers to their game lines are never withheld.
    pub replies_per_hour: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            confirm_within: Some(jiff::SignedDuration::from_hours(hold::HOLD_HOURS)),
            replies_per_hour: 10,
        }
    }
}

/// What a transport could tell about a message's sender.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Auth {
    /// Nothing was checked (an input with no check configured, the
    /// operator's own `submit`): a player's PIN is asked as always.
    Unchecked,
    /// A check the operator trusts passed (an aligned DKIM or DMARC pass
    /// from their own server): no PIN is asked, so no PIN lock, which a
    /// forger's failures may have set, can refuse it. Says which check.
    Vouched(String),
    /// The check failed, or the policy requires PINs: read only with the
    /// player's PIN. Says why, for the record.
    Unverified(String),
}

/// What happened to a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Processed {
    pub journal_id: JournalId,
    /// Delivered before and already processed: nothing new was done.
    pub duplicate: bool,
    /// The replies this message queued to be sent.
    pub replies: Vec<Outgoing>,
    /// What was done now (none for a duplicate).
    pub steps: Vec<Step>,
    /// What was done, as journaled: `; `-separated steps such as
    /// `game 3: ply 5 e2e4 applied` or `refused: wrong PIN`.
    pub outcome: String,
}

impl Processed {
    /// Moves this message applied (conditional replies included).
    pub fn moves_applied(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Applied { .. }))
            .count()
    }

    /// Steps this message had refused.
    pub fn refusals(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Refused(_) | Step::RefusedInGame { .. }))
            .count()
    }
}

/// Processes one inbound message, committed at once.
pub fn submit(store: &mut Store, msg: &Inbound, now: Timestamp) -> Result<Processed> {
    alone(store, |b| b.submit(msg, now))
}

/// Journals and processes one message with the text of a PGN file attached
/// to it, committed at once: see [`Batch::submit_with_pgn`].
pub fn submit_with_pgn(
    store: &mut Store,
    msg: &Inbound,
    pgn: Option<&str>,
    now: Timestamp,
) -> Result<Processed> {
    alone(store, |b| b.submit_with_pgn(msg, pgn, now))
}

/// Several inbound messages in one transaction (group commit): each in its
/// own savepoint, so a message whose processing fails is undone alone and
/// journaled with its error, and one commit, one fsync, makes them all
/// durable. Nothing of a batch may be acknowledged to a transport before
/// [`batch`] has returned Ok: until then a crash loses the whole batch, and
/// every message of it comes again.
pub struct Batch<'s> {
    tx: Tx<'s>,
    /// Why the transaction can no longer be committed (a write outside a
    /// message's own work failed): set once, and the batch is abandoned.
    broken: std::cell::OnceCell<String>,
}

/// Runs `work` on a batch and commits it; Err when nothing of it was
/// committed (a failed commit, or a broken batch), so that nothing may be
/// acknowledged. A message's own failure is in `work`'s value, journaled.
pub fn batch<T>(store: &mut Store, work: impl FnOnce(&Batch<'_>) -> T) -> Result<T> {
    let batch = Batch {
        tx: store.write()?,
        broken: std::cell::OnceCell::new(),
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
fn alone<T>(store: &mut Store, work: impl FnOnce(&Batch<'_>) -> Result<T>) -> Result<T> {
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
            tx.mark_failed(id, error, now, retry)?;
            if let Some(entry) = tx.reply(id)?.filter(|e| e.failed_at.is_some()) {
                let mut ctx = Ctx::unprompted(tx, Actor::System, now);
                ctx.undeliverable(&entry, error)?;
                ctx.flush()?;
            }
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
            ctx.pgn = pgn.map(str::to_string);
            ctx.process((msg.channel, sender), &msg.text, &msg.auth)
        })
    }

    /// Journals a message that is not to be read, answering it if `why`
    /// says so.
    pub fn set_aside(&self, msg: &Inbound, why: &Aside, now: Timestamp) -> Result<Processed> {
        self.handle(msg, now, |ctx, sender| {
            match why {
                Aside::Ignored(reason) => ctx.steps.push(Step::Ignored(reason.clone())),
                Aside::TooLarge { size, limit } => {
                    let player = ctx.tx.player_by_address(msg.channel, sender)?;
                    let notice = Notice::TooLarge { limit: *limit };
                    ctx.reply_to_sender(player.as_ref(), None, &notice)?;
                    ctx.steps.push(Step::Refused(Refusal::TooLarge {
                        size: *size,
                        limit: *limit,
                    }));
                }
            }
            Ok(())
        })
    }

    /// Journals a report that one of our replies was not delivered (a
    /// bounce), and gives that reply up: see [`delivery_failed`]. `reply`
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
                Some(entry) => ctx.undeliverable(&entry, &format!("bounced: {diagnostic}")),
                None => {
                    ctx.steps
                        .push(Step::Ignored("delivery report matching no reply".into()));
                    Ok(())
                }
            }
        })
    }

    /// Journals a message and runs `work` on it in its own savepoint; a
    /// message already processed changes nothing.
    fn handle(
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
        let mut ctx = Ctx {
            journal_id: Some(journal_id),
            rules: msg.rules,
            ..Ctx::unprompted(tx, actor, now)
        };
        let processed = work(&mut ctx, &sender).and_then(|()| ctx.flush());
        let steps = std::mem::take(&mut ctx.steps);
        let outcome = steps::journal_text(&steps);
        match processed {
            // Every reply this context queued answers this message.
            Ok(replies) => {
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

/// Why a message is kept as evidence but not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Aside {
    /// Machine mail (an auto-reply, a list, a delivery report) or no mail
    /// at all: never answered, so two robots cannot loop. Says why.
    Ignored(String),
    /// Over the size limit: answered with a short refusal.
    TooLarge { size: usize, limit: usize },
}

/// Journals a message that is not to be read, committed at once: see
/// [`Batch::set_aside`].
pub fn set_aside(
    store: &mut Store,
    msg: &Inbound,
    why: &Aside,
    now: Timestamp,
) -> Result<Processed> {
    alone(store, |b| b.set_aside(msg, why, now))
}

/// Journals a bounce, committed at once: see [`Batch::bounced`].
pub fn bounced(
    store: &mut Store,
    msg: &Inbound,
    reply: Option<ReplyId>,
    diagnostic: &str,
    now: Timestamp,
) -> Result<Processed> {
    alone(store, |b| b.bounced(msg, reply, diagnostic, now))
}

/// The sheet of a game as one recipient reads it: their notation and
/// language (English SAN if not a player), the board from their side, the
/// game as it stands now.
fn sheet(
    game: &Loaded,
    (white, black): &Names,
    (notation, lang): (Notation, Lang),
    side: Color,
    position: SheetPosition,
) -> Sheet {
    Sheet {
        white: white.clone(),
        black: black.clone(),
        board: reply::board(&game.record.pos, side, lang),
        record: movetext(game, notation, lang),
        legend: reply::legend(lang),
        subject: None,
        position: Some(position),
    }
}

/// The position a game's sheets picture, the same whoever reads them.
fn sheet_position(game: &Loaded) -> SheetPosition {
    SheetPosition {
        fen: shakmaty::fen::Fen::from_position(&game.record.pos, shakmaty::EnPassantMode::Legal)
            .to_string(),
        last_move: game
            .record
            .moves
            .last()
            .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
        black: game.row.black.0,
    }
}

/// The names of a game's players: (White, Black).
type Names = (String, String);

/// `name_of` reads a player's name: a transaction's reads it from the
/// players it read already.
fn names(
    name_of: impl Fn(PlayerId) -> store::Result<Option<String>>,
    game: &Loaded,
) -> store::Result<Names> {
    let name = |id: PlayerId| -> store::Result<String> {
        Ok(name_of(id)?.unwrap_or_else(|| format!("player {id}")))
    };
    Ok((name(game.row.white)?, name(game.row.black)?))
}

/// Records a failed attempt to send a reply. A temporary failure is retried
/// with backoff; a permanent one, or the last attempt, gives the reply up:
/// the recipient's other addresses are tried, the director gets an
/// incident, and a move notice that never arrived starts no clock.
pub fn delivery_failed(
    store: &mut Store,
    id: ReplyId,
    error: &str,
    permanent: bool,
    retry: store::Retry,
    now: Timestamp,
) -> Result<()> {
    alone(store, |b| {
        b.delivery_failed(id, error, permanent, retry, now)
    })
}

/// A game loaded with its moves replayed.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub row: GameRow,
    pub moves: Vec<MoveRow>,
    pub record: Record,
}

/// Loads a game and replays its moves: the one way the service and the
/// command line read a game. A record that does not replay is an error.
pub fn load_game(source: &impl GameSource, id: GameId) -> store::Result<Option<Loaded>> {
    match source.store().game(id)? {
        Some(row) => replayed(source, row).map(Some),
        None => Ok(None),
    }
}

/// A game whose row is read already, with its moves replayed (only those
/// played since the game was last read, see [`positions`]).
pub(super) fn replayed(source: &impl GameSource, row: GameRow) -> store::Result<Loaded> {
    let id = row.id;
    let moves = source.moves_of(id)?;
    let record = positions::replay(id, row.start_fen.as_deref(), &moves)
        .map_err(|e| store::StoreError::Unreadable(format!("game {id}: {e}")))?;
    Ok(Loaded { row, moves, record })
}

impl Loaded {
    pub(super) fn color_of(&self, player: PlayerId) -> Color {
        if self.row.white == player {
            Color::White
        } else {
            Color::Black
        }
    }

    pub(super) fn opponent_id(&self, player: PlayerId) -> PlayerId {
        if self.row.white == player {
            self.row.black
        } else {
            self.row.white
        }
    }
}

/// The main line in the player's notation ([`record_text`]).
pub(super) fn movetext(game: &Loaded, notation: Notation, lang: Lang) -> String {
    let result = game.row.result.map(|r| r.to_string());
    record_text::record_text(game.row.id, &game.record, result.as_deref(), notation, lang)
}

/// A player's preferred channel and address: the preferred channel if they
/// have an address there, else their first address.
pub fn reply_address(player: &Player) -> Option<(Channel, String)> {
    player
        .reply_via
        .and_then(|c| player.addresses.iter().find(|(ch, _)| *ch == c).cloned())
        .or_else(|| player.addresses.first().cloned())
}

/// A text diagram of the position, White at the bottom.
pub fn diagram(pos: &Chess) -> String {
    use shakmaty::{File, Rank, Square};
    let board = pos.board();
    // Pushed a character at a time: every email reply carries one.
    let mut out = String::with_capacity(8 * 18 + 17);
    for rank in Rank::ALL.into_iter().rev() {
        out.push(rank.char());
        out.push(' ');
        for file in File::ALL {
            out.push(
                board
                    .piece_at(Square::from_coords(file, rank))
                    .map_or('.', |p| p.char()),
            );
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h");
    out
}
