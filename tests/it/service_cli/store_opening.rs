//! A store that cannot be opened, is missing, is read-only, or comes from
//! `$CCGATE_DB`: the exit codes and which commands create it.

use std::path::Path;

use assert_cmd::Command;

use crate::support::cli::{ANNA, Env};

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

/// A misspelled directory holds no second store: the command that would
/// create one fails with the directory and the hint, and makes nothing.
#[test]
fn no_command_creates_a_missing_directory() {
    let env = Env::new();
    let typo = env.path("typo").join("dir");
    let db = typo.join("x.db");
    for args in [
        &["player", "add", "X", "--email", "x@example.org"][..],
        &["director", "add", "d"],
        &["event", "new", "E", "--players", "A,B,C"],
    ] {
        let out = Command::cargo_bin("ccgate")
            .expect("binary")
            .env_remove("CCGATE_DB")
            .arg("--db")
            .arg(&db)
            .args(args)
            .write_stdin("secret-password\nsecret-password\n")
            .output()
            .expect("run");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(4), "{args:?}: {out:?}");
        assert!(
            err.contains(&format!("{}: no such directory", typo.display()))
                && err.contains("ccgate init"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}: {out:?}");
        assert!(!env.path("typo").exists(), "{args:?} made a directory");
    }
}

/// A new store is said on standard error, once; a command on an existing
/// one says nothing of it.
#[test]
fn a_new_store_is_announced() {
    let env = Env::new();
    let first = env.run(&["player", "add", "Anna", "--email", ANNA]);
    assert_eq!(first.code, 0, "{first:?}");
    assert!(
        first
            .err
            .contains(&format!("created a new store at {}", env.db.display())),
        "{first:?}"
    );
    let second = env.run(&["player", "add", "Boris", "--email", "boris@example.org"]);
    assert_eq!(second.code, 0, "{second:?}");
    assert!(!second.err.contains("created a new store"), "{second:?}");
}

/// An admin command leaves the store whole in its main file: the file
/// copied alone, as people copy a stopped service's store, has it all.
#[test]
fn the_store_file_alone_has_what_an_admin_command_wrote() {
    let env = Env::new();
    env.ok(&["player", "add", "Anna", "--email", ANNA]);
    env.ok(&["player", "add", "Boris", "--email", "boris@example.org"]);
    let copy = env.path("copy").join("ccgate.db");
    std::fs::create_dir(env.path("copy")).unwrap();
    std::fs::copy(&env.db, &copy).unwrap();
    let listed = Command::cargo_bin("ccgate")
        .unwrap()
        .env_remove("CCGATE_DB")
        .arg("--db")
        .arg(&copy)
        .args(["player", "list"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&listed.stdout);
    assert!(out.contains("Anna") && out.contains("Boris"), "{listed:?}");
}

/// `ccgate init` makes the data directory, the store and the Maildir the
/// configuration names, and keeps what exists when run again.
#[test]
fn init_makes_the_data_directory_the_store_and_the_maildir() {
    let env = Env::new();
    let data = env.path("var").join("lib").join("ccgate");
    let config = env.path("ccgate.toml");
    std::fs::write(
        &config,
        format!(
            "data_dir = {:?}\n[email]\nfrom = \"gw@example.test\"\n[email.maildir]\npath = \"inbox\"\n",
            data.display().to_string()
        ),
    )
    .unwrap();
    let init = || {
        Command::cargo_bin("ccgate")
            .unwrap()
            .env_remove("CCGATE_DB")
            .arg("--config")
            .arg(&config)
            .arg("init")
            .output()
            .unwrap()
    };
    let first = init();
    let out = String::from_utf8_lossy(&first.stdout);
    assert!(first.status.success(), "{first:?}");
    let db = data.join("ccgate.db");
    assert!(
        out.contains(&format!("created a new store at {}", db.display())),
        "{out}"
    );
    assert!(
        db.is_file() && data.join("inbox").join("new").is_dir(),
        "{out}"
    );
    let again = init();
    let out = String::from_utf8_lossy(&again.stdout);
    assert!(again.status.success(), "{again:?}");
    assert!(out.contains("exists, schema up to date"), "{out}");
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
