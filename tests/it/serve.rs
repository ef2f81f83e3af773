//! `ccgate serve` on a Maildir with replies written as `.eml` files: a game
//! played by dropping mail, machine mail and duplicates, bounces and their
//! fallbacks, SIGTERM, the status endpoint, and kill -9 in the middle of 500
//! mails. Also `ingest-mail` (the MTA pipe) and `check-config`.

use crate::support::gateway;

use std::path::{Path, PathBuf};
use std::time::Duration;

use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use gateway::{
    Gateway, MAILDIR_CONFIG, Seat, ccgate_on, count, drop_mail, eml_files, game_between, mail,
    wait_until,
};

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name))
        .expect("reply file")
        .replace("\r\n ", " ")
}

fn files_in(dir: &Path) -> usize {
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

#[test]
fn a_game_by_maildir_with_quotes_robots_duplicates_and_oversize() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    let g = game_between(&db, Seat::email("Alice"), Seat::email("Bob").lang(Lang::De));
    gw.start();
    let inbox = gw.path("inbox");
    let outbox = gw.path("outbox");

    drop_mail(
        &inbox,
        "001.a",
        &mail(
            "Alice <alice@example.test>",
            "m1@a",
            "my move",
            "1. e4\n\n-- \nAlice\n1. d4",
        ),
    );
    wait_until("two replies", Duration::from_secs(30), || {
        eml_files(&outbox).len() == 2
    });
    assert_eq!(
        files_in(&inbox.join("new")),
        0,
        "processed mail leaves new/"
    );
    assert_eq!(files_in(&inbox.join("cur")), 1);
    let replies = eml_files(&outbox);
    let confirm = read(&outbox, &replies[0]);
    let notice = read(&outbox, &replies[1]);
    assert!(confirm.contains("To: alice@example.test"), "{confirm}");
    assert!(confirm.contains("In-Reply-To: <m1@a>"), "{confirm}");
    assert!(
        confirm.contains("Auto-Submitted: auto-replied"),
        "{confirm}"
    );
    assert!(notice.contains("To: bob@example.test"), "{notice}");
    assert!(
        // The subject says the last move (and, encoded, whose move it is).
        notice.contains(&format!("Subject: [ccgate G{g}] 1. e4 ")),
        "{notice}"
    );
    assert!(
        notice.contains(&format!("References: <ccgate.g{g}@example.test>")),
        "{notice}"
    );
    // Bob reads German SAN: the record is in his notation, under the board.
    assert!(notice.contains("1. e4"), "{notice}");

    // Bob answers by replying: our subject and the quoted notice below his
    // move must not be read (they name White's move).
    let quoted = format!(
        "1... e5\n\nOn Sun, 29 Nov 2026 at 12:00, ccgate <gw@example.test> wrote:\n> G{g} 1. e4 by Alice\n> 1. e4"
    );
    drop_mail(
        &inbox,
        "002.b",
        &mail(
            "bob@example.test",
            "m2@b",
            &format!("Re: [ccgate G{g}] Alice v Bob: 1. e4"),
            &quoted,
        ),
    );
    wait_until("four replies", Duration::from_secs(30), || {
        eml_files(&outbox).len() == 4
    });
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 2);

    // An out-of-office robot: journaled, never answered.
    let ooo = String::from_utf8(mail(
        "alice@example.test",
        "ooo@a",
        "Out of office",
        "I am away until Monday. e4",
    ))
    .unwrap()
    .replacen(
        "MIME-Version",
        "Auto-Submitted: auto-replied\r\nMIME-Version",
        1,
    );
    drop_mail(&inbox, "003.c", ooo.as_bytes());
    // The same mail delivered twice: processed once.
    drop_mail(
        &inbox,
        "004.d",
        &mail("alice@example.test", "m3@a", "", "2. Nf3"),
    );
    drop_mail(
        &inbox,
        "005.e",
        &mail("alice@example.test", "m3@a", "", "2. Nf3"),
    );
    // Over the size limit: journaled, refused in one line.
    let big = mail(
        "bob@example.test",
        "big@b",
        "",
        &format!("2... Nc6\n{}", "x".repeat(5000)),
    );
    drop_mail(&inbox, "006.f", &big);
    wait_until(
        "all mail processed and sent",
        Duration::from_secs(30),
        || {
            files_in(&inbox.join("new")) == 0
                && eml_files(&outbox).len() == 7
                && count(&db, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0
        },
    );
    assert_eq!(
        count(&db, "SELECT count(*) FROM moves"),
        3,
        "Nf3 once, Nc6 never"
    );
    assert_eq!(
        count(&db, "SELECT count(*) FROM journal"),
        5,
        "the duplicate is one entry"
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM journal WHERE outcome LIKE 'ignored: automated%'"
        ),
        1
    );
    let refusal = read(&outbox, &eml_files(&outbox)[6]);
    assert!(refusal.contains("To: bob@example.test"), "{refusal}");
    assert!(refusal.contains("zu gro"), "German refusal:\n{refusal}");

    let metrics = gw.http_get("/metrics");
    assert!(
        metrics.contains("ccgate_messages_in_total{channel=\"email\"} 5"),
        "{metrics}"
    );
    assert!(
        metrics.contains("ccgate_duplicates_total{channel=\"email\"} 1"),
        "{metrics}"
    );
    assert!(
        metrics.contains("ccgate_moves_applied_total 3"),
        "{metrics}"
    );
    assert!(
        metrics.contains("ccgate_messages_out_total{channel=\"email\"} 7"),
        "{metrics}"
    );
    let health = gw.http_get("/health");
    assert!(health.contains("\"status\":\"ok\""), "{health}");

    let status = gw.stop();
    assert!(status.success(), "exit {status:?}:\n{}", gw.log());
    assert!(gw.log().contains("stopped"), "{}", gw.log());
}

