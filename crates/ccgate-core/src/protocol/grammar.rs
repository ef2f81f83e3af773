//! The message grammar: which lines of a player's message are protocol, and
//! what they say. Syntax only; the game service resolves moves later.
//!
//! One plain-text grammar serves email, SMS and radio (`protocols/message.md`
//! is the specification, `protocols/vectors/message.tsv` its test vectors).
//! A message is read line by line; each line is judged on its own, and a
//! line is protocol only when *all* of it parses, so greetings, prose, quoted
//! lines (`>`) and everything after a signature delimiter (`-- `) are
//! ignored. A protocol line is an optional game reference followed by moves
//! (one's own, optionally preceded by the repetition of the opponent's last
//! move), conditional moves, or a command.
//!
//! Game ids and ICCF move codes never collide because ids are allocated so
//! that none has the shape of an ICCF move ([`is_iccf_shaped`]): a bare
//! number first on a line is a game reference unless it has that shape.
//!
//! Whether a token is a move is decided by
//! [`is_move_syntax`] with the sender's
//! [`Profile`] (language of piece letters, Uedemann table), so `gego` is a
//! move for a Uedemann player and prose for everybody else.
//!
//! ```
//! use ccgate_core::notation::{Lang, UedemannTable};
//! use ccgate_core::protocol::grammar::{parse_message, Body, Command, Profile};
//!
//! let profile = Profile::new(Lang::En);
//! let msg = "Dear Anna,\n12 14... 6745 15. 5254 (=)\n#7 resign\nI think e4 is best.\n-- \nBob\n";
//! let lines = parse_message(msg, &profile);
//! assert_eq!(lines.len(), 2);
//! assert_eq!((lines[0].line, lines[0].game), (2, Some(12)));
//! let Body::Moves(items) = &lines[0].body else { panic!("moves") };
//! assert_eq!(items[0].to_string(), "14...6745"); // the opponent's last move, repeated
//! assert_eq!(items[1].to_string(), "15.5254(=)"); // one's own, with a draw offer
//! assert_eq!(lines[1].body, Body::Command(Command::Resign));
//! assert_eq!(lines[1].to_string(), "@3 #7 !resign");
//!
//! // A Uedemann player's profile makes `gego` a move.
//! let uedemann = Profile { lang: Lang::En, table: Some(UedemannTable::Gringmuth) };
//! assert_eq!(parse_message("gego", &uedemann).len(), 1);
//! assert!(parse_message("gego", &profile).is_empty());
//! ```

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1};
use nom::character::complete::{char, digit1, none_of, one_of, space0, space1};
use nom::combinator::{eof, map, map_opt, not, opt, peek, recognize, value, verify};
use nom::error::{Error, ErrorKind};
use nom::multi::many_m_n;
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

use crate::notation::auto::is_move_syntax;
use crate::notation::{Lang, Notation, UedemannTable};
use crate::protocol::is_iccf_shaped;
use crate::protocol::words::{Word, phrase_prefix, phrases};

/// Lines longer than this many characters are never protocol: a protocol
/// line fits an SMS, and the limit bounds the work a hostile line can cause.
pub const MAX_LINE_CHARS: usize = 1_000;

/// Only the first this many lines of a message are read.
pub const MAX_LINES: usize = 1_000;

/// Only the first this many bytes of a message are read (the line cut by the
/// limit is dropped, never read in part).
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// The most move items on one line: sixteen `if` branches of two moves each.
pub const MAX_ITEMS: usize = 32;

/// What the sender's profile settles that the text alone cannot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    /// The language of piece letters in the sender's moves.
    pub lang: Lang,
    /// The Uedemann table the sender writes, if any; without it four-letter
    /// codes such as `gego` are prose.
    pub table: Option<UedemannTable>,
}

impl Profile {
    /// A profile with piece letters of `lang` and no Uedemann table.
    pub fn new(lang: Lang) -> Self {
        Profile { lang, table: None }
    }
}

impl Default for Profile {
    fn default() -> Self {
        Profile::new(Lang::En)
    }
}

