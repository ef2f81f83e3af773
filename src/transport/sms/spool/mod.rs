//! SMS through another program's spool directories: gammu-smsd's FILES
//! backend and smstools3 (`smsd`), so that an existing SMS setup keeps its
//! modem and feeds the gateway through files.
//!
//! [`pending`] lists the files waiting in an incoming directory, [`read`]
//! parses one, [`accept`] removes it (or moves it aside) once the service has
//! committed it, and [`write_outgoing`] leaves one reply for the other
//! program to send. Reading takes hostile input: any bytes give a
//! [`SpoolMessage`] or a [`SpoolError`] saying what is wrong, never a panic.
//!
//! # gammu-smsd, FILES backend
//!
//! References: `gammu-smsd-files(7)`, `gammu-smsdrc(5)` (`InboxFormat`,
//! `OutboxFormat`, `TransmitFormat`, `MultipartTimeout`), `gammu-smsbackup(5)`,
//! and gammu's `smsd/services/files.c`; the details below were checked
//! against the real gammu-smsd 1.42 (Debian 12) in `tests/spool.rs`.
//!
//! *Incoming* (`InboxPath`): `IN<YYYYMMDD>_<HHMMSS>_<serial>_<sender>_<part>.<ext>`,
//! e.g. `IN20240501_120301_00_+491701234567_00.txt`. The date and time are
//! the message's service-centre time stamp; `<serial>` (`00`–`99`) tells
//! apart messages of the same second and sender; the sender is as gammu
//! decoded it, with `+` for an international number; `<ext>` is `txt` for
//! text and `bin` for 8-bit data. The file holds only the text (the sender
//! and time are in the name), in the format of `InboxFormat`:
//!
//! - `unicode` (the default): the byte-order mark `FE FF`, then the text in
//!   UTF-16 big-endian. gammu computes the length from the text converted to
//!   the locale's charset, so under a UTF-8 locale a non-ASCII text is
//!   followed by `00 00` and stray bytes: the text ends at the first U+0000.
//! - `standard`: the text in the charset of gammu-smsd's locale, read here
//!   as UTF-8 (under the C locale gammu writes `?` for anything non-ASCII:
//!   use `unicode`).
//! - `detail`: a `gammu-smsbackup(5)` file (INI: `[SMSBackup000]` sections,
//!   one per part, the text in `Text00`, `Text01`… as hex UTF-16BE, `Coding`,
//!   `PDU`), still named `….txt`.
//!
//! Multipart messages: gammu-smsd waits up to `MultipartTimeout` (600 s) for
//! all parts of a concatenated message and hands them to the backend
//! together. In `detail` format they land in one file, which is read here as
//! the joined text; in `unicode` and `standard` format each part is its own
//! file (`…_00.txt`, `…_01.txt`, each named with its own time stamp) and is
//! read as a message of its own. Use `InboxFormat = detail` where messages
//! longer than one SMS matter. gammu writes inbox files in place (no
//! rename), which is why [`pending`] leaves files younger than [`SETTLE`].
//!
//! *Outgoing* (`OutboxPath`): gammu-smsd sends files named `OUT*.txt` or
//! `OUT*.smsbackup`, in the order of their names. A `.txt` file holds only
//! the text (the recipient is in the name), and its coding is
//! `TransmitFormat`'s, whose default in gammu 1.42 is in fact `7bit` (the
//! log says "transmission format 7bit", the manual says `auto`): Cyrillic
//! goes out in GSM 7-bit, mangled. A `.smsbackup` file carries its own
//! coding, whatever `OutboxFormat` and `TransmitFormat` say, so
//! [`write_outgoing`] writes
//! `OUTC<id, 20 digits>_000000_00_<to>_ccgate.smsbackup` (priority `C` as
//! `gammu-smsd-inject`; the id in the date field keeps the gateway's order):
//!
//! ```text
//! ; ccgate reply 42
//!
//! [SMSBackup000]
//! PDU = Submit
//! Number = "+491701234567"
//! Text00 = 006500340020006500350020004E00660033
//! Coding = Default_No_Compression
//! Length = 9
//! Class = -1
//! ```
//!
//! `Coding` is `Default_No_Compression` (GSM 7-bit) for a text in the GSM
//! alphabet, else `Unicode_No_Compression` (UCS-2). A text longer than one
//! SMS is split here, one section per part (153 septets or 67 UTF-16 units),
//! each with `UDH = 050003<ref><total><seq>` (reference: the low byte of the
//! id). After sending, gammu-smsd moves the file to `SentSMSPath` or
//! `ErrorSMSPath` under the same name.
//!
//! # smstools3
//!
//! References: smstools3's `doc/fileformat.html` ("SMS file format": text
//! messages, received messages), `doc/configure.html` (`incoming_utf8`,
//! `decode_unicode_text`, `outgoing_utf8`, `date_filename`), `doc/history3.html`
//! (outgoing files ending in `.LOCK` are lock files and removed when smsd
//! starts; names starting with `LOCKED` are skipped since 3.1.7, hidden files
//! since 3.1.17), and smstools 3.1.21 `src/smsd.c` (`received2file`) and
//! `src/charset.c`, checked against the real smsd 3.1.21 (Debian 12).
//!
//! *Incoming* (`incoming = /var/spool/sms/incoming`): files named
//! `<modem>.XXXXXX` (six random characters; `date_filename` may add a date),
//! written in place. Header lines `Name: value` up to the first empty line,
//! then the text exactly as received (no final newline):
//!
//! ```text
//! From: 491721234567
//! From_TOA: 91 international, ISDN/telephone
//! From_SMSC: 491722270333
//! Sent: 24-05-01 12:03:01
//! Received: 24-05-01 12:03:05
//! Subject: GSM1
//! Modem: GSM1
//! Report: no
//! Alphabet: ISO
//! Length: 9
//!
//! e4 e5 Nf3
//! ```
//!
//! `From` has no `+`; `From_TOA`'s first word is the type-of-address octet in
//! hex, and when its type of number is international (`0x91`) the sender is
//! returned with `+`. `Alphabet` (only its first three letters count, as in
//! smsd) says how the text is stored: `ISO` is ISO-8859-15, with smsd's own
//! bytes 0x81–0x8A for the GSM Greek capitals ΔΦΓΛΩΠΨΣΘΞ; `GSM` is one GSM
//! 7-bit code per byte (with `cs_convert = no`); `UCS2` is UTF-16BE; `UTF-8`
//! (with `incoming_utf8 = yes`) is UTF-8; `binary` is refused. No `Alphabet`
//! means ISO. An `Error:` header (smsd could not decode the PDU) and status
//! reports (the text starts with `SMS STATUS REPORT`) are refused. smsd joins
//! multipart messages itself (`internal_combine = yes`, the default).
//!
//! *Outgoing* (`outgoing = /var/spool/sms/outgoing`): any file name; smsd
//! takes a file once its size has stayed the same for a moment and no
//! `<name>.LOCK` exists. [`write_outgoing`] writes `ccgate-<id>`:
//!
//! ```text
//! To: 491721234567
//! Alphabet: UTF-8
//!
//! e4 e5 Nf3
//! ```
//!
//! `To` is the number without `+` (international, smsd's default); a number
//! without `+` gets `To_TOA: Unknown` (as dialled). A text in the GSM 7-bit
//! alphabet goes as UTF-8 with `Alphabet: UTF-8` (smsd ≥ 3.1.16 converts it
//! to GSM; bare ISO-8859-15 bytes would be cut at the first non-ASCII byte
//! under the default `outgoing_utf8 = yes`); any other text as
//! `Alphabet: UCS2` and UTF-16BE.
//!
//! # Both
//!
//! Outgoing files are written under a temporary name that both programs
//! skip, `LOCKED-ccgate-<id>` (gammu-smsd takes only `OUT*`; smsd skips
//! `LOCKED*` and, unlike `*.LOCK`, does not delete it when it starts), synced,
//! then renamed: the other program never sees half a file, and writing the
//! same id again (after a crash) replaces the file instead of adding a
//! second one, as long as it has not been taken yet.
//!
//! ```
//! use ccgate::transport::sms::spool::{self, SpoolKind};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let (d, to) = (dir.path(), "+491701234567");
//! let path = spool::write_outgoing(SpoolKind::Smstools, d, 7, to, "e4 e5").unwrap();
//! assert_eq!(path.file_name().unwrap(), "ccgate-7");
//! assert_eq!(
//!     std::fs::read_to_string(&path).unwrap(),
//!     "To: 491701234567\nAlphabet: UTF-8\n\ne4 e5"
//! );
//!
//! let path = spool::write_outgoing(SpoolKind::Gammu, d, 42, to, "e4 e5 Nf3").unwrap();
//! assert_eq!(
//!     path.file_name().unwrap(),
//!     "OUTC00000000000000000042_000000_00_+491701234567_ccgate.smsbackup"
//! );
//! let content = std::fs::read_to_string(&path).unwrap();
//! assert!(content.contains("Text00 = 006500340020006500350020004E00660033\n"));
//! ```

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use sha2::{Digest, Sha256};

