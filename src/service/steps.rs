//! What processing a message did, step by step: the journal's outcome text
//! is their [`Display`](fmt::Display), joined by `; `, and the metrics count
//! the variants.

use std::fmt;

use super::MAX_LINES;
use crate::game::attached::PgnUnused;
use crate::game::outcome::{GameResult, Termination};
use crate::notation::{Lang, Notation};
use crate::store::{GameId, IncidentKind, ReplyId};
use crate::xfcc::result::MoveResult;

/// One step of a message's processing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Kept as evidence, not read (machine mail, an unmatched report).
    Ignored(String),
    /// Refused before any game was concerned.
    Refused(Refusal),
    /// A line about a game refused, with the incident recorded.
    RefusedInGame {
        game: GameId,
        kind: IncidentKind,
        why: String,
    },
    Applied {
        game: GameId,
        ply: u32,
        uci: String,
    },
    /// The sender's last move came again: confirmed again, nothing applied.
    ConfirmedAgain {
        game: GameId,
        ply: u32,
    },
    GameOver {
        game: GameId,
        result: GameResult,
        reason: Termination,
    },
    /// A line about a finished game.
    AlreadyOver(GameId),
    /// A line that names no game, from a sender with no single candidate.
    NoGameReference,
    Help,
    /// A dispute recorded for the director (about this game, if any).
    Disputed(Option<GameId>),
    InGame(GameId, GameStep),
    NotationSet(Notation),
    LangSet(Lang),
    LeaveRequested(u32),
    /// The message is held for confirmation (hold id), for this reason.
    Held {
        hold: i64,
        why: String,
    },
    /// A hold's code came back: its message is read now.
    Confirmed {
        hold: i64,
    },
    Undeliverable {
        reply: ReplyId,
        next: String,
    },
    /// A reply past the hourly bound per sender, kept but not sent.
    Withheld {
        reply: ReplyId,
        to: String,
    },
    /// An Xfcc request answered with this result code (the response).
    Answered(MoveResult),
    /// What the Xfcc bridge did about a bridged game's remote server: a
    /// move sent, confirmed or refused there, the mirror opened or found
    /// contradicted.
    Remote {
        game: GameId,
        what: String,
    },
}

impl Step {
    /// The result code a journaled step text answered (`answered Success`):
    /// what a repeated Xfcc request is answered again.
    pub fn answered(text: &str) -> Option<MoveResult> {
        text.strip_prefix("xfcc answered ")
            .and_then(MoveResult::from_code)
    }
}

/// Why a message was refused before a game was concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    UnknownSender,
    /// A confirmation code that opens no hold, or an expired one.
    HoldExpired,
    /// A PIN missing, wrong or locked.
    Pin(&'static str),
    /// Not authenticated, no PIN to stand in, and no confirmation loop.
    Unauthenticated,
    NoProtocolLine,
    NotTheirGame(GameId),
    TooLarge {
        size: usize,
        limit: usize,
    },
    /// A mail with this many authors, not one (RFC 5322 §3.6.2).
    SeveralAuthors(usize),
    /// Lines past the bound on lines answered per message.
    TooManyLines {
        skipped: usize,
    },
    /// An attached PGN file that gave no move.
    PgnUnused(PgnUnused),
    /// `lang VALUE` naming no language.
    UnknownLanguage(String),
    /// `notation VALUE` naming no notation.
    UnknownNotation(String),
}

