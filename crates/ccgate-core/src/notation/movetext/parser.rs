//! The movetext reader: tokens, move numbers, comments, variations and
//! results, one frame per line of play.

use super::*;

/// One line being read: the main line or a variation.
pub(super) struct Frame {
    nodes: Vec<Node>,
    pos: Chess,
    /// A position of this line and the number of its nodes played to reach
    /// it. Variations start before the last node; that position is replayed
    /// from here when a `(` needs it, so ordinary moves never copy positions,
    /// and variations, which always follow the newest move, replay each move
    /// of the line at most once.
    checkpoint: (usize, Chess),
    /// Reading stopped in this line; its remaining tokens are skipped.
    failed: bool,
    /// Comments seen before the line's first move.
    pending: Vec<String>,
    /// Where the `(` that opened this line is in the text (0 for the main line).
    opened_at: usize,
}

impl Frame {
    fn new(pos: Chess) -> Self {
        Frame {
            nodes: Vec::new(),
            checkpoint: (0, pos.clone()),
            pos,
            failed: false,
            pending: Vec::new(),
            opened_at: 0,
        }
    }

    /// The position before the last node, where a variation starts.
    fn before_last(&mut self) -> Option<Chess> {
        let target = self.nodes.len().checked_sub(1)?;
        let (at, pos) = &mut self.checkpoint;
        if *at > target {
            return None;
        }
        for node in &self.nodes[*at..target] {
            play(pos, node.mv);
        }
        *at = target;
        Some(pos.clone())
    }
}

pub(super) struct Parser<'a> {
    pub(super) src: &'a str,
    pub(super) at: usize,
    /// A reading looked for something up to the end of `src` and did not
    /// find it, so more text could change it (a stream reads the game
    /// again once it has more).
    pub(super) open_end: bool,
    /// Lines of the input before `src` starts (a stream drops the text it
    /// has read), so that errors name the input's lines.
    pub(super) lines_before: usize,
    /// A tag value whose closing quote is missing, and where it opened.
    pub(super) open_string: Option<usize>,
}

