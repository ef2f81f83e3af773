//! "Did you mean": legal moves close to a text that names none, in every
//! notation, best first, at most [`MAX`].
//!
//! The slips tried, from the likeliest:
//! 1. the piece letters of another language (a German's `Bxf3` for `Lxf3`,
//!    an English player's `Sf3` for `Nf3`), a capture sign missing or extra,
//!    one character too many in a code (the ICCF code inside `52544`);
//! 2. two neighbouring characters swapped, or a code's two squares
//!    exchanged (`5452`, a Uedemann pair transposed: `goge`);
//! 3. one key off on a keyboard (`Nf4` for `Nf3`), or for a code one
//!    character received wrong (a telegraph or keypad slip);
//! 4. one character too many in a move whose letters all mean something.
//!
//! Every variant is read in the notation being read; only legal moves
//! count, so a suggestion is always a move the player can make.

use shakmaty::{Chess, Move, Position};

use super::error::{Candidate, ReadError};
use super::{Lang, Notation, WriteOptions, read_one, write_move};

/// At most this many suggestions.
pub const MAX: usize = 3;

/// Fills in the suggestions of a reading error: a malformed or illegal
/// text gets them, an ambiguous one already lists its candidates.
pub(crate) fn attach(
    pos: &Chess,
    text: &str,
    notation: Notation,
    lang: Lang,
    mut error: ReadError,
) -> ReadError {
    if let ReadError::Malformed { did_you_mean, .. } | ReadError::Illegal { did_you_mean, .. } =
        &mut error
    {
        *did_you_mean = suggestions(pos, text, notation, lang);
    }
    error
}

/// The legal moves a mistyped text probably meant, best first.
pub fn suggestions(pos: &Chess, text: &str, notation: Notation, lang: Lang) -> Vec<Candidate> {
    let typed = super::text::normalize(text);
    let chars: Vec<char> = typed.chars().collect();
    // Every variant is read; a long text is no move anyone mistyped.
    if chars.is_empty() || chars.len() > 12 {
        return Vec::new();
    }
    // Per move: its best tier, and how many slips of that tier lead to it
    // (`Sf3` is a knight in many languages, a pawn only in Finnish).
    let mut found: Vec<(u8, usize, Move)> = Vec::new();
    let mut add = |tier: u8, mv: Move| match found.iter_mut().find(|(_, _, m)| *m == mv) {
        Some(f) if f.0 == tier => f.1 += 1,
        Some(f) if tier < f.0 => *f = (tier, 1, mv),
        Some(_) => {}
        None => found.push((tier, 1, mv)),
    };
    let mut try_text = |tier: u8, variant: &str, lang: Lang| {
        if let Ok(r) = read_one(pos, variant, notation, lang) {
            add(tier, r.mv);
        }
    };
    if matches!(notation, Notation::San | Notation::Lan | Notation::Figurine) {
        for &other in Lang::ALL.iter().filter(|&&l| l != lang) {
            try_text(1, &typed, other);
        }
    }
    for variant in capture_fixes(&chars) {
        try_text(1, &variant, lang);
    }
    // One character too many: likely in a code (`52544`), less so in a move
    // whose letters all mean something.
    let extra = if notation.is_code() { 1 } else { 4 };
    for i in 0..chars.len() {
        let mut v = chars.clone();
        v.remove(i);
        try_text(extra, &v.iter().collect::<String>(), lang);
    }
    for i in 1..chars.len() {
        let mut v = chars.clone();
        v.swap(i - 1, i);
        try_text(2, &v.iter().collect::<String>(), lang);
    }
    if notation.is_code() && chars.len() >= 4 {
        // The two squares exchanged: `5452` for `5254`, `goge` for `gego`.
        let mut v: Vec<char> = chars[2..4].to_vec();
        v.extend_from_slice(&chars[..2]);
        v.extend_from_slice(&chars[4..]);
        try_text(2, &v.iter().collect::<String>(), lang);
    }
    if notation.is_code() {
        for c in near_misses(pos, &typed, notation) {
            add(3, c);
        }
    } else {
        for i in 0..chars.len() {
            for &n in neighbours(chars[i]) {
                let mut v = chars.clone();
                v[i] = n;
                try_text(3, &v.iter().collect::<String>(), lang);
            }
        }
    }
    // Best first; within a tier, the most often reached, then in the order of the legal moves.
    let legal = pos.legal_moves();
    let order = |m: &Move| legal.iter().position(|l| l == m).unwrap_or(usize::MAX);
    found.sort_by_key(|(tier, votes, m)| (*tier, std::cmp::Reverse(*votes), order(m)));
    // A code with one digit too many holds the code meant (`52544` holds
    // `5254`): a code one key off beside it would only make the player
    // choose.
    if notation.is_code() && found.first().is_some_and(|f| f.0 == 1) {
        found.retain(|f| f.0 == 1);
    }
    let opts = WriteOptions::new(lang);
    found
        .into_iter()
        .take(MAX)
        .map(|(_, _, mv)| Candidate {
            mv,
            text: write_move(pos, mv, notation, &opts),
        })
        .collect()
}

