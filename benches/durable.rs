//! Durable submissions per second with 100,000 games in the store, beside the
//! machine's raw fsync rate measured in the same run and the same directory
//! (the issue: "report both and the ratio; aim for at least half the raw
//! fsync rate").
//!
//! - Store: 1,000 players with email addresses in four notations, 100,000
//!   games ("10/50"), each with 0 to 16 plies of a real game already played
//!   (`tests/data/derived/games_uci.tsv`). Built once into `base-100000.db`
//!   and copied for every run, so every run starts from the same file.
//! - Submissions: `service::submit` of one legal move each (the next move of
//!   its source game, in the sender's notation, `{game} {n}. {move}`), every
//!   one in a different game, each with its own transport id, on the real
//!   file (WAL, `synchronous=FULL`): one journal commit and one processing
//!   commit each. Every submission is checked to have applied its move.
//! - Raw fsync rate: a loop writing a 4 KiB block at the start of a file and
//!   calling `File::sync_all` (fsync), and the same with `sync_data`
//!   (fdatasync), in the same directory.
//! - For comparison, not what ccgate does: the same submissions with one
//!   fsync each (`synchronous=NORMAL`, then an fsync of the WAL file after
//!   each submission, which makes both of its commits durable at once) -
//!   what merging the two commits, or not syncing the journal commit alone,
//!   would give.
//! - Everything is measured in 400 short alternating rounds (10 fsyncs, 5
//!   fdatasyncs, 5 submissions, 5 one-fsync submissions: some 20 ms), so
//!   that a change in the machine's load or the disk's speed during the run
//!   hits all alike; the totals give the rates, blocks of 20 rounds the
//!   spread of the ratio.
//! - Concurrent senders: in the same rounds, [`SENDERS`] tasks
//!   at once, each submitting its messages one after another through the
//!   daemon's service port (`ServicePort::batch`), as concurrent inputs do:
//!   what waits while one commit runs joins the next (group commit).
//! - Two sites: in the same rounds, two more connections to the
//!   store, each submitting its half on a thread of its own, as two
//!   gateways sharing one database do.
//! - Once, the submissions on a copy of the store in `/dev/shm` (memory):
//!   their cost without any sync.
//! - Backend: SQLite files in the directory, or with `$CCGATE_BENCH_DB` a
//!   `postgres://` URL (of a maintenance database), databases of that
//!   cluster: the base built once as `base_100000`, each run a copy
//!   (`CREATE DATABASE … TEMPLATE`). On PostgreSQL the one-fsync and
//!   `/dev/shm` comparisons (SQLite's WAL) are left out.
//! - With `CCGATE_BIN` set to a `ccgate` binary, also `ccgate submit`, one
//!   process per message, as the command line does it today.
//!
//! Directory: `$CCGATE_BENCH_DIR`, else `target/bench/durable` (the project's
//! disk; its file system is printed). Modes (arguments):
//! - `--bench` (what `cargo bench` passes): the benchmark. Without it (as
//!   under `cargo test --benches`): a small smoke run.
//! - `--prepare`: only build the base store.
//! - `--count N`: N library submissions and nothing else, to run under
//!   `strace -f -c -e trace=fsync,fdatasync` (see `bench/durable.sh`);
//!   `--count-one-fsync N`: the same, one fsync per submission.
//! - `--count-cli N`: the same through N `ccgate submit` processes.
//! - `--count-long N`: the first N plies of one real game submitted one by
//!   one into a store of its own (`long.db`): what a move costs as a game
//!   grows (run under callgrind for instructions per submission). With
//!   `--unnamed`, the messages name no game, as a player with one game
//!   may write them.
//! - `--rebuild`: build the base store again even if it exists.
//!
//! Run: `bench/durable.sh` (prints a README table), or
//! `cargo bench --bench durable`.

use std::fs::{self, File, OpenOptions};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ccgate::metrics::Metrics;
use ccgate::notation::{Lang, Notation, WriteOptions, write_move};
use ccgate::protocol::address::Channel;
use ccgate::service::{self, Inbound};
use ccgate::store::{Durability, GameId, Location, MoveRow, NewPlayer, Store};
use ccgate::transport::port::ServicePort;
use jiff::Timestamp;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

#[path = "durable/backend.rs"]
mod backend;
use backend::Backend;

// `--count-long`'s game.
#[path = "durable/long.rs"]
mod long;
use long::long_game;

