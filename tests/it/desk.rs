//! The director's desk on the command line, tried as a director would:
//! players listed, shown, edited and removed; the incident queue filtered
//! and ruled on; adjudications that need `--overrule`; `game list` with
//! clocks and filters; the outbox's delivery record; exit codes; a closed
//! pipe; the store found through the service's configuration; an event
//! that starts later and ICCF's duplication on its clocks.

use std::os::unix::process::ExitStatusExt;
use std::process::Stdio;

use ccgate::store::{ReplyId, Retry, Store};
use serde_json::Value;

use crate::support::cli::{ANNA, BORIS, Env, replies};

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// The `--json` listing of `args` as an array.
fn listing(env: &Env, args: &[&str]) -> Vec<Value> {
    let mut args = args.to_vec();
    args.push("--json");
    json(&env.ok(&args))
        .as_array()
        .unwrap_or_else(|| panic!("{args:?}: an array"))
        .clone()
}

#[test]
fn players_are_listed_shown_and_found_whatever_the_case() {
    let env = Env::new();
    env.two_players_and_a_game("10/50");
    let text = env.ok(&["player", "list"]);
    assert_eq!(
        text,
        "ID\tNAME\tNOTATION\tLANG\tREPLY VIA\tTZ\tPIN\tGAMES\tADDRESSES\n\
         1\tAnna\ticcf\tde\t-\tUTC\tno\t1/1\temail anna@example.org\n\
         2\tBoris\tsan\ten\tsms\tUTC\tno\t1/1\tsms +491711234567\n"
    );
    let list = listing(&env, &["player", "list"]);
    assert_eq!(list[1]["name"], "Boris");
    assert_eq!(list[1]["reply_via"], "sms");
    assert_eq!(list[1]["addresses"][0]["channel"], "sms");
    assert_eq!(list[1]["addresses"][0]["address"], BORIS);
    assert_eq!(
        (list[0]["pin"].clone(), list[0]["games"].clone()),
        (false.into(), 1.into())
    );
    let show = json(&env.ok(&["player", "show", "anna", "--json"]));
    assert_eq!(show["name"], "Anna");
    assert_eq!(show["games"][0]["opponent"], "Boris");
    assert_eq!(show["games"][0]["color"], "white");
    assert!(
        env.ok(&["player", "show", "BORIS"])
            .starts_with("Player 2: Boris\n")
    );
    let r = env.run(&["player", "show", "Bori"]);
    assert_eq!(r.code, 3, "{r:?}");
    assert_eq!(r.err, "ccgate: no player \"Bori\"; did you mean Boris?\n");
    let r = env.run(&["game", "new", "--white", "Ana", "--black", "Boris"]);
    assert_eq!(
        (r.code, r.err.contains("did you mean Anna?")),
        (3, true),
        "{r:?}"
    );
}

#[test]
fn an_edited_address_takes_effect_at_once_and_the_edit_is_audited() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    let out = env.ok(&[
        "player",
        "edit",
        "anna",
        "--email",
        "Anna <anna@new.example>",
        "--lang",
        "en",
        "--tz",
        "Europe/Berlin",
        "--reason",
        "her provider closed",
    ]);
    assert_eq!(
        out,
        "Anna: email: anna@example.org -> anna@new.example; lang: de -> en; \
         time zone: UTC -> Europe/Berlin\n"
    );
    // The old address is a stranger now; the new one plays.
    let old = replies(&env.submit("email", ANNA, "o1", &format!("{g} 1. 5254")));
    assert!(old[0].2.contains("not registered"), "{old:?}");
    let new = replies(&env.submit("email", "anna@new.example", "n1", &format!("{g} 1. 5254")));
    assert!(new[0].2.contains("accepted"), "{new:?}");
    let audit = listing(&env, &["audit"]);
    assert_eq!(audit[0]["action"], "player edit");
    assert_eq!(audit[0]["player"], "Anna");
    assert_eq!(audit[0]["reason"], "her provider closed");
    // The flags of `player add`: a PIN from a file, then cleared.
    let pin = env.path("pin");
    std::fs::write(&pin, "4711\n").expect("pin");
    let p = pin.to_str().expect("path");
    assert_eq!(
        env.ok(&["player", "edit", "Boris", "--pin-file", p]),
        "Boris: PIN set\n"
    );
    assert_eq!(listing(&env, &["player", "list"])[1]["pin"], true);
    assert_eq!(
        env.ok(&["player", "edit", "Boris", "--clear-pin"]),
        "Boris: PIN cleared\n"
    );
    for (args, code, why) in [
        (
            vec!["player", "edit", "Boris", "--lang", "en"],
            2,
            "nothing to change",
        ),
        (
            vec!["player", "edit", "Boris", "--tz", "Mars/Olympus"],
            2,
            "time zone",
        ),
        (
            vec!["player", "edit", "Boris", "--email", "anna@new.example"],
            2,
            "belongs to Anna",
        ),
        (
            vec!["player", "edit", "Nobody", "--lang", "de"],
            3,
            "no player",
        ),
    ] {
        let r = env.run(&args);
        assert_eq!(
            (r.code, r.err.contains(why)),
            (code, true),
            "{args:?}: {r:?}"
        );
    }
}

