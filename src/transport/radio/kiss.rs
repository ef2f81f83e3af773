//! KISS framing between the host and a TNC (Direwolf, a hardware TNC), after
//! Chepponis and Karn, "The KISS TNC: A simple Host-to-TNC communications
//! protocol" (K9NG/KA9Q, ARRL CNC 1987).
//!
//! A frame is `FEND, type, data…, FEND`, where the type byte is
//! `port << 4 | command` (0xFF is RETURN, leave KISS mode). Inside a frame
//! FEND is sent as `FESC TFEND` and FESC as `FESC TFESC`; the type byte is
//! escaped too (port 12 data is 0xC0), as Direwolf does.
//!
//! [`encode`] builds one frame; [`Decoder`] takes the byte stream from the
//! TNC in chunks of any size and gives back whole frames.

use thiserror::Error;

/// Frame end.
pub const FEND: u8 = 0xC0;
/// Frame escape.
pub const FESC: u8 = 0xDB;
/// Transposed frame end (after FESC).
pub const TFEND: u8 = 0xDC;
/// Transposed frame escape (after FESC).
pub const TFESC: u8 = 0xDD;

/// The largest frame [`Decoder::new`] accepts, unescaped, type byte
/// included: an AX.25 frame with 8 digipeaters, control, PID and far more
/// than the default 256 bytes of information fits.
pub const DEFAULT_MAX_FRAME: usize = 2048;

/// The command in the low nibble of the type byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// 0: the data is a frame to send or a frame received.
    Data,
    /// 1: keyup delay, in units of 10 ms.
    TxDelay,
    /// 2: persistence parameter p (0–255) for CSMA.
    Persistence,
    /// 3: slot interval, in units of 10 ms.
    SlotTime,
    /// 4: time to hold up the transmitter after the frame (obsolete).
    TxTail,
    /// 5: 0 half duplex, anything else full duplex.
    FullDuplex,
    /// 6: hardware-specific.
    SetHardware,
    /// Type byte 0xFF: leave KISS mode. Sent as 0xFF whatever the port;
    /// received with port 0.
    Return,
    /// Another command nibble (7–15), e.g. ACKMODE's 0x0C of some TNCs.
    /// Only the low four bits are sent.
    Other(u8),
}

impl Command {
    /// The command nibble (0xFF for [`Command::Return`]).
    pub fn code(self) -> u8 {
        match self {
            Command::Data => 0,
            Command::TxDelay => 1,
            Command::Persistence => 2,
            Command::SlotTime => 3,
            Command::TxTail => 4,
            Command::FullDuplex => 5,
            Command::SetHardware => 6,
            Command::Return => 0xFF,
            Command::Other(n) => n & 0x0F,
        }
    }

    /// The command of a low nibble (0–15); 0xFF gives [`Command::Return`].
    pub fn from_code(code: u8) -> Command {
        match code {
            0 => Command::Data,
            1 => Command::TxDelay,
            2 => Command::Persistence,
            3 => Command::SlotTime,
            4 => Command::TxTail,
            5 => Command::FullDuplex,
            6 => Command::SetHardware,
            0xFF => Command::Return,
            n => Command::Other(n & 0x0F),
        }
    }
}

/// One decoded KISS frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KissFrame {
    /// The TNC port, 0–15.
    pub port: u8,
    pub command: Command,
    /// The unescaped data after the type byte.
    pub data: Vec<u8>,
}

/// The type byte for a port and command (only the low four bits of the port
/// are used).
pub fn type_byte(port: u8, command: Command) -> u8 {
    match command {
        Command::Return => 0xFF,
        c => (port & 0x0F) << 4 | c.code(),
    }
}

fn push_escaped(out: &mut Vec<u8>, b: u8) {
    match b {
        FEND => out.extend_from_slice(&[FESC, TFEND]),
        FESC => out.extend_from_slice(&[FESC, TFESC]),
        b => out.push(b),
    }
}

/// One KISS frame: FEND, the escaped type byte and data, FEND.
pub fn encode(port: u8, command: Command, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / 16 + 4);
    out.push(FEND);
    push_escaped(&mut out, type_byte(port, command));
    for &b in data {
        push_escaped(&mut out, b);
    }
    out.push(FEND);
    out
}

