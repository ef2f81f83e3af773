//! Xfcc requests through the service: a correspondence program's login
//! checked like a PIN, its games listed, its moves and commands played as
//! the same lines a mail would carry, in one transaction each, answered
//! with Xfcc's result codes (`protocols/xfcc.md`).
//!
//! A move request is journaled (channel `xfcc`) under a key made of what
//! it asks, so the same request sent again after its response was lost is
//! recognised and answered as before, never played twice.

use sha2::{Digest, Sha256};

use jiff::Timestamp;
use shakmaty::{Color, Position};

use super::batch::alone;
use super::clock::clock_of_color;
use super::ctx::{Actor, Ctx, transact};
use super::decision::{Decision, Incident, To};
use super::error::Result;
use super::flush::names;
use super::notice::Notice;
use super::pin::{self, Secret, judge_secret};
use super::route::line;
use super::steps::{GameStep, Refusal, Step};
use super::{Auth, Inbound, Loaded, Processed, Rules, movetext, replayed};
use crate::game::outcome::{MoveNumber, Termination};
use crate::notation::{Lang, Notation};
use crate::protocol::address::Channel;
use crate::protocol::grammar::{Body, Command, Item, ParsedLine};
use crate::store::{self, GameId, IncidentKind, Player, Store};
use crate::xfcc::games::{XfccGame, XfccResult, time_control};
use crate::xfcc::result::MoveResult;
use crate::xfcc::soap::MakeAMove;

/// Finished games stay in a player's list this long, so their program sees
/// how each ended.
const FINISHED_SHOWN_DAYS: i64 = 30;

/// A player's Xfcc login as stored: who, the password's hash, and the
/// failed logins so far.
#[derive(Debug, Clone)]
pub struct XfccCredentials {
    player: Player,
    hash: String,
    state: store::PinState,
}

impl XfccCredentials {
    /// Whether `password` is the player's: argon2id, slow on purpose, so
    /// the web handler runs it outside the store's lock.
    pub fn opened_by(&self, password: &str) -> bool {
        pin::opens(&self.hash, password)
    }

    /// Failures count on the login itself: behind a proxy every client has
    /// the proxy's address, so counting by address would count nobody.
    fn address(&self) -> String {
        self.player.name.to_lowercase()
    }
}

/// The stored login an Xfcc username names, if any (see
/// [`Store::xfcc_login`](crate::store::Store::xfcc_login)).
pub fn xfcc_credentials(store: &Store, username: &str) -> store::Result<Option<XfccCredentials>> {
    let Some((id, hash)) = store.xfcc_login(username)? else {
        return Ok(None);
    };
    let Some(player) = store.player(id)? else {
        return Ok(None);
    };
    let address = player.name.to_lowercase();
    let state = store.pin_state(player.id, Channel::Xfcc, &address)?;
    Ok(Some(XfccCredentials {
        player,
        hash,
        state,
    }))
}

/// Records an Xfcc login like a PIN's try (`opened`: the password opened
/// the hash): five failures lock the login for an hour, each failure is an
/// incident. The player, or `None` (wrong password, or locked).
pub fn xfcc_login(
    store: &mut Store,
    login: &XfccCredentials,
    opened: bool,
    now: Timestamp,
) -> Result<Option<Player>> {
    let address = login.address();
    let from = pin::Sender {
        player: &login.player,
        channel: Channel::Xfcc,
        address: &address,
        state: login.state,
    };
    let (ok, d) = judge_secret(&from, true, opened, Secret::XfccPassword, now);
    // A program polls: a login that passes with no failures to forget
    // writes nothing (and costs no fsync).
    if ok && login.state == store::PinState::default() {
        return Ok(Some(login.player.clone()));
    }
    // As the sender on the Xfcc channel: the refusal is the response,
    // nothing is sent.
    let actor = Actor::Sender {
        channel: Channel::Xfcc,
        address,
    };
    transact(store, &actor, now, |ctx| ctx.apply(d, None))?;
    Ok(ok.then(|| login.player.clone()))
}

/// The games a player's program lists: those in play and those finished
/// in the last [`FINISHED_SHOWN_DAYS`].
pub fn xfcc_games(store: &Store, player: &Player, now: Timestamp) -> store::Result<Vec<XfccGame>> {
    let since = now - jiff::SignedDuration::from_hours(24 * FINISHED_SHOWN_DAYS);
    let mut out = Vec::new();
    for row in store.games_of(player.id, false)? {
        if row.finished_at.is_some_and(|t| t < since) {
            continue;
        }
        let game = replayed(store, row)?;
        out.push(xfcc_game(store, &game, player, now)?);
    }
    Ok(out)
}

