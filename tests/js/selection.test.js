// @ts-check
// The click-target rules of the table (static/js/selection.js), on hand-made cases of every kind of
// action and on the legal actions of real positions: the sample state messages the server made in
// tests/web/fixtures (a Verräter supply with two equal cards in hand, a Kreta turn), and the legal
// actions of 90 positions of seeded games in fixtures/legal.json (made by fixtures/make_legal.py).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { canAdd, candidates, capacity, contains, counts, decided, sameKeys } from "../../src/ludoteca/web/static/js/selection.js";

/** @typedef {import("../../src/ludoteca/web/static/js/protocol.js").LegalAction} LegalAction */

/**
 * The JSON of a file beside this one.
 * @param {string} path
 */
const load = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf-8"));

/**
 * Click through the targets of each legal action in turn, as a player would: every click is allowed,
 * the action stays a candidate and the candidates never grow; at the last click the action is played
 * if no other has the same keys, else the buttons are left to tell apart the few (at most 3) that have.
 * @param {LegalAction[]} legal
 */
function clickThrough(legal) {
  for (const action of legal) {
    const keys = action.targets || [];
    /** @type {string[]} */
    const selection = [];
    let before = legal.length;
    for (const key of keys) {
      assert.ok(canAdd(candidates(legal, selection), selection, key), `${action.text}: ${key} after ${selection}`);
      selection.push(key);
      const cands = candidates(legal, selection);
      assert.ok(cands.includes(action), `${action.text} lost after ${selection}`);
      assert.ok(cands.length <= before);
      before = cands.length;
    }
    if (keys.length === 0) continue;
    const cands = candidates(legal, selection);
    const same = cands.filter((other) => sameKeys(other.targets || [], keys));
    const played = decided(cands, selection);
    if (same.length === 1 && cands.length === 1) assert.equal(played, action);
    else assert.equal(played, null, `${action.text} played though ${cands.length} candidates are left`);
    assert.ok(same.length <= 3, `${same.length} actions share the keys of ${action.text}`);
  }
}

/**
 * Legal actions from `text: keys` pairs (the keys the presenters give each kind of action).
 * @param {Record<string, string[]>} table
 * @returns {LegalAction[]}
 */
const actions = (table) => Object.entries(table).map(([text, targets]) => ({ text, label: text, targets }));

const VERRAETER = actions({
  "supply none": [],
  "supply 3": ["hand:3"],
  "supply 5": ["hand:5"],
  "supply 3,5": ["hand:3", "hand:5"],
  "supply 5,5": ["hand:5", "hand:5"],
  "supply 3,5,5": ["hand:3", "hand:5", "hand:5"],
  "build 7": ["landscape:6"],
  "build 7 kontor": ["landscape:6"],
  "turn 12": ["landscape:11"],
  "conflict 12/1": ["gap:11"],
  "take traitor": ["draft:0"],
  pass: [],
});

const KRETA = actions({
  "admiral +candia": ["card:admiral", "port:candia"],
  "admiral kydonia->sitia": ["card:admiral", "port:kydonia", "port:sitia"],
  "admiral kydonia->messara, rethymno->sitia": ["card:admiral", "port:kydonia", "port:messara", "port:rethymno", "port:sitia"],
  "commander +rethymno": ["card:commander", "province:rethymno"],
  "commander amari->messara": ["card:commander", "province:amari", "province:messara"],
  "commander messara->amari": ["card:commander", "province:messara", "province:amari"],
  "king commander +rethymno": ["card:king", "province:rethymno"],
  "king farmer": ["card:king"],
  farmer: ["card:farmer"],
  keep: [],
});

