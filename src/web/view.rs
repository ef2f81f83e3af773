//! What each page shows, read from the store for one viewer: plain values
//! the templates (`pages.rs`) turn into HTML. `None`: no such page for this
//! viewer (absent and hidden look the same, so a page's existence is not
//! told to someone who may not see it).

use std::sync::Arc;

use jiff::Timestamp;
use shakmaty::{Color, Position};

use super::access::{Prefs, Viewer};
use crate::board::{Diagram, Renderer};
use crate::event::standings::Rules;
use crate::game::clock::TimeControl;
use crate::game::outcome::MoveNumber;
use crate::notation::Lang;
use crate::notation::{WriteOptions, write_move};
use crate::protocol::l10n::{self, Args, Form, Reader};
use crate::read::crosstable::{crosstable, point_mark};
use crate::service::DeadlineWhy;
use crate::service::{self, Loaded};
use crate::store::{self, EventId, EventRow, GameId, GameRow, PlayerId, Store};

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
    /// The move that led to the position shown (`None` at the start).
    pub shown_move: Option<usize>,
    /// The position shown: its move number and the side to move in it.
    pub shown_number: u32,
    pub shown_turn: Color,
    /// Whether the board is seen from Black's side, and whether that is the
    /// page's own choice (`?flip=`) rather than the viewer's side.
    pub flipped: bool,
    pub flip_asked: Option<bool>,
    pub svg: Arc<str>,
    /// While the game goes on: the side to move.
    pub to_move: Option<Color>,
    pub result: Option<String>,
    /// How the game ended, in the page's language.
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
    /// `12.` or `12...`, always: how the caption names the move.
    pub full_number: String,
    pub text: String,
    /// The day the move arrived, in the page's language.
    pub date: String,
    /// The days it cost its player.
    pub days: Option<i64>,
}

