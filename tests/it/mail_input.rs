//! Inbound mail that must not be answered, or answered once (issue 12): mail
//! to our VERP return path, list robots, oversized mail. Each mail goes
//! through the real path: `receive` on a real store, `ingest-mail`, or
//! `ccgate serve` reading the mail lab's Dovecot over IMAP.

use std::path::{Path, PathBuf};
use std::time::Duration;

use ccgate::store::Store;
use ccgate::transport::email::receive::{Policy, receive};
use jiff::Timestamp;

use crate::support::gateway::{Gateway, Seat, ccgate_on, count, game_between, mail, wait_until};
use crate::support::mail_lab::MailLab;

const WAIT: Duration = Duration::from_secs(60);

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/mail")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn policy() -> Policy {
    Policy {
        max_size: 10 * 1024 * 1024,
        require_pin: false,
        trusted_authserv_id: None,
        dkim: false,
        // These mails test reading, not the sender check (issue 14).
        trust_from: true,
        verp_local: "ccgate".into(),
        domain: "example.test".into(),
        rules: ccgate::service::Rules::default(),
    }
}

/// A store with Alice (White) and Bob at `@example.test` and a game.
fn world() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("ccgate.db");
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    (dir, db)
}

fn take(db: &Path, raw: &[u8], policy: &Policy) -> String {
    let mut store = Store::open(db).expect("store");
    ccgate::service::batch(&mut store, |b| {
        receive(b, raw, (policy, &Default::default()), Timestamp::now())
    })
    .and_then(|done| done)
    .expect("receive")
    .outcome
}

fn replies(db: &Path) -> i64 {
    count(db, "SELECT count(*) FROM outbox")
}

/// Debian's `vacation` answers the envelope sender, our VERP address, with
/// the user's message and no Auto-Submitted or Precedence header: journaled,
/// never answered (it was answered, and the two robots looped).
#[test]
fn mail_to_the_verp_return_path_is_journaled_never_answered() {
    let (_dir, db) = world();
    let outcome = take(&db, &fixture("vacation_to_verp.eml"), &policy());
    assert!(outcome.contains("return path of reply 42"), "{outcome}");
    // The same robot writing in To, with a move-like line, any case.
    let raw = String::from_utf8(mail("bob@example.test", "v2@x", "Re: away", "1... e5"))
        .expect("utf-8")
        .replace("To: gw@example.test", "To: <CCGATE+o7@example.test>");
    let outcome = take(&db, raw.as_bytes(), &policy());
    assert!(outcome.contains("return path of reply 7"), "{outcome}");
    assert_eq!(replies(&db), 0);
    assert_eq!(count(&db, "SELECT count(*) FROM journal"), 2);
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 0);
    // Bob's own mail to the plain address is still read.
    take(
        &db,
        &mail("bob@example.test", "v3@example.test", "", "help"),
        &policy(),
    );
    assert_eq!(replies(&db), 1);
}

/// List managers' mail, by header or by sender, is never answered.
#[test]
fn list_robots_are_never_answered() {
    let (_dir, db) = world();
    let robots = [
        (
            "chess-request@lists.example.test",
            "X-Mailman-Version: 2.1.39\r\n",
        ),
        ("chess-owner@lists.example.test", ""),
        ("owner-chess@lists.example.test", ""),
        (
            "alice@example.test",
            "List-Post: <mailto:chess@lists.example.test>\r\n",
        ),
    ];
    for (i, (from, extra)) in robots.iter().enumerate() {
        let raw = String::from_utf8(mail(from, &format!("l{i}@lists.example.test"), "", "help"))
            .expect("utf-8")
            .replacen("MIME-Version", &format!("{extra}MIME-Version"), 1);
        let outcome = take(&db, raw.as_bytes(), &policy());
        assert!(outcome.contains("automated"), "{from}: {outcome}");
    }
    let raw = String::from_utf8(mail("alice@example.test", "l9@x", "", "help"))
        .expect("utf-8")
        .replacen(
            "MIME-Version",
            "Return-Path: <chess-bounces+alice=example.test@lists.example.test>\r\nMIME-Version",
            1,
        );
    let outcome = take(&db, raw.as_bytes(), &policy());
    assert!(outcome.contains("list robot"), "{outcome}");
    assert_eq!(replies(&db), 0);
}

