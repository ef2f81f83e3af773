//! A whole game between a radio station and an email player, over whatever
//! line the caller set up: the gateway (`ccgate serve`, Maildir in, `.eml`
//! files out) with `gateway_radio` as its `[radio]` section as DL0CCG, and a
//! `ccgate radio-station` DL1ABC with `station_radio`.

use std::path::Path;
use std::time::Duration;

use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;

use super::gateway::{Gateway, Seat, count, drop_mail, eml_with, game_between, mail, wait_until};
use super::radio_lab::{Station, wait_for};

/// Rolf (radio, German SAN) mates Anna (email, ICCF)… or rather she mates
/// him: 1. f3 e5 2. g4 Qh4#. With `crash`, the gateway is killed with
/// SIGKILL between moves and started again. `extra` is logged on failure.
pub fn play(
    dir: &Path,
    gateway_radio: &str,
    station_radio: &str,
    crash: bool,
    wait: Duration,
    extra: &dyn Fn() -> String,
) {
    let mut gw = Gateway::new(&format!(
        "[email.maildir]\npath = \"inbox\"\npoll_every = \"200ms\"\n{gateway_radio}"
    ));
    let db = gw.db();
    let g = game_between(
        &db,
        Seat::at("Rolf", Channel::Radio, "DL1ABC").lang(Lang::De),
        Seat::email("Anna").notation(Notation::Iccf),
    );
    gw.start();
    let mut st = Station::start(dir, "dl1abc", station_radio);
    let inbox = gw.path("inbox");
    let outbox = gw.path("outbox");
    let ctx = |st: &Station, gw: &Gateway| {
        format!(
            "{}\n--- gateway:\n{}\n{}",
            st.diagnostics(),
            gw.log(),
            extra()
        )
    };
    let moves = |n: i64| {
        count(
            &db,
            &format!("SELECT count(*) FROM moves WHERE game_id = {g}"),
        ) == n
    };

    // 1. f3 by radio: Anna is told by mail in ICCF (6263).
    st.send(&format!("{g} 1. f3"));
    wait_for(
        "Anna's notice of 1. f3",
        wait,
        || ctx(&st, &gw),
        || eml_with(&outbox, "6263") == 1,
    );
    // 1... e5 by mail: Rolf is told by radio.
    drop_mail(
        &inbox,
        "1",
        &mail(
            "anna@example.test",
            "a1@anna",
            "",
            &format!("{g} 1... 5755"),
        ),
    );
    wait_for(
        "Rolf's notice of 1... e5",
        wait,
        || ctx(&st, &gw),
        || st.delivered().iter().any(|t| t.contains("e5")),
    );
    if crash {
        gw.kill();
        gw.start();
    }
    st.send(&format!("{g} 2. g4"));
    wait_until("2. g4 applied", wait, || moves(3));
    // 2... Qh4# by mail: mate; Rolf learns it by radio, in German (Dh4#).
    drop_mail(
        &inbox,
        "2",
        &mail(
            "anna@example.test",
            "a2@anna",
            "",
            &format!("{g} 2... 4884"),
        ),
    );
    wait_for(
        "Rolf told of the mate",
        wait,
        || ctx(&st, &gw),
        || st.delivered().iter().any(|t| t.contains("Dh4#")),
    );
    assert!(moves(4));
    assert_eq!(
        count(
            &db,
            &format!("SELECT count(*) FROM games WHERE id = {g} AND result = '0-1'")
        ),
        1,
        "{}",
        ctx(&st, &gw)
    );
    // Every radio reply was acknowledged by the station and marked sent once.
    wait_for(
        "radio replies acknowledged",
        wait,
        || ctx(&st, &gw),
        || {
            count(
                &db,
                "SELECT count(*) FROM outbox WHERE channel = 'radio' AND sent_at IS NULL",
            ) == 0
        },
    );
    assert_eq!(count(&db, "SELECT count(*) FROM radio_queue"), 0);
    assert_eq!(
        count(&db, "SELECT count(*) FROM journal WHERE channel = 'radio'"),
        2,
        "two radio messages, each journaled once"
    );
    let radio_out = count(&db, "SELECT count(*) FROM outbox WHERE channel = 'radio'");
    assert_eq!(
        st.delivered().len() as i64,
        radio_out,
        "each radio reply shown once: {:?}",
        st.delivered()
    );
    assert!(gw.stop().success(), "{}", gw.log());
}
