//! Reading PDUs: SMS-DELIVER, SMS-STATUS-REPORT and stored SMS-SUBMIT.

use super::{
    Alphabet, Concat, Deliver, Incoming, MAX_ADDRESS_DIGITS, MAX_SMSC_OCTETS, PduError, Result,
    StatusReport, gsm7,
};

// ---------------------------------------------------------------- reading

/// Decodes a PDU as the modem shows it in PDU mode (`+CMGR`/`+CMGL`/`+CMT`/
/// `+CDS`): hex, starting with the SMSC field. Surrounding whitespace is
/// ignored. An SMS-SUBMIT (a stored outgoing message) is an
/// [`PduError::UnexpectedType`]; read it with [`decode_submit`].
pub fn decode(hex: &str) -> Result<Incoming> {
    let bytes = unhex(hex)?;
    let mut r = Reader::new(&bytes);
    let smsc = smsc(&mut r)?;
    let fo_at = r.pos;
    let fo = r.u8("first octet")?;
    match fo & 0x03 {
        0b00 => deliver(&mut r, smsc, fo).map(Incoming::Deliver),
        0b10 => status_report(&mut r, smsc).map(Incoming::StatusReport),
        0b01 => Err(PduError::UnexpectedType {
            octet: fo_at,
            found: "SMS-SUBMIT (a stored outgoing message)",
            expected: "SMS-DELIVER or SMS-STATUS-REPORT",
        }),
        _ => Err(PduError::UnexpectedType {
            octet: fo_at,
            found: "reserved TP-MTI 11",
            expected: "SMS-DELIVER or SMS-STATUS-REPORT",
        }),
    }
}

/// Decodes an SMS-SUBMIT (hex with the SMSC field): the recipient, the text
/// (8-bit data as Latin-1), the concatenation header and TP-SRR. For tests
/// and the modem simulator.
pub fn decode_submit(hex: &str) -> Result<(String, String, Option<Concat>, bool)> {
    let bytes = unhex(hex)?;
    let mut r = Reader::new(&bytes);
    smsc(&mut r)?;
    let fo_at = r.pos;
    let fo = r.u8("first octet")?;
    if fo & 0x03 != 0b01 {
        return Err(PduError::UnexpectedType {
            octet: fo_at,
            found: if fo & 0x03 == 0b00 {
                "TP-MTI 00"
            } else if fo & 0x03 == 0b10 {
                "TP-MTI 10"
            } else {
                "reserved TP-MTI 11"
            },
            expected: "SMS-SUBMIT",
        });
    }
    r.u8("TP-MR")?;
    let to = address(&mut r, "TP-DA")?;
    r.u8("TP-PID")?;
    let dcs_at = r.pos;
    let dcs = r.u8("TP-DCS")?;
    let alphabet = alphabet(dcs, dcs_at)?;
    match (fo >> 3) & 0x03 {
        0b00 => {}
        0b10 => {
            r.u8("TP-VP")?;
        }
        _ => {
            r.take(7, "TP-VP")?;
        }
    }
    let (text, concat) = user_data(&mut r, fo & 0x40 != 0, &alphabet)?;
    Ok((to, text, concat, fo & 0x20 != 0))
}

pub(super) fn deliver(r: &mut Reader, smsc: Option<String>, fo: u8) -> Result<Deliver> {
    let sender = address(r, "TP-OA")?;
    r.u8("TP-PID")?;
    let dcs_at = r.pos;
    let dcs = r.u8("TP-DCS")?;
    let alphabet = alphabet(dcs, dcs_at)?;
    let timestamp = timestamp(r, "TP-SCTS")?;
    let (text, concat) = user_data(r, fo & 0x40 != 0, &alphabet)?;
    Ok(Deliver {
        smsc,
        sender,
        timestamp,
        alphabet,
        text,
        concat,
    })
}

