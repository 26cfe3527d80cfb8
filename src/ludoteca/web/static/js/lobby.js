// @ts-check
// The lobby: the new-game form (server-rendered; this script shows the chosen game's settings, the
// seats in play and the name or bot field each seat needs), the created game's invite links, the open
// games (opengames.js), and "your games" from the tokens this browser remembers — where it is your
// turn first, the soonest deadline first.

import { $, copyText, fetchJson, h, refusal, toast } from "./dom.js";
import { fmt, language, loadCatalog, ngettext, t } from "./i18n.js";
import { announceOpenGame, startOpenGames } from "./opengames.js";
import { timeLeft } from "./timeleft.js";
import { forgetToken, loadTokens, rememberToken } from "./tokens.js";

/**
 * A rule option of the new-game form, as the lobby data describes it.
 * @typedef {{key: string, kind: string, choices: unknown[]}} LobbyOption
 */

/**
 * The lobby's data (the page's `#lobby-data`): each game's options and its guided game's set-up.
 * @typedef {{games: {name: string, options?: LobbyOption[], guide: {players: number, bot: string, seed: number}}[]}} LobbyData
 */

/**
 * A seat of POST /api/games: a named (or colour-named) human, a bot, or an open seat.
 * @typedef {{kind: "human", name: string | null} | {kind: "bot", bot: string} | {kind: "open"}} SeatRequest
 */

/**
 * A seat this browser holds, as POST /api/my-games answers (one entry per seat, so a game may come twice).
 * @typedef {object} MyGame
 * @property {string} id
 * @property {string} title
 * @property {string} link
 * @property {string} name the seat's name
 * @property {number} seat
 * @property {string[]} [names]
 * @property {number} to_act
 * @property {number} version
 * @property {boolean} your_turn whether the seat is to act
 * @property {boolean} finished
 * @property {number | null} [deadline] unix seconds: the turn's deadline, whoever is to act
 * @property {number[]} [open] the open seats a public game waits for
 * @property {number} [created]
 */

/**
 * One row of "your games": a game, the seats this browser plays there and the invite links it keeps for
 * others (the creator's browser holds every human seat's link), and whether one of its own is to act.
 * @typedef {object} GameRow
 * @property {MyGame} game the first seat's answer (the game's facts are the same in every one)
 * @property {MyGame[]} plays
 * @property {MyGame[]} invites
 * @property {boolean} yourTurn
 * @property {string} link where "resume" goes: the seat to act, else the first one played here
 * @property {string[]} tokens
 */

const NAME_KEY = "ludoteca.name";
/** How often a visible lobby asks again whose turn it is in "Your games" (and at once when it comes back into view). */
const MY_GAMES_MS = 5000;
/** @type {LobbyData} */
const data = JSON.parse($("lobby-data").textContent || "");
const form = $("create-form", HTMLFormElement);
const errorBox = $("create-error");

/**
 * The element under `root` that `selector` finds, checked to be a `type` (the form's template is the
 * server's, so a missing one is a mistake there).
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
function find(root, selector, type) {
  const el = root.querySelector(selector);
  if (!(el instanceof type)) throw new Error(`ludoteca: the lobby has no ${type.name} ${selector}`);
  return el;
}

/**
 * Every element under `root` that `selector` finds (the form's own, of the kind the selector names).
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => T} type
 * @returns {T[]}
 */
function findAll(root, selector, type) {
  return /** @type {T[]} */ ([...root.querySelectorAll(selector)].filter((el) => el instanceof type));
}

function chosenGame() {
  return find(form, 'input[name="game"]:checked', HTMLInputElement).value;
}

/** @param {string} name */
function configOf(name) {
  return find(form, `.game-config[data-game="${CSS.escape(name)}"]`, HTMLFieldSetElement);
}

/** Show the chosen game's settings, with as many seat rows as players, each with the right field. */
function refreshForm() {
  const game = chosenGame();
  for (const config of findAll(form, ".game-config", HTMLFieldSetElement)) {
    const on = config.dataset.game === game;
    config.hidden = !on;
    config.disabled = !on;
  }
  const config = configOf(game);
  const players = Number(find(config, '[data-role="players"]', HTMLSelectElement).value);
  const isPublic = $("public", HTMLInputElement).checked;
  $("public-help").hidden = !isPublic;
  $("seed", HTMLInputElement).disabled = isPublic; // strangers sit down to a deal left to chance
  const turnTime = $("turn-time", HTMLInputElement);
  if (isPublic && turnTime.value.trim() === "") {
    // a public game needs a timer (a stranger who never plays must not stop it for good): the server
    // refuses one without; a day per turn unless the creator chooses
    turnTime.value = "1";
    $("turn-unit", HTMLSelectElement).value = "86400";
  }
  for (const row of findAll(config, ".seat-row", HTMLElement)) {
    const inPlay = Number(row.dataset.seat) < players;
    row.hidden = !inPlay;
    const select = find(row, '[data-role="kind"]', HTMLSelectElement);
    for (const option of findAll(select, "[data-public-only]", HTMLOptionElement)) {
      option.hidden = !isPublic; // open seats are taken from the open games' list: public games only
      option.disabled = !isPublic;
    }
    if (!isPublic && select.value === "open") select.value = "human";
    const kind = select.value;
    row.dataset.kind = kind;
    for (const field of row.querySelectorAll("input, select")) {
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.disabled = !inPlay;
    }
    find(row, '[data-role="name"]', HTMLElement).hidden = kind !== "human";
    find(row, '[data-role="bot"]', HTMLElement).hidden = kind !== "bot";
  }
}

