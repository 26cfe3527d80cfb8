// @ts-check
// The replay viewer's review panel: a finished game's review (POST /api/review/ID starts it in the server's
// worker pool, GET /api/review/ID tells its progress and gives it once done), drawn as a win-chance graph
// per seat (click a point, or anywhere along the graph, to jump to that decision), the decision at the step
// shown (the move played beside the search's preferred one, with both chances) and the marked mistakes.
// Chances are the search's estimates from the view of the seat that decided (docs/review.md says how far
// to trust them). Everything is drawn with DOM calls: no text from the server is read as HTML.

import { $, fetchJson, h, refusal } from "./dom.js";
import { fmt, language, ngettext, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 1000;
const WIDTH = 300;
const HEIGHT = 150;
const PAD = { left: 4, right: 4, top: 6, bottom: 6 };

/**
 * One judged decision of the review.
 * @typedef {object} Decision
 * @property {number} n the step it was taken at
 * @property {number} seat
 * @property {number} before the seat's win chance with the search's choice
 * @property {number} after its chance with the move played
 * @property {string} played
 * @property {string} best
 * @property {"inaccuracy" | "mistake" | "blunder" | null} [mark]
 */

/**
 * A finished review (docs/review.md).
 * @typedef {object} Review
 * @property {number} actions
 * @property {number[] | null} [outcome] each seat's result: 1 a win, 0 a loss
 * @property {Decision[]} decisions
 * @property {{seat: number, mean_loss: number, inaccuracies: number, mistakes: number, blunders: number}[]} seats
 */

/**
 * The labels of a decision's two moves in the reader's language, as the table's buttons said them.
 * @typedef {{played: string, best: string}} Labels
 */

/**
 * Where a review stands, as GET and POST /api/review/ID answer ("error": no answer came); `labels`, by step,
 * once done.
 * @typedef {{status: string, done?: number, total?: number, error?: string, review?: Review,
 *   labels?: Record<string, Labels>}} ReviewStatus
 */

/**
 * An SVG element: `h()` for the graph, in SVG's namespace.
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {...(Node | string)} children
 */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child instanceof Node ? child : String(child));
  return node;
}

/**
 * A win chance as a whole percentage, as the page's language writes it ("35%", "35 %", "35 %").
 * @param {number} chance
 */
const percent = (chance) => new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 0 }).format(chance);

/**
 * Points of win chance with one decimal, as the page's language writes them ("1.1", "1,1").
 * @param {number} value
 */
const points = (value) =>
  new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/**
 * The words of a mark (inaccuracy, mistake, blunder), translated.
 * @param {string | null | undefined} mark
 */
