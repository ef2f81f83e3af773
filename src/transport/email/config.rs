//! The `[email]` section: the gateway's address, the inbound policy, the
//! Maildir and IMAP inputs and the way out; resolved into ready settings
//! (passwords read) by [`EmailConfig::resolve`].

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Deserializer};
use toml::Spanned;

use crate::settings::{Lines, Problems, Secret, SecretText, checked, duration, non_empty};
use crate::tls::{Trust, read_pem};

/// `[email]`. A file that has this table enables only the inputs it names;
/// without it the embedded defaults ([`EmailConfig::embedded`]) run the
/// Maildir inbox.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmailConfig {
    /// The gateway's own address: From of every reply, and the base of the
    /// VERP return path (`local+o<id>@domain`).
    #[serde(default = "from", deserialize_with = "address")]
    pub from: String,
    /// Display name in From.
    #[serde(default = "name")]
    pub name: String,
    /// Larger messages are journaled and refused.
    #[serde(default = "max_size", deserialize_with = "size")]
    pub max_size: usize,
    /// Every email must carry the sender's PIN (players without one cannot play by email).
    #[serde(default)]
    pub require_pin: bool,
    /// If set, a message vouched for by `Authentication-Results` from this
    /// server id (DMARC pass, or a DKIM pass aligned with From) needs no
    /// PIN and no confirmation.
    #[serde(default, deserialize_with = "server_id")]
    pub trusted_authserv_id: Option<String>,
    /// Takes `From:` as given when no authentication is configured, as the
    /// local trial does: anyone who can write an address moves for its
    /// player. For closed test setups only.
    #[serde(default)]
    pub trust_from_for_closed_test_setups_only: bool,
    /// ccgate's own check of DKIM signatures, for a gateway without a mail
    /// server whose Authentication-Results it could trust: a signature that
    /// verifies, by a domain aligned with From, vouches like a trusted
    /// server's DKIM pass. Off unless this table is given.
    #[serde(default)]
    pub dkim: Option<DkimConfig>,
    #[serde(default)]
    pub maildir: Option<MaildirConfig>,
    #[serde(default)]
    pub imap: Option<Spanned<ImapConfig>>,
    #[serde(default)]
    pub send: SendConfig,
}

/// `[email.dkim]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DkimConfig {
    /// How long one mail's key lookups may take; past it the mail counts
    /// as unchecked (held for confirmation), and other mail never waits.
    #[serde(default = "five_seconds", deserialize_with = "duration")]
    pub timeout: Duration,
    /// Keys read from this file instead of DNS, one a line: the DNS name
    /// and the TXT record (`sel._domainkey.example.org v=DKIM1; k=ed25519;
    /// p=…`). For tests and closed setups: DNS is then never asked.
    pub keys_file: Option<PathBuf>,
}

/// The DKIM check ready to run: its keys file read.
#[derive(Debug, Clone)]
pub struct DkimSettings {
    pub timeout: Duration,
    pub keys: Option<super::dkim::KeyRecords>,
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
    #[serde(deserialize_with = "non_empty")]
    pub host: String,
    /// Default: 993 for `tls`, 143 otherwise.
    pub port: Option<u16>,
    #[serde(default = "tls")]
    pub security: Security,
    #[serde(deserialize_with = "non_empty")]
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

/// How a file outbox makes a batch of reply files durable before they
/// count as sent (docs/decisions.md).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FileSync {
    /// One `syncfs` of the outbox's file system for the batch's files (and
    /// the renames of the batch before), one more for their renames when no
    /// batch follows: the kernel writes them all at once.
    #[default]
    Filesystem,
    /// Each file synced on its own (from a few threads at once), then the
    /// directory (with the next batch, or when none follows): for an outbox on a file system other programs keep busy,
    /// whose dirty data a `syncfs` would also wait for.
    Files,
}

