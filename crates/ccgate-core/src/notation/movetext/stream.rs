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
//!
//! [`GameStream::map_parallel`] reads the same games on several threads: the
//! text held is cut into parts at lines that start with `[`, each part read
//! on a thread of its own from where the whole text's reading would be if a
//! game ends there, and the parts' games taken in order only while each part
//! ends exactly where the next begins. A cut that the reading runs over (a
//! comment holding such a line) voids the parts after it, which are read
//! again from where the reading really is: the games are always the whole
//! text's, in its order.

use std::io::{self, Read};
use std::num::NonZeroUsize;
use std::sync::{Arc, mpsc};

use super::{Game, MovetextOptions, Parser};

/// Bytes asked of the input at a time; a game longer than the text held
/// doubles the next read, so a long game is read again only a few times.
const CHUNK: usize = 64 * 1024;

/// Bytes of text [`GameStream::map_parallel`] gives each thread per round by
/// default: large enough that starting the threads costs little beside the
/// reading (about a millisecond of it per part), small enough to keep the
/// memory of a conversion in a few MiB.
const PART: usize = 256 * 1024;

/// Bytes of input [`GameStream::map_parallel`] reads on one thread before it
/// starts the others: starting a thread, its memory and its caches cost
/// more than a few MiB take to read (1,500 games, 1.3 MB: 15.5 ms on one
/// thread, 20 ms on two; 30,000 games, 26 MB: 239 ms on one, 175 ms on two).
const PARALLEL_AFTER: usize = 4 << 20;

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
    /// Bytes of text per thread and round for [`Self::map_parallel`].
    part: usize,
    /// Bytes of input [`Self::map_parallel`] reads on one thread before it
    /// starts the others.
    parallel_after: usize,
    /// Bytes of input read so far.
    taken: usize,
    /// Lines of text dropped once read, so that errors name the input's lines.
    lines_dropped: usize,
}

/// Why [`GameStream::map_parallel`] stopped before the end of its input.
#[derive(Debug)]
pub enum MapError<E> {
    /// The input could not be read.
    Read(io::Error),
    /// The sink refused a game's value.
    Sink(E),
}

/// How the reading of one part ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PartEnd {
    /// Exactly where the next part starts: the next part's games are the
    /// ones the whole text has there.
    Aligned,
    /// Past the next part's start (a game ran over it): the parts after
    /// this one are void.
    Crossed,
    /// Before a game that more text could change, or space that more text
    /// could turn into something else: read again with more text.
    Unfinished,
    /// At the end of the input.
    Exhausted,
}

/// A part of the text to read: the games that start from `from` up to `limit`.
struct Task {
    text: Arc<String>,
    from: usize,
    limit: usize,
    eof: bool,
    /// Lines of the input before `text`.
    lines_before: usize,
}

impl Task {
    fn read<T>(&self, opts: &MovetextOptions, map: &impl Fn(Game) -> T) -> Part<T> {
        let lines = self.lines_before;
        read_part(
            &self.text,
            (self.from, self.limit, lines),
            self.eof,
            opts,
            map,
        )
    }
}