#[test]
fn a_player_is_removed_only_without_games_in_progress() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    env.ok(&["player", "add", "Carl", "--email", "carl@example.org"]);
    assert_eq!(env.ok(&["player", "remove", "carl"]), "Carl: deleted\n");
    let r = env.run(&["player", "remove", "Boris"]);
    assert_eq!(r.code, 6, "{r:?}");
    assert!(r.err.contains(&format!("games in progress ({g})")), "{r:?}");
    env.ok(&[
        "game",
        "adjudicate",
        &g,
        "--result",
        "1-0",
        "--reason",
        "Boris left",
    ]);
    assert_eq!(
        env.ok(&["player", "remove", "Boris", "--reason", "left the club"]),
        "Boris: removed (kept for the record of their games)\n"
    );
    let list = listing(&env, &["player", "list"]);
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(
        (list[1]["removed"].clone(), list[1]["addresses"].clone()),
        (true.into(), Value::Array(vec![]))
    );
    let r = env.run(&["game", "new", "--white", "Anna", "--black", "Boris"]);
    assert_eq!((r.code, r.err.contains("was removed")), (6, true), "{r:?}");
    // The game keeps its players' names; Boris's number is a stranger's now.
    assert!(env.ok(&["game", "pgn", &g]).contains("[Black \"Boris\"]"));
    let r = replies(&env.submit("sms", BORIS, "late", &format!("{g} 1... e5")));
    assert!(r[0].2.contains("not registered"), "{r:?}");
}

