// @ts-check
// "More choices follow": the choices' box keeps the dock low by scrolling inside itself, and this cue says
// so plainly — a button in the turn line with the count of the choices out of its sight ("3 more ↓"), which
// scrolls the box (never the page: the board's places stay where they are) to show them. Without it a box
// cut at its third row looked like the whole list (issue 34: 2 of 16 moves in sight, and no sign of the rest).

import { fmt, ngettext, t } from "./i18n.js";

/**
 * A box's visible part and its choices' boxes: the choices wholly in sight, those out of it below (or cut
 * by the bottom edge) and those above (scrolled past). Pure, for node's tests.
 * @param {{top: number, bottom: number}} box
 * @param {{top: number, bottom: number}[]} items
 */
export function outOfSight(box, items) {
  let below = 0;
  let above = 0;
  for (const item of items) {
    if (item.bottom - item.top <= 0) continue; // not drawn
    if (item.bottom > box.bottom + 0.5) below += 1;
    else if (item.top < box.top - 0.5) above += 1;
  }
  return { below, above };
}

/**
 * The cue's words for what is out of sight: the count below first (what a reader goes on to), else above;
 * "" when everything is in sight.
 * @param {{below: number, above: number}} counts
 */
export function cueText({ below, above }) {
  if (below > 0) return fmt(t("{n} more ↓"), { n: below });
  if (above > 0) return fmt(t("{n} more ↑"), { n: above });
  return "";
}

/**
 * The cue's name for a screen reader (and its tooltip): what the arrow means.
 * @param {{below: number, above: number}} counts
 */
export function cueName({ below, above }) {
  if (below > 0) return fmt(ngettext("{n} more choice below: show it", "{n} more choices below: show them", below), { n: below });
  if (above > 0) return fmt(ngettext("{n} more choice above: show it", "{n} more choices above: show them", above), { n: above });
  return "";
}

/** The cue under the choices' box: kept up to date as the box scrolls, changes size or gets new choices. */
export class ChoiceCue {
  /**
   * @param {HTMLElement} box the choices' box (it scrolls inside itself)
   * @param {HTMLButtonElement} cue the button that says how many are out of sight and shows them
   */
  constructor(box, cue) {
    this.box = box;
    this.cue = cue;
    this.counts = { below: 0, above: 0 };
    cue.addEventListener("click", () => this.show());
    box.addEventListener("scroll", () => this.update(), { passive: true });
    if (typeof ResizeObserver === "function") new ResizeObserver(() => this.update()).observe(box);
    if (typeof MutationObserver === "function") new MutationObserver(() => this.update()).observe(box, { childList: true });
    window.addEventListener("resize", () => this.update());
  }

  /** Count again what is out of the box's sight, and show or hide the cue. */
  update() {
    const frame = this.box.getBoundingClientRect();
    const items = [...this.box.children].map((el) => el.getBoundingClientRect());
    this.counts = outOfSight(frame, items);
    const text = cueText(this.counts);
    this.cue.hidden = text === "";
    if (this.cue.textContent !== text) this.cue.textContent = text;
    const name = cueName(this.counts);
    if (this.cue.title !== name) {
      this.cue.title = name;
      this.cue.setAttribute("aria-label", name);
    }
    this.box.classList.toggle("more-below", this.counts.below > 0);
  }

  /** Scroll the box so that the first choice not wholly in sight below stands at its top (none skipped,
   *  however few rows the box shows), else back to the top. */
  show() {
    const frame = this.box.getBoundingClientRect();
    const next = [...this.box.children].find((el) => el.getBoundingClientRect().bottom > frame.bottom + 0.5);
    if (this.counts.below > 0 && next) this.box.scrollBy({ top: next.getBoundingClientRect().top - frame.top - 2 });
    else this.box.scrollTo({ top: 0 });
    this.update();
  }
}
