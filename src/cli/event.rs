//! `ccgate event`: sections created, shown as crosstables, exported,
//! imported from PGN, and withdrawals.

use std::path::PathBuf;

use clap::Subcommand;
use serde::Serialize;
use shakmaty::CastlingMode;

use super::common::{CommandError, Location, create, duplication_after, made, now, open};
use crate::event::standings::Rules;
use crate::game::clock::TimeControl;
use crate::game::outcome::{GameResult, Termination};
use crate::notation::Lang;
use crate::notation::movetext::{Games, MovetextOptions};
use crate::read::crosstable::{Crosstable, Standing, crosstable, point_mark};
use crate::read::pgn::game_pgn;
use crate::service::{self, EventSpec, Name};
use crate::store::{self, EventGame, EventId, EventRow, MoveRow, Store};

#[derive(Subcommand, Debug)]
pub enum EventCommand {
    /// Start a round-robin section (Berger tables): every game at once,
    /// every player told of all their games. Says so on standard error;
    /// prints the event id alone on standard output when that is not a
    /// terminal.
    New {
        /// One line, at most 64 characters, not taken by another event
        /// whatever its case.
        name: Name,
        /// The players in seat order, comma-separated.
        #[arg(long, value_delimiter = ',', required = true)]
        players: Vec<String>,
        /// Each pair plays twice, once with each colour.
        #[arg(long)]
        double: bool,
        /// 10/50 (moves/days), 3d (days per move), 30+1 (Fischer days), none.
        #[arg(long, default_value = "10/50")]
        time: TimeControl,
        /// Days charged for an illegal move; 0 refuses and asks again.
        #[arg(long, default_value_t = 0)]
        penalty_days: u32,
        /// Tie-breaks: iccf (wins, Sonneborn–Berger, direct encounter) or
        /// plain (Sonneborn–Berger, wins).
        #[arg(long, default_value = "iccf")]
        rules: Rules,
        /// The day the games' clocks start (YYYY-MM-DD, UTC; or an RFC 3339
        /// time); default now. Players are told at once.
        #[arg(long, value_name = "DATE")]
        start: Option<String>,
        /// ICCF's duplication: a move's days beyond this many count twice;
        /// default 20 under `--rules iccf`, none under plain; 0 for none.
        #[arg(long, value_name = "DAYS")]
        duplication: Option<u32>,
    },
    /// All events.
    List {
        /// Print JSON for scripts instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// The crosstable: results, score, games, wins, Sonneborn–Berger, rank.
    Show {
        /// The event's id or name.
        event: String,
        /// Print JSON for scripts instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// Every game of the event as PGN, in round and board order.
    Pgn {
        /// The event's id or name.
        event: String,
    },
    /// An event from PGN: its players (created when unknown) and games with
    /// their moves and results. Prints the event id.
    Import {
        /// The PGN file.
        file: PathBuf,
        /// The event's name; default the first game's Event tag.
        #[arg(long)]
        name: Option<String>,
        /// Tie-breaks: iccf or plain (as for `event new`).
        #[arg(long, default_value = "iccf")]
        rules: Rules,
    },
    /// Who may see the event's web pages: `public` (everyone) or `players`
    /// (its players, through the links in their notices, and the directors).
    Visibility {
        /// The event's id or name.
        event: String,
        /// public or players.
        visibility: store::Visibility,
    },
    /// Withdraw a player: their unfinished games are lost, both sides told.
    Withdraw {
        /// The event's id or name.
        event: String,
        /// The player's name.
        player: String,
        /// Why, for the audit trail and the players.
        #[arg(long, default_value = "withdrawn by the director")]
        reason: String,
    },
}

pub fn event(loc: Location, cmd: EventCommand) -> Result<(), CommandError> {
    // Only the commands that create an event may create the store.
    let mut store = match cmd {
        EventCommand::New { .. } | EventCommand::Import { .. } => create(loc)?,
        _ => open(loc)?,
    };
    match cmd {
        EventCommand::New {
            name,
            players,
            double,
            time,
            penalty_days,
            rules,
            start,
            duplication,
        } => {
            let spec = EventSpec {
                name,
                players,
                double,
                time_control: time,
                penalty_days,
                rules,
                start: start.as_deref().map(start_time).transpose()?,
                duplication_after: duplication_after(rules, duplication),
            };
            let id = service::start_event(&mut store, &spec, now())?;
            let sentence = format!("event {id} {} started", spec.name);
            made(&sentence, id, None::<&()>)?;
        }
        EventCommand::List { json } => list(&store, json)?,
        EventCommand::Show { event, json } => {
            let e = find(&store, &event)?;
            let table = crosstable(&store, &e)?;
            if json {
                println!("{}", to_json(&table)?);
            } else {
                print_table(&table);
            }
        }
        EventCommand::Pgn { event } => {
            let e = find(&store, &event)?;
            for g in store.event_games(e.id)? {
                println!("{}", game_pgn(&store, g.game)?);
            }
        }
        EventCommand::Import { file, name, rules } => {
            let text = std::fs::read(&file)
                .map_err(|e| CommandError::Input(format!("cannot read {}: {e}", file.display())))?;
            let text = String::from_utf8_lossy(&text).into_owned();
            let id = import(&mut store, &text, name.as_deref(), rules)?;
            println!("{id}");
        }
        EventCommand::Visibility { event, visibility } => {
            let e = find(&store, &event)?;
            let tx = store.write()?;
            tx.set_visibility(e.id, visibility)?;
            tx.commit()?;
        }
        EventCommand::Withdraw {
            event,
            player,
            reason,
        } => {
            let e = find(&store, &event)?;
            let p = service::find_player(&store, &player)?;
            for (g, r) in service::withdraw(
                &mut store,
                &service::Actor::Operator,
                e.id,
                p.id,
                &reason,
                now(),
            )? {
                println!("game {g}: {r}");
            }
        }
    }
    Ok(())
}

/// `--start`: a date (midnight UTC) or an RFC 3339 time.
fn start_time(text: &str) -> Result<jiff::Timestamp, CommandError> {
    if let Ok(t) = text.parse::<jiff::Timestamp>() {
        return Ok(t);
    }
    text.parse::<jiff::civil::Date>()
        .ok()
        .and_then(|d| d.at(0, 0, 0, 0).to_zoned_datetime(jiff::tz::TimeZone::UTC).ok())
        .map(|z| z.timestamp())
        .ok_or_else(|| {
            CommandError::Input(format!(
                "--start {text:?}: write a date such as 2026-01-15 or a time such as 2026-01-15T12:00:00Z"
            ))
        })
}

/// An event by id or name.
pub(crate) fn find(store: &Store, key: &str) -> store::Result<EventRow> {
    let by_id = match key.parse::<i64>() {
        Ok(id) => store.event(EventId(id))?,
        Err(_) => None,
    };
    match by_id {
        Some(e) => Ok(e),
        None => store
            .events()?
            .into_iter()
            .find(|e| e.name.eq_ignore_ascii_case(key))
            .ok_or_else(|| store::StoreError::NotFound(format!("no event {key:?}"))),
    }
}

fn to_json(value: &impl Serialize) -> Result<String, CommandError> {
    serde_json::to_string_pretty(value).map_err(|e| CommandError::Output(e.to_string()))
}

#[derive(Serialize)]
struct EventSummary {
    id: i64,
    name: String,
    rules: &'static str,
    double: bool,
    time_control: String,
    players: usize,
    games: usize,
    finished: usize,
}

fn list(store: &Store, json: bool) -> Result<(), CommandError> {
    let mut rows = Vec::new();
    for e in store.events()? {
        let games = store.event_games(e.id)?;
        let mut finished = 0;
        for g in &games {
            if store.game(g.game)?.is_some_and(|g| g.finished) {
                finished += 1;
            }
        }
        rows.push(EventSummary {
            id: e.id.0,
            name: e.name.clone(),
            rules: e.rules.as_str(),
            double: e.double,
            time_control: e.time_control.to_string(),
            players: store.seats(e.id)?.len(),
            games: games.len(),
            finished,
        });
    }
    if json {
        println!("{}", to_json(&rows)?);
    } else {
        println!("ID\tNAME\tPLAYERS\tGAMES\tFINISHED\tTIME\tRULES");
        for r in rows {
            println!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}",
                r.id, r.name, r.players, r.games, r.finished, r.time_control, r.rules
            );
        }
    }
    Ok(())
}

