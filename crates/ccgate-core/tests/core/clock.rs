//! The correspondence clock through its public API: time controls, postal day
//! counting in the player's zone, carry-over, Fischer, leave, forfeits,
//! reminders and the test clock. No sleeps: time is always passed in.

use std::sync::Arc;

use ccgate_core::game::clock::{
    ClockStatus, DEFAULT_LEAVE_DAYS, DEFAULT_REMIND_DAYS, FixedTime, Leave, LeaveBook, LeaveError,
    ManualTime, MoveTimes, Period, SweepAction, TimeControl, TimeControlError, TimeSource,
    local_date, periods_for, reminder_due, status, status_with, sweep, zone,
};
use jiff::civil::{Date, date};
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use shakmaty::Color;

fn ts(s: &str) -> Timestamp {
    s.parse().expect("test timestamp")
}

fn tc(s: &str) -> TimeControl {
    s.parse().expect("test time control")
}

fn utc() -> TimeZone {
    zone("UTC").expect("UTC")
}

/// Noon UTC on `d`: far from midnight, so day counts in UTC are unambiguous.
fn noon(d: Date) -> Timestamp {
    d.at(12, 0, 0, 0)
        .to_zoned_datetime(TimeZone::UTC)
        .expect("noon")
        .timestamp()
}

fn plus_days(d: Date, n: i64) -> Date {
    d.checked_add(SignedDuration::from_hours(24 * n))
        .expect("date in range")
}

/// Completed periods, each costing `days[i]` days in UTC, the opponent
/// replying on the day the previous move arrived. Returns the periods and the
/// date the last one ended.
fn periods_of(start: Date, days: &[i64]) -> (Vec<Period>, Date) {
    let mut day = start;
    let mut periods = Vec::new();
    for &n in days {
        let end = plus_days(day, n);
        periods.push(Period::completed(noon(day), noon(end)));
        day = end;
    }
    (periods, day)
}

fn at(tc_text: &str, periods: &[Period], leaves: &[Leave], now: Timestamp) -> ClockStatus {
    status(&tc(tc_text), &utc(), periods, leaves, now)
}

// ---------------------------------------------------------------------------
// Time controls as text
// ---------------------------------------------------------------------------

#[test]
fn every_text_form_parses() {
    let cases = [
        (
            "10/50",
            TimeControl::MovesInDays {
                moves: 10,
                days: 50,
            },
        ),
        (
            " 10 / 50 ",
            TimeControl::MovesInDays {
                moves: 10,
                days: 50,
            },
        ),
        ("3d", TimeControl::DaysPerMove { days: 3 }),
        ("3D", TimeControl::DaysPerMove { days: 3 }),
        ("d3", TimeControl::DaysPerMove { days: 3 }),
        ("3/move", TimeControl::DaysPerMove { days: 3 }),
        ("3/Move", TimeControl::DaysPerMove { days: 3 }),
        (
            "30+1",
            TimeControl::Fischer {
                base_days: 30,
                increment_days: 1,
            },
        ),
        (
            "30+0",
            TimeControl::Fischer {
                base_days: 30,
                increment_days: 0,
            },
        ),
        ("-", TimeControl::Unlimited),
        ("none", TimeControl::Unlimited),
        ("NONE", TimeControl::Unlimited),
    ];
    for (text, want) in cases {
        assert_eq!(text.parse::<TimeControl>(), Ok(want), "{text:?}");
    }
}

#[test]
fn display_is_canonical_and_round_trips() {
    for (text, canonical) in [
        ("10/50", "10/50"),
        ("3d", "3d"),
        ("d3", "3d"),
        ("3/move", "3d"),
        ("30+1", "30+1"),
        ("none", "-"),
        ("-", "-"),
    ] {
        let parsed = tc(text);
        assert_eq!(parsed.to_string(), canonical);
        assert_eq!(tc(&parsed.to_string()), parsed);
    }
}

