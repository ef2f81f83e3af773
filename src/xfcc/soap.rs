//! SOAP 1.1 envelopes: a request read into a typed [`Request`], a response
//! or a fault written.
//!
//! Clients differ: Scid sends the default namespace and no SOAPAction,
//! .NET and suds clients prefixed elements and a SOAPAction. So the
//! operation is the body's first element, by local name, and each field an
//! element of it, by local name; namespaces and the SOAPAction header are
//! not needed to understand a request. Every request is hostile: any
//! failure is a [`SoapError`], answered as a client fault.

use quick_xml::escape::{escape, resolve_predefined_entity};
use quick_xml::events::Event;
use quick_xml::reader::Reader;

use super::NAMESPACE;

/// The most bytes of a request read: the largest real request (a move with
/// a message) is far below it.
pub const MAX_REQUEST: usize = 64 * 1024;
/// The most characters of one field kept (a message to the opponent).
const MAX_FIELD: usize = 4000;
/// The most elements of one envelope.
const MAX_ELEMENTS: usize = 200;

/// A player's login, as every operation carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Login {
    pub username: String,
    pub password: String,
}

/// `MakeAMove`'s fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MakeAMove {
    pub login: Login,
    pub game_id: i64,
    pub resign: bool,
    pub accept_draw: bool,
    /// The full-move number of the move sent (not the ply).
    pub movecount: u32,
    /// Empty for a resignation, an acceptance, a claim or a message alone.
    pub my_move: String,
    pub offer_draw: bool,
    pub claim_draw: bool,
    pub message: String,
}

/// A request, by its operation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    GetMyGames(Login),
    MakeAMove(MakeAMove),
    /// An operation this server does not offer (`MakeAMove2`, whose fields
    /// no published source gives): answered `FeatureUnavailable` when it is
    /// a move, else a fault.
    Other(String),
}

