//! The radio link's frame codec, as specified in `protocols/radio.md`.
//!
//! Pure code: no I/O, no timers, no store. [`encode`] turns a [`Frame`] into
//! the bytes written to the serial line; a [`Deframer`] is fed whatever the
//! line delivers (partial frames, noise, garbage between frames, in chunks of
//! any size) and gives back good frames and [`FrameError`]s, so that the link
//! layer can NAK. No input makes it panic; after any damage it finds its feet
//! again at the next start delimiter.
//!
//! Two encodings carry the same frames:
//!
//! - **binary** (the default): `0x7E`, byte-stuffed body, `0x7E`, the body
//!   ending in a CRC-32/ISCSI (and, with a key, an HMAC-SHA256 truncated to
//!   8 bytes before it);
//! - **restricted** (telegraph-style links): one line of capitals, digits and
//!   a few signs, `ZCZC … NNNN`, binary fields in upper-case hex.

use std::collections::VecDeque;
use std::fmt;

use crc::{CRC_32_ISCSI, Crc};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use thiserror::Error;

/// The frame check: CRC-32/ISCSI (Castagnoli), see `radio.md` §4.
pub const CRC32C: Crc<u32> = Crc::<u32>::new(&CRC_32_ISCSI);

/// Start and end delimiter of a binary frame.
pub const FLAG: u8 = 0x7E;
/// Escape: the next byte is sent XOR [`ESC_XOR`].
pub const ESC: u8 = 0x7D;
/// What an escaped byte is XORed with.
pub const ESC_XOR: u8 = 0x20;
/// Software flow control (DC1), never sent raw, ignored on receipt.
pub const XON: u8 = 0x11;
/// Software flow control (DC3), never sent raw, ignored on receipt.
pub const XOFF: u8 = 0x13;

/// The high nibble of the type byte for protocol version 1 (`0x4`: type
/// bytes `0x41`..=`0x4D` never need escaping).
pub const VERSION: u8 = 0x4;
/// Type-byte bit: an HMAC is present.
pub const MAC_FLAG: u8 = 0x08;
/// Length of the truncated HMAC-SHA256.
pub const MAC_LEN: usize = 8;
/// Length of the CRC.
pub const CRC_LEN: usize = 4;
/// Type, from, to, epoch, seq, ack.
pub const HEADER_LEN: usize = 1 + 7 + 7 + 2 + 1 + 1;
/// Longest message text, in bytes.
pub const MAX_TEXT: usize = 255;
/// Longest unstuffed binary body.
pub const MAX_BODY: usize = HEADER_LEN + MAX_TEXT + MAC_LEN + CRC_LEN;
/// Longest restricted frame between `ZCZC` and `NNNN`.
pub const MAX_LINE: usize = 64 + MAX_TEXT + 2 * MAC_LEN + 2 * CRC_LEN;

/// Start of a restricted frame.
pub const START_LINE: &[u8; 4] = b"ZCZC";
/// End of a restricted frame.
pub const END_LINE: &[u8; 4] = b"NNNN";
/// The signs allowed in restricted mode besides `A`–`Z`, `0`–`9` and space.
pub const RESTRICTED_SIGNS: &str = "-?:().,'=/+";

/// Whether `b` may appear in a restricted frame (CR and LF aside).
pub fn is_restricted(b: u8) -> bool {
    b.is_ascii_uppercase()
        || b.is_ascii_digit()
        || b == b' '
        || RESTRICTED_SIGNS.as_bytes().contains(&b)
}

pub use crate::protocol::callsign::{Callsign, CallsignError};

/// The frame kinds, with their numbers in the type byte and their letters
/// in restricted mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A message.
    Data = 1,
    /// Cumulative + selective acknowledgement.
    Ack = 2,
    /// Like ACK, and asks for the holes to be sent again now.
    Nak = 3,
    /// Keep-alive; asks for an ACK.
    Ping = 4,
    /// Starts a new epoch of the sender's stream.
    Reset = 5,
}

impl Kind {
    fn from_number(n: u8) -> Option<Self> {
        Some(match n {
            1 => Self::Data,
            2 => Self::Ack,
            3 => Self::Nak,
            4 => Self::Ping,
            5 => Self::Reset,
            _ => return None,
        })
    }

    /// The letter in restricted mode.
    pub fn letter(self) -> u8 {
        match self {
            Self::Data => b'D',
            Self::Ack => b'A',
            Self::Nak => b'N',
            Self::Ping => b'P',
            Self::Reset => b'R',
        }
    }

    fn from_letter(b: u8) -> Option<Self> {
        Some(match b {
            b'D' => Self::Data,
            b'A' => Self::Ack,
            b'N' => Self::Nak,
            b'P' => Self::Ping,
            b'R' => Self::Reset,
            _ => return None,
        })
    }
}

/// What a frame carries beyond the common header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// A message text (the SMS message protocol), up to [`MAX_TEXT`] bytes.
    Data(String),
    /// Bit `i` of `sack`: the peer's frame `ack + 1 + i` has arrived.
    Ack { sack: u32 },
    /// As [`Body::Ack`], and please retransmit the holes now.
    Nak { sack: u32 },
    /// Keep-alive.
    Ping,
    /// New epoch. When `count` > 0 the sender renumbers the `count`
    /// unacknowledged frames that stood at positions `old`.. in its
    /// previous numbering from `epoch:0` on, so a receiver that already
    /// delivered some of them skips their new positions (`radio.md` §9.3.3);
    /// `count` 0 (`old` 0) is the payload-less form.
    Reset { old: u32, count: u8 },
}

/// One link frame. The meaning of `epoch`, `seq` and `ack` depends on the
/// kind (`radio.md` §5): for DATA, `epoch:seq` is this frame's place in the
/// sender's stream and `ack` a piggy-backed cumulative acknowledgement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// Sending station.
    pub from: Callsign,
    /// Receiving station.
    pub to: Callsign,
    /// Epoch: the high 16 bits of the 24-bit stream position.
    pub epoch: u16,
    /// Sequence number, mod 256.
    pub seq: u8,
    /// Cumulative acknowledgement: the peer's next expected frame, mod 256.
    pub ack: u8,
    /// Kind-specific content.
    pub body: Body,
}

impl Frame {
    /// The frame's kind.
    pub fn kind(&self) -> Kind {
        match self.body {
            Body::Data(_) => Kind::Data,
            Body::Ack { .. } => Kind::Ack,
            Body::Nak { .. } => Kind::Nak,
            Body::Ping => Kind::Ping,
            Body::Reset { .. } => Kind::Reset,
        }
    }
}

