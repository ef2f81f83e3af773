//! The modem's side of the AT dialogue (3GPP TS 27.005 and 27.007), line by
//! line: final result codes, information responses and unsolicited result
//! codes, parsed with nom into typed values. Anything else (echo, garbage on
//! the line, vendor chatter) is [`Line::Other`], never an error: a driver
//! must keep reading through noise.
//!
//! ```
//! use ccgate::transport::sms::at::{Line, parse_line};
//! assert_eq!(parse_line("+CMTI: \"SM\",3"), Line::NewMessage { storage: "SM".into(), index: 3 });
//! assert_eq!(parse_line("+CMS ERROR: 321"), Line::CmsError(321));
//! assert_eq!(parse_line("OK"), Line::Ok);
//! ```

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit1, space0};
use nom::combinator::{map, map_res, opt};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

/// One line from the modem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    Ok,
    Error,
    /// `+CMS ERROR: <n>`: a message-service failure (TS 27.005 §3.2.5).
    CmsError(u16),
    /// `+CME ERROR: <n or text>`: an equipment failure (TS 27.007 §9.2).
    CmeError(String),
    /// `+CMTI: <mem>,<index>`: a new message stored.
    NewMessage {
        storage: String,
        index: u32,
    },
    /// `+CDS: <length>`: a status report follows on the next line.
    StatusReportFollows {
        length: usize,
    },
    /// `+CDSI: <mem>,<index>`: a status report stored.
    StatusReportStored {
        storage: String,
        index: u32,
    },
    /// `+CMGL: <index>,<stat>,[<alpha>],<length>`: a listed message, PDU next.
    Listed {
        index: u32,
        stat: u8,
        length: usize,
    },
    /// `+CMGR: <stat>,[<alpha>],<length>`: the message read, PDU next.
    Read {
        stat: u8,
        length: usize,
    },
    /// `+CMGS: <mr>`: sent, with its reference.
    Sent {
        reference: u8,
    },
    /// `+CPIN: <code>` (`READY`, `SIM PIN`, …).
    Pin(String),
    /// `+CREG: [<n>,]<stat>`: 1 home, 5 roaming are registered.
    Registration {
        stat: u8,
    },
    /// `+CSQ: <rssi>,<ber>`.
    Signal {
        rssi: u8,
        ber: u8,
    },
    /// The modem restarted (`RDY`, `+CFUN: 1`, `^BOOT`…) or rang.
    Restarted,
    /// Echo, PDUs, vendor lines, noise.
    Other(String),
}

fn number<T: std::str::FromStr>(i: &str) -> IResult<&str, T> {
    map_res(digit1, str::parse).parse(i)
}

fn comma(i: &str) -> IResult<&str, char> {
    delimited(space0, char(','), space0).parse(i)
}

// nom's result: the `String` is the text parsed, not an error.
fn quoted(i: &str) -> IResult<&str, String> {
    map(
        alt((
            delimited(char('"'), take_while(|c| c != '"'), char('"')),
            take_while1(|c: char| c.is_ascii_alphanumeric()),
        )),
        str::to_string,
    )
    .parse(i)
}

/// `[<alpha>]`: an optional quoted or bare field, skipped.
fn optional_field(i: &str) -> IResult<&str, ()> {
    map(opt(quoted), drop).parse(i)
}

fn storage_index(i: &str) -> IResult<&str, (String, u32)> {
    (quoted, preceded(comma, number)).parse(i)
}

fn info(i: &str) -> IResult<&str, Line> {
    alt((
        map(
            preceded(tag("+CMTI:"), preceded(space0, storage_index)),
            |(storage, index)| Line::NewMessage { storage, index },
        ),
        map(
            preceded(tag("+CDSI:"), preceded(space0, storage_index)),
            |(storage, index)| Line::StatusReportStored { storage, index },
        ),
        map(preceded(tag("+CDS:"), preceded(space0, number)), |length| {
            Line::StatusReportFollows { length }
        }),
        map(
            preceded(
                tag("+CMGL:"),
                (
                    preceded(space0, number),
                    preceded(comma, number),
                    preceded(comma, optional_field),
                    preceded(comma, number),
                ),
            ),
            |(index, stat, (), length)| Line::Listed {
                index,
                stat,
                length,
            },
        ),
        map(
            preceded(
                tag("+CMGR:"),
                (
                    preceded(space0, number),
                    preceded(comma, optional_field),
                    preceded(comma, number),
                ),
            ),
            |(stat, (), length)| Line::Read { stat, length },
        ),
        map(
            preceded(tag("+CMGS:"), preceded(space0, number)),
            |reference| Line::Sent { reference },
        ),
        map(
            preceded(tag("+CMS ERROR:"), preceded(space0, number)),
            Line::CmsError,
        ),
        map(
            preceded(tag("+CME ERROR:"), preceded(space0, take_while(|_| true))),
            |s: &str| Line::CmeError(s.trim().to_string()),
        ),
        map(
            preceded(tag("+CPIN:"), preceded(space0, take_while(|_| true))),
            |s: &str| Line::Pin(s.trim().trim_matches('"').to_string()),
        ),
        map(
            preceded(
                tag("+CREG:"),
                preceded(space0, (number::<u8>, opt(preceded(comma, number::<u8>)))),
            ),
            |(a, b)| Line::Registration {
                stat: b.unwrap_or(a),
            },
        ),
        map(
            preceded(
                tag("+CSQ:"),
                (preceded(space0, number), preceded(comma, number)),
            ),
            |(rssi, ber)| Line::Signal { rssi, ber },
        ),
    ))
    .parse(i)
}

