//! The daemon's configuration: TOML, every key optional, embedded defaults.
//!
//! With no file at all the daemon runs on [`Config::default`]: the store, a
//! Maildir inbox and an outbox directory of `.eml` files, all in the data
//! directory, and the status endpoint on `127.0.0.1:9187`. A file names only
//! what differs; channels run when their section is present. Every key is
//! documented in `deploy/ccgate.toml`.
//!
//! Secrets (IMAP and SMTP passwords) come from a file or an environment
//! variable, never from the command line or the configuration itself, so the
//! file can be world-readable and kept under version control.
//!
//! ```
//! let config = ccgate::config::Config::parse(r#"
//!     data_dir = "/var/lib/ccgate"
//!     [email]
//!     from = "chess@example.org"
//!     [email.maildir]
//!     path = "/var/mail/chess"
//! "#).unwrap();
//! assert_eq!(config.db_path(), std::path::Path::new("/var/lib/ccgate/ccgate.db"));
//! assert!(config.email.imap.is_none());
//! ```

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Deserializer};

/// The whole configuration.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Where the store and the default mail directories live.
    pub data_dir: PathBuf,
    /// The store, relative to `data_dir` unless absolute.
    pub db: PathBuf,
    pub log: LogConfig,
    pub status: StatusConfig,
    pub clock: ClockConfig,
    pub outbox: OutboxConfig,
    pub email: EmailConfig,
    /// A GSM modem; no SMS without this section (or `sms_spool`).
    pub sms: Option<SmsConfig>,
    /// Another program's SMS spool (gammu-smsd, smstools3) instead of a modem.
    pub sms_spool: Option<SpoolConfig>,
    /// A radio link: a serial radio modem or a KISS TNC.
    pub radio: Option<RadioConfig>,
}

/// The radio link (`protocols/radio.md`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RadioConfig {
    /// Our station id (`DL0CCG`, `G4ABC-2`).
    pub callsign: String,
    /// The serial device of the radio modem or TNC.
    pub device: Option<PathBuf>,
    /// A KISS TNC over TCP (`127.0.0.1:8001`, Direwolf's KISSPORT) instead
    /// of a serial device.
    pub kiss_tcp: Option<String>,
    /// The line rate in bit/s: the serial port's speed, and the pace at
    /// which frames are put on the air (the radio's rate behind a TNC).
    #[serde(default = "radio_baud")]
    pub baud: u32,
    /// The radio's own rate when it differs from the serial line's (a TNC
    /// on a 9600 bit/s port sending 1200 baud AFSK); frames are paced by it.
    pub air_baud: Option<u32>,
    #[serde(default = "eight")]
    pub data_bits: u8,
    #[serde(default)]
    pub parity: Parity,
    #[serde(default = "one")]
    pub stop_bits: u8,
    #[serde(default)]
    pub flow_control: FlowControl,
    /// `raw`: our frames on the line; `kiss`: in AX.25 UI frames through a
    /// KISS TNC (always so with `kiss_tcp`).
    #[serde(default)]
    pub framing: Framing,
    /// The TNC's radio port for KISS.
    #[serde(default)]
    pub kiss_port: u8,
    /// Telegraph-style frames in capitals, digits and a few signs (radio.md §8).
    #[serde(default)]
    pub restricted: bool,
    /// Frames in flight, 1 to 32.
    #[serde(default = "window")]
    pub window: u32,
    /// The first retransmission timeout; by default twice the time a full
    /// window takes on the line, and at least 3 s.
    #[serde(default, deserialize_with = "optional_duration")]
    pub rto: Option<Duration>,
    /// Retransmissions of one frame before the peer counts as unreachable.
    #[serde(default = "ten")]
    pub max_retries: u32,
    /// How long an acknowledgement may wait for a frame to ride on.
    #[serde(default = "half_second", deserialize_with = "duration")]
    pub ack_delay: Duration,
    /// A PING after this much silence while frames are outstanding.
    #[serde(default = "five_minutes", deserialize_with = "duration")]
    pub keepalive: Duration,
    /// After this much silence the link is checked (PING) before data.
    #[serde(default = "half_hour", deserialize_with = "duration")]
    pub long_silence: Duration,
    /// The stations we exchange messages with.
    #[serde(default)]
    pub peers: Vec<RadioPeer>,
}

