//! A GSM modem lab for integration tests: a socat PTY pair and the modem
//! simulator `tests/support/modem_sim.py` on its far end, in a fresh
//! temporary directory.
//!
//! Tests use it as `crate::support::modem_lab`.
//!
//! ```text
//!   ccgate / a test ──► DIR/dte ══ socat ══ DIR/modem ◄── modem_sim.py --control DIR
//! ```
//!
//! [`ModemLab::device`] (`DIR/dte`) is what the code under test opens; it is a
//! symlink made by socat and stays the same path across [`ModemLab::replug`].
//! The simulator answers AT commands after 3GPP TS 27.005/27.007 (PDU mode and
//! a minimal text mode; see the top of `modem_sim.py`), encodes the SMS it
//! delivers with its own Python codec (an independent peer to ccgate's Rust
//! codec) and decodes what the DTE sends into `DIR/sent.jsonl`.
//!
//! Tests steer it through files in DIR: [`ModemLab::inject`] (incoming SMS),
//! [`ModemLab::fault`] (garbage, hangs, `+CMS ERROR`s, unplug, reboot, ...),
//! [`ModemLab::set_report_policy`] and [`ModemLab::set_network`]; they observe
//! it through [`ModemLab::sent`], [`ModemLab::state`] and [`ModemLab::log`].
//! `inject` and `fault` return once the simulator has consumed the file (it
//! polls every 50 ms), so their effect is in `state()` when they return.
//!
//! The lab's own readiness probe (`AT` -> `OK`) is the first command in the
//! simulator's log and counters.
//!
//! Needs `socat` and Python 3 (stdlib only): `.ci/setup-servers` installs
//! socat. Set `CCGATE_KEEP_MODEM_LAB=1` to keep the directory for a
//! post-mortem (its path is printed), `CCGATE_PYTHON` to choose the
//! interpreter.
//!
//! All methods block, but only briefly, except the `wait_*` ones: call those
//! from plain threads, not from a task of the runtime under test.

use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

use serde_json::Value;

const SETUP_HINT: &str = "install socat (and python3) with `.ci/setup-servers` as root";

/// How long socat and the simulator may take to come up.
const START_TIMEOUT: Duration = Duration::from_secs(15);
/// How long the simulator may take to consume a control file.
const CONSUME_TIMEOUT: Duration = Duration::from_secs(10);

/// `O_NOCTTY` and `O_NONBLOCK` as on Linux x86/x86_64/arm/aarch64/riscv
/// (the crate has no libc dependency).
pub const O_NOCTTY: i32 = 0o400;
pub const O_NONBLOCK: i32 = 0o4000;

static FILE_SEQ: AtomicU64 = AtomicU64::new(0);

pub struct ModemLab {
    /// `None` only once dropped (or kept on request).
    dir: Option<tempfile::TempDir>,
    root: PathBuf,
    pin: Option<String>,
    extra_args: Vec<String>,
    socat: Mutex<Option<Child>>,
    sim: Mutex<Option<Child>>,
}

impl ModemLab {
    /// A socat PTY pair (links `DIR/dte` and `DIR/modem`) and the simulator on
    /// `DIR/modem`, SIM unlocked. Returns once the simulator answers `AT`.
    pub fn start() -> ModemLab {
        ModemLab::start_with(None, &[])
    }

    /// As [`ModemLab::start`], with a SIM that wants `AT+CPIN="<pin>"`
    /// (PUK `12345678`).
    pub fn start_with_pin(pin: &str) -> ModemLab {
        ModemLab::start_with(Some(pin), &[])
    }

    /// As [`ModemLab::start`], with a PIN or not and extra simulator options
    /// (`--sm-capacity N`, `--me-capacity N`, `--mr-start N`, `--smsc +49..`,
    /// `--unknown-cme`, `--puk P`). They are kept for [`ModemLab::replug`].
    pub fn start_with(pin: Option<&str>, extra_args: &[&str]) -> ModemLab {
        if Command::new("socat")
            .arg("-V")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_err()
        {
            panic!("modem lab: socat not found; {SETUP_HINT}");
        }
        let dir = tempfile::Builder::new()
            .prefix("ccgate-modem-lab-")
            .tempdir()
            .expect("modem lab: temp dir");
        let root = dir.path().to_path_buf();
        fs::create_dir_all(root.join("inject")).expect("modem lab: inject dir");
        let lab = ModemLab {
            dir: Some(dir),
            root,
            pin: pin.map(str::to_owned),
            extra_args: extra_args.iter().map(|s| s.to_string()).collect(),
            socat: Mutex::new(None),
            sim: Mutex::new(None),
        };
        lab.launch();
        lab
    }

