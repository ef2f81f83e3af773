//! The spool directories against the real programs.
//!
//! - gammu-smsd (Debian `gammu-smsd`, FILES backend), in the foreground,
//!   with `connection = at115200` on the modem simulator of the modem lab
//!   (`tests/it/support/modem_lab.rs`): SMS injected into the simulator arrive in
//!   gammu-smsd's inbox and are read with [`spool::pending`] and
//!   [`spool::read`]; what [`spool::write_outgoing`] leaves in its outbox
//!   goes out through the simulator, which decodes the SMS-SUBMITs.
//! - The same gammu-smsd on gammu's `dummy` phone driver (a phone kept as
//!   files, filled by the real `gammu savesms`), where the phone's inbox must
//!   be exact: the `detail` format with the parts of a long message joined,
//!   `unicode` with one file per part and gammu's length bug, the `.txt`
//!   outbox that defaults to 7-bit, and the sample files in
//!   `tests/data/spool/gammu` (written by this gammu-smsd).
//! - smstools3's `smsd` (Debian `smstools`), in the foreground (`-t`), on the
//!   modem lab: its incoming files and its outgoing spool, the same way.
//!
//! Needs `gammu`, `gammu-smsd`, `smstools`, `socat` and python3
//! (`.ci/setup-servers` installs them). `CCGATE_KEEP_SPOOL_LAB=1` keeps the
//! spool directories (their path is printed).

use crate::support::modem_lab;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use ccgate::transport::sms::spool::{self, SpoolKind, SpoolMessage};
use modem_lab::ModemLab;
use serde_json::{Value, json};

const HINT: &str =
    "install gammu, gammu-smsd and smstools (Debian packages) with `.ci/setup-servers`";

const TIMEOUT: Duration = Duration::from_secs(60);

/// The phone gammu-smsd talks to.
enum Phone<'a> {
    /// gammu's file-backed dummy phone.
    Dummy,
    /// An AT modem on this device.
    At(&'a Path),
}

/// gammu-smsd or smsd in the foreground, with its spool in a temp dir.
struct Daemon {
    dir: tempfile::TempDir,
    program: &'static str,
    args: Vec<String>,
    log_name: &'static str,
    child: Option<Child>,
}

impl Daemon {
    /// gammu-smsd with the FILES backend. No `TransmitFormat`: gammu 1.42's
    /// effective default is 7bit, which the `.smsbackup` files of
    /// write_outgoing must not depend on.
    fn gammu(inbox_format: &str, phone: Phone) -> Daemon {
        let dir = spool_dir(&["inbox", "outbox", "sent", "error", "done", "dummy"]);
        let root = dir.path().display().to_string();
        let gammu = match phone {
            Phone::Dummy => {
                format!("[gammu]\nmodel = dummy\nconnection = none\ndevice = {root}/dummy\n")
            }
            Phone::At(device) => format!(
                "[gammu]\nconnection = at115200\ndevice = {}\n",
                device.display()
            ),
        };
        fs::write(dir.path().join("gammurc"), &gammu).expect("gammurc");
        let smsdrc = format!(
            "{gammu}\n[smsd]\nservice = files\nInboxPath = {root}/inbox/\n\
             OutboxPath = {root}/outbox/\nSentSMSPath = {root}/sent/\n\
             ErrorSMSPath = {root}/error/\nInboxFormat = {inbox_format}\n\
             CommTimeout = 1\nReceiveFrequency = 1\nStatusFrequency = 0\n\
             CheckSecurity = 0\nCheckBattery = 0\nCheckSignal = 0\n\
             MultipartTimeout = 10\nLogFile = {root}/smsd.log\nDebugLevel = 1\n"
        );
        fs::write(dir.path().join("smsdrc"), smsdrc).expect("smsdrc");
        let daemon = Daemon {
            args: vec!["-c".into(), format!("{root}/smsdrc")],
            dir,
            program: "gammu-smsd",
            log_name: "smsd.log",
            child: None,
        };
        if matches!(phone, Phone::Dummy) {
            // The dummy phone creates its folders on first use.
            daemon.gammu_cli(&["getsmsfolders"]);
        }
        daemon
    }

