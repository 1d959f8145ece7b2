//! The routes: the page, and a JSON and bytes API over the files being shown.
//! Files are named by their place on the command line, entries by their path
//! inside the file as `list` gives it; an entry the file does not list is not
//! found, so no request can name anything else.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State as Shared};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::{middleware, Router};
use serde::{Deserialize, Serialize};

use crate::files::ServedFile;
use crate::{guard, page, render, State};

/// The most bytes the hex view asks for at once.
const MAX_BYTES: u64 = 1 << 16;

pub fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/api/files", get(files))
        .route("/api/files/{id}/info", get(info))
        .route("/api/files/{id}/entries", get(entries))
        .route("/api/files/{id}/check", get(check))
        .route("/api/files/{id}/bytes", get(bytes))
        .route("/api/files/{id}/render", get(rendered))
        .route("/api/files/{id}/render/file", get(rendered_file))
        .fallback(|| async { refuse(StatusCode::NOT_FOUND, "no such page".into()) })
        .layer(middleware::from_fn_with_state(state.clone(), guard::check))
        .with_state(state)
}

/// A request that cannot be answered, and why.
struct Refusal(StatusCode, String);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.0, self.1).into_response()
    }
}

fn refuse(status: StatusCode, why: String) -> Refusal {
    Refusal(status, why)
}

/// Runs `work` on file `id` away from the workers that answer requests: reading a
/// file's tables, checking it or rendering an entry can take a while.
async fn on_file<T: IntoResponse + Send + 'static>(
    state: Arc<State>,
    id: usize,
    work: impl FnOnce(&State, &ServedFile) -> Result<T, Refusal> + Send + 'static,
) -> Response {
    if state.files.get(id).is_none() {
        return refuse(StatusCode::NOT_FOUND, format!("no file {id}")).into_response();
    }
    let done = tokio::task::spawn_blocking(move || {
        let file = state.files.get(id).expect("checked above");
        work(&state, file)
    })
    .await;
    match done {
        Ok(Ok(answer)) => answer.into_response(),
        Ok(Err(refusal)) => refusal.into_response(),
        Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

fn failed(e: impl std::fmt::Display) -> Refusal {
    refuse(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())
}

#[derive(Serialize)]
struct FileSummary {
    id: usize,
    name: String,
    format: &'static str,
    title: &'static str,
    size: u64,
}

async fn files(Shared(state): Shared<Arc<State>>) -> Json<Vec<FileSummary>> {
    Json(
        state
            .files
            .files
            .iter()
            .enumerate()
            .map(|(id, f)| FileSummary {
                id,
                name: f.name(),
                format: f.format.name(),
                title: f.format.title(),
                size: f.data.len() as u64,
            })
            .collect(),
    )
}

async fn info(Shared(state): Shared<Arc<State>>, Path(id): Path<usize>) -> Response {
    on_file(state, id, |s, f| {
        f.handler
            .info(&f.data, &s.files.options)
            .map(|read| Json(read.value))
            .map_err(failed)
    })
    .await
}

async fn entries(Shared(state): Shared<Arc<State>>, Path(id): Path<usize>) -> Response {
    on_file(state, id, |s, f| {
        f.entries(&s.files.options)
            .map(|e| Json(e.to_vec()))
            .map_err(failed)
    })
    .await
}

#[derive(Serialize)]
struct CheckAnswer<'r> {
    errors: usize,
    warnings: usize,
    problems: &'r [gamepak::report::Problem],
}

async fn check(Shared(state): Shared<Arc<State>>, Path(id): Path<usize>) -> Response {
    on_file(state, id, |s, f| {
        let report = f.report(&s.files.options);
        let count = |s| report.problems.iter().filter(|p| p.severity == s).count();
        Ok(Json(CheckAnswer {
            errors: count(gamepak::Severity::Error),
            warnings: count(gamepak::Severity::Warning),
            problems: &report.problems,
        })
        .into_response())
    })
    .await
}

#[derive(Deserialize)]
struct Span {
    offset: u64,
    length: u64,
}

async fn bytes(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<usize>,
    Query(span): Query<Span>,
) -> Response {
    on_file(state, id, move |_, f| {
        let size = f.data.len() as u64;
        let start = span.offset.min(size);
        let end = start.saturating_add(span.length.min(MAX_BYTES)).min(size);
        Ok(binary(
            f.data[start as usize..end as usize].to_vec(),
            "bin",
            None,
        ))
    })
    .await
}

#[derive(Deserialize)]
struct EntryQuery {
    entry: String,
    /// One file of the entry's rendering.
    name: Option<String>,
    /// Sent as an attachment, to be saved.
    download: Option<u8>,
    /// `json`: a TOML file given as JSON, for the page's table view.
    #[serde(rename = "as")]
    as_: Option<String>,
}

#[derive(Serialize)]
struct RenderedFile {
    name: String,
    size: usize,
    #[serde(rename = "type")]
    mime: &'static str,
}

/// The files an entry renders to, rendering it (or taking it from the cache).
fn render_entry(
    state: &State,
    id: usize,
    f: &ServedFile,
    entry: &str,
) -> Result<Arc<BTreeMap<String, Vec<u8>>>, Refusal> {
    let listed = f.entries(&state.files.options).map_err(failed)?;
    if !listed.iter().any(|e| e.path == entry) {
        return Err(refuse(
            StatusCode::NOT_FOUND,
            format!("{} lists no entry {entry:?}", f.name()),
        ));
    }
    state.renders.get_or_render(id, entry, || {
        render::entry(f, entry, &state.files.options).map_err(failed)
    })
}

/// Runs `work` on the files the entry `q` names, of file `id`, renders to.
async fn on_entry<T: IntoResponse + Send + 'static>(
    state: Arc<State>,
    id: usize,
    q: EntryQuery,
    work: impl FnOnce(&EntryQuery, &BTreeMap<String, Vec<u8>>) -> Result<T, Refusal> + Send + 'static,
) -> Response {
    on_file(state, id, move |s, f| {
        let files = render_entry(s, id, f, &q.entry)?;
        work(&q, &files)
    })
    .await
}

