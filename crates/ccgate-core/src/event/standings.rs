//! The crosstable of a section: scores, Sonneborn–Berger, wins, the
//! tie-break order of the event's rules, and ranks.
//!
//! Points are counted in half points and Sonneborn–Berger in quarter points
//! (half points times half points), so every comparison is exact.

use std::cmp::Ordering;

use crate::game::outcome::GameResult;

/// Which tie-breaks follow the score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// ICCF (the Baumbach rule): wins, then Sonneborn–Berger, then the
    /// results among the tied players.
    Iccf,
    /// Sonneborn–Berger, then wins.
    Plain,
}

impl Rules {
    pub fn as_str(self) -> &'static str {
        match self {
            Rules::Iccf => "iccf",
            Rules::Plain => "plain",
        }
    }
}

impl std::str::FromStr for Rules {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "iccf" => Ok(Rules::Iccf),
            "plain" => Ok(Rules::Plain),
            _ => Err(format!("unknown rules {s:?}: iccf or plain")),
        }
    }
}

/// One game of the section, by seat (index into the players).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    pub white: usize,
    pub black: usize,
    /// `Unfinished` games count for nothing yet.
    pub result: GameResult,
}

/// One player's line of the crosstable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The seat (index into the players given).
    pub seat: usize,
    /// 1 for the first; players equal on every criterion share a rank.
    pub rank: u32,
    pub half_points: u32,
    pub games: u32,
    pub wins: u32,
    /// Sonneborn–Berger in quarter points.
    pub sb_quarters: u32,
    /// Half points scored against the players tied with this one on score
    /// and the earlier tie-breaks (ICCF's last criterion); 0 when untied.
    pub direct_half_points: u32,
    /// Half points against each seat, per game, in the order played.
    pub against: Vec<Vec<Option<u32>>>,
}

impl Line {
    pub fn score(&self) -> f64 {
        f64::from(self.half_points) / 2.0
    }
    pub fn sonneborn_berger(&self) -> f64 {
        f64::from(self.sb_quarters) / 4.0
    }
}

/// Half points of White and of Black, `None` while unfinished.
fn halves(result: GameResult) -> Option<(u32, u32)> {
    match result {
        GameResult::WhiteWins => Some((2, 0)),
        GameResult::BlackWins => Some((0, 2)),
        GameResult::Draw => Some((1, 1)),
        GameResult::Unfinished => None,
    }
}

/// The crosstable of `players` seats, in rank order (then by seat).
pub fn standings(players: usize, games: &[Played], rules: Rules) -> Vec<Line> {
    let mut lines: Vec<Line> = (0..players)
        .map(|seat| Line {
            seat,
            rank: 0,
            half_points: 0,
            games: 0,
            wins: 0,
            sb_quarters: 0,
            direct_half_points: 0,
            against: vec![Vec::new(); players],
        })
        .collect();
    for g in games {
        if g.white >= players || g.black >= players || g.white == g.black {
            continue;
        }
        let points = halves(g.result);
        for (me, them, mine) in [
            (g.white, g.black, points.map(|p| p.0)),
            (g.black, g.white, points.map(|p| p.1)),
        ] {
            let line = &mut lines[me];
            line.against[them].push(mine);
            if let Some(h) = mine {
                line.half_points += h;
                line.games += 1;
                if h == 2 {
                    line.wins += 1;
                }
            }
        }
    }
    let totals: Vec<u32> = lines.iter().map(|l| l.half_points).collect();
    for line in &mut lines {
        line.sb_quarters = line
            .against
            .iter()
            .enumerate()
            .map(|(opp, results)| results.iter().flatten().sum::<u32>() * totals[opp])
            .sum();
    }
    let before_direct = |a: &Line, b: &Line| -> Ordering {
        match rules {
            Rules::Iccf => {
                (b.half_points, b.wins, b.sb_quarters).cmp(&(a.half_points, a.wins, a.sb_quarters))
            }
            Rules::Plain => {
                (b.half_points, b.sb_quarters, b.wins).cmp(&(a.half_points, a.sb_quarters, a.wins))
            }
        }
    };
    lines.sort_by(|a, b| before_direct(a, b).then(a.seat.cmp(&b.seat)));
    if rules == Rules::Iccf {
        // The results among each group still tied decide within it.
        let mut start = 0;
        while start < lines.len() {
            let mut end = start + 1;
            while end < lines.len() && before_direct(&lines[start], &lines[end]).is_eq() {
                end += 1;
            }
            if end - start > 1 {
                let group: Vec<usize> = lines[start..end].iter().map(|l| l.seat).collect();
                for line in &mut lines[start..end] {
                    line.direct_half_points = group
                        .iter()
                        .map(|&s| line.against[s].iter().flatten().sum::<u32>())
                        .sum();
                }
                lines[start..end].sort_by(|a, b| {
                    b.direct_half_points
                        .cmp(&a.direct_half_points)
                        .then(a.seat.cmp(&b.seat))
                });
            }
            start = end;
        }
    }
    let mut rank = 1;
    for i in 0..lines.len() {
        if i > 0 {
            let (a, b) = (&lines[i - 1], &lines[i]);
            if !(before_direct(a, b).is_eq() && a.direct_half_points == b.direct_half_points) {
                rank = i as u32 + 1;
            }
        }
        lines[i].rank = rank;
    }
    lines
}
