//! An event's crosstable: standings in rank order with tie-breaks, each
//! player's points against each opponent, and the games behind them. The
//! command line prints it (`event show`) and the event page draws it.

use serde::Serialize;

use crate::event::standings::{Line, Played, standings};
use crate::game::outcome::GameResult;
use crate::store::{self, EventGame, EventRow, Store};

/// `event show --json`: players in rank order, scores as numbers.
#[derive(Serialize)]
pub struct Crosstable {
    pub id: i64,
    pub name: String,
    pub rules: &'static str,
    pub players: Vec<Standing>,
    pub games: Vec<TableGame>,
}

#[derive(Serialize)]
pub struct Standing {
    pub name: String,
    pub seat: usize,
    pub rank: u32,
    pub score: f64,
    pub games: u32,
    pub wins: u32,
    pub sonneborn_berger: f64,
    pub withdrawn: bool,
    pub tiebreaks: Tiebreaks,
    /// Per opponent (by name), this player's points in each game, `null`
    /// while a game is unfinished.
    pub results: Vec<Against>,
}

#[derive(Serialize)]
pub struct Tiebreaks {
    pub wins: u32,
    pub sonneborn_berger: f64,
    /// Points against the players still tied after wins and Sonneborn–Berger (ICCF).
    pub direct_encounter: f64,
}

#[derive(Serialize)]
pub struct Against {
    pub opponent: String,
    pub points: Vec<Option<f64>>,
    /// The games behind the points, in the same order (for the pages' links).
    #[serde(skip)]
    pub games: Vec<i64>,
}

#[derive(Serialize)]
pub struct TableGame {
    pub id: i64,
    pub round: u32,
    pub board: u32,
    pub white: String,
    pub black: String,
    pub result: &'static str,
}

/// The crosstable of an event: `event show` and the event's web page.
pub fn crosstable(store: &Store, e: &EventRow) -> store::Result<Crosstable> {
    let seats = store.seats(e.id)?;
    let mut names = Vec::new();
    for s in &seats {
        names.push(
            store
                .player(s.player)?
                .map_or_else(|| format!("#{}", s.player), |p| p.name),
        );
    }
    let seat_of = |pid| seats.iter().position(|s| s.player == pid);
    let mut played = Vec::new();
    let mut games = Vec::new();
    for EventGame { game, round, board } in store.event_games(e.id)? {
        let Some(g) = store.game(game)? else { continue };
        let (Some(w), Some(b)) = (seat_of(g.white), seat_of(g.black)) else {
            continue;
        };
        let result = g.result.unwrap_or(GameResult::Unfinished);
        played.push(Played {
            white: w,
            black: b,
            result,
        });
        games.push(TableGame {
            id: game.0,
            round,
            board,
            white: names[w].clone(),
            black: names[b].clone(),
            result: result.as_str(),
        });
    }
    let players = standings(seats.len(), &played, e.rules)
        .into_iter()
        .map(|l: Line| Standing {
            name: names[l.seat].clone(),
            seat: l.seat + 1,
            rank: l.rank,
            score: l.score(),
            games: l.games,
            wins: l.wins,
            sonneborn_berger: l.sonneborn_berger(),
            withdrawn: seats[l.seat].withdrawn_at.is_some(),
            tiebreaks: Tiebreaks {
                wins: l.wins,
                sonneborn_berger: l.sonneborn_berger(),
                direct_encounter: f64::from(l.direct_half_points) / 2.0,
            },
            results: l
                .against
                .iter()
                .enumerate()
                .filter(|(s, _)| *s != l.seat)
                .map(|(s, r)| Against {
                    opponent: names[s].clone(),
                    points: r.iter().map(|h| h.map(|h| f64::from(h) / 2.0)).collect(),
                    games: played
                        .iter()
                        .zip(&games)
                        .filter(|(p, _)| {
                            (p.white, p.black) == (l.seat, s) || (p.white, p.black) == (s, l.seat)
                        })
                        .map(|(_, g)| g.id)
                        .collect(),
                })
                .collect(),
        })
        .collect();
    Ok(Crosstable {
        id: e.id.0,
        name: e.name.clone(),
        rules: e.rules.as_str(),
        players,
        games,
    })
}

/// One game's points: 1, ½, 0, `.` while unfinished.
pub fn point_mark(points: Option<f64>) -> &'static str {
    match points {
        None => ".",
        Some(x) if x >= 1.0 => "1",
        Some(x) if x > 0.0 => "½",
        Some(_) => "0",
    }
}
