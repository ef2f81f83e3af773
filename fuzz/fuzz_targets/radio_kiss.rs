//! The receive path behind a KISS TNC (`transport::radio::{kiss, ax25,
//! frame}`) on arbitrary input, as the radio driver runs it: KISS decoding,
//! AX.25 UI decoding, and our deframer on the information field. The first
//! byte picks the chunk size the rest is fed in. Properties: no panic; every
//! error says something; a KISS frame decoded encodes again into bytes that
//! decode to the same frame; an AX.25 UI frame decoded encodes again to the
//! same bytes as its canonical form (which decodes to the same frame).
#![no_main]

use ccgate::transport::radio::ax25;
use ccgate::transport::radio::frame::{Deframer, LinkOptions};
use ccgate::transport::radio::kiss::{self, Decoder};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let chunk = usize::from(mode) + 1;
    let mut decoder = Decoder::new();
    let mut deframer = Deframer::new(&LinkOptions::default());
    for part in rest.chunks(chunk) {
        for k in decoder.push(part) {
            let k = match k {
                Ok(k) => k,
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    continue;
                }
            };
            let again = kiss::encode(k.port, k.command, &k.data);
            assert_eq!(Decoder::new().push(&again), vec![Ok(k.clone())]);
            match ax25::decode(&k.data) {
                Ok(ui) => {
                    let bytes = ax25::encode(&ui).expect("a UI frame read is a UI frame written");
                    assert_eq!(ax25::decode(&bytes), Ok(ui.clone()));
                    for r in deframer.feed(&ui.info) {
                        if let Err(e) = r {
                            assert!(!e.to_string().is_empty());
                        }
                    }
                }
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
});
