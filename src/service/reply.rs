//! One reply per recipient per event: the notices one transaction decided
//! for one reader about one game, told as one text that ends with where the
//! game stands for that reader (whose move, the clocks, the deadline) as the
//! transaction leaves it. A mated player is never told "your move", and a
//! player whose conditional move already answered is told the answer and
//! that the opponent is to move, because the end is decided once, from the
//! final position, not by each notice on its own.

use shakmaty::{Chess, Color, Position};

use super::notice::Notice;
use crate::notation::Lang;
use crate::protocol::l10n::{self, Args, Form, Reader, plain, text};

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

/// `n` days with the reader's day word (`1 Tag`, `2 Tage`; `5 дней`).
/// Each is formatted once per thread: an email reply tells four, and
/// Fluent's plural rule on a number cost 4 K instructions each, 7 % of a
/// submission, for a few dozen different texts per language.
fn days(r: Reader, n: i64) -> String {
    use std::cell::RefCell;
    use std::collections::HashMap;
    /// Past this many, the texts kept are dropped and formatted again.
    const KEPT: usize = 4096;
    thread_local! {
        static WRITTEN: RefCell<HashMap<(Reader, i64), String>> = RefCell::new(HashMap::new());
    }
    WRITTEN.with_borrow_mut(|written| {
        if let Some(text) = written.get(&(r, n)) {
            return text.clone();
        }
        if written.len() >= KEPT {
            written.clear();
        }
        let text = text(r, "days", &Args::new().num("days", n));
        written.insert((r, n), text.clone());
        text
    })
}

impl Standing {
    /// Whose move, short: the end of an SMS, of a subject.
    pub(super) fn turn(&self, r: Reader, with_date: bool) -> String {
        let deadline = self.clocks.as_ref().and_then(|c| c.deadline);
        match (self.yours, deadline) {
            (true, Some(date)) if with_date => text(
                r,
                "your-turn-by",
                &Args::new().str("date", l10n::date(r, date)),
            ),
            (true, _) => plain(r, "your-turn"),
            (false, _) => text(
                r,
                "their-turn",
                &Args::new().str("opponent", self.opponent.clone()),
            ),
        }
    }

    /// Both clocks with their day words, for email.
    fn clocks(&self, r: Reader) -> Option<String> {
        let c = self.clocks.as_ref()?;
        let left = |d: Option<i64>| d.map_or_else(|| "-".to_string(), |d| days(r, d));
        Some(text(
            r,
            "clocks",
            &Args::new()
                .str("used", days(r, c.used))
                .str("left", left(c.left))
                .str("opponent", self.opponent.clone())
                .str("their-used", days(r, c.their_used))
                .str("their-left", left(c.their_left)),
        ))
    }
}

/// The parts as one text in `lang`: each part once, the game's reference
/// said once, each quoted line before the answers to it, then the standing.
/// Email has a line per part and both clocks; SMS and radio run on, with
/// the deadline where it fits one message.
pub(super) fn tell(parts: &[Part], standing: Option<&Standing>, r: Reader) -> String {
    let email = r.form == Form::Full;
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
            out.push(text(r, "quote", &Args::new().str("line", q.to_string())));
            quoted = Some(q);
            // Each quoted line's answer names its game again.
            reference = None;
        }
        let said = part.notice.render_for(r);
        let said = match &reference {
            Some(head) => said
                .strip_prefix(head.as_str())
                .and_then(|rest| rest.strip_prefix(' '))
                .map_or(said.clone(), capitalised),
            None => {
                reference = said
                    .split_once(' ')
                    .map(|(head, _)| head.to_string())
                    .filter(|head| head.chars().any(|c| c.is_ascii_digit()));
                said
            }
        };
        if !said.is_empty() {
            out.push(said);
        }
    }
    if let Some(s) = standing {
        let short = s.turn(r, true);
        let said = match (email, s.clocks(r)) {
            (true, Some(clocks)) => format!("{short}\n{clocks}"),
            (false, _) => {
                // The deadline where it fits one message, else whose move
                // only; the opponent's turn goes when even that does not fit
                // (the reader's own turn never does).
                // Measured as sent: folded to GSM when it would not fit.
                let fits = |end: &str| {
                    let whole = format!("{}{sep}{end}", out.join(sep));
                    crate::protocol::sms::fits(&l10n::for_sms(whole))
                };
                let plain_turn = s.turn(r, false);
                if fits(&short) {
                    short
                } else if s.yours || fits(&plain_turn) {
                    plain_turn
                } else {
                    String::new()
                }
            }
            (true, None) => short,
        };
        if !said.is_empty() {
            out.push(said);
        }
    }
    out.extend(prose.iter().map(|p| p.notice.render_for(r)));
    let whole = out.join(sep);
    // Each part was folded on its own only when it alone was too long: the
    // whole reply must be too, or a part short enough to keep its accents
    // (`Contrôle`) sends the joined reply as 70 UCS-2 units, cut.
    if email { whole } else { l10n::for_sms(whole) }
}

