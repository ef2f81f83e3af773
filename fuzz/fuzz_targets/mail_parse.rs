//! `transport::email::parse::parse` on arbitrary bytes, then the checks a
//! caller relies on. Properties: no panic; the body has `\n` line endings, no
//! `>` quote line and no signature separator; a bounce's diagnostic is one
//! line; the authentication and VERP lookups do not panic.
//!
//! `parse` runs `mail-parser` under `catch_unwind` (its `debug_assert!`s fire
//! on some malformed nesting in builds with debug assertions, which cargo
//! fuzz enables). libFuzzer's panic hook would abort on those contained
//! panics too, so it is wrapped: a panic located in `mail-parser` unwinds to
//! that `catch_unwind`; any other panic is a crash.
#![no_main]

use std::sync::Once;

use ccgate::transport::email::parse::{Kind, authentication_passes, parse, verp_outbox_id};
use libfuzzer_sys::fuzz_target;

static HOOK: Once = Once::new();

fuzz_target!(|data: &[u8]| {
    HOOK.call_once(|| {
        let fuzzer_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_mail_parser = info
                .location()
                .is_some_and(|l| l.file().contains("mail-parser"));
            if !in_mail_parser {
                fuzzer_hook(info);
            }
        }));
    });
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