/// One protocol line of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedLine {
    /// The line's number in the message, from 1.
    pub line: usize,
    /// The line as written, without its line break.
    pub text: String,
    /// The game reference, if the line has one.
    pub game: Option<u32>,
    /// What the line says.
    pub body: Body,
}

/// What a protocol line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// One or two moves. With two, either the first repeats the opponent's
    /// last move (the correspondence custom) and the second is one's own,
    /// or the first is one's own and the second the reply one expects;
    /// the move numbers tell which, against the game (the service reads
    /// it). A bare move number after the last move (`1... e5 2.`) is the
    /// next move's, and says nothing more.
    Moves(Vec<Item>),
    /// Conditional moves: each branch pairs an opponent's move with the reply.
    Conditional(Vec<Branch>),
    /// A command.
    Command(Command),
}

/// One `if` of a conditional line: if the opponent plays `opponent`, play `reply`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    pub opponent: Item,
    pub reply: Item,
}

/// A move as written on a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The move number written before the move, if any.
    pub number: Option<MoveNumber>,
    /// The move token as written (after the line's normalisation of
    /// dashes and invisible characters), in any notation the engine reads.
    pub text: String,
    /// Whether a draw offer goes with this move (`(=)`, `draw?`).
    pub draw_offer: bool,
    /// Annotation glyphs written apart after the move (`Кc6 ±`), as written;
    /// the service turns them into NAGs by the side that moved
    /// ([`glyphs::read`](crate::notation::glyphs::read)). A glyph glued to
    /// the move (`e5!?`) stays in `text`.
    pub glyphs: Vec<String>,
}

/// The most glyphs read after one move.
pub const MAX_GLYPHS: usize = 4;

/// A move number: `15.` is White's 15th move, `15...` (or `15…`) Black's.
pub use crate::game::outcome::MoveNumber;

/// Which draw a claim names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimKind {
    /// Threefold repetition (`claim 3`, `claim repetition`).
    Repetition,
    /// The fifty-move rule (`claim 50`).
    FiftyMoves,
}

/// A command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// A draw claim; `None` leaves the service to find the ground.
    ClaimDraw(Option<ClaimKind>),
    Resign,
    /// Send the position.
    Board,
    /// Send the game record.
    Pgn,
    /// Set the notation of the moves the sender receives.
    Notation(Notation),
    /// Set the sender's language (piece letters, replies).
    Lang(Lang),
    /// Take leave for this many days (1 to 999).
    Leave(u32),
    Help,
}

impl Command {
    /// Whether the command concerns one game and so may carry a game
    /// reference. Notation, language, leave and help concern the player;
    /// a line giving them a reference is not protocol.
    pub fn is_game_command(self) -> bool {
        !matches!(
            self,
            Command::Notation(_) | Command::Lang(_) | Command::Leave(_) | Command::Help
        )
    }
}

/// Reads a whole message: every protocol line, in order.
///
/// Lines break at `\n`, `\r\n` or `\r`. Quoted lines (first visible
/// character `>`) are skipped; reading stops at a signature delimiter, a
/// line that is exactly `-- ` (or `--`, as clients that strip trailing
/// spaces send it), and after [`MAX_LINES`] lines or [`MAX_MESSAGE_BYTES`].
pub fn parse_message(text: &str, profile: &Profile) -> Vec<ParsedLine> {
    let mut out = Vec::new();
    for (index, line) in lines(bounded(text)).enumerate().take(MAX_LINES) {
        if line == "-- " || line == "--" {
            break;
        }
        if let Some(mut parsed) = parse_line(line, profile) {
            parsed.line = index + 1;
            out.push(parsed);
        }
    }
    out
}