/// A mail delivered into `new/` is taken when it lands, not at the next
/// poll: with the poll an hour apart, only the watch on `new/` can see
/// either move (the second comes after the input's last look at `new/`).
#[test]
fn a_delivery_is_taken_when_it_lands_not_at_the_next_poll() {
    let config = MAILDIR_CONFIG.replace(
        "path = \"inbox\"\npoll_every = \"50ms\"",
        "path = \"inbox\"\npoll_every = \"1h\"",
    );
    assert!(config.contains("poll_every = \"1h\""), "{config}");
    let mut gw = Gateway::new(&config);
    let db = gw.db();
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    gw.start();
    let (inbox, outbox) = (gw.path("inbox"), gw.path("outbox"));
    let moves = [("001.a", "alice", "1. e4"), ("002.b", "bob", "1... e5")];
    for (n, (file, who, line)) in moves.into_iter().enumerate() {
        let from = format!("{who}@example.test");
        drop_mail(&inbox, file, &mail(&from, file, "", line));
        wait_until(
            &format!("{line}: its replies"),
            Duration::from_secs(30),
            || eml_files(&outbox).len() == 2 * (n + 1),
        );
    }
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 2);
    assert_eq!(files_in(&inbox.join("new")), 0);
}

#[test]
fn serve_runs_on_the_clock_ccgate_now_sets() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    // 2030-06-01T12:00:00Z: time runs on from there, not from the calendar.
    gw.env("CCGATE_NOW", "2030-06-01T12:00:00Z");
    gw.start();
    let (inbox, outbox) = (gw.path("inbox"), gw.path("outbox"));
    drop_mail(
        &inbox,
        "001.a",
        &mail("alice@example.test", "001.a", "", "1. e4"),
    );
    wait_until("its replies sent", Duration::from_secs(30), || {
        eml_files(&outbox).len() == 2
            && count(&db, "SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL") == 2
    });
    let at = 1_906_545_600;
    let sql = format!(
        "SELECT count(*) FROM moves WHERE received_at >= {at} AND received_at < {at} + 600"
    );
    assert_eq!(count(&db, &sql), 1, "the move is received at CCGATE_NOW");
    let sql = format!("SELECT count(*) FROM outbox WHERE sent_at >= {at} AND sent_at < {at} + 600");
    assert_eq!(count(&db, &sql), 2, "and its replies sent then");
}

