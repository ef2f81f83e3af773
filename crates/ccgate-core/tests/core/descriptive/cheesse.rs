//! The descriptive rows of the cheesse/ostinato notation cases, and their
//! check marks.

use super::*;

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
    let text = read_data("notation/notation_cases_ostinato_cheesse.tsv");
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
        let mut pos = position(&row.fen);
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
    let pos = position("1q3k2/7K/1P1P1p2/R2P4/8/B5p1/8/8 w - - 0 1");
    let pos = after(&pos, "b6b7 f8f7 a5a8 b8b7 a8f8 f7f8");
    let r = read(&pos, "P-Q7dis.ch").unwrap();
    assert_eq!(r.mv, uci(&pos, "d6d7"));
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let pos = after(&pos, "d6d7 f8f7");
    let r = read(&pos, "P-Q8(N)ch").unwrap();
    assert_eq!(r.mv, uci(&pos, "d7d8n"));
    assert!(r.warnings.is_empty());
}
