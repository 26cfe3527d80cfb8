// @ts-check
// Translations for the page's own strings: the catalogue the server compiles from the same .po files
// as the templates, fetched once per page as /i18n/<lang>.json.
//
// Write every visible string as a literal t("...") so Babel's extractor (keyword `t`) finds it; fill
// variables with fmt(t("Waiting for {name}"), {name}) rather than concatenating, so that translators
// can move the placeholder.

import { fetchJson, refusal } from "./dom.js";

/** @type {Record<string, unknown>} */
let messages = {};
let current = typeof document === "object" ? document.documentElement.lang || "en" : "en";

/**
 * The translation of `msgid`, or `msgid` itself when the catalogue has none.
 * @param {string} msgid
 */
export function t(msgid) {
  const text = messages[msgid];
  return typeof text === "string" && text !== "" ? text : msgid;
}

/**
 * The form of a count-bearing message for `n`: `singular` or `plural` by the page's language's rule (French
 * says "1 coup" and "0 coup", the others "0 moves"), translated. Write both as literals,
 * `ngettext("{n} move", "{n} moves", n)`, so the extractor finds the pair (the catalogue maps the singular
 * msgid to the first form and the plural msgid to the second).
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 */
export function ngettext(singular, plural, n) {
  const one = current.split("-")[0] === "fr" ? n === 0 || n === 1 : n === 1;
  const text = messages[one ? singular : plural];
  return typeof text === "string" && text !== "" ? text : one ? singular : plural;
}

/**
 * Replace `{name}` placeholders with `values.name` (unknown placeholders are left as they are).
 * @param {string} template
 * @param {Record<string, unknown>} values
 */
export function fmt(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/** The language whose catalogue is loaded (the page's `<html lang>` until `loadCatalog` is called). */
export function language() {
  return current;
}

/**
 * Fetch the catalogue for `lang` (default: the page's language). A missing or broken catalogue is not
 * an error worth stopping the page for: the English msgids are shown instead.
 * @param {string} [lang]
 */
export async function loadCatalog(lang = current) {
  current = lang;
  const answer = await fetchJson(`/i18n/${encodeURIComponent(lang)}.json`);
  const found = answer.ok && typeof answer.data.messages === "object" && answer.data.messages !== null;
  if (!found) console.warn("ludoteca: no translations for", lang, refusal(answer, answer.ok ? "no messages" : undefined));
  messages = found ? answer.data.messages : {};
}
