//! Reading a message and routing each line to its game.

use shakmaty::Position;

use super::attached::attached_pgn;
use super::clock::judge_time;
use super::commands::{command, help, leave, set_lang, set_notation};
use super::conditional::conditional;
use super::ctx::Ctx;
use super::decision::{Decision, Incident, To};
use super::dispute;
use super::error::Result;
use super::hold::{self, hold, release};
use super::moves::{moves, table_of};
use super::notice::{GameChoice, LineRefusal, Notice};
use super::pin::pin_ok;
use super::steps::{Refusal, Step};
use super::{Auth, Loaded, replayed};
use crate::protocol::address::Channel;
use crate::protocol::grammar::{self, Body, Command, Item, ParsedLine, Profile};
use crate::protocol::mistake::{self, Mistake, MistakenLine};
use crate::store::{GameId, IncidentKind, Player, PlayerId};

/// The most lines of one message that are answered.
pub const MAX_LINES: usize = 20;

/// The message being read: who sent it, on which channel, what the
/// transport could tell of them, and what came with it.
pub(super) struct Message<'m> {
    pub(super) channel: Channel,
    /// The sender's address (normalised).
    pub(super) sender: &'m str,
    pub(super) auth: &'m Auth,
    /// The text of a PGN file attached to it, read after its lines.
    pub(super) pgn: Option<&'m str>,
    /// How long it is held for a code if its sender cannot be
    /// authenticated; `None`: it is refused instead.
    pub(super) confirm_within: Option<jiff::SignedDuration>,
}

/// Reads a message: its sender established (a code sent back, a PIN, a
/// hold for confirmation), then its lines.
pub(super) fn process(ctx: &mut Ctx<'_, '_>, msg: &Message<'_>, text: &str) -> Result<()> {
    let (channel, sender) = (msg.channel, msg.sender);
    // A web form's sender is its session's player; everyone else is known
    // by their address.
    let known = match msg.auth {
        Auth::SignedIn(id) if channel == Channel::Web => ctx.tx.player(*id)?,
        _ => ctx.tx.player_by_address(channel, sender)?,
    };
    let Some(player) = known else {
        let incident = Incident::about(
            IncidentKind::UnknownSender,
            format!("{channel} {sender} is not registered"),
        );
        let d = Decision::refused(
            None,
            incident,
            Notice::UnknownSender,
            Refusal::UnknownSender,
        );
        return ctx.apply(d, None).map(drop);
    };
    // A code sent back releases the player's held message, whatever
    // this one's authentication: only the owner of the registered
    // address has read the code.
    if let Some((code, explicit)) = hold::code_in(text) {
        match ctx.tx.open_hold(player.id, &code)? {
            Some(held) => return release(ctx, &player, held, msg.pgn),
            None if explicit => {
                let d = Decision::default()
                    .tell(To::Sender(Some(player.clone())), Notice::HoldExpired)
                    .step(Step::Refused(Refusal::HoldExpired));
                return ctx.apply(d, None).map(drop);
            }
            None => {}
        }
    }
    // A player may have their SMS confirmed: a sender number is as
    // easy to forge as a From line on some networks.
    let sms_unconfirmed = Auth::Unverified(
        "an SMS sender number is no proof, and this player asked for confirmation".into(),
    );
    let auth = if channel == Channel::Sms && player.confirm_sms && *msg.auth == Auth::Unchecked {
        &sms_unconfirmed
    } else {
        msg.auth
    };
    if let Auth::Unverified(why) = auth
        && player.pin_hash.is_none()
    {
        // Only a PIN could stand in for the failed check, and this
        // player has none: the message waits for its confirmation. The
        // code goes to the registered address, so a forger never sees
        // it, and the owner learns that someone wrote in their name.
        let Some(within) = msg.confirm_within else {
            // No confirmation loop: nothing can stand in for the check.
            let incident = Incident::about(
                IncidentKind::Unauthenticated,
                format!("{channel} {sender}: {why}; refused (no confirmation loop)"),
            );
            let d = Decision::refused(
                Some(&player),
                incident,
                Notice::Unauthenticated,
                Refusal::Unauthenticated,
            );
            return ctx.apply(d, None).map(drop);
        };
        let incident = Incident {
            player: Some(player.id),
            ..Incident::about(
                IncidentKind::Unauthenticated,
                format!("{channel} {sender}: {why}; held for confirmation"),
            )
        };
        return hold(ctx, &player, text, incident, (why, within));
    }
    // A mail the operator's server vouches for needs no PIN: a PIN lock
    // (which anyone who can forge From can set) never refuses it.
    if let Some(hash) = &player.pin_hash
        && !matches!(auth, Auth::Vouched(_) | Auth::SignedIn(_))
        && !pin_ok(ctx, &player, (channel, sender), hash, text)?
    {
        return Ok(());
    }
    read(ctx, &player, text, msg.pgn)
}