mod gammu;
mod smstools;

use gammu::{gammu_backup, gammu_name, gammu_text};
use smstools::{smstools_message, smstools_outgoing};

/// Which program's spool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SpoolKind {
    /// gammu-smsd with `service = files`.
    Gammu,
    /// smstools3's `smsd`.
    Smstools,
}

impl SpoolKind {
    /// The name used in configuration and transport ids.
    pub fn name(self) -> &'static str {
        match self {
            SpoolKind::Gammu => "gammu",
            SpoolKind::Smstools => "smstools",
        }
    }
}

/// One incoming message read from a spool file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpoolMessage {
    /// The sender as the file gives it; E.164 with `+` when the file says
    /// the number is international.
    pub from: String,
    /// The text.
    pub text: String,
    /// When: gammu — the service-centre time stamp from the file name, as
    /// `YYYY-MM-DDTHH:MM:SS` (local to the network, no offset); smstools —
    /// the `Received:` header, turned into the same form when it has smsd's
    /// default `YY-MM-DD HH:MM:SS` shape, verbatim otherwise.
    pub received: Option<String>,
    /// `spool:<kind>:<file name>:<first 16 hex digits of the SHA-256 of the
    /// content>`: the same file read again (after a crash) gives the same id,
    /// and a later file that reuses the name does not.
    pub transport_id: String,
}