/// Judges one line alone, as the first line of a message (`line` is 1).
///
/// `None` when the line is not protocol: prose, a quoted line, a bare game
/// reference, a line longer than [`MAX_LINE_CHARS`], or text with a line break.
pub fn parse_line(line: &str, profile: &Profile) -> Option<ParsedLine> {
    if line.contains(['\n', '\r']) || line.chars().nth(MAX_LINE_CHARS).is_some() {
        return None;
    }
    let norm = normalise(line);
    if norm.starts_with('>') {
        return None;
    }
    let (_, (game, body)) = statement(&norm, profile).ok()?;
    if let (Some(_), Body::Command(c)) = (game, &body)
        && !c.is_game_command()
    {
        return None;
    }
    Some(ParsedLine {
        line: 1,
        text: line.to_string(),
        game,
        body,
    })
}

/// The prefix of a message that is read: at most [`MAX_MESSAGE_BYTES`], and
/// whole lines only, so that a cut cannot turn `52541` into `5254`.
pub(super) fn bounded(text: &str) -> &str {
    if text.len() <= MAX_MESSAGE_BYTES {
        return text;
    }
    let mut end = MAX_MESSAGE_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = text.get(..end).unwrap_or("");
    match head.rfind(['\n', '\r']) {
        Some(cut) => head.get(..cut).unwrap_or(""),
        None => "",
    }
}

/// Splits at `\n`, `\r\n` and `\r` (old Macs and some radio gateways).
pub(super) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        match current.find(['\n', '\r']) {
            Some(at) => {
                let skip = if current.get(at..at + 2) == Some("\r\n") {
                    2
                } else {
                    1
                };
                rest = current.get(at + skip..);
                current.get(..at)
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
}

/// Folds what phones and word processors put into text: every kind of space
/// becomes one ASCII space (runs collapse, ends are trimmed), typographic
/// dashes become `-`, the ellipsis `…` becomes `...`, and invisible
/// characters (zero-width, BOM, soft hyphen, variation selectors) vanish.
pub(super) fn normalise(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut space = false;
    for c in line.chars() {
        match c {
            '\u{200B}'..='\u{200D}'
            | '\u{2060}'
            | '\u{FEFF}'
            | '\u{00AD}'
            | '\u{FE0E}'
            | '\u{FE0F}' => {}
            c if c.is_whitespace() => space = true,
            c => {
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                match c {
                    '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE63}' | '\u{FF0D}' => out.push('-'),
                    '…' => out.push_str("..."),
                    c => out.push(c),
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// The parsers. Input is one normalised line: single spaces between tokens.

type Res<'i, T> = IResult<&'i str, T>;

fn fail<T>(i: &str) -> Res<'_, T> {
    Err(nom::Err::Error(Error::new(i, ErrorKind::Verify)))
}

/// An ASCII keyword, any case. Not nom's `tag_no_case`: on `&str` it
/// compares after Unicode lower-casing, where the Kelvin sign `K` (3 bytes)
/// equals `k`, and then splits the input at the keyword's byte length, which
/// panics inside a character. Hostile input must never panic.
pub(super) fn ascii_tag<'i>(word: &'static str) -> impl Fn(&'i str) -> Res<'i, &'i str> {
    move |i: &'i str| match i.split_at_checked(word.len()) {
        Some((head, rest)) if head.eq_ignore_ascii_case(word) => Ok((rest, head)),
        _ => fail(i),
    }
}

/// The end of a token: a space or the end of the line.
fn end_of_token(i: &str) -> Res<'_, ()> {
    not(none_of(" ")).parse(i)
}

/// The end of a command word: also a full stop or exclamation mark ending
/// the line (`I resign.`).
pub(super) fn end_of_word(i: &str) -> Res<'_, ()> {
    alt((end_of_token, value((), peek((one_of(".!"), eof))))).parse(i)
}

/// A whole command word, any case.
pub(super) fn kw<'i>(
    word: &'static str,
) -> impl Parser<&'i str, Output = &'i str, Error = Error<&'i str>> {
    terminated(ascii_tag(word), end_of_word)
}

/// `word` followed by a space and another word.
fn kw2<'i>(
    a: &'static str,
    b: &'static str,
) -> impl Parser<&'i str, Output = (), Error = Error<&'i str>> {
    value((), (kw(a), space1, kw(b)))
}

