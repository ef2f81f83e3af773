//! How a PostgreSQL session reaches its server: the client's settings from
//! the URL and, when the URL's `sslmode` asks for it, TLS (rustls with the
//! ring provider, as the mail transports use).
//!
//! The client library knows `sslmode` only as `disable`, `prefer` and
//! `require`, and no `sslrootcert`; the URL's are read here, with libpq's
//! meanings for the modes that encrypt:
//! - `require`: encrypted; the certificate is checked against `sslrootcert`
//!   when one is given (as libpq then does), otherwise not at all;
//! - `verify-ca`: the chain is checked (against `sslrootcert`, or the public
//!   roots), not the host name;
//! - `verify-full`: the chain and the host name.
//!
//! `disable`, `allow`, `prefer` and no `sslmode` connect without TLS, as
//! before TLS was supported (docs/decisions.md, issue 20).

use std::path::PathBuf;

use postgres::config::SslMode;
use postgres::{Client, NoTls};
use tokio_postgres_rustls::MakeRustlsConnect;

use super::{Result, StoreError};
use crate::tls::{Trust, client_config};

/// A server's settings and the TLS to reach it with, if any.
#[derive(Clone)]
pub(crate) struct Link {
    config: postgres::Config,
    tls: Option<MakeRustlsConnect>,
}

/// The URL's TLS settings.
#[derive(Debug, Default, PartialEq, Eq)]
struct Ssl {
    mode: Option<String>,
    root_cert: Option<PathBuf>,
}

/// Decodes `%XX` escapes (a URL's query value); `None` if one is broken or
/// the result is not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Takes `sslmode` and `sslrootcert` out of a URL's query, leaving the
/// rest for the client library.
fn split_ssl(url: &str) -> Result<(String, Ssl)> {
    let Some((base, query)) = url.split_once('?') else {
        return Ok((url.to_string(), Ssl::default()));
    };
    let mut ssl = Ssl::default();
    let mut kept = Vec::new();
    for pair in query.split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let decoded = || {
            percent_decode(value)
                .ok_or_else(|| StoreError::Invalid(format!("database URL: {key}: bad escape")))
        };
        match key {
            "sslmode" => ssl.mode = Some(decoded()?),
            "sslrootcert" => ssl.root_cert = Some(PathBuf::from(decoded()?)),
            _ => kept.push(pair),
        }
    }
    let rest = if kept.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    Ok((rest, ssl))
}

/// The client's TLS for the URL's settings: `None` for a plain connection.
fn tls_for(ssl: &Ssl) -> Result<Option<(SslMode, Trust)>> {
    let trust = |any_cert: bool, any_name: bool| Trust {
        ca_file: ssl.root_cert.clone(),
        accept_invalid_certs: any_cert,
        any_name,
    };
    Ok(match ssl.mode.as_deref() {
        None | Some("disable" | "allow" | "prefer") => None,
        Some("require") => Some((SslMode::Require, trust(ssl.root_cert.is_none(), true))),
        Some("verify-ca") => Some((SslMode::Require, trust(false, true))),
        Some("verify-full") => Some((SslMode::Require, trust(false, false))),
        Some(other) => {
            return Err(StoreError::Invalid(format!(
                "database URL: sslmode {other:?}: use disable, prefer, require, verify-ca or verify-full"
            )));
        }
    })
}

impl Link {
    /// The link for `url` (`postgres://user@host:port/db?sslmode=…`), with
    /// `password` if given.
    pub(crate) fn parse(url: &str, password: Option<&str>) -> Result<Link> {
        let (rest, ssl) = split_ssl(url)?;
        let mut config: postgres::Config = rest
            .parse()
            .map_err(|e| StoreError::Invalid(format!("database URL: {e}")))?;
        if let Some(p) = password {
            config.password(p);
        }
        let tls = match tls_for(&ssl)? {
            None => {
                config.ssl_mode(SslMode::Disable);
                None
            }
            Some((mode, trust)) => {
                config.ssl_mode(mode);
                let client =
                    client_config(&trust).map_err(|e| StoreError::Invalid(e.to_string()))?;
                Some(MakeRustlsConnect::new(std::sync::Arc::unwrap_or_clone(
                    client,
                )))
            }
        };
        Ok(Link { config, tls })
    }

    /// A new connection.
    pub(crate) fn connect(&self) -> std::result::Result<Client, postgres::Error> {
        match &self.tls {
            None => self.config.connect(NoTls),
            Some(tls) => self.config.connect(tls.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ssl_settings_leave_the_url_and_the_rest_stays() {
        let (rest, ssl) = split_ssl(
            "postgres://u@h:5/db?connect_timeout=3&sslmode=verify-full&sslrootcert=%2Fetc%2Fca%20x.pem",
        )
        .expect("split");
        assert_eq!(rest, "postgres://u@h:5/db?connect_timeout=3");
        assert_eq!(ssl.mode.as_deref(), Some("verify-full"));
        assert_eq!(ssl.root_cert, Some(PathBuf::from("/etc/ca x.pem")));
        let (rest, ssl) = split_ssl("postgres://u@h/db?sslmode=require").expect("split");
        assert_eq!(rest, "postgres://u@h/db");
        assert_eq!(ssl.root_cert, None);
        assert!(split_ssl("postgres://u@h/db?sslrootcert=%zz").is_err());
    }

    #[test]
    fn the_modes_mean_what_they_mean_to_libpq() {
        let ssl = |mode: &str, root: bool| Ssl {
            mode: Some(mode.into()),
            root_cert: root.then(|| PathBuf::from("ca.pem")),
        };
        let checks = |s: Ssl| {
            tls_for(&s)
                .expect("mode")
                .map(|(_, t)| (t.accept_invalid_certs, t.any_name))
        };
        assert_eq!(checks(Ssl::default()), None);
        assert_eq!(checks(ssl("prefer", true)), None);
        assert_eq!(checks(ssl("disable", false)), None);
        // (certificate unchecked, name unchecked)
        assert_eq!(checks(ssl("require", false)), Some((true, true)));
        assert_eq!(checks(ssl("require", true)), Some((false, true)));
        assert_eq!(checks(ssl("verify-ca", false)), Some((false, true)));
        assert_eq!(checks(ssl("verify-full", true)), Some((false, false)));
        assert!(tls_for(&ssl("verify-some", false)).is_err());
    }
}
