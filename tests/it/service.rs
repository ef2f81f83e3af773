//! The game service end to end, through `service::submit` and the store,
//! one file a subject: whole games between players of different notations,
//! languages and channels; every refusal; who may move; repeated messages;
//! lines without a game reference; conditional moves; every way a game ends;
//! clocks and leave under a controlled time; the outbox. The world they
//! share (store, test clock, sample players) is `support::world`.
//!
//! Every test of the game service stays under `service::`: the CI runs them a
//! second time on PostgreSQL with `-- --include-ignored service::`.

// The prelude of every file below (`use super::*`).
use ccgate::game::rules::Record;
use ccgate::notation::movetext::{MovetextOptions, read_games};
use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use ccgate::protocol::l10n::{self, Form, Reader};
use ccgate::service::{self, Auth, Inbound, Processed};
use ccgate::store::{self, GameId, NewPlayer, PlayerId};
use jiff::{SignedDuration, Timestamp};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use crate::support::chess::number_of;
use crate::support::world::*;

/// Who may move: the PIN, its lock and the confirmation loop.
mod auth;
/// Replies kept within bounds.
mod bounds;
/// Clocks, reminders, forfeits and leave.
mod clocks;
/// Conditional moves.
mod conditional;
/// Every way a game ends.
mod endings;
/// Whole real games between notations, languages and channels.
mod games;
/// Lines meant as protocol that are not.
mod mistakes;
/// The outbox as the transports use it.
mod outbox;
/// Every refusal of a move, with its evidence.
mod refusals;
/// Repeated messages.
mod repeats;
/// Lines without a game reference.
mod without_reference;

/// Group commit: several messages in one transaction.
mod batch;
/// Bridged Xfcc games through the service.
mod bridge;
/// Events: a section played to the end through the service.
mod event;
/// A reply given up, tried once at each other address.
mod fallback;
/// Games kept replayed between messages: never a stale position.
mod positions;
/// The golden corpus of replies, every language and channel.
mod replies;
/// True replies: one notice per event, written for the channel.
mod true_replies;
