//! An IMAP mailbox (async-imap over rustls): new mail is fetched without
//! touching its flags (`BODY.PEEK[]`), handed to the service, and only after
//! the service's commit flagged `\Seen` or moved to a folder. A crash in
//! between leaves it unseen; the next fetch finds it again and the journal
//! does nothing twice. The session waits with IDLE when the server offers
//! it, polls otherwise, and reconnects with exponential backoff.

use std::collections::HashSet;
use std::fmt::Debug;
use std::future::Future;
use std::time::Duration;

use futures::TryStreamExt;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_rustls::TlsConnector;
use tokio_rustls::rustls::pki_types::ServerName;

use super::Input;
use super::config::{ImapConfig, ImapSettings, Security};
use super::inbox::{Batched, Inbox};
use super::receive::{EVIDENCE_BYTES, ReadMail};
use crate::metrics::LinkSlot;
use crate::tls::client_config;
use crate::transport::channel::{Backoff, ChannelError, Connection, supervise};
use crate::transport::port::{PortError, Wakers};
use crate::transport::start::{self, Context, StartError};

/// Any byte stream a session can run on: plain TCP or TLS.
pub trait Io: AsyncRead + AsyncWrite + Unpin + Send + Debug {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send + Debug> Io for T {}

pub type Session = async_imap::Session<Box<dyn Io>>;

/// Why a mailbox's connection failed.
#[derive(Debug, thiserror::Error)]
pub enum ImapError {
    #[error("connecting to {host}:{port}: {source}")]
    Connect {
        host: String,
        port: u16,
        source: std::io::Error,
    },
    #[error("{host:?} is not a TLS server name: {source}")]
    ServerName {
        host: String,
        source: tokio_rustls::rustls::pki_types::InvalidDnsNameError,
    },
    /// The trusted certificates or the TLS client ([`crate::tls`] says why).
    #[error("{0}")]
    Trust(crate::tls::TlsError),
    #[error("TLS with {host}: {source}")]
    Tls {
        host: String,
        source: std::io::Error,
    },
    #[error("IMAP greeting: {0}")]
    Greeting(std::io::Error),
    #[error("the IMAP server closed before its greeting")]
    NoGreeting,
    #[error("IMAP login as {user}: {source}")]
    Login {
        user: String,
        source: async_imap::error::Error,
    },
    /// A command the server refused or that broke the connection: what
    /// was asked (`SELECT INBOX`, `UID FETCH 7`, `IDLE`) and why.
    #[error("{what}: {source}")]
    Command {
        what: String,
        source: async_imap::error::Error,
    },
    /// The mails fetched could not be committed.
    #[error(transparent)]
    Port(#[from] PortError),
}

impl From<ImapError> for ChannelError {
    fn from(e: ImapError) -> Self {
        ChannelError::retry(e)
    }
}

/// A failed command, said as [`ImapError::Command`].
fn failed(what: impl Into<String>) -> impl FnOnce(async_imap::error::Error) -> ImapError {
    let what = what.into();
    move |source| ImapError::Command { what, source }
}

/// Where the mails a mailbox fetches go: processed (one commit of the
/// service for all), and said which may be acknowledged: Err, none;
/// otherwise each whose own result is Ok.
pub trait Intake: Send {
    fn mails(
        &mut self,
        mails: Vec<ReadMail>,
    ) -> impl std::future::Future<Output = Result<Vec<Result<(), PortError>>, PortError>> + Send;
    /// A connection problem, for the status endpoint.
    fn trouble(&mut self, error: &str);
    /// Mail over this many bytes is fetched only as far as its evidence.
    fn max_size(&self) -> usize;
}

async fn tls(stream: TcpStream, config: &ImapConfig) -> Result<Box<dyn Io>, ImapError> {
    let host = &config.host;
    let name = ServerName::try_from(host.to_string()).map_err(|source| ImapError::ServerName {
        host: host.clone(),
        source,
    })?;
    let tls = TlsConnector::from(client_config(&config.trust()).map_err(ImapError::Trust)?)
        .connect(name, stream)
        .await
        .map_err(|source| ImapError::Tls {
            host: host.clone(),
            source,
        })?;
    Ok(Box::new(tls))
}

/// Connects and logs in.
pub async fn connect(settings: &ImapSettings) -> Result<Session, ImapError> {
    let config = &settings.config;
    let addr = (config.host.as_str(), config.port());
    let tcp = TcpStream::connect(addr)
        .await
        .map_err(|source| ImapError::Connect {
            host: config.host.clone(),
            port: config.port(),
            source,
        })?;
    let stream: Box<dyn Io> = match config.security {
        Security::Tls => tls(tcp, config).await?,
        Security::Plain => Box::new(tcp),
        Security::Starttls => {
            let mut client = async_imap::Client::new(tcp);
            greeting(&mut client).await?;
            client
                .run_command_and_check_ok("STARTTLS", None)
                .await
                .map_err(failed("STARTTLS refused"))?;
            tls(client.into_inner(), config).await?
        }
    };
    let greeted = config.security == Security::Starttls;
    login(stream, greeted, &config.user, settings.password.expose()).await
}

/// Logs in on an open stream, after reading the server's greeting unless it
/// was read already (before STARTTLS).
pub async fn login(
    stream: Box<dyn Io>,
    greeted: bool,
    user: &str,
    password: &str,
) -> Result<Session, ImapError> {
    let mut client = async_imap::Client::new(stream);
    if !greeted {
        greeting(&mut client).await?;
    }
    client
        .login(user, password)
        .await
        .map_err(|(source, _)| ImapError::Login {
            user: user.to_string(),
            source,
        })
}

/// Selects the configured mailbox; whether to wait with IDLE (configured,
/// and the server offers it).
pub async fn open_mailbox(session: &mut Session, config: &ImapConfig) -> Result<bool, ImapError> {
    session
        .select(&config.mailbox)
        .await
        .map_err(failed(format!("SELECT {}", config.mailbox)))?;
    Ok(config.idle
        && session
            .capabilities()
            .await
            .map_err(failed("CAPABILITY"))?
            .has_str("IDLE"))
}

async fn greeting<T: AsyncRead + AsyncWrite + Unpin + Send + Debug>(
    client: &mut async_imap::Client<T>,
) -> Result<(), ImapError> {
    client
        .read_response()
        .await
        .map_err(ImapError::Greeting)?
        .ok_or(ImapError::NoGreeting)
        .map(drop)
}

/// Processes every waiting message once; returns how many.
///
/// A message the server refuses to acknowledge (a `NO` to the move or the
/// flag) is remembered in `refused` and left alone from then on: it was
/// processed, and it must not hold up the messages after it nor make the
/// input reconnect in a loop.
pub async fn drain(
    session: &mut Session,
    config: &ImapConfig,
    intake: &mut impl Intake,
    refused: &mut HashSet<u32>,
    stop: &watch::Receiver<bool>,
) -> Result<usize, ImapError> {
    // With move_to, processed mail leaves the mailbox; otherwise it is \Seen.
    let query = if config.move_to.is_some() {
        "NOT DELETED"
    } else {
        "UNSEEN NOT DELETED"
    };
    let mut uids: Vec<u32> = session
        .uid_search(query)
        .await
        .map_err(failed("UID SEARCH"))?
        .into_iter()
        .filter(|uid| !refused.contains(uid))
        .collect();
    uids.sort_unstable();
    let mut done = 0;
    let mut waiting = uids.into_iter().peekable();
    while waiting.peek().is_some() {
        if *stop.borrow() {
            break;
        }
        let mut fetched = Vec::new();
        let mut mails = Batched::default();
        while !mails.full()
            && let Some(uid) = waiting.next()
        {
            if let Some(mail) = fetch(session, uid, intake.max_size()).await? {
                fetched.push(uid);
                mails.push(mail);
            }
        }
        if fetched.is_empty() {
            continue;
        }
        let results = intake.mails(mails.into_mails()).await?;
        // Only now, after the commit: a message whose processing failed is
        // left unseen and comes again, answered by the journal.
        for (uid, result) in fetched.into_iter().zip(results) {
            if result.is_err() {
                continue;
            }
            match acknowledge(session, config, uid).await {
                Ok(()) => {}
                Err(Refused(e)) => {
                    tracing::error!(uid, error = %e, "IMAP server refused to acknowledge; the message is left where it is");
                    intake.trouble(&e.to_string());
                    refused.insert(uid);
                }
                Err(Broken(e)) => return Err(e),
            }
            done += 1;
        }
    }
    Ok(done)
}

/// Fetches one message: its size first, then the whole of it, or only the
/// evidence of a message over `max_size` (a partial fetch).
async fn fetch(
    session: &mut Session,
    uid: u32,
    max_size: usize,
) -> Result<Option<ReadMail>, ImapError> {
    let fetch = async |session: &mut Session, items: &str| {
        session
            .uid_fetch(uid.to_string(), items)
            .await
            .map_err(failed(format!("UID FETCH {uid}")))?
            .try_collect::<Vec<_>>()
            .await
            .map_err(failed(format!("UID FETCH {uid}")))
    };
    let sized = fetch(session, "(UID RFC822.SIZE)").await?;
    let Some(size) = sized.iter().find_map(|m| m.size) else {
        return Ok(None);
    };
    let size = usize::try_from(size).unwrap_or(usize::MAX);
    let items = if size > max_size {
        format!("(UID BODY.PEEK[]<0.{EVIDENCE_BYTES}>)")
    } else {
        "(UID BODY.PEEK[])".to_string()
    };
    let messages = fetch(session, &items).await?;
    Ok(messages
        .iter()
        .find_map(|m| m.body().map(|b| b.to_vec()))
        .map(|bytes| ReadMail { bytes, size }))
}

/// Why a message was not acknowledged.
enum AckError {
    /// The server said `NO`: the connection is fine, the message stays.
    Refused(ImapError),
    /// Anything else: reconnect.
    Broken(ImapError),
}
use AckError::{Broken, Refused};

fn ack_error(what: String) -> impl FnOnce(async_imap::error::Error) -> AckError {
    move |source| match source {
        async_imap::error::Error::No(_) => Refused(ImapError::Command { what, source }),
        source => Broken(ImapError::Command { what, source }),
    }
}

/// Marks a processed message: only ever after the service's commit. A
/// missing `move_to` folder (`NO [TRYCREATE]`) is created and the move
/// tried again.
async fn acknowledge(session: &mut Session, config: &ImapConfig, uid: u32) -> Result<(), AckError> {
    let set = uid.to_string();
    let Some(folder) = &config.move_to else {
        return session
            .uid_store(&set, "+FLAGS.SILENT (\\Seen)")
            .await
            .map_err(ack_error(format!("UID STORE {uid}")))?
            .try_collect::<Vec<_>>()
            .await
            .map(drop)
            .map_err(ack_error(format!("UID STORE {uid}")));
    };
    let what = format!("UID MOVE {uid} to {folder}");
    match session.uid_mv(&set, folder).await {
        // async-imap names the response code only in the error's text.
        Err(async_imap::error::Error::No(text)) if text.contains("TryCreate") => {
            tracing::warn!(folder = %folder, "IMAP folder move_to missing: creating it");
            session
                .create(folder)
                .await
                .map_err(ack_error(format!("CREATE {folder}")))?;
            session.uid_mv(&set, folder).await.map_err(ack_error(what))
        }
        moved => moved.map_err(ack_error(what)),
    }
}

/// The longest wait between connections: a mail server may be down for
/// maintenance a while.
const MAX_BACKOFF: Duration = Duration::from_secs(300);

/// The mailbox as a channel: its settings and what every email input shares.
impl start::Channel for Input<ImapSettings> {
    /// The mailbox's key on /health and in the console's words.
    const NAME: &'static str = "imap";
    const LINKED: bool = true;
    type Wake = ();

