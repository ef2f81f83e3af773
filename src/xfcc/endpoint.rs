//! Where an Xfcc service is: its address read once into scheme, host,
//! port and path.

/// Where a service is, read from its address once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    pub tls: bool,
    pub host: String,
    pub port: u16,
    /// The path and query, `/` at least.
    pub path: String,
}

impl Endpoint {
    // A `String` error: the message `check-config` and the bridge show as
    // given (through `settings::checked`, serde's custom error).
    pub fn parse(url: &str) -> Result<Endpoint, String> {
        let (tls, rest) = match (url.strip_prefix("http://"), url.strip_prefix("https://")) {
            (Some(rest), _) => (false, rest),
            (_, Some(rest)) => (true, rest),
            _ => {
                return Err(format!(
                    "{url:?}: an Xfcc service is an http:// or https:// address"
                ));
            }
        };
        let cut = rest.find(['/', '?']).unwrap_or(rest.len());
        let (authority, path) = rest.split_at(cut);
        // A port follows the last colon, unless that colon is inside an
        // IPv6 address's brackets.
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !port.contains(']') => (
                host,
                port.parse::<u16>()
                    .map_err(|_| format!("{url:?}: {port:?} is no port"))?,
            ),
            _ => (authority, if tls { 443 } else { 80 }),
        };
        let host = host.trim_start_matches('[').trim_end_matches(']');
        if host.is_empty() || host.contains(|c: char| c.is_whitespace() || c == '@') {
            return Err(format!("{url:?}: the address names no host"));
        }
        Ok(Endpoint {
            tls,
            host: host.to_string(),
            port,
            path: match path {
                "" => "/".to_string(),
                p if p.starts_with('?') => format!("/{p}"),
                p => p.to_string(),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_into_endpoints() {
        let e = |url: &str| Endpoint::parse(url);
        assert_eq!(
            e("https://www.iccf.com/XfccBasic.asmx").unwrap(),
            Endpoint {
                tls: true,
                host: "www.iccf.com".into(),
                port: 443,
                path: "/XfccBasic.asmx".into()
            }
        );
        let local = e("http://127.0.0.1:8080").unwrap();
        assert_eq!(
            (local.tls, local.port, local.path.as_str()),
            (false, 8080, "/")
        );
        assert_eq!(e("http://[::1]:81/x?y").unwrap().host, "::1");
        assert_eq!(e("http://[::1]/x").unwrap().port, 80);
        for bad in [
            "ftp://x",
            "http://",
            "http://:80/",
            "http://h:port/",
            "http://u@h/",
            "h/x",
        ] {
            assert!(e(bad).is_err(), "{bad}");
        }
    }
}
