//! What each page shows, read from the store for one viewer: plain values
//! the templates (`pages.rs`) turn into HTML. `None`: no such page for this
//! viewer (absent and hidden look the same, so a page's existence is not
//! told to someone who may not see it).

use std::sync::Arc;

use jiff::Timestamp;
use shakmaty::{Color, Position};

use super::access::{Prefs, Viewer};
use crate::board::{Diagram, Renderer};
use crate::game::outcome::MoveNumber;
use crate::notation::{WriteOptions, write_move};
use crate::read::crosstable::{crosstable, point_mark};
use crate::service::{self, Loaded};
use crate::store::{self, EventId, EventRow, GameId, PlayerId, Store};

pub struct GameView {
    pub id: i64,
    /// White's and Black's names.
    pub names: [String; 2],
    pub event: Option<EventLink>,
    pub time_control: String,
    pub moves: Vec<MoveText>,
    /// The ply shown (0: the start position) and the last one played.
    pub ply: u32,
    pub last_ply: u32,
    pub svg: Arc<str>,
    /// While the game goes on: the side to move.
    pub to_move: Option<Color>,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub draw_offer: Option<Color>,
    pub clocks: Vec<ClockView>,
}

pub struct EventLink {
    pub id: i64,
    pub name: String,
    pub round: u32,
    pub board: u32,
}

pub struct MoveText {
    pub ply: u32,
    /// `12.` before White's move, `12...` before a Black move that opens
    /// the record; `None` otherwise.
    pub number: Option<String>,
    pub text: String,
}

pub struct ClockView {
    pub color: Color,
    pub name: String,
    pub days_used: i64,
    /// `None`: no limit.
    pub days_left: Option<i64>,
    /// The day the player forfeits if they have not moved.
    pub deadline: Option<String>,
    pub running: bool,
}

fn name_of(store: &Store, id: PlayerId) -> store::Result<String> {
    Ok(store
        .player(id)?
        .map_or_else(|| format!("#{id}"), |p| p.name))
}

fn seat_ids(store: &Store, event: EventId) -> store::Result<Vec<PlayerId>> {
    Ok(store.seats(event)?.into_iter().map(|s| s.player).collect())
}

/// Whether the viewer may see a game (its event's rule, or its players).
fn may_see_game(store: &Store, viewer: &Viewer, game: &Loaded) -> store::Result<bool> {
    let players = [game.row.white, game.row.black];
    Ok(match store.event_of(game.row.id)? {
        Some((e, _)) => {
            let seats = seat_ids(store, e.id)?;
            viewer.may_see_game(players, Some((e.visibility, &seats)))
        }
        None => viewer.may_see_game(players, None),
    })
}

/// The game page at `ply` (past the end: the last position).
pub fn game(
    store: &Store,
    renderer: &Renderer,
    viewer: &Viewer,
    prefs: Prefs,
    id: GameId,
    ply: Option<u32>,
    now: Timestamp,
) -> store::Result<Option<GameView>> {
    let Some(game) = service::load_game(store, id)? else {
        return Ok(None);
    };
    if !may_see_game(store, viewer, &game)? {
        return Ok(None);
    }
    let row = &game.row;
    let record = &game.record;
    let last_ply = u32::try_from(record.moves.len()).unwrap_or(u32::MAX);
    let ply = ply.unwrap_or(last_ply).min(last_ply);
    let opts = WriteOptions::new(prefs.lang);
    let mut pos = record.start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    let mut shown = (record.start.clone(), None);
    for (i, mv) in record.moves.iter().enumerate() {
        let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let number = (pos.turn() == Color::White || i == 0)
            .then(|| MoveNumber::of_ply(&record.start, n).to_string());
        moves.push(MoveText {
            ply: n,
            number,
            text: write_move(&pos, *mv, prefs.notation, &opts),
        });
        pos.play_unchecked(*mv);
        if n == ply {
            shown = (pos.clone(), Some(*mv));
        }
    }
    // The board from the viewer's side: Black's player sees it flipped.
    let flip = viewer
        .player
        .is_some_and(|p| p == row.black && p != row.white);
    let diagram = Diagram::of_position(&shown.0, shown.1.as_ref(), flip);
    let event = store.event_of(id)?.map(|(e, g)| EventLink {
        id: e.id.0,
        name: e.name,
        round: g.round,
        board: g.board,
    });
    let mut clocks = Vec::new();
    for color in [Color::White, Color::Black] {
        if let Some(st) = service::clock_of_color(store, &game, color, now)? {
            let running = st.running && !row.finished;
            clocks.push(ClockView {
                color,
                name: name_of(store, row.player(color))?,
                days_used: st.days_used_total,
                days_left: st.days_remaining,
                deadline: running
                    .then_some(st.forfeit_date)
                    .flatten()
                    .map(|d| d.to_string()),
                running,
            });
        }
    }
    Ok(Some(GameView {
        id: id.0,
        names: [name_of(store, row.white)?, name_of(store, row.black)?],
        event,
        time_control: row.time_control.to_string(),
        moves,
        ply,
        last_ply,
        svg: renderer.svg(&diagram),
        to_move: (!row.finished).then(|| record.pos.turn()),
        result: row.result.map(|r| r.to_string()),
        reason: row.reason.as_ref().map(|r| r.to_string()),
        draw_offer: row.draw_offer,
        clocks,
    }))
}

