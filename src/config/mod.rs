//! The daemon's configuration: TOML, every key optional, embedded defaults.
//!
//! With no file at all the daemon runs on [`Config::default`]: the store, a
//! Maildir inbox and an outbox directory of `.eml` files, all in the data
//! directory, and the status endpoint on `127.0.0.1:9187`. A file names only
//! what differs; channels run when their section is present. Every key is
//! documented in `deploy/ccgate.toml`.
//!
//! This module keeps what every part shares (the data directory, the store,
//! logging, the status endpoint, the clock sweep, the outbox's retries);
//! each transport owns its section (`transport/<channel>/config.rs`). A
//! value is checked while it is read, so a bad one is refused with its line;
//! [`Config::resolve`] then reads the secrets once, checks what spans
//! several keys, and yields every channel's ready settings, or every
//! problem at once.
//!
//! Secrets (passwords, the SIM PIN, radio keys) come from a file or an
//! environment variable, never from the command line or the configuration
//! itself, so the file can be world-readable and kept under version control.
//!
//! ```
//! let config = ccgate::config::Config::parse(r#"
//!     data_dir = "/var/lib/ccgate"
//!     [email]
//!     from = "chess@example.org"
//!     [email.maildir]
//!     path = "/var/mail/chess"
//! "#).unwrap();
//! let resolved = config.resolve().unwrap();
//! assert_eq!(
//!     resolved.db,
//!     ccgate::store::Location::File("/var/lib/ccgate/ccgate.db".into())
//! );
//! assert!(resolved.email.imap.is_none());
//! ```

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Deserializer};
use toml::Spanned;

use crate::settings::{
    Lines, Problem, Problems, Secret, at_least_one, checked, duration, optional_at_least_one,
};
use crate::store::Location;
use crate::transport::email::config::{EmailConfig, EmailSettings, in_dir};
use crate::transport::email::outbox::{Extras, Sender};
use crate::transport::email::{Input, Reception, ReceptionError};
use crate::transport::outbox::OutboxConfig;
use crate::transport::radio::config::{RadioConfig, RadioSettings};
use crate::transport::sms::config::{SmsConfig, SmsSettings, SpoolConfig};
use crate::transport::start::Enabled;
use crate::transport::xfcc::config::{RemoteSettings, XfccConfig};
use crate::web::WebConfig;

/// The whole file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Where the store and the default mail directories live.
    pub data_dir: PathBuf,
    /// The store: an SQLite file, relative to `data_dir` unless absolute,
    /// or a `postgres://user@host:port/dbname` URL.
    pub db: String,
    /// The PostgreSQL password, from a file (its first line) or an
    /// environment variable; never in the URL.
    pub db_password_file: Option<PathBuf>,
    pub db_password_env: Option<String>,
    pub log: LogConfig,
    pub status: StatusConfig,
    pub clock: ClockConfig,
    pub outbox: OutboxConfig,
    pub inbound: InboundConfig,
    /// Without `[email]`, the embedded defaults ([`EmailConfig::embedded`]).
    pub email: Option<Spanned<EmailConfig>>,
    /// A GSM modem; no SMS without this section (or `sms_spool`).
    pub sms: Option<Spanned<SmsConfig>>,
    /// Another program's SMS spool (gammu-smsd, smstools3) instead of a modem.
    pub sms_spool: Option<Spanned<SpoolConfig>>,
    /// A radio link: a serial radio modem or a KISS TNC.
    pub radio: Option<Spanned<RadioConfig>>,
    /// The web pages; none without this section.
    pub web: Option<WebConfig>,
    /// Players' accounts on remote Xfcc servers (`[[xfcc.remote]]`).
    pub xfcc: XfccConfig,
    /// Where the sections are, for the lines of problems found later.
    #[serde(skip)]
    lines: Lines,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    /// A tracing filter (`info`, `ccgate=debug,info`); `RUST_LOG` overrides it.
    #[serde(deserialize_with = "log_filter")]
    pub level: String,
    pub format: LogFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StatusConfig {
    pub enabled: bool,
    pub listen: SocketAddr,
    /// Connections at once; without it [`STATUS_CONNECTIONS`], or fewer
    /// if the descriptor limit allows fewer.
    #[serde(deserialize_with = "optional_at_least_one")]
    pub max_connections: Option<usize>,
    /// Connections at once from one client address.
    #[serde(deserialize_with = "at_least_one")]
    pub max_connections_per_address: usize,
    /// How long a request's line and headers may take.
    #[serde(deserialize_with = "duration")]
    pub header_timeout: Duration,
    /// A file whose first line is the bearer token `/metrics` asks for;
    /// without it `/metrics` answers anyone who reaches the endpoint.
    pub metrics_token_file: Option<PathBuf>,
}

