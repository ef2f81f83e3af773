//! The GSM 7-bit default alphabet (3GPP TS 23.038 §6.2.1) with its
//! extension table (§6.2.1.1, reached through the escape septet 0x1B), and
//! the packing of septets into octets (TS 23.040 §9.2.3.16), including the
//! fill bits that align the text on a septet boundary after a user data
//! header.
//!
//! The characters are those of [`crate::protocol::sms`], which fits replies
//! into one message: one table for both, so what the reply fitter counts as
//! GSM is what this module encodes. The code of a basic character is its
//! position in that table (which leaves out the escape, 0x1B); the codes of
//! the extension characters are in [`EXTENSION_CODES`].
//!
//! Decoding never fails: an escape followed by a code that the extension
//! table does not define shows the basic character of that code, as
//! §6.2.1.1 asks; an escape followed by a second escape (reserved for a
//! further table) and an escape at the very end show a space.
//!
//! ```
//! use ccgate::transport::sms::gsm7;
//! let septets = gsm7::encode("e4 €").unwrap();
//! assert_eq!(septets, [0x65, 0x34, 0x20, 0x1B, 0x65]);
//! let (octets, udl) = gsm7::pack(&septets, &[]);
//! assert_eq!(udl, 5);
//! assert_eq!(gsm7::unpack(&octets, 0, udl).map(|s| gsm7::decode(&s)).as_deref(), Some("e4 €"));
//! assert_eq!(gsm7::encode("Кf3"), None);
//! ```

use std::sync::LazyLock;

use crate::protocol::sms::{BASIC, EXTENSION};

/// The escape to the extension table.
pub const ESC: u8 = 0x1B;

/// The codes of the characters of [`EXTENSION`], in its order:
/// `^ { } \ [ ~ ] | €` and form feed.
pub const EXTENSION_CODES: [u8; 10] = [0x14, 0x28, 0x29, 0x2F, 0x3C, 0x3D, 0x3E, 0x40, 0x65, 0x0A];

/// Code → character of the basic table (the escape's slot holds the escape
/// itself, which [`decode`] never shows and [`encode`] never takes).
static BASIC_BY_CODE: LazyLock<[char; 128]> = LazyLock::new(|| {
    let mut table = ['\u{1B}'; 128];
    let codes = (0u8..128).filter(|&code| code != ESC);
    for (code, c) in codes.zip(BASIC.chars()) {
        if let Some(slot) = table.get_mut(usize::from(code)) {
            *slot = c;
        }
    }
    table
});

/// A character's code in the basic table.
fn basic_code(c: char) -> Option<u8> {
    let code = BASIC_BY_CODE.iter().position(|&b| b == c)?;
    u8::try_from(code).ok().filter(|&code| code != ESC)
}

/// A character's code in the extension table.
fn extension_code(c: char) -> Option<u8> {
    EXTENSION
        .chars()
        .zip(EXTENSION_CODES)
        .find_map(|(e, code)| (e == c).then_some(code))
}

/// The character of an extension code, if the table defines it.
fn extension_char(code: u8) -> Option<char> {
    EXTENSION
        .chars()
        .zip(EXTENSION_CODES)
        .find_map(|(e, ec)| (ec == code).then_some(e))
}

/// The septets of one character: one for the basic table, two (escape and
/// code) for the extension table, `None` outside both.
pub fn encode_char(c: char) -> Option<([u8; 2], usize)> {
    if let Some(code) = basic_code(c) {
        Some(([code, 0], 1))
    } else {
        extension_code(c).map(|code| ([ESC, code], 2))
    }
}

/// The unpacked septets of a text (escape pairs for extension characters),
/// or `None` when a character is in neither table.
pub fn encode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        let (septets, n) = encode_char(c)?;
        out.extend(septets.iter().take(n));
    }
    Some(out)
}

/// The text of unpacked septets (only the low 7 bits of each byte count).
pub fn decode(septets: &[u8]) -> String {
    let mut out = String::with_capacity(septets.len());
    let mut it = septets.iter().map(|s| s & 0x7F);
    while let Some(s) = it.next() {
        if s != ESC {
            out.push(basic_char(s));
            continue;
        }
        match it.next() {
            None | Some(ESC) => out.push(' '),
            Some(code) => out.push(extension_char(code).unwrap_or_else(|| basic_char(code))),
        }
    }
    out
}

fn basic_char(code: u8) -> char {
    BASIC_BY_CODE
        .get(usize::from(code & 0x7F))
        .copied()
        .filter(|&c| c != '\u{1B}')
        .unwrap_or(' ')
}

/// How many septets a user data header of `udh_octets` octets (its length
/// octet included) takes, fill bits included (TS 23.040 §9.2.3.24).
pub fn header_septets(udh_octets: usize) -> usize {
    (udh_octets * 8).div_ceil(7)
}

