//! Every sentence ccgate sends, in every language it speaks, in one place.
//!
//! Placeholders are `{name}`; [`fill`] substitutes them. Languages without
//! their own templates fall back to English. Texts for SMS and radio must
//! fit one message: 160 GSM characters, or 70 when the text needs UCS-2
//! (Russian always does), so the Russian texts are the tightest.

use crate::notation::Lang;

/// A message a player can receive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Confirm,
    YourMove,
    Refused,
    DidYouMean,
    NothingApplied,
    GameOver,
    DrawOffered,
    /// The offer appended to the notice of the move it goes with (short:
    /// the notice names the game and the mover, and must fit one SMS).
    DrawOfferedWithMove,
    DrawDeclined,
    NoDrawOffer,
    ClaimRefused,
    Help,
    UnknownSender,
    NotYourGame,
    WhichGame,
    NotYourTurn,
    WrongNumber,
    Desync,
    GameFinished,
    Board,
    Record,
    NotationSet,
    LangSet,
    BadSetting,
    LeaveGranted,
    LeaveRefused,
    ConditionalStored,
    ConditionalPlayed,
    ConditionalDropped,
    ConditionalRefused,
    Reminder,
    BadPin,
    TakenBack,
    Adjudicated,
    Penalty,
    TooLarge,
    Held,
    HoldExpired,
    TooManyLines,
    /// The first line of an event's start: the event and its time control.
    EventStart,
    /// The same for an event whose clocks start on a later date.
    EventStartsOn,
    /// The director's ruling on an incident.
    Ruling,
    /// One game of the event's start, one line each.
    EventGameWhite,
    EventGameBlack,
    /// An opponent withdrew: the games it scores.
    Withdrawn,
}

/// The template of a key in a language.
pub fn template(key: Key, lang: Lang) -> &'static str {
    match lang {
        Lang::De => de(key),
        Lang::Ru | Lang::Uk => ru(key),
        _ => en(key),
    }
}

fn en(key: Key) -> &'static str {
    match key {
        Key::Confirm => {
            "G{game} {number} {move} ({iccf}) accepted. Check {code}. {opponent} to move."
        }
        Key::YourMove => "G{game} {number} {move} ({iccf}) by {opponent}. Check {code}. Your move.",
        Key::Refused => "G{game} {text}: refused, {reason}.",
        Key::DidYouMean => " Did you mean {moves}?",
        Key::NothingApplied => " Nothing was applied.",
        Key::GameOver => "G{game} over: {result}, {reason}.",
        Key::DrawOffered => "G{game} {opponent} offers a draw. Reply G{game} accept, or play on.",
        Key::DrawOfferedWithMove => "Draw offered: reply G{game} accept, or play on.",
        Key::DrawDeclined => "G{game} {opponent} declined your draw offer.",
        Key::NoDrawOffer => "G{game} there is no draw offer to accept.",
        Key::ClaimRefused => "G{game} draw claim refused: {reason}.",
        Key::Help => {
            "ccgate: send GAME MOVE, e.g. 12 15. 5254 or 12 15... Nf6. Also: draw? accept resign claim board pgn notation iccf lang de leave 10 help"
        }
        Key::UnknownSender => {
            "ccgate: this address is not registered. Ask your tournament director."
        }
        Key::NotYourGame => "ccgate: you have no game {game}.",
        Key::WhichGame => {
            "ccgate: which game? Yours: {games}. Start the line with the game number."
        }
        Key::NotYourTurn => "G{game} {text}: refused, it is not your move.",
        Key::WrongNumber => "G{game} {text}: refused, the game is at move {number}.",
        Key::Desync => "G{game} your {text} does not match the game. Record: {record}",
        Key::GameFinished => "G{game} is over ({result}).",
        Key::Board => "G{game} {fen} {turn} to move. Check {code}.",
        Key::Record => "G{game} {record}",
        Key::NotationSet => "ccgate: notation set to {value}.",
        Key::LangSet => "ccgate: language set to {value}.",
        Key::BadSetting => "ccgate: {value} unknown.",
        Key::LeaveGranted => {
            "ccgate: leave from {from} to {until} noted. {left} days left this year."
        }
        Key::LeaveRefused => "ccgate: leave refused, {reason}.",
        Key::ConditionalStored => "G{game} conditional moves stored: {moves}",
        Key::ConditionalPlayed => "G{game} conditional move {number} {move} played.",
        Key::ConditionalDropped => {
            "G{game} your conditional moves were dropped: {opponent} played {move}."
        }
        Key::ConditionalRefused => "G{game} conditional moves refused: {reason}.",
        Key::Reminder => "G{game} reminder: your move, {days} days left.",
        Key::BadPin => "ccgate: PIN missing or wrong. Nothing was applied.",
        Key::TakenBack => "G{game} the director took back the moves after ply {ply}: {reason}",
        Key::Adjudicated => "G{game} adjudicated {result}: {reason}",
        Key::Penalty => " Penalty: {days} days added to your time.",
        Key::TooLarge => {
            "ccgate: your message is too large (limit {limit} KB) and was not read. Send the move as plain text."
        }
        Key::Held => {
            "ccgate: a message in your name could not be checked as yours and is held, not applied. If you sent it, answer within {hours} hours with: confirm {code}"
        }
        Key::HoldExpired => {
            "ccgate: that confirmation code is unknown, used or expired. Nothing was applied."
        }
        Key::TooManyLines => {
            "ccgate: only the first {limit} lines of your message were read; {skipped} more were not. Send them in another message."
        }
        Key::EventStart => "ccgate: {event} begins, time control {time}. Your games:",
        Key::EventStartsOn => {
            "ccgate: {event} begins on {date}, time control {time}; clocks start then. Your games:"
        }
        Key::Ruling => "ccgate: the director's ruling on incident {incident}: {ruling}",
        Key::EventGameWhite => "G{game} White against {opponent}",
        Key::EventGameBlack => "G{game} Black against {opponent}",
        Key::Withdrawn => "ccgate: {player} withdrew from {event}; scored: {games}",
    }
}

