//! AX.25 v2.2 UI frames (TAPR, "AX.25 Link Access Protocol for Amateur
//! Packet Radio", version 2.2, 1998), as a KISS TNC passes them: without
//! flags, bit stuffing or FCS, which the TNC adds and checks.
//!
//! Address field: destination, source and up to 8 digipeaters, 7 bytes each:
//! six callsign characters shifted left one bit, padded with spaces, then
//! `C/H R R S S S S X` (command or has-been-repeated bit, two reserved bits
//! sent as 1, SSID, extension bit set on the last address only). Then
//! control 0x03 (UI), the PID (0xF0: no layer 3) and the information field.
//!
//! [`encode`] sends command frames (destination C = 1, source C = 0) with no
//! digipeater marked repeated; [`decode`] accepts any C, H and reserved bits.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Control field of a UI frame (P/F bit clear).
pub const CONTROL_UI: u8 = 0x03;
/// PID: no layer 3 protocol.
pub const PID_NO_L3: u8 = 0xF0;
/// The most digipeaters AX.25 v2.2 allows.
pub const MAX_DIGIS: usize = 8;
use crate::protocol::callsign::{Callsign, CallsignError, Why};
pub use crate::protocol::callsign::{MAX_CALL, MAX_SSID};

/// A callsign with its SSID, as `N0CALL-7` (`N0CALL` for SSID 0).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Address {
    /// 1–6 upper-case letters and digits.
    pub call: String,
    /// 0–15.
    pub ssid: u8,
}

/// Why a callsign or frame was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Ax25Error {
    #[error("AX.25: empty callsign")]
    EmptyCall,
    #[error("AX.25: callsign {0:?} longer than 6 characters")]
    CallTooLong(String),
    #[error("AX.25: callsign {0:?} has a character other than A–Z and 0–9")]
    BadCallChar(String),
    #[error("AX.25: SSID {0:?} is not a number from 0 to 15")]
    BadSsid(String),
    #[error("AX.25: {0} digipeaters, at most 8")]
    TooManyDigis(usize),
    #[error("AX.25: frame of {0} bytes is shorter than an address field, control and PID")]
    TooShort(usize),
    #[error("AX.25: the address field has no end (no extension bit) within {0} bytes")]
    UnterminatedAddress(usize),
    #[error("AX.25: the address field ends after the destination")]
    NoSource,
    #[error("AX.25: address {index}: byte 0x{byte:02X} is not a shifted A–Z, 0–9 or space")]
    BadAddressByte { index: usize, byte: u8 },
    #[error("AX.25: address {index}: callsign has a space before its end")]
    InnerSpace { index: usize },
    #[error("AX.25: address {index}: empty callsign")]
    EmptyAddress { index: usize },
    #[error("AX.25: control 0x{0:02X} is not a UI frame")]
    NotUi(u8),
    #[error("AX.25: UI frame has no PID byte")]
    NoPid,
}

impl Address {
    /// A checked address: `call` is upper-cased.
    pub fn new(call: &str, ssid: u8) -> Result<Address, Ax25Error> {
        Callsign::from_parts(call, ssid)
            .map(Address::from)
            .map_err(Ax25Error::from)
    }

    /// The 7 bytes of this address with the given C/H and extension bits.
    /// The address must be valid (see [`Address::new`]).
    fn write(&self, out: &mut Vec<u8>, c_or_h: bool, last: bool) {
        let call = self.call.as_bytes();
        for i in 0..MAX_CALL {
            out.push(call.get(i).copied().unwrap_or(b' ') << 1);
        }
        out.push(
            (u8::from(c_or_h) << 7) | 0b0110_0000 | ((self.ssid & 0x0F) << 1) | u8::from(last),
        );
    }

