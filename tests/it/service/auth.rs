//! Who may move: the PIN and its lock (per address, never by a forger), the
//! journal keeping that a PIN was given but not the PIN, and the confirmation
//! loop that holds an unauthenticated move until its code comes back.

use super::*;

/// A player whose messages need the PIN 1234.
fn pia(w: &mut World) -> Who {
    w.player_with(
        "Pia",
        Channel::Email,
        "pia@example.org",
        Notation::San,
        Lang::En,
        Some("1234"),
    )
}

#[test]
fn the_pin_is_required_and_five_failures_lock_it() {
    let mut w = World::new();
    let pia = pia(&mut w);
    let b = boris(&mut w);
    let g = w.game(&pia, &b, None, "-");
    let mut incidents = 0;
    // Missing, then wrong.
    for raw in [
        format!("{g} 1. e4"),
        format!("pin 9999\n{g} 1. e4"),
        format!("PIN: 12345\n{g} 1. e4"),
    ] {
        let p = w.send(&pia, &raw);
        let body = assert_refused(&w, (g, &[], incidents), &p, &pia, "bad_pin", &raw);
        assert_eq!(body, "ccgate: PIN missing or wrong. Nothing was applied.");
        incidents += 1;
    }
    // The right PIN resets the count.
    w.send(&pia, &format!("pin 1234\n{g} 1. e4"));
    assert_eq!(w.ucis(g), ["e2e4"]);
    w.play(&b, g, "e7e5");
    // Five failures lock the PIN: then even the right one is refused.
    for k in 0..5 {
        let raw = format!("pin 000{k}\n{g} 2. Nf3");
        let p = w.send(&pia, &raw);
        assert_refused(
            &w,
            (g, &["e2e4".into(), "e7e5".into()], incidents),
            &p,
            &pia,
            "bad_pin",
            &raw,
        );
        incidents += 1;
    }
    let raw = format!("pin 1234\n{g} 2. Nf3");
    let p = w.send(&pia, &raw);
    assert_refused(
        &w,
        (g, &["e2e4".into(), "e7e5".into()], incidents),
        &p,
        &pia,
        "bad_pin",
        &raw,
    );
    assert!(
        w.incidents()
            .last()
            .expect("incident")
            .detail
            .contains("locked")
    );
    // After the lock has passed, the right PIN works again.
    w.advance(SignedDuration::from_hours(2));
    let p = w.send(&pia, &format!("pin 1234\n{g} 2. Nf3"));
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"], "{p:#?}");
}

#[test]
fn the_journal_keeps_that_a_pin_was_given_not_the_pin() {
    let mut w = World::new();
    let pia = pia(&mut w);
    let b = boris(&mut w);
    let g = w.game(&pia, &b, None, "-");
    let p = w.send(&pia, &format!("Dear Boris,\r\nPIN: 1234\r\n{g} 1. e4\r\n"));
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    let entry = w
        .store
        .entry(p.journal_id)
        .expect("read")
        .expect("journaled");
    let raw = String::from_utf8(entry.raw).expect("text");
    assert!(!raw.contains("1234"), "{raw}");
    let kept: Vec<&str> = raw.split("\r\n").collect();
    assert_eq!(kept[0], "Dear Boris,");
    assert!(kept[1].starts_with("pin withheld $argon2id$"), "{raw}");
    assert_eq!(kept[2], format!("{g} 1. e4"));
}

/// The code a held-message notice asks for.
fn code_of(p: &Processed) -> String {
    let body = &p.replies.last().expect("a notice").body;
    body.rsplit_once("confirm ")
        .map(|(_, code)| code.trim().to_string())
        .unwrap_or_else(|| panic!("no code in {body}"))
}

#[test]
fn an_unauthenticated_move_is_held_until_its_code_comes_back() {
    let (mut w, a, b, g) = anna_against_boris();
    let forged = || Auth::Unverified("no authentication configured".into());
    let before = w.row(g);
    // Someone writes Anna's address into From: nothing moves, Anna is asked.
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f1",
        &format!("{g} 1. 5254"),
        forged(),
    );
    assert_eq!(p.moves_applied(), 0);
    assert!(w.ucis(g).is_empty());
    assert_eq!(p.replies.len(), 1, "{p:#?}");
    assert_eq!(p.replies[0].to, a.addr);
    assert!(
        p.outcome.starts_with("held for confirmation"),
        "{}",
        p.outcome
    );
    let first = code_of(&p);
    assert_eq!(first.len(), 6);
    // A newer held message replaces the older: its code no longer works.
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f2",
        &format!("{g} 1. 5254"),
        forged(),
    );
    let code = code_of(&p);
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "c0",
        &format!("confirm {first}"),
        forged(),
    );
    assert_eq!(p.moves_applied(), 0, "{p:#?}");
    assert!(
        p.outcome.contains("unknown, used or expired"),
        "{}",
        p.outcome
    );
    // The game and its clocks are as they were while the move waits.
    assert_eq!(w.row(g), before);
    // Anna sends the code back, bare, in small letters, below a subject line:
    // the move is played.
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "c1",
        &format!("Zug\n{}", code.to_lowercase()),
        forged(),
    );
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    assert!(p.outcome.starts_with("hold "), "{}", p.outcome);
    assert!(p.replies.iter().any(|r| r.to == b.addr));
    // Single use.
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "c2",
        &format!("confirm {code}"),
        forged(),
    );
    assert_eq!(p.moves_applied(), 0);
    assert_eq!(w.ucis(g), ["e2e4"]);
}

