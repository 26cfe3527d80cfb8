// The lobby: the new-game form (server-rendered; this script shows the chosen game's settings, the
// seats in play and the name or bot field each seat needs), the created game's invite links, the open
// games (opengames.js), and "your games" from the tokens this browser remembers — where it is your
// turn first, the soonest deadline first.

import { copyText, h, toast } from "./dom.js";
import { fmt, loadCatalog, t } from "./i18n.js";
import { startOpenGames } from "./opengames.js";
import { timeLeft } from "./timeleft.js";
import { forgetToken, loadTokens, rememberToken } from "./tokens.js";

const NAME_KEY = "ludoteca.name";
const data = JSON.parse(document.getElementById("lobby-data").textContent);
const form = document.getElementById("create-form");
const errorBox = document.getElementById("create-error");

function chosenGame() {
  return form.querySelector('input[name="game"]:checked').value;
}

function configOf(name) {
  return form.querySelector(`.game-config[data-game="${CSS.escape(name)}"]`);
}

/** Show the chosen game's settings, with as many seat rows as players, each with the right field. */
function refreshForm() {
  const game = chosenGame();
  for (const config of form.querySelectorAll(".game-config")) {
    const on = config.dataset.game === game;
    config.hidden = !on;
    config.disabled = !on;
  }
  const config = configOf(game);
  const players = Number(config.querySelector('[data-role="players"]').value);
  const isPublic = document.getElementById("public").checked;
  document.getElementById("public-help").hidden = !isPublic;
  document.getElementById("seed").disabled = isPublic; // strangers sit down to a deal left to chance
  const turnTime = document.getElementById("turn-time");
  if (isPublic && turnTime.value.trim() === "") {
    // a public game needs a timer (a stranger who never plays must not stop it for good): the server
    // refuses one without; a day per turn unless the creator chooses
    turnTime.value = "1";
    document.getElementById("turn-unit").value = "86400";
  }
  for (const row of config.querySelectorAll(".seat-row")) {
    const inPlay = Number(row.dataset.seat) < players;
    row.hidden = !inPlay;
    const select = row.querySelector('[data-role="kind"]');
    for (const option of select.querySelectorAll("[data-public-only]")) {
      option.hidden = !isPublic; // open seats are taken from the open games' list: public games only
      option.disabled = !isPublic;
    }
    if (!isPublic && select.value === "open") select.value = "human";
    const kind = select.value;
    row.dataset.kind = kind;
    for (const field of row.querySelectorAll("input, select")) field.disabled = !inPlay;
    row.querySelector('[data-role="name"]').hidden = kind !== "human";
    row.querySelector('[data-role="bot"]').hidden = kind !== "bot";
  }
}

function optionalInt(id) {
  const text = document.getElementById(id).value.trim();
  return text === "" ? null : Number.parseInt(text, 10);
}

/** The turn timer in seconds: the number times its unit (seconds to days), or null for none. */
function turnSeconds() {
  const amount = optionalInt("turn-time");
  return amount === null ? null : amount * Number(document.getElementById("turn-unit").value);
}

/** The JSON body of POST /api/games from the form. */
function request() {
  const game = chosenGame();
  const info = data.games.find((g) => g.name === game);
  const config = configOf(game);
  const seats = [];
  for (const row of config.querySelectorAll(".seat-row:not([hidden])")) {
    const kind = row.querySelector('[data-role="kind"]').value;
    if (kind === "open") {
      seats.push({ kind: "open" }); // named by its colour until someone takes it
    } else if (kind === "human") {
      // no name typed: the server names the seat by its colour, in each reader's language
      const name = row.querySelector('[data-role="name"]').value.trim() || null;
      seats.push({ kind: "human", name });
    } else {
      seats.push({ kind: "bot", bot: row.querySelector('[data-role="bot"]').value });
    }
  }
  const options = {};
  for (const option of info.options || []) {
    const field = config.querySelector(`[data-option="${CSS.escape(option.key)}"]`);
    if (!field) continue;
    options[option.key] = option.kind === "bool" ? field.checked : option.choices[Number(field.value)];
  }
  const isPublic = document.getElementById("public").checked;
  const seed = isPublic ? null : optionalInt("seed"); // a public game is dealt at random
  return { game, seats, options, seed, turn_seconds: turnSeconds(), public: isPublic };
}

