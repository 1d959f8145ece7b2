'use strict';
// gamepak serve's page: the files given, their entries as a tree, previews, the
// check report and a hex view; and a collection (a scan's report or a folder) as
// a table whose rows open those views. Everything comes from the server's API,
// which the token printed with the URL opens.

const token = new URLSearchParams(location.search).get('token') || '';
const $ = (sel) => document.querySelector(sel);

function api(path, params = {}) {
  const u = new URL(path, location.origin);
  u.searchParams.set('token', token);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

// The server answers 503 with Retry-After when too much is asked of it at once:
// such a request is asked again after the wait it names, a few times.
const TRIES = 4;
const pause = (seconds) => new Promise((r) => setTimeout(r, Math.min(Math.max(seconds, 0.2), 10) * 1000));
async function fetchRetrying(url) {
  for (let k = 1; ; k++) {
    const r = await fetch(url);
    if (r.status !== 503 || k >= TRIES) return r;
    await pause(Number(r.headers.get('Retry-After')) || 1);
  }
}
// A picture or sound that failed to load is asked again the same way (an element
// cannot tell a busy server from a missing file, so it tries a few times only).
document.addEventListener('error', (e) => {
  const m = e.target;
  if (!(m instanceof HTMLImageElement || m instanceof HTMLAudioElement)) return;
  if (!m.src.startsWith(`${location.origin}/api/`)) return;
  const tries = Number(m.dataset.tries || 0) + 1;
  if (tries >= TRIES) return;
  m.dataset.tries = tries;
  pause(1).then(() => { m.src = withTry(m.src, tries); });
}, true);
function withTry(url, k) {
  const u = new URL(url);
  u.searchParams.set('try', k);
  return u.toString();
}

async function getJSON(path, params) {
  const r = await fetchRetrying(api(path, params));
  if (!r.ok) throw new Error(await r.text());
  return r.json();
}

async function getText(path, params) {
  const r = await fetchRetrying(api(path, params));
  if (!r.ok) throw new Error(await r.text());
  return r.text();
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

const hex16 = (n, width = 8) => n.toString(16).padStart(width, '0');
function size(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1 << 20) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1 << 30) return `${(n / (1 << 20)).toFixed(1)} MB`;
  return `${(n / (1 << 30)).toFixed(2)} GB`;
}

function status(text) { $('#status').textContent = text; }

// What the page knows; on `window` so it can be looked at from the console.
const state = { files: [], summaries: new Map(), collection: null, table: null, id: null, entries: [], selected: -1, times: {}, renderedTree: 0, violations: [] };
window.gamepak = state;
// What the page's policy blocked: nothing, unless a view breaks it.
document.addEventListener('securitypolicyviolation', (e) => state.violations.push(`${e.violatedDirective} ${e.blockedURI}`));

// ---- tabs ----
function showTab(name) {
  for (const b of document.querySelectorAll('.tabs button')) b.classList.toggle('on', b.dataset.tab === name);
  for (const t of document.querySelectorAll('.tab')) t.classList.toggle('on', t.id === name);
}
for (const b of document.querySelectorAll('.tabs button')) b.addEventListener('click', () => showTab(b.dataset.tab));

// ---- files ----
async function start() {
  try {
    state.files = await getJSON('/api/files');
  } catch (e) {
    status(`cannot reach the server: ${e.message}`);
    return;
  }
  try {
    state.collection = await getJSON('/api/collection', { limit: 0 });
  } catch (_) {
    state.collection = null; // none given
  }
  const nav = $('#files');
  if (state.collection) {
    nav.append(el('button', { id: 'tocollection', onclick: () => go('collection') }, `Collection · ${state.collection.total} files`));
    fillRowFilters(state.collection.summary);
  }
  for (const f of state.files) {
    state.summaries.set(f.id, f);
    nav.append(el('button', { dataset: { id: f.id }, title: `${f.title}, ${size(f.size)}`, onclick: () => go(`file=${f.id}`) }, `${f.name} · ${f.title}`));
  }
  window.addEventListener('hashchange', route);
  route();
}

// The view is the URL's: #file=N shows file N, #collection the table, so the
// browser's back button goes from a file back to the table.
function go(hash) {
  if (location.hash.slice(1) === hash) route();
  else location.hash = hash;
}

function route() {
  const wanted = new URLSearchParams(location.hash.slice(1)).get('file');
  if (wanted != null && /^\d+$/.test(wanted)) openFile(Number(wanted));
  else if (state.collection) showCollection();
  else if (state.files.length) openFile(state.files[0].id);
}

function showView(collection) {
  $('#collection').hidden = !collection;
  $('main').hidden = collection;
  const on = (b) => (collection ? b.id === 'tocollection' : Number(b.dataset.id) === state.id && b.id !== 'tocollection');
  for (const b of document.querySelectorAll('#files button')) b.classList.toggle('on', on(b));
}

// File `id`'s name, format and size: a given file's are known, a collection's
// are asked for (which opens it).
async function summaryOf(id) {
  if (!state.summaries.has(id)) state.summaries.set(id, await getJSON(`/api/files/${id}`));
  return state.summaries.get(id);
}

