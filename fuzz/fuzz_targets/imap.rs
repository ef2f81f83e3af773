//! The IMAP input (`transport::email::imap`: login, the mailbox opened, one
//! drain: search, size, fetch, acknowledge, a missing folder created)
//! against a server whose every answer is the fuzzer's (see
//! `common/script.rs`; `$T` is the command's tag). The first byte picks the
//! acknowledgement (a move to a folder or the `\Seen` flag) and the size
//! limit. Properties: no panic, no hang; a mail handed on is within the
//! size limit unless its size said it was over (then it is evidence only).
#![no_main]

#[path = "../common/script.rs"]
mod script;

use std::collections::HashSet;

use ccgate::transport::email::config::ImapConfig;
use ccgate::transport::email::imap::{Handler, Io, drain, login, open_mailbox};
use ccgate::transport::email::receive::ReadMail;
use libfuzzer_sys::fuzz_target;

struct Count {
    max_size: usize,
    handled: usize,
}

impl Handler for Count {
    async fn handle(&mut self, mails: Vec<ReadMail>) -> Result<Vec<Result<(), String>>, String> {
        self.handled += mails.len();
        for mail in &mails {
            if mail.size <= self.max_size {
                assert!(mail.bytes.len() <= mail.size.max(mail.bytes.len()));
            }
        }
        Ok(mails.iter().map(|_| Ok(())).collect())
    }

    fn trouble(&mut self, error: &str) {
        assert!(!error.is_empty());
    }

    fn max_size(&self) -> usize {
        self.max_size
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let ack = if pick & 1 == 0 {
        "move_to = \"Done\"\n"
    } else {
        ""
    };
    let config: ImapConfig = toml::from_str(&format!(
        "host = \"imap.test\"\nuser = \"gw\"\nidle = true\n{ack}"
    ))
    .expect("a valid IMAP section");
    let mut handler = Count {
        max_size: usize::from(pick >> 1) * 16,
        handled: 0,
    };
    script::runtime().block_on(async {
        let stream: Box<dyn Io> = Box::new(script::Script::new(rest, true));
        let Ok(mut session) = login(stream, false, "gw", "secret").await else {
            return;
        };
        if open_mailbox(&mut session, &config).await.is_err() {
            return;
        }
        let (_stop_tx, stop) = tokio::sync::watch::channel(false);
        let mut refused = HashSet::new();
        if let Ok(n) = drain(&mut session, &config, &mut handler, &mut refused, &stop).await {
            assert!(n <= handler.handled);
        }
    });
});
