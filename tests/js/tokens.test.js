// @ts-check
// The seats this browser remembers (static/js/tokens.js), with localStorage stood in for.

import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import { forgetToken, loadTokens, rememberToken, tokenFromHash, tokensFor } from "../../src/ludoteca/web/static/js/tokens.js";

describe("remembered seats", () => {
  /** @type {Map<string, string>} */
  let stored;
  beforeEach(() => {
    stored = new Map();
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      value: {
        /** @param {string} key */
        getItem: (key) => stored.get(key) ?? null,
        /** @param {string} key @param {string} value */
        setItem: (key, value) => void stored.set(key, value),
      },
    });
  });

  test("each token once, found by game, forgotten one by one", () => {
    rememberToken("g1", "a");
    rememberToken("g2", "b");
    rememberToken("g1", "c");
    rememberToken("g1", "a");
    rememberToken("", "d");
    assert.deepEqual(loadTokens(), [
      { id: "g1", token: "a", plays: true },
      { id: "g2", token: "b", plays: true },
      { id: "g1", token: "c", plays: true },
    ]);
    assert.deepEqual(tokensFor("g1"), ["a", "c"]);
    forgetToken("a");
    assert.deepEqual(tokensFor("g1"), ["c"]);
  });

  test("a damaged store counts as empty", () => {
    stored.set("ludoteca.tokens", "{not json");
    assert.deepEqual(loadTokens(), []);
    stored.set("ludoteca.tokens", JSON.stringify([{ id: "g1", token: "a" }, { id: 3 }, null, "x"]));
    assert.deepEqual(loadTokens(), [{ id: "g1", token: "a", plays: true }]); // kept before `plays`: played
  });

  test("an invite kept for a friend is not a seat played here, until its table is opened here", () => {
    rememberToken("g1", "mine", false);
    rememberToken("g1", "friend", false);
    rememberToken("g1", "mine"); // "Play this seat": the table's welcome remembers it as played
    rememberToken("g1", "mine", false); // and it stays so
    assert.deepEqual(loadTokens(), [
      { id: "g1", token: "mine", plays: true },
      { id: "g1", token: "friend", plays: false },
    ]);
    rememberToken("g2", "friend2", false);
    rememberToken("g2", "own2");
    assert.deepEqual(tokensFor("g2"), ["own2", "friend2"]); // a spectator's "your seat" is one played here
  });

  test("the token of a table link is in its fragment", () => {
    assert.equal(tokenFromHash("#t=abc"), "abc");
    assert.equal(tokenFromHash("#n=3&t=x%2By"), "x+y");
    assert.equal(tokenFromHash(""), null);
  });
});
