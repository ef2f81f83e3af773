//! The store-backed command line as scripts and directors use it: `player
//! add`, `game new|list|show|pgn|adjudicate|takeback`, `submit`, `outbox`,
//! `incidents`, `clock`, `backup`, `export` — their outputs and exit codes.
//! Time comes from `$CCGATE_NOW`, so nothing here sleeps.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use ccgate::notation::movetext::{MovetextOptions, read_games};
use ccgate::notation::{Notation, WriteOptions, write_move};
use serde_json::Value;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position};

/// What one run of ccgate did.
#[derive(Debug)]
pub(crate) struct Run {
    pub(crate) out: String,
    pub(crate) err: String,
    pub(crate) code: i32,
}

/// A store in a temporary directory, and the time the commands see.
pub(crate) struct Env {
    pub(crate) dir: tempfile::TempDir,
    pub(crate) db: PathBuf,
    pub(crate) now: String,
}

impl Env {
    pub(crate) fn new() -> Env {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = dir.path().join("ccgate.db");
        Env {
            dir,
            db,
            now: "2025-03-03T09:00:00Z".to_string(),
        }
    }

    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub(crate) fn cmd(&self) -> Command {
        let mut c = Command::cargo_bin("ccgate").expect("binary");
        c.env_remove("CCGATE_DB")
            .env("CCGATE_NOW", &self.now)
            .arg("--db")
            .arg(&self.db);
        c
    }

    pub(crate) fn run(&self, args: &[&str]) -> Run {
        self.run_in(args, "")
    }

    pub(crate) fn run_in(&self, args: &[&str], stdin: &str) -> Run {
        let out = self
            .cmd()
            .args(args)
            .write_stdin(stdin)
            .output()
            .expect("run ccgate");
        Run {
            out: String::from_utf8(out.stdout).expect("utf-8 stdout"),
            err: String::from_utf8(out.stderr).expect("utf-8 stderr"),
            code: out.status.code().unwrap_or(-1),
        }
    }

    /// Runs a command that must succeed, and returns its standard output.
    pub(crate) fn ok(&self, args: &[&str]) -> String {
        let r = self.run(args);
        assert_eq!(r.code, 0, "{args:?}: {r:?}");
        r.out
    }

    /// Submits a message on standard input; a refusal is still exit 0.
    pub(crate) fn submit(&self, channel: &str, from: &str, id: &str, text: &str) -> Vec<Value> {
        let r = self.run_in(
            &[
                "submit",
                "--channel",
                channel,
                "--from",
                from,
                "--id",
                id,
                "--json",
            ],
            text,
        );
        assert_eq!(r.code, 0, "{r:?}");
        let v: Value =
            serde_json::from_str(&r.out).unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", r.out));
        v.as_array().expect("a JSON array").clone()
    }

    /// Anna (ICCF, German, email) and Boris (SAN, English, SMS), and a game between them.
    pub(crate) fn two_players_and_a_game(&self, time: &str) -> String {
        assert_eq!(
            self.ok(&[
                "player",
                "add",
                "Anna",
                "--email",
                "Anna <anna@example.org>",
                "--notation",
                "iccf",
                "--lang",
                "de"
            ]),
            "1\n"
        );
        assert_eq!(
            self.ok(&[
                "player",
                "add",
                "Boris",
                "--phone",
                "0049 171 1234567",
                "--reply-via",
                "sms"
            ]),
            "2\n"
        );
        let id = self.ok(&[
            "game", "new", "--white", "Anna", "--black", "Boris", "--time", time,
        ]);
        id.trim_end().to_string()
    }
}

pub(crate) const ANNA: &str = "anna@example.org";
/// The header of `game list`.
pub(crate) const GAMES: &str =
    "ID\tWHITE\tBLACK\tEVENT\tPLIES\tTIME\tSTATE\tTO MOVE\tWHITE LEFT\tBLACK LEFT\tDEADLINE\n";
pub(crate) const BORIS: &str = "+491711234567";

