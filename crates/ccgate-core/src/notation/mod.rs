//! Move notations: read text into a legal move, write a move back as text.
//!
//! Reading is two steps, as in shakmaty's `san.rs`: the text is parsed into a
//! partial description ([`MoveDesc`]: syntax only), then the description is
//! resolved against the legal moves of the position (semantics, with typed
//! errors that a player can act on). Writing goes the other way and always
//! produces one canonical form per notation, language and style.
//!
//! ```
//! use ccgate_core::notation::{read_move, write_move, Notation, Lang, ReadOptions, WriteOptions};
//! use shakmaty::Chess;
//!
//! let pos = Chess::default();
//! let opts = ReadOptions::default();
//! let reading = read_move(&pos, "5254", Notation::Iccf, &opts).unwrap();
//! let de = WriteOptions::new(Lang::De);
//! assert_eq!(write_move(&pos, reading.mv, Notation::San, &de), "e4");
//! let g1f3 = read_move(&pos, "Sf3", Notation::San, &ReadOptions::new(Lang::De)).unwrap();
//! assert_eq!(write_move(&pos, g1f3.mv, Notation::Uedemann, &de), "kahi");
//! assert_eq!(write_move(&pos, g1f3.mv, Notation::Descriptive, &de), "N-KB3");
//! ```

mod algebraic;
pub mod auto;
mod desc;
pub mod descriptive;
pub(crate) mod error;
mod figurine;
pub mod glyphs;
pub mod iccf;
mod lan;
pub mod lang;
pub mod material;
pub mod movetext;
pub mod pgn;
mod resolve;
mod san;
pub mod suggest;
mod text;
mod uci;
pub mod uedemann;
pub mod words;

use std::fmt;
use std::str::FromStr;

use shakmaty::{Chess, Move};

pub use desc::{CheckMark, MoveDesc, PromotionSpec};
pub use error::{Candidate, Expected, Illegal, ReadError, Warning};
pub use lang::Lang;
pub use uedemann::Table as UedemannTable;

/// Every notation ccgate reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic: `Nf3`, `exd5`, `O-O`, `e8=Q`, in any [`Lang`].
    San,
    /// SAN with figurines instead of piece letters: `♘f3`.
    Figurine,
    /// Long algebraic with the origin square: `Ng1-f3`, `e7-e8=Q`.
    Lan,
    /// UCI coordinates: `e2e4`, `e7e8q`.
    Uci,
    /// ICCF numeric: `5254`, `57581`.
    Iccf,
    /// Gringmuth's letter code, called Uedemann code in Russian sources: `gego`.
    Uedemann,
    /// Uedemann's own letter code after Hooper & Whyld: `dogo`.
    UedemannHw,
    /// English descriptive: `P-K4`, `N-KB3`, `PxP`.
    Descriptive,
}

impl Notation {
    /// All notations, in the order `ccgate notations` lists them.
    pub const ALL: [Notation; 8] = [
        Notation::San,
        Notation::Figurine,
        Notation::Lan,
        Notation::Uci,
        Notation::Iccf,
        Notation::Uedemann,
        Notation::UedemannHw,
        Notation::Descriptive,
    ];

