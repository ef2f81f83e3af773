//! Clocks under a test clock: reminders once per move, forfeits after the
//! limit (never after a jump of the clock until the time is confirmed), and
//! leave that stops the clock, ends with a move, and is refused beyond the
//! allowance.

use super::*;

fn reminders_to(w: &World, who: &Who) -> usize {
    w.outbox()
        .iter()
        .filter(|r| {
            r.to == who.addr && (r.body.contains("reminder") || r.body.contains("Erinnerung"))
        })
        .count()
}

#[test]
fn reminders_come_once_per_move_and_a_forfeit_after_the_limit() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "3d");
    assert_eq!(
        w.sweep(),
        service::SweepReport::default(),
        "the day the game starts costs nothing"
    );
    w.advance(DAY);
    let r = w.sweep();
    assert_eq!(r.reminders, [g]);
    assert!(r.forfeits.is_empty());
    assert_eq!(reminders_to(&w, &a), 1);
    assert!(
        w.outbox().iter().any(|m| m.to == a.addr
            && m.body == format!("P{g} Erinnerung: Sie sind am Zug, noch 2 Tage."))
    );
    // Once per move: not again the same day, nor the next days.
    assert_eq!(w.sweep(), service::SweepReport::default());
    w.advance(DAY);
    assert_eq!(w.sweep(), service::SweepReport::default());
    assert_eq!(reminders_to(&w, &a), 1);
    // Anna moves on day 2; Boris's clock starts when the notice is sent.
    w.play(&a, g, "e2e4");
    w.advance(DAY * 5);
    assert_eq!(
        w.sweep(),
        service::SweepReport::default(),
        "an undelivered move starts no clock"
    );
    w.deliver_all();
    w.advance(DAY);
    assert_eq!(w.sweep().reminders, [g]);
    assert_eq!(reminders_to(&w, &b), 1);
    w.play(&b, g, "e7e5");
    w.deliver_all();
    // Anna's next move is another move: another reminder.
    w.advance(DAY);
    assert_eq!(w.sweep().reminders, [g]);
    assert_eq!(reminders_to(&w, &a), 2);
    // Three days used is exactly the allowance: in time.
    w.advance(DAY * 2);
    assert_eq!(w.sweep(), service::SweepReport::default());
    assert!(!w.row(g).finished);
    // The fourth is one too many.
    w.advance(DAY);
    let before = w.outbox().len();
    let r = w.sweep();
    assert_eq!(r.forfeits, [g]);
    let row = w.row(g);
    assert_eq!(row.result.map(|r| r.as_str()), Some("0-1"));
    assert!(
        row.reason
            .as_ref()
            .is_some_and(|r| r.to_string().contains("Anna lost on time")),
        "{row:?}"
    );
    let told: Vec<_> = w.outbox().into_iter().skip(before).collect();
    assert_eq!(told.len(), 2, "both told: {told:#?}");
    // A finished game is swept no more.
    w.advance(DAY * 10);
    assert_eq!(w.sweep(), service::SweepReport::default());
}

/// A forward jump of the system clock (60 days) forfeited every game whose
/// player was to move, and the forfeits stood when the clock came back:
/// a sweep that far past its last run now only reminds, tells the
/// director once (an incident), and waits until the time is confirmed.
#[test]
fn a_jump_of_the_clock_forfeits_nobody_until_the_time_is_confirmed() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "3d");
    let margin = Some(SignedDuration::from_hours(24));
    let guarded =
        |w: &mut World| service::sweep_clocks(&mut w.store, w.now, margin).expect("sweep");
    // A gateway that runs all along never meets the guard.
    assert_eq!(guarded(&mut w), service::SweepReport::default());
    w.advance(DAY);
    assert_eq!(guarded(&mut w).reminders, [g]);
    w.advance(DAY * 60);
    let r = guarded(&mut w);
    assert!(r.forfeits.is_empty(), "{r:?}");
    assert_eq!(r.held, Some(SignedDuration::from_hours(24 * 60)));
    assert!(!w.row(g).finished);
    // The clock comes back: still held, and the director told once.
    w.advance(DAY * -59);
    assert!(guarded(&mut w).held.is_some());
    w.advance(DAY * 59);
    assert!(guarded(&mut w).held.is_some());
    let told: Vec<_> = w
        .incidents()
        .into_iter()
        .filter(|i| i.kind == store::IncidentKind::ClockJump)
        .collect();
    assert_eq!(told.len(), 1, "{told:#?}");
    assert!(told[0].detail.contains("60 days"), "{}", told[0].detail);
    assert!(!w.row(g).finished);
    // The director confirms the time: the sweep runs at once, and after it
    // the guard is as before.
    let r = service::sweep_clocks(&mut w.store, w.now, None).expect("sweep");
    assert_eq!((r.forfeits, r.held), (vec![g], None));
    w.advance(DAY);
    assert_eq!(guarded(&mut w).held, None);
}

