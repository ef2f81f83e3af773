//! The SMS channel through another program's spool (gammu-smsd,
//! smstools3): incoming files become inbound messages, the SMS outbox
//! becomes outgoing files.

use std::future::Future;
use std::path::{Path, PathBuf};

use tokio::sync::watch;

use super::config::SpoolConfig;
use super::receive::Numbering;
use super::spool;
use crate::protocol::address::Channel;
use crate::service::{self, Aside};
use crate::transport::channel::{StoreBackoff, pause};
use crate::transport::files;
use crate::transport::port::{PortError, ServicePort, Wakers};
use crate::transport::start::{self, Context, StartError};

/// The spool as a channel, from its settings. It has no bell: it writes
/// the replies due at each poll.
impl start::Channel for SpoolConfig {
    const NAME: &'static str = "sms spool";
    type Wake = ();

    fn wake(_: &Wakers) {}

    fn start(self, cx: Context) -> Result<impl Future<Output = ()> + Send + 'static, StartError> {
        Ok(run(self, cx.port, cx.stop))
    }
}

/// Runs the spool until `stop` turns true: its incoming files are read and
/// removed (or moved) after their commit, replies are written to its
/// outgoing directory, named by outbox id so a repeat replaces its file.
pub async fn run(config: SpoolConfig, shared: ServicePort, mut stop: watch::Receiver<bool>) {
    let numbering = config.numbering();
    let mut backoff = StoreBackoff::new(config.poll_every);
    loop {
        match spool::pending(config.kind, &config.incoming) {
            Ok(files) => {
                for batch in files.chunks(FILES) {
                    if *stop.borrow() {
                        return;
                    }
                    spool_files(&shared, &config, &numbering, batch).await;
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

/// Writes the replies due as outgoing files, held before their files are
/// written and marked sent after (the spool's program may take a file at
/// once: a file written twice may be sent twice), the holds in one
/// transaction and the marks in another. Err when the store failed.
async fn send_due(shared: &ServicePort, config: &SpoolConfig) -> Result<(), PortError> {
    let retry = shared.retry;
    let (held, _) = shared
        .with_store(move |s| s.claim_due(Channel::Sms, crate::now::now(), 50, retry))
        .await?;
    let mut sent = Vec::with_capacity(held.len());
    // A failure recorded badly does not stop the files written from being
    // marked sent.
    let mut recorded = Ok(());
    for reply in &held {
        match spool::write_outgoing(
            config.kind,
            &config.outgoing,
            reply.id.0,
            &reply.to,
            &reply.body,
        ) {
            Ok(_) => sent.push(reply.id),
            Err(e) => {
                let e = format!("spool {}: {e}", config.outgoing.display());
                let failed = shared.delivery_failed(Channel::Sms, reply.id, e, false);
                recorded = recorded.and(failed.await);
            }
        }
    }
    if !sent.is_empty() {
        shared.sent(Channel::Sms, sent).await?;
    }
    recorded
}

/// Spool files committed together: a modem's backlog shares one fsync
/// (issue 21). An SMS file is small (at most [`spool::MAX_FILE`]), so a
/// batch holds little memory.
const FILES: usize = 64;

/// Processes spool files ready together in one transaction, each in its
/// own savepoint ([`ServicePort::batch`]). Each file is removed (or moved)
/// only after the commit, and only if its own processing succeeded: one
/// whose processing failed is journaled with its error and stays for the
/// next poll, when the journal answers it as a duplicate.
async fn spool_files(
    shared: &ServicePort,
    config: &SpoolConfig,
    numbering: &Numbering,
    files: &[PathBuf],
) {
    let (read, inputs): (Vec<&PathBuf>, Vec<_>) = files
        .iter()
        .filter_map(|file| Some((file, input(shared, config, numbering, file)?)))
        .unzip();
    if read.is_empty() {
        return;
    }
    let done = shared
        .batch(Channel::Sms, move |b| {
            inputs
                .iter()
                .map(|(msg, aside)| match aside {
                    None => b.submit(msg, crate::now::now()),
                    Some(why) => b.set_aside(msg, why, crate::now::now()),
                })
                .collect()
        })
        .await;
    // Err: nothing was committed (logged and counted by the port), so no
    // file may go.
    let Ok(done) = done else {
        return;
    };
    for (file, result) in read.into_iter().zip(done) {
        if result.is_ok()
            && let Err(e) = spool::accept(file, config.done.as_deref())
        {
            shared.metrics.error(&format!("{}: {e}", file.display()));
        }
    }
}

/// A spool file as the service takes it: the message, or (a file that
/// does not parse) a message to journal and set aside, with why. None: the
/// file could not be read now (logged; tried again at the next poll).
fn input(
    shared: &ServicePort,
    config: &SpoolConfig,
    numbering: &Numbering,
    file: &Path,
) -> Option<(service::Inbound, Option<Aside>)> {
    let inbound = |from: String, transport_id: String, text: String| service::Inbound {
        thread: Vec::new(),
        channel: Channel::Sms,
        from,
        transport_id: Some(transport_id),
        raw: files::read_regular(file, spool::MAX_FILE).unwrap_or_default(),
        text,
        auth: service::Auth::Unchecked,
        rules: shared.rules,
    };
    match spool::read(config.kind, file) {
        Ok(m) => Some((
            inbound(numbering.international(&m.from), m.transport_id, m.text),
            None,
        )),
        Err(spool::SpoolError::Io(e)) => {
            let e = format!("{}: {e}", file.display());
            tracing::warn!(error = %e, "SMS spool");
            shared.metrics.error(&e);
            None
        }
        Err(e) => Some((
            inbound(
                String::new(),
                format!("spool-unreadable:{}", file.display()),
                String::new(),
            ),
            Some(Aside::Ignored(format!("unreadable spool file: {e}"))),
        )),
    }
}
