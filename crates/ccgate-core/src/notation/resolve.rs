//! Resolution: a [`MoveDesc`] matched against the legal moves of a position.
//!
//! The rules a player would expect, in order:
//! - a pawn moves along its file unless its origin file is written, so `c4`
//!   never means `bxc4` and `f6` never means an en-passant `exf6`;
//! - a promotion must name its piece, and only a promotion may;
//! - a king move written as the king's two-square step (`Kg1`, `5171`, `gaka`)
//!   is castling when castling is legal and no ordinary king move fits;
//! - capture, check, mate and `e.p.` marks never decide between moves: a wrong
//!   one is a [`Warning`]. A move that needs disambiguation stays ambiguous
//!   even when only one candidate would give the claimed mate.

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, Move, MoveList, Piece, Position, Rank, Role,
    Square, attacks,
};

use super::desc::{CheckMark, MoveDesc, PromotionSpec};
use super::error::{Candidate, Illegal, ReadError, Warning};
use super::{Lang, Notation, Reading, WriteOptions, write_move};

/// Where the king lands: castling is written as the king's move in every
/// notation that names squares.
pub(crate) fn king_target(m: &Move) -> Square {
    match *m {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                File::G
            } else {
                File::C
            };
            Square::from_coords(file, king.rank())
        }
        _ => m.to(),
    }
}

fn matches_squares(desc: &MoveDesc, m: &Move) -> bool {
    // One look at the move's variant rather than one per accessor: this runs
    // for every candidate of every move read.
    let (role, from, to, promotion) = match *m {
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => (role, from, to, promotion),
        Move::EnPassant { from, to } => (Role::Pawn, from, to, None),
        Move::Castle { king, .. } => (Role::King, king, king_target(m), None),
        Move::Put { .. } => return false,
    };
    if desc.role.is_some_and(|r| r != role)
        || desc.from_file.is_some_and(|f| f != from.file())
        || desc.from_rank.is_some_and(|r| r != from.rank())
        || desc.to_file.is_some_and(|f| f != to.file())
        || desc.to_rank.is_some_and(|r| r != to.rank())
    {
        return false;
    }
    // A pawn leaves its file only when the text says from which file.
    if desc.role == Some(Role::Pawn) && desc.from_file.is_none() && from.file() != to.file() {
        return false;
    }
    match desc.promotion {
        PromotionSpec::None => promotion.is_none(),
        PromotionSpec::To(r) | PromotionSpec::IccfShort(r) => promotion == Some(r),
    }
}

/// Resolves a description to the single legal move it names.
pub(crate) fn resolve(
    pos: &Chess,
    desc: &MoveDesc,
    text: &str,
    notation: Notation,
    lang: Lang,
) -> Result<Reading, ReadError> {
    let mv = match desc.castle {
        Some(side) => match pos.castling_moves(side).first() {
            Some(m) => *m,
            None => return Err(illegal(pos, desc, text)),
        },
        None => find(pos, desc, text, notation, lang)?,
    };
    Ok(Reading {
        mv,
        nag: desc.nag,
        warnings: warnings(pos, desc, &mv),
        draw_offer: false,
    })
}