/// A mail of `size` bytes or a little more from `from`: a move, then an
/// attachment's worth of base64.
fn big_mail(from: &str, id: &str, size: usize) -> Vec<u8> {
    let line = "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0\r\n";
    let body = format!("1. e4\r\n\r\n{}", line.repeat(size / line.len() + 1));
    mail(from, id, "", &body)
}

/// The bytes the store's files take on disk (the database and its WAL).
fn store_bytes(db: &Path) -> u64 {
    ["", "-wal"]
        .iter()
        .filter_map(|suffix| std::fs::metadata(format!("{}{suffix}", db.display())).ok())
        .map(|m| m.len())
        .sum()
}

/// `ingest-mail` with an oversized mail: at most `max_size + 1` bytes
/// read, the rest drained; a bounded prefix journaled; the sender answered
/// once; exit 0 (taken and refused for good: no retries by the MTA).
#[test]
fn ingest_mail_refuses_an_oversized_mail_for_good_and_journals_a_prefix() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("ccgate.db");
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    let config = dir.path().join("ccgate.toml");
    std::fs::write(
        &config,
        "[email]\nfrom = \"gw@example.test\"\nmax_size = 102400\n",
    )
    .expect("config");
    let run = |raw: &[u8]| {
        ccgate_on(&db)
            .args(["ingest-mail", "--config"])
            .arg(&config)
            .write_stdin(raw.to_vec())
            .output()
            .expect("run")
    };
    let before = store_bytes(&db);
    let raw = big_mail("alice@example.test", "big@alice", 4 * 1024 * 1024);
    for _ in 0..2 {
        let out = run(&raw);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
    }
    let grown = store_bytes(&db).saturating_sub(before);
    assert!(grown < 1024 * 1024, "the store grew by {grown} bytes");
    let journaled = count(&db, "SELECT max(length(raw)) FROM journal");
    assert!(journaled <= 64 * 1024, "{journaled} bytes journaled");
    assert_eq!(count(&db, "SELECT count(*) FROM journal"), 1);
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 0);
    // Answered once, though delivered twice.
    assert_eq!(replies(&db), 1);
    let body: String = rusqlite::Connection::open(&db)
        .expect("store")
        .query_row("SELECT body FROM outbox", [], |r| r.get(0))
        .expect("reply");
    assert!(body.contains("too large"), "{body}");
    // A mail under the limit still goes through.
    let out = run(&big_mail("alice@example.test", "small@alice", 50 * 1024));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 1);
}

/// `ccgate submit` refuses a message over its `--max-size` (1 MiB unless
/// given) unread; it applied a move from a 50 MB message.
#[test]
fn submit_has_a_size_limit() {
    let (_dir, db) = world();
    let submit = |body: Vec<u8>| {
        ccgate_on(&db)
            .args([
                "submit",
                "--channel",
                "email",
                "--from",
                "alice@example.test",
            ])
            .write_stdin(body)
            .output()
            .expect("run")
    };
    let mut body = b"1. e4\n".to_vec();
    body.resize(2 * 1024 * 1024, b'x');
    let out = submit(body);
    assert!(!out.status.success(), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("larger than"),
        "{out:?}"
    );
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 0);
    let out = submit(b"1. e4\n".to_vec());
    assert!(out.status.success(), "{out:?}");
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 1);
}

/// A gateway reading `gw`'s mailbox on the lab's Dovecot over IMAP, moving
/// processed mail to `move_to`, with a 100 KB size limit.
fn imap_gateway(lab: &MailLab, move_to: &str) -> Gateway {
    lab.add_user("gw", "gw-secret");
    let mut gw = Gateway::new(&format!(
        r#"
[email]
from = "gw@example.test"
max_size = 102400
[email.imap]
host = "127.0.0.1"
port = {imap}
security = "plain"
user = "gw"
password_env = "CCGATE_TEST_IMAP_PASSWORD"
poll_every = "1s"
move_to = "{move_to}"
"#,
        imap = lab.imap_port(),
    ));
    gw.env("CCGATE_TEST_IMAP_PASSWORD", "gw-secret");
    gw
}

