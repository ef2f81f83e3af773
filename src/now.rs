//! The one time source of the process. `$CCGATE_NOW` (RFC 3339) sets the
//! instant the process starts at: a command that lasts a moment sees that
//! instant, and `serve` sees time run on from it, second by second, so
//! tests and replays of what the daemon does over time (sweeps, timed
//! sends, retries) need not wait for the calendar. Without it, the system
//! clock.

use std::sync::OnceLock;
use std::time::Instant;

use jiff::{SignedDuration, Timestamp};

/// Now, as the process's clock says (see the module).
pub fn now() -> Timestamp {
    static START: OnceLock<Option<(Timestamp, Instant)>> = OnceLock::new();
    let start = START.get_or_init(|| {
        std::env::var("CCGATE_NOW")
            .ok()
            .and_then(|s| s.parse::<Timestamp>().ok())
            .map(|t| (t, Instant::now()))
    });
    match start {
        // Whole seconds: a command run at a given instant sees exactly it.
        Some((t, at)) => {
            let elapsed = i64::try_from(at.elapsed().as_secs()).unwrap_or(i64::MAX);
            t.checked_add(SignedDuration::from_secs(elapsed))
                .unwrap_or(Timestamp::MAX)
        }
        None => Timestamp::now(),
    }
}
