//! The director's console: login and logout, the incident queue with its
//! rulings, players, adjudication, the outbox, the audit log and the
//! channels' health. Every page needs a session (a cookie whose token the
//! store knows); every form carries the session's CSRF token, and every
//! action goes through the service's desk functions, audited with the
//! director's name.

use axum::extract::rejection::FormRejection;
use axum::extract::{ConnectInfo, Form, FromRequestParts, Path, Query, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use maud::Markup;
use serde::Deserialize;

use super::access::{self, Prefs};
use super::desk_pages::{Due, GameFile, GameLine, GamesAsked, QueueAsked};
use super::form::{self, Signed, same_token, see_other};
use super::{PageQuery, Web, cookies, desk_pages, failure, html, id_of};
use crate::listener::Client;
use crate::service::triage::{self, Filter};
use crate::service::{self, Actor, Login, PlayerEdit, ServiceError, Tell};
use crate::store::{self, GameId, ReplyId, Store};

/// Where the console's cookies apply.
const PATH: &str = "/director";
/// The session cookie's life; the store's expiry decides, this only lets
/// the browser forget it too.
const SESSION_SECONDS: i64 = 12 * 3600;

/// A signed-in director, from the session cookie.
pub struct Desk {
    pub director: String,
    pub csrf: String,
    token: String,
    pub prefs: Prefs,
    /// The cookies that remember a notation or language the query chose.
    remember: Vec<String>,
}

impl Desk {
    fn actor(&self) -> Actor {
        Actor::Director(self.director.clone())
    }
}

/// The console's words and notation: the browser's cookies, else English.
fn prefs_of(cookies: &str) -> Prefs {
    access::prefs(
        [None, None],
        [
            access::cookie(cookies, "notation"),
            access::cookie(cookies, "lang"),
        ],
        None,
    )
}

impl FromRequestParts<Web> for Desk {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<Desk, Response> {
        let Query(q) = Query::<PageQuery>::from_request_parts(parts, web)
            .await
            .map_err(IntoResponse::into_response)?;
        let cookies = cookies(&parts.headers);
        let (prefs, remember) = web.chosen_prefs(&q, &cookies, None);
        let Some(token) = access::cookie(&cookies, "session").map(str::to_string) else {
            return Err(see_other("/director/login"));
        };
        let t = token.clone();
        let now = crate::now::now();
        match web
            .port
            .with_store(move |s| service::session(s, &t, now))
            .await
        {
            Ok(Some(s)) => Ok(Desk {
                director: s.director,
                csrf: s.csrf,
                token,
                prefs,
                remember,
            }),
            Ok(None) => Err(see_other("/director/login")),
            Err(e) => Err(failure(&e)),
        }
    }
}

fn forbidden(prefs: Prefs) -> Response {
    let mut r = html(&[], desk_pages::refused(prefs, "desk-csrf-refused"));
    *r.status_mut() = StatusCode::FORBIDDEN;
    r
}

/// A director's action: the session and the form it posted with the
/// session's token.
type Acting<T> = form::Acting<Desk, T>;

impl Signed for Desk {
    fn csrf(&self) -> &str {
        &self.csrf
    }

    fn forged(&self) -> Response {
        forbidden(self.prefs)
    }

    fn unreadable(&self, why: FormRejection) -> Response {
        why.into_response()
    }
}

/// A desk page from the store.
async fn page(
    web: &Web,
    desk: Desk,
    make: impl FnOnce(&Store, &Desk) -> store::Result<Markup> + Send + 'static,
) -> Response {
    let remember = desk.remember.clone();
    match web.port.with_store(move |s| make(s, &desk)).await {
        Ok(page) => html(&remember, page),
        Err(e) => failure(&e),
    }
}

/// An action through the service: back to `to` when done, else the
/// service's refusal (escaped) with the status it deserves.
async fn act(
    web: &Web,
    desk: &Desk,
    to: String,
    run: impl FnOnce(&mut Store, &Actor, jiff::Timestamp) -> service::Result<()> + Send + 'static,
) -> Response {
    let actor = desk.actor();
    let now = crate::now::now();
    // The service's refusals are answers for the director; only a failing
    // store is a failure.
    let done = web
        .port
        .with_service(move |s| match run(s, &actor, now) {
            Ok(()) => Ok(Ok(())),
            Err(ServiceError::NotFound(why)) => Ok(Err((StatusCode::NOT_FOUND, why))),
            Err(ServiceError::Refused(why) | ServiceError::Invalid(why)) => {
                Ok(Err((StatusCode::CONFLICT, why)))
            }
            // What the store refuses itself (a name taken) is refused too.
            Err(ServiceError::Store(store::StoreError::Invalid(why))) => {
                Ok(Err((StatusCode::CONFLICT, why)))
            }
            Err(e) => Err(e),
        })
        .await;
    match done {
        Ok(Ok(())) => {
            // A ruling or a retry may have queued replies.
            web.port.wake_senders();
            see_other(&to)
        }
        Ok(Err((status, why))) => refusal(desk, status, &why, &to),
        Err(e) => failure(&e),
    }
}

/// The service's (or the form's) refusal, with a way back.
fn refusal(desk: &Desk, status: StatusCode, why: &str, back: &str) -> Response {
    let mut r = html(&[], desk_pages::failed(desk, why, back));
    *r.status_mut() = status;
    r
}

pub fn routes() -> axum::Router<Web> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route(
            "/director",
            get(|| async { see_other("/director/incidents") }),
        )
        .route("/director/login", get(login_form).post(login))
        .route("/director/logout", post(logout))
        .route("/director/incidents", get(incidents))
        .route("/director/incidents/dismiss", post(dismiss_chosen))
        .route("/director/incidents/{id}", get(incident))
        .route("/director/incidents/{id}/rule", post(rule))
        .route("/director/incidents/{id}/dismiss", post(dismiss))
        .route("/director/games", get(games))
        .route("/director/games/{id}", get(game))
        .route("/director/games/{id}/remind", post(remind))
        .route("/director/games/{id}/adjudicate", post(adjudicate))
        .route("/director/games/{id}/takeback", post(takeback))
        .route("/director/games/{id}/penalty", post(penalty))
        .route("/director/events/{id}/withdraw", post(withdraw))
        .route("/director/players", get(players))
        .route("/director/players/{id}/edit", post(edit_player))
        .route("/director/players/{id}/remove", post(remove_player))
        .route("/director/outbox", get(outbox))
        .route("/director/outbox/{id}/retry", post(retry))
        .route("/director/audit", get(audit))
        .route("/director/health", get(health))
}