/// A positive decimal number that fits a `u32`.
fn number(i: &str) -> Res<'_, u32> {
    map_opt(digit1, |d: &str| d.parse::<u32>().ok().filter(|&n| n > 0)).parse(i)
}

/// The letters ccgate's own replies put before a game number (`G12` in
/// English, `P12` in German, `П12` in Russian), in both cases: a player who
/// answers a reply by copying its reference must be understood.
/// `l10n::tests` checks that every reference a catalogue writes is here.
pub const REFERENCE_LETTERS: &str = "gGpPпП";

/// A game reference: `#12`, `game 12`, one of [`REFERENCE_LETTERS`] and a
/// number (`G12`, `P12`, `П12`) unless the token is a move (`g5` is a pawn
/// move), or a bare `12` unless it has ICCF move shape; any of them may end
/// with `:`.
pub(super) fn reference<'i>(i: &'i str, p: &Profile) -> Res<'i, u32> {
    let explicit = alt((
        preceded(char('#'), number),
        preceded((ascii_tag("game"), space0, opt(char('#'))), number),
    ));
    let implicit = map_opt(
        recognize((opt(one_of(REFERENCE_LETTERS)), digit1)),
        |token: &str| {
            let digits = token.trim_start_matches(|c| REFERENCE_LETTERS.contains(c));
            let is_move = if digits.len() == token.len() {
                // By value, so `05254` is no reference either.
                digits.parse::<u64>().is_ok_and(is_iccf_shaped)
            } else {
                is_move_syntax(token, p.lang, p.table)
            };
            if is_move {
                None
            } else {
                digits.parse::<u32>().ok().filter(|&n| n > 0)
            }
        },
    );
    terminated(alt((explicit, implicit)), (opt(char(':')), end_of_token)).parse(i)
}

/// `15.` (White), `15...` or `15. ...` (Black); `…` arrives as `...`.
pub(super) fn move_number(i: &str) -> Res<'_, MoveNumber> {
    let (i, number) = number(i)?;
    let (i, black) = alt((
        value(true, tag("...")),
        map((char('.'), opt((space0, tag("...")))), |(_, b)| b.is_some()),
    ))
    .parse(i)?;
    let color = if black {
        shakmaty::Color::Black
    } else {
        shakmaty::Color::White
    };
    Ok((i, MoveNumber { number, color }))
}

/// An optional move number, glued or spaced, then a move token; the token
/// may carry a glued draw offer (`5254(=)`).
fn item<'i>(i: &'i str, p: &Profile) -> Res<'i, Item> {
    let (i, number) = opt(terminated(move_number, space0)).parse(i)?;
    let (rest, token) = take_till1(|c| c == ' ').parse(i)?;
    let (text, draw_offer) = match token.strip_suffix("(=)") {
        Some(m) if !m.is_empty() => (m, true),
        _ => (token, false),
    };
    // A numbered move in another language's letters (an English player's
    // `1... Sc6`) is still a move line, so the service can say what was
    // probably meant; unnumbered, such a word is prose.
    let foreign = || {
        number.is_some()
            && Lang::ALL
                .iter()
                .any(|&l| l != p.lang && is_move_syntax(text, l, None))
    };
    if !is_move_syntax(text, p.lang, p.table) && !foreign() {
        return fail(i);
    }
    let (rest, glyphs) = if draw_offer {
        (rest, Vec::new())
    } else {
        many_m_n(0, MAX_GLYPHS, preceded(space1, glyph)).parse(rest)?
    };
    Ok((
        rest,
        Item {
            number,
            text: text.to_string(),
            draw_offer,
            glyphs: glyphs.into_iter().map(str::to_string).collect(),
        },
    ))
}

/// One annotation glyph token (`!?`, `±`, `↑`, `Δ`).
fn glyph(i: &str) -> Res<'_, &str> {
    let (rest, token) = take_till1(|c| c == ' ').parse(i)?;
    // Which side it speaks of does not matter here: only whether it is one.
    if crate::notation::glyphs::read(token, shakmaty::Color::White).is_some() {
        Ok((rest, token))
    } else {
        fail(i)
    }
}

