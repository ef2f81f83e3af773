//! Every refusal of a move: recorded as an incident with the raw message as
//! evidence, nothing changed, the sender told why in their language and
//! notation. Unknown senders and games that are not theirs learn nothing;
//! desyncs get the whole record.

use super::*;

#[test]
fn an_illegal_move_is_refused_with_the_reason() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play(&a, g, "e2e4");
    let before = w.ucis(g);
    let raw = format!("Hi Anna,\n{g} 1... Qh4\nBoris");
    let p = w.send(&b, &raw);
    let body = assert_refused(&w, (g, &before, 0), &p, &b, "illegal", &raw);
    assert!(body.starts_with(&format!("G{g} Qh4: refused, ")), "{body}");
    assert!(body.contains("no queen of yours can reach h4"), "{body}");
    assert!(body.ends_with("Nothing was applied."), "{body}");
    let inc = w.incidents().pop().expect("incident");
    assert_eq!(inc.game_id, Some(g));
    assert_eq!(inc.player_id, Some(b.id));
    assert_eq!(inc.text.as_deref(), Some(format!("{g} 1... Qh4").as_str()));
    assert_eq!(
        inc.fen.as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    );
    assert!(
        inc.detail.contains("no queen of yours can reach h4"),
        "{inc:?}"
    );
}

#[test]
fn an_illegal_code_gets_the_reason_and_near_misses_in_the_senders_language() {
    let (mut w, a, _, g) = anna_against_boris();
    // e2-e5 in ICCF: a pawn cannot go three squares.
    let raw = format!("{g} 1. 5255");
    let p = w.send(&a, &raw);
    let body = assert_refused(&w, (g, &[], 0), &p, &a, "illegal", &raw);
    assert!(
        body.starts_with(&format!("P{g} 5255: abgelehnt, ")),
        "{body}"
    );
    assert!(
        body.contains("Gemeint: "),
        "near misses are offered: {body}"
    );
    assert!(
        body.contains("5254"),
        "e2-e4 is a near miss of e2-e5: {body}"
    );
    assert!(body.ends_with("Nichts wurde ausgeführt."), "{body}");
}

#[test]
fn an_illegal_uedemann_code_is_refused_as_illegal_not_as_malformed() {
    let mut w = World::new();
    let (a, c) = (anna(&mut w), carl(&mut w));
    let g = w.game(&a, &c, None, "-");
    w.play(&a, g, "e2e4");
    let before = w.ucis(g);
    // `gego` is e2-e4 in Gringmuth's table: Black has no piece on e2.
    let raw = format!("G{g} 1... gego");
    let p = w.send(&c, &raw);
    let body = assert_refused(&w, (g, &before, 0), &p, &c, "illegal", &raw);
    assert!(body.contains("no piece on e2"), "{body}");
    assert!(
        !body.contains("character"),
        "not a syntax complaint: {body}"
    );
    // e7-e8 (`sesa`) has near misses, written in the player's table.
    let raw = format!("G{g} 1... sesa");
    let p = w.send(&c, &raw);
    let body = assert_refused(&w, (g, &before, 1), &p, &c, "illegal", &raw);
    assert!(
        body.contains("Did you mean") && body.contains("seso"),
        "{body}"
    );
}

#[test]
fn an_ambiguous_move_lists_the_candidates_in_the_senders_notation() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    // Knights on b1 and f1 both reach d2.
    let g = w.game(&b, &a, Some("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"), "-");
    let raw = format!("{g} 1. Nd2");
    let p = w.send(&b, &raw);
    let body = assert_refused(&w, (g, &[], 0), &p, &b, "ambiguous", &raw);
    assert!(
        body.contains("Did you mean") && body.contains("Nbd2") && body.contains("Nfd2"),
        "{body}"
    );
    assert!(body.ends_with("Nothing was applied."), "{body}");
    // The same position for the ICCF player: the candidates in ICCF.
    let g2 = w.game(&a, &b, Some("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"), "-");
    let raw = format!("{g2} 1. Sd2");
    let p = w.send(&a, &raw);
    let body = assert_refused(&w, (g2, &[], 1), &p, &a, "ambiguous", &raw);
    assert!(body.contains("2142") && body.contains("6142"), "{body}");
}