/// The sizes of one run.
struct Config {
    games: usize,
    players: usize,
    rounds: usize,
    /// Rounds per block: the spread of the ratio is shown over blocks.
    block: usize,
    /// Submissions per round.
    submits: usize,
    /// fsync calls per round.
    fsyncs: usize,
    /// fdatasync calls per round.
    fdatasyncs: usize,
    /// `ccgate submit` processes, when `CCGATE_BIN` is set.
    cli: usize,
}

const BENCH: Config = Config {
    games: 100_000,
    players: 1_000,
    rounds: 400,
    block: 20,
    submits: 5,
    fsyncs: 10,
    fdatasyncs: 5,
    cli: 200,
};
const SMOKE: Config = Config {
    games: 2_000,
    players: 50,
    rounds: 4,
    block: 2,
    submits: 5,
    fsyncs: 10,
    fdatasyncs: 5,
    cli: 5,
};

/// Plies already played in a game: 0 to this.
const MAX_PREFIX: usize = 16;
/// The size of the block the raw loop writes before each sync.
const BLOCK: usize = 4096;
const NOW: &str = "2025-03-03T09:00:00Z";
/// Players' notations and languages, by player number.
const NOTATIONS: [(Notation, Lang); 4] = [
    (Notation::San, Lang::En),
    (Notation::Iccf, Lang::De),
    (Notation::Lan, Lang::Fr),
    (Notation::Uedemann, Lang::En),
];

fn now() -> Timestamp {
    NOW.parse().expect("timestamp")
}

