//! `ccgate radio-station`: the far end of a radio link, for an operator.
//!
//! It runs the same link as the gateway's radio channel (the `[radio]`
//! section of its own configuration, its own store for the link state), so
//! an operator at a club station or a field site can relay players' moves
//! to the gateway by radio and read its replies. Each line on standard
//! input is one message (`@CALL text` sends to a station other than the
//! first peer); everything that happens is one JSON line on standard output:
//!
//! ```text
//! {"event":"queued","line":1,"to":"DL0CCG","msg":0}
//! {"event":"acked","to":"DL0CCG","msg":0,"line":1}
//! {"event":"delivered","from":"DL0CCG","pos":0,"text":"12 1. 5254 ..."}
//! {"event":"refused","line":2,"error":"..."}
//! {"event":"unreachable","peer":"DL0CCG"}
//! ```
//!
//! A delivered message is journaled in the station's store under its stream
//! position before it is printed, so a repeat after a crash is not printed
//! twice. With `--exit-when-done` the station stops once standard input has
//! ended and every message it read has been acknowledged.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex};

use serde_json::json;
use tokio::io::AsyncBufReadExt;
use tokio::sync::{Notify, mpsc, watch};

use super::config::RadioSettings;
use super::driver::{self, Due, RadioLedger};
use super::frame::Callsign;
use super::link::{LinkState, MsgId};
use super::state::{self, StateError};
use crate::protocol::address::Channel;
use crate::store::{self, Journaled, Store, StoreError};

/// Why the station failed: its store, or its settings.
#[derive(Debug, thiserror::Error)]
pub enum StationError {
    #[error("the store lock is poisoned")]
    Poisoned,
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error(transparent)]
    State(#[from] StateError),
    #[error("radio.peers: name the station to talk to")]
    NoPeer,
}

struct Console {
    store: Arc<Mutex<Store>>,
    me: Callsign,
    default_peer: Callsign,
    lines: mpsc::UnboundedReceiver<(u64, String)>,
    /// Lines read and not yet taken by a link (offered again until they are).
    pending: Vec<Due>,
    input_done: bool,
    /// Messages of this run not yet acknowledged, by link and message id.
    waiting: HashMap<(Callsign, MsgId), u64>,
    exit_when_done: bool,
    stop: watch::Sender<bool>,
}

fn emit(v: serde_json::Value) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{v}");
    let _ = out.flush();
}

impl Console {
    fn with_store<R>(
        &self,
        f: impl FnOnce(&mut Store) -> store::Result<R>,
    ) -> Result<R, StationError> {
        let mut guard = self.store.lock().map_err(|_| StationError::Poisoned)?;
        Ok(tokio::task::block_in_place(|| f(&mut guard))?)
    }

    fn check_done(&self) {
        if self.exit_when_done
            && self.input_done
            && self.pending.is_empty()
            && self.waiting.is_empty()
        {
            let _ = self.stop.send(true);
        }
    }
}

impl RadioLedger for Console {
    type Error = StationError;

    async fn load(&mut self, peer: Callsign) -> Result<Option<LinkState>, StationError> {
        let me = self.me;
        Ok(self.with_store(|s| Ok(state::load(s, me, peer)))??)
    }

    async fn save(&mut self, peer: Callsign, link: LinkState) -> Result<(), StationError> {
        let json = state::encode(&link)?;
        let me = self.me;
        self.with_store(|s| {
            let tx = s.write()?;
            state::save(&tx, me, peer, &json, crate::now::now())?;
            tx.commit()?;
            Ok(())
        })
    }

    async fn delivered(
        &mut self,
        peer: Callsign,
        messages: Vec<(u32, String)>,
    ) -> Result<(), StationError> {
        let me = self.me;
        let fresh = self.with_store(|s| {
            let tx = s.write()?;
            let mut fresh = Vec::new();
            for (pos, text) in &messages {
                let id = state::message_id(peer, me, *pos);
                let j = tx.journal(
                    Channel::Radio,
                    &id,
                    &peer.to_string(),
                    text.as_bytes(),
                    crate::now::now(),
                )?;
                if let Journaled::New(n) = j {
                    tx.set_outcome(n, "shown", crate::now::now())?;
                    fresh.push((*pos, text));
                }
            }
            tx.commit()?;
            Ok(fresh)
        })?;
        for (pos, text) in fresh {
            emit(json!({"event": "delivered", "from": peer.to_string(), "pos": pos, "text": text}));
        }
        Ok(())
    }

