//! A private mail lab for integration tests: a real Dovecot (IMAP) and the
//! aiosmtpd-based test SMTP server (`tests/support/smtp_server.py`), both on
//! free 127.0.0.1 ports and rooted in a fresh temporary directory.
//!
//! Tests use it as `crate::support::mail_lab`.
//!
//! Mail sent to `user@anything` over SMTP lands in `<mail root>/user/Maildir/new`
//! (with `Return-Path` and `Delivered-To` prepended, LF line endings), which is
//! the Maildir that Dovecot serves to `user` over IMAP. Users log in to IMAP
//! once [`MailLab::add_user`] has given them a password: one passwd-file per
//! user, which Dovecot reads at the next login, so no reload is needed.
//!
//! Needs root (Dovecot serves the mail as uid `nobody`), Debian's
//! `dovecot-imapd` and a venv with `aiosmtpd` at `$CCGATE_TEST_VENV`
//! (default `/opt/ccgate-test-venv`): `.ci/setup-servers` installs both.
//!
//! Labs are independent: several can run at once in one test binary or in
//! several processes. Set `CCGATE_KEEP_MAIL_LAB=1` to keep the lab's directory
//! (its path is printed) for a post-mortem.
//!
//! All methods are blocking: call them from plain threads, not from a task
//! of the runtime that runs the code under test.

use std::collections::HashSet;
use std::fs;
use std::io::{BufRead, BufReader, ErrorKind};
use std::net::{TcpListener, TcpStream};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use super::peer::venv_python;

const SETUP_HINT: &str = "install the test servers as root with `.ci/setup-servers` \
                          (Debian dovecot-imapd, and aiosmtpd in a venv at \
                          $CCGATE_TEST_VENV, default /opt/ccgate-test-venv)";

/// How long a server may take to accept connections.
const START_TIMEOUT: Duration = Duration::from_secs(20);

/// Ports handed out in this process and not yet released by their lab, so
/// that two labs starting at once never pick the same one.
static PORTS_IN_USE: Mutex<Option<HashSet<u16>>> = Mutex::new(None);
static LAB_SEQ: AtomicU64 = AtomicU64::new(0);
static FILE_SEQ: AtomicU64 = AtomicU64::new(0);

pub struct MailLab {
    /// `None` only once dropped (or kept on request).
    dir: Option<tempfile::TempDir>,
    root: PathBuf,
    mail_root: PathBuf,
    control: PathBuf,
    dovecot_dir: PathBuf,
    passwd_dir: PathBuf,
    imap_port: u16,
    smtp_port: u16,
    dovecot: Option<Child>,
    smtp: Option<Child>,
    owner: Option<(u32, u32)>,
    /// Certificate and key, when the lab runs TLS.
    tls: Option<(PathBuf, PathBuf)>,
    ca: Option<PathBuf>,
    imaps_port: u16,
}

impl MailLab {
    /// Starts a private Dovecot (IMAP, plaintext login allowed, on a free
    /// 127.0.0.1 port) and the test SMTP server (on another free port), both
    /// rooted in a fresh temp dir; waits until both accept connections.
    /// Panics with a clear message naming the missing package/venv and
    /// `.ci/setup-servers` if they are absent.
    pub fn start() -> MailLab {
        MailLab::start_with(false)
    }

    /// Like [`MailLab::start`], with TLS: a fresh self-signed certificate for
    /// `localhost` and 127.0.0.1 ([`MailLab::tls_cert`]), STARTTLS offered by
    /// both servers, and IMAPS on [`MailLab::imaps_port`].
    pub fn start_tls() -> MailLab {
        MailLab::start_with(true)
    }

