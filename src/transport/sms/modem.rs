//! A GSM modem driven by AT commands (3GPP TS 27.005 in PDU mode, TS
//! 27.007) over any byte stream: a serial port in the daemon, a
//! pseudo-terminal in the tests.
//!
//! One command at a time, each with a deadline: a modem that never answers
//! is a dead link, and the caller reconnects. Every (re)connection starts by
//! draining the line until it is quiet, so that no answer to an earlier
//! command (a previous session's, or one that came after its deadline) is
//! read as the answer to a new one, and is confirmed by an `AT` that must
//! get exactly one `OK` and no echo. An information line naming another
//! command (`+CPIN: READY` in the answer to `AT+CGMM`) is never taken as
//! part of an answer. Unsolicited result codes
//! (`+CMTI`, `+CDS`, `RDY`) may arrive at any moment, even in the middle of
//! another command's response; they are queued as [`Event`]s. Lines the
//! driver cannot place (echo, garbage, vendor chatter) are logged and
//! skipped.

use std::collections::VecDeque;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::time::Instant;

use super::at::{Line, is_final, is_pdu, is_unsolicited, parse_line};

/// Silence on the line for this long means the modem has said everything
/// it had queued (answers are written at once; a modem pauses between the
/// lines of one answer for milliseconds, not for this long).
const QUIET: Duration = Duration::from_millis(300);
/// A line that does not go quiet within this (noise, a babbling modem)
/// cannot be brought into step.
const DRAIN_LIMIT: Duration = Duration::from_secs(10);
/// How long a modem may take to answer a submission once it has the PDU:
/// the answer waits for the network, and modem manuals give up to 120 s
/// for `+CMGS` (Quectel; SIMCom says 60 s). `command_timeout` is for the
/// modem itself and is not applied here, so a slow network is not taken
/// for a failed send.
pub const SUBMIT_LIMIT: Duration = Duration::from_secs(120);

/// Something the modem reported on its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A new message stored at this index.
    NewMessage { storage: String, index: u32 },
    /// A status report given directly (its PDU).
    StatusReport(String),
    /// A status report stored at this index.
    StatusReportStored { storage: String, index: u32 },
    /// The modem restarted: its settings are gone.
    Restarted,
}

#[derive(Debug, thiserror::Error)]
pub enum ModemError {
    #[error("{command}: no answer within {secs} s")]
    Timeout { command: String, secs: u64 },
    #[error("the modem's line closed")]
    Closed,
    #[error("serial I/O: {0}")]
    Io(#[from] std::io::Error),
    #[error("{command}: {answer}")]
    Refused { command: String, answer: String },
    /// An answer that cannot be the one to the command: the dialogue is
    /// out of step and the line must be resynchronised.
    #[error("{command}: out of step with the modem (answered {answer:?})")]
    OutOfStep { command: String, answer: String },
    /// The modem restarted before it answered: the command is lost with
    /// its settings (a submission too: the modem says `+CMGS` as soon as
    /// the network has the message, so a restart before that is before
    /// the send), and the line must be initialised again.
    #[error("{command}: the modem restarted before it answered")]
    Restarted { command: String },
    /// The modem took the PDU and never said whether it sent it.
    #[error(
        "{command}: no answer within {secs} s after the PDU; the SMS may have been sent, so it is not sent again"
    )]
    Unconfirmed { command: String, secs: u64 },
}

impl ModemError {
    /// A `+CMS ERROR` code, if that is what the modem said.
    pub fn cms(&self) -> Option<u16> {
        match self {
            ModemError::Refused { answer, .. } => match parse_line(answer) {
                Line::CmsError(n) => Some(n),
                _ => None,
            },
            _ => None,
        }
    }

    /// True if the link itself failed (reconnect), not just a command.
    pub fn is_link(&self) -> bool {
        matches!(
            self,
            ModemError::Timeout { .. }
                | ModemError::Closed
                | ModemError::Io(_)
                | ModemError::OutOfStep { .. }
                | ModemError::Restarted { .. }
                | ModemError::Unconfirmed { .. }
        )
    }

    /// True if a send may have happened although it was not confirmed:
    /// sending again could deliver the SMS twice.
    pub fn is_unconfirmed(&self) -> bool {
        matches!(self, ModemError::Unconfirmed { .. })
    }
}

/// What the modem said about itself at start.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Status {
    pub model: String,
    pub registered: bool,
    /// 0–31, 99 unknown (TS 27.007 §8.5).
    pub rssi: u8,
}

pub struct Modem<S> {
    io: S,
    buf: Vec<u8>,
    events: VecDeque<Event>,
    timeout: Duration,
    /// The storage `AT+CPMS` last selected for reading and deleting.
    storage: Option<String>,
}