/** @param {string} id */
function optionalInt(id) {
  const text = $(id, HTMLInputElement).value.trim();
  return text === "" ? null : Number.parseInt(text, 10);
}

/** The turn timer in seconds: the number times its unit (seconds to days), or null for none. */
function turnSeconds() {
  const amount = optionalInt("turn-time");
  return amount === null ? null : amount * Number($("turn-unit", HTMLSelectElement).value);
}

/** The JSON body of POST /api/games from the form. */
function request() {
  const game = chosenGame();
  const info = data.games.find((g) => g.name === game);
  const config = configOf(game);
  /** @type {SeatRequest[]} */
  const seats = [];
  for (const row of findAll(config, ".seat-row:not([hidden])", HTMLElement)) {
    const kind = find(row, '[data-role="kind"]', HTMLSelectElement).value;
    if (kind === "open") {
      seats.push({ kind: "open" }); // named by its colour until someone takes it
    } else if (kind === "human") {
      // no name typed: the server names the seat by its colour, in each reader's language
      const name = find(row, '[data-role="name"]', HTMLInputElement).value.trim() || null;
      seats.push({ kind: "human", name });
    } else {
      seats.push({ kind: "bot", bot: find(row, '[data-role="bot"]', HTMLSelectElement).value });
    }
  }
  /** @type {Record<string, unknown>} */
  const options = {};
  for (const option of info?.options || []) {
    const field = config.querySelector(`[data-option="${CSS.escape(option.key)}"]`);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) continue;
    const checked = field instanceof HTMLInputElement && field.checked;
    options[option.key] = option.kind === "bool" ? checked : option.choices[Number(field.value)];
  }
  const isPublic = $("public", HTMLInputElement).checked;
  const seed = isPublic ? null : optionalInt("seed"); // a public game is dealt at random
  return { game, seats, options, seed, turn_seconds: turnSeconds(), public: isPublic };
}

/** @param {string} message */
function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = !message;
}

/** @param {SubmitEvent} event */
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
  const button = $("create-btn", HTMLButtonElement);
  button.disabled = true;
  const answer = await fetchJson("/api/games", { json: body });
  button.disabled = false;
  if (answer.status === 0) {
    showError(t("The server cannot be reached. Try again in a moment."));
  } else if (!answer.ok) {
    const refused = fmt(t("The server refused the game (HTTP {status})."), { status: answer.status });
    showError(refusal(answer, answer.data.detail || refused));
  } else {
    showCreated(answer.data);
    refreshMyGames();
    if (body.public) announceOpenGame(); // in the open games' list at once (this tab and the others), not at the next refresh
  }
}

/**
 * Start the game's guided first game (its fixed set-up is the lobby data's `guide`: how many players, the
 * bots, the seed) and open its table with `?guide=1`, which makes the table page a guided one.
 * @param {HTMLButtonElement} button the game's "Guided first game" button
 */
async function startGuided(button) {
  const info = data.games.find((g) => g.name === button.dataset.game);
  if (!info) return;
  const setup = info.guide;
  // no remembered name: the seat's colour, generated by the server and said in each reader's language
  const name = localStorage.getItem(NAME_KEY) || null;
  /** @type {SeatRequest[]} */
  const seats = [{ kind: "human", name }];
  while (seats.length < setup.players) seats.push({ kind: "bot", bot: setup.bot });
  button.disabled = true;
  const body = { game: info.name, seats, options: {}, seed: setup.seed, turn_seconds: null };
  const answer = await fetchJson("/api/games", { json: body });
  button.disabled = false;
  if (answer.status === 0) {
    toast(t("The server cannot be reached. Try again in a moment."));
  } else if (!answer.ok) {
    toast(refusal(answer, fmt(t("The server refused the game (HTTP {status})."), { status: answer.status })));
  } else {
    /** @type {CreatedSeat} */
    const seat = answer.data.seats.find((/** @type {CreatedSeat} */ s) => s.kind === "human");
    rememberToken(answer.data.id, seat.token || "");
    const [path, hash] = seat.link.split("#");
    location.assign(`${path}?guide=1#${hash}`);
  }
}

