//! Correspondence clocks: time controls, postal day counting, leave, time
//! forfeits and reminders.
//!
//! Everything here is pure: no I/O and no reading of the system clock. The
//! current instant is always passed in, and every part of ccgate that needs
//! it asks one [`TimeSource`]: [`SystemClock`] in the daemon, [`FixedTime`] or
//! [`ManualTime`] in tests, so tests move time forward without sleeping.
//!
//! # Time controls
//!
//! | text                 | variant                          | meaning                                     |
//! |----------------------|----------------------------------|---------------------------------------------|
//! | `10/50`              | [`TimeControl::MovesInDays`]     | 10 moves in 50 days, unused time carried    |
//! | `3d`, `d3`, `3/move` | [`TimeControl::DaysPerMove`]     | 3 days for each move (written back as `3d`) |
//! | `30+1`               | [`TimeControl::Fischer`]         | 30 days, plus 1 day per move made           |
//! | `-`, `none`          | [`TimeControl::Unlimited`]       | no limit (written back as `-`)              |
//!
//! Letters are case-insensitive and blanks around the parts are ignored.
//!
//! # How days are counted (the postal rule)
//!
//! A player's *reflection period* for a move runs from the instant the
//! opponent's move was delivered to them until the instant their reply
//! arrived (or `now`, while it is still running). Its cost in days is the
//! number of calendar dates, in the **player's** time zone, after the date of
//! receipt up to and including the date of the reply:
//!
//! * a reply on the day of receipt costs 0 days, the day of receipt never
//!   counts;
//! * each midnight passed costs one day: a move received at 23:59 and answered
//!   at 00:01 costs 1 day, one received at 00:01 and answered at 23:59 the
//!   same day costs nothing;
//! * a day is a calendar date, so the 23- and 25-hour days of a daylight
//!   saving change are one day each;
//! * dates on which the player is on [`Leave`] are not counted. A move
//!   received during leave therefore starts costing on the first date after
//!   the leave, as if it had been received on its last day.
//!
//! A limit is exceeded only when the days used are **more** than the days
//! allowed: using exactly the allowance is in time.
//!
//! # Who has which periods
//!
//! A player's periods are theirs alone, in order. The side to move first
//! (White, in the standard position) has a first period that starts when the
//! game started; every other period starts when the opponent's move was
//! delivered. The number of moves a player has made is the number of their
//! completed periods; [`periods_for`] derives them from a game's move times.
//!
//! # Carry-over in `N/D` (moves in days)
//!
//! With `moves`/`days`, the player's *k*-th move must arrive with
//!
//! ```text
//! total days used on moves 1..=k  <=  days * ceil(k / moves)
//! ```
//!
//! checked at every move and, for the running move, every day. So under
//! `10/50` the first control is at move 10 with 50 days in total, the second
//! at move 20 with 100 days in total, and so on: time not used before a
//! control carries over. A player who has used 48 days over moves 1–9 has 2
//! days left for move 10; if they use both (50 in total, exactly the
//! allowance), move 11 falls under the second control and has
//! `100 - 50 = 50` days. Had they used only 40 days over moves 1–10, move 11
//! would have 60.
//!
//! # Fischer (`B+I`)
//!
//! The balance before the player's first move is `B` days; each move costs
//! its days and, once made, earns `I` days. The running move may use the
//! balance as it stood when it started: `B + I * moves_made - days_used`. The
//! increment earned by a move does not count towards that same move. There is
//! no ceiling on the balance.
//!
//! # Leave
//!
//! Each player has a yearly allowance of leave days ([`DEFAULT_LEAVE_DAYS`],
//! configurable in [`LeaveBook::new`]), counted per calendar year of each
//! leave date (a leave from 20 December to 5 January uses 12 days of the
//! first year and 5 of the second). `leave N` ([`LeaveBook::request`]) counts
//! from the day it is announced, by the player's calendar, in whole days as
//! ICCF counts leave: today is its first day. A move sent while on leave ends
//! the leave on the move's date ([`LeaveBook::end_on`]).
//!
//! # Duplication
//!
//! ICCF's server rules count a single move's reflection time beyond a
//! threshold (20 days, some events 15) twice: [`status_with`] takes that
//! threshold, so a move that took 23 counted days costs `20 + 2 * 3 = 26`.
//! Leave days are not reflection days and are never doubled.
//!
//! # Forfeits and reminders
//!
//! [`status`] reports the days used, the limit, the days remaining and the
//! date on which the player forfeits (the first date on which the days
//! remaining are negative). [`sweep`] turns a status into the one action due:
//! a time forfeit, a reminder (once per move, when at most `remind_days`
//! remain, never on the day the move arrived) or nothing.
//!
//! # Example
//!
//! ```
//! use ccgate_core::game::clock::{status, zone, ManualTime, Period, TimeControl, TimeSource};
//! use jiff::SignedDuration;
//!
//! let tc: TimeControl = "10/50".parse()?;
//! assert_eq!(tc.to_string(), "10/50");
//! let tz = zone("Europe/Berlin")?;
//!
//! // White's first move: the game started on the evening of 1 March.
//! let clock = ManualTime::new("2025-03-01T20:00:00+01:00".parse()?);
//! let periods = [Period::running(clock.now())];
//!
//! // Three midnights later (2, 3 and 4 March) three days are used.
//! clock.advance(SignedDuration::from_hours(3 * 24));
//! let st = status(&tc, &tz, &periods, &[], clock.now());
//! assert_eq!(st.days_used_current, 3);
//! assert_eq!(st.days_remaining, Some(47));
//! assert_eq!(st.next_control, Some(10));
//! // The 51st counted day after 1 March is 21 April: a reply arriving that
//! // day is one day too late.
//! assert_eq!(st.forfeit_date, Some(jiff::civil::date(2025, 4, 21)));
//! assert!(!st.forfeited);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod control;
mod guard;
mod leave_book;

