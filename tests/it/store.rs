//! The store: SQLite's file format (WAL with full sync, versioned
//! migrations, an older file upgraded in place, a newer one refused), and
//! the behaviour both backends share, each test run on SQLite and on
//! PostgreSQL.

use ccgate::game::clock::TimeControl;
use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use ccgate::store::{
    Durability, GameId, Journaled, MoveRow, NewPlayer, NewReply, PlayerId, Retry, SCHEMA_VERSION,
    Store, StoreError,
};
use rusqlite::Connection;

use crate::support::backend::{Backend, TestDb};

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
        conn.execute_batch("DROP TABLE player_sessions; DROP TABLE web_codes; ALTER TABLE outbox DROP COLUMN subject; ALTER TABLE addresses DROP COLUMN spelling; CREATE INDEX journal_pending ON journal(id) WHERE outcome IS NULL; CREATE INDEX outbox_journal ON outbox(journal_id); DROP INDEX leaves_player; DROP INDEX outbox_bounded; CREATE INDEX outbox_recipient ON outbox(channel, recipient, created_at); DROP INDEX outbox_copies; ALTER TABLE outbox DROP COLUMN copy_of; CREATE INDEX outbox_pending ON outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL; DROP INDEX outbox_due; DROP TABLE xfcc_outbound; DROP TABLE xfcc_plies; DROP TABLE xfcc_games; DROP TABLE xfcc_passwords; DROP TABLE director_logins; DROP TABLE director_sessions; DROP TABLE directors; ALTER TABLE audit DROP COLUMN by_director; DROP TABLE web_secret; DROP TABLE sweep_clock; DROP INDEX outbox_recipient; DROP TABLE pin_locks; DROP TABLE event_games; DROP TABLE event_players; DROP TABLE events; DROP TABLE held; DROP TABLE radio_queue; DROP TABLE radio_links; DROP TABLE sms_sent; DROP TABLE sms_parts; DROP TABLE penalties; ALTER TABLE games DROP COLUMN penalty_days; ALTER TABLE games DROP COLUMN duplication_after; ALTER TABLE outbox DROP COLUMN sheet; ALTER TABLE incidents DROP COLUMN ruling; ALTER TABLE incidents DROP COLUMN ruled_at; ALTER TABLE incidents DROP COLUMN told; ALTER TABLE audit DROP COLUMN player_id; ALTER TABLE players DROP COLUMN removed_at; ALTER TABLE players DROP COLUMN confirm_sms; PRAGMA user_version = 1;")
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

/// A version-20 store, whose journal was unique per channel and transport
/// id alone and whose addresses had no spelling: upgraded with its rows
/// and their ids, a message journaled before is still a duplicate from its
/// sender, the same id from another sender is new, and the player is found.
#[test]
fn a_version_20_journal_is_keyed_by_sender_after_the_upgrade() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.db");
    let at = jiff::Timestamp::UNIX_EPOCH;
    let first = {
        let mut store = Store::create(&path).expect("open");
        let tx = store.write().expect("tx");
        tx.add_player(&anna(), at).expect("player");
        let Journaled::New(id) = tx
            .journal(Channel::Email, "<m1@x>", "anna@example.org", b"1. e4", at)
            .expect("journal")
        else {
            panic!("new store, seen message");
        };
        tx.set_outcome(id, "done", at).expect("outcome");
        tx.commit().expect("commit");
        id
    };
    {
        let conn = Connection::open(&path).expect("open");
        conn.execute_batch(
            "DROP TABLE player_sessions; DROP TABLE web_codes;
             CREATE TABLE old_journal (id INTEGER PRIMARY KEY, channel TEXT NOT NULL, transport_id TEXT NOT NULL, sender TEXT NOT NULL, raw BLOB NOT NULL, received_at INTEGER NOT NULL, outcome TEXT, processed_at INTEGER, UNIQUE (channel, transport_id));
             INSERT INTO old_journal SELECT * FROM journal; DROP TABLE journal; ALTER TABLE old_journal RENAME TO journal;
             ALTER TABLE addresses DROP COLUMN spelling; ALTER TABLE outbox DROP COLUMN subject; PRAGMA user_version = 20;",
        )
        .expect("downgrade");
    }
    let mut store = Store::create(&path).expect("upgrade");
    assert_eq!(version(&path), SCHEMA_VERSION);
    let tx = store.write().expect("tx");
    match tx
        .journal(Channel::Email, "<m1@x>", "anna@example.org", b"1. e4", at)
        .expect("journal")
    {
        Journaled::Seen(entry) => {
            assert_eq!((entry.id, entry.outcome.as_deref()), (first, Some("done")))
        }
        other => panic!("delivered again, it was new: {other:?}"),
    }
    assert!(matches!(
        tx.journal(Channel::Email, "<m1@x>", "bert@example.org", b"1... e5", at)
            .expect("journal"),
        Journaled::New(_)
    ));
    tx.commit().expect("commit");
    let anna = store
        .player_by_address(Channel::Email, "ANNA@example.org")
        .expect("read")
        .expect("found in any case");
    assert_eq!(
        anna.addresses,
        [(Channel::Email, "anna@example.org".to_string())]
    );
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

