//! Input normalisation shared by the readers.
//!
//! People write moves with typographic dashes, invisible characters from
//! word processors and phones, and Cyrillic or Greek letters that look like
//! Latin ones. Before any parser sees a token it is folded: look-alikes become
//! their Latin twins, dashes become `-`, invisible characters disappear. The
//! piece-letter tables are folded the same way, so `Ве5` (Cyrillic В) reads
//! as `Be5` and Ukrainian `С` as `C`.

use std::borrow::Cow;

/// Folds one character; `None` drops it.
pub(crate) fn fold(c: char) -> Option<char> {
    Some(match c {
        // Invisible: variation selectors, zero-width characters, BOM, soft hyphen.
        '\u{FE0E}'
        | '\u{FE0F}'
        | '\u{200B}'..='\u{200D}'
        | '\u{2060}'
        | '\u{FEFF}'
        | '\u{00AD}' => {
            return None;
        }
        // Dashes and minus signs.
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE63}' | '\u{FF0D}' => '-',
        // Spaces.
        '\u{00A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{3000}' => ' ',
        // Capture sign (multiplication sign) and Cyrillic/Greek chi.
        '×' | 'х' | 'Х' | 'χ' | 'Χ' => 'x',
        // Cyrillic capitals that look like Latin ones.
        'А' => 'A',
        'В' => 'B',
        'С' => 'C',
        'Е' => 'E',
        'К' => 'K',
        'М' => 'M',
        'Н' => 'H',
        'О' => 'O',
        'Р' => 'P',
        'Т' => 'T',
        'З' => '3',
        // Cyrillic small letters that look like Latin ones.
        'а' => 'a',
        'с' => 'c',
        'е' => 'e',
        'о' => 'o',
        'р' => 'p',
        'у' => 'y',
        // Greek capitals that look like Latin ones.
        'Α' => 'A',
        'Β' => 'B',
        'Ε' => 'E',
        'Ι' => 'I',
        'Κ' => 'K',
        'Μ' => 'M',
        'Ν' => 'N',
        'Ο' => 'O',
        'Ρ' => 'P',
        'Τ' => 'T',
        // Full-width forms typed by some phone keyboards.
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        _ => c,
    })
}

/// Folds a whole token, borrowing when nothing changes (every ASCII token).
pub(crate) fn normalize(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text.trim_ascii());
    }
    let trimmed = text.trim_matches(|c: char| c.is_whitespace() || fold(c).is_none());
    // Figurines and letters that need no folding are borrowed too.
    if trimmed.chars().all(|c| fold(c) == Some(c)) {
        Cow::Borrowed(trimmed)
    } else {
        Cow::Owned(trimmed.chars().filter_map(fold).collect())
    }
}

/// Folds a piece letter from the language tables.
pub(crate) fn fold_str(s: &str) -> String {
    s.chars().filter_map(fold).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_is_borrowed() {
        assert!(matches!(normalize("Nf3"), Cow::Borrowed("Nf3")));
    }

    #[test]
    fn look_alikes_and_dashes() {
        assert_eq!(normalize("Ве5"), "Be5");
        assert_eq!(normalize("e2—e4"), "e2-e4");
        assert_eq!(normalize("gxfЗ"), "gxf3");
        assert_eq!(normalize("♟\u{FE0F}"), "♟");
        assert_eq!(normalize("O\u{2011}O"), "O-O");
        assert_eq!(normalize("\u{FEFF}e4 "), "e4");
    }
}
