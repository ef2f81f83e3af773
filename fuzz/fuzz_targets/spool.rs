//! The SMS spool readers (`transport::sms::spool::read`, gammu-smsd and
//! smstools3 files) on an arbitrary file: the first byte picks the format,
//! the second the length of the file's name (gammu's names carry the
//! sender and the time), then the name, then the content. The file is
//! written to a directory on tmpfs. Properties: no panic; an error says
//! something; a message read has a transport id naming its format.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use ccgate::transport::sms::spool::{SpoolKind, read};
use libfuzzer_sys::fuzz_target;

fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let base = if std::path::Path::new("/dev/shm").is_dir() {
            PathBuf::from("/dev/shm")
        } else {
            std::env::temp_dir()
        };
        let d = base.join(format!("ccgate-fuzz-spool-{}", std::process::id()));
        std::fs::create_dir_all(&d).expect("a scratch directory");
        d
    })
}

fuzz_target!(|data: &[u8]| {
    let [pick, len, rest @ ..] = data else {
        return;
    };
    let (kind, prefix) = if pick & 1 == 0 {
        (SpoolKind::Gammu, "IN")
    } else {
        (SpoolKind::Smstools, "GSM1.")
    };
    let len = usize::from(*len).min(rest.len());
    let (name, content) = rest.split_at(len);
    let name: String = String::from_utf8_lossy(name)
        .chars()
        .filter(|c| !matches!(c, '/' | '\0'))
        .take(200)
        .collect();
    let path = dir().join(format!("{prefix}{name}"));
    if std::fs::write(&path, content).is_err() {
        return;
    }
    match read(kind, &path) {
        Ok(m) => assert!(
            m.transport_id
                .starts_with(&format!("spool:{}:", kind.name()))
        ),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let _ = std::fs::remove_file(&path);
});
