//! What every request must show before it is answered: a Host header naming the
//! loopback address and port the server listens on (a page on another site that
//! rebinds its DNS name to 127.0.0.1 still sends its own name), and, for anything
//! but the page itself, the token printed in the URL.

use std::sync::Arc;

use axum::extract::{Request, State as Shared};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::State;

/// The query parameter, or header, carrying the token.
pub const TOKEN_PARAM: &str = "token";
pub const TOKEN_HEADER: &str = "x-gamepak-token";

/// 128 random bits, as hex.
pub fn new_token() -> gamepak::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| gamepak::Error::io("the system's random source", std::io::Error::other(e)))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

pub async fn check(Shared(state): Shared<Arc<State>>, req: Request, next: Next) -> Response {
    if !host_is_ours(&req, state.port) {
        return refuse(
            StatusCode::MISDIRECTED_REQUEST,
            "this server answers only to 127.0.0.1 or localhost at its own port",
        );
    }
    if req.uri().path() != "/" && !token_matches(&req, &state.token) {
        return refuse(
            StatusCode::UNAUTHORIZED,
            "a token is needed: open the URL gamepak serve printed",
        );
    }
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, "no-store".parse().expect("static"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        "nosniff".parse().expect("static"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        "no-referrer".parse().expect("static"),
    );
    response
}

fn host_is_ours(req: &Request, port: u16) -> bool {
    let Some(host) = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
    else {
        return false;
    };
    host == format!("127.0.0.1:{port}") || host == format!("localhost:{port}")
}

fn token_matches(req: &Request, token: &str) -> bool {
    let from_header = req
        .headers()
        .get(TOKEN_HEADER)
        .and_then(|h| h.to_str().ok());
    let from_query = req.uri().query().and_then(|q| {
        q.split('&')
            .find_map(|pair| pair.strip_prefix(TOKEN_PARAM)?.strip_prefix('='))
    });
    from_header
        .into_iter()
        .chain(from_query)
        .any(|given| same(given.as_bytes(), token.as_bytes()))
}

/// Compares in time that does not depend on where the two first differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn refuse(status: StatusCode, why: &'static str) -> Response {
    (status, why).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_and_differ() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
    }

    #[test]
    fn comparison_needs_every_byte() {
        assert!(same(b"abcd", b"abcd"));
        assert!(!same(b"abcd", b"abce"));
        assert!(!same(b"abc", b"abcd"));
    }
}