/// Where outgoing mail goes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, tag = "transport", rename_all = "lowercase")]
pub enum SendConfig {
    /// `.eml` files in a directory (the embedded default).
    File {
        #[serde(default = "outbox_dir")]
        dir: PathBuf,
        #[serde(default)]
        sync: FileSync,
    },
    Smtp {
        #[serde(deserialize_with = "non_empty")]
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
        /// Connections sending at once (replies to one recipient stay in
        /// order on one of them).
        #[serde(default = "smtp_pool")]
        pool: std::num::NonZeroUsize,
    },
    Sendmail {
        #[serde(default = "sendmail")]
        command: PathBuf,
    },
}

/// The email channel ready to run: paths resolved, passwords read.
#[derive(Debug, Clone)]
pub struct EmailSettings {
    /// The address, name and inbound policy.
    pub config: EmailConfig,
    /// The Maildir input's directory, resolved against the data directory.
    pub maildir: Option<MaildirSettings>,
    pub imap: Option<ImapSettings>,
    pub send: SendSettings,
    pub dkim: Option<DkimSettings>,
}

#[derive(Debug, Clone)]
pub struct MaildirSettings {
    pub dir: PathBuf,
    pub poll_every: Duration,
}

#[derive(Debug, Clone)]
pub struct ImapSettings {
    pub config: ImapConfig,
    pub password: SecretText,
}

#[derive(Debug, Clone)]
pub struct SendSettings {
    pub config: SendConfig,
    /// The SMTP password, when a user logs in.
    pub password: Option<SecretText>,
}

impl EmailConfig {
    /// Whether any check of the sender is configured (a trusted server,
    /// ccgate's own DKIM check, required PINs).
    pub fn authenticates(&self) -> bool {
        self.trusted_authserv_id.is_some() || self.dkim.is_some() || self.require_pin
    }

    /// Why `From:` is taken as given, if it is: no authentication is
    /// configured (no trusted server, no required PINs) and either the
    /// outbox is files — the local trial, where nobody could receive a
    /// confirmation code — or the closed-test switch is on. Anywhere else an
    /// unauthenticated mail is held for confirmation.
    pub fn trusts_from(&self) -> Option<&'static str> {
        if self.authenticates() {
            return None;
        }
        if self.trust_from_for_closed_test_setups_only {
            Some(
                "email: From: is taken as given (trust_from_for_closed_test_setups_only): anyone can move for any player",
            )
        } else if matches!(self.send, SendConfig::File { .. }) {
            Some(
                "email: From: is taken as given (local trial: file outbox, no authentication configured)",
            )
        } else {
            None
        }
    }

    /// What runs without a configuration file: the Maildir inbox.
    pub fn embedded() -> EmailConfig {
        EmailConfig {
            from: from(),
            name: name(),
            max_size: max_size(),
            require_pin: false,
            trusted_authserv_id: None,
            trust_from_for_closed_test_setups_only: false,
            dkim: None,
            maildir: Some(MaildirConfig::default()),
            imap: None,
            send: SendConfig::default(),
        }
    }

    /// Reads the passwords and checks what spans several keys or needs the
    /// file system; `data_dir` resolves relative paths.
    pub fn resolve(
        &self,
        data_dir: &Path,
        lines: &Lines,
        problems: &mut Problems,
    ) -> Option<EmailSettings> {
        let maildir = self.maildir.as_ref().map(|m| MaildirSettings {
            dir: in_dir(data_dir, &m.path),
            poll_every: m.poll_every,
        });
        // The way out first: its problems belong to the `[email]` line the
        // caller set, the IMAP input's to its own table.
        let send = self.send.resolve(problems);
        let imap = match &self.imap {
            Some(imap) => {
                problems.at(lines.of(imap.span()));
                Some(imap.get_ref().resolve(problems)?)
            }
            None => None,
        };
        let dkim = match &self.dkim {
            Some(d) => Some(DkimSettings {
                timeout: d.timeout,
                keys: match &d.keys_file {
                    Some(path) => Some(
                        problems.take(
                            super::dkim::read_keys(&in_dir(data_dir, path))
                                .map_err(|e| format!("email.dkim.keys_file: {e}")),
                        )?,
                    ),
                    None => None,
                },
            }),
            None => None,
        };
        Some(EmailSettings {
            config: self.clone(),
            maildir,
            imap,
            send: send?,
            dkim,
        })
    }
}