    /// The DTE side of the PTY pair (a symlink to `/dev/pts/N`): the device the
    /// code under test opens. The same path after [`ModemLab::replug`].
    pub fn device(&self) -> PathBuf {
        self.root.join("dte")
    }

    /// The control directory (`inject/`, `fault.json`, `sent.jsonl`,
    /// `state.json`, `storage.json`, `sim.log`, ...).
    pub fn dir(&self) -> &Path {
        &self.root
    }

    /// An incoming SMS (or a list of them) for the simulator. Keys: `from`,
    /// `text`, `storage` ("SM"/"ME", default the `+CPMS` `<mem3>`), `encoding`
    /// ("auto"/"gsm7"/"ucs2"), `parts` (null or N concatenated parts),
    /// `concat_ref`, `ref16`, `duplicate_part`, `drop_part`, `order`,
    /// `corrupt` (true = "truncate", or "length"/"hex"/"udl"/"mti"),
    /// `corrupt_part`, `raw_pdu`, `length`, `no_cmti`, `stat`, `time` (ISO
    /// 8601 SCTS), `smsc`, `class`, `dcs`, `pid`, `delay`, `part_delay`,
    /// `kind` ("deliver", "submit" for a stored MO message with `to`, or
    /// "status_report" with `mr`, `to`, `status`). Returns once the simulator
    /// has taken it (stored it, or queued it in the "network" while the modem
    /// is unregistered, locked or full); panics if the simulator rejected it.
    /// While the simulator is down (after an unplug) the file waits for the
    /// next [`ModemLab::replug`].
    pub fn inject(&self, json: Value) {
        let n = FILE_SEQ.fetch_add(1, Ordering::SeqCst);
        let name = format!("{n:08}-{}.json", std::process::id());
        let dir = self.root.join("inject");
        let tmp = dir.join(format!(".{name}.tmp"));
        let path = dir.join(&name);
        fs::write(&tmp, serde_json::to_vec(&json).unwrap()).expect("modem lab: write inject");
        fs::rename(&tmp, &path).expect("modem lab: rename inject");
        if !self.sim_running() {
            return;
        }
        self.wait_consumed(&path, "inject");
        if let Some(errors) = self.state()["inject_errors"].as_array() {
            for e in errors {
                if e["file"].as_str() == Some(name.as_str()) {
                    panic!(
                        "modem lab: the simulator rejected the inject {json}: {}",
                        e["error"]
                    );
                }
            }
        }
    }

    /// Arms a fault (an object or a list): `{"kind": "garbage"}`,
    /// `{"kind": "hang", "command": "AT+CMGD"}`, `{"kind": "delay",
    /// "command": "AT+CMGL", "seconds": 2}`, `{"kind": "cms_error", "command":
    /// "AT+CMGS", "code": 38, "times": 2}`, `{"kind": "cme_error", ...}`,
    /// `{"kind": "error", ...}`, `{"kind": "unplug"}`, `{"kind": "reboot"}`,
    /// `{"kind": "storage_full"}`, `{"kind": "clear"}`. Returns once consumed;
    /// for "unplug" once the simulator has exited and the device is gone.
    pub fn fault(&self, json: Value) {
        let path = self.root.join("fault.json");
        if self.sim_running() && path.exists() {
            self.wait_consumed(&path, "previous fault");
        }
        let tmp = self.root.join(".fault.json.tmp");
        fs::write(&tmp, serde_json::to_vec(&json).unwrap()).expect("modem lab: write fault");
        fs::rename(&tmp, &path).expect("modem lab: rename fault");
        if !self.sim_running() {
            return;
        }
        self.wait_consumed(&path, "fault");
        let unplug = |v: &Value| v["kind"] == "unplug";
        let is_unplug = match &json {
            Value::Array(a) => a.iter().any(unplug),
            v => unplug(v),
        };
        if is_unplug {
            self.wait_unplugged();
        }
    }

