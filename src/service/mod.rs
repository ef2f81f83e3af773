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

mod apply;
mod attached;
mod batch;
mod bridge;
mod clock;
mod commands;
mod conditional;
mod ctx;
mod decision;
mod desk;
mod director;
mod dispute;
mod error;
mod event;
mod fallback;
mod flush;
pub use flush::pgn_file;
mod hold;
mod login;
mod moves;
pub mod name;
mod notice;
mod pin;
pub mod player_key;
mod positions;
mod record_text;
mod reply;
mod route;
mod steps;
pub mod triage;
mod web_play;
mod web_signin;
mod xfcc;

use jiff::Timestamp;
use shakmaty::{Chess, Color, Position};

use crate::game::rules::Record;
use crate::notation::{Lang, Notation};
use crate::protocol::address::Channel;
use crate::store::{
    self, GameId, GameRow, GameSource, JournalId, MoveRow, Outgoing, Player, PlayerId, ReplyId,
    Store,
};

// Each file of the service imports what it uses; these are its public names.
use batch::alone;
pub use batch::{Batch, batch};
pub use bridge::{Account, BridgeSend, Polled, bridge_poll, bridge_refused};
pub use clock::{
    DeadlineWhy, SweepReport, clock_explained, clock_of_color, days, days_per_move,
    effective_leaves, remind, sweep_clocks, with_penalty,
};
pub use commands::announce_language;
pub use ctx::Actor;
pub use decision::AuditAction;
pub use desk::{
    PlayerEdit, Removed, Ruled, Tell, add_player, dismiss_incident, edit_player, find_player,
    playing, remove_player, retry_reply, rule_incident,
};
pub use director::{adjudicate, penalize, takeback};
pub use error::{Result, SecretError, ServiceError};
pub use event::{EventSpec, start_event, withdraw};
pub use login::{
    Login, SignedIn, add_director, end_session, login, random_hex, remove_director, session,
};
pub use moves::read_players_move;
pub use name::{Name, NameError};
pub use notice::{ConditionalRefusal, GameChoice, HelpExamples, MoveNotice, MoveRefusal, Notice};
pub use pin::{hash_pin, hash_xfcc_password, pin_of_line};
pub use reply::{board, legend};
pub use route::MAX_LINES;
pub use steps::{GameStep, Refusal, Step};
pub use web_play::{web_message, web_text};
pub use web_signin::{
    CODE_MINUTES, WebSignIn, player_session, send_web_code, set_own_password, sign_in_with_code,
    sign_in_with_password,
};
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
    /// The games of ccgate's messages this one answers, nearest first (a
    /// mail's `In-Reply-To`, then its `References` from the newest): a line
    /// that names no game is about the first of them the sender plays.
    pub thread: Vec<GameId>,
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
    /// A web session, opened by a code sent to one of the player's
    /// addresses (channel `web` only): the player it names sent the
    /// message, whatever its `from`; no PIN is asked.
    SignedIn(PlayerId),
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

/// Why a message is kept as evidence but not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Aside {
    /// Machine mail (an auto-reply, a list, a delivery report) or no mail
    /// at all: never answered, so two robots cannot loop. Says why.
    Ignored(String),
    /// Over the size limit: answered with a short refusal.
    TooLarge { size: usize, limit: usize },
    /// A mail from `authors` authors, not one: no line of it can be taken
    /// as any one player's. The message's sender, when the mail names the
    /// one mailbox that sent it (`Sender:`), is told why; otherwise no one
    /// is, since any of the authors may be a forger's pick.
    SeveralAuthors { authors: usize, sender_named: bool },
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