function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = !message;
}

async function create(event) {
  event.preventDefault();
  showError("");
  const body = request();
  if (body.seats.every((s) => s.kind === "bot")) {
    // allowed (a game of bots to watch), but say so, since it is usually a slip
    toast(t("Every seat is a bot: you will watch the game."), "info");
  }
  const first = body.seats.find((s) => s.kind === "human");
  if (first?.name) localStorage.setItem(NAME_KEY, first.name);
  const button = document.getElementById("create-btn");
  button.disabled = true;
  try {
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      const refused = fmt(t("The server refused the game (HTTP {status})."), { status: response.status });
      showError(answer.error || answer.detail || refused);
      return;
    }
    showCreated(answer);
    refreshMyGames();
  } catch {
    showError(t("The server cannot be reached. Try again in a moment."));
  } finally {
    button.disabled = false;
  }
}

/**
 * Start the game's guided first game (its fixed set-up is the lobby data's `guide`: how many players, the
 * bots, the seed) and open its table with `?guide=1`, which makes the table page a guided one.
 */
async function startGuided(event) {
  const button = event.currentTarget;
  const info = data.games.find((g) => g.name === button.dataset.game);
  const setup = info.guide;
  // no remembered name: the seat's colour, generated by the server and said in each reader's language
  const name = localStorage.getItem(NAME_KEY) || null;
  const seats = [{ kind: "human", name }];
  while (seats.length < setup.players) seats.push({ kind: "bot", bot: setup.bot });
  button.disabled = true;
  try {
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: info.name, seats, options: {}, seed: setup.seed, turn_seconds: null }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      toast(answer.error || fmt(t("The server refused the game (HTTP {status})."), { status: response.status }));
      return;
    }
    const seat = answer.seats.find((s) => s.kind === "human");
    rememberToken(answer.id, seat.token);
    const [path, hash] = seat.link.split("#");
    location.assign(`${path}?guide=1#${hash}`);
  } catch {
    toast(t("The server cannot be reached. Try again in a moment."));
  } finally {
    button.disabled = false;
  }
}

function copyButton(input) {
  return h(
    "button",
    {
      type: "button",
      class: "copy-btn",
      onclick: async (event) => {
        const ok = await copyText(input.value, input);
        event.currentTarget.textContent = ok ? t("Copied") : t("Copy");
      },
    },
    t("Copy"),
  );
}

function showCreated(game) {
  const list = document.getElementById("invite-links");
  list.replaceChildren();
  for (const seat of game.seats) {
    if (seat.kind === "open") {
      list.append(
        h(
          "li",
          { class: "invite open", dataset: { seat: seat.seat } },
          h("span", { class: "invite-name" }, seat.name),
          h("span", { class: "muted small" }, t("open seat: listed in the open games until someone takes it")),
        ),
      );
      continue;
    }
    if (seat.kind !== "human" || !seat.token) continue;
    rememberToken(game.id, seat.token);
    const url = new URL(seat.link, location.origin).href;
    const label = fmt(t("Link for {name}"), { name: seat.name });
    const input = h("input", { type: "text", readonly: true, value: url, "aria-label": label });
    list.append(
      h(
        "li",
        { class: "invite", dataset: { seat: seat.seat } },
        h("span", { class: "invite-name" }, seat.name),
        input,
        copyButton(input),
        h("a", { class: "button primary play-seat", href: seat.link, "data-testid": "play-seat" }, t("Play this seat")),
      ),
    );
  }
  const spectator = document.getElementById("spectator-link");
  spectator.value = new URL(game.spectator, location.origin).href;
  const created = document.getElementById("created");
  created.hidden = false;
  created.scrollIntoView({ behavior: "smooth", block: "start" });
}