    async fn due(&mut self) -> Result<Vec<Due>, StationError> {
        let due = &mut self.pending;
        loop {
            match self.lines.try_recv() {
                Ok((n, line)) => {
                    let (to, text) = match line.strip_prefix('@').and_then(|l| l.split_once(' ')) {
                        Some((call, text)) => match Callsign::new(call) {
                            Ok(c) => (c, text.to_string()),
                            Err(e) => {
                                emit(
                                    json!({"event": "refused", "line": n, "error": e.to_string()}),
                                );
                                continue;
                            }
                        },
                        None => (self.default_peer, line),
                    };
                    due.push(Due {
                        id: n as i64,
                        to,
                        text,
                    });
                }
                Err(mpsc::error::TryRecvError::Empty) => break,
                Err(mpsc::error::TryRecvError::Disconnected) => {
                    self.input_done = true;
                    break;
                }
            }
        }
        self.check_done();
        Ok(self.pending.clone())
    }

    async fn handed(
        &mut self,
        peer: Callsign,
        id: i64,
        msg: MsgId,
        state: LinkState,
    ) -> Result<(), StationError> {
        self.save(peer, state).await?;
        self.pending.retain(|d| d.id != id);
        let line = id as u64;
        self.waiting.insert((peer, msg), line);
        emit(json!({"event": "queued", "line": line, "to": peer.to_string(), "msg": msg}));
        Ok(())
    }

    async fn refused(&mut self, id: i64, error: String) -> Result<(), StationError> {
        self.pending.retain(|d| d.id != id);
        emit(json!({"event": "refused", "line": id, "error": error}));
        self.check_done();
        Ok(())
    }

    async fn acked(&mut self, peer: Callsign, msg: MsgId) -> Result<(), StationError> {
        let line = self.waiting.remove(&(peer, msg));
        emit(json!({"event": "acked", "to": peer.to_string(), "msg": msg, "line": line}));
        self.check_done();
        Ok(())
    }

    fn reachable(&mut self, peer: Callsign, up: bool) {
        let event = if up { "reachable" } else { "unreachable" };
        emit(json!({"event": event, "peer": peer.to_string()}));
    }

    async fn forged(&mut self, what: String, _raw: Vec<u8>) -> Result<(), StationError> {
        // The operator's end keeps no incidents: the log says it.
        self.trouble(&format!("radio incident: {what}"));
        Ok(())
    }

    fn trouble(&mut self, error: &str) {
        tracing::warn!(error, "radio station");
    }
}

/// Runs the station until SIGTERM/SIGINT, or until done with `exit_when_done`.
pub async fn run(
    radio: RadioSettings,
    store: Store,
    exit_when_done: bool,
) -> Result<(), StationError> {
    let default_peer = radio
        .link
        .peers
        .first()
        .map(|(c, _)| *c)
        .ok_or(StationError::NoPeer)?;
    let (stop_tx, stop) = watch::channel(false);
    let wake = Arc::new(Notify::new());
    let (tx, rx) = mpsc::unbounded_channel();
    {
        let wake = wake.clone();
        tokio::spawn(async move {
            let mut lines = tokio::io::BufReader::new(tokio::io::stdin()).lines();
            let mut n = 0u64;
            while let Ok(Some(line)) = lines.next_line().await {
                let line = line.trim_end_matches('\r').to_string();
                if line.trim().is_empty() {
                    continue;
                }
                n += 1;
                if tx.send((n, line)).is_err() {
                    break;
                }
                wake.notify_one();
            }
            drop(tx);
            wake.notify_one();
        });
    }
    {
        let stop_tx = stop_tx.clone();
        tokio::spawn(async move {
            crate::signal::wait_for_signal().await;
            let _ = stop_tx.send(true);
        });
    }
    let console = Console {
        store: Arc::new(Mutex::new(store)),
        me: radio.link.me,
        default_peer,
        lines: rx,
        pending: Vec::new(),
        input_done: false,
        waiting: HashMap::new(),
        exit_when_done,
        stop: stop_tx,
    };
    // The console has no status endpoint: its link reports to nobody.
    driver::run(
        radio,
        console,
        wake,
        stop,
        crate::metrics::LinkSlot::default(),
    )
    .await;
    Ok(())
}