/// The status endpoint's connections at once by default: its monitors
/// need a handful.
pub const STATUS_CONNECTIONS: usize = 64;

impl StatusConfig {
    /// The endpoint's bounds within its share of the descriptors.
    pub fn limits(&self, budget: crate::listener::Budget) -> crate::listener::Limits {
        crate::listener::Limits::within(
            "status endpoint",
            self.max_connections,
            budget.status(self.max_connections.unwrap_or(STATUS_CONNECTIONS)),
            self.max_connections_per_address,
            self.header_timeout,
        )
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ClockConfig {
    /// How often forfeits and reminders are checked.
    #[serde(deserialize_with = "duration")]
    pub sweep_every: Duration,
    /// A sweep this long after the last one (the system clock jumped, or
    /// the gateway was off) declares no forfeit until the director confirms
    /// the time with `ccgate clock --confirm-time`.
    #[serde(deserialize_with = "duration")]
    pub jump_margin: Duration,
}

/// What is done with inbound messages on every channel.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct InboundConfig {
    /// The confirmation loop: a message whose sender could not be
    /// authenticated, from a player without a PIN, is held and a code sent
    /// to the player's registered address. Off, such a message is refused.
    pub confirm: bool,
    /// How long a held message waits for its code.
    #[serde(deserialize_with = "duration")]
    pub confirm_within: Duration,
    /// Replies per sender address and hour that answer no game line of a
    /// player (help, "which game?", refusals before any game, codes,
    /// anything to a non-player); past it they are kept but not sent.
    pub replies_per_sender_hour: u32,
}

impl InboundConfig {
    pub fn rules(&self) -> crate::service::Rules {
        crate::service::Rules {
            confirm_within: self
                .confirm
                .then(|| jiff::SignedDuration::try_from(self.confirm_within).ok())
                .flatten(),
            replies_per_hour: self.replies_per_sender_hour,
        }
    }
}

impl Default for InboundConfig {
    fn default() -> Self {
        let rules = crate::service::Rules::default();
        InboundConfig {
            confirm: rules.confirm_within.is_some(),
            confirm_within: rules
                .confirm_within
                .and_then(|d| Duration::try_from(d).ok())
                .unwrap_or_default(),
            replies_per_sender_hour: rules.replies_per_hour,
        }
    }
}

fn log_filter<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    checked(d, |level: &String| {
        parse_log_filter(level).map(drop).map_err(|e| e.to_string())
    })
}

/// Why a log filter was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogFilterError {
    #[error("{0:?}: a log filter names targets and levels in ASCII")]
    NotAscii(String),
    #[error("{0:?}: {1}")]
    Refused(String, String),
    #[error("{0:?}: not a log filter")]
    Panicked(String),
}

/// A tracing filter from the configuration or `RUST_LOG`. The filter parser
/// panics on some malformed text (`" a\u{e9}["` slices inside a character), so
/// text outside ASCII is refused before it is parsed (targets and levels
/// are ASCII) and a panic left in the parser is caught as a refusal.
pub fn parse_log_filter(text: &str) -> Result<tracing_subscriber::EnvFilter, LogFilterError> {
    if !text.is_ascii() {
        return Err(LogFilterError::NotAscii(text.to_string()));
    }
    match std::panic::catch_unwind(|| tracing_subscriber::EnvFilter::try_new(text)) {
        Ok(Ok(filter)) => Ok(filter),
        Ok(Err(e)) => Err(LogFilterError::Refused(text.to_string(), e.to_string())),
        Err(_) => Err(LogFilterError::Panicked(text.to_string())),
    }
}

/// A configuration ready to run: paths resolved, secrets read, every
/// channel's settings built.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub data_dir: PathBuf,
    /// The store, its password read.
    pub db: Location,
    pub log: LogConfig,
    pub status: StatusConfig,
    /// The bearer token `/metrics` asks for, read from
    /// `status.metrics_token_file`.
    pub metrics_token: Option<crate::settings::SecretText>,
    pub clock: ClockConfig,
    pub outbox: OutboxConfig,
    pub inbound: InboundConfig,
    pub email: EmailSettings,
    pub sms: Option<SmsSettings>,
    pub sms_spool: Option<SpoolConfig>,
    pub radio: Option<RadioSettings>,
    pub web: Option<WebConfig>,
    /// The bridged Xfcc accounts, passwords read.
    pub xfcc: Vec<RemoteSettings>,
}