#[test]
fn a_message_without_a_readable_line_is_refused_with_help_and_recorded() {
    let (mut w, a, _, g) = anna_against_boris();
    // f9 is no square: the line is not protocol, but a game and a move
    // number say it was meant as a move, so it is answered as one.
    let raw = format!("Hello,\n{g} 1. Sf9\nAnna");
    let p = w.send(&a, &raw);
    let body = assert_refused(&w, (g, &[], 0), &p, &a, "malformed", &raw);
    assert_eq!(
        body,
        format!(
            "P{g} Sf9: abgelehnt, erwartet: ein Zielfeld, bei Zeichen 3 steht „9“. Nichts wurde ausgeführt."
        )
    );
    // Nothing meant as protocol, in a line of its own: quoted, then the help.
    let raw = "notify me of everything";
    let p = w.send(&a, raw);
    let body = assert_refused(&w, (g, &[], 1), &p, &a, "malformed", raw);
    assert!(
        body.starts_with(
            "ccgate: „notify me of everything“ ist weder ein Zug noch ein Befehl. PARTIE ZUG senden"
        ),
        "the help, in German: {body}"
    );
    // A move line with three moves is not protocol either.
    let raw = format!("{g} 1. 5254 1... 5755 2. 7163");
    let p = w.send(&a, &raw);
    assert_refused(&w, (g, &[], 2), &p, &a, "malformed", &raw);
}

#[test]
fn a_move_out_of_turn_is_refused() {
    let (mut w, _, b, g) = anna_against_boris();
    let raw = format!("{g} 1... e5");
    let p = w.send(&b, &raw);
    let body = assert_refused(&w, (g, &[], 0), &p, &b, "out_of_turn", &raw);
    assert_eq!(
        body,
        format!("G{g} e5: refused, not your move in game {g}, Anna to move.")
    );
}

#[test]
fn a_wrong_move_number_is_refused_with_the_right_one() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play_all(&a, &b, g, &["e2e4", "e7e5"]);
    let before = w.ucis(g);
    for (k, raw) in [format!("{g} 5. 7163"), format!("{g} 2... 7163")]
        .into_iter()
        .enumerate()
    {
        let p = w.send(&a, &raw);
        let body = assert_refused(&w, (g, &before, k), &p, &a, "wrong_number", &raw);
        assert!(
            body.contains("abgelehnt, Zug 2. ist an der Reihe."),
            "{body}"
        );
    }
}

#[test]
fn an_unknown_sender_learns_nothing_about_the_game() {
    let (mut w, _, _, g) = anna_against_boris();
    let stranger = Who {
        id: PlayerId(0),
        name: "Stranger".into(),
        channel: Channel::Email,
        addr: "eve@example.net".into(),
        notation: Notation::San,
        lang: Lang::En,
    };
    let raw = format!("{g} 1. e4");
    let p = w.send(&stranger, &raw);
    let body = assert_refused(&w, (g, &[], 0), &p, &stranger, "unknown_sender", &raw);
    for secret in [g.to_string().as_str(), "Anna", "Boris", "e4", "5254"] {
        assert!(!body.contains(secret), "{secret:?} revealed in {body:?}");
    }
    // The same words as for a game that does not exist.
    let raw = "4711 1. e4";
    let p2 = w.send(&stranger, raw);
    assert_refused(&w, (g, &[], 1), &p2, &stranger, "unknown_sender", raw);
    assert_eq!(only_to(&p2.replies, &stranger), body);
    assert_eq!(w.incidents()[0].game_id, None, "{:?}", w.incidents());
}

