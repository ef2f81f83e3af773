//! The crash test's oracle: the store of a run that never crashed, and the
//! checks that a crashed-and-restarted run lost no move, applied none twice,
//! gave every journaled message its outcome and queued each reply once.

use super::*;

pub(super) type Dump = BTreeMap<String, Vec<Vec<Value>>>;

pub(super) struct Reference {
    pub(super) plan: Plan,
    pub(super) dump: Dump,
}

/// The plan and the store of a run that never crashed, checked against the
/// oracle; computed once for both tests.
pub(super) fn reference() -> &'static Reference {
    static REFERENCE: OnceLock<Reference> = OnceLock::new();
    REFERENCE.get_or_init(|| {
        let mut rng = Rng::seeded(seed());
        let sources = source_games();
        // A scratch store: durability does not matter for the reference.
        let shm = Path::new("/dev/shm");
        let dir = if shm.is_dir() { tempfile::tempdir_in(shm) } else { tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")) }
            .expect("tempdir");
        let path = dir.path().join("reference.db");
        let (ids, players) = setup(&Location::File(path.clone()), sources.len());
        let games: Vec<(i64, Vec<String>)> = ids.into_iter().zip(sources).collect();
        let messages = plan_messages(games.clone(), &players, &mut rng);
        let plan = Plan { games, messages };
        let mut store = Store::create(&path).expect("open reference");
        for m in &plan.messages {
            service::submit(&mut store, &m.inbound(), now()).expect("submit");
        }
        drop(store);
        verify(&path, &plan);
        let dump = dump(&inspect(&path));
        let count = |f: fn(&Kind) -> bool| plan.messages.iter().filter(|m| f(&m.kind)).count();
        eprintln!(
            "crash test plan: {} messages in {} games: {} moves ({} ending a game), {} repeats, {} resent, {} illegal, {} out of turn",
            plan.messages.len(),
            plan.games.len(),
            count(|k| matches!(k, Kind::Move { .. })),
            count(|k| matches!(k, Kind::Move { ends: true, .. })),
            count(|k| matches!(k, Kind::Repeat { .. })),
            count(|k| matches!(k, Kind::Resend)),
            count(|k| matches!(k, Kind::Illegal)),
            count(|k| matches!(k, Kind::OutOfTurn)),
        );
        Reference { plan, dump }
    })
}

/// A connection for looking: no checkpoint when it closes, so a WAL left by
/// a killed process is still there for the next run.
pub(super) fn inspect(path: &Path) -> Connection {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .expect("open for inspection");
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)
        .expect("no checkpoint on close");
    conn.pragma_update(None, "query_only", true)
        .expect("query_only");
    conn
}

/// Every row of every table.
pub(super) fn dump(conn: &Connection) -> Dump {
    let mut tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .expect("tables");
    tables.sort();
    let mut out = Dump::new();
    for t in tables {
        let columns = conn
            .prepare(&format!("SELECT * FROM {t}"))
            .expect("select")
            .column_count();
        let order: Vec<String> = (1..=columns).map(|i| i.to_string()).collect();
        let mut stmt = conn
            .prepare(&format!("SELECT * FROM {t} ORDER BY {}", order.join(", ")))
            .expect("select");
        let rows = stmt
            .query_map([], |r| {
                (0..columns)
                    .map(|i| r.get::<_, Value>(i))
                    .collect::<rusqlite::Result<Vec<Value>>>()
            })
            .and_then(|rows| rows.collect())
            .expect("rows");
        out.insert(t, rows);
    }
    out
}

pub(super) fn same_as_reference(path: &Path, reference: &Dump) {
    let got = dump(&inspect(path));
    for (table, rows) in reference {
        let mine = got
            .get(table)
            .unwrap_or_else(|| panic!("table {table} missing"));
        if let Some(i) = (0..rows.len().max(mine.len())).find(|&i| rows.get(i) != mine.get(i)) {
            panic!(
                "table {table} differs from the run that never crashed ({} rows there, {} here); first difference at row {i}:\n  expected {:?}\n  found    {:?}",
                rows.len(),
                mine.len(),
                rows.get(i),
                mine.get(i)
            );
        }
    }
    assert_eq!(got.len(), reference.len(), "the same tables");
}

