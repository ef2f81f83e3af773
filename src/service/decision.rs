//! A rule's decision as a value: what to write, the incident to record,
//! which notices go to whom and what the journal says. Rules compute it from
//! the loaded game, the sender and the line (reading the store where they
//! must, never writing it); [`Ctx::apply`](super::ctx::Ctx::apply) carries
//! it out in the transaction, in this order (see `apply.rs`).

use jiff::Timestamp;
use shakmaty::{Chess, Color, Move};

use super::Loaded;
use super::notice::Notice;
use super::steps::{Refusal, Step};
use crate::event::standings::Rules as Scoring;
use crate::game::clock::TimeControl;
use crate::game::outcome::{GameResult, Termination};
use crate::notation::{Lang, Notation};
use crate::protocol::address::Channel;
use crate::protocol::grammar::ParsedLine;
use crate::store::{
    self, BridgeId, EventId, GameId, IncidentKind, NewReply, OutboundState, Player, PlayerId,
    ReplyId,
};

/// A write a decision asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Write {
    DrawOffer {
        game: GameId,
        by: Option<Color>,
    },
    /// Days charged under the event's illegal-move policy.
    Penalty {
        game: GameId,
        player: PlayerId,
        days: u32,
        reason: String,
    },
    Notation(PlayerId, Notation),
    Lang(PlayerId, Lang),
    /// A PIN tried from an address: failures there count up and lock it
    /// on that address until the given time.
    PinAttempt {
        player: PlayerId,
        channel: Channel,
        address: String,
        ok: bool,
        locked_until: Option<Timestamp>,
    },
    /// A player's conditional pairs for a game (none: dropped).
    Conditionals {
        game: GameId,
        player: PlayerId,
        pairs: Vec<(String, String)>,
    },
    /// A move played at `ply`, kept as written and read in `notation`.
    Move {
        game: GameId,
        ply: u32,
        mv: Move,
        written: String,
        notation: Notation,
    },
    /// A leave granted.
    Leave(PlayerId, crate::game::clock::Leave),
    /// A leave ended early (its last day).
    LeaveUntil(store::LeaveId, jiff::civil::Date),
    /// The reminder for the move at `ply` sent.
    Reminded {
        game: GameId,
        ply: u32,
    },
    /// The moves after `ply` removed; a finished game is active again.
    TakeBack {
        game: GameId,
        ply: u32,
        reopen: bool,
    },
    /// A result the director decided (the players get their own notice,
    /// not the one of a game that ends by play).
    Adjudicated {
        game: GameId,
        result: GameResult,
        reason: String,
    },
    /// A reply given up on.
    GiveUp {
        reply: ReplyId,
        why: String,
    },
    /// A reply given up on, sent again to another address as it was
    /// (its text already rendered, its sheet as decided then).
    SendAgain {
        /// Boxed: a reply with its sheet is far larger than any other write.
        reply: Box<NewReply>,
        /// The notation and language of its sheet, if one is still to be
        /// drawn.
        viewer: (Notation, Lang),
    },
    /// The director's action in the audit trail, about a game, a player
    /// or both.
    Audit {
        game: Option<GameId>,
        player: Option<PlayerId>,
        action: AuditAction,
        reason: String,
        detail: String,
    },
    /// A player's notation, language, reply channel and time zone.
    Profile(PlayerId, store::Profile),
    /// A player's addresses on one channel replaced (normalised).
    Addresses {
        player: PlayerId,
        channel: Channel,
        addresses: Vec<String>,
    },
    /// A player's PIN set (its hash) or cleared, failures forgotten.
    Pin(PlayerId, Option<String>),
    /// A player's Xfcc password set (its hash) or removed, failures forgotten.
    XfccPassword(PlayerId, Option<String>),
    /// A player removed (deleted, or retired if they have a record).
    RemovePlayer(PlayerId),
    /// A reply given up on, due again now with a fresh count of attempts.
    Retry(ReplyId),
    /// The director's ruling on an incident, and who was told.
    Ruling {
        incident: i64,
        text: String,
        told: String,
    },
    /// The player's move at remote `ply` (0 for White's first), queued for
    /// the remote server of a bridged game with the move itself.
    Outbound {
        bridge: BridgeId,
        ply: u32,
        san: String,
    },
    /// A remote ply the mirror now has.
    BridgePly {
        bridge: BridgeId,
        ply: u32,
        san: String,
    },
    /// The state of the move queued for the remote at `ply`.
    OutboundState {
        bridge: BridgeId,
        ply: u32,
        state: OutboundState,
        reason: Option<String>,
    },
    /// The remote contradicts the mirror: nothing more is sent.
    Diverged(BridgeId),
    /// A remote game seen for the first time: its mirror, a game between
    /// the player and a player without addresses named `opponent`.
    Mirror(Box<NewMirror>),
    /// An event with its seats and all its games.
    Event(Box<NewEvent>),
    /// A player withdrawn from an event (refused if done already).
    Withdraw {
        event: EventId,
        player: PlayerId,
        /// The player's and the event's names, for the refusal.
        names: (String, String),
    },
    /// The clock sweep ran, holding forfeits since then if given.
    Sweep {
        held_since: Option<Timestamp>,
    },
    /// A message held for confirmation until `expires`.
    Hold {
        player: PlayerId,
        code: String,
        text: String,
        expires: Timestamp,
    },
    /// A hold closed, confirmed or expired.
    CloseHold {
        hold: i64,
        how: &'static str,
    },
    /// A failed attempt to send a reply.
    SendFailed {
        reply: ReplyId,
        error: String,
        retry: store::Retry,
    },
    /// A director added with a password's hash.
    Director {
        name: String,
        hash: String,
    },
    /// A director removed, their sessions ended (not found if there is none).
    RemoveDirector(String),
    /// A login tried from an address, and whether it opened.
    Login {
        name: String,
        address: String,
        ok: bool,
    },
    /// A director's or a player's session opened (the token's hash, its
    /// form token).
    Session {
        of: store::SessionOf,
        token_hash: Vec<u8>,
        csrf: String,
        expires: Timestamp,
    },
    /// The session of a token's hash ended.
    EndSession(Vec<u8>),
    /// A web sign-in code sent to an address (its hash), replacing the one
    /// waiting there.
    WebCode {
        player: PlayerId,
        channel: Channel,
        address: String,
        code_hash: String,
        expires: Timestamp,
    },
    /// The code waiting at an address used up.
    SpendWebCode {
        channel: Channel,
        address: String,
    },
}