    fn wake(_: &Wakers) {}

    fn start(self, cx: Context) -> Result<impl Future<Output = ()> + Send + 'static, StartError> {
        let inbox = Inbox::new(cx.port, &self.reception);
        Ok(run(self.settings, inbox, cx.stop, cx.link))
    }
}

/// Runs the mailbox until `stop` turns true.
pub async fn run(
    settings: ImapSettings,
    mut intake: impl Intake,
    mut stop: watch::Receiver<bool>,
    link: LinkSlot,
) {
    let mut mailbox = Mailbox {
        settings: &settings,
        intake: &mut intake,
        refused: HashSet::new(),
    };
    supervise("IMAP input", MAX_BACKOFF, &mut mailbox, &mut stop, link).await;
}

struct Mailbox<'a, I> {
    settings: &'a ImapSettings,
    intake: &'a mut I,
    /// UIDs the server refused to acknowledge, kept across reconnections.
    refused: HashSet<u32>,
}

impl<I: Intake> Connection for Mailbox<'_, I> {
    async fn session(
        &mut self,
        stop: &mut watch::Receiver<bool>,
        backoff: &mut Backoff,
    ) -> Result<(), ChannelError> {
        session(self.settings, self.intake, &mut self.refused, stop, backoff).await
    }

    fn trouble(&mut self, error: &str) {
        self.intake.trouble(error);
    }
}

