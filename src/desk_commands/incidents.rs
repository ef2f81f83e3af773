//! `incidents`: the queue of incidents, their evidence and the rulings.

use std::collections::HashSet;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use jiff::Timestamp;
use serde::Serialize;

use super::games::{games_of_event, named};
use super::{print, print_json};
use crate::commands::{CommandError, Location, name_of, now, open};
use crate::escape::shown;
use crate::service::{self, Tell};
use crate::store::{self, GameId, Store};

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
    /// Close an incident with no action; nobody is told.
    Dismiss {
        id: i64,
        #[arg(long, default_value = "")]
        reason: String,
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
    if let Some(IncidentsCommand::Dismiss { id, reason }) = &a.rule {
        let mut store = open(loc)?;
        service::dismiss_incident(&mut store, &service::Actor::Operator, *id, reason, now())?;
        return print(&format!("incident {id}: dismissed\n"));
    }
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
