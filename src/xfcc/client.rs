//! The bridge's side of Xfcc: the requests ccgate sends to a remote server
//! (`GetMyGames`, `MakeAMove`) written, and its responses read. Pure, like
//! the serving side, whose writers and readers these mirror: a request
//! written here is one [`soap::read_request`] reads, a response
//! [`games::write_games`] writes is one [`read_games`] reads.
//!
//! A remote server is hostile like any outside input: sizes and element
//! counts are bounded, every failure is a [`SoapError`].

use quick_xml::events::Event;
use quick_xml::reader::Reader;

use super::NAMESPACE;
use super::games::{XfccGame, XfccResult, field, flag};
use super::result::MoveResult;
use super::soap::{self, Login, MakeAMove, SoapError};

/// The most bytes of a response read: a player with hundreds of games.
pub const MAX_RESPONSE: usize = 8 * 1024 * 1024;
/// The most elements of one response.
const MAX_RESPONSE_ELEMENTS: usize = 200_000;

/// An operation's request envelope, its fields in the order the WSDL gives.
fn request(op: &str, fields: &[(&str, &str)]) -> String {
    let mut body = format!(r#"<{op} xmlns="{NAMESPACE}">"#);
    for (name, value) in fields {
        field(&mut body, name, value);
    }
    body.push_str(&format!("</{op}>"));
    soap::envelope(&body)
}

/// The `SOAPAction` header a .NET server (ICCF's) routes on.
pub fn soap_action(op: &str) -> String {
    format!("\"{NAMESPACE}/{op}\"")
}

/// A `GetMyGames` request.
pub fn get_my_games(login: &Login) -> String {
    request(
        "GetMyGames",
        &[("username", &login.username), ("password", &login.password)],
    )
}

/// A `MakeAMove` request.
pub fn make_a_move(m: &MakeAMove) -> String {
    request(
        "MakeAMove",
        &[
            ("username", &m.login.username),
            ("password", &m.login.password),
            ("gameId", &m.game_id.to_string()),
            ("resign", flag(m.resign)),
            ("acceptDraw", flag(m.accept_draw)),
            ("movecount", &m.movecount.to_string()),
            ("myMove", &m.my_move),
            ("offerDraw", flag(m.offer_draw)),
            ("claimDraw", flag(m.claim_draw)),
            ("myMessage", &m.message),
        ],
    )
}

/// An element holding only text, below the SOAP Body: the local names of
/// its ancestors from the Body's child down, the serial number of its
/// parent element (which tells one game's fields from the next's), its
/// own name and text.
struct Leaf {
    path: Vec<String>,
    parent: usize,
    name: String,
    value: String,
}

/// An element open while reading.
struct Open {
    name: String,
    serial: usize,
    value: String,
    has_children: bool,
}

/// Every text-only element of the response's Body.
fn leaves(body: &[u8]) -> Result<Vec<Leaf>, SoapError> {
    if body.len() > MAX_RESPONSE {
        return Err(SoapError::TooLarge);
    }
    let text = std::str::from_utf8(body).map_err(|_| SoapError::NotUtf8)?;
    let mut reader = Reader::from_str(text);
    let mut stack: Vec<Open> = Vec::new();
    let mut out = Vec::new();
    let mut serial = 0usize;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| SoapError::Xml(e.to_string()))?;
        let (name, empty) = match &event {
            Event::Start(e) => (soap::local(e.name().as_ref()), false),
            Event::Empty(e) => (soap::local(e.name().as_ref()), true),
            Event::End(_) => {
                let open = stack
                    .pop()
                    .ok_or_else(|| SoapError::Xml("unbalanced".into()))?;
                if !open.has_children {
                    push_leaf(&mut out, &stack, open);
                }
                continue;
            }
            Event::DocType(_) => return Err(SoapError::Xml("no DTD in SOAP".into())),
            Event::Eof if stack.is_empty() => break,
            Event::Eof => return Err(SoapError::Xml("unexpected end".into())),
            _ => {
                if let Some(open) = stack.last_mut() {
                    soap::append_text(&open.name, &mut open.value, event)?;
                }
                continue;
            }
        };
        serial += 1;
        if serial > MAX_RESPONSE_ELEMENTS {
            return Err(SoapError::Xml(format!(
                "over {MAX_RESPONSE_ELEMENTS} elements"
            )));
        }
        if let Some(parent) = stack.last_mut() {
            parent.has_children = true;
            parent.value.clear();
        }
        let open = Open {
            name,
            serial,
            value: String::new(),
            has_children: false,
        };
        if empty {
            push_leaf(&mut out, &stack, open);
        } else {
            stack.push(open);
        }
    }
    Ok(out)
}