    /// The name used on the command line and in player profiles.
    pub fn name(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Figurine => "figurine",
            Notation::Lan => "lan",
            Notation::Uci => "uci",
            Notation::Iccf => "iccf",
            Notation::Uedemann => "uedemann",
            Notation::UedemannHw => "uedemann-hw",
            Notation::Descriptive => "descriptive",
        }
    }

    /// One line describing the notation, for `ccgate notations`.
    pub fn summary(self) -> &'static str {
        match self {
            Notation::San => "standard algebraic (FIDE Appendix C, PGN); piece letters by --lang",
            Notation::Figurine => "algebraic with figurines instead of piece letters",
            Notation::Lan => "long algebraic: origin and destination squares",
            Notation::Uci => "UCI coordinates, promotion as a lower-case letter",
            Notation::Iccf => {
                "ICCF numeric: file and rank digits, 5th digit promotes 1=Q 2=R 3=B 4=N"
            }
            Notation::Uedemann => "letter code of Russian sources (Gringmuth's table), 4 letters",
            Notation::UedemannHw => "Uedemann's own letter code after Hooper & Whyld",
            Notation::Descriptive => {
                "English descriptive: files named after pieces, ranks from the mover's side"
            }
        }
    }

    /// Whether writing a move needs its position (piece letters,
    /// disambiguation, check marks); the square codes need only the move.
    pub fn needs_position(self) -> bool {
        !matches!(
            self,
            Notation::Uci | Notation::Iccf | Notation::Uedemann | Notation::UedemannHw
        )
    }

    /// Whether moves in the notation carry annotation glyphs (`e5!?`,
    /// `Nc6 ±`): the codes and UCI, whose convention is no marks, do not.
    pub fn takes_glyphs(self) -> bool {
        self.needs_position()
    }

    /// Whether the notation is a square code, for which "did you mean"
    /// suggestions are computed on an illegal move.
    pub fn is_code(self) -> bool {
        matches!(
            self,
            Notation::Iccf | Notation::Uedemann | Notation::UedemannHw
        )
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name of an unknown notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown notation {0:?}; known: san, figurine, lan, uci, iccf, uedemann, uedemann-hw, descriptive"
)]
pub struct UnknownNotation(pub String);

impl FromStr for Notation {
    type Err = UnknownNotation;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        Notation::ALL
            .into_iter()
            .find(|n| n.name() == lower)
            .or(match lower.as_str() {
                "algebraic" | "fide" | "pgn" => Some(Notation::San),
                "fan" => Some(Notation::Figurine),
                "long" | "coordinate" => Some(Notation::Lan),
                "numeric" => Some(Notation::Iccf),
                "gringmuth" => Some(Notation::Uedemann),
                _ => None,
            })
            .ok_or_else(|| UnknownNotation(s.to_string()))
    }
}

/// How written algebraic moves look: PGN export style or FIDE scoresheet style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Style {
    /// English letters, `O-O`, `e8=Q` (PGN §8.2.3).
    Pgn,
    /// The language's letters, `0-0`, `e8Q` (FIDE Laws, Appendix C).
    Fide,
    /// Soviet books (seed 002): as FIDE, with `:` for a capture, `×` for
    /// mate and `++` for a double check (`Фh5:f7×`).
    Soviet,
}

impl FromStr for Style {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pgn" => Ok(Style::Pgn),
            "fide" => Ok(Style::Fide),
            "soviet" => Ok(Style::Soviet),
            _ => Err(format!("unknown style {s:?}; known: pgn, fide, soviet")),
        }
    }
}

/// What the reader is told about the text it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadOptions {
    /// The language of piece letters in SAN, LAN and descriptive input.
    pub lang: Lang,
}

impl ReadOptions {
    pub fn new(lang: Lang) -> Self {
        ReadOptions { lang }
    }
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions::new(Lang::En)
    }
}

/// How moves are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// The language of piece letters (SAN in FIDE style, LAN).
    pub lang: Lang,
    /// PGN or FIDE style; by default PGN for English, FIDE otherwise.
    pub style: Style,
}

impl WriteOptions {
    /// Options for a language with its default style.
    pub fn new(lang: Lang) -> Self {
        let style = if lang == Lang::En {
            Style::Pgn
        } else {
            Style::Fide
        };
        WriteOptions { lang, style }
    }

    pub fn with_style(self, style: Style) -> Self {
        WriteOptions { style, ..self }
    }

    /// The letters actually written: PGN style is always English.
    pub(crate) fn letters(&self) -> Lang {
        match self.style {
            Style::Pgn => Lang::En,
            Style::Fide | Style::Soviet => self.lang,
        }
    }
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions::new(Lang::En)
    }
}

