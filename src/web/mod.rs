//! The web pages: events with their conditions and crosstables, games at
//! any ply, players, their PGN files, and board pictures. Server-rendered
//! HTML (maud), one stylesheet, one small script of our own (the game
//! page's keys, `keys.js`; the pages work without it) and nothing fetched
//! from elsewhere. Served by the daemon when the
//! configuration has `[web]`; reads go through the service port's store.

pub mod access;
pub mod config;
mod desk;
mod desk_pages;
mod form;
mod pages;
mod play;
mod signin;
mod view;
mod xfcc;

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, FromRequestParts, Path, Query, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::Markup;
use serde::Deserialize;

use crate::board::{Diagram, DiagramError, Renderer};
use crate::service::player_key::key_holder;
use crate::store::{EventId, GameId};
use crate::transport::port::ServicePort;
use access::{Prefs, Viewer};
pub use config::WebConfig;

/// What every handler shares.
#[derive(Clone)]
pub struct Web {
    port: ServicePort,
    renderer: Arc<Renderer>,
    secret: Arc<[u8]>,
    https: bool,
    /// The pages' public address (the WSDL's service address).
    public_url: Option<String>,
}

impl Web {
    /// The pages over `port`'s store, with the capability keys' secret
    /// ([`web_secret`]).
    pub fn new(
        port: ServicePort,
        renderer: Arc<Renderer>,
        secret: Arc<[u8]>,
        config: &WebConfig,
    ) -> Web {
        Web {
            port,
            renderer,
            secret,
            https: config.https(),
            public_url: config.public_url.clone(),
        }
    }
}

/// The store's web secret, made (32 random bytes) if there is none yet.
pub fn web_secret(store: &mut crate::store::Store) -> crate::store::Result<Vec<u8>> {
    if let Some(secret) = store.web_secret()? {
        return Ok(secret);
    }
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    let mut fresh = [0u8; 32];
    OsRng.fill_bytes(&mut fresh);
    let tx = store.write()?;
    let kept = tx.keep_web_secret(&fresh)?;
    tx.commit()?;
    Ok(kept)
}

pub fn router(web: Web) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/style.css", get(style))
        .route("/keys.js", get(keys))
        .route("/events/{id}", get(event))
        .route("/games/{id}", get(game))
        .route("/players/{name}", get(player))
        .route("/board.svg", get(board_svg))
        .route("/board.png", get(board_png))
        .route(
            "/xfcc",
            get(xfcc::describe)
                .post(xfcc::request)
                .layer(DefaultBodyLimit::max(crate::xfcc::soap::MAX_REQUEST)),
        )
        .merge(desk::routes())
        .merge(signin::routes())
        .merge(play::routes())
        .with_state(web)
}

/// The query every page takes.
#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    notation: Option<String>,
    lang: Option<String>,
    key: Option<String>,
    ply: Option<String>,
    flip: Option<String>,
    /// The answers a player's post led to (`play::answered`).
    answered: Option<String>,
    /// Where the sign-in page returns to (`signin::back_to`).
    to: Option<String>,
}

/// Who asks and in what notation, and the cookies that remember it: what
/// every page's handler starts from.
struct Asked {
    query: PageQuery,
    viewer: Viewer,
    /// The signed-in player, if the session cookie opens a session.
    seat: Option<signin::Seat>,
    prefs: Prefs,
    set_cookies: Vec<String>,
}

/// Every cookie of a request, as one `Cookie` header's text.
fn cookies(headers: &HeaderMap) -> String {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join("; ")
}

