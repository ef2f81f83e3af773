//! The `[radio]` section and its settings once resolved (keys read).

use std::path::PathBuf;
use std::time::Duration;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use toml::Spanned;

use super::driver::Settings;
use super::frame::Callsign;
use crate::settings::{HostPort, Lines, Problems, Secret, checked, duration, optional_duration};

/// The radio link (`protocols/radio.md`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RadioConfig {
    /// Our station id (`DL0CCG`, `G4ABC-2`).
    #[serde(deserialize_with = "callsign")]
    pub callsign: Callsign,
    /// The serial device of the radio modem or TNC.
    pub device: Option<PathBuf>,
    /// A KISS TNC over TCP (`127.0.0.1:8001`, Direwolf's KISSPORT) instead
    /// of a serial device.
    pub kiss_tcp: Option<HostPort>,
    /// The line rate in bit/s: the serial port's speed, and the pace at
    /// which frames are put on the air (the radio's rate behind a TNC).
    #[serde(default = "radio_baud", deserialize_with = "rate")]
    pub baud: u32,
    /// The radio's own rate when it differs from the serial line's (a TNC
    /// on a 9600 bit/s port sending 1200 baud AFSK); frames are paced by it.
    #[serde(default, deserialize_with = "optional_rate")]
    pub air_baud: Option<u32>,
    #[serde(default = "eight", deserialize_with = "data_bits")]
    pub data_bits: u8,
    #[serde(default)]
    pub parity: Parity,
    #[serde(default = "one", deserialize_with = "stop_bits")]
    pub stop_bits: u8,
    #[serde(default)]
    pub flow_control: FlowControl,
    /// `raw`: our frames on the line; `kiss`: in AX.25 UI frames through a
    /// KISS TNC (always so with `kiss_tcp`).
    #[serde(default)]
    pub framing: Framing,
    /// The TNC's radio port for KISS.
    #[serde(default, deserialize_with = "kiss_port")]
    pub kiss_port: u8,
    /// Telegraph-style frames in capitals, digits and a few signs (radio.md §8).
    #[serde(default)]
    pub restricted: bool,
    /// Frames in flight, 1 to 32.
    #[serde(default = "window", deserialize_with = "window_size")]
    pub window: u32,
    /// The first retransmission timeout; by default twice the time a full
    /// window takes on the line, and at least 3 s.
    #[serde(default, deserialize_with = "optional_duration")]
    pub rto: Option<Duration>,
    /// Retransmissions of one frame before the peer counts as unreachable.
    #[serde(default = "ten", deserialize_with = "retries")]
    pub max_retries: u32,
    /// How long an acknowledgement may wait for a frame to ride on.
    #[serde(default = "half_second", deserialize_with = "duration")]
    pub ack_delay: Duration,
    /// A PING after this much silence while frames are outstanding.
    #[serde(default = "five_minutes", deserialize_with = "duration")]
    pub keepalive: Duration,
    /// After this much silence the link is checked (PING) before data.
    #[serde(default = "half_hour", deserialize_with = "duration")]
    pub long_silence: Duration,
    /// The stations we exchange messages with.
    #[serde(default)]
    pub peers: Vec<Spanned<RadioPeer>>,
}

/// A station at the other end of the link.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RadioPeer {
    #[serde(deserialize_with = "callsign")]
    pub callsign: Callsign,
    /// The pair's HMAC key (radio.md §7): first line of a file, or an
    /// environment variable. Required unless `unsigned`.
    pub key_file: Option<PathBuf>,
    pub key_env: Option<String>,
    /// Runs the pair without a key, said explicitly: anyone on the
    /// frequency can then send in the station's name.
    #[serde(default)]
    pub unsigned: bool,
}

/// Serial parity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    #[default]
    None,
    Even,
    Odd,
}

/// Serial flow control.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FlowControl {
    #[default]
    None,
    /// RTS/CTS.
    Hardware,
    /// XON/XOFF.
    Software,
}

/// How frames are carried.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Framing {
    #[default]
    Raw,
    Kiss,
}

/// Where the link runs: a serial port or a TNC's KISS port over TCP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Port {
    Serial(PathBuf),
    KissTcp(HostPort),
}

impl std::fmt::Display for Port {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Port::Serial(p) => write!(f, "{}", p.display()),
            Port::KissTcp(a) => write!(f, "{a}"),
        }
    }
}

