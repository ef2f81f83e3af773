//! Why no legal move fits a pattern: the reason an illegal descriptive move
//! is refused with.

use super::*;

/// Why no legal move fits: the most telling reason over the squares the
/// pattern could mean.
pub(super) fn why_not(pos: &Chess, legal: &MoveList, p: &Pattern) -> Illegal {
    if legal.is_empty() {
        return Illegal::NoLegalMoves;
    }
    let us = pos.turn();
    let board = pos.board();
    let (piece, origin, targets, capture) = match p.shape {
        Shape::Castle(side) => {
            let castles = pos.castles();
            let side = side.unwrap_or(
                if !castles.has(us, CastlingSide::KingSide)
                    && castles.has(us, CastlingSide::QueenSide)
                {
                    CastlingSide::QueenSide
                } else {
                    CastlingSide::KingSide
                },
            );
            let desc = MoveDesc {
                castle: Some(side),
                role: Some(Role::King),
                ..MoveDesc::EMPTY
            };
            return explain(pos, &desc);
        }
        Shape::Move { piece, origin, to } => (piece, origin, to.squares(us), false),
        Shape::Capture {
            piece,
            origin,
            target,
            at,
        } => {
            let victims = board.by_color(!us)
                & board.by_role(target.role)
                & (target.squares(!us, false) | target.squares(!us, true));
            let landing = at.map_or(Bitboard::FULL, |a| a.squares(us));
            // A capture square written out is the square to explain, occupied or not.
            let squares = match at.map(|a| a.squares(us)).and_then(Bitboard::single_square) {
                Some(sq) => Bitboard::from_square(sq),
                None => victims & landing,
            };
            (piece, origin, squares, true)
        }
    };
    let role = piece.role;
    let origins = (piece.squares(us, false) | piece.squares(us, true))
        & origin.map_or(Bitboard::FULL, |o| o.squares(us));
    let ours = board.by_color(us) & board.by_role(role) & origins;
    let promotion = p.promotion.map_or(PromotionSpec::None, PromotionSpec::To);
    let base = MoveDesc {
        role: Some(role),
        capture,
        promotion,
        ..MoveDesc::EMPTY
    };
    if ours.is_empty() {
        // A single origin square written out tells whether it is empty or the opponent's.
        return match origin
            .map(|o| o.squares(us))
            .and_then(Bitboard::single_square)
        {
            Some(from) => explain(
                pos,
                &MoveDesc {
                    from_file: Some(from.file()),
                    from_rank: Some(from.rank()),
                    ..base
                },
            ),
            None => Illegal::NoSuchPiece {
                role: Some(role),
                from: None,
            },
        };
    }
    let from_file = common(ours, |s| s.file());
    let from_rank = common(ours, |s| s.rank());
    let mut best: Option<(u8, Illegal)> = None;
    for to in targets {
        let desc = MoveDesc {
            from_file,
            from_rank,
            to_file: Some(to.file()),
            to_rank: Some(to.rank()),
            ..base
        };
        let reason = match explain(pos, &desc) {
            // Phrased for algebraic; in descriptive a pawn simply cannot go there.
            Illegal::PawnCaptureNeedsFile => Illegal::CannotReach {
                role: Some(role),
                from: None,
                to,
            },
            r => r,
        };
        let score = weight(&reason);
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, reason));
        }
    }
    best.map_or(
        Illegal::NoSuchPiece {
            role: Some(role),
            from: None,
        },
        |(_, r)| r,
    )
}

/// The value all squares share, if they share one.
pub(super) fn common<T: PartialEq>(squares: Bitboard, key: impl Fn(Square) -> T) -> Option<T> {
    let first = key(squares.first()?);
    squares
        .into_iter()
        .all(|s| key(s) == first)
        .then_some(first)
}

/// How close to legal a reason says the move came: the closer, the more useful.
pub(super) fn weight(r: &Illegal) -> u8 {
    match r {
        Illegal::NoLegalMoves => 7,
        Illegal::PromotionMissing | Illegal::NotPromotion => 6,
        Illegal::Pinned { .. }
        | Illegal::InCheck
        | Illegal::IntoCheck(_)
        | Illegal::CastlingRightsGone(_)
        | Illegal::CastlingBlocked(_)
        | Illegal::CastlingInCheck
        | Illegal::CastlingThroughCheck(_) => 5,
        Illegal::OwnPiece(_) => 3,
        Illegal::EmptySquare(_)
        | Illegal::NotYourPiece(_)
        | Illegal::NoSuchPiece { from: Some(_), .. } => 2,
        Illegal::CannotReach { .. } => 1,
        _ => 0,
    }
}
