//! gammu-smsd's FILES backend: incoming file names and texts (`.txt`, `.smsbackup`), and the `.smsbackup` files it sends.

use std::io;

use super::{SpoolError, utf16be};
use crate::protocol::sms::{Encoding, limit, units};

pub(super) struct GammuName {
    pub(super) sender: String,
    pub(super) received: String,
    pub(super) ext: String,
}

/// `IN<YYYYMMDD>_<HHMMSS>_<serial>_<sender>_<part>.<ext>`; the sender may
/// itself hold `_` or `.` (alphanumeric senders), so the part and extension
/// are taken from the right.
pub(super) fn gammu_name(name: &str) -> Result<GammuName, SpoolError> {
    let bad = |reason| SpoolError::BadName {
        name: name.to_string(),
        reason,
    };
    let rest = name.strip_prefix("IN").ok_or_else(|| bad("no IN prefix"))?;
    let (stem, ext) = rest.rsplit_once('.').ok_or_else(|| bad("no extension"))?;
    if !matches!(ext, "txt" | "bin" | "smsbackup") {
        return Err(bad("extension not txt, bin or smsbackup"));
    }
    let (stem, part) = stem.rsplit_once('_').ok_or_else(|| bad("no part number"))?;
    if !is_digits(part) {
        return Err(bad("part number not digits"));
    }
    let mut fields = stem.splitn(4, '_');
    let (Some(date), Some(time), Some(serial), Some(sender)) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err(bad("fewer than five fields"));
    };
    if date.len() != 8 || !is_digits(date) {
        return Err(bad("date not YYYYMMDD"));
    }
    if time.len() != 6 || !is_digits(time) {
        return Err(bad("time not HHMMSS"));
    }
    if !is_digits(serial) {
        return Err(bad("serial not digits"));
    }
    if sender.is_empty() {
        return Err(bad("empty sender"));
    }
    let (y, md) = date.split_at(4);
    let (m, d) = md.split_at(2);
    let (hh, ms) = time.split_at(2);
    let (mi, ss) = ms.split_at(2);
    Ok(GammuName {
        sender: sender.to_string(),
        received: format!("{y}-{m}-{d}T{hh}:{mi}:{ss}"),
        ext: ext.to_string(),
    })
}

pub(super) fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The text of a gammu inbox file, whichever `InboxFormat` wrote it.
pub(super) fn gammu_text(bytes: &[u8]) -> Result<String, SpoolError> {
    match bytes {
        [0xFE, 0xFF, rest @ ..] => utf16_until_nul(rest, true),
        [0xFF, 0xFE, rest @ ..] => utf16_until_nul(rest, false),
        _ if is_backup(bytes) => backup_text(bytes),
        _ => std::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|e| SpoolError::BadText {
                encoding: "UTF-8 (InboxFormat = standard)",
                detail: e.to_string(),
            }),
    }
}

/// UTF-16 text up to its end or the first U+0000 (see the module docs on
/// gammu's length bug). Unpaired surrogates (an emoji cut between parts)
/// become U+FFFD.
pub(super) fn utf16_until_nul(bytes: &[u8], big_endian: bool) -> Result<String, SpoolError> {
    let units: Vec<u16> = bytes
        .chunks(2)
        .map(|c| match *c {
            [a, b] if big_endian => Some(u16::from_be_bytes([a, b])),
            [a, b] => Some(u16::from_le_bytes([a, b])),
            _ => None,
        })
        .take_while(|u| *u != Some(0))
        .collect::<Option<_>>()
        .ok_or_else(|| SpoolError::BadText {
            encoding: "UTF-16",
            detail: format!("odd number of bytes ({})", bytes.len()),
        })?;
    Ok(String::from_utf16_lossy(&units))
}

pub(super) fn strip_utf8_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// Whether the file is a `gammu-smsbackup(5)` file: its first line that is
/// neither blank nor a comment opens an `[SMSBackup…]` section.
pub(super) fn is_backup(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(strip_utf8_bom(bytes))
        .lines()
        .map(str::trim)
        .find(|l| !(l.is_empty() || l.starts_with(';') || l.starts_with('#')))
        .and_then(|l| l.get(..10))
        .is_some_and(|l| l.eq_ignore_ascii_case("[SMSBackup"))
}

#[derive(Default)]
pub(super) struct BackupPart {
    coding: String,
    pdu: String,
    text: Vec<(u32, String)>,
}

