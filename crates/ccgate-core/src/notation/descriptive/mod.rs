//! English descriptive notation: `P-K4`, `N-KB3`, `PxP`, `R(1)-Q1`.
//!
//! Files are named after the piece that starts on them, the same for both
//! colours (a = QR, b = QN or QKt, c = QB, d = Q, e = K, f = KB, g = KN or KKt,
//! h = KR); the short names R, N (Kt) and B stand for either wing. Ranks are
//! counted from the mover's side, so e4 is K4 for White and K5 for Black.
//! A capture names the captured piece, not its square.
//!
//! # Grammar
//!
//! Letters are read in any case (`p-k4`), `Kt` and `N` are both the knight,
//! and spaces around `-` and `x` and before the suffixes are allowed.
//!
//! ```text
//! move      = castling marks
//!           | piece origin? "-" square promotion? marks
//!           | piece origin? "x" piece at? promotion? marks
//! castling  = O-O | O-O-O | 0-0 | 0-0-0 | Castles [K | KR | Q | QR | kingside | queenside]
//! piece     = K | Q | [K|Q] (R | N | Kt | B) | [filename] P
//! filename  = [K|Q] (R | N | Kt | B) | K | Q
//! square    = filename rank            rank = 1-8 | Sq   (Sq is the first rank)
//! origin    = "(" spot ")" | "/" spot   spot = filename? rank?, not empty
//! at        = "/" spot-with-rank | "(" spot ")"       (where the capture lands)
//! promotion = "=" P | "(" P ")" | "/" P | P            P = Q | R | B | N | Kt
//! marks     = any of: e.p. | ep, a check or mate sign, ! ? !! ?? !? ?!
//! check     = ch | check | + | dis ch | dis.ch. | dbl ch | dblch | double check
//! mate      = mate | checkmate | # | ++
//! ```
//!
//! `Resigns`, `1-0` and other results are rejected as malformed: they end a
//! game, they are not moves.
//!
//! # Reading
//!
//! A token stands for the set of legal moves it fits; exactly one is read,
//! several are [`ReadError::Ambiguous`], none is [`ReadError::Illegal`] with
//! the most telling reason the position offers. Choices:
//!
//! - A `K`/`Q` prefix on a piece (`QR-Q1`, `BxKN`) names the piece on the file
//!   of that name; when no such piece fits, it is read as the piece on that
//!   wing (a bishop: on its home square's colour), because after castling the
//!   king's rook stands on KB1 and is still called KR. The game history that
//!   would tell the original pieces apart is not available.
//! - A pawn prefix (`KP`, `QBP`, `RP`) always names the pawn's current file.
//! - A piece move written without `x` may still capture (`Q-KB7` for `QxP`),
//!   but only when no quiet move fits: `N-B3` is the quiet knight move even if
//!   another knight could take on the other B3. Pawns never capture that way.
//! - A king move onto the king's castling square (`K-KN1`) is castling when
//!   castling is legal and no ordinary king move fits, as in the other
//!   notations.
//! - A check or mate sign chooses between moves when exactly one of those
//!   that fit gives it: `R-B8ch` is the rook move to KB8 when only that one
//!   checks. Descriptive writers relied on this (the Evergreen game's
//!   `21. QxPch`, Chernev's endings), unlike SAN, where `Rf6#` stays
//!   ambiguous. A sign that does not choose and is wrong is a [`Warning`],
//!   and so is a wrong `e.p.`.
//!
//! # Writing
//!
//! One canonical form: the shortest designation that reads back as the move,
//! trying in order the plain form (`N-B3`, `PxP`), the full destination
//! (`N-KB3`), then qualifiers of the moving piece (`KPxP`, `QBPxP`, `QR-Q1`),
//! of the captured piece (`PxQP`, `BxQN`), origins in parentheses (`R(1)-Q1`,
//! `R(B)-Q1`, `N(QB3)-Q1`) and finally the capture square (`PxP/Q4`). A
//! `K`/`Q` prefix is only written when its wing reading names the move too,
//! so that it cannot mislead a reader who counts by wings. The writer never
//! leans on a check sign to tell moves apart.
//! Promotion is `=Q`, castling `O-O`/`O-O-O`, the knight `N`. Suffixes are
//! appended without a space so that a move stays one token in movetext, as in
//! the transcriptions of Chernev's endings (`P-R8(Q)mate`, `PxPe.p.`):
//! `e.p.` on every en-passant capture, then `ch` for check or `mate` for mate.
//!
//! ```
//! use ccgate_core::notation::{read_move, write_move, Notation, ReadOptions, WriteOptions};
//! use shakmaty::{Chess, Position, uci::UciMove};
//!
//! let (r, w) = (ReadOptions::default(), WriteOptions::default());
//! let mut pos = Chess::default();
//! let nf3 = read_move(&pos, "N-KB3", Notation::Descriptive, &r).unwrap().mv;
//! assert_eq!(nf3.to_string(), "Ng1-f3");
//! let e4: UciMove = "e2e4".parse().unwrap();
//! assert_eq!(write_move(&pos, e4.to_move(&pos).unwrap(), Notation::Descriptive, &w), "P-K4");
//!
//! // 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6: now two pawns can take the bishop.
//! for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6"] {
//!     let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
//!     pos.play_unchecked(m);
//! }
//! let dxc6 = read_move(&pos, "QPxB", Notation::Descriptive, &r).unwrap().mv;
//! assert_eq!(write_move(&pos, dxc6, Notation::Descriptive, &w), "QPxB");
//! assert!(read_move(&pos, "PxB", Notation::Descriptive, &r).is_err());
//! ```