/// SplitMix64, to pick the games deterministically.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let value = |flag: &str| {
        args.iter().position(|a| a == flag).map(|i| {
            args.get(i + 1)
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or_else(|| panic!("{flag} needs a number"))
        })
    };
    if let Some(plies) = value("--count-long") {
        let dir = bench_dir();
        let messages = long_game(&dir.join("long.db"), plies, has("--unnamed"));
        let mut store = Store::create(&dir.join("long.db")).expect("open store");
        submit_all(&mut store, &messages);
        println!("COUNT mode=long submissions={plies}");
        return;
    }
    let count = ["--count", "--count-one-fsync", "--count-cli"]
        .into_iter()
        .find_map(|f| value(f).map(|n| (f, n)));
    let cfg = if has("--bench") || has("--prepare") || count.is_some() {
        BENCH
    } else {
        SMOKE
    };
    let dir = bench_dir();
    let sources = source_games();
    let db = Backend::from_env(&dir);
    let base = format!("base-{}", cfg.games);
    if has("--rebuild") || !db.exists(&base) {
        let t = Instant::now();
        build_base(&db, &base, &cfg, &sources);
        eprintln!(
            "built {} in {:.1} s",
            db.arg(&base),
            t.elapsed().as_secs_f64()
        );
    }
    if has("--prepare") {
        return;
    }
    db.copy(&base, "run");
    let run = db.location("run");
    let ids = game_ids(&run);
    assert_eq!(
        ids.len(),
        cfg.games,
        "{}: rebuild it with --rebuild",
        db.arg(&base)
    );
    let needed = cfg.rounds * (4 + SENDERS) * cfg.submits + cfg.cli;
    let messages = plan(
        &cfg,
        &sources,
        &ids,
        count.map_or(needed, |(_, n)| n.max(needed)),
    );

    // Counting modes: only the submissions, for strace to count the syncs.
    if let Some((mode, n)) = count {
        let label = match mode {
            "--count" => {
                let mut store = Store::create_at(&run).expect("open store");
                submit_all(&mut store, &messages[..n]);
                "library"
            }
            "--count-one-fsync" => {
                let file = db.file("run").expect("--count-one-fsync is SQLite's");
                let mut store = Store::create(&file).expect("open store");
                submit_one_fsync(&mut store, &file, &messages[..n]);
                "one-fsync"
            }
            _ => {
                let bin = ccgate_bin().expect("--count-cli needs CCGATE_BIN");
                submit_cli(&bin, &db.arg("run"), &dir, &messages[..n]);
                "cli"
            }
        };
        println!("COUNT mode={label} submissions={n}");
        return;
    }

    println!("directory: {} ({})", dir.display(), filesystem(&dir));
    println!(
        "store: {} on {}, {} games, {} players, {:.1} MB; {} rounds of {} fsyncs, {} fdatasyncs ({} B block), {} submissions and {} one-fsync submissions",
        db.arg("run"),
        db.name(),
        cfg.games,
        cfg.players,
        db.size_mb("run"),
        cfg.rounds,
        cfg.fsyncs,
        cfg.fdatasyncs,
        BLOCK,
        cfg.submits,
        cfg.submits
    );
    let probe_path = dir.join("fsync.probe");
    let probe = OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&probe_path)
        .expect("probe file");
    probe
        .write_all_at(&[0u8; BLOCK], 0)
        .and_then(|()| probe.sync_all())
        .expect("probe");

    let mut store = Store::create_at(&run).expect("open store");
    // Two sites: two more connections, each submitting on its own thread.
    let mut sites = [
        Store::open_at(&run).expect("open store"),
        Store::open_at(&run).expect("open store"),
    ];
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let port = ServicePort::new(
        Store::open_at(&run).expect("open store"),
        Arc::new(Metrics::new()),
        ccgate::store::Retry::default(),
        service::Rules::default(),
    );
    let mut t = [Duration::ZERO; 6];
    let mut block = [Duration::ZERO; 6];
    let mut ratios = Vec::new();
    let verbose = std::env::var_os("CCGATE_BENCH_BLOCKS").is_some();
    if verbose {
        println!("block  fsync/s  fdatasync/s  submissions/s  ratio  one-fsync/s  ratio");
    }
    let mut next = 0;
    let mut take = |n: usize| {
        next += n;
        &messages[next - n..next]
    };
    for r in 0..cfg.rounds {
        let f = raw_syncs(&probe, cfg.fsyncs, false);
        let d = raw_syncs(&probe, cfg.fdatasyncs, true);
        let s = submit_all(&mut store, take(cfg.submits));
        let o = match db.file("run") {
            Some(file) => submit_one_fsync(&mut store, &file, take(cfg.submits)),
            None => Duration::ZERO,
        };
        let c = submit_concurrently(&runtime, &port, take(SENDERS * cfg.submits));
        let w = submit_two_sites(&mut sites, take(2 * cfg.submits));
        for (i, x) in [f, d, s, o, c, w].into_iter().enumerate() {
            t[i] += x;
            block[i] += x;
        }
        if (r + 1) % cfg.block == 0 {
            let (fr, dr, sr, or) = (
                rate(cfg.block * cfg.fsyncs, block[0]),
                rate(cfg.block * cfg.fdatasyncs, block[1]),
                rate(cfg.block * cfg.submits, block[2]),
                rate(cfg.block * cfg.submits, block[3]),
            );
            if verbose {
                println!(
                    "{:>5}  {fr:>7.0}  {dr:>11.0}  {sr:>13.0}  {:>5.3}  {or:>11.0}  {:>5.3}",
                    ratios.len() + 1,
                    sr / fr,
                    or / fr
                );
            }
            ratios.push(sr / fr);
            block = [Duration::ZERO; 6];
        }
    }
    let metrics = port.metrics.clone();
    drop(store);
    drop(sites);
    drop(port);
    ratios.sort_by(f64::total_cmp);
    let (syncs, subs) = (cfg.rounds * cfg.fsyncs, cfg.rounds * cfg.submits);
    let (fr, dr, sr, or) = (
        rate(syncs, t[0]),
        rate(cfg.rounds * cfg.fdatasyncs, t[1]),
        rate(subs, t[2]),
        rate(subs, t[3]),
    );
    let cr = rate(SENDERS * subs, t[4]);
    let wr = rate(2 * subs, t[5]);
    let quartile = |q: usize| ratios[(ratios.len() - 1) * q / 4];
    let median = quartile(2);
    println!(
        "raw fsync (4 KiB write + sync_all):     {fr:>7.0} /s  ({:.2} ms each)",
        1e3 / fr
    );
    println!(
        "raw fdatasync (4 KiB write + sync_data): {dr:>7.0} /s  ({:.2} ms each)",
        1e3 / dr
    );
    println!(
        "durable submissions (service::submit):   {sr:>7.0} /s  ({:.2} ms each)  ratio {:.3}",
        1e3 / sr,
        sr / fr
    );
    println!(
        "  over {} blocks: ratio min {:.3}, quartiles {:.3} {median:.3} {:.3}, max {:.3}",
        ratios.len(),
        quartile(0),
        quartile(1),
        quartile(3),
        quartile(4)
    );
    if db.file("run").is_some() {
        println!(
            "one fsync per submission (simulated):    {or:>7.0} /s  ({:.2} ms each)  ratio {:.3}",
            1e3 / or,
            or / fr
        );
    }
    println!(
        "{SENDERS} concurrent senders (service port):  {cr:>7.0} /s  ({:.2} ms each)  ratio {:.3}",
        1e3 / cr,
        cr / fr
    );
    let (transactions, alone) = transactions(&metrics);
    println!(
        "  in {transactions} transactions, {:.1} messages each; {alone} of one message",
        (SENDERS * subs) as f64 / transactions.max(1) as f64
    );
    println!(
        "two sites submitting at once:            {wr:>7.0} /s  ({:.2} ms each)  ratio {:.3}",
        1e3 / wr,
        wr / fr
    );
    // As many as the single sender's on the disk: 20 were too few, a cold
    // start (statements prepared, pages first read) weighed half of them.
    let cpu_n = (cfg.rounds * cfg.submits).min(messages.len());
    let cpu = db
        .file(&base)
        .and_then(|file| cpu_only(&file, &messages[..cpu_n]));
    if let Some(c) = cpu {
        println!(
            "submissions without a disk (/dev/shm):   {:>7.0} /s  ({:.2} ms each)",
            rate(cpu_n, c),
            c.as_secs_f64() * 1e3 / cpu_n as f64
        );
    }
    let mut result = format!(
        "RESULT backend={} fs={} games={} submissions={subs} subs_per_s={sr:.1} fsync_per_s={fr:.1} fdatasync_per_s={dr:.1} ratio={:.4} ratio_median={median:.4} concurrent_subs_per_s={cr:.1} concurrent_ratio={:.4} concurrent_transactions={transactions} concurrent_alone={alone} two_sites_subs_per_s={wr:.1} two_sites_ratio={:.4}",
        db.name(),
        filesystem(&dir).split_whitespace().next().unwrap_or("?"),
        cfg.games,
        sr / fr,
        cr / fr,
        wr / fr
    );
    if db.file("run").is_some() {
        result.push_str(&format!(
            " one_fsync_subs_per_s={or:.1} one_fsync_ratio={:.4}",
            or / fr
        ));
    }
    if let Some(c) = cpu {
        result.push_str(&format!(" tmpfs_subs_per_s={:.1}", rate(cpu_n, c)));
    }
    if let Some(bin) = ccgate_bin() {
        let f = raw_syncs(&probe, cfg.fsyncs, false);
        let c = submit_cli(&bin, &db.arg("run"), &dir, take(cfg.cli));
        let (fr, cr) = (rate(cfg.fsyncs, f), rate(cfg.cli, c));
        println!(
            "ccgate submit, a process per message:   {cr:>7.0} /s  ({:.2} ms each)  ratio {:.3} to {fr:.0} fsync/s just before",
            1e3 / cr,
            cr / fr
        );
        result.push_str(&format!(
            " cli_subs_per_s={cr:.1} cli_fsync_per_s={fr:.1} cli_ratio={:.4}",
            cr / fr
        ));
    }
    println!("{result}");
    drop(probe);
    let _ = fs::remove_file(probe_path);
}