    fn read(index: usize, b: &[u8]) -> Result<Address, Ax25Error> {
        let mut call = String::with_capacity(MAX_CALL);
        let mut ended = false;
        for &byte in &b[..MAX_CALL] {
            let c = byte >> 1;
            if byte & 1 != 0 || !(c == b' ' || c.is_ascii_uppercase() || c.is_ascii_digit()) {
                return Err(Ax25Error::BadAddressByte { index, byte });
            }
            if c == b' ' {
                ended = true;
            } else if ended {
                return Err(Ax25Error::InnerSpace { index });
            } else {
                call.push(char::from(c));
            }
        }
        if call.is_empty() {
            return Err(Ax25Error::EmptyAddress { index });
        }
        Ok(Address {
            call,
            ssid: (b[MAX_CALL] >> 1) & 0x0F,
        })
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ssid == 0 {
            f.write_str(&self.call)
        } else {
            write!(f, "{}-{}", self.call, self.ssid)
        }
    }
}

impl FromStr for Address {
    type Err = Ax25Error;

    /// `CALL` or `CALL-SSID` (SSID 0–15, decimal).
    fn from_str(s: &str) -> Result<Address, Ax25Error> {
        Callsign::new(s).map(Address::from).map_err(Ax25Error::from)
    }
}

/// Every station id has one form ([`Callsign`]); AX.25 only names its errors.
impl From<CallsignError> for Ax25Error {
    fn from(e: CallsignError) -> Self {
        match e.why {
            Why::Empty => Ax25Error::EmptyCall,
            Why::TooLong(call) => Ax25Error::CallTooLong(call),
            Why::BadChar(call) => Ax25Error::BadCallChar(call),
            Why::BadSsid(ssid) => Ax25Error::BadSsid(ssid),
        }
    }
}

impl From<Callsign> for Address {
    fn from(c: Callsign) -> Self {
        Address {
            call: c.base().to_string(),
            ssid: c.ssid(),
        }
    }
}

/// An AX.25 UI frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UiFrame {
    pub dest: Address,
    pub source: Address,
    /// 0–8 digipeaters, in path order.
    pub digis: Vec<Address>,
    /// Normally [`PID_NO_L3`].
    pub pid: u8,
    pub info: Vec<u8>,
}

impl UiFrame {
    /// A UI frame with PID 0xF0 (no layer 3).
    pub fn new(dest: Address, source: Address, digis: Vec<Address>, info: Vec<u8>) -> UiFrame {
        UiFrame {
            dest,
            source,
            digis,
            pid: PID_NO_L3,
            info,
        }
    }
}

fn check(a: &Address) -> Result<(), Ax25Error> {
    Address::new(&a.call, a.ssid).and_then(|b| {
        if b.call == a.call {
            Ok(())
        } else {
            Err(Ax25Error::BadCallChar(a.call.clone()))
        }
    })
}

/// The frame's bytes, without FCS: a command frame (destination C bit 1,
/// source C bit 0), no digipeater marked as repeated. Refuses invalid
/// addresses (the fields are public) and more than 8 digipeaters.
pub fn encode(frame: &UiFrame) -> Result<Vec<u8>, Ax25Error> {
    if frame.digis.len() > MAX_DIGIS {
        return Err(Ax25Error::TooManyDigis(frame.digis.len()));
    }
    check(&frame.dest)?;
    check(&frame.source)?;
    for d in &frame.digis {
        check(d)?;
    }
    let mut out = Vec::with_capacity(16 + 7 * frame.digis.len() + frame.info.len());
    frame.dest.write(&mut out, true, false);
    frame.source.write(&mut out, false, frame.digis.is_empty());
    for (i, d) in frame.digis.iter().enumerate() {
        d.write(&mut out, false, i + 1 == frame.digis.len());
    }
    out.push(CONTROL_UI);
    out.push(frame.pid);
    out.extend_from_slice(&frame.info);
    Ok(out)
}