fn files_in(dir: &Path) -> usize {
    ["new", "cur"]
        .iter()
        .filter_map(|sub| std::fs::read_dir(dir.join(sub)).ok())
        .map(|entries| entries.count())
        .sum()
}

/// A missing `move_to` folder: the server's `NO [TRYCREATE]` is acted on
/// (the folder created, the move retried), so the mailbox drains. Before,
/// the first message stalled the input for good, with a login a second.
/// The oversized mail among them is fetched only as far as its evidence
/// (its RFC822.SIZE is asked first) and answered once.
#[test]
fn imap_creates_a_missing_move_to_folder_and_fetches_the_size_first() {
    let lab = MailLab::start();
    let mut gw = imap_gateway(&lab, "Done");
    let db = gw.db();
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    lab.deliver(
        "gw",
        &big_mail("alice@example.test", "big@alice", 300 * 1024),
    );
    lab.deliver("gw", &mail("alice@example.test", "m1@alice", "", "1. e4"));
    gw.start();
    wait_until("both mails processed", WAIT, || {
        count(
            &db,
            "SELECT count(*) FROM journal WHERE outcome IS NOT NULL",
        ) == 2
    });
    let done = lab.maildir("gw").join(".Done");
    wait_until("both mails moved", WAIT, || files_in(&done) == 2);
    // A move is a copy, then an expunge: the INBOX empties a moment later.
    wait_until("INBOX empty", WAIT, || files_in(&lab.maildir("gw")) == 0);
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 1);
    let journaled = count(&db, "SELECT max(length(raw)) FROM journal");
    assert!(journaled <= 64 * 1024, "{journaled} bytes journaled");
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM outbox WHERE body LIKE '%too large%'"
        ),
        1
    );
    assert!(gw.stop().success());
    let logins = gw.log().matches("IMAP input connected").count();
    assert_eq!(logins, 1, "{}", gw.log());
}

/// A folder the server will not create: each message is processed once and
/// left in place, the ones after it are still read, and the input does not
/// reconnect in a loop.
#[test]
fn a_message_the_server_will_not_move_blocks_nothing() {
    let lab = MailLab::start();
    let mut gw = imap_gateway(&lab, "no/such/../folder");
    let db = gw.db();
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    lab.deliver("gw", &mail("alice@example.test", "m1@alice", "", "1. e4"));
    lab.deliver("gw", &mail("bob@example.test", "m2@bob", "", "1... e5"));
    gw.start();
    wait_until("both moves applied", WAIT, || {
        count(&db, "SELECT count(*) FROM moves") == 2
    });
    // Some polls later, still one connection and each mail journaled once.
    std::thread::sleep(Duration::from_secs(3));
    assert!(gw.stop().success());
    assert_eq!(count(&db, "SELECT count(*) FROM journal"), 2);
    let log = gw.log();
    assert_eq!(log.matches("IMAP input connected").count(), 1, "{log}");
    assert!(log.contains("refused to acknowledge"), "{log}");
}

