//! The crash test: a process really killed with SIGKILL at random
//! (seeded) points during 1,000 submissions, restarted, and everything
//! submitted again from the first message, until a run completes. Then no
//! move is lost, none is applied twice, every journaled message has its
//! outcome, the outbox holds exactly the replies of each message once, and
//! the whole store equals the store of a run that never crashed.
//!
//! The messages: moves of real games (`tests/data/derived/games_uci.tsv`) in
//! the sender's notation and language (`{game} {n}. {move}`), interleaved
//! across the games, each game's moves in order, each with its own transport
//! id; among them exact repeats (same transport id), moves sent again under
//! a new id, illegal moves and moves out of turn.
//!
//! Two ways of dying:
//! - [`kill_9_library_driver`]: one long-running process loops over the
//!   messages calling `service::submit`, as a daemon does (this test binary
//!   re-executed as the [`driver`] "test"). It announces each message on its
//!   standard output before submitting it; when it announces the chosen
//!   message, it is killed a seeded fraction of a typical submission later.
//! - [`kill_9_ccgate_per_message`]: the real `ccgate submit` command, one
//!   process per message; the process of the chosen message is killed a
//!   seeded fraction of a typical process lifetime after it was spawned.
//!
//! After each kill the store is inspected (without checkpointing, so the next
//! run still finds the WAL the killed process left) to tell where the kill
//! landed: before the journal commit, between the journal commit and the
//! processing commit, after that, or between two submissions. The kill
//! report goes to standard error: run with `-- --nocapture` to see it.
//!
//! Environment: `CCGATE_CRASH_SEED` (default 20250303),
//! `CCGATE_CRASH_KILLS_LIB` (default 100), `CCGATE_CRASH_KILLS_CLI` (default 16).
//! Run: `cargo test --profile test-opt --test crash -- --nocapture`.
#![cfg(unix)]

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use ccgate::game::clock::TimeControl;
use ccgate::game::rules::Record;
use ccgate::notation::{Lang, Notation, WriteOptions, write_move};
use ccgate::protocol::address::Channel;
use ccgate::service::{self, Inbound};
use ccgate::store::{Location, NewPlayer, Player, Store};
use jiff::Timestamp;
use rusqlite::config::DbConfig;
use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use crate::support::backend::Backend;
use crate::support::chess::number_of;
use crate::support::postgres::Postgres;
use crate::support::rng::Rng;

/// Submissions per run.
const MESSAGES: usize = 1000;
/// Of which moves of the source games; the rest are repeats and refusals.
const MOVES: usize = 900;
/// The time every submission happens at (`$CCGATE_NOW` for the binary), so
/// that a crashed store and the reference store can be compared byte for byte.
const NOW: &str = "2025-03-03T09:00:00Z";
/// Kills are aimed at messages from this index on, so that the kill delay
/// can be calibrated on the submissions before.
const FIRST_KILL: usize = 20;

// ---------------------------------------------------------------------------
// Seeded randomness (the generator is `support::rng`)

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn seed() -> u64 {
    env_number("CCGATE_CRASH_SEED", 20_250_303)
}

fn now() -> Timestamp {
    NOW.parse().expect("timestamp")
}

// ---------------------------------------------------------------------------
// Players, games and messages

struct Who {
    name: &'static str,
    addr: &'static str,
    notation: Notation,
    lang: Lang,
}

const PLAYERS: [Who; 4] = [
    Who {
        name: "Anna",
        addr: "anna@example.org",
        notation: Notation::Iccf,
        lang: Lang::De,
    },
    Who {
        name: "Boris",
        addr: "boris@example.org",
        notation: Notation::San,
        lang: Lang::En,
    },
    Who {
        name: "Carl",
        addr: "carl@example.org",
        notation: Notation::Uedemann,
        lang: Lang::En,
    },
    Who {
        name: "Dora",
        addr: "dora@example.org",
        notation: Notation::Lan,
        lang: Lang::Fr,
    },
];

/// (white, black) of game k, indices into [`PLAYERS`].
const PAIRS: [(usize, usize); 12] = [
    (0, 1),
    (1, 2),
    (2, 3),
    (3, 0),
    (0, 2),
    (1, 3),
    (2, 0),
    (3, 1),
    (0, 3),
    (1, 0),
    (2, 1),
    (3, 2),
];

