//! SMS PDUs as a GSM modem shows them in PDU mode (`AT+CMGF=0`): the
//! SMS-DELIVER and SMS-STATUS-REPORT that arrive (`+CMGR`, `+CMGL`, `+CMT`,
//! `+CDS`) and the SMS-SUBMIT we send (`AT+CMGS=<n>`), as hex text that
//! starts with the service centre (SMSC) address.
//!
//! Layouts from 3GPP TS 23.040 §9.2.2 (SMS-DELIVER, SMS-SUBMIT,
//! SMS-STATUS-REPORT); addresses §9.1.2.5 (type of number, semi-octets,
//! alphanumeric senders in 7-bit); the service centre time stamp §9.2.3.11
//! (time zone in quarter hours with a sign bit); the user data header
//! §9.2.3.24 with the concatenation elements 0x00 (8-bit reference) and 0x08
//! (16-bit reference); the data coding scheme and alphabets from TS 23.038
//! (see [`super::gsm7`] for the 7-bit alphabet and its packing).
//!
//! Why not a crate: `sms-pdu` 1.1.0 (the maintained extract of
//! `huawei-modem`) was read first. It decodes DELIVER and STATUS-REPORT,
//! but reads the time zone as a plain two-digit number (no sign bit, no
//! quarter hours), splits long texts at fixed septet counts (cutting escape
//! pairs), slices its input by index (a short PDU panics) and pulls in the
//! unmaintained `encoding` crate and `rand`. Its gaps are the parts this
//! gateway needs, so the codec is our own, cross-checked against two
//! independent implementations (`tests/pdu_crosscheck.rs`).
//!
//! Decoding takes hostile input: any text gives a value or a [`PduError`]
//! naming the field and the octet (counted from 0 at the SMSC length
//! octet), never a panic. Octets after the last field are ignored.
//! Reassembly of concatenated parts is the store's; this module only reports
//! each part's [`Concat`].
//!
//! ```
//! use ccgate::transport::sms::pdu::{self, Alphabet, Concat, Deliver, Incoming};
//!
//! // What we send: one SMS-SUBMIT, with the length for AT+CMGS.
//! let parts = pdu::encode_submit("+491701234567", "e4 e5", true, 0).unwrap();
//! assert_eq!(parts.len(), 1);
//! assert_eq!(parts[0].hex, "0031000C919471103254760000A705651AA85C03");
//! assert_eq!(parts[0].tpdu_len, 19);
//! let (to, text, concat, srr) = pdu::decode_submit(&parts[0].hex).unwrap();
//! assert_eq!((to.as_str(), text.as_str(), concat, srr), ("+491701234567", "e4 e5", None, true));
//!
//! // What arrives: an SMS-DELIVER from the modem.
//! let Incoming::Deliver(d) =
//!     pdu::decode("0791947110101000040C9194719283746500006211212100004005651AA85C03").unwrap()
//! else {
//!     panic!("an SMS-DELIVER");
//! };
//! assert_eq!(d.smsc.as_deref(), Some("+491701010100"));
//! assert_eq!(d.sender, "+491729384756");
//! assert_eq!(d.timestamp, "2026-11-12T12:00:00+01:00");
//! assert_eq!((d.alphabet, d.text.as_str(), d.concat), (Alphabet::Gsm7, "e4 e5", None));
//!
//! // Long texts are split; each part says where it belongs.
//! let parts = pdu::encode_submit("0170123456", &"Nf3 ".repeat(60), false, 300).unwrap();
//! assert_eq!(parts.len(), 2);
//! let (_, _, concat, _) = pdu::decode_submit(&parts[1].hex).unwrap();
//! assert_eq!(concat, Some(Concat { reference: 300, total: 2, seq: 2 }));
//! ```

use super::gsm7;

/// Where a part belongs in a concatenated message (TS 23.040 §9.2.3.24.1
/// and .8). `seq` counts from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Concat {
    pub reference: u16,
    pub total: u8,
    pub seq: u8,
}

/// The alphabet of the user data (TS 23.038 §4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Alphabet {
    Gsm7,
    /// 8-bit data: [`Deliver::text`] holds each octet as the character of
    /// the same code (Latin-1), so the octets can be had back exactly.
    Data8,
    Ucs2,
}

/// An SMS-DELIVER: a message that arrived.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deliver {
    /// `"+4912345"`, or `None` when the PDU has no SMSC (length 00).
    pub smsc: Option<String>,
    /// International numbers with `+`, other numbers as digits (with `*`,
    /// `#`, `a`, `b`, `c` for the semi-octets A–E), alphanumeric senders as
    /// text.
    pub sender: String,
    /// The service centre time stamp as RFC 3339 with the sender's offset,
    /// e.g. `2026-11-29T12:00:00+01:00` (two-digit years are 20yy).
    pub timestamp: String,
    pub alphabet: Alphabet,
    /// The text; for [`Alphabet::Data8`] the octets as Latin-1.
    pub text: String,
    pub concat: Option<Concat>,
}

