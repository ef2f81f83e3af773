//! What a player is told when a move cannot be read, and what else a reading
//! reports: malformed text with its position, illegal moves with a reason in
//! a player's terms, ambiguous moves with candidates in the notation that was
//! read, "did you mean" for the codes, warnings for wrong marks, NAGs, and
//! the forms the readers accept (ICCF 4-digit promotion, Uedemann suffixes,
//! look-alike letters, Russian and German letters).

use crate::support;

use ccgate_core::notation::{
    CheckMark, Illegal, Lang, Notation, ReadError, ReadOptions, Reading, Warning, read_move,
};
use shakmaty::{CastlingSide, Role, Square};
use support::{position, uci_of};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

fn read_in(fen: &str, text: &str, notation: Notation, lang: Lang) -> Result<Reading, ReadError> {
    read_move(&position(fen), text, notation, &ReadOptions::new(lang))
}

fn read(fen: &str, text: &str, notation: Notation) -> Result<Reading, ReadError> {
    read_in(fen, text, notation, Lang::En)
}

/// Reads and expects `uci`, with no warnings; returns the reading.
#[track_caller]
fn reads_as(fen: &str, text: &str, notation: Notation, lang: Lang, uci: &str) -> Reading {
    match read_in(fen, text, notation, lang) {
        Ok(r) => {
            assert_eq!(uci_of(r.mv), uci, "{text:?} in {notation} ({lang})");
            r
        }
        Err(e) => panic!("{text:?} in {notation} ({lang}): {e} [{e:?}]"),
    }
}

#[track_caller]
fn clean(fen: &str, text: &str, notation: Notation, uci: &str) {
    let r = reads_as(fen, text, notation, Lang::En, uci);
    assert!(r.warnings.is_empty(), "{text:?}: {:?}", r.warnings);
    assert_eq!(r.nag, None, "{text:?}");
}

#[track_caller]
fn illegal(fen: &str, text: &str, notation: Notation) -> (Illegal, Vec<String>) {
    match read(fen, text, notation) {
        Err(ReadError::Illegal {
            reason,
            did_you_mean,
            text: t,
        }) => {
            assert_eq!(t, text, "the error repeats the text");
            (reason, did_you_mean.into_iter().map(|c| c.text).collect())
        }
        other => panic!("{text:?} in {notation}: expected Illegal, got {other:?}"),
    }
}

#[track_caller]
fn reason(fen: &str, text: &str, notation: Notation) -> Illegal {
    illegal(fen, text, notation).0
}

#[track_caller]
fn malformed(text: &str, notation: Notation) -> (&'static str, usize, Option<char>) {
    match read(START, text, notation) {
        Err(ReadError::Malformed {
            expected,
            at,
            found,
            ..
        }) => (expected.english(), at, found),
        other => panic!("{text:?} in {notation}: expected Malformed, got {other:?}"),
    }
}

#[track_caller]
fn ambiguous(fen: &str, text: &str, notation: Notation, lang: Lang) -> Vec<(String, String)> {
    match read_in(fen, text, notation, lang) {
        Err(ReadError::Ambiguous { candidates, .. }) => {
            let mut c: Vec<_> = candidates
                .into_iter()
                .map(|c| (c.text, uci_of(c.mv)))
                .collect();
            c.sort();
            c
        }
        other => panic!("{text:?}: expected Ambiguous, got {other:?}"),
    }
}

// --- Malformed --------------------------------------------------------------

