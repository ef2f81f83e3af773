//! Time controls: `10/50`, `3d`, `30+1`, `-` (the table in the parent module).

use super::*;

/// A correspondence time control; see the module docs for the text forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum TimeControl {
    /// `moves/days`: `moves` moves in `days` days, unused time carried over.
    MovesInDays { moves: u32, days: u32 },
    /// `Nd`: `days` days for every move.
    DaysPerMove { days: u32 },
    /// `B+I`: `base_days` to start with, `increment_days` added per move made.
    Fischer { base_days: u32, increment_days: u32 },
    /// `-`: no time limit.
    Unlimited,
}

/// Why a text is not a time control.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    #[error("empty time control; expected e.g. 10/50, 3d, 30+1 or -")]
    Empty,
    #[error(
        "cannot read time control {0:?}; expected moves/days (10/50), days per move (3d, d3, 3/move), Fischer days base+increment (30+1) or - for none"
    )]
    Unrecognized(String),
    #[error("time control {text:?}: {what} {found:?} is not a whole number")]
    NotANumber {
        text: String,
        what: &'static str,
        found: String,
    },
    #[error("time control {text:?}: {what} {found} is too large")]
    TooLarge {
        text: String,
        what: &'static str,
        found: String,
    },
    #[error("time control {text:?}: {what} must be at least 1")]
    Zero { text: String, what: &'static str },
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        if text.is_empty() {
            return Err(TimeControlError::Empty);
        }
        let lower = text.to_ascii_lowercase();
        let num = |part: &str, what: &'static str, zero_ok: bool| number(text, part, what, zero_ok);
        if lower == "-" || lower == "none" {
            return Ok(TimeControl::Unlimited);
        }
        if let Some((a, b)) = lower.split_once('/') {
            return if b.trim() == "move" {
                Ok(TimeControl::DaysPerMove {
                    days: num(a, "days per move", false)?,
                })
            } else {
                Ok(TimeControl::MovesInDays {
                    moves: num(a, "moves", false)?,
                    days: num(b, "days", false)?,
                })
            };
        }
        if let Some((a, b)) = lower.split_once('+') {
            return Ok(TimeControl::Fischer {
                base_days: num(a, "base days", false)?,
                // `30+0` is a whole-game limit with no increment: meaningful.
                increment_days: num(b, "increment days", true)?,
            });
        }
        if let Some(n) = lower.strip_suffix('d').or_else(|| lower.strip_prefix('d')) {
            return Ok(TimeControl::DaysPerMove {
                days: num(n, "days per move", false)?,
            });
        }
        Err(TimeControlError::Unrecognized(text.to_string()))
    }
}

pub(super) fn number(
    text: &str,
    part: &str,
    what: &'static str,
    zero_ok: bool,
) -> Result<u32, TimeControlError> {
    let part = part.trim();
    // Only plain digits: `u32::from_str` would also take a leading `+`.
    if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TimeControlError::NotANumber {
            text: text.to_string(),
            what,
            found: part.to_string(),
        });
    }
    let n: u32 = part.parse().map_err(|_| TimeControlError::TooLarge {
        text: text.to_string(),
        what,
        found: part.to_string(),
    })?;
    if n == 0 && !zero_ok {
        return Err(TimeControlError::Zero {
            text: text.to_string(),
            what,
        });
    }
    Ok(n)
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::MovesInDays { moves, days } => write!(f, "{moves}/{days}"),
            TimeControl::DaysPerMove { days } => write!(f, "{days}d"),
            TimeControl::Fischer {
                base_days,
                increment_days,
            } => write!(f, "{base_days}+{increment_days}"),
            TimeControl::Unlimited => f.write_str("-"),
        }
    }
}

impl From<TimeControl> for String {
    fn from(tc: TimeControl) -> String {
        tc.to_string()
    }
}

impl TryFrom<String> for TimeControl {
    type Error = TimeControlError;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl TimeControl {
    /// Days allowed for the player's move number `k` (from 1), counted from
    /// the start of that move, when `used` days were spent on moves `1..k`.
    /// `None`: no limit.
    pub(super) fn allowed_for_move(self, k: u32, used: i64) -> Option<i64> {
        let k = i64::from(k);
        match self {
            TimeControl::MovesInDays { moves, days } => {
                let moves = i64::from(moves.max(1));
                let controls = (k + moves - 1) / moves;
                Some(
                    i64::from(days)
                        .saturating_mul(controls)
                        .saturating_sub(used),
                )
            }
            TimeControl::DaysPerMove { days } => Some(i64::from(days)),
            TimeControl::Fischer {
                base_days,
                increment_days,
            } => Some(
                i64::from(base_days)
                    .saturating_add(i64::from(increment_days).saturating_mul(k - 1))
                    .saturating_sub(used),
            ),
            TimeControl::Unlimited => None,
        }
    }

    /// The move number of the control that move `k` falls under (`N/D` only).
    pub(super) fn control_for_move(self, k: u32) -> Option<u32> {
        match self {
            TimeControl::MovesInDays { moves, .. } => {
                let moves = moves.max(1);
                Some(k.div_ceil(moves).saturating_mul(moves))
            }
            _ => None,
        }
    }
}