#[test]
fn bad_time_controls_are_typed_errors() {
    let err = |s: &str| s.parse::<TimeControl>().expect_err(s);
    assert_eq!(err(""), TimeControlError::Empty);
    assert_eq!(err("   "), TimeControlError::Empty);
    assert!(matches!(err("fast"), TimeControlError::Unrecognized(t) if t == "fast"));
    assert!(matches!(err("3days"), TimeControlError::Unrecognized(_)));
    assert!(matches!(
        err("x/50"),
        TimeControlError::NotANumber { what: "moves", .. }
    ));
    assert!(matches!(
        err("10/"),
        TimeControlError::NotANumber { what: "days", .. }
    ));
    assert!(matches!(err("10/-5"), TimeControlError::NotANumber { .. }));
    assert!(matches!(
        err("30+x"),
        TimeControlError::NotANumber {
            what: "increment days",
            ..
        }
    ));
    assert!(matches!(
        err("+3d"),
        TimeControlError::NotANumber {
            what: "base days",
            ..
        }
    ));
    assert!(matches!(
        err("0/50"),
        TimeControlError::Zero { what: "moves", .. }
    ));
    assert!(matches!(
        err("10/0"),
        TimeControlError::Zero { what: "days", .. }
    ));
    assert!(matches!(
        err("0d"),
        TimeControlError::Zero {
            what: "days per move",
            ..
        }
    ));
    assert!(matches!(
        err("0+1"),
        TimeControlError::Zero {
            what: "base days",
            ..
        }
    ));
    assert!(matches!(
        err("99999999999/50"),
        TimeControlError::TooLarge { .. }
    ));

    let message = err("fast").to_string();
    assert!(
        message.contains("10/50") && message.contains("3d") && message.contains("30+1"),
        "{message}"
    );
    assert!(err("0/50").to_string().contains("at least 1"));
}

#[test]
fn time_control_serializes_as_its_text() {
    let json = serde_json::to_string(&tc("10/50")).expect("serialize");
    assert_eq!(json, "\"10/50\"");
    let back: TimeControl = serde_json::from_str("\"d3\"").expect("deserialize");
    assert_eq!(back, TimeControl::DaysPerMove { days: 3 });
    assert!(serde_json::from_str::<TimeControl>("\"0/50\"").is_err());
}

#[test]
fn unknown_zone_is_a_clear_error() {
    let e = zone("Mars/Olympus_Mons").expect_err("no such zone");
    let message = e.to_string();
    assert!(
        message.contains("Mars/Olympus_Mons") && message.contains("IANA"),
        "{message}"
    );
    assert!(zone("Europe/Berlin").is_ok());
    assert!(zone(" Pacific/Auckland ").is_ok());
}

// ---------------------------------------------------------------------------
// Counting days
// ---------------------------------------------------------------------------

#[test]
fn next_day_rule() {
    let berlin = zone("Europe/Berlin").expect("zone");
    let d = tc("3d");
    // Received at 23:59, answered two minutes later after midnight: 1 day.
    let late = [Period::completed(
        ts("2025-01-10T23:59:00+01:00"),
        ts("2025-01-11T00:01:00+01:00"),
    )];
    let st = status(&d, &berlin, &late, &[], ts("2025-01-11T12:00:00+01:00"));
    assert_eq!(st.days_used_total, 1);
    // Received at 00:01, answered at 23:59 the same day: nothing.
    let same = [Period::completed(
        ts("2025-01-10T00:01:00+01:00"),
        ts("2025-01-10T23:59:00+01:00"),
    )];
    let st = status(&d, &berlin, &same, &[], ts("2025-01-11T12:00:00+01:00"));
    assert_eq!(st.days_used_total, 0);
    assert_eq!(st.moves_made, 1);
    assert!(!st.running);
}

#[test]
fn days_are_counted_in_the_players_zone() {
    // 10:00 to 12:00 UTC on 10 January: 23:00 to 01:00 in Auckland (UTC+13),
    // 02:00 to 04:00 in Los Angeles (UTC-8).
    let p = [Period::completed(
        ts("2025-01-10T10:00:00Z"),
        ts("2025-01-10T12:00:00Z"),
    )];
    let now = ts("2025-01-10T12:00:00Z");
    let auckland = status(
        &tc("3d"),
        &zone("Pacific/Auckland").expect("zone"),
        &p,
        &[],
        now,
    );
    let los_angeles = status(
        &tc("3d"),
        &zone("America/Los_Angeles").expect("zone"),
        &p,
        &[],
        now,
    );
    assert_eq!(auckland.days_used_total, 1);
    assert_eq!(los_angeles.days_used_total, 0);
    assert_eq!(auckland.today, date(2025, 1, 11));
    assert_eq!(los_angeles.today, date(2025, 1, 10));
}

