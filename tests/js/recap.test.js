// @ts-check
// Where "Since your last turn" starts and what it holds (static/js/recap.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { Recap } from "../../src/ludoteca/web/static/js/recap.js";

test("the recap holds the lines since this seat's turn ended, shown once its turn is back", () => {
  const recap = new Recap(null);
  recap.update(0, ["new game", "Bea plays"], true); // my turn: nothing to recap yet
  assert.deepEqual(recap.since(), []);
  recap.update(2, ["Ada plays"], false); // my move applied: the turn ended here
  assert.equal(recap.mark, 3);
  recap.update(3, ["Bea plays again"], false);
  assert.deepEqual(recap.since(), []); // not my turn: nothing shown
  recap.update(4, ["the bot plays"], true);
  assert.deepEqual(recap.since(), ["Bea plays again", "the bot plays"]);
});

test("a mark remembered from an earlier visit, and a whole log sent again", () => {
  const recap = new Recap(2);
  recap.update(0, ["a", "b", "c", "d"], true);
  assert.deepEqual(recap.since(), ["c", "d"]);
  recap.update(0, ["a", "b", "c", "d", "e"], true); // the whole log again (a resync): nothing doubled
  assert.deepEqual(recap.since(), ["c", "d", "e"]);
  assert.deepEqual(new Recap(9).since(), []); // a mark past the log (another game's?): nothing
});
