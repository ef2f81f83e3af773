//! `transport::email::parse::parse` on arbitrary bytes, then the checks a
//! caller relies on. Properties: no panic; the body has `\n` line endings, no
//! `>` quote line and no signature separator; a bounce's diagnostic is one
//! line; the authentication and VERP lookups do not panic.
//! Panics contained inside `mail-parser` are no crash (`common/contained.rs`).
#![no_main]

#[path = "../common/contained.rs"]
mod contained;

use ccgate::transport::email::parse::{Kind, authentication_passes, parse, verp_outbox_id};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    contained::contain_mail_parser_panics();
    let Ok(mail) = parse(data) else {
        return;
    };
    assert_eq!(mail.size, data.len());
    assert!(!mail.body.contains('\r'));
    for line in mail.body.lines() {
        assert!(
            !line.trim_start().starts_with('>'),
            "quoted line kept: {line:?}"
        );
        assert_ne!(line.trim_end(), "--", "signature kept");
    }
    if let Kind::Bounce(bounce) = &mail.kind {
        assert!(!bounce.diagnostic.contains('\n'));
    }
    let _ = authentication_passes(&mail, "mx.example.org");
    let _ = verp_outbox_id("ccgate", &mail.recipients);
});
