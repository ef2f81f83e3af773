//! Errors: malformed tokens with their place, illegal moves with their
//! reason, and hostile text that must never panic.

use super::*;

/// (expected, at) of a malformed token.
fn malformed(pos: &Chess, text: &str) -> (&'static str, usize) {
    match read(pos, text) {
        Err(ReadError::Malformed { expected, at, .. }) => (expected.english(), at),
        other => panic!("{text}: expected malformed, got {other:?}"),
    }
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
    let pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
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
    let pos = position("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        illegal(&pos, "N-KB4"),
        Illegal::Pinned {
            role: Role::Knight,
            from: Square::E2
        }
    );
    let pos = position("4k3/8/8/8/7b/8/8/R3K3 w - - 0 1");
    assert_eq!(illegal(&pos, "R-R2"), Illegal::InCheck);
    let pos = position("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    assert!(read(&pos, "KxP").is_ok());
    let pos = position("4k3/8/8/8/8/4p3/3p4/4K3 w - - 0 1");
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
        position("1n1rk3/PPP5/8/8/8/8/ppp5/1N1RK3 b - - 0 1"),
        position("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1"),
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
