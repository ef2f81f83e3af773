//! The command phrases of each catalogue language (`Remis angenommen`,
//! `сдаюсь`): what the grammar reads from a player of that language besides
//! the English words and the symbols.

use crate::notation::Lang;

/// What a command phrase of a player's language says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    Offer,
    Accept,
    Decline,
    Resign,
    Claim,
    Board,
    Pgn,
    Help,
    /// `Urlaub 10`: the word before the number of days.
    Leave,
    /// The day words after a leave's number (`Urlaub 10 Tage`).
    Days,
}

impl Word {
    /// How many there are: the last one's number and one.
    const COUNT: usize = Word::Days as usize + 1;
}

/// The command phrases of each catalogue language, read from players of
/// that language besides the English words and the symbols
/// (`protocols/message.md` §5 lists them; each catalogue's help quotes them).
/// Any case; `?` may stand apart (`nulle ?`); `'` and `’` are one.
pub const WORDS: &[(Lang, Word, &[&str])] = &[
    (
        Lang::De,
        Word::Offer,
        &["Remis?", "Remisangebot", "biete Remis"],
    ),
    (
        Lang::De,
        Word::Accept,
        &["Remis angenommen", "Remis annehmen", "angenommen"],
    ),
    (
        Lang::De,
        Word::Decline,
        &["Remis abgelehnt", "Remis ablehnen", "abgelehnt"],
    ),
    (
        Lang::De,
        Word::Resign,
        &["aufgeben", "ich gebe auf", "gebe auf"],
    ),
    (
        Lang::De,
        Word::Claim,
        &["Remis reklamieren", "reklamiere Remis"],
    ),
    (Lang::De, Word::Board, &["Stellung", "Brett"]),
    (Lang::De, Word::Pgn, &["Partieverlauf", "Partienotation"]),
    (Lang::De, Word::Help, &["Hilfe"]),
    (Lang::De, Word::Leave, &["Urlaub"]),
    (Lang::De, Word::Days, &["Tage", "Tag"]),
    (Lang::Ru, Word::Offer, &["ничья?", "предлагаю ничью"]),
    (
        Lang::Ru,
        Word::Accept,
        &["ничья принята", "принимаю ничью", "согласен на ничью"],
    ),
    (
        Lang::Ru,
        Word::Decline,
        &["ничья отклонена", "отклоняю ничью"],
    ),
    (Lang::Ru, Word::Resign, &["сдаюсь"]),
    (Lang::Ru, Word::Claim, &["требую ничью"]),
    (Lang::Ru, Word::Board, &["позиция", "доска"]),
    (Lang::Ru, Word::Pgn, &["запись"]),
    (Lang::Ru, Word::Help, &["помощь"]),
    (Lang::Ru, Word::Leave, &["отпуск"]),
    (Lang::Ru, Word::Days, &["дней", "дня", "день"]),
    (Lang::Uk, Word::Offer, &["нічия?", "пропоную нічию"]),
    (Lang::Uk, Word::Accept, &["нічию прийнято", "приймаю нічию"]),
    (
        Lang::Uk,
        Word::Decline,
        &["нічию відхилено", "відхиляю нічию"],
    ),
    (Lang::Uk, Word::Resign, &["здаюся", "здаюсь"]),
    (Lang::Uk, Word::Claim, &["вимагаю нічию"]),
    (Lang::Uk, Word::Board, &["позиція", "дошка"]),
    (Lang::Uk, Word::Pgn, &["запис"]),
    (Lang::Uk, Word::Help, &["допомога"]),
    (Lang::Uk, Word::Leave, &["відпустка"]),
    (Lang::Uk, Word::Days, &["днів", "дні", "день"]),
    (
        Lang::Fr,
        Word::Offer,
        &["nulle?", "je propose nulle", "je propose la nulle"],
    ),
    (
        Lang::Fr,
        Word::Accept,
        &["nulle acceptée", "j'accepte la nulle"],
    ),
    (
        Lang::Fr,
        Word::Decline,
        &["nulle refusée", "je refuse la nulle"],
    ),
    (Lang::Fr, Word::Resign, &["abandon", "j'abandonne"]),
    (
        Lang::Fr,
        Word::Claim,
        &["je réclame la nulle", "réclamation de nulle"],
    ),
    (Lang::Fr, Word::Board, &["position", "échiquier"]),
    (Lang::Fr, Word::Pgn, &["partie"]),
    (Lang::Fr, Word::Help, &["aide"]),
    (Lang::Fr, Word::Leave, &["congé"]),
    (Lang::Fr, Word::Days, &["jours", "jour"]),
    (
        Lang::Es,
        Word::Offer,
        &["¿tablas?", "tablas?", "ofrezco tablas"],
    ),
    (
        Lang::Es,
        Word::Accept,
        &["tablas aceptadas", "acepto tablas", "acepto las tablas"],
    ),
    (
        Lang::Es,
        Word::Decline,
        &["tablas rechazadas", "rechazo tablas", "rechazo las tablas"],
    ),
    (Lang::Es, Word::Resign, &["abandono", "me rindo"]),
    (
        Lang::Es,
        Word::Claim,
        &["reclamo tablas", "reclamo las tablas"],
    ),
    (Lang::Es, Word::Board, &["posición", "tablero"]),
    (Lang::Es, Word::Pgn, &["partida"]),
    (Lang::Es, Word::Help, &["ayuda"]),
    (Lang::Es, Word::Leave, &["permiso"]),
    (Lang::Es, Word::Days, &["días", "día"]),
    (
        Lang::It,
        Word::Offer,
        &["patta?", "propongo patta", "propongo la patta"],
    ),
    (
        Lang::It,
        Word::Accept,
        &["patta accettata", "accetto la patta"],
    ),
    (
        Lang::It,
        Word::Decline,
        &["patta rifiutata", "rifiuto la patta"],
    ),
    (Lang::It, Word::Resign, &["abbandono", "mi arrendo"]),
    (
        Lang::It,
        Word::Claim,
        &["reclamo la patta", "chiedo la patta"],
    ),
    (Lang::It, Word::Board, &["posizione", "scacchiera"]),
    (Lang::It, Word::Pgn, &["partita"]),
    (Lang::It, Word::Help, &["aiuto"]),
    (Lang::It, Word::Leave, &["ferie"]),
    (Lang::It, Word::Days, &["giorni", "giorno"]),
    (Lang::Nl, Word::Offer, &["remise?", "ik bied remise aan"]),
    (
        Lang::Nl,
        Word::Accept,
        &["remise aangenomen", "ik neem remise aan"],
    ),
    (
        Lang::Nl,
        Word::Decline,
        &["remise afgewezen", "ik wijs remise af"],
    ),
    (Lang::Nl, Word::Resign, &["opgeven", "ik geef op"]),
    (
        Lang::Nl,
        Word::Claim,
        &["remise claimen", "ik claim remise"],
    ),
    (Lang::Nl, Word::Board, &["stelling", "bord"]),
    (Lang::Nl, Word::Pgn, &["partij"]),
    (Lang::Nl, Word::Help, &["hulp"]),
    (Lang::Nl, Word::Leave, &["verlof"]),
    (Lang::Nl, Word::Days, &["dagen", "dag"]),
    (Lang::Pl, Word::Offer, &["remis?", "proponuję remis"]),
    (
        Lang::Pl,
        Word::Accept,
        &["remis przyjęty", "przyjmuję remis"],
    ),
    (
        Lang::Pl,
        Word::Decline,
        &["remis odrzucony", "odrzucam remis"],
    ),
    (Lang::Pl, Word::Resign, &["poddaję się", "poddaję"]),
    (Lang::Pl, Word::Claim, &["żądam remisu"]),
    (Lang::Pl, Word::Board, &["pozycja", "szachownica"]),
    (Lang::Pl, Word::Pgn, &["zapis"]),
    (Lang::Pl, Word::Help, &["pomoc"]),
    (Lang::Pl, Word::Leave, &["urlop"]),
    (Lang::Pl, Word::Days, &["dni", "dzień"]),
    (Lang::Cs, Word::Offer, &["remíza?", "nabízím remízu"]),
    (
        Lang::Cs,
        Word::Accept,
        &["remíza přijata", "přijímám remízu"],
    ),
    (
        Lang::Cs,
        Word::Decline,
        &["remíza odmítnuta", "odmítám remízu"],
    ),
    (Lang::Cs, Word::Resign, &["vzdávám", "vzdávám se"]),
    (Lang::Cs, Word::Claim, &["reklamuji remízu"]),
    (Lang::Cs, Word::Board, &["pozice", "šachovnice"]),
    (Lang::Cs, Word::Pgn, &["zápis"]),
    (Lang::Cs, Word::Help, &["nápověda", "pomoc"]),
    (Lang::Cs, Word::Leave, &["dovolená"]),
    (Lang::Cs, Word::Days, &["dní", "dny", "den"]),
    (Lang::Pt, Word::Offer, &["empate?", "proponho empate"]),
    (
        Lang::Pt,
        Word::Accept,
        &["empate aceite", "empate aceito", "aceito o empate"],
    ),
    (
        Lang::Pt,
        Word::Decline,
        &["empate recusado", "recuso o empate"],
    ),
    (Lang::Pt, Word::Resign, &["abandono", "desisto"]),
    (
        Lang::Pt,
        Word::Claim,
        &["reclamo empate", "reclamo o empate"],
    ),
    (Lang::Pt, Word::Board, &["posição", "tabuleiro"]),
    (Lang::Pt, Word::Pgn, &["partida"]),
    (Lang::Pt, Word::Help, &["ajuda"]),
    (Lang::Pt, Word::Leave, &["licença"]),
    (Lang::Pt, Word::Days, &["dias", "dia"]),
    (Lang::Sv, Word::Offer, &["remi?", "erbjuder remi"]),
    (
        Lang::Sv,
        Word::Accept,
        &["remi accepterad", "jag accepterar remi"],
    ),
    (
        Lang::Sv,
        Word::Decline,
        &["remi avböjd", "jag avböjer remi"],
    ),
    (Lang::Sv, Word::Resign, &["jag ger upp", "ger upp"]),
    (Lang::Sv, Word::Claim, &["kräver remi", "jag kräver remi"]),
    (Lang::Sv, Word::Board, &["ställning", "bräde"]),
    (Lang::Sv, Word::Pgn, &["parti"]),
    (Lang::Sv, Word::Help, &["hjälp"]),
    (Lang::Sv, Word::Leave, &["ledighet"]),
    (Lang::Sv, Word::Days, &["dagar", "dag"]),
];

