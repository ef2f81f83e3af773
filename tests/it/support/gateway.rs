//! A running `ccgate serve` for tests: its data directory, its configuration,
//! its store, and the process, stopped by SIGTERM or killed with SIGKILL.

use std::io::Read;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ccgate::game::clock::TimeControl;
use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use ccgate::store::{NewPlayer, PlayerId, Store};
use jiff::Timestamp;

/// A free port on loopback (released for the caller to bind).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Polls `done` until it holds; panics with `what` after `timeout`.
pub fn wait_until(what: &str, timeout: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < timeout, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

pub struct Gateway {
    pub dir: tempfile::TempDir,
    pub config: PathBuf,
    pub status_port: u16,
    /// Extra environment of the daemon's process: the tests share one
    /// process, so a test's variables go to its child, never to
    /// `std::env`.
    env: Vec<(String, String)>,
    child: Option<Child>,
    starts: u32,
}

impl Gateway {
    /// A data directory with `config` (TOML; `data_dir` and the status
    /// endpoint are set here) written next to it. Not started yet.
    pub fn new(config: &str) -> Gateway {
        let dir = tempfile::tempdir().expect("tempdir");
        let status_port = free_port();
        let text = format!(
            "data_dir = {:?}\n{config}\n[status]\nlisten = \"127.0.0.1:{status_port}\"\n",
            dir.path().display().to_string()
        );
        let path = dir.path().join("ccgate.toml");
        std::fs::write(&path, text).expect("write config");
        Gateway {
            dir,
            config: path,
            status_port,
            env: Vec::new(),
            child: None,
            starts: 0,
        }
    }

    /// Sets `name` in the environment of every later start of the daemon.
    pub fn env(&mut self, name: &str, value: &str) {
        self.env.push((name.into(), value.into()));
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn db(&self) -> PathBuf {
        self.path("ccgate.db")
    }

    /// Starts the daemon; its log goes to `serve-<n>.log`.
    pub fn start(&mut self) {
        assert!(self.child.is_none(), "already running");
        self.starts += 1;
        let log = std::fs::File::create(self.path(&format!("serve-{}.log", self.starts)))
            .expect("log file");
        let child = Command::new(env!("CARGO_BIN_EXE_ccgate"))
            .args(["serve", "--config"])
            .arg(&self.config)
            .env_remove("CCGATE_DB")
            .env("RUST_LOG", "ccgate=debug,info")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("spawn ccgate serve");
        self.child = Some(child);
        let port = self.status_port;
        wait_until("the status endpoint", Duration::from_secs(30), || {
            if let Some(Ok(Some(status))) = self.child.as_mut().map(Child::try_wait) {
                panic!("ccgate serve exited ({status}):\n{}", self.log());
            }
            std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
        });
    }

    /// SIGTERM, then the exit status.
    pub fn stop(&mut self) -> std::process::ExitStatus {
        let mut child = self.child.take().expect("running");
        // SAFETY-free: kill(1) sends the signal; the crate has no libc dependency.
        let sent = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .expect("kill -TERM");
        assert!(sent.success());
        let start = Instant::now();
        loop {
            if let Some(status) = child.try_wait().expect("wait") {
                return status;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "the daemon did not stop on SIGTERM:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The running daemon's process id.
    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("running").id()
    }

    /// SIGKILL: no chance to finish anything.
    pub fn kill(&mut self) {
        let mut child = self.child.take().expect("running");
        child.kill().expect("kill -9");
        child.wait().expect("reap");
    }

    /// Every log of this gateway so far.
    pub fn log(&self) -> String {
        let mut all = String::new();
        for n in 1..=self.starts {
            if let Ok(mut f) = std::fs::File::open(self.path(&format!("serve-{n}.log"))) {
                let _ = f.read_to_string(&mut all);
            }
        }
        all
    }

    /// A GET on the status endpoint: the body.
    pub fn http_get(&self, path: &str) -> String {
        self.try_http_get(path).expect("a response")
    }

    /// A GET on the status endpoint: the body, or why there is none (the
    /// connection was closed, or no answer came in time).
    pub fn try_http_get(&self, path: &str) -> std::io::Result<String> {
        use std::io::Write;
        let mut s = crate::support::web::patient_connect(self.status_port);
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        )?;
        let mut text = String::new();
        s.read_to_string(&mut text)?;
        Ok(text
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or(text))
    }
}

impl Drop for Gateway {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Registers a player with these addresses; replies go to the first.
pub fn add_player(
    db: &Path,
    name: &str,
    addresses: &[(Channel, &str)],
    notation: Notation,
    lang: Lang,
) -> i64 {
    let mut s = Store::create(db).expect("store");
    let tx = s.write().expect("tx");
    let id = tx
        .add_player(
            &NewPlayer {
                name: name.into(),
                notation,
                lang,
                reply_via: addresses.first().map(|(c, _)| *c),
                tz: "UTC".into(),
                pin_hash: None,
                addresses: addresses.iter().map(|(c, a)| (*c, a.to_string())).collect(),
            },
            Timestamp::now(),
        )
        .expect("add player");
    tx.commit().expect("commit");
    id.0
}

/// A player of a test game. The cast of the tests: Alice and Bob by email
/// (`<name>@example.test`), Boris by SMS, Rolf by radio; SAN in English
/// unless said otherwise.
pub struct Seat {
    name: String,
    addresses: Vec<(Channel, String)>,
    notation: Notation,
    lang: Lang,
}

impl Seat {
    /// A player by email at `<name in lower case>@example.test`.
    pub fn email(name: &str) -> Seat {
        let address = format!("{}@example.test", name.to_lowercase());
        Seat::at(name, Channel::Email, &address)
    }

    /// A player reached on `channel` at `address`.
    pub fn at(name: &str, channel: Channel, address: &str) -> Seat {
        Seat {
            name: name.into(),
            addresses: vec![(channel, address.into())],
            notation: Notation::San,
            lang: Lang::En,
        }
    }

    /// A further address (replies still go to the first).
    pub fn also(mut self, channel: Channel, address: &str) -> Seat {
        self.addresses.push((channel, address.into()));
        self
    }

    pub fn notation(mut self, notation: Notation) -> Seat {
        self.notation = notation;
        self
    }

    pub fn lang(mut self, lang: Lang) -> Seat {
        self.lang = lang;
        self
    }

    fn add(&self, db: &Path) -> i64 {
        let addresses: Vec<(Channel, &str)> = self
            .addresses
            .iter()
            .map(|(c, a)| (*c, a.as_str()))
            .collect();
        add_player(db, &self.name, &addresses, self.notation, self.lang)
    }
}

/// The world most tests start from: two players and a game without a clock
/// between them. Adds White first; returns the game's id.
pub fn game_between(db: &Path, white: Seat, black: Seat) -> i64 {
    let w = white.add(db);
    let b = black.add(db);
    new_game(db, w, b)
}

/// Starts a game without a clock.
pub fn new_game(db: &Path, white: i64, black: i64) -> i64 {
    let mut s = Store::create(db).expect("store");
    let tx = s.write().expect("tx");
    let id = tx
        .create_game(
            PlayerId(white),
            PlayerId(black),
            None,
            &TimeControl::Unlimited,
            Timestamp::now(),
        )
        .expect("game");
    tx.commit().expect("commit");
    id.0
}

/// A plain mail from `from` to the gateway.
pub fn mail(from: &str, id: &str, subject: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: gw@example.test\r\nSubject: {subject}\r\nMessage-ID: <{id}>\r\nDate: Sun, 29 Nov 2026 12:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// Writes a mail into a Maildir's `new/` the way a delivery agent does.
pub fn drop_mail(maildir: &Path, name: &str, raw: &[u8]) {
    let tmp = maildir.join("tmp").join(name);
    std::fs::create_dir_all(maildir.join("tmp")).expect("tmp");
    std::fs::create_dir_all(maildir.join("new")).expect("new");
    std::fs::write(&tmp, raw).expect("write mail");
    std::fs::rename(&tmp, maildir.join("new").join(name)).expect("deliver");
}

/// The `ccgate` command on the store at `db`, never on the one
/// `$CCGATE_DB` names; the caller adds the rest.
pub fn ccgate_on(db: impl AsRef<std::ffi::OsStr>) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("ccgate").expect("binary");
    cmd.env_remove("CCGATE_DB").arg("--db").arg(db);
    cmd
}

/// A count from the store.
pub fn count(db: &Path, sql: &str) -> i64 {
    // Opened as the daemon opens it (migrated), then read directly.
    drop(Store::create(db).expect("store"));
    rusqlite::Connection::open(db)
        .expect("store")
        .query_row(sql, [], |r| r.get(0))
        .expect("query")
}

/// A daemon reading mail from the Maildir `inbox/` and writing its replies
/// as `.eml` files into `outbox/`.
pub const MAILDIR_CONFIG: &str = r#"
[email]
from = "gw@example.test"
max_size = 4096
[email.maildir]
path = "inbox"
poll_every = "50ms"
[email.send]
transport = "file"
[outbox]
poll_every = "100ms"
"#;

/// The `.eml` files of an outbox directory, in the order they were written.
pub fn eml_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".eml") && !n.starts_with('.'))
                .collect()
        })
        .unwrap_or_default();
    names.sort_by_key(|n| n.trim_end_matches(".eml").parse::<i64>().unwrap_or(0));
    names
}

/// How many files in `dir` (an outbox of `.eml` files) contain `needle`.
pub fn eml_with(dir: &Path, needle: &str) -> usize {
    std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .filter(|e| std::fs::read_to_string(e.path()).is_ok_and(|t| t.contains(needle)))
                .count()
        })
        .unwrap_or(0)
}