/// `$CCGATE_BENCH_DIR`, else `target/bench/durable`, made if missing.
fn bench_dir() -> PathBuf {
    let dir = std::env::var_os("CCGATE_BENCH_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench/durable"));
    fs::create_dir_all(&dir).expect("bench directory");
    dir.canonicalize().expect("bench directory")
}

fn rate(n: usize, d: Duration) -> f64 {
    n as f64 / d.as_secs_f64()
}

fn ccgate_bin() -> Option<PathBuf> {
    std::env::var_os("CCGATE_BIN").map(PathBuf::from)
}

/// The raw rate: `n` times, write a block and sync it.
fn raw_syncs(file: &File, n: usize, data_only: bool) -> Duration {
    let mut block = [0x5au8; BLOCK];
    let t = Instant::now();
    for i in 0..n {
        block[0] = i as u8;
        file.write_all_at(&block, 0).expect("write");
        if data_only {
            file.sync_data()
        } else {
            file.sync_all()
        }
        .expect("sync");
    }
    t.elapsed()
}

/// Submits every message, checking that each applied its move (a
/// confirmation and a notice).
fn submit_all(store: &mut Store, messages: &[Message]) -> Duration {
    let t = Instant::now();
    for m in messages {
        let p = service::submit(store, &m.inbound(), now()).expect("submit");
        assert!(
            !p.duplicate && p.replies.len() == 2,
            "{:?} was not applied: {p:#?}",
            m.text
        );
    }
    t.elapsed()
}

