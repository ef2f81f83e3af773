//! The local status endpoint: `GET /health` (JSON: up, uptime, how many
//! errors) and `GET /metrics` (Prometheus text format), from
//! [`crate::metrics`]. It listens on 127.0.0.1 by default: it tells how busy
//! the gateway is, which is nobody else's business. The errors' text names
//! file paths and addresses, so `/health` shows it only when asked with
//! `?detail=1` by a client on the loopback interface: an endpoint opened
//! to a monitoring network must not hand out players' addresses.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE, WWW_AUTHENTICATE};
use axum::response::IntoResponse;
use axum::routing::get;

use crate::listener::Client;
use crate::metrics::Metrics;
use crate::settings::SecretText;

/// Whether a request asks for `/health`'s detail and may have it: the
/// query `detail=1` (or `true`), from a client on the loopback interface.
/// A request whose client is unknown gets none.
fn wants_detail(req: &axum::extract::Request) -> bool {
    let asked = req.uri().query().is_some_and(|q| {
        q.split('&')
            .any(|pair| matches!(pair, "detail" | "detail=1" | "detail=true"))
    });
    let local = req
        .extensions()
        .get::<axum::extract::ConnectInfo<Client>>()
        .is_some_and(|c| c.0.0.ip().is_loopback());
    asked && local
}

/// The endpoint's routes; [`crate::listener::serve`] gives each request its
/// client's address, for `/health`'s detail. With `token`, `/metrics`
/// answers 401 to a request without `Authorization: Bearer <token>`,
/// whatever address it comes from.
pub fn router(metrics: Arc<Metrics>, token: Option<SecretText>) -> Router {
    let token = Arc::new(token);
    Router::new()
        .route(
            "/health",
            get(
                |State(m): State<Arc<Metrics>>, req: axum::extract::Request| async move {
                    let health = m.health(wants_detail(&req));
                    // A monitor that reads only the status code still sees it.
                    let code = if health["status"] == "ok" {
                        axum::http::StatusCode::OK
                    } else {
                        axum::http::StatusCode::SERVICE_UNAVAILABLE
                    };
                    (
                        code,
                        [(CONTENT_TYPE, "application/json")],
                        health.to_string(),
                    )
                        .into_response()
                },
            ),
        )
        .route(
            "/metrics",
            get(
                |State(m): State<Arc<Metrics>>, req: axum::extract::Request| async move {
                    if !bearer_matches(&req, token.as_ref().as_ref()) {
                        return (
                            axum::http::StatusCode::UNAUTHORIZED,
                            [(WWW_AUTHENTICATE, "Bearer realm=\"ccgate metrics\"")],
                            "a bearer token is required (status.metrics_token_file)\n",
                        )
                            .into_response();
                    }
                    (
                        // Prometheus' text format, which promtool checks
                        // and every scraper reads.
                        [(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
                        m.render(),
                    )
                        .into_response()
                },
            ),
        )
        .with_state(metrics)
}

/// Whether `req` carries the token (always, without one configured). The
/// comparison takes the same time wherever the first difference is.
fn bearer_matches(req: &axum::extract::Request, token: Option<&SecretText>) -> bool {
    let Some(token) = token else {
        return true;
    };
    let given = req
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    let want = token.expose().as_bytes();
    let given = given.as_bytes();
    given.len() == want.len()
        && given
            .iter()
            .zip(want)
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
}