pub use control::*;
pub use guard::*;
pub use leave_book::*;

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

/// Leave days per player and calendar year unless configured otherwise.
pub const DEFAULT_LEAVE_DAYS: u32 = 45;

/// Remind a player when at most this many days remain for their move.
pub const DEFAULT_REMIND_DAYS: u32 = 3;

// ---------------------------------------------------------------------------
// The one clock interface
// ---------------------------------------------------------------------------

/// Where "now" comes from. Everything that needs the current instant takes a
/// `TimeSource` (or the instant it returned), so tests control time.
pub trait TimeSource {
    fn now(&self) -> Timestamp;
}

/// The real clock of the machine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SystemClock;

impl TimeSource for SystemClock {
    fn now(&self) -> Timestamp {
        Timestamp::now()
    }
}

/// A clock that always says the same instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixedTime(pub Timestamp);

impl TimeSource for FixedTime {
    fn now(&self) -> Timestamp {
        self.0
    }
}

/// A clock that tests set and advance by hand. Shareable between threads
/// (a `Mutex`, not a `Cell`) so a daemon under test can hold it too.
#[derive(Debug)]
pub struct ManualTime {
    now: Mutex<Timestamp>,
}

impl ManualTime {
    pub fn new(start: Timestamp) -> Self {
        Self {
            now: Mutex::new(start),
        }
    }

    /// Jumps to `at` (backwards too: tests of clock skew need it).
    pub fn set(&self, at: Timestamp) {
        *self.lock() = at;
    }

