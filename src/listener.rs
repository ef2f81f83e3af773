//! The HTTP listeners' accept loop (the status endpoint's, and the web
//! pages' with Xfcc): a bound on the connections served at once, a
//! smaller one per client address, a deadline for each request's headers
//! and an idle deadline on each connection.
//!
//! The bounds are set from the process's descriptor limit
//! ([`Budget::from_limit`]): the connections get what the store, the
//! mail, the serial lines and the runtime leave, and the status endpoint
//! has slots of its own, so neither a crowd on the web port nor one on the
//! status port starves the other or the inputs.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

/// How long a connection may stay silent once its request has started (a
/// body that stops, a client that reads no more of the answer, a peer that
/// vanished) before it is closed. Waiting for a request is bounded by the
/// header deadline instead.
pub const IDLE: Duration = Duration::from_secs(10);

/// The most a connection's read buffer grows to (hyper's default is about
/// 400 KB): the request line and headers must fit, and thousands of
/// connections stay within tens of megabytes.
const READ_BUFFER: usize = 64 * 1024;

/// How often at most one kind of warning is logged while it lasts.
const WARN_EVERY: Duration = Duration::from_secs(60);

/// What one listener serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections at once; more wait in the kernel's backlog, using no
    /// descriptor of ours.
    pub connections: usize,
    /// Connections at once from one address (an IPv6 client counts by its
    /// /64); more are closed as soon as they are accepted.
    pub per_address: usize,
    /// How long the request line and headers may take, from the moment the
    /// server waits for them (idle keep-alive connections included).
    pub header_timeout: Duration,
}

impl Limits {
    /// `share` connections, the listener's share of the descriptors for
    /// what was asked; a configured number (`configured`) cut to the share
    /// is said in the log, once at the start.
    pub fn within(
        what: &'static str,
        configured: Option<usize>,
        share: usize,
        per_address: usize,
        header_timeout: Duration,
    ) -> Limits {
        if let Some(asked) = configured.filter(|&asked| asked > share) {
            tracing::warn!(
                asked,
                serving = share,
                "{what}: max_connections is more than the descriptor limit (RLIMIT_NOFILE, systemd's LimitNOFILE) allows"
            );
        }
        Limits {
            connections: share,
            per_address,
            header_timeout,
        }
    }
}

/// The connections the two listeners may hold together, under the
/// process's descriptor limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget(usize);

impl Budget {
    /// A quarter of `limit` (at least 32) is kept for everything that is
    /// not a connection: the store and its journal files or PostgreSQL
    /// connections, the mail sessions and Maildir files, serial lines, the
    /// runtime, the listeners themselves.
    pub fn from_limit(limit: u64) -> Budget {
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let kept = (limit / 4).max(32);
        // A limit too small for any headroom still serves one each.
        Budget(limit.saturating_sub(kept).max(2))
    }

    /// The process's soft limit on open descriptors (`RLIMIT_NOFILE`);
    /// unlimited or unknown as `u64::MAX`.
    pub fn of_process() -> Budget {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes into the struct it is given and nothing else.
        let read = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
        let soft = if read && limit.rlim_cur != libc::RLIM_INFINITY {
            limit.rlim_cur
        } else {
            u64::MAX
        };
        Budget::from_limit(soft)
    }

    /// The status endpoint's share: what it asks for, at most a quarter of
    /// the budget (at least one).
    pub fn status(self, wanted: usize) -> usize {
        wanted.min(self.0 / 4).max(1)
    }

    /// The web's share: what it asks for, at most what the status endpoint
    /// (`status`, its share) leaves.
    pub fn web(self, wanted: usize, status: usize) -> usize {
        wanted.min(self.0.saturating_sub(status)).max(1)
    }
}

/// The address of the client of a connection, in each request's
/// extensions as `ConnectInfo<Client>`.
#[derive(Debug, Clone, Copy)]
pub struct Client(pub SocketAddr);