/// The values of one part's games, and where and how its reading ended.
struct Part<T> {
    values: Vec<T>,
    end: usize,
    how: PartEnd,
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
            part: PART,
            parallel_after: PARALLEL_AFTER,
            taken: 0,
            lines_dropped: 0,
        }
    }

    /// Sets the bytes of text [`Self::map_parallel`] gives each thread per
    /// round (at least one; tests use a few to cut every game apart).
    pub fn part_size(mut self, bytes: usize) -> Self {
        self.part = bytes.max(1);
        self
    }

    /// Sets the bytes of input [`Self::map_parallel`] reads on one thread
    /// before it starts the others (tests use none).
    pub fn parallel_after(mut self, bytes: usize) -> Self {
        self.parallel_after = bytes;
        self
    }

    /// Reads every game on up to `jobs` threads (`None`: one per processor),
    /// passes each to `map` on the thread that read it, and hands the values
    /// to `sink` in the input's order, on the calling thread. The games are
    /// the ones the iterator gives. Stops at the first read error or value
    /// `sink` refuses.
    pub fn map_parallel<T: Send, E>(
        mut self,
        mut jobs: Option<NonZeroUsize>,
        map: impl Fn(Game) -> T + Sync,
        mut sink: impl FnMut(T) -> Result<(), E>,
    ) -> Result<(), MapError<E>> {
        let opts = self.opts.clone();
        let (opts, map) = (&opts, &map);
        std::thread::scope(|scope| {
            // One thread per part after the first, started once the input
            // has proved long enough and kept for the rest of the reading:
            // starting threads for every round cost more than they saved.
            let mut workers = Vec::new();
            let start_worker = || {
                let (task_tx, task_rx) = mpsc::channel::<Task>();
                let (part_tx, part_rx) = mpsc::channel::<Part<T>>();
                scope.spawn(move || {
                    for task in task_rx {
                        let part = task.read(opts, map);
                        // Handing back the text first lets the next round own it again.
                        drop(task);
                        if part_tx.send(part).is_err() {
                            break;
                        }
                    }
                });
                (task_tx, part_rx)
            };
            // The last round read no game: the text held must grow, not just be full.
            let mut starved = false;
            loop {
                let threads = if self.taken >= self.parallel_after {
                    // Asked only now: the count reads the process's cgroup
                    // files, a dozen system calls a short input never needs.
                    jobs.get_or_insert_with(|| {
                        std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
                    })
                    .get()
                } else {
                    1
                };
                if threads == 1 {
                    // On one thread, a game at a time through the iterator's
                    // smaller buffer: rounds of whole parts only pay off
                    // when parts are read side by side.
                    match self.next() {
                        None => return Ok(()),
                        Some(game) => {
                            sink(map(game.map_err(MapError::Read)?)).map_err(MapError::Sink)?
                        }
                    }
                    continue;
                }
                while workers.len() + 1 < threads {
                    workers.push(start_worker());
                }
                while !self.eof
                    && (starved || self.text.len() - self.at < self.part.saturating_mul(threads))
                {
                    self.refill().map_err(MapError::Read)?;
                    starved = false;
                }
                let starts = part_starts(&self.text, self.at, threads);
                // The text, shared with the workers for this round.
                let mut shared = Arc::new(std::mem::take(&mut self.text));
                let task = |i: usize| Task {
                    text: Arc::clone(&shared),
                    from: starts[i],
                    limit: starts.get(i + 1).copied().unwrap_or(usize::MAX),
                    eof: self.eof,
                    lines_before: self.lines_dropped,
                };
                let mut asked = Vec::new();
                for (i, (task_tx, part_rx)) in workers.iter().enumerate().take(starts.len() - 1) {
                    task_tx
                        .send(task(i + 1))
                        .expect("a reading thread ends only when the reading does");
                    asked.push(part_rx);
                }
                let first = task(0).read(opts, map);
                // Every part is taken back, even those a crossing voids: the
                // text is the next round's, and a part left behind would be
                // taken for the next round's.
                let others: Vec<Part<T>> = asked
                    .into_iter()
                    .map(|part_rx| {
                        // A thread that panicked dropped its sender; its panic was reported.
                        part_rx.recv().expect("a reading thread panicked")
                    })
                    .collect();
                // Every task has been dropped: the text is this reader's again.
                self.text = Arc::try_unwrap(std::mem::take(&mut shared))
                    .unwrap_or_else(|text| text.as_str().to_owned());
                let mut read_any = false;
                let mut how = PartEnd::Unfinished;
                for part in std::iter::once(first).chain(others) {
                    read_any |= !part.values.is_empty();
                    for value in part.values {
                        sink(value).map_err(MapError::Sink)?;
                    }
                    self.at = part.end;
                    how = part.how;
                    if how != PartEnd::Aligned {
                        break;
                    }
                }
                match how {
                    PartEnd::Exhausted => return Ok(()),
                    PartEnd::Unfinished => starved = !read_any,
                    PartEnd::Aligned | PartEnd::Crossed => {}
                }
            }
        })
    }

    /// Drops the consumed text up to the start of the current line, then
    /// appends the next chunk of input, decoded.
    fn refill(&mut self) -> io::Result<()> {
        let keep = self.text[..self.at].rfind('\n').map_or(0, |n| n + 1);
        self.lines_dropped += self.text.as_bytes()[..keep]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
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
        self.taken += n;
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
                lines_before: self.lines_dropped,
                open_string: None,
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

/// Where the parts of `text` from `at` start: `at`, then up to `jobs - 1`
/// lines starting with `[` about evenly apart. A game's tags start such a
/// line, so a part starts where a game most likely does.
fn part_starts(text: &str, at: usize, jobs: usize) -> Vec<usize> {
    let bytes = text.as_bytes();
    let step = (bytes.len() - at) / jobs;
    let mut starts = vec![at];
    for j in 1..jobs {
        let mut from = (at + step * j).max(starts[starts.len() - 1] + 1);
        let next = loop {
            let Some(n) = bytes
                .get(from..)
                .and_then(|r| r.iter().position(|&b| b == b'\n'))
            else {
                break None;
            };
            from += n + 1;
            if bytes.get(from) == Some(&b'[') {
                break Some(from);
            }
        };
        match next {
            Some(start) => starts.push(start),
            None => break,
        }
    }
    starts
}

/// Reads the games that start in `text` from `from` up to `limit`, each
/// mapped as it is read; the stream's rule decides which games are final.
fn read_part<T>(
    text: &str,
    (from, limit, lines_before): (usize, usize, usize),
    eof: bool,
    opts: &MovetextOptions,
    map: &impl Fn(Game) -> T,
) -> Part<T> {
    let mut values = Vec::new();
    let mut at = from;
    loop {
        let mut p = Parser {
            src: text,
            at,
            open_end: false,
            lines_before,
            open_string: None,
        };
        // Where the next game starts; reading a game skips the same space first.
        p.skip_space();
        let how = if p.at >= text.len() {
            // A `%` line cut by the end of the text may go on: without the
            // end of the input, look again from before it.
            Some(if eof {
                PartEnd::Exhausted
            } else {
                PartEnd::Unfinished
            })
        } else if p.at == limit {
            Some(PartEnd::Aligned)
        } else if p.at > limit {
            Some(PartEnd::Crossed)
        } else {
            None
        };
        if let Some(how) = how {
            let end = if how == PartEnd::Aligned { p.at } else { at };
            return Part { values, end, how };
        }
        let game = p.game(opts);
        if !(eof || (p.at < text.len() && !p.open_end)) {
            return Part {
                values,
                end: at,
                how: PartEnd::Unfinished,
            };
        }
        values.extend(game.map(map));
        at = p.at;
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