pub(super) fn status_report(r: &mut Reader, smsc: Option<String>) -> Result<StatusReport> {
    let reference = r.u8("TP-MR")?;
    let recipient = address(r, "TP-RA")?;
    let submitted = timestamp(r, "TP-SCTS")?;
    let discharged = timestamp(r, "TP-DT")?;
    let status = r.u8("TP-ST")?;
    // TP-PI and the optional TP-PID, TP-DCS and TP-UD may follow; nothing
    // in them matters here.
    Ok(StatusReport {
        smsc,
        reference,
        recipient,
        submitted,
        discharged,
        status,
    })
}

/// Hex text to octets.
pub(super) fn unhex(hex: &str) -> Result<Vec<u8>> {
    let trimmed = hex.trim_matches(|c: char| c.is_ascii_whitespace());
    let lead = hex.len()
        - hex
            .trim_start_matches(|c: char| c.is_ascii_whitespace())
            .len();
    let digits = trimmed.as_bytes();
    let mut out = Vec::with_capacity(digits.len() / 2);
    let mut high = None;
    for (i, &b) in digits.iter().enumerate() {
        let v = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => return Err(PduError::NotHex { position: lead + i }),
        };
        match high.take() {
            None => high = Some(v),
            Some(h) => out.push(h << 4 | v),
        }
    }
    if high.is_some() {
        return Err(PduError::OddLength {
            digits: digits.len(),
        });
    }
    if out.is_empty() {
        return Err(PduError::Empty);
    }
    Ok(out)
}

/// A cursor over the octets that knows where it is.
pub(super) struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(data: &'a [u8]) -> Self {
        Reader { data, pos: 0 }
    }

    fn u8(&mut self, field: &'static str) -> Result<u8> {
        let b = *self.data.get(self.pos).ok_or(PduError::Truncated {
            field,
            octet: self.pos,
        })?;
        self.pos += 1;
        Ok(b)
    }

    fn take(&mut self, n: usize, field: &'static str) -> Result<&'a [u8]> {
        let end = self.pos.checked_add(n);
        let slice =
            end.and_then(|end| self.data.get(self.pos..end))
                .ok_or(PduError::Truncated {
                    field,
                    octet: self.data.len().min(self.pos.saturating_add(n)),
                })?;
        self.pos += n;
        Ok(slice)
    }

    fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or(&[])
    }
}

/// The SMSC field (TS 24.011 §8.2.5.1): a length in octets, then a type of
/// address and semi-octet digits.
pub(super) fn smsc(r: &mut Reader) -> Result<Option<String>> {
    let at = r.pos;
    let len = usize::from(r.u8("SMSC length")?);
    if len == 0 {
        return Ok(None);
    }
    if len > MAX_SMSC_OCTETS {
        return Err(PduError::Invalid {
            field: "SMSC length",
            octet: at,
            reason: format!("{len} octets, at most {MAX_SMSC_OCTETS}"),
        });
    }
    let toa = r.u8("SMSC type of address")?;
    let octets = r.take(len - 1, "SMSC address")?;
    let digits = semi_octets(octets, octets.len() * 2);
    if digits.is_empty() {
        return Ok(None);
    }
    Ok(Some(if (toa >> 4) & 0x07 == 0b001 {
        format!("+{digits}")
    } else {
        digits
    }))
}

/// A TP address (TS 23.040 §9.1.2.5): a length in semi-octets (digits, or
/// the 4-bit units that carry an alphanumeric address), the type of
/// address, the value.
pub(super) fn address(r: &mut Reader, field: &'static str) -> Result<String> {
    let at = r.pos;
    let len = usize::from(r.u8(field)?);
    if len > MAX_ADDRESS_DIGITS {
        return Err(PduError::Invalid {
            field,
            octet: at,
            reason: format!("{len} semi-octets, at most {MAX_ADDRESS_DIGITS}"),
        });
    }
    let toa = r.u8(field)?;
    let octets = r.take(len.div_ceil(2), field)?;
    Ok(match (toa >> 4) & 0x07 {
        0b001 => format!("+{}", semi_octets(octets, len)),
        0b101 => {
            let septets = gsm7::unpack(octets, 0, len * 4 / 7).unwrap_or_default();
            gsm7::decode(&septets)
        }
        _ => semi_octets(octets, len),
    })
}

