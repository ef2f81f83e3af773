//! What the service tells people, as values: every notice with its fields,
//! rendered into a language in one place ([`Notice::render`]), when the
//! transaction that decides it runs.

use crate::game::outcome::{GameResult, MoveNumber, Termination};
use crate::notation::{Lang, Notation};
use crate::protocol::templates::{Key, fill, template};
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
    Help,
    /// The full help, for email: every command with an example, the move
    /// examples written in the reader's notation.
    HelpMail(HelpExamples),
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
    /// Lines of a message with several that were read as prose, not as
    /// protocol lines.
    ProseRead {
        count: usize,
    },
    /// The sender's active games, none of which the line could mean (none:
    /// the sender has no game in progress).
    WhichGame {
        games: Vec<GameChoice>,
    },
    GameFinished {
        game: GameId,
        result: Option<GameResult>,
    },
    NotYourTurn {
        game: GameId,
        text: String,
        /// Who is to move, by name.
        opponent: String,
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
        reason: String,
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
    /// The offerer of a draw, told the offer went to `opponent`.
    DrawOfferSent {
        game: GameId,
        opponent: String,
    },
    /// A resigner, told the resignation went to `opponent`.
    ResignationSent {
        game: GameId,
        opponent: String,
    },
    /// A claimant whose claim ended the game; `opponent` was told.
    ClaimUpheld {
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
    ClaimRefused {
        game: GameId,
        reason: &'static str,
    },
    Board {
        game: GameId,
        /// The position, where no sheet below the notice shows it (SMS,
        /// radio); an email's sheet has the board and the FEN.
        fen: Option<String>,
        turn: &'static str,
        code: String,
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
        reason: String,
    },
    ConditionalStored {
        game: GameId,
        /// Each pair as the player writes it: `Nf6 Bg5`.
        pairs: Vec<String>,
    },
    /// The owner's conditional move, played at once in answer to the
    /// opponent's move (told in the same notice as that move).
    ConditionalPlayed(MoveNotice),
    ConditionalDropped {
        game: GameId,
        opponent: String,
        mv: String,
    },
    ConditionalRefused {
        game: GameId,
        reason: String,
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
    /// An event begins: every game of the recipient, at once.
    EventStarted {
        event: String,
        time: String,
        games: Vec<EventGameNotice>,
    },
    /// An opponent withdrew from an event; these games were scored.
    Withdrawn {
        event: String,
        player: String,
        games: Vec<(GameId, GameResult)>,
    },
}

/// One game of an event's start as its notice tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventGameNotice {
    pub game: GameId,
    pub white: bool,
    pub opponent: String,
}

/// One of a player's games in progress, as the "which game?" question
/// lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameChoice {
    pub game: GameId,
    pub opponent: String,
    /// The asker is to move.
    pub yours: bool,
}

/// The moves the email help shows, written in the reader's notation: a
/// position after 1. d4, where Black plays Nf6; after 2. c4, e6.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpExamples {
    pub notation: Notation,
    /// 1. d4 as the reader writes it.
    pub echo: String,
    /// 1... Nf6.
    pub mv: String,
    /// 1... Nf6 in ICCF numbers.
    pub iccf: String,
    /// 2. c4 and 2... e6, for the conditional example.
    pub trigger: String,
    pub answer: String,
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
    fn render(&self, template: &str) -> String {
        fill(
            template,
            &[
                ("game", &self.game.to_string()),
                ("number", &self.number.to_string()),
                ("move", &self.mv),
                ("iccf", &self.iccf),
                ("code", &self.code),
                ("opponent", &self.opponent),
            ],
        )
    }
}

impl Notice {
    /// Whether the reader is to be told, after this notice, where the game
    /// stands: whose move it is now, and the clocks.
    pub fn tells_the_turn(&self) -> bool {
        matches!(
            self,
            Notice::Confirm(_)
                | Notice::YourMove { .. }
                | Notice::ConditionalPlayed(_)
                | Notice::TakenBack { .. }
        )
    }

