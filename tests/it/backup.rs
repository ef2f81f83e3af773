//! Backups as the operator guide's steps use them: `ccgate restore`, the
//! dated backups of the daily timer and their rotation, and the backup
//! `serve` writes before it migrates a store to a newer schema.

use std::path::{Path, PathBuf};
use std::time::Duration;

use ccgate::store::SCHEMA_VERSION;

use crate::support::cli::{ANNA, Env};
use crate::support::gateway::{Gateway, MAILDIR_CONFIG, ccgate_on, wait_until};

fn version(db: &Path) -> i64 {
    rusqlite::Connection::open(db)
        .expect("open")
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("user_version")
}

fn players(env: &Env, db: &Path) -> String {
    let out = ccgate_on(db)
        .env("CCGATE_NOW", &env.now)
        .args(["player", "list"])
        .output()
        .expect("run");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn restore_puts_a_backup_in_place_and_keeps_the_store_it_replaced() {
    let env = Env::new();
    env.ok(&["player", "add", "Anna", "--email", ANNA]);
    let backup = env.path("before-boris.db");
    env.ok(&["backup", &backup.display().to_string()]);
    env.ok(&["player", "add", "Boris", "--email", "boris@example.org"]);

    let said = env.ok(&["restore", &backup.display().to_string()]);
    let aside = env.path("ccgate.db.replaced-20250303T090000Z");
    assert!(
        said.contains(&format!(
            "restored {} (schema {SCHEMA_VERSION}) into {}",
            backup.display(),
            env.db.display()
        )) && said.contains(&format!("kept as {}", aside.display())),
        "{said}"
    );
    let now = players(&env, &env.db);
    assert!(now.contains("Anna") && !now.contains("Boris"), "{now}");
    let replaced = players(&env, &aside);
    assert!(replaced.contains("Boris"), "{replaced}");
    assert!(backup.is_file(), "the backup itself is kept");
}

#[test]
fn what_is_not_a_whole_ccgate_backup_is_refused_and_nothing_changes() {
    let env = Env::new();
    env.ok(&["player", "add", "Anna", "--email", ANNA]);
    let text = env.path("notes.txt");
    std::fs::write(&text, "not a database, only words long enough for a header").unwrap();
    let foreign = env.path("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); PRAGMA user_version = 3;")
        .unwrap();
    let newer = env.path("newer.db");
    env.ok(&["backup", &newer.display().to_string()]);
    rusqlite::Connection::open(&newer)
        .unwrap()
        .execute_batch("PRAGMA user_version = 999;")
        .unwrap();
    let missing = env.path("missing.db");
    for (file, why) in [
        (&text, "not a ccgate backup"),
        (&foreign, "not a ccgate backup (no ccgate schema in it)"),
        (&newer, "newer than this ccgate understands"),
        (&missing, "no such file"),
    ] {
        let r = env.run(&["restore", &file.display().to_string()]);
        assert_ne!(r.code, 0, "{file:?}: {r:?}");
        assert!(
            r.err.contains(why) && r.err.contains(&file.display().to_string()),
            "{file:?}: {r:?}"
        );
        let left: Vec<_> = std::fs::read_dir(env.dir.path())
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("replaced") || n.contains("restoring"))
            .collect();
        assert!(left.is_empty(), "{file:?} left {left:?}");
        assert!(players(&env, &env.db).contains("Anna"));
    }
    // A backup over an existing file is refused too.
    let r = env.run(&["backup", &text.display().to_string()]);
    assert_ne!(r.code, 0, "{r:?}");
    assert!(r.err.contains("exists"), "{r:?}");
    assert!(
        std::fs::read_to_string(&text)
            .unwrap()
            .starts_with("not a database")
    );
}