/// Why a frame was dropped by the [`Decoder`]. The decoder goes on with the
/// next frame after each.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KissError {
    /// FESC followed by something other than TFEND or TFESC.
    #[error("KISS: FESC followed by 0x{0:02X} instead of TFEND or TFESC; frame dropped")]
    BadEscape(u8),
    /// FESC directly before the closing FEND.
    #[error("KISS: frame ends in FESC; frame dropped")]
    EscapeAtEnd,
    /// The frame grew past the decoder's limit; the rest up to the next
    /// FEND was discarded.
    #[error("KISS: frame longer than {0} bytes; dropped")]
    TooLong(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before the first FEND: bytes are line noise or the TNC's banner.
    Hunting,
    /// Inside a frame.
    Frame,
    /// Inside a frame, after FESC.
    Escape,
    /// The frame is dropped (error already reported): wait for FEND.
    Discard,
}

/// A streaming KISS decoder: feed it the bytes as they come, in any chunks.
#[derive(Debug, Clone)]
pub struct Decoder {
    state: State,
    buf: Vec<u8>,
    max: usize,
}

impl Default for Decoder {
    fn default() -> Self {
        Decoder::new()
    }
}

impl Decoder {
    /// A decoder for frames of at most [`DEFAULT_MAX_FRAME`] bytes.
    pub fn new() -> Decoder {
        Decoder::with_max_frame(DEFAULT_MAX_FRAME)
    }

    /// A decoder for frames of at most `max` unescaped bytes (type byte
    /// included; at least 1).
    pub fn with_max_frame(max: usize) -> Decoder {
        Decoder {
            state: State::Hunting,
            buf: Vec::new(),
            max: max.max(1),
        }
    }

