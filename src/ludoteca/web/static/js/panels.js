// @ts-check
// The table's side panels, each a function of the latest state: the seats, the log (appended line by
// line as the protocol's `log_start` allows), the turn clock and the end screen.

import { $, h } from "./dom.js";
import { fmt, t } from "./i18n.js";
import { timeLeft } from "./timeleft.js";

/** @typedef {import("./protocol.js").State} State */

/**
 * A bot spec in words, with the lobby's labels (so one translation serves both pages).
 * @param {string} spec
 */
export function botLabel(spec) {
  /** @type {Record<string, string>} */
  const labels = {
    heuristic: t("Heuristic bot"),
    random: t("Random bot"),
    "ismcts:easy": t("Search bot, easy"),
    "ismcts:normal": t("Search bot, normal"),
    "ismcts:hard": t("Search bot, hard"),
    "reader:expert": t("Search bot, expert"),
  };
  return labels[spec] || fmt(t("Bot ({spec})"), { spec });
}

/**
 * The seats list: name, who plays it, connection, score; the seat to act and your own marked.
 * @param {HTMLElement} list
 * @param {State} state
 */
export function renderSeats(list, state) {
  const items = state.seats.map((seat) => {
    const mine = seat.seat === state.seat;
    const toAct = seat.seat === state.to_act;
    const winner = state.result && state.result.winners.includes(seat.seat);
    let who;
    if (seat.kind === "bot") who = botLabel(seat.bot || "heuristic");
    else if (seat.kind === "open") who = t("open seat: waiting for a player from the lobby");
    else if (seat.autoplay) who = t("a bot plays for now");
    else who = t("human");
    const connected = seat.kind === "bot" || seat.connected;
    return h(
      "li",
      {
        class: ["seat", `seat-${seat.seat}`, mine && "mine", toAct && "to-act", winner && "winner"]
          .filter(Boolean)
          .join(" "),
        dataset: { seat: seat.seat, kind: seat.kind, autoplay: seat.autoplay, connected },
        "aria-current": toAct ? "true" : null,
      },
      h("span", { class: "swatch", "aria-hidden": "true" }),
      h(
        "span",
        { class: "seat-main" },
        h("span", { class: "seat-name" }, seat.name, mine ? h("span", { class: "you" }, ` (${t("you")})`) : null),
        h("span", { class: "seat-kind muted small" }, who),
      ),
      seat.kind === "human"
        ? h(
            "span",
            { class: `conn ${connected ? "on" : "off"}`, title: connected ? t("connected") : t("not connected") },
            h("span", { class: "visually-hidden" }, connected ? t("connected") : t("not connected")),
          )
        : h("span", { class: "conn none" }),
      h("span", { class: "score", title: t("Victory points") }, String(state.scores[seat.seat] ?? "")),
      toAct ? h("span", { class: "visually-hidden" }, t("to act")) : null,
    );
  });
  list.replaceChildren(...items);
}

/**
 * A log line with each seat's mark (its shape in its colour, as in the seat list) before the seat's
 * name wherever the name occurs, so that seats are told apart by more than the colour of a name.
 * @param {string} line
 * @param {string[]} names
 * @returns {(string | HTMLElement)[]}
 */
export function markSeats(line, names) {
  const known = names.map((name, seat) => /** @type {[string, number]} */ ([name, seat])).filter(([name]) => name);
  if (known.length === 0) return [line];
  known.sort((a, b) => b[0].length - a[0].length); // "Ada B" before "Ada"
  const pattern = new RegExp(known.map(([name]) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  const seatOf = new Map(known);
  /** @type {(string | HTMLElement)[]} */
  const parts = [];
  let at = 0;
  for (const found of line.matchAll(pattern)) {
    const index = found.index ?? 0;
    parts.push(line.slice(at, index));
    parts.push(h("span", { class: `swatch seat-${seatOf.get(found[0])}`, "aria-hidden": "true" }), found[0]);
    at = index + found[0].length;
  }
  parts.push(line.slice(at));
  return parts.filter((part) => part !== "");
}

/** The log: appended when a state continues where the last one ended, replaced otherwise. */
export class LogView {
  /** @param {HTMLElement} list */
  constructor(list) {
    this.list = list;
    /** @type {string[]} */
    this.names = []; // the seats' names, marked in the lines (markSeats)
    this.length = 0; // index just past the last line shown
    // Whether the reader is following the newest lines: decided by their own scrolling only, so a
    // change of layout (buttons wrapping, the box shrinking) never makes the log stop following.
    this.follow = true;
    this.auto = false; // the next scroll event is our own (toEnd), not the reader's
    list.addEventListener("scroll", () => {
      if (this.auto) {
        this.auto = false;
        return;
      }
      this.follow = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    });
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => this.follow && this.toEnd()).observe(list);
    }
  }

  toEnd() {
    const before = this.list.scrollTop;
    this.list.scrollTop = this.list.scrollHeight;
    if (this.list.scrollTop !== before) this.auto = true;
  }

  /**
   * @param {number} start the index of the first line given
   * @param {string[]} lines
   */
  update(start, lines) {
    const replaced = start !== this.length;
    if (replaced) this.list.replaceChildren();
    this.list.append(...lines.map((line) => h("li", {}, ...markSeats(line, this.names))));
    this.length = start + lines.length;
    if (this.follow || replaced) {
      this.follow = true;
      this.toEnd();
    }
  }

  reset() {
    this.list.replaceChildren();
    this.length = 0;
  }
}

