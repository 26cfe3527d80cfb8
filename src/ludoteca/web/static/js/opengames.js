// The lobby's open games: public games waiting for players, refreshed while the page is visible, each
// free seat with a "Take seat" button. Taking one gets the seat's secret token (what an invite link
// carries), which the browser keeps like any other seat, and opens the table at that seat.

import { h, toast } from "./dom.js";
import { fmt, t } from "./i18n.js";
import { timerLength } from "./timeleft.js";
import { rememberToken } from "./tokens.js";

const NAME_KEY = "ludoteca.name";
const list = document.getElementById("open-games");
const empty = document.getElementById("open-games-empty");
const nameInput = document.getElementById("open-name");

function age(created) {
  const minutes = Math.max(0, Math.floor((Date.now() / 1000 - created) / 60));
  if (minutes < 1) return t("created just now");
  if (minutes < 60) return fmt(t("created {n} min ago"), { n: minutes });
  if (minutes < 48 * 60) return fmt(t("created {n} h ago"), { n: Math.floor(minutes / 60) });
  return fmt(t("created {n} days ago"), { n: Math.floor(minutes / 1440) });
}

async function takeSeat(game, seat, button) {
  const name = nameInput.value.trim() || null;
  if (name) localStorage.setItem(NAME_KEY, name);
  button.disabled = true;
  try {
    const response = await fetch(`/api/open-games/${encodeURIComponent(game.id)}/seats/${seat}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      toast(answer.error || fmt(t("The server refused (HTTP {status})."), { status: response.status }));
      refreshOpenGames();
      return;
    }
    rememberToken(answer.id, answer.token);
    location.assign(answer.link);
  } catch {
    toast(t("The server cannot be reached. Try again in a moment."));
  } finally {
    button.disabled = false;
  }
}

function seatItem(game, seat) {
  if (seat.kind !== "open") {
    const who = seat.kind === "bot" ? seat.bot : t("human");
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

function gameItem(game) {
  const timer = game.turn_seconds ? timerLength(game.turn_seconds) : t("no timer");
  const free = fmt(t("{n} free of {total} seats"), { n: game.free.length, total: game.seats.length });
  return h(
    "li",
    { class: "open-game", dataset: { id: game.id } },
    h("span", { class: "game-title" }, game.title),
    h("span", { class: "muted small" }, [free, timer, age(game.created)].join(" · ")),
    game.rules ? h("span", { class: "muted small rules-in-force" }, game.rules) : null,
    h("ul", { class: "plain open-seats" }, ...game.seats.map((seat) => seatItem(game, seat))),
  );
}

export async function refreshOpenGames() {
  let games;
  try {
    const response = await fetch(`/api/open-games?lang=${encodeURIComponent(document.documentElement.lang || "")}`);
    if (!response.ok) return;
    games = (await response.json()).games || [];
  } catch {
    return; // keep the list as it was; the next refresh will try again
  }
  empty.hidden = games.length > 0;
  list.replaceChildren(...games.map(gameItem));
}

export function startOpenGames() {
  nameInput.value = localStorage.getItem(NAME_KEY) || "";
  refreshOpenGames();
  setInterval(() => document.visibilityState === "visible" && refreshOpenGames(), 10000);
}