fn find(
    pos: &Chess,
    desc: &MoveDesc,
    text: &str,
    notation: Notation,
    lang: Lang,
) -> Result<Move, ReadError> {
    // Codes name the origin, not the piece: the piece standing there will do
    // for generating only the moves that can reach the destination.
    let role = desc.role.or_else(|| {
        let from = Square::from_coords(desc.from_file?, desc.from_rank?);
        pos.board()
            .piece_at(from)
            .filter(|p| p.color == pos.turn())
            .map(|p| p.role)
    });
    let to = desc
        .to_file
        .zip(desc.to_rank)
        .map(|(f, r)| Square::from_coords(f, r));
    let mut moves = match (role, to) {
        (Some(role), Some(to)) => pos.san_candidates(role, to),
        _ => pos.legal_moves(),
    };
    // Most descriptions fit exactly one candidate: found without rewriting the list.
    let mut fitting = moves.iter().filter(|m| matches_squares(desc, m));
    if let (Some(m), None) = (fitting.next(), fitting.next()) {
        return Ok(*m);
    }
    moves.retain(|m| matches_squares(desc, m));
    // Castling written as the king's move, when no ordinary king move fits.
    if moves.is_empty() && role.is_none_or(|r| r == Role::King) {
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            moves.extend(
                pos.castling_moves(side)
                    .into_iter()
                    .filter(|m| matches_squares(desc, m)),
            );
        }
    }
    match moves.as_slice() {
        [m] => Ok(*m),
        [] => Err(illegal(pos, desc, text)),
        _ => Err(ReadError::Ambiguous {
            text: text.to_string(),
            candidates: candidates(pos, &moves, notation, lang),
        }),
    }
}

/// Writes moves as offered alternatives, in the notation that was read.
pub(crate) fn candidates(
    pos: &Chess,
    moves: &[Move],
    notation: Notation,
    lang: Lang,
) -> Vec<Candidate> {
    let opts = WriteOptions::new(lang);
    moves
        .iter()
        .map(|&mv| Candidate {
            mv,
            text: write_move(pos, mv, notation, &opts),
        })
        .collect()
}

/// Suggestions are added by the public readers (`suggest::attach`).
fn illegal(pos: &Chess, desc: &MoveDesc, text: &str) -> ReadError {
    ReadError::Illegal {
        text: text.to_string(),
        reason: explain(pos, desc),
        did_you_mean: Vec::new(),
    }
}

fn warnings(pos: &Chess, desc: &MoveDesc, mv: &Move) -> Vec<Warning> {
    let mut w = Vec::new();
    if desc.capture && !mv.is_capture() {
        w.push(Warning::CaptureMark);
    }
    if desc.en_passant && !mv.is_en_passant() {
        w.push(Warning::EnPassantMark);
    }
    if let Some(actual) = wrong_mark(pos, desc.check, mv) {
        w.push(Warning::CheckMark {
            claimed: desc.check,
            actual,
        });
    }
    w
}

/// What the move really gives, when the written mark claims something else.
/// A check mark on a mating move is not wrong (mate is a check, and marks
/// are optional detail), so a `+` needs only the cheap check test.
// Every move's mark is checked here; a call costs as much as the check.
#[inline(always)]
pub(crate) fn wrong_mark(pos: &Chess, claimed: CheckMark, mv: &Move) -> Option<CheckMark> {
    match claimed {
        CheckMark::None => None,
        CheckMark::Check => (!gives_check(pos, mv)).then_some(CheckMark::None),
        CheckMark::Mate => match check_after(pos, mv) {
            CheckMark::Mate => None,
            actual => Some(actual),
        },
        CheckMark::Double => wrong_double(pos, mv),
    }
}

/// [`wrong_mark`] for `++`, apart: the rare mark's position copy kept the
/// function from being inlined where every move's mark is checked.
#[cold]
fn wrong_double(pos: &Chess, mv: &Move) -> Option<CheckMark> {
    let mut after = pos.clone();
    after.play_unchecked(*mv);
    match check_after(pos, mv) {
        CheckMark::Mate => None,
        CheckMark::Check if after.checkers().count() > 1 => None,
        actual => Some(actual),
    }
}

