//! The `[sms]` (a GSM modem) and `[sms_spool]` (another program's spool)
//! sections, and their settings once resolved (the SIM PIN read).

use std::path::PathBuf;
use std::time::Duration;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use super::receive::Numbering;
use super::spool::SpoolKind;
use crate::settings::{Problems, Secret, SecretText, checked, duration};

/// A GSM modem on a serial port.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmsConfig {
    /// The serial device (`/dev/ttyUSB2`, `/dev/serial/by-id/...`).
    pub device: PathBuf,
    #[serde(default = "baud")]
    pub baud: u32,
    /// The SIM PIN: first line of a file, or an environment variable.
    pub pin_file: Option<PathBuf>,
    pub pin_env: Option<String>,
    /// Message storages swept with `AT+CMGL` (SIM and modem memory).
    #[serde(default = "storages", deserialize_with = "some_storage")]
    pub storages: Vec<String>,
    /// How often every storage is swept (indications stop when one fills).
    #[serde(default = "half_minute", deserialize_with = "duration")]
    pub sweep_every: Duration,
    /// A command unanswered this long means the modem is gone.
    #[serde(default = "ten_seconds", deserialize_with = "duration")]
    pub command_timeout: Duration,
    /// At most one `AT+CMGS` per this interval (operators throttle senders).
    #[serde(default = "one_second", deserialize_with = "duration")]
    pub min_interval: Duration,
    /// Ask the network for status reports, matched to replies by TP-MR.
    #[serde(default = "yes")]
    pub status_reports: bool,
    /// Parts of a concatenated message waiting longer are given up.
    #[serde(default = "day", deserialize_with = "duration")]
    pub reassembly_timeout: Duration,
    /// The modem's country code: national sender numbers get it, so they
    /// match players' E.164 numbers.
    pub country_code: Option<CountryCode>,
    /// The national trunk prefix the country code replaces.
    #[serde(default = "trunk")]
    pub trunk_prefix: String,
}

/// SMS through another program's spool directories.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpoolConfig {
    pub kind: SpoolKind,
    /// Where the program writes received messages.
    pub incoming: PathBuf,
    /// Where it takes messages to send.
    pub outgoing: PathBuf,
    /// Processed files are moved here; deleted when not set.
    pub done: Option<PathBuf>,
    #[serde(default = "two_seconds", deserialize_with = "duration")]
    pub poll_every: Duration,
    /// As for a modem: national sender numbers become E.164.
    pub country_code: Option<CountryCode>,
    #[serde(default = "trunk")]
    pub trunk_prefix: String,
}

/// An E.164 country code, one to three digits (`49`; `+49` is read as `49`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountryCode(String);

impl<'de> Deserialize<'de> for CountryCode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let digits = text.trim_start_matches('+');
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(D::Error::custom(format!(
                "{text:?} is not a country code like \"49\""
            )));
        }
        Ok(CountryCode(digits.to_string()))
    }
}

/// The modem ready to run.
#[derive(Debug, Clone)]
pub struct SmsSettings {
    pub config: SmsConfig,
    pub pin: Option<SecretText>,
}

impl SmsConfig {
    pub fn resolve(&self, problems: &mut Problems) -> Option<SmsSettings> {
        let pin = Secret {
            file: self.pin_file.as_deref(),
            env: self.pin_env.as_deref(),
            names: ["pin_file", "pin_env"],
        };
        Some(SmsSettings {
            config: self.clone(),
            pin: problems.take(pin.read("sms"))?,
        })
    }

    pub fn numbering(&self) -> Numbering {
        numbering(&self.country_code, &self.trunk_prefix)
    }
}

impl SpoolConfig {
    /// The spool's directories must exist: the other program made them.
    pub fn resolve(&self, problems: &mut Problems) -> Option<SpoolConfig> {
        let mut ok = true;
        for (key, dir) in [("incoming", &self.incoming), ("outgoing", &self.outgoing)] {
            if !dir.is_dir() {
                problems.push(format!(
                    "sms_spool.{key}: {} is not a directory",
                    dir.display()
                ));
                ok = false;
            }
        }
        ok.then(|| self.clone())
    }

    pub fn numbering(&self) -> Numbering {
        numbering(&self.country_code, &self.trunk_prefix)
    }
}

fn numbering(country_code: &Option<CountryCode>, trunk_prefix: &str) -> Numbering {
    Numbering {
        country_code: country_code.as_ref().map(|c| c.0.clone()),
        trunk_prefix: trunk_prefix.to_string(),
    }
}

fn some_storage<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    checked(d, |s: &Vec<String>| {
        if s.is_empty() {
            Err("name at least one (\"SM\", \"ME\")".into())
        } else {
            Ok(())
        }
    })
}

fn trunk() -> String {
    "0".into()
}
fn baud() -> u32 {
    115_200
}
fn storages() -> Vec<String> {
    vec!["SM".into(), "ME".into()]
}
fn yes() -> bool {
    true
}
fn two_seconds() -> Duration {
    Duration::from_secs(2)
}
fn half_minute() -> Duration {
    Duration::from_secs(30)
}
fn ten_seconds() -> Duration {
    Duration::from_secs(10)
}
fn one_second() -> Duration {
    Duration::from_secs(1)
}
fn day() -> Duration {
    Duration::from_secs(86_400)
}
