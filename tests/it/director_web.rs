//! The director's console of a running `ccgate serve`, over real HTTP:
//! accounts made by `ccgate director add`, login with a wrong password, the
//! rate limit, CSRF refusals, a ruling and an adjudication that change the
//! store (audited with the director's name), a reply sent again from the
//! outbox, sessions that outlive a restart and end at logout.

use ccgate::protocol::address::Channel;
use ccgate::store::{GameId, NewReply, PlayerId, ReplyId};
use jiff::Timestamp;

use crate::support::director::{PASSWORD, add_director, ccgate_cli, incident, incident_on};
use crate::support::web::{Page, Site, cookie_pair, csrf_of, form, get, post, set_cookie};

/// A login as `name` with `password`: the form fetched, then posted with
/// its token. The response, and the login form's cookie.
fn try_login(site: &Site, name: &str, password: &str) -> Page {
    let login = site.get("/director/login");
    assert_eq!(login.status, 200, "{}", login.text());
    let cookie = cookie_pair(set_cookie(&login, "login_csrf"));
    post(
        site.port,
        "/director/login",
        Some(&cookie),
        &form(&[
            ("name", name),
            ("password", password),
            ("csrf", &csrf_of(&login)),
        ]),
    )
}

/// A signed-in session's cookie.
fn login(site: &Site, name: &str) -> String {
    let done = try_login(site, name, PASSWORD);
    assert_eq!(done.status, 303, "{}", done.text());
    assert_eq!(done.header_values("location"), ["/director/incidents"]);
    cookie_pair(set_cookie(&done, "session"))
}