/// A remote game's mirror as a decision creates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct NewMirror {
    /// The remote: the service's address, the account, the game's id.
    pub(super) remote: (String, String, i64),
    pub(super) player: PlayerId,
    /// The opponent's name here (created without addresses if new).
    pub(super) opponent: String,
    /// Whether the player has White.
    pub(super) white: bool,
    pub(super) fen: Option<String>,
}

/// An event as a decision creates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct NewEvent {
    pub(super) name: String,
    pub(super) rules: Scoring,
    pub(super) double: bool,
    pub(super) time_control: TimeControl,
    /// In seat order.
    pub(super) players: Vec<PlayerId>,
    /// Each game: White's and Black's seats (from 0), round and board.
    pub(super) games: Vec<((usize, usize), (u32, u32))>,
    /// When the games' clocks start.
    pub(super) start: Timestamp,
    pub(super) penalty_days: u32,
    pub(super) duplication_after: Option<u32>,
}

/// An incident a decision records.
#[derive(Debug, Clone)]
pub(super) struct Incident {
    /// The game it concerns (it may not be the sender's).
    pub(super) game: Option<GameId>,
    pub(super) kind: IncidentKind,
    pub(super) detail: String,
    /// The protocol line concerned.
    pub(super) text: Option<String>,
    /// The position the line was judged in.
    pub(super) pos: Option<Chess>,
    pub(super) player: Option<PlayerId>,
}

impl Incident {
    /// An incident of this kind, for no game and no line in particular.
    pub(super) fn about(kind: IncidentKind, detail: String) -> Incident {
        Incident {
            game: None,
            kind,
            detail,
            text: None,
            pos: None,
            player: None,
        }
    }
}

/// Who a notice goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum To {
    /// Whoever acts (the message's sender), as this player if registered.
    Sender(Option<Player>),
    /// A player, on their preferred channel.
    Player(Player),
    /// A player told of the opponent's move at `ply`, on their preferred
    /// channel: its delivery starts their clock.
    Opponent(Player, u32),
}

/// What a rule decided.
#[derive(Debug, Clone, Default)]
pub(super) struct Decision {
    /// The game its notices are about (they carry the game's sheet).
    pub(super) game: Option<GameId>,
    pub(super) writes: Vec<Write>,
    pub(super) incident: Option<Incident>,
    pub(super) notices: Vec<(To, Notice)>,
    /// The game ends so (both players are told).
    pub(super) finish: Option<(GameResult, Termination)>,
    pub(super) step: Option<Step>,
}

impl Decision {
    /// A decision about `game`.
    pub(super) fn about(game: GameId) -> Decision {
        Decision {
            game: Some(game),
            ..Decision::default()
        }
    }

    pub(super) fn write(mut self, w: Write) -> Decision {
        self.writes.push(w);
        self
    }

    pub(super) fn tell(mut self, to: To, notice: Notice) -> Decision {
        self.notices.push((to, notice));
        self
    }

    pub(super) fn step(mut self, step: Step) -> Decision {
        self.step = Some(step);
        self
    }

    pub(super) fn finish(mut self, result: GameResult, reason: Termination) -> Decision {
        self.finish = Some((result, reason));
        self
    }

