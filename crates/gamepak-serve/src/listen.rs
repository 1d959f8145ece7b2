//! Accepting connections. HTTP/1.1 alone (what browsers speak to a plain loopback
//! address), with a deadline for each request's header and a bound on the
//! connections open at once, so that clients that connect and then send nothing,
//! or send a header a byte at a time, cannot pile up.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How long a connection may take to send a request's whole header, counted from
/// when it opens or from the end of its last answer: a connection kept alive
/// with no new request is closed after the same time.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections open at once; the next waits in the system's backlog until one
/// closes.
const MAX_CONNECTIONS: usize = 512;

/// The most a connection buffers (hyper's least is 8 KiB): a request's header
/// is the page's short URL, and hyper's own bound, 400 KiB, times every
/// connection would be a lot of memory.
const MAX_BUFFER: usize = 64 << 10;

/// After a failed accept (out of file descriptors, say), the pause before the next.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

/// Answers every connection `listener` accepts with `app`, until the process ends.
pub async fn serve(listener: TcpListener, app: Router, header_timeout: Duration) {
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .max_buf_size(MAX_BUFFER);
    loop {
        let Ok(place) = open.clone().acquire_owned().await else {
            // Only a closed semaphore fails, and this one is never closed.
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                tokio::time::sleep(ACCEPT_PAUSE).await;
                continue;
            }
        };
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        tokio::spawn(async move {
            // A connection that fails (reset, timed out, bad request) only ends.
            let _ = connection.await;
            drop(place);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_has_ten_seconds() {
        assert_eq!(HEADER_TIMEOUT, Duration::from_secs(10));
    }
}
