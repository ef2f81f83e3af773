//! Handing composed mail to its way out: SMTP (lettre, rustls), a sendmail
//! program, or `.eml` files in a directory.
//!
//! Files are named after the outbox id and written atomically (temporary
//! file, then rename), so a reply sent again after a crash overwrites its
//! own file instead of making a second one; lettre's file transport names
//! files at random, which would not. SMTP refusals keep lettre's
//! distinction: a 4xx is retried, a 5xx gives the reply up at once.
//!
//! SMTP runs on lettre's connection over a socket of ours with
//! `TCP_NODELAY`: lettre writes a message and its final `.` in two writes,
//! and on a Nagle socket the second waits for the peer's delayed ACK (40 ms
//! a message). One connection is kept open between messages and replaced
//! when it breaks or has been idle for a while.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{
    AsyncSmtpConnection, AsyncTokioStream, Certificate, TlsParameters,
};
use lettre::transport::smtp::extension::ClientId;
use lettre::{AsyncSendmailTransport, AsyncTransport, Tokio1Executor};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;
use tokio_rustls::rustls::pki_types::ServerName;

use super::config::{Security, SendConfig, SendSettings};
use crate::transport::tls::{Trust, client_config, read_pem};

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
    Smtp(Box<Smtp>),
    Sendmail(AsyncSendmailTransport<Tokio1Executor>),
}

