// @ts-check
// The shared helper that needs no page (static/js/dom.js): asking the server for JSON, with fetch
// stood in for.

import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { fetchJson, refusal } from "../../src/ludoteca/web/static/js/dom.js";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/**
 * Answer every fetch with `respond(url, init)`, and keep what was asked.
 * @param {(url: string, init: RequestInit) => Response | Promise<Response>} respond
 */
function server(respond) {
  /** @type {{url: string, init: RequestInit}[]} */
  const asked = [];
  globalThis.fetch = async (url, init = {}) => {
    asked.push({ url: String(url), init });
    return respond(String(url), init);
  };
  return asked;
}

describe("fetchJson", () => {
  test("a JSON body is posted as JSON, and the answer read", async () => {
    const asked = server(() => Response.json({ id: "g1" }, { status: 201 }));
    const answer = await fetchJson("/api/games", { json: { game: "kreta" } });
    assert.deepEqual(answer, { ok: true, status: 201, data: { id: "g1" } });
    assert.equal(asked[0].init.method, "POST");
    assert.deepEqual(asked[0].init.headers, { "Content-Type": "application/json" });
    assert.equal(asked[0].init.body, '{"game":"kreta"}');
  });

  test("a plain request says nothing it was not told", async () => {
    const asked = server(() => Response.json({ games: [] }));
    await fetchJson("/api/open-games?lang=it");
    assert.deepEqual(asked[0].init, {});
    await fetchJson("/api/review/g1", { method: "POST" });
    assert.deepEqual(asked[1].init, { method: "POST" });
  });

  test("a refusal keeps the server's reason", async () => {
    server(() => Response.json({ error: "no such game" }, { status: 404 }));
    const answer = await fetchJson("/api/replay/nope");
    assert.equal(answer.ok, false);
    assert.equal(refusal(answer), "no such game");
  });

  test("an answer that is not JSON reads as empty, and its refusal as its status", async () => {
    server(() => new Response("<h1>Bad gateway</h1>", { status: 502 }));
    const answer = await fetchJson("/api/my-games", { json: { tokens: [] } });
    assert.deepEqual(answer, { ok: false, status: 502, data: {} });
    assert.equal(refusal(answer), "HTTP 502");
    assert.equal(refusal(answer, "The server refused"), "The server refused");
  });

  test("no answer at all is status 0, never a thrown error", async () => {
    server(() => {
      throw new TypeError("Failed to fetch");
    });
    assert.deepEqual(await fetchJson("/api/games"), { ok: false, status: 0, data: {} });
  });
});
