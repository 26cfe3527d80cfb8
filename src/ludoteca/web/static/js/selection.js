// @ts-check
// The click-target rules of the table, as pure functions of the legal actions and the selection.
//
// Each legal action names the board keys it involves (`targets`, a multiset: two supply cards of value
// 5 are `hand:5` twice). The player builds a selection by clicking; the candidates are the legal actions
// whose targets contain the selection; a key can be clicked only if some candidate still has a spare
// copy of it. When exactly one candidate is left and its targets equal the selection, it is played.
// Nothing here touches the page, so the rules can be read (and tried in node) on their own:
// tests/js/selection.test.js.

/** @typedef {import("./protocol.js").LegalAction} LegalAction */

/**
 * A Map from key to how many times it occurs in `keys`.
 * @param {Iterable<string>} keys
 * @returns {Map<string, number>}
 */
export function counts(keys) {
  const map = new Map();
  for (const key of keys) map.set(key, (map.get(key) || 0) + 1);
  return map;
}

/**
 * Whether the multiset `targets` contains the multiset `selection`.
 * @param {string[]} targets
 * @param {string[]} selection
 */
export function contains(targets, selection) {
  const have = counts(targets);
  for (const [key, need] of counts(selection)) {
    if ((have.get(key) || 0) < need) return false;
  }
  return true;
}

/**
 * Whether two multisets of keys are equal (order does not matter).
 * @param {string[]} a
 * @param {string[]} b
 */
export function sameKeys(a, b) {
  return a.length === b.length && contains(a, b);
}

/**
 * The legal actions still possible with this selection (with an empty one: every legal action).
 * @template {LegalAction} A
 * @param {A[]} legal
 * @param {string[]} selection
 * @returns {A[]}
 */
export function candidates(legal, selection) {
  return legal.filter((action) => contains(action.targets || [], selection));
}

/**
 * How many copies of each key may be selected in all, given the candidates: the most any one candidate
 * holds. A key can take another click while fewer copies than that are selected.
 * @param {LegalAction[]} cands
 * @returns {Map<string, number>}
 */
export function capacity(cands) {
  const most = new Map();
  for (const action of cands) {
    for (const [key, n] of counts(action.targets || [])) most.set(key, Math.max(most.get(key) || 0, n));
  }
  return most;
}

/**
 * Whether one more click on `key` keeps some candidate possible.
 * @param {LegalAction[]} cands
 * @param {string[]} selection
 * @param {string} key
 */
export function canAdd(cands, selection, key) {
  const chosen = selection.filter((k) => k === key).length;
  return (capacity(cands).get(key) || 0) > chosen;
}

/**
 * The action to play at once: the only candidate, when its targets are exactly the selection.
 * @template {LegalAction} A
 * @param {A[]} cands
 * @param {string[]} selection
 * @returns {A | null}
 */
export function decided(cands, selection) {
  if (selection.length === 0 || cands.length !== 1) return null;
  return sameKeys(cands[0].targets || [], selection) ? cands[0] : null;
}
