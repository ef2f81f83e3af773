//! Issue 16's golden corpus: the replies a player receives in a scripted set
//! of situations, in every catalogue language and on every channel, kept
//! under `tests/data/replies/<lang>.<channel>.txt` so that every change of
//! wording shows in review. The situations are played through the service.
//!
//! After a deliberate change of wording, regenerate the corpus with
//! `CCGATE_BLESS=1 cargo test --test it -- service::replies` and review the
//! diff; without the variable the test compares.

use std::fmt::Write as _;
use std::path::PathBuf;

use ccgate::protocol::l10n::{CATALOGUES, english_fragments};
use shakmaty::Role;

use super::*;

/// The reader's opponent: English, by email, always.
const OPPONENT: &str = "Olga Petrova";

fn reader(w: &mut World, lang: Lang, channel: Channel) -> Who {
    let addr = match channel {
        Channel::Email => "reader@example.org",
        Channel::Sms => "+491711230000",
        Channel::Radio => "DL2RDR",
        Channel::Xfcc | Channel::Web => {
            unreachable!("the replies go to the channels that carry them")
        }
    };
    w.player("Ramona Richter", channel, addr, Notation::San, lang)
}

fn opponent(w: &mut World) -> Who {
    w.player(
        OPPONENT,
        Channel::Email,
        "olga@example.org",
        Notation::San,
        Lang::En,
    )
}

/// The replies to `who` queued since `before` replies were in the outbox.
fn new_to(w: &World, who: &Who, before: usize) -> Vec<String> {
    bodies_to(
        &w.outbox().into_iter().skip(before).collect::<Vec<_>>(),
        who,
    )
}

/// Plays the script for a reader of `lang` on `channel`: each situation's
/// title and the replies the reader got.
fn script(lang: Lang, channel: Channel) -> Vec<(&'static str, Vec<String>)> {
    let mut w = World::new();
    let r = reader(&mut w, lang, channel);
    let o = opponent(&mut w);
    let mut out = Vec::new();
    let mut scene = |w: &mut World, title: &'static str, act: &dyn Fn(&mut World)| {
        let before = w.outbox().len();
        act(w);
        out.push((title, new_to(w, &r, before)));
    };

    // A move, confirmed; the opponent's answer.
    let g = w.game(&r, &o, None, "10/50");
    scene(&mut w, "move, confirmed", &|w| {
        w.play(&r, g, "e2e4");
    });
    scene(&mut w, "the opponent's move", &|w| {
        w.play(&o, g, "e7e5");
    });
    // A queen that cannot get there: refused, with the moves it may have meant.
    let queen = lang.letter(Role::Queen);
    scene(&mut w, "refusal with suggestions", &|w| {
        w.send(&r, &format!("{g} 2. {queen}h6"));
    });
    scene(&mut w, "draw offered to the reader", &|w| {
        w.play(&r, g, "g1f3");
        w.send(&o, &format!("{g} 2... Nc6 (=)"));
    });
    scene(&mut w, "draw accepted by the reader", &|w| {
        w.send(&r, &format!("{g} accept"));
    });

    // A conditional move, answered at once.
    let g = w.game(&o, &r, None, "10/50");
    w.play(&o, g, "e2e4");
    w.play(&r, g, "e7e5");
    let knight = lang.letter(Role::Knight);
    scene(&mut w, "conditional moves stored", &|w| {
        w.send(&r, &format!("{g} if 2. {knight}f3 2... {knight}c6"));
    });
    scene(&mut w, "conditional move answered", &|w| {
        w.send(&o, &format!("{g} 2. Nf3"));
    });

    // Mate: the fool's mate, the reader mated.
    let g = w.game(&r, &o, None, "10/50");
    w.play_all(&r, &o, g, &["f2f3", "e7e5", "g2g4"]);
    scene(&mut w, "mate", &|w| {
        w.play(&o, g, "d8h4");
    });

    // A threefold repetition, claimed by the reader.
    let g = w.game(&r, &o, None, "10/50");
    let shuffle = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    w.play_all(&r, &o, g, &shuffle);
    scene(&mut w, "draw claimed", &|w| {
        w.send(&r, &format!("{g} claim"));
    });

    // A reminder, then the game forfeited on time.
    let g = w.game(&r, &o, None, "2d");
    scene(&mut w, "reminder", &|w| {
        w.advance(DAY);
        w.sweep();
    });
    scene(&mut w, "forfeit", &|w| {
        w.advance(DAY * 2);
        w.sweep();
    });
    let _ = g;

    scene(&mut w, "leave", &|w| {
        w.send(&r, "leave 10");
    });
    scene(&mut w, "help", &|w| {
        w.send(&r, "help");
    });
    out
}

fn render(lang: Lang, channel: Channel, scenes: &[(&str, Vec<String>)]) -> String {
    let mut text = format!("# Replies to a player of {lang} by {channel:?}\n");
    for (title, replies) in scenes {
        let _ = write!(text, "\n## {title}\n");
        if replies.is_empty() {
            text.push_str("(none)\n");
        }
        for reply in replies {
            let _ = write!(text, "\n{reply}\n");
        }
    }
    text
}

fn corpus(lang: Lang, channel: Channel) -> PathBuf {
    let channel = format!("{channel:?}").to_lowercase();
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/replies")
        .join(format!("{}.{channel}.txt", lang.code()))
}

#[test]
fn the_golden_corpus_holds_every_reply_in_every_language_and_channel() {
    let bless = std::env::var_os("CCGATE_BLESS").is_some();
    let mut differ = Vec::new();
    for &lang in CATALOGUES {
        for channel in Channel::ALL {
            let text = render(lang, channel, &script(lang, channel));
            let path = corpus(lang, channel);
            if bless {
                std::fs::create_dir_all(path.parent().expect("a folder")).expect("mkdir");
                std::fs::write(&path, &text).expect("write the corpus");
                continue;
            }
            let kept = std::fs::read_to_string(&path).unwrap_or_default();
            if kept != text {
                differ.push(format!("{}:\n{text}", path.display()));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "replies differ from the corpus (after a deliberate change: CCGATE_BLESS=1):\n{}",
        differ.join("\n")
    );
}

/// Issue 16: a whole game played in each catalogue language shows no
/// English fragment in any reply the player gets, on any channel.
#[test]
fn a_player_of_each_language_gets_no_english_fragment() {
    let mut found = Vec::new();
    for &lang in CATALOGUES.iter().filter(|&&l| l != Lang::En) {
        for channel in Channel::ALL {
            for (title, replies) in script(lang, channel) {
                assert!(!replies.is_empty(), "{lang} {channel:?} {title}: no reply");
                for reply in replies {
                    let text = reply.replace(OPPONENT, "");
                    for fragment in english_fragments(&text) {
                        found.push(format!(
                            "{lang} {channel:?} {title}: {fragment:?} in {reply}"
                        ));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