/// An SMS-STATUS-REPORT: what became of a message we sent with TP-SRR.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusReport {
    pub smsc: Option<String>,
    /// TP-MR: the reference the modem gave the message (`+CMGS: <mr>`).
    pub reference: u8,
    pub recipient: String,
    /// TP-SCTS: when the service centre took the message (RFC 3339).
    pub submitted: String,
    /// TP-DT: when it was delivered, or the last attempt (RFC 3339).
    pub discharged: String,
    /// TP-ST (TS 23.040 §9.2.3.15).
    pub status: u8,
}

impl StatusReport {
    /// The message reached the recipient (TP-ST 0x00–0x1F: transaction
    /// completed).
    pub fn delivered(&self) -> bool {
        self.status <= 0x1F
    }

    /// No further report will come: anything but 0x20–0x3F (temporary
    /// error, the service centre still trying).
    pub fn final_(&self) -> bool {
        !(0x20..=0x3F).contains(&self.status)
    }
}

/// A PDU from the modem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incoming {
    Deliver(Deliver),
    StatusReport(StatusReport),
}

/// One SMS-SUBMIT ready for `AT+CMGS=<tpdu_len>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubmitPdu {
    /// Upper-case hex, starting with `00` (the modem's default SMSC).
    pub hex: String,
    /// Octets after the SMSC field.
    pub tpdu_len: usize,
}

