//! `/xfcc`: the Xfcc endpoint on the web listener. `GET /xfcc?wsdl` is the
//! service description; a `POST` is one SOAP request, read by
//! `xfcc::soap`, decided by the service, answered in the same response.

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::header::{CONTENT_TYPE, HOST};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use jiff::Timestamp;

use super::Web;
use crate::protocol::address::Channel;
use crate::service::{xfcc_credentials, xfcc_games, xfcc_login, xfcc_move};
use crate::store::Player;
use crate::transport::port::PortError;
use crate::xfcc::games::write_games;
use crate::xfcc::result::MoveResult;
use crate::xfcc::soap::{self, Login, Request};
use crate::xfcc::wsdl::wsdl;

fn xml(status: StatusCode, body: String) -> Response {
    (status, [(CONTENT_TYPE, "text/xml; charset=utf-8")], body).into_response()
}

/// A SOAP fault; SOAP 1.1 carries every fault with status 500.
fn fault(client: bool, why: &str) -> Response {
    xml(StatusCode::INTERNAL_SERVER_ERROR, soap::fault(client, why))
}

pub(super) async fn describe(
    State(web): State<Web>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    // `?wsdl`, as clients write it in any case (.NET's `?WSDL`).
    let wants_wsdl = query.is_some_and(|q| {
        q.split('&').any(|p| {
            p.split('=')
                .next()
                .is_some_and(|k| k.eq_ignore_ascii_case("wsdl"))
        })
    });
    if !wants_wsdl {
        return (
            [(CONTENT_TYPE, "text/plain; charset=utf-8")],
            "Xfcc (XfccBasic) endpoint: POST SOAP requests here; the WSDL is at ?wsdl\n",
        )
            .into_response();
    }
    // The configured address, else the one the client used.
    let base = match &web.public_url {
        Some(url) => url.clone(),
        None => {
            let host = headers
                .get(HOST)
                .and_then(|h| h.to_str().ok())
                .filter(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_graphic()))
                .unwrap_or("localhost");
            format!("http://{host}")
        }
    };
    xml(StatusCode::OK, wsdl(&format!("{base}/xfcc")))
}

/// The player a login names, if its password opens it: the stored login
/// read, the password checked outside the store's lock (argon2 is slow on
/// purpose, and every channel waits on that lock), the try recorded.
async fn logged_in(web: &Web, login: Login, now: Timestamp) -> Result<Option<Player>, PortError> {
    let username = login.username.clone();
    let Some(stored) = web
        .port
        .with_store(move |s| xfcc_credentials(s, &username))
        .await?
    else {
        return Ok(None);
    };
    let (stored, opened) = tokio::task::spawn_blocking(move || {
        let opened = stored.opened_by(&login.password);
        (stored, opened)
    })
    .await
    .map_err(|e| PortError::Task(std::sync::Arc::new(e)))?;
    web.port
        .with_service(move |s| xfcc_login(s, &stored, opened, now))
        .await
}

pub(super) async fn request(State(web): State<Web>, body: Bytes) -> Response {
    let request = match soap::read_request(&body) {
        Ok(r) => r,
        Err(e) => return fault(true, &e.to_string()),
    };
    let now = crate::now::now();
    match request {
        Request::GetMyGames(login) => {
            let found = match logged_in(&web, login, now).await {
                Ok(Some(player)) => {
                    web.port
                        .with_store(move |s| xfcc_games(s, &player, now).map(Some))
                        .await
                }
                other => other.map(|_| None),
            };
            match found {
                Ok(Some(games)) => xml(
                    StatusCode::OK,
                    soap::response("GetMyGames", &write_games(&games)),
                ),
                // What Scid and the servers say for a refused login.
                Ok(None) => fault(true, MoveResult::AuthenticationFailed.code()),
                Err(_) => fault(false, MoveResult::ServerError.code()),
            }
        }
        Request::MakeAMove(m) => {
            let raw = soap::without_password(&body);
            let rules = web.port.rules;
            let answered = match logged_in(&web, m.login.clone(), now).await {
                Ok(Some(player)) => {
                    web.port
                        .with_service(move |s| {
                            xfcc_move(s, &player, &m, &raw, rules, now).map(Some)
                        })
                        .await
                }
                other => other.map(|_| None),
            };
            let result = match answered {
                Ok(Some(a)) => {
                    web.port.processed(Channel::Xfcc, &a.processed);
                    a.result
                }
                Ok(None) => MoveResult::AuthenticationFailed,
                Err(_) => MoveResult::ServerError,
            };
            xml(StatusCode::OK, soap::response("MakeAMove", result.code()))
        }
        // Its fields are in no published source: a client that tries it
        // is told, and may fall back to MakeAMove.
        Request::Other(op) if op == "MakeAMove2" => xml(
            StatusCode::OK,
            soap::response(&op, MoveResult::FeatureUnavailable.code()),
        ),
        Request::Other(op) => fault(true, &format!("no operation {op}")),
    }
}
