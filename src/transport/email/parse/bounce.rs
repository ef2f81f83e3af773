//! What a mail is: a player's, a machine's, or a bounce or delivery report (RFC 3464) naming the mail it is about.

use mail_parser::{Message, MessagePart, MimeHeaders, PartType};

use super::{
    Bounce, Fields, Kind, MAX_DIAGNOSTIC, Mail, clean_id, ids, non_empty, path_address,
    push_unique, readable_text, split_unquoted, strip_comments,
};

use super::body::normalize_newlines;

// ---------------------------------------------------------------------------
// Classification

pub(super) fn classify(message: &Message<'_>, fields: &Fields<'_, '_>, mail: &Mail) -> Kind {
    if let Some(ct) = message.parts.first().and_then(|p| p.content_type())
        && ct.ctype().eq_ignore_ascii_case("multipart")
        && ct
            .subtype()
            .is_some_and(|s| s.eq_ignore_ascii_case("report"))
    {
        let report_type = ct.attribute("report-type").unwrap_or("").trim();
        if report_type.eq_ignore_ascii_case("disposition-notification") {
            return Kind::Automated("read receipt".into());
        }
        return bounce_or_status(message, fields, mail);
    }

    let null_sender = mail.return_path.as_deref() == Some("");
    // Sendmail writes the null sender as `Return-Path: <MAILER-DAEMON>`.
    let daemon = mail
        .authors
        .iter()
        .chain(&mail.return_path)
        .any(|a| !a.is_empty() && is_daemon_address(a));
    if null_sender || daemon {
        if looks_like_bounce(message, &mail.subject) {
            return bounce_or_status(message, fields, mail);
        }
        let why = if null_sender {
            "null sender"
        } else {
            "mailer-daemon"
        };
        return Kind::Automated(why.into());
    }

    for value in fields.raw_values("Auto-Submitted") {
        let value = strip_comments(&value);
        let token = value.split(';').next().unwrap_or("").trim();
        if !token.eq_ignore_ascii_case("no") {
            return Kind::Automated(format!("Auto-Submitted: {}", one_line(token, 60)));
        }
    }
    for value in fields.raw_values("Precedence") {
        let value = strip_comments(&value).trim().to_ascii_lowercase();
        if matches!(value.as_str(), "bulk" | "junk" | "list") {
            return Kind::Automated(format!("Precedence: {value}"));
        }
    }
    for name in ["X-Autoreply", "X-Autorespond"] {
        if fields.named(name).next().is_some() {
            return Kind::Automated(name.into());
        }
    }
    // Every list manager adds some `List-*` field (RFC 2369, 2919), Mailman
    // its own `X-Mailman-*` ones even where the list fields are turned off.
    let list_field = fields.headers.iter().any(|h| {
        let name = h.name.as_str();
        ["List-", "X-Mailman-"].iter().any(|prefix| {
            name.get(..prefix.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
        })
    });
    if list_field {
        return Kind::Automated("mailing list".into());
    }
    let robot = mail
        .authors
        .iter()
        .chain(&mail.return_path)
        .find(|a| is_list_robot_address(a));
    if let Some(address) = robot {
        return Kind::Automated(format!("list robot {}", one_line(address, 80)));
    }
    Kind::Personal
}

/// The addresses of list managers' robots: `list-request`, `list-bounces`
/// (Mailman's envelope, also as `list-bounces+member=host`), `list-owner`
/// and `owner-list` (Majordomo, Sympa). A robot answers every mail it gets,
/// so answering one starts a loop.
pub(super) fn is_list_robot_address(address: &str) -> bool {
    let local = address.rsplit_once('@').map_or(address, |(local, _)| local);
    let local = local.trim().trim_matches('"');
    let base = local.split_once('+').map_or(local, |(base, _)| base);
    let lower = base.to_ascii_lowercase();
    ["-request", "-bounces", "-owner"]
        .iter()
        .any(|suffix| lower.ends_with(suffix))
        || lower.starts_with("owner-")
}

pub(super) fn is_daemon_address(address: &str) -> bool {
    let local = address.rsplit_once('@').map_or(address, |(local, _)| local);
    let local = local.trim().trim_matches('"');
    local.eq_ignore_ascii_case("mailer-daemon") || local.eq_ignore_ascii_case("postmaster")
}

/// Subjects of bounces from MTAs that do not send `multipart/report`.
pub(super) const BOUNCE_SUBJECTS: &[&str] = &[
    "undeliverable",
    "undelivered",
    "delivery status notification",
    "mail delivery failed",
    "delivery failure",
    "returned mail",
    "failure notice",
    "non-delivery",
    "nondelivery",
    "unzustellbar",
    "nicht zustellbar",
    "не доставлено",
    "недоставленное",
];

pub(super) fn looks_like_bounce(message: &Message<'_>, subject: &str) -> bool {
    let report_part = message.parts.iter().any(|part| {
        part_type(part).is_some_and(|(t, s)| {
            matches!(
                (t.as_str(), s.as_str()),
                (
                    "message",
                    "rfc822" | "global" | "delivery-status" | "global-delivery-status"
                ) | ("message", "global-headers")
                    | ("text", "rfc822-headers")
            )
        })
    });
    let subject = subject.to_lowercase();
    report_part || BOUNCE_SUBJECTS.iter().any(|s| subject.contains(s))
}

/// Lowercased MIME type and subtype of a part that declares one.
pub(super) fn part_type(part: &MessagePart<'_>) -> Option<(String, String)> {
    let ct = part.content_type()?;
    Some((
        ct.ctype().to_ascii_lowercase(),
        ct.subtype().unwrap_or("").to_ascii_lowercase(),
    ))
}

/// The decoded content of a leaf part as text (lossy); nested messages
/// give their raw text.
pub(super) fn part_text(part: &MessagePart<'_>) -> String {
    match &part.body {
        PartType::Text(text) | PartType::Html(text) => text.to_string(),
        PartType::Binary(bytes) | PartType::InlineBinary(bytes) => {
            String::from_utf8_lossy(bytes).into_owned()
        }
        PartType::Message(message) => {
            let bytes = message
                .parts
                .first()
                .and_then(|p| {
                    message
                        .raw_message
                        .get(p.offset_header as usize..p.offset_end as usize)
                })
                .unwrap_or_default();
            String::from_utf8_lossy(bytes).into_owned()
        }
        PartType::Multipart(_) => String::new(),
    }
}

/// A bounce, or `Automated` for a delivery report in which no recipient failed.
pub(super) fn bounce_or_status(
    message: &Message<'_>,
    fields: &Fields<'_, '_>,
    mail: &Mail,
) -> Kind {
    let mut original_ids = Vec::new();
    let mut failed = Vec::new();
    let mut diagnostic = None;
    let mut actions = Vec::new();

    for part in &message.parts {
        let Some((ctype, subtype)) = part_type(part) else {
            continue;
        };
        match (ctype.as_str(), subtype.as_str()) {
            ("message", "delivery-status" | "global-delivery-status") => {
                for block in field_blocks(&part_text(part)) {
                    let get = |name: &str| block.iter().find(|(n, _)| n == name).map(|(_, v)| v);
                    if get("final-recipient").is_none()
                        && get("original-recipient").is_none()
                        && get("action").is_none()
                    {
                        continue; // the per-message fields
                    }
                    let action = get("action").map(|a| a.trim().to_ascii_lowercase());
                    let is_failure = action.as_deref().is_none_or(|a| a == "failed");
                    actions.push(action);
                    if !is_failure {
                        continue;
                    }
                    for name in ["final-recipient", "original-recipient"] {
                        if let Some(addr) = get(name).and_then(|v| non_empty(&typed_value(v))) {
                            let addr = addr.trim_start_matches('<').trim_end_matches('>');
                            if let Some(addr) = non_empty(addr) {
                                push_unique(&mut failed, addr);
                            }
                        }
                    }
                    if diagnostic.is_none() {
                        diagnostic = get("diagnostic-code")
                            .and_then(|code| non_empty(&typed_value(code)))
                            .or_else(|| {
                                let action = get("action").map(|a| format!("Action: {}", a.trim()));
                                let status = get("status").map(|s| format!("Status: {}", s.trim()));
                                let both: Vec<String> = action.into_iter().chain(status).collect();
                                (!both.is_empty()).then(|| both.join(", "))
                            });
                    }
                }
            }
            ("message", "rfc822" | "global") => match &part.body {
                PartType::Message(nested) => {
                    if let Some(root) = nested.parts.first() {
                        let nested_fields = Fields {
                            base: nested.raw_message.as_ref(),
                            headers: &root.headers,
                        };
                        for id in nested_fields.values("Message-ID").flat_map(ids) {
                            push_unique(&mut original_ids, id);
                        }
                    }
                }
                _ => {
                    for id in scan_message_ids(&part_text(part)) {
                        push_unique(&mut original_ids, id);
                    }
                }
            },
            ("text", "rfc822-headers") | ("message", "global-headers") => {
                for id in scan_message_ids(&part_text(part)) {
                    push_unique(&mut original_ids, id);
                }
            }
            _ => {}
        }
    }

    // A delivery report in which every recipient was delayed, relayed,
    // delivered or expanded: nothing bounced (yet).
    if !actions.is_empty()
        && let Some(Some(first)) = actions.first()
        && actions
            .iter()
            .all(|a| a.as_deref().is_some_and(|a| a != "failed"))
    {
        return Kind::Automated(format!("delivery status: {first}"));
    }

    let human = readable_text(message).unwrap_or_default();
    if original_ids.is_empty() {
        // Plain-text bounces quote the original headers inline.
        for part in &message.parts {
            if matches!(part.body, PartType::Text(_) | PartType::Binary(_)) {
                for id in scan_message_ids(&part_text(part)) {
                    push_unique(&mut original_ids, id);
                }
            }
        }
    }
    if original_ids.is_empty() {
        for id in mail.in_reply_to.iter().chain(&mail.references) {
            push_unique(&mut original_ids, id.clone());
        }
    }
    if failed.is_empty() {
        for value in fields.raw_values("X-Failed-Recipients") {
            for addr in split_unquoted(&value, ',') {
                if let Some(addr) = path_address(&addr).and_then(|a| non_empty(&a)) {
                    push_unique(&mut failed, addr);
                }
            }
        }
    }
    if failed.is_empty() {
        for addr in scan_failed_addresses(&human) {
            push_unique(&mut failed, addr);
        }
    }
    let diagnostic = diagnostic
        .or_else(|| smtp_error_line(&human))
        .unwrap_or_else(|| {
            human
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
        });

    Kind::Bounce(Bounce {
        original_ids,
        failed_recipients: failed,
        diagnostic: one_line(&diagnostic, MAX_DIAGNOSTIC),
    })
}

/// `rfc822; bob@x` → `bob@x`; `smtp; 550 …` → `550 …`: drops a leading
/// type token before `;`.
pub(super) fn typed_value(value: &str) -> String {
    match value.split_once(';') {
        Some((kind, rest))
            if !kind.trim().is_empty() && !kind.trim().contains(char::is_whitespace) =>
        {
            rest.trim().to_string()
        }
        _ => value.trim().to_string(),
    }
}

/// The header-style field blocks of a `message/delivery-status` body
/// (separated by blank lines; names lowercased; continuation lines joined).
pub(super) fn field_blocks(text: &str) -> Vec<Vec<(String, String)>> {
    let text = normalize_newlines(text);
    let mut blocks = Vec::new();
    let mut current: Vec<(String, String)> = Vec::new();
    for line in text.split('\n') {
        if line.trim().is_empty() {
            if !current.is_empty() {
                blocks.push(std::mem::take(&mut current));
            }
        } else if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = current.last_mut() {
                value.push(' ');
                value.push_str(line.trim());
            }
        } else if let Some((name, value)) = line.split_once(':') {
            current.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    blocks
}

/// Ids of `Message-ID:` lines in quoted headers (value possibly on the next line).
pub(super) fn scan_message_ids(text: &str) -> Vec<String> {
    let text = normalize_newlines(text);
    let lines: Vec<&str> = text.split('\n').collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim_start();
        let is_field = line
            .as_bytes()
            .get(..11)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"message-id:"));
        if !is_field {
            continue;
        }
        let mut value = line.get(11..).unwrap_or("").trim();
        if value.is_empty() {
            value = lines.get(i + 1).map_or("", |l| l.trim());
        }
        let id = match value.split_once('<') {
            Some((_, rest)) => rest.split('>').next().unwrap_or(""),
            None => value.split_whitespace().next().unwrap_or(""),
        };
        if let Some(id) = clean_id(id) {
            push_unique(&mut found, id);
        }
    }
    found
}

