//! The radio channel's life: open the serial port (or a KISS TNC's TCP
//! port), turn the bytes that arrive into frames, run one [`Link`] per peer
//! station, and put their frames on the line no faster than the line
//! carries them; when the device vanishes, reopen it with backoff, the links
//! resuming from their saved state.
//!
//! Pacing matters: a link's retransmission timer starts when its frame is
//! handed to the line, so frames are written one at a time, each when the
//! previous one has had its airtime (bytes × bits per byte ÷ rate). A
//! window of frames dumped into a kernel buffer at 1200 baud would sit
//! there for longer than their timers.
//!
//! Durability (radio.md §9.1): a link's state is saved through the
//! [`RadioLedger`] whenever it changes and before the frame that changed it
//! goes out; a message is handed to a link in the same commit as the link's
//! new state; a delivered message is committed (under its stream position,
//! so a repeat after a crash is recognised) before the link's state that
//! acknowledges it is saved, and the acknowledgement only goes out after
//! that.

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::{Notify, watch};
use tokio::time::Instant;

use super::ax25::{self, Address, Ax25Error, UiFrame};
use super::config::{FlowControl, Parity, Port, RadioConfig, RadioSettings};
use super::frame::{
    self, Callsign, Deframer, EncodeError, Frame, FrameError, LinkOptions, MAX_TEXT, is_restricted,
};
use super::kiss::{self, Command};
use super::link::{Event, Link, LinkConfig, LinkState, MsgId};
use crate::metrics::LinkSlot;
use crate::transport::channel::{Backoff, ChannelError, Connection, pause, supervise};

/// A message waiting to go to a station.
#[derive(Debug, Clone)]
pub struct Due {
    /// The caller's id for it (an outbox id).
    pub id: i64,
    pub to: Callsign,
    pub text: String,
}

/// Where the link driver's state and messages are entered: the links'
/// states, the messages delivered, handed over and acknowledged. Every
/// method that returns a future commits before it resolves.
pub trait RadioLedger: Send {
    /// Why the ledger failed (the store): the line is opened again, the
    /// links resuming from their saved state.
    type Error: std::error::Error + Send + Sync + 'static;