/// A PGN file attached by the player was ignored. Real s-nail mails with the
/// opening of Everitt–Wang (ICCF 1997) attached: the game stored to 3... b5,
/// White (Alice) to move. The file with one move more is read as her move
/// (with every check a written move has); one with more moves, one with no
/// new move, and one whose new move is Black's are answered with why they
/// were not used.
#[test]
fn an_attached_pgn_with_the_senders_next_move_is_read_and_any_other_is_explained() {
    let (_dir, db) = world();
    for (i, mv) in ["1. d4", "1... Nf6", "2. c4", "2... c5", "3. d5", "3... b5"]
        .iter()
        .enumerate()
    {
        let from = if i % 2 == 0 { "alice" } else { "bob" };
        take(
            &db,
            &mail(&format!("{from}@example.test"), &format!("m{i}@x"), "", mv),
            &policy(),
        );
    }
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 6);
    let as_alice = |name: &str| {
        String::from_utf8(fixture(name))
            .expect("utf-8")
            .replace("anna@example.test", "alice@example.test")
    };
    let outcome = take(
        &db,
        as_alice("pgn_attached_next_move.eml").as_bytes(),
        &policy(),
    );
    assert!(outcome.contains("ply 7 c4b5 applied"), "{outcome}");
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 7);
    let last_reply = |db: &Path| {
        let store = Store::open(db).expect("store");
        store
            .outbox(true)
            .expect("outbox")
            .last()
            .expect("a reply")
            .body
            .clone()
    };
    // Nine plies against the seven stored: two moves more.
    let outcome = take(
        &db,
        as_alice("pgn_attached_x_chess.eml").as_bytes(),
        &policy(),
    );
    assert!(
        outcome.contains("attached PGN not used: 2 moves"),
        "{outcome}"
    );
    let told = last_reply(&db);
    assert!(
        told.contains("was not used") && told.contains("2 moves"),
        "{told}"
    );
    // The same seven plies again: nothing new.
    let outcome = take(
        &db,
        as_alice("pgn_attached_text_plain_name.eml").as_bytes(),
        &policy(),
    );
    assert!(outcome.contains("no move beyond"), "{outcome}");
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 7);
    // Black's answer in Alice's file: not hers to make.
    let blacks = as_alice("pgn_attached_x_chess.eml")
        .replace("4. cxb5 a6 5. e3 *", "4. cxb5 a6 *")
        .replace("Message-ID: <", "Message-ID: <black");
    let outcome = take(&db, blacks.as_bytes(), &policy());
    assert!(outcome.contains("the opponent's"), "{outcome}");
    assert!(
        last_reply(&db).contains("not your turn"),
        "{}",
        last_reply(&db)
    );
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 7);
}

/// ccgate's own DKIM check (`[email.dkim]`), offline: a key the test makes,
/// its record in a keys file, real signed mail through `ingest-mail`. A
/// signature by the From domain vouches (the move is applied); one that no
/// longer verifies, one by another domain, and none at all leave the mail
/// unauthenticated (held for confirmation).
#[test]
fn ccgates_own_dkim_check_vouches_only_for_a_valid_aligned_signature() {
    use base64::Engine;
    use mail_auth::common::crypto::Ed25519Key;
    use mail_auth::common::headers::HeaderWriter;
    use mail_auth::dkim::DkimSigner;

    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("ccgate.db");
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    let key = |domain: &str| {
        let pkcs8 = Ed25519Key::generate_pkcs8().expect("key");
        let public = Ed25519Key::from_pkcs8_der(&pkcs8)
            .expect("key")
            .public_key();
        let record = format!(
            "s1._domainkey.{domain} v=DKIM1; k=ed25519; p={}\n",
            base64::engine::general_purpose::STANDARD.encode(public)
        );
        (pkcs8, record)
    };
    let (alice_key, alice_record) = key("example.test");
    let (evil_key, evil_record) = key("evil.example");
    let keys = dir.path().join("dkim.keys");
    std::fs::write(&keys, format!("# test keys\n{alice_record}{evil_record}")).expect("keys");
    let config = dir.path().join("ccgate.toml");
    std::fs::write(
        &config,
        format!(
            "[email]\nfrom = \"gw@example.test\"\n[email.dkim]\nkeys_file = {:?}\n",
            keys.display().to_string()
        ),
    )
    .expect("config");
    let signed = |pkcs8: &[u8], domain: &str, raw: &[u8]| -> Vec<u8> {
        let signature = DkimSigner::from_key(Ed25519Key::from_pkcs8_der(pkcs8).expect("key"))
            .domain(domain)
            .selector("s1")
            .headers(["From", "To", "Subject", "Message-ID"])
            .sign(raw)
            .expect("sign");
        let mut out = signature.to_header().into_bytes();
        out.extend_from_slice(raw);
        out
    };
    let run = |raw: &[u8]| ingest_with(&config, &db, raw);
    let moves = || count(&db, "SELECT count(*) FROM moves");
    // Altered after signing: the body hash no longer matches.
    let raw = signed(
        &alice_key,
        "example.test",
        &mail("alice@example.test", "t1@alice", "", "1. e4"),
    );
    let tampered = signed(
        &alice_key,
        "example.test",
        &mail("alice@example.test", "t0@alice", "", "1. e4"),
    );
    let tampered = String::from_utf8(tampered)
        .expect("text")
        .replace("1. e4", "1. f3");
    let out = run(tampered.as_bytes());
    assert!(out.contains("held for confirmation"), "{out}");
    assert!(out.contains("header.d=example.test"), "{out}");
    assert!(!out.contains("dkim=pass"), "{out}");
    // Signed by the attacker's own domain: valid, but not aligned with From.
    let out = run(&signed(
        &evil_key,
        "evil.example",
        &mail("alice@example.test", "t2@alice", "", "1. e4"),
    ));
    assert!(out.contains("held for confirmation"), "{out}");
    assert!(out.contains("not aligned"), "{out}");
    // Not signed at all.
    let out = run(&mail("alice@example.test", "t3@alice", "", "1. e4"));
    assert!(out.contains("no DKIM signature"), "{out}");
    assert_eq!(moves(), 0);
    // Signed by her domain and unaltered: the move is Alice's.
    let out = run(&raw);
    assert!(out.contains("applied"), "{out}");
    assert_eq!(moves(), 1);
}