/// Whether a legal move gives check, from the board alone: cheaper than
/// playing the move on a copy of the whole position.
pub(crate) fn gives_check(pos: &Chess, mv: &Move) -> bool {
    let us = pos.turn();
    let mut board = pos.board().clone();
    match *mv {
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            board.discard_piece_at(from);
            board.set_piece_at(
                to,
                Piece {
                    color: us,
                    role: promotion.unwrap_or(role),
                },
            );
        }
        Move::EnPassant { from, to } => {
            board.discard_piece_at(from);
            board.discard_piece_at(Square::from_coords(to.file(), from.rank()));
            board.set_piece_at(
                to,
                Piece {
                    color: us,
                    role: Role::Pawn,
                },
            );
        }
        Move::Castle { king, rook } => {
            let king_to = king_target(mv);
            let rook_file = if rook.file() > king.file() {
                File::F
            } else {
                File::D
            };
            board.discard_piece_at(king);
            board.discard_piece_at(rook);
            board.set_piece_at(
                king_to,
                Piece {
                    color: us,
                    role: Role::King,
                },
            );
            board.set_piece_at(
                Square::from_coords(rook_file, king.rank()),
                Piece {
                    color: us,
                    role: Role::Rook,
                },
            );
        }
        Move::Put { .. } => return false,
    }
    board
        .king_of(!us)
        .is_some_and(|k| board.attacks_to(k, us, board.occupied()).any())
}

/// Whether a legal move gives check or mate.
pub(crate) fn check_after(pos: &Chess, mv: &Move) -> CheckMark {
    let mut after = pos.clone();
    after.play_unchecked(*mv);
    if !after.is_check() {
        CheckMark::None
    } else if after.is_checkmate() {
        CheckMark::Mate
    } else {
        CheckMark::Check
    }
}

/// Explains, in a player's terms, why no legal move fits `desc`.
pub(crate) fn explain(pos: &Chess, desc: &MoveDesc) -> Illegal {
    if pos.legal_moves().is_empty() {
        return Illegal::NoLegalMoves;
    }
    let us = pos.turn();
    let board = pos.board();
    let from_sq = desc
        .from_file
        .zip(desc.from_rank)
        .map(|(f, r)| Square::from_coords(f, r));
    let to_sq = desc
        .to_file
        .zip(desc.to_rank)
        .map(|(f, r)| Square::from_coords(f, r));

    if let Some(side) = desc
        .castle
        .or_else(|| castling_by_king_step(pos, desc, from_sq, to_sq))
    {
        return explain_castling(pos, side);
    }
    if let Some(from) = from_sq {
        match board.piece_at(from) {
            None => return Illegal::EmptySquare(from),
            Some(p) if p.color != us => return Illegal::NotYourPiece(from),
            Some(p) if desc.role.is_some_and(|r| r != p.role) => {
                return Illegal::NoSuchPiece {
                    role: desc.role,
                    from: Some(from),
                };
            }
            _ => {}
        }
    }
    let mut origins = board.by_color(us);
    if let Some(role) = desc.role {
        origins &= board.by_role(role);
    }
    if let Some(f) = desc.from_file {
        origins &= Bitboard::from_file(f);
    }
    if let Some(r) = desc.from_rank {
        origins &= Bitboard::from_rank(r);
    }
    if origins.is_empty() {
        return Illegal::NoSuchPiece {
            role: desc.role,
            from: from_sq,
        };
    }
    let Some(to) = to_sq else {
        return Illegal::NoSuchPiece {
            role: desc.role,
            from: from_sq,
        };
    };
    if board.by_color(us).contains(to) {
        return Illegal::OwnPiece(to);
    }
    // Legal moves that differ from the text only in what was said about promotion
    // or the pawn's file tell the player exactly what to fix.
    let loose = MoveDesc {
        promotion: PromotionSpec::None,
        ..*desc
    };
    let near: MoveList = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            let to_ok = king_target(m) == to && origins.contains(m.from().unwrap_or(to));
            to_ok && (m.promotion().is_some() || !matches_squares(&loose, m))
        })
        .collect();
    if let Some(m) = near.first() {
        return match (desc.promotion, m.promotion()) {
            (PromotionSpec::None, Some(_)) => Illegal::PromotionMissing,
            (PromotionSpec::To(_) | PromotionSpec::IccfShort(_), None) => Illegal::NotPromotion,
            _ if m.role() == Role::Pawn && desc.from_file.is_none() => {
                Illegal::PawnCaptureNeedsFile
            }
            _ => Illegal::NotPromotion,
        };
    }
    if desc.promotion != PromotionSpec::None
        && !(Bitboard::BACKRANKS.contains(to) && (origins & board.pawns()).any())
    {
        return Illegal::NotPromotion;
    }
    let reachable = origins
        .into_iter()
        .find(|&from| pseudo_reaches(pos, from, to));
    let Some(from) = reachable else {
        let role = desc.role.or_else(|| from_sq.and_then(|s| board.role_at(s)));
        return Illegal::CannotReach {
            role,
            from: from_sq,
            to,
        };
    };
    let role = board.role_at(from).unwrap_or(Role::Pawn);
    if role == Role::King {
        Illegal::IntoCheck(to)
    } else if pos.is_check() && !pinned(pos, from) {
        Illegal::InCheck
    } else {
        Illegal::Pinned { role, from }
    }
}