#[test]
fn daylight_saving_days_are_one_day_each() {
    let berlin = zone("Europe/Berlin").expect("zone");
    // 30 March 2025 has 23 hours in Berlin, 26 October 2025 has 25.
    for (start, end) in [
        ("2025-03-29T23:30:00+01:00", "2025-03-30T23:30:00+02:00"),
        ("2025-10-25T23:30:00+02:00", "2025-10-26T23:30:00+01:00"),
    ] {
        let p = [Period::completed(ts(start), ts(end))];
        let st = status(&tc("3d"), &berlin, &p, &[], ts(end));
        assert_eq!(st.days_used_total, 1, "{start} .. {end}");
    }
    // Across the spring change: 29 March to 1 April is 3 days, not 71 hours.
    let p = [Period::running(ts("2025-03-29T12:00:00+01:00"))];
    let st = status(&tc("3d"), &berlin, &p, &[], ts("2025-04-01T00:30:00+02:00"));
    assert_eq!(st.days_used_current, 3);
    assert_eq!(st.days_remaining, Some(0));
    assert!(!st.forfeited);
    assert_eq!(st.forfeit_date, Some(date(2025, 4, 2)));
}

// ---------------------------------------------------------------------------
// Moves in days, with carry-over
// ---------------------------------------------------------------------------

#[test]
fn ten_in_fifty_carries_over_across_two_controls() {
    let d0 = date(2025, 1, 1);
    // Moves 1-9 use 48 days: move 10 has 2.
    let (mut periods, last) = periods_of(d0, &[6, 6, 6, 6, 6, 6, 6, 6, 0]);
    periods.push(Period::running(noon(last)));
    let st = at("10/50", &periods, &[], noon(last));
    assert_eq!(st.moves_made, 9);
    assert_eq!(st.move_number, 10);
    assert_eq!(st.days_used_total, 48);
    assert_eq!(st.days_allowed, Some(2));
    assert_eq!(st.days_remaining, Some(2));
    assert_eq!(st.next_control, Some(10));
    assert_eq!(st.forfeit_date, Some(plus_days(last, 3)));

    // Using exactly both days is in time; move 11 then has 100 - 50 = 50.
    let (mut periods, last) = periods_of(d0, &[6, 6, 6, 6, 6, 6, 6, 6, 0, 2]);
    let st = at("10/50", &periods, &[], noon(last));
    assert!(!st.forfeited);
    assert_eq!(st.days_used_total, 50);
    assert_eq!(st.move_number, 11);
    assert_eq!(st.days_allowed, Some(50));
    assert_eq!(st.next_control, Some(20));

    // Running move 11: 50 days pass, still in time; the 51st forfeits.
    periods.push(Period::running(noon(last)));
    let st = at("10/50", &periods, &[], noon(plus_days(last, 50)));
    assert_eq!(st.days_remaining, Some(0));
    assert!(!st.forfeited);
    let st = at("10/50", &periods, &[], noon(plus_days(last, 51)));
    assert_eq!(st.days_remaining, Some(-1));
    assert!(st.forfeited);
    assert_eq!(st.forfeit_date, Some(plus_days(last, 51)));
    assert_eq!(sweep(&st, DEFAULT_REMIND_DAYS, false), SweepAction::Forfeit);
}

#[test]
fn unused_time_before_a_control_is_kept() {
    // 40 days over moves 1-10: move 11 has 60.
    let (periods, last) = periods_of(date(2025, 1, 1), &[4; 10]);
    let st = at("10/50", &periods, &[], noon(last));
    assert_eq!(st.days_used_total, 40);
    assert_eq!(st.days_allowed, Some(60));
    assert_eq!(st.next_control, Some(20));
}

