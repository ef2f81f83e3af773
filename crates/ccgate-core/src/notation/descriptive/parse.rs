//! Parsing descriptive text into a pattern and its marks (the grammar in
//! the parent module).

use super::*;

/// Whether a text is a descriptive move by its syntax alone.
pub(crate) fn is_syntax(text: &str) -> bool {
    parse(text).is_ok()
}

pub(super) fn parse(text: &str) -> Result<(Pattern, Marks), ReadError> {
    match parse_plain(text.as_bytes()) {
        Some(parsed) => Ok(parsed),
        None => parse_general(text),
    }
}

/// The whole grammar, for what [`parse_plain`] leaves.
#[inline(never)]
pub(super) fn parse_general(text: &str) -> Result<(Pattern, Marks), ReadError> {
    let mut cur = Cursor::new(text);
    if cur.is_empty() {
        return Err(cur.error(Expected::Move));
    }
    if is_result(text) {
        return Err(cur.error(Expected::MoveNotResult));
    }
    let pattern = match castling(&mut cur) {
        Some(side) => Pattern {
            shape: Shape::Castle(side),
            promotion: None,
        },
        None => {
            let piece = piece_name(&mut cur).ok_or_else(|| cur.error(Expected::EnglishPiece))?;
            let origin = origin(&mut cur)?;
            skip_spaces(&mut cur);
            if cur.eat('-') {
                skip_spaces(&mut cur);
                let to = square(&mut cur)?;
                let promotion = promotion(&mut cur)?;
                Pattern {
                    shape: Shape::Move { piece, origin, to },
                    promotion,
                }
            } else if cur.eat('x') || cur.eat('X') || cur.eat(':') {
                skip_spaces(&mut cur);
                let before = cur.clone();
                let target = piece_name(&mut cur).ok_or_else(|| cur.error(Expected::Captured))?;
                if target.role == Role::King {
                    return Err(before.error(Expected::NotKing));
                }
                let (at, promo) = capture_square(&mut cur)?;
                let promotion = match promo {
                    Some(r) => Some(r),
                    None => promotion(&mut cur)?,
                };
                Pattern {
                    shape: Shape::Capture {
                        piece,
                        origin,
                        target,
                        at,
                    },
                    promotion,
                }
            } else {
                return Err(cur.error(Expected::DashOrX));
            }
        }
    };
    let marks = marks(&mut cur)?;
    if !cur.is_empty() {
        return Err(cur.error(Expected::Suffix));
    }
    Ok((pattern, marks))
}

/// The shapes most moves have, `P-K4`, `N-KB3`, `B-N5ch`, `PxP`, `QxN`,
/// read byte by byte: the general grammar ([`parse_general`]) gives the same
/// pattern for them at several times the cost. Anything else returns `None`.
#[inline(always)]
pub(super) fn parse_plain(b: &[u8]) -> Option<(Pattern, Marks)> {
    let role = |c: u8| match c {
        b'P' => Some(Role::Pawn),
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    };
    let (&first, rest) = b.split_first()?;
    let piece = PieceName::plain(role(first)?);
    let (&sep, rest) = rest.split_first()?;
    let (shape, rest) = match sep {
        b'-' => {
            let (file, rest) = match rest {
                [b'K', b'R', rest @ ..] => (FileName::KR, rest),
                [b'K', b'N', rest @ ..] => (FileName::KN, rest),
                [b'K', b'B', rest @ ..] => (FileName::KB, rest),
                [b'Q', b'R', rest @ ..] => (FileName::QR, rest),
                [b'Q', b'N', rest @ ..] => (FileName::QN, rest),
                [b'Q', b'B', rest @ ..] => (FileName::QB, rest),
                [b'K', rest @ ..] => (FileName::K, rest),
                [b'Q', rest @ ..] => (FileName::Q, rest),
                [b'R', rest @ ..] => (FileName::R, rest),
                [b'N', rest @ ..] => (FileName::N, rest),
                [b'B', rest @ ..] => (FileName::B, rest),
                _ => return None,
            };
            let (&digit, rest) = rest.split_first()?;
            if !(b'1'..=b'8').contains(&digit) {
                return None;
            }
            let to = Spot {
                file: Some(file),
                rank: Some(Rank::new(u32::from(digit - b'1'))),
            };
            (
                Shape::Move {
                    piece,
                    origin: None,
                    to,
                },
                rest,
            )
        }
        b'x' => {
            let (&victim, rest) = rest.split_first()?;
            let target = PieceName::plain(role(victim).filter(|r| *r != Role::King)?);
            (
                Shape::Capture {
                    piece,
                    origin: None,
                    target,
                    at: None,
                },
                rest,
            )
        }
        _ => return None,
    };
    let check = match rest {
        b"" => CheckMark::None,
        b"ch" => CheckMark::Check,
        b"mate" => CheckMark::Mate,
        _ => return None,
    };
    Some((
        Pattern {
            shape,
            promotion: None,
        },
        Marks {
            check,
            en_passant: false,
            nag: None,
        },
    ))
}

