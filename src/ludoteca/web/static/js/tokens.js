// @ts-check
// The seats this browser holds: every token it has seen, kept in localStorage as `ludoteca.tokens`
// (a list of {id, token, plays}). Tokens are the only key to a seat, so they never go into a URL the server
// sees — only into the fragment of a table link — and the lobby finds "your games" from this list.
// `plays` tells a seat this browser plays (its table was opened here, or taken here) from an invite link
// kept for a friend (the creator's browser holds every human seat's link): only the first is "yours".

const KEY = "ludoteca.tokens";

/** @typedef {{id: string, token: string, plays: boolean}} Held */

/**
 * Every remembered {id, token}, oldest first (an unreadable store counts as empty).
 * @returns {Held[]}
 */
export function loadTokens() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    if (!Array.isArray(list)) return [];
    return list
      .filter((/** @type {any} */ e) => e && typeof e.id === "string" && typeof e.token === "string")
      .map((/** @type {any} */ e) => ({ id: e.id, token: e.token, plays: e.plays !== false })); // older: played
  } catch {
    return [];
  }
}

/** @param {Held[]} list */
function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // private mode or a full store: the seat still works through its link
  }
}

/**
 * Remember that `token` is a seat of game `id` (once): one this browser plays, or with `plays` false an
 * invite link kept for someone else. A seat once played here stays so.
 * @param {string} id
 * @param {string} token
 * @param {boolean} [plays]
 */
export function rememberToken(id, token, plays = true) {
  if (!id || !token) return;
  const list = loadTokens();
  const known = list.find((e) => e.token === token);
  if (!known) list.push({ id, token, plays });
  else if (plays && !known.plays) known.plays = true;
  else return;
  save(list);
}

/**
 * Forget one token (the lobby's "forget" button).
 * @param {string} token
 */
export function forgetToken(token) {
  save(loadTokens().filter((e) => e.token !== token));
}

/**
 * The tokens remembered for game `id`, those of seats played here first (a spectator's "your seat" link).
 * @param {string} id
 */
export function tokensFor(id) {
  const held = loadTokens().filter((e) => e.id === id);
  return [...held.filter((e) => e.plays), ...held.filter((e) => !e.plays)].map((e) => e.token);
}

/**
 * The token in a table URL's fragment (`#t=TOKEN`), or null: no token means a spectator.
 * @param {string} [hash]
 */
export function tokenFromHash(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("t");
  return token ? token : null;
}
