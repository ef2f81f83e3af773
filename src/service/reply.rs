//! One reply per recipient per event: the notices one transaction decided
//! for one reader about one game, told as one text that ends with where the
//! game stands for that reader (whose move, the clocks, the deadline) as the
//! transaction leaves it. A mated player is never told "your move", and a
//! player whose conditional move already answered is told the answer and
//! that the opponent is to move, because the end is decided once, from the
//! final position, not by each notice on its own.

use super::*;
use crate::protocol::templates::{Key, days, fill, template};

/// Where a game in progress stands for one reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Standing {
    /// The reader is to move.
    pub(super) yours: bool,
    /// The other player, by name.
    pub(super) opponent: String,
    pub(super) clocks: Option<Clocks>,
}

/// Both players' clocks, as the reader's notice tells them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Clocks {
    pub(super) used: i64,
    pub(super) left: Option<i64>,
    pub(super) their_used: i64,
    pub(super) their_left: Option<i64>,
    /// The reader's last day to move, in their zone (when they are to move
    /// under a limit).
    pub(super) deadline: Option<jiff::civil::Date>,
}

/// A notice with the line of the sender's message it answers, if that is
/// to be quoted (a message with several lines).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Part {
    pub(super) notice: Notice,
    pub(super) quote: Option<String>,
}

/// A date as the reader's language writes it.
fn date_text(date: jiff::civil::Date, lang: Lang) -> String {
    match lang {
        Lang::En => date.to_string(),
        _ => format!("{:02}.{:02}.{}", date.day(), date.month(), date.year()),
    }
}

impl Standing {
    /// Whose move, short: the end of an SMS, of a subject.
    pub(super) fn turn(&self, lang: Lang, with_date: bool) -> String {
        let t = |key| template(key, lang);
        let deadline = self.clocks.as_ref().and_then(|c| c.deadline);
        match (self.yours, deadline) {
            (true, Some(date)) if with_date => {
                fill(t(Key::YourTurnBy), &[("date", &date_text(date, lang))])
            }
            (true, _) => t(Key::YourTurn).to_string(),
            (false, _) => fill(t(Key::TheirTurn), &[("opponent", &self.opponent)]),
        }
    }

    /// Both clocks with their day words, for email.
    fn clocks(&self, lang: Lang) -> Option<String> {
        let c = self.clocks.as_ref()?;
        let left = |d: Option<i64>| d.map_or_else(|| "-".to_string(), |d| days(d, lang));
        Some(fill(
            template(Key::Clocks, lang),
            &[
                ("used", &days(c.used, lang)),
                ("left", &left(c.left)),
                ("opponent", &self.opponent),
                ("their_used", &days(c.their_used, lang)),
                ("their_left", &left(c.their_left)),
            ],
        ))
    }
}

/// The parts as one text in `lang`: each part once, the game's reference
/// said once, each quoted line before the answers to it, then the standing.
/// Email has a line per part and both clocks; SMS and radio run on, with
/// the deadline where it fits one message.
pub(super) fn tell(parts: &[Part], standing: Option<&Standing>, lang: Lang, email: bool) -> String {
    let sep = if email { "\n" } else { " " };
    let mut out: Vec<String> = Vec::new();
    let mut reference: Option<String> = None;
    let mut quoted: Option<&str> = None;
    // The word on the lines read as prose closes the reply.
    let (prose, parts): (Vec<&Part>, Vec<&Part>) = parts
        .iter()
        .partition(|p| matches!(p.notice, Notice::ProseRead { .. }));
    for part in parts {
        if email
            && let Some(q) = part.quote.as_deref()
            && quoted != Some(q)
        {
            if !out.is_empty() {
                out.push(String::new());
            }
            out.push(fill(template(Key::Quote, lang), &[("line", q)]));
            quoted = Some(q);
        }
        let text = part.notice.render(lang);
        let text = match &reference {
            Some(r) => text
                .strip_prefix(r.as_str())
                .and_then(|rest| rest.strip_prefix(' '))
                .map_or(text.clone(), str::to_string),
            None => {
                reference = text
                    .split_once(' ')
                    .map(|(head, _)| head.to_string())
                    .filter(|head| head.chars().any(|c| c.is_ascii_digit()));
                text
            }
        };
        if !text.is_empty() {
            out.push(text);
        }
    }
    if let Some(s) = standing {
        let short = s.turn(lang, true);
        let text = match (email, s.clocks(lang)) {
            (true, Some(clocks)) => format!("{short}\n{clocks}"),
            (false, _) => {
                // The deadline where it fits one message, else whose move only.
                let with_date = format!("{}{sep}{short}", out.join(sep));
                if crate::protocol::sms::fits(&with_date) {
                    short
                } else {
                    s.turn(lang, false)
                }
            }
            (true, None) => short,
        };
        if !text.is_empty() {
            out.push(text);
        }
    }
    out.extend(prose.iter().map(|p| p.notice.render(lang)));
    out.join(sep)
}