async function openFile(id) {
  state.id = id;
  state.selected = -1;
  delete document.body.dataset.treeReady;
  showView(false);
  $('#tree').replaceChildren();
  $('#info').replaceChildren();
  $('#check').replaceChildren();
  $('#checkcount').textContent = '';
  $('#preview').replaceChildren(el('p', { class: 'meta' }, 'Select an entry.'));
  let f;
  try {
    status(`file ${id}: opening it`);
    f = await summaryOf(id);
  } catch (e) {
    if (state.id !== id) return;
    status(`file ${id} does not open`);
    $('#tree').replaceChildren(el('p', { class: 'error-text' }, e.message));
    document.body.dataset.treeReady = String(id);
    return;
  }
  if (state.id !== id) return;
  status(`${f.name}: reading its tables`);
  hex.open(id, f.size);
  loadInfo(id);
  loadCheck(id);
  let failed = null;
  try {
    state.entries = await getJSON(`/api/files/${id}/entries`);
  } catch (e) {
    state.entries = [];
    failed = e.message;
  }
  if (state.id !== id) return;
  fillKinds();
  drawEntries();
  // A file whose tables do not read still has its info, check report and bytes.
  if (failed) $('#tree').replaceChildren(el('p', { class: 'error-text' }, failed));
  // Two frames: the tree has then been laid out and painted.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  state.times.treePainted = performance.now();
  document.body.dataset.treeReady = String(id);
  status(`${f.path}: ${state.entries.length} entries, ${size(f.size)}`);
}

// ---- the collection ----
// The server filters, sorts and pages the rows, so the table costs the same for
// ten files as for a hundred thousand.
const PAGE_ROWS = 200;
const table = { sort: 'path', desc: false, offset: 0, serial: 0 };
// Numbers are looked at largest first.
const LARGEST_FIRST = new Set(['problems', 'size']);

function fillRowFilters(summary) {
  const fill = (sel, every, counts) => {
    const names = Object.keys(counts);
    $(sel).replaceChildren(el('option', { value: '' }, every), ...names.map((k) => el('option', { value: k }, `${k.replace('_', ' ')} (${counts[k]})`)));
    $(sel).hidden = names.length < 2;
  };
  fill('#rowformat', 'every format', summary.formats);
  fill('#rowstatus', 'every status', summary.statuses);
  fill('#rowfamily', 'every GameMaker family', summary.families);
}

function showCollection() {
  state.id = null;
  showView(true);
  drawRows();
}

function rowQuery() {
  return {
    text: $('#rowfilter').value.trim(), format: $('#rowformat').value, status: $('#rowstatus').value, family: $('#rowfamily').value,
    sort: table.sort, desc: table.desc ? 1 : 0, offset: table.offset, limit: PAGE_ROWS,
  };
}

async function drawRows() {
  const serial = ++table.serial;
  delete document.body.dataset.tableReady;
  let page;
  try {
    page = await getJSON('/api/collection', rowQuery());
  } catch (e) {
    $('#rowcount').textContent = e.message;
    return;
  }
  if (serial !== table.serial) return;
  state.table = page;
  for (const th of document.querySelectorAll('#rows th')) {
    if (th.dataset.sort === table.sort) th.setAttribute('aria-sort', table.desc ? 'descending' : 'ascending');
    else th.removeAttribute('aria-sort');
  }
  $('#rows tbody').replaceChildren(...page.rows.map(rowView));
  const last = page.offset + page.rows.length;
  const of = page.matched === page.total ? '' : ` (${page.total} in all)`;
  $('#rowcount').textContent = page.matched ? `${page.offset + 1}–${last} of ${page.matched} files${of}` : `no file matches${of}`;
  $('#rowprev').disabled = page.offset === 0;
  $('#rownext').disabled = last >= page.matched;
  status(`${page.source.join(', ')}: ${page.total} files`);
  document.body.dataset.tableReady = String(serial);
}

function rowView(r) {
  const opens = r.file != null;
  const problems = r.errors == null ? '' : `${r.errors} / ${r.warnings}`;
  const tr = el('tr', { dataset: { path: r.path }, title: r.note || '' },
    el('td', { class: 'path' }, r.path),
    el('td', {}, r.format || '—'),
    el('td', {}, r.release || ''),
    el('td', { class: `st-${r.status}` }, r.status.replace('_', ' ')),
    el('td', { class: 'num' }, problems),
    el('td', { class: 'num' }, r.size == null ? '' : size(r.size)));
  if (opens) {
    tr.className = 'opens';
    tr.dataset.file = r.file;
    tr.tabIndex = 0;
    tr.addEventListener('click', () => go(`file=${r.file}`));
    tr.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') go(`file=${r.file}`); });
  }
  return tr;
}

for (const th of document.querySelectorAll('#rows th')) {
  th.addEventListener('click', () => {
    const column = th.dataset.sort;
    table.desc = column === table.sort ? !table.desc : LARGEST_FIRST.has(column);
    table.sort = column;
    table.offset = 0;
    drawRows();
  });
}
const refilter = () => { table.offset = 0; drawRows(); };
let rowTimer = 0;
$('#rowfilter').addEventListener('input', () => { clearTimeout(rowTimer); rowTimer = setTimeout(refilter, 120); });
for (const sel of ['#rowformat', '#rowstatus', '#rowfamily']) $(sel).addEventListener('change', refilter);
$('#rowprev').addEventListener('click', () => { table.offset = Math.max(0, table.offset - PAGE_ROWS); drawRows(); });
$('#rownext').addEventListener('click', () => { table.offset += PAGE_ROWS; drawRows(); });

