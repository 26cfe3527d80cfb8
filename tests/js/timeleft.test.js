// @ts-check
// Times worded for their size (static/js/timeleft.js), in English: no catalogue is loaded.

import assert from "node:assert/strict";
import { test } from "node:test";

import { timeLeft, timerLength } from "../../src/ludoteca/web/static/js/timeleft.js";

test("time left, worded for its size", () => {
  assert.equal(timeLeft(245), "4:05");
  assert.equal(timeLeft(-3), "0:00");
  assert.equal(timeLeft(3 * 3600 + 20 * 60 + 59.9), "3 h 20 min");
  assert.equal(timeLeft(2 * 86400 + 5 * 3600), "2 d 5 h");
});

test("a timer's length as the lobby lists it", () => {
  assert.equal(timerLength(30), "30 s per turn");
  assert.equal(timerLength(300), "5 min per turn");
  assert.equal(timerLength(7200), "2 h per turn");
  assert.equal(timerLength(3 * 86400), "3 d per turn");
  assert.equal(timerLength(90), "90 s per turn");
});