pub struct EventView {
    pub name: String,
    pub rules: &'static str,
    pub time_control: String,
    /// In seat order, for the columns.
    pub seats: Vec<String>,
    /// In rank order.
    pub lines: Vec<EventLine>,
}

pub struct EventLine {
    pub rank: u32,
    pub seat: usize,
    pub name: String,
    pub withdrawn: bool,
    /// Per seat (in seat order): each game's mark and id; `None` on the
    /// diagonal.
    pub cells: Vec<Option<Vec<(&'static str, i64)>>>,
    pub score: f64,
    pub wins: u32,
    pub sonneborn_berger: f64,
}

pub fn event(store: &Store, viewer: &Viewer, id: EventId) -> store::Result<Option<EventView>> {
    let Some(e) = store.event(id)? else {
        return Ok(None);
    };
    if !viewer.may_see_event(e.visibility, &seat_ids(store, id)?) {
        return Ok(None);
    }
    let table = crosstable(store, &e)?;
    let mut by_seat: Vec<(usize, String)> = table
        .players
        .iter()
        .map(|p| (p.seat, p.name.clone()))
        .collect();
    by_seat.sort();
    let lines = table
        .players
        .iter()
        .map(|p| EventLine {
            rank: p.rank,
            seat: p.seat,
            name: p.name.clone(),
            withdrawn: p.withdrawn,
            cells: by_seat
                .iter()
                .map(|(_, opponent)| {
                    p.results.iter().find(|a| &a.opponent == opponent).map(|a| {
                        a.points
                            .iter()
                            .zip(&a.games)
                            .map(|(pts, g)| (point_mark(*pts), *g))
                            .collect()
                    })
                })
                .collect(),
            score: p.score,
            wins: p.wins,
            sonneborn_berger: p.sonneborn_berger,
        })
        .collect();
    Ok(Some(EventView {
        name: e.name.clone(),
        rules: e.rules.as_str(),
        time_control: e.time_control.to_string(),
        seats: by_seat.into_iter().map(|(_, n)| n).collect(),
        lines,
    }))
}

pub struct PlayerView {
    pub name: String,
    pub games: Vec<PlayerGame>,
}

pub struct PlayerGame {
    pub id: i64,
    pub color: Color,
    pub opponent: String,
    pub event: Option<String>,
    /// Whether the player is to move (unfinished games).
    pub their_move: bool,
    pub result: Option<String>,
    pub deadline: Option<String>,
}

/// A player's games that the viewer may see; the page exists for every
/// player who has one such game, or for the key's holder.
pub fn player(
    store: &Store,
    viewer: &Viewer,
    name: &str,
    now: Timestamp,
) -> store::Result<Option<PlayerView>> {
    let Some(p) = store.player_by_name(name)? else {
        return Ok(None);
    };
    let mut games = Vec::new();
    for row in store.games_of(p.id, false)? {
        let Some(game) = service::load_game(store, row.id)? else {
            continue;
        };
        if !may_see_game(store, viewer, &game)? {
            continue;
        }
        let color = if row.white == p.id {
            Color::White
        } else {
            Color::Black
        };
        let their_move = !row.finished && game.record.pos.turn() == color;
        let deadline = if their_move {
            service::clock_of_color(store, &game, color, now)?
                .and_then(|st| st.forfeit_date)
                .map(|d| d.to_string())
        } else {
            None
        };
        games.push(PlayerGame {
            id: row.id.0,
            color,
            opponent: name_of(store, row.player(!color))?,
            event: store.event_of(row.id)?.map(|(e, _): (EventRow, _)| e.name),
            their_move,
            result: row.result.map(|r| r.to_string()),
            deadline,
        });
    }
    if games.is_empty() && viewer.player != Some(p.id) {
        return Ok(None);
    }
    Ok(Some(PlayerView {
        name: p.name,
        games,
    }))
}

/// The events the viewer may see, for the index page.
pub fn events(store: &Store, viewer: &Viewer) -> store::Result<Vec<(i64, String)>> {
    let mut out = Vec::new();
    for e in store.events()? {
        if viewer.may_see_event(e.visibility, &seat_ids(store, e.id)?) {
            out.push((e.id.0, e.name));
        }
    }
    Ok(out)
}

/// The stored preferences of the key's holder.
pub fn stored_prefs(store: &Store, viewer: &Viewer) -> store::Result<Option<Prefs>> {
    let Some(id) = viewer.player else {
        return Ok(None);
    };
    Ok(store.player(id)?.map(|p| Prefs {
        notation: p.notation,
        lang: p.lang,
    }))
}
