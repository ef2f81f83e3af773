//! `ccgate migrate`: an SQLite store moved to PostgreSQL prints the same
//! text on both for every command a director reads it with; a target that
//! is not empty is refused; `ccgate backup` of a PostgreSQL store.

use crate::support::cli::{ANNA, BORIS, Env};
use crate::support::gateway::ccgate_on;
use crate::support::postgres::Postgres;

/// What a director reads a store with (the list; `incidents
/// --export` writes a file, compared below).
const READS: &[&[&str]] = &[
    &["game", "list"],
    &["export"],
    &["game", "pgn", "1"],
    &["outbox", "--all", "--json"],
    &["incidents"],
];

#[test]
fn a_store_moved_to_postgres_reads_the_same_and_a_full_target_is_refused() {
    let env = Env::new();
    let game = env.two_players_and_a_game("10/50");
    // Moves, a refusal (an incident), a duplicate, an unknown sender.
    env.submit("email", ANNA, "a1", &format!("{game} 1. 5254"));
    env.submit("sms", BORIS, "b1", &format!("{game} 1... e5"));
    env.submit("sms", BORIS, "b2", &format!("{game} 2... Ke3"));
    env.submit("email", ANNA, "a1", &format!("{game} 1. 5254"));
    env.submit("email", "stranger@example.org", "s1", "1. e4");
    let pg = Postgres::start();
    let url = pg.url();
    let moved = env.ok(&[
        "migrate",
        "--from",
        &env.db.display().to_string(),
        "--to",
        &url,
    ]);
    assert!(moved.contains("every row of every table equal"), "{moved}");
    let read = |db: &str, args: &[&str]| on(&env, db, args, "");
    let file = env.db.display().to_string();
    for args in READS {
        let (before, after) = (read(&file, args), read(&url, args));
        assert!(!before.is_empty(), "{args:?} printed nothing");
        assert_eq!(before, after, "{args:?} differs after the move");
    }
    let (a, b) = (env.path("before.txt"), env.path("after.txt"));
    read(&file, &["incidents", "--export", &a.display().to_string()]);
    read(&url, &["incidents", "--export", &b.display().to_string()]);
    let exported = std::fs::read_to_string(&a).expect("export");
    assert!(exported.contains("stranger@example.org"), "{exported}");
    assert_eq!(exported, std::fs::read_to_string(&b).expect("export"));
    // The moved store goes on: the next move, and a new player takes the
    // next id (PostgreSQL's counters start past the copied rows).
    let next = on(
        &env,
        &url,
        &[
            "submit",
            "--channel",
            "email",
            "--from",
            ANNA,
            "--id",
            "a3",
            "--json",
        ],
        &format!("{game} 2. 7163"),
    );
    assert!(next.contains("\"to\""), "no reply to the move: {next}");
    assert_eq!(
        on(
            &env,
            &url,
            &["player", "add", "Carl", "--email", "carl@example.org"],
            ""
        ),
        "3\n"
    );
    // A second move into the same database is refused, and changes nothing.
    let again = env.run(&["migrate", "--from", &file, "--to", &url]);
    assert_ne!(again.code, 0, "{again:?}");
    assert!(again.err.contains("not empty"), "{again:?}");
    assert_eq!(
        read(&url, &["player", "list"]).lines().count(),
        read(&file, &["player", "list"]).lines().count() + 1
    );
}

#[test]
fn a_postgres_store_is_backed_up_with_pg_dump() {
    let env = Env::new();
    let pg = Postgres::start();
    let url = pg.url();
    on(&env, &url, &["player", "add", "Anna", "--email", ANNA], "");
    let file = env.path("backup.dump");
    let said = on(&env, &url, &["backup", &file.display().to_string()], "");
    assert!(said.contains("pg_restore"), "{said}");
    // pg_dump's custom format begins with its magic.
    let dump = std::fs::read(&file).expect("the dump");
    assert!(dump.starts_with(b"PGDMP"), "not a pg_dump archive");
    // A second backup to the same file is refused.
    let again = run_on(&env, &url, &["backup", &file.display().to_string()], "");
    assert!(!again.status.success(), "{again:?}");
}

/// Runs ccgate on the store at `db` (a file or URL); it must succeed.
fn on(env: &Env, db: &str, args: &[&str], stdin: &str) -> String {
    let out = run_on(env, db, args, stdin);
    assert!(out.status.success(), "{args:?} on {db}: {out:?}");
    String::from_utf8(out.stdout).expect("utf-8")
}

fn run_on(env: &Env, db: &str, args: &[&str], stdin: &str) -> std::process::Output {
    ccgate_on(db)
        .env("CCGATE_NOW", &env.now)
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("run ccgate")
}
