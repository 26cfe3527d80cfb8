// @ts-check
// The table page: one WebSocket to the game, and the page redrawn from each `state` message (sent whole
// after each hello, then as `patch` messages of what changed, which patch.js applies).
//
// The seat token lives only in the URL fragment (`#t=TOKEN`, never sent in an HTTP request) and in
// localStorage; it travels to the server inside the socket's `hello`. Without a token the page is a
// spectator's: the same board and log, no action controls. Everything shown comes from the latest
// state; the only client-side state is the click selection (picker.js) and the log already shown.

import { ChatPanel } from "./chat.js";
import { ChoiceCue } from "./cue.js";
import { $, h, setSvg, toast } from "./dom.js";
import { Guide } from "./guide.js";
import { fmt, loadCatalog, t } from "./i18n.js";
import { BoardLayout } from "./layout.js";
import { TurnAlerts } from "./notify.js";
import { Countdown, LogView, renderEnd, renderSeats } from "./panels.js";
import { applyPatch } from "./patch.js";
import { ConfirmSetting, Picker } from "./picker.js";
import { RecapView } from "./recap.js";
import { Rematch } from "./rematch.js";
import { Requests } from "./requests.js";
import { TableSocket, socketUrl } from "./socket.js";
import { forgetToken, rememberToken, tokenFromHash, tokensFor } from "./tokens.js";

/** @typedef {import("./protocol.js").State} State */
/** @typedef {import("./protocol.js").Suggestion} Suggestion */

const gameId = document.body.dataset.gameId || "";
let token = tokenFromHash();

/** @type {State | null} */
let state = null;
let connected = false;
let pending = false; // an action is on its way
/** @type {string | null} */
let lastSent = null; // the type of the last message sent (what a refusal answers when it names no message)
const requests = new Requests(); // each message's number (`id`), which a refusal names (`request`)
/** @type {TableSocket | null} */
let socket = null;
let resyncing = false; // a patch did not fit: waiting for the whole state asked for

const log = new LogView($("log"));
const countdown = new Countdown($("deadline"));
const layout = new BoardLayout({
  board: $("board"),
  hand: $("hand"),
  zoomIn: $("zoom-in", HTMLButtonElement),
  zoomOut: $("zoom-out", HTMLButtonElement),
  zoomFit: $("zoom-fit", HTMLButtonElement),
  dock: $("dock"),
  toggle: $("dock-toggle"),
  skip: $("skip-to-dock"),
  tools: $("board-tools"),
});
const recap = new RecapView($("recap", HTMLDetailsElement), $("board"));
const alerts = new TurnAlerts($("turn-alerts")); // title, sound, notification when your turn comes unseen
const picker = new Picker({
  holders: [$("board"), $("hand")],
  box: $("candidates"),
  clearButton: $("clear-btn"),
  help: $("selection-help"),
  onPlay: play,
  confirmButton: $("confirm-btn", HTMLButtonElement),
  onPlaces: (keys) => layout.label(keys),
});
new ChoiceCue($("candidates"), $("more-choices", HTMLButtonElement));
new ConfirmSetting($("confirm-moves", HTMLInputElement), (on) => picker.setConfirm(on));
/** @type {ChatPanel} */
let chat; // made once the catalogue is loaded: its emotes and buttons are worded
const rematch = new Rematch({ button: $("rematch-btn", HTMLButtonElement), offer: $("rematch-offer"), origin: $("rematch-of") }, send);
const guide = new Guide($("guide-panel"), { send, play: (choice) => picker.play(choice), hello: onOpen });

/**
 * Send a message on the table's socket; answers whether it went.
 * @param {import("./protocol.js").ClientMessage} message
 */
function send(message) {
  const sent = socket !== null && socket.send({ ...message, id: requests.number(message.type) });
  if (sent) lastSent = message.type;
  return sent;
}

/**
 * Send a chosen legal action, stamped with the version it was chosen on.
 * @param {{text: string}} action
 */
function play(action) {
  if (!state) return;
  if (send({ type: "action", version: state.version, action: action.text })) {
    pending = true;
    hideHint();
    controls();
  } else {
    picker.unlock();
    toast(t("Not connected: the move was not sent."));
  }
}

