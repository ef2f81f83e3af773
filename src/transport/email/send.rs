//! Handing composed mail to its way out: SMTP (lettre, rustls), a sendmail
//! program, or `.eml` files in a directory.
//!
//! Files are named after the outbox id and written atomically
//! ([`super::eml_files`]), so a reply sent again after a crash overwrites its
//! own file instead of making a second one; lettre's file transport names
//! files at random, which would not. SMTP refusals keep lettre's
//! distinction: a 4xx is retried, a 5xx gives the reply up at once.
//!
//! SMTP runs on lettre's connection over a socket of ours with
//! `TCP_NODELAY`: lettre writes a message and its final `.` in two writes,
//! and on a Nagle socket the second waits for the peer's delayed ACK (40 ms
//! a message). A small pool of connections (`pool`, default 4) sends a
//! batch at once, each kept open between messages and replaced when it
//! breaks or has been idle for a while; a recipient's replies all go over
//! one of them, in order. Where the server offers PIPELINING (RFC 2920),
//! MAIL, RCPT and DATA go in one write and their replies are read after it
//! ([`pipelined`]): one round trip a message instead of three. lettre's
//! `send` waits for each reply, so the pipelined group is sent through its
//! public `command` and `read_response`, with its own command types.

use std::path::Path;
use std::time::{Duration, Instant};

use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{
    AsyncSmtpConnection, AsyncTokioStream, Certificate, TlsParameters,
};
use lettre::transport::smtp::commands::{Data, Ehlo, Mail, Rcpt};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter};
use lettre::{AsyncSendmailTransport, AsyncTransport, Tokio1Executor};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;
use tokio_rustls::rustls::pki_types::ServerName;

use super::config::{Security, SendConfig, SendSettings};
use super::eml_files::FileOutbox;
use crate::tls::{Trust, client_config, read_pem};

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

/// Why the way out could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum MailerError {
    #[error("outbox directory {}: {source}", dir.display())]
    OutboxDir {
        dir: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error("ca_file {}: {source}", file.display())]
    Certificate {
        file: std::path::PathBuf,
        source: lettre::transport::smtp::Error,
    },
    #[error("TLS for {host}: {source}")]
    Tls {
        host: String,
        source: lettre::transport::smtp::Error,
    },
    /// The trusted certificates or the TLS client ([`crate::tls`] says why).
    #[error("{0}")]
    Trust(crate::tls::TlsError),
}

/// A configured way out.
pub enum Mailer {
    Files(FileOutbox),
    Smtp(Box<Smtp>),
    Sendmail(AsyncSendmailTransport<Tokio1Executor>),
}

impl Mailer {
    /// Builds the transport a configuration names; `data_dir` resolves a
    /// relative outbox directory.
    pub fn new(settings: &SendSettings, data_dir: &Path) -> Result<Mailer, MailerError> {
        Ok(match &settings.config {
            SendConfig::File { dir, sync } => {
                let dir = if dir.is_absolute() {
                    dir.clone()
                } else {
                    data_dir.join(dir)
                };
                if let Err(source) = std::fs::create_dir_all(&dir) {
                    return Err(MailerError::OutboxDir { dir, source });
                }
                Mailer::Files(FileOutbox::new(dir, *sync))
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
                pool,
                ..
            } => {
                let trust = Trust {
                    ca_file: ca_file.clone(),
                    accept_invalid_certs: *accept_invalid_certs,
                    any_name: false,
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
                    pool.get(),
                )?))
            }
        })
    }

    /// Sends a batch of replies, each one's result in their order: files
    /// synced together, SMTP over the pool's connections (replies to one
    /// recipient in order on one of them), sendmail one after another. A
    /// file's `Ok` is not final: the file outbox reports it in a later
    /// [`Handed::earlier`], once its rename is synced.
    pub async fn send(&self, replies: &[Outgoing<'_>]) -> Handed {
        match self {
            Mailer::Files(outbox) => outbox.send(replies).await,
            Mailer::Smtp(t) => Handed::at_once(t.send_all(replies).await),
            Mailer::Sendmail(t) => {
                let mut done = Vec::with_capacity(replies.len());
                for r in replies {
                    done.push(t.send_raw(r.envelope, r.raw).await.map(drop).map_err(|e| {
                        SendError {
                            permanent: false,
                            text: format!("sendmail: {e}"),
                        }
                    }));
                }
                Handed::at_once(done)
            }
        }
    }

    /// Completes the last batch's handing over where it waits for the next
    /// batch (the file outbox's renames): each reply's result.
    pub async fn settle(&self) -> Vec<(i64, Result<(), SendError>)> {
        match self {
            Mailer::Files(outbox) => outbox.settle().await,
            Mailer::Smtp(_) | Mailer::Sendmail(_) => Vec::new(),
        }
    }
}

/// What became of a batch handed to the mailer.
pub struct Handed {
    /// Each reply's result, in order.
    pub results: Vec<Result<Handover, SendError>>,
    /// Replies of the batch before whose handing over completed only now.
    pub earlier: Vec<(i64, Result<(), SendError>)>,
}

