//! The director's desk on the command line: players, the incident queue
//! with rulings, the games and the outbox as tables or JSON, the audit log.
//! Every listing has `--json` (shapes in the README's "The director's
//! desk"); what it decides is the service's ([`crate::service::desk`]).

use std::collections::HashSet;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use jiff::Timestamp;
use serde::Serialize;
use shakmaty::{Color, Position};

use crate::commands::{CommandError, Location, create, name_of, now, open};
use crate::escape::shown;
use crate::notation::{Lang, Notation};
use crate::protocol::address::{Channel, normalize};
use crate::service::{self, PlayerEdit, Tell};
use crate::store::{self, GameId, GameRow, NewPlayer, OutboxEntry, Player, PlayerId, Store};

/// The flags `player add` and `player edit` share.
#[derive(Args, Debug)]
pub struct ProfileFlags {
    /// Email addresses (edit: replaces all of them).
    #[arg(long)]
    email: Vec<String>,
    /// Phone numbers for SMS, with the country code (edit: replaces all).
    #[arg(long)]
    phone: Vec<String>,
    /// Radio callsigns (edit: replaces all).
    #[arg(long)]
    callsign: Vec<String>,
    /// Notation of replies (and, for uedemann/uedemann-hw, of the player's
    /// codes); add: default san.
    #[arg(long)]
    notation: Option<Notation>,
    /// Language of replies; add: default en.
    #[arg(long)]
    lang: Option<Lang>,
    /// Preferred channel for notices: email, sms or radio.
    #[arg(long)]
    reply_via: Option<Channel>,
    /// IANA time zone, e.g. Europe/Berlin; add: default UTC.
    #[arg(long)]
    tz: Option<String>,
    /// A file holding the player's PIN (never on the command line); edit:
    /// a new PIN, failures and a lock forgotten.
    #[arg(long)]
    pin_file: Option<PathBuf>,
}

impl ProfileFlags {
    /// The PIN's hash from `--pin-file`, if given.
    fn pin_hash(&self) -> Result<Option<String>, CommandError> {
        let Some(path) = &self.pin_file else {
            return Ok(None);
        };
        std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|p| service::hash_pin(&p))
            .map(Some)
            .map_err(|e| CommandError::Input(format!("PIN from {}: {e}", path.display())))
    }

    /// The addresses given, by channel, as written.
    fn addresses(&self) -> [(Channel, &Vec<String>); 3] {
        [
            (Channel::Email, &self.email),
            (Channel::Sms, &self.phone),
            (Channel::Radio, &self.callsign),
        ]
    }
}

#[derive(Subcommand, Debug)]
pub enum PlayerCommand {
    /// Register a player; prints the id alone.
    Add {
        name: String,
        #[command(flatten)]
        flags: ProfileFlags,
        /// Hold the player's SMS for confirmation (a code sent back to
        /// their number) unless they carry the PIN: for networks where
        /// sender numbers can be spoofed.
        #[arg(long)]
        confirm_sms: bool,
    },
    /// Every player: addresses, notation, language, games.
    List {
        #[arg(long)]
        json: bool,
    },
    /// One player: profile, addresses, PIN state, games, leave.
    Show {
        name: String,
        #[arg(long)]
        json: bool,
    },
    /// Change a player: the flags of `player add` (an address flag replaces
    /// that channel's addresses), `--clear-pin`. Audited.
    Edit {
        name: String,
        #[command(flatten)]
        flags: ProfileFlags,
        /// Remove the PIN (failures and a lock forgotten).
        #[arg(long, conflicts_with = "pin_file")]
        clear_pin: bool,
        #[arg(long, default_value = "edited by the director")]
        reason: String,
    },
    /// Remove a player with no game in progress: deleted if they never
    /// played, else kept by name for their games with no address. Audited.
    Remove {
        name: String,
        #[arg(long, default_value = "removed by the director")]
        reason: String,
    },
}

