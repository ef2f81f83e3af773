//! Events: a section started at once (every game in one transaction, every
//! player told of all their games in one message) and withdrawals.

use jiff::Timestamp;
use shakmaty::{Color, Position};

use super::ctx::{Actor, transact};
use super::decision::{AuditAction, Decision, Incident, NewEvent, To, Write};
use super::error::{Result, ServiceError};
use super::load_game;
use super::name::{Name, taken};
use super::notice::{EventGameNotice, Notice};
use super::playing;
use crate::event::berger::round_robin;
use crate::event::standings::Rules;
use crate::game::clock::{self, TimeControl};
use crate::game::outcome::GameResult;
use crate::store::{EventId, GameId, IncidentKind, Player, PlayerId, Store, Tx};

/// What `event new` asks for.
#[derive(Debug, Clone)]
pub struct EventSpec {
    pub name: Name,
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
    transact(store, &Actor::Operator, now, |ctx| {
        let events = ctx.tx.events()?;
        if let Some(other) = taken(&spec.name, events.iter().map(|e| e.name.as_str())) {
            return Err(ServiceError::Refused(format!(
                "an event named {other:?} exists already (names are the same whatever their case)"
            )));
        }
        let mut players: Vec<Player> = Vec::new();
        for name in &spec.players {
            let p = playing(ctx.tx, name)?;
            if players.iter().any(|q| q.id == p.id) {
                return Err(ServiceError::Invalid(format!("{} is named twice", p.name)));
            }
            players.push(p);
        }
        let pairings: Vec<_> = round_robin(players.len(), spec.double)
            .into_iter()
            .map(|p| ((p.white - 1, p.black - 1), (p.round, p.board)))
            .collect();
        let new = NewEvent {
            name: spec.name.to_string(),
            rules: spec.rules,
            double: spec.double,
            time_control: spec.time_control,
            players: players.iter().map(|p| p.id).collect(),
            games: pairings.clone(),
            // A game's clock starts when it is created: at the event's start.
            start,
            penalty_days: spec.penalty_days,
            duplication_after: spec.duplication_after,
        };
        let created = ctx.apply(Decision::default().write(Write::Event(Box::new(new))), None)?;
        let event = created
            .event
            .ok_or_else(|| ServiceError::NotFound("the event was not created".into()))?;
        let started = (start > now).then(|| clock::local_date(&tz, start));
        let d = event_started(spec, &players, &pairings, &created.games, started);
        ctx.apply(d, None)?;
        Ok(event)
    })
}

/// A game of an event: White's and Black's seats (from 0), round and board.
type Pairing = ((usize, usize), (u32, u32));

/// Each player told of all their games in one notice: the games as the
/// store numbered them, in the order of `pairings`.
fn event_started(
    spec: &EventSpec,
    players: &[Player],
    pairings: &[Pairing],
    games: &[GameId],
    start: Option<jiff::civil::Date>,
) -> Decision {
    let mut lists: Vec<Vec<EventGameNotice>> = vec![Vec::new(); players.len()];
    for (&((w, b), _), &game) in pairings.iter().zip(games) {
        for (me, them, white) in [(w, b, true), (b, w, false)] {
            lists[me].push(EventGameNotice {
                game,
                white,
                opponent: players[them].name.clone(),
            });
        }
    }
    let mut d = Decision::default();
    for (p, games) in players.iter().zip(lists) {
        let notice = Notice::EventStarted {
            event: spec.name.to_string(),
            time: spec.time_control.to_string(),
            start,
            games,
        };
        d = d.tell(To::Player(p.clone()), notice);
    }
    d
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
    transact(store, by, now, |ctx| {
        let tx = ctx.tx;
        let row = tx
            .event(event)?
            .ok_or_else(|| ServiceError::NotFound(format!("no event {event}")))?;
        let me = tx
            .player(player)?
            .ok_or_else(|| ServiceError::NotFound(format!("no player #{player}")))?;
        let Some(seat) = tx.seats(event)?.into_iter().find(|s| s.player == player) else {
            return Err(ServiceError::Refused(format!(
                "{} does not play in {}",
                me.name, row.name
            )));
        };
        if seat.withdrawn_at.is_some() {
            return Err(ServiceError::Refused(format!(
                "{} has already withdrawn from {}",
                me.name, row.name
            )));
        }
        let mut games = Vec::new();
        for eg in tx.event_games(event)? {
            games.extend(tx.game(eg.game)?);
        }
        let (d, scored, told) = withdrawal((event, &row.name), &me, &games, reason);
        let mut d = d;
        for (pid, games) in told {
            if let Some(p) = tx.player(pid)? {
                let notice = Notice::Withdrawn {
                    event: row.name.clone(),
                    player: me.name.clone(),
                    games,
                };
                d = d.tell(To::Player(p), notice);
            }
        }
        ctx.apply(d, None)?;
        Ok(scored)
    })
}

/// Whom a withdrawal tells of which games' results: each opponent of
/// theirs, then the player.
type Told = Vec<(PlayerId, Vec<(GameId, GameResult)>)>;

/// A withdrawal: the seat withdrawn, every unfinished game of the player's
/// lost and audited; the games scored, and whom to tell of which.
fn withdrawal(
    (event, name): (EventId, &str),
    me: &Player,
    games: &[crate::store::GameRow],
    reason: &str,
) -> (Decision, Vec<(GameId, GameResult)>, Told) {
    let mut d = Decision::default().write(Write::Withdraw {
        event,
        player: me.id,
        names: (me.name.clone(), name.to_string()),
    });
    let mut scored = Vec::new();
    let mut told: Told = Vec::new();
    for g in games {
        let color = if g.white == me.id {
            Color::White
        } else if g.black == me.id {
            Color::Black
        } else {
            continue;
        };
        if g.finished {
            continue;
        }
        let result = GameResult::loss_for(color);
        let why = format!("{} withdrew: {reason}", me.name);
        d = d
            .write(Write::Adjudicated {
                game: g.id,
                result,
                reason: why.clone(),
            })
            .write(Write::Audit {
                game: Some(g.id),
                player: Some(me.id),
                action: AuditAction::Withdraw,
                reason: why,
                detail: result.as_str().to_string(),
            });
        scored.push((g.id, result));
        let opponent = g.player(!color);
        match told.iter_mut().find(|(p, _)| *p == opponent) {
            Some((_, list)) => list.push((g.id, result)),
            None => told.push((opponent, vec![(g.id, result)])),
        }
    }
    told.push((me.id, scored.clone()));
    (d, scored, told)
}

/// ICCF's silence period: a player who sends no move for 40 days
/// (iccf.com, "Failure to reply") is reported to the director.
pub const SILENCE_DAYS: i64 = 40;

/// A silence incident for each player of an event who has owed a move in
/// one of its games, and sent nothing in any of them, for
/// [`SILENCE_DAYS`], once per stretch of silence (the incident names the
/// day it began): the players reported now, each with the decision.
pub(super) fn silences(tx: &Tx<'_>, now: Timestamp) -> Result<Vec<(PlayerId, Decision)>> {
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
                let Some(game) = load_game(tx, eg.game)? else {
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
            if now.duration_since(last).as_hours() / 24 < SILENCE_DAYS {
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
            let incident = Incident {
                player: Some(seat.player),
                ..Incident::about(IncidentKind::Silence, detail)
            };
            let d = Decision {
                incident: Some(incident),
                ..Decision::default()
            };
            reported.push((seat.player, d));
        }
    }
    Ok(reported)
}
