//! Movetext and PGN games: reading them in any notation, writing them back.
//!
//! The reader takes PGN (tag pairs, `{}` and `;` comments, `%` escape lines,
//! NAGs `$n` and glyphs, variations, move numbers `12.` `12...` `12…`, results)
//! and bare move lists with or without numbers. Every move token is read in
//! the notation given, or detected token by token ([`auto`](super::auto)).
//! pgn-reader is not used because it only hands over SAN tokens and silently
//! skips everything else (`5254`, `P-K4`, `0-0`, `e8Q`).
//!
//! The tokenizer never recurses, so no input can exhaust the stack, and it
//! never panics: an unreadable move ends that game's line with an error, the
//! rest of the game is skipped, and the next game is read normally.
//!
//! ```
//! use ccgate_core::notation::movetext::{read_games, write_movetext, MovetextOptions};
//! use ccgate_core::notation::{Notation, WriteOptions};
//! let games = read_games("[Event \"x\"]\n\n1. e4 e5 2. Nf3 {main} (2. f4 exf4) Nc6 1-0", &MovetextOptions::default());
//! assert_eq!(games.len(), 1);
//! let line = write_movetext(&games[0], Notation::Iccf, &WriteOptions::default());
//! assert_eq!(line, "1. 5254 5755 2. 7163 2836 1-0");
//! ```

mod parser;
mod stream;
mod write;

use parser::*;
pub use stream::{GameStream, MapError};
pub use write::*;

use compact_str::CompactString;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, FromSetup, Move, Position};

use super::auto::read_auto;
use super::glyphs::Glyph;
use super::{Lang, Notation, ReadError, ReadOptions, WriteOptions, append_move, read_move};
use crate::game::outcome::MoveNumber;

/// How to read movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovetextOptions {
    /// The notation of the moves; `None` detects it token by token.
    pub from: Option<Notation>,
    /// The language of piece letters in the input.
    pub lang: Lang,
    /// The start position when the game has no `FEN` tag.
    pub start: Option<Chess>,
    /// Keep comments (for PGN output); one-line output does without them.
    pub comments: bool,
}

impl Default for MovetextOptions {
    fn default() -> Self {
        MovetextOptions {
            from: None,
            lang: Lang::En,
            start: None,
            comments: true,
        }
    }
}

/// One game of the input.
#[derive(Debug, Clone)]
pub struct Game {
    /// Tag pairs in input order; most names and values are short enough
    /// to be stored inline, sparing two allocations per tag.
    pub tags: Vec<(CompactString, CompactString)>,
    /// The start position (from the `FEN` tag, or the standard one).
    pub start: Chess,
    /// The main line.
    pub line: Vec<Node>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The game termination token (`1-0`, `0-1`, `1/2-1/2`, `*`), normalised.
    pub result: Option<String>,
    /// Why the main line could not be read to its end.
    pub error: Option<GameError>,
    /// Unreadable moves inside variations; each variation is kept up to its error.
    pub variation_errors: Vec<GameError>,
}

impl Game {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after the main line.
    pub fn end_position(&self) -> Chess {
        let mut pos = self.start.clone();
        for node in &self.line {
            play(&mut pos, node.mv);
        }
        pos
    }
}

/// A move in a line, with what was written around it.
#[derive(Debug, Clone)]
pub struct Node {
    /// The move; `None` for a null move (`--`, `Z0`), which PGN allows in
    /// analysis and which only [`write_movetext`] and PGN output reproduce.
    pub mv: Option<Move>,
    /// The notation it was read in.
    pub notation: Notation,
    /// The token as written (stored inline: tokens are short).
    pub token: CompactString,
    /// What was written around the move, on the few moves that have any:
    /// kept out of line so that a plain move is small and cheap to drop.
    pub notes: Option<Box<Notes>>,
}

/// NAGs, comments and variations attached to a move.
#[derive(Debug, Clone, Default)]
pub struct Notes {
    pub nags: Vec<u8>,
    /// A draw offer went with the move (`(=)`, FIDE Appendix C.12).
    pub draw_offer: bool,
    /// Comments before the move (only at the start of a variation).
    pub before: Vec<String>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move, each starting from the position before it.
    pub variations: Vec<Vec<Node>>,
}

impl Node {
    pub fn nags(&self) -> &[u8] {
        self.notes.as_ref().map_or(&[], |n| &n.nags)
    }

    pub fn draw_offer(&self) -> bool {
        self.notes.as_ref().is_some_and(|n| n.draw_offer)
    }

    pub fn comments(&self) -> &[String] {
        self.notes.as_ref().map_or(&[], |n| &n.comments)
    }