/** @param {HTMLInputElement} input */
function copyButton(input) {
  return h(
    "button",
    {
      type: "button",
      class: "copy-btn",
      onclick: async (/** @type {MouseEvent} */ event) => {
        const button = /** @type {HTMLButtonElement} */ (event.currentTarget);
        const ok = await copyText(input.value, input);
        button.textContent = ok ? t("Copied") : t("Copy");
      },
    },
    t("Copy"),
  );
}

/**
 * A seat of the game POST /api/games created: a human's comes with its secret token and link.
 * @typedef {{seat: number, name: string, kind: string, token?: string, link: string}} CreatedSeat
 */

/**
 * The invite links of the game just created, one per human seat, and the spectators' link.
 * @param {{id: string, seats: CreatedSeat[], spectator: string}} game
 */
function showCreated(game) {
  const list = $("invite-links");
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
    rememberToken(game.id, seat.token, false); // an invite until its table is opened here ("Play this seat")
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
  const spectator = $("spectator-link", HTMLInputElement);
  spectator.value = new URL(game.spectator, location.origin).href;
  const created = $("created");
  created.hidden = false;
  created.scrollIntoView({ behavior: "smooth", block: "start" });
}

/** @param {MyGame} game */
function secondsLeft(game) {
  return typeof game.deadline === "number" ? game.deadline - Date.now() / 1000 : null;
}

/** @param {MyGame} game the token in the seat's link */
const tokenOf = (game) => new URLSearchParams(game.link.split("#")[1] || "").get("t") || "";

/**
 * The answer's seats grouped into one row per game; `plays` the tokens of the seats this browser plays.
 * @param {MyGame[]} seats
 * @param {Set<string>} plays
 * @returns {GameRow[]}
 */
function rowsOf(seats, plays) {
  /** @type {Map<string, MyGame[]>} */
  const byId = new Map();
  for (const seat of seats) byId.set(seat.id, [...(byId.get(seat.id) || []), seat]);
  return [...byId.values()].map((held) => {
    held.sort((a, b) => a.seat - b.seat);
    const own = held.filter((seat) => plays.has(tokenOf(seat)));
    const toAct = own.find((seat) => seat.your_turn && !seat.finished);
    return {
      game: held[0],
      plays: own,
      invites: held.filter((seat) => !own.includes(seat)),
      yourTurn: Boolean(toAct) && !(held[0].open || []).length,
      link: (toAct || own[0] || held[0]).link,
      tokens: held.map(tokenOf),
    };
  });
}

/**
 * The names in a list, as the page's language joins them ("Ada and Ben", "Ada e Ben").
 * @param {string[]} names
 */
const listOf = (names) => new Intl.ListFormat(language(), { type: "conjunction" }).format(names);

/** @param {GameRow} row */
function statusOf(row) {
  const game = row.game;
  if (game.finished) return h("span", { class: "badge finished" }, t("finished"));
  const open = game.open || [];
  if (open.length) {
    const text = ngettext(
      "waiting for {n} player to take the open seat",
      "waiting for {n} players to take the open seats",
      open.length,
    );
    return h("span", { class: "badge waiting", "data-testid": "open-seats" }, fmt(text, { n: open.length }));
  }
  const left = secondsLeft(game);
  const clock = left === null ? "" : timeLeft(left);
  if (row.yourTurn && clock) {
    const text = fmt(t("your turn: {left} left"), { left: clock });
    return h("span", { class: "badge your-turn", "data-testid": "time-left" }, text);
  }
  if (row.yourTurn) return h("span", { class: "badge your-turn" }, t("your turn"));
  const name = game.names && game.to_act >= 0 ? game.names[game.to_act] : "";
  if (name && clock) {
    const text = fmt(t("{name} to move: {left} left"), { name, left: clock });
    return h("span", { class: "badge waiting", "data-testid": "time-left" }, text);
  }
  return h("span", { class: "badge waiting" }, name ? fmt(t("{name} to move"), { name }) : t("waiting"));
}

/** @param {GameRow} row */
function rank(row) {
  return row.yourTurn ? 0 : row.game.finished ? 2 : 1;
}

/**
 * Your turn first, the soonest deadline first (no timer after those with one), then the newest.
 * @param {GameRow} a
 * @param {GameRow} b
 */
function byUrgency(a, b) {
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  const left = [a, b].map((row) => (row.game.finished ? null : secondsLeft(row.game)) ?? Number.POSITIVE_INFINITY);
  if (left[0] !== left[1]) return left[0] - left[1];
  return (b.game.created || 0) - (a.game.created || 0);
}

