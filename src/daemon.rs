//! `ccgate serve`: the wiring. Every configured channel, the clock sweep
//! and the status endpoint run as tokio tasks around one store, each channel
//! in its own module as `run(settings, service port, wake, stop)`; this
//! module only builds them from the resolved configuration, starts them and
//! stops them.
//!
//! Each inbound message is one transaction, and the inputs acknowledge a
//! message to their peer only after it commits. On SIGTERM or SIGINT every
//! task finishes the message in hand and stops; nothing is interrupted
//! mid-transaction, and anything not yet acknowledged is simply delivered
//! again at the next start.

use std::sync::Arc;

use jiff::Timestamp;
use tokio::sync::watch;

use crate::config::Resolved;
use crate::metrics::Metrics;
use crate::service;
use crate::store::{self, Location, ServeLock, Store};
use crate::transport::channel::pause;
use crate::transport::email::compose::Identity;
use crate::transport::email::dkim::Checker;
use crate::transport::email::inbox::Inbox;
use crate::transport::email::outbox::{self, Links, Sender};
use crate::transport::email::receive::Policy;
use crate::transport::email::send::Mailer;
use crate::transport::email::{imap, maildir};
use crate::transport::port::ServicePort;
use crate::transport::radio::gateway as radio;
use crate::transport::sms::{gateway as sms, spool_channel};

/// Runs the daemon until SIGTERM or SIGINT.
pub async fn serve(config: Resolved) -> Result<(), String> {
    let signalled = crate::signal::wait_for_signal();
    if config.inputs().is_empty() {
        tracing::warn!("{}", crate::config::NO_INPUT);
    }
    for why in config.warnings() {
        tracing::warn!("{why}");
    }
    std::fs::create_dir_all(&config.data_dir)
        .map_err(|e| format!("data directory {}: {e}", config.data_dir.display()))?;
    let db = &config.db;
    // Before the store is opened, so a second daemon touches nothing. A
    // PostgreSQL store is shared by design: its sites coordinate in the
    // database, and it is created when it has no schema yet.
    let claim = match db {
        Location::File(path) => Some(ServeLock::claim(path)?),
        Location::Postgres { .. } => None,
    };
    // Opened off the runtime: the PostgreSQL client blocks on its own.
    let create = claim.as_ref().is_none_or(ServeLock::first_run);
    let at = db.clone();
    let store = tokio::task::spawn_blocking(move || {
        if create {
            Store::create_at(&at)
        } else {
            Store::open_at(&at)
        }
    })
    .await
    .map_err(|e| format!("store {db}: {e}"))?
    .map_err(|e| format!("store {db}: {e}"))?;
    let me = Identity::new(&config.email.config.name, &config.email.config.from)?;
    let port = ServicePort::new(
        store,
        Arc::new(Metrics::new()),
        config.outbox.retry(),
        config.inbound.rules(),
    );
    let inbox = Inbox {
        port: port.clone(),
        policy: Arc::new(Policy::new(
            &config.email.config,
            &me,
            config.inbound.rules(),
        )),
        dkim: match &config.email.dkim {
            Some(d) => Some(Checker::new(d.keys.as_ref(), d.timeout)?),
            None => None,
        },
    };
    let renderer = Arc::new(crate::board::Renderer::new());
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
    let sender = Sender {
        mailer: Mailer::new(&config.email.send, &config.data_dir)?,
        me,
        outbox: config.outbox.clone(),
        pictures: renderer.clone(),
        links,
    };
    let (stop_tx, stop) = watch::channel(false);
    let mut tasks = tokio::task::JoinSet::new();

    if config.status.enabled {
        let listener = tokio::net::TcpListener::bind(config.status.listen)
            .await
            .map_err(|e| format!("status endpoint {}: {e}", config.status.listen))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        tracing::info!(%local, "status endpoint listening");
        let app = crate::status::router(port.metrics.clone());
        spawn_http(&mut tasks, listener, app, stop.clone(), "status endpoint");
    }
    if let (Some(web), Some(secret)) = (&config.web, secret) {
        let listener = tokio::net::TcpListener::bind(web.listen)
            .await
            .map_err(|e| format!("web pages {}: {e}", web.listen))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        tracing::info!(%local, "web pages listening");
        let pages = crate::web::Web::new(port.clone(), renderer.clone(), secret, web);
        let app = crate::web::router(pages);
        spawn_http(&mut tasks, listener, app, stop.clone(), "web pages");
    }
    if let Some(md) = config.email.maildir {
        maildir::create(&md.dir).map_err(|e| format!("Maildir {}: {e}", md.dir.display()))?;
        tasks.spawn(maildir::run(md, inbox.clone(), stop.clone()));
    }
    if let Some(settings) = config.email.imap {
        let link = port.metrics.link_slot(imap::LINK);
        tasks.spawn(imap::run(settings, inbox, stop.clone(), link));
    }
    if let Some(settings) = config.sms {
        let wake = port.wake.sms.clone();
        tasks.spawn(sms::run(settings, port.clone(), wake, stop.clone()));
    }
    if let Some(settings) = config.sms_spool {
        tasks.spawn(spool_channel::run(settings, port.clone(), stop.clone()));
    }
    if let Some(settings) = config.radio {
        let wake = port.wake.radio.clone();
        tasks.spawn(radio::run(settings, port.clone(), wake, stop.clone()));
    }
    for settings in config.xfcc {
        let wake = port.wake.xfcc.subscribe();
        tasks.spawn(crate::transport::xfcc::bridge::run(
            settings,
            port.clone(),
            wake,
            stop.clone(),
        ));
    }
    if let Location::Postgres { .. } = db {
        let (at, port, stop) = (db.clone(), port.clone(), stop.clone());
        tasks.spawn_blocking(move || match Store::wakes(&at) {
            Ok(Some(wakes)) => other_sites_wake(wakes, &port, &stop),
            Ok(None) => {}
            Err(e) => tracing::error!(error = %e, "listening for other sites' replies"),
        });
    }
    let wake = port.wake.email.clone();
    tasks.spawn(outbox::run(sender, port.clone(), wake, stop.clone()));
    tasks.spawn(clock_sweep(port, config.clock.clone(), stop));

    tokio::spawn(async move {
        signalled.await;
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

/// Serves `app` until the daemon stops, a bounded number of connections at
/// a time, each closed when idle.
fn spawn_http(
    tasks: &mut tokio::task::JoinSet<()>,
    listener: tokio::net::TcpListener,
    app: axum::Router,
    mut stop: watch::Receiver<bool>,
    what: &'static str,
) {
    tasks.spawn(async move {
        let shutdown = async move {
            let _ = stop.wait_for(|s| *s).await;
        };
        let listener = crate::listener::Bounded::new(
            listener,
            crate::listener::MAX_CONNECTIONS,
            crate::listener::IDLE,
        );
        // The client's address: `/health` gives its detail to loopback only.
        let app = app.into_make_service_with_connect_info::<crate::listener::Client>();
        if let Err(e) = axum::serve(listener, app)
            .with_graceful_shutdown(shutdown)
            .await
        {
            tracing::error!(error = %e, "{what}");
        }
    });
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
            .with_service(move |s| service::sweep_clocks(s, Timestamp::now(), margin))
            .await
        {
            let gap = report.held.map(service::days);
            if gap.is_some() && gap != held {
                tracing::warn!(gap = ?gap, "clock sweep: the time is far past the last sweep; no forfeits until `ccgate clock --confirm-time`");
            }
            shared.metrics.clock_held(gap.clone());
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