#[test]
fn a_late_move_at_a_control_is_a_forfeit_even_if_later_totals_fit() {
    // 48 days over moves 1-9, then 3 on move 10: 51 > 50. Move 11's total
    // (51 <= 100) does not undo it.
    let (periods, last) = periods_of(date(2025, 1, 1), &[6, 6, 6, 6, 6, 6, 6, 6, 0, 3, 0]);
    let st = at("10/50", &periods, &[], noon(last));
    assert!(st.forfeited);
    assert!(!st.running);
    // Move 10 started on the date move 9 ended (1 Jan + 48 days).
    assert_eq!(st.forfeit_date, Some(plus_days(date(2025, 1, 1), 48 + 3)));
    assert_eq!(sweep(&st, DEFAULT_REMIND_DAYS, false), SweepAction::Forfeit);
}

// ---------------------------------------------------------------------------
// Days per move, Fischer, unlimited
// ---------------------------------------------------------------------------

#[test]
fn days_per_move_forfeit() {
    let received = date(2025, 5, 5);
    let periods = [Period::running(noon(received))];
    let day = |n| at("3d", &periods, &[], noon(plus_days(received, n)));
    assert_eq!(day(0).days_remaining, Some(3));
    assert_eq!(day(3).days_remaining, Some(0));
    assert!(!day(3).forfeited);
    assert!(day(4).forfeited);
    assert_eq!(day(4).days_remaining, Some(-1));
    assert_eq!(day(0).forfeit_date, Some(plus_days(received, 4)));
    assert_eq!(day(0).next_control, None);

    // Each move has its own 3 days: 3 + 3 + 3 is fine, a 4 is not.
    let (periods, last) = periods_of(received, &[3, 3, 3]);
    assert!(!at("3d", &periods, &[], noon(last)).forfeited);
    let (periods, last) = periods_of(received, &[3, 4, 1]);
    let st = at("3d", &periods, &[], noon(last));
    assert!(st.forfeited);
    assert_eq!(st.forfeit_date, Some(plus_days(received, 3 + 4)));
}

#[test]
fn fischer_accumulates_and_forfeits() {
    let d0 = date(2025, 2, 1);
    // 5+1: fast moves build up a balance: 5 + 3 moves * 1 day.
    let (periods, last) = periods_of(d0, &[0, 0, 0]);
    let st = at("5+1", &periods, &[], noon(last));
    assert_eq!(st.days_allowed, Some(8));
    assert_eq!(st.next_control, None);

    // Moves of 3 and 3 days: balance 5, then 5 - 3 + 1 = 3 (used exactly),
    // then 3 - 3 + 1 = 1.
    let (mut periods, last) = periods_of(d0, &[3, 3]);
    let st = at("5+1", &periods, &[], noon(last));
    assert!(!st.forfeited);
    assert_eq!(st.days_allowed, Some(1));
    periods.push(Period::running(noon(last)));
    assert!(!at("5+1", &periods, &[], noon(plus_days(last, 1))).forfeited);
    let st = at("5+1", &periods, &[], noon(plus_days(last, 2)));
    assert!(st.forfeited);
    assert_eq!(st.forfeit_date, Some(plus_days(last, 2)));

    // The increment a move earns does not save that move: 6 days on move 1.
    let (periods, last) = periods_of(d0, &[6]);
    assert!(at("5+1", &periods, &[], noon(last)).forfeited);
}

#[test]
fn unlimited_never_forfeits() {
    let periods = [Period::running(noon(date(2020, 1, 1)))];
    let st = at("-", &periods, &[], noon(date(2025, 1, 1)));
    assert!(!st.forfeited);
    assert_eq!(st.days_allowed, None);
    assert_eq!(st.days_remaining, None);
    assert_eq!(st.forfeit_date, None);
    assert!(st.days_used_current > 1800);
    assert_eq!(sweep(&st, DEFAULT_REMIND_DAYS, false), SweepAction::Nothing);
}

// ---------------------------------------------------------------------------
// Leave
// ---------------------------------------------------------------------------

