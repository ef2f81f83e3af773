//! The director's pages (maud), their words from the catalogues. Everything
//! from outside (names, raw messages, addresses, errors) goes through
//! [`outside`] and maud's escaping: a message is evidence, shown as text.

use maud::{Markup, html};

use super::access::Prefs;
use super::desk::Desk;
use super::pages::{layout, outside, scrolling};
use crate::escape::shown;
use crate::metrics::LinkState;
use crate::notation::{Lang, Notation};
use crate::protocol::address::Channel;
use crate::protocol::l10n::{self, Args, Form, Reader};
use crate::service::triage::{QueueLine, State};
use crate::store::{
    self, AuditEntry, EventRow, GameRow, Incident, IncidentKind, OutboxEntry, Player, Store,
};

/// A word of the console in the page's language.
fn t(prefs: Prefs, id: &str) -> String {
    l10n::plain(Reader::new(prefs.lang, Form::Full), id)
}

/// A console word chosen by one key (`name` = `key`).
fn said(prefs: Prefs, id: &str, name: &'static str, key: &str) -> String {
    l10n::text(
        Reader::new(prefs.lang, Form::Full),
        id,
        &Args::new().str(name, key.to_string()),
    )
}

/// An incident with what the director needs to rule on it.
pub struct OpenIncident {
    pub incident: Incident,
    pub player: Option<String>,
    pub game: Option<IncidentGame>,
    /// The message it came from: its sender and text as received.
    pub message: Option<(Channel, String, String)>,
}

/// The incident's game, with what its forms name: the players, the event.
pub struct IncidentGame {
    pub row: GameRow,
    /// White's name, then Black's.
    pub names: [String; 2],
    pub event: Option<EventRow>,
}

/// One incident with its evidence, as its page shows it.
pub fn case_of(s: &Store, i: Incident) -> store::Result<OpenIncident> {
    let player = match i.player_id {
        Some(p) => s.player_name(p)?,
        None => None,
    };
    let game = match i.game_id.map(|g| s.game(g)).transpose()?.flatten() {
        Some(row) => {
            let name = |p| {
                s.player_name(p)
                    .map(|n| n.unwrap_or_else(|| format!("#{p}")))
            };
            Some(IncidentGame {
                names: [name(row.white)?, name(row.black)?],
                event: s.event_of(row.id)?.map(|(e, _)| e),
                row,
            })
        }
        None => None,
    };
    let message = match i.journal_id {
        Some(j) => s.entry(j)?.map(|e| {
            (
                e.channel,
                e.sender,
                // A line ending is no control a sender hides: CRLF
                // reads as the lines it ends; a lone CR stays escaped.
                String::from_utf8_lossy(&e.raw).replace("\r\n", "\n"),
            )
        }),
        None => None,
    };
    Ok(OpenIncident {
        incident: i,
        player,
        game,
        message,
    })
}

/// Every console page: the navigation, who is signed in, the sign-out form.
fn desk_layout(desk: &Desk, title: &str, body: Markup) -> Markup {
    let p = desk.prefs;
    let body = html! {
        nav class="desk" aria-label=(t(p, "desk-console")) {
            a href="/director/incidents" { (t(p, "desk-incidents")) }
            a href="/director/games" { (t(p, "desk-games")) }
            a href="/director/players" { (t(p, "desk-players")) }
            a href="/director/outbox" { (t(p, "desk-outbox")) }
            a href="/director/audit" { (t(p, "desk-audit")) }
            a href="/director/health" { (t(p, "desk-health")) }
            form method="post" action="/director/logout" class="inline" {
                (csrf(desk))
                span { (l10n::text(Reader::new(p.lang, Form::Full), "desk-signed-in-as", &Args::new().str("name", outside(&desk.director)))) }
                " "
                button type="submit" { (t(p, "desk-sign-out")) }
            }
        }
        h1 { (title) }
        (body)
    };
    layout(title, p, body)
}

/// A table's head: its columns' words (`#` as it is).
fn head(p: Prefs, ids: &[&str]) -> Markup {
    html! {
        thead {
            tr {
                @for id in ids {
                    th scope="col" { @if *id == "#" { "#" } @else { (t(p, id)) } }
                }
            }
        }
    }
}

fn csrf(desk: &Desk) -> Markup {
    html! { input type="hidden" name="csrf" value=(desk.csrf); }
}

