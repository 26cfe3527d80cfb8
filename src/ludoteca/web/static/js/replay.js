// @ts-check
// The replay viewer: a finished game (/replay/ID) or a record file the visitor opens (/replay), stepped
// through one frame at a time. A frame is the table's own `state` message for the position after n
// actions, computed by the server (GET /api/replay/ID?n=&seat=, or POST /api/replay with the record):
// so the board, the cards and the log look exactly as they did at the table. The step and perspective
// are kept in the URL fragment (#n=12&seat=all), so a finished game's address opens at the step shared.
// An opened record travels in the fragment too (#…&record=BASE64URL, never sent to the server in the
// address): `ludoteca replay … --web` opens such a link, and the address of an opened file can be shared.

import { chatLine } from "./chat.js";
import { $, fetchJson, h, refusal, setSvg } from "./dom.js";
import { fmt, loadCatalog, t } from "./i18n.js";
import { arrangeHand, markSmallText } from "./layout.js";
import { LogView, renderEnd, renderSeats } from "./panels.js";
import { initReview } from "./review.js";

/** @typedef {import("./protocol.js").Frame} Frame */

const gameId = document.body.dataset.gameId;
const log = new LogView($("log"));

/** @type {string | null} */
let record = null; // the uploaded record's text (sent with every frame), or null for a stored game
let encoded = ""; // the same as base64url, for the fragment
/** @type {Frame | null} */
let frame = null; // the frame shown
let wanted = { n: 0, seat: "-1" }; // the frame asked for last
let busy = false; // a frame is being fetched
/** @type {import("./protocol.js").ChatLine[] | null} */
let said = null; // a finished game's chat (GET /api/replay/ID/chat), or null before it came or for a record
/** @type {ReturnType<typeof initReview> | null} */
let review = null; // a stored game's review panel (review.js)

/**
 * A record's text as base64url (UTF-8), for the fragment, and back (null if it is not base64url).
 * @param {string} text
 */
function toBase64url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
function fromBase64url(text) {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

function fromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const n = Number.parseInt(params.get("n") || "", 10);
  const shared = params.get("record");
  return {
    n: Number.isFinite(n) && n >= 0 ? n : null,
    seat: params.get("seat") || "-1",
    record: shared ? fromBase64url(shared) : null,
    broken: shared ? fromBase64url(shared) === null : false,
  };
}

/**
 * Show the frame after `n` actions seen by `seat` ("-1": a spectator, "all": everything). One request
 * is in flight at a time: steps asked for meanwhile (a held arrow key) only move the target, and the
 * newest is fetched when the answer comes, so the server draws no frame that nobody will see.
 * @param {number} n
 * @param {string} seat
 */
async function show(n, seat) {
  wanted = { n, seat };
  if (busy) return;
  busy = true;
  try {
    for (;;) {
      const target = wanted;
      const answer = await fetchFrame(target);
      if (target !== wanted) continue; // a newer step was asked for meanwhile
      if (answer.frame) draw(answer.frame);
      else failed(answer.error);
      return;
    }
  } finally {
    busy = false;
  }
}

/**
 * The frame `target` names, or the reason there is none.
 * @param {{n: number, seat: string}} target
 * @returns {Promise<{frame: Frame, error?: undefined} | {frame?: undefined, error: string}>}
 */
async function fetchFrame({ n, seat }) {
  const query = new URLSearchParams({ n: String(n), seat, lang: document.documentElement.lang || "en" });
  const answer = record
    ? await fetchJson(`/api/replay?${query}`, { method: "POST", body: record, headers: { "Content-Type": "application/json" } })
    : await fetchJson(`/api/replay/${encodeURIComponent(gameId || "")}?${query}`);
  if (answer.status === 0) return { error: t("Not connected: try again.") };
  return answer.ok ? { frame: answer.data } : { error: refusal(answer) };
}

/**
 * Say why there is no frame: under the file field of an opened record, else in place of the step.
 * @param {string} message
 */
function failed(message) {
  const box = document.getElementById("upload-error");
  if (box) {
    box.textContent = message;
    box.hidden = false;
  } else {
    $("step").textContent = message;
  }
}

/**
 * The perspective menu: the spectators, each seat, and everything revealed once the game is over.
 * @param {Frame} next
 */
function perspectives(next) {
  const select = $("perspective", HTMLSelectElement);
  const options = [["-1", t("Spectator")], ...next.seats.map((s) => [String(s.seat), s.name])];
  if (next.over) options.push(["all", t("Everything revealed")]);
  const key = options.map(([value, label]) => `${value}:${label}`).join("|");
  if (select.dataset.key !== key) {
    select.replaceChildren(...options.map(([value, label]) => h("option", { value }, label)));
    select.dataset.key = key;
  }
  select.value = String(next.perspective);
}

/**
 * The private parts shown: the seat's own (its hand, its cards), or every seat's for "all".
 * @param {Frame} next
 */
function hands(next) {
  const parts =
    next.perspective === "all"
      ? (next.private_svgs || []).map((part) => ({ ...part, title: part.name }))
      : next.private_svg
        ? [{ seat: next.seat, svg: next.private_svg, title: next.seats[next.seat].name }]
        : [];
  const box = $("hands");
  box.replaceChildren(
    ...parts.map((part) => {
      const holder = h("div", { class: "svg-holder hand", dataset: { seat: part.seat } });
      holder.innerHTML = part.svg;
      return h(
        "section",
        { class: "replay-hand", "aria-label": part.title },
        h("h2", { class: "small" }, h("span", { class: `swatch seat-${part.seat}`, "aria-hidden": "true" }), part.title),
        holder,
      );
    }),
  );
  for (const holder of box.querySelectorAll(".hand")) arrangeHand(holder);
}

