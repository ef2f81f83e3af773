//! The director's console fixtures, on a [`Site`]: a director account made
//! by `ccgate director add`, the command line on the site's store, and
//! incidents whose evidence is a journaled (hostile) message.

use ccgate::protocol::address::Channel;
use ccgate::store::{GameId, IncidentKind, Journaled, NewIncident, PlayerId, Store};
use jiff::Timestamp;

use crate::support::gateway::{ccgate_on, new_game};
use crate::support::web::Site;

/// Every director's password.
pub const PASSWORD: &str = "correct horse battery";

/// `ccgate director add NAME --password-file F` against the site's store.
pub fn add_director(site: &Site, name: &str) -> std::process::Output {
    let file = site.gw.path(&format!("{name}.password"));
    std::fs::write(&file, format!("{PASSWORD}\n")).expect("password file");
    ccgate_cli(
        site,
        &["director", "add", name, "--password-file"],
        Some(&file),
    )
}

/// `ccgate ARGS [FILE]` on the site's store.
pub fn ccgate_cli(
    site: &Site,
    args: &[&str],
    file: Option<&std::path::Path>,
) -> std::process::Output {
    let mut cmd = ccgate_on(site.gw.db());
    cmd.args(args);
    if let Some(f) = file {
        cmd.arg(f);
    }
    cmd.output().expect("run")
}

/// Two players, a game between them, and an incident about it whose
/// evidence is a hostile message.
pub fn incident(site: &Site) -> (i64, i64) {
    let (a, b) = (site.player("Anna"), site.player("Boris"));
    let game = new_game(&site.gw.db(), a, b);
    let raw =
        b"From: anna@example.test\r\nSubject: <script>alert(1)</script>\r\n\r\n1. e2e5 \x1b[2J\r\n";
    let id = incident_on(
        site,
        GameId(game),
        PlayerId(a),
        ("<evil@example.test>", raw),
    );
    (id, game)
}

/// An illegal-move incident about `player` in `game`, its evidence the
/// message journaled with that transport id and text.
pub fn incident_on(site: &Site, game: GameId, player: PlayerId, (id, raw): (&str, &[u8])) -> i64 {
    let mut s = Store::create(&site.gw.db()).expect("store");
    let tx = s.write().expect("tx");
    let Journaled::New(j) = tx
        .journal(
            Channel::Email,
            id,
            "anna@example.test",
            raw,
            Timestamp::now(),
        )
        .expect("journal")
    else {
        panic!("journaled before")
    };
    let id = tx
        .record(
            &NewIncident {
                game_id: Some(game),
                journal_id: Some(j),
                player_id: Some(player),
                kind: IncidentKind::Illegal,
                detail: "e2e5 is no move <b>here</b>".into(),
                text: Some("e2e5".into()),
                fen: None,
            },
            Timestamp::now(),
        )
        .expect("incident");
    tx.commit().expect("commit");
    id
}