/// The longest first line an incident keeps of a message that could not be
/// read (the journal keeps the whole).
const FIRST_LINE_CHARS: usize = 80;

/// A message's first line with text, not a quote, cut to
/// [`FIRST_LINE_CHARS`] (with `…` when cut).
fn first_line(text: &str) -> Option<String> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('>'))?;
    // Control characters stay out of the desk's table and of the reply
    // that quotes the line.
    let mut shown = line.chars().filter(|c| !c.is_control());
    let mut cut: String = shown.by_ref().take(FIRST_LINE_CHARS).collect();
    if shown.next().is_some() {
        cut.push('…');
    }
    Some(cut)
}

/// Reads the lines of a message whose sender is established, then the PGN
/// file attached to it, if any.
pub(super) fn read(
    ctx: &mut Ctx<'_, '_>,
    player: &Player,
    text: &str,
    pgn: Option<&str>,
) -> Result<()> {
    // A dispute is for the director, whatever else the message says.
    if let Some(line) = dispute::disputed(text) {
        return dispute::dispute(ctx, player, line);
    }
    let profile = Profile {
        lang: player.lang,
        table: table_of(player.notation),
    };
    let lines = grammar::parse_message(text, &profile);
    let mistaken = mistake::mistakes(text, &profile);
    if lines.is_empty() && mistaken.is_empty() && pgn.is_none() {
        // Nothing could be read: the director sees the message (in the
        // journal entry the incident points to) if the player disputes it.
        // Its first line is what the desk lists: what the player wrote.
        let incident = Incident {
            text: first_line(text),
            ..Incident::about(
                IncidentKind::Malformed,
                "no line of the message is a move or a command".into(),
            )
        };
        // A line of its own is what the player meant to send: quoted. In a
        // mail of several lines the first is likelier a greeting.
        let lines_with_text = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('>'))
            .count();
        let notice = Notice::NotProtocol {
            line: incident.text.clone().filter(|_| lines_with_text == 1),
        };
        let d = Decision::refused(Some(player), incident, notice, Refusal::NoProtocolLine);
        return ctx.apply(d, None).map(drop);
    }
    // The lines answered, in the message's order: protocol lines, and the
    // lines meant as protocol that are not, each answered for what was
    // wrong with it.
    let mut answered: Vec<Answered<'_>> = lines
        .iter()
        .map(Answered::Line)
        .chain(mistaken.iter().map(Answered::Mistaken))
        .collect();
    answered.sort_by_key(Answered::number);
    // A message with several such lines gets one reply, each answer after
    // the line it answers, and a word on the lines read as prose (with one,
    // the answer is plainly to it).
    let several = answered.len() > 1;
    let answers = ctx.replies.len();
    let prose = if several {
        prose_lines(text).saturating_sub(answered.len())
    } else {
        0
    };
    // Each line may answer both players: a forged mail naming a thousand
    // games must not make a thousand pairs of mails.
    for a in answered.iter().take(MAX_LINES) {
        let before = ctx.replies.len();
        match a {
            Answered::Line(l) => line(ctx, player, l)?,
            Answered::Mistaken(m) => mistaken_line(ctx, player, m)?,
        }
        if several {
            quote(ctx, before, a.text());
        }
    }
    if prose > 0 {
        let d = Decision::default().tell(
            To::Sender(Some(player.clone())),
            Notice::ProseRead { count: prose },
        );
        ctx.apply(d, None)?;
    }
    let skipped = answered.len().saturating_sub(MAX_LINES);
    if skipped > 0 {
        let notice = Notice::TooManyLines {
            limit: MAX_LINES,
            skipped,
        };
        let d = Decision::default()
            .tell(To::Sender(Some(player.clone())), notice)
            .step(Step::Refused(Refusal::TooManyLines { skipped }));
        ctx.apply(d, None)?;
    }
    if let Some(pgn) = pgn {
        attached_pgn(ctx, player, pgn)?;
    }
    if several {
        // The sender's one reply to all its lines.
        for p in ctx.replies[answers..].iter_mut().filter(|p| p.to_sender) {
            p.answers_lines = true;
        }
    }
    Ok(())
}