impl Resolved {
    /// What `check-config` prints and `serve` logs as warnings: settings
    /// that let someone act in another's name.
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings: Vec<String> = self
            .email
            .config
            .trusts_from()
            .map(str::to_string)
            .into_iter()
            .collect();
        if !self.inbound.confirm
            && !self.email.config.authenticates()
            && self.email.config.trusts_from().is_none()
        {
            warnings.push(
                "email: no trusted server, PINs not required and the confirmation loop off: a player without a PIN cannot move by mail".into(),
            );
        }
        warnings.extend(self.radio.iter().flat_map(RadioSettings::warnings));
        if self.status.enabled
            && !self.status.listen.ip().is_loopback()
            && self.metrics_token.is_none()
        {
            warnings.push(format!(
                "status.listen {} is beyond loopback and /metrics has no metrics_token_file: whoever reaches it reads how busy the gateway is",
                self.status.listen
            ));
        }
        warnings
    }

    /// Every channel this configuration enables, ready to start: the email
    /// inputs and outbox, the modem or the spool, the radio line, each
    /// bridged account. `extras` is what an email reply carries besides
    /// its text. A new channel is one line here.
    pub fn channels(&self, extras: Extras) -> Result<Vec<Enabled>, ReceptionError> {
        let email = Reception::new(&self.email, self.inbound.rules())?;
        let mut on = Vec::new();
        on.extend(
            self.email
                .maildir
                .clone()
                .map(|s| Enabled::new(Input::new(s, &email))),
        );
        on.extend(
            self.email
                .imap
                .clone()
                .map(|s| Enabled::new(Input::new(s, &email))),
        );
        on.push(Enabled::new(Sender {
            send: self.email.send.clone(),
            data_dir: self.data_dir.clone(),
            me: email.me.clone(),
            outbox: self.outbox.clone(),
            extras,
        }));
        on.extend(self.sms.clone().map(Enabled::new));
        on.extend(self.sms_spool.clone().map(Enabled::new));
        on.extend(self.radio.clone().map(Enabled::new));
        on.extend(self.xfcc.iter().cloned().map(Enabled::new));
        Ok(on)
    }

    /// The inputs that will run, one phrase each (none: the daemon would
    /// wait for nothing).
    pub fn inputs(&self) -> Vec<String> {
        let mut inputs = Vec::new();
        if let Some(m) = &self.email.maildir {
            inputs.push(format!("Maildir {}", m.dir.display()));
        }
        if let Some(i) = &self.email.imap {
            let i = &i.config;
            inputs.push(format!("IMAP {}@{}:{}", i.user, i.host, i.port()));
        }
        // Email is always configured (the embedded defaults read a
        // Maildir): without a Maildir or IMAP input, its mail is piped in by
        // the MTA, the Postfix set-up of the guide, which `serve` does not
        // read but whose replies it sends.
        if self.email.maildir.is_none() && self.email.imap.is_none() {
            inputs.push("mail piped in by the MTA (`ccgate ingest-mail`)".to_string());
        }
        if let Some(s) = &self.sms {
            inputs.push(format!("SMS modem {}", s.config.device.display()));
        }
        if let Some(s) = &self.sms_spool {
            inputs.push(format!("SMS spool {}", s.incoming.display()));
        }
        if let Some(r) = &self.radio {
            inputs.push(format!("radio {} as {}", r.port, r.config.callsign));
        }
        inputs
    }
}

/// Where data lives when nothing says otherwise: systemd's
/// `$STATE_DIRECTORY`, else `$XDG_DATA_HOME/ccgate`, else
/// `~/.local/share/ccgate`, else `./ccgate-data`.
pub fn default_data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("STATE_DIRECTORY") {
        // systemd may list several, separated by colons; the first is ours.
        let dir = PathBuf::from(dir);
        if let Some(first) = dir.to_str().and_then(|s| s.split(':').next()) {
            return PathBuf::from(first);
        }
        return dir;
    }
    std::env::var_os("XDG_DATA_HOME")
        .map(|d| PathBuf::from(d).join("ccgate"))
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share/ccgate")))
        .unwrap_or_else(|| PathBuf::from("ccgate-data"))
}