/// Why a spool file was not read as a message.
#[derive(Debug, thiserror::Error)]
pub enum SpoolError {
    #[error("reading the spool file: {0}")]
    Io(#[from] io::Error),
    #[error("spool file of {size} bytes, more than the {MAX_FILE} accepted")]
    TooLarge { size: u64 },
    #[error("not a gammu-smsd inbox file name ({reason}): {name:?}")]
    BadName { name: String, reason: &'static str },
    #[error("an 8-bit (binary) message, not text")]
    Binary,
    #[error("a status report, not a message")]
    StatusReport,
    #[error("smsd could not decode the message: {0}")]
    Undecodable(String),
    #[error("header line {line}: {reason}")]
    BadHeader { line: usize, reason: String },
    #[error("no empty line ends the header (file incomplete?)")]
    NoBody,
    #[error("no sender (From: missing or empty)")]
    NoSender,
    #[error("unsupported alphabet {0:?}")]
    Alphabet(String),
    #[error("text is not valid {encoding}: {detail}")]
    BadText {
        encoding: &'static str,
        detail: String,
    },
    #[error("gammu backup (InboxFormat = detail): {0}")]
    BadBackup(String),
}

/// How long a file must have stayed unmodified before [`pending`] lists it:
/// both programs write incoming files in place, not by rename.
pub const SETTLE: Duration = Duration::from_secs(1);

/// The largest spool file read (255 parts in gammu's `detail` format stay
/// far below).
pub const MAX_FILE: u64 = 1 << 20;

// ---------------------------------------------------------------- pending

/// Files waiting in an incoming directory, oldest (modification time) first,
/// then by name. Skipped: hidden files, names ending in `.LOCK` or starting
/// with `LOCKED`, files with a `<name>.LOCK` beside them, anything but
/// regular files, files modified less than [`SETTLE`] ago, and for gammu
/// anything but `IN*.txt`, `IN*.bin` and `IN*.smsbackup`.
pub fn pending(kind: SpoolKind, dir: &Path) -> io::Result<Vec<PathBuf>> {
    let names = fs::read_dir(dir)?
        .map(|e| e.map(|e| e.file_name()))
        .collect::<io::Result<Vec<OsString>>>()?;
    let present: HashSet<&[u8]> = names.iter().map(|n| n.as_bytes()).collect();
    let now = SystemTime::now();
    let mut found = Vec::new();
    for name in &names {
        let bytes = name.as_bytes();
        if !wanted(kind, bytes) {
            continue;
        }
        let mut lock = bytes.to_vec();
        lock.extend_from_slice(b".LOCK");
        if present.contains(lock.as_slice()) {
            continue;
        }
        let path = dir.join(name);
        // The link itself, not what it points to: a link is never read.
        let meta = match fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        };
        if !meta.is_file() {
            continue;
        }
        let modified = meta.modified()?;
        // A time in the future (clock set back) counts as settled.
        if now.duration_since(modified).is_ok_and(|age| age < SETTLE) {
            continue;
        }
        found.push((modified, path));
    }
    found.sort();
    Ok(found.into_iter().map(|(_, path)| path).collect())
}

fn wanted(kind: SpoolKind, name: &[u8]) -> bool {
    if name.starts_with(b".") || name.ends_with(b".LOCK") || name.starts_with(b"LOCKED") {
        return false;
    }
    match kind {
        SpoolKind::Gammu => {
            name.starts_with(b"IN")
                && [&b".txt"[..], b".bin", b".smsbackup"]
                    .iter()
                    .any(|ext| name.ends_with(ext))
        }
        SpoolKind::Smstools => true,
    }
}

// ------------------------------------------------------------------- read

/// Parses one incoming file.
pub fn read(kind: SpoolKind, path: &Path) -> Result<SpoolMessage, SpoolError> {
    let name = path.file_name().unwrap_or_default();
    let bytes = crate::transport::files::read_regular(path, MAX_FILE + 1)?;
    let size = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if size > MAX_FILE {
        return Err(SpoolError::TooLarge { size });
    }
    let (from, text, received) = match kind {
        SpoolKind::Gammu => {
            let Some(name) = name.to_str() else {
                return Err(SpoolError::BadName {
                    name: name.to_string_lossy().into_owned(),
                    reason: "not UTF-8",
                });
            };
            let parsed = gammu_name(name)?;
            if parsed.ext == "bin" {
                return Err(SpoolError::Binary);
            }
            (parsed.sender, gammu_text(&bytes)?, Some(parsed.received))
        }
        SpoolKind::Smstools => smstools_message(&bytes)?,
    };
    Ok(SpoolMessage {
        from,
        text,
        received,
        transport_id: transport_id(kind, &name.to_string_lossy(), &bytes),
    })
}

fn transport_id(kind: SpoolKind, name: &str, bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("spool:{}:{name}:{hex}", kind.name())
}

fn utf16be(bytes: &[u8], encoding: &'static str) -> Result<String, SpoolError> {
    if !bytes.len().is_multiple_of(2) {
        return Err(SpoolError::BadText {
            encoding,
            detail: format!("odd number of bytes ({})", bytes.len()),
        });
    }
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .collect();
    Ok(String::from_utf16_lossy(&units))
}

// ----------------------------------------------------------------- accept

/// After the service has committed the message: removes the file, or moves
/// it into `done` under the same name (replacing a file of that name). A file
/// already gone counts as accepted.
pub fn accept(path: &Path, done: Option<&Path>) -> io::Result<()> {
    let Some(done) = done else {
        return match fs::remove_file(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            other => other,
        };
    };
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "spool path without a file name",
        )
    })?;
    let target = done.join(name);
    match fs::rename(path, &target) {
        Ok(()) => {}
        // Gone already, unless it is `done` that is missing.
        Err(e) if e.kind() == io::ErrorKind::NotFound && !path.exists() => return Ok(()),
        Err(e) if e.kind() == io::ErrorKind::CrossesDevices => {
            // Another file system: copy under a hidden name, rename, remove.
            let mut tmp_name = OsString::from(".ccgate-accept-");
            tmp_name.push(name);
            let tmp = done.join(tmp_name);
            fs::copy(path, &tmp)?;
            File::open(&tmp)?.sync_all()?;
            fs::rename(&tmp, &target)?;
            fs::remove_file(path)?;
        }
        Err(e) => return Err(e),
    }
    sync_dir(done);
    Ok(())
}

/// Makes a rename durable; best effort (not every file system allows it).
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

