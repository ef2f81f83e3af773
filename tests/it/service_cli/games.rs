//! Whole games through the command line: a real game played through
//! `submit` and its PGN, glyphs and draw offers kept, `export`, `backup`, and
//! the README's session as shown.

use assert_cmd::Command;
use ccgate::notation::movetext::{MovetextOptions, read_games};
use ccgate::notation::{Notation, WriteOptions, write_move};
use serde_json::Value;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position};

use crate::support::cli::{ANNA, BORIS, Env, GAMES, replies};

fn uci_line(game: &ccgate::notation::movetext::Game) -> Vec<String> {
    game.line
        .iter()
        .map(|n| UciMove::from_standard(n.mv.expect("a move")).to_string())
        .collect()
}

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
    // A copy into a directory that is not there: the output's fault (5).
    let r = env.run(&["backup", "/nonexistent/dir/x.db"]);
    assert_eq!(r.code, 5, "{r:?}");
    assert!(
        r.err.contains("/nonexistent/dir: no such directory"),
        "{}",
        r.err
    );
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
            format!("П{g} 1... e5 (5755) принят. Код 0DE9. Ходит Anna.")
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