pub(super) fn is_result(text: &str) -> bool {
    const RESULTS: [&str; 9] = [
        "1-0",
        "0-1",
        "1/2-1/2",
        "½-½",
        "1/2",
        "*",
        "draw",
        "drawn",
        "draw agreed",
    ];
    text.get(..6)
        .is_some_and(|head| head.eq_ignore_ascii_case("resign"))
        || RESULTS.iter().any(|r| text.eq_ignore_ascii_case(r))
}

pub(super) fn skip_spaces(cur: &mut Cursor<'_>) {
    while cur.eat(' ') || cur.eat('\t') {}
}

pub(super) fn eat_ci(cur: &mut Cursor<'_>, c: char) -> bool {
    cur.eat(c.to_ascii_uppercase()) || cur.eat(c.to_ascii_lowercase())
}

/// `O-O`, `0-0-0`, `Castles`, `Castles KR`; `Some(None)` is `Castles` alone.
pub(super) fn castling(cur: &mut Cursor<'_>) -> Option<Option<CastlingSide>> {
    // Every move is tried as castling first: most start with a piece letter.
    if !cur
        .peek()
        .is_some_and(|c| matches!(c, 'C' | 'c' | 'O' | 'o' | '0'))
    {
        return None;
    }
    if cur.eat_str_ci("castles") || cur.eat_str_ci("castle") {
        let save = cur.clone();
        skip_spaces(cur);
        const SIDES: [(&str, CastlingSide); 10] = [
            ("kingside", CastlingSide::KingSide),
            ("king side", CastlingSide::KingSide),
            ("king's side", CastlingSide::KingSide),
            ("queenside", CastlingSide::QueenSide),
            ("queen side", CastlingSide::QueenSide),
            ("queen's side", CastlingSide::QueenSide),
            ("KR", CastlingSide::KingSide),
            ("QR", CastlingSide::QueenSide),
            ("K", CastlingSide::KingSide),
            ("Q", CastlingSide::QueenSide),
        ];
        if let Some(&(_, side)) = SIDES.iter().find(|(w, _)| cur.eat_str_ci(w)) {
            return Some(Some(side));
        }
        *cur = save;
        return Some(None);
    }
    let mut probe = cur.clone();
    let mut count = 0;
    let mut dangling = false;
    while probe.peek().is_some_and(|c| matches!(c, 'O' | 'o' | '0')) {
        probe.bump();
        count += 1;
        dangling = probe.eat('-');
    }
    let side = match count {
        2 => CastlingSide::KingSide,
        3 => CastlingSide::QueenSide,
        _ => return None,
    };
    if dangling {
        return None;
    }
    *cur = probe;
    Some(Some(side))
}

/// `K` (when not the start of `Kt`) or `Q`.
pub(super) fn wing(cur: &mut Cursor<'_>) -> Option<Wing> {
    let mut probe = cur.clone();
    let wing = match probe.bump()?.to_ascii_uppercase() {
        'K' if !probe.peek().is_some_and(|c| c.eq_ignore_ascii_case(&'t')) => Wing::King,
        'Q' => Wing::Queen,
        _ => return None,
    };
    *cur = probe;
    Some(wing)
}

/// `R`, `N`, `Kt` or `B`.
pub(super) fn minor(cur: &mut Cursor<'_>) -> Option<Role> {
    let role = match cur.peek()?.to_ascii_uppercase() {
        'K' if cur.eat_str_ci("kt") => return Some(Role::Knight),
        'R' => Role::Rook,
        'N' => Role::Knight,
        'B' => Role::Bishop,
        _ => return None,
    };
    cur.bump();
    Some(role)
}

