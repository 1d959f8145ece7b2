//! The page: one HTML document with its style and script inlined, so the page is
//! the only thing served without the token. The token travels in the page's own
//! URL, which the script reads.

use std::sync::OnceLock;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};

const HTML: &str = include_str!("../web/index.html");
const CSS: &str = include_str!("../web/app.css");
const JS: &str = include_str!("../web/app.js");
const NONCE: &str = "__NONCE__";

/// Only the page's own script and style run, by a nonce new with every load, so
/// nothing a hostile file smuggles into the page as markup could; pictures and
/// sounds come from the server or are made in the page.
fn policy(nonce: &str) -> String {
    format!(
        "default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; \
         img-src 'self' blob: data:; media-src 'self' blob:; connect-src 'self'; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
}

pub async fn index() -> Response {
    static PAGE: OnceLock<String> = OnceLock::new();
    let page = PAGE.get_or_init(|| HTML.replace("/*STYLE*/", CSS).replace("/*SCRIPT*/", JS));
    let Ok(nonce) = crate::guard::new_token() else {
        return (StatusCode::INTERNAL_SERVER_ERROR, "no random source").into_response();
    };
    let mut response = Html(page.replace(NONCE, &nonce)).into_response();
    if let Ok(v) = HeaderValue::from_str(&policy(&nonce)) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, v);
    }
    response
}
