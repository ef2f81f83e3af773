//! The Python side of the tests: the test venv's interpreter, the peers in
//! `tests/support/` that answer one JSON request a line, and the tally of a
//! cross-check against them.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

/// A file of `tests/support/` (the Python peers, the direwolf scripts).
pub fn support_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/support")
        .join(name)
}

/// The Python of the test venv (`$CCGATE_TEST_VENV`, default
/// /opt/ccgate-test-venv). Panics, naming `who` and the packages it `needs`,
/// when the venv is missing: a test that cannot run must fail, not pass.
pub fn venv_python(who: &str, needs: &str) -> PathBuf {
    let venv = std::env::var_os("CCGATE_TEST_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/ccgate-test-venv"));
    let python = venv.join("bin/python");
    assert!(
        python.exists(),
        "{who}: no Python venv at {} (with {needs}): install the test servers as root with \
         `.ci/setup-servers`, or set CCGATE_TEST_VENV",
        venv.display()
    );
    python
}

/// Runs the peer `script` of `tests/support/` once over all `requests` (one
/// JSON object a line, each with an `id`) and returns its answers, checked
/// to be one per request and in order.
pub fn run_json_peer(python: &Path, script: &str, mode: &str, requests: &[Value]) -> Vec<Value> {
    let mut child = Command::new(python)
        .arg(support_file(script))
        .arg(mode)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the Python peer");
    let mut input = String::new();
    for r in requests {
        input.push_str(&r.to_string());
        input.push('\n');
    }
    let mut stdin = child.stdin.take().expect("stdin");
    // Written from a thread: a peer that answers before it has read
    // everything would otherwise fill its stdout pipe and deadlock us both.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("Python peer output");
    writer.join().expect("writer").expect("write requests");
    assert!(
        out.status.success(),
        "{script} {mode} failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let answers: Vec<Value> = String::from_utf8(out.stdout)
        .expect("UTF-8 from the peer")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line from the peer"))
        .collect();
    assert_eq!(answers.len(), requests.len(), "one answer per request");
    for (q, a) in requests.iter().zip(&answers) {
        assert_eq!(q["id"], a["id"], "answers in order");
    }
    answers
}

/// What a cross-check against independent peers found: the comparisons that
/// agreed, the peers' listed bugs met, and the differences.
pub struct Tally {
    name: &'static str,
    /// The peers' known bugs: (key, reason). An exception must be listed.
    known: &'static [(&'static str, &'static str)],
    /// Units (PDUs, frames) read by a peer or by us, for the summary.
    pub read: usize,
    compared: BTreeMap<&'static str, usize>,
    exceptions: BTreeMap<&'static str, usize>,
    failures: Vec<String>,
}

impl Tally {
    pub fn new(name: &'static str, known: &'static [(&'static str, &'static str)]) -> Tally {
        Tally {
            name,
            known,
            read: 0,
            compared: BTreeMap::new(),
            exceptions: BTreeMap::new(),
            failures: Vec::new(),
        }
    }

    pub fn ok(&mut self, what: &'static str) {
        *self.compared.entry(what).or_default() += 1;
    }

    /// A difference explained by the peer's listed bug `key`.
    pub fn exception(&mut self, key: &'static str) {
        assert!(
            self.known.iter().any(|(k, _)| *k == key),
            "unlisted exception {key}"
        );
        *self.exceptions.entry(key).or_default() += 1;
    }

    pub fn fail(&mut self, msg: String) {
        self.failures.push(msg);
    }

    pub fn check(&mut self, what: &'static str, ok: bool, msg: impl FnOnce() -> String) {
        if ok {
            self.ok(what);
        } else {
            self.fail(format!("{what}: {}", msg()));
        }
    }

    /// Prints the summary; fails on any difference, or when a comparison of
    /// `min` was made fewer times than asked.
    pub fn finish(self, direction: &str, min: &[(&str, usize)]) {
        println!("{}, {direction}:", self.name);
        if self.read > 0 {
            println!("  {:6} × read", self.read);
        }
        for (what, n) in &self.compared {
            println!("  {n:6} × {what}");
        }
        for (key, n) in &self.exceptions {
            let reason = self
                .known
                .iter()
                .find(|(k, _)| k == key)
                .map_or("", |(_, r)| r);
            println!("  {n:6} × listed peer bug {key}: {reason}");
        }
        if !self.failures.is_empty() {
            for f in self.failures.iter().take(25) {
                println!("FAIL {f}");
            }
            panic!(
                "{direction}: {} differences (first 25 above)",
                self.failures.len()
            );
        }
        for (what, n) in min {
            let got = self.compared.get(what).copied().unwrap_or(0);
            assert!(
                got >= *n,
                "{direction}: only {got} × {what}, expected ≥ {n}"
            );
        }
    }
}

/// A PGN read back by python-chess: each game's tags and its moves in UCI,
/// as JSON.
pub fn python_chess_reads(pgn: &str) -> serde_json::Value {
    use std::io::Write;
    let python = venv_python("the PGN check", "python-chess");
    let mut child = std::process::Command::new(python)
        .args([
            "-c",
            "import sys, json, io, chess.pgn\n\
             out = []\n\
             f = io.StringIO(sys.stdin.read())\n\
             while (g := chess.pgn.read_game(f)) is not None:\n\
             \x20   out.append({'tags': dict(g.headers), 'moves': [m.uci() for m in g.mainline_moves()], 'errors': [str(e) for e in g.errors]})\n\
             print(json.dumps(out))",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pgn.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).expect("JSON")
}