/// An item without a draw offer (conditional moves carry none).
fn plain_item<'i>(i: &'i str, p: &Profile) -> Res<'i, Item> {
    let (rest, it) = item(i, p)?;
    if it.draw_offer {
        fail(i)
    } else {
        Ok((rest, it))
    }
}

/// One of the phrases `word` has in the profile's language, a whole word:
/// the longest that matches, so `Remis angenommen` is not read as `Remis`.
fn local<'i>(p: &Profile, word: Word) -> impl Fn(&'i str) -> Res<'i, ()> {
    let lang = p.lang;
    move |i: &'i str| {
        let best = phrases(lang, word)
            .iter()
            .filter_map(|phrase| phrase_prefix(i, phrase))
            .filter(|rest| end_of_word(rest).is_ok())
            .min_by_key(|rest| rest.len());
        match best {
            Some(rest) => Ok((rest, ())),
            None => fail(i),
        }
    }
}

/// `(=)`, `draw?` (also `draw ?`, as French typography spaces it),
/// `offer draw`, `draw offer`, or the profile language's phrase (`Remis?`).
fn offer_words<'i>(i: &'i str, p: &Profile) -> Res<'i, ()> {
    alt((
        value((), kw("(=)")),
        value((), kw("draw?")),
        kw2("draw", "?"),
        kw2("offer", "draw"),
        kw2("draw", "offer"),
        local(p, Word::Offer),
    ))
    .parse(i)
}

/// One or two items, then optionally a draw offer that goes with the last.
fn moves<'i>(i: &'i str, p: &Profile) -> Res<'i, Vec<Item>> {
    let (i, first) = item(i, p)?;
    let (i, second) = opt(preceded(space1, |i| item(i, p))).parse(i)?;
    let mut items = vec![first];
    items.extend(second);
    // The next move's number alone, as a record written by hand ends
    // (`1... e5 2.`): only the one that follows the last move.
    let last_number = items.last().and_then(|it| it.number);
    let (i, _) = opt(preceded(
        space1,
        verify(move_number, |n| {
            Some(*n) == last_number.map(MoveNumber::next)
        }),
    ))
    .parse(i)?;
    let (i, offer) = opt(preceded(space1, |i| offer_words(i, p))).parse(i)?;
    // An offer goes with one's own move, the last one, and is made once: an
    // offer glued to the repeated move, or made twice, is not protocol.
    let glued = items.iter().filter(|it| it.draw_offer).count();
    let last_glued = items.last().is_some_and(|it| it.draw_offer);
    if glued > 1 || (glued == 1 && (!last_glued || offer.is_some())) {
        return fail(i);
    }
    if offer.is_some()
        && let Some(last) = items.last_mut()
    {
        last.draw_offer = true;
    }
    Ok((i, items))
}

/// `if A B` (or `if A then B`).
fn branch<'i>(i: &'i str, p: &Profile) -> Res<'i, Branch> {
    let (i, _) = (ascii_tag("if"), end_of_token, space1).parse(i)?;
    let (i, opponent) = plain_item(i, p)?;
    let (i, _) = (space1, opt((ascii_tag("then"), end_of_token, space1))).parse(i)?;
    let (i, reply) = plain_item(i, p)?;
    Ok((i, Branch { opponent, reply }))
}

/// One to [`MAX_ITEMS`]` / 2` branches; more make the line prose.
fn conditional<'i>(i: &'i str, p: &Profile) -> Res<'i, Vec<Branch>> {
    let (i, first) = branch(i, p)?;
    let (i, more) = many_m_n(0, MAX_ITEMS / 2 - 1, preceded(space1, |i| branch(i, p))).parse(i)?;
    let mut branches = vec![first];
    branches.extend(more);
    Ok((i, branches))
}