#[test]
fn a_director_signs_in_rules_on_an_incident_and_is_audited_by_name() {
    let mut site = Site::new();
    // The command that sets the console up makes the store if missing.
    assert!(!site.gw.db().exists());
    let out = add_director(&site, "anna");
    assert!(out.status.success(), "{out:?}");
    assert!(site.gw.db().exists());
    // A name taken whatever its case is a refusal (6); no name, a usage error.
    let again = add_director(&site, "ANNA");
    assert_eq!(again.status.code(), Some(6), "{again:?}");
    let empty = add_director(&site, " ");
    assert_eq!(empty.status.code(), Some(2), "{empty:?}");
    let list = ccgate_cli(&site, &["director", "list", "--json"], None);
    assert!(String::from_utf8_lossy(&list.stdout).contains("\"name\": \"anna\""));
    // Only the hash is kept.
    let kept = site.store().director("anna").unwrap().expect("director");
    assert!(kept.password_hash.starts_with("$argon2id$"));
    assert!(!kept.password_hash.contains(PASSWORD));

    let (incident, game) = incident(&site);
    site.start();

    // No session: every console page leads to the login.
    let away = site.get("/director/incidents");
    assert_eq!(away.status, 303);
    assert_eq!(away.header_values("location"), ["/director/login"]);

    let login_form = site.get("/director/login");
    let pre = set_cookie(&login_form, "login_csrf");
    assert!(
        pre.contains("HttpOnly") && pre.contains("SameSite=Strict"),
        "{pre}"
    );

    let wrong = try_login(&site, "anna", "not the password");
    assert_eq!(wrong.status, 401);
    assert!(wrong.text().contains("Wrong name or password."));
    assert!(
        wrong
            .header_values("set-cookie")
            .iter()
            .all(|c| !c.starts_with("session="))
    );
    assert_eq!(
        site.store()
            .failed_logins("anna", "127.0.0.1", Timestamp::UNIX_EPOCH)
            .unwrap(),
        [1, 1],
        "the failure is recorded by name and address"
    );

    let session = login(&site, "anna");
    let page = get(site.port, "/director/incidents", Some(&session));
    assert_eq!(page.status, 200, "{}", page.text());
    let text = page.text();
    // The evidence is shown as text, never as markup or a terminal code.
    assert!(
        text.contains("Subject: &lt;script&gt;alert(1)&lt;/script&gt;"),
        "{text}"
    );
    assert!(!text.contains("<script>"));
    assert!(!text.contains('\u{1b}'));
    assert!(text.contains("e2e5 is no move &lt;b&gt;here&lt;/b&gt;"));
    let csrf = csrf_of(&page);

    // A form without the session's token is refused and changes nothing.
    let rule = format!("/director/incidents/{incident}/rule");
    let forged = post(
        site.port,
        &rule,
        Some(&session),
        &form(&[
            ("decision", "forged"),
            ("tell", "players"),
            ("csrf", "0000"),
        ]),
    );
    assert_eq!(forged.status, 403);
    let missing = post(
        site.port,
        &rule,
        Some(&session),
        "decision=forged&tell=players",
    );
    assert_eq!(missing.status, 403);
    assert!(
        site.store()
            .incident(incident)
            .unwrap()
            .unwrap()
            .ruling
            .is_none()
    );

    let ruled = post(
        site.port,
        &rule,
        Some(&session),
        &form(&[
            ("decision", "Illegal move: play a legal one."),
            ("tell", "players"),
            ("csrf", &csrf),
        ]),
    );
    assert_eq!(ruled.status, 303, "{}", ruled.text());
    let store = site.store();
    let i = store.incident(incident).unwrap().unwrap();
    assert_eq!(
        i.ruling.expect("ruled").text,
        "Illegal move: play a legal one."
    );
    let audit = store.audit_log().unwrap();
    let last = audit.last().expect("audited");
    assert_eq!(
        (last.action.as_str(), last.by.as_deref()),
        ("ruling", Some("anna"))
    );
    let told: Vec<String> = store
        .outbox(true)
        .unwrap()
        .into_iter()
        .filter(|r| r.body.contains("Illegal move: play a legal one."))
        .map(|r| r.to)
        .collect();
    assert_eq!(told.len(), 2, "both players told: {told:?}");
    // The queue no longer shows it; ruling twice is refused.
    let after = get(site.port, "/director/incidents", Some(&session)).text();
    assert!(!after.contains(&format!("incident-{incident}")));
    let twice = post(
        site.port,
        &rule,
        Some(&session),
        &form(&[("decision", "again"), ("csrf", &csrf)]),
    );
    assert_eq!(twice.status, 409);

    // An adjudication from the console, audited by name.
    let adjudicated = post(
        site.port,
        &format!("/director/games/{game}/adjudicate"),
        Some(&session),
        &form(&[
            ("result", "1-0"),
            ("reason", "Boris stopped playing"),
            ("csrf", &csrf),
        ]),
    );
    assert_eq!(adjudicated.status, 303, "{}", adjudicated.text());
    let g = site.store().game(GameId(game)).unwrap().unwrap();
    assert!(g.finished);
    assert_eq!(
        site.store()
            .audit_log()
            .unwrap()
            .last()
            .unwrap()
            .by
            .as_deref(),
        Some("anna")
    );
    let log = get(site.port, "/director/audit", Some(&session)).text();
    assert!(
        log.contains("Boris stopped playing") && log.contains(">anna<"),
        "{log}"
    );

    // The session is in the store: a restart keeps it.
    site.gw.stop();
    site.start();
    assert_eq!(
        get(site.port, "/director/health", Some(&session)).status,
        200
    );

    // Logout ends it for good.
    let out = post(
        site.port,
        "/director/logout",
        Some(&session),
        &form(&[("csrf", &csrf)]),
    );
    assert_eq!(out.status, 303);
    assert!(set_cookie(&out, "session").contains("Max-Age=0"));
    assert_eq!(
        get(site.port, "/director/incidents", Some(&session)).status,
        303
    );

    // A removed director's sessions end with the account.
    let session = login(&site, "anna");
    let gone = ccgate_cli(&site, &["director", "remove", "anna"], None);
    assert!(gone.status.success(), "{gone:?}");
    assert_eq!(
        get(site.port, "/director/incidents", Some(&session)).status,
        303
    );
}