/// A line a message's answer answers.
enum Answered<'l> {
    Line(&'l ParsedLine),
    Mistaken(&'l MistakenLine),
}

impl Answered<'_> {
    /// Its number in the message.
    fn number(&self) -> usize {
        match self {
            Answered::Line(l) => l.line,
            Answered::Mistaken(m) => m.line,
        }
    }

    fn text(&self) -> &str {
        match self {
            Answered::Line(l) => &l.text,
            Answered::Mistaken(m) => &m.text,
        }
    }
}

/// A line meant as protocol that is not: refused for what is wrong with
/// it, or read as what it was meant to be where the usual answer says it
/// best (a leave of 0 days, game 0, a move no notation reads).
fn mistaken_line(ctx: &mut Ctx<'_, '_>, player: &Player, m: &MistakenLine) -> Result<()> {
    let meant = |game, body| ParsedLine {
        line: m.line,
        text: m.text.clone(),
        game,
        body,
    };
    let reason = match &m.mistake {
        Mistake::Leave(days) => return leave(ctx, player, *days),
        Mistake::GameZero(body) => return line(ctx, player, &meant(Some(0), body.clone())),
        Mistake::NotAMove { game, number, text } => {
            let item = Item {
                number: Some(*number),
                text: text.clone(),
                draw_offer: false,
                glyphs: Vec::new(),
            };
            return line(ctx, player, &meant(*game, Body::Moves(vec![item])));
        }
        Mistake::UnknownLanguage(code) => (
            LineRefusal::UnknownLanguage(code.clone()),
            Refusal::UnknownLanguage(code.clone()),
        ),
        Mistake::UnknownNotation(name) => (
            LineRefusal::UnknownNotation,
            Refusal::UnknownNotation(name.clone()),
        ),
    };
    let (reason, refusal) = reason;
    let notice = Notice::LineRefused {
        text: m.text.trim().to_string(),
        reason,
    };
    let d = Decision::default()
        .tell(To::Sender(Some(player.clone())), notice)
        .step(Step::Refused(refusal));
    ctx.apply(d, None).map(drop)
}

/// The answers to the sender decided since `from` quote the line they
/// answer, in the one reply to a message with several lines.
fn quote(ctx: &mut Ctx<'_, '_>, from: usize, line: &str) {
    for p in ctx.replies[from..].iter_mut().filter(|p| p.to_sender) {
        if let Some(part) = p.parts.last_mut() {
            part.quote = Some(line.to_string());
        }
    }
}

/// One line of a message, from `player`.
pub(super) fn line(ctx: &mut Ctx<'_, '_>, player: &Player, line: &ParsedLine) -> Result<()> {
    // Whatever this line does, a game kept by an earlier one may be stale.
    ctx.latest = None;
    // Profile commands need no game.
    if let Body::Command(cmd) = &line.body {
        match cmd {
            Command::Notation(n) => return set_notation(ctx, player, *n),
            Command::Lang(l) => return set_lang(ctx, player, *l),
            Command::Help => return help(ctx, player),
            Command::Leave(days) => return leave(ctx, player, *days),
            _ => {}
        }
    }
    let Some(mut game) = find_game(ctx, player, line)? else {
        return Ok(());
    };
    // Time is judged as each message arrives, before its line: a limit
    // that ran out ends the game whether or not a sweep has run since.
    let replying =
        matches!(line.body, Body::Moves(_)) && game.record.pos.turn() == game.color_of(player.id);
    judge_time(ctx, &mut game, replying)?;
    if game.row.finished && !matches!(line.body, Body::Command(Command::Board | Command::Pgn)) {
        let notice = Notice::GameFinished {
            game: game.row.id,
            result: game.row.result,
        };
        let d = Decision::about(game.row.id)
            .tell(To::Sender(Some(player.clone())), notice)
            .step(Step::AlreadyOver(game.row.id));
        return ctx.apply(d, None).map(drop);
    }
    match &line.body {
        Body::Moves(items) => moves(ctx, player, game, line, items),
        Body::Conditional(seqs) => conditional(ctx, player, &game, line, seqs),
        Body::Command(cmd) => command(ctx, player, game, line, cmd),
    }
}

