//! `[web]`: the pages for players and directors. Without the section no
//! page is served.
//!
//! ```toml
//! [web]
//! listen = "127.0.0.1:8080"               # loopback: put a TLS proxy in front
//! public_url = "https://chess.example.org" # for the links in notices
//! max_connections = 4096                  # default: fewer if descriptors are short
//! max_connections_per_address = 32        # behind a proxy, its own address counts
//! header_timeout = "5s"                   # for a request's line and headers
//! ```

use std::net::SocketAddr;
use std::time::Duration;

use serde::{Deserialize, Deserializer};

use crate::settings::{at_least_one, checked, duration, optional_at_least_one};

/// The pages' connections at once by default: thousands of players' idle
/// keep-alive connections, within the read buffers' tens of megabytes.
pub const WEB_CONNECTIONS: usize = 4096;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WebConfig {
    pub listen: SocketAddr,
    /// The pages' address as the players reach them (through the proxy);
    /// without it notices carry no links.
    #[serde(deserialize_with = "public_url")]
    pub public_url: Option<String>,
    /// Connections at once; without it [`WEB_CONNECTIONS`], or fewer if
    /// the descriptor limit allows fewer.
    #[serde(deserialize_with = "optional_at_least_one")]
    pub max_connections: Option<usize>,
    /// Connections at once from one client address.
    #[serde(deserialize_with = "at_least_one")]
    pub max_connections_per_address: usize,
    /// How long a request's line and headers may take.
    #[serde(deserialize_with = "duration")]
    pub header_timeout: Duration,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            public_url: None,
            max_connections: None,
            max_connections_per_address: 32,
            header_timeout: Duration::from_secs(5),
        }
    }
}

impl WebConfig {
    /// The pages' bounds within what the status endpoint (`status`
    /// connections) leaves of the descriptors.
    pub fn limits(
        &self,
        budget: crate::listener::Budget,
        status: usize,
    ) -> crate::listener::Limits {
        crate::listener::Limits::within(
            "web pages",
            self.max_connections,
            budget.web(self.max_connections.unwrap_or(WEB_CONNECTIONS), status),
            self.max_connections_per_address,
            self.header_timeout,
        )
    }

    /// Whether the pages are reached over TLS (cookies are then `Secure`).
    pub fn https(&self) -> bool {
        self.public_url
            .as_deref()
            .is_some_and(|u| u.starts_with("https://"))
    }
}

fn public_url<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let url: String = checked(d, |u: &String| {
        check_public_url(u).map_err(|e| e.to_string())
    })?;
    Ok(Some(url.trim_end_matches('/').to_string()))
}

/// An `http://` or `https://` address with a host and nothing a link
/// could be broken out of (quotes, spaces, angle brackets, controls).
fn check_public_url(u: &str) -> Result<(), PublicUrlError> {
    let bad = |why| Err(PublicUrlError(u.to_string(), why));
    let Some(rest) = u
        .strip_prefix("https://")
        .or_else(|| u.strip_prefix("http://"))
    else {
        return bad("an http:// or https:// address");
    };
    if rest.is_empty() || rest.starts_with('/') {
        return bad("the address names no host");
    }
    if u.chars()
        .any(|c| c.is_control() || c.is_whitespace() || "\"'<>\\`{}|^".contains(c))
    {
        return bad("not a plain address");
    }
    if u.contains(['?', '#']) {
        return bad("no query or fragment in the base address");
    }
    Ok(())
}

/// Why `public_url` cannot be the base of the players' links.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: {1}")]
pub struct PublicUrlError(String, &'static str);

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<WebConfig, String> {
        toml::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn defaults_to_loopback_8080_without_links() {
        let c = parse("").unwrap();
        assert_eq!(c.listen, SocketAddr::from(([127, 0, 0, 1], 8080)));
        assert_eq!(c.public_url, None);
        assert!(!c.https());
    }

    #[test]
    fn public_url_is_checked_and_trimmed() {
        let c = parse("public_url = \"https://chess.example.org/\"").unwrap();
        assert_eq!(c.public_url.as_deref(), Some("https://chess.example.org"));
        assert!(c.https());
        for bad in [
            "ftp://x",
            "https://",
            "https://a\"onload=\"x",
            "https://a b",
            "https://a/?q=1",
            "javascript:alert(1)",
        ] {
            let e = parse(&format!("public_url = {bad:?}")).unwrap_err();
            assert!(e.contains("public_url") || e.contains(bad), "{bad}: {e}");
        }
    }
}
