//! The algebraic family: SAN, figurine and long algebraic share one reader.
//!
//! The grammar accepts what people write, in any of the three:
//!
//! ```text
//! move      = castling suffixes | piece? coords promotion? ep? suffixes
//! castling  = O-O | O-O-O            (O, 0 or o; the dashes optional)
//! piece     = a letter of the reading language, or a figurine of either colour
//! coords    = [file][rank] [sep] file [rank]   sep = - x : (× and – fold to these)
//! promotion = [= / (] piece [)]
//! ep        = [space] e.p. | ep
//! suffixes  = [:] [+ | ++ | # | × | † | ‡ | mate | ch | dis[.]ch | dbl[.]ch] [! ? !! ?? !? ?!]
//! ```
//!
//! A destination without a rank (`ed`, `exd`) is an abbreviated pawn capture.
//! `++` is read as double check or mate (Soviet books and FIDE Appendix
//! C.13 differ), and a final `×` as the Soviet mate sign.

use shakmaty::{CastlingSide, Chess, File, Rank, Role};

use super::desc::{CheckMark, MoveDesc, PromotionSpec};
use super::error::{Expected, ReadError};
use super::lang::Lang;
use super::text::normalize;
use super::{Notation, Reading, resolve};

/// Reads a SAN, figurine or long-algebraic move.
pub(crate) fn read(
    pos: &Chess,
    text: &str,
    notation: Notation,
    lang: Lang,
) -> Result<Reading, ReadError> {
    // A strict text needs no folding: `normalize` would give it back as it is.
    if let Some(desc) = strict_in(text, lang) {
        return resolve::resolve(pos, &desc, text, notation, lang);
    }
    let norm = normalize(text);
    let desc = parse_general(&norm, lang)?;
    resolve::resolve(pos, &desc, &norm, notation, lang)
}

