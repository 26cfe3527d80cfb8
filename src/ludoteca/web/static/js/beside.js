// @ts-check
// The players' panels beside the board where the board's column has width to spare (a laptop's Verräter
// table): drawn under the ring, the whole table fits the room above the dock only at about 0.57 of its size,
// where the panels' words (12 units) fall under MIN_TEXT and are hidden; the column beside the ring stood
// empty. Beside it, in one column or two, each panel is drawn at a scale where its words show, and the ring,
// cropped to itself, is drawn as large as before or larger. Where that does not hold (a phone, a narrow
// window, four panels with no room for them) the panels stay in the board as the server drew them.
//
// The panels beside are copies of the board's own `g.player` groups (without their ids, which stay the
// board's), made again from each new SVG: what the server draws is all there is, nothing is re-rendered here.

const GAP = 8;
const SVG_NS = "http://www.w3.org/2000/svg";
/** The share of its size (drawn with the panels under it) the ring may give up for the panels' words to
 *  show: the ring's own words are large (a landscape's name, 30 units) and stay legible. */
const RING_KEPT = 0.75;

/**
 * @typedef {object} Arrangement
 * @property {number} columns
 * @property {number} scale the panels' scale
 * @property {number} width the width the panels take beside the ring, px (gaps included)
 * @property {number} ring the ring's scale
 */

/** @type {WeakMap<SVGSVGElement, {panels: number[][], top: number, smallest: number}>} each SVG's panels,
 *  measured once (a new state's board is a new SVG element: the entries go with the old one) */
const MEASURED = new WeakMap();
/** @type {WeakMap<SVGSVGElement, number[]>} each SVG's view box as the server drew it */
const FULL = new WeakMap();

export class PanelsBeside {
  /** @param {HTMLElement} board */
  constructor(board) {
    this.board = board;
  }

  /**
   * Put the board's panels beside it, or back in it, for a column `inner` px wide and `room` px high;
   * answers the width (px) the ring must leave to them (0: they are in the board).
   * @param {SVGSVGElement} svg
   * @param {number} inner
   * @param {number} room
   * @param {number} minText
   */
  arrange(svg, inner, room, minText) {
    const players = svg.querySelector("g.players");
    const full = fullBox(svg);
    if (!players || !full || room <= 0) return this.restore(svg, full);
    let measured = MEASURED.get(svg);
    if (!measured) {
      // measured once per SVG, while the panels are drawn in it
      const panels = [...players.querySelectorAll(":scope > g.player")].map((g) => {
        const b = /** @type {SVGGraphicsElement} */ (g).getBBox();
        return [b.x - 2, b.y - 2, b.width + 4, b.height + 4];
      });
      const top = Math.min(...panels.map((b) => b[1]));
      // their smallest words, in the drawing's units (a narrow panel's badges are drawn smaller)
      const sizes = [...players.querySelectorAll("text")]
        .filter((text) => (text.textContent || "").trim())
        .map((text) => parseFloat(getComputedStyle(text).fontSize));
      const smallest = Math.min(...sizes.filter((size) => size > 0), 99);
      measured = { panels, top, smallest };
      MEASURED.set(svg, measured);
    }
    const { panels, top, smallest } = measured;
    if (panels.length === 0 || !(top > full[1] + full[3] * 0.6)) return this.restore(svg, full);
    // the ring cropped to itself: above the panels, and the same margin off each side (the margin left of
    // the panels, less a little for the table's header, whose words reach both sides)
    const left = Math.max(full[0], Math.min(...panels.map((/** @type {number[]} */ b) => b[0])) - 14);
    const right = full[0] + full[2] - (left - full[0]);
    const ring = [left, full[1], right - left, top - full[1] - 4];
    const chosen = choose(panels, ring, full, inner, room, minText / smallest);
    if (chosen === null) return this.restore(svg, full);
    // the drawn size follows: the width and height attributes give the SVG its proportions, not the view box
    setBox(svg, ring);
    svg.classList.add("panels-aside"); // on the SVG, not the board: a new SVG has its panels drawn, to be measured
    this.board.classList.add("panels-beside");
    this.draw(players, panels, chosen);
    return chosen.width + GAP;
  }