/// Packs septets behind a user data header (`udh`: the whole header with
/// its length octet, or empty for none): the header's octets, then zero fill
/// bits up to the next septet boundary, then the septets, least significant
/// bit first. Returns the user data and its TP-UDL in septets (header and
/// fill included).
pub fn pack(septets: &[u8], udh: &[u8]) -> (Vec<u8>, usize) {
    let start = header_septets(udh.len());
    let udl = start + septets.len();
    let mut out = vec![0u8; (udl * 7).div_ceil(8)];
    for (slot, &b) in out.iter_mut().zip(udh) {
        *slot = b;
    }
    for (i, &s) in septets.iter().enumerate() {
        let bit = (start + i) * 7;
        let (byte, shift) = (bit / 8, bit % 8);
        let s = s & 0x7F;
        if let Some(o) = out.get_mut(byte) {
            *o |= s << shift;
        }
        if shift > 1
            && let Some(o) = out.get_mut(byte + 1)
        {
            *o |= s >> (8 - shift);
        }
    }
    (out, udl)
}

/// The septets `skip..udl` of packed user data (`skip` = the header's
/// septets), or `None` when the data holds fewer than `udl` septets.
pub fn unpack(ud: &[u8], skip: usize, udl: usize) -> Option<Vec<u8>> {
    if ud.len() * 8 < udl * 7 {
        return None;
    }
    let mut out = Vec::with_capacity(udl.saturating_sub(skip));
    for i in skip..udl {
        let bit = i * 7;
        let (byte, shift) = (bit / 8, bit % 8);
        let lo = ud.get(byte)? >> shift;
        let hi = if shift > 1 {
            ud.get(byte + 1)? << (8 - shift)
        } else {
            0
        };
        out.push((lo | hi) & 0x7F);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_the_codes_of_ts_23_038() {
        assert_eq!(
            BASIC.chars().count(),
            127,
            "the basic table without the escape"
        );
        assert_eq!(EXTENSION.chars().count(), EXTENSION_CODES.len());
        let known = [
            ('@', 0x00),
            ('£', 0x01),
            ('\n', 0x0A),
            ('\r', 0x0D),
            ('Δ', 0x10),
            ('Ξ', 0x1A),
            ('Æ', 0x1C),
            ('É', 0x1F),
            (' ', 0x20),
            ('¤', 0x24),
            ('0', 0x30),
            ('¡', 0x40),
            ('A', 0x41),
            ('Ü', 0x5E),
            ('§', 0x5F),
            ('¿', 0x60),
            ('a', 0x61),
            ('à', 0x7F),
        ];
        for (c, code) in known {
            assert_eq!(basic_code(c), Some(code), "{c:?}");
            assert_eq!(basic_char(code), c);
        }
        for (c, code) in [
            ('€', 0x65),
            ('[', 0x3C),
            ('\u{C}', 0x0A),
            ('^', 0x14),
            ('|', 0x40),
        ] {
            assert_eq!(encode_char(c), Some(([ESC, code], 2)), "{c:?}");
        }
        // Every code decodes to a character that encodes back to it.
        for code in (0u8..128).filter(|&c| c != ESC) {
            assert_eq!(encode(&decode(&[code])), Some(vec![code]));
        }
        for &code in &EXTENSION_CODES {
            assert_eq!(encode(&decode(&[ESC, code])), Some(vec![ESC, code]));
        }
    }

    #[test]
    fn escapes_without_a_defined_character() {
        // Unknown extension code: the basic character of that code.
        assert_eq!(decode(&[ESC, 0x41]), "A");
        // Escape escape, and a trailing escape: a space.
        assert_eq!(decode(&[ESC, ESC, 0x41]), " A");
        assert_eq!(decode(&[0x41, ESC]), "A ");
        assert_eq!(encode("\u{1B}"), None);
        assert_eq!(encode("ç"), None);
    }

    #[test]
    fn packing_matches_ts_23_038_examples() {
        // "hellohello" is the classic example: E8329BFD4697D9EC37.
        let (octets, udl) = pack(&encode("hellohello").unwrap(), &[]);
        assert_eq!(udl, 10);
        assert_eq!(
            octets,
            [0xE8, 0x32, 0x9B, 0xFD, 0x46, 0x97, 0xD9, 0xEC, 0x37]
        );
        assert_eq!(
            unpack(&octets, 0, 10).unwrap(),
            encode("hellohello").unwrap()
        );
        assert_eq!(unpack(&octets, 0, 11), None, "11 septets need 77 bits");
    }

    #[test]
    fn fill_bits_after_a_header() {
        let udh = [0x05, 0x00, 0x03, 0x2A, 0x02, 0x01];
        let septets = encode("Hi").unwrap();
        let (ud, udl) = pack(&septets, &udh);
        assert_eq!(header_septets(6), 7);
        assert_eq!(udl, 9);
        assert_eq!(&ud[..6], &udh);
        // One fill bit (bit 48), then 'H' from bit 49: 0x48 << 1 = 0x90.
        assert_eq!(ud[6], 0x90);
        assert_eq!(unpack(&ud, 7, udl).unwrap(), septets);
        // A 16-bit reference header (7 octets) needs no fill bits.
        assert_eq!(header_septets(7), 8);
        for len in 0..20 {
            let septets: Vec<u8> = (0..len).map(|i| (i * 37 % 128) as u8).collect();
            for udh_len in [0usize, 6, 7, 12] {
                let udh = vec![0xFF; udh_len];
                let (ud, udl) = pack(&septets, &udh);
                let skip = header_septets(udh_len);
                assert_eq!(&ud[..udh_len], &udh[..]);
                assert_eq!(unpack(&ud, skip, udl).unwrap(), septets);
            }
        }
    }
}