// ---------------------------------------------------------------- outgoing

/// Writes one outgoing SMS for the other program to send (formats in the
/// module docs) and returns its path. Atomic (temporary file, sync, rename)
/// and idempotent: the name derives from `id`, so writing again after a crash
/// replaces the file rather than adding a second. `to` is `+` and digits
/// (international) or digits alone; a text with U+0000 is refused (both
/// programs would cut it there).
pub fn write_outgoing(
    kind: SpoolKind,
    dir: &Path,
    id: i64,
    to: &str,
    text: &str,
) -> io::Result<PathBuf> {
    let (international, digits) = recipient(to)?;
    if text.contains('\0') {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "text contains U+0000",
        ));
    }
    let (name, content) = match kind {
        SpoolKind::Gammu => (
            format!("OUTC{id:020}_000000_00_{to}_ccgate.smsbackup"),
            gammu_backup(id, to, text)?,
        ),
        SpoolKind::Smstools => (
            format!("ccgate-{id}"),
            smstools_outgoing(digits, international, text),
        ),
    };
    let tmp = dir.join(format!("LOCKED-ccgate-{id}"));
    let target = dir.join(name);
    let written = (|| {
        let mut file = File::create(&tmp)?;
        file.write_all(&content)?;
        file.sync_all()?;
        fs::rename(&tmp, &target)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(dir);
    Ok(target)
}

/// `(international, digits)` of a recipient: `+` and 1–20 digits, or 1–20
/// digits.
fn recipient(to: &str) -> io::Result<(bool, &str)> {
    let (international, digits) = match to.strip_prefix('+') {
        Some(digits) => (true, digits),
        None => (false, to),
    };
    if digits.is_empty() || digits.len() > 20 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("not a phone number (+ and up to 20 digits): {to:?}"),
        ));
    }
    Ok((international, digits))
}

#[cfg(test)]
mod tests {
    use super::gammu::*;
    use super::smstools::*;
    use super::*;
    use crate::protocol::sms::{Encoding, units};
    use std::fs::FileTimes;

    fn data(rel: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/spool")
            .join(rel)
    }

    fn gammu(rel: &str) -> Result<SpoolMessage, SpoolError> {
        read(SpoolKind::Gammu, &data(&format!("gammu/{rel}")))
    }

    fn smstools(rel: &str) -> Result<SpoolMessage, SpoolError> {
        read(SpoolKind::Smstools, &data(&format!("smstools/{rel}")))
    }

    fn text(m: Result<SpoolMessage, SpoolError>) -> String {
        m.unwrap().text
    }

    // ------------------------------------------------------- gammu inbox

    #[test]
    fn gammu_unicode_gsm_text() {
        let m = gammu("unicode/IN20240501_120301_00_+491701234567_00.txt").unwrap();
        assert_eq!(m.from, "+491701234567");
        assert_eq!(m.text, "e4 e5 Nf3");
        assert_eq!(m.received.as_deref(), Some("2024-05-01T12:03:01"));
        assert!(
            m.transport_id
                .starts_with("spool:gammu:IN20240501_120301_00_+491701234567_00.txt:"),
            "{}",
            m.transport_id
        );
        assert_eq!(m.transport_id.rsplit(':').next().unwrap().len(), 16);
    }

    #[test]
    fn gammu_unicode_cyrillic_ends_at_the_first_nul() {
        // Written by gammu-smsd under a UTF-8 locale: 16 zero bytes follow
        // the text (its length bug).
        let path = data("gammu/unicode/IN20240501_120415_00_+79161234567_00.txt");
        assert!(fs::read(&path).unwrap().ends_with(&[0; 16]));
        let m = read(SpoolKind::Gammu, &path).unwrap();
        assert_eq!(
            (m.from.as_str(), m.text.as_str()),
            ("+79161234567", "Кf3 е5, привет!")
        );
    }

    #[test]
    fn gammu_unicode_national_number_newline_and_euro() {
        let m = gammu("unicode/IN20240501_121002_00_01701234567_00.txt").unwrap();
        assert_eq!(m.from, "01701234567");
        assert_eq!(m.text, "Partie 12:\nSf3 Sc6 €");
    }

    #[test]
    fn gammu_unicode_multipart_is_one_file_per_part() {
        let whole = format!("{}Ende", "Nf3 Nc6 Bb5 a6 ".repeat(12));
        let first = text(gammu("unicode/IN20240501_123000_00_+4917012345678_00.txt"));
        let second = text(gammu("unicode/IN20240501_123004_00_+4917012345678_01.txt"));
        assert_eq!(first.chars().count(), 153);
        assert_eq!(format!("{first}{second}"), whole);
        // The second Cyrillic part has stray bytes from gammu's buffer after
        // its U+0000.
        let whole = format!("{}конец", "Ход конём f3, ".repeat(8));
        let path = data("gammu/unicode/IN20240501_124500_00_+79161234567_01.txt");
        let raw = fs::read(&path).unwrap();
        let stray = raw.windows(2).position(|w| w == [0, 0]).unwrap();
        assert!(
            raw[stray..].iter().any(|&b| b != 0),
            "stray bytes after the NUL"
        );
        let first = text(gammu("unicode/IN20240501_124500_00_+79161234567_00.txt"));
        let second = text(read(SpoolKind::Gammu, &path));
        assert_eq!(format!("{first}{second}"), whole);
    }