/// Why a request was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SoapError {
    #[error("the request is over {MAX_REQUEST} bytes")]
    TooLarge,
    #[error("the request is not UTF-8")]
    NotUtf8,
    #[error("not well-formed XML: {0}")]
    Xml(String),
    #[error("no SOAP Envelope with a Body")]
    NoBody,
    #[error("the Body names no operation")]
    NoOperation,
    #[error("field {0}: {1}")]
    Field(std::borrow::Cow<'static, str>, String),
    #[error("the envelope has over {MAX_ELEMENTS} elements")]
    TooManyElements,
    /// A response that is a SOAP fault, with its faultstring.
    #[error("the server answered a fault: {0}")]
    Fault(String),
    /// A response without the operation's result.
    #[error("the response holds no {0}")]
    NoResult(&'static str),
}

/// The local part of an element name (`soap:Body` → `Body`).
pub(super) fn local(name: &str) -> String {
    name.rsplit(':').next().unwrap_or(name).to_string()
}

/// The operation and its simple fields, in order, as the body holds them.
struct Operation {
    name: String,
    fields: Vec<(String, String)>,
}

impl Operation {
    fn get(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn text(&self, name: &'static str) -> String {
        self.get(name).unwrap_or_default().to_string()
    }

    /// An `xsd:boolean`; absent is false.
    fn flag(&self, name: &'static str) -> Result<bool, SoapError> {
        match self.get(name).map(str::trim) {
            None | Some("") | Some("false") | Some("0") => Ok(false),
            Some("true") | Some("1") => Ok(true),
            Some(other) => Err(SoapError::Field(
                name.into(),
                format!("{other:?} is no boolean"),
            )),
        }
    }

    fn number<T: std::str::FromStr>(&self, name: &'static str) -> Result<T, SoapError> {
        let text = self.get(name).map(str::trim).unwrap_or_default();
        text.parse()
            .map_err(|_| SoapError::Field(name.into(), format!("{text:?} is no number")))
    }

    fn login(&self) -> Login {
        Login {
            username: self.text("username").trim().to_string(),
            password: self.text("password"),
        }
    }
}

/// Reads a request.
pub fn read_request(body: &[u8]) -> Result<Request, SoapError> {
    if body.len() > MAX_REQUEST {
        return Err(SoapError::TooLarge);
    }
    let text = std::str::from_utf8(body).map_err(|_| SoapError::NotUtf8)?;
    let op = operation(text)?;
    match op.name.as_str() {
        "GetMyGames" => Ok(Request::GetMyGames(op.login())),
        "MakeAMove" => Ok(Request::MakeAMove(MakeAMove {
            login: op.login(),
            game_id: op.number("gameId")?,
            resign: op.flag("resign")?,
            accept_draw: op.flag("acceptDraw")?,
            movecount: op.number("movecount")?,
            my_move: op.text("myMove").trim().to_string(),
            offer_draw: op.flag("offerDraw")?,
            claim_draw: op.flag("claimDraw")?,
            message: op.text("myMessage").trim().to_string(),
        })),
        _ => Ok(Request::Other(op.name)),
    }
}

/// Where the reader is in the envelope.
#[derive(PartialEq)]
enum At {
    Outside,
    Envelope,
    Body,
    Operation,
    /// In a field of the operation: its name and text so far.
    Field(String, String),
}

/// The body's first element and its fields. A field holding elements
/// (not a simple value) is refused; elements after the operation, and the
/// header, are not read.
fn operation(text: &str) -> Result<Operation, SoapError> {
    let mut reader = Reader::from_str(text);
    let mut at = At::Outside;
    let mut op: Option<Operation> = None;
    // Depth of elements skipped (a header, or what follows the operation).
    let mut skipping = 0usize;
    let mut elements = 0usize;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| SoapError::Xml(e.to_string()))?;
        if let Event::Start(_) | Event::Empty(_) = event {
            elements += 1;
            if elements > MAX_ELEMENTS {
                return Err(SoapError::TooManyElements);
            }
        }
        if skipping > 0 {
            match event {
                Event::Start(_) => skipping += 1,
                Event::End(_) => skipping -= 1,
                Event::Eof => return Err(SoapError::Xml("unexpected end".into())),
                _ => {}
            }
            continue;
        }
        match (&mut at, event) {
            (_, Event::Eof) => break,
            (At::Outside, Event::Start(e)) if local(e.name().as_ref()) == "Envelope" => {
                at = At::Envelope
            }
            (At::Envelope, Event::Start(e)) if local(e.name().as_ref()) == "Body" => at = At::Body,
            (At::Envelope, Event::Start(_)) => skipping = 1,
            (At::Body, Event::Start(e)) if op.is_none() => {
                op = Some(Operation {
                    name: local(e.name().as_ref()),
                    fields: Vec::new(),
                });
                at = At::Operation;
            }
            (At::Body, Event::Empty(e)) if op.is_none() => {
                op = Some(Operation {
                    name: local(e.name().as_ref()),
                    fields: Vec::new(),
                });
            }
            (At::Body, Event::Start(_)) => skipping = 1,
            (At::Body, Event::End(_)) => at = At::Envelope,
            (At::Operation, Event::Start(e)) => {
                at = At::Field(local(e.name().as_ref()), String::new())
            }
            (At::Operation, Event::Empty(e)) => {
                if let Some(op) = op.as_mut() {
                    op.fields.push((local(e.name().as_ref()), String::new()));
                }
            }
            (At::Operation, Event::End(_)) => at = At::Body,
            (At::Field(name, _), Event::Start(_) | Event::Empty(_)) => {
                return Err(SoapError::Field(
                    name.clone().into(),
                    "holds elements, not a value".into(),
                ));
            }
            (
                At::Field(name, value),
                event @ (Event::Text(_) | Event::CData(_) | Event::GeneralRef(_)),
            ) => append_text(name, value, event)?,
            (At::Field(..), Event::End(_)) => {
                if let (At::Field(name, value), Some(op)) =
                    (std::mem::replace(&mut at, At::Operation), op.as_mut())
                    // The first of a repeated field counts.
                    && op.get(&name).is_none()
                {
                    op.fields.push((name, value));
                }
            }
            (At::Envelope, Event::End(_)) => at = At::Outside,
            (_, Event::DocType(_)) => return Err(SoapError::Xml("no DTD in SOAP".into())),
            _ => {}
        }
    }
    let op = op.ok_or(if at == At::Outside {
        SoapError::NoOperation
    } else {
        SoapError::NoBody
    })?;
    Ok(op)
}

/// Appends the characters of a text event (text, CDATA, an entity) to the
/// `value` of the field `name`; other events add nothing.
pub(super) fn append_text(
    name: &str,
    value: &mut String,
    event: Event<'_>,
) -> Result<(), SoapError> {
    match event {
        Event::Text(t) => push(name, value, &t.xml10_content()),
        Event::CData(t) => push(name, value, &t.into_inner()),
        Event::GeneralRef(r) => {
            let c = match r.resolve_char_ref() {
                Ok(Some(c)) => c.to_string(),
                _ => resolve_predefined_entity(&r)
                    .ok_or_else(|| SoapError::Xml(format!("unknown entity &{};", &*r)))?
                    .to_string(),
            };
            push(name, value, &c)
        }
        _ => Ok(()),
    }
}

