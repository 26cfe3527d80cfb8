// @ts-check
// "Since your last turn": what the others did while the player waited, summed up where the player looks
// when their turn comes (the line above the board), as the terminal's recap does — in the log's own lines,
// already in the reader's language (the game's presenter wrote them: nothing is worded here twice).
//
// Where the player's last turn ended, and which places of the board changed since, the server says in each
// state (`since`: measured from the game itself, so a reload or a restart shows the same marks). The rules of
// the recap are pure (`Recap`), for node's tests; the page shows it (`RecapView`) and marks those places.

import { h } from "./dom.js";
import { fmt, ngettext, t } from "./i18n.js";

/** The log lines a page has seen, by their index in the game's log, and where this seat's last turn ended. */
export class Recap {
  /** @param {number | null} mark the log's length when this seat's last turn ended (null: not known) */
  constructor(mark) {
    /** @type {string[]} */
    this.lines = [];
    this.mark = mark;
    this.wasMine = false;
  }

  /**
   * A new state: its log lines from `start`, and whether it is this seat's turn. When a turn of this seat
   * ends (it had choices, now it has none), the mark moves to the end of the log. Answers whether the
   * mark moved.
   * @param {number} start
   * @param {string[]} lines
   * @param {boolean} mine
   */
  update(start, lines, mine) {
    if (start > this.lines.length) this.lines.length = start; // a gap: lines this page never saw
    this.lines.splice(start, this.lines.length - start, ...lines);
    const ended = this.wasMine && !mine;
    this.wasMine = mine;
    if (ended) this.mark = this.lines.length;
    return ended;
  }

  /** The lines since this seat's last turn ended (none while its turn has not come, or not yet ended once). */
  since() {
    if (!this.wasMine || this.mark === null || this.mark > this.lines.length) return [];
    return this.lines.slice(this.mark).filter((line) => typeof line === "string");
  }
}

/** How a place changed since the seat's last turn is drawn: a blue glow (where nothing clickable glows). */
const CHANGED = "filter: drop-shadow(0 0 2px #1f62d6) drop-shadow(0 0 5px #1f62d6);";

/** The recap above the board: a one-line summary that opens into the lines since the seat's last turn. */
export class RecapView {
  /**
   * @param {HTMLDetailsElement} panel
   * @param {HTMLElement} board the board's holder (its places that changed are marked)
   */
  constructor(panel, board) {
    this.panel = panel;
    this.board = board;
    /** @type {CSSStyleSheet | null} the marks of the changed places */
    this.sheet = null;
    this.seat = -1;
    /** @type {Recap} */
    this.recap = new Recap(null);
  }

  /**
   * @param {import("./protocol.js").State} state
   */
  update(state) {
    if (state.seat !== this.seat) {
      this.seat = state.seat;
      this.recap = new Recap(null);
    }
    const mine = state.seat >= 0 && state.to_act === state.seat && (state.legal || []).length > 0 && !state.result;
    this.recap.update(state.log_start, state.log || [], mine);
    if (state.since) this.recap.mark = state.since.log; // the server's mark: the same after a reload
    const lines = this.recap.since();
    this.render(lines);
    this.mark(lines.length > 0 && state.since ? state.since.changed : []);
  }

  /**
   * Mark the board's places that changed since this seat's last turn, and no others: a style sheet of the
   * page's own (CSSOM, which the content security policy allows) names them by id, so the board's drawing
   * itself is left as the server sent it — a page fed patches and a fresh one show the same board.
   * @param {string[]} ids
   */
  mark(ids) {
    const key = ids.join(" ");
    if (this.panel.dataset.changed === key) return;
    this.panel.dataset.changed = key;
    if (typeof CSSStyleSheet !== "function" || !("adoptedStyleSheets" in document)) return;
    if (!this.sheet) {
      this.sheet = new CSSStyleSheet();
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, this.sheet];
    }
    const places = ids.map((id) => `#board svg [id="${CSS.escape(id)}"]:not(.clickable, .pointed, .selected)`);
    this.sheet.replaceSync(places.length ? `${places.join(",\n")} { ${CHANGED} }` : "");
  }

  /** @param {string[]} lines */
  render(lines) {
    const panel = this.panel;
    panel.hidden = lines.length === 0;
    if (lines.length === 0) {
      panel.open = false;
      panel.dataset.lines = "0";
      return;
    }
    if (panel.dataset.lines === String(lines.length) && panel.dataset.last === lines[lines.length - 1]) return;
    panel.dataset.lines = String(lines.length);
    panel.dataset.last = lines[lines.length - 1];
    const count = fmt(ngettext("{n} event", "{n} events", lines.length), { n: lines.length });
    panel.replaceChildren(
      h(
        "summary",
        { title: count },
        h("span", { class: "recap-head" }, t("Since your last turn:")),
        " ",
        h("span", { class: "recap-last" }, lines[lines.length - 1]),
      ),
      h("ol", { class: "recap-lines", dataset: { testid: "recap-lines" } }, ...lines.map((line) => h("li", {}, line))),
    );
  }
}
