//! Certificates for the test servers that speak TLS (the mail lab, the
//! PostgreSQL cluster): a private CA, the trust anchor a client configures,
//! and a server certificate it signed, made with the `openssl` command.
//! webpki refuses a self-signed CA certificate used as the server's own.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The files [`make`] wrote.
pub struct Certs {
    pub ca: PathBuf,
    pub crt: PathBuf,
    pub key: PathBuf,
}

/// Makes `<prefix>ca.crt` (a private CA) and `<prefix>tls.crt` with its key
/// `<prefix>tls.key`, for `alt_names` (`DNS:localhost,IP:127.0.0.1`), in
/// `dir`; `prepare` sets up each `openssl` run (the user it runs as).
pub fn make(dir: &Path, prefix: &str, alt_names: &str, prepare: impl Fn(&mut Command)) -> Certs {
    let file = |name: &str| dir.join(format!("{prefix}{name}"));
    let (ca, ca_key) = (file("ca.crt"), file("ca.key"));
    let (crt, key, csr, ext) = (
        file("tls.crt"),
        file("tls.key"),
        file("tls.csr"),
        file("tls.ext"),
    );
    std::fs::write(
        &ext,
        format!(
            "subjectAltName={alt_names}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n"
        ),
    )
    .expect("write tls.ext");
    let openssl = |args: &[&OsStr]| {
        let mut command = Command::new("openssl");
        prepare(&mut command);
        let out = command
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("openssl: {e}"));
        assert!(
            out.status.success(),
            "openssl {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let os = |s: &'static str| OsStr::new(s);
    let subject = format!("/CN=ccgate test CA {prefix}");
    openssl(&[
        os("req"),
        os("-x509"),
        os("-newkey"),
        os("rsa:2048"),
        os("-nodes"),
        os("-days"),
        os("2"),
        os("-subj"),
        OsStr::new(&subject),
        os("-keyout"),
        ca_key.as_os_str(),
        os("-out"),
        ca.as_os_str(),
    ]);
    openssl(&[
        os("req"),
        os("-new"),
        os("-newkey"),
        os("rsa:2048"),
        os("-nodes"),
        os("-subj"),
        os("/CN=localhost"),
        os("-keyout"),
        key.as_os_str(),
        os("-out"),
        csr.as_os_str(),
    ]);
    openssl(&[
        os("x509"),
        os("-req"),
        os("-in"),
        csr.as_os_str(),
        os("-CA"),
        ca.as_os_str(),
        os("-CAkey"),
        ca_key.as_os_str(),
        os("-CAcreateserial"),
        os("-days"),
        os("2"),
        os("-extfile"),
        ext.as_os_str(),
        os("-out"),
        crt.as_os_str(),
    ]);
    Certs { ca, crt, key }
}