#[test]
fn failed_logins_are_limited_and_login_forms_carry_their_token() {
    let mut site = Site::with("public_url = \"https://chess.example.test\"\n");
    assert!(add_director(&site, "anna").status.success());
    site.start();
    // A login post without the form's own token is refused unchecked.
    let forged = post(
        site.port,
        "/director/login",
        Some("login_csrf=abc"),
        &form(&[("name", "anna"), ("password", PASSWORD), ("csrf", "abd")]),
    );
    assert_eq!(forged.status, 403);
    for _ in 0..5 {
        assert_eq!(try_login(&site, "anna", "guess").status, 401);
    }
    // The sixth try is refused whatever its password, and not counted.
    let limited = try_login(&site, "anna", PASSWORD);
    assert_eq!(limited.status, 429, "{}", limited.text());
    assert!(limited.text().contains("try again in a quarter of an hour"));
    assert_eq!(
        site.store()
            .failed_logins("anna", "127.0.0.1", Timestamp::UNIX_EPOCH)
            .unwrap()[0],
        5
    );
    // Another name is not locked by anna's guesses; over https the session
    // cookie is Secure.
    let file = site.gw.path("b.password");
    std::fs::write(&file, PASSWORD).unwrap();
    assert!(
        ccgate_cli(
            &site,
            &["director", "add", "boris", "--password-file"],
            Some(&file)
        )
        .status
        .success()
    );
    let done = try_login(&site, "boris", PASSWORD);
    assert_eq!(done.status, 303);
    let session = set_cookie(&done, "session");
    for attr in ["HttpOnly", "SameSite=Strict", "Secure", "Path=/director"] {
        assert!(session.contains(attr), "{attr}: {session}");
    }
}

#[test]
fn a_reply_given_up_is_sent_again_from_the_outbox() {
    let mut site = Site::new();
    assert!(add_director(&site, "anna").status.success());
    let a = site.player("Anna");
    let reply = {
        let mut s = site.store();
        let tx = s.write().unwrap();
        let r = tx
            .queue(
                NewReply {
                    journal_id: None,
                    game_id: None,
                    player_id: Some(PlayerId(a)),
                    ply: None,
                    channel: Channel::Email,
                    to: "anna@example.test".into(),
                    body: "your move".into(),
                    sheet: None,
                    copy_of: None,
                    subject: None,
                },
                Timestamp::now(),
            )
            .unwrap();
        tx.give_up(r.id, "550 <b>mailbox</b> unavailable", Timestamp::now())
            .unwrap();
        tx.commit().unwrap();
        r.id
    };
    site.start();
    let session = login(&site, "anna");
    let page = get(site.port, "/director/outbox", Some(&session));
    let text = page.text();
    assert!(
        text.contains("550 &lt;b&gt;mailbox&lt;/b&gt; unavailable"),
        "{text}"
    );
    let path = format!("/director/outbox/{}/retry", reply.0);
    assert!(text.contains(&path));
    let done = post(
        site.port,
        &path,
        Some(&session),
        &form(&[("csrf", &csrf_of(&page))]),
    );
    assert_eq!(done.status, 303, "{}", done.text());
    let entry = site.store().reply(ReplyId(reply.0)).unwrap().unwrap();
    assert!(entry.failed_at.is_none(), "due again");
    let last = site.store().audit_log().unwrap().pop().unwrap();
    assert_eq!(
        (last.action.as_str(), last.by.as_deref()),
        ("retry", Some("anna"))
    );
    // Retrying one that is not given up is the service's refusal, shown.
    let again = post(
        site.port,
        &path,
        Some(&session),
        &form(&[("csrf", &csrf_of(&page))]),
    );
    assert_eq!(again.status, 409);
    assert!(again.text().contains("was not given up on"));
}

/// The password `tty_run.py` types.
const TYPED: &str = "typed at the terminal 42";

#[test]
fn a_password_typed_at_the_terminal_is_not_shown_and_standard_input_also_serves() {
    let mut site = Site::new();
    // At a real terminal: a prompt, nothing of the password on the screen.
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/tty_run.py");
    let db = site.gw.db();
    let at_tty = std::process::Command::new("python3")
        .arg(&script)
        .arg(TYPED)
        .arg(assert_cmd::cargo::cargo_bin("ccgate"))
        .arg("--db")
        .arg(&db)
        .args(["director", "add", "anna"])
        .env_remove("CCGATE_DB")
        .output()
        .expect("python3 runs the terminal");
    let screen = String::from_utf8_lossy(&at_tty.stdout);
    assert!(at_tty.status.success(), "{at_tty:?}");
    assert!(screen.contains("Password for anna: "), "{screen:?}");
    assert!(screen.contains("director anna added"), "{screen:?}");
    assert!(!screen.contains(TYPED), "echoed: {screen:?}");

    // Not a terminal: the first line of standard input.
    let mut cmd = assert_cmd::Command::cargo_bin("ccgate").expect("binary");
    let piped = cmd
        .env_remove("CCGATE_DB")
        .arg("--db")
        .arg(&db)
        .args(["director", "add", "boris"])
        .write_stdin(format!("{PASSWORD}\nnot the password\n"))
        .output()
        .expect("run");
    assert!(piped.status.success(), "{piped:?}");
    assert!(!String::from_utf8_lossy(&piped.stdout).contains("Password for"));

    // Each signs in with the password given.
    site.start();
    assert_eq!(try_login(&site, "anna", TYPED).status, 303);
    assert_eq!(try_login(&site, "boris", PASSWORD).status, 303);
    assert_eq!(try_login(&site, "boris", "not the password").status, 401);
}