/** Undo this seat's last step (offered while the state says it may: `undo`), on the version it was seen on. */
function undo() {
  if (!state || !state.undo || pending) return;
  if (send({ type: "undo", version: state.version })) {
    pending = true;
    picker.clear();
    hideHint();
    controls();
  } else toast(t("Not connected: the move was not sent."));
}

function mySeat() {
  return state && state.seat >= 0 ? state.seats[state.seat] : null;
}

/** @param {State} next */
function applyState(next) {
  const versionChanged = !state || next.version !== state.version;
  state = next;
  pending = false;
  const table = $("table");
  table.dataset.seat = String(next.seat);
  table.dataset.version = String(next.version);
  table.dataset.toAct = String(next.to_act);
  table.dataset.phase = next.phase;

  setSvg($("board"), next.board_svg || "");
  const hand = next.private_svg;
  $("hand-section").hidden = !hand;
  setSvg($("hand"), hand || "");
  layout.measure();
  $("phase-text").textContent = next.result || next.diverged ? "" : next.phase_text || "";
  $("rules-in-force").textContent = next.rules_text || "";
  // the creator chose the seed: they may know every card — said at a table of people, not in a guided
  // lesson, whose deal the lesson chose for its teaching (its one player is the one who started it)
  $("chosen-deal").hidden = !next.chosen_deal || guide.on;
  $("chosen-deal").textContent = next.chosen_deal || "";
  // the Rules link opens the rules in the table's language at the section on the phase being played
  if (next.rules_section) {
    const query = new URLSearchParams({ lang: next.lang });
    $("rules-link", HTMLAnchorElement).href = `/rules/${next.game}?${query}#${encodeURIComponent(next.rules_section)}`;
  }
  renderSeats($("seats"), next);

  const legal = next.seat >= 0 ? next.legal || [] : [];
  picker.update(legal, next.version);
  layout.measure(); // what is clickable on the board changed: fit it again (pointing at a choice does not)
  $("action-bar").hidden = legal.length === 0;
  if (versionChanged && legal.length > 0) layout.collapse(false); // a new choice is never hidden
  // nor the board's part in it under the dock: once the board is fitted to the dock's new height (a
  // resize observer, in the next frame), the page scrolls as little as needed; `data-settled` says done
  const settled = () => {
    if (versionChanged && legal.length > 0) layout.reveal();
    table.dataset.settled = String(next.version);
  };
  requestAnimationFrame(() => requestAnimationFrame(settled));

  const actor = next.to_act >= 0 ? next.seats[next.to_act] : null;
  countdown.set(next.result ? null : next.deadline, actor ? actor.name : "", next.to_act === next.seat);

  $("diverged").hidden = !next.diverged;
  $("turn-bar").hidden = Boolean(next.diverged); // nobody's turn: the notice below says why
  $("diverged-text").textContent = next.diverged ? next.diverged.text : "";
  if (next.result) renderEnd(next);
  $("end-screen").hidden = !next.result;
  if (next.result) showEnd(versionChanged);
  rematch.update(next);
  if (versionChanged) hideHint();
  status();
  controls();
  guide.update(next);
  chat.update(next);
  // last, once the buttons above have taken their room: the log's box has its final height
  log.names = next.seats.map((seat) => seat.name);
  log.update(next.log_start, next.log || []);
  recap.update(next);
}

/**
 * The end of the game where the player is looking: the result (winner, scores and where they came from,
 * New game, the replay, the review, a rematch) moves into the pinned dock, under "Game over", opened.
 * @param {boolean} fresh a new state (the game has just ended, or the page was opened on a finished game)
 */
function showEnd(fresh) {
  const end = $("end-screen");
  const body = $("dock-body");
  if (end.parentElement !== body) body.prepend(end);
  if (!fresh) return;
  layout.collapse(false);
  // a player who had scrolled down to the log or the chat (a phone: the dock goes with the table) sees it too
  const box = end.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) end.scrollIntoView({ block: "nearest" });
  // and the board's zoom buttons above the grown dock, not under it (a phone: the page opens at its top)
  const tools = $("board-tools").getBoundingClientRect();
  const dockTop = $("dock").getBoundingClientRect().top;
  if ((tools.bottom > dockTop || tools.top < 0) && tools.height + 8 < dockTop) window.scrollBy(0, tools.top - 4);
}

