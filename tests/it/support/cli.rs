//! The store-backed command line as a test drives it: a store in a
//! temporary directory, `ccgate` run on it with the time from
//! `$CCGATE_NOW`, and the sample players Anna and Boris. Used by the
//! `service_cli`, `desk` and `migrate` tests.

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

use crate::support::gateway::ccgate_on;

/// What one run of ccgate did.
#[derive(Debug)]
pub(crate) struct Run {
    pub(crate) out: String,
    pub(crate) err: String,
    pub(crate) code: i32,
}

/// A store in a temporary directory, and the time the commands see.
pub(crate) struct Env {
    pub(crate) dir: tempfile::TempDir,
    pub(crate) db: PathBuf,
    pub(crate) now: String,
}

impl Env {
    pub(crate) fn new() -> Env {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = dir.path().join("ccgate.db");
        Env {
            dir,
            db,
            now: "2025-03-03T09:00:00Z".to_string(),
        }
    }

    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub(crate) fn cmd(&self) -> Command {
        let mut c = ccgate_on(&self.db);
        c.env("CCGATE_NOW", &self.now);
        c
    }

    pub(crate) fn run(&self, args: &[&str]) -> Run {
        self.run_in(args, "")
    }

    pub(crate) fn run_in(&self, args: &[&str], stdin: &str) -> Run {
        let out = self
            .cmd()
            .args(args)
            .write_stdin(stdin)
            .output()
            .expect("run ccgate");
        Run {
            out: String::from_utf8(out.stdout).expect("utf-8 stdout"),
            err: String::from_utf8(out.stderr).expect("utf-8 stderr"),
            code: out.status.code().unwrap_or(-1),
        }
    }

    /// Runs a command that must succeed, and returns its standard output.
    pub(crate) fn ok(&self, args: &[&str]) -> String {
        let r = self.run(args);
        assert_eq!(r.code, 0, "{args:?}: {r:?}");
        r.out
    }

    /// Submits a message on standard input; a refusal is still exit 0.
    pub(crate) fn submit(&self, channel: &str, from: &str, id: &str, text: &str) -> Vec<Value> {
        let r = self.run_in(
            &[
                "submit",
                "--channel",
                channel,
                "--from",
                from,
                "--id",
                id,
                "--json",
            ],
            text,
        );
        assert_eq!(r.code, 0, "{r:?}");
        let v: Value =
            serde_json::from_str(&r.out).unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", r.out));
        v.as_array().expect("a JSON array").clone()
    }

    /// Anna (ICCF, German, email) and Boris (SAN, English, SMS), and a game between them.
    pub(crate) fn two_players_and_a_game(&self, time: &str) -> String {
        assert_eq!(
            self.ok(&[
                "player",
                "add",
                "Anna",
                "--email",
                "Anna <anna@example.org>",
                "--notation",
                "iccf",
                "--lang",
                "de"
            ]),
            "1\n"
        );
        assert_eq!(
            self.ok(&[
                "player",
                "add",
                "Boris",
                "--phone",
                "0049 171 1234567",
                "--reply-via",
                "sms"
            ]),
            "2\n"
        );
        let id = self.ok(&[
            "game", "new", "--white", "Anna", "--black", "Boris", "--time", time,
        ]);
        id.trim_end().to_string()
    }
}

pub(crate) const ANNA: &str = "anna@example.org";

/// The header of `game list`.
pub(crate) const GAMES: &str =
    "ID\tWHITE\tBLACK\tEVENT\tPLIES\tTIME\tSTATE\tTO MOVE\tWHITE LEFT\tBLACK LEFT\tDEADLINE\n";

pub(crate) const BORIS: &str = "+491711234567";

/// The (channel, to, body) of each reply, checking the JSON shape on the way.
pub(crate) fn replies(v: &[Value]) -> Vec<(String, String, String)> {
    v.iter()
        .map(|r| {
            let o = r.as_object().expect("a JSON object per reply");
            for key in [
                "id",
                "channel",
                "to",
                "subject",
                "body",
                "state",
                "attempts",
                "created_at",
                "next_attempt_at",
                "sent_at",
                "failed_at",
            ] {
                assert!(o.contains_key(key), "{key} in {r}");
            }
            let s = |k: &str| {
                o[k].as_str()
                    .unwrap_or_else(|| panic!("{k} is a string: {r}"))
                    .to_string()
            };
            (s("channel"), s("to"), s("body"))
        })
        .collect()
}