pub(super) fn piece_name(cur: &mut Cursor<'_>) -> Option<PieceName> {
    let save = cur.clone();
    let wing = wing(cur);
    let minor = minor(cur);
    if eat_ci(cur, 'P') {
        return Some(PieceName {
            role: Role::Pawn,
            qual: FileName::of(wing, minor),
        });
    }
    match (wing, minor) {
        (Some(w), None) => Some(PieceName::plain(if w == Wing::King {
            Role::King
        } else {
            Role::Queen
        })),
        (w, Some(m)) => Some(PieceName {
            role: m,
            qual: w.and_then(|_| FileName::of(w, Some(m))),
        }),
        (None, None) => {
            *cur = save;
            None
        }
    }
}

pub(super) fn file_name(cur: &mut Cursor<'_>) -> Option<FileName> {
    let save = cur.clone();
    let wing = wing(cur);
    let minor = minor(cur);
    let name = FileName::of(wing, minor);
    if name.is_none() {
        *cur = save;
    }
    name
}

/// A rank digit, or `Sq` (older texts: `R-K.Sq.` is R-K1).
pub(super) fn rank(cur: &mut Cursor<'_>) -> Option<Rank> {
    if let Some(r) = cur.rank() {
        return Some(r);
    }
    let mut probe = cur.clone();
    probe.eat('.');
    if probe.eat_str_ci("sq") {
        probe.eat('.');
        *cur = probe;
        return Some(Rank::First);
    }
    None
}

/// A file, a rank or both.
pub(super) fn spot(cur: &mut Cursor<'_>) -> Option<Spot> {
    let file = file_name(cur);
    let rank = rank(cur);
    (file.is_some() || rank.is_some()).then_some(Spot { file, rank })
}

pub(super) fn square(cur: &mut Cursor<'_>) -> Result<Spot, ReadError> {
    let file = file_name(cur).ok_or_else(|| cur.error(Expected::DescSquare))?;
    let rank = rank(cur).ok_or_else(|| cur.error(Expected::Rank))?;
    Ok(Spot {
        file: Some(file),
        rank: Some(rank),
    })
}

/// `R(QR3)`, `N(B3)`, `R(1)`, `N/5`: where the moving piece stands.
pub(super) fn origin(cur: &mut Cursor<'_>) -> Result<Option<Spot>, ReadError> {
    let close = if cur.eat('(') {
        true
    } else if cur.eat('/') {
        false
    } else {
        return Ok(None);
    };
    let s = spot(cur).ok_or_else(|| cur.error(Expected::DescOrigin))?;
    if close && !cur.eat(')') {
        return Err(cur.error(Expected::CloseParen));
    }
    Ok(Some(s))
}

/// A promotion piece letter.
pub(super) fn promo_letter(cur: &mut Cursor<'_>) -> Option<Role> {
    if cur.eat_str_ci("kt") {
        return Some(Role::Knight);
    }
    let role = match cur.peek()?.to_ascii_uppercase() {
        'Q' => Role::Queen,
        'R' => Role::Rook,
        'B' => Role::Bishop,
        'N' => Role::Knight,
        _ => return None,
    };
    cur.bump();
    Some(role)
}

/// `=Q`, `(Q)`, `/Q` or a bare `Q` after the destination.
pub(super) fn promotion(cur: &mut Cursor<'_>) -> Result<Option<Role>, ReadError> {
    // Most moves end at their square: nothing to look for.
    if cur.is_empty() {
        return Ok(None);
    }
    let save = cur.clone();
    skip_spaces(cur);
    let close = if cur.eat('(') {
        Some(')')
    } else if cur.eat('=') || cur.eat('/') {
        None
    } else {
        *cur = save;
        return Ok(promo_letter(cur));
    };
    let role = promo_letter(cur).ok_or_else(|| cur.error(Expected::PromotionPiece))?;
    if let Some(c) = close
        && !cur.eat(c)
    {
        return Err(cur.error(Expected::CloseParen));
    }
    Ok(Some(role))
}

