//! Piece letters of the 33 languages (`../shared/reference/notation.md` §6).
//!
//! Letters are stored as written; reading compares them after
//! [`text::fold`](super::text) so that look-alike Cyrillic and Latin capitals
//! (Ukrainian `С`, `К`, `Т` are often typed as Latin) are the same letter.
//!
//! ```
//! use ccgate_core::notation::Lang;
//! use shakmaty::Role;
//! assert_eq!(Lang::De.letter(Role::Knight), "S");
//! assert_eq!(Lang::Ru.letter(Role::King), "Кр");
//! assert_eq!("uk".parse::<Lang>().unwrap(), Lang::Uk);
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use shakmaty::Role;

use super::text::fold_str;

macro_rules! languages {
    ($( $variant:ident $code:literal $name:literal [$k:literal $q:literal $r:literal $b:literal $n:literal $p:literal] ),* $(,)?) => {
        /// A language of piece letters.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Lang { $( $variant ),* }

        impl Lang {
            /// Every supported language.
            pub const ALL: &'static [Lang] = &[ $( Lang::$variant ),* ];

            /// The language's place in [`Lang::ALL`] (both follow the
            /// declaration order): an index for tables kept per language.
            pub const fn index(self) -> usize {
                self as usize
            }

            /// ISO 639-1 code.
            pub fn code(self) -> &'static str {
                match self { $( Lang::$variant => $code ),* }
            }

            /// The language's English name.
            pub fn name(self) -> &'static str {
                match self { $( Lang::$variant => $name ),* }
            }

            /// Letters for king, queen, rook, bishop, knight and pawn, in that order.
            pub(crate) fn letters(self) -> [&'static str; 6] {
                match self { $( Lang::$variant => [$k, $q, $r, $b, $n, $p] ),* }
            }
        }
    };
}

// Sources per row in notation.md §6 and seed 001's table. Where sources offer
// two letters for one piece the first is written; `ALTERNATES` lists what is
// also read. Pawn letters are read, never written; where seed 001 and PGN §17
// disagree the table has the article's letter and `ALTERNATES` PGN's
// (docs/decisions.md). Arabic has no pawn letter in the article.
languages! {
    En "en" "English" ["K" "Q" "R" "B" "N" "P"],
    De "de" "German" ["K" "D" "T" "L" "S" "B"],
    Fr "fr" "French" ["R" "D" "T" "F" "C" "P"],
    Es "es" "Spanish" ["R" "D" "T" "A" "C" "P"],
    It "it" "Italian" ["R" "D" "T" "A" "C" "P"],
    Pt "pt" "Portuguese" ["R" "D" "T" "B" "C" "P"],
    Nl "nl" "Dutch" ["K" "D" "T" "L" "P" "O"],
    Ru "ru" "Russian" ["Кр" "Ф" "Л" "С" "К" "П"],
    Uk "uk" "Ukrainian" ["Кр" "Ф" "Т" "С" "К" "П"],
    Pl "pl" "Polish" ["K" "H" "W" "G" "S" "P"],
    Cs "cs" "Czech" ["K" "D" "V" "S" "J" "P"],
    Sk "sk" "Slovak" ["K" "D" "V" "S" "J" "P"],
    Sv "sv" "Swedish" ["K" "D" "T" "L" "S" "B"],
    Da "da" "Danish" ["K" "D" "T" "L" "S" "B"],
    No "no" "Norwegian" ["K" "D" "T" "L" "S" "B"],
    Fi "fi" "Finnish" ["K" "D" "T" "L" "R" "S"],
    Hu "hu" "Hungarian" ["K" "V" "B" "F" "H" "P"],
    Ro "ro" "Romanian" ["R" "D" "T" "N" "C" "P"],
    Tr "tr" "Turkish" ["Ş" "V" "K" "F" "A" "P"],
    Mk "mk" "Macedonian" ["K" "D" "T" "L" "S" "P"],
    El "el" "Greek" ["Ρ" "Β" "Π" "Α" "Ι" "Π"],
    Is "is" "Icelandic" ["K" "D" "H" "B" "R" "P"],
    Et "et" "Estonian" ["K" "L" "V" "O" "R" "E"],
    Lt "lt" "Lithuanian" ["K" "V" "B" "R" "Ž" "P"],
    Eo "eo" "Esperanto" ["R" "D" "T" "K" "Ĉ" "P"],
    Ca "ca" "Catalan" ["R" "D" "T" "A" "C" "P"],
    Id "id" "Indonesian" ["R" "M" "B" "G" "K" "P"],
    Ga "ga" "Irish" ["R" "B" "C" "E" "D" "F"],
    Cy "cy" "Welsh" ["T" "B" "C" "E" "M" "G"],
    Lb "lb" "Luxembourgish" ["K" "D" "T" "L" "P" "B"],
    Scn "scn" "Sicilian" ["R" "D" "T" "A" "S" "P"],
    Sl "sl" "Slovenian" ["K" "D" "T" "L" "S" "M"],
    Ar "ar" "Arabic" ["م" "ف" "ر" "فل" "حص" ""],
}

