//! `player add` and `game new`: the ids they print, what they refuse, and the
//! notice to a player registered in a language without replies.

use serde_json::Value;

use crate::support::cli::{Env, GAMES, replies};

#[test]
fn player_add_and_game_new_print_the_id_alone() {
    let env = Env::new();
    let id = env.two_players_and_a_game("10/50");
    assert_eq!(id, "1");
    let r = env.run(&[
        "game",
        "new",
        "--white",
        "Boris",
        "--black",
        "Anna",
        "--time",
        "3d",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    assert_eq!((r.out.as_str(), r.err.as_str(), r.code), ("2\n", "", 0));
    let list = env.ok(&["game", "list"]);
    assert_eq!(
        list,
        format!(
            "{GAMES}1\tAnna\tBoris\t-\t0\t10/50\tactive\tAnna\t50\t50\t2025-04-22\n\
             2\tBoris\tAnna\t-\t0\t3d\tactive\tBoris\t3\t3\t2025-03-06\n"
        )
    );
}

#[test]
fn bad_players_and_games_are_refused_with_exit_2_or_6() {
    let env = Env::new();
    env.two_players_and_a_game("10/50");
    for (args, why) in [
        (
            vec!["player", "add", "Anna", "--email", "other@example.org"],
            "exists",
        ),
        (
            vec!["player", "add", "Carl", "--email", "anna@example.org"],
            "belongs to Anna",
        ),
        (
            vec!["player", "add", "Carl", "--phone", "0171 2345678"],
            "country code",
        ),
        (
            vec!["player", "add", "Carl", "--tz", "Mars/Olympus"],
            "time zone",
        ),
        (
            vec!["game", "new", "--white", "Anna", "--black", "Nobody"],
            "Nobody",
        ),
        (
            vec!["game", "new", "--white", "Anna", "--black", "Anna"],
            "themselves",
        ),
        (
            vec![
                "game",
                "new",
                "--white",
                "Anna",
                "--black",
                "Boris",
                "--fen",
                "not a fen",
            ],
            "start position",
        ),
        (vec!["game", "show", "99"], "no game 99"),
        (
            vec![
                "game",
                "adjudicate",
                "1",
                "--result",
                "2-0",
                "--reason",
                "x",
            ],
            "1-0",
        ),
        (
            vec!["game", "takeback", "1", "--to-ply", "3", "--reason", "x"],
            "only 0 plies",
        ),
    ] {
        let r = env.run(&args);
        // What the command names and is not there is "not found" (3),
        // what the rules do not allow "refused" (6).
        let want = if why == "Nobody" || why == "no game 99" {
            3
        } else if ["themselves", "only 0 plies", "exists"].contains(&why) {
            6
        } else {
            2
        };
        assert_eq!(r.code, want, "{args:?}: {r:?}");
        assert_eq!(r.out, "", "{args:?}");
        assert!(
            r.err.starts_with("ccgate: ") && r.err.contains(why),
            "{args:?}: {}",
            r.err
        );
    }
    assert_eq!(
        env.ok(&["game", "list"]).lines().count(),
        2,
        "nothing was created"
    );
    // The refused players were rolled back whole: Carl is new, and gets the next id.
    assert_eq!(
        env.ok(&["player", "add", "Carl", "--callsign", "dl1abc"]),
        "3\n"
    );
}

#[test]
fn names_are_one_line_of_bounded_length_and_the_same_whatever_their_case() {
    let env = Env::new();
    env.two_players_and_a_game("10/50");
    // What was made is said to the person; the id alone goes to a script.
    let r = env.run(&[
        "player",
        "add",
        "  Carl Meyer ",
        "--email",
        "carl@example.org",
    ]);
    assert_eq!(
        (r.out.as_str(), r.err.as_str(), r.code),
        ("3\n", "player 3 Carl Meyer added\n", 0)
    );
    let json: Value =
        serde_json::from_str(&env.ok(&["player", "add", "Dora", "--json"])).expect("json");
    assert_eq!(
        (&json["id"], &json["name"]),
        (&Value::from(4), &Value::from("Dora"))
    );
    let long = "x".repeat(100_000);
    for (name, why) in [
        ("", "empty"),
        ("   ", "empty"),
        ("Eve\r\nBcc: mallory@example.org", "control character"),
        ("Line\nBreak", "control character"),
        (long.as_str(), "at most 64 characters"),
    ] {
        for args in [
            vec!["player", "add", name],
            vec!["event", "new", name, "--players", "Anna,Boris"],
            vec!["director", "add", name],
        ] {
            let r = env.run_in(&args, "a long enough password\n");
            assert_eq!(r.code, 2, "{args:?}: {r:?}");
            assert!(r.err.contains(why), "{args:?}: {}", r.err);
        }
    }
    // Taken whatever the case: a refusal (6), nothing made.
    for args in [
        vec!["player", "add", "anna"],
        vec!["player", "add", "BORIS", "--email", "b2@example.org"],
    ] {
        let r = env.run(&args);
        assert_eq!(r.code, 6, "{args:?}: {r:?}");
        assert!(r.err.contains("exists already"), "{}", r.err);
    }
    assert_eq!(
        env.run(&["event", "new", "Autumn Cup", "--players", "Anna,Boris"])
            .code,
        0
    );
    let r = env.run(&["event", "new", "AUTUMN CUP", "--players", "Anna,Boris"]);
    assert_eq!(
        (r.code, r.err.contains("exists already")),
        (6, true),
        "{r:?}"
    );
    // And found whatever the case.
    assert!(env.ok(&["player", "show", "ANNA"]).contains("Anna"));
    assert_eq!(
        env.ok(&["player", "list"])
            .lines()
            .filter(|l| l.contains("nna"))
            .count(),
        1
    );
}

/// Issue 16: a player registered in a language without a catalogue is told
/// once, in English and naming the language, that replies stay in English;
/// one registered in a catalogue language is told nothing.
#[test]
fn a_player_added_in_a_language_without_replies_is_told_so_once() {
    let env = Env::new();
    env.ok(&[
        "player",
        "add",
        "Ilona",
        "--email",
        "ilona@example.org",
        "--lang",
        "hu",
    ]);
    env.ok(&[
        "player",
        "add",
        "Jana",
        "--email",
        "jana@example.org",
        "--lang",
        "cs",
    ]);
    let queued =
        replies(&serde_json::from_str::<Vec<Value>>(&env.ok(&["outbox", "--json"])).expect("json"));
    assert_eq!(queued.len(), 1, "{queued:?}");
    let (channel, to, body) = &queued[0];
    assert_eq!(
        (channel.as_str(), to.as_str()),
        ("email", "ilona@example.org")
    );
    assert!(
        body.contains("Hungarian (magyar)") && body.contains("English"),
        "{body}"
    );
}