#[test]
fn the_incident_queue_is_filtered_and_ruled_on_with_the_players_told() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    env.submit("email", ANNA, "i1", &format!("{g} 1. 5255"));
    env.submit("sms", "+15550001111", "i2", "1 1. e4");
    env.submit("email", ANNA, "i3", &format!("{g} 1. 5254"));
    env.ok(&[
        "game",
        "takeback",
        &g,
        "--to-ply",
        "0",
        "--reason",
        "clerical error",
    ]);
    let all = listing(&env, &["incidents"]);
    let kinds: Vec<&str> = all
        .iter()
        .map(|e| e["kind"].as_str().expect("kind"))
        .collect();
    assert_eq!(kinds, ["illegal", "unknown_sender", "takeback"]);
    assert_eq!(all[0]["player"], "Anna");
    // A stranger is named by the address they wrote from.
    assert_eq!(
        (all[1]["player"].clone(), all[1]["sender"].clone()),
        (Value::Null, "+15550001111".into())
    );
    // Refusals the players were answered for are recorded, not waiting.
    assert_eq!(all[0]["state"], "recorded");
    assert_eq!(listing(&env, &["incidents", "--all"]), all);
    assert_eq!(
        (all[2]["source"].clone(), all[2]["state"].clone()),
        ("audit".into(), "ruled".into())
    );
    assert_eq!(
        listing(&env, &["incidents", "--player", "boris"]).len(),
        2,
        "his game's incidents"
    );
    assert_eq!(
        listing(&env, &["incidents", "--kind", "unknown_sender"]).len(),
        1
    );
    let before = listing(&env, &["outbox"]).len();
    assert_eq!(
        env.ok(&[
            "incidents",
            "rule",
            "1",
            "--decision",
            "a warning: write legal moves"
        ]),
        "incident 1: ruled; told Anna, Boris\n"
    );
    let outbox = listing(&env, &["outbox"]);
    assert_eq!(outbox.len(), before + 2, "both players told");
    assert!(
        outbox[before]["body"]
            .as_str()
            .expect("body")
            .contains("Vorfall 1: a warning: write legal moves"),
        "in Anna's language: {:?}",
        outbox[before]
    );
    // Nothing waits: the stranger was answered, the illegal move ruled.
    assert!(listing(&env, &["incidents", "--open"]).is_empty());
    let ruled = listing(&env, &["incidents", "--ruled", "--kind", "illegal"]);
    assert_eq!(ruled[0]["ruling"]["text"], "a warning: write legal moves");
    assert_eq!(ruled[0]["ruling"]["told"], "Anna, Boris");
    let text = env.ok(&["incidents", &g]);
    assert!(
        text.contains("\tillegal\truled: a warning: write legal moves\t"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "\nA1\t2025-03-03T09:00:00Z\t{g}\t-\ttakeback\truled\tclerical error\t"
        )),
        "{text}"
    );
    // A ruling stands; an unknown incident is not found; the audit has it.
    let again = env.run(&["incidents", "rule", "1", "--decision", "changed my mind"]);
    assert_eq!(
        (again.code, again.err.contains("ruled on at")),
        (6, true),
        "{again:?}"
    );
    assert_eq!(
        env.run(&["incidents", "rule", "99", "--decision", "x"])
            .code,
        3
    );
    assert_eq!(
        env.ok(&[
            "incidents",
            "rule",
            "2",
            "--decision",
            "noted",
            "--tell",
            "nobody"
        ]),
        "incident 2: ruled; told nobody\n"
    );
    let audit = listing(&env, &["audit"]);
    let rulings: Vec<&Value> = audit.iter().filter(|a| a["action"] == "ruling").collect();
    assert_eq!(rulings.len(), 2);
    assert_eq!(
        rulings[0]["detail"],
        "incident 1 (illegal); told Anna, Boris"
    );
    assert_eq!(rulings[0]["at"], "2025-03-03T09:00:00Z");
    for args in [
        &["incidents", "--event", "Nope"][..],
        &["incidents", "--player", "Nobody"],
    ] {
        assert_eq!(env.run(args).code, 3, "{args:?}");
    }
}

#[test]
fn a_message_with_nothing_to_read_is_listed_by_its_first_line_and_kinds_are_checked() {
    let env = Env::new();
    env.two_players_and_a_game("10/50");
    env.submit(
        "email",
        ANNA,
        "m1",
        "> 1. e4\n\n  Hello Boris, how are you?\nAnna",
    );
    let found = listing(&env, &["incidents", "--kind", "malformed"]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["text"], "Hello Boris, how are you?");
    let table = env.ok(&["incidents"]);
    assert!(table.contains("\tHello Boris, how are you?\t"), "{table}");
    // A kind that does not exist is a usage error naming the ones that do.
    let r = env.run(&["incidents", "--kind", "nonsense"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.err.contains("illegal") && r.err.contains("takeback"),
        "{}",
        r.err
    );
}

#[test]
fn a_finished_game_is_adjudicated_again_only_with_overrule() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    let adjudicate = |result: &str, overrule: bool| {
        let mut args = vec![
            "game",
            "adjudicate",
            &g,
            "--result",
            result,
            "--reason",
            "appeal",
        ];
        if overrule {
            args.push("--overrule");
        }
        env.run(&args)
    };
    assert_eq!(adjudicate("1-0", false).code, 0);
    let r = adjudicate("0-1", false);
    assert_eq!(r.code, 6, "{r:?}");
    assert!(
        r.err
            .contains("is finished (1-0); to change its result give --overrule"),
        "{r:?}"
    );
    assert_eq!(
        json(&env.ok(&["game", "list", "--json"]))[0]["result"],
        "1-0",
        "unchanged"
    );
    assert_eq!(adjudicate("0-1", true).code, 0);
    let game = &json(&env.ok(&["game", "list", "--json"]))[0];
    assert_eq!(game["result"], "0-1");
    let acts = listing(&env, &["incidents", &g]);
    assert_eq!(acts.len(), 2);
    assert_eq!(acts[1]["kind"], "overrule");
    assert_eq!(
        acts[1]["detail"],
        "1-0 (adjudicated: appeal) overruled: 0-1"
    );
}

