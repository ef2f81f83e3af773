//! The partial description of a move that a notation's syntax yields before
//! the position is consulted.

use shakmaty::{CastlingSide, File, Rank, Role};

/// What the text says about the move, and nothing more: which fields were
/// written. Resolution against the legal moves fills in the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveDesc {
    /// Castling written as such (`O-O`, `0-0-0`).
    pub castle: Option<CastlingSide>,
    /// The moving piece, when the notation names it (`None` for the codes).
    pub role: Option<Role>,
    pub from_file: Option<File>,
    pub from_rank: Option<Rank>,
    pub to_file: Option<File>,
    /// `None` only for an abbreviated pawn capture such as `ed`.
    pub to_rank: Option<Rank>,
    /// A capture mark (`x`, `:`, `×`, Uedemann `t`) was written.
    pub capture: bool,
    pub promotion: PromotionSpec,
    /// `e.p.` was written.
    pub en_passant: bool,
    pub check: CheckMark,
    /// An annotation glyph as NAG 1–6.
    pub nag: Option<u8>,
}

impl MoveDesc {
    /// A description naming only the destination; the parsers fill it in.
    pub const EMPTY: MoveDesc = MoveDesc {
        castle: None,
        role: None,
        from_file: None,
        from_rank: None,
        to_file: None,
        to_rank: None,
        capture: false,
        promotion: PromotionSpec::None,
        en_passant: false,
        check: CheckMark::None,
        nag: None,
    };
}

/// What the text says about promotion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromotionSpec {
    /// Nothing written: the move must not be a promotion.
    None,
    /// A piece was named.
    To(Role),
    /// ICCF's non-standard 4-digit form: the last digit named the piece, so
    /// the destination rank is the last rank and the file was given.
    IccfShort(Role),
}

/// A claimed check or mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckMark {
    None,
    Check,
    Mate,
    /// `++`: a double check in Soviet and Ukrainian books, mate in FIDE
    /// Appendix C.13; right when the move is either.
    Double,
}
