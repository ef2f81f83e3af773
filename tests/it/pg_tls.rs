//! The store's connection to PostgreSQL over TLS, as the URL's `sslmode`
//! and `sslrootcert` say (libpq's meanings), against a private cluster that
//! takes TLS connections only, its certificate signed by a private CA for
//! `db.example.test`.

use ccgate::store::{Location, Store};

use crate::support::postgres::Postgres;

fn open(url: &str) -> Result<Store, String> {
    Store::create_at(&Location::parse(url)).map_err(|e| format!("{e:?}"))
}

#[test]
fn the_store_reaches_postgres_over_tls_as_the_url_says() {
    let pg = Postgres::start_tls();
    let url = |host: &str, query: String| {
        format!("postgres://ccgate@{host}:{}/ccgate?{query}", pg.port())
    };
    let (ca, other) = (
        pg.ca().display().to_string(),
        pg.other_ca().display().to_string(),
    );

    // The server takes no plain connection.
    for plain in ["", "sslmode=disable", "sslmode=prefer"] {
        let refused = open(&url("127.0.0.1", plain.into())).err();
        assert!(
            refused
                .as_deref()
                .is_some_and(|e| e.contains("no encryption")),
            "{plain:?} connected without TLS, or failed otherwise: {refused:?}"
        );
    }
    // require: encrypted, the certificate taken as it is.
    let store = open(&url("127.0.0.1", "sslmode=require".into())).expect("require");
    assert!(store.pending().expect("read over TLS").is_empty());
    drop(store);
    // verify-full: the chain and the name; the name is the certificate's
    // (hostaddr reaches the server on 127.0.0.1).
    let full = url(
        "db.example.test",
        format!("hostaddr=127.0.0.1&sslmode=verify-full&sslrootcert={ca}"),
    );
    open(&full).expect("verify-full with the certificate's name");
    // verify-ca: the chain, not the name.
    open(&url(
        "127.0.0.1",
        format!("sslmode=verify-ca&sslrootcert={ca}"),
    ))
    .expect("verify-ca");

    let refused = |query: String, why: &str| {
        let e = open(&url("127.0.0.1", query.clone())).err();
        assert!(
            e.as_deref().is_some_and(|e| e.contains(why)),
            "{query}: expected a refusal for {why}, got {e:?}"
        );
    };
    // A name the certificate does not carry.
    refused(
        format!("sslmode=verify-full&sslrootcert={ca}"),
        "NotValidForName",
    );
    // A CA that did not sign it, with each mode that checks the chain (a
    // root given makes require check it, as libpq does).
    for mode in ["require", "verify-ca", "verify-full"] {
        refused(
            format!("sslmode={mode}&sslrootcert={other}"),
            "UnknownIssuer",
        );
    }
    refused("sslmode=verify-everything".into(), "sslmode");
}
