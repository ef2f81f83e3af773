//! Events: a section started at once (every game in one transaction, every
//! player told of all their games in one message) and withdrawals.

use super::*;
use crate::event::berger::round_robin;
use crate::event::standings::Rules;
use crate::game::clock::{self, TimeControl};
use crate::store::{EventGame, EventId};

use super::notice::EventGameNotice;

/// What `event new` asks for.
#[derive(Debug, Clone)]
pub struct EventSpec {
    pub name: String,
    /// In seat order (the Berger table's numbers).
    pub players: Vec<String>,
    pub double: bool,
    pub time_control: TimeControl,
    pub penalty_days: u32,
    pub rules: Rules,
    /// When the games' clocks start (all together); `None`: now. Never
    /// before the day of `now`.
    pub start: Option<Timestamp>,
    /// ICCF's duplication: days beyond this many on one move count twice.
    pub duplication_after: Option<u32>,
}

/// Creates the event, its seats and all its games, and tells each player
/// of all their games, in one transaction.
pub fn start_event(store: &mut Store, spec: &EventSpec, now: Timestamp) -> Result<EventId> {
    if spec.players.len() < 2 {
        return Err(ServiceError::Invalid(
            "an event needs at least two players".into(),
        ));
    }
    let start = spec.start.unwrap_or(now);
    let tz = jiff::tz::TimeZone::UTC;
    if clock::local_date(&tz, start) < clock::local_date(&tz, now) {
        return Err(ServiceError::Invalid(format!(
            "the start {} is in the past; an event starts today or later",
            clock::local_date(&tz, start)
        )));
    }
    let tx = store.write()?;
    let mut players: Vec<Player> = Vec::new();
    for name in &spec.players {
        let p = super::playing(&tx, name)?;
        if players.iter().any(|q| q.id == p.id) {
            return Err(ServiceError::Invalid(format!("{} is named twice", p.name)));
        }
        players.push(p);
    }
    let event = tx.create_event(&spec.name, spec.rules, spec.double, &spec.time_control, now)?;
    for (seat, p) in (1u32..).zip(&players) {
        tx.add_seat(event, seat, p.id)?;
    }
    let mut lists: Vec<Vec<EventGameNotice>> = vec![Vec::new(); players.len()];
    for pairing in round_robin(players.len(), spec.double) {
        let (w, b) = (pairing.white - 1, pairing.black - 1);
        // A game's clock starts when it is created: at the event's start.
        let game = tx.create_game(
            players[w].id,
            players[b].id,
            None,
            &spec.time_control,
            start,
        )?;
        if spec.penalty_days > 0 {
            tx.set_penalty_days(game, spec.penalty_days)?;
        }
        if spec.duplication_after.is_some() {
            tx.set_duplication(game, spec.duplication_after)?;
        }
        tx.add_event_game(
            event,
            EventGame {
                game,
                round: pairing.round,
                board: pairing.board,
            },
        )?;
        for (me, them, white) in [(w, b, true), (b, w, false)] {
            lists[me].push(EventGameNotice {
                game,
                white,
                opponent: players[them].name.clone(),
            });
        }
    }
    let mut ctx = Ctx::unprompted(&tx, Actor::Operator, now);
    for (p, games) in players.iter().zip(lists) {
        let notice = Notice::EventStarted {
            event: spec.name.clone(),
            time: spec.time_control.to_string(),
            start: (start > now).then(|| clock::local_date(&tz, start).to_string()),
            games,
        };
        ctx.send_to(p, None, None, &notice)?;
    }
    ctx.flush()?;
    tx.commit()?;
    Ok(event)
}