#[test]
fn a_game_that_is_not_the_senders_is_answered_like_one_that_does_not_exist() {
    let mut w = World::new();
    let (a, b, c) = (anna(&mut w), boris(&mut w), carl(&mut w));
    let g = w.game(&a, &b, None, "-");
    let missing = GameId(g.0 + 100);
    let raw = format!("{g} 1. e2e4");
    let p = w.send(&c, &raw);
    let theirs = assert_refused(&w, (g, &[], 0), &p, &c, "not_your_game", &raw);
    let raw2 = format!("{missing} 1. e2e4");
    let p2 = w.send(&c, &raw2);
    let none = assert_refused(&w, (g, &[], 1), &p2, &c, "not_your_game", &raw2);
    assert_eq!(
        theirs.replace(&g.to_string(), "#"),
        none.replace(&missing.to_string(), "#")
    );
    assert!(
        !theirs.contains("Anna") && !theirs.contains("Boris"),
        "{theirs}"
    );
    // Commands too.
    let raw3 = format!("{g} pgn");
    let p3 = w.send(&c, &raw3);
    assert_eq!(
        assert_refused(&w, (g, &[], 2), &p3, &c, "not_your_game", &raw3),
        theirs
    );
}

#[test]
fn a_desync_is_refused_with_the_whole_record() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play_all(&a, &b, g, &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]);
    let before = w.ucis(g);
    // Anna repeats 3... Nf6 (7866), but Boris played 3... a6 (1716).
    let raw = format!("{g} 3... 7866 4. 2533");
    let p = w.send(&a, &raw);
    let body = assert_refused(&w, (g, &before, 0), &p, &a, "desync", &raw);
    assert!(
        body.contains("3...7866") || body.contains("3... 7866"),
        "{body}"
    );
    assert!(
        body.contains("1. 5254 5755 2. 7163 2836 3. 6125 1716"),
        "the whole record in ICCF: {body}"
    );
    assert!(
        body.contains(
            "passt nicht zur Partie: nichts wurde ausgeführt, auch Ihr eigener Zug in dieser Nachricht nicht."
        ),
        "it says that nothing, the own move neither, was played: {body}"
    );
    // The right move under a wrong number is a desync too.
    let raw = format!("{g} 2... 1716 4. 2533");
    let p = w.send(&a, &raw);
    assert_refused(&w, (g, &before, 1), &p, &a, "desync", &raw);
    // And for Boris, the record comes in his notation.
    w.play(&a, g, "b5a4");
    let before = w.ucis(g);
    let raw = format!("{g} 4. Bc4 4... Nf6");
    let p = w.send(&b, &raw);
    let body = assert_refused(&w, (g, &before, 2), &p, &b, "desync", &raw);
    assert!(
        body.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4"),
        "{body}"
    );
}

#[test]
fn ones_own_move_then_the_reply_expected_plays_the_own_move_only() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play(&a, g, "e2e4");
    // Boris writes his move and the reply he expects, as on a scoresheet.
    let p = w.send(&b, &format!("{g} 1... e5 2. Nf3"));
    assert_eq!(w.ucis(g), ["e2e4", "e7e5"], "{p:#?}");
    assert!(
        only_to(&p.replies, &b).contains("1... e5 (5755) accepted"),
        "{p:#?}"
    );
    // Or ends the line with the next move's number alone.
    let p = w.send(&a, &format!("{g} 2. 7163 2..."));
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"], "{p:#?}");
    assert!(w.incidents().is_empty());
}

#[test]
fn a_correct_echo_is_accepted() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play_all(&a, &b, g, &["e2e4", "e7e5"]);
    let p = w.send(&a, &format!("{g} 1... 5755 2. 7163"));
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"]);
    assert!(
        only_to(&p.replies, &a).contains("2. 7163 angenommen"),
        "{p:#?}"
    );
    // Boris echoes in SAN, without numbers.
    let p = w.send(&b, &format!("{g} Nf3 Nc6"));
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert!(
        only_to(&p.replies, &b).contains("2... Nc6 (2836) accepted"),
        "{p:#?}"
    );
    assert!(w.incidents().is_empty());
}