    /// The saved state of the link to `peer`, if any.
    fn load(
        &mut self,
        peer: Callsign,
    ) -> impl Future<Output = Result<Option<LinkState>, Self::Error>> + Send;
    /// Saves the state of the link to `peer`.
    fn save(
        &mut self,
        peer: Callsign,
        state: LinkState,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;
    /// Messages from `peer`, each at its stream position, in order: those
    /// of the frames read together, committed together (issue 21's group
    /// commit). The same position can come again after a crash: it is the
    /// same message.
    fn delivered(
        &mut self,
        peer: Callsign,
        messages: Vec<(u32, String)>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;
    /// Messages waiting to go.
    fn due(&mut self) -> impl Future<Output = Result<Vec<Due>, Self::Error>> + Send;
    /// `id` was taken by the link to `peer` as `msg`; commit with `state`.
    fn handed(
        &mut self,
        peer: Callsign,
        id: i64,
        msg: MsgId,
        state: LinkState,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;
    /// `id` can never go on this link.
    fn refused(
        &mut self,
        id: i64,
        error: String,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;
    /// `peer` acknowledged `msg` (may repeat after a crash).
    fn acked(
        &mut self,
        peer: Callsign,
        msg: MsgId,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;
    /// A frame that failed authentication or came to us from a station
    /// that is no peer (radio.md §9.3.4): `what` says which, `raw` is the
    /// frame as decoded. Never answered on the air.
    fn forged(
        &mut self,
        what: String,
        raw: Vec<u8>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;
    /// The peer stopped answering (false) or answers again (true).
    fn reachable(&mut self, peer: Callsign, up: bool);
    /// A problem worth a metric and the last-error line.
    fn trouble(&mut self, error: &str);
}

/// The link settings the driver runs with, keys read.
#[derive(Debug, Clone)]
pub struct Settings {
    pub me: Callsign,
    pub peers: Vec<(Callsign, LinkOptions)>,
    pub restricted: bool,
    /// KISS with AX.25 UI frames on this TNC port; raw frames when `None`.
    pub kiss_port: Option<u8>,
    pub link: LinkConfig,
    /// How long one byte written takes to go out: its airtime (bits on the
    /// air per byte ÷ the air rate) or its time on the serial line to the
    /// modem or TNC, whichever is longer (radio.md §13).
    pub secs_per_byte: f64,
}

/// Why the line failed: it is opened again after a pause.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    #[error("KISS TNC {addr}: {source}")]
    Tnc {
        addr: String,
        source: std::io::Error,
    },
    #[error("opening {}: {source}", device.display())]
    Serial {
        device: PathBuf,
        source: tokio_serial::Error,
    },
    #[error("writing: {0}")]
    Write(std::io::Error),
    #[error("reading: {0}")]
    Read(std::io::Error),
    #[error("the line closed")]
    Closed,
}

impl From<LineError> for ChannelError {
    fn from(e: LineError) -> Self {
        ChannelError::retry(e)
    }
}

/// Why a frame could not be put into bytes for the line.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error(transparent)]
    Frame(#[from] EncodeError),
    #[error(transparent)]
    Ax25(#[from] Ax25Error),
}

/// Frames waiting in the link's outbox beyond this stay in the caller's.
const MAX_QUEUED: usize = 64;
/// How often timers run and the caller's queue is looked at without a wake-up.
const TICK: Duration = Duration::from_millis(50);
const POLL_DUE: Duration = Duration::from_secs(5);
/// A frame may be written this much before the line is free, so the line
/// never idles between frames.
const LEAD: Duration = Duration::from_millis(20);
/// Bits on the air per KISS byte written to a TNC (see [`Settings::new`]).
const KISS_BITS_PER_BYTE: f64 = 8.5;
/// The largest frame on the line: body, MAC, CRC, flags, a little stuffing.
const FULL_FRAME: u32 = MAX_TEXT as u32 + 40;

impl Settings {
    /// From the configuration and the peers' keys, read by
    /// [`RadioConfig::resolve`](super::config::RadioConfig::resolve).
    pub fn new(config: &RadioConfig, keys: Vec<(Callsign, Option<Vec<u8>>)>) -> Settings {
        let me = config.callsign;
        let peers = keys
            .into_iter()
            .map(|(call, key)| {
                (
                    call,
                    LinkOptions {
                        restricted: config.restricted,
                        key,
                    },
                )
            })
            .collect();
        let rate = config.air_baud.unwrap_or(config.baud).max(1);
        let kiss_port = config.kiss().then_some(config.kiss_port);
        // Behind a TNC the air carries HDLC: 8 bits a byte, plus bit
        // stuffing (about 3 % on text) and the flags and FCS the KISS bytes
        // leave out; on a serial line, start, data, parity and stop bits.
        let bits_per_byte = if kiss_port.is_some() {
            KISS_BITS_PER_BYTE
        } else {
            f64::from(config.bits_per_byte())
        };
        // A TNC or modem on a serial line slower than its air rate gets
        // the bytes no faster than the line carries them.
        let serial = match config.kiss_tcp {
            Some(_) => 0.0,
            None => f64::from(config.bits_per_byte()) / f64::from(config.baud.max(1)),
        };
        let secs_per_byte = (bits_per_byte / f64::from(rate)).max(serial);
        let full = Duration::from_secs_f64(f64::from(FULL_FRAME) * secs_per_byte);
        // Full duplex: our frame, the peer's frame in progress, the ACK.
        // Half duplex behind a TNC: the whole window may be on the air first.
        let frames = if kiss_port.is_some() {
            config.window + 2
        } else {
            4
        };
        let rto = config
            .rto
            .unwrap_or_else(|| (full * frames).max(Duration::from_secs(3)));
        Settings {
            me,
            peers,
            restricted: config.restricted,
            kiss_port,
            link: LinkConfig {
                window: config.window,
                rto,
                max_retries: config.max_retries,
                ack_delay: config.ack_delay,
                keepalive: config.keepalive,
                long_silence: config.long_silence,
                ..LinkConfig::default()
            },
            secs_per_byte,
        }
    }

    fn airtime(&self, bytes: usize) -> Duration {
        Duration::from_secs_f64(bytes as f64 * self.secs_per_byte)
    }
}

/// Makes `text` fit a restricted link: capitals (the reader of a reply on a
/// teleprinter link knows no case), line breaks as spaces, other characters
/// dropped, runs of spaces collapsed. A FEN in it (the board reply) is
/// first rewritten as a restricted FEN ([`restricted_fen`]): folded, a FEN
/// would turn every black piece white.
pub fn telegraph(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut safe = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        match words.get(i..i + 6).and_then(restricted_fen) {
            Some(fen) => {
                safe.push(fen);
                i += 6;
            }
            None => {
                safe.push(words[i].to_string());
                i += 1;
            }
        }
    }
    let text = safe.join(" ");
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let c = c.to_ascii_uppercase();
        let c = if c.is_whitespace() { ' ' } else { c };
        if c.is_ascii() && is_restricted(c as u8) && !(c == ' ' && out.ends_with(' ')) {
            out.push(c);
        }
    }
    out.trim().replace("ZCZC", "ZCZ C").replace("NNNN", "NNN N")
}

/// The six fields of a FEN as radio.md §8.1 writes it for a link without
/// lower case: a black piece (board and castling fields) is its capital
/// after a `-`, every other letter a capital (`rnbqkb1r/… w KQkq e3 0 1` is
/// `-R-N-B-Q-K-B1-R/… W KQ-K-Q E3 0 1`). `None` unless `fields` is a FEN.
pub fn restricted_fen(fields: &[&str]) -> Option<String> {
    let [board, turn, castling, ep, half, full] = fields else {
        return None;
    };
    if board.matches('/').count() != 7 {
        return None;
    }
    shakmaty::fen::Fen::from_ascii(fields.join(" ").as_bytes()).ok()?;
    let black_marked = |field: &str| {
        let mut out = String::with_capacity(field.len() * 2);
        for c in field.chars() {
            if c.is_ascii_lowercase() {
                out.push('-');
            }
            out.push(c.to_ascii_uppercase());
        }
        out
    };
    Some(
        [
            black_marked(board),
            turn.to_ascii_uppercase(),
            black_marked(castling),
            ep.to_ascii_uppercase(),
            half.to_string(),
            full.to_string(),
        ]
        .join(" "),
    )
}

/// Cuts `text` to a frame's `MAX_TEXT` bytes at a character boundary.
fn cut(text: String) -> String {
    if text.len() <= MAX_TEXT {
        return text;
    }
    let mut end = MAX_TEXT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

struct Peer {
    call: Callsign,
    opts: LinkOptions,
    link: Link,
    saved: LinkState,
    /// Messages the link delivered and the ledger has not committed yet:
    /// the link's state is saved (and so its acknowledgement sent) only
    /// after they are.
    delivered: Vec<(u32, String)>,
}

/// The links of one station and the clock they run on.
pub struct Station {
    settings: Settings,
    peers: Vec<Peer>,
    epoch: Instant,
    turn: usize,
    backlog: bool,
}

impl Station {
    /// Loads every peer's saved state.
    pub async fn load<L: RadioLedger>(
        settings: Settings,
        ledger: &mut L,
    ) -> Result<Station, L::Error> {
        let mut peers = Vec::new();
        for (call, opts) in &settings.peers {
            let saved = ledger.load(*call).await?.unwrap_or_default();
            let link = Link::new(settings.me, *call, saved.clone(), settings.link.clone());
            peers.push(Peer {
                call: *call,
                opts: opts.clone(),
                link,
                saved,
                delivered: Vec::new(),
            });
        }
        Ok(Station {
            settings,
            peers,
            epoch: Instant::now(),
            turn: 0,
            backlog: false,
        })
    }

    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    fn deframer(&self) -> Deframer {
        let keys: Vec<(Callsign, Option<Vec<u8>>)> = self
            .peers
            .iter()
            .map(|p| (p.call, p.opts.key.clone()))
            .collect();
        let me = self.settings.me;
        Deframer::with_keys(self.settings.restricted, move |from, to| {
            let other = if *from == me { to } else { from };
            keys.iter()
                .find(|(c, _)| c == other)
                .and_then(|(_, k)| k.clone())
        })
    }

    async fn persist<L: RadioLedger>(&mut self, i: usize, ledger: &mut L) -> Result<(), L::Error> {
        let p = &mut self.peers[i];
        if p.link.state() != &p.saved {
            let state = p.link.state().clone();
            ledger.save(p.call, state.clone()).await?;
            p.saved = state;
        }
        Ok(())
    }

    /// Handles a link's events and commits what it delivered.
    async fn events<L: RadioLedger>(
        &mut self,
        i: usize,
        events: Vec<Event>,
        ledger: &mut L,
    ) -> Result<(), L::Error> {
        self.gather(i, events, ledger).await?;
        self.flush(i, ledger).await
    }

    /// Commits the messages gathered for link `i` in one batch, then saves
    /// the link's state.
    async fn flush<L: RadioLedger>(&mut self, i: usize, ledger: &mut L) -> Result<(), L::Error> {
        let messages = std::mem::take(&mut self.peers[i].delivered);
        if !messages.is_empty() {
            ledger.delivered(self.peers[i].call, messages).await?;
        }
        self.persist(i, ledger).await
    }

    /// Handles a link's events, gathering the messages it delivered for
    /// [`flush`](Self::flush).
    async fn gather<L: RadioLedger>(
        &mut self,
        i: usize,
        events: Vec<Event>,
        ledger: &mut L,
    ) -> Result<(), L::Error> {
        let call = self.peers[i].call;
        for e in events {
            match e {
                Event::Delivered { pos, text } => self.peers[i].delivered.push((pos, text)),
                Event::Acked(msg) => ledger.acked(call, msg).await?,
                Event::Unreachable => {
                    tracing::warn!(peer = %call, "radio peer unreachable; still trying");
                    ledger.reachable(call, false);
                }
                Event::Reachable => {
                    tracing::info!(peer = %call, "radio peer answers again");
                    ledger.reachable(call, true);
                }
                Event::Resynchronised(epoch) => {
                    tracing::info!(peer = %call, epoch, "radio link resynchronised")
                }
            }
        }
        Ok(())
    }

    /// Whether a link has room for more of the caller's messages.
    fn has_room(&self) -> bool {
        self.peers.iter().any(|p| p.link.pending() < MAX_QUEUED / 2)
    }

    /// Hands the caller's waiting messages to their links. Messages for a
    /// full link stay with the caller, who offers them again.
    pub async fn take_due<L: RadioLedger>(&mut self, ledger: &mut L) -> Result<(), L::Error> {
        let due = ledger.due().await?;
        // Something was waiting: there may be more (the caller's batch is
        // limited, or a link was full); ask again once there is room.
        self.backlog = !due.is_empty();
        for due in due {
            let Some(i) = self.peers.iter().position(|p| p.call == due.to) else {
                ledger
                    .refused(
                        due.id,
                        format!("no radio link to {} (not in radio.peers)", due.to),
                    )
                    .await?;
                continue;
            };
            let p = &mut self.peers[i];
            if p.link.pending() >= MAX_QUEUED {
                continue;
            }
            let text = if self.settings.restricted {
                telegraph(&due.text)
            } else {
                due.text
            };
            match p.link.send(cut(text)) {
                Ok(msg) => {
                    let state = p.link.state().clone();
                    ledger.handed(p.call, due.id, msg, state.clone()).await?;
                    p.saved = state;
                }
                Err(e) => ledger.refused(due.id, e.to_string()).await?,
            }
        }
        Ok(())
    }

    /// Bytes from the line.
    async fn input<L: RadioLedger>(
        &mut self,
        bytes: &[u8],
        line: &mut Line,
        ledger: &mut L,
    ) -> Result<(), L::Error> {
        let results = match &mut line.kiss {
            None => line.deframer.feed_raw(bytes),
            Some(decoder) => {
                let mut out = Vec::new();
                for k in decoder.push(bytes) {
                    match k {
                        Ok(k)
                            if k.command == Command::Data
                                && Some(k.port) == self.settings.kiss_port =>
                        {
                            match ax25::decode(&k.data) {
                                Ok(ui) => out.extend(line.deframer.feed_raw(&ui.info)),
                                Err(e) => tracing::debug!(error = %e, "not an AX.25 UI frame"),
                            }
                        }
                        Ok(_) => {}
                        Err(e) => tracing::debug!(error = %e, "KISS"),
                    }
                }
                out
            }
        };
        for (r, raw) in results {
            let now = self.now();
            match r {
                Ok(frame) => {
                    let me = self.settings.me;
                    let Some(i) = self
                        .peers
                        .iter()
                        .position(|p| p.call == frame.from && frame.to == me)
                    else {
                        if frame.to == me {
                            // To us from a station we do not know: an
                            // impostor's or a misconfigured station's.
                            let what = format!("frame to {me} from {}, not a peer", frame.from);
                            tracing::warn!(%what, "radio incident");
                            ledger.forged(what, raw).await?;
                        } else {
                            tracing::debug!(from = %frame.from, to = %frame.to, "frame for another station");
                        }
                        continue;
                    };
                    let ev = self.peers[i].link.receive(frame, now);
                    self.gather(i, ev, ledger).await?;
                }
                Err(
                    e @ (FrameError::MissingMac { .. }
                    | FrameError::BadMac { .. }
                    | FrameError::NoKey { .. }),
                ) => {
                    // An incident (radio.md §9.3.4): a warning and a
                    // trouble count, never an answer on the air.
                    tracing::warn!(error = %e, "radio incident: a frame failed authentication");
                    ledger.forged(e.to_string(), raw).await?;
                }
                Err(e) => {
                    tracing::debug!(error = %e, "damaged frame");
                    for i in 0..self.peers.len() {
                        let ev = self.peers[i].link.corrupt(&e, now);
                        self.gather(i, ev, ledger).await?;
                    }
                }
            }
        }
        // The frames read together: each link's messages in one commit.
        for i in 0..self.peers.len() {
            self.flush(i, ledger).await?;
        }
        Ok(())
    }

    async fn tick<L: RadioLedger>(&mut self, ledger: &mut L) -> Result<(), L::Error> {
        for i in 0..self.peers.len() {
            let now = self.now();
            let ev = self.peers[i].link.tick(now);
            self.events(i, ev, ledger).await?;
        }
        Ok(())
    }

    /// The next frame's bytes, links taking turns; state saved first.
    async fn next_frame<L: RadioLedger>(
        &mut self,
        ledger: &mut L,
    ) -> Result<Option<Vec<u8>>, L::Error> {
        let n = self.peers.len();
        for k in 0..n {
            let i = (self.turn + k) % n;
            let now = self.now();
            let Some(frame) = self.peers[i].link.poll_transmit(now) else {
                continue;
            };
            self.turn = (i + 1) % n;
            self.persist(i, ledger).await?;
            match self.wire(&frame, &self.peers[i].opts) {
                Ok(bytes) => return Ok(Some(bytes)),
                // Texts are checked when handed over, so this is a bug.
                Err(e) => {
                    ledger.trouble(&format!("radio: frame to {} not encodable: {e}", frame.to));
                }
            }
        }
        Ok(None)
    }

    fn wire(&self, frame: &Frame, opts: &LinkOptions) -> Result<Vec<u8>, WireError> {
        wire(frame, opts, self.settings.kiss_port)
    }
}

/// A frame's bytes on the line: its encoding, or behind a KISS TNC on
/// `kiss_port` that encoding in an AX.25 UI frame in a KISS frame (§12).
pub fn wire(
    frame: &Frame,
    opts: &LinkOptions,
    kiss_port: Option<u8>,
) -> Result<Vec<u8>, WireError> {
    let bytes = frame::encode(frame, opts)?;
    let Some(port) = kiss_port else {
        return Ok(bytes);
    };
    let ui = UiFrame::new(
        Address::from(frame.to),
        Address::from(frame.from),
        Vec::new(),
        bytes,
    );
    let ax = ax25::encode(&ui)?;
    Ok(kiss::encode(port, Command::Data, &ax))
}

/// The receive side of one connection.
struct Line {
    deframer: Deframer,
    kiss: Option<kiss::Decoder>,
}

trait Io: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Io for T {}

async fn open(port: &Port, config: &RadioConfig) -> Result<Box<dyn Io>, LineError> {
    let device = match port {
        Port::KissTcp(addr) => {
            let s = tokio::net::TcpStream::connect(addr.as_str())
                .await
                .map_err(|source| LineError::Tnc {
                    addr: addr.to_string(),
                    source,
                })?;
            let _ = s.set_nodelay(true);
            return Ok(Box::new(s));
        }
        Port::Serial(device) => device,
    };
    let data_bits = match config.data_bits {
        5 => tokio_serial::DataBits::Five,
        6 => tokio_serial::DataBits::Six,
        7 => tokio_serial::DataBits::Seven,
        _ => tokio_serial::DataBits::Eight,
    };
    let builder = tokio_serial::new(device.to_string_lossy(), config.baud)
        .data_bits(data_bits)
        .parity(match config.parity {
            Parity::None => tokio_serial::Parity::None,
            Parity::Even => tokio_serial::Parity::Even,
            Parity::Odd => tokio_serial::Parity::Odd,
        })
        .stop_bits(if config.stop_bits == 2 {
            tokio_serial::StopBits::Two
        } else {
            tokio_serial::StopBits::One
        })
        .flow_control(match config.flow_control {
            FlowControl::None => tokio_serial::FlowControl::None,
            FlowControl::Hardware => tokio_serial::FlowControl::Hardware,
            FlowControl::Software => tokio_serial::FlowControl::Software,
        });
    let port = tokio_serial::SerialStream::open(&builder).map_err(|source| LineError::Serial {
        device: device.clone(),
        source,
    })?;
    Ok(Box::new(port))
}

/// The longest wait between attempts to open the line: a radio link is
/// local, and a TNC restarting is back within seconds.
const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// Runs the channel until `stop` turns true. `wake` is rung when messages
/// are waiting.
pub async fn run(
    radio: RadioSettings,
    mut ledger: impl RadioLedger,
    wake: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
    link: LinkSlot,
) {
    let mut line = Radio {
        radio: &radio,
        place: radio.port.to_string(),
        ledger: &mut ledger,
        wake: &wake,
    };
    supervise("radio link", MAX_BACKOFF, &mut line, &mut stop, link).await;
}

/// The serial line or TNC connection, opened again after each failure.
struct Radio<'a, H> {
    radio: &'a RadioSettings,
    place: String,
    ledger: &'a mut H,
    wake: &'a Notify,
}

impl<H: RadioLedger> Connection for Radio<'_, H> {
    async fn session(
        &mut self,
        stop: &mut watch::Receiver<bool>,
        backoff: &mut Backoff,
    ) -> Result<(), ChannelError> {
        // The links start from their saved state at every (re)connection:
        // after a failed commit the in-memory state may be ahead of the
        // store (a message counted as delivered that was never journaled),
        // and only the store is the truth, exactly as after a crash.
        let Some(mut station) = load(&self.radio.link, self.ledger, stop).await else {
            return Ok(());
        };
        let io = open(&self.radio.port, &self.radio.config).await?;
        tracing::info!(line = %self.place, me = %station.settings.me, "radio link open");
        session(io, &mut station, self.ledger, self.wake, stop, backoff).await
    }

    fn trouble(&mut self, error: &str) {
        self.ledger
            .trouble(&format!("radio link {}: {error}", self.place));
    }
}

async fn load(
    settings: &Settings,
    ledger: &mut impl RadioLedger,
    stop: &mut watch::Receiver<bool>,
) -> Option<Station> {
    loop {
        match Station::load(settings.clone(), ledger).await {
            Ok(s) => return Some(s),
            Err(e) => {
                ledger.trouble(&format!("radio: loading link state: {e}"));
                if !pause(Duration::from_secs(5), stop).await {
                    return None;
                }
            }
        }
    }
}

/// One open line, until it fails (Err) or we stop (Ok).
async fn session(
    io: Box<dyn Io>,
    station: &mut Station,
    ledger: &mut impl RadioLedger,
    wake: &Notify,
    stop: &mut watch::Receiver<bool>,
    backoff: &mut Backoff,
) -> Result<(), ChannelError> {
    let (mut rd, mut wr) = tokio::io::split(io);
    let mut line = Line {
        deframer: station.deframer(),
        kiss: station.settings.kiss_port.map(|_| kiss::Decoder::new()),
    };
    let mut buf = vec![0u8; 4096];
    let mut line_free = Instant::now();
    let mut next_due = Instant::now();
    backoff.reset();
    loop {
        if *stop.borrow() {
            return Ok(());
        }
        if Instant::now() >= next_due || station.backlog && station.has_room() {
            station
                .take_due(ledger)
                .await
                .map_err(ChannelError::retry)?;
            next_due = Instant::now() + POLL_DUE;
        }
        station.tick(ledger).await.map_err(ChannelError::retry)?;
        if Instant::now() + LEAD >= line_free
            && let Some(bytes) = station
                .next_frame(ledger)
                .await
                .map_err(ChannelError::retry)?
        {
            wr.write_all(&bytes).await.map_err(LineError::Write)?;
            wr.flush().await.map_err(LineError::Write)?;
            line_free = line_free.max(Instant::now()) + station.settings.airtime(bytes.len());
            continue;
        }
        let now = Instant::now();
        let wait = if line_free > now + LEAD {
            (line_free - LEAD).min(now + TICK)
        } else {
            now + TICK
        };
        tokio::select! {
            r = rd.read(&mut buf) => {
                let n = r.map_err(LineError::Read)?;
                if n == 0 {
                    return Err(LineError::Closed.into());
                }
                station
                    .input(&buf[..n], &mut line, ledger)
                    .await
                    .map_err(ChannelError::retry)?;
            }
            _ = tokio::time::sleep_until(wait) => {}
            _ = wake.notified() => next_due = Instant::now(),
            _ = stop.changed() => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads a restricted FEN back (radio.md §8.1), as a peer would.
    fn unrestricted(fen: &str) -> String {
        let mut out = String::new();
        let mut black = false;
        for (n, field) in fen.split(' ').enumerate() {
            if n > 0 {
                out.push(' ');
            }
            for c in field.chars() {
                match c {
                    '-' if n == 0 || n == 2 && field != "-" => black = true,
                    c if black || n == 1 || n == 3 => {
                        out.push(c.to_ascii_lowercase());
                        black = false;
                    }
                    c => out.push(c),
                }
            }
        }
        out
    }

    #[test]
    fn a_board_reply_survives_capitals() {
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let reply = format!("G12 {fen} White to move. Check 7F3A.");
        let sent = telegraph(&reply);
        assert_eq!(
            sent,
            "G12 -R1-B-Q-K-B1-R/-P-P-P-P1-P-P-P/2-N2-N2/4-P3/2B1P3/5N2/PPPP1PPP/RNBQK2R \
             W KQ-K-Q - 4 4 WHITE TO MOVE. CHECK 7F3A."
        );
        assert!(sent.bytes().all(is_restricted));
        let back: Vec<&str> = sent.split(' ').skip(1).take(6).collect();
        assert_eq!(unrestricted(&back.join(" ")), fen);
        // En passant square, no castling, black to move.
        let fen = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
        let sent = restricted_fen(&fen.split(' ').collect::<Vec<_>>()).unwrap();
        assert_eq!(sent, "4-K3/8/8/8/3-PP3/8/8/4K3 B - E3 0 1");
        assert_eq!(unrestricted(&sent), fen);
    }

    #[test]
    fn text_that_is_no_fen_is_only_folded() {
        assert_eq!(telegraph("12 draw?\nthanks"), "12 DRAW? THANKS");
        assert_eq!(
            restricted_fen(&["8/8/8/8/8/8/8", "w", "-", "-", "0", "1"]),
            None
        );
        assert_eq!(
            restricted_fen(&["x/8/8/8/8/8/8/8", "w", "-", "-", "0", "1"]),
            None
        );
        assert_eq!(
            telegraph("a/b/c/d/e/f/g/h w - - 0 1"),
            "A/B/C/D/E/F/G/H W - - 0 1"
        );
    }
}
