//! Writing PDUs: SMS-SUBMIT (split into parts when long), SMS-DELIVER and SMS-STATUS-REPORT.

use super::{
    Alphabet, Concat, Deliver, MAX_ADDRESS_DIGITS, MAX_UD_OCTETS, MAX_UD_SEPTETS, PduError, Result,
    StatusReport, SubmitPdu, VALIDITY_24H, gsm7,
};

// ---------------------------------------------------------------- writing

/// Encodes a text to `to` (`"+49170…"` or national digits) as one or more
/// SMS-SUBMIT PDUs: GSM 7-bit when every character is in the default
/// alphabet or its extension table, else UCS2; split into concatenated parts
/// (8-bit reference `concat_ref` when < 256, else 16-bit) when it does not
/// fit one SMS (160 septets / 70 UTF-16 units; with a header 153 / 67, or
/// 152 / 66 with a 16-bit reference). A split never cuts an escape pair nor
/// a surrogate pair. TP-SRR when `status_report`; TP-VP relative 24 h;
/// TP-MR 0 (the modem assigns it). At most 255 parts.
pub fn encode_submit(
    to: &str,
    text: &str,
    status_report: bool,
    concat_ref: u16,
) -> Result<Vec<SubmitPdu>> {
    let (toa, digits) = number(to, "recipient")?;
    if digits.is_empty() || digits.iter().any(|&d| d > 9) {
        return Err(PduError::Encode {
            field: "recipient",
            reason: format!("{to:?} is not + and digits, or digits"),
        });
    }
    let wide = concat_ref > 0xFF;
    // Each part's payload: unpacked septets or UTF-16 units.
    let (dcs, parts): (u8, Vec<Vec<u8>>) = match gsm7::encode(text) {
        Some(septets) => {
            let parts = if septets.len() <= MAX_UD_SEPTETS {
                vec![septets]
            } else {
                let udh = if wide { 7 } else { 6 };
                split_gsm(&septets, MAX_UD_SEPTETS - gsm7::header_septets(udh))
            };
            (0x00, parts)
        }
        None => {
            let units: Vec<u16> = text.encode_utf16().collect();
            let parts = if units.len() * 2 <= MAX_UD_OCTETS {
                vec![units]
            } else {
                let udh = if wide { 7 } else { 6 };
                split_utf16(&units, (MAX_UD_OCTETS - udh) / 2)
            };
            let parts = parts
                .into_iter()
                .map(|p| p.iter().flat_map(|u| u.to_be_bytes()).collect())
                .collect();
            (0x08, parts)
        }
    };
    let total = u8::try_from(parts.len()).map_err(|_| PduError::Encode {
        field: "text",
        reason: format!("{} parts, at most 255", parts.len()),
    })?;
    let mut out = Vec::with_capacity(parts.len());
    for (i, payload) in parts.iter().enumerate() {
        let concat = (total > 1).then(|| Concat {
            reference: concat_ref,
            total,
            seq: u8::try_from(i + 1).unwrap_or(u8::MAX),
        });
        let udh = concat.as_ref().map(udh_of).unwrap_or_default();
        let mut tpdu = vec![
            0x01 | 0x10
                | if status_report { 0x20 } else { 0 }
                | if udh.is_empty() { 0 } else { 0x40 },
            0x00, // TP-MR
        ];
        push_address(&mut tpdu, toa, &digits);
        tpdu.extend([0x00, dcs, VALIDITY_24H]);
        push_user_data(&mut tpdu, dcs, payload, &udh);
        out.push(SubmitPdu {
            hex: format!("00{}", hex(&tpdu)),
            tpdu_len: tpdu.len(),
        });
    }
    Ok(out)
}

/// An SMS-DELIVER PDU (hex with the SMSC field) carrying `d` in one message:
/// for the simulator and tests. The text must fit one SMS in `d.alphabet`
/// (with the header that `d.concat` needs: an 8-bit reference when it is
/// below 256); `d.sender` is `+digits`, digits, or else an alphanumeric
/// sender of at most 11 septets; `d.timestamp` is RFC 3339 with a whole
/// number of quarter hours as offset.
pub fn encode_deliver(d: &Deliver) -> Result<String> {
    let mut pdu = encode_smsc(d.smsc.as_deref())?;
    let udh = match &d.concat {
        Some(c) => {
            if c.total == 0 || c.seq == 0 || c.seq > c.total {
                return Err(PduError::Encode {
                    field: "concat",
                    reason: format!("part {} of {}", c.seq, c.total),
                });
            }
            udh_of(c)
        }
        None => Vec::new(),
    };
    pdu.push(0x04 | if udh.is_empty() { 0 } else { 0x40 }); // SMS-DELIVER, no more messages
    push_sender(&mut pdu, &d.sender, "sender")?;
    let (dcs, payload) = match d.alphabet {
        Alphabet::Gsm7 => (
            0x00,
            gsm7::encode(&d.text).ok_or_else(|| PduError::Encode {
                field: "text",
                reason: "a character outside the GSM 7-bit alphabet".to_string(),
            })?,
        ),
        Alphabet::Data8 => (
            0x04,
            d.text
                .chars()
                .map(u8::try_from)
                .collect::<std::result::Result<Vec<u8>, _>>()
                .map_err(|_| PduError::Encode {
                    field: "text",
                    reason: "8-bit data holds only characters up to U+00FF".to_string(),
                })?,
        ),
        Alphabet::Ucs2 => (
            0x08,
            d.text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        ),
    };
    pdu.extend([0x00, dcs]);
    pdu.extend(encode_timestamp(&d.timestamp, "timestamp")?);
    check_fits(dcs, &payload, &udh)?;
    push_user_data(&mut pdu, dcs, &payload, &udh);
    Ok(hex(&pdu))
}