impl ImapConfig {
    pub fn port(&self) -> u16 {
        self.port.unwrap_or(match self.security {
            Security::Tls => 993,
            _ => 143,
        })
    }

    fn password(&self) -> Secret<'_> {
        Secret {
            file: self.password_file.as_deref(),
            env: self.password_env.as_deref(),
            names: ["password_file", "password_env"],
        }
    }

    pub fn trust(&self) -> Trust {
        Trust {
            ca_file: self.ca_file.clone(),
            accept_invalid_certs: self.accept_invalid_certs,
            any_name: false,
        }
    }

    fn resolve(&self, problems: &mut Problems) -> Option<ImapSettings> {
        let ca = match &self.ca_file {
            Some(ca) => problems.take(read_pem(ca).map_err(|e| format!("email.imap.{e}"))),
            None => Some(Vec::new()),
        };
        let password = match problems.take(self.password().read("email.imap")) {
            Some(Some(p)) => Some(p),
            Some(None) => {
                problems.push("email.imap: give password_file or password_env for the login");
                None
            }
            None => None,
        };
        ca?;
        Some(ImapSettings {
            config: self.clone(),
            password: password?,
        })
    }
}

impl SendConfig {
    fn resolve(&self, problems: &mut Problems) -> Option<SendSettings> {
        let password = match self {
            SendConfig::Smtp {
                user,
                ca_file,
                password_file,
                password_env,
                ..
            } => {
                let ca = match ca_file {
                    Some(ca) => problems.take(read_pem(ca).map_err(|e| format!("email.send.{e}"))),
                    None => Some(Vec::new()),
                };
                let secret = Secret {
                    file: password_file.as_deref(),
                    env: password_env.as_deref(),
                    names: ["password_file", "password_env"],
                };
                let password = match (user, problems.take(secret.read("email.send"))) {
                    (_, None) => None,
                    (Some(_), Some(None)) => {
                        problems
                            .push("email.send: user given without password_file or password_env");
                        None
                    }
                    (None, Some(Some(_))) => {
                        problems.push("email.send: a password is given without user");
                        None
                    }
                    (_, Some(p)) => Some(p),
                };
                ca?;
                password?
            }
            SendConfig::Sendmail { command } => {
                if !command.is_file() {
                    problems.push(format!(
                        "email.send.command: {} does not exist",
                        command.display()
                    ));
                    return None;
                }
                None
            }
            SendConfig::File { .. } => None,
        };
        Some(SendSettings {
            config: self.clone(),
            password,
        })
    }
}

/// `p` against `dir` unless absolute.
pub(crate) fn in_dir(dir: &Path, p: &Path) -> PathBuf {
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        dir.join(p)
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
        SendConfig::File {
            dir: outbox_dir(),
            sync: FileSync::default(),
        }
    }
}

fn address<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    checked(d, |a: &String| match a.parse::<lettre::Address>() {
        Ok(_) => Ok(()),
        Err(_) => Err(format!("{a:?} is not an email address")),
    })
}

fn size<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    checked(d, |n: &usize| match *n {
        1024.. => Ok(()),
        _ => Err(format!(
            "{n} bytes is too small for any mail (at least 1024)"
        )),
    })
}

fn server_id<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    checked(d, |id: &String| {
        if id.is_empty() || id.contains(char::is_whitespace) || id.contains(';') {
            Err(format!(
                "{id:?} is not a server id (a host name such as mx.example.org)"
            ))
        } else {
            Ok(())
        }
    })
    .map(Some)
}

fn from() -> String {
    "ccgate@localhost".into()
}
fn name() -> String {
    "ccgate".into()
}
fn max_size() -> usize {
    10 * 1024 * 1024
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
fn five_seconds() -> Duration {
    Duration::from_secs(5)
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
fn smtp_pool() -> std::num::NonZeroUsize {
    std::num::NonZeroUsize::new(4).unwrap_or(std::num::NonZeroUsize::MIN)
}