impl Default for Config {
    fn default() -> Self {
        Config {
            data_dir: default_data_dir(),
            db: "ccgate.db".into(),
            db_password_file: None,
            db_password_env: None,
            log: LogConfig::default(),
            status: StatusConfig::default(),
            clock: ClockConfig::default(),
            outbox: OutboxConfig::default(),
            inbound: InboundConfig::default(),
            email: None,
            sms: None,
            sms_spool: None,
            radio: None,
            web: None,
            xfcc: XfccConfig::default(),
            lines: Lines::default(),
        }
    }
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            level: "info".into(),
            format: LogFormat::Text,
        }
    }
}

impl Default for StatusConfig {
    fn default() -> Self {
        StatusConfig {
            enabled: true,
            listen: SocketAddr::from(([127, 0, 0, 1], 9187)),
            max_connections: None,
            max_connections_per_address: 8,
            header_timeout: Duration::from_secs(5),
            metrics_token_file: None,
        }
    }
}

impl Default for ClockConfig {
    fn default() -> Self {
        ClockConfig {
            sweep_every: Duration::from_secs(60),
            jump_margin: Duration::from_secs(24 * 3600),
        }
    }
}

/// Why a configuration is refused.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// TOML syntax, an unknown key or a bad value, with line and column.
    #[error("{0}")]
    Syntax(String),
    /// An error of the file at `path`.
    #[error("{path}: {error}")]
    In {
        path: PathBuf,
        error: Box<ConfigError>,
    },
    /// Well-formed but unusable: each problem names its key.
    #[error("{}", .0.iter().map(Problem::to_string).collect::<Vec<_>>().join("\n"))]
    Invalid(Vec<Problem>),
}

impl Config {
    /// Parses a configuration; keys not given keep their defaults.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        let mut config: Config =
            toml::from_str(text).map_err(|e| ConfigError::Syntax(e.to_string()))?;
        config.lines = Lines::new(text);
        Ok(config)
    }

    /// Reads and parses a configuration file.
    /// Reads and parses a configuration file; its errors name the file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Config::parse(&text).map_err(|e| ConfigError::In {
            path: path.to_path_buf(),
            error: Box::new(e),
        })
    }

    /// The store: a file (`db` in the data directory unless absolute), or
    /// a PostgreSQL database with its password read. What the admin
    /// commands need of the service's configuration, read without its
    /// other secrets.
    pub fn store(&self) -> Result<Location, crate::settings::SecretError> {
        Ok(match Location::parse(&self.db) {
            Location::File(path) => Location::File(in_dir(&self.data_dir, &path)),
            Location::Postgres { url, .. } => Location::Postgres {
                url,
                password: Secret {
                    file: self.db_password_file.as_deref(),
                    env: self.db_password_env.as_deref(),
                    names: ["db_password_file", "db_password_env"],
                }
                .read("db")?
                .map(|s| s.expose().to_string()),
            },
        })
    }

    /// Everything a parse cannot see, once: the secrets, the files and
    /// directories named, and the checks that span several keys.
    pub fn resolve(&self) -> Result<Resolved, ConfigError> {
        let mut problems = Problems::default();
        for clash in clashes(&self.listeners()) {
            problems.push(clash);
        }
        let db = problems.take(self.store());
        let embedded = EmailConfig::embedded();
        let email = match &self.email {
            Some(e) => {
                problems.at(self.lines.of(e.span()));
                e.get_ref()
            }
            None => &embedded,
        };
        let email = email.resolve(&self.data_dir, &self.lines, &mut problems);
        let sms = self.sms.as_ref().map(|s| {
            problems.at(self.lines.of(s.span()));
            s.get_ref().resolve(&mut problems)
        });
        let sms_spool = self.sms_spool.as_ref().map(|s| {
            problems.at(self.lines.of(s.span()));
            if self.sms.is_some() {
                problems.push(
                    "sms_spool: give [sms] (a modem) or [sms_spool] (another program's spool), not both: replies would leave twice",
                );
            }
            s.get_ref().resolve(&mut problems)
        });
        let radio = self.radio.as_ref().map(|r| {
            problems.at(self.lines.of(r.span()));
            r.get_ref().resolve(&self.lines, &mut problems)
        });
        let xfcc = self.xfcc.resolve(&self.lines, &mut problems);
        let metrics_token = self.status.metrics_token_file.as_deref().and_then(|file| {
            let read = crate::settings::Secret {
                file: Some(file),
                env: None,
                names: ["metrics_token_file", "metrics_token_env"],
            }
            .read("status")
            .map_err(|e| e.to_string())
            .and_then(|token| {
                // An empty token would let an empty Authorization header in.
                token
                    .filter(|t| !t.expose().trim().is_empty())
                    .ok_or(format!(
                        "status.metrics_token_file {}: empty",
                        file.display()
                    ))
            });
            problems.take(read)
        });
        match (db, email, ready(sms), ready(sms_spool), ready(radio), xfcc) {
            (Some(db), Some(email), Ok(sms), Ok(sms_spool), Ok(radio), Some(xfcc))
                if problems.list.is_empty() =>
            {
                Ok(Resolved {
                    data_dir: self.data_dir.clone(),
                    db,
                    log: self.log.clone(),
                    status: self.status.clone(),
                    metrics_token,
                    clock: self.clock.clone(),
                    outbox: self.outbox.clone(),
                    inbound: self.inbound.clone(),
                    email,
                    sms,
                    sms_spool,
                    radio,
                    web: self.web.clone(),
                    xfcc,
                })
            }
            _ => Err(ConfigError::Invalid(problems.list)),
        }
    }
}

