//! Lines without a game reference: a move, a command or conditional moves
//! go to the one game they can be meant for.

use super::*;

#[test]
fn without_a_reference_the_move_goes_to_the_one_game_waiting_for_the_sender() {
    let mut w = World::new();
    let (a, b, c) = (anna(&mut w), boris(&mut w), carl(&mut w));
    let g1 = w.game(&a, &b, None, "-");
    let g2 = w.game(&c, &a, None, "-");
    // Anna is to move only in g1 (in g2 Carl is).
    w.send(&a, "1. 5254");
    assert_eq!(w.ucis(g1), ["e2e4"]);
    assert!(w.ucis(g2).is_empty());
    // Now she waits in no game: she is asked which, and told whose move.
    let p = w.send(&a, "2. 7163");
    assert!(
        only_to(&p.replies, &a).contains(&format!(
            "P{g1} gegen Boris, Boris am Zug; P{g2} gegen Carl, Carl am Zug"
        )),
        "{p:#?}"
    );
    assert_eq!(w.ucis(g1), ["e2e4"]);
}

#[test]
fn a_command_without_a_reference_goes_to_the_one_waiting_game_or_the_only_game() {
    let mut w = World::new();
    let (a, b, c) = (anna(&mut w), boris(&mut w), carl(&mut w));
    let g1 = w.game(&a, &b, None, "-");
    let g2 = w.game(&a, &c, None, "-");
    // Anna is to move in both: which one she offers a draw in is not guessed.
    let p = w.send(&a, "draw?");
    assert!(
        only_to(&p.replies, &a).contains(&format!(
            "P{g1} gegen Boris, Sie sind am Zug; P{g2} gegen Carl, Sie sind am Zug"
        )),
        "{p:#?}"
    );
    assert_eq!((w.row(g1).draw_offer, w.row(g2).draw_offer), (None, None));
    // After her move in g1 she waits in g2 only: that game is meant
    // (`protocols/message.md` §9).
    w.play(&a, g1, "e2e4");
    w.send(&a, "draw?");
    assert_eq!(
        (w.row(g1).draw_offer, w.row(g2).draw_offer),
        (None, Some(Color::White))
    );
    // g2 is Carl's only game, so his acceptance needs no reference.
    let p = w.send(&c, "accept");
    assert_eq!(
        w.row(g2).result.map(|r| r.as_str()),
        Some("1/2-1/2"),
        "{p:#?}"
    );
    // Dora's only game, where she is not to move.
    let d = w.player(
        "Dora",
        Channel::Email,
        "dora@example.com",
        Notation::San,
        Lang::En,
    );
    let g3 = w.game(&d, &c, None, "-");
    w.play(&d, g3, "e2e4");
    let p = w.send(&d, "I resign.");
    assert_eq!(w.row(g3).result.map(|r| r.as_str()), Some("0-1"), "{p:#?}");
}

#[test]
fn conditional_moves_without_a_reference_go_to_the_one_game_awaiting_the_opponent() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, Some(MOVE_15), "-");
    let p = w.send(&b, "if 15... Nf6 16. Bg5");
    assert_eq!(
        w.store.conditionals(g, b.id).expect("conditionals").len(),
        1,
        "{p:#?}"
    );
    assert!(w.incidents().is_empty(), "{:#?}", w.incidents());
}
