//! Lines meant as protocol that are not: a command with a value it does not
//! take (`lang xx`, `notation klingon`, `leave 0`), a game number no game
//! has (`0 1. e4`), a numbered token no notation reads (`1 2. 716`).
//!
//! The grammar leaves such lines as prose, since a line is protocol only
//! when all of it parses, and that stays so: they are read here, apart,
//! only to answer the player with what was wrong with the line they wrote
//! instead of the general help (`protocols/message.md` §9). Each mistake is
//! recognised only where prose could not be meant: a command word first
//! with one value after it, or a move number with one token after it that
//! is a number or follows a game reference.
//!
//! ```
//! use ccgate_core::notation::Lang;
//! use ccgate_core::protocol::grammar::Profile;
//! use ccgate_core::protocol::mistake::{mistakes, Mistake};
//!
//! let p = Profile::new(Lang::En);
//! let found = mistakes("Hello Anna,\nlang xx\n12 15... Nf6\nleave 0\n", &p);
//! assert_eq!(found.len(), 2);
//! assert_eq!((found[0].line, &found[0].mistake), (2, &Mistake::UnknownLanguage("xx".into())));
//! assert_eq!(found[1].mistake, Mistake::Leave(0));
//! assert!(mistakes("1. Thanks for the game!\nLeave it to me.", &p).is_empty());
//! ```

use nom::Parser;
use nom::branch::alt;
use nom::character::complete::{digit1, space0, space1};
use nom::combinator::{eof, opt};
use nom::sequence::terminated;

use super::grammar::{
    self, Body, MoveNumber, Profile, argument, bounded, kw, lines, move_number, normalise,
    parse_line, reference,
};
use crate::notation::Notation;

/// What was wrong with a line meant as protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mistake {
    /// `lang xx`: no language has this code or name.
    UnknownLanguage(String),
    /// `notation klingon`: no notation has this name.
    UnknownNotation(String),
    /// `leave 0`, `leave 1000`: a leave of a number of days the rules
    /// refuse (saturated at `u32::MAX`); the service says why, as for any
    /// leave it refuses.
    Leave(u32),
    /// `0 1. e4`: a line that would be a game's protocol line but names
    /// game 0, with what the rest says; the service answers it as any line
    /// naming a game that is not the sender's.
    GameZero(Body),
    /// `1 2. 716`: a numbered token no notation reads as a move; the
    /// service reads it as the move it was meant to be, so that the reason
    /// it cannot be one is the move reader's own.
    NotAMove {
        game: Option<u32>,
        number: MoveNumber,
        text: String,
    },
}

/// A line of a message with its mistake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MistakenLine {
    /// The line's number in the message, from 1.
    pub line: usize,
    /// The line as written.
    pub text: String,
    pub mistake: Mistake,
}

/// The mistaken lines of a message, in order: the lines
/// [`grammar::parse_message`] reads as prose that were meant as protocol.
/// The same lines are read (quotes skipped, nothing after the signature,
/// the same bounds).
pub fn mistakes(text: &str, profile: &Profile) -> Vec<MistakenLine> {
    let mut out = Vec::new();
    for (index, line) in lines(bounded(text)).enumerate().take(grammar::MAX_LINES) {
        if line == "-- " || line == "--" {
            break;
        }
        if line.chars().nth(grammar::MAX_LINE_CHARS).is_some()
            || parse_line(line, profile).is_some()
        {
            continue;
        }
        let norm = normalise(line);
        if norm.starts_with('>') {
            continue;
        }
        if let Some(mistake) = diagnose(&norm, profile) {
            out.push(MistakenLine {
                line: index + 1,
                text: line.to_string(),
                mistake,
            });
        }
    }
    out
}

/// What a normalised line that is not protocol was meant to say, if it
/// was meant as protocol at all.
fn diagnose(norm: &str, p: &Profile) -> Option<Mistake> {
    game_zero(norm, p)
        .or_else(|| command_value(norm, p))
        .or_else(|| not_a_move(norm, p))
}

/// A line whose first token is game 0 (`0`, `#0`, `G0`, `game 0`) and whose
/// rest is a game's protocol line.
fn game_zero(norm: &str, p: &Profile) -> Option<Mistake> {
    let (rest, _) = (
        opt(terminated(grammar::ascii_tag("game"), space0)),
        opt(nom::character::complete::one_of("#")),
        opt(nom::character::complete::one_of(grammar::REFERENCE_LETTERS)),
        nom::bytes::complete::take_while1(|c| c == '0'),
        opt(nom::character::complete::char(':')),
        space1,
    )
        .parse(norm)
        .ok()?;
    let line = parse_line(rest, p)?;
    let for_a_game = match line.body {
        Body::Command(c) => c.is_game_command(),
        Body::Moves(_) | Body::Conditional(_) => true,
    };
    (line.game.is_none() && for_a_game).then_some(Mistake::GameZero(line.body))
}