fn push(name: &str, value: &mut String, more: &str) -> Result<(), SoapError> {
    if value.chars().count() + more.chars().count() > MAX_FIELD {
        return Err(SoapError::Field(
            name.to_string().into(),
            format!("a value over {MAX_FIELD} characters"),
        ));
    }
    value.push_str(more);
    Ok(())
}

/// A request as the journal keeps it: the content of every `password`
/// element (any prefix; text, CDATA, entities alike) replaced by
/// `withheld`, up to its closing tag (or the end, if it has none), so the
/// evidence carries no secret. The rest is kept as sent.
pub fn without_password(body: &[u8]) -> Vec<u8> {
    const NAME: &[u8] = b"password";
    let mut out = Vec::with_capacity(body.len());
    let mut rest = body;
    while let Some(i) = find(rest, NAME) {
        let (before, after) = rest.split_at(i);
        let after_name = &after[NAME.len()..];
        // `<password` or `<x:password`, then `>` or attributes.
        let is_open = before.iter().rposition(|&b| b == b'<').is_some_and(|t| {
            let prefix = &before[t + 1..];
            prefix.is_empty()
                || prefix.ends_with(b":")
                    && prefix
                        .iter()
                        .all(|b| b.is_ascii_alphanumeric() || b"_-.:".contains(b))
        }) && after_name
            .first()
            .is_some_and(|b| *b == b'>' || b.is_ascii_whitespace());
        let end = after_name.iter().position(|&b| b == b'>');
        match (is_open, end) {
            (true, Some(e)) if e == 0 || after_name[e - 1] != b'/' => {
                let content = &after_name[e + 1..];
                let close = closing(content).unwrap_or(content.len());
                out.extend_from_slice(before);
                out.extend_from_slice(&after[..NAME.len() + e + 1]);
                out.extend_from_slice(b"withheld");
                rest = &content[close..];
            }
            _ => {
                out.extend_from_slice(&rest[..i + NAME.len()]);
                rest = after_name;
            }
        }
    }
    out.extend_from_slice(rest);
    out
}

