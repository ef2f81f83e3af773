//! The root crate's integration tests, one binary: the service, the store, the
//! command line, the daemon and every channel against real peers. The set-up
//! they share is in `support/`; the Python peers and the direwolf scripts are
//! in `tests/support/`, the data in `tests/data/`.

mod support;

mod backup;
mod board;
mod browser;
mod cli;
mod config_reference;
mod crash;
mod desk;
mod director_web;
mod direwolf;
mod docs;
mod generate;
mod kiss_crosscheck;
mod layers;
mod listener;
mod mail;
mod mail_input;
mod mail_lab;
mod mail_pgn;
mod mail_threads;
mod metrics;
mod migrate;
mod modem_sim;
mod pdu_crosscheck;
mod pg_tls;
mod port;
mod radio;
mod serve;
mod service;
mod service_cli;
mod sites;
mod sms;
mod spool;
mod store;
mod systemd;
mod web;
mod web_play;
mod xfcc;
mod xfcc_bridge;