pub fn login(prefs: Prefs, csrf: &str, said: Option<&str>) -> Markup {
    let title = t(prefs, "desk-title-login");
    let body = html! {
        h1 { (title) }
        @if let Some(id) = said {
            p class="said" role="alert" { (t(prefs, id)) }
        }
        form method="post" action="/director/login" class="login" {
            input type="hidden" name="csrf" value=(csrf);
            p {
                label for="name" { (t(prefs, "desk-name")) }
                input id="name" name="name" type="text" autocomplete="username" required;
            }
            p {
                label for="password" { (t(prefs, "desk-password")) }
                input id="password" name="password" type="password" autocomplete="current-password" required;
            }
            button type="submit" { (t(prefs, "desk-sign-in")) }
        }
    };
    layout(&title, prefs, body)
}

/// A refusal with nothing of the session's (a missing page, a stale form).
pub fn refused(prefs: Prefs, id: &str) -> Markup {
    let text = t(prefs, id);
    layout(
        &text,
        prefs,
        html! { h1 { (text) } p { a href="/director" { (t(prefs, "desk-back")) } } },
    )
}

/// An action the service refused, and why.
pub fn failed(desk: &Desk, why: &str, back: &str) -> Markup {
    let p = desk.prefs;
    desk_layout(
        desk,
        &t(p, "desk-refused"),
        html! {
            p class="said" role="alert" { (outside(why)) }
            p { a href=(back) { (t(p, "desk-back")) } }
        },
    )
}

/// What the queue page was asked: its filters as typed (kept in the
/// form), and the word on what the last action did.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct QueueAsked {
    pub state: Option<String>,
    pub kind: Option<String>,
    pub player: Option<String>,
    pub game: Option<String>,
    pub event: Option<String>,
    pub since: Option<String>,
    pub until: Option<String>,
    pub done: Option<String>,
    pub n: Option<i64>,
}

/// What an action says it did, back on the page it returns to: only these
/// (a link cannot make the page say anything else).
pub const DONE: [&str; 6] = [
    "ruled",
    "dismissed",
    "adjudicate",
    "takeback",
    "penalty",
    "withdraw",
];

/// The confirmation a page shows after post/redirect/get.
fn done_said(p: Prefs, asked: &QueueAsked) -> Option<String> {
    let done = DONE
        .into_iter()
        .find(|d| asked.done.as_deref() == Some(*d))?;
    Some(l10n::text(
        Reader::new(p.lang, Form::Full),
        &format!("desk-done-{done}"),
        &Args::new().num("n", asked.n.unwrap_or_default()),
    ))
}