/// A station at the other end of the link.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RadioPeer {
    pub callsign: String,
    /// The pair's HMAC key (radio.md §7): first line of a file, or an
    /// environment variable; frames are unsigned without one.
    pub key_file: Option<PathBuf>,
    pub key_env: Option<String>,
}

impl RadioPeer {
    pub fn key(&self) -> Secret<'_> {
        Secret {
            file: self.key_file.as_deref(),
            env: self.key_env.as_deref(),
        }
    }
}

/// Serial parity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    #[default]
    None,
    Even,
    Odd,
}

/// Serial flow control.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FlowControl {
    #[default]
    None,
    /// RTS/CTS.
    Hardware,
    /// XON/XOFF.
    Software,
}

/// How frames are carried.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Framing {
    #[default]
    Raw,
    Kiss,
}

impl RadioConfig {
    /// Bits on the line per byte: start, data, parity, stop.
    pub fn bits_per_byte(&self) -> u32 {
        1 + u32::from(self.data_bits)
            + u32::from(self.parity != Parity::None)
            + u32::from(self.stop_bits)
    }

    /// KISS framing: over TCP always, on a serial line when asked.
    pub fn kiss(&self) -> bool {
        self.kiss_tcp.is_some() || self.framing == Framing::Kiss
    }
}

fn radio_baud() -> u32 {
    1200
}
fn eight() -> u8 {
    8
}
fn one() -> u8 {
    1
}
fn window() -> u32 {
    8
}
fn ten() -> u32 {
    10
}
fn half_second() -> Duration {
    Duration::from_millis(500)
}
fn five_minutes() -> Duration {
    Duration::from_secs(300)
}
fn half_hour() -> Duration {
    Duration::from_secs(1800)
}

fn optional_duration<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Duration>, D::Error> {
    duration(d).map(Some)
}

/// SMS through another program's spool directories.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpoolConfig {
    pub kind: crate::transport::sms::spool::SpoolKind,
    /// Where the program writes received messages.
    pub incoming: PathBuf,
    /// Where it takes messages to send.
    pub outgoing: PathBuf,
    /// Processed files are moved here; deleted when not set.
    pub done: Option<PathBuf>,
    #[serde(default = "two_seconds", deserialize_with = "duration")]
    pub poll_every: Duration,
    /// As for a modem: national sender numbers become E.164.
    pub country_code: Option<String>,
    #[serde(default = "trunk")]
    pub trunk_prefix: String,
}

fn two_seconds() -> Duration {
    Duration::from_secs(2)
}

/// A GSM modem on a serial port.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmsConfig {
    /// The serial device (`/dev/ttyUSB2`, `/dev/serial/by-id/...`).
    pub device: PathBuf,
    #[serde(default = "baud")]
    pub baud: u32,
    /// The SIM PIN: first line of a file, or an environment variable.
    pub pin_file: Option<PathBuf>,
    pub pin_env: Option<String>,
    /// Message storages swept with `AT+CMGL` (SIM and modem memory).
    #[serde(default = "storages")]
    pub storages: Vec<String>,
    /// How often every storage is swept (indications stop when one fills).
    #[serde(default = "half_minute", deserialize_with = "duration")]
    pub sweep_every: Duration,
    /// A command unanswered this long means the modem is gone.
    #[serde(default = "ten_seconds", deserialize_with = "duration")]
    pub command_timeout: Duration,
    /// At most one `AT+CMGS` per this interval (operators throttle senders).
    #[serde(default = "one_second", deserialize_with = "duration")]
    pub min_interval: Duration,
    /// Ask the network for status reports, matched to replies by TP-MR.
    #[serde(default = "yes")]
    pub status_reports: bool,
    /// Parts of a concatenated message waiting longer are given up.
    #[serde(default = "day", deserialize_with = "duration")]
    pub reassembly_timeout: Duration,
    /// The modem's country code: national sender numbers get it, so they
    /// match players' E.164 numbers.
    pub country_code: Option<String>,
    /// The national trunk prefix the country code replaces.
    #[serde(default = "trunk")]
    pub trunk_prefix: String,
}

