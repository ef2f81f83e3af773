//! Stopping on request: the daemons (`serve`, `radio-station`) end
//! cleanly on SIGTERM or SIGINT.

/// SIGTERM or SIGINT. The handlers are installed when this is called, not
/// when the future is first polled, so a signal that comes while the
/// daemon is still starting stops it cleanly instead of killing it.
pub fn wait_for_signal() -> impl std::future::Future<Output = ()> + Send {
    use tokio::signal::unix::{SignalKind, signal};
    let term = signal(SignalKind::terminate());
    let int = signal(SignalKind::interrupt());
    async move {
        match (term, int) {
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
}