/// Where the first `</password>` or `</x:password>` of `text` starts.
fn closing(text: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = find(&text[from..], b"</") {
        let at = from + i;
        let tag = &text[at + 2..];
        let name_end = tag
            .iter()
            .position(|&b| b == b'>' || b.is_ascii_whitespace());
        if let Some(n) = name_end {
            let name = &tag[..n];
            let local = name.rsplit(|&b| b == b':').next().unwrap_or(name);
            if local == b"password" {
                return Some(at);
            }
        }
        from = at + 2;
    }
    None
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// A response envelope around `body`, the operation's response element
/// (`<GetMyGamesResponse xmlns="…">…`). Scid cuts responses with regular
/// expressions: the response element carries the default namespace and
/// its result element no prefix.
pub fn envelope(body: &str) -> String {
    format!(
        concat!(
            r#"<?xml version="1.0" encoding="utf-8"?>"#,
            "\n",
            r#"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">"#,
            "<soap:Body>{}</soap:Body></soap:Envelope>\n"
        ),
        body
    )
}

/// An operation's response: `<{op}Response xmlns=…><{op}Result>` around
/// `result`, which is written XML.
pub fn response(op: &str, result: &str) -> String {
    envelope(&format!(
        r#"<{op}Response xmlns="{NAMESPACE}"><{op}Result>{result}</{op}Result></{op}Response>"#
    ))
}

/// A SOAP fault: `soap:Client` for a request that is wrong, `soap:Server`
/// for a failure of ours.
pub fn fault(client: bool, why: &str) -> String {
    let code = if client { "soap:Client" } else { "soap:Server" };
    envelope(&format!(
        "<soap:Fault><faultcode>{code}</faultcode><faultstring>{}</faultstring></soap:Fault>",
        escape(why)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCID_MOVE: &str = r#"<?xml version="1.0" encoding="utf-8"?>
	<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
	<soap:Body>
<MakeAMove xmlns="http://www.bennedik.com/webservices/XfccBasic"><username>anna</username><password>p&amp;w</password><gameId>7</gameId><resign>false</resign><acceptDraw>false</acceptDraw><movecount>12</movecount><myMove>Nf3</myMove><offerDraw>true</offerDraw><claimDraw>false</claimDraw><myMessage>hi &#x263A;</myMessage></MakeAMove></soap:Body>
	</soap:Envelope>"#;

    #[test]
    fn scids_default_namespace_move_is_read() {
        let Request::MakeAMove(m) = read_request(SCID_MOVE.as_bytes()).unwrap() else {
            panic!("not a move")
        };
        assert_eq!(m.login.username, "anna");
        assert_eq!(m.login.password, "p&w");
        assert_eq!((m.game_id, m.movecount), (7, 12));
        assert_eq!(m.my_move, "Nf3");
        assert!(m.offer_draw && !m.resign && !m.claim_draw && !m.accept_draw);
        assert_eq!(m.message, "hi \u{263A}");
    }

    #[test]
    fn prefixed_elements_are_read_by_local_name() {
        let text = r#"<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header><x:a xmlns:x="u"><x:b/></x:a></s:Header><s:Body><x:GetMyGames xmlns:x="http://www.bennedik.com/webservices/XfccBasic"><x:username> Anna </x:username><x:password>pw</x:password></x:GetMyGames></s:Body></s:Envelope>"#;
        assert_eq!(
            read_request(text.as_bytes()).unwrap(),
            Request::GetMyGames(Login {
                username: "Anna".into(),
                password: "pw".into()
            })
        );
    }

    #[test]
    fn hostile_requests_are_errors_not_panics() {
        for bad in [
            "",
            "<a>",
            "<Envelope><Body>",
            "<Envelope><Body></Body></Envelope>",
            "<Envelope><Body><MakeAMove><gameId>x</gameId></MakeAMove></Body></Envelope>",
            "<Envelope><Body><MakeAMove><gameId>1</gameId><movecount>1</movecount><resign>maybe</resign></MakeAMove></Body></Envelope>",
            "<Envelope><Body><GetMyGames><username><b/></username></GetMyGames></Body></Envelope>",
            "<!DOCTYPE x [<!ENTITY a 'b'>]><Envelope><Body><GetMyGames/></Body></Envelope>",
            "<Envelope><Body><GetMyGames><username>&bogus;</username></GetMyGames></Body></Envelope>",
        ] {
            assert!(read_request(bad.as_bytes()).is_err(), "{bad}");
        }
        assert_eq!(read_request(&[0xff, 0xfe]), Err(SoapError::NotUtf8));
        let big = vec![b' '; MAX_REQUEST + 1];
        assert_eq!(read_request(&big), Err(SoapError::TooLarge));
        let long = format!(
            "<Envelope><Body><GetMyGames><username>{}</username></GetMyGames></Body></Envelope>",
            "a".repeat(MAX_FIELD + 1)
        );
        assert!(read_request(long.as_bytes()).is_err());
        // The fault names the field that is too long, and the one that
        // holds elements.
        let long = format!(
            "<Envelope><Body><MakeAMove><myMove>{}</myMove></MakeAMove></Body></Envelope>",
            "N".repeat(5000)
        );
        let e = read_request(long.as_bytes()).unwrap_err().to_string();
        assert_eq!(e, "field myMove: a value over 4000 characters");
        let nested =
            "<Envelope><Body><GetMyGames><username><b/></username></GetMyGames></Body></Envelope>";
        let e = read_request(nested.as_bytes()).unwrap_err().to_string();
        assert_eq!(e, "field username: holds elements, not a value");
    }

    #[test]
    fn the_journal_keeps_no_password() {
        let kept = without_password(SCID_MOVE.as_bytes());
        let kept = String::from_utf8(kept).unwrap();
        assert!(kept.contains("<password>withheld</password>"), "{kept}");
        assert!(!kept.contains("p&amp;w"));
        assert!(kept.contains("<myMove>Nf3</myMove>"));
        let prefixed = "<x:password xsi:type=\"s\">se<![CDATA[c<r]]>&amp;et</x:password><password/>passwordless<password>open";
        let kept = String::from_utf8(without_password(prefixed.as_bytes())).unwrap();
        assert_eq!(
            kept,
            "<x:password xsi:type=\"s\">withheld</x:password><password/>passwordless<password>withheld"
        );
    }

    #[test]
    fn another_operation_is_named() {
        let text = "<Envelope><Body><MakeAMove2><gameId>1</gameId></MakeAMove2></Body></Envelope>";
        assert_eq!(
            read_request(text.as_bytes()).unwrap(),
            Request::Other("MakeAMove2".into())
        );
    }

    #[test]
    fn a_response_is_cut_as_scid_cuts_it() {
        let r = response("MakeAMove", "Success");
        assert!(r.contains(&format!(
            "<MakeAMoveResponse xmlns=\"{NAMESPACE}\"><MakeAMoveResult>Success</MakeAMoveResult></MakeAMoveResponse>"
        )));
        assert!(fault(true, "a<b").contains("<faultstring>a&lt;b</faultstring>"));
    }
}