mod explain;
mod names;
mod parse;
mod write;

use std::borrow::Cow;

use explain::*;
use names::*;
pub(crate) use parse::is_syntax;
use parse::*;
use write::*;

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, Move, MoveList, Position, Rank, Role, Square,
    attacks,
};

use super::algebraic::{Cursor, nag};
use super::desc::{CheckMark, MoveDesc, PromotionSpec};
use super::error::{Expected, Illegal, ReadError, Warning};
use super::resolve::{candidates, check_after, explain, king_target, legal, wrong_mark};
use super::text::normalize;
use super::{Lang, Notation, Reading};

/// Reads one descriptive move and resolves it in `pos`.
pub(crate) fn read(pos: &Chess, text: &str) -> Result<Reading, ReadError> {
    // The plain shapes take no spaces and no look-alikes: an ASCII token
    // that has one is already in normal form, and folding it would cost
    // more than the rest of its syntax.
    let (norm, (pattern, marks)) = match parse_plain(text.as_bytes()) {
        Some(parsed) => (Cow::Borrowed(text), parsed),
        None => {
            let norm = normalize(text);
            // Folding that changed nothing leaves nothing new for the byte reader.
            let parsed = match &norm {
                Cow::Borrowed(same) if same.len() == text.len() => parse_general(same)?,
                _ => parse(&norm)?,
            };
            (norm, parsed)
        }
    };
    let filter = Filter::new(&pattern, pos.turn());
    match filter.single(pos) {
        Some(mv) => Ok(reading(pos, &marks, mv)),
        None => {
            let read = resolve_general(pos, &norm, &pattern, &marks, &filter);
            or_other_side(pos, &norm, &pattern, &marks, read)
        }
    }
}

/// Seed 001 writes `BxPB2` for Bb3xf7: the captured piece's square counted
/// from its owner's side. Read so only when the mover's reading (`read`)
/// names no legal move.
#[cold]
#[inline(never)]
fn or_other_side(
    pos: &Chess,
    norm: &str,
    pattern: &Pattern,
    marks: &Marks,
    read: Result<Reading, ReadError>,
) -> Result<Reading, ReadError> {
    match (&read, other_side(pattern)) {
        (Err(ReadError::Illegal { .. }), Some(other)) => {
            read_pattern(pos, norm, &other, marks).or(read)
        }
        _ => read,
    }
}

/// A capture's square with its rank counted from the other side.
fn other_side(pattern: &Pattern) -> Option<Pattern> {
    let Shape::Capture {
        piece,
        origin,
        target,
        at: Some(at),
    } = pattern.shape
    else {
        return None;
    };
    let rank = at.rank?;
    Some(Pattern {
        shape: Shape::Capture {
            piece,
            origin,
            target,
            at: Some(Spot {
                rank: Some(rank.flip_vertical()),
                ..at
            }),
        },
        ..*pattern
    })
}