#[test]
fn a_held_move_expires_after_72_hours() {
    let (mut w, a, _b, g) = anna_against_boris();
    let forged = || Auth::Unverified("forged".into());
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f1",
        &format!("{g} 1. 5254"),
        forged(),
    );
    let code = code_of(&p);
    w.advance(SignedDuration::from_hours(73));
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "c1",
        &format!("confirm {code}"),
        forged(),
    );
    assert_eq!(p.moves_applied(), 0, "{p:#?}");
    assert!(w.ucis(g).is_empty());
    assert_eq!(p.replies.len(), 1);
    assert!(p.outcome.contains("expired"), "{}", p.outcome);
}

#[test]
fn a_forger_cannot_lock_a_pin_holder_out() {
    let mut w = World::new();
    let pia = pia(&mut w);
    let b = boris(&mut w);
    let g = w.game(&pia, &b, None, "-");
    let forged = |k: usize| Auth::Unverified(format!("forgery {k}"));
    // A stranger writes Pia's address into From, without a PIN, many times:
    // refused, but a missing PIN is no guess and locks nothing.
    for k in 0..8 {
        let p = w.send_as(
            Channel::Email,
            &pia.addr,
            &format!("f{k}"),
            &format!("{g} 1. a4"),
            forged(k),
        );
        assert_eq!(p.moves_applied(), 0);
    }
    let p = w.send(&pia, &format!("pin 1234\n{g} 1. e4"));
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    w.play(&b, g, "e7e5");
    // Then with wrong PINs, until the PIN is locked for the unauthenticated path...
    for k in 0..6 {
        let raw = format!("pin 000{k}\n{g} 2. a4");
        w.send_as(Channel::Email, &pia.addr, &format!("w{k}"), &raw, forged(k));
    }
    let p = w.send(&pia, &format!("pin 1234\n{g} 2. Nf3"));
    assert_eq!(p.moves_applied(), 0, "locked: {p:#?}");
    // ...while a mail her provider signed, vouched for by the operator's
    // server, still moves for her, PIN or not.
    let p = w.send_as(
        Channel::Email,
        &pia.addr,
        "signed",
        &format!("{g} 2. Nf3"),
        Auth::Vouched("dkim=pass header.d=example.org".into()),
    );
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"], "{p:#?}");
}

#[test]
fn pin_failures_lock_only_the_address_they_came_from() {
    let mut w = World::new();
    // Pia plays by mail and by SMS, with one PIN.
    let new = NewPlayer {
        name: "Pia".into(),
        notation: Notation::San,
        lang: Lang::En,
        reply_via: Some(Channel::Email),
        tz: "UTC".into(),
        pin_hash: Some(service::hash_pin("1234").expect("pin")),
        addresses: vec![
            (Channel::Email, "pia@example.org".into()),
            (Channel::Sms, "+4915112345678".into()),
        ],
    };
    let tx = w.store.write().expect("write");
    let id = tx.add_player(&new, w.now).expect("add player");
    tx.commit().expect("commit");
    let pia = Who {
        id,
        name: "Pia".into(),
        channel: Channel::Email,
        addr: "pia@example.org".into(),
        notation: Notation::San,
        lang: Lang::En,
    };
    let b = boris(&mut w);
    let g = w.game(&pia, &b, None, "-");
    // A forger guesses with Pia's mail address in From until it locks...
    for k in 0..6 {
        let raw = format!("pin 000{k}\n{g} 1. a4");
        let forged = Auth::Unverified(format!("forgery {k}"));
        w.send_as(Channel::Email, &pia.addr, &format!("w{k}"), &raw, forged);
    }
    let p = w.send(&pia, &format!("pin 1234\n{g} 1. e4"));
    assert_eq!(p.moves_applied(), 0, "the mail address is locked: {p:#?}");
    // ...which locks that address only: her phone still moves, with the PIN.
    let p = w.send_id(
        Channel::Sms,
        "+4915112345678",
        "sms-1",
        &format!("pin 1234\n{g} 1. e4"),
    );
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
}

#[test]
fn without_the_confirmation_loop_an_unauthenticated_move_is_refused() {
    let (mut w, a, _b, g) = anna_against_boris();
    w.rules.confirm_within = None;
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f1",
        &format!("{g} 1. 5254"),
        Auth::Unverified("no authentication".into()),
    );
    assert!(w.ucis(g).is_empty());
    assert!(p.outcome.contains("not authenticated"), "{}", p.outcome);
    assert_eq!(p.replies.len(), 1);
    assert!(
        !p.replies[0].body.contains("confirm"),
        "{}",
        p.replies[0].body
    );
    let unauthenticated = w
        .incidents()
        .into_iter()
        .filter(|i| i.kind == store::IncidentKind::Unauthenticated)
        .count();
    assert_eq!(unauthenticated, 1);
}

