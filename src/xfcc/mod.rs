//! Xfcc, the correspondence programs' SOAP 1.1 web service (ChessBase,
//! Scid, Aquarium, Lucas Chess), as `protocols/xfcc.md` specifies it: the
//! pure part. Reading a request ([`soap::read_request`]), writing a
//! response ([`soap::response`], [`games::write_games`]) and the WSDL
//! ([`wsdl::wsdl`]) are functions of text; the service decides what a
//! request does (`service::xfcc`), the web listener carries it (`web::xfcc`).
//! The bridge's requests and the remote server's responses are
//! [`client`]'s.

pub mod bridge;
pub mod client;
pub mod endpoint;
pub mod games;
pub mod result;
pub mod soap;
pub mod wsdl;

/// The service's XML namespace, as every Xfcc server and client writes it.
pub const NAMESPACE: &str = "http://www.bennedik.com/webservices/XfccBasic";
