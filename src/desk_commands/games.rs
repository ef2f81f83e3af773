//! `game list` and `game show --json`: the games as tables or JSON.

use std::collections::HashSet;

use clap::Args;
use jiff::Timestamp;
use serde::Serialize;
use shakmaty::{Color, Position};

use super::{print, print_json};
use crate::commands::{CommandError, name_of, now};
use crate::escape::shown;
use crate::service::{self};
use crate::store::{self, GameId, GameRow, Player, PlayerId, Store};

/// `game list`'s filters.
#[derive(Args, Debug, Default)]
pub struct GameFilter {
    /// Only the games of this event (id or name).
    #[arg(long)]
    event: Option<String>,
    /// Only the games of this player.
    #[arg(long)]
    player: Option<String>,
    /// Only the games waiting for this player's move.
    #[arg(long)]
    waiting: Option<String>,
    /// Only the games in progress.
    #[arg(long)]
    active: bool,
    #[arg(long)]
    json: bool,
}

/// `game list --json`: one object per game.
#[derive(Serialize)]
struct GameJson {
    id: i64,
    white: String,
    black: String,
    event: Option<String>,
    round: Option<u32>,
    board: Option<u32>,
    plies: usize,
    time_control: String,
    state: &'static str,
    result: &'static str,
    reason: Option<String>,
    /// The side to move while the game is in progress.
    to_move: Option<&'static str>,
    /// The name of the player whose move it is.
    waiting_for: Option<String>,
    clocks: Clocks,
}

#[derive(Serialize)]
struct Clocks {
    white: Option<Clock>,
    black: Option<Clock>,
}

#[derive(Serialize)]
struct Clock {
    days_used: i64,
    /// `null` without a limit.
    days_left: Option<i64>,
    /// The last day to reply on the running move (`null` when not to move).
    deadline: Option<String>,
}

pub fn list_games(store: &Store, f: &GameFilter) -> Result<(), CommandError> {
    let event_games = games_of_event(store, f.event.as_deref())?;
    let player = named(store, f.player.as_deref())?;
    let waiting = named(store, f.waiting.as_deref())?;
    let at = now();
    let mut rows = Vec::new();
    for g in store.all_games(f.active)? {
        if event_games.as_ref().is_some_and(|set| !set.contains(&g.id))
            || player.as_ref().is_some_and(|p| !plays(&g, p.id))
        {
            continue;
        }
        let row = game_json(store, &g, at)?;
        if let Some(w) = &waiting
            && row.waiting_for.as_deref() != Some(w.name.as_str())
        {
            continue;
        }
        rows.push(row);
    }
    if f.json {
        return print_json(&rows);
    }
    let mut out = String::from(
        "ID\tWHITE\tBLACK\tEVENT\tPLIES\tTIME\tSTATE\tTO MOVE\tWHITE LEFT\tBLACK LEFT\tDEADLINE\n",
    );
    let left = |c: &Option<Clock>| {
        c.as_ref()
            .and_then(|c| c.days_left)
            .map_or("-".to_string(), |d| d.to_string())
    };
    for r in &rows {
        let deadline = [&r.clocks.white, &r.clocks.black]
            .into_iter()
            .flatten()
            .find_map(|c| c.deadline.clone());
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            r.id,
            shown(&r.white, false),
            shown(&r.black, false),
            r.event.as_deref().map_or("-".into(), |e| shown(e, false)),
            r.plies,
            r.time_control,
            if r.state == "active" {
                "active".to_string()
            } else {
                format!("{} {}", r.result, r.reason.as_deref().unwrap_or_default())
            },
            r.waiting_for
                .as_deref()
                .map_or("-".into(), |n| shown(n, false)),
            left(&r.clocks.white),
            left(&r.clocks.black),
            deadline.as_deref().unwrap_or("-")
        ));
    }
    print(&out)?;
    Ok(())
}

/// The games of the event a filter names (by id or name), if it names one.
pub(super) fn games_of_event(
    store: &Store,
    event: Option<&str>,
) -> store::Result<Option<HashSet<GameId>>> {
    let Some(e) = event else { return Ok(None) };
    let id = crate::event_commands::find(store, e)?.id;
    Ok(Some(
        store.event_games(id)?.into_iter().map(|g| g.game).collect(),
    ))
}

/// The player a filter names, if it names one.
pub(super) fn named(store: &Store, name: Option<&str>) -> store::Result<Option<Player>> {
    name.map(|n| service::find_player(store, n)).transpose()
}

fn plays(g: &GameRow, p: PlayerId) -> bool {
    g.white == p || g.black == p
}

fn game_json(store: &Store, g: &GameRow, at: Timestamp) -> Result<GameJson, CommandError> {
    let loaded = service::load_game(store, g.id)?
        .ok_or_else(|| store::StoreError::NotFound(format!("no game {}", g.id)))?;
    let event = store.event_of(g.id)?;
    let turn = loaded.record.pos.turn();
    let clock = |color: Color| -> store::Result<Option<Clock>> {
        Ok(
            service::clock_of_color(store, &loaded, color, at)?.map(|st| Clock {
                days_used: st.days_used_total,
                days_left: st.days_remaining,
                deadline: st
                    .running
                    .then_some(st.forfeit_date)
                    .flatten()
                    .and_then(|d| d.yesterday().ok())
                    .map(|d| d.to_string()),
            }),
        )
    };
    let active = !g.finished;
    Ok(GameJson {
        id: g.id.0,
        white: name_of(store, g.white),
        black: name_of(store, g.black),
        event: event.as_ref().map(|(e, _)| e.name.clone()),
        round: event.as_ref().map(|(_, eg)| eg.round),
        board: event.as_ref().map(|(_, eg)| eg.board),
        plies: loaded.moves.len(),
        time_control: g.time_control.to_string(),
        state: if active { "active" } else { "finished" },
        result: g.result.map_or("*", |r| r.as_str()),
        reason: g.reason.as_ref().map(ToString::to_string),
        to_move: active.then_some(if turn == Color::White {
            "white"
        } else {
            "black"
        }),
        waiting_for: active.then(|| name_of(store, g.player(turn))),
        clocks: if active {
            Clocks {
                white: clock(Color::White)?,
                black: clock(Color::Black)?,
            }
        } else {
            Clocks {
                white: None,
                black: None,
            }
        },
    })
}

/// `game show --json`: the game-list object with the moves.
#[derive(Serialize)]
struct GameDetail {
    #[serde(flatten)]
    game: GameJson,
    moves: Vec<MoveJson>,
}

#[derive(Serialize)]
struct MoveJson {
    ply: u32,
    uci: String,
    /// As the player wrote it, and the notation it was read in.
    written: String,
    notation: String,
    received_at: Timestamp,
    delivered_at: Option<Timestamp>,
}

pub fn show_game_json(store: &Store, id: GameId) -> Result<(), CommandError> {
    let row = store
        .game(id)?
        .ok_or_else(|| store::StoreError::NotFound(format!("no game {id}")))?;
    let detail = GameDetail {
        game: game_json(store, &row, now())?,
        moves: store
            .moves(id)?
            .into_iter()
            .map(|m| MoveJson {
                ply: m.ply,
                uci: m.uci.into(),
                written: m.raw.into(),
                notation: m.notation.into(),
                received_at: m.received_at,
                delivered_at: m.delivered_at,
            })
            .collect(),
    };
    print_json(&detail)
}