/// Characters that end a move token.
pub(super) fn ends_token(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

/// What a byte is to the tokenizer, looked up in [`TOKEN_BYTES`]: the loop
/// sees every byte of every move, and one load is cheaper than the tests of
/// [`ends_token`].
pub(super) const PART: u8 = 0;
/// An ASCII byte for which [`ends_token`] holds, except `(`.
pub(super) const END: u8 = 1;
/// `(`: ends a token, or holds a promotion piece or origin inside one.
pub(super) const OPEN: u8 = 2;
/// The first byte of a non-ASCII character: [`ends_token`] decides.
pub(super) const WIDE: u8 = 3;

pub(super) const TOKEN_BYTES: [u8; 256] = {
    let mut table = [PART; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c >= 0x80 {
            WIDE
        } else if c == b'(' {
            OPEN
        } else if matches!(
            c,
            b'\t'..=b'\r' | b' ' | b'{' | b'}' | b')' | b'[' | b']' | b';' | b'$'
        ) {
            END
        } else {
            PART
        };
        b += 1;
    }
    table
};

impl<'a> Parser<'a> {
    /// The error of a construct opened at `at` that the text never closes.
    fn unterminated(&self, what: Unterminated, at: usize) -> GameError {
        let before = &self.src[..at];
        let line_start = before.rfind('\n').map_or(0, |n| n + 1);
        GameError::Unterminated {
            what,
            line: self.lines_before + before.bytes().filter(|b| *b == b'\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }

    fn rest(&self) -> &'a str {
        &self.src[self.at..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.at += c.len_utf8();
        }
    }

    fn at_line_start(&self) -> bool {
        let before = &self.src[..self.at];
        before.trim_end_matches([' ', '\t']).ends_with('\n')
            || before.trim_end_matches([' ', '\t']).is_empty()
    }

    fn skip_line(&mut self) {
        match self.rest().find('\n') {
            Some(n) => self.at += n + 1,
            None => self.at = self.src.len(),
        }
    }

    /// Skips whitespace, a byte-order mark and `%` escape lines. Inlined:
    /// it runs before every token, nearly always over one ASCII space, so
    /// the call cost more than the work; anything else goes to
    /// [`Self::skip_space_rest`].
    #[inline]
    pub(super) fn skip_space(&mut self) {
        let bytes = self.src.as_bytes();
        while let Some(&b) = bytes.get(self.at) {
            if b.is_ascii_whitespace() {
                self.at += 1;
            } else {
                if b == b'%' || b >= 0x80 {
                    self.skip_space_rest();
                }
                return;
            }
        }
    }

    /// [`Self::skip_space`] from a `%` or a non-ASCII byte on: every case.
    #[inline(never)]
    fn skip_space_rest(&mut self) {
        let bytes = self.src.as_bytes();
        while let Some(&b) = bytes.get(self.at) {
            match b {
                b if b.is_ascii_whitespace() => self.at += 1,
                b'%' if self.at_line_start() => self.skip_line(),
                0x80.. => match self.peek() {
                    Some(c) if c.is_whitespace() || c == '\u{FEFF}' => self.at += c.len_utf8(),
                    _ => return,
                },
                _ => return,
            }
        }
    }

    pub(super) fn game(&mut self, opts: &MovetextOptions) -> Option<Game> {
        self.skip_space();
        if self.at >= self.src.len() {
            return None;
        }
        // A lichess game has 15 tags: room for them without growing.
        let mut tags = Vec::with_capacity(16);
        loop {
            self.skip_space();
            if self.peek() != Some('[') {
                break;
            }
            if let Some(tag) = self.tag() {
                tags.push(tag);
            }
        }
        let (start, setup_error) = setup(&tags, opts);
        let open_string = self
            .open_string
            .take()
            .map(|at| self.unterminated(Unterminated::String, at));
        let mut game = Game {
            tags,
            start: start.clone(),
            line: Vec::new(),
            comments: Vec::new(),
            result: None,
            error: setup_error,
            variation_errors: Vec::new(),
        };
        self.movetext(&mut game, start, opts);
        // After the moves: the value is read to the end of its line, so
        // the moves still count.
        if game.error.is_none() {
            game.error = open_string;
        }
        Some(game)
    }

    /// Reads `[Name "value"]`; tolerates a missing closing quote or bracket.
    /// Lines such as `[pgn]` that are not tag pairs are skipped.
    fn tag(&mut self) -> Option<(CompactString, CompactString)> {
        if let Some(tag) = self.plain_tag() {
            return Some(tag);
        }
        self.general_tag()
    }

    /// The common tag pair, `[Name "value"]` with an ASCII name and no escapes
    /// in the value, read in one pass over the bytes and copied in one piece:
    /// a game has a dozen tags, and the general reader below walks each
    /// line several times and pushes the value a character at a time.
    /// Returns `None`, consuming nothing, for anything else.
    fn plain_tag(&mut self) -> Option<(CompactString, CompactString)> {
        let bytes = self.src.as_bytes();
        let start = self.at;
        if bytes.get(start) != Some(&b'[') {
            return None;
        }
        let name_start = start + 1;
        let mut i = name_start;
        while bytes
            .get(i)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            i += 1;
        }
        let name_end = i;
        // A non-ASCII byte may continue the name (`is_alphanumeric`): general reader.
        if name_end == name_start || bytes.get(name_end).is_some_and(|b| *b >= 0x80) {
            return None;
        }
        while bytes.get(i).is_some_and(|b| matches!(b, b' ' | b'\t')) {
            i += 1;
        }
        if bytes.get(i) != Some(&b'"') {
            return None;
        }
        let value_start = i + 1;
        i = value_start;
        loop {
            match bytes.get(i) {
                Some(b'"') => break,
                // Escapes, a line without a closing quote: general reader.
                Some(b'\\' | b'\n') | None => return None,
                Some(_) => i += 1,
            }
        }
        let value_end = i;
        i += 1;
        loop {
            match bytes.get(i) {
                Some(b']') => {
                    i += 1;
                    break;
                }
                Some(b'\n') | None => break,
                Some(_) => i += 1,
            }
        }
        let name = self.src.get(name_start..name_end)?;
        let value = self.src.get(value_start..value_end)?;
        self.at = i;
        Some((CompactString::new(name), CompactString::new(value)))
    }

    fn general_tag(&mut self) -> Option<(CompactString, CompactString)> {
        let line_end = self
            .rest()
            .find('\n')
            .map_or(self.src.len(), |n| self.at + n);
        let line = &self.src[self.at..line_end];
        let inner = line.strip_prefix('[')?;
        let name_len = inner
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(inner.len());
        let name = &inner[..name_len];
        let after = inner[name_len..].trim_start();
        let Some(quoted) = after.strip_prefix('"').filter(|_| !name.is_empty()) else {
            self.at = line_end;
            return None;
        };
        let mut value = String::with_capacity(quoted.len());
        let mut chars = quoted.char_indices();
        let mut consumed = None;
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    if let Some((_, e)) = chars.next() {
                        value.push(e);
                    }
                }
                '"' => {
                    consumed = Some(i + 1);
                    break;
                }
                _ => value.push(c),
            }
        }
        // The value is kept to the end of its line, and the game reports
        // the missing quote.
        let consumed = consumed.unwrap_or_else(|| {
            let quote = line_end - quoted.len() - 1;
            self.open_string.get_or_insert(quote);
            quoted.len()
        });
        let tail = &quoted[consumed..];
        let close = tail.find(']').map_or(tail.len(), |n| n + 1);
        self.at = line_end - line.len() + (line.len() - quoted.len()) + consumed + close;
        Some((CompactString::new(name), CompactString::from(value)))
    }

    fn movetext(&mut self, game: &mut Game, start: Chess, opts: &MovetextOptions) {
        let mut frames = vec![Frame::new(start)];
        // Most games are shorter than this; growing a vector of nodes copies them.
        frames[0].nodes.reserve(128);
        if game.error.is_some() {
            frames[0].failed = true;
        }
        loop {
            self.skip_space();
            let Some(&b) = self.src.as_bytes().get(self.at) else {
                break;
            };
            let stop = if matches!(b, b'[' | b'{' | b';' | b'(' | b')' | b'$') {
                self.punctuation(&mut frames, game, opts)
            } else {
                self.word(&mut frames, game, opts)
            };
            if stop {
                break;
            }
        }
        if let Some(open) = frames.get(1)
            && game.error.is_none()
        {
            // A `(` never closed: the main line does not go on after it.
            game.error = Some(self.unterminated(Unterminated::Variation, open.opened_at));
        }
        while frames.len() > 1 {
            close_variation(&mut frames);
        }
        if let Some(root) = frames.pop() {
            game.line = root.nodes;
            if game.line.is_empty() {
                game.comments.extend(root.pending);
            }
        }
    }

    /// A word of movetext: a move, a move number, a result, a glyph.
    /// Inlined into the loop for the case of nearly every word, a move such
    /// as `e4` or `Nf3` in a line still being read; everything else is out
    /// of line ([`Self::other_word`]), so that the loop reading a file's
    /// moves stays small in the instruction cache. True when the game ends.
    #[inline(always)]
    fn word(&mut self, frames: &mut [Frame], game: &mut Game, opts: &MovetextOptions) -> bool {
        let start = self.at;
        let token = self.token();
        // Nearly every token is a move that no result can be (see
        // `plain_move`); `Resigns` starts like a rook move.
        if plain_move(token) && !token.eq_ignore_ascii_case("resigns") {
            let depth = frames.len();
            if let Some(frame) = frames.last_mut()
                && !frame.failed
            {
                read_token(frame, token, game, depth, opts);
            }
            return false;
        }
        // The number before a White move, as the position expects it: the
        // word before every other move, and nothing to do (what
        // `move_number` decides for it, without the call).
        if frames
            .last()
            .is_some_and(|frame| expected_number(token, &frame.pos))
        {
            return false;
        }
        self.other_word(start, token, frames, game, opts)
    }

    /// [`Self::word`] for every word that is not a plain move.
    #[inline(never)]
    fn other_word(
        &mut self,
        start: usize,
        token: &'a str,
        frames: &mut [Frame],
        game: &mut Game,
        opts: &MovetextOptions,
    ) -> bool {
        // The one plain move `word` hands on: `Resigns` starts like a rook move.
        if token.eq_ignore_ascii_case("resigns") {
            let loser = frames[0].pos.turn();
            game.result = Some(if loser == Color::White { "0-1" } else { "1-0" }.to_string());
            return frames.len() == 1;
        }
        // A move number (`12.`, `12...`) or an ICCF code is no result.
        if !token.bytes().all(|b| b.is_ascii_digit() || b == b'.')
            && let Some(result) = result_token(token)
        {
            if frames.len() == 1 {
                game.result = Some(result.to_string());
                return true;
            }
            return false;
        }
        if token.is_empty() {
            // A stray `]` or `}`: step over it.
            self.at = start;
            self.bump();
            return false;
        }
        let depth = frames.len();
        if let Some(frame) = frames.last_mut() {
            self.special_token(token, frame, game, depth, opts);
        }
        false
    }

    /// Comments, variations, NAGs and the next game's tags: rare in most
    /// files, so out of the loop's way. True when the game ends.
    #[inline(never)]
    fn punctuation(
        &mut self,
        frames: &mut Vec<Frame>,
        game: &mut Game,
        opts: &MovetextOptions,
    ) -> bool {
        match self.src.as_bytes().get(self.at) {
            Some(b'[') if self.at_line_start() => return true,
            Some(b'{') => {
                let opened = self.at;
                self.bump();
                let (end, open_end) = comment_end(self.rest());
                self.open_end |= open_end;
                if end == self.rest().len() && game.error.is_none() {
                    // No `}` in the rest of the text: whatever followed is
                    // comment, and the game's moves end here.
                    game.error = Some(self.unterminated(Unterminated::Comment, opened));
                }
                let text = &self.rest()[..end];
                // PGN output writes a draw offer as this comment (docs/decisions.md);
                // the length test spares the long clock comments a trim.
                if text.len() <= 8 && text.trim() == crate::notation::DRAW_OFFER {
                    offer_last(frames);
                } else if opts.comments {
                    comment(frames, game, text.trim().to_string());
                }
                self.at += end;
                self.bump();
            }
            Some(b';') => {
                let end = self.rest().find('\n').unwrap_or(self.rest().len());
                if opts.comments {
                    let text = self.rest()[1..end].trim().to_string();
                    comment(frames, game, text);
                }
                self.at += end;
            }
            Some(b'(') if self.rest().starts_with(crate::notation::DRAW_OFFER) => {
                self.at += crate::notation::DRAW_OFFER.len();
                offer_last(frames);
            }
            Some(b'(') => {
                let opened = self.at;
                self.bump();
                let parent = frames.last_mut();
                // After a failure the parent's last move is not the one the variation replaces.
                let failed = parent.as_ref().is_some_and(|f| f.failed);
                let start = parent.and_then(Frame::before_last);
                let dead = start.is_none() || failed;
                let mut frame = Frame::new(start.unwrap_or_default());
                frame.failed = dead;
                frame.opened_at = opened;
                frames.push(frame);
            }
            Some(b')') => {
                self.bump();
                close_variation(frames);
            }
            Some(b'$') => {
                self.bump();
                let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
                let nag = self.rest()[..digits].parse::<u16>().ok();
                self.at += digits;
                if let Some(n) = nag.and_then(|n| u8::try_from(n).ok()) {
                    nag_last(frames, n);
                }
            }
            // A `[` inside the movetext: a stray byte, stepped over.
            _ => self.bump(),
        }
        false
    }

    /// The next token, with `e8(Q)`, `R(1)-Q1` and `N(B3)-Q1` kept whole and
    /// descriptive suffixes written apart (`P-Q8(N) ch`, `Castles KR`) joined.
    fn token(&mut self) -> &'a str {
        let bytes = self.src.as_bytes();
        let start = self.at;
        let mut i = start;
        while let Some(&b) = bytes.get(i) {
            match TOKEN_BYTES[usize::from(b)] {
                PART => i += 1,
                END => break,
                OPEN if i > start => {
                    // A parenthesis inside a token holds a promotion piece or an origin.
                    let window = bytes.get(i..bytes.len().min(i + 6)).unwrap_or_default();
                    match window.iter().position(|&c| c == b')') {
                        Some(n) if !window.iter().take(n).any(u8::is_ascii_whitespace) => {
                            i += n + 1
                        }
                        _ => break,
                    }
                }
                OPEN => break,
                _ => match self.src.get(i..).and_then(|r| r.chars().next()) {
                    Some(c) if !ends_token(c) => i += c.len_utf8(),
                    _ => break,
                },
            }
        }
        self.at = i;
        &self.src[start..i]
    }

    /// Everything that is not a [`plain_move`]: move numbers, suffix words,
    /// glyphs, spelled-out castling, null moves, ICCF codes.
    fn special_token(
        &mut self,
        token: &'a str,
        frame: &mut Frame,
        game: &mut Game,
        depth: usize,
        opts: &MovetextOptions,
    ) {
        let token = match self.move_number(token, frame, game, depth, opts) {
            Some(rest) => rest,
            None => return,
        };
        if token.is_empty()
            || is_suffix_word(token)
            || crate::notation::words::mark_word(token).is_some()
            || (crate::notation::words::is_connector(token) && self.mark_word_follows())
        {
            return;
        }
        // The symbols speak of the side that made the last move.
        if let Some(glyph) = crate::notation::glyphs::read(token, !frame.pos.turn()) {
            if let Some(node) = frame.nodes.last_mut() {
                match glyph {
                    Glyph::Nag(nag) => node.notes_mut().nags.push(nag),
                    // Kept even without comments: one-line output writes it back.
                    Glyph::Comment(text) => node.notes_mut().comments.push(text.to_string()),
                }
            }
            return;
        }
        // `Castles KR` and friends: the side is a separate word.
        let token = if token.eq_ignore_ascii_case("castles") {
            let save = self.at;
            self.skip_space_inline();
            let next = self.token();
            if matches!(
                next.to_ascii_uppercase().as_str(),
                "K" | "Q" | "KR" | "QR" | "KINGSIDE" | "QUEENSIDE"
            ) {
                &self.src[save - token.len()..self.at]
            } else {
                self.at = save;
                token
            }
        } else {
            token
        };
        if frame.failed {
            return;
        }
        let number = frame.pos.fullmoves().get();
        let color = frame.pos.turn();
        if matches!(token, "--" | "Z0" | "0000" | "@@@@") {
            let Some(after) = null_move(&frame.pos) else {
                frame.failed = true;
                let error = GameError::NullInCheck {
                    number,
                    color,
                    token: token.to_string(),
                };
                record(game, depth, error);
                return;
            };
            frame.pos = after;
            push_node(frame, None, token, Notation::San);
            return;
        }
        read_token(frame, token, game, depth, opts);
    }

    /// Checks a move number against the position and returns what follows
    /// it in the token; `None` when the token was only a number or is an
    /// error (recorded).
    fn move_number(
        &self,
        token: &'a str,
        frame: &mut Frame,
        game: &mut Game,
        depth: usize,
        opts: &MovetextOptions,
    ) -> Option<&'a str> {
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Some(trim_dots(token));
        }
        let rest = &token[digits..];
        let after = trim_dots(rest);
        let dotted = after.len() < rest.len();
        // Four or five digits alone are an ICCF move.
        if !dotted && (!after.is_empty() || matches!(digits, 4 | 5)) {
            return Some(token);
        }
        if frame.failed {
            return None;
        }
        let number = frame.pos.fullmoves().get();
        let color = frame.pos.turn();
        let black = rest.starts_with("..") || rest.starts_with('…');
        // Digits by hand: `parse` is several times dearer, and every move number comes here.
        let written = token.as_bytes()[..digits].iter().try_fold(0u32, |n, d| {
            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
        });
        // A FEN's move counter is often left at 1: the first number of a game
        // set up from a FEN (its tag or `--fen`) is taken as written. Looked
        // up only for a number that does not fit: every move number comes here.
        let renumbered = written != Some(number)
            && dotted
            && depth == 1
            && frame.nodes.is_empty()
            && (opts.start.is_some() || game.tag("FEN").is_some());
        let fits = (written == Some(number) || renumbered) && !(black && color == Color::White);
        if fits && (dotted || color == Color::White) {
            if let Some(n) = written.filter(|&n| renumbered && n != number) {
                renumber(frame, game, n);
            }
            return Some(after);
        }
        frame.failed = true;
        let token = if dotted && after.is_empty() {
            // The number alone says little: name it with the move it
            // numbers, as the player wrote them (`1... e4`).
            self.with_next_token(token)
        } else {
            token.to_string()
        };
        let error = if dotted {
            GameError::WrongNumber {
                number,
                color,
                token,
            }
        } else {
            GameError::NotAMove {
                number,
                color,
                token,
            }
        };
        record(game, depth, error);
        None
    }

    /// `token` and the token after it on the same line, if there is one.
    fn with_next_token(&self, token: &str) -> String {
        let rest = self.rest().trim_start_matches([' ', '\t']);
        let end = rest
            .find(|c: char| c.is_whitespace() || "{}()[];".contains(c))
            .unwrap_or(rest.len());
        let next = &rest[..end];
        if next.is_empty() {
            token.to_string()
        } else {
            format!("{token} {next}")
        }
    }

    /// Whether the next token is a check or mate word (`Échec et mat`).
    fn mark_word_follows(&mut self) -> bool {
        let save = self.at;
        self.skip_space_inline();
        let follows = crate::notation::words::mark_word(self.token()).is_some();
        self.at = save;
        follows
    }

    fn skip_space_inline(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }
}

