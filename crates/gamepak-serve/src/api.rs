//! The routes: the page, and a JSON and bytes API over the files being shown and
//! the collection's table. Files are named by their number (those given on the
//! command line first, then the collection's), entries by their path inside the
//! file as `list` gives it; an entry the file does not list is not found, so no
//! request can name anything else.

use std::collections::BTreeMap;
use std::sync::Arc;

use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{Path, Query, State as Shared};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::{middleware, Router};
use serde::{Deserialize, Serialize};

use crate::cache::{Files, Flight, Found};
use crate::collection;
use crate::files::{Opened, ServedFile};
use crate::pool::Unfinished;
use crate::refusal::Refusal;
use crate::{guard, page, render, State};

/// The most bytes the hex view asks for at once.
const MAX_BYTES: u64 = 1 << 16;

pub fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/api/files", get(files))
        .route("/api/collection", get(table))
        .route("/api/files/{id}", get(file))
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

fn refuse(status: StatusCode, why: String) -> Refusal {
    Refusal(status, why)
}

fn no_file(id: usize) -> Refusal {
    refuse(StatusCode::NOT_FOUND, format!("no file {id}"))
}

fn answer<T: IntoResponse>(done: Result<T, Refusal>) -> Response {
    match done {
        Ok(answer) => answer.into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// Work done on the pool: its answer, or why there is none.
fn finished<T>(done: Result<Result<T, Refusal>, Unfinished>) -> Result<T, Refusal> {
    done.map_err(Refusal::from).and_then(|answer| answer)
}

/// File `id`, opened (a collection's file is opened when first asked for), or
/// why it is not.
fn opened(state: &State, id: usize) -> Result<Arc<Opened>, Refusal> {
    match state.files.opened(id) {
        None => Err(no_file(id)),
        Some(Ok(opened)) => Ok(opened),
        Some(Err(e)) => Err(failed(e)),
    }
}

/// Runs `work` on file `id` on the pool, away from the workers that answer
/// requests: opening a file, reading its tables, checking it or rendering an
/// entry can take a while.
async fn on_file<T: IntoResponse + Send + 'static>(
    state: Arc<State>,
    id: usize,
    work: impl FnOnce(&ServedFile, &Opened) -> Result<T, Refusal> + Send + 'static,
) -> Response {
    if state.files.get(id).is_none() {
        return no_file(id).into_response();
    }
    let shared = state.clone();
    let done = state
        .pool
        .try_run(move || {
            let file = shared.files.get(id).ok_or_else(|| no_file(id))?;
            work(file, &*opened(&shared, id)?)
        })
        .await;
    answer(finished(done))
}

fn failed(e: impl std::fmt::Display) -> Refusal {
    refuse(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())
}

#[derive(Serialize)]
struct FileSummary {
    id: usize,
    name: String,
    /// As given, or as the collection names it.
    path: String,
    format: &'static str,
    title: &'static str,
    size: u64,
    /// For a collection's file that is not what its scan saw, why.
    #[serde(skip_serializing_if = "Option::is_none")]
    changed: Option<String>,
}

fn summary(id: usize, f: &ServedFile, o: &Opened) -> FileSummary {
    FileSummary {
        id,
        name: f.location.name(),
        path: f.location.shown(),
        format: o.format.name(),
        title: o.format.title(),
        size: o.data().len() as u64,
        changed: f.changed_since_scan(),
    }
}

/// The files given on the command line.
async fn files(Shared(state): Shared<Arc<State>>) -> Json<Vec<FileSummary>> {
    Json(
        state
            .files
            .given()
            .map(|(id, f, o)| summary(id, f, o))
            .collect(),
    )
}

/// Any file, a collection's too (opening it).
async fn file(Shared(state): Shared<Arc<State>>, Path(id): Path<usize>) -> Response {
    on_file(state, id, move |f, o| Ok(Json(summary(id, f, o)))).await
}

/// A page of the collection's table, filtered and sorted as asked.
async fn table(Shared(state): Shared<Arc<State>>, Query(q): Query<collection::Query>) -> Response {
    let shared = state.clone();
    let done = state
        .pool
        .try_run(move || match &shared.collection {
            Some(c) => serde_json::to_value(c.page(&q)).map(Json).map_err(failed),
            None => Err(refuse(
                StatusCode::NOT_FOUND,
                "no collection: give serve a scan's report or a folder".into(),
            )),
        })
        .await;
    answer(finished(done))
}

async fn info(Shared(state): Shared<Arc<State>>, Path(id): Path<usize>) -> Response {
    on_file(state, id, |_, f| {
        f.document()
            .info()
            .map(|read| Json(read.value))
            .map_err(failed)
    })
    .await
}

async fn entries(Shared(state): Shared<Arc<State>>, Path(id): Path<usize>) -> Response {
    on_file(state, id, |_, f| {
        f.entries().map(|e| Json(e.to_vec())).map_err(failed)
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
    on_file(state, id, |_, f| {
        let report = f.report();
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
        let data = f.data();
        let size = data.len() as u64;
        let start = span.offset.min(size);
        let end = start.saturating_add(span.length.min(MAX_BYTES)).min(size);
        Ok(binary(
            Bytes::copy_from_slice(&data[start as usize..end as usize]),
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

/// The files entry `entry` of file `id` renders to: kept from an earlier render,
/// shared with an identical request being answered, or else rendered on the pool.
async fn entry_files(state: &Arc<State>, id: usize, entry: &str) -> Result<Files, Refusal> {
    if state.files.get(id).is_none() {
        return Err(no_file(id));
    }
    let landing = match state.renders.find(&(id, entry.to_string())) {
        Found::Kept(files) => return Ok(files),
        Found::Flying(landing) => landing,
        Found::Vacant(flight) => {
            let landing = flight.landing();
            fly(state.clone(), flight, id, entry.to_string());
            landing
        }
    };
    // A flight given up is one the pool had no room for.
    landing
        .outcome()
        .await
        .unwrap_or_else(|| Err(Unfinished::Busy.into()))
}

/// Renders a flight's entry on the pool, in a task of its own: it lands (and is
/// kept) even when the request that started it has gone meanwhile.
fn fly(state: Arc<State>, flight: Flight<Refusal>, id: usize, entry: String) {
    let ticket = match state.pool.admit() {
        Ok(ticket) => ticket,
        Err(busy) => return flight.land(Err(busy.into())),
    };
    tokio::spawn(async move {
        let shared = state.clone();
        let done = state
            .pool
            .run(ticket, move || render_listed(&shared, id, &entry))
            .await;
        flight.land(finished(done));
    });
}

/// Renders entry `entry` of file `id`, if that file lists it.
fn render_listed(state: &State, id: usize, entry: &str) -> Result<Files, Refusal> {
    let f = state.files.get(id).ok_or_else(|| no_file(id))?;
    let o = opened(state, id)?;
    let listed = o.entries().map_err(failed)?;
    if !listed.iter().any(|e| e.path == entry) {
        return Err(refuse(
            StatusCode::NOT_FOUND,
            format!("{} lists no entry {entry:?}", f.location.name()),
        ));
    }
    let started = Instant::now();
    let renderer = state.renderer.as_ref();
    let files =
        render::entry(&f.location, &o, entry, renderer, state.max_render).map_err(failed)?;
    let files: BTreeMap<String, Bytes> = files
        .into_iter()
        .map(|(name, bytes)| (name, Bytes::from(bytes)))
        .collect();
    if let Some(log) = &state.log {
        let bytes: usize = files.values().map(Bytes::len).sum();
        log(&format!(
            "rendered {} {entry:?}: {} files, {bytes} bytes, in {} ms",
            f.location.name(),
            files.len(),
            started.elapsed().as_millis()
        ));
    }
    Ok(Arc::new(files))
}

async fn rendered(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<usize>,
    Query(q): Query<EntryQuery>,
) -> Response {
    let files = entry_files(&state, id, &q.entry).await;
    answer(files.map(|files| {
        Json(
            files
                .iter()
                .map(|(name, bytes)| RenderedFile {
                    name: name.clone(),
                    size: bytes.len(),
                    mime: mime(name),
                })
                .collect::<Vec<_>>(),
        )
    }))
}

async fn rendered_file(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<usize>,
    Query(q): Query<EntryQuery>,
) -> Response {
    let files = match entry_files(&state, id, &q.entry).await {
        Ok(files) => files,
        Err(refusal) => return refusal.into_response(),
    };
    let name = q.name.as_deref().unwrap_or(&q.entry);
    let Some(bytes) = files.get(name).cloned() else {
        return refuse(
            StatusCode::NOT_FOUND,
            format!("{:?} renders no file {name:?}", q.entry),
        )
        .into_response();
    };
    if q.as_.as_deref() == Some("json") && name.ends_with(".toml") {
        let done = state.pool.try_run(move || toml_as_json(&bytes)).await;
        return answer(finished(done).map(Json));
    }
    let attachment = (q.download == Some(1)).then_some(name);
    binary(bytes, name, attachment)
}

/// A TOML document as JSON: the same tables, for the page's tree view.
fn toml_as_json(bytes: &[u8]) -> Result<serde_json::Value, Refusal> {
    let text = std::str::from_utf8(bytes).map_err(failed)?;
    let table: toml::Table = toml::from_str(text).map_err(failed)?;
    serde_json::to_value(table).map_err(failed)
}

/// Bytes with the type their name's extension says; as an attachment named after
/// the file when `attachment` names it.
fn binary(bytes: Bytes, name: &str, attachment: Option<&str>) -> Response {
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
