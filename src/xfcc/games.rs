//! `GetMyGames`' result: one `XfccGame` per game, with the fields the
//! clients read (`protocols/xfcc.md` §3), and Xfcc's words for results and
//! time controls.

use quick_xml::escape::escape;

use crate::game::clock::TimeControl;
use crate::game::outcome::{GameResult, Termination};

/// A game as one of its players sees it over Xfcc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XfccGame {
    pub id: i64,
    pub white: String,
    pub black: String,
    /// The event's name, empty for a game outside events.
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`, the game's start.
    pub event_date: String,
    /// The round and board in the event, 0 outside events.
    pub round: u32,
    pub board: u32,
    pub my_turn: bool,
    pub has_white: bool,
    /// The player's and the opponent's time left, in minutes (0 without a
    /// limit, or once it is spent).
    pub minutes_player: i64,
    pub minutes_opponent: i64,
    /// PGN movetext in SAN, without a result.
    pub moves: String,
    /// The opponent's draw offer stands.
    pub draw_offered: bool,
    pub result: XfccResult,
    pub time_control: String,
    /// The start position when it is not the standard one.
    pub fen: Option<String>,
}

/// A game's `result` in Xfcc's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XfccResult {
    Ongoing,
    WhiteWins,
    BlackWins,
    Draw,
    WhiteWinAdjudicated,
    BlackWinAdjudicated,
    DrawAdjudicated,
    WhiteDefaulted,
    BlackDefaulted,
}

impl XfccResult {
    /// The result of a stored game: a director's adjudication is said as
    /// one, a game lost on time as the loser's default.
    pub fn of(result: Option<GameResult>, reason: Option<&Termination>) -> XfccResult {
        let adjudicated = matches!(reason, Some(Termination::Adjudicated(_)));
        let on_time = matches!(reason, Some(Termination::LostOnTime(_)));
        match (result, adjudicated, on_time) {
            (None | Some(GameResult::Unfinished), ..) => XfccResult::Ongoing,
            (Some(GameResult::WhiteWins), true, _) => XfccResult::WhiteWinAdjudicated,
            (Some(GameResult::BlackWins), true, _) => XfccResult::BlackWinAdjudicated,
            (Some(GameResult::Draw), true, _) => XfccResult::DrawAdjudicated,
            (Some(GameResult::WhiteWins), _, true) => XfccResult::BlackDefaulted,
            (Some(GameResult::BlackWins), _, true) => XfccResult::WhiteDefaulted,
            (Some(GameResult::WhiteWins), ..) => XfccResult::WhiteWins,
            (Some(GameResult::BlackWins), ..) => XfccResult::BlackWins,
            (Some(GameResult::Draw), ..) => XfccResult::Draw,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            XfccResult::Ongoing => "Ongoing",
            XfccResult::WhiteWins => "WhiteWins",
            XfccResult::BlackWins => "BlackWins",
            XfccResult::Draw => "Draw",
            XfccResult::WhiteWinAdjudicated => "WhiteWinAdjudicated",
            XfccResult::BlackWinAdjudicated => "BlackWinAdjudicated",
            XfccResult::DrawAdjudicated => "DrawAdjudicated",
            XfccResult::WhiteDefaulted => "WhiteDefaulted",
            XfccResult::BlackDefaulted => "BlackDefaulted",
        }
    }
}

const DAY: u64 = 86_400;

/// A time control as Xfcc writes it, in seconds: `10/4320000` (10 moves in
/// 50 days), `2592000+259200` (30 days, 3 more per move), a days-per-move
/// control as moves 1 in N days (`1/864000`), none as empty.
pub fn time_control(tc: &TimeControl) -> String {
    match *tc {
        TimeControl::MovesInDays { moves, days } => format!("{moves}/{}", u64::from(days) * DAY),
        TimeControl::DaysPerMove { days } => format!("1/{}", u64::from(days) * DAY),
        TimeControl::Fischer {
            base_days,
            increment_days,
        } => format!(
            "{}+{}",
            u64::from(base_days) * DAY,
            u64::from(increment_days) * DAY
        ),
        TimeControl::Unlimited => String::new(),
    }
}

fn field(out: &mut String, name: &str, value: &str) {
    out.push('<');
    out.push_str(name);
    out.push('>');
    out.push_str(&escape(value));
    out.push_str("</");
    out.push_str(name);
    out.push('>');
}

fn flag(b: bool) -> &'static str {
    if b { "true" } else { "false" }
}

/// Days, hours and minutes of a number of minutes, as the clocks' three
/// fields carry them.
fn split(minutes: i64) -> [i64; 3] {
    let m = minutes.max(0);
    [m / 1440, m % 1440 / 60, m % 60]
}

/// The `XfccGame` elements of `games`, for `GetMyGamesResult`.
pub fn write_games(games: &[XfccGame]) -> String {
    let mut out = String::new();
    for g in games {
        out.push_str("<XfccGame>");
        field(&mut out, "id", &g.id.to_string());
        field(&mut out, "white", &g.white);
        field(&mut out, "black", &g.black);
        field(&mut out, "event", &g.event);
        field(&mut out, "site", &g.site);
        field(&mut out, "eventDate", &g.event_date);
        field(&mut out, "round", &g.round.to_string());
        field(&mut out, "board", &g.board.to_string());
        field(&mut out, "myTurn", flag(g.my_turn));
        field(&mut out, "hasWhite", flag(g.has_white));
        let [d, h, m] = split(g.minutes_player);
        field(&mut out, "daysPlayer", &d.to_string());
        field(&mut out, "hoursPlayer", &h.to_string());
        field(&mut out, "minutesPlayer", &m.to_string());
        let [d, h, m] = split(g.minutes_opponent);
        field(&mut out, "daysOpponent", &d.to_string());
        field(&mut out, "hoursOpponent", &h.to_string());
        field(&mut out, "minutesOpponent", &m.to_string());
        field(&mut out, "moves", &g.moves);
        field(&mut out, "drawOffered", flag(g.draw_offered));
        field(&mut out, "result", g.result.word());
        field(&mut out, "timeControl", &g.time_control);
        field(&mut out, "setup", flag(g.fen.is_some()));
        field(&mut out, "fen", g.fen.as_deref().unwrap_or_default());
        field(&mut out, "variant", "chess");
        field(&mut out, "message", "");
        field(&mut out, "serverInfo", "ccgate");
        out.push_str("</XfccGame>");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_written_in_seconds() {
        let tc = |t: &str| time_control(&t.parse().unwrap());
        assert_eq!(tc("10/50"), "10/4320000");
        assert_eq!(tc("30+3"), "2592000+259200");
        assert_eq!(tc("3d"), "1/259200");
        assert_eq!(tc("-"), "");
    }

    #[test]
    fn results_are_said_in_xfccs_words() {
        use GameResult::*;
        assert_eq!(XfccResult::of(None, None), XfccResult::Ongoing);
        assert_eq!(
            XfccResult::of(Some(WhiteWins), Some(&Termination::LostOnTime("b".into()))),
            XfccResult::BlackDefaulted
        );
        assert_eq!(
            XfccResult::of(Some(Draw), Some(&Termination::Adjudicated("x".into()))),
            XfccResult::DrawAdjudicated
        );
        assert_eq!(
            XfccResult::of(Some(BlackWins), Some(&Termination::Resigned("w".into()))),
            XfccResult::BlackWins
        );
    }

    #[test]
    fn clocks_and_text_are_written_escaped() {
        let g = XfccGame {
            id: 3,
            white: "A<b".into(),
            black: "C".into(),
            event: String::new(),
            site: "ccgate".into(),
            event_date: "2026.12.01".into(),
            round: 0,
            board: 0,
            my_turn: true,
            has_white: true,
            minutes_player: 3 * 1440 + 125,
            minutes_opponent: -5,
            moves: "1. e4 e5".into(),
            draw_offered: false,
            result: XfccResult::Ongoing,
            time_control: "10/4320000".into(),
            fen: None,
        };
        let x = write_games(&[g]);
        assert!(x.contains("<white>A&lt;b</white>"));
        assert!(x.contains(
            "<daysPlayer>3</daysPlayer><hoursPlayer>2</hoursPlayer><minutesPlayer>5</minutesPlayer>"
        ));
        assert!(x.contains("<daysOpponent>0</daysOpponent>"));
        assert!(x.contains("<setup>false</setup><fen></fen>"));
    }
}
