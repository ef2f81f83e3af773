//! The configuration (`config::Config::parse`, then `Config::resolve` for a
//! configuration without secret files) on arbitrary text. Properties: no
//! panic; every problem is reported with its line, within the text.
#![no_main]

use ccgate::config::{Config, ConfigError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = text.lines().count().max(1);
    let checked = Config::parse(&text).and_then(|c| {
        // Secrets are read from files and the environment: not the fuzzer's.
        if text.contains("_file") || text.contains("_env") {
            return Ok(());
        }
        c.resolve().map(drop)
    });
    match checked {
        Err(ConfigError::Invalid(problems)) => {
            assert!(!problems.is_empty());
            for problem in &problems {
                assert!(!problem.text.is_empty());
                if let Some(line) = problem.line {
                    assert!(
                        line >= 1 && line <= lines + 1,
                        "line {line} of {lines}: {problem}"
                    );
                }
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(()) => {}
    }
});
