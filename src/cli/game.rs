//! `ccgate game`, `submit`, `clock` and `export`: games created, listed,
//! shown, exported and ruled on; one message processed by hand; the clock
//! swept.

use std::collections::HashSet;
use std::io::Read;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use jiff::Timestamp;
use serde::Serialize;
use shakmaty::{Color, Position};

use super::common::{
    CommandError, Location, create, duplication_after, named_filter, now, open, open_leaving_wal,
    print, print_json,
};
use super::desk::{print_replies, reply_json};
use crate::escape::shown;
use crate::event::standings::Rules;
use crate::game::clock::TimeControl;
use crate::game::outcome::MoveNumber;
use crate::game::rules::start_position;
use crate::notation::{Notation, WriteOptions};
use crate::protocol::address::Channel;
use crate::read::names::name_of;
use crate::read::pgn::{existing, game_pgn};
use crate::service::{self, Inbound, ServiceError};
use crate::store::{self, GameId, GameRow, Player, PlayerId, Store};

#[derive(Subcommand, Debug)]
pub enum GameCommand {
    /// Start a game; prints its id alone.
    New {
        /// The player with White, by name.
        #[arg(long)]
        white: String,
        /// The player with Black, by name.
        #[arg(long)]
        black: String,
        /// 10/50 (moves/days), 3d (days per move), 30+1 (Fischer days), none.
        #[arg(long, default_value = "10/50")]
        time: TimeControl,
        /// The starting position as FEN (a thematic or adjourned game);
        /// default the initial position.
        #[arg(long)]
        fen: Option<String>,
        /// The event's policy for illegal moves: days charged to the offender's
        /// clock (postal rules); 0, the default, refuses and asks again.
        #[arg(long, default_value_t = 0)]
        penalty_days: u32,
        /// The rule set: iccf (a move's days beyond 20 count twice) or
        /// plain (every day once), as for events.
        #[arg(long, default_value = "plain")]
        rules: Rules,
        /// ICCF's duplication: a move's days beyond this many count twice;
        /// default 20 under `--rules iccf`, none under plain; 0 for none.
        #[arg(long, value_name = "DAYS")]
        duplication: Option<u32>,
    },
    /// The games with whose move it is, each side's days left and the
    /// deadline; filters by event, player, waiting for whom.
    List(GameFilter),
    /// Board, moves, clocks and incidents of a game.
    Show {
        /// The game's number.
        id: i64,
        /// The game-list object with every move and its times.
        #[arg(long)]
        json: bool,
    },
    /// A game as PGN with correspondence tags and times.
    Pgn {
        /// The game's number.
        id: i64,
    },
    /// Decide a result; a finished game's only with --overrule (both
    /// results audited).
    Adjudicate {
        /// The game's number.
        id: i64,
        /// 1-0, 0-1 or 1/2-1/2.
        #[arg(long)]
        result: String,
        /// Why, for the audit trail and the players.
        #[arg(long)]
        reason: String,
        /// Change the result of a finished game.
        #[arg(long)]
        overrule: bool,
    },
    /// Take back the moves after a ply.
    Takeback {
        /// The game's number.
        id: i64,
        /// The half-moves to keep (0: back to the start).
        #[arg(long)]
        to_ply: u32,
        /// Why, for the audit trail and the players.
        #[arg(long)]
        reason: String,
    },
    /// Charge days to one player's clock (white or black), both told.
    Penalty {
        /// The game's number.
        id: i64,
        /// The side charged: white or black.
        #[arg(long)]
        side: shakmaty::Color,
        /// The days taken from that side's clock.
        #[arg(long)]
        days: u32,
        /// Why, for the audit trail and the players.
        #[arg(long)]
        reason: String,
    },
}

#[derive(Args, Debug)]
pub struct SubmitArgs {
    /// The channel it came by: email, sms, radio or xfcc.
    #[arg(long)]
    channel: Channel,
    /// The sender's address on that channel (a mail address, a phone
    /// number with its country code, a callsign).
    #[arg(long)]
    from: String,
    /// The transport's message id; a message seen before changes nothing.
    #[arg(long)]
    id: Option<String>,
    /// Print the replies as JSON for scripts.
    #[arg(long)]
    json: bool,
    /// A message larger than this many bytes is refused unread: a move
    /// fits in a line, and a grammar reads only the first 64 KiB anyway.
    #[arg(long, default_value_t = 1024 * 1024)]
    max_size: usize,
    /// The message body; standard input when absent or `-`.
    file: Option<PathBuf>,
}