/// A sentence that lost its game reference, starting with a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The pieces, in the order boards and legends name them.
const ROLES: [shakmaty::Role; 6] = {
    use shakmaty::Role::*;
    [King, Queen, Rook, Bishop, Knight, Pawn]
};

/// The letter a board shows for a piece in `lang` (English where the
/// language writes none, as Arabic for the pawn).
fn letter_of(lang: Lang, role: shakmaty::Role) -> &'static str {
    match lang.letter(role) {
        "" => Lang::En.letter(role),
        l => l,
    }
}

/// A text board of the position from `reader`'s side (Black at the bottom
/// for Black), in the reader's piece letters: capitals White, small letters
/// Black, each square as wide as the longest letter.
pub fn board(pos: &Chess, reader: Color, lang: Lang) -> String {
    use shakmaty::{File, Rank, Square};
    let letter = |role| letter_of(lang, role);
    let width = square_width(lang);
    // Written into one string, no temporary per square: every email notice
    // carries a board, drawn for each reader.
    let cell = |out: &mut String, text: &dyn Fn(&mut String)| {
        let start = out.len();
        text(out);
        let chars = out[start..].chars().count();
        out.extend(std::iter::repeat_n(' ', width.saturating_sub(chars) + 1));
    };
    let end_line = |out: &mut String| out.truncate(out.trim_end().len());
    let order = |i: u32| match reader {
        Color::White => i,
        Color::Black => 7 - i,
    };
    let board = pos.board();
    let mut out = String::with_capacity(9 * (2 + 8 * (width + 1)));
    for row in 0..8 {
        let rank = 7 - order(row);
        out.push(char::from(b'1' + rank as u8));
        out.push(' ');
        for column in 0..8 {
            let sq = Square::from_coords(File::new(order(column)), Rank::new(rank));
            cell(&mut out, &|out: &mut String| match board.piece_at(sq) {
                // Letters are written capitalised (`Кр`): White as written.
                Some(p) if p.color == Color::White => out.push_str(letter(p.role)),
                Some(p) if letter(p.role).is_ascii() => {
                    out.extend(letter(p.role).chars().map(|c| c.to_ascii_lowercase()));
                }
                Some(p) => out.push_str(&letter(p.role).to_lowercase()),
                None => out.push('.'),
            });
        }
        end_line(&mut out);
        out.push('\n');
    }
    out.push_str("  ");
    for column in 0..8 {
        let file = char::from(b'a' + order(column) as u8);
        cell(&mut out, &|out: &mut String| out.push(file));
    }
    end_line(&mut out);
    out
}

/// How many characters a square of [`board`] takes in `lang`: its longest
/// piece letter.
fn square_width(lang: Lang) -> usize {
    ROLES
        .iter()
        .map(|&r| letter_of(lang, r).chars().count())
        .max()
        .unwrap_or(1)
}

/// The board's legend in the reader's language: which letter is which
/// piece, and which side is which. Formatted once per language, when first
/// needed: every email sheet carries it, and the catalogues are built in;
/// formatting every language's at once made a one-message process parse
/// every catalogue.
pub fn legend(lang: Lang) -> String {
    use std::sync::OnceLock;
    static LEGENDS: [OnceLock<String>; Lang::ALL.len()] =
        [const { OnceLock::new() }; Lang::ALL.len()];
    LEGENDS[lang.index()]
        .get_or_init(|| legend_of(lang))
        .clone()
}

