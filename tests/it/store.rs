//! The store's file format: WAL with full sync, versioned migrations, an
//! older file upgraded in place, a newer one refused.

use ccgate::game::clock::TimeControl;
use ccgate::notation::{Lang, Notation};
use ccgate::store::{Durability, GameId, NewPlayer, PlayerId, SCHEMA_VERSION, Store, StoreError};
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
    let store = Store::create(&path).expect("open");
    let mode: String = Connection::open(&path)
        .expect("open")
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .expect("mode");
    assert_eq!(mode, "wal");
    assert_eq!(
        store.durability().expect("sync"),
        Durability::Full,
        "synchronous=FULL"
    );
    drop(store);
    assert_eq!(version(&path), SCHEMA_VERSION);
}

#[test]
fn an_older_store_is_upgraded_and_keeps_its_data() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.db");
    {
        let mut store = Store::create(&path).expect("open");
        let tx = store.write().expect("tx");
        tx.add_player(&anna(), jiff::Timestamp::UNIX_EPOCH)
            .expect("player");
        tx.commit().expect("commit");
    }
    // Turn the file back into a version-1 store.
    {
        let conn = Connection::open(&path).expect("open");
        conn.execute_batch("DROP TABLE xfcc_passwords; DROP TABLE director_logins; DROP TABLE director_sessions; DROP TABLE directors; ALTER TABLE audit DROP COLUMN by_director; DROP TABLE web_secret; DROP TABLE sweep_clock; DROP INDEX outbox_recipient; DROP TABLE pin_locks; DROP TABLE event_games; DROP TABLE event_players; DROP TABLE events; DROP TABLE held; DROP TABLE radio_queue; DROP TABLE radio_links; DROP TABLE sms_sent; DROP TABLE sms_parts; DROP TABLE penalties; ALTER TABLE games DROP COLUMN penalty_days; ALTER TABLE games DROP COLUMN duplication_after; ALTER TABLE outbox DROP COLUMN sheet; ALTER TABLE incidents DROP COLUMN ruling; ALTER TABLE incidents DROP COLUMN ruled_at; ALTER TABLE incidents DROP COLUMN told; ALTER TABLE audit DROP COLUMN player_id; ALTER TABLE players DROP COLUMN removed_at; ALTER TABLE players DROP COLUMN confirm_sms; PRAGMA user_version = 1;")
            .expect("downgrade");
    }
    assert_eq!(version(&path), 1);
    let store = Store::create(&path).expect("upgrade");
    assert_eq!(
        store
            .player_by_name("Anna")
            .expect("read")
            .expect("kept")
            .lang,
        Lang::De
    );
    let conn = Connection::open(&path).expect("open");
    for table in [
        "penalties",
        "sms_parts",
        "radio_links",
        "held",
        "events",
        "event_games",
        "directors",
        "director_sessions",
    ] {
        let rows: i64 = conn
            .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
            .expect("table");
        assert_eq!(rows, 0, "{table}");
    }
    drop(store);
    assert_eq!(version(&path), SCHEMA_VERSION);
}

#[test]
fn a_newer_store_is_refused_with_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.db");
    drop(Store::create(&path).expect("open"));
    Connection::open(&path)
        .expect("open")
        .execute_batch("PRAGMA user_version = 99;")
        .expect("bump");
    match Store::create(&path) {
        Err(
            e @ StoreError::TooNew {
                found: 99,
                supported: SCHEMA_VERSION,
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
    let path = dir.path().join("s.db");
    let mut store = Store::create(&path).expect("open");
    let (a, b) = two_players(&mut store);
    // Jump to just below the first ICCF-shaped number.
    Connection::open(&path)
        .expect("open")
        .execute(
            "INSERT INTO games (id, white, black, time_control, created_at) VALUES (1110, ?1, ?2, '-', 0)",
            [a.0, b.0],
        )
        .expect("seed");
    let tx = store.write().expect("tx");
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(
            tx.create_game(
                a,
                b,
                None,
                &TimeControl::Unlimited,
                jiff::Timestamp::UNIX_EPOCH,
            )
            .expect("game"),
        );
    }
    tx.commit().expect("commit");
    // 1111..1118 and so on are ICCF moves (a1-a1 shapes are still shapes): skipped.
    assert!(
        ids.iter()
            .all(|id| !ccgate::protocol::is_iccf_shaped(id.0.unsigned_abs())),
        "{ids:?}"
    );
    assert_eq!(ids[0], GameId(1119));
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
                    Store::create(&path).map(|_| ()).map_err(|e| e.to_string())
                })
            })
            .collect();
        for t in opened {
            t.join()
                .expect("thread")
                .expect("open during another's migration");
        }
        assert_eq!(version(&path), SCHEMA_VERSION);
    }
}