fn xfcc_game(
    store: &Store,
    game: &Loaded,
    player: &Player,
    now: Timestamp,
) -> store::Result<XfccGame> {
    let me = game.color_of(player.id);
    let (white, black) = names(|id| store.player_name(id), game)?;
    let (event, round, board) = match store.event_of(game.row.id)? {
        Some((event, seat)) => (event.name, seat.round, seat.board),
        None => (String::new(), 0, 0),
    };
    let minutes = |color: Color| -> store::Result<i64> {
        if game.row.finished {
            return Ok(0);
        }
        Ok(clock_of_color(store, game, color, now)?
            .and_then(|c| c.days_remaining)
            .map_or(0, |d| d.max(0) * 24 * 60))
    };
    let result = XfccResult::of(game.row.result, game.row.reason.as_ref());
    let moves = movetext(game, Notation::San, Lang::En);
    // The clients write the result (or `*`) after the moves themselves.
    let ending = game.row.result.map_or("*".to_string(), |r| r.to_string());
    let moves = moves
        .trim_end()
        .strip_suffix(&ending)
        .unwrap_or(&moves)
        .trim_end()
        .to_string();
    let date = game
        .row
        .created_at
        .to_zoned_datetime(jiff::tz::TimeZone::UTC)
        .date();
    Ok(XfccGame {
        id: game.row.id.0,
        white,
        black,
        event,
        site: "ccgate".into(),
        event_date: format!("{:04}.{:02}.{:02}", date.year(), date.month(), date.day()),
        round,
        board,
        my_turn: !game.row.finished && game.record.pos.turn() == me,
        has_white: me == Color::White,
        minutes_player: minutes(me)?,
        minutes_opponent: minutes(!me)?,
        moves,
        draw_offered: game.row.draw_offer == Some(!me),
        result,
        time_control: time_control(&game.row.time_control),
        fen: game.row.start_fen.clone(),
    })
}

/// The journal key of a move request: what it asks, by whom, so the same
/// request again is the same key. The password is not part of it (only a
/// request whose login passed is journaled).
fn request_key(player: &Player, m: &MakeAMove) -> String {
    let mut h = Sha256::new();
    for part in [
        player.id.0.to_string(),
        m.game_id.to_string(),
        m.movecount.to_string(),
        m.my_move.clone(),
        format!(
            "{}{}{}{}",
            u8::from(m.resign),
            u8::from(m.accept_draw),
            u8::from(m.offer_draw),
            u8::from(m.claim_draw)
        ),
        m.message.clone(),
    ] {
        h.update(part.as_bytes());
        h.update([0]);
    }
    let digest = h.finalize();
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("xfcc-{hex}")
}

/// What a `MakeAMove` answered, and what the service did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XfccAnswer {
    pub result: MoveResult,
    pub processed: Processed,
}

/// Plays a `MakeAMove` of an authenticated player: journaled with `raw`
/// (the request without its password) as evidence, checked, played as the
/// line it stands for, answered with a result code. A request journaled
/// before is answered with its first result and changes nothing.
pub fn xfcc_move(
    store: &mut Store,
    player: &Player,
    m: &MakeAMove,
    raw: &[u8],
    rules: Rules,
    now: Timestamp,
) -> Result<XfccAnswer> {
    let msg = Inbound {
        thread: Vec::new(),
        channel: Channel::Xfcc,
        from: player.name.clone(),
        transport_id: Some(request_key(player, m)),
        raw: raw.to_vec(),
        text: String::new(),
        auth: Auth::Unchecked,
        rules,
    };
    let processed = alone(store, |b| {
        b.handle(&msg, now, |ctx, _| {
            let result = play_request(ctx, player, m)?;
            let answered = Decision::default().step(Step::Answered(result));
            ctx.apply(answered, None).map(drop)
        })
    })?;
    let result = processed
        .outcome
        .split("; ")
        .find_map(Step::answered)
        .unwrap_or(MoveResult::ServerError);
    Ok(XfccAnswer { result, processed })
}

/// The line a move request stands for: a move (with a draw offer), or a
/// command. `None` for a request that asks nothing.
fn line_of(game: GameId, m: &MakeAMove) -> Option<ParsedLine> {
    let body = if m.resign {
        Body::Command(Command::Resign)
    } else if m.accept_draw && m.my_move.is_empty() {
        Body::Command(Command::AcceptDraw)
    } else if m.claim_draw && m.my_move.is_empty() {
        Body::Command(Command::ClaimDraw(None))
    } else if !m.my_move.is_empty() {
        Body::Moves(vec![Item {
            number: None,
            text: m.my_move.clone(),
            draw_offer: m.offer_draw,
            glyphs: Vec::new(),
        }])
    } else if m.offer_draw {
        Body::Command(Command::OfferDraw)
    } else {
        return None;
    };
    Some(ParsedLine {
        line: 1,
        text: m.my_move.clone(),
        game: u32::try_from(game.0).ok(),
        body,
    })
}

