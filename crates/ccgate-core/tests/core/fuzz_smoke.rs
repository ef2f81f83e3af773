//! A short fuzzing run inside the normal test suite (the long runs are the
//! cargo-fuzz targets in `fuzz/`, see `bench/fuzz.sh`): arbitrary and
//! move-like text into `read_move` for every notation and language, and into
//! `read_games`; plus a replay of every input in
//! `tests/data/fuzz-regressions/`. The properties are in `fuzz_checks`.

use crate::fuzz_checks;

use std::sync::OnceLock;

use ccgate_core::notation::movetext::MovetextOptions;
use ccgate_core::notation::{Lang, Notation, WriteOptions, write_move};
use fuzz_checks::{check_movetext, check_movetext_input, check_read, check_read_input, positions};
use proptest::prelude::*;
use shakmaty::{Chess, Position};

fn positions_once() -> &'static [Chess] {
    static POSITIONS: OnceLock<Vec<Chess>> = OnceLock::new();
    POSITIONS.get_or_init(positions)
}

/// The languages worth trying for a notation: only algebraic notations have
/// piece letters that depend on the language.
fn langs(notation: Notation) -> &'static [Lang] {
    match notation {
        Notation::San | Notation::Lan | Notation::Figurine => Lang::ALL,
        _ => &[Lang::En],
    }
}

fn read_everywhere(text: &str) {
    for pos in positions_once() {
        for notation in Notation::ALL {
            for &lang in langs(notation) {
                check_read(pos, text, notation, lang);
            }
        }
    }
}

/// Characters of moves in every notation and language, and their typos.
const MOVE_CHARS: &[char] = &[
    'K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', 'a', 'b', 'c', 'd', 'e', 'f', 'g',
    'h', '1', '2', '3', '4', '5', '6', '7', '8', 'x', 'X', ':', '-', '=', '+', '#', '!', '?', '(',
    ')', '/', '.', 'O', '0', ' ', '♔', '♕', '♖', '♗', '♘', '♙', '♚', '♛', '♜', '♝', '♞', '♟', 'К',
    'р', 'Ф', 'Л', 'С', 'Т', 'D', 'S', 'T', 'L', 'C', 'F', 'A', 'o', 'i', 't', 'y',
];

fn move_like() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(MOVE_CHARS), 0..12)
        .prop_map(|chars| chars.into_iter().collect())
}

/// A legal move's own text with a few characters changed: the inputs that
/// reach move resolution rather than stop at the syntax.
fn near_miss() -> impl Strategy<Value = String> {
    (
        0..fuzz_checks::FENS.len(),
        any::<prop::sample::Index>(),
        prop::sample::select(Notation::ALL.to_vec()),
        prop::sample::select(Lang::ALL),
        prop::collection::vec(
            (
                0..3u8,
                any::<prop::sample::Index>(),
                prop::sample::select(MOVE_CHARS),
            ),
            0..3,
        ),
    )
        .prop_map(|(p, m, notation, lang, edits)| {
            let pos = &positions_once()[p];
            let moves = pos.legal_moves();
            let mv = moves[m.index(moves.len())];
            let mut chars: Vec<char> = write_move(pos, mv, notation, &WriteOptions::new(lang))
                .chars()
                .collect();
            for (op, at, c) in edits {
                let i = at.index(chars.len() + 1);
                match op {
                    0 => chars.insert(i, c),
                    1 if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ if i < chars.len() => chars[i] = c,
                    _ => chars.push(c),
                }
            }
            chars.into_iter().collect()
        })
}

/// Pieces of PGN: tags, move numbers, moves of several notations, comments,
/// variations, NAGs, results, escapes and line breaks.
const PGN_TOKENS: &[&str] = &[
    "[Event \"x\"]",
    "[FEN \"4k3/5P2/8/8/8/8/8/4K3 w - - 0 1\"]",
    "[FEN \"r3k2r/8/8/8/3pP3/8/1p6/R3K2R b KQkq e3 0 2\"]",
    "[FEN \"bad\"]",
    "[Variant \"Crazyhouse\"]",
    "[Result \"1-0\"]",
    "[",
    "]",
    "\"",
    "1.",
    "1...",
    "2.",
    "12.",
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "O-O",
    "0-0-0",
    "exd6",
    "e.p.",
    "f8=Q",
    "f8Q+",
    "bxa1=N#",
    "Sf3",
    "Кf3",
    "♘f3",
    "e2e4",
    "e7e5",
    "e2-e4",
    "Ng1-f3",
    "5254",
    "5755",
    "67681",
    "5171",
    "gego",
    "P-K4",
    "N-KB3",
    "PxP",
    "--",
    "{",
    "}",
    "{ comment }",
    "(",
    ")",
    "$1",
    "!?",
    ";",
    "%",
    "1-0",
    "0-1",
    "1/2-1/2",
    "½-½",
    "*",
    "\n",
    "\n\n",
    "\r\n",
    "\u{feff}",
];

fn pgn_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::sample::select(PGN_TOKENS),
            prop::sample::select(&[" ", "", "\n"][..]),
        ),
        0..40,
    )
    .prop_map(|parts| parts.into_iter().flat_map(|(t, sep)| [t, sep]).collect())
}

fn movetext_options() -> impl Strategy<Value = MovetextOptions> {
    (
        prop::option::of(prop::sample::select(Notation::ALL.to_vec())),
        prop::sample::select(Lang::ALL),
        prop::option::of(0..fuzz_checks::FENS.len()),
    )
        .prop_map(|(from, lang, start)| MovetextOptions {
            from,
            lang,
            start: start.map(|i| positions_once()[i].clone()),
            ..MovetextOptions::default()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn read_move_any_unicode(text in any::<String>()) {
        read_everywhere(&text);
    }

    #[test]
    fn read_move_move_like(text in move_like()) {
        read_everywhere(&text);
    }

    #[test]
    fn read_move_near_miss(text in near_miss()) {
        read_everywhere(&text);
    }

    #[test]
    fn read_games_any_unicode(text in any::<String>(), opts in movetext_options()) {
        check_movetext(&text, &opts);
    }

    #[test]
    fn read_games_pgn_like(text in pgn_like(), opts in movetext_options()) {
        check_movetext(&text, &opts);
    }

    #[test]
    fn fuzz_input_format(data in prop::collection::vec(any::<u8>(), 0..40)) {
        check_read_input(&data, positions_once());
        check_movetext_input(&data);
    }
}

/// Every input the fuzzers once crashed on, in the fuzz targets' format,
/// through both targets' checks.
#[test]
fn fuzz_regressions_replay() {
    let dir = crate::support::data_path("fuzz-regressions");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("README"))
        })
        .collect();
    files.sort();
    for path in files {
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        eprintln!("replaying {}", path.display());
        check_read_input(&data, positions_once());
        check_movetext_input(&data);
    }
}

/// Found by `read_games_pgn_like`: a mark on a null move was written glued
/// (`1. --! *`), which no reader takes for a move. Marks and the draw offer
/// after a null move are written apart and read back.
#[test]
fn marks_after_a_null_move_read_back() {
    for text in ["-- $1 [ ", "1. -- $1 (=) 1... e5 *", "1. e4 -- $2 $14 *"] {
        for comments in [false, true] {
            let opts = MovetextOptions {
                from: None,
                lang: Lang::En,
                start: None,
                comments,
            };
            check_movetext(text, &opts);
        }
    }
}
