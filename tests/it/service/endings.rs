//! Every way a game ends: mate, stalemate, insufficient material, fivefold
//! repetition and 75 moves by the rules; resignation; draws offered,
//! accepted, lapsed and declined; claims checked; the director's
//! adjudication and takeback.

use super::*;

/// Checks that a game is over with `result` and `reason`, both players told.
fn assert_over(
    w: &mut World,
    g: GameId,
    p: &Processed,
    players: [&Who; 2],
    result: &str,
    reason: &str,
) {
    let row = w.row(g);
    assert!(row.finished, "game {g} should be over: {row:?}");
    assert_eq!(row.result.map(|r| r.as_str()), Some(result), "{row:?}");
    assert!(
        row.reason
            .as_ref()
            .is_some_and(|r| r.to_string().contains(reason)),
        "{row:?}"
    );
    assert!(row.finished_at.is_some());
    // Each player reads the reason in their own language.
    let termination = row.reason.clone().expect("a finished game has a reason");
    for who in players {
        let told = bodies_to(&p.replies, who);
        let reader = Reader::new(who.lang, Form::from(who.channel));
        let theirs = l10n::termination(reader, &termination);
        assert!(
            told.iter()
                .any(|m| m.contains(result) && m.contains(&theirs)),
            "{} not told of {result} {theirs}: {p:#?}",
            who.name
        );
    }
    // A finished game takes no more moves.
    let record = w.record(g);
    if let Some(mv) = record.pos.legal_moves().first() {
        let mover = if record.pos.turn() == Color::White {
            row.white
        } else {
            row.black
        };
        let who = players.into_iter().find(|p| p.id == mover).expect("player");
        let before = w.ucis(g);
        let text = format!("{g} {}", written(&record.pos, *mv, who));
        let p = w.send(who, &text);
        assert_eq!(w.ucis(g), before, "a move after the end was applied");
        assert!(only_to(&p.replies, who).contains(result), "{p:#?}");
    }
}

#[test]
fn checkmate_ends_the_game() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play_all(&a, &b, g, &["f2f3", "e7e5", "g2g4"]);
    let p = w.play(&b, g, "d8h4");
    assert!(
        bodies_to(&p.replies, &b)
            .iter()
            .any(|m| m.contains("2... Qh4# (4884) accepted")),
        "{p:#?}"
    );
    assert!(
        bodies_to(&p.replies, &a)
            .iter()
            .any(|m| m.contains("2... 4884 von Boris")),
        "{p:#?}"
    );
    assert_over(&mut w, g, &p, [&a, &b], "0-1", "checkmate");
}

#[test]
fn stalemate_ends_the_game_drawn() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, Some("7k/4Q3/6K1/8/8/8/8/8 w - - 0 60"), "-");
    let p = w.play(&b, g, "e7f7");
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "stalemate");
}

#[test]
fn insufficient_material_ends_the_game_drawn() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, Some("8/8/4k3/8/8/8/3r4/4K3 w - - 0 70"), "-");
    let p = w.play(&a, g, "e1d2");
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "insufficient material");
}

const SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

#[test]
fn fivefold_repetition_ends_the_game_drawn() {
    let (mut w, a, b, g) = anna_against_boris();
    let plies: Vec<&str> = SHUFFLE.iter().copied().cycle().take(16).collect();
    w.play_all(&a, &b, g, &plies[..15]);
    assert!(!w.row(g).finished, "four times is not yet five");
    let p = w.play(&b, g, plies[15]);
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "fivefold repetition");
}

#[test]
fn seventy_five_moves_end_the_game_drawn() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, Some("4k3/8/8/8/8/8/R7/4K3 w - - 148 120"), "-");
    w.play(&a, g, "a2a3");
    assert!(!w.row(g).finished, "149 half-moves");
    let p = w.play(&b, g, "e8d8");
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "seventy-five");
}

#[test]
fn resignation_ends_the_game() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play(&a, g, "e2e4");
    // Resigning does not need one's move.
    let p = w.send(&a, &format!("{g} resign"));
    assert_over(&mut w, g, &p, [&a, &b], "0-1", "Anna resigned");
    let g2 = w.game(&a, &b, None, "-");
    let p = w.send(&b, &format!("G{g2} I resign."));
    assert_over(&mut w, g2, &p, [&a, &b], "1-0", "Boris resigned");
}

#[test]
fn a_draw_offered_with_a_move_and_accepted() {
    let (mut w, a, b, g) = anna_against_boris();
    let p = w.send(&a, &format!("{g} 1. 5254 (=)"));
    assert_eq!(w.ucis(g), ["e2e4"]);
    assert_eq!(w.row(g).draw_offer, Some(Color::White));
    assert!(
        only_to(&p.replies, &b).ends_with(&format!(
            "Draw offered: reply G{g} accept, or play on. Your move."
        )),
        "{p:#?}"
    );
    // The offerer cannot accept her own offer.
    let p = w.send(&a, &format!("{g} accept"));
    assert!(
        only_to(&p.replies, &a).contains("kein Remisangebot"),
        "{p:#?}"
    );
    assert!(!w.row(g).finished);
    let p = w.send(&b, &format!("{g} accept"));
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "draw agreed");
}