/// What a message is, for the oracle.
#[derive(Debug, Clone)]
enum Kind {
    /// The next move of a source game; `ends` when it ends the game by the rules.
    Move { game: i64, ply: usize, ends: bool },
    /// The same transport id, sender and text as message `of` again.
    Repeat { of: usize },
    /// The sender's last move again under a new transport id.
    Resend,
    /// A move the sender cannot play (a move of the other side).
    Illegal,
    /// The next move, sent by the player who is not to move.
    OutOfTurn,
}

#[derive(Debug, Clone)]
struct Msg {
    from: String,
    id: String,
    text: String,
    kind: Kind,
}

impl Msg {
    fn inbound(&self) -> Inbound {
        Inbound {
            channel: Channel::Email,
            from: self.from.clone(),
            transport_id: Some(self.id.clone()),
            raw: self.text.as_bytes().to_vec(),
            text: self.text.clone(),
            auth: ccgate::service::Auth::Unchecked,
            rules: service::Rules::default(),
        }
    }

    /// (replies, incidents) its journal entry must have; `None` for a repeat,
    /// which has no entry of its own. A move, ending the game or not, gives
    /// one reply to each player: the end is told in the move's reply.
    fn expected(&self) -> Option<(usize, usize)> {
        match self.kind {
            Kind::Move { .. } => Some((2, 0)),
            Kind::Resend => Some((1, 0)),
            Kind::Illegal | Kind::OutOfTurn => Some((1, 1)),
            Kind::Repeat { .. } => None,
        }
    }
}

struct Plan {
    /// Game id and its moves (UCI), as they must end up in the store.
    games: Vec<(i64, Vec<String>)>,
    messages: Vec<Msg>,
}

/// Source games: standard chess from the start position, distinct, 70-100
/// plies, no ending by the rules before their last move; `MOVES` moves in
/// all (the last game cut short).
fn source_games() -> Vec<Vec<String>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/derived/games_uci.tsv"
    );
    let text = std::fs::read_to_string(path).expect("tests/data/derived/games_uci.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let (status, variant, plies, moves) = (
        col("parse_status"),
        col("variant"),
        col("plies"),
        col("uci_moves"),
    );
    let mut seen = HashSet::new();
    let mut games = Vec::new();
    let mut total = 0;
    for line in lines {
        let c: Vec<&str> = line.split('\t').collect();
        if c.get(status) != Some(&"ok") || c.get(variant) != Some(&"chess") {
            continue;
        }
        let n: usize = c.get(plies).and_then(|p| p.parse().ok()).unwrap_or(0);
        let Some(list) = c.get(moves) else { continue };
        if !(70..=100).contains(&n) || !seen.insert(*list) {
            continue;
        }
        let ucis: Vec<String> = list.split(' ').map(str::to_string).collect();
        if !plays_out(&ucis) {
            continue;
        }
        total += ucis.len();
        games.push(ucis);
        if total >= MOVES {
            break;
        }
    }
    assert!(total >= MOVES, "not enough source games ({total} moves)");
    let last = games.last_mut().expect("games");
    last.truncate(last.len() - (total - MOVES));
    games
}

/// Whether the moves are legal from the start and nothing ends the game
/// before the last one.
fn plays_out(ucis: &[String]) -> bool {
    let Ok(mut rec) = Record::replay(None, []) else {
        return false;
    };
    for u in ucis {
        if rec.ending().is_some() {
            return false;
        }
        let Some(mv) = to_move(&rec.pos, u) else {
            return false;
        };
        rec.push(mv);
    }
    true
}

fn to_move(pos: &Chess, uci: &str) -> Option<Move> {
    uci.parse::<UciMove>().ok()?.to_move(pos).ok()
}

fn written(pos: &Chess, mv: Move, who: &Who) -> String {
    write_move(pos, mv, who.notation, &WriteOptions::new(who.lang))
}

/// Creates a store with the players and `games` games; returns the game ids
/// and the players as stored.
fn setup(at: &Location, games: usize) -> (Vec<i64>, Vec<Player>) {
    let mut store = Store::create_at(at).expect("open store");
    let tx = store.write().expect("write");
    let mut ids = Vec::new();
    for p in &PLAYERS {
        let new = NewPlayer {
            name: p.name.to_string(),
            notation: p.notation,
            lang: p.lang,
            reply_via: Some(Channel::Email),
            tz: "UTC".to_string(),
            pin_hash: None,
            addresses: vec![(Channel::Email, p.addr.to_string())],
        };
        ids.push(tx.add_player(&new, now()).expect("add player"));
    }
    let game_ids = (0..games)
        .map(|k| {
            let (w, b) = PAIRS[k % PAIRS.len()];
            tx.create_game(ids[w], ids[b], None, &TimeControl::Unlimited, now())
                .expect("create game")
                .0
        })
        .collect();
    let players = PLAYERS
        .iter()
        .map(|p| tx.player_by_name(p.name).expect("player").expect("stored"))
        .collect();
    tx.commit().expect("commit");
    (game_ids, players)
}

