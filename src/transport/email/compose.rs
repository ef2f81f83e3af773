//! Outgoing mail: a queued reply as an RFC 5322 message.
//!
//! Every reply gets a Message-ID derived from its outbox id
//! (`<ccgate.o42.g7@domain>`), so a retry sends the same id (receivers drop
//! the copy) and a bounce quoting it finds its reply again. Replies about a
//! game thread together: each refers to a per-game root id
//! (`<ccgate.g7@domain>`) and to the player's message it answers. The
//! envelope sender is a VERP address (`local+o42@domain`), so a bounce that
//! quotes nothing is still matched. `Auto-Submitted: auto-replied` (RFC 3834)
//! tells other robots not to answer.
//!
//! ```
//! use ccgate::transport::email::compose::{Identity, outbox_id_of};
//! let me = Identity::new("ccgate", "chess@example.org").unwrap();
//! assert_eq!(me.message_id(42, Some(7)), "<ccgate.o42.g7@example.org>");
//! assert_eq!(outbox_id_of("ccgate.o42.g7@example.org"), Some(42));
//! assert_eq!(me.return_path(42).to_string(), "chess+o42@example.org");
//! ```

use lettre::Address;
use lettre::address::Envelope;
use std::sync::Arc;

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, Message, MultiPart, SinglePart};

use crate::escape::shown;
use crate::store::{Outgoing, Sheet};

/// The gateway as a mail sender.
#[derive(Debug, Clone)]
pub struct Identity {
    pub name: String,
    pub address: Address,
}

/// An address that is none.
#[derive(Debug, thiserror::Error)]
#[error("{address:?} is not an email address: {source}")]
pub struct BadAddress {
    pub address: String,
    pub source: lettre::address::AddressError,
}

impl Identity {
    pub fn new(name: &str, address: &str) -> Result<Identity, BadAddress> {
        let address: Address = address.parse().map_err(|source| BadAddress {
            address: address.to_string(),
            source,
        })?;
        Ok(Identity {
            name: name.to_string(),
            address,
        })
    }

    pub fn message_id(&self, outbox_id: i64, game: Option<i64>) -> String {
        format!(
            "<ccgate.o{outbox_id}.g{}@{}>",
            game.unwrap_or(0),
            self.address.domain()
        )
    }

    fn game_root(&self, game: i64) -> String {
        format!("<ccgate.g{game}@{}>", self.address.domain())
    }

    /// The envelope sender of one reply: bounces come back to it.
    pub fn return_path(&self, outbox_id: i64) -> Address {
        let user = self.address.user();
        let local = user.split_once('+').map_or(user, |(base, _)| base);
        Address::new(format!("{local}+o{outbox_id}"), self.address.domain())
            .unwrap_or_else(|_| self.address.clone())
    }

    /// The local part bounces are addressed to (before `+o<id>`).
    pub fn verp_local(&self) -> &str {
        let user = self.address.user();
        user.split_once('+').map_or(user, |(base, _)| base)
    }
}

/// The outbox id a Message-ID of ours names (brackets optional).
pub fn outbox_id_of(message_id: &str) -> Option<i64> {
    let id = message_id.trim().trim_start_matches('<');
    let rest = id.strip_prefix("ccgate.o")?;
    let digits = rest.split(['.', '@']).next()?;
    digits.parse().ok()
}

/// The game a Message-ID of ours names: a reply's
/// (`ccgate.o<id>.g<game>@domain`) or a game thread's root
/// (`ccgate.g<game>@domain`); none for a reply about no game or an id of
/// another domain (brackets optional).
pub fn game_of(message_id: &str, domain: &str) -> Option<i64> {
    let id = message_id
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>');
    let (local, at) = id.rsplit_once('@')?;
    if !at.eq_ignore_ascii_case(domain) {
        return None;
    }
    let rest = local.strip_prefix("ccgate.")?;
    let game = match rest.strip_prefix('o') {
        Some(reply) => reply.split_once(".g")?.1,
        None => rest.strip_prefix('g')?,
    };
    game.parse::<i64>().ok().filter(|g| *g > 0)
}

/// What a reply needs beyond its outbox row.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// The Message-ID (with brackets) of the mail this reply answers.
    pub answers: Option<String>,
    /// The board picture (PNG) of the reply's sheet.
    pub picture: Option<Arc<[u8]>>,
    /// The recipient's own link to the game's page.
    pub link: Option<String>,
    /// A PGN file to attach: its name and text.
    pub pgn: Option<(String, String)>,
}