    fn start_with(tls: bool) -> MailLab {
        let dovecot_bin = find_dovecot();
        let python = venv_python("mail lab", "aiosmtpd");
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/smtp_server.py");
        assert!(
            script.is_file(),
            "mail lab: {} is missing",
            script.display()
        );

        let owner = mail_owner();
        if owner.is_none() {
            eprintln!(
                "mail lab: not running as root; Dovecot will probably refuse to start \
                 (it serves mail as uid nobody)"
            );
        }

        let dir = tempfile::Builder::new()
            .prefix("ccgate-mail-lab-")
            .tempdir()
            .unwrap_or_else(|e| panic!("mail lab: cannot create a temp dir: {e}"));
        let root = dir.path().to_path_buf();
        let mail_root = root.join("mail");
        let control = root.join("control");
        let dovecot_dir = root.join("dovecot");
        for d in [&mail_root, &control, &dovecot_dir] {
            fs::create_dir_all(d)
                .unwrap_or_else(|e| panic!("mail lab: mkdir {}: {e}", d.display()));
        }
        // Dovecot's processes (uids nobody, dovecot, dovenull) must traverse it.
        for d in [&root, &mail_root, &control, &dovecot_dir] {
            set_mode(d, 0o755);
        }
        if let Some((uid, gid)) = owner {
            std::os::unix::fs::chown(&mail_root, Some(uid), Some(gid))
                .unwrap_or_else(|e| panic!("mail lab: chown {}: {e}", mail_root.display()));
        }
        let passwd_dir = dovecot_dir.join("passwd.d");
        fs::create_dir(&passwd_dir).expect("mail lab: mkdir passwd.d");
        set_mode(&passwd_dir, 0o755);

        let mut lab = MailLab {
            dir: Some(dir),
            root,
            mail_root,
            control,
            dovecot_dir,
            passwd_dir,
            imap_port: 0,
            imaps_port: 0,
            smtp_port: 0,
            dovecot: None,
            smtp: None,
            owner,
            tls: None,
            ca: None,
        };
        if tls {
            lab.make_certificate();
        }
        // From here on, a panic drops `lab` and so stops whatever was started.
        lab.start_smtp(&python, &script);
        lab.start_dovecot(&dovecot_bin);
        lab
    }

    /// The PEM certificate of the CA that signed a TLS lab's certificate.
    pub fn tls_cert(&self) -> &Path {
        self.ca.as_ref().expect("mail lab: started without TLS")
    }

    /// IMAP over TLS from the first byte (a TLS lab only).
    pub fn imaps_port(&self) -> u16 {
        assert!(self.tls.is_some(), "mail lab: started without TLS");
        self.imaps_port
    }

    /// A private CA and a server certificate it signed for `localhost` and
    /// 127.0.0.1.
    fn make_certificate(&mut self) {
        let certs = super::certs::make(&self.root, "", "DNS:localhost,IP:127.0.0.1", |_| {});
        self.tls = Some((certs.crt, certs.key));
        self.ca = Some(certs.ca);
    }

    pub fn imap_port(&self) -> u16 {
        self.imap_port
    }

    pub fn smtp_port(&self) -> u16 {
        self.smtp_port
    }

    /// The lab's directory (`mail/`, `control/`, `dovecot/`).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Gives `user` an IMAP password and creates the user's Maildir.
    ///
    /// Each user has a passwd-file of their own, `dovecot/passwd.d/<user>`
    /// (the passdb path is `passwd.d/%u`), so a new user can log in at once
    /// while Dovecot runs. Dovecot stats a passwd-file at most once a second
    /// and notices a change by its mtime (whole seconds) or size only, so
    /// changing the password of an existing user waits for the next second
    /// and then bumps the mtime (at most 1 s).
    pub fn add_user(&self, user: &str, password: &str) {
        check_user(user);
        assert!(
            !password.contains([':', '\n', '\r']),
            "mail lab: a password may not contain ':' or a line break"
        );
        self.ensure_maildir(user);
        let path = self.passwd_dir.join(user);
        let existed = path.exists();
        // Written whole, then renamed: Dovecot never reads half a file.
        let tmp = self.passwd_dir.join(format!(".{user}.tmp"));
        fs::write(&tmp, format!("{user}:{{PLAIN}}{password}\n"))
            .expect("mail lab: write a passwd-file");
        set_mode(&tmp, 0o644);
        fs::rename(&tmp, &path).expect("mail lab: rename a passwd-file");
        if existed {
            let second = |t: SystemTime| t.duration_since(UNIX_EPOCH).unwrap_or_default().as_secs();
            let written = second(SystemTime::now());
            while second(SystemTime::now()) == written {
                std::thread::sleep(Duration::from_millis(10));
            }
            fs::File::options()
                .write(true)
                .open(&path)
                .and_then(|f| f.set_modified(SystemTime::now()))
                .expect("mail lab: bump a passwd-file's mtime");
        }
    }