/// How frames are written on this link.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct LinkOptions {
    /// Telegraph-style line framing with the restricted alphabet.
    pub restricted: bool,
    /// The HMAC key of the station pair; `None`: frames are not signed.
    pub key: Option<Vec<u8>>,
}

impl fmt::Debug for LinkOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LinkOptions")
            .field("restricted", &self.restricted)
            .field("key", &self.key.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

/// A frame that cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EncodeError {
    /// The message text is longer than [`MAX_TEXT`] bytes.
    #[error("message text of {0} bytes, at most {MAX_TEXT} fit a frame")]
    TextTooLong(usize),
    /// Restricted mode: a character outside the alphabet (lower case too:
    /// the codec never folds case, `Bc4` and `bc4` are different moves).
    #[error(
        "{0:?} cannot be sent on a restricted link (capitals, digits, space, {RESTRICTED_SIGNS})"
    )]
    NotRestricted(char),
    /// Restricted mode: the frame would contain `ZCZC` or `NNNN`.
    #[error("the frame would contain the delimiter ZCZC or NNNN")]
    Delimiter,
}

/// A frame that arrived damaged, forged or malformed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FrameError {
    /// Fewer bytes than the smallest frame: usually line noise between frames.
    #[error("runt of {0} bytes")]
    Runt(usize),
    /// No end delimiter within the longest frame.
    #[error("frame longer than the longest frame")]
    TooLong,
    /// The CRC does not match: damaged in transit.
    #[error("bad CRC")]
    BadCrc,
    /// The CRC matches but the content breaks the layout.
    #[error("malformed frame: {0}")]
    Malformed(&'static str),
    /// A key is configured for the pair, the frame is not signed.
    #[error("unsigned frame from {from} to {to}, a key is configured")]
    MissingMac { from: Callsign, to: Callsign },
    /// Signed with another key, or altered.
    #[error("bad MAC on a frame from {from} to {to}")]
    BadMac { from: Callsign, to: Callsign },
    /// Signed, but no key is known for the pair.
    #[error("signed frame from {from} to {to}, no key for that pair")]
    NoKey { from: Callsign, to: Callsign },
}

/// The shortest key a pair may have (radio.md §7).
pub const MIN_KEY: usize = 16;

/// Why a pair's key was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("the key after hex: is not pairs of hex digits")]
    Hex,
    #[error("the key after base64: is not base64: {0}")]
    Base64(base64::DecodeError),
    #[error("the key has {0} bytes, at least {MIN_KEY} are needed")]
    Short(usize),
}

/// A pair's key from the first line of its key file or its variable
/// (radio.md §7): the line's bytes, surrounding white space removed;
/// `hex:` or `base64:` before them names an encoding. At least
/// [`MIN_KEY`] bytes once decoded.
pub fn key_from_line(line: &str) -> Result<Vec<u8>, KeyError> {
    use base64::Engine;
    let line = line.trim();
    let key = if let Some(digits) = line.strip_prefix("hex:") {
        let digits = digits.trim().as_bytes();
        if digits.len() % 2 != 0 || !digits.iter().all(u8::is_ascii_hexdigit) {
            return Err(KeyError::Hex);
        }
        digits
            .chunks(2)
            .map(|p| (hex_value(p[0]) << 4) | hex_value(p[1]))
            .collect()
    } else if let Some(text) = line.strip_prefix("base64:") {
        base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .map_err(KeyError::Base64)?
    } else {
        line.as_bytes().to_vec()
    };
    if key.len() < MIN_KEY {
        return Err(KeyError::Short(key.len()));
    }
    Ok(key)
}

fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        b'a'..=b'f' => digit - b'a' + 10,
        _ => digit.to_ascii_uppercase() - b'A' + 10,
    }
}

fn mac(key: &[u8], signed: &[u8]) -> [u8; MAC_LEN] {
    // HMAC takes keys of any length.
    let mut m = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC accepts any key length");
    m.update(signed);
    let tag = m.finalize().into_bytes();
    let mut out = [0; MAC_LEN];
    out.copy_from_slice(&tag[..MAC_LEN]);
    out
}

fn mac_ok(key: &[u8], signed: &[u8], tag: &[u8]) -> bool {
    let mut m = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC accepts any key length");
    m.update(signed);
    m.verify_truncated_left(tag).is_ok()
}

/// Appends `bytes` in upper-case hex.
pub(super) fn hex(out: &mut String, bytes: &[u8]) {
    for b in bytes {
        out.push_str(&format!("{b:02X}"));
    }
}

/// Writes `frame` as the bytes to send on the line.
pub fn encode(frame: &Frame, opts: &LinkOptions) -> Result<Vec<u8>, EncodeError> {
    if let Body::Data(text) = &frame.body
        && text.len() > MAX_TEXT
    {
        return Err(EncodeError::TextTooLong(text.len()));
    }
    if opts.restricted {
        encode_restricted(frame, opts.key.as_deref())
    } else {
        Ok(encode_binary(frame, opts.key.as_deref()))
    }
}

fn encode_binary(frame: &Frame, key: Option<&[u8]>) -> Vec<u8> {
    let mut body = Vec::with_capacity(MAX_BODY);
    let flag = if key.is_some() { MAC_FLAG } else { 0 };
    body.push(VERSION << 4 | flag | frame.kind() as u8);
    body.extend_from_slice(&frame.from.to_bytes());
    body.extend_from_slice(&frame.to.to_bytes());
    body.extend_from_slice(&frame.epoch.to_be_bytes());
    body.push(frame.seq);
    body.push(frame.ack);
    match &frame.body {
        Body::Data(text) => body.extend_from_slice(text.as_bytes()),
        Body::Ack { sack } | Body::Nak { sack } => body.extend_from_slice(&sack.to_be_bytes()),
        Body::Reset { old, count } if *count > 0 => {
            body.extend_from_slice(&reset_payload(*old, *count));
        }
        Body::Ping | Body::Reset { .. } => {}
    }
    if let Some(key) = key {
        let tag = mac(key, &body);
        body.extend_from_slice(&tag);
    }
    let crc = CRC32C.checksum(&body);
    body.extend_from_slice(&crc.to_be_bytes());
    let mut out = Vec::with_capacity(body.len() + 8);
    out.push(FLAG);
    for &b in &body {
        if matches!(b, FLAG | ESC | XON | XOFF) {
            out.push(ESC);
            out.push(b ^ ESC_XOR);
        } else {
            out.push(b);
        }
    }
    out.push(FLAG);
    out
}

