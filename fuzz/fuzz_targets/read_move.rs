//! `read_move` on arbitrary text: the first byte picks the notation and the
//! language, the rest is read in each of the fixed positions of the shared
//! checks (`crates/ccgate-core/tests/fuzz_checks`: start, castling/en
//! passant/promotion for both sides, Kiwipete). Properties: no panic, legal
//! result, canonical text reads back.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;

#[path = "../../crates/ccgate-core/tests/fuzz_checks/mod.rs"]
mod checks;

static POSITIONS: OnceLock<Vec<Chess>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    checks::check_read_input(data, POSITIONS.get_or_init(checks::positions));
});
