//! Check and mate marks (and when a mark decides between moves), and
//! annotation glyphs.

use super::*;

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
    let pos = position("3k4/8/8/8/8/8/K7/R6R w - - 0 1");
    assert_eq!(ambiguous(&pos, "R-Q1ch"), ["KR-Q1ch", "QR-Q1ch"]);
    // Chernev 294: R-B8 fits QB8 and KB8; the sign picks the checking move.
    let pos = position("1q3k2/7K/1P1P1p2/R2P4/8/B5p1/8/8 w - - 0 1");
    let pos = after(&pos, "b6b7 f8f7 a5a8 b8b7");
    assert_eq!(ambiguous(&pos, "R-B8"), ["R-KB8ch", "R-QB8"]);
    assert_eq!(read_uci(&pos, "R-B8ch"), "a8f8");
    // Both rooks check on a B8; only KB8 mates (the knight guards QB8).
    let pos = position("7k/6pp/1n6/8/8/8/8/2R2RK1 w - - 0 1");
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
