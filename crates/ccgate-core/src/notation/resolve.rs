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
    Bitboard, Board, CastlingSide, Chess, Color, File, Move, MoveList, Piece, Position, Rank, Role,
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
        (Some(role), Some(to)) => {
            if let Some(m) = single(pos, desc, role, to) {
                return Ok(m);
            }
            pos.san_candidates(role, to)
        }
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

/// The move a description names when exactly one legal move of `role`
/// onto `to` fits it, found without a move list: only that piece's moves
/// onto `to` are generated, each tested for legality by itself ([`legal`]).
/// Every move of a game file is read here, and shakmaty's
/// `san_candidates` returns a whole move list by value (half its cost is
/// the copy). `None` when no move or several fit, and for the rare shapes
/// left to the general path (en passant, a promotion the square does not
/// allow): [`find`] then decides as before and says what is wrong, so the
/// answer is the general path's whenever this one gives one.
fn single(pos: &Chess, desc: &MoveDesc, role: Role, to: Square) -> Option<Move> {
    let board = pos.board();
    let us = pos.turn();
    if board.by_color(us).contains(to) {
        return None;
    }
    let promotion = match desc.promotion {
        PromotionSpec::None => None,
        PromotionSpec::To(r) | PromotionSpec::IccfShort(r) => {
            // shakmaty generates no promotion to a king or pawn.
            if matches!(r, Role::King | Role::Pawn) {
                return None;
            }
            Some(r)
        }
    };
    // The written origin, and for a pawn without one its own file, narrow
    // the movers: every move generated below then fits the description.
    let mut movers = board.by_piece(role.of(us));
    match desc.from_file {
        Some(file) => movers &= Bitboard::from_file(file),
        None if role == Role::Pawn => movers &= Bitboard::from_file(to.file()),
        None => {}
    }
    if let Some(rank) = desc.from_rank {
        movers &= Bitboard::from_rank(rank);
    }
    let occupied = board.occupied();
    let capture = board.role_at(to);
    let froms = if role == Role::Pawn {
        // A pawn reaching the last rank promotes, and only there.
        if Bitboard::BACKRANKS.contains(to) != promotion.is_some()
            || (capture.is_none() && pos.maybe_ep_square() == Some(to))
        {
            return None;
        }
        if capture.is_some() {
            attacks::pawn_attacks(!us, to) & movers
        } else {
            let back = if us == Color::White { -8 } else { 8 };
            let one = to.offset(back)?;
            if occupied.contains(one) {
                Bitboard::from_square(one) & movers
            } else if to.rank() == us.relative_rank(Rank::Fourth) {
                one.offset(back)
                    .map_or(Bitboard::EMPTY, Bitboard::from_square)
                    & movers
            } else {
                Bitboard::EMPTY
            }
        }
    } else {
        if promotion.is_some() {
            return None;
        }
        attacks::attacks(to, role.of(us), occupied) & movers
    };
    let mut found = None;
    for from in froms {
        let m = Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        };
        debug_assert!(matches_squares(desc, &m));
        if legal(board, us, m) {
            if found.is_some() {
                return None;
            }
            found = Some(m);
        }
    }
    found
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