    #[test]
    fn gammu_detail_joins_the_parts() {
        let m = gammu("detail/IN20240501_123000_00_+4917012345678_00.txt").unwrap();
        assert_eq!(m.from, "+4917012345678");
        assert_eq!(m.text, format!("{}Ende", "Nf3 Nc6 Bb5 a6 ".repeat(12)));
        assert_eq!(
            text(gammu("detail/IN20240501_124500_00_+79161234567_00.txt")),
            format!("{}конец", "Ход конём f3, ".repeat(8))
        );
        assert_eq!(
            text(gammu("detail/IN20240501_120415_00_+79161234567_00.txt")),
            "Кf3 е5, привет!"
        );
        let m = gammu("detail/IN20240501_121002_00_01701234567_00.txt").unwrap();
        assert_eq!(
            (m.from.as_str(), m.text.as_str()),
            ("01701234567", "Partie 12:\nSf3 Sc6 €")
        );
    }

    #[test]
    fn gammu_standard_is_utf8() {
        assert_eq!(
            text(gammu("standard/IN20240501_120415_00_+79161234567_00.txt")),
            "Кf3 е5, привет!"
        );
        assert_eq!(
            text(gammu("standard/IN20240501_121002_00_01701234567_00.txt")),
            "Partie 12:\nSf3 Sc6 €"
        );
    }

    #[test]
    fn gammu_eight_bit_is_refused() {
        for dir in ["unicode", "detail", "standard"] {
            let r = gammu(&format!("{dir}/IN20240501_130000_00_+491701234567_00.bin"));
            assert!(matches!(r, Err(SpoolError::Binary)), "{dir}: {r:?}");
        }
    }

    #[test]
    fn gammu_bad_files_give_precise_errors() {
        let r = gammu("bad/IN20240501_140000_00_+491701234567_00.txt");
        assert!(
            matches!(&r, Err(SpoolError::BadText { detail, .. }) if detail.contains("odd")),
            "{r:?}"
        );
        let r = gammu("bad/IN20240501_140100_00_+491701234567_00.txt");
        assert!(matches!(r, Err(SpoolError::BadText { .. })), "{r:?}");
        let r = gammu("bad/IN2024-05-01_140200_00_+491701234567_00.txt");
        assert!(
            matches!(
                r,
                Err(SpoolError::BadName {
                    reason: "date not YYYYMMDD",
                    ..
                })
            ),
            "{r:?}"
        );
        let r = gammu("bad/IN20240501_140300_00_+491701234567_00.txt");
        assert!(
            matches!(&r, Err(SpoolError::BadBackup(m)) if m.contains("hex")),
            "{r:?}"
        );
        let r = gammu("bad/IN20240501_140400_00_+491701234567_00.txt");
        assert!(matches!(r, Err(SpoolError::StatusReport)), "{r:?}");
        let r = read(SpoolKind::Gammu, &data("gammu/bad/missing.txt"));
        assert!(matches!(r, Err(SpoolError::Io(_))), "{r:?}");
    }

    #[test]
    fn gammu_names() {
        let n = gammu_name("IN20240501_120301_07_Mr._X_Y_03.txt").unwrap();
        assert_eq!((n.sender.as_str(), n.ext.as_str()), ("Mr._X_Y", "txt"));
        assert_eq!(n.received, "2024-05-01T12:03:01");
        for (name, reason) in [
            ("OUT20240501_120301_00_+49_00.txt", "no IN prefix"),
            ("IN20240501_120301_00_+49_00", "no extension"),
            (
                "IN20240501_120301_00_+49_00.doc",
                "extension not txt, bin or smsbackup",
            ),
            ("IN20240501_120301_00_+49_xx.txt", "part number not digits"),
            ("IN20240501_120301_00.txt", "fewer than five fields"),
            ("IN20240501_1203_00_+49_00.txt", "time not HHMMSS"),
            ("IN20240501_120301_a_+49_00.txt", "serial not digits"),
            ("IN20240501_120301_00__00.txt", "empty sender"),
            ("IN.txt", "no part number"),
        ] {
            match gammu_name(name) {
                Err(SpoolError::BadName { reason: r, .. }) => assert_eq!(r, reason, "{name}"),
                Err(e) => panic!("{name}: {e}"),
                Ok(_) => panic!("{name}: accepted"),
            }
        }
    }

