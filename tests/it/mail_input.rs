//! Inbound mail that must not be answered, or answered once (issue 12): mail
//! to our VERP return path, list robots, oversized mail. Each mail goes
//! through the real path, `receive` on a real store.

use std::path::{Path, PathBuf};

use ccgate::store::Store;
use ccgate::transport::email::receive::{Policy, receive};
use jiff::Timestamp;

use crate::support::gateway::{Seat, count, game_between, mail};

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/mail")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn policy() -> Policy {
    Policy {
        max_size: 10 * 1024 * 1024,
        require_pin: false,
        trusted_authserv_id: None,
        verp_local: "ccgate".into(),
    }
}

/// A store with Alice (White) and Bob at `@example.test` and a game.
fn world() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("ccgate.db");
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    (dir, db)
}

fn take(db: &Path, raw: &[u8], policy: &Policy) -> String {
    let mut store = Store::open(db).expect("store");
    receive(&mut store, raw, policy, Timestamp::now())
        .expect("receive")
        .outcome
}

fn replies(db: &Path) -> i64 {
    count(db, "SELECT count(*) FROM outbox")
}

/// Debian's `vacation` answers the envelope sender, our VERP address, with
/// the user's message and no Auto-Submitted or Precedence header: journaled,
/// never answered (it was answered, and the two robots looped).
#[test]
fn mail_to_the_verp_return_path_is_journaled_never_answered() {
    let (_dir, db) = world();
    let outcome = take(&db, &fixture("vacation_to_verp.eml"), &policy());
    assert!(outcome.contains("return path of reply 42"), "{outcome}");
    // The same robot writing in To, with a move-like line, any case.
    let raw = String::from_utf8(mail("bob@example.test", "v2@x", "Re: away", "1... e5"))
        .expect("utf-8")
        .replace("To: gw@example.test", "To: <CCGATE+o7@example.test>");
    let outcome = take(&db, raw.as_bytes(), &policy());
    assert!(outcome.contains("return path of reply 7"), "{outcome}");
    assert_eq!(replies(&db), 0);
    assert_eq!(count(&db, "SELECT count(*) FROM journal"), 2);
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 0);
    // Bob's own mail to the plain address is still read.
    take(
        &db,
        &mail("bob@example.test", "v3@example.test", "", "help"),
        &policy(),
    );
    assert_eq!(replies(&db), 1);
}

/// List managers' mail, by header or by sender, is never answered.
#[test]
fn list_robots_are_never_answered() {
    let (_dir, db) = world();
    let robots = [
        (
            "chess-request@lists.example.test",
            "X-Mailman-Version: 2.1.39\r\n",
        ),
        ("chess-owner@lists.example.test", ""),
        ("owner-chess@lists.example.test", ""),
        (
            "alice@example.test",
            "List-Post: <mailto:chess@lists.example.test>\r\n",
        ),
    ];
    for (i, (from, extra)) in robots.iter().enumerate() {
        let raw = String::from_utf8(mail(from, &format!("l{i}@lists.example.test"), "", "help"))
            .expect("utf-8")
            .replacen("MIME-Version", &format!("{extra}MIME-Version"), 1);
        let outcome = take(&db, raw.as_bytes(), &policy());
        assert!(outcome.contains("automated"), "{from}: {outcome}");
    }
    let raw = String::from_utf8(mail("alice@example.test", "l9@x", "", "help"))
        .expect("utf-8")
        .replacen(
            "MIME-Version",
            "Return-Path: <chess-bounces+alice=example.test@lists.example.test>\r\nMIME-Version",
            1,
        );
    let outcome = take(&db, raw.as_bytes(), &policy());
    assert!(outcome.contains("list robot"), "{outcome}");
    assert_eq!(replies(&db), 0);
}