/// The game a line is about: its reference, else the game of the thread
/// it answers, else the sender's one game waiting for their move. A game
/// that is not theirs is answered exactly like a game that does not exist.
fn find_game(ctx: &mut Ctx<'_, '_>, player: &Player, line: &ParsedLine) -> Result<Option<Loaded>> {
    let tx = ctx.tx;
    // The first game of the thread the sender plays (finished too: a reply
    // to a finished game's thread is told the game is over, never applied
    // to another); a thread naming someone else's game is ignored.
    let mut thread = None;
    if line.game.is_none() {
        for id in &ctx.thread {
            if let Some(row) = tx.game(*id)?
                && (row.white == player.id || row.black == player.id)
            {
                thread = Some(row);
                break;
            }
        }
    }
    // The row of a game the line names, read once for routing and loading.
    let mut named = None;
    let reference = line.game.map(|n| GameId(i64::from(n)));
    let thread_game = thread.as_ref().map(|row| row.id);
    let games = match reference.or(thread_game) {
        Some(id) => {
            let row = match thread.take() {
                Some(row) => Some(row),
                None => tx.game(id)?,
            };
            match row {
                Some(row) if row.white == player.id || row.black == player.id => {
                    let candidate = Candidate {
                        id,
                        active: !row.finished,
                        their_move: false,
                        opponent: if row.white == player.id {
                            row.black
                        } else {
                            row.white
                        },
                    };
                    named = Some(row);
                    vec![candidate]
                }
                _ => Vec::new(),
            }
        }
        None => {
            let mut games = Vec::new();
            for g in tx.games_of(player.id, true)? {
                let plies = tx.plies(g.id)?;
                let start_white = crate::game::rules::start_position(g.start_fen.as_deref())
                    .map(|p| shakmaty::Position::turn(&p) == shakmaty::Color::White)
                    .unwrap_or(true);
                let white_to_move = (plies % 2 == 0) == start_white;
                games.push(Candidate {
                    id: g.id,
                    active: true,
                    their_move: (g.white == player.id) == white_to_move,
                    opponent: if g.white == player.id {
                        g.black
                    } else {
                        g.white
                    },
                });
            }
            games
        }
    };
    match route(line, thread_game, &games) {
        Route::Game(id) => match named.filter(|row| row.id == id) {
            Some(row) => Ok(Some(replayed(tx, row)?)),
            None => ctx.load(id),
        },
        Route::NotTheirs(id) => {
            let incident = Incident {
                game: Some(id),
                text: Some(line.text.clone()),
                ..Incident::about(
                    IncidentKind::NotYourGame,
                    format!("{} referred to game {id}", player.name),
                )
            };
            let notice = Notice::NotYourGame { game: id };
            let d = Decision::refused(Some(player), incident, notice, Refusal::NotTheirGame(id));
            ctx.apply(d, None)?;
            Ok(None)
        }
        Route::Ask(ids) => {
            let mut choices = Vec::new();
            for c in games.iter().filter(|c| ids.contains(&c.id)) {
                let opponent = tx
                    .player(c.opponent)?
                    .map_or_else(|| format!("player {}", c.opponent), |p| p.name);
                choices.push(GameChoice {
                    game: c.id,
                    opponent,
                    yours: c.their_move,
                });
            }
            let d = Decision::default()
                .tell(
                    To::Sender(Some(player.clone())),
                    Notice::WhichGame { games: choices },
                )
                .step(Step::NoGameReference);
            ctx.apply(d, None)?;
            Ok(None)
        }
    }
}

/// One of the sender's games, as routing sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Candidate {
    pub(super) id: GameId,
    pub(super) active: bool,
    /// The sender is to move.
    pub(super) their_move: bool,
    pub(super) opponent: PlayerId,
}

/// The lines of a message a player wrote (not quoted, before the
/// signature, not blank): those not read as protocol are prose.
fn prose_lines(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .take_while(|l| *l != "--")
        .filter(|l| !l.is_empty() && !l.starts_with('>'))
        .count()
}

