//! One SOAP call to a remote Xfcc server over HTTP/1.1 (TLS for
//! `https://`): the request written by `xfcc::client`, the response's
//! bytes returned, bounded, for `xfcc::client` to read.

use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::rustls::pki_types::ServerName;

use crate::tls::{Trust, client_config};
use crate::xfcc::client::{MAX_RESPONSE, soap_action};
use crate::xfcc::endpoint::Endpoint;

/// How long one call may take, connecting included, unless configured.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(60);

/// Why a call got no SOAP response.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    #[error("connecting to {0}: {1}")]
    Connect(String, std::io::Error),
    #[error("TLS: {0}")]
    Tls(String),
    #[error("HTTP: {0}")]
    Http(String),
    #[error("the server answered HTTP {0}")]
    Status(u16),
    #[error("no answer within {0:?}")]
    Timeout(Duration),
}

/// Posts `body`, a SOAP request for operation `op`, and returns the
/// response's body. A SOAP fault comes with status 500 and is a response,
/// not an error: the caller reads it.
pub async fn call(
    (endpoint, trust): (&Endpoint, &Trust),
    timeout: Duration,
    op: &str,
    body: String,
) -> Result<Vec<u8>, CallError> {
    tokio::time::timeout(timeout, connect_and_post(endpoint, trust, op, body))
        .await
        .map_err(|_| CallError::Timeout(timeout))?
}

async fn connect_and_post(
    endpoint: &Endpoint,
    trust: &Trust,
    op: &str,
    body: String,
) -> Result<Vec<u8>, CallError> {
    let at = format!("{}:{}", endpoint.host, endpoint.port);
    let tcp = TcpStream::connect((endpoint.host.as_str(), endpoint.port))
        .await
        .map_err(|e| CallError::Connect(at, e))?;
    if !endpoint.tls {
        return post(tcp, endpoint, op, body).await;
    }
    let config = client_config(trust).map_err(|e| CallError::Tls(e.to_string()))?;
    let name =
        ServerName::try_from(endpoint.host.clone()).map_err(|e| CallError::Tls(e.to_string()))?;
    let tls = TlsConnector::from(config)
        .connect(name, tcp)
        .await
        .map_err(|e| CallError::Tls(e.to_string()))?;
    post(tls, endpoint, op, body).await
}

async fn post<S>(io: S, endpoint: &Endpoint, op: &str, body: String) -> Result<Vec<u8>, CallError>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let http = |e: hyper::Error| CallError::Http(e.to_string());
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(io))
        .await
        .map_err(http)?;
    // The connection runs beside the request and ends with it.
    let driver = tokio::spawn(connection);
    let host = match endpoint.port {
        80 | 443 => endpoint.host.clone(),
        port => format!("{}:{port}", endpoint.host),
    };
    let request = hyper::Request::post(endpoint.path.as_str())
        .header(hyper::header::HOST, host)
        .header(hyper::header::CONTENT_TYPE, "text/xml; charset=utf-8")
        .header("SOAPAction", soap_action(op))
        .body(Full::new(Bytes::from(body)))
        .map_err(|e| CallError::Http(e.to_string()))?;
    let response = sender.send_request(request).await.map_err(http)?;
    let status = response.status().as_u16();
    let bytes = Limited::new(response.into_body(), MAX_RESPONSE)
        .collect()
        .await
        .map_err(|e| CallError::Http(e.to_string()))?
        .to_bytes();
    driver.abort();
    match status {
        200 | 500 => Ok(bytes.to_vec()),
        other => Err(CallError::Status(other)),
    }
}