/// Two sites at once: each store a connection of its own, each submitting
/// its half of `messages` one after another on a thread of its own.
fn submit_two_sites(sites: &mut [Store; 2], messages: &[Message]) -> Duration {
    let (one, two) = messages.split_at(messages.len() / 2);
    let [a, b] = sites;
    let t = Instant::now();
    std::thread::scope(|s| {
        s.spawn(|| submit_all(a, one));
        s.spawn(|| submit_all(b, two));
    });
    t.elapsed()
}

/// Senders submitting at once in the concurrent measurement.
const SENDERS: usize = 8;

/// [`SENDERS`] tasks at once, each submitting its share of `messages` one
/// after another through the service port, as the daemon's inputs do.
fn submit_concurrently(
    runtime: &tokio::runtime::Runtime,
    port: &ServicePort,
    messages: &[Message],
) -> Duration {
    let shares: Vec<Vec<Inbound>> = messages
        .chunks(messages.len().div_ceil(SENDERS).max(1))
        .map(|share| share.iter().map(Message::inbound).collect())
        .collect();
    let t = Instant::now();
    runtime.block_on(async {
        let senders: Vec<_> = shares
            .into_iter()
            .map(|share| {
                let port = port.clone();
                tokio::spawn(async move {
                    for msg in share {
                        let text = msg.text.clone();
                        let done = port
                            .batch(Channel::Email, move |b| vec![b.submit(&msg, now())])
                            .await
                            .expect("batch");
                        let p = done
                            .into_iter()
                            .next()
                            .expect("one result")
                            .expect("submit");
                        assert!(
                            !p.duplicate && p.replies.len() == 2,
                            "{text:?} was not applied: {p:#?}"
                        );
                    }
                })
            })
            .collect();
        for sender in senders {
            sender.await.expect("sender");
        }
    });
    t.elapsed()
}

/// What one fsync per submission would give (the target needs it;
/// ccgate does not do this): the same submissions with
/// `synchronous=NORMAL`, which in WAL mode syncs nothing at commit, and
/// then one fsync of the WAL file after each, which makes both of its
/// commits durable at once. Checkpoints sync as under `FULL`.
fn submit_one_fsync(store: &mut Store, db: &Path, messages: &[Message]) -> Duration {
    store
        .set_durability(Durability::Normal)
        .expect("synchronous=NORMAL");
    let t = Instant::now();
    let mut wal: Option<File> = None;
    for m in messages {
        let p = service::submit(store, &m.inbound(), now()).expect("submit");
        assert!(
            !p.duplicate && p.replies.len() == 2,
            "{:?} was not applied: {p:#?}",
            m.text
        );
        if wal.is_none() {
            wal = Some(File::open(format!("{}-wal", db.display())).expect("the WAL"));
        }
        wal.as_ref()
            .expect("opened")
            .sync_all()
            .expect("fsync the WAL");
    }
    let elapsed = t.elapsed();
    store
        .set_durability(Durability::Full)
        .expect("synchronous=FULL");
    elapsed
}

/// The port's transactions, and those of one message, from its `/metrics`
/// exposition (`ccgate_batch_messages`): how the concurrent senders share
/// their commits.
fn transactions(metrics: &Metrics) -> (u64, u64) {
    let text = metrics.render();
    let value = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .map_or(0, |v| v as u64)
    };
    (
        value("ccgate_batch_messages_count "),
        value("ccgate_batch_messages_bucket{le=\"1.0\"} "),
    )
}

/// The cost of the submissions alone: on a copy of the store in `/dev/shm`
/// (memory), where a sync costs nothing. `None` without `/dev/shm`.
fn cpu_only(base: &Path, messages: &[Message]) -> Option<Duration> {
    let shm = Path::new("/dev/shm");
    if !shm.is_dir() {
        return None;
    }
    let run = shm.join(format!("ccgate-durable-{}.db", std::process::id()));
    fresh_copy(base, &run);
    let mut store = Store::create(&run).ok()?;
    let d = submit_all(&mut store, messages);
    drop(store);
    for suffix in ["", "-wal", "-shm"] {
        let _ = fs::remove_file(format!("{}{suffix}", run.display()));
    }
    Some(d)
}