#[test]
fn leave_stops_the_clock() {
    let received = date(2025, 1, 1);
    let periods = [Period::running(noon(received))];
    let leave = [Leave {
        from: date(2025, 1, 3),
        until: Some(date(2025, 1, 5)),
    }];
    // Counted: 2 Jan, then 6, 7 Jan; 3-5 Jan are leave.
    let st = at("3d", &periods, &leave, noon(date(2025, 1, 7)));
    assert_eq!(st.days_used_current, 3);
    assert!(!st.forfeited);
    // 2, 6, 7 Jan are the three days; 8 Jan is the first day too many.
    assert_eq!(st.forfeit_date, Some(date(2025, 1, 8)));
    assert!(at("3d", &periods, &leave, noon(date(2025, 1, 8))).forfeited);

    // A move received during leave starts costing the day after it.
    let periods = [Period::running(noon(date(2025, 1, 4)))];
    let st = at("3d", &periods, &leave, noon(date(2025, 1, 6)));
    assert_eq!(st.days_used_current, 1);

    // An open-ended leave holds the clock: no forfeit date at all.
    let open = [Leave {
        from: date(2025, 1, 2),
        until: None,
    }];
    let periods = [Period::running(noon(received))];
    let st = at("3d", &periods, &open, noon(date(2025, 6, 1)));
    assert_eq!(st.days_used_current, 0);
    assert_eq!(st.forfeit_date, None);
}

#[test]
fn leave_request_counts_from_the_day_announced_and_respects_the_allowance() {
    assert_eq!(LeaveBook::default().allowance(), DEFAULT_LEAVE_DAYS);
    assert_eq!(DEFAULT_LEAVE_DAYS, 45);

    let mut book = LeaveBook::default();
    // ICCF counts leave in whole days from the day it is announced.
    let leave = book.request(date(2025, 3, 1), Some(10)).expect("10 days");
    assert_eq!(
        leave,
        Leave {
            from: date(2025, 3, 1),
            until: Some(date(2025, 3, 10))
        }
    );
    assert_eq!(book.used_in_year(2025), 10);
    assert_eq!(book.remaining_in_year(2025), 35);

    // 36 more would be one day too many.
    let err = book
        .request(date(2025, 6, 1), Some(36))
        .expect_err("over the allowance");
    assert_eq!(
        err,
        LeaveError::ExceedsAllowance {
            year: 2025,
            requested: 36,
            remaining: 35,
            allowance: 45,
            excess: 1
        }
    );
    assert!(err.to_string().contains("by 1"), "{err}");
    book.request(date(2025, 6, 1), Some(35))
        .expect("exactly the rest");
    assert_eq!(book.remaining_in_year(2025), 0);
    assert!(matches!(
        book.request(date(2025, 9, 1), None),
        Err(LeaveError::NoneLeft { year: 2025, .. })
    ));

    // Overlaps and empty leaves are refused.
    assert!(matches!(
        book.request(date(2025, 3, 5), Some(1)),
        Err(LeaveError::Overlaps { .. })
    ));
    assert_eq!(
        book.request(date(2026, 1, 5), Some(0)),
        Err(LeaveError::ZeroDays)
    );
}

#[test]
fn leave_allowance_is_configurable_and_per_calendar_year() {
    let mut book = LeaveBook::new(10);
    let err = book
        .request(date(2025, 4, 1), Some(11))
        .expect_err("11 > 10");
    assert!(matches!(
        err,
        LeaveError::ExceedsAllowance {
            excess: 1,
            remaining: 10,
            allowance: 10,
            ..
        }
    ));

    // 26 Dec to 8 Jan: 6 days of 2025 and 8 of 2026, each within 10.
    let leave = book
        .request(date(2025, 12, 26), Some(14))
        .expect("split over two years");
    assert_eq!(leave.until, Some(date(2026, 1, 8)));
    assert_eq!(book.used_in_year(2025), 6);
    assert_eq!(book.used_in_year(2026), 8);
    let err = book
        .request(date(2026, 2, 1), Some(3))
        .expect_err("2 left in 2026");
    assert!(matches!(
        err,
        LeaveError::ExceedsAllowance {
            year: 2026,
            excess: 1,
            ..
        }
    ));
}