/// The (channel, to, body) of each reply, checking the JSON shape on the way.
pub(crate) fn replies(v: &[Value]) -> Vec<(String, String, String)> {
    v.iter()
        .map(|r| {
            let o = r.as_object().expect("a JSON object per reply");
            for key in [
                "id",
                "channel",
                "to",
                "subject",
                "body",
                "state",
                "attempts",
                "created_at",
                "next_attempt_at",
                "sent_at",
                "failed_at",
            ] {
                assert!(o.contains_key(key), "{key} in {r}");
            }
            let s = |k: &str| {
                o[k].as_str()
                    .unwrap_or_else(|| panic!("{k} is a string: {r}"))
                    .to_string()
            };
            (s("channel"), s("to"), s("body"))
        })
        .collect()
}

fn uci_line(game: &ccgate::notation::movetext::Game) -> Vec<String> {
    game.line
        .iter()
        .map(|n| UciMove::from_standard(n.mv.expect("a move")).to_string())
        .collect()
}

// ---------------------------------------------------------------------------
// Players and games

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
        } else if why == "themselves" || why == "only 0 plies" {
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

// ---------------------------------------------------------------------------
// submit

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
                    "P{g} 1. 5254 (5254) angenommen. Kontrolle PCG2.\nBoris am Zug.\n\
                     Bedenkzeit: Sie 0 Tage verbraucht, 50 Tage übrig; Boris 0 Tage verbraucht, 50 Tage übrig."
                )
            ),
            (
                "sms".into(),
                BORIS.into(),
                format!("G{g} 1. e4 (5254) by Anna. Check PCG2. Your move, by 2025-04-22.")
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
            "-> email {ANNA}\nP{g} 1. 5254 (5254) angenommen. Kontrolle PCG2.\nBoris am Zug.\n\
             Bedenkzeit: Sie 0 Tage verbraucht, 50 Tage übrig; Boris 0 Tage verbraucht, 50 Tage übrig.\n\n\
             -> sms {BORIS}\nG{g} 1. e4 (5254) by Anna. Check PCG2. Your move, by 2025-04-22.\n\n"
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

// ---------------------------------------------------------------------------
// The store cannot be opened

#[test]
fn a_store_that_cannot_be_opened_is_a_non_zero_exit() {
    let env = Env::new();
    let file = env.path("plain-file");
    std::fs::write(&file, "not a directory").expect("write");
    let not_sqlite = env.path("not-sqlite.db");
    std::fs::write(
        &not_sqlite,
        "this is not an SQLite database, just text that is long enough to have a header",
    )
    .expect("write");
    let under_a_file = file.join("x").join("y.db");
    let mut cases: Vec<(&Path, &str)> = vec![
        (env.dir.path(), "a directory"),
        (&under_a_file, "under a plain file"),
        (&not_sqlite, "not a database"),
    ];
    // procfs refuses new directories even to root.
    let read_only = Path::new("/proc/ccgate-no-such-dir/x/y.db");
    if Path::new("/proc/self").exists() {
        cases.push((read_only, "in a read-only place"));
    }
    for (db, what) in cases {
        for args in [
            &["game", "list"][..],
            &["outbox"],
            &["incidents"],
            &["clock"],
            &["export"],
            &["player", "add", "X", "--email", "x@example.org"],
        ] {
            let out = Command::cargo_bin("ccgate")
                .expect("binary")
                .arg("--db")
                .arg(db)
                .args(args)
                .output()
                .expect("run");
            assert_eq!(out.status.code(), Some(4), "{what} {args:?}: {out:?}");
            assert!(
                String::from_utf8_lossy(&out.stderr).starts_with("ccgate: "),
                "{what}: {out:?}"
            );
        }
        let out = Command::cargo_bin("ccgate")
            .expect("binary")
            .arg("--db")
            .arg(db)
            .args(["submit", "--channel", "email", "--from", ANNA])
            .write_stdin("1 1. 5254")
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(4), "{what} submit: {out:?}");
    }
    assert!(!Path::new("/proc/ccgate-no-such-dir").exists());
}

