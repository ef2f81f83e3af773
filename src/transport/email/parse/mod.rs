//! One raw RFC 5322 message in, what the gateway needs out: who sent it, the
//! thread ids, the text to read, the addresses it was delivered to, whether a
//! person wrote it, and for a bounce which of our replies failed.
//!
//! Everything here is a pure function of the bytes: no I/O, no store, no
//! clock. Decoding (charsets, quoted-printable, base64, encoded words, MIME
//! structure) is left to `mail-parser`; this module only decides what to keep.
//!
//! ```
//! use ccgate::transport::email::parse::{Kind, parse};
//!
//! let raw = b"From: Anna <anna@example.org>\r\n\
//!             To: gw@gw.test\r\n\
//!             Subject: Re: Game 12: 13... Nc6\r\n\
//!             Message-ID: <a1@example.org>\r\n\
//!             In-Reply-To: <ccgate.o41.g12@gw.test>\r\n\
//!             \r\n\
//!             14. Nf3\r\n\
//!             \r\n\
//!             On Mon, 3 Nov 2026 at 10:00, Gateway <gw@gw.test> wrote:\r\n\
//!             > 13... Nc6\r\n";
//! let mail = parse(raw).unwrap();
//! assert_eq!(mail.author(), Some("anna@example.org"));
//! assert_eq!(mail.message_id.as_deref(), Some("a1@example.org"));
//! assert_eq!(mail.in_reply_to, ["ccgate.o41.g12@gw.test"]);
//! assert_eq!(mail.body, "14. Nf3"); // the quoted move is gone
//! assert_eq!(mail.kind, Kind::Personal);
//! ```
//!
//! # Choices
//!
//! * **Quotes are cut, not just unindented.** A reply usually carries our
//!   previous message below it, and that message contains the opponent's
//!   last move. The protocol reader downstream reads every line that parses
//!   as a move, so a quoted `13... Nc6` that survived would be replayed as
//!   if the player had sent it. [`strip_quoted`] therefore drops `>` lines
//!   and cuts everything from the first attribution line ("On … wrote:",
//!   "Am … schrieb …:", "… писал(а):", "Le … a écrit :"), forward or
//!   original-message separator, Outlook header block (`From:` followed by
//!   `Sent:`/`Date:`) or signature separator (`-- `) to the end. The price
//!   is that bottom-posted replies (the new move written *below* the quote)
//!   lose their move and are answered like a mail without one, which the
//!   player can repair, whereas a replayed old move cannot be taken back.
//!   In HTML-only mail the quote has no `>` marks, so `<blockquote>`
//!   elements and Gmail's `gmail_quote` container are removed before the
//!   HTML is turned into text.
//! * **The subject is returned, not read.** A reply's subject normally repeats
//!   ours ("Re: Game 12: 13... Nc6"), so merging it into [`Mail::body`] would
//!   replay the old move just like a quote. Whether the subject may name a
//!   game (or carry a move when the body is empty) is the caller's policy,
//!   so it is handed over decoded and untouched.
//! * **Classification is conservative about answering.** Anything that looks
//!   like machine mail ([`Kind::Automated`], [`Kind::Bounce`]) must never be
//!   answered, or two robots mail each other forever (RFC 3834). Bounces are
//!   recognised by their MIME structure first (`multipart/report`), then by
//!   a null or `MAILER-DAEMON` sender plus a bounce-shaped body or subject;
//!   a delivery report whose recipients were all only delayed (or delivered)
//!   is [`Kind::Automated`], not a bounce, since nothing failed yet.
//! * **Authentication is only reported, never decided here.** The message
//!   keeps its raw `Authentication-Results` values; [`authentication_passes`]
//!   trusts only those of the configured server id. That is safe only if the
//!   receiving MTA removes headers claiming that id when they arrive from
//!   outside (RFC 8601 §5); check the MTA's or milter's configuration.
//! * **Hostile input never panics.** No indexing or slicing on outside data;
//!   `mail-parser` itself runs under `catch_unwind` so that a bug in it (or
//!   one of its `debug_assert!`s, which malformed nesting can trigger in
//!   debug builds) turns into [`ParseError::ParserFailed`] rather than a
//!   dead mail loop.

use mail_parser::parsers::MessageStream;
use mail_parser::{
    Header, HeaderValue, Message, MessageParser, MessagePart, MimeHeaders, PartType,
};

/// What the gateway needs from one email.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    /// addr-specs of every address of every `From` field, in order, as
    /// written without comments (the caller normalizes). A mail has one
    /// author ([`Mail::author`]); several need a [`Mail::sender`].
    pub authors: Vec<String>,
    /// addr-spec of the `Sender` field: the one mailbox that sent a mail
    /// of several authors (RFC 5322 §3.6.2).
    pub sender: Option<String>,
    /// The `Return-Path` address; `Some(String::new())` for the null sender `<>`.
    pub return_path: Option<String>,
    /// `Message-ID` without angle brackets.
    pub message_id: Option<String>,
    /// `In-Reply-To` ids without brackets.
    pub in_reply_to: Vec<String>,
    /// `References` ids without brackets, oldest first.
    pub references: Vec<String>,
    /// The decoded subject, `""` if none. Not part of [`Mail::body`].
    pub subject: String,
    /// The text to read: the first text/plain part (or the HTML part turned
    /// into text), with quotes, forwarded messages and signature cut off
    /// ([`strip_quoted`]); `\n` line endings.
    pub body: String,
    /// addr-specs from `Delivered-To`, `X-Original-To`, `To` and `Cc`, in
    /// that order, without duplicates (case-insensitive), for VERP matching.
    pub recipients: Vec<String>,
    /// Raw values of every `Authentication-Results` header, topmost first,
    /// unfolded. See [`authentication_passes`].
    pub auth_results: Vec<String>,
    /// The first attached PGN file (`application/vnd.chess-pgn`,
    /// `application/x-chess-pgn`, or a name ending `.pgn`), decoded as text
    /// and cut to [`MAX_PGN_BYTES`].
    pub pgn: Option<String>,
    pub kind: Kind,
    /// Size of the raw message in bytes.
    pub size: usize,
}

/// Who wrote a message, as far as its headers and structure tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A person wrote it: it may be answered.
    Personal,
    /// Machine mail: journal it, never answer. Says why, e.g.
    /// `"Auto-Submitted: auto-replied"`, `"mailing list"`, `"read receipt"`.
    Automated(String),
    /// A delivery status notification or other bounce.
    Bounce(Bounce),
}

/// What a bounce says about the mail that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounce {
    /// Message-IDs of the mail(s) that bounced, brackets stripped: from the
    /// returned `message/rfc822` or `text/rfc822-headers` part, from
    /// `Message-ID:` lines of a plain-text bounce, or else the bounce's own
    /// `In-Reply-To`/`References`.
    pub original_ids: Vec<String>,
    /// `Final-Recipient` / `Original-Recipient` of the failed recipients in
    /// `message/delivery-status` (address type such as `rfc822;` removed);
    /// for a plain-text bounce `X-Failed-Recipients` or the addresses the
    /// text lists as failed.
    pub failed_recipients: Vec<String>,
    /// One short line: the `Diagnostic-Code` (without its `smtp;` type), or
    /// `Action`/`Status`, or the SMTP error line or first lines of the
    /// human-readable part.
    pub diagnostic: String,
}

/// Why a byte string could not be read as an email.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("not an email message: no header fields found")]
    NotAMessage,
    #[error("the mail parser failed on this message")]
    ParserFailed,
}

/// Longest [`Bounce::diagnostic`], in characters.
const MAX_DIAGNOSTIC: usize = 200;