/// Anna and Boris, committed.
fn two_players(store: &mut Store) -> (PlayerId, PlayerId) {
    let tx = store.write().expect("tx");
    let a = tx
        .add_player(&anna(), jiff::Timestamp::UNIX_EPOCH)
        .expect("a");
    let mut b = anna();
    b.name = "Boris".into();
    b.addresses = vec![(
        ccgate::protocol::address::Channel::Email,
        "boris@example.org".into(),
    )];
    let b = tx.add_player(&b, jiff::Timestamp::UNIX_EPOCH).expect("b");
    tx.commit().expect("commit");
    (a, b)
}

#[test]
fn a_stored_leave_that_does_not_read_is_an_error_not_a_skipped_leave() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.db");
    let mut store = Store::create(&path).expect("open");
    let (a, b) = two_players(&mut store);
    let tx = store.write().expect("tx");
    tx.create_game(
        a,
        b,
        None,
        &"3d".parse().expect("tc"),
        jiff::Timestamp::UNIX_EPOCH,
    )
    .expect("game");
    tx.commit().expect("commit");
    Connection::open(&path)
        .expect("open")
        .execute(
            "INSERT INTO leaves (player_id, from_date, until_date) VALUES (?1, '2025-13-01', NULL)",
            [a.0],
        )
        .expect("a damaged leave");
    match store.leaves(a) {
        Err(StoreError::Unreadable(why)) => assert!(why.contains("2025-13-01"), "{why}"),
        other => panic!("the damaged leave was read: {other:?}"),
    }
    // The clock sweep would otherwise run Anna's clock through her leave.
    assert!(matches!(
        ccgate::service::sweep_clocks(&mut store, jiff::Timestamp::UNIX_EPOCH, None),
        Err(StoreError::Unreadable(_))
    ));
}

#[test]
fn an_open_ended_leave_written_by_an_older_version_still_reads() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.db");
    let mut store = Store::create(&path).expect("open");
    let (a, _) = two_players(&mut store);
    Connection::open(&path)
        .expect("open")
        .execute(
            "INSERT INTO leaves (player_id, from_date, until_date) VALUES (?1, '2025-03-04', '')",
            [a.0],
        )
        .expect("an old leave");
    let leaves = store.leaves(a).expect("leaves");
    assert_eq!(leaves.len(), 1);
    assert_eq!(leaves[0].leave.until, None);
}

#[test]
fn a_game_row_that_does_not_read_is_an_error_naming_the_value() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.db");
    let mut store = Store::create(&path).expect("open");
    let (a, b) = two_players(&mut store);
    let conn = Connection::open(&path).expect("open");
    conn.execute(
        "INSERT INTO games (id, white, black, time_control, created_at) VALUES (3, ?1, ?2, 'soon', 0)",
        [a.0, b.0],
    )
    .expect("a damaged game");
    conn.execute(
        "INSERT INTO games (id, white, black, time_control, created_at, penalty_days) VALUES (4, ?1, ?2, '-', 0, -1)",
        [a.0, b.0],
    )
    .expect("a damaged policy");
    match store.game(GameId(3)) {
        Err(StoreError::Unreadable(why)) => assert!(why.contains("soon"), "{why}"),
        other => panic!("the damaged game was read: {other:?}"),
    }
    assert!(matches!(
        store.game(GameId(4)),
        Err(StoreError::Unreadable(_))
    ));
}
