//! Conditional moves: played when the opponent plays the condition, dropped
//! when they play another move, refused when illegal, misnumbered or sent on
//! one's own move.

use super::*;

#[test]
fn conditional_moves_are_played_when_the_opponent_plays_the_condition() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, Some(MOVE_15), "-");
    let p = w.send(&b, &format!("{g} if 15... Nf6 16. Bg5 if 16... e6 17. Qf3"));
    assert_eq!(
        only_to(&p.replies, &b),
        format!("G{g} conditional moves stored: if Nf6 Bg5, if e6 Qf3")
    );
    assert_eq!(
        w.store.conditionals(g, b.id).expect("conditionals"),
        [
            ("g8f6".to_string(), "c1g5".to_string()),
            ("e7e6".to_string(), "d1f3".to_string())
        ]
    );
    assert!(w.ucis(g).is_empty(), "nothing played yet");

    // Anna plays the condition: 16. Bg5 follows at once.
    let p = w.send(&a, &format!("{g} 15... 7866"));
    assert_eq!(w.ucis(g), ["g8f6", "c1g5"]);
    let to_anna = bodies_to(&p.replies, &a);
    assert!(
        to_anna.iter().any(|m| m.contains("15... 7866 angenommen")),
        "{to_anna:#?}"
    );
    assert!(
        to_anna.iter().any(|m| m.contains("16. 3175 von Boris")),
        "Anna hears of Bg5: {to_anna:#?}"
    );
    let to_boris = bodies_to(&p.replies, &b);
    assert!(
        to_boris
            .iter()
            .any(|m| m.contains("15... Nf6 (7866) by Anna")),
        "{to_boris:#?}"
    );
    assert!(
        to_boris
            .iter()
            .any(|m| m.contains("Your conditional move 16. Bg5 (3175) was played in reply")),
        "{to_boris:#?}"
    );
    assert_eq!(
        w.store.conditionals(g, b.id).expect("conditionals").len(),
        1
    );

    // And the second pair.
    w.send(&a, &format!("{g} 16... 5756"));
    assert_eq!(w.ucis(g), ["g8f6", "c1g5", "e7e6", "d1f3"]);
    assert!(
        w.store
            .conditionals(g, b.id)
            .expect("conditionals")
            .is_empty()
    );
    assert!(w.incidents().is_empty());
}

#[test]
fn a_move_other_than_the_condition_drops_the_conditional_moves() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, Some(MOVE_15), "-");
    w.send(&b, &format!("{g} if 15... Nf6 16. Bg5 if 16... e6 17. Qf3"));
    let p = w.send(&a, &format!("{g} 15... 2836"));
    assert_eq!(w.ucis(g), ["b8c6"], "nothing played for Boris");
    assert!(
        w.store
            .conditionals(g, b.id)
            .expect("conditionals")
            .is_empty()
    );
    let to_boris = bodies_to(&p.replies, &b);
    assert!(
        to_boris.iter().any(|m| m
            .contains("Position code Y6KW. Your conditional moves were dropped: Anna played Nc6.")),
        "{to_boris:#?}"
    );
}

#[test]
fn conditional_moves_are_refused_when_illegal_or_misnumbered_or_on_ones_own_move() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, Some(MOVE_15), "-");
    let cases = [
        (&b, format!("{g} if 15... Nf6 16. Ke3"), "Ke3"),
        (&a, format!("{g} if 16. Bg5 16... e6"), "Sie sind am Zug"),
        (&b, format!("{g} if 14... Nf6 15. Bg5"), "15..."),
        (
            &b,
            format!("{g} if 15... Nf6 16. Bg5 if 17... e6 18. Qf3"),
            "16...",
        ),
    ];
    for (incidents, (who, raw, why)) in cases.into_iter().enumerate() {
        let p = w.send(who, &raw);
        let body = assert_refused(
            &w,
            (g, &[], incidents),
            &p,
            who,
            "conditional_refused",
            &raw,
        );
        assert!(body.contains(why), "{raw}: {body}");
    }
    assert!(
        w.store
            .conditionals(g, b.id)
            .expect("conditionals")
            .is_empty()
    );
}
