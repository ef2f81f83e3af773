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
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use axum::routing::get;

use crate::listener::Client;
use crate::metrics::Metrics;

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
/// client's address, for `/health`'s detail.
pub fn router(metrics: Arc<Metrics>) -> Router {
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
            get(|State(m): State<Arc<Metrics>>| async move {
                (
                    [(
                        CONTENT_TYPE,
                        "application/openmetrics-text; version=1.0.0; charset=utf-8",
                    )],
                    m.render(),
                )
                    .into_response()
            }),
        )
        .with_state(metrics)
}
