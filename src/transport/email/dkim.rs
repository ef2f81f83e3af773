//! ccgate's own check of DKIM signatures (RFC 6376, RFC 8463), for
//! gateways whose mail server adds no `Authentication-Results` they could
//! trust: `mail-auth` (Stalwart's) verifies, its resolver looks the keys up
//! by DNS.
//!
//! The check runs in the input, before the mail's transaction: a mail
//! without a signature costs no query, and one whose lookups take longer
//! than the configured timeout counts as unchecked (it goes to the
//! confirmation loop), so a slow DNS server delays only the mail that
//! needs it. With `keys_file` the keys come from a file and DNS is never
//! asked: for tests and closed setups.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mail_auth::common::parse::TxtRecordParser;
use mail_auth::common::verify::DomainKey;
use mail_auth::hickory_resolver::config::{NameServerConfigGroup, ResolverConfig, ResolverOpts};
use mail_auth::{
    AuthenticatedMessage, DkimResult, MessageAuthenticator, Parameters, ResolverCache, Txt,
};

/// What the check found: the signing domains (`d=`) whose signatures
/// verified, and the others' results, for the record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict {
    pub passed: Vec<String>,
    /// `dkim=fail (…) header.d=…` for each signature that did not verify,
    /// or why none was checked (a timeout).
    pub failed: Vec<String>,
}

/// Key records as a keys file gives them: DNS names (lower case, no final
/// dot) and their TXT text.
pub type KeyRecords = Vec<(String, String)>;

/// Why a keys file was refused.
#[derive(Debug, thiserror::Error)]
pub enum KeysError {
    #[error("{}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} line {line}: give a DNS name and its key record", path.display())]
    Line { path: PathBuf, line: usize },
    #[error("{} line {line}: not a DKIM key: {source}", path.display())]
    Key {
        path: PathBuf,
        line: usize,
        source: mail_auth::Error,
    },
}

/// The system's resolver configuration could not be read.
#[derive(Debug, thiserror::Error)]
#[error("DKIM resolver: {0}")]
pub struct ResolverError(mail_auth::hickory_resolver::proto::ProtoError);

/// Reads a keys file: one key per line, its DNS name and its TXT record
/// (`sel._domainkey.example.org v=DKIM1; k=ed25519; p=…`); blank lines and
/// lines starting with `#` are skipped. Every record must parse as a DKIM
/// key.
pub fn read_keys(path: &Path) -> Result<KeyRecords, KeysError> {
    let text = std::fs::read_to_string(path).map_err(|source| KeysError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let mut keys = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, record)) = line.split_once(char::is_whitespace) else {
            return Err(KeysError::Line {
                path: path.to_path_buf(),
                line: n + 1,
            });
        };
        let record = record.trim();
        DomainKey::parse(record.as_bytes()).map_err(|source| KeysError::Key {
            path: path.to_path_buf(),
            line: n + 1,
            source,
        })?;
        keys.push((fqdn(name), record.to_string()));
    }
    Ok(keys)
}

/// A DNS name as the keys file and the lookups are compared.
fn fqdn(name: &str) -> String {
    name.trim().trim_end_matches('.').to_ascii_lowercase()
}

/// Keys from a file, answering the verifier's lookups in place of DNS.
struct KeyFile(HashMap<String, Txt>);

impl ResolverCache<String, Txt> for KeyFile {
    fn get<Q>(&self, name: &Q) -> Option<Txt>
    where
        String: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.0.get(name).cloned()
    }

    fn remove<Q>(&self, _name: &Q) -> Option<Txt>
    where
        String: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        None
    }

    fn insert(&self, _key: String, _value: Txt, _valid_until: Instant) {}
}

/// The checker an input holds.
#[derive(Clone)]
pub struct Checker {
    auth: MessageAuthenticator,
    /// With a keys file, every name the verifier may ask for, each as
    /// looked up (`sel._domainkey.example.org.`) and without the final dot.
    keys: Option<Arc<KeyFile>>,
    timeout: Duration,
}

impl Checker {
    /// A checker that asks the system's DNS resolver, or, given `keys`,
    /// answers from them and never asks DNS.
    pub fn new(keys: Option<&KeyRecords>, timeout: Duration) -> Result<Checker, ResolverError> {
        let auth = match keys {
            // No name server at all: a name the file lacks fails at once.
            Some(_) => MessageAuthenticator::new(
                ResolverConfig::from_parts(
                    None,
                    Vec::new(),
                    NameServerConfigGroup::with_capacity(0),
                ),
                ResolverOpts::default(),
            ),
            None => MessageAuthenticator::new_system_conf(),
        }
        .map_err(ResolverError)?;
        let keys = keys.map(|records| {
            let mut map = HashMap::new();
            for (name, record) in records {
                if let Ok(key) = DomainKey::parse(record.as_bytes()) {
                    let txt = Txt::DomainKey(Arc::new(key));
                    map.insert(format!("{name}."), txt.clone());
                    map.insert(name.clone(), txt);
                }
            }
            Arc::new(KeyFile(map))
        });
        Ok(Checker {
            auth,
            keys,
            timeout,
        })
    }

    /// Checks the signatures of `raw`; a mail without one is not looked up.
    pub async fn check(&self, raw: &[u8]) -> Verdict {
        let Some(message) = AuthenticatedMessage::parse(raw) else {
            return Verdict::default();
        };
        if message.dkim_headers.is_empty() {
            return Verdict::default();
        }
        let outputs = match &self.keys {
            Some(keys) => {
                let params = Parameters::new(&message).with_txt_cache(keys.as_ref());
                tokio::time::timeout(self.timeout, self.auth.verify_dkim(params)).await
            }
            None => tokio::time::timeout(self.timeout, self.auth.verify_dkim(&message)).await,
        };
        let Ok(outputs) = outputs else {
            return Verdict {
                passed: Vec::new(),
                failed: vec![format!(
                    "dkim: no answer within {}s",
                    self.timeout.as_secs()
                )],
            };
        };
        let mut verdict = Verdict::default();
        for output in &outputs {
            let domain = output.signature().map(|s| fqdn(&s.d)).unwrap_or_default();
            match output.result() {
                DkimResult::Pass => verdict.passed.push(domain),
                other => verdict
                    .failed
                    .push(format!("{} header.d={domain}", said(other))),
            }
        }
        verdict
    }
}

/// A result as Authentication-Results names it (RFC 8601), with why.
fn said(result: &DkimResult) -> String {
    match result {
        DkimResult::Pass => "dkim=pass".into(),
        DkimResult::Neutral(e) => format!("dkim=neutral ({e})"),
        DkimResult::Fail(e) => format!("dkim=fail ({e})"),
        DkimResult::PermError(e) => format!("dkim=permerror ({e})"),
        DkimResult::TempError(e) => format!("dkim=temperror ({e})"),
        DkimResult::None => "dkim=none".into(),
    }
}
