//! `read_games` on arbitrary (lossy UTF-8) text, then `write_movetext` of
//! every game into every notation. The first byte picks the input notation
//! (or detection) and language. Properties: no panic, legal lines, and the
//! ICCF/UCI/SAN output of a fully read game reads back as the same line.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/ccgate-core/tests/fuzz_checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| {
    checks::check_movetext_input(data);
});