/// Withdraws a player from an event. As ICCF's rules score it, every game
/// they have not finished is lost (the opponent wins); finished games stand.
/// Each game is audited (with the director's name from the console); the
/// player and each opponent are told. Returns the games scored.
pub fn withdraw(
    store: &mut Store,
    by: &Actor,
    event: EventId,
    player: PlayerId,
    reason: &str,
    now: Timestamp,
) -> Result<Vec<(GameId, GameResult)>> {
    let tx = store.write()?;
    let row = tx
        .event(event)?
        .ok_or_else(|| ServiceError::NotFound(format!("no event {event}")))?;
    let me = tx
        .player(player)?
        .ok_or_else(|| ServiceError::NotFound(format!("no player #{player}")))?;
    if !tx.seats(event)?.iter().any(|s| s.player == player) {
        return Err(ServiceError::Refused(format!(
            "{} does not play in {}",
            me.name, row.name
        )));
    }
    if !tx.withdraw(event, player, now)? {
        return Err(ServiceError::Refused(format!(
            "{} has already withdrawn from {}",
            me.name, row.name
        )));
    }
    let mut ctx = Ctx::unprompted(&tx, by.clone(), now);
    let mut scored = Vec::new();
    let mut told: Vec<(PlayerId, Vec<(GameId, GameResult)>)> = Vec::new();
    for eg in tx.event_games(event)? {
        let Some(g) = tx.game(eg.game)? else { continue };
        let color = if g.white == player {
            Color::White
        } else if g.black == player {
            Color::Black
        } else {
            continue;
        };
        if g.finished {
            continue;
        }
        let result = GameResult::loss_for(color);
        let why = format!("{} withdrew: {reason}", me.name);
        tx.finish_game(g.id, result, &Termination::Adjudicated(why.clone()), now)?;
        tx.audit(
            (Some(g.id), Some(player)),
            ("withdraw", by.director()),
            &why,
            result.as_str(),
            now,
        )?;
        scored.push((g.id, result));
        let opponent = g.player(!color);
        match told.iter_mut().find(|(p, _)| *p == opponent) {
            Some((_, list)) => list.push((g.id, result)),
            None => told.push((opponent, vec![(g.id, result)])),
        }
    }
    told.push((player, scored.clone()));
    for (pid, games) in told {
        if let Some(p) = tx.player(pid)? {
            let notice = Notice::Withdrawn {
                event: row.name.clone(),
                player: me.name.clone(),
                games,
            };
            ctx.send_to(&p, None, None, &notice)?;
        }
    }
    ctx.flush()?;
    tx.commit()?;
    Ok(scored)
}

/// ICCF's silence period: a player who sends no move for 40 days
/// (iccf.com, "Failure to reply") is reported to the director.
pub const SILENCE_DAYS: i64 = 40;

/// Raises a silence incident for each player of an event who has owed a
/// move in one of its games, and sent nothing in any of them, for
/// [`SILENCE_DAYS`], once per stretch of silence (the incident names the
/// day it began). Returns the players reported now.
pub(super) fn raise_silences(ctx: &Ctx<'_, '_>) -> Result<Vec<PlayerId>> {
    let tx = ctx.tx;
    let mut reported = Vec::new();
    let known = tx.incidents(None)?;
    for event in tx.events()? {
        let games = tx.event_games(event.id)?;
        for seat in tx.seats(event.id)? {
            if seat.withdrawn_at.is_some() {
                continue;
            }
            // Silent since the later of their last move in the event and
            // the oldest move they owe an answer to.
            let mut last = event.created_at;
            let mut owed_since: Option<Timestamp> = None;
            for eg in &games {
                let Some(game) = ctx.load(eg.game)? else {
                    continue;
                };
                let color = if game.row.white == seat.player {
                    Color::White
                } else if game.row.black == seat.player {
                    Color::Black
                } else {
                    continue;
                };
                let first = game.record.start.turn();
                for (i, m) in game.moves.iter().enumerate() {
                    let mover = if i % 2 == 0 { first } else { !first };
                    if mover == color && m.received_at > last {
                        last = m.received_at;
                    }
                }
                if !game.row.finished && game.record.pos.turn() == color {
                    let since = game
                        .moves
                        .last()
                        .map_or(game.row.created_at, |m| m.received_at);
                    owed_since = Some(owed_since.map_or(since, |o| o.min(since)));
                }
            }
            let Some(owed_since) = owed_since else {
                continue;
            };
            let last = last.max(owed_since);
            if ctx.now.duration_since(last).as_hours() / 24 < SILENCE_DAYS {
                continue;
            }
            let detail = format!(
                "no move in {} since {}",
                event.name,
                last.strftime("%Y-%m-%d")
            );
            if known.iter().any(|i| {
                i.kind == IncidentKind::Silence
                    && i.player_id == Some(seat.player)
                    && i.detail == detail
            }) {
                continue;
            }
            ctx.incident(
                None,
                None,
                IncidentKind::Silence,
                detail,
                None,
                Some(seat.player),
            )?;
            reported.push(seat.player);
        }
    }
    Ok(reported)
}