/// The login form. Before a session there is no session token, so the
/// form's CSRF token is a fresh random value also set as a cookie (double
/// submit): a page elsewhere can neither read the cookie nor set it.
async fn login_form(
    State(web): State<Web>,
    Query(q): Query<PageQuery>,
    headers: axum::http::HeaderMap,
) -> Response {
    let (prefs, remember) = web.chosen_prefs(&q, &cookies(&headers), None);
    login_page(&web, (prefs, remember), None, StatusCode::OK)
}

fn login_page(
    web: &Web,
    (prefs, mut cookies): (Prefs, Vec<String>),
    said: Option<&'static str>,
    status: StatusCode,
) -> Response {
    let csrf = service::random_hex();
    cookies.push(format!(
        "login_csrf={csrf}{}",
        web.cookie_attrs(PATH, "Strict", 3600)
    ));
    let mut r = html(&cookies, desk_pages::login(prefs, &csrf, said));
    *r.status_mut() = status;
    r
}

#[derive(Deserialize)]
struct LoginForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    csrf: String,
}

async fn login(
    State(web): State<Web>,
    ConnectInfo(Client(from)): ConnectInfo<Client>,
    headers: axum::http::HeaderMap,
    Form(f): Form<LoginForm>,
) -> Response {
    let cookies = cookies(&headers);
    let prefs = prefs_of(&cookies);
    if !access::cookie(&cookies, "login_csrf").is_some_and(|c| same_token(c, &f.csrf)) {
        return forbidden(prefs);
    }
    // Behind the reverse proxy every login comes from its address: the
    // limit per name still holds, the one per address then covers all.
    let address = from.ip().to_string();
    let now = crate::now::now();
    let tried = web
        .port
        .with_service(move |s| service::login(s, f.name.trim(), &f.password, &address, now))
        .await;
    match tried {
        Ok(Login::SignedIn(s)) => {
            let mut r = see_other("/director/incidents");
            let session = format!(
                "session={}{}",
                s.token,
                web.cookie_attrs(PATH, "Strict", SESSION_SECONDS)
            );
            let spent = format!("login_csrf={}", web.cookie_attrs(PATH, "Strict", 0));
            super::set_cookies(&mut r, &[session, spent]);
            tracing::info!(director = %s.director, "director signed in");
            r
        }
        Ok(Login::Refused) => login_page(
            &web,
            (prefs, Vec::new()),
            Some("desk-login-refused"),
            StatusCode::UNAUTHORIZED,
        ),
        Ok(Login::Limited) => login_page(
            &web,
            (prefs, Vec::new()),
            Some("desk-login-limited"),
            StatusCode::TOO_MANY_REQUESTS,
        ),
        Err(e) => failure(&e),
    }
}

