//! Set-up shared by the integration tests.

pub mod backend;
pub mod board_pixels;
pub mod certs;
pub mod chess;
pub mod cli;
pub mod director;
pub mod gateway;
pub mod mail_lab;
pub mod modem_lab;
pub mod peer;
pub mod postgres;
pub mod radio_game;
pub mod radio_lab;
pub mod rng;
pub mod web;
pub mod world;
pub mod xfcc;