/// The queue: its filters (a GET form), then one line per incident, each
/// open one with a box to dismiss several with one reason.
pub fn queue(
    desk: &Desk,
    asked: &QueueAsked,
    events: &[EventRow],
    lines: Result<&[QueueLine], &str>,
) -> Markup {
    let p = desk.prefs;
    let value = |v: &Option<String>| v.clone().unwrap_or_default();
    let filters = html! {
        form method="get" action="/director/incidents" class="filters" {
            fieldset {
                legend { (t(p, "desk-filter")) }
                label for="f-state" { (t(p, "desk-state")) }
                select id="f-state" name="state" {
                    option value="" { (t(p, "desk-any")) }
                    @for st in State::ALL {
                        option value=(st.name()) selected[asked.state.as_deref() == Some(st.name())] { (said(p, "desk-state-is", "state", st.name())) }
                    }
                }
                " "
                label for="f-kind" { (t(p, "desk-kind")) }
                select id="f-kind" name="kind" {
                    option value="" { (t(p, "desk-any")) }
                    @for k in IncidentKind::names() {
                        option value=(k) selected[asked.kind.as_deref() == Some(k)] { (k) }
                    }
                }
                " "
                label for="f-player" { (t(p, "desk-player")) }
                input id="f-player" name="player" type="text" size="12" value=(value(&asked.player));
                " "
                label for="f-game" { (t(p, "desk-game")) }
                input id="f-game" name="game" type="text" inputmode="numeric" size="4" value=(value(&asked.game));
                " "
                label for="f-event" { (t(p, "desk-event")) }
                select id="f-event" name="event" {
                    option value="" { (t(p, "desk-any")) }
                    @for e in events {
                        option value=(e.name) selected[asked.event.as_deref() == Some(e.name.as_str())] { (outside(&e.name)) }
                    }
                }
                " "
                label for="f-since" { (t(p, "desk-since")) }
                input id="f-since" name="since" type="date" value=(value(&asked.since));
                " "
                label for="f-until" { (t(p, "desk-until")) }
                input id="f-until" name="until" type="date" value=(value(&asked.until));
                " "
                button type="submit" { (t(p, "desk-filter")) }
            }
        }
    };
    let table = |lines: &[QueueLine]| {
        let label = t(p, "desk-incidents");
        scrolling(
            &label,
            html! {
                table class="queue" {
                    (head(p, &["desk-choose", "#", "desk-when", "desk-kind", "desk-state", "desk-player", "desk-game", "desk-summary"]))
                    tbody {
                        @for l in lines {
                            @let i = &l.incident;
                            tr class=(l.state.name()) {
                                td {
                                    @if l.state != State::Ruled {
                                        input type="checkbox" name=(format!("pick-{}", i.id)) value="yes"
                                            aria-label=(l10n::text(Reader::new(p.lang, Form::Full), "desk-incident", &Args::new().num("id", i.id)));
                                    }
                                }
                                td { a href=(format!("/director/incidents/{}", i.id)) id=(format!("incident-{}", i.id)) { (i.id) } }
                                td { (i.created_at.strftime("%Y-%m-%d %H:%M")) }
                                td { (i.kind.name()) }
                                td { (said(p, "desk-state-is", "state", l.state.name())) }
                                td { @if let Some(who) = &l.sender { (outside(who)) } }
                                td {
                                    @if let Some(g) = i.game_id { (game_link(g)) }
                                }
                                td {
                                    @if let Some(text) = &i.text { q { (outside(text)) } " " }
                                    (outside(&i.detail))
                                }
                            }
                        }
                    }
                }
            },
        )
    };
    let body = html! {
        @if let Some(done) = done_said(p, asked) {
            p class="said" role="status" { (done) }
        }
        (filters)
        @match lines {
            Err(why) => p class="said" role="alert" { (outside(why)) },
            Ok([]) => p { (t(p, "desk-no-incidents")) },
            Ok(lines) => form method="post" action="/director/incidents/dismiss" class="bulk" {
                (csrf(desk))
                (table(lines))
                p {
                    label for="bulk-reason" { (t(p, "desk-reason")) }
                    " "
                    input id="bulk-reason" name="reason" type="text" size="24" required;
                    " "
                    button type="submit" { (t(p, "desk-dismiss-chosen")) }
                }
            },
        }
    };
    desk_layout(desk, &t(p, "desk-incidents"), body)
}

/// One incident: what it is, the message as received, and every ruling
/// that can be made on it (or the ruling made).
pub fn incident(desk: &Desk, o: &OpenIncident) -> Markup {
    let p = desk.prefs;
    let i = &o.incident;
    let heading = l10n::text(
        Reader::new(p.lang, Form::Full),
        "desk-incident",
        &Args::new().num("id", i.id),
    );
    let body = html! {
        dl {
            dt { (t(p, "desk-kind")) } dd { (i.kind.name()) }
            dt { (t(p, "desk-recorded")) } dd { (i.created_at.strftime("%Y-%m-%d %H:%M UTC")) }
            @if let Some(g) = i.game_id {
                dt { (t(p, "desk-game")) } dd { (game_link(g)) }
            }
            @if let Some(name) = &o.player {
                dt { (t(p, "desk-player")) } dd { (outside(name)) }
            }
            dt { (t(p, "desk-detail")) } dd { (outside(&i.detail)) }
            @if let Some(text) = &i.text {
                dt { (t(p, "desk-line")) } dd { code { (outside(text)) } }
            }
            @if let Some(fen) = &i.fen {
                dt { (t(p, "desk-position")) } dd { code { (outside(fen)) } }
            }
            @if let Some(r) = &i.ruling {
                dt { (t(p, "desk-ruling")) }
                dd { (r.at.strftime("%Y-%m-%d %H:%M UTC")) ": " (outside(&r.text)) }
            }
        }
        @if let Some((channel, sender, raw)) = &o.message {
            h2 { (t(p, "desk-evidence")) " (" (channel) ", " (outside(sender)) ")" }
            pre class="evidence" { (shown(raw, true)) }
        }
        @if i.ruling.is_none() {
            h2 { (t(p, "desk-rulings")) }
            form method="post" action=(format!("/director/incidents/{}/rule", i.id)) class="ruling" {
                (csrf(desk))
                p {
                    label for="decision" { (t(p, "desk-ruling")) }
                    br;
                    textarea id="decision" name="decision" rows="3" cols="40" required {}
                }
                p {
                    label for="tell" { (t(p, "desk-tell")) }
                    " "
                    select id="tell" name="tell" {
                        option value="players" { (t(p, "desk-tell-players")) }
                        option value="player" { (t(p, "desk-tell-player")) }
                        option value="nobody" { (t(p, "desk-tell-nobody")) }
                    }
                    " "
                    button type="submit" { (t(p, "desk-rule")) }
                }
            }
            form method="post" action=(format!("/director/incidents/{}/dismiss", i.id)) class="dismiss" {
                (csrf(desk))
                label for="dismiss" { (t(p, "desk-reason")) }
                " "
                input id="dismiss" name="reason" type="text" size="24";
                " "
                button type="submit" { (t(p, "desk-dismiss")) }
            }
        }
        @if let Some(g) = o.game.as_ref() {
            (adjudication(desk, i.id, &g.row))
            (takeback(desk, i.id, &g.row))
            @if !g.row.finished {
                (penalty(desk, i.id, g))
            }
            @if let Some(e) = &g.event {
                (withdrawal(desk, i.id, g, e))
            }
        }
    };
    desk_layout(desk, &heading, body)
}