#[derive(Deserialize)]
struct Nothing {}

async fn logout(State(web): State<Web>, a: Acting<Nothing>) -> Response {
    let token = a.by.token.clone();
    match web
        .port
        .with_service(move |s| service::end_session(s, &token))
        .await
    {
        Ok(()) => {
            let mut r = see_other("/director/login");
            let gone = format!("session={}", web.cookie_attrs(PATH, "Strict", 0));
            super::set_cookies(&mut r, &[gone]);
            r
        }
        Err(e) => failure(&e),
    }
}

/// The queue, as the query filters it.
async fn incidents(
    State(web): State<Web>,
    Query(asked): Query<QueueAsked>,
    desk: Desk,
) -> Response {
    let now = crate::now::now();
    page(&web, desk, move |s, d| {
        let events = s.events()?;
        let lines = match queue_filter(s, &asked) {
            Ok(filter) => triage::queue(s, &filter, now).map_err(|e| e.to_string()),
            Err(why) => Err(why),
        };
        Ok(desk_pages::queue(
            d,
            &asked,
            &events,
            lines.as_deref().map_err(String::as_str),
        ))
    })
    .await
}

/// The queue's filter from the query, each field read; a field that does
/// not read (an unknown player, a date that is none) says why.
fn queue_filter(s: &Store, q: &QueueAsked) -> Result<Filter, String> {
    let field = |v: &Option<String>| given(v.clone());
    let day = |v: &Option<String>, after: i64| -> Result<Option<jiff::Timestamp>, String> {
        field(v)
            .map(|d| {
                d.parse::<jiff::civil::Date>()
                    .ok()
                    .and_then(|d| d.checked_add(jiff::Span::new().days(after)).ok())
                    .and_then(|d| {
                        d.at(0, 0, 0, 0)
                            .to_zoned_datetime(jiff::tz::TimeZone::UTC)
                            .ok()
                    })
                    .map(|z| z.timestamp())
                    .ok_or_else(|| format!("{d:?}: not a date (YYYY-MM-DD)"))
            })
            .transpose()
    };
    Ok(Filter {
        state: field(&q.state).map(|v| v.parse()).transpose()?,
        kind: field(&q.kind).map(|v| v.parse()).transpose()?,
        player: field(&q.player)
            .map(|n| service::find_player(s, &n).map(|p| p.id))
            .transpose()
            .map_err(|e| e.to_string())?,
        game: field(&q.game)
            .map(|g| {
                id_of(&g)
                    .map(GameId)
                    .ok_or(format!("{g:?}: not a game number"))
            })
            .transpose()?,
        event: field(&q.event)
            .map(|e| triage::event_id(s, &e))
            .transpose()
            .map_err(|e| e.to_string())?,
        since: day(&q.since, 0)?,
        // Up to the end of the day named.
        until: day(&q.until, 1)?,
    })
}

/// One incident's page: its evidence and its rulings.
async fn incident(State(web): State<Web>, Path(id): Path<String>, desk: Desk) -> Response {
    let Some(id) = id_of(&id) else {
        return not_there(&desk);
    };
    let found = web.port.with_store(move |s| s.incident(id)).await;
    match found {
        Ok(Some(i)) => {
            page(&web, desk, move |s, d| {
                Ok(desk_pages::incident(d, &desk_pages::case_of(s, i)?))
            })
            .await
        }
        Ok(None) => not_there(&desk),
        Err(e) => failure(&e),
    }
}

