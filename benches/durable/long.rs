//! `--count-long`: one real game played ply by ply in a store of its own.

use super::*;

/// The store of `--count-long`: two players, one game, and the messages
/// that play the first `plies` plies of a real game in it, one by one,
/// each naming the game unless `unnamed`.
pub(crate) fn long_game(path: &Path, plies: usize, unnamed: bool) -> Vec<Message> {
    let mut game = None;
    real_games(plies, |g| {
        let long = g.len() == plies;
        if long {
            game = Some(g);
        }
        !long
    });
    let game = game.unwrap_or_else(|| panic!("no real game of {plies} plies"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let mut store = Store::create(path).expect("open store");
    let tx = store.write().expect("write");
    let players: Vec<_> = (0..2)
        .map(|i| tx.add_player(&player(i), now()).expect("add player"))
        .collect();
    let tc = "10/50".parse().expect("time control");
    let id = tx
        .create_game(players[0], players[1], None, &tc, now())
        .expect("create game");
    tx.commit().expect("commit");
    let mut pos = Chess::default();
    game.iter()
        .enumerate()
        .map(|(s, mv)| {
            let m = message(s, (!unnamed).then_some(id), &pos, *mv, s % 2);
            pos.play_unchecked(*mv);
            m
        })
        .collect()
}
