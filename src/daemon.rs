//! `ccgate serve`: the wiring. Every configured input, the outbox sender, the
//! clock sweep and the status endpoint run as tokio tasks around one store.
//!
//! The store is synchronous (SQLite) and used from blocking threads, one
//! call at a time: each inbound message is one transaction, and the inputs
//! acknowledge a message to their peer only after it commits. On SIGTERM or
//! SIGINT every task finishes the message in hand and stops; nothing is
//! interrupted mid-transaction, and anything not yet acknowledged is simply
//! delivered again at the next start.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use jiff::Timestamp;
use tokio::sync::{Notify, watch};

use crate::config::Resolved;
use crate::protocol::address::Channel;
use crate::service::{self, Aside};
use crate::status::Metrics;
use crate::store::{self, Store};
use crate::transport::email::compose::{self, Identity};
use crate::transport::email::imap;
use crate::transport::email::maildir;
use crate::transport::email::receive::{Policy, receive};
use crate::transport::email::send::Mailer;
use crate::transport::radio::driver as radio_driver;
use crate::transport::radio::frame::Callsign;
use crate::transport::radio::link::{LinkState, MsgId};
use crate::transport::sms::config::SpoolConfig;
use crate::transport::sms::driver::{self as sms_driver, Due};
use crate::transport::sms::receive::{Numbering, Received, receive as receive_sms, sweep_parts};
use crate::transport::sms::spool;

/// What every task shares.
#[derive(Clone)]
struct Shared {
    store: Arc<Mutex<Store>>,
    metrics: Arc<Metrics>,
    /// Rung when replies were queued, so they leave at once.
    outbox: Arc<Notify>,
    /// The same for the SMS channel, whose sender is the modem's own task.
    sms_outbox: Arc<Notify>,
    /// The same for the radio channel.
    radio_outbox: Arc<Notify>,
    policy: Arc<Policy>,
}

impl Shared {
    /// Wakes the senders if a message queued replies.
    fn queued(&self, p: &service::Processed) {
        if !p.replies.is_empty() {
            self.wake_senders();
        }
    }

    /// Wakes every channel's sender (a reply or a fallback was queued).
    fn wake_senders(&self) {
        self.outbox.notify_one();
        self.sms_outbox.notify_one();
        self.radio_outbox.notify_one();
    }

    /// Runs `f` on the store in a blocking thread.
    async fn with_store<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Store) -> store::Result<R> + Send + 'static,
    ) -> Result<R, String> {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || {
            let mut guard = store
                .lock()
                .map_err(|_| "the store lock is poisoned".to_string())?;
            f(&mut guard).map_err(|e| e.to_string())
        })
        .await
        .map_err(|e| format!("store task: {e}"))?
    }

    /// Processes one mail; Ok means committed (and may be acknowledged).
    async fn mail(&self, raw: Vec<u8>) -> Result<(), String> {
        let policy = self.policy.clone();
        let processed = self
            .with_store(move |s| receive(s, &raw, &policy, Timestamp::now()))
            .await;
        match processed {
            Ok(p) => {
                self.metrics.received(Channel::Email, &p);
                tracing::info!(journal = p.journal_id, duplicate = p.duplicate, outcome = %p.outcome, "mail processed");
                self.queued(&p);
                Ok(())
            }
            Err(e) => {
                self.metrics.error(&e);
                Err(e)
            }
        }
    }
}

