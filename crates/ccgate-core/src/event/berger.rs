//! Berger tables (FIDE Handbook C.05, Annex 1), the pairing tables
//! correspondence federations use for round-robin sections.
//!
//! With `n` players (a bye makes `n` even), player `n` is fixed and the
//! others turn around it: in round `r` the player `p` with `2p ≡ r + 1
//! (mod n − 1)` meets player `n` on board 1 (`p` White in odd rounds), and
//! on board `k + 1` player `p + k` (White) meets `p − k`, both counted in
//! `1..n − 1`. This reproduces the published tables exactly (round 1 of
//! eight: 1–8, 2–7, 3–6, 4–5; round 2: 8–5, 6–4, 7–3, 1–2).

/// One game of the table: seat numbers from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    pub round: u32,
    pub board: u32,
    pub white: usize,
    pub black: usize,
}

/// The games of a round robin of `players` seats, round by round and board
/// by board. With an odd number the seat that would meet the bye rests. A
/// double round robin repeats the cycle with colours reversed (rounds
/// `n − 1 + r`). Fewer than two players: no games.
pub fn round_robin(players: usize, double: bool) -> Vec<Pairing> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let m = n - 1;
    // Seats 1..=m in modular arithmetic (0 is written m).
    let wrap = |x: usize| {
        let r = x % m;
        if r == 0 { m } else { r }
    };
    let mut first = Vec::new();
    for round in 1..=m {
        let p = (1..=m)
            .find(|&a| (2 * a) % m == (round + 1) % m)
            .unwrap_or(1);
        let mut board = 0u32;
        let mut push = |white: usize, black: usize| {
            if white <= players && black <= players {
                board += 1;
                first.push(Pairing {
                    round: round as u32,
                    board,
                    white,
                    black,
                });
            }
        };
        if round % 2 == 1 {
            push(p, n);
        } else {
            push(n, p);
        }
        for k in 1..n / 2 {
            push(wrap(p + k), wrap(p + m - k));
        }
    }
    if !double {
        return first;
    }
    let second: Vec<Pairing> = first
        .iter()
        .map(|g| Pairing {
            round: g.round + m as u32,
            board: g.board,
            white: g.black,
            black: g.white,
        })
        .collect();
    first.extend(second);
    first
}
