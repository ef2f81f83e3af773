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
/// How many messages before a killed one a rerun sends again.
const RESENT_BEFORE_KILL: usize = 3;

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
// The parts, one file each

/// The store under test: SQLite or PostgreSQL.
mod db;
/// Where a kill landed, and the report.
mod kills;
/// Players, games and the messages of a run.
mod messages;
/// The reference store and the checks against it.
mod oracle;

use db::*;
use kills::*;
use messages::*;
use oracle::*;

// ---------------------------------------------------------------------------
// The driver and the tests

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
    let submit = |i: usize| {
        let m = &plan.messages[i];
        Command::new(env!("CARGO_BIN_EXE_ccgate"))
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
            .expect("spawn ccgate")
    };
    let mut runs = 0;
    // After a kill the sender's transport sends again what it was not
    // sure of: from a few messages before the one killed. Every message
    // is sent once more at the end (below).
    let mut resume = 0;
    loop {
        let target = targets.get(runs).copied();
        runs += 1;
        let mut killed = false;
        for (i, m) in plan.messages.iter().enumerate().skip(resume) {
            let spawned = Instant::now();
            let mut child = submit(i);
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
                resume = i.saturating_sub(RESENT_BEFORE_KILL);
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
    // Every message again, as a transport that lost its state would send
    // them: each is a repeat, answered by nothing.
    for (i, m) in plan.messages.iter().enumerate() {
        let out = submit(i).wait_with_output().expect("wait ccgate");
        assert!(
            out.status.success() && out.stdout.is_empty(),
            "message {i} ({}) sent again: {}{}",
            m.id,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
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