/// Runs the daemon until SIGTERM or SIGINT.
pub async fn serve(config: Resolved) -> Result<(), String> {
    if config.inputs().is_empty() {
        tracing::warn!("{}", crate::commands::NO_INPUT);
    }
    std::fs::create_dir_all(&config.data_dir)
        .map_err(|e| format!("data directory {}: {e}", config.data_dir.display()))?;
    let db = &config.db;
    let store = Store::open(db).map_err(|e| format!("store {}: {e}", db.display()))?;
    let me = Identity::new(&config.email.config.name, &config.email.config.from)?;
    let shared = Shared {
        store: Arc::new(Mutex::new(store)),
        metrics: Arc::new(Metrics::new()),
        outbox: Arc::new(Notify::new()),
        sms_outbox: Arc::new(Notify::new()),
        radio_outbox: Arc::new(Notify::new()),
        policy: Arc::new(Policy::new(&config.email.config, &me)),
    };
    let mailer = Mailer::new(&config.email.send, &config.data_dir)?;
    let (stop_tx, stop) = watch::channel(false);
    let mut tasks = tokio::task::JoinSet::new();

    if config.status.enabled {
        let listener = tokio::net::TcpListener::bind(config.status.listen)
            .await
            .map_err(|e| format!("status endpoint {}: {e}", config.status.listen))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        tracing::info!(%local, "status endpoint listening");
        let app = crate::status::router(shared.metrics.clone());
        let mut stop = stop.clone();
        tasks.spawn(async move {
            let shutdown = async move {
                let _ = stop.wait_for(|s| *s).await;
            };
            if let Err(e) = axum::serve(listener, app)
                .with_graceful_shutdown(shutdown)
                .await
            {
                tracing::error!(error = %e, "status endpoint");
            }
        });
    }
    if let Some(md) = &config.email.maildir {
        let dir = md.dir.clone();
        maildir::create(&dir).map_err(|e| format!("Maildir {}: {e}", dir.display()))?;
        tracing::info!(maildir = %dir.display(), "Maildir input");
        tasks.spawn(maildir_input(
            shared.clone(),
            dir,
            md.poll_every,
            stop.clone(),
        ));
    }
    if let Some(imap_config) = config.email.imap.clone() {
        let handler = MailHandler(shared.clone());
        tasks.spawn(imap::run(imap_config, handler, stop.clone()));
    }
    if let Some(sms) = config.sms.clone() {
        tracing::info!(device = %sms.config.device.display(), "SMS modem");
        let handler = SmsHandler {
            shared: shared.clone(),
            retry: config.outbox.retry(),
            reassembly: sms.config.reassembly_timeout,
            numbering: Arc::new(sms.config.numbering()),
        };
        tasks.spawn(sms_driver::run(
            sms,
            handler,
            shared.sms_outbox.clone(),
            stop.clone(),
        ));
    }
    if let Some(spool) = config.sms_spool.clone() {
        tracing::info!(kind = spool.kind.name(), incoming = %spool.incoming.display(), "SMS spool");
        tasks.spawn(spool_channel(
            shared.clone(),
            spool,
            config.outbox.retry(),
            stop.clone(),
        ));
    }
    if let Some(radio) = config.radio.clone() {
        tracing::info!(line = %radio.port, callsign = %radio.link.me, "radio link");
        let handler = RadioHandler {
            shared: shared.clone(),
            me: radio.link.me.to_string(),
            retry: config.outbox.retry(),
        };
        tasks.spawn(radio_driver::run(
            radio,
            handler,
            shared.radio_outbox.clone(),
            stop.clone(),
        ));
    }
    tasks.spawn(outbox_sender(
        shared.clone(),
        mailer,
        me,
        config.outbox.clone(),
        stop.clone(),
    ));
    tasks.spawn(clock_sweep(
        shared.clone(),
        config.clock.sweep_every,
        stop.clone(),
    ));

    tokio::spawn(async move {
        wait_for_signal().await;
        tracing::info!("stopping: finishing the messages in hand");
        let _ = stop_tx.send(true);
    });
    while let Some(done) = tasks.join_next().await {
        if let Err(e) = done {
            tracing::error!(error = %e, "task failed");
        }
    }
    tracing::info!("stopped");
    Ok(())
}

