// @ts-check
// The page side of the click targets: which `[data-target]` elements of the board and the hand can be
// clicked, what is selected, and the candidate buttons. The rules themselves are in selection.js.
//
// A selected element is remembered as (key, n): the n-th element carrying that key in page order. Two
// supply cards of value 5 are both `hand:5`; the player clicks one of them and that one is marked,
// while the selection itself is just the multiset of keys that the protocol speaks of.

import { h } from "./dom.js";
import { fmt, t } from "./i18n.js";
import { targetName } from "./layout.js";
import { canAdd, candidates, decided } from "./selection.js";

/** With nothing selected, more targeted choices than this hide behind a "show all" button. */
const MANY = 12;

/** @typedef {import("./protocol.js").LegalAction} LegalAction */

/**
 * The elements and the callback of a picker (see the constructor).
 * @typedef {object} PickerParts
 * @property {HTMLElement[]} holders
 * @property {HTMLElement} box
 * @property {HTMLElement} clearButton
 * @property {HTMLElement} help
 * @property {(action: LegalAction) => void} onPlay
 */

export class Picker {
  /**
   * holders: the elements whose `[data-target]` descendants are clickable (board, hand);
   * box: where candidate buttons go; clearButton, help: the clear button and the hint line;
   * onPlay(action): called with the legal action the player chose.
   * @param {PickerParts} parts
   */
  constructor({ holders, box, clearButton, help, onPlay }) {
    this.holders = holders;
    this.box = box;
    this.clearButton = clearButton;
    this.help = help;
    this.onPlay = onPlay;
    /** @type {LegalAction[]} */
    this.legal = [];
    this.version = -1;
    /** @type {{key: string, n: number}[]} */
    this.selection = []; // [{key, n}]
    this.locked = false;
    this.showAll = false;
    for (const holder of holders) {
      holder.addEventListener("click", (event) => this.clicked(event));
      holder.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
        if (event.key === "Enter" || event.key === " ") this.clicked(event);
      });
    }
    clearButton.addEventListener("click", () => this.clear());
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !document.querySelector("dialog[open]")) this.clear();
    });
  }

  /** The legal actions of a new state (its SVGs already in the page). A selection survives a state
   *  that changes nothing for this seat (someone connecting, say), and is dropped otherwise.
   * @param {LegalAction[]} legal
   * @param {number} version
   */
  update(legal, version) {
    const same = version === this.version && sameActions(legal, this.legal);
    this.legal = legal;
    this.version = version;
    this.locked = false;
    if (!same) {
      this.selection = [];
      this.showAll = false;
    } else if (candidates(legal, this.keys()).length === 0) {
      this.selection = [];
    }
    this.render();
  }

  /** Freeze while an action is on its way (until the next state or an error). */
  lock() {
    this.locked = true;
    this.render();
  }

  unlock() {
    this.locked = false;
    this.render();
  }

  clear() {
    if (this.selection.length === 0) return;
    this.selection = [];
    this.render();
  }

  keys() {
    return this.selection.map((s) => s.key);
  }

  active() {
    return this.legal.length > 0 && !this.locked;
  }

  /**
   * Every target element with its key and its place among the elements of that key.
   * @returns {{el: Element, key: string, n: number}[]}
   */
  targets() {
    /** @type {Map<string, number>} */
    const seen = new Map();
    const list = [];
    for (const holder of this.holders) {
      for (const el of holder.querySelectorAll("[data-target]")) {
        const key = el.getAttribute("data-target") || "";
        const n = seen.get(key) || 0;
        seen.set(key, n + 1);
        list.push({ el, key, n });
      }
    }
    return list;
  }

  /** @param {Event} event a click, or Enter or Space on a target */
  clicked(event) {
    const el = event.target instanceof Element ? event.target.closest("[data-target]") : null;
    if (!el || !this.active() || !this.holders.some((holder) => holder.contains(el))) return;
    event.preventDefault();
    const found = this.targets().find((item) => item.el === el);
    if (!found) return;
    const at = this.selection.findIndex((s) => s.key === found.key && s.n === found.n);
    if (at >= 0) {
      this.selection.splice(at, 1);
    } else {
      const cands = candidates(this.legal, this.keys());
      if (!canAdd(cands, this.keys(), found.key)) return;
      this.selection.push({ key: found.key, n: found.n });
    }
    const keys = this.keys();
    const action = decided(candidates(this.legal, keys), keys);
    if (action) {
      this.play(action);
    } else {
      this.render();
      if (at < 0) this.box.querySelector("button")?.scrollIntoView({ block: "nearest" });
    }
  }

  /** @param {LegalAction} action */
  play(action) {
    this.selection = [];
    this.locked = true;
    this.render();
    this.onPlay(action);
  }

  render() {
    const active = this.active();
    const keys = this.keys();
    const cands = active ? candidates(this.legal, keys) : [];
    const items = this.targets().map((item) => {
      const selected = active && this.selection.some((s) => s.key === item.key && s.n === item.n);
      return { ...item, selected, clickable: active && (selected || canAdd(cands, keys, item.key)) };
    });
    // Dim the rest only where something can be clicked: a board with no part in the choice (Verräter's
    // ring while you pick supply cards from your hand) stays fully readable.
    const involved = new Set(this.holders.filter((holder) => items.some((i) => i.clickable && holder.contains(i.el))));
    for (const holder of this.holders) holder.classList.toggle("picking", involved.has(holder));
    /** @type {Map<string, string[]>} */
    const labels = new Map();
    for (const action of cands) {
      for (const key of new Set(action.targets || [])) labels.set(key, [...(labels.get(key) || []), action.label || action.text]);
    }
    for (const { el, selected, clickable } of items) {
      const dimmed = !clickable && [...involved].some((holder) => holder.contains(el));
      el.classList.toggle("selected", selected);
      el.classList.toggle("clickable", clickable);
      el.classList.toggle("dimmed", dimmed);
      if (clickable) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-pressed", String(selected));
        el.setAttribute("aria-label", targetName(el, labels));
      } else {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        el.removeAttribute("aria-pressed");
        el.removeAttribute("aria-label");
      }
    }
    this.renderButtons(active, keys, cands);
  }

  /**
   * @param {boolean} active
   * @param {string[]} keys
   * @param {LegalAction[]} cands
   */
  renderButtons(active, keys, cands) {
    const buttons = [];
    const targeted = cands.filter((a) => (a.targets || []).length > 0);
    const plain = active ? this.legal.filter((a) => (a.targets || []).length === 0) : [];
    if (keys.length === 0 && targeted.length > MANY && !this.showAll) {
      buttons.push(
        h(
          "button",
          {
            type: "button",
            id: "show-all-btn",
            class: "secondary",
            onclick: () => {
              this.showAll = true;
              this.render();
            },
          },
          fmt(t("Show all {n} choices"), { n: targeted.length }),
        ),
      );
    } else {
      for (const action of targeted) buttons.push(this.button(action));
    }
    for (const action of plain) buttons.push(this.button(action, "plain"));
    this.box.replaceChildren(...buttons);
    this.clearButton.hidden = keys.length === 0;
    let help = "";
    if (active && keys.length > 0) help = fmt(t("{n} choices left: click more, or pick one."), { n: cands.length });
    else if (active && targeted.length > 0) help = t("Click a highlighted part of the table, or pick a choice.");
    this.help.textContent = help;
  }

  /**
   * @param {LegalAction} action
   * @param {string} [kind]
   */
  button(action, kind = "") {
    return h(
      "button",
      {
        type: "button",
        class: `candidate ${kind}`.trim(),
        "data-action": action.text,
        title: action.text,
        onclick: () => this.active() && this.play(action),
      },
      action.label || action.text,
    );
  }
}

/**
 * @param {LegalAction[]} a
 * @param {LegalAction[]} b
 */
function sameActions(a, b) {
  return a.length === b.length && a.every((action, i) => action.text === b[i].text);
}