#[test]
fn game_list_shows_whose_move_the_days_left_and_the_deadline_and_filters() {
    let mut env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    env.ok(&["player", "add", "Carl", "--email", "carl@example.org"]);
    let g2 = env.ok(&[
        "game", "new", "--white", "Carl", "--black", "Anna", "--time", "3d",
    ]);
    let g2 = g2.trim();
    env.now = "2025-03-05T09:00:00Z".into();
    let list = listing(&env, &["game", "list"]);
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["waiting_for"], "Anna");
    assert_eq!(list[0]["to_move"], "white");
    assert_eq!(list[0]["clocks"]["white"]["days_left"], 48);
    assert_eq!(list[0]["clocks"]["white"]["deadline"], "2025-04-22");
    assert_eq!(list[0]["clocks"]["black"]["deadline"], Value::Null);
    assert_eq!(list[1]["clocks"]["white"]["days_left"], 1);
    assert_eq!(list[1]["clocks"]["white"]["deadline"], "2025-03-06");
    let ids = |args: &[&str]| -> Vec<i64> {
        listing(&env, args)
            .iter()
            .map(|g| g["id"].as_i64().expect("id"))
            .collect()
    };
    let (n, n2) = (
        g.parse::<i64>().expect("id"),
        g2.parse::<i64>().expect("id"),
    );
    assert_eq!(ids(&["game", "list", "--player", "carl"]), [n2]);
    assert_eq!(ids(&["game", "list", "--waiting", "Anna"]), [n]);
    assert_eq!(ids(&["game", "list", "--waiting", "Carl"]), [n2]);
    assert_eq!(
        ids(&["game", "list", "--waiting", "Boris"]),
        Vec::<i64>::new()
    );
    let shown = json(&env.ok(&["game", "show", &g, "--json"]));
    assert_eq!(shown["waiting_for"], "Anna");
    assert_eq!(shown["moves"], Value::Array(Vec::new()));
    assert_eq!(env.run(&["game", "show", "99", "--json"]).code, 3);
    let text = env.ok(&["game", "list", "--player", "Carl"]);
    assert_eq!(
        text.lines().nth(1),
        Some(format!("{g2}\tCarl\tAnna\t-\t0\t3d\tactive\tCarl\t1\t3\t2025-03-06").as_str())
    );
}

#[test]
fn the_outbox_shows_each_replys_state_attempts_and_times_and_retries_one_given_up() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    env.submit("email", ANNA, "m1", &format!("{g} 1. 5254"));
    {
        let mut store = Store::open(&env.db).expect("store");
        let tx = store.write().expect("tx");
        let at = "2025-03-03T10:00:00Z".parse().expect("time");
        tx.mark_sent(ReplyId(1), at).expect("sent");
        let once = Retry {
            max_attempts: 1,
            first_delay_secs: 60,
        };
        tx.mark_failed(ReplyId(2), "550 no such user", at, once)
            .expect("failed");
        tx.commit().expect("commit");
    }
    let all = listing(&env, &["outbox", "--all"]);
    let states: Vec<(&str, i64)> = all
        .iter()
        .map(|r| {
            (
                r["state"].as_str().expect("state"),
                r["attempts"].as_i64().expect("n"),
            )
        })
        .collect();
    assert_eq!(states, [("sent", 1), ("failed", 1)]);
    assert_eq!(all[0]["sent_at"], "2025-03-03T10:00:00Z");
    assert_eq!(
        all[0]["subject"]
            .as_str()
            .map(|s| s.starts_with("[ccgate G1] 1. 5254 ")),
        Some(true),
        "{:?}",
        all[0]
    );
    assert_eq!(all[1]["subject"], Value::Null, "an SMS has no subject");
    assert_eq!(all[1]["last_error"], "550 no such user");
    let text = env.ok(&["outbox", "--all"]);
    assert!(text.contains(&format!("-> sms {BORIS} #2 failed, 1 attempts, created 2025-03-03T09:00:00Z, failed 2025-03-03T10:00:00Z: 550 no such user\n")), "{text}");
    assert_eq!(listing(&env, &["outbox"]).len(), 0);
    assert_eq!(
        env.run(&["outbox", "--retry", "1"]).code,
        6,
        "a sent reply is not sent again"
    );
    assert_eq!(env.run(&["outbox", "--retry", "9"]).code, 3);
    assert_eq!(
        env.ok(&["outbox", "--retry", "2"]),
        "reply 2: queued again\n"
    );
    let queued = listing(&env, &["outbox"]);
    assert_eq!(
        (queued[0]["id"].clone(), queued[0]["attempts"].clone()),
        (2.into(), 0.into())
    );
    assert_eq!(listing(&env, &["audit"])[0]["action"], "retry");
}

