//! The move-message protocol: one plain-text grammar for every channel, and
//! the composition of replies. Pure: no store, transport or tokio.

pub mod address;
pub mod callsign;
pub mod grammar;
pub mod l10n;
pub mod mistake;
pub mod sms;
pub mod words;

/// Whether a number has the shape of an ICCF move: four or five digits, the
/// first four 1–8 and a fifth 1–4. Game ids are never given such numbers, so
/// a bare number in a message is a game id or a move, never both.
///
/// ```
/// use ccgate_core::protocol::is_iccf_shaped;
/// assert!(is_iccf_shaped(5254) && is_iccf_shaped(57581));
/// assert!(!is_iccf_shaped(12) && !is_iccf_shaped(5290) && !is_iccf_shaped(57585));
/// ```
pub fn is_iccf_shaped(n: u64) -> bool {
    let digits = n.to_string();
    let b = digits.as_bytes();
    matches!(b.len(), 4 | 5)
        && b[..4].iter().all(|d| (b'1'..=b'8').contains(d))
        && b.get(4).is_none_or(|d| (b'1'..=b'4').contains(d))
}
