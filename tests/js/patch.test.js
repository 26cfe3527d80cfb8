// @ts-check
// Light updates (static/js/patch.js): a patch applied to the state it was made from gives the new
// state; one made from another version, or whose edit does not give the announced size, gives null
// (the page then asks for the whole table). tests/web/test_patches.py checks the server's side against
// a Python copy of this rule over whole games; here the page's own code is run.

import assert from "node:assert/strict";
import { test } from "node:test";

import { applyPatch } from "../../src/ludoteca/web/static/js/patch.js";

const BOARD = "<svg><g id=a>one</g>\n<g id=b>two</g>\n</svg>";
const STATE = { version: 41, log_start: 3, log: ["x"], board_svg: BOARD, deadline: 12.5, guide: null };

test("set, edit and drop make the next state", () => {
  const next = applyPatch(STATE, {
    base: 41,
    set: { version: 42, log_start: 4, log: ["y"] },
    edit: { board_svg: { ops: [[0, 21], "<g id=b>three</g>\n", [37, 43]], size: 45 } },
    drop: ["deadline"],
  });
  assert.deepEqual(next, {
    version: 42,
    log_start: 4,
    log: ["y"],
    board_svg: "<svg><g id=a>one</g>\n<g id=b>three</g>\n</svg>",
    guide: null,
  });
});

test("the state held is left as it was", () => {
  const before = structuredClone(STATE);
  applyPatch(STATE, { base: 41, set: { version: 42 }, drop: ["guide"] });
  assert.deepEqual(STATE, before);
});

test("offsets count UTF-16 units, as the server's do", () => {
  const state = { version: 1, text: "Verräter 🂡 Kreta" };
  const next = applyPatch(state, { base: 1, set: { version: 2 }, edit: { text: { ops: [[0, 11], "!", [11, 17]], size: 18 } } });
  assert.equal(next?.text, "Verräter 🂡! Kreta");
});

test("a patch of another version does not apply", () => {
  assert.equal(applyPatch(STATE, { base: 40, set: { version: 42 } }), null);
  assert.equal(applyPatch(null, { base: 41, set: { version: 42 } }), null);
});

test("an edit that does not give its announced size, or of a field that is not text, does not apply", () => {
  assert.equal(applyPatch(STATE, { base: 41, edit: { board_svg: { ops: [[0, 5]], size: 6 } } }), null);
  assert.equal(applyPatch(STATE, { base: 41, edit: { deadline: { ops: ["1"], size: 1 } } }), null);
});