/// How far a reply was handed over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handover {
    /// For good: it may be recorded as sent.
    Done,
    /// Written, and made durable by a later sync ([`Handed::earlier`] of
    /// the next batch, or [`Mailer::settle`]); not sent until then.
    Unsettled,
}

impl Handed {
    fn at_once(results: Vec<Result<(), SendError>>) -> Handed {
        Handed {
            results: results
                .into_iter()
                .map(|r| r.map(|()| Handover::Done))
                .collect(),
            earlier: Vec::new(),
        }
    }
}

/// One reply as the mailer takes it: its outbox id (which names its file),
/// envelope and bytes.
#[derive(Clone, Copy)]
pub struct Outgoing<'a> {
    pub id: i64,
    pub envelope: &'a Envelope,
    pub raw: &'a [u8],
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
    /// The pool: each lane keeps one connection open.
    lanes: Vec<tokio::sync::Mutex<Option<(Session, Instant)>>>,
}

/// An open connection, and whether its server takes pipelined commands.
struct Session {
    conn: AsyncSmtpConnection,
    pipelining: bool,
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
        pool: usize,
    ) -> Result<Smtp, MailerError> {
        let (starttls, wrapper, default_port) = match security {
            Security::Plain => (None, None, 25),
            Security::Starttls => {
                let mut b = TlsParameters::builder(host.to_string())
                    .dangerous_accept_invalid_certs(trust.accept_invalid_certs);
                if let Some(file) = &trust.ca_file {
                    for cert in read_pem(file).map_err(MailerError::Trust)? {
                        let cert = Certificate::from_der(cert.to_vec()).map_err(|source| {
                            MailerError::Certificate {
                                file: file.clone(),
                                source,
                            }
                        })?;
                        b = b.add_root_certificate(cert);
                    }
                }
                let params = b.build_rustls().map_err(|source| MailerError::Tls {
                    host: host.to_string(),
                    source,
                })?;
                (Some(params), None, 587)
            }
            Security::Tls => {
                let config = client_config(trust).map_err(MailerError::Trust)?;
                (None, Some(TlsConnector::from(config)), 465)
            }
        };
        Ok(Smtp {
            host: host.to_string(),
            port: port.unwrap_or(default_port),
            starttls,
            wrapper,
            credentials,
            hello: ClientId::default(),
            lanes: (0..pool).map(|_| tokio::sync::Mutex::new(None)).collect(),
        })
    }

    async fn connect(&self) -> Result<Session, SendError> {
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
        // lettre keeps only the keywords it uses from its own EHLO, so the
        // greeting is asked for once more (RFC 5321 allows it; before AUTH,
        // which a new EHLO may undo on some servers) to see PIPELINING.
        let pipelining = conn
            .command(Ehlo::new(self.hello.clone()))
            .await
            .map_err(|e| classify(&e))?
            .message()
            .any(|line| line.trim().eq_ignore_ascii_case("PIPELINING"));
        if let Some(credentials) = &self.credentials {
            conn.auth(&[Mechanism::Plain, Mechanism::Login], credentials)
                .await
                .map_err(|e| classify(&e))?;
        }
        Ok(Session { conn, pipelining })
    }

    /// Sends a batch over the pool: each recipient's replies go, in their
    /// order, over the one lane the recipient's address picks; the lanes
    /// send at once.
    async fn send_all(&self, replies: &[Outgoing<'_>]) -> Vec<Result<(), SendError>> {
        let lanes = self.lanes.len();
        let lane_of = |r: &Outgoing<'_>| {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            r.envelope.to().hash(&mut h);
            usize::try_from(h.finish()).unwrap_or(0) % lanes
        };
        let work = (0..lanes).map(|lane| async move {
            let mut done = Vec::new();
            for (i, r) in replies
                .iter()
                .enumerate()
                .filter(|(_, r)| lane_of(r) == lane)
            {
                done.push((i, self.send(lane, r.envelope, r.raw).await));
            }
            done
        });
        let mut results: Vec<(usize, Result<(), SendError>)> = futures::future::join_all(work)
            .await
            .into_iter()
            .flatten()
            .collect();
        results.sort_by_key(|(i, _)| *i);
        results.into_iter().map(|(_, r)| r).collect()
    }

    async fn send(&self, lane: usize, envelope: &Envelope, raw: &[u8]) -> Result<(), SendError> {
        let Some(open) = self.lanes.get(lane) else {
            return Err(SendError {
                permanent: false,
                text: format!("SMTP: no lane {lane}"),
            });
        };
        let mut open = open.lock().await;
        let reused = match open.take() {
            Some((session, at)) if at.elapsed() < KEEP_IDLE && !session.conn.has_broken() => {
                Some(session)
            }
            Some((mut session, _)) => {
                session.conn.abort().await;
                None
            }
            None => None,
        };
        let fresh = reused.is_none();
        let mut session = match reused {
            Some(session) => session,
            None => self.connect().await?,
        };
        let mut result = session.send(envelope, raw).await;
        // A kept connection the server closed meanwhile: once more, afresh.
        if let Err(e) = &result
            && !fresh
            && !e.is_transient()
            && !e.is_permanent()
        {
            session.conn.abort().await;
            session = self.connect().await?;
            result = session.send(envelope, raw).await;
        }
        match result {
            Ok(_) => {
                *open = Some((session, Instant::now()));
                Ok(())
            }
            Err(e) => {
                // Not kept: lettre's `send` and [`pipelined`] close the
                // session on a refusal too (lettre aborts on any error).
                session.conn.abort().await;
                Err(classify(&e))
            }
        }
    }
}