fn claim_kind(i: &str) -> Res<'_, ClaimKind> {
    let repetition = value(
        ClaimKind::Repetition,
        alt((
            value(
                (),
                (
                    alt((kw("3"), kw("3-fold"), kw("threefold"))),
                    opt((space1, kw("repetition"))),
                ),
            ),
            value((), kw("repetition")),
        )),
    );
    let fifty = value(
        ClaimKind::FiftyMoves,
        (
            alt((kw("50"), kw("fifty"), kw("50-move"), kw("fifty-move"))),
            opt((space1, alt((kw("moves"), kw("move"))))),
            opt((space1, kw("rule"))),
        ),
    );
    alt((repetition, fifty)).parse(i)
}

/// The word before a leave's days: `leave`, or the profile language's
/// (`Urlaub`).
pub(super) fn leave_word<'i>(
    p: &Profile,
) -> impl Parser<&'i str, Output = (), Error = Error<&'i str>> {
    alt((value((), kw("leave")), local(p, Word::Leave)))
}

/// The word that may follow a leave's number: `days`, `day`, or the
/// profile language's (`Tage`).
pub(super) fn day_word<'i>(
    p: &Profile,
) -> impl Parser<&'i str, Output = (), Error = Error<&'i str>> {
    alt((
        value((), kw("days")),
        value((), kw("day")),
        local(p, Word::Days),
    ))
}

/// The last word of `notation NAME` / `lang CODE`, without a final `.`/`!`.
pub(super) fn argument(i: &str) -> Res<'_, &str> {
    terminated(take_till1(|c| matches!(c, ' ' | '.' | '!')), end_of_word).parse(i)
}

fn lang_named(word: &str) -> Option<Lang> {
    word.parse::<Lang>().ok().or_else(|| {
        Lang::ALL
            .iter()
            .copied()
            .find(|l| l.name().eq_ignore_ascii_case(word))
    })
}

fn command<'i>(i: &'i str, p: &Profile) -> Res<'i, Command> {
    let accept = alt((
        value((), (kw("accept"), opt((space1, kw("draw"))))),
        kw2("draw", "accepted"),
        local(p, Word::Accept),
    ));
    let decline = alt((
        value((), (kw("decline"), opt((space1, kw("draw"))))),
        kw2("draw", "declined"),
        local(p, Word::Decline),
    ));
    let claim = map(
        (
            alt((
                value((), (kw("claim"), opt((space1, kw("draw"))))),
                local(p, Word::Claim),
            )),
            opt(preceded(space1, claim_kind)),
        ),
        |(_, kind)| Command::ClaimDraw(kind),
    );
    let resign = alt((
        value((), (opt((kw("i"), space1)), kw("resign"))),
        local(p, Word::Resign),
    ));
    let notation = map_opt(preceded((kw("notation"), space1), argument), |w: &str| {
        w.parse::<Notation>().ok()
    });
    let lang = map_opt(
        preceded((alt((kw("language"), kw("lang"))), space1), argument),
        lang_named,
    );
    let days = map_opt(terminated(digit1, end_of_word), |d: &str| {
        d.parse::<u32>().ok().filter(|n| (1..=999).contains(n))
    });
    let leave = map(
        (leave_word(p), space1, days, opt((space1, day_word(p)))),
        |(_, _, n, _)| Command::Leave(n),
    );
    alt((
        value(Command::OfferDraw, |i| offer_words(i, p)),
        value(Command::AcceptDraw, accept),
        value(Command::DeclineDraw, decline),
        claim,
        value(Command::Resign, resign),
        value(
            Command::Board,
            alt((
                value((), kw("board")),
                value((), kw("position")),
                local(p, Word::Board),
            )),
        ),
        value(
            Command::Pgn,
            alt((
                value((), kw("pgn")),
                value((), kw("record")),
                local(p, Word::Pgn),
            )),
        ),
        map(notation, Command::Notation),
        map(lang, Command::Lang),
        leave,
        value(
            Command::Help,
            alt((
                value((), kw("help")),
                value((), kw("help?")),
                value((), kw("?")),
                local(p, Word::Help),
            )),
        ),
    ))
    .parse(i)
}

/// The end of a line, after an optional `.` or `!` (only a command word or
/// a draw offer can leave one: a move token takes its punctuation with it,
/// and then it is no move).
fn line_end(i: &str) -> Res<'_, ()> {
    value((), (opt(one_of(".!")), eof)).parse(i)
}

