//! `submit`: the queued replies as JSON or plain text, a message from a file
//! or standard input, refusals (exit 0), repeated ids, the PIN.

use serde_json::Value;

use crate::support::cli::{ANNA, BORIS, Env, GAMES, replies};

#[test]
fn submit_prints_the_queued_replies_as_json() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    let v = env.submit(
        "email",
        "Anna <Anna@Example.ORG>",
        "<1@example.org>",
        &format!("Hallo Boris,\n\n{g} 1. 5254\n\nAnna\n"),
    );
    assert_eq!(
        replies(&v),
        [
            (
                "email".into(),
                ANNA.into(),
                format!(
                    "P{g} 1. 5254 angenommen. Stellungscode PCG2.\nBoris ist am Zug.\n\
                     Bedenkzeit: Sie 0 Tage verbraucht, 50 Tage übrig; Boris 0 Tage verbraucht, 50 Tage übrig."
                )
            ),
            (
                "sms".into(),
                BORIS.into(),
                format!("G{g} 1. e4 (5254) by Anna. Position code PCG2. Your move, by 2025-04-22.")
            ),
        ]
    );
}

#[test]
fn submit_prints_plain_replies_and_reads_a_file_or_standard_input() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    let file = env.path("message.txt");
    std::fs::write(&file, format!("{g} 1. 5254\n")).expect("write");
    let r = env.run(&[
        "submit",
        "--channel",
        "email",
        "--from",
        ANNA,
        "--id",
        "a1",
        file.to_str().expect("path"),
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(
        r.out,
        format!(
            "-> email {ANNA}\nP{g} 1. 5254 angenommen. Stellungscode PCG2.\nBoris ist am Zug.\n\
             Bedenkzeit: Sie 0 Tage verbraucht, 50 Tage übrig; Boris 0 Tage verbraucht, 50 Tage übrig.\n\n\
             -> sms {BORIS}\nG{g} 1. e4 (5254) by Anna. Position code PCG2. Your move, by 2025-04-22.\n\n"
        )
    );
    let r = env.run_in(
        &[
            "submit",
            "--channel",
            "sms",
            "--from",
            "+49 171 1234567",
            "--id",
            "b1",
            "-",
        ],
        &format!("{g} 1... e5"),
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.out
            .starts_with(&format!("-> sms {BORIS}\nG{g} 1... e5 (5755) accepted.")),
        "{}",
        r.out
    );
    let r = env.run_in(
        &["submit", "--channel", "email", "--from", ANNA],
        &format!("{g} 2. 7163"),
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(
        env.ok(&["game", "list"]),
        format!("{GAMES}1\tAnna\tBoris\t-\t3\t10/50\tactive\tBoris\t50\t50\t-\n")
    );
}

#[test]
fn a_refused_message_exits_0_and_a_repeated_id_prints_nothing() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    // Illegal, out of turn, unknown sender, not the sender's game, no protocol line.
    for (channel, from, text, expect) in [
        ("email", ANNA, format!("{g} 1. 5255"), "abgelehnt"),
        ("sms", BORIS, format!("{g} 1... e5"), "not your move"),
        (
            "email",
            "eve@example.net",
            format!("{g} 1. e4"),
            "not registered",
        ),
        ("email", ANNA, "99 1. 5254".to_string(), "keine Partie 99"),
        ("email", ANNA, "Hallo!".to_string(), "PARTIE ZUG"),
    ] {
        let v = env.submit(channel, from, &format!("id-{text}"), &text);
        let r = replies(&v);
        assert_eq!(r.len(), 1, "{text}: {r:?}");
        assert_eq!(
            (r[0].0.as_str(), r[0].1.as_str()),
            (channel, from),
            "{text}"
        );
        assert!(r[0].2.contains(expect), "{text}: {r:?}");
    }
    assert_eq!(
        env.ok(&["game", "list"]),
        format!("{GAMES}1\tAnna\tBoris\t-\t0\t10/50\tactive\tAnna\t50\t50\t2025-04-22\n")
    );
    // The same transport id again: processed before, nothing printed or queued.
    let outbox =
        replies(&serde_json::from_str::<Vec<Value>>(&env.ok(&["outbox", "--json"])).expect("json"))
            .len();
    let v = env.submit(
        "email",
        ANNA,
        &format!("id-{g} 1. 5255"),
        &format!("{g} 1. 5255"),
    );
    assert!(v.is_empty(), "{v:?}");
    let r = env.run_in(
        &[
            "submit",
            "--channel",
            "email",
            "--from",
            ANNA,
            "--id",
            &format!("id-{g} 1. 5255"),
        ],
        &format!("{g} 1. 5255"),
    );
    assert_eq!((r.out.as_str(), r.code), ("", 0));
    let after =
        replies(&serde_json::from_str::<Vec<Value>>(&env.ok(&["outbox", "--json"])).expect("json"))
            .len();
    assert_eq!(after, outbox);
    assert_eq!(
        env.ok(&["incidents"]).lines().count(),
        6,
        "the header and five incidents"
    );
}

#[test]
fn a_player_with_a_pin_file_must_give_the_pin() {
    let env = Env::new();
    let pin = env.path("pin");
    std::fs::write(&pin, "4711\n").expect("write");
    env.ok(&[
        "player",
        "add",
        "Pia",
        "--email",
        "pia@example.org",
        "--pin-file",
        pin.to_str().expect("path"),
    ]);
    env.ok(&["player", "add", "Boris", "--phone", BORIS]);
    let g = env
        .ok(&["game", "new", "--white", "Pia", "--black", "Boris"])
        .trim_end()
        .to_string();
    let v = env.submit("email", "pia@example.org", "p1", &format!("{g} 1. e4"));
    assert_eq!(
        replies(&v)[0].2,
        "ccgate: PIN missing or wrong. Nothing was applied."
    );
    let v = env.submit(
        "email",
        "pia@example.org",
        "p2",
        &format!("pin 4711\n{g} 1. e4"),
    );
    assert_eq!(replies(&v).len(), 2, "{v:?}");
    assert!(env.ok(&["incidents"]).contains("bad_pin"));
    // An illegal move with the right PIN: the dossier has the message, not the PIN.
    env.submit("sms", BORIS, "b1", &format!("{g} 1... e5"));
    env.submit(
        "email",
        "pia@example.org",
        "p3",
        &format!("Dear Boris,\nPIN: 4711\n{g} 2. Ke3\nPia"),
    );
    let dossier = env.path("dossier.txt");
    env.ok(&["incidents", "--export", dossier.to_str().expect("path")]);
    let text = std::fs::read_to_string(&dossier).expect("dossier");
    assert!(
        text.contains(&format!("  | {g} 2. Ke3")) && text.contains("  | Dear Boris,"),
        "{text}"
    );
    assert!(
        !text.contains("4711"),
        "the PIN leaked into the dossier:\n{text}"
    );
    // A too short PIN is refused, and so is a missing PIN file.
    std::fs::write(&pin, "12\n").expect("write");
    let r = env.run(&[
        "player",
        "add",
        "Quentin",
        "--email",
        "q@example.org",
        "--pin-file",
        pin.to_str().expect("path"),
    ]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.err.contains("at least 4"), "{}", r.err);
    let r = env.run(&[
        "player",
        "add",
        "Quentin",
        "--email",
        "q@example.org",
        "--pin-file",
        env.path("missing").to_str().expect("path"),
    ]);
    assert_eq!(r.code, 2, "{r:?}");
}

#[test]
fn a_malformed_move_is_refused_with_suggestions() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    env.submit("email", ANNA, "s1", &format!("{g} 1. e4"));
    // An English player writing the German knight letter.
    let r = replies(&env.submit("sms", BORIS, "s2", &format!("{g} 1... Sc6")));
    assert!(
        r.iter()
            .any(|(_, to, body)| to == BORIS && body.contains("Nc6")),
        "{r:?}"
    );
}