    /// Pulls the modem: the simulator closes its end and exits with code 3, and
    /// socat goes away with the device link, so the DTE sees a hang-up.
    pub fn unplug(&self) {
        self.fault(serde_json::json!({"kind": "unplug"}));
    }

    /// Plugs the modem in again after an unplug (or pulls and re-plugs it if it
    /// is still running): a new socat pair at the same link paths and a new
    /// simulator on the same directory (storage, TP-MR and counters kept;
    /// volatile settings such as echo, `+CMGF`, `+CNMI` and the PIN state reset).
    pub fn replug(&mut self) {
        let status = {
            let mut sim = self.sim.lock().unwrap();
            let status = sim
                .as_mut()
                .map(|c| wait_or_kill(c, Duration::from_secs(5)));
            *sim = None;
            status
        };
        if let Some(mut socat) = self.socat.lock().unwrap().take() {
            wait_or_kill(&mut socat, Duration::from_millis(500));
        }
        self.lab_log(&format!("replug (previous simulator: {status:?})"));
        self.launch();
    }

    /// Whether the simulator process is running.
    pub fn sim_running(&self) -> bool {
        match self.sim.lock().unwrap().as_mut() {
            Some(c) => matches!(c.try_wait(), Ok(None)),
            None => false,
        }
    }

    /// The simulator's exit status, once it has exited (3 after an unplug).
    pub fn sim_exit_status(&self) -> Option<ExitStatus> {
        self.sim
            .lock()
            .unwrap()
            .as_mut()
            .and_then(|c| c.try_wait().ok().flatten())
    }