/// Found by the `service` fuzz target: a mail with no From address (here
/// the byte 0xAB alone, which mail-parser takes for a body) was answered
/// "not registered" to the empty address. It is journaled, never answered.
#[test]
fn a_mail_without_a_sender_address_is_journaled_never_answered() {
    let (_dir, db) = world();
    take(&db, b"\xab", &policy());
    take(&db, b"Subject: x\r\n\r\n1. e4\r\n", &policy());
    assert_eq!(count(&db, "SELECT count(*) FROM journal"), 2);
    assert_eq!(replies(&db), 0);
}

/// `ingest-mail` on `db` with a configuration that takes `From:` as given
/// (a file outbox, nothing checked): these tests are about reading mail.
fn ingest(dir: &Path, db: &Path, raw: &[u8]) -> String {
    let config = dir.join("ingest.toml");
    std::fs::write(&config, "[email]\nfrom = \"gw@example.test\"\n").expect("config");
    ingest_with(&config, db, raw)
}

/// `ingest-mail` on `db` with the configuration `config`: exit 0, and what
/// it printed.
fn ingest_with(config: &Path, db: &Path, raw: &[u8]) -> String {
    let out = ccgate_on(db)
        .args(["ingest-mail", "--config"])
        .arg(config)
        .write_stdin(raw.to_vec())
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn recipients(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).expect("store");
    let mut stmt = conn
        .prepare("SELECT recipient FROM outbox ORDER BY id")
        .expect("query");
    stmt.query_map([], |r| r.get(0))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("recipients")
}

/// A duplicate is the same message from the same sender: Bob's move under
/// the Message-ID Alice's mail used is read and answered; Bob's mail
/// delivered again is a duplicate.
#[test]
fn a_message_id_another_sender_used_drops_no_move() {
    let (dir, db) = world();
    ingest(
        dir.path(),
        &db,
        &mail("alice@example.test", "same@id", "", "1. e4"),
    );
    let bobs = mail("bob@example.test", "same@id", "", "1... e5");
    let out = ingest(dir.path(), &db, &bobs);
    assert!(out.contains("applied"), "{out}");
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 2);
    let answered = replies(&db);
    assert!(
        recipients(&db).iter().any(|r| r == "bob@example.test"),
        "{:?}",
        recipients(&db)
    );
    // The same mail from the same sender again changes nothing.
    ingest(dir.path(), &db, &bobs);
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 2);
    assert_eq!(count(&db, "SELECT count(*) FROM journal"), 2);
    assert_eq!(replies(&db), answered);
}