fn read_pattern(
    pos: &Chess,
    norm: &str,
    pattern: &Pattern,
    marks: &Marks,
) -> Result<Reading, ReadError> {
    let filter = Filter::new(pattern, pos.turn());
    match filter.single(pos) {
        Some(mv) => Ok(reading(pos, marks, mv)),
        None => resolve_general(pos, norm, pattern, marks, &filter),
    }
}

/// The reading of the one move a pattern names.
#[inline(always)]
fn reading(pos: &Chess, marks: &Marks, mv: Move) -> Reading {
    Reading {
        mv,
        nag: marks.nag,
        warnings: warnings(pos, marks, &mv),
        draw_offer: false,
    }
}

/// No move, several, or one told apart by its check sign: the general way,
/// which also lists the candidates of an ambiguous move in the order of the
/// legal moves, and says why no move fits.
#[cold]
#[inline(never)]
fn resolve_general(
    pos: &Chess,
    norm: &str,
    pattern: &Pattern,
    marks: &Marks,
    filter: &Filter,
) -> Result<Reading, ReadError> {
    let mut found = filter.candidates(pos);
    filter.select(&mut found);
    if found.len() > 1 {
        by_check_mark(pos, &mut found, marks.check);
    }
    match found.as_slice() {
        [mv] => Ok(reading(pos, marks, *mv)),
        [] => Err(ReadError::Illegal {
            text: norm.to_string(),
            reason: why_not(pos, &pos.legal_moves(), pattern),
            did_you_mean: Vec::new(),
        }),
        many => Err(ReadError::Ambiguous {
            text: norm.to_string(),
            candidates: candidates(pos, many, Notation::Descriptive, Lang::En),
        }),
    }
}

/// Writes a legal move of `pos` in its canonical descriptive form.
// Not inlined into `append_move`: the codes' arms stay a plain dispatch.
#[inline(never)]
pub(crate) fn append(pos: &Chess, mv: Move, out: &mut String) {
    let legal = pos.legal_moves();
    let (spelling, read_back) = spell(pos, &legal, mv);
    render(&spelling, out);
    if mv.is_en_passant() {
        out.push_str("e.p.");
    }
    // Playing a move that is not legal could corrupt the position. A
    // spelling that reads back has found the move among the legal ones,
    // which spares a search of the list.
    if read_back || legal.contains(&mv) {
        match check_after(pos, &mv) {
            CheckMark::Check | CheckMark::Double => out.push_str("ch"),
            CheckMark::Mate => out.push_str("mate"),
            CheckMark::None => {}
        }
    }
}

// ---------------------------------------------------------------------------
// Matching

/// How loosely a pattern is read; stricter readings are tried first.
#[derive(Debug, Clone, Copy)]
struct Stage {
    /// A `K`/`Q` prefix on a piece names a wing rather than a file.
    wing: bool,
    /// A piece move written with `-` may capture.
    loose: bool,
}

const STRICT: Stage = Stage {
    wing: false,
    loose: false,
};

/// A pattern turned into squares for one side to move, computed once and
/// tested against every legal move.
#[derive(Debug, Clone, Copy)]
struct Filter {
    shape: Shape,
    promotion: Option<Role>,
    role: Role,
    /// Origins under the strict and the wing reading.
    origins: [Bitboard; 2],
    /// Destinations of a move; landing squares of a capture.
    dest: Bitboard,
    victim: Option<Role>,
    /// Squares of the captured piece under the strict and the wing reading.
    victims: [Bitboard; 2],
    /// The reading has a looser stage worth trying.
    wing: bool,
    loose: bool,
}

