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
    /// One game of the event's start, one line each.
    EventGameWhite,
    EventGameBlack,
    /// An opponent withdrew: the games it scores.
    Withdrawn,
    /// The end of a notice about a game in progress: the reader is to move.
    YourTurn,
    /// The same, with the last day to move (a date in the reader's zone).
    YourTurnBy,
    /// The end of a notice about a game in progress: the opponent is to move.
    TheirTurn,
    /// Both clocks (email): the reader's and the opponent's days.
    Clocks,
    /// One day count with its day word, per plural form (see [`days`]).
    DayOne,
    DayFew,
    DayMany,
    /// A conditional move answered at once, in the notice of the move it
    /// answered.
    ConditionalAnswer,
    /// The sender of a draw offer, a claim or a resignation is told what
    /// went to the opponent.
    DrawOfferSent,
    ResignationSent,
    ClaimUpheld,
    /// No game in progress to route a line to.
    NoGame,
    /// One candidate game of the "which game?" question.
    WhichGameItem,
    /// The email help: every command with an example.
    HelpMail,
    /// The board's legend: the piece letters and which side is which.
    Legend,
    /// Piece names for the legend: king, queen, rook, bishop, knight, pawn.
    PieceNames,
    /// A refusal quotes the line it refers to.
    Quote,
    /// A message with several lines: the lines not read as protocol.
    ProseLines,
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
        Key::Confirm => "G{game} {number} {move} ({iccf}) accepted. Check {code}.",
        Key::YourMove => "G{game} {number} {move} ({iccf}) by {opponent}. Check {code}.",
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
        Key::NotYourTurn => {
            "G{game} {text}: refused, it is not your move in game {game}, {opponent} to move."
        }
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
        Key::EventGameWhite => "G{game} White against {opponent}",
        Key::EventGameBlack => "G{game} Black against {opponent}",
        Key::Withdrawn => "ccgate: {player} withdrew from {event}; scored: {games}",
        Key::YourTurn => "Your move.",
        Key::YourTurnBy => "Your move, by {date}.",
        Key::TheirTurn => "{opponent} to move.",
        Key::Clocks => {
            "Clock: you {used} used, {left} left; {opponent} {their_used} used, {their_left} left."
        }
        Key::DayOne => "{n} day",
        Key::DayFew | Key::DayMany => "{n} days",
        Key::ConditionalAnswer => {
            "Your conditional move {number} {move} ({iccf}) answered it. Check {code}."
        }
        Key::DrawOfferSent => "G{game} your draw offer went to {opponent}.",
        Key::ResignationSent => "G{game} your resignation went to {opponent}.",
        Key::ClaimUpheld => "G{game} your draw claim is upheld; {opponent} was told.",
        Key::NoGame => "ccgate: you have no game in progress.",
        Key::WhichGameItem => "G{game} against {opponent}, {turn}",
        Key::HelpMail => {
            "ccgate: how to play by mail\n\nWrite one line per move or command, starting with the game number (you may leave it out if you have one game in progress):\n  12 15... {example}   your move in game 12\n  12 15. {example_echo} 15... {example}   the opponent's last move, then yours (a check against mistakes)\n  12 if 16. {example_if} 16... {example_then}   conditional moves: if the opponent plays the first, the second is played at once\n  12 draw?   offer a draw (or add it to a move: 12 15... {example} draw?)\n  12 accept   accept the opponent's draw offer\n  12 decline   decline it\n  12 claim   claim a draw by threefold repetition or the fifty-move rule\n  12 resign   resign the game\n  12 board   the position\n  12 pgn   the game record\n  notation iccf   how your moves are written to you (san, iccf, uedemann, descriptive ...)\n  lang de   the language of these replies\n  leave 10   ten days of leave from today\n  help   this text\n\nHow to write a move in your notation ({notation}): {example} moves the knight from g8 to f6; in ICCF numbers, which are always understood, {iccf}.\n\nThe check code: each move notice ends with a four-character code of the position after the move. If the code you get is not the one your own board gives, your board and the game differ: write back before you move.\n\nOther lines of your message are read as prose and not answered."
        }
        Key::Legend => "Capitals White, small letters Black. {pieces}",
        Key::PieceNames => "king|queen|rook|bishop|knight|pawn",
        Key::Quote => "> {line}",
        Key::ProseLines => "{count} other lines were read as prose.",
    }
}

