//! The store's floor for durable submissions: what SQLite alone
//! does when a transaction writes exactly the rows `ccgate` writes for a
//! batch of accepted moves, and nothing else is worked out. Beside it, the
//! raw fsync rate of the same directory, measured in alternating rounds the
//! way `benches/durable.rs` measures it.
//!
//! Why: the durable target asks 8 concurrent senders for twice the raw fsync
//! rate. Each sender waits for its answer, so a transaction holds at most 8
//! submissions and ends in one sync of the log pages they wrote. This
//! example gives the rate of those transactions with no parsing, rules,
//! composing or statement of ccgate's own: the ceiling any ccgate on this
//! store and this disk stays under.
//!
//! Each submission, as a move accepted by mail writes it (row sizes are the
//! durable bench's averages, read off its store): a savepoint; a journal row
//! (with its unique index on channel and transport id); the move (the game's
//! page of `moves`, the games chosen spread over the store as the bench's
//! are); two replies of 155 + 540 bytes in `outbox` (and `outbox_due`); the
//! savepoint released. One commit per batch at `synchronous = FULL` in WAL,
//! as the store opens its files.
//!
//! The transport ids are numbered in order, so their index takes one page
//! per commit where real Message-IDs would take one per message: the floor
//! errs on the fast side. With `--no-replies` a submission writes only its
//! journal row and its move, the least any gateway that journals what it
//! accepts can write.
//!
//! Usage: `cargo run --release --example floor_durable -- DIR [BATCH] [ROUNDS] [--no-replies]`
//! where DIR holds `base-100000.db` (what `benches/durable.rs --prepare`
//! builds in `target/bench/durable`); BATCH submissions per transaction
//! (default 8), ROUNDS rounds of 10 fsyncs then 10 transactions (default 400).
use rusqlite::{Connection, params};
use std::fs::OpenOptions;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const BLOCK: usize = 4096;
const BODY: usize = 155;
const SHEET: usize = 540;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let replies = !std::env::args().any(|a| a == "--no-replies");
    let mut args = std::env::args().skip(1).filter(|a| a != "--no-replies");
    let dir = PathBuf::from(
        args.next()
            .ok_or("usage: floor_durable DIR [BATCH] [ROUNDS]")?,
    );
    let batch: usize = args.next().map_or(Ok(8), |a| a.parse())?;
    let rounds: usize = args.next().map_or(Ok(400), |a| a.parse())?;

    let db = fresh_copy(&dir)?;
    let conn = Connection::open(&db)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    let games: i64 = conn.query_row("SELECT max(id) FROM games", [], |r| r.get(0))?;

    let probe = OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(dir.join("floor.probe"))?;
    // The replies' texts, made once: the measured loop only writes.
    let texts = ("b".repeat(BODY), "s".repeat(SHEET));
    let (mut fsync, mut subs) = (Duration::ZERO, Duration::ZERO);
    let mut n: i64 = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        for _ in 0..10 {
            probe.write_all_at(&[0u8; BLOCK], 0)?;
            probe.sync_all()?;
        }
        fsync += t.elapsed();
        let t = Instant::now();
        for _ in 0..10 {
            transaction(&conn, batch, replies, &texts, &mut n, games)?;
        }
        subs += t.elapsed();
    }
    let fsync_rate = (rounds * 10) as f64 / fsync.as_secs_f64();
    let sub_rate = (rounds * 10 * batch) as f64 / subs.as_secs_f64();
    println!("directory: {}", dir.display());
    println!("raw fsync (4 KiB write + sync_all):   {fsync_rate:>8.0} /s");
    println!(
        "floor, {batch} submissions per commit{}:  {sub_rate:>8.0} /s  ({:.3} ms a transaction)  ratio {:.2}",
        if replies { "" } else { ", no replies" },
        subs.as_secs_f64() * 1e3 / (rounds * 10) as f64,
        sub_rate / fsync_rate
    );
    println!(
        "FLOOR batch={batch} replies={replies} subs_per_s={sub_rate:.1} fsync_per_s={fsync_rate:.1} ratio={:.4}",
        sub_rate / fsync_rate
    );
    drop(conn);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    Ok(())
}

/// A fresh copy of the bench's store, so every run starts from the same file.
fn fresh_copy(dir: &Path) -> std::io::Result<PathBuf> {
    let db = dir.join("floor.db");
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    std::fs::copy(dir.join("base-100000.db"), &db)?;
    Ok(db)
}

/// One commit of `batch` submissions, each in its own savepoint.
fn transaction(
    conn: &Connection,
    batch: usize,
    replies: bool,
    texts: &(String, String),
    n: &mut i64,
    games: i64,
) -> rusqlite::Result<()> {
    let (body, sheet) = (&texts.0, &texts.1);
    conn.prepare_cached("BEGIN IMMEDIATE")?.execute([])?;
    for _ in 0..batch {
        *n += 1;
        // Spread over the store's games as the bench's are (a multiplicative
        // step coprime with the count), each game once per run.
        let game = 1 + (*n * 48_271) % games;
        let now = 1_800_000_000 + *n;
        conn.prepare_cached("SAVEPOINT m")?.execute([])?;
        conn.prepare_cached(
            "INSERT INTO journal (channel, transport_id, sender, raw, received_at, outcome, processed_at)
             VALUES ('email', ?1, 'player42@example.org', X'6532653420676f6f64206c75636b', ?2, 'applied: move accepted, ply 17', ?2)",
        )?
        .execute(params![format!("<{n:>12}.floor@bench.example>"), now])?;
        let journal = conn.last_insert_rowid();
        // Games of the bench store hold at most 16 plies: 100 + n never meets one.
        let exists: bool = conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM games WHERE id = ?1)")?
            .query_row([game], |r| r.get(0))?;
        if exists {
            conn.prepare_cached(
                "INSERT INTO moves (game_id, ply, uci, raw, notation, received_at, journal_id)
                 VALUES (?1, ?2, 'e2e4', 'e4', 'san', ?3, ?4)",
            )?
            .execute(params![game, 100 + *n, now, journal])?;
        }
        for player in [1, 2].into_iter().filter(|_| replies) {
            conn.prepare_cached(
                "INSERT INTO outbox (journal_id, game_id, player_id, ply, channel, recipient, body,
                                     created_at, next_attempt_at, sheet)
                 VALUES (?1, ?2, ?3, 17, 'email', 'player42@example.org', ?4, ?5, ?5, ?6)",
            )?
            .execute(params![journal, game, player, body, now, sheet])?;
        }
        conn.prepare_cached("RELEASE m")?.execute([])?;
    }
    conn.prepare_cached("COMMIT")?.execute([])?;
    Ok(())
}