    /// The notice's text in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let t = |key| template(key, lang);
        match self {
            Notice::UnknownSender => t(Key::UnknownSender).to_string(),
            Notice::Held { code, hours } => fill(
                t(Key::Held),
                &[("code", code), ("hours", &hours.to_string())],
            ),
            Notice::HoldExpired => t(Key::HoldExpired).to_string(),
            Notice::BadPin => t(Key::BadPin).to_string(),
            Notice::Help => t(Key::Help).to_string(),
            Notice::HelpMail(x) => fill(
                t(Key::HelpMail),
                &[
                    ("notation", x.notation.name()),
                    ("example", &x.mv),
                    ("example_echo", &x.echo),
                    ("example_if", &x.trigger),
                    ("example_then", &x.answer),
                    ("iccf", &x.iccf),
                ],
            ),
            Notice::TooLarge { limit } => {
                fill(t(Key::TooLarge), &[("limit", &(limit / 1024).to_string())])
            }
            Notice::TooManyLines { limit, skipped } => fill(
                t(Key::TooManyLines),
                &[
                    ("limit", &limit.to_string()),
                    ("skipped", &skipped.to_string()),
                ],
            ),
            Notice::ProseRead { count } => {
                fill(t(Key::ProseLines), &[("count", &count.to_string())])
            }
            Notice::NotYourGame { game } => {
                fill(t(Key::NotYourGame), &[("game", &game.to_string())])
            }
            Notice::WhichGame { games } if games.is_empty() => t(Key::NoGame).to_string(),
            Notice::WhichGame { games } => {
                let listed: Vec<String> = games
                    .iter()
                    .map(|c| {
                        let turn = if c.yours {
                            t(Key::YourTurn).to_string()
                        } else {
                            fill(t(Key::TheirTurn), &[("opponent", &c.opponent)])
                        };
                        fill(
                            t(Key::WhichGameItem),
                            &[
                                ("game", &c.game.to_string()),
                                ("opponent", &c.opponent),
                                ("turn", turn.trim_end_matches('.')),
                            ],
                        )
                    })
                    .collect();
                fill(t(Key::WhichGame), &[("games", &listed.join("; "))])
            }
            Notice::GameFinished { game, result } => fill(
                t(Key::GameFinished),
                &[
                    ("game", &game.to_string()),
                    ("result", &result.map_or(String::new(), |r| r.to_string())),
                ],
            ),
            Notice::NotYourTurn {
                game,
                text,
                opponent,
            } => fill(
                t(Key::NotYourTurn),
                &[
                    ("game", &game.to_string()),
                    ("text", text),
                    ("opponent", opponent),
                ],
            ),
            Notice::WrongNumber {
                game,
                text,
                expected,
            } => fill(
                t(Key::WrongNumber),
                &[
                    ("game", &game.to_string()),
                    ("text", text),
                    ("number", &expected.to_string()),
                ],
            ),
            Notice::Desync { game, text, record } => fill(
                t(Key::Desync),
                &[
                    ("game", &game.to_string()),
                    ("text", text),
                    ("record", record),
                ],
            ),
            Notice::Refused {
                game,
                text,
                reason,
                did_you_mean,
                penalty_days,
            } => {
                let mut body = fill(
                    t(Key::Refused),
                    &[
                        ("game", &game.to_string()),
                        ("text", text),
                        ("reason", reason),
                    ],
                );
                if !did_you_mean.is_empty() {
                    body.push_str(&fill(
                        t(Key::DidYouMean),
                        &[("moves", &did_you_mean.join(", "))],
                    ));
                }
                body.push_str(t(Key::NothingApplied));
                if let Some(days) = penalty_days {
                    body.push_str(&fill(t(Key::Penalty), &[("days", &days.to_string())]));
                }
                body
            }
            Notice::Confirm(m) => m.render(t(Key::Confirm)),
            Notice::YourMove {
                notice,
                draw_offered,
            } => {
                let mut body = notice.render(t(Key::YourMove));
                if *draw_offered {
                    body.push(' ');
                    body.push_str(&fill(
                        t(Key::DrawOfferedWithMove),
                        &[("game", &notice.game.to_string())],
                    ));
                }
                body
            }
            Notice::GameOver {
                game,
                result,
                reason,
            } => fill(
                t(Key::GameOver),
                &[
                    ("game", &game.to_string()),
                    ("result", result.as_str()),
                    ("reason", &reason.to_string()),
                ],
            ),
            Notice::DrawOffered { game, opponent } => fill(
                t(Key::DrawOffered),
                &[("game", &game.to_string()), ("opponent", opponent)],
            ),
            Notice::DrawOfferSent { game, opponent } => fill(
                t(Key::DrawOfferSent),
                &[("game", &game.to_string()), ("opponent", opponent)],
            ),
            Notice::ResignationSent { game, opponent } => fill(
                t(Key::ResignationSent),
                &[("game", &game.to_string()), ("opponent", opponent)],
            ),
            Notice::ClaimUpheld { game, opponent } => fill(
                t(Key::ClaimUpheld),
                &[("game", &game.to_string()), ("opponent", opponent)],
            ),
            Notice::DrawDeclined { game, opponent } => fill(
                t(Key::DrawDeclined),
                &[("game", &game.to_string()), ("opponent", opponent)],
            ),
            Notice::NoDrawOffer { game } => {
                fill(t(Key::NoDrawOffer), &[("game", &game.to_string())])
            }
            Notice::ClaimRefused { game, reason } => fill(
                t(Key::ClaimRefused),
                &[("game", &game.to_string()), ("reason", reason)],
            ),
            Notice::Board {
                game,
                fen,
                turn,
                code,
            } => {
                // Without a FEN its place goes, not just its text.
                let template = match fen {
                    Some(_) => t(Key::Board).to_string(),
                    None => t(Key::Board).replace("{fen} ", ""),
                };
                fill(
                    &template,
                    &[
                        ("game", &game.to_string()),
                        ("fen", fen.as_deref().unwrap_or_default()),
                        ("turn", turn),
                        ("code", code),
                    ],
                )
            }
            Notice::Record { game, record } => fill(
                t(Key::Record),
                &[("game", &game.to_string()), ("record", record)],
            ),
            Notice::NotationSet(n) => fill(t(Key::NotationSet), &[("value", n.name())]),
            Notice::LangSet(l) => fill(template(Key::LangSet, *l), &[("value", l.code())]),
            Notice::LeaveGranted { from, until, left } => fill(
                t(Key::LeaveGranted),
                &[
                    ("from", from),
                    ("until", until),
                    ("left", &left.to_string()),
                ],
            ),
            Notice::LeaveRefused { reason } => fill(t(Key::LeaveRefused), &[("reason", reason)]),
            Notice::ConditionalStored { game, pairs } => fill(
                t(Key::ConditionalStored),
                &[
                    ("game", &game.to_string()),
                    ("moves", &format!("if {}", pairs.join(", if "))),
                ],
            ),
            Notice::ConditionalPlayed(m) => m.render(t(Key::ConditionalAnswer)),
            Notice::ConditionalDropped { game, opponent, mv } => fill(
                t(Key::ConditionalDropped),
                &[
                    ("game", &game.to_string()),
                    ("opponent", opponent),
                    ("move", mv),
                ],
            ),
            Notice::ConditionalRefused { game, reason } => fill(
                t(Key::ConditionalRefused),
                &[("game", &game.to_string()), ("reason", reason)],
            ),
            Notice::Reminder { game, days } => fill(
                t(Key::Reminder),
                &[("game", &game.to_string()), ("days", &days.to_string())],
            ),
            Notice::TakenBack { game, ply, reason } => fill(
                t(Key::TakenBack),
                &[
                    ("game", &game.to_string()),
                    ("ply", &ply.to_string()),
                    ("reason", reason),
                ],
            ),
            Notice::Adjudicated {
                game,
                result,
                reason,
            } => fill(
                t(Key::Adjudicated),
                &[
                    ("game", &game.to_string()),
                    ("result", result.as_str()),
                    ("reason", reason),
                ],
            ),
            Notice::EventStarted { event, time, games } => {
                let mut body = fill(t(Key::EventStart), &[("event", event), ("time", time)]);
                for g in games {
                    let key = if g.white {
                        Key::EventGameWhite
                    } else {
                        Key::EventGameBlack
                    };
                    body.push('\n');
                    body.push_str(&fill(
                        t(key),
                        &[("game", &g.game.to_string()), ("opponent", &g.opponent)],
                    ));
                }
                body
            }
            Notice::Withdrawn {
                event,
                player,
                games,
            } => {
                let scored: Vec<String> = games.iter().map(|(g, r)| format!("{g} {r}")).collect();
                fill(
                    t(Key::Withdrawn),
                    &[
                        ("event", event),
                        ("player", player),
                        ("games", &scored.join(", ")),
                    ],
                )
            }
        }
    }
}
