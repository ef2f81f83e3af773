//! The SMS channel's life: open the serial port, initialise the modem, then
//! read what arrives (`+CMTI` at once, and an `AT+CMGL` sweep of every
//! storage now and then, since indications stop when a storage fills),
//! deleting each message only after the service has committed it; send the
//! replies due, one `AT+CMGS` per part, no faster than the configured rate;
//! and when the modem stops answering, vanishes or restarts, reconnect with
//! backoff. Nothing is acknowledged before its commit, so a crash or an
//! unplugged modem loses nothing.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::{Notify, watch};
use tokio::time::Instant;

use super::config::{SmsConfig, SmsSettings};
use super::modem::{Event, Modem, ModemError};
use super::pdu;
use crate::metrics::LinkSlot;
use crate::settings::SecretText;
use crate::transport::channel::{
    Backoff, ChannelError, Connection, StoreBackoff, pause, supervise,
};

/// A reply due on this channel.
#[derive(Debug, Clone)]
pub struct Due {
    pub id: i64,
    pub to: String,
    pub body: String,
}

/// What the driver needs from the rest of the gateway.
pub trait Handler: Send {
    /// Journals and processes PDUs read together, in one transaction: Err,
    /// nothing was committed; otherwise each whose own result is Ok was,
    /// and may be deleted.
    fn incoming(
        &mut self,
        pdus: Vec<String>,
    ) -> impl Future<Output = Result<Vec<Result<(), String>>, String>> + Send;
    /// Replies due now.
    fn due(&mut self) -> impl Future<Output = Result<Vec<Due>, String>> + Send;
    /// Holds a reply durably before its first part goes to the modem (see
    /// [`ServicePort::hold_for_send`](crate::transport::port::ServicePort::hold_for_send)).
    /// False when another sender claimed the reply first: it is not sent.
    fn hold(&mut self, id: i64) -> impl Future<Output = Result<bool, String>> + Send;
    /// A reply went out, as parts with these references (TP-MR).
    fn sent(
        &mut self,
        id: i64,
        to: String,
        references: Vec<u8>,
    ) -> impl Future<Output = Result<(), String>> + Send;
    /// A reply could not be sent.
    fn failed(
        &mut self,
        id: i64,
        error: String,
        permanent: bool,
    ) -> impl Future<Output = Result<(), String>> + Send;
    /// Periodic store work: concatenated messages completed or given up.
    fn housekeeping(&mut self) -> impl Future<Output = Result<(), String>> + Send;
    /// A problem worth a metric and the last-error line.
    fn trouble(&mut self, error: &str);
}

/// The first pause of the sending while the store fails (it doubles).
const STORE_FIRST_PAUSE: Duration = Duration::from_secs(1);

/// The longest wait between attempts to open the modem.
const MAX_BACKOFF: Duration = Duration::from_secs(120);

/// The modem's key on /health and in the console's words.
pub const LINK: &str = "modem";

/// Runs the channel until `stop` turns true.
pub async fn run(
    settings: SmsSettings,
    mut handler: impl Handler,
    wake: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
    link: LinkSlot,
) {
    let mut line = Line {
        settings: &settings,
        handler: &mut handler,
        wake: &wake,
    };
    supervise("SMS modem", MAX_BACKOFF, &mut line, &mut stop, link).await;
}

/// The serial line to the modem, opened again after each failure.
struct Line<'a, H> {
    settings: &'a SmsSettings,
    handler: &'a mut H,
    wake: &'a Notify,
}

impl<H: Handler> Connection for Line<'_, H> {
    async fn session(
        &mut self,
        stop: &mut watch::Receiver<bool>,
        backoff: &mut Backoff,
    ) -> Result<(), ChannelError> {
        let config = &self.settings.config;
        let port = tokio_serial::SerialStream::open(&tokio_serial::new(
            config.device.to_string_lossy(),
            config.baud,
        ))
        .map_err(|e| format!("opening {}: {e}", config.device.display()))?;
        let modem = Modem::new(port, config.command_timeout);
        let pin = self.settings.pin.as_ref().map(SecretText::expose);
        session(modem, config, pin, self.handler, self.wake, stop, backoff).await
    }

    fn trouble(&mut self, error: &str) {
        self.handler.trouble(&format!("SMS modem: {error}"));
    }
}