/// The radio link ready to run.
#[derive(Debug, Clone)]
pub struct RadioSettings {
    pub config: RadioConfig,
    pub port: Port,
    pub link: Settings,
}

impl RadioSettings {
    /// What `check-config` and `serve` warn about: each unsigned pair.
    pub fn warnings(&self) -> Vec<String> {
        self.config
            .peers
            .iter()
            .map(|p| p.get_ref())
            .filter(|p| p.unsigned)
            .map(|p| {
                format!(
                    "radio: frames with {} are unsigned (unsigned = true): anyone on the frequency can move in its name",
                    p.callsign
                )
            })
            .collect()
    }
}

impl RadioConfig {
    /// Bits on the line per byte: start, data, parity, stop.
    pub fn bits_per_byte(&self) -> u32 {
        1 + u32::from(self.data_bits)
            + u32::from(self.parity != Parity::None)
            + u32::from(self.stop_bits)
    }

    /// KISS framing: over TCP always, on a serial line when asked.
    pub fn kiss(&self) -> bool {
        self.kiss_tcp.is_some() || self.framing == Framing::Kiss
    }

    /// Checks what spans several keys and reads the peers' keys.
    pub fn resolve(&self, lines: &Lines, problems: &mut Problems) -> Option<RadioSettings> {
        let before = problems.list.len();
        let port = match (&self.device, &self.kiss_tcp) {
            (None, None) => {
                problems.push("radio: give device (a serial port) or kiss_tcp (a TNC's KISS port)");
                None
            }
            (Some(_), Some(_)) => {
                problems.push("radio: give device or kiss_tcp, not both");
                None
            }
            (Some(d), None) => Some(Port::Serial(d.clone())),
            (None, Some(a)) => Some(Port::KissTcp(a.clone())),
        };
        if self.data_bits < 8 && !self.restricted {
            problems.push(format!(
                "radio.data_bits: {} bits carry only the restricted alphabet; set restricted = true",
                self.data_bits
            ));
        }
        if self.kiss() && self.restricted {
            problems.push("radio.restricted: not with KISS framing (a TNC carries any byte)");
        }
        if self.peers.is_empty() {
            problems
                .push("radio.peers: name at least one station ([[radio.peers]] callsign = ...)");
        }
        let mut seen = std::collections::HashSet::new();
        let mut keys = Vec::new();
        for (i, p) in self.peers.iter().enumerate() {
            problems.at(lines.of(p.span()));
            let p = p.get_ref();
            if !seen.insert(p.callsign) {
                problems.push(format!(
                    "radio.peers[{i}].callsign: {} is listed twice",
                    p.callsign
                ));
            } else if p.callsign == self.callsign {
                problems.push(format!(
                    "radio.peers[{i}].callsign: {} is our own",
                    p.callsign
                ));
            }
            let key = Secret {
                file: p.key_file.as_deref(),
                env: p.key_env.as_deref(),
                names: ["key_file", "key_env"],
            };
            match problems.take(key.read(&format!("radio.peers[{i}]"))) {
                Some(Some(_)) if p.unsigned => problems.push(format!(
                    "radio.peers[{i}]: a key and unsigned = true: give one of them"
                )),
                Some(Some(k)) => match super::frame::key_from_line(k.expose()) {
                    Ok(k) => keys.push((p.callsign, Some(k))),
                    Err(e) => problems.push(format!("radio.peers[{i}]: {e}")),
                },
                // HMAC is the default: an unkeyed pair is said so.
                Some(None) if !p.unsigned => problems.push(format!(
                    "radio.peers[{i}]: {} has no key (key_file or key_env); frames must be signed, or set unsigned = true",
                    p.callsign
                )),
                Some(None) => keys.push((p.callsign, None)),
                None => {}
            }
        }
        if problems.list.len() > before {
            return None;
        }
        Some(RadioSettings {
            config: self.clone(),
            port: port?,
            link: Settings::new(self, keys),
        })
    }
}

fn callsign<'de, D: Deserializer<'de>>(d: D) -> Result<Callsign, D::Error> {
    Callsign::new(&String::deserialize(d)?).map_err(D::Error::custom)
}