#[test]
fn a_bounce_fails_the_notice_tries_sms_and_stops_the_clock() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    let g = game_between(
        &db,
        Seat::email("Alice"),
        Seat::email("Bob")
            .also(Channel::Sms, "+491701234567")
            .notation(Notation::Iccf),
    );
    gw.start();
    let inbox = gw.path("inbox");
    drop_mail(
        &inbox,
        "1",
        &mail("alice@example.test", "m1@a", "", "1. d4"),
    );
    wait_until("the notice sent", Duration::from_secs(30), || {
        count(
            &db,
            "SELECT count(*) FROM moves WHERE delivered_at IS NOT NULL",
        ) == 1
    });
    let notice: i64 = count(
        &db,
        "SELECT id FROM outbox WHERE recipient = 'bob@example.test' AND ply IS NOT NULL",
    );
    let bounce = format!(
        "From: MAILER-DAEMON@example.test (Mail Delivery System)\r\nTo: gw+o{notice}@example.test\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <bounce1@example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"B\"\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nI'm sorry to have to inform you that your message could not be delivered.\r\n--B\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; example.test\r\n\r\nFinal-Recipient: rfc822; bob@example.test\r\nAction: failed\r\nStatus: 5.2.2\r\nDiagnostic-Code: smtp; 552 5.2.2 Mailbox full\r\n--B\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: <ccgate.o{notice}.g{g}@example.test>\r\nTo: bob@example.test\r\n--B--\r\n"
    );
    drop_mail(&inbox, "2", bounce.as_bytes());
    wait_until("the bounce processed", Duration::from_secs(30), || {
        count(
            &db,
            "SELECT count(*) FROM journal WHERE outcome IS NOT NULL",
        ) == 2
    });
    assert_eq!(
        count(
            &db,
            &format!(
                "SELECT count(*) FROM outbox WHERE id = {notice} AND failed_at IS NOT NULL AND last_error LIKE 'bounced:%552%'"
            )
        ),
        1
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM outbox WHERE channel = 'sms' AND recipient = '+491701234567' AND ply = 1"
        ),
        1,
        "the notice goes again by SMS"
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM moves WHERE delivered_at IS NOT NULL"
        ),
        0,
        "Bob's clock does not run on a notice he never had"
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM incidents WHERE kind = 'undeliverable'"
        ),
        1
    );
    // Nobody answers a bounce.
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM outbox WHERE recipient LIKE '%MAILER%'"
        ),
        0
    );
    assert!(gw.stop().success());
}

/// `games` new games by email, and the first ten plies of each dropped
/// into the inbox as mails, a ply of every game before the next ply of any:
/// ten mails per game, two replies each. Returns the inbox.
fn burst(gw: &Gateway, games: usize) -> PathBuf {
    const PLIES: [&str; 10] = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ];
    let db = gw.db();
    let inbox = gw.path("inbox");
    let games: Vec<_> = (0..games)
        .map(|n| {
            let w = Seat::email(&format!("W{n}"));
            (game_between(&db, w, Seat::email(&format!("B{n}"))), n)
        })
        .collect();
    for (ply, san) in PLIES.iter().enumerate() {
        for (g, n) in &games {
            let side = if ply % 2 == 0 { "w" } else { "b" };
            let from = format!("{side}{n}@example.test");
            let m = mail(&from, &format!("{g}-{ply}@x"), "", san);
            drop_mail(&inbox, &format!("{ply:02}-{n:03}.mail"), &m);
        }
    }
    inbox
}

/// SIGTERM in the middle of a burst: the outbox claims its next batch
/// while the last one is being written, and a stop still finishes both:
/// every reply claimed (held back from the next poll) is written and
/// marked sent, none is left held for the retry time.
#[test]
fn sigterm_in_a_burst_leaves_no_reply_claimed_and_unsent() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    burst(&gw, 30);
    gw.start();
    let outbox = gw.path("outbox");
    wait_until("some replies written", Duration::from_secs(60), || {
        eml_files(&outbox).len() >= 100
    });
    assert!(gw.stop().success(), "{}", gw.log());
    let written = eml_files(&outbox).len() as i64;
    assert!(
        written < 600,
        "stopped after the whole burst: nothing tested"
    );
    assert_eq!(
        count(&db, "SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL"),
        written
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM outbox WHERE sent_at IS NULL AND next_attempt_at > created_at"
        ),
        0,
        "replies claimed and left unsent:\n{}",
        gw.log()
    );
}