    /// Every SMS-SUBMIT the DTE sent, decoded by the simulator (`sent.jsonl`):
    /// `mr`, `to`, `text`, `udh_concat` ([ref, total, seq] or null), `srr`,
    /// `pdu`, `cmd_len`, `time`, and `udh_ref16`, `encoding`, `dcs`, `pid`,
    /// `vpf`, `vp`, `smsc`, `via` ("CMGS"/"CMSS"), `mode` ("pdu"/"text").
    pub fn sent(&self) -> Vec<Value> {
        match fs::read_to_string(self.root.join("sent.jsonl")) {
            Ok(s) => s
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| serde_json::from_str(l).expect("modem lab: bad sent.jsonl line"))
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    /// The simulator's `state.json`: `storages` (`SM`/`ME`: `capacity`, `used`,
    /// `messages` by index with `stat`, `kind`, `pdu`, `length`, `from`, `text`,
    /// `concat`, `retrieved`, `retrieved_seq`, `notified`, `id`), `counters`,
    /// `by_command`, `deleted`, `history`, `settings`, `pin_state`,
    /// `creg_stat`, `network_queue`, `pending_reports`, `armed_faults`, `seq`.
    pub fn state(&self) -> Value {
        let path = self.root.join("state.json");
        let mut last = String::new();
        for _ in 0..50 {
            match fs::read_to_string(&path) {
                Ok(s) => match serde_json::from_str(&s) {
                    Ok(v) => return v,
                    Err(e) => last = e.to_string(),
                },
                Err(e) => last = e.to_string(),
            }
            sleep(Duration::from_millis(20));
        }
        panic!(
            "modem lab: no readable state.json: {last}\n{}",
            self.diagnostics()
        );
    }

    /// Waits until `sent()` has at least `n` entries; panics with the
    /// simulator's log on timeout.
    pub fn wait_sent(&self, n: usize, timeout: Duration) -> Vec<Value> {
        let deadline = Instant::now() + timeout;
        loop {
            let sent = self.sent();
            if sent.len() >= n {
                return sent;
            }
            if Instant::now() >= deadline {
                panic!(
                    "modem lab: {} SMS sent after {timeout:?}, expected {n}: {sent:#?}\n{}",
                    sent.len(),
                    self.diagnostics()
                );
            }
            sleep(Duration::from_millis(20));
        }
    }

    /// Waits until `pred(state())` holds and returns that state; panics with
    /// `what` and the log on timeout.
    pub fn wait_state(
        &self,
        what: &str,
        timeout: Duration,
        pred: impl Fn(&Value) -> bool,
    ) -> Value {
        let deadline = Instant::now() + timeout;
        loop {
            let s = self.state();
            if pred(&s) {
                return s;
            }
            if Instant::now() >= deadline {
                panic!(
                    "modem lab: timed out after {timeout:?} waiting for {what}\n{}",
                    self.diagnostics()
                );
            }
            sleep(Duration::from_millis(20));
        }
    }

    /// The messages in one storage ("SM" or "ME"), by index, from `state()`.
    pub fn messages(&self, storage: &str) -> Vec<(u32, Value)> {
        let s = self.state();
        let mut v: Vec<(u32, Value)> = s["storages"][storage]["messages"]
            .as_object()
            .map(|m| {
                m.iter()
                    .map(|(k, v)| (k.parse().unwrap(), v.clone()))
                    .collect()
            })
            .unwrap_or_default();
        v.sort_by_key(|(k, _)| *k);
        v
    }

    /// "delivered" (default), "failed" or "none", optionally followed by
    /// `st=0xNN` (TP-ST) and `delay=SECONDS` (default 0.3): the status report
    /// the network sends for later SMS-SUBMITs with TP-SRR set.
    pub fn set_report_policy(&self, policy: &str) {
        fs::write(self.root.join("report_policy"), policy).expect("modem lab: report_policy");
    }

    /// The registration the network gives: "home" (default), "roaming",
    /// "searching", "denied", "unknown" or "none". Takes effect within 50 ms
    /// (with `+CREG: <stat>` URCs if the DTE enabled them).
    pub fn set_network(&self, network: &str) {
        fs::write(self.root.join("network"), network).expect("modem lab: network");
        sleep(Duration::from_millis(120));
    }

    /// The simulator's log (`DIR/sim.log`): every byte received and sent, with
    /// injections, faults and URCs, across replugs.
    pub fn log(&self) -> String {
        fs::read_to_string(self.root.join("sim.log")).unwrap_or_default()
    }

    /// The log, the simulator's stderr and socat's log, for panic messages.
    pub fn diagnostics(&self) -> String {
        let read = |n: &str| fs::read_to_string(self.root.join(n)).unwrap_or_default();
        let log = self.log();
        let tail: Vec<&str> = log.lines().rev().take(150).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        format!(
            "--- modem lab {} ---\n--- sim.log (last 150 lines) ---\n{}\n--- sim.stderr ---\n{}\n--- socat.log ---\n{}",
            self.root.display(),
            tail.join("\n"),
            read("sim.stderr"),
            read("socat.log"),
        )
    }

    // ---- internals ------------------------------------------------------

    fn launch(&self) {
        let dte = self.device();
        let modem = self.root.join("modem");
        for p in [&dte, &modem, &self.root.join("sim.ready")] {
            let _ = fs::remove_file(p);
        }
        let socat_log = self.append_file("socat.log");
        let socat = Command::new("socat")
            .arg("-d")
            .arg("-d")
            .arg(format!("pty,raw,echo=0,link={}", dte.display()))
            .arg(format!("pty,raw,echo=0,link={}", modem.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(socat_log)
            .spawn()
            .unwrap_or_else(|e| panic!("modem lab: cannot run socat: {e}; {SETUP_HINT}"));
        let socat_pid = socat.id();
        *self.socat.lock().unwrap() = Some(socat);
        let deadline = Instant::now() + START_TIMEOUT;
        while !(dte.exists() && modem.exists()) {
            if let Some(st) = self
                .socat
                .lock()
                .unwrap()
                .as_mut()
                .and_then(|c| c.try_wait().ok().flatten())
            {
                panic!("modem lab: socat exited ({st})\n{}", self.diagnostics());
            }
            if Instant::now() >= deadline {
                panic!("modem lab: socat made no PTY links\n{}", self.diagnostics());
            }
            sleep(Duration::from_millis(5));
        }

        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/modem_sim.py");
        let mut cmd = Command::new(python());
        cmd.arg(&script)
            .arg("--port")
            .arg(&modem)
            .arg("--control")
            .arg(&self.root)
            .arg("--link-pid")
            .arg(socat_pid.to_string())
            .arg("--parent-pid")
            .arg(std::process::id().to_string());
        if let Some(pin) = &self.pin {
            cmd.arg("--pin").arg(pin);
        }
        cmd.args(&self.extra_args)
            .stdin(Stdio::null())
            .stdout(self.append_file("sim.stderr"))
            .stderr(self.append_file("sim.stderr"));
        let sim = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("modem lab: cannot run {}: {e}", python()));
        *self.sim.lock().unwrap() = Some(sim);

        while !self.root.join("sim.ready").exists() {
            if !self.sim_running() {
                panic!(
                    "modem lab: the simulator exited at start ({:?})\n{}",
                    self.sim_exit_status(),
                    self.diagnostics()
                );
            }
            if Instant::now() >= deadline {
                panic!(
                    "modem lab: the simulator did not open its port\n{}",
                    self.diagnostics()
                );
            }
            sleep(Duration::from_millis(5));
        }
        // Readiness probe: the simulator answers AT.
        let mut dte_port =
            Dte::open(&dte).unwrap_or_else(|e| panic!("modem lab: open {}: {e}", dte.display()));
        dte_port.send("AT");
        if let Err(got) = dte_port.read_until("OK\r\n", START_TIMEOUT) {
            panic!(
                "modem lab: no OK to AT (got {got:?})\n{}",
                self.diagnostics()
            );
        }
        dte_port.read_for(Duration::from_millis(20));
    }

    fn wait_consumed(&self, path: &Path, what: &str) {
        let deadline = Instant::now() + CONSUME_TIMEOUT;
        while path.exists() {
            if !self.sim_running() {
                return;
            }
            if Instant::now() >= deadline {
                panic!(
                    "modem lab: the simulator did not take the {what} file {}\n{}",
                    path.display(),
                    self.diagnostics()
                );
            }
            sleep(Duration::from_millis(10));
        }
    }

    fn wait_unplugged(&self) {
        let deadline = Instant::now() + CONSUME_TIMEOUT;
        while self.sim_running() || self.device().exists() {
            if Instant::now() >= deadline {
                panic!(
                    "modem lab: still plugged in after an unplug fault\n{}",
                    self.diagnostics()
                );
            }
            sleep(Duration::from_millis(10));
        }
    }

    fn append_file(&self, name: &str) -> File {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.root.join(name))
            .expect("modem lab: log file")
    }

    fn lab_log(&self, line: &str) {
        let mut f = self.append_file("sim.log");
        let _ = writeln!(f, "lab: {line}");
    }
}

impl Drop for ModemLab {
    fn drop(&mut self) {
        for child in [&self.sim, &self.socat] {
            if let Some(mut c) = child.lock().unwrap_or_else(|e| e.into_inner()).take() {
                let _ = c.kill();
                let _ = c.wait();
            }
        }
        if let Some(dir) = self.dir.take()
            && std::env::var_os("CCGATE_KEEP_MODEM_LAB").is_some_and(|v| v != "0")
        {
            eprintln!("modem lab: kept {}", dir.keep().display());
        }
    }
}

fn python() -> String {
    if let Some(p) = std::env::var_os("CCGATE_PYTHON") {
        return p.to_string_lossy().into_owned();
    }
    if Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3".to_owned()
    } else {
        "python3".to_owned()
    }
}

