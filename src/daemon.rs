//! `ccgate serve`: the wiring. Every channel the configuration enables,
//! the clock sweep and the status endpoint run as tokio tasks around one
//! store. Each channel lives in its own module and starts alike, from its
//! settings and one [`Context`] ([`crate::transport::start`]); this module
//! only builds the context, starts what [`Resolved::channels`] lists, and
//! stops them.
//!
//! Each inbound message is one transaction, and the inputs acknowledge a
//! message to their peer only after it commits. On SIGTERM or SIGINT every
//! task finishes the message in hand and stops; nothing is interrupted
//! mid-transaction, and anything not yet acknowledged is simply delivered
//! again at the next start.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::watch;

use crate::config::Resolved;
use crate::metrics::Metrics;
use crate::service;
use crate::store::{self, Location, ServeLock, Store, StoreError};
use crate::transport::channel::pause;
use crate::transport::email::ReceptionError;
use crate::transport::email::outbox::{Extras, Links};
use crate::transport::port::{PortError, ServicePort};
use crate::transport::start::{Context, StartError};

/// Why the daemon did not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("data directory {}: {source}", path.display())]
    DataDir {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Another daemon serves the store ([`ServeLock::claim`] says why).
    #[error("{0}")]
    Claimed(crate::store::LockError),
    #[error("store {db}: {source}")]
    Store { db: Location, source: StoreError },
    #[error("store {db}: {source}")]
    Opening {
        db: Location,
        source: tokio::task::JoinError,
    },
    #[error(transparent)]
    Port(#[from] PortError),
    #[error(transparent)]
    Email(#[from] ReceptionError),
    /// A channel refused to start (its own error says why).
    #[error("{0}")]
    Channel(StartError),
    /// The status endpoint's or the web pages' address.
    #[error("{what} {addr}: {source}")]
    Listen {
        what: &'static str,
        addr: SocketAddr,
        source: std::io::Error,
    },
    /// The address bound, unknown.
    #[error("{0}")]
    Bound(std::io::Error),
}

/// Runs the daemon until SIGTERM or SIGINT.
pub async fn serve(config: Resolved) -> Result<(), ServeError> {
    let signalled = crate::signal::wait_for_signal();
    for why in config.warnings() {
        tracing::warn!("{why}");
    }
    std::fs::create_dir_all(&config.data_dir).map_err(|source| ServeError::DataDir {
        path: config.data_dir.clone(),
        source,
    })?;
    crate::systemd::status(&format!("opening the store {}", config.db));
    let (store, _claim) = open_store(&config.db).await?;
    let port = ServicePort::new(
        store,
        Arc::new(Metrics::new()),
        config.outbox.retry(),
        config.inbound.rules(),
    );
    if let Location::File(path) = &config.db {
        port.metrics.store_file(path.clone());
    }
    // A store error is logged and counted by the port; the counters then
    // start from 0.
    if let Ok(figures) = port.with_store(|s| s.figures()).await {
        port.metrics.counted_before(&figures);
    }
    let pictures = Arc::new(crate::board::Renderer::new());
    let secret: Option<Arc<[u8]>> = match &config.web {
        Some(_) => Some(port.with_store(crate::web::web_secret).await?.into()),
        None => None,
    };
    let links = config
        .web
        .as_ref()
        .and_then(|w| w.public_url.clone())
        .zip(secret.clone())
        .map(|(base, secret)| Links { base, secret });
    let extras = Extras {
        pictures: pictures.clone(),
        links,
    };
    let (stop_tx, stop) = watch::channel(false);

    // Every channel is prepared before anything runs: one that cannot
    // start stops the daemon before a message is taken.
    let cx = Context::new(port.clone(), stop.clone());
    let channels = config
        .channels(extras)?
        .into_iter()
        .map(|channel| channel.start(&cx))
        .collect::<Result<Vec<_>, _>>()
        .map_err(ServeError::Channel)?;

    let mut tasks = tokio::task::JoinSet::new();
    // The listeners' connections share what the descriptor limit leaves
    // the inputs, the endpoint's slots set apart from the pages'.
    let budget = crate::listener::Budget::of_process();
    let status = config.status.enabled.then(|| config.status.limits(budget));
    if let Some(limits) = status {
        let app = crate::status::router(port.metrics.clone(), config.metrics_token.clone());
        let what = ("status endpoint", config.status.listen);
        tasks.spawn(listen(what, app, limits, stop.clone()).await?);
    }
    if let (Some(web), Some(secret)) = (&config.web, secret) {
        let limits = web.limits(budget, status.map_or(0, |s| s.connections));
        let pages = crate::web::Web::new(port.clone(), pictures, secret, web);
        let app = crate::web::router(pages);
        tasks.spawn(listen(("web pages", web.listen), app, limits, stop.clone()).await?);
    }
    for run in channels {
        tasks.spawn(run);
    }
    if let Location::Postgres { .. } = &config.db {
        let (at, port, stop) = (config.db.clone(), port.clone(), stop.clone());
        tasks.spawn_blocking(move || match Store::wakes(&at) {
            Ok(Some(wakes)) => other_sites_wake(wakes, &port, &stop),
            Ok(None) => {}
            Err(e) => tracing::error!(error = %e, "listening for other sites' replies"),
        });
    }
    tasks.spawn(crate::systemd::watchdog(port.clone(), stop.clone()));
    tasks.spawn(clock_sweep(port.clone(), config.clock.clone(), stop));
    // Every channel is prepared and running, the listeners bound: systemd
    // may start what comes after ccgate.service.
    crate::systemd::ready(&format!(
        "serving the store {}; inputs: {}",
        config.db,
        config.inputs().join(", ")
    ));

    tokio::spawn(async move {
        signalled.await;
        tracing::info!("stopping: finishing the messages in hand");
        crate::systemd::stopping();
        let _ = stop_tx.send(true);
    });
    while let Some(done) = tasks.join_next().await {
        if let Err(e) = done {
            tracing::error!(error = %e, "task failed");
        }
    }
    // The store whole in its main file: a copy of that file alone, taken
    // while the service is stopped, then misses nothing.
    if let Err(e) = port.with_store(|s| s.checkpoint()).await {
        tracing::warn!(error = %e, "checkpoint at exit; the WAL is read at the next start");
    }
    tracing::info!("stopped");
    Ok(())
}

/// Opens the store, creating it on the first run, and the claim on it that
/// the daemon holds while it serves. A file is claimed before it is
/// opened, so a second daemon touches nothing; a PostgreSQL store is
/// shared by design (its sites coordinate in the database), and is
/// created when it has no schema yet. Opened off the runtime: the
/// PostgreSQL client blocks on its own.
async fn open_store(db: &Location) -> Result<(Store, Option<ServeLock>), ServeError> {
    let mut claim = match db {
        Location::File(path) => Some(ServeLock::claim(path).map_err(ServeError::Claimed)?),
        Location::Postgres { .. } => None,
    };
    let create = claim.as_ref().is_none_or(ServeLock::first_run);
    let at = db.clone();
    let opened = tokio::task::spawn_blocking(move || {
        if let Location::File(path) = &at {
            backup_before_migrating(path)?;
        }
        if create {
            Store::create_at(&at)
        } else {
            Store::open_at(&at)
        }
    })
    .await
    .map_err(|source| ServeError::Opening {
        db: db.clone(),
        source,
    })?;
    let store = opened.map_err(|source| ServeError::Store {
        db: db.clone(),
        source,
    })?;
    if let (Some(lock), Location::File(path)) = (claim.as_mut(), db) {
        lock.served(path);
    }
    Ok((store, claim))
}

/// A store of an older schema is copied into `backups/` beside it before
/// this build migrates it: the old ccgate cannot read the migrated store,
/// so a rollback restores this copy. A copy that cannot be written stops
/// the daemon before anything is migrated.
fn backup_before_migrating(path: &std::path::Path) -> Result<(), StoreError> {
    let dir = path
        .parent()
        .unwrap_or(std::path::Path::new("."))
        .join("backups");
    let stamp = store::restore::stamp(crate::now::now());
    if let Some(copy) = store::restore::backup_before_migrating(path, &dir, &stamp)? {
        tracing::info!(backup = %copy.display(), "the store is migrated to a newer schema; its backup before is kept");
        crate::systemd::status(&format!(
            "migrating the store; backup before in {}",
            copy.display()
        ));
    }
    Ok(())
}

/// Binds the address `what` listens on, says so, and returns the task
/// that serves `app` there.
async fn listen(
    (what, addr): (&'static str, SocketAddr),
    app: axum::Router,
    limits: crate::listener::Limits,
    stop: tokio::sync::watch::Receiver<bool>,
) -> Result<impl std::future::Future<Output = ()>, ServeError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Listen { what, addr, source })?;
    let local = listener.local_addr().map_err(ServeError::Bound)?;
    tracing::info!(%local, "{what} listening");
    Ok(crate::listener::serve(listener, app, limits, what, stop))
}

/// Wakes this site's senders whenever another site (or a command) queues a
/// reply in the shared PostgreSQL store, until the daemon stops. A lost
/// listening connection is made again at the next wait; meanwhile the
/// senders' own polls find the replies.
fn other_sites_wake(mut wakes: store::Wakes, port: &ServicePort, stop: &watch::Receiver<bool>) {
    const WAIT: std::time::Duration = std::time::Duration::from_secs(1);
    let mut failing = false;
    while !*stop.borrow() {
        match wakes.wait(WAIT) {
            Ok(woken) => {
                failing = false;
                if woken {
                    port.wake_senders();
                }
            }
            Err(e) => {
                // Once an outage, not once a second.
                if !failing {
                    tracing::warn!(error = %e, "waiting for other sites' replies");
                }
                failing = true;
                std::thread::sleep(WAIT);
            }
        }
    }
}

async fn clock_sweep(
    shared: ServicePort,
    config: crate::config::ClockConfig,
    mut stop: watch::Receiver<bool>,
) {
    let margin = jiff::SignedDuration::try_from(config.jump_margin).ok();
    let mut held = None;
    loop {
        // A store error is logged and counted by the port.
        if let Ok(report) = shared
            .with_service(move |s| service::sweep_clocks(s, crate::now::now(), margin))
            .await
        {
            let gap = report.held.map(service::days);
            if gap.is_some() && gap != held {
                tracing::warn!(gap = ?gap, "clock sweep: the time is far past the last sweep; no forfeits until `ccgate clock --confirm-time`");
            }
            shared.metrics.clock_held(gap.clone());
            if let Ok(figures) = shared.with_store(|s| s.figures()).await {
                shared.metrics.open_incidents(&figures.open_incidents);
            }
            held = gap;
            if !report.forfeits.is_empty() || !report.reminders.is_empty() {
                tracing::info!(forfeits = ?report.forfeits, reminders = ?report.reminders, "clock sweep");
                shared.wake_senders();
            }
        }
        if !pause(config.sweep_every, &mut stop).await {
            return;
        }
    }
}

/// Logging: `RUST_LOG` if set, else the configured filter; text or JSON on
/// stderr, coloured only when stderr is a terminal (a file or the journal
/// would keep the escape sequences).
pub fn init_logging(config: &crate::config::LogConfig) {
    use std::io::IsTerminal;
    let from_env = std::env::var("RUST_LOG").ok().map(|text| {
        crate::config::parse_log_filter(&text).inspect_err(|e| eprintln!("ccgate: RUST_LOG {e}"))
    });
    let filter = from_env
        .and_then(Result::ok)
        .or_else(|| crate::config::parse_log_filter(&config.level).ok())
        .unwrap_or_else(|| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    let _ = match config.format {
        crate::config::LogFormat::Json => builder.json().try_init(),
        crate::config::LogFormat::Text => builder.try_init(),
    };
}
