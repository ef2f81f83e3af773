//! `ccgate serve` under systemd's eye: the notifications it sends on the
//! socket systemd would give it (`NOTIFY_SOCKET`, bound here), and the
//! watchdog's pings, which stop while the store takes no write.

use std::os::unix::net::UnixDatagram;
use std::time::{Duration, Instant};

use crate::support::gateway::{Gateway, MAILDIR_CONFIG};

/// Far beyond any wait the daemon should need: the events are waited for,
/// never timed.
const PATIENCE: Duration = Duration::from_secs(60);

/// The socket systemd listens on for a service's notifications.
struct Manager {
    socket: UnixDatagram,
}

impl Manager {
    /// Binds the socket in `gw`'s directory and hands it to the daemon,
    /// with a watchdog period of `watchdog`.
    fn for_gateway(gw: &mut Gateway, watchdog: Duration) -> Manager {
        let path = gw.path("notify.sock");
        let socket = UnixDatagram::bind(&path).expect("bind the notify socket");
        gw.env("NOTIFY_SOCKET", &path.display().to_string());
        gw.env("WATCHDOG_USEC", &watchdog.as_micros().to_string());
        Manager { socket }
    }

    /// The next notification, or None when none came within `wait`.
    fn next(&self, wait: Duration) -> Option<String> {
        self.socket
            .set_read_timeout(Some(wait))
            .expect("read timeout");
        let mut buf = [0u8; 4096];
        match self.socket.recv(&mut buf) {
            Ok(n) => Some(String::from_utf8_lossy(&buf[..n]).into_owned()),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                None
            }
            Err(e) => panic!("reading the notify socket: {e}"),
        }
    }

    /// Reads notifications until one has the line `line`; returns it.
    fn wait_for(&self, line: &str, gw: &Gateway) -> String {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            if let Some(message) = self.next(PATIENCE)
                && message.lines().any(|l| l == line)
            {
                return message;
            }
        }
        panic!("no {line} from the daemon:\n{}", gw.log());
    }
}

#[test]
fn serve_tells_systemd_it_is_ready_alive_and_stopping() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let systemd = Manager::for_gateway(&mut gw, Duration::from_millis(400));
    gw.start();

    let ready = systemd.wait_for("READY=1", &gw);
    assert!(
        ready.contains("STATUS=serving the store") && ready.contains("inputs: Maildir"),
        "{ready}"
    );
    for _ in 0..3 {
        systemd.wait_for("WATCHDOG=1", &gw);
    }
    assert!(gw.stop().success(), "{}", gw.log());
    let stopping = systemd.wait_for("STOPPING=1", &gw);
    assert!(stopping.contains("STATUS=stopping"), "{stopping}");
}

#[test]
fn a_store_that_takes_no_write_stops_the_watchdog_pings() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let period = Duration::from_millis(200);
    let systemd = Manager::for_gateway(&mut gw, period);
    gw.start();
    systemd.wait_for("READY=1", &gw);
    systemd.wait_for("WATCHDOG=1", &gw);

    // Another process's write transaction holds the store's write lock,
    // as a wedged writer would.
    let other = rusqlite::Connection::open(gw.db()).expect("open the store");
    other
        .execute_batch("BEGIN IMMEDIATE")
        .expect("take the write lock");
    // A ping whose transaction committed just before may still come;
    // after it, none for many periods.
    let quiet = period * 25;
    let mut pings = 0;
    while let Some(message) = systemd.next(quiet) {
        if message.lines().any(|l| l == "WATCHDOG=1") {
            pings += 1;
            assert!(pings <= 1, "pings go on with the store locked");
        }
    }

    other.execute_batch("ROLLBACK").expect("release the lock");
    systemd.wait_for("WATCHDOG=1", &gw);
    assert!(gw.stop().success(), "{}", gw.log());
}
