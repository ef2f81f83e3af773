//! A private certificate authority for the TLS tests: openssl makes a CA
//! and a server certificate it signed, as an operator of a private server
//! would.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The CA's certificate (what a client trusts) and the server's
/// certificate and key (PEM files).
pub struct Certificates {
    pub ca: PathBuf,
    pub crt: PathBuf,
    pub key: PathBuf,
}

/// A private CA (the trust anchor a client configures) and a server
/// certificate it signed for `localhost` and 127.0.0.1, in `dir`: webpki
/// refuses a self-signed CA certificate used as the server's own.
pub fn private_ca(dir: &Path, name: &str) -> Certificates {
    let ca = dir.join("ca.crt");
    let ca_key = dir.join("ca.key");
    let crt = dir.join("tls.crt");
    let key = dir.join("tls.key");
    let csr = dir.join("tls.csr");
    let ext = dir.join("tls.ext");
    fs::write(
            &ext,
            "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n",
        )
        .expect("private CA: write tls.ext");
    let openssl = |args: &[&std::ffi::OsStr]| {
        let out = Command::new("openssl")
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("private CA: openssl: {e}"));
        assert!(
            out.status.success(),
            "private CA: openssl {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let os = |s: &'static str| std::ffi::OsStr::new(s);
    let subject = format!("/CN={name}");
    openssl(&[
        os("req"),
        os("-x509"),
        os("-newkey"),
        os("rsa:2048"),
        os("-nodes"),
        os("-days"),
        os("2"),
        os("-subj"),
        std::ffi::OsStr::new(&subject),
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
    Certificates { ca, crt, key }
}
