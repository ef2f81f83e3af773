//! The readable text of a mail: the plain part or the HTML turned to text, quoted replies and forwarded mail cut.

use mail_parser::decoders::html::html_to_text;
use mail_parser::{Message, PartType};

// ---------------------------------------------------------------------------
// Body

/// The message's readable text before quotes are cut: the first non-blank
/// text/plain body part, else the first HTML body part (quotes removed)
/// turned into text. Attachments and non-text parts are never read.
pub(super) fn readable_text(message: &Message<'_>) -> Option<String> {
    let part_of = |id: &u32| message.parts.get(*id as usize);
    let plain = message
        .text_body
        .iter()
        .filter_map(part_of)
        .find_map(|part| match &part.body {
            PartType::Text(text) if !text.trim().is_empty() => Some(text.to_string()),
            _ => None,
        });
    if plain.is_some() {
        return plain;
    }
    let html = message
        .text_body
        .iter()
        .chain(&message.html_body)
        .filter_map(part_of)
        .find_map(|part| match &part.body {
            PartType::Html(html) => Some(html_body_text(html)),
            _ => None,
        });
    html.or_else(|| {
        // Only blank text/plain parts: keep the (blank) text.
        message
            .text_body
            .iter()
            .filter_map(part_of)
            .find_map(|part| match &part.body {
                PartType::Text(text) => Some(text.to_string()),
                _ => None,
            })
    })
}

