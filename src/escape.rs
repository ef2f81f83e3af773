//! Text from outside (a sender's address, a subject, a display name, a raw
//! message) shown where a terminal or a mail header will interpret it.
//! Control characters (C0, DEL, C1: ESC and OSC sequences among them) are
//! written as `\u{1b}`-style escapes, so nothing a sender wrote can move the
//! cursor, retitle a window, hide a line or start a header of its own.

use std::borrow::Cow;

/// `text` with every control character escaped; line breaks too when
/// `lines` is false (a field shown on one line).
pub fn shown(text: &str, lines: bool) -> Cow<'_, str> {
    let escaped = |c: char| c.is_control() && !(lines && c == '\n');
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_the_rest_kept() {
        assert!(matches!(
            shown("Anna Müller 1. e4", false),
            Cow::Borrowed(_)
        ));
        assert_eq!(
            shown("a\u{1b}]0;pwned\u{7}b\u{9b}2J", false),
            "a\\u{1b}]0;pwned\\u{7}b\\u{9b}2J"
        );
        assert_eq!(shown("one\ntwo\r", false), "one\\u{a}two\\u{d}");
        assert_eq!(shown("one\ntwo\r", true), "one\ntwo\\u{d}");
    }
}
