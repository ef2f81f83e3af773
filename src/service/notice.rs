//! What the service tells people, as values: every notice with its fields,
//! rendered into a language in one place ([`Notice::render`]), when the
//! transaction that decides it runs.

use shakmaty::Color;

use crate::game::attached::PgnUnused;
use crate::game::clock::LeaveError;
use crate::game::outcome::{GameResult, MoveNumber, Termination};
use crate::game::rules::Claim;
use crate::notation::{Lang, Notation, ReadError};
use crate::protocol::address::Channel;
use crate::protocol::l10n::{self, Args, Form, Reader, plain, text};
use crate::protocol::{mistake, sms};
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
    /// A code that signs the player in on the web, asked for on the
    /// sign-in page, valid this many minutes.
    WebCode {
        code: String,
        minutes: i64,
    },
    BadPin,
    /// A message that could not be authenticated, refused: the player has
    /// no PIN and the confirmation loop is off.
    Unauthenticated,
    Help,
    /// A message none of whose lines is a move or a command: its first
    /// line quoted (if it has one with text), then the help.
    NotProtocol {
        line: Option<String>,
    },
    /// A player's command line refused for its value (`lang xx`).
    LineRefused {
        text: String,
        reason: LineRefusal,
    },
    /// An attached PGN file gave no move: why.
    PgnUnused(PgnUnused),
    /// The full help, for email: every command with an example, the move
    /// examples written in the reader's notation.
    HelpMail(HelpExamples),
    /// A message over the size limit (in bytes).
    TooLarge {
        limit: usize,
    },
    /// A mail that names several authors, none of whom can be taken for
    /// the one who wrote its lines.
    SeveralAuthors,
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
    /// The opponent's words about a game (an Xfcc `myMessage`), as written.
    Message {
        game: GameId,
        opponent: String,
        text: String,
    },
    /// A bridged game's remote server refused the player's move `text`
    /// (taken back here), for its reason as it gave it (an Xfcc result
    /// code such as `LostOnTime`).
    RemoteRefused {
        game: GameId,
        text: String,
        server: String,
        reason: String,
    },
    /// A draw offer, answer, claim or resignation for a bridged game,
    /// which is made on its server, not by message.
    RemoteOnly {
        game: GameId,
        server: String,
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
        /// The position, where no sheet below the notice shows it (SMS,
        /// radio); an email's sheet has the board and the FEN.
        fen: Option<String>,
        turn: Color,
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
        from: jiff::civil::Date,
        until: Option<jiff::civil::Date>,
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
    /// The director charged days to a player's clock.
    Penalized {
        game: GameId,
        player: String,
        days: u32,
        reason: String,
    },
    /// An event begins: every game of the recipient, at once; `start` is
    /// the date its clocks start when that is later than today.
    EventStarted {
        event: String,
        time: String,
        start: Option<jiff::civil::Date>,
        games: Vec<EventGameNotice>,
    },
    /// A dispute was recorded for the director.
    Disputed,
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

/// A reply's text without the `ccgate:` it starts with (`ccgate :` in
/// French), its first letter a capital: for a sentence that follows
/// another that names the sender already.
fn without_sender(text: &str) -> String {
    let rest = text
        .strip_prefix("ccgate")
        .map(|r| r.trim_start().trim_start_matches(':').trim_start())
        .unwrap_or(text);
    let mut chars = rest.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Why a command line was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineRefusal {
    /// No language has this code or name.
    UnknownLanguage(String),
    /// No notation has this name.
    UnknownNotation,
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
    /// The position code of the position after the move.
    pub code: String,
    /// The other player, by name.
    pub opponent: String,
}

impl MoveNotice {
    /// The move in the recipient's notation, then in ICCF numbers in
    /// parentheses, which every player can check; once when they are the
    /// same (an ICCF player's `5254`).
    fn written(&self) -> String {
        if self.mv == self.iccf {
            self.mv.clone()
        } else {
            format!("{} ({})", self.mv, self.iccf)
        }
    }

    fn args(&self) -> Args<'static> {
        Args::new()
            .str("game", self.game.to_string())
            .str("number", self.number.to_string())
            .str("move", self.written())
            // Without the code, for a short form with no room for it.
            .str("plain-move", self.mv.clone())
            .str("code", self.code.clone())
            .str("opponent", self.opponent.clone())
    }
}

impl MoveRefusal {
    pub fn render(&self, r: Reader) -> String {
        match self {
            MoveRefusal::Read(e) => l10n::read_error(r, e),
            MoveRefusal::OneMovePerLine => plain(r, "one-move-per-line"),
        }
    }
}

impl ConditionalRefusal {
    pub fn render(&self, r: Reader) -> String {
        match self {
            ConditionalRefusal::YourMove => plain(r, "conditional-your-move"),
            ConditionalRefusal::WrongNumber { text: t, number } => text(
                r,
                "conditional-wrong-number",
                &Args::new()
                    .str("text", t.clone())
                    .str("number", number.to_string()),
            ),
            ConditionalRefusal::Unreadable { text: t, error } => text(
                r,
                "conditional-unreadable",
                &Args::new()
                    .str("text", t.clone())
                    .str("reason", l10n::read_error(r, error)),
            ),
        }
    }
}

/// Arguments naming a game.
fn game(id: &GameId) -> Args<'static> {
    Args::new().str("game", id.to_string())
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

    /// The subject of a mail about no one game that tells this notice
    /// first, where the notice has a subject of its own; `None`: its first
    /// line says what the mail is.
    pub fn subject(&self, r: Reader) -> Option<String> {
        let subject = match self {
            Notice::Held { .. } => plain(r, "subject-held"),
            Notice::WebCode { .. } => plain(r, "subject-web-code"),
            // A ruling is no copy of the game's position: its own subject.
            Notice::Ruling { incident, .. } => text(
                r,
                "subject-ruling",
                &Args::new().str("incident", incident.to_string()),
            ),
            Notice::EventStarted { event, .. } => text(
                r,
                "subject-event-start",
                &Args::new().str("event", event.clone()),
            ),
            Notice::Withdrawn { event, player, .. } => text(
                r,
                "subject-withdrawn",
                &Args::new()
                    .str("event", event.clone())
                    .str("player", player.clone()),
            ),
            _ => return None,
        };
        Some(subject)
    }

    /// The notice's text in `lang`, from the language's catalogue
    /// (`locales/<lang>/ccgate.ftl`), in the form `channel` has room for.
    pub fn render(&self, lang: Lang, channel: Channel) -> String {
        self.render_for(Reader::new(lang, Form::from(channel)))
    }

    /// The notice's text for `r`; a short one made to fit one message
    /// ([`l10n::for_sms`]).
    pub fn render_for(&self, r: Reader) -> String {
        let text = self.compose(r);
        match r.form {
            Form::Short => l10n::for_sms(text),
            Form::Full => text,
        }
    }

    fn compose(&self, r: Reader) -> String {
        let t = |id: &str, args: Args<'_>| text(r, id, &args);
        match self {
            Notice::UnknownSender => plain(r, "unknown-sender"),
            Notice::Held { code, hours } => t(
                "held",
                Args::new().str("code", code.clone()).num("hours", *hours),
            ),
            Notice::HoldExpired => plain(r, "hold-expired"),
            Notice::Disputed => plain(r, "disputed"),
            Notice::WebCode { code, minutes } => t(
                "web-code",
                Args::new()
                    .str("code", code.clone())
                    .num("minutes", *minutes),
            ),
            Notice::BadPin => plain(r, "bad-pin"),
            Notice::Unauthenticated => plain(r, "unauthenticated"),
            Notice::SeveralAuthors => plain(r, "several-authors"),
            Notice::Help => plain(r, "help"),
            Notice::NotProtocol { line: None } => plain(r, "help"),
            Notice::NotProtocol { line: Some(line) } => {
                let lead = t("not-protocol", Args::new().str("line", line.clone()));
                let both = format!("{lead} {}", without_sender(&plain(r, "help")));
                // On SMS the help matters more than the quote.
                if r.form == Form::Short && !sms::fits(&both) {
                    plain(r, "help")
                } else {
                    both
                }
            }
            Notice::LineRefused { text, reason } => {
                let reason = match reason {
                    LineRefusal::UnknownLanguage(code) => {
                        t("unknown-language", Args::new().str("code", code.clone()))
                    }
                    LineRefusal::UnknownNotation => t(
                        "unknown-notation",
                        Args::new().str("names", mistake::notation_names()),
                    ),
                };
                t(
                    "line-refused",
                    Args::new().str("text", text.clone()).str("reason", reason),
                )
            }
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
            Notice::HelpMail(x) => t(
                "help-mail",
                Args::new()
                    .str("notation", x.notation.name())
                    .str("move", x.mv.clone())
                    .str("echo", x.echo.clone())
                    .str("trigger", x.trigger.clone())
                    .str("answer", x.answer.clone())
                    .str("iccf", x.iccf.clone()),
            ),
            Notice::ProseRead { count } => t(
                "prose-read",
                Args::new().num("count", i64::try_from(*count).unwrap_or(i64::MAX)),
            ),
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
            Notice::WhichGame { games } if games.is_empty() => plain(r, "no-game"),
            Notice::WhichGame { games } => {
                let listed: Vec<String> = games
                    .iter()
                    .map(|c| {
                        // Whose move, said mid-sentence in the item's own words.
                        let whose = if c.yours { "yours" } else { "theirs" };
                        t(
                            "which-game-item",
                            game(&c.game)
                                .str("opponent", c.opponent.clone())
                                .str("whose", whose),
                        )
                    })
                    .collect();
                t("which-game", Args::new().str("games", listed.join("; ")))
            }
            Notice::GameFinished { game: g, result } => t(
                "game-finished",
                game(g).str("result", result.map_or(String::new(), |r| r.to_string())),
            ),
            Notice::NotYourTurn {
                game: g,
                text,
                opponent,
            } => t(
                "not-your-turn",
                game(g)
                    .str("text", text.clone())
                    .str("opponent", opponent.clone()),
            ),
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
                let head = t(
                    "refused",
                    game(g)
                        .str("text", text.clone())
                        .str("reason", reason.render(r)),
                );
                let mut tail = String::new();
                if !did_you_mean.is_empty() {
                    tail.push_str(&t(
                        "did-you-mean",
                        Args::new().str("moves", did_you_mean.join(", ")),
                    ));
                }
                tail.push_str(&plain(r, "nothing-applied"));
                if let Some(days) = penalty_days {
                    tail.push_str(&t("penalty", Args::new().num("days", i64::from(*days))));
                }
                // One SMS has no room for every reason beside the moves it
                // may have meant (70 characters in Cyrillic): the moves win.
                let body = format!("{head}{tail}");
                if r.form == Form::Short && !sms::fits(&l10n::for_sms(body.clone())) {
                    let brief = t("refused-brief", game(g).str("text", text.clone()));
                    return format!("{brief}{tail}");
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
                    .str("reason", l10n::termination(r, reason)),
            ),
            Notice::DrawOffered { game: g, opponent } => {
                t("draw-offered", game(g).str("opponent", opponent.clone()))
            }
            Notice::DrawOfferSent { game: g, opponent } => {
                t("draw-offer-sent", game(g).str("opponent", opponent.clone()))
            }
            Notice::ResignationSent { game: g, opponent } => t(
                "resignation-sent",
                game(g).str("opponent", opponent.clone()),
            ),
            Notice::ClaimUpheld { game: g, opponent } => {
                t("claim-upheld", game(g).str("opponent", opponent.clone()))
            }
            Notice::DrawDeclined { game: g, opponent } => {
                t("draw-declined", game(g).str("opponent", opponent.clone()))
            }
            Notice::Message {
                game: g,
                opponent,
                text,
            } => t(
                "opponent-message",
                game(g)
                    .str("opponent", opponent.clone())
                    .str("text", text.clone()),
            ),
            Notice::RemoteRefused {
                game: g,
                text,
                server,
                reason,
            } => t(
                "remote-refused",
                game(g)
                    .str("move", text.clone())
                    .str("server", server.clone())
                    // Xfcc's result codes in the reader's words; a code
                    // or fault no catalogue knows is shown as the server
                    // wrote it.
                    .str(
                        "reason",
                        t("remote-reason", Args::new().str("code", reason.clone())),
                    ),
            ),
            Notice::RemoteOnly { game: g, server } => {
                t("remote-only", game(g).str("server", server.clone()))
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
            } => {
                let args = game(g)
                    .str("turn", l10n::color(r, *turn))
                    .str("code", code.clone());
                match fen {
                    Some(fen) => t("board", args.str("fen", fen.clone())),
                    // By email the sheet below shows the board and the FEN.
                    None => t("board-sheet", args),
                }
            }
            Notice::Record { game: g, record } => {
                t("record", game(g).str("record", record.clone()))
            }
            Notice::NotationSet(n) => t("notation-set", Args::new().str("value", n.name())),
            // In the language it sets; a language without a catalogue is
            // told so, in English, naming the language.
            Notice::LangSet(l) if !l10n::has_catalogue(*l) => text(
                Reader::new(Lang::En, r.form),
                "lang-unsupported",
                &Args::new()
                    .str("code", l.code())
                    .str("name", l.name())
                    .str("native", l.native_name()),
            ),
            Notice::LangSet(l) => text(
                Reader::new(*l, r.form),
                "lang-set",
                &Args::new().str("value", l.code()),
            ),
            Notice::LeaveGranted { from, until, left } => t(
                "leave-granted",
                Args::new()
                    .str("from", l10n::date(r, *from))
                    .str("until", until.map(|u| l10n::date(r, u)).unwrap_or_default())
                    .num("left", *left),
            ),
            Notice::LeaveRefused { reason } => t(
                "leave-refused",
                Args::new().str("reason", l10n::leave_error(r, reason)),
            ),
            Notice::ConditionalStored { game: g, pairs } => {
                let moves: Vec<String> = pairs
                    .iter()
                    .map(|p| t("conditional-pair", Args::new().str("pair", p.clone())))
                    .collect();
                t("conditional-stored", game(g).str("moves", moves.join(", ")))
            }
            Notice::ConditionalPlayed(m) => t("conditional-answer", m.args()),
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
                game(g).str("reason", reason.render(r)),
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
            Notice::Penalized {
                game: g,
                player,
                days,
                reason,
            } => t(
                "penalized",
                game(g)
                    .str("player", player.clone())
                    .num("days", i64::from(*days))
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
                    Some(date) => t("event-starts-on", args.str("date", l10n::date(r, *date))),
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
                let scored: Vec<String> = games
                    .iter()
                    .map(|(g, r)| t("withdrawn-game", game(g).str("result", r.to_string())))
                    .collect();
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

/// Every notice with the longest values it realistically carries: 6-digit
/// game ids, 30-character names, the longest moves and every reason. The
/// fit test and the English-fragment lint render each of them.
#[cfg(test)]
pub(crate) mod samples {
    use shakmaty::{CastlingSide, Move, Role, Square};

    use super::*;
    use crate::notation::{Candidate, Expected, Illegal};

    pub(crate) const NAME: &str = "Alexandra Konstantinova-Lebede";
    const GAME: GameId = GameId(999_998);

    fn number() -> MoveNumber {
        MoveNumber {
            number: 123,
            color: Color::Black,
        }
    }

    fn candidate(text: &str) -> Candidate {
        let mv = Move::Normal {
            role: Role::Knight,
            from: Square::G1,
            capture: None,
            to: Square::F3,
            promotion: None,
        };
        Candidate {
            mv,
            text: text.to_string(),
        }
    }

    /// The reasons a move is refused, each as the engine gives it.
    fn refusals() -> Vec<MoveRefusal> {
        let sq = Square::H8;
        let role = Some(Role::Knight);
        let mut illegal = vec![
            Illegal::NoSuchPiece {
                role,
                from: Some(sq),
            },
            Illegal::NoSuchPiece { role, from: None },
            Illegal::EmptySquare(sq),
            Illegal::NotYourPiece(sq),
            Illegal::CannotReach {
                role,
                from: Some(sq),
                to: sq,
            },
            Illegal::CannotReach {
                role,
                from: None,
                to: sq,
            },
            Illegal::OwnPiece(sq),
            Illegal::Pinned {
                role: Role::Bishop,
                from: sq,
            },
            Illegal::InCheck,
            Illegal::IntoCheck(sq),
            Illegal::PromotionMissing,
            Illegal::NotPromotion,
            Illegal::PawnCaptureNeedsFile,
            Illegal::CastlingInCheck,
            Illegal::NoLegalMoves,
        ];
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            illegal.push(Illegal::CastlingRightsGone(side));
            illegal.push(Illegal::CastlingBlocked(side));
            illegal.push(Illegal::CastlingThroughCheck(side));
        }
        let text = "Kbd7xe5+".to_string();
        let mut out: Vec<MoveRefusal> = illegal
            .into_iter()
            .map(|reason| {
                MoveRefusal::Read(ReadError::Illegal {
                    text: text.clone(),
                    reason,
                    did_you_mean: vec![],
                })
            })
            .collect();
        for &expected in Expected::ALL {
            out.push(MoveRefusal::Read(ReadError::Malformed {
                text: text.clone(),
                expected,
                at: 12,
                found: Some('#'),
                did_you_mean: vec![],
            }));
        }
        out.push(MoveRefusal::Read(ReadError::Ambiguous {
            text: text.clone(),
            candidates: vec![candidate("Nbd7"), candidate("Nfd7")],
        }));
        out.push(MoveRefusal::OneMovePerLine);
        out
    }

    fn terminations() -> Vec<Termination> {
        let mut out: Vec<Termination> = crate::game::outcome::ENDINGS
            .into_iter()
            .map(Termination::Rules)
            .collect();
        out.extend([
            Termination::DrawAgreed,
            Termination::DrawClaimed(Claim::ThreefoldRepetition),
            Termination::DrawClaimed(Claim::FiftyMoves),
            Termination::Resigned(NAME.to_string()),
            Termination::LostOnTime(NAME.to_string()),
            Termination::Adjudicated("rule 7".to_string()),
        ]);
        out
    }

    fn leave_errors() -> Vec<LeaveError> {
        let date = jiff::civil::date(2026, 12, 31);
        vec![
            LeaveError::ZeroDays,
            LeaveError::ExceedsAllowance {
                year: 2026,
                requested: 999,
                remaining: 30,
                allowance: 30,
                excess: 969,
            },
            LeaveError::NoneLeft {
                year: 2026,
                allowance: 30,
            },
            LeaveError::Overlaps {
                from: date,
                until: Some(date),
            },
            LeaveError::Overlaps {
                from: date,
                until: None,
            },
            LeaveError::OutOfRange,
        ]
    }

    fn move_notice(mv: &str) -> MoveNotice {
        MoveNotice {
            game: GAME,
            number: number(),
            mv: mv.to_string(),
            iccf: "57581".to_string(),
            code: "XCBY".to_string(),
            opponent: NAME.to_string(),
        }
    }

    /// Every notice, for a reader of `lang` (moves in its piece letters),
    /// except those that carry a whole record or position (`Record`,
    /// `Desync`, `Board`): those are cut as a last resort on SMS.
    pub(crate) fn notices(lang: Lang) -> Vec<Notice> {
        let mv = if matches!(lang, Lang::Ru | Lang::Uk) {
            "Крe1:h4+"
        } else {
            "Kbd7xe5+"
        };
        let game = GAME;
        let mut out = vec![
            Notice::UnknownSender,
            Notice::Held {
                code: "K7Q2M9".to_string(),
                hours: 72,
            },
            Notice::HoldExpired,
            Notice::Disputed,
            Notice::WebCode {
                code: "K7Q2M9".to_string(),
                minutes: 15,
            },
            Notice::BadPin,
            Notice::Unauthenticated,
            Notice::Help,
            Notice::NotProtocol {
                line: Some("notify bogus".to_string()),
            },
            Notice::LineRefused {
                text: "lang xx".to_string(),
                reason: LineRefusal::UnknownLanguage("xx".to_string()),
            },
            Notice::LineRefused {
                text: "notation klingon".to_string(),
                reason: LineRefusal::UnknownNotation,
            },
            Notice::TooLarge { limit: 65_536 },
            Notice::SeveralAuthors,
            Notice::TooManyLines {
                limit: 1_000,
                skipped: 999,
            },
            Notice::NotYourGame { game },
            Notice::WhichGame {
                games: [GameId(999_997), GameId(999_996), GAME]
                    .into_iter()
                    .map(|game| GameChoice {
                        game,
                        opponent: NAME.to_string(),
                        yours: game == GAME,
                    })
                    .collect(),
            },
            Notice::WhichGame { games: Vec::new() },
            Notice::HelpMail(HelpExamples {
                notation: Notation::San,
                echo: "d4".to_string(),
                mv: mv.to_string(),
                iccf: "7866".to_string(),
                trigger: "c4".to_string(),
                answer: "e6".to_string(),
            }),
            Notice::ProseRead { count: 19 },
            Notice::DrawOfferSent {
                game,
                opponent: NAME.to_string(),
            },
            Notice::ResignationSent {
                game,
                opponent: NAME.to_string(),
            },
            Notice::ClaimUpheld {
                game,
                opponent: NAME.to_string(),
            },
            Notice::GameFinished {
                game,
                result: Some(GameResult::Draw),
            },
            Notice::NotYourTurn {
                game,
                text: mv.to_string(),
                opponent: NAME.to_string(),
            },
            Notice::WrongNumber {
                game,
                text: format!("123... {mv}"),
                expected: number(),
            },
            Notice::Confirm(move_notice(mv)),
            Notice::YourMove {
                notice: move_notice(mv),
                draw_offered: true,
            },
            Notice::DrawOffered {
                game,
                opponent: NAME.to_string(),
            },
            Notice::DrawDeclined {
                game,
                opponent: NAME.to_string(),
            },
            Notice::Message {
                game,
                opponent: NAME.to_string(),
                text: "Merci!".to_string(),
            },
            Notice::RemoteRefused {
                game,
                text: mv.to_string(),
                server: "xfcc.example.org".to_string(),
                reason: "LostOnTime".to_string(),
            },
            Notice::RemoteOnly {
                game,
                server: "xfcc.example.org".to_string(),
            },
            Notice::NoDrawOffer { game },
            Notice::NotationSet(Notation::UedemannHw),
            Notice::LeaveGranted {
                from: jiff::civil::date(2026, 12, 31),
                until: Some(jiff::civil::date(2027, 1, 30)),
                left: 29,
            },
            Notice::ConditionalStored {
                game,
                pairs: vec![format!("{mv} {mv}")],
            },
            Notice::ConditionalPlayed(move_notice(mv)),
            Notice::ConditionalDropped {
                game,
                opponent: NAME.to_string(),
                mv: mv.to_string(),
            },
            Notice::Reminder { game, days: 29 },
            Notice::TakenBack {
                game,
                ply: 246,
                reason: "rule 7".to_string(),
            },
            Notice::Adjudicated {
                game,
                result: GameResult::WhiteWins,
                reason: "rule 7".to_string(),
            },
            Notice::EventStarted {
                event: "XXV World Championship Final".to_string(),
                time: "10/50".to_string(),
                start: None,
                games: vec![EventGameNotice {
                    game,
                    white: true,
                    opponent: NAME.to_string(),
                }],
            },
            Notice::EventStarted {
                event: "XXV World Championship Final".to_string(),
                time: "10/50".to_string(),
                start: Some(jiff::civil::date(2026, 12, 31)),
                games: vec![EventGameNotice {
                    game,
                    white: false,
                    opponent: NAME.to_string(),
                }],
            },
            Notice::Penalized {
                game,
                player: NAME.to_string(),
                days: 2,
                reason: "rule 7".to_string(),
            },
            Notice::Ruling {
                incident: 999_999,
                ruling: "a warning".to_string(),
            },
            Notice::Withdrawn {
                event: "XXV World Championship Final".to_string(),
                player: NAME.to_string(),
                games: vec![(game, GameResult::BlackWins)],
            },
        ];
        out.extend(Lang::ALL.iter().map(|&l| Notice::LangSet(l)));
        for claim in [
            None,
            Some(Claim::ThreefoldRepetition),
            Some(Claim::FiftyMoves),
        ] {
            out.push(Notice::ClaimRefused { game, claim });
        }
        // Penalties are charged for illegal moves only.
        for reason in refusals() {
            let illegal = matches!(reason, MoveRefusal::Read(ReadError::Illegal { .. }));
            out.push(Notice::Refused {
                game,
                text: mv.to_string(),
                reason,
                did_you_mean: vec!["Nbd7".to_string(), "Nfd7".to_string()],
                penalty_days: illegal.then_some(3),
            });
        }
        for reason in terminations() {
            out.push(Notice::GameOver {
                game,
                result: GameResult::Draw,
                reason,
            });
        }
        for reason in leave_errors() {
            out.push(Notice::LeaveRefused { reason });
        }
        let error = ReadError::Illegal {
            text: mv.to_string(),
            reason: Illegal::InCheck,
            did_you_mean: vec![],
        };
        for reason in [
            ConditionalRefusal::YourMove,
            ConditionalRefusal::WrongNumber {
                text: mv.to_string(),
                number: number(),
            },
            ConditionalRefusal::Unreadable {
                text: mv.to_string(),
                error,
            },
        ] {
            out.push(Notice::ConditionalRefused { game, reason });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::samples::{NAME, notices};
    use super::*;
    use crate::protocol::l10n::CATALOGUES;
    use crate::protocol::sms::{limit, units};

    /// Issue 16: every SMS and radio reply fits one message (160 GSM
    /// characters, 70 UCS-2 units) in every language, with the longest
    /// values, so that no reply is cut.
    #[test]
    fn every_short_reply_fits_one_message_in_every_language() {
        let mut too_long = Vec::new();
        for &lang in CATALOGUES {
            // The full help goes by email only.
            for notice in notices(lang)
                .into_iter()
                .filter(|n| !matches!(n, Notice::HelpMail(_)))
            {
                let text = notice.render(lang, Channel::Sms);
                let (encoding, n) = units(&text);
                if n > limit(encoding) {
                    too_long.push(format!("{lang} {n}/{}: {text}", limit(encoding)));
                }
            }
        }
        assert!(
            too_long.is_empty(),
            "{}\n{}",
            too_long.len(),
            too_long.join("\n")
        );
    }

    /// Issue 16's lint: no reply in another language carries three words in
    /// a row of an English sentence. Names and moves are the reader's own
    /// values and carry none.
    #[test]
    fn no_reply_in_another_language_carries_an_english_fragment() {
        let mut found = Vec::new();
        for &lang in CATALOGUES.iter().filter(|&&l| l != Lang::En) {
            for notice in notices(lang) {
                // Said in the language it sets, or in English on purpose
                // when that language has no catalogue.
                if matches!(&notice, Notice::LangSet(l) if *l != lang) {
                    continue;
                }
                for channel in Channel::ALL {
                    let text = notice.render(lang, channel).replace(NAME, "");
                    for t in l10n::english_fragments(&text) {
                        found.push(format!("{lang}: {t:?} in {text}"));
                    }
                }
            }
        }
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}
