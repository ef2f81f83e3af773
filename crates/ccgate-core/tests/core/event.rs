//! Berger tables against the published ones, and crosstables worked by hand.

use std::collections::HashSet;

use ccgate_core::event::berger::{Pairing, round_robin};
use ccgate_core::event::standings::{Played, Rules, standings};
use ccgate_core::game::outcome::GameResult;

fn round(table: &[Pairing], r: u32) -> Vec<(usize, usize)> {
    table
        .iter()
        .filter(|p| p.round == r)
        .map(|p| (p.white, p.black))
        .collect()
}

#[test]
fn berger_tables_match_fide_c05_annex_1() {
    // FIDE Handbook C.05 Annex 1, the tables for 4, 6 and 8 players.
    let four = round_robin(4, false);
    assert_eq!(round(&four, 1), [(1, 4), (2, 3)]);
    assert_eq!(round(&four, 2), [(4, 3), (1, 2)]);
    assert_eq!(round(&four, 3), [(2, 4), (3, 1)]);
    let six = round_robin(6, false);
    assert_eq!(round(&six, 1), [(1, 6), (2, 5), (3, 4)]);
    assert_eq!(round(&six, 2), [(6, 4), (5, 3), (1, 2)]);
    assert_eq!(round(&six, 3), [(2, 6), (3, 1), (4, 5)]);
    assert_eq!(round(&six, 4), [(6, 5), (1, 4), (2, 3)]);
    assert_eq!(round(&six, 5), [(3, 6), (4, 2), (5, 1)]);
    let eight = round_robin(8, false);
    assert_eq!(round(&eight, 1), [(1, 8), (2, 7), (3, 6), (4, 5)]);
    assert_eq!(round(&eight, 2), [(8, 5), (6, 4), (7, 3), (1, 2)]);
    assert_eq!(round(&eight, 3), [(2, 8), (3, 1), (4, 7), (5, 6)]);
    assert_eq!(round(&eight, 7), [(4, 8), (5, 3), (6, 2), (7, 1)]);
}

#[test]
fn seven_players_double_meet_everyone_once_with_each_colour() {
    let table = round_robin(7, true);
    assert_eq!(table.len(), 42);
    let pairs: HashSet<(usize, usize)> = table.iter().map(|p| (p.white, p.black)).collect();
    assert_eq!(pairs.len(), 42, "every ordered pair once");
    for a in 1..=7 {
        for b in 1..=7 {
            assert_eq!(pairs.contains(&(a, b)), a != b);
        }
    }
    // Fourteen rounds, three boards each (one player rests), numbered 1..=3.
    for r in 1..=14 {
        let boards: Vec<u32> = table
            .iter()
            .filter(|p| p.round == r)
            .map(|p| p.board)
            .collect();
        assert_eq!(boards, [1, 2, 3], "round {r}");
    }
    // The second cycle is the first with colours reversed.
    assert_eq!(
        round(&table, 8),
        round(&table, 1)
            .iter()
            .map(|&(w, b)| (b, w))
            .collect::<Vec<_>>()
    );
}

fn game(white: usize, black: usize, result: &str) -> Played {
    let result = match result {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "=" => GameResult::Draw,
        _ => GameResult::Unfinished,
    };
    Played {
        white,
        black,
        result,
    }
}

/// (seat, rank, score, wins, Sonneborn–Berger) in rank order.
fn table(players: usize, games: &[Played], rules: Rules) -> Vec<(usize, u32, f64, u32, f64)> {
    standings(players, games, rules)
        .iter()
        .map(|l| (l.seat, l.rank, l.score(), l.wins, l.sonneborn_berger()))
        .collect()
}

#[test]
fn wins_before_sonneborn_berger_under_iccf_rules_and_after_under_plain() {
    // A=0 B=1 C=2 D=3. A beats C, loses to B, draws D; D draws everyone;
    // B draws C. Scores B 2, A 1.5 (1 win), D 1.5 (0 wins), C 1.
    // SB: B = 1.5 (A) + 0.75 (D) + 0.5 (C) = 2.75; A = 1 (C) + 0.75 (D) = 1.75;
    // D = 0.5 × (1.5 + 2 + 1) = 2.25; C = 0.75 (D) + 1 (B) = 1.75.
    let games = [
        game(0, 2, "1-0"),
        game(1, 0, "1-0"),
        game(0, 3, "="),
        game(3, 1, "="),
        game(2, 3, "="),
        game(1, 2, "="),
    ];
    assert_eq!(
        table(4, &games, Rules::Iccf),
        [
            (1, 1, 2.0, 1, 2.75),
            (0, 2, 1.5, 1, 1.75),
            (3, 3, 1.5, 0, 2.25),
            (2, 4, 1.0, 0, 1.75)
        ]
    );
    assert_eq!(
        table(4, &games, Rules::Plain),
        [
            (1, 1, 2.0, 1, 2.75),
            (3, 2, 1.5, 0, 2.25),
            (0, 3, 1.5, 1, 1.75),
            (2, 4, 1.0, 0, 1.75)
        ]
    );
}

#[test]
fn the_game_between_players_tied_on_wins_and_sonneborn_berger_decides_under_iccf() {
    // A=0 B=1 C=2 D=3 E=4. A beats B, loses to C, draws D and E; B beats C,
    // draws D and E; C beats D, loses to E; D draws E.
    // Scores: E 2.5, A 2, B 2, C 2, D 1.5. Wins: C 2, A 1, B 1, E 1, D 0.
    // SB: A = 2 (B) + 0.75 (D) + 1.25 (E) = 4; B = 2 (C) + 0.75 + 1.25 = 4;
    // C = 2 (A) + 1.5 (D) = 3.5; E = 1 + 1 + 2 (C) + 0.75 = 4.75; D = 1 + 1 + 1.25 = 3.25.
    // ICCF: E; C (two wins); A before B (A won their game); D.
    // Plain: E; A and B share 2nd (SB 4, one win each); C; D.
    let games = [
        game(0, 1, "1-0"),
        game(2, 0, "1-0"),
        game(0, 3, "="),
        game(4, 0, "="),
        game(1, 2, "1-0"),
        game(3, 1, "="),
        game(1, 4, "="),
        game(2, 3, "1-0"),
        game(4, 2, "1-0"),
        game(3, 4, "="),
    ];
    assert_eq!(
        table(5, &games, Rules::Iccf),
        [
            (4, 1, 2.5, 1, 4.75),
            (2, 2, 2.0, 2, 3.5),
            (0, 3, 2.0, 1, 4.0),
            (1, 4, 2.0, 1, 4.0),
            (3, 5, 1.5, 0, 3.25)
        ]
    );
    assert_eq!(
        table(5, &games, Rules::Plain),
        [
            (4, 1, 2.5, 1, 4.75),
            (0, 2, 2.0, 1, 4.0),
            (1, 2, 2.0, 1, 4.0),
            (2, 4, 2.0, 2, 3.5),
            (3, 5, 1.5, 0, 3.25)
        ]
    );
}

#[test]
fn unfinished_games_count_for_nothing_yet() {
    let games = [game(0, 1, "*"), game(1, 0, "0-1")];
    let lines = standings(2, &games, Rules::Iccf);
    assert_eq!(
        (lines[0].seat, lines[0].games, lines[0].half_points),
        (0, 1, 2)
    );
    assert_eq!(
        (lines[1].seat, lines[1].games, lines[1].half_points),
        (1, 1, 0)
    );
}