/// What a player's command did to a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameStep {
    DrawOffered,
    NoDrawOfferToAccept,
    DrawDeclined,
    BoardSent,
    RecordSent,
    ConditionalsStored(usize),
    ConditionalsDropped,
    /// The sender's words passed on to the opponent.
    MessageForwarded,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Ignored(why) => write!(f, "ignored: {why}"),
            Step::Refused(r) => write!(f, "refused: {r}"),
            Step::RefusedInGame { game, kind, why } => {
                write!(f, "game {game}: refused ({kind}): {why}")
            }
            Step::Applied { game, ply, uci } => write!(f, "game {game}: ply {ply} {uci} applied"),
            Step::ConfirmedAgain { game, ply } => {
                write!(f, "game {game}: move {ply} confirmed again")
            }
            Step::GameOver {
                game,
                result,
                reason,
            } => write!(f, "game {game} over: {result} ({reason})"),
            Step::AlreadyOver(game) => write!(f, "game {game} is over"),
            Step::NoGameReference => f.write_str("no game reference"),
            Step::Help => f.write_str("help"),
            Step::Disputed(Some(game)) => write!(f, "game {game}: disputed, for the director"),
            Step::Disputed(None) => f.write_str("disputed, for the director"),
            Step::InGame(game, step) => write!(f, "game {game}: {step}"),
            Step::NotationSet(n) => write!(f, "notation set to {n}"),
            Step::LangSet(l) => write!(f, "language set to {l}"),
            Step::LeaveRequested(days) => write!(f, "leave of {days} days requested"),
            Step::Held { hold, why } => write!(f, "held for confirmation as hold {hold} ({why})"),
            Step::Confirmed { hold } => write!(f, "hold {hold} confirmed"),
            Step::Undeliverable { reply, next } => write!(f, "reply {reply} undeliverable; {next}"),
            Step::Withheld { reply, to } => {
                write!(f, "reply {reply} to {to} withheld: hourly bound reached")
            }
            Step::Answered(result) => write!(f, "xfcc answered {result}"),
            Step::Remote { game, what } => write!(f, "game {game}: remote {what}"),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::UnknownSender => f.write_str("unknown sender"),
            Refusal::HoldExpired => f.write_str("confirmation code unknown, used or expired"),
            Refusal::Pin(why) => f.write_str(why),
            Refusal::Unauthenticated => {
                f.write_str("sender not authenticated (no PIN, no confirmation loop)")
            }
            Refusal::NoProtocolLine => f.write_str("no protocol line, help sent"),
            Refusal::UnknownLanguage(code) => write!(f, "no language has the code {code:?}"),
            Refusal::UnknownNotation(name) => write!(f, "no notation is called {name:?}"),
            Refusal::NotTheirGame(game) => write!(f, "game {game} is not the sender's"),
            Refusal::TooLarge { size, limit } => {
                write!(f, "{size} bytes, over the {limit} limit")
            }
            Refusal::SeveralAuthors(n) => write!(f, "{n} authors in From, not one"),
            Refusal::PgnUnused(why) => write!(f, "attached PGN not used: {}", pgn_unused(*why)),
            Refusal::TooManyLines { skipped } => {
                write!(
                    f,
                    "{skipped} lines past the {MAX_LINES} answered per message"
                )
            }
        }
    }
}

/// Why an attached PGN was not used, for the journal (the reply words it
/// in the player's language).
fn pgn_unused(why: PgnUnused) -> String {
    match why {
        PgnUnused::Unreadable => "no game could be read".into(),
        PgnUnused::NoGame => "not one of the sender's games in play".into(),
        PgnUnused::NoNewMove => "no move beyond the stored game".into(),
        PgnUnused::TooManyMoves(n) => format!("{n} moves beyond the stored game"),
        PgnUnused::NotYourMove => "the move it adds is the opponent's".into(),
    }
}

impl fmt::Display for GameStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameStep::DrawOffered => f.write_str("draw offered"),
            GameStep::NoDrawOfferToAccept => f.write_str("no draw offer to accept"),
            GameStep::DrawDeclined => f.write_str("draw declined"),
            GameStep::BoardSent => f.write_str("board sent"),
            GameStep::RecordSent => f.write_str("record sent"),
            GameStep::ConditionalsStored(n) => write!(f, "{n} conditional pairs stored"),
            GameStep::ConditionalsDropped => f.write_str("conditional moves dropped"),
            GameStep::MessageForwarded => f.write_str("message forwarded"),
        }
    }
}

/// The journal's outcome text of these steps.
pub fn journal_text(steps: &[Step]) -> String {
    if steps.is_empty() {
        return "nothing".to_string();
    }
    let texts: Vec<String> = steps.iter().map(Step::to_string).collect();
    texts.join("; ")
}
