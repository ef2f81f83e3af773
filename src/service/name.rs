//! The names people and events go by: one rule for players, directors and
//! events. A name is what mail subjects, pages, crosstables and the desk
//! print, so it is whole text on one line: not empty once trimmed, no
//! control characters, at most [`MAX_CHARS`] characters. Two names are the
//! same name when they are equal under Unicode case folding (`Anna`,
//! `ANNA`, `anna`; `Strauß`, `STRAUSS`), so a name is taken whatever its
//! case and found whatever case it is typed in.

use std::fmt;
use std::str::FromStr;

use unicase::UniCase;

/// The longest name, in characters: a crosstable column, a subject line.
pub const MAX_CHARS: usize = 64;

/// A name that passed the rule, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name(String);

/// Why a text is not a name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a name cannot be empty or only spaces")]
    Empty,
    #[error("a name is one line of text: character {position} is a control character ({code})")]
    Control { position: usize, code: String },
    #[error("a name is at most {MAX_CHARS} characters; this one has {chars}")]
    TooLong { chars: usize },
}

impl Name {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl FromStr for Name {
    type Err = NameError;

    fn from_str(text: &str) -> Result<Name, NameError> {
        let name = text.trim();
        if name.is_empty() {
            return Err(NameError::Empty);
        }
        if let Some((i, c)) = name.chars().enumerate().find(|(_, c)| c.is_control()) {
            return Err(NameError::Control {
                position: i + 1,
                code: format!("U+{:04X}", u32::from(c)),
            });
        }
        let chars = name.chars().count();
        if chars > MAX_CHARS {
            return Err(NameError::TooLong { chars });
        }
        Ok(Name(name.to_string()))
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether two names are the same name: equal under Unicode case folding.
pub fn same(a: &str, b: &str) -> bool {
    UniCase::unicode(a) == UniCase::unicode(b)
}

/// The first of `names` that is the same name as `name`.
pub fn taken<'a>(name: &Name, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    names.into_iter().find(|n| same(n, name.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_text_on_one_line_of_bounded_length() {
        assert_eq!(
            "  Anna Petrova ".parse::<Name>().map(|n| n.0),
            Ok("Anna Petrova".into())
        );
        assert_eq!("".parse::<Name>(), Err(NameError::Empty));
        assert_eq!("   ".parse::<Name>(), Err(NameError::Empty));
        assert!(matches!(
            "Eve\r\nBcc: x@example.org".parse::<Name>(),
            Err(NameError::Control { position: 4, .. })
        ));
        assert!(matches!(
            "a\u{7f}".parse::<Name>(),
            Err(NameError::Control { .. })
        ));
        assert!("é".repeat(MAX_CHARS).parse::<Name>().is_ok());
        assert_eq!(
            "x".repeat(100_000).parse::<Name>(),
            Err(NameError::TooLong { chars: 100_000 })
        );
    }

    #[test]
    fn names_are_the_same_under_case_folding() {
        assert!(same("Anna", "ANNA"));
        assert!(same("Strauß", "STRAUSS"));
        assert!(same("Ωμέγα", "ΩΜΈΓΑ"));
        assert!(!same("Anna", "Anne"));
        let anna: Name = "anna".parse().expect("name");
        assert_eq!(taken(&anna, ["Boris", "Anna"]), Some("Anna"));
    }
}