impl SmsConfig {
    pub fn pin(&self) -> Secret<'_> {
        Secret {
            file: self.pin_file.as_deref(),
            env: self.pin_env.as_deref(),
        }
    }
}

fn trunk() -> String {
    "0".into()
}
fn baud() -> u32 {
    115_200
}
fn storages() -> Vec<String> {
    vec!["SM".into(), "ME".into()]
}
fn half_minute() -> Duration {
    Duration::from_secs(30)
}
fn ten_seconds() -> Duration {
    Duration::from_secs(10)
}
fn one_second() -> Duration {
    Duration::from_secs(1)
}
fn day() -> Duration {
    Duration::from_secs(86_400)
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    /// A tracing filter (`info`, `ccgate=debug,info`); `RUST_LOG` overrides it.
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
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ClockConfig {
    /// How often forfeits and reminders are checked.
    #[serde(deserialize_with = "duration")]
    pub sweep_every: Duration,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OutboxConfig {
    /// How often due replies are looked for (queued replies are also sent at once).
    #[serde(deserialize_with = "duration")]
    pub poll_every: Duration,
    /// Attempts before a reply is given up on one channel and tried on the
    /// recipient's others.
    pub max_attempts: i64,
    /// Wait before the first retry; each later retry waits twice as long.
    #[serde(deserialize_with = "duration")]
    pub first_retry: Duration,
}

impl OutboxConfig {
    pub fn retry(&self) -> crate::store::Retry {
        crate::store::Retry {
            max_attempts: self.max_attempts,
            first_delay_secs: self.first_retry.as_secs().max(1) as i64,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EmailConfig {
    /// The gateway's own address: From of every reply, and the base of the
    /// VERP return path (`local+o<id>@domain`).
    pub from: String,
    /// Display name in From.
    pub name: String,
    /// Larger messages are journaled and refused.
    pub max_size: usize,
    /// Every email must carry the sender's PIN (players without one cannot play by email).
    pub require_pin: bool,
    /// If set, a message must carry `Authentication-Results` from this
    /// server id with dkim, spf or dmarc `pass`, or else the player's PIN.
    pub trusted_authserv_id: Option<String>,
    pub maildir: Option<MaildirConfig>,
    pub imap: Option<ImapConfig>,
    pub send: SendConfig,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MaildirConfig {
    /// The Maildir (with `new/`, `cur/`, `tmp/`), relative to `data_dir` unless absolute.
    pub path: PathBuf,
    #[serde(deserialize_with = "duration")]
    pub poll_every: Duration,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImapConfig {
    pub host: String,
    /// Default: 993 for `tls`, 143 otherwise.
    pub port: Option<u16>,
    #[serde(default = "tls")]
    pub security: Security,
    pub user: String,
    pub password_file: Option<PathBuf>,
    pub password_env: Option<String>,
    #[serde(default = "inbox")]
    pub mailbox: String,
    /// Move processed messages to this folder; by default they are flagged `\Seen`.
    pub move_to: Option<String>,
    /// Wait with IMAP IDLE when the server offers it; poll otherwise.
    #[serde(default = "yes")]
    pub idle: bool,
    #[serde(default = "minute", deserialize_with = "duration")]
    pub poll_every: Duration,
    /// PEM certificates to trust besides the public roots (a private CA).
    pub ca_file: Option<PathBuf>,
    /// For test servers with self-signed certificates only.
    #[serde(default)]
    pub accept_invalid_certs: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// TLS from the first byte (IMAPS 993, SMTPS 465).
    Tls,
    /// Plain connection upgraded with STARTTLS, which is required.
    Starttls,
    /// No encryption: loopback and tests only.
    Plain,
}

/// Where outgoing mail goes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, tag = "transport", rename_all = "lowercase")]
pub enum SendConfig {
    /// `.eml` files in a directory (the embedded default).
    File {
        #[serde(default = "outbox_dir")]
        dir: PathBuf,
    },
    Smtp {
        host: String,
        /// Default: 465 for `tls`, 587 for `starttls`, 25 for `plain`.
        port: Option<u16>,
        #[serde(default = "starttls")]
        security: Security,
        user: Option<String>,
        password_file: Option<PathBuf>,
        password_env: Option<String>,
        /// PEM certificates to trust besides the public roots (a private CA).
        ca_file: Option<PathBuf>,
        #[serde(default)]
        accept_invalid_certs: bool,
    },
    Sendmail {
        #[serde(default = "sendmail")]
        command: PathBuf,
    },
}

/// A password from a file (first line) or an environment variable.
#[derive(Debug, Clone, Copy)]
pub struct Secret<'a> {
    pub file: Option<&'a Path>,
    pub env: Option<&'a str>,
}

impl Secret<'_> {
    /// Reads the secret now.
    pub fn read(&self) -> Result<Option<String>, String> {
        match (self.file, self.env) {
            (Some(_), Some(_)) => Err("give password_file or password_env, not both".into()),
            (Some(f), None) => std::fs::read_to_string(f)
                .map(|s| Some(s.lines().next().unwrap_or("").to_string()))
                .map_err(|e| format!("password_file {}: {e}", f.display())),
            (None, Some(v)) => std::env::var(v)
                .map(Some)
                .map_err(|_| format!("password_env: ${v} is not set")),
            (None, None) => Ok(None),
        }
    }
}

fn tls() -> Security {
    Security::Tls
}
fn starttls() -> Security {
    Security::Starttls
}
fn inbox() -> String {
    "INBOX".into()
}
fn yes() -> bool {
    true
}
fn minute() -> Duration {
    Duration::from_secs(60)
}
fn outbox_dir() -> PathBuf {
    "outbox".into()
}
fn sendmail() -> PathBuf {
    "/usr/sbin/sendmail".into()
}

/// Durations as `"2s"`, `"500ms"`, `"1m 30s"` or ISO 8601 (`"PT2S"`).
fn duration<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    let text = String::deserialize(d)?;
    let parsed: jiff::SignedDuration = text.parse().map_err(|e| {
        serde::de::Error::custom(format!(
            "{text:?} is not a duration like \"2s\" or \"1m\": {e}"
        ))
    })?;
    Duration::try_from(parsed)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| serde::de::Error::custom(format!("{text:?}: a duration must be positive")))
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
            log: LogConfig::default(),
            status: StatusConfig::default(),
            clock: ClockConfig::default(),
            outbox: OutboxConfig::default(),
            email: EmailConfig::default(),
            sms: None,
            sms_spool: None,
            radio: None,
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
        }
    }
}

impl Default for ClockConfig {
    fn default() -> Self {
        ClockConfig {
            sweep_every: Duration::from_secs(60),
        }
    }
}

impl Default for OutboxConfig {
    fn default() -> Self {
        OutboxConfig {
            poll_every: Duration::from_secs(5),
            max_attempts: 10,
            first_retry: Duration::from_secs(120),
        }
    }
}

impl Default for EmailConfig {
    fn default() -> Self {
        EmailConfig {
            from: "ccgate@localhost".into(),
            name: "ccgate".into(),
            max_size: 10 * 1024 * 1024,
            require_pin: false,
            trusted_authserv_id: None,
            maildir: Some(MaildirConfig::default()),
            imap: None,
            send: SendConfig::default(),
        }
    }
}

impl Default for MaildirConfig {
    fn default() -> Self {
        MaildirConfig {
            path: "inbox".into(),
            poll_every: Duration::from_secs(2),
        }
    }
}

impl Default for SendConfig {
    fn default() -> Self {
        SendConfig::File { dir: outbox_dir() }
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
    /// TOML syntax or an unknown key or a bad value, with line and column.
    #[error("{0}")]
    Syntax(String),
    /// Well-formed but unusable: each problem names its key.
    #[error("{}", .0.join("\n"))]
    Invalid(Vec<String>),
}

impl Config {
    /// Parses a configuration; keys not given keep their defaults, except
    /// that a file enables only the mail inputs it names.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        #[derive(Deserialize)]
        struct Probe {
            #[serde(default)]
            email: Option<toml::Table>,
        }
        let mut config: Config =
            toml::from_str(text).map_err(|e| ConfigError::Syntax(e.to_string()))?;
        // An `[email]` table without `[email.maildir]` means no Maildir: a
        // file says which inputs run.
        let probe: Probe = toml::from_str(text).map_err(|e| ConfigError::Syntax(e.to_string()))?;
        if let Some(email) = probe.email
            && !email.contains_key("maildir")
        {
            config.email.maildir = None;
        }
        Ok(config)
    }

    /// Reads and checks a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let config = Config::parse(&text)?;
        config.check()?;
        Ok(config)
    }

    /// Resolves a path against the data directory.
    pub fn in_data_dir(&self, p: &Path) -> PathBuf {
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.data_dir.join(p)
        }
    }

    pub fn db_path(&self) -> PathBuf {
        self.in_data_dir(&self.db)
    }

    /// Everything a parse cannot see: addresses, secrets, filters.
    pub fn check(&self) -> Result<(), ConfigError> {
        let mut problems = Vec::new();
        if let Err(e) = tracing_subscriber::EnvFilter::try_new(&self.log.level) {
            problems.push(format!("log.level: {:?}: {e}", self.log.level));
        }
        if self.email.from.parse::<lettre::Address>().is_err() {
            problems.push(format!(
                "email.from: {:?} is not an email address",
                self.email.from
            ));
        }
        if self.email.max_size < 1024 {
            problems.push(format!(
                "email.max_size: {} bytes is too small for any mail (at least 1024)",
                self.email.max_size
            ));
        }
        if self.outbox.max_attempts < 1 {
            problems.push("outbox.max_attempts: must be at least 1".into());
        }
        if let Some(id) = &self.email.trusted_authserv_id
            && (id.is_empty() || id.contains(char::is_whitespace) || id.contains(';'))
        {
            problems.push(format!(
                "email.trusted_authserv_id: {id:?} is not a server id (a host name such as mx.example.org)"
            ));
        }
        if let Some(imap) = &self.email.imap {
            if let Some(ca) = &imap.ca_file
                && let Err(e) = crate::transport::tls::read_pem(ca)
            {
                problems.push(format!("email.imap.{e}"));
            }
            if imap.host.trim().is_empty() {
                problems.push("email.imap.host: empty".into());
            }
            if imap.user.trim().is_empty() {
                problems.push("email.imap.user: empty".into());
            }
            match imap.password().read() {
                Ok(Some(_)) => {}
                Ok(None) => problems
                    .push("email.imap: give password_file or password_env for the login".into()),
                Err(e) => problems.push(format!("email.imap.{e}")),
            }
        }
        match &self.email.send {
            send @ SendConfig::Smtp {
                host,
                user,
                ca_file,
                ..
            } => {
                if let Some(ca) = ca_file
                    && let Err(e) = crate::transport::tls::read_pem(ca)
                {
                    problems.push(format!("email.send.{e}"));
                }
                if host.trim().is_empty() {
                    problems.push("email.send.host: empty".into());
                }
                match (user, send.password().read()) {
                    (_, Err(e)) => problems.push(format!("email.send.{e}")),
                    (Some(_), Ok(None)) => problems.push(
                        "email.send: user given without password_file or password_env".into(),
                    ),
                    (None, Ok(Some(_))) => {
                        problems.push("email.send: a password is given without user".into())
                    }
                    _ => {}
                }
            }
            SendConfig::Sendmail { command } => {
                if !command.is_file() {
                    problems.push(format!(
                        "email.send.command: {} does not exist",
                        command.display()
                    ));
                }
            }
            SendConfig::File { .. } => {}
        }
        if let Some(sms) = &self.sms {
            if let Err(e) = sms.pin().read() {
                problems.push(format!("sms.{}", e.replacen("password", "pin", 2)));
            }
            if let Some(cc) = &sms.country_code {
                let digits = cc.trim_start_matches('+');
                if digits.is_empty()
                    || digits.len() > 3
                    || !digits.bytes().all(|b| b.is_ascii_digit())
                {
                    problems.push(format!(
                        "sms.country_code: {cc:?} is not a country code like \"49\""
                    ));
                }
            }
            if sms.storages.is_empty() {
                problems.push("sms.storages: name at least one (\"SM\", \"ME\")".into());
            }
        }
        if let Some(radio) = &self.radio {
            radio.check(&mut problems);
        }
        if let Some(spool) = &self.sms_spool {
            if self.sms.is_some() {
                problems.push(
                    "sms_spool: give [sms] (a modem) or [sms_spool] (another program's spool), not both: replies would leave twice".into(),
                );
            }
            for (key, dir) in [("incoming", &spool.incoming), ("outgoing", &spool.outgoing)] {
                if !dir.is_dir() {
                    problems.push(format!(
                        "sms_spool.{key}: {} is not a directory",
                        dir.display()
                    ));
                }
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(ConfigError::Invalid(problems))
        }
    }
}