/// A whole line: an optional reference, then a body that takes the rest.
/// Commands are tried first, so no move syntax can shadow a command word.
fn statement<'i>(i: &'i str, p: &Profile) -> Res<'i, (Option<u32>, Body)> {
    let (i, game) = opt(terminated(|i| reference(i, p), space1)).parse(i)?;
    let (i, body) = alt((
        terminated(map(|i| command(i, p), Body::Command), line_end),
        terminated(map(|i| conditional(i, p), Body::Conditional), line_end),
        terminated(map(|i| moves(i, p), Body::Moves), line_end),
    ))
    .parse(i)?;
    Ok((i, (game, body)))
}

// ---------------------------------------------------------------------------
// The compact rendering of `protocols/message.md` §8, used by the vectors
// and handy in logs.

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.number {
            write!(f, "{n}")?;
        }
        f.write_str(&self.text)?;
        for g in &self.glyphs {
            write!(f, " {g}")?;
        }
        if self.draw_offer {
            // Glued to a glyph (`>(=)`) the offer would make one token that
            // reads as neither: after a glyph it stands apart.
            let apart = if self.glyphs.is_empty() { "" } else { " " };
            write!(f, "{apart}(=)")?;
        }
        Ok(())
    }
}

impl fmt::Display for Branch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "if {} {}", self.opponent, self.reply)
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::OfferDraw => f.write_str("!offer"),
            Command::AcceptDraw => f.write_str("!accept"),
            Command::DeclineDraw => f.write_str("!decline"),
            Command::ClaimDraw(None) => f.write_str("!claim"),
            Command::ClaimDraw(Some(ClaimKind::Repetition)) => f.write_str("!claim:repetition"),
            Command::ClaimDraw(Some(ClaimKind::FiftyMoves)) => f.write_str("!claim:fifty"),
            Command::Resign => f.write_str("!resign"),
            Command::Board => f.write_str("!board"),
            Command::Pgn => f.write_str("!pgn"),
            Command::Notation(n) => write!(f, "!notation:{n}"),
            Command::Lang(l) => write!(f, "!lang:{}", l.code()),
            Command::Leave(days) => write!(f, "!leave:{days}"),
            Command::Help => f.write_str("!help"),
        }
    }
}

impl fmt::Display for Body {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn joined<T: fmt::Display>(f: &mut fmt::Formatter<'_>, parts: &[T]) -> fmt::Result {
            for (k, part) in parts.iter().enumerate() {
                if k > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{part}")?;
            }
            Ok(())
        }
        match self {
            Body::Moves(items) => joined(f, items),
            Body::Conditional(branches) => joined(f, branches),
            Body::Command(c) => write!(f, "{c}"),
        }
    }
}

impl fmt::Display for ParsedLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{}", self.line)?;
        if let Some(game) = self.game {
            write!(f, " #{game}")?;
        }
        write!(f, " {}", self.body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalisation() {
        assert_eq!(
            normalise("\u{FEFF} 12\u{00A0}15…\u{200B}Nf6\t(=) "),
            "12 15...Nf6 (=)"
        );
        assert_eq!(normalise("e2—e4"), "e2-e4");
    }

    #[test]
    fn line_breaks() {
        assert_eq!(
            lines("a\r\nb\rc\n\nd").collect::<Vec<_>>(),
            ["a", "b", "c", "", "d"]
        );
        assert_eq!(lines("").collect::<Vec<_>>(), [""]);
    }

    #[test]
    fn kelvin_sign_does_not_panic() {
        assert!(ascii_tag("k")("\u{212A}x").is_err());
        assert!(parse_line("\u{212A}", &Profile::default()).is_none());
    }

    #[test]
    fn bounded_drops_the_cut_line() {
        let text = format!("12 15. 5254\n{}", "x".repeat(MAX_MESSAGE_BYTES));
        assert_eq!(bounded(&text), "12 15. 5254");
    }
}
