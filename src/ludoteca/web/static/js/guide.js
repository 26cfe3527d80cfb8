// @ts-check
// The guided first game's panel: the lesson of the moment, what each choice means, and the hint's choice
// with the reason it prefers it. The guide is the page's, not the game's: `?guide=1` in the URL says so,
// the page's `hello` tells the server (which then adds a `guide` to each state and a `reason` to each
// hint), and "Leave the guide" removes it from the URL and says hello again without it — the game goes
// on as a normal game. All the words come from the server, in the page's language.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The page's one-column layout (the style sheet's `.table-layout` breakpoint). */
const ONE_COLUMN = "(max-width: 980px)";

/** @type {Set<import("./protocol.js").RefusalCode>} */
const HINT_REFUSALS = new Set(["unknown_type", "hint_failed", "no_hint", "busy"]);

/** @typedef {import("./protocol.js").State} State */
/** @typedef {import("./protocol.js").Hint} Hint */
/** @typedef {import("./protocol.js").Suggestion} Suggestion */

/**
 * What the guide asks of the page: `send(message)` to the server (answers whether it went),
 * `play(choice)` a suggested action, `hello()` say hello again (after leaving the guide).
 * @typedef {object} GuideHooks
 * @property {(message: import("./protocol.js").HintRequest) => boolean} send
 * @property {(choice: Suggestion) => void} play
 * @property {() => void} hello
 */

export class Guide {
  /**
   * `panel`: the guide's container (hidden unless guided); `send(message)`: to the server;
   * `play(choice)`: play a suggested action; `hello()`: say hello again (after leaving the guide).
   * @param {HTMLElement} panel
   * @param {GuideHooks} hooks
   */
  constructor(panel, { send, play, hello }) {
    this.panel = panel;
    this.send = send;
    this.play = play;
    this.sayHello = hello;
    this.on = new URLSearchParams(location.search).get("guide") === "1";
    /** @type {State | null} */
    this.state = null;
    /** @type {number | null} */
    this.asked = null; // the version of the hint this guide asked for
    this.waiting = false; // its answer has not come yet: one search at a time per seat
    /** @type {Hint | null} */
    this.hint = null; // the hint answering it
    this.noHints = false; // the server gives no hints: stop asking
    /** @type {string | null} */
    this.said = null; // what the panel shows, to redraw it only when that changes
    this.keepInSight();
  }

  /**
   * Beside the board (a wide screen) the panel heads the side column; in one column (a phone, a narrow
   * window) the side column comes after the board, and right under the board the lesson sat behind the
   * pinned dock until the page was scrolled to its end (issue 34): there the panel is moved above the
   * board, the first thing the player reads.
   */
  keepInSight() {
    const home = this.panel.parentElement;
    const after = this.panel.nextSibling;
    const tools = document.getElementById("board-tools");
    if (!home || !tools || typeof window.matchMedia !== "function") return;
    const narrow = window.matchMedia(ONE_COLUMN);
    const place = () => {
      if (narrow.matches) tools.before(this.panel);
      else home.insertBefore(this.panel, after);
      // the page scrolls to show the board with the dock on a new turn (layout.js): the lesson with them
      this.panel.classList.toggle("keep-with-board", narrow.matches);
    };
    narrow.addEventListener("change", place);
    place();
  }

  /** What the page's `hello` adds. */
  hello() {
    return this.on ? { guide: true } : {};
  }

  /**
   * Redraw from a `state`; on the player's own turn, ask for the hint once per version.
   * @param {State} state
   */
  update(state) {
    this.state = state;
    if (!this.on) return;
    const legal = state.legal || [];
    const myTurn = state.seat >= 0 && state.to_act === state.seat && legal.length > 0 && !state.result;
    if (this.hint && this.hint.version !== state.version) this.hint = null;
    if (myTurn && this.asked !== state.version && !this.waiting && !this.noHints) {
      this.asked = state.version;
      this.waiting = this.send({ type: "hint" });
    }
    this.render();
  }

  /**
   * A `hint` message: taken (true) if this guide asked for it, else left to the page's hint panel.
   * @param {Hint} message
   */
  takesHint(message) {
    if (!this.on || !this.waiting) return false;
    this.waiting = false;
    if (this.state && message.version === this.state.version) {
      this.hint = message;
      this.render();
    } else if (this.state) {
      this.update(this.state); // the table moved on while the hint was searched: ask about the new turn
    }
    return true;
  }

  /**
   * An `error` message: a refused hint is not asked for again on this version (nor ever, if unknown).
   * @param {import("./protocol.js").Refusal} message
   */
  error(message) {
    if (!this.on || !this.waiting || !HINT_REFUSALS.has(message.code)) return;
    this.waiting = false;
    if (message.code === "unknown_type") this.noHints = true;
    this.render();
  }

  leave() {
    this.on = false;
    const url = new URL(location.href);
    url.searchParams.delete("guide");
    history.replaceState(history.state, "", url.href);
    this.panel.hidden = true;
    this.panel.replaceChildren();
    this.said = null;
    this.sayHello();
  }

  render() {
    const guide = this.state && this.state.guide;
    this.panel.hidden = !this.on || !guide;
    if (!this.state || !guide || this.panel.hidden) return;
    // redrawn only when what it says changed: the panel is a live region, and a state that changes
    // nothing here (another seat connecting, the log of a bot's move) must not make it be read again
    const said = JSON.stringify([guide, this.hint, this.waiting, this.noHints, (this.state.legal || []).length]);
    if (said === this.said) return;
    this.said = said;
    const labels = new Map((this.state.legal || []).map((a) => [a.text, a.label]));
    /** @type {HTMLElement[]} */
    const parts = [
      h("p", { class: "guide-kicker small muted" }, t("Guided first game")),
      h("h2", { class: "guide-title", "data-testid": "guide-title" }, guide.title),
      ...guide.paragraphs.map((text) => h("p", { class: "guide-text" }, text)),
    ];
    const hint = this.hint;
    const best = hint && hint.best;
    if (hint && best) {
      parts.push(
        h(
          "div",
          { class: "guide-hint", "data-testid": "guide-hint" },
          h("p", { class: "small muted" }, t("The hint would choose:")),
          h(
            "button",
            { type: "button", class: "hint-choice best", onclick: () => this.play(best) },
            best.label || best.text,
          ),
          best.meaning ? h("p", { class: "guide-meaning" }, best.meaning) : null,
          hint.reason ? h("p", { class: "guide-reason", "data-testid": "guide-reason" }, hint.reason) : null,
        ),
      );
    } else if (this.waiting && labels.size > 0) {
      parts.push(h("p", { class: "muted small" }, t("The hint is thinking…")));
    }
    if (guide.choices.length > 0) {
      parts.push(
        h(
          "details",
          { class: "guide-choices" },
          h("summary", {}, t("What each choice means")),
          h(
            "dl",
            {},
            ...guide.choices.flatMap((c) => [h("dt", {}, labels.get(c.text) || c.text), h("dd", {}, c.meaning)]),
          ),
        ),
      );
    }
    parts.push(
      h(
        "button",
        { type: "button", class: "secondary guide-leave", "data-testid": "guide-leave", onclick: () => this.leave() },
        t("Leave the guide"),
      ),
    );
    const choices = () => /** @type {HTMLDetailsElement | null} */ (this.panel.querySelector("details.guide-choices"));
    const open = choices()?.open;
    this.panel.replaceChildren(...parts);
    const details = choices();
    if (open && details) details.open = true;
  }
}
