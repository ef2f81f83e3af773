//! The HTTP listeners' accept loop (the status endpoint's and the web
//! pages'): a bound on connections at once and an idle deadline on each.

use std::sync::Arc;

/// How many connections the endpoint serves at once: a handful of
/// monitors need no more, and the file descriptors stay the inputs'.
pub const MAX_CONNECTIONS: usize = 32;

/// How long a connection may stay silent (idle between requests, or a peer
/// that vanished without closing) before it is closed.
pub const IDLE: std::time::Duration = std::time::Duration::from_secs(10);

/// The endpoint's listener: at most [`MAX_CONNECTIONS`] at once (more wait
/// in the kernel's backlog, using no descriptor of ours), each closed after
/// [`IDLE`] without traffic.
pub struct Bounded {
    listener: tokio::net::TcpListener,
    permits: Arc<tokio::sync::Semaphore>,
    idle: std::time::Duration,
}

impl Bounded {
    pub fn new(
        listener: tokio::net::TcpListener,
        max: usize,
        idle: std::time::Duration,
    ) -> Bounded {
        Bounded {
            listener,
            permits: Arc::new(tokio::sync::Semaphore::new(max)),
            idle,
        }
    }
}

impl axum::serve::Listener for Bounded {
    type Io = Guarded;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Guarded, std::net::SocketAddr) {
        loop {
            // The semaphore is never closed; without a permit, accept nothing.
            let Ok(permit) = self.permits.clone().acquire_owned().await else {
                std::future::pending::<()>().await;
                continue;
            };
            match self.listener.accept().await {
                Ok((stream, addr)) => {
                    return (
                        Guarded {
                            stream,
                            _permit: permit,
                            idle: self.idle,
                            deadline: Box::pin(tokio::time::sleep(self.idle)),
                        },
                        addr,
                    );
                }
                Err(e) => {
                    // Out of descriptors or similar: wait rather than spin.
                    tracing::warn!(error = %e, "status endpoint: accept");
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<std::net::SocketAddr> {
        self.listener.local_addr()
    }
}

/// One connection of the endpoint: holds its permit, and fails with
/// `TimedOut` once it has been silent for the idle time.
pub struct Guarded {
    stream: tokio::net::TcpStream,
    _permit: tokio::sync::OwnedSemaphorePermit,
    idle: std::time::Duration,
    deadline: std::pin::Pin<Box<tokio::time::Sleep>>,
}

impl Guarded {
    fn timed<T>(
        &mut self,
        cx: &mut std::task::Context<'_>,
        polled: std::task::Poll<std::io::Result<T>>,
    ) -> std::task::Poll<std::io::Result<T>> {
        use std::task::Poll;
        match polled {
            Poll::Pending => match self.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(std::io::ErrorKind::TimedOut.into())),
                Poll::Pending => Poll::Pending,
            },
            done => {
                let next = tokio::time::Instant::now() + self.idle;
                self.deadline.as_mut().reset(next);
                done
            }
        }
    }
}

impl tokio::io::AsyncRead for Guarded {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let polled = std::pin::Pin::new(&mut self.stream).poll_read(cx, buf);
        self.timed(cx, polled)
    }
}

impl tokio::io::AsyncWrite for Guarded {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let polled = std::pin::Pin::new(&mut self.stream).poll_write(cx, buf);
        self.timed(cx, polled)
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let polled = std::pin::Pin::new(&mut self.stream).poll_flush(cx);
        self.timed(cx, polled)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// The address of the client of a connection to the endpoint.
#[derive(Debug, Clone, Copy)]
pub struct Client(pub std::net::SocketAddr);

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, Bounded>> for Client {
    fn connect_info(stream: axum::serve::IncomingStream<'_, Bounded>) -> Client {
        Client(*stream.remote_addr())
    }
}