#[test]
fn malformed_says_what_was_expected_and_where() {
    let (expected, at, found) = malformed("Nz3", Notation::San);
    assert_eq!((at, found), (2, Some('z')));
    assert!(expected.contains("square"), "{expected}");

    let (expected, at, found) = malformed("Nf", Notation::San);
    assert_eq!((at, found), (3, None));
    assert!(
        expected.contains("square") || expected.contains("rank"),
        "{expected}"
    );

    let (expected, at, found) = malformed("e4!!?", Notation::San);
    assert_eq!((at, found), (5, Some('?')));
    assert!(expected.contains("end"), "{expected}");

    // A destination file without its rank.
    let (expected, at, found) = malformed("e2e", Notation::Lan);
    assert_eq!((expected, at, found), ("a rank (1-8)", 4, None));

    let (_, at, found) = malformed("", Notation::San);
    assert_eq!((at, found), (1, None));

    let (expected, at, found) = malformed("5294", Notation::Iccf);
    assert_eq!((at, found), (3, Some('9')));
    assert!(expected.contains("destination file"), "{expected}");

    let (expected, at, found) = malformed("52545", Notation::Iccf);
    assert_eq!((at, found), (5, Some('5')));
    assert!(expected.contains("promotion"), "{expected}");

    let (_, at, found) = malformed("e2e9", Notation::Uci);
    assert_eq!((at, found), (4, Some('9')));

    let (expected, at, _) = malformed("gexo", Notation::Uedemann);
    assert_eq!(at, 3, "the second syllable starts at character 3");
    assert!(expected.contains("destination"), "{expected}");

    let (_, at, found) = malformed("gegox", Notation::Uedemann);
    assert_eq!((at, found), (5, Some('x')));

    // The message names the text, what was expected and where.
    let e = read(START, "Nz3", Notation::San).unwrap_err().to_string();
    assert!(
        e.contains("Nz3") && e.contains("character 2") && e.contains("'z'"),
        "{e}"
    );
}

// --- Illegal, with reasons ----------------------------------------------------

#[test]
fn pinned_piece() {
    let fen = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    assert_eq!(
        reason(fen, "Nc3", Notation::San),
        Illegal::Pinned {
            role: Role::Knight,
            from: Square::E2
        }
    );
    let e = read(fen, "Nc3", Notation::San).unwrap_err().to_string();
    assert!(e.contains("pinned") && e.contains("e2"), "{e}");
    // The same in a code: the reason does not depend on the notation.
    assert_eq!(
        reason(fen, "5233", Notation::Iccf),
        Illegal::Pinned {
            role: Role::Knight,
            from: Square::E2
        }
    );
}

#[test]
fn king_in_check_and_into_check() {
    let fen = "4k3/4r3/8/8/8/8/3N4/4K3 w - - 0 1";
    assert_eq!(reason(fen, "Nb3", Notation::San), Illegal::InCheck);
    let e = read(fen, "Nb3", Notation::San).unwrap_err().to_string();
    assert!(e.contains("check"), "{e}");
    assert_eq!(
        reason("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd1", Notation::San),
        Illegal::IntoCheck(Square::D1)
    );
    assert_eq!(
        reason("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", "e1d2", Notation::Uci),
        Illegal::IntoCheck(Square::D2)
    );
}

#[test]
fn own_piece_empty_square_opponents_piece() {
    assert_eq!(
        reason(START, "Nd2", Notation::San),
        Illegal::OwnPiece(Square::D2)
    );
    assert_eq!(
        reason(START, "e3-e4", Notation::Lan),
        Illegal::EmptySquare(Square::E3)
    );
    assert_eq!(
        reason(START, "e7e5", Notation::Uci),
        Illegal::NotYourPiece(Square::E7)
    );
    assert_eq!(
        reason(START, "5755", Notation::Iccf),
        Illegal::NotYourPiece(Square::E7)
    );
}

#[test]
fn castling_reasons() {
    assert_eq!(
        reason("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", Notation::San),
        Illegal::CastlingRightsGone(CastlingSide::KingSide)
    );
    assert_eq!(
        reason(START, "O-O", Notation::San),
        Illegal::CastlingBlocked(CastlingSide::KingSide)
    );
    assert_eq!(
        reason(START, "0-0-0", Notation::San),
        Illegal::CastlingBlocked(CastlingSide::QueenSide)
    );
    assert_eq!(
        reason("4kr2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", Notation::San),
        Illegal::CastlingThroughCheck(CastlingSide::KingSide)
    );
    assert_eq!(
        reason("4k3/4r3/8/8/8/8/8/4K2R w K - 0 1", "O-O", Notation::San),
        Illegal::CastlingInCheck
    );
    // Castling written as the king's move gets the castling explanation.
    assert_eq!(
        reason("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "Kg1", Notation::San),
        Illegal::CastlingRightsGone(CastlingSide::KingSide)
    );
    assert_eq!(
        reason("4kr2/8/8/8/8/8/8/4K2R w K - 0 1", "5171", Notation::Iccf),
        Illegal::CastlingThroughCheck(CastlingSide::KingSide)
    );
    assert_eq!(
        reason(START, "gaka", Notation::Uedemann),
        Illegal::CastlingBlocked(CastlingSide::KingSide)
    );
    let e = read(START, "O-O", Notation::San).unwrap_err().to_string();
    assert!(e.contains("castle") && e.contains("kingside"), "{e}");
}

#[test]
fn promotion_reasons() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(reason(fen, "a8", Notation::San), Illegal::PromotionMissing);
    assert_eq!(
        reason(fen, "1718", Notation::Iccf),
        Illegal::PromotionMissing
    );
    assert_eq!(
        reason(fen, "a7a8", Notation::Uci),
        Illegal::PromotionMissing
    );
    assert_eq!(reason(START, "e4=Q", Notation::San), Illegal::NotPromotion);
    assert_eq!(
        reason(START, "52541", Notation::Iccf),
        Illegal::NotPromotion
    );
}