/// Whether a token is certainly a move to read as it stands, from its first
/// two bytes: a file followed by a rank or a capture (`e4`, `exd5`), or a
/// piece or castling letter followed by anything (`Nf3`, `O-O`). None of
/// these is a move number, a suffix word (`ep`, `ch`, `dis`: a file and then
/// a letter or a dot), a glyph (`N` alone) or a null move, so the checks for
/// those, which every token would otherwise pay, are skipped.
pub(super) fn plain_move(token: &str) -> bool {
    matches!(
        token.as_bytes(),
        [b'a'..=b'h', b'1'..=b'8' | b'x', ..] | [b'K' | b'Q' | b'R' | b'B' | b'N' | b'O', _, ..]
    )
}

/// Whether a token is `12.` with White to move at move 12: a move number
/// that fits the position, which [`Parser::move_number`] would accept
/// without a change to the game.
#[inline(always)]
pub(super) fn expected_number(token: &str, pos: &Chess) -> bool {
    let Some((b'.', digits)) = token.as_bytes().split_last() else {
        return false;
    };
    if digits.is_empty() || digits.len() > 6 || pos.turn() != Color::White {
        return false;
    }
    let mut n = 0u32;
    for &d in digits {
        if !d.is_ascii_digit() {
            return false;
        }
        n = n * 10 + u32::from(d - b'0');
    }
    n == pos.fullmoves().get()
}