fn de(key: Key) -> &'static str {
    match key {
        Key::Confirm => "P{game} {number} {move} ({iccf}) angenommen. Kontrolle {code}.",
        Key::YourMove => "P{game} {number} {move} ({iccf}) von {opponent}. Kontrolle {code}.",
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
        Key::NotYourTurn => {
            "P{game} {text}: abgelehnt, in Partie {game} ist {opponent} am Zug, nicht Sie."
        }
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
        Key::EventGameWhite => "P{game} Weiß gegen {opponent}",
        Key::EventGameBlack => "P{game} Schwarz gegen {opponent}",
        Key::Withdrawn => "ccgate: {player} ist aus {event} ausgeschieden; gewertet: {games}",
        Key::YourTurn => "Sie sind am Zug.",
        Key::YourTurnBy => "Sie sind am Zug, bis {date}.",
        Key::TheirTurn => "{opponent} am Zug.",
        Key::Clocks => {
            "Bedenkzeit: Sie {used} verbraucht, {left} übrig; {opponent} {their_used} verbraucht, {their_left} übrig."
        }
        Key::DayOne => "{n} Tag",
        Key::DayFew | Key::DayMany => "{n} Tage",
        Key::ConditionalAnswer => {
            "Ihr bedingter Zug {number} {move} ({iccf}) antwortete darauf. Kontrolle {code}."
        }
        Key::DrawOfferSent => "P{game} Ihr Remisangebot ging an {opponent}.",
        Key::ResignationSent => "P{game} Ihre Aufgabe ging an {opponent}.",
        Key::ClaimUpheld => {
            "P{game} Ihre Remisreklamation ist anerkannt; {opponent} wurde benachrichtigt."
        }
        Key::NoGame => "ccgate: Sie haben keine laufende Partie.",
        Key::WhichGameItem => "P{game} gegen {opponent}, {turn}",
        Key::HelpMail => {
            "ccgate: Fernschach per E-Mail\n\nEine Zeile je Zug oder Befehl, mit der Partienummer vorn (ohne Nummer, wenn Sie nur eine laufende Partie haben):\n  12 15... {example}   Ihr Zug in Partie 12\n  12 15. {example_echo} 15... {example}   der letzte Zug des Gegners, dann Ihrer (eine Kontrolle gegen Irrtümer)\n  12 if 16. {example_if} 16... {example_then}   bedingte Züge: spielt der Gegner den ersten, wird der zweite sofort ausgeführt\n  12 draw?   Remis anbieten (auch mit einem Zug: 12 15... {example} draw?)\n  12 accept   das Remisangebot des Gegners annehmen\n  12 decline   es ablehnen\n  12 claim   Remis reklamieren (dreimalige Wiederholung, 50-Züge-Regel)\n  12 resign   die Partie aufgeben\n  12 board   die Stellung\n  12 pgn   die Partienotation\n  notation iccf   wie Ihnen Züge geschrieben werden (san, iccf, uedemann, descriptive ...)\n  lang de   die Sprache dieser Antworten\n  leave 10   zehn Tage Urlaub ab heute\n  help   dieser Text\n\nSo schreiben Sie einen Zug in Ihrer Notation ({notation}): {example} zieht den Springer von g8 nach f6; in ICCF-Ziffern, die immer verstanden werden, {iccf}.\n\nDer Kontrollcode: Jede Zugmitteilung endet mit einem vierstelligen Code der Stellung nach dem Zug. Ergibt Ihr eigenes Brett einen anderen Code, weichen Ihr Brett und die Partie voneinander ab: melden Sie sich, bevor Sie ziehen.\n\nAndere Zeilen Ihrer Nachricht werden als Text gelesen und nicht beantwortet."
        }
        Key::Legend => "Großbuchstaben Weiß, Kleinbuchstaben Schwarz. {pieces}",
        Key::PieceNames => "König|Dame|Turm|Läufer|Springer|Bauer",
        Key::Quote => "> {line}",
        Key::ProseLines => "{count} weitere Zeilen wurden als Text gelesen.",
    }
}