#[test]
fn pawn_capture_needs_file() {
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(
        reason(fen, "d5", Notation::San),
        Illegal::PawnCaptureNeedsFile
    );
    let e = read(fen, "d5", Notation::San).unwrap_err().to_string();
    assert!(e.contains("exd5"), "the message shows how: {e}");
    // En passant written without the file.
    assert_eq!(
        reason("4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2", "f6", Notation::San),
        Illegal::PawnCaptureNeedsFile
    );
}

#[test]
fn no_such_piece_and_cannot_reach() {
    assert_eq!(
        reason("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", Notation::San),
        Illegal::NoSuchPiece {
            role: Some(Role::Knight),
            from: None
        }
    );
    assert_eq!(
        reason(START, "Bc4", Notation::San),
        Illegal::CannotReach {
            role: Some(Role::Bishop),
            from: None,
            to: Square::C4
        }
    );
    assert_eq!(
        reason(START, "Ng4", Notation::San),
        Illegal::CannotReach {
            role: Some(Role::Knight),
            from: None,
            to: Square::G4
        }
    );
    assert_eq!(
        reason(START, "Nb1-d2", Notation::Lan),
        Illegal::OwnPiece(Square::D2)
    );
    let e = read(START, "Bc4", Notation::San).unwrap_err().to_string();
    assert!(e.contains("bishop") && e.contains("c4"), "{e}");
}

#[test]
fn no_legal_moves_after_mate() {
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(reason(mated, "e4", Notation::San), Illegal::NoLegalMoves);
}

// --- Ambiguous ------------------------------------------------------------------

#[test]
fn ambiguous_candidates_in_the_notation_read() {
    let fen = "4k3/8/8/8/8/8/3N1N2/4K3 w - - 0 1";
    let both = ["d2e4", "f2e4"];
    let c = ambiguous(fen, "Ne4", Notation::San, Lang::En);
    assert_eq!(
        c,
        [
            ("Nde4".into(), both[0].into()),
            ("Nfe4".into(), both[1].into())
        ]
    );
    let c = ambiguous(fen, "Nxe4", Notation::San, Lang::En);
    assert_eq!(c.len(), 2);
    let c = ambiguous(fen, "Se4", Notation::San, Lang::De);
    assert_eq!(
        c,
        [
            ("Sde4".into(), both[0].into()),
            ("Sfe4".into(), both[1].into())
        ]
    );
    let c = ambiguous(fen, "Кe4", Notation::San, Lang::Ru);
    assert_eq!(
        c,
        [
            ("Кde4".into(), both[0].into()),
            ("Кfe4".into(), both[1].into())
        ]
    );
    let c = ambiguous(fen, "♞e4", Notation::Figurine, Lang::En);
    assert_eq!(
        c,
        [
            ("♘de4".into(), both[0].into()),
            ("♘fe4".into(), both[1].into())
        ]
    );
    let c = ambiguous(fen, "Ne4", Notation::Lan, Lang::En);
    assert_eq!(
        c,
        [
            ("Nd2-e4".into(), both[0].into()),
            ("Nf2-e4".into(), both[1].into())
        ]
    );
    let e = read(fen, "Ne4", Notation::San).unwrap_err().to_string();
    assert!(e.contains("Nde4") && e.contains("Nfe4"), "{e}");
}

