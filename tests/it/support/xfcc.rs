//! A ccgate serving Xfcc (`ccgate serve` with `[web]` on a free port): game
//! 1 between two seats, Xfcc passwords set as an operator sets them, started
//! once its web listener answers. The `xfcc` tests' world and the
//! `xfcc_bridge` tests' second gateway are built on it.

use std::time::Duration;

use crate::support::gateway::{Gateway, Seat, ccgate_on, free_port, game_between, wait_until};

pub struct XfccServer {
    pub gw: Gateway,
    pub port: u16,
    /// The game between the two seats.
    pub game: i64,
}

impl XfccServer {
    /// Not started yet: `[web]` and then `config` (more TOML), and a game
    /// between `white` and `black`.
    pub fn new(config: &str, white: Seat, black: Seat) -> XfccServer {
        let port = free_port();
        let gw = Gateway::new(&format!("[web]\nlisten = \"127.0.0.1:{port}\"\n{config}"));
        let game = game_between(&gw.db(), white, black);
        XfccServer { gw, port, game }
    }

    /// Sets a player's Xfcc password with `ccgate player edit
    /// --xfcc-password-file`; what the command printed.
    pub fn set_password(&self, name: &str, password: &str) -> String {
        let file = self.gw.path(&format!("{name}.password"));
        std::fs::write(&file, format!("{password}\n")).expect("password file");
        let edited = ccgate_on(self.gw.db())
            .args(["player", "edit", name, "--xfcc-password-file"])
            .arg(&file)
            .output()
            .expect("run");
        assert!(edited.status.success(), "{edited:?}");
        String::from_utf8_lossy(&edited.stdout).into_owned()
    }

    /// Starts the daemon and waits for its web listener.
    pub fn start(&mut self) {
        self.gw.start();
        let port = self.port;
        wait_until("the web listener", Duration::from_secs(30), || {
            std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
        });
    }

    /// The Xfcc endpoint.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/xfcc", self.port)
    }
}