// A `String` error: the check `settings::checked` takes (serde's custom error).
fn line_rate(n: &u32) -> Result<(), String> {
    match n {
        50..=4_000_000 => Ok(()),
        _ => Err(format!("{n} is not a line rate (50 to 4000000)")),
    }
}

fn rate<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    checked(d, line_rate)
}

fn optional_rate<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    checked(d, line_rate).map(Some)
}

fn data_bits<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    checked(d, |n: &u8| match n {
        7..=8 => Ok(()),
        5..=6 => Err(format!("{n} bits cannot carry ASCII (at least 7)")),
        _ => Err(format!("{n} (5 to 8)")),
    })
}

fn stop_bits<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    checked(d, |n: &u8| match n {
        1..=2 => Ok(()),
        _ => Err(format!("{n} (1 or 2)")),
    })
}

fn kiss_port<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    checked(d, |n: &u8| match n {
        0..=15 => Ok(()),
        _ => Err(format!("{n} (0 to 15)")),
    })
}

fn window_size<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    checked(d, |n: &u32| match n {
        1..=32 => Ok(()),
        _ => Err(format!("{n} (1 to 32)")),
    })
}

fn retries<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    checked(d, |n: &u32| match n {
        1.. => Ok(()),
        0 => Err("must be at least 1".into()),
    })
}

fn radio_baud() -> u32 {
    1200
}
fn eight() -> u8 {
    8
}
fn one() -> u8 {
    1
}
fn window() -> u32 {
    8
}
fn ten() -> u32 {
    10
}
fn half_second() -> Duration {
    Duration::from_millis(500)
}
fn five_minutes() -> Duration {
    Duration::from_secs(300)
}
fn half_hour() -> Duration {
    Duration::from_secs(1800)
}

#[cfg(test)]
mod tests {
    use crate::config::Config;

    /// check-config resolves the configuration: a key under 16 bytes is
    /// refused there, naming the peer.
    #[test]
    fn short_keys_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let short = dir.path().join("short.key");
        let long = dir.path().join("long.key");
        std::fs::write(&short, "guessed\n").unwrap();
        std::fs::write(&long, "hex:000102030405060708090a0b0c0d0e0f\nsecond line\n").unwrap();
        let text = |key: &std::path::Path| {
            format!(
                "[radio]\ncallsign = \"G4ABC\"\nkiss_tcp = \"localhost:8001\"\n\
                 [[radio.peers]]\ncallsign = \"DL1XYZ-2\"\nkey_file = {:?}\n",
                key.display().to_string()
            )
        };
        let e = Config::parse(&text(&short))
            .unwrap()
            .resolve()
            .expect_err("a 7-byte key is refused")
            .to_string();
        assert!(
            e.contains("radio.peers[0]: the key has 7 bytes, at least 16"),
            "{e}"
        );
        let resolved = Config::parse(&text(&long)).unwrap().resolve();
        assert!(resolved.is_ok(), "{:?}", resolved.err());
    }

    /// An unkeyed peer is refused unless `unsigned = true` says so, and
    /// then warned about.
    #[test]
    fn a_peer_without_a_key_needs_unsigned_said_explicitly() {
        let text = |extra: &str| {
            format!(
                "[radio]\ncallsign = \"G4ABC\"\nkiss_tcp = \"localhost:8001\"\n\
                 [[radio.peers]]\ncallsign = \"DL1XYZ-2\"\n{extra}"
            )
        };
        let e = Config::parse(&text(""))
            .unwrap()
            .resolve()
            .expect_err("no key, no unsigned")
            .to_string();
        assert!(
            e.contains("radio.peers[0]: DL1XYZ-2 has no key") && e.contains("unsigned = true"),
            "{e}"
        );
        let resolved = Config::parse(&text("unsigned = true\n"))
            .unwrap()
            .resolve()
            .expect("unsigned said explicitly");
        let warnings = resolved.warnings();
        assert!(
            warnings.iter().any(|w| w.contains("DL1XYZ-2 are unsigned")),
            "{warnings:?}"
        );
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("pair.key");
        std::fs::write(&key, "0123456789abcdef0123\n").unwrap();
        let e = Config::parse(&text(&format!(
            "unsigned = true\nkey_file = {:?}\n",
            key.display().to_string()
        )))
        .unwrap()
        .resolve()
        .expect_err("a key and unsigned")
        .to_string();
        assert!(e.contains("give one of them"), "{e}");
    }
}
