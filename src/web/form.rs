//! What every signed-in form shares, the director's and the player's: a
//! form is acted on only with its session's own CSRF token, compared in
//! constant time; a form that does not read, or carries a forged token,
//! changes nothing and is answered in the session's words.

use axum::extract::rejection::FormRejection;
use axum::extract::{Form, FromRequest, FromRequestParts, Request};
use axum::http::header::LOCATION;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::Web;

/// A redirect after a form (or to the sign-in).
pub(super) fn see_other(to: &str) -> Response {
    let mut r = StatusCode::SEE_OTHER.into_response();
    if let Ok(v) = HeaderValue::from_str(to) {
        r.headers_mut().insert(LOCATION, v);
    }
    r
}

/// Two tokens equal, compared in constant time.
pub(super) fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && !a.is_empty()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A form and the CSRF token it carried.
#[derive(Deserialize)]
struct Tokened<T> {
    #[serde(default)]
    csrf: String,
    #[serde(flatten)]
    form: T,
}

/// A signed-in session whose forms carry its token.
pub(super) trait Signed: FromRequestParts<Web, Rejection = Response> + Send {
    /// The token its forms must carry.
    fn csrf(&self) -> &str;
    /// The answer to a form without that token (403).
    fn forged(&self) -> Response;
    /// The answer to a form that does not read (too large, malformed).
    fn unreadable(&self, why: FormRejection) -> Response;
}

/// An action of a signed-in session `S`: the session, and the form it
/// posted with the session's own CSRF token (else 403: a page elsewhere
/// cannot act in the session's name).
pub(super) struct Acting<S, T> {
    pub(super) by: S,
    pub(super) form: T,
}

impl<S: Signed, T: DeserializeOwned + Send + 'static> FromRequest<Web> for Acting<S, T> {
    type Rejection = Response;

    async fn from_request(req: Request, web: &Web) -> Result<Acting<S, T>, Response> {
        let (mut parts, body) = req.into_parts();
        let by = S::from_request_parts(&mut parts, web).await?;
        let req = Request::from_parts(parts, body);
        let f = match Form::<Tokened<T>>::from_request(req, web).await {
            Ok(Form(f)) => f,
            Err(why) => return Err(by.unreadable(why)),
        };
        if !same_token(&f.csrf, by.csrf()) {
            return Err(by.forged());
        }
        Ok(Acting { by, form: f.form })
    }
}
