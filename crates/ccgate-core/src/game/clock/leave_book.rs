//! The leave book: a player's leave periods, checked against the rules
//! (days per year, overlaps) before they are taken.

use super::*;

/// Why a leave request is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LeaveError {
    #[error("a leave must be at least 1 day")]
    ZeroDays,
    #[error(
        "leave of {requested} days in {year} exceeds the yearly allowance by {excess}: {remaining} of {allowance} days left"
    )]
    ExceedsAllowance {
        year: i16,
        /// Days of the requested leave that fall in `year`.
        requested: i64,
        remaining: i64,
        allowance: u32,
        excess: i64,
    },
    #[error("no leave left in {year}: all {allowance} days are used")]
    NoneLeft { year: i16, allowance: u32 },
    #[error("overlaps the leave from {from}{}", until.map(|u| format!(" until {u}")).unwrap_or_else(|| " until further notice".to_string()))]
    Overlaps { from: Date, until: Option<Date> },
    #[error("leave dates out of range")]
    OutOfRange,
}

/// A player's leaves and yearly allowance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaveBook {
    allowance: u32,
    leaves: Vec<Leave>,
}

impl Default for LeaveBook {
    fn default() -> Self {
        Self::new(DEFAULT_LEAVE_DAYS)
    }
}

impl LeaveBook {
    /// An empty book with `allowance_days` per calendar year.
    pub fn new(allowance_days: u32) -> Self {
        Self {
            allowance: allowance_days,
            leaves: Vec::new(),
        }
    }

    /// A book with leaves as stored (not re-validated: they were when taken).
    pub fn with_leaves(allowance_days: u32, mut leaves: Vec<Leave>) -> Self {
        leaves.sort_by_key(|l| l.from);
        Self {
            allowance: allowance_days,
            leaves,
        }
    }

    pub fn allowance(&self) -> u32 {
        self.allowance
    }

    /// The leaves as booked; an open-ended one stays open here.
    pub fn leaves(&self) -> &[Leave] {
        &self.leaves
    }

    /// The leaves as the clock must see them: an open-ended leave ends on
    /// the last date the allowance covers (it runs on into the next year's
    /// allowance if it reaches 31 December), and one with no day left is
    /// dropped. Pass these to [`status`].
    pub fn effective_leaves(&self) -> Vec<Leave> {
        self.effective().into_iter().map(|(_, l)| l).collect()
    }

    /// Leave days used in calendar `year`.
    pub fn used_in_year(&self, year: i16) -> i64 {
        used_in(&self.effective_leaves(), year)
    }

    /// Leave days left in calendar `year` (never negative).
    pub fn remaining_in_year(&self, year: i16) -> i64 {
        (i64::from(self.allowance) - self.used_in_year(year)).max(0)
    }

    /// The leave `date` falls in, if any.
    pub fn on_leave(&self, date: Date) -> Option<Leave> {
        self.effective_leaves().into_iter().find(|l| l.covers(date))
    }

    /// `leave N` (`Some(N)`) or leave until further notice (`None`), asked
    /// on `today` (the player's date). The leave counts from today, the day
    /// it is announced, in whole days as ICCF counts it (and as the help
    /// says). It never changes the past: a day before today is not a leave
    /// day, and a limit that ran out before today is judged before the
    /// leave is granted (the service's rule, not this book's).
    pub fn request(&mut self, today: Date, days: Option<u32>) -> Result<Leave, LeaveError> {
        let from = today;
        let until = match days {
            Some(0) => return Err(LeaveError::ZeroDays),
            Some(n) => {
                Some(date_of(day_number(from) + i64::from(n) - 1).ok_or(LeaveError::OutOfRange)?)
            }
            None => None,
        };
        let leave = Leave { from, until };
        let effective = self.effective_leaves();
        if let Some(l) = effective.iter().find(|l| overlaps(l, &leave)) {
            return Err(LeaveError::Overlaps {
                from: l.from,
                until: l.until,
            });
        }
        match until {
            Some(until) => {
                for year in from.year()..=until.year() {
                    let requested = days_in_year(&leave, year);
                    let used = used_in(&effective, year);
                    let allowance = i64::from(self.allowance);
                    if used + requested > allowance {
                        return Err(LeaveError::ExceedsAllowance {
                            year,
                            requested,
                            remaining: (allowance - used).max(0),
                            allowance: self.allowance,
                            excess: used + requested - allowance,
                        });
                    }
                }
            }
            None => {
                if used_in(&effective, from.year()) >= i64::from(self.allowance) {
                    return Err(LeaveError::NoneLeft {
                        year: from.year(),
                        allowance: self.allowance,
                    });
                }
            }
        }
        self.leaves.push(leave);
        self.leaves.sort_by_key(|l| l.from);
        Ok(leave)
    }