    /// Feeds a chunk; returns the frames (and dropped-frame errors) it
    /// completed, in order. Empty frames (FEND FEND) are skipped.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Result<KissFrame, KissError>> {
        let mut out = Vec::new();
        for &b in bytes {
            self.byte(b, &mut out);
        }
        out
    }

    fn byte(&mut self, b: u8, out: &mut Vec<Result<KissFrame, KissError>>) {
        match (self.state, b) {
            (State::Hunting, FEND) => self.state = State::Frame,
            (State::Hunting, _) => {}
            (State::Discard, FEND) => {
                self.buf.clear();
                self.state = State::Frame;
            }
            (State::Discard, _) => {}
            (State::Frame, FEND) => {
                if let Some((&t, data)) = self.buf.split_first() {
                    let (port, command) = if t == 0xFF {
                        (0, Command::Return)
                    } else {
                        (t >> 4, Command::from_code(t & 0x0F))
                    };
                    out.push(Ok(KissFrame {
                        port,
                        command,
                        data: data.to_vec(),
                    }));
                }
                self.buf.clear();
            }
            (State::Frame, FESC) => self.state = State::Escape,
            (State::Frame, b) => self.store(b, out),
            (State::Escape, TFEND) => {
                self.state = State::Frame;
                self.store(FEND, out);
            }
            (State::Escape, TFESC) => {
                self.state = State::Frame;
                self.store(FESC, out);
            }
            (State::Escape, FEND) => {
                out.push(Err(KissError::EscapeAtEnd));
                self.buf.clear();
                self.state = State::Frame;
            }
            (State::Escape, b) => {
                out.push(Err(KissError::BadEscape(b)));
                self.buf.clear();
                self.state = State::Discard;
            }
        }
    }

    fn store(&mut self, b: u8, out: &mut Vec<Result<KissFrame, KissError>>) {
        if self.buf.len() >= self.max {
            out.push(Err(KissError::TooLong(self.max)));
            self.buf.clear();
            self.state = State::Discard;
        } else {
            self.buf.push(b);
        }
    }

    /// Bytes held for the frame in progress.
    pub fn buffered(&self) -> usize {
        self.buf.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(v: Vec<Result<KissFrame, KissError>>) -> Vec<KissFrame> {
        v.into_iter().map(|r| r.expect("frame")).collect()
    }

    #[test]
    fn encodes_spec_examples() {
        // The KISS paper's escaping rules, and Direwolf's kissutil output for
        // a data frame on port 0.
        assert_eq!(
            encode(0, Command::Data, b"TEST"),
            [0xC0, 0x00, b'T', b'E', b'S', b'T', 0xC0]
        );
        assert_eq!(
            encode(0, Command::Data, &[0xC0, 0xDB]),
            [0xC0, 0x00, 0xDB, 0xDC, 0xDB, 0xDD, 0xC0]
        );
        assert_eq!(encode(5, Command::TxDelay, &[50]), [0xC0, 0x51, 50, 0xC0]);
        assert_eq!(encode(0, Command::Return, &[]), [0xC0, 0xFF, 0xC0]);
        assert_eq!(encode(9, Command::Return, &[]), [0xC0, 0xFF, 0xC0]);
        // Port 12 data: the type byte is FEND and is escaped.
        assert_eq!(encode(12, Command::Data, &[1]), [0xC0, 0xDB, 0xDC, 1, 0xC0]);
    }

    #[test]
    fn roundtrips_every_port_and_command() {
        let mut d = Decoder::new();
        for port in 0..16u8 {
            for c in [
                Command::Data,
                Command::TxDelay,
                Command::Persistence,
                Command::SlotTime,
                Command::TxTail,
                Command::FullDuplex,
                Command::SetHardware,
                Command::Other(12),
            ] {
                let data: Vec<u8> = vec![0xC0, port, 0xDB, 0xDC, 0xDD, 0xC0];
                let got = ok(d.push(&encode(port, c, &data)));
                assert_eq!(
                    got,
                    [KissFrame {
                        port,
                        command: c,
                        data
                    }]
                );
            }
        }
        let got = ok(d.push(&encode(3, Command::Return, &[])));
        assert_eq!(
            got,
            [KissFrame {
                port: 0,
                command: Command::Return,
                data: vec![]
            }]
        );
    }

    #[test]
    fn decodes_byte_by_byte_and_skips_empty_frames() {
        let mut stream = vec![b'x', b'y', FEND, FEND, FEND];
        stream.extend(encode(1, Command::Data, b"one\xC0"));
        stream.extend([FEND, FEND]);
        stream.extend(encode(2, Command::Data, b""));
        let mut d = Decoder::new();
        let mut got = Vec::new();
        for b in &stream {
            got.extend(ok(d.push(std::slice::from_ref(b))));
        }
        assert_eq!(
            got,
            [
                KissFrame {
                    port: 1,
                    command: Command::Data,
                    data: b"one\xC0".to_vec()
                },
                KissFrame {
                    port: 2,
                    command: Command::Data,
                    data: vec![]
                },
            ]
        );
        assert_eq!(d.buffered(), 0);
    }

    #[test]
    fn frames_share_a_fend() {
        // FEND a FEND b FEND: the middle FEND ends one and starts the next.
        let mut d = Decoder::new();
        let got = ok(d.push(&[FEND, 0x00, 1, FEND, 0x10, 2, FEND]));
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].port, 1);
        assert_eq!(got[1].data, [2]);
    }

    #[test]
    fn bad_escape_drops_the_frame_only() {
        let mut d = Decoder::new();
        let mut s = vec![FEND, 0x00, 1, FESC, 0x41, 2, 3, FEND];
        s.extend(encode(0, Command::Data, b"ok"));
        let got = d.push(&s);
        assert_eq!(got[0], Err(KissError::BadEscape(0x41)));
        assert_eq!(got[1].as_ref().unwrap().data, b"ok");
        assert_eq!(got.len(), 2);

        let got = d.push(&[FEND, 0x00, 1, FESC, FEND, 0x00, 7, FEND]);
        assert_eq!(got[0], Err(KissError::EscapeAtEnd));
        assert_eq!(got[1].as_ref().unwrap().data, [7]);
        assert_eq!(got.len(), 2);
    }

    #[test]
    fn bounded_buffer() {
        let mut d = Decoder::with_max_frame(5);
        let mut s = vec![FEND];
        s.extend(std::iter::repeat_n(0x41, 1000));
        s.push(FEND);
        s.extend(encode(0, Command::Data, b"1234"));
        let got = d.push(&s);
        assert_eq!(got[0], Err(KissError::TooLong(5)));
        assert_eq!(got[1].as_ref().unwrap().data, b"1234");
        assert_eq!(got.len(), 2);
        assert!(d.buffered() <= 5);
        // Exactly at the limit (type byte + 4) is fine; one more is not.
        assert!(d.push(&encode(0, Command::Data, b"12345"))[0].is_err());
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut d = Decoder::with_max_frame(64);
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let b = [FEND, FESC, TFEND, TFESC, x as u8][(x >> 32) as usize % 5];
            for f in d.push(&[b]).into_iter().flatten() {
                assert!(f.data.len() < 64);
            }
            assert!(d.buffered() <= 64);
        }
    }
}