    /// `<mail root>/<user>/Maildir`.
    pub fn maildir(&self, user: &str) -> PathBuf {
        self.mail_root.join(user).join("Maildir")
    }

    /// Drops a message straight into the user's `Maildir/new` (tmp/, then a
    /// rename, as an MTA does), owned so that Dovecot can read and move it.
    /// The bytes are stored as given: no header is added.
    pub fn deliver(&self, user: &str, raw: &[u8]) {
        check_user(user);
        let maildir = self.ensure_maildir(user);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let name = format!(
            "{}.M{:06}P{}Q{}.ccgate-test-deliver",
            now.as_secs(),
            now.subsec_micros(),
            std::process::id(),
            FILE_SEQ.fetch_add(1, Ordering::Relaxed) + 1
        );
        let tmp = maildir.join("tmp").join(&name);
        fs::write(&tmp, raw).unwrap_or_else(|e| panic!("mail lab: write {}: {e}", tmp.display()));
        self.own(&tmp, 0o600);
        let new = maildir.join("new").join(&name);
        fs::rename(&tmp, &new)
            .unwrap_or_else(|e| panic!("mail lab: rename to {}: {e}", new.display()));
    }

    /// The next `times` RCPTs to `rcpt` get `451 4.3.0 Try again later`
    /// (0 clears it).
    pub fn tempfail(&self, rcpt: &str, times: u32) {
        self.write_control("tempfail", rcpt, &format!("{times}\n"));
    }

    /// Every RCPT to `rcpt` gets `550 5.1.1 No such user`.
    pub fn permfail(&self, rcpt: &str) {
        self.write_control("permfail", rcpt, "");
    }

    /// The SMTP server stops offering PIPELINING at the next EHLO (real
    /// MTAs offer it, and so does the lab's server until told this).
    pub fn no_pipelining(&self) {
        fs::write(self.control.join("no-pipelining"), "").expect("mail lab: write control file");
    }

    /// The SMTP server's transaction log: one line per MAIL, RCPT and DATA,
    /// `<time> <peer> <VERB> from=<sender> to=<rcpts> -> <reply>[ file=..][ ahead=<n>]`
    /// (`ahead`, on MAIL: the bytes the client sent after MAIL before its
    /// reply, more than 0 when it pipelines).
    pub fn smtp_log(&self) -> String {
        fs::read_to_string(self.control.join("log")).unwrap_or_default()
    }

    /// Dovecot's log (logins, errors).
    pub fn dovecot_log(&self) -> String {
        fs::read_to_string(self.dovecot_dir.join("log")).unwrap_or_default()
    }

    /// All messages in `new/` and `cur/` of the user's Maildir, sorted by
    /// file name (which begins with the delivery time).
    pub fn messages(&self, user: &str) -> Vec<Vec<u8>> {
        let maildir = self.maildir(user);
        let mut files: Vec<(String, PathBuf)> = Vec::new();
        for sub in ["new", "cur"] {
            let Ok(entries) = fs::read_dir(maildir.join(sub)) else {
                continue;
            };
            for e in entries.flatten() {
                files.push((e.file_name().to_string_lossy().into_owned(), e.path()));
            }
        }
        files.sort();
        files
            .into_iter()
            // A file may move from new/ to cur/ (Dovecot) while we read.
            .filter_map(|(name, path)| match fs::read(&path) {
                Ok(b) => Some(b),
                Err(e) if e.kind() == ErrorKind::NotFound => {
                    find_moved(&maildir, &name).and_then(|p| fs::read(p).ok())
                }
                Err(e) => panic!("mail lab: read {}: {e}", path.display()),
            })
            .collect()
    }