/// The picture's Content-ID within a reply.
const PICTURE_ID: &str = "board";

/// The subject: the game's tag and what the sheet says in short (the last
/// move and whose move it is: `[ccgate G12] 15... Sf6 — Sie sind am Zug`),
/// else the players and the notice's first line. Inbound mail whose subject
/// carries the tag is a reply to us, and its subject is not read as moves.
/// Player names and the notice's text may hold what a sender wrote: control
/// characters are escaped (see `crate::escape`), so none reaches the header
/// raw, where lettre passes ESC and friends through unencoded.
pub fn subject(reply: &Outgoing) -> String {
    let first = whole(reply.body.lines().next().unwrap_or("").trim());
    let line = match (reply.game_id, &reply.sheet) {
        (
            Some(g),
            Some(Sheet {
                subject: Some(short),
                ..
            }),
        ) => format!(
            "{} {short}",
            SUBJECT_TAG_FORMAT.replace("{g}", &g.to_string())
        ),
        (Some(g), Some(sheet)) => {
            // The notice starts with the game's reference (G7, P7, П7): said once.
            let notice = first
                .split_once(' ')
                .filter(|(head, _)| head.ends_with(&g.to_string()))
                .map_or(first, |(_, rest)| rest);
            let players = sheet
                .players
                .clone()
                .unwrap_or_else(|| format!("{} v {}", sheet.white, sheet.black));
            format!(
                "{} {players}: {notice}",
                SUBJECT_TAG_FORMAT.replace("{g}", &g.to_string()),
            )
        }
        _ if let Some(own) = &reply.subject => own.clone(),
        _ if first.starts_with("ccgate") => first.to_string(),
        _ => format!("ccgate: {first}"),
    };
    let line = shown(&line, false).into_owned();
    if line.chars().count() > SUBJECT_ROOM {
        // Cut at the last sentence that fits, never mid-sentence; a line
        // of one long sentence goes whole (a header line may be folded).
        let room: String = line.chars().take(SUBJECT_ROOM).collect();
        if let Some(end) = room.rfind(". ").or_else(|| room.rfind("? ")) {
            return room[..=end].to_string();
        }
    }
    line
}

/// The characters a subject gives itself before it looks for a sentence
/// to end at.
const SUBJECT_ROOM: usize = 120;

/// A notice's first line as a subject says it: a line that leads into
/// what follows (`… Your games:`) ends at its last whole sentence, or
/// loses the colon when it has none.
fn whole(first: &str) -> &str {
    let Some(lead) = first.strip_suffix(':') else {
        return first;
    };
    match lead.rfind(". ").or_else(|| lead.rfind("? ")) {
        Some(end) => &first[..=end],
        None => lead.trim_end(),
    }
}

const SUBJECT_TAG_FORMAT: &str = "[ccgate G{g}]";

/// `<left@right>` of printable ASCII without spaces (RFC 5322 msg-id, loosely).
fn is_msg_id(id: &str) -> bool {
    id.strip_prefix('<')
        .and_then(|rest| rest.strip_suffix('>'))
        .is_some_and(|inner| {
            inner.contains('@')
                && inner
                    .bytes()
                    .all(|b| b.is_ascii_graphic() && !matches!(b, b'<' | b'>'))
        })
}

/// True if a subject is one of ours, or a reply to one.
pub fn is_our_subject(subject: &str) -> bool {
    subject.contains("[ccgate G")
}

/// The plain-text body: the notice, then the board (once, with its
/// legend), the record, the FEN on its own line, then the link to the
/// game's page if there is one.
pub fn body(reply: &Outgoing, link: Option<&str>) -> String {
    let mut text = reply.body.trim_end().to_string();
    if let Some(sheet) = &reply.sheet {
        text.push_str("\n\n");
        text.push_str(sheet.board.trim_end());
        if !sheet.legend.is_empty() {
            text.push('\n');
            text.push_str(&sheet.legend);
        }
        text.push_str("\n\n");
        text.push_str(&format!("{} - {}\n", sheet.white, sheet.black));
        text.push_str(sheet.record.trim_end());
        if let Some(position) = &sheet.position {
            text.push_str("\n\n");
            text.push_str(&position.fen);
        }
    }
    if let Some(link) = link {
        text.push_str("\n\n");
        text.push_str(link);
    }
    text.push('\n');
    text
}

