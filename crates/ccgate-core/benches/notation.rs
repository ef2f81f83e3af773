//! Per-move cost of reading and writing each notation, next to shakmaty's own
//! SAN code as the baseline the issue measures against:
//!
//! - read: `read_move` (syntax and resolution to the legal move) vs.
//!   `San::from_ascii(..)` + `.to_move(&pos)`; issue target <= 2x.
//! - write: `write_move` vs. `SanPlus::from_move(pos.clone(), m)` (check
//!   marks included); issue target <= 2x. `append` (into a reused buffer, as
//!   movetext output does) is measured too, for information.
//!
//! Workload: every (position, move) of the first 50 standard-chess games that
//! python-chess read without error in `tests/data/derived/games_uci.tsv`,
//! prepared before timing. One iteration handles the whole workload, so
//! criterion's time per iteration divided by the number of moves (printed at
//! start, and used by `bench/notation_ratios.sh`) is the time per move.
//!
//! Run: `cargo bench --bench notation`, then `bench/notation_ratios.sh`.

use std::hint::black_box;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use ccgate_core::notation::{
    Notation, ReadOptions, WriteOptions, append_move, read_move, write_move,
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

const GAMES: usize = 50;

/// The (position, move) pairs of the workload.
fn workload() -> Vec<(Chess, Move)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        // The test data is the workspace's, two levels up from this crate.
        "/../../tests/data/derived/games_uci.tsv"
    );
    let tsv = std::fs::read_to_string(path).expect("tests/data/derived/games_uci.tsv");
    let mut pairs = Vec::new();
    let mut games = 0;
    for row in tsv.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        if cols.len() < 18 || cols[4] != "ok" || cols[5] != "chess" {
            continue;
        }
        // The TSV has no start position; a game from a FEN tag would not
        // replay from the standard one and is left out as a whole.
        let Some(game) = replay(cols[cols.len() - 1]) else {
            continue;
        };
        pairs.extend(game);
        games += 1;
        if games == GAMES {
            break;
        }
    }
    pairs
}

fn replay(uci_moves: &str) -> Option<Vec<(Chess, Move)>> {
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for token in uci_moves.split_whitespace() {
        let mv = token.parse::<UciMove>().ok()?.to_move(&pos).ok()?;
        out.push((pos.clone(), mv));
        pos.play_unchecked(mv);
    }
    Some(out)
}

/// The notation's text of every move (`None` while `write_move` is a
/// placeholder that panics), and why reading cannot be benchmarked yet: text
/// that does not read back as the move it was written from would time the
/// error path instead of the reader.
fn readiness(pairs: &[(Chess, Move)], notation: Notation) -> (Option<Vec<String>>, Option<String>) {
    let wopts = WriteOptions::default();
    let written = catch_unwind(AssertUnwindSafe(|| {
        pairs
            .iter()
            .map(|(pos, mv)| write_move(pos, *mv, notation, &wopts))
            .collect::<Vec<_>>()
    }));
    let Ok(texts) = written else {
        return (None, Some("write_move panics".to_string()));
    };
    let ropts = ReadOptions::default();
    let mut bad = 0;
    let mut first = None;
    for ((pos, mv), text) in pairs.iter().zip(&texts) {
        let back = catch_unwind(AssertUnwindSafe(|| read_move(pos, text, notation, &ropts)));
        let ok = matches!(&back, Ok(Ok(r)) if r.mv == *mv);
        if !ok {
            bad += 1;
            first.get_or_insert_with(|| {
                format!(
                    "{text:?} in {}: {:?}",
                    shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal),
                    back.map_err(|_| "panic")
                )
            });
        }
    }
    let problem = first.map(|f| {
        format!(
            "{bad} of {} moves do not read back; first: {f}",
            pairs.len()
        )
    });
    (Some(texts), problem)
}

fn bench(c: &mut Criterion) {
    let pairs = workload();
    let n = pairs.len();
    println!("workload: {n} moves from the first {GAMES} games (per-move time = time / {n})");
    let san_texts: Vec<String> = pairs
        .iter()
        .map(|(pos, mv)| SanPlus::from_move(pos.clone(), *mv).to_string())
        .collect();
    let ropts = ReadOptions::default();
    let wopts = WriteOptions::default();

    for notation in Notation::ALL {
        let (texts, problem) = readiness(&pairs, notation);
        if let Some(problem) = &problem {
            println!("{notation}: read not benchmarked: {problem}");
        }
        let Some(texts) = texts else {
            println!("{notation}: skipped");
            continue;
        };
        let mut group = c.benchmark_group(notation.name());
        group.throughput(Throughput::Elements(n as u64));

        // The baselines are measured in every group, right next to the code
        // they are compared with, so that load from other processes affects
        // both sides of a ratio alike.
        group.bench_function("shakmaty_read", |b| {
            b.iter(|| {
                for ((pos, _), text) in pairs.iter().zip(&san_texts) {
                    let san = San::from_ascii(black_box(text.as_bytes())).expect("SAN");
                    black_box(san.to_move(pos).expect("legal"));
                }
            })
        });
        if problem.is_none() {
            group.bench_function("read", |b| {
                b.iter(|| {
                    for ((pos, _), text) in pairs.iter().zip(&texts) {
                        black_box(
                            read_move(pos, black_box(text), notation, &ropts)
                                .map(|r| r.mv)
                                .ok(),
                        );
                    }
                })
            });
        }

        group.bench_function("shakmaty_write", |b| {
            b.iter(|| {
                for (pos, mv) in &pairs {
                    black_box(SanPlus::from_move(pos.clone(), black_box(*mv)));
                }
            })
        });
        group.bench_function("write", |b| {
            b.iter(|| {
                for (pos, mv) in &pairs {
                    black_box(write_move(pos, black_box(*mv), notation, &wopts));
                }
            })
        });
        group.bench_function("append", |b| {
            let mut out = String::with_capacity(64);
            b.iter(|| {
                for (pos, mv) in &pairs {
                    out.clear();
                    append_move(pos, black_box(*mv), notation, &wopts, &mut out);
                    black_box(&out);
                }
            })
        });
        group.finish();
    }
}

fn config() -> Criterion {
    // Shorter than criterion's defaults: 8 groups of 5 functions, and the
    // workload is large enough per iteration to be stable in 2 s.
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
}

criterion_group! { name = benches; config = config(); targets = bench }
criterion_main!(benches);