/// Serves `app` on `listener` within `limits` until `stop` turns true,
/// then lets the requests in hand finish. `what` names the listener in
/// the log.
pub async fn serve(
    listener: TcpListener,
    app: axum::Router,
    limits: Limits,
    what: &'static str,
    mut stop: watch::Receiver<bool>,
) {
    let slots = Arc::new(Semaphore::new(limits.connections));
    let addresses = Arc::new(Addresses::new(limits.per_address));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(READ_BUFFER);
    // Every connection holds a receiver: when all are gone, all are done.
    let (done_tx, done_rx) = watch::channel(());
    let mut full = Throttle::default();
    let mut crowded = Throttle::default();
    let mut failing = Throttle::default();
    loop {
        let slot = match slots.clone().try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                if let Some(quiet) = full.due() {
                    tracing::warn!(
                        connections = limits.connections,
                        times_since = quiet,
                        "{what}: every connection slot is in use; new connections wait in the backlog (max_connections)"
                    );
                }
                tokio::select! {
                    slot = slots.clone().acquire_owned() => match slot {
                        Ok(slot) => slot,
                        Err(_) => break,
                    },
                    () = stopped(&mut stop) => break,
                }
            }
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    if let Some(quiet) = failing.due() {
                        tracing::warn!(error = %e, times_since = quiet, "{what}: accept");
                    }
                    // Out of descriptors or similar: wait rather than spin.
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = stopped(&mut stop) => break,
        };
        let Some(seat) = Addresses::take(&addresses, peer.ip()) else {
            if let Some(quiet) = crowded.due() {
                tracing::warn!(
                    client = %peer.ip(),
                    per_address = limits.per_address,
                    times_since = quiet,
                    "{what}: one address holds its every connection slot; its further connections are closed (max_connections_per_address)"
                );
            }
            drop(stream);
            continue;
        };
        let held = Held {
            _slot: slot,
            _seat: seat,
            _done: done_rx.clone(),
        };
        tokio::spawn(connection(
            stream,
            peer,
            app.clone(),
            http.clone(),
            stop.clone(),
            held,
        ));
    }
    drop(done_rx);
    done_tx.closed().await;
}

/// Until the daemon stops (or its stop is gone). The watch's guard is not
/// `Send`, so it is dropped here rather than held across the awaits after.
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// What a connection holds until it ends.
struct Held {
    _slot: OwnedSemaphorePermit,
    _seat: Seat,
    _done: watch::Receiver<()>,
}

/// Serves one connection; when the daemon stops, the request in hand is
/// answered and the connection closed.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: axum::Router,
    http: hyper::server::conn::http1::Builder,
    mut stop: watch::Receiver<bool>,
    _held: Held,
) {
    let app = TowerToHyperService::new(app);
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut()
            .insert(axum::extract::ConnectInfo(Client(peer)));
        hyper::service::Service::call(&app, req)
    });
    let conn = http.serve_connection(TokioIo::new(Guarded::new(stream, IDLE)), service);
    let mut conn = std::pin::pin!(conn);
    let ended = tokio::select! {
        ended = conn.as_mut() => ended,
        () = stopped(&mut stop) => {
            conn.as_mut().graceful_shutdown();
            conn.await
        }
    };
    // A client that went away or missed a deadline: nothing for the log.
    if let Err(e) = ended {
        tracing::debug!(client = %peer, error = %e, "connection");
    }
}

/// The connections each client address holds.
struct Addresses {
    bound: usize,
    held: Mutex<HashMap<IpAddr, usize>>,
}

impl Addresses {
    fn new(bound: usize) -> Addresses {
        Addresses {
            bound,
            held: Mutex::new(HashMap::new()),
        }
    }

    /// A seat for one more connection from `ip`, if it has one left.
    fn take(this: &Arc<Addresses>, ip: IpAddr) -> Option<Seat> {
        let key = client_key(ip);
        let mut held = this.held.lock().unwrap_or_else(PoisonError::into_inner);
        let n = held.entry(key).or_insert(0);
        if *n >= this.bound {
            return None;
        }
        *n += 1;
        Some(Seat {
            addresses: this.clone(),
            key,
        })
    }
}

/// One connection's place in its address's count, given back when the
/// connection ends.
struct Seat {
    addresses: Arc<Addresses>,
    key: IpAddr,
}

