//! `deploy/ccgate.toml`, the configuration reference the package installs
//! as `/etc/ccgate/ccgate.toml`: every key the configuration accepts is in
//! it, each where its section is, and the file with every `#key = value`
//! line uncommented (the `##` alternatives left out) is a configuration
//! `check-config` accepts.

use std::collections::BTreeSet;
use std::path::Path;

use ccgate::config::Config;

const REFERENCE: &str = include_str!("../../deploy/ccgate.toml");

/// A key no section has: the parser's refusal of it lists the keys the
/// section does have.
const UNKNOWN: &str = "zz_not_a_key";

/// The parser's error for `text`, or "" when it parses.
fn refusal(text: &str) -> String {
    Config::parse(text)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

/// The names serde lists after "expected" on the line of `error` that says
/// `what` (`unknown field`, `unknown variant`).
fn listed(error: &str, what: &str) -> Option<Vec<String>> {
    let line = error.lines().find(|l| l.contains(what))?;
    let (_, list) = line.split_once("expected")?;
    Some(
        list.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect(),
    )
}

/// The keys of the table at `path` (`["email", "imap"]`; `array` for
/// `[[…]]`), found by asking the parser, and added to `keys` as
/// `email.imap.host`; false when `path` is no table. A table tagged by a
/// key (`[email.send]`'s transport) is asked once per variant, its tag
/// (`tag`) set; `context` holds the tables above it with their tags.
fn table_keys(
    path: &[String],
    array: bool,
    (context, tag): (&str, &str),
    keys: &mut BTreeSet<String>,
) -> bool {
    let name = path.join(".");
    let header = match (path.is_empty(), array) {
        (true, _) => String::new(),
        (false, false) => format!("[{name}]\n"),
        (false, true) => format!("[[{name}]]\n"),
    };
    let error = refusal(&format!("{context}{header}{tag}{UNKNOWN} = 1\n"));
    let Some(fields) = listed(&error, &format!("unknown field `{UNKNOWN}`")) else {
        // A tagged table wants its tag first.
        let Some(missing) = error
            .lines()
            .find_map(|l| l.strip_prefix("missing field `"))
            .and_then(|rest| rest.split('`').next())
            .filter(|_| tag.is_empty())
        else {
            return false;
        };
        let error = refusal(&format!("{context}{header}{missing} = \"{UNKNOWN}\"\n"));
        let variants = listed(&error, "unknown variant").unwrap_or_default();
        assert!(!variants.is_empty(), "{name}.{missing}: {error}");
        for variant in variants {
            let tag = format!("{missing} = \"{variant}\"\n");
            assert!(
                table_keys(path, array, (context, &tag), keys),
                "{name} {tag}"
            );
        }
        keys.insert(format!("{name}.{missing}"));
        return true;
    };
    let context = format!("{context}{header}{tag}");
    for field in fields {
        let mut inner = path.to_vec();
        inner.push(field);
        if !table_keys(&inner, false, (&context, ""), keys)
            && !table_keys(&inner, true, (&context, ""), keys)
        {
            keys.insert(inner.join("."));
        }
    }
    true
}

/// Every key the configuration types accept, as `section.key`.
fn accepted_keys() -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    assert!(table_keys(&[], false, ("", ""), &mut keys));
    keys
}

/// The keys the reference shows, set or commented (`#`, `##`), each under
/// the last section header above it.
fn documented_keys(text: &str) -> BTreeSet<String> {
    let mut section = String::new();
    let mut keys = BTreeSet::new();
    for line in text.lines() {
        let bare = line.trim_start_matches('#');
        if line.len() - bare.len() > 2 || bare.starts_with(' ') {
            continue; // prose
        }
        if let Some(header) = bare.strip_prefix('[') {
            section = header.trim_matches(|c| c == '[' || c == ']').to_string();
        } else if let Some((key, _)) = bare.split_once('=') {
            let key = key.trim();
            if !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                keys.insert(match section.as_str() {
                    "" => key.to_string(),
                    s => format!("{s}.{key}"),
                });
            }
        }
    }
    keys
}

