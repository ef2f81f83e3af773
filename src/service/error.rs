//! Why the service did not do what it was asked: the store failed, a rule
//! refused it, what it names does not exist, or what it was given cannot
//! be used. The command line maps each onto its own exit status, the web
//! console onto its own HTTP status.

use crate::store::StoreError;

/// An error of the service.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The store failed (or refused a write itself, e.g. a name taken).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A rule does not allow the operation as things stand: an incident
    /// ruled on already, a finished game, a removed player.
    #[error("{0}")]
    Refused(String),
    /// What the operation names (a game, a player, an event, an incident,
    /// a reply) does not exist.
    #[error("{0}")]
    NotFound(String),
    /// What the operation was given cannot be used: an address, a time
    /// zone, a result, a ruling without its text.
    #[error("{0}")]
    Invalid(String),
    /// A batch whose own writes failed was abandoned: nothing of it is
    /// committed. Says why.
    #[error("{0}")]
    Abandoned(String),
}

/// The service's results.
pub type Result<T, E = ServiceError> = std::result::Result<T, E>;

/// Why a secret (a PIN, an Xfcc password, a director's password) is not
/// taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SecretError {
    /// Too short, or of characters a secret of this kind may not have.
    #[error("{0}")]
    Weak(&'static str),
    /// Hashing it failed.
    #[error("cannot hash the secret: {0}")]
    Hash(String),
}

impl From<crate::service::name::NameError> for ServiceError {
    fn from(e: crate::service::name::NameError) -> Self {
        ServiceError::Invalid(e.to_string())
    }
}

impl From<SecretError> for ServiceError {
    fn from(e: SecretError) -> Self {
        ServiceError::Invalid(e.to_string())
    }
}