/// Several incidents dismissed with one reason: the boxes ticked
/// (`pick-<id>`), all or none.
#[derive(Deserialize)]
struct BulkForm {
    #[serde(default)]
    reason: String,
    #[serde(flatten)]
    picked: std::collections::HashMap<String, String>,
}

async fn dismiss_chosen(State(web): State<Web>, a: Acting<BulkForm>) -> Response {
    let mut ids = Vec::new();
    for key in a.form.picked.keys() {
        match key.strip_prefix("pick-").and_then(id_of) {
            Some(id) => ids.push(id),
            None => return unreadable(&a.by, &format!("{key:?}: not an incident")),
        }
    }
    ids.sort_unstable();
    let reason = a.form.reason;
    let n = ids.len();
    act(
        &web,
        &a.by,
        format!("/director/incidents?done=dismissed&n={n}"),
        move |s, by, now| triage::dismiss_incidents(s, by, &ids, &reason, now).map(drop),
    )
    .await
}

#[derive(Deserialize)]
struct RuleForm {
    #[serde(default)]
    decision: String,
    #[serde(default)]
    tell: String,
}

/// An action from an incident's page on what `id` names (an incident, a
/// game, an event): an id that is none is 404; done, back to the queue,
/// which says what was `done` (one of [`desk_pages::DONE`]).
async fn from_queue(
    web: &Web,
    desk: &Desk,
    (id, done): (&str, &str),
    run: impl FnOnce(&mut Store, &Actor, i64, jiff::Timestamp) -> service::Result<()> + Send + 'static,
) -> Response {
    let Some(id) = id_of(id) else {
        return not_there(desk);
    };
    act(
        web,
        desk,
        format!("/director/incidents?done={done}&n={id}"),
        move |s, by, now| run(s, by, id, now),
    )
    .await
}

/// A form's field that does not read: refused before anything is done.
fn unreadable(desk: &Desk, why: &str) -> Response {
    refusal(desk, StatusCode::BAD_REQUEST, why, "/director/incidents")
}

async fn rule(State(web): State<Web>, Path(id): Path<String>, a: Acting<RuleForm>) -> Response {
    let tell = match a.form.tell.as_str() {
        "" => Tell::Players,
        t => match t.parse::<Tell>() {
            Ok(t) => t,
            Err(why) => return unreadable(&a.by, &why),
        },
    };
    let text = a.form.decision;
    from_queue(&web, &a.by, (&id, "ruled"), move |s, by, id, now| {
        service::rule_incident(s, by, id, &text, tell, now).map(drop)
    })
    .await
}

async fn dismiss(
    State(web): State<Web>,
    Path(id): Path<String>,
    a: Acting<ReasonForm>,
) -> Response {
    let reason = a.form.reason;
    from_queue(&web, &a.by, (&id, "dismissed"), move |s, by, id, now| {
        service::dismiss_incident(s, by, id, &reason, now)
    })
    .await
}

#[derive(Deserialize)]
struct AdjudicateForm {
    #[serde(default)]
    result: String,
    #[serde(default)]
    reason: String,
    overrule: Option<String>,
}

async fn adjudicate(
    State(web): State<Web>,
    Path(id): Path<String>,
    a: Acting<AdjudicateForm>,
) -> Response {
    let f = a.form;
    from_queue(&web, &a.by, (&id, "adjudicate"), move |s, by, id, now| {
        service::adjudicate(
            s,
            by,
            GameId(id),
            &f.result,
            &f.reason,
            f.overrule.is_some(),
            now,
        )
    })
    .await
}

#[derive(Deserialize)]
struct TakebackForm {
    #[serde(default)]
    ply: String,
    #[serde(default)]
    reason: String,
}

async fn takeback(
    State(web): State<Web>,
    Path(id): Path<String>,
    a: Acting<TakebackForm>,
) -> Response {
    let Ok(ply) = a.form.ply.trim().parse::<u32>() else {
        return unreadable(&a.by, &format!("{:?}: not a ply number", a.form.ply));
    };
    let reason = a.form.reason;
    from_queue(&web, &a.by, (&id, "takeback"), move |s, by, id, now| {
        service::takeback(s, by, GameId(id), ply, &reason, now).map(drop)
    })
    .await
}

#[derive(Deserialize)]
struct PenaltyForm {
    #[serde(default)]
    side: String,
    #[serde(default)]
    days: String,
    #[serde(default)]
    reason: String,
}

