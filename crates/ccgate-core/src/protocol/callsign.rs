//! A radio station id: the one form the address book, the frame codec,
//! AX.25 and the configuration share.
//!
//! A callsign is 1 to 6 letters and digits, upper-cased, with an SSID
//! 0..=15 written `-7` (one or two digits; `-07` is read as `-7`, and `-0`
//! is the bare call). It is written `G4ABC` (SSID 0) or `G4ABC-7`, so a
//! player's address always matches the frames' sender. A player's address
//! is held to the stricter rule of a licensed station ([`Callsign::is_station`]).
//!
//! ```
//! use ccgate_core::protocol::callsign::Callsign;
//! let c = Callsign::new(" g4abc-07 ").unwrap();
//! assert_eq!((c.base(), c.ssid(), c.to_string()), ("G4ABC", 7, "G4ABC-7".to_string()));
//! assert_eq!(Callsign::new("G4ABC-0").unwrap().to_string(), "G4ABC");
//! assert!(Callsign::new("G4ABC-16").is_err() && Callsign::new("TOOLONG1").is_err());
//! assert!(!Callsign::new("X1").unwrap().is_station());
//! ```

use std::fmt;
use std::str::FromStr;

/// The longest call without SSID.
pub const MAX_CALL: usize = 6;
/// The highest SSID.
pub const MAX_SSID: u8 = 15;

/// A station id: call and SSID.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Callsign {
    base: [u8; MAX_CALL],
    len: u8,
    ssid: u8,
}

/// A callsign that cannot be read, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a callsign: {text:?} (1 to 6 letters and digits, optional -0..-15)")]
pub struct CallsignError {
    /// The text as given.
    pub text: String,
    pub why: Why,
}

/// The rule a refused callsign breaks (the call upper-cased).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    Empty,
    TooLong(String),
    BadChar(String),
    /// The SSID as written.
    BadSsid(String),
}

impl Callsign {
    /// Reads `text` as written (`G4ABC-7`), trimmed and upper-cased.
    pub fn new(text: &str) -> Result<Self, CallsignError> {
        Self::parse(text.trim()).map_err(|why| CallsignError {
            text: text.to_owned(),
            why,
        })
    }

    fn parse(text: &str) -> Result<Self, Why> {
        match text.split_once('-') {
            None => Self::checked(text, 0),
            Some((call, ssid)) => {
                let n = (!ssid.is_empty()
                    && ssid.len() <= 2
                    && ssid.bytes().all(|b| b.is_ascii_digit()))
                .then(|| ssid.parse::<u8>().ok())
                .flatten();
                match n {
                    Some(n) => Self::checked(call, n),
                    None => Err(Why::BadSsid(ssid.to_string())),
                }
            }
        }
    }

    /// A call and an SSID given apart (as AX.25 carries them).
    pub fn from_parts(call: &str, ssid: u8) -> Result<Self, CallsignError> {
        Self::checked(call, ssid).map_err(|why| CallsignError {
            text: format!("{call}-{ssid}"),
            why,
        })
    }

    fn checked(call: &str, ssid: u8) -> Result<Self, Why> {
        let upper = call.to_ascii_uppercase();
        if upper.is_empty() {
            return Err(Why::Empty);
        }
        if !upper.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(Why::BadChar(upper));
        }
        if upper.len() > MAX_CALL {
            return Err(Why::TooLong(upper));
        }
        if ssid > MAX_SSID {
            return Err(Why::BadSsid(ssid.to_string()));
        }
        let mut base = [b' '; MAX_CALL];
        base[..upper.len()].copy_from_slice(upper.as_bytes());
        Ok(Self {
            base,
            len: upper.len() as u8,
            ssid,
        })
    }

    /// The call without SSID, upper-case.
    pub fn base(&self) -> &str {
        // Only ASCII capitals and digits are ever stored.
        std::str::from_utf8(&self.base[..usize::from(self.len)]).unwrap_or("")
    }

    /// The SSID, 0..=15.
    pub fn ssid(&self) -> u8 {
        self.ssid
    }

    /// Shaped like a licensed station's call (3 to 6 characters, a digit
    /// among them): the rule for players' addresses, stricter than the
    /// link's, which also carries tactical calls such as `RELAY`.
    pub fn is_station(&self) -> bool {
        self.len >= 3 && self.base().bytes().any(|b| b.is_ascii_digit())
    }

    /// The frame codec's 7 bytes: the call padded with spaces, the SSID.
    pub fn to_bytes(self) -> [u8; 7] {
        let mut out = [0; 7];
        out[..MAX_CALL].copy_from_slice(&self.base);
        out[MAX_CALL] = self.ssid;
        out
    }

    /// Reads [`Callsign::to_bytes`]' form (at least 7 bytes); the call must
    /// already be upper-case, as every sender writes it.
    pub fn from_bytes(b: &[u8]) -> Option<Self> {
        let b = b.get(..=MAX_CALL)?;
        let len = b[..MAX_CALL]
            .iter()
            .position(|&c| c == b' ')
            .unwrap_or(MAX_CALL);
        let ok = len > 0
            && b[..len]
                .iter()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            && b[len..MAX_CALL].iter().all(|&c| c == b' ')
            && b[MAX_CALL] <= MAX_SSID;
        ok.then(|| {
            let mut base = [b' '; MAX_CALL];
            base.copy_from_slice(&b[..MAX_CALL]);
            Self {
                base,
                len: len as u8,
                ssid: b[MAX_CALL],
            }
        })
    }
}

impl fmt::Display for Callsign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.base())?;
        if self.ssid != 0 {
            write!(f, "-{}", self.ssid)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Callsign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Callsign({self})")
    }
}

impl FromStr for Callsign {
    type Err = CallsignError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::new(s)
    }
}
