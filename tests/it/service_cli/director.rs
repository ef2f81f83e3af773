//! The director's tools: `outbox`, `incidents`, `clock`, `game show`,
//! `game adjudicate|takeback`.

use serde_json::Value;

use crate::support::cli::{ANNA, BORIS, Env, GAMES, replies};

#[test]
fn outbox_lists_the_queued_replies_oldest_first() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    assert_eq!(env.ok(&["outbox"]), "");
    assert_eq!(env.ok(&["outbox", "--json"]).trim(), "[]");
    env.submit("email", ANNA, "m1", &format!("{g} 1. 5254"));
    env.submit("sms", BORIS, "m2", &format!("{g} 1... e5"));
    let all = replies(
        &serde_json::from_str::<Vec<Value>>(&env.ok(&["outbox", "--all", "--json"])).expect("json"),
    );
    assert_eq!(
        all.iter().map(|r| r.1.as_str()).collect::<Vec<_>>(),
        [ANNA, BORIS, BORIS, ANNA]
    );
    let text = env.ok(&["outbox"]);
    assert!(
        text.starts_with(&format!(
            "-> email {ANNA} #1 queued, 0 attempts, created 2025-03-03T09:00:00Z, \
             next 2025-03-03T09:00:00Z\nP{g} 1. 5254 angenommen."
        )),
        "{text}"
    );
    assert_eq!(text.matches("-> ").count(), 4);
}

/// Escape and OSC sequences a sender wrote reach no terminal: the listing,
/// the export and the outbox show them escaped.
#[test]
fn control_characters_from_outside_are_shown_escaped() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    let raw = format!("{g} 1. 5255\nHi\u{1b}]0;owned\u{7}\u{1b}[2J\n");
    env.submit("email", ANNA, "<esc\u{1b}[31m@example.org>", &raw);
    let listed = env.ok(&["incidents"]);
    assert!(listed.contains("illegal"), "{listed:?}");
    assert!(!listed.contains('\u{1b}'), "{listed:?}");
    let dossier = env.path("dossier.txt");
    env.ok(&["incidents", "--export", dossier.to_str().expect("path")]);
    let text = std::fs::read_to_string(&dossier).expect("dossier");
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(text.contains("<esc\\u{1b}[31m@example.org>"), "{text:?}");
    assert!(text.contains("| Hi\\u{1b}]0;owned\\u{7}"), "{text:?}");
    let outbox = env.ok(&["outbox", "--all"]);
    assert!(!outbox.contains('\u{1b}'), "{outbox:?}");
}

#[test]
fn incidents_are_listed_and_exported_with_the_raw_message() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    let raw = format!("Hallo Boris,\n{g} 1. 5255\nViele Grüße\nAnna\n");
    env.submit("email", ANNA, "<bad@example.org>", &raw);
    env.submit("sms", "+15550001111", "pdu-7", "1 1. e4");
    let all = env.ok(&["incidents"]);
    let lines: Vec<&str> = all.lines().collect();
    assert_eq!(
        lines[0],
        "ID\tTIME\tGAME\tPLAYER\tKIND\tSTATE\tTEXT\tDETAIL"
    );
    assert_eq!(lines.len(), 3, "{all}");
    let cells: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(
        cells[..7],
        [
            "1",
            "2025-03-03T09:00:00Z",
            &g,
            "Anna",
            "illegal",
            "recorded",
            &format!("{g} 1. 5255")
        ]
    );
    // Both routine refusals, answered already: recorded, not waiting.
    assert!(
        lines[2].contains("\t-\t-\tunknown_sender\trecorded"),
        "{all}"
    );
    assert_eq!(env.ok(&["incidents", &g]).lines().count(), 2);
    let r = env.run(&["incidents", "99"]);
    assert_eq!(
        (r.code, r.out.as_str(), r.err.as_str()),
        (3, "", "ccgate: no game 99\n"),
        "an unknown game is an error, never an empty success"
    );

    let dossier = env.path("dossier.txt");
    let out = env.ok(&["incidents", "--export", dossier.to_str().expect("path")]);
    assert_eq!(
        out,
        format!("2 incidents written to {}\n", dossier.display())
    );
    let text = std::fs::read_to_string(&dossier).expect("dossier");
    for expected in [
        "Incident 1 (illegal)",
        &format!("  game:      {g}"),
        "  player:    Anna",
        &format!("  refused:   {g} 1. 5255"),
        "  position:  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "  message:   email from anna@example.org id <bad@example.org> received 2025-03-03T09:00:00Z",
        "  | Hallo Boris,",
        &format!("  | {g} 1. 5255"),
        "  | Viele Grüße",
        "  | Anna",
        "Incident 2 (unknown_sender)",
        "  message:   sms from +15550001111 id pdu-7",
        "  | 1 1. e4",
    ] {
        assert!(text.contains(expected), "{expected:?} missing from\n{text}");
    }
    let r = env.run(&[
        "incidents",
        "--export",
        env.dir
            .path()
            .join("no/such/dir/x.txt")
            .to_str()
            .expect("path"),
    ]);
    assert_eq!(r.code, 5, "the output could not be written: {r:?}");
}