/// Reads a move token in the frame's position and appends it to the line,
/// or records why it cannot be read.
pub(super) fn read_token(
    frame: &mut Frame,
    token: &str,
    game: &mut Game,
    depth: usize,
    opts: &MovetextOptions,
) {
    let number = frame.pos.fullmoves().get();
    let color = frame.pos.turn();
    let result = match opts.from {
        Some(n) => read_move(&frame.pos, token, n, &ReadOptions::new(opts.lang)).map(|r| (r, n)),
        None => read_auto(&frame.pos, token, opts.lang),
    };
    match result {
        Ok((reading, notation)) => {
            frame.pos.play_unchecked(reading.mv);
            push_node(frame, Some(reading.mv), token, notation);
            if let (Some(nag), Some(node)) = (reading.nag, frame.nodes.last_mut()) {
                node.notes_mut().nags.push(nag);
            }
            if reading.draw_offer {
                offer_last(std::slice::from_mut(frame));
            }
        }
        Err(error) => {
            frame.failed = true;
            record(
                game,
                depth,
                GameError::Move {
                    number,
                    color,
                    token: token.to_string(),
                    error,
                },
            );
        }
    }
}

/// Where a `{` comment ends. PGN comments do not nest, but some files nest
/// them (pgn-extract reads them with `--nestedcomments`); a nested reading is
/// taken only when its braces balance, otherwise the first `}` ends it. True
/// with it when the braces did not balance before the end of `rest`, which
/// more text might have balanced.
pub(super) fn comment_end(rest: &str) -> (usize, bool) {
    let first = rest.find('}').unwrap_or(rest.len());
    if !rest[..first].contains('{') {
        return (first, false);
    }
    let mut depth = 1usize;
    for (i, c) in rest.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return (i, false);
                }
            }
            _ => {}
        }
    }
    (first, true)
}