async fn rendered(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<usize>,
    Query(q): Query<EntryQuery>,
) -> Response {
    on_entry(state, id, q, |_, files| {
        let list: Vec<RenderedFile> = files
            .iter()
            .map(|(name, bytes)| RenderedFile {
                name: name.clone(),
                size: bytes.len(),
                mime: mime(name),
            })
            .collect();
        Ok(Json(list))
    })
    .await
}

async fn rendered_file(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<usize>,
    Query(q): Query<EntryQuery>,
) -> Response {
    on_entry(state, id, q, |q, files| {
        let name = q.name.as_deref().unwrap_or(&q.entry);
        let Some(bytes) = files.get(name) else {
            return Err(refuse(
                StatusCode::NOT_FOUND,
                format!("{:?} renders no file {name:?}", q.entry),
            ));
        };
        if q.as_.as_deref() == Some("json") && name.ends_with(".toml") {
            return toml_as_json(bytes).map(|v| Json(v).into_response());
        }
        let attachment = (q.download == Some(1)).then_some(name);
        Ok(binary(bytes.clone(), name, attachment))
    })
    .await
}

/// A TOML document as JSON: the same tables, for the page's tree view.
fn toml_as_json(bytes: &[u8]) -> Result<serde_json::Value, Refusal> {
    let text = std::str::from_utf8(bytes).map_err(failed)?;
    let table: toml::Table = toml::from_str(text).map_err(failed)?;
    serde_json::to_value(table).map_err(failed)
}

/// Bytes with the type their name's extension says; as an attachment named after
/// the file when `attachment` names it.
fn binary(bytes: Vec<u8>, name: &str, attachment: Option<&str>) -> Response {
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime(name)));
    if let Some(file) = attachment {
        let base: String = file
            .rsplit('/')
            .next()
            .unwrap_or(file)
            .chars()
            .filter(|c| c.is_ascii_graphic() && *c != '"' && *c != '\\')
            .collect();
        if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{base}\"")) {
            headers.insert(header::CONTENT_DISPOSITION, v);
        }
    }
    response
}

fn mime(name: &str) -> &'static str {
    let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "png" => "image/png",
        "wav" => "audio/wav",
        "ogg" => "audio/ogg",
        "mp3" => "audio/mpeg",
        "json" => "application/json",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "toml" => "application/toml",
        "asm" | "txt" | "gml" | "js" | "glsl" | "hlsl" | "csv" | "gap" | "xml" | "swasm" => {
            "text/plain; charset=utf-8"
        }
        _ => "application/octet-stream",
    }
}