/// kill -9 in the middle of 500 mails, then a restart: every move applied
/// exactly once, every reply written exactly once.
#[test]
fn kill_minus_nine_in_a_batch_of_500_mails_loses_and_repeats_nothing() {
    const GAMES: usize = 50;
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    let inbox = burst(&gw, GAMES);
    gw.start();
    wait_until("some mail processed", Duration::from_secs(60), || {
        files_in(&inbox.join("cur")) >= 100
    });
    gw.kill();
    let done_before = files_in(&inbox.join("cur"));
    assert!(
        done_before < 500,
        "killed after the whole batch: nothing tested"
    );
    gw.start();
    let outbox = gw.path("outbox");
    wait_until("the whole batch", Duration::from_secs(300), || {
        files_in(&inbox.join("new")) == 0
            && count(&db, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0
    });
    assert_eq!(count(&db, "SELECT count(*) FROM journal"), 500);
    assert_eq!(
        count(&db, "SELECT count(*) FROM moves"),
        500,
        "{}",
        gw.log()
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM (SELECT game_id FROM moves GROUP BY game_id HAVING count(*) = 10)"
        ),
        GAMES as i64
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM journal WHERE outcome LIKE '%refused%'"
        ),
        0
    );
    // A confirmation and a notice per move, each written once.
    let rows = count(&db, "SELECT count(*) FROM outbox");
    assert_eq!(rows, 1000);
    assert_eq!(eml_files(&outbox).len(), 1000);
    assert!(gw.stop().success());
}

#[test]
fn ingest_mail_takes_a_mail_on_stdin_with_mta_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ccgate.db");
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    let run = |db: &Path, raw: &[u8]| {
        ccgate_on(db)
            .arg("ingest-mail")
            .write_stdin(raw.to_vec())
            .output()
            .unwrap()
    };
    let raw = mail("alice@example.test", "p1@a", "", "1. e4");
    let out = run(&db, &raw);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("applied"),
        "{out:?}"
    );
    // Delivered again by the MTA: taken, nothing repeated.
    assert_eq!(run(&db, &raw).status.code(), Some(0));
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 1);
    // Garbage is journaled as evidence, not refused to the MTA.
    assert_eq!(run(&db, b"\xff\xfe\x00garbage").status.code(), Some(0));
    // The store unavailable (its path is a directory): temporary failure.
    let out = run(dir.path(), &raw);
    assert_eq!(out.status.code(), Some(75), "{out:?}");
}

#[test]
fn check_config_says_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.toml");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/ccgate.toml"),
        &good,
    )
    .unwrap();
    let ok = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .args(["check-config"])
        .arg(&good)
        .output()
        .unwrap();
    assert!(ok.status.success(), "{ok:?}");
    assert!(String::from_utf8_lossy(&ok.stdout).contains("OK"));
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "[email]\nfrom = \"gw@example.test\"\n[email.imap]\nhost = \"imap.example.test\"\nuser = \"gw\"\npassword_file = \"/nonexistent/pw\"\n",
    )
    .unwrap();
    let out = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .args(["check-config"])
        .arg(&bad)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("email.imap.password_file /nonexistent/pw"),
        "{err}"
    );
    // A filter the log filter parser panicked on (exit 101 before).
    std::fs::write(&bad, "[log]\nlevel = \" a\u{e9}[\"\n").unwrap();
    let out = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .args(["check-config"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("log filter"),
        "{out:?}"
    );
}