    #[test]
    fn gammu_little_endian_unicode_is_read_too() {
        let mut bytes = vec![0xFF, 0xFE];
        bytes.extend("Кf3".encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(gammu_text(&bytes).unwrap(), "Кf3");
        assert_eq!(gammu_text(b"").unwrap(), "");
        assert_eq!(gammu_text(&[0xFE, 0xFF]).unwrap(), "");
    }

    // ---------------------------------------------------- smstools incoming

    #[test]
    fn smstools_files_written_by_smsd() {
        // Written by smsd 3.1.21 for three SMS-DELIVERs from a simulated modem.
        let m = smstools("smsd/GSM1.oUwkn3").unwrap();
        assert_eq!(
            (m.from.as_str(), m.text.as_str()),
            ("+491701234567", "e4 e5 Nf3")
        );
        assert_eq!(m.received.as_deref(), Some("2026-11-29T19:49:21"));
        let m = smstools("smsd/GSM1.NRkLi6").unwrap();
        assert_eq!(
            (m.from.as_str(), m.text.as_str()),
            ("+79161234567", "Кf3 е5, привет!")
        );
        let m = smstools("smsd/GSM1.cxFJON").unwrap();
        assert_eq!(
            (m.from.as_str(), m.text.as_str()),
            ("01701234567", "Partie 12")
        );
    }

    #[test]
    fn smstools_iso_international() {
        let m = smstools("good/GSM1.aB3dE9").unwrap();
        assert_eq!(m.from, "+491701234567");
        assert_eq!(m.text, "Sf3 Dä4 € Δ");
        assert_eq!(m.received.as_deref(), Some("2024-05-01T12:03:05"));
        assert!(m.transport_id.starts_with("spool:smstools:GSM1.aB3dE9:"));
    }

    #[test]
    fn smstools_ucs2_cyrillic() {
        let m = smstools("good/GSM1.Kx81Qz").unwrap();
        assert_eq!(
            (m.from.as_str(), m.text.as_str()),
            ("+79161234567", "Кf3 е5, привет!")
        );
    }

    #[test]
    fn smstools_national_number_keeps_its_form() {
        let m = smstools("good/GSM1.n4TtW2").unwrap();
        assert_eq!(
            (m.from.as_str(), m.text.as_str()),
            ("01701234567", "Partie 12:\nSf3 Sc6")
        );
    }

    #[test]
    fn smstools_utf8_and_gsm_alphabets() {
        assert_eq!(text(smstools("good/GSM1.u8Rr5k")), "König e4, Läufer c4");
        assert_eq!(text(smstools("good/GSM1.g7Wq2p")), "e4 e5 € ä");
    }

    #[test]
    fn smstools_bad_files_give_precise_errors() {
        let r = smstools("bad/GSM1.trunc1");
        assert!(matches!(r, Err(SpoolError::NoBody)), "{r:?}");
        let r = smstools("bad/GSM1.status");
        assert!(matches!(r, Err(SpoolError::StatusReport)), "{r:?}");
        let r = smstools("bad/GSM1.err001");
        assert!(
            matches!(&r, Err(SpoolError::Undecodable(m)) if m.starts_with("Cannot decode PDU")),
            "{r:?}"
        );
        let r = smstools("bad/GSM1.bin001");
        assert!(matches!(r, Err(SpoolError::Binary)), "{r:?}");
        let r = smstools("bad/GSM1.ucsodd");
        assert!(matches!(r, Err(SpoolError::BadText { .. })), "{r:?}");
        let r = smstools("bad/GSM1.nofrom");
        assert!(matches!(r, Err(SpoolError::NoSender)), "{r:?}");
        let r = smstools("bad/GSM1.garbag");
        assert!(
            matches!(r, Err(SpoolError::BadHeader { line: 1, .. })),
            "{r:?}"
        );
        let r = smstools("bad/GSM1.resrvd");
        assert!(
            matches!(&r, Err(SpoolError::Alphabet(a)) if a == "reserved"),
            "{r:?}"
        );
        let r = smstools("bad/GSM1.notutf");
        assert!(
            matches!(
                r,
                Err(SpoolError::BadText {
                    encoding: "UTF-8",
                    ..
                })
            ),
            "{r:?}"
        );
    }

    #[test]
    fn smstools_headers_details() {
        // CRLF lines, no Alphabet (ISO), no From_TOA (number kept as is),
        // a Received in another format kept verbatim.
        let m =
            smstools_message(b"From: 491701234567\r\nReceived: 2024-05-01 12:00\r\n\r\nK\xf6nig")
                .unwrap();
        assert_eq!(
            m,
            (
                "491701234567".into(),
                "König".into(),
                Some("2024-05-01 12:00".into())
            )
        );
        // National type of number: no +; a + already there is kept.
        let (from, ..) =
            smstools_message(b"From: 01701234567\nFrom_TOA: A1 national, ISDN/telephone\n\n")
                .unwrap();
        assert_eq!(from, "01701234567");
        let (from, ..) = smstools_message(b"From: +4917\nFrom_TOA: 91 international\n\n").unwrap();
        assert_eq!(from, "+4917");
        // GSM alphabet with a byte above 0x7F.
        let r = smstools_message(b"From: 1\nAlphabet: GSM\n\ne\x80");
        assert!(
            matches!(
                r,
                Err(SpoolError::BadText {
                    encoding: "GSM 7-bit",
                    ..
                })
            ),
            "{r:?}"
        );
        // A header name with a space.
        let r = smstools_message(b"From: 1\nBad name: x\n\n");
        assert!(
            matches!(r, Err(SpoolError::BadHeader { line: 2, .. })),
            "{r:?}"
        );
        let r = smstools_message(b"");
        assert!(matches!(r, Err(SpoolError::NoBody)), "{r:?}");
        assert_eq!(smstools_time("24-05-01 12:03:05"), "2024-05-01T12:03:05");
        assert_eq!(smstools_time("24-05-01 12:03"), "24-05-01 12:03");
    }

    #[test]
    fn too_large_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("GSM1.big");
        let mut content = b"From: 1\n\n".to_vec();
        content.resize(usize::try_from(MAX_FILE).unwrap() + 1, b'x');
        fs::write(&path, content).unwrap();
        let r = read(SpoolKind::Smstools, &path);
        assert!(
            matches!(r, Err(SpoolError::TooLarge { size }) if size == MAX_FILE + 1),
            "{r:?}"
        );
    }

    use proptest::collection::vec;
    use proptest::prelude::any;