/** The time left for the seat to act, counted down every quarter second. */
export class Countdown {
  /** @param {HTMLElement} el */
  constructor(el) {
    this.el = el;
    /** @type {number | null} */
    this.deadline = null;
    this.text = "";
    this.name = "";
    this.mine = false;
    this.timer = setInterval(() => this.tick(), 250);
  }

  /**
   * `deadline`: unix seconds or null; `name`: whose clock; `mine`: whether it is this seat's.
   * @param {number | null | undefined} deadline
   * @param {string} name
   * @param {boolean} mine
   */
  set(deadline, name, mine) {
    this.deadline = typeof deadline === "number" ? deadline : null;
    this.name = name;
    this.mine = mine;
    this.tick();
  }

  tick() {
    if (this.deadline === null) {
      this.el.hidden = true;
      return;
    }
    const left = Math.max(0, Math.ceil(this.deadline - Date.now() / 1000));
    const clock = timeLeft(left); // "4:05", or "3 h 20 min", "2 d 5 h" for a slow game's turn
    // what a missed deadline does (docs/web.md, "Open games and slow games"): said where the clock is, not only in the docs
    const text = this.mine
      ? fmt(t("Time left: {clock}, then a bot plays for you"), { clock })
      : fmt(t("{name}: {clock} left, then a bot plays for them"), { name: this.name, clock });
    if (text !== this.text) {
      this.el.textContent = text;
      this.el.title = t("When the time runs out, a bot plays the seat until its player takes it back.");
      this.text = text;
    }
    this.el.hidden = false;
    this.el.classList.toggle("urgent", left <= 10);
    this.el.dataset.seconds = String(left);
  }
}

/** @param {Record<string, number> | undefined} progress */
function progressText(progress) {
  return Object.entries(progress || {}).map(([key, n]) => {
    if (key === "rounds") return fmt(t("Rounds played: {n}"), { n });
    if (key === "scorings") return fmt(t("Scorings: {n}"), { n });
    return `${key}: ${n}`;
  });
}

/**
 * The end screen: who won, the points by source for every seat, and how long the game ran.
 * @param {State} state
 */
export function renderEnd(state) {
  const result = state.result;
  if (!result) return;
  const names = state.seats.map((s) => s.name);
  const winners = result.winners.map((w) => names[w] ?? String(w));
  const winnersEl = $("winners");
  if (result.winners.includes(state.seat) && winners.length === 1) winnersEl.textContent = t("You win!");
  else if (winners.length === 1) winnersEl.textContent = fmt(t("{name} wins."), { name: winners[0] });
  else winnersEl.textContent = fmt(t("{names} share the win."), { names: winners.join(", ") });

  /** @type {Record<string, string>} */
  const labels = { ...(result.breakdown_labels || {}) };
  for (const part of result.breakdown || []) {
    for (const key of Object.keys(part)) if (!(key in labels)) labels[key] = key;
  }
  const keys = Object.keys(labels);
  const head = h(
    "thead",
    {},
    h(
      "tr",
      {},
      h("th", { scope: "col" }, t("Player")),
      ...keys.map((k) => h("th", { scope: "col" }, labels[k])),
      h("th", { scope: "col" }, t("Total")),
    ),
  );
  const order = result.scores.map((_, i) => i).sort((a, b) => result.scores[b] - result.scores[a]);
  const body = h(
    "tbody",
    {},
    ...order.map((seat) =>
      h(
        "tr",
        { class: result.winners.includes(seat) ? "winner" : null, dataset: { seat } },
        h(
          "th",
          { scope: "row" },
          h("span", { class: `swatch seat-${seat}`, "aria-hidden": "true" }),
          names[seat] ?? String(seat),
        ),
        // each cell names its column (data-label): a phone shows the rows as cards, without the head
        ...keys.map((k) => h("td", { dataset: { label: labels[k] } }, String((result.breakdown[seat] || {})[k] ?? 0))),
        h("td", { class: "total", dataset: { label: t("Total") } }, String(result.scores[seat])),
      ),
    ),
  );
  $("breakdown").replaceChildren(head, body);
  $("progress").textContent = progressText(result.progress).join(" · ");
}