fn ru(key: Key) -> &'static str {
    match key {
        Key::Confirm => "П{game} {number} {move} ({iccf}) принят. Код {code}.",
        Key::YourMove => "П{game} {number} {move} ({iccf}). Код {code}.",
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
        Key::NotYourTurn => "П{game} {text}: отказ, в партии {game} ход {opponent}, не ваш.",
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
        Key::EventGameWhite => "П{game} белыми против {opponent}",
        Key::EventGameBlack => "П{game} чёрными против {opponent}",
        Key::Withdrawn => "ccgate: {player} выбыл из {event}; засчитано: {games}",
        Key::YourTurn => "Ваш ход.",
        Key::YourTurnBy => "Ваш ход до {date}.",
        Key::TheirTurn => "Ход: {opponent}.",
        Key::Clocks => {
            "Время: у вас использовано {used}, осталось {left}; у {opponent} использовано {their_used}, осталось {their_left}."
        }
        Key::DayOne => "{n} день",
        Key::DayFew => "{n} дня",
        Key::DayMany => "{n} дней",
        Key::ConditionalAnswer => "Ваш условный ход {number} {move} ({iccf}) сделан. Код {code}.",
        Key::DrawOfferSent => "П{game} ваше предложение ничьей отправлено: {opponent}.",
        Key::ResignationSent => "П{game} ваша сдача отправлена: {opponent}.",
        Key::ClaimUpheld => "П{game} ничья признана; {opponent} извещён.",
        Key::NoGame => "ccgate: у вас нет текущих партий.",
        Key::WhichGameItem => "П{game} против {opponent}, {turn}",
        Key::HelpMail => {
            "ccgate: игра по почте\n\nПо строке на ход или команду, в начале номер партии (без номера, если у вас одна текущая партия):\n  12 15... {example}   ваш ход в партии 12\n  12 15. {example_echo} 15... {example}   последний ход соперника, затем ваш (проверка от ошибок)\n  12 if 16. {example_if} 16... {example_then}   условные ходы: если соперник сыграет первый, второй делается сразу\n  12 draw?   предложить ничью (или вместе с ходом: 12 15... {example} draw?)\n  12 accept   принять предложение ничьей\n  12 decline   отклонить его\n  12 claim   потребовать ничью (троекратное повторение, правило 50 ходов)\n  12 resign   сдать партию\n  12 board   позиция\n  12 pgn   запись партии\n  notation iccf   как вам записываются ходы (san, iccf, uedemann, descriptive ...)\n  lang ru   язык ответов\n  leave 10   десять дней отпуска с сегодняшнего дня\n  help   этот текст\n\nКак записать ход в вашей нотации ({notation}): {example} — конь с g8 на f6; цифрами ИКЧФ, которые понимаются всегда, {iccf}.\n\nКонтрольный код: каждое сообщение о ходе кончается четырёхзначным кодом позиции после хода. Если ваша доска даёт другой код, ваша доска и партия расходятся: напишите, прежде чем ходить.\n\nОстальные строки сообщения читаются как текст и остаются без ответа."
        }
        Key::Legend => "Заглавные белые, строчные чёрные. {pieces}",
        Key::PieceNames => "король|ферзь|ладья|слон|конь|пешка",
        Key::Quote => "> {line}",
        Key::ProseLines => "Прочие строки ({count}) прочитаны как текст.",
    }
}

/// `n` with its day word in `lang` (`1 Tag`, `2 Tage`; `1 день`, `2 дня`,
/// `5 дней`): the plural forms of the language's rules.
pub fn days(n: i64, lang: Lang) -> String {
    let key = match lang {
        Lang::Ru | Lang::Uk => {
            let (ten, hundred) = (n.abs() % 10, n.abs() % 100);
            if ten == 1 && hundred != 11 {
                Key::DayOne
            } else if (2..=4).contains(&ten) && !(12..=14).contains(&hundred) {
                Key::DayFew
            } else {
                Key::DayMany
            }
        }
        _ if n.abs() == 1 => Key::DayOne,
        _ => Key::DayMany,
    };
    fill(template(key, lang), &[("n", &n.to_string())])
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

    const KEYS: [Key; 60] = [
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
        Key::EventGameWhite,
        Key::EventGameBlack,
        Key::Withdrawn,
        Key::YourTurn,
        Key::YourTurnBy,
        Key::TheirTurn,
        Key::Clocks,
        Key::DayOne,
        Key::DayFew,
        Key::DayMany,
        Key::ConditionalAnswer,
        Key::DrawOfferSent,
        Key::ResignationSent,
        Key::ClaimUpheld,
        Key::NoGame,
        Key::WhichGameItem,
        Key::HelpMail,
        Key::Legend,
        Key::PieceNames,
        Key::Quote,
        Key::ProseLines,
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
    fn day_words_follow_each_languages_plural_rules() {
        let words = |lang| [1, 2, 5, 11, 21, 22, 49].map(|n| days(n, lang));
        assert_eq!(
            words(Lang::De),
            [
                "1 Tag", "2 Tage", "5 Tage", "11 Tage", "21 Tage", "22 Tage", "49 Tage"
            ]
        );
        assert_eq!(
            words(Lang::Ru),
            [
                "1 день",
                "2 дня",
                "5 дней",
                "11 дней",
                "21 день",
                "22 дня",
                "49 дней"
            ]
        );
        assert_eq!(days(1, Lang::En), "1 day");
    }

    #[test]
    fn fill_replaces_known_and_keeps_unknown() {
        assert_eq!(fill("G{game} {x}", &[("game", "12")]), "G12 {x}");
        assert_eq!(fill("a{b", &[]), "a{b");
    }
}
