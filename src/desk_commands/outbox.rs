//! `outbox` and `audit`: replies waiting or sent, and what directors did.

use clap::Args;
use jiff::Timestamp;
use serde::Serialize;

use super::{print, print_json};
use crate::commands::{CommandError, Location, name_of, now, open};
use crate::escape::shown;
use crate::protocol::address::Channel;
use crate::service::{self};
use crate::store::{self, OutboxEntry};

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
        service::retry_reply(&mut store, store::ReplyId(id), now())?;
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