function fillKinds() {
  const kinds = [...new Set(state.entries.map((e) => e.kind))].sort();
  $('#kind').replaceChildren(el('option', { value: '' }, 'every kind'), ...kinds.map((k) => el('option', { value: k }, k)));
}

// ---- the tree ----
function buildTree(entries) {
  const root = { dirs: new Map(), files: [], count: 0 };
  entries.forEach((e, i) => {
    const parts = e.path.split('/');
    let node = root;
    node.count++;
    for (const part of parts.slice(0, -1)) {
      if (!node.dirs.has(part)) node.dirs.set(part, { dirs: new Map(), files: [], count: 0 });
      node = node.dirs.get(part);
      node.count++;
    }
    node.files.push(i);
  });
  return root;
}

function entryRow(i, label) {
  const e = state.entries[i];
  const row = el('div', { class: 'entry', role: 'treeitem', tabindex: '0', dataset: { i, path: e.path }, title: `${e.path}\n${e.detail}`, onclick: () => select(i) },
    el('span', { class: 'name' }, label),
    el('span', { class: 'kind' }, e.kind),
    el('span', { class: 'size' }, e.size ? size(e.size) : ''));
  if (i === state.selected) row.classList.add('on');
  return row;
}

// A folder's rows are made when it is first opened, so a file of many thousand
// entries paints as fast as a small one.
function drawFolder(node, into, open) {
  for (const [name, child] of [...node.dirs].sort((a, b) => a[0].localeCompare(b[0]))) {
    const inner = el('div');
    const d = el('details', { dataset: { folder: name } }, el('summary', {}, `${name}/ `, el('span', { class: 'size' }, `${child.count}`)), inner);
    let drawn = false;
    d.drawRows = () => { if (!drawn) { drawn = true; drawFolder(child, inner, false); } };
    d.addEventListener('toggle', () => { if (d.open) d.drawRows(); });
    into.append(d);
    if (open) d.open = true;
  }
  for (const i of node.files) into.append(entryRow(i, state.entries[i].path.split('/').pop()));
  state.renderedTree += node.files.length;
}

const MAX_MATCHES = 2000;
function drawEntries() {
  const tree = $('#tree');
  const text = $('#filter').value.trim().toLowerCase();
  const kind = $('#kind').value;
  state.renderedTree = 0;
  if (!text && !kind) {
    tree.replaceChildren();
    drawFolder(buildTree(state.entries), tree, state.entries.length <= 300);
    $('#count').textContent = `${state.entries.length} entries`;
    return;
  }
  const matches = [];
  state.entries.forEach((e, i) => {
    if ((!kind || e.kind === kind) && (!text || e.path.toLowerCase().includes(text))) matches.push(i);
  });
  const rows = matches.slice(0, MAX_MATCHES).map((i) => entryRow(i, state.entries[i].path));
  tree.replaceChildren(...rows);
  state.renderedTree = rows.length;
  const more = matches.length > MAX_MATCHES ? ` (first ${MAX_MATCHES} shown)` : '';
  $('#count').textContent = `${matches.length} of ${state.entries.length} entries${more}`;
}

// Up and down walk the rows in view, selecting as they go.
$('#tree').addEventListener('keydown', (ev) => {
  if (ev.key !== 'ArrowDown' && ev.key !== 'ArrowUp') return;
  const rows = [...document.querySelectorAll('#tree .entry')].filter((r) => r.offsetParent !== null);
  const at = rows.indexOf(document.activeElement);
  const next = rows[ev.key === 'ArrowDown' ? Math.min(rows.length - 1, at + 1) : Math.max(0, at - 1)];
  if (!next) return;
  ev.preventDefault();
  next.focus();
  select(Number(next.dataset.i));
});

let filterTimer = 0;
$('#filter').addEventListener('input', () => { clearTimeout(filterTimer); filterTimer = setTimeout(drawEntries, 80); });
$('#kind').addEventListener('change', drawEntries);

// ---- selecting an entry ----
function select(i, from = {}) {
  state.selected = i;
  for (const r of document.querySelectorAll('.entry.on')) r.classList.remove('on');
  for (const r of document.querySelectorAll(`.entry[data-i="${i}"]`)) r.classList.add('on');
  const e = state.entries[i];
  hex.highlight(e.offset, Math.max(e.stored_size, 1), from.byte ?? -1);
  if (from.byte == null) hex.scrollTo(e.offset);
  else reveal(i);
  showTab('preview');
  preview(i);
}

// Opens the folders down to entry `i`'s row and brings it into view (when the
// tree, not a filtered list, is showing).
function reveal(i) {
  let into = $('#tree');
  const parts = state.entries[i].path.split('/');
  for (const part of parts.slice(0, -1)) {
    const d = [...into.children].find((c) => c.tagName === 'DETAILS' && c.dataset.folder === part);
    if (!d) break;
    d.drawRows();
    d.open = true;
    into = d.lastElementChild;
  }
  const row = document.querySelector(`.entry[data-i="${i}"]`);
  if (row) { row.classList.add('on'); row.scrollIntoView({ block: 'nearest' }); }
}

