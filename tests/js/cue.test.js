// @ts-check
// What the choices' cue counts and says (static/js/cue.js), in English: no catalogue is loaded.

import assert from "node:assert/strict";
import { test } from "node:test";

import { cueName, cueText, outOfSight } from "../../src/ludoteca/web/static/js/cue.js";

const box = { top: 100, bottom: 200 };

test("a choice cut by the box's bottom edge is out of sight, one wholly inside is not", () => {
  const items = [
    { top: 60, bottom: 95 }, // scrolled past
    { top: 105, bottom: 140 },
    { top: 150, bottom: 185 },
    { top: 190, bottom: 225 }, // cut in half
    { top: 235, bottom: 270 },
    { top: 0, bottom: 0 }, // not drawn
  ];
  assert.deepEqual(outOfSight(box, items), { below: 2, above: 1 });
  assert.deepEqual(outOfSight(box, items.slice(1, 3)), { below: 0, above: 0 });
});

test("the cue names what lies below first, then what lies above, and nothing when all is in sight", () => {
  assert.equal(cueText({ below: 3, above: 2 }), "3 more ↓");
  assert.equal(cueText({ below: 0, above: 2 }), "2 more ↑");
  assert.equal(cueText({ below: 0, above: 0 }), "");
  assert.equal(cueName({ below: 1, above: 0 }), "1 more choice below: show it");
  assert.equal(cueName({ below: 0, above: 4 }), "4 more choices above: show them");
});