/// A configuration the user named is always read, and every error names
/// its file once; listeners that would share a port are found before
/// `serve` stops at the second bind.
#[test]
fn a_named_configuration_is_read_and_named_once_and_listeners_do_not_clash() {
    let dir = tempfile::tempdir().unwrap();
    let ccgate = |args: &[&str]| {
        let out = assert_cmd::Command::cargo_bin("ccgate")
            .unwrap()
            .env_remove("CCGATE_DB")
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let db = dir.path().join("x.db").display().to_string();
    let missing = dir.path().join("nonexistent.toml").display().to_string();
    let broken = dir.path().join("broken.toml");
    std::fs::write(&broken, "data_dir = [\n").unwrap();
    let broken = broken.display().to_string();
    for config in [&missing, &broken] {
        let (code, err) = ccgate(&["--config", config, "--db", &db, "player", "list"]);
        assert_ne!(code, Some(0), "{config}: {err}");
        assert_eq!(err.matches(config.as_str()).count(), 1, "{err}");
    }
    let (code, err) = ccgate(&["check-config", &missing]);
    assert_ne!(code, Some(0));
    assert_eq!(err.matches(missing.as_str()).count(), 1, "{err}");
    let here = dir.path().display().to_string();
    let (_, err) = ccgate(&["check-config", &here]);
    assert_eq!(err.matches(here.as_str()).count(), 1, "{err}");
    // The store named once too.
    let (code, err) = ccgate(&["--db", &db, "game", "list"]);
    assert_eq!(code, Some(4), "{err}");
    assert_eq!(err.matches(db.as_str()).count(), 1, "{err}");

    let clash = dir.path().join("clash.toml");
    std::fs::write(
        &clash,
        "[email]\nfrom = \"gw@example.test\"\n[email.maildir]\n[web]\nlisten = \"0.0.0.0:9187\"\n[status]\nlisten = \"127.0.0.1:9187\"\n",
    )
    .unwrap();
    let (code, err) = ccgate(&["check-config", &clash.display().to_string()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("status.listen: 127.0.0.1:9187 takes the port of web.listen"),
        "{err}"
    );
}

/// Email without a Maildir or IMAP input is read through the MTA pipe
/// (the guide's Postfix set-up): `check-config` accepts it and says so.
#[test]
fn check_config_names_the_mta_pipe_as_the_input_of_email_alone() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pipe.toml");
    std::fs::write(
        &file,
        "[email]\nfrom = \"gw@example.test\"\n[email.send]\ntransport = \"sendmail\"\n",
    )
    .unwrap();
    let out = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .args(["check-config"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("inputs: mail piped in by the MTA (`ccgate ingest-mail`)"),
        "{said}"
    );
}

/// After SIGTERM the store is whole in its main file: a copy of it alone
/// has every message the daemon took.
#[test]
fn serve_leaves_the_store_in_its_main_file_after_sigterm() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    let g = game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    gw.start();
    let inbox = gw.path("inbox");
    drop_mail(
        &inbox,
        "001.a",
        &mail("Alice <alice@example.test>", "m1@a", "my move", "1. e4"),
    );
    let outbox = gw.path("outbox");
    wait_until("the replies", Duration::from_secs(30), || {
        eml_files(&outbox).len() == 2
    });
    assert!(gw.stop().success(), "{}", gw.log());
    let copy_dir = tempfile::tempdir().unwrap();
    let copy = copy_dir.path().join("ccgate.db");
    std::fs::copy(&db, &copy).unwrap();
    assert_eq!(
        count(
            &copy,
            &format!("SELECT count(*) FROM moves WHERE game_id = {g}")
        ),
        1
    );
}

/// The README's run command: no configuration at all. A `RUST_LOG` the
/// filter parser panicked on is reported and the configured level used;
/// the log, written to a file, carries no colour codes.
#[test]
fn serve_runs_on_embedded_defaults() {
    let home = tempfile::tempdir().unwrap();
    let log = home.path().join("log");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ccgate"))
        .arg("serve")
        .env_remove("CCGATE_DB")
        .env_remove("STATE_DIRECTORY")
        .env("XDG_DATA_HOME", home.path())
        .env("RUST_LOG", " a\u{e9}[")
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let data = home.path().join("ccgate");
    wait_until("the data directory", Duration::from_secs(30), || {
        data.join("inbox/new").is_dir()
            && data.join("outbox").is_dir()
            && data.join("ccgate.db").is_file()
    });
    std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(child.wait().unwrap().success());
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(log.contains("RUST_LOG"), "{log}");
    assert!(log.contains("stopped"), "{log}");
    assert!(!log.contains('\x1b'), "{log:?}");
}

/// Two daemons on one store would both send every reply: the second is
/// refused, naming the first; the commands keep working beside it; after
/// SIGKILL the kernel has released the lock and a restart is not refused.
#[test]
fn a_second_serve_on_one_store_is_refused_and_sigkill_leaves_no_claim() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    gw.start();
    let pid = gw.pid();
    let second = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .args(["serve", "--config"])
        .arg(&gw.config)
        .env_remove("CCGATE_DB")
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(second.status.code(), Some(2), "{second:?}");
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(err.contains(&format!("pid {pid}")), "{err}");
    // Beside the daemon: an admin command, a submission, an MTA delivery.
    let db = gw.db();
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    let listed = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .arg("--db")
        .arg(&db)
        .args(["game", "list"])
        .output()
        .unwrap();
    assert!(listed.status.success(), "{listed:?}");
    let raw = mail("alice@example.test", "beside@a", "", "1. e4");
    let ingested = ccgate_on(&db)
        .arg("ingest-mail")
        .write_stdin(raw)
        .output()
        .unwrap();
    assert_eq!(ingested.status.code(), Some(0), "{ingested:?}");
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 1);
    gw.kill();
    gw.start();
    assert_ne!(gw.pid(), pid);
    assert!(gw.stop().success(), "{}", gw.log());
}

