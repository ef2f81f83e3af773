//! The SMS channel through another program's spool (gammu-smsd,
//! smstools3): incoming files become inbound messages, the SMS outbox
//! becomes outgoing files.

use std::path::Path;

use jiff::Timestamp;
use tokio::sync::watch;

use super::config::SpoolConfig;
use super::receive::Numbering;
use super::spool;
use crate::protocol::address::Channel;
use crate::service::{self, Aside};
use crate::transport::channel::{StoreBackoff, pause};
use crate::transport::files;
use crate::transport::port::ServicePort;

/// Runs the spool until `stop` turns true: its incoming files are read and
/// removed (or moved) after their commit, replies are written to its
/// outgoing directory, named by outbox id so a repeat replaces its file.
pub async fn run(config: SpoolConfig, shared: ServicePort, mut stop: watch::Receiver<bool>) {
    let numbering = config.numbering();
    let mut backoff = StoreBackoff::new(config.poll_every);
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
        let failed = send_due(&shared, &config).await.is_err();
        // A store error is logged and counted by the port; the pause grows
        // while it lasts.
        if !pause(backoff.after(failed), &mut stop).await {
            return;
        }
    }
}

/// Writes the replies due as outgoing files, each held before its file is
/// written and marked sent after (the spool's program may take a file at
/// once: a file written twice may be sent twice). Err when the store failed.
async fn send_due(shared: &ServicePort, config: &SpoolConfig) -> Result<(), String> {
    let due = shared
        .with_store(|s| s.due(Channel::Sms, Timestamp::now(), 50))
        .await?;
    for reply in due {
        if !shared.hold_for_send(reply.id).await? {
            continue;
        }
        match spool::write_outgoing(
            config.kind,
            &config.outgoing,
            reply.id.0,
            &reply.to,
            &reply.body,
        ) {
            Ok(_) => {
                let id = reply.id;
                shared
                    .with_store(move |s| {
                        let tx = s.write()?;
                        tx.mark_sent(id, Timestamp::now())?;
                        tx.commit()
                    })
                    .await?;
                shared.metrics.sent(Channel::Sms);
            }
            Err(e) => {
                let e = format!("spool {}: {e}", config.outgoing.display());
                shared
                    .delivery_failed(Channel::Sms, reply.id, e, false)
                    .await?
            }
        }
    }
    Ok(())
}

async fn spool_file(
    shared: &ServicePort,
    config: &SpoolConfig,
    numbering: &Numbering,
    file: &Path,
) {
    let msg = match spool::read(config.kind, file) {
        Ok(m) => Ok(service::Inbound {
            channel: Channel::Sms,
            from: numbering.international(&m.from),
            transport_id: Some(m.transport_id),
            raw: files::read_regular(file, spool::MAX_FILE).unwrap_or_default(),
            text: m.text,
            auth: service::Auth::Unchecked,
            rules: shared.rules,
        }),
        Err(spool::SpoolError::Io(e)) => {
            let e = format!("{}: {e}", file.display());
            tracing::warn!(error = %e, "SMS spool");
            shared.metrics.error(&e);
            return;
        }
        Err(e) => Err((
            e.to_string(),
            files::read_regular(file, spool::MAX_FILE).unwrap_or_default(),
        )),
    };
    let name = file.display().to_string();
    let rules = shared.rules;
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
                    auth: service::Auth::Unchecked,
                    rules,
                };
                let why = Aside::Ignored(format!("unreadable spool file: {why}"));
                service::set_aside(s, &m, &why, Timestamp::now())
            }
        })
        .await;
    // A store error is logged and counted by the port.
    if let Ok(p) = processed {
        shared.processed(Channel::Sms, &p);
        if let Err(e) = spool::accept(file, config.done.as_deref()) {
            shared.metrics.error(&format!("{}: {e}", file.display()));
        }
    }
}
