//! Players sign in on the web: `/signin` asks for the address ccgate knows
//! them by and sends a one-time code there (the service decides, see
//! `service::web_signin`); the code opens a session kept in the store, its
//! cookie `HttpOnly`, `SameSite=Strict` and `Secure` over TLS, as the
//! director's. The sign-in forms carry a double-submit token (no session
//! yet); every form of a session carries the session's own.

use axum::extract::rejection::FormRejection;
use axum::extract::{Form, FromRequestParts, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use maud::{Markup, html};
use serde::Deserialize;

use super::access::{self, Prefs};
use super::form::{self, Signed, same_token, see_other};
use super::pages::{layout, outside, segment};
use super::{PageQuery, Web, cookies, failure, html};
use crate::protocol::l10n::{self, Args, Form as Words, Reader};
use crate::service::{self, WebSignIn};
use crate::store::{self, Player, Store};

/// The session cookie: the whole site, as the game pages carry the forms.
pub(super) const SESSION_COOKIE: &str = "player_session";
/// The session cookie's life in the browser; the store's expiry decides.
const SESSION_SECONDS: i64 = 30 * 24 * 3600;
/// The sign-in forms' own token, before there is a session.
const SIGNIN_COOKIE: &str = "signin_csrf";
/// The most bytes a player's form may carry: a line of moves and the
/// tokens fit many times over; a megabyte of anything is refused unread.
pub(super) const FORM_LIMIT: usize = 16 * 1024;

/// A signed-in player, from the session cookie.
#[derive(Clone)]
pub struct Seat {
    pub player: Player,
    pub csrf: String,
    token: String,
    pub prefs: Prefs,
}

/// The seat a session cookie's token opens at `now`, if any.
pub(super) fn seat(
    store: &Store,
    token: &str,
    now: jiff::Timestamp,
) -> store::Result<Option<Seat>> {
    let Some(session) = service::player_session(store, token, now)? else {
        return Ok(None);
    };
    Ok(store.player(session.player)?.map(|player| Seat {
        prefs: Prefs {
            notation: player.notation,
            lang: player.lang,
        },
        player,
        csrf: session.csrf,
        token: token.to_string(),
    }))
}

impl FromRequestParts<Web> for Seat {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<Seat, Response> {
        let cookies = cookies(&parts.headers);
        // A page asked for comes back after the sign-in; a form posted
        // without a session is not posted again.
        let asked = (parts.method == axum::http::Method::GET)
            .then(|| parts.uri.path_and_query().map(|p| p.as_str().to_string()))
            .flatten();
        let to_signin = || see_other(&signin_link(asked.as_deref()));
        let Some(token) = access::cookie(&cookies, SESSION_COOKIE).map(str::to_string) else {
            return Err(to_signin());
        };
        let now = crate::now::now();
        match web.port.with_store(move |s| seat(s, &token, now)).await {
            Ok(Some(seat)) => Ok(seat),
            Ok(None) => Err(to_signin()),
            Err(e) => Err(failure(&e)),
        }
    }
}

impl Signed for Seat {
    fn csrf(&self) -> &str {
        &self.csrf
    }

    fn forged(&self) -> Response {
        said(self.prefs, "desk-csrf-refused", StatusCode::FORBIDDEN)
    }

    fn unreadable(&self, why: FormRejection) -> Response {
        said(self.prefs, "play-form-refused", why.status())
    }
}

/// Where a sign-in returns to: a path of this site, else nowhere (a link
/// elsewhere, `//host` included, would make the page an open redirect).
fn back_to(to: Option<&str>) -> Option<&str> {
    to.filter(|t| {
        t.starts_with('/')
            && !t.starts_with("//")
            && t.len() <= 512
            && !t.chars().any(|c| c == '\\' || c.is_control())
    })
}

/// The sign-in page's address, returning to `to` afterwards.
pub(super) fn signin_link(to: Option<&str>) -> String {
    match back_to(to) {
        Some(to) => format!("/signin?to={}", segment(to)),
        None => "/signin".to_string(),
    }
}

/// A player's words in `prefs`' language.
pub(super) fn t(prefs: Prefs, id: &str) -> String {
    l10n::plain(Reader::new(prefs.lang, Words::Full), id)
}

/// A page that says one thing, with the status it deserves.
pub(super) fn said(prefs: Prefs, id: &str, status: StatusCode) -> Response {
    let text = t(prefs, id);
    let page = layout(
        &text,
        prefs,
        html! { p class="said" role="alert" { (text) } p { a href="/signin" { (t(prefs, "signin-title")) } } },
    );
    let mut r = html(&[], page);
    *r.status_mut() = status;
    r
}

pub fn routes() -> axum::Router<Web> {
    use axum::extract::DefaultBodyLimit;
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/signin", get(signin_form).post(ask_code))
        .route("/signin/code", post(sign_in))
        .route("/signin/password", post(sign_in_password))
        .route("/signout", post(sign_out))
        .route("/account", get(account).post(set_password))
        .layer(DefaultBodyLimit::max(FORM_LIMIT))
}

/// The page's words: the query's or the cookies' language, else English.
fn prefs_of(web: &Web, q: &PageQuery, headers: &HeaderMap) -> (Prefs, Vec<String>) {
    web.chosen_prefs(q, &cookies(headers), None)
}

async fn signin_form(
    State(web): State<Web>,
    Query(q): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    let (prefs, mut remember) = prefs_of(&web, &q, &headers);
    // Before a session there is no session token, so the form's token is
    // a fresh random value also set as a cookie (double submit): a page
    // elsewhere can neither read the cookie nor set it.
    let csrf = service::random_hex();
    remember.push(format!(
        "{SIGNIN_COOKIE}={csrf}{}",
        web.cookie_attrs("/signin", "Strict", 3600)
    ));
    html(
        &remember,
        address_page(prefs, &csrf, back_to(q.to.as_deref()), false),
    )
}

/// The hidden field that carries where to return after the sign-in.
fn to_field(to: Option<&str>) -> Markup {
    html! { @if let Some(to) = to { input type="hidden" name="to" value=(to); } }
}

/// The first sign-in page: a code sent to an address, or the player's own
/// password (`refused`: a password that did not sign in).
fn address_page(prefs: Prefs, csrf: &str, to: Option<&str>, refused: bool) -> Markup {
    let title = t(prefs, "signin-title");
    let body = html! {
        h1 { (title) }
        @if refused {
            p class="said" role="alert" { (t(prefs, "signin-password-refused")) }
        }
        form method="post" action="/signin" class="login" {
            input type="hidden" name="csrf" value=(csrf);
            (to_field(to))
            p {
                label for="address" { (t(prefs, "signin-address")) }
                input id="address" name="address" type="text" autocomplete="username" required;
            }
            button type="submit" { (t(prefs, "signin-send")) }
        }
        h2 { (t(prefs, "signin-with-password")) }
        form method="post" action="/signin/password" class="login" {
            input type="hidden" name="csrf" value=(csrf);
            (to_field(to))
            p {
                label for="address-p" { (t(prefs, "signin-address")) }
                input id="address-p" name="address" type="text" autocomplete="username" required;
            }
            p {
                label for="password" { (t(prefs, "signin-password")) }
                input id="password" name="password" type="password" autocomplete="current-password" required;
            }
            button type="submit" { (t(prefs, "signin-sign-in")) }
        }
    };
    layout(&title, prefs, body)
}

fn code_page(prefs: Prefs, csrf: &str, address: &str, to: Option<&str>, refused: bool) -> Markup {
    let title = t(prefs, "signin-title");
    let sent = l10n::text(
        Reader::new(prefs.lang, Words::Full),
        "signin-code-sent",
        &Args::new().num("minutes", service::CODE_MINUTES),
    );
    let body = html! {
        h1 { (title) }
        @if refused {
            p class="said" role="alert" { (t(prefs, "signin-refused")) }
        } @else {
            p class="said" role="status" { (sent) }
        }
        form method="post" action="/signin/code" class="login" {
            input type="hidden" name="csrf" value=(csrf);
            input type="hidden" name="address" value=(outside(address));
            (to_field(to))
            p {
                label for="code" { (t(prefs, "signin-code")) }
                input id="code" name="code" type="text" autocomplete="one-time-code" required;
            }
            button type="submit" { (t(prefs, "signin-sign-in")) }
        }
        p { a href=(signin_link(to)) { (t(prefs, "signin-new-code")) } }
    };
    layout(&title, prefs, body)
}

#[derive(Deserialize)]
struct AddressForm {
    #[serde(default)]
    address: String,
    #[serde(default)]
    csrf: String,
    to: Option<String>,
}

/// A sign-in form's fields if they read and carry the sign-in cookie's
/// token; else why not (the words' id) and the status it deserves.
fn checked<T>(
    headers: &HeaderMap,
    form: Result<Form<T>, FormRejection>,
    csrf: impl FnOnce(&T) -> &str,
) -> Result<T, (&'static str, StatusCode)> {
    let Form(f) = form.map_err(|why| ("play-form-refused", why.status()))?;
    let cookies = cookies(headers);
    if !access::cookie(&cookies, SIGNIN_COOKIE).is_some_and(|c| same_token(c, csrf(&f))) {
        return Err(("desk-csrf-refused", StatusCode::FORBIDDEN));
    }
    Ok(f)
}

async fn ask_code(
    State(web): State<Web>,
    Query(q): Query<PageQuery>,
    headers: HeaderMap,
    form: Result<Form<AddressForm>, FormRejection>,
) -> Response {
    let (prefs, _) = prefs_of(&web, &q, &headers);
    let f = match checked(&headers, form, |f: &AddressForm| &f.csrf) {
        Ok(f) => f,
        Err((id, status)) => return said(prefs, id, status),
    };
    let now = crate::now::now();
    let address = f.address.clone();
    match web
        .port
        .with_service(move |s| service::send_web_code(s, &address, now))
        .await
    {
        // The same page whether or not a code went out.
        Ok(()) => {
            web.port.wake_senders();
            let to = back_to(f.to.as_deref());
            html(&[], code_page(prefs, &f.csrf, &f.address, to, false))
        }
        Err(e) => failure(&e),
    }
}

#[derive(Deserialize)]
struct CodeForm {
    #[serde(default)]
    address: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    csrf: String,
    to: Option<String>,
}

#[derive(Deserialize)]
struct PasswordForm {
    #[serde(default)]
    address: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    csrf: String,
    to: Option<String>,
}

async fn sign_in(
    State(web): State<Web>,
    Query(q): Query<PageQuery>,
    headers: HeaderMap,
    form: Result<Form<CodeForm>, FormRejection>,
) -> Response {
    let (prefs, _) = prefs_of(&web, &q, &headers);
    let f = match checked(&headers, form, |f: &CodeForm| &f.csrf) {
        Ok(f) => f,
        Err((id, status)) => return said(prefs, id, status),
    };
    let (address, code) = (f.address.clone(), f.code);
    let tried = signed_in(&web, f.to.as_deref(), move |s, now| {
        service::sign_in_with_code(s, &address, &code, now)
    })
    .await;
    tried.unwrap_or_else(|| {
        let to = back_to(f.to.as_deref());
        let mut r = html(&[], code_page(prefs, &f.csrf, &f.address, to, true));
        *r.status_mut() = StatusCode::UNAUTHORIZED;
        r
    })
}

async fn sign_in_password(
    State(web): State<Web>,
    Query(q): Query<PageQuery>,
    headers: HeaderMap,
    form: Result<Form<PasswordForm>, FormRejection>,
) -> Response {
    let (prefs, _) = prefs_of(&web, &q, &headers);
    let f = match checked(&headers, form, |f: &PasswordForm| &f.csrf) {
        Ok(f) => f,
        Err((id, status)) => return said(prefs, id, status),
    };
    let (address, password) = (f.address, f.password);
    let tried = signed_in(&web, f.to.as_deref(), move |s, now| {
        service::sign_in_with_password(s, &address, &password, now)
    })
    .await;
    tried.unwrap_or_else(|| {
        let to = back_to(f.to.as_deref());
        let mut r = html(&[], address_page(prefs, &f.csrf, to, true));
        *r.status_mut() = StatusCode::UNAUTHORIZED;
        r
    })
}

/// A sign-in tried by `attempt`: the session's cookie and the way on (to
/// `to`, else the player's own page), or `None` when it was refused.
async fn signed_in(
    web: &Web,
    to: Option<&str>,
    attempt: impl FnOnce(&mut Store, jiff::Timestamp) -> service::Result<WebSignIn> + Send + 'static,
) -> Option<Response> {
    let now = crate::now::now();
    let tried = web
        .port
        .with_service(move |s| {
            let signed = attempt(s, now)?;
            let name = match &signed {
                WebSignIn::SignedIn { player, .. } => s.player(*player)?.map(|p| p.name),
                WebSignIn::Refused => None,
            };
            Ok((signed, name))
        })
        .await;
    match tried {
        Ok((WebSignIn::SignedIn { token, .. }, name)) => {
            let own = name.map_or_else(|| "/".to_string(), |n| format!("/players/{}", segment(&n)));
            let to = back_to(to).map_or(own, str::to_string);
            let session = format!(
                "{SESSION_COOKIE}={token}{}",
                web.cookie_attrs("/", "Strict", SESSION_SECONDS)
            );
            let spent = format!(
                "{SIGNIN_COOKIE}={}",
                web.cookie_attrs("/signin", "Strict", 0)
            );
            let mut r = see_other(&to);
            super::set_cookies(&mut r, &[session, spent]);
            Some(r)
        }
        Ok((WebSignIn::Refused, _)) => None,
        Err(e) => Some(failure(&e)),
    }
}

#[derive(Deserialize)]
struct Nothing {}

async fn sign_out(State(web): State<Web>, a: form::Acting<Seat, Nothing>) -> Response {
    let token = a.by.token.clone();
    match web
        .port
        .with_service(move |s| service::end_session(s, &token))
        .await
    {
        Ok(()) => {
            let mut r = see_other("/signin");
            let gone = format!("{SESSION_COOKIE}={}", web.cookie_attrs("/", "Strict", 0));
            super::set_cookies(&mut r, &[gone]);
            r
        }
        Err(e) => failure(&e),
    }
}

#[derive(Deserialize)]
struct AccountQuery {
    done: Option<String>,
}

/// The player's own password: whether one is set, and the forms that set,
/// change or remove it.
async fn account(
    State(web): State<Web>,
    seat: Seat,
    asked: super::Asked,
    Query(q): Query<AccountQuery>,
) -> Response {
    let id = seat.player.id;
    let has = match web.port.with_store(move |s| s.own_password(id)).await {
        Ok(hash) => hash.is_some(),
        Err(e) => return failure(&e),
    };
    // What the form before this page did (post, redirect, get).
    let done = match q.done.as_deref() {
        Some("set") => Some("account-set-done"),
        Some("removed") => Some("account-removed"),
        _ => None,
    };
    let page = account_page(&seat, asked.prefs, has, done.map(|id| (id, false)));
    html(&asked.set_cookies, page)
}

/// The account page; `said`: a message id, and whether it is a refusal.
fn account_page(seat: &Seat, prefs: Prefs, has: bool, said: Option<(&str, bool)>) -> Markup {
    let title = t(prefs, "account-title");
    let body = html! {
        h1 { (title) }
        @if let Some((id, refused)) = said {
            p class="said" role=(if refused { "alert" } else { "status" }) { (t(prefs, id)) }
        }
        p { (t(prefs, "account-explain")) }
        p { (t(prefs, if has { "account-has" } else { "account-none" })) }
        form method="post" action="/account" class="login" {
            input type="hidden" name="csrf" value=(seat.csrf);
            p {
                label for="password" { (t(prefs, "account-new")) }
                input id="password" name="password" type="password" autocomplete="new-password" minlength="8";
            }
            p {
                button type="submit" name="action" value="set" { (t(prefs, "account-set")) }
                @if has {
                    " "
                    button type="submit" name="action" value="remove" { (t(prefs, "account-remove")) }
                }
            }
        }
        p { a href=(format!("/players/{}", segment(&seat.player.name))) { (t(prefs, "page-games")) } }
    };
    layout(&title, prefs, body)
}

#[derive(Deserialize)]
struct PasswordChange {
    #[serde(default)]
    password: String,
    #[serde(default)]
    action: String,
}

async fn set_password(
    State(web): State<Web>,
    asked: super::Asked,
    a: form::Acting<Seat, PasswordChange>,
) -> Response {
    let remove = a.form.action == "remove";
    let (id, now) = (a.by.player.id, crate::now::now());
    let password = (!remove).then_some(a.form.password);
    let done = web
        .port
        .with_service(move |s| service::set_own_password(s, id, password.as_deref(), now))
        .await;
    match done {
        Ok(Ok(())) if remove => see_other("/account?done=removed"),
        Ok(Ok(())) => see_other("/account?done=set"),
        Ok(Err(_weak)) => {
            let has = web.port.with_store(move |s| s.own_password(id)).await;
            let mut r = html(
                &[],
                account_page(
                    &a.by,
                    asked.prefs,
                    matches!(has, Ok(Some(_))),
                    Some(("account-weak", true)),
                ),
            );
            *r.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
            r
        }
        Err(e) => failure(&e),
    }
}
