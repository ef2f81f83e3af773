//! The `[[xfcc.remote]]` entries: a player's accounts on remote Xfcc
//! servers, and their settings once resolved (passwords read).

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Deserializer};
use toml::Spanned;

use crate::settings::{Lines, Problems, Secret, SecretText, checked, duration, non_empty};
use crate::tls::{Trust, read_pem};
use crate::xfcc::endpoint::Endpoint;

/// How often `GetMyGames` is asked when `poll` is not given: a
/// correspondence move waits days, and servers (ICCF's among them) ask
/// clients not to poll more often than every few minutes.
pub const DEFAULT_POLL: Duration = Duration::from_secs(15 * 60);

/// The `[xfcc]` section: what the bridge needs (serving needs no key).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct XfccConfig {
    pub remote: Vec<Spanned<RemoteConfig>>,
}

/// One account on a remote Xfcc server.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoteConfig {
    /// The service's address (`https://www.iccf.com/XfccBasic.asmx`).
    #[serde(deserialize_with = "service_url")]
    pub url: String,
    /// The player, as registered in ccgate, whose games these are.
    #[serde(deserialize_with = "non_empty")]
    pub player: String,
    /// The account's name on the remote server.
    #[serde(deserialize_with = "non_empty")]
    pub username: String,
    /// The account's password: first line of a file, or a variable.
    pub password_file: Option<PathBuf>,
    pub password_env: Option<String>,
    #[serde(default = "default_poll", deserialize_with = "duration")]
    pub poll: Duration,
    /// PEM certificates trusted for an `https://` server besides the
    /// public roots (a private server's own CA).
    pub ca_file: Option<PathBuf>,
    /// How long one call may take before it counts as failed (and is
    /// tried again after the next poll).
    #[serde(default = "default_timeout", deserialize_with = "duration")]
    pub timeout: Duration,
}

fn default_timeout() -> Duration {
    super::http::CALL_TIMEOUT
}

fn default_poll() -> Duration {
    DEFAULT_POLL
}

/// An `http://` or `https://` address with a host.
fn service_url<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    checked(d, |s: &String| Endpoint::parse(s).map(drop))
}

/// A remote account ready to poll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteSettings {
    pub url: String,
    pub endpoint: Endpoint,
    pub player: String,
    pub username: String,
    pub password: SecretText,
    pub poll: Duration,
    /// How the server's certificate is checked.
    pub trust: Trust,
    pub timeout: Duration,
}

impl XfccConfig {
    /// Reads each account's password; an account named twice (same server
    /// and username) is refused, as its moves would be sent twice.
    pub fn resolve(&self, lines: &Lines, problems: &mut Problems) -> Option<Vec<RemoteSettings>> {
        let before = problems.list.len();
        let mut seen = std::collections::HashSet::new();
        let mut remotes = Vec::new();
        for (i, r) in self.remote.iter().enumerate() {
            problems.at(lines.of(r.span()));
            let r = r.get_ref();
            let section = format!("xfcc.remote[{i}]");
            if !seen.insert((r.url.to_lowercase(), r.username.to_lowercase())) {
                problems.push(format!(
                    "{section}: {} on {} is listed twice",
                    r.username, r.url
                ));
            }
            let password = Secret {
                file: r.password_file.as_deref(),
                env: r.password_env.as_deref(),
                names: ["password_file", "password_env"],
            };
            if let Some(ca) = &r.ca_file
                && let Err(e) = read_pem(ca)
            {
                problems.push(format!("{section}: {e}"));
                continue;
            }
            match problems.take(password.read(&section)) {
                Some(Some(password)) => remotes.push(RemoteSettings {
                    url: r.url.clone(),
                    // Checked while parsing: a second parse cannot fail.
                    endpoint: match Endpoint::parse(&r.url) {
                        Ok(e) => e,
                        Err(e) => {
                            problems.push(format!("{section}.url: {e}"));
                            continue;
                        }
                    },
                    player: r.player.trim().to_string(),
                    username: r.username.trim().to_string(),
                    password,
                    poll: r.poll,
                    trust: Trust {
                        ca_file: r.ca_file.clone(),
                        ..Trust::default()
                    },
                    timeout: r.timeout,
                }),
                Some(None) => problems.push(format!(
                    "{section}: no password (password_file or password_env)"
                )),
                None => {}
            }
        }
        (problems.list.len() == before).then_some(remotes)
    }
}