fn de(key: Key) -> &'static str {
    match key {
        Key::Confirm => {
            "P{game} {number} {move} ({iccf}) angenommen. Kontrolle {code}. {opponent} am Zug."
        }
        Key::YourMove => {
            "P{game} {number} {move} ({iccf}) von {opponent}. Kontrolle {code}. Sie sind am Zug."
        }
        Key::Refused => "P{game} {text}: abgelehnt, {reason}.",
        Key::DidYouMean => " Gemeint: {moves}?",
        Key::NothingApplied => " Nichts wurde ausgeführt.",
        Key::GameOver => "P{game} beendet: {result}, {reason}.",
        Key::DrawOffered => {
            "P{game} {opponent} bietet Remis an. Antwort: P{game} accept, oder weiterspielen."
        }
        Key::DrawOfferedWithMove => "Remis angeboten: Antwort P{game} accept, oder weiterspielen.",
        Key::DrawDeclined => "P{game} {opponent} lehnt Ihr Remisangebot ab.",
        Key::NoDrawOffer => "P{game} es liegt kein Remisangebot vor.",
        Key::ClaimRefused => "P{game} Remisreklamation abgelehnt: {reason}.",
        Key::Help => {
            "ccgate: PARTIE ZUG senden, z.B. 12 15. 5254 oder 12 15... Sf6. Auch: draw? accept resign claim board pgn notation iccf lang de leave 10 help"
        }
        Key::UnknownSender => {
            "ccgate: diese Adresse ist nicht angemeldet. Bitte den Turnierleiter fragen."
        }
        Key::NotYourGame => "ccgate: Sie haben keine Partie {game}.",
        Key::WhichGame => {
            "ccgate: welche Partie? Ihre: {games}. Zeile mit der Partienummer beginnen."
        }
        Key::NotYourTurn => "P{game} {text}: abgelehnt, Sie sind nicht am Zug.",
        Key::WrongNumber => "P{game} {text}: abgelehnt, die Partie steht bei Zug {number}.",
        Key::Desync => "P{game} Ihr {text} passt nicht zur Partie. Notation: {record}",
        Key::GameFinished => "P{game} ist beendet ({result}).",
        Key::Board => "P{game} {fen} {turn} am Zug. Kontrolle {code}.",
        Key::Record => "P{game} {record}",
        Key::NotationSet => "ccgate: Notation ist jetzt {value}.",
        Key::LangSet => "ccgate: Sprache ist jetzt {value}.",
        Key::BadSetting => "ccgate: {value} unbekannt.",
        Key::LeaveGranted => {
            "ccgate: Urlaub vom {from} bis {until} notiert. Noch {left} Tage in diesem Jahr."
        }
        Key::LeaveRefused => "ccgate: Urlaub abgelehnt, {reason}.",
        Key::ConditionalStored => "P{game} bedingte Züge gespeichert: {moves}",
        Key::ConditionalPlayed => "P{game} bedingter Zug {number} {move} ausgeführt.",
        Key::ConditionalDropped => {
            "P{game} Ihre bedingten Züge verfallen: {opponent} spielte {move}."
        }
        Key::ConditionalRefused => "P{game} bedingte Züge abgelehnt: {reason}.",
        Key::Reminder => "P{game} Erinnerung: Sie sind am Zug, noch {days} Tage.",
        Key::BadPin => "ccgate: PIN fehlt oder falsch. Nichts wurde ausgeführt.",
        Key::TooLarge => {
            "ccgate: Ihre Nachricht ist zu groß (Grenze {limit} KB) und wurde nicht gelesen. Senden Sie den Zug als einfachen Text."
        }
        Key::Held => {
            "ccgate: Eine Nachricht unter Ihrem Namen bestand die Absenderprüfung nicht und wird zurückgehalten, nicht ausgeführt. Falls sie von Ihnen war, antworten Sie binnen {hours} Stunden mit: confirm {code}"
        }
        Key::HoldExpired => {
            "ccgate: Dieser Bestätigungscode ist unbekannt, verbraucht oder abgelaufen. Nichts wurde ausgeführt."
        }
        Key::TooManyLines => {
            "ccgate: Nur die ersten {limit} Zeilen Ihrer Nachricht wurden gelesen, {skipped} weitere nicht. Senden Sie diese in einer neuen Nachricht."
        }
        Key::TakenBack => {
            "P{game} der Turnierleiter nahm die Züge nach Halbzug {ply} zurück: {reason}"
        }
        Key::Adjudicated => "P{game} entschieden {result}: {reason}",
        Key::Penalty => " Strafe: {days} Tage Bedenkzeit abgezogen.",
        Key::EventStart => "ccgate: {event} beginnt, Bedenkzeit {time}. Ihre Partien:",
        Key::EventStartsOn => {
            "ccgate: {event} beginnt am {date}, Bedenkzeit {time}; die Uhren laufen ab dann. Ihre Partien:"
        }
        Key::Ruling => "ccgate: Entscheidung der Turnierleitung zum Vorfall {incident}: {ruling}",
        Key::EventGameWhite => "P{game} Weiß gegen {opponent}",
        Key::EventGameBlack => "P{game} Schwarz gegen {opponent}",
        Key::Withdrawn => "ccgate: {player} ist aus {event} ausgeschieden; gewertet: {games}",
    }
}

