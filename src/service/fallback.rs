//! A reply given up: its text goes once to each of the recipient's other
//! addresses, and the director hears of it.

use super::ctx::Ctx;
use super::decision::{Decision, Incident, Write};
use super::error::Result;
use super::flush::body_for;
use super::steps::Step;
use crate::notation::{Lang, Notation};
use crate::protocol::address::Channel;
use crate::store::{IncidentKind, NewReply, Outgoing, Player};

/// A reply given up: the recipient's other addresses each get its text once
/// (not those in `sent`, which already had it), an email the sheet the first
/// would have carried, and the director an incident saying what was tried.
fn fallback(
    entry: &Outgoing,
    player: Option<&Player>,
    sent: &[(Channel, String)],
    why: &str,
) -> Decision {
    let mut d = Decision::default().write(Write::GiveUp {
        reply: entry.id,
        why: why.to_string(),
    });
    let mut tried = Vec::new();
    for (channel, to) in player.iter().flat_map(|p| &p.addresses) {
        let here = (*channel, to.clone());
        if (here.0, here.1.as_str()) == (entry.channel, entry.to.as_str()) || sent.contains(&here) {
            continue;
        }
        tried.push(format!("{channel} {to}"));
        d = d.write(Write::SendAgain {
            reply: Box::new(NewReply {
                journal_id: None,
                game_id: entry.game_id,
                player_id: player.map(|p| p.id),
                ply: entry.ply,
                channel: *channel,
                to: to.clone(),
                body: body_for(*channel, &entry.body),
                sheet: entry.sheet.clone().filter(|_| *channel == Channel::Email),
                copy_of: Some(entry.copy_of.unwrap_or(entry.id)),
                subject: entry.subject.clone().filter(|_| *channel == Channel::Email),
            }),
            viewer: player.map_or((Notation::San, Lang::En), |p| (p.notation, p.lang)),
        });
    }
    let next = if tried.is_empty() {
        "no other address to try".to_string()
    } else {
        format!("sent again to {}", tried.join(", "))
    };
    d.incident = Some(Incident {
        game: entry.game_id,
        player: entry.player_id,
        ..Incident::about(
            IncidentKind::Undeliverable,
            format!(
                "reply {} to {} {}: {why}; {next}",
                entry.id, entry.channel, entry.to
            ),
        )
    });
    d.step(Step::Undeliverable {
        reply: entry.id,
        next,
    })
}

/// Gives a reply up and tries the recipient's other addresses (see
/// [`fallback`]), loading what the rule reads: the recipient and the
/// addresses this reply's text was already queued to (the first reply and
/// its copies).
pub(super) fn undeliverable(ctx: &mut Ctx<'_, '_>, entry: &Outgoing, why: &str) -> Result<()> {
    let player = match entry.player_id {
        Some(id) => ctx.tx.player(id)?,
        None => None,
    };
    let sent = ctx.tx.copied_to(entry.copy_of.unwrap_or(entry.id))?;
    let d = fallback(entry, player.as_ref(), &sent, why);
    ctx.apply(d, None).map(drop)
}

#[cfg(test)]
mod tests {
    use super::super::decision::fixture::player;
    use super::*;
    use crate::protocol::sms::fit;
    use crate::store::{GameId, PlayerId, ReplyId};

    fn given_up(to: &str) -> Outgoing {
        Outgoing {
            id: ReplyId(7),
            channel: Channel::Email,
            to: to.to_string(),
            body: "x".repeat(200),
            game_id: Some(GameId(1)),
            sheet: None,
            sent_at: None,
            player_id: Some(PlayerId(1)),
            ply: Some(3),
            journal_id: None,
            failed_at: None,
            copy_of: None,
            subject: None,
        }
    }

    #[test]
    fn a_reply_given_up_goes_once_to_each_other_address_fitted_to_it() {
        let mut p = player(1, "white");
        p.addresses.push((Channel::Sms, "+4915112345678".into()));
        let entry = given_up("white@example.org");
        let d = fallback(&entry, Some(&p), &[], "mailbox full");
        assert!(matches!(&d.writes[..], [
            Write::GiveUp { reply: ReplyId(7), .. },
            Write::SendAgain { reply, .. },
        ] if reply.channel == Channel::Sms && reply.body == fit(&entry.body) && reply.ply == Some(3)));
        assert_eq!(
            d.step,
            Some(Step::Undeliverable {
                reply: ReplyId(7),
                next: "sent again to sms +4915112345678".into()
            })
        );
        let sent = [(Channel::Sms, "+4915112345678".to_string())];
        let d = fallback(&entry, Some(&p), &sent, "mailbox full");
        assert_eq!(d.writes.len(), 1);
        assert!(
            d.incident
                .is_some_and(|i| i.detail.ends_with("no other address to try"))
        );
    }
}
