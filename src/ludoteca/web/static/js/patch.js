// @ts-check
// Light updates: a `patch` message carries only what changed in this connection's `state` since the last
// one (see ludoteca/web/patches.py, which makes them, and docs/web.md). Applying each patch to the state
// the page holds gives exactly the whole state the server would have sent instead.

/** @typedef {import("./protocol.js").Patch} Patch */

/**
 * The text an edit of `old` describes: `[start, end]` copies old.slice(start, end) (UTF-16 units, as
 * JavaScript counts them), a string is new text.
 * @param {string} old
 * @param {([number, number] | string)[]} ops
 */
function applyEdit(old, ops) {
  let out = "";
  for (const op of ops) out += typeof op === "string" ? op : old.slice(op[0], op[1]);
  return out;
}

/**
 * The state `patch` turns `state` into, or null if it does not apply (another version, or an edit that
 * does not give a text of its announced size): the page then asks for the whole table (`sync`).
 * @template {object} S
 * @param {S | null} state
 * @param {Patch} patch
 * @returns {S | null}
 */
export function applyPatch(state, patch) {
  /** @type {Record<string, unknown>} */
  const fields = /** @type {any} */ (state);
  if (!state || patch.base !== fields.version) return null;
  /** @type {Record<string, unknown>} */
  const next = { ...fields };
  for (const key of patch.drop || []) delete next[key];
  Object.assign(next, patch.set || {});
  for (const [key, change] of Object.entries(patch.edit || {})) {
    const before = fields[key];
    if (typeof before !== "string" || !Array.isArray(change.ops)) return null;
    const text = applyEdit(before, change.ops);
    if (text.length !== change.size) return null;
    next[key] = text;
  }
  return /** @type {S} */ (next);
}