/// Reads one raw message (any charset and transfer encoding).
pub fn parse(raw: &[u8]) -> Result<Mail, ParseError> {
    // `mail-parser` promises never to panic, but in debug builds some of
    // its `debug_assert!`s fire on malformed nesting. Only its call is
    // guarded: this module's own code must not panic, and the tests and the
    // fuzz target check that it does not.
    let message = std::panic::catch_unwind(|| MessageParser::default().parse(raw))
        .map_err(|_| ParseError::ParserFailed)?
        .ok_or(ParseError::NotAMessage)?;
    let root = message.parts.first().ok_or(ParseError::NotAMessage)?;
    if root.headers.is_empty() {
        return Err(ParseError::NotAMessage);
    }
    let fields = Fields {
        base: message.raw_message.as_ref(),
        headers: &root.headers,
    };

    let authors = addresses(&fields, "From");
    let sender = addresses(&fields, "Sender").into_iter().next();
    let return_path = fields
        .raw_values("Return-Path")
        .next()
        .and_then(|v| path_address(&v));
    let message_id = fields.values("Message-ID").flat_map(ids).next();
    let in_reply_to = dedup(fields.values("In-Reply-To").flat_map(ids));
    let references = dedup(fields.values("References").flat_map(ids));
    let subject = fields
        .values("Subject")
        .find_map(|v| v.as_text())
        .unwrap_or("")
        .to_string();

    let mut recipients = Vec::new();
    for name in ["Delivered-To", "X-Original-To"] {
        for value in fields.raw_values(name) {
            for item in split_unquoted(&value, ',') {
                if let Some(addr) = path_address(&item).and_then(|a| non_empty(&a)) {
                    push_unique(&mut recipients, addr);
                }
            }
        }
    }
    for name in ["To", "Cc"] {
        for value in fields.values(name) {
            if let HeaderValue::Address(address) = value {
                for addr in address.iter() {
                    if let Some(addr) = non_empty(addr.address.as_deref().unwrap_or("")) {
                        push_unique(&mut recipients, addr);
                    }
                }
            }
        }
    }

    let body = strip_quoted(&readable_text(&message).unwrap_or_default());

    let mut mail = Mail {
        authors,
        sender,
        return_path,
        message_id,
        in_reply_to,
        references,
        subject,
        body,
        recipients,
        auth_results: fields.raw_values("Authentication-Results").collect(),
        pgn: attached_pgn(&message),
        kind: Kind::Personal,
        size: raw.len(),
    };
    mail.kind = classify(&message, &fields, &mail);
    Ok(mail)
}

/// The most of an attached PGN file that is read: a game is a few KB; a
/// whole database attached is not a move.
pub const MAX_PGN_BYTES: usize = 64 * 1024;

fn attached_pgn(message: &Message<'_>) -> Option<String> {
    let is_pgn = |part: &MessagePart<'_>| {
        let typed = part.content_type().is_some_and(|ct| {
            ct.ctype().eq_ignore_ascii_case("application")
                && ct.subtype().is_some_and(|sub| {
                    sub.eq_ignore_ascii_case("vnd.chess-pgn")
                        || sub.eq_ignore_ascii_case("x-chess-pgn")
                })
        });
        let named = part.attachment_name().is_some_and(|name| {
            name.len() > 4
                && name
                    .get(name.len() - 4..)
                    .is_some_and(|ext| ext.eq_ignore_ascii_case(".pgn"))
        });
        (typed || named) && !matches!(part.body, PartType::Multipart(_) | PartType::Message(_))
    };
    let part = message.parts.iter().skip(1).find(|p| is_pgn(p))?;
    let mut text = bounce::part_text(part);
    if text.len() > MAX_PGN_BYTES {
        let mut cut = MAX_PGN_BYTES;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
    }
    Some(text)
}

/// The header fields of one (possibly nested) message, with the bytes their
/// offsets point into.
struct Fields<'a, 'x> {
    base: &'a [u8],
    headers: &'a [Header<'x>],
}

impl<'a, 'x> Fields<'a, 'x> {
    fn named(&self, name: &'static str) -> impl Iterator<Item = &'a Header<'x>> + use<'a, 'x> {
        self.headers
            .iter()
            .filter(move |h| h.name.as_str().eq_ignore_ascii_case(name))
    }

    /// Parsed values of every header `name`, in order.
    fn values(
        &self,
        name: &'static str,
    ) -> impl Iterator<Item = &'a HeaderValue<'x>> + use<'a, 'x> {
        self.named(name).map(|h| &h.value)
    }

    /// Raw values (unfolded, trimmed) of every header `name`, in order.
    fn raw_values(&self, name: &'static str) -> impl Iterator<Item = String> + use<'a, 'x> {
        let base = self.base;
        self.named(name).map(move |h| raw_value(base, h))
    }
}

fn raw_value(base: &[u8], header: &Header<'_>) -> String {
    let bytes = base
        .get(header.offset_start as usize..header.offset_end as usize)
        .unwrap_or_default();
    unfold(&String::from_utf8_lossy(bytes))
}

/// A header value on one line: each line break with the whitespace around
/// it becomes one space.
fn unfold(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for (i, line) in value.split(['\r', '\n']).enumerate() {
        let line = if i == 0 { line } else { line.trim_start() };
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() && i > 0 {
            out.truncate(out.trim_end().len());
            out.push(' ');
        }
        out.push_str(line);
    }
    out.trim().to_string()
}

/// Every address of every field `name`, read by mail-parser's address
/// parser once comments are removed (it takes `anna(home)@example.org` for
/// the name `anna` and the address `@example.org`), or as written when
/// that reads no address (`MAILER-DAEMON (Mail Delivery System)`, whose
/// comment makes its one word the address). A field that reads as no
/// address at all counts as one address that is not there, so that a mail
/// with two `From` fields is never taken for the one it could read.
fn addresses(fields: &Fields<'_, '_>, name: &'static str) -> Vec<String> {
    let mut found = Vec::new();
    for raw in fields.raw_values(name) {
        let mut read = read_addresses(&comments_replaced(&raw, ""));
        if read.iter().all(String::is_empty) {
            read = read_addresses(&raw);
        }
        if read.is_empty() {
            read.push(String::new());
        }
        found.extend(read);
    }
    found
}

/// The addresses of one address field's value, each `""` where an entry
/// has none; guarded as the whole message's parse is (see [`parse`]).
fn read_addresses(value: &str) -> Vec<String> {
    let line = format!("{value}\n");
    std::panic::catch_unwind(
        || match MessageStream::new(line.as_bytes()).parse_address() {
            HeaderValue::Address(address) => address
                .iter()
                .map(|a| a.address.as_deref().unwrap_or("").trim().to_string())
                .collect(),
            _ => Vec::new(),
        },
    )
    .unwrap_or_default()
}

impl Mail {
    /// The one author of the mail, if it names exactly one, with an
    /// address: what a player's mail must have to be read as theirs.
    pub fn author(&self) -> Option<&str> {
        match self.authors.as_slice() {
            [one] if !one.is_empty() => Some(one),
            _ => None,
        }
    }
}

