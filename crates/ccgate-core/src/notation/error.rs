//! Typed reading errors and warnings, phrased so a player can act on them.

use std::fmt;

use shakmaty::{CastlingSide, Move, Role, Square};

use super::desc::CheckMark;

/// Why a text could not be read as exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The text is not a move in the notation at all.
    #[error("cannot read {text:?}: expected {expected} at character {at}{}{}", found.map(|c| format!(", found {c:?}")).unwrap_or_default(), suggest(did_you_mean))]
    Malformed {
        text: String,
        /// What the reader wanted to see.
        expected: Expected,
        /// Character index (from 1) where reading stopped.
        at: usize,
        found: Option<char>,
        /// Legal moves the text probably meant, best first.
        did_you_mean: Vec<Candidate>,
    },
    /// The text is well formed but no legal move fits.
    #[error("{text} is not a legal move: {reason}{}", suggest(did_you_mean))]
    Illegal {
        text: String,
        reason: Illegal,
        /// Legal moves one slip away, best first, written in the notation
        /// that was read ([`suggest`](super::suggest)).
        did_you_mean: Vec<Candidate>,
    },
    /// More than one legal move fits.
    #[error("{text} is ambiguous: it could be {}", list(candidates))]
    Ambiguous {
        text: String,
        candidates: Vec<Candidate>,
    },
    /// `--from auto`: the text reads as different legal moves in different
    /// notations.
    #[error("{text} reads differently in two notations: {}", readings.iter().map(|(n, c)| format!("{} in {n}", c.text)).collect::<Vec<_>>().join(", "))]
    Conflict {
        text: String,
        readings: Vec<(super::Notation, Candidate)>,
    },
}

impl ReadError {
    /// The legal moves offered with the error: the suggestions of a
    /// malformed or illegal text, the candidates of an ambiguous one.
    pub fn did_you_mean(&self) -> Vec<Move> {
        match self {
            ReadError::Malformed { did_you_mean, .. } | ReadError::Illegal { did_you_mean, .. } => {
                did_you_mean.iter().map(|c| c.mv).collect()
            }
            ReadError::Ambiguous { candidates, .. } => candidates.iter().map(|c| c.mv).collect(),
            ReadError::Conflict { readings, .. } => readings.iter().map(|(_, c)| c.mv).collect(),
        }
    }
}

macro_rules! expected {
    ($( $variant:ident $id:literal $english:literal ),* $(,)?) => {
        /// What a reader wanted to see where it stopped: a value, so that
        /// each language's catalogue can say it (`expected` in
        /// `locales/*/ccgate.ftl`, selected by [`Expected::id`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Expected { $( $variant ),* }

        impl Expected {
            /// Every value, for the catalogue tests.
            pub const ALL: &'static [Expected] = &[ $( Expected::$variant ),* ];

            /// The key the catalogues select on.
            pub fn id(self) -> &'static str {
                match self { $( Expected::$variant => $id ),* }
            }

            /// In English, for logs, the command line and incidents.
            pub fn english(self) -> &'static str {
                match self { $( Expected::$variant => $english ),* }
            }
        }
    };
}

expected! {
    Move "move" "a move",
    MoveNotResult "move-not-result" "a move, not a game result",
    File "file" "a file (a-h)",
    Rank "rank" "a rank (1-8)",
    Square "square" "a square",
    PieceOrSquare "piece-or-square" "a piece letter or a square",
    Destination "destination" "a destination square",
    SquareOrPromotion "square-or-promotion" "a square or a promotion piece",
    Promotion "promotion" "a promotion piece",
    PromotionPiece "promotion-piece" "a promotion piece (Q, R, B or N)",
    PromotionLetter "promotion-letter" "a promotion letter (q, r, b, n)",
    PromotionDigit "promotion-digit" "a promotion digit (1=Q 2=R 3=B 4=N)",
    EnglishPiece "english-piece" "a piece (K, Q, R, B, N, Kt, P) or castling",
    NotKing "not-king" "a piece other than the king",
    Captured "captured" "the captured piece",
    DashOrX "dash-or-x" "'-' or 'x'",
    CloseParen "close-paren" "')'",
    Suffix "suffix" "a check sign, e.p., ! or ?, or the end of the move",
    End "end" "the end of the move",
    IccfEnd "iccf-end" "the end of the move (4 or 5 digits)",
    OriginFileDigit "origin-file-digit" "the origin file digit (1-8)",
    OriginRankDigit "origin-rank-digit" "the origin rank digit (1-8)",
    DestinationFileDigit "destination-file-digit" "the destination file digit (1-8)",
    DestinationRankDigit "destination-rank-digit" "the destination rank digit (1-8)",
    DescSquare "desc-square" "a square such as K4 or QB3",
    DescOrigin "desc-origin" "the file or rank the piece stands on, such as (1) or (QB3)",
    UedemannCode "uedemann-code" "Uedemann code",
    UedemannOrigin "uedemann-origin" "two letters naming the origin square",
    UedemannDestination "uedemann-destination" "two letters naming the destination square",
    UedemannSuffix "uedemann-suffix" "a suffix letter (q r b k promote; c check, m mate, p e.p., t capture)",
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english())
    }
}

/// A legal move offered to the player, with its text in the notation that
/// was being read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub mv: Move,
    pub text: String,
}

fn list(c: &[Candidate]) -> String {
    let texts: Vec<&str> = c.iter().map(|c| c.text.as_str()).collect();
    match texts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => (*last).to_string(),
        None => String::new(),
    }
}