async fn penalty(
    State(web): State<Web>,
    Path(id): Path<String>,
    a: Acting<PenaltyForm>,
) -> Response {
    let f = a.form;
    let (Ok(side), Ok(days)) = (
        f.side.parse::<shakmaty::Color>(),
        f.days.trim().parse::<u32>(),
    ) else {
        let why = format!("{:?} {:?}: not a side and a number of days", f.side, f.days);
        return unreadable(&a.by, &why);
    };
    from_queue(&web, &a.by, (&id, "penalty"), move |s, by, id, now| {
        service::penalize(s, by, GameId(id), side, days, &f.reason, now)
    })
    .await
}

#[derive(Deserialize)]
struct WithdrawForm {
    #[serde(default)]
    player: String,
    #[serde(default)]
    reason: String,
}

async fn withdraw(
    State(web): State<Web>,
    Path(id): Path<String>,
    a: Acting<WithdrawForm>,
) -> Response {
    let Some(player) = id_of(&a.form.player) else {
        return not_there(&a.by);
    };
    let reason = given(Some(a.form.reason)).unwrap_or_else(|| "withdrawn by the director".into());
    from_queue(&web, &a.by, (&id, "withdraw"), move |s, by, event, now| {
        service::withdraw(
            s,
            by,
            store::EventId(event),
            store::PlayerId(player),
            &reason,
            now,
        )
        .map(drop)
    })
    .await
}

async fn players(State(web): State<Web>, desk: Desk) -> Response {
    page(&web, desk, |s, d| Ok(desk_pages::players(d, &s.players()?))).await
}

#[derive(Deserialize)]
struct EditForm {
    notation: Option<String>,
    lang: Option<String>,
    tz: Option<String>,
    reset_pin: Option<String>,
    #[serde(default)]
    reason: String,
}

/// A field of a form: `None` when left empty.
fn given(field: Option<String>) -> Option<String> {
    field
        .map(|f| f.trim().to_string())
        .filter(|f| !f.is_empty())
}

/// The edit a player form asks for, its choices read.
fn player_edit(f: EditForm) -> Result<PlayerEdit, EditError> {
    Ok(PlayerEdit {
        notation: given(f.notation).map(|n| n.parse()).transpose()?,
        lang: given(f.lang)
            .map(|l| l.parse().map_err(|_| EditError::Lang(l)))
            .transpose()?,
        tz: given(f.tz),
        pin: f.reset_pin.is_some().then_some(None),
        reason: given(Some(f.reason)).unwrap_or_else(|| "edited by the director".into()),
        ..PlayerEdit::default()
    })
}

