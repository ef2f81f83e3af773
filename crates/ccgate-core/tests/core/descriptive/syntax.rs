//! The syntax forms, read and written: pawn and piece moves, the shortest
//! unambiguous form, captures, origins and piece prefixes, castling,
//! promotion, en passant.

use super::*;

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
    let pos = position("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(ambiguous(&pos, "PxP"), ["PxBP", "PxKP"]);
    assert_eq!(write_uci(&pos, "d4c5"), "PxBP");
    assert_eq!(write_uci(&pos, "d4e5"), "PxKP");
    assert_eq!(read_uci(&pos, "PxQBP"), "d4c5");
    assert_eq!(read_uci(&pos, "QPxKP"), "d4e5");
    assert_eq!(read_uci(&pos, "PxP/K5"), "d4e5");
    // Two pawns and two pawns: file of the capturer, then the square.
    let pos = position("4k3/8/8/2p1p3/1P1P1P2/8/8/4K3 w - - 0 1");
    assert_eq!(write_uci(&pos, "b4c5"), "NPxP");
    assert_eq!(write_uci(&pos, "f4e5"), "BPxP");
    assert_eq!(write_uci(&pos, "d4c5"), "QPxBP");
    assert_eq!(write_uci(&pos, "d4e5"), "QPxKP");
    // Two knights on one wing: the square decides.
    let pos = position("7k/8/2n5/3B4/2n5/8/8/4K3 w - - 0 1");
    assert_eq!(ambiguous(&pos, "BxN"), ["BxN/B4", "BxN/B6"]);
    assert_eq!(read_uci(&pos, "BxN/QB4"), "d5c4");
    // Knights on both wings: the wing prefix is enough.
    let pos = position("7k/8/2n1n3/3B4/8/8/8/4K3 w - - 0 1");
    assert_eq!(write_uci(&pos, "d5c6"), "BxQN");
    assert_eq!(write_uci(&pos, "d5e6"), "BxKN");
    // A piece move written without x: only when no quiet move fits.
    let scholar = after(&start(), "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6");
    // QxP would also fit QxKP (e5); f7 is the king's bishop's pawn.
    assert_eq!(write_uci(&scholar, "h5f7"), "QxBPmate");
    let r = read(&scholar, "Q-KB7mate").unwrap();
    assert_eq!(r.mv, uci(&scholar, "h5f7"));
    assert!(r.warnings.is_empty());
    let pos = position("4k3/8/8/8/8/5p2/8/1N2K3 w - - 0 1");
    // N-B3 is the quiet move to QB3 even though NxP on KB3 is... not possible here: N on QN1.
    assert_eq!(read_uci(&pos, "N-B3"), "b1c3");
    let pos = position("4k3/8/8/8/8/5p2/7N/1N2K3 w - - 0 1");
    assert_eq!(read_uci(&pos, "N-B3"), "b1c3");
    assert_eq!(write_uci(&pos, "b1c3"), "N-B3");
    assert_eq!(write_uci(&pos, "h2f3"), "NxP");
}

