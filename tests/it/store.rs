//! The store's file format: WAL with full sync, versioned migrations, an
//! older file upgraded in place, a newer one refused.

use ccgate::notation::{Lang, Notation};
use ccgate::store::{self, NewPlayer, Store, StoreError};
use rusqlite::Connection;

fn anna() -> NewPlayer {
    NewPlayer {
        name: "Anna".into(),
        notation: Notation::Iccf,
        lang: Lang::De,
        reply_via: None,
        tz: "Europe/Berlin".into(),
        pin_hash: None,
        addresses: vec![(
            ccgate::protocol::address::Channel::Email,
            "anna@example.org".into(),
        )],
    }
}

fn version(path: &std::path::Path) -> i64 {
    Connection::open(path)
        .expect("open")
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("version")
}

#[test]
fn a_new_store_is_wal_with_full_sync_at_the_current_version() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.db");
    let store = Store::open(&path).expect("open");
    let mode: String = store
        .conn()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .expect("mode");
    let sync: i64 = store
        .conn()
        .query_row("PRAGMA synchronous", [], |r| r.get(0))
        .expect("sync");
    assert_eq!(mode, "wal");
    assert_eq!(sync, 2, "synchronous=FULL");
    drop(store);
    assert_eq!(version(&path), 4);
}

#[test]
fn an_older_store_is_upgraded_and_keeps_its_data() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.db");
    {
        let mut store = Store::open(&path).expect("open");
        let tx = store.write().expect("tx");
        store::add_player(&tx, &anna(), jiff::Timestamp::UNIX_EPOCH).expect("player");
        tx.commit().expect("commit");
    }
    // Turn the file back into a version-1 store.
    {
        let conn = Connection::open(&path).expect("open");
        conn.execute_batch("DROP TABLE radio_queue; DROP TABLE radio_links; DROP TABLE sms_sent; DROP TABLE sms_parts; DROP TABLE penalties; ALTER TABLE games DROP COLUMN penalty_days; PRAGMA user_version = 1;")
            .expect("downgrade");
    }
    assert_eq!(version(&path), 1);
    let store = Store::open(&path).expect("upgrade");
    assert_eq!(
        store::player_by_name(store.conn(), "Anna")
            .expect("read")
            .expect("kept")
            .lang,
        Lang::De
    );
    let penalties: i64 = store
        .conn()
        .query_row("SELECT count(*) FROM penalties", [], |r| r.get(0))
        .expect("table");
    assert_eq!(penalties, 0);
    let parts: i64 = store
        .conn()
        .query_row("SELECT count(*) FROM sms_parts", [], |r| r.get(0))
        .expect("table");
    assert_eq!(parts, 0);
    let links: i64 = store
        .conn()
        .query_row("SELECT count(*) FROM radio_links", [], |r| r.get(0))
        .expect("table");
    assert_eq!(links, 0);
    drop(store);
    assert_eq!(version(&path), 4);
}

#[test]
fn a_newer_store_is_refused_with_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.db");
    drop(Store::open(&path).expect("open"));
    Connection::open(&path)
        .expect("open")
        .execute_batch("PRAGMA user_version = 99;")
        .expect("bump");
    match Store::open(&path) {
        Err(
            e @ StoreError::TooNew {
                found: 99,
                supported: 4,
                ..
            },
        ) => {
            let message = e.to_string();
            assert!(
                message.contains("newer than this ccgate understands"),
                "{message}"
            );
        }
        Err(other) => panic!("wrong error: {other}"),
        Ok(_) => panic!("a newer store was opened"),
    }
    assert_eq!(version(&path), 99, "the file is left alone");
}

#[test]
fn game_ids_never_look_like_iccf_moves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut store = Store::open(&dir.path().join("s.db")).expect("open");
    let tx = store.write().expect("tx");
    let a = store::add_player(&tx, &anna(), jiff::Timestamp::UNIX_EPOCH).expect("a");
    let mut b = anna();
    b.name = "Boris".into();
    b.addresses = vec![(
        ccgate::protocol::address::Channel::Email,
        "boris@example.org".into(),
    )];
    let b = store::add_player(&tx, &b, jiff::Timestamp::UNIX_EPOCH).expect("b");
    // Jump to just below the first ICCF-shaped number.
    tx.execute("INSERT INTO games (id, white, black, time_control, created_at) VALUES (1110, ?1, ?2, '-', 0)", [a, b])
        .expect("seed");
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(
            store::create_game(&tx, a, b, None, "-", jiff::Timestamp::UNIX_EPOCH).expect("game"),
        );
    }
    tx.commit().expect("commit");
    // 1111..1118 and so on are ICCF moves (a1-a1 shapes are still shapes): skipped.
    assert!(
        ids.iter()
            .all(|&id| !ccgate::protocol::is_iccf_shaped(id as u64)),
        "{ids:?}"
    );
    assert_eq!(ids[0], 1119);
}

#[test]
fn a_new_store_opened_by_several_at_once_is_migrated_once() {
    // The daemon, `ingest-mail` and the command line may all start on a
    // fresh file at the same moment: none of them may fail.
    for round in 0..20 {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(format!("s{round}.db"));
        let opened: Vec<_> = (0..4)
            .map(|_| {
                let path = path.clone();
                std::thread::spawn(move || {
                    Store::open(&path).map(|_| ()).map_err(|e| e.to_string())
                })
            })
            .collect();
        for t in opened {
            t.join()
                .expect("thread")
                .expect("open during another's migration");
        }
        assert_eq!(version(&path), 4);
    }
}
