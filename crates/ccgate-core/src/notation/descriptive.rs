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

use shakmaty::{
    Bitboard, Board, CastlingSide, Chess, Color, File, Move, MoveList, Position, Rank, Role,
    Square, attacks,
};

use super::algebraic::{Cursor, nag};
use super::desc::{CheckMark, MoveDesc, PromotionSpec};
use super::error::{Illegal, ReadError, Warning};
use super::resolve::{candidates, check_after, explain, king_target, wrong_mark};
use super::text::normalize;
use super::{Lang, Notation, Reading};

/// Reads one descriptive move and resolves it in `pos`.
pub(crate) fn read(pos: &Chess, text: &str) -> Result<Reading, ReadError> {
    let norm = normalize(text);
    let (pattern, marks) = match parse_plain(norm.as_bytes()) {
        Some(parsed) => parsed,
        None => parse_general(&norm)?,
    };
    let read = read_pattern(pos, &norm, &pattern, &marks);
    match (&read, other_side(&pattern)) {
        // Seed 001 writes `BxPB2` for Bb3xf7: the captured piece's square
        // counted from its owner's side. Read so only when the mover's
        // reading names no legal move.
        (Err(ReadError::Illegal { .. }), Some(other)) => {
            read_pattern(pos, &norm, &other, &marks).or(read)
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
    // Most moves name one legal move, found without a move list.
    match filter.single(pos) {
        Some(mv) => Ok(Reading {
            mv,
            nag: marks.nag,
            warnings: warnings(pos, marks, &mv),
            draw_offer: false,
        }),
        None => resolve_general(pos, norm, pattern, marks, &filter),
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
        [mv] => Ok(Reading {
            mv: *mv,
            nag: marks.nag,
            warnings: warnings(pos, marks, mv),
            draw_offer: false,
        }),
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
pub(crate) fn append(pos: &Chess, mv: Move, out: &mut String) {
    let legal = pos.legal_moves();
    render(&spell(pos, &legal, mv), out);
    if mv.is_en_passant() {
        out.push_str("e.p.");
    }
    // Playing a move that is not legal could corrupt the position.
    if legal.contains(&mv) {
        match check_after(pos, &mv) {
            CheckMark::Check | CheckMark::Double => out.push_str("ch"),
            CheckMark::Mate => out.push_str("mate"),
            CheckMark::None => {}
        }
    }
}

// ---------------------------------------------------------------------------
// Names

/// A file as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FileName {
    R,
    N,
    B,
    QR,
    QN,
    QB,
    Q,
    K,
    KB,
    KN,
    KR,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wing {
    King,
    Queen,
}

impl FileName {
    fn text(self) -> &'static str {
        match self {
            FileName::R => "R",
            FileName::N => "N",
            FileName::B => "B",
            FileName::QR => "QR",
            FileName::QN => "QN",
            FileName::QB => "QB",
            FileName::Q => "Q",
            FileName::K => "K",
            FileName::KB => "KB",
            FileName::KN => "KN",
            FileName::KR => "KR",
        }
    }

    fn squares(self) -> Bitboard {
        const fn f(file: File) -> u64 {
            Bitboard::from_file(file).0
        }
        // In the order of the variants: a look-up rather than a branch.
        const SQUARES: [Bitboard; 11] = [
            Bitboard(f(File::A) | f(File::H)),
            Bitboard(f(File::B) | f(File::G)),
            Bitboard(f(File::C) | f(File::F)),
            Bitboard(f(File::A)),
            Bitboard(f(File::B)),
            Bitboard(f(File::C)),
            Bitboard(f(File::D)),
            Bitboard(f(File::E)),
            Bitboard(f(File::F)),
            Bitboard(f(File::G)),
            Bitboard(f(File::H)),
        ];
        SQUARES[self as usize]
    }

    /// The name of a wing and a piece letter (`None`: the K or Q file itself).
    fn of(wing: Option<Wing>, minor: Option<Role>) -> Option<FileName> {
        Some(match (wing, minor) {
            (None, None) => return None,
            (None, Some(Role::Rook)) => FileName::R,
            (None, Some(Role::Knight)) => FileName::N,
            (None, Some(_)) => FileName::B,
            (Some(Wing::Queen), None) => FileName::Q,
            (Some(Wing::King), None) => FileName::K,
            (Some(Wing::Queen), Some(Role::Rook)) => FileName::QR,
            (Some(Wing::Queen), Some(Role::Knight)) => FileName::QN,
            (Some(Wing::Queen), Some(_)) => FileName::QB,
            (Some(Wing::King), Some(Role::Rook)) => FileName::KR,
            (Some(Wing::King), Some(Role::Knight)) => FileName::KN,
            (Some(Wing::King), Some(_)) => FileName::KB,
        })
    }

    fn full(file: File) -> FileName {
        match file {
            File::A => FileName::QR,
            File::B => FileName::QN,
            File::C => FileName::QB,
            File::D => FileName::Q,
            File::E => FileName::K,
            File::F => FileName::KB,
            File::G => FileName::KN,
            _ => FileName::KR,
        }
    }

    /// The wing-less name, for the six files that have one.
    fn short(file: File) -> Option<FileName> {
        match file {
            File::A | File::H => Some(FileName::R),
            File::B | File::G => Some(FileName::N),
            File::C | File::F => Some(FileName::B),
            _ => None,
        }
    }

    fn wing(self) -> Option<Wing> {
        match self {
            FileName::QR | FileName::QN | FileName::QB | FileName::Q => Some(Wing::Queen),
            FileName::KR | FileName::KN | FileName::KB | FileName::K => Some(Wing::King),
            FileName::R | FileName::N | FileName::B => None,
        }
    }
}

/// A piece as written: `N`, `QR`, `P`, `KBP`. For a pawn the qualifier is
/// its file; for a piece it is `QR`, `KN`, `QB` and so on (the piece's own letter).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PieceName {
    role: Role,
    qual: Option<FileName>,
}

impl PieceName {
    const fn plain(role: Role) -> PieceName {
        PieceName { role, qual: None }
    }

    fn prefixed_piece(self) -> bool {
        self.role != Role::Pawn && self.qual.is_some()
    }

    /// Where the piece may stand; `wing` gives a piece prefix its looser reading.
    fn squares(self, color: Color, wing: bool) -> Bitboard {
        match self.qual {
            None => Bitboard::FULL,
            Some(q) if self.role == Role::Pawn || !wing => q.squares(),
            Some(q) => wing_squares(self.role, q.wing().unwrap_or(Wing::King), color),
        }
    }
}

/// The squares of a wing; for bishops, of the colour of the home square
/// (White's queen's bishop starts on a dark square, Black's on a light one).
fn wing_squares(role: Role, wing: Wing, color: Color) -> Bitboard {
    match (role, wing) {
        (Role::Bishop, w) if (w == Wing::Queen) == (color == Color::White) => {
            Bitboard::DARK_SQUARES
        }
        (Role::Bishop, _) => Bitboard::LIGHT_SQUARES,
        (_, Wing::Queen) => Bitboard::WEST,
        (_, Wing::King) => Bitboard::EAST,
    }
}

/// Which wing a piece belongs to by where it stands.
fn wing_of(role: Role, sq: Square, color: Color) -> Wing {
    let queen = if role == Role::Bishop {
        sq.is_dark() == (color == Color::White)
    } else {
        sq.file() <= File::D
    };
    if queen { Wing::Queen } else { Wing::King }
}

/// A square or part of one; the rank is counted from the mover's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Spot {
    file: Option<FileName>,
    rank: Option<Rank>,
}

impl Spot {
    fn squares(self, us: Color) -> Bitboard {
        let files = self.file.map_or(Bitboard::FULL, FileName::squares);
        let ranks = self
            .rank
            .map_or(Bitboard::FULL, |r| Bitboard::from_rank(us.relative_rank(r)));
        files & ranks
    }

    fn full(sq: Square, us: Color) -> Spot {
        Spot {
            file: Some(FileName::full(sq.file())),
            rank: Some(us.relative_rank(sq.rank())),
        }
    }

    fn short(sq: Square, us: Color) -> Option<Spot> {
        FileName::short(sq.file()).map(|f| Spot {
            file: Some(f),
            rank: Some(us.relative_rank(sq.rank())),
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// `None`: `Castles` without a side.
    Castle(Option<CastlingSide>),
    Move {
        piece: PieceName,
        origin: Option<Spot>,
        to: Spot,
    },
    Capture {
        piece: PieceName,
        origin: Option<Spot>,
        target: PieceName,
        at: Option<Spot>,
    },
}

/// What a token says about the move, short of its marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pattern {
    shape: Shape,
    promotion: Option<Role>,
}

impl Pattern {
    fn has_piece_prefix(&self) -> bool {
        match self.shape {
            Shape::Castle(_) => false,
            Shape::Move { piece, .. } => piece.prefixed_piece(),
            Shape::Capture { piece, target, .. } => {
                piece.prefixed_piece() || target.prefixed_piece()
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Marks {
    check: CheckMark,
    en_passant: bool,
    nag: Option<u8>,
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
        let both = |piece: PieceName, color: Color| {
            [piece.squares(color, false), piece.squares(color, true)]
        };
        let full = [Bitboard::FULL; 2];
        let (role, origins, dest, victim, victims) = match p.shape {
            Shape::Castle(_) => (Role::King, full, Bitboard::FULL, None, full),
            Shape::Move { piece, origin, to } => {
                let from = spot(origin);
                let origins = both(piece, us).map(|b| b & from);
                (piece.role, origins, to.squares(us), None, full)
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
                (piece.role, origins, spot(at), Some(target.role), victims)
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
            wing: p.has_piece_prefix(),
            loose: matches!(p.shape, Shape::Move { .. }) && role != Role::Pawn,
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

/// Whether a pseudo-legal move (a piece onto a square it attacks or, for a
/// pawn, may push to; en passant onto the en-passant square) is legal: it
/// leaves no attack on the own king once played. Castling comes from
/// shakmaty's generation and is legal as it is.
fn legal(board: &Board, us: Color, m: Move) -> bool {
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

/// Why no legal move fits: the most telling reason over the squares the
/// pattern could mean.
fn why_not(pos: &Chess, legal: &MoveList, p: &Pattern) -> Illegal {
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
fn common<T: PartialEq>(squares: Bitboard, key: impl Fn(Square) -> T) -> Option<T> {
    let first = key(squares.first()?);
    squares
        .into_iter()
        .all(|s| key(s) == first)
        .then_some(first)
}

/// How close to legal a reason says the move came: the closer, the more useful.
fn weight(r: &Illegal) -> u8 {
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

// ---------------------------------------------------------------------------
// Writing

/// Whether the pattern reads back as exactly `mv`, under both readings of a
/// `K`/`Q` prefix so that a human reader cannot take it for another move.
fn reads_as(us: Color, legal: &MoveList, p: &Pattern, mv: Move) -> bool {
    let filter = Filter::new(p, us);
    filter.names_only(legal, mv)
        && (!filter.wing
            || filter.stage_names_only(
                legal,
                Stage {
                    wing: true,
                    ..STRICT
                },
                mv,
            ) == Some(true))
}

/// The first candidate spelling that reads back as `mv`; the last (fullest)
/// one if none does, which only happens for a move that is not legal.
fn spell(pos: &Chess, legal: &MoveList, mv: Move) -> Pattern {
    let us = pos.turn();
    let mut chosen = Pattern {
        shape: Shape::Castle(Some(CastlingSide::KingSide)),
        promotion: None,
    };
    each_spelling(us, mv, &mut |p| {
        chosen = p;
        reads_as(us, legal, &p, mv)
    });
    chosen
}

/// Offers spellings of `mv`, shortest and most conventional first, until
/// `accept` takes one.
fn each_spelling(us: Color, mv: Move, accept: &mut impl FnMut(Pattern) -> bool) {
    if let Some(side) = mv.castling_side() {
        accept(Pattern {
            shape: Shape::Castle(Some(side)),
            promotion: None,
        });
        return;
    }
    let Some(from) = mv.from() else { return };
    let promotion = mv.promotion();
    let movers = movers(mv.role(), from, us);
    let to = mv.to();
    let Some(captured) = mv.capture() else {
        for (piece, origin) in movers.iter().flatten() {
            for dest in [Spot::short(to, us), Some(Spot::full(to, us))]
                .into_iter()
                .flatten()
            {
                let shape = Shape::Move {
                    piece: *piece,
                    origin: *origin,
                    to: dest,
                };
                if accept(Pattern { shape, promotion }) {
                    return;
                }
            }
        }
        return;
    };
    let victim = if mv.is_en_passant() {
        Square::from_coords(to.file(), from.rank())
    } else {
        to
    };
    let targets = piece_names(captured, victim, !us);
    // The capturing piece is qualified before the captured one, prefixes
    // before parentheses, and the capture square comes last.
    let (simple, parens) = movers.split_at(3);
    let ats = [
        Some(None),
        Spot::short(to, us).map(Some),
        Some(Some(Spot::full(to, us))),
    ];
    for at in ats.into_iter().flatten() {
        for tier in [simple, parens] {
            for target in targets.iter().flatten() {
                for (piece, origin) in tier.iter().flatten() {
                    let shape = Shape::Capture {
                        piece: *piece,
                        origin: *origin,
                        target: *target,
                        at,
                    };
                    if accept(Pattern { shape, promotion }) {
                        return;
                    }
                }
            }
        }
    }
}

type Mover = (PieceName, Option<Spot>);

/// Ways to name the moving piece, simplest first: three without parentheses,
/// then five origins in parentheses.
fn movers(role: Role, from: Square, us: Color) -> [Option<Mover>; 8] {
    let names = piece_names(role, from, us);
    let mut out = [None; 8];
    for (slot, name) in out.iter_mut().zip(names) {
        *slot = name.map(|n| (n, None));
    }
    if role != Role::Pawn {
        let plain = PieceName::plain(role);
        let rank = Some(us.relative_rank(from.rank()));
        let short = FileName::short(from.file());
        let full = Some(FileName::full(from.file()));
        let origins = [
            Some(Spot { file: None, rank }),
            short.map(|f| Spot {
                file: Some(f),
                rank: None,
            }),
            Some(Spot {
                file: full,
                rank: None,
            }),
            Spot::short(from, us),
            Some(Spot::full(from, us)),
        ];
        for (slot, origin) in out.iter_mut().skip(3).zip(origins) {
            *slot = origin.map(|o| (plain, Some(o)));
        }
    }
    out
}

/// Ways to name a piece by itself: `P`, `BP`, `QBP`; `R`, `QR`.
fn piece_names(role: Role, sq: Square, color: Color) -> [Option<PieceName>; 3] {
    let plain = Some(PieceName::plain(role));
    match role {
        Role::Pawn => {
            let short = FileName::short(sq.file()).map(|f| PieceName {
                role,
                qual: Some(f),
            });
            let full = Some(PieceName {
                role,
                qual: Some(FileName::full(sq.file())),
            });
            [plain, short, full]
        }
        Role::Rook | Role::Knight | Role::Bishop => {
            let qual = FileName::of(Some(wing_of(role, sq, color)), Some(role));
            [plain, Some(PieceName { role, qual }), None]
        }
        Role::Queen | Role::King => [plain, None, None],
    }
}

fn letter(role: Role) -> char {
    match role {
        Role::Pawn => 'P',
        Role::Knight => 'N',
        Role::Bishop => 'B',
        Role::Rook => 'R',
        Role::Queen => 'Q',
        Role::King => 'K',
    }
}

fn render(p: &Pattern, out: &mut String) {
    match p.shape {
        Shape::Castle(Some(CastlingSide::QueenSide)) => out.push_str("O-O-O"),
        Shape::Castle(Some(CastlingSide::KingSide)) => out.push_str("O-O"),
        Shape::Castle(None) => out.push_str("Castles"),
        Shape::Move { piece, origin, to } => {
            render_piece(piece, out);
            render_origin(origin, out);
            out.push('-');
            render_spot(to, out);
        }
        Shape::Capture {
            piece,
            origin,
            target,
            at,
        } => {
            render_piece(piece, out);
            render_origin(origin, out);
            out.push('x');
            render_piece(target, out);
            if let Some(at) = at {
                out.push('/');
                render_spot(at, out);
            }
        }
    }
    if let Some(role) = p.promotion {
        out.push('=');
        out.push(letter(role));
    }
}

fn render_piece(piece: PieceName, out: &mut String) {
    match piece.qual {
        // A piece's qualifier already ends with its letter: `QR`, `KN`.
        Some(q) if piece.role != Role::Pawn => out.push_str(q.text()),
        Some(q) => {
            out.push_str(q.text());
            out.push('P');
        }
        None => out.push(letter(piece.role)),
    }
}

fn render_origin(origin: Option<Spot>, out: &mut String) {
    if let Some(o) = origin {
        out.push('(');
        render_spot(o, out);
        out.push(')');
    }
}

fn render_spot(spot: Spot, out: &mut String) {
    if let Some(f) = spot.file {
        out.push_str(f.text());
    }
    if let Some(r) = spot.rank {
        out.push(r.char());
    }
}

// ---------------------------------------------------------------------------
// Parsing

/// Whether a text is a descriptive move by its syntax alone.
pub(crate) fn is_syntax(text: &str) -> bool {
    parse(text).is_ok()
}

fn parse(text: &str) -> Result<(Pattern, Marks), ReadError> {
    match parse_plain(text.as_bytes()) {
        Some(parsed) => Ok(parsed),
        None => parse_general(text),
    }
}

/// The whole grammar, for what [`parse_plain`] leaves.
#[inline(never)]
fn parse_general(text: &str) -> Result<(Pattern, Marks), ReadError> {
    let mut cur = Cursor::new(text);
    if cur.is_empty() {
        return Err(cur.error("a move"));
    }
    if is_result(text) {
        return Err(cur.error("a move, not a game result"));
    }
    let pattern = match castling(&mut cur) {
        Some(side) => Pattern {
            shape: Shape::Castle(side),
            promotion: None,
        },
        None => {
            let piece = piece_name(&mut cur)
                .ok_or_else(|| cur.error("a piece (K, Q, R, B, N, Kt, P) or castling"))?;
            let origin = origin(&mut cur)?;
            skip_spaces(&mut cur);
            if cur.eat('-') {
                skip_spaces(&mut cur);
                let to = square(&mut cur)?;
                let promotion = promotion(&mut cur)?;
                Pattern {
                    shape: Shape::Move { piece, origin, to },
                    promotion,
                }
            } else if cur.eat('x') || cur.eat('X') || cur.eat(':') {
                skip_spaces(&mut cur);
                let before = cur.clone();
                let target = piece_name(&mut cur).ok_or_else(|| cur.error("the captured piece"))?;
                if target.role == Role::King {
                    return Err(before.error("a piece other than the king"));
                }
                let (at, promo) = capture_square(&mut cur)?;
                let promotion = match promo {
                    Some(r) => Some(r),
                    None => promotion(&mut cur)?,
                };
                Pattern {
                    shape: Shape::Capture {
                        piece,
                        origin,
                        target,
                        at,
                    },
                    promotion,
                }
            } else {
                return Err(cur.error("'-' or 'x'"));
            }
        }
    };
    let marks = marks(&mut cur)?;
    if !cur.is_empty() {
        return Err(cur.error("a check sign, e.p., ! or ?, or the end of the move"));
    }
    Ok((pattern, marks))
}

/// The shapes most moves have, `P-K4`, `N-KB3`, `B-N5ch`, `PxP`, `QxN`,
/// read byte by byte: the general grammar ([`parse_general`]) gives the same
/// pattern for them at several times the cost. Anything else returns `None`.
fn parse_plain(b: &[u8]) -> Option<(Pattern, Marks)> {
    let role = |c: u8| match c {
        b'P' => Some(Role::Pawn),
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    };
    let (&first, rest) = b.split_first()?;
    let piece = PieceName::plain(role(first)?);
    let (&sep, rest) = rest.split_first()?;
    let (shape, rest) = match sep {
        b'-' => {
            let (wing, rest) = match rest.first() {
                Some(b'K') => (Some(Wing::King), &rest[1..]),
                Some(b'Q') => (Some(Wing::Queen), &rest[1..]),
                _ => (None, rest),
            };
            let (minor, rest) = match rest.first() {
                Some(b'R') => (Some(Role::Rook), &rest[1..]),
                Some(b'N') => (Some(Role::Knight), &rest[1..]),
                Some(b'B') => (Some(Role::Bishop), &rest[1..]),
                _ => (None, rest),
            };
            let file = FileName::of(wing, minor)?;
            let (&digit, rest) = rest.split_first()?;
            if !(b'1'..=b'8').contains(&digit) {
                return None;
            }
            let to = Spot {
                file: Some(file),
                rank: Some(Rank::new(u32::from(digit - b'1'))),
            };
            (
                Shape::Move {
                    piece,
                    origin: None,
                    to,
                },
                rest,
            )
        }
        b'x' => {
            let (&victim, rest) = rest.split_first()?;
            let target = PieceName::plain(role(victim).filter(|r| *r != Role::King)?);
            (
                Shape::Capture {
                    piece,
                    origin: None,
                    target,
                    at: None,
                },
                rest,
            )
        }
        _ => return None,
    };
    let check = match rest {
        b"" => CheckMark::None,
        b"ch" => CheckMark::Check,
        b"mate" => CheckMark::Mate,
        _ => return None,
    };
    Some((
        Pattern {
            shape,
            promotion: None,
        },
        Marks {
            check,
            en_passant: false,
            nag: None,
        },
    ))
}

fn is_result(text: &str) -> bool {
    const RESULTS: [&str; 9] = [
        "1-0",
        "0-1",
        "1/2-1/2",
        "½-½",
        "1/2",
        "*",
        "draw",
        "drawn",
        "draw agreed",
    ];
    text.get(..6)
        .is_some_and(|head| head.eq_ignore_ascii_case("resign"))
        || RESULTS.iter().any(|r| text.eq_ignore_ascii_case(r))
}

fn skip_spaces(cur: &mut Cursor<'_>) {
    while cur.eat(' ') || cur.eat('\t') {}
}

fn eat_ci(cur: &mut Cursor<'_>, c: char) -> bool {
    cur.eat(c.to_ascii_uppercase()) || cur.eat(c.to_ascii_lowercase())
}

/// `O-O`, `0-0-0`, `Castles`, `Castles KR`; `Some(None)` is `Castles` alone.
fn castling(cur: &mut Cursor<'_>) -> Option<Option<CastlingSide>> {
    // Every move is tried as castling first: most start with a piece letter.
    if !cur
        .peek()
        .is_some_and(|c| matches!(c, 'C' | 'c' | 'O' | 'o' | '0'))
    {
        return None;
    }
    if cur.eat_str_ci("castles") || cur.eat_str_ci("castle") {
        let save = cur.clone();
        skip_spaces(cur);
        const SIDES: [(&str, CastlingSide); 10] = [
            ("kingside", CastlingSide::KingSide),
            ("king side", CastlingSide::KingSide),
            ("king's side", CastlingSide::KingSide),
            ("queenside", CastlingSide::QueenSide),
            ("queen side", CastlingSide::QueenSide),
            ("queen's side", CastlingSide::QueenSide),
            ("KR", CastlingSide::KingSide),
            ("QR", CastlingSide::QueenSide),
            ("K", CastlingSide::KingSide),
            ("Q", CastlingSide::QueenSide),
        ];
        if let Some(&(_, side)) = SIDES.iter().find(|(w, _)| cur.eat_str_ci(w)) {
            return Some(Some(side));
        }
        *cur = save;
        return Some(None);
    }
    let mut probe = cur.clone();
    let mut count = 0;
    let mut dangling = false;
    while probe.peek().is_some_and(|c| matches!(c, 'O' | 'o' | '0')) {
        probe.bump();
        count += 1;
        dangling = probe.eat('-');
    }
    let side = match count {
        2 => CastlingSide::KingSide,
        3 => CastlingSide::QueenSide,
        _ => return None,
    };
    if dangling {
        return None;
    }
    *cur = probe;
    Some(Some(side))
}

/// `K` (when not the start of `Kt`) or `Q`.
fn wing(cur: &mut Cursor<'_>) -> Option<Wing> {
    let mut probe = cur.clone();
    let wing = match probe.bump()?.to_ascii_uppercase() {
        'K' if !probe.peek().is_some_and(|c| c.eq_ignore_ascii_case(&'t')) => Wing::King,
        'Q' => Wing::Queen,
        _ => return None,
    };
    *cur = probe;
    Some(wing)
}

/// `R`, `N`, `Kt` or `B`.
fn minor(cur: &mut Cursor<'_>) -> Option<Role> {
    let role = match cur.peek()?.to_ascii_uppercase() {
        'K' if cur.eat_str_ci("kt") => return Some(Role::Knight),
        'R' => Role::Rook,
        'N' => Role::Knight,
        'B' => Role::Bishop,
        _ => return None,
    };
    cur.bump();
    Some(role)
}

fn piece_name(cur: &mut Cursor<'_>) -> Option<PieceName> {
    let save = cur.clone();
    let wing = wing(cur);
    let minor = minor(cur);
    if eat_ci(cur, 'P') {
        return Some(PieceName {
            role: Role::Pawn,
            qual: FileName::of(wing, minor),
        });
    }
    match (wing, minor) {
        (Some(w), None) => Some(PieceName::plain(if w == Wing::King {
            Role::King
        } else {
            Role::Queen
        })),
        (w, Some(m)) => Some(PieceName {
            role: m,
            qual: w.and_then(|_| FileName::of(w, Some(m))),
        }),
        (None, None) => {
            *cur = save;
            None
        }
    }
}

fn file_name(cur: &mut Cursor<'_>) -> Option<FileName> {
    let save = cur.clone();
    let wing = wing(cur);
    let minor = minor(cur);
    let name = FileName::of(wing, minor);
    if name.is_none() {
        *cur = save;
    }
    name
}

/// A rank digit, or `Sq` (older texts: `R-K.Sq.` is R-K1).
fn rank(cur: &mut Cursor<'_>) -> Option<Rank> {
    if let Some(r) = cur.rank() {
        return Some(r);
    }
    let mut probe = cur.clone();
    probe.eat('.');
    if probe.eat_str_ci("sq") {
        probe.eat('.');
        *cur = probe;
        return Some(Rank::First);
    }
    None
}

/// A file, a rank or both.
fn spot(cur: &mut Cursor<'_>) -> Option<Spot> {
    let file = file_name(cur);
    let rank = rank(cur);
    (file.is_some() || rank.is_some()).then_some(Spot { file, rank })
}

fn square(cur: &mut Cursor<'_>) -> Result<Spot, ReadError> {
    let file = file_name(cur).ok_or_else(|| cur.error("a square such as K4 or QB3"))?;
    let rank = rank(cur).ok_or_else(|| cur.error("a rank (1-8)"))?;
    Ok(Spot {
        file: Some(file),
        rank: Some(rank),
    })
}

/// `R(QR3)`, `N(B3)`, `R(1)`, `N/5`: where the moving piece stands.
fn origin(cur: &mut Cursor<'_>) -> Result<Option<Spot>, ReadError> {
    let close = if cur.eat('(') {
        true
    } else if cur.eat('/') {
        false
    } else {
        return Ok(None);
    };
    let s = spot(cur)
        .ok_or_else(|| cur.error("the file or rank the piece stands on, such as (1) or (QB3)"))?;
    if close && !cur.eat(')') {
        return Err(cur.error("')'"));
    }
    Ok(Some(s))
}

/// A promotion piece letter.
fn promo_letter(cur: &mut Cursor<'_>) -> Option<Role> {
    if cur.eat_str_ci("kt") {
        return Some(Role::Knight);
    }
    let role = match cur.peek()?.to_ascii_uppercase() {
        'Q' => Role::Queen,
        'R' => Role::Rook,
        'B' => Role::Bishop,
        'N' => Role::Knight,
        _ => return None,
    };
    cur.bump();
    Some(role)
}

/// `=Q`, `(Q)`, `/Q` or a bare `Q` after the destination.
fn promotion(cur: &mut Cursor<'_>) -> Result<Option<Role>, ReadError> {
    // Most moves end at their square: nothing to look for.
    if cur.is_empty() {
        return Ok(None);
    }
    let save = cur.clone();
    skip_spaces(cur);
    let close = if cur.eat('(') {
        Some(')')
    } else if cur.eat('=') || cur.eat('/') {
        None
    } else {
        *cur = save;
        return Ok(promo_letter(cur));
    };
    let role = promo_letter(cur).ok_or_else(|| cur.error("a promotion piece (Q, R, B or N)"))?;
    if let Some(c) = close
        && !cur.eat(c)
    {
        return Err(cur.error("')'"));
    }
    Ok(Some(role))
}

/// After a captured piece: `/QB6` or `(R6)` names the square, and `(Q)` or
/// `/Q` may instead be the promotion piece.
fn capture_square(cur: &mut Cursor<'_>) -> Result<(Option<Spot>, Option<Role>), ReadError> {
    let start = cur.clone();
    if cur.eat('(') {
        let after = cur.clone();
        if let Some(role) = promo_letter(cur)
            && cur.eat(')')
        {
            return Ok((None, Some(role)));
        }
        *cur = after;
        let s = spot(cur).ok_or_else(|| cur.error("a square or a promotion piece"))?;
        if !cur.eat(')') {
            return Err(cur.error("')'"));
        }
        return Ok((Some(s), None));
    }
    if cur.eat('/') {
        let after = cur.clone();
        // Without a rank, `/Q` is the promotion piece, not the queen's file.
        if let Some(s) = spot(cur).filter(|s| s.rank.is_some()) {
            return Ok((Some(s), None));
        }
        *cur = after;
        if let Some(role) = promo_letter(cur) {
            return Ok((None, Some(role)));
        }
        return Err(cur.error("a square or a promotion piece"));
    }
    // The square without a slash: `KtxPK5`, `BxPB2` (seed 001's game); a
    // whole square, so that SAN's `Qxb6` is not the queen taking a bishop on the sixth.
    if let Some(s) = spot(cur).filter(|s| s.file.is_some() && s.rank.is_some()) {
        return Ok((Some(s), None));
    }
    *cur = start;
    Ok((None, None))
}

/// `e.p.`, a check or mate sign and an annotation glyph, in any order.
fn marks(cur: &mut Cursor<'_>) -> Result<Marks, ReadError> {
    let mut marks = Marks {
        check: CheckMark::None,
        en_passant: false,
        nag: None,
    };
    loop {
        skip_spaces(cur);
        let save = cur.clone();
        if cur.is_empty() {
            return Ok(marks);
        }
        if !marks.en_passant
            && ["e.p.", "e. p.", "e.p", "ep.", "ep"]
                .iter()
                .any(|w| cur.eat_str_ci(w))
        {
            marks.en_passant = true;
        } else if marks.check == CheckMark::None
            && let Some(mark) = check_mark(cur)
        {
            marks.check = mark;
        } else if marks.nag.is_none()
            && let Some(n) = nag(cur)
        {
            marks.nag = Some(n);
        } else {
            *cur = save;
            return Ok(marks);
        }
    }
}

fn check_mark(cur: &mut Cursor<'_>) -> Option<CheckMark> {
    for w in ["checkmate", "check mate", "mate", "#"] {
        if cur.eat_str_ci(w) {
            cur.eat('.');
            return Some(CheckMark::Mate);
        }
    }
    if cur.eat_str("++") {
        return Some(CheckMark::Double);
    }
    if cur.eat('+') {
        return Some(CheckMark::Check);
    }
    // `dis ch`, `dis.ch.`, `dbl ch`, `dblch`, `double check`, plain `ch`.
    for kind in ["discovered", "double", "disc", "dis", "dbl", ""] {
        let mut probe = cur.clone();
        if !probe.eat_str_ci(kind) {
            continue;
        }
        probe.eat('.');
        skip_spaces(&mut probe);
        if probe.eat_str_ci("check") || probe.eat_str_ci("ch") {
            probe.eat('.');
            *cur = probe;
            return Some(CheckMark::Check);
        }
    }
    None
}