impl Drop for Seat {
    fn drop(&mut self) {
        let mut held = self
            .addresses
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = held.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                held.remove(&self.key);
            }
        }
    }
}

/// The address a client is counted by: IPv4 as it is (also when it comes
/// mapped into IPv6), IPv6 by its /64, the block one subscriber holds.
fn client_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(bits.into())
        }
        v4 => v4,
    }
}

/// At most one warning per [`WARN_EVERY`] about one condition, however
/// often it recurs, with how many were kept quiet since.
#[derive(Default)]
struct Throttle {
    last: Option<Instant>,
    quiet: u64,
}

impl Throttle {
    /// `Some(kept quiet)` when a warning is due now.
    fn due(&mut self) -> Option<u64> {
        let now = Instant::now();
        match self.last {
            Some(at) if now.duration_since(at) < WARN_EVERY => {
                self.quiet += 1;
                None
            }
            _ => {
                self.last = Some(now);
                Some(std::mem::take(&mut self.quiet))
            }
        }
    }
}

/// One connection: fails with `TimedOut` once it has been silent for the
/// idle time while a read or a write waits.
struct Guarded {
    stream: TcpStream,
    idle: Duration,
    deadline: std::pin::Pin<Box<tokio::time::Sleep>>,
}

impl Guarded {
    fn new(stream: TcpStream, idle: Duration) -> Guarded {
        Guarded {
            stream,
            idle,
            deadline: Box::pin(tokio::time::sleep(idle)),
        }
    }

    fn timed<T>(
        &mut self,
        cx: &mut std::task::Context<'_>,
        polled: std::task::Poll<std::io::Result<T>>,
    ) -> std::task::Poll<std::io::Result<T>> {
        use std::task::Poll;
        match polled {
            Poll::Pending => match self.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(std::io::ErrorKind::TimedOut.into())),
                Poll::Pending => Poll::Pending,
            },
            done => {
                let next = tokio::time::Instant::now() + self.idle;
                self.deadline.as_mut().reset(next);
                done
            }
        }
    }
}

impl tokio::io::AsyncRead for Guarded {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let polled = std::pin::Pin::new(&mut self.stream).poll_read(cx, buf);
        self.timed(cx, polled)
    }
}

impl tokio::io::AsyncWrite for Guarded {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let polled = std::pin::Pin::new(&mut self.stream).poll_write(cx, buf);
        self.timed(cx, polled)
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let polled = std::pin::Pin::new(&mut self.stream).poll_flush(cx);
        self.timed(cx, polled)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_keeps_a_quarter_of_the_descriptors_and_at_least_32() {
        assert_eq!(Budget::from_limit(1024), Budget(768));
        assert_eq!(Budget::from_limit(64), Budget(32));
        assert_eq!(Budget::from_limit(10), Budget(2));
        let b = Budget::from_limit(1024);
        assert_eq!(b.status(64), 64);
        assert_eq!(b.web(4096, 64), 704);
        let small = Budget::from_limit(64);
        assert_eq!(small.status(64), 8);
        assert_eq!(small.web(4096, 8), 24);
        assert_eq!(Budget::from_limit(u64::MAX).web(4096, 64), 4096);
    }

    #[test]
    fn an_ipv6_client_counts_by_its_64_and_a_mapped_ipv4_as_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(client_key(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn an_address_has_its_bound_and_gets_its_seats_back() {
        let addresses = Arc::new(Addresses::new(2));
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let first = Addresses::take(&addresses, ip).expect("a seat");
        let _second = Addresses::take(&addresses, ip).expect("a seat");
        assert!(Addresses::take(&addresses, ip).is_none());
        assert!(Addresses::take(&addresses, "192.0.2.2".parse().unwrap()).is_some());
        drop(first);
        assert!(Addresses::take(&addresses, ip).is_some());
    }

    #[test]
    fn a_recurring_warning_is_logged_once_a_minute_with_the_quiet_count() {
        let mut t = Throttle::default();
        assert_eq!(t.due(), Some(0));
        assert_eq!(t.due(), None);
        assert_eq!(t.due(), None);
        t.last = Instant::now().checked_sub(WARN_EVERY);
        assert_eq!(t.due(), Some(2));
    }
}
