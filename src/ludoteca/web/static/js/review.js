// The replay viewer's review panel: a finished game's review (POST /api/review/ID starts it in the server's
// worker pool, GET /api/review/ID tells its progress and gives it once done), drawn as a win-chance graph
// per seat (click a point, or anywhere along the graph, to jump to that decision), the decision at the step
// shown (the move played beside the search's preferred one, with both chances) and the marked mistakes.
// Chances are the search's estimates from the view of the seat that decided (docs/review.md says how far
// to trust them). Everything is drawn with DOM calls: no text from the server is read as HTML.

import { h } from "./dom.js";
import { fmt, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 1000;
const WIDTH = 300;
const HEIGHT = 150;
const PAD = { left: 4, right: 4, top: 6, bottom: 6 };

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child instanceof Node ? child : String(child));
  return node;
}

const percent = (chance) => `${Math.round(100 * chance)}%`;

/** The words of a mark (inaccuracy, mistake, blunder), translated. */
function markName(mark) {
  return { inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") }[mark] || "";
}

/**
 * The panel of the replay of game `gameId`; `go(n)` moves the replay to step n. Returns `update(frame)`,
 * to be called with every frame drawn (for the step shown and the seats' names).
 */
export function initReview(gameId, go) {
  const $ = (id) => document.getElementById(id);
  const panel = $("review");
  const button = $("review-btn");
  const progress = $("review-progress");
  let review = null;
  let byN = new Map();
  let names = [];
  let step = 0;
  let polling = null;

  async function ask(method) {
    try {
      const response = await fetch(`/api/review/${encodeURIComponent(gameId)}`, { method });
      const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
      return response.ok ? data : { status: "error", error: data.error || `HTTP ${response.status}` };
    } catch {
      return { status: "error", error: t("Not connected: try again.") };
    }
  }

  function shown(status) {
    panel.dataset.status = status.status;
    button.hidden = !["none", "failed", "error"].includes(status.status);
    if (status.status === "done") {
      progress.textContent = "";
      review = status.review;
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

  /** Go to step `n`, bringing the board into sight if it is off the screen (on a phone the panel is below it). */
  function jump(n) {
    go(n);
    const board = $("board");
    const top = board ? board.getBoundingClientRect().top : 0;
    if (board && (top < -board.offsetHeight / 2 || top > window.innerHeight)) {
      $("viewer").scrollIntoView({ block: "start" });
    }
  }

  const nameOf = (seat) => names[seat] || fmt(t("Seat {n}"), { n: seat + 1 });

  function render() {
    if (!review) return;
    graph();
    mistakes();
    totals();
    decision();
  }

  /** The win-chance graph: per seat, its chance before and after each of its decisions, over the game. */
  function graph() {
    const holder = $("review-graph");
    const total = Math.max(1, review.actions);
    const x = (n) => PAD.left + ((WIDTH - PAD.left - PAD.right) * n) / total;
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
    const cursor = svg("line", { class: "cursor", x1: x(step), x2: x(step), y1: PAD.top, y2: HEIGHT - PAD.bottom });
    picture.append(cursor);
    picture.addEventListener("click", (event) => {
      const n = event.target.dataset && event.target.dataset.n;
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
    const scale = h("p", { class: "scale small muted" }, t("Up: more likely to win (top 100%, dashed 50%)."));
    holder.replaceChildren(picture, scale);
    holder.hidden = false;
    holder.cursor = { line: cursor, x };
  }

  /** One decision in words: where, who, the move played and the better one with their chances. */
  function describe(entry) {
    const values = {
      step: entry.n,
      name: nameOf(entry.seat),
      played: entry.played,
      after: percent(entry.after),
      best: entry.best,
      before: percent(entry.before),
    };
    return entry.played === entry.best
      ? fmt(t("Step {step}, {name}: {played} ({after}), the search's choice too"), values)
      : fmt(t("Step {step}, {name}: {played} ({after}) instead of {best} ({before})"), values);
  }

  function mistakes() {
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

  function totals() {
    $("review-totals").replaceChildren(
      ...review.seats.map((seat) =>
        h(
          "li",
          {},
          h("span", { class: `swatch seat-${seat.seat}`, "aria-hidden": "true" }),
          fmt(t("{name}: mean loss {loss} points; inaccuracies: {i}, mistakes: {m}, blunders: {b}"), {
            name: nameOf(seat.seat),
            loss: (100 * seat.mean_loss).toFixed(1),
            i: seat.inaccuracies,
            m: seat.mistakes,
            b: seat.blunders,
          }),
        ),
      ),
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
      box.replaceChildren(
        h(
          "p",
          { class: "who" },
          h("span", { class: `swatch seat-${entry.seat}`, "aria-hidden": "true" }),
          fmt(t("Step {step}: {name}'s decision"), values),
          entry.mark ? h("strong", { class: `mark mark-${entry.mark}` }, ` · ${markName(entry.mark)}`) : "",
        ),
        h("p", { class: "played" }, fmt(t("Played: {move}"), { move: entry.played }), " ", h("strong", {}, percent(entry.after))),
        entry.played === entry.best
          ? h("p", { class: "better muted small" }, t("The search's choice too."))
          : h("p", { class: "better" }, fmt(t("Better: {move}"), { move: entry.best }), " ", h("strong", {}, percent(entry.before))),
      );
    }
    const cursor = $("review-graph").cursor;
    if (cursor) {
      cursor.line.setAttribute("x1", cursor.x(step));
      cursor.line.setAttribute("x2", cursor.x(step));
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