fn ru(key: Key) -> &'static str {
    match key {
        Key::Confirm => "П{game} {number} {move} ({iccf}) принят. Код {code}.",
        Key::YourMove => "П{game} {number} {move} ({iccf}). Код {code}. Ваш ход.",
        Key::Refused => "П{game} {text}: отказ, {reason}.",
        Key::DidYouMean => " Может, {moves}?",
        Key::NothingApplied => "",
        Key::GameOver => "П{game} окончена: {result}, {reason}.",
        Key::DrawOffered => "П{game} {opponent} предлагает ничью.",
        Key::DrawOfferedWithMove => "Предложена ничья.",
        Key::DrawDeclined => "П{game} ничья отклонена.",
        Key::NoDrawOffer => "П{game} предложения ничьей нет.",
        Key::ClaimRefused => "П{game} ничья не признана: {reason}.",
        Key::Help => "ccgate: ПАРТИЯ ХОД, напр. 12 15. 5254",
        Key::UnknownSender => "ccgate: адрес не зарегистрирован.",
        Key::NotYourGame => "ccgate: у вас нет партии {game}.",
        Key::WhichGame => "ccgate: какая партия? Ваши: {games}",
        Key::NotYourTurn => "П{game} {text}: отказ, не ваш ход.",
        Key::WrongNumber => "П{game} {text}: отказ, сейчас ход {number}.",
        Key::Desync => "П{game} {text} не совпадает. Запись: {record}",
        Key::GameFinished => "П{game} окончена ({result}).",
        Key::Board => "П{game} {fen} Код {code}.",
        Key::Record => "П{game} {record}",
        Key::NotationSet => "ccgate: нотация {value}.",
        Key::LangSet => "ccgate: язык {value}.",
        Key::BadSetting => "ccgate: {value} неизвестно.",
        Key::LeaveGranted => "ccgate: отпуск {from}–{until}, осталось {left} дн.",
        Key::LeaveRefused => "ccgate: отпуск отклонён, {reason}.",
        Key::ConditionalStored => "П{game} условные ходы: {moves}",
        Key::ConditionalPlayed => "П{game} условный ход {number} {move} сделан.",
        Key::ConditionalDropped => "П{game} условные ходы сняты: {move}.",
        Key::ConditionalRefused => "П{game} условные ходы отклонены: {reason}.",
        Key::Reminder => "П{game} ваш ход, осталось {days} дн.",
        Key::BadPin => "ccgate: неверный PIN.",
        Key::TakenBack => "П{game} судья отменил ходы после {ply}: {reason}",
        Key::Adjudicated => "П{game} решение судьи {result}: {reason}",
        Key::Penalty => " Штраф {days} дн.",
        Key::TooLarge => "ccgate: сообщение слишком большое (предел {limit} КБ), не прочитано.",
        Key::Held => {
            "ccgate: сообщение от вашего имени не прошло проверку отправителя и задержано, не применено. Если его отправили вы, ответьте в течение {hours} ч: confirm {code}"
        }
        Key::HoldExpired => {
            "ccgate: код подтверждения неизвестен, использован или истёк. Ничего не применено."
        }
        Key::TooManyLines => {
            "ccgate: прочитаны только первые {limit} строк сообщения, ещё {skipped} нет. Пришлите их отдельным сообщением."
        }
        Key::EventStart => "ccgate: {event} начался, контроль {time}. Ваши партии:",
        Key::EventStartsOn => {
            "ccgate: {event} начнётся {date}, контроль {time}; часы пойдут с этого дня. Ваши партии:"
        }
        Key::Ruling => "ccgate: решение судьи по инциденту {incident}: {ruling}",
        Key::EventGameWhite => "П{game} белыми против {opponent}",
        Key::EventGameBlack => "П{game} чёрными против {opponent}",
        Key::Withdrawn => "ccgate: {player} выбыл из {event}; засчитано: {games}",
    }
}