// Inlined into the reading of every move: a call cost a fifth of it.
#[inline(always)]
pub(super) fn push_node(frame: &mut Frame, mv: Option<Move>, token: &str, notation: Notation) {
    // Only the first move of a variation can have comments before it.
    let notes = if frame.pending.is_empty() {
        None
    } else {
        Some(Box::new(Notes {
            before: std::mem::take(&mut frame.pending),
            ..Notes::default()
        }))
    };
    frame.nodes.push(Node {
        mv,
        notation,
        token: CompactString::new(token),
        notes,
    });
}

pub(super) fn record(game: &mut Game, depth: usize, error: GameError) {
    if depth == 1 {
        game.error.get_or_insert(error);
    } else {
        game.variation_errors.push(error);
    }
}

pub(super) fn comment(frames: &mut [Frame], game: &mut Game, text: String) {
    let root = frames.len() == 1;
    let Some(frame) = frames.last_mut() else {
        return;
    };
    match frame.nodes.last_mut() {
        Some(node) => node.notes_mut().comments.push(text),
        None if root => game.comments.push(text),
        None => frame.pending.push(text),
    }
}

pub(super) fn nag_last(frames: &mut [Frame], nag: u8) {
    if let Some(node) = frames.last_mut().and_then(|f| f.nodes.last_mut()) {
        node.notes_mut().nags.push(nag);
    }
}