    /// Moves the clock by `by`, saturating at the ends of `Timestamp`.
    pub fn advance(&self, by: SignedDuration) {
        let mut now = self.lock();
        let fallback = if by.is_negative() {
            Timestamp::MIN
        } else {
            Timestamp::MAX
        };
        *now = now.checked_add(by).unwrap_or(fallback);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Timestamp> {
        // A panic elsewhere while holding the lock cannot leave a Timestamp
        // half-written, so a poisoned lock is still a good clock.
        self.now
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl TimeSource for ManualTime {
    fn now(&self) -> Timestamp {
        *self.lock()
    }
}

impl<T: TimeSource + ?Sized> TimeSource for &T {
    fn now(&self) -> Timestamp {
        (**self).now()
    }
}

impl<T: TimeSource + ?Sized> TimeSource for Box<T> {
    fn now(&self) -> Timestamp {
        (**self).now()
    }
}

impl<T: TimeSource + ?Sized> TimeSource for Arc<T> {
    fn now(&self) -> Timestamp {
        (**self).now()
    }
}

// ---------------------------------------------------------------------------
// Time zones and dates
// ---------------------------------------------------------------------------

/// A time zone name that the bundled tz database does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown time zone {0:?}; use an IANA name such as Europe/Berlin or America/Los_Angeles")]
pub struct UnknownZone(pub String);

/// The time zone with IANA name `name` (e.g. `Europe/Berlin`), from the tz
/// database bundled into ccgate, so results do not depend on the host.
/// (`TimeZone::get` would take the host's `/usr/share/zoneinfo` first, and
/// walk all of it to list the names: 3 M instructions and a few hundred
/// system calls in every process that reads a game's clock.)
pub fn zone(name: &str) -> Result<TimeZone, UnknownZone> {
    static BUNDLED: std::sync::OnceLock<jiff::tz::TimeZoneDatabase> = std::sync::OnceLock::new();
    BUNDLED
        .get_or_init(jiff::tz::TimeZoneDatabase::bundled)
        .get(name.trim())
        .map_err(|_| UnknownZone(name.to_string()))
}

/// The calendar date of `at` in `tz`.
pub fn local_date(tz: &TimeZone, at: Timestamp) -> Date {
    tz.to_datetime(at).date()
}

/// The origin of day numbers. The Unix epoch, not `Date::MIN`: jiff adds
/// durations to dates only within ±N days of 1970-01-01.
const EPOCH: Date = Date::constant(1970, 1, 1);

/// Days since 1970-01-01: plain integers make date arithmetic infallible.
fn day_number(d: Date) -> i64 {
    // Civil dates have no time zone, so every civil day is exactly 24 hours.
    d.duration_since(EPOCH).as_hours() / 24
}

fn date_of(n: i64) -> Option<Date> {
    let hours = n.checked_mul(24)?;
    EPOCH.checked_add(SignedDuration::from_hours(hours)).ok()
}

/// First and last day numbers of calendar year `year`.
fn year_bounds(year: i16) -> Option<(i64, i64)> {
    let first = Date::new(year, 1, 1).ok()?;
    let last = Date::new(year, 12, 31).ok()?;
    Some((day_number(first), day_number(last)))
}

/// Day number used for "no end" in leave ranges.
const OPEN: i64 = i64::MAX;

/// The leaves as sorted, merged, inclusive ranges of day numbers. Merging
/// keeps overlapping leaves (bad data) from being subtracted twice.
fn leave_ranges(leaves: &[Leave]) -> Vec<(i64, i64)> {
    let mut ranges: Vec<(i64, i64)> = leaves
        .iter()
        .map(|l| (day_number(l.from), l.until.map_or(OPEN, day_number)))
        .filter(|(f, u)| f <= u)
        .collect();
    ranges.sort_unstable();
    let mut merged: Vec<(i64, i64)> = Vec::with_capacity(ranges.len());
    for (f, u) in ranges {
        match merged.last_mut() {
            Some(last) if f <= last.1.saturating_add(1) => last.1 = last.1.max(u),
            _ => merged.push((f, u)),
        }
    }
    merged
}

/// Days counted between day `a` (receipt) and day `b` (reply): the dates in
/// `a+1 ..= b` that are not leave dates.
fn counted_days(a: i64, b: i64, leaves: &[(i64, i64)]) -> i64 {
    if b <= a {
        return 0;
    }
    let on_leave: i64 = leaves
        .iter()
        .map(|&(f, u)| (b.min(u) - (a + 1).max(f) + 1).max(0))
        .sum();
    b - a - on_leave
}

/// The day on which the `n`-th counted day after day `start` falls (`n >= 1`),
/// or `None` if an open-ended leave begins first.
fn nth_counted_day(start: i64, n: i64, leaves: &[(i64, i64)]) -> Option<i64> {
    let mut day = start;
    let mut need = n.max(1);
    for &(f, u) in leaves {
        if u <= day {
            continue;
        }
        let gap = f.max(day + 1) - day - 1;
        if need <= gap {
            return day.checked_add(need);
        }
        need -= gap;
        if u == OPEN {
            return None;
        }
        day = u;
    }
    day.checked_add(need)
}

// ---------------------------------------------------------------------------
// Periods and leaves
// ---------------------------------------------------------------------------

/// One reflection period of a player: from the delivery of the opponent's
/// move (or the start of the game) until their reply arrived; `end: None`
/// while it is still running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Period {
    #[serde(with = "text")]
    pub start: Timestamp,
    #[serde(with = "opt_text", default)]
    pub end: Option<Timestamp>,
}

impl Period {
    pub fn completed(start: Timestamp, end: Timestamp) -> Self {
        Self {
            start,
            end: Some(end),
        }
    }

    pub fn running(start: Timestamp) -> Self {
        Self { start, end: None }
    }
}

/// A leave: whole calendar dates in the player's zone, `from` to `until`
/// inclusive; `until: None` is open-ended (until further notice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Leave {
    #[serde(with = "text")]
    pub from: Date,
    #[serde(with = "opt_text", default)]
    pub until: Option<Date>,
}

impl Leave {
    /// Whether `date` is a leave date.
    pub fn covers(&self, date: Date) -> bool {
        self.from <= date && self.until.is_none_or(|u| date <= u)
    }