/// A mail must have one author: two `From:` fields, or a `From:` list, are
/// refused and journaled, not read as the first address; a `Sender:` that
/// a list of authors names is told why.
#[test]
fn a_mail_without_exactly_one_author_is_refused_and_journaled() {
    let (dir, db) = world();
    let game = count(&db, "SELECT max(id) FROM games");
    let with_head = |head: &str, id: &str| {
        format!(
            "{head}To: gw@example.test\r\nSubject: x\r\nMessage-ID: <{id}>\r\nDate: Sun, 29 Nov 2026 12:00:00 +0000\r\n\r\n{game} resign\r\n"
        )
    };
    let two_fields = with_head(
        "From: bob@example.test\r\nFrom: alice@example.test\r\n",
        "two@fields",
    );
    let out = ingest(dir.path(), &db, two_fields.as_bytes());
    assert!(out.contains("refused"), "{out}");
    let list = with_head("From: bob@example.test, alice@example.test\r\n", "a@list");
    ingest(dir.path(), &db, list.as_bytes());
    assert_eq!(
        count(&db, "SELECT count(*) FROM games WHERE result IS NOT NULL"),
        0
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM journal WHERE outcome LIKE 'refused%'"
        ),
        2
    );
    assert_eq!(replies(&db), 0, "{:?}", recipients(&db));
    // Several authors with the one who sent it named: that one is told.
    let sent_by = with_head(
        "From: bob@example.test, alice@example.test\r\nSender: Bob <bob@example.test>\r\n",
        "a@sender",
    );
    ingest(dir.path(), &db, sent_by.as_bytes());
    assert_eq!(
        count(&db, "SELECT count(*) FROM games WHERE result IS NOT NULL"),
        0
    );
    assert_eq!(recipients(&db), ["bob@example.test"]);
    let body: String = rusqlite::Connection::open(&db)
        .expect("store")
        .query_row("SELECT body FROM outbox", [], |r| r.get(0))
        .expect("reply");
    assert!(body.contains("one author"), "{body}");
}

/// A comment in an address is no part of it: `bob(at home)@example.test`
/// is Bob, answered at his address.
#[test]
fn a_comment_in_the_from_address_is_not_part_of_it() {
    let (dir, db) = world();
    ingest(
        dir.path(),
        &db,
        &mail("alice@example.test", "c1@alice", "", "1. e4"),
    );
    let out = ingest(
        dir.path(),
        &db,
        &mail("bob(at home)@example.test", "c2@bob", "", "1... e5"),
    );
    assert!(out.contains("applied"), "{out}");
    assert!(
        recipients(&db)
            .iter()
            .all(|r| r.ends_with("@example.test") && !r.starts_with('@')),
        "{:?}",
        recipients(&db)
    );
}

/// The local part of an address is the receiving host's to read (RFC
/// 5321): a player registered as `N0MAIL@WinLink.Org` is found whatever
/// case their mail uses, and answered at the local part they registered.
#[test]
fn replies_keep_the_local_part_as_registered() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("ccgate.db");
    for (name, address) in [
        ("Nomail", "N0MAIL@WinLink.Org"),
        ("Bob", "bob@example.test"),
    ] {
        ccgate_on(&db)
            .args(["player", "add", name, "--email", address])
            .assert()
            .success();
    }
    let id = |name: &str| {
        count(
            &db,
            &format!("SELECT id FROM players WHERE name = '{name}'"),
        )
    };
    crate::support::gateway::new_game(&db, id("Nomail"), id("Bob"));
    let out = ingest(
        dir.path(),
        &db,
        &mail("n0mail@winlink.org", "w1@n0mail", "", "1. e4"),
    );
    assert!(out.contains("applied"), "{out}");
    let sent = recipients(&db);
    assert!(sent.iter().any(|r| r == "N0MAIL@winlink.org"), "{sent:?}");
    assert!(!sent.iter().any(|r| r == "n0mail@winlink.org"), "{sent:?}");
    let listed = ccgate_on(&db)
        .args(["player", "show", "Nomail"])
        .output()
        .expect("run");
    assert!(
        String::from_utf8_lossy(&listed.stdout).contains("N0MAIL@"),
        "{listed:?}"
    );
}
