//! PGN output: the game's tags (Seven Tag Roster first), then movetext with
//! comments, NAGs and variations, in any notation, wrapped at 80 columns.
//! Reading PGN is [`movetext`](super::movetext)'s job.
//!
//! ```
//! use ccgate_core::notation::movetext::{read_games, MovetextOptions};
//! use ccgate_core::notation::pgn::write_pgn;
//! use ccgate_core::notation::{Notation, WriteOptions};
//! let games = read_games("1. e4 $1 {best} (1. d4 d5) e5 *", &MovetextOptions::default());
//! let pgn = write_pgn(&games[0], Notation::Lan, &WriteOptions::default());
//! assert!(pgn.starts_with("[Event \"?\"]\n"));
//! assert!(pgn.ends_with("\n1. e2-e4 $1 {best} (1. d2-d4 d7-d5) 1... e7-e5 *\n"));
//! ```

use shakmaty::{Chess, Position};

use super::movetext::{Game, Node, number, play, result_of, write_node};
use super::{Notation, WriteOptions};

/// The Seven Tag Roster, written first and always (PGN §8.1.1).
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// A game as PGN, with its moves in `notation`.
pub fn write_pgn(game: &Game, notation: Notation, opts: &WriteOptions) -> String {
    let mut out = String::new();
    let result = result_of(game);
    for (name, default) in ROSTER {
        let value = if name == "Result" {
            result
        } else {
            game.tag(name).unwrap_or(default)
        };
        tag(&mut out, name, value);
    }
    for (name, value) in &game.tags {
        if !ROSTER.iter().any(|(n, _)| n == name) {
            tag(&mut out, name, value);
        }
    }
    out.push('\n');
    let mut words = Vec::new();
    for c in &game.comments {
        words.push(format!("{{{c}}}"));
    }
    line(&game.start, &game.line, notation, opts, &mut words);
    words.push(result.to_string());
    wrap(&words, &mut out);
    out
}

/// A tag pair. The value is a PGN string (§7): `"` and `\\` escaped, and no
/// non-printing character, which the standard forbids in a string: a
/// player's name or an event's from outside could otherwise end the tag
/// line and start tags of its own, or send a terminal sequences. Each is
/// written as a space.
fn tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(if c.is_control() { ' ' } else { c });
    }
    out.push_str("\"]\n");
}

/// The words of a line; a variation's first move, and the move after a
/// comment or variation, carry their move number.
fn line(
    start: &Chess,
    nodes: &[Node],
    notation: Notation,
    opts: &WriteOptions,
    words: &mut Vec<String>,
) {
    let mut pos = start.clone();
    let mut numbered = true;
    for node in nodes {
        for c in node.before() {
            words.push(format!("{{{c}}}"));
        }
        let mut word = String::new();
        number(pos.turn(), pos.fullmoves().get(), numbered, &mut word);
        write_node(&pos, node.mv, notation, opts, &mut word);
        words.push(word);
        for n in node.nags() {
            words.push(format!("${n}"));
        }
        // PGN has no token for a draw offer: the comment correspondence players use.
        if node.draw_offer() {
            words.push(format!("{{{}}}", super::DRAW_OFFER));
        }
        for c in node.comments() {
            words.push(format!("{{{c}}}"));
        }
        for variation in node.variations() {
            words.push("(".to_string());
            line(&pos, variation, notation, opts, words);
            words.push(")".to_string());
        }
        numbered =
            !node.comments().is_empty() || !node.variations().is_empty() || node.draw_offer();
        play(&mut pos, node.mv);
    }
}

/// Joins words with spaces, no space inside parentheses, lines of at most 80
/// characters where words allow.
fn wrap(words: &[String], out: &mut String) {
    let mut col = 0;
    let mut prev = "";
    for w in words {
        let glue = !(col == 0 || prev == "(" || w == ")");
        let len = w.chars().count();
        if glue && col + 1 + len > 80 {
            out.push('\n');
            col = 0;
        } else if glue {
            out.push(' ');
            col += 1;
        }
        out.push_str(w);
        col += len;
        prev = w;
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_values_are_pgn_strings_whatever_they_hold() {
        let game = Game {
            tags: vec![
                ("White".into(), "Eve\"]\n[Result \"1-0\"]\r\n\\".into()),
                ("Black".into(), "Bob\u{1b}]0;x\u{7}\tB".into()),
            ],
            start: Chess::default(),
            line: Vec::new(),
            comments: Vec::new(),
            result: None,
            error: None,
            variation_errors: Vec::new(),
        };
        let pgn = write_pgn(&game, Notation::San, &WriteOptions::default());
        let tags: Vec<&str> = pgn.lines().take_while(|l| !l.is_empty()).collect();
        assert_eq!(tags.len(), 7, "{pgn}");
        assert_eq!(tags[4], r#"[White "Eve\"] [Result \"1-0\"]  \\"]"#);
        assert_eq!(tags[5], r#"[Black "Bob ]0;x  B"]"#);
        assert!(!pgn.chars().any(|c| c.is_control() && c != '\n'), "{pgn:?}");
    }
}