impl RadioConfig {
    fn check(&self, problems: &mut Vec<String>) {
        use crate::transport::radio::frame::Callsign;
        if let Err(e) = Callsign::new(&self.callsign) {
            problems.push(format!("radio.callsign: {e}"));
        }
        match (&self.device, &self.kiss_tcp) {
            (None, None) => problems
                .push("radio: give device (a serial port) or kiss_tcp (a TNC's KISS port)".into()),
            (Some(_), Some(_)) => problems.push("radio: give device or kiss_tcp, not both".into()),
            (None, Some(addr)) => {
                if addr
                    .rsplit_once(':')
                    .is_none_or(|(_, p)| p.parse::<u16>().is_err())
                {
                    problems.push(format!("radio.kiss_tcp: {addr:?} is not host:port"));
                }
            }
            (Some(_), None) => {}
        }
        if !(50..=4_000_000).contains(&self.baud) {
            problems.push(format!(
                "radio.baud: {} is not a line rate (50 to 4000000)",
                self.baud
            ));
        }
        if let Some(air) = self.air_baud
            && !(50..=4_000_000).contains(&air)
        {
            problems.push(format!(
                "radio.air_baud: {air} is not a line rate (50 to 4000000)"
            ));
        }
        if !(5..=8).contains(&self.data_bits) {
            problems.push(format!("radio.data_bits: {} (5 to 8)", self.data_bits));
        }
        if !(1..=2).contains(&self.stop_bits) {
            problems.push(format!("radio.stop_bits: {} (1 or 2)", self.stop_bits));
        }
        if self.data_bits < 8 && !self.restricted {
            problems.push(format!(
                "radio.data_bits: {} bits carry only the restricted alphabet; set restricted = true",
                self.data_bits
            ));
        }
        if self.data_bits < 7 {
            problems.push(format!(
                "radio.data_bits: {} bits cannot carry ASCII (at least 7)",
                self.data_bits
            ));
        }
        if self.kiss() && self.restricted {
            problems
                .push("radio.restricted: not with KISS framing (a TNC carries any byte)".into());
        }
        if self.kiss_port > 15 {
            problems.push(format!("radio.kiss_port: {} (0 to 15)", self.kiss_port));
        }
        if !(1..=32).contains(&self.window) {
            problems.push(format!("radio.window: {} (1 to 32)", self.window));
        }
        if self.max_retries < 1 {
            problems.push("radio.max_retries: must be at least 1".into());
        }
        if self.peers.is_empty() {
            problems.push(
                "radio.peers: name at least one station ([[radio.peers]] callsign = ...)".into(),
            );
        }
        let mut seen = std::collections::HashSet::new();
        for (i, p) in self.peers.iter().enumerate() {
            match Callsign::new(&p.callsign) {
                Ok(c) if !seen.insert(c) => problems.push(format!(
                    "radio.peers[{i}].callsign: {} is listed twice",
                    p.callsign
                )),
                Ok(c) if Callsign::new(&self.callsign).ok() == Some(c) => problems.push(format!(
                    "radio.peers[{i}].callsign: {} is our own",
                    p.callsign
                )),
                Ok(_) => {}
                Err(e) => problems.push(format!("radio.peers[{i}].callsign: {e}")),
            }
            match p.key().read() {
                Ok(Some(k)) if k.trim().is_empty() => {
                    problems.push(format!("radio.peers[{i}]: the key is empty"))
                }
                Ok(_) => {}
                Err(e) => {
                    problems.push(format!("radio.peers[{i}].{}", e.replace("password", "key")))
                }
            }
        }
    }
}

