//! The page: one HTML document with its style and script inlined, so the page is
//! the only thing served without the token. The token travels in the page's own
//! URL, which the script reads.

use std::sync::OnceLock;

use axum::http::{header, HeaderValue};
use axum::response::{Html, IntoResponse, Response};

const HTML: &str = include_str!("../web/index.html");
const CSS: &str = include_str!("../web/app.css");
const JS: &str = include_str!("../web/app.js");

/// Only the page's own script and style, inlined; pictures and sounds from the
/// server or made in the page.
const POLICY: &str = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
     img-src 'self' blob: data:; media-src 'self' blob:; connect-src 'self'; \
     base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

pub async fn index() -> Response {
    static PAGE: OnceLock<String> = OnceLock::new();
    let page = PAGE.get_or_init(|| HTML.replace("/*STYLE*/", CSS).replace("/*SCRIPT*/", JS));
    let mut response = Html(page.as_str()).into_response();
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    response
}