    /// Polls until the user's Maildir holds at least `n` messages, and
    /// returns them all; panics with the SMTP log if that takes longer than
    /// `timeout`. Blocks the thread: see the module doc for async tests.
    pub fn wait_for_messages(&self, user: &str, n: usize, timeout: Duration) -> Vec<Vec<u8>> {
        let deadline = Instant::now() + timeout;
        loop {
            let msgs = self.messages(user);
            if msgs.len() >= n {
                return msgs;
            }
            if Instant::now() >= deadline {
                self.not_reached(user, n, msgs.len(), timeout);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    // ---- internals -----------------------------------------------------

    fn not_reached(&self, user: &str, n: usize, have: usize, timeout: Duration) -> ! {
        panic!(
            "mail lab: {user} has {have} message(s) in {}, wanted {n} within {timeout:?}\n\
             --- SMTP log ---\n{}",
            self.maildir(user).display(),
            self.smtp_log()
        )
    }

    fn start_smtp(&mut self, python: &Path, script: &Path) {
        let stdout_path = self.control.join("smtp_server.stdout");
        let stderr_path = self.control.join("smtp_server.stderr");
        let stdout = fs::File::create(&stdout_path).expect("mail lab: create smtp stdout file");
        let stderr = fs::File::create(&stderr_path).expect("mail lab: create smtp stderr file");
        // Port 0: the server binds a free port itself and reports it, so
        // there is no window in which another process could take it.
        let child = Command::new(python)
            .arg(script)
            .args(["--listen", "127.0.0.1:0", "--mail-root"])
            .arg(&self.mail_root)
            .arg("--control")
            .arg(&self.control)
            .args(self.tls.iter().flat_map(|(crt, key)| {
                [
                    "--tls-cert".as_ref(),
                    crt.as_os_str(),
                    "--tls-key".as_ref(),
                    key.as_os_str(),
                ]
            }))
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "mail lab: cannot run {}: {e}; {SETUP_HINT}",
                    python.display()
                )
            });
        self.smtp = Some(child);
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let out = fs::read_to_string(&stdout_path).unwrap_or_default();
            if let Some(line) = out.lines().find(|l| l.starts_with("READY ")) {
                let port = line
                    .rsplit(':')
                    .next()
                    .and_then(|p| p.trim().parse::<u16>().ok());
                self.smtp_port =
                    port.unwrap_or_else(|| panic!("mail lab: bad ready line {line:?}"));
                break;
            }
            let status = self.smtp.as_mut().and_then(|c| c.try_wait().ok().flatten());
            if status.is_some() || Instant::now() >= deadline {
                let err = fs::read_to_string(&stderr_path).unwrap_or_default();
                let hint = if err.contains("No module named 'aiosmtpd'") {
                    format!("aiosmtpd is not installed in the venv; {SETUP_HINT}")
                } else {
                    SETUP_HINT.to_string()
                };
                panic!(
                    "mail lab: the test SMTP server {} (status {status:?}) before saying READY\n\
                     --- its stderr ---\n{err}\n({hint})",
                    if status.is_some() {
                        "exited"
                    } else {
                        "timed out"
                    }
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        wait_accepting(self.smtp_port, "220 ", "the test SMTP server");
    }

    fn start_dovecot(&mut self, dovecot_bin: &Path) {
        let instance = format!(
            "ccgate-lab-{}-{}",
            std::process::id(),
            LAB_SEQ.fetch_add(1, Ordering::Relaxed) + 1
        );
        let greeting = format!("{instance} ready.");
        let conf = self.dovecot_dir.join("dovecot.conf");
        let mut last_failure = String::new();
        // A port found free may be taken by another process before Dovecot
        // binds it: then try another one.
        for _attempt in 0..5 {
            let port = reserve_port();
            if self.tls.is_some() {
                self.imaps_port = reserve_port();
            }
            fs::write(&conf, self.dovecot_conf(&instance, &greeting, port))
                .expect("mail lab: write dovecot.conf");
            let start_log = self.dovecot_dir.join("start.log");
            let out = fs::File::create(&start_log).expect("mail lab: create dovecot start log");
            let err = out.try_clone().expect("mail lab: dup start log");
            // -F: stay in the foreground as our child, so Drop can reap it.
            let child = Command::new(dovecot_bin)
                .arg("-F")
                .arg("-c")
                .arg(&conf)
                .stdin(Stdio::null())
                .stdout(out)
                .stderr(err)
                .spawn()
                .unwrap_or_else(|e| panic!("mail lab: cannot run {}: {e}", dovecot_bin.display()));
            self.dovecot = Some(child);
            self.imap_port = port;
            match self.wait_dovecot(port, &greeting) {
                Ok(()) => return,
                Err(failure) => {
                    let log = format!(
                        "{}{}",
                        fs::read_to_string(&start_log).unwrap_or_default(),
                        self.dovecot_log()
                    );
                    self.stop_dovecot();
                    release_port(port);
                    if self.tls.is_some() {
                        release_port(self.imaps_port);
                    }
                    self.imap_port = 0;
                    let port_taken = log.contains("Address already in use")
                        || matches!(failure, DovecotFailure::Stranger(_));
                    if port_taken {
                        last_failure = format!("{failure:?}\n{log}");
                        continue;
                    }
                    panic!(
                        "mail lab: Dovecot did not start ({failure:?}); it needs root and \
                         Debian dovecot-imapd ({SETUP_HINT})\n--- dovecot log ---\n{log}"
                    );
                }
            }
        }
        panic!("mail lab: Dovecot found no free port in 5 tries\n{last_failure}");
    }

    /// Waits until our Dovecot greets on `port`.
    fn wait_dovecot(&mut self, port: u16, greeting: &str) -> Result<(), DovecotFailure> {
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            if let Some(status) = self
                .dovecot
                .as_mut()
                .and_then(|c| c.try_wait().ok().flatten())
            {
                return Err(DovecotFailure::Exited(status));
            }
            if let Some(line) = read_greeting(port) {
                if line.contains(greeting) {
                    return Ok(());
                }
                return Err(DovecotFailure::Stranger(line));
            }
            if Instant::now() >= deadline {
                return Err(DovecotFailure::TimedOut);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Wrong-password tests stay fast with `auth_failure_delay = 0` (a failure
    /// is still answered after about 0.5 s) and with anvil's
    /// `anvil-auth-penalty` socket at mode 0, which turns off the per-IP
    /// penalty (2, 4, 8, 15 s before each login after a failure; every
    /// client here is 127.0.0.1, so one refusal would slow the next tests).
    fn dovecot_conf(&self, instance: &str, greeting: &str, port: u16) -> String {
        let d = self.dovecot_dir.display();
        let passwd = self.passwd_dir.display();
        let mail = self.mail_root.display();
        let (ssl, imaps) = match &self.tls {
            None => ("ssl = no\n".to_string(), "port = 0".to_string()),
            Some((crt, key)) => (
                format!(
                    "ssl = yes\nssl_cert = <{}\nssl_key = <{}\n",
                    crt.display(),
                    key.display()
                ),
                format!(
                    "address = 127.0.0.1\n    port = {}\n    ssl = yes",
                    self.imaps_port
                ),
            ),
        };
        format!(
            "# mail lab {instance}: written by tests/it/support/mail_lab.rs\n\
             base_dir = {d}/run\n\
             state_dir = {d}/state\n\
             instance_name = {instance}\n\
             login_greeting = {greeting}\n\
             protocols = imap\n\
             listen = 127.0.0.1\n\
             {ssl}\
             disable_plaintext_auth = no\n\
             auth_mechanisms = plain login\n\
             auth_failure_delay = 0\n\
             log_path = {d}/log\n\
             mail_location = maildir:~/Maildir\n\
             default_process_limit = 20\n\
             default_client_limit = 200\n\
             passdb {{\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u {passwd}/%u\n}}\n\
             userdb {{\n  driver = static\n  args = uid=nobody gid=nogroup home={mail}/%u\n}}\n\
             service imap-login {{\n  inet_listener imap {{\n    address = 127.0.0.1\n    port = {port}\n  }}\n  \
             inet_listener imaps {{\n    {imaps}\n  }}\n}}\n\
             service anvil {{\n  unix_listener anvil-auth-penalty {{\n    mode = 0\n  }}\n}}\n"
        )
    }

    fn stop_dovecot(&mut self) {
        let Some(mut child) = self.dovecot.take() else {
            return;
        };
        // On SIGTERM the master stops its services at once but then waits
        // 1 s for its `log` process before it exits; once `log` is all that
        // is left, stopping it too brings that down to about 0.1 s.
        // (Signalling all children at once made the master respawn some
        // and hang.)
        let master = child.id();
        signal(&[master], "TERM");
        let started = Instant::now();
        let mut log_stopped = false;
        loop {
            match child.try_wait() {
                Ok(Some(_)) | Err(_) => break,
                Ok(None) if started.elapsed() >= Duration::from_secs(5) => {
                    let mut pids: Vec<u32> =
                        children_of(master).into_iter().map(|(p, _)| p).collect();
                    pids.push(master);
                    signal(&pids, "KILL");
                    let _ = child.wait();
                    break;
                }
                Ok(None) => {
                    if !log_stopped {
                        let children = children_of(master);
                        if children.iter().all(|(_, comm)| comm == "log") {
                            let pids: Vec<u32> = children.into_iter().map(|(p, _)| p).collect();
                            signal(&pids, "TERM");
                            log_stopped = true;
                        }
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        }
    }

    fn ensure_maildir(&self, user: &str) -> PathBuf {
        let home = self.mail_root.join(user);
        let maildir = home.join("Maildir");
        for d in [
            home.clone(),
            maildir.clone(),
            maildir.join("cur"),
            maildir.join("new"),
            maildir.join("tmp"),
        ] {
            match fs::create_dir(&d) {
                Ok(()) => self.own(&d, 0o700),
                Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
                Err(e) => panic!("mail lab: mkdir {}: {e}", d.display()),
            }
        }
        maildir
    }

    /// nobody:nogroup with `mode` when root; world-accessible otherwise.
    fn own(&self, path: &Path, mode: u32) {
        match self.owner {
            Some((uid, gid)) => {
                std::os::unix::fs::chown(path, Some(uid), Some(gid))
                    .unwrap_or_else(|e| panic!("mail lab: chown {}: {e}", path.display()));
                set_mode(path, mode);
            }
            None => set_mode(path, if path.is_dir() { 0o777 } else { 0o666 }),
        }
    }

    fn write_control(&self, kind: &str, rcpt: &str, content: &str) {
        assert!(
            !rcpt.is_empty() && !rcpt.contains('/') && rcpt != "." && rcpt != "..",
            "mail lab: bad recipient {rcpt:?}"
        );
        let dir = self.control.join(kind);
        fs::create_dir_all(&dir).expect("mail lab: mkdir control dir");
        // Written whole, then renamed: the server never sees half a file.
        let tmp = dir.join(format!(".{rcpt}.tmp"));
        fs::write(&tmp, content).expect("mail lab: write control file");
        fs::rename(&tmp, dir.join(rcpt)).expect("mail lab: rename control file");
    }
}

impl Drop for MailLab {
    fn drop(&mut self) {
        self.stop_dovecot();
        if let Some(mut child) = self.smtp.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        release_port(self.imap_port);
        if self.imaps_port != 0 {
            release_port(self.imaps_port);
        }
        // Dropping the TempDir removes the directory, unless it is kept.
        if let Some(dir) = self.dir.take()
            && std::env::var_os("CCGATE_KEEP_MAIL_LAB").is_some_and(|v| v != "0")
        {
            eprintln!("mail lab: kept {}", dir.keep().display());
        }
    }
}

// ---- helpers -----------------------------------------------------------

// The fields are read only through `Debug`, in the start-up panic.
#[allow(dead_code)]
#[derive(Debug)]
enum DovecotFailure {
    /// The master process ended.
    Exited(ExitStatus),
    /// Another server answered on the port we picked (this greeting).
    Stranger(String),
    TimedOut,
}

fn find_dovecot() -> PathBuf {
    let mut candidates = vec![PathBuf::from("/usr/sbin/dovecot")];
    if let Some(path) = std::env::var_os("PATH") {
        candidates.extend(std::env::split_paths(&path).map(|p| p.join("dovecot")));
    }
    candidates
        .into_iter()
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!("mail lab: dovecot not found (Debian package dovecot-imapd); {SETUP_HINT}")
        })
}

/// `Some((uid of nobody, gid of nogroup))` when running as root.
fn mail_owner() -> Option<(u32, u32)> {
    // /proc/self belongs to the process's effective uid.
    let euid = fs::metadata("/proc/self").map(|m| m.uid()).ok()?;
    if euid != 0 {
        return None;
    }
    let uid = lookup_id("/etc/passwd", "nobody", 2).unwrap_or(65534);
    let gid = lookup_id("/etc/group", "nogroup", 2).unwrap_or(65534);
    Some((uid, gid))
}

fn lookup_id(file: &str, name: &str, field: usize) -> Option<u32> {
    fs::read_to_string(file).ok()?.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.first() == Some(&name))
            .then(|| f.get(field)?.parse().ok())
            .flatten()
    })
}

fn set_mode(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
        .unwrap_or_else(|e| panic!("mail lab: chmod {}: {e}", path.display()));
}

fn check_user(user: &str) {
    assert!(
        !user.is_empty()
            && user != "."
            && user != ".."
            && !user.contains(['/', ':', '\n', '\r', '\0']),
        "mail lab: bad user name {user:?}"
    );
}

fn find_moved(maildir: &Path, name: &str) -> Option<PathBuf> {
    let base = name.split(':').next()?;
    fs::read_dir(maildir.join("cur"))
        .ok()?
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with(base))
        .map(|e| e.path())
}

/// The processes whose parent is `pid`, with their command names (from /proc).
fn children_of(pid: u32) -> Vec<(u32, String)> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| {
            let child: u32 = e.file_name().to_str()?.parse().ok()?;
            let stat = fs::read_to_string(e.path().join("stat")).ok()?;
            // "pid (comm) state ppid ...": comm may hold spaces and ')'.
            let (open, close) = (stat.find('(')?, stat.rfind(')')?);
            let mut rest = stat[close + 2..].split(' ');
            let state = rest.next()?;
            let ppid: u32 = rest.next()?.parse().ok()?;
            (ppid == pid && state != "Z").then(|| (child, stat[open + 1..close].to_string()))
        })
        .collect()
}

