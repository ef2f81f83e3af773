//! The pure core's integration tests, one binary: the notation round trips,
//! the peer suites and vectors, the grammar and the clocks. They need nothing
//! but `ccgate_core`, so they build without the daemon's dependencies.

mod support;

// Shared with the fuzz targets (`fuzz/fuzz_targets/`), which include it by path.
#[path = "../fuzz_checks/mod.rs"]
mod fuzz_checks;

mod articles;
mod clock;
mod descriptive;
mod differential;
mod errors;
mod event;
mod fuzz_smoke;
mod grammar;
mod peer_suites;
mod roundtrip;
mod stream;
mod vectors;
