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
    let queue = get(site.port, "/director/incidents", Some(&session));
    assert_eq!(queue.status, 200, "{}", queue.text());
    // The queue quotes what was refused, escaped, and leads to the incident.
    let line = queue.text();
    assert!(
        line.contains("e2e5 is no move &lt;b&gt;here&lt;/b&gt;"),
        "{line}"
    );
    assert!(line.contains(&format!("href=\"/director/incidents/{incident}\"")));
    let page = get(
        site.port,
        &format!("/director/incidents/{incident}"),
        Some(&session),
    );
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
    // Under a subject of its own: a ruling, not another copy of the game
    // (after the game's tag, `[ccgate G1] ruling on incident 3`).
    for r in store.outbox(true).unwrap() {
        if r.body.contains("Illegal move: play a legal one.") {
            let subject = r.sheet.and_then(|s| s.subject);
            assert_eq!(subject, Some(format!("ruling on incident {incident}")));
        }
    }
    // The queue says so, and shows it as ruled (nothing left to choose);
    // ruling twice is refused.
    assert_eq!(
        ruled.header_values("location"),
        [format!("/director/incidents?done=ruled&n={incident}")]
    );
    let after = get(
        site.port,
        ruled.header_values("location")[0],
        Some(&session),
    )
    .text();
    assert!(
        after.contains(&format!("Incident {incident} ruled.")),
        "{after}"
    );
    assert!(after.contains(&format!("incident-{incident}")));
    assert!(!after.contains(&format!("pick-{incident}")));
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
    let page = get(
        site.port,
        &format!("/director/incidents/{first}"),
        Some(&session),
    );
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
    assert!(!queue.contains(&format!("pick-{first}\"")));
    assert!(queue.contains(&format!("pick-{second}\"")));

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
    // The page speaks words, not the monitors' keys.
    assert!(text.contains("<dt>Läuft seit</dt>"), "{text}");
    assert!(text.contains("<dd>läuft</dd>"), "{text}");
    assert!(!text.contains("uptime_seconds"), "{text}");
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

/// One message through the service, as a transport hands it over.
fn deliver(
    store: &mut ccgate::store::Store,
    (from, id): (&str, &str),
    text: &str,
    auth: ccgate::service::Auth,
) -> ccgate::service::Processed {
    let msg = ccgate::service::Inbound {
        thread: Vec::new(),
        channel: Channel::Email,
        from: from.to_string(),
        transport_id: Some(id.to_string()),
        raw: text.as_bytes().to_vec(),
        text: text.to_string(),
        auth,
        rules: ccgate::service::Rules::default(),
    };
    ccgate::service::submit(store, &msg, Timestamp::now()).expect("submitted")
}

/// The `tr` lines of a queue page (one per incident).
fn lines_of(page: &str) -> usize {
    page.matches("<tr class=\"").count()
}