/// A wrong path or a deleted store must not become a new empty store that
/// answers every player "unknown sender": only the commands that create
/// things create one.
#[test]
fn only_the_commands_that_create_things_create_a_missing_store() {
    let env = Env::new();
    for args in [
        &["game", "list"][..],
        &["game", "show", "1"],
        &["outbox"],
        &["incidents"],
        &["clock"],
        &["export"],
        &["backup", "copy.db"],
        &["ingest-mail"],
        &["submit", "--channel", "email", "--from", ANNA],
    ] {
        let r = env.run_in(args, "1. e4");
        let want = if args[0] == "ingest-mail" { 75 } else { 4 };
        assert_eq!(r.code, want, "{args:?}: {r:?}");
        assert!(r.err.contains("does not exist"), "{args:?}: {r:?}");
        assert!(!env.db.exists(), "{args:?} created the store");
    }
    env.ok(&["player", "add", "Anna", "--email", ANNA]);
    assert!(env.db.exists());
    env.ok(&["game", "list"]);
}

/// A store on a read-only file system is refused with a word, not opened
/// for reading only (every command writes at least a journal row).
#[test]
fn a_read_only_store_is_refused() {
    let env = Env::new();
    let mnt = env.path("ro");
    std::fs::create_dir(&mnt).unwrap();
    let mount = |args: &[&str]| {
        let ok = std::process::Command::new("mount")
            .args(args)
            .arg(&mnt)
            .status()
            .expect("mount(8)");
        assert!(ok.success(), "mount {args:?} (the tests run as root)");
    };
    mount(&["-t", "tmpfs", "-o", "size=4m", "tmpfs"]);
    let db = mnt.join("ccgate.db");
    let add = Command::cargo_bin("ccgate")
        .unwrap()
        .arg("--db")
        .arg(&db)
        .args(["player", "add", "Anna", "--email", ANNA])
        .output()
        .unwrap();
    assert!(add.status.success(), "{add:?}");
    mount(&["-o", "remount,ro"]);
    let out = Command::cargo_bin("ccgate")
        .unwrap()
        .arg("--db")
        .arg(&db)
        .args(["game", "list"])
        .output()
        .unwrap();
    let _ = std::process::Command::new("umount").arg(&mnt).status();
    assert_eq!(out.status.code(), Some(4), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("read-only"),
        "{out:?}"
    );
}

#[test]
fn the_store_comes_from_ccgate_db_when_no_db_is_given() {
    let env = Env::new();
    let db = env.path("from-env.db");
    let out = Command::cargo_bin("ccgate")
        .expect("binary")
        .env("CCGATE_DB", &db)
        .args(["player", "add", "Anna", "--email", ANNA])
        .output()
        .expect("run");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n");
    assert!(db.exists());
}

// ---------------------------------------------------------------------------
// Outbox, incidents, clock, director's tools

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
             next 2025-03-03T09:00:00Z\nP{g} 1. 5254 (5254) angenommen."
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
            "open",
            &format!("{g} 1. 5255")
        ]
    );
    assert!(lines[2].contains("\t-\t-\tunknown_sender\topen"), "{all}");
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

// ---------------------------------------------------------------------------
// A whole game through the command line, its PGN, export and backup