/// Keeps a text-only element when it lies below `Envelope/Body`.
fn push_leaf(out: &mut Vec<Leaf>, stack: &[Open], open: Open) {
    let names: Vec<&str> = stack.iter().map(|o| o.name.as_str()).collect();
    if let ["Envelope", "Body", below @ ..] = names.as_slice() {
        out.push(Leaf {
            path: below.iter().map(|s| s.to_string()).collect(),
            parent: stack.last().map_or(0, |o| o.serial),
            name: open.name,
            value: open.value,
        });
    }
}

/// A fault's reason, when the response is one.
fn fault(leaves: &[Leaf]) -> Result<(), SoapError> {
    match leaves
        .iter()
        .find(|l| l.path.first().is_some_and(|p| p == "Fault") && l.name == "faultstring")
    {
        Some(l) => Err(SoapError::Fault(l.value.trim().to_string())),
        None => Ok(()),
    }
}

/// Reads a `GetMyGames` response into the games it lists.
pub fn read_games(body: &[u8]) -> Result<Vec<XfccGame>, SoapError> {
    let leaves = leaves(body)?;
    fault(&leaves)?;
    let mut games: Vec<(usize, Vec<&Leaf>)> = Vec::new();
    let mut result_seen = false;
    for l in &leaves {
        match l.path.as_slice() {
            [_, result, ..] if result == "GetMyGamesResult" => result_seen = true,
            [_] if l.name == "GetMyGamesResult" => result_seen = true,
            _ => {}
        }
        if let [_, result, game] = l.path.as_slice()
            && result == "GetMyGamesResult"
            && game == "XfccGame"
        {
            match games.last_mut() {
                Some((parent, fields)) if *parent == l.parent => fields.push(l),
                _ => games.push((l.parent, vec![l])),
            }
        }
    }
    if !result_seen {
        return Err(SoapError::NoResult("GetMyGamesResult"));
    }
    games.iter().map(|(_, fields)| game(fields)).collect()
}

/// One `XfccGame` from its fields.
fn game(fields: &[&Leaf]) -> Result<XfccGame, SoapError> {
    let get = |name: &str| {
        fields
            .iter()
            .find(|l| l.name == name)
            .map(|l| l.value.trim())
            .unwrap_or_default()
    };
    let number = |name: &'static str| -> Result<i64, SoapError> {
        match get(name) {
            "" => Ok(0),
            text => text
                .parse()
                .map_err(|_| SoapError::Field(name.into(), format!("{text:?} is no number"))),
        }
    };
    let boolean = |name: &'static str| -> Result<bool, SoapError> {
        match get(name) {
            "" | "false" | "0" => Ok(false),
            "true" | "1" => Ok(true),
            other => Err(SoapError::Field(
                name.into(),
                format!("{other:?} is no boolean"),
            )),
        }
    };
    let small = |name: &'static str| -> Result<u32, SoapError> {
        u32::try_from(number(name)?)
            .map_err(|_| SoapError::Field(name.into(), "out of range".into()))
    };
    // A clock's three fields back into minutes.
    let minutes = |[d, h, m]: [&'static str; 3]| -> Result<i64, SoapError> {
        number(d)?
            .checked_mul(1440)
            .and_then(|t| t.checked_add(number(h).ok()?.checked_mul(60)?))
            .and_then(|t| t.checked_add(number(m).ok()?))
            .ok_or(SoapError::Field(d.into(), "out of range".into()))
    };
    let word = get("result");
    Ok(XfccGame {
        id: match get("id") {
            "" => return Err(SoapError::Field("id".into(), "missing".into())),
            _ => number("id")?,
        },
        white: get("white").to_string(),
        black: get("black").to_string(),
        event: get("event").to_string(),
        site: get("site").to_string(),
        event_date: get("eventDate").to_string(),
        round: small("round")?,
        board: small("board")?,
        my_turn: boolean("myTurn")?,
        has_white: boolean("hasWhite")?,
        minutes_player: minutes(["daysPlayer", "hoursPlayer", "minutesPlayer"])?,
        minutes_opponent: minutes(["daysOpponent", "hoursOpponent", "minutesOpponent"])?,
        moves: get("moves").to_string(),
        draw_offered: boolean("drawOffered")?,
        result: XfccResult::from_word(word).ok_or_else(|| {
            SoapError::Field("result".into(), format!("{word:?} is no Xfcc result"))
        })?,
        time_control: get("timeControl").to_string(),
        fen: (boolean("setup")? && !get("fen").is_empty()).then(|| get("fen").to_string()),
    })
}