/// A game while the messages are being written.
struct Live {
    id: i64,
    white: usize,
    black: usize,
    ucis: Vec<String>,
    rec: Record,
    /// The last move's sender and message text.
    last: Option<(usize, String)>,
}

impl Live {
    fn to_move(&self) -> usize {
        if self.rec.pos.turn() == Color::White {
            self.white
        } else {
            self.black
        }
    }

    fn open(&self) -> bool {
        self.rec.ending().is_none()
    }

    fn next_move(&self) -> Option<Move> {
        self.ucis
            .get(self.rec.moves.len())
            .map(|u| to_move(&self.rec.pos, u).expect("checked legal"))
    }
}

fn plan_messages(games: Vec<(i64, Vec<String>)>, players: &[Player], rng: &mut Rng) -> Vec<Msg> {
    let mut live: Vec<Live> = games
        .iter()
        .enumerate()
        .map(|(k, (id, ucis))| {
            let (white, black) = PAIRS[k % PAIRS.len()];
            let rec = Record::replay(None, []).expect("start");
            Live {
                id: *id,
                white,
                black,
                ucis: ucis.clone(),
                rec,
                last: None,
            }
        })
        .collect();
    let mut messages: Vec<Msg> = Vec::new();
    let mut seq = 0;
    let mut new_id = || {
        seq += 1;
        format!("<crash-{seq:04}@example.org>")
    };
    let mut moves_left: usize = live.iter().map(|g| g.ucis.len()).sum();
    let mut extras_left = MESSAGES - moves_left;
    while messages.len() < MESSAGES {
        let extra = moves_left == 0
            || (extras_left > 0 && rng.below(extras_left + moves_left) < extras_left);
        if extra && let Some(m) = extra_message(&live, &messages, players, rng, &mut new_id) {
            messages.push(m);
            extras_left -= 1;
            continue;
        }
        assert!(moves_left > 0, "could not write an extra message");
        let waiting: Vec<usize> = (0..live.len())
            .filter(|&k| live[k].rec.moves.len() < live[k].ucis.len())
            .collect();
        let g = &mut live[waiting[rng.below(waiting.len())]];
        let pos = g.rec.pos.clone();
        let mv = g.next_move().expect("a move left");
        let mover = g.to_move();
        let text = format!(
            "{} {} {}",
            g.id,
            number_of(&pos),
            written(&pos, mv, &PLAYERS[mover])
        );
        g.rec.push(mv);
        let kind = Kind::Move {
            game: g.id,
            ply: g.rec.moves.len(),
            ends: g.rec.ending().is_some(),
        };
        g.last = Some((mover, text.clone()));
        messages.push(Msg {
            from: PLAYERS[mover].addr.to_string(),
            id: new_id(),
            text,
            kind,
        });
        moves_left -= 1;
    }
    messages
}