impl Filter {
    #[inline]
    fn new(p: &Pattern, us: Color) -> Filter {
        let spot = |s: Option<Spot>| s.map_or(Bitboard::FULL, |s| s.squares(us));
        let full = [Bitboard::FULL; 2];
        // Most pieces are written without a qualifier: no squares to look up.
        let both = |piece: PieceName, color: Color| match piece.qual {
            None => full,
            Some(_) => [piece.squares(color, false), piece.squares(color, true)],
        };
        // One look at the shape for every field: this runs for every move read.
        let (role, origins, dest, victim, victims, wing, loose) = match p.shape {
            Shape::Castle(_) => (Role::King, full, Bitboard::FULL, None, full, false, false),
            Shape::Move { piece, origin, to } => {
                let from = spot(origin);
                let origins = both(piece, us).map(|b| b & from);
                let loose = piece.role != Role::Pawn;
                let wing = piece.prefixed_piece();
                (piece.role, origins, to.squares(us), None, full, wing, loose)
            }
            Shape::Capture {
                piece,
                origin,
                target,
                at,
            } => {
                let from = spot(origin);
                let origins = both(piece, us).map(|b| b & from);
                let victims = both(target, !us);
                let wing = piece.prefixed_piece() || target.prefixed_piece();
                let victim = Some(target.role);
                (piece.role, origins, spot(at), victim, victims, wing, false)
            }
        };
        Filter {
            shape: p.shape,
            promotion: p.promotion,
            role,
            origins,
            dest,
            victim,
            victims,
            wing,
            loose,
        }
    }

    fn fits(&self, m: &Move, stage: Stage) -> bool {
        // One look at the move's variant rather than one per accessor: this
        // runs for every candidate at every stage. A castling move's
        // destination is where its king lands.
        let (role, from, to, capture, promotion) = match *m {
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => (role, from, to, capture, promotion),
            Move::EnPassant { from, to } => (Role::Pawn, from, to, Some(Role::Pawn), None),
            Move::Castle { king, .. } => (Role::King, king, king_target(m), None, None),
            Move::Put { .. } => return false,
        };
        if promotion != self.promotion {
            return false;
        }
        let i = usize::from(stage.wing);
        let stands = role == self.role && self.origins.get(i).is_some_and(|o| o.contains(from));
        match self.shape {
            Shape::Castle(side) => m
                .castling_side()
                .is_some_and(|s| side.is_none_or(|w| w == s)),
            Shape::Move { .. } => {
                stands
                    && self.dest.contains(to)
                    && (capture.is_none() || (stage.loose && self.role != Role::Pawn))
            }
            Shape::Capture { .. } => {
                let victim = if m.is_en_passant() {
                    Square::from_coords(to.file(), from.rank())
                } else {
                    to
                };
                stands
                    && capture.is_some()
                    && capture == self.victim
                    && self.victims.get(i).is_some_and(|v| v.contains(victim))
                    && self.dest.contains(to)
            }
        }
    }

    /// The legal moves that could fit, in the order of the general move
    /// generation: those reaching the few squares the pattern names,
    /// generated square by square, or every legal move.
    fn candidates(&self, pos: &Chess) -> MoveList {
        let targets = match self.shape {
            Shape::Castle(_) => {
                let mut moves = pos.castling_moves(CastlingSide::KingSide);
                moves.extend(pos.castling_moves(CastlingSide::QueenSide));
                return moves;
            }
            Shape::Move { .. } => self.dest,
            Shape::Capture { .. } => self.dest & (self.victims[0] | self.victims[1]),
        };
        // Each square's candidates come back as a whole move list (2 KB):
        // beyond two squares one list of every legal move is cheaper.
        if targets.count() > 2 {
            return pos.legal_moves();
        }
        if let (Some(sq), false, false) = (
            targets.single_square(),
            self.role == Role::King,
            self.role == Role::Pawn && self.victim == Some(Role::Pawn),
        ) {
            return pos.san_candidates(self.role, sq);
        }
        // Squares no piece the pattern may name can reach hold no candidate:
        // skipping them saves a move generation and a move-list copy each
        // (`PxP` names every enemy pawn, of which one or two are attacked).
        let reach = self.reach(pos);
        let mut moves = MoveList::new();
        for sq in targets & reach {
            moves.extend(pos.san_candidates(self.role, sq));
        }
        if self.role == Role::King {
            moves.extend(pos.castling_moves(CastlingSide::KingSide));
            moves.extend(pos.castling_moves(CastlingSide::QueenSide));
        }
        // Without an en-passant square there is no en-passant move to add.
        if self.role == Role::Pawn
            && self.victim == Some(Role::Pawn)
            && pos.maybe_ep_square().is_some()
        {
            moves.extend(
                pos.en_passant_moves()
                    .into_iter()
                    .filter(|m| !moves.contains(m))
                    .collect::<MoveList>(),
            );
        }
        moves
    }