impl ImapConfig {
    pub fn port(&self) -> u16 {
        self.port.unwrap_or(match self.security {
            Security::Tls => 993,
            _ => 143,
        })
    }

    pub fn password(&self) -> Secret<'_> {
        Secret {
            file: self.password_file.as_deref(),
            env: self.password_env.as_deref(),
        }
    }

    pub fn trust(&self) -> crate::transport::tls::Trust {
        crate::transport::tls::Trust {
            ca_file: self.ca_file.clone(),
            accept_invalid_certs: self.accept_invalid_certs,
        }
    }
}

impl SendConfig {
    /// The SMTP password's source (none for other transports).
    pub fn password(&self) -> Secret<'_> {
        match self {
            SendConfig::Smtp {
                password_file,
                password_env,
                ..
            } => Secret {
                file: password_file.as_deref(),
                env: password_env.as_deref(),
            },
            _ => Secret {
                file: None,
                env: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_file_is_the_embedded_defaults_without_inputs_named() {
        let c = Config::parse("").unwrap();
        assert_eq!(c.db, PathBuf::from("ccgate.db"));
        assert!(c.email.maildir.is_some(), "no [email]: the default Maildir");
        assert!(matches!(c.email.send, SendConfig::File { .. }));
        assert_eq!(c.status.listen.port(), 9187);
    }

    #[test]
    fn an_email_table_enables_only_what_it_names() {
        let c = Config::parse(
            "[email]\nfrom = \"a@b.org\"\n[email.imap]\nhost = \"h\"\nuser = \"u\"\npassword_env = \"X\"\n",
        )
        .unwrap();
        assert!(c.email.maildir.is_none());
        let imap = c.email.imap.unwrap();
        assert_eq!(imap.port(), 993);
        assert_eq!(imap.mailbox, "INBOX");
        assert_eq!(imap.password().env, Some("X"));
    }

    #[test]
    fn unknown_keys_are_refused_with_their_line() {
        let e = Config::parse("[email]\nfrom = \"a@b.org\"\nfrmo = 1\n").unwrap_err();
        let text = e.to_string();
        assert!(text.contains("frmo") && text.contains("line 3"), "{text}");
    }

    #[test]
    fn durations_are_read_and_checked() {
        let c = Config::parse("[clock]\nsweep_every = \"1m 30s\"\n").unwrap();
        assert_eq!(c.clock.sweep_every, Duration::from_secs(90));
        let e = Config::parse("[clock]\nsweep_every = \"soon\"\n").unwrap_err();
        assert!(e.to_string().contains("not a duration"), "{e}");
        let e = Config::parse("[clock]\nsweep_every = \"0s\"\n").unwrap_err();
        assert!(e.to_string().contains("positive"), "{e}");
    }

    #[test]
    fn check_names_each_problem() {
        let c = Config::parse(
            "[email]\nfrom = \"nobody\"\n[email.send]\ntransport = \"smtp\"\nhost = \"\"\nuser = \"u\"\n[email.imap]\nhost = \"h\"\nuser = \"u\"\npassword_env = \"CCGATE_TEST_SURELY_UNSET\"\n",
        )
        .unwrap();
        let ConfigError::Invalid(problems) = c.check().unwrap_err() else {
            panic!("not a check error")
        };
        let all = problems.join("\n");
        for want in [
            "email.from",
            "email.send.host",
            "user given without password",
            "$CCGATE_TEST_SURELY_UNSET is not set",
        ] {
            assert!(all.contains(want), "{want} missing from:\n{all}");
        }
    }

    #[test]
    fn send_transports() {
        let c = Config::parse(
            "[email.send]\ntransport = \"smtp\"\nhost = \"mail.example.org\"\nsecurity = \"tls\"\n",
        )
        .unwrap();
        assert!(matches!(
            c.email.send,
            SendConfig::Smtp {
                security: Security::Tls,
                port: None,
                ..
            }
        ));
        let e = Config::parse("[email.send]\ntransport = \"pigeon\"\n").unwrap_err();
        assert!(e.to_string().contains("pigeon"), "{e}");
    }

    #[test]
    fn the_documented_example_is_valid_and_is_the_defaults() {
        let c = Config::parse(include_str!("../deploy/ccgate.toml")).unwrap();
        c.check().unwrap();
        let d = Config::default();
        assert_eq!(c.email.max_size, d.email.max_size);
        assert_eq!(c.outbox.retry(), d.outbox.retry());
        assert!(c.email.maildir.is_some());
    }

    /// The commented `[radio]` example, uncommented, is a valid section, and
    /// the values it shows are the defaults.
    #[test]
    fn the_documented_radio_example_parses_and_shows_the_defaults() {
        let text = include_str!("../deploy/ccgate.toml");
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
        let r = c.radio.unwrap();
        let d = Config::parse("[radio]\ncallsign = \"X1X\"\n")
            .unwrap()
            .radio
            .unwrap();
        assert_eq!(r.peers.len(), 2);
        assert_eq!(r.peers[1].key_env.as_deref(), Some("CCGATE_KEY_G4XYZ"));
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
        let c = Config::parse(
            "[radio]\ncallsign = \"not a call\"\nbaud = 10\ndata_bits = 7\nwindow = 40\nkiss_port = 16\n[[radio.peers]]\ncallsign = \"G4ABC\"\n[[radio.peers]]\ncallsign = \"g4abc-0\"\n",
        )
        .unwrap();
        let e = c.check().unwrap_err().to_string();
        for key in [
            "radio.callsign",
            "radio: give device",
            "radio.baud",
            "radio.data_bits: 7 bits carry only the restricted alphabet",
            "radio.window",
            "radio.kiss_port",
            "radio.peers[1].callsign: g4abc-0 is listed twice",
        ] {
            assert!(e.contains(key), "{key} missing from {e}");
        }
        let c = Config::parse(
            "[radio]\ncallsign = \"G4ABC\"\nkiss_tcp = \"localhost\"\nrestricted = true\n",
        )
        .unwrap();
        let e = c.check().unwrap_err().to_string();
        for key in [
            "radio.kiss_tcp",
            "radio.restricted",
            "radio.peers: name at least one",
        ] {
            assert!(e.contains(key), "{key} missing from {e}");
        }
    }
}
