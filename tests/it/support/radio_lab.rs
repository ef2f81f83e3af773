//! Radio test lab: a paced, noisy line between two real pseudo-terminals
//! (`tests/support/radio_relay.py`) and `ccgate radio-station` processes
//! driven through their standard input and JSON-lines output.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::peer::support_file;

fn python() -> String {
    let venv = std::env::var("CCGATE_TEST_VENV").unwrap_or_else(|_| "/opt/ccgate-test-venv".into());
    let p = Path::new(&venv).join("bin/python3");
    if p.exists() {
        p.display().to_string()
    } else {
        "python3".into()
    }
}

/// Polls `done` until it holds; panics with `what` and `context()` after `timeout`.
pub fn wait_for(
    what: &str,
    timeout: Duration,
    context: impl Fn() -> String,
    mut done: impl FnMut() -> bool,
) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < timeout,
            "timed out waiting for {what}\n{}",
            context()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The noisy line: side `a` and side `b` are pseudo-terminal paths.
pub struct Relay {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    pub a: PathBuf,
    pub b: PathBuf,
}

impl Relay {
    /// A line at `baud` with noise options (`--ber 1e-4 --drop 1e-3` …).
    pub fn start(dir: &Path, baud: u32, noise: &[&str]) -> Relay {
        let (a, b) = (dir.join("line-a"), dir.join("line-b"));
        let mut child = Command::new(python())
            .arg(support_file("radio_relay.py"))
            .arg("--a")
            .arg(&a)
            .arg("--b")
            .arg(&b)
            .args(["--baud", &baud.to_string()])
            .args(noise)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(dir.join("relay.log")).expect("relay log"))
            .spawn()
            .expect("start radio_relay.py");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut relay = Relay {
            child,
            stdin,
            stdout,
            a,
            b,
        };
        let ready = relay.read();
        assert_eq!(ready["ready"], true, "{ready}");
        relay
    }

    fn read(&mut self) -> Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("relay output");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("relay said {line:?}: {e}"))
    }

    /// One control command; its JSON answer.
    pub fn command(&mut self, cmd: &str) -> Value {
        writeln!(self.stdin, "{cmd}").expect("relay command");
        self.stdin.flush().expect("flush");
        self.read()
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(2) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `[radio]` section of a station or gateway.
pub fn radio_section(
    callsign: &str,
    line: &str,
    peers: &[(&str, Option<&Path>)],
    extra: &str,
) -> String {
    let mut s = format!("[radio]\ncallsign = {callsign:?}\n{line}\n{extra}\n");
    for (call, key) in peers {
        s += &format!("[[radio.peers]]\ncallsign = {call:?}\n");
        match key {
            Some(k) => s += &format!("key_file = {:?}\n", k.display().to_string()),
            None => s += "unsigned = true\n",
        }
    }
    s
}

/// `device = "…"` and `baud = …` for a serial line.
pub fn serial(device: &Path, baud: u32) -> String {
    format!("device = {:?}\nbaud = {baud}", device.display().to_string())
}

/// A running `ccgate radio-station`.
pub struct Station {
    pub dir: PathBuf,
    pub name: String,
    config: PathBuf,
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    events: Arc<Mutex<Vec<Value>>>,
    starts: u32,
}

impl Station {
    /// Writes `<dir>/<name>.toml` with `radio` (a `[radio]` section) and starts it.
    pub fn start(dir: &Path, name: &str, radio: &str) -> Station {
        let data = dir.join(format!("{name}-data"));
        let config = dir.join(format!("{name}.toml"));
        std::fs::write(
            &config,
            format!("data_dir = {:?}\n{radio}", data.display().to_string()),
        )
        .expect("station config");
        let mut s = Station {
            dir: dir.to_path_buf(),
            name: name.into(),
            config,
            child: None,
            stdin: None,
            events: Arc::new(Mutex::new(Vec::new())),
            starts: 0,
        };
        s.spawn();
        s
    }

    fn spawn(&mut self) {
        self.starts += 1;
        let log =
            std::fs::File::create(self.dir.join(format!("{}-{}.log", self.name, self.starts)))
                .expect("station log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_ccgate"))
            .args(["radio-station", "--config"])
            .arg(&self.config)
            .env_remove("CCGATE_DB")
            .env("RUST_LOG", "ccgate=debug,info")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .expect("spawn ccgate radio-station");
        self.stdin = child.stdin.take();
        let out = BufReader::new(child.stdout.take().expect("stdout"));
        let events = self.events.clone();
        std::thread::spawn(move || {
            for line in out.lines().map_while(Result::ok) {
                if let Ok(v) = serde_json::from_str::<Value>(&line) {
                    events.lock().expect("events").push(v);
                }
            }
        });
        self.child = Some(child);
    }

    /// Sends one line (one message).
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("running");
        writeln!(stdin, "{line}").expect("station stdin");
        stdin.flush().expect("flush");
    }

    /// Every event so far.
    pub fn events(&self) -> Vec<Value> {
        self.events.lock().expect("events").clone()
    }

    /// The texts delivered to this station, in order.
    pub fn delivered(&self) -> Vec<String> {
        self.events()
            .iter()
            .filter(|e| e["event"] == "delivered")
            .map(|e| e["text"].as_str().unwrap_or("").to_string())
            .collect()
    }

    /// How many of its messages were acknowledged.
    pub fn acked(&self) -> usize {
        self.events()
            .iter()
            .filter(|e| e["event"] == "acked")
            .count()
    }

    /// Its logs so far, and its events, for failure messages.
    pub fn diagnostics(&self) -> String {
        let mut all = format!("--- {} events:\n", self.name);
        for e in self.events() {
            all += &format!("{e}\n");
        }
        for n in 1..=self.starts {
            let log = std::fs::read_to_string(self.dir.join(format!("{}-{n}.log", self.name)))
                .unwrap_or_default();
            let tail: Vec<&str> = log.lines().rev().take(40).collect();
            all += &format!("--- {} log {n} (last lines):\n", self.name);
            for l in tail.iter().rev() {
                all += l;
                all.push('\n');
            }
        }
        all
    }

    /// Its log files so far, whole.
    pub fn log(&self) -> String {
        (1..=self.starts)
            .map(|n| {
                std::fs::read_to_string(self.dir.join(format!("{}-{n}.log", self.name)))
                    .unwrap_or_default()
            })
            .collect()
    }

    /// SIGKILL: no chance to save anything.
    pub fn kill(&mut self) {
        self.stdin = None;
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Starts it again after [`Station::kill`], with the same store.
    pub fn restart(&mut self) {
        assert!(self.child.is_none(), "still running");
        self.spawn();
    }
}