/// A text board of the position from `reader`'s side (Black at the bottom
/// for Black), in the reader's piece letters: capitals White, small letters
/// Black, each square as wide as the longest letter.
pub fn board(pos: &Chess, reader: Color, lang: Lang) -> String {
    use shakmaty::{File, Rank, Role, Square};
    let letter = |role: Role| match lang.letter(role) {
        "" => crate::notation::Lang::En.letter(role),
        l => l,
    };
    let width = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ]
    .iter()
    .map(|&r| letter(r).chars().count())
    .max()
    .unwrap_or(1);
    let cell = |s: &str| format!("{s:<width$} ");
    let ranks: Vec<u32> = match reader {
        Color::White => (0..8).rev().collect(),
        Color::Black => (0..8).collect(),
    };
    let files: Vec<u32> = match reader {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let board = pos.board();
    let mut out = String::new();
    for &rank in &ranks {
        out.push_str(&format!("{} ", rank + 1));
        for &file in &files {
            let sq = Square::from_coords(File::new(file), Rank::new(rank));
            let text = match board.piece_at(sq) {
                // Letters are written capitalised (`Кр`): White as written.
                Some(p) if p.color == Color::White => letter(p.role).to_string(),
                Some(p) => letter(p.role).to_lowercase(),
                None => ".".to_string(),
            };
            out.push_str(&cell(&text));
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("  ");
    for &file in &files {
        let name = char::from(b'a' + file as u8).to_string();
        out.push_str(&cell(&name));
    }
    out.truncate(out.trim_end().len());
    out
}

/// The board's legend in the reader's language: which letter is which
/// piece, and which side is which.
pub fn legend(lang: Lang) -> String {
    use shakmaty::Role;
    let names = template(Key::PieceNames, lang);
    let pieces: Vec<String> = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ]
    .iter()
    .zip(names.split('|'))
    .map(|(&role, name)| {
        let l = match lang.letter(role) {
            "" => Lang::En.letter(role),
            l => l,
        };
        format!("{l} {name}")
    })
    .collect();
    fill(
        template(Key::Legend, lang),
        &[("pieces", &pieces.join(", "))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(yours: bool, deadline: bool) -> Standing {
        Standing {
            yours,
            opponent: "Boris".into(),
            clocks: Some(Clocks {
                used: 1,
                left: Some(49),
                their_used: 2,
                their_left: Some(48),
                deadline: deadline.then(|| jiff::civil::date(2026, 12, 20)),
            }),
        }
    }

    fn part(notice: Notice) -> Part {
        Part {
            notice,
            quote: None,
        }
    }

    #[test]
    fn the_reference_is_said_once_and_the_standing_ends_the_text() {
        let parts = [
            part(Notice::DrawOfferSent {
                game: GameId(12),
                opponent: "Boris".into(),
            }),
            part(Notice::NoDrawOffer { game: GameId(12) }),
        ];
        let text = tell(&parts, Some(&standing(true, true)), Lang::De, false);
        assert_eq!(
            text,
            "P12 Ihr Remisangebot ging an Boris. es liegt kein Remisangebot vor. \
             Sie sind am Zug, bis 20.12.2026."
        );
        let mail = tell(&parts, Some(&standing(false, false)), Lang::De, true);
        assert!(
            mail.ends_with(
                "Boris am Zug.\nBedenkzeit: Sie 1 Tag verbraucht, 49 Tage übrig; \
                 Boris 2 Tage verbraucht, 48 Tage übrig."
            ),
            "{mail}"
        );
    }

    #[test]
    fn the_board_is_drawn_from_the_readers_side_in_their_letters() {
        let pos = Chess::default();
        let white = board(&pos, Color::White, Lang::De);
        assert!(white.starts_with("8 t s l d k l s t\n7 b b b"), "{white}");
        assert!(
            white.ends_with("1 T S L D K L S T\n  a b c d e f g h"),
            "{white}"
        );
        let black = board(&pos, Color::Black, Lang::Ru);
        assert!(black.starts_with("1 Л  К  С  Кр Ф  С  К  Л"), "{black}");
        assert!(black.ends_with("  h  g  f  e  d  c  b  a"), "{black}");
        assert!(legend(Lang::De).contains("S Springer"));
    }
}
