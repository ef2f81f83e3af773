//! Reading a message and routing each line to its game.

use super::moves::table_of;
use super::*;

impl Ctx<'_, '_> {
    /// Reads a message from `channel` `sender`.
    pub(super) fn process(
        &mut self,
        (channel, sender): (Channel, &str),
        text: &str,
        unverified: Option<&str>,
    ) -> store::Result<()> {
        let Some(player) = self.tx.player_by_address(channel, sender)? else {
            self.incident(
                None,
                None,
                IncidentKind::UnknownSender,
                format!("{channel} {sender} is not registered"),
                None,
                None,
            )?;
            let body = template(Key::UnknownSender, Lang::En).to_string();
            self.reply_to_sender(None, None, &body)?;
            self.outcomes.push(Step::Refused(Refusal::UnknownSender));
            return Ok(());
        };
        if let Some(why) = unverified
            && player.pin_hash.is_none()
        {
            // Only a PIN could stand in for the failed check, and this
            // player has none. The notice goes to the registered address:
            // if someone forged it, its owner should know.
            self.incident(
                None,
                None,
                IncidentKind::Unauthenticated,
                format!("{channel} {sender}: {why}"),
                None,
                Some(player.id),
            )?;
            self.reply_to_sender(
                Some(&player),
                None,
                template(Key::Unauthenticated, player.lang),
            )?;
            self.outcomes
                .push(Step::Refused(Refusal::Unauthenticated(why.to_string())));
            return Ok(());
        }
        if let Some(hash) = &player.pin_hash
            && !self.pin_ok(&player, hash, text)?
        {
            return Ok(());
        }
        let profile = Profile {
            lang: player.lang,
            table: table_of(player.notation),
        };
        let lines = grammar::parse_message(text, &profile);
        if lines.is_empty() {
            // Nothing could be read: the director sees the message (in the
            // journal entry the incident points to) if the player disputes it.
            self.incident(
                None,
                None,
                IncidentKind::Malformed,
                "no line of the message is a move or a command".into(),
                None,
                Some(player.id),
            )?;
            let body = template(Key::Help, player.lang).to_string();
            self.reply_to_sender(Some(&player), None, &body)?;
            self.outcomes.push(Step::Refused(Refusal::NoProtocolLine));
            return Ok(());
        }
        for line in &lines {
            self.line(&player, line)?;
        }
        Ok(())
    }

    pub(super) fn line(&mut self, player: &Player, line: &ParsedLine) -> store::Result<()> {
        // Profile commands need no game.
        if let Body::Command(cmd) = &line.body {
            match cmd {
                Command::Notation(n) => return self.set_notation(player, *n),
                Command::Lang(l) => return self.set_lang(player, *l),
                Command::Help => {
                    self.reply_to_sender(Some(player), None, template(Key::Help, player.lang))?;
                    self.outcomes.push(Step::Help);
                    return Ok(());
                }
                Command::Leave(days) => return self.leave(player, *days),
                _ => {}
            }
        }
        let Some(game) = self.find_game(player, line)? else {
            return Ok(());
        };
        if game.row.finished && !matches!(line.body, Body::Command(Command::Board | Command::Pgn)) {
            let result = game.row.result.map_or(String::new(), |r| r.to_string());
            let body = fill(
                template(Key::GameFinished, player.lang),
                &[("game", &game.row.id.to_string()), ("result", &result)],
            );
            self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
            self.outcomes.push(Step::AlreadyOver(game.row.id));
            return Ok(());
        }
        match &line.body {
            Body::Moves(items) => self.moves(player, game, line, items),
            Body::Conditional(seqs) => self.conditional(player, game, line, seqs),
            Body::Command(cmd) => self.command(player, game, line, cmd),
        }
    }

    /// The game a line is about: its reference, or the sender's one game
    /// waiting for their move. A game that is not theirs is answered exactly
    /// like a game that does not exist.
    pub(super) fn find_game(
        &mut self,
        player: &Player,
        line: &ParsedLine,
    ) -> store::Result<Option<Loaded>> {
        let id = match line.game {
            Some(id) => {
                let id = GameId(i64::from(id));
                match self.tx.game(id)? {
                    Some(row) if row.white == player.id || row.black == player.id => id,
                    _ => {
                        self.incident(
                            Some(id),
                            None,
                            IncidentKind::NotYourGame,
                            format!("{} referred to game {id}", player.name),
                            Some(&line.text),
                            Some(player.id),
                        )?;
                        let body = fill(
                            template(Key::NotYourGame, player.lang),
                            &[("game", &id.to_string())],
                        );
                        self.reply_to_sender(Some(player), None, &body)?;
                        self.outcomes.push(Step::Refused(Refusal::NotTheirGame(id)));
                        return Ok(None);
                    }
                }
            }
            None => {
                let active = self.tx.games_of(player.id, true)?;
                let (mut waiting, mut awaiting) = (Vec::new(), Vec::new());
                for g in &active {
                    let plies = self.tx.moves(g.id)?.len();
                    let start_white = crate::game::rules::start_position(g.start_fen.as_deref())
                        .map(|p| p.turn() == Color::White)
                        .unwrap_or(true);
                    let white_to_move = (plies % 2 == 0) == start_white;
                    if (g.white == player.id && white_to_move)
                        || (g.black == player.id && !white_to_move)
                    {
                        waiting.push(g.id);
                    } else {
                        awaiting.push(g.id);
                    }
                }
                let pick = match (
                    &line.body,
                    waiting.as_slice(),
                    awaiting.as_slice(),
                    active.as_slice(),
                ) {
                    // A move or a command goes to the one game waiting for the sender's move;
                    (Body::Moves(_) | Body::Command(_), [one], _, _) => Some(*one),
                    // conditional moves, sent while the opponent is to move, to the one
                    // game waiting for the opponent's move;
                    (Body::Conditional(_), _, [one], _) => Some(*one),
                    // commands that are not moves may name the only game there is.
                    (Body::Command(_), _, _, [only]) => Some(only.id),
                    _ => None,
                };
                match pick {
                    Some(id) => id,
                    None => {
                        let games: Vec<String> = active.iter().map(|g| g.id.to_string()).collect();
                        let games = if games.is_empty() {
                            "-".to_string()
                        } else {
                            games.join(", ")
                        };
                        let body =
                            fill(template(Key::WhichGame, player.lang), &[("games", &games)]);
                        self.reply_to_sender(Some(player), None, &body)?;
                        self.outcomes.push(Step::NoGameReference);
                        return Ok(None);
                    }
                }
            }
        };
        self.load(id)
    }
}