    pub fn before(&self) -> &[String] {
        self.notes.as_ref().map_or(&[], |n| &n.before)
    }

    pub fn variations(&self) -> &[Vec<Node>] {
        self.notes.as_ref().map_or(&[], |n| &n.variations)
    }

    fn notes_mut(&mut self) -> &mut Notes {
        self.notes.get_or_insert_with(Box::default)
    }
}

/// The first thing that stopped a game from being read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A move that could not be read; the line holds the moves before it.
    #[error("move {n} {token}: {error}", n = MoveNumber { number: *number, color: *color })]
    Move {
        number: u32,
        color: Color,
        token: String,
        error: ReadError,
    },
    /// A null move where the side to move is in check.
    #[error("move {n} {token}: a null move is impossible while in check", n = MoveNumber { number: *number, color: *color })]
    NullInCheck {
        number: u32,
        color: Color,
        token: String,
    },
    /// A token where a move belongs that no notation reads as one: a number
    /// that is not this move's number (`716`, a mistyped ICCF code) or `00`.
    #[error("move {n} {token}: not a move: {why}", n = MoveNumber { number: *number, color: *color }, why = not_a_move(token))]
    NotAMove {
        number: u32,
        color: Color,
        token: String,
    },
    /// A move number that contradicts the position (`1... e4` from the start).
    #[error("move number {token} contradicts the position: this is move {n}", n = MoveNumber { number: *number, color: *color })]
    WrongNumber {
        number: u32,
        color: Color,
        token: String,
    },
    /// A game of another variant (crazyhouse, atomic, …) or Chess960.
    #[error("{0}")]
    Unsupported(String),
    /// The `FEN` tag is not a legal standard-chess position.
    #[error("bad FEN tag {fen:?}: {reason}")]
    BadFen { fen: String, reason: String },
    /// A comment, variation or tag value the text never closes: what came
    /// after its opening is not part of the main line.
    #[error("{what} opened at line {line}, column {column} is never closed{consequence}", consequence = what.consequence())]
    Unterminated {
        what: Unterminated,
        line: usize,
        column: usize,
    },
}

/// What [`GameError::Unterminated`] left open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unterminated {
    /// A `{` comment without its `}`.
    Comment,
    /// A `(` variation without its `)`.
    Variation,
    /// A tag's value without its closing `"`.
    String,
}

impl Unterminated {
    fn consequence(self) -> &'static str {
        match self {
            Unterminated::Comment => ": the moves after it were not read",
            Unterminated::Variation => ": the main line does not go on after it",
            Unterminated::String => "",
        }
    }
}

impl std::fmt::Display for Unterminated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Unterminated::Comment => "the comment `{`",
            Unterminated::Variation => "the variation `(`",
            Unterminated::String => "the tag value `\"`",
        })
    }
}

/// Plays a move or a null move. Null moves are only accepted by the reader
/// where swapping the turn is possible.
pub(crate) fn play(pos: &mut Chess, mv: Option<Move>) {
    match mv {
        Some(m) => pos.play_unchecked(m),
        None => {
            if let Some(swapped) = null_move(pos) {
                *pos = swapped;
            }
        }
    }
}

/// The position after a null move; `None` while in check. Black's null
/// move ends the move, as any move of Black's does (shakmaty's turn swap
/// leaves the counter alone).
fn null_move(pos: &Chess) -> Option<Chess> {
    let swapped = pos.clone().swap_turn().ok()?;
    if pos.turn() == Color::White {
        return Some(swapped);
    }
    let mut setup = swapped.to_setup(shakmaty::EnPassantMode::Legal);
    setup.fullmoves = setup.fullmoves.saturating_add(1);
    Chess::from_setup(setup, CastlingMode::Standard).ok()
}

/// Reads every game of a PGN text or bare movetext.
pub fn read_games(input: &str, opts: &MovetextOptions) -> Vec<Game> {
    Games::new(input, opts.clone()).collect()
}

/// An iterator over the games of a text, reading one game at a time.
pub struct Games<'a> {
    src: &'a str,
    at: usize,
    opts: MovetextOptions,
}

impl<'a> Games<'a> {
    pub fn new(src: &'a str, opts: MovetextOptions) -> Self {
        Games { src, at: 0, opts }
    }
}

impl Iterator for Games<'_> {
    type Item = Game;

    fn next(&mut self) -> Option<Game> {
        let mut p = Parser {
            src: self.src,
            at: self.at,
            open_end: false,
            lines_before: 0,
            open_string: None,
        };
        let game = p.game(&self.opts);
        self.at = p.at;
        game
    }
}