    proptest::proptest! {
        #[test]
        fn hostile_bytes_never_panic(bytes in vec(any::<u8>(), 0..600)) {
            let _ = gammu_text(&bytes);
            let _ = smstools_message(&bytes);
            let _ = backup_text(&bytes);
            let _ = gammu_name(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn hostile_headers_never_panic(
            lines in vec("[A-Za-z_: 0-9\u{400}-\u{40F}\r]{0,20}", 0..8),
            body in vec(any::<u8>(), 0..40),
        ) {
            let mut bytes = lines.join("\n").into_bytes();
            bytes.extend_from_slice(b"\n\n");
            bytes.extend_from_slice(&body);
            let _ = smstools_message(&bytes);
            let mut backup = b"[SMSBackup000]\n".to_vec();
            backup.extend_from_slice(&bytes);
            let _ = backup_text(&backup);
        }
    }

    // ------------------------------------------------------------ pending

    fn touch(path: &Path, age: Duration) {
        fs::write(path, b"x").unwrap();
        let when = SystemTime::now() - age;
        File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_times(FileTimes::new().set_modified(when))
            .unwrap();
    }

    fn names(paths: &[PathBuf]) -> Vec<String> {
        paths
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn pending_gammu_oldest_first_and_skips() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let old = Duration::from_secs(60);
        touch(
            &d.join("IN20240501_120500_00_+49170_00.txt"),
            Duration::from_secs(30),
        );
        touch(&d.join("IN20240501_120400_00_+49170_00.txt"), old);
        touch(&d.join("IN20240501_120400_00_+49170_01.txt"), old);
        touch(
            &d.join("IN20240501_120600_00_+49170_00.bin"),
            Duration::from_secs(20),
        );
        touch(
            &d.join("IN20240501_120700_00_+49170_00.txt"),
            Duration::ZERO,
        ); // young
        touch(&d.join(".IN20240501_120800_00_+49170_00.txt"), old); // hidden
        touch(&d.join("IN20240501_120900_00_+49170_00.txt"), old);
        touch(&d.join("IN20240501_120900_00_+49170_00.txt.LOCK"), old); // locked
        touch(&d.join("OUTC20240501_120900_00_+49170_x.txt"), old);
        touch(&d.join("README"), old);
        fs::create_dir(d.join("IN20240501_121000_00_+49170_00.txt")).unwrap();
        assert_eq!(
            names(&pending(SpoolKind::Gammu, d).unwrap()),
            [
                "IN20240501_120400_00_+49170_00.txt",
                "IN20240501_120400_00_+49170_01.txt",
                "IN20240501_120500_00_+49170_00.txt",
                "IN20240501_120600_00_+49170_00.bin",
            ]
        );
    }

    #[test]
    fn pending_smstools_skips_locks_and_young_files() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let old = Duration::from_secs(60);
        touch(&d.join("GSM1.b2"), Duration::from_secs(10));
        touch(&d.join("GSM1.a1"), old);
        touch(&d.join("GSM1.c3"), Duration::ZERO);
        touch(&d.join("GSM1.d4"), old);
        touch(&d.join("GSM1.d4.LOCK"), old);
        touch(&d.join("LOCKED.e5"), old);
        touch(&d.join(".GSM1.f6"), old);
        // A modification time in the future (clock set back) is settled.
        touch(&d.join("GSM1.g7"), Duration::ZERO);
        File::options()
            .write(true)
            .open(d.join("GSM1.g7"))
            .unwrap()
            .set_times(FileTimes::new().set_modified(SystemTime::now() + old))
            .unwrap();
        assert_eq!(
            names(&pending(SpoolKind::Smstools, d).unwrap()),
            ["GSM1.a1", "GSM1.b2", "GSM1.g7"]
        );
        assert!(pending(SpoolKind::Smstools, &d.join("missing")).is_err());
    }

    /// A link swapped into the spool (here to a settled secret) is neither
    /// listed nor read.
    #[test]
    fn links_are_neither_listed_nor_read() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let secret = d.join("secret");
        fs::write(&secret, b"From: +4917\n\nroot:x:0:0").unwrap();
        let old = SystemTime::now() - Duration::from_secs(3600);
        fs::File::options()
            .write(true)
            .open(&secret)
            .unwrap()
            .set_times(FileTimes::new().set_modified(old))
            .unwrap();
        std::os::unix::fs::symlink(&secret, d.join("GSM1.link")).unwrap();
        let listed = pending(SpoolKind::Smstools, d).unwrap();
        assert!(!listed.contains(&d.join("GSM1.link")), "{listed:?}");
        let read = read(SpoolKind::Smstools, &d.join("GSM1.link"));
        assert!(matches!(read, Err(SpoolError::Io(_))), "{read:?}");
    }

    // ------------------------------------------------------------- accept