fn encode_restricted(frame: &Frame, key: Option<&[u8]>) -> Result<Vec<u8>, EncodeError> {
    let mut s = String::with_capacity(MAX_LINE);
    s.push(char::from(frame.kind().letter()));
    if key.is_some() {
        s.push('S');
    }
    s.push_str(&format!(
        " {} {} {:04X} {:02X} {:02X}",
        frame.from, frame.to, frame.epoch, frame.seq, frame.ack
    ));
    match &frame.body {
        Body::Data(text) => {
            if let Some(c) = text
                .chars()
                .find(|&c| !(c.is_ascii() && is_restricted(c as u8)))
            {
                return Err(EncodeError::NotRestricted(c));
            }
            s.push_str(&format!(" {:02X} {text}", text.len()));
        }
        Body::Ack { sack } | Body::Nak { sack } => s.push_str(&format!(" {sack:08X}")),
        Body::Reset { old, count } if *count > 0 => {
            s.push(' ');
            hex(&mut s, &reset_payload(*old, *count));
        }
        Body::Ping | Body::Reset { .. } => {}
    }
    if let Some(key) = key {
        let tag = mac(key, s.as_bytes());
        s.push(' ');
        hex(&mut s, &tag);
    }
    let crc = CRC32C.checksum(s.as_bytes());
    s.push_str(&format!(" {crc:08X}"));
    if s.contains("ZCZC") || s.contains("NNNN") {
        return Err(EncodeError::Delimiter);
    }
    Ok(format!("ZCZC {s} NNNN\r\n").into_bytes())
}

/// Which key signs frames between two stations.
type KeyFn = dyn Fn(&Callsign, &Callsign) -> Option<Vec<u8>> + Send;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Waiting for a start delimiter.
    Hunt,
    /// Inside a frame (binary: after an ESC when `true`).
    In(bool),
}

/// Turns the bytes from the line back into frames.
pub struct Deframer {
    restricted: bool,
    keys: Box<KeyFn>,
    state: State,
    buf: Vec<u8>,
    /// Restricted mode: the last four bytes seen while hunting.
    tail: [u8; 4],
    /// Results, each with the bytes it was decoded from (unescaped,
    /// without delimiters; empty for damage found before decoding).
    out: VecDeque<(Result<Frame, FrameError>, Vec<u8>)>,
}

impl fmt::Debug for Deframer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Deframer")
            .field("restricted", &self.restricted)
            .field("state", &self.state)
            .field("buffered", &self.buf.len())
            .field("queued", &self.out.len())
            .finish()
    }
}

impl Deframer {
    /// A deframer for a link where every pair uses `opts.key` (or none).
    pub fn new(opts: &LinkOptions) -> Self {
        let key = opts.key.clone();
        Self::with_keys(opts.restricted, move |_, _| key.clone())
    }

    /// A deframer that asks `keys(from, to)` for each frame's pair key.
    pub fn with_keys(
        restricted: bool,
        keys: impl Fn(&Callsign, &Callsign) -> Option<Vec<u8>> + Send + 'static,
    ) -> Self {
        Self {
            restricted,
            keys: Box::new(keys),
            state: State::Hunt,
            buf: Vec::new(),
            tail: [0; 4],
            out: VecDeque::new(),
        }
    }