// The smallest entry holding byte `at`, or -1.
function entryAt(at) {
  let best = -1;
  state.entries.forEach((e, i) => {
    if (e.stored_size > 0 && at >= e.offset && at < e.offset + e.stored_size && (best < 0 || e.stored_size < state.entries[best].stored_size)) best = i;
  });
  return best;
}

// ---- info ----
async function loadInfo(id) {
  const box = $('#info');
  box.replaceChildren(el('p', { class: 'meta' }, 'Reading…'));
  try {
    const info = await getJSON(`/api/files/${id}/info`);
    if (state.id !== id) return;
    const f = state.summaries.get(id);
    const changed = f.changed && el('p', { class: 'error-text changed' }, `This file ${f.changed}: the table's row describes what it was.`);
    box.replaceChildren(...[el('h2', {}, f.path), changed, jsonTree(info, 2)].filter(Boolean));
  } catch (e) {
    box.replaceChildren(el('p', { class: 'error-text' }, e.message));
  }
  if (!document.querySelector('.tabs button.on')) showTab('info');
}

// ---- check ----
async function loadCheck(id) {
  const box = $('#check');
  box.replaceChildren(el('p', { class: 'meta' }, 'Checking…'));
  $('#checkcount').textContent = '';
  let report;
  try {
    report = await getJSON(`/api/files/${id}/check`);
  } catch (e) {
    box.replaceChildren(el('p', { class: 'error-text' }, e.message));
    return;
  }
  if (state.id !== id) return;
  $('#checkcount').textContent = report.errors || report.warnings ? `(${report.errors}/${report.warnings})` : '✓';
  const list = el('ul', { class: 'problems' });
  for (const p of report.problems) {
    const at = p.offset == null ? '' : ` at 0x${p.offset.toString(16)}`;
    list.append(el('li', { class: `problem ${p.severity}`, dataset: { offset: p.offset ?? '' }, onclick: () => showProblem(p) },
      el('span', { class: 'sev' }, p.severity), ' ', el('code', {}, p.path), at, ': ', p.message));
  }
  box.replaceChildren(
    el('p', {}, `${report.errors} errors, ${report.warnings} warnings, ${report.problems.length} problems in all`),
    list);
  document.body.dataset.checkReady = String(id);
}

// A problem's bytes: those of the smallest entry holding its offset, with the byte
// itself marked.
function showProblem(p) {
  if (p.offset == null) return;
  const i = entryAt(p.offset);
  if (i >= 0) hex.highlight(state.entries[i].offset, state.entries[i].stored_size, p.offset);
  else hex.highlight(p.offset, 1, p.offset);
  hex.scrollTo(p.offset);
}

// ---- previews ----
const renderURL = (entry, name, download) => api(`/api/files/${state.id}/render/file`, download ? { entry, name, download: 1 } : { entry, name });
// The text of file `name` that entry `entry` renders to.
const renderedText = (entry, name, more = {}) => getText(`/api/files/${state.id}/render/file`, { entry, name, ...more });

async function preview(i) {
  const e = state.entries[i];
  const box = $('#preview');
  const meta = `${e.kind} · ${e.encoding} · ${size(e.stored_size)} stored at 0x${e.offset.toString(16)} · ${size(e.size)} · ${e.detail}`;
  const body = el('div', {}, el('p', { class: 'meta' }, 'Rendering…'));
  const downloads = el('p', { class: 'downloads' });
  box.replaceChildren(el('h2', {}, e.path), el('p', { class: 'meta' }, meta), downloads, body);
  let files;
  try {
    files = await getJSON(`/api/files/${state.id}/render`, { entry: e.path });
  } catch (err) {
    body.replaceChildren(el('p', { class: 'error-text' }, err.message));
    return;
  }
  if (state.selected !== i) return;
  for (const f of files) downloads.append(el('a', { href: renderURL(e.path, f.name, true), download: f.name.split('/').pop() }, `⇩ ${f.name.split('/').pop()} (${size(f.size)})`));
  if (!files.length) { body.replaceChildren(el('p', { class: 'meta' }, 'Extract writes no file for this entry.')); return; }
  // A tile map is drawn (its picture beside its data); anything else shows its own file.
  const drawn = e.kind === 'tilemap' && files.find((f) => f.type === 'image/png');
  const main = drawn || files.find((f) => f.name === e.path) || files.find((f) => f.type === 'image/png') || files[0];
  // A disassembly that decompiles shows its GML first.
  const gml = e.kind === 'script' && files.find((f) => f.name.endsWith('.gml') && f !== main);
  try {
    body.replaceChildren(gml ? await scriptView(e, gml, main) : await view(e, main));
  } catch (err) {
    body.replaceChildren(el('p', { class: 'error-text' }, err.message));
  }
}