impl Drop for Station {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A free TCP port below 32768: Dire Wolf 1.6 refuses KISS ports above
/// 49151, and the kernel hands out ephemeral ports from 32768 up.
pub fn low_port() -> u16 {
    use std::sync::atomic::{AtomicU16, Ordering};
    static NEXT: AtomicU16 = AtomicU16::new(0);
    let start = 20000 + (std::process::id() % 6000) as u16;
    loop {
        let p = start + NEXT.fetch_add(1, Ordering::Relaxed) % 12000;
        if std::net::TcpListener::bind(("0.0.0.0", p)).is_ok() {
            return p;
        }
    }
}

/// Two Dire Wolf TNCs joined by software audio (`tests/support/direwolf/`).
pub struct DireWolf {
    dir: PathBuf,
    pub port_a: u16,
    pub port_b: u16,
}

impl DireWolf {
    /// Starts the pair; `env` sets the channel (`DWLINK_NOISE`, `DWLINK_DROPOUT`, `DWLINK_SEED`).
    pub fn start(dir: &Path, env: &[(&str, &str)]) -> DireWolf {
        let dw = dir.join("direwolf");
        let (port_a, port_b) = (low_port(), low_port());
        let out = Command::new(support_file("direwolf/start.sh"))
            .arg(&dw)
            .args([port_a.to_string(), port_b.to_string()])
            .envs(env.iter().copied())
            .output()
            .expect("run tests/support/direwolf/start.sh");
        assert!(
            out.status.success(),
            "Dire Wolf did not start:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        DireWolf {
            dir: dw,
            port_a,
            port_b,
        }
    }

    /// The path of a TNC's KISS pseudo-terminal (`a` or `b`).
    pub fn tty(&self, side: &str) -> PathBuf {
        let text = std::fs::read_to_string(self.dir.join(format!("{side}.tty"))).expect("tty file");
        PathBuf::from(text.trim())
    }

    /// Both TNCs' logs.
    pub fn logs(&self) -> String {
        ["a.log", "b.log"]
            .iter()
            .map(|f| std::fs::read_to_string(self.dir.join(f)).unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n---\n")
    }
}

impl Drop for DireWolf {
    fn drop(&mut self) {
        let _ = Command::new(support_file("direwolf/stop.sh"))
            .arg(&self.dir)
            .status();
    }
}
