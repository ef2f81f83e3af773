//! The message grammar (`protocol::grammar::parse_message`) on arbitrary
//! text, in the sender's language the first byte picks. Properties: no
//! panic; lines in order, each within the message and no longer than the
//! grammar's limit; a line read alone is read the same way.
#![no_main]

use ccgate_core::notation::Lang;
use ccgate_core::protocol::grammar::{MAX_LINE_CHARS, Profile, parse_line, parse_message};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let lang = Lang::ALL[usize::from(pick) % Lang::ALL.len()];
    let profile = Profile::new(lang);
    let text = String::from_utf8_lossy(rest);
    let parsed = parse_message(&text, &profile);
    let mut last = 0;
    for line in &parsed {
        assert!(line.line > last, "lines out of order: {parsed:?}");
        last = line.line;
        assert!(line.text.chars().count() <= MAX_LINE_CHARS);
        assert!(!line.text.contains(['\n', '\r']));
        let mut alone = parse_line(&line.text, &profile).expect("a protocol line read alone");
        alone.line = line.line;
        assert_eq!(&alone, line);
    }
});
