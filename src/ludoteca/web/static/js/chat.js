// @ts-check
// The table's chat (docs/web.md, "Chat"): the panel at the table and the lines the replay viewer shows.
//
// Everything said is shown as text: each line is built with `h()`, whose strings become text nodes, so
// "<img src=x onerror=…>" reads as those characters and never becomes an element. Emotes travel as codes
// and are drawn here, their phrases in the reader's language. Spectators' lines can be hidden (the
// choice is remembered in this browser); the panel then says how many it hides.

import { $, h } from "./dom.js";
import { fmt, t } from "./i18n.js";

const HIDE_KEY = "ludoteca.chat.hideSpectators";
const OPEN_KEY = "ludoteca.chat.open";

/** @typedef {import("./protocol.js").ChatLine} ChatLine */

/** Each emote's code, what is drawn for it and what a screen reader says (in the reader's language). */
export function emotes() {
  return [
    { code: "thumbs_up", shown: "👍", label: t("Thumbs up") },
    { code: "applause", shown: "👏", label: t("Applause") },
    { code: "surprised", shown: "😮", label: t("Surprised") },
    { code: "thinking", shown: "🤔", label: t("Thinking") },
    { code: "good_game", shown: t("Good game"), label: t("Good game") },
    { code: "well_played", shown: t("Well played!"), label: t("Well played!") },
  ];
}

/** @param {string} key */
function remembered(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {string} value
 */
function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private browsing without storage: the choice lasts as long as the page
  }
}

/**
 * Who said `line`: the seat's name as the table shows it, or "Spectator N".
 * @param {ChatLine} line
 * @param {string[]} seatNames
 */
export function speaker(line, seatNames) {
  if (line.seat === null || line.seat === undefined) return fmt(t("Spectator {n}"), { n: line.name });
  return seatNames[line.seat] || String(line.name);
}

/**
 * One chat line as a list item: the speaker, then the text or the emote (text nodes only).
 * @param {ChatLine} line
 * @param {string[]} seatNames
 */
export function chatLine(line, seatNames) {
  const emote = line.kind === "emote" ? emotes().find((e) => e.code === line.text) : null;
  const said = emote
    ? h("span", { class: "chat-emote", title: emote.label }, emote.shown)
    : h("span", { class: "chat-text" }, String(line.text));
  const spectator = line.seat === null || line.seat === undefined;
  return h(
    "li",
    { class: spectator ? "chat-line spectator" : `chat-line seat-${line.seat}`, dataset: { n: line.n } },
    h("span", { class: "swatch", "aria-hidden": "true" }),
    h("strong", { class: "chat-who" }, speaker(line, seatNames)),
    " ",
    said,
  );
}

/** Whether the reader hides spectators' lines (remembered in this browser). */
export function hidingSpectators() {
  return remembered(HIDE_KEY) === "1";
}

