// @ts-check
// The table page's layout on every screen: the board's zoom, the dock's collapse, the legibility of
// SVG text at the scale it is drawn, and the accessible names of the click targets.
//
// The board and hand are SVG documents drawn by the server at a fixed size (1000 units wide). The page
// fits them to the width of their column; the zoom buttons enlarge the board inside its own box, which
// then scrolls both ways, so the page itself never scrolls sideways. SVG text that the current scale
// would draw smaller than MIN_TEXT px is hidden (class "too-small") until the player zooms in: on a
// phone the overview shows the pieces, the colours and the large labels a presenter keeps for it (the
// number of each Verräter landscape); the candidate buttons and tooltips give the words.

import { PanelsBeside } from "./beside.js";
import { t } from "./i18n.js";

/** The smallest text size (CSS px) a table shows. */
export const MIN_TEXT = 11;
/** The zoom levels, as factors of the fitted width; HOME (1) is the fitted board, below it the board
 *  shrinks further ("−"), for a player who would rather see all of it than read its small print. */
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4];
const HOME = ZOOMS.indexOf(1);
/** The whole board stands above the dock by default when that keeps it at this share of its column or
 *  more — a laptop's Verräter table (1366×768) at about 0.57, so that the players' panels and the player's
 *  own Gutshof markers are in sight beside the choices without "Fit"; otherwise (a tall dock, a short
 *  screen) the default fits only what can be clicked, and "Fit" fits the whole board when asked. */
const WHOLE_BY_DEFAULT = 0.5;

/**
 * The SVG's scale on the screen: drawn width over viewBox width (1 when not laid out).
 * @param {SVGSVGElement} svg
 */
export function svgScale(svg) {
  const box = svg.viewBox && svg.viewBox.baseVal;
  const width = svg.getBoundingClientRect().width;
  return box && box.width > 0 && width > 0 ? width / box.width : 1;
}

/**
 * Mark the texts of `holder`'s SVG that its scale would draw under MIN_TEXT px.
 * @param {Element} holder
 */