#[test]
fn an_ordinary_day_leaves_only_what_needs_the_director_waiting() {
    use ccgate::service::{Auth, triage};
    use ccgate::store::{IncidentKind, NewIncident};
    use std::collections::BTreeSet;

    let mut site = Site::new();
    assert!(add_director(&site, "anna").status.success());
    let [a, b, c, d] = ["Anna", "Boris", "Carla", "Dmitri"].map(|n| site.player(n));
    let db = site.gw.db();
    let game = |w, bl| crate::support::gateway::new_game(&db, w, bl);
    let (g1, g2, g3, g4) = (game(a, b), game(c, d), game(b, c), game(d, a));
    let mut store = site.store();
    let address = |store: &ccgate::store::Store, id: i64| {
        store
            .player(PlayerId(id))
            .unwrap()
            .expect("player")
            .addresses[0]
            .1
            .clone()
    };
    let [aa, ba, ca, da] = [a, b, c, d].map(|p| address(&store, p));
    let mut seq = 0;
    let mut send = |store: &mut ccgate::store::Store, from: &str, text: &str, auth: Auth| {
        seq += 1;
        deliver(
            store,
            (from, &format!("<day-{seq}@example.test>")),
            text,
            auth,
        )
    };
    // Ten routine refusals, none twice by one player in one game: each
    // player was told what was wrong, and nobody disputes.
    let mut boris_told = None;
    for (from, text) in [
        (&aa, format!("{g1} 1. Ke2")),
        (&ba, format!("{g1} 1... e5")),
        (&ca, format!("{g2} 1. Ke2")),
        (&da, format!("{g2} 1... e5")),
        (&ba, format!("{g3} 1. Ke2")),
        (&ca, format!("{g3} 1... e5")),
        (&da, format!("{g4} 5. e4")),
        (&aa, format!("{g4} 1... e5")),
        (&"stranger@example.test".to_string(), "1. e4".to_string()),
        (&aa, "Dear director, <b>hello</b> there".to_string()),
    ] {
        let p = send(&mut store, from, &text, Auth::Unchecked);
        if from == &ba && boris_told.is_none() {
            boris_told = p.replies.first().map(|r| r.id);
        }
    }
    // A mail held for its code, then confirmed: the move is played and
    // its incident closes by itself.
    let forged = || Auth::Unverified("no DKIM signature".into());
    let held = send(&mut store, &ca, &format!("{g2} 1. e4"), forged());
    let body = &held.replies.last().expect("the code").body;
    let code = body
        .rsplit_once("confirm ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .expect("a code")
        .to_string();
    send(&mut store, &ca, &format!("confirm {code}"), forged());
    assert_eq!(store.moves(GameId(g2)).unwrap().len(), 1, "e4 played");
    // A dispute, an echo that does not match the game, a radio frame that
    // fails its check, a reply bounced with no other address to try.
    let disputed = send(
        &mut store,
        &aa,
        &format!("Dispute {g1}: my Ke2 was legal"),
        Auth::Unchecked,
    );
    assert!(
        disputed.replies[0].body.contains("dispute is recorded"),
        "{:?}",
        disputed.replies
    );
    send(&mut store, &da, &format!("{g2} 1. d4 e5"), Auth::Unchecked);
    {
        let tx = store.write().unwrap();
        tx.record(
            &NewIncident {
                game_id: None,
                journal_id: None,
                player_id: None,
                kind: IncidentKind::RadioFrame,
                detail: "frame from N0CALL-3: signature does not verify".into(),
                text: None,
                fen: None,
            },
            Timestamp::now(),
        )
        .unwrap();
        tx.commit().unwrap();
    }
    let bounce = ccgate::service::Inbound {
        thread: Vec::new(),
        channel: Channel::Email,
        from: "mailer-daemon@example.test".into(),
        transport_id: Some("<bounce-1@example.test>".into()),
        raw: b"550 5.1.1 no such user".to_vec(),
        text: "550 5.1.1 no such user".into(),
        auth: Auth::Unchecked,
        rules: ccgate::service::Rules::default(),
    };
    ccgate::service::bounced(
        &mut store,
        &bounce,
        boris_told,
        "550 5.1.1 no such user",
        Timestamp::now(),
    )
    .unwrap();

    let all = store.incidents(None).unwrap();
    assert_eq!(all.len(), 15, "{all:#?}");
    let confirmed = all
        .iter()
        .find(|i| i.kind == IncidentKind::Unauthenticated)
        .expect("the held mail's incident");
    assert_eq!(
        confirmed.ruling.as_ref().map(|r| r.text.as_str()),
        Some("closed: the player confirmed the held message")
    );
    // Waiting: exactly the dispute, the echo, the radio frame, the bounce,
    // on the command line as on the console.
    let open = ccgate_cli(&site, &["incidents", "--open", "--json"], None);
    let open: serde_json::Value = serde_json::from_slice(&open.stdout).expect("JSON");
    let kinds: BTreeSet<&str> = open
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        BTreeSet::from(["desync", "dispute", "radio_frame", "undeliverable"])
    );
    let dispute = all
        .iter()
        .find(|i| i.kind == IncidentKind::Dispute)
        .unwrap();
    assert_eq!(
        (dispute.game_id, dispute.player_id),
        (Some(GameId(g1)), Some(PlayerId(a)))
    );
    let line = open
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "dispute")
        .unwrap();
    assert_eq!(
        (
            line["id"].as_i64(),
            line["state"].as_str(),
            line["player"].as_str(),
            line["game"].as_i64()
        ),
        (Some(dispute.id), Some("waiting"), Some("Anna"), Some(g1))
    );
    drop(store);

    site.start();
    let session = login(&site, "anna");
    let queue = get(site.port, "/director/incidents", Some(&session)).text();
    // Waiting first, then the rest of the week with its state; each line
    // names the sender and quotes the refused text, escaped.
    assert_eq!(queue.matches("<tr class=\"waiting\"").count(), 4, "{queue}");
    assert_eq!(lines_of(&queue), 15);
    let first_other = queue
        .find("<tr class=\"recorded\"")
        .expect("recorded lines");
    assert!(queue.rfind("<tr class=\"waiting\"").unwrap() < first_other);
    assert!(queue.contains("stranger@example.test"), "{queue}");
    assert!(queue.contains("<q>Dispute"), "{queue}");
    assert!(queue.contains("Dear director, &lt;b&gt;hello&lt;/b&gt; there"));
    // Filters: by kind, by player (theirs and their games'), a player who
    // is nobody said so.
    let illegal = get(
        site.port,
        "/director/incidents?kind=illegal",
        Some(&session),
    )
    .text();
    assert_eq!(lines_of(&illegal), 3, "{illegal}");
    let boris = get(
        site.port,
        "/director/incidents?player=boris",
        Some(&session),
    )
    .text();
    let store = site.store();
    let expected = store
        .incidents(None)
        .unwrap()
        .into_iter()
        .filter(|i| {
            i.player_id == Some(PlayerId(b)) || i.game_id.is_some_and(|g| [g1, g3].contains(&g.0))
        })
        .count();
    assert_eq!(lines_of(&boris), expected, "{boris}");
    let waiting = get(
        site.port,
        &format!("/director/incidents?state=waiting&game={g2}"),
        Some(&session),
    )
    .text();
    assert_eq!(lines_of(&waiting), 1, "the echo: {waiting}");
    let nobody = get(
        site.port,
        "/director/incidents?player=Nobody",
        Some(&session),
    );
    assert!(
        nobody.text().contains("no player &quot;Nobody&quot;"),
        "{}",
        nobody.text()
    );

    // Bulk dismiss: the routine ones with one reason, all at once.
    let csrf = csrf_of(&get(site.port, "/director/incidents", Some(&session)));
    let states = triage::queue(&store, &triage::Filter::default(), Timestamp::now()).unwrap();
    let recorded: Vec<i64> = states
        .iter()
        .filter(|l| l.state == triage::State::Recorded)
        .map(|l| l.incident.id)
        .collect();
    assert_eq!(recorded.len(), 10);
    let picks: Vec<(String, &str)> = recorded
        .iter()
        .map(|id| (format!("pick-{id}"), "yes"))
        .collect();
    let mut fields: Vec<(&str, &str)> = picks.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    fields.push(("reason", "routine, answered"));
    // Without the token: refused, nothing changed.
    let forged_post = post(
        site.port,
        "/director/incidents/dismiss",
        Some(&session),
        &form(&fields),
    );
    assert_eq!(forged_post.status, 403);
    // With an incident ruled already among them (the form is stale): all
    // refused, nothing changed.
    let stale = format!("pick-{}", confirmed.id);
    let mut with_stale = fields.clone();
    with_stale.push((&stale, "yes"));
    with_stale.push(("csrf", &csrf));
    let refused = post(
        site.port,
        "/director/incidents/dismiss",
        Some(&session),
        &form(&with_stale),
    );
    assert_eq!(refused.status, 409, "{}", refused.text());
    assert!(
        refused
            .text()
            .contains(&format!("incident {} was ruled on", confirmed.id))
    );
    assert!(
        site.store()
            .incident(recorded[0])
            .unwrap()
            .unwrap()
            .ruling
            .is_none()
    );
    fields.push(("csrf", &csrf));
    let done = post(
        site.port,
        "/director/incidents/dismiss",
        Some(&session),
        &form(&fields),
    );
    assert_eq!(done.status, 303, "{}", done.text());
    let back = get(site.port, done.header_values("location")[0], Some(&session)).text();
    assert!(back.contains("10 incidents dismissed."), "{back}");
    let store = site.store();
    for id in &recorded {
        let i = store.incident(*id).unwrap().unwrap();
        assert_eq!(i.ruling.unwrap().text, "dismissed: routine, answered");
    }
    let audit = store.audit_log().unwrap();
    assert_eq!(
        audit
            .iter()
            .filter(|e| e.by.as_deref() == Some("anna"))
            .count(),
        10
    );
    // What waits still waits.
    let after = get(
        site.port,
        "/director/incidents?state=waiting",
        Some(&session),
    )
    .text();
    assert_eq!(lines_of(&after), 4);
}

