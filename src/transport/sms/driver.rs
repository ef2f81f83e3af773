//! The SMS channel's life: open the serial port, initialise the modem, then
//! read what arrives (`+CMTI` at once, and an `AT+CMGL` sweep of every
//! storage now and then, since indications stop when a storage fills),
//! deleting each message only after the service has committed it; send the
//! replies due, one `AT+CMGS` per part, no faster than the configured rate;
//! and when the modem stops answering, vanishes or restarts, reconnect with
//! backoff. Nothing is acknowledged before its commit, so a crash or an
//! unplugged modem loses nothing.

use std::future::Future;
use std::path::PathBuf;
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
use crate::transport::port::PortError;

/// A reply due on this channel.
#[derive(Debug, Clone)]
pub struct Due {
    pub id: i64,
    pub to: String,
    pub body: String,
}

/// Why a modem's session ended (it is opened again after a pause).
#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    #[error("opening {}: {source}", device.display())]
    Open {
        device: PathBuf,
        source: tokio_serial::Error,
    },
    #[error(transparent)]
    Modem(#[from] ModemError),
    #[error("deleting {storage} {index} after its commit: {source}")]
    Delete {
        storage: String,
        index: u32,
        source: ModemError,
    },
    /// The ledger failed (the store), or a message read was not committed.
    #[error(transparent)]
    Ledger(#[from] PortError),
    #[error("the modem restarted")]
    Restarted,
}

impl From<SmsError> for ChannelError {
    fn from(e: SmsError) -> Self {
        ChannelError::retry(e)
    }
}

/// Where the modem driver's messages are entered: the PDUs it reads, the
/// replies it sends; the rest of the gateway keeps them.
pub trait ModemLedger: Send {
    /// Journals and processes PDUs read together, in one transaction: Err,
    /// nothing was committed; otherwise each whose own result is Ok was,
    /// and may be deleted.
    fn incoming(
        &mut self,
        pdus: Vec<String>,
    ) -> impl Future<Output = Result<Vec<Result<(), PortError>>, PortError>> + Send;
    /// Replies due now.
    fn due(&mut self) -> impl Future<Output = Result<Vec<Due>, PortError>> + Send;
    /// Holds a reply durably before its first part goes to the modem (see
    /// [`ServicePort::hold_for_send`](crate::transport::port::ServicePort::hold_for_send)).
    /// False when another sender claimed the reply first: it is not sent.
    fn hold(&mut self, id: i64) -> impl Future<Output = Result<bool, PortError>> + Send;
    /// A reply went out, as parts with these references (TP-MR).
    fn sent(
        &mut self,
        id: i64,
        to: String,
        references: Vec<u8>,
    ) -> impl Future<Output = Result<(), PortError>> + Send;
    /// A reply could not be sent.
    fn failed(
        &mut self,
        id: i64,
        error: String,
        permanent: bool,
    ) -> impl Future<Output = Result<(), PortError>> + Send;
    /// Periodic store work: concatenated messages completed or given up.
    fn housekeeping(&mut self) -> impl Future<Output = Result<(), PortError>> + Send;
    /// A problem worth a metric and the last-error line.
    fn trouble(&mut self, error: &str);
}

/// The first pause of the sending while the store fails (it doubles).
const STORE_FIRST_PAUSE: Duration = Duration::from_secs(1);

/// The longest wait between attempts to open the modem.
const MAX_BACKOFF: Duration = Duration::from_secs(120);

/// Runs the channel until `stop` turns true.
pub async fn run(
    settings: SmsSettings,
    mut ledger: impl ModemLedger,
    wake: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
    link: LinkSlot,
) {
    let mut line = Line {
        settings: &settings,
        ledger: &mut ledger,
        wake: &wake,
    };
    supervise("SMS modem", MAX_BACKOFF, &mut line, &mut stop, link).await;
}

/// The serial line to the modem, opened again after each failure.
struct Line<'a, L> {
    settings: &'a SmsSettings,
    ledger: &'a mut L,
    wake: &'a Notify,
}

impl<L: ModemLedger> Connection for Line<'_, L> {
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
        .map_err(|source| SmsError::Open {
            device: config.device.clone(),
            source,
        })?;
        let modem = Modem::new(port, config.command_timeout);
        let pin = self.settings.pin.as_ref().map(SecretText::expose);
        session(modem, config, pin, self.ledger, self.wake, stop, backoff).await
    }

    fn trouble(&mut self, error: &str) {
        self.ledger.trouble(&format!("SMS modem: {error}"));
    }
}

