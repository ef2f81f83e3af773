//! Lines meant as protocol that are not: each answered for what is wrong
//! with it, quoting it, and nothing changed; a message with nothing meant
//! as protocol gets its first line quoted before the help.

use super::*;

/// Eve writes SAN in English by email, and plays Anna.
fn eve_against_anna() -> (World, Who, GameId) {
    let mut w = World::new();
    let e = eve(&mut w);
    let a = anna(&mut w);
    let g = w.game(&e, &a, None, "-");
    (w, e, g)
}

/// The one reply to the sender, after checking that the game is untouched.
fn answer(w: &mut World, who: &Who, g: GameId, text: &str) -> String {
    let before = w.ucis(g);
    let p = w.send(who, text);
    assert_eq!(w.ucis(g), before, "{text:?} changed the game");
    only_to(&p.replies, who)
}

#[test]
fn a_command_with_a_value_it_does_not_take_is_refused_for_that_value() {
    let (mut w, _, b, g) = anna_against_boris();
    assert_eq!(
        answer(&mut w, &b, g, "lang xx"),
        "ccgate: lang xx: refused, there is no language with the code xx; a code has two letters, such as de, fr or ru."
    );
    assert_eq!(
        answer(&mut w, &b, g, "notation klingon"),
        "ccgate: notation klingon: refused, the notations are san, figurine, lan, uci, iccf, uedemann, uedemann-hw, descriptive."
    );
    // The language stayed English, the notation SAN.
    assert!(answer(&mut w, &b, g, "help").starts_with("ccgate: send GAME MOVE"));
}

#[test]
fn a_leave_of_no_days_or_of_more_than_the_allowance_is_refused_with_its_reason() {
    let (mut w, a, b, g) = anna_against_boris();
    assert_eq!(
        answer(&mut w, &b, g, "leave 0"),
        "ccgate: leave refused, a leave must be at least 1 day."
    );
    assert!(
        answer(&mut w, &b, g, "leave 1000").starts_with("ccgate: leave refused, leave of "),
        "the allowance, not the general help"
    );
    assert_eq!(
        answer(&mut w, &a, g, "Urlaub 0 Tage"),
        "ccgate: Urlaub abgelehnt, ein Urlaub dauert mindestens einen Tag."
    );
}

#[test]
fn game_zero_and_a_numbered_token_no_notation_reads_are_answered_as_such() {
    let (mut w, a, _, g) = anna_against_boris();
    assert_eq!(
        answer(&mut w, &a, g, "0 1. 5254"),
        "ccgate: Sie haben keine Partie 0."
    );
    // 716 is no ICCF code: the move reader says why.
    let body = answer(&mut w, &a, g, &format!("{g} 1. 716"));
    assert!(
        body.starts_with(&format!("P{g} 716: abgelehnt, ")),
        "{body}"
    );
    assert!(body.ends_with("Nichts wurde ausgeführt."), "{body}");
    assert!(!body.contains("PARTIE ZUG"), "not the general help: {body}");
}

#[test]
fn a_message_with_several_such_lines_answers_each_after_its_quote() {
    let (mut w, e, g) = eve_against_anna();
    let body = answer(&mut w, &e, g, "Hello\nlang xx\nleave 0\nBoris");
    assert_eq!(
        body,
        "> lang xx\nccgate: lang xx: refused, there is no language with the code xx; a code has two letters, such as de, fr or ru.\n\n\
         > leave 0\nccgate: leave refused, a leave must be at least 1 day.\nLines read as prose: 2."
    );
}

#[test]
fn prose_is_still_prose_and_an_unreadable_message_quotes_its_first_line() {
    let (mut w, e, g) = eve_against_anna();
    let body = answer(&mut w, &e, g, "notify me\u{1b}[31m");
    assert!(
        body.starts_with(
            "ccgate: \"notify me[31m\" is neither a move nor a command. Send GAME MOVE"
        ),
        "control characters stay out of the quote: {body}"
    );
    // In a mail of several lines the first is likelier a greeting: the
    // help alone.
    let body = answer(&mut w, &e, g, "Hello Anna,\n1. Thanks for the game");
    assert!(body.starts_with("ccgate: send GAME MOVE"), "{body}");
}

#[test]
fn another_languages_piece_letter_is_named_with_the_readers_own() {
    let (mut w, a, b, g) = anna_against_boris();
    // Anna (German) writes the English knight.
    w.play_all(&a, &b, g, &["e2e4", "e7e5"]);
    let body = answer(&mut w, &a, g, &format!("{g} 2. Nf3"));
    assert!(
        body.starts_with(&format!(
            "P{g} Nf3: abgelehnt, N ist kein deutscher Figurenbuchstabe; der Springer heißt S."
        )),
        "{body}"
    );
    assert!(
        body.contains("Gemeint: 7163"),
        "suggested in her notation: {body}"
    );
}

#[test]
fn a_code_with_a_digit_too_many_suggests_the_code_within_it() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play(&a, g, "e2e4");
    // Boris writes SAN, but a code is answered with a code.
    let body = answer(&mut w, &b, g, &format!("{g} 1... 57554"));
    assert_eq!(
        body,
        format!(
            "G{g} 57554: refused, a promotion piece was given but the move is not a promotion. Did you mean 5755? Nothing was applied."
        )
    );
}
