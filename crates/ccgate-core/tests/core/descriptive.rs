//! English descriptive notation: the cheesse/ostinato cases, round trips over
//! real games, and one test per syntax form and error kind.

use std::collections::HashMap;

use ccgate_core::notation::{
    CheckMark, Illegal, Notation, ReadError, ReadOptions, Warning, WriteOptions, read_move,
    write_move,
};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position, Role, Square};

fn data(rel: &str) -> String {
    let path = crate::support::data_path(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn fen(s: &str) -> Chess {
    let fen: Fen = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
    fen.into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn uci(pos: &Chess, s: &str) -> Move {
    let u: UciMove = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
    u.to_move(pos).unwrap_or_else(|e| {
        panic!(
            "{s} in {}: {e}",
            Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
        )
    })
}

fn read(pos: &Chess, text: &str) -> Result<ccgate_core::notation::Reading, ReadError> {
    read_move(pos, text, Notation::Descriptive, &ReadOptions::default())
}

fn write(pos: &Chess, mv: Move) -> String {
    write_move(pos, mv, Notation::Descriptive, &WriteOptions::default())
}

/// The UCI of what `text` reads as, or a panic with the error.
fn read_uci(pos: &Chess, text: &str) -> String {
    match read(pos, text) {
        Ok(r) => r.mv.to_uci(CastlingMode::Standard).to_string(),
        Err(e) => panic!("{text}: {e}"),
    }
}

fn after(pos: &Chess, ucis: &str) -> Chess {
    let mut pos = pos.clone();
    for u in ucis.split_whitespace() {
        let m = uci(&pos, u);
        pos.play_unchecked(m);
    }
    pos
}

fn start() -> Chess {
    Chess::default()
}

// ---------------------------------------------------------------------------
// 1. The descriptive rows of the cheesse/ostinato notation cases.

/// Words that qualify the move before them when a transcription writes them apart.
fn is_suffix_word(t: &str) -> bool {
    [
        "ch", "ch.", "check", "mate", "e.p.", "ep", "dis", "dis.", "dbl", "dbl.", "+", "#", "!",
        "?", "!!", "??", "!?", "?!",
    ]
    .iter()
    .any(|w| w.eq_ignore_ascii_case(t))
}

fn is_move_number(t: &str) -> bool {
    let digits = t.trim_end_matches('.');
    !digits.is_empty() && digits.len() < t.len() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn is_result(t: &str) -> bool {
    ["1-0", "0-1", "1/2-1/2", "*"].contains(&t) || t.eq_ignore_ascii_case("resigns")
}

/// Splits a movetext into move tokens, keeping `Resigns`/results apart.
fn tokens(movetext: &str) -> (Vec<String>, Option<String>) {
    let mut moves: Vec<String> = Vec::new();
    let mut result = None;
    for t in movetext.split_whitespace() {
        if is_move_number(t) {
            continue;
        }
        if is_result(t) {
            result = Some(t.to_string());
            continue;
        }
        match moves.last_mut() {
            Some(last) if is_suffix_word(t) => {
                last.push(' ');
                last.push_str(t);
            }
            _ => moves.push(t.to_string()),
        }
    }
    (moves, result)
}

struct Row {
    line: usize,
    source: String,
    fen: String,
    input: String,
    status: String,
    uci: Vec<String>,
}

fn descriptive_rows() -> Vec<Row> {
    let text = data("notation/notation_cases_ostinato_cheesse.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let (source, notation, start_fen, input, status, oracle_uci) = (
        col("source"),
        col("notation"),
        col("start_fen"),
        col("input"),
        col("oracle_status"),
        col("oracle_uci"),
    );
    let mut rows = Vec::new();
    for (i, line) in lines.enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.get(notation) != Some(&"descriptive") {
            continue;
        }
        let get = |c: usize| f.get(c).copied().unwrap_or_default().to_string();
        rows.push(Row {
            line: i + 2,
            source: get(source),
            fen: get(start_fen),
            input: get(input).replace("\\n", "\n"),
            status: get(status),
            uci: get(oracle_uci)
                .split_whitespace()
                .map(str::to_string)
                .collect(),
        });
    }
    rows
}

/// Moves that only the check mark tells apart from another legal move: the
/// descriptive reader takes the one move that gives the check the text
/// claims. (source, index of the token, token, the other move)
const CHECK_MARK_DECIDES: &[(&str, usize, &str, &str)] = &[
    // French Defence: after 1. P-K4 P-K3 2. P-Q4 P-Q4 3. N-QB3 B-N5 both
    // bishops can go to an N5 (f1-b5 and c1-g5); only B-QN5 gives check.
    (
        "marianogappa/cheesse parser/notation_descriptive_captures_test.go:116",
        6,
        "B-N5ch",
        "c1g5",
    ),
    // Evergreen game, 21. QxPch: the queen on QR4 can take the QRP or the QP.
    (
        "marianogappa/cheesse parser/notation_descriptive_captures_test.go:122",
        40,
        "QxPch",
        "a4a7",
    ),
    // Same game, 22. B-B5dblch: the bishop on QR3 could also go to QB5.
    (
        "marianogappa/cheesse parser/notation_descriptive_captures_test.go:122",
        42,
        "B-B5dblch",
        "a3c5",
    ),
    // Chernev's ending 294 (two transcriptions), 3. R-B8ch: QB8 or KB8.
    (
        "marianogappa/cheesse parser/notation_descriptive_captures_test.go:128",
        4,
        "R-B8ch",
        "a8c8",
    ),
    (
        "marianogappa/cheesse parser/ostinato_corpus_test.go:74",
        4,
        "R-B8ch",
        "a8c8",
    ),
];

#[test]
fn cheesse_ostinato_rows() {
    let rows = descriptive_rows();
    assert!(
        rows.len() >= 40,
        "expected about 41 descriptive rows, found {}",
        rows.len()
    );
    let (mut ok_rows, mut rejected_rows, mut moves, mut warned, mut decided_by_mark) =
        (0, 0, 0, 0, 0);
    for row in &rows {
        let mut pos = fen(&row.fen);
        let (toks, result) = tokens(&row.input);
        if row.status != "ok" {
            // The one expected rejection: two rooks reach Q1.
            assert_eq!(toks, ["R-Q1"], "line {}", row.line);
            match read(&pos, "R-Q1") {
                Err(ReadError::Ambiguous { candidates, .. }) => {
                    let texts: Vec<&str> = candidates.iter().map(|c| c.text.as_str()).collect();
                    assert_eq!(texts.len(), 2, "line {}: {texts:?}", row.line);
                    for t in texts {
                        assert!(t == "QR-Q1ch" || t == "KR-Q1ch", "line {}: {t}", row.line);
                    }
                }
                other => panic!("line {}: expected ambiguous, got {other:?}", row.line),
            }
            rejected_rows += 1;
            continue;
        }
        assert_eq!(
            toks.len(),
            row.uci.len(),
            "line {}: tokens {toks:?} vs oracle {:?}",
            row.line,
            row.uci
        );
        for (i, (tok, expected)) in toks.iter().zip(&row.uci).enumerate() {
            let want = uci(&pos, expected);
            if let Some(&(_, _, _, other)) = CHECK_MARK_DECIDES
                .iter()
                .find(|&&(s, at, t, _)| s == row.source && at == i && t == tok)
            {
                // Without its check mark the token fits both moves.
                let bare = tok.trim_end_matches("dblch").trim_end_matches("ch");
                let texts = ambiguous(&pos, bare);
                let other = uci(&pos, other);
                assert!(
                    texts.contains(&write(&pos, want)) && texts.contains(&write(&pos, other)),
                    "{texts:?}"
                );
                decided_by_mark += 1;
            }
            let reading =
                read(&pos, tok).unwrap_or_else(|e| panic!("line {} move {i} {tok}: {e}", row.line));
            assert_eq!(reading.mv, want, "line {} move {i} {tok}", row.line);
            if !reading.warnings.is_empty() {
                warned += 1;
            }
            pos.play_unchecked(reading.mv);
            moves += 1;
        }
        if let Some(result) = result {
            // A result is not a move: `Resigns` and `1-0` are malformed.
            assert!(
                matches!(read(&pos, &result), Err(ReadError::Malformed { .. })),
                "line {}: {result}",
                row.line
            );
        }
        ok_rows += 1;
    }
    eprintln!(
        "descriptive rows: {ok_rows} replayed ({moves} moves read, {warned} with warnings, \
         {decided_by_mark} told apart by the check mark), {rejected_rows} rejected"
    );
    assert_eq!(ok_rows + rejected_rows, rows.len());
    assert_eq!(decided_by_mark, CHECK_MARK_DECIDES.len());
}

#[test]
fn cheesse_marks_are_right() {
    // The transcriptions' check marks agree with the board, except where noted.
    let pos = fen("1q3k2/7K/1P1P1p2/R2P4/8/B5p1/8/8 w - - 0 1");
    let pos = after(&pos, "b6b7 f8f7 a5a8 b8b7 a8f8 f7f8");
    let r = read(&pos, "P-Q7dis.ch").unwrap();
    assert_eq!(r.mv, uci(&pos, "d6d7"));
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let pos = after(&pos, "d6d7 f8f7");
    let r = read(&pos, "P-Q8(N)ch").unwrap();
    assert_eq!(r.mv, uci(&pos, "d7d8n"));
    assert!(r.warnings.is_empty());
}

// ---------------------------------------------------------------------------
// 2. Round trips: every legal move of many positions is written and read back.

fn round_trip_position(pos: &Chess, count: &mut usize) {
    let mut out = String::new();
    for mv in pos.legal_moves() {
        out.clear();
        ccgate_core::notation::append_move(
            pos,
            mv,
            Notation::Descriptive,
            &WriteOptions::default(),
            &mut out,
        );
        let reading = read(pos, &out).unwrap_or_else(|e| {
            panic!(
                "{} {mv}: wrote {out:?}, read back: {e}",
                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
            )
        });
        assert_eq!(
            reading.mv,
            mv,
            "{}: {out}",
            Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
        );
        assert!(reading.warnings.is_empty(), "{out}: {:?}", reading.warnings);
        assert_eq!(reading.nag, None);
        *count += 1;
    }
}

/// Plays a game's UCI moves from the start, calling `visit` on every position
/// (with the move about to be played). Stops at a move that is not legal from
/// the standard start (games set up from a FEN tag) and returns how far it got.
fn replay(ucis: &str, mut visit: impl FnMut(&Chess, &Move)) -> usize {
    let mut pos = Chess::default();
    let mut plies = 0;
    for u in ucis.split_whitespace() {
        let Ok(m) = u
            .parse::<UciMove>()
            .map_err(|_| ())
            .and_then(|m| m.to_move(&pos).map_err(|_| ()))
        else {
            break;
        };
        visit(&pos, &m);
        pos.play_unchecked(m);
        plies += 1;
    }
    plies
}

struct Game {
    source: String,
    flags: HashMap<&'static str, bool>,
    uci: String,
}

fn games() -> Vec<Game> {
    let text = data("derived/games_uci.tsv");
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap_or_default()
        .split('\t')
        .map(str::to_string)
        .collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let flag_names = [
        "promotion",
        "underpromotion",
        "en_passant",
        "castle_kingside",
        "castle_queenside",
    ];
    let (status, variant, moves, source) = (
        col("parse_status"),
        col("variant"),
        col("uci_moves"),
        col("source_file"),
    );
    let mut out = Vec::new();
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        if f.get(status) != Some(&"ok") || f.get(variant) != Some(&"chess") {
            continue;
        }
        let flags = flag_names
            .iter()
            .map(|n| (*n, f.get(col(n)) == Some(&"1")))
            .collect();
        out.push(Game {
            source: f.get(source).copied().unwrap_or_default().to_string(),
            flags,
            uci: f.get(moves).copied().unwrap_or_default().to_string(),
        });
    }
    out
}

/// Games set up from a FEN tag: their moves do not replay from the start.
const FEN_STARTS: &[&str] = &["pgn/edgecases/pgn-extract/odds.pgn"];

#[test]
fn round_trip_first_200_games() {
    // Null moves (`0000`) cannot be played on a `Chess` position.
    let games: Vec<Game> = games()
        .into_iter()
        .filter(|g| {
            !FEN_STARTS.contains(&g.source.as_str())
                && !g.uci.split_whitespace().any(|u| u == "0000")
        })
        .take(200)
        .collect();
    let fischer = games
        .iter()
        .filter(|g| g.source.ends_with("fischer.pgn"))
        .count();
    assert!(
        fischer >= 30,
        "the first games include Fischer's ({fischer})"
    );
    let (mut positions, mut moves, mut short) = (0, 0, Vec::new());
    for g in &games {
        let total = g.uci.split_whitespace().count();
        let plies = replay(&g.uci, |pos, _| {
            round_trip_position(pos, &mut moves);
            positions += 1;
        });
        if plies < total {
            short.push(&g.source);
        }
    }
    eprintln!(
        "round trip: {} games, {positions} positions, {moves} moves",
        games.len()
    );
    assert!(positions > 14_000, "{positions}");
    assert!(
        short.is_empty(),
        "games that do not replay from the start: {short:?}"
    );
}

#[test]
fn round_trip_promotion_en_passant_castling() {
    let games = games();
    let (mut positions, mut moves, mut long_castles) = (0, 0, 0);
    let mut by_kind = HashMap::<&str, usize>::new();
    for g in &games {
        let flagged = ["promotion", "underpromotion", "en_passant"]
            .iter()
            .any(|k| g.flags[k]);
        // Queenside castling is in a third of the games: the first 300 do.
        let castles = g.flags["castle_queenside"] && long_castles < 300;
        if !flagged && !castles {
            continue;
        }
        long_castles += usize::from(castles);
        // The position where the special move is played, and the one before.
        let mut prev: Option<Chess> = None;
        replay(&g.uci, |pos, m| {
            let kind = match m {
                _ if m.is_promotion() && m.promotion() != Some(Role::Queen) => "underpromotion",
                _ if m.is_promotion() => "promotion",
                _ if m.is_en_passant() => "en passant",
                Move::Castle { king, rook } if rook < king => "O-O-O",
                _ => return prev = Some(pos.clone()),
            };
            *by_kind.entry(kind).or_default() += 1;
            if let Some(p) = &prev {
                round_trip_position(p, &mut moves);
            }
            round_trip_position(pos, &mut moves);
            positions += 1;
            prev = Some(pos.clone());
        });
    }
    eprintln!("special round trip: {positions} positions, {moves} moves, {by_kind:?}");
    assert!(
        by_kind.get("underpromotion").copied().unwrap_or(0) >= 20,
        "{by_kind:?}"
    );
    assert!(
        by_kind.get("en passant").copied().unwrap_or(0) >= 100,
        "{by_kind:?}"
    );
    assert!(
        by_kind.get("promotion").copied().unwrap_or(0) >= 500,
        "{by_kind:?}"
    );
    assert!(
        by_kind.get("O-O-O").copied().unwrap_or(0) >= 290,
        "{by_kind:?}"
    );
}

#[test]
fn round_trip_composed_positions() {
    let fens = [
        // Two knights and two rooks aiming at the same squares, both colours.
        "r3k2r/8/8/3N4/8/2N5/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/3n4/8/2n5/8/R3K2R b KQkq - 0 1",
        // Three queens, promotions everywhere, under-promotion captures.
        "1n1rk3/PPP5/8/8/8/8/ppp5/QQ1RK2Q w - - 0 1",
        "1n1rk3/PPP5/8/8/8/8/ppp5/1N1RK3 b - - 0 1",
        // En passant with two capturing pawns.
        "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
        // Doubled pawns capturing, bishops of both colours, promoted bishops.
        "4k3/8/1p1p4/2P1P3/2P1P3/8/8/B1B1K1BB w - - 0 1",
        // Castling both ways with checks available.
        "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1",
        // Rooks castled on KB1 and Q1.
        "2kr3r/8/8/8/8/8/8/R4RK1 w - - 0 1",
        "2kr3r/8/8/8/8/8/8/R4RK1 b - - 0 1",
    ];
    let mut moves = 0;
    for f in fens {
        let pos = fen(f);
        round_trip_position(&pos, &mut moves);
        for mv in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            round_trip_position(&next, &mut moves);
        }
    }
    assert!(moves > 1000, "{moves}");
}

// ---------------------------------------------------------------------------
// 3. Syntax forms, writing, errors and warnings.

#[test]
fn pawn_and_piece_moves() {
    let pos = start();
    assert_eq!(read_uci(&pos, "P-K4"), "e2e4");
    assert_eq!(read_uci(&pos, "p-k4"), "e2e4");
    assert_eq!(read_uci(&pos, "P–K4"), "e2e4");
    assert_eq!(read_uci(&pos, "P—K4"), "e2e4");
    assert_eq!(read_uci(&pos, "Р-К4"), "e2e4"); // Cyrillic look-alikes
    assert_eq!(read_uci(&pos, "P - K4"), "e2e4");
    assert_eq!(read_uci(&pos, "KP-K4"), "e2e4");
    assert_eq!(read_uci(&pos, "P-QB4"), "c2c4");
    assert_eq!(read_uci(&pos, "P-KR3"), "h2h3");
    assert_eq!(read_uci(&pos, "N-KB3"), "g1f3");
    assert_eq!(read_uci(&pos, "Kt-KB3"), "g1f3");
    assert_eq!(read_uci(&pos, "KT-KB3"), "g1f3");
    assert_eq!(read_uci(&pos, "N-QB3"), "b1c3");
    assert_eq!(read_uci(&pos, "N-KR3"), "g1h3");
    assert_eq!(read_uci(&pos, "QN-B3"), "b1c3");
    assert_eq!(read_uci(&pos, "QKt-B3"), "b1c3");
    assert_eq!(read_uci(&pos, "KN-B3"), "g1f3");
    // Black counts ranks from its own side.
    let black = after(&pos, "e2e4");
    assert_eq!(read_uci(&black, "P-K4"), "e7e5");
    assert_eq!(read_uci(&black, "P-QB4"), "c7c5");
    assert_eq!(read_uci(&black, "N-KB3"), "g8f6");
    assert_eq!(read_uci(&black, "P-Q3"), "d7d6");
}

/// The candidates of an ambiguous token, sorted.
fn ambiguous(pos: &Chess, text: &str) -> Vec<String> {
    match read(pos, text) {
        Err(ReadError::Ambiguous { candidates, .. }) => {
            let mut texts: Vec<String> = candidates.into_iter().map(|c| c.text).collect();
            texts.sort();
            texts
        }
        other => panic!("{text}: expected ambiguous, got {other:?}"),
    }
}

fn illegal(pos: &Chess, text: &str) -> Illegal {
    match read(pos, text) {
        Err(ReadError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected illegal, got {other:?}"),
    }
}

/// (expected, at) of a malformed token.
fn malformed(pos: &Chess, text: &str) -> (&'static str, usize) {
    match read(pos, text) {
        Err(ReadError::Malformed { expected, at, .. }) => (expected.english(), at),
        other => panic!("{text}: expected malformed, got {other:?}"),
    }
}

fn write_uci(pos: &Chess, u: &str) -> String {
    write(pos, uci(pos, u))
}

#[test]
fn short_file_names_are_ambiguous_when_both_wings_fit() {
    let pos = start();
    assert_eq!(ambiguous(&pos, "N-R3"), ["N-KR3", "N-QR3"]);
    assert_eq!(ambiguous(&pos, "N-B3"), ["N-KB3", "N-QB3"]);
    assert_eq!(ambiguous(&pos, "P-B4"), ["P-KB4", "P-QB4"]);
}

#[test]
fn writes_the_shortest_unambiguous_form() {
    let pos = start();
    assert_eq!(write_uci(&pos, "e2e4"), "P-K4");
    assert_eq!(write_uci(&pos, "d2d4"), "P-Q4");
    assert_eq!(write_uci(&pos, "c2c4"), "P-QB4");
    assert_eq!(write_uci(&pos, "a2a3"), "P-QR3");
    assert_eq!(write_uci(&pos, "g1f3"), "N-KB3");
    assert_eq!(write_uci(&pos, "b1c3"), "N-QB3");
    // Once the queen's knight has gone, B3 is enough.
    let pos = after(&start(), "b1c3 e7e5");
    assert_eq!(write_uci(&pos, "g1f3"), "N-B3");
    assert_eq!(write_uci(&pos, "g1h3"), "N-R3");
    assert_eq!(write_uci(&pos, "c3d5"), "N-Q5");
    assert_eq!(write_uci(&pos, "c3b5"), "N-N5");
    // Black's ranks, and a check.
    let pos = after(&start(), "f2f3 e7e5 g2g4");
    assert_eq!(write_uci(&pos, "d8h4"), "Q-R5mate");
    assert_eq!(write_uci(&pos, "f8c5"), "B-B4");
    let pos = after(&start(), "e2e4 d7d6");
    assert_eq!(write_uci(&pos, "f1b5"), "B-N5ch");
}

#[test]
fn captures() {
    // 1. e4 d5: PxP, then QxP.
    let pos = after(&start(), "e2e4 d7d5");
    assert_eq!(write_uci(&pos, "e4d5"), "PxP");
    assert_eq!(read_uci(&pos, "PxP"), "e4d5");
    assert_eq!(read_uci(&pos, "P×P"), "e4d5");
    assert_eq!(read_uci(&pos, "pxp"), "e4d5");
    assert_eq!(read_uci(&pos, "KPxP"), "e4d5");
    assert_eq!(read_uci(&pos, "PxQP"), "e4d5");
    assert_eq!(read_uci(&pos, "PxP/Q5"), "e4d5");
    assert_eq!(read_uci(&pos, "PxP(Q5)"), "e4d5");
    let pos = after(&pos, "e4d5");
    assert_eq!(write_uci(&pos, "d8d5"), "QxP");
    assert_eq!(read_uci(&pos, "QxP"), "d8d5");
    // Ruy Lopez exchange: BxN, then two pawns can take the bishop.
    let ruy = after(&start(), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
    assert_eq!(write_uci(&ruy, "b5c6"), "BxN");
    assert_eq!(read_uci(&ruy, "BxN"), "b5c6");
    assert_eq!(read_uci(&ruy, "BxQN"), "b5c6");
    assert_eq!(read_uci(&ruy, "BxKt"), "b5c6");
    assert_eq!(read_uci(&ruy, "BxN/QB6"), "b5c6");
    assert_eq!(read_uci(&ruy, "BxN/B6"), "b5c6");
    let pos = after(&ruy, "b5c6");
    assert_eq!(ambiguous(&pos, "PxB"), ["NPxB", "QPxB"]);
    assert_eq!(write_uci(&pos, "d7c6"), "QPxB");
    assert_eq!(write_uci(&pos, "b7c6"), "NPxB");
    assert_eq!(read_uci(&pos, "QPxB"), "d7c6");
    assert_eq!(read_uci(&pos, "QNPxB"), "b7c6");
    assert_eq!(read_uci(&pos, "KtPxB"), "b7c6");
    // One pawn, two pawns to take: the captured pawn is named.
    let pos = fen("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(ambiguous(&pos, "PxP"), ["PxBP", "PxKP"]);
    assert_eq!(write_uci(&pos, "d4c5"), "PxBP");
    assert_eq!(write_uci(&pos, "d4e5"), "PxKP");
    assert_eq!(read_uci(&pos, "PxQBP"), "d4c5");
    assert_eq!(read_uci(&pos, "QPxKP"), "d4e5");
    assert_eq!(read_uci(&pos, "PxP/K5"), "d4e5");
    // Two pawns and two pawns: file of the capturer, then the square.
    let pos = fen("4k3/8/8/2p1p3/1P1P1P2/8/8/4K3 w - - 0 1");
    assert_eq!(write_uci(&pos, "b4c5"), "NPxP");
    assert_eq!(write_uci(&pos, "f4e5"), "BPxP");
    assert_eq!(write_uci(&pos, "d4c5"), "QPxBP");
    assert_eq!(write_uci(&pos, "d4e5"), "QPxKP");
    // Two knights on one wing: the square decides.
    let pos = fen("7k/8/2n5/3B4/2n5/8/8/4K3 w - - 0 1");
    assert_eq!(ambiguous(&pos, "BxN"), ["BxN/B4", "BxN/B6"]);
    assert_eq!(read_uci(&pos, "BxN/QB4"), "d5c4");
    // Knights on both wings: the wing prefix is enough.
    let pos = fen("7k/8/2n1n3/3B4/8/8/8/4K3 w - - 0 1");
    assert_eq!(write_uci(&pos, "d5c6"), "BxQN");
    assert_eq!(write_uci(&pos, "d5e6"), "BxKN");
    // A piece move written without x: only when no quiet move fits.
    let scholar = after(&start(), "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6");
    // QxP would also fit QxKP (e5); f7 is the king's bishop's pawn.
    assert_eq!(write_uci(&scholar, "h5f7"), "QxBPmate");
    let r = read(&scholar, "Q-KB7mate").unwrap();
    assert_eq!(r.mv, uci(&scholar, "h5f7"));
    assert!(r.warnings.is_empty());
    let pos = fen("4k3/8/8/8/8/5p2/8/1N2K3 w - - 0 1");
    // N-B3 is the quiet move to QB3 even though NxP on KB3 is... not possible here: N on QN1.
    assert_eq!(read_uci(&pos, "N-B3"), "b1c3");
    let pos = fen("4k3/8/8/8/8/5p2/7N/1N2K3 w - - 0 1");
    assert_eq!(read_uci(&pos, "N-B3"), "b1c3");
    assert_eq!(write_uci(&pos, "b1c3"), "N-B3");
    assert_eq!(write_uci(&pos, "h2f3"), "NxP");
}

#[test]
fn origins_and_piece_prefixes() {
    // Two rooks to Q1.
    let pos = fen("3k4/8/8/8/8/8/K7/R6R w - - 0 1");
    assert_eq!(read_uci(&pos, "QR-Q1"), "a1d1");
    assert_eq!(read_uci(&pos, "KR-Q1"), "h1d1");
    assert_eq!(read_uci(&pos, "R(QR1)-Q1"), "a1d1");
    assert_eq!(read_uci(&pos, "R(KR)-Q1"), "h1d1");
    assert_eq!(read_uci(&pos, "R/KR1-Q1"), "h1d1");
    assert_eq!(write_uci(&pos, "a1d1"), "QR-Q1ch");
    assert_eq!(write_uci(&pos, "h1d1"), "KR-Q1ch");
    // Two rooks on one file: the rank, as in R(1)-R3.
    let pos = fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(write_uci(&pos, "a1a3"), "R(1)-R3");
    assert_eq!(write_uci(&pos, "a5a3"), "R(5)-R3");
    assert_eq!(read_uci(&pos, "R(1)-QR3"), "a1a3");
    assert_eq!(read_uci(&pos, "R/5-R3"), "a5a3");
    assert_eq!(read_uci(&pos, "R(R5)-R3"), "a5a3");
    // Two rooks on one wing and one rank: the file in parentheses.
    let pos = fen("4k3/8/8/8/8/8/5R1R/4K3 w - - 0 1");
    // (R(B)-N2 would also fit R(B)-QN2.)
    assert_eq!(write_uci(&pos, "f2g2"), "R(B)-KN2");
    assert_eq!(write_uci(&pos, "h2g2"), "R(R)-N2");
    assert_eq!(read_uci(&pos, "R(KB)-KN2"), "f2g2");
    assert_eq!(read_uci(&pos, "R(KB2)-KN2"), "f2g2");
    // After O-O the king's rook stands on KB1 and is still KR.
    let pos = fen("2kr3r/8/8/8/8/8/8/R4RK1 w - - 0 1");
    assert_eq!(read_uci(&pos, "KR-Q1"), "f1d1");
    assert_eq!(read_uci(&pos, "QR-Q1"), "a1d1");
    assert_eq!(write_uci(&pos, "f1d1"), "KR-Q1");
    assert_eq!(write_uci(&pos, "a1d1"), "QR-Q1");
    // Black after O-O-O: its queen's rook stands on Q1 (d8).
    let pos = fen("2kr3r/8/8/8/8/8/8/R4RK1 b - - 0 1");
    assert_eq!(read_uci(&pos, "QR-K1"), "d8e8");
    assert_eq!(read_uci(&pos, "KR-K1"), "h8e8");
    // Knights: N(B3)-Q1 and N/5-K4 style origins.
    let pos = fen("4k3/8/8/6N1/8/2N5/8/4K3 w - - 0 1");
    assert_eq!(ambiguous(&pos, "N-K4"), ["KN-K4", "QN-K4"]);
    assert_eq!(read_uci(&pos, "N(B3)-K4"), "c3e4");
    assert_eq!(read_uci(&pos, "N(QB3)-K4"), "c3e4");
    assert_eq!(read_uci(&pos, "N(3)-K4"), "c3e4");
    assert_eq!(read_uci(&pos, "N/5-K4"), "g5e4");
    assert_eq!(read_uci(&pos, "N(KN5)-K4"), "g5e4");
    assert_eq!(read_uci(&pos, "Kt(Kt5)-K4"), "g5e4");
    assert_eq!(read_uci(&pos, "QN-K4"), "c3e4");
    assert_eq!(read_uci(&pos, "KN-K4"), "g5e4");
    assert_eq!(read_uci(&pos, "KKt-K4"), "g5e4");
    // Two knights on one wing: the rank in parentheses.
    let pos = fen("4k3/8/8/8/1N6/8/1N6/4K3 w - - 0 1");
    assert_eq!(ambiguous(&pos, "N-Q3"), ["N(2)-Q3", "N(4)-Q3"]);
    // The French: KB and QB name the bishops; B-N5 alone is ambiguous.
    let french = after(&start(), "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4");
    assert_eq!(read_uci(&french, "KB-N5"), "f1b5");
    assert_eq!(read_uci(&french, "QB-N5"), "c1g5");
    assert_eq!(read_uci(&french, "B-QN5ch"), "f1b5");
    assert_eq!(read_uci(&french, "B-KN5"), "c1g5");
    assert_eq!(ambiguous(&french, "B-N5"), ["B-KN5", "B-QN5ch"]);
    // The check sign tells them apart: only B-QN5 checks.
    assert_eq!(read_uci(&french, "B-N5ch"), "f1b5");
    assert_eq!(read_uci(&french, "B-N5+"), "f1b5");
    assert_eq!(write_uci(&french, "f1b5"), "B-QN5ch");
    // Older `Sq.` for the first rank.
    let pos = fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(read_uci(&pos, "R-QSq"), "a1d1");
    assert_eq!(read_uci(&pos, "R-Q.Sq."), "a1d1");
}

#[test]
fn castling() {
    let pos = fen("r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1");
    for t in [
        "O-O",
        "0-0",
        "o-o",
        "OO",
        "O–O",
        "Castles KR",
        "Castles K",
        "castles kingside",
        "CASTLES KR",
        "K-KN1",
    ] {
        assert_eq!(read_uci(&pos, t), "e1g1", "{t}");
    }
    for t in [
        "O-O-O",
        "0-0-0",
        "Castles QR",
        "Castles Q",
        "Castles queenside",
        "K-QB1",
    ] {
        assert_eq!(read_uci(&pos, t), "e1c1", "{t}");
    }
    assert_eq!(ambiguous(&pos, "Castles"), ["O-O", "O-O-O"]);
    assert_eq!(write_uci(&pos, "e1g1"), "O-O");
    assert_eq!(write_uci(&pos, "e1c1"), "O-O-O");
    // K-B1 is the king's step when it can go to KB1.
    assert_eq!(read_uci(&pos, "K-B1"), "e1f1");
    assert_eq!(read_uci(&pos, "K-KB1"), "e1f1");
    // Only one side left: Castles alone is enough.
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1");
    assert_eq!(read_uci(&pos, "Castles"), "e1c1");
    assert_eq!(read_uci(&pos, "Castles ch"), "e1c1");
    assert_eq!(
        illegal(&pos, "O-O"),
        Illegal::CastlingBlocked(CastlingSide::KingSide)
    );
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    assert_eq!(
        illegal(&pos, "O-O"),
        Illegal::CastlingRightsGone(CastlingSide::KingSide)
    );
    let pos = fen("r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1");
    assert_eq!(illegal(&pos, "O-O-O"), Illegal::CastlingInCheck);
    let pos = fen("r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1");
    assert!(matches!(read(&pos, "O-O"), Err(ReadError::Illegal { .. })));
    let pos = fen("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1");
    assert_eq!(
        illegal(&pos, "O-O"),
        Illegal::CastlingThroughCheck(CastlingSide::KingSide)
    );
}

#[test]
fn promotion() {
    let pos = fen("1n1rk3/PPP5/8/8/8/8/8/4K3 w - - 0 1");
    for t in [
        "P-QB8=Q", "P-QB8(Q)", "P-QB8/Q", "P-QB8Q", "p-qb8=q", "P-B8 (Q)",
    ] {
        assert_eq!(read_uci(&pos, t), "c7c8q", "{t}");
    }
    assert_eq!(read_uci(&pos, "P-QB8(N)"), "c7c8n");
    assert_eq!(read_uci(&pos, "P-QB8(Kt)"), "c7c8n");
    assert_eq!(read_uci(&pos, "P-B8=R"), "c7c8r");
    assert_eq!(write_uci(&pos, "c7c8q"), "P-B8=Q");
    assert_eq!(write_uci(&pos, "c7c8b"), "P-B8=B");
    assert_eq!(write_uci(&pos, "c7c8r"), "P-B8=R");
    // Captures that promote.
    assert_eq!(read_uci(&pos, "PxR(Q)ch"), "c7d8q");
    assert_eq!(read_uci(&pos, "PxR=Q"), "c7d8q");
    assert_eq!(read_uci(&pos, "PxR/Q"), "c7d8q");
    assert_eq!(read_uci(&pos, "PxR/Q8=N"), "c7d8n");
    assert_eq!(write_uci(&pos, "c7d8q"), "PxR=Qch");
    assert_eq!(write_uci(&pos, "c7d8n"), "PxR=N");
    assert_eq!(ambiguous(&pos, "PxN=Q"), ["BPxN=Q", "RPxN=Q"]);
    assert_eq!(write_uci(&pos, "a7b8q"), "RPxN=Q");
    assert_eq!(illegal(&pos, "P-QB8"), Illegal::PromotionMissing);
    assert_eq!(illegal(&pos, "PxR"), Illegal::PromotionMissing);
    assert_eq!(illegal(&pos, "K-Q2=Q"), Illegal::NotPromotion);
    // The cheesse transcription of Chernev's ending 294.
    let pos = fen("1q3k2/7K/1P1P1p2/R2P4/8/B5p1/8/8 w - - 0 1");
    let pos = after(&pos, "b6b7 f8f7 a5a8 b8b7 a8f8 f7f8 d6d7 f8f7");
    assert_eq!(read_uci(&pos, "P-Q8(N)ch"), "d7d8n");
    assert_eq!(read_uci(&pos, "P-Q8(N) ch"), "d7d8n");
    assert_eq!(write_uci(&pos, "d7d8n"), "P-Q8=Nch");
}

#[test]
fn en_passant() {
    let pos = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    for t in [
        "PxP", "PxP e.p.", "PxPe.p.", "PxP ep", "PxP e.p", "PXP E.P.",
    ] {
        let r = read(&pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!(r.mv, uci(&pos, "e5d6"), "{t}");
        assert!(r.warnings.is_empty(), "{t}: {:?}", r.warnings);
    }
    assert_eq!(write_uci(&pos, "e5d6"), "PxPe.p.");
    // Two pawns can take en passant.
    let pos = fen("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(ambiguous(&pos, "PxP e.p."), ["BPxPe.p.", "KPxPe.p."]);
    assert_eq!(read_uci(&pos, "KPxP e.p."), "e5d6");
    assert_eq!(read_uci(&pos, "BPxP"), "c5d6");
    assert_eq!(ambiguous(&pos, "PxP/Q6"), ["BPxPe.p.", "KPxPe.p."]);
}

#[test]
fn check_and_mate_marks() {
    let pos = after(&start(), "e2e4 d7d6");
    // B-QN5 checks; every way of writing it is read without a warning.
    for t in [
        "B-N5ch",
        "B-N5+",
        "B-N5 ch",
        "B-N5ch.",
        "B-N5 check",
        "B-N5dis ch",
        "B-N5dis.ch.",
        "B-N5 dbl ch",
        "B-N5dblch",
        "B-N5 double check",
    ] {
        let r = read(&pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!(r.mv, uci(&pos, "f1b5"), "{t}");
        assert!(r.warnings.is_empty(), "{t}: {:?}", r.warnings);
    }
    // A missing sign is no error; a wrong one is a warning, never a refusal.
    assert!(read(&pos, "B-N5").unwrap().warnings.is_empty());
    let r = read(&pos, "B-N5mate").unwrap();
    assert_eq!(
        r.warnings,
        [Warning::CheckMark {
            claimed: CheckMark::Mate,
            actual: CheckMark::Check
        }]
    );
    let r = read(&pos, "P-Q4ch").unwrap();
    assert_eq!(r.mv, uci(&pos, "d2d4"));
    assert_eq!(
        r.warnings,
        [Warning::CheckMark {
            claimed: CheckMark::Check,
            actual: CheckMark::None
        }]
    );
    // Mate: `mate`, `#`, `++`, `checkmate`.
    let pos = after(&start(), "f2f3 e7e5 g2g4");
    for t in [
        "Q-R5mate",
        "Q-R5 mate",
        "Q-R5#",
        "Q-R5++",
        "Q-R5 checkmate",
        "Q-R5 check mate",
    ] {
        let r = read(&pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!(r.mv, uci(&pos, "d8h4"), "{t}");
        assert!(r.warnings.is_empty(), "{t}: {:?}", r.warnings);
    }
    // A check sign on a mating move understates it but is not wrong (docs/decisions.md).
    let r = read(&pos, "Q-R5ch").unwrap();
    assert_eq!(r.mv, uci(&pos, "d8h4"));
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    // e.p. on a move that is not en passant.
    let pos = after(&start(), "e2e4 d7d5");
    let r = read(&pos, "PxP e.p.").unwrap();
    assert_eq!(r.mv, uci(&pos, "e4d5"));
    assert_eq!(r.warnings, [Warning::EnPassantMark]);
}

#[test]
fn check_mark_chooses_only_when_it_can() {
    // Two rooks reach Q1 and both give check: the sign cannot choose.
    let pos = fen("3k4/8/8/8/8/8/K7/R6R w - - 0 1");
    assert_eq!(ambiguous(&pos, "R-Q1ch"), ["KR-Q1ch", "QR-Q1ch"]);
    // Chernev 294: R-B8 fits QB8 and KB8; the sign picks the checking move.
    let pos = fen("1q3k2/7K/1P1P1p2/R2P4/8/B5p1/8/8 w - - 0 1");
    let pos = after(&pos, "b6b7 f8f7 a5a8 b8b7");
    assert_eq!(ambiguous(&pos, "R-B8"), ["R-KB8ch", "R-QB8"]);
    assert_eq!(read_uci(&pos, "R-B8ch"), "a8f8");
    // Both rooks check on a B8; only KB8 mates (the knight guards QB8).
    let pos = fen("7k/6pp/1n6/8/8/8/8/2R2RK1 w - - 0 1");
    assert_eq!(ambiguous(&pos, "R-B8"), ["R-KB8mate", "R-QB8ch"]);
    assert_eq!(ambiguous(&pos, "R-B8ch"), ["R-KB8mate", "R-QB8ch"]);
    let r = read(&pos, "R-B8mate").unwrap();
    assert_eq!((r.mv, r.warnings.len()), (uci(&pos, "f1f8"), 0));
    let r = read(&pos, "R-B8#").unwrap();
    assert_eq!(r.mv, uci(&pos, "f1f8"));
}

#[test]
fn annotation_glyphs() {
    let pos = start();
    for (t, nag) in [
        ("P-K4!", 1),
        ("P-K4?", 2),
        ("P-K4!!", 3),
        ("P-K4??", 4),
        ("P-K4!?", 5),
        ("P-K4?!", 6),
        ("P-K4 !", 1),
    ] {
        let r = read(&pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!(r.mv, uci(&pos, "e2e4"), "{t}");
        assert_eq!(r.nag, Some(nag), "{t}");
    }
    let pos = after(&start(), "e2e4 d7d6");
    let r = read(&pos, "B-N5ch!").unwrap();
    assert_eq!((r.nag, r.warnings.len()), (Some(1), 0));
    let r = read(&pos, "B-N5!ch").unwrap();
    assert_eq!((r.nag, r.warnings.len()), (Some(1), 0));
}

#[test]
fn malformed_tokens() {
    let pos = start();
    assert_eq!(malformed(&pos, ""), ("a move", 1));
    assert_eq!(malformed(&pos, "   "), ("a move", 1));
    assert_eq!(malformed(&pos, "Resigns").1, 1);
    assert!(malformed(&pos, "Resigns").0.contains("result"));
    assert!(malformed(&pos, "resigns").0.contains("result"));
    assert!(malformed(&pos, "1-0").0.contains("result"));
    assert!(malformed(&pos, "0-1").0.contains("result"));
    assert_eq!(malformed(&pos, "Z-K4").1, 1);
    assert_eq!(malformed(&pos, "P-K9"), ("a rank (1-8)", 4));
    assert_eq!(malformed(&pos, "P-X4").1, 3);
    assert_eq!(malformed(&pos, "P-4").1, 3);
    assert_eq!(malformed(&pos, "PK4").1, 2);
    assert_eq!(malformed(&pos, "N-KB3 foo").1, 7);
    assert_eq!(malformed(&pos, "N-KB3chch").1, 8);
    assert_eq!(malformed(&pos, "N(-KB3").1, 3);
    assert_eq!(malformed(&pos, "N(B3-KB3").1, 5);
    assert_eq!(malformed(&pos, "PxK").1, 3);
    assert_eq!(malformed(&pos, "Px").1, 3);
    assert_eq!(malformed(&pos, "P-K8=").1, 6);
    assert_eq!(malformed(&pos, "P-K8(K)").1, 6);
    assert_eq!(malformed(&pos, "O-O-").1, 1);
    assert_eq!(malformed(&pos, "e2e4").1, 1);
    assert_eq!(malformed(&pos, "Nf3").1, 2);
    // The text in the error is the token as read, after normalisation.
    match read(&pos, "P–K9") {
        Err(ReadError::Malformed { text, found, .. }) => {
            assert_eq!(text, "P-K9");
            assert_eq!(found, Some('9'));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn illegal_reasons() {
    let pos = start();
    assert!(matches!(
        illegal(&pos, "Q-R5"),
        Illegal::CannotReach {
            role: Some(Role::Queen),
            from: Some(Square::D1),
            to: Square::A5 | Square::H5
        }
    ));
    assert_eq!(illegal(&pos, "K-K2"), Illegal::OwnPiece(Square::E2));
    assert_eq!(
        illegal(&pos, "P-K5"),
        Illegal::CannotReach {
            role: Some(Role::Pawn),
            from: None,
            to: Square::E5
        }
    );
    assert_eq!(illegal(&pos, "N(QB3)-Q5"), Illegal::EmptySquare(Square::C3));
    assert_eq!(
        illegal(&pos, "N(QN8)-QB6"),
        Illegal::NotYourPiece(Square::B8)
    );
    assert_eq!(
        illegal(&pos, "R(5)-Q1"),
        Illegal::NoSuchPiece {
            role: Some(Role::Rook),
            from: None
        }
    );
    assert_eq!(illegal(&pos, "P-K4=Q"), Illegal::NotPromotion);
    assert!(matches!(
        illegal(&pos, "PxP"),
        Illegal::CannotReach {
            role: Some(Role::Pawn),
            ..
        }
    ));
    assert!(matches!(
        illegal(&pos, "NxQ"),
        Illegal::CannotReach {
            role: Some(Role::Knight),
            ..
        }
    ));
    assert_eq!(
        illegal(&pos, "O-O"),
        Illegal::CastlingBlocked(CastlingSide::KingSide)
    );
    assert_eq!(
        illegal(&pos, "Castles"),
        Illegal::CastlingBlocked(CastlingSide::KingSide)
    );
    // A pawn that can only take there: no pawn of yours goes straight to Q5.
    let pos = after(&start(), "e2e4 d7d5");
    assert_eq!(
        illegal(&pos, "P-Q5"),
        Illegal::CannotReach {
            role: Some(Role::Pawn),
            from: None,
            to: Square::D5
        }
    );
    // No black piece of that kind at all.
    let pos = fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(
        illegal(&pos, "RxN"),
        Illegal::NoSuchPiece {
            role: Some(Role::Rook),
            from: None
        }
    );
    assert_eq!(
        illegal(&pos, "RxP/Q8"),
        Illegal::CannotReach {
            role: Some(Role::Rook),
            from: Some(Square::A1),
            to: Square::D8
        }
    );
    // Pinned, in check, into check.
    let pos = fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        illegal(&pos, "N-KB4"),
        Illegal::Pinned {
            role: Role::Knight,
            from: Square::E2
        }
    );
    let pos = fen("4k3/8/8/8/7b/8/8/R3K3 w - - 0 1");
    assert_eq!(illegal(&pos, "R-R2"), Illegal::InCheck);
    let pos = fen("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    assert!(read(&pos, "KxP").is_ok());
    let pos = fen("4k3/8/8/8/8/4p3/3p4/4K3 w - - 0 1");
    assert_eq!(illegal(&pos, "KxP"), Illegal::IntoCheck(Square::D2));
    // Mate on the board: no move at all.
    let pos = after(&start(), "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(illegal(&pos, "P-K4"), Illegal::NoLegalMoves);
}

#[test]
fn never_panics_on_hostile_text() {
    let pieces = [
        "P", "N", "Kt", "K", "Q", "R", "B", "x", "X", "-", "(", ")", "/", "=", "1", "4", "8", "9",
        "0", "O", "o", " ", "e.p.", "ch", "dis", "mate", "+", "#", "!", "?", ".", "Sq", "Castles",
        "×", "—", "é", "\u{0}", "\u{FEFF}", "😀", "Р", "К", ":", "t",
    ];
    let positions = [
        start(),
        fen("1n1rk3/PPP5/8/8/8/8/ppp5/1N1RK3 b - - 0 1"),
        fen("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1"),
        after(&start(), "f2f3 e7e5 g2g4 d8h4"),
    ];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..20_000 {
        let len = (next() % 10) as usize;
        let text: String = (0..len)
            .map(|_| pieces[(next() % pieces.len() as u64) as usize])
            .collect();
        for pos in &positions {
            let _ = read(pos, &text);
        }
    }
    // Raw bytes, including invalid UTF-8 repaired lossily.
    for i in 0..2_000u32 {
        let bytes: Vec<u8> = (0..(i % 12)).map(|_| (next() & 0xff) as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        let _ = read(&positions[0], &text);
    }
}
