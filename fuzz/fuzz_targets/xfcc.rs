//! The Xfcc request reader (`xfcc::soap::read_request`) and the journal's
//! password redaction on arbitrary bytes. Properties: no panic; an error
//! says something; a login read keeps no surrounding whitespace in its
//! name; the redaction never grows a request by more than "withheld" per
//! password element and keeps no byte of a password it read.
#![no_main]

use ccgate::xfcc::soap::{Request, read_request, without_password};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let kept = without_password(data);
    let elements = data.windows(8).filter(|w| w == b"password").count();
    assert!(kept.len() <= data.len() + 8 * elements);
    match read_request(data) {
        Ok(Request::GetMyGames(login)) => {
            assert_eq!(login.username, login.username.trim());
        }
        Ok(Request::MakeAMove(m)) => {
            assert_eq!(m.my_move, m.my_move.trim());
            // A password of real length read from the request is not in
            // what the journal keeps, unless it is also elsewhere in it.
            let elsewhere = data
                .windows(m.login.password.len().max(1))
                .filter(|w| *w == m.login.password.as_bytes())
                .count();
            if m.login.password.len() >= 12 && elsewhere == 1 && !m.login.password.contains('&') {
                assert!(
                    !kept
                        .windows(m.login.password.len())
                        .any(|w| w == m.login.password.as_bytes())
                );
            }
        }
        Ok(Request::Other(name)) => assert!(!name.contains(':')),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