#[test]
fn a_real_game_played_through_submit_comes_back_as_its_pgn() {
    let env = Env::new();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/correspondence/lichess_correspondence_2017-01.pgn"
    ))
    .expect("test data");
    let games = read_games(&text, &MovetextOptions::default());
    // The shortest of the first ten.
    let src = games
        .iter()
        .take(10)
        .min_by_key(|g| g.line.len())
        .expect("a game");
    let g = env.two_players_and_a_game("10/50");
    let mut pos = Chess::default();
    for (k, node) in src.line.iter().enumerate() {
        let mv = node.mv.expect("move");
        let n = pos.fullmoves();
        let (channel, from, line) = if pos.turn() == Color::White {
            (
                "email",
                ANNA,
                format!(
                    "{g} {n}. {}",
                    write_move(&pos, mv, Notation::Iccf, &WriteOptions::default())
                ),
            )
        } else {
            (
                "sms",
                BORIS,
                format!(
                    "{g} {n}... {}",
                    write_move(&pos, mv, Notation::San, &WriteOptions::default())
                ),
            )
        };
        let r = replies(&env.submit(channel, from, &format!("ply-{k}"), &line));
        assert!(
            r.iter().any(|(_, to, body)| to == from
                && !body.contains("abgelehnt")
                && !body.contains("refused")),
            "{line}: {r:?}"
        );
        pos.play_unchecked(mv);
    }
    let result = src.result.clone().expect("result");
    if !pos.is_checkmate() {
        let loser = if result == "1-0" {
            ("sms", BORIS)
        } else {
            ("email", ANNA)
        };
        env.submit(loser.0, loser.1, "resign", &format!("{g} resign"));
    }
    let pgn = env.ok(&["game", "pgn", &g]);
    let back = read_games(&pgn, &MovetextOptions::default());
    assert_eq!(back.len(), 1, "{pgn}");
    assert!(back[0].error.is_none(), "{pgn}");
    assert_eq!(uci_line(&back[0]), uci_line(src), "{pgn}");
    assert_eq!(back[0].tag("White"), Some("Anna"));
    assert_eq!(back[0].tag("Black"), Some("Boris"));
    assert_eq!(back[0].tag("Result"), Some(result.as_str()));
    assert_eq!(back[0].result.as_deref(), Some(result.as_str()));
    assert!(pgn.contains("[%ccsnt 2025.03.03,09:00]"), "{pgn}");
}