    /// A move sent on `date` (the player's date) while on leave ends the
    /// leave on that date: the date stays a leave date, so coming back does
    /// not cost the player a day. Returns the leave as ended, or `None` if
    /// `date` is not a leave date. Leaves booked for later are kept.
    pub fn end_on(&mut self, date: Date) -> Option<Leave> {
        let (index, _) = self.effective().into_iter().find(|(_, l)| l.covers(date))?;
        let leave = self.leaves.get_mut(index)?;
        leave.until = Some(date);
        Some(*leave)
    }

    /// Effective leaves with the index of the booked leave each comes from.
    fn effective(&self) -> Vec<(usize, Leave)> {
        let closed: Vec<Leave> = self
            .leaves
            .iter()
            .filter(|l| l.until.is_some())
            .copied()
            .collect();
        let mut out: Vec<(usize, Leave)> = Vec::with_capacity(self.leaves.len());
        let mut taken: BTreeMap<i16, i64> = BTreeMap::new();
        for (i, l) in self.leaves.iter().enumerate() {
            if l.until.is_some() {
                out.push((i, *l));
                continue;
            }
            // Cap an open-ended leave: walk year by year from its start,
            // taking what each year's allowance has left.
            let mut day = day_number(l.from);
            let mut until: Option<i64> = None;
            // Three years: with an allowance below a year's length the walk
            // ends in the second; with 365+ days the leave simply stays open.
            for _ in 0..3 {
                let Some(year) = date_of(day).map(|d| d.year()) else {
                    break;
                };
                let Some((_, last)) = year_bounds(year) else {
                    break;
                };
                let used = used_in(&closed, year) + taken.get(&year).copied().unwrap_or(0);
                let left = (i64::from(self.allowance) - used).max(0);
                let end = day + left - 1;
                if end < last {
                    until = Some(end);
                    if left > 0 {
                        *taken.entry(year).or_default() += left;
                    }
                    break;
                }
                *taken.entry(year).or_default() += last - day + 1;
                day = last + 1;
            }
            match until {
                Some(u) if u < day_number(l.from) => {} // no day left: no leave
                Some(u) => {
                    if let Some(until) = date_of(u) {
                        out.push((
                            i,
                            Leave {
                                from: l.from,
                                until: Some(until),
                            },
                        ));
                    }
                }
                None => out.push((i, *l)),
            }
        }
        out.sort_by_key(|(_, l)| l.from);
        out
    }
}

pub(super) fn overlaps(a: &Leave, b: &Leave) -> bool {
    a.until.is_none_or(|u| b.from <= u) && b.until.is_none_or(|u| a.from <= u)
}

/// Dates of `leave` in calendar `year` (an open leave runs to 31 December).
pub(super) fn days_in_year(leave: &Leave, year: i16) -> i64 {
    let Some((first, last)) = year_bounds(year) else {
        return 0;
    };
    let from = day_number(leave.from).max(first);
    let until = leave.until.map_or(last, day_number).min(last);
    (until - from + 1).max(0)
}

pub(super) fn used_in(leaves: &[Leave], year: i16) -> i64 {
    leaves.iter().map(|l| days_in_year(l, year)).sum()
}
