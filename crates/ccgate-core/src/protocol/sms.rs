//! Fitting a reply into one SMS or radio frame: 160 characters of the GSM
//! 7-bit default alphabet (3GPP TS 23.038; the extension characters count
//! twice), or 70 UTF-16 units when any character is outside it.
//!
//! ```
//! use ccgate_core::protocol::sms::{fit, units, Encoding};
//! assert_eq!(units("e4 €"), (Encoding::Gsm7, 5));
//! assert_eq!(units("Кf3"), (Encoding::Ucs2, 3));
//! assert!(fit(&"x".repeat(200)).chars().count() <= 160);
//! ```

/// The GSM 7-bit default alphabet (one septet each).
pub const BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/// The extension table (an escape plus one septet each).
pub const EXTENSION: &str = "^{}\\[~]|€\u{000C}";

/// How a text would be sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Gsm7,
    Ucs2,
}

/// The encoding a text needs and its length in that encoding's units.
pub fn units(text: &str) -> (Encoding, usize) {
    let mut septets = 0;
    for c in text.chars() {
        if BASIC.contains(c) {
            septets += 1;
        } else if EXTENSION.contains(c) {
            septets += 2;
        } else {
            return (Encoding::Ucs2, text.encode_utf16().count());
        }
    }
    (Encoding::Gsm7, septets)
}

/// The limit of one message in an encoding.
pub fn limit(encoding: Encoding) -> usize {
    match encoding {
        Encoding::Gsm7 => 160,
        Encoding::Ucs2 => 70,
    }
}

/// Whether a text fits one message.
pub fn fits(text: &str) -> bool {
    let (encoding, n) = units(text);
    n <= limit(encoding)
}

/// The text cut to one message, ending with `…` (or `...` in GSM) when cut.
/// Replies are written to fit; cutting is the last resort for long records.
pub fn fit(text: &str) -> String {
    let (encoding, n) = units(text);
    let max = limit(encoding);
    if n <= max {
        return text.to_string();
    }
    let ellipsis = if encoding == Encoding::Gsm7 {
        "..."
    } else {
        "…"
    };
    let mut out = String::new();
    for c in text.chars() {
        let mut probe = out.clone();
        probe.push(c);
        probe.push_str(ellipsis);
        if units(&probe).1 > max || units(&probe).0 != encoding {
            break;
        }
        out.push(c);
    }
    out.push_str(ellipsis);
    out
}