/// The joined text of a `gammu-smsbackup(5)` file: every `[SMSBackup…]`
/// section is one part, in file order; its text is `Text00`, `Text01`… in
/// number order, hex of UTF-16BE.
pub(super) fn backup_text(bytes: &[u8]) -> Result<String, SpoolError> {
    let content = String::from_utf8_lossy(strip_utf8_bom(bytes));
    let mut parts: Vec<BackupPart> = Vec::new();
    let mut in_backup = false;
    for (n, line) in content.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(';') || line.starts_with('#') {
            continue;
        }
        if let Some(section) = line.strip_prefix('[') {
            let section = section.strip_suffix(']').ok_or_else(|| {
                SpoolError::BadBackup(format!("line {}: section without ]", n + 1))
            })?;
            in_backup = section
                .get(..9)
                .is_some_and(|s| s.eq_ignore_ascii_case("SMSBackup"));
            if in_backup {
                parts.push(BackupPart::default());
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            return Err(SpoolError::BadBackup(format!(
                "line {}: neither a section, a comment nor key = value",
                n + 1
            )));
        };
        let (key, value) = (key.trim(), value.trim().trim_matches('"'));
        let Some(part) = parts.last_mut().filter(|_| in_backup) else {
            continue;
        };
        if key.eq_ignore_ascii_case("Coding") {
            part.coding = value.to_string();
        } else if key.eq_ignore_ascii_case("PDU") {
            part.pdu = value.to_string();
        } else if let Some(number) = key
            .get(..4)
            .filter(|k| k.eq_ignore_ascii_case("Text"))
            .and_then(|_| key.get(4..))
            .filter(|n| is_digits(n))
            .and_then(|n| n.parse().ok())
        {
            part.text.push((number, value.to_string()));
        }
    }
    if parts.is_empty() {
        return Err(SpoolError::BadBackup("no [SMSBackup…] section".into()));
    }
    let mut text = String::new();
    for (i, mut part) in parts.into_iter().enumerate() {
        if part.pdu.eq_ignore_ascii_case("Status_Report") {
            return Err(SpoolError::StatusReport);
        }
        if part.coding.to_ascii_lowercase().starts_with("8bit") {
            return Err(SpoolError::Binary);
        }
        part.text.sort_by_key(|(n, _)| *n);
        let hex: String = part.text.into_iter().map(|(_, h)| h).collect();
        let bytes = unhex(&hex)
            .ok_or_else(|| SpoolError::BadBackup(format!("part {}: text is not hex", i + 1)))?;
        text.push_str(&utf16be(&bytes, "UTF-16BE (gammu backup)")?);
    }
    Ok(text)
}

pub(super) fn unhex(hex: &str) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    hex.as_bytes()
        .chunks_exact(2)
        .map(|pair| {
            let s = std::str::from_utf8(pair).ok()?;
            u8::from_str_radix(s, 16).ok()
        })
        .collect()
}

/// Splits a text into the parts of a concatenated SMS: one part when it
/// fits (160 GSM septets or 70 UTF-16 units), else parts of 153 septets or 67
/// units (room for an 8-bit concatenation header), never cutting an escape
/// pair or a surrogate pair.
pub(super) fn split_parts(text: &str) -> (Encoding, Vec<String>) {
    let (encoding, total) = units(text);
    if total <= limit(encoding) {
        return (encoding, vec![text.to_string()]);
    }
    let per_part = match encoding {
        Encoding::Gsm7 => 153,
        Encoding::Ucs2 => 67,
    };
    let mut parts = Vec::new();
    let mut part = String::new();
    let mut used = 0;
    for c in text.chars() {
        let width = match encoding {
            Encoding::Gsm7 => units(c.encode_utf8(&mut [0; 4])).1,
            Encoding::Ucs2 => c.len_utf16(),
        };
        if used + width > per_part {
            parts.push(std::mem::take(&mut part));
            used = 0;
        }
        part.push(c);
        used += width;
    }
    parts.push(part);
    (encoding, parts)
}

/// A `gammu-smsbackup(5)` file to send: one `[SMSBackupNNN]` section per
/// part with `PDU = Submit`, the number, the coding, the text as hex
/// UTF-16BE in `TextNN` lines of 200 digits (as gammu writes them) and, for
/// a concatenated message, the 8-bit concatenation header with the low
/// byte of `id` as reference.
pub(super) fn gammu_backup(id: i64, to: &str, text: &str) -> io::Result<Vec<u8>> {
    let (encoding, parts) = split_parts(text);
    let total = u8::try_from(parts.len()).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("text needs {} SMS, more than 255", parts.len()),
        )
    })?;
    let coding = match encoding {
        Encoding::Gsm7 => "Default_No_Compression",
        Encoding::Ucs2 => "Unicode_No_Compression",
    };
    let reference = id.to_le_bytes()[0];
    let mut out = format!("; ccgate reply {id}\n");
    for (seq, part) in (1u8..).zip(&parts) {
        out.push_str(&format!(
            "\n[SMSBackup{:03}]\nPDU = Submit\nNumber = \"{to}\"\n",
            seq - 1
        ));
        if total > 1 {
            out.push_str(&format!(
                "UDH = 050003{reference:02X}{total:02X}{seq:02X}\n"
            ));
        }
        let hex: String = part.encode_utf16().map(|u| format!("{u:04X}")).collect();
        for (n, line) in hex.as_bytes().chunks(200).enumerate() {
            let line = std::str::from_utf8(line).unwrap_or_default();
            out.push_str(&format!("Text{n:02} = {line}\n"));
        }
        if hex.is_empty() {
            out.push_str("Text00 = \n");
        }
        out.push_str(&format!(
            "Coding = {coding}\nLength = {}\nClass = -1\n",
            part.encode_utf16().count()
        ));
    }
    Ok(out.into_bytes())
}