function secondsLeft(game) {
  return typeof game.deadline === "number" ? game.deadline - Date.now() / 1000 : null;
}

function statusOf(game) {
  if (game.finished) return h("span", { class: "badge finished" }, t("finished"));
  const left = secondsLeft(game);
  if (game.your_turn && left !== null) {
    const text = fmt(t("your turn: {left} left"), { left: timeLeft(left) });
    return h("span", { class: "badge your-turn", "data-testid": "time-left" }, text);
  }
  if (game.your_turn) return h("span", { class: "badge your-turn" }, t("your turn"));
  const waiting = game.names && game.to_act >= 0 ? game.names[game.to_act] : "";
  const text = waiting ? fmt(t("waiting for {name}"), { name: waiting }) : t("waiting");
  return h("span", { class: "badge waiting" }, text);
}

function rank(game) {
  return game.your_turn ? 0 : game.finished ? 2 : 1;
}

/** Your turn first, the soonest deadline first (no timer after those with one), then the newest. */
function byUrgency(a, b) {
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  const left = [a, b].map((game) => (game.your_turn ? secondsLeft(game) : null) ?? Number.POSITIVE_INFINITY);
  if (left[0] !== left[1]) return left[0] - left[1];
  return (b.created || 0) - (a.created || 0);
}

async function refreshMyGames() {
  const tokens = loadTokens();
  const list = document.getElementById("my-games");
  const empty = document.getElementById("my-games-empty");
  if (tokens.length === 0) {
    list.replaceChildren();
    empty.hidden = false;
    return;
  }
  let games;
  try {
    const response = await fetch("/api/my-games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ tokens: tokens.map((e) => e.token) }),
    });
    if (!response.ok) return;
    games = (await response.json()).games || [];
  } catch {
    return; // keep the list as it was; the next refresh will try again
  }
  games.sort(byUrgency);
  empty.hidden = games.length > 0;
  list.replaceChildren(
    ...games.map((game) => {
      const token = new URLSearchParams((game.link.split("#")[1] || "")).get("t");
      const others = (game.names || []).filter((_, i) => i !== game.seat).join(", ");
      return h(
        "li",
        {
          class: ["my-game", game.your_turn && "your-turn", game.finished && "finished"].filter(Boolean).join(" "),
          dataset: { id: game.id },
        },
        h(
          "a",
          { class: "resume", href: game.link },
          h("span", { class: "game-title" }, game.title),
          " ",
          h("span", { class: "muted" }, fmt(t("as {name}"), { name: game.name })),
        ),
        statusOf(game),
        h("span", { class: "muted small" }, others ? fmt(t("with {names}"), { names: others }) : ""),
        h("span", { class: "muted small" }, fmt(t("{n} moves"), { n: game.version })),
        game.finished
          ? h("a", { class: "small replay-link", href: `/replay/${encodeURIComponent(game.id)}` }, t("Watch the replay"))
          : null,
        token
          ? h(
              "button",
              {
                type: "button",
                class: "link-button forget",
                title: t("Remove this game from the list (the link still works)"),
                onclick: () => {
                  forgetToken(token);
                  refreshMyGames();
                },
              },
              t("Forget"),
            )
          : null,
      );
    }),
  );
}

async function main() {
  await loadCatalog();
  const remembered = localStorage.getItem(NAME_KEY);
  if (remembered) {
    for (const input of form.querySelectorAll('.seat-row[data-seat="0"] [data-role="name"]')) input.value = remembered;
  }
  form.addEventListener("change", refreshForm);
  form.addEventListener("submit", create);
  for (const button of document.querySelectorAll(".guided-start")) button.addEventListener("click", startGuided);
  for (const button of document.querySelectorAll("[data-copy]")) {
    button.addEventListener("click", async () => {
      const input = document.getElementById(button.dataset.copy);
      button.textContent = (await copyText(input.value, input)) ? t("Copied") : t("Copy");
    });
  }
  refreshForm();
  refreshMyGames();
  startOpenGames();
  setInterval(() => document.visibilityState === "visible" && refreshMyGames(), 20000);
}

main();