/// Extra letters read (never written) for a language: English `Kt` is the
/// old knight letter; the pawn letters of PGN §17 where seed 001 gives another.
const ALTERNATES: &[(Lang, Role, &str)] = &[
    (Lang::En, Role::Knight, "Kt"),
    (Lang::Hu, Role::Pawn, "G"),
    (Lang::Fi, Role::Pawn, "P"),
    (Lang::Et, Role::Pawn, "P"),
];

impl Lang {
    /// The language's name in the language itself (`Deutsch`, `magyar`), for
    /// telling a player in English that their language has no replies yet.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Fr => "français",
            Lang::Es => "español",
            Lang::It => "italiano",
            Lang::Pt => "português",
            Lang::Nl => "Nederlands",
            Lang::Ru => "русский",
            Lang::Uk => "українська",
            Lang::Pl => "polski",
            Lang::Cs => "čeština",
            Lang::Sk => "slovenčina",
            Lang::Sv => "svenska",
            Lang::Da => "dansk",
            Lang::No => "norsk",
            Lang::Fi => "suomi",
            Lang::Hu => "magyar",
            Lang::Ro => "română",
            Lang::Tr => "Türkçe",
            Lang::Mk => "македонски",
            Lang::El => "Ελληνικά",
            Lang::Is => "íslenska",
            Lang::Et => "eesti",
            Lang::Lt => "lietuvių",
            Lang::Eo => "Esperanto",
            Lang::Ca => "català",
            Lang::Id => "Bahasa Indonesia",
            Lang::Ga => "Gaeilge",
            Lang::Cy => "Cymraeg",
            Lang::Lb => "Lëtzebuergesch",
            Lang::Scn => "sicilianu",
            Lang::Sl => "slovenščina",
            Lang::Ar => "العربية",
        }
    }

    /// The letter written for a piece.
    pub fn letter(self, role: Role) -> &'static str {
        self.letters()[role_index(role)]
    }

    /// Every (letter, role) this language reads, longest letters first so that
    /// `Кр` is tried before `К` and `Kt` before `K`. The pawn letter is
    /// included; Greek uses `Π` for both rook and pawn, so its pawn letter is
    /// left out to keep `Π` a rook.
    fn readable(self) -> Vec<(&'static str, Role)> {
        let letters = self.letters();
        let mut all: Vec<(&'static str, Role)> = ROLES
            .iter()
            .map(|&r| (letters[role_index(r)], r))
            .filter(|&(l, r)| !(l.is_empty() || r == Role::Pawn && letters[..5].contains(&l)))
            .collect();
        all.extend(
            ALTERNATES
                .iter()
                .filter(|a| a.0 == self)
                .map(|a| (a.2, a.1)),
        );
        all.sort_by_key(|(l, _)| std::cmp::Reverse(l.chars().count()));
        all
    }
}

/// The piece another language writes with a capital that `lang` does not
/// read as a piece letter: English first (the letters players meet most),
/// then the languages in their order. The pawn is left out: its move is
/// written without a letter. `None` when `lang` reads the letter, or no
/// language does.
///
/// ```
/// use ccgate_core::notation::lang::foreign_piece;
/// use ccgate_core::notation::Lang;
/// use shakmaty::Role;
/// assert_eq!(foreign_piece(Lang::De, 'N'), Some(Role::Knight));
/// assert_eq!(foreign_piece(Lang::En, 'S'), Some(Role::Knight));
/// assert_eq!(foreign_piece(Lang::De, 'S'), None);
/// ```
pub fn foreign_piece(lang: Lang, c: char) -> Option<Role> {
    let folded = fold_str(&c.to_string());
    // A letter that begins one of `lang`'s (`К` of `Кр`) is its own.
    let own = folded_letters(lang)
        .iter()
        .any(|(letter, _)| letter.starts_with(folded.as_str()));
    if !c.is_uppercase() || own {
        return None;
    }
    std::iter::once(Lang::En)
        .chain(Lang::ALL.iter().copied())
        .find_map(|l| {
            folded_letters(l)
                .iter()
                .find(|(letter, role)| *letter == folded && *role != Role::Pawn)
                .map(|(_, role)| *role)
        })
}

