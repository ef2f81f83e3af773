//! The outbox as the transports use it: retries with backoff, giving up,
//! clocks started when a notice is sent; the penalty policy; a notice
//! retried later shows the position of its own text.

use super::*;

#[test]
fn the_outbox_retries_with_backoff_gives_up_and_starts_clocks_when_sent() {
    let (mut w, a, _, g) = anna_against_boris();
    w.play(&a, g, "e2e4");
    let due = |w: &World, c: Channel| w.store.due(c, w.now, 10).expect("due");
    let notice = due(&w, Channel::Sms);
    assert_eq!(notice.len(), 1);
    assert_eq!(due(&w, Channel::Email).len(), 1);
    // A failed attempt waits before the next one.
    let tx = w.store.write().expect("write");
    tx.mark_failed(notice[0].id, "modem busy", w.now, retry3())
        .expect("failed");
    tx.commit().expect("commit");
    assert!(due(&w, Channel::Sms).is_empty());
    w.advance(SignedDuration::from_hours(1));
    assert_eq!(due(&w, Channel::Sms).len(), 1);
    // Sent: the move is delivered then, and it is no longer due.
    let tx = w.store.write().expect("write");
    tx.mark_sent(notice[0].id, w.now).expect("sent");
    tx.commit().expect("commit");
    assert!(due(&w, Channel::Sms).is_empty());
    let moves = w.store.moves(g).expect("moves");
    assert_eq!(moves[0].delivered_at, Some(w.now));
    // Too many failures: given up, and out of the unsent list.
    let email = due(&w, Channel::Email);
    for _ in 0..3 {
        let tx = w.store.write().expect("write");
        tx.mark_failed(email[0].id, "550 no such user", w.now, retry3())
            .expect("failed");
        tx.commit().expect("commit");
        w.advance(SignedDuration::from_hours(24 * 30));
    }
    assert!(due(&w, Channel::Email).is_empty());
    assert!(w.store.outbox(false).expect("outbox").is_empty());
    assert_eq!(w.outbox().len(), 2);
}

#[test]
fn the_penalty_policy_charges_days_for_an_illegal_move_and_can_forfeit() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    // 3 days per move, 2 penalty days per illegal move.
    let g = w.game(&a, &b, None, "3d");
    {
        let tx = w.store.write().expect("tx");
        tx.set_penalty_days(g, 2).expect("policy");
        tx.commit().expect("commit");
    }
    assert_eq!(w.row(g).penalty_days, 2);
    w.play(&a, g, "e2e4");
    w.deliver_all();
    let before = w.ucis(g);
    let p = w.send(&b, &format!("{g} 1... Qh4"));
    let body = only_to(&p.replies, &b);
    assert!(body.contains("Penalty: 2 days"), "{body}");
    assert_eq!(w.ucis(g), before, "nothing applied");
    // Without the penalty, two days later Black would still be in time (3 days per move);
    // with 2 penalty days the limit is passed.
    w.advance(SignedDuration::from_hours(48));
    let report = w.sweep();
    assert_eq!(report.forfeits, vec![g], "{report:?}");
    assert_eq!(w.row(g).result.map(|r| r.as_str()), Some("1-0"));
}

#[test]
fn without_a_penalty_policy_an_illegal_move_costs_no_time() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "3d");
    w.play(&a, g, "e2e4");
    w.deliver_all();
    let p = w.send(&b, &format!("{g} 1... Qh4"));
    assert!(!only_to(&p.replies, &b).contains("Penalty"));
    w.advance(SignedDuration::from_hours(48));
    assert!(w.sweep().forfeits.is_empty());
    assert!(w.row(g).result.is_none());
}

/// Three attempts, the first retry after two minutes.
fn retry3() -> store::Retry {
    store::Retry {
        max_attempts: 3,
        first_delay_secs: 120,
    }
}

#[test]
fn an_email_notice_retried_after_the_next_move_shows_the_position_of_its_own_text() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, None, "-");
    let p = w.play(&b, g, "e2e4");
    let notice = p
        .replies
        .iter()
        .find(|r| r.to == a.addr)
        .cloned()
        .expect("Anna's notice");
    let decided = ccgate::transport::email::compose::body(&notice, None);
    // Anna's mail fails for now and waits for its retry; the game goes on.
    let tx = w.store.write().expect("write");
    tx.mark_failed(notice.id, "451 try again later", w.now, retry3())
        .expect("failed");
    tx.commit().expect("commit");
    w.play(&a, g, "e7e5");
    w.play(&b, g, "g1f3");
    let retried = w.store.reply(notice.id).expect("read").expect("kept");
    let mail = ccgate::transport::email::compose::body(&retried, None);
    assert_eq!(mail, decided, "the retry is the mail as decided");
    // The board of 1. e4: Black's pawns unmoved, no knight on f3.
    // From Anna's side (Black), in her German letters.
    assert!(mail.contains("7 b b b b b b b b"), "{mail}");
    assert!(mail.contains("1 T S L K D L S T"), "{mail}");
    let record = retried.sheet.expect("a sheet").record;
    assert!(record.contains("5254"), "{record:?}");
    for later in ["5755", "7163"] {
        assert!(!record.contains(later), "a later move in {record:?}");
    }
}

#[test]
fn a_store_error_while_checking_reminders_is_an_error_not_a_missed_reminder() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    w.game(&a, &b, None, "10d");
    w.db.raw("DROP TABLE reminders;");
    // Far from her limit, Anna is due no reminder: the sweep must still
    // fail rather than take the failed read for "not reminded yet".
    assert!(service::sweep_clocks(&mut w.store, w.now, None).is_err());
}

#[test]
fn the_sheet_of_a_mating_moves_notices_shows_the_game_as_the_message_left_it() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, None, "-");
    w.play_all(&b, &a, g, &["f2f3", "e7e5", "g2g4"]);
    let p = w.play(&a, g, "d8h4");
    let sheets: Vec<_> = p
        .replies
        .iter()
        .filter(|r| r.to == a.addr)
        .map(|r| {
            r.sheet
                .clone()
                .expect("an email reply about a game has a sheet")
        })
        .collect();
    // The confirmation and the end of the game in one reply, with the result.
    assert_eq!(sheets.len(), 1, "{p:#?}");
    for sheet in &sheets {
        assert!(sheet.record.trim_end().ends_with("0-1"), "{sheet:?}");
        // From Anna's side (Black), in German letters.
        assert!(sheet.board.contains("4 d B . . . . . ."), "{sheet:?}");
        assert_eq!(
            (sheet.white.as_str(), sheet.black.as_str()),
            ("Boris", "Anna")
        );
    }
}