#[test]
fn every_ruling_is_a_form_on_the_console_audited_by_name() {
    let mut site = Site::new();
    assert!(add_director(&site, "anna").status.success());
    let event = site.event("Spring Open", &["Carla", "Dmitri", "Emil"]);
    let game = site.store().event_games(event).unwrap()[0].game;
    let g = site.store().game(game).unwrap().unwrap();
    site.play(game, &["e2e4", "e7e5", "g1f3"]);
    let first = incident_on(&site, game, g.white, ("<1@example.test>", b"1. e2e5"));
    let second = incident_on(&site, game, g.black, ("<2@example.test>", b"2. Ke3"));
    let black = site.store().player_name(g.black).unwrap().unwrap();
    {
        let mut s = site.store();
        let tx = s.write().unwrap();
        let pin = ccgate::service::hash_pin("4711").unwrap();
        tx.set_pin(g.white, Some(&pin)).unwrap();
        tx.commit().unwrap();
    }
    site.start();
    let session = login(&site, "anna");
    let page = get(site.port, "/director/incidents", Some(&session));
    let text = page.text();
    let paths = [
        format!("/director/games/{game}/adjudicate"),
        format!("/director/games/{game}/takeback"),
        format!("/director/games/{game}/penalty"),
        format!("/director/events/{event}/withdraw"),
        format!("/director/incidents/{first}/dismiss"),
        format!("/director/incidents/{first}/rule"),
    ];
    for path in &paths {
        assert!(text.contains(path), "{path}: {text}");
    }
    let csrf = csrf_of(&page);
    let send = |path: &str, fields: &[(&str, &str)]| {
        let mut fields = fields.to_vec();
        fields.push(("csrf", &csrf));
        post(site.port, path, Some(&session), &form(&fields))
    };
    let last_audit = || {
        let e = site.store().audit_log().unwrap().pop().expect("audited");
        (e.action, e.by, e.reason)
    };
    let sent = || site.store().outbox(true).unwrap();

    // A takeback: the moves after ply 1 gone, both players told.
    let before = sent().len();
    let done = send(&paths[1], &[("ply", "1"), ("reason", "misclick")]);
    assert_eq!(done.status, 303, "{}", done.text());
    assert_eq!(site.store().moves(game).unwrap().len(), 1);
    assert_eq!(
        last_audit(),
        ("takeback".into(), Some("anna".into()), "misclick".into())
    );
    assert_eq!(sent().len(), before + 2);

    // A penalty: three days on Black's clock, both told; a form that does
    // not read changes nothing, nor one without the token.
    let refused = send(
        &paths[2],
        &[("side", "black"), ("days", "many"), ("reason", "x")],
    );
    assert_eq!(refused.status, 400);
    let forged = post(
        site.port,
        &paths[2],
        Some(&session),
        &form(&[("side", "black"), ("days", "9"), ("reason", "x")]),
    );
    assert_eq!(forged.status, 403);
    assert_eq!(site.store().penalty_days(game, g.black).unwrap(), 0);
    let done = send(
        &paths[2],
        &[("side", "black"), ("days", "3"), ("reason", "late reply")],
    );
    assert_eq!(done.status, 303, "{}", done.text());
    assert_eq!(site.store().penalty_days(game, g.black).unwrap(), 3);
    assert_eq!(site.store().penalty_days(game, g.white).unwrap(), 0);
    assert_eq!(
        last_audit(),
        ("penalty".into(), Some("anna".into()), "late reply".into())
    );
    let told = sent()
        .into_iter()
        .filter(|r| {
            r.body.contains(&format!(
                "charged 3 days to the clock of {black}: late reply"
            ))
        })
        .count();
    assert_eq!(told, 2, "both players told");

    // Dismissed: closed with the reason, nobody told.
    let before = sent().len();
    let done = send(&paths[4], &[("reason", "sent twice")]);
    assert_eq!(done.status, 303, "{}", done.text());
    let i = site.store().incident(first).unwrap().unwrap();
    assert_eq!(i.ruling.expect("closed").text, "dismissed: sent twice");
    assert_eq!(sent().len(), before);
    assert_eq!(last_audit().1.as_deref(), Some("anna"));
    let queue = get(site.port, "/director/incidents", Some(&session)).text();
    assert!(!queue.contains(&format!("incident-{first}\"")));
    assert!(queue.contains(&format!("incident-{second}\"")));

    // Withdrawn from the event: the unfinished game lost, audited by name.
    let done = send(
        &paths[3],
        &[("player", &g.white.to_string()), ("reason", "left")],
    );
    assert_eq!(done.status, 303, "{}", done.text());
    let over = site.store().game(game).unwrap().unwrap();
    assert!(over.finished);
    assert_eq!(
        over.result,
        Some(ccgate::game::outcome::GameResult::BlackWins)
    );
    let (action, by, _) = last_audit();
    assert_eq!((action.as_str(), by.as_deref()), ("withdraw", Some("anna")));

    // A finished game has no clock to charge: the service's refusal.
    let late = send(
        &paths[2],
        &[("side", "white"), ("days", "1"), ("reason", "late")],
    );
    assert_eq!(late.status, 409);
    assert!(
        late.text().contains("no clock to charge"),
        "{}",
        late.text()
    );
}