/// `lang VALUE`, `notation VALUE`, `leave N [days]` with a value the
/// grammar does not take.
fn command_value(norm: &str, p: &Profile) -> Option<Mistake> {
    let end = || (opt(nom::character::complete::one_of(".!")), eof);
    let mut lang = (alt((kw("language"), kw("lang"))), space1, argument, end());
    if let Ok((_, (_, _, code, _))) = lang.parse(norm) {
        return Some(Mistake::UnknownLanguage(code.to_string()));
    }
    let mut notation = (kw("notation"), space1, argument, end());
    if let Ok((_, (_, _, name, _))) = notation.parse(norm) {
        return Some(Mistake::UnknownNotation(name.to_string()));
    }
    let mut days = (
        grammar::leave_word(p),
        space1,
        terminated(digit1, grammar::end_of_word),
        opt((space1, grammar::day_word(p))),
        end(),
    );
    let (_, (_, _, n, _, _)) = days.parse(norm).ok()?;
    // Digits beyond a u32 are more days than any allowance all the same.
    Some(Mistake::Leave(n.parse().unwrap_or(u32::MAX)))
}

/// An optional game reference, a move number and one token that no
/// notation reads: a number (a mistyped code, `716`), or anything after a
/// game reference (`12 15. Nf9`). Without a reference a word after a
/// number is a numbered list's prose (`1. Thanks`).
fn not_a_move(norm: &str, p: &Profile) -> Option<Mistake> {
    let (rest, game) = opt(terminated(|i| reference(i, p), space1))
        .parse(norm)
        .ok()?;
    let (text, number) = terminated(move_number, space0).parse(rest).ok()?;
    let digits = text.len() >= 2 && text.bytes().all(|b| b.is_ascii_digit());
    let one_token = !text.is_empty() && !text.contains(' ');
    (one_token && (digits || game.is_some())).then(|| Mistake::NotAMove {
        game,
        number,
        text: text.to_string(),
    })
}

/// The notation names, for the answer to an unknown one.
pub fn notation_names() -> String {
    Notation::ALL
        .iter()
        .map(|n| n.name())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Lang;

    fn one(line: &str, lang: Lang) -> Option<Mistake> {
        let found = mistakes(line, &Profile::new(lang));
        assert!(found.len() <= 1, "{found:?}");
        found.into_iter().next().map(|m| m.mistake)
    }

    #[test]
    fn commands_with_values_they_do_not_take() {
        assert_eq!(
            one("lang xx", Lang::En),
            Some(Mistake::UnknownLanguage("xx".into()))
        );
        assert_eq!(
            one("Language klingon.", Lang::En),
            Some(Mistake::UnknownLanguage("klingon".into()))
        );
        assert_eq!(
            one("notation klingon", Lang::En),
            Some(Mistake::UnknownNotation("klingon".into()))
        );
        assert_eq!(one("leave 0", Lang::En), Some(Mistake::Leave(0)));
        assert_eq!(one("leave 1000 days", Lang::En), Some(Mistake::Leave(1000)));
        assert_eq!(
            one("leave 99999999999999", Lang::En),
            Some(Mistake::Leave(u32::MAX))
        );
        assert_eq!(one("Urlaub 0 Tage", Lang::De), Some(Mistake::Leave(0)));
    }

    #[test]
    fn game_zero() {
        for line in ["0 1. e4", "#0 resign", "G0: 1... e5", "game 0 draw?"] {
            assert!(
                matches!(one(line, Lang::En), Some(Mistake::GameZero(_))),
                "{line}"
            );
        }
        // A player command takes no game: `0 help` is no game's line.
        assert_eq!(one("0 help", Lang::En), None);
    }

    #[test]
    fn numbered_tokens_that_are_no_moves() {
        assert_eq!(
            one("1 2. 716", Lang::En),
            Some(Mistake::NotAMove {
                game: Some(1),
                number: MoveNumber {
                    number: 2,
                    color: shakmaty::Color::White
                },
                text: "716".into()
            })
        );
        assert!(matches!(
            one("15... 66", Lang::En),
            Some(Mistake::NotAMove { game: None, .. })
        ));
        assert!(matches!(
            one("12 15. Nf9", Lang::En),
            Some(Mistake::NotAMove { game: Some(12), .. })
        ));
    }

    #[test]
    fn prose_stays_prose() {
        for line in [
            "1. Thanks for the game",
            "2. Hello",
            "leave it to me",
            "Leave 10 minutes early",
            "lang is a word",
            "> lang xx",
            "0 is my lucky number",
            "the language of love",
        ] {
            assert_eq!(one(line, Lang::En), None, "{line}");
        }
        // Protocol lines are no mistakes.
        assert_eq!(one("lang de", Lang::En), None);
        assert_eq!(one("12 15. Nf3", Lang::En), None);
    }

    #[test]
    fn nothing_after_the_signature() {
        assert!(mistakes("-- \nlang xx", &Profile::default()).is_empty());
    }
}
