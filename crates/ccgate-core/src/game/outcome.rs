//! How a game ends and how its moves are numbered, as values: the PGN
//! result, the termination reason the store and the notices carry, and the
//! move number with its colour (`12.`, `12...`).

use std::fmt;
use std::str::FromStr;

use shakmaty::{Chess, Color, Position};

use super::rules::{Claim, Ending};

/// A game's result, written as PGN writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// `*`: not decided.
    Unfinished,
}

impl GameResult {
    /// The result when `loser` loses (resignation, time forfeit).
    pub fn loss_for(loser: Color) -> GameResult {
        match loser {
            Color::White => GameResult::BlackWins,
            Color::Black => GameResult::WhiteWins,
        }
    }

    /// The PGN text.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that is not a PGN result or a termination reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} {text:?} is not one ccgate writes")]
pub struct OutcomeError {
    what: &'static str,
    text: String,
}

impl FromStr for GameResult {
    type Err = OutcomeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unfinished,
        ]
        .into_iter()
        .find(|r| r.as_str() == s.trim())
        .ok_or_else(|| OutcomeError {
            what: "result",
            text: s.to_string(),
        })
    }
}

/// Why a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Termination {
    /// An ending the rules declare by themselves.
    Rules(Ending),
    DrawAgreed,
    DrawClaimed(Claim),
    /// The player (by name) resigned.
    Resigned(String),
    /// The player (by name) exceeded the time limit.
    LostOnTime(String),
    /// The director decided, for this reason.
    Adjudicated(String),
}

/// Every ending by the rules, once each (the checkmate's winner is in the
/// result): read back by their reason, and listed where every one is worded.
pub const ENDINGS: [Ending; 5] = [
    Ending::Checkmate {
        winner: Color::White,
    },
    Ending::Stalemate,
    Ending::InsufficientMaterial,
    Ending::FivefoldRepetition,
    Ending::SeventyFiveMoves,
];

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Rules(e) => f.write_str(e.reason()),
            Termination::DrawAgreed => f.write_str("draw agreed"),
            Termination::DrawClaimed(c) => write!(f, "draw claimed: {}", c.reason()),
            Termination::Resigned(p) => write!(f, "{p} resigned"),
            Termination::LostOnTime(p) => write!(f, "{p} lost on time"),
            Termination::Adjudicated(r) => write!(f, "adjudicated: {r}"),
        }
    }
}

impl FromStr for Termination {
    type Err = OutcomeError;

    /// Reads what [`Display`](fmt::Display) wrote; a checkmate reads as
    /// White's (the stored result says whose).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(e) = ENDINGS.into_iter().find(|e| e.reason() == s) {
            return Ok(Termination::Rules(e));
        }
        if s == "draw agreed" {
            return Ok(Termination::DrawAgreed);
        }
        if let Some(r) = s.strip_prefix("adjudicated: ") {
            return Ok(Termination::Adjudicated(r.to_string()));
        }
        if let Some(c) = s.strip_prefix("draw claimed: ") {
            return [Claim::ThreefoldRepetition, Claim::FiftyMoves]
                .into_iter()
                .find(|k| k.reason() == c)
                .map(Termination::DrawClaimed)
                .ok_or_else(|| OutcomeError {
                    what: "draw claim",
                    text: s.to_string(),
                });
        }
        if let Some(p) = s.strip_suffix(" resigned") {
            return Ok(Termination::Resigned(p.to_string()));
        }
        if let Some(p) = s.strip_suffix(" lost on time") {
            return Ok(Termination::LostOnTime(p.to_string()));
        }
        Err(OutcomeError {
            what: "termination",
            text: s.to_string(),
        })
    }
}

/// A move's number with the colour that plays it: `12.` for White's
/// twelfth move, `12...` for Black's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveNumber {
    pub number: u32,
    pub color: Color,
}

impl MoveNumber {
    /// The number of ply `ply` (1 for the first move) of a game from `start`.
    pub fn of_ply(start: &Chess, ply: u32) -> MoveNumber {
        let offset = u32::from(start.turn() == Color::Black);
        let index = ply.saturating_sub(1) + offset;
        MoveNumber {
            number: start.fullmoves().get() + index / 2,
            color: if index.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
        }
    }

    /// The number of the move after this one: `12.` → `12...` → `13.`.
    pub fn next(self) -> MoveNumber {
        match self.color {
            Color::White => MoveNumber {
                color: Color::Black,
                ..self
            },
            Color::Black => MoveNumber {
                number: self.number.saturating_add(1),
                color: Color::White,
            },
        }
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.color == Color::White {
            "."
        } else {
            "..."
        };
        write!(f, "{}{dots}", self.number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_termination_reads_back_as_written() {
        let all = [
            Termination::Rules(Ending::Stalemate),
            Termination::Rules(Ending::SeventyFiveMoves),
            Termination::DrawAgreed,
            Termination::DrawClaimed(Claim::FiftyMoves),
            Termination::Resigned("Anna Sørensen".into()),
            Termination::LostOnTime("Bo".into()),
            Termination::Adjudicated("Bo resigned by letter".into()),
        ];
        for t in all {
            assert_eq!(t.to_string().parse::<Termination>(), Ok(t.clone()), "{t}");
        }
        assert!("won on points".parse::<Termination>().is_err());
    }

    #[test]
    fn results_read_back_and_unknown_text_is_refused() {
        for r in ["1-0", "0-1", "1/2-1/2", "*"] {
            assert_eq!(
                r.parse::<GameResult>().map(|r| r.to_string()).as_deref(),
                Ok(r)
            );
        }
        assert!("½-½".parse::<GameResult>().is_err());
    }

    #[test]
    fn move_numbers_follow_the_start_position() {
        let start = Chess::default();
        assert_eq!(MoveNumber::of_ply(&start, 1).to_string(), "1.");
        assert_eq!(MoveNumber::of_ply(&start, 4).to_string(), "2...");
    }
}