async function view(e, f) {
  const url = renderURL(e.path, f.name);
  if (f.type === 'image/png') {
    if (e.kind === 'sprite') return spriteView(e);
    const regions = pageRegions(e);
    return regions.length ? pageView(url, regions) : image(url);
  }
  if (f.type.startsWith('audio/')) {
    return el('audio', { controls: '', preload: 'metadata', src: url });
  }
  if (f.type === 'application/json' || f.type === 'application/toml') {
    const asJson = f.type === 'application/toml' ? { as: 'json' } : {};
    const text = await renderedText(e.path, f.name, asJson);
    const value = JSON.parse(text);
    if (e.kind === 'strings' && Array.isArray(value)) return stringTable(value);
    if (e.kind === 'tilemap') return tilemapView(value);
    if (Array.isArray(value.maps) && value.maps.some((m) => m.asset && Array.isArray(m.asset.layers))) return mapsByLayer(value.maps, await tngTiles());
    return jsonTree(value, 1);
  }
  if (f.type.startsWith('text/')) {
    const text = await renderedText(e.path, f.name);
    return e.kind === 'script' ? code(text) : el('pre', {}, text);
  }
  return el('p', { class: 'meta' }, 'No preview for this kind: its bytes are highlighted in the hex view, and it can be downloaded above.');
}

function image(url) {
  return el('img', { class: 'pixel preview-image', src: url, alt: '' });
}

// The frames a page or sheet holds: entries whose detail says "WxH from page N at
// (X, Y)" (GameMaker's pages, the image entries under textures/) or "from sheet N"
// (SWAG's sheets, under sheets/), N counting those images in order.
const REGION = /(\d+)x(\d+) from (page|sheet) (\d+) at \((\d+), (\d+)\)/;
const HOLDERS = { page: 'textures/', sheet: 'sheets/' };
function pageRegions(page) {
  const word = Object.keys(HOLDERS).find((w) => page.path.startsWith(HOLDERS[w]));
  if (!word) return [];
  const pages = state.entries.filter((e) => e.kind === 'image' && e.path.startsWith(HOLDERS[word]) && !REGION.test(e.detail));
  const n = pages.indexOf(page);
  if (n < 0) return [];
  const out = [];
  state.entries.forEach((e, i) => {
    const m = REGION.exec(e.detail);
    if (m && m[3] === word && Number(m[4]) === n) out.push({ i, w: +m[1], h: +m[2], x: +m[5], y: +m[6] });
  });
  return out;
}

function pageView(url, regions) {
  const img = image(url);
  const wrap = el('div', { class: 'page' }, img);
  img.addEventListener('load', () => {
    const W = img.naturalWidth, H = img.naturalHeight;
    for (const r of regions) {
      const e = state.entries[r.i];
      const box = el('div', { class: 'region', title: e.path, dataset: { i: r.i }, onclick: () => select(r.i) });
      // Through the style object: the page's policy allows no inline style.
      Object.assign(box.style, {
        left: `${(100 * r.x) / W}%`, top: `${(100 * r.y) / H}%`, width: `${(100 * r.w) / W}%`, height: `${(100 * r.h) / H}%`,
      });
      wrap.append(box);
    }
  });
  return el('div', {}, el('p', { class: 'meta' }, `${regions.length} frames on this page: click one to open it.`), wrap);
}

// A sprite's frames, the entries beside it, played at the sprite's own speed
// (from its sprite.json when it has one).
async function spriteView(e) {
  const folder = e.path.slice(0, e.path.lastIndexOf('/') + 1);
  const frames = state.entries.filter((x) => x.kind === 'sprite' && x.path.startsWith(folder) && !x.path.slice(folder.length).includes('/'));
  let fps = 15;
  const json = state.entries.find((x) => x.path === `${folder}sprite.json`);
  if (json) {
    try {
      const s = JSON.parse(await renderedText(json.path, json.path));
      const sp = s.special;
      if (sp && sp.playback_speed > 0) fps = sp.speed_type === 0 ? sp.playback_speed : sp.playback_speed * 30;
    } catch (_) { /* the default speed */ }
  }
  const urls = frames.map((x) => renderURL(x.path, x.path));
  const img = image(urls[Math.max(0, frames.indexOf(e))]);
  const label = el('span', { class: 'meta' });
  let k = Math.max(0, frames.indexOf(e));
  let timer = 0;
  const show = () => { img.src = urls[k]; label.textContent = `frame ${k + 1} of ${frames.length}, ${fps.toFixed(1)} fps`; };
  const play = () => { if (frames.length > 1) timer = setInterval(() => { k = (k + 1) % frames.length; show(); }, 1000 / Math.max(0.1, fps)); };
  const button = el('button', { onclick: () => { if (timer) { clearInterval(timer); timer = 0; button.textContent = 'play'; } else { play(); button.textContent = 'pause'; } } }, 'pause');
  show();
  play();
  const strip = el('div', { class: 'strip' }, ...urls.map((u, j) => el('img', { class: 'pixel', src: u, title: frames[j].path, onclick: () => select(state.entries.indexOf(frames[j])) })));
  return el('div', {}, el('div', { class: 'player' }, button, label), img, strip);
}

function loadImage(url, tries = 1) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => {
      if (tries >= TRIES) reject(new Error(`cannot load ${url}`));
      else pause(1).then(() => loadImage(withTry(url, tries), tries + 1)).then(resolve, reject);
    };
    img.src = url;
  });
}

