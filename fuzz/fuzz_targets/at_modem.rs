//! The AT result-code grammar (`transport::sms::at`) on each line of the
//! input, then the modem dialogue (`transport::sms::modem::Modem`) against
//! a modem whose every answer is the fuzzer's (see `common/script.rs`):
//! initialisation, a listing, a read, a send and waiting for an event, on a
//! paused clock so that timeouts pass at once. Properties: no panic, no
//! hang; a final result code is never also unsolicited; a send reports a
//! reference only after the modem answered `+CMGS`.
#![no_main]

#[path = "../common/script.rs"]
mod script;

use std::time::Duration;

use ccgate::transport::sms::at::{is_final, is_unsolicited, parse_line};
use ccgate::transport::sms::modem::Modem;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for line in String::from_utf8_lossy(data).split(['\r', '\n', '\0']) {
        let parsed = parse_line(line);
        assert!(!(is_final(&parsed) && is_unsolicited(&parsed)), "{line:?}");
    }
    let rt = script::runtime();
    rt.block_on(async {
        let mut modem = Modem::new(script::Script::new(data, false), Duration::from_secs(5));
        if modem.init(None).await.is_err() {
            return;
        }
        let _ = modem.list("SM").await;
        let _ = modem.read("SM", 1).await;
        if modem
            .send(8, "0001000B919471123254F6000003C8341B")
            .await
            .is_ok()
        {
            assert!(
                String::from_utf8_lossy(data).contains("+CMGS"),
                "a send without +CMGS"
            );
        }
        let _ = modem
            .event(tokio::time::Instant::now() + Duration::from_secs(1))
            .await;
    });
});