impl<S: AsyncRead + AsyncWrite + Unpin> Modem<S> {
    pub fn new(io: S, timeout: Duration) -> Modem<S> {
        Modem {
            io,
            buf: Vec::new(),
            events: VecDeque::new(),
            timeout,
            storage: None,
        }
    }

    /// Reads one line (CR or LF ended), or the `> ` prompt as `">"`.
    /// `None` when the deadline passes first.
    async fn line(&mut self, deadline: Instant) -> Result<Option<String>, ModemError> {
        loop {
            // Leading line ends separate lines; skip them.
            let start = self
                .buf
                .iter()
                .position(|b| *b != b'\r' && *b != b'\n')
                .unwrap_or(self.buf.len());
            self.buf.drain(..start);
            if let Some(end) = self.buf.iter().position(|b| *b == b'\r' || *b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..end).collect();
                return Ok(Some(String::from_utf8_lossy(&line).into_owned()));
            }
            if self.buf.starts_with(b">") {
                self.buf.drain(..1);
                if self.buf.first() == Some(&b' ') {
                    self.buf.drain(..1);
                }
                return Ok(Some(">".into()));
            }
            let mut chunk = [0u8; 512];
            let read = tokio::time::timeout_at(deadline, self.io.read(&mut chunk)).await;
            match read {
                Err(_) => return Ok(None),
                Ok(Ok(0)) => return Err(ModemError::Closed),
                Ok(Ok(n)) => self.buf.extend_from_slice(&chunk[..n]),
                Ok(Err(e)) => return Err(ModemError::Io(e)),
            }
        }
    }

    /// Queues an unsolicited line (reading the PDU a `+CDS` announces).
    async fn unsolicited(&mut self, line: Line, deadline: Instant) -> Result<(), ModemError> {
        let event = match line {
            Line::NewMessage { storage, index } => Event::NewMessage { storage, index },
            Line::StatusReportStored { storage, index } => {
                Event::StatusReportStored { storage, index }
            }
            Line::StatusReportFollows { .. } => match self.line(deadline).await? {
                Some(pdu) if is_pdu(&pdu) => Event::StatusReport(pdu.trim().to_string()),
                other => {
                    tracing::warn!(line = ?other, "+CDS without a PDU");
                    return Ok(());
                }
            },
            _ => Event::Restarted,
        };
        self.events.push_back(event);
        Ok(())
    }

    async fn write(&mut self, bytes: &[u8]) -> Result<(), ModemError> {
        self.io.write_all(bytes).await?;
        self.io.flush().await?;
        Ok(())
    }

    /// Reads and discards until the line has been quiet for [`QUIET`]:
    /// answers to earlier commands, a previous session's leftovers. The
    /// unsolicited codes among them are queued; the other lines are
    /// returned (for the log and the caller's checks).
    async fn drain(&mut self) -> Result<Vec<String>, ModemError> {
        let limit = Instant::now() + DRAIN_LIMIT;
        let mut chunk = [0u8; 512];
        loop {
            match tokio::time::timeout(QUIET, self.io.read(&mut chunk)).await {
                Err(_) => break,
                Ok(Ok(0)) => return Err(ModemError::Closed),
                Ok(Ok(n)) => self.buf.extend_from_slice(&chunk[..n]),
                Ok(Err(e)) => return Err(ModemError::Io(e)),
            }
            if Instant::now() >= limit {
                return Err(ModemError::Timeout {
                    command: "waiting for a quiet line".into(),
                    secs: DRAIN_LIMIT.as_secs(),
                });
            }
        }
        let now = Instant::now();
        let mut stale = Vec::new();
        while self.buf.iter().any(|b| matches!(b, b'\r' | b'\n' | b'>')) {
            let Some(text) = self.line(now).await? else {
                break;
            };
            let line = parse_line(&text);
            if is_unsolicited(&line) {
                self.unsolicited(line, now).await?;
            } else if !text.trim().is_empty() {
                stale.push(text.trim().to_string());
            }
        }
        // A line without its end is an answer cut off: of no use.
        self.buf.clear();
        if !stale.is_empty() {
            tracing::info!(lines = ?stale, "modem: stale answers drained");
        }
        Ok(stale)
    }

    /// Runs one command; the information lines it answered with.
    pub async fn command(&mut self, command: &str) -> Result<Vec<String>, ModemError> {
        self.write(format!("{command}\r").as_bytes()).await?;
        self.response(command, Instant::now() + self.timeout, true)
            .await
    }

    /// The answer to `command`, up to its final result code. With `echo`,
    /// the command's own echo is skipped; without, it is out of step.
    async fn response(
        &mut self,
        command: &str,
        deadline: Instant,
        echo: bool,
    ) -> Result<Vec<String>, ModemError> {
        let mut info = Vec::new();
        loop {
            let Some(text) = self.line(deadline).await? else {
                return Err(ModemError::Timeout {
                    command: command.to_string(),
                    secs: self.timeout.as_secs(),
                });
            };
            if text.trim() == command {
                if echo {
                    continue; // our own echo
                }
                return Err(ModemError::OutOfStep {
                    command: command.into(),
                    answer: format!("{text} (echo is still on)"),
                });
            }
            let line = parse_line(&text);
            if line == Line::Restarted {
                return Err(ModemError::Restarted {
                    command: command.to_string(),
                });
            } else if is_unsolicited(&line) {
                self.unsolicited(line, deadline).await?;
            } else if line == Line::Ok {
                return Ok(info);
            } else if is_final(&line) {
                return Err(ModemError::Refused {
                    command: command.to_string(),
                    answer: text.trim().to_string(),
                });
            } else if !belongs(command, &text) {
                tracing::warn!(command, line = %text.trim(), "modem: a line of another command's answer, skipped");
            } else if !text.trim().is_empty() {
                info.push(text.trim().to_string());
            }
        }
    }

    /// Brings the modem into a known state: echo off, numeric errors, SIM
    /// PIN, PDU mode, new-message and status-report indications.
    pub async fn init(&mut self, pin: Option<&str>) -> Result<Status, ModemError> {
        // A modem in the middle of something (a half-typed PDU or command
        // line) needs an escape; what it still had to say, and whatever
        // the previous session left unread, is drained. Then a few tries
        // to answer a plain AT, and the answers to the tries that timed
        // out are drained too.
        self.write(b"\x1b\r").await?;
        self.drain().await?;
        // A restart announced before now is what this initialisation
        // repairs; one announced after it undoes it (and ends the session).
        self.events.retain(|e| *e != Event::Restarted);
        let mut synced = Err(ModemError::Closed);
        for _ in 0..3 {
            synced = self.command("AT").await;
            if synced.is_ok() {
                break;
            }
        }
        synced?;
        self.drain().await?;
        self.command("ATE0").await?;
        self.confirm_in_step().await?;
        self.command("AT+CMEE=1").await?;
        let pin_state = self.command("AT+CPIN?").await?;
        if pin_state
            .iter()
            .any(|l| parse_line(l) == Line::Pin("SIM PIN".into()))
        {
            let Some(pin) = pin else {
                return Err(ModemError::Refused {
                    command: "AT+CPIN?".into(),
                    answer: "the SIM wants a PIN and none is configured".into(),
                });
            };
            self.command(&format!("AT+CPIN=\"{pin}\""))
                .await
                .map_err(|e| match e {
                    ModemError::Refused { answer, .. } => ModemError::Refused {
                        command: "AT+CPIN=<pin>".into(),
                        answer,
                    },
                    other => other,
                })?;
        }
        let model = self.command("AT+CGMM").await.unwrap_or_default().join(" ");
        let registered = self
            .command("AT+CREG?")
            .await?
            .iter()
            .any(|l| matches!(parse_line(l), Line::Registration { stat: 1 | 5 }));
        let rssi = self
            .command("AT+CSQ")
            .await?
            .iter()
            .find_map(|l| match parse_line(l) {
                Line::Signal { rssi, .. } => Some(rssi),
                _ => None,
            })
            .unwrap_or(99);
        self.command("AT+CMGF=0").await?;
        self.command("AT+CNMI=2,1,0,1,0").await?;
        self.storage = None;
        Ok(Status {
            model,
            registered,
            rssi,
        })
    }

    /// Echo is off and every answer so far has been read: a plain `AT`
    /// gets exactly one `OK`, without echo or anything else, and nothing
    /// follows it.
    async fn confirm_in_step(&mut self) -> Result<(), ModemError> {
        self.write(b"AT\r").await?;
        let info = self
            .response("AT", Instant::now() + self.timeout, false)
            .await?;
        let after = self.drain().await?;
        if info.is_empty() && after.is_empty() {
            return Ok(());
        }
        Err(ModemError::OutOfStep {
            command: "AT".into(),
            answer: [info, after].concat().join(" | "),
        })
    }

    async fn select(&mut self, storage: &str) -> Result<(), ModemError> {
        if self.storage.as_deref() != Some(storage) {
            self.command(&format!("AT+CPMS=\"{storage}\"")).await?;
            self.storage = Some(storage.to_string());
        }
        Ok(())
    }

    /// Every message in a storage: index and PDU.
    pub async fn list(&mut self, storage: &str) -> Result<Vec<(u32, String)>, ModemError> {
        self.select(storage).await?;
        let lines = self.command("AT+CMGL=4").await?;
        Ok(pdus_after(&lines, |line| match line {
            Line::Listed { index, .. } => Some(index),
            _ => None,
        }))
    }

    /// One message's PDU; `None` if the index is empty.
    pub async fn read(&mut self, storage: &str, index: u32) -> Result<Option<String>, ModemError> {
        self.select(storage).await?;
        match self.command(&format!("AT+CMGR={index}")).await {
            Ok(lines) => Ok(pdus_after(&lines, |line| match line {
                Line::Read { .. } => Some(index),
                _ => None,
            })
            .into_iter()
            .next()
            .map(|(_, pdu)| pdu)),
            // 321: invalid memory index (already deleted or never there).
            Err(e) if e.cms() == Some(321) => Ok(None),
            Err(e) => Err(e),
        }
    }

    pub async fn delete(&mut self, storage: &str, index: u32) -> Result<(), ModemError> {
        self.select(storage).await?;
        self.command(&format!("AT+CMGD={index}")).await.map(drop)
    }

    /// Sends one SMS-SUBMIT PDU (hex with the SMSC field; `tpdu_len` octets
    /// after it); the message reference the network gave it.
    pub async fn send(&mut self, tpdu_len: usize, hex: &str) -> Result<u8, ModemError> {
        let command = format!("AT+CMGS={tpdu_len}");
        self.write(format!("{command}\r").as_bytes()).await?;
        let deadline = Instant::now() + self.timeout;
        loop {
            let Some(text) = self.line(deadline).await? else {
                // Cancel whatever the modem thinks it is reading.
                let _ = self.write(b"\x1b").await;
                return Err(ModemError::Timeout {
                    command,
                    secs: self.timeout.as_secs(),
                });
            };
            if text == ">" {
                break;
            }
            let line = parse_line(&text);
            if line == Line::Restarted {
                return Err(ModemError::Restarted { command });
            } else if is_unsolicited(&line) {
                self.unsolicited(line, deadline).await?;
            } else if line == Line::Ok {
                // `AT+CMGS` never says OK before its PDU: this is another
                // command's answer, and the prompt may still open; close
                // it, lest the next command be typed into it.
                let _ = self.write(b"\x1b").await;
                return Err(ModemError::OutOfStep {
                    command,
                    answer: text.trim().to_string(),
                });
            } else if is_final(&line) {
                return Err(ModemError::Refused {
                    command,
                    answer: text.trim().to_string(),
                });
            }
        }
        self.write(format!("{hex}\x1a").as_bytes()).await?;
        let limit = SUBMIT_LIMIT.max(self.timeout);
        let info = match self.response(&command, Instant::now() + limit, true).await {
            Err(ModemError::Timeout { .. }) => {
                return Err(ModemError::Unconfirmed {
                    command,
                    secs: limit.as_secs(),
                });
            }
            answer => answer?,
        };
        info.iter()
            .find_map(|l| match parse_line(l) {
                Line::Sent { reference } => Some(reference),
                _ => None,
            })
            .ok_or(ModemError::Refused {
                command,
                answer: "OK without +CMGS".into(),
            })
    }

    /// The next unsolicited event, waiting until `deadline`.
    pub async fn event(&mut self, deadline: Instant) -> Result<Option<Event>, ModemError> {
        loop {
            if let Some(e) = self.events.pop_front() {
                return Ok(Some(e));
            }
            let Some(text) = self.line(deadline).await? else {
                return Ok(None);
            };
            let line = parse_line(&text);
            if is_unsolicited(&line) {
                self.unsolicited(line, deadline).await?;
            } else if !text.trim().is_empty() {
                tracing::debug!(line = %text.trim(), "modem line outside a command, skipped");
            }
        }
    }
}

/// Whether an information line can belong to the answer to `command`: a
/// line that names a command (`+CPIN: READY`) only to that command.
fn belongs(command: &str, text: &str) -> bool {
    let Some((name, _)) = text
        .trim()
        .strip_prefix('+')
        .and_then(|t| t.split_once(':'))
    else {
        return true;
    };
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_uppercase()) {
        return true; // `+CMS ERROR:` and the like are final result codes
    }
    command
        .strip_prefix("AT+")
        .and_then(|c| c.strip_prefix(name))
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric()))
}

/// Pairs each header line `head` accepts with the PDU on the line after it.
fn pdus_after(lines: &[String], head: impl Fn(Line) -> Option<u32>) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    let mut iter = lines.iter().peekable();
    while let Some(line) = iter.next() {
        if let Some(index) = head(parse_line(line))
            && let Some(pdu) = iter.next_if(|l| is_pdu(l))
        {
            out.push((index, pdu.trim().to_string()));
        }
    }
    out
}
