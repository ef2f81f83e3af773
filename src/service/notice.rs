//! What the service tells people, as values: every notice with its fields,
//! rendered into a language in one place ([`Notice::render`]), when the
//! transaction that decides it runs.

use shakmaty::Color;

use crate::game::attached::PgnUnused;
use crate::game::clock::LeaveError;
use crate::game::outcome::{GameResult, MoveNumber, Termination};
use crate::game::rules::Claim;
use crate::notation::{Lang, Notation, ReadError};
use crate::protocol::l10n::{self, Args, plain, text};
use crate::store::GameId;

/// A notice to one recipient. Moves are written in the recipient's notation
/// by whoever decides the notice; everything else is rendered here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    UnknownSender,
    /// A message from an address that could not be authenticated, held
    /// until the owner of the address sends `code` back within `hours`.
    Held {
        code: String,
        hours: i64,
    },
    /// A confirmation code that opens no hold.
    HoldExpired,
    BadPin,
    /// A message that could not be authenticated, refused: the player has
    /// no PIN and the confirmation loop is off.
    Unauthenticated,
    Help,
    /// An attached PGN file gave no move: why.
    PgnUnused(PgnUnused),
    /// A message over the size limit (in bytes).
    TooLarge {
        limit: usize,
    },
    /// A message with more lines than one message may have answered: the
    /// first `limit` were, `skipped` were not.
    TooManyLines {
        limit: usize,
        skipped: usize,
    },
    NotYourGame {
        game: GameId,
    },
    /// The sender's active games, none of which the line could mean.
    WhichGame {
        games: Vec<GameId>,
    },
    GameFinished {
        game: GameId,
        result: Option<GameResult>,
    },
    NotYourTurn {
        game: GameId,
        text: String,
    },
    WrongNumber {
        game: GameId,
        text: String,
        expected: MoveNumber,
    },
    Desync {
        game: GameId,
        text: String,
        record: String,
    },
    /// A move not applied: why, the moves it may have meant, and the
    /// penalty days it cost under the event's policy.
    Refused {
        game: GameId,
        text: String,
        reason: MoveRefusal,
        did_you_mean: Vec<String>,
        penalty_days: Option<u32>,
    },
    /// A move confirmed to its sender.
    Confirm(MoveNotice),
    /// A move announced to the opponent, perhaps with a draw offer.
    YourMove {
        notice: MoveNotice,
        draw_offered: bool,
    },
    GameOver {
        game: GameId,
        result: GameResult,
        reason: Termination,
    },
    DrawOffered {
        game: GameId,
        opponent: String,
    },
    DrawDeclined {
        game: GameId,
        opponent: String,
    },
    NoDrawOffer {
        game: GameId,
    },
    /// A draw claim the position does not support; the claim as made.
    ClaimRefused {
        game: GameId,
        claim: Option<Claim>,
    },
    Board {
        game: GameId,
        fen: String,
        turn: Color,
        code: String,
        /// The diagram, for channels with room for it.
        diagram: Option<String>,
    },
    Record {
        game: GameId,
        record: String,
    },
    NotationSet(Notation),
    /// Rendered in the language it sets.
    LangSet(Lang),
    LeaveGranted {
        from: String,
        until: String,
        left: i64,
    },
    LeaveRefused {
        reason: LeaveError,
    },
    ConditionalStored {
        game: GameId,
        /// Each pair as the player writes it: `Nf6 Bg5`.
        pairs: Vec<String>,
    },
    ConditionalPlayed {
        game: GameId,
        number: MoveNumber,
        mv: String,
    },
    ConditionalDropped {
        game: GameId,
        opponent: String,
        mv: String,
    },
    ConditionalRefused {
        game: GameId,
        reason: ConditionalRefusal,
    },
    Reminder {
        game: GameId,
        days: i64,
    },
    TakenBack {
        game: GameId,
        ply: u32,
        reason: String,
    },
    Adjudicated {
        game: GameId,
        result: GameResult,
        reason: String,
    },
    /// An event begins: every game of the recipient, at once; `start` is
    /// the date its clocks start when that is later than today.
    EventStarted {
        event: String,
        time: String,
        start: Option<String>,
        games: Vec<EventGameNotice>,
    },
    /// The director ruled on an incident.
    Ruling {
        incident: i64,
        ruling: String,
    },
    /// An opponent withdrew from an event; these games were scored.
    Withdrawn {
        event: String,
        player: String,
        games: Vec<(GameId, GameResult)>,
    },
}