impl Config {
    /// The addresses `serve` listens on, by setting.
    fn listeners(&self) -> Vec<(&'static str, SocketAddr)> {
        let mut all = Vec::new();
        if let Some(web) = &self.web {
            all.push(("web.listen", web.listen));
        }
        if self.status.enabled {
            all.push(("status.listen", self.status.listen));
        }
        all
    }
}

/// Each pair of listeners that would want the same port: `serve` would
/// bind the first and stop at the second. An unspecified address
/// (`0.0.0.0`, `::`) takes the port on every address.
fn clashes(listeners: &[(&str, SocketAddr)]) -> Vec<String> {
    let mut found = Vec::new();
    for (i, (a, x)) in listeners.iter().enumerate() {
        for (b, y) in &listeners[i + 1..] {
            let same_host = x.ip() == y.ip() || x.ip().is_unspecified() || y.ip().is_unspecified();
            if x.port() == y.port() && same_host {
                found.push(format!(
                    "{b}: {y} takes the port of {a} ({x}); give each listener its own port"
                ));
            }
        }
    }
    found
}

/// An optional section's settings: absent, ready, or refused (`Err`).
fn ready<T>(section: Option<Option<T>>) -> Result<Option<T>, ()> {
    match section {
        None => Ok(None),
        Some(Some(settings)) => Ok(Some(settings)),
        Some(None) => Err(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::email::config::{FileSync, Security, SendConfig};

    fn problems(text: &str) -> String {
        Config::parse(text)
            .unwrap()
            .resolve()
            .unwrap_err()
            .to_string()
    }

    fn syntax(text: &str) -> String {
        Config::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn empty_file_is_the_embedded_defaults_without_inputs_named() {
        let c = Config::parse("").unwrap().resolve().unwrap();
        assert!(c.db.to_string().ends_with("ccgate.db"));
        assert!(c.email.maildir.is_some(), "no [email]: the default Maildir");
        assert!(matches!(c.email.send.config, SendConfig::File { .. }));
        assert_eq!(c.status.listen.port(), 9187);
        assert_eq!(c.inputs().len(), 1);
    }

    #[test]
    fn a_file_outbox_syncs_its_batches_as_configured() {
        let sync = |text: &str| match Config::parse(text)
            .unwrap()
            .resolve()
            .unwrap()
            .email
            .send
            .config
        {
            SendConfig::File { sync, .. } => sync,
            other => panic!("not a file outbox: {other:?}"),
        };
        assert_eq!(sync(""), FileSync::Filesystem);
        assert_eq!(
            sync("[email.send]\ntransport = \"file\"\nsync = \"files\"\n"),
            FileSync::Files
        );
        let wrong = syntax("[email.send]\ntransport = \"file\"\nsync = \"each\"\n");
        assert!(
            wrong.contains("each") && wrong.contains("filesystem") && wrong.contains("files"),
            "{wrong}"
        );
    }

    #[test]
    fn an_email_table_enables_only_what_it_names() {
        let c = Config::parse(
            "[email]\nfrom = \"a@b.org\"\n[email.imap]\nhost = \"h\"\nuser = \"u\"\npassword_env = \"X\"\n",
        )
        .unwrap();
        let email = c.email.unwrap().into_inner();
        assert!(email.maildir.is_none());
        let imap = email.imap.unwrap().into_inner();
        assert_eq!(imap.port(), 993);
        assert_eq!(imap.mailbox, "INBOX");
        assert_eq!(imap.password_env.as_deref(), Some("X"));
    }

    /// `[email] from = …` alone runs no Maildir or IMAP input: its mail
    /// comes from the MTA pipe, and that is the input it names.
    #[test]
    fn a_file_naming_no_mail_input_expects_the_mta_pipe() {
        let c = Config::parse("[email]\nfrom = \"a@b.org\"\n").unwrap();
        assert_eq!(
            c.resolve().unwrap().inputs(),
            ["mail piped in by the MTA (`ccgate ingest-mail`)"]
        );
    }

    #[test]
    fn unknown_keys_are_refused_with_their_line() {
        let text = syntax("[email]\nfrom = \"a@b.org\"\nfrmo = 1\n");
        assert!(text.contains("frmo") && text.contains("line 3"), "{text}");
    }

    #[test]
    fn durations_are_read_and_checked() {
        let c = Config::parse("[clock]\nsweep_every = \"1m 30s\"\n").unwrap();
        assert_eq!(c.clock.sweep_every, Duration::from_secs(90));
        assert_eq!(c.clock.jump_margin, Duration::from_secs(24 * 3600));
        let c = Config::parse("[clock]\njump_margin = \"72h\"\n").unwrap();
        assert_eq!(c.clock.jump_margin, Duration::from_secs(72 * 3600));
        let e = syntax("[clock]\nsweep_every = \"soon\"\n");
        assert!(e.contains("not a duration"), "{e}");
        let e = syntax("[clock]\nsweep_every = \"0s\"\n");
        assert!(e.contains("positive"), "{e}");
    }

    /// A value is refused while it is read, at its line.
    #[test]
    fn bad_values_are_refused_at_their_line() {
        for (text, want) in [
            ("[email]\nfrom = \"nobody\"\n", "not an email address"),
            ("[email]\nmax_size = 10\n", "too small for any mail"),
            (
                "[email]\ntrusted_authserv_id = \"a b\"\n",
                "not a server id",
            ),
            ("[outbox]\nmax_attempts = 0\n", "at least 1"),
            ("[log]\nlevel = \"a=b=c\"\n", "a=b=c"),
            ("[log]\nlevel = \" a\u{e9}[\"\n", "ASCII"),
            (
                "[sms]\ndevice = \"/dev/x\"\ncountry_code = \"4x\"\n",
                "not a country code",
            ),
            (
                "[sms]\ndevice = \"/dev/x\"\nstorages = []\n",
                "name at least one",
            ),
            ("[radio]\ncallsign = \"not a call\"\n", "not a callsign"),
            (
                "[radio]\ncallsign = \"G4ABC\"\nbaud = 10\n",
                "not a line rate",
            ),
            ("[radio]\ncallsign = \"G4ABC\"\nwindow = 40\n", "(1 to 32)"),
            (
                "[radio]\ncallsign = \"G4ABC\"\nkiss_port = 16\n",
                "(0 to 15)",
            ),
            (
                "[radio]\ncallsign = \"G4ABC\"\ndata_bits = 6\n",
                "cannot carry ASCII",
            ),
            (
                "[radio]\ncallsign = \"G4ABC\"\nkiss_tcp = \"localhost\"\n",
                "not host:port",
            ),
        ] {
            let e = syntax(text);
            let line = format!("line {}", text.lines().count());
            assert!(e.contains(want) && e.contains(&line), "{want}, {line}: {e}");
        }
        // An internally tagged table is read whole, so toml reports its
        // header's line.
        let e = syntax("[email.send]\ntransport = \"smtp\"\nhost = \"\"\n");
        assert!(e.contains("empty") && e.contains("line 1"), "{e}");
    }

    #[test]
    fn resolve_names_each_problem_with_its_line() {
        let all = problems(
            "[email]\nfrom = \"a@b.org\"\n[email.send]\ntransport = \"smtp\"\nhost = \"h\"\nuser = \"u\"\n[email.imap]\nhost = \"h\"\nuser = \"u\"\npassword_env = \"CCGATE_TEST_SURELY_UNSET\"\n",
        );
        for want in [
            "line 1: email.send: user given without password",
            "line 7: email.imap.password_env: $CCGATE_TEST_SURELY_UNSET is not set",
        ] {
            assert!(all.contains(want), "{want} missing from:\n{all}");
        }
    }

    #[test]
    fn a_postgres_store_takes_its_password_from_the_file_and_never_shows_it() {
        let dir = tempfile::tempdir().unwrap();
        let pw = dir.path().join("db-pw");
        std::fs::write(&pw, "s3cret\n").unwrap();
        let text = format!(
            "db = \"postgres://ccgate@db.example.org/ccgate\"\ndb_password_file = {:?}\n",
            pw.display().to_string()
        );
        let c = Config::parse(&text).unwrap().resolve().unwrap();
        assert_eq!(
            c.db,
            Location::Postgres {
                url: "postgres://ccgate@db.example.org/ccgate".into(),
                password: Some("s3cret".into()),
            }
        );
        assert!(!format!("{c:?}").contains("s3cret"));
        let missing = "db = \"postgres://h/d\"\ndb_password_env = \"CCGATE_TEST_SURELY_UNSET\"\n";
        let e = Config::parse(missing)
            .unwrap()
            .resolve()
            .unwrap_err()
            .to_string();
        assert!(e.contains("db.db_password_env"), "{e}");
    }

    /// Read once by `resolve`, the first line only, and never printed.
    #[test]
    fn secrets_are_read_when_resolved_and_never_shown() {
        let dir = tempfile::tempdir().unwrap();
        let pw = dir.path().join("pw");
        std::fs::write(&pw, "hunter2\nnot this\n").unwrap();
        let text = format!(
            "[email.imap]\nhost = \"h\"\nuser = \"u\"\npassword_file = {:?}\n",
            pw.display().to_string()
        );
        let c = Config::parse(&text).unwrap().resolve().unwrap();
        let imap = c.email.imap.as_ref().unwrap();
        assert_eq!(imap.password.expose(), "hunter2");
        assert!(!format!("{c:?}").contains("hunter2"));
    }

    #[test]
    fn send_transports() {
        let c = Config::parse(
            "[email.send]\ntransport = \"smtp\"\nhost = \"mail.example.org\"\nsecurity = \"tls\"\n",
        )
        .unwrap();
        assert!(matches!(
            c.email.unwrap().into_inner().send,
            SendConfig::Smtp {
                security: Security::Tls,
                port: None,
                ..
            }
        ));
        let e = syntax("[email.send]\ntransport = \"pigeon\"\n");
        assert!(e.contains("pigeon"), "{e}");
    }

    #[test]
    fn the_documented_example_is_valid_and_is_the_defaults() {
        let c = Config::parse(include_str!("../../deploy/ccgate.toml"))
            .unwrap()
            .resolve()
            .unwrap();
        let d = Config::default().resolve().unwrap();
        assert_eq!(c.email.config.max_size, d.email.config.max_size);
        assert_eq!(c.outbox.retry(), d.outbox.retry());
        assert_eq!(c.inbound.rules(), d.inbound.rules());
        assert_eq!(d.inbound.rules(), crate::service::Rules::default());
        assert!(c.email.maildir.is_some());
    }

    #[test]
    fn the_confirmation_loop_and_the_reply_bound_are_configured_in_inbound() {
        let smtp = "[email.send]\ntransport = \"smtp\"\nhost = \"mail.example.org\"\n";
        let c = Config::parse(&format!(
            "[inbound]\nconfirm_within = \"2h\"\nreplies_per_sender_hour = 3\n{smtp}"
        ))
        .unwrap()
        .resolve()
        .unwrap();
        let rules = c.inbound.rules();
        assert_eq!(
            rules.confirm_within,
            Some(jiff::SignedDuration::from_hours(2))
        );
        assert_eq!(rules.replies_per_hour, 3);
        assert!(c.warnings().is_empty(), "{:?}", c.warnings());
        // Off, with nothing else to authenticate a mail: a warning.
        let c = Config::parse(&format!("[inbound]\nconfirm = false\n{smtp}"))
            .unwrap()
            .resolve()
            .unwrap();
        assert_eq!(c.inbound.rules().confirm_within, None);
        assert!(
            c.warnings()
                .iter()
                .any(|w| w.contains("confirmation loop off")),
            "{:?}",
            c.warnings()
        );
    }

    /// The commented `[radio]` example, uncommented, is a valid section, and
    /// the values it shows are the defaults.
    #[test]
    fn the_documented_radio_example_parses_and_shows_the_defaults() {
        let text = include_str!("../../deploy/ccgate.toml");
        let start = text.find("#[radio]").unwrap();
        let section: String = text[start..]
            .lines()
            .filter(|l| l.starts_with('#') && !l.starts_with("# ") && l.len() > 1)
            .filter(|l| {
                !l.starts_with("#kiss_tcp") && !l.starts_with("#rto") && !l.starts_with("#air_baud")
            })
            .map(|l| format!("{}\n", &l[1..]))
            .collect();
        let c = Config::parse(&section).unwrap();
        let r = c.radio.unwrap().into_inner();
        let d = Config::parse("[radio]\ncallsign = \"X1X\"\n")
            .unwrap()
            .radio
            .unwrap()
            .into_inner();
        assert_eq!(r.peers.len(), 3);
        assert!(r.peers[2].get_ref().unsigned);
        assert_eq!(
            r.peers[1].get_ref().key_env.as_deref(),
            Some("CCGATE_KEY_G4XYZ")
        );
        assert_eq!(
            (
                r.baud,
                r.data_bits,
                r.parity,
                r.stop_bits,
                r.flow_control,
                r.framing
            ),
            (
                d.baud,
                d.data_bits,
                d.parity,
                d.stop_bits,
                d.flow_control,
                d.framing
            )
        );
        assert_eq!(
            (r.kiss_port, r.restricted, r.window, r.max_retries),
            (d.kiss_port, d.restricted, d.window, d.max_retries)
        );
        assert_eq!(
            (r.ack_delay, r.keepalive, r.long_silence),
            (d.ack_delay, d.keepalive, d.long_silence)
        );
        assert_eq!(r.bits_per_byte(), 10);
    }

    #[test]
    fn radio_problems_are_named_by_key() {
        let e = problems(
            "[radio]\ncallsign = \"G4ABC\"\ndata_bits = 7\n[[radio.peers]]\ncallsign = \"G4XYZ\"\n[[radio.peers]]\ncallsign = \"g4xyz-0\"\n[[radio.peers]]\ncallsign = \"G4ABC\"\n",
        );
        for key in [
            "line 1: radio: give device",
            "line 1: radio.data_bits: 7 bits carry only the restricted alphabet",
            "line 6: radio.peers[1].callsign: G4XYZ is listed twice",
            "line 8: radio.peers[2].callsign: G4ABC is our own",
        ] {
            assert!(e.contains(key), "{key} missing from {e}");
        }
        let e = problems(
            "[radio]\ncallsign = \"G4ABC\"\nkiss_tcp = \"localhost:8001\"\nrestricted = true\n",
        );
        for key in ["radio.restricted", "radio.peers: name at least one"] {
            assert!(e.contains(key), "{key} missing from {e}");
        }
    }

    #[test]
    fn xfcc_remotes_are_read_with_their_passwords_and_checked() {
        let dir = tempfile::tempdir().unwrap();
        let pw = dir.path().join("pw");
        std::fs::write(&pw, "s3cret\n").unwrap();
        let pw = pw.display().to_string();
        let text = format!(
            "[[xfcc.remote]]\nurl = \"https://xfcc.example.org/xfccbasic.asmx\"\nplayer = \"Alice\"\nusername = \"alice77\"\npassword_file = {pw:?}\n[[xfcc.remote]]\nurl = \"http://127.0.0.1:8080/xfcc\"\nplayer = \"Bob\"\nusername = \"bob\"\npassword_file = {pw:?}\npoll = \"30s\"\n"
        );
        let c = Config::parse(&text).unwrap().resolve().unwrap();
        assert_eq!(c.xfcc.len(), 2);
        assert_eq!(c.xfcc[0].username, "alice77");
        assert_eq!(c.xfcc[0].password.expose(), "s3cret");
        assert_eq!(c.xfcc[0].poll, crate::transport::xfcc::config::DEFAULT_POLL);
        assert_eq!(c.xfcc[1].poll, Duration::from_secs(30));
        assert!(!format!("{c:?}").contains("s3cret"));
        assert!(
            Config::parse("")
                .unwrap()
                .resolve()
                .unwrap()
                .xfcc
                .is_empty()
        );

        let e = syntax("[[xfcc.remote]]\nurl = \"ftp://x\"\nplayer = \"A\"\nusername = \"a\"\n");
        assert!(e.contains("http:// or https://"), "{e}");
        let e = syntax("[[xfcc.remote]]\nurl = \"http://x\"\nplayer = \" \"\nusername = \"a\"\n");
        assert!(e.contains("empty"), "{e}");
        let e = problems(
            "[[xfcc.remote]]\nurl = \"http://x/s\"\nplayer = \"A\"\nusername = \"a\"\n[[xfcc.remote]]\nurl = \"http://X/s\"\nplayer = \"A\"\nusername = \"A\"\npassword_env = \"CCGATE_NO_SUCH_VAR\"\n",
        );
        for key in [
            "xfcc.remote[0]: no password",
            "xfcc.remote[1]: A on http://X/s is listed twice",
            "xfcc.remote[1].password_env: $CCGATE_NO_SUCH_VAR is not set",
        ] {
            assert!(e.contains(key), "{key} missing from {e}");
        }
    }
}
