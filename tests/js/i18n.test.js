// @ts-check
// The page's words without a DOM (static/js/i18n.js): translation with a fallback to the English
// msgid, placeholders, a catalogue that cannot be had.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { fmt, loadCatalog, ngettext, t } from "../../src/ludoteca/web/static/js/i18n.js";

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

test("a count picks its plural form by the language's rule: French says 0 and 1 in the singular", async () => {
  serve({ messages: { "{n} move": "{n} mossa", "{n} moves": "{n} mosse" } });
  await loadCatalog("it");
  assert.equal(fmt(ngettext("{n} move", "{n} moves", 1), { n: 1 }), "1 mossa");
  assert.equal(fmt(ngettext("{n} move", "{n} moves", 0), { n: 0 }), "0 mosse");
  assert.equal(fmt(ngettext("{n} move", "{n} moves", 3), { n: 3 }), "3 mosse");
  serve({ messages: { "{n} move": "{n} coup", "{n} moves": "{n} coups" } });
  await loadCatalog("fr");
  assert.equal(fmt(ngettext("{n} move", "{n} moves", 0), { n: 0 }), "0 coup");
  assert.equal(fmt(ngettext("{n} move", "{n} moves", 1), { n: 1 }), "1 coup");
  assert.equal(fmt(ngettext("{n} move", "{n} moves", 2), { n: 2 }), "2 coups");
  // below 2, a French value with decimals is singular too ("1,6 point"), 2,0 and above plural
  serve({ messages: { "{n} point": "{n} point", "{n} points": "{n} points" } });
  await loadCatalog("fr");
  assert.equal(fmt(ngettext("{n} point", "{n} points", 1.6, 1), { n: "1,6" }), "1,6 point");
  assert.equal(fmt(ngettext("{n} point", "{n} points", 0.4, 1), { n: "0,4" }), "0,4 point");
  assert.equal(fmt(ngettext("{n} point", "{n} points", 2, 1), { n: "2,0" }), "2,0 points");
  serve({}, 404);
  await loadCatalog("en");
  assert.equal(ngettext("{n} move", "{n} moves", 1), "{n} move");
  assert.equal(ngettext("{n} move", "{n} moves", 0), "{n} moves");
  // English: one only for a whole 1 written without decimals ("1.0 points", "1.6 points")
  assert.equal(ngettext("{n} point", "{n} points", 1, 1), "{n} points");
  assert.equal(ngettext("{n} point", "{n} points", 1.6, 1), "{n} points");
});