#[test]
fn export_writes_every_game_as_pgn() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    env.ok(&[
        "game",
        "new",
        "--white",
        "Boris",
        "--black",
        "Anna",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    env.submit("email", ANNA, "e1", &format!("{g} 1. 5254"));
    env.submit("sms", BORIS, "e2", "2 1. O-O");
    let out = env.ok(&["export"]);
    let games = read_games(&out, &MovetextOptions::default());
    assert_eq!(games.len(), 2, "{out}");
    assert_eq!(uci_line(&games[0]), ["e2e4"]);
    assert_eq!(games[0].tag("Event"), Some("ccgate game 1"));
    assert_eq!(games[1].tag("FEN"), Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    assert_eq!(games[1].tag("SetUp"), Some("1"));
    assert_eq!(uci_line(&games[1]), ["e1g1"]);
    assert!(games.iter().all(|g| g.result.as_deref() == Some("*")));
}

#[test]
fn backup_writes_a_copy_that_opens() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    env.submit("email", ANNA, "b1", &format!("{g} 1. 5254"));
    let copy = env.path("backup.db");
    assert_eq!(
        env.ok(&["backup", copy.to_str().expect("path")]),
        format!("backup written to {}\n", copy.display())
    );
    let list = Command::cargo_bin("ccgate")
        .expect("binary")
        .arg("--db")
        .arg(&copy)
        .args(["game", "list"])
        .output()
        .expect("run");
    assert!(list.status.success(), "{list:?}");
    assert_eq!(
        String::from_utf8_lossy(&list.stdout),
        format!("{GAMES}1\tAnna\tBoris\t-\t1\t10/50\tactive\tBoris\t50\t50\t-\n")
    );
    // The copy is a store of its own: a move there leaves the original alone.
    let moved = Command::cargo_bin("ccgate")
        .expect("binary")
        .env("CCGATE_NOW", &env.now)
        .arg("--db")
        .arg(&copy)
        .args(["submit", "--channel", "sms", "--from", BORIS, "--id", "c1"])
        .write_stdin(format!("{g} 1... e5"))
        .output()
        .expect("run");
    assert!(moved.status.success());
    assert_eq!(
        env.ok(&["game", "list"]),
        format!("{GAMES}1\tAnna\tBoris\t-\t1\t10/50\tactive\tBoris\t50\t50\t-\n")
    );
    // An existing file is never overwritten.
    let r = env.run(&["backup", copy.to_str().expect("path")]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.err.contains("exists"), "{}", r.err);
}

#[test]
fn the_readme_session_works_as_shown() {
    let env = Env::new();
    let db = env.path("ccgate-demo.db");
    let run = |args: &[&str], stdin: &str| {
        let out = Command::cargo_bin("ccgate")
            .expect("binary")
            .env("CCGATE_DB", &db)
            .env("CCGATE_NOW", &env.now)
            .args(args)
            .write_stdin(stdin)
            .output()
            .expect("run");
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).expect("utf-8")
    };
    run(
        &[
            "player",
            "add",
            "Anna",
            "--email",
            "anna@example.org",
            "--notation",
            "iccf",
            "--lang",
            "de",
            "--tz",
            "Europe/Berlin",
        ],
        "",
    );
    run(
        &[
            "player",
            "add",
            "Boris",
            "--phone",
            "+79161234567",
            "--notation",
            "san",
            "--lang",
            "ru",
            "--reply-via",
            "sms",
        ],
        "",
    );
    let g = run(
        &[
            "game", "new", "--white", "Anna", "--black", "Boris", "--time", "10/50",
        ],
        "",
    );
    let g = g.trim_end();
    let out = run(
        &[
            "submit",
            "--channel",
            "email",
            "--from",
            "anna@example.org",
            "--id",
            "msg-1",
        ],
        &format!("{g} 1. 5254\n"),
    );
    assert!(
        out.contains(&format!(
            "-> sms +79161234567\nП{g} 1. e4 (5254). Код PCG2. Ваш ход до 22.04.2025."
        )),
        "{out}"
    );
    let out = run(
        &[
            "submit",
            "--channel",
            "sms",
            "--from",
            "+7 916 123-45-67",
            "--id",
            "sms-1",
            "--json",
        ],
        &format!("{g} 1... e5\n"),
    );
    let r = replies(&serde_json::from_str::<Vec<Value>>(&out).expect("json"));
    assert_eq!(
        r[0],
        (
            "sms".into(),
            "+79161234567".into(),
            format!("П{g} 1... e5 (5755) принят. Код 0DE9. Ход: Anna.")
        )
    );
    assert_eq!(r[1].1, "anna@example.org");
    let out = run(
        &[
            "submit",
            "--channel",
            "email",
            "--from",
            "anna@example.org",
            "--id",
            "msg-2",
        ],
        &format!("{g} 1... 5755 2. 7163\n"),
    );
    assert!(out.contains(&format!("П{g} 2. Кf3 (7163)")), "{out}");
    assert!(run(&["game", "show", g], "").contains("Moves:"));
    assert!(run(&["game", "pgn", g], "").contains("1. e4"));
    assert_eq!(
        run(&["incidents", g], ""),
        "ID\tTIME\tGAME\tPLAYER\tKIND\tSTATE\tTEXT\tDETAIL\n"
    );
    assert_eq!(run(&["clock"], ""), "0 forfeits, 0 reminders\n");
}

#[test]
fn glyphs_and_draw_offers_of_move_lines_are_kept_in_the_record() {
    let env = Env::new();
    let g = env.two_players_and_a_game("10/50");
    for (k, (channel, from, line)) in [
        ("email", ANNA, format!("{g} 1. e4")),
        ("sms", BORIS, format!("{g} 1... e5!?")),
        ("email", ANNA, format!("{g} 2. Sf3 ±")),
        ("sms", BORIS, format!("{g} 2... Nc6 ↑ (=)")),
    ]
    .into_iter()
    .enumerate()
    {
        let r = replies(&env.submit(channel, from, &format!("glyph-{k}"), &line));
        assert!(
            r.iter()
                .all(|(_, _, body)| !body.contains("abgelehnt") && !body.contains("refused")),
            "{line}: {r:?}"
        );
    }
    let pgn = env.ok(&["game", "pgn", &g]).replace('\n', " ");
    assert!(pgn.contains("e5 $5 "), "{pgn}");
    assert!(pgn.contains("Nf3 $16 "), "{pgn}");
    // Black's initiative, and the draw offer, which Anna accepts.
    assert!(pgn.contains("Nc6 $37 {(=)} "), "{pgn}");
    env.submit("email", ANNA, "glyph-accept", &format!("{g} accept"));
    let pgn = env.ok(&["game", "pgn", &g]);
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
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
