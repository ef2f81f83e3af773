//! The radio frame codec (`transport::radio::frame`) on arbitrary input. The
//! first byte picks the options: binary or restricted framing, with or
//! without a key, and the size of the chunks the rest is fed in. Properties:
//! no panic; an error says something; a good frame encodes again (same
//! options) into bytes that a fresh deframer reads back as that frame.
#![no_main]

use ccgate::transport::radio::frame::{Deframer, LinkOptions, encode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let opts = LinkOptions {
        restricted: mode & 1 != 0,
        key: (mode & 2 != 0).then(|| b"fuzz pair key".to_vec()),
    };
    let chunk = usize::from(mode >> 2) + 1;
    let mut deframer = Deframer::new(&opts);
    for part in rest.chunks(chunk) {
        for result in deframer.feed(part) {
            match result {
                Ok(frame) => {
                    let again = encode(&frame, &opts).expect("a frame read is a frame written");
                    assert_eq!(
                        Deframer::new(&opts).feed(&again),
                        vec![Ok(frame.clone())],
                        "{frame:?}"
                    );
                }
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
});