/// HTML to text, without the quoted parts, one line per block element.
pub(super) fn html_body_text(html: &str) -> String {
    let text = html_to_text(&strip_html_quotes(html)).replace('\u{a0}', " ");
    // Block elements were marked with breaks before and after, so adjacent
    // blocks leave blank lines: keep only the lines with text.
    let mut out = String::with_capacity(text.len());
    for line in normalize_newlines(&text).split('\n') {
        if !line.trim().is_empty() {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Block elements after (and before) which a line break is inserted, since
/// `html_to_text` breaks lines only at `<br>` and `</p>`.
pub(super) const BLOCK_TAGS: &[&str] = &[
    "div", "p", "li", "tr", "table", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "pre",
];

/// Removes `<blockquote>` elements (nested, any case) and quote containers
/// such as Gmail's `<div class="gmail_quote">`, and marks block elements
/// with `<br>` so that each becomes a line of text.
pub(super) fn strip_html_quotes(html: &str) -> String {
    // ASCII lowercasing keeps every byte offset, so offsets found in `lower`
    // are valid in `html`; all of them sit on ASCII `<` or after `>`.
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len());
    let mut copied = 0; // `html[..copied]` is dealt with
    let mut cursor = 0;
    // While inside a removed element: its tag name and the nesting depth.
    let mut skipping: Option<(&'static str, usize)> = None;
    while let Some(offset) = lower.get(cursor..).and_then(|rest| rest.find('<')) {
        let start = cursor + offset;
        let rest = lower.get(start..).unwrap_or("");
        if rest.starts_with("<!--") {
            cursor = rest.find("-->").map_or(lower.len(), |e| start + e + 3);
            continue;
        }
        let end = rest.find('>').map_or(lower.len(), |e| start + e + 1);
        let tag = lower.get(start..end).unwrap_or("");
        cursor = end;
        let (closing, name) = tag_name(tag);
        let self_closing = tag.ends_with("/>");
        match skipping {
            None => {
                if is_reply_rule(name, tag) {
                    // Outlook.com and Hotmail put the original, unquoted,
                    // under this rule or header box: nothing below is new.
                    out.push_str(html.get(copied..start).unwrap_or(""));
                    return out;
                }
                let quote = match name {
                    _ if closing || self_closing => None,
                    "blockquote" => Some("blockquote"),
                    "div" if tag.contains("gmail_quote") || tag.contains("yahoo_quoted") => {
                        Some("div")
                    }
                    _ => None,
                };
                if let Some(kind) = quote {
                    out.push_str(html.get(copied..start).unwrap_or(""));
                    copied = end;
                    skipping = Some((kind, 1));
                } else if BLOCK_TAGS.contains(&name) {
                    out.push_str(html.get(copied..start).unwrap_or(""));
                    out.push_str("<br>");
                    copied = start;
                } else if closing && name == "blockquote" {
                    // A stray closing tag: drop it.
                    out.push_str(html.get(copied..start).unwrap_or(""));
                    copied = end;
                }
            }
            Some((kind, depth)) => {
                if name == kind && !self_closing {
                    if closing {
                        if depth <= 1 {
                            skipping = None;
                            copied = end;
                            out.push_str("<br>");
                        } else {
                            skipping = Some((kind, depth - 1));
                        }
                    } else {
                        skipping = Some((kind, depth + 1));
                    }
                }
            }
        }
    }
    if skipping.is_none() {
        out.push_str(html.get(copied..).unwrap_or(""));
    }
    out
}

/// Outlook.com's and Hotmail's start of the quoted original:
/// `<hr id="stopSpelling">` or the header box `<div id="divRplyFwdMsg">`.
/// `tag` is lowercased.
fn is_reply_rule(name: &str, tag: &str) -> bool {
    let id = |value: &str| {
        ["\"", "'", ""]
            .iter()
            .any(|q| tag.contains(&format!("id={q}{value}{q}")))
    };
    (name == "hr" && id("stopspelling")) || (name == "div" && id("divrplyfwdmsg"))
}

/// `("<div class=x>")` → `(false, "div")`; `("</p>")` → `(true, "p")`.
pub(super) fn tag_name(tag: &str) -> (bool, &str) {
    let inner = tag.strip_prefix('<').unwrap_or(tag);
    let (closing, inner) = match inner.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    let len = inner
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(inner.len());
    (closing, inner.get(..len).unwrap_or(""))
}

pub(super) fn normalize_newlines(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\r', "\n")
}

/// The new text of a reply: `\n` line endings; quotes removed wherever they
/// are, the player's lines above and below them kept; everything from the
/// signature separator (`-- ` or `--` alone on a line), a forwarded or
/// original-message separator, an Outlook header block (`From:` with `Sent:`
/// or `Date:` within four lines, either first) or an attribution that
/// introduces an unquoted original to the end removed; trailing whitespace
/// removed. The rest is kept as is.
///
/// A quote is a run of `>` lines, or, right under an attribution ("On …
/// wrote:", "Am … schrieb …:", "… писал(а):", also wrapped over two lines,
/// or any "… wrote:" such as s-nail's heading), a run of `>` or
/// TAB-indented lines (s-nail indents with a TAB) and the blank lines
/// between them. A bottom-posted move below such a quote is read.
pub fn strip_quoted(text: &str) -> String {
    let text = normalize_newlines(text);
    let lines: Vec<&str> = text.split('\n').collect();
    let mut kept: Vec<&str> = Vec::with_capacity(lines.len());
    // Under an attribution: TAB-indented and blank lines are quoted too.
    let mut in_quote = false;
    let mut i = 0;
    while let Some(line) = lines.get(i) {
        if let Some(span) = quote_heading(&lines, i) {
            in_quote = true;
            i += span;
            continue;
        }
        if starts_quote(&lines, i) {
            break;
        }
        let quoted =
            is_quote_line(line) || (in_quote && (line.starts_with('\t') || line.trim().is_empty()));
        if !quoted {
            in_quote = false;
            kept.push(line);
        }
        i += 1;
    }
    let mut out = kept.join("\n");
    out.truncate(out.trim_end().len());
    out
}

fn is_quote_line(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

/// The number of lines of an attribution on line `i` when quoted lines
/// (`>` or TAB-indented) follow it, after blank lines: the quote ends where
/// they end, and what comes below is the player's again.
pub(super) fn quote_heading(lines: &[&str], i: usize) -> Option<usize> {
    let generic = lines
        .get(i)
        .is_some_and(|l| l.trim_end().ends_with(" wrote:"))
        .then_some(1);
    let span = attribution_span(lines, i).or(generic)?;
    let next = lines.iter().skip(i + span).find(|l| !l.trim().is_empty())?;
    (is_quote_line(next) || next.starts_with('\t')).then_some(span)
}

/// Whether line `i` starts the part of a message that must never be read.
pub(super) fn starts_quote(lines: &[&str], i: usize) -> bool {
    let Some(line) = lines.get(i) else {
        return false;
    };
    line.trim_end() == "--"
        || is_separator(line)
        || attribution_span(lines, i).is_some()
        || is_header_block(lines, i)
        || is_rule_before_header_block(lines, i)
}

/// Lines such as `-----Original Message-----`, after trimming the dashes.
pub(super) const DASHED_SEPARATORS: &[&str] = &[
    "original message",
    "forwarded message",
    "ursprüngliche nachricht",
    "weitergeleitete nachricht",
    "original-nachricht",
    "пересылаемое сообщение",
    "исходное сообщение",
    "переадресованное сообщение",
    "message d'origine",
    "message transféré",
    "mensaje original",
    "mensaje reenviado",
    "messaggio originale",
    "messaggio inoltrato",
    "oorspronkelijk bericht",
    "doorgestuurd bericht",
];

/// Whole lines (lowercased, trimmed) that introduce a forwarded message.
pub(super) const FORWARD_INTROS: &[&str] = &[
    "begin forwarded message:",
    "anfang der weitergeleiteten nachricht:",
    "début du message réexpédié :",
    "début du message réexpédié:",
    "начало переадресованного сообщения:",
];

pub(super) fn is_separator(line: &str) -> bool {
    let lower = line.trim().to_lowercase();
    if FORWARD_INTROS.contains(&lower.as_str()) {
        return true;
    }
    lower.starts_with("--") && {
        let inner = lower.trim_matches(|c: char| c == '-' || c.is_whitespace());
        DASHED_SEPARATORS.contains(&inner)
    }
}

/// Suffixes of Russian attributions ("Иван <ivan@x> написал(а):").
pub(super) const RU_ATTRIBUTION_ENDS: &[&str] = &["писал(а):", "писал:", "писала:", "пишет:"];

/// Prefixes of attributions that may be wrapped onto the next line(s).
pub(super) const ATTRIBUTION_STARTS: &[&str] = &["On ", "Am ", "Le ", "El ", "Il ", "Op "];

pub(super) fn is_attribution_text(s: &str) -> bool {
    let s = s.trim();
    (s.starts_with("On ") && s.ends_with("wrote:"))
        || (s.starts_with("Am ") && s.contains("schrieb") && s.ends_with(':'))
        || (s.starts_with("Le ")
            && ["a écrit :", "a écrit:", "a écrit\u{a0}:"]
                .iter()
                .any(|end| s.ends_with(end)))
        || (s.starts_with("El ") && s.ends_with("escribió:"))
        || (s.starts_with("Il ") && s.ends_with("ha scritto:"))
        || (s.starts_with("Op ") && s.contains("schreef") && s.ends_with(':'))
        || RU_ATTRIBUTION_ENDS.iter().any(|end| s.ends_with(end))
}

/// How many lines (1 to 3) the attribution on line `i` takes, if it is one:
/// attributions are wrapped over up to three lines.
pub(super) fn attribution_span(lines: &[&str], i: usize) -> Option<usize> {
    let first = lines.get(i).map(|l| l.trim())?;
    if is_attribution_text(first) {
        return Some(1);
    }
    if !ATTRIBUTION_STARTS.iter().any(|p| first.starts_with(p)) {
        return None;
    }
    let mut joined = first.to_string();
    for (n, next) in lines.iter().skip(i + 1).take(2).enumerate() {
        let next = next.trim();
        if next.is_empty() || next.starts_with('>') {
            return None;
        }
        joined.push(' ');
        joined.push_str(next);
        if is_attribution_text(&joined) {
            return Some(n + 2);
        }
    }
    None
}

/// `From:` in the languages of common mail clients.
pub(super) const FROM_FIELDS: &[&str] = &["from", "von", "de", "от", "van", "da"];
/// `Sent:`/`Date:` in the languages of common mail clients.
pub(super) const DATE_FIELDS: &[&str] = &[
    "sent",
    "date",
    "gesendet",
    "datum",
    "envoyé",
    "отправлено",
    "дата",
    "enviado",
    "fecha",
    "inviato",
    "data",
    "verzonden",
];

/// The lowercased name of a `Name: value` line, also `*Name:*` (bold from HTML).
pub(super) fn field_name(line: &str) -> Option<String> {
    let line = line.trim_start().trim_start_matches('*');
    let (name, _) = line.split_once(':')?;
    let name = name.trim().trim_end_matches('*').trim();
    (!name.is_empty() && name.chars().count() <= 20).then(|| name.to_lowercase())
}

/// An Outlook-style header block: `From: …` and within four lines `Sent: …`
/// or `Date: …`, or the other way round (Outlook.com and Hotmail start
/// theirs with `Date:`).
pub(super) fn is_header_block(lines: &[&str], i: usize) -> bool {
    let is = |fields: &[&str], line: Option<&&str>| {
        line.and_then(|l| field_name(l))
            .is_some_and(|n| fields.contains(&n.as_str()))
    };
    let pair = |first: &[&str], then: &[&str]| {
        is(first, lines.get(i)) && (i + 1..i + 5).any(|j| is(then, lines.get(j)))
    };
    pair(FROM_FIELDS, DATE_FIELDS) || pair(DATE_FIELDS, FROM_FIELDS)
}

/// Outlook's `________________________________` rule right above a header block.
pub(super) fn is_rule_before_header_block(lines: &[&str], i: usize) -> bool {
    let Some(rule) = lines.get(i).map(|l| l.trim()) else {
        return false;
    };
    if rule.len() < 8 || !rule.chars().all(|c| c == '_') {
        return false;
    }
    (i + 1..i + 3)
        .find(|&j| lines.get(j).is_some_and(|l| !l.trim().is_empty()))
        .is_some_and(|j| is_header_block(lines, j))
}