/// A newer store in another journal mode (a newer ccgate's, or a copy
/// made with `sqlite3 .backup`) is refused byte for byte as it was: the
/// version is read before the switch to WAL rewrites the header.
#[test]
fn a_newer_store_is_refused_before_anything_of_it_changes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.db");
    Connection::open(&path)
        .expect("open")
        .execute_batch(
            "PRAGMA journal_mode = DELETE; CREATE TABLE t (x); PRAGMA user_version = 99;",
        )
        .expect("a newer store");
    let before = std::fs::read(&path).expect("read");
    assert!(matches!(
        Store::open(&path),
        Err(StoreError::TooNew { found: 99, .. })
    ));
    assert_eq!(std::fs::read(&path).expect("read"), before);
    assert!(!dir.path().join("s.db-wal").exists());
}

crate::both_backends! {
    fn game_ids_never_look_like_iccf_moves(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
        let (a, b) = two_players(&mut store);
        // Jump to just below the first ICCF-shaped number.
        db.raw(&format!(
            "INSERT INTO games (id, white, black, time_control, created_at) VALUES (1110, {a}, {b}, '-', 0)"
        ));
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

    fn a_new_store_opened_by_several_at_once_is_migrated_once(backend) {
        // The daemon, `ingest-mail` and the command line (or several sites)
        // may all start on a fresh store at the same moment: none may fail.
        let db = TestDb::new(backend);
        for round in 0..10 {
            let at = db.fresh(&format!("s{round}"));
            let opened: Vec<_> = (0..4)
                .map(|_| {
                    let at = at.clone();
                    std::thread::spawn(move || {
                        Store::create_at(&at).map(|_| ()).map_err(|e| e.to_string())
                    })
                })
                .collect();
            for t in opened {
                t.join()
                    .expect("thread")
                    .expect("open during another's migration");
            }
        }
    }

    fn a_newer_store_is_refused_on_either_backend(backend) {
        let db = TestDb::new(backend);
        drop(db.store());
        db.raw(match backend {
            Backend::Sqlite => "PRAGMA user_version = 99;",
            Backend::Postgres => "UPDATE schema_version SET version = 99;",
        });
        match Store::create_at(&db.location) {
            Err(StoreError::TooNew {
                found: 99,
                supported: SCHEMA_VERSION,
                ..
            }) => {}
            Err(other) => panic!("wrong error: {other}"),
            Ok(_) => panic!("a newer store was opened"),
        }
    }

    fn a_message_journaled_by_two_sites_is_new_to_one_only(backend) {
        // Two handles are two sites (or two processes) fetching one mail.
        let db = TestDb::new(backend);
        let (mut one, mut two) = (db.store(), db.store());
        let journal = |store: &mut Store| {
            let tx = store.write().expect("tx");
            let j = tx
                .journal(Channel::Email, "<m1@example.org>", "anna@example.org", b"1. e4", jiff::Timestamp::UNIX_EPOCH)
                .expect("journal");
            tx.commit().expect("commit");
            j
        };
        let first = journal(&mut one);
        let second = journal(&mut two);
        let Journaled::New(id) = first else {
            panic!("the first delivery was seen before: {first:?}");
        };
        match second {
            Journaled::Seen(entry) => {
                assert_eq!(entry.id, id);
                assert_eq!(entry.raw, b"1. e4");
                assert_eq!(entry.channel, Channel::Email);
            }
            other => panic!("the second delivery was new: {other:?}"),
        }
        assert_eq!(one.pending().expect("pending").len(), 1);
    }

    fn a_transport_id_is_the_same_message_only_from_the_same_sender(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
        let tx = store.write().expect("tx");
        let at = jiff::Timestamp::UNIX_EPOCH;
        let journal = |sender: &str| {
            tx.journal(Channel::Email, "<same@id>", sender, b"1. e4", at)
                .expect("journal")
        };
        let Journaled::New(anna) = journal("anna@example.org") else {
            panic!("the first message was seen before");
        };
        let Journaled::New(bert) = journal("bert@example.org") else {
            panic!("another sender's message under the same id was a duplicate");
        };
        assert_ne!(anna, bert);
        assert!(matches!(journal("bert@example.org"), Journaled::Seen(e) if e.id == bert));
        tx.commit().expect("commit");
    }

    fn an_address_is_found_in_any_case_and_kept_as_registered(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
        let tx = store.write().expect("tx");
        let mut nomail = anna();
        nomail.addresses = vec![(Channel::Email, "N0MAIL@winlink.org".into())];
        tx.add_player(&nomail, jiff::Timestamp::UNIX_EPOCH).expect("player");
        tx.commit().expect("commit");
        let found = store
            .player_by_address(Channel::Email, "n0mail@WINLINK.org")
            .expect("read")
            .expect("found in any case");
        assert_eq!(found.addresses, [(Channel::Email, "N0MAIL@winlink.org".to_string())]);
    }

    fn a_write_not_committed_leaves_the_store_as_it_was(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
        {
            let tx = store.write().expect("tx");
            tx.add_player(&anna(), jiff::Timestamp::UNIX_EPOCH).expect("player");
        }
        assert_eq!(store.player_by_name("Anna").expect("read"), None);
        // And the store takes the next write.
        two_players(&mut store);
        let anna = store.player_by_name("Anna").expect("read").expect("committed");
        assert_eq!(anna.addresses, vec![(Channel::Email, "anna@example.org".to_string())]);
        assert_eq!(anna.lang, Lang::De);
    }

    fn a_player_read_twice_in_a_write_is_as_the_write_last_left_them(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
        let (anna, boris) = two_players(&mut store);
        let tx = store.write().expect("tx");
        assert_eq!(tx.player(anna).expect("read").expect("anna").lang, Lang::De);
        // Each kind of write is seen by the next read in the same transaction.
        tx.set_lang(anna, Lang::Fr).expect("lang");
        assert_eq!(tx.player(anna).expect("read").expect("anna").lang, Lang::Fr);
        tx.set_notation(anna, Notation::San).expect("notation");
        assert_eq!(tx.player(anna).expect("read").expect("anna").notation, Notation::San);
        tx.set_addresses(anna, Channel::Email, &["anna@example.net".to_string()])
            .expect("addresses");
        let by_address = tx
            .player_by_address(Channel::Email, "anna@example.net")
            .expect("read")
            .expect("the new address");
        assert_eq!(by_address.id, anna);
        assert_eq!(tx.player_by_address(Channel::Email, "anna@example.org").expect("read"), None);
        // A message undone alone: the player reads as before it.
        let before = tx.player(boris).expect("read").expect("boris");
        let sp = tx.savepoint().expect("savepoint");
        tx.set_lang(boris, Lang::Ru).expect("lang");
        assert_eq!(tx.player(boris).expect("read").expect("boris").lang, Lang::Ru);
        sp.rollback().expect("rollback");
        assert_eq!(tx.player(boris).expect("read"), Some(before));
        // A removed player is gone for the rest of the transaction too.
        assert!(tx.remove_player(boris, jiff::Timestamp::UNIX_EPOCH).expect("remove"));
        let gone = tx.player(boris).expect("read");
        assert!(gone.as_ref().is_none_or(|p| p.removed_at.is_some()), "{gone:?}");
        tx.commit().expect("commit");
        let anna = store.player(anna).expect("read").expect("anna");
        assert_eq!((anna.lang, anna.notation), (Lang::Fr, Notation::San));
    }

    fn the_outbox_round_trip_is_the_same_on_both(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
        let (a, b) = two_players(&mut store);
        let t0 = jiff::Timestamp::UNIX_EPOCH;
        let tx = store.write().expect("tx");
        let game = tx.create_game(a, b, None, &TimeControl::Unlimited, t0).expect("game");
        let queued = tx
            .queue(
                NewReply {
                    journal_id: None,
                    game_id: Some(game),
                    player_id: Some(b),
                    ply: None,
                    channel: Channel::Email,
                    to: "boris@example.org".into(),
                    body: "Your move".into(),
                    sheet: None,
                    copy_of: None,
                    subject: None,
                },
                t0,
            )
            .expect("queue");
        tx.commit().expect("commit");
        assert_eq!(store.due(Channel::Email, t0, 10).expect("due"), vec![queued.clone()]);
        assert_eq!(store.depth().expect("depth"), vec![(Channel::Email, 1)]);
        let tx = store.write().expect("tx");
        tx.mark_failed(queued.id, "421 try later", t0, Retry::default()).expect("failed");
        tx.commit().expect("commit");
        assert!(store.due(Channel::Email, t0, 10).expect("due").is_empty(), "backed off");
        let entry = store.outbox_entry(queued.id).expect("entry").expect("there");
        assert_eq!((entry.attempts, entry.last_error.as_deref()), (1, Some("421 try later")));
        let tx = store.write().expect("tx");
        tx.mark_sent(queued.id, t0).expect("sent");
        tx.commit().expect("commit");
        assert!(store.depth().expect("depth").is_empty());
        assert_eq!(store.penalty_days(game, a).expect("days"), 0);
    }

    fn two_sites_given_moves_of_one_game_at_once_apply_one_and_refuse_the_other(backend) {
        let db = TestDb::new(backend);
        let (mut one, mut two) = (db.store(), db.store());
        let (a, b) = two_players(&mut one);
        let t0 = jiff::Timestamp::UNIX_EPOCH;
        let tx = one.write().expect("tx");
        let game = tx.create_game(a, b, None, &TimeControl::Unlimited, t0).expect("game");
        tx.commit().expect("commit");
        let msg = |id: &str, text: &str| ccgate::service::Inbound {
            thread: Vec::new(),
            channel: Channel::Email,
            from: "anna@example.org".into(),
            transport_id: Some(id.into()),
            raw: text.as_bytes().to_vec(),
            text: text.into(),
            auth: ccgate::service::Auth::Unchecked,
            rules: Default::default(),
        };
        // Anna sends two first moves, each fetched by another site.
        let (e4, d4) = (msg("m1", &format!("{game} 1. e4")), msg("m2", &format!("{game} 1. d4")));
        let (x, y) = std::thread::scope(|s| {
            let x = s.spawn(|| ccgate::service::submit(&mut one, &e4, t0).expect("submit"));
            let y = s.spawn(|| ccgate::service::submit(&mut two, &d4, t0).expect("submit"));
            (x.join().expect("thread"), y.join().expect("thread"))
        });
        let applied = [&x, &y]
            .iter()
            .filter(|p| p.outcome.contains("applied"))
            .count();
        assert_eq!(applied, 1, "{} / {}", x.outcome, y.outcome);
        let moves = one.moves(game).expect("moves");
        assert_eq!(moves.len(), 1, "{moves:?}");
        assert_eq!(one.incidents(Some(game)).expect("incidents").len(), 1, "the other is refused");
    }

    fn two_sites_batching_moves_of_the_same_games_at_once_apply_each_once_in_order(backend) {
        // Issue 21's batches on two sites at once, as two inputs on one
        // mailbox: both get every message, one batch per ply with a move of
        // every game, site one's games in ascending order, site two's in
        // descending order (the order that deadlocks two sites locking game
        // rows one by one). Writers take turns (docs/decisions.md), so
        // neither waits on the other inside a batch: no deadlock, and each
        // message is new at exactly one site.
        let db = TestDb::new(backend);
        let (mut one, mut two) = (db.store(), db.store());
        let (a, b) = two_players(&mut one);
        let t0 = jiff::Timestamp::UNIX_EPOCH;
        let tx = one.write().expect("tx");
        let games: Vec<GameId> = (0..6)
            .map(|_| tx.create_game(a, b, None, &TimeControl::Unlimited, t0).expect("game"))
            .collect();
        tx.commit().expect("commit");
        // ICCF numeric, the players' notation.
        let line = ["5254", "5755", "7163", "2836", "6125", "1716", "2514", "7866"];
        let ucis = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"];
        let msg = |game: GameId, ply: usize| {
            let (from, dots) = if ply % 2 == 1 { ("anna", ".") } else { ("boris", "...") };
            let text = format!("{game} {}{dots} {}", ply.div_ceil(2), line[ply - 1]);
            ccgate::service::Inbound {
                thread: Vec::new(),
                channel: Channel::Email,
                from: format!("{from}@example.org"),
                transport_id: Some(format!("{game}-{ply}")),
                raw: text.as_bytes().to_vec(),
                text,
                auth: ccgate::service::Auth::Unchecked,
                rules: Default::default(),
            }
        };
        let site = |store: &mut Store, order: Vec<GameId>| -> Vec<bool> {
            let mut fresh = Vec::new();
            for ply in 1..=line.len() {
                let batch: Vec<_> = order.iter().map(|&g| msg(g, ply)).collect();
                let done = ccgate::service::batch(store, |b| {
                    batch.iter().map(|m| b.submit(m, t0)).collect::<Vec<_>>()
                })
                .expect("the batch committed");
                for (m, p) in batch.iter().zip(done) {
                    let p = p.unwrap_or_else(|e| panic!("{:?}: {e}", m.text));
                    assert!(p.duplicate || p.outcome.contains("applied"), "{:?}: {}", m.text, p.outcome);
                    fresh.push(!p.duplicate);
                }
            }
            fresh
        };
        let reversed: Vec<GameId> = games.iter().rev().copied().collect();
        let (x, y) = std::thread::scope(|s| {
            let x = s.spawn(|| site(&mut one, games.clone()));
            let y = s.spawn(|| site(&mut two, reversed));
            (x.join().expect("site one"), y.join().expect("site two"))
        });
        let new = x.iter().chain(&y).filter(|&&n| n).count();
        assert_eq!(new, games.len() * line.len(), "each message new at one site only");
        for game in &games {
            let moves = one.moves(*game).expect("moves");
            let got: Vec<&str> = moves.iter().map(|m| m.uci.as_str()).collect();
            assert_eq!(got, ucis, "game {game}: every move once, in order");
            let mut carriers: Vec<_> = moves.iter().map(|m| m.journal_id).collect();
            carriers.dedup();
            assert_eq!(carriers.len(), ucis.len(), "game {game}: one message per move");
        }
        assert!(one.incidents(None).expect("incidents").is_empty(), "nothing refused");
        assert!(one.pending().expect("pending").is_empty(), "every message has its outcome");
    }

    fn two_sites_sweeping_at_once_declare_a_forfeit_once(backend) {
        // Each sweep is one write transaction, and writers take turns: the
        // second site's sweep sees the first's forfeit.
        let db = TestDb::new(backend);
        let (mut one, mut two) = (db.store(), db.store());
        let (a, b) = two_players(&mut one);
        let t0 = jiff::Timestamp::UNIX_EPOCH;
        let tx = one.write().expect("tx");
        let game = tx.create_game(a, b, None, &"10d".parse().expect("tc"), t0).expect("game");
        tx.commit().expect("commit");
        let late = t0 + jiff::SignedDuration::from_hours(24 * 60);
        let (x, y) = std::thread::scope(|s| {
            let x = s.spawn(|| ccgate::service::sweep_clocks(&mut one, late, None).expect("sweep"));
            let y = s.spawn(|| ccgate::service::sweep_clocks(&mut two, late, None).expect("sweep"));
            (x.join().expect("thread"), y.join().expect("thread"))
        });
        let mut forfeits = x.forfeits.clone();
        forfeits.extend(y.forfeits.iter().copied());
        assert_eq!(forfeits, vec![game], "one forfeit between the two sites: {x:?} {y:?}");
        assert!(one.game(game).expect("read").expect("game").finished);
    }

    fn a_reply_found_due_by_two_sites_is_claimed_by_one_until_its_lease_ends(backend) {
        let db = TestDb::new(backend);
        let (mut one, mut two) = (db.store(), db.store());
        let (a, _) = two_players(&mut one);
        let t0 = jiff::Timestamp::UNIX_EPOCH;
        let tx = one.write().expect("tx");
        let reply = tx
            .queue(
                NewReply {
                    journal_id: None,
                    game_id: None,
                    player_id: Some(a),
                    ply: None,
                    channel: Channel::Email,
                    to: "anna@example.org".into(),
                    body: "Welcome".into(),
                    sheet: None,
                    copy_of: None,
                    subject: None,
                },
                t0,
            )
            .expect("queue");
        tx.commit().expect("commit");
        // Both sites' senders find it due before either claims it.
        assert_eq!(one.due(Channel::Email, t0, 10).expect("due").len(), 1);
        assert_eq!(two.due(Channel::Email, t0, 10).expect("due").len(), 1);
        let claim = |store: &mut Store, at| {
            let tx = store.write().expect("tx");
            let claimed = tx.hold_for_send(reply.id, at, Retry::default()).expect("hold");
            tx.commit().expect("commit");
            claimed
        };
        assert!(claim(&mut one, t0), "the first site claims it");
        assert!(!claim(&mut two, t0), "the second is refused while the lease holds");
        // The first site died without recording the send: once the lease
        // (the first retry's delay) is over, the second takes it over.
        let later = t0 + jiff::SignedDuration::from_secs(Retry::default().first_delay_secs);
        assert!(claim(&mut two, later), "taken over after the lease");
        let tx = two.write().expect("tx");
        tx.mark_sent(reply.id, later).expect("sent");
        tx.commit().expect("commit");
        let much_later = later + jiff::SignedDuration::from_hours(24);
        assert!(!claim(&mut one, much_later), "a sent reply is never claimed again");
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

crate::both_backends! {
    fn a_stored_leave_that_does_not_read_is_an_error_not_a_skipped_leave(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
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
        db.raw(&format!(
            "INSERT INTO leaves (player_id, from_date, until_date) VALUES ({a}, '2025-13-01', NULL)"
        ));
        match store.leaves(a) {
            Err(StoreError::Unreadable(why)) => assert!(why.contains("2025-13-01"), "{why}"),
            other => panic!("the damaged leave was read: {other:?}"),
        }
        // The clock sweep would otherwise run Anna's clock through her leave.
        assert!(matches!(
            ccgate::service::sweep_clocks(&mut store, jiff::Timestamp::UNIX_EPOCH, None),
            Err(ccgate::service::ServiceError::Store(StoreError::Unreadable(_)))
        ));
    }

    fn an_open_ended_leave_written_by_an_older_version_still_reads(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
        let (a, _) = two_players(&mut store);
        db.raw(&format!(
            "INSERT INTO leaves (player_id, from_date, until_date) VALUES ({a}, '2025-03-04', '')"
        ));
        let leaves = store.leaves(a).expect("leaves");
        assert_eq!(leaves.len(), 1);
        assert_eq!(leaves[0].leave.until, None);
    }

    fn a_player_read_before_is_read_again_once_changed_here_or_elsewhere(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
        let (a, _) = two_players(&mut store);
        let read = |store: &mut Store| {
            let tx = store.write().expect("tx");
            let p = tx.player(a).expect("read").expect("Anna");
            tx.commit().expect("commit");
            (p.lang, p.addresses)
        };
        assert_eq!(read(&mut store).0, Lang::De);
        // Another connection (the director's command in another process)
        // changes her language, then another program her address.
        let mut other = db.store();
        let tx = other.write().expect("tx");
        tx.set_lang(a, Lang::Fr).expect("lang");
        tx.commit().expect("commit");
        assert_eq!(read(&mut store).0, Lang::Fr);
        db.raw(&format!(
            "UPDATE addresses SET address = 'anna@example.net', spelling = 'anna@example.net' WHERE player_id = {a}"
        ));
        assert_eq!(
            read(&mut store).1,
            [(Channel::Email, "anna@example.net".to_string())]
        );
        // This connection changes it in a transaction that is given up: the
        // change is seen inside it, and forgotten after it.
        let tx = store.write().expect("tx");
        tx.set_lang(a, Lang::En).expect("lang");
        assert_eq!(tx.player(a).expect("read").expect("Anna").lang, Lang::En);
        drop(tx);
        assert_eq!(read(&mut store).0, Lang::Fr);
        // The same in a savepoint rolled back, then committed.
        let tx = store.write().expect("tx");
        let sp = tx.savepoint().expect("savepoint");
        tx.set_lang(a, Lang::En).expect("lang");
        assert_eq!(tx.player(a).expect("read").expect("Anna").lang, Lang::En);
        sp.rollback().expect("rollback");
        assert_eq!(tx.player(a).expect("read").expect("Anna").lang, Lang::Fr);
        tx.set_lang(a, Lang::En).expect("lang");
        tx.commit().expect("commit");
        assert_eq!(read(&mut store).0, Lang::En);
    }

    fn a_games_moves_kept_by_a_handle_are_what_the_file_holds_after_every_write(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
        let (a, b) = two_players(&mut store);
        // Times with a fraction of a second: the store keeps whole seconds.
        let t0 = jiff::Timestamp::from_millisecond(1_700_000_000_250).expect("t0");
        let at = |secs: i64| t0 + jiff::SignedDuration::from_millis(secs * 1000 + 500);
        let mv = |ply: u32, uci: &str| MoveRow {
            ply,
            uci: uci.into(),
            raw: uci.into(),
            notation: "uci".into(),
            received_at: at(i64::from(ply)),
            delivered_at: None,
            journal_id: None,
        };
        let tx = store.write().expect("tx");
        let game = tx.create_game(a, b, None, &TimeControl::Unlimited, t0).expect("game");
        tx.add_move(game, &mv(1, "e2e4")).expect("move");
        tx.commit().expect("commit");
        // What this handle's next transaction reads, against a new handle.
        let check = |store: &mut Store, plies: &[&str], why: &str| {
            let tx = store.write().expect("tx");
            let kept = tx.moves(game).expect("moves");
            tx.commit().expect("commit");
            let fresh = db.store().moves(game).expect("moves");
            assert_eq!(kept, fresh, "{why}");
            let ucis: Vec<&str> = fresh.iter().map(|m| m.uci.as_str()).collect();
            assert_eq!(ucis, plies, "{why}");
        };
        check(&mut store, &["e2e4"], "read once, kept");
        let tx = store.write().expect("tx");
        tx.add_move(game, &mv(2, "e7e5")).expect("move");
        let notice = tx
            .queue(
                NewReply {
                    journal_id: None,
                    game_id: Some(game),
                    player_id: Some(a),
                    ply: Some(2),
                    channel: Channel::Email,
                    to: "anna@example.org".into(),
                    body: "2... e5".into(),
                    sheet: None,
                    copy_of: None,
                    subject: None,
                },
                t0,
            )
            .expect("queue");
        tx.commit().expect("commit");
        check(&mut store, &["e2e4", "e7e5"], "a move added here");
        let tx = store.write().expect("tx");
        tx.mark_sent(notice.id, at(3)).expect("sent");
        tx.commit().expect("commit");
        check(&mut store, &["e2e4", "e7e5"], "a move delivered here");
        let tx = store.write().expect("tx");
        tx.give_up(notice.id, "bounced", at(4)).expect("bounce");
        tx.commit().expect("commit");
        check(&mut store, &["e2e4", "e7e5"], "a delivery undone by a bounce");
        // Another connection (a second site, or a command in another
        // process) adds a move.
        let mut other = db.store();
        let tx = other.write().expect("tx");
        tx.add_move(game, &mv(3, "g1f3")).expect("move");
        tx.commit().expect("commit");
        check(&mut store, &["e2e4", "e7e5", "g1f3"], "a move added elsewhere");
        // A move in a savepoint rolled back, then one in a transaction
        // given up: seen inside, forgotten after.
        let tx = store.write().expect("tx");
        let sp = tx.savepoint().expect("savepoint");
        tx.add_move(game, &mv(4, "b8c6")).expect("move");
        assert_eq!(tx.moves(game).expect("moves").len(), 4, "seen inside");
        sp.rollback().expect("rollback");
        assert_eq!(tx.moves(game).expect("moves").len(), 3, "undone");
        tx.commit().expect("commit");
        check(&mut store, &["e2e4", "e7e5", "g1f3"], "a savepoint rolled back");
        let tx = store.write().expect("tx");
        tx.add_move(game, &mv(4, "b8c6")).expect("move");
        drop(tx);
        check(&mut store, &["e2e4", "e7e5", "g1f3"], "a transaction given up");
        // The director's takeback, then another move in its place.
        let tx = store.write().expect("tx");
        tx.truncate_moves(game, 1).expect("takeback");
        tx.commit().expect("commit");
        check(&mut store, &["e2e4"], "moves taken back");
        let tx = store.write().expect("tx");
        tx.add_move(game, &mv(2, "c7c5")).expect("move");
        tx.commit().expect("commit");
        check(&mut store, &["e2e4", "c7c5"], "another move in their place");
    }

    fn a_game_row_that_does_not_read_is_an_error_naming_the_value(backend) {
        let db = TestDb::new(backend);
        let mut store = db.store();
        let (a, b) = two_players(&mut store);
        db.raw(&format!(
            "INSERT INTO games (id, white, black, time_control, created_at) VALUES (3, {a}, {b}, 'soon', 0);
             INSERT INTO games (id, white, black, time_control, created_at, penalty_days) VALUES (4, {a}, {b}, '-', 0, -1);"
        ));
        match store.game(GameId(3)) {
            Err(StoreError::Unreadable(why)) => assert!(why.contains("soon"), "{why}"),
            other => panic!("the damaged game was read: {other:?}"),
        }
        assert!(matches!(
            store.game(GameId(4)),
            Err(StoreError::Unreadable(_))
        ));
    }
}

#[test]
fn a_lost_postgres_connection_fails_each_call_and_comes_back_by_itself() {
    let db = TestDb::new(Backend::Postgres);
    let mut store = db.store();
    two_players(&mut store);
    let pg = db.pg.as_ref().expect("a cluster");
    pg.stop();
    // Nothing is acknowledged on a failed store: each call is an error.
    assert!(store.player_by_name("Anna").is_err());
    assert!(store.write().is_err());
    pg.start_again();
    crate::support::gateway::wait_until(
        "the store to reconnect",
        std::time::Duration::from_secs(60),
        || store.player_by_name("Anna").is_ok(),
    );
    assert!(
        store.player_by_name("Anna").expect("read").is_some(),
        "the data is still there"
    );
    let tx = store.write().expect("writes again");
    tx.set_lang(PlayerId(1), Lang::En).expect("write");
    tx.commit().expect("commit");
}

#[test]
fn a_callsign_is_claimed_by_one_site_of_a_postgres_store_at_a_time() {
    let db = TestDb::new(Backend::Postgres);
    let (one, two) = (db.store(), db.store());
    assert!(
        one.claim_callsign("DL1ABC").expect("claim"),
        "the first site"
    );
    assert!(
        !two.claim_callsign("DL1ABC").expect("claim"),
        "a second site is refused"
    );
    assert!(
        two.claim_callsign("DL2XYZ").expect("claim"),
        "another callsign is free"
    );
    // A site that stops (or dies: its connection closes) frees its line.
    drop(one);
    crate::support::gateway::wait_until(
        "the first site's claim to end",
        std::time::Duration::from_secs(30),
        || two.claim_callsign("DL1ABC").expect("claim"),
    );
}

#[test]
fn a_reply_queued_by_one_site_wakes_the_others() {
    let db = TestDb::new(Backend::Postgres);
    let mut wakes = Store::wakes(&db.location)
        .expect("listen")
        .expect("a PostgreSQL store has wakes");
    let mut store = db.store();
    let (a, _) = two_players(&mut store);
    let tx = store.write().expect("tx");
    tx.queue(
        NewReply {
            journal_id: None,
            game_id: None,
            player_id: Some(a),
            ply: None,
            channel: Channel::Sms,
            to: "+491711234567".into(),
            body: "Welcome".into(),
            sheet: None,
            copy_of: None,
            subject: None,
        },
        jiff::Timestamp::UNIX_EPOCH,
    )
    .expect("queue");
    tx.commit().expect("commit");
    crate::support::gateway::wait_until(
        "the other site to be woken",
        std::time::Duration::from_secs(30),
        || {
            wakes
                .wait(std::time::Duration::from_millis(200))
                .expect("wait")
        },
    );
    // A file has one daemon, which wakes itself.
    let file = TestDb::new(Backend::Sqlite);
    assert!(Store::wakes(&file.location).expect("wakes").is_none());
}