    /// Feeds a chunk; the results wait in the iterator.
    pub fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.restricted {
                self.byte_restricted(b);
            } else {
                self.byte_binary(b);
            }
        }
    }

    /// Feeds a chunk and takes every result it completed.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Result<Frame, FrameError>> {
        self.feed_raw(bytes).into_iter().map(|(r, _)| r).collect()
    }

    /// Feeds a chunk and takes every result it completed, each with the
    /// frame's bytes as decoded (evidence of a forged frame).
    pub fn feed_raw(&mut self, bytes: &[u8]) -> Vec<(Result<Frame, FrameError>, Vec<u8>)> {
        self.push(bytes);
        self.out.drain(..).collect()
    }

    /// Damage found before a frame could be decoded.
    fn damaged(&mut self, e: FrameError) {
        self.out.push_back((Err(e), Vec::new()));
    }

    fn byte_binary(&mut self, b: u8) {
        if b == XON || b == XOFF {
            return;
        }
        match self.state {
            State::Hunt => {
                if b == FLAG {
                    self.buf.clear();
                    self.state = State::In(false);
                }
            }
            State::In(escaped) => {
                if b == FLAG {
                    // Shared flag: the end of this frame starts the next.
                    if escaped {
                        self.damaged(FrameError::Malformed("escape before flag"));
                    } else if !self.buf.is_empty() {
                        let r = self.decode_binary();
                        self.out.push_back((r, self.buf.clone()));
                    }
                    self.buf.clear();
                    self.state = State::In(false);
                } else if escaped {
                    let v = b ^ ESC_XOR;
                    if matches!(v, FLAG | ESC | XON | XOFF) {
                        self.buf.push(v);
                        self.state = State::In(false);
                    } else {
                        self.damaged(FrameError::Malformed("bad escape"));
                        self.state = State::Hunt;
                    }
                } else if b == ESC {
                    self.state = State::In(true);
                } else {
                    self.buf.push(b);
                }
                if self.buf.len() > MAX_BODY {
                    self.damaged(FrameError::TooLong);
                    self.buf.clear();
                    self.state = State::Hunt;
                }
            }
        }
    }

    fn byte_restricted(&mut self, b: u8) {
        if matches!(b, b'\r' | b'\n' | XON | XOFF) {
            return;
        }
        self.tail = [self.tail[1], self.tail[2], self.tail[3], b];
        match self.state {
            State::Hunt => {
                if &self.tail == START_LINE {
                    self.buf.clear();
                    self.state = State::In(false);
                }
            }
            State::In(_) => {
                self.buf.push(b);
                if &self.tail == END_LINE && self.buf.len() >= 4 {
                    self.buf.truncate(self.buf.len() - 4);
                    let r = self.decode_restricted();
                    self.out.push_back((r, self.buf.clone()));
                    self.buf.clear();
                    self.state = State::Hunt;
                } else if &self.tail == START_LINE {
                    // A new start: what came before it is a cut frame (or,
                    // when short, the overlap `ZCZCZC`).
                    if self.buf.len() > 4 {
                        self.damaged(FrameError::Malformed("cut by a new ZCZC"));
                    }
                    self.buf.clear();
                } else if self.buf.len() > MAX_LINE {
                    self.damaged(FrameError::TooLong);
                    self.buf.clear();
                    self.state = State::Hunt;
                }
            }
        }
    }

    /// Checks the MAC (if any) of a frame whose CRC and layout are good.
    fn authenticate(
        &self,
        frame: Frame,
        signed: &[u8],
        tag: Option<&[u8]>,
    ) -> Result<Frame, FrameError> {
        let (from, to) = (frame.from, frame.to);
        match ((self.keys)(&from, &to), tag) {
            (None, None) => Ok(frame),
            (Some(_), None) => Err(FrameError::MissingMac { from, to }),
            (None, Some(_)) => Err(FrameError::NoKey { from, to }),
            (Some(key), Some(tag)) => {
                if mac_ok(&key, signed, tag) {
                    Ok(frame)
                } else {
                    Err(FrameError::BadMac { from, to })
                }
            }
        }
    }

    fn decode_binary(&self) -> Result<Frame, FrameError> {
        let body = &self.buf[..];
        if body.len() < HEADER_LEN + CRC_LEN {
            return Err(FrameError::Runt(body.len()));
        }
        let (rest, crc) = body.split_at(body.len() - CRC_LEN);
        if CRC32C.checksum(rest).to_be_bytes() != crc {
            return Err(FrameError::BadCrc);
        }
        let t = rest[0];
        if t >> 4 != VERSION {
            return Err(FrameError::Malformed("unknown version"));
        }
        let kind = Kind::from_number(t & 0x07).ok_or(FrameError::Malformed("unknown kind"))?;
        let signed_len = if t & MAC_FLAG != 0 {
            rest.len()
                .checked_sub(MAC_LEN)
                .filter(|&n| n >= HEADER_LEN)
                .ok_or(FrameError::Malformed("too short for its MAC"))?
        } else {
            rest.len()
        };
        let (signed, tag) = rest.split_at(signed_len);
        let tag = (t & MAC_FLAG != 0).then_some(tag);
        let from = Callsign::from_bytes(&signed[1..8]).ok_or(FrameError::Malformed("bad from"))?;
        let to = Callsign::from_bytes(&signed[8..15]).ok_or(FrameError::Malformed("bad to"))?;
        let epoch = u16::from_be_bytes([signed[15], signed[16]]);
        let (seq, ack) = (signed[17], signed[18]);
        let payload = &signed[HEADER_LEN..];
        let sack = || -> Result<u32, FrameError> {
            let b: [u8; 4] = payload
                .try_into()
                .map_err(|_| FrameError::Malformed("ACK/NAK needs 4 SACK bytes"))?;
            Ok(u32::from_be_bytes(b))
        };
        let body = match kind {
            Kind::Data if payload.len() > MAX_TEXT => {
                return Err(FrameError::Malformed("text too long"));
            }
            Kind::Data => Body::Data(
                String::from_utf8(payload.to_vec())
                    .map_err(|_| FrameError::Malformed("text is not UTF-8"))?,
            ),
            Kind::Ack => Body::Ack { sack: sack()? },
            Kind::Nak => Body::Nak { sack: sack()? },
            Kind::Ping if !payload.is_empty() => {
                return Err(FrameError::Malformed("PING carries nothing"));
            }
            Kind::Ping => Body::Ping,
            Kind::Reset => reset_body(payload)?,
        };
        let frame = Frame {
            from,
            to,
            epoch,
            seq,
            ack,
            body,
        };
        self.authenticate(frame, signed, tag)
    }

    fn decode_restricted(&self) -> Result<Frame, FrameError> {
        let line = &self.buf[..];
        if line.len() < 2 + 1 + 9 {
            return Err(FrameError::Runt(line.len()));
        }
        if !line.iter().all(|&b| is_restricted(b)) {
            return Err(FrameError::Malformed("character outside the alphabet"));
        }
        // " <covered> <CRC8> "
        let inner = line
            .strip_prefix(b" ")
            .and_then(|l| l.strip_suffix(b" "))
            .ok_or(FrameError::Malformed("spaces around the frame"))?;
        if inner.len() < 10 || inner[inner.len() - 9] != b' ' {
            return Err(FrameError::Malformed("no CRC"));
        }
        let (covered, crc) = (&inner[..inner.len() - 9], &inner[inner.len() - 8..]);
        let crc = hex_num(crc).ok_or(FrameError::Malformed("CRC is not hex"))?;
        if CRC32C.checksum(covered) as u64 != crc {
            return Err(FrameError::BadCrc);
        }
        let mut p = Cursor { s: covered, i: 0 };
        let k = p.token().ok_or(FrameError::Malformed("no kind"))?;
        let (kind, signed_flag) = match k {
            [l] => (Kind::from_letter(*l), false),
            [l, b'S'] => (Kind::from_letter(*l), true),
            _ => (None, false),
        };
        let kind = kind.ok_or(FrameError::Malformed("unknown kind"))?;
        let call = |t: Option<&[u8]>| {
            t.and_then(|t| std::str::from_utf8(t).ok())
                .and_then(|t| Callsign::new(t).ok())
                .filter(|c| c.to_string().as_bytes() == t.unwrap_or_default())
        };
        let from = call(p.token()).ok_or(FrameError::Malformed("bad from"))?;
        let to = call(p.token()).ok_or(FrameError::Malformed("bad to"))?;
        let epoch = p.hex(4).ok_or(FrameError::Malformed("bad epoch"))? as u16;
        let seq = p.hex(2).ok_or(FrameError::Malformed("bad seq"))? as u8;
        let ack = p.hex(2).ok_or(FrameError::Malformed("bad ack"))? as u8;
        let body = match kind {
            Kind::Data => {
                let len = p.hex(2).ok_or(FrameError::Malformed("bad length"))? as usize;
                let text = p.take(len).ok_or(FrameError::Malformed("short text"))?;
                // Only restricted ASCII here, checked above.
                Body::Data(String::from_utf8_lossy(text).into_owned())
            }
            Kind::Ack => Body::Ack {
                sack: p.hex(8).ok_or(FrameError::Malformed("bad SACK"))? as u32,
            },
            Kind::Nak => Body::Nak {
                sack: p.hex(8).ok_or(FrameError::Malformed("bad SACK"))? as u32,
            },
            Kind::Ping => Body::Ping,
            // The resume field is there when what is left before the end
            // (or before the MAC) is one 8-digit field.
            Kind::Reset
                if covered.len() - p.i == 9 + usize::from(signed_flag) * (1 + 2 * MAC_LEN) =>
            {
                let v = p.hex(8).ok_or(FrameError::Malformed("bad RESET resume"))? as u32;
                reset_body(&v.to_be_bytes())?
            }
            Kind::Reset => reset_body(&[])?,
        };
        let signed_end = p.i;
        let tag = if signed_flag {
            let field = p.take(2 * MAC_LEN).ok_or(FrameError::Malformed("no MAC"))?;
            let mut t = [0u8; MAC_LEN];
            for (b, pair) in t.iter_mut().zip(field.chunks(2)) {
                *b = hex_num(pair).ok_or(FrameError::Malformed("bad MAC"))? as u8;
            }
            Some(t)
        } else {
            None
        };
        if p.i != covered.len() {
            return Err(FrameError::Malformed("trailing fields"));
        }
        let frame = Frame {
            from,
            to,
            epoch,
            seq,
            ack,
            body,
        };
        self.authenticate(frame, &covered[..signed_end], tag.as_ref().map(|t| &t[..]))
    }
}

