//! True replies, one per event, written for the channel. Whole
//! games through the service between a German player by email and a
//! Russian player by SMS: each reader gets one notice per event (a move, the
//! conditional move it triggered and the end of the game told together),
//! never "your move" when the game is over or the opponent is to move.

use ccgate::transport::email::compose;
use std::collections::BTreeMap;

use super::*;

/// "Your move" in every catalogue, each form, as the catalogues word it
/// (the text before the deadline or the full stop).
fn your_move_phrases() -> Vec<String> {
    let mut out = Vec::new();
    for &lang in l10n::CATALOGUES {
        for form in [Form::Full, Form::Short] {
            for id in ["your-turn", "your-turn-by"] {
                let text = l10n::text(
                    Reader { lang, form },
                    id,
                    &l10n::Args::new().str("date", "\u{1}"),
                );
                let phrase = text.split(['\u{1}', ',', '.']).next().unwrap_or_default();
                let phrase = phrase.trim().trim_end_matches([' ', ':']).to_string();
                assert!(phrase.chars().count() >= 5, "{lang} {id}: {text:?}");
                // A long SMS reply is sent folded to GSM letters.
                out.push(l10n::gsm_folded(&phrase));
                out.push(phrase);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

fn anja(w: &mut World) -> Who {
    w.player(
        "Anja",
        Channel::Email,
        "anja@example.de",
        Notation::San,
        Lang::De,
    )
}

fn boris_ru(w: &mut World) -> Who {
    w.player(
        "Борис",
        Channel::Sms,
        "+79161234567",
        Notation::San,
        Lang::Ru,
    )
}

/// The replies of one event, by recipient: each gets at most one.
fn one_each(p: &Processed) -> BTreeMap<i64, String> {
    let mut by: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    for r in &p.replies {
        let id = r.player_id.map_or(0, |p| p.0);
        by.entry(id).or_default().push(r.body.clone());
    }
    by.into_iter()
        .map(|(id, bodies)| {
            assert_eq!(bodies.len(), 1, "player {id} got {bodies:#?}");
            (id, bodies.into_iter().next().unwrap_or_default())
        })
        .collect()
}

fn says_your_move(text: &str) -> bool {
    static PHRASES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    PHRASES
        .get_or_init(your_move_phrases)
        .iter()
        .any(|y| text.contains(y.as_str()))
}

/// Checks an event's replies are true: one per reader, "your move" only to
/// the player who is to move in a game in progress.
fn true_replies(w: &World, g: GameId, p: &Processed, players: [&Who; 2]) -> BTreeMap<i64, String> {
    let told = one_each(p);
    let record = w.record(g);
    let row = w.row(g);
    for who in players {
        let Some(text) = told.get(&who.id.0) else {
            continue;
        };
        let to_move = !row.finished && row.player(record.pos.turn()) == who.id;
        assert_eq!(
            says_your_move(text),
            to_move,
            "{} (to move: {to_move}) told {text:?}",
            who.name
        );
    }
    told
}

#[test]
fn a_whole_game_in_german_and_russian_tells_each_reader_once_and_truly() {
    let mut w = World::new();
    let (a, b) = (anja(&mut w), boris_ru(&mut w));
    let g = w.game(&a, &b, None, "10/50");
    let send = |w: &mut World, who: &Who, text: &str| {
        let p = w.send(who, text);
        let told = true_replies(w, g, &p, [&a, &b]);
        (p, told)
    };
    let (_, told) = send(&mut w, &a, &format!("{g} 1. e4"));
    assert_eq!(
        told[&b.id.0],
        format!("П{g} 1. e4 (5254). Код PCG2. Ваш ход до 22.04.2025.")
    );
    assert!(told[&a.id.0].starts_with(&format!("P{g} 1. e4 (5254) angenommen.")));
    w.deliver_all();
    send(&mut w, &b, &format!("{g} 1... e5"));
    w.deliver_all();
    // Борис leaves an answer to 2. Nf3 behind, in his own letters.
    let (_, told) = send(&mut w, &b, &format!("{g} if 2. Кf3 Кc6"));
    assert!(!told.contains_key(&a.id.0), "{told:#?}");
    // Anja's 2. Sf3 is answered at once: one notice each, telling both moves.
    let (_, told) = send(&mut w, &a, &format!("{g} 2. Sf3"));
    let anja_told = &told[&a.id.0];
    assert!(
        anja_told.contains("2. Sf3 (7163) angenommen")
            && anja_told.contains("2... Sc6 (2836) von Борис")
            && anja_told.contains("Sie sind am Zug, bis "),
        "{anja_told}"
    );
    let boris_told = &told[&b.id.0];
    assert!(
        boris_told.contains("2. Кf3 (7163)")
            && boris_told.contains("Условный ход 2... Кc6 сделан. Код YCZ6.")
            && !boris_told.contains('…'),
        "{boris_told}"
    );
    w.deliver_all();
    send(&mut w, &a, &format!("{g} 3. Lc4"));
    w.deliver_all();
    send(&mut w, &b, &format!("{g} 3... d6"));
    w.deliver_all();
    send(&mut w, &b, &format!("{g} if 4. Кc3 Сg4"));
    let (_, told) = send(&mut w, &a, &format!("{g} 4. Sc3"));
    assert!(told[&a.id.0].contains("4... Lg4"), "{told:#?}");
    w.deliver_all();
    // Légal's mate: the mated player is told the move and the end, not
    // "your move".
    for (who, line) in [
        (&a, "5. h3"),
        (&b, "5... Сh5"),
        (&a, "6. Sxe5"),
        (&b, "6... Сxd1"),
        (&a, "7. Lxf7+"),
        (&b, "7... Крe7"),
    ] {
        send(&mut w, who, &format!("{g} {line}"));
        w.deliver_all();
    }
    let (_, told) = send(&mut w, &a, &format!("{g} 8. Sd5#"));
    assert!(w.row(g).finished);
    assert!(
        told[&b.id.0].contains("8. Кd5#") && told[&b.id.0].contains("1-0"),
        "{told:#?}"
    );
    assert!(told[&a.id.0].contains("1-0"), "{told:#?}");
}

/// Légal's mate with a conditional answer, in ICCF numbers (which every
/// player may write), between each catalogue's reader by email and the next
/// catalogue's reader by SMS.
const LEGAL: &[(bool, &str)] = &[
    (true, "1. 5254"),
    (false, "1... 5755"),
    (false, "if 2. 7163 2836"),
    (true, "2. 7163"),
    (true, "3. 6134"),
    (false, "3... 4746"),
    (true, "4. 2133"),
    (false, "4... 3874"),
    (true, "5. 8283"),
    (false, "5... 7485"),
    (true, "6. 6355"),
    (false, "6... 8541"),
    (true, "7. 3467"),
    (false, "7... 5857"),
    (true, "8. 3345"),
];

#[test]
fn every_language_tells_each_reader_once_and_truly_through_a_whole_game() {
    let langs = l10n::CATALOGUES;
    assert_eq!(langs.len(), 12);
    // One store for every pair: the service keeps their games apart.
    let mut w = World::new();
    for (i, &la) in langs.iter().enumerate() {
        let lb = langs[(i + 1) % langs.len()];
        let a = w.player(
            &format!("White {la}"),
            Channel::Email,
            &format!("white-{la}@example.org"),
            Notation::San,
            la,
        );
        let b = w.player(
            &format!("Black {lb}"),
            Channel::Sms,
            &format!("+4915100000{i:02}"),
            Notation::San,
            lb,
        );
        let g = w.game(&a, &b, None, "10/50");
        for &(white, line) in LEGAL {
            let who = if white { &a } else { &b };
            let p = w.send(who, &format!("{g} {line}"));
            let told = true_replies(&w, g, &p, [&a, &b]);
            assert!(told.contains_key(&who.id.0), "{la}/{lb} {line}: {told:#?}");
            // A move tells the opponent too; a conditional answer only its sender.
            let others = usize::from(!line.starts_with("if"));
            assert_eq!(told.len(), 1 + others, "{la}/{lb} {line}: {told:#?}");
            for (who, lang) in [(&a, la), (&b, lb)] {
                if lang == Lang::En {
                    continue;
                }
                if let Some(text) = told.get(&who.id.0) {
                    let english = l10n::english_fragments(text);
                    assert!(english.is_empty(), "{lang} {line}: {english:?} in {text:?}");
                }
            }
            // Black's SMS is whole: folded to GSM letters rather than cut.
            if let Some(sms) = told.get(&b.id.0) {
                assert!(
                    !sms.ends_with('…') && !sms.ends_with("..."),
                    "{lb} cut: {sms:?}"
                );
            }
            w.deliver_all();
        }
        let row = w.row(g);
        assert!(row.finished, "{la}/{lb}: mate ends the game");
        assert_eq!(row.result.map(|r| r.as_str()), Some("1-0"));
    }
}

#[test]
fn a_conditional_mate_is_one_notice_each_and_no_one_is_told_to_move() {
    let mut w = World::new();
    let (a, b) = (anja(&mut w), boris_ru(&mut w));
    let g = w.game(&a, &b, None, "10/50");
    w.play_all(&a, &b, g, &["f2f3", "e7e5"]);
    w.send(&b, &format!("{g} if 2. g4 Фh4"));
    let p = w.send(&a, &format!("{g} 2. g4"));
    assert_eq!(w.row(g).result.map(|r| r.as_str()), Some("0-1"));
    let told = true_replies(&w, g, &p, [&a, &b]);
    assert_eq!(told.len(), 2, "{told:#?}");
    let anja_told = &told[&a.id.0];
    assert!(
        anja_told.contains("2. g4 (7274) angenommen")
            && anja_told.contains("2... Dh4# (4884) von Борис")
            && anja_told.contains("0-1"),
        "{anja_told}"
    );
    assert!(told[&b.id.0].contains("Фh4#"), "{told:#?}");
}

#[test]
fn a_player_with_one_game_needs_no_number_and_hears_whose_move_it_is() {
    let mut w = World::new();
    let (a, b) = (anja(&mut w), boris_ru(&mut w));
    let g = w.game(&a, &b, None, "-");
    // Not her move: refused, and told whose it is.
    let p = w.play(&a, g, "e2e4");
    assert_eq!(one_each(&p).len(), 2);
    let p = w.send(&a, "2. d4");
    assert_eq!(
        only_to(&p.replies, &a),
        format!("P{g} d4: abgelehnt, in Partie {g} ist Борис am Zug, nicht Sie.")
    );
    // Two games: the question lists each with the opponent and whose move.
    let c = anna(&mut w);
    let g2 = w.game(&c, &a, None, "-");
    let p = w.send(&a, "d4");
    assert_eq!(
        only_to(&p.replies, &a),
        format!(
            "ccgate: welche Partie? Ihre: P{g} gegen Борис, Борис am Zug; \
             P{g2} gegen Anna, Anna am Zug. Beginnen Sie die Zeile mit der Partienummer."
        )
    );
    // None in progress: said so, no empty list.
    w.send(&a, &format!("{g} aufgeben"));
    w.send(&a, &format!("{g2} resign"));
    let p = w.send(&a, "d4");
    assert_eq!(
        only_to(&p.replies, &a),
        "ccgate: Sie haben keine laufende Partie."
    );
}

/// The queued email reply to `who`, as the mail transport sends it.
fn mail_to(p: &Processed, who: &Who) -> (String, String) {
    let r = p
        .replies
        .iter()
        .find(|r| r.player_id == Some(who.id))
        .expect("a reply");
    (compose::subject(r), compose::body(r, None))
}

#[test]
fn an_email_notice_has_the_clocks_the_deadline_one_board_and_the_fen_last() {
    let mut w = World::new();
    let (a, b) = (anja(&mut w), boris_ru(&mut w));
    let g = w.game(&b, &a, None, "10/50");
    let p = w.send(&b, &format!("{g} 1. e4"));
    let (subject, body) = mail_to(&p, &a);
    assert_eq!(subject, format!("[ccgate G{g}] 1. e4 — Sie sind am Zug"));
    assert!(
        body.starts_with(&format!(
            "P{g} 1. e4 (5254) von Борис. Stellungscode PCG2.\nSie sind am Zug, bis 22.04.2025.\n\
             Bedenkzeit: Sie 0 Tage verbraucht, 50 Tage übrig; Борис 0 Tage verbraucht, 50 Tage übrig.\n\n"
        )),
        "{body}"
    );
    // Black's side: her pieces at the bottom, in German letters, with the legend.
    assert!(body.contains("\n1 T S L K D L S T\n"), "{body}");
    assert!(
        body.contains("\n  h g f e d c b a\nGroßbuchstaben Weiß"),
        "{body}"
    );
    assert_eq!(body.matches("  h g f e d c b a").count(), 1, "{body}");
    assert!(
        body.ends_with("\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"),
        "{body}"
    );
    // A board asked for by email: once, in the sheet, the FEN not in the subject.
    let p = w.send(&a, &format!("{g} board"));
    let (subject, body) = mail_to(&p, &a);
    assert!(!subject.contains("PPPP"), "{subject}");
    assert_eq!(body.matches("Großbuchstaben").count(), 1, "{body}");
}

#[test]
fn the_email_help_explains_every_command_the_check_code_and_the_notation() {
    let mut w = World::new();
    let a = anja(&mut w);
    let p = w.send(&a, "help");
    let body = only_to(&p.replies, &a);
    for want in [
        "12 15... Sf6",
        "12 15. d4 15... Sf6",
        "12 if 16. c4 16... e6",
        "12 Remis? —",
        "12 Remis angenommen —",
        "12 Remis abgelehnt —",
        "12 Remis reklamieren —",
        "12 aufgeben —",
        "12 Stellung —",
        "12 Partieverlauf —",
        "notation iccf —",
        "lang de —",
        "Urlaub 10 —",
        "Hilfe —",
        "Stellungscode",
        "(san): Sf6 zieht den Springer von g8 nach f6",
        "verstanden: 7866",
    ] {
        assert!(body.contains(want), "{want} missing from {body}");
    }
    // By SMS, the short help.
    let b = boris_ru(&mut w);
    let p = w.send(&b, "help");
    assert!(only_to(&p.replies, &b).chars().count() < 70);
}

#[test]
fn the_offerer_the_claimant_and_the_resigner_are_told_what_went_out() {
    let mut w = World::new();
    let (a, b) = (anja(&mut w), boris_ru(&mut w));
    let g = w.game(&a, &b, None, "-");
    let p = w.send(&a, &format!("{g} 1. e4 draw?"));
    assert!(
        only_to(&p.replies, &a).contains("Ihr Remisangebot wurde Борис übermittelt."),
        "{p:#?}"
    );
    let p = w.send(&b, &format!("{g} draw?"));
    assert!(
        only_to(&p.replies, &b).contains("ничья предложена"),
        "{p:#?}"
    );
    let p = w.send(&a, &format!("{g} resign"));
    let told = one_each(&p);
    assert!(
        told[&a.id.0].contains("Sie haben aufgegeben; Борис ist informiert")
            && told[&a.id.0].contains("0-1"),
        "{told:#?}"
    );
}

#[test]
fn a_message_of_several_lines_gets_one_reply_answering_each_line() {
    let mut w = World::new();
    let (a, b) = (anja(&mut w), boris_ru(&mut w));
    let g = w.game(&a, &b, None, "-");
    let text = format!("Hallo Борис,\n{g} 1. e4\n{g} 1... e5\nBis bald");
    let p = w.send(&a, &text);
    let body = only_to(&p.replies, &a);
    assert_eq!(
        body,
        format!(
            "> {g} 1. e4\nP{g} 1. e4 (5254) angenommen. Stellungscode PCG2.\n\n\
             > {g} 1... e5\nP{g} e5: abgelehnt, in Partie {g} ist Борис am Zug, nicht Sie.\n\
             Борис ist am Zug.\nAls Text gelesene Zeilen: 2."
        )
    );
}

/// The README shows one email reply and one SMS reply as a player receives
/// them: rendered here, so the README cannot drift from what is sent.
#[test]
fn the_readme_shows_an_email_and_an_sms_reply_as_they_are_sent() {
    let mut w = World::new();
    let (a, b) = (anja(&mut w), boris_ru(&mut w));
    let g = w.game(&a, &b, None, "10/50");
    let p = w.send(&a, &format!("{g} 1. e4"));
    let sms = only_to(&p.replies, &b);
    w.deliver_all();
    w.advance(SignedDuration::from_hours(30));
    let p = w.send(&b, &format!("{g} 1... e5"));
    let (subject, body) = mail_to(&p, &a);
    let mail = format!("Subject: {subject}\n\n{body}");
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    let block = |text: &str| format!("```text\n{}\n```", text.trim_end());
    assert!(
        readme.contains(&block(&mail)),
        "the README's email reply is not:\n{}",
        block(&mail)
    );
    assert!(
        readme.contains(&block(&sms)),
        "the README's SMS reply is not:\n{}",
        block(&sms)
    );
}

#[test]
fn a_mail_about_no_one_game_has_a_subject_of_its_own_in_the_readers_language() {
    use ccgate::service::{EventSpec, start_event};
    use ccgate::transport::email::compose::subject;
    let mut w = World::new();
    let a = anna(&mut w);
    let e = eve(&mut w);
    let b = boris(&mut w);
    let g1 = w.game(&a, &e, None, "-");
    let g2 = w.game(&a, &b, None, "-");
    // Lines about two games: the one reply is about neither.
    let p = w.send(&a, &format!("{g1} 1. 5254\n{g2} 1. 4244"));
    let reply = p.replies.iter().find(|r| r.to == a.addr).expect("reply");
    assert_eq!(reply.game_id, None);
    assert_eq!(subject(reply), "ccgate: die Antworten auf Ihre Nachricht");
    // A message held for its code.
    let p = w.send_as(
        Channel::Email,
        &e.addr,
        "forged",
        &format!("{g1} 1... e5"),
        Auth::Unverified("forged".into()),
    );
    assert_eq!(
        subject(&p.replies[0]),
        "ccgate: a message in your name is held"
    );
    // An event's start, told to every player at once.
    let spec = EventSpec {
        name: "Autumn Cup".parse().expect("name"),
        players: vec!["Anna".into(), "Eve".into()],
        double: false,
        time_control: "-".parse().expect("tc"),
        penalty_days: 0,
        rules: ccgate::event::standings::Rules::Iccf,
        start: None,
        duplication_after: None,
    };
    start_event(&mut w.store, &spec, w.now).expect("start");
    let told: Vec<String> = w
        .outbox()
        .iter()
        .filter(|r| r.body.contains("Autumn Cup"))
        .map(subject)
        .collect();
    assert_eq!(
        told,
        [
            "ccgate: das Turnier Autumn Cup beginnt",
            "ccgate: Autumn Cup begins"
        ]
    );
}