/// Submits every message through its own `ccgate submit` process.
fn submit_cli(bin: &Path, db: &str, dir: &Path, messages: &[Message]) -> Duration {
    let files: Vec<PathBuf> = messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let f = dir.join(format!("cli-{i:04}.txt"));
            fs::write(&f, &m.text).expect("message file");
            f
        })
        .collect();
    let t = Instant::now();
    for (m, f) in messages.iter().zip(&files) {
        let out = Command::new(bin)
            .arg("--db")
            .arg(db)
            .args([
                "submit",
                "--channel",
                "email",
                "--from",
                &m.from,
                "--id",
                &m.id,
            ])
            .arg(f)
            .env("CCGATE_NOW", NOW)
            .stdin(Stdio::null())
            .output()
            .expect("run ccgate");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).matches("-> ").count(),
            2,
            "{:?} was not applied",
            m.text
        );
    }
    let elapsed = t.elapsed();
    for f in files {
        let _ = fs::remove_file(f);
    }
    elapsed
}

// ---------------------------------------------------------------------------
// The store and the messages

/// Real games from the start position, as moves.
fn source_games() -> Vec<Vec<Move>> {
    let mut games = Vec::new();
    real_games(MAX_PREFIX + 1, |game| {
        if game.len() == MAX_PREFIX + 1 {
            games.push(game);
        }
        games.len() < 500
    });
    assert!(games.len() >= 100, "too few source games");
    games
}

/// Hands each real game of `tests/data/derived/games_uci.tsv` (each move
/// list once) to `each`, at most `plies` plies of it and none that ends it,
/// while `each` says true.
fn real_games(plies: usize, mut each: impl FnMut(Vec<Move>) -> bool) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/derived/games_uci.tsv"
    );
    let text = fs::read_to_string(path).expect("tests/data/derived/games_uci.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let (status, variant, moves) = (col("parse_status"), col("variant"), col("uci_moves"));
    let mut seen = std::collections::HashSet::new();
    for line in lines {
        let c: Vec<&str> = line.split('\t').collect();
        if c.get(status) != Some(&"ok") || c.get(variant) != Some(&"chess") {
            continue;
        }
        let Some(list) = c.get(moves).filter(|l| seen.insert(**l)) else {
            continue;
        };
        let mut pos = Chess::default();
        let mut game = Vec::new();
        for u in list.split(' ').take(plies) {
            let Some(mv) = u.parse::<UciMove>().ok().and_then(|u| u.to_move(&pos).ok()) else {
                break;
            };
            pos.play_unchecked(mv);
            if pos.is_game_over() {
                // Every submitted move must be an ordinary move: confirmation and notice.
                break;
            }
            game.push(mv);
        }
        if !each(game) {
            return;
        }
    }
}

/// Game k's source game and the number of its plies already played.
fn source_of(k: usize, sources: &[Vec<Move>]) -> (&[Move], usize) {
    (
        &sources[(k / (MAX_PREFIX + 1)) % sources.len()],
        k % (MAX_PREFIX + 1),
    )
}

/// Game k's players (indices): never the same.
fn pairing(k: usize, players: usize) -> (usize, usize) {
    let white = k % players;
    (white, (white + 1 + (k / players) % (players - 1)) % players)
}

/// Player `i`, in their notation and language.
fn player(i: usize) -> NewPlayer {
    let (notation, lang) = NOTATIONS[i % NOTATIONS.len()];
    NewPlayer {
        name: format!("P{i:04}"),
        notation,
        lang,
        reply_via: Some(Channel::Email),
        tz: "UTC".to_string(),
        pin_hash: None,
        addresses: vec![(Channel::Email, address(i))],
    }
}

fn address(i: usize) -> String {
    format!("p{i:04}@example.org")
}

