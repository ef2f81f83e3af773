//! Issue 21: games kept replayed between messages (service/positions.rs).
//! Whatever changed a game's moves without the service reading them (another
//! site on the shared database, a takeback, a savepoint or transaction
//! rolled back after the game was read inside it), the next message is
//! checked against the stored moves, never against a kept older position.

use super::*;
use ccgate::store::MoveRow;

fn stored(now: Timestamp, ply: u32, uci: &str) -> MoveRow {
    MoveRow {
        ply,
        uci: uci.into(),
        raw: uci.into(),
        notation: "uci".into(),
        received_at: now,
        delivered_at: None,
        journal_id: None,
    }
}

/// The position the service reads now, and the one a full replay of the
/// stored moves gives: they must be the same.
fn positions(w: &World, g: GameId) -> (String, String) {
    let fen = |r: &Record| {
        shakmaty::fen::Fen::from_position(&r.pos, shakmaty::EnPassantMode::Legal).to_string()
    };
    let served = service::load_game(&w.store, g)
        .expect("load")
        .expect("game");
    (fen(&served.record), fen(&w.record(g)))
}

#[test]
fn another_sites_takeback_and_move_is_seen_by_the_next_message() {
    let (mut w, anna, boris, g) = anna_against_boris();
    w.play_all(&anna, &boris, g, &["e2e4", "e7e5", "g1f3"]);
    let (served, fresh) = positions(&w, g);
    assert_eq!(served, fresh);
    // The other site (a second store on the same database) takes White's
    // third ply back and plays another in its place: as many moves as
    // this store read last, the last one different.
    let (now, mut other) = (w.now, w.db.store());
    let tx = other.write().expect("write");
    tx.truncate_moves(g, 2).expect("take back");
    tx.add_move(g, &stored(now, 3, "d2d4")).expect("move");
    tx.commit().expect("commit");
    let (served, fresh) = positions(&w, g);
    assert_eq!(served, fresh, "the stored moves decide");
    // exd4 is legal only after d2d4: applied, not refused as against Nf3.
    w.play(&boris, g, "e5d4");
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "d2d4", "e5d4"]);
}

#[test]
fn a_move_read_inside_a_rolled_back_savepoint_or_transaction_is_not_kept() {
    let (mut w, anna, boris, g) = anna_against_boris();
    w.play_all(&anna, &boris, g, &["e2e4", "e7e5"]);
    let now = w.now;
    let tx = w.store.write().expect("write");
    let sp = tx.savepoint().expect("savepoint");
    tx.add_move(g, &stored(now, 3, "g1f3")).expect("move");
    let inside = service::load_game(&tx, g).expect("load").expect("game");
    assert_eq!(inside.record.moves.len(), 3, "read inside the savepoint");
    sp.rollback().expect("rollback");
    let after = service::load_game(&tx, g).expect("load").expect("game");
    assert_eq!(after.record.moves.len(), 2, "the savepoint's move is gone");
    // The same in a whole transaction that never commits.
    tx.add_move(g, &stored(now, 3, "b1c3")).expect("move");
    let inside = service::load_game(&tx, g).expect("load").expect("game");
    assert_eq!(inside.record.moves.len(), 3);
    drop(tx);
    let (served, fresh) = positions(&w, g);
    assert_eq!(served, fresh);
    // White is to move: g1f3 is applied, not refused as Black's turn.
    w.play(&anna, g, "g1f3");
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn a_directors_takeback_is_followed_by_the_position_before_it() {
    let (mut w, anna, boris, g) = anna_against_boris();
    w.play_all(&anna, &boris, g, &["e2e4", "e7e5", "g1f3", "b8c6"]);
    let (served, fresh) = positions(&w, g);
    assert_eq!(served, fresh);
    service::takeback(&mut w.store, &service::Actor::Operator, g, 2, "slip", w.now)
        .expect("takeback");
    let (served, fresh) = positions(&w, g);
    assert_eq!(served, fresh);
    w.play_all(&anna, &boris, g, &["f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]);
    assert!(w.row(g).finished, "the mate after the takeback counts");
}