/// Classifies one line (without its CR LF).
pub fn parse_line(line: &str) -> Line {
    let t = line.trim();
    match t {
        "OK" => return Line::Ok,
        "ERROR" => return Line::Error,
        "RDY" | "^BOOT" | "+CFUN: 1" | "START" => return Line::Restarted,
        _ => {}
    }
    // Trailing fields some modems add (extra parameters) are ignored.
    match info(t) {
        Ok((_, line)) => line,
        Err(_) => Line::Other(t.to_string()),
    }
}

/// True for a line a command ends with.
pub fn is_final(line: &Line) -> bool {
    matches!(
        line,
        Line::Ok | Line::Error | Line::CmsError(_) | Line::CmeError(_)
    )
}

/// True for a line the modem sends on its own, between commands or inside one.
pub fn is_unsolicited(line: &Line) -> bool {
    matches!(
        line,
        Line::NewMessage { .. }
            | Line::StatusReportFollows { .. }
            | Line::StatusReportStored { .. }
            | Line::Restarted
    )
}

/// True if a line is all hex digits: a PDU.
pub fn is_pdu(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.len().is_multiple_of(2) && t.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_codes_and_responses() {
        let cases = [
            ("OK", Line::Ok),
            ("ERROR", Line::Error),
            ("+CMS ERROR: 500", Line::CmsError(500)),
            ("+CME ERROR: 16", Line::CmeError("16".into())),
            (
                "+CME ERROR: incorrect password",
                Line::CmeError("incorrect password".into()),
            ),
            (
                "+CMTI: \"ME\",12",
                Line::NewMessage {
                    storage: "ME".into(),
                    index: 12,
                },
            ),
            ("+CDS: 25", Line::StatusReportFollows { length: 25 }),
            (
                "+CDSI: \"SR\",2",
                Line::StatusReportStored {
                    storage: "SR".into(),
                    index: 2,
                },
            ),
            (
                "+CMGL: 3,1,,24",
                Line::Listed {
                    index: 3,
                    stat: 1,
                    length: 24,
                },
            ),
            (
                "+CMGL: 3,0,\"Anna\",24",
                Line::Listed {
                    index: 3,
                    stat: 0,
                    length: 24,
                },
            ),
            (
                "+CMGR: 0,,23",
                Line::Read {
                    stat: 0,
                    length: 23,
                },
            ),
            ("+CMGS: 17", Line::Sent { reference: 17 }),
            ("+CPIN: SIM PIN", Line::Pin("SIM PIN".into())),
            ("+CPIN: READY", Line::Pin("READY".into())),
            ("+CREG: 0,1", Line::Registration { stat: 1 }),
            ("+CREG: 5", Line::Registration { stat: 5 }),
            ("+CSQ: 20,99", Line::Signal { rssi: 20, ber: 99 }),
            ("RDY", Line::Restarted),
        ];
        for (text, want) in cases {
            assert_eq!(parse_line(text), want, "{text}");
        }
    }

    #[test]
    fn noise_is_other_never_a_panic() {
        for junk in [
            "",
            "AT+CMGL=4",
            "\u{0}\u{ff}x",
            "+CMTI:",
            "+CMTI: \"SM\",",
            "+CMGS: 999",
            "+CMGL: 1,2",
            "07911326040000F0040B911346610089F60000208062917314080CC8F71D14969741F977FD07",
        ] {
            assert!(matches!(parse_line(junk), Line::Other(_)), "{junk:?}");
        }
        assert!(is_pdu("07911326040000F0"));
        assert!(!is_pdu("07911326040000F"));
    }
}
