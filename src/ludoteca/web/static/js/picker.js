// @ts-check
// The page side of the click targets: which `[data-target]` elements of the board and the hand can be
// clicked, what is selected, and the candidate buttons. The rules themselves are in selection.js.
//
// With `confirm` on (the table's "Confirm each move", on by default on a touch screen) nothing is sent on
// the tap that decides an action: the action is *chosen* (its places marked on the board, its button
// pressed) and a second tap on it, on one of its selected places or on the Confirm button sends it.
// Pointing at a choice's button (a hover, a focus, or a first tap in confirm mode) marks its places on the
// board, and the places of the current choices are labelled large where the board is drawn small.
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
 * @property {HTMLButtonElement} [confirmButton] sends the chosen action (confirm mode)
 * @property {(keys: Set<string>) => void} [onPlaces] told the target keys of the places to label
 */

export class Picker {
  /**
   * holders: the elements whose `[data-target]` descendants are clickable (board, hand);
   * box: where candidate buttons go; clearButton, help: the clear button and the hint line;
   * onPlay(action): called with the legal action the player chose.
   * @param {PickerParts} parts
   */
  constructor({ holders, box, clearButton, help, onPlay, confirmButton, onPlaces }) {
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
    /** Whether a tap that decides an action only chooses it (sent by a second tap or Confirm). */
    this.confirm = false;
    /** @type {LegalAction | null} the action chosen and waiting for its confirmation */
    this.chosen = null;
    /** @type {LegalAction | null} the choice whose button the pointer or the focus is on */
    this.pointed = null;
    this.confirmButton = confirmButton || null;
    this.onPlaces = onPlaces || (() => {});
    this.confirmButton?.addEventListener("click", () => {
      if (this.chosen && this.active()) this.play(this.chosen);
    });
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
      this.chosen = null;
      this.pointed = null;
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
    if (this.selection.length === 0 && !this.chosen) return;
    this.selection = [];
    this.chosen = null;
    this.render();
  }

  /**
   * Confirm mode on or off (a chosen action goes back to a selection).
   * @param {boolean} on
   */
  setConfirm(on) {
    this.confirm = on;
    this.chosen = null;
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
    if (at >= 0 && this.chosen && this.confirm) {
      this.play(this.chosen); // the second tap on a chosen action's place sends it
      return;
    }
    this.chosen = null;
    if (at >= 0) {
      this.selection.splice(at, 1);
    } else {
      const cands = candidates(this.legal, this.keys());
      if (canAdd(cands, this.keys(), found.key)) this.selection.push({ key: found.key, n: found.n });
      else if (this.swaps(found.el, found.key)) this.selection = [{ key: found.key, n: found.n }];
      else return;
    }
    const keys = this.keys();
    const action = decided(candidates(this.legal, keys), keys);
    if (action && this.confirm) {
      this.chosen = action;
      this.render();
      this.confirmButton?.scrollIntoView({ block: "nearest" });
    } else if (action) {
      this.play(action);
    } else {
      this.render();
      if (at < 0) this.box.querySelector("button")?.scrollIntoView({ block: "nearest" });
    }
  }

  /**
   * Whether a click on `el` (key `key`), which cannot add to the selection, starts it again instead: one
   * changes one's mind about the first thing chosen (another card of the hand for the one chosen) without
   * "Clear selection" — when `el` lies in the holder of the selection's first element and begins a choice.
   * @param {Element} el
   * @param {string} key
   */
  swaps(el, key) {
    const holder = this.firstHolder();
    return Boolean(holder && holder.contains(el) && canAdd(candidates(this.legal, []), [], key));
  }

  /** The holder (board or hand) of the selection's first element, or null. */
  firstHolder() {
    if (this.selection.length === 0) return null;
    const { key, n } = this.selection[0];
    const first = this.targets().find((item) => item.key === key && item.n === n);
    return first ? this.holders.find((part) => part.contains(first.el)) || null : null;
  }

  /** @param {LegalAction} action */
  play(action) {
    this.selection = [];
    this.chosen = null;
    this.pointed = null;
    this.locked = true;
    this.render();
    this.onPlay(action);
  }