/// Reads a `MakeAMove` response into its result code.
pub fn read_move_result(body: &[u8]) -> Result<MoveResult, SoapError> {
    let leaves = leaves(body)?;
    fault(&leaves)?;
    let code = leaves
        .iter()
        .find(|l| l.name == "MakeAMoveResult")
        .ok_or(SoapError::NoResult("MakeAMoveResult"))?;
    MoveResult::from_code(&code.value).ok_or_else(|| {
        SoapError::Field(
            "MakeAMoveResult".into(),
            format!("{:?} is no Xfcc result code", code.value.trim()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xfcc::games::write_games;
    use crate::xfcc::soap::{Request, read_request, response};

    fn login() -> Login {
        Login {
            username: "al<ice".into(),
            password: "p&w".into(),
        }
    }

    #[test]
    fn requests_written_are_the_requests_the_server_reads() {
        assert_eq!(
            read_request(get_my_games(&login()).as_bytes()).unwrap(),
            Request::GetMyGames(login())
        );
        let m = MakeAMove {
            login: login(),
            game_id: 4711,
            resign: false,
            accept_draw: false,
            movecount: 12,
            my_move: "Nf3".into(),
            offer_draw: true,
            claim_draw: false,
            message: "good luck \u{263A}".into(),
        };
        assert_eq!(
            read_request(make_a_move(&m).as_bytes()).unwrap(),
            Request::MakeAMove(m)
        );
        assert_eq!(
            soap_action("MakeAMove"),
            "\"http://www.bennedik.com/webservices/XfccBasic/MakeAMove\""
        );
    }

    fn game(id: i64) -> XfccGame {
        XfccGame {
            id,
            white: "Anna & Co".into(),
            black: "Boris".into(),
            event: "Cup".into(),
            site: "ICCF".into(),
            event_date: "2026.11.02".into(),
            round: 2,
            board: 3,
            my_turn: id % 2 == 0,
            has_white: true,
            minutes_player: 3 * 1440 + 125,
            minutes_opponent: 0,
            moves: "1. e4 e5 2. Nf3".into(),
            draw_offered: false,
            result: XfccResult::Ongoing,
            time_control: "10/4320000".into(),
            fen: (id == 2).then(|| "8/8/8/8/8/8/8/K6k w - - 0 1".to_string()),
        }
    }

    #[test]
    fn games_written_are_the_games_read() {
        let games = vec![game(1), game(2), game(3)];
        let body = response("GetMyGames", &write_games(&games));
        assert_eq!(read_games(body.as_bytes()).unwrap(), games);
        let none = response("GetMyGames", "");
        assert_eq!(read_games(none.as_bytes()).unwrap(), vec![]);
    }

    #[test]
    fn move_results_and_faults_are_read() {
        for r in MoveResult::ALL {
            let body = response("MakeAMove", r.code());
            assert_eq!(read_move_result(body.as_bytes()).unwrap(), r);
        }
        let fault = soap::fault(true, "bad <login>");
        assert_eq!(
            read_move_result(fault.as_bytes()),
            Err(SoapError::Fault("bad <login>".into()))
        );
        assert_eq!(
            read_games(fault.as_bytes()),
            Err(SoapError::Fault("bad <login>".into()))
        );
    }

    #[test]
    fn hostile_responses_are_errors_not_panics() {
        let bad_game = response(
            "GetMyGames",
            "<XfccGame><id>1</id><myTurn>maybe</myTurn><result>Ongoing</result></XfccGame>",
        );
        let huge_clock = response(
            "GetMyGames",
            "<XfccGame><id>1</id><daysPlayer>99999999999999999</daysPlayer><result>Ongoing</result></XfccGame>",
        );
        for bad in [
            "".to_string(),
            "<a>".into(),
            "<Envelope><Body>".into(),
            "<!DOCTYPE x><Envelope/>".into(),
            "<Envelope><Body><Other/></Body></Envelope>".into(),
            response("MakeAMove", "Maybe"),
            bad_game,
            huge_clock,
            response(
                "GetMyGames",
                "<XfccGame><result>Ongoing</result></XfccGame>",
            ),
            response(
                "GetMyGames",
                "<XfccGame><id>1</id><result>Won</result></XfccGame>",
            ),
        ] {
            assert!(read_games(bad.as_bytes()).is_err(), "{bad}");
            assert!(read_move_result(bad.as_bytes()).is_err(), "{bad}");
        }
        assert_eq!(
            read_games(&vec![b' '; MAX_RESPONSE + 1]),
            Err(SoapError::TooLarge)
        );
        assert_eq!(read_games(&[0xff, 0xfe]), Err(SoapError::NotUtf8));
    }
}