#[test]
fn a_move_during_leave_ends_it() {
    let mut book = LeaveBook::default();
    book.request(date(2025, 1, 2), Some(10)).expect("2-11 Jan");
    book.request(date(2025, 7, 1), Some(5))
        .expect("a later leave");
    assert_eq!(
        book.on_leave(date(2025, 1, 5)).map(|l| l.from),
        Some(date(2025, 1, 2))
    );

    // Not on leave on 1 Jan: nothing ends.
    assert_eq!(book.end_on(date(2025, 1, 1)), None);
    let ended = book.end_on(date(2025, 1, 5)).expect("on leave");
    assert_eq!(
        ended,
        Leave {
            from: date(2025, 1, 2),
            until: Some(date(2025, 1, 5))
        }
    );
    assert_eq!(book.on_leave(date(2025, 1, 6)), None);
    // The unused days return to the allowance; the later leave stays.
    assert_eq!(book.used_in_year(2025), 4 + 5);
    assert!(book.on_leave(date(2025, 7, 3)).is_some());

    // The clock sees the shortened leave: 6 and 7 Jan count again.
    let periods = [Period::running(noon(date(2025, 1, 1)))];
    let st = at(
        "3d",
        &periods,
        &book.effective_leaves(),
        noon(date(2025, 1, 7)),
    );
    assert_eq!(st.days_used_current, 2);
}

#[test]
fn open_ended_leave_ends_where_the_allowance_does() {
    let mut book = LeaveBook::default();
    let leave = book
        .request(date(2025, 2, 1), None)
        .expect("until further notice");
    assert_eq!(leave.until, None);
    // 1 February plus 45 days: to 17 March 2025.
    assert_eq!(
        book.effective_leaves(),
        vec![Leave {
            from: date(2025, 2, 1),
            until: Some(date(2025, 3, 17))
        }]
    );
    assert_eq!(book.remaining_in_year(2025), 0);
    let ended = book.end_on(date(2025, 2, 10)).expect("on leave");
    assert_eq!(ended.until, Some(date(2025, 2, 10)));
    assert_eq!(book.remaining_in_year(2025), 35);

    // Across New Year it runs on into the next year's allowance.
    let mut book = LeaveBook::default();
    book.request(date(2025, 12, 1), None)
        .expect("from 1 December");
    assert_eq!(
        book.effective_leaves(),
        vec![Leave {
            from: date(2025, 12, 1),
            until: Some(date(2026, 2, 14))
        }]
    );
    assert_eq!(book.used_in_year(2025), 31);
    assert_eq!(book.used_in_year(2026), 45);
}