  render() {
    const active = this.active();
    const keys = this.keys();
    const cands = active ? candidates(this.legal, keys) : [];
    const holder = active ? this.firstHolder() : null;
    const fresh = holder ? candidates(this.legal, []) : [];
    const items = this.targets().map((item) => {
      const selected = active && this.selection.some((s) => s.key === item.key && s.n === item.n);
      // another card instead of the chosen one: in the first choice's holder, beginning a choice of its own
      const swap = Boolean(holder && !selected && holder.contains(item.el) && canAdd(fresh, [], item.key));
      return { ...item, selected, swap, clickable: active && (selected || canAdd(cands, keys, item.key)) };
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
    this.renderButtons(active, keys, cands);
    this.markPlaces(cands);
    // a place that starts the choice again ("swap": another card for the chosen one) is not dimmed and takes
    // a click or a key like a clickable one, but is not "clickable": it does not add to the choice under way
    for (const { el, selected, clickable, swap } of items) {
      const dimmed = !clickable && !swap && [...involved].some((holder) => holder.contains(el));
      el.classList.toggle("selected", selected);
      el.classList.toggle("clickable", clickable);
      el.classList.toggle("swap", swap);
      el.classList.toggle("dimmed", dimmed);
      if (clickable || swap) {
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
  }

  /**
   * Mark on the board the places of the chosen or pointed-at choice (class "pointed"), and tell onPlaces
   * which places to label: that choice's, else those of every current candidate.
   * @param {LegalAction[]} [cands]
   */
  markPlaces(cands) {
    const active = this.active();
    const focus = active ? this.chosen || this.pointed : null;
    const focusKeys = new Set(focus ? focus.targets || [] : []);
    for (const { el, key } of this.targets()) el.classList.toggle("pointed", focusKeys.has(key));
    const all = active ? cands || candidates(this.legal, this.keys()) : [];
    this.onPlaces(focus ? focusKeys : new Set(all.flatMap((action) => action.targets || []))); // labels: "pointed" too
  }

  /**
   * The pointer or the focus is on a choice's button (or left it: null).
   * @param {LegalAction | null} action
   */
  point(action) {
    if (this.pointed === action) return;
    this.pointed = action;
    this.markPlaces();
  }

  /**
   * @param {boolean} active
   * @param {string[]} keys
   * @param {LegalAction[]} cands
   */
  renderButtons(active, keys, cands) {
    // the choices that name no place (Stop, Pass) first: never out of sight at the end of a long list
    const buttons = [];
    const targeted = cands.filter((a) => (a.targets || []).length > 0);
    const plain = active ? this.legal.filter((a) => (a.targets || []).length === 0) : [];
    for (const action of plain) buttons.push(this.button(action, "plain"));
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
    this.box.replaceChildren(...buttons);
    this.clearButton.hidden = keys.length === 0 && !this.chosen;
    if (this.confirmButton) {
      this.confirmButton.hidden = !(active && this.chosen);
      this.confirmButton.textContent = this.chosen ? fmt(t("Confirm: {choice}"), { choice: this.chosen.label || this.chosen.text }) : "";
    }
    let help = "";
    if (active && this.chosen) help = t("Tap it again or press Confirm to play it.");
    else if (active && keys.length > 0) help = fmt(t("{n} choices left: click more, or pick one."), { n: cands.length });
    else if (active && targeted.length > 0) help = t("Click a highlighted part of the table, or pick a choice.");
    this.help.textContent = help;
  }

  /**
   * @param {LegalAction} action
   * @param {string} [kind]
   */
  button(action, kind = "") {
    const chosen = this.chosen !== null && this.chosen.text === action.text;
    return h(
      "button",
      {
        type: "button",
        class: `candidate ${kind}${chosen ? " chosen" : ""}`.trim(),
        "data-action": action.text,
        "aria-pressed": this.confirm ? String(chosen) : null,
        title: action.text,
        onclick: () => {
          if (!this.active()) return;
          if (this.confirm && !chosen) {
            this.chosen = action; // chosen, not sent: its places are marked, a second tap sends it
            this.render();
          } else this.play(action);
        },
        onpointerenter: () => this.point(action),
        onpointerleave: () => this.point(null),
        onfocus: () => this.point(action),
        onblur: () => this.point(null),
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

const CONFIRM_KEY = "ludoteca.confirm";

/** The "Confirm each move" switch: remembered in this browser (localStorage), and when never set, on for a
 *  touch screen (`pointer: coarse`, where a tap lands easily on the wrong place) and off for a mouse. */
export class ConfirmSetting {
  /**
   * @param {HTMLInputElement} box
   * @param {(on: boolean) => void} onChange told the setting at once and at each change
   */
  constructor(box, onChange) {
    let stored = null;
    try {
      stored = localStorage.getItem(CONFIRM_KEY);
    } catch {
      stored = null; // storage refused: the default, not remembered
    }
    const touch = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
    box.checked = stored === null ? touch : stored === "1";
    box.addEventListener("change", () => {
      try {
        localStorage.setItem(CONFIRM_KEY, box.checked ? "1" : "0");
      } catch {
        // not remembered; it still applies to this page
      }
      onChange(box.checked);
    });
    onChange(box.checked);
  }
}