/// Why a player form cannot be used.
#[derive(Debug, thiserror::Error)]
enum EditError {
    #[error(transparent)]
    Notation(#[from] crate::notation::UnknownNotation),
    #[error("{0:?}: not a language")]
    Lang(String),
}

async fn edit_player(
    State(web): State<Web>,
    Path(id): Path<String>,
    a: Acting<EditForm>,
) -> Response {
    let Some(id) = id_of(&id) else {
        return not_there(&a.by);
    };
    let f = a.form;
    let parsed = player_edit(f);
    let edit = match parsed {
        Ok(e) => e,
        Err(why) => {
            let why = why.to_string();
            return refusal(&a.by, StatusCode::BAD_REQUEST, &why, "/director/players");
        }
    };
    act(
        &web,
        &a.by,
        "/director/players".into(),
        move |s, by, now| service::edit_player(s, by, store::PlayerId(id), &edit, now).map(drop),
    )
    .await
}

#[derive(Deserialize)]
struct ReasonForm {
    #[serde(default)]
    reason: String,
}

async fn remove_player(
    State(web): State<Web>,
    Path(id): Path<String>,
    a: Acting<ReasonForm>,
) -> Response {
    let Some(id) = id_of(&id) else {
        return not_there(&a.by);
    };
    let reason = given(Some(a.form.reason)).unwrap_or_else(|| "removed by the director".into());
    act(
        &web,
        &a.by,
        "/director/players".into(),
        move |s, by, now| {
            service::remove_player(s, by, store::PlayerId(id), &reason, now).map(drop)
        },
    )
    .await
}

async fn outbox(State(web): State<Web>, desk: Desk) -> Response {
    page(&web, desk, |s, d| {
        let stuck = s
            .outbox_entries(true)?
            .into_iter()
            .filter(|e| {
                e.reply.sent_at.is_none() && (e.attempts > 0 || e.reply.failed_at.is_some())
            })
            .collect::<Vec<_>>();
        Ok(desk_pages::outbox(d, &stuck))
    })
    .await
}

async fn retry(State(web): State<Web>, Path(id): Path<String>, a: Acting<Nothing>) -> Response {
    let Some(id) = id_of(&id) else {
        return not_there(&a.by);
    };
    act(&web, &a.by, "/director/outbox".into(), move |s, by, now| {
        service::retry_reply(s, by, ReplyId(id), now)
    })
    .await
}

async fn audit(State(web): State<Web>, desk: Desk) -> Response {
    page(&web, desk, |s, d| {
        let mut log = Vec::new();
        for e in s.audit_log()?.into_iter().rev() {
            let player = match e.player {
                Some(p) => s.player_name(p)?,
                None => None,
            };
            log.push((e, player));
        }
        Ok(desk_pages::audit(d, &log))
    })
    .await
}

async fn health(State(web): State<Web>, desk: Desk) -> Response {
    let metrics = web.port.metrics.clone();
    page(&web, desk, move |s, d| {
        Ok(desk_pages::health(
            d,
            &metrics.health(true),
            &metrics.channel_counts(),
            &s.depth()?,
            &metrics.links(),
        ))
    })
    .await
}

/// The games list, as the query filters it.
async fn games(State(web): State<Web>, Query(asked): Query<GamesAsked>, desk: Desk) -> Response {
    let now = crate::now::now();
    page(&web, desk, move |s, d| {
        let events = s.events()?;
        let lines = game_lines(s, &asked, now);
        Ok(desk_pages::games(
            d,
            &asked,
            &events,
            lines.as_deref().map_err(String::as_str),
        ))
    })
    .await
}

/// How the game's player to move stands against the deadline: past it,
/// within [`desk_pages::NEAR_DAYS`] of it, or in time; with their name and
/// last day. `None` once the game is over.
fn due(
    s: &Store,
    game: &service::Loaded,
    now: jiff::Timestamp,
) -> store::Result<Option<(String, Option<jiff::civil::Date>, Due)>> {
    use shakmaty::Position;
    if game.row.finished {
        return Ok(None);
    }
    let color = game.record.pos.turn();
    let name = s
        .player_name(game.row.player(color))?
        .unwrap_or_else(|| format!("#{}", game.row.player(color)));
    let Some(st) = service::clock_of_color(s, game, color, now)? else {
        return Ok(Some((name, None, Due::InTime)));
    };
    // Overdue: the sweep would forfeit it (it has not run since, or holds
    // forfeits until the time is confirmed).
    let due = if st.forfeited || st.days_remaining.is_some_and(|d| d < 0) {
        Due::Overdue
    } else if st
        .deadline()
        .and_then(|d| st.today.until(d).ok())
        .is_some_and(|span| i64::from(span.get_days()) <= desk_pages::NEAR_DAYS)
    {
        Due::Near
    } else {
        Due::InTime
    };
    Ok(Some((name, st.deadline(), due)))
}

/// The games the query asks for; a filter that does not read (an unknown
/// player or event, a state that is none) says why.
fn game_lines(
    s: &Store,
    asked: &GamesAsked,
    now: jiff::Timestamp,
) -> Result<Vec<GameLine>, String> {
    let failed = |e: store::StoreError| e.to_string();
    let event = match given(asked.event.clone()) {
        Some(e) => Some(triage::event_id(s, &e).map_err(|e| e.to_string())?),
        None => None,
    };
    let event_games = match event {
        Some(e) => Some(
            s.event_games(e)
                .map_err(failed)?
                .into_iter()
                .map(|g| g.game)
                .collect::<Vec<_>>(),
        ),
        None => None,
    };
    let player = given(asked.player.clone())
        .map(|n| service::find_player(s, &n).map(|p| p.id))
        .transpose()
        .map_err(|e| e.to_string())?;
    let state = given(asked.state.clone());
    if let Some(st) = &state
        && !desk_pages::GAME_STATES.contains(&st.as_str())
    {
        return Err(format!("{st:?}: not a state of a game"));
    }
    let mut lines = Vec::new();
    for row in s.all_games(false).map_err(failed)? {
        if event_games
            .as_ref()
            .is_some_and(|set| !set.contains(&row.id))
            || player.is_some_and(|p| row.white != p && row.black != p)
        {
            continue;
        }
        let Some(game) = service::load_game(s, row.id).map_err(failed)? else {
            continue;
        };
        let name = |p| {
            s.player_name(p)
                .map(|n| n.unwrap_or_else(|| format!("#{p}")))
                .map_err(failed)
        };
        let line = GameLine {
            names: [name(row.white)?, name(row.black)?],
            event: s.event_of(row.id).map_err(failed)?.map(|(e, _)| e.name),
            plies: game.record.moves.len(),
            to_move: due(s, &game, now).map_err(failed)?,
            row,
        };
        if state.as_deref().is_none_or(|st| line.is(st)) {
            lines.push(line);
        }
    }
    Ok(lines)
}

/// What a game's page was asked: the ply and side of the board, and the
/// word on the last action.
#[derive(Deserialize)]
struct GameAsked {
    ply: Option<u32>,
    flip: Option<String>,
    done: Option<String>,
    n: Option<i64>,
}

/// One game for the director: what its players see, its messages,
/// incidents, holds and audit trail.
async fn game(
    State(web): State<Web>,
    Path(id): Path<String>,
    Query(asked): Query<GameAsked>,
    desk: Desk,
) -> Response {
    let Some(id) = id_of(&id).map(GameId) else {
        return not_there(&desk);
    };
    let renderer = web.renderer.clone();
    let now = crate::now::now();
    let flip = asked.flip.as_deref().map(|f| f == "1");
    let found = web
        .port
        .with_store(move |s| Ok::<_, store::StoreError>(s.game(id)?.is_some()))
        .await;
    match found {
        Ok(true) => {}
        Ok(false) => return not_there(&desk),
        Err(e) => return failure(&e),
    }
    page(&web, desk, move |s, d| {
        let view =
            super::view::game_for_director(s, &renderer, d.prefs, id, (asked.ply, flip), now)?
                .ok_or_else(|| store::StoreError::NotFound(format!("no game {id}")))?;
        let loaded = service::load_game(s, id)?
            .ok_or_else(|| store::StoreError::NotFound(format!("no game {id}")))?;
        let mut holds = Vec::new();
        for h in s.holds_of([loaded.row.white, loaded.row.black])? {
            let name = s
                .player_name(h.player)?
                .unwrap_or_else(|| format!("#{}", h.player));
            holds.push((h, name));
        }
        let file = GameFile {
            view,
            due: due(s, &loaded, now)?.map(|t| t.2),
            journal: s.game_journal(id)?,
            incidents: s.incidents(Some(id))?,
            holds,
            audit: s
                .audit_log()?
                .into_iter()
                .rev()
                .filter(|e| e.game == Some(id))
                .collect(),
        };
        Ok(desk_pages::game(d, &file, (asked.done.as_deref(), asked.n)))
    })
    .await
}

/// Where the reminder's form came from: the page to go back to.
#[derive(Deserialize)]
struct RemindForm {
    #[serde(default)]
    back: String,
}

/// A reminder to the player to move, then back (only to a console page)
/// with the word that it was sent.
async fn remind(State(web): State<Web>, Path(id): Path<String>, a: Acting<RemindForm>) -> Response {
    let Some(id) = id_of(&id) else {
        return not_there(&a.by);
    };
    // Only the console's own pages: a form cannot send the director away.
    let back = match a.form.back.as_str() {
        b if b.starts_with("/director/") && !b.contains("//") => b.to_string(),
        _ => format!("/director/games/{id}"),
    };
    let sep = if back.contains('?') { '&' } else { '?' };
    let to = format!("{back}{sep}done=reminded&n={id}");
    act(&web, &a.by, to, move |s, by, now| {
        service::remind(s, by, GameId(id), now)
    })
    .await
}

fn not_there(desk: &Desk) -> Response {
    let mut r = html(&[], desk_pages::refused(desk.prefs, "desk-not-found"));
    *r.status_mut() = StatusCode::NOT_FOUND;
    r
}