fn build_base(db: &Backend, name: &str, cfg: &Config, sources: &[Vec<Move>]) {
    let tmp = format!("{name}-tmp");
    db.create(&tmp);
    let mut store = Store::create_at(&db.location(&tmp)).expect("open store");
    let tx = store.write().expect("write");
    let mut players = Vec::new();
    for i in 0..cfg.players {
        players.push(tx.add_player(&player(i), now()).expect("add player"));
    }
    for k in 0..cfg.games {
        let (w, b) = pairing(k, cfg.players);
        let tc = "10/50".parse().expect("time control");
        let id = tx
            .create_game(players[w], players[b], None, &tc, now())
            .expect("create game");
        let (src, n) = source_of(k, sources);
        for (p, mv) in src[..n].iter().enumerate() {
            let uci: compact_str::CompactString = UciMove::from_standard(*mv).to_string().into();
            let row = MoveRow {
                ply: p as u32 + 1,
                raw: uci.clone(),
                uci,
                notation: "uci".into(),
                received_at: now(),
                delivered_at: Some(now()),
                journal_id: None,
            };
            tx.add_move(id, &row).expect("add move");
        }
    }
    tx.commit().expect("commit");
    drop(store);
    db.rename(&tmp, name);
}

/// A copy of the base store without its WAL.
fn fresh_copy(base: &Path, run: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = fs::remove_file(format!("{}{suffix}", run.display()));
    }
    fs::copy(base, run).expect("copy base store");
}

/// The game ids in creation order.
fn game_ids(db: &Location) -> Vec<GameId> {
    let store = Store::create_at(db).expect("open store");
    let games = store.all_games(false).expect("game ids");
    games.into_iter().map(|g| g.id).collect()
}

struct Message {
    from: String,
    id: String,
    text: String,
}

impl Message {
    fn inbound(&self) -> Inbound {
        Inbound {
            thread: Vec::new(),
            channel: Channel::Email,
            from: self.from.clone(),
            transport_id: Some(self.id.clone()),
            raw: self.text.as_bytes().to_vec(),
            text: self.text.clone(),
            auth: ccgate::service::Auth::Unchecked,
            rules: service::Rules::default(),
        }
    }
}

/// `n` messages, each the next move of a different game picked at random.
fn plan(cfg: &Config, sources: &[Vec<Move>], ids: &[GameId], n: usize) -> Vec<Message> {
    assert!(n <= cfg.games, "more submissions than games");
    let mut order: Vec<usize> = (0..cfg.games).collect();
    let mut rng = Rng(20_250_303);
    for i in (1..order.len()).rev() {
        order.swap(i, (rng.next() % (i as u64 + 1)) as usize);
    }
    order
        .into_iter()
        .take(n)
        .enumerate()
        .map(|(s, k)| {
            let (src, plies) = source_of(k, sources);
            let mut pos = Chess::default();
            for mv in &src[..plies] {
                pos.play_unchecked(*mv);
            }
            let (w, b) = pairing(k, cfg.players);
            let sender = if pos.turn() == Color::White { w } else { b };
            message(s, Some(ids[k]), &pos, src[plies], sender)
        })
        .collect()
}

/// Message `s`: `player` plays `mv` in game `id` at `pos`, in their notation.
/// `id` is `None` for a message that names no game (the player's games are
/// then searched for one where it is their turn).
fn message(s: usize, id: Option<GameId>, pos: &Chess, mv: Move, player: usize) -> Message {
    let (notation, lang) = NOTATIONS[player % NOTATIONS.len()];
    let n = pos.fullmoves().get();
    let number = if pos.turn() == Color::White {
        format!("{n}.")
    } else {
        format!("{n}...")
    };
    Message {
        from: address(player),
        id: format!("<bench-{s:06}@example.org>"),
        text: format!(
            "{}{number} {}",
            id.map_or(String::new(), |id| format!("{id} ")),
            write_move(pos, mv, notation, &WriteOptions::new(lang))
        ),
    }
}

/// The file system a directory is on, from `/proc/self/mountinfo`: its type
/// and device.
fn filesystem(dir: &Path) -> String {
    let Ok(info) = fs::read_to_string("/proc/self/mountinfo") else {
        return "unknown".into();
    };
    let mut best: Option<(usize, String)> = None;
    for line in info.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        let Some(sep) = fields.iter().position(|f| *f == "-") else {
            continue;
        };
        let (Some(mount), Some(fstype)) = (fields.get(4), fields.get(sep + 1)) else {
            continue;
        };
        let device = fields.get(sep + 2).copied().unwrap_or("?");
        if dir.starts_with(mount) && best.as_ref().is_none_or(|(len, _)| mount.len() >= *len) {
            best = Some((
                mount.len(),
                format!("{fstype} on {device}, mounted at {mount}"),
            ));
        }
    }
    best.map_or_else(|| "unknown".into(), |(_, s)| s)
}
