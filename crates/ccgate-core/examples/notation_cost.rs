//! The per-move workload of `benches/notation.rs` run once, for counting
//! instructions with callgrind, which the load of a shared machine does not
//! move as it moves criterion's times (bench/notation_instructions.sh).
//!
//! Usage: `notation_cost NOTATION read|write|shakmaty_read|shakmaty_write`.
//! Only [`measured`] is to be counted (`--toggle-collect=*measured*`): the
//! preparation (workload, texts) is left out.

use std::hint::black_box;
use std::process::ExitCode;

use ccgate_core::notation::{Notation, ReadOptions, WriteOptions, read_move, write_move};
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

/// The benchmark's: the first 50 standard-chess games of the derived TSV.
const GAMES: usize = 50;

fn workload() -> Result<Vec<(Chess, Move)>, String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/derived/games_uci.tsv"
    );
    let tsv = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut pairs = Vec::new();
    let mut games = 0;
    for row in tsv.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        if cols.len() < 18 || cols[4] != "ok" || cols[5] != "chess" {
            continue;
        }
        let mut pos = Chess::default();
        let mut game = Vec::new();
        let replayed = cols[cols.len() - 1].split_whitespace().all(|token| {
            match token.parse::<UciMove>().map(|u| u.to_move(&pos)) {
                Ok(Ok(mv)) => {
                    game.push((pos.clone(), mv));
                    pos.play_unchecked(mv);
                    true
                }
                _ => false,
            }
        });
        if replayed {
            pairs.extend(game);
            games += 1;
            if games == GAMES {
                break;
            }
        }
    }
    Ok(pairs)
}

enum Work {
    Read(Vec<String>),
    Write,
    ShakmatyRead(Vec<String>),
    ShakmatyWrite,
}

/// The counted part: one pass over the workload.
#[inline(never)]
fn measured(pairs: &[(Chess, Move)], notation: Notation, work: &Work) -> usize {
    let ropts = ReadOptions::default();
    let wopts = WriteOptions::default();
    let mut ok = 0;
    for (i, (pos, mv)) in pairs.iter().enumerate() {
        ok += usize::from(match work {
            Work::Read(texts) => {
                read_move(pos, black_box(&texts[i]), notation, &ropts).map(|r| r.mv) == Ok(*mv)
            }
            Work::Write => !black_box(write_move(pos, black_box(*mv), notation, &wopts)).is_empty(),
            Work::ShakmatyRead(texts) => {
                San::from_ascii(black_box(texts[i].as_bytes()))
                    .ok()
                    .and_then(|san| san.to_move(pos).ok())
                    == Some(*mv)
            }
            Work::ShakmatyWrite => {
                black_box(SanPlus::from_move(pos.clone(), black_box(*mv)));
                true
            }
        });
    }
    ok
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, what] = args.as_slice() else {
        eprintln!("usage: notation_cost NOTATION read|write|shakmaty_read|shakmaty_write");
        return ExitCode::from(2);
    };
    let Some(notation) = Notation::ALL.into_iter().find(|n| n.name() == name) else {
        eprintln!("unknown notation {name}");
        return ExitCode::from(2);
    };
    let pairs = match workload() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let wopts = WriteOptions::default();
    let work = match what.as_str() {
        "read" => Work::Read(
            pairs
                .iter()
                .map(|(pos, mv)| write_move(pos, *mv, notation, &wopts))
                .collect(),
        ),
        "write" => Work::Write,
        "shakmaty_read" => Work::ShakmatyRead(
            pairs
                .iter()
                .map(|(pos, mv)| SanPlus::from_move(pos.clone(), *mv).to_string())
                .collect(),
        ),
        "shakmaty_write" => Work::ShakmatyWrite,
        _ => {
            eprintln!("unknown work {what}");
            return ExitCode::from(2);
        }
    };
    let ok = measured(&pairs, notation, &work);
    println!("{} moves, {ok} done", pairs.len());
    if ok == pairs.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