#[test]
fn the_command_line_charges_penalties_and_dismisses_incidents_too() {
    let site = Site::new();
    let (incident, game) = incident(&site);
    let g = site.store().game(GameId(game)).unwrap().unwrap();
    let id = game.to_string();
    let args = [
        "game", "penalty", &id, "--side", "white", "--days", "2", "--reason", "late",
    ];
    let out = ccgate_cli(&site, &args, None);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(site.store().penalty_days(g.id, g.white).unwrap(), 2);
    let last = site.store().audit_log().unwrap().pop().unwrap();
    assert_eq!((last.action.as_str(), last.by), ("penalty", None));
    let out = ccgate_cli(
        &site,
        &[
            "incidents",
            "dismiss",
            &incident.to_string(),
            "--reason",
            "sent twice",
        ],
        None,
    );
    assert!(out.status.success(), "{out:?}");
    let ruled = site.store().incident(incident).unwrap().unwrap().ruling;
    assert_eq!(ruled.expect("closed").text, "dismissed: sent twice");
}

/// The health page shows each connection as it stands, in the page's
/// language (chosen by the query, remembered in a cookie): a modem whose
/// device cannot be opened is retrying, with why (shown as text).
#[test]
fn the_health_page_shows_a_modem_that_cannot_be_opened_as_retrying() {
    let mut site = Site::with(
        "\n[sms]\ndevice = \"/nonexistent/<modem>\"\nsweep_every = \"1s\"\ncommand_timeout = \"2s\"\n",
    );
    assert!(add_director(&site, "anna").status.success());
    site.start();
    let session = login(&site, "anna");
    let mut page = get(site.port, "/director/health?lang=de", Some(&session));
    crate::support::gateway::wait_until(
        "the modem's failure on the health page",
        std::time::Duration::from_secs(60),
        || {
            page = get(site.port, "/director/health?lang=de", Some(&session));
            page.text().contains("neuer Versuch folgt")
        },
    );
    let text = page.text();
    assert!(text.contains("<th scope=\"row\">SMS-Modem</th>"), "{text}");
    assert!(text.contains("/nonexistent/&lt;modem&gt;"), "{text}");
    assert!(!text.contains("<modem>"), "{text}");
    assert!(
        set_cookie(&page, "lang").starts_with("lang=de;"),
        "{:?}",
        page.header_values("set-cookie")
    );
    // The cookie keeps the language for the next page.
    let next = get(
        site.port,
        "/director/health",
        Some(&format!("{session}; lang=de")),
    );
    assert!(
        next.text().contains("<th scope=\"col\">Verbindung</th>"),
        "{}",
        next.text()
    );
}
