//! Repeated messages: the same transport id again changes and queues
//! nothing, a move sent again under a new id is confirmed again but not
//! applied twice, a message journaled but not processed is processed when it
//! comes again.

use super::*;

#[test]
fn the_same_transport_id_again_changes_nothing_and_queues_nothing() {
    let (mut w, _, _, g) = anna_against_boris();
    let text = format!("{g} 1. 5254");
    let first = w.send_id(
        Channel::Email,
        "Anna <Anna@Example.org>",
        "<m1@example.org>",
        &text,
    );
    assert!(!first.duplicate);
    assert_eq!(first.replies.len(), 2);
    let outbox = w.outbox().len();
    let again = w.send_id(
        Channel::Email,
        "anna@example.org",
        "<m1@example.org>",
        &text,
    );
    assert!(again.duplicate);
    assert_eq!(again.journal_id, first.journal_id);
    assert!(again.replies.is_empty());
    assert_eq!(w.outbox().len(), outbox, "nothing new queued");
    assert_eq!(w.ucis(g), ["e2e4"], "applied once");
    // A refused message repeated is not recorded twice.
    let bad = format!("{g} 1... Qh4");
    let r1 = w.send_id(Channel::Sms, "+491711234567", "pdu-1", &bad);
    assert!(!r1.duplicate && r1.replies.len() == 1);
    let r2 = w.send_id(Channel::Sms, "+49 171 1234567", "pdu-1", &bad);
    assert!(r2.duplicate && r2.replies.is_empty());
    assert_eq!(w.incidents().len(), 1);
    assert_eq!(w.outbox().len(), outbox + 1);
    // The same id on another channel is another message.
    let other = w.send_id(
        Channel::Sms,
        "+491711234567",
        "<m1@example.org>",
        &format!("{g} 1... e5"),
    );
    assert!(!other.duplicate);
    assert_eq!(w.ucis(g), ["e2e4", "e7e5"]);
}

#[test]
fn a_move_sent_again_under_a_new_id_is_confirmed_again_not_applied_twice() {
    let (mut w, a, b, g) = anna_against_boris();
    let first = w.play(&a, g, "e2e4");
    let confirmation = only_to(&first.replies, &a);
    let outbox = w.outbox().len();
    let again = w.send(&a, &format!("{g} 1. 5254"));
    assert!(!again.duplicate);
    assert_eq!(w.ucis(g), ["e2e4"]);
    assert_eq!(
        again.replies.len(),
        1,
        "only the sender hears again: {again:#?}"
    );
    assert_eq!(only_to(&again.replies, &a), confirmation);
    assert_eq!(w.outbox().len(), outbox + 1);
    assert!(w.incidents().is_empty(), "a resent move is no incident");
    // With the echo of the opponent's move too, and without the number.
    w.play(&b, g, "e7e5");
    w.play(&a, g, "g1f3");
    let again = w.send(&a, &format!("{g} 1... 5755 2. 7163"));
    assert!(
        only_to(&again.replies, &a).contains("2. 7163 angenommen"),
        "{again:#?}"
    );
    let again = w.send(&a, &format!("{g} 7163"));
    assert!(
        only_to(&again.replies, &a).contains("2. 7163 angenommen"),
        "{again:#?}"
    );
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"]);
    assert!(w.incidents().is_empty());
}

#[test]
fn messages_without_a_transport_id_are_each_new_even_at_the_same_instant() {
    let (mut w, a, b, g) = anna_against_boris();
    let msg = |from: &Who, text: String| Inbound {
        thread: Vec::new(),
        channel: from.channel,
        from: from.addr.clone(),
        transport_id: None,
        raw: text.clone().into_bytes(),
        text,
        auth: Auth::Unchecked,
        rules: service::Rules::default(),
    };
    let p1 =
        service::submit(&mut w.store, &msg(&a, format!("{g} 1. 5254")), w.now).expect("submit");
    let p2 =
        service::submit(&mut w.store, &msg(&b, format!("{g} 1... e5")), w.now).expect("submit");
    assert!(!p1.duplicate && !p2.duplicate);
    assert_ne!(p1.journal_id, p2.journal_id);
    assert_eq!(w.ucis(g), ["e2e4", "e7e5"]);
}

#[test]
fn a_message_journaled_but_not_processed_is_processed_when_it_comes_again() {
    let (mut w, a, _, g) = anna_against_boris();
    let text = format!("{g} 1. 5254");
    // A crash after journaling, before processing, leaves an entry without outcome.
    let tx = w.store.write().expect("write");
    let journaled = tx
        .journal(
            Channel::Email,
            "<crash@example.org>",
            &a.addr,
            text.as_bytes(),
            w.now,
        )
        .expect("journal");
    tx.commit().expect("commit");
    let store::Journaled::New(id) = journaled else {
        panic!("new entry expected")
    };
    assert_eq!(w.store.pending().expect("pending").len(), 1);
    let p = w.send_id(Channel::Email, &a.addr, "<crash@example.org>", &text);
    assert!(!p.duplicate);
    assert_eq!(p.journal_id, id);
    assert_eq!(p.replies.len(), 2);
    assert_eq!(w.ucis(g), ["e2e4"]);
    assert!(w.store.pending().expect("pending").is_empty());
    // And a third delivery changes nothing.
    assert!(
        w.send_id(Channel::Email, &a.addr, "<crash@example.org>", &text)
            .duplicate
    );
    assert_eq!(w.ucis(g), ["e2e4"]);
}
