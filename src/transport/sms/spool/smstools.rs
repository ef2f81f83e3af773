//! smstools3: incoming files (headers, a blank line, the text in its alphabet), and the files it sends.

use super::{SpoolError, utf16be};
use crate::protocol::sms::{Encoding, units};
use crate::transport::sms::gsm7;

/// Sender, text and time of an smstools incoming file.
pub(super) fn smstools_message(
    bytes: &[u8],
) -> Result<(String, String, Option<String>), SpoolError> {
    let mut from = None;
    let mut toa = None;
    let mut received = None;
    let mut alphabet = None;
    let mut error = None;
    let mut rest = bytes;
    let mut line_no = 0;
    loop {
        let Some(end) = rest.iter().position(|&b| b == b'\n') else {
            return Err(SpoolError::NoBody);
        };
        let (raw, after) = rest.split_at(end);
        rest = after.get(1..).unwrap_or_default();
        line_no += 1;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        if raw.is_empty() {
            break;
        }
        let line = String::from_utf8_lossy(raw);
        let Some((name, value)) = line.split_once(':') else {
            return Err(SpoolError::BadHeader {
                line: line_no,
                reason: format!("no colon in {line:?}"),
            });
        };
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(SpoolError::BadHeader {
                line: line_no,
                reason: format!("not a header name: {name:?}"),
            });
        }
        let value = value.trim().to_string();
        match name.to_ascii_lowercase().as_str() {
            "from" => from = Some(value),
            "from_toa" => toa = Some(value),
            "received" => received = Some(value),
            "alphabet" => alphabet = Some(value),
            "error" => error = Some(value),
            _ => {}
        }
    }
    if let Some(error) = error {
        return Err(SpoolError::Undecodable(error));
    }
    let from = from.filter(|f| !f.is_empty()).ok_or(SpoolError::NoSender)?;
    let from = match toa.as_deref().and_then(toa_octet) {
        Some(octet) if (octet >> 4) & 0x07 == 1 && !from.starts_with('+') => format!("+{from}"),
        _ => from,
    };
    if rest.starts_with(b"SMS STATUS REPORT") {
        return Err(SpoolError::StatusReport);
    }
    let text = smstools_text(alphabet.as_deref(), rest)?;
    Ok((from, text, received.map(|r| smstools_time(&r))))
}

/// The type-of-address octet: the first word of `From_TOA`, in hex.
pub(super) fn toa_octet(value: &str) -> Option<u8> {
    let word = value.split_whitespace().next()?;
    u8::from_str_radix(word, 16).ok()
}

/// smsd's default `datetime_format` (`YY-MM-DD HH:MM:SS`) as
/// `20YY-MM-DDTHH:MM:SS`; anything else as it is.
pub(super) fn smstools_time(value: &str) -> String {
    let b = value.as_bytes();
    let shape = b.len() == 17
        && b.iter().enumerate().all(|(i, &c)| match i {
            2 | 5 => c == b'-',
            8 => c == b' ',
            11 | 14 => c == b':',
            _ => c.is_ascii_digit(),
        });
    match (shape, value.split_once(' ')) {
        (true, Some((date, time))) => format!("20{date}T{time}"),
        _ => value.to_string(),
    }
}

/// The GSM Greek capitals as smsd stores them in ISO text (`charset.c`).
pub(super) const SMSTOOLS_GREEK: [char; 10] = ['Δ', 'Φ', 'Γ', 'Λ', 'Ω', 'Π', 'Ψ', 'Σ', 'Θ', 'Ξ'];

pub(super) fn smstools_text(alphabet: Option<&str>, body: &[u8]) -> Result<String, SpoolError> {
    let key: String = alphabet
        .unwrap_or("ISO")
        .chars()
        .take(3)
        .collect::<String>()
        .to_ascii_uppercase();
    match key.as_str() {
        "ISO" | "LAT" | "ANS" => Ok(body.iter().map(|&b| latin9(b)).collect()),
        "GSM" => {
            if let Some(pos) = body.iter().position(|&b| b > 0x7F) {
                return Err(SpoolError::BadText {
                    encoding: "GSM 7-bit",
                    detail: format!("byte {pos} is above 0x7F"),
                });
            }
            Ok(gsm7::decode(body))
        }
        "UCS" | "CHI" | "UNI" => utf16be(body, "UCS2 (UTF-16BE)"),
        "UTF" => String::from_utf8(body.to_vec()).map_err(|e| SpoolError::BadText {
            encoding: "UTF-8",
            detail: e.utf8_error().to_string(),
        }),
        "BIN" => Err(SpoolError::Binary),
        _ => Err(SpoolError::Alphabet(
            alphabet.unwrap_or_default().to_string(),
        )),
    }
}

/// One byte of smsd's ISO text: ISO-8859-15, with 0x81–0x8A for Greek.
pub(super) fn latin9(b: u8) -> char {
    match b {
        0x81..=0x8A => SMSTOOLS_GREEK
            .get(usize::from(b - 0x81))
            .copied()
            .unwrap_or('?'),
        0xA4 => '€',
        0xA6 => 'Š',
        0xA8 => 'š',
        0xB4 => 'Ž',
        0xB8 => 'ž',
        0xBC => 'Œ',
        0xBD => 'œ',
        0xBE => 'Ÿ',
        b => char::from(b),
    }
}

/// An outgoing file: `To:` (with `To_TOA: Unknown` for a national number),
/// the alphabet, a blank line, the text (UTF-8 when GSM 7-bit can carry it,
/// else UCS2 big-endian).
pub(super) fn smstools_outgoing(digits: &str, international: bool, text: &str) -> Vec<u8> {
    let mut content = format!("To: {digits}\n").into_bytes();
    if !international {
        content.extend_from_slice(b"To_TOA: Unknown\n");
    }
    match units(text).0 {
        Encoding::Gsm7 => {
            content.extend_from_slice(b"Alphabet: UTF-8\n\n");
            content.extend_from_slice(text.as_bytes());
        }
        Encoding::Ucs2 => {
            content.extend_from_slice(b"Alphabet: UCS2\n\n");
            content.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
        }
    }
    content
}