#[test]
fn origins_and_piece_prefixes() {
    // Two rooks to Q1.
    let pos = position("3k4/8/8/8/8/8/K7/R6R w - - 0 1");
    assert_eq!(read_uci(&pos, "QR-Q1"), "a1d1");
    assert_eq!(read_uci(&pos, "KR-Q1"), "h1d1");
    assert_eq!(read_uci(&pos, "R(QR1)-Q1"), "a1d1");
    assert_eq!(read_uci(&pos, "R(KR)-Q1"), "h1d1");
    assert_eq!(read_uci(&pos, "R/KR1-Q1"), "h1d1");
    assert_eq!(write_uci(&pos, "a1d1"), "QR-Q1ch");
    assert_eq!(write_uci(&pos, "h1d1"), "KR-Q1ch");
    // Two rooks on one file: the rank, as in R(1)-R3.
    let pos = position("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(write_uci(&pos, "a1a3"), "R(1)-R3");
    assert_eq!(write_uci(&pos, "a5a3"), "R(5)-R3");
    assert_eq!(read_uci(&pos, "R(1)-QR3"), "a1a3");
    assert_eq!(read_uci(&pos, "R/5-R3"), "a5a3");
    assert_eq!(read_uci(&pos, "R(R5)-R3"), "a5a3");
    // Two rooks on one wing and one rank: the file in parentheses.
    let pos = position("4k3/8/8/8/8/8/5R1R/4K3 w - - 0 1");
    // (R(B)-N2 would also fit R(B)-QN2.)
    assert_eq!(write_uci(&pos, "f2g2"), "R(B)-KN2");
    assert_eq!(write_uci(&pos, "h2g2"), "R(R)-N2");
    assert_eq!(read_uci(&pos, "R(KB)-KN2"), "f2g2");
    assert_eq!(read_uci(&pos, "R(KB2)-KN2"), "f2g2");
    // After O-O the king's rook stands on KB1 and is still KR.
    let pos = position("2kr3r/8/8/8/8/8/8/R4RK1 w - - 0 1");
    assert_eq!(read_uci(&pos, "KR-Q1"), "f1d1");
    assert_eq!(read_uci(&pos, "QR-Q1"), "a1d1");
    assert_eq!(write_uci(&pos, "f1d1"), "KR-Q1");
    assert_eq!(write_uci(&pos, "a1d1"), "QR-Q1");
    // Black after O-O-O: its queen's rook stands on Q1 (d8).
    let pos = position("2kr3r/8/8/8/8/8/8/R4RK1 b - - 0 1");
    assert_eq!(read_uci(&pos, "QR-K1"), "d8e8");
    assert_eq!(read_uci(&pos, "KR-K1"), "h8e8");
    // Knights: N(B3)-Q1 and N/5-K4 style origins.
    let pos = position("4k3/8/8/6N1/8/2N5/8/4K3 w - - 0 1");
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
    let pos = position("4k3/8/8/8/1N6/8/1N6/4K3 w - - 0 1");
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
    let pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(read_uci(&pos, "R-QSq"), "a1d1");
    assert_eq!(read_uci(&pos, "R-Q.Sq."), "a1d1");
}

#[test]
fn castling() {
    let pos = position("r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1");
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
    let pos = position("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1");
    assert_eq!(read_uci(&pos, "Castles"), "e1c1");
    assert_eq!(read_uci(&pos, "Castles ch"), "e1c1");
    assert_eq!(
        illegal(&pos, "O-O"),
        Illegal::CastlingBlocked(CastlingSide::KingSide)
    );
    let pos = position("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    assert_eq!(
        illegal(&pos, "O-O"),
        Illegal::CastlingRightsGone(CastlingSide::KingSide)
    );
    let pos = position("r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1");
    assert_eq!(illegal(&pos, "O-O-O"), Illegal::CastlingInCheck);
    let pos = position("r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1");
    assert!(matches!(read(&pos, "O-O"), Err(ReadError::Illegal { .. })));
    let pos = position("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1");
    assert_eq!(
        illegal(&pos, "O-O"),
        Illegal::CastlingThroughCheck(CastlingSide::KingSide)
    );
}

#[test]
fn promotion() {
    let pos = position("1n1rk3/PPP5/8/8/8/8/8/4K3 w - - 0 1");
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
    let pos = position("1q3k2/7K/1P1P1p2/R2P4/8/B5p1/8/8 w - - 0 1");
    let pos = after(&pos, "b6b7 f8f7 a5a8 b8b7 a8f8 f7f8 d6d7 f8f7");
    assert_eq!(read_uci(&pos, "P-Q8(N)ch"), "d7d8n");
    assert_eq!(read_uci(&pos, "P-Q8(N) ch"), "d7d8n");
    assert_eq!(write_uci(&pos, "d7d8n"), "P-Q8=Nch");
}

#[test]
fn en_passant() {
    let pos = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    for t in [
        "PxP", "PxP e.p.", "PxPe.p.", "PxP ep", "PxP e.p", "PXP E.P.",
    ] {
        let r = read(&pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!(r.mv, uci(&pos, "e5d6"), "{t}");
        assert!(r.warnings.is_empty(), "{t}: {:?}", r.warnings);
    }
    assert_eq!(write_uci(&pos, "e5d6"), "PxPe.p.");
    // Two pawns can take en passant.
    let pos = position("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(ambiguous(&pos, "PxP e.p."), ["BPxPe.p.", "KPxPe.p."]);
    assert_eq!(read_uci(&pos, "KPxP e.p."), "e5d6");
    assert_eq!(read_uci(&pos, "BPxP"), "c5d6");
    assert_eq!(ambiguous(&pos, "PxP/Q6"), ["BPxPe.p.", "KPxPe.p."]);
}