pub(crate) async fn wait_for_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    match (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) {
        (Ok(mut term), Ok(mut int)) => {
            tokio::select! {
                _ = term.recv() => {}
                _ = int.recv() => {}
            }
        }
        _ => {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Sleeps `every`, or less if stopped; false once stopped.
async fn pause(every: std::time::Duration, stop: &mut watch::Receiver<bool>) -> bool {
    if *stop.borrow() {
        return false;
    }
    tokio::select! {
        _ = tokio::time::sleep(every) => {}
        _ = stop.changed() => {}
    }
    !*stop.borrow()
}

async fn maildir_input(
    shared: Shared,
    dir: PathBuf,
    every: std::time::Duration,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        match maildir::pending(&dir) {
            Ok(files) => {
                for file in files {
                    if *stop.borrow() {
                        break;
                    }
                    maildir_file(&shared, &dir, &file).await;
                }
            }
            Err(e) => {
                let e = format!("Maildir {}: {e}", dir.display());
                tracing::error!(error = %e, "Maildir input");
                shared.metrics.error(&e);
            }
        }
        if !pause(every, &mut stop).await {
            return;
        }
    }
}

async fn maildir_file(shared: &Shared, dir: &Path, file: &Path) {
    let raw = match std::fs::read(file) {
        Ok(raw) => raw,
        // Taken by someone else meanwhile: not ours to process.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
        Err(e) => {
            shared.metrics.error(&format!("{}: {e}", file.display()));
            return;
        }
    };
    if shared.mail(raw).await.is_ok()
        && let Err(e) = maildir::accept(dir, file)
    {
        // Processed but still in new/: the next pass finds it a duplicate.
        shared.metrics.error(&format!("{}: {e}", file.display()));
    }
}

struct MailHandler(Shared);

impl imap::Handler for MailHandler {
    async fn handle(&mut self, raw: Vec<u8>) -> Result<(), String> {
        self.0.mail(raw).await
    }

    fn trouble(&mut self, error: &str) {
        self.0.metrics.error(error);
    }
}

/// The SMS channel's access to the store.
struct SmsHandler {
    shared: Shared,
    retry: store::Retry,
    reassembly: std::time::Duration,
    numbering: Arc<Numbering>,
}

impl SmsHandler {
    fn processed(&self, p: &service::Processed) {
        self.shared.metrics.received(Channel::Sms, p);
        tracing::info!(journal = p.journal_id, duplicate = p.duplicate, outcome = %p.outcome, "SMS processed");
        self.shared.queued(p);
    }
}

impl sms_driver::Handler for SmsHandler {
    async fn incoming(&mut self, pdu: String) -> Result<(), String> {
        let numbering = self.numbering.clone();
        let received = self
            .shared
            .with_store(move |s| receive_sms(s, &pdu, &numbering, Timestamp::now()))
            .await?;
        match &received {
            Received::Message(p) | Received::Unreadable(p) => self.processed(p),
            Received::Part { have, total } => tracing::debug!(have, total, "SMS part kept"),
            Received::Report => tracing::debug!("SMS status report"),
        }
        Ok(())
    }

    async fn due(&mut self) -> Result<Vec<Due>, String> {
        self.shared
            .with_store(|s| {
                let due = store::due(s.conn(), Channel::Sms, Timestamp::now(), 20)?;
                Ok(due
                    .into_iter()
                    .map(|o| Due {
                        id: o.id,
                        to: o.to,
                        body: o.body,
                    })
                    .collect())
            })
            .await
    }

    async fn sent(&mut self, id: i64, to: String, references: Vec<u8>) -> Result<(), String> {
        self.shared.metrics.sent(Channel::Sms);
        self.shared
            .with_store(move |s| {
                let now = Timestamp::now();
                let tx = s.write()?;
                for (i, r) in references.iter().enumerate() {
                    store::sms::record_sent(&tx, id, i + 1, references.len(), *r, &to, now)?;
                }
                store::mark_sent(&tx, id, now)?;
                tx.commit()?;
                Ok(())
            })
            .await
    }

    async fn failed(&mut self, id: i64, error: String, permanent: bool) -> Result<(), String> {
        tracing::warn!(reply = id, permanent, error = %error, "SMS sending failed");
        self.shared.metrics.send_failed(Channel::Sms, &error);
        let retry = self.retry;
        self.shared
            .with_store(move |s| {
                service::delivery_failed(s, id, &error, permanent, retry, Timestamp::now())
            })
            .await?;
        self.shared.wake_senders();
        Ok(())
    }

    async fn housekeeping(&mut self) -> Result<(), String> {
        let wait = jiff::SignedDuration::try_from(self.reassembly)
            .unwrap_or(jiff::SignedDuration::from_hours(24));
        let done = self
            .shared
            .with_store(move |s| {
                let now = Timestamp::now();
                sweep_parts(s, now - wait, now)
            })
            .await?;
        for p in &done {
            self.processed(p);
        }
        Ok(())
    }

    fn trouble(&mut self, error: &str) {
        self.shared.metrics.error(error);
    }
}

/// The radio channel's access to the store.
struct RadioHandler {
    shared: Shared,
    /// Our callsign as the store keys links by it.
    me: String,
    retry: store::Retry,
}

impl radio_driver::Handler for RadioHandler {
    async fn load(&mut self, peer: Callsign) -> Result<Option<LinkState>, String> {
        let me = self.me.clone();
        let json = self
            .shared
            .with_store(move |s| store::radio::load_link(s.conn(), &me, &peer.to_string()))
            .await?;
        json.map(|j| {
            serde_json::from_str(&j).map_err(|e| format!("saved state of the link to {peer}: {e}"))
        })
        .transpose()
    }

    async fn save(&mut self, peer: Callsign, state: LinkState) -> Result<(), String> {
        let me = self.me.clone();
        let json = serde_json::to_string(&state).map_err(|e| e.to_string())?;
        self.shared
            .with_store(move |s| {
                let tx = s.write()?;
                store::radio::save_link(&tx, &me, &peer.to_string(), &json, Timestamp::now())?;
                tx.commit()?;
                Ok(())
            })
            .await
    }

    async fn delivered(&mut self, peer: Callsign, pos: u32, text: String) -> Result<(), String> {
        let msg = service::Inbound {
            channel: Channel::Radio,
            from: peer.to_string(),
            // The peer's stream position: a repeat after a crash is the same message.
            transport_id: Some(format!("{peer}>{}#{pos}", self.me)),
            raw: text.clone().into_bytes(),
            text,
            unverified: None,
        };
        let p = self
            .shared
            .with_store(move |s| service::submit(s, &msg, Timestamp::now()))
            .await?;
        self.shared.metrics.received(Channel::Radio, &p);
        tracing::info!(journal = p.journal_id, duplicate = p.duplicate, outcome = %p.outcome, "radio message processed");
        self.shared.queued(&p);
        Ok(())
    }

    async fn due(&mut self) -> Result<Vec<radio_driver::Due>, String> {
        let retry = self.retry;
        self.shared
            .with_store(move |s| {
                let now = Timestamp::now();
                let mut due = Vec::new();
                for o in store::radio::due(s.conn(), now, 20)? {
                    match Callsign::new(&o.to) {
                        Ok(to) => due.push(radio_driver::Due {
                            id: o.id,
                            to,
                            text: o.body,
                        }),
                        Err(e) => {
                            service::delivery_failed(s, o.id, &e.to_string(), true, retry, now)?
                        }
                    }
                }
                Ok(due)
            })
            .await
    }

    async fn handed(
        &mut self,
        peer: Callsign,
        id: i64,
        msg: MsgId,
        state: LinkState,
    ) -> Result<(), String> {
        let me = self.me.clone();
        let json = serde_json::to_string(&state).map_err(|e| e.to_string())?;
        self.shared
            .with_store(move |s| {
                let now = Timestamp::now();
                let tx = s.write()?;
                let peer = peer.to_string();
                store::radio::handed(&tx, id, &me, &peer, msg, now)?;
                store::radio::save_link(&tx, &me, &peer, &json, now)?;
                tx.commit()?;
                Ok(())
            })
            .await
    }

    async fn refused(&mut self, id: i64, error: String) -> Result<(), String> {
        tracing::warn!(reply = id, error = %error, "radio reply cannot be sent");
        self.shared.metrics.send_failed(Channel::Radio, &error);
        let retry = self.retry;
        self.shared
            .with_store(move |s| {
                service::delivery_failed(s, id, &error, true, retry, Timestamp::now())
            })
            .await?;
        self.shared.wake_senders();
        Ok(())
    }

    async fn acked(&mut self, peer: Callsign, msg: MsgId) -> Result<(), String> {
        let me = self.me.clone();
        let sent = self
            .shared
            .with_store(move |s| {
                let tx = s.write()?;
                let id = store::radio::take_acked(&tx, &me, &peer.to_string(), msg)?;
                if let Some(id) = id {
                    store::mark_sent(&tx, id, Timestamp::now())?;
                }
                tx.commit()?;
                Ok(id)
            })
            .await?;
        if sent.is_some() {
            self.shared.metrics.sent(Channel::Radio);
        }
        Ok(())
    }

    fn reachable(&mut self, peer: Callsign, up: bool) {
        if !up {
            self.shared
                .metrics
                .error(&format!("radio: {peer} does not answer; its messages wait"));
        }
    }

    fn trouble(&mut self, error: &str) {
        self.shared.metrics.error(error);
    }
}

/// SMS through another program's spool: its incoming files are read and
/// removed (or moved) after their commit, replies are written to its
/// outgoing directory, named by outbox id so a repeat replaces its file.
async fn spool_channel(
    shared: Shared,
    config: SpoolConfig,
    retry: store::Retry,
    mut stop: watch::Receiver<bool>,
) {
    let numbering = config.numbering();
    loop {
        match spool::pending(config.kind, &config.incoming) {
            Ok(files) => {
                for file in files {
                    if *stop.borrow() {
                        return;
                    }
                    spool_file(&shared, &config, &numbering, &file).await;
                }
            }
            Err(e) => shared
                .metrics
                .error(&format!("spool {}: {e}", config.incoming.display())),
        }
        let sent = {
            let (kind, dir) = (config.kind, config.outgoing.clone());
            shared
                .with_store(move |s| {
                    let now = Timestamp::now();
                    let due = store::due(s.conn(), Channel::Sms, now, 50)?;
                    let mut sent = 0;
                    for reply in due {
                        match spool::write_outgoing(kind, &dir, reply.id, &reply.to, &reply.body) {
                            Ok(_) => {
                                let tx = s.write()?;
                                store::mark_sent(&tx, reply.id, now)?;
                                tx.commit()?;
                                sent += 1;
                            }
                            Err(e) => service::delivery_failed(
                                s,
                                reply.id,
                                &format!("spool {}: {e}", dir.display()),
                                false,
                                retry,
                                now,
                            )?,
                        }
                    }
                    Ok(sent)
                })
                .await
        };
        match sent {
            Ok(n) => (0..n).for_each(|_| shared.metrics.sent(Channel::Sms)),
            Err(e) => shared.metrics.error(&e),
        }
        if !pause(config.poll_every, &mut stop).await {
            return;
        }
    }
}

async fn spool_file(shared: &Shared, config: &SpoolConfig, numbering: &Numbering, file: &Path) {
    let msg = match spool::read(config.kind, file) {
        Ok(m) => Ok(service::Inbound {
            channel: Channel::Sms,
            from: numbering.international(&m.from),
            transport_id: Some(m.transport_id),
            raw: std::fs::read(file).unwrap_or_default(),
            text: m.text,
            unverified: None,
        }),
        Err(spool::SpoolError::Io(e)) => {
            shared.metrics.error(&format!("{}: {e}", file.display()));
            return;
        }
        Err(e) => Err((e.to_string(), std::fs::read(file).unwrap_or_default())),
    };
    let name = file.display().to_string();
    let processed = shared
        .with_store(move |s| match msg {
            Ok(m) => service::submit(s, &m, Timestamp::now()),
            Err((why, raw)) => {
                let m = service::Inbound {
                    channel: Channel::Sms,
                    from: String::new(),
                    transport_id: Some(format!("spool-unreadable:{name}")),
                    raw,
                    text: String::new(),
                    unverified: None,
                };
                let why = Aside::Ignored(format!("unreadable spool file: {why}"));
                service::set_aside(s, &m, &why, Timestamp::now())
            }
        })
        .await;
    match processed {
        Ok(p) => {
            shared.metrics.received(Channel::Sms, &p);
            shared.queued(&p);
            if let Err(e) = spool::accept(file, config.done.as_deref()) {
                shared.metrics.error(&format!("{}: {e}", file.display()));
            }
        }
        Err(e) => shared.metrics.error(&e),
    }
}

/// One reply ready to go.
struct Ready {
    id: i64,
    envelope: lettre::address::Envelope,
    raw: Vec<u8>,
}

async fn outbox_sender(
    shared: Shared,
    mailer: Mailer,
    me: Identity,
    config: crate::config::OutboxConfig,
    mut stop: watch::Receiver<bool>,
) {
    const BATCH: usize = 50;
    let me = Arc::new(me);
    loop {
        let who = me.clone();
        let batch = shared
            .with_store(move |s| {
                let now = Timestamp::now();
                let due = store::due(s.conn(), Channel::Email, now, BATCH)?;
                let mut ready = Vec::new();
                for reply in due {
                    let ctx = context(s.conn(), &reply, now)?;
                    match compose::compose(&who, &reply, &ctx) {
                        Ok((envelope, raw)) => ready.push(Ok(Ready {
                            id: reply.id,
                            envelope,
                            raw,
                        })),
                        Err(e) => ready.push(Err((reply.id, e))),
                    }
                }
                Ok((ready, store::depth(s.conn())?))
            })
            .await;
        let mut full = false;
        match batch {
            Ok((ready, depth)) => {
                shared.metrics.outbox(&depth);
                full = ready.len() == BATCH;
                for item in ready {
                    if *stop.borrow() {
                        return;
                    }
                    send_one(&shared, &mailer, &config, item).await;
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "outbox");
                shared.metrics.error(&e);
            }
        }
        if *stop.borrow() {
            return;
        }
        if !full {
            tokio::select! {
                _ = tokio::time::sleep(config.poll_every) => {}
                _ = shared.outbox.notified() => {}
                _ = stop.changed() => {}
            }
        }
    }
}

/// What a reply needs to be composed: the game sheet and the mail it answers.
fn context(
    conn: &rusqlite::Connection,
    reply: &store::Outgoing,
    now: Timestamp,
) -> store::Result<compose::Context> {
    let sheet = match reply.game_id {
        Some(g) => service::sheet(conn, g, reply.player_id, now)?,
        None => None,
    };
    let answers = match reply.journal_id {
        Some(j) => store::entry(conn, j)?
            .filter(|e| e.channel == Channel::Email && e.transport_id.starts_with('<'))
            .filter(|e| normalized(&e.sender) == normalized(&reply.to))
            .map(|e| e.transport_id),
        None => None,
    };
    Ok(compose::Context { sheet, answers })
}

fn normalized(address: &str) -> String {
    address.trim().to_ascii_lowercase()
}

async fn send_one(
    shared: &Shared,
    mailer: &Mailer,
    config: &crate::config::OutboxConfig,
    item: Result<Ready, (i64, String)>,
) {
    let (id, result) = match item {
        Ok(ready) => (
            ready.id,
            mailer
                .send(ready.id, &ready.envelope, &ready.raw)
                .await
                .map_err(|e| (e.permanent, e.text)),
        ),
        // A reply that cannot even be composed (a bad address) never will be.
        Err((id, e)) => (id, Err((true, e))),
    };
    let retry = config.retry();
    let recorded = match &result {
        Ok(()) => {
            shared.metrics.sent(Channel::Email);
            shared
                .with_store(move |s| {
                    let tx = s.write()?;
                    store::mark_sent(&tx, id, Timestamp::now())?;
                    tx.commit()?;
                    Ok(())
                })
                .await
        }
        Err((permanent, e)) => {
            tracing::warn!(reply = id, permanent, error = %e, "sending failed");
            shared.metrics.send_failed(Channel::Email, e);
            let (permanent, e) = (*permanent, e.clone());
            let r = shared
                .with_store(move |s| {
                    service::delivery_failed(s, id, &e, permanent, retry, Timestamp::now())
                })
                .await;
            // A fallback on another channel may have been queued.
            shared.wake_senders();
            r
        }
    };
    if let Err(e) = recorded {
        tracing::error!(reply = id, error = %e, "recording a delivery");
        shared.metrics.error(&e);
    }
}

async fn clock_sweep(shared: Shared, every: std::time::Duration, mut stop: watch::Receiver<bool>) {
    loop {
        match shared
            .with_store(|s| service::sweep_clocks(s, Timestamp::now()))
            .await
        {
            Ok(report) => {
                if !report.forfeits.is_empty() || !report.reminders.is_empty() {
                    tracing::info!(forfeits = ?report.forfeits, reminders = ?report.reminders, "clock sweep");
                    shared.wake_senders();
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "clock sweep");
                shared.metrics.error(&e);
            }
        }
        if !pause(every, &mut stop).await {
            return;
        }
    }
}

/// Logging: `RUST_LOG` if set, else the configured filter; text or JSON on stderr.
pub fn init_logging(config: &crate::config::LogConfig) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(&config.level))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = match config.format {
        crate::config::LogFormat::Json => builder.json().try_init(),
        crate::config::LogFormat::Text => builder.try_init(),
    };
}
