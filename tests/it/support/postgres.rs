//! A private PostgreSQL cluster for a test: `initdb` and `pg_ctl` from
//! Debian's `postgresql` package, in a fresh temporary directory, on a free
//! 127.0.0.1 port, trusting loopback connections; stopped (and removed) on
//! drop, so tests run in parallel and leave nothing running.
//!
//! PostgreSQL refuses to run as root: when the tests do (the mail lab needs
//! it), the cluster runs as the `postgres` user the package creates.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::certs;
use super::gateway::free_port;

/// The template cluster of this process (see [`Postgres::template`]).
static TEMPLATE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

const SETUP_HINT: &str = "install PostgreSQL with `.ci/setup-servers` (Debian postgresql)";

/// A running cluster with one database, `ccgate`.
pub struct Postgres {
    dir: tempfile::TempDir,
    port: u16,
    owner: Option<(u32, u32)>,
    /// Server settings besides the port and address (`-c name=value`…).
    options: String,
}

/// The uid and gid of a user, by `id`.
fn ids_of(user: &str) -> Option<(u32, u32)> {
    let id = |flag: &str| -> Option<u32> {
        let out = Command::new("id").args([flag, user]).output().ok()?;
        String::from_utf8(out.stdout).ok()?.trim().parse().ok()
    };
    Some((id("-u")?, id("-g")?))
}

/// The directory of PostgreSQL's server programs (`initdb` is not on a
/// plain Debian PATH).
fn bin(name: &str) -> PathBuf {
    let found = std::fs::read_dir("/usr/lib/postgresql").ok().and_then(|d| {
        d.filter_map(|e| e.ok())
            .map(|e| e.path().join("bin").join(name))
            .find(|p| p.exists())
    });
    found.unwrap_or_else(|| PathBuf::from(name))
}

/// Copies a data directory keeping its owner and modes (run as ourselves:
/// as root, `cp -a` keeps the `postgres` user's ownership).
fn copy(from: &Path, to: &Path) {
    let status = Command::new("cp")
        .arg("-a")
        .arg(from)
        .arg(to)
        .status()
        .expect("cp");
    assert!(
        status.success(),
        "cp -a {} {}",
        from.display(),
        to.display()
    );
}

impl Postgres {
    /// Starts a cluster of its own (a copy of a template cluster made once,
    /// as `initdb` is slow); panics naming the package if it is not
    /// installed.
    pub fn start() -> Postgres {
        Postgres::start_with(|_| String::new())
    }

    /// Starts a cluster that accepts only TLS connections (`hostssl` in
    /// `pg_hba.conf`, `ssl = on`), with a certificate for
    /// `db.example.test` signed by the private CA [`Postgres::ca`].
    pub fn start_tls() -> Postgres {
        Postgres::start_with(|pg| {
            let owner = pg.owner;
            let certs = certs::make(pg.dir.path(), "", "DNS:db.example.test", |c| {
                if let Some((uid, gid)) = owner {
                    c.uid(uid).gid(gid);
                }
            });
            // A CA that signed nothing the server shows.
            certs::make(pg.dir.path(), "other-", "DNS:db.example.test", |_| {});
            std::fs::write(
                pg.data().join("pg_hba.conf"),
                "hostssl all all 127.0.0.1/32 trust\n",
            )
            .expect("write pg_hba.conf");
            format!(
                " -c ssl=on -c ssl_cert_file={} -c ssl_key_file={}",
                certs.crt.display(),
                certs.key.display()
            )
        })
    }

    /// The CA that signed the TLS cluster's certificate.
    pub fn ca(&self) -> PathBuf {
        self.dir.path().join("ca.crt")
    }

    /// A CA that did not.
    pub fn other_ca(&self) -> PathBuf {
        self.dir.path().join("other-ca.crt")
    }

    /// The port the server listens on (127.0.0.1).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Starts a cluster with the settings `options` gives once its data
    /// directory is in place.
    fn start_with(options: impl FnOnce(&Postgres) -> String) -> Postgres {
        let dir = tempfile::tempdir().expect("tempdir");
        // A directory we just made is ours: its owner tells who we are.
        let root = std::os::unix::fs::MetadataExt::uid(&dir.path().metadata().expect("stat")) == 0;
        let owner = root.then(|| ids_of("postgres").expect(SETUP_HINT));
        if let Some((uid, gid)) = owner {
            std::os::unix::fs::chown(dir.path(), Some(uid), Some(gid)).expect("chown");
        }
        let mut pg = Postgres {
            dir,
            port: free_port(),
            owner,
            options: String::new(),
        };
        let template = TEMPLATE.get_or_init(|| pg.template());
        copy(template, &pg.data());
        pg.options = options(&pg);
        pg.pg_ctl("start");
        pg
    }

    /// Makes the template cluster (with its database `ccgate`) once per
    /// build, in the target's temporary directory, and returns its path.
    fn template(&self) -> PathBuf {
        let done = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pg-template");
        if done.join("PG_VERSION").exists() {
            return done;
        }
        // Made beside this test's own directory and renamed into place, so
        // that two processes making it at once both end with a whole one.
        self.run(
            bin("initdb"),
            &[
                "-D",
                &self.data().display().to_string(),
                "-U",
                "ccgate",
                "--auth=trust",
                "--locale=C",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        self.pg_ctl("start");
        self.run(
            bin("createdb"),
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "ccgate",
                "ccgate",
            ],
        );
        self.pg_ctl("stop");
        let staged = done.with_extension(format!("{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&staged);
        copy(&self.data(), &staged);
        std::fs::remove_dir_all(self.data()).expect("clear the data directory");
        if std::fs::rename(&staged, &done).is_err() {
            // Another process put its template there first.
            let _ = std::fs::remove_dir_all(&staged);
        }
        done
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// `postgres://ccgate@127.0.0.1:<port>/ccgate`.
    pub fn url(&self) -> String {
        format!("postgres://ccgate@127.0.0.1:{}/ccgate", self.port)
    }

    fn command(&self, program: impl AsRef<Path>) -> Command {
        let mut c = Command::new(program.as_ref());
        if let Some((uid, gid)) = self.owner {
            c.uid(uid).gid(gid);
        }
        c.current_dir(self.dir.path());
        c
    }

    fn run(&self, program: PathBuf, args: &[&str]) -> Output {
        let out = self
            .command(&program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}; {SETUP_HINT}", program.display()));
        assert!(
            out.status.success(),
            "{} failed: {}{}",
            program.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// Stops the server (as a crash would: no shutdown checkpoint).
    pub fn stop(&self) {
        self.pg_ctl("stop");
    }

    /// Starts the stopped server again, on the same port.
    pub fn start_again(&self) {
        self.pg_ctl("start");
    }

    fn pg_ctl(&self, action: &str) {
        let options = format!(
            "-p {} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''{}",
            self.port, self.options
        );
        let log = self.dir.path().join("server.log").display().to_string();
        let data = self.data().display().to_string();
        // pg_ctl gives up after 60 s by default; a loaded machine starting
        // many clusters at once can take longer, and this is a hang guard.
        let mut args = vec!["-D", &data, "-l", &log, "-w", "-t", "600", "-o", &options];
        if action == "stop" {
            args.extend(["-m", "immediate"]);
        }
        args.push(action);
        self.run(bin("pg_ctl"), &args);
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.data().display().to_string();
        let _ = self
            .command(bin("pg_ctl"))
            .args(["-D", &data, "-m", "immediate", "-w", "stop"])
            .output();
    }
}
