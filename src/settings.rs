//! Values every section shares: durations, secrets, `host:port`, checked
//! numbers, and the problems `resolve` reports.

use std::path::Path;
use std::time::Duration;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

/// A value read as `T` and refused while parsing unless `check` accepts it,
/// so the error carries the line of the value (toml reports it).
///
/// The check's error is the text serde reports (a `String`: the checks are
/// small closures over each section's own parsers and messages).
pub fn checked<'de, D, T>(d: D, check: impl FnOnce(&T) -> Result<(), String>) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let value = T::deserialize(d)?;
    check(&value).map_err(D::Error::custom)?;
    Ok(value)
}

/// A string that must not be blank (host names, user names).
pub fn non_empty<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    checked(d, |s: &String| {
        if s.trim().is_empty() {
            Err("empty".into())
        } else {
            Ok(())
        }
    })
}

/// Durations as `"2s"`, `"500ms"`, `"1m 30s"` or ISO 8601 (`"PT2S"`).
pub fn duration<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    let text = String::deserialize(d)?;
    let parsed: jiff::SignedDuration = text.parse().map_err(|e| {
        D::Error::custom(format!(
            "{text:?} is not a duration like \"2s\" or \"1m\": {e}"
        ))
    })?;
    Duration::try_from(parsed)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| D::Error::custom(format!("{text:?}: a duration must be positive")))
}

pub fn optional_duration<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Duration>, D::Error> {
    duration(d).map(Some)
}

/// A count that must be at least 1 (connections, slots).
pub fn at_least_one<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    checked(d, |n: &usize| match n {
        1.. => Ok(()),
        0 => Err("must be at least 1".into()),
    })
}

pub fn optional_at_least_one<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    at_least_one(d).map(Some)
}

/// A TCP peer as `host:port` (`127.0.0.1:8001`, `tnc.local:8001`); the
/// host is looked up when connecting, not while parsing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostPort(String);

impl HostPort {
    pub fn parse(text: &str) -> Result<HostPort, NotHostPort> {
        match text.rsplit_once(':') {
            Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => {
                Ok(HostPort(text.to_string()))
            }
            _ => Err(NotHostPort(text.to_string())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A peer address without a host or a port.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not host:port")]
pub struct NotHostPort(pub String);

impl std::fmt::Display for HostPort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for HostPort {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        HostPort::parse(&String::deserialize(d)?).map_err(D::Error::custom)
    }
}

/// A secret once read: shown as `***` by `Debug`, so no log of the
/// settings prints it.
#[derive(Clone, PartialEq, Eq)]
pub struct SecretText(String);

impl SecretText {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for SecretText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("***")
    }
}

/// A secret (password, PIN, key) from a file (first line) or an
/// environment variable; `names` are the two keys as the section spells
/// them (`password_file`, `password_env`), so messages name the key given.
#[derive(Debug, Clone, Copy)]
pub struct Secret<'a> {
    pub file: Option<&'a Path>,
    pub env: Option<&'a str>,
    pub names: [&'static str; 2],
}

impl Secret<'_> {
    /// Reads the secret now; an error names the key under `section`.
    pub fn read(&self, section: &str) -> Result<Option<SecretText>, SecretError> {
        let [file_key, env_key] = self.names;
        let section = section.to_string();
        match (self.file, self.env) {
            (Some(_), Some(_)) => Err(SecretError::Both {
                section,
                file_key,
                env_key,
            }),
            (Some(f), None) => std::fs::read_to_string(f)
                .map(|s| Some(SecretText(s.lines().next().unwrap_or("").to_string())))
                .map_err(|source| SecretError::File {
                    section,
                    file_key,
                    path: f.to_path_buf(),
                    source,
                }),
            (None, Some(v)) => {
                std::env::var(v)
                    .map(|s| Some(SecretText(s)))
                    .map_err(|_| SecretError::Unset {
                        section,
                        env_key,
                        var: v.to_string(),
                    })
            }
            (None, None) => Ok(None),
        }
    }
}

/// Why a secret could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("{section}: give {file_key} or {env_key}, not both")]
    Both {
        section: String,
        file_key: &'static str,
        env_key: &'static str,
    },
    #[error("{section}.{file_key} {}: {source}", path.display())]
    File {
        section: String,
        file_key: &'static str,
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error("{section}.{env_key}: ${var} is not set")]
    Unset {
        section: String,
        env_key: &'static str,
        var: String,
    },
}

/// One reason a configuration cannot run, naming its key (in the text) and
/// the line of its section or entry when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub line: Option<usize>,
    pub text: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(n) => write!(f, "line {n}: {}", self.text),
            None => f.write_str(&self.text),
        }
    }
}

/// The problems found so far, each at the line of the part being resolved.
#[derive(Debug, Default)]
pub struct Problems {
    pub list: Vec<Problem>,
    line: Option<usize>,
}

impl Problems {
    /// Later problems belong to the section or entry at `line`.
    pub fn at(&mut self, line: usize) {
        self.line = Some(line);
    }

    pub fn push(&mut self, text: impl Into<String>) {
        self.list.push(Problem {
            line: self.line,
            text: text.into(),
        });
    }

    /// The value of `r`, or `None` with its error recorded.
    pub fn take<T, E: std::fmt::Display>(&mut self, r: Result<T, E>) -> Option<T> {
        r.map_err(|e| self.push(e.to_string())).ok()
    }
}

/// Line numbers of byte offsets in the configuration's text.
#[derive(Debug, Clone, Default)]
pub struct Lines(Vec<usize>);

impl Lines {
    pub fn new(text: &str) -> Lines {
        Lines(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i)
                .collect(),
        )
    }

    /// The 1-based line where `span` starts.
    pub fn of(&self, span: std::ops::Range<usize>) -> usize {
        self.0.partition_point(|&nl| nl < span.start) + 1
    }
}