/// A king's two-file step on its home square names castling.
fn castling_by_king_step(
    pos: &Chess,
    desc: &MoveDesc,
    from: Option<Square>,
    to: Option<Square>,
) -> Option<CastlingSide> {
    let king = pos.board().king_of(pos.turn())?;
    let to = to?;
    let from_ok = from.map_or(desc.role == Some(Role::King), |f| f == king);
    let home = Square::from_coords(
        File::E,
        Rank::new(if pos.turn() == Color::White { 0 } else { 7 }),
    );
    if !from_ok || king != home || to.rank() != king.rank() {
        return None;
    }
    match to.file() {
        File::G => Some(CastlingSide::KingSide),
        File::C => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

fn explain_castling(pos: &Chess, side: CastlingSide) -> Illegal {
    let us = pos.turn();
    let castles = pos.castles();
    let Some(rook) = castles.rook(us, side) else {
        return Illegal::CastlingRightsGone(side);
    };
    if (castles.path(us, side) & pos.board().occupied()).any() {
        return Illegal::CastlingBlocked(side);
    }
    if pos.is_check() {
        return Illegal::CastlingInCheck;
    }
    let _ = rook;
    Illegal::CastlingThroughCheck(side)
}

fn pseudo_reaches(pos: &Chess, from: Square, to: Square) -> bool {
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else {
        return false;
    };
    if piece.role != Role::Pawn {
        return attacks::attacks(from, piece, board.occupied()).contains(to);
    }
    let forward: i32 = if piece.color == Color::White { 8 } else { -8 };
    let step = |n: i32| Square::try_from(i32::from(from) + n * forward).ok();
    let empty = |s: Square| !board.occupied().contains(s);
    if attacks::pawn_attacks(piece.color, from).contains(to) {
        return board.by_color(!piece.color).contains(to)
            || pos.ep_square(shakmaty::EnPassantMode::Legal) == Some(to);
    }
    let start = from.rank()
        == if piece.color == Color::White {
            Rank::Second
        } else {
            Rank::Seventh
        };
    match (step(1), step(2)) {
        (Some(one), _) if one == to => empty(one),
        (Some(one), Some(two)) if two == to && start => empty(one) && empty(two),
        _ => false,
    }
}

/// Whether moving the piece off its square would expose its own king.
fn pinned(pos: &Chess, from: Square) -> bool {
    let board = pos.board();
    let Some(king) = board.king_of(pos.turn()) else {
        return false;
    };
    let occupied = board.occupied().without(from);
    let them = board.by_color(!pos.turn());
    let sliders = (attacks::rook_attacks(king, occupied) & (board.rooks() | board.queens()))
        | (attacks::bishop_attacks(king, occupied) & (board.bishops() | board.queens()));
    (sliders & them).any() && !(sliders & them & !attackers_before(pos, king)).is_empty()
}

fn attackers_before(pos: &Chess, king: Square) -> Bitboard {
    let board = pos.board();
    board.attacks_to(king, !pos.turn(), board.occupied())
}