async function refreshMyGames() {
  const tokens = loadTokens();
  const list = $("my-games");
  const empty = $("my-games-empty");
  if (tokens.length === 0) {
    list.replaceChildren();
    empty.hidden = false;
    return;
  }
  const answer = await fetchJson("/api/my-games", { json: { tokens: tokens.map((e) => e.token) } });
  if (!answer.ok) return; // keep the list as it was; the next refresh will try again
  const plays = new Set(tokens.filter((e) => e.plays).map((e) => e.token));
  const rows = rowsOf(answer.data.games || [], plays);
  rows.sort(byUrgency);
  empty.hidden = rows.length > 0;
  const finished = rows.filter((row) => row.game.finished);
  list.replaceChildren(
    ...rows.filter((row) => !row.game.finished).map(gameItem),
    // the finished games last, folded away once the player folds them (remembered in this browser)
    finished.length
      ? h(
          "li",
          { class: "finished-group" },
          h(
            "details",
            {
              open: finishedOpen(),
              dataset: { testid: "finished-games" },
              ontoggle: (/** @type {Event} */ event) => {
                const details = /** @type {HTMLDetailsElement} */ (event.currentTarget);
                try {
                  localStorage.setItem(FINISHED_KEY, details.open ? "open" : "folded");
                } catch {
                  // not remembered: folded for this page only
                }
              },
            },
            h("summary", {}, fmt(ngettext("{n} finished game", "{n} finished games", finished.length), { n: finished.length })),
            h("ul", { class: "my-games" }, ...finished.map(gameItem)),
          ),
        )
      : "",
  );
}

const FINISHED_KEY = "ludoteca.finishedGames";

/** Whether the finished games are shown (unfolded) unless the player folded them. */
function finishedOpen() {
  try {
    return localStorage.getItem(FINISHED_KEY) !== "folded";
  } catch {
    return true;
  }
}

/**
 * One game of "Your games".
 * @param {GameRow} row
 */
function gameItem(row) {
  const game = row.game;
  const mine = new Set(row.plays.map((seat) => seat.seat));
  const open = new Set(game.open || []);
  const others = listOf((game.names || []).filter((_, i) => !mine.has(i) && !open.has(i)));
  const kept = listOf(row.invites.map((seat) => seat.name));
  return h(
    "li",
    {
      class: ["my-game", row.yourTurn && "your-turn", game.finished && "finished"].filter(Boolean).join(" "),
      dataset: { id: game.id },
    },
    h(
      "a",
      { class: "resume", href: row.link },
      h("span", { class: "game-title" }, game.title),
      " ",
      row.plays.length
        ? h("span", { class: "muted seats-played" }, fmt(t("as {name}"), { name: listOf(row.plays.map((s) => s.name)) }))
        : "",
    ),
    statusOf(row),
    h("span", { class: "muted small" }, others ? fmt(t("with {names}"), { names: others }) : ""),
    row.invites.length
      ? h("span", { class: "muted small invites-kept" }, fmt(t("invite links kept here: {names}"), { names: kept }))
      : "",
    h("span", { class: "muted small" }, fmt(ngettext("{n} move", "{n} moves", game.version), { n: game.version })),
    game.finished
      ? h("a", { class: "small replay-link", href: `/replay/${encodeURIComponent(game.id)}` }, t("Watch the replay"))
      : null,
    game.finished
      ? h(
          "a",
          { class: "small review-link", "data-testid": "my-game-review", href: `/replay/${encodeURIComponent(game.id)}#review` },
          t("Review this game"),
        )
      : null,
    row.tokens.length
      ? h(
          "button",
          {
            type: "button",
            class: "link-button forget",
            title: t("Remove this game from the list (the link still works)"),
            onclick: () => {
              for (const token of row.tokens) forgetToken(token);
              refreshMyGames();
            },
          },
          t("Forget"),
        )
      : null,
  );
}

async function main() {
  await loadCatalog();
  const remembered = localStorage.getItem(NAME_KEY);
  if (remembered) {
    for (const input of findAll(form, '.seat-row[data-seat="0"] [data-role="name"]', HTMLInputElement)) input.value = remembered;
  }
  form.addEventListener("change", refreshForm);
  form.addEventListener("submit", create);
  for (const button of findAll(document, ".guided-start", HTMLButtonElement)) {
    button.addEventListener("click", () => startGuided(button));
  }
  for (const button of findAll(document, "[data-copy]", HTMLButtonElement)) {
    button.addEventListener("click", async () => {
      const input = $(button.dataset.copy || "", HTMLInputElement);
      button.textContent = (await copyText(input.value, input)) ? t("Copied") : t("Copy");
    });
  }
  refreshForm();
  refreshMyGames();
  startOpenGames();
  setInterval(() => document.visibilityState === "visible" && refreshMyGames(), MY_GAMES_MS);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && refreshMyGames());
}

main();
