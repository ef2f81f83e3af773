//! Handing composed mail to its way out: SMTP (lettre, rustls), a sendmail
//! program, or `.eml` files in a directory.
//!
//! Files are named after the outbox id and written atomically (temporary
//! file, then rename), so a reply sent again after a crash overwrites its
//! own file instead of making a second one; lettre's file transport names
//! files at random, which would not. SMTP refusals keep lettre's
//! distinction: a 4xx is retried, a 5xx gives the reply up at once.

use std::path::{Path, PathBuf};

use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSendmailTransport, AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use crate::config::{Security, SendConfig};

/// Why a message was not handed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendError {
    /// The peer refused for good (5xx): retrying would not help.
    pub permanent: bool,
    pub text: String,
}

impl std::fmt::Display for SendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// A configured way out.
pub enum Mailer {
    Files(PathBuf),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Sendmail(AsyncSendmailTransport<Tokio1Executor>),
}

impl Mailer {
    /// Builds the transport a configuration names; `data_dir` resolves a
    /// relative outbox directory.
    pub fn new(config: &SendConfig, data_dir: &Path) -> Result<Mailer, String> {
        Ok(match config {
            SendConfig::File { dir } => {
                let dir = if dir.is_absolute() {
                    dir.clone()
                } else {
                    data_dir.join(dir)
                };
                std::fs::create_dir_all(&dir)
                    .map_err(|e| format!("outbox directory {}: {e}", dir.display()))?;
                Mailer::Files(dir)
            }
            SendConfig::Sendmail { command } => {
                Mailer::Sendmail(AsyncSendmailTransport::<Tokio1Executor>::new_with_command(
                    command.as_os_str(),
                ))
            }
            smtp @ SendConfig::Smtp {
                host,
                port,
                security,
                user,
                accept_invalid_certs,
                ..
            } => {
                let tls = || {
                    TlsParameters::builder(host.clone())
                        .dangerous_accept_invalid_certs(*accept_invalid_certs)
                        .build_rustls()
                        .map_err(|e| format!("TLS for {host}: {e}"))
                };
                let (tls, default_port) = match security {
                    Security::Tls => (Tls::Wrapper(tls()?), 465),
                    Security::Starttls => (Tls::Required(tls()?), 587),
                    Security::Plain => (Tls::None, 25),
                };
                let mut builder =
                    AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host.as_str())
                        .port(port.unwrap_or(default_port))
                        .tls(tls);
                if let Some(user) = user {
                    let password = smtp.password().read()?.unwrap_or_default();
                    builder = builder.credentials(Credentials::new(user.clone(), password));
                }
                Mailer::Smtp(builder.build())
            }
        })
    }

    /// Sends one reply (`id` names its file in the file transport).
    pub async fn send(&self, id: i64, envelope: &Envelope, raw: &[u8]) -> Result<(), SendError> {
        match self {
            Mailer::Files(dir) => write_file(dir, id, raw).map_err(|e| SendError {
                permanent: false,
                text: format!("writing {}: {e}", dir.display()),
            }),
            Mailer::Smtp(t) => t
                .send_raw(envelope, raw)
                .await
                .map(drop)
                .map_err(|e| SendError {
                    permanent: e.is_permanent(),
                    text: format!("SMTP: {e}"),
                }),
            Mailer::Sendmail(t) => t.send_raw(envelope, raw).await.map_err(|e| SendError {
                permanent: false,
                text: format!("sendmail: {e}"),
            }),
        }
    }
}

/// Writes `<id>.eml` durably: temporary file, fsync, rename.
fn write_file(dir: &Path, id: i64, raw: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let tmp = dir.join(format!(".{id}.eml.tmp"));
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(raw)?;
    f.sync_all()?;
    std::fs::rename(&tmp, dir.join(format!("{id}.eml")))
}
