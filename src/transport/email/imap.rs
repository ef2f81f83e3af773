//! An IMAP mailbox (async-imap over rustls): new mail is fetched without
//! touching its flags (`BODY.PEEK[]`), handed to the service, and only after
//! the service's commit flagged `\Seen` or moved to a folder. A crash in
//! between leaves it unseen; the next fetch finds it again and the journal
//! does nothing twice. The session waits with IDLE when the server offers
//! it, polls otherwise, and reconnects with exponential backoff.

use std::collections::HashSet;
use std::fmt::Debug;
use std::time::Duration;

use futures::TryStreamExt;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_rustls::TlsConnector;
use tokio_rustls::rustls::pki_types::ServerName;

use super::config::{ImapConfig, ImapSettings, Security};
use super::inbox::Batched;
use super::receive::{EVIDENCE_BYTES, ReadMail};
use crate::metrics::LinkSlot;
use crate::tls::client_config;
use crate::transport::channel::{Backoff, ChannelError, Connection, supervise};

/// Any byte stream a session can run on: plain TCP or TLS.
pub trait Io: AsyncRead + AsyncWrite + Unpin + Send + Debug {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send + Debug> Io for T {}

pub type Session = async_imap::Session<Box<dyn Io>>;

/// What the input does with the messages fetched together: process them
/// (one commit of the service for all) and say which may be acknowledged:
/// Err, none; otherwise each whose own result is Ok.
pub trait Handler: Send {
    fn handle(
        &mut self,
        mails: Vec<ReadMail>,
    ) -> impl std::future::Future<Output = Result<Vec<Result<(), String>>, String>> + Send;
    /// A connection problem, for the status endpoint.
    fn trouble(&mut self, error: &str);
    /// Mail over this many bytes is fetched only as far as its evidence.
    fn max_size(&self) -> usize;
}

async fn tls(stream: TcpStream, config: &ImapConfig) -> Result<Box<dyn Io>, String> {
    let host = &config.host;
    let name = ServerName::try_from(host.to_string())
        .map_err(|e| format!("{host:?} is not a TLS server name: {e}"))?;
    let tls = TlsConnector::from(client_config(&config.trust())?)
        .connect(name, stream)
        .await
        .map_err(|e| format!("TLS with {host}: {e}"))?;
    Ok(Box::new(tls))
}

/// Connects and logs in.
pub async fn connect(settings: &ImapSettings) -> Result<Session, String> {
    let config = &settings.config;
    let addr = (config.host.as_str(), config.port());
    let tcp = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connecting to {}:{}: {e}", config.host, config.port()))?;
    let stream: Box<dyn Io> = match config.security {
        Security::Tls => tls(tcp, config).await?,
        Security::Plain => Box::new(tcp),
        Security::Starttls => {
            let mut client = async_imap::Client::new(tcp);
            greeting(&mut client).await?;
            client
                .run_command_and_check_ok("STARTTLS", None)
                .await
                .map_err(|e| format!("STARTTLS refused: {e}"))?;
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
) -> Result<Session, String> {
    let mut client = async_imap::Client::new(stream);
    if !greeted {
        greeting(&mut client).await?;
    }
    client
        .login(user, password)
        .await
        .map_err(|(e, _)| format!("IMAP login as {user}: {e}"))
}

/// Selects the configured mailbox; whether to wait with IDLE (configured,
/// and the server offers it).
pub async fn open_mailbox(session: &mut Session, config: &ImapConfig) -> Result<bool, String> {
    session
        .select(&config.mailbox)
        .await
        .map_err(|e| format!("SELECT {}: {e}", config.mailbox))?;
    Ok(config.idle
        && session
            .capabilities()
            .await
            .map_err(|e| format!("CAPABILITY: {e}"))?
            .has_str("IDLE"))
}

async fn greeting<T: AsyncRead + AsyncWrite + Unpin + Send + Debug>(
    client: &mut async_imap::Client<T>,
) -> Result<(), String> {
    client
        .read_response()
        .await
        .map_err(|e| format!("IMAP greeting: {e}"))?
        .ok_or_else(|| "the IMAP server closed before its greeting".to_string())
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
    handler: &mut impl Handler,
    refused: &mut HashSet<u32>,
    stop: &watch::Receiver<bool>,
) -> Result<usize, String> {
    // With move_to, processed mail leaves the mailbox; otherwise it is \Seen.
    let query = if config.move_to.is_some() {
        "NOT DELETED"
    } else {
        "UNSEEN NOT DELETED"
    };
    let mut uids: Vec<u32> = session
        .uid_search(query)
        .await
        .map_err(|e| format!("UID SEARCH: {e}"))?
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
            if let Some(mail) = fetch(session, uid, handler.max_size()).await? {
                fetched.push(uid);
                mails.push(mail);
            }
        }
        if fetched.is_empty() {
            continue;
        }
        let results = handler.handle(mails.into_mails()).await?;
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
                    handler.trouble(&e);
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
) -> Result<Option<ReadMail>, String> {
    let fetch = async |session: &mut Session, items: &str| {
        session
            .uid_fetch(uid.to_string(), items)
            .await
            .map_err(|e| format!("UID FETCH {uid}: {e}"))?
            .try_collect::<Vec<_>>()
            .await
            .map_err(|e| format!("UID FETCH {uid}: {e}"))
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
    Refused(String),
    /// Anything else: reconnect.
    Broken(String),
}
use AckError::{Broken, Refused};

fn ack_error(what: String) -> impl FnOnce(async_imap::error::Error) -> AckError {
    move |e| match e {
        async_imap::error::Error::No(_) => Refused(format!("{what}: {e}")),
        e => Broken(format!("{what}: {e}")),
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

/// The mailbox's key on /health and in the console's words.
pub const LINK: &str = "imap";

/// Runs the mailbox until `stop` turns true.
pub async fn run(
    settings: ImapSettings,
    mut handler: impl Handler,
    mut stop: watch::Receiver<bool>,
    link: LinkSlot,
) {
    let mut mailbox = Mailbox {
        settings: &settings,
        handler: &mut handler,
        refused: HashSet::new(),
    };
    supervise("IMAP input", MAX_BACKOFF, &mut mailbox, &mut stop, link).await;
}

struct Mailbox<'a, H> {
    settings: &'a ImapSettings,
    handler: &'a mut H,
    /// UIDs the server refused to acknowledge, kept across reconnections.
    refused: HashSet<u32>,
}

impl<H: Handler> Connection for Mailbox<'_, H> {
    async fn session(
        &mut self,
        stop: &mut watch::Receiver<bool>,
        backoff: &mut Backoff,
    ) -> Result<(), ChannelError> {
        session(
            self.settings,
            self.handler,
            &mut self.refused,
            stop,
            backoff,
        )
        .await
    }

    fn trouble(&mut self, error: &str) {
        self.handler.trouble(error);
    }
}

/// One connection's life: drain, then wait (IDLE or sleep), until stopped.
async fn session(
    settings: &ImapSettings,
    handler: &mut impl Handler,
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
        let n = drain(&mut session, config, handler, refused, stop).await?;
        if n > 0 {
            tracing::debug!(messages = n, "IMAP input processed");
        }
        if *stop.borrow() {
            let _ = session.logout().await;
            return Ok(());
        }
        if idle {
            let mut handle = session.idle();
            handle.init().await.map_err(|e| format!("IDLE: {e}"))?;
            let (wait, interrupt) = handle.wait_with_timeout(config.poll_every);
            tokio::select! {
                r = wait => { r.map_err(|e| format!("IDLE: {e}"))?; }
                _ = stop.changed() => { drop(interrupt); }
            }
            session = handle.done().await.map_err(|e| format!("IDLE DONE: {e}"))?;
        } else {
            tokio::select! {
                _ = tokio::time::sleep(config.poll_every) => {}
                _ = stop.changed() => {}
            }
            // A NOOP lets the server report new mail and keeps the link alive.
            session.noop().await.map_err(|e| format!("NOOP: {e}"))?;
        }
    }
}