/// Substitutes `{name}` placeholders.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match values.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => out.push_str(v),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEYS: [Key; 45] = [
        Key::Confirm,
        Key::YourMove,
        Key::Refused,
        Key::DidYouMean,
        Key::NothingApplied,
        Key::GameOver,
        Key::DrawOffered,
        Key::DrawOfferedWithMove,
        Key::DrawDeclined,
        Key::NoDrawOffer,
        Key::ClaimRefused,
        Key::Help,
        Key::UnknownSender,
        Key::NotYourGame,
        Key::WhichGame,
        Key::NotYourTurn,
        Key::WrongNumber,
        Key::Desync,
        Key::GameFinished,
        Key::Board,
        Key::Record,
        Key::NotationSet,
        Key::LangSet,
        Key::BadSetting,
        Key::LeaveGranted,
        Key::LeaveRefused,
        Key::ConditionalStored,
        Key::ConditionalPlayed,
        Key::ConditionalDropped,
        Key::ConditionalRefused,
        Key::Reminder,
        Key::BadPin,
        Key::TakenBack,
        Key::Adjudicated,
        Key::Penalty,
        Key::TooLarge,
        Key::Held,
        Key::HoldExpired,
        Key::TooManyLines,
        Key::EventStart,
        Key::EventStartsOn,
        Key::Ruling,
        Key::EventGameWhite,
        Key::EventGameBlack,
        Key::Withdrawn,
    ];

    #[test]
    fn every_language_has_the_same_placeholders_as_english() {
        let names = |t: &str| {
            let mut v: Vec<String> = t
                .split('{')
                .skip(1)
                .filter_map(|s| s.split_once('}').map(|p| p.0.to_string()))
                .collect();
            v.sort();
            v.dedup();
            v
        };
        for key in KEYS {
            for lang in [Lang::De, Lang::Ru] {
                let theirs = names(template(key, lang));
                let ours = names(template(key, Lang::En));
                assert!(
                    theirs.iter().all(|n| ours.contains(n)),
                    "{key:?} {lang}: {theirs:?} vs {ours:?}"
                );
            }
        }
    }

    /// Issue 12: a player answers "Antwort: P12 accept" with `P12 accept`;
    /// every reference form any template writes is read back, in every
    /// language's profile.
    #[test]
    fn every_reference_a_template_writes_is_read_back() {
        use crate::protocol::grammar::{Body, Command, Profile, parse_line};
        let mut forms = 0;
        for &lang in Lang::ALL {
            for key in KEYS {
                let text = template(key, lang);
                for (at, _) in text.match_indices("{game}") {
                    let head = &text[..at];
                    let start = head.rfind([' ', ':', '(']).map_or(0, |i| i + 1);
                    let reference = fill(&text[start..at + "{game}".len()], &[("game", "12")]);
                    for profile_lang in [lang, Lang::En] {
                        let line = format!("{reference} accept");
                        let parsed = parse_line(&line, &Profile::new(profile_lang));
                        let read = parsed.as_ref().map(|p| (p.game, &p.body));
                        assert_eq!(
                            read,
                            Some((Some(12), &Body::Command(Command::AcceptDraw))),
                            "{key:?} {lang} read by a {profile_lang} player: {line:?}"
                        );
                        forms += 1;
                    }
                }
            }
        }
        assert!(forms > 100, "{forms}");
    }

    #[test]
    fn fill_replaces_known_and_keeps_unknown() {
        assert_eq!(fill("G{game} {x}", &[("game", "12")]), "G12 {x}");
        assert_eq!(fill("a{b", &[]), "a{b");
    }
}