pub fn player(loc: Location, cmd: PlayerCommand) -> Result<(), CommandError> {
    match cmd {
        PlayerCommand::Add {
            name,
            flags,
            confirm_sms,
        } => add_player(loc, name, &flags, confirm_sms),
        PlayerCommand::List { json } => {
            let store = open(loc)?;
            let mut rows = Vec::new();
            for p in store.players()? {
                rows.push(player_json(&store, &p)?);
            }
            if json {
                return print_json(&rows);
            }
            let mut out =
                String::from("ID\tNAME\tNOTATION\tLANG\tREPLY VIA\tTZ\tPIN\tGAMES\tADDRESSES\n");
            for r in &rows {
                out.push_str(&format!(
                    "{}\t{}{}\t{}\t{}\t{}\t{}\t{}\t{}/{}\t{}\n",
                    r.id,
                    shown(&r.name, false),
                    if r.removed { " (removed)" } else { "" },
                    r.notation,
                    r.lang,
                    r.reply_via.unwrap_or("-"),
                    r.tz,
                    if r.pin { "yes" } else { "no" },
                    r.active_games,
                    r.games,
                    r.addresses
                        .iter()
                        .map(|a| format!("{} {}", a.channel, shown(&a.address, false)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            print(&out)?;
            Ok(())
        }
        PlayerCommand::Show { name, json } => {
            let store = open(loc)?;
            let p = service::find_player(&store, &name)?;
            let detail = player_detail(&store, &p)?;
            if json {
                return print_json(&detail);
            }
            print(&show_player(&detail))?;
            Ok(())
        }
        PlayerCommand::Edit {
            name,
            flags,
            clear_pin,
            reason,
        } => {
            let pin = match flags.pin_hash()? {
                Some(h) => Some(Some(h)),
                None if clear_pin => Some(None),
                None => None,
            };
            let edit = PlayerEdit {
                addresses: flags
                    .addresses()
                    .into_iter()
                    .filter(|(_, list)| !list.is_empty())
                    .map(|(c, list)| (c, list.clone()))
                    .collect(),
                notation: flags.notation,
                lang: flags.lang,
                reply_via: flags.reply_via,
                tz: flags.tz.clone(),
                pin,
                reason,
            };
            let mut store = open(loc)?;
            let p = service::find_player(&store, &name)?;
            let changes =
                service::edit_player(&mut store, &service::Actor::Operator, p.id, &edit, now())?;
            print(&format!("{}: {}\n", p.name, changes.join("; ")))?;
            Ok(())
        }
        PlayerCommand::Remove { name, reason } => {
            let mut store = open(loc)?;
            let p = service::find_player(&store, &name)?;
            let removed = service::remove_player(
                &mut store,
                &service::Actor::Operator,
                p.id,
                &reason,
                now(),
            )?;
            print(&format!(
                "{}: {}\n",
                p.name,
                if removed.deleted {
                    "deleted"
                } else {
                    "removed (kept for the record of their games)"
                }
            ))?;
            Ok(())
        }
    }
}

fn add_player(
    loc: Location,
    name: String,
    flags: &ProfileFlags,
    confirm_sms: bool,
) -> Result<(), CommandError> {
    let mut addresses = Vec::new();
    for (channel, raws) in flags.addresses() {
        for raw in raws {
            let addr = normalize(channel, raw).map_err(|e| CommandError::Input(e.to_string()))?;
            addresses.push((channel, addr));
        }
    }
    let tz = flags.tz.clone().unwrap_or_else(|| "UTC".into());
    if crate::game::clock::zone(&tz).is_err() {
        return Err(CommandError::Input(format!(
            "unknown time zone {tz:?}; use an IANA name such as Europe/Berlin"
        )));
    }
    let new = NewPlayer {
        name,
        notation: flags.notation.unwrap_or(Notation::San),
        lang: flags.lang.unwrap_or(Lang::En),
        reply_via: flags.reply_via,
        tz,
        pin_hash: flags.pin_hash()?,
        addresses,
    };
    let mut store = create(loc)?;
    let tx = store.write()?;
    let at = now();
    let id = tx.add_player(&new, at)?;
    if confirm_sms {
        tx.set_confirm_sms(id, true)?;
    }
    // A language without a catalogue is said so at once, as `lang xx` does.
    service::announce_language(&tx, id, at)?;
    tx.commit()?;
    print(&format!("{id}\n"))?;
    Ok(())
}

#[derive(Serialize)]
struct AddressJson {
    channel: Channel,
    address: String,
}

/// `player list --json`: one object per player.
#[derive(Serialize)]
struct PlayerJson {
    id: i64,
    name: String,
    notation: String,
    lang: &'static str,
    reply_via: Option<&'static str>,
    tz: String,
    addresses: Vec<AddressJson>,
    /// Whether a PIN is set.
    pin: bool,
    games: usize,
    active_games: usize,
    removed: bool,
}

fn player_json(store: &Store, p: &Player) -> store::Result<PlayerJson> {
    let games = store.games_of(p.id, false)?;
    Ok(PlayerJson {
        id: p.id.0,
        name: p.name.clone(),
        notation: p.notation.to_string(),
        lang: p.lang.code(),
        reply_via: p.reply_via.map(Channel::name),
        tz: p.tz.clone(),
        addresses: p
            .addresses
            .iter()
            .map(|(channel, address)| AddressJson {
                channel: *channel,
                address: address.clone(),
            })
            .collect(),
        pin: p.pin_hash.is_some(),
        active_games: games.iter().filter(|g| !g.finished).count(),
        games: games.len(),
        removed: p.removed_at.is_some(),
    })
}

/// `player show --json`: the list's object, with the games and leaves.
#[derive(Serialize)]
struct PlayerDetail {
    #[serde(flatten)]
    player: PlayerJson,
    games: Vec<PlayerGame>,
    leaves: Vec<LeaveJson>,
}

#[derive(Serialize)]
struct PlayerGame {
    id: i64,
    color: &'static str,
    opponent: String,
    result: &'static str,
}

#[derive(Serialize)]
struct LeaveJson {
    from: String,
    until: Option<String>,
}

fn player_detail(store: &Store, p: &Player) -> store::Result<PlayerDetail> {
    let mut games = Vec::new();
    for g in store.games_of(p.id, false)? {
        let white = g.white == p.id;
        games.push(PlayerGame {
            id: g.id.0,
            color: if white { "white" } else { "black" },
            opponent: name_of(store, if white { g.black } else { g.white }),
            result: g.result.map_or("*", |r| r.as_str()),
        });
    }
    let leaves = store
        .leaves(p.id)?
        .into_iter()
        .map(|l| LeaveJson {
            from: l.leave.from.to_string(),
            until: l.leave.until.map(|d| d.to_string()),
        })
        .collect();
    Ok(PlayerDetail {
        player: player_json(store, p)?,
        games,
        leaves,
    })
}

fn show_player(d: &PlayerDetail) -> String {
    let p = &d.player;
    let mut out = format!(
        "Player {}: {}{}\n  notation {}, language {}, replies via {}, time zone {}\n  PIN: {}\n",
        p.id,
        shown(&p.name, false),
        if p.removed { " (removed)" } else { "" },
        p.notation,
        p.lang,
        p.reply_via.unwrap_or("the first address"),
        p.tz,
        if p.pin { "set" } else { "none" }
    );
    out.push_str("Addresses:\n");
    for a in &p.addresses {
        out.push_str(&format!("  {} {}\n", a.channel, shown(&a.address, false)));
    }
    out.push_str("Games:\n");
    for g in &d.games {
        out.push_str(&format!(
            "  {}\t{}\tagainst {}\t{}\n",
            g.id,
            g.color,
            shown(&g.opponent, false),
            g.result
        ));
    }
    out.push_str("Leave:\n");
    for l in &d.leaves {
        out.push_str(&format!(
            "  {} to {}\n",
            l.from,
            l.until.as_deref().unwrap_or("further notice")
        ));
    }
    out
}

// ---------------------------------------------------------------------------
// Games

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
fn games_of_event(store: &Store, event: Option<&str>) -> store::Result<Option<HashSet<GameId>>> {
    let Some(e) = event else { return Ok(None) };
    let id = crate::event_commands::find(store, e)?.id;
    Ok(Some(
        store.event_games(id)?.into_iter().map(|g| g.game).collect(),
    ))
}

/// The player a filter names, if it names one.
fn named(store: &Store, name: Option<&str>) -> store::Result<Option<Player>> {
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
                uci: m.uci,
                written: m.raw,
                notation: m.notation,
                received_at: m.received_at,
                delivered_at: m.delivered_at,
            })
            .collect(),
    };
    print_json(&detail)
}

// ---------------------------------------------------------------------------
// Incidents

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct IncidentsArgs {
    #[command(subcommand)]
    rule: Option<IncidentsCommand>,
    /// Only this game's incidents (an unknown game is an error).
    game: Option<i64>,
    /// Only the incidents of this event's games.
    #[arg(long)]
    event: Option<String>,
    /// Only the incidents about this player or their games.
    #[arg(long)]
    player: Option<String>,
    /// Only this kind (illegal, silence, takeback, adjudicate, …).
    #[arg(long)]
    kind: Option<String>,
    /// Only those not yet ruled on.
    #[arg(long, conflicts_with = "ruled")]
    open: bool,
    /// Only those ruled on (and the director's own acts).
    #[arg(long)]
    ruled: bool,
    #[arg(long)]
    json: bool,
    /// Write the incidents with their evidence to this file.
    #[arg(long)]
    export: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum IncidentsCommand {
    /// Record the director's ruling on an incident, tell the players, audit it.
    Rule {
        id: i64,
        /// The ruling, as the players read it.
        #[arg(long)]
        decision: String,
        /// Who is told: nobody, player (the incident's) or players (both of its game).
        #[arg(long, default_value = "players")]
        tell: Tell,
    },
}

/// One line of the incident queue: an incident, or a director's act on a
/// game from the audit trail (takeback, adjudication, overrule, withdrawal).
#[derive(Serialize)]
struct QueueEntry {
    /// The incident's id (what `incidents rule` takes), or the audit entry's.
    id: i64,
    /// `incident` or `audit`.
    source: &'static str,
    at: Timestamp,
    game: Option<i64>,
    event: Option<String>,
    player: Option<String>,
    kind: String,
    /// The line concerned (incidents) or the reason (audit).
    text: Option<String>,
    detail: String,
    /// `open` or `ruled`.
    state: &'static str,
    ruling: Option<RulingJson>,
}

#[derive(Serialize)]
struct RulingJson {
    text: String,
    at: Timestamp,
    told: String,
}

pub fn incidents(loc: Location, a: IncidentsArgs) -> Result<(), CommandError> {
    if let Some(IncidentsCommand::Rule { id, decision, tell }) = a.rule {
        let mut store = open(loc)?;
        let ruled = service::rule_incident(
            &mut store,
            &service::Actor::Operator,
            id,
            &decision,
            tell,
            now(),
        )?;
        print(&format!(
            "incident {id}: ruled; told {}\n",
            if ruled.told.is_empty() {
                "nobody".to_string()
            } else {
                ruled.told.join(", ")
            }
        ))?;
        return Ok(());
    }
    let store = open(loc)?;
    if let Some(g) = a.game
        && store.game(GameId(g))?.is_none()
    {
        return Err(store::StoreError::NotFound(format!("no game {g}")).into());
    }
    let list = queue(&store, &a)?;
    match &a.export {
        Some(path) => {
            let ids: HashSet<i64> = list
                .iter()
                .filter(|e| e.source == "incident")
                .map(|e| e.id)
                .collect();
            let incidents: Vec<store::Incident> = store
                .incidents(a.game.map(GameId))?
                .into_iter()
                .filter(|i| ids.contains(&i.id))
                .collect();
            crate::commands::export_incidents(&store, &incidents, path)
                .map_err(CommandError::Output)?;
            print(&format!(
                "{} incidents written to {}\n",
                incidents.len(),
                path.display()
            ))?;
            Ok(())
        }
        None if a.json => print_json(&list),
        None => {
            let mut out = String::from("ID\tTIME\tGAME\tPLAYER\tKIND\tSTATE\tTEXT\tDETAIL\n");
            for e in &list {
                out.push_str(&format!(
                    "{}{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
                    if e.source == "audit" { "A" } else { "" },
                    e.id,
                    e.at,
                    e.game.map_or("-".into(), |g| g.to_string()),
                    e.player.as_deref().map_or("-".into(), |p| shown(p, false)),
                    e.kind,
                    match &e.ruling {
                        Some(r) if e.source == "incident" =>
                            format!("ruled: {}", shown(&r.text, false)),
                        _ => e.state.to_string(),
                    },
                    shown(e.text.as_deref().unwrap_or_default(), false),
                    shown(&e.detail, false)
                ));
            }
            print(&out)?;
            Ok(())
        }
    }
}

/// The incident queue as `a` filters it, oldest first.
fn queue(store: &Store, a: &IncidentsArgs) -> Result<Vec<QueueEntry>, CommandError> {
    let event_games = games_of_event(store, a.event.as_deref())?;
    let player = named(store, a.player.as_deref())?;
    let games_of_player: HashSet<GameId> = match &player {
        Some(p) => store
            .games_of(p.id, false)?
            .into_iter()
            .map(|g| g.id)
            .collect(),
        None => HashSet::new(),
    };
    let mut list = Vec::new();
    let event_name = |g: Option<GameId>| -> store::Result<Option<String>> {
        Ok(match g {
            Some(g) => store.event_of(g)?.map(|(e, _)| e.name),
            None => None,
        })
    };
    for i in store.incidents(a.game.map(GameId))? {
        list.push(QueueEntry {
            id: i.id,
            source: "incident",
            at: i.created_at,
            game: i.game_id.map(|g| g.0),
            event: event_name(i.game_id)?,
            player: i.player_id.map(|p| name_of(store, p)),
            kind: i.kind.to_string(),
            text: i.text,
            detail: i.detail,
            state: if i.ruling.is_some() { "ruled" } else { "open" },
            ruling: i.ruling.map(|r| RulingJson {
                text: r.text,
                at: r.at,
                told: r.told,
            }),
        });
    }
    for e in store.audit_log()? {
        // Rulings are shown on their incidents, edits under `audit`.
        let Some(g) = e.game.filter(|_| e.action != "ruling") else {
            continue;
        };
        if a.game.is_some_and(|want| want != g.0) {
            continue;
        }
        list.push(QueueEntry {
            id: e.id,
            source: "audit",
            at: e.at,
            game: Some(g.0),
            event: event_name(Some(g))?,
            player: e.player.map(|p| name_of(store, p)),
            kind: e.action,
            text: Some(e.reason),
            detail: e.detail,
            state: "ruled",
            ruling: None,
        });
    }
    list.retain(|e| {
        let game = e.game.map(GameId);
        event_games
            .as_ref()
            .is_none_or(|set| game.is_some_and(|g| set.contains(&g)))
            && player.as_ref().is_none_or(|p| {
                e.player.as_deref() == Some(p.name.as_str())
                    || game.is_some_and(|g| games_of_player.contains(&g))
            })
            && a.kind.as_deref().is_none_or(|k| e.kind == k)
            && (!a.open || e.state == "open")
            && (!a.ruled || e.state == "ruled")
    });
    list.sort_by_key(|e| e.at);
    Ok(list)
}

// ---------------------------------------------------------------------------
// Outbox and audit

#[derive(Args, Debug)]
pub struct OutboxArgs {
    /// Also the replies sent and given up on.
    #[arg(long)]
    all: bool,
    #[arg(long)]
    json: bool,
    /// Send a reply given up on again (by its id).
    #[arg(long, value_name = "ID")]
    retry: Option<i64>,
}

/// One reply as `outbox --json` and `submit --json` list it.
#[derive(Serialize)]
pub(crate) struct ReplyJson {
    id: i64,
    channel: Channel,
    to: String,
    /// The mail's subject (email only).
    subject: Option<String>,
    body: String,
    /// `queued`, `sent` or `failed`.
    state: &'static str,
    attempts: i64,
    created_at: Timestamp,
    /// When it is tried next, while queued.
    next_attempt_at: Option<Timestamp>,
    sent_at: Option<Timestamp>,
    failed_at: Option<Timestamp>,
    last_error: Option<String>,
    game: Option<i64>,
}

pub(crate) fn reply_json(e: &OutboxEntry) -> ReplyJson {
    let r = &e.reply;
    let state = match (r.sent_at, r.failed_at) {
        (_, Some(_)) => "failed",
        (Some(_), None) => "sent",
        (None, None) => "queued",
    };
    ReplyJson {
        id: r.id.0,
        channel: r.channel,
        to: r.to.clone(),
        subject: (r.channel == Channel::Email)
            .then(|| crate::transport::email::compose::subject(r)),
        body: r.body.clone(),
        state,
        attempts: e.attempts,
        created_at: e.created_at,
        next_attempt_at: (state == "queued").then_some(e.next_attempt_at),
        sent_at: r.sent_at,
        failed_at: r.failed_at,
        last_error: e.last_error.clone(),
        game: r.game_id.map(|g| g.0),
    }
}

/// Replies as `outbox` and `submit` print them: a head line with the id,
/// channel, recipient, state, attempts and times, then the text.
pub(crate) fn print_replies(replies: &[ReplyJson], json: bool) -> Result<(), CommandError> {
    if json {
        return print_json(&replies);
    }
    let mut out = String::new();
    for r in replies {
        let when = match (r.sent_at, r.failed_at, r.next_attempt_at) {
            (_, Some(t), _) => format!(
                ", failed {t}: {}",
                shown(r.last_error.as_deref().unwrap_or_default(), false)
            ),
            (Some(t), None, _) => format!(", sent {t}"),
            (None, None, Some(t)) => format!(", next {t}"),
            (None, None, None) => String::new(),
        };
        out.push_str(&format!(
            "-> {} {} #{} {}, {} attempts, created {}{when}\n{}\n\n",
            r.channel,
            shown(&r.to, false),
            r.id,
            r.state,
            r.attempts,
            r.created_at,
            shown(&r.body, true)
        ));
    }
    print(&out)?;
    Ok(())
}

pub fn outbox(loc: Location, a: OutboxArgs) -> Result<(), CommandError> {
    if let Some(id) = a.retry {
        let mut store = open(loc)?;
        service::retry_reply(
            &mut store,
            &service::Actor::Operator,
            store::ReplyId(id),
            now(),
        )?;
        print(&format!("reply {id}: queued again\n"))?;
        return Ok(());
    }
    let store = open(loc)?;
    let list: Vec<ReplyJson> = store
        .outbox_entries(a.all)?
        .iter()
        .map(reply_json)
        .collect();
    print_replies(&list, a.json)
}

#[derive(Args, Debug)]
pub struct AuditArgs {
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct AuditJson {
    id: i64,
    at: Timestamp,
    game: Option<i64>,
    player: Option<String>,
    action: String,
    reason: String,
    detail: String,
    /// The director who acted on the web console (absent: the command line).
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<String>,
}

/// `ccgate audit`: every director's action, oldest first.
pub fn audit(loc: Location, a: AuditArgs) -> Result<(), CommandError> {
    let store = open(loc)?;
    let rows: Vec<AuditJson> = store
        .audit_log()?
        .into_iter()
        .map(|e| AuditJson {
            id: e.id,
            at: e.at,
            game: e.game.map(|g| g.0),
            player: e.player.map(|p| name_of(&store, p)),
            action: e.action,
            reason: e.reason,
            detail: e.detail,
            by: e.by,
        })
        .collect();
    if a.json {
        return print_json(&rows);
    }
    let mut out = String::from("ID\tTIME\tGAME\tPLAYER\tACTION\tREASON\tDETAIL\n");
    for r in &rows {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            r.id,
            r.at,
            r.game.map_or("-".into(), |g| g.to_string()),
            r.player.as_deref().map_or("-".into(), |p| shown(p, false)),
            r.action,
            shown(&r.reason, false),
            shown(&r.detail, false)
        ));
    }
    print(&out)?;
    Ok(())
}

/// Writes a command's output. A reader that went away (`| head`) ends the
/// process by SIGPIPE as Unix tools do (see `cli::run`), never a panic;
/// another failure (a full disk under `> file`) is the command's error.
pub(crate) fn print(text: &str) -> Result<(), CommandError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| CommandError::Output(format!("cannot write: {e}")))
}

/// A listing as pretty JSON, one value.
pub(crate) fn print_json(value: &impl Serialize) -> Result<(), CommandError> {
    let text =
        serde_json::to_string_pretty(value).map_err(|e| CommandError::Output(e.to_string()))?;
    print(&text)?;
    print("\n")
}
