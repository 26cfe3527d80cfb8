// @ts-check
// The page's words without a DOM: translation with a fallback to the English msgid, placeholders, a
// catalogue that cannot be had (static/js/i18n.js), and times worded for their size (timeleft.js).

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { fmt, loadCatalog, t } from "../../src/ludoteca/web/static/js/i18n.js";
import { timeLeft, timerLength } from "../../src/ludoteca/web/static/js/timeleft.js";

const realFetch = globalThis.fetch;
const realWarn = console.warn;
afterEach(async () => {
  serve({}, 404);
  await loadCatalog("en"); // back to no catalogue
  globalThis.fetch = realFetch;
  console.warn = realWarn;
});

/**
 * Answer every fetch with `body` as JSON (and keep quiet the warning about a missing catalogue).
 * @param {unknown} body
 */
const serve = (body, status = 200) => {
  /** @type {string[]} */
  const asked = [];
  console.warn = () => {};
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    return new Response(JSON.stringify(body), { status });
  };
  return asked;
};

test("placeholders are filled by name, unknown ones left as they are", () => {
  assert.equal(fmt("Waiting for {name}", { name: "Ada" }), "Waiting for Ada");
  assert.equal(fmt("{n} of {total}", { n: 3 }), "3 of {total}");
});

test("a catalogue translates its messages; the rest stay in English", async () => {
  const asked = serve({ messages: { "Your turn": "Tocca a te", Empty: "" } });
  await loadCatalog("it");
  assert.deepEqual(asked, ["/i18n/it.json"]);
  assert.equal(t("Your turn"), "Tocca a te");
  assert.equal(t("Empty"), "Empty");
  assert.equal(t("Not in the catalogue"), "Not in the catalogue");
});

test("a catalogue that cannot be had leaves the English words", async () => {
  serve({ messages: { "Your turn": "Dein Zug" } });
  await loadCatalog("de");
  serve({ error: "no such language" }, 404);
  await loadCatalog("xx");
  assert.equal(t("Your turn"), "Your turn");
});

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