/// A store deleted under a gateway that ran before is not replaced by an
/// empty one: the lock file beside it tells this is not the first run.
#[test]
fn serve_refuses_a_store_that_went_missing_after_its_first_run() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    gw.start();
    assert!(gw.stop().success());
    let db = gw.db();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let out = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .args(["serve", "--config"])
        .arg(&gw.config)
        .env_remove("CCGATE_DB")
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("does not exist"),
        "{out:?}"
    );
    assert!(!db.exists());
}

/// A lock file left by a first start that failed before the store was
/// made is no store: `serve` creates the store, and only a store that a
/// daemon opened through the lock file is refused when it goes missing.
#[test]
fn a_lock_file_alone_is_no_store_and_serve_creates_one() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    std::fs::create_dir_all(db.parent().expect("data dir")).unwrap();
    let mut lock = db.clone().into_os_string();
    lock.push(".lock");
    std::fs::write(&lock, "4242\n").unwrap();
    gw.start();
    assert!(gw.stop().success(), "{}", gw.log());
    assert!(db.exists());
    assert!(std::fs::read_to_string(&lock).unwrap().contains("served"));
}

/// A small tmpfs mounted for one test, unmounted (lazily) when dropped.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn new(size: &str) -> SmallDisk {
        let dir = tempfile::tempdir().unwrap();
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status()
            .expect("mount(8)");
        assert!(ok.success(), "mounting a tmpfs (the tests run as root)");
        SmallDisk { dir }
    }

    /// Writes zeros until the file system is full.
    fn fill(&self) {
        use std::io::Write;
        let mut f = std::fs::File::create(self.dir.path().join("filler")).unwrap();
        let chunk = vec![0u8; 4096];
        while f.write_all(&chunk).and_then(|()| f.sync_all()).is_ok() {}
    }

    fn free(&self) {
        std::fs::remove_file(self.dir.path().join("filler")).unwrap();
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

/// The store's disk fills while replies wait: the sender neither spins
/// (140,000 log lines in 5 s before) nor sends a reply whose sending it
/// cannot record (each one again at every poll before); /health says the
/// store fails. Once there is room, every reply goes out exactly once.
#[test]
fn a_full_disk_neither_spins_the_sender_nor_sends_a_reply_twice() {
    a_full_disk_sends_nothing_twice(
        |out, _| format!("[email.send]\ntransport = \"file\"\ndir = {out:?}\n"),
        Seat::email("Bob"),
        Channel::Email,
        eml_files,
    );
}

/// The same for SMS through an smstools spool: before, the spool channel
/// wrote a reply's file (which smsd may send at once) before it could
/// record it, and wrote it again at every poll while the store failed.
#[test]
fn a_full_disk_writes_no_spool_file_it_cannot_record() {
    a_full_disk_sends_nothing_twice(
        |out, incoming| {
            format!(
                "[sms_spool]\nkind = \"smstools\"\nincoming = {incoming:?}\noutgoing = {out:?}\npoll_every = \"100ms\"\n"
            )
        },
        Seat::at("Boris", Channel::Sms, "+79161234567"),
        Channel::Sms,
        |dir| {
            let mut names: Vec<String> = std::fs::read_dir(dir)
                .map(|d| {
                    d.filter_map(|e| e.ok())
                        .map(|e| e.file_name().to_string_lossy().into_owned())
                        .filter(|n| n.starts_with("ccgate-"))
                        .collect()
                })
                .unwrap_or_default();
            names.sort();
            names
        },
    );
}

/// Replies to `black` on `channel` are written to a small disk of their own
/// (`sender` configures the channel to write there, given that disk and a
/// directory for a spool's incoming files, `sent` lists what it
/// wrote), full at first so that they wait for a retry; then the store's
/// disk fills.
fn a_full_disk_sends_nothing_twice(
    sender: impl Fn(&str, &str) -> String,
    black: Seat,
    channel: Channel,
    sent: fn(&Path) -> Vec<String>,
) {
    let disk = SmallDisk::new("8m");
    let out = SmallDisk::new("1m");
    let db = disk.dir.path().join("ccgate.db");
    let outbox = out.dir.path().to_path_buf();
    let spool_in = tempfile::tempdir().unwrap();
    let mut gw = Gateway::new(&format!(
        "db = {:?}\n[email]\nfrom = \"gw@example.test\"\n[email.maildir]\npath = \"inbox\"\npoll_every = \"50ms\"\n\
         {}[outbox]\npoll_every = \"100ms\"\nfirst_retry = \"1s\"\n",
        db.display().to_string(),
        sender(
            &outbox.display().to_string(),
            &spool_in.path().display().to_string()
        ),
    ));
    game_between(&db, Seat::email("Alice"), black);
    let ingested = ccgate_on(&db)
        .arg("ingest-mail")
        .write_stdin(mail("alice@example.test", "full@a", "", "1. e4"))
        .output()
        .unwrap();
    assert_eq!(ingested.status.code(), Some(0), "{ingested:?}");
    let channel = channel.to_string();
    let unsent =
        format!("SELECT count(*) FROM outbox WHERE sent_at IS NULL AND channel = '{channel}'");
    let queued = count(&db, &unsent);
    assert!(queued >= 1);
    out.fill();
    gw.start();
    wait_until("a failed attempt", Duration::from_secs(30), || {
        count(
            &db,
            &format!("SELECT count(*) FROM outbox WHERE attempts > 0 AND channel = '{channel}'"),
        ) == queued
    });
    disk.fill();
    out.free();
    wait_until(
        "the store failure on /health",
        Duration::from_secs(30),
        || gw.http_get("/health").contains("\"status\":\"failing\""),
    );
    // Several polls of the sender (every 100 ms) and a retry with the disk full.
    std::thread::sleep(Duration::from_secs(3));
    assert_eq!(sent(&outbox).len(), 0, "sent without a record");
    let errors = gw.log().matches("full").count();
    assert!(errors < 100, "{errors} log lines about the full disk");
    disk.free();
    wait_until("every reply sent", Duration::from_secs(90), || {
        count(&db, &unsent) == 0
    });
    assert_eq!(sent(&outbox).len() as i64, queued, "{}", gw.log());
    wait_until("the store healthy again", Duration::from_secs(30), || {
        gw.http_get("/health").contains("\"status\":\"ok\"")
    });
    assert!(gw.stop().success());
}

/// Idle connections to the status endpoint (here 100, under a limit of 64
/// descriptors) took every descriptor and stopped the Maildir input: the
/// endpoint now serves a bounded number and closes silent ones, so the
/// input works and /health answers again.
#[test]
fn idle_status_connections_neither_starve_the_inputs_nor_last() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    gw.start();
    let limited = std::process::Command::new("prlimit")
        .arg("--nofile=64:64")
        .arg(format!("--pid={}", gw.pid()))
        .status()
        .unwrap();
    assert!(limited.success());
    let mut idle: Vec<std::net::TcpStream> = (0..100)
        .map(|_| std::net::TcpStream::connect(("127.0.0.1", gw.status_port)).unwrap())
        .collect();
    // Time for the daemon to accept what it will.
    std::thread::sleep(Duration::from_millis(500));
    drop_mail(
        &gw.path("inbox"),
        "1.idle",
        &mail("alice@example.test", "idle@a", "", "1. e4"),
    );
    wait_until("the move by Maildir", Duration::from_secs(30), || {
        count(&db, "SELECT count(*) FROM moves") == 1
    });
    // Those in the backlog leave; those the daemon holds stay silent and
    // are closed after the header deadline, and /health answers again
    // (until then the address's further connections are closed).
    idle.truncate(32);
    wait_until(
        "/health from the crowd's address",
        Duration::from_secs(30),
        || {
            gw.try_http_get("/health")
                .is_ok_and(|body| body.contains("\"status\":\"ok\""))
        },
    );
    drop(idle);
    assert!(gw.stop().success(), "{}", gw.log());
}