/// A form acting on the incident's game or event: its own fields, then
/// the reason (required) and the button. Fields are named by the incident:
/// two incidents about one game are two sets of forms.
fn action_form(
    desk: &Desk,
    incident: i64,
    (action, class): (String, &str),
    legend: Markup,
    fields: Markup,
) -> Markup {
    let p = desk.prefs;
    let reason = format!("{class}-reason-{incident}");
    html! {
        form method="post" action=(action) class=(class) {
            (csrf(desk))
            fieldset {
                legend { (legend) }
                (fields)
                " "
                label for=(reason) { (t(p, "desk-reason")) }
                input id=(reason) name="reason" type="text" required;
                " "
                button type="submit" { (t(p, &format!("desk-{class}"))) }
            }
        }
    }
}

/// A form acting on the game, posted to `/director/games/<id>/<class>`.
fn game_form(desk: &Desk, incident: i64, g: &GameRow, class: &str, fields: Markup) -> Markup {
    let p = desk.prefs;
    let legend = html! { (t(p, &format!("desk-{class}"))) " " (t(p, "desk-game")) " " (g.id) };
    let action = format!("/director/games/{}/{class}", g.id);
    action_form(desk, incident, (action, class), legend, fields)
}

/// A choice of the game's two players, by `values` (White's first).
fn either_player(p: Prefs, id: &str, name: &str, g: &IncidentGame, values: [String; 2]) -> Markup {
    html! {
        label for=(id) { (t(p, "desk-player")) }
        select id=(id) name=(name) {
            @for (value, player) in values.iter().zip(&g.names) {
                option value=(value) { (outside(player)) }
            }
        }
    }
}

fn adjudication(desk: &Desk, incident: i64, g: &GameRow) -> Markup {
    let p = desk.prefs;
    let f = |name: &str| format!("{name}-{incident}");
    let fields = html! {
        label for=(f("result")) { (t(p, "desk-result")) }
        select id=(f("result")) name="result" {
            option value="1-0" { "1-0" }
            option value="0-1" { "0-1" }
            option value="1/2-1/2" { "½-½" }
        }
        @if g.finished {
            " "
            input id=(f("overrule")) name="overrule" type="checkbox" value="yes";
            label for=(f("overrule")) { (t(p, "desk-overrule")) }
        }
    };
    game_form(desk, incident, g, "adjudicate", fields)
}

fn takeback(desk: &Desk, incident: i64, g: &GameRow) -> Markup {
    let p = desk.prefs;
    let ply = format!("ply-{incident}");
    let fields = html! {
        label for=(ply) { (t(p, "desk-to-ply")) }
        input id=(ply) name="ply" type="number" min="0" size="4" required;
    };
    game_form(desk, incident, g, "takeback", fields)
}

/// Days charged to one of the game's players.
fn penalty(desk: &Desk, incident: i64, g: &IncidentGame) -> Markup {
    let p = desk.prefs;
    let days = format!("days-{incident}");
    let sides = ["white".to_string(), "black".to_string()];
    let fields = html! {
        (either_player(p, &format!("side-{incident}"), "side", g, sides))
        " "
        label for=(days) { (t(p, "desk-days")) }
        input id=(days) name="days" type="number" min="1" size="3" required;
    };
    game_form(desk, incident, &g.row, "penalty", fields)
}

