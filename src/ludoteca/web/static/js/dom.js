// @ts-check
// The helpers the pages share, each written once: finding an element by id (`$`), building elements
// without innerHTML for our own text (`h`), swapping a server-drawn SVG in only when it changed
// (`setSvg`), asking the server for JSON (`fetchJson`), toasts (announced through an aria-live region,
// so screen readers hear errors too) and copying to the clipboard. Nothing here runs on import, so node's
// test runner can load it (tests/js/dom.test.js).

/**
 * The page's element with this `id`, checked to be a `type` (by default any HTML element: pass
 * `HTMLInputElement`, say, to use an input's `value`). A missing element is a mistake in the page's
 * template, reported at once with its id; look up an element a page may lack with `getElementById`.
 * @template {Element} [T=HTMLElement]
 * @param {string} id
 * @param {new (...args: any[]) => T} [type]
 * @returns {T}
 */
export function $(id, type) {
  const el = document.getElementById(id);
  const wanted = type || HTMLElement;
  if (!(el instanceof wanted)) throw new Error(`ludoteca: the page has no ${wanted.name} #${id}`);
  return /** @type {T} */ (/** @type {unknown} */ (el));
}

/**
 * What `h` takes as attributes: a value that is false, null or undefined leaves the attribute out,
 * true sets it empty, a function under an `on…` name becomes an event listener, `dataset` fills
 * `data-*`, anything else is written as text.
 * @typedef {Record<string, unknown> & {dataset?: Record<string, unknown>}} Attrs
 */

/** What `h` takes as children: nodes, text (numbers written as text), and lists of them; null,
 * undefined and false are left out.
 * @typedef {Node | string | number | boolean | null | undefined} Part
 * @typedef {Part | Part[]} Child
 */

/**
 * Create an element: `h("button", {class: "x", onclick: f}, "text", child)`. Attributes whose value is
 * false, null or undefined are left out; `on*` attributes become event listeners; strings become text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/**
 * Replace the SVG `holder` shows only when it changed, so focus and hover survive states that leave it
 * alone (the text is the server's own drawing, hence innerHTML). The text shown is kept on the holder as
 * `lastSvg`, where the browser tests read it (tests/web/browserkit.py).
 * @param {Element & {lastSvg?: string}} holder
 * @param {string} svg
 */
export function setSvg(holder, svg) {
  if (holder.lastSvg === svg) return;
  holder.innerHTML = svg;
  holder.lastSvg = svg;
}

/**
 * What `fetchJson` answers: `ok` for a 2xx status; `status` 0 when no answer came at all (offline, the
 * server down); `data` the parsed body, or `{}` when it was not JSON.
 * @typedef {{ok: boolean, status: number, data: any}} JsonAnswer
 */

/**
 * Ask the server and read its JSON answer, never throwing: a refusal is `ok: false` with the server's
 * `data.error` (if it gave one), no answer at all is status 0. With `json`, the request sends it as its
 * JSON body (and is a POST unless `method` says otherwise).
 * @param {string} url
 * @param {{method?: string, json?: unknown, body?: BodyInit, headers?: Record<string, string>}} [options]
 * @returns {Promise<JsonAnswer>}
 */
export async function fetchJson(url, { method, json, body, headers } = {}) {
  /** @type {RequestInit} */
  const init = {};
  if (json !== undefined) {
    init.method = method || "POST";
    init.headers = { "Content-Type": "application/json", ...headers };
    init.body = JSON.stringify(json);
  } else {
    if (method) init.method = method;
    if (headers) init.headers = headers;
    if (body !== undefined) init.body = body;
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    return { ok: false, status: 0, data: {} };
  }
  const data = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, data: data !== null && typeof data === "object" ? data : {} };
}

/**
 * The reason a refused answer gives: the server's `error` sentence, else `fallback`, else "HTTP 500"
 * and the like.
 * @param {JsonAnswer} answer
 * @param {string} [fallback]
 */
export function refusal(answer, fallback) {
  return typeof answer.data.error === "string" && answer.data.error ? answer.data.error : fallback || `HTTP ${answer.status}`;
}

/**
 * Show `message` for a few seconds in the page's toast area (`#toasts`).
 * @param {string} message
 * @param {"error" | "info"} [kind]
 * @param {number} [seconds]
 */
export function toast(message, kind = "error", seconds = 6) {
  const area = document.getElementById("toasts");
  if (!area) return;
  const item = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  area.append(item);
  setTimeout(() => {
    item.classList.add("leaving");
    setTimeout(() => item.remove(), 400);
  }, seconds * 1000);
}

/**
 * Copy `text` to the clipboard, falling back to selecting an input for older browsers and plain http.
 * @param {string} text
 * @param {HTMLInputElement} [input]
 */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand("copy");
  }
}