/// Addresses a plain-text bounce lists as failed: Postfix/qmail style
/// `<bob@x>: …` lines, and the indented addresses after Exim's
/// "The following address(es) failed:".
pub(super) fn scan_failed_addresses(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut after_failed = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix('<')
            && let Some((addr, _)) = rest.split_once(">:")
            && addr.contains('@')
            && !addr.contains(char::is_whitespace)
        {
            push_unique(&mut found, addr.to_string());
        }
        if trimmed.to_ascii_lowercase().ends_with("failed:") {
            after_failed = true;
            continue;
        }
        if after_failed {
            if trimmed.is_empty() {
                if !found.is_empty() {
                    after_failed = false;
                }
                continue;
            }
            if line.starts_with([' ', '\t'])
                && trimmed.contains('@')
                && !trimmed.contains(char::is_whitespace)
            {
                let addr = trimmed.trim_start_matches('<').trim_end_matches([':', '>']);
                push_unique(&mut found, addr.to_string());
            } else if !line.starts_with([' ', '\t']) {
                after_failed = false;
            }
        }
    }
    found
}

/// The first line carrying an SMTP reply code (`550`) or enhanced status
/// code (`5.1.1`).
pub(super) fn smtp_error_line(text: &str) -> Option<String> {
    text.lines()
        .find(|line| line.split_whitespace().any(is_smtp_code))
        .and_then(non_empty)
}

pub(super) fn is_smtp_code(token: &str) -> bool {
    token
        .trim_matches(|c: char| !c.is_ascii_alphanumeric())
        .split('-')
        .any(|t| {
            let reply =
                t.len() == 3 && t.starts_with(['4', '5']) && t.bytes().all(|b| b.is_ascii_digit());
            let parts: Vec<&str> = t.split('.').collect();
            let enhanced = parts.len() == 3
                && matches!(parts.first(), Some(&"4") | Some(&"5"))
                && parts
                    .iter()
                    .all(|p| (1..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
            reply || enhanced
        })
}

/// Whitespace collapsed into single spaces, at most `max` characters.
pub(super) fn one_line(s: &str, max: usize) -> String {
    let collapsed = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.chars().count() <= max {
        return collapsed;
    }
    let mut short: String = collapsed.chars().take(max.saturating_sub(1)).collect();
    short.push('…');
    short
}