/// A game of `white` and `black` at `days` per move, begun `ago` days
/// back: White to move, past the deadline when `ago` exceeds `days`.
pub(crate) fn game_begun(
    site: &Site,
    (white, black): (PlayerId, PlayerId),
    days: u32,
    ago: i64,
) -> i64 {
    let mut s = site.store();
    let tx = s.write().unwrap();
    let begun = Timestamp::now() - jiff::SignedDuration::from_hours(24 * ago);
    let id = tx
        .create_game(
            white,
            black,
            None,
            &ccgate::game::clock::TimeControl::DaysPerMove { days },
            begun,
        )
        .unwrap();
    tx.commit().unwrap();
    id.0
}

#[test]
fn the_director_opens_any_game_and_reminds_the_player_past_the_deadline() {
    let mut site = Site::new();
    assert!(add_director(&site, "anna").status.success());
    let (incident, game) = incident(&site);
    let row = site.store().game(GameId(game)).unwrap().unwrap();
    let (a, b) = (row.white, row.black);
    // Boris to move, ten days into a three-day move; Anna with two days.
    let overdue = game_begun(&site, (b, a), 3, 10);
    let near = game_begun(&site, (a, b), 3, 1);
    // The sweep holds forfeits (as after a clock jump): the overdue game
    // stays in progress for the director to act on.
    {
        let mut s = site.store();
        let tx = s.write().unwrap();
        tx.record_sweep(Timestamp::now(), Some(Timestamp::now()))
            .unwrap();
        tx.commit().unwrap();
    }
    site.start();
    let session = login(&site, "anna");

    // The incident's game opens in the console (the public page hides a
    // game outside an event from everyone but its players).
    let page = get(
        site.port,
        &format!("/director/incidents/{incident}"),
        Some(&session),
    );
    let path = format!("/director/games/{game}");
    assert!(
        page.text().contains(&format!("href=\"{path}\"")),
        "{}",
        page.text()
    );
    assert_eq!(site.get(&format!("/games/{game}")).status, 404);
    let shown = get(site.port, &path, Some(&session));
    assert_eq!(shown.status, 200, "{}", shown.text());
    let text = shown.text();
    // The board, the clocks and the record a player sees, then the
    // message as received (escaped), its incident, the audit.
    assert!(text.contains("<svg"), "{text}");
    assert!(text.contains("class=\"clocks\""));
    assert!(text.contains("Subject: &lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!text.contains("<script>alert"));
    assert!(text.contains(&format!("href=\"/director/incidents/{incident}\"")));
    assert!(text.contains("e2e5 is no move &lt;b&gt;here&lt;/b&gt;"));
    // Its steps stay in the console.
    assert!(text.contains(&format!("{path}?ply=")), "{text}");
    // No session, no game.
    assert_eq!(site.get(&path).status, 303);
    assert_eq!(
        get(site.port, "/director/games/999", Some(&session)).status,
        404
    );

    // The list filters by state: the overdue game alone, with its button.
    let list = get(site.port, "/director/games", Some(&session));
    assert_eq!(list.status, 200, "{}", list.text());
    for g in [game, overdue, near] {
        assert!(
            list.text()
                .contains(&format!("href=\"/director/games/{g}\""))
        );
    }
    let late = get(site.port, "/director/games?state=overdue", Some(&session));
    let text = late.text();
    assert!(
        text.contains(&format!("href=\"/director/games/{overdue}\"")),
        "{text}"
    );
    assert!(
        !text.contains(&format!("href=\"/director/games/{near}\"")),
        "{text}"
    );
    assert!(
        !text.contains(&format!("href=\"/director/games/{game}\"")),
        "{text}"
    );
    let soon = get(site.port, "/director/games?state=near", Some(&session)).text();
    assert!(
        soon.contains(&format!("href=\"/director/games/{near}\"")),
        "{soon}"
    );
    assert!(
        !soon.contains(&format!("href=\"/director/games/{overdue}\"")),
        "{soon}"
    );
    let mine = get(site.port, "/director/games?player=nobody", Some(&session));
    assert!(mine.text().contains("role=\"alert\""), "{}", mine.text());

    // The reminder: refused without the token, then sent, in the outbox,
    // audited, and said on the page it came back to.
    let remind = format!("/director/games/{overdue}/remind");
    assert!(text.contains(&remind));
    let reminders = |site: &Site| {
        site.store()
            .outbox_entries(true)
            .unwrap()
            .into_iter()
            .filter(|e| e.reply.game_id == Some(GameId(overdue)))
            .count()
    };
    let before = reminders(&site);
    let forged = post(site.port, &remind, Some(&session), &form(&[("csrf", "x")]));
    assert_eq!(forged.status, 403);
    assert_eq!(reminders(&site), before);
    let back = "/director/games?state=overdue";
    let sent = post(
        site.port,
        &remind,
        Some(&session),
        &form(&[("csrf", &csrf_of(&late)), ("back", back)]),
    );
    assert_eq!(sent.status, 303, "{}", sent.text());
    let to = format!("{back}&done=reminded&n={overdue}");
    assert_eq!(sent.header_values("location"), [to.as_str()]);
    assert_eq!(reminders(&site), before + 1);
    let last = site.store().audit_log().unwrap().pop().unwrap();
    assert_eq!(
        (last.action.as_str(), last.by.as_deref(), last.game),
        ("remind", Some("anna"), Some(GameId(overdue)))
    );
    let said = get(site.port, &to, Some(&session)).text();
    assert!(
        said.contains(&format!("Reminder sent for game {overdue}.")),
        "{said}"
    );
    // Back is a console page only.
    let away = post(
        site.port,
        &remind,
        Some(&session),
        &form(&[
            ("csrf", &csrf_of(&late)),
            ("back", "https://elsewhere.test/"),
        ]),
    );
    assert_eq!(
        away.header_values("location"),
        [format!("/director/games/{overdue}?done=reminded&n={overdue}").as_str()]
    );
}