#[test]
fn missing_disambiguation_stays_ambiguous_with_claimed_mate() {
    // cheesse notation_algebraic_test.go:4014: only Ra6-f6 mates, yet Rf6#
    // names no rook.
    let fen = "3K4/5k2/R5R1/8/8/8/p7/1q6 w - - 0 8";
    let c = ambiguous(fen, "Rf6#", Notation::San, Lang::En);
    let moves: Vec<&str> = c.iter().map(|(_, uci)| uci.as_str()).collect();
    assert_eq!(moves, ["a6f6", "g6f6"], "{c:?}");
    // With the file the move reads.
    clean(fen, "Raf6", Notation::San, "a6f6");
}

#[test]
fn abbreviated_pawn_capture_needs_one_fit() {
    // Two pawns can take on d5: `ed` names one, `cd` the other, `d5` neither.
    let fen = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1";
    clean(fen, "ed5", Notation::San, "e4d5");
    clean(fen, "ed", Notation::San, "e4d5");
    clean(fen, "cd", Notation::San, "c4d5");
    clean(fen, "exd", Notation::San, "e4d5");
    // Two captures by the e-pawn: `ed` fits one, `ef` the other, `e` is not a move.
    let fen = "4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1";
    clean(fen, "ed", Notation::San, "e4d5");
    clean(fen, "ef", Notation::San, "e4f5");
    // `ed` fitting two captures is ambiguous.
    let fen = "4k3/8/8/3p4/4P3/3p4/4P3/4K3 w - - 0 1";
    let c = ambiguous(fen, "ed", Notation::San, Lang::En);
    assert_eq!(c.len(), 2, "{c:?}");
}

// --- Did you mean (codes) ------------------------------------------------------

#[test]
fn iccf_did_you_mean() {
    // Transposed digits of 5254 (e2-e4), at the end and at the start.
    assert_eq!(
        illegal(START, "5245", Notation::Iccf),
        (
            Illegal::CannotReach {
                role: Some(Role::Pawn),
                from: Some(Square::E2),
                to: Square::D5
            },
            vec!["5254".into()]
        )
    );
    assert_eq!(
        illegal(START, "2554", Notation::Iccf),
        (Illegal::EmptySquare(Square::B5), vec!["5254".into()])
    );
    // One wrong digit: e2-f4 is one digit from e2-e4 and from f2-f4.
    let (_, dym) = illegal(START, "5264", Notation::Iccf);
    assert_eq!(dym, ["5254", "6264"]);
    let e = read(START, "5245", Notation::Iccf).unwrap_err().to_string();
    assert!(e.ends_with("did you mean 5254?"), "{e}");
    let e = read(START, "5264", Notation::Iccf).unwrap_err().to_string();
    assert!(e.ends_with("did you mean 5254 or 6264?"), "{e}");
    // Nothing one slip away: no suggestion.
    assert_eq!(
        illegal(START, "1818", Notation::Iccf),
        (Illegal::NotYourPiece(Square::A8), vec![])
    );
    // Algebraic errors get suggestions too: `B` is the pawn in German.
    let (_, dym) = illegal(START, "Bc4", Notation::San);
    assert_eq!(dym.first().map(String::as_str), Some("c4"), "{dym:?}");
    assert!(dym.len() <= 3);
}

#[test]
fn uedemann_did_you_mean() {
    // Gringmuth: `gefo` (e2-d4), one wrong letter from `gego` (e2-e4) and
    // from `fefo` (d2-d4).
    let (_, dym) = illegal(START, "gefo", Notation::Uedemann);
    assert_eq!(dym, ["fefo", "gego"]);
    // Upper case is read and compared alike.
    let (_, dym) = illegal(START, "GEFO", Notation::Uedemann);
    assert_eq!(dym, ["fefo", "gego"]);
    // A suffix letter does not hide the suggestion.
    let (_, dym) = illegal(START, "gefoc", Notation::Uedemann);
    assert_eq!(dym, ["fefo", "gego"]);
    // Hooper & Whyld: `odgo` swaps the letters of e2 (`do`) into d2 (`od`):
    // d2-e4 is illegal; `dogo` (e2-e4) is one swap away, `odog` (d2-d4) one
    // swap the other way.
    let (_, dym) = illegal(START, "odgo", Notation::UedemannHw);
    assert_eq!(dym, ["odog", "dogo"]);
}

// --- Warnings and NAGs -------------------------------------------------------------