impl Iterator for Deframer {
    type Item = Result<Frame, FrameError>;
    /// The next result completed by [`Deframer::push`]; `None` until more
    /// bytes complete another.
    fn next(&mut self) -> Option<Self::Item> {
        self.out.pop_front().map(|(r, _)| r)
    }
}

/// Upper-case hex digits only, at most 16 of them.
fn hex_num(s: &[u8]) -> Option<u64> {
    if s.is_empty() || s.len() > 16 {
        return None;
    }
    s.iter().try_fold(0u64, |n, &c| {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'A'..=b'F' => c - b'A' + 10,
            _ => return None,
        };
        Some(n << 4 | u64::from(d))
    })
}

/// Reads the space-separated fields of a restricted frame.
/// A RESET's 4 payload bytes: the old position of the first renumbered
/// frame (24 bits) and how many were renumbered.
fn reset_payload(old: u32, count: u8) -> [u8; 4] {
    let [_, a, b, c] = old.to_be_bytes();
    [a, b, c, count]
}

/// A RESET's payload: nothing, or a resume field with a count of 1 to 32
/// (`radio.md` §3).
fn reset_body(payload: &[u8]) -> Result<Body, FrameError> {
    match *payload {
        [] => Ok(Body::Reset { old: 0, count: 0 }),
        [a, b, c, count @ 1..=32] => Ok(Body::Reset {
            old: u32::from_be_bytes([0, a, b, c]),
            count,
        }),
        _ => Err(FrameError::Malformed("bad RESET resume")),
    }
}

struct Cursor<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Cursor<'a> {
    fn space(&mut self) -> Option<()> {
        if self.i == 0 {
            return Some(());
        }
        if self.s.get(self.i) != Some(&b' ') {
            return None;
        }
        self.i += 1;
        Some(())
    }

    /// Up to the next space or the end.
    fn token(&mut self) -> Option<&'a [u8]> {
        self.space()?;
        let rest = &self.s[self.i..];
        let n = rest.iter().position(|&b| b == b' ').unwrap_or(rest.len());
        self.i += n;
        (n > 0).then_some(&rest[..n])
    }

    /// Exactly `n` bytes after a space.
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        self.space()?;
        let t = self.s.get(self.i..self.i + n)?;
        self.i += n;
        Some(t)
    }

    /// Exactly `n` upper-case hex digits after a space.
    fn hex(&mut self, n: usize) -> Option<u64> {
        let t = self.take(n)?;
        hex_num(t)
    }
}

#[cfg(test)]
mod tests {
    use crate::transport::radio::XorShift;

    #[test]
    fn keys_are_the_first_lines_bytes_or_prefixed_hex_or_base64() {
        use super::key_from_line;
        assert_eq!(
            key_from_line(" G4ABC/DL1XYZ-2 pair key ").unwrap(),
            b"G4ABC/DL1XYZ-2 pair key"
        );
        let bytes: Vec<u8> = (0..16).map(|i| i * 17).collect();
        assert_eq!(
            key_from_line("hex:00112233445566778899aAbBcCdDeEfF").unwrap(),
            bytes
        );
        assert_eq!(
            key_from_line("base64:ABEiM0RVZneImaq7zN3u/w==").unwrap(),
            bytes
        );
        for (line, error) in [
            ("", "0 bytes, at least 16"),
            ("fifteen bytes!!", "15 bytes, at least 16"),
            ("hex:00112233445566778899aabbccddee", "15 bytes"),
            ("hex:0011223344556677889", "pairs of hex digits"),
            ("hex:0011223344556677889x", "pairs of hex digits"),
            ("base64:not base64 at all!", "not base64"),
            ("base64:AAECAwQFBgcICQoLDA0O", "15 bytes"),
        ] {
            let e = key_from_line(line).unwrap_err().to_string();
            assert!(e.contains(error), "{line:?}: {e}");
        }
    }

    /// A player's radio address is written exactly as the link writes the
    /// sender of a frame, so the two always match.
    #[test]
    fn player_addresses_are_callsigns_in_the_links_form() {
        use crate::protocol::address::{Channel, normalize};
        for raw in [
            "dl1abc",
            "DL1ABC-0",
            "dl1abc-07",
            "G4ABC-15",
            "g4abc-16",
            "N0CALL-1",
            "w1aw",
            "DL1ABCD",
            "K1-",
            "AB1-3",
            " G4ABC ",
            "9A1AA-9",
        ] {
            if let Ok(address) = normalize(Channel::Radio, raw) {
                let call = Callsign::new(raw).unwrap_or_else(|e| panic!("{raw}: {e}"));
                assert_eq!(call.to_string(), address, "{raw}");
            }
        }
    }
    use super::*;

    fn call(s: &str) -> Callsign {
        Callsign::new(s).unwrap()
    }

    fn data(text: &str) -> Frame {
        Frame {
            from: call("G4ABC"),
            to: call("DL1XYZ-2"),
            epoch: 1,
            seq: 5,
            ack: 3,
            body: Body::Data(text.into()),
        }
    }

    fn plain() -> LinkOptions {
        LinkOptions::default()
    }

    fn signed() -> LinkOptions {
        LinkOptions {
            restricted: false,
            key: Some(b"G4ABC/DL1XYZ-2 pair key".to_vec()),
        }
    }

    fn restricted(key: bool) -> LinkOptions {
        LinkOptions {
            restricted: true,
            key: key.then(|| b"G4ABC/DL1XYZ-2 pair key".to_vec()),
        }
    }

    fn hexs(b: &[u8]) -> String {
        b.iter().map(|b| format!("{b:02X}")).collect()
    }

