//! Differential test against python-chess: every standard game of the test
//! data, converted from its PGN into each notation and back to UCI, equals the
//! UCI that python-chess 1.11.2 read from the same file
//! (`tests/data/derived/games_uci.tsv`).
//!
//! Games are matched per file in order, counting only games with moves: the
//! two readers split a few files differently (python-chess makes a separate
//! empty game of a comment between the tags and the moves), and games with
//! moves are what both must agree on.

use std::collections::BTreeMap;

use ccgate_core::notation::movetext::{
    Game, GameError, MovetextOptions, Unterminated, read_games, write_movetext,
};
use ccgate_core::notation::{Notation, WriteOptions};

struct Row {
    game_in_file: usize,
    status: String,
    variant: String,
    uci: String,
}

fn python_rows() -> BTreeMap<String, Vec<Row>> {
    let tsv = std::fs::read_to_string(crate::support::data_path("derived/games_uci.tsv"))
        .expect("games_uci.tsv");
    let mut by_file: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        by_file.entry(cols[1].to_string()).or_default().push(Row {
            game_in_file: cols[2].parse().expect("game index"),
            status: cols[4].to_string(),
            variant: cols[5].to_string(),
            uci: cols[17].to_string(),
        });
    }
    by_file
}

fn ours(path: &str) -> Vec<Game> {
    let bytes = std::fs::read(crate::support::data_path(path)).expect("pgn file");
    let text = String::from_utf8(bytes.clone())
        .unwrap_or_else(|_| bytes.iter().map(|&b| char::from(b)).collect());
    read_games(&text, &MovetextOptions::default())
}