/// After a captured piece: `/QB6` or `(R6)` names the square, and `(Q)` or
/// `/Q` may instead be the promotion piece.
pub(super) fn capture_square(
    cur: &mut Cursor<'_>,
) -> Result<(Option<Spot>, Option<Role>), ReadError> {
    let start = cur.clone();
    if cur.eat('(') {
        let after = cur.clone();
        if let Some(role) = promo_letter(cur)
            && cur.eat(')')
        {
            return Ok((None, Some(role)));
        }
        *cur = after;
        let s = spot(cur).ok_or_else(|| cur.error(Expected::SquareOrPromotion))?;
        if !cur.eat(')') {
            return Err(cur.error(Expected::CloseParen));
        }
        return Ok((Some(s), None));
    }
    if cur.eat('/') {
        let after = cur.clone();
        // Without a rank, `/Q` is the promotion piece, not the queen's file.
        if let Some(s) = spot(cur).filter(|s| s.rank.is_some()) {
            return Ok((Some(s), None));
        }
        *cur = after;
        if let Some(role) = promo_letter(cur) {
            return Ok((None, Some(role)));
        }
        return Err(cur.error(Expected::SquareOrPromotion));
    }
    // The square without a slash: `KtxPK5`, `BxPB2` (seed 001's game); a
    // whole square, so that SAN's `Qxb6` is not the queen taking a bishop on the sixth.
    if let Some(s) = spot(cur).filter(|s| s.file.is_some() && s.rank.is_some()) {
        return Ok((Some(s), None));
    }
    *cur = start;
    Ok((None, None))
}

/// `e.p.`, a check or mate sign and an annotation glyph, in any order.
pub(super) fn marks(cur: &mut Cursor<'_>) -> Result<Marks, ReadError> {
    let mut marks = Marks {
        check: CheckMark::None,
        en_passant: false,
        nag: None,
    };
    loop {
        skip_spaces(cur);
        let save = cur.clone();
        if cur.is_empty() {
            return Ok(marks);
        }
        if !marks.en_passant
            && ["e.p.", "e. p.", "e.p", "ep.", "ep"]
                .iter()
                .any(|w| cur.eat_str_ci(w))
        {
            marks.en_passant = true;
        } else if marks.check == CheckMark::None
            && let Some(mark) = check_mark(cur)
        {
            marks.check = mark;
        } else if marks.nag.is_none()
            && let Some(n) = nag(cur)
        {
            marks.nag = Some(n);
        } else {
            *cur = save;
            return Ok(marks);
        }
    }
}

pub(super) fn check_mark(cur: &mut Cursor<'_>) -> Option<CheckMark> {
    for w in ["checkmate", "check mate", "mate", "#"] {
        if cur.eat_str_ci(w) {
            cur.eat('.');
            return Some(CheckMark::Mate);
        }
    }
    if cur.eat_str("++") {
        return Some(CheckMark::Double);
    }
    if cur.eat('+') {
        return Some(CheckMark::Check);
    }
    // `dis ch`, `dis.ch.`, `dbl ch`, `dblch`, `double check`, plain `ch`.
    for kind in ["discovered", "double", "disc", "dis", "dbl", ""] {
        let mut probe = cur.clone();
        if !probe.eat_str_ci(kind) {
            continue;
        }
        probe.eat('.');
        skip_spaces(&mut probe);
        if probe.eat_str_ci("check") || probe.eat_str_ci("ch") {
            probe.eat('.');
            *cur = probe;
            return Some(CheckMark::Check);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte reader gives the general grammar's pattern for every text it
    /// takes: every text of up to five bytes over the letters, signs and
    /// digits of the plain shapes (and a few that are not), and every plain
    /// move to each named square.
    #[test]
    fn plain_reader_agrees_with_the_grammar() {
        const ALPHABET: &[u8] = b"PNBRQK-x19ch";
        let mut texts = vec![Vec::new()];
        let mut taken = 0;
        for _ in 0..5 {
            let longer: Vec<Vec<u8>> = texts
                .iter()
                .flat_map(|t| {
                    ALPHABET.iter().map(move |&c| {
                        let mut t = t.clone();
                        t.push(c);
                        t
                    })
                })
                .collect();
            for text in &longer {
                let Some(plain) = parse_plain(text) else {
                    continue;
                };
                taken += 1;
                let text = std::str::from_utf8(text).unwrap_or_default();
                assert_eq!(parse_general(text), Ok(plain), "{text}");
            }
            texts = longer;
        }
        let files = ["R", "N", "B", "QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];
        for piece in ["P", "N", "B", "R", "Q", "K"] {
            for file in files {
                for rank in 1..=8 {
                    for marks in ["", "ch", "mate"] {
                        let text = format!("{piece}-{file}{rank}{marks}");
                        let plain = parse_plain(text.as_bytes());
                        assert!(plain.is_some(), "{text}");
                        assert_eq!(plain.ok_or(()), parse_general(&text).map_err(|_| ()));
                    }
                }
            }
        }
        assert!(taken > 100, "only {taken} texts read by the byte reader");
    }
}
