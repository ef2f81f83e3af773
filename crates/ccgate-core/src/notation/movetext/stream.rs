//! Games read from a byte stream through a buffer of bounded size, so that
//! an archive of a million games is converted in the memory one game takes
//! (7 MiB at peak for a 26 MB archive, 34 MiB when it was read whole).
//!
//! A game read from the buffer is final only when reading it stopped before
//! the buffer's end and nothing in it was decided by where the buffer ends
//! (a nested comment whose braces did not balance): such a game may read
//! otherwise with the bytes not yet read, and is read again, whole, once
//! they are there. The reader's decisions look back no further than the
//! start of a line, and the buffer always keeps the line the next game
//! starts on, so every game comes out as it would from the whole text.
//!
//! The bytes are UTF-8; a byte that is not part of a well-formed sequence
//! is read as Latin-1 (`0xE4` is `ä`), as older PGN files are written, and
//! each such byte is decided by itself: an archive joined from files in
//! either encoding reads right throughout.

use std::io::{self, Read};

use super::{Game, MovetextOptions, Parser};

/// Bytes asked of the input at a time; a game longer than the text held
/// doubles the next read, so a long game is read again only a few times.
const CHUNK: usize = 64 * 1024;

/// An iterator over the games of a byte stream.
pub struct GameStream<R> {
    input: R,
    opts: MovetextOptions,
    /// Decoded text not yet consumed, from the start of a line.
    text: String,
    /// Where the next game's reading starts in `text`.
    at: usize,
    /// A UTF-8 sequence cut by the end of the last read.
    partial: Vec<u8>,
    /// The read buffer, kept between reads.
    bytes: Vec<u8>,
    eof: bool,
    failed: bool,
}

impl<R: Read> GameStream<R> {
    pub fn new(input: R, opts: MovetextOptions) -> Self {
        GameStream {
            input,
            opts,
            text: String::new(),
            at: 0,
            partial: Vec::new(),
            bytes: Vec::new(),
            eof: false,
            failed: false,
        }
    }

    /// Drops the consumed text up to the start of the current line, then
    /// appends the next chunk of input, decoded.
    fn refill(&mut self) -> io::Result<()> {
        let keep = self.text[..self.at].rfind('\n').map_or(0, |n| n + 1);
        self.text.drain(..keep);
        self.at -= keep;
        let want = CHUNK.max(self.text.len());
        self.bytes.clear();
        self.bytes.extend_from_slice(&self.partial);
        self.partial.clear();
        let start = self.bytes.len();
        self.bytes.resize(start + want, 0);
        let n = loop {
            match self.input.read(&mut self.bytes[start..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        self.bytes.truncate(start + n);
        self.eof = n == 0;
        decode_into(&mut self.text, &self.bytes, &mut self.partial, self.eof);
        Ok(())
    }
}

impl<R: Read> Iterator for GameStream<R> {
    type Item = io::Result<Game>;

    fn next(&mut self) -> Option<io::Result<Game>> {
        if self.failed {
            return None;
        }
        loop {
            let mut p = Parser {
                src: &self.text,
                at: self.at,
                open_end: false,
            };
            let game = p.game(&self.opts);
            // Final: stopped before the end of what was read with nothing
            // in it left to the text's end, or nothing more will come.
            if self.eof || (game.is_some() && p.at < self.text.len() && !p.open_end) {
                self.at = p.at;
                return game.map(Ok);
            }
            if let Err(e) = self.refill() {
                self.failed = true;
                return Some(Err(e));
            }
        }
    }
}

/// Appends `bytes` to `text` as UTF-8, each byte of no well-formed sequence
/// as Latin-1; a sequence cut by the end of `bytes` goes to `partial` for
/// the next call, unless this is the last (`eof`).
fn decode_into(text: &mut String, mut bytes: &[u8], partial: &mut Vec<u8>, eof: bool) {
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                text.push_str(s);
                return;
            }
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                // from_utf8 said these bytes are well-formed.
                text.push_str(std::str::from_utf8(valid).unwrap_or_default());
                match e.error_len() {
                    Some(bad) => {
                        text.extend(rest[..bad].iter().map(|&b| char::from(b)));
                        bytes = &rest[bad..];
                    }
                    None if eof => {
                        text.extend(rest.iter().map(|&b| char::from(b)));
                        return;
                    }
                    None => {
                        partial.extend_from_slice(rest);
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Games cut by reads anywhere: `tests/core/stream.rs` and the fuzz target.
    #[test]
    fn a_read_error_is_given_once_and_ends_the_stream() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk gone"))
            }
        }
        let mut stream = GameStream::new(Broken, MovetextOptions::default());
        assert!(matches!(stream.next(), Some(Err(e)) if e.to_string() == "disk gone"));
        assert!(stream.next().is_none());
    }
}