/// One connection to the modem, until it fails (Err) or we stop (Ok).
pub async fn session<S: AsyncRead + AsyncWrite + Unpin + Send>(
    mut modem: Modem<S>,
    config: &SmsConfig,
    pin: Option<&str>,
    ledger: &mut impl ModemLedger,
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
        ledger.trouble("SMS modem: not registered on the network");
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
                let listed = modem.list(storage).await.map_err(SmsError::from)?;
                commit_then_delete(&mut modem, ledger, storage, listed).await?;
            }
            ledger.housekeeping().await?;
            next_sweep = Instant::now() + config.sweep_every;
        }
        // A failing store (a full disk) pauses the sending, growing as it
        // lasts, instead of ending the session: a reconnection would reset
        // the supervisor's backoff and try again within a second.
        match send_due(&mut modem, config, ledger, &mut last_send).await {
            Ok(()) => {
                store_backoff.after(false);
            }
            Err(SendError::Store(e)) => {
                ledger.trouble(&format!("SMS modem: {e}"));
                if !pause(store_backoff.after(true), stop).await {
                    return Ok(());
                }
                continue;
            }
            Err(SendError::Modem(e)) => return Err(SmsError::Modem(e).into()),
        }
        // Wait for the modem, new replies, the next sweep, or the stop.
        let deadline = next_sweep;
        let event = tokio::select! {
            e = modem.event(deadline) => e.map_err(SmsError::from)?,
            _ = wake.notified() => None,
            _ = stop.changed() => None,
        };
        match event {
            Some(Event::NewMessage { storage, index }) => {
                take(&mut modem, ledger, &storage, index, None).await?;
            }
            Some(Event::StatusReportStored { storage, index }) => {
                take(&mut modem, ledger, &storage, index, None).await?;
            }
            Some(Event::StatusReport(pdu)) => {
                if let Some(Err(e)) = ledger.incoming(vec![pdu]).await?.pop() {
                    return Err(e.into());
                }
            }
            Some(Event::Restarted) => {
                return Err(SmsError::Restarted.into());
            }
            None => {}
        }
    }
}

/// Reads, processes, and only then deletes one message.
async fn take<S: AsyncRead + AsyncWrite + Unpin>(
    modem: &mut Modem<S>,
    ledger: &mut impl ModemLedger,
    storage: &str,
    index: u32,
    listed: Option<String>,
) -> Result<(), SmsError> {
    let pdu = match listed {
        Some(pdu) => Some(pdu),
        None => modem.read(storage, index).await?,
    };
    let Some(pdu) = pdu else {
        return Ok(());
    };
    commit_then_delete(modem, ledger, storage, vec![(index, pdu)]).await
}

/// Processes the messages read from one storage in one transaction, then
/// deletes each that was committed; the first that was not is the error
/// (it stays on the modem, and comes again).
async fn commit_then_delete<S: AsyncRead + AsyncWrite + Unpin>(
    modem: &mut Modem<S>,
    ledger: &mut impl ModemLedger,
    storage: &str,
    read: Vec<(u32, String)>,
) -> Result<(), SmsError> {
    if read.is_empty() {
        return Ok(());
    }
    let (indexes, pdus): (Vec<u32>, Vec<String>) = read.into_iter().unzip();
    let results = ledger.incoming(pdus).await?;
    let mut failed = None;
    for (index, result) in indexes.into_iter().zip(results) {
        match result {
            Ok(()) => modem
                .delete(storage, index)
                .await
                .map_err(|source| SmsError::Delete {
                    storage: storage.to_string(),
                    index,
                    source,
                })?,
            Err(e) => failed = failed.or(Some(e)),
        }
    }
    failed.map_or(Ok(()), |e| Err(e.into()))
}

/// Why sending stopped: the store (the modem is fine: pause and go on) or
/// the modem (connect again).
enum SendError {
    Store(PortError),
    Modem(ModemError),
}

async fn send_due<S: AsyncRead + AsyncWrite + Unpin>(
    modem: &mut Modem<S>,
    config: &SmsConfig,
    ledger: &mut impl ModemLedger,
    last_send: &mut Option<Instant>,
) -> Result<(), SendError> {
    for reply in ledger.due().await.map_err(SendError::Store)? {
        let parts = match pdu::encode_submit(
            &reply.to,
            &reply.body,
            config.status_reports,
            (reply.id % 0xFFFF) as u16,
        ) {
            Ok(parts) => parts,
            Err(e) => {
                ledger
                    .failed(reply.id, format!("encoding: {e}"), true)
                    .await
                    .map_err(SendError::Store)?;
                continue;
            }
        };
        if !ledger.hold(reply.id).await.map_err(SendError::Store)? {
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
                    ledger
                        .failed(reply.id, e.to_string(), e.is_unconfirmed())
                        .await
                        .map_err(SendError::Store)?;
                    if e.is_link() {
                        return Err(SendError::Modem(e));
                    }
                    break;
                }
            }
        }
        if references.len() == parts.len() {
            ledger
                .sent(reply.id, reply.to.clone(), references)
                .await
                .map_err(SendError::Store)?;
        }
    }
    Ok(())
}