#[test]
fn wrong_marks_are_warnings() {
    let r = reads_as(START, "e4+", Notation::San, Lang::En, "e2e4");
    assert_eq!(
        r.warnings,
        [Warning::CheckMark {
            claimed: CheckMark::Check,
            actual: CheckMark::None
        }]
    );
    let scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    // A check sign on a mating move claims no more than the move gives: no
    // warning (docs/decisions.md). A mate sign on a mere check is wrong.
    clean(scholar, "Qxf7+", Notation::San, "h5f7");
    let check = "4k3/8/8/8/8/8/8/3Q2K1 w - - 0 1";
    let r = reads_as(check, "Qd8#", Notation::San, Lang::En, "d1d8");
    assert_eq!(
        r.warnings,
        [Warning::CheckMark {
            claimed: CheckMark::Mate,
            actual: CheckMark::Check
        }]
    );
    let r = reads_as(START, "e4#", Notation::San, Lang::En, "e2e4");
    assert_eq!(
        r.warnings,
        [Warning::CheckMark {
            claimed: CheckMark::Mate,
            actual: CheckMark::None
        }]
    );
    clean(scholar, "Qxf7#", Notation::San, "h5f7");
    clean(scholar, "Qxf7++", Notation::San, "h5f7");
    clean(scholar, "Qxf7‡", Notation::San, "h5f7");
    clean(scholar, "Qh5xf7mate", Notation::Lan, "h5f7");
    let r = reads_as(scholar, "Qxf7", Notation::San, Lang::En, "h5f7");
    assert!(
        r.warnings.is_empty(),
        "a missing mark is no error: {:?}",
        r.warnings
    );
    // A capture mark on a quiet move, e.p. on an ordinary capture.
    let r = reads_as(START, "Nxf3", Notation::San, Lang::En, "g1f3");
    assert_eq!(r.warnings, [Warning::CaptureMark]);
    let r = reads_as(
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "exd5 e.p.",
        Notation::San,
        Lang::En,
        "e4d5",
    );
    assert_eq!(r.warnings, [Warning::EnPassantMark]);
    // Codes: Uedemann `c` on a quiet move.
    let r = reads_as(START, "gegoc", Notation::Uedemann, Lang::En, "e2e4");
    assert_eq!(
        r.warnings,
        [Warning::CheckMark {
            claimed: CheckMark::Check,
            actual: CheckMark::None
        }]
    );
    // The warning reads in a player's terms.
    assert_eq!(
        Warning::CheckMark {
            claimed: CheckMark::Check,
            actual: CheckMark::None
        }
        .to_string(),
        "marked as check but it is no check"
    );
}

#[test]
fn check_signs() {
    let fen = "4k3/8/8/8/8/8/8/3Q2K1 w - - 0 1";
    for text in ["Qd8+", "Qd8†", "Qd8ch", "Qd1-d8ch", "Qd8dis.ch", "Qd8dblch"] {
        let notation = if text.contains('-') {
            Notation::Lan
        } else {
            Notation::San
        };
        clean(fen, text, notation, "d1d8");
    }
}

#[test]
fn annotation_glyphs_are_nags() {
    for (glyph, nag) in [
        ("!", 1),
        ("?", 2),
        ("!!", 3),
        ("??", 4),
        ("!?", 5),
        ("?!", 6),
    ] {
        let r = reads_as(
            START,
            &format!("e4{glyph}"),
            Notation::San,
            Lang::En,
            "e2e4",
        );
        assert_eq!(r.nag, Some(nag), "{glyph}");
        assert!(r.warnings.is_empty());
        let r = reads_as(
            START,
            &format!("Ng1-f3{glyph}"),
            Notation::Lan,
            Lang::En,
            "g1f3",
        );
        assert_eq!(r.nag, Some(nag), "{glyph}");
    }
    let scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let r = reads_as(scholar, "Qxf7#!!", Notation::San, Lang::En, "h5f7");
    assert_eq!((r.nag, r.warnings.len()), (Some(3), 0));
}

// --- Forms the readers accept -----------------------------------------------------