pub struct ClockView {
    pub color: Color,
    pub name: String,
    pub days_used: i64,
    /// `None`: no limit.
    pub days_left: Option<i64>,
    /// The last day on which the player's move is in time, as the mails
    /// give it, in the page's language.
    pub deadline: Option<String>,
    /// What changed the deadline (duplication, leave).
    pub why: DeadlineWhy,
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

/// The reader of a page's words: its language (English where the
/// language has no catalogue), in full.
pub fn reader(prefs: Prefs) -> Reader {
    Reader::new(page_lang(prefs.lang), Form::Full)
}

/// The language a page is written in: `lang` if it has a catalogue, else
/// English.
pub fn page_lang(lang: Lang) -> Lang {
    if l10n::has_catalogue(lang) {
        lang
    } else {
        Lang::En
    }
}

/// The board's text alternative in the page's language.
fn board_label(prefs: Prefs, d: &Diagram) -> String {
    let id = if d.flip {
        "page-board-black"
    } else {
        "page-board-white"
    };
    l10n::text(
        reader(prefs),
        id,
        &Args::new().str("fen", d.board.board_fen().to_string()),
    )
}

/// Text made safe for an XML attribute and text node.
fn xml_escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A game's PGN for the viewer: `None` if they may not see it.
pub fn game_pgn(store: &Store, viewer: &Viewer, id: GameId) -> store::Result<Option<String>> {
    let Some(game) = service::load_game(store, id)? else {
        return Ok(None);
    };
    if !may_see_game(store, viewer, &game)? {
        return Ok(None);
    }
    crate::read::pgn::game_pgn(store, id).map(Some)
}

/// Every game of an event as one PGN file, in round and board order.
pub fn event_pgn(store: &Store, viewer: &Viewer, id: EventId) -> store::Result<Option<String>> {
    let Some(e) = store.event(id)? else {
        return Ok(None);
    };
    if !viewer.may_see_event(e.visibility, &seat_ids(store, id)?) {
        return Ok(None);
    }
    let mut games = store.event_games(id)?;
    games.sort_by_key(|g| (g.round, g.board));
    let mut out = String::new();
    for g in games {
        let pgn = crate::read::pgn::game_pgn(store, g.game)?;
        out.push_str(pgn.trim_end());
        out.push_str("\n\n");
    }
    Ok(Some(out))
}

/// The game page at `ply` (past the end: the last position); `flip` turns
/// the board (else it is seen from the viewer's side).
#[allow(clippy::too_many_arguments)]
pub fn game(
    store: &Store,
    renderer: &Renderer,
    viewer: &Viewer,
    prefs: Prefs,
    id: GameId,
    ply: Option<u32>,
    flip: Option<bool>,
    now: Timestamp,
) -> store::Result<Option<GameView>> {
    let Some(game) = service::load_game(store, id)? else {
        return Ok(None);
    };
    if !may_see_game(store, viewer, &game)? {
        return Ok(None);
    }
    game_view(store, renderer, viewer, prefs, &game, (ply, flip), now).map(Some)
}

/// The game as the director sees it: every game, whoever may see it on the
/// public pages, the board from White's side unless `flip` asks.
pub fn game_for_director(
    store: &Store,
    renderer: &Renderer,
    prefs: Prefs,
    id: GameId,
    (ply, flip): (Option<u32>, Option<bool>),
    now: Timestamp,
) -> store::Result<Option<GameView>> {
    let Some(game) = service::load_game(store, id)? else {
        return Ok(None);
    };
    let nobody = Viewer { player: None };
    game_view(store, renderer, &nobody, prefs, &game, (ply, flip), now).map(Some)
}

/// What a game's page shows, once the viewer may see it.
fn game_view(
    store: &Store,
    renderer: &Renderer,
    viewer: &Viewer,
    prefs: Prefs,
    game: &Loaded,
    (ply, flip): (Option<u32>, Option<bool>),
    now: Timestamp,
) -> store::Result<GameView> {
    let id = game.row.id;
    let row = &game.row;
    let record = &game.record;
    let r = reader(prefs);
    let last_ply = u32::try_from(record.moves.len()).unwrap_or(u32::MAX);
    let ply = ply.unwrap_or(last_ply).min(last_ply);
    let opts = WriteOptions::new(prefs.lang);
    let days = service::days_per_move(store, game)?;
    let mut pos = record.start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    let mut shown = (record.start.clone(), None);
    for (i, mv) in record.moves.iter().enumerate() {
        let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let full_number = MoveNumber::of_ply(&record.start, n).to_string();
        let number = (pos.turn() == Color::White || i == 0).then(|| full_number.clone());
        let received = game.moves.get(i).map(|m| m.received_at).unwrap_or(now);
        moves.push(MoveText {
            ply: n,
            number,
            full_number,
            text: write_move(&pos, *mv, prefs.notation, &opts),
            date: l10n::date(
                r,
                crate::game::clock::local_date(&jiff::tz::TimeZone::UTC, received),
            ),
            days: days.get(i).copied().flatten(),
        });
        pos.play_unchecked(*mv);
        if n == ply {
            shown = (pos.clone(), Some(*mv));
        }
    }
    // The board from the viewer's side (Black's player sees it flipped),
    // unless the page asks for a side.
    let own_side = viewer
        .player
        .is_some_and(|p| p == row.black && p != row.white);
    let flipped = flip.unwrap_or(own_side);
    let diagram = Diagram::of_position(&shown.0, shown.1.as_ref(), flipped);
    let svg = renderer.svg(&diagram);
    let svg: Arc<str> = svg
        .replace(
            &crate::board::label(&diagram),
            &xml_escaped(&board_label(prefs, &diagram)),
        )
        .into();
    let event = store.event_of(id)?.map(|(e, g)| EventLink {
        id: e.id.0,
        name: e.name,
        round: g.round,
        board: g.board,
    });
    let mut clocks = Vec::new();
    for color in [Color::White, Color::Black] {
        if let Some((st, why)) = service::clock_explained(store, game, color, now)? {
            let running = st.running && !row.finished;
            let deadline = st.deadline().filter(|_| running);
            clocks.push(ClockView {
                color,
                name: name_of(store, row.player(color))?,
                days_used: st.days_used_total,
                days_left: st.days_left(),
                deadline: deadline.map(|d| l10n::date(r, d)),
                why: if deadline.is_some() {
                    why
                } else {
                    DeadlineWhy::default()
                },
                running,
            });
        }
    }
    Ok(GameView {
        id: id.0,
        names: [name_of(store, row.white)?, name_of(store, row.black)?],
        event,
        time_control: row.time_control.to_string(),
        moves,
        ply,
        last_ply,
        shown_move: (ply > 0).then(|| ply as usize - 1),
        shown_number: shown.0.fullmoves().get(),
        shown_turn: shown.0.turn(),
        flipped,
        flip_asked: flip,
        svg,
        to_move: (!row.finished).then(|| record.pos.turn()),
        result: row.result.map(|r| r.to_string()),
        reason: row.reason.as_ref().map(|t| l10n::termination(r, t)),
        draw_offer: row.draw_offer,
        clocks,
    })
}

pub struct EventView {
    pub id: i64,
    pub name: String,
    pub conditions: Conditions,
    /// In seat order, for the columns.
    pub seats: Vec<String>,
    /// In rank order.
    pub lines: Vec<EventLine>,
    pub progress: Progress,
}

/// An event's conditions, as an event page prints them.
pub struct Conditions {
    pub rules: Rules,
    pub time_control: TimeControl,
    pub double: bool,
    /// ICCF's duplication: a move's days beyond this many count twice.
    pub duplication: Option<u32>,
    /// Days charged for an illegal move (0: none).
    pub penalty_days: u32,
    /// Leave days per player and year.
    pub leave_days: u32,
    /// The day the games began (their first's), in the page's language.
    pub start: Option<String>,
}

/// How far an event is: games finished of all.
#[derive(Debug, Clone, Copy, Default)]
pub struct Progress {
    pub finished: usize,
    pub total: usize,
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

/// An event's conditions and progress, from its games.
fn conditions(store: &Store, e: &EventRow, r: Reader) -> store::Result<(Conditions, Progress)> {
    let mut progress = Progress::default();
    let mut first: Option<GameRow> = None;
    for g in store.event_games(e.id)? {
        let Some(row) = store.game(g.game)? else {
            continue;
        };
        progress.total += 1;
        progress.finished += usize::from(row.finished);
        if first.as_ref().is_none_or(|f| row.created_at < f.created_at) {
            first = Some(row);
        }
    }
    let conditions = Conditions {
        rules: e.rules,
        time_control: e.time_control,
        double: e.double,
        duplication: first.as_ref().and_then(|g| g.duplication_after),
        penalty_days: first.as_ref().map_or(0, |g| g.penalty_days),
        leave_days: crate::game::clock::DEFAULT_LEAVE_DAYS,
        start: first.map(|g| {
            l10n::date(
                r,
                crate::game::clock::local_date(&jiff::tz::TimeZone::UTC, g.created_at),
            )
        }),
    };
    Ok((conditions, progress))
}

pub fn event(
    store: &Store,
    viewer: &Viewer,
    prefs: Prefs,
    id: EventId,
) -> store::Result<Option<EventView>> {
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
    let (conditions, progress) = conditions(store, &e, reader(prefs))?;
    Ok(Some(EventView {
        id: id.0,
        name: e.name.clone(),
        conditions,
        seats: by_seat.into_iter().map(|(_, n)| n).collect(),
        lines,
        progress,
    }))
}

pub struct PlayerView {
    pub name: String,
    /// Whether the viewer is this player (their key came with the request).
    pub own: bool,
    pub games: Vec<PlayerGame>,
}

pub struct PlayerGame {
    pub id: i64,
    pub color: Color,
    pub opponent: String,
    pub event: Option<(i64, String)>,
    /// Whether the player is to move (unfinished games).
    pub their_move: bool,
    pub result: Option<String>,
    /// The last day the side to move is in time, in the page's language.
    pub deadline: Option<String>,
}

/// A player's games that the viewer may see; the page exists for every
/// player who has one such game, or for the key's holder.
pub fn player(
    store: &Store,
    viewer: &Viewer,
    prefs: Prefs,
    name: &str,
    now: Timestamp,
) -> store::Result<Option<PlayerView>> {
    let Some(p) = store.player_by_name(name)? else {
        return Ok(None);
    };
    let r = reader(prefs);
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
        let turn = game.record.pos.turn();
        let their_move = !row.finished && turn == color;
        let deadline = if row.finished {
            None
        } else {
            service::clock_of_color(store, &game, turn, now)?
                .and_then(|st| st.deadline())
                .map(|d| l10n::date(r, d))
        };
        games.push(PlayerGame {
            id: row.id.0,
            color,
            opponent: name_of(store, row.player(!color))?,
            event: store
                .event_of(row.id)?
                .map(|(e, _): (EventRow, _)| (e.id.0, e.name)),
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
        own: viewer.player == Some(p.id),
        games,
    }))
}

/// An event as the index lists it.
pub struct EventSummary {
    pub id: i64,
    pub name: String,
    pub players: usize,
    pub start: Option<String>,
    pub progress: Progress,
}

/// The events the viewer may see, for the index page.
pub fn events(store: &Store, viewer: &Viewer, prefs: Prefs) -> store::Result<Vec<EventSummary>> {
    let mut out = Vec::new();
    for e in store.events()? {
        let seats = seat_ids(store, e.id)?;
        if viewer.may_see_event(e.visibility, &seats) {
            let (conditions, progress) = conditions(store, &e, reader(prefs))?;
            out.push(EventSummary {
                id: e.id.0,
                name: e.name,
                players: seats.len(),
                start: conditions.start,
                progress,
            });
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