/// A move read from text, with what else the text said about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The legal move the text names.
    pub mv: Move,
    /// An annotation glyph written with the move (`!` = 1 … `?!` = 6).
    pub nag: Option<u8>,
    /// Things the text got wrong that do not change which move it is
    /// (a wrong check or mate mark, a capture mark on a quiet move).
    pub warnings: Vec<Warning>,
    /// A draw offer was written with the move (`Kb1(=)`, `5254 (=)`: FIDE
    /// Appendix C.12).
    pub draw_offer: bool,
}

/// The draw-offer mark of FIDE Appendix C.12, glued to a move or apart.
pub const DRAW_OFFER: &str = "(=)";

/// Splits a trailing draw offer off a move: every notation may carry one,
/// and none of their grammars has a use for it.
#[inline]
pub fn split_draw_offer(text: &str) -> (&str, bool) {
    // Nearly every move ends in an ASCII byte other than `)` or a space:
    // that one byte decides, before any trimming.
    if text
        .as_bytes()
        .last()
        .is_some_and(|&b| b.is_ascii() && b != b')' && !b.is_ascii_whitespace())
    {
        return (text, false);
    }
    let trimmed = text.trim_end();
    if !trimmed.ends_with(')') {
        return (text, false);
    }
    match trimmed.strip_suffix(DRAW_OFFER) {
        Some(rest) if !rest.trim().is_empty() => (rest.trim_end(), true),
        _ => (text, false),
    }
}

/// Reads one move written in `notation` and resolves it in `pos`.
///
/// Errors are typed ([`ReadError`]) and carry what a player needs to correct
/// the move: where the text stopped making sense, why no legal move fits, the
/// candidates of an ambiguous move, or the near misses of a mistyped code.
pub fn read_move(
    pos: &Chess,
    text: &str,
    notation: Notation,
    opts: &ReadOptions,
) -> Result<Reading, ReadError> {
    let (text, draw_offer) = split_draw_offer(text);
    let mut reading = read_one(pos, text, notation, opts.lang)
        .map_err(|e| suggest::attach(pos, text, notation, opts.lang, e))?;
    reading.draw_offer = draw_offer;
    Ok(reading)
}

/// Reads one move, without suggestions.
pub(crate) fn read_one(
    pos: &Chess,
    text: &str,
    notation: Notation,
    lang: Lang,
) -> Result<Reading, ReadError> {
    match notation {
        Notation::San | Notation::Lan | Notation::Figurine => {
            algebraic::read(pos, text, notation, lang)
        }
        Notation::Uci => uci::read(pos, text),
        Notation::Iccf => iccf::read(pos, text),
        Notation::Uedemann => uedemann::read(pos, text, uedemann::Table::Gringmuth),
        Notation::UedemannHw => uedemann::read(pos, text, uedemann::Table::HooperWhyld),
        Notation::Descriptive => descriptive::read(pos, text),
    }
}

/// Writes a legal move of `pos` in `notation`.
///
/// `mv` must be legal in `pos`; check and mate marks are computed by playing it.
pub fn write_move(pos: &Chess, mv: Move, notation: Notation, opts: &WriteOptions) -> String {
    let mut out = String::with_capacity(8);
    append_move(pos, mv, notation, opts, &mut out);
    out
}

/// Like [`write_move`], appending to `out` to save an allocation per move.
pub fn append_move(
    pos: &Chess,
    mv: Move,
    notation: Notation,
    opts: &WriteOptions,
    out: &mut String,
) {
    match notation {
        Notation::San => san::append(pos, mv, opts, out),
        Notation::Figurine => figurine::append(pos, mv, opts, out),
        Notation::Lan => lan::append(pos, mv, opts, out),
        Notation::Uci => uci::append(mv, out),
        Notation::Iccf => iccf::append(mv, out),
        Notation::Uedemann => uedemann::append(mv, uedemann::Table::Gringmuth, out),
        Notation::UedemannHw => uedemann::append(mv, uedemann::Table::HooperWhyld, out),
        Notation::Descriptive => descriptive::append(pos, mv, out),
    }
}