fn suggest(c: &[Candidate]) -> String {
    if c.is_empty() {
        String::new()
    } else {
        format!("; did you mean {}?", list(c))
    }
}

/// Why no legal move fits a well-formed text, in a player's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Illegal {
    /// The side to move has no such piece at all (or none on the named file/rank/square).
    NoSuchPiece {
        role: Option<Role>,
        from: Option<Square>,
    },
    /// The origin square is empty.
    EmptySquare(Square),
    /// The origin square holds the opponent's piece.
    NotYourPiece(Square),
    /// No piece of the kind can reach the square, whatever the position of the kings.
    CannotReach {
        role: Option<Role>,
        from: Option<Square>,
        to: Square,
    },
    /// The destination holds one of the mover's own pieces.
    OwnPiece(Square),
    /// The piece could go there but is pinned to its king.
    Pinned { role: Role, from: Square },
    /// The king is in check and the move does not answer it.
    InCheck,
    /// The king would step into check.
    IntoCheck(Square),
    /// A pawn reaching the last rank must name its promotion piece.
    PromotionMissing,
    /// A promotion was written for a move that is not one.
    NotPromotion,
    /// A pawn capture written without the pawn's file (`c4` for `bxc4`).
    PawnCaptureNeedsFile,
    /// Castling after the king or rook has moved.
    CastlingRightsGone(CastlingSide),
    /// Pieces stand between king and rook.
    CastlingBlocked(CastlingSide),
    /// Castling out of check.
    CastlingInCheck,
    /// Castling through or into an attacked square.
    CastlingThroughCheck(CastlingSide),
    /// The game is over: no legal moves at all.
    NoLegalMoves,
}

/// A piece's English name (`piece` when the text named none): the word of
/// these messages, and the selector key of the catalogues
/// ([`l10n`](crate::protocol::l10n)), which decline the noun themselves.
pub(crate) fn piece(role: Option<Role>) -> &'static str {
    match role {
        None => "piece",
        Some(Role::Pawn) => "pawn",
        Some(Role::Knight) => "knight",
        Some(Role::Bishop) => "bishop",
        Some(Role::Rook) => "rook",
        Some(Role::Queen) => "queen",
        Some(Role::King) => "king",
    }
}

/// A castling side's English name, also the catalogues' selector key.
pub(crate) fn side(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoSuchPiece {
                role,
                from: Some(sq),
            } => {
                write!(f, "you have no {} on {sq}", piece(*role))
            }
            Illegal::NoSuchPiece { role, from: None } => {
                write!(f, "you have no {} that could make this move", piece(*role))
            }
            Illegal::EmptySquare(sq) => write!(f, "there is no piece on {sq}"),
            Illegal::NotYourPiece(sq) => write!(f, "the piece on {sq} is your opponent's"),
            Illegal::CannotReach {
                role,
                from: Some(from),
                to,
            } => {
                write!(f, "the {} on {from} cannot move to {to}", piece(*role))
            }
            Illegal::CannotReach {
                role,
                from: None,
                to,
            } => {
                write!(f, "no {} of yours can reach {to}", piece(*role))
            }
            Illegal::OwnPiece(sq) => write!(f, "{sq} holds one of your own pieces"),
            Illegal::Pinned { role, from } => write!(
                f,
                "the {} on {from} is pinned: moving it would expose your king",
                piece(Some(*role))
            ),
            Illegal::InCheck => {
                f.write_str("your king is in check and this move does not answer the check")
            }
            Illegal::IntoCheck(sq) => write!(f, "your king would be in check on {sq}"),
            Illegal::PromotionMissing => {
                f.write_str("a pawn reaching the last rank must name its promotion piece")
            }
            Illegal::NotPromotion => {
                f.write_str("a promotion piece was given but the move is not a promotion")
            }
            Illegal::PawnCaptureNeedsFile => {
                f.write_str("a pawn capture must name the pawn's file (write exd5, not d5)")
            }
            Illegal::CastlingRightsGone(s) => {
                write!(
                    f,
                    "you can no longer castle {}: the king or that rook has moved",
                    side(*s)
                )
            }
            Illegal::CastlingBlocked(s) => {
                write!(
                    f,
                    "you cannot castle {}: pieces stand between king and rook",
                    side(*s)
                )
            }
            Illegal::CastlingInCheck => f.write_str("you cannot castle out of check"),
            Illegal::CastlingThroughCheck(s) => write!(
                f,
                "you cannot castle {}: the king would pass through or land on an attacked square",
                side(*s)
            ),
            Illegal::NoLegalMoves => f.write_str("the game is over: there are no legal moves"),
        }
    }
}

/// Something the text got wrong that does not change which move it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Warning {
    /// The check or mate mark does not match the position after the move.
    CheckMark {
        claimed: CheckMark,
        actual: CheckMark,
    },
    /// A capture mark on a move that captures nothing.
    CaptureMark,
    /// `e.p.` on a move that is not an en-passant capture.
    EnPassantMark,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn mark(c: &CheckMark) -> &'static str {
            match c {
                CheckMark::None => "no check",
                CheckMark::Check => "check",
                CheckMark::Mate => "mate",
                CheckMark::Double => "double check or mate",
            }
        }
        match self {
            Warning::CheckMark { claimed, actual } => {
                write!(f, "marked as {} but it is {}", mark(claimed), mark(actual))
            }
            Warning::CaptureMark => f.write_str("marked as a capture but it captures nothing"),
            Warning::EnPassantMark => {
                f.write_str("marked e.p. but it is not an en-passant capture")
            }
        }
    }
}