#[test]
fn leave_types_serialize_as_text() {
    let mut book = LeaveBook::new(30);
    book.request(date(2025, 3, 1), Some(3)).expect("leave");
    let json = serde_json::to_string(&book).expect("serialize");
    assert!(json.contains("\"2025-03-03\""), "{json}");
    let back: LeaveBook = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, book);

    let p = Period::running(ts("2025-03-01T10:00:00Z"));
    let json = serde_json::to_string(&p).expect("serialize");
    assert_eq!(
        serde_json::from_str::<Period>(&json).expect("deserialize"),
        p
    );
    let open: Leave =
        serde_json::from_str(r#"{"from":"2025-01-01"}"#).expect("until defaults to open");
    assert_eq!(open.until, None);
    assert!(serde_json::from_str::<Leave>(r#"{"from":"2025-13-01"}"#).is_err());
}

// ---------------------------------------------------------------------------
// Reminders and the sweep
// ---------------------------------------------------------------------------

#[test]
fn reminders_once_per_move() {
    let received = date(2025, 5, 5);
    let periods = [Period::running(noon(received))];
    let day = |n| at("5d", &periods, &[], noon(plus_days(received, n)));
    // 5 days: 4 and 3 left on days 1 and 2; remind at 3 left, once.
    assert!(!reminder_due(&day(1), DEFAULT_REMIND_DAYS, false));
    assert!(reminder_due(&day(2), DEFAULT_REMIND_DAYS, false));
    assert!(!reminder_due(&day(2), DEFAULT_REMIND_DAYS, true));
    assert_eq!(
        sweep(&day(2), DEFAULT_REMIND_DAYS, false),
        SweepAction::Remind
    );
    assert_eq!(
        sweep(&day(4), DEFAULT_REMIND_DAYS, true),
        SweepAction::Nothing
    );
    // Forfeited: a forfeit, not a reminder.
    assert!(!reminder_due(&day(6), DEFAULT_REMIND_DAYS, false));
    assert_eq!(
        sweep(&day(6), DEFAULT_REMIND_DAYS, false),
        SweepAction::Forfeit
    );

    // Never on the day the move arrived, even when the whole limit is short.
    let periods = [Period::running(noon(received))];
    let st = at("3d", &periods, &[], noon(received));
    assert!(!reminder_due(&st, DEFAULT_REMIND_DAYS, false));
    let st = at("3d", &periods, &[], noon(plus_days(received, 1)));
    assert!(reminder_due(&st, DEFAULT_REMIND_DAYS, false));

    // Not while the opponent is to move.
    let (periods, last) = periods_of(received, &[2]);
    let st = at("3d", &periods, &[], noon(last));
    assert!(!st.running);
    assert!(!reminder_due(&st, DEFAULT_REMIND_DAYS, false));
}

// ---------------------------------------------------------------------------
// Time sources and periods
// ---------------------------------------------------------------------------

#[test]
fn manual_time_drives_a_running_period() {
    let berlin = zone("Europe/Berlin").expect("zone");
    let clock = Arc::new(ManualTime::new(ts("2025-06-02T18:00:00+02:00")));
    let periods = [Period::running(clock.now())];
    let source: &dyn TimeSource = &clock;
    let now = || status(&tc("3d"), &berlin, &periods, &[], source.now());

    assert_eq!(now().days_used_current, 0);
    clock.advance(SignedDuration::from_hours(5)); // 23:00, same day
    assert_eq!(now().days_used_current, 0);
    clock.advance(SignedDuration::from_hours(2)); // 01:00 next day
    assert_eq!(now().days_used_current, 1);
    clock.advance(SignedDuration::from_hours(3 * 24));
    assert!(now().forfeited);
    clock.set(ts("2025-06-03T09:00:00+02:00"));
    assert_eq!(now().days_remaining, Some(2));
    assert_eq!(local_date(&berlin, clock.now()), date(2025, 6, 3));

    let fixed = FixedTime(ts("2025-06-02T18:00:00+02:00"));
    assert_eq!(fixed.now(), fixed.now());
}

#[test]
fn periods_follow_who_moves_first() {
    let t = |h: i64| noon(date(2025, 1, 1)) + SignedDuration::from_hours(h);
    let start = t(0);
    let moves = [
        MoveTimes {
            received: t(10),
            delivered: Some(t(11)),
        }, // White 1
        MoveTimes {
            received: t(30),
            delivered: Some(t(31)),
        }, // Black 1
        MoveTimes {
            received: t(50),
            delivered: None,
        }, // White 2, not yet delivered
    ];
    let white = periods_for(Color::White, Color::White, start, &moves);
    assert_eq!(
        white,
        vec![
            Period::completed(t(0), t(10)),
            Period::completed(t(31), t(50))
        ]
    );
    // Black has not seen White's second move yet: no running period.
    let black = periods_for(Color::Black, Color::White, start, &moves);
    assert_eq!(black, vec![Period::completed(t(11), t(30))]);

    let delivered = [
        moves[0],
        moves[1],
        MoveTimes {
            received: t(50),
            delivered: Some(t(52)),
        },
    ];
    let black = periods_for(Color::Black, Color::White, start, &delivered);
    assert_eq!(black.last(), Some(&Period::running(t(52))));
    let st = status(&tc("3d"), &utc(), &black, &[], t(52));
    assert_eq!((st.moves_made, st.running), (1, true));

    // Before any move, only the side to move has a running clock.
    assert_eq!(
        periods_for(Color::White, Color::White, start, &[]),
        vec![Period::running(start)]
    );
    assert!(periods_for(Color::Black, Color::White, start, &[]).is_empty());
    // From a position with Black to move, Black starts.
    assert_eq!(
        periods_for(Color::Black, Color::Black, start, &[]),
        vec![Period::running(start)]
    );
}

#[test]
fn extreme_values_do_not_panic() {
    let periods = [
        Period::completed(noon(date(2025, 1, 1)), noon(date(2025, 1, 9))),
        // Clock skew between transports: an end before its start costs 0.
        Period::completed(noon(date(2025, 1, 9)), noon(date(2025, 1, 1))),
        Period::running(noon(date(2025, 1, 9))),
    ];
    for text in [
        "4294967295/4294967295",
        "1/4294967295",
        "4294967295+4294967295",
        "4294967295d",
        "1d",
    ] {
        let st = at(text, &periods, &[], noon(date(2025, 2, 1)));
        assert_eq!(st.moves_made, 2, "{text}");
    }
    let st = at("4294967295/4294967295", &periods, &[], Timestamp::MAX);
    assert!(!st.forfeited);
    let st = at("1d", &periods, &[], Timestamp::MIN);
    assert_eq!(st.days_used_current, 0);

    let mut book = LeaveBook::new(u32::MAX);
    assert_eq!(
        book.request(date(2025, 1, 1), Some(u32::MAX)),
        Err(LeaveError::OutOfRange)
    );
    assert_eq!(
        book.request(Date::MAX, Some(2)),
        Err(LeaveError::OutOfRange)
    );
    // With an allowance beyond a year an open-ended leave stays open.
    book.request(date(2025, 1, 1), None).expect("open-ended");
    assert_eq!(book.effective_leaves()[0].until, None);
}

// ---------------------------------------------------------------------------
// ICCF duplication: days beyond 20 on one move count twice
// ---------------------------------------------------------------------------

fn duplicated(tc_text: &str, periods: &[Period], leaves: &[Leave], now: Timestamp) -> ClockStatus {
    status_with(&tc(tc_text), &utc(), periods, leaves, now, Some(20))
}

#[test]
fn a_move_of_23_days_costs_26_under_duplication_after_20() {
    let start = date(2025, 1, 1);
    let (periods, end) = periods_of(start, &[23, 5]);
    let now = noon(end);
    assert_eq!(at("10/50", &periods, &[], now).days_used_total, 28);
    // 20 + 2 * 3 for the long move, 5 for the short one.
    assert_eq!(duplicated("10/50", &periods, &[], now).days_used_total, 31);
    // Exactly 20 days is not doubled.
    let (periods, end) = periods_of(start, &[20]);
    assert_eq!(
        duplicated("10/50", &periods, &[], noon(end)).days_used_total,
        20
    );
}

#[test]
fn the_running_move_is_charged_double_past_20_days_and_forfeits_sooner() {
    let start = date(2025, 1, 1);
    let running = [Period::running(noon(start))];
    let st = duplicated("10/50", &running, &[], noon(plus_days(start, 23)));
    assert_eq!(st.days_used_current, 26);
    assert_eq!(st.days_remaining, Some(24));
    // 35 counted days cost 20 + 30 = 50, the whole allowance; the 36th is one too many.
    assert_eq!(st.forfeit_date, Some(plus_days(start, 36)));
    assert!(!st.forfeited);
    assert_eq!(
        at("10/50", &running, &[], noon(plus_days(start, 23))).forfeit_date,
        Some(plus_days(start, 51))
    );
    let late = duplicated("10/50", &running, &[], noon(plus_days(start, 36)));
    assert_eq!(late.days_remaining, Some(-2));
    assert!(late.forfeited);
}

#[test]
fn a_finished_move_over_the_limit_by_duplication_is_a_forfeit_on_its_day() {
    let start = date(2025, 1, 1);
    // 30 days per move: 26 counted days cost 20 + 12 = 32.
    let (periods, end) = periods_of(start, &[26]);
    let st = duplicated("30d", &periods, &[], noon(end));
    assert!(st.forfeited);
    // (30 + 20) / 2 + 1 = 26: the day a 26th counted day was charged 32.
    assert_eq!(st.forfeit_date, Some(plus_days(start, 26)));
    assert!(!at("30d", &periods, &[], noon(end)).forfeited);
}

#[test]
fn leave_days_are_not_reflection_days_and_are_never_doubled() {
    let start = date(2025, 1, 1);
    let (periods, end) = periods_of(start, &[25]);
    let leave = [Leave {
        from: plus_days(start, 3),
        until: Some(plus_days(start, 7)),
    }];
    // 25 days less 5 on leave: 20 counted, not past the threshold.
    assert_eq!(
        duplicated("10/50", &periods, &leave, noon(end)).days_used_total,
        20
    );
}
