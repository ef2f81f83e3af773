//! Email: Maildir, IMAP and MTA-pipe input; SMTP, sendmail or file output.

pub mod compose;
pub mod config;
pub mod dkim;
pub mod eml_files;
pub mod imap;
pub mod inbox;
pub mod maildir;
pub mod outbox;
pub mod parse;
pub mod receive;
pub mod send;