pub fn game(loc: Location, cmd: GameCommand) -> Result<(), CommandError> {
    let mut store = match cmd {
        GameCommand::New { .. } => create(loc)?,
        _ => open(loc)?,
    };
    if let GameCommand::List(filter) = &cmd {
        return list_games(&store, filter);
    }
    let result: Result<(), CommandError> = match cmd {
        GameCommand::New {
            white,
            black,
            time,
            fen,
            penalty_days,
            rules,
            duplication,
        } => new_game(
            &mut store,
            (&white, &black),
            &time,
            fen.as_deref(),
            (penalty_days, duplication_after(rules, duplication)),
        ),
        GameCommand::List(_) => Ok(()),
        GameCommand::Show { id, json: true } => {
            return show_game_json(&store, GameId(id));
        }
        GameCommand::Show { id, json: false } => Ok(show_game(&store, GameId(id))?),
        GameCommand::Pgn { id } => Ok(game_pgn(&store, GameId(id)).map(|pgn| print!("{pgn}"))?),
        GameCommand::Adjudicate {
            id,
            result,
            reason,
            overrule,
        } => service::adjudicate(
            &mut store,
            &service::Actor::Operator,
            GameId(id),
            &result,
            &reason,
            overrule,
            now(),
        )
        .map(|()| println!("game {id}: {result}"))
        .map_err(CommandError::from),
        GameCommand::Takeback { id, to_ply, reason } => service::takeback(
            &mut store,
            &service::Actor::Operator,
            GameId(id),
            to_ply,
            &reason,
            now(),
        )
        .map(|n| println!("game {id}: {n} plies taken back"))
        .map_err(CommandError::from),
        GameCommand::Penalty {
            id,
            side,
            days,
            reason,
        } => service::penalize(
            &mut store,
            &service::Actor::Operator,
            GameId(id),
            side,
            days,
            &reason,
            now(),
        )
        .map(|()| println!("game {id}: {days} days charged to {side}"))
        .map_err(CommandError::from),
    };
    result
}

fn new_game(
    store: &mut Store,
    (white, black): (&str, &str),
    tc: &TimeControl,
    fen: Option<&str>,
    (penalty_days, duplication): (u32, Option<u32>),
) -> Result<(), CommandError> {
    if let Some(f) = fen {
        start_position(Some(f)).map_err(|e| CommandError::Input(e.to_string()))?;
    }
    let tx = store.write()?;
    let w = service::playing(&tx, white)?;
    let b = service::playing(&tx, black)?;
    if w.id == b.id {
        return Err(ServiceError::Refused("a player cannot play themselves".into()).into());
    }
    let id = tx.create_game(w.id, b.id, fen, tc, now())?;
    if penalty_days > 0 {
        tx.set_penalty_days(id, penalty_days)?;
    }
    if duplication.is_some() {
        tx.set_duplication(id, duplication)?;
    }
    tx.commit()?;
    println!("{id}");
    Ok(())
}

fn show_game(store: &Store, id: GameId) -> store::Result<()> {
    let game = existing(store, id)?;
    let service::Loaded { row, moves, record } = &game;
    println!(
        "Game {id}: {} (White) - {} (Black), {}{}",
        name_of(store, row.white),
        name_of(store, row.black),
        row.time_control,
        row.duplication_after
            .map_or_else(String::new, |d| format!(", duplication after {d} days"))
    );
    match &row.result {
        Some(r) => println!(
            "Result: {r} ({})",
            row.reason
                .as_ref()
                .map(|t| t.to_string())
                .unwrap_or_default()
        ),
        None => println!(
            "{} to move, position code {}",
            if record.pos.turn() == shakmaty::Color::White {
                "White"
            } else {
                "Black"
            },
            record.check_code()
        ),
    }
    println!("{}", service::diagram(&record.pos));
    println!("\nMoves:");
    let mut pos = record.start.clone();
    for (m, mv) in moves.iter().zip(&record.moves) {
        let san = crate::notation::write_move(&pos, *mv, Notation::San, &WriteOptions::default());
        let num = MoveNumber::of_ply(&record.start, m.ply).to_string();
        println!(
            "  {num:<6} {san:<8} received {} as {:?} ({}){}",
            m.received_at,
            m.raw,
            m.notation,
            m.delivered_at
                .map(|d| format!(", delivered {d}"))
                .unwrap_or_default()
        );
        pos.play_unchecked(*mv);
    }
    println!("\nClocks:");
    for color in [shakmaty::Color::White, shakmaty::Color::Black] {
        if let Some(st) = service::clock_of_color(store, &game, color, now())? {
            println!(
                "  {}: {} days used, {} remaining{}",
                name_of(store, row.player(color)),
                st.days_used_total,
                st.days_remaining
                    .map_or("unlimited".to_string(), |d| d.to_string()),
                if st.running { " (to move)" } else { "" }
            );
        }
    }
    println!("\nIncidents:");
    for i in store.incidents(Some(id))? {
        println!(
            "  {} {} {}: {} [{}]",
            i.created_at,
            i.kind,
            i.text.unwrap_or_default(),
            i.detail,
            i.fen.unwrap_or_default()
        );
    }
    for a in store.audit_trail(id)? {
        println!(
            "  {} director {}: {} ({})",
            a.at, a.action, a.reason, a.detail
        );
    }
    Ok(())
}