#[test]
fn a_draw_offer_lapses_when_the_opponent_moves_and_stands_across_the_offerers_own_move() {
    let (mut w, a, b, g) = anna_against_boris();
    // `draw?` alone, then the move, in one message: the offer goes with the move.
    let p = w.send(&a, &format!("{g} draw?\n{g} 1. 5254"));
    assert_eq!(w.ucis(g), ["e2e4"]);
    assert!(
        bodies_to(&p.replies, &b)
            .iter()
            .any(|m| m.contains("offers a draw")),
        "{p:#?}"
    );
    assert_eq!(
        w.row(g).draw_offer,
        Some(Color::White),
        "Boris was told of an offer: it stands"
    );
    // Boris plays on: the offer lapses and cannot be accepted afterwards.
    w.play(&b, g, "e7e5");
    assert_eq!(w.row(g).draw_offer, None);
    let p = w.send(&b, &format!("{g} accept"));
    assert!(only_to(&p.replies, &b).contains("no draw offer"), "{p:#?}");
    assert!(!w.row(g).finished);
    // `draw?` on its own, then accepted.
    w.send(&a, &format!("{g} draw?"));
    let p = w.send(&b, &format!("{g} draw accepted"));
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "draw agreed");
}

#[test]
fn a_declined_offer_is_withdrawn_and_the_offerer_told() {
    let (mut w, a, b, g) = anna_against_boris();
    w.send(&a, &format!("{g} 1. 5254 draw?"));
    let p = w.send(&b, &format!("{g} decline"));
    assert_eq!(w.row(g).draw_offer, None);
    assert!(
        only_to(&p.replies, &a).contains("Boris lehnt Ihr Remisangebot ab"),
        "{p:#?}"
    );
    let p = w.send(&b, &format!("{g} accept"));
    assert!(only_to(&p.replies, &b).contains("no draw offer"), "{p:#?}");
    assert!(!w.row(g).finished);
}

#[test]
fn a_threefold_repetition_claim_is_checked() {
    let (mut w, a, b, g) = anna_against_boris();
    let plies: Vec<&str> = SHUFFLE.iter().copied().cycle().take(8).collect();
    w.play_all(&a, &b, g, &plies[..4]);
    // The start position has occurred twice: a claim now is false.
    let raw = format!("{g} claim 3");
    let p = w.send(&a, &raw);
    let body = assert_refused(&w, (g, &w.ucis(g), 0), &p, &a, "claim_refused", &raw);
    assert!(body.contains("Remisreklamation abgelehnt"), "{body}");
    assert!(!w.row(g).finished);
    // Nor can the fifty-move rule be claimed.
    let raw = format!("{g} claim 50");
    let p = w.send(&b, &raw);
    let body = assert_refused(&w, (g, &w.ucis(g), 1), &p, &b, "claim_refused", &raw);
    assert!(body.contains("fifty moves"), "{body}");
    w.play_all(&a, &b, g, &plies[4..]);
    assert!(!w.row(g).finished, "three times needs a claim");
    let p = w.send(&a, &format!("{g} claim draw threefold repetition"));
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "threefold repetition");
}

#[test]
fn a_fifty_move_claim_is_checked() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, Some("4k3/8/8/8/8/8/R7/4K3 w - - 99 90"), "-");
    let raw = format!("{g} claim 50");
    let p = w.send(&a, &raw);
    assert_refused(&w, (g, &[], 0), &p, &a, "claim_refused", &raw);
    w.play(&a, g, "a2a3");
    // A claim without a ground finds the fifty-move rule.
    let p = w.send(&b, &format!("{g} claim"));
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "fifty-move rule");
}

#[test]
fn the_director_adjudicates_and_takes_back() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play_all(&a, &b, g, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(w.row(g).finished);
    let outbox = w.outbox().len();
    let n = service::takeback(
        &mut w.store,
        &service::Actor::Operator,
        g,
        2,
        "mouse slip agreed by both",
        w.now,
    )
    .expect("takeback");
    assert_eq!(n, 2);
    assert_eq!(w.ucis(g), ["f2f3", "e7e5"]);
    let row = w.row(g);
    assert!(!row.finished && row.result.is_none());
    assert_eq!(w.outbox().len(), outbox + 2, "both players told");
    assert!(
        service::takeback(&mut w.store, &service::Actor::Operator, g, 5, "x", w.now).is_err(),
        "cannot take back moves not played"
    );
    w.play(&a, g, "d2d4");
    assert!(
        service::adjudicate(
            &mut w.store,
            &service::Actor::Operator,
            g,
            "2-0",
            "x",
            false,
            w.now
        )
        .is_err()
    );
    service::adjudicate(
        &mut w.store,
        &service::Actor::Operator,
        g,
        "1-0",
        "Black abandoned the game",
        false,
        w.now,
    )
    .expect("adjudicate");
    let row = w.row(g);
    assert_eq!(
        (row.finished, row.result.map(|r| r.as_str())),
        (true, Some("1-0"))
    );
    let trail = w.store.audit_trail(g).expect("audit");
    assert_eq!(
        trail.iter().map(|t| t.action.as_str()).collect::<Vec<_>>(),
        ["takeback", "adjudicate"]
    );
}
