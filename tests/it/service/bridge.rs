//! Issue 19, bridging, through the service: a remote game mirrored, the
//! opponent's moves relayed to the player in their notation and language,
//! the player's moves queued with their message and sent only while the
//! server lacks them, a remote refusal taken back and told with the
//! server's reason, a contradicting server an incident.

use super::*;
use ccgate::store::OutboundState;
use ccgate::xfcc::games::{XfccGame, XfccResult};

fn account() -> service::Account {
    service::Account {
        url: "https://xfcc.example.org/xfccbasic.asmx".into(),
        host: "xfcc.example.org".into(),
        username: "anna77".into(),
        player: "Anna".into(),
    }
}

/// Game 7 as the server lists it to Anna (Black).
fn remote(moves: &str) -> XfccGame {
    let plies = ccgate::xfcc::bridge::plies(moves).len();
    XfccGame {
        id: 7,
        white: "Remote".into(),
        black: "anna77".into(),
        event: String::new(),
        site: String::new(),
        event_date: String::new(),
        round: 0,
        board: 0,
        my_turn: plies % 2 == 1,
        has_white: false,
        minutes_player: 0,
        minutes_opponent: 0,
        moves: moves.into(),
        draw_offered: false,
        result: XfccResult::Ongoing,
        time_control: String::new(),
        fen: None,
    }
}

fn poll(w: &mut World, moves: &str) -> service::Polled {
    let polled =
        service::bridge_poll(&mut w.store, &account(), &[remote(moves)], w.now).expect("poll");
    assert!(polled.failed.is_empty(), "{:?}", polled.failed);
    polled
}

fn states(w: &World) -> Vec<(u32, String, OutboundState, u32)> {
    let mirror = w
        .store
        .bridged(&account().url, "anna77", 7)
        .expect("read")
        .expect("mirrored");
    w.store
        .outbound(mirror.id)
        .expect("outbound")
        .into_iter()
        .map(|o| (o.ply, o.san, o.state, o.attempts))
        .collect()
}

#[test]
fn a_bridged_game_is_relayed_queued_sent_while_missing_and_refused_with_the_reason() {
    let mut w = World::new();
    // Polled before Anna is registered: nothing mirrored, nothing
    // journaled, so the same list is read again once she is.
    let early =
        service::bridge_poll(&mut w.store, &account(), &[remote("1. e4")], w.now).expect("poll");
    assert_eq!((early.processed.len(), early.failed.len()), (0, 1));
    assert_eq!(w.db.count("SELECT count(*) FROM journal"), 0);
    let anna = w.player(
        "Anna",
        Channel::Sms,
        "+4915112345678",
        Notation::San,
        Lang::De,
    );
    let first = poll(&mut w, "1. e4");
    assert_eq!(first.processed.len(), 1);
    assert!(first.sends.is_empty());
    let game = w
        .store
        .bridged(&account().url, "anna77", 7)
        .expect("read")
        .expect("mirrored")
        .game;
    assert_eq!(w.ucis(game), ["e2e4"]);
    let told = bodies_to(&w.outbox(), &anna);
    assert!(
        told.iter()
            .any(|b| b.contains("1. e4") && b.contains("von Remote (xfcc.example.org)")),
        "{told:?}"
    );
    // The same list again: nothing new, nothing journaled.
    assert!(poll(&mut w, "1. e4").processed.is_empty());

    // Anna's move, checked here first: an illegal one is refused at once
    // and queues nothing.
    let refused = w.send(&anna, &format!("{game} Ke2"));
    assert_eq!(refused.refusals(), 1);
    assert!(states(&w).is_empty());
    let played = w.send(&anna, &format!("{game} e5"));
    assert_eq!(played.moves_applied(), 1);
    assert_eq!(
        states(&w),
        [(1, "e5".to_string(), OutboundState::Queued, 0)]
    );
    let journal = w.store.outbound(
        w.store
            .bridged(&account().url, "anna77", 7)
            .expect("read")
            .expect("mirrored")
            .id,
    );
    assert_eq!(
        journal.expect("read")[0].journal_id,
        Some(played.journal_id)
    );

    // Sent while the server lacks it, again after an answer that never
    // came, and never once the server lists it.
    let sent = poll(&mut w, "1. e4");
    assert_eq!(
        sent.sends
            .iter()
            .map(|s| (s.movecount, s.san.as_str(), s.attempt))
            .collect::<Vec<_>>(),
        [(1, "e5", 1)]
    );
    let again = poll(&mut w, "1. e4");
    assert_eq!(again.sends.len(), 1);
    assert_eq!(again.sends[0].attempt, 2);
    let confirmed = poll(&mut w, "1. e4 e5");
    assert!(confirmed.sends.is_empty());
    assert_eq!(
        states(&w),
        [(1, "e5".to_string(), OutboundState::Confirmed, 2)]
    );
    assert!(poll(&mut w, "1. e4 e5").processed.is_empty());

    // The next move relayed in German; Anna's answer refused by the server.
    poll(&mut w, "1. e4 e5 2. Nf3");
    assert!(
        bodies_to(&w.outbox(), &anna)
            .iter()
            .any(|b| b.contains("2. Sf3"))
    );
    w.send(&anna, &format!("{game} Sc6"));
    let send = poll(&mut w, "1. e4 e5 2. Nf3").sends.remove(0);
    assert_eq!((send.ply, send.san.as_str()), (3, "Nc6"));
    let answer = b"<MakeAMoveResult>YouAreOnLeave</MakeAMoveResult>";
    service::bridge_refused(
        &mut w.store,
        &account(),
        &send,
        "YouAreOnLeave",
        answer,
        w.now,
    )
    .expect("refused");
    assert_eq!(w.ucis(game), ["e2e4", "e7e5", "g1f3"]);
    let told = bodies_to(&w.outbox(), &anna);
    assert!(
        told.iter().any(|b| b.contains("Sc6")
            && b.contains("vom Server xfcc.example.org abgelehnt: Sie sind dort im Urlaub.")),
        "{told:?}"
    );
    assert_eq!(states(&w)[1].2, OutboundState::Refused);
    assert!(
        w.incidents()
            .iter()
            .any(|i| i.kind == store::IncidentKind::RemoteRefused)
    );
    // Nothing is pending: the next poll sends nothing.
    assert!(poll(&mut w, "1. e4 e5 2. Nf3").sends.is_empty());

    // A resignation is made on the server: refused here, the game goes on.
    w.send(&anna, &format!("{game} aufgeben"));
    assert!(!w.row(game).finished);
    assert!(
        bodies_to(&w.outbox(), &anna)
            .iter()
            .any(|b| b.contains("auf dem Server xfcc.example.org gespielt")),
    );

    // Anna plays another move; the server now shows a different first move.
    w.send(&anna, &format!("{game} d6"));
    assert_eq!(
        states(&w)[1],
        (3, "d6".to_string(), OutboundState::Queued, 0)
    );
    let diverged = poll(&mut w, "1. d4 e5 2. Nf3");
    assert!(diverged.sends.is_empty());
    assert!(
        w.incidents()
            .iter()
            .any(|i| i.kind == store::IncidentKind::RemoteDiverged)
    );
    // From then on the game is the director's: nothing is sent.
    assert!(poll(&mut w, "1. e4 e5 2. Nf3").processed.is_empty());
}