/// The HTML part's body: no wider than the screen.
const BODY_STYLE: &str = "margin:0;padding:8px;max-width:100%;overflow-wrap:anywhere";
/// Preformatted lines that wrap where the screen ends.
const PRE_STYLE: &str = "white-space:pre-wrap;overflow-wrap:anywhere;font-size:14px";

/// The HTML alternative for clients that show pictures: the same text as
/// preformatted lines (escaped: it holds names and moves from outside) with
/// the board picture in place of the ASCII board.
fn html_body(reply: &Outgoing, link: Option<&str>) -> String {
    let shown = |t: &str| crate::escape::shown(t, true).into_owned();
    let markup = maud::html! {
        (maud::DOCTYPE)
        html {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
            }
            // Styles inline, as mail clients keep them: the lines wrap at
            // the screen's edge, the picture shrinks to fit a narrow one.
            body style=(BODY_STYLE) {
                pre style=(PRE_STYLE) { (shown(reply.body.trim_end())) }
                @if let Some(sheet) = &reply.sheet {
                    p {
                        img src=(format!("cid:{PICTURE_ID}")) width="264" height="264"
                            style="max-width:100%;height:auto"
                            alt=(shown(sheet.board.trim_end()));
                    }
                    pre style=(PRE_STYLE) { (shown(&format!("{} - {}", sheet.white, sheet.black))) "\n" (shown(sheet.record.trim_end())) }
                    @if let Some(position) = &sheet.position {
                        pre style=(PRE_STYLE) { (shown(&position.fen)) }
                    }
                }
                @if let Some(link) = link {
                    p style="overflow-wrap:anywhere" { a href=(link) { (link) } }
                }
            }
        }
    };
    markup.into_string()
}

/// Why a reply could not be made into mail: it never will be.
#[derive(Debug, thiserror::Error)]
pub enum ComposeError {
    #[error("recipient {to:?}: {source}")]
    Recipient {
        to: String,
        source: lettre::address::AddressError,
    },
    /// A part's content type did not parse (ours are constants).
    #[error("a part's content type: {0}")]
    PartType(lettre::message::header::ContentTypeErr),
    #[error("composing reply {reply}: {source}")]
    Message {
        reply: crate::store::ReplyId,
        source: lettre::error::Error,
    },
    #[error("envelope of reply {reply}: {source}")]
    Envelope {
        reply: crate::store::ReplyId,
        source: lettre::error::Error,
    },
}

