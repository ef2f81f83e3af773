//! The names descriptive notation gives files, pieces and squares, and the
//! pattern a move is read into.

use super::*;

/// A file as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FileName {
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
pub(super) enum Wing {
    King,
    Queen,
}

impl FileName {
    pub(super) fn text(self) -> &'static str {
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

    pub(super) fn squares(self) -> Bitboard {
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
    pub(super) fn of(wing: Option<Wing>, minor: Option<Role>) -> Option<FileName> {
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

    pub(super) fn full(file: File) -> FileName {
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
    pub(super) fn short(file: File) -> Option<FileName> {
        match file {
            File::A | File::H => Some(FileName::R),
            File::B | File::G => Some(FileName::N),
            File::C | File::F => Some(FileName::B),
            _ => None,
        }
    }

    pub(super) fn wing(self) -> Option<Wing> {
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
pub(super) struct PieceName {
    pub(super) role: Role,
    pub(super) qual: Option<FileName>,
}

impl PieceName {
    pub(super) const fn plain(role: Role) -> PieceName {
        PieceName { role, qual: None }
    }

    pub(super) fn prefixed_piece(self) -> bool {
        self.role != Role::Pawn && self.qual.is_some()
    }

    /// Where the piece may stand; `wing` gives a piece prefix its looser reading.
    pub(super) fn squares(self, color: Color, wing: bool) -> Bitboard {
        match self.qual {
            None => Bitboard::FULL,
            Some(q) if self.role == Role::Pawn || !wing => q.squares(),
            Some(q) => wing_squares(self.role, q.wing().unwrap_or(Wing::King), color),
        }
    }
}

/// The squares of a wing; for bishops, of the colour of the home square
/// (White's queen's bishop starts on a dark square, Black's on a light one).
pub(super) fn wing_squares(role: Role, wing: Wing, color: Color) -> Bitboard {
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
pub(super) fn wing_of(role: Role, sq: Square, color: Color) -> Wing {
    let queen = if role == Role::Bishop {
        sq.is_dark() == (color == Color::White)
    } else {
        sq.file() <= File::D
    };
    if queen { Wing::Queen } else { Wing::King }
}

/// A square or part of one; the rank is counted from the mover's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Spot {
    pub(super) file: Option<FileName>,
    pub(super) rank: Option<Rank>,
}

impl Spot {
    pub(super) fn squares(self, us: Color) -> Bitboard {
        let files = self.file.map_or(Bitboard::FULL, FileName::squares);
        let ranks = self
            .rank
            .map_or(Bitboard::FULL, |r| Bitboard::from_rank(us.relative_rank(r)));
        files & ranks
    }

    pub(super) fn full(sq: Square, us: Color) -> Spot {
        Spot {
            file: Some(FileName::full(sq.file())),
            rank: Some(us.relative_rank(sq.rank())),
        }
    }

    pub(super) fn short(sq: Square, us: Color) -> Option<Spot> {
        FileName::short(sq.file()).map(|f| Spot {
            file: Some(f),
            rank: Some(us.relative_rank(sq.rank())),
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
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
pub(super) struct Pattern {
    pub(super) shape: Shape,
    pub(super) promotion: Option<Role>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Marks {
    pub(super) check: CheckMark,
    pub(super) en_passant: bool,
    pub(super) nag: Option<u8>,
}