pub(super) fn offer_last(frames: &mut [Frame]) {
    if let Some(node) = frames.last_mut().and_then(|f| f.nodes.last_mut()) {
        node.notes_mut().draw_offer = true;
    }
}

pub(super) fn close_variation(frames: &mut Vec<Frame>) {
    if frames.len() < 2 {
        return;
    }
    let Some(done) = frames.pop() else { return };
    if done.nodes.is_empty() {
        return;
    }
    if let Some(parent) = frames.last_mut().and_then(|f| f.nodes.last_mut()) {
        parent.notes_mut().variations.push(done.nodes);
    }
}

/// `text` without the dots of a move number (`.`, `...`, `…`), compared
/// byte-wise: every move number comes here.
pub(super) fn trim_dots(mut text: &str) -> &str {
    loop {
        if let Some(rest) = text.strip_prefix('.').or_else(|| text.strip_prefix('…')) {
            text = rest;
        } else {
            return text;
        }
    }
}

/// Gives a game that has not started yet the move number its text uses.
pub(super) fn renumber(frame: &mut Frame, game: &mut Game, n: u32) {
    let Some(n) = std::num::NonZeroU32::new(n) else {
        return;
    };
    let mut setup = frame.pos.to_setup(shakmaty::EnPassantMode::Legal);
    setup.fullmoves = n;
    if let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) {
        game.start = pos.clone();
        *frame = Frame::new(pos);
    }
}