fn wait_or_kill(child: &mut Child, grace: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + grace;
    loop {
        match child.try_wait() {
            Ok(Some(st)) => return Some(st),
            Ok(None) if Instant::now() < deadline => sleep(Duration::from_millis(10)),
            _ => {
                let _ = child.kill();
                return child.wait().ok();
            }
        }
    }
}

/// A plain DTE on a PTY path for tests that talk AT themselves: non-blocking
/// reads with deadlines, no termios changes (socat set the link raw).
pub struct Dte {
    file: File,
    buf: Vec<u8>,
}

impl Dte {
    pub fn open(path: &Path) -> std::io::Result<Dte> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(O_NOCTTY | O_NONBLOCK)
            .open(path)?;
        Ok(Dte {
            file,
            buf: Vec::new(),
        })
    }

    /// Writes raw bytes.
    pub fn write(&mut self, data: &[u8]) {
        let mut rest = data;
        let deadline = Instant::now() + Duration::from_secs(5);
        while !rest.is_empty() {
            match self.file.write(rest) {
                Ok(n) => rest = &rest[n..],
                Err(e) if e.kind() == ErrorKind::WouldBlock && Instant::now() < deadline => {
                    sleep(Duration::from_millis(2))
                }
                Err(e) => panic!("dte: write failed: {e}"),
            }
        }
    }

    /// Writes a command line and its terminating CR.
    pub fn send(&mut self, line: &str) {
        self.write(format!("{line}\r").as_bytes());
    }

    /// Reads what is available. `Err` once the link is gone (EIO/EOF).
    fn fill(&mut self) -> std::io::Result<usize> {
        let mut tmp = [0u8; 4096];
        match self.file.read(&mut tmp) {
            Ok(0) => Err(std::io::Error::new(ErrorKind::UnexpectedEof, "PTY hung up")),
            Ok(n) => {
                self.buf.extend_from_slice(&tmp[..n]);
                Ok(n)
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {
                Ok(0)
            }
            Err(e) => Err(e),
        }
    }

    /// Everything that arrives within `dur` (plus what was buffered), consumed.
    pub fn read_for(&mut self, dur: Duration) -> String {
        let deadline = Instant::now() + dur;
        while Instant::now() < deadline {
            match self.fill() {
                Ok(0) => sleep(Duration::from_millis(5)),
                Ok(_) => {}
                Err(_) => break,
            }
        }
        let out = String::from_utf8_lossy(&self.buf).into_owned();
        self.buf.clear();
        out
    }

    /// Reads until `pat` appears; returns the text up to and including it
    /// (the rest stays buffered). `Err(what arrived)` on timeout or hang-up.
    pub fn read_until(&mut self, pat: &str, timeout: Duration) -> Result<String, String> {
        let p = pat.as_bytes();
        self.read_until_with(timeout, |b| {
            b.windows(p.len()).position(|w| w == p).map(|i| i + p.len())
        })
    }

    /// Reads until `end(buffer)` gives the end of what to return.
    pub fn read_until_with(
        &mut self,
        timeout: Duration,
        end: impl Fn(&[u8]) -> Option<usize>,
    ) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(n) = end(&self.buf) {
                let out: Vec<u8> = self.buf.drain(..n).collect();
                return Ok(String::from_utf8_lossy(&out).into_owned());
            }
            match self.fill() {
                Ok(0) => {
                    if Instant::now() >= deadline {
                        return Err(String::from_utf8_lossy(&self.buf).into_owned());
                    }
                    sleep(Duration::from_millis(3));
                }
                Ok(_) => {}
                Err(e) => {
                    return Err(format!(
                        "{} [link: {e}]",
                        String::from_utf8_lossy(&self.buf)
                    ));
                }
            }
        }
    }

    /// Reads through the next final result code (`OK`, `ERROR`, `+CMS ERROR: n`,
    /// `+CME ERROR: x`, `NO CARRIER`) or an SMS prompt (`\r\n> `).
    pub fn read_response(&mut self, timeout: Duration) -> Result<String, String> {
        self.read_until_with(timeout, final_result_end)
    }

    /// Whether the link has gone away (the modem was unplugged).
    pub fn hung_up(&mut self) -> bool {
        self.fill().is_err()
    }
}

/// End of the first final result code or prompt in `b`, if complete.
pub fn final_result_end(b: &[u8]) -> Option<usize> {
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\n' {
            let line = String::from_utf8_lossy(&b[start..i]);
            let line = line.trim_matches(['\r', '\n']);
            if line == "OK"
                || line == "ERROR"
                || line == "NO CARRIER"
                || line.starts_with("+CMS ERROR:")
                || line.starts_with("+CME ERROR:")
            {
                return Some(i + 1);
            }
            start = i + 1;
        } else if b[i..].starts_with(b"\r\n> ") {
            return Some(i + 4);
        }
        i += 1;
    }
    None
}