    #[test]
    fn accept_removes_or_moves() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let done = d.join("done");
        fs::create_dir(&done).unwrap();
        fs::write(d.join("GSM1.a1"), b"one").unwrap();
        fs::write(d.join("GSM1.b2"), b"two").unwrap();
        accept(&d.join("GSM1.a1"), None).unwrap();
        assert!(!d.join("GSM1.a1").exists());
        accept(&d.join("GSM1.b2"), Some(&done)).unwrap();
        assert!(!d.join("GSM1.b2").exists());
        assert_eq!(fs::read(done.join("GSM1.b2")).unwrap(), b"two");
        // Again (after a crash): already gone is fine.
        accept(&d.join("GSM1.a1"), None).unwrap();
        accept(&d.join("GSM1.b2"), Some(&done)).unwrap();
        // A missing done directory is an error, and the file stays.
        fs::write(d.join("GSM1.c3"), b"three").unwrap();
        assert!(accept(&d.join("GSM1.c3"), Some(&d.join("nowhere"))).is_err());
        assert!(d.join("GSM1.c3").exists());
    }

    // ----------------------------------------------------------- outgoing

    fn only_file(dir: &Path) -> PathBuf {
        let all: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(all.len(), 1, "{all:?}");
        all.into_iter().next().unwrap()
    }

    #[test]
    fn gammu_outgoing_gsm_text() {
        let dir = tempfile::tempdir().unwrap();
        let path = write_outgoing(
            SpoolKind::Gammu,
            dir.path(),
            42,
            "+491701234567",
            "e4 e5 Nf3 €",
        )
        .unwrap();
        assert_eq!(only_file(dir.path()), path);
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "; ccgate reply 42\n\n[SMSBackup000]\nPDU = Submit\nNumber = \"+491701234567\"\n\
             Text00 = 006500340020006500350020004E00660033002020AC\n\
             Coding = Default_No_Compression\nLength = 11\nClass = -1\n"
        );
        // Our reader reads it back.
        assert_eq!(
            backup_text(&fs::read(&path).unwrap()).unwrap(),
            "e4 e5 Nf3 €"
        );
    }

    #[test]
    fn gammu_outgoing_cyrillic_and_long_texts() {
        let dir = tempfile::tempdir().unwrap();
        let path = write_outgoing(SpoolKind::Gammu, dir.path(), 7, "01701234567", "Кf3").unwrap();
        assert_eq!(
            path.file_name().unwrap(),
            "OUTC00000000000000000007_000000_00_01701234567_ccgate.smsbackup"
        );
        let content = fs::read_to_string(&path).unwrap();
        assert!(
            content.contains("Text00 = 041A00660033\nCoding = Unicode_No_Compression\n"),
            "{content}"
        );
        assert!(!content.contains("UDH"));

        let long = format!("{}конец", "Ход конём f3, ".repeat(8));
        let path =
            write_outgoing(SpoolKind::Gammu, dir.path(), 300, "+79161234567", &long).unwrap();
        let content = fs::read_to_string(&path).unwrap();
        assert!(content.contains("UDH = 0500032C0201\n"), "{content}");
        assert!(content.contains("UDH = 0500032C0202\n"), "{content}");
        assert!(content.contains("Text01 = "), "hex lines of 200 digits");
        assert!(content.lines().all(|l| l.len() <= 210));
        assert_eq!(backup_text(content.as_bytes()).unwrap(), long);

        let gsm = "Nf3 [x] ".repeat(30);
        let (encoding, parts) = split_parts(&gsm);
        assert_eq!(encoding, Encoding::Gsm7);
        assert!(parts.iter().all(|p| units(p).1 <= 153));
        assert_eq!(parts.concat(), gsm);
        let (_, parts) = split_parts(&"€".repeat(100));
        assert_eq!(
            parts.iter().map(|p| units(p).1).collect::<Vec<_>>(),
            [152, 48]
        );
        let (_, parts) = split_parts(&"♞".repeat(71));
        assert_eq!(
            parts.iter().map(|p| p.chars().count()).collect::<Vec<_>>(),
            [67, 4]
        );
        let (_, parts) = split_parts(&"😀".repeat(35));
        assert_eq!(parts.len(), 1, "70 UTF-16 units fit one SMS");
        let (_, parts) = split_parts(&"😀".repeat(36));
        assert_eq!(
            parts.iter().map(|p| p.chars().count()).collect::<Vec<_>>(),
            [33, 3]
        );
        assert!(
            write_outgoing(SpoolKind::Gammu, dir.path(), 1, "+49", &"Кf3".repeat(6000)).is_err()
        );
    }

    #[test]
    fn smstools_outgoing() {
        let dir = tempfile::tempdir().unwrap();
        let path =
            write_outgoing(SpoolKind::Smstools, dir.path(), 5, "+79161234567", "Кf3").unwrap();
        let mut expected = b"To: 79161234567\nAlphabet: UCS2\n\n".to_vec();
        expected.extend_from_slice(&[0x04, 0x1A, 0x00, 0x66, 0x00, 0x33]);
        assert_eq!(fs::read(&path).unwrap(), expected);
        let path =
            write_outgoing(SpoolKind::Smstools, dir.path(), 6, "01701234567", "Dä4 Δ").unwrap();
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "To: 01701234567\nTo_TOA: Unknown\nAlphabet: UTF-8\n\nDä4 Δ"
        );
    }

    #[test]
    fn outgoing_is_idempotent_and_atomic() {
        for kind in [SpoolKind::Gammu, SpoolKind::Smstools] {
            let dir = tempfile::tempdir().unwrap();
            let first = write_outgoing(kind, dir.path(), 9, "+491701234567", "e4").unwrap();
            let again = write_outgoing(kind, dir.path(), 9, "+491701234567", "e4").unwrap();
            assert_eq!(first, again);
            assert_eq!(
                only_file(dir.path()),
                first,
                "{kind:?}: no temporary file left"
            );
        }
    }

    #[test]
    fn outgoing_refuses_bad_input() {
        let dir = tempfile::tempdir().unwrap();
        for to in [
            "",
            "+",
            "+49 170",
            "49170_1",
            "../x",
            "+491701234567890123456",
            "abc",
        ] {
            for kind in [SpoolKind::Gammu, SpoolKind::Smstools] {
                let e = write_outgoing(kind, dir.path(), 1, to, "e4").unwrap_err();
                assert_eq!(e.kind(), io::ErrorKind::InvalidInput, "{to:?}");
            }
        }
        let e = write_outgoing(SpoolKind::Smstools, dir.path(), 1, "+49", "e4\0").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
        assert!(
            write_outgoing(
                SpoolKind::Gammu,
                &dir.path().join("missing"),
                1,
                "+49",
                "e4"
            )
            .is_err()
        );
    }

    #[test]
    fn kind_from_config() {
        #[derive(serde::Deserialize)]
        struct C {
            kind: SpoolKind,
        }
        let c: C = toml::from_str("kind = \"smstools\"").unwrap();
        assert_eq!(c.kind, SpoolKind::Smstools);
        let c: C = toml::from_str("kind = \"gammu\"").unwrap();
        assert_eq!(c.kind, SpoolKind::Gammu);
        assert!(toml::from_str::<C>("kind = \"Gammu\"").is_err());
    }
}
