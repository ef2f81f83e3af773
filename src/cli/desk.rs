//! The director's desk: the incident queue with rulings and its dossier
//! (`incidents`), the outbox (`outbox`), the audit log (`audit`). Every
//! listing has `--json`; what a ruling decides is the service's
//! ([`crate::service::desk`]).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use jiff::Timestamp;
use serde::Serialize;

use super::common::{CommandError, Location, named_filter, now, open, print, print_json};
use super::game::{games_of_event, named};
use crate::escape::shown;
use crate::protocol::address::Channel;
use crate::read::names::name_of;
use crate::service::triage::{self, State};
use crate::service::{self, AuditAction, Tell};
use crate::store::{self, GameId, JournalId, OutboxEntry, Store};

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
    #[arg(long, value_parser = named_filter)]
    player: Option<String>,
    /// Only this kind: an incident's (illegal, silence, …) or a director's
    /// act (takeback, adjudicate, …).
    #[arg(long, value_parser = kinds())]
    kind: Option<String>,
    /// Every incident, whatever its state (what plain `incidents` lists).
    #[arg(long, conflicts_with_all = ["open", "ruled"])]
    all: bool,
    /// Only those waiting for a ruling: what needs the director, and
    /// routine refusals repeated or disputed (the console's "waiting").
    #[arg(long, conflicts_with = "ruled")]
    open: bool,
    /// Only those ruled on (and the director's own acts).
    #[arg(long)]
    ruled: bool,
    /// Print JSON for scripts instead of the table.
    #[arg(long)]
    json: bool,
    /// Write the incidents with their evidence to this file.
    #[arg(long)]
    export: Option<PathBuf>,
}

/// The values of `--kind`: the incidents' kinds and the audit trail's acts.
fn kinds() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        store::IncidentKind::names().chain(AuditAction::ALL.map(AuditAction::name)),
    )
}

#[derive(Subcommand, Debug)]
pub enum IncidentsCommand {
    /// Record the director's ruling on an incident, tell the players, audit it.
    Rule {
        /// The incident's number.
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
        /// The incident's number.
        id: i64,
        /// Why, for the record.
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
    /// Who sent what it is about: the player, else a stranger's address
    /// (incidents only).
    sender: Option<String>,
    kind: String,
    /// The line concerned (incidents) or the reason (audit).
    text: Option<String>,
    detail: String,
    /// `waiting` (for a ruling), `recorded` (answered, not waiting) or
    /// `ruled`.
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
            export_incidents(&store, &incidents, path)?;
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
    // `--all` is what no state flag lists: said explicitly, for scripts.
    let only = match (a.all, a.open, a.ruled) {
        (false, true, _) => Some(State::Waiting),
        (false, _, true) => Some(State::Ruled),
        _ => None,
    };
    let incidents = store.incidents(a.game.map(GameId))?;
    let held: HashSet<JournalId> = store.pending_holds(now())?.into_iter().collect();
    let states = triage::states(&incidents, &held);
    for (i, state) in incidents.into_iter().zip(states) {
        list.push(QueueEntry {
            id: i.id,
            source: "incident",
            at: i.created_at,
            game: i.game_id.map(|g| g.0),
            event: event_name(i.game_id)?,
            player: i.player_id.map(|p| name_of(store, p)),
            sender: triage::sender(store, &i)?,
            kind: i.kind.to_string(),
            text: i.text,
            detail: i.detail,
            state: state.name(),
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
            sender: None,
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
            && only.is_none_or(|st| e.state == st.name())
    });
    list.sort_by_key(|e| e.at);
    Ok(list)
}

#[derive(Args, Debug)]
pub struct OutboxArgs {
    /// Also the replies sent and given up on.
    #[arg(long)]
    all: bool,
    /// Print JSON for scripts instead of the table.
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
    /// Print JSON for scripts instead of the table.
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

/// A dossier a director can send on: every incident with the raw message,
/// the times, the position and what was refused and why.
pub(crate) fn export_incidents(
    store: &Store,
    list: &[store::Incident],
    path: &Path,
) -> Result<(), CommandError> {
    let mut out = String::from("ccgate incident report\n======================\n\n");
    for i in list {
        out.push_str(&format!("Incident {} ({})\n", i.id, i.kind));
        out.push_str(&format!("  recorded:  {}\n", i.created_at));
        if let Some(g) = i.game_id {
            out.push_str(&format!("  game:      {g}\n"));
        }
        if let Some(p) = i.player_id {
            out.push_str(&format!("  player:    {}\n", name_of(store, p)));
        }
        out.push_str(&format!(
            "  refused:   {}\n",
            shown(i.text.as_deref().unwrap_or_default(), false)
        ));
        out.push_str(&format!("  why:       {}\n", shown(&i.detail, false)));
        if let Some(fen) = &i.fen {
            out.push_str(&format!("  position:  {fen}\n"));
        }
        if let Some(j) = i.journal_id.and_then(|j| store.entry(j).ok().flatten()) {
            out.push_str(&format!(
                "  message:   {} from {} id {} received {}\n  raw message follows:\n",
                j.channel,
                shown(&j.sender, false),
                shown(&j.transport_id, false),
                j.received_at
            ));
            for line in String::from_utf8_lossy(&j.raw).lines() {
                out.push_str("  | ");
                // The dossier goes to others: a player's PIN stays here.
                out.push_str(&if service::pin_of_line(line).is_some() {
                    "pin (withheld)".into()
                } else {
                    shown(line, false)
                });
                out.push('\n');
            }
        }
        out.push('\n');
    }
    std::fs::write(path, out)
        .map_err(|e| CommandError::Output(format!("cannot write {}: {e}", path.display())))
}