/// An SMS-STATUS-REPORT PDU (hex with the SMSC field): for the simulator
/// and tests.
pub fn encode_status_report(s: &StatusReport) -> Result<String> {
    let mut pdu = encode_smsc(s.smsc.as_deref())?;
    pdu.push(0x06); // SMS-STATUS-REPORT, no more messages, report of a SUBMIT
    pdu.push(s.reference);
    push_sender(&mut pdu, &s.recipient, "recipient")?;
    pdu.extend(encode_timestamp(&s.submitted, "submitted")?);
    pdu.extend(encode_timestamp(&s.discharged, "discharged")?);
    pdu.push(s.status);
    Ok(hex(&pdu))
}

/// Splits septets into parts of at most `max`, never between an escape
/// and its character.
pub(super) fn split_gsm(septets: &[u8], max: usize) -> Vec<Vec<u8>> {
    let mut parts = Vec::new();
    let mut part = Vec::with_capacity(max);
    let mut i = 0;
    while let Some(&s) = septets.get(i) {
        let n = if s == gsm7::ESC { 2 } else { 1 };
        if part.len() + n > max {
            parts.push(std::mem::take(&mut part));
        }
        part.extend(septets.iter().skip(i).take(n));
        i += n;
    }
    parts.push(part);
    parts
}

/// Splits UTF-16 units into parts of at most `max`, never inside a
/// surrogate pair.
pub(super) fn split_utf16(units: &[u16], max: usize) -> Vec<Vec<u16>> {
    let mut parts = Vec::new();
    let mut part = Vec::with_capacity(max);
    let mut i = 0;
    while let Some(&u) = units.get(i) {
        let n = if (0xD800..0xDC00).contains(&u) { 2 } else { 1 };
        if part.len() + n > max {
            parts.push(std::mem::take(&mut part));
        }
        part.extend(units.iter().skip(i).take(n));
        i += n;
    }
    parts.push(part);
    parts
}

/// The user data header for a part: 8-bit reference below 256, else 16-bit.
pub(super) fn udh_of(c: &Concat) -> Vec<u8> {
    match u8::try_from(c.reference) {
        Ok(r) => vec![0x05, 0x00, 0x03, r, c.total, c.seq],
        Err(_) => {
            let [hi, lo] = c.reference.to_be_bytes();
            vec![0x06, 0x08, 0x04, hi, lo, c.total, c.seq]
        }
    }
}

pub(super) fn check_fits(dcs: u8, payload: &[u8], udh: &[u8]) -> Result<()> {
    let (used, max, unit) = if dcs == 0x00 {
        (
            gsm7::header_septets(udh.len()) + payload.len(),
            MAX_UD_SEPTETS,
            "septets",
        )
    } else {
        (udh.len() + payload.len(), MAX_UD_OCTETS, "octets")
    };
    if used > max {
        return Err(PduError::Encode {
            field: "text",
            reason: format!("{used} {unit} of user data, at most {max} in one SMS"),
        });
    }
    Ok(())
}

/// TP-UDL and TP-UD: `payload` is unpacked septets for DCS 0x00, octets
/// otherwise. The caller has checked the size.
pub(super) fn push_user_data(out: &mut Vec<u8>, dcs: u8, payload: &[u8], udh: &[u8]) {
    if dcs == 0x00 {
        let (ud, udl) = gsm7::pack(payload, udh);
        out.push(u8::try_from(udl).unwrap_or(u8::MAX));
        out.extend(ud);
    } else {
        out.push(u8::try_from(udh.len() + payload.len()).unwrap_or(u8::MAX));
        out.extend(udh);
        out.extend(payload);
    }
}

/// A number as a type of address and semi-octet digits: `+` and digits is
/// international (0x91); digits alone are of unknown type (0x81), which is
/// how phones send national numbers. `*` and `#` are digits too (service
/// codes); the semi-octets C–E that read as `a`–`c` are not written, so a
/// sender such as `"b"` is alphanumeric.
pub(super) fn number(s: &str, field: &'static str) -> Result<(u8, Vec<u8>)> {
    let (toa, rest) = match s.strip_prefix('+') {
        Some(rest) => (0x91, rest),
        None => (0x81, s),
    };
    let digits = rest
        .chars()
        .map(|c| match c {
            '0'..='9' => Some(c as u8 - b'0'),
            '*' => Some(0xA),
            '#' => Some(0xB),
            _ => None,
        })
        .collect::<Option<Vec<u8>>>()
        .filter(|d| d.len() <= MAX_ADDRESS_DIGITS)
        .ok_or_else(|| PduError::Encode {
            field,
            reason: format!("{s:?} is not a number of at most {MAX_ADDRESS_DIGITS} digits"),
        })?;
    Ok((toa, digits))
}