/// The service install in a temporary root: the user and group made by
/// `useradd --root`, the configuration root's and readable by the group
/// `ccgate` only, and `check-config` working as the service's user (the
/// documented steps left it unreadable to the unit's `ExecStartPre`).
#[test]
fn the_service_install_lets_the_service_user_read_its_configuration() {
    use std::os::unix::fs::MetadataExt;
    let root = tempfile::tempdir().unwrap();
    let etc = root.path().join("etc");
    std::fs::create_dir(&etc).unwrap();
    for (file, text) in [
        ("passwd", "root:x:0:0:root:/root:/bin/sh\n"),
        ("group", "root:x:0:\n"),
        ("shadow", "root:*:19000:0:99999:7:::\n"),
        ("gshadow", "root:*::\n"),
    ] {
        std::fs::write(etc.join(file), text).unwrap();
    }
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new(repo.join("deploy/install.sh"))
        .arg("--root")
        .arg(root.path())
        .arg("--binary")
        .arg(env!("CARGO_BIN_EXE_ccgate"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let id_of = |file: &str| -> u32 {
        let text = std::fs::read_to_string(etc.join(file)).unwrap();
        let line = text.lines().find(|l| l.starts_with("ccgate:")).expect(file);
        line.split(':').nth(2).unwrap().parse().unwrap()
    };
    let (uid, gid) = (id_of("passwd"), id_of("group"));
    let mode = |rel: &str| {
        let m = std::fs::metadata(root.path().join(rel)).unwrap();
        (m.mode() & 0o7777, m.uid(), m.gid())
    };
    assert_eq!(mode("etc/ccgate"), (0o750, 0, gid));
    assert_eq!(mode("etc/ccgate/ccgate.toml"), (0o640, 0, gid));
    assert_eq!(mode("var/lib/ccgate"), (0o750, uid, gid));
    assert_eq!(mode("usr/local/bin/ccgate").0, 0o755);
    assert_eq!(mode("etc/systemd/system/ccgate.service").0, 0o644);
    assert_eq!(mode("etc/systemd/system/ccgate-backup.timer").0, 0o644);
    assert_eq!(mode("usr/local/share/doc/ccgate/operators.md").0, 0o644);
    // The package's man pages and completions, under /usr/local.
    for file in [
        "usr/local/share/man/man1/ccgate.1.gz",
        "usr/local/share/man/man1/ccgate-player-add.1.gz",
        "usr/local/share/bash-completion/completions/ccgate",
        "usr/local/share/zsh/site-functions/_ccgate",
        "usr/local/share/fish/vendor_completions.d/ccgate.fish",
    ] {
        assert_eq!(mode(file).0, 0o644, "{file}");
    }
    // The package's units, pointing at the binary installed here.
    for unit in ["ccgate.service", "ccgate-backup.service"] {
        let text = std::fs::read_to_string(etc.join("systemd/system").join(unit)).unwrap();
        assert!(
            text.contains("ExecStart=/usr/local/bin/ccgate ") && !text.contains("/usr/bin/"),
            "{unit}: {text}"
        );
    }
    // As the unit runs it: the service's user and group, nothing else.
    // (runuser needs the name in this machine's passwd; setpriv takes ids.)
    let check = std::process::Command::new("setpriv")
        .arg(format!("--reuid={uid}"))
        .arg(format!("--regid={gid}"))
        .arg("--clear-groups")
        .arg(root.path().join("usr/local/bin/ccgate"))
        .arg("check-config")
        .arg(root.path().join("etc/ccgate/ccgate.toml"))
        .output()
        .unwrap();
    assert!(check.status.success(), "{check:?}");
    // Installing again changes nothing and fails nothing.
    let again = std::process::Command::new(repo.join("deploy/install.sh"))
        .arg("--root")
        .arg(root.path())
        .arg("--binary")
        .arg(env!("CARGO_BIN_EXE_ccgate"))
        .output()
        .unwrap();
    assert!(again.status.success(), "{again:?}");
    assert_eq!(mode("etc/ccgate/ccgate.toml"), (0o640, 0, gid));
}