/// A repeat, a resent move, an illegal move or a move out of turn; `None`
/// when none can be written now.
fn extra_message(
    live: &[Live],
    messages: &[Msg],
    players: &[Player],
    rng: &mut Rng,
    new_id: &mut impl FnMut() -> String,
) -> Option<Msg> {
    let first = rng.below(4);
    for k in 0..4 {
        let open: Vec<&Live> = live.iter().filter(|g| g.open()).collect();
        let made = match (first + k) % 4 {
            0 if !messages.is_empty() => {
                let mut of = rng.below(messages.len());
                if let Kind::Repeat { of: original } = messages[of].kind {
                    of = original;
                }
                let m = &messages[of];
                Some(Msg {
                    from: m.from.clone(),
                    id: m.id.clone(),
                    text: m.text.clone(),
                    kind: Kind::Repeat { of },
                })
            }
            1 => {
                let played: Vec<&Live> = live.iter().filter(|g| g.last.is_some()).collect();
                (!played.is_empty()).then(|| {
                    let (sender, text) = played[rng.below(played.len())]
                        .last
                        .clone()
                        .expect("played");
                    Msg {
                        from: PLAYERS[sender].addr.to_string(),
                        id: new_id(),
                        text,
                        kind: Kind::Resend,
                    }
                })
            }
            2 if !open.is_empty() => {
                let g = open[rng.below(open.len())];
                let sender = g.to_move();
                illegal_move(&g.rec.pos, &players[sender], &PLAYERS[sender], rng).map(|text| Msg {
                    from: PLAYERS[sender].addr.to_string(),
                    id: new_id(),
                    text: format!("{} {} {text}", g.id, number_of(&g.rec.pos)),
                    kind: Kind::Illegal,
                })
            }
            3 => {
                let ready: Vec<&Live> = open
                    .iter()
                    .copied()
                    .filter(|g| g.next_move().is_some())
                    .collect();
                (!ready.is_empty()).then(|| {
                    let g = ready[rng.below(ready.len())];
                    let sender = if g.to_move() == g.white {
                        g.black
                    } else {
                        g.white
                    };
                    let mv = g.next_move().expect("a move left");
                    Msg {
                        from: PLAYERS[sender].addr.to_string(),
                        id: new_id(),
                        text: format!(
                            "{} {} {}",
                            g.id,
                            number_of(&g.rec.pos),
                            written(&g.rec.pos, mv, &PLAYERS[sender])
                        ),
                        kind: Kind::OutOfTurn,
                    }
                })
            }
            _ => None,
        };
        if made.is_some() {
            return made;
        }
    }
    None
}

/// A move of the side not to move, written in the sender's notation, that
/// the service cannot read as a legal move of the sender.
fn illegal_move(pos: &Chess, player: &Player, who: &Who, rng: &mut Rng) -> Option<String> {
    let other = pos.clone().swap_turn().ok()?;
    let candidates: Vec<String> = other
        .legal_moves()
        .iter()
        .map(|m| written(&other, *m, who))
        .filter(|text| service::read_players_move(pos, text, player).is_err())
        .collect();
    (!candidates.is_empty()).then(|| candidates[rng.below(candidates.len())].clone())
}

// ---------------------------------------------------------------------------
// The oracle

type Dump = BTreeMap<String, Vec<Vec<Value>>>;

struct Reference {
    plan: Plan,
    dump: Dump,
}