/// Whether a pseudo-legal move (a piece onto a square it attacks or, for a
/// pawn, may push to; en passant onto the en-passant square) is legal: it
/// leaves no attack on the own king once played. Castling comes from
/// shakmaty's generation and is legal as it is.
pub(crate) fn legal(board: &Board, us: Color, m: Move) -> bool {
    let Some(king) = board.king_of(us) else {
        return false;
    };
    let occupied = board.occupied();
    match m {
        Move::Normal {
            role: Role::King,
            from,
            to,
            ..
        } => board.attacks_to(to, !us, occupied.without(from)).is_empty(),
        Move::Normal { from, to, .. } => (board
            .attacks_to(king, !us, occupied.without(from).with(to))
            .without(to))
        .is_empty(),
        Move::EnPassant { from, to } => {
            let victim = Square::from_coords(to.file(), from.rank());
            (board
                .attacks_to(king, !us, occupied.without(from).without(victim).with(to))
                .without(victim))
            .is_empty()
        }
        Move::Castle { .. } => true,
        Move::Put { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    /// The general path's answer: the one legal move of `role` onto the
    /// description's square that fits it, if exactly one does.
    fn general(pos: &Chess, desc: &MoveDesc, role: Role, to: Square) -> Option<Move> {
        let candidates = pos.san_candidates(role, to);
        let mut fitting = candidates
            .iter()
            .copied()
            .filter(|m| matches_squares(desc, m));
        match (fitting.next(), fitting.next()) {
            (Some(m), None) => Some(m),
            _ => None,
        }
    }

    /// Every description a legal move can be written with (its piece or
    /// none, each part of its origin or none, its promotion, a wrong one or
    /// none), and descriptions that fit no legal move.
    fn descriptions(pos: &Chess) -> Vec<MoveDesc> {
        let mut out = Vec::new();
        for m in pos.legal_moves() {
            let (Some(from), to) = (m.from(), m.to()) else {
                continue;
            };
            for role in [Some(m.role()), None, Some(Role::Queen)] {
                for file in [None, Some(from.file())] {
                    for rank in [None, Some(from.rank())] {
                        for promotion in [
                            m.promotion().map_or(PromotionSpec::None, PromotionSpec::To),
                            PromotionSpec::None,
                            PromotionSpec::To(Role::Knight),
                            PromotionSpec::To(Role::King),
                        ] {
                            out.push(MoveDesc {
                                role,
                                from_file: file,
                                from_rank: rank,
                                to_file: Some(to.file()),
                                to_rank: Some(to.rank()),
                                promotion,
                                ..MoveDesc::EMPTY
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// The fast path answers exactly when the general path names one move,
    /// and with that move, except for the shapes it leaves to the general
    /// path: in positions with pins, checks, promotions, en passant,
    /// ambiguity, and along a long pseudo-random game.
    #[test]
    fn single_agrees_with_the_general_path() {
        let fens = [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "r3k2r/pPpp1ppp/8/3Pp3/1b6/2N2N2/P1PP1PpP/R3K2R w KQkq e6 0 1",
            "4k3/8/8/1q6/8/3B4/4K3/8 w - - 0 1",
            "4k3/4r3/8/8/8/8/4N3/2N1K1N1 w - - 0 1",
            "3rk3/8/8/8/8/8/3n4/R3K2R w KQ - 0 1",
            "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1",
            "4k3/8/8/K1pP3r/8/8/8/8 w - c6 0 1",
            "1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
            "7k/8/8/8/8/1Q6/5Q2/3Q1Q1K w - - 0 1",
        ];
        let mut positions: Vec<Chess> = fens
            .iter()
            .map(|f| {
                f.parse::<Fen>()
                    .unwrap()
                    .into_position(CastlingMode::Standard)
                    .unwrap()
            })
            .collect();
        let mut pos = Chess::default();
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..600 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                pos = Chess::default();
                continue;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            pos.play_unchecked(m);
            positions.push(pos.clone());
        }
        let mut answered = 0;
        for pos in &positions {
            for desc in descriptions(pos) {
                let to = Square::from_coords(desc.to_file.unwrap(), desc.to_rank.unwrap());
                let Some(role) = desc.role.or_else(|| {
                    let from = Square::from_coords(desc.from_file?, desc.from_rank?);
                    pos.board().role_at(from)
                }) else {
                    continue;
                };
                let fast = single(pos, &desc, role, to);
                let slow = general(pos, &desc, role, to);
                let en_passant = role == Role::Pawn && pos.maybe_ep_square() == Some(to);
                if fast.is_some() || !en_passant {
                    assert_eq!(
                        fast,
                        slow,
                        "{desc:?} in {}",
                        Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
                    );
                }
                answered += usize::from(fast.is_some());
            }
        }
        assert!(answered > 10_000, "{answered}");
    }
}