/// Where a line goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Route {
    Game(GameId),
    /// The line names a game that is not the sender's (or none at all):
    /// answered alike, so game numbers reveal nothing.
    NotTheirs(GameId),
    /// No game fits: ask which, listing the active ones.
    Ask(Vec<GameId>),
}

/// Routes a line to one of the sender's games: the game it names, else
/// the game of its thread (one of the sender's, `find_game` checked), else
/// the one game its kind of line fits.
pub(super) fn route(line: &ParsedLine, thread: Option<GameId>, games: &[Candidate]) -> Route {
    if let (None, Some(id)) = (line.game, thread) {
        return Route::Game(id);
    }
    if let Some(n) = line.game {
        let id = GameId(i64::from(n));
        return if games.iter().any(|g| g.id == id) {
            Route::Game(id)
        } else {
            Route::NotTheirs(id)
        };
    }
    let active: Vec<&Candidate> = games.iter().filter(|g| g.active).collect();
    let waiting: Vec<GameId> = active
        .iter()
        .filter(|g| g.their_move)
        .map(|g| g.id)
        .collect();
    let awaiting: Vec<GameId> = active
        .iter()
        .filter(|g| !g.their_move)
        .map(|g| g.id)
        .collect();
    let pick = match (
        &line.body,
        waiting.as_slice(),
        awaiting.as_slice(),
        active.as_slice(),
    ) {
        // A move or a command goes to the one game waiting for the sender's move;
        (Body::Moves(_) | Body::Command(_), [one], _, _) => Some(*one),
        // conditional moves, sent while the opponent is to move, to the one
        // game waiting for the opponent's move;
        (Body::Conditional(_), _, [one], _) => Some(*one),
        // any line may mean the only game in progress, whoever is to move
        // (a move out of turn is then told whose move it is).
        (_, _, _, [only]) => Some(only.id),
        _ => None,
    };
    pick.map_or_else(
        || Route::Ask(active.iter().map(|g| g.id).collect()),
        Route::Game,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Lang;

    fn line(text: &str) -> ParsedLine {
        let profile = Profile {
            lang: Lang::En,
            table: None,
        };
        grammar::parse_message(text, &profile)
            .into_iter()
            .next()
            .expect("a protocol line")
    }

    fn route_of(line: &ParsedLine, games: &[Candidate]) -> Route {
        route(line, None, games)
    }

    fn game(id: i64, their_move: bool) -> Candidate {
        Candidate {
            id: GameId(id),
            active: true,
            their_move,
            opponent: PlayerId(9),
        }
    }

    #[test]
    fn an_unnamed_move_goes_to_the_one_game_waiting_for_it() {
        let games = [game(3, false), game(5, true)];
        assert_eq!(route_of(&line("e4"), &games), Route::Game(GameId(5)));
        assert_eq!(
            route_of(&line("e4"), &[game(3, true), game(5, true)]),
            Route::Ask(vec![GameId(3), GameId(5)])
        );
    }

    #[test]
    fn a_named_game_that_is_not_the_senders_is_refused_as_if_absent() {
        assert_eq!(
            route_of(&line("7 e4"), &[game(3, true)]),
            Route::NotTheirs(GameId(7))
        );
        assert_eq!(route_of(&line("7 e4"), &[]), Route::NotTheirs(GameId(7)));
    }

    #[test]
    fn any_line_goes_to_the_only_game_in_progress_whoever_is_to_move() {
        assert_eq!(
            route_of(&line("e4"), &[game(2, false)]),
            Route::Game(GameId(2))
        );
        assert_eq!(
            route_of(&line("draw?"), &[game(2, false)]),
            Route::Game(GameId(2))
        );
        assert_eq!(route_of(&line("e4"), &[]), Route::Ask(Vec::new()));
    }

    #[test]
    fn an_unnamed_line_goes_to_its_threads_game_a_named_one_to_its_own() {
        let games = [game(3, true), game(5, true)];
        let thread = Some(GameId(5));
        assert_eq!(route(&line("Nf3"), thread, &games), Route::Game(GameId(5)));
        assert_eq!(
            route(&line("3 Nf3"), thread, &games),
            Route::Game(GameId(3))
        );
    }
}