#[test]
fn exit_codes_tell_usage_not_found_and_store_failures_apart() {
    let env = Env::new();
    let missing = env.run(&["game", "list"]);
    assert_eq!(missing.code, 4, "{missing:?}");
    assert!(missing.err.contains("does not exist"), "{missing:?}");
    env.two_players_and_a_game("10/50");
    for (args, code) in [
        (&["game", "show", "7"][..], 3),
        (&["game", "pgn", "7"], 3),
        (&["incidents", "7"], 3),
        (&["event", "show", "Nope"], 3),
        (&["player", "remove", "Nobody"], 3),
        (&["game", "list", "--event", "Nope"], 3),
        (
            &[
                "game",
                "adjudicate",
                "1",
                "--result",
                "2-0",
                "--reason",
                "x",
            ],
            2,
        ),
        (&["game", "list", "--no-such-flag"], 2),
        (&["incidents", "--kind", "nonsense"], 2),
        (&["incidents", "--player", " "], 2),
        (&["game", "list", "--player", ""], 2),
        (&["--db", "", "game", "list"], 2),
        (
            &[
                "event",
                "new",
                "E",
                "--players",
                "Anna,Boris",
                "--start",
                "tomorrow",
            ],
            2,
        ),
    ] {
        let r = env.run(args);
        assert_eq!(r.code, code, "{args:?}: {r:?}");
        assert_eq!(r.out, "", "{args:?}");
    }
    let help = env.ok(&["--help"]);
    for line in ["2   usage error", "3   not found", "4   store failure"] {
        assert!(help.contains(line), "{line:?} in\n{help}");
    }
}

/// `ccgate game show 1 | head -1`: the reader goes before the command has
/// written; the command ends quietly (SIGPIPE), never with a panic.
#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    let env = Env::new();
    env.two_players_and_a_game("10/50");
    for args in [
        &["game", "show", "1"][..],
        &["player", "list", "--json"],
        &["game", "list"],
    ] {
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("ccgate"))
            .env_remove("CCGATE_DB")
            .arg("--db")
            .arg(&env.db)
            .args(args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .expect("run");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
        assert_eq!(
            out.status.signal(),
            Some(libc::SIGPIPE),
            "{args:?}: {:?}",
            out.status
        );
    }
    let shell = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{} --db {} game show 1 | head -1",
            assert_cmd::cargo::cargo_bin("ccgate").display(),
            env.db.display()
        ))
        .output()
        .expect("sh");
    assert_eq!(
        String::from_utf8_lossy(&shell.stdout),
        "Game 1: Anna (White) - Boris (Black), 10/50\n"
    );
    assert_eq!(String::from_utf8_lossy(&shell.stderr), "");
}