fn legend_of(lang: Lang) -> String {
    use shakmaty::Role;
    let r = Reader::new(lang, Form::Full);
    let letter = |role| letter_of(lang, role);
    let pieces = text(
        r,
        "legend-pieces",
        &Args::new()
            .str("king", letter(Role::King))
            .str("queen", letter(Role::Queen))
            .str("rook", letter(Role::Rook))
            .str("bishop", letter(Role::Bishop))
            .str("knight", letter(Role::Knight))
            .str("pawn", letter(Role::Pawn)),
    );
    text(r, "legend", &Args::new().str("pieces", pieces))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::GameId;

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
    fn a_day_count_kept_from_before_reads_as_formatted_anew_for_every_reader() {
        // Formatted in turn for each language and form, so that a text
        // kept for one reader would show up in another's.
        for round in 0..2 {
            for n in (0..120).chain([365, 1000, -3]) {
                for &lang in Lang::ALL {
                    for form in [Form::Full, Form::Short] {
                        let r = Reader::new(lang, form);
                        let fresh = text(r, "days", &Args::new().num("days", n));
                        assert_eq!(days(r, n), fresh, "{lang:?} {form:?} {n} (round {round})");
                    }
                }
            }
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
        let sms = Reader::new(Lang::De, Form::Short);
        let text = tell(&parts, Some(&standing(true, true)), sms);
        assert_eq!(
            text,
            "P12 Ihr Remisangebot wurde Boris übermittelt. Es liegt kein Remisangebot vor. \
             Sie sind am Zug, bis 20.12.2026."
        );
        let mail = tell(
            &parts,
            Some(&standing(false, false)),
            Reader::new(Lang::De, Form::Full),
        );
        assert!(
            mail.ends_with(
                "Boris ist am Zug.\nBedenkzeit: Sie 1 Tag verbraucht, 49 Tage übrig; \
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

    /// The board as first written, a string per square: what [`board`]
    /// must still draw, square for square.
    #[test]
    fn each_language_gets_its_own_legend_from_the_cache() {
        for &lang in Lang::ALL {
            assert_eq!(legend(lang), legend_of(lang), "{lang:?}");
            assert_eq!(legend(lang), legend_of(lang), "{lang:?}, asked again");
        }
        assert_ne!(legend(Lang::De), legend(Lang::En));
    }

    fn board_plainly(pos: &Chess, reader: Color, lang: Lang) -> String {
        use shakmaty::{File, Rank, Square};
        let letter = |role| letter_of(lang, role);
        let width = square_width(lang);
        let cell = |s: &str| format!("{s:<width$} ");
        let mut ranks: Vec<u32> = (0..8).collect();
        let mut files: Vec<u32> = (0..8).collect();
        match reader {
            Color::White => ranks.reverse(),
            Color::Black => files.reverse(),
        }
        let mut lines = Vec::new();
        for &rank in &ranks {
            let mut line = format!("{} ", rank + 1);
            for &file in &files {
                let sq = Square::from_coords(File::new(file), Rank::new(rank));
                line += &cell(&match pos.board().piece_at(sq) {
                    Some(p) if p.color == Color::White => letter(p.role).to_string(),
                    Some(p) => letter(p.role).to_lowercase(),
                    None => ".".to_string(),
                });
            }
            lines.push(line.trim_end().to_string());
        }
        let names: String = files
            .iter()
            .map(|&f| cell(&char::from(b'a' + f as u8).to_string()))
            .collect();
        lines.push(format!("  {names}").trim_end().to_string());
        lines.join("\n")
    }

    #[test]
    fn every_language_draws_every_position_of_a_game_as_written_plainly() {
        use shakmaty::{Position, san::San};
        let mut pos = Chess::default();
        let mut positions = vec![pos.clone()];
        for san in [
            "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6", "Nf3", "Bg4",
        ] {
            let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            positions.push(pos.clone());
        }
        for &lang in Lang::ALL {
            for reader in [Color::White, Color::Black] {
                for p in &positions {
                    assert_eq!(
                        board(p, reader, lang),
                        board_plainly(p, reader, lang),
                        "{lang:?} {reader:?}"
                    );
                }
            }
        }
    }
}