pub fn submit(loc: Location, a: SubmitArgs) -> Result<(), CommandError> {
    let mut raw = Vec::new();
    // One byte over the limit is enough to know; nothing more is read.
    let over = u64::try_from(a.max_size)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    let read = match &a.file {
        Some(p) if p.as_os_str() != "-" => {
            std::fs::File::open(p).and_then(|f| f.take(over).read_to_end(&mut raw))
        }
        _ => std::io::stdin().lock().take(over).read_to_end(&mut raw),
    };
    if let Err(e) = read {
        return Err(CommandError::Input(format!("cannot read the message: {e}")));
    }
    if raw.len() > a.max_size {
        return Err(CommandError::Input(format!(
            "the message is larger than --max-size {} bytes; nothing was applied",
            a.max_size
        )));
    }
    let mut store = open_leaving_wal(loc)?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let msg = Inbound {
        thread: Vec::new(),
        channel: a.channel,
        from: a.from,
        transport_id: a.id,
        raw,
        text,
        auth: service::Auth::Unchecked,
        // The operator's own path: no configuration is read for it.
        rules: service::Rules::default(),
    };
    let done = service::submit(&mut store, &msg, now())?;
    if a.json {
        let mut list = Vec::new();
        for r in &done.replies {
            list.extend(store.outbox_entry(r.id)?);
        }
        let list: Vec<_> = list.iter().map(reply_json).collect();
        return print_replies(&list, true);
    }
    let mut out = String::new();
    for r in &done.replies {
        out.push_str(&format!(
            "-> {} {}\n{}\n\n",
            r.channel,
            shown(&r.to, false),
            shown(&r.body, true)
        ));
    }
    print(&out)
}

pub fn clock(loc: Location, confirm_time: bool) -> Result<(), CommandError> {
    let mut store = open(loc)?;
    // The default margin: the admin commands read only the store's path
    // from the configuration.
    let margin = (!confirm_time).then_some(crate::game::clock::DEFAULT_JUMP_MARGIN);
    match service::sweep_clocks(&mut store, now(), margin) {
        Ok(r) => {
            println!(
                "{} forfeits, {} reminders",
                r.forfeits.len(),
                r.reminders.len()
            );
            if let Some(gap) = r.held {
                println!(
                    "no forfeits: the time is {} past the last sweep; if it is right, run `ccgate clock --confirm-time`",
                    service::days(gap)
                );
            }
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

pub fn export(loc: Location) -> Result<(), CommandError> {
    let store = open(loc)?;
    let games = store.all_games(false)?;
    for g in games {
        match game_pgn(&store, g.id) {
            Ok(pgn) => println!("{pgn}"),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

#[derive(Args, Debug, Default)]
pub struct GameFilter {
    /// Only the games of this event (id or name).
    #[arg(long)]
    event: Option<String>,
    /// Only the games of this player.
    #[arg(long, value_parser = named_filter)]
    player: Option<String>,
    /// Only the games waiting for this player's move.
    #[arg(long)]
    waiting: Option<String>,
    /// Only the games in progress.
    #[arg(long)]
    active: bool,
    /// Print JSON for scripts instead of the table.
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
    let id = super::event::find(store, e)?.id;
    Ok(Some(
        store.event_games(id)?.into_iter().map(|g| g.game).collect(),
    ))
}

/// The player a filter names, if it names one.
pub(super) fn named(store: &Store, name: Option<&str>) -> service::Result<Option<Player>> {
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
