// @ts-check
// The rematch (docs/web.md, "Rematch"): the end screen's Rematch button, the offer every page at the table
// receives once someone has clicked it, and at the rematch's own table who of its players has come.
//
// The server sends each player's page its own new seat token (derived from the token this page holds),
// so joining needs no new link: the token is remembered like the lobby's (tokens.js, "Your games") and
// the page that clicked goes to its new seat at once; the others show "Rematch proposed by X — Join".

import { h, toast } from "./dom.js";
import { fmt, t } from "./i18n.js";
import { rememberToken } from "./tokens.js";

/** @typedef {import("./protocol.js").State} State */

/**
 * The rematch's elements: the end screen's button, the box an offer shows in, and the line at a
 * rematch's own table that says who has come.
 * @typedef {{button: HTMLButtonElement, offer: HTMLElement, origin: HTMLElement}} RematchElements
 */

export class Rematch {
  /**
   * `els`: {button, offer, origin}; `send(message)`: the table socket's send (answers whether sent).
   * @param {RematchElements} els
   * @param {(message: import("./protocol.js").RematchRequest) => boolean} send
   */
  constructor(els, send) {
    this.els = els;
    this.send = send;
    this.asked = false; // this page clicked: it follows the answer to the new table
    /** @type {string | null} */
    this.of = null; // the game this table is the rematch of
    els.button.addEventListener("click", () => this.ask());
  }

  ask() {
    if (!this.send({ type: "rematch" })) {
      toast(t("Not connected: try again."));
      return;
    }
    this.asked = true;
    this.els.button.disabled = true;
  }

  /** The server refused the click (the error itself is shown by the table): the button works again. */
  refused() {
    this.asked = false;
    this.els.button.disabled = false;
  }

  /**
   * A `rematch` message: where the rematch is, and this page's seat in it (`token`) if it holds one.
   * @param {import("./protocol.js").RematchOffer} message
   */
  offered(message) {
    if (typeof message.id !== "string" || typeof message.link !== "string") return;
    const token = typeof message.token === "string" && (message.seat ?? -1) >= 0 ? message.token : null;
    const player = token !== null;
    if (token !== null) rememberToken(message.id, token);
    if (this.asked) {
      location.assign(message.link);
      return;
    }
    const who = message.by
      ? fmt(t("Rematch proposed by {name}."), { name: message.by })
      : t("A rematch has been proposed.");
    const go = h(
      "a",
      { class: "button", href: message.link, dataset: { testid: "rematch-join" } },
      player ? t("Join") : t("Watch the rematch"),
    );
    this.els.offer.replaceChildren(h("span", {}, who, " "), go);
    this.els.offer.hidden = false;
    this.els.button.hidden = true;
  }

  /**
   * A `rematch_of` message: this table repeats game `id`.
   * @param {{id: string}} message
   */
  origin(message) {
    if (typeof message.id === "string") this.of = message.id;
  }

  /**
   * Redraw from the latest state: the button (players, at the end), and at a rematch who has come.
   * @param {State} state
   */
  update(state) {
    const me = state.seat >= 0 ? state.seats[state.seat] : null;
    const over = Boolean(state.result) && !state.diverged;
    this.els.button.hidden = !(me && me.kind === "human" && over) || !this.els.offer.hidden;
    const origin = this.els.origin;
    const of = this.of;
    origin.hidden = of === null || Boolean(state.result);
    if (of === null || origin.hidden) return;
    const humans = state.seats.filter((seat) => seat.kind === "human");
    const here = humans.filter((seat) => seat.connected).map((seat) => seat.name);
    const away = humans.filter((seat) => !seat.connected).map((seat) => seat.name);
    const link = `/g/${encodeURIComponent(of)}`;
    const joined = fmt(t("Joined: {names}."), { names: here.join(", ") || "—" });
    const missing = away.length ? fmt(t("Not here yet: {names}."), { names: away.join(", ") }) : null;
    origin.replaceChildren(
      h("span", {}, ...withLink(t("Rematch of game {game}."), `#${of}`, link), " "),
      h("span", { dataset: { testid: "rematch-here" } }, joined),
      ...(missing ? [" ", h("span", { dataset: { testid: "rematch-away" } }, missing)] : []),
    );
  }
}

/**
 * A sentence with `{game}` replaced by a link (the translation decides where it goes).
 * @param {string} sentence
 * @param {string} text
 * @param {string} href
 */
function withLink(sentence, text, href) {
  const [before, ...after] = sentence.split("{game}");
  return after.length ? [before, h("a", { href }, text), after.join(text)] : [sentence];
}