/// Reads a UI frame (without FCS). Refuses other frame types, malformed
/// addresses and address fields longer than destination, source and 8
/// digipeaters.
pub fn decode(bytes: &[u8]) -> Result<UiFrame, Ax25Error> {
    if bytes.len() < 16 {
        return Err(Ax25Error::TooShort(bytes.len()));
    }
    let mut addrs = Vec::with_capacity(2);
    let mut pos = 0;
    loop {
        if pos + 7 > bytes.len() || addrs.len() == 2 + MAX_DIGIS {
            return Err(Ax25Error::UnterminatedAddress(pos));
        }
        let chunk = &bytes[pos..pos + 7];
        addrs.push(Address::read(addrs.len(), chunk)?);
        pos += 7;
        if chunk[6] & 1 == 1 {
            break;
        }
    }
    if addrs.len() < 2 {
        return Err(Ax25Error::NoSource);
    }
    let control = *bytes.get(pos).ok_or(Ax25Error::TooShort(bytes.len()))?;
    // UI with the P/F bit (0x10) set or clear.
    if control & !0x10 != CONTROL_UI {
        return Err(Ax25Error::NotUi(control));
    }
    let pid = *bytes.get(pos + 1).ok_or(Ax25Error::NoPid)?;
    let info = bytes[pos + 2..].to_vec();
    let mut addrs = addrs.into_iter();
    let (Some(dest), Some(source)) = (addrs.next(), addrs.next()) else {
        return Err(Ax25Error::NoSource);
    };
    Ok(UiFrame {
        dest,
        source,
        digis: addrs.collect(),
        pid,
        info,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(s: &str) -> Address {
        s.parse().unwrap()
    }

    fn hex(s: &str) -> Vec<u8> {
        let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    #[test]
    fn address_parse_and_display() {
        assert_eq!(
            a("N0CALL-7"),
            Address {
                call: "N0CALL".into(),
                ssid: 7
            }
        );
        assert_eq!(a("N0CALL-7").to_string(), "N0CALL-7");
        assert_eq!(a("wide2-0").to_string(), "WIDE2");
        assert_eq!(a("K1A-15").ssid, 15);
        assert_eq!("".parse::<Address>(), Err(Ax25Error::EmptyCall));
        assert_eq!("-3".parse::<Address>(), Err(Ax25Error::EmptyCall));
        assert!(matches!(
            "ABCDEFG".parse::<Address>(),
            Err(Ax25Error::CallTooLong(_))
        ));
        assert!(matches!(
            "AB/C".parse::<Address>(),
            Err(Ax25Error::BadCallChar(_))
        ));
        for bad in [
            "N0CALL-16",
            "N0CALL-",
            "N0CALL-x",
            "N0CALL-1-2",
            "N0CALL-+1",
            "N0CALL-007",
        ] {
            assert!(
                matches!(bad.parse::<Address>(), Err(Ax25Error::BadSsid(_))),
                "{bad}"
            );
        }
    }

    /// The non-repeater address example of the AX.25 spec (v2.0 figure 3.5,
    /// v2.2 section 3.12.2): destination NJ7P (C = 1, SSID byte 0xE0) and
    /// source N7LEM (C = 0, extension bit, SSID byte 0x61).
    #[test]
    fn spec_address_example() {
        let f = UiFrame::new(a("NJ7P"), a("N7LEM"), vec![], b"hi".to_vec());
        let bytes = encode(&f).unwrap();
        assert_eq!(
            bytes,
            hex("9C 94 6E A0 40 40 E0  9C 6E 98 8A 9A 40 61  03 F0 6869")
        );
        assert_eq!(decode(&bytes).unwrap(), f);
    }

    /// A frame received by a KPC-3 and decoded by hand by Henk de Groot on
    /// the TAPR aprssig list ("TNC Trace mode", 4 September 2004):
    /// VK4TEC>APU25N,RELAY,WIDE with info "\r", sent AX.25 v1 style (both C
    /// bits 0), which we read all the same.
    #[test]
    fn aprssig_trace_example() {
        let bytes = hex("82A0AA646A9C60 AC9668A88A8660 A48A9882B24060 AE92888A404061 03F00D");
        let f = decode(&bytes).unwrap();
        assert_eq!(f.dest, a("APU25N"));
        assert_eq!(f.source, a("VK4TEC"));
        assert_eq!(f.digis, [a("RELAY"), a("WIDE")]);
        assert_eq!(f.pid, PID_NO_L3);
        assert_eq!(f.info, b"\r");
        // We send it as v2 command: destination C bit set.
        let mut ours = bytes.clone();
        ours[6] |= 0x80;
        assert_eq!(encode(&f).unwrap(), ours);
    }

    #[test]
    fn roundtrip_with_eight_digis_and_ssids() {
        let digis: Vec<Address> = (0..8).map(|i| a(&format!("DIGI{i}-{}", i + 8))).collect();
        let f = UiFrame::new(a("CQ-15"), a("N0CALL-7"), digis, (0..=255).collect());
        let bytes = encode(&f).unwrap();
        assert_eq!(bytes.len(), 70 + 2 + 256);
        assert_eq!(bytes[69] & 1, 1);
        assert!(
            bytes[..69]
                .iter()
                .skip(6)
                .step_by(7)
                .all(|b| b & 0x61 == 0x60)
        );
        assert_eq!(decode(&bytes).unwrap(), f);
    }

    #[test]
    fn encode_refuses_bad_frames() {
        let mut f = UiFrame::new(a("CQ"), a("N0CALL"), vec![a("WIDE1-1"); 9], vec![]);
        assert_eq!(encode(&f), Err(Ax25Error::TooManyDigis(9)));
        f.digis.clear();
        f.source.call = "n0call".into();
        assert!(matches!(encode(&f), Err(Ax25Error::BadCallChar(_))));
        f.source.call = "N0CALL".into();
        f.dest.ssid = 16;
        assert!(matches!(encode(&f), Err(Ax25Error::BadSsid(_))));
    }

    #[test]
    fn decode_errors() {
        let good = encode(&UiFrame::new(
            a("CQ"),
            a("N0CALL-1"),
            vec![a("WIDE2-2")],
            b"x".to_vec(),
        ))
        .unwrap();
        assert_eq!(decode(&good[..15]), Err(Ax25Error::TooShort(15)));
        // Control: SABM is refused, UI with P/F set is read.
        let mut b = good.clone();
        b[21] = 0x2F;
        assert_eq!(decode(&b), Err(Ax25Error::NotUi(0x2F)));
        b[21] = 0x13;
        assert!(decode(&b).is_ok());
        // No extension bit anywhere.
        let mut b = good.clone();
        b[20] &= !1;
        assert!(matches!(
            decode(&b),
            Err(Ax25Error::NotUi(_))
                | Err(Ax25Error::BadAddressByte { .. })
                | Err(Ax25Error::UnterminatedAddress(_))
        ));
        let mut long = Vec::new();
        for _ in 0..12 {
            a("AB").write(&mut long, false, false);
        }
        assert_eq!(decode(&long), Err(Ax25Error::UnterminatedAddress(70)));
        // Extension bit on the destination.
        let mut b = good.clone();
        b[6] |= 1;
        assert_eq!(decode(&b), Err(Ax25Error::NoSource));
        // Callsign bytes.
        let mut b = good.clone();
        b[8] = b'/' << 1;
        assert_eq!(
            decode(&b),
            Err(Ax25Error::BadAddressByte {
                index: 1,
                byte: b'/' << 1
            })
        );
        let mut b = good.clone();
        b[8] |= 1;
        assert!(matches!(
            decode(&b),
            Err(Ax25Error::BadAddressByte { index: 1, .. })
        ));
        let mut b = good.clone();
        // "C", space, "A": a space inside the callsign.
        b[1] = b' ' << 1;
        b[2] = b'A' << 1;
        assert_eq!(decode(&b), Err(Ax25Error::InnerSpace { index: 0 }));
        let mut b = good.clone();
        b[..6].fill(b' ' << 1);
        assert_eq!(decode(&b), Err(Ax25Error::EmptyAddress { index: 0 }));
        // Control and no PID.
        assert_eq!(decode(&good[..22]), Err(Ax25Error::NoPid));
        // Empty info is fine.
        assert_eq!(decode(&good[..23]).unwrap().info, b"");
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        let good = encode(&UiFrame::new(
            a("CQ"),
            a("N0CALL-1"),
            vec![a("WIDE2-2")],
            b"xyz".to_vec(),
        ))
        .unwrap();
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut b = good.clone();
            b[(x >> 8) as usize % good.len()] = (x >> 40) as u8;
            b.truncate((x >> 20) as usize % (good.len() + 1));
            let _ = decode(&b);
        }
    }
}