function measure() {
  markSmallText($("board"));
  for (const holder of $("hands").querySelectorAll(".hand")) markSmallText(holder);
}

/** @param {Frame} next */
function draw(next) {
  frame = next;
  $("viewer").hidden = false;
  const root = $("replay");
  root.dataset.n = String(next.n);
  root.dataset.total = String(next.total);
  root.dataset.perspective = String(next.perspective);
  setSvg($("board"), next.board_svg || "");
  hands(next);
  $("phase-text").textContent = next.result ? "" : next.phase_text || "";
  $("rules-in-force").textContent = next.rules_text || "";
  if (next.rules_section) {
    const query = new URLSearchParams({ lang: next.lang });
    $("rules-link", HTMLAnchorElement).href = `/rules/${next.game}?${query}#${encodeURIComponent(next.rules_section)}`;
  }
  const shown = { ...next, seat: -1 }; // nobody is "you" in a replay
  renderSeats($("seats"), shown);
  if (next.result) renderEnd(shown);
  $("end-screen").hidden = !next.result;
  perspectives(next);
  const slider = $("slider", HTMLInputElement);
  slider.max = String(next.total);
  slider.value = String(next.n);
  $("step").textContent = fmt(t("Step {n} of {total}"), { n: next.n, total: next.total });
  $("first-btn", HTMLButtonElement).disabled = $("prev-btn", HTMLButtonElement).disabled = next.n === 0;
  $("last-btn", HTMLButtonElement).disabled = $("next-btn", HTMLButtonElement).disabled = next.n === next.total;
  log.names = next.seats.map((seat) => seat.name);
  log.update(0, next.log || []);
  chat();
  measure();
  if (review) review.update(next);
  const hash = new URLSearchParams({ n: String(next.n), seat: String(next.perspective) });
  if (record) hash.set("record", encoded);
  history.replaceState(null, "", `#${hash}`);
}

/** Fetch a stored game's chat once (an uploaded record has none; a refusal just leaves it out). */
async function loadChat() {
  const answer = await fetchJson(`/api/replay/${encodeURIComponent(gameId || "")}/chat`);
  if (!answer.ok) return;
  said = Array.isArray(answer.data.messages) ? answer.data.messages : [];
  chat();
}

/** The chat as it stood at the frame shown: what was said before its next action (shown as text only);
 * the last step shows it all, the words after the game too ("good game"). */
function chat() {
  const panel = document.getElementById("chat");
  if (!panel || said === null || !frame) return;
  const step = frame.n;
  panel.hidden = false;
  const names = frame.seats.map((seat) => seat.name);
  // the last step shows everything, even what was said after a diverged game's last replayable action
  const lines = frame.n === frame.total ? said : said.filter((line) => line.after_action !== undefined && line.after_action <= step);
  const list = $("chat-lines");
  const key = `${lines.length}|${names.join("\u0000")}`;
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(...lines.map((line) => chatLine(line, names)));
  list.scrollTop = list.scrollHeight;
  $("chat-empty").hidden = lines.length > 0;
}

/**
 * Go to step `n` (clamped to the record), keeping the perspective.
 * @param {number} n
 */
function go(n) {
  if (!frame) return;
  const to = Math.max(0, Math.min(frame.total, n));
  if (to !== wanted.n) show(to, wanted.seat);
}

$("first-btn").addEventListener("click", () => go(0));
$("prev-btn").addEventListener("click", () => go(wanted.n - 1));
$("next-btn").addEventListener("click", () => go(wanted.n + 1));
$("last-btn").addEventListener("click", () => go(frame ? frame.total : 0));
const slider = $("slider", HTMLInputElement);
slider.addEventListener("input", () => go(Number(slider.value)));
const perspective = $("perspective", HTMLSelectElement);
perspective.addEventListener("change", () => show(wanted.n, perspective.value));
document.addEventListener("keydown", (event) => {
  if (!frame || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  // the slider and the menu step with the arrows by themselves; a text field keeps its keys
  if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type !== "button")) return;
  /** @type {Record<string, number>} */
  const moves = { ArrowLeft: wanted.n - 1, ArrowRight: wanted.n + 1, Home: 0, End: frame.total };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
});
if (typeof ResizeObserver === "function") new ResizeObserver(measure).observe($("board"));

const file = document.getElementById("record-file");
if (file instanceof HTMLInputElement) {
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    $("upload-error").hidden = true;
    record = await chosen.text();
    encoded = toBase64url(record);
    frame = null;
    $("viewer").hidden = true;
    show(0, "-1");
  });
}

await loadCatalog();
const start = fromHash();
if (gameId && document.getElementById("review")) review = initReview(gameId, go);
if (gameId) {
  show(start.n ?? 0, start.seat);
  loadChat();
} else if (start.record) {
  record = start.record;
  encoded = toBase64url(record);
  show(start.n ?? 0, start.seat);
} else if (start.broken) {
  failed(t("The record in this address is damaged: open the file instead."));
}
