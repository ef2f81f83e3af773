//! The service port every channel reaches the store through: inbound
//! batches of channels arriving together share one commit (group commit),
//! on a real SQLite file.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::Poll;

use ccgate::metrics::Metrics;
use ccgate::protocol::address::Channel;
use ccgate::service::{self, Auth, Inbound};
use ccgate::store::{Retry, Store};
use ccgate::transport::port::{PortError, ServicePort};
use jiff::Timestamp;

fn message(id: &str) -> Inbound {
    Inbound {
        thread: Vec::new(),
        channel: Channel::Email,
        from: "someone@example.org".into(),
        transport_id: Some(id.into()),
        raw: b"hello".to_vec(),
        text: "hello".into(),
        auth: Auth::Unchecked,
        rules: service::Rules::default(),
    }
}

/// Committed journal entries, as another connection sees them.
fn committed(db: &std::path::Path) -> i64 {
    rusqlite::Connection::open(db)
        .and_then(|c| c.query_row("SELECT COUNT(*) FROM journal", [], |r| r.get(0)))
        .expect("count the journal")
}

type Answer = Result<Vec<Result<service::Processed, PortError>>, PortError>;

/// While one batch's transaction runs, seven channels hand in a batch each:
/// the seven are the next transaction, all of them, and every one sees
/// the first committed and none of the others; a batch alone afterwards
/// commits at once.
#[test]
fn batches_that_come_while_one_commits_are_the_next_transaction() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("store.db");
    drop(Store::create(&db).expect("create store"));
    let metrics = Arc::new(Metrics::new());
    let port = ServicePort::new(
        Store::open(&db).expect("open store"),
        metrics.clone(),
        Retry::default(),
        service::Rules::default(),
    );
    let now = Timestamp::now();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let seen = Arc::new(Mutex::new(Vec::new()));
    runtime.block_on(async {
        let (started_tx, started) = tokio::sync::oneshot::channel();
        let (release, release_rx) = std::sync::mpsc::channel::<()>();
        let first = tokio::spawn({
            let port = port.clone();
            async move {
                port.batch(Channel::Email, move |b| {
                    let done = vec![b.submit(&message("first"), now)];
                    started_tx.send(()).expect("the test waits");
                    release_rx.recv().expect("released");
                    done
                })
                .await
            }
        });
        started.await.expect("the first batch runs");
        let mut others: Vec<Pin<Box<dyn Future<Output = Answer> + Send>>> = (0..7)
            .map(|i| {
                let port = port.clone();
                let (db, seen) = (db.clone(), seen.clone());
                Box::pin(async move {
                    port.batch(Channel::Email, move |b| {
                        seen.lock().expect("seen").push(committed(&db));
                        vec![b.submit(&message(&format!("other-{i}")), now)]
                    })
                    .await
                }) as Pin<Box<dyn Future<Output = Answer> + Send>>
            })
            .collect();
        // Each hands its batch in at its first poll.
        for other in &mut others {
            std::future::poll_fn(|cx| {
                assert!(other.as_mut().poll(cx).is_pending());
                Poll::Ready(())
            })
            .await;
        }
        release.send(()).expect("the first batch waits");
        let first = first.await.expect("first task").expect("first batch");
        assert!(first[0].is_ok(), "{first:?}");
        for other in others {
            let done = other.await.expect("batch committed");
            assert!(done[0].is_ok(), "{done:?}");
        }
        assert_eq!(*seen.lock().expect("seen"), vec![1; 7]);
        assert_eq!(committed(&db), 8);

        let alone = port
            .batch(Channel::Email, move |b| {
                vec![b.submit(&message("alone"), now)]
            })
            .await
            .expect("batch committed");
        assert!(alone[0].is_ok(), "{alone:?}");
        assert_eq!(committed(&db), 9);
    });
    // Three transactions, of 1, 7 and 1 messages, as /metrics shows them.
    let text = metrics.render();
    for want in [
        "ccgate_batch_messages_count 3",
        "ccgate_batch_messages_sum 9.0",
        "ccgate_batch_messages_bucket{le=\"1.0\"} 2",
        "ccgate_batch_messages_bucket{le=\"4.0\"} 2",
        "ccgate_batch_messages_bucket{le=\"8.0\"} 3",
    ] {
        assert!(text.contains(want), "{want} missing:\n{text}");
    }
}
