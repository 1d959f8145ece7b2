//! A request turned away: its status and why, in words.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::pool::Unfinished;

/// A request that cannot be answered, and why.
#[derive(Clone)]
pub(crate) struct Refusal(pub StatusCode, pub String);

/// How long a request turned away for a full line is asked to wait: renders take
/// milliseconds to a second or so.
const RETRY_AFTER_SECONDS: &str = "1";

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let busy = self.0 == StatusCode::SERVICE_UNAVAILABLE;
        let mut response = (self.0, self.1).into_response();
        if busy {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from_static(RETRY_AFTER_SECONDS),
            );
        }
        response
    }
}

impl From<Unfinished> for Refusal {
    fn from(why: Unfinished) -> Refusal {
        match why {
            Unfinished::Busy => Refusal(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy: too many requests at once, ask again shortly".into(),
            ),
            Unfinished::Failed(e) => Refusal(StatusCode::INTERNAL_SERVER_ERROR, e),
        }
    }
}
