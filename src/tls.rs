//! TLS client settings shared by the mail transports and the PostgreSQL
//! store: rustls with the ring provider, the Mozilla roots (webpki-roots)
//! plus an optional CA file for private servers, the chain without the host
//! name (PostgreSQL's `sslmode=verify-ca`), and, for test servers (or
//! `sslmode=require`) only, no verification at all.

use std::path::Path;
use std::sync::Arc;

use tokio_rustls::rustls::client::WebPkiServerVerifier;
use tokio_rustls::rustls::client::danger::{
    HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier,
};
use tokio_rustls::rustls::crypto::{CryptoProvider, ring};
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName, UnixTime, pem::PemObject};
use tokio_rustls::rustls::{
    CertificateError, ClientConfig, DigitallySignedStruct, Error, RootCertStore, SignatureScheme,
};

/// How a server's certificate is checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Trust {
    /// PEM certificates trusted besides the public roots.
    pub ca_file: Option<std::path::PathBuf>,
    /// Accept any certificate: test servers only.
    pub accept_invalid_certs: bool,
    /// Check the chain but not that the certificate names the host.
    pub any_name: bool,
}

/// The certificates of a PEM file.
pub fn read_pem(path: &Path) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let bad = |e: &dyn std::fmt::Display| TlsError::CaFile {
        file: path.to_path_buf(),
        why: e.to_string(),
    };
    let certs: Vec<_> = CertificateDer::pem_file_iter(path)
        .map_err(|e| bad(&e))?
        .collect::<Result<_, _>>()
        .map_err(|e| bad(&e))?;
    if certs.is_empty() {
        return Err(bad(&"no certificate in it"));
    }
    Ok(certs)
}

/// Why a TLS client could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TlsError {
    /// The CA file cannot be read, or holds no usable certificate.
    #[error("ca_file {}: {why}", file.display())]
    CaFile {
        file: std::path::PathBuf,
        why: String,
    },
    /// rustls refused the settings.
    #[error("TLS: {0}")]
    Setup(String),
}

/// A client configuration for this trust.
pub fn client_config(trust: &Trust) -> Result<Arc<ClientConfig>, TlsError> {
    let provider = Arc::new(ring::default_provider());
    let builder = ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError::Setup(e.to_string()))?;
    let config = if trust.accept_invalid_certs {
        builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(Lenient {
                provider,
                chain: None,
            }))
            .with_no_client_auth()
    } else {
        let mut roots = RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        if let Some(file) = &trust.ca_file {
            for cert in read_pem(file)? {
                roots.add(cert).map_err(|e| TlsError::CaFile {
                    file: file.clone(),
                    why: e.to_string(),
                })?;
            }
        }
        if trust.any_name {
            let chain =
                WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
                    .build()
                    .map_err(|e| TlsError::Setup(e.to_string()))?;
            builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(Lenient {
                    provider,
                    chain: Some(chain),
                }))
                .with_no_client_auth()
        } else {
            builder.with_root_certificates(roots).with_no_client_auth()
        }
    };
    Ok(Arc::new(config))
}

/// The verifier behind `accept_invalid_certs` (no chain: the certificate
/// and name unchecked) and `any_name` (the chain checked as usual, a name
/// that does not match forgiven). Signatures are checked either way.
#[derive(Debug)]
struct Lenient {
    provider: Arc<CryptoProvider>,
    chain: Option<Arc<WebPkiServerVerifier>>,
}

impl ServerCertVerifier for Lenient {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, Error> {
        let Some(chain) = &self.chain else {
            return Ok(ServerCertVerified::assertion());
        };
        match chain.verify_server_cert(end_entity, intermediates, server_name, ocsp, now) {
            Err(Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        tokio_rustls::rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        tokio_rustls::rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}
