//! A peer that answers from a script: the fuzzer's bytes, split at NUL, are
//! its answers, one per command the code under test writes (a command ends
//! at CR, or at Ctrl-Z after an SMS PDU). `$T` in an answer becomes the
//! command's first word, so an IMAP answer can carry its command's tag. The
//! first answer is sent before any command (a greeting). When no answer is
//! waiting, a read gets end of file (`eof_when_idle`) or waits forever (for
//! code whose reads all have timeouts, on a paused clock); once the script
//! is used up, end of file either way.

use std::collections::VecDeque;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

#[derive(Debug)]
pub struct Script {
    answers: VecDeque<Vec<u8>>,
    waiting: Vec<u8>,
    written: Vec<u8>,
    eof_when_idle: bool,
}

impl Script {
    pub fn new(data: &[u8], eof_when_idle: bool) -> Script {
        let mut answers: VecDeque<Vec<u8>> = data.split(|b| *b == 0).map(<[u8]>::to_vec).collect();
        let waiting = answers.pop_front().unwrap_or_default();
        Script {
            answers,
            waiting,
            written: Vec::new(),
            eof_when_idle,
        }
    }
}

impl AsyncRead for Script {
    fn poll_read(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.waiting.is_empty() {
            if self.eof_when_idle || self.answers.is_empty() {
                return Poll::Ready(Ok(()));
            }
            return Poll::Pending;
        }
        let n = buf.remaining().min(self.waiting.len());
        buf.put_slice(&self.waiting[..n]);
        self.waiting.drain(..n);
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for Script {
    fn poll_write(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.written.extend_from_slice(data);
        while let Some(end) = self.written.iter().position(|b| matches!(b, b'\r' | 0x1a)) {
            let command: Vec<u8> = self.written.drain(..=end).collect();
            let tag: Vec<u8> = command
                .iter()
                .copied()
                .skip_while(|b| b.is_ascii_whitespace())
                .take_while(|b| !b.is_ascii_whitespace())
                .collect();
            if let Some(answer) = self.answers.pop_front() {
                let answer = replace(&answer, b"$T", &tag);
                self.waiting.extend_from_slice(&answer);
            }
        }
        Poll::Ready(Ok(data.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

fn replace(text: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// A current-thread runtime on a paused clock: timeouts pass at once when
/// nothing else can happen.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .start_paused(true)
        .build()
        .expect("a runtime")
}