/// The text with its capture sign removed, or with one put before the
/// destination square when there is none.
fn capture_fixes(chars: &[char]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, c) in chars.iter().enumerate() {
        if matches!(c, 'x' | ':') {
            let mut v = chars.to_vec();
            v.remove(i);
            out.push(v.into_iter().collect());
        }
    }
    // A pawn capture without the pawn's file: `d6` → `exd6`, `cxd6`, …
    if let [f @ 'a'..='h', '1'..='8'] = chars {
        for from in ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] {
            if from != *f {
                out.push([from, 'x', chars[0], chars[1]].into_iter().collect());
            }
        }
    }
    if out.is_empty() && chars.len() >= 3 {
        // Before the last file letter followed by a rank: `Nf3` → `Nxf3`, `ed5` → `exd5`.
        if let Some(i) = (0..chars.len() - 1)
            .rev()
            .find(|&i| matches!(chars[i], 'a'..='h') && matches!(chars[i + 1], '1'..='8'))
            .filter(|&i| i > 0)
        {
            let mut v = chars.to_vec();
            v.insert(i, 'x');
            out.push(v.into_iter().collect());
        }
    }
    out
}

/// Keys next to a key on a QWERTY keyboard, the case kept.
fn neighbours(c: char) -> &'static [char] {
    match c {
        'a' => &['q', 'w', 's', 'z'],
        'b' => &['v', 'g', 'h', 'n'],
        'c' => &['x', 'd', 'f', 'v'],
        'd' => &['s', 'e', 'r', 'f', 'c', 'x'],
        'e' => &['w', 's', 'd', 'r'],
        'f' => &['d', 'r', 't', 'g', 'v', 'c'],
        'g' => &['f', 't', 'y', 'h', 'b', 'v'],
        'h' => &['g', 'y', 'u', 'j', 'n', 'b'],
        'B' => &['V', 'G', 'H', 'N'],
        'K' => &['J', 'I', 'O', 'L', 'M'],
        'N' => &['B', 'H', 'J', 'M'],
        'Q' => &['W', 'A'],
        'R' => &['E', 'D', 'F', 'T'],
        'D' => &['S', 'E', 'R', 'F', 'C', 'X'],
        'L' => &['K', 'O', 'P'],
        'S' => &['A', 'W', 'E', 'D', 'X', 'Z'],
        'T' => &['R', 'F', 'G', 'Y'],
        'P' => &['O', 'L'],
        'C' => &['X', 'D', 'F', 'V'],
        'F' => &['D', 'R', 'T', 'G', 'V', 'C'],
        '1' => &['2', 'q'],
        '2' => &['1', '3', 'q', 'w'],
        '3' => &['2', '4', 'w', 'e'],
        '4' => &['3', '5', 'e', 'r'],
        '5' => &['4', '6', 'r', 't'],
        '6' => &['5', '7', 't', 'y'],
        '7' => &['6', '8', 'y', 'u'],
        '8' => &['7', '9', 'u', 'i'],
        _ => &[],
    }
}

/// Whether `a` becomes `b` by one substituted character or one swap of
/// neighbours.
fn one_slip(a: &[char], b: &[char]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    match diff.as_slice() {
        [_] => true,
        [i, j] => *j == i + 1 && a[*i] == b[*j] && a[*j] == b[*i],
        _ => false,
    }
}

/// Legal moves whose code is one slip away from `text`.
fn near_misses(pos: &Chess, text: &str, notation: Notation) -> Vec<Move> {
    let typed: Vec<char> = text.chars().map(|c| c.to_ascii_lowercase()).collect();
    let opts = WriteOptions::default();
    pos.legal_moves()
        .into_iter()
        .filter(|&mv| {
            let code = write_move(pos, mv, notation, &opts);
            let chars: Vec<char> = code.chars().collect();
            // Compare the move part only when the text carries suffix letters.
            let typed = if typed.len() > chars.len() {
                &typed[..chars.len()]
            } else {
                &typed[..]
            };
            one_slip(typed, &chars)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn slips() {
        assert!(one_slip(&v("5254"), &v("5264")));
        assert!(one_slip(&v("2554"), &v("5254")));
        assert!(!one_slip(&v("5254"), &v("5254")));
        assert!(!one_slip(&v("4525"), &v("5254")));
        assert!(!one_slip(&v("525"), &v("5254")));
    }

    #[test]
    fn capture_sign_put_in_or_taken_out() {
        assert_eq!(capture_fixes(&v("Nf3")), ["Nxf3"]);
        assert_eq!(capture_fixes(&v("ed5")), ["exd5"]);
        assert_eq!(capture_fixes(&v("Nxf3")), ["Nf3"]);
    }
}
