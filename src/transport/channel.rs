//! What every channel shares: the error that tells a reconnect from giving
//! up, the one supervisor that reconnects with backoff, and the pause that
//! ends early when the daemon stops.

use std::future::Future;
use std::time::Duration;

use tokio::sync::watch;

use crate::metrics::{LinkSlot, LinkState};
use crate::transport::port::PortError;

/// Why a channel's connection ended.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChannelError {
    /// The line, the device or the peer failed: connect again after a pause.
    #[error("{0}")]
    Retry(String),
    /// Connecting again cannot help and may harm (a SIM refusing its PIN
    /// locks itself after three tries): the channel stops.
    #[error("{0}")]
    GiveUp(String),
}

impl ChannelError {
    /// A failure worth another try, said as `e` says it.
    pub fn retry(e: impl std::fmt::Display) -> ChannelError {
        ChannelError::Retry(e.to_string())
    }
}

/// A store that fails now may work at the next connection.
impl From<PortError> for ChannelError {
    fn from(e: PortError) -> Self {
        ChannelError::retry(e)
    }
}

/// The wait before the next connection: one second after a connection that
/// worked, doubling after each failure up to the channel's cap. It carries
/// the connection's status slot, since the session that resets it is the
/// one that knows the connection is up.
#[derive(Debug)]
pub struct Backoff {
    next: Duration,
    cap: Duration,
    link: LinkSlot,
}

const FIRST_RETRY: Duration = Duration::from_secs(1);

impl Backoff {
    /// The connection is up: the next failure waits the shortest time again.
    pub fn reset(&mut self) {
        self.next = FIRST_RETRY;
        self.link.set(LinkState::Up);
    }
}

/// A channel's connection, as the supervisor runs it.
pub trait Connection {
    /// Connects and serves until stopped (`Ok`) or failed; calls
    /// [`Backoff::reset`] once the connection is up.
    fn session(
        &mut self,
        stop: &mut watch::Receiver<bool>,
        backoff: &mut Backoff,
    ) -> impl Future<Output = Result<(), ChannelError>> + Send;
    /// A failure worth a metric and the last-error line.
    fn trouble(&mut self, error: &str);
}

/// Runs `connection` until it ends well (the stop) or gives up, connecting
/// again after each retryable failure, waiting at most `cap`; every failure
/// is logged under `what` and reported through [`Connection::trouble`], and
/// how the connection stands is kept in `link` for /health.
pub async fn supervise(
    what: &'static str,
    cap: Duration,
    connection: &mut impl Connection,
    stop: &mut watch::Receiver<bool>,
    link: LinkSlot,
) {
    let mut backoff = Backoff {
        next: FIRST_RETRY,
        cap,
        link,
    };
    while !*stop.borrow() {
        match connection.session(stop, &mut backoff).await {
            Ok(()) => return,
            Err(ChannelError::GiveUp(e)) => {
                tracing::error!(error = %e, "{what}: giving up");
                connection.trouble(&e);
                backoff.link.set(LinkState::GivenUp { error: e });
                return;
            }
            Err(ChannelError::Retry(e)) => {
                let wait = backoff.next;
                tracing::warn!(error = %e, retry_in = ?wait, "{what}");
                connection.trouble(&e);
                backoff.link.set(LinkState::Retrying { error: e });
                if !pause(wait, stop).await {
                    return;
                }
                backoff.next = (wait * 2).min(backoff.cap);
            }
        }
    }
}

/// The longest pause of a sender while the store fails.
const STORE_BACKOFF_MAX: Duration = Duration::from_secs(60);

/// A sender's pause after a poll: its poll interval while the store works;
/// while it fails (a full disk), a pause that doubles from the poll
/// interval up to a minute, so no sender hammers a failing store or fills
/// the log. Every sender (mail, modem, spool) keeps one.
#[derive(Debug)]
pub struct StoreBackoff {
    poll: Duration,
    failing: Duration,
}

impl StoreBackoff {
    pub fn new(poll: Duration) -> StoreBackoff {
        StoreBackoff {
            poll,
            failing: Duration::ZERO,
        }
    }

    /// The pause after a poll whose store work failed (`failed`) or not.
    pub fn after(&mut self, failed: bool) -> Duration {
        self.failing = if failed {
            (self.failing * 2).clamp(self.poll, STORE_BACKOFF_MAX.max(self.poll))
        } else {
            Duration::ZERO
        };
        self.failing.max(self.poll)
    }

    /// True while the store fails: the pause is not cut short by a wake-up.
    pub fn failing(&self) -> bool {
        !self.failing.is_zero()
    }
}

/// Sleeps `every`, or less if stopped; false once stopped.
pub async fn pause(every: Duration, stop: &mut watch::Receiver<bool>) -> bool {
    if *stop.borrow() {
        return false;
    }
    tokio::select! {
        _ = tokio::time::sleep(every) => {}
        _ = stop.changed() => {}
    }
    !*stop.borrow()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A connection that fails, comes up, then gives up, noting at each
    /// step how its link stood.
    struct Steps {
        link: LinkSlot,
        sessions: usize,
        seen: Vec<LinkState>,
    }

    impl Connection for Steps {
        async fn session(
            &mut self,
            _stop: &mut watch::Receiver<bool>,
            backoff: &mut Backoff,
        ) -> Result<(), ChannelError> {
            self.sessions += 1;
            self.seen.push(self.link.get().0);
            if self.sessions == 1 {
                return Err(ChannelError::Retry("no carrier".into()));
            }
            backoff.reset();
            self.seen.push(self.link.get().0);
            Err(ChannelError::GiveUp("PIN refused".into()))
        }

        fn trouble(&mut self, _error: &str) {}
    }

    #[tokio::test]
    async fn the_link_says_connecting_retrying_up_and_given_up_in_turn() {
        let link = LinkSlot::default();
        let mut c = Steps {
            link: link.clone(),
            sessions: 0,
            seen: Vec::new(),
        };
        let (_tx, mut stop) = watch::channel(false);
        supervise(
            "test line",
            Duration::from_secs(1),
            &mut c,
            &mut stop,
            link.clone(),
        )
        .await;
        assert_eq!(
            c.seen,
            [
                LinkState::Connecting,
                LinkState::Retrying {
                    error: "no carrier".into()
                },
                LinkState::Up,
            ]
        );
        assert_eq!(
            link.get().0,
            LinkState::GivenUp {
                error: "PIN refused".into()
            }
        );
    }

    #[test]
    fn a_failing_store_doubles_the_pause_up_to_a_minute_and_a_success_resets_it() {
        let mut b = StoreBackoff::new(Duration::from_millis(100));
        assert_eq!(b.after(false), Duration::from_millis(100));
        assert!(!b.failing());
        let pauses: Vec<Duration> = (0..12).map(|_| b.after(true)).collect();
        assert_eq!(pauses[0], Duration::from_millis(100));
        assert_eq!(pauses[1], Duration::from_millis(200));
        assert_eq!(pauses[11], Duration::from_secs(60));
        assert!(b.failing());
        assert_eq!(b.after(false), Duration::from_millis(100));
        assert!(!b.failing());
    }
}