/// One connection to the modem, until it fails (Err) or we stop (Ok).
pub async fn session<S: AsyncRead + AsyncWrite + Unpin + Send>(
    mut modem: Modem<S>,
    config: &SmsConfig,
    pin: Option<&str>,
    handler: &mut impl Handler,
    wake: &Notify,
    stop: &mut watch::Receiver<bool>,
    backoff: &mut Backoff,
) -> Result<(), ChannelError> {
    let status = modem.init(pin).await.map_err(|e| match &e {
        // A SIM refusing its PIN (or wanting one we do not have) locks
        // itself after three tries: no reconnect may try again.
        ModemError::Refused { command, .. } if command.starts_with("AT+CPIN") => {
            ChannelError::GiveUp(e.to_string())
        }
        _ => ChannelError::Retry(e.to_string()),
    })?;
    tracing::info!(model = %status.model, registered = status.registered, rssi = status.rssi, "SMS modem ready");
    if !status.registered {
        handler.trouble("SMS modem: not registered on the network");
    }
    backoff.reset();
    let mut last_send: Option<Instant> = None;
    let mut store_backoff = StoreBackoff::new(STORE_FIRST_PAUSE);
    let mut next_sweep = Instant::now();
    loop {
        if *stop.borrow() {
            return Ok(());
        }
        if Instant::now() >= next_sweep {
            for storage in &config.storages {
                let listed = modem.list(storage).await.map_err(|e| e.to_string())?;
                commit_then_delete(&mut modem, handler, storage, listed).await?;
            }
            handler.housekeeping().await?;
            next_sweep = Instant::now() + config.sweep_every;
        }
        // A failing store (a full disk) pauses the sending, growing as it
        // lasts, instead of ending the session: a reconnection would reset
        // the supervisor's backoff and try again within a second.
        match send_due(&mut modem, config, handler, &mut last_send).await {
            Ok(()) => {
                store_backoff.after(false);
            }
            Err(SendError::Store(e)) => {
                handler.trouble(&format!("SMS modem: {e}"));
                if !pause(store_backoff.after(true), stop).await {
                    return Ok(());
                }
                continue;
            }
            Err(SendError::Modem(e)) => return Err(ChannelError::Retry(e)),
        }
        // Wait for the modem, new replies, the next sweep, or the stop.
        let deadline = next_sweep;
        let event = tokio::select! {
            e = modem.event(deadline) => e.map_err(|e| e.to_string())?,
            _ = wake.notified() => None,
            _ = stop.changed() => None,
        };
        match event {
            Some(Event::NewMessage { storage, index }) => {
                take(&mut modem, handler, &storage, index, None).await?;
            }
            Some(Event::StatusReportStored { storage, index }) => {
                take(&mut modem, handler, &storage, index, None).await?;
            }
            Some(Event::StatusReport(pdu)) => {
                if let Some(Err(e)) = handler.incoming(vec![pdu]).await?.pop() {
                    return Err(e.into());
                }
            }
            Some(Event::Restarted) => {
                return Err(ChannelError::Retry("the modem restarted".into()));
            }
            None => {}
        }
    }
}

/// Reads, processes, and only then deletes one message.
async fn take<S: AsyncRead + AsyncWrite + Unpin>(
    modem: &mut Modem<S>,
    handler: &mut impl Handler,
    storage: &str,
    index: u32,
    listed: Option<String>,
) -> Result<(), String> {
    let pdu = match listed {
        Some(pdu) => Some(pdu),
        None => modem
            .read(storage, index)
            .await
            .map_err(|e| e.to_string())?,
    };
    let Some(pdu) = pdu else {
        return Ok(());
    };
    commit_then_delete(modem, handler, storage, vec![(index, pdu)]).await
}

/// Processes the messages read from one storage in one transaction, then
/// deletes each that was committed; the first that was not is the error
/// (it stays on the modem, and comes again).
async fn commit_then_delete<S: AsyncRead + AsyncWrite + Unpin>(
    modem: &mut Modem<S>,
    handler: &mut impl Handler,
    storage: &str,
    read: Vec<(u32, String)>,
) -> Result<(), String> {
    if read.is_empty() {
        return Ok(());
    }
    let (indexes, pdus): (Vec<u32>, Vec<String>) = read.into_iter().unzip();
    let results = handler.incoming(pdus).await?;
    let mut failed = None;
    for (index, result) in indexes.into_iter().zip(results) {
        match result {
            Ok(()) => modem
                .delete(storage, index)
                .await
                .map_err(|e| format!("deleting {storage} {index} after its commit: {e}"))?,
            Err(e) => failed = failed.or(Some(e)),
        }
    }
    failed.map_or(Ok(()), Err)
}

/// Why sending stopped: the store (the modem is fine: pause and go on) or
/// the modem (connect again).
enum SendError {
    Store(String),
    Modem(String),
}

async fn send_due<S: AsyncRead + AsyncWrite + Unpin>(
    modem: &mut Modem<S>,
    config: &SmsConfig,
    handler: &mut impl Handler,
    last_send: &mut Option<Instant>,
) -> Result<(), SendError> {
    for reply in handler.due().await.map_err(SendError::Store)? {
        let parts = match pdu::encode_submit(
            &reply.to,
            &reply.body,
            config.status_reports,
            (reply.id % 0xFFFF) as u16,
        ) {
            Ok(parts) => parts,
            Err(e) => {
                handler
                    .failed(reply.id, format!("encoding: {e}"), true)
                    .await
                    .map_err(SendError::Store)?;
                continue;
            }
        };
        if !handler.hold(reply.id).await.map_err(SendError::Store)? {
            continue;
        }
        let mut references = Vec::new();
        for part in &parts {
            if let Some(at) = *last_send {
                tokio::time::sleep_until(at + config.min_interval).await;
            }
            *last_send = Some(Instant::now());
            match modem.send(part.tpdu_len, &part.hex).await {
                Ok(mr) => references.push(mr),
                Err(e) => {
                    // An unconfirmed part may be on its way: given up
                    // rather than sent twice (docs/decisions.md).
                    handler
                        .failed(reply.id, e.to_string(), e.is_unconfirmed())
                        .await
                        .map_err(SendError::Store)?;
                    if e.is_link() {
                        return Err(SendError::Modem(e.to_string()));
                    }
                    break;
                }
            }
        }
        if references.len() == parts.len() {
            handler
                .sent(reply.id, reply.to.clone(), references)
                .await
                .map_err(SendError::Store)?;
        }
    }
    Ok(())
}