    /// Number of dates, `None` when open-ended.
    pub fn days(&self) -> Option<i64> {
        self.until
            .map(|u| (day_number(u) - day_number(self.from) + 1).max(0))
    }
}

/// When a move arrived at ccgate and when it was delivered to the opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveTimes {
    #[serde(with = "text")]
    pub received: Timestamp,
    #[serde(with = "opt_text", default)]
    pub delivered: Option<Timestamp>,
}

/// The reflection periods of `player`, from a game's moves in order (the
/// first one by `first`, the side to move in the start position).
///
/// `first`'s first period starts at `game_start`. Every other period starts
/// when the opponent's move was delivered; if that is unknown but the player
/// has replied anyway, it starts when the move arrived at ccgate (the player
/// cannot have answered before). A move not yet delivered starts no period:
/// the player's clock does not run on a move they have not seen.
pub fn periods_for(
    player: Color,
    first: Color,
    game_start: Timestamp,
    moves: &[MoveTimes],
) -> Vec<Period> {
    let mut periods = Vec::new();
    let mut delivered = (player == first).then_some(game_start);
    let mut received: Option<Timestamp> = None;
    let mut mover = first;
    for mv in moves {
        if mover == player {
            let start = delivered.take().or(received.take()).unwrap_or(mv.received);
            periods.push(Period::completed(start, mv.received));
        } else {
            delivered = mv.delivered;
            received = Some(mv.received);
        }
        mover = !mover;
    }
    if let Some(start) = delivered {
        periods.push(Period::running(start));
    }
    periods
}

// ---------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------

/// A player's clock at one instant. Day counts are `i64` so remaining days
/// can be negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockStatus {
    /// The date of `now` in the player's zone.
    pub today: Date,
    /// Completed periods: moves made so far.
    pub moves_made: u32,
    /// The player's move being considered (or the next one): `moves_made + 1`.
    pub move_number: u32,
    /// Whether the player is to move now (their last period is open).
    pub running: bool,
    /// Days used over all periods, including the running one.
    pub days_used_total: i64,
    /// Days used on the running move (0 when not running).
    pub days_used_current: i64,
    /// Days allowed for the current move from its start: up to the next
    /// control (`N/D`), the per-move limit, or the Fischer balance. `None`
    /// when unlimited.
    pub days_allowed: Option<i64>,
    /// `days_allowed - days_used_current`; negative once exceeded.
    pub days_remaining: Option<i64>,
    /// `N/D` only: the move number at which the current control is checked.
    pub next_control: Option<u32>,
    /// The first date on which the days remaining are negative: the date of
    /// an earlier forfeit, or the date of the forfeit to come if the running
    /// move is still not made. `None` if there is none (not running,
    /// unlimited, or the player is on open-ended leave).
    pub forfeit_date: Option<Date>,
    /// Whether the player has exceeded the limit (on a made move or on the
    /// running one).
    pub forfeited: bool,
}

impl ClockStatus {
    /// The last day on which the running move is in time (the day before
    /// the forfeit date), as the player is told it. `None` when the player
    /// is not to move, plays without a limit, is on open-ended leave, or
    /// has already overstepped: a date already past is no deadline.
    pub fn deadline(&self) -> Option<Date> {
        if !self.running || self.forfeited {
            return None;
        }
        self.forfeit_date.and_then(|d| d.yesterday().ok())
    }

    /// The days left as the player is told them: never negative, and none
    /// at all once a limit is overstepped (days a later control adds do
    /// not undo an overstep). `None` without a limit.
    pub fn days_left(&self) -> Option<i64> {
        self.days_remaining
            .map(|d| if self.forfeited { 0 } else { d.max(0) })
    }
}

/// The clock of one player with time control `tc` and time zone `tz`:
/// `periods` are that player's periods in order (only the last may be
/// running), `leaves` their leaves (pass [`LeaveBook::effective_leaves`]).
///
/// A period without an end is measured up to `now`; a period ending before
/// it starts (clock skew between transports) costs 0 days.
pub fn status(
    tc: &TimeControl,
    tz: &TimeZone,
    periods: &[Period],
    leaves: &[Leave],
    now: Timestamp,
) -> ClockStatus {
    status_with(tc, tz, periods, leaves, now, None)
}

/// The days one move is charged: its counted days, those beyond
/// `duplication_after` (if any) twice.
fn charged(days: i64, duplication_after: Option<u32>) -> i64 {
    match duplication_after.map(i64::from) {
        Some(n) if days > n => days.saturating_add(days - n),
        _ => days,
    }
}