    /// The move the pattern names when it names exactly one, found without
    /// a move list: only the moves of the pattern's piece onto the squares
    /// it names are generated, each tested for legality by itself (no
    /// attack on the own king once it is played). `None` when the pattern
    /// names no move or several: [`Filter::candidates`] and
    /// [`Filter::select`] then decide, with a check sign as a tie-breaker,
    /// and say what is wrong.
    #[inline(always)]
    fn single(&self, pos: &Chess) -> Option<Move> {
        let board = pos.board();
        let us = pos.turn();
        let mut tally = Tally::new(self);
        let role = self.role;
        let movers = board.by_piece(role.of(us)) & (self.origins[0] | self.origins[1]);
        let targets = match self.shape {
            Shape::Castle(side) => {
                for s in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                    if side.is_none_or(|w| w == s) {
                        for m in pos.castling_moves(s) {
                            tally.add(m, tally.fitting(self, m));
                        }
                    }
                }
                return tally.one();
            }
            Shape::Move { .. } if role == Role::Pawn => self.dest & !board.occupied(),
            Shape::Move { .. } => {
                if role == Role::King {
                    // A king move onto the castling square may be castling.
                    for s in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                        if self.dest.contains(s.king_to(us)) && pos.castles().has(us, s) {
                            for m in pos.castling_moves(s) {
                                tally.add(m, tally.fitting(self, m));
                            }
                        }
                    }
                }
                self.dest & !board.by_color(us)
            }
            Shape::Capture { .. } => {
                let victim = self.victim?;
                if role == Role::Pawn
                    && victim == Role::Pawn
                    && self.promotion.is_none()
                    && let Some(to) = pos.maybe_ep_square()
                {
                    for from in attacks::pawn_attacks(!us, to) & movers {
                        let m = Move::EnPassant { from, to };
                        if legal(board, us, m) {
                            tally.add(m, tally.fitting(self, m));
                        }
                    }
                }
                self.dest & (self.victims[0] | self.victims[1]) & board.by_piece(victim.of(!us))
            }
        };
        let occupied = board.occupied();
        let forward: i32 = if us == Color::White { 8 } else { -8 };
        for to in targets {
            // Only a pawn reaching the last rank promotes, and it must.
            if (role == Role::Pawn && Bitboard::BACKRANKS.contains(to)) != self.promotion.is_some()
            {
                continue;
            }
            let froms = match (role, self.shape) {
                (Role::Pawn, Shape::Move { .. }) => {
                    let Some(one) = to.offset(-forward) else {
                        continue;
                    };
                    if movers.contains(one) {
                        Bitboard::from_square(one)
                    } else if !occupied.contains(one) && to.rank() == us.relative_rank(Rank::Fourth)
                    {
                        movers
                            & one
                                .offset(-forward)
                                .map_or(Bitboard::EMPTY, Bitboard::from_square)
                    } else {
                        continue;
                    }
                }
                (Role::Pawn, _) => attacks::pawn_attacks(!us, to) & movers,
                _ => attacks::attacks(to, role.of(us), occupied) & movers,
            };
            let capture = board.role_at(to);
            for from in froms {
                let m = Move::Normal {
                    role,
                    from,
                    capture,
                    to,
                    promotion: self.promotion,
                };
                if legal(board, us, m) {
                    let bits = self.stage_bits(from, to, capture.is_some());
                    debug_assert_eq!(bits & tally.stages, tally.fitting(self, m));
                    tally.add(m, bits);
                }
            }
        }
        tally.one()
    }

    /// The stages (as bits, see [`Tally`]) at which a normal move that
    /// [`Filter::single`] generated fits: such a move has the pattern's
    /// piece and promotion and lands on a square the pattern names, so only
    /// the origin, the captured piece's square and a capture by a `-` move
    /// are left to look at. [`Filter::fits`] in fewer tests.
    fn stage_bits(&self, from: Square, to: Square, capture: bool) -> u8 {
        let capture_shape = matches!(self.shape, Shape::Capture { .. });
        let mut bits = 0;
        for wing in 0..2 {
            let stands = self.origins[wing].contains(from)
                && (!capture_shape || self.victims[wing].contains(to));
            if stands {
                // Without `loose` a `-` move does not capture.
                let strict = capture_shape || !capture;
                bits |= (u8::from(strict) << wing) | (1 << (wing + 2));
            }
        }
        bits
    }

    /// Every square a piece of the pattern's role on one of its origins
    /// could move to, ignoring pins and checks: a superset of the
    /// destinations of the moves that can fit.
    fn reach(&self, pos: &Chess) -> Bitboard {
        let board = pos.board();
        let piece = self.role.of(pos.turn());
        let mut reach = Bitboard::EMPTY;
        for from in (self.origins[0] | self.origins[1]) & board.by_piece(piece) {
            reach |= match self.role {
                // Captures, and pushes along the file.
                Role::Pawn => {
                    attacks::pawn_attacks(piece.color, from) | Bitboard::from_file(from.file())
                }
                _ => attacks::attacks(from, piece, board.occupied()),
            };
        }
        reach
    }

    /// The readings worth trying, strictest first.
    fn stages(&self) -> impl Iterator<Item = Stage> + use<> {
        let (w, l) = (self.wing, self.loose);
        [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .filter(move |&(wing, loose)| (w || !wing) && (l || !loose))
            .map(|(wing, loose)| Stage { wing, loose })
    }

    /// The legal moves the pattern names, at the first stage that names any.
    /// Narrows `moves` in place (a move list is too big to copy per stage).
    fn select(&self, moves: &mut MoveList) {
        // Narrowed in place at the first stage that names a move: building a
        // second list and copying it back would move a whole move list.
        // The moves that fit are marked in a bit set (a move list holds at most
        // 256 moves) so that each is tested once per stage.
        let mut chosen = None;
        for stage in self.stages() {
            let mut fit = [0u64; 4];
            let mut any = false;
            for (i, m) in moves.iter().enumerate() {
                if self.fits(m, stage)
                    && let Some(word) = fit.get_mut(i / 64)
                {
                    *word |= 1 << (i % 64);
                    any = true;
                }
            }
            if any {
                chosen = Some(fit);
                break;
            }
        }
        match chosen {
            Some(fit) => {
                let mut i = 0;
                moves.retain(|_| {
                    let keep = fit
                        .get(i / 64)
                        .is_some_and(|word| (word >> (i % 64)) & 1 == 1);
                    i += 1;
                    keep
                });
            }
            None => moves.clear(),
        }
        // An ordinary king move wins over castling written as a king move.
        if moves.iter().any(|m| !m.is_castle()) {
            moves.retain(|m| !m.is_castle());
        }
    }

    /// Whether the pattern names exactly `mv` (what [`Filter::select`]
    /// would return), without collecting the moves: the writer asks this
    /// for every spelling it tries.
    fn names_only(&self, legal: &MoveList, mv: Move) -> bool {
        self.stages()
            .find_map(|stage| self.stage_names_only(legal, stage, mv))
            .unwrap_or(false)
    }

    /// `None` when the stage names no move at all.
    fn stage_names_only(&self, legal: &MoveList, stage: Stage, mv: Move) -> Option<bool> {
        let (mut ordinary, mut castles, mut has_mv) = (0, 0, false);
        for m in legal.iter().filter(|m| self.fits(m, stage)) {
            if m.is_castle() {
                castles += 1;
            } else {
                ordinary += 1;
                if ordinary > 1 {
                    return Some(false);
                }
            }
            has_mv |= *m == mv;
        }
        match (ordinary, castles) {
            (0, 0) => None,
            (0, n) => Some(n == 1 && has_mv),
            _ => Some(has_mv && !mv.is_castle()),
        }
    }
}