/// The phrases of `word` in `lang` (none for a language without them),
/// from a table built once: the grammar asks at several alternatives of
/// every line, and scanning [`WORDS`] each time was 2 % of a submission.
pub(crate) fn phrases(lang: Lang, word: Word) -> &'static [&'static str] {
    type Table = Vec<Vec<Vec<&'static str>>>;
    static TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = vec![vec![Vec::new(); Word::COUNT]; Lang::ALL.len()];
        for (l, w, phrases) in WORDS {
            table[l.index()][*w as usize].extend_from_slice(phrases);
        }
        table
    });
    &table[lang.index()][word as usize]
}

/// The phrase at the start of `i`, compared without case: the rest.
pub(crate) fn phrase_prefix<'i>(i: &'i str, phrase: &str) -> Option<&'i str> {
    let fold = |c: char| if c == '\u{2019}' { '\'' } else { c };
    let mut rest = i;
    for want in phrase.chars() {
        if want == '?' {
            rest = rest.strip_prefix(' ').unwrap_or(rest);
        }
        let mut chars = rest.chars();
        let got = chars.next()?;
        if !fold(got).to_lowercase().eq(fold(want).to_lowercase()) {
            return None;
        }
        rest = chars.as_str();
    }
    Some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::grammar::{Body, Profile, parse_line};

    /// `protocols/message.md` lists every phrase of [`WORDS`], and a phrase
    /// is read only from a player of its language.
    #[test]
    fn every_phrase_is_documented_and_read_in_its_language_only() {
        let spec = include_str!("../../../../protocols/message.md");
        for (lang, word, phrases) in WORDS {
            for phrase in *phrases {
                assert!(spec.contains(&format!("`{phrase}`")), "{lang} {phrase}");
                let line = match word {
                    Word::Leave => format!("{phrase} 10"),
                    Word::Days => continue,
                    _ => phrase.to_string(),
                };
                let body = parse_line(&line, &Profile::new(*lang)).map(|p| p.body);
                assert!(matches!(body, Some(Body::Command(_))), "{lang} {line:?}");
                if phrase.chars().all(|c| c.is_ascii_alphabetic() || c == ' ') {
                    let english = parse_line(&line, &Profile::new(Lang::En));
                    let shared = ["position", "abandon"];
                    assert!(english.is_none() || shared.contains(phrase), "{line:?}");
                }
            }
        }
    }

    #[test]
    fn a_phrase_keeps_hostile_text_whole() {
        // A Kelvin sign or a combining mark never splits a character.
        assert_eq!(phrase_prefix("\u{212A}x", "kx"), Some(""));
        assert_eq!(phrase_prefix("é", "e"), None);
        assert_eq!(phrase_prefix("nulle ?", "nulle?"), Some(""));
        assert_eq!(phrase_prefix("J’ABANDONNE", "j'abandonne"), Some(""));
    }
}