  /**
   * The panels in the board again (the SVG's own view box, no copies beside).
   * @param {SVGSVGElement} svg
   * @param {number[] | null} full
   */
  restore(svg, full) {
    if (full && svg.getAttribute("viewBox") !== full.join(" ")) setBox(svg, full);
    svg.classList.remove("panels-aside");
    this.board.classList.remove("panels-beside");
    this.board.querySelector(":scope > .board-panels")?.remove();
    return 0;
  }

  /**
   * @param {Element} players
   * @param {number[][]} panels each panel's box in the drawing
   * @param {Arrangement} chosen
   */
  draw(players, panels, chosen) {
    // a new SVG replaced the board's whole content, copies and all: copies still here are of this one
    let aside = this.board.querySelector(":scope > .board-panels");
    const made = aside instanceof HTMLElement;
    if (!(aside instanceof HTMLElement)) {
      const div = document.createElement("div");
      div.className = "board-panels";
      div.dataset.testid = "board-panels";
      this.board.append(div);
      aside = div;
    }
    const holder = /** @type {HTMLElement} */ (aside);
    holder.style.setProperty("--columns", String(chosen.columns));
    if (!made || holder.childElementCount !== panels.length) {
      const copies = [...players.querySelectorAll(":scope > g.player")].map((g, k) => {
        const box = panels[k];
        const one = document.createElementNS(SVG_NS, "svg");
        one.setAttribute("viewBox", box.join(" "));
        one.setAttribute("class", "seat-panel");
        one.setAttribute("aria-hidden", "true"); // the players' list says the same in words
        const copy = g.cloneNode(true);
        if (copy instanceof Element) {
          copy.removeAttribute("id");
          for (const inner of copy.querySelectorAll("[id]")) inner.removeAttribute("id");
          one.append(copy);
        }
        return one;
      });
      holder.replaceChildren(...copies);
    }
    [...holder.children].forEach((one, k) => {
      if (one instanceof SVGSVGElement) one.style.width = `${Math.ceil(panels[k][2] * chosen.scale)}px`; // never under the legible scale
    });
  }
}

/**
 * Show `box` of the drawing, in its proportions.
 * @param {SVGSVGElement} svg
 * @param {number[]} box
 */
function setBox(svg, box) {
  svg.setAttribute("viewBox", box.join(" "));
  svg.setAttribute("width", String(box[2]));
  svg.setAttribute("height", String(box[3]));
}

/**
 * The SVG's view box as the server drew it (kept the first time it is read: the page crops it later).
 * @param {SVGSVGElement} svg
 * @returns {number[] | null}
 */
function fullBox(svg) {
  let full = FULL.get(svg);
  if (!full) {
    const box = svg.viewBox && svg.viewBox.baseVal;
    if (!box || box.width <= 0 || box.height <= 0) return null;
    full = [box.x, box.y, box.width, box.height];
    FULL.set(svg, full);
  }
  return full;
}

/**
 * The best arrangement of the panels beside the ring — one column or two, each panel at a scale where its
 * words show — if the ring is then drawn at least as large as the whole table would be; else null.
 * @param {number[][]} panels
 * @param {number[]} ring the ring's box, without the panels
 * @param {number[]} full the whole table's box
 * @param {number} inner
 * @param {number} room
 * @param {number} legible the smallest scale at which every word of a panel shows
 * @returns {Arrangement | null}
 */
export function choose(panels, ring, full, inner, room, legible) {
  const pw = Math.max(...panels.map((b) => b[2]));
  const ph = Math.max(...panels.map((b) => b[3]));
  const whole = Math.min(inner / full[2], room / full[3]);
  /** @type {Arrangement | null} */
  let best = null;
  for (const columns of [1, 2]) {
    const rows = Math.ceil(panels.length / columns);
    // the smallest scale at which the panels' words show: the rest of the width is the ring's
    const scale = legible;
    if (rows * ph * scale + (rows - 1) * GAP > room) continue;
    const width = columns * pw * scale + (columns - 1) * GAP;
    const scaleRing = Math.min((inner - width - GAP) / ring[2], room / ring[3]);
    if (scaleRing >= whole * RING_KEPT && (best === null || scaleRing > best.ring)) best = { columns, scale, width, ring: scaleRing };
  }
  return best;
}