// A tile map drawn with its tile set (the tiles under tilesets/<its id>/, in
// order), or its JSON when it has none.
async function tilemapView(map) {
  const folder = `tilesets/${map.id}/`;
  const tiles = state.entries.filter((x) => x.kind === 'tile' && x.path.startsWith(folder));
  if (!tiles.length || !Array.isArray(map.tiles)) return jsonTree(map, 1);
  const images = await Promise.all(tiles.map((t) => loadImage(renderURL(t.path, t.path))));
  const tw = images[0].naturalWidth, th = images[0].naturalHeight;
  const canvas = el('canvas', { class: 'pixel map', width: map.width * tw, height: map.height * th });
  const ctx = canvas.getContext('2d');
  map.tiles.forEach((row, y) => row.forEach((t, x) => { if (images[t]) ctx.drawImage(images[t], x * tw, y * th); }));
  const scale = Math.max(1, Math.floor(480 / canvas.width));
  canvas.style.width = `${canvas.width * scale}px`;
  canvas.style.imageRendering = 'pixelated';
  return el('div', {},
    el('p', { class: 'meta' }, `${map.width}x${map.height} tiles of ${tw}x${th}, from ${folder}`),
    canvas,
    el('details', {}, el('summary', {}, 'as JSON'), jsonTree(map, 1)));
}

// TirNanoG's tiles: each tile sprite's first frame, cut from its atlas (the
// atlases are the images under assets/NN-atlases/, in order). Null when the file
// has no tile sprites or atlases to draw with.
async function tngTiles() {
  const section = state.entries.find((e) => /^sections\/\d+-tile-sprites\.json$/.test(e.path));
  const atlases = state.entries.filter((e) => e.kind === 'image' && /^assets\/\d+-atlases\//.test(e.path));
  if (!section || !atlases.length) return null;
  try {
    const doc = JSON.parse(await renderedText(section.path, section.path));
    const images = await Promise.all(atlases.map((a) => loadImage(renderURL(a.path, a.path))));
    const sprites = (doc.sprites || []).map((s) => {
      const anim = s && s.asset && s.asset.animations && s.asset.animations[0];
      const frame = anim && anim.frames && anim.frames[0];
      return frame && images[frame.atlas] ? { anim, frame, image: images[frame.atlas] } : null;
    });
    const first = sprites.find(Boolean);
    return first ? { sprites, size: first.anim.width } : null;
  } catch (_) {
    return null;
  }
}

// TirNanoG maps, layer by layer: each layer's tile numbers (space-separated rows,
// -1 for none), upper layers over lower ones, each shown or hidden by its box.
// Tiles are drawn from their sprites when the file has them, else as cells
// coloured and numbered by tile.
function mapsByLayer(maps, tiles) {
  const usable = maps.map((m, i) => [i, m]).filter(([, m]) => m.asset && Array.isArray(m.asset.layers));
  const pick = el('select', {}, ...usable.map(([i, m]) => el('option', { value: i }, `map ${i}${m.asset.title != null ? ` (title ${m.asset.title})` : ''}`)));
  const layersBox = el('div', { class: 'layers' });
  const canvas = el('canvas', { class: 'tng-map pixel' });
  const CELL = tiles ? tiles.size : 16;
  const colour = (n) => `hsl(${(n * 137.508) % 360} 55% ${45 + (n % 3) * 10}%)`;
  let grids = [], shown = [];
  const draw = () => {
    const h = Math.max(0, ...grids.map((g) => g.length));
    const w = Math.max(0, ...grids.map((g) => Math.max(0, ...g.map((r) => r.length))));
    canvas.width = w * CELL; canvas.height = h * CELL;
    const ctx = canvas.getContext('2d');
    grids.forEach((g, l) => {
      if (!shown[l]) return;
      g.forEach((row, y) => row.forEach((n, x) => {
        if (n < 0) return;
        const tile = tiles && tiles.sprites[n];
        if (tile) {
          const f = tile.frame;
          const lift = Math.max(0, tile.anim.height - CELL);
          ctx.drawImage(tile.image, f.x, f.y, f.width, f.height, x * CELL + f.left, y * CELL + f.top - lift, f.width, f.height);
          return;
        }
        ctx.fillStyle = colour(n);
        ctx.fillRect(x * CELL, y * CELL, CELL, CELL);
        ctx.fillStyle = 'rgba(0,0,0,.55)';
        ctx.font = '9px monospace';
        ctx.fillText(String(n), x * CELL + 2, y * CELL + 11);
      }));
    });
  };
  const load = () => {
    const m = maps[Number(pick.value)];
    grids = m.asset.layers.map((layer) => (Array.isArray(layer) ? layer : []).map((row) => String(row).trim().split(/\s+/).map(Number)));
    shown = grids.map((g) => g.some((row) => row.some((n) => n >= 0)));
    layersBox.replaceChildren(...grids.map((g, l) => {
      const box = el('input', { type: 'checkbox', dataset: { layer: l } });
      box.checked = shown[l];
      box.addEventListener('change', () => { shown[l] = box.checked; draw(); });
      return el('label', {}, box, ` layer ${l} `);
    }));
    draw();
  };
  pick.addEventListener('change', load);
  load();
  const how = tiles ? 'Tiles drawn from their sprites' : 'Tiles coloured and numbered by tile';
  return el('div', {}, el('p', { class: 'meta' }, `${how}; tick the layers to draw.`), pick, layersBox, canvas,
    el('details', {}, el('summary', {}, 'as JSON'), jsonTree(maps, 1)));
}

function stringTable(list) {
  const search = el('input', { type: 'search', placeholder: `Search ${list.length} strings` });
  const out = el('ol', { class: 'strings', start: '0' });
  const draw = () => {
    const q = search.value.toLowerCase();
    const rows = [];
    for (let i = 0; i < list.length && rows.length < 2000; i++) {
      const s = String(list[i]);
      if (!q || s.toLowerCase().includes(q)) rows.push(el('li', {}, el('span', { class: 'idx' }, `${i}`), s));
    }
    out.replaceChildren(...rows);
  };
  search.addEventListener('input', draw);
  draw();
  return el('div', {}, search, out);
}

// A script's GML, coloured, with its disassembly one click away.
async function scriptView(e, gmlFile, asmFile) {
  const gmlView = gmlCode(await renderedText(e.path, gmlFile.name));
  let asmView;
  const shown = el('div', {}, gmlView);
  const buttons = el('div', { class: 'code-tabs' });
  const pick = async (button, show) => {
    for (const b of buttons.children) b.classList.toggle('on', b === button);
    shown.replaceChildren(await show());
  };
  const gmlButton = el('button', { class: 'on', onclick: () => pick(gmlButton, () => gmlView) }, 'GML');
  const asmButton = el('button', {
    onclick: () => pick(asmButton, async () => (asmView ??= code(await renderedText(e.path, asmFile.name)))),
  }, 'assembly');
  buttons.append(gmlButton, asmButton);
  return el('div', {}, buttons, shown);
}

// GML, coloured: comments, strings, numbers, keywords, calls and directives. One
// pass over the whole text, so that a block comment or string may span lines.
const GML_KEYWORDS = 'if else while do until for repeat switch case default break continue return exit with var globalvar function constructor static new delete try catch finally throw enum true false undefined self other global all noone div mod and or xor not';
const GML_TOKEN = new RegExp([
  String.raw`(\/\/.*|\/\*[\s\S]*?\*\/)`,
  String.raw`(@"[^"]*"|@'[^']*'|\$?"(?:[^"\\\n]|\\.)*")`,
  String.raw`(\$[0-9a-fA-F]+\b|\b0x[0-9a-fA-F]+\b|\b\d+(?:\.\d+)?\b)`,
  String.raw`\b(${GML_KEYWORDS.split(' ').join('|')})\b`,
  String.raw`([A-Za-z_]\w*)(?=\s*\()`,
  String.raw`(^#\w+)`,
].join('|'), 'gm');
const GML_CLASSES = ['tok-com', 'tok-str', 'tok-num', 'tok-kw', 'tok-fn', 'tok-head'];

function gmlCode(text) {
  const pre = el('pre', { class: 'code gml' });
  let last = 0;
  for (const t of text.matchAll(GML_TOKEN)) {
    pre.append(text.slice(last, t.index));
    const group = t.slice(1).findIndex((g) => g !== undefined);
    pre.append(el('span', { class: GML_CLASSES[group] }, t[0]));
    last = t.index + t[0].length;
  }
  pre.append(text.slice(last));
  return pre;
}

// Disassembly, coloured: headings, mnemonics, strings, numbers and comments.
function code(text) {
  const pre = el('pre', { class: 'code' });
  const TOKEN = /(;.*$)|("(?:[^"\\]|\\.)*")|(\b-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d+)?)\b)/g;
  for (const line of text.split('\n')) {
    const m = /^(\s*)([A-Za-z_][\w.]*)/.exec(line);
    const heading = /^\S.*:\s*$|^(?:function|method|field|end)\b/.test(line);
    let rest = line;
    if (heading) {
      pre.append(el('span', { class: 'tok-head' }, line), '\n');
      continue;
    }
    if (m) {
      pre.append(m[1], el('span', { class: 'tok-op' }, m[2]));
      rest = line.slice(m[0].length);
    }
    let last = 0;
    for (const t of rest.matchAll(TOKEN)) {
      pre.append(rest.slice(last, t.index));
      const cls = t[1] ? 'tok-com' : t[2] ? 'tok-str' : 'tok-num';
      pre.append(el('span', { class: cls }, t[0]));
      last = t.index + t[0].length;
    }
    pre.append(rest.slice(last), '\n');
  }
  return pre;
}