#[test]
fn restore_is_refused_while_serve_holds_the_store() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    let add = ccgate_on(&db)
        .args(["player", "add", "Anna", "--email", ANNA])
        .output()
        .unwrap();
    assert!(add.status.success(), "{add:?}");
    let backup = gw.path("b.db");
    let made = ccgate_on(&db).arg("backup").arg(&backup).output().unwrap();
    assert!(made.status.success(), "{made:?}");
    gw.start();
    let out = ccgate_on(&db).arg("restore").arg(&backup).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{out:?}");
    assert!(err.contains("in use by another ccgate serve"), "{err}");
    assert!(gw.stop().success(), "{}", gw.log());
    let out = ccgate_on(&db).arg("restore").arg(&backup).output().unwrap();
    assert!(out.status.success(), "{out:?}");
}

fn dated(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The timer's command: a dated backup a day, the newest kept.
#[test]
fn dated_backups_into_a_directory_keep_the_newest() {
    let mut env = Env::new();
    env.ok(&["player", "add", "Anna", "--email", ANNA]);
    let dir = env.path("backups");
    let r = env.run(&[
        "backup",
        "--into",
        &dir.display().to_string(),
        "--keep",
        "3",
    ]);
    assert_eq!(r.code, 5, "a missing directory is not made: {r:?}");
    assert!(!dir.exists());
    std::fs::create_dir(&dir).unwrap();
    // Not dated backups: never counted nor removed.
    let before = format!(
        "ccgate-schema-{}-before-{SCHEMA_VERSION}-20240101T000000Z.db",
        SCHEMA_VERSION - 1
    );
    std::fs::write(dir.join(&before), "x").unwrap();
    std::fs::write(dir.join("notes.txt"), "x").unwrap();
    for day in 1..=5 {
        env.now = format!("2025-03-0{day}T03:00:00Z");
        env.ok(&[
            "backup",
            "--into",
            &dir.display().to_string(),
            "--keep",
            "3",
        ]);
    }
    assert_eq!(
        dated(&dir),
        [
            "ccgate-20250303T030000Z.db",
            "ccgate-20250304T030000Z.db",
            "ccgate-20250305T030000Z.db",
            before.as_str(),
            "notes.txt",
        ]
    );
    let newest = dir.join("ccgate-20250305T030000Z.db");
    assert!(players(&env, &newest).contains("Anna"));
}

/// `serve` keeps a copy of an older store before it migrates it; the copy
/// is the old schema, and restoring it (the rollback) brings it back.
#[test]
fn serve_backs_up_an_older_store_before_migrating_it() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    let add = ccgate_on(&db)
        .args(["player", "add", "Anna", "--email", ANNA])
        .output()
        .unwrap();
    assert!(add.status.success(), "{add:?}");
    // The store as the build before wrote it: without the last
    // migration's tables (players signed in on the web).
    assert_eq!(
        SCHEMA_VERSION, 23,
        "downgrade below for the newest migration"
    );
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch(
            "DROP TABLE player_sessions; DROP TABLE web_codes; PRAGMA user_version = 22;",
        )
        .unwrap();
    gw.start();
    let backups = gw.path("backups");
    let mut found: Vec<PathBuf> = Vec::new();
    wait_until(
        "the backup before migrating",
        Duration::from_secs(60),
        || {
            found = std::fs::read_dir(&backups)
                .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
                .unwrap_or_default();
            !found.is_empty()
        },
    );
    assert_eq!(found.len(), 1, "{found:?}");
    let copy = &found[0];
    let name = copy.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("ccgate-schema-22-before-23-"), "{name}");
    assert_eq!(version(copy), 22);
    assert_eq!(version(&db), SCHEMA_VERSION);
    assert!(gw.stop().success(), "{}", gw.log());

    // Restarted on the migrated store: no second backup.
    gw.start();
    assert!(gw.stop().success(), "{}", gw.log());
    assert_eq!(std::fs::read_dir(&backups).unwrap().count(), 1);

    let out = ccgate_on(&db).arg("restore").arg(copy).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(
        said.contains("(schema 22)") && said.contains("migrated it to schema 23"),
        "{said}"
    );
}
