//! The clock-jump guard: a sweep far later than the last one (the system
//! clock jumped forward, or the gateway was switched off for a week) may
//! not forfeit anyone until a person has confirmed the time. A gateway
//! that ran all along sweeps every minute and never meets the guard.

use jiff::{SignedDuration, Timestamp};

/// The gap after which a sweep waits for the director: a day.
pub const DEFAULT_JUMP_MARGIN: SignedDuration = SignedDuration::from_hours(24);

/// What the guard knows: the last sweep, and whether a jump is waiting for
/// the director's confirmation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SweepClock {
    pub last_run: Option<Timestamp>,
    /// When a sweep found the jump; `None` when the time is trusted.
    pub held_since: Option<Timestamp>,
}

/// What a sweep may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guard {
    /// Forfeits and reminders as the clocks say.
    Sweep,
    /// Reminders only: the time is `gap` past the last sweep and nobody has
    /// confirmed it. `new` is true for the sweep that found the jump (the
    /// one that tells the director).
    RemindOnly { gap: SignedDuration, new: bool },
}

/// Judges a sweep at `now`.
pub fn guard(clock: &SweepClock, now: Timestamp, margin: SignedDuration) -> Guard {
    let gap = clock
        .last_run
        .map_or(SignedDuration::ZERO, |last| now.duration_since(last));
    match clock.held_since {
        Some(_) => Guard::RemindOnly { gap, new: false },
        None if gap > margin => Guard::RemindOnly { gap, new: true },
        None => Guard::Sweep,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hours: i64) -> Timestamp {
        Timestamp::from_second(1_800_000_000 + hours * 3600).unwrap()
    }

    #[test]
    fn a_sweep_long_after_the_last_waits_until_the_time_is_confirmed() {
        let m = DEFAULT_JUMP_MARGIN;
        assert_eq!(guard(&SweepClock::default(), at(0), m), Guard::Sweep);
        let ran = SweepClock {
            last_run: Some(at(0)),
            held_since: None,
        };
        assert_eq!(guard(&ran, at(1), m), Guard::Sweep);
        assert_eq!(guard(&ran, at(24), m), Guard::Sweep);
        assert_eq!(
            guard(&ran, at(60 * 24), m),
            Guard::RemindOnly {
                gap: SignedDuration::from_hours(60 * 24),
                new: true
            }
        );
        let held = SweepClock {
            last_run: Some(at(0)),
            held_since: Some(at(60 * 24)),
        };
        // Held until confirmed, even when the clock comes back.
        assert!(matches!(
            guard(&held, at(1), m),
            Guard::RemindOnly { new: false, .. }
        ));
    }
}