/// The moves that fit, counted per stage (bit and index: `wing` +
/// 2 × `loose`, the order [`Filter::stages`] tries them in), ordinary moves
/// apart from castling, with the first of each: what [`Filter::select`]
/// keeps, without keeping a list.
struct Tally {
    /// The stages the filter tries.
    stages: u8,
    ordinary: [u8; 4],
    castles: [u8; 4],
    first: [Option<Move>; 4],
    first_castle: [Option<Move>; 4],
}

const STAGES: [Stage; 4] = [
    STRICT,
    Stage {
        wing: true,
        loose: false,
    },
    Stage {
        wing: false,
        loose: true,
    },
    Stage {
        wing: true,
        loose: true,
    },
];

impl Tally {
    fn new(filter: &Filter) -> Tally {
        let (w, l) = (u8::from(filter.wing), u8::from(filter.loose));
        Tally {
            stages: 1 | (w << 1) | (l << 2) | ((w & l) << 3),
            ordinary: [0; 4],
            castles: [0; 4],
            first: [None; 4],
            first_castle: [None; 4],
        }
    }

    /// The stages tried at which a move fits.
    fn fitting(&self, filter: &Filter, m: Move) -> u8 {
        let mut bits = 0;
        for (i, stage) in STAGES.iter().enumerate() {
            if self.stages & (1 << i) != 0 && filter.fits(&m, *stage) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// Counts a legal move at the stages (bits) it fits, of those tried.
    fn add(&mut self, m: Move, bits: u8) {
        let bits = bits & self.stages;
        if bits == 0 {
            return;
        }
        let (counts, firsts) = if m.is_castle() {
            (&mut self.castles, &mut self.first_castle)
        } else {
            (&mut self.ordinary, &mut self.first)
        };
        for (i, (count, first)) in counts.iter_mut().zip(firsts).enumerate() {
            if bits & (1 << i) != 0 {
                *count = count.saturating_add(1);
                first.get_or_insert(m);
            }
        }
    }

    /// The one move of the first stage that has any; an ordinary king move
    /// wins over castling written as a king move.
    fn one(&self) -> Option<Move> {
        for i in 0..4 {
            match (self.ordinary[i], self.castles[i]) {
                (0, 0) => {}
                (1, _) => return self.first[i],
                (0, 1) => return self.first_castle[i],
                _ => return None,
            }
        }
        None
    }
}

/// Descriptive writers let a check sign tell two moves apart (`R-B8ch` when
/// only the rook going to KB8 checks; the Evergreen game's `QxPch`), so when
/// several moves fit, the one move that gives the written check or mate is
/// read. Otherwise all of them stay, to be reported as ambiguous.
fn by_check_mark(pos: &Chess, found: &mut MoveList, claimed: CheckMark) {
    if claimed == CheckMark::None {
        return;
    }
    let gives = |m: &Move, mate_only: bool| match check_after(pos, m) {
        CheckMark::None => false,
        CheckMark::Check | CheckMark::Double => !mate_only,
        CheckMark::Mate => true,
    };
    // A claimed mate first looks for the one checking move, then for the one mating move.
    for mate_only in [false, claimed == CheckMark::Mate] {
        let mut checking = found.iter().filter(|m| gives(m, mate_only));
        if let (Some(&m), None) = (checking.next(), checking.next()) {
            found.clear();
            found.push(m);
            return;
        }
    }
}

#[inline]
fn warnings(pos: &Chess, marks: &Marks, mv: &Move) -> Vec<Warning> {
    if !marks.en_passant && marks.check == CheckMark::None {
        return Vec::new();
    }
    wrong_marks(pos, marks, mv)
}

fn wrong_marks(pos: &Chess, marks: &Marks, mv: &Move) -> Vec<Warning> {
    let mut w = Vec::new();
    if marks.en_passant && !mv.is_en_passant() {
        w.push(Warning::EnPassantMark);
    }
    if let Some(actual) = wrong_mark(pos, marks.check, mv) {
        w.push(Warning::CheckMark {
            claimed: marks.check,
            actual,
        });
    }
    w
}