impl Session {
    async fn send(
        &mut self,
        envelope: &Envelope,
        raw: &[u8],
    ) -> Result<lettre::transport::smtp::response::Response, lettre::transport::smtp::Error> {
        if self.pipelining {
            pipelined(&mut self.conn, envelope, raw).await
        } else {
            self.conn.send(envelope, raw).await
        }
    }
}

/// One message with MAIL, RCPT and DATA in one write (RFC 2920): their
/// replies are read in order after it, and the message follows only if
/// every one of them was positive. Any refusal ends the session, as
/// lettre's own `send` does (closing it is the one way to be sure no
/// half-open transaction or stray reply is left on it); the refusal that
/// came first is the message's error. The MAIL parameters are lettre's
/// rules: SMTPUTF8 for addresses beyond ASCII, 8BITMIME for such a body,
/// each refused here when the server does not offer it.
async fn pipelined(
    conn: &mut AsyncSmtpConnection,
    envelope: &Envelope,
    raw: &[u8],
) -> Result<lettre::transport::smtp::response::Response, lettre::transport::smtp::Error> {
    let mut options = Vec::new();
    let addresses = envelope.from().into_iter().chain(envelope.to());
    if addresses.map(AsRef::<str>::as_ref).any(|a| !a.is_ascii()) {
        if !conn.server_info().supports_feature(Extension::SmtpUtfEight) {
            // The same refusal lettre's `send` gives, through the same path.
            return conn.send(envelope, raw).await;
        }
        options.push(MailParameter::SmtpUtfEight);
    }
    if !raw.is_ascii() {
        if !conn.server_info().supports_feature(Extension::EightBitMime) {
            return conn.send(envelope, raw).await;
        }
        options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
    }
    let mut group = Mail::new(envelope.from().cloned(), options).to_string();
    for to in envelope.to() {
        group.push_str(&Rcpt::new(to.clone(), Vec::new()).to_string());
    }
    group.push_str(&Data.to_string());
    // The write, then MAIL's reply; then each RCPT's and DATA's.
    let mut first = conn.command(group).await.err();
    for _ in 0..=envelope.to().len() {
        if let Err(e) = conn.read_response().await {
            first.get_or_insert(e);
        }
    }
    match first {
        None => conn.message(raw).await,
        Some(e) => {
            conn.abort().await;
            Err(e)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::email::config::FileSync;

    fn replies(ids: &[i64]) -> Vec<(i64, Vec<u8>)> {
        ids.iter()
            .map(|&id| (id, format!("reply {id}").into_bytes()))
            .collect()
    }

    fn outgoing<'a>(owned: &'a [(i64, Vec<u8>)], to: &'a Envelope) -> Vec<Outgoing<'a>> {
        owned
            .iter()
            .map(|(id, raw)| Outgoing {
                id: *id,
                envelope: to,
                raw,
            })
            .collect()
    }

    /// The file outbox's contract: a batch's replies are not done when
    /// written (their renames are unsynced); the next batch, or `settle`
    /// when none follows, completes them, each exactly once.
    #[tokio::test]
    async fn a_file_batch_is_completed_by_the_next_batch_or_by_settle() {
        let anna: lettre::Address = "anna@example.org".parse().expect("address");
        let to = Envelope::new(None, vec![anna]).expect("envelope");
        for sync in [FileSync::Filesystem, FileSync::Files] {
            let dir = tempfile::tempdir().expect("tempdir");
            let mailer = Mailer::Files(FileOutbox::new(dir.path().to_path_buf(), sync));
            let first = replies(&[1, 2]);
            let handed = mailer.send(&outgoing(&first, &to)).await;
            assert_eq!(
                handed.results,
                [Ok(Handover::Unsettled), Ok(Handover::Unsettled)],
                "{sync:?}"
            );
            assert!(handed.earlier.is_empty(), "{sync:?}");
            let written = std::fs::read(dir.path().join("2.eml")).expect("2.eml");
            assert_eq!(written, b"reply 2", "{sync:?}");
            let second = replies(&[3]);
            let handed = mailer.send(&outgoing(&second, &to)).await;
            assert_eq!(handed.results, [Ok(Handover::Unsettled)], "{sync:?}");
            assert_eq!(handed.earlier, [(1, Ok(())), (2, Ok(()))], "{sync:?}");
            assert_eq!(mailer.settle().await, [(3, Ok(()))], "{sync:?}");
            assert!(mailer.settle().await.is_empty(), "{sync:?}: settled once");
        }
    }
}
