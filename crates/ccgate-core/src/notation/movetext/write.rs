//! Writing a game's main line as one line of movetext.

use super::*;

/// The main line with move numbers, ending with the result token:
/// `1. 5254 5755 2. 7163 *`. A game cut short by an error ends with `*`.
pub fn write_movetext(game: &Game, notation: Notation, opts: &WriteOptions) -> String {
    let mut out = String::with_capacity(game.line.len() * 7 + 8);
    let mut pos = game.start.clone();
    // The square codes are written from the move alone: no position to replay.
    let replay = notation.needs_position();
    let (mut turn, mut fullmoves) = (pos.turn(), pos.fullmoves().get());
    for (i, node) in game.line.iter().enumerate() {
        number(turn, fullmoves, i == 0, &mut out);
        write_node(&pos, node.mv, notation, opts, &mut out);
        if let Some(notes) = node.notes.as_deref() {
            write_marks(notes, node.mv.is_some(), turn, notation, &mut out);
        }
        out.push(' ');
        if replay {
            play(&mut pos, node.mv);
        }
        if turn == Color::Black {
            fullmoves += 1;
        }
        turn = !turn;
    }
    out.push_str(result_of(game));
    out
}

/// What one-line output writes after a move: its move mark glued (`e5!?`),
/// the draw offer glued as on a FIDE scoresheet (`Kb1(=)`), then each
/// evaluation symbol, or `$n` for a NAG without one, and each symbol kept as
/// a comment. UCI carries no draw offer, and the codes and UCI no glyphs.
/// After a null move nothing is glued (`glue` false): `--!` is a token no
/// reader takes for a move.
pub(super) fn write_marks(
    notes: &Notes,
    glue: bool,
    moved: Color,
    notation: Notation,
    out: &mut String,
) {
    let glyphs = notation.takes_glyphs();
    let mut rest = Vec::new();
    // One move mark is glued: two (`$1 $2`, `!` and `?`) glued would be
    // `!?`, another mark, and three (`!!?`) no mark a reader takes.
    let mut glued = false;
    for &nag in notes.nags.iter().filter(|_| glyphs) {
        match crate::notation::glyphs::write(nag, moved) {
            Some(g)
                if glue
                    && !glued
                    && crate::notation::glyphs::is_move_mark(nag)
                    && rest.is_empty() =>
            {
                glued = true;
                out.push_str(g)
            }
            Some(g) => rest.push(g.to_string()),
            None => rest.push(format!("${nag}")),
        }
    }
    if notes.draw_offer && notation != Notation::Uci {
        if !glue {
            out.push(' ');
        }
        out.push_str(crate::notation::DRAW_OFFER);
    }
    let symbols = notes
        .comments
        .iter()
        .filter(|c| glyphs && crate::notation::glyphs::is_comment_glyph(c));
    for word in rest
        .iter()
        .map(String::as_str)
        .chain(symbols.map(String::as_str))
    {
        out.push(' ');
        out.push_str(word);
    }
}

/// The result token written after the moves.
pub fn result_of(game: &Game) -> &str {
    match (&game.error, &game.result) {
        (None, Some(r)) => r.as_str(),
        _ => "*",
    }
}

/// Writes `12. ` before White's move, and `12... ` before Black's when it starts a line.
pub(crate) fn number(turn: Color, fullmoves: u32, first: bool, out: &mut String) {
    if turn == Color::White {
        push_number(fullmoves, out);
        out.push_str(". ");
    } else if first {
        push_number(fullmoves, out);
        out.push_str("... ");
    }
}

/// Decimal digits without the formatting machinery, which costs more than
/// writing a move.
pub(super) fn push_number(n: u32, out: &mut String) {
    let digit = |d: u32| char::from(b'0' + (d % 10) as u8);
    // Move numbers of one or two digits, nearly all of them, pushed as
    // they are: checking a buffer as UTF-8 costs more than the number.
    if n < 100 {
        if n >= 10 {
            out.push(digit(n / 10));
        }
        out.push(digit(n));
        return;
    }
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Pushed as one string: ASCII digits are always UTF-8.
    if let Ok(text) = std::str::from_utf8(&digits[i..]) {
        out.push_str(text);
    }
}

/// Writes a move, or `--` for a null move (`0000` in UCI).
pub(crate) fn write_node(
    pos: &Chess,
    mv: Option<Move>,
    notation: Notation,
    opts: &WriteOptions,
    out: &mut String,
) {
    match mv {
        Some(m) => append_move(pos, m, notation, opts, out),
        None if notation == Notation::Uci => out.push_str("0000"),
        None => out.push_str("--"),
    }
}

#[cfg(test)]
mod tests {
    use super::push_number;

    /// The short cut for one and two digits and the general loop write the
    /// same digits as the formatting machinery.
    #[test]
    fn push_number_writes_decimal_digits() {
        for n in (0..1_200).chain([9_999, 10_000, 65_536, u32::MAX]) {
            let mut out = String::from("x");
            push_number(n, &mut out);
            assert_eq!(out, format!("x{n}"));
        }
    }
}
