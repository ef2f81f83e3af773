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
use crate::transport::channel::pause;
use crate::transport::files;
use crate::transport::port::ServicePort;

/// Runs the spool until `stop` turns true: its incoming files are read and
/// removed (or moved) after their commit, replies are written to its
/// outgoing directory, named by outbox id so a repeat replaces its file.
pub async fn run(config: SpoolConfig, shared: ServicePort, mut stop: watch::Receiver<bool>) {
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
                    let due = s.due(Channel::Sms, now, 50)?;
                    let mut sent = 0;
                    for reply in due {
                        match spool::write_outgoing(kind, &dir, reply.id.0, &reply.to, &reply.body)
                        {
                            Ok(_) => {
                                let tx = s.write()?;
                                tx.mark_sent(reply.id, now)?;
                                tx.commit()?;
                                sent += 1;
                            }
                            Err(e) => service::delivery_failed(
                                s,
                                reply.id,
                                &format!("spool {}: {e}", dir.display()),
                                false,
                                shared.retry,
                                now,
                            )?,
                        }
                    }
                    Ok(sent)
                })
                .await
        };
        // A store error is logged and counted by the port.
        if let Ok(n) = sent {
            (0..n).for_each(|_| shared.metrics.sent(Channel::Sms));
        }
        if !pause(config.poll_every, &mut stop).await {
            return;
        }
    }
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