/// `n` semi-octet digits, low nibble first; 0xF (the filler) is skipped.
pub(super) fn semi_octets(octets: &[u8], n: usize) -> String {
    octets
        .iter()
        .flat_map(|&b| [b & 0x0F, b >> 4])
        .take(n)
        .filter_map(|d| match d {
            0..=9 => Some(char::from(b'0' + d)),
            0xA => Some('*'),
            0xB => Some('#'),
            0xC => Some('a'),
            0xD => Some('b'),
            0xE => Some('c'),
            _ => None,
        })
        .collect()
}

/// The alphabet a TP-DCS names (TS 23.038 §4). Reserved values read as the
/// default alphabet, as the standard asks of a receiver.
pub(super) fn alphabet(dcs: u8, octet: usize) -> Result<Alphabet> {
    Ok(match dcs >> 4 {
        0x0..=0x7 => {
            if dcs & 0x20 != 0 {
                return Err(PduError::Compressed { dcs, octet });
            }
            match (dcs >> 2) & 0x03 {
                0b01 => Alphabet::Data8,
                0b10 => Alphabet::Ucs2,
                _ => Alphabet::Gsm7,
            }
        }
        0xE => Alphabet::Ucs2,
        0xF if dcs & 0x04 != 0 => Alphabet::Data8,
        _ => Alphabet::Gsm7,
    })
}

/// A time stamp (TS 23.040 §9.2.3.11): six two-digit semi-octet fields and
/// the offset from UTC in quarter hours (bit 3 of the last octet: minus).
pub(super) fn timestamp(r: &mut Reader, field: &'static str) -> Result<String> {
    let at = r.pos;
    let octets = r.take(7, field)?;
    let mut v = [0u8; 6];
    for (i, (slot, &b)) in v.iter_mut().zip(octets).enumerate() {
        let (tens, units) = (b & 0x0F, b >> 4);
        if tens > 9 || units > 9 {
            return Err(PduError::Invalid {
                field,
                octet: at + i,
                reason: format!("{b:02X} is not two decimal semi-octets"),
            });
        }
        *slot = tens * 10 + units;
    }
    let [yy, month, day, hour, minute, second] = v;
    let year = 2000 + i16::from(yy);
    let bad = |i: usize, what: &str| PduError::Invalid {
        field,
        octet: at + i,
        reason: what.to_string(),
    };
    if jiff::civil::Date::new(year, month as i8, day as i8).is_err() {
        return Err(bad(1, &format!("no date {year:04}-{month:02}-{day:02}")));
    }
    if hour > 23 {
        return Err(bad(3, &format!("hour {hour}")));
    }
    if minute > 59 {
        return Err(bad(4, &format!("minute {minute}")));
    }
    if second > 59 {
        return Err(bad(5, &format!("second {second}")));
    }
    let tz = octets.get(6).copied().unwrap_or(0);
    let (tens, units) = (tz & 0x07, tz >> 4);
    if units > 9 {
        return Err(bad(6, &format!("time zone {tz:02X} is not decimal")));
    }
    let quarters = u16::from(tens * 10 + units);
    let sign = if tz & 0x08 != 0 && quarters != 0 {
        '-'
    } else {
        '+'
    };
    let minutes = quarters * 15;
    Ok(format!(
        "{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}{sign}{:02}:{:02}",
        minutes / 60,
        minutes % 60
    ))
}

