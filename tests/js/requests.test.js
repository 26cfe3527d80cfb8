// @ts-check
// Matching a refusal to the message it refuses (static/js/requests.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { REMEMBERED, Requests } from "../../src/ludoteca/web/static/js/requests.js";

test("each message gets its own number, and a refusal naming it is matched to it", () => {
  const requests = new Requests();
  const chat = requests.number("chat");
  const action = requests.number("action");
  assert.notEqual(chat, action);
  assert.equal(requests.refused(chat, "action"), "chat"); // the chat was refused, though an action went last
  assert.equal(requests.refused(action, "action"), "action");
});

test("a refusal that names no message falls back to what the page sent last", () => {
  const requests = new Requests();
  requests.number("hint");
  assert.equal(requests.refused(null, "sync"), "sync");
  assert.equal(requests.refused(undefined, "hello"), "hello");
  assert.equal(requests.refused(12345, "hint"), "hint"); // a number it never gave (or long forgotten)
});

test("only the recent messages are remembered", () => {
  const requests = new Requests();
  const first = requests.number("chat");
  for (let i = 0; i < REMEMBERED; i++) requests.number("ping");
  assert.equal(requests.sent.size, REMEMBERED);
  assert.equal(requests.refused(first, null), null);
});