/** The one-line answer to "what is going on": connection, your turn, whom we wait for, game over. */
function status() {
  const line = $("status");
  let text;
  let yourTurn = false;
  let thinking = false;
  if (!connected) text = state ? t("Reconnecting…") : t("Connecting…");
  else if (!state) text = t("Connecting…");
  else if (state.result) text = t("Game over");
  else if (state.diverged) text = "";
  else if ((state.open_seats || []).length > 0) text = t("Waiting for players to take the open seats in the lobby.");
  else if (state.to_act === state.seat && (state.legal || []).length > 0) {
    text = t("Your turn");
    yourTurn = true;
  } else if (state.to_act === state.seat && mySeat()?.autoplay) text = t("A bot is playing your seat.");
  else if (state.to_act >= 0) {
    // a bot at work says so, and the line moves while it thinks (two expert bots take seconds)
    const actor = state.seats[state.to_act];
    thinking = actor.kind === "bot" || actor.autoplay;
    text = fmt(thinking ? t("{name} is thinking…") : t("Waiting for {name}"), { name: actor.name });
  } else text = "";
  if (line.textContent !== text) line.textContent = text;
  line.classList.toggle("your-turn", yourTurn);
  line.classList.toggle("thinking", thinking);
  alerts.update(yourTurn);
}

function controls() {
  const me = mySeat();
  const over = Boolean(state && (state.result || state.diverged));
  const canAct = Boolean(state && (state.legal || []).length > 0 && !pending && connected);
  $("hint-btn").hidden = !me || over;
  $("hint-btn", HTMLButtonElement).disabled = !canAct;
  $("leave-btn").hidden = !me || over || me.kind !== "human" || me.autoplay;
  $("takeback-btn").hidden = !me || over || !me.autoplay;
  $("undo-btn").hidden = !me || over || !state?.undo;
  $("undo-btn", HTMLButtonElement).disabled = pending || !connected;
  $("turn-alerts").hidden = !me || over;
  $("confirm-setting").hidden = !me || over;
  $("confirm-default").hidden = !me || over;
  const spectator = state !== null && state.seat < 0;
  $("spectator-note").hidden = !spectator;
  const own = tokensFor(gameId)[0];
  $("own-seat-link").hidden = !(spectator && own);
  if (own) $("own-seat-link", HTMLAnchorElement).href = `#t=${encodeURIComponent(own)}`;
}

// ------------------------------------------------------------------ hints

function hideHint() {
  $("hint-panel").hidden = true;
}

function askHint() {
  if (!send({ type: "hint" })) return;
  $("hint-panel").hidden = false;
  $("hint-thinking").hidden = false;
  $("hint-result").hidden = true;
}

/**
 * @param {Suggestion} choice
 * @param {boolean} [chance] whether to say its chance to win (not when every suggestion says the same)
 */
function suggestion(choice, chance = true) {
  const label = h("span", { class: "hint-label" }, choice.label || choice.text);
  if (typeof choice.win_chance !== "number" || !chance) return [label];
  const percent = Math.round(choice.win_chance * 100);
  return [label, h("span", { class: "hint-chance" }, fmt(t("{percent}% to win"), { percent }))];
}

/** @param {import("./protocol.js").Hint} message */
function showHint(message) {
  const best = message.best;
  if (!best) return;
  $("hint-panel").hidden = false;
  $("hint-thinking").hidden = true;
  $("hint-result").hidden = false;
  const button = $("hint-best");
  // "0% to win" beside every suggestion tells nothing to choose by: the chances are said only where they differ
  const all = [best, ...(message.alternatives || [])];
  const percents = new Set(all.map((choice) => (typeof choice.win_chance === "number" ? Math.round(choice.win_chance * 100) : null)));
  const chance = percents.size > 1 || all.length === 1;
  button.replaceChildren(...suggestion(best, chance));
  button.onclick = () => picker.play(best);
  const others = (message.alternatives || []).map((choice) =>
    h("button", { type: "button", class: "hint-choice", onclick: () => picker.play(choice) }, ...suggestion(choice, chance)),
  );
  $("hint-alternatives").replaceChildren(...others);
  const heading = $("hint-alternatives").previousElementSibling;
  if (heading instanceof HTMLElement) heading.hidden = others.length === 0;
}