/// Why a number where a move belongs is not one.
pub(super) fn not_a_move(token: &str) -> &'static str {
    if token.bytes().all(|b| b == b'0') {
        "castling is written 0-0 or O-O"
    } else if token.len() == 3 {
        "an ICCF move has four digits (five with a promotion)"
    } else {
        "a number that is not this move's number"
    }
}

/// Words that only qualify the previous move in descriptive or FIDE writing.
pub(super) fn is_suffix_word(token: &str) -> bool {
    // `е.р.` with Cyrillic look-alikes is `e.p.`.
    let folded = crate::notation::text::normalize(token);
    let token = folded.as_ref();
    if !token.starts_with(['e', 'E', 'c', 'C', 'm', 'M', 'd', 'D', '+', '#', '†', '‡']) {
        return false;
    }
    [
        "e.p.", "ep", "ch", "ch.", "check", "mate", "dis", "dis.", "dbl", "dbl.", "dis.ch",
        "dis.ch.", "dblch", "+", "#", "†", "‡",
    ]
    .iter()
    .any(|w| w.eq_ignore_ascii_case(token))
}

/// The normalised result for a game termination token.
pub(super) fn result_token(token: &str) -> Option<&'static str> {
    if !token.starts_with(['0', '1', '½', '*', '+', '-', '=']) {
        return None;
    }
    let t = crate::notation::text::normalize(token);
    Some(match t.as_ref() {
        "1-0" | "+--" | "1:0" => "1-0",
        "0-1" | "--+" | "0:1" => "0-1",
        "1/2-1/2" | "½-½" | "1/2" | "½:½" | "=-=" => "1/2-1/2",
        "*" => "*",
        _ => return None,
    })
}