/// TP-UDL and TP-UD: the text and the concatenation header, if any.
pub(super) fn user_data(
    r: &mut Reader,
    udhi: bool,
    alphabet: &Alphabet,
) -> Result<(String, Option<Concat>)> {
    let udl_at = r.pos;
    let udl = usize::from(r.u8("TP-UDL")?);
    let ud_at = r.pos;
    let octets = match alphabet {
        Alphabet::Gsm7 => (udl * 7).div_ceil(8),
        Alphabet::Data8 | Alphabet::Ucs2 => udl,
    };
    let available = r.rest().len();
    if octets > available {
        return Err(PduError::Invalid {
            field: "TP-UDL",
            octet: udl_at,
            reason: format!(
                "{udl} {} need {octets} octets of user data, {available} follow",
                if *alphabet == Alphabet::Gsm7 {
                    "septets"
                } else {
                    "octets"
                }
            ),
        });
    }
    let ud = r.take(octets, "TP-UD")?;
    let (header_octets, concat) = if udhi {
        let udhl = usize::from(*ud.first().ok_or(PduError::Invalid {
            field: "TP-UDH",
            octet: ud_at,
            reason: "TP-UDHI set but the user data is empty".to_string(),
        })?);
        let ies = ud.get(1..1 + udhl).ok_or_else(|| PduError::Invalid {
            field: "TP-UDHL",
            octet: ud_at,
            reason: format!(
                "a header of {udhl} octets in {} octets of user data",
                ud.len().saturating_sub(1)
            ),
        })?;
        (1 + udhl, concat_of(ies, ud_at + 1)?)
    } else {
        (0, None)
    };
    let text = match alphabet {
        Alphabet::Gsm7 => {
            let skip = gsm7::header_septets(header_octets);
            if skip > udl {
                return Err(PduError::Invalid {
                    field: "TP-UDL",
                    octet: udl_at,
                    reason: format!("{udl} septets, fewer than the header's {skip}"),
                });
            }
            let septets = gsm7::unpack(ud, skip, udl).ok_or(PduError::Truncated {
                field: "TP-UD",
                octet: ud_at + ud.len(),
            })?;
            gsm7::decode(&septets)
        }
        Alphabet::Data8 => ud
            .get(header_octets..)
            .unwrap_or(&[])
            .iter()
            .map(|&b| char::from(b))
            .collect(),
        Alphabet::Ucs2 => {
            let body = ud.get(header_octets..).unwrap_or(&[]);
            let units = body.chunks(2).map(|c| match *c {
                [hi, lo] => u16::from_be_bytes([hi, lo]),
                // An odd octet at the end: not a character.
                _ => 0xFFFD,
            });
            char::decode_utf16(units)
                .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                .collect()
        }
    };
    Ok((text, concat))
}

/// The concatenation element of a user data header's information elements
/// (`ies`, which start at octet `at`). Elements with an impossible value are
/// ignored as §9.2.3.24.1 asks; the last valid one wins.
pub(super) fn concat_of(ies: &[u8], at: usize) -> Result<Option<Concat>> {
    let mut concat = None;
    let mut i = 0;
    while i < ies.len() {
        let iei = ies.get(i).copied().unwrap_or(0);
        let len = usize::from(*ies.get(i + 1).ok_or(PduError::Invalid {
            field: "TP-UDH",
            octet: at + i,
            reason: format!("element {iei:#04x} has no length"),
        })?);
        let data = ies
            .get(i + 2..i + 2 + len)
            .ok_or_else(|| PduError::Invalid {
                field: "TP-UDH",
                octet: at + i,
                reason: format!("element {iei:#04x} of {len} octets overruns the header"),
            })?;
        let found = match (iei, data) {
            (0x00, &[reference, total, seq]) => Some((u16::from(reference), total, seq)),
            (0x08, &[hi, lo, total, seq]) => Some((u16::from_be_bytes([hi, lo]), total, seq)),
            _ => None,
        };
        if let Some((reference, total, seq)) = found
            && total != 0
            && seq != 0
            && seq <= total
        {
            concat = Some(Concat {
                reference,
                total,
                seq,
            });
        }
        i += 2 + len;
    }
    Ok(concat)
}