/// Why a move line was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveRefusal {
    /// The move is not exactly one legal move.
    Read(ReadError),
    /// More moves on the line than one's own and the opponent's last.
    OneMovePerLine,
}

/// Why conditional moves were refused (all of them, with the first reason).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConditionalRefusal {
    /// The sender is to move: conditional moves come after one's own.
    YourMove,
    /// A numbered move whose number is not the one it would have.
    WrongNumber { text: String, number: MoveNumber },
    /// A move that is not legal where it would be played.
    Unreadable { text: String, error: ReadError },
}

/// One game of an event's start as its notice tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventGameNotice {
    pub game: GameId,
    pub white: bool,
    pub opponent: String,
}

/// A move as its notices tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveNotice {
    pub game: GameId,
    pub number: MoveNumber,
    /// In the recipient's notation.
    pub mv: String,
    pub iccf: String,
    /// The check code of the position after the move.
    pub code: String,
    /// The other player, by name.
    pub opponent: String,
}

impl MoveNotice {
    fn args(&self) -> Args<'static> {
        Args::new()
            .str("game", self.game.to_string())
            .str("number", self.number.to_string())
            .str("move", self.mv.clone())
            .str("iccf", self.iccf.clone())
            .str("code", self.code.clone())
            .str("opponent", self.opponent.clone())
    }
}

impl MoveRefusal {
    pub fn render(&self, lang: Lang) -> String {
        match self {
            MoveRefusal::Read(e) => l10n::read_error(lang, e),
            MoveRefusal::OneMovePerLine => plain(lang, "one-move-per-line"),
        }
    }
}

impl ConditionalRefusal {
    pub fn render(&self, lang: Lang) -> String {
        match self {
            ConditionalRefusal::YourMove => plain(lang, "conditional-your-move"),
            ConditionalRefusal::WrongNumber { text: t, number } => text(
                lang,
                "conditional-wrong-number",
                &Args::new()
                    .str("text", t.clone())
                    .str("number", number.to_string()),
            ),
            ConditionalRefusal::Unreadable { text: t, error } => text(
                lang,
                "conditional-unreadable",
                &Args::new()
                    .str("text", t.clone())
                    .str("reason", l10n::read_error(lang, error)),
            ),
        }
    }
}

/// Arguments naming a game.
fn game(id: &GameId) -> Args<'static> {
    Args::new().str("game", id.to_string())
}