#[test]
fn the_admin_commands_find_the_store_through_the_configuration() {
    let env = Env::new();
    env.two_players_and_a_game("10/50");
    let config = env.path("ccgate.toml");
    std::fs::write(
        &config,
        format!(
            "data_dir = {:?}\ndb = \"ccgate.db\"\n",
            env.dir.path().display()
        ),
    )
    .expect("config");
    let with_config = |args: &[&str]| {
        assert_cmd::Command::cargo_bin("ccgate")
            .expect("binary")
            .env_remove("CCGATE_DB")
            .arg("--config")
            .arg(&config)
            .args(args)
            .output()
            .expect("run")
    };
    let out = with_config(&["player", "list", "--json"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        json(&String::from_utf8_lossy(&out.stdout))
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    // `--db` still names the store over the configuration.
    let other = env.path("other.db");
    let out = with_config(&["--db", other.to_str().expect("path"), "game", "list"]);
    assert_eq!(out.status.code(), Some(4), "{out:?}");
}

#[test]
fn an_event_starts_its_clocks_on_its_start_date_and_duplicates_long_moves() {
    let mut env = Env::new();
    env.two_players_and_a_game("10/50");
    let r = env.run(&[
        "event",
        "new",
        "Old",
        "--players",
        "Anna,Boris",
        "--start",
        "2025-03-01",
    ]);
    assert_eq!((r.code, r.err.contains("in the past")), (2, true), "{r:?}");
    let before = listing(&env, &["outbox"]).len();
    let e = env.ok(&[
        "event",
        "new",
        "Spring Cup",
        "--players",
        "Anna,Boris",
        "--time",
        "10/50",
        "--start",
        "2025-03-10",
    ]);
    let e = e.trim();
    let told = listing(&env, &["outbox"]);
    assert_eq!(told.len(), before + 2, "both told at once");
    let body = |i: usize| told[before + i]["body"].as_str().expect("body");
    assert!(
        body(0).starts_with(
            "ccgate: Spring Cup beginnt am 10.03.2025, Bedenkzeit 10/50; die Uhren laufen ab dann."
        ),
        "Anna by mail, in German, the date as German mail writes it: {}",
        body(0)
    );
    // Boris by SMS: the short form, one message.
    assert_eq!(
        body(1),
        "ccgate: Spring Cup begins 2025-03-10, 10/50. Your games:\nG2 Black against Anna"
    );
    // Before the start no day counts; the ICCF default charges days beyond 20 twice.
    env.now = "2025-03-09T12:00:00Z".into();
    let games = listing(&env, &["game", "list", "--event", e]);
    assert_eq!(games.len(), 1, "one pairing, single round robin");
    let g = games[0]["id"].as_i64().expect("id").to_string();
    assert_eq!(games[0]["clocks"]["white"]["days_used"], 0);
    // 35 counted days after 10 March cost 20 + 2 * 15 = 50: the deadline.
    assert_eq!(games[0]["clocks"]["white"]["deadline"], "2025-04-14");
    assert!(
        env.ok(&["game", "show", &g])
            .contains("duplication after 20 days")
    );
    env.now = "2025-04-02T12:00:00Z".into();
    let games = listing(&env, &["game", "list", "--event", e]);
    assert_eq!(
        games[0]["clocks"]["white"]["days_used"], 26,
        "23 days cost 26"
    );
    env.now = "2025-04-15T12:00:00Z".into();
    assert_eq!(env.ok(&["clock"]), "1 forfeits, 0 reminders\n");
    let games = listing(&env, &["game", "list", "--event", e]);
    assert_eq!(games[0]["result"], "0-1");
    // Plain rules and `--duplication 0` count every day once.
    let plain = env.ok(&[
        "event",
        "new",
        "Plain",
        "--players",
        "Anna,Boris",
        "--rules",
        "plain",
    ]);
    let g = listing(&env, &["game", "list", "--event", plain.trim()])[0]["id"].to_string();
    assert!(!env.ok(&["game", "show", &g]).contains("duplication"));
}

/// Time zones come from the database built into ccgate, not from the
/// host's: with `TZDIR` naming a zoneinfo directory that holds one zone file
/// (jiff's default lookup takes such a directory and knows nothing else:
/// the build before refused Europe/Berlin here), a player in Europe/Berlin
/// is still accepted, and a made-up zone still refused.
#[test]
fn time_zones_come_from_the_built_in_database_not_the_hosts() {
    let env = Env::new();
    let host = env.path("zoneinfo");
    std::fs::create_dir(&host).expect("zoneinfo");
    // Its magic is all a directory listing looks at.
    std::fs::write(host.join("UTC"), "TZif2").expect("UTC");
    let add = |name: &str, tz: &str| {
        let out = env
            .cmd()
            .env("TZDIR", &host)
            .args([
                "player",
                "add",
                name,
                "--email",
                &format!("{name}@example.org"),
            ])
            .args(["--tz", tz])
            .output()
            .expect("run ccgate");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // The first player makes the store, and says so.
    let (code, err) = add("Carla", "Europe/Berlin");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.starts_with("ccgate: created a new store at ")
            && err.ends_with("\nplayer 1 Carla added\n"),
        "{err}"
    );
    let (code, err) = add("Dora", "Mars/Olympus");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("time zone"), "{err}");
}
