//! `/metrics` as Prometheus reads it: `promtool check metrics` (Debian's
//! `prometheus`) finds nothing to say, every series has its help, and
//! with `status.metrics_token_file` only a request with the bearer token
//! gets it.

use std::io::{Read, Write};

use crate::support::gateway::{
    Gateway, MAILDIR_CONFIG, Seat, drop_mail, eml_files, game_between, mail, wait_until,
};

/// A GET of `/metrics` with `authorization` (a header line, or none): the
/// status code and the body.
fn get_metrics(gw: &Gateway, authorization: Option<&str>) -> (u16, String) {
    let mut s = crate::support::web::patient_connect(gw.status_port);
    let header = authorization.map_or(String::new(), |a| format!("Authorization: {a}\r\n"));
    write!(
        s,
        "GET /metrics HTTP/1.1\r\nHost: localhost\r\n{header}Connection: close\r\n\r\n"
    )
    .expect("request");
    let mut text = String::new();
    s.read_to_string(&mut text).expect("response");
    let code = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (code, body)
}

#[test]
fn metrics_want_the_token_and_pass_promtool() {
    let token = "s3cret-token-for-the-scraper";
    let config = format!("{MAILDIR_CONFIG}\n");
    let mut gw = Gateway::new(&config);
    std::fs::write(gw.path("metrics.token"), format!("{token}\n")).unwrap();
    // The token file, in the [status] table the gateway writes last.
    let text = std::fs::read_to_string(&gw.config).unwrap();
    std::fs::write(
        &gw.config,
        format!(
            "{text}metrics_token_file = {:?}\n",
            gw.path("metrics.token").display().to_string()
        ),
    )
    .unwrap();
    let db = gw.db();
    game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
    gw.start();
    drop_mail(
        &gw.path("inbox"),
        "001.a",
        &mail("Alice <alice@example.test>", "m1@a", "my move", "1. e4"),
    );
    let outbox = gw.path("outbox");
    wait_until("the replies", std::time::Duration::from_secs(30), || {
        eml_files(&outbox).len() == 2
    });

    for wrong in [None, Some("Bearer nope"), Some(&*format!("Basic {token}"))] {
        let (code, body) = get_metrics(&gw, wrong);
        assert_eq!(code, 401, "{wrong:?}: {body}");
        assert!(!body.contains("ccgate_"), "{body}");
    }
    let (code, body) = get_metrics(&gw, Some(&format!("Bearer {token}")));
    assert_eq!(code, 200, "{body}");
    for series in [
        "ccgate_messages_in_total{channel=\"email\"} 1",
        "ccgate_moves_applied_total 1",
        "# HELP ccgate_messages_out_total ",
        "# TYPE ccgate_messages_out_total counter",
        // The Maildir is no supervised link; IMAP, the modem and radio are.
        "# TYPE ccgate_link_up gauge",
        "ccgate_start_time_seconds ",
        "ccgate_batch_messages_bucket",
    ] {
        assert!(body.contains(series), "{series} missing:\n{body}");
    }
    let mut promtool = std::process::Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("promtool (Debian prometheus, installed by .ci/setup-servers)");
    promtool
        .stdin
        .take()
        .expect("stdin")
        .write_all(body.as_bytes())
        .expect("write");
    let out = promtool.wait_with_output().expect("promtool");
    assert!(
        out.status.success() && out.stdout.is_empty() && out.stderr.is_empty(),
        "promtool: {out:?}\n{body}"
    );
    // /health is not behind the token: a monitor reads it as before.
    assert!(gw.http_get("/health").contains("\"status\":\"ok\""));
    dashboard_reads_only_these_series(&body);
    assert!(gw.stop().success(), "{}", gw.log());

    // Restarted after a backup: the counters the store holds go on from
    // it, and the backup's time and the store's size are there.
    std::fs::create_dir(gw.path("backups")).unwrap();
    let backup = crate::support::gateway::ccgate_on(&db)
        .args(["backup", "--into"])
        .arg(gw.path("backups"))
        .output()
        .unwrap();
    assert!(backup.status.success(), "{backup:?}");
    gw.start();
    let (_, body) = get_metrics(&gw, Some(&format!("Bearer {token}")));
    for series in [
        "ccgate_moves_applied_total 1",
        "ccgate_messages_out_total{channel=\"email\"} 2",
        "# TYPE ccgate_open_incidents gauge",
    ] {
        assert!(body.contains(series), "{series} missing:\n{body}");
    }
    let value = |name: &str| -> f64 {
        body.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or_else(|| panic!("{name} missing:\n{body}"))
    };
    assert!(value("ccgate_store_size_bytes") > 0.0, "{body}");
    assert!(
        value("ccgate_last_backup_timestamp_seconds") > 0.0,
        "{body}"
    );
    assert!(gw.stop().success(), "{}", gw.log());
}

/// Every series the Grafana dashboard in deploy/ asks for is one the
/// endpoint has.
fn dashboard_reads_only_these_series(body: &str) {
    let text = include_str!("../../deploy/grafana-dashboard.json");
    let dashboard: serde_json::Value = serde_json::from_str(text).expect("the dashboard is JSON");
    let panels = dashboard["panels"].as_array().expect("panels");
    let mut asked = 0;
    for target in panels
        .iter()
        .flat_map(|p| p["targets"].as_array().into_iter().flatten())
    {
        let expr = target["expr"].as_str().expect("expr");
        for (at, _) in expr.match_indices("ccgate_") {
            let name: String = expr[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            assert!(
                body.contains(&format!("# TYPE {}", name.trim_end_matches("_bucket"))),
                "{name} of {expr} is not on /metrics"
            );
            asked += 1;
        }
    }
    assert!(asked >= 10, "{asked}");
}

/// A status endpoint beyond loopback without a token: check-config warns.
#[test]
fn check_config_warns_of_open_metrics_beyond_loopback() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("open.toml");
    std::fs::write(&file, "[status]\nlisten = \"0.0.0.0:9187\"\n").unwrap();
    let out = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .arg("check-config")
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("warning: status.listen 0.0.0.0:9187 is beyond loopback"),
        "{said}"
    );
    std::fs::write(dir.path().join("empty.token"), "\n").unwrap();
    std::fs::write(
        &file,
        format!(
            "[status]\nlisten = \"0.0.0.0:9187\"\nmetrics_token_file = {:?}\n",
            dir.path().join("empty.token").display().to_string()
        ),
    )
    .unwrap();
    let out = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .arg("check-config")
        .arg(&file)
        .output()
        .unwrap();
    assert!(!out.status.success(), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("metrics_token_file"),
        "{out:?}"
    );
}
