//! `MakeAMoveResult`: the result codes, spelled as the clients match them.

use std::fmt;

/// What a `MakeAMove` call did, as Xfcc names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveResult {
    Success,
    ServerError,
    AuthenticationFailed,
    InvalidGameId,
    NotYourGame,
    NotYourTurn,
    InvalidMoveNumber,
    InvalidMove,
    NoDrawWasOffered,
    LostOnTime,
    YouAreOnLeave,
    /// Spelled `MoveIsAmbigous`, as Scid and the servers write it.
    MoveIsAmbiguous,
    FeatureUnavailable,
}

impl MoveResult {
    pub const ALL: [MoveResult; 13] = [
        MoveResult::Success,
        MoveResult::ServerError,
        MoveResult::AuthenticationFailed,
        MoveResult::InvalidGameId,
        MoveResult::NotYourGame,
        MoveResult::NotYourTurn,
        MoveResult::InvalidMoveNumber,
        MoveResult::InvalidMove,
        MoveResult::NoDrawWasOffered,
        MoveResult::LostOnTime,
        MoveResult::YouAreOnLeave,
        MoveResult::MoveIsAmbiguous,
        MoveResult::FeatureUnavailable,
    ];

    /// The code as the wire carries it.
    pub fn code(self) -> &'static str {
        match self {
            MoveResult::Success => "Success",
            MoveResult::ServerError => "ServerError",
            MoveResult::AuthenticationFailed => "AuthenticationFailed",
            MoveResult::InvalidGameId => "InvalidGameID",
            MoveResult::NotYourGame => "NotYourGame",
            MoveResult::NotYourTurn => "NotYourTurn",
            MoveResult::InvalidMoveNumber => "InvalidMoveNumber",
            MoveResult::InvalidMove => "InvalidMove",
            MoveResult::NoDrawWasOffered => "NoDrawWasOffered",
            MoveResult::LostOnTime => "LostOnTime",
            MoveResult::YouAreOnLeave => "YouAreOnLeave",
            MoveResult::MoveIsAmbiguous => "MoveIsAmbigous",
            MoveResult::FeatureUnavailable => "FeatureUnavailable",
        }
    }

    /// The result a code names.
    pub fn from_code(code: &str) -> Option<MoveResult> {
        MoveResult::ALL
            .into_iter()
            .find(|r| r.code() == code.trim())
    }
}

impl fmt::Display for MoveResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_spelled_as_the_clients_match_them() {
        assert_eq!(MoveResult::MoveIsAmbiguous.code(), "MoveIsAmbigous");
        assert_eq!(MoveResult::InvalidGameId.code(), "InvalidGameID");
        for r in MoveResult::ALL {
            assert_eq!(MoveResult::from_code(r.code()), Some(r));
        }
    }

    /// A remote refusal reaches the player in their language: every code
    /// but success has words in every catalogue (the refusal notice shows
    /// a code only when no catalogue knows it).
    #[test]
    fn every_refusal_code_is_said_in_every_language() {
        use crate::protocol::l10n::{Args, CATALOGUES, Form, Reader, text};
        for &lang in CATALOGUES {
            for r in MoveResult::ALL
                .into_iter()
                .filter(|r| *r != MoveResult::Success)
            {
                let said = text(
                    Reader::new(lang, Form::Full),
                    "remote-reason",
                    &Args::new().str("code", r.code()),
                );
                assert!(!said.contains(r.code()), "{lang} {r}: {said}");
            }
            let unknown = text(
                Reader::new(lang, Form::Full),
                "remote-reason",
                &Args::new().str("code", "GameArchived"),
            );
            assert_eq!(unknown, "GameArchived");
        }
    }
}