export function markSmallText(holder) {
  const svg = holder.querySelector("svg");
  if (!svg) return;
  const scale = svgScale(svg);
  for (const text of svg.querySelectorAll("text")) {
    const size = parseFloat(getComputedStyle(text).fontSize) * scale;
    text.classList.toggle("too-small", size < MIN_TEXT - 0.01);
  }
  // large labels a presenter keeps for a board seen whole (a card's number): shown under their scale
  for (const label of svg.querySelectorAll("[data-overview-below]")) {
    label.classList.toggle("shown", scale < parseFloat(label.getAttribute("data-overview-below") || ""));
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Write the names of the places the current choices speak of in large type over the board, when the
 * board is drawn too small for its own labels (a phone, Kreta's map): each `[data-label]` target whose key
 * is in `keys` (and the node the fort row scores next, class "next") gets its label (a node's number, a
 * province's name, once per name) at `data-label-at` or the middle of the target, at MIN_TEXT px or more.
 * The layer lets taps through to the targets beneath it; zoomed in far enough that the board's own labels
 * are legible, it is left out.
 * @param {Element} holder
 * @param {Set<string>} keys
 */
export function labelPlaces(holder, keys) {
  const svg = holder.querySelector("svg");
  if (!svg) return;
  svg.querySelector(":scope > g.place-labels")?.remove();
  const scale = svgScale(svg);
  const size = (MIN_TEXT + 1) / scale;
  const places = [...svg.querySelectorAll("[data-label]")].filter(
    (el) => keys.has(el.getAttribute("data-target") || "") || (keys.size > 0 && el.matches(".next")),
  );
  if (places.length === 0 || size <= 13) return; // the map's own labels (12 and 13 units) are legible
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", "place-labels");
  layer.setAttribute("pointer-events", "none");
  layer.setAttribute("aria-hidden", "true");
  const written = new Set();
  for (const el of places) {
    const words = el.getAttribute("data-label") || "";
    if (written.has(words)) continue; // a province and its port: one name
    written.add(words);
    const at = (el.getAttribute("data-label-at") || "").split(",").map(Number);
    let [x, y] = at;
    if (at.length !== 2 || at.some(Number.isNaN)) {
      const box = /** @type {SVGGraphicsElement} */ (el).getBBox();
      [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    }
    const label = document.createElementNS(SVG_NS, "text");
    label.setAttribute("class", el.classList.contains("pointed") ? "place-label pointed" : "place-label");
    label.setAttribute("data-for", el.getAttribute("data-target") || "");
    label.setAttribute("x", x.toFixed(1));
    label.setAttribute("y", (y + size * 0.35).toFixed(1));
    label.setAttribute("font-size", size.toFixed(1));
    label.setAttribute("stroke-width", (size / 5).toFixed(1));
    label.textContent = words;
    layer.append(label);
  }
  svg.append(layer);
  // a label that would cover another, or a word of the map still legible at this scale (a node's number
  // beside a province's name), moves down, up or aside a little: the short labels (node numbers) first,
  // where they belong, then the names around them (issue 34: "Kissam3Apokoronas" on a phone)
  /** @type {DOMRect[]} */
  const taken = [];
  for (const text of svg.querySelectorAll("text")) {
    if (layer.contains(text) || text.classList.contains("too-small") || text.getClientRects().length === 0) continue;
    if (getComputedStyle(text).visibility === "hidden" || !(text.textContent || "").trim()) continue;
    taken.push(/** @type {SVGTextElement} */ (text).getBBox());
  }
  const overlaps = (/** @type {DOMRect} */ a) => taken.some((b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height);
  const labels = /** @type {SVGTextElement[]} */ ([...layer.children]);
  labels.sort((a, b) => (a.textContent || "").length - (b.textContent || "").length);
  for (const label of labels) {
    const width = label.getBBox().width;
    // inside the drawing's width: a name at the edge of the map (Kissamos) is not cut by it
    const view = svg.viewBox.baseVal;
    const inside = (/** @type {number} */ at) => Math.max(view.x + width / 2 + 2, Math.min(view.x + view.width - width / 2 - 2, at));
    const x = parseFloat(label.getAttribute("x") || "0");
    const y = parseFloat(label.getAttribute("y") || "0");
    /** @type {[number, number][]} */
    const steps = [];
    for (const dy of [0, 0.6, -0.6, 1.2, -1.2, 1.8, -1.8, 2.4, -2.4, 3, -3]) for (const dx of [0, -0.35, 0.35, -0.7, 0.7]) steps.push([dx * width, dy * size]);
    const move = (/** @type {[number, number]} */ [dx, dy]) => {
      label.setAttribute("x", inside(x + dx).toFixed(1));
      label.setAttribute("y", (y + dy).toFixed(1));
    };
    const free = steps.find((step) => {
      move(step);
      return !overlaps(label.getBBox());
    });
    move(free ?? [0, 0]); // nowhere free: where it belongs
    taken.push(label.getBBox());
  }
}

/**
 * The accessible name of a click target: its own <title> (the presenter's words, already in the page's
 * language), else the label of the one legal action it stands for, else its key. `labels` maps a target
 * key to the labels of the candidate actions that involve it.
 * @param {Element} el
 * @param {Map<string, string[]>} labels
 */
export function targetName(el, labels) {
  const own = [...el.children].find((child) => child.tagName.toLowerCase() === "title");
  const name = own ? (own.textContent || "").trim() : "";
  if (name) return name;
  const key = el.getAttribute("data-target") || "";
  const found = labels.get(key) || [];
  return found.length === 1 ? found[0] : key;
}

/**
 * Pack the hand: the server draws its parts (supply cards, action cards) at fixed places across a 1000
 * wide document with room to spare; here each top-level group moves up against the one before, and the
 * viewBox shrinks to what they cover, so the cards are drawn larger in the dock's height. Only positions
 * change, never what is drawn. A new SVG from the server comes unpacked, so this runs after each one.
 * @param {Element} holder
 */
export function arrangeHand(holder) {
  const svg = holder.querySelector("svg");
  if (!svg || svg.dataset.packed === "1" || holder.getClientRects().length === 0) return;
  const drawn = /** @type {SVGGraphicsElement[]} */ ([...svg.children]);
  const groups = drawn.filter((child) => child.tagName.toLowerCase() === "g");
  const others = drawn.filter((child) => child.tagName.toLowerCase() === "text");
  if (groups.length === 0) return;
  const pad = 16;
  const gap = 32;
  let width = pad;
  let height = 0;
  for (const group of groups) {
    const box = group.getBBox();
    if (box.width === 0) continue;
    group.setAttribute("transform", `translate(${width - box.x} 0)`);
    width += box.width + gap;
    height = Math.max(height, box.y + box.height + pad);
  }
  width += pad - gap;
  for (const other of others) {
    const box = other.getBBox(); // a note across the hand (the hand limit) keeps its room
    width = Math.max(width, box.x + box.width + pad);
    height = Math.max(height, box.y + box.height + pad / 2);
  }
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  const background = svg.querySelector(":scope > rect.background");
  if (background) {
    background.setAttribute("width", String(width));
    background.setAttribute("height", String(height));
  }
  svg.dataset.packed = "1";
}

/**
 * The elements the layout works on: the board's and the hand's holders, the three zoom buttons, the dock
 * with its fold button, and the link that skips the board's targets.
 * @typedef {object} LayoutElements
 * @property {HTMLElement} board
 * @property {HTMLElement} hand
 * @property {HTMLButtonElement} zoomIn
 * @property {HTMLButtonElement} zoomOut
 * @property {HTMLButtonElement} zoomFit
 * @property {HTMLElement} dock
 * @property {HTMLElement} toggle
 * @property {HTMLElement} skip
 * @property {HTMLElement} [tools]
 */

/** The zoom buttons of the board, and the re-measuring of text when the board's scale changes. */
export class BoardLayout {
  /** @param {LayoutElements} elements */
  constructor({ board, hand, zoomIn, zoomOut, zoomFit, dock, toggle, skip, tools }) {
    this.board = board;
    this.hand = hand;
    this.tools = tools || null;
    this.beside = new PanelsBeside(board);
    /** Whether the players' panels stand beside the board now. */
    this.aside = false;
    /** @type {Set<string>} the target keys of the current choices (labelled on a small board) */
    this.places = new Set();
    this.level = HOME;
    /** Whether "Fit" asked for the whole board above the dock, however small that makes it. */
    this.whole = false;
    /** Whether the board as fitted now stands whole above the dock (then "Fit" has nothing to add). */
    this.wholeNow = false;
    this.zoomIn = zoomIn;
    this.zoomOut = zoomOut;
    this.zoomFit = zoomFit;
    zoomIn.addEventListener("click", () => this.zoom(this.level + 1));
    zoomOut.addEventListener("click", () => this.zoom(this.level - 1));
    zoomFit.addEventListener("click", () => {
      this.whole = true;
      this.zoom(HOME);
      this.reveal(true);
    });
    this.dock = dock;
    this.toggle = toggle;
    toggle.addEventListener("click", () => this.collapse(!dock.classList.contains("collapsed")));
    // past the board's many targets in one step: Tab goes on from the dock (choices, then the hand)
    skip.addEventListener("click", () => {
      this.collapse(false);
      dock.focus();
    });
    if (typeof ResizeObserver === "function") {
      const observer = new ResizeObserver(() => this.measure());
      observer.observe(board);
      observer.observe(hand);
      // whatever is scrolled into view (a target reached with Tab, say) stops above the dock, not under it
      new ResizeObserver(() => {
        document.documentElement.style.scrollPaddingBottom = `${dock.getBoundingClientRect().height + 8}px`;
        this.measure();
      }).observe(dock);
    }
    window.addEventListener("resize", () => this.measure());
    this.zoom(HOME);
  }

  /**
   * Zoom to `level` (an index into ZOOMS), keeping the middle of what was shown in the middle.
   * @param {number} level
   */
  zoom(level) {
    const next = Math.max(0, Math.min(ZOOMS.length - 1, level));
    if (next > HOME) this.whole = false; // "−" after "Fit" shrinks the whole board further
    const board = this.board;
    const before = ZOOMS[this.level];
    const middle = (board.scrollLeft + board.clientWidth / 2) / before;
    const middleY = (board.scrollTop + board.clientHeight / 2) / before;
    this.level = next;
    board.style.setProperty("--zoom", String(ZOOMS[next]));
    board.dataset.zoom = String(ZOOMS[next]);
    board.scrollLeft = middle * ZOOMS[next] - board.clientWidth / 2;
    board.scrollTop = middleY * ZOOMS[next] - board.clientHeight / 2;
    this.zoomOut.disabled = next === 0;
    this.zoomIn.disabled = next === ZOOMS.length - 1;
    this.zoomFit.disabled = next === HOME && this.wholeNow; // fit() says again once it has measured
    this.measure();
  }

  /**
   * Hide (or show) the dock's choices and hand, leaving its turn line.
   * @param {boolean} collapsed
   */
  collapse(collapsed) {
    this.dock.classList.toggle("collapsed", collapsed);
    this.toggle.setAttribute("aria-expanded", String(!collapsed));
    // the words (shown as an arrow on a phone, where the turn line has no room for them and the cue)
    const words = this.toggle.querySelector(".toggle-words") || this.toggle;
    words.textContent = collapsed ? t("Show") : t("Hide");
    this.measure();
  }

  /** Re-fit the board, re-mark small text and re-label the choices' places, after a new SVG or a change of
   *  scale. */
  measure() {
    arrangeHand(this.hand);
    this.fit();
    markSmallText(this.board);
    markSmallText(this.hand);
    labelPlaces(this.board, this.places);
  }

  /**
   * The places of the current choices (target keys), labelled large while the board is small.
   * @param {Set<string>} keys
   */
  label(keys) {
    // only the labels: pointing at a choice must not refit the board, or the place under the pointer moves,
    // the pointer leaves it, the labels change back and the board jiggles for as long as the pointer rests
    this.places = keys;
    labelPlaces(this.board, keys);
  }

  /**
   * The lowest point (client y) of what can be clicked on the board and nowhere else — a card that is
   * also in the hand can be clicked in the dock — or null when nothing is.
   */
  actingBottom() {
    const inHand = new Set([...this.hand.querySelectorAll(".clickable[data-target]")].map((el) => el.getAttribute("data-target")));
    let bottom = null;
    for (const el of this.board.querySelectorAll(".clickable[data-target]")) {
      if (inHand.has(el.getAttribute("data-target"))) continue;
      const r = el.getBoundingClientRect();
      if (r.height > 0) bottom = Math.max(bottom ?? r.bottom, r.bottom);
    }
    return bottom;
  }

  /**
   * The board's width at the default zoom: its column's, or less so that it stands between the zoom
   * buttons and the pinned dock — the whole board (the players' panels and pieces too) when that keeps it at
   * WHOLE_BY_DEFAULT of the column or more, or when "Fit" asked for it; else what can be clicked on it (a
   * laptop's short screen: nothing clickable under the dock), never under half the column, so a tall dock
   * cannot shrink the board to nothing. A choice made in the hand leaves the board whole and legible.
   */
  fit() {
    const svg = this.board.querySelector("svg");
    if (!svg || !svg.viewBox || !svg.viewBox.baseVal) return;
    const style = getComputedStyle(this.board);
    const column = this.board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const around = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + 2 + 16;
    const room = window.innerHeight - this.dock.getBoundingClientRect().height - (this.tools ? this.tools.offsetHeight : 0) - around;
    // the players' panels beside the board where the column has the width for them (beside.js); when they
    // move there or back the board's height changes: what can be clicked is brought into view again
    const aside = this.beside.arrange(svg, column, room, MIN_TEXT);
    if ((aside > 0) !== this.aside) requestAnimationFrame(() => this.reveal());
    this.aside = aside > 0;
    const inner = column - aside;
    const box = svg.viewBox.baseVal;
    if (box.width <= 0 || box.height <= 0) return;
    const drawn = svg.getBoundingClientRect();
    const bottom = this.actingBottom();
    const scale = drawn.width / box.width;
    const whole = Math.min(inner, (room * box.width) / (box.height + 8));
    let width = inner;
    if (whole >= inner * WHOLE_BY_DEFAULT || (this.whole && whole > 0)) {
      width = whole;
    } else if (bottom !== null && scale > 0) {
      const height = (bottom - drawn.top) / scale + 8; // in the drawing's units, from its top
      width = Math.max(inner / 2, Math.min(inner, (room * box.width) / height));
    }
    width = Math.floor(width);
    this.wholeNow = width <= Math.floor(whole) + 1;
    this.zoomFit.disabled = this.level === HOME && this.wholeNow;
    if (width > 0 && this.board.style.getPropertyValue("--fit") !== `${width}px`) this.board.style.setProperty("--fit", `${width}px`);
  }

  /**
   * Scroll the page as little as needed for what can be clicked on the board and the dock to be seen
   * together (a new turn: nothing under the dock, nor above the screen), if they fit the screen together —
   * the whole board when it is fitted whole (or `whole`: "Fit" was pressed).
   * @param {boolean} [whole]
   */
  reveal(whole = false) {
    const svg = this.board.querySelector("svg");
    // the whole board is the ring and, when they stand beside it, the players' panels (beside.js)
    const aside = this.board.querySelector(":scope > .board-panels");
    const drawn = svg ? Math.max(svg.getBoundingClientRect().bottom, aside ? aside.getBoundingClientRect().bottom : 0) : 0;
    const bottom = (whole || this.wholeNow) && svg ? drawn : this.actingBottom();
    if (bottom === null) return;
    // what heads the board and is read with it (the guided lesson, on one column: guide.js) counts as its top
    const head = this.board.parentElement?.querySelector(":scope > .keep-with-board:not([hidden])");
    const top = (head || this.tools || this.board).getBoundingClientRect().top;
    const dock = this.dock.getBoundingClientRect();
    if (bottom - top > window.innerHeight - dock.height) return; // no room for both: the player scrolls
    if (bottom > dock.top + 1) window.scrollBy(0, Math.min(bottom - dock.top + 4, top));
    else if (top < 0) window.scrollBy(0, top - 4);
  }
}