// ------------------------------------------------------------------ the socket

/** @param {import("./protocol.js").ServerMessage} message */
function onMessage(message) {
  switch (message.type) {
    case "welcome":
      // remembered only once the server has recognised it, so "your games" never lists a dead link
      if (token && message.seat >= 0) rememberToken(gameId, token);
      if (token && message.seat < 0) toast(t("This link holds no seat in this game: you are watching."), "info");
      break;
    case "state":
      resyncing = false;
      applyState(message);
      break;
    case "patch": {
      // only what changed since the state this page holds; one that does not fit: the whole table again
      // (and the patches already on their way are skipped until it comes)
      if (resyncing) break;
      const next = applyPatch(state, message);
      if (next) applyState(next);
      else resyncing = send({ type: "sync" });
      break;
    }
    case "hint":
      if (!guide.takesHint(message)) showHint(message);
      break;
    case "chat_history":
      chat.history(message);
      break;
    case "chat":
      chat.add(message.message || {});
      break;
    case "rematch":
      rematch.offered(message);
      break;
    case "rematch_of":
      rematch.origin(message);
      if (state) rematch.update(state);
      break;
    case "error": {
      // the message refused: the one the server names, else (an older server) the last one sent
      const named = typeof message.request === "number";
      const refused = requests.refused(message.request, lastSent);
      if (String(message.code).startsWith("chat_") || (refused === "chat" && (named || !pending))) {
        // a refused chat message (too long, too fast…) changes nothing at the table: no resync
        chat.error(message.message || message.code);
        break;
      }
      guide.error(message);
      toast(message.message || message.code || t("Something went wrong."));
      if (message.code === "bad_token" && token !== null) {
        // a link whose seat this game does not know: watch instead (and on every reconnection)
        forgetToken(token);
        token = null;
        send({ type: "hello", token: null, lang: document.documentElement.lang || "en", patches: true });
        break;
      }
      if (rematch.asked) rematch.refused();
      const wasPending = pending;
      pending = false;
      $("hint-thinking").hidden = true;
      // a refused sync or hello resyncs nothing (an error must never start a resync loop)
      if (state && refused !== "sync" && refused !== "hello") send({ type: "sync" });
      if (wasPending) picker.unlock();
      controls();
      break;
    }
    default:
      break; // pong, and whatever a newer server adds
  }
}

/**
 * @param {import("./socket.js").SocketStatus} which
 * @param {string} [detail]
 */
function onStatus(which, detail) {
  connected = which === "open";
  const line = $("connection");
  line.dataset.state = which;
  line.textContent = {
    connecting: t("Connecting…"),
    open: t("Connected"),
    reconnecting: t("Reconnecting…"),
    closed: detail ? fmt(t("Disconnected: {reason}"), { reason: detail }) : t("Disconnected"),
  }[which];
  if (!connected) {
    pending = false;
    picker.lock();
  }
  status();
  controls();
}

function onOpen() {
  const lang = document.documentElement.lang || "en";
  send({ type: "hello", token, lang, patches: true, ...guide.hello() });
}

async function main() {
  window.addEventListener("hashchange", () => location.reload());
  $("hint-btn").addEventListener("click", askHint);
  $("takeback-btn").addEventListener("click", () => send({ type: "take_back" }));
  $("undo-btn").addEventListener("click", undo);
  document.addEventListener("keydown", (event) => {
    // Ctrl+Z (⌘Z) undoes the last step — except where the key means something else (the chat's text)
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z" && !typing) {
      if (state?.undo) event.preventDefault();
      undo();
    }
  });
  const dialog = $("leave-dialog", HTMLDialogElement);
  $("leave-btn").addEventListener("click", () => dialog.showModal());
  dialog.addEventListener("close", () => {
    if (dialog.returnValue === "leave") send({ type: "leave" });
    dialog.returnValue = "";
  });
  await loadCatalog();
  chat = new ChatPanel(send);
  socket = new TableSocket(socketUrl(gameId), { onOpen, onMessage, onStatus });
}

main();