#[test]
fn the_confirmation_time_is_the_configured_one() {
    let (mut w, a, _b, g) = anna_against_boris();
    w.rules.confirm_within = Some(SignedDuration::from_hours(2));
    let forged = || Auth::Unverified("forged".into());
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f1",
        &format!("{g} 1. 5254"),
        forged(),
    );
    assert!(
        p.replies[0].body.contains("2 Stunden"),
        "{}",
        p.replies[0].body
    );
    let code = code_of(&p);
    w.advance(SignedDuration::from_hours(3));
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "c1",
        &format!("confirm {code}"),
        forged(),
    );
    assert_eq!(p.moves_applied(), 0, "{p:#?}");
    assert!(p.outcome.contains("expired"), "{}", p.outcome);
}

#[test]
fn a_player_may_have_their_sms_confirmed_and_a_non_e164_sender_matches_nobody() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play(&a, g, "e2e4");
    let tx = w.store.write().expect("write");
    tx.set_confirm_sms(b.id, true).expect("confirm sms");
    tx.commit().expect("commit");
    // An SMS under Boris's number is held: the code goes to his number,
    // where only Boris reads it.
    let p = w.send(&b, &format!("{g} 1... e5"));
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    assert!(
        p.outcome.starts_with("held for confirmation"),
        "{}",
        p.outcome
    );
    assert_eq!(
        (p.replies.len(), p.replies[0].to.as_str()),
        (1, b.addr.as_str())
    );
    let code = code_of(&p);
    let p = w.send(&b, &code);
    assert_eq!(w.ucis(g), ["e2e4", "e7e5"], "{p:#?}");
    // Anna's SMS-less mail is not affected; and a sender that is no E.164
    // number (an alphanumeric originator, a national number no country code
    // completed) is nobody's.
    for from in ["Boris", "01711234567", "+49 171 123"] {
        let p = w.send_id(
            Channel::Sms,
            from,
            &format!("x-{from}"),
            &format!("{g} 2. Nf3"),
        );
        assert!(
            p.outcome.contains("unknown sender"),
            "{from}: {}",
            p.outcome
        );
    }
    assert_eq!(w.ucis(g).len(), 2);
}

#[test]
fn prose_that_starts_like_pin_does_not_hide_the_pin_line() {
    let mut w = World::new();
    let pia = pia(&mut w);
    let b = boris(&mut w);
    let g = w.game(&pia, &b, None, "-");
    let p = w.send(
        &pia,
        &format!("Pinned to my desk all week, sorry.\npin 1234\n{g} 1. e4"),
    );
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    assert!(w.incidents().is_empty());
}

#[test]
fn a_confirmed_held_move_closes_its_incident_and_a_dispute_waits_for_the_director() {
    use ccgate::service::triage::{self, State};
    use ccgate::store::IncidentKind;
    let (mut w, a, b, g) = anna_against_boris();
    let forged = || Auth::Unverified("forged".into());
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f1",
        &format!("{g} 1. 5254"),
        forged(),
    );
    let code = code_of(&p);
    // While held, its incident waits for the player's code, not the director.
    let pending = |w: &World| -> std::collections::HashSet<_> {
        w.store.pending_holds(w.now).unwrap().into_iter().collect()
    };
    assert_eq!(
        triage::states(&w.incidents(), &pending(&w)),
        [State::Recorded]
    );
    w.send_as(
        Channel::Email,
        &a.addr,
        "c1",
        &format!("confirm {code}"),
        forged(),
    );
    assert_eq!(w.ucis(g), ["e2e4"]);
    let closed = &w.incidents()[0];
    assert_eq!(
        closed.ruling.as_ref().map(|r| r.text.as_str()),
        Some("closed: the player confirmed the held message")
    );
    // A dispute in another catalogue's word, about the game it names.
    w.send(&b, &format!("Einspruch {g}: the move was not Anna's"));
    let all = w.incidents();
    let dispute = all.last().expect("the dispute");
    assert_eq!(
        (dispute.kind, dispute.game_id, dispute.player_id),
        (IncidentKind::Dispute, Some(g), Some(b.id))
    );
    assert_eq!(
        triage::states(&all, &pending(&w)),
        [State::Ruled, State::Waiting]
    );
}