/// The oracle: every game holds exactly its moves, each carried by its own
/// message; every journaled message has its outcome; each journal entry has
/// exactly the replies and incidents its message calls for.
pub(super) fn verify(path: &Path, plan: &Plan) {
    let conn = inspect(path);
    let journal: HashMap<String, (i64, Option<String>)> = conn
        .prepare("SELECT transport_id, id, outcome FROM journal WHERE channel = 'email'")
        .and_then(|mut s| {
            s.query_map([], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))?
                .collect()
        })
        .expect("journal");
    let total: i64 = conn
        .query_row("SELECT count(*) FROM journal", [], |r| r.get(0))
        .expect("count");
    let distinct: HashSet<&str> = plan.messages.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(
        total as usize,
        distinct.len(),
        "one journal entry per transport id"
    );
    assert_eq!(journal.len(), distinct.len(), "every message journaled");
    let without: Vec<&String> = journal
        .iter()
        .filter(|(_, (_, o))| o.is_none())
        .map(|(t, _)| t)
        .collect();
    assert!(
        without.is_empty(),
        "journal entries without outcome: {without:?}"
    );
    let journal_id = |id: &str| {
        journal
            .get(id)
            .unwrap_or_else(|| panic!("{id} not journaled"))
            .0
    };

    // Moves: exactly the source moves, each from its own message.
    let by_move: HashMap<(i64, usize), &Msg> = plan
        .messages
        .iter()
        .filter_map(|m| match m.kind {
            Kind::Move { game, ply, .. } => Some(((game, ply), m)),
            _ => None,
        })
        .collect();
    let mut carriers = HashSet::new();
    for (game, ucis) in &plan.games {
        let stored: Vec<(i64, String, Option<i64>)> = conn
            .prepare("SELECT ply, uci, journal_id FROM moves WHERE game_id = ?1 ORDER BY ply")
            .and_then(|mut s| {
                s.query_map([game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                    .collect()
            })
            .expect("moves");
        let got: Vec<&str> = stored.iter().map(|(_, u, _)| u.as_str()).collect();
        assert_eq!(
            got, *ucis,
            "game {game}: the stored moves are the moves sent, each once"
        );
        for (ply, uci, jid) in &stored {
            let m = by_move[&(*game, *ply as usize)];
            assert_eq!(
                *jid,
                Some(journal_id(&m.id)),
                "game {game} ply {ply} {uci}: not from its message {}",
                m.id
            );
            assert!(
                carriers.insert(jid.expect("journal id")),
                "message {} carried two moves",
                m.id
            );
        }
    }
    let plies: i64 = conn
        .query_row("SELECT count(*) FROM moves", [], |r| r.get(0))
        .expect("count");
    assert_eq!(plies as usize, MOVES, "no other moves");

    // Replies and incidents per journal entry.
    let per_entry = |sql: &str| -> HashMap<Option<i64>, usize> {
        conn.prepare(sql)
            .and_then(|mut s| {
                s.query_map([], |r| Ok((r.get(0)?, r.get::<_, i64>(1)? as usize)))?
                    .collect()
            })
            .expect("counts")
    };
    let replies = per_entry("SELECT journal_id, count(*) FROM outbox GROUP BY journal_id");
    let incidents = per_entry("SELECT journal_id, count(*) FROM incidents GROUP BY journal_id");
    assert!(
        !replies.contains_key(&None) && !incidents.contains_key(&None),
        "everything comes from a message"
    );
    let mut expected_replies = 0;
    for m in &plan.messages {
        let Some((r, i)) = m.expected() else { continue };
        let jid = Some(journal_id(&m.id));
        let (got_r, got_i) = (
            replies.get(&jid).copied().unwrap_or(0),
            incidents.get(&jid).copied().unwrap_or(0),
        );
        assert_eq!(
            (got_r, got_i),
            (r, i),
            "message {} {:?} ({:?}): (replies, incidents)",
            m.id,
            m.text,
            m.kind
        );
        expected_replies += r;
    }
    assert_eq!(
        replies.values().sum::<usize>(),
        expected_replies,
        "no other replies"
    );
    let finished: i64 = conn
        .query_row(
            "SELECT count(*) FROM games WHERE status = 'finished'",
            [],
            |r| r.get(0),
        )
        .expect("count");
    let ending = plan
        .messages
        .iter()
        .filter(|m| matches!(m.kind, Kind::Move { ends: true, .. }))
        .count();
    assert_eq!(
        finished as usize, ending,
        "the games that ended by the rules, and no other"
    );
}