describe("multisets of keys", () => {
  test("counts each key", () => {
    assert.deepEqual(counts(["hand:5", "hand:3", "hand:5"]), new Map([["hand:5", 2], ["hand:3", 1]]));
  });

  test("a selection is contained only with as many copies as it has", () => {
    assert.ok(contains(["hand:3", "hand:5", "hand:5"], ["hand:5", "hand:5"]));
    assert.ok(!contains(["hand:3", "hand:5"], ["hand:5", "hand:5"]));
    assert.ok(contains(["hand:3"], []));
  });

  test("equal multisets in any order", () => {
    assert.ok(sameKeys(["port:kydonia", "card:admiral"], ["card:admiral", "port:kydonia"]));
    assert.ok(!sameKeys(["hand:5"], ["hand:5", "hand:5"]));
  });
});

describe("the selection narrows the legal actions", () => {
  test("nothing selected: every legal action is a candidate, none is played", () => {
    assert.deepEqual(candidates(VERRAETER, []), VERRAETER);
    assert.equal(decided(VERRAETER, []), null);
  });

  test("two equal cards: the second 5 can be clicked, a third cannot", () => {
    const one = candidates(VERRAETER, ["hand:5"]);
    assert.deepEqual(one.map((a) => a.text), ["supply 5", "supply 3,5", "supply 5,5", "supply 3,5,5"]);
    assert.equal(capacity(one).get("hand:5"), 2);
    assert.ok(canAdd(one, ["hand:5"], "hand:5"));
    const two = candidates(VERRAETER, ["hand:5", "hand:5"]);
    assert.ok(!canAdd(two, ["hand:5", "hand:5"], "hand:5"));
    assert.equal(decided(candidates(VERRAETER, ["hand:3", "hand:5", "hand:5"]), ["hand:3", "hand:5", "hand:5"])?.text, "supply 3,5,5");
  });

  test("a click that fits no candidate is refused", () => {
    const cands = candidates(KRETA, ["card:farmer"]);
    assert.ok(!canAdd(cands, ["card:farmer"], "port:candia"));
    assert.ok(canAdd(candidates(KRETA, []), [], "port:candia"));
  });

  test("actions with the same keys are never played by clicks: the buttons tell them apart", () => {
    const build = candidates(VERRAETER, ["landscape:6"]);
    assert.deepEqual(build.map((a) => a.text), ["build 7", "build 7 kontor"]);
    assert.equal(decided(build, ["landscape:6"]), null);
    const moves = candidates(KRETA, ["card:commander", "province:amari", "province:messara"]);
    assert.deepEqual(moves.map((a) => a.text), ["commander amari->messara", "commander messara->amari"]);
    assert.equal(decided(moves, ["card:commander", "province:amari", "province:messara"]), null);
  });

  test("an action with nothing to click is only ever a button", () => {
    for (const action of [...VERRAETER, ...KRETA].filter((a) => (a.targets || []).length === 0)) {
      assert.ok(candidates([action], []).includes(action));
      assert.equal(decided([action], []), null);
    }
  });

  test("an action is played once its last key is clicked, when no other action shares the keys", () => {
    assert.equal(decided(candidates(KRETA, ["card:king"]), ["card:king"]), null); // king farmer, or a king's copy
    const keys = ["card:king", "province:rethymno"];
    assert.equal(decided(candidates(KRETA, keys), keys)?.text, "king commander +rethymno");
  });
});

describe("real positions", () => {
  for (const name of ["verraeter_supply.json", "kreta_play.json"]) {
    test(`${name}: the clicks of each action narrow in order to it, or to a few told apart by their labels`, () => {
      /** @type {LegalAction[]} */
      const legal = load(`../web/fixtures/${name}`).legal;
      assert.ok(legal.length > 5);
      clickThrough(legal);
      for (const action of legal) {
        const same = legal.filter((other) => sameKeys(other.targets || [], action.targets || []));
        if ((action.targets || []).length > 0) assert.equal(new Set(same.map((a) => a.label)).size, same.length);
      }
    });
  }

  /** @type {Record<string, LegalAction[][]>} */
  const games = load("./fixtures/legal.json");
  for (const [game, positions] of Object.entries(games)) {
    test(`${game}: ${positions.length} positions of seeded games, every action clicked through`, () => {
      assert.ok(positions.length >= 40);
      for (const legal of positions) clickThrough(legal);
    });
  }
});
