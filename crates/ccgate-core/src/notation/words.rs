//! Check and mate written as words after a move, in every language of the
//! piece-letter table (seed 001's columns "Шах" and "Мат", seed 003 for
//! Macedonian; the list with its sources is in `protocols/notation.md`).
//!
//! Words are compared case-insensitively after [`fold`](super::text::fold),
//! so Cyrillic `мат` typed with Latin look-alikes is the same word. A phrase
//! of several words (`Échec et mat`, `Skák og mát`) is read word by word:
//! each word is a check or mate word or, between two of them, a
//! [`CONNECTORS`] word.
//!
//! ```
//! use ccgate_core::notation::words::{mark_word, is_connector};
//! use ccgate_core::notation::CheckMark;
//! assert_eq!(mark_word("мат"), Some(CheckMark::Mate));
//! assert_eq!(mark_word("Schachmatt"), Some(CheckMark::Mate));
//! assert_eq!(mark_word("Šach"), Some(CheckMark::Check));
//! assert_eq!(mark_word("e.p."), None);
//! assert!(is_connector("og"));
//! ```

use super::desc::CheckMark;
use super::text::fold;

/// Mate words: English, descriptive and every language of seed 001's table.
const MATE: &[&str] = &[
    "mate",
    "checkmate",
    "mat",         // cs, nl, pl, ro, tr; ru, uk, mk мат (folded)
    "мат",         // ru, uk, mk
    "skakmat",     // da
    "schachmatt",  // de, lb
    "matt",        // hu; sv "Schack matt", it "matto" below
    "matto",       // it "Scacco matto"
    "mát",         // is "Skák og mát"
    "marbhsháinn", // ga
    "mattus",      // la
    "matas",       // lt
    "sjakkmatt",   // no
    "šakkimatti",  // fi
    "matti",       // fi
    "mάτ",         // el "Mάτ" (Latin M as printed)
    "μάτ",         // el
    "ματ",         // el
    "מט",          // he
    "將死",        // zh
    "siachmat",    // cy
];

/// Check words.
const CHECK: &[&str] = &[
    "check", "šach",    // cs, lt, sk
    "skak",    // da, id
    "schaak",  // nl
    "ŝak",     // eo
    "šahh",    // et
    "šakki",   // fi
    "échec",   // fr
    "echec",   // fr, without the accent
    "schach",  // de, lb
    "sakk",    // hu
    "skák",    // is
    "sáinn",   // ga
    "王手",    // ja
    "scacco",  // it
    "scaccus", // la
    "sjakk",   // no
    "szach",   // pl
    "xeque",   // pt
    "şah",     // ro, tr
    "шах",     // ru, uk, mk
    "šah",     // sl, hr
    "jaque",   // es
    "schack",  // sv
    "siach",   // cy
    "escac",   // ca
    "xec",     // ca
    "將軍",    // zh
    "שח",      // he
];

/// Words inside a phrase: `Échec et mat`, `Skák og mát`, `Escac i mat`.
const CONNECTORS: &[&str] = &["et", "og", "i"];

/// Lower case first: `fold` maps only capital `М` to Latin.
fn folded(s: &str) -> String {
    s.chars()
        .flat_map(char::to_lowercase)
        .filter_map(fold)
        .flat_map(char::to_lowercase)
        .collect()
}

/// The folded lists, computed once: the movetext reader asks about every
/// token that is not plainly a move (`P-K4`, `PxP`).
fn lists() -> &'static [(String, CheckMark)] {
    static LISTS: std::sync::OnceLock<Vec<(String, CheckMark)>> = std::sync::OnceLock::new();
    LISTS.get_or_init(|| {
        let mate = MATE.iter().map(|w| (folded(w), CheckMark::Mate));
        mate.chain(CHECK.iter().map(|w| (folded(w), CheckMark::Check)))
            .collect()
    })
}

/// The check or mate a word stands for.
pub fn mark_word(word: &str) -> Option<CheckMark> {
    // No word of the lists has a digit or a sign: moves and numbers are skipped at once.
    if word.bytes().any(|b| b.is_ascii_digit() || b == b'-')
        || word.starts_with(|c: char| c.is_ascii_punctuation())
    {
        return None;
    }
    // The Soviet mate sign apart; compared unfolded, as `X` is a glyph (weak point).
    if word == "×" {
        return Some(CheckMark::Mate);
    }
    let word = folded(word);
    lists()
        .iter()
        .find(|(w, _)| *w == word)
        .map(|&(_, mark)| mark)
}

/// Whether a word joins the words of a check or mate phrase.
pub fn is_connector(word: &str) -> bool {
    CONNECTORS.iter().any(|w| word.eq_ignore_ascii_case(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_of_the_table() {
        for w in [
            "Mat",
            "Skakmat",
            "Checkmate",
            "mat",
            "Schachmatt",
            "Matt",
            "Marbhsháinn",
            "Mattus",
            "Matas",
            "Sjakkmatt",
            "Мат",
            "Siachmat",
            "matti",
            "Mάτ",
            "мaт",
        ] {
            assert_eq!(mark_word(w), Some(CheckMark::Mate), "{w}");
        }
        for w in [
            "Šach", "Schaak", "Échec", "Sakk", "Szach", "Xeque", "Шах", "Jaque",
        ] {
            assert_eq!(mark_word(w), Some(CheckMark::Check), "{w}");
        }
        assert_eq!(mark_word("Nf3"), None);
    }
}
