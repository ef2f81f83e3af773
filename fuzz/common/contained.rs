//! `transport::email::parse::parse` runs `mail-parser` under
//! `catch_unwind` (its `debug_assert!`s fire on some malformed nesting in
//! builds with debug assertions, which cargo fuzz enables). libFuzzer's
//! panic hook would abort on those contained panics too, so it is wrapped:
//! a panic located in `mail-parser` unwinds to that `catch_unwind`; any
//! other panic is a crash.

use std::sync::Once;

static HOOK: Once = Once::new();

pub fn contain_mail_parser_panics() {
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
}