/// One connection's life: drain, then wait (IDLE or sleep), until stopped.
async fn session(
    settings: &ImapSettings,
    intake: &mut impl Intake,
    refused: &mut HashSet<u32>,
    stop: &mut watch::Receiver<bool>,
    backoff: &mut Backoff,
) -> Result<(), ChannelError> {
    let config = &settings.config;
    let mut session = connect(settings).await?;
    let idle = open_mailbox(&mut session, config).await?;
    tracing::info!(host = %config.host, mailbox = %config.mailbox, idle, "IMAP input connected");
    backoff.reset();
    loop {
        let n = drain(&mut session, config, intake, refused, stop).await?;
        if n > 0 {
            tracing::debug!(messages = n, "IMAP input processed");
        }
        if *stop.borrow() {
            let _ = session.logout().await;
            return Ok(());
        }
        if idle {
            let mut handle = session.idle();
            handle.init().await.map_err(failed("IDLE"))?;
            let (wait, interrupt) = handle.wait_with_timeout(config.poll_every);
            tokio::select! {
                r = wait => { r.map_err(failed("IDLE"))?; }
                _ = stop.changed() => { drop(interrupt); }
            }
            session = handle.done().await.map_err(failed("IDLE DONE"))?;
        } else {
            tokio::select! {
                _ = tokio::time::sleep(config.poll_every) => {}
                _ = stop.changed() => {}
            }
            // A NOOP lets the server report new mail and keeps the link alive.
            session.noop().await.map_err(failed("NOOP"))?;
        }
    }
}