    /// smstools3's smsd with one modem, `GSM1`, on `device`.
    fn smstools(device: &Path) -> Daemon {
        let dir = spool_dir(&["outgoing", "checked", "incoming", "sent", "failed", "done"]);
        let root = dir.path().display().to_string();
        let conf = format!(
            "devices = GSM1\noutgoing = {root}/outgoing\nchecked = {root}/checked\n\
             incoming = {root}/incoming\nsent = {root}/sent\nfailed = {root}/failed\n\
             logfile = {root}/smsd.log\nloglevel = 7\ninfofile = {root}/smsd.working\n\
             pidfile = {root}/smsd.pid\ndelaytime = 1\ndelaytime_mainprocess = 1\n\n\
             [GSM1]\ndevice = {}\nincoming = yes\nbaudrate = 115200\npin = ignore\n",
            device.display()
        );
        fs::write(dir.path().join("smsd.conf"), conf).expect("smsd.conf");
        Daemon {
            args: vec!["-t".into(), "-c".into(), format!("{root}/smsd.conf")],
            dir,
            program: "smsd",
            log_name: "smsd.log",
            child: None,
        }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    /// Runs the `gammu` command line on the dummy phone.
    fn gammu_cli(&self, args: &[&str]) {
        let out = Command::new("gammu")
            .arg("-c")
            .arg(self.path("gammurc"))
            .args(args)
            .env("LANG", "C.UTF-8")
            .output()
            .unwrap_or_else(|e| panic!("gammu: {e}; {HINT}"));
        assert!(
            out.status.success(),
            "gammu {args:?}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Puts a received SMS into the dummy phone's inbox (folder 1): `gammu
    /// savesms` stores an SMS-SUBMIT, turned here into the SMS-DELIVER a
    /// phone would hold. Long texts become several parts.
    fn inject_dummy(&self, from: &str, text: &str) {
        let mut args = vec![
            "savesms", "TEXT", "-folder", "1", "-unread", "-sender", from,
        ];
        if !text.is_ascii() {
            args.push("-unicode");
        }
        args.extend(["-len", "1000", "-text", text]);
        self.gammu_cli(&args);
        for entry in fs::read_dir(self.path("dummy/sms/1")).expect("dummy inbox") {
            let path = entry.expect("entry").path();
            let content = fs::read(&path).expect("dummy sms");
            let content =
                String::from_utf8_lossy(&content).replace("PDU = Submit", "PDU = Deliver");
            fs::write(&path, content).expect("dummy sms");
        }
    }

    /// Starts the program in the foreground, under a UTF-8 locale.
    fn start(&mut self) {
        let child = Command::new(self.program)
            .args(&self.args)
            .env("LANG", "C.UTF-8")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}; {HINT}", self.program));
        self.child = Some(child);
    }

    fn log(&self) -> String {
        fs::read_to_string(self.path(self.log_name)).unwrap_or_default()
    }

    /// Waits for `cond`, checking that the program still runs.
    fn wait(&mut self, what: &str, mut cond: impl FnMut(&Daemon) -> bool) {
        let start = Instant::now();
        loop {
            if cond(self) {
                return;
            }
            if let Some(child) = self.child.as_mut()
                && let Ok(Some(status)) = child.try_wait()
            {
                panic!(
                    "{} exited ({status}) waiting for {what}; log:\n{}",
                    self.program,
                    self.log()
                );
            }
            assert!(
                start.elapsed() < TIMEOUT,
                "timed out waiting for {what}; log:\n{}",
                self.log()
            );
            sleep(Duration::from_millis(200));
        }
    }

    fn files(&self, rel: &str) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.path(rel))
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    /// `pending` until it lists `n` files (and no more come for a moment),
    /// then each one read.
    fn read_pending(
        &mut self,
        kind: SpoolKind,
        rel: &str,
        n: usize,
    ) -> Vec<(PathBuf, SpoolMessage)> {
        let dir = self.path(rel);
        let count = |d: &Path| spool::pending(kind, d).map(|p| p.len()).unwrap_or(0);
        self.wait(&format!("{n} files in {rel}"), |_| count(&dir) >= n);
        sleep(Duration::from_millis(1500));
        let paths = spool::pending(kind, &dir).expect("pending");
        assert_eq!(paths.len(), n, "{paths:?}");
        paths
            .into_iter()
            .map(|p| {
                let m = spool::read(kind, &p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                (p, m)
            })
            .collect()
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            stop(&mut child);
        }
        if std::env::var_os("CCGATE_KEEP_SPOOL_LAB").is_some() {
            let dir = std::mem::replace(&mut self.dir, tempfile::tempdir().expect("temp dir"));
            eprintln!("spool lab kept in {}", dir.keep().display());
        }
    }
}

fn spool_dir(subdirs: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for d in subdirs {
        fs::create_dir(dir.path().join(d)).expect("mkdir");
    }
    dir
}

/// Stops a process of ours: SIGTERM (smsd then stops its children), then
/// SIGKILL after a grace period.
fn stop(child: &mut Child) {
    if matches!(child.try_wait(), Ok(None)) {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while matches!(child.try_wait(), Ok(None)) && Instant::now() < deadline {
            sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
    }
    let _ = child.wait();
}

fn long_latin() -> String {
    format!("{}Ende", "Nf3 Nc6 Bb5 a6 ".repeat(12))
}

fn long_cyrillic() -> String {
    format!("{}конец", "Ход конём f3, ".repeat(8))
}

/// (from, text) of what was read, sorted.
fn senders_and_texts(got: &[(PathBuf, SpoolMessage)]) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = got
        .iter()
        .map(|(_, m)| (m.from.clone(), m.text.clone()))
        .collect();
    v.sort();
    v
}

fn owned(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    v.sort();
    v
}

/// What the simulator decoded of the SMS-SUBMITs: (to, text, encoding,
/// concat [ref, total, seq]).
fn submits(sent: &[Value]) -> Vec<(String, String, String, Value)> {
    sent.iter()
        .map(|s| {
            (
                s["to"].as_str().unwrap_or_default().to_string(),
                s["text"].as_str().unwrap_or_default().to_string(),
                s["encoding"].as_str().unwrap_or_default().to_string(),
                s["udh_concat"].clone(),
            )
        })
        .collect()
}

/// Checks the simulator received `expected` (to, whole text, encoding,
/// number of parts) in this order, joining concatenated parts.
fn check_submits(sent: &[Value], expected: &[(&str, &str, &str, usize)]) {
    let got = submits(sent);
    let mut i = 0;
    for &(to, text, encoding, parts) in expected {
        let these = got
            .get(i..i + parts)
            .unwrap_or_else(|| panic!("too few SMS: {got:#?}"));
        let joined: String = these.iter().map(|s| s.1.as_str()).collect();
        for (n, s) in these.iter().enumerate() {
            assert_eq!((s.0.as_str(), s.2.as_str()), (to, encoding), "{got:#?}");
            if parts > 1 {
                assert_eq!(s.3[1], parts, "{got:#?}");
                assert_eq!(s.3[2], n + 1, "{got:#?}");
            } else {
                assert!(s.3.is_null(), "{got:#?}");
            }
        }
        assert_eq!(joined, text, "{got:#?}");
        i += parts;
    }
    assert_eq!(i, got.len(), "more SMS than expected: {got:#?}");
}

// ------------------------------------------------------------ gammu-smsd

#[test]
fn gammu_smsd_through_the_modem() {
    let lab = ModemLab::start();
    let device = lab.device();
    let mut smsd = Daemon::gammu("unicode", Phone::At(&device));
    smsd.start();
    lab.inject(json!({"from": "+491701234567", "text": "e4 e5 Nf3"}));
    lab.inject(json!({"from": "+79161234567", "text": "Кf3 е5, привет!"}));
    lab.inject(json!({"from": "01701234567", "text": "Partie 12: Sf3 Sc6 €"}));
    let got = smsd.read_pending(SpoolKind::Gammu, "inbox", 3);
    assert_eq!(
        senders_and_texts(&got),
        owned(&[
            ("+491701234567", "e4 e5 Nf3"),
            ("+79161234567", "Кf3 е5, привет!"),
            ("01701234567", "Partie 12: Sf3 Sc6 €"),
        ])
    );
    for (path, m) in &got {
        assert!(m.received.is_some(), "{m:?}");
        spool::accept(path, Some(&smsd.path("done"))).expect("accept");
    }
    assert!(
        spool::pending(SpoolKind::Gammu, &smsd.path("inbox"))
            .expect("pending")
            .is_empty()
    );

    let outbox = smsd.path("outbox");
    for (id, to, text) in [
        (1, "+491701234567", "e4 e5 Nf3 € [Dä4]"),
        (2, "+79161234567", "Кf3 е5"),
        (3, "01701234567", long_cyrillic().as_str()),
    ] {
        spool::write_outgoing(SpoolKind::Gammu, &outbox, id, to, text).expect("write");
    }
    let sent = lab.wait_sent(4, TIMEOUT);
    check_submits(
        &sent,
        &[
            ("+491701234567", "e4 e5 Nf3 € [Dä4]", "gsm7", 1),
            ("+79161234567", "Кf3 е5", "ucs2", 1),
            ("01701234567", &long_cyrillic(), "ucs2", 2),
        ],
    );
    smsd.wait("3 files in sent/", |d| d.files("sent").len() == 3);
    assert!(smsd.files("outbox").is_empty());
    assert!(smsd.files("error").is_empty());
}

#[test]
fn gammu_smsd_unicode_inbox_one_file_per_part() {
    let mut smsd = Daemon::gammu("unicode", Phone::Dummy);
    smsd.inject_dummy("+491701234567", "e4 e5 Nf3");
    smsd.inject_dummy("+79161234567", "Кf3 е5, привет!");
    smsd.inject_dummy("01701234567", "Partie 12:\nSf3 Sc6 €");
    smsd.inject_dummy("+4917012345678", &long_latin());
    smsd.start();
    // One file per part in this format: 3 + 2.
    let got = smsd.read_pending(SpoolKind::Gammu, "inbox", 5);
    let seen = senders_and_texts(&got);
    let parts: Vec<&str> = seen
        .iter()
        .filter(|(f, _)| f == "+4917012345678")
        .map(|(_, t)| t.as_str())
        .collect();
    assert_eq!(parts.len(), 2, "{seen:?}");
    assert!(
        parts.concat() == long_latin() || [parts[1], parts[0]].concat() == long_latin(),
        "{parts:?}"
    );
    for expected in [
        ("+491701234567", "e4 e5 Nf3"),
        ("+79161234567", "Кf3 е5, привет!"),
        ("01701234567", "Partie 12:\nSf3 Sc6 €"),
    ] {
        assert!(
            seen.iter()
                .any(|(f, t)| (f.as_str(), t.as_str()) == expected),
            "{expected:?} not in {seen:?}"
        );
    }
    // The Cyrillic file has gammu's length bug, which the reader copes with.
    let (cyrillic, first) = got
        .iter()
        .find(|(_, m)| m.from == "+79161234567")
        .expect("cyrillic");
    let raw = fs::read(cyrillic).expect("cyrillic file");
    assert!(
        raw.starts_with(&[0xFE, 0xFF]) && raw.ends_with(&[0, 0]),
        "{raw:02X?}"
    );
    // Read again: the same id. Accepted: gone.
    let again = spool::read(SpoolKind::Gammu, cyrillic).expect("read again");
    assert_eq!(again.transport_id, first.transport_id);
    for (path, _) in &got {
        spool::accept(path, None).expect("accept");
    }
    assert!(smsd.files("inbox").is_empty());
}

#[test]
fn gammu_smsd_detail_inbox_joins_parts() {
    let mut smsd = Daemon::gammu("detail", Phone::Dummy);
    smsd.inject_dummy("+79161234567", &long_cyrillic());
    smsd.inject_dummy("+4917012345678", &long_latin());
    smsd.start();
    let got = smsd.read_pending(SpoolKind::Gammu, "inbox", 2);
    assert_eq!(
        senders_and_texts(&got),
        owned(&[
            ("+4917012345678", &long_latin()),
            ("+79161234567", &long_cyrillic()),
        ])
    );
    assert!(smsd.log().contains("Multipart message"), "{}", smsd.log());
}

/// Why write_outgoing does not write `.txt`: without `TransmitFormat = auto`
/// gammu-smsd 1.42 sends such a file's Cyrillic text in GSM 7-bit (its log:
/// "cod 3"; 1 is UCS-2).
#[test]
fn gammu_smsd_txt_outbox_defaults_to_7bit() {
    let mut smsd = Daemon::gammu("unicode", Phone::Dummy);
    smsd.start();
    let mut content = vec![0xFE, 0xFF];
    content.extend("Кf3".encode_utf16().flat_map(u16::to_be_bytes));
    let tmp = smsd.path("outbox/.tmp");
    fs::write(&tmp, content).expect("write");
    fs::rename(&tmp, smsd.path("outbox/OUT+79161234567.txt")).expect("rename");
    spool::write_outgoing(
        SpoolKind::Gammu,
        &smsd.path("outbox"),
        1,
        "+79161234567",
        "Кf3",
    )
    .expect("write");
    smsd.wait("2 files in sent/", |d| d.files("sent").len() == 2);
    let log = smsd.log();
    assert!(log.contains("transmission format \"7bit\""), "{log}");
    assert!(
        log.contains("Found 1 sms to \"+79161234567\" with text \"Кf3\" cod 3 "),
        "{log}"
    );
    assert!(
        log.contains("Found 1 sms to \"+79161234567\" with text \"Кf3\" cod 1 "),
        "{log}"
    );
}

#[test]
fn gammu_sample_files_match_gammu_smsd() {
    // tests/data/spool/gammu/unicode was written by this gammu-smsd from the
    // same dummy phone; the time stamp in the name comes from the SMS.
    let mut smsd = Daemon::gammu("unicode", Phone::Dummy);
    smsd.inject_dummy("+491701234567", "e4 e5 Nf3");
    smsd.start();
    let got = smsd.read_pending(SpoolKind::Gammu, "inbox", 1);
    let name = got[0]
        .0
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    let sample = "IN20240501_120301_00_+491701234567_00.txt";
    assert_eq!(name.len(), sample.len(), "{name}");
    assert!(
        name.starts_with("IN") && name.ends_with("_00_+491701234567_00.txt"),
        "{name}"
    );
    let sample = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/spool/gammu/unicode")
        .join(sample);
    assert_eq!(
        fs::read(&got[0].0).expect("read"),
        fs::read(sample).expect("sample")
    );
}

// ------------------------------------------------------------------ smsd

#[test]
fn smstools_through_the_modem() {
    let lab = ModemLab::start();
    let mut smsd = Daemon::smstools(&lab.device());
    smsd.start();
    lab.inject(json!({"from": "+491701234567", "text": "e4 e5 Nf3 Dä4 Δ"}));
    lab.inject(json!({"from": "+79161234567", "text": "Кf3 е5, привет!"}));
    lab.inject(json!({"from": "01701234567", "text": "Partie 12: Sf3 Sc6 €"}));
    lab.inject(json!({"from": "+4917012345678", "text": long_latin()}));
    let got = smsd.read_pending(SpoolKind::Smstools, "incoming", 4);
    assert_eq!(
        senders_and_texts(&got),
        owned(&[
            ("+491701234567", "e4 e5 Nf3 Dä4 Δ"),
            ("+79161234567", "Кf3 е5, привет!"),
            ("01701234567", "Partie 12: Sf3 Sc6 €"),
            ("+4917012345678", &long_latin()),
        ])
    );
    for (path, m) in &got {
        assert!(m.transport_id.starts_with("spool:smstools:GSM1."), "{m:?}");
        spool::accept(path, Some(&smsd.path("done"))).expect("accept");
    }
    assert_eq!(smsd.files("done").len(), 4);
    assert!(smsd.files("incoming").is_empty());

    let outgoing = smsd.path("outgoing");
    for (id, to, text) in [
        (1, "+491701234567", "e4 e5 Nf3 € [Dä4] Δ"),
        (2, "+79161234567", "Кf3 е5"),
        (3, "01701234567", "Partie 12: Sf3"),
        (4, "+79161234567", long_cyrillic().as_str()),
    ] {
        spool::write_outgoing(SpoolKind::Smstools, &outgoing, id, to, text).expect("write");
    }
    let sent = lab.wait_sent(5, TIMEOUT);
    // smsd takes the files in no particular order: sort by recipient, then
    // part number (0 for a single SMS).
    let mut by_message: Vec<Value> = sent.clone();
    by_message.sort_by_key(|s| {
        (
            s["to"].as_str().unwrap_or_default().to_string(),
            s["udh_concat"][2].as_u64().unwrap_or(0),
            s["text"].as_str().unwrap_or_default().to_string(),
        )
    });
    check_submits(
        &by_message,
        &[
            ("+491701234567", "e4 e5 Nf3 € [Dä4] Δ", "gsm7", 1),
            ("+79161234567", "Кf3 е5", "ucs2", 1),
            ("+79161234567", &long_cyrillic(), "ucs2", 2),
            ("01701234567", "Partie 12: Sf3", "gsm7", 1),
        ],
    );
    smsd.wait("4 files in sent/", |d| d.files("sent").len() == 4);
    assert!(smsd.files("failed").is_empty());
}