#[test]
fn the_reference_shows_every_key_the_configuration_accepts_and_no_other() {
    let accepted = accepted_keys();
    // The walk itself finds what it must (a tagged table's variants, an
    // array of tables, a nested one).
    for key in [
        "data_dir",
        "email.send.transport",
        "email.send.pool",
        "radio.peers.key_env",
        "xfcc.remote.ca_file",
        "email.dkim.keys_file",
    ] {
        assert!(accepted.contains(key), "{key} not found in {accepted:?}");
    }
    let documented = documented_keys(REFERENCE);
    let missing: Vec<_> = accepted.difference(&documented).collect();
    assert!(missing.is_empty(), "not in deploy/ccgate.toml: {missing:?}");
    let unknown: Vec<_> = documented.difference(&accepted).collect();
    assert!(
        unknown.is_empty(),
        "in deploy/ccgate.toml, not accepted: {unknown:?}"
    );
}

/// What a secret file named in the reference holds, for the uncommented
/// file's check: a certificate for the CA files, a key record for the
/// DKIM keys, else a line long enough for an HMAC key.
fn secret_for(key: &str, dir: &Path) -> Vec<u8> {
    match key {
        "ca_file" => {
            let certs = crate::support::certs::make(dir, "ref-", "DNS:localhost", |_| {});
            std::fs::read(certs.ca).expect("the CA certificate")
        }
        // RFC 8463's example key.
        "keys_file" => b"brisbane._domainkey.example.com v=DKIM1; k=ed25519; p=11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n".to_vec(),
        _ => b"a-secret-of-thirty-two-bytes-000\n".to_vec(),
    }
}

#[test]
fn the_reference_uncommented_is_a_configuration_check_config_accepts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let etc = dir.path().join("etc");
    std::fs::create_dir(&etc).expect("etc");
    let mut env = Vec::new();
    let mut text = String::new();
    for line in REFERENCE.lines() {
        let uncommented = match line.strip_prefix('#') {
            Some(rest)
                if rest.starts_with('[')
                    || rest.split_once('=').is_some_and(|(k, _)| {
                        !k.trim().is_empty()
                            && k.trim().chars().all(|c| c.is_ascii_lowercase() || c == '_')
                    }) =>
            {
                rest
            }
            _ => line,
        };
        let Some((key, value)) = uncommented
            .split_once(" = ")
            .filter(|_| !uncommented.starts_with('#'))
        else {
            text.push_str(uncommented);
            text.push('\n');
            continue;
        };
        let value = value.trim_matches('"');
        if let Some(path) = value.strip_prefix("/etc/ccgate/") {
            // The files the reference names, made here with what they hold.
            let file = etc.join(path);
            std::fs::write(&file, secret_for(key, &etc)).expect("a secret file");
            text.push_str(&format!("{key} = {:?}\n", file.display().to_string()));
            continue;
        }
        if key.ends_with("_env") {
            env.push((value.to_string(), "a-secret-of-thirty-two-bytes-000"));
        }
        text.push_str(uncommented);
        text.push('\n');
    }
    let file = dir.path().join("all.toml");
    std::fs::write(&file, &text).expect("write");
    let out = assert_cmd::Command::cargo_bin("ccgate")
        .expect("binary")
        .arg("check-config")
        .arg(&file)
        .envs(env)
        .output()
        .expect("run");
    assert!(out.status.success(), "{out:?}\n{text}");
    let said = String::from_utf8_lossy(&out.stdout);
    for input in ["Maildir", "IMAP", "SMS modem", "radio"] {
        assert!(said.contains(input), "{said}");
    }
}

/// The packaged file names the service's store, so `check-config` and the
/// admin commands run by the director use the service's.
#[test]
fn check_config_on_the_packaged_file_reports_the_services_store() {
    let out = assert_cmd::Command::cargo_bin("ccgate")
        .expect("binary")
        .env_remove("CCGATE_DB")
        .arg("check-config")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/ccgate.toml"))
        .output()
        .expect("run");
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("store /var/lib/ccgate/ccgate.db"), "{said}");
}