/// One of the game's players withdrawn from its event.
fn withdrawal(desk: &Desk, incident: i64, g: &IncidentGame, e: &EventRow) -> Markup {
    let p = desk.prefs;
    let ids = [g.row.white.to_string(), g.row.black.to_string()];
    let fields = either_player(p, &format!("who-{incident}"), "player", g, ids);
    let legend = html! { (t(p, "desk-withdraw")) ": " (outside(&e.name)) };
    let action = format!("/director/events/{}/withdraw", e.id);
    action_form(desk, incident, (action, "withdraw"), legend, fields)
}

pub fn players(desk: &Desk, players: &[Player]) -> Markup {
    let p = desk.prefs;
    let body = html! {
        table class="desk-players" {
            (head(p, &["#", "desk-name", "desk-addresses", "desk-players-edit", "desk-remove"]))
            tbody {
                @for pl in players {
                    @let id = pl.id.0;
                    tr {
                        td { (id) }
                        th scope="row" {
                            a href=(format!("/players/{}", super::pages::segment(&pl.name))) { (outside(&pl.name)) }
                            @if pl.removed_at.is_some() { " (" (t(p, "desk-removed")) ")" }
                        }
                        td {
                            @for (c, a) in &pl.addresses { (c) " " (outside(a)) br; }
                        }
                        td {
                            @if pl.removed_at.is_none() {
                                form method="post" action=(format!("/director/players/{id}/edit")) class="edit" {
                                    (csrf(desk))
                                    label for=(format!("notation-{id}")) { (t(p, "desk-notation")) }
                                    select id=(format!("notation-{id}")) name="notation" {
                                        @for n in Notation::ALL {
                                            option value=(n.name()) selected[n == pl.notation] { (n.name()) }
                                        }
                                    }
                                    label for=(format!("lang-{id}")) { (t(p, "desk-language")) }
                                    select id=(format!("lang-{id}")) name="lang" {
                                        @for l in Lang::ALL {
                                            option value=(l.code()) selected[*l == pl.lang] { (l.name()) }
                                        }
                                    }
                                    label for=(format!("tz-{id}")) { (t(p, "desk-time-zone")) }
                                    input id=(format!("tz-{id}")) name="tz" type="text" size="14" value=(pl.tz);
                                    input id=(format!("pin-{id}")) name="reset_pin" type="checkbox" value="yes";
                                    label for=(format!("pin-{id}")) { (t(p, "desk-reset-pin")) }
                                    label for=(format!("why-{id}")) { (t(p, "desk-reason")) }
                                    input id=(format!("why-{id}")) name="reason" type="text" size="14";
                                    button type="submit" { (t(p, "desk-save")) }
                                }
                            }
                        }
                        td {
                            @if pl.removed_at.is_none() {
                                form method="post" action=(format!("/director/players/{id}/remove")) class="remove" {
                                    (csrf(desk))
                                    label for=(format!("rm-{id}")) { (t(p, "desk-reason")) }
                                    input id=(format!("rm-{id}")) name="reason" type="text" size="14";
                                    button type="submit" { (t(p, "desk-remove")) }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    desk_layout(desk, &t(p, "desk-players"), body)
}

pub fn outbox(desk: &Desk, stuck: &[OutboxEntry]) -> Markup {
    let p = desk.prefs;
    let body = html! {
        @if stuck.is_empty() {
            p { (t(p, "desk-no-stuck")) }
        } @else {
            table class="outbox" {
                (head(p, &["#", "desk-to", "desk-state", "desk-attempts", "desk-last-error", "desk-retry"]))
                tbody {
                    @for e in stuck {
                        @let r = &e.reply;
                        tr {
                            td { (r.id.0) }
                            td { (r.channel) " " (outside(&r.to)) }
                            td {
                                @if r.failed_at.is_some() { (t(p, "desk-failed")) }
                                @else { (t(p, "desk-waiting")) " " (e.next_attempt_at.strftime("%Y-%m-%d %H:%M UTC")) }
                            }
                            td { (e.attempts) }
                            td { @if let Some(err) = &e.last_error { (outside(err)) } }
                            td {
                                @if r.failed_at.is_some() {
                                    form method="post" action=(format!("/director/outbox/{}/retry", r.id.0)) {
                                        (csrf(desk))
                                        button type="submit" { (t(p, "desk-retry")) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    desk_layout(desk, &t(p, "desk-outbox"), body)
}

pub fn audit(desk: &Desk, log: &[(AuditEntry, Option<String>)]) -> Markup {
    let p = desk.prefs;
    let body = html! {
        table class="audit" {
            (head(p, &["desk-when", "desk-by", "desk-action", "desk-game", "desk-player", "desk-reason", "desk-detail"]))
            tbody {
                @for (e, player) in log {
                    tr {
                        td { (e.at.strftime("%Y-%m-%d %H:%M UTC")) }
                        td {
                            @match &e.by {
                                Some(by) => (outside(by)),
                                None => (t(p, "desk-command-line")),
                            }
                        }
                        td { (e.action) }
                        // The console's own page of the game: a game outside a
                        // public event has no public page a director may see.
                        td { @if let Some(g) = e.game { (game_link(g)) } }
                        td { @if let Some(n) = player { (outside(n)) } }
                        td { (outside(&e.reason)) }
                        td { (outside(&e.detail)) }
                    }
                }
            }
        }
    };
    desk_layout(desk, &t(p, "desk-audit"), body)
}

pub fn health(
    desk: &Desk,
    health: &serde_json::Value,
    channels: &[(Channel, [u64; 3])],
    queued: &[(Channel, i64)],
    links: &[(&'static str, LinkState, jiff::Timestamp)],
) -> Markup {
    let p = desk.prefs;
    // The health JSON is for monitors; the page says each field in words:
    // the state, since when it runs (a date, not seconds), the errors, a
    // clock held. The connections have their own table below.
    let field = |k: &str| health.get(k).filter(|v| !v.is_null());
    let started = field("started")
        .and_then(|v| v.as_str())
        .and_then(|t| t.parse::<jiff::Timestamp>().ok());
    let mut fields: Vec<(String, String)> = Vec::new();
    if let Some(st) = field("status").and_then(|v| v.as_str()) {
        fields.push((
            t(p, "desk-health-state"),
            said(p, "desk-health-is", "state", st),
        ));
    }
    if let Some(at) = started {
        fields.push((
            t(p, "desk-up-since"),
            at.strftime("%Y-%m-%d %H:%M UTC").to_string(),
        ));
    }
    if let Some(n) = field("errors").and_then(serde_json::Value::as_u64) {
        fields.push((t(p, "desk-errors"), n.to_string()));
    }
    if field("clock").is_some() {
        fields.push((t(p, "desk-clock"), t(p, "desk-clock-held")));
    }
    if let Some(v) = field("version").and_then(|v| v.as_str()) {
        fields.push((t(p, "desk-version"), v.to_string()));
    }
    let body = html! {
        dl class="health" {
            @for (k, v) in &fields {
                dt { (k) } dd { (outside(v)) }
            }
        }
        table class="channels" {
            (head(p, &["desk-channel", "desk-in", "desk-out", "desk-send-failures", "desk-queued"]))
            tbody {
                @for (c, [i, o, f]) in channels {
                    tr {
                        th scope="row" { (c) }
                        td { (i) } td { (o) } td { (f) }
                        td { (queued.iter().find(|(q, _)| q == c).map_or(0, |q| q.1)) }
                    }
                }
            }
        }
        @if !links.is_empty() {
            table class="links" {
                (head(p, &["desk-link", "desk-link-state", "desk-link-since", "desk-link-error"]))
                tbody {
                    @for (name, state, since) in links {
                        tr class=(state.key()) {
                            th scope="row" { (said(p, "desk-link-name", "link", name)) }
                            td { (said(p, "desk-link-is", "state", state.key())) }
                            td { (since.strftime("%Y-%m-%d %H:%M:%S UTC")) }
                            td { @if let Some(e) = state.error() { (outside(e)) } }
                        }
                    }
                }
            }
        }
    };
    desk_layout(desk, &t(p, "desk-health"), body)
}

/// What the games list was asked: its filters as typed, and the word on
/// what the last action did.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct GamesAsked {
    pub event: Option<String>,
    pub player: Option<String>,
    pub state: Option<String>,
    pub done: Option<String>,
    pub n: Option<i64>,
}

/// The games list's states: in progress, finished, and the two the
/// director acts on (past the deadline, within [`NEAR_DAYS`] of it).
pub const GAME_STATES: [&str; 4] = ["active", "finished", "overdue", "near"];

/// How close a deadline must be for the game to be "near its deadline".
pub const NEAR_DAYS: i64 = 3;

/// Where a running game stands against its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Due {
    Overdue,
    Near,
    InTime,
}

/// One line of the games list.
pub struct GameLine {
    pub row: GameRow,
    /// White's name, then Black's.
    pub names: [String; 2],
    pub event: Option<String>,
    pub plies: usize,
    /// While the game goes on: who is to move, their last day, and how it
    /// stands.
    pub to_move: Option<(String, Option<jiff::civil::Date>, Due)>,
}

impl GameLine {
    /// Whether the line is one the state filter (one of [`GAME_STATES`])
    /// asks for.
    pub fn is(&self, state: &str) -> bool {
        let due = self.to_move.as_ref().map(|t| t.2);
        match state {
            "active" => !self.row.finished,
            "finished" => self.row.finished,
            "overdue" => due == Some(Due::Overdue),
            "near" => due == Some(Due::Near),
            _ => true,
        }
    }
}

/// A game's number, linked to its page in the console.
fn game_link(g: store::GameId) -> Markup {
    html! { a href=(format!("/director/games/{g}")) { (g) } }
}

/// The reminder button for the player to move in game `g`.
fn remind_form(desk: &Desk, g: store::GameId, back: &str) -> Markup {
    html! {
        form method="post" action=(format!("/director/games/{g}/remind")) class="inline" {
            (csrf(desk))
            input type="hidden" name="back" value=(back);
            button type="submit" aria-label=(l10n::text(Reader::new(desk.prefs.lang, Form::Full), "desk-remind-game", &Args::new().num("id", g.0))) {
                (t(desk.prefs, "desk-remind"))
            }
        }
    }
}

/// The confirmation after a reminder: only this word (a link cannot make
/// the page say anything else).
fn reminded_said(p: Prefs, done: Option<&str>, n: Option<i64>) -> Option<String> {
    (done == Some("reminded")).then(|| {
        l10n::text(
            Reader::new(p.lang, Form::Full),
            "desk-done-reminded",
            &Args::new().num("n", n.unwrap_or_default()),
        )
    })
}

/// The games list: its filters (a GET form), then one line per game; a
/// running game past or near its deadline has a reminder button.
pub fn games(
    desk: &Desk,
    asked: &GamesAsked,
    events: &[EventRow],
    lines: Result<&[GameLine], &str>,
) -> Markup {
    let p = desk.prefs;
    let value = |v: &Option<String>| v.clone().unwrap_or_default();
    let back = "/director/games?state=overdue";
    let filters = html! {
        form method="get" action="/director/games" class="filters" {
            fieldset {
                legend { (t(p, "desk-filter")) }
                label for="g-event" { (t(p, "desk-event")) }
                select id="g-event" name="event" {
                    option value="" { (t(p, "desk-any")) }
                    @for e in events {
                        option value=(e.name) selected[asked.event.as_deref() == Some(e.name.as_str())] { (outside(&e.name)) }
                    }
                }
                " "
                label for="g-player" { (t(p, "desk-player")) }
                input id="g-player" name="player" type="text" size="12" value=(value(&asked.player));
                " "
                label for="g-state" { (t(p, "desk-state")) }
                select id="g-state" name="state" {
                    option value="" { (t(p, "desk-any")) }
                    @for st in GAME_STATES {
                        option value=(st) selected[asked.state.as_deref() == Some(st)] { (said(p, "desk-game-state", "state", st)) }
                    }
                }
                " "
                button type="submit" { (t(p, "desk-filter")) }
            }
        }
    };
    let table = |lines: &[GameLine]| {
        scrolling(
            &t(p, "desk-games"),
            html! {
                table class="games" {
                    (head(p, &["#", "desk-white", "desk-black", "desk-event", "desk-plies", "desk-state", "desk-to-move", "desk-deadline"]))
                    tbody {
                        @for l in lines {
                            tr {
                                td { (game_link(l.row.id)) }
                                td { (outside(&l.names[0])) }
                                td { (outside(&l.names[1])) }
                                td { @if let Some(e) = &l.event { (outside(e)) } }
                                td { (l.plies) }
                                td {
                                    @match (&l.to_move, l.row.result) {
                                        (Some((_, _, Due::Overdue)), _) => strong { (said(p, "desk-game-state", "state", "overdue")) },
                                        (Some((_, _, Due::Near)), _) => (said(p, "desk-game-state", "state", "near")),
                                        (Some(_), _) => (said(p, "desk-game-state", "state", "active")),
                                        (None, Some(r)) => (r.to_string()),
                                        (None, None) => (said(p, "desk-game-state", "state", "finished")),
                                    }
                                }
                                td { @if let Some((who, _, _)) = &l.to_move { (outside(who)) } }
                                td {
                                    @if let Some((_, day, due)) = &l.to_move {
                                        @if let Some(day) = day { (day) " " }
                                        @if *due != Due::InTime { (remind_form(desk, l.row.id, back)) }
                                    }
                                }
                            }
                        }
                    }
                }
            },
        )
    };
    let body = html! {
        @if let Some(done) = reminded_said(p, asked.done.as_deref(), asked.n) {
            p class="said" role="status" { (done) }
        }
        (filters)
        @match lines {
            Err(why) => p class="said" role="alert" { (outside(why)) },
            Ok([]) => p { (t(p, "desk-no-games")) },
            Ok(lines) => (table(lines)),
        }
    };
    desk_layout(desk, &t(p, "desk-games"), body)
}

/// Everything of one game the director needs besides what its players
/// see: its messages, incidents, holds and audit trail.
pub struct GameFile {
    pub view: super::view::GameView,
    /// Who is to move and how the deadline stands, while it goes on.
    pub due: Option<Due>,
    pub journal: Vec<store::JournalEntry>,
    pub incidents: Vec<Incident>,
    /// Holds of its players, with the player's name.
    pub holds: Vec<(store::HoldRow, String)>,
    pub audit: Vec<AuditEntry>,
}

/// One game for the director: what a player sees of it, then its journal
/// (every message as received, escaped), incidents, holds and audit.
pub fn game(desk: &Desk, f: &GameFile, done: (Option<&str>, Option<i64>)) -> Markup {
    let p = desk.prefs;
    let v = &f.view;
    let id = store::GameId(v.id);
    let title = super::pages::game_title(v, p.lang);
    let page = format!("/director/games/{id}");
    let when = |at: &jiff::Timestamp| at.strftime("%Y-%m-%d %H:%M UTC").to_string();
    let body = html! {
        @if let Some(done) = reminded_said(p, done.0, done.1) {
            p class="said" role="status" { (done) }
        }
        @if f.due.is_some() {
            (remind_form(desk, id, &page))
        }
        (super::pages::game_body(v, p, None, (&page, false)))
        h2 id="incidents" { (t(p, "desk-incidents")) }
        @if f.incidents.is_empty() {
            p { (t(p, "desk-no-incidents")) }
        } @else {
            ul class="game-incidents" {
                @for i in &f.incidents {
                    li {
                        a href=(format!("/director/incidents/{}", i.id)) { (l10n::text(Reader::new(p.lang, Form::Full), "desk-incident", &Args::new().num("id", i.id))) }
                        " · " (when(&i.created_at)) " · " (i.kind.name()) " · " (outside(&i.detail))
                    }
                }
            }
        }
        h2 id="journal" { (t(p, "desk-journal")) }
        @if f.journal.is_empty() {
            p { (t(p, "desk-no-messages")) }
        } @else {
            @for e in &f.journal {
                section class="message" aria-label=(format!("{} {}", t(p, "desk-evidence"), e.id.0)) {
                    h3 { (when(&e.received_at)) " · " (e.channel) " · " (outside(&e.sender)) }
                    @if let Some(o) = &e.outcome { p { (t(p, "desk-outcome")) ": " (outside(o)) } }
                    pre class="evidence" { (shown(&String::from_utf8_lossy(&e.raw).replace("\r\n", "\n"), true)) }
                }
            }
        }
        h2 id="held" { (t(p, "desk-held")) }
        @if f.holds.is_empty() {
            p { (t(p, "desk-no-holds")) }
        } @else {
            ul class="holds" {
                @for (h, name) in &f.holds {
                    li {
                        (outside(name)) " · " (when(&h.held_at)) " · "
                        @match &h.closed { Some(c) => (outside(c)), None => (t(p, "desk-held-open")) }
                        " · " q { (outside(&h.text)) }
                    }
                }
            }
        }
        h2 id="audit" { (t(p, "desk-audit")) }
        @if f.audit.is_empty() {
            p { (t(p, "desk-no-audit")) }
        } @else {
            ul class="game-audit" {
                @for e in &f.audit {
                    li {
                        (when(&e.at)) " · "
                        @match &e.by { Some(by) => (outside(by)), None => (t(p, "desk-command-line")) }
                        " · " (e.action) " · " (outside(&e.reason)) " · " (outside(&e.detail))
                    }
                }
            }
        }
    };
    desk_layout(desk, &title, body)
}