/// A cursor over the token's characters.
#[derive(Clone)]
pub(crate) struct Cursor<'a> {
    text: &'a str,
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Cursor { text, rest: text }
    }

    pub(crate) fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    pub(crate) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.rest = &self.rest[c.len_utf8()..];
        Some(c)
    }

    pub(crate) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn eat_str(&mut self, s: &str) -> bool {
        match self.rest.strip_prefix(s) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    pub(crate) fn eat_str_ci(&mut self, s: &str) -> bool {
        match self.rest.get(..s.len()) {
            Some(head) if head.eq_ignore_ascii_case(s) => {
                self.rest = &self.rest[s.len()..];
                true
            }
            _ => false,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    /// A malformed-token error at the cursor.
    pub(crate) fn error(&self, expected: Expected) -> ReadError {
        let at = self.text[..self.text.len() - self.rest.len()]
            .chars()
            .count()
            + 1;
        ReadError::Malformed {
            text: self.text.to_string(),
            expected,
            at,
            found: self.peek(),
            did_you_mean: Vec::new(),
        }
    }

    pub(crate) fn file(&mut self) -> Option<File> {
        match self.peek() {
            Some(c @ 'a'..='h') => {
                self.bump();
                Some(File::new(u32::from(c) - u32::from('a')))
            }
            _ => None,
        }
    }

    pub(crate) fn rank(&mut self) -> Option<Rank> {
        match self.peek() {
            Some(c @ '1'..='8') => {
                self.bump();
                Some(Rank::new(u32::from(c) - u32::from('1')))
            }
            _ => None,
        }
    }
}

/// The common cases, read byte by byte into the description the grammar
/// below gives them (`strict_shapes_read_as_the_grammar_does`), several
/// times more cheaply: English SAN as PGN files hold it, English long
/// algebraic as ccgate writes it (`Ng1-f3`, `e7xd8=Q+`), either of them
/// with a figurine for the piece letter (`♘f3`), and in another language
/// those with no piece letter (`e4`, `O-O`, `e2-e4`). Anything else goes
/// through the grammar.
fn strict_in(text: &str, lang: Lang) -> Option<MoveDesc> {
    let b = text.as_bytes();
    if let [0xE2, 0x99, glyph @ 0x94..=0x9F, rest @ ..] = b {
        return strict_figurine(FIGURINE_LETTERS[usize::from(glyph - 0x94)], rest, lang);
    }
    // Another language's letters are not SAN's; its pawn moves and castling are.
    if lang != Lang::En && b.iter().any(|&c| c.is_ascii_uppercase() && c != b'O') {
        return None;
    }
    strict_san_bytes(b).or_else(|| strict_lan(b))
}

/// The English letters of the figurines U+2654 to U+265F (♔ to ♟), whose
/// UTF-8 is `E2 99 94` to `E2 99 9F`.
const FIGURINE_LETTERS: [u8; 12] = *b"KQRBNPKQRBNP";

/// A figurine and the rest of a strict SAN or long-algebraic text, read as
/// the text with the figurine's English letter. A figurine text has no
/// other piece letter but a promotion's, which is the reader's language's:
/// one with a promotion in another language goes to the grammar.
fn strict_figurine(letter: u8, rest: &[u8], lang: Lang) -> Option<MoveDesc> {
    if lang != Lang::En && rest.contains(&b'=') {
        return None;
    }
    let mut buf = [0u8; 12];
    let text = buf.get_mut(..=rest.len())?;
    text[0] = letter;
    text[1..].copy_from_slice(rest);
    strict_san_bytes(text).or_else(|| strict_lan(text))
}

/// Strict English long algebraic without a capture: an optional piece
/// letter, the origin, `-`, the destination, `=` and a promotion letter,
/// `+` or `#`. Without a letter the origin names whatever piece stands
/// there, as the grammar reads it.
fn strict_lan(b: &[u8]) -> Option<MoveDesc> {
    let (role, b) = match b {
        [p @ b'A'..=b'Z', rest @ ..] => (Some(piece_letter(*p)?), rest),
        _ => (None, b),
    };
    // A capture (`Ng1xf3`) is strict SAN already.
    let &[from_file, from_rank, b'-', to_file, to_rank, ref tail @ ..] = b else {
        return None;
    };
    let (promotion, len) = match tail {
        [b'=', p, ..] => match piece_letter(*p)? {
            Role::King | Role::Pawn => return None,
            role => (PromotionSpec::To(role), 2),
        },
        _ => (PromotionSpec::None, 0),
    };
    let desc = MoveDesc {
        role,
        from_file: Some(file_of(from_file)?),
        from_rank: Some(rank_of(from_rank)?),
        to_file: Some(file_of(to_file)?),
        to_rank: Some(rank_of(to_rank)?),
        promotion,
        ..MoveDesc::EMPTY
    };
    strict_suffix(tail, len, desc)
}

/// [`strict_in`]'s SAN: exactly the texts shakmaty's
/// `SanPlus::from_ascii` accepts, read byte by byte straight into a
/// description (every move of a PGN file comes here, and going through
/// shakmaty's `SanPlus` cost twice as much). Every byte this grammar
/// accepts is ASCII and none is a space, so a text it reads needs no
/// normalising. Null moves and drops (`--`, `Z0`, `N@f3`) are not strict.
pub(crate) fn strict_san(text: &str) -> Option<MoveDesc> {
    strict_san_bytes(text.as_bytes())
}

/// [`strict_san`] over bytes.
fn strict_san_bytes(b: &[u8]) -> Option<MoveDesc> {
    quick_san(b).or_else(|| general_strict_san(b))
}

/// The shapes of nearly every move of a game file (`e4`, `Nf3`, `Bxe5`,
/// `exd5`, each with `+` or `#`), matched whole; `None` for anything else,
/// which [`general_strict_san`] reads.
fn quick_san(b: &[u8]) -> Option<MoveDesc> {
    let (body, check) = match b {
        [body @ .., b'+'] => (body, CheckMark::Check),
        [body @ .., b'#'] => (body, CheckMark::Mate),
        _ => (b, CheckMark::None),
    };
    let (role, from_file, capture, to_file, to_rank) = match *body {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Role::Pawn, None, false, f, r),
        [p, f @ b'a'..=b'h', r @ b'1'..=b'8'] => (piece_letter(p)?, None, false, f, r),
        [p @ b'a'..=b'h', b'x', f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            (Role::Pawn, file_of(p), true, f, r)
        }
        [p, b'x', f @ b'a'..=b'h', r @ b'1'..=b'8'] => (piece_letter(p)?, None, true, f, r),
        _ => return None,
    };
    Some(MoveDesc {
        role: Some(role),
        from_file,
        to_file: file_of(to_file),
        to_rank: Some(Rank::new(u32::from(to_rank - b'1'))),
        capture,
        check,
        ..MoveDesc::EMPTY
    })
}

/// The piece letters of strict SAN, `P` included (`Pe4`).
fn piece_letter(c: u8) -> Option<Role> {
    Some(match c {
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        b'R' => Role::Rook,
        b'Q' => Role::Queen,
        b'K' => Role::King,
        b'P' => Role::Pawn,
        _ => return None,
    })
}

/// [`strict_san`] for every shape, byte by byte.
fn general_strict_san(b: &[u8]) -> Option<MoveDesc> {
    let at = |i: usize| b.get(i).copied();
    let file = |c: Option<u8>| c.and_then(file_of);
    let rank = |c: Option<u8>| c.and_then(rank_of);
    let mut desc = MoveDesc::EMPTY;
    let (role, mut i) = match at(0)? {
        b'O' => {
            let side = match b {
                [b'O', b'-', b'O', b'-', b'O', ..] => CastlingSide::QueenSide,
                [b'O', b'-', b'O', b'-', ..] => return None,
                [b'O', b'-', b'O', ..] => CastlingSide::KingSide,
                _ => return None,
            };
            desc.castle = Some(side);
            desc.role = Some(Role::King);
            let len = if side == CastlingSide::KingSide { 3 } else { 5 };
            return strict_suffix(b, len, desc);
        }
        c => piece_letter(c).map_or((Role::Pawn, 0), |role| (role, 1)),
    };
    at(i)?;
    let from_file = file(at(i));
    i += usize::from(from_file.is_some());
    at(i)?;
    let from_rank = rank(at(i));
    i += usize::from(from_rank.is_some());
    let (from_file, from_rank, to_file, to_rank) = if at(i) == Some(b'x') {
        desc.capture = true;
        let to = (file(at(i + 1))?, rank(at(i + 2))?);
        i += 3;
        (from_file, from_rank, to.0, to.1)
    } else if let Some(to_file) = file(at(i)) {
        let to_rank = rank(at(i + 1))?;
        i += 2;
        (from_file, from_rank, to_file, to_rank)
    } else {
        (None, None, from_file?, from_rank?)
    };
    if at(i) == Some(b'=') {
        // Role letters of either case, as shakmaty's `Role::from_char`.
        let promotion = match at(i + 1)?.to_ascii_uppercase() {
            b'N' => Role::Knight,
            b'B' => Role::Bishop,
            b'R' => Role::Rook,
            b'Q' => Role::Queen,
            _ => return None,
        };
        desc.promotion = PromotionSpec::To(promotion);
        i += 2;
    }
    // A full origin without a letter names whatever piece stands there.
    let lettered = at(0).is_some_and(|c| c.is_ascii_uppercase());
    desc.role = if role == Role::Pawn && from_file.is_some() && from_rank.is_some() && !lettered {
        None
    } else {
        Some(role)
    };
    desc.from_file = from_file;
    desc.from_rank = from_rank;
    desc.to_file = Some(to_file);
    desc.to_rank = Some(to_rank);
    strict_suffix(b, i, desc)
}

/// The file of a letter `a`–`h`.
fn file_of(c: u8) -> Option<File> {
    (b'a'..=b'h')
        .contains(&c)
        .then(|| File::new(u32::from(c - b'a')))
}

/// The rank of a digit `1`–`8`.
fn rank_of(c: u8) -> Option<Rank> {
    (b'1'..=b'8')
        .contains(&c)
        .then(|| Rank::new(u32::from(c - b'1')))
}

/// The optional `+` or `#` at byte `i` of a strict SAN text, which must end there.
fn strict_suffix(b: &[u8], i: usize, mut desc: MoveDesc) -> Option<MoveDesc> {
    let (check, len) = match b.get(i) {
        Some(b'+') => (CheckMark::Check, i + 1),
        Some(b'#') => (CheckMark::Mate, i + 1),
        _ => (CheckMark::None, i),
    };
    desc.check = check;
    (b.len() == len).then_some(desc)
}

/// Figurines of both colours, in either colour's glyph.
pub(crate) fn figurine_role(c: char) -> Option<Role> {
    Some(match c {
        '♔' | '♚' => Role::King,
        '♕' | '♛' => Role::Queen,
        '♖' | '♜' => Role::Rook,
        '♗' | '♝' => Role::Bishop,
        '♘' | '♞' => Role::Knight,
        '♙' | '♟' => Role::Pawn,
        _ => return None,
    })
}

/// A piece letter of the language or a figurine.
fn piece(cur: &mut Cursor<'_>, lang: Lang) -> Option<Role> {
    let first = cur.peek()?;
    // Piece letters are capitals in every table: files, digits and signs never start one.
    if first.is_ascii_lowercase() || first.is_ascii_digit() || first.is_ascii_punctuation() {
        return None;
    }
    if let Some(role) = super::lang::ascii_letter(lang, first) {
        cur.bump();
        return Some(role);
    }
    if let Some(role) = figurine_role(first) {
        cur.bump();
        return Some(role);
    }
    super::lang::folded_letters(lang)
        .iter()
        .find(|(letter, _)| cur.eat_str(letter))
        .map(|&(_, role)| role)
}

fn is_castle_letter(c: char) -> bool {
    matches!(c, 'O' | '0' | 'o')
}

fn castling(cur: &mut Cursor<'_>) -> Option<CastlingSide> {
    let mut probe = Cursor {
        text: cur.text,
        rest: cur.rest,
    };
    let mut count = 0;
    while probe.peek().is_some_and(is_castle_letter) {
        probe.bump();
        count += 1;
        if !probe.eat('-') && !probe.peek().is_some_and(is_castle_letter) {
            break;
        }
    }
    let side = match count {
        2 => CastlingSide::KingSide,
        3 => CastlingSide::QueenSide,
        _ => return None,
    };
    // `0-0-` leaves a dangling dash behind: not castling.
    if probe.text[..probe.text.len() - probe.rest.len()].ends_with('-') {
        return None;
    }
    cur.rest = probe.rest;
    Some(side)
}

/// Parses the algebraic grammar above into a description.
pub(crate) fn parse(text: &str, lang: Lang) -> Result<MoveDesc, ReadError> {
    match strict_in(text, lang) {
        Some(desc) => Ok(desc),
        None => parse_general(text, lang),
    }
}

/// [`parse`] by the whole grammar.
fn parse_general(text: &str, lang: Lang) -> Result<MoveDesc, ReadError> {
    let mut cur = Cursor::new(text);
    let mut desc = MoveDesc::EMPTY;
    if cur.is_empty() {
        return Err(cur.error(Expected::Move));
    }
    if let Some(side) = castling(&mut cur) {
        desc.castle = Some(side);
        desc.role = Some(Role::King);
        suffixes(&mut cur, &mut desc)?;
        return finish(cur, desc);
    }
    let role = piece(&mut cur, lang);
    desc.role = Some(role.unwrap_or(Role::Pawn));

    // Up to two squares, each possibly partial, with one optional separator.
    let f1 = cur.file();
    let r1 = cur.rank();
    // A capture mark may come straight after the piece (`Qxb5`, `B:e5`).
    let sep = capture_sep(&mut cur);
    if f1.is_none() && r1.is_none() && sep.is_none() {
        return Err(cur.error(if role.is_some() {
            Expected::Square
        } else {
            Expected::PieceOrSquare
        }));
    }
    let sep = sep.or_else(|| cur.eat('-').then_some(false));
    let before_f2 = cur.clone();
    let mut f2 = cur.file();
    let r2 = if f2.is_some() { cur.rank() } else { None };
    if f2.is_some()
        && r2.is_none()
        && r1.is_some()
        && sep.is_none()
        && check_word(&mut before_f2.clone())
    {
        // `Nf3dis.ch`: the `d` after a whole square starts a check mark, not a square.
        cur = before_f2;
        f2 = None;
    }
    match (f1, r1, f2, r2) {
        (Some(f), Some(r), None, None) if sep.is_none() || sep == Some(true) => {
            // `Be5:` writes the capture after the square.
            desc.to_file = Some(f);
            desc.to_rank = Some(r);
            if sep == Some(true) {
                desc.capture = true;
            }
        }
        (from_file, from_rank, Some(to_file), Some(to_rank)) => {
            desc.from_file = from_file;
            desc.from_rank = from_rank;
            desc.to_file = Some(to_file);
            desc.to_rank = Some(to_rank);
            desc.capture = sep == Some(true);
            // Coordinates without a piece letter (`e8g8`, `b2-b3`) name any piece
            // on the origin square, as in UCI: long algebraic often omits the letter.
            if role.is_none() && from_file.is_some() && from_rank.is_some() {
                desc.role = None;
            }
        }
        (Some(from_file), None, Some(to_file), None)
            if desc.role == Some(Role::Pawn) && from_file != to_file =>
        {
            desc.from_file = Some(from_file);
            desc.to_file = Some(to_file);
            desc.capture = true;
        }
        (_, _, Some(_), None) => return Err(cur.error(Expected::Rank)),
        _ => return Err(cur.error(Expected::Destination)),
    }
    if cur.eat(':') {
        desc.capture = true;
    }
    promotion(&mut cur, &mut desc, lang)?;
    suffixes(&mut cur, &mut desc)?;
    finish(cur, desc)
}

/// `x` or `:`; an `x` that ends the move is the Soviet mate sign `×`
/// (`Qh5:f7×`), left for [`suffixes`].
fn capture_sep(cur: &mut Cursor<'_>) -> Option<bool> {
    let mut probe = cur.clone();
    let mate_sign = probe.eat('x') && !probe.peek().is_some_and(|c| c.is_ascii_alphanumeric());
    (!mate_sign && (cur.eat('x') || cur.eat(':'))).then_some(true)
}

fn promotion(cur: &mut Cursor<'_>, desc: &mut MoveDesc, lang: Lang) -> Result<(), ReadError> {
    let open = if cur.eat('(') {
        Some(')')
    } else if cur.eat('=') || cur.eat('/') {
        None
    } else {
        match piece(cur, lang) {
            Some(role) => {
                desc.promotion = PromotionSpec::To(role);
                return Ok(());
            }
            None => return Ok(()),
        }
    };
    let role = piece(cur, lang).ok_or_else(|| cur.error(Expected::Promotion))?;
    if let Some(close) = open
        && !cur.eat(close)
    {
        return Err(cur.error(Expected::CloseParen));
    }
    desc.promotion = PromotionSpec::To(role);
    Ok(())
}

/// `e.p.`, the check or mate mark and the annotation glyph, each optional,
/// in the order people write them.
pub(crate) fn suffixes(cur: &mut Cursor<'_>, desc: &mut MoveDesc) -> Result<(), ReadError> {
    if cur.is_empty() {
        return Ok(());
    }
    let save = cur.rest;
    let spaced = cur.eat(' ');
    if cur.eat_str_ci("e.p.") || cur.eat_str_ci("ep") {
        desc.en_passant = true;
    } else if spaced {
        cur.rest = save;
    }
    // A trailing `x` was `×`, the Soviet mate sign (folded by `normalize`).
    desc.check = if cur.eat_str("++") {
        CheckMark::Double
    } else if cur.eat('#') || cur.eat('‡') || cur.eat_str("mate") || cur.eat('x') {
        CheckMark::Mate
    } else if cur.eat('+') || cur.eat('†') || check_word(cur) {
        CheckMark::Check
    } else {
        CheckMark::None
    };
    desc.nag = nag(cur);
    Ok(())
}

/// `ch`, or the discovered and double check of older scores: `disch`,
/// `dis.ch`, `dblch`, `dbl.ch`.
fn check_word(cur: &mut Cursor<'_>) -> bool {
    for kind in ["dis", "dbl", ""] {
        let mut probe = cur.clone();
        if !probe.eat_str(kind) {
            continue;
        }
        if !kind.is_empty() {
            probe.eat('.');
        }
        if probe.eat_str("ch") {
            *cur = probe;
            return true;
        }
    }
    false
}

/// Annotation glyphs `! ? !! ?? !? ?!` as NAG 1–6.
pub(crate) fn nag(cur: &mut Cursor<'_>) -> Option<u8> {
    for (glyph, nag) in [
        ("!!", 3),
        ("??", 4),
        ("!?", 5),
        ("?!", 6),
        ("!", 1),
        ("?", 2),
    ] {
        if cur.eat_str(glyph) {
            return Some(nag);
        }
    }
    None
}

fn finish(cur: Cursor<'_>, desc: MoveDesc) -> Result<MoveDesc, ReadError> {
    if cur.is_empty() {
        Ok(desc)
    } else {
        Err(cur.error(Expected::End))
    }
}

/// Every text of the algebraic shapes, for tests that walk the whole
/// grammar: a piece letter (or none), an origin file and rank (each or
/// neither), one of `separators`, the destination, a promotion (`=K`
/// included) and a check mark. `each` gets the piece letter and the rest.
#[cfg(test)]
pub(crate) fn each_shape(separators: &[&str], mut each: impl FnMut(&str, &str)) {
    let files = ["", "a", "b", "c", "d", "e", "f", "g", "h"];
    let ranks = ["", "1", "2", "3", "4", "5", "6", "7", "8"];
    let mut rest = String::new();
    for from in 0..files.len() * ranks.len() {
        for &sep in separators {
            for to in 0..64u8 {
                for promotion in ["", "=N", "=B", "=R", "=Q", "=K"] {
                    for mark in ["", "+", "#"] {
                        rest.clear();
                        rest.push_str(files[from % files.len()]);
                        rest.push_str(ranks[from / files.len()]);
                        rest.push_str(sep);
                        rest.push(char::from(b'a' + to % 8));
                        rest.push(char::from(b'1' + to / 8));
                        rest.push_str(promotion);
                        rest.push_str(mark);
                        for piece in ["", "N", "B", "R", "Q", "K", "P"] {
                            each(piece, &rest);
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    /// The reading through shakmaty's SAN parser that [`strict_san`]
    /// replaced: it must accept exactly the same texts, the same way.
    fn shakmaty_strict_san(text: &str) -> Option<MoveDesc> {
        use shakmaty::san::{San, SanPlus, Suffix};
        let plus = SanPlus::from_ascii(text.as_bytes()).ok()?;
        let mut desc = MoveDesc::EMPTY;
        match plus.san {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if matches!(promotion, Some(Role::King | Role::Pawn)) {
                    return None;
                }
                // A full origin without a letter names whatever piece stands there.
                let lettered = text.starts_with(|c: char| c.is_ascii_uppercase());
                desc.role = if role == Role::Pawn && file.is_some() && rank.is_some() && !lettered {
                    None
                } else {
                    Some(role)
                };
                desc.from_file = file;
                desc.from_rank = rank;
                desc.to_file = Some(to.file());
                desc.to_rank = Some(to.rank());
                desc.capture = capture;
                desc.promotion = promotion.map_or(PromotionSpec::None, PromotionSpec::To);
            }
            San::Castle(side) => {
                desc.castle = Some(side);
                desc.role = Some(Role::King);
            }
            San::Put { .. } | San::Null => return None,
        }
        desc.check = match plus.suffix {
            None => CheckMark::None,
            Some(Suffix::Check) => CheckMark::Check,
            Some(Suffix::Checkmate) => CheckMark::Mate,
        };
        Some(desc)
    }

    #[test]
    fn strict_san_reads_as_shakmaty_does() {
        let mut texts: Vec<String> = Vec::new();
        let alphabet = b"NBRQKPOo0Z-@xab1e28h=q+#!:";
        // Every text of up to four bytes over the alphabet of SAN and its slips.
        let mut frontier = vec![String::new()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for t in &frontier {
                for &c in alphabet {
                    next.push(format!("{t}{}", char::from(c)));
                }
            }
            texts.extend(next.iter().cloned());
            frontier = next;
        }
        // The written moves of a pseudo-random game, and each with every
        // suffix and origin the grammar knows.
        let mut pos = shakmaty::Chess::default();
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..400 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                pos = shakmaty::Chess::default();
                continue;
            }
            for m in &moves {
                let san = shakmaty::san::SanPlus::from_move(pos.clone(), *m).to_string();
                let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
                for extra in ["", "+", "#", "=Q", "=q", "=K", "=P", "++", "!", " "] {
                    texts.push(format!("{san}{extra}"));
                    texts.push(format!("{uci}{extra}"));
                    texts.push(format!("{}{}{extra}", m.role().upper_char(), uci));
                }
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            pos.play_unchecked(m);
        }
        for text in &texts {
            assert_eq!(strict_san(text), shakmaty_strict_san(text), "{text:?}");
        }
    }

    /// Every text the strict readers take is read as the whole grammar
    /// reads it, in the language it was read in: SAN and long algebraic of
    /// every shape (piece, origin file and rank, `x` or `-`, square,
    /// promotion, check mark), each with a figurine of either colour for
    /// its letter, and the texts without a letter in every language.
    /// Lowercase promotions (`e8=q`), which strict SAN takes as shakmaty
    /// does and the grammar does not, are left out.
    #[test]
    fn strict_shapes_read_as_the_grammar_does() {
        let mut strict = 0;
        let mut other = Lang::ALL.iter().cycle().copied();
        let mut check = |text: &str, lang: Lang| {
            if let Some(desc) = strict_in(text, lang) {
                assert_eq!(
                    parse_general(text, lang).ok(),
                    Some(desc),
                    "{text:?} in {lang:?}"
                );
                strict += 1;
            }
        };
        each_shape(&["", "x", "-"], |piece, rest| {
            check(&format!("{piece}{rest}"), Lang::En);
            let Some(&letter) = piece.as_bytes().first() else {
                check(rest, other.next().unwrap_or(Lang::En));
                return;
            };
            for (i, _) in FIGURINE_LETTERS
                .iter()
                .enumerate()
                .filter(|(_, l)| **l == letter)
            {
                let glyph = char::from_u32(0x2654 + i as u32).unwrap_or('?');
                let text = format!("{glyph}{rest}");
                check(&text, Lang::En);
                check(&text, other.next().unwrap_or(Lang::En));
            }
        });
        for castling in ["O-O", "O-O-O+", "O-O#"] {
            for &lang in Lang::ALL {
                check(castling, lang);
            }
        }
        for (text, lang) in [
            ("Ng1-f3", Lang::En),
            ("e7xd8=Q+", Lang::En),
            ("♘f3", Lang::En),
            ("♞xe5#", Lang::De),
            ("♗c1-g5", Lang::Fr),
            ("e2-e4", Lang::Ru),
            ("exd5", Lang::De),
        ] {
            assert!(strict_in(text, lang).is_some(), "{text:?} in {lang:?}");
        }
        assert!(strict > 500_000, "{strict}");
    }
}