impl FromRequestParts<Web> for Asked {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<Asked, Response> {
        let Query(q) = Query::<PageQuery>::from_request_parts(parts, web)
            .await
            .map_err(IntoResponse::into_response)?;
        let cookies = cookies(&parts.headers);
        let key = q.key.as_deref().or_else(|| access::cookie(&cookies, "key"));
        let player = key.and_then(|k| key_holder(&web.secret, k));
        let token = access::cookie(&cookies, signin::SESSION_COOKIE).map(str::to_string);
        let now = crate::now::now();
        // A signed-in player sees what their key would show them.
        let (seat, viewer, stored) = web
            .port
            .with_store(move |s| {
                let seat = match token {
                    Some(t) => signin::seat(s, &t, now)?,
                    None => None,
                };
                let viewer = Viewer {
                    player: player.or(seat.as_ref().map(|s| s.player.id)),
                };
                let stored = view::stored_prefs(s, &viewer)?;
                Ok((seat, viewer, stored))
            })
            .await
            .map_err(|e| failure(&e))?;
        let (prefs, mut set_cookies) = web.chosen_prefs(&q, &cookies, stored);
        let attrs = web.cookie_attrs("/", "Lax", 31_536_000);
        if let (Some(k), Some(_)) = (q.key.as_deref(), player) {
            // A genuine key, so it is our own `ID-HEX` text.
            set_cookies.push(format!("key={}{attrs}", k.trim()));
        }
        Ok(Asked {
            query: q,
            viewer,
            seat,
            prefs,
            set_cookies,
        })
    }
}

impl Web {
    /// A page's notation and language: the query's, else the cookies', else
    /// `stored`; with the cookies that remember what the query chose.
    fn chosen_prefs(
        &self,
        q: &PageQuery,
        cookies: &str,
        stored: Option<Prefs>,
    ) -> (Prefs, Vec<String>) {
        let prefs = access::prefs(
            [q.notation.as_deref(), q.lang.as_deref()],
            [
                access::cookie(cookies, "notation"),
                access::cookie(cookies, "lang"),
            ],
            stored,
        );
        let mut set_cookies = Vec::new();
        let attrs = self.cookie_attrs("/", "Lax", 31_536_000);
        // Only values that parsed are remembered, written as we name them.
        if q.notation.is_some() {
            set_cookies.push(format!("notation={}{attrs}", prefs.notation.name()));
        }
        if q.lang.is_some() {
            set_cookies.push(format!("lang={}{attrs}", prefs.lang.code()));
        }
        (prefs, set_cookies)
    }

    /// A cookie's attributes: the whole site, never read by a script,
    /// `Secure` when the pages are reached over TLS.
    fn cookie_attrs(&self, path: &str, same_site: &str, max_age: i64) -> String {
        let secure = if self.https { "; Secure" } else { "" };
        format!("; Path={path}; Max-Age={max_age}; HttpOnly; SameSite={same_site}{secure}")
    }

    /// A page made from the store for the viewer: shown, not there (or
    /// hidden), or a store failure.
    async fn show(
        &self,
        asked: &Asked,
        page: impl FnOnce(&crate::store::Store, &Viewer, Prefs) -> crate::store::Result<Option<Markup>>
        + Send
        + 'static,
    ) -> Response {
        let (viewer, prefs) = (asked.viewer.clone(), asked.prefs);
        match self.port.with_store(move |s| page(s, &viewer, prefs)).await {
            Ok(Some(page)) => html(&asked.set_cookies, page),
            Ok(None) => not_found(asked.prefs),
            Err(e) => failure(&e),
        }
    }
}

/// An event's page with its crosstable, for `viewer` (what the handler
/// serves, and what the benchmark times).
pub fn event_page(
    store: &crate::store::Store,
    viewer: &Viewer,
    prefs: Prefs,
    id: EventId,
) -> crate::store::Result<Option<Markup>> {
    Ok(view::event(store, viewer, prefs, id)?.map(|v| pages::event(&v, prefs)))
}

/// A game's page at `ply` (default: the last), the board turned as `flip`
/// asks (default: from the viewer's side), for `viewer`, with what a
/// signed-in player may do in it (`play::form`).
pub fn game_page(
    store: &crate::store::Store,
    renderer: &Renderer,
    viewer: &Viewer,
    prefs: Prefs,
    (id, ply, flip): (GameId, Option<u32>, Option<bool>),
    now: jiff::Timestamp,
    play: Option<Markup>,
) -> crate::store::Result<Option<Markup>> {
    Ok(
        view::game(store, renderer, viewer, prefs, id, ply, flip, now)?
            .map(|v| pages::game(&v, prefs, play)),
    )
}