#[test]
fn black_forfeits_too() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "2d");
    w.play(&a, g, "e2e4");
    w.deliver_all();
    w.advance(DAY * 3);
    assert_eq!(w.sweep().forfeits, [g]);
    assert_eq!(w.row(g).result.map(|r| r.as_str()), Some("1-0"));
}

/// A player's stored leaves: (id, from, until) as dates are written.
fn leaves(w: &World, who: &Who) -> Vec<(i64, String, Option<String>)> {
    w.store
        .leaves(who.id)
        .expect("leaves")
        .into_iter()
        .map(|l| {
            (
                l.id.0,
                l.leave.from.to_string(),
                l.leave.until.map(|d| d.to_string()),
            )
        })
        .collect()
}

#[test]
fn leave_stops_the_clock() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "3d");
    let p = w.send(&a, "leave 10");
    // From today, the day it is announced (3 March), for ten days, to 12
    // March; the dates as German mail writes them.
    assert_eq!(
        only_to(&p.replies, &a),
        "ccgate: Urlaub vom 03.03.2025 bis 12.03.2025 notiert. Noch 35 Tage in diesem Jahr."
    );
    assert_eq!(
        leaves(&w, &a),
        [(1, "2025-03-03".to_string(), Some("2025-03-12".to_string()))]
    );
    assert!(w.incidents().is_empty());
    // To the leave's last day: no day of it has counted.
    for _ in 0..9 {
        w.advance(DAY);
        assert_eq!(w.sweep(), service::SweepReport::default(), "{}", w.now);
    }
    // The first day after the leave counts.
    w.advance(DAY);
    assert_eq!(w.sweep().reminders, [g]);
    w.advance(DAY * 2);
    assert_eq!(w.sweep(), service::SweepReport::default());
    w.advance(DAY);
    assert_eq!(w.sweep().forfeits, [g]);
}

#[test]
fn a_move_during_leave_ends_it() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "3d");
    w.send(&a, "leave 10");
    // Anna moves on 6 March, during her leave: it ends that day.
    w.advance(DAY * 3);
    w.play(&a, g, "e2e4");
    assert_eq!(
        leaves(&w, &a),
        [(1, "2025-03-03".to_string(), Some("2025-03-06".to_string()))]
    );
    w.deliver_all();
    w.play(&b, g, "e7e5");
    w.deliver_all();
    // Her clock runs again from 6 March: four days later she has lost,
    // although the leave she asked for would have lasted until 13 March.
    w.advance(DAY * 3);
    assert_eq!(
        w.sweep(),
        service::SweepReport {
            held: None,
            forfeits: vec![],
            reminders: vec![g],
            silences: vec![],
        }
    );
    w.advance(DAY);
    assert_eq!(w.sweep().forfeits, [g]);
    assert_eq!(w.row(g).result.map(|r| r.as_str()), Some("0-1"));
}

#[test]
fn leave_beyond_the_allowance_is_refused() {
    let mut w = World::new();
    let b = boris(&mut w);
    let p = w.send(&b, "leave 46");
    assert!(
        only_to(&p.replies, &b).starts_with("ccgate: leave refused"),
        "{p:#?}"
    );
    assert!(w.store.leaves(b.id).expect("leaves").is_empty());
}