/// The points of a pairing's games as the terminal crosstable writes them
/// (`x` against oneself).
fn cell(points: &[Option<f64>]) -> String {
    if points.is_empty() {
        return "x".into();
    }
    points.iter().map(|p| point_mark(*p)).collect()
}

fn print_table(t: &Crosstable) {
    println!("{} (rules {})", t.name, t.rules);
    let mut by_seat: Vec<&Standing> = t.players.iter().collect();
    by_seat.sort_by_key(|s| s.seat);
    let header: Vec<String> = by_seat.iter().map(|s| s.seat.to_string()).collect();
    println!(
        "RANK\tSEAT\tNAME\t{}\tSCORE\tGAMES\tWINS\tSB",
        header.join("\t")
    );
    for p in &t.players {
        let cells: Vec<String> = by_seat
            .iter()
            .map(|o| {
                p.results
                    .iter()
                    .find(|a| a.opponent == o.name)
                    .map_or_else(|| "x".to_string(), |a| cell(&a.points))
            })
            .collect();
        println!(
            "{}\t{}\t{}{}\t{}\t{}\t{}\t{}\t{}",
            p.rank,
            p.seat,
            p.name,
            if p.withdrawn { " (withdrawn)" } else { "" },
            cells.join("\t"),
            p.score,
            p.games,
            p.wins,
            p.sonneborn_berger
        );
    }
}