    fn unhex(s: &str) -> Vec<u8> {
        let s: String = s.split_whitespace().collect();
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    fn deframe(opts: &LinkOptions, bytes: &[u8]) -> Vec<Result<Frame, FrameError>> {
        Deframer::new(opts).feed(bytes)
    }

    fn ack_frame() -> Frame {
        Frame {
            from: call("DL1XYZ-2"),
            to: call("G4ABC"),
            epoch: 1,
            seq: 0,
            ack: 6,
            body: Body::Ack { sack: 0x0000_0005 },
        }
    }

    fn all_frames() -> Vec<Frame> {
        let mut v = vec![data("12 5163"), data("12 14. Nf3"), data(""), ack_frame()];
        let mut f = ack_frame();
        f.body = Body::Nak { sack: u32::MAX };
        v.push(f.clone());
        f.body = Body::Ping;
        v.push(f.clone());
        f.body = Body::Reset { old: 0, count: 0 };
        f.epoch = 0xFFFF;
        v.push(f.clone());
        f.body = Body::Reset {
            old: 0x7E_7D11,
            count: 32,
        };
        v.push(f);
        let mut f = data(&"~}\u{11}\u{13}é".repeat(36));
        f.seq = 0x7E;
        f.ack = 0x7D;
        f.epoch = 0x7E7D;
        v.push(f);
        v
    }

    // The worked examples of radio.md §9; `radio_md_holds_the_vectors`
    // checks that the document shows exactly these.
    const V1_DATA: &str = "7E 41 47 34 41 42 43 20 00 44 4C 31 58 59 5A 02 00 01 05 03 31 32 20 35 31 36 33 E0 B9 23 92 7E";
    const V2_ACK: &str =
        "7E 42 44 4C 31 58 59 5A 02 47 34 41 42 43 20 00 00 01 00 06 00 00 00 05 03 CE 0E E4 7E";
    const V3_SIGNED: &str = "7E 49 47 34 41 42 43 20 00 44 4C 31 58 59 5A 02 00 01 05 03 31 32 20 35 31 36 33 7D 31 E2 03 2D 95 E5 83 A3 2E 98 C2 0D 7E";
    const V4_LINE: &str = "ZCZC D G4ABC DL1XYZ-2 0001 05 03 07 12 5163 A5F27C2C NNNN";
    const V5_LINE: &str =
        "ZCZC DS G4ABC DL1XYZ-2 0001 05 03 07 12 5163 C30F0357A841C0FE 11029FB8 NNNN";

    #[test]
    fn vectors_decode_and_encode() {
        let cases = [
            (plain(), data("12 5163"), unhex(V1_DATA)),
            (plain(), ack_frame(), unhex(V2_ACK)),
            (signed(), data("12 5163"), unhex(V3_SIGNED)),
            (
                restricted(false),
                data("12 5163"),
                format!("{V4_LINE}\r\n").into_bytes(),
            ),
            (
                restricted(true),
                data("12 5163"),
                format!("{V5_LINE}\r\n").into_bytes(),
            ),
        ];
        for (opts, frame, wire) in cases {
            assert_eq!(hexs(&encode(&frame, &opts).unwrap()), hexs(&wire));
            assert_eq!(deframe(&opts, &wire), vec![Ok(frame)]);
        }
    }

    #[test]
    fn radio_md_holds_the_vectors() {
        let md = include_str!("../../../protocols/radio.md");
        for v in [V1_DATA, V2_ACK, V3_SIGNED, V4_LINE, V5_LINE] {
            assert!(md.contains(v), "radio.md lacks {v}");
        }
    }

    #[test]
    fn callsigns_normalise() {
        assert_eq!(call(" g4abc-0 ").to_string(), "G4ABC");
        assert_eq!(call("dl1xyz-15").to_string(), "DL1XYZ-15");
        assert_eq!(call("dl1xyz-15").ssid(), 15);
        assert_eq!(call("K1A").base(), "K1A");
        for bad in [
            "",
            "-1",
            "G4ABC-",
            "G4ABC-16",
            "G4ABC-+1",
            "TOOLONG1",
            "G4 AB",
            "G4ÄB",
            "A-1-2",
            "G4ABC-001",
        ] {
            assert!(Callsign::new(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn round_trips_in_every_mode() {
        for f in all_frames() {
            for o in [plain(), signed()] {
                let wire = encode(&f, &o).unwrap();
                assert_eq!(deframe(&o, &wire), vec![Ok(f.clone())]);
                // One byte at a time.
                let mut d = Deframer::new(&o);
                let mut got = Vec::new();
                for b in &wire {
                    got.extend(d.feed(std::slice::from_ref(b)));
                }
                assert_eq!(got, vec![Ok(f.clone())]);
                assert!(!wire[1..wire.len() - 1].contains(&FLAG));
                assert!(!wire.contains(&XON) && !wire.contains(&XOFF));
            }
            for o in [restricted(false), restricted(true)] {
                match encode(&f, &o) {
                    Ok(wire) => assert_eq!(deframe(&o, &wire), vec![Ok(f.clone())]),
                    Err(e) => assert!(matches!(f.body, Body::Data(_)), "{e}"),
                }
            }
        }
    }

    #[test]
    fn encode_refuses() {
        let long = data(&"1".repeat(MAX_TEXT + 1));
        assert_eq!(encode(&long, &plain()), Err(EncodeError::TextTooLong(256)));
        assert!(encode(&data(&"1".repeat(MAX_TEXT)), &plain()).is_ok());
        assert_eq!(
            encode(&data("12 14. Nf3"), &restricted(false)),
            Err(EncodeError::NotRestricted('f'))
        );
        assert_eq!(
            encode(&data("GEGO"), &restricted(false)).map(|_| ()),
            Ok(())
        );
        assert_eq!(
            encode(&data("1\n2"), &restricted(false)),
            Err(EncodeError::NotRestricted('\n'))
        );
        assert_eq!(
            encode(&data("NNNN"), &restricted(false)),
            Err(EncodeError::Delimiter)
        );
        let mut f = data("1");
        f.to = call("ZCZC");
        assert_eq!(encode(&f, &restricted(true)), Err(EncodeError::Delimiter));
    }

    #[test]
    fn restricted_output_is_in_the_alphabet() {
        let mut rng = XorShift(0x5EED_0001);
        for _ in 0..300 {
            let f = random_frame(&mut rng, true);
            for o in [restricted(false), restricted(true)] {
                let wire = encode(&f, &o).unwrap();
                let line = wire.strip_suffix(b"\r\n").unwrap();
                assert!(line.iter().all(|&b| is_restricted(b)), "{line:?}");
                assert_eq!(deframe(&o, &wire), vec![Ok(f.clone())]);
            }
        }
    }

    /// Every single-bit flip, in either mode and with or without a MAC, is
    /// refused: never a good frame.
    #[test]
    fn every_bit_flip_is_detected() {
        for o in [plain(), signed(), restricted(false), restricted(true)] {
            let wire = encode(&data("12 5163"), &o).unwrap();
            // The CR LF after `NNNN` is courtesy to teleprinters, not frame.
            let end = if o.restricted {
                wire.len() - 2
            } else {
                wire.len()
            };
            for i in 0..end * 8 {
                let mut w = wire.clone();
                w[i / 8] ^= 1 << (i % 8);
                let got = deframe(&o, &w);
                // A flip in a delimiter or the trailing CR LF may lose the
                // frame silently; a good frame never comes out.
                assert!(got.iter().all(|r| r.is_err()), "bit {i}: {got:?}");
            }
        }
    }

    #[test]
    fn drops_and_duplicates_are_detected() {
        for o in [plain(), signed(), restricted(false), restricted(true)] {
            let f = data("12 5163");
            let wire = encode(&f, &o).unwrap();
            // Everything but the delimiters and line ends.
            let (lo, hi) = if o.restricted {
                (4, wire.len() - 6)
            } else {
                (1, wire.len() - 1)
            };
            for i in 0..wire.len() {
                let mut dropped = wire.clone();
                dropped.remove(i);
                let mut dup = wire.clone();
                dup.insert(i, wire[i]);
                for w in [dropped, dup] {
                    let got = deframe(&o, &w);
                    if (lo..hi).contains(&i) {
                        assert!(got.iter().all(|r| r.is_err()), "byte {i}: {got:?}");
                    } else {
                        assert!(got.iter().all(|r| match r {
                            Ok(g) => *g == f,
                            Err(_) => true,
                        }));
                    }
                }
            }
        }
    }

    #[test]
    fn garbage_between_frames_and_resync() {
        let a = data("12 5163");
        let b = ack_frame();
        for o in [plain(), signed(), restricted(false), restricted(true)] {
            let mut wire = b"noise \xFF\x00\x7D ZCZ NNN".to_vec();
            wire.extend(encode(&a, &o).unwrap());
            wire.extend(b"\x00\x13\x11 garbage ZCZC D G4 junk");
            let half = encode(&a, &o).unwrap();
            wire.extend(&half[..half.len() / 2]);
            wire.extend(encode(&b, &o).unwrap());
            wire.extend(b"trailing");
            wire.extend(encode(&a, &o).unwrap());
            let got = deframe(&o, &wire);
            let good: Vec<_> = got.iter().filter_map(|r| r.clone().ok()).collect();
            assert_eq!(good, vec![a.clone(), b.clone(), a.clone()], "{o:?}");
            assert!(got.iter().any(|r| r.is_err()), "{o:?}");
        }
    }

    #[test]
    fn too_long_resyncs() {
        for o in [plain(), restricted(false)] {
            let mut wire = if o.restricted {
                b"ZCZC ".to_vec()
            } else {
                vec![FLAG]
            };
            wire.extend(std::iter::repeat_n(b'1', 5000));
            wire.extend(encode(&data("12 5163"), &o).unwrap());
            let got = deframe(&o, &wire);
            assert_eq!(got.first(), Some(&Err(FrameError::TooLong)));
            assert_eq!(got.last(), Some(&Ok(data("12 5163"))));
        }
    }

    #[test]
    fn authentication() {
        let f = data("12 5163");
        let other = LinkOptions {
            restricted: false,
            key: Some(b"another key".to_vec()),
        };
        let (from, to) = (f.from, f.to);
        for r in [false, true] {
            let with = |o: &LinkOptions| LinkOptions {
                restricted: r,
                key: o.key.clone(),
            };
            let signed_wire = encode(&f, &with(&signed())).unwrap();
            let plain_wire = encode(&f, &with(&plain())).unwrap();
            assert_eq!(
                deframe(&with(&other), &signed_wire),
                vec![Err(FrameError::BadMac { from, to })]
            );
            assert_eq!(
                deframe(&with(&signed()), &plain_wire),
                vec![Err(FrameError::MissingMac { from, to })]
            );
            assert_eq!(
                deframe(&with(&plain()), &signed_wire),
                vec![Err(FrameError::NoKey { from, to })]
            );
        }
        // A key per pair.
        let mut d = Deframer::with_keys(false, |a, b| {
            let pair = [a.to_string(), b.to_string()];
            (pair.contains(&"G4ABC".into()) && pair.contains(&"DL1XYZ-2".into()))
                .then(|| b"G4ABC/DL1XYZ-2 pair key".to_vec())
        });
        let mut wire = encode(&f, &signed()).unwrap();
        wire.extend(encode(&ack_frame(), &signed()).unwrap());
        let mut stranger = f.clone();
        stranger.from = call("F5ZZZ");
        wire.extend(encode(&stranger, &plain()).unwrap());
        assert_eq!(
            d.feed(&wire),
            vec![Ok(f.clone()), Ok(ack_frame()), Ok(stranger)]
        );
        // The MAC of another frame, under a good CRC.
        let mut g = f.clone();
        g.seq = 6;
        let mut a = unstuff(&encode(&f, &signed()).unwrap());
        let b = unstuff(&encode(&g, &signed()).unwrap());
        let n = a.len();
        a.truncate(n - CRC_LEN);
        a[n - 12..n - 4].copy_from_slice(&b[n - 12..n - 4]);
        assert_eq!(
            deframe(&signed(), &wrap(&a)),
            vec![Err(FrameError::BadMac { from, to })]
        );
        // And the MAC of the same frame from the other direction.
        let mut h = f.clone();
        (h.from, h.to) = (h.to, h.from);
        let mut a = unstuff(&encode(&f, &signed()).unwrap());
        let b = unstuff(&encode(&h, &signed()).unwrap());
        a.truncate(n - CRC_LEN);
        a[n - 12..n - 4].copy_from_slice(&b[n - 12..n - 4]);
        assert_eq!(
            deframe(&signed(), &wrap(&a)),
            vec![Err(FrameError::BadMac { from, to })]
        );
    }

    /// The body of one binary frame, escapes undone.
    fn unstuff(wire: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut it = wire[1..wire.len() - 1].iter();
        while let Some(&b) = it.next() {
            out.push(if b == ESC {
                it.next().unwrap() ^ ESC_XOR
            } else {
                b
            });
        }
        out
    }

    /// A binary frame around `body`, with a good CRC.
    fn wrap(body: &[u8]) -> Vec<u8> {
        let mut b = body.to_vec();
        b.extend(CRC32C.checksum(body).to_be_bytes());
        let mut w = vec![FLAG];
        for &x in &b {
            if matches!(x, FLAG | ESC | XON | XOFF) {
                w.extend([ESC, x ^ ESC_XOR]);
            } else {
                w.push(x);
            }
        }
        w.push(FLAG);
        w
    }

    #[test]
    fn malformed_with_good_crc() {
        // Bodies that pass the CRC but break the layout.
        let good = unstuff(&encode(&ack_frame(), &plain()).unwrap());
        let body = &good[..good.len() - CRC_LEN];
        let mut cases = Vec::new();
        let mut b = body.to_vec();
        b[0] = 0x52; // another version
        cases.push(b);
        let mut b = body.to_vec();
        b[0] = 0x47; // kind 7
        cases.push(b);
        let mut b = body.to_vec();
        b.pop(); // SACK of 3 bytes
        cases.push(b);
        let mut b = body.to_vec();
        b[1] = b'g'; // lower-case callsign
        cases.push(b);
        let mut b = body.to_vec();
        b[3] = b' '; // space inside a callsign
        cases.push(b);
        let mut b = body.to_vec();
        b[7] = 16; // SSID 16
        cases.push(b);
        let mut b = body.to_vec();
        b[0] = 0x4C; // PING with a MAC flag but too short
        b.truncate(HEADER_LEN + 2);
        cases.push(b);
        let mut b = body.to_vec();
        b[0] = 0x44; // PING with a payload
        cases.push(b);
        let mut b = unstuff(&encode(&data("x"), &plain()).unwrap());
        b.truncate(b.len() - CRC_LEN);
        *b.last_mut().unwrap() = 0xFF; // not UTF-8
        cases.push(b);
        for c in cases {
            let got = deframe(&plain(), &wrap(&c));
            assert!(
                matches!(got[..], [Err(FrameError::Malformed(_))]),
                "{c:02X?}: {got:?}"
            );
        }
        assert_eq!(
            deframe(&plain(), &[FLAG, 1, 2, 3, FLAG]),
            vec![Err(FrameError::Runt(3))]
        );
        assert_eq!(deframe(&plain(), &[FLAG, FLAG, FLAG]), vec![]);
        assert!(matches!(
            deframe(&plain(), &[FLAG, 1, ESC, 0x41, 2, FLAG])[..],
            [Err(FrameError::Malformed(_))]
        ));
        assert!(matches!(
            deframe(&plain(), &[FLAG, 1, ESC, FLAG])[..],
            [Err(FrameError::Malformed(_))]
        ));
    }

    #[test]
    fn restricted_tolerates_line_breaks() {
        let o = restricted(true);
        let wire = encode(&data("12 5163"), &o).unwrap();
        let mut broken = Vec::new();
        for (i, b) in wire.iter().enumerate() {
            broken.push(*b);
            if i % 7 == 3 {
                broken.extend(b"\r\n");
            }
        }
        assert_eq!(deframe(&o, &broken), vec![Ok(data("12 5163"))]);
    }

    fn random_frame(rng: &mut XorShift, restricted: bool) -> Frame {
        const CALLS: [&str; 5] = ["G4ABC", "DL1XYZ-2", "K1A-15", "VK2ZZZ-9", "F5Z"];
        let alphabet: Vec<char> = if restricted {
            "ABCDEFGHIJKLMOPQRSTUVWXYZ0123456789 -?:().,'=/+"
                .chars()
                .collect()
        } else {
            "abcXYZ 019.\n~}\u{11}\u{13}\u{7f}\0éд♞".chars().collect()
        };
        let body = match rng.below(5) {
            0 => Body::Ack {
                sack: rng.next() as u32,
            },
            1 => Body::Nak {
                sack: rng.next() as u32,
            },
            2 => Body::Ping,
            3 => match rng.below(2) {
                0 => Body::Reset { old: 0, count: 0 },
                _ => Body::Reset {
                    old: rng.next() as u32 & 0xFF_FFFF,
                    count: 1 + rng.below(32) as u8,
                },
            },
            _ => {
                let mut t = String::new();
                let n = rng.below(60);
                while t.len() < n {
                    t.push(alphabet[rng.below(alphabet.len())]);
                }
                Body::Data(t)
            }
        };
        Frame {
            from: call(CALLS[rng.below(5)]),
            to: call(CALLS[rng.below(5)]),
            epoch: rng.next() as u16,
            seq: rng.next() as u8,
            ack: rng.next() as u8,
            body,
        }
    }

    /// Deterministic mutation loop: random frames, damaged by flips, drops,
    /// duplications, insertions and cuts, fed in random chunks. Nothing
    /// panics, and every good frame that comes out is one that was sent.
    #[test]
    fn xorshift_mutations() {
        let mut rng = XorShift(0x00C0_FFEE_1234_5678);
        for round in 0..400 {
            let o = match round % 4 {
                0 => plain(),
                1 => signed(),
                2 => restricted(false),
                _ => restricted(true),
            };
            let sent: Vec<Frame> = (0..1 + rng.below(4))
                .map(|_| random_frame(&mut rng, o.restricted))
                .collect();
            let mut wire: Vec<u8> = sent
                .iter()
                .flat_map(|f| encode(f, &o).unwrap_or_default())
                .collect();
            for _ in 0..rng.below(6) {
                if wire.is_empty() {
                    break;
                }
                let i = rng.below(wire.len());
                match rng.below(5) {
                    0 => wire[i] ^= 1 << rng.below(8),
                    1 => {
                        wire.remove(i);
                    }
                    2 => wire.insert(i, wire[i]),
                    3 => wire.insert(i, rng.next() as u8),
                    _ => wire.truncate(i),
                }
            }
            let mut d = Deframer::new(&o);
            let mut got = Vec::new();
            let mut rest = &wire[..];
            while !rest.is_empty() {
                let n = 1 + rng.below(rest.len().min(40));
                d.push(&rest[..n]);
                got.extend(d.by_ref());
                rest = &rest[n..];
            }
            for r in got {
                match r {
                    Ok(f) => assert!(sent.contains(&f), "forged {f:?}"),
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
            }
        }
        // Pure noise.
        for o in [plain(), restricted(false)] {
            let mut d = Deframer::new(&o);
            for _ in 0..200 {
                let chunk: Vec<u8> = (0..rng.below(100))
                    .map(|_| match rng.below(4) {
                        0 => FLAG,
                        1 => ESC,
                        2 => b"ZCN "[rng.below(4)],
                        _ => rng.next() as u8,
                    })
                    .collect();
                for r in d.feed(&chunk) {
                    assert!(r.is_err());
                }
            }
        }
    }
}