/// Why a PDU could not be read or written. Octets count from 0 at the SMSC
/// length octet (the first two hex digits).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PduError {
    #[error("PDU: character {position} is not a hex digit")]
    NotHex { position: usize },
    #[error("PDU: odd number of hex digits ({digits})")]
    OddLength { digits: usize },
    #[error("PDU: empty")]
    Empty,
    #[error("PDU ends inside {field} (octet {octet})")]
    Truncated { field: &'static str, octet: usize },
    #[error("PDU: {field} at octet {octet}: {reason}")]
    Invalid {
        field: &'static str,
        octet: usize,
        reason: String,
    },
    #[error("PDU: message type {found} at octet {octet}, expected {expected}")]
    UnexpectedType {
        octet: usize,
        found: &'static str,
        expected: &'static str,
    },
    #[error("PDU: compressed user data (TP-DCS {dcs:#04x} at octet {octet}) is not supported")]
    Compressed { dcs: u8, octet: usize },
    #[error("cannot encode {field}: {reason}")]
    Encode { field: &'static str, reason: String },
}

type Result<T> = std::result::Result<T, PduError>;

/// The most semi-octets of a TP address (TS 23.040 §9.1.2.5: 10 octets).
const MAX_ADDRESS_DIGITS: usize = 20;
/// The most octets after the SMSC length octet (TS 24.011 §8.2.5.1).
const MAX_SMSC_OCTETS: usize = 11;
/// The most octets of user data (TS 23.040 §9.2.3.16).
const MAX_UD_OCTETS: usize = 140;
/// The most septets of 7-bit user data.
const MAX_UD_SEPTETS: usize = 160;
/// TP-VP relative: 0xA7 = 12 h + 24 × 30 min = 24 hours (§9.2.3.12.1).
const VALIDITY_24H: u8 = 0xA7;

mod read;
mod write;

pub use read::{decode, decode_submit};
pub use write::{encode_deliver, encode_status_report, encode_submit};

#[cfg(test)]
mod tests {
    use super::read::*;
    use super::write::*;
    use super::*;

    fn deliver(hex: &str) -> Deliver {
        match decode(hex) {
            Ok(Incoming::Deliver(d)) => d,
            other => panic!("{hex}: {other:?}"),
        }
    }

    fn report(hex: &str) -> StatusReport {
        match decode(hex) {
            Ok(Incoming::StatusReport(r)) => r,
            other => panic!("{hex}: {other:?}"),
        }
    }

    fn sample() -> Deliver {
        Deliver {
            smsc: Some("+491701010100".into()),
            sender: "+491729384756".into(),
            timestamp: "2026-11-29T12:00:00+01:00".into(),
            alphabet: Alphabet::Gsm7,
            text: "e4 e5".into(),
            concat: None,
        }
    }

    #[test]
    fn decodes_the_classic_deliver() {
        // The example of many PDU tutorials (and of smspdudecoder).
        let d = deliver("07916407058099F9040B916407950303F100008921222140140004D4E2940A");
        assert_eq!(d.smsc.as_deref(), Some("+46705008999"));
        assert_eq!(d.sender, "+46705930301");
        assert_eq!(d.timestamp, "2098-12-22T12:04:41+00:00");
        assert_eq!(d.alphabet, Alphabet::Gsm7);
        assert_eq!(d.text, "TEST");
        assert_eq!(d.concat, None);
    }

    #[test]
    fn alphanumeric_senders() {
        // 6 septets in 11 semi-octets, 11 septets in 20 (with '@' = 0x00).
        for (oa, sender) in [
            ("0BD0CDE6DB5DCE03", "MMoney"),
            ("14D0C4F23C7D760390EF7619", "Design@Home"),
        ] {
            let d = deliver(&format!("0004{oa}00006211922100004000"));
            assert_eq!(d.sender, sender);
            assert_eq!(d.smsc, None);
            let again = encode_deliver(&d).unwrap();
            assert!(again.contains(oa), "{again} has {oa}");
        }
        // 7 septets end with 7 fill bits that are not an '@'.
        let d = Deliver {
            sender: "Chessly".into(),
            ..sample()
        };
        let hex = encode_deliver(&d).unwrap();
        assert_eq!(deliver(&hex).sender, "Chessly");
        // Extension characters count twice; 11 septets at most.
        for s in ["[ccgate]", "€€€€€x", "Schach-Club", "b", "12a", "+1c"] {
            let d = Deliver {
                sender: s.into(),
                ..sample()
            };
            assert_eq!(deliver(&encode_deliver(&d).unwrap()).sender, s);
        }
        for s in ["€€€€€€", "Schach-Club1", "Шахматы"] {
            let d = Deliver {
                sender: s.into(),
                ..sample()
            };
            assert!(
                matches!(
                    encode_deliver(&d),
                    Err(PduError::Encode {
                        field: "sender",
                        ..
                    })
                ),
                "{s}"
            );
        }
    }

    #[test]
    fn numbers_of_every_type() {
        // National (0xA1) and unknown (0x81) as digits; odd lengths end in F.
        let d = deliver("00040AA1103254769800006211922100004000");
        assert_eq!(d.sender, "0123456789");
        let d = deliver("0004058121436500006211922100004000");
        assert_eq!(d.sender, "12345");
        let d = deliver("000408912143658700006211922100004000");
        assert_eq!(d.sender, "+12345678");
        // Semi-octets A–E: * # a b c.
        let d = deliver("00040581A1CBFD00006211922100004000");
        assert_eq!(d.sender, "1*#ab");
        let d = Deliver {
            sender: "*100#".into(),
            ..sample()
        };
        assert_eq!(deliver(&encode_deliver(&d).unwrap()).sender, "*100#");
    }

    #[test]
    fn time_zones_in_quarter_hours() {
        for (scts, rfc) in [
            ("3130523210658A", "2013-03-25T23:01:56-07:00"),
            ("62119221000040", "2026-11-29T12:00:00+01:00"),
            ("62119221000023", "2026-11-29T12:00:00+08:00"),
            ("6211922100002B", "2026-11-29T12:00:00-08:00"),
            ("62119221000022", "2026-11-29T12:00:00+05:30"),
            ("62119221000032", "2026-11-29T12:00:00+05:45"),
            ("6211922100003A", "2026-11-29T12:00:00-05:45"),
            ("62119221000008", "2026-11-29T12:00:00+00:00"),
            ("62119221000097", "2026-11-29T12:00:00+19:45"),
        ] {
            let d = deliver(&format!("00040281210000{scts}00"));
            assert_eq!(d.timestamp, rfc, "{scts}");
            let back = encode_deliver(&d).unwrap();
            // A minus zero comes back as plus zero.
            assert!(
                back.contains(scts) || scts.ends_with("08"),
                "{back} for {scts}"
            );
            assert_eq!(deliver(&back).timestamp, rfc);
        }
        assert_eq!(
            encode_timestamp("2026-11-29T12:00:00Z", "t").unwrap(),
            encode_timestamp("2026-11-29T12:00:00+00:00", "t").unwrap()
        );
        for bad in [
            "2026-11-29T12:00:00+01:10",
            "2026-02-30T12:00:00+01:00",
            "1999-11-29T12:00:00+01:00",
            "2026-11-29 12:00:00+01:00",
            "2026-11-29T24:00:00+01:00",
            "2026-11-29T12:00:00.5+01:00",
            "2026-11-29T12:00:00+20:00",
            "2026-11-29T12:00:00",
            "",
        ] {
            assert!(encode_timestamp(bad, "t").is_err(), "{bad}");
        }
    }

    #[test]
    fn bad_time_stamps_are_errors_at_their_octet() {
        // The SCTS starts at octet 7 (SMSC 00, first octet, OA 3 octets, PID, DCS).
        assert_eq!(
            decode("0004028121000062A19221000040"),
            Err(PduError::Invalid {
                field: "TP-SCTS",
                octet: 8,
                reason: "A1 is not two decimal semi-octets".into()
            })
        );
        // 30 February.
        assert!(matches!(
            decode("00040281210000622003210000400000"),
            Err(PduError::Invalid {
                field: "TP-SCTS",
                octet: 8,
                ..
            })
        ));
        // Hour 25, time zone units not decimal.
        assert!(matches!(
            decode("00040281210000621192520000400000"),
            Err(PduError::Invalid {
                field: "TP-SCTS",
                octet: 10,
                ..
            })
        ));
        assert!(matches!(
            decode("00040281210000621192210000A000"),
            Err(PduError::Invalid {
                field: "TP-SCTS",
                octet: 13,
                ..
            })
        ));
    }

    #[test]
    fn status_reports() {
        let r = StatusReport {
            smsc: Some("+491701010100".into()),
            reference: 0x2A,
            recipient: "+491729384756".into(),
            submitted: "2026-11-29T12:00:00+01:00".into(),
            discharged: "2026-11-29T12:00:07+01:00".into(),
            status: 0x00,
        };
        let hex = encode_status_report(&r).unwrap();
        assert_eq!(
            hex,
            "079194711010100006".to_string()
                + "2A0C91947192837465"
                + "62119221000040"
                + "62119221007040"
                + "00"
        );
        assert_eq!(report(&hex), r);
        assert!(r.delivered() && r.final_());
        for (status, delivered, final_) in [
            (0x01, true, true),
            (0x1F, true, true),
            (0x20, false, false),
            (0x30, false, false),
            (0x3F, false, false),
            (0x40, false, true),
            (0x60, false, true),
            (0x7F, false, true),
        ] {
            let r = StatusReport {
                status,
                ..r.clone()
            };
            assert_eq!(
                (r.delivered(), r.final_()),
                (delivered, final_),
                "{status:#x}"
            );
            assert_eq!(report(&encode_status_report(&r).unwrap()).status, status);
        }
        // Optional TP-PI and user data after TP-ST are ignored.
        assert_eq!(report(&format!("{hex}0100")), r);
        // A report cut before TP-ST.
        assert_eq!(
            decode(&hex[..hex.len() - 2]),
            Err(PduError::Truncated {
                field: "TP-ST",
                octet: 32
            })
        );
    }

    #[test]
    fn concatenation_headers_8_and_16_bit() {
        for (reference, total, seq) in [
            (0u16, 2u8, 1u8),
            (255, 3, 3),
            (256, 2, 2),
            (0xBEEF, 255, 17),
        ] {
            for alphabet in [Alphabet::Gsm7, Alphabet::Ucs2, Alphabet::Data8] {
                let d = Deliver {
                    alphabet: alphabet.clone(),
                    text: "Qxf7#".into(),
                    concat: Some(Concat {
                        reference,
                        total,
                        seq,
                    }),
                    ..sample()
                };
                let hex = encode_deliver(&d).unwrap();
                let ie = if reference < 256 {
                    format!("050003{reference:02X}{total:02X}{seq:02X}")
                } else {
                    format!("060804{reference:04X}{total:02X}{seq:02X}")
                };
                assert!(hex.contains(&ie), "{hex} has {ie}");
                assert_eq!(deliver(&hex), d);
            }
        }
        // Impossible values are ignored; other elements are skipped.
        for (udh, concat) in [
            ("050003000201", Some((0, 2, 1))),
            ("050003000203", None),
            ("050003000000", None),
            ("0400020102", None),
            ("0B0504123400000003070201", Some((7, 2, 1))),
            ("0B00030102010804ABCD0302", Some((0xABCD, 3, 2))),
        ] {
            let ud_octets = udh.len() / 2;
            let hex = format!("0044028121000862119221000040{:02X}{udh}", ud_octets);
            let d = deliver(&hex);
            assert_eq!(
                d.concat,
                concat.map(|(reference, total, seq)| Concat {
                    reference,
                    total,
                    seq
                }),
                "{udh}"
            );
            assert_eq!(d.text, "");
        }
    }

    #[test]
    fn gsm_text_after_a_header_starts_on_a_septet() {
        // python-messaging's three parts of "Hello €[world] " × 20 (TP-MR 7).
        let parts = [
            "0061070D91947110325476F80000A0050003000301906536FB0DDA9437BCFB5BCE266F7C206499CD7E8336E50DEFFE96B3C91B1F085966B3DFA04D79C3BBBFE56CF2C6074296D9EC376853DEF0EE6F399BBCF181906536FB0DDA9437BCFB5BCE266F7C206499CD7E8336E50DEFFE96B3C91B1F085966B3DFA04D79C3BBBFE56CF2C6074296D9EC376853DEF0EE6F399BBCF181906536FB0DDA9437",
            "0061070D91947110325476F80000A005000300030278F7B79C4DDEF840C8329BFD066DCA1BDEFD2D6793373E10B2CC66BF419BF286777FCBD9E48D0F842CB3D96FD0A6BCE1DDDF723679E30321CB6CF61BB4296F78F7B79C4DDEF840C8329BFD066DCA1BDEFD2D6793373E10B2CC66BF419BF286777FCBD9E48D0F842CB3D96FD0A6BCE1DDDF723679E30321CB6CF61BB4296F78F7B79C4DDEF840",
            "0061070D91947110325476F800003D050003000303906536FB0DDA9437BCFB5BCE266F7C206499CD7E8336E50DEFFE96B3C91B1F085966B3DFA04D79C3BBBFE56CF2C60702",
        ];
        let mut text = String::new();
        for (i, hex) in parts.iter().enumerate() {
            let (to, part, concat, srr) = decode_submit(hex).unwrap();
            assert_eq!(to, "+4917012345678");
            assert_eq!(
                concat,
                Some(Concat {
                    reference: 0,
                    total: 3,
                    seq: i as u8 + 1
                })
            );
            assert!(srr);
            text.push_str(&part);
        }
        // python-messaging (under Python 3) cut an escape pair: part 1 ends
        // with the escape, part 2 starts with the code of '[' (0x3C, '<' in
        // the basic table). The trailing escape shows as a space.
        let mut cut = "Hello €[world] ".repeat(20);
        cut.replace_range(
            cut.match_indices('[')
                .nth(8)
                .map(|(i, _)| i..i + 1)
                .unwrap(),
            " <",
        );
        assert_eq!(text, cut);
    }

    #[test]
    fn splits_at_the_limits_without_cutting_pairs() {
        let join = |parts: &[SubmitPdu]| -> String {
            parts
                .iter()
                .map(|p| decode_submit(&p.hex).unwrap().1)
                .collect()
        };
        let sizes = |parts: &[SubmitPdu]| -> Vec<usize> {
            parts
                .iter()
                .map(|p| {
                    let text = decode_submit(&p.hex).unwrap().1;
                    gsm7::encode(&text).map_or_else(|| text.encode_utf16().count(), |s| s.len())
                })
                .collect()
        };
        // 160 septets: one SMS; 161: two of 153 + 8.
        let one = encode_submit("+4917012345678", &"x".repeat(160), false, 1).unwrap();
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].tpdu_len, 1 + 1 + 9 + 1 + 1 + 1 + 1 + 140);
        let two = encode_submit("+4917012345678", &"x".repeat(161), false, 1).unwrap();
        assert_eq!(sizes(&two), [153, 8]);
        assert_eq!(two[0].tpdu_len, 1 + 1 + 9 + 1 + 1 + 1 + 1 + 140);
        // A 16-bit reference leaves 152.
        let two = encode_submit("+4917012345678", &"x".repeat(161), false, 4000).unwrap();
        assert_eq!(sizes(&two), [152, 9]);
        // An escape pair that would straddle septets 153/154 moves on.
        let text = format!("{}€{}", "a".repeat(152), "b".repeat(10));
        let parts = encode_submit("0170", &text, false, 9).unwrap();
        assert_eq!(sizes(&parts), [152, 12]);
        assert_eq!(join(&parts), text);
        // UCS2: 70 units in one; then 67 per part, a surrogate pair kept whole.
        let one = encode_submit("0170", &"Ф".repeat(70), false, 1).unwrap();
        assert_eq!(one.len(), 1);
        let text = format!("{}🨀{}", "Ф".repeat(66), "Ф".repeat(10));
        let parts = encode_submit("0170", &text, true, 2).unwrap();
        assert_eq!(sizes(&parts), [66, 12]);
        assert_eq!(join(&parts), text);
        let parts = encode_submit("0170", &"Ф".repeat(140), true, 700).unwrap();
        assert_eq!(sizes(&parts), [66, 66, 8]);
        // Empty text: one empty SMS.
        let parts = encode_submit("0170", "", false, 0).unwrap();
        assert_eq!(join(&parts), "");
        // Too many parts.
        assert!(encode_submit("0170", &"x".repeat(153 * 255 + 1), false, 0).is_err());
        assert_eq!(
            encode_submit("0170", &"x".repeat(153 * 255), false, 0)
                .unwrap()
                .len(),
            255
        );
    }

    #[test]
    fn submit_header_fields() {
        let plain = encode_submit("0170123456", "hi", false, 0).unwrap();
        assert_eq!(
            plain[0].hex,
            format!("0011000A81{}0000A702E834", "1007214365")
        );
        let with_report = encode_submit("0170123456", "hi", true, 0).unwrap();
        assert!(with_report[0].hex.starts_with("0031"));
        let multi = encode_submit("0170123456", &"x".repeat(200), true, 0).unwrap();
        assert!(multi.iter().all(|p| p.hex.starts_with("0071")));
        assert!(multi.iter().all(|p| p.hex.len() == 2 + 2 * p.tpdu_len));
        assert!(decode_submit(&multi[0].hex).unwrap().3);
        for bad in [
            "",
            "+",
            "0170 123",
            "+49-170",
            "123456789012345678901",
            "abc",
        ] {
            assert!(
                matches!(
                    encode_submit(bad, "x", false, 0),
                    Err(PduError::Encode {
                        field: "recipient",
                        ..
                    })
                ),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn user_data_that_lies() {
        // 7-bit: UDL 10 septets need 9 octets.
        assert_eq!(
            decode("00040281210000621192210000400AE8329BFD4697D9EC"),
            Err(PduError::Invalid {
                field: "TP-UDL",
                octet: 14,
                reason: "10 septets need 9 octets of user data, 8 follow".into()
            })
        );
        // UCS2 with an odd octet: the replacement character.
        assert_eq!(
            deliver("0004028121000862119221000040030041DE").text,
            "A\u{FFFD}"
        );
        // A lone surrogate: the replacement character.
        assert_eq!(
            deliver("000402812100086211922100004004D8000041").text,
            "\u{FFFD}A"
        );
        // UDHI with a header longer than the data.
        assert!(matches!(
            decode("0044028121000862119221000040020500"),
            Err(PduError::Invalid {
                field: "TP-UDHL",
                octet: 15,
                ..
            })
        ));
        // UDHI with empty user data.
        assert!(matches!(
            decode("004402812100086211922100004000"),
            Err(PduError::Invalid {
                field: "TP-UDH",
                octet: 15,
                ..
            })
        ));
        // An element overrunning the header.
        assert!(matches!(
            decode("00440281210008621192210000400403000501"),
            Err(PduError::Invalid {
                field: "TP-UDH",
                octet: 16,
                ..
            })
        ));
        // 7-bit: UDL smaller than the header's septets.
        assert!(matches!(
            decode("004402812100006211922100004006050003010201"),
            Err(PduError::Invalid {
                field: "TP-UDL",
                ..
            })
        ));
        // Compressed.
        assert_eq!(
            decode("00040281210020621192210000400100"),
            Err(PduError::Compressed {
                dcs: 0x20,
                octet: 6
            })
        );
        // Trailing octets are ignored.
        assert_eq!(deliver("0004028121000062119221000040015400FF").text, "T");
    }

    #[test]
    fn malformed_hex_and_types() {
        assert_eq!(decode(""), Err(PduError::Empty));
        assert_eq!(decode("  \r\n"), Err(PduError::Empty));
        assert_eq!(decode("000"), Err(PduError::OddLength { digits: 3 }));
        assert_eq!(decode(" 00G4"), Err(PduError::NotHex { position: 3 }));
        assert_eq!(decode("00é4"), Err(PduError::NotHex { position: 2 }));
        assert_eq!(
            decode("00"),
            Err(PduError::Truncated {
                field: "first octet",
                octet: 1
            })
        );
        assert!(matches!(
            decode("0C"),
            Err(PduError::Invalid {
                field: "SMSC length",
                octet: 0,
                ..
            })
        ));
        assert_eq!(
            decode("0791947110"),
            Err(PduError::Truncated {
                field: "SMSC address",
                octet: 5
            })
        );
        assert!(matches!(
            decode("00041581"),
            Err(PduError::Invalid {
                field: "TP-OA",
                octet: 2,
                ..
            })
        ));
        let submit = &encode_submit("0170", "x", false, 0).unwrap()[0].hex;
        assert!(matches!(
            decode(submit),
            Err(PduError::UnexpectedType { octet: 1, found, .. }) if found.starts_with("SMS-SUBMIT")
        ));
        assert!(matches!(
            decode("0003"),
            Err(PduError::UnexpectedType { octet: 1, .. })
        ));
        assert!(matches!(
            decode_submit(&encode_deliver(&sample()).unwrap()),
            Err(PduError::UnexpectedType { octet: 8, .. })
        ));
        // Lower case and surrounding whitespace are fine.
        let hex = encode_deliver(&sample()).unwrap();
        assert_eq!(deliver(&format!(" {}\r\n", hex.to_lowercase())), sample());
        // Every error says something.
        assert!(decode("0004").unwrap_err().to_string().contains("TP-OA"));
    }

    #[test]
    fn data8_is_latin1() {
        let d = Deliver {
            alphabet: Alphabet::Data8,
            text: (0u8..=255).take(140).map(char::from).collect(),
            ..sample()
        };
        assert_eq!(deliver(&encode_deliver(&d).unwrap()), d);
        let d = Deliver {
            text: "€".into(),
            ..d
        };
        assert!(encode_deliver(&d).is_err());
        // DCS 0xF4: class 0 data; 0xE8 → UCS2; 0x10 (class 0, default).
        assert_eq!(
            deliver("000402812100F462119221000040024142").alphabet,
            Alphabet::Data8
        );
        assert_eq!(deliver("000402812100E8621192210000400200E4").text, "ä");
        assert_eq!(deliver("00040281210010621192210000400154").text, "T");
    }

    #[test]
    fn encode_deliver_checks_the_size() {
        let fits = Deliver {
            text: "x".repeat(160),
            ..sample()
        };
        assert_eq!(deliver(&encode_deliver(&fits).unwrap()), fits);
        let long = Deliver {
            text: "x".repeat(161),
            ..sample()
        };
        assert!(encode_deliver(&long).is_err());
        let with_udh = Deliver {
            text: "x".repeat(154),
            concat: Some(Concat {
                reference: 1,
                total: 2,
                seq: 1,
            }),
            ..sample()
        };
        assert!(encode_deliver(&with_udh).is_err());
        let ucs2 = Deliver {
            alphabet: Alphabet::Ucs2,
            text: "Ф".repeat(67),
            concat: Some(Concat {
                reference: 1,
                total: 2,
                seq: 1,
            }),
            ..sample()
        };
        assert_eq!(deliver(&encode_deliver(&ucs2).unwrap()), ucs2);
        let bad_concat = Deliver {
            concat: Some(Concat {
                reference: 1,
                total: 2,
                seq: 3,
            }),
            ..sample()
        };
        assert!(encode_deliver(&bad_concat).is_err());
    }

    /// xorshift64*: deterministic, no crate.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
        fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
            &items[self.below(items.len())]
        }
    }

    const GSM_CHARS: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€\u{C}";
    const WIDE_CHARS: &str = "КФЛСТкфлстЖжЯя♔♕♖♗♘♙♚♛♜♝♞♟🨀🩓😀中文";

    fn random_text(rng: &mut Rng, max: usize) -> String {
        let gsm: Vec<char> = GSM_CHARS.chars().collect();
        let wide: Vec<char> = WIDE_CHARS.chars().collect();
        let len = rng.below(max + 1);
        let ucs2 = rng.below(3) == 0;
        (0..len)
            .map(|_| {
                if ucs2 && rng.below(4) == 0 {
                    *rng.pick(&wide)
                } else {
                    *rng.pick(&gsm)
                }
            })
            .collect()
    }

    fn random_number(rng: &mut Rng) -> String {
        let len = 1 + rng.below(15);
        let digits: String = (0..len)
            .map(|_| char::from(b'0' + rng.below(10) as u8))
            .collect();
        if rng.below(2) == 0 {
            format!("+{digits}")
        } else {
            digits
        }
    }

    fn random_timestamp(rng: &mut Rng) -> String {
        let q = rng.below(57) as u32;
        let sign = if rng.below(2) == 0 || q == 0 {
            '+'
        } else {
            '-'
        };
        format!(
            "20{:02}-{:02}-{:02}T{:02}:{:02}:{:02}{sign}{:02}:{:02}",
            rng.below(100),
            1 + rng.below(12),
            1 + rng.below(28),
            rng.below(24),
            rng.below(60),
            rng.below(60),
            q * 15 / 60,
            q * 15 % 60
        )
    }

    /// Valid PDUs of every kind, and the values they hold.
    fn valid_pdus(rng: &mut Rng, n: usize) -> Vec<String> {
        let mut out = Vec::new();
        for _ in 0..n {
            let text = random_text(rng, 200);
            let to = random_number(rng);
            let parts =
                encode_submit(&to, &text, rng.below(2) == 0, rng.below(70000) as u16).unwrap();
            let joined: String = parts
                .iter()
                .map(|p| decode_submit(&p.hex).unwrap().1)
                .collect();
            assert_eq!(joined, text);
            for p in &parts {
                let (to2, _, concat, _) = decode_submit(&p.hex).unwrap();
                assert_eq!(to2, to);
                assert_eq!(concat.is_some(), parts.len() > 1);
                out.push(p.hex.clone());
            }
            let smsc = (rng.below(3) != 0).then(|| random_number(rng));
            let sender = if rng.below(4) == 0 {
                random_text(rng, 11)
            } else {
                random_number(rng)
            };
            let d = Deliver {
                smsc: smsc.clone(),
                sender,
                timestamp: random_timestamp(rng),
                alphabet: if gsm7::encode(&text).is_some() && rng.below(4) != 0 {
                    Alphabet::Gsm7
                } else {
                    Alphabet::Ucs2
                },
                text: text.chars().take(60).collect(),
                concat: (rng.below(2) == 0).then(|| {
                    let total = 1 + rng.below(255) as u8;
                    Concat {
                        reference: rng.below(70000) as u16,
                        total,
                        seq: 1 + rng.below(usize::from(total)) as u8,
                    }
                }),
            };
            if let Ok(hex) = encode_deliver(&d) {
                assert_eq!(decode(&hex), Ok(Incoming::Deliver(d.clone())), "{hex}");
                out.push(hex);
            }
            let r = StatusReport {
                smsc,
                reference: rng.below(256) as u8,
                recipient: random_number(rng),
                submitted: random_timestamp(rng),
                discharged: random_timestamp(rng),
                status: rng.below(256) as u8,
            };
            let hex = encode_status_report(&r).unwrap();
            assert_eq!(decode(&hex), Ok(Incoming::StatusReport(r)));
            out.push(hex);
        }
        out
    }

    /// What decoding promises for any input: no panic, and a decoded value
    /// that encodes back decodes to itself.
    fn check_any(hex: &str) {
        match decode(hex) {
            Ok(Incoming::Deliver(d)) => {
                if let Ok(again) = encode_deliver(&d) {
                    assert_eq!(decode(&again), Ok(Incoming::Deliver(d)), "{hex} → {again}");
                }
            }
            Ok(Incoming::StatusReport(r)) => {
                if let Ok(again) = encode_status_report(&r) {
                    assert_eq!(
                        decode(&again),
                        Ok(Incoming::StatusReport(r)),
                        "{hex} → {again}"
                    );
                }
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
        if let Ok((to, text, _, srr)) = decode_submit(hex)
            && !to.is_empty()
            && let Ok(parts) = encode_submit(&to, &text, srr, 0)
        {
            let joined: String = parts
                .iter()
                .map(|p| decode_submit(&p.hex).unwrap().1)
                .collect();
            assert_eq!(joined, text);
        }
    }

    #[test]
    fn random_round_trips_and_mutations_never_panic() {
        let mut rng = Rng(0x5EED_CC6A_7E00_0001);
        let pdus = valid_pdus(&mut rng, 400);
        assert!(pdus.len() > 1000);
        let mut decoded = 0;
        for _ in 0..30_000 {
            let pdu: &String = rng.pick(&pdus);
            let mut bytes = unhex(pdu).unwrap();
            for _ in 0..1 + rng.below(4) {
                let len = bytes.len();
                match rng.below(6) {
                    0 if len > 0 => {
                        let i = rng.below(len);
                        bytes[i] ^= 1 << rng.below(8);
                    }
                    1 if len > 0 => {
                        let i = rng.below(len);
                        bytes[i] = rng.below(256) as u8;
                    }
                    2 => bytes.truncate(rng.below(len + 1)),
                    3 => {
                        let i = rng.below(len + 1);
                        bytes.insert(i, rng.below(256) as u8);
                    }
                    4 if len > 0 => {
                        let i = rng.below(len);
                        bytes.remove(i);
                    }
                    _ if len > 0 => {
                        // A length-like octet set to an edge value.
                        let i = rng.below(len.min(40));
                        bytes[i] = *rng
                            .pick(&[0x00, 0x01, 0x06, 0x07, 0x0B, 0x14, 0x15, 0x8C, 0xA0, 0xFF]);
                    }
                    _ => {}
                }
            }
            let hex = hex(&bytes);
            check_any(&hex);
            decoded += usize::from(decode(&hex).is_ok());
            // Raw text, too: odd lengths, non-hex characters.
            let mut text = hex.clone();
            if rng.below(4) == 0 && !text.is_empty() {
                let i = rng.below(text.len());
                let with: &&str = rng.pick(&["G", "é", " ", "", "0", "\0"]);
                text.replace_range(i..i + 1, with);
            }
            check_any(&text);
        }
        // The mutations reach deep: a good share still decodes.
        assert!(decoded > 3_000, "{decoded}");
    }
}