pub(super) fn push_address(out: &mut Vec<u8>, toa: u8, digits: &[u8]) {
    out.push(u8::try_from(digits.len()).unwrap_or(u8::MAX));
    out.push(toa);
    out.extend(pack_semi_octets(digits));
}

pub(super) fn pack_semi_octets(digits: &[u8]) -> Vec<u8> {
    digits
        .chunks(2)
        .map(|pair| match *pair {
            [a, b] => a | b << 4,
            [a] => a | 0xF0,
            _ => 0xFF,
        })
        .collect()
}

/// A sender or recipient: a number, or else alphanumeric (0xD0) in 7-bit.
pub(super) fn push_sender(out: &mut Vec<u8>, s: &str, field: &'static str) -> Result<()> {
    if let Ok((toa, digits)) = number(s, field) {
        push_address(out, toa, &digits);
        return Ok(());
    }
    let septets = gsm7::encode(s)
        .filter(|septets| septets.len() * 7 <= MAX_ADDRESS_DIGITS * 4)
        .ok_or_else(|| PduError::Encode {
            field,
            reason: format!(
                "{s:?} is neither a number nor an alphanumeric address of at most 11 GSM septets"
            ),
        })?;
    let (octets, _) = gsm7::pack(&septets, &[]);
    out.push(u8::try_from((septets.len() * 7).div_ceil(4)).unwrap_or(u8::MAX));
    out.push(0xD0);
    out.extend(octets);
    Ok(())
}

pub(super) fn encode_smsc(smsc: Option<&str>) -> Result<Vec<u8>> {
    let Some(s) = smsc else {
        return Ok(vec![0x00]);
    };
    let (toa, digits) = number(s, "SMSC")?;
    if digits.is_empty() {
        return Ok(vec![0x00]);
    }
    let octets = pack_semi_octets(&digits);
    let mut out = vec![u8::try_from(1 + octets.len()).unwrap_or(u8::MAX), toa];
    out.extend(octets);
    Ok(out)
}

/// An RFC 3339 time (`2026-11-29T12:00:00+01:00`, or `Z`) as a TP-SCTS.
pub(super) fn encode_timestamp(s: &str, field: &'static str) -> Result<[u8; 7]> {
    let bad = || PduError::Encode {
        field,
        reason: format!(
            "{s:?} is not YYYY-MM-DDThh:mm:ss±hh:mm in 2000–2099 with an offset in quarter hours"
        ),
    };
    let b = s.as_bytes();
    let num = |range: std::ops::Range<usize>| -> Option<u32> {
        let digits = b.get(range)?;
        digits.iter().try_fold(0u32, |acc, &d| {
            d.is_ascii_digit().then(|| acc * 10 + u32::from(d - b'0'))
        })
    };
    let sep = |i: usize, c: u8| b.get(i) == Some(&c);
    if !(sep(4, b'-')
        && sep(7, b'-')
        && (sep(10, b'T') || sep(10, b't'))
        && sep(13, b':')
        && sep(16, b':'))
    {
        return Err(bad());
    }
    let fields = [
        num(0..4),
        num(5..7),
        num(8..10),
        num(11..13),
        num(14..16),
        num(17..19),
    ];
    let [
        Some(year),
        Some(month),
        Some(day),
        Some(hour),
        Some(minute),
        Some(second),
    ] = fields
    else {
        return Err(bad());
    };
    let (negative, offset) = match b.get(19..) {
        Some(b"Z" | b"z") => (false, 0),
        Some(&[sign @ (b'+' | b'-'), _, _, b':', _, _]) => {
            let (Some(h), Some(m)) = (num(20..22), num(23..25)) else {
                return Err(bad());
            };
            (sign == b'-', h * 60 + m)
        }
        _ => return Err(bad()),
    };
    let valid_date = i16::try_from(year)
        .ok()
        .zip(i8::try_from(month).ok())
        .zip(i8::try_from(day).ok())
        .is_some_and(|((y, m), d)| jiff::civil::Date::new(y, m, d).is_ok());
    if !(2000..=2099).contains(&year)
        || !valid_date
        || hour > 23
        || minute > 59
        || second > 59
        || offset % 15 != 0
        || offset / 15 > 79
    {
        return Err(bad());
    }
    let bcd = |v: u32| -> u8 {
        let v = (v % 100) as u8;
        (v / 10) | (v % 10) << 4
    };
    let quarters = offset / 15;
    let tz = bcd(quarters) | if negative && quarters != 0 { 0x08 } else { 0 };
    Ok([
        bcd(year),
        bcd(month),
        bcd(day),
        bcd(hour),
        bcd(minute),
        bcd(second),
        tz,
    ])
}

pub(super) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02X}");
            s
        })
}