/// How many counted days a move may take before it is charged more than
/// `allowed` days: the counted day on which it forfeits.
fn first_day_over(allowed: i64, duplication_after: Option<u32>) -> i64 {
    let allowed = allowed.max(0);
    match duplication_after.map(i64::from) {
        // Past the threshold each counted day costs two: the first day whose
        // charge `2u - n` exceeds the allowance.
        Some(n) if allowed >= n => (allowed + n) / 2 + 1,
        _ => allowed.saturating_add(1),
    }
}

/// [`status`] under ICCF's duplication rule: each move's counted days
/// beyond `duplication_after` are charged twice (`None`: never).
pub fn status_with(
    tc: &TimeControl,
    tz: &TimeZone,
    periods: &[Period],
    leaves: &[Leave],
    now: Timestamp,
    duplication_after: Option<u32>,
) -> ClockStatus {
    let ranges = leave_ranges(leaves);
    let today = local_date(tz, now);
    let today_n = day_number(today);
    let day = |t: Timestamp| day_number(local_date(tz, t));

    let mut used_total: i64 = 0;
    let mut moves_made: u32 = 0;
    let mut forfeit_day: Option<i64> = None;
    let mut running_start: Option<i64> = None;
    let mut used_current = 0;

    for (i, p) in periods.iter().enumerate() {
        let start = day(p.start);
        let end = p.end.map_or(today_n, day);
        let used = charged(counted_days(start, end, &ranges), duplication_after);
        if p.end.is_none() && i + 1 == periods.len() {
            running_start = Some(start);
            used_current = used;
            used_total += used;
            break;
        }
        let k = moves_made.saturating_add(1);
        if let Some(allowed) = tc.allowed_for_move(k, used_total)
            && used > allowed
            && forfeit_day.is_none()
        {
            forfeit_day =
                nth_counted_day(start, first_day_over(allowed, duplication_after), &ranges)
                    .or(Some(end));
        }
        used_total += used;
        moves_made = k;
    }

    let move_number = moves_made.saturating_add(1);
    let days_allowed = tc.allowed_for_move(move_number, used_total - used_current);
    let days_remaining = days_allowed.map(|a| a.saturating_sub(used_current));
    let running = running_start.is_some();
    let mut forfeited = forfeit_day.is_some();
    if forfeit_day.is_none()
        && let (Some(start), Some(allowed)) = (running_start, days_allowed)
    {
        forfeit_day = nth_counted_day(start, first_day_over(allowed, duplication_after), &ranges);
        forfeited = days_remaining.is_some_and(|r| r < 0);
    }

    ClockStatus {
        today,
        moves_made,
        move_number,
        running,
        days_used_total: used_total,
        days_used_current: used_current,
        days_allowed,
        days_remaining,
        next_control: tc.control_for_move(move_number),
        forfeit_date: forfeit_day.and_then(date_of),
        forfeited,
    }
}

// ---------------------------------------------------------------------------
// Sweep and reminders
// ---------------------------------------------------------------------------

/// What the periodic sweep must do for one player in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SweepAction {
    Nothing,
    /// Remind the player; the days and date are in the status.
    Remind,
    /// Declare the game lost on time (on `status.forfeit_date`).
    Forfeit,
}

/// Whether to remind the player now: once per move, while their move is
/// running and not yet forfeited, when at most `remind_days` days remain and
/// at least one day of the move has passed. *Why the last condition:* under
/// `3d` every move would otherwise be reminded of on arrival, and the move
/// notice itself already says how long there is.
pub fn reminder_due(
    status: &ClockStatus,
    remind_days: u32,
    already_reminded_for_move: bool,
) -> bool {
    status.running
        && !status.forfeited
        && !already_reminded_for_move
        && status.days_used_current >= 1
        && status
            .days_remaining
            .is_some_and(|r| r <= i64::from(remind_days))
}

/// The sweep's decision: a forfeit first, else a reminder, else nothing.
pub fn sweep(
    status: &ClockStatus,
    remind_days: u32,
    already_reminded_for_move: bool,
) -> SweepAction {
    if status.forfeited {
        SweepAction::Forfeit
    } else if reminder_due(status, remind_days, already_reminded_for_move) {
        SweepAction::Remind
    } else {
        SweepAction::Nothing
    }
}

// ---------------------------------------------------------------------------
// Serde as text: jiff's own serde support is not enabled in this build, and
// RFC 3339 / ISO 8601 text is what a store and a human can both read.
// ---------------------------------------------------------------------------

mod text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

mod opt_text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<T: Display, S: Serializer>(
        value: &Option<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.serialize_some(&v.to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        Option::<String>::deserialize(d)?
            .map(|s| s.parse().map_err(D::Error::custom))
            .transpose()
    }
}