/// What Xfcc says of a request before it is played: its game, whose turn,
/// the move number, an offer to accept. `None`: play it.
fn precheck(game: &Loaded, player: &Player, m: &MakeAMove) -> Option<MoveResult> {
    let me = game.color_of(player.id);
    if game.row.finished {
        let lost_on_time =
            matches!(&game.row.reason, Some(Termination::LostOnTime(who)) if *who == player.name);
        return Some(if lost_on_time {
            MoveResult::LostOnTime
        } else {
            MoveResult::NotYourTurn
        });
    }
    if m.accept_draw && game.row.draw_offer != Some(!me) {
        return Some(MoveResult::NoDrawWasOffered);
    }
    if !m.my_move.is_empty() && !m.resign {
        if game.record.pos.turn() != me {
            return Some(MoveResult::NotYourTurn);
        }
        let number = MoveNumber::of_ply(&game.record.start, game.record.next_ply());
        if number.number != m.movecount {
            return Some(MoveResult::InvalidMoveNumber);
        }
    }
    None
}

/// The result code of what the service did with `player`'s line: their
/// limit found run out as it arrived is `LostOnTime`, as it is for a
/// request after the sweep declared it.
fn result_of(steps: &[Step], player: &Player) -> MoveResult {
    for step in steps {
        match step {
            Step::GameOver {
                reason: Termination::LostOnTime(who),
                ..
            } if *who == player.name => return MoveResult::LostOnTime,
            // The opponent's limit, found run out before the line was
            // read: the line met a finished game (the step after).
            Step::GameOver {
                reason: Termination::LostOnTime(_),
                ..
            } => {}
            Step::Applied { .. }
            | Step::ConfirmedAgain { .. }
            | Step::GameOver { .. }
            | Step::InGame(_, GameStep::DrawOffered | GameStep::DrawDeclined) => {
                return MoveResult::Success;
            }
            Step::InGame(_, GameStep::NoDrawOfferToAccept) => return MoveResult::NoDrawWasOffered,
            Step::RefusedInGame { kind, .. } => {
                return match kind {
                    IncidentKind::Ambiguous => MoveResult::MoveIsAmbiguous,
                    IncidentKind::OutOfTurn => MoveResult::NotYourTurn,
                    IncidentKind::WrongNumber => MoveResult::InvalidMoveNumber,
                    IncidentKind::NotYourGame => MoveResult::NotYourGame,
                    _ => MoveResult::InvalidMove,
                };
            }
            Step::Refused(Refusal::NotTheirGame(_)) => return MoveResult::NotYourGame,
            Step::AlreadyOver(_) => return MoveResult::NotYourTurn,
            _ => {}
        }
    }
    MoveResult::ServerError
}

/// The most characters of a message passed on: the rest of a long one
/// would not reach an SMS reader anyway.
const MAX_MESSAGE: usize = 500;

/// Checks a move request, plays its line and passes its message on.
fn play_request(ctx: &mut Ctx<'_, '_>, player: &Player, m: &MakeAMove) -> Result<MoveResult> {
    let Some(game) = ctx.load(GameId(m.game_id))? else {
        return Ok(MoveResult::InvalidGameId);
    };
    if game.row.white != player.id && game.row.black != player.id {
        let mut d = Decision::default().step(Step::Refused(Refusal::NotTheirGame(game.row.id)));
        d.incident = Some(Incident {
            game: Some(game.row.id),
            player: Some(player.id),
            ..Incident::about(
                IncidentKind::NotYourGame,
                format!("xfcc: game {} is not {}'s", game.row.id, player.name),
            )
        });
        ctx.apply(d, None)?;
        return Ok(MoveResult::NotYourGame);
    }
    if let Some(r) = precheck(&game, player, m) {
        return Ok(r);
    }
    let played = match line_of(game.row.id, m) {
        Some(parsed) => {
            let before = ctx.steps.len();
            line(ctx, player, &parsed)?;
            result_of(&ctx.steps[before..], player)
        }
        None if !m.message.is_empty() => MoveResult::Success,
        None => MoveResult::InvalidMove,
    };
    // The words go with what they were written with, or not at all.
    if played == MoveResult::Success && !m.message.is_empty() {
        let opponent = ctx.tx.player(game.opponent_id(player.id))?;
        if let Some(d) = forward(player, opponent, &game, &m.message) {
            ctx.apply(d, None)?;
        }
    }
    Ok(played)
}

