//! Annotation glyphs: the move marks of PGN §8.2.3.8 and the evaluation
//! symbols of the Romanian article's table (seed 002, after Informant),
//! each with its PGN NAG (notation.md §4.3–4.4).
//!
//! A symbol that speaks of one side (`↑` the initiative, `→` the attack)
//! means the side that moved: `e5 ↑` after Black's move is NAG 37, "Black
//! has the initiative", where the same sign after White's move is 36. A
//! symbol for which PGN has no NAG (`⊥` endgame, `⊞` centre) is kept as a
//! comment holding the symbol.
//!
//! ```
//! use ccgate_core::notation::glyphs::{Glyph, read, write};
//! use shakmaty::Color;
//! assert_eq!(read("↑", Color::White), Some(Glyph::Nag(36)));
//! assert_eq!(read("↑", Color::Black), Some(Glyph::Nag(37)));
//! assert_eq!(read("Δ", Color::White), read("∆", Color::White));
//! assert_eq!(read("⊥", Color::Black), Some(Glyph::Comment("⊥")));
//! assert_eq!(write(37, Color::Black), Some("↑"));
//! assert_eq!(write(37, Color::White), None);
//! ```

use shakmaty::Color;

/// What a glyph stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Glyph {
    /// A PGN NAG.
    Nag(u8),
    /// No NAG: kept as a comment holding this (canonical) symbol.
    Comment(&'static str),
}

/// One symbol: its canonical form (written), the look-alikes that books and
/// fonts print for it (read), and its NAG after White's and Black's move.
struct Entry {
    glyph: &'static str,
    alike: &'static [&'static str],
    /// NAG after White's move, after Black's move; `None`: a comment.
    nag: Option<(u8, u8)>,
}

