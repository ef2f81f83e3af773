//! Telling systemd how `serve` is doing (sd_notify): ready once the store
//! is open and every channel started (`Type=notify`), what it is doing
//! (`STATUS=`), stopping, and the watchdog's pings. Outside systemd
//! (`NOTIFY_SOCKET` unset) every call does nothing.

use std::time::Duration;

use sd_notify::NotifyState;
use tokio::sync::watch;

use crate::transport::port::ServicePort;

/// Sends `states`; a failure is logged, never fatal: the daemon serves the
/// same whether or not systemd hears it.
fn notify(states: &[NotifyState<'_>]) {
    if let Err(e) = sd_notify::notify(states) {
        tracing::warn!(error = %e, "telling systemd (NOTIFY_SOCKET)");
    }
}

/// What the daemon is doing, for `systemctl status`.
pub fn status(text: &str) {
    notify(&[NotifyState::Status(text)]);
}

/// The daemon takes messages from now on.
pub fn ready(text: &str) {
    notify(&[NotifyState::Ready, NotifyState::Status(text)]);
}

/// The daemon finishes what it has in hand and stops.
pub fn stopping() {
    notify(&[
        NotifyState::Stopping,
        NotifyState::Status("stopping: finishing the messages in hand"),
    ]);
}

/// Pings systemd's watchdog (when `WATCHDOG_USEC` asks for it) until
/// `stop`, each ping only after an empty transaction went through the
/// queue every inbound message goes through ([`ServicePort::heartbeat`]):
/// a store that cannot be written or a queue that no longer moves stops
/// the pings, and systemd restarts the daemon. Pings twice per period, so
/// one slow commit does not cost a restart.
pub async fn watchdog(port: ServicePort, mut stop: watch::Receiver<bool>) {
    let Some(period) = sd_notify::watchdog_enabled() else {
        return;
    };
    let every = (period / 2).max(Duration::from_millis(10));
    tracing::info!(?period, "systemd watchdog");
    let mut failing = false;
    loop {
        let beat = tokio::select! {
            beat = port.heartbeat() => beat,
            _ = stop.wait_for(|stopped| *stopped) => return,
        };
        match beat {
            Ok(()) => {
                if failing {
                    tracing::info!("the store takes writes again; watchdog pings resume");
                }
                failing = false;
                notify(&[NotifyState::Watchdog]);
            }
            // Logged by the port; said here once an outage.
            Err(e) if !failing => {
                failing = true;
                tracing::error!(error = %e, "no watchdog ping: the store takes no write");
            }
            Err(_) => {}
        }
        if !crate::transport::channel::pause(every, &mut stop).await {
            return;
        }
    }
}