/** The chat panel of a table page: its lines, the form, the emotes, the fold and the spectators' toggle. */
export class ChatPanel {
  /**
   * `send(message)` sends on the table's socket and answers whether it went.
   * @param {(message: import("./protocol.js").ChatRequest) => boolean} send
   */
  constructor(send) {
    this.send = send;
    /** @type {ChatLine[]} */
    this.lines = []; // every line received, by number
    /** @type {string[]} */
    this.seatNames = [];
    this.unread = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.errorTimer = undefined;
    const wide = window.matchMedia("(min-width: 981px)").matches;
    const open = remembered(OPEN_KEY);
    this.open = open === null ? wide : open === "1";
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $("chat-text", HTMLInputElement);
      const text = input.value.trim();
      if (!text) return;
      if (this.send({ type: "chat", text })) input.value = "";
      else this.error(t("Not connected: the message was not sent."));
    });
    $("chat-emotes").replaceChildren(
      ...emotes().map((e) =>
        h(
          "button",
          {
            type: "button",
            class: "secondary emote",
            title: e.label,
            "aria-label": e.label,
            dataset: { emote: e.code },
            onclick: () => this.send({ type: "chat", emote: e.code }) || this.error(t("Not connected: the message was not sent.")),
          },
          e.shown,
        ),
      ),
    );
    const hide = $("chat-hide-spectators", HTMLInputElement);
    hide.checked = hidingSpectators();
    hide.addEventListener("change", () => {
      remember(HIDE_KEY, hide.checked ? "1" : "0");
      this.render();
    });
    $("chat-toggle").addEventListener("click", () => {
      this.open = !this.open;
      remember(OPEN_KEY, this.open ? "1" : "0");
      this.fold();
      if (this.open) $("chat-text").focus();
    });
    this.fold();
  }

  /**
   * The history a (re)connection brings: it replaces what was shown.
   * @param {{messages?: ChatLine[]}} message
   */
  history(message) {
    this.lines = Array.isArray(message.messages) ? message.messages.slice() : [];
    this.render();
  }

  /**
   * A line said now (ignored if the history already had it).
   * @param {Partial<ChatLine>} line
   */
  add(line) {
    const last = this.lines.length ? this.lines[this.lines.length - 1].n : -1;
    if (typeof line.n !== "number" || line.n <= last) return;
    const said = /** @type {ChatLine} */ (line);
    this.lines.push(said);
    if (this.hidden(said)) {
      this.counts();
      return;
    }
    if (!this.open) this.unread += 1;
    // appended, not redrawn: the list is a live region that announces only what is added
    const list = $("chat-lines");
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    list.append(chatLine(said, this.seatNames));
    if (atEnd) list.scrollTop = list.scrollHeight;
    this.counts();
  }

  /**
   * A refusal of what this page sent (too long, too fast…), shown under the form.
   * @param {string} text
   */
  error(text) {
    const box = $("chat-error");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(this.errorTimer);
    this.errorTimer = setTimeout(() => {
      box.hidden = true;
    }, 6000);
  }

  /**
   * Follow the table: the seats' names as shown, and the spectators' toggle for players only.
   * @param {import("./protocol.js").State} state
   */
  update(state) {
    const names = state.seats.map((seat) => seat.name);
    $("chat-hide-row").hidden = state.seat < 0;
    if (names.join("\u0000") !== this.seatNames.join("\u0000")) {
      this.seatNames = names;
      this.render();
    }
  }

  /** @param {ChatLine} line */
  hidden(line) {
    return (line.seat === null || line.seat === undefined) && this.hiding();
  }

  hiding() {
    return !$("chat-hide-row").hidden && $("chat-hide-spectators", HTMLInputElement).checked;
  }

  fold() {
    $("chat-body").hidden = !this.open;
    const toggle = $("chat-toggle");
    toggle.setAttribute("aria-expanded", String(this.open));
    toggle.textContent = this.open ? t("Hide") : t("Show");
    if (this.open) this.unread = 0;
    this.badge();
  }

  badge() {
    const badge = $("chat-unread");
    badge.hidden = this.unread === 0;
    badge.textContent = fmt(t("{n} new"), { n: this.unread });
  }

  render() {
    const list = $("chat-lines");
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const shown = this.lines.filter((line) => !this.hidden(line));
    list.replaceChildren(...shown.map((line) => chatLine(line, this.seatNames)));
    if (atEnd) list.scrollTop = list.scrollHeight;
    this.counts();
  }

  /** The notes around the lines: nothing said yet, how many spectators' lines are hidden, unread. */
  counts() {
    const hiddenCount = this.lines.filter((line) => this.hidden(line)).length;
    const note = $("chat-hidden");
    note.hidden = hiddenCount === 0;
    note.textContent = fmt(t("Spectators' messages hidden: {n}"), { n: hiddenCount });
    $("chat-empty").hidden = this.lines.length > 0;
    this.badge();
  }
}
