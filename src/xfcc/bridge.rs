//! What one poll of a bridged game decides, as values: the remote game as
//! `GetMyGames` lists it against ccgate's mirror of it. The remote server
//! is the authority; a remote move is known by its game and ply, so a
//! move relayed once is never relayed again, and our move is sent again
//! only while the remote game shows it missing.

use super::games::XfccGame;

/// The plies (half-moves) of PGN movetext, in order: move numbers
/// (`12.`, `12...`), results, comments and annotation glyphs dropped.
pub fn plies(movetext: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    for token in movetext.split_whitespace() {
        // Comments and variations are skipped whole, nested or not.
        let opens = token.matches(['{', '(']).count();
        let closes = token.matches(['}', ')']).count();
        let was = depth;
        depth = (depth + opens).saturating_sub(closes);
        if was > 0 || opens > 0 {
            continue;
        }
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            continue;
        }
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if token.is_empty() || token.starts_with('$') {
            continue;
        }
        out.push(token.to_string());
    }
    out
}

/// Our move for the game, journaled and not yet seen on the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// Its ply, 0 for White's first move.
    pub ply: usize,
    pub san: String,
}

/// One thing a poll does, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The opponent's move at `ply`, new to the mirror: told to the player.
    Relay { ply: usize, san: String },
    /// Our move at `ply` is on the server: the mirror takes it, the
    /// pending move is done.
    Confirmed { ply: usize },
    /// Our pending move is missing and it is our turn: sent (again) with
    /// `movecount` the full-move number Xfcc wants.
    Send { movecount: u32, san: String },
    /// The server's game contradicts the mirror (a move taken back, or
    /// another move at a ply the mirror holds): nothing is sent, the
    /// director is told.
    Diverged {
        ply: usize,
        ours: String,
        theirs: String,
    },
}

/// Whether two SAN texts name one move: servers differ in the check and
/// mate signs and annotation glyphs they write.
fn same(a: &str, b: &str) -> bool {
    let bare = |s: &str| s.trim_end_matches(['+', '#', '!', '?']).to_string();
    !a.is_empty() && bare(a) == bare(b)
}

/// The steps of one poll of `remote`, whose mirror holds `known` plies and
/// `pending`, our move not yet seen remotely.
pub fn reconcile(known: &[String], pending: Option<&Pending>, remote: &XfccGame) -> Vec<Step> {
    let theirs = plies(&remote.moves);
    if let Some((ply, (ours, theirs))) = known
        .iter()
        .zip(theirs.iter().chain(std::iter::repeat(&String::new())))
        .enumerate()
        .find(|(_, (a, b))| !same(a, b))
    {
        return vec![Step::Diverged {
            ply,
            ours: ours.clone(),
            theirs: theirs.clone(),
        }];
    }
    let mine = |ply: usize| ply.is_multiple_of(2) == remote.has_white;
    let mut steps = Vec::new();
    let mut pending = pending.cloned();
    for (ply, san) in theirs.iter().enumerate().skip(known.len()) {
        if !mine(ply) {
            steps.push(Step::Relay {
                ply,
                san: san.clone(),
            });
            continue;
        }
        match pending.take() {
            Some(p) if p.ply == ply && same(&p.san, san) => steps.push(Step::Confirmed { ply }),
            // Our move on the server that ccgate did not send (played from
            // another client) or not this one: the server's stands.
            other => {
                if let Some(p) = other {
                    steps.push(Step::Diverged {
                        ply,
                        ours: p.san,
                        theirs: san.clone(),
                    });
                    return steps;
                }
                steps.push(Step::Confirmed { ply });
            }
        }
    }
    if let Some(p) = pending
        && p.ply == theirs.len()
        && mine(p.ply)
        && remote.my_turn
    {
        steps.push(Step::Send {
            movecount: u32::try_from(p.ply / 2 + 1).unwrap_or(u32::MAX),
            san: p.san,
        });
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xfcc::games::XfccResult;

    fn remote(moves: &str, has_white: bool) -> XfccGame {
        let n = plies(moves).len();
        XfccGame {
            id: 7,
            white: "w".into(),
            black: "b".into(),
            event: String::new(),
            site: String::new(),
            event_date: String::new(),
            round: 0,
            board: 0,
            my_turn: n.is_multiple_of(2) == has_white,
            has_white,
            minutes_player: 0,
            minutes_opponent: 0,
            moves: moves.into(),
            draw_offered: false,
            result: XfccResult::Ongoing,
            time_control: String::new(),
            fen: None,
        }
    }

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn movetext_is_cut_into_plies() {
        assert_eq!(
            plies("1. e4 e5 2.Nf3 {a comment (here)} 2... Nc6 $1 (2... d6 3. d4) 3. Bb5 1-0"),
            s(&["e4", "e5", "Nf3", "Nc6", "Bb5"])
        );
        assert!(plies("").is_empty());
    }

    #[test]
    fn each_new_opponent_move_is_relayed_once_by_its_ply() {
        let g = remote("1. e4 e5 2. Nf3", false);
        assert_eq!(
            reconcile(&[], None, &g),
            vec![
                Step::Relay {
                    ply: 0,
                    san: "e4".into()
                },
                Step::Confirmed { ply: 1 },
                Step::Relay {
                    ply: 2,
                    san: "Nf3".into()
                },
            ]
        );
        // Polled again with the mirror up to date: nothing.
        assert_eq!(reconcile(&s(&["e4", "e5", "Nf3"]), None, &g), vec![]);
    }

    #[test]
    fn a_pending_move_is_sent_only_while_the_server_lacks_it() {
        let pending = Pending {
            ply: 1,
            san: "c5".into(),
        };
        let before = remote("1. e4", false);
        assert_eq!(
            reconcile(&s(&["e4"]), Some(&pending), &before),
            vec![Step::Send {
                movecount: 1,
                san: "c5".into()
            }]
        );
        // Sent before a crash and taken by the server: confirmed, not resent.
        let after = remote("1. e4 c5 2. Nf3", false);
        assert_eq!(
            reconcile(&s(&["e4"]), Some(&pending), &after),
            vec![
                Step::Confirmed { ply: 1 },
                Step::Relay {
                    ply: 2,
                    san: "Nf3".into()
                },
            ]
        );
    }

    #[test]
    fn check_signs_and_glyphs_do_not_make_a_move_another() {
        let pending = Pending {
            ply: 1,
            san: "Qh4#".into(),
        };
        let g = remote("1. f3 e5 2. g4 Qh4", false);
        assert_eq!(
            reconcile(
                &s(&["f3", "e5", "g4+"]),
                Some(&Pending { ply: 3, ..pending }),
                &g
            ),
            vec![Step::Confirmed { ply: 3 }]
        );
    }

    #[test]
    fn a_contradicting_server_is_reported_and_nothing_is_sent() {
        let pending = Pending {
            ply: 1,
            san: "c5".into(),
        };
        assert_eq!(
            reconcile(&s(&["e4"]), Some(&pending), &remote("1. e4 e5", false)),
            vec![Step::Diverged {
                ply: 1,
                ours: "c5".into(),
                theirs: "e5".into()
            }]
        );
        assert_eq!(
            reconcile(&s(&["e4", "e5"]), None, &remote("1. d4", false)),
            vec![Step::Diverged {
                ply: 0,
                ours: "e4".into(),
                theirs: "d4".into()
            }]
        );
        assert_eq!(
            reconcile(&s(&["e4", "e5"]), None, &remote("1. e4", true)),
            vec![Step::Diverged {
                ply: 1,
                ours: "e5".into(),
                theirs: String::new()
            }]
        );
    }
}