fn non_empty(s: &str) -> Option<String> {
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

fn push_unique(list: &mut Vec<String>, item: String) {
    if !list.iter().any(|x| x.eq_ignore_ascii_case(&item)) {
        list.push(item);
    }
}

fn dedup(items: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out = Vec::new();
    for item in items {
        push_unique(&mut out, item);
    }
    out
}

/// Message ids of a parsed id header, brackets stripped.
fn ids(value: &HeaderValue<'_>) -> Vec<String> {
    match value {
        HeaderValue::Text(id) => clean_id(id).into_iter().collect(),
        HeaderValue::TextList(list) => list.iter().filter_map(|id| clean_id(id)).collect(),
        _ => Vec::new(),
    }
}

fn clean_id(id: &str) -> Option<String> {
    non_empty(id.trim().trim_start_matches('<').trim_end_matches('>'))
}

/// The address of a path or address field such as `Return-Path: <a@b>`,
/// `Delivered-To: a@b` or `<@relay:a@b>`: `Some("")` for `<>`.
fn path_address(value: &str) -> Option<String> {
    let value = strip_comments(value);
    let value = value.trim();
    let inner = match value.split_once('<') {
        Some((_, rest)) => rest.split('>').next().unwrap_or("").trim(),
        None => value.split_whitespace().next()?,
    };
    let inner = match inner.strip_prefix('@') {
        // Obsolete source route: `@relay1,@relay2:user@host`.
        Some(route) => route.split_once(':').map_or("", |(_, a)| a).trim(),
        None => inner,
    };
    Some(inner.trim_matches('"').to_string()).filter(|a| !a.is_empty() || value.contains('<'))
}

/// Removes RFC 5322 comments `( … )` (nested, outside quoted strings),
/// replacing each with a space.
fn strip_comments(s: &str) -> String {
    comments_replaced(s, " ")
}

/// `s` with each RFC 5322 comment replaced by `by`: nothing inside an
/// address (`anna(home)@example.org` is `anna@example.org`).
fn comments_replaced(s: &str, by: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut depth = 0usize;
    let mut in_quote = false;
    let mut escaped = false;
    for c in s.chars() {
        if escaped {
            escaped = false;
            if depth == 0 {
                out.push(c);
            }
            continue;
        }
        match c {
            '\\' if in_quote || depth > 0 => {
                escaped = true;
                if depth == 0 {
                    out.push(c);
                }
            }
            '"' if depth == 0 => {
                in_quote = !in_quote;
                out.push(c);
            }
            '(' if !in_quote => {
                if depth == 0 {
                    out.push_str(by);
                }
                depth += 1;
            }
            ')' if !in_quote && depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// Splits on `sep` outside double-quoted strings.
fn split_unquoted(s: &str, sep: char) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut in_quote = false;
    let mut escaped = false;
    for c in s.chars() {
        if escaped {
            escaped = false;
            current.push(c);
            continue;
        }
        match c {
            '\\' if in_quote => {
                escaped = true;
                current.push(c);
            }
            '"' => {
                in_quote = !in_quote;
                current.push(c);
            }
            c if c == sep && !in_quote => parts.push(std::mem::take(&mut current)),
            c => current.push(c),
        }
    }
    parts.push(current);
    parts
}

mod body;
mod bounce;

use body::readable_text;
pub use body::strip_quoted;
use bounce::classify;
// ---------------------------------------------------------------------------
// Authentication-Results and VERP

/// Whether the receiving server vouches for the sender: `Ok(why)` if the
/// topmost `Authentication-Results` header of `authserv_id`
/// (case-insensitive; an optional version after it is ignored) reports
/// `dmarc=pass` for the From domain, or `dkim=pass` with a `header.d`
/// aligned to the From domain (RFC 7489 relaxed alignment, see
/// [`aligned`]). SPF alone vouches for the envelope sender, not for From,
/// and an unaligned DKIM pass only says the signer's own domain signed:
/// neither counts. Headers of other server ids are ignored (anyone can write
/// them), and so are the trusted id's headers below the topmost: the
/// operator's server adds its own on top, anything below came with the mail.
/// `why` names the method used (`"dmarc=pass"`, `"dkim=pass header.d=…"`);
/// the error says precisely what was found, e.g.
/// `"mx.example.org: dkim=fail spf=softfail dmarc=fail"` or
/// `"no Authentication-Results from mx.example.org"`.
// A verdict, not a failure: either side is the text the journal keeps
// (`Auth::Vouched` or `Auth::Unverified`).
pub fn authentication_passes(mail: &Mail, authserv_id: &str) -> Result<String, String> {
    let wanted = authserv_id.trim();
    let from_domain = from_domain(mail);
    let topmost = mail.auth_results.iter().find_map(|value| {
        let cleaned = strip_comments(value);
        let segments = split_unquoted(&cleaned, ';');
        let is_ours = segments
            .first()
            .and_then(|head| head.split_whitespace().next())
            .map(|id| id.trim_matches('"'))
            .is_some_and(|id| !wanted.is_empty() && id.eq_ignore_ascii_case(wanted));
        is_ours.then_some(segments)
    });
    let Some(segments) = topmost else {
        return Err(format!("no Authentication-Results from {wanted}"));
    };
    let mut results: Vec<String> = Vec::new();
    for resinfo in segments.iter().skip(1) {
        let Some((method, rest)) = resinfo.split_once('=') else {
            continue;
        };
        // `dkim/1 = pass`: the method may carry a version.
        let method = method
            .split('/')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if !matches!(method.as_str(), "dkim" | "spf" | "dmarc") {
            continue;
        }
        let (result, props) = result_and_properties(rest);
        let prop = |name: &str| {
            props
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.trim_end_matches('.').to_ascii_lowercase())
        };
        let vouches = result == "pass"
            && match method.as_str() {
                // The server evaluated DMARC for some From domain: it must be this one.
                "dmarc" => prop("header.from").is_none_or(|d| d == from_domain),
                "dkim" => prop("header.d").is_some_and(|d| aligned(&d, &from_domain)),
                _ => false,
            };
        if vouches {
            return Ok(match prop("header.d") {
                Some(d) if method == "dkim" => format!("dkim=pass header.d={d}"),
                _ => format!("{method}=pass"),
            });
        }
        let unaligned = if result == "pass" && method != "spf" {
            " (not aligned with From)"
        } else {
            ""
        };
        results.push(format!("{method}={result}{unaligned}"));
    }
    if results.is_empty() {
        Err(format!("{wanted}: no dkim, spf or dmarc result"))
    } else {
        Err(format!("{wanted}: {}", results.join(" ")))
    }
}

/// The domain of the From address, lower case, without a final dot (empty
/// without a From).
pub fn from_domain(mail: &Mail) -> String {
    mail.author()
        .and_then(|a| a.rsplit_once('@'))
        .map(|(_, d)| d.trim().trim_end_matches('.').to_ascii_lowercase())
        .unwrap_or_default()
}

/// The result word of a resinfo's `= pass header.d=x` tail (lowercased)
/// and its `ptype.property=value` pairs; blanks around `=` are allowed.
fn result_and_properties(rest: &str) -> (String, Vec<(String, String)>) {
    let mut words: Vec<String> = Vec::new();
    for word in rest.split_whitespace() {
        match words.last_mut() {
            // `header.d = x` in three words, or `header.d= x` in two.
            Some(last) if last.ends_with('=') || word.starts_with('=') => last.push_str(word),
            _ => words.push(word.to_string()),
        }
    }
    let mut words = words.into_iter();
    let result = words.next().unwrap_or_default().to_ascii_lowercase();
    let props = words
        .filter_map(|w| {
            w.split_once('=')
                .map(|(k, v)| (k.to_string(), v.trim_matches('"').to_string()))
        })
        .collect();
    (result, props)
}

/// RFC 7489 relaxed alignment, without a public suffix list: the signing
/// domain is the From domain, or one is a subdomain of the other. A DKIM
/// pass proves the signer holds the key in `d`'s DNS, so a parent domain
/// (`example.org` for `mail.example.org`) or a child one is the same
/// organisation; siblings under one organisational domain, which a list
/// would align, are refused — the stricter side.
pub fn aligned(signing: &str, from: &str) -> bool {
    let sub_of = |a: &str, b: &str| {
        a.strip_suffix(b)
            .is_some_and(|head| head.len() > 1 && head.ends_with('.'))
    };
    !signing.is_empty()
        && !from.is_empty()
        && (signing == from || sub_of(signing, from) || sub_of(from, signing))
}

/// The outbox id of a VERP address among `recipients`: `N` from the first
/// one whose local part is `<local_part_tag>+o<N>` (the tag compared
/// case-insensitively, `N` a decimal `i64`).
pub fn verp_outbox_id(local_part_tag: &str, recipients: &[String]) -> Option<i64> {
    let tag = local_part_tag.trim();
    if tag.is_empty() {
        return None;
    }
    recipients.iter().find_map(|recipient| {
        let addr = recipient
            .trim()
            .trim_start_matches('<')
            .trim_end_matches('>');
        let local = addr.rsplit_once('@').map_or(addr, |(local, _)| local);
        let head = local.get(..tag.len())?;
        if !head.eq_ignore_ascii_case(tag) {
            return None;
        }
        let rest = local.get(tag.len()..)?.strip_prefix('+')?;
        let digits = rest.strip_prefix(['o', 'O'])?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok()
    })
}

#[cfg(test)]
mod tests {
    use super::body::*;
    use super::bounce::*;
    use super::*;

    fn sample(name: &str) -> Vec<u8> {
        let path = format!("{}/tests/data/mail/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn mail(name: &str) -> Mail {
        parse(&sample(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn bounce(name: &str) -> Bounce {
        match mail(name).kind {
            Kind::Bounce(b) => b,
            other => panic!("{name}: {other:?}"),
        }
    }

    // --- headers ---------------------------------------------------------

    #[test]
    fn plain_text_move() {
        let raw = sample("plain_move.eml");
        let m = parse(&raw).unwrap();
        assert_eq!(m.body, "14. Nf3");
        assert_eq!(m.author(), Some("anna@example.org"));
        assert_eq!(m.return_path.as_deref(), Some("anna@example.org"));
        assert_eq!(m.subject, "Re: Game 12: 13... Nc6");
        assert_eq!(m.kind, Kind::Personal);
        assert_eq!(m.size, raw.len());
    }

    #[test]
    fn thread_ids() {
        let m = mail("plain_move.eml");
        assert_eq!(
            m.message_id.as_deref(),
            Some("CAF=3x9Q+kz@mail.example.org")
        );
        assert_eq!(m.in_reply_to, ["ccgate.o41.g12@gw.test"]);
        assert_eq!(
            m.references,
            ["ccgate.o40.g12@gw.test", "ccgate.o41.g12@gw.test"]
        );
        let none = parse(b"From: a@b.test\nSubject: x\n\nhi\n").unwrap();
        assert_eq!(none.message_id, None);
        assert!(none.in_reply_to.is_empty() && none.references.is_empty());
    }

    #[test]
    fn a_mail_has_an_author_only_if_it_names_one() {
        let m =
            parse(b"From: Anna <anna@a.test>, Bob <bob@b.test>\nFrom: eve@e.test\n\nx\n").unwrap();
        assert_eq!(m.authors, ["anna@a.test", "bob@b.test", "eve@e.test"]);
        assert_eq!(m.author(), None);
        let m =
            parse(b"From: anna(at home)@a.test\nSender: Bob (desk) <bob@b.test>\n\nx\n").unwrap();
        assert_eq!(
            (m.author(), m.sender.as_deref()),
            (Some("anna@a.test"), Some("bob@b.test"))
        );
        let m = parse(b"From: anna@a.test\nFrom: undisclosed\n\nx\n").unwrap();
        assert_eq!(m.author(), None);
    }

    #[test]
    fn recipients_in_order_without_duplicates() {
        let m = mail("plain_move.eml");
        assert_eq!(m.recipients, ["gw@gw.test", "kibitz@example.net"]);
        let raw = b"Delivered-To: ccgate+o9@gw.test\nX-Original-To: <gw@gw.test>\nTo: \"G\" <GW@gw.test>, x@y.test\nCc: undisclosed:;, z@y.test\nFrom: a@b.test\n\nhi\n";
        let m = parse(raw).unwrap();
        assert_eq!(
            m.recipients,
            ["ccgate+o9@gw.test", "gw@gw.test", "x@y.test", "z@y.test"]
        );
    }

    #[test]
    fn encoded_word_subjects() {
        assert_eq!(mail("base64_utf8.eml").subject, "Партия 12: ход ♘");
        assert_eq!(mail("qp_latin1_de.eml").subject, "Partie 8: Zug für Weiß");
        assert_eq!(mail("cp1251_ru.eml").subject, "Партия 6");
    }

    #[test]
    fn null_return_path() {
        assert_eq!(mail("bounce_postfix.eml").return_path.as_deref(), Some(""));
        let m = parse(b"Return-Path: <@relay.test:anna@a.test>\nFrom: anna@a.test\n\nx\n").unwrap();
        assert_eq!(m.return_path.as_deref(), Some("anna@a.test"));
        let m = parse(b"From: anna@a.test\n\nx\n").unwrap();
        assert_eq!(m.return_path, None);
    }

    // --- body --------------------------------------------------------------

    #[test]
    fn quoted_reply_keeps_only_the_new_move() {
        let m = mail("quoted_reply_crlf.eml");
        assert_eq!(m.body, "14. Nf3");
    }

    #[test]
    fn two_line_attribution() {
        assert_eq!(mail("two_line_attribution.eml").body, "22. Rxe8+");
    }

    #[test]
    fn outlook_original_message() {
        assert_eq!(mail("outlook_original.eml").body, "30. Kg2");
    }

    #[test]
    fn forwarded_message() {
        assert_eq!(mail("forwarded.eml").body, "19. O-O");
    }

    #[test]
    fn signature_is_cut() {
        assert_eq!(mail("signature.eml").body, "14. Nf3");
    }

    #[test]
    fn html_only_blockquote_removed() {
        let body = mail("html_only_blockquote.eml").body;
        assert!(body.lines().any(|l| l.trim() == "14. Nf3"), "{body:?}");
        assert!(body.lines().any(|l| l.trim() == "Regards,"), "{body:?}");
        assert!(body.contains("PS: good game"), "{body:?}");
        for old in ["Nc6", "Bb5", "Qh4", "margin"] {
            assert!(!body.contains(old), "{old} in {body:?}");
        }
    }

    #[test]
    fn gmail_html_quote_removed() {
        let body = mail("gmail_html_only.eml").body;
        assert_eq!(body, "17. Qd2");
    }

    #[test]
    fn html_quote_stripping() {
        let html = "<p>a</p><BlockQuote cite=x>b<blockquote>c</BLOCKQUOTE>d</blockquote>e";
        let text = html_body_text(html);
        assert_eq!(text, "a\ne\n");
        // Unclosed: everything after it goes.
        assert_eq!(html_body_text("x<blockquote>y"), "x\n");
        // Stray closing tags and comments do not swallow text.
        assert_eq!(
            html_body_text("x</blockquote> y<!-- <blockquote> -->z"),
            "x yz\n"
        );
        // A blockquote-like tag name is not a blockquote.
        assert!(html_body_text("<blockquotes>k</blockquotes>").contains('k'));
        // Other divs stay, and become lines.
        assert_eq!(
            html_body_text("<div>14. Nf3</div><div>Thanks</div>"),
            "14. Nf3\nThanks\n"
        );
        assert_eq!(
            html_body_text(
                "<div>1. e4</div><div class=\"gmail_quote\"><div>2. d4</div></div><div>ok</div>"
            ),
            "1. e4\nok\n"
        );
        assert_eq!(html_body_text("14.&nbsp;Nf3"), "14. Nf3\n");
    }

    #[test]
    fn quoted_printable_latin1() {
        let m = mail("qp_latin1_de.eml");
        assert!(m.body.starts_with("Sf3 und Grüße aus Köln"), "{:?}", m.body);
        assert!(m.body.contains("umbrochen wird."), "{:?}", m.body);
        assert_eq!(m.author(), Some("juergen@example.de"));
    }

    #[test]
    fn windows_1251_russian() {
        let m = mail("cp1251_ru.eml");
        assert_eq!(m.body, "15. Кf3\nСпасибо за партию!");
    }

    #[test]
    fn base64_utf8_body() {
        assert_eq!(
            mail("base64_utf8.eml").body,
            "14. Nf3\nСпасибо, Grüße, merci ♞"
        );
    }

    #[test]
    fn alternative_prefers_plain() {
        assert_eq!(mail("alternative.eml").body, "14. Nf3 (plain part)");
        // The HTML part is used only when the plain one is blank.
        let raw = b"From: a@b.test\nContent-Type: multipart/alternative; boundary=q\n\n--q\nContent-Type: text/plain\n\n \n--q\nContent-Type: text/html\n\n<p>7. Bc4</p>\n--q--\n";
        assert_eq!(parse(raw).unwrap().body, "7. Bc4");
    }

    #[test]
    fn attachments_are_ignored() {
        let body = mail("mixed_attachment.eml").body;
        assert_eq!(body, "20. Bd3");
        assert!(!body.contains("e4"));
    }

    #[test]
    fn crlf_and_lf_give_the_same_mail() {
        let lf = sample("quoted_reply_crlf.eml")
            .into_iter()
            .filter(|&b| b != b'\r')
            .collect::<Vec<_>>();
        let crlf = sample("quoted_reply_crlf.eml");
        assert!(crlf.windows(2).any(|w| w == b"\r\n"));
        let (a, b) = (parse(&lf).unwrap(), parse(&crlf).unwrap());
        assert_eq!(Mail { size: 0, ..a }, Mail { size: 0, ..b });
    }

    #[test]
    fn message_without_body() {
        let m = mail("no_body.eml");
        assert_eq!(m.body, "");
        assert_eq!(m.subject, "empty");
        assert_eq!(m.kind, Kind::Personal);
        let m = parse(b"From: a@b.test\r\nSubject: s\r\n\r\n").unwrap();
        assert_eq!((m.body.as_str(), m.subject.as_str()), ("", "s"));
    }

    #[test]
    fn garbage_is_refused_or_read_without_panic() {
        assert_eq!(parse(b""), Err(ParseError::NotAMessage));
        assert_eq!(parse(b"\n\n\n"), Err(ParseError::NotAMessage));
        for raw in [
            &b"\xff\xfe\x00\x01"[..],
            b"just some words without any header",
            b":::\n\n",
            b"From: <\n\n\xc3",
            b"Content-Type: multipart/mixed; boundary=\"\"\n\n--\n--\n",
            b"Content-Type: message/rfc822\n\n",
        ] {
            let _ = parse(raw);
        }
    }

    #[test]
    fn mail_parser_panics_are_contained() {
        // mail-parser 0.11.9 hits a `debug_assert!` on an empty
        // message/rfc822 nested in another one (found by the fuzz target).
        let raw = sample("regress_nested_empty_rfc822.eml");
        // Without the guard this panics in debug builds; with it the mail is
        // refused there and read in release builds.
        let result = parse(&raw);
        assert!(
            matches!(result, Ok(_) | Err(ParseError::ParserFailed)),
            "{result:?}"
        );
    }

    // --- strip_quoted --------------------------------------------------------

    #[test]
    fn strip_quoted_attributions() {
        let cases = [
            "Am 03.11.2026 um 10:00 schrieb Gateway <gw@x>:",
            "3 нояб. 2026 г., в 10:00, Gateway <gw@x> написал(а):",
            "Gateway пишет:",
            "Le lun. 3 nov. 2026 à 10:00, Gateway <gw@x> a écrit :",
            "El lun, 3 nov 2026 a las 10:00, Gateway (<gw@x>) escribió:",
            "On 03/11/2026 10:00, Gateway wrote:",
        ];
        for attribution in cases {
            let text = format!("14. Nf3\n\n{attribution}\n13... Nc6\n");
            assert_eq!(strip_quoted(&text), "14. Nf3", "{attribution}");
        }
        // Wrapped over two and three lines.
        assert_eq!(
            strip_quoted("1. e4\nOn Mon, 3 Nov 2026,\nGateway <gw@x> wrote:\n2. d4"),
            "1. e4"
        );
        assert_eq!(
            strip_quoted(
                "1. e4\nAm Montag, 3. November 2026\num 10:00 schrieb\nGateway <gw@x>:\n2. d4"
            ),
            "1. e4"
        );
        // Not attributions.
        assert_eq!(strip_quoted("You wrote:\n1. e4"), "You wrote:\n1. e4");
        assert_eq!(
            strip_quoted("On move 14\nI play Nf3"),
            "On move 14\nI play Nf3"
        );
        assert_eq!(
            strip_quoted("On move 14\n\nsomeone wrote:"),
            "On move 14\n\nsomeone wrote:"
        );
    }

    /// Issue 12: quotes are cut wherever they are, the player's lines above
    /// and below kept; the quoted moves are never read.
    #[test]
    fn an_attached_pgn_file_is_kept_apart_from_the_text() {
        for (name, moves) in [
            (
                "pgn_attached_next_move.eml",
                "1. d4 Nf6 2. c4 c5 3. d5 b5 4. cxb5 *",
            ),
            ("pgn_attached_x_chess.eml", "4. cxb5 a6 5. e3 *"),
            ("pgn_attached_text_plain_name.eml", "4. cxb5 *"),
        ] {
            let m = mail(name);
            let pgn = m.pgn.unwrap_or_else(|| panic!("{name}: no PGN"));
            assert!(
                pgn.contains("[White \"Everitt, Gordon T. (USA)\"]"),
                "{name}: {pgn}"
            );
            assert!(pgn.contains(moves), "{name}: {pgn}");
            assert!(!m.body.contains("Everitt"), "{name}: {}", m.body);
        }
        assert_eq!(
            mail("pgn_attached_next_move.eml").body,
            "My move is in the attached file.\n\nAnna"
        );
        assert_eq!(mail("plain_move.eml").pgn, None);
    }

    #[test]
    fn quotes_of_outlook_com_s_nail_and_bottom_posting() {
        let outlook = mail("outlook_com_html.eml").body;
        assert_eq!(outlook, "12... Nf6\nOlga", "{outlook:?}");
        let snail = mail("snail_tab_quote.eml").body;
        assert_eq!(snail, "20... Re8", "{snail:?}");
        let bottom = mail("bottom_posted.eml").body;
        assert_eq!(bottom, "Hello,\n\n14... Nc6\n\nThanks, Bob", "{bottom:?}");
        // In plain text too: a header block that starts with Date:.
        assert_eq!(
            strip_quoted("5. O-O\n\nDate: Tue, 1 Dec 2026\nFrom: gw@gw.test\n4... Nf6"),
            "5. O-O"
        );
        // Two quotes, text between and below them.
        assert_eq!(
            strip_quoted(
                "On Mon, A wrote:\n> 1. e4\n1... e5\nOn Tue, A wrote:\n\n\t2. d4\n2... d5"
            ),
            "1... e5\n2... d5"
        );
        // A TAB-indented line of the player's own, under no attribution, is theirs.
        assert_eq!(strip_quoted("\t1. e4"), "\t1. e4");
    }

    #[test]
    fn strip_quoted_separators() {
        for sep in [
            "-----Original Message-----",
            "----- Original Message -----",
            "---------- Forwarded message ---------",
            "Begin forwarded message:",
            "-------- Ursprüngliche Nachricht --------",
            "-------- Пересылаемое сообщение --------",
            "-------- Message d'origine --------",
            "--",
            "-- ",
        ] {
            let text = format!("5. O-O\n{sep}\n4... Nf6\n");
            assert_eq!(strip_quoted(&text), "5. O-O", "{sep:?}");
        }
        // Dashes alone, or words that are not a separator, are kept.
        assert_eq!(strip_quoted("a\n---\nb"), "a\n---\nb");
        assert_eq!(
            strip_quoted("a\n--- my notes ---\nb"),
            "a\n--- my notes ---\nb"
        );
        assert_eq!(strip_quoted("a\n --\nb"), "a\n --\nb");
    }

    #[test]
    fn strip_quoted_outlook_header_blocks() {
        let text = "31. Qh5\n\nFrom: Chess Gateway <gw@gw.test>\nTo: me\nSubject: Game 3\nSent: Monday\n\n30... Qd8";
        assert_eq!(strip_quoted(text), "31. Qh5");
        let text =
            "31. Qh5\n________________________________\n*From:* Gateway\n*Date:* Monday\n30... Qd8";
        assert_eq!(strip_quoted(text), "31. Qh5");
        let text = "31. Qh5\nVon: Gateway\nGesendet: Montag\n30... Qd8";
        assert_eq!(strip_quoted(text), "31. Qh5");
        // From: without Sent:/Date: within four lines is not a header block.
        let text = "From: my analysis\na\nb\nc\nd\nDate: today\n1. e4";
        assert_eq!(strip_quoted(text), text);
    }

    #[test]
    fn strip_quoted_lines_and_endings() {
        assert_eq!(
            strip_quoted("1. e4\r\n  > 1... e5\r\n>>2. Nf3\r\n2. d4\r\n"),
            "1. e4\n2. d4"
        );
        assert_eq!(strip_quoted("a\rb\r\n\r\n"), "a\nb");
        assert_eq!(strip_quoted("a -> b\n x>y"), "a -> b\n x>y");
        assert_eq!(strip_quoted(""), "");
    }

    // --- classification ----------------------------------------------------

    #[test]
    fn out_of_office_is_automated() {
        assert_eq!(
            mail("ooo_auto_replied.eml").kind,
            Kind::Automated("Auto-Submitted: auto-replied".into())
        );
    }

    #[test]
    fn precedence_bulk_is_automated() {
        assert_eq!(
            mail("precedence_bulk.eml").kind,
            Kind::Automated("Precedence: bulk".into())
        );
    }

    #[test]
    fn auto_submitted_no_is_personal() {
        assert_eq!(mail("auto_submitted_no.eml").kind, Kind::Personal);
        let m = parse(b"From: a@b.test\nAuto-Submitted: No (a person)\n\nx\n").unwrap();
        assert_eq!(m.kind, Kind::Personal);
        let m =
            parse(b"From: a@b.test\nAuto-Submitted: auto-generated; owner-email=\"x@y\"\n\nx\n")
                .unwrap();
        assert_eq!(
            m.kind,
            Kind::Automated("Auto-Submitted: auto-generated".into())
        );
    }

    #[test]
    fn other_automated_markers() {
        let cases: [(&[u8], &str); 5] = [
            (
                b"From: a@b.test\nList-Id: Chess <chess.lists.test>\n\nx\n",
                "mailing list",
            ),
            (
                b"From: a@b.test\nList-Unsubscribe: <mailto:u@l.test>\n\nx\n",
                "mailing list",
            ),
            (b"From: a@b.test\nX-Autoreply: yes\n\nx\n", "X-Autoreply"),
            (b"From: a@b.test\nX-Autorespond: 1\n\nx\n", "X-Autorespond"),
            (
                b"From: a@b.test\nPrecedence: junk\n\nx\n",
                "Precedence: junk",
            ),
        ];
        for (raw, why) in cases {
            assert_eq!(
                parse(raw).unwrap().kind,
                Kind::Automated(why.into()),
                "{why}"
            );
        }
        let m = parse(b"From: a@b.test\nPrecedence: first-class\n\nx\n").unwrap();
        assert_eq!(m.kind, Kind::Personal);
    }

    /// Issue 12: list robots answer every mail; answering them loops. Any
    /// `List-*` or `X-Mailman-*` field, or a robot's sender address.
    #[test]
    fn list_robots_are_automated() {
        for field in [
            "List-Post: <mailto:chess@lists.test>",
            "list-help: <mailto:chess-request@lists.test?subject=help>",
            "List-Archive: <https://lists.test/chess>",
            "X-Mailman-Version: 2.1.29",
            "X-Mailman-Rule-Misses: dmarc-mitigation",
        ] {
            let raw = format!("From: a@b.test\n{field}\n\nx\n");
            assert_eq!(
                parse(raw.as_bytes()).unwrap().kind,
                Kind::Automated("mailing list".into()),
                "{field}"
            );
        }
        for (header, address) in [
            ("From", "chess-request@lists.test"),
            ("From", "Chess list <Chess-Owner@lists.test>"),
            ("From", "owner-chess@lists.test"),
            (
                "Return-Path",
                "<chess-bounces+alice=example.test@lists.test>",
            ),
        ] {
            let raw = format!("From: x@y.test\n{header}: {address}\n\n12 accept\n");
            let raw = raw.replacen("From: x@y.test\nFrom:", "From:", 1);
            let kind = parse(raw.as_bytes()).unwrap().kind;
            assert!(
                matches!(&kind, Kind::Automated(why) if why.starts_with("list robot")),
                "{address}: {kind:?}"
            );
        }
        for person in ["requester@b.test", "bounces.are.fun@b.test", "owner@b.test"] {
            let raw = format!("From: {person}\n\nx\n");
            assert_eq!(
                parse(raw.as_bytes()).unwrap().kind,
                Kind::Personal,
                "{person}"
            );
        }
    }

    #[test]
    fn null_sender_and_mailer_daemon_without_bounce() {
        let m =
            parse(b"Return-Path: <>\nFrom: robot@x.test\nSubject: Your report\n\nhello\n").unwrap();
        assert_eq!(m.kind, Kind::Automated("null sender".into()));
        let m = parse(b"From: Postmaster <POSTMASTER@x.test>\nSubject: Policy\n\nhello\n").unwrap();
        assert_eq!(m.kind, Kind::Automated("mailer-daemon".into()));
        let m =
            parse(b"Return-Path: <MAILER-DAEMON>\nFrom: x@y.test\nSubject: hi\n\nhello\n").unwrap();
        assert_eq!(m.kind, Kind::Automated("mailer-daemon".into()));
        let m = parse(b"From: MAILER-DAEMON (Mail Delivery System)\nSubject: Returned mail\n\nx\n")
            .unwrap();
        assert!(matches!(m.kind, Kind::Bounce(_)), "{:?}", m.kind);
    }

    #[test]
    fn postfix_bounce() {
        let m = mail("bounce_postfix.eml");
        assert_eq!(verp_outbox_id("ccgate", &m.recipients), Some(42));
        let b = bounce("bounce_postfix.eml");
        assert_eq!(b.original_ids, ["ccgate.o42.g7@gw.test"]);
        assert_eq!(b.failed_recipients, ["bob@example.test"]);
        assert_eq!(b.diagnostic, "550 5.1.1 No such user");
    }

    #[test]
    fn bounce_with_rfc822_headers_part() {
        let m = mail("bounce_headers_only.eml");
        assert_eq!(verp_outbox_id("ccgate", &m.recipients), Some(77));
        let b = bounce("bounce_headers_only.eml");
        assert_eq!(b.original_ids, ["ccgate.o77.g20@gw.test"]);
        assert_eq!(b.failed_recipients, ["carol@nowhere.example"]);
        assert_eq!(
            b.diagnostic,
            "550-5.1.1 The email account that you tried to reach does not exist."
        );
    }

    #[test]
    fn plain_text_mailer_daemon_bounce() {
        let b = bounce("bounce_exim_plain.eml");
        assert_eq!(b.original_ids, ["ccgate.o43.g9@gw.test"]);
        assert_eq!(b.failed_recipients, ["dora@example.invalid"]);
        assert!(
            b.diagnostic.starts_with("550 5.1.1 <dora@example.invalid>"),
            "{}",
            b.diagnostic
        );
        // Without X-Failed-Recipients the address is read from the text.
        let raw = String::from_utf8(sample("bounce_exim_plain.eml"))
            .unwrap()
            .replace("X-Failed-Recipients: dora@example.invalid\n", "");
        let Kind::Bounce(b) = parse(raw.as_bytes()).unwrap().kind else {
            panic!("not a bounce")
        };
        assert_eq!(b.failed_recipients, ["dora@example.invalid"]);
    }

    #[test]
    fn bounce_falls_back_to_in_reply_to() {
        let raw = b"Return-Path: <>\nFrom: MAILER-DAEMON@mx.test\nSubject: Returned mail: see transcript for details\nIn-Reply-To: <ccgate.o5.g1@gw.test>\n\nThe original message was lost.\n<x@y.test>: unknown user\n";
        let Kind::Bounce(b) = parse(raw).unwrap().kind else {
            panic!("not a bounce")
        };
        assert_eq!(b.original_ids, ["ccgate.o5.g1@gw.test"]);
        assert_eq!(b.failed_recipients, ["x@y.test"]);
        assert_eq!(
            b.diagnostic,
            "The original message was lost. <x@y.test>: unknown user"
        );
    }

    #[test]
    fn failed_recipients_header() {
        let raw = b"Return-Path: <>\nFrom: Mailer-Daemon@mx.test\nSubject: Undeliverable: Game 3\nX-Failed-Recipients: a@x.test,\n <b@y.test>\n\nDelivery failed.\n";
        let Kind::Bounce(b) = parse(raw).unwrap().kind else {
            panic!("not a bounce")
        };
        assert_eq!(b.failed_recipients, ["a@x.test", "b@y.test"]);
        assert!(b.original_ids.is_empty());
        assert_eq!(b.diagnostic, "Delivery failed.");
    }

    #[test]
    fn read_receipt_is_automated() {
        assert_eq!(mail("mdn.eml").kind, Kind::Automated("read receipt".into()));
    }

    #[test]
    fn delay_notice_is_not_a_bounce() {
        assert_eq!(
            mail("delay_dsn.eml").kind,
            Kind::Automated("delivery status: delayed".into())
        );
        // The same report with a failed recipient is a bounce.
        let raw = String::from_utf8(sample("delay_dsn.eml"))
            .unwrap()
            .replace("Action: delayed", "Action: failed");
        let Kind::Bounce(b) = parse(raw.as_bytes()).unwrap().kind else {
            panic!("not a bounce")
        };
        assert_eq!(b.original_ids, ["ccgate.o88.g3@gw.test"]);
        assert_eq!(b.failed_recipients, ["slow@example.test"]);
        assert!(
            b.diagnostic.starts_with("connect to mx.example.test"),
            "{}",
            b.diagnostic
        );
    }

    #[test]
    fn diagnostic_is_one_short_line() {
        let long = "x ".repeat(500);
        assert_eq!(one_line(&long, 10).chars().count(), 10);
        assert_eq!(one_line(" a \n b ", 10), "a b");
        assert_eq!(
            smtp_error_line("hello\n  host said: 550-5.7.1 no\n"),
            Some("host said: 550-5.7.1 no".into())
        );
        assert_eq!(smtp_error_line("host [192.0.2.1] port 550a"), None);
    }

    // --- Authentication-Results ------------------------------------------------

    fn with_auth(values: &[&str]) -> Mail {
        let mut raw = String::new();
        for v in values {
            raw.push_str(&format!("Authentication-Results: {v}\r\n"));
        }
        raw.push_str("From: a@b.test\r\n\r\nx\r\n");
        parse(raw.as_bytes()).unwrap()
    }

    #[test]
    fn authentication_results_pass() {
        let m = mail("plain_move.eml");
        assert_eq!(m.auth_results.len(), 1);
        assert!(
            m.auth_results[0].starts_with("mx.gw.test; dkim=pass (2048-bit key; unprotected)"),
            "{:?}",
            m.auth_results
        );
        assert!(
            m.auth_results[0].ends_with("; dmarc=pass (p=reject dis=none) header.from=example.org")
        );
        assert_eq!(
            authentication_passes(&m, "mx.gw.test"),
            Ok("dkim=pass header.d=example.org".into())
        );
        assert!(authentication_passes(&m, "MX.GW.TEST").is_ok());
        for (one, how) in [
            ("DMARC=Pass header.from=b.test", "dmarc=pass"),
            ("dmarc=pass", "dmarc=pass"),
            ("dkim = pass header.d = B.test", "dkim=pass header.d=b.test"),
            (
                "dkim=pass header.d=mail.b.test",
                "dkim=pass header.d=mail.b.test",
            ),
        ] {
            let m = with_auth(&[&format!("mx.gw.test 1; dkim=fail; {one}")]);
            assert_eq!(
                authentication_passes(&m, "mx.gw.test"),
                Ok(how.to_string()),
                "{one}"
            );
        }
    }

    #[test]
    fn spf_alone_and_unaligned_dkim_do_not_vouch_for_from() {
        // From is a@b.test: the attacker's own domain's signature, or an SPF
        // pass for the envelope, says nothing about it.
        for (one, found) in [
            (
                "dkim=pass header.d=evil.test; dmarc=fail",
                "dkim=pass (not aligned with From) dmarc=fail",
            ),
            ("spf=pass smtp.mailfrom=evil.test", "spf=pass"),
            ("spf=pass smtp.mailfrom=b.test", "spf=pass"),
            ("dkim=pass", "dkim=pass (not aligned with From)"),
            (
                "dkim=pass header.d=xb.test",
                "dkim=pass (not aligned with From)",
            ),
            (
                "dmarc=pass header.from=evil.test",
                "dmarc=pass (not aligned with From)",
            ),
        ] {
            let m = with_auth(&[&format!("mx.gw.test; {one}")]);
            assert_eq!(
                authentication_passes(&m, "mx.gw.test"),
                Err(format!("mx.gw.test: {found}")),
                "{one}"
            );
        }
    }

    #[test]
    fn only_the_topmost_header_of_the_trusted_server_counts() {
        // The attacker wrote the lower one, with our server's id, before sending.
        let m = with_auth(&[
            "mx.gw.test; dkim=none; spf=softfail smtp.mailfrom=evil.test; dmarc=fail",
            "mx.gw.test; dkim=pass header.d=b.test; dmarc=pass header.from=b.test",
        ]);
        assert_eq!(
            authentication_passes(&m, "mx.gw.test"),
            Err("mx.gw.test: dkim=none spf=softfail dmarc=fail".into())
        );
    }

    #[test]
    fn authentication_results_fail() {
        let m = with_auth(&[
            "mx.gw.test; dkim=fail (bad signature) header.d=b.test; spf=softfail smtp.mailfrom=b.test; dmarc=fail",
        ]);
        assert_eq!(
            authentication_passes(&m, "mx.gw.test"),
            Err("mx.gw.test: dkim=fail spf=softfail dmarc=fail".into())
        );
        // A pass inside a comment or a quoted string is no pass.
        let m =
            with_auth(&["mx.gw.test; dkim=fail (x; dkim=pass) reason=\"spf=pass; dmarc=pass\""]);
        assert_eq!(
            authentication_passes(&m, "mx.gw.test"),
            Err("mx.gw.test: dkim=fail".into())
        );
        let m = with_auth(&["mx.gw.test; none"]);
        assert_eq!(
            authentication_passes(&m, "mx.gw.test"),
            Err("mx.gw.test: no dkim, spf or dmarc result".into())
        );
    }

    #[test]
    fn authentication_results_other_server() {
        // A forged header of another server id must not count.
        let m = with_auth(&["evil.test; dkim=pass; spf=pass", "mx.gw.test; spf=fail"]);
        assert_eq!(
            authentication_passes(&m, "mx.gw.test"),
            Err("mx.gw.test: spf=fail".into())
        );
        let m = with_auth(&["mx.gw.test.evil.test; dkim=pass"]);
        assert_eq!(
            authentication_passes(&m, "mx.gw.test"),
            Err("no Authentication-Results from mx.gw.test".into())
        );
        assert_eq!(
            authentication_passes(&m, ""),
            Err("no Authentication-Results from ".into())
        );
    }

    #[test]
    fn authentication_results_missing() {
        let m = mail("signature.eml");
        assert!(m.auth_results.is_empty());
        assert_eq!(
            authentication_passes(&m, "mx.gw.test"),
            Err("no Authentication-Results from mx.gw.test".into())
        );
    }

    #[test]
    fn authentication_results_in_order() {
        let m = with_auth(&["mx.gw.test; dkim=pass", "relay.test; spf=fail"]);
        assert_eq!(
            m.auth_results,
            ["mx.gw.test; dkim=pass", "relay.test; spf=fail"]
        );
    }

    // --- VERP ----------------------------------------------------------------

    #[test]
    fn verp_from_delivered_to() {
        let m = parse(b"Delivered-To: ccgate+o123@gw.test\nFrom: MAILER-DAEMON@mx.test\nTo: gw@gw.test\n\nx\n").unwrap();
        assert_eq!(
            m.recipients.first().map(String::as_str),
            Some("ccgate+o123@gw.test")
        );
        assert_eq!(verp_outbox_id("ccgate", &m.recipients), Some(123));
    }

    #[test]
    fn verp_forms() {
        let r = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            verp_outbox_id("ccgate", &r(&["CCGate+O5@gw.test"])),
            Some(5)
        );
        assert_eq!(
            verp_outbox_id("ccgate", &r(&["gw@gw.test", "ccgate+o7@x", "ccgate+o8@x"])),
            Some(7)
        );
        assert_eq!(verp_outbox_id("ccgate", &r(&["<ccgate+o9@x>"])), Some(9));
        for bad in [
            "ccgate+x5@x",
            "ccgate+o@x",
            "ccgate+o12a@x",
            "ccgate+o-3@x",
            "ccgate+o+3@x",
            "other+o5@x",
            "ccgatex+o5@x",
            "ccgate@x",
            "ccgate+o99999999999999999999@x",
            "с+o5@x",
        ] {
            assert_eq!(verp_outbox_id("ccgate", &r(&[bad])), None, "{bad}");
        }
        assert_eq!(verp_outbox_id("", &r(&["+o5@x"])), None);
    }

    // --- hostile input -------------------------------------------------------

    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }

        fn below(&mut self, n: usize) -> usize {
            if n == 0 {
                0
            } else {
                (self.next() % n as u64) as usize
            }
        }
    }

    const TOKENS: &[&[u8]] = &[
        b"\r\n",
        b"\n\n",
        b"\r\n\r\n",
        b"--",
        b"-- \n",
        b"\n>",
        b"<blockquote>",
        b"</blockquote>",
        b"<div class=\"gmail_quote\">",
        b"<!--",
        b"=?UTF-8?B?",
        b"=?iso-8859-1?q?=E9",
        b"?=",
        b"Content-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\n",
        b"Content-Type: message/rfc822\n",
        b"Content-Type: text/rfc822-headers\n",
        b"Content-Type: message/delivery-status\n",
        b"Content-Transfer-Encoding: base64\n",
        b"Content-Transfer-Encoding: quoted-printable\n",
        b"\n--b\n",
        b"\n--b--\n",
        b"Return-Path: <>\n",
        b"From: MAILER-DAEMON@x\n",
        b"On x\nwrote:\n",
        b"From: a\nSent: b\n",
        b"Message-ID:",
        b"Final-Recipient: rfc822;",
        b"Authentication-Results: x; dkim=pass (",
        b"=\n",
        b"=F",
        b"\xd0",
        b"\xc3\xa9",
        b"\xe2\x99",
        b"(",
        b"\"",
        b";",
        b"<",
        b">",
    ];

    fn mutate(rng: &mut XorShift, data: &mut Vec<u8>) {
        let len = data.len();
        match rng.below(8) {
            0 if len > 0 => {
                let i = rng.below(len);
                data[i] ^= 1 << rng.below(8);
            }
            1 => {
                let i = rng.below(len + 1);
                data.insert(i, rng.next() as u8);
            }
            2 if len > 0 => {
                let start = rng.below(len);
                let end = (start + rng.below(64) + 1).min(len);
                data.drain(start..end);
            }
            3 if len > 0 => {
                let start = rng.below(len);
                let end = (start + rng.below(256) + 1).min(len);
                let copy = data[start..end].to_vec();
                let at = rng.below(data.len() + 1);
                data.splice(at..at, copy);
            }
            4 | 5 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                let at = rng.below(len + 1);
                data.splice(at..at, token.iter().copied());
            }
            6 => data.truncate(rng.below(len + 1)),
            _ if len > 0 => {
                let i = rng.below(len);
                data[i] = *b"\0\xff\r\n<>:=-;\" \t>@".get(rng.below(16)).unwrap_or(&0);
            }
            _ => data.push(b'\n'),
        }
    }

    fn check_invariants(raw: &[u8]) {
        if let Ok(m) = parse(raw) {
            assert!(!m.body.contains('\r'), "{raw:?}");
            for line in m.body.lines() {
                assert!(!line.trim_start().starts_with('>'), "{raw:?}");
                assert_ne!(line.trim_end(), "--", "{raw:?}");
            }
            assert_eq!(m.size, raw.len());
            let _ = authentication_passes(&m, "x");
            let _ = verp_outbox_id("ccgate", &m.recipients);
            if let Kind::Bounce(b) = &m.kind {
                assert!(b.diagnostic.chars().count() <= MAX_DIAGNOSTIC);
                assert!(!b.diagnostic.contains('\n'));
            }
        }
        let text = String::from_utf8_lossy(raw);
        let _ = strip_quoted(&text);
        let _ = html_body_text(&text);
    }

    #[test]
    fn hostile_input_never_panics() {
        let dir = format!("{}/tests/data/mail", env!("CARGO_MANIFEST_DIR"));
        let mut samples: Vec<Vec<u8>> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .map(|p| std::fs::read(p).unwrap())
            .collect();
        assert!(samples.len() >= 20);
        samples.sort();
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let mut runs = 0;
        for round in 0..150 {
            for sample in &samples {
                let mut data = sample.clone();
                for _ in 0..=rng.below(8) + round % 4 {
                    mutate(&mut rng, &mut data);
                }
                check_invariants(&data);
                runs += 1;
            }
        }
        for _ in 0..500 {
            let len = rng.below(300);
            let data: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            check_invariants(&data);
            let data: Vec<u8> = (0..len)
                .map(|_| *TOKENS[rng.below(TOKENS.len())].first().unwrap_or(&b'a'))
                .collect();
            check_invariants(&data);
            runs += 2;
        }
        assert!(runs > 3000);
    }
}