impl Mailer {
    /// Builds the transport a configuration names; `data_dir` resolves a
    /// relative outbox directory.
    pub fn new(settings: &SendSettings, data_dir: &Path) -> Result<Mailer, String> {
        Ok(match &settings.config {
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
            SendConfig::Smtp {
                host,
                port,
                security,
                user,
                ca_file,
                accept_invalid_certs,
                ..
            } => {
                let trust = Trust {
                    ca_file: ca_file.clone(),
                    accept_invalid_certs: *accept_invalid_certs,
                };
                let credentials = user.as_ref().map(|user| {
                    Credentials::new(
                        user.clone(),
                        settings
                            .password
                            .as_ref()
                            .map_or_else(String::new, |p| p.expose().to_string()),
                    )
                });
                Mailer::Smtp(Box::new(Smtp::new(
                    host,
                    *port,
                    *security,
                    &trust,
                    credentials,
                )?))
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
            Mailer::Smtp(t) => t.send(envelope, raw).await,
            Mailer::Sendmail(t) => t.send_raw(envelope, raw).await.map_err(|e| SendError {
                permanent: false,
                text: format!("sendmail: {e}"),
            }),
        }
    }
}

/// An SMTP submission client keeping one connection.
pub struct Smtp {
    host: String,
    port: u16,
    /// For STARTTLS (lettre upgrades the connection).
    starttls: Option<TlsParameters>,
    /// For TLS from the first byte (SMTPS).
    wrapper: Option<TlsConnector>,
    credentials: Option<Credentials>,
    hello: ClientId,
    open: tokio::sync::Mutex<Option<(AsyncSmtpConnection, Instant)>>,
}

/// Reuse a connection idle for less than this; servers drop idle clients
/// after a few minutes, and a fresh connection is cheaper than a failure.
const KEEP_IDLE: Duration = Duration::from_secs(30);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

impl Smtp {
    fn new(
        host: &str,
        port: Option<u16>,
        security: Security,
        trust: &Trust,
        credentials: Option<Credentials>,
    ) -> Result<Smtp, String> {
        let (starttls, wrapper, default_port) = match security {
            Security::Plain => (None, None, 25),
            Security::Starttls => {
                let mut b = TlsParameters::builder(host.to_string())
                    .dangerous_accept_invalid_certs(trust.accept_invalid_certs);
                if let Some(file) = &trust.ca_file {
                    for cert in read_pem(file)? {
                        let cert = Certificate::from_der(cert.to_vec())
                            .map_err(|e| format!("ca_file {}: {e}", file.display()))?;
                        b = b.add_root_certificate(cert);
                    }
                }
                let params = b
                    .build_rustls()
                    .map_err(|e| format!("TLS for {host}: {e}"))?;
                (Some(params), None, 587)
            }
            Security::Tls => (None, Some(TlsConnector::from(client_config(trust)?)), 465),
        };
        Ok(Smtp {
            host: host.to_string(),
            port: port.unwrap_or(default_port),
            starttls,
            wrapper,
            credentials,
            hello: ClientId::default(),
            open: tokio::sync::Mutex::new(None),
        })
    }

    async fn connect(&self) -> Result<AsyncSmtpConnection, SendError> {
        let fail = |what: &str, e: &dyn std::fmt::Display| SendError {
            permanent: false,
            text: format!("SMTP {}:{}: {what}: {e}", self.host, self.port),
        };
        let tcp = tokio::time::timeout(
            CONNECT_TIMEOUT,
            TcpStream::connect((self.host.as_str(), self.port)),
        )
        .await
        .map_err(|e| fail("connecting", &e))?
        .map_err(|e| fail("connecting", &e))?;
        tcp.set_nodelay(true).map_err(|e| fail("TCP_NODELAY", &e))?;
        let stream: Box<dyn AsyncTokioStream> = match &self.wrapper {
            None => Box::new(tcp),
            Some(connector) => {
                let name =
                    ServerName::try_from(self.host.clone()).map_err(|e| fail("server name", &e))?;
                let tls = connector
                    .connect(name, tcp)
                    .await
                    .map_err(|e| fail("TLS", &e))?;
                Box::new(Tls(tls))
            }
        };
        let mut conn = AsyncSmtpConnection::connect_with_transport(stream, &self.hello)
            .await
            .map_err(|e| classify(&e))?;
        if let Some(params) = &self.starttls {
            conn.starttls(params.clone(), &self.hello)
                .await
                .map_err(|e| classify(&e))?;
            if !conn.is_encrypted() {
                return Err(fail("STARTTLS", &"the server does not offer it"));
            }
        }
        if let Some(credentials) = &self.credentials {
            conn.auth(&[Mechanism::Plain, Mechanism::Login], credentials)
                .await
                .map_err(|e| classify(&e))?;
        }
        Ok(conn)
    }

    async fn send(&self, envelope: &Envelope, raw: &[u8]) -> Result<(), SendError> {
        let mut open = self.open.lock().await;
        let reused = match open.take() {
            Some((conn, at)) if at.elapsed() < KEEP_IDLE && !conn.has_broken() => Some(conn),
            Some((mut conn, _)) => {
                conn.abort().await;
                None
            }
            None => None,
        };
        let fresh = reused.is_none();
        let mut conn = match reused {
            Some(conn) => conn,
            None => self.connect().await?,
        };
        let mut result = conn.send(envelope, raw).await;
        // A kept connection the server closed meanwhile: once more, afresh.
        if let Err(e) = &result
            && !fresh
            && !e.is_transient()
            && !e.is_permanent()
        {
            conn.abort().await;
            conn = self.connect().await?;
            result = conn.send(envelope, raw).await;
        }
        match result {
            Ok(_) => {
                *open = Some((conn, Instant::now()));
                Ok(())
            }
            Err(e) => {
                // A refusal leaves the session usable; anything else does not.
                if (e.is_transient() || e.is_permanent()) && !conn.has_broken() {
                    *open = Some((conn, Instant::now()));
                } else {
                    conn.abort().await;
                }
                Err(classify(&e))
            }
        }
    }
}

fn classify(e: &lettre::transport::smtp::Error) -> SendError {
    SendError {
        permanent: e.is_permanent(),
        text: format!("SMTP: {e}"),
    }
}

/// A TLS stream lettre can drive: its stream trait is implemented for
/// tokio's TCP stream only.
#[derive(Debug)]
struct Tls(TlsStream<TcpStream>);

impl AsyncRead for Tls {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl AsyncWrite for Tls {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

impl AsyncTokioStream for Tls {
    fn peer_addr(&self) -> std::io::Result<std::net::SocketAddr> {
        self.0.get_ref().0.peer_addr()
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