/// Passes a player's words about a game to the opponent, if registered:
/// on their channel, in the reply that tells them of the move when there
/// is one.
fn forward(
    player: &Player,
    opponent: Option<Player>,
    game: &Loaded,
    text: &str,
) -> Option<Decision> {
    let opponent = opponent?;
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_MESSAGE)
        .collect();
    let notice = Notice::Message {
        game: game.row.id,
        opponent: player.name.clone(),
        text,
    };
    Some(
        Decision::about(game.row.id)
            .tell(To::Player(opponent), notice)
            .step(Step::InGame(game.row.id, GameStep::MessageForwarded)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::outcome::GameResult;
    use crate::xfcc::soap::Login;

    fn request(my_move: &str) -> MakeAMove {
        MakeAMove {
            login: Login {
                username: "a".into(),
                password: "b".into(),
            },
            game_id: 4,
            resign: false,
            accept_draw: false,
            movecount: 1,
            my_move: my_move.into(),
            offer_draw: false,
            claim_draw: false,
            message: String::new(),
        }
    }

    #[test]
    fn a_request_stands_for_the_line_a_mail_would_carry() {
        let mut m = request("Nf3");
        m.offer_draw = true;
        let line = line_of(GameId(4), &m).unwrap();
        assert_eq!(line.game, Some(4));
        assert!(
            matches!(&line.body, Body::Moves(items) if items[0].text == "Nf3" && items[0].draw_offer)
        );
        let mut r = request("");
        r.resign = true;
        assert_eq!(
            line_of(GameId(4), &r).unwrap().body,
            Body::Command(Command::Resign)
        );
        r.resign = false;
        r.offer_draw = true;
        assert_eq!(
            line_of(GameId(4), &r).unwrap().body,
            Body::Command(Command::OfferDraw)
        );
        assert_eq!(line_of(GameId(4), &request("")), None);
    }

    #[test]
    fn movecount_is_the_full_move_number_and_the_turn_is_checked_first() {
        use super::super::decision::fixture::{game, player};
        let (white, black) = (player(1, "anna"), player(2, "boris"));
        let g = game(&["e2e4"]);
        let at = |n: u32, text: &str| MakeAMove {
            movecount: n,
            ..request(text)
        };
        // Black's first move is move 1, as Scid sends it.
        assert_eq!(precheck(&g, &black, &at(1, "e5")), None);
        assert_eq!(
            precheck(&g, &black, &at(2, "e5")),
            Some(MoveResult::InvalidMoveNumber)
        );
        assert_eq!(
            precheck(&g, &white, &at(2, "d4")),
            Some(MoveResult::NotYourTurn)
        );
        // A resignation needs no number, an acceptance an offer.
        let mut resign = at(9, "");
        resign.resign = true;
        assert_eq!(precheck(&g, &white, &resign), None);
        let mut accept = at(1, "");
        accept.accept_draw = true;
        assert_eq!(
            precheck(&g, &black, &accept),
            Some(MoveResult::NoDrawWasOffered)
        );
        let mut offered = game(&["e2e4"]);
        offered.row.draw_offer = Some(Color::White);
        assert_eq!(precheck(&offered, &black, &accept), None);
        // Over: lost on time for its loser, not your turn for anyone else.
        let mut over = game(&["e2e4"]);
        over.row.finished = true;
        over.row.reason = Some(Termination::LostOnTime("boris".into()));
        assert_eq!(
            precheck(&over, &black, &at(1, "e5")),
            Some(MoveResult::LostOnTime)
        );
        assert_eq!(
            precheck(&over, &white, &resign),
            Some(MoveResult::NotYourTurn)
        );
    }

    #[test]
    fn the_key_is_the_request_not_its_password() {
        let p = super::super::decision::fixture::player(1, "anna");
        let a = request("e4");
        let mut b = a.clone();
        b.login.password = "other".into();
        assert_eq!(request_key(&p, &a), request_key(&p, &b));
        assert_ne!(request_key(&p, &a), request_key(&p, &request("d4")));
    }

    #[test]
    fn refusals_become_the_codes_clients_match() {
        let anna = super::super::decision::fixture::player(1, "anna");
        let refused = |kind| {
            result_of(
                &[Step::RefusedInGame {
                    game: GameId(1),
                    kind,
                    why: String::new(),
                }],
                &anna,
            )
        };
        assert_eq!(
            refused(IncidentKind::Ambiguous),
            MoveResult::MoveIsAmbiguous
        );
        assert_eq!(refused(IncidentKind::Illegal), MoveResult::InvalidMove);
        assert_eq!(result_of(&[], &anna), MoveResult::ServerError);
        // A limit found run out as the request arrived: the requester's
        // own is LostOnTime; the opponent's leaves the line a finished game.
        let over = |who: &str| Step::GameOver {
            game: GameId(1),
            result: GameResult::BlackWins,
            reason: Termination::LostOnTime(who.into()),
        };
        assert_eq!(result_of(&[over("anna")], &anna), MoveResult::LostOnTime);
        assert_eq!(
            result_of(&[over("boris"), Step::AlreadyOver(GameId(1))], &anna),
            MoveResult::NotYourTurn
        );
    }
}