impl Notice {
    /// The notice's text in `lang`, from the language's catalogue
    /// (`locales/<lang>/ccgate.ftl`).
    pub fn render(&self, lang: Lang) -> String {
        let t = |id: &str, args: Args<'_>| text(lang, id, &args);
        match self {
            Notice::UnknownSender => plain(lang, "unknown-sender"),
            Notice::Held { code, hours } => t(
                "held",
                Args::new().str("code", code.clone()).num("hours", *hours),
            ),
            Notice::HoldExpired => plain(lang, "hold-expired"),
            Notice::BadPin => plain(lang, "bad-pin"),
            Notice::Unauthenticated => plain(lang, "unauthenticated"),
            Notice::Help => plain(lang, "help"),
            Notice::PgnUnused(why) => {
                let (reason, moves) = match why {
                    PgnUnused::Unreadable => ("unreadable", 0),
                    PgnUnused::NoGame => ("no-game", 0),
                    PgnUnused::NoNewMove => ("no-new-move", 0),
                    PgnUnused::TooManyMoves(n) => {
                        ("too-many", i64::try_from(*n).unwrap_or(i64::MAX))
                    }
                    PgnUnused::NotYourMove => ("not-your-move", 0),
                };
                t(
                    "pgn-unused",
                    Args::new().str("reason", reason).num("moves", moves),
                )
            }
            Notice::TooLarge { limit } => t(
                "too-large",
                Args::new().num("limit", i64::try_from(limit / 1024).unwrap_or(i64::MAX)),
            ),
            Notice::TooManyLines { limit, skipped } => t(
                "too-many-lines",
                Args::new()
                    .num("limit", i64::try_from(*limit).unwrap_or(i64::MAX))
                    .num("skipped", i64::try_from(*skipped).unwrap_or(i64::MAX)),
            ),
            Notice::NotYourGame { game: g } => t("not-your-game", game(g)),
            Notice::WhichGame { games } => {
                let games = if games.is_empty() {
                    "-".to_string()
                } else {
                    let ids: Vec<String> = games.iter().map(GameId::to_string).collect();
                    ids.join(", ")
                };
                t("which-game", Args::new().str("games", games))
            }
            Notice::GameFinished { game: g, result } => t(
                "game-finished",
                game(g).str("result", result.map_or(String::new(), |r| r.to_string())),
            ),
            Notice::NotYourTurn { game: g, text } => {
                t("not-your-turn", game(g).str("text", text.clone()))
            }
            Notice::WrongNumber {
                game: g,
                text,
                expected,
            } => t(
                "wrong-number",
                game(g)
                    .str("text", text.clone())
                    .str("number", expected.to_string()),
            ),
            Notice::Desync {
                game: g,
                text,
                record,
            } => t(
                "desync",
                game(g)
                    .str("text", text.clone())
                    .str("record", record.clone()),
            ),
            Notice::Refused {
                game: g,
                text,
                reason,
                did_you_mean,
                penalty_days,
            } => {
                let mut body = t(
                    "refused",
                    game(g)
                        .str("text", text.clone())
                        .str("reason", reason.render(lang)),
                );
                if !did_you_mean.is_empty() {
                    body.push_str(&t(
                        "did-you-mean",
                        Args::new().str("moves", did_you_mean.join(", ")),
                    ));
                }
                body.push_str(&plain(lang, "nothing-applied"));
                if let Some(days) = penalty_days {
                    body.push_str(&t("penalty", Args::new().num("days", i64::from(*days))));
                }
                body
            }
            Notice::Confirm(m) => t("confirm", m.args()),
            Notice::YourMove {
                notice,
                draw_offered,
            } => {
                let mut body = t("your-move", notice.args());
                if *draw_offered {
                    body.push(' ');
                    body.push_str(&t("draw-offered-with-move", game(&notice.game)));
                }
                body
            }
            Notice::GameOver {
                game: g,
                result,
                reason,
            } => t(
                "game-over",
                game(g)
                    .str("result", result.as_str())
                    .str("reason", l10n::termination(lang, reason)),
            ),
            Notice::DrawOffered { game: g, opponent } => {
                t("draw-offered", game(g).str("opponent", opponent.clone()))
            }
            Notice::DrawDeclined { game: g, opponent } => {
                t("draw-declined", game(g).str("opponent", opponent.clone()))
            }
            Notice::NoDrawOffer { game: g } => t("no-draw-offer", game(g)),
            Notice::ClaimRefused { game: g, claim } => {
                let reason = t(
                    "claim-not",
                    Args::new().str("claim", l10n::claim_key(*claim)),
                );
                t("claim-refused", game(g).str("reason", reason))
            }
            Notice::Board {
                game: g,
                fen,
                turn,
                code,
                diagram,
            } => {
                let mut body = t(
                    "board",
                    game(g)
                        .str("fen", fen.clone())
                        .str("turn", l10n::color(lang, *turn))
                        .str("code", code.clone()),
                );
                if let Some(d) = diagram {
                    body.push_str("\n\n");
                    body.push_str(d);
                }
                body
            }
            Notice::Record { game: g, record } => {
                t("record", game(g).str("record", record.clone()))
            }
            Notice::NotationSet(n) => t("notation-set", Args::new().str("value", n.name())),
            // In the language it sets; a language without a catalogue is
            // told so, in English, naming the language.
            Notice::LangSet(l) if !l10n::has_catalogue(*l) => text(
                Lang::En,
                "lang-unsupported",
                &Args::new()
                    .str("code", l.code())
                    .str("name", l.name())
                    .str("native", l.native_name()),
            ),
            Notice::LangSet(l) => text(*l, "lang-set", &Args::new().str("value", l.code())),
            Notice::LeaveGranted { from, until, left } => t(
                "leave-granted",
                Args::new()
                    .str("from", from.clone())
                    .str("until", until.clone())
                    .num("left", *left),
            ),
            Notice::LeaveRefused { reason } => t(
                "leave-refused",
                Args::new().str("reason", l10n::leave_error(lang, reason)),
            ),
            Notice::ConditionalStored { game: g, pairs } => {
                let moves: Vec<String> = pairs
                    .iter()
                    .map(|p| t("conditional-pair", Args::new().str("pair", p.clone())))
                    .collect();
                t("conditional-stored", game(g).str("moves", moves.join(", ")))
            }
            Notice::ConditionalPlayed {
                game: g,
                number,
                mv,
            } => t(
                "conditional-played",
                game(g)
                    .str("number", number.to_string())
                    .str("move", mv.clone()),
            ),
            Notice::ConditionalDropped {
                game: g,
                opponent,
                mv,
            } => t(
                "conditional-dropped",
                game(g)
                    .str("opponent", opponent.clone())
                    .str("move", mv.clone()),
            ),
            Notice::ConditionalRefused { game: g, reason } => t(
                "conditional-refused",
                game(g).str("reason", reason.render(lang)),
            ),
            Notice::Reminder { game: g, days } => t("reminder", game(g).num("days", *days)),
            Notice::TakenBack {
                game: g,
                ply,
                reason,
            } => t(
                "taken-back",
                game(g)
                    .str("ply", ply.to_string())
                    .str("reason", reason.clone()),
            ),
            Notice::Adjudicated {
                game: g,
                result,
                reason,
            } => t(
                "adjudicated",
                game(g)
                    .str("result", result.as_str())
                    .str("reason", reason.clone()),
            ),
            Notice::Ruling { incident, ruling } => t(
                "ruling",
                Args::new()
                    .str("incident", incident.to_string())
                    .str("ruling", ruling.clone()),
            ),
            Notice::EventStarted {
                event,
                time,
                start,
                games,
            } => {
                let args = Args::new()
                    .str("event", event.clone())
                    .str("time", time.clone());
                let mut body = match start {
                    None => t("event-start", args),
                    Some(date) => t("event-starts-on", args.str("date", date.clone())),
                };
                for g in games {
                    let id = if g.white {
                        "event-game-white"
                    } else {
                        "event-game-black"
                    };
                    body.push('\n');
                    body.push_str(&t(id, game(&g.game).str("opponent", g.opponent.clone())));
                }
                body
            }
            Notice::Withdrawn {
                event,
                player,
                games,
            } => {
                let scored: Vec<String> = games.iter().map(|(g, r)| format!("{g} {r}")).collect();
                t(
                    "withdrawn",
                    Args::new()
                        .str("event", event.clone())
                        .str("player", player.clone())
                        .str("games", scored.join(", ")),
                )
            }
        }
    }
}
