// @ts-check
// The seats this browser holds: every token it has seen, kept in localStorage as `ludoteca.tokens`
// (a list of {id, token}). Tokens are the only key to a seat, so they never go into a URL the server
// sees — only into the fragment of a table link — and the lobby finds "your games" from this list.

const KEY = "ludoteca.tokens";

/** @typedef {{id: string, token: string}} Held */

/**
 * Every remembered {id, token}, oldest first (an unreadable store counts as empty).
 * @returns {Held[]}
 */
export function loadTokens() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list)
      ? list.filter((/** @type {any} */ e) => e && typeof e.id === "string" && typeof e.token === "string")
      : [];
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
 * Remember that `token` is a seat of game `id` (once).
 * @param {string} id
 * @param {string} token
 */
export function rememberToken(id, token) {
  if (!id || !token) return;
  const list = loadTokens();
  if (!list.some((e) => e.token === token)) {
    list.push({ id, token });
    save(list);
  }
}

/**
 * Forget one token (the lobby's "forget" button).
 * @param {string} token
 */
export function forgetToken(token) {
  save(loadTokens().filter((e) => e.token !== token));
}

/**
 * The tokens remembered for game `id`.
 * @param {string} id
 */
export function tokensFor(id) {
  return loadTokens().filter((e) => e.id === id).map((e) => e.token);
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