/// The plan and the store of a run that never crashed, checked against the
/// oracle; computed once for both tests.
fn reference() -> &'static Reference {
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
fn inspect(path: &Path) -> Connection {
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
fn dump(conn: &Connection) -> Dump {
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

fn same_as_reference(path: &Path, reference: &Dump) {
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
fn verify(path: &Path, plan: &Plan) {
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

// ---------------------------------------------------------------------------
// The store under test: a SQLite file, or a private PostgreSQL cluster

/// The store a crash test submits to.
enum Db {
    File(PathBuf),
    Postgres(Postgres),
}

impl Db {
    fn new(backend: Backend, dir: &Path) -> Db {
        match backend {
            Backend::Sqlite => Db::File(dir.join("ccgate.db")),
            Backend::Postgres => Db::Postgres(Postgres::start()),
        }
    }

    /// What `--db` and the driver are given: the file's path or the URL.
    fn arg(&self) -> String {
        match self {
            Db::File(path) => path.display().to_string(),
            Db::Postgres(pg) => pg.url(),
        }
    }

    fn location(&self) -> Location {
        Location::parse(&self.arg())
    }

    /// The journal state of a message: `None` not journaled, `Some(outcome)`.
    fn journal_state(&self, m: &Msg) -> Option<Option<String>> {
        match self {
            Db::File(path) => inspect(path)
                .query_row(JOURNAL_STATE, [&m.id], |r| r.get(0))
                .optional()
                .expect("journal state"),
            Db::Postgres(pg) => {
                let mut client =
                    postgres::Client::connect(&pg.url(), postgres::NoTls).expect("connect");
                client
                    .query_opt(JOURNAL_STATE, &[&m.id])
                    .expect("journal state")
                    .map(|r| r.get(0))
            }
        }
    }

    /// The store as a SQLite file for the oracle: the file itself, or a
    /// copy of the PostgreSQL database (the store's own row-by-row copy)
    /// with its ids' gaps closed.
    fn as_file(&self, dir: &Path) -> PathBuf {
        match self {
            Db::File(path) => path.clone(),
            Db::Postgres(_) => {
                let path = dir.join("copy.db");
                let mut copy = Store::create(&path).expect("create the copy");
                Store::open_at(&self.location())
                    .expect("open")
                    .copy_into(&mut copy)
                    .expect("copy");
                drop(copy);
                close_gaps(&Connection::open(&path).expect("open the copy"));
                path
            }
        }
    }
}

/// `$1` is `?1` to SQLite too.
const JOURNAL_STATE: &str =
    "SELECT outcome FROM journal WHERE channel = 'email' AND transport_id = $1";

/// PostgreSQL's identity counters do not go back when a transaction that
/// drew from them is rolled back (here: killed), so a crashed run's ids have
/// gaps a run that never crashed has not. Numbered again 1, 2, … in their
/// order, the columns that refer to them with them, the rows must be the
/// reference's.
fn close_gaps(conn: &Connection) {
    const NUMBERED: [(&str, &[(&str, &str)]); 3] = [
        (
            "journal",
            &[
                ("moves", "journal_id"),
                ("outbox", "journal_id"),
                ("incidents", "journal_id"),
                ("held", "journal_id"),
            ],
        ),
        (
            "outbox",
            &[("sms_sent", "outbox_id"), ("radio_queue", "outbox_id")],
        ),
        ("incidents", &[]),
    ];
    // The ids and the columns referring to them change one after the other.
    conn.execute_batch("PRAGMA foreign_keys = OFF")
        .expect("foreign keys off");
    for (table, referring) in NUMBERED {
        let mut sql = format!(
            "CREATE TEMP TABLE renumber AS SELECT id AS old, row_number() OVER (ORDER BY id) AS new FROM {table};"
        );
        for (other, column) in referring {
            sql.push_str(&format!(
                "UPDATE {other} SET {column} = (SELECT new FROM renumber WHERE old = {column}) WHERE {column} IS NOT NULL;"
            ));
        }
        // Through negative ids, so no new id meets an old one.
        sql.push_str(&format!(
            "UPDATE {table} SET id = -(SELECT new FROM renumber WHERE old = id);
             UPDATE {table} SET id = -id;
             DROP TABLE renumber;"
        ));
        conn.execute_batch(&sql).expect("renumber");
    }
}

// ---------------------------------------------------------------------------
// Kills

/// Where a kill landed.
///
/// Judged by what the store shows after the kill: a commit whose WAL frames
/// were written counts as done even if its fsync had not returned, since
/// they are in the page cache and survive the death of the process (a power
/// cut is another matter, and not tested here).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Landed {
    /// Before the driver began submitting (start-up, opening the store).
    Startup,
    /// In the submission of a message processed in an earlier run.
    Resubmission,
    /// In the submission, before its transaction (journal entry and
    /// processing together) committed; for a `ccgate` process, also its
    /// start-up.
    BeforeJournalCommit,
    /// Journaled without outcome: impossible since journal and processing
    /// commit together, and asserted never to happen.
    JournaledNotProcessed,
    /// The processing committed, the submission not yet returned.
    AfterProcessingCommit,
    /// Between two submissions, or the process had already exited.
    Between,
}

struct Kill {
    run: usize,
    target: usize,
    delay: Duration,
    landed_at: usize,
    landed: Landed,
    /// The process was still running when SIGKILL arrived.
    alive: bool,
}

fn classify(db: &Db, m: &Msg, processed_before: bool) -> Landed {
    if processed_before {
        return Landed::Resubmission;
    }
    match db.journal_state(m) {
        None => Landed::BeforeJournalCommit,
        Some(None) => Landed::JournaledNotProcessed,
        Some(Some(_)) => Landed::AfterProcessingCommit,
    }
}

fn median(durations: &[Duration], default: Duration) -> Duration {
    if durations.len() < 3 {
        return default;
    }
    let mut d = durations.to_vec();
    d.sort_unstable();
    d[d.len() / 2]
}

fn report(title: &str, kills: &[Kill], runs: usize, elapsed: Duration) {
    let mut out = format!(
        "\n{title}: {} kills in {runs} runs, {:.1} s\n",
        kills.len(),
        elapsed.as_secs_f64()
    );
    out.push_str("  run  target  delay(us)  landed  alive  where\n");
    for k in kills {
        out.push_str(&format!(
            "  {:>3}  {:>6}  {:>9}  {:>6}  {:>5}  {:?}\n",
            k.run,
            k.target,
            k.delay.as_micros(),
            k.landed_at,
            k.alive,
            k.landed
        ));
    }
    let mut counts: BTreeMap<Landed, usize> = BTreeMap::new();
    for k in kills {
        *counts.entry(k.landed).or_default() += 1;
    }
    out.push_str(&format!("  where the kills landed: {counts:?}\n"));
    out.push_str(&format!(
        "  killed while running: {}\n",
        kills.iter().filter(|k| k.alive).count()
    ));
    eprint!("{out}");
}

fn work_dir() -> tempfile::TempDir {
    // On the project's disk (CARGO_TARGET_TMPDIR is under target/).
    tempfile::Builder::new()
        .prefix("crash-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .expect("tempdir")
}

/// Not a test: the crash test's driver process. Does nothing unless started
/// by [`library_driver`] with `CCGATE_CRASH_DRIVER_DB` and
/// `CCGATE_CRASH_DRIVER_MESSAGES` set; then submits every message of the
/// file in order, announcing each (`@i n`: the `n` messages from `i` on)
/// before and (`=i new|dup`) after. With `CCGATE_CRASH_DRIVER_BATCH` above
/// 1, messages go in batches of 1 to that many (group commit,
/// `service::batch`), as the daemon's inputs send a burst; otherwise one
/// `service::submit` each.
#[test]
fn driver() {
    let (Some(db), Some(file)) = (
        std::env::var_os("CCGATE_CRASH_DRIVER_DB"),
        std::env::var_os("CCGATE_CRASH_DRIVER_MESSAGES"),
    ) else {
        return;
    };
    let most = env_number("CCGATE_CRASH_DRIVER_BATCH", 1).max(1) as usize;
    let text = std::fs::read_to_string(&file).expect("messages");
    let messages: Vec<Msg> = text
        .lines()
        .map(|line| {
            let mut cells = line.splitn(3, '\t');
            let (Some(from), Some(id), Some(body)) = (cells.next(), cells.next(), cells.next())
            else {
                panic!("bad message line {line:?}")
            };
            Msg {
                from: from.into(),
                id: id.into(),
                text: body.into(),
                kind: Kind::Resend,
            }
        })
        .collect();
    let db = db.to_str().expect("a UTF-8 store location");
    let mut store = Store::create_at(&Location::parse(db)).expect("open store");
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut i = 0;
    while i < messages.len() {
        // Batch sizes vary over the run (1, 2, ... most, 1, ...), lone
        // messages among them.
        let n = (1 + (i * 7) % most).min(messages.len() - i);
        let batch = &messages[i..i + n];
        writeln!(out, "@{i} {n}")
            .and_then(|()| out.flush())
            .expect("stdout");
        let done = if most == 1 {
            service::submit(&mut store, &batch[0].inbound(), now()).map(|p| vec![Ok(p)])
        } else {
            service::batch(&mut store, |b| {
                batch
                    .iter()
                    .map(|m| b.submit(&m.inbound(), now()))
                    .collect()
            })
        };
        match done {
            Ok(results) => {
                for (k, r) in results.into_iter().enumerate() {
                    match r {
                        Ok(p) => writeln!(
                            out,
                            "={} {}",
                            i + k,
                            if p.duplicate { "dup" } else { "new" }
                        ),
                        Err(e) => writeln!(out, "!{} {e}", i + k),
                    }
                    .expect("stdout");
                }
            }
            Err(e) => writeln!(out, "!{i} {e}").expect("stdout"),
        }
        out.flush().expect("stdout");
        i += n;
    }
    writeln!(out, "@done")
        .and_then(|()| out.flush())
        .expect("stdout");
}

/// One message per transaction, as `ccgate submit` and a lone mail.
#[test]
fn kill_9_library_driver() {
    library_driver(Backend::Sqlite, 1);
}

/// Issue 20: the same on PostgreSQL, where a killed client's transaction is
/// rolled back by the server.
#[test]
fn kill_9_library_driver_on_postgres() {
    library_driver(Backend::Postgres, 1);
}

/// Issue 21: the same kills on the batched path (up to 16 messages per
/// commit, each in its own savepoint): a kill leaves a batch wholly
/// committed or wholly absent, and the store ends as the reference run's.
#[test]
fn kill_9_library_driver_in_batches() {
    library_driver(Backend::Sqlite, 16);
}

#[test]
fn kill_9_library_driver_in_batches_on_postgres() {
    library_driver(Backend::Postgres, 16);
}

fn library_driver(backend: Backend, batch: usize) {
    let started = Instant::now();
    let reference = reference();
    let plan = &reference.plan;
    let dir = work_dir();
    let db = Db::new(backend, dir.path());
    let (ids, _) = setup(&db.location(), plan.games.len());
    assert_eq!(ids, plan.games.iter().map(|g| g.0).collect::<Vec<_>>());
    let file = dir.path().join("messages.tsv");
    let lines: String = plan
        .messages
        .iter()
        .map(|m| format!("{}\t{}\t{}\n", m.from, m.id, m.text))
        .collect();
    std::fs::write(&file, lines).expect("write messages");

    let mut rng = Rng::seeded(seed() ^ 0x11B);
    let targets = rng.sorted_sample(
        env_number("CCGATE_CRASH_KILLS_LIB", 100) as usize,
        FIRST_KILL,
        MESSAGES,
    );
    let exe = std::env::current_exe().expect("test binary");
    let mut kills = Vec::new();
    let mut durations: Vec<Duration> = Vec::new();
    let mut processed: HashSet<String> = HashSet::new();
    let mut runs = 0;
    loop {
        let target = targets.get(runs).copied();
        runs += 1;
        let mut child = Command::new(&exe)
            // The driver test by its full name in this binary.
            .args([
                "crash::driver",
                "--exact",
                "--nocapture",
                "--test-threads=1",
                "--quiet",
            ])
            .env("CCGATE_CRASH_DRIVER_DB", db.arg())
            .env("CCGATE_CRASH_DRIVER_MESSAGES", &file)
            .env("CCGATE_CRASH_DRIVER_BATCH", batch.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawn driver");
        let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        let (mut current, mut since, mut returned) = (None, Instant::now(), false);
        let mut kill: Option<(usize, Duration)> = None;
        let mut completed = false;
        let mut done_this_run = Vec::new();
        while reader.read_line(&mut line).expect("read driver") > 0 {
            let l = line.trim_end();
            if l == "@done" {
                completed = true;
            } else if let Some((i, n)) = l.strip_prefix('@').and_then(|r| {
                let (i, n) = r.split_once(' ')?;
                Some((i.parse::<usize>().ok()?, n.parse::<usize>().ok()?))
            }) {
                (current, since, returned) = (Some((i, n)), Instant::now(), false);
                if target.is_some_and(|t| t < i + n) && kill.is_none() {
                    let delay = median(&durations, Duration::from_millis(10)).mul_f64(rng.unit());
                    std::thread::sleep(delay);
                    child.kill().expect("SIGKILL");
                    kill = Some((i, delay));
                }
            } else if let Some((i, what)) = l.strip_prefix('=').and_then(|r| r.split_once(' ')) {
                let i: usize = i.parse().expect("index");
                returned = true;
                if what == "new" && kill.is_none() {
                    durations.push(since.elapsed());
                }
                done_this_run.push(i);
            } else if let Some(err) = l.strip_prefix('!') {
                panic!("run {runs}: submit failed: {err}");
            }
            line.clear();
        }
        let status = child.wait().expect("wait driver");
        let Some((target, delay)) = kill else {
            assert!(
                completed && status.success(),
                "run {runs}: the driver failed: {status}"
            );
            break;
        };
        let alive = status.signal() == Some(9);
        let (landed_at, landed) = match current {
            None => (0, Landed::Startup),
            Some((i, _)) if returned => (i, Landed::Between),
            Some((i, n)) => {
                // One commit for the batch: all of it journaled, or none
                // (a repeat of an earlier batch's message aside).
                let earlier: HashSet<&str> =
                    plan.messages[..i].iter().map(|m| m.id.as_str()).collect();
                let states: HashSet<bool> = plan.messages[i..i + n]
                    .iter()
                    .filter(|m| !processed.contains(&m.id) && !earlier.contains(m.id.as_str()))
                    .map(|m| db.journal_state(m).is_some())
                    .collect();
                assert!(
                    states.len() <= 1,
                    "run {runs}: a kill left the batch of {n} from {i} partly journaled"
                );
                (
                    i,
                    classify(
                        &db,
                        &plan.messages[i],
                        processed.contains(&plan.messages[i].id),
                    ),
                )
            }
        };
        for i in done_this_run {
            processed.insert(plan.messages[i].id.clone());
        }
        kills.push(Kill {
            run: runs,
            target,
            delay,
            landed_at,
            landed,
            alive,
        });
        if completed {
            // The driver got through every message before the kill arrived.
            break;
        }
    }
    report(
        &format!("library driver ({backend:?}, one process, batches of up to {batch})"),
        &kills,
        runs,
        started.elapsed(),
    );
    let file = db.as_file(dir.path());
    verify(&file, plan);
    same_as_reference(&file, &reference.dump);
    // The journal entry and its processing commit together: a kill lands
    // before that commit (nothing kept, delivered again) or after it (kept,
    // a repeat changes nothing), never between them.
    assert!(
        kills
            .iter()
            .any(|k| k.landed == Landed::BeforeJournalCommit),
        "no kill landed inside a submission before its commit: the test did not test the restart"
    );
    assert!(
        kills
            .iter()
            .all(|k| k.landed != Landed::JournaledNotProcessed),
        "a kill left a message journaled but not processed"
    );
}

#[test]
fn kill_9_ccgate_per_message() {
    ccgate_per_message(Backend::Sqlite);
}

#[test]
fn kill_9_ccgate_per_message_on_postgres() {
    ccgate_per_message(Backend::Postgres);
}

fn ccgate_per_message(backend: Backend) {
    let started = Instant::now();
    let reference = reference();
    let plan = &reference.plan;
    let dir = work_dir();
    let db = Db::new(backend, dir.path());
    let (ids, _) = setup(&db.location(), plan.games.len());
    assert_eq!(ids, plan.games.iter().map(|g| g.0).collect::<Vec<_>>());
    let files: Vec<PathBuf> = plan
        .messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let f = dir.path().join(format!("msg-{i:04}.txt"));
            std::fs::write(&f, &m.text).expect("write message");
            f
        })
        .collect();

    let mut rng = Rng::seeded(seed() ^ 0xC11);
    let targets = rng.sorted_sample(
        env_number("CCGATE_CRASH_KILLS_CLI", 16) as usize,
        FIRST_KILL,
        MESSAGES,
    );
    let mut kills = Vec::new();
    let mut lifetimes: Vec<Duration> = Vec::new();
    let mut processed: HashSet<String> = HashSet::new();
    let mut runs = 0;
    loop {
        let target = targets.get(runs).copied();
        runs += 1;
        let mut killed = false;
        for (i, m) in plan.messages.iter().enumerate() {
            let spawned = Instant::now();
            let mut child = Command::new(env!("CARGO_BIN_EXE_ccgate"))
                .arg("--db")
                .arg(db.arg())
                .args([
                    "submit",
                    "--channel",
                    "email",
                    "--from",
                    &m.from,
                    "--id",
                    &m.id,
                ])
                .arg(&files[i])
                .env("CCGATE_NOW", NOW)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn ccgate");
            if Some(i) == target {
                let delay = median(&lifetimes, Duration::from_millis(30)).mul_f64(rng.unit());
                std::thread::sleep(delay);
                child.kill().expect("SIGKILL");
                let out = child.wait_with_output().expect("wait ccgate");
                let alive = out.status.signal() == Some(9);
                let landed = if alive {
                    classify(&db, m, processed.contains(&m.id))
                } else {
                    Landed::Between
                };
                if out.status.success() {
                    processed.insert(m.id.clone());
                }
                kills.push(Kill {
                    run: runs,
                    target: i,
                    delay,
                    landed_at: i,
                    landed,
                    alive,
                });
                killed = true;
                break;
            }
            let out = child.wait_with_output().expect("wait ccgate");
            assert!(
                out.status.success(),
                "run {runs} message {i}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            // A message processed now prints its replies; a repeat prints nothing.
            if !out.stdout.is_empty() && !processed.contains(&m.id) {
                lifetimes.push(spawned.elapsed());
            }
            processed.insert(m.id.clone());
        }
        if !killed {
            break;
        }
    }
    report(
        &format!("ccgate binary ({backend:?}, one process per message)"),
        &kills,
        runs,
        started.elapsed(),
    );
    let file = db.as_file(dir.path());
    verify(&file, plan);
    same_as_reference(&file, &reference.dump);
    assert!(
        kills.iter().any(|k| k.alive),
        "no kill hit a running ccgate process"
    );
}