const fn fixed(glyph: &'static str, alike: &'static [&'static str], nag: u8) -> Entry {
    Entry {
        glyph,
        alike,
        nag: Some((nag, nag)),
    }
}

/// The side that moved has it: White's NAG after White's move.
const fn mover(glyph: &'static str, alike: &'static [&'static str], white: u8) -> Entry {
    Entry {
        glyph,
        alike,
        nag: Some((white, white + 1)),
    }
}

const fn comment(glyph: &'static str, alike: &'static [&'static str]) -> Entry {
    Entry {
        glyph,
        alike,
        nag: None,
    }
}

/// Tokens are compared after [`normalize`](super::text::normalize), which
/// turns U+2212 MINUS into `-`, so `+−` and `+-` are one entry.
const TABLE: &[Entry] = &[
    fixed("!", &[], 1),
    fixed("?", &[], 2),
    fixed("!!", &[], 3),
    fixed("??", &[], 4),
    fixed("!?", &[], 5),
    fixed("?!", &[], 6),
    fixed("□", &["\u{25FB}", "\u{2610}"], 7),
    fixed("=", &[], 10),
    fixed("∞", &[], 13),
    fixed("⩲", &["+=", "+/="], 14),
    fixed("⩱", &["=+", "=/+"], 15),
    fixed("±", &["+/-"], 16),
    fixed("∓", &["-/+"], 17),
    fixed("+-", &[], 18),
    fixed("-+", &[], 19),
    // Zugzwang is the opponent's after the move: White's move puts Black in it.
    Entry {
        glyph: "⨀",
        alike: &["☉", "⊙"],
        nag: Some((23, 22)),
    },
    mover("○", &["O"], 26),
    mover("↻", &["↑↑"], 32),
    mover("↑", &[], 36),
    mover("→", &[], 40),
    mover("⯹", &["=∞", "=/∞"], 44),
    mover("⇄", &["⇆"], 132),
    mover("⊕", &[], 138),
    fixed("Δ", &["∆", "▵"], 140),
    fixed("N", &[], 146),
    comment("∇", &[]),
    comment("⌓", &[]),
    comment("⊥", &[]),
    comment("⇔", &[]),
    comment("⇗", &[]),
    comment("⊞", &[]),
    comment("»", &["⟫"]),
    comment("«", &["⟪", "\""]),
    comment("X", &["✕"]),
    comment("⮺", &[]),
    comment("⮻", &[]),
    comment("⮼", &[]),
    comment("⯺", &[]),
    comment("⯻", &[]),
    comment("⯼", &[]),
    comment("⯽", &[]),
    comment(">", &[]),
];

/// The glyph a token is, after a move by `moved`.
pub fn read(token: &str, moved: Color) -> Option<Glyph> {
    // Moves and words start with a letter or digit; only `N`, `O` and `X`
    // alone are glyphs, so an ASCII word is decided without the table.
    if token.starts_with(|c: char| c.is_ascii_alphanumeric())
        && (token.is_ascii() && !matches!(token.trim_ascii(), "N" | "O" | "X")
            || !token.starts_with(['N', 'O', 'X']))
    {
        return None;
    }
    let folded = super::text::normalize(token);
    let entry = TABLE
        .iter()
        .find(|e| e.glyph == folded.as_ref() || e.alike.contains(&folded.as_ref()))?;
    Some(match entry.nag {
        Some((white, black)) => Glyph::Nag(if moved == Color::White { white } else { black }),
        None => Glyph::Comment(entry.glyph),
    })
}

/// The glyph written for a NAG after a move by `moved`, when reading it back
/// gives the same NAG.
pub fn write(nag: u8, moved: Color) -> Option<&'static str> {
    TABLE
        .iter()
        .find(|e| e.nag.is_some_and(|(w, b)| w == nag || b == nag))
        .map(|e| e.glyph)
        .filter(|g| read(g, moved) == Some(Glyph::Nag(nag)))
}

/// What a move as written carries besides the move: `e5!? ±`, `Kb1(=)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotations {
    pub nags: Vec<u8>,
    /// Symbols without a NAG.
    pub comments: Vec<String>,
    pub draw_offer: bool,
}

/// The annotations of a move written with its glyphs after it (`e5!?`,
/// `Кc6 ±`, `Kb1(=)`), after a move by `moved`: the game service keeps a
/// move as written, and its PGN shows these as NAGs.
///
/// ```
/// use ccgate_core::notation::glyphs::annotations;
/// use shakmaty::Color;
/// let a = annotations("Кc6!? ↑(=)", Color::Black);
/// assert_eq!((a.nags, a.draw_offer), (vec![5, 37], true));
/// ```
pub fn annotations(written: &str, moved: Color) -> Annotations {
    let (written, draw_offer) = super::split_draw_offer(written);
    let mut out = Annotations {
        draw_offer,
        ..Annotations::default()
    };
    let mut words = written.split_whitespace();
    if let Some(first) = words.next() {
        let mark = ["!!", "??", "!?", "?!", "!", "?"]
            .into_iter()
            .find(|m| first.len() > m.len() && first.ends_with(m));
        if let Some(Glyph::Nag(n)) = mark.and_then(|m| read(m, moved)) {
            out.nags.push(n);
        }
    }
    for word in words {
        match read(word, moved) {
            Some(Glyph::Nag(n)) => out.nags.push(n),
            Some(Glyph::Comment(c)) => out.comments.push(c.to_string()),
            None => {}
        }
    }
    out
}

/// Whether a NAG is a move mark (`!` … `?!`), written glued to the move.
pub fn is_move_mark(nag: u8) -> bool {
    (1..=6).contains(&nag)
}

/// Whether a text is a symbol of the table that has no NAG: a comment that
/// stands for a glyph, written back after the move without braces.
pub fn is_comment_glyph(text: &str) -> bool {
    TABLE.iter().any(|e| e.nag.is_none() && e.glyph == text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_nag_symbol_reads_back_after_the_move_it_belongs_to() {
        for e in TABLE {
            for moved in [Color::White, Color::Black] {
                match read(e.glyph, moved) {
                    Some(Glyph::Nag(n)) => assert_eq!(write(n, moved), Some(e.glyph)),
                    Some(Glyph::Comment(c)) => assert_eq!(c, e.glyph),
                    None => panic!("{} not read", e.glyph),
                }
                for a in e.alike {
                    assert_eq!(read(a, moved), read(e.glyph, moved), "{a}");
                }
            }
        }
    }

    #[test]
    fn side_of_the_mover() {
        assert_eq!(read("→", Color::Black), Some(Glyph::Nag(41)));
        assert_eq!(read("⇄", Color::Black), Some(Glyph::Nag(133)));
        assert_eq!(read("⇆", Color::White), Some(Glyph::Nag(132)));
        assert_eq!(read("⊕", Color::Black), Some(Glyph::Nag(139)));
        assert_eq!(read("±", Color::Black), Some(Glyph::Nag(16)));
        assert_eq!(read("+−", Color::White), Some(Glyph::Nag(18)));
        assert_eq!(read("e4", Color::White), None);
    }
}