/// Writes a game in `notation`, reads that text back, and returns its UCI.
fn through(game: &Game, notation: Notation) -> String {
    let opts = WriteOptions::default();
    let written = write_movetext(game, notation, &opts);
    let mut reread_opts = MovetextOptions {
        from: Some(notation),
        ..MovetextOptions::default()
    };
    reread_opts.start = Some(game.start.clone());
    let again = read_games(&written, &reread_opts);
    assert_eq!(again.len(), 1, "{notation}: {written}");
    assert!(
        again[0].error.is_none(),
        "{notation}: {written}: {:?}",
        again[0].error
    );
    let uci = write_movetext(&again[0], Notation::Uci, &opts);
    // Drop move numbers and the result token.
    uci.split(' ')
        .filter(|t| !t.ends_with('.') && !matches!(*t, "*" | "1-0" | "0-1" | "1/2-1/2"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Files that python-chess reads wrongly, with what we read instead. Each
/// entry is asserted, so the list cannot go stale silently.
const EXCEPTIONS: &[(&str, &str)] = &[
    (
        "pgn/edgecases/pgn-extract/nested-comment.pgn",
        "python-chess ends the comment at the inner `}` and reads the prose word `--nestedcomment` as a null move",
    ),
    (
        "pgn/edgecases/scalachess/blackAbsentResult.pgn",
        "python-chess reads the forfeit result `+--` as a null move; it is a result (White wins by forfeit)",
    ),
    (
        "pgn/edgecases/scalachess/gameWithComments.pgn",
        "python-chess ends the game at a `%` escape line after a blank line and fails on the rest; the game is one game of 106 plies (its PlyCount tag)",
    ),
    (
        "pgn/edgecases/scalachess/fromCrafty.pgn",
        "python-chess ends the game at the detached `8. ...` after a variation and reads the rest as new games from the initial position",
    ),
];

fn uci_of(game: &Game) -> String {
    through(game, Notation::Uci)
}

#[test]
fn every_standard_game_python_reads_we_read_the_same() {
    compare_with_python(false);
}

/// Every game python-chess reads, read by us to the same line; each is also
/// written and read back in every notation when `every_notation` is set, on
/// a sample of them otherwise.
fn compare_with_python(every_notation: bool) {
    let mut compared = 0;
    let mut notations_checked = 0;
    let mut failures = Vec::new();
    for (file, rows) in python_rows() {
        if EXCEPTIONS.iter().any(|(f, _)| *f == file) {
            continue;
        }
        let theirs: Vec<&Row> = rows.iter().filter(|r| !r.uci.is_empty()).collect();
        let games: Vec<Game> = ours(&file)
            .into_iter()
            .filter(|g| !g.line.is_empty() || g.error.is_some())
            .collect();
        let mut mine = games.iter();
        for row in theirs {
            let Some(game) = mine.next() else {
                failures.push(format!(
                    "{file}: python-chess read game {} with moves; we have no more games",
                    row.game_in_file
                ));
                break;
            };
            if row.status != "ok" || row.variant != "chess" {
                continue;
            }
            // A tag value without its closing quote is reported, and its
            // game's moves are read all the same, as python-chess does.
            let open_string = matches!(
                game.error,
                Some(GameError::Unterminated {
                    what: Unterminated::String,
                    ..
                })
            );
            if let Some(e) = game.error.as_ref().filter(|_| !open_string) {
                failures.push(format!("{file} game {}: {e}", row.game_in_file));
                continue;
            }
            let direct = uci_of(game);
            if direct != row.uci {
                failures.push(format!(
                    "{file} game {}: we read {direct}\n  python-chess {}",
                    row.game_in_file, row.uci
                ));
                continue;
            }
            compared += 1;
            // Every notation on a sample keeps the debug run short; the ignored
            // test below runs all of them on every game.
            if compared % 25 == 1 || every_notation {
                for n in Notation::ALL {
                    assert_eq!(
                        through(game, n),
                        row.uci,
                        "{file} game {} via {n}",
                        row.game_in_file
                    );
                    notations_checked += 1;
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} games differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(compared > 6000, "compared only {compared} games");
    assert!(
        notations_checked >= 8 * 200,
        "only {notations_checked} conversions"
    );
}

#[test]
#[ignore = "whole sweep; run in the optimised profile: cargo test --profile test-opt -- --ignored"]
fn every_standard_game_in_every_notation() {
    compare_with_python(true);
}

#[test]
fn python_chess_misreadings_are_read_correctly() {
    let rows = python_rows();
    let py = |file: &str| -> Vec<String> {
        rows[file]
            .iter()
            .filter(|r| !r.uci.is_empty())
            .map(|r| r.uci.clone())
            .collect()
    };
    for (file, reason) in EXCEPTIONS {
        let games = ours(file);
        assert!(
            games.iter().all(|g| g.error.is_none()),
            "{file} ({reason}): {:?}",
            games.iter().find_map(|g| g.error.as_ref())
        );
        match *file {
            "pgn/edgecases/pgn-extract/nested-comment.pgn" => {
                assert_eq!(py(file), ["e2e4 0000"], "{reason}");
                assert_eq!(games.len(), 1);
                assert_eq!(uci_of(&games[0]), "e2e4");
            }
            "pgn/edgecases/scalachess/blackAbsentResult.pgn" => {
                assert_eq!(py(file), ["0000"], "{reason}");
                assert_eq!(games.len(), 1);
                assert!(games[0].line.is_empty());
                assert_eq!(games[0].result.as_deref(), Some("1-0"));
            }
            "pgn/edgecases/scalachess/gameWithComments.pgn" => {
                // python-chess's second game restarts from the initial position and fails.
                let parts = py(file);
                assert_eq!(parts.len(), 2, "{reason}");
                assert_eq!(games.len(), 1);
                assert!(uci_of(&games[0]).starts_with(&parts[0]));
                assert_eq!(
                    games[0].line.len().to_string(),
                    games[0].tag("PlyCount").unwrap_or_default()
                );
                assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
            }
            "pgn/edgecases/scalachess/fromCrafty.pgn" => {
                let theirs = &py(file)[0];
                assert_eq!(games.len(), 1, "{reason}");
                let whole = uci_of(&games[0]);
                assert!(
                    whole.starts_with(theirs.as_str()) && whole.len() > theirs.len(),
                    "{reason}: {whole}"
                );
                assert_eq!(games[0].result.as_deref(), Some("0-1"));
            }
            other => panic!("exception {other} has no assertion"),
        }
    }
}