/// The message and its envelope.
pub fn compose(
    me: &Identity,
    reply: &Outgoing,
    ctx: &Context,
) -> Result<(Envelope, Vec<u8>), ComposeError> {
    let to: Address = reply.to.parse().map_err(|source| ComposeError::Recipient {
        to: reply.to.clone(),
        source,
    })?;
    let mut builder = Message::builder()
        .from(Mailbox::new(
            Some(shown(&me.name, false).into_owned()),
            me.address.clone(),
        ))
        .to(Mailbox::new(None, to.clone()))
        .subject(subject(reply))
        .message_id(Some(me.message_id(reply.id.0, reply.game_id.map(|g| g.0))))
        .date_now()
        .raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("Auto-Submitted"),
            "auto-replied".into(),
        ));
    let mut references = Vec::new();
    if let Some(g) = reply.game_id {
        references.push(me.game_root(g.0));
    }
    // The Message-ID we answer came from outside: threaded under only when it
    // is one (brackets around printable ASCII), never copied into a header
    // as whatever else it may be.
    let answers = ctx.answers.clone().filter(|id| is_msg_id(id));
    if let Some(answers) = &answers {
        references.push(answers.clone());
    }
    if let Some(parent) = answers.or_else(|| references.first().cloned()) {
        builder = builder.in_reply_to(parent);
    }
    if !references.is_empty() {
        builder = builder.references(references.join(" "));
    }
    let link = ctx.link.as_deref();
    let text = body(reply, link);
    // With a picture: the text part as always (what a text-only reader
    // sees), and beside it the HTML part with the picture it refers to.
    let alternative = |png: &Arc<[u8]>| -> Result<MultiPart, ComposeError> {
        Ok(MultiPart::alternative()
            .singlepart(SinglePart::plain(text.clone()))
            .multipart(
                MultiPart::related()
                    .singlepart(SinglePart::html(html_body(reply, link)))
                    .singlepart(Attachment::new_inline(PICTURE_ID.to_string()).body(
                        png.to_vec(),
                        ContentType::parse("image/png").map_err(ComposeError::PartType)?,
                    )),
            ))
    };
    // A file goes beside what is shown, as clients list attachments.
    let file = |(name, pgn): &(String, String)| -> Result<SinglePart, ComposeError> {
        Ok(Attachment::new(name.clone()).body(
            pgn.clone(),
            ContentType::parse("application/x-chess-pgn").map_err(ComposeError::PartType)?,
        ))
    };
    let message = match (&ctx.pgn, &ctx.picture) {
        (Some(pgn), Some(png)) => builder.multipart(
            MultiPart::mixed()
                .multipart(alternative(png)?)
                .singlepart(file(pgn)?),
        ),
        (Some(pgn), None) => builder.multipart(
            MultiPart::mixed()
                .singlepart(SinglePart::plain(text))
                .singlepart(file(pgn)?),
        ),
        (None, Some(png)) => builder.multipart(alternative(png)?),
        (None, None) => builder.header(ContentType::TEXT_PLAIN).body(text),
    }
    .map_err(|source| ComposeError::Message {
        reply: reply.id,
        source,
    })?;
    let envelope = Envelope::new(Some(me.return_path(reply.id.0)), vec![to]).map_err(|source| {
        ComposeError::Envelope {
            reply: reply.id,
            source,
        }
    })?;
    Ok((envelope, message.formatted()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::address::Channel;
    use crate::store::{GameId, PlayerId, ReplyId, SheetPosition};

    fn reply(game: Option<i64>, body: &str) -> Outgoing {
        Outgoing {
            id: ReplyId(42),
            channel: Channel::Email,
            to: "bob@example.test".into(),
            body: body.into(),
            game_id: game.map(GameId),
            sheet: game.map(|_| sheet()),
            sent_at: None,
            player_id: Some(PlayerId(2)),
            ply: Some(3),
            journal_id: None,
            failed_at: None,
            copy_of: None,
            subject: None,
        }
    }

    fn sheet() -> Sheet {
        Sheet {
            white: "Alice".into(),
            black: "Bob".into(),
            board: "8 r n b q k b n r".into(),
            record: "1. e4 e5 2. Nf3".into(),
            legend: String::new(),
            subject: None,
            players: None,
            position: None,
            attach_pgn: false,
        }
    }

    #[test]
    fn a_subject_is_whole_sentences() {
        assert_eq!(
            whole("ccgate: Autumn Cup begins, time control 30/60. Your games:"),
            "ccgate: Autumn Cup begins, time control 30/60."
        );
        assert_eq!(whole("ccgate: Your games:"), "ccgate: Your games");
        assert_eq!(
            whole("G7 over: 1-0, Boris resigned."),
            "G7 over: 1-0, Boris resigned."
        );
        let long = format!("G7 {}. {}.", "a".repeat(80), "z".repeat(80));
        let s = subject(&reply(Some(7), &long));
        assert!(
            s.ends_with('.') && !s.contains('z') && !s.contains('…'),
            "{s}"
        );
        let one = format!("G7 {}.", "c".repeat(200));
        assert!(subject(&reply(Some(7), &one)).ends_with("c."));
    }

    #[test]
    fn threads_names_and_marks_as_automatic() {
        let me = Identity::new("ccgate", "gw@example.test").unwrap();
        let ctx = Context {
            answers: Some("<abc@mua.example>".into()),
            ..Context::default()
        };
        let (env, raw) = compose(
            &me,
            &reply(Some(7), "G7 2. Nf3 (7163) by Alice. Check K3XF. Your move."),
            &ctx,
        )
        .unwrap();
        // Unfolded, as a reader sees the headers.
        let text = String::from_utf8(raw).unwrap().replace("\r\n ", " ");
        for want in [
            "Subject: [ccgate G7] Alice v Bob: 2. Nf3 (7163) by Alice. Check K3XF. Your move.",
            "Message-ID: <ccgate.o42.g7@example.test>",
            "In-Reply-To: <abc@mua.example>",
            "References: <ccgate.g7@example.test> <abc@mua.example>",
            "Auto-Submitted: auto-replied",
            "1. e4 e5 2. Nf3",
        ] {
            assert!(text.contains(want), "{want} missing from:\n{text}");
        }
        assert_eq!(
            env.from().map(|a| a.to_string()).as_deref(),
            Some("gw+o42@example.test")
        );
        assert!(is_our_subject(&format!(
            "Re: {}",
            subject(&reply(Some(7), "G7 x"))
        )));
    }

    #[test]
    fn a_short_subject_and_the_fen_on_the_last_line() {
        let mut r = reply(Some(12), "P12 15... Sf6 (7866) von Boris. Kontrolle 0DE9.");
        if let Some(sheet) = r.sheet.as_mut() {
            sheet.subject = Some("15... Sf6 — Sie sind am Zug".into());
            sheet.position = Some(SheetPosition {
                fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
                last_move: None,
                black: 2,
            });
            sheet.legend = "K König".into();
        }
        assert_eq!(subject(&r), "[ccgate G12] 15... Sf6 — Sie sind am Zug");
        let text = body(&r, None);
        assert!(
            text.ends_with("\n\n8/8/8/8/8/8/8/K6k w - - 0 1\n"),
            "{text}"
        );
        assert_eq!(text.matches("8 r n b q k b n r").count(), 1, "{text}");
        assert!(text.contains("8 r n b q k b n r\nK König\n"), "{text}");
    }

    #[test]
    fn without_a_game_the_reply_threads_under_the_message_it_answers_only() {
        let me = Identity::new("ccgate", "gw@example.test").unwrap();
        let (_, raw) =
            compose(&me, &reply(None, "ccgate: help text"), &Context::default()).unwrap();
        let text = String::from_utf8(raw).unwrap();
        assert!(text.contains("Subject: ccgate: help text"), "{text}");
        assert!(!text.contains("In-Reply-To"), "{text}");
    }

    #[test]
    fn a_message_id_of_ours_names_its_game() {
        let me = Identity::new("ccgate", "gw@example.test").unwrap();
        let domain = me.address.domain();
        assert_eq!(game_of(&me.message_id(42, Some(7)), domain), Some(7));
        assert_eq!(game_of(&me.game_root(7), domain), Some(7));
        assert_eq!(
            game_of("ccgate.o42.g7@EXAMPLE.test", "example.test"),
            Some(7)
        );
        // About no game, another domain's, or not ours at all.
        assert_eq!(game_of(&me.message_id(42, None), domain), None);
        assert_eq!(game_of("<ccgate.o42.g7@elsewhere.example>", domain), None);
        for other in [
            "<m1@example.test>",
            "<ccgate.x@example.test>",
            "<ccgate.g-3@example.test>",
            "",
            "@",
        ] {
            assert_eq!(game_of(other, domain), None, "{other}");
        }
    }

    #[test]
    fn message_ids_and_verp_addresses_map_back() {
        let me = Identity::new("x", "chess+games@example.org").unwrap();
        assert_eq!(me.verp_local(), "chess");
        assert_eq!(me.return_path(9).to_string(), "chess+o9@example.org");
        assert_eq!(outbox_id_of("<ccgate.o9.g0@example.org>"), Some(9));
        assert_eq!(outbox_id_of("ccgate.g9@example.org"), None);
        assert_eq!(outbox_id_of("other@example.org"), None);
    }

    #[test]
    fn a_bad_recipient_is_an_error_not_a_panic() {
        let me = Identity::new("x", "gw@example.test").unwrap();
        let mut r = reply(None, "hi");
        r.to = "not an address".into();
        assert!(compose(&me, &r, &Context::default()).is_err());
    }

    #[test]
    fn outside_text_never_starts_a_header_or_reaches_one_raw() {
        let me = Identity::new("ccgate", "gw@example.test").unwrap();
        let mut r = reply(
            Some(7),
            "G7 1. e4\rBcc: victim@example.test \u{1b}]0;x\u{7} by Alice.",
        );
        let sheet = r.sheet.as_mut().unwrap();
        sheet.white = "Eve\r\nBcc: evil@example.test\r\n\r\nbody".into();
        sheet.black = "Bob\u{9b}2J".into();
        let ctx = Context {
            answers: Some("<abc@mua.example>\r\nBcc: evil2@example.test".into()),
            ..Context::default()
        };
        let (env, raw) = compose(&me, &r, &ctx).unwrap();
        let text = String::from_utf8(raw).unwrap();
        let head = text.split("\r\n\r\n").next().unwrap();
        for line in head.split("\r\n") {
            assert!(!line.to_ascii_lowercase().starts_with("bcc"), "{head}");
            assert!(!line.chars().any(|c| c.is_control()), "{line:?} in\n{head}");
        }
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{9b}'),
            "{text}"
        );
        assert_eq!(env.to().len(), 1);
        assert!(subject(&r).contains("Eve"), "{}", subject(&r));
    }
}
