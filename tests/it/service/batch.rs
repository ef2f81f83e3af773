//! Issue 21: group commit. Several messages in one transaction, each in its
//! own savepoint: one that fails is undone alone and journaled with its
//! error, a repeat inside the batch is a duplicate, and nothing of the batch
//! is visible (so nothing may be acknowledged) before its one commit.

use super::*;

fn inbound(from: &Who, id: &str, text: &str) -> Inbound {
    Inbound {
        thread: Vec::new(),
        channel: from.channel,
        from: from.addr.clone(),
        transport_id: Some(id.to_string()),
        raw: text.as_bytes().to_vec(),
        text: text.to_string(),
        auth: Auth::Unchecked,
        rules: service::Rules::default(),
    }
}

/// Rows of the committed store, as another process sees them.
fn committed(w: &World, sql: &str) -> i64 {
    w.db.count(sql)
}

#[test]
fn a_failing_message_rolls_back_alone_and_the_batch_commits_once() {
    let (mut w, anna, boris, good) = anna_against_boris();
    let carl = carl(&mut w);
    let damaged = w.game(&carl, &boris, None, "-");
    // A record that no longer replays (a hand-edited store): processing a
    // move of it fails.
    w.db.raw(&format!(
        "UPDATE games SET start_fen = 'not a position' WHERE id = {}",
        damaged.0
    ));
    let (now, db) = (w.now, &w.db);
    let messages = [
        inbound(&anna, "m1", &format!("{good} 1. 5254")),
        inbound(&carl, "m2", &format!("{damaged} 1. e2e4")),
        // The first again, inside the same batch.
        inbound(&anna, "m1", &format!("{good} 1. 5254")),
        inbound(&boris, "m3", &format!("{good} 1... e5")),
    ];
    let (results, seen_inside) = service::batch(&mut w.store, |b| {
        let results: Vec<_> = messages.iter().map(|m| b.submit(m, now)).collect();
        (results, db.count("SELECT count(*) FROM journal"))
    })
    .expect("the batch commits");
    assert_eq!(seen_inside, 0, "nothing is visible before the commit");
    let [first, failed, repeat, reply] = <[_; 4]>::try_from(results).expect("four results");
    let first = first.expect("the first move");
    assert!(!first.duplicate && first.moves_applied() == 1);
    assert!(failed.is_err(), "{failed:?}");
    let repeat = repeat.expect("the repeat");
    assert!(repeat.duplicate && repeat.journal_id == first.journal_id);
    assert!(reply.expect("the answer").moves_applied() == 1);
    assert_eq!(w.ucis(good), ["e2e4", "e7e5"]);
    assert!(w.ucis(damaged).is_empty());
    // The failed message is kept, with why, and answered nothing.
    assert_eq!(committed(&w, "SELECT count(*) FROM journal"), 3);
    assert_eq!(
        committed(
            &w,
            "SELECT count(*) FROM journal WHERE transport_id = 'm2' AND outcome LIKE 'error: %'"
        ),
        1
    );
    assert_eq!(
        committed(
            &w,
            "SELECT count(*) FROM outbox WHERE journal_id = (SELECT id FROM journal WHERE transport_id = 'm2')"
        ),
        0
    );
    assert_eq!(committed(&w, "SELECT count(*) FROM outbox"), 4);
}

#[test]
fn a_lone_message_is_committed_before_submit_returns() {
    let (mut w, anna, _, g) = anna_against_boris();
    let done = service::submit(
        &mut w.store,
        &inbound(&anna, "m1", &format!("{g} 1. 5254")),
        w.now,
    )
    .expect("submit");
    assert_eq!(done.moves_applied(), 1);
    assert_eq!(committed(&w, "SELECT count(*) FROM moves"), 1);
    assert_eq!(committed(&w, "SELECT count(*) FROM outbox"), 2);
}
