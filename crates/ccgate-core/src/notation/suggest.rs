//! "Did you mean": legal moves one telegraph or typing error away from a
//! code that names no legal move.
//!
//! The typical errors on a telegraph line or a phone keypad are one character
//! received wrong and two neighbouring characters swapped; both are tried
//! against the code of every legal move.

use shakmaty::{Chess, Position};

use super::error::Candidate;
use super::{Notation, WriteOptions, write_move};

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
pub(crate) fn near_misses(pos: &Chess, text: &str, notation: Notation) -> Vec<Candidate> {
    let typed: Vec<char> = text.chars().map(|c| c.to_ascii_lowercase()).collect();
    let opts = WriteOptions::default();
    pos.legal_moves()
        .into_iter()
        .filter_map(|mv| {
            let code = write_move(pos, mv, notation, &opts);
            let chars: Vec<char> = code.chars().collect();
            // Compare the move part only when the text carries suffix letters.
            let typed = if typed.len() > chars.len() {
                &typed[..chars.len()]
            } else {
                &typed[..]
            };
            one_slip(typed, &chars).then_some(Candidate { mv, text: code })
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
}
