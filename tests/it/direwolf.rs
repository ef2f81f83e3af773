//! The radio channel behind real software TNCs: two Dire Wolf instances
//! (Debian `direwolf`, installed by `.ci/setup-servers`) linked by 1200 baud
//! AFSK audio with no sound card (`tests/support/direwolf/`). The gateway
//! talks KISS over TCP to TNC A; the station talks KISS to TNC B, over TCP
//! or through B's KISS pseudo-terminal as a serial TNC. A whole game goes
//! through, then again with noise and dropouts on the audio.

use crate::support::{radio_game, radio_lab};

use std::time::Duration;

use radio_lab::{DireWolf, radio_section};

const WAIT: Duration = Duration::from_secs(300);
/// A smaller window keeps the initial RTO (a full window on a half-duplex
/// channel) short for a game's single messages.
const LINK: &str = "window = 4";

fn tcp(port: u16) -> String {
    format!("kiss_tcp = \"127.0.0.1:{port}\"\nbaud = 1200")
}

#[test]
fn a_game_through_two_direwolf_tncs_over_kiss_tcp() {
    let dir = tempfile::tempdir().expect("tempdir");
    let dw = DireWolf::start(dir.path(), &[]);
    radio_game::play(
        dir.path(),
        &radio_section("DL0CCG", &tcp(dw.port_a), &[("DL1ABC", None)], LINK),
        &radio_section("DL1ABC", &tcp(dw.port_b), &[("DL0CCG", None)], LINK),
        false,
        WAIT,
        &|| dw.logs(),
    );
}

#[test]
fn a_game_through_direwolf_with_noise_and_dropouts_and_a_serial_kiss_tnc() {
    let dir = tempfile::tempdir().expect("tempdir");
    let dw = DireWolf::start(
        dir.path(),
        &[
            ("DWLINK_NOISE", "0.1"),
            ("DWLINK_DROPOUT", "0.03"),
            ("DWLINK_SEED", "1"),
        ],
    );
    // The station reaches its TNC through the KISS pseudo-terminal, as a
    // hardware TNC on a serial port.
    let serial_kiss = format!(
        "device = {:?}\nbaud = 9600\nair_baud = 1200\nframing = \"kiss\"",
        dw.tty("b").display().to_string()
    );
    radio_game::play(
        dir.path(),
        &radio_section("DL0CCG", &tcp(dw.port_a), &[("DL1ABC", None)], LINK),
        &radio_section("DL1ABC", &serial_kiss, &[("DL0CCG", None)], LINK),
        true,
        WAIT,
        &|| dw.logs(),
    );
}