/// The readable letters of a language, folded (see [`super::text`]) and
/// computed once.
pub(crate) fn folded_letters(lang: Lang) -> &'static [(String, Role)] {
    &letter_tables()[lang as usize].0
}

/// Per language: the folded letters, and for each ASCII capital that is a
/// whole one-letter piece letter with no longer letter starting with it, its
/// piece, so that the common case is one table lookup.
type LetterTable = (Vec<(String, Role)>, [Option<Role>; 128]);

fn letter_tables() -> &'static [LetterTable] {
    static TABLE: OnceLock<Vec<LetterTable>> = OnceLock::new();
    TABLE.get_or_init(|| {
        Lang::ALL
            .iter()
            .map(|l| {
                let letters: Vec<(String, Role)> = l
                    .readable()
                    .into_iter()
                    .map(|(s, r)| (fold_str(s), r))
                    .collect();
                let mut ascii = [None; 128];
                for (letter, role) in &letters {
                    let mut chars = letter.chars();
                    if let (Some(c), None) = (chars.next(), chars.next())
                        && c.is_ascii()
                        && !letters.iter().any(|(l, _)| l.len() > 1 && l.starts_with(c))
                    {
                        ascii[c as usize] = Some(*role);
                    }
                }
                (letters, ascii)
            })
            .collect()
    })
}

/// The piece of a one-letter ASCII piece letter, when that is all it can be.
pub(crate) fn ascii_letter(lang: Lang, c: char) -> Option<Role> {
    letter_tables()[lang as usize]
        .1
        .get(c as usize)
        .copied()
        .flatten()
}

/// Roles in the order of the letter tables.
pub(crate) const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// A role's place in [`ROLES`]: king first, as Unicode orders the chess
/// symbols and the article's table its letters.
pub(crate) fn role_index(role: Role) -> usize {
    match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code ccgate does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?}; known: {codes}", codes = Lang::ALL.iter().map(|l| l.code()).collect::<Vec<_>>().join(" "))]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        let lower = if lower == "nb" || lower == "nn" {
            "no".to_string()
        } else {
            lower
        };
        Lang::ALL
            .iter()
            .copied()
            .find(|l| l.code() == lower)
            .ok_or_else(|| UnknownLang(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_language_sits_at_its_index() {
        for (i, &lang) in Lang::ALL.iter().enumerate() {
            assert_eq!(lang.index(), i, "{lang:?}");
        }
    }

    use super::*;

    #[test]
    fn every_language_of_the_article() {
        assert_eq!(Lang::ALL.len(), 33);
    }

    #[test]
    fn pawn_letters_of_the_article_and_of_pgn() {
        let pawn = |lang: Lang, letter: &str| {
            folded_letters(lang)
                .iter()
                .any(|(l, r)| l == letter && *r == Role::Pawn)
        };
        assert!(pawn(Lang::Hu, "P") && pawn(Lang::Hu, "G"));
        assert!(pawn(Lang::Fi, "S") && pawn(Lang::Fi, "P"));
        assert!(pawn(Lang::Et, "E") && pawn(Lang::Et, "P"));
        assert!(pawn(Lang::Sl, "M") && pawn(Lang::Cy, "G") && pawn(Lang::Ga, "F"));
    }

    #[test]
    fn letters_are_distinct_within_each_language() {
        for &lang in Lang::ALL {
            let readable = folded_letters(lang);
            for (i, a) in readable.iter().enumerate() {
                for b in &readable[i + 1..] {
                    assert_ne!(a.0, b.0, "{lang}: {} read as {:?} and {:?}", a.0, a.1, b.1);
                }
            }
        }
    }
}
