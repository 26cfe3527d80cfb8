// @ts-check
// The lobby's open games: public games waiting for players, refreshed while the page is visible, each
// free seat with a "Take seat" button. Taking one gets the seat's secret token (what an invite link
// carries), which the browser keeps like any other seat, and opens the table at that seat.

import { $, fetchJson, h, refusal, toast } from "./dom.js";
import { fmt, ngettext, t } from "./i18n.js";
import { timerLength } from "./timeleft.js";
import { rememberToken } from "./tokens.js";

const NAME_KEY = "ludoteca.name";
const list = $("open-games");
const empty = $("open-games-empty");
const nameInput = $("open-name", HTMLInputElement);

/**
 * A public game waiting for players, as GET /api/open-games lists it.
 * @typedef {object} OpenGame
 * @property {string} id
 * @property {string} title
 * @property {number} created unix seconds
 * @property {number | null} turn_seconds
 * @property {number[]} free the open seats
 * @property {import("./protocol.js").Seat[]} seats
 * @property {string} [rules] the rule options in force, in words
 */

/**
 * How long ago a game was created, in words.
 * @param {number} created unix seconds
 */
function age(created) {
  const minutes = Math.max(0, Math.floor((Date.now() / 1000 - created) / 60));
  if (minutes < 1) return t("created just now");
  if (minutes < 60) return fmt(ngettext("created {n} minute ago", "created {n} minutes ago", minutes), { n: minutes });
  if (minutes < 48 * 60) return fmt(ngettext("created {n} hour ago", "created {n} hours ago", Math.floor(minutes / 60)), { n: Math.floor(minutes / 60) });
  return fmt(ngettext("created {n} day ago", "created {n} days ago", Math.floor(minutes / 1440)), { n: Math.floor(minutes / 1440) });
}

/**
 * Take seat `seat` of `game` under the name typed (or the seat's colour) and go to its table.
 * @param {OpenGame} game
 * @param {number} seat
 * @param {HTMLButtonElement} button
 */
async function takeSeat(game, seat, button) {
  const name = nameInput.value.trim() || null;
  if (name) localStorage.setItem(NAME_KEY, name);
  button.disabled = true;
  const answer = await fetchJson(`/api/open-games/${encodeURIComponent(game.id)}/seats/${seat}`, { json: { name } });
  button.disabled = false;
  if (answer.status === 0) {
    toast(t("The server cannot be reached. Try again in a moment."));
  } else if (!answer.ok) {
    toast(refusal(answer, fmt(t("The server refused (HTTP {status})."), { status: answer.status })));
    refreshOpenGames();
  } else {
    rememberToken(answer.data.id, answer.data.token);
    location.assign(answer.data.link);
  }
}

/**
 * @param {OpenGame} game
 * @param {import("./protocol.js").Seat} seat
 */
function seatItem(game, seat) {
  if (seat.kind !== "open") {
    const who = seat.kind === "bot" ? seat.bot || "" : t("human");
    return h("li", { class: "open-seat held" }, h("span", {}, seat.name), " ", h("span", { class: "muted small" }, who));
  }
  const button = h(
    "button",
    { type: "button", class: "primary take-seat", dataset: { seat: seat.seat }, "data-testid": "take-seat" },
    t("Take seat"),
  );
  button.addEventListener("click", () => takeSeat(game, seat.seat, button));
  return h("li", { class: "open-seat free" }, h("span", {}, seat.name), " ", button);
}

/** @param {OpenGame} game */
function gameItem(game) {
  const timer = game.turn_seconds ? timerLength(game.turn_seconds) : t("no timer");
  const free = fmt(ngettext("{n} seat free of {total}", "{n} seats free of {total}", game.free.length), {
    n: game.free.length,
    total: game.seats.length,
  });
  return h(
    "li",
    { class: "open-game", dataset: { id: game.id } },
    h("span", { class: "game-title" }, game.title),
    h("span", { class: "muted small" }, [free, timer, age(game.created)].join(" · ")),
    game.rules ? h("span", { class: "muted small rules-in-force" }, game.rules) : null,
    h("ul", { class: "plain open-seats" }, ...game.seats.map((seat) => seatItem(game, seat))),
  );
}

/** Fetch the open games and list them (a failure keeps the list as it was; the next refresh tries again). */
export async function refreshOpenGames() {
  const answer = await fetchJson(`/api/open-games?lang=${encodeURIComponent(document.documentElement.lang || "")}`);
  if (!answer.ok) return;
  /** @type {OpenGame[]} */
  const games = answer.data.games || [];
  empty.hidden = games.length > 0;
  list.replaceChildren(...games.map(gameItem));
}

/** Other lobby tabs of this browser, told when a public game is created here. */
const announcer = typeof BroadcastChannel === "function" ? new BroadcastChannel("ludoteca-open-games") : null;

/** A public game was created from this lobby: list it at once, here and in this browser's other lobby tabs
 *  (the others' lists catch up at their next refresh). */
export function announceOpenGame() {
  refreshOpenGames();
  announcer?.postMessage("created");
}

/** How often a visible lobby asks again for the open games: a public game waits for strangers who look now. */
const OPEN_GAMES_MS = 3000;

/** Fill the name field from the last name used, list the open games and refresh them every 3 s, when
 *  the page comes back into view, and when another lobby tab of this browser has created a public game. */
export function startOpenGames() {
  nameInput.value = localStorage.getItem(NAME_KEY) || "";
  refreshOpenGames();
  setInterval(() => document.visibilityState === "visible" && refreshOpenGames(), OPEN_GAMES_MS);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && refreshOpenGames());
  if (announcer) announcer.onmessage = () => refreshOpenGames();
}
