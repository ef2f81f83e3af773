//! The SMS PDU codec (`transport::sms::pdu`) on arbitrary input. The first
//! byte picks the form: the rest as text (odd lengths, non-hex characters,
//! whitespace), or the rest as octets written out as hex (so that the fuzzer
//! reaches the fields, headers and user data). Properties: no panic; an
//! error says something; a decoded SMS-DELIVER or STATUS-REPORT that encodes
//! again decodes to the same value; a decoded SMS-SUBMIT's text encodes
//! again into parts that join to that text.
#![no_main]

use ccgate::transport::sms::pdu::{
    Incoming, decode, decode_submit, encode_deliver, encode_status_report, encode_submit,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let input = if mode & 1 == 0 {
        String::from_utf8_lossy(rest).into_owned()
    } else {
        rest.iter().map(|b| format!("{b:02X}")).collect()
    };
    match decode(&input) {
        Ok(Incoming::Deliver(d)) => {
            if let Ok(again) = encode_deliver(&d) {
                assert_eq!(
                    decode(&again),
                    Ok(Incoming::Deliver(d)),
                    "{input} → {again}"
                );
            }
        }
        Ok(Incoming::StatusReport(r)) => {
            if let Ok(again) = encode_status_report(&r) {
                assert_eq!(
                    decode(&again),
                    Ok(Incoming::StatusReport(r)),
                    "{input} → {again}"
                );
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    if let Ok((to, text, _, srr)) = decode_submit(&input)
        && let Ok(parts) = encode_submit(&to, &text, srr, u16::from(mode))
    {
        let joined: String = parts
            .iter()
            .map(|p| decode_submit(&p.hex).expect("our own SUBMIT").1)
            .collect();
        assert_eq!(joined, text, "{input}");
        assert!(parts.iter().all(|p| p.hex.len() == 2 + 2 * p.tpdu_len));
    }
});