    /// A message or line refused before any game of the sender's is
    /// concerned: the incident, the notice to the sender, the step.
    pub(super) fn refused(
        player: Option<&Player>,
        incident: Incident,
        notice: Notice,
        why: Refusal,
    ) -> Decision {
        Decision {
            incident: Some(Incident {
                player: player.map(|p| p.id),
                ..incident
            }),
            step: Some(Step::Refused(why)),
            ..Decision::default()
        }
        .tell(To::Sender(player.cloned()), notice)
    }

    /// A refusal about a game: the incident with the position it was judged
    /// in, the notice to the sender, and the journal's step.
    pub(super) fn refusal(
        game: &Loaded,
        player: &Player,
        line: &ParsedLine,
        kind: IncidentKind,
        detail: String,
        notice: Notice,
    ) -> Decision {
        Decision {
            incident: Some(Incident {
                game: Some(game.row.id),
                kind,
                detail: detail.clone(),
                text: Some(line.text.clone()),
                pos: Some(game.record.pos.clone()),
                player: Some(player.id),
            }),
            step: Some(Step::RefusedInGame {
                game: game.row.id,
                kind,
                why: detail,
            }),
            ..Decision::about(game.row.id)
        }
        .tell(To::Sender(Some(player.clone())), notice)
    }
}

/// Games and players for the rules' unit tests, built without a store.
#[cfg(test)]
pub(super) mod fixture {
    use compact_str::ToCompactString;
    use jiff::Timestamp;
    use shakmaty::Move;
    use shakmaty::uci::UciMove;

    use super::super::Loaded;
    use crate::game::clock::TimeControl;
    use crate::game::rules::Record;
    use crate::notation::{Lang, Notation};
    use crate::protocol::address::Channel;
    use crate::store::{GameId, GameRow, MoveRow, Player, PlayerId};

    /// A player, writing SAN in English.
    pub(crate) fn player(id: i64, name: &str) -> Player {
        Player {
            id: PlayerId(id),
            name: name.to_string(),
            notation: Notation::San,
            lang: Lang::En,
            reply_via: None,
            tz: "UTC".to_string(),
            pin_hash: None,
            confirm_sms: false,
            removed_at: None,
            addresses: vec![(Channel::Email, format!("{name}@example.org"))],
        }
    }

    /// Game 1 between players 1 (White) and 2 (Black) after `moves` (UCI).
    pub(crate) fn game(moves: &[&str]) -> Loaded {
        let row = GameRow {
            id: GameId(1),
            white: PlayerId(1),
            black: PlayerId(2),
            start_fen: None,
            time_control: TimeControl::Unlimited,
            finished: false,
            result: None,
            reason: None,
            draw_offer: None,
            created_at: Timestamp::UNIX_EPOCH,
            finished_at: None,
            penalty_days: 0,
            duplication_after: None,
        };
        let record = Record::replay(None, moves.iter().copied()).expect("legal moves");
        let moves = moves
            .iter()
            .zip(1..)
            .map(|(uci, ply)| MoveRow {
                ply,
                uci: uci.to_compact_string(),
                raw: uci.to_compact_string(),
                notation: Notation::Uci.name().into(),
                received_at: Timestamp::UNIX_EPOCH,
                delivered_at: None,
                journal_id: None,
            })
            .collect();
        Loaded { row, moves, record }
    }

    /// `uci` as a move in the game's position.
    pub(crate) fn mv(game: &Loaded, uci: &str) -> Move {
        uci.parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&game.record.pos).ok())
            .expect("a legal move")
    }
}

/// What a director did, as the audit trail names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditAction {
    Adjudicate,
    Overrule,
    Penalty,
    PlayerEdit,
    PlayerRemove,
    Remind,
    Retry,
    Ruling,
    Takeback,
    Withdraw,
}

impl AuditAction {
    pub const ALL: [AuditAction; 10] = [
        AuditAction::Adjudicate,
        AuditAction::Overrule,
        AuditAction::Penalty,
        AuditAction::PlayerEdit,
        AuditAction::PlayerRemove,
        AuditAction::Remind,
        AuditAction::Retry,
        AuditAction::Ruling,
        AuditAction::Takeback,
        AuditAction::Withdraw,
    ];

    /// The name the audit trail stores and the desk filters by.
    pub fn name(self) -> &'static str {
        match self {
            AuditAction::Adjudicate => "adjudicate",
            AuditAction::Overrule => "overrule",
            AuditAction::Penalty => "penalty",
            AuditAction::PlayerEdit => "player edit",
            AuditAction::PlayerRemove => "player remove",
            AuditAction::Remind => "remind",
            AuditAction::Retry => "retry",
            AuditAction::Ruling => "ruling",
            AuditAction::Takeback => "takeback",
            AuditAction::Withdraw => "withdraw",
        }
    }
}
