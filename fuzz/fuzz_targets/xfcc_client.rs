//! The bridge's side of Xfcc: a remote server's answers
//! (`xfcc::client::read_games`, `read_move_result`) on arbitrary bytes, and
//! the poll decision (`xfcc::bridge::reconcile`) on every game read, against
//! a record that agrees with it and one that does not. A remote server is
//! as hostile as any sender. Properties: no panic; an error says something;
//! a record equal to the server's asks for nothing to be relayed.
#![no_main]

use ccgate::xfcc::bridge::{Step, plies, reconcile};
use ccgate::xfcc::client::{read_games, read_move_result};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = read_move_result(data) {
        assert!(!e.to_string().is_empty());
    }
    match read_games(data) {
        Ok(games) => {
            for g in &games {
                let known = plies(&g.moves);
                let steps = reconcile(&known, None, g);
                assert!(
                    !steps.iter().any(|s| matches!(s, Step::Relay { .. })),
                    "{steps:?}"
                );
                let wrong: Vec<String> = known.iter().map(|p| format!("{p}x")).collect();
                let _ = reconcile(&wrong, None, g);
                let _ = reconcile(&[], None, g);
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