/// `kill -SIG pids...` (std has no kill(2) but for its own children).
fn signal(pids: &[u32], sig: &str) {
    let _ = Command::new("kill")
        .arg(format!("-{sig}"))
        .args(pids.iter().map(u32::to_string))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// A free 127.0.0.1 port, not handed out to another lab of this process.
fn reserve_port() -> u16 {
    let mut guard = PORTS_IN_USE.lock().unwrap_or_else(|e| e.into_inner());
    let used = guard.get_or_insert_with(HashSet::new);
    // Hold every probe socket until one is accepted, so that the kernel
    // does not hand the same port back.
    let mut probes = Vec::new();
    for _ in 0..50 {
        let l = TcpListener::bind("127.0.0.1:0").expect("mail lab: bind 127.0.0.1:0");
        let port = l.local_addr().expect("mail lab: local_addr").port();
        probes.push(l);
        if used.insert(port) {
            return port;
        }
    }
    panic!("mail lab: no free port found");
}

fn release_port(port: u16) {
    if port != 0 {
        let mut guard = PORTS_IN_USE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(used) = guard.as_mut() {
            used.remove(&port);
        }
    }
}

/// The first line the server on `port` sends, if it accepts a connection.
fn read_greeting(port: u16) -> Option<String> {
    let stream =
        TcpStream::connect_timeout(&([127, 0, 0, 1], port).into(), Duration::from_secs(1)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).ok()?;
    (!line.is_empty()).then_some(line)
}

fn wait_accepting(port: u16, prefix: &str, what: &str) {
    let deadline = Instant::now() + START_TIMEOUT;
    loop {
        if let Some(line) = read_greeting(port) {
            assert!(
                line.starts_with(prefix),
                "mail lab: {what} on port {port} greeted with {line:?}"
            );
            return;
        }
        assert!(
            Instant::now() < deadline,
            "mail lab: {what} does not accept on port {port}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}