#[test]
fn iccf_four_digit_promotion_and_castling() {
    let fen = "7k/5P2/8/8/8/8/8/4K3 w - - 0 1";
    clean(fen, "6762", Notation::Iccf, "f7f8r");
    clean(fen, "6761", Notation::Iccf, "f7f8q");
    clean(fen, "6763", Notation::Iccf, "f7f8b");
    clean(fen, "6764", Notation::Iccf, "f7f8n");
    clean(fen, "67682", Notation::Iccf, "f7f8r");
    assert_eq!(
        reason(fen, "6768", Notation::Iccf),
        Illegal::PromotionMissing
    );
    // Black promotes on rank 1: `2221` is b2-b1=Q.
    clean(
        "4k3/8/8/8/8/8/1p6/4K3 b - - 0 1",
        "2221",
        Notation::Iccf,
        "b2b1q",
    );
    clean(
        "4k3/8/8/8/8/8/1p6/4K3 b - - 0 1",
        "22214",
        Notation::Iccf,
        "b2b1n",
    );
    clean(
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "5171",
        Notation::Iccf,
        "e1g1",
    );
    clean(
        "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
        "5838",
        Notation::Iccf,
        "e8c8",
    );
}

#[test]
fn uedemann_suffixes() {
    let fen = "7k/5P2/8/8/8/8/8/K7 w - - 0 1";
    // Gringmuth f7 = te, f8 = ta; promotion q r b k (and n), check c.
    clean(fen, "tetaqc", Notation::Uedemann, "f7f8q");
    clean(fen, "tetarc", Notation::Uedemann, "f7f8r");
    clean(fen, "tetab", Notation::Uedemann, "f7f8b");
    clean(fen, "tetak", Notation::Uedemann, "f7f8n");
    clean(fen, "TETAN", Notation::Uedemann, "f7f8n");
    assert_eq!(
        reason(fen, "teta", Notation::Uedemann),
        Illegal::PromotionMissing
    );
    let r = reads_as(fen, "tetaq", Notation::Uedemann, Lang::En, "f7f8q");
    assert!(r.warnings.is_empty(), "a missing check mark is no error");
    // Hooper & Whyld f7 = li, f8 = pi.
    clean(fen, "lipir", Notation::UedemannHw, "f7f8r");
    // Capture `t`, en passant `p`, mate `m`.
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    // e5 = so, f6 = ti.
    clean(ep, "sotitp", Notation::Uedemann, "e5f6");
    let scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    // h5 = zo, f7 = te.
    clean(scholar, "zotetm", Notation::Uedemann, "h5f7");
    clean(scholar, "zotec", Notation::Uedemann, "h5f7");
    // `m` on a move that does not mate is a warning.
    let r = reads_as(START, "gegom", Notation::Uedemann, Lang::En, "e2e4");
    assert_eq!(
        r.warnings,
        [Warning::CheckMark {
            claimed: CheckMark::Mate,
            actual: CheckMark::None
        }]
    );
    // Castling is the king's move: gaka, sawa.
    clean(
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "gaka",
        Notation::Uedemann,
        "e1g1",
    );
    clean(
        "4k2r/8/8/8/8/8/8/4K3 b k - 0 1",
        "sawa",
        Notation::Uedemann,
        "e8g8",
    );
}

#[test]
fn cyrillic_look_alikes() {
    // Cyrillic е (U+0435) as the file letter.
    clean(AFTER_E4, "е5", Notation::San, "e7e5");
    // Cyrillic В and с: Bc4 in English letters.
    clean(AFTER_E4_E5, "Вс4", Notation::San, "f1c4");
    // Cyrillic х as the capture sign, З as the digit 3.
    clean(
        "4k3/8/8/8/8/5p2/6P1/4K3 w - - 0 1",
        "gхfЗ",
        Notation::San,
        "g2f3",
    );
    // Figurine with a variation selector, dashes of every kind.
    clean(START, "♘\u{FE0F}f3", Notation::Figurine, "g1f3");
    for dash in ['-', '–', '—', '−'] {
        clean(START, &format!("e2{dash}e4"), Notation::Lan, "e2e4");
    }
}