/// The start position from the `FEN` and `Variant` tags.
pub(super) fn setup(
    tags: &[(CompactString, CompactString)],
    opts: &MovetextOptions,
) -> (Chess, Option<GameError>) {
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    };
    if let Some(variant) = tag("Variant") {
        let v = variant.to_ascii_lowercase();
        if matches!(
            v.as_str(),
            "chess960" | "chess 960" | "fischerandom" | "fischer random" | "960"
        ) {
            return (
                Chess::default(),
                Some(GameError::Unsupported(
                    "Chess960 games are not supported yet".into(),
                )),
            );
        }
        if !matches!(
            v.as_str(),
            "" | "standard" | "chess" | "normal" | "from position" | "fromposition"
        ) {
            return (
                Chess::default(),
                Some(GameError::Unsupported(format!(
                    "{variant} games are not supported: ccgate plays standard chess"
                ))),
            );
        }
    }
    let default = opts.start.clone().unwrap_or_default();
    match tag("FEN").filter(|f| !f.is_empty()) {
        None => (default, None),
        Some(fen) => match fen.parse::<Fen>() {
            Err(e) => (
                default,
                Some(GameError::BadFen {
                    fen: fen.to_string(),
                    reason: e.to_string(),
                }),
            ),
            Ok(parsed) => match lenient_position(parsed) {
                Ok(pos) => (pos, None),
                Err(e) => (
                    default,
                    Some(GameError::BadFen {
                        fen: fen.to_string(),
                        reason: e.to_string(),
                    }),
                ),
            },
        },
    }
}

/// A position from a FEN, dropping castling rights or an en-passant square
/// that the position cannot have, as python-chess and lichess do, rather than
/// refusing a game over a sloppy FEN.
pub(super) fn lenient_position(fen: Fen) -> Result<Chess, String> {
    match fen.into_position::<Chess>(CastlingMode::Standard) {
        Ok(pos) => Ok(pos),
        Err(e) => match e.ignore_invalid_castling_rights() {
            Ok(pos) => Ok(pos),
            Err(e) => e.ignore_invalid_ep_square().map_err(|e| e.to_string()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut takes exactly the numbers `move_number` accepts without
    /// a change: `N.` at White's move N, nothing else.
    #[test]
    fn expected_number_is_the_number_of_whites_move() {
        for (turn, fullmoves) in [("w", 1), ("w", 12), ("b", 12), ("w", 100), ("w", 4321)] {
            let fen = format!("4k3/8/8/8/8/8/8/4K3 {turn} - - 0 {fullmoves}");
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            for n in [0, 1, 2, 11, 12, 13, 99, 100, 4321, 999_999] {
                let fits = turn == "w" && n == fullmoves;
                assert_eq!(
                    expected_number(&format!("{n}."), &pos),
                    fits,
                    "{n}. in {fen}"
                );
                assert_eq!(
                    expected_number(&format!("0{n}."), &pos),
                    fits,
                    "0{n}. in {fen}"
                );
                for other in [
                    format!("{n}"),
                    format!("{n}..."),
                    format!("{n}.e4"),
                    format!("{n}…"),
                ] {
                    assert!(!expected_number(&other, &pos), "{other} in {fen}");
                }
            }
            for junk in [".", "", "1234567.", "1a.", "-1."] {
                assert!(!expected_number(junk, &pos), "{junk:?}");
            }
        }
    }
}