fn html(cookies: &[String], page: Markup) -> Response {
    let mut r = (
        [(CONTENT_TYPE, "text/html; charset=utf-8")],
        page.into_string(),
    )
        .into_response();
    set_cookies(&mut r, cookies);
    secure_headers(&mut r);
    r
}

/// Sets cookies (`Set-Cookie` values) on a response.
fn set_cookies(r: &mut Response, cookies: &[String]) {
    for c in cookies {
        if let Ok(v) = HeaderValue::from_str(c) {
            r.headers_mut().append(SET_COOKIE, v);
        }
    }
}

/// No script but our own, nothing from elsewhere, no framing: the browser
/// enforces what the pages promise.
fn secure_headers(r: &mut Response) {
    let h = r.headers_mut();
    h.insert(
        "content-security-policy",
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        ),
    );
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    h.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
}

fn not_found(prefs: Prefs) -> Response {
    let mut r = (
        StatusCode::NOT_FOUND,
        [(CONTENT_TYPE, "text/html; charset=utf-8")],
        pages::not_found(prefs).into_string(),
    )
        .into_response();
    secure_headers(&mut r);
    r
}

fn bad_request(what: &'static str) -> Response {
    let mut r = (
        StatusCode::BAD_REQUEST,
        [(CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("{what}\n"),
    )
        .into_response();
    secure_headers(&mut r);
    r
}

/// A store failure: logged, and told to the browser without its details.
fn failure(e: &(impl std::fmt::Display + ?Sized)) -> Response {
    tracing::error!(error = %e, "web page");
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        [(CONTENT_TYPE, "text/plain; charset=utf-8")],
        "the store could not be read\n",
    )
        .into_response()
}

async fn style() -> Response {
    (
        [
            (CONTENT_TYPE, "text/css; charset=utf-8"),
            (CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("style.css"),
    )
        .into_response()
}

/// The pages' one script: the arrow keys, Home and End follow the game
/// page's step links. The pages work without it.
async fn keys() -> Response {
    let mut r = (
        [
            (CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("keys.js"),
    )
        .into_response();
    secure_headers(&mut r);
    r
}

async fn index(State(web): State<Web>, asked: Asked) -> Response {
    web.show(&asked, |s, viewer, prefs| {
        Ok(Some(pages::index(&view::events(s, viewer, prefs)?, prefs)))
    })
    .await
}

/// An id in a path: digits only, else no such page.
fn id_of(text: &str) -> Option<i64> {
    text.parse().ok().filter(|id: &i64| *id > 0)
}

/// A PGN file, or no such page.
async fn pgn(
    web: &Web,
    asked: &Asked,
    name: String,
    make: impl FnOnce(&crate::store::Store, &Viewer) -> crate::store::Result<Option<String>>
    + Send
    + 'static,
) -> Response {
    let viewer = asked.viewer.clone();
    match web.port.with_store(move |s| make(s, &viewer)).await {
        Ok(Some(text)) => {
            let disposition = format!("inline; filename=\"{name}.pgn\"");
            let mut r = (
                [(CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8")],
                text,
            )
                .into_response();
            if let Ok(v) = HeaderValue::from_str(&disposition) {
                r.headers_mut()
                    .insert(axum::http::header::CONTENT_DISPOSITION, v);
            }
            secure_headers(&mut r);
            r
        }
        Ok(None) => not_found(asked.prefs),
        Err(e) => failure(&e),
    }
}

async fn event(State(web): State<Web>, Path(id): Path<String>, asked: Asked) -> Response {
    if let Some(id) = id.strip_suffix(".pgn").and_then(id_of) {
        return pgn(&web, &asked, format!("event-{id}"), move |s, viewer| {
            view::event_pgn(s, viewer, EventId(id))
        })
        .await;
    }
    let Some(id) = id_of(&id) else {
        return not_found(asked.prefs);
    };
    web.show(&asked, move |s, viewer, prefs| {
        event_page(s, viewer, prefs, EventId(id))
    })
    .await
}

async fn game(State(web): State<Web>, Path(id): Path<String>, asked: Asked) -> Response {
    if let Some(id) = id.strip_suffix(".pgn").and_then(id_of) {
        return pgn(&web, &asked, format!("game-{id}"), move |s, viewer| {
            view::game_pgn(s, viewer, GameId(id))
        })
        .await;
    }
    let Some(id) = id_of(&id) else {
        return not_found(asked.prefs);
    };
    let ply = match asked.query.ply.as_deref().map(str::parse::<u32>) {
        None => None,
        Some(Ok(p)) => Some(p),
        Some(Err(_)) => return bad_request("ply: a number of half-moves from the start"),
    };
    let flip = match asked.query.flip.as_deref() {
        None | Some("") => None,
        Some("1" | "true") => Some(true),
        Some("0" | "false") => Some(false),
        Some(_) => return bad_request("flip: 1 or 0"),
    };
    let renderer = web.renderer.clone();
    let now = crate::now::now();
    let (seat, answered) = (
        asked.seat.clone(),
        play::answered(asked.query.answered.as_deref()),
    );
    web.show(&asked, move |s, viewer, prefs| {
        let play = play::form(s, seat.as_ref(), GameId(id), &answered, prefs)?;
        game_page(
            s,
            &renderer,
            viewer,
            prefs,
            (GameId(id), ply, flip),
            now,
            play,
        )
    })
    .await
}

async fn player(State(web): State<Web>, Path(name): Path<String>, asked: Asked) -> Response {
    let now = crate::now::now();
    web.show(&asked, move |s, viewer, prefs| {
        Ok(view::player(s, viewer, prefs, &name, now)?.map(|v| pages::player(&v, prefs)))
    })
    .await
}

#[derive(Debug, Default, Deserialize)]
pub struct BoardQuery {
    fen: Option<String>,
    flip: Option<String>,
    lastmove: Option<String>,
}

fn diagram_of(q: &BoardQuery) -> Result<Diagram, &'static str> {
    let flip = match q.flip.as_deref() {
        None | Some("false" | "0" | "") => false,
        Some("true" | "1") => true,
        Some(_) => return Err("flip: true or false"),
    };
    let fen = q
        .fen
        .as_deref()
        .unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // The refusal does not repeat the text it refuses.
    Diagram::from_fen(fen, flip, q.lastmove.as_deref()).map_err(|e| match e {
        DiagramError::Fen(_) => "fen: not a FEN",
        DiagramError::LastMove(_) => "lastmove: a move's squares, like e2e4",
    })
}

async fn board_svg(State(web): State<Web>, Query(q): Query<BoardQuery>) -> Response {
    match diagram_of(&q) {
        Ok(d) => (
            [
                (CONTENT_TYPE, "image/svg+xml"),
                (CACHE_CONTROL, "public, max-age=86400"),
            ],
            web.renderer.svg(&d).to_string(),
        )
            .into_response(),
        Err(why) => bad_request(why),
    }
}

async fn board_png(State(web): State<Web>, Query(q): Query<BoardQuery>) -> Response {
    let d = match diagram_of(&q) {
        Ok(d) => d,
        Err(why) => return bad_request(why),
    };
    let renderer = web.renderer.clone();
    match tokio::task::spawn_blocking(move || renderer.png(&d)).await {
        Ok(Ok(png)) => (
            [
                (CONTENT_TYPE, "image/png"),
                (CACHE_CONTROL, "public, max-age=86400"),
            ],
            png.to_vec(),
        )
            .into_response(),
        Ok(Err(e)) => failure(&e.to_string()),
        Err(e) => failure(&e.to_string()),
    }
}