// Any JSON as a collapsible tree; a branch's children are made when it opens.
function jsonTree(value, openDepth) {
  const root = el('div', { class: 'tree-json' });
  root.append(jsonNode(null, value, openDepth));
  return root;
}

function jsonNode(key, value, openDepth) {
  const k = key == null ? null : el('span', { class: 'key' }, `${key}: `);
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    const brackets = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
    const inner = el('div');
    const d = el('details', {}, el('summary', {}, k, brackets), inner);
    let drawn = false;
    const draw = () => {
      if (drawn) return;
      drawn = true;
      const shown = entries.slice(0, 1000);
      for (const [ck, cv] of shown) inner.append(jsonNode(ck, cv, openDepth - 1));
      if (entries.length > shown.length) inner.append(el('div', { class: 'meta' }, `… ${entries.length - shown.length} more`));
    };
    d.addEventListener('toggle', () => { if (d.open) draw(); });
    if (openDepth > 0) d.open = true;
    return d;
  }
  const cls = typeof value === 'string' ? 'str' : typeof value === 'number' ? 'num' : 'lit';
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return el('div', {}, k, el('span', { class: cls }, shown));
}

// ---- the hex view ----
// Rows are drawn for what is in view only, from 4 KiB pieces fetched as needed. A
// file too tall for the browser to scroll row by row is scrolled in proportion.
const ROW = 16, ROW_H = 18, PIECE = 4096, MAX_HEIGHT = 8e6;
const hex = {
  id: null, size: 0, pieces: new Map(), hl: [0, 0], mark: -1, first: 0,
  box: $('#hex'), rows: $('#hexrows'), space: $('#hexspace'),

  open(id, fileSize) {
    this.id = id; this.size = fileSize; this.pieces = new Map(); this.hl = [0, 0]; this.mark = -1;
    this.totalRows = Math.ceil(fileSize / ROW);
    this.sizeSpace();
    this.box.scrollTop = 0;
    this.draw();
  },
  // The rows stay in view (sticky) while the space below them gives the scroll
  // its length.
  sizeSpace() {
    const tall = Math.min(this.totalRows * ROW_H, MAX_HEIGHT);
    this.space.style.height = `${Math.max(0, tall - this.box.clientHeight + ROW_H)}px`;
  },
  visibleRows() { return Math.max(1, Math.floor(this.box.clientHeight / ROW_H)); },
  scaled() { return this.totalRows * ROW_H > MAX_HEIGHT; },
  rowAt(scrollTop) {
    if (!this.scaled()) return Math.floor(scrollTop / ROW_H);
    const room = Math.max(1, MAX_HEIGHT - this.box.clientHeight);
    return Math.floor((scrollTop / room) * Math.max(0, this.totalRows - this.visibleRows()));
  },
  topFor(row) {
    if (!this.scaled()) return row * ROW_H;
    const room = Math.max(1, MAX_HEIGHT - this.box.clientHeight);
    return (row / Math.max(1, this.totalRows - this.visibleRows())) * room;
  },
  scrollTo(offset) {
    const row = Math.max(0, Math.floor(offset / ROW) - 3);
    this.box.scrollTop = this.topFor(row);
    this.draw(row);
  },
  highlight(start, length, mark) {
    this.hl = [start, start + length];
    this.mark = mark;
    $('#hexhead').textContent = `0x${start.toString(16)}–0x${(start + length).toString(16)} (${size(length)})${mark >= 0 ? `, byte 0x${mark.toString(16)} marked` : ''}`;
    this.draw();
  },
  byte(at) {
    const piece = this.pieces.get(Math.floor(at / PIECE));
    return piece instanceof Uint8Array ? piece[at % PIECE] : undefined;
  },
  fetchPiece(k) {
    if (this.pieces.has(k)) return;
    const id = this.id;
    this.pieces.set(k, 'loading');
    fetchRetrying(api(`/api/files/${id}/bytes`, { offset: k * PIECE, length: PIECE }))
      .then((r) => (r.ok ? r.arrayBuffer() : null))
      .then((buf) => {
        if (this.id !== id) return;
        // A piece not given is asked for again when its rows are next drawn.
        if (buf) this.pieces.set(k, new Uint8Array(buf)); else this.pieces.delete(k);
        if (buf) this.draw();
      })
      .catch(() => { if (this.id === id) this.pieces.delete(k); });
  },
  draw(row) {
    const first = row ?? this.rowAt(this.box.scrollTop);
    this.first = first;
    const count = Math.min(this.visibleRows() + 1, Math.max(0, this.totalRows - first));
    const out = [];
    for (let r = first; r < first + count; r++) {
      const at = r * ROW;
      const cells = [];
      let ascii = '';
      for (let c = 0; c < ROW; c++) {
        const o = at + c;
        if (o >= this.size) { cells.push('   '); continue; }
        const b = this.byte(o);
        if (b === undefined) this.fetchPiece(Math.floor(o / PIECE));
        const text = b === undefined ? '··' : hex16(b, 2);
        const cls = o === this.mark ? 'b mark' : o >= this.hl[0] && o < this.hl[1] ? 'b hl' : 'b';
        cells.push(`<span class="${cls}" data-c="${c}">${text}</span> `);
        ascii += b === undefined ? ' ' : b >= 32 && b < 127 ? String.fromCharCode(b) : '.';
      }
      const safe = ascii.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      out.push(`<div class="hexrow" data-offset="${at}"><span class="off">${hex16(at, 8)}</span>  ${cells.join('')} <span class="asc">${safe}</span></div>`);
    }
    this.rows.innerHTML = out.join('');
    this.box.dataset.first = String(first * ROW);
  },
};
// A byte clicked selects the entry holding it: the tree follows the bytes as the
// bytes follow the tree.
hex.rows.addEventListener('click', (ev) => {
  const cell = ev.target.closest('.b');
  const row = ev.target.closest('.hexrow');
  if (!cell || !row) return;
  const at = Number(row.dataset.offset) + Number(cell.dataset.c);
  const i = entryAt(at);
  if (i >= 0) select(i, { byte: at });
  else hex.highlight(at, 1, at);
});
let hexFrame = 0;
hex.box.addEventListener('scroll', () => {
  if (!hexFrame) hexFrame = requestAnimationFrame(() => { hexFrame = 0; hex.draw(); });
});
window.addEventListener('resize', () => { hex.sizeSpace(); hex.draw(); });

start();