#[test]
fn clock_reminds_then_declares_the_forfeit_at_the_given_time() {
    let mut env = Env::new();
    let g = env.two_players_and_a_game("3d");
    assert_eq!(env.ok(&["clock"]), "0 forfeits, 0 reminders\n");
    env.now = "2025-03-04T09:00:00Z".into();
    assert_eq!(env.ok(&["clock"]), "0 forfeits, 1 reminders\n");
    assert_eq!(
        env.ok(&["clock"]),
        "0 forfeits, 0 reminders\n",
        "once per move"
    );
    // More than a day since the last sweep: the time is confirmed.
    env.now = "2025-03-06T23:59:00Z".into();
    // More than a day after the last sweep: the director confirms the time.
    assert_eq!(
        env.ok(&["clock", "--confirm-time"]),
        "0 forfeits, 0 reminders\n",
        "three days used: in time"
    );
    env.now = "2025-03-07T00:01:00Z".into();
    assert_eq!(env.ok(&["clock"]), "1 forfeits, 0 reminders\n");
    assert_eq!(
        env.ok(&["game", "list"]),
        format!("{GAMES}{g}\tAnna\tBoris\t-\t0\t3d\t0-1 Anna lost on time\t-\t-\t-\t-\n")
    );
    let show = env.ok(&["game", "show", &g]);
    assert!(show.contains("Result: 0-1 (Anna lost on time)"), "{show}");
}

/// A jump of the system clock (here `CCGATE_NOW` 60 days on) forfeited the
/// player to move; now `clock` declares nothing, says why, and the director
/// finds a `clock_jump` incident; `clock --confirm-time` then sweeps.
#[test]
fn clock_after_a_jump_of_the_time_waits_for_the_director() {
    let mut env = Env::new();
    let g = env.two_players_and_a_game("3d");
    assert_eq!(env.ok(&["clock"]), "0 forfeits, 0 reminders\n");
    env.now = "2025-05-02T09:00:00Z".into();
    let held = env.ok(&["clock"]);
    assert!(held.starts_with("0 forfeits, 0 reminders\n"), "{held}");
    assert!(
        held.contains("60 days 0 hours past the last sweep") && held.contains("--confirm-time"),
        "{held}"
    );
    assert!(
        env.ok(&["clock"])
            .starts_with("0 forfeits, 0 reminders\nno forfeits")
    );
    let incidents = env.ok(&["incidents"]);
    assert!(incidents.contains("clock_jump"), "{incidents}");
    assert_eq!(
        env.ok(&["clock", "--confirm-time"]),
        "1 forfeits, 0 reminders\n"
    );
    assert!(env.ok(&["game", "show", &g]).contains("Anna lost on time"));
}

#[test]
fn game_show_counts_leave_in_the_clocks() {
    let mut env = Env::new();
    let g = env.two_players_and_a_game("3d");
    env.submit("email", ANNA, "leave", "leave 10");
    env.now = "2025-03-08T09:00:00Z".into();
    assert_eq!(env.ok(&["clock"]), "0 forfeits, 0 reminders\n");
    let show = env.ok(&["game", "show", &g]);
    assert!(
        show.contains("Anna: 0 days used, 3 remaining (to move)"),
        "the leave days do not count:\n{show}"
    );
}

#[test]
fn the_director_adjudicates_and_takes_back_from_the_command_line() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    for (k, (from, channel, text)) in [
        (ANNA, "email", "1. 5254"),
        (BORIS, "sms", "1... e5"),
        (ANNA, "email", "2. 7163"),
    ]
    .into_iter()
    .enumerate()
    {
        env.submit(channel, from, &format!("t{k}"), &format!("{g} {text}"));
    }
    assert_eq!(
        env.ok(&[
            "game",
            "takeback",
            &g,
            "--to-ply",
            "1",
            "--reason",
            "mouse slip"
        ]),
        format!("game {g}: 2 plies taken back\n")
    );
    assert_eq!(
        env.ok(&["game", "list"]),
        format!("{GAMES}{g}\tAnna\tBoris\t-\t1\t10/50\tactive\tBoris\t50\t50\t-\n")
    );
    assert_eq!(
        env.ok(&[
            "game",
            "adjudicate",
            &g,
            "--result",
            "1/2-1/2",
            "--reason",
            "both ill"
        ]),
        format!("game {g}: 1/2-1/2\n")
    );
    let show = env.ok(&["game", "show", &g]);
    assert!(
        show.contains("Result: 1/2-1/2 (adjudicated: both ill)"),
        "{show}"
    );
    assert!(show.contains("director takeback: mouse slip"), "{show}");
    assert!(show.contains("director adjudicate: both ill"), "{show}");
    let pgn = env.ok(&["game", "pgn", &g]);
    assert!(
        pgn.contains("[Result \"1/2-1/2\"]")
            && pgn.contains("[Termination \"adjudicated: both ill\"]"),
        "{pgn}"
    );
}