function markName(mark) {
  /** @type {Record<string, string>} */
  const words = { inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") };
  return (mark && words[mark]) || "";
}

/**
 * The panel of the replay of game `gameId`; `go(n)` moves the replay to step n. Returns `update(frame)`,
 * to be called with every frame drawn (for the step shown and the seats' names).
 * @param {string} gameId
 * @param {(n: number) => void} go
 * @returns {{update: (frame: import("./protocol.js").Frame) => void}}
 */
export function initReview(gameId, go) {
  const panel = $("review");
  const button = $("review-btn", HTMLButtonElement);
  const progress = $("review-progress");
  /** @type {Review | null} */
  let review = null;
  /** @type {Map<number, Decision>} */
  let byN = new Map();
  /** @type {Record<string, Labels>} */
  let labels = {};
  /** @type {string[]} */
  let names = [];
  let step = 0;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let polling = null;
  /** @type {{line: SVGElement, x: (n: number) => number} | null} */
  let cursor = null; // the graph's line at the step shown

  /**
   * Ask the server about the review (GET: how far it is, POST: start it).
   * @param {"GET" | "POST"} method
   * @returns {Promise<ReviewStatus>}
   */
  async function ask(method) {
    const query = new URLSearchParams({ lang: language() });
    const answer = await fetchJson(`/api/review/${encodeURIComponent(gameId)}?${query}`, { method });
    if (answer.status === 0) return { status: "error", error: t("Not connected: try again.") };
    return answer.ok ? answer.data : { status: "error", error: refusal(answer) };
  }

  /**
   * Show where the review stands; answers whether it has stopped (done, failed, or never asked for).
   * @param {ReviewStatus} status
   */
  function shown(status) {
    panel.dataset.status = status.status;
    button.hidden = !["none", "failed", "error"].includes(status.status);
    if (status.status === "done" && status.review) {
      progress.textContent = "";
      review = status.review;
      labels = status.labels || {};
      byN = new Map(review.decisions.map((entry) => [entry.n, entry]));
      render();
      return true;
    }
    if (status.status === "queued") progress.textContent = t("The review is waiting for a free worker…");
    else if (status.status === "running")
      progress.textContent = fmt(t("Reviewing: {done} of {total} decisions"), status);
    else if (status.status === "failed" || status.status === "error")
      progress.textContent = fmt(t("The review failed: {error}"), { error: status.error || "" });
    else progress.textContent = "";
    return status.status !== "queued" && status.status !== "running";
  }

  async function poll() {
    const status = await ask("GET");
    if (!shown(status)) polling = setTimeout(poll, POLL_MS);
    else polling = null;
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    const status = await ask("POST");
    button.disabled = false;
    if (!shown(status) && polling === null) polling = setTimeout(poll, POLL_MS);
  });

  /**
   * Go to step `n`, bringing the board into sight if it is off the screen (on a phone the panel is below it).
   * @param {number} n
   */
  function jump(n) {
    go(n);
    const board = document.getElementById("board");
    const top = board ? board.getBoundingClientRect().top : 0;
    if (board && (top < -board.offsetHeight / 2 || top > window.innerHeight)) {
      $("viewer").scrollIntoView({ block: "start" });
    }
  }

  /**
   * The move played and the better one in the reader's words (their notation if the server gave none).
   * @param {Decision} entry
   */
  const movesOf = (entry) => labels[String(entry.n)] || { played: entry.played, best: entry.best };

  /** @param {number} seat */
  const nameOf = (seat) => names[seat] || fmt(t("Seat {n}"), { n: seat + 1 });

  function render() {
    if (!review) return;
    graph(review);
    mistakes(review);
    totals(review);
    decision();
  }

  /**
   * The win-chance graph: per seat, its chance before and after each of its decisions, over the game.
   * @param {Review} review
   */
  function graph(review) {
    const holder = $("review-graph");
    const total = Math.max(1, review.actions);
    /** @param {number} n */
    const x = (n) => PAD.left + ((WIDTH - PAD.left - PAD.right) * n) / total;
    /** @param {number} c */
    const y = (c) => PAD.top + (HEIGHT - PAD.top - PAD.bottom) * (1 - c);
    const picture = svg("svg", {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      class: "review-svg",
      role: "img",
      "aria-label": t("Each seat's estimated chance of winning over the game"),
      "data-testid": "review-svg",
    });
    for (const c of [0, 0.5, 1]) {
      const grid = svg("line", { class: `grid${c === 0.5 ? " half" : ""}`, x1: PAD.left, x2: WIDTH - PAD.right, y1: y(c), y2: y(c) });
      picture.append(grid);
    }
    const seats = [...new Set(review.decisions.map((entry) => entry.seat))].sort((a, b) => a - b);
    for (const seat of seats) {
      const own = review.decisions.filter((entry) => entry.seat === seat);
      const steps = own.flatMap((e) => [`${x(e.n)},${y(e.before)}`, `${x(e.n)},${y(e.after)}`]);
      // and where the game ended for the seat: 100% for a win, 0% for a loss
      if (review.outcome && own.length) steps.push(`${x(review.actions)},${y(review.outcome[seat])}`);
      const points = steps.join(" ");
      picture.append(svg("polyline", { class: `line seat-${seat}`, points }));
      for (const entry of own) {
        const dot = svg(
          "circle",
          {
            class: `dot seat-${seat}${entry.mark ? ` mark-${entry.mark}` : ""}`,
            cx: x(entry.n),
            cy: y(entry.after),
            r: entry.mark === "blunder" || entry.mark === "mistake" ? 4.5 : 2.5,
            "data-n": entry.n,
            "data-testid": "review-point",
          },
          svg("title", {}, describe(entry)),
        );
        picture.append(dot);
      }
    }
    const line = svg("line", { class: "cursor", x1: x(step), x2: x(step), y1: PAD.top, y2: HEIGHT - PAD.bottom });
    picture.append(line);
    picture.addEventListener("click", (event) => {
      const n = event.target instanceof SVGElement ? event.target.dataset.n : undefined;
      if (n !== undefined) return jump(Number(n));
      // anywhere else along the graph: the nearest judged decision
      const box = picture.getBoundingClientRect();
      const at = ((event.clientX - box.left) / box.width) * WIDTH;
      let best = null;
      for (const entry of review.decisions) {
        if (best === null || Math.abs(x(entry.n) - at) < Math.abs(x(best.n) - at)) best = entry;
      }
      if (best) jump(best.n);
    });
    const legend = h(
      "ul",
      { class: "legend small", "data-testid": "review-legend" },
      seats.map((seat) =>
        h("li", {}, h("span", { class: `swatch seat-${seat}`, "aria-hidden": "true" }), nameOf(seat)),
      ),
      h("li", { class: "muted" }, h("span", { class: "dot-key", "aria-hidden": "true" }), t("large dot ringed in red: a mistake or a blunder")),
    );
    const scale = h("p", { class: "scale small muted" }, t("Up: more likely to win (top 100%, dashed 50%)."));
    holder.replaceChildren(picture, legend, scale);
    holder.hidden = false;
    cursor = { line, x };
  }

  /**
   * One decision in words: where, who, the move played and the better one with their chances.
   * @param {Decision} entry
   */
  function describe(entry) {
    const moves = movesOf(entry);
    const values = {
      step: entry.n,
      name: nameOf(entry.seat),
      played: moves.played,
      after: percent(entry.after),
      best: moves.best,
      before: percent(entry.before),
    };
    return entry.played === entry.best
      ? fmt(t("Step {step}, {name}: {played} ({after}), the search's choice too"), values)
      : fmt(t("Step {step}, {name}: {played} ({after}) instead of {best} ({before})"), values);
  }

  /** @param {Review} review */
  function mistakes(review) {
    const marked = review.decisions.filter((entry) => entry.mark);
    const list = $("review-mistakes");
    const heading = marked.length ? t("Mistakes (click to see the position)") : t("No decision lost much.");
    list.replaceChildren(
      h("h3", { class: "small" }, heading),
      h(
        "ol",
        { class: "mistakes" },
        marked.map((entry) =>
          h(
            "li",
            {},
            h(
              "button",
              {
                type: "button",
                class: `link mark-${entry.mark}`,
                "data-testid": "review-mistake",
                "data-n": entry.n,
                onclick: () => jump(entry.n),
              },
              h("span", { class: `swatch seat-${entry.seat}`, "aria-hidden": "true" }),
              h("strong", {}, markName(entry.mark)),
              " ",
              describe(entry),
            ),
          ),
        ),
      ),
    );
  }

  /** @param {Review} review */
  function totals(review) {
    $("review-totals").replaceChildren(
      ...review.seats.map((seat) => {
        // points of win chance: the mean of (chance with the search's choice − chance with the move played)
        const loss = Math.round(1000 * seat.mean_loss) / 10;
        const words = ngettext(
          "{name}: mean loss {loss} point of win chance per decision; inaccuracies: {i}, mistakes: {m}, blunders: {b}",
          "{name}: mean loss {loss} points of win chance per decision; inaccuracies: {i}, mistakes: {m}, blunders: {b}",
          loss,
          1,
        );
        return h(
          "li",
          {},
          h("span", { class: `swatch seat-${seat.seat}`, "aria-hidden": "true" }),
          fmt(words, { name: nameOf(seat.seat), loss: points(loss), i: seat.inaccuracies, m: seat.mistakes, b: seat.blunders }),
        );
      }),
    );
  }

  /** The decision taken at the step shown (if it was judged), and the graph's cursor there. */
  function decision() {
    const box = $("review-decision");
    const entry = byN.get(step);
    box.hidden = !entry;
    box.dataset.n = entry ? String(entry.n) : "";
    if (entry) {
      const values = { step: entry.n, name: nameOf(entry.seat) };
      const moves = movesOf(entry);
      box.replaceChildren(
        h(
          "p",
          { class: "who" },
          h("span", { class: `swatch seat-${entry.seat}`, "aria-hidden": "true" }),
          fmt(t("Step {step} · {name} decides"), values),
          entry.mark ? h("strong", { class: `mark mark-${entry.mark}` }, ` · ${markName(entry.mark)}`) : "",
        ),
        h("p", { class: "played" }, fmt(t("Played: {move}"), { move: moves.played }), " ", h("strong", {}, percent(entry.after))),
        entry.played === entry.best
          ? h("p", { class: "better muted small" }, t("The search's choice too."))
          : h("p", { class: "better" }, fmt(t("Better: {move}"), { move: moves.best }), " ", h("strong", {}, percent(entry.before))),
      );
    }
    if (cursor) {
      cursor.line.setAttribute("x1", String(cursor.x(step)));
      cursor.line.setAttribute("x2", String(cursor.x(step)));
    }
  }

  poll();
  return {
    update(frame) {
      const fresh = frame.seats.map((seat) => seat.name);
      const renamed = fresh.join("\u0000") !== names.join("\u0000");
      names = fresh;
      step = frame.n;
      if (renamed) render();
      else if (review) decision();
    },
  };
}