#[test]
fn russian_and_ukrainian_letters() {
    reads_as(START, "Кf3", Notation::San, Lang::Ru, "g1f3");
    reads_as(AFTER_E4_E5, "Крe2", Notation::San, Lang::Ru, "e1e2");
    reads_as(AFTER_E4_E5, "Фh5", Notation::San, Lang::Ru, "d1h5");
    reads_as(AFTER_E4_E5, "Сc4", Notation::San, Lang::Ru, "f1c4");
    // Latin K typed for Cyrillic К, as phones do.
    reads_as(START, "Kf3", Notation::San, Lang::Ru, "g1f3");
    reads_as(AFTER_E4_E5, "Kpe2", Notation::San, Lang::Ru, "e1e2");
    reads_as(START, "Кg1-f3", Notation::Lan, Lang::Uk, "g1f3");
    reads_as(AFTER_E4_E5, "Крe1-e2", Notation::Lan, Lang::Uk, "e1e2");
    reads_as(
        "7k/5P2/8/8/8/8/8/4K3 w - - 0 1",
        "f8Ф",
        Notation::San,
        Lang::Ru,
        "f7f8q",
    );
    reads_as(
        "7k/5P2/8/8/8/8/8/4K3 w - - 0 1",
        "f8Л",
        Notation::San,
        Lang::Ru,
        "f7f8r",
    );
    reads_as(
        "7k/5P2/8/8/8/8/8/4K3 w - - 0 1",
        "f8Т",
        Notation::San,
        Lang::Uk,
        "f7f8r",
    );
}

#[test]
fn german_letters() {
    reads_as(START, "Sf3", Notation::San, Lang::De, "g1f3");
    reads_as(AFTER_E4_E5, "Lc4", Notation::San, Lang::De, "f1c4");
    reads_as(AFTER_E4_E5, "Dh5", Notation::San, Lang::De, "d1h5");
    reads_as(
        "7k/5P2/8/8/8/8/8/4K3 w - - 0 1",
        "f8T",
        Notation::San,
        Lang::De,
        "f7f8r",
    );
    reads_as(
        "7k/5P2/8/8/8/8/8/4K3 w - - 0 1",
        "f8=S",
        Notation::San,
        Lang::De,
        "f7f8n",
    );
    // German B is the pawn: `Be4` is the pawn move.
    reads_as(START, "Be4", Notation::San, Lang::De, "e2e4");
    // English letters are not German: `Nf3` does not read.
    assert!(read_in(START, "Nf3", Notation::San, Lang::De).is_err());
}

#[test]
fn algebraic_forms() {
    let castle = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    for text in ["O-O", "0-0", "o-o", "OO", "00", "O-O+", "0-0!"] {
        let r = reads_as(castle, text, Notation::San, Lang::En, "e1g1");
        assert!(
            r.warnings
                .iter()
                .all(|w| matches!(w, Warning::CheckMark { .. })),
            "{text}"
        );
    }
    // Castling as the king's move when no other king move fits.
    clean(castle, "Kg1", Notation::San, "e1g1");
    clean(castle, "Ke1-g1", Notation::Lan, "e1g1");
    clean(castle, "e1g1", Notation::Uci, "e1g1");
    clean(castle, "e1h1", Notation::Uci, "e1g1");
    // Captures: x, :, ×, none, trailing colon.
    let fen = "4k3/8/8/4p3/8/2B5/8/4K3 w - - 0 1";
    for text in ["Bxe5", "B:e5", "B×e5", "Be5:", "Bc3xe5", "Bc3:e5", "Bc3-e5"] {
        let notation = if text.len() > 6 {
            Notation::Lan
        } else {
            Notation::San
        };
        clean(fen, text, notation, "c3e5");
    }
    clean(fen, "Be5", Notation::San, "c3e5");
    // Promotion: e8Q, e8=Q, e8(Q), e8/Q.
    let fen = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
    for text in ["e8Q", "e8=Q", "e8(Q)", "e8/Q", "e7-e8=Q", "e7e8Q"] {
        let notation = if text.len() > 5 {
            Notation::Lan
        } else {
            Notation::San
        };
        clean(fen, text, notation, "e7e8q");
    }
    // En passant: e.p. and ep, with or without a space.
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    for text in [
        "exf6",
        "exf6 e.p.",
        "exf6e.p.",
        "exf6 ep",
        "ef6",
        "e5xf6 e.p.",
    ] {
        let notation = if text.starts_with("e5") {
            Notation::Lan
        } else {
            Notation::San
        };
        clean(ep, text, notation, "e5f6");
    }
    // Over-disambiguated moves read.
    clean(START, "Ngf3", Notation::San, "g1f3");
    clean(START, "Ng1f3", Notation::San, "g1f3");
}