/// Imports the games of a PGN file as one event, in one transaction.
fn import(
    store: &mut Store,
    text: &str,
    name: Option<&str>,
    rules: Rules,
) -> Result<EventId, CommandError> {
    let opts = MovetextOptions {
        from: None,
        lang: Lang::En,
        start: None,
        comments: false,
    };
    let games: Vec<_> = Games::new(text, opts).collect();
    if games.is_empty() {
        return Err(CommandError::Input("no game in the file".into()));
    }
    let name = name
        .map(str::to_string)
        .or_else(|| games[0].tag("Event").map(str::to_string))
        .unwrap_or_else(|| "imported event".into());
    let when = now();
    let tx = store.write()?;
    // Imported games are finished or played elsewhere: no clock runs here.
    let tc = TimeControl::Unlimited;
    let event = tx.create_event(&name, rules, false, &tc, when)?;
    let mut seats: Vec<(String, store::PlayerId)> = Vec::new();
    let mut boards: Vec<(u32, u32)> = Vec::new();
    for (index, g) in games.iter().enumerate() {
        if let Some(e) = &g.error {
            return Err(CommandError::Input(format!("game {}: {e}", index + 1)));
        }
        let mut ids = Vec::new();
        for side in ["White", "Black"] {
            let who = g
                .tag(side)
                .filter(|n| !n.trim().is_empty() && *n != "?")
                .ok_or_else(|| CommandError::Input(format!("game {}: no {side} tag", index + 1)))?;
            let id = match seats.iter().find(|(n, _)| n == who) {
                Some((_, id)) => *id,
                None => {
                    let id = tx.player_named(who, when)?;
                    seats.push((who.to_string(), id));
                    tx.add_seat(event, seats.len() as u32, id)?;
                    id
                }
            };
            ids.push(id);
        }
        if ids[0] == ids[1] {
            return Err(CommandError::Input(format!(
                "game {}: a player cannot play themselves",
                index + 1
            )));
        }
        let fen = g.tag("FEN");
        let game = tx.create_game(ids[0], ids[1], fen, &tc, when)?;
        for (ply, node) in (1u32..).zip(&g.line) {
            let Some(mv) = node.mv else { continue };
            let uci = mv.to_uci(CastlingMode::Standard).to_string();
            tx.add_move(
                game,
                &MoveRow {
                    ply,
                    uci: uci.as_str().into(),
                    raw: node.token.clone(),
                    notation: "pgn".into(),
                    received_at: when,
                    delivered_at: Some(when),
                    journal_id: None,
                },
            )?;
        }
        let result = g
            .result
            .as_deref()
            .and_then(|r| r.parse::<GameResult>().ok())
            .unwrap_or(GameResult::Unfinished);
        if result != GameResult::Unfinished {
            tx.finish_game(
                game,
                result,
                &Termination::Adjudicated("imported from PGN".into()),
                when,
            )?;
        }
        // The Round tag's leading number, else 1; boards counted per round.
        let round = g
            .tag("Round")
            .and_then(|r| r.split('.').next())
            .and_then(|r| r.trim().parse::<u32>().ok())
            .unwrap_or(1);
        let board = match boards.iter_mut().find(|(r, _)| *r == round) {
            Some((_, b)) => {
                *b += 1;
                *b
            }
            None => {
                boards.push((round, 1));
                1
            }
        };
        tx.add_event_game(event, EventGame { game, round, board })?;
    }
    tx.commit()?;
    Ok(event)
}
